"""Non-ASCII person names: the same sentences with their names swapped, recall before and after.

Names that start with a non-ASCII capital ("Uğur Çatak", "Łukasz Wróbel", "Ásgeir Þórðarson") are everyday in
European documents; a detector must find them as well as "John Smith". This command takes annotated sentences
(CoNLL/GermEval/HAREM files), replaces every gold person name by a name drawn from Faker's Turkish, Polish,
Czech, Hungarian, Icelandic and Greek locales (Greek names transliterated to Latin letters after ELOT 743 / ISO 843,
simplified), and runs the full detector on both versions, one document of ``--doc-size`` sentences at a time:

    python -m anontools.detection.swap_names --language en --test ../shared/data/ner/en/conll2003/test.txt \\
        --format conll2003 --limit 1000 --json-report out/swap-en.json

Reported per version: binary token recall of the person tokens (found under any label: not leaked) and their
recall as ``PERSON``. A name keeps its shape: a one-token name becomes a surname, a longer one a first name and
surnames (tokens beyond the second get further surnames), and a word of a name gets the same replacement
wherever it occurs ("John Miller" ... "Miller"); the sentence's other tokens and tags are unchanged.
Names are drawn so that at least one of their words has a non-ASCII letter where the locale has such names
(all but the transliterated Greek ones); the draw is seeded (``--seed``), so a run is reproducible.
"""

from __future__ import annotations

import random
import shlex
import sys
import time
import unicodedata
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from anontools import cli_options as opt
from anontools.report import write_json_report

#: Faker locales of the swapped names.
LOCALES: tuple[str, ...] = ("tr_TR", "pl_PL", "cs_CZ", "hu_HU", "is_IS", "el_GR")

_GREEK = dict(zip("αβγδεζηθικλμνξοπρσςτυφχψω", "a b g d e z i th i k l m n x o p r s s t y f ch ps o".split()))


def transliterate_greek(word: str) -> str:
    """Greek letters to Latin (ELOT 743 / ISO 843, simplified: "ου" → "ou", "μπ" at the start → "b", accents
    dropped); other characters unchanged. ``"Παπαδόπουλος"`` → ``"Papadopoulos"``."""
    plain = "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))
    lower = plain.lower().replace("ου", "ou").replace("αι", "ai").replace("ει", "ei").replace("οι", "oi")
    if lower.startswith("μπ"):
        lower = "b" + lower[2:]
    out = "".join(_GREEK.get(c, c) for c in lower)
    return out[:1].upper() + out[1:] if plain[:1].isupper() else out


class NameSource:
    """Seeded draws of (first name, surname) from :data:`LOCALES` in turn, preferring names with a non-ASCII letter.

    Args:
        seed: random seed.
        locales: Faker locales to draw from, in turn.
    """

    def __init__(self, seed: int = 17, locales: Sequence[str] = LOCALES) -> None:
        from faker import Faker

        self.fakers = [(loc, Faker(loc)) for loc in locales]
        for i, (_, fake) in enumerate(self.fakers):
            fake.seed_instance(seed + i)
        self.turn = 0
        self.rng = random.Random(seed)

    def draw(self) -> tuple[str, str, str]:
        """``(locale, first name, surname)``, single words each (Latin letters)."""
        locale, fake = self.fakers[self.turn % len(self.fakers)]
        self.turn += 1
        best = None
        for _ in range(20):
            first, last = fake.first_name().split()[0], fake.last_name().split()[0]
            if locale == "el_GR":
                return locale, transliterate_greek(first), transliterate_greek(last)
            best = (locale, first, last)
            if not (first + last).isascii():
                break
        assert best is not None
        return best


def swap_person_names(sentences: list[list[str]], tags: list[list[str]], names: NameSource,
                      person: str = "PER") -> tuple[list[list[str]], list[list[str]], Counter[str]]:
    """The sentences with every gold ``person`` entity (BIO tags) replaced by a drawn name of the same length.

    Returns:
        ``(sentences, tags, names per locale)``; tags are the input tags (same lengths), sentences new lists.
    """

    from anontools.detection.evaluate import bio_spans

    out: list[list[str]] = []
    used: Counter[str] = Counter()
    memo: dict[str, str] = {}  # a word of a name gets the same replacement everywhere ("John Miller" ... "Miller")
    for tokens, sentence_tags in zip(sentences, tags, strict=True):
        new = list(tokens)
        for start, end, label in bio_spans(sentence_tags):
            if label != person:
                continue
            if all(w in memo for w in tokens[start:end]):
                new[start:end] = [memo[w] for w in tokens[start:end]]
                continue
            locale, first, last = names.draw()
            used[locale] += 1
            words = [last] if end - start == 1 else [first, last] + [names.draw()[2] for _ in range(end - start - 2)]
            for k, word in zip(range(start, end), words):
                new[k] = memo.setdefault(tokens[k], word)
        out.append(new)
    return out, [list(t) for t in tags], used


def person_recall(detect: Callable[[str, list], list], sentences: list[list[str]], tags: list[list[str]],
                  doc_size: int, person: str = "PER") -> dict[str, Any]:
    """Run ``detect(text, sentences)`` on documents of ``doc_size`` sentences and score the gold person tokens.

    Returns:
        ``{"tokens": int, "binary_recall": float (found under any label), "person_recall": float (as PERSON)}``.
    """
    from anontools.detection.compare import build_document

    tokens = found = as_person = 0
    for i in range(0, len(sentences), doc_size):
        text, built = build_document(sentences[i:i + doc_size])
        entities = sorted(detect(text, built), key=lambda e: e.start)
        for sentence, sentence_tags in zip(built, tags[i:i + doc_size], strict=True):
            for token, tag in zip(sentence.tokens, sentence_tags, strict=True):
                if tag[2:] != person:
                    continue
                tokens += 1
                hit = [e for e in entities if e.start < token.end and token.start < e.end]
                found += bool(hit)
                as_person += any(e.label == "PERSON" for e in hit)
    return {"tokens": tokens, "binary_recall": found / tokens if tokens else 0.0,
            "person_recall": as_person / tokens if tokens else 0.0}


app = typer.Typer(add_completion=False, help=__doc__.split("\n\n")[0])


@app.command()
def main(
    language: opt.Language,
    test: Annotated[Path, typer.Option(help="Annotated corpus (CoNLL formats)")],
    format: opt.CorpusFormat = "auto",
    person: Annotated[str, typer.Option(help="The corpus's person label (PER; PESSOA for HAREM)")] = "PER",
    limit: Annotated[int, typer.Option(help="Only the first N sentences with a person (0 = all)")] = 0,
    doc_size: Annotated[int, typer.Option(help="Sentences per document given to the detector")] = 20,
    seed: Annotated[int, typer.Option(help="Random seed of the name draws")] = 17,
    model_dir: opt.ModelRoot = None,
    write_swapped: Annotated[Path | None, typer.Option(help="Also write the swapped sentences (token TAB tag)")] = None,
    json_report: opt.JsonReport = None,
) -> None:
    """Recall of person names in the original sentences and with the names swapped for non-ASCII ones."""
    from rich.console import Console
    from rich.table import Table

    from anontools.detection.conll import read_conll, split_tokens_tags
    from app.detection.pipeline import build_detector

    tokens, tags = split_tokens_tags(read_conll(test, format))
    keep = [i for i, t in enumerate(tags) if any(x[2:] == person for x in t)]
    if limit:
        keep = keep[:limit]
    tokens, tags = [tokens[i] for i in keep], [tags[i] for i in keep]
    swapped, swapped_tags, used = swap_person_names(tokens, tags, NameSource(seed), person)
    detector = build_detector(language, model_dir=str(model_dir) if model_dir else None)
    detect = lambda text, sentences: detector.detect(text, sentences)  # noqa: E731
    report: dict[str, Any] = {}
    for name, sents in (("original", tokens), ("swapped", swapped)):
        started = time.perf_counter()
        report[name] = person_recall(detect, sents, swapped_tags, doc_size, person)
        report[name]["seconds"] = round(time.perf_counter() - started, 1)
    report["difference"] = round(report["swapped"]["binary_recall"] - report["original"]["binary_recall"], 4)
    report["meta"] = {"language": language, "test": str(test), "sentences": len(tokens), "names_by_locale": dict(used),
                      "command": "python -m anontools.detection.swap_names " + " ".join(shlex.quote(a) for a in sys.argv[1:])}
    table = Table(title=f"{test.name} ({language}): person tokens, {len(tokens)} sentences")
    for col in ("names", "tokens", "binary recall", "recall as PERSON"):
        table.add_column(col, justify="left" if col == "names" else "right")
    for name in ("original", "swapped"):
        r = report[name]
        table.add_row(name, str(r["tokens"]), f"{r['binary_recall']:.4f}", f"{r['person_recall']:.4f}")
    Console().print(table)
    if write_swapped:
        write_swapped.write_text("\n\n".join("\n".join(f"{w}\t{t}" for w, t in zip(s, g))
                                             for s, g in zip(swapped, swapped_tags)) + "\n", encoding="utf-8")
    write_json_report(json_report, report)


if __name__ == "__main__":
    app()
