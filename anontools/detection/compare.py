"""Compare detection configurations side by side on an annotated corpus (Dias, 2016, §5.1–5.2).

    python -m anontools.detection.compare --language en --test ../shared/data/ner/en/conll2003/test.txt \\
        --format conll2003 [--configs stanza,patterns,second_pass,full] [--json-report out/compare-en.json]

Each configuration of :data:`app.detection.pipeline.COMPONENT_SETS` is run on the corpus's own tokens,
one document at a time (``-DOCSTART-`` boundaries, else windows of ``--doc-size`` sentences), so the
second pass sees document context. Entities are turned back into BIO tags per token and scored with
:func:`anontools.detection.evaluate.evaluate_tags`:

* entity and token level on the corpus's classes: our labels are mapped to the corpus's
  (``PERSON=PER`` ...) and labels the corpus does not annotate (dates, e-mails, ...) are left out;
* binary token level (sensitive or not) with every label we detect: a date we find is a false positive
  of the binary figure when the corpus does not annotate dates, and a gold entity any label of ours
  covers is a true positive — the figure that measures leaks.

The Stanza model runs once per sentence whatever the number of configurations (a cache).

``--differences PATH`` (error analysis) also writes, as JSON lines, every entity a configuration has that the first
one has not (``added``) and the reverse (``dropped``), with its label, source component, whether its span is a gold
entity's span, and 40 characters of context on each side, and every gold entity that a configuration leaves wholly
or partly in clear (``missed``, with the tokens left uncovered: the leaks); a table counts them by label, source and
gold. The context is the corpus's own text (public annotated data), never a user's document.
"""

from __future__ import annotations

import json
import time
from bisect import bisect_left
from collections import Counter
from pathlib import Path
from typing import Annotated, Any

import typer

from anontools import cli_options as opt
from anontools.detection.conll import DOCSTART, read_conll
from anontools.detection.evaluate import evaluate_tags, parse_mapping
from app.detection.config import language_config
from app.detection.pipeline import COMPONENT_SETS, build_detector, default_tagger_factory
from app.settings import PRIVACY_PROFILES
from app.doc import Entity, Sentence, Token
from anontools.report import write_json_report

#: Standard label → corpus class, for corpora annotated with CoNLL classes.
CONLL_MAP: dict[str, str] = {"PERSON": "PER", "ORGANIZATION": "ORG", "LOCATION": "LOC", "MISC": "MISC"}


class CachingTagger:
    """Memoises a tagger per recall bias and sentence (``(bias, tuple of tokens)`` → tags) across configurations.

    ``recall_bias`` (a call's own bias, the ``strict`` profile's) is passed on to the tagger when it is not
    ``None``; the tagger must then take it (:meth:`app.detection.stanza_ner.StanzaTagger.tag`)."""

    def __init__(self, tagger: Any) -> None:
        self.tagger = tagger
        self.cache: dict[tuple[float | None, tuple[str, ...]], list[str]] = {}

    def tag(self, sentences: list[list[str]], recall_bias: float | None = None) -> list[list[str]]:
        keys = [(recall_bias, tuple(s)) for s in sentences]
        missing = [k for k in dict.fromkeys(keys) if k not in self.cache]
        if missing:
            batch = [list(s) for _, s in missing]
            tagged = self.tagger.tag(batch) if recall_bias is None else self.tagger.tag(batch, recall_bias=recall_bias)
            for key, tags in zip(missing, tagged, strict=True):
                self.cache[key] = tags
        return [self.cache[k] for k in keys]


def document_sizes(path: str | Path, n_sentences: int, doc_size: int) -> list[int]:
    """Sentences per document: from ``-DOCSTART-`` lines when the file has them, else windows.

    Returns:
        ``list[int]`` summing to ``n_sentences``.
    """
    sizes: list[int] = []
    current = 0
    in_block = False
    saw_docstart = False
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            fields = line.split()
            if not fields or line.startswith("#"):
                if in_block:
                    current += 1
                in_block = False
                continue
            token = fields[1] if len(fields) > 1 and fields[0].isdigit() and "\t" in line else fields[0]
            if token == DOCSTART:
                saw_docstart = True
                if current:
                    sizes.append(current)
                current, in_block = 0, False
                continue
            in_block = True
    if in_block:
        current += 1
    if current:
        sizes.append(current)
    if saw_docstart and sum(sizes) == n_sentences:
        return sizes
    return [min(doc_size, n_sentences - i) for i in range(0, n_sentences, doc_size)]


def build_document(sentences: list[list[str]]) -> tuple[str, list[Sentence]]:
    """Join pre-tokenized sentences into a text (tokens separated by spaces, sentences by newlines)."""
    parts: list[str] = []
    built: list[Sentence] = []
    offset = 0
    for tokens in sentences:
        toks = []
        for token in tokens:
            toks.append(Token(token, offset, offset + len(token)))
            parts.append(token)
            parts.append(" ")
            offset += len(token) + 1
        parts[-1] = "\n"
        built.append(Sentence(tuple(toks)))
    return "".join(parts), built


def entities_to_tags(entities: list[Entity], sentences: list[Sentence], label_map: dict[str, str] | None) -> list[list[str]]:
    """BIO tags per token: a token overlapping an entity takes its (mapped) label; ``None`` map keeps labels.

    Labels absent from ``label_map`` become ``O``.
    """
    out: list[list[str]] = []
    ents = sorted(entities, key=lambda e: e.start)
    k = 0
    for sentence in sentences:
        tags: list[str] = []
        previous: Entity | None = None
        for tok in sentence.tokens:
            while k < len(ents) and ents[k].end <= tok.start:
                k += 1
            entity = ents[k] if k < len(ents) and ents[k].start < tok.end else None
            label = None if entity is None else (entity.label if label_map is None else label_map.get(entity.label))
            if label is None:
                tags.append("O")
                previous = None
            else:
                tags.append(("I-" if previous is entity else "B-") + label)
                previous = entity
        out.append(tags)
    return out


def compare(
    language: str,
    test: Path,
    fmt: str,
    configs: list[str],
    *,
    label_map: dict[str, str],
    gold_map: dict[str, str] | None = None,
    model_dir: str | None = None,
    doc_size: int = 20,
    recall_bias: float | None = None,
    profile: str = "standard",
    strict_recall_bias: float | None = None,
    differences: bool = False,
) -> dict[str, Any]:
    """Run every configuration on ``test`` and score it. Returns ``{config: report}`` plus ``"_meta"`` and, with
    ``differences``, ``"_differences"``: the rows of :func:`entity_differences` against the first configuration and
    of :func:`missed_entities` for every configuration.

    ``recall_bias`` overrides the language's configured ``ner_recall_bias`` (``None`` = as configured);
    ``profile`` is the privacy profile of every document (``standard`` or ``strict``: the quasi-identifiers'
    labels then count in the binary figures, as every label we detect does), and ``strict_recall_bias`` overrides
    the configured ``ner_recall_bias_strict``.
    """
    corpus = read_conll(test, fmt)
    tokens = [[t for t, _ in s] for s in corpus]
    gold = [[tag for _, tag in s] for s in corpus]
    sizes = document_sizes(test, len(corpus), doc_size)
    cached: dict[str, CachingTagger] = {}

    def tagger_factory(lang: str, directory: str | None, batch: int) -> CachingTagger:
        if lang not in cached:
            cached[lang] = CachingTagger(default_tagger_factory(lang, directory, batch, recall_bias=recall_bias))
        return cached[lang]

    results: dict[str, Any] = {}
    found: dict[str, list[list[Entity]]] = {}
    built: list[tuple[str, list[Sentence]]] = []  # the documents, kept for the differences
    config = language_config(language)
    if strict_recall_bias is not None:
        config = {**config, "ner_recall_bias_strict": strict_recall_bias}
    for name in configs:
        detector = build_detector(language, model_dir=model_dir, tagger_factory=tagger_factory, components=name,
                                  config=config)
        started = time.perf_counter()
        pred_corpus: list[list[str]] = []
        pred_all: list[list[str]] = []
        found[name] = []
        i = 0
        for size in sizes:
            text, sentences = build_document(tokens[i : i + size])
            entities = detector.detect(text, sentences, profile=profile)
            if differences:
                found[name].append(entities)
                if name == configs[0]:
                    built.append((text, sentences))
            pred_corpus += entities_to_tags(entities, sentences, label_map)
            pred_all += entities_to_tags(entities, sentences, None)
            i += size
        report = evaluate_tags(gold, pred_corpus, gold_map=gold_map)
        report["binary"] = evaluate_tags(gold, pred_all, gold_map=gold_map)["binary"]
        report["seconds"] = round(time.perf_counter() - started, 2)
        results[name] = report
    results["_meta"] = {
        "language": language, "test": str(test), "format": fmt, "sentences": len(corpus), "documents": len(sizes),
        "label_map": label_map, "gold_map": gold_map or {},
        "recall_bias": getattr(cached[language].tagger, "recall_bias", None) if language in cached else None,
        "profile": profile,
        "strict_recall_bias": config.get("ner_recall_bias_strict") if profile == "strict" else None,
    }
    if differences and configs:
        rows: list[dict[str, Any]] = []
        i = 0
        for d, (size, (text, sentences)) in enumerate(zip(sizes, built)):
            spans = gold_spans(sentences, gold[i : i + size])
            if gold_map:  # renamed as scored; mapped to O or IGNORE: not an entity to miss
                spans = {span: gold_map.get(label, label) for span, label in spans.items()
                         if gold_map.get(label, label) not in ("O", "IGNORE")}
            i += size
            for name in configs[1:]:
                rows += entity_differences(text, found[configs[0]][d], found[name][d], spans, document=d,
                                           configuration=name)
            for name in configs:
                rows += missed_entities(text, sentences, found[name][d], spans, document=d, configuration=name)
        results["_differences"] = rows
    return results


def gold_spans(sentences: list[Sentence], tags: list[list[str]]) -> dict[tuple[int, int], str]:
    """The gold entities of BIO/IOB ``tags`` (one list per sentence, aligned with its tokens) as ``{(start, end):
    label}`` (character offsets, half-open): an entity starts at ``B-X``, or at ``I-X`` after another label or ``O``."""
    out: dict[tuple[int, int], str] = {}
    for sentence, sent_tags in zip(sentences, tags):
        start = end = None
        current = None
        for token, tag in zip(sentence.tokens, sent_tags):
            label = tag[2:] if tag[:2] in ("B-", "I-") else None
            if label is None or tag.startswith("B-") or label != current:
                if start is not None:
                    out[(start, end)] = current
                start, current = (token.start, label) if label is not None else (None, None)
            end = token.end
        if start is not None:
            out[(start, end)] = current
    return out


def _context(text: str, start: int, end: int, width: int = 40) -> str:
    return (text[max(0, start - width):start] + "[[" + text[start:end] + "]]" + text[end:end + width]).replace("\n", " ")


def missed_entities(text: str, sentences: list[Sentence], entities: list[Entity], gold: dict[tuple[int, int], str], *,
                    document: int, configuration: str) -> list[dict[str, Any]]:
    """The gold entities of which ``entities`` leave a token in clear (not wholly inside an entity): the leaks.

    Returns:
        ``list[dict]`` in text order with ``document``, ``configuration``, ``change="missed"``, ``start``, ``end``
        (the gold entity's character offsets, half-open), ``label`` (its gold label), ``source`` (``None``),
        ``text``, ``gold=True``, ``uncovered`` (the texts of its tokens left in clear) and ``context``.
    """
    covered = bytearray(len(text))
    for e in entities:
        covered[e.start:e.end] = b"\x01" * (e.end - e.start)
    tokens = sorted((t for s in sentences for t in s.tokens), key=lambda t: t.start)
    starts = [t.start for t in tokens]
    rows = []
    for (start, end), label in sorted(gold.items()):
        inside = tokens[bisect_left(starts, start):bisect_left(starts, end)]
        left = [t.text for t in inside if t.end <= end and not all(covered[t.start:t.end])]
        if left:
            rows.append({"document": document, "configuration": configuration, "change": "missed", "start": start,
                         "end": end, "label": label, "source": None, "text": text[start:end], "gold": True,
                         "uncovered": left, "context": _context(text, start, end)})
    return rows


def entity_differences(text: str, base: list[Entity], other: list[Entity], gold: dict[tuple[int, int], str], *,
                       document: int, configuration: str, context: int = 40) -> list[dict[str, Any]]:
    """The entities of ``other`` that ``base`` lacks (``change="added"``) and those of ``base`` that ``other``
    lacks (``"dropped"``), compared by ``(start, end, label)``, in text order.

    Returns:
        ``list[dict]`` with ``document``, ``configuration``, ``change``, ``start``, ``end`` (character offsets,
        half-open), ``label``, ``source``, ``text``, ``gold`` (the span is a gold entity's span, whatever its
        label) and ``context`` (``context`` characters each side, the entity in ``[[ ]]``, line breaks as spaces).
    """
    keys = {(e.start, e.end, e.label) for e in base}, {(e.start, e.end, e.label) for e in other}
    rows = []
    for change, entities, theirs in (("added", other, keys[0]), ("dropped", base, keys[1])):
        for e in entities:
            if (e.start, e.end, e.label) in theirs:
                continue
            rows.append({"document": document, "configuration": configuration, "change": change, "start": e.start,
                         "end": e.end, "label": e.label, "source": e.source, "text": e.text,
                         "gold": (e.start, e.end) in gold, "context": _context(text, e.start, e.end, context)})
    return sorted(rows, key=lambda r: (r["start"], r["change"]))


def _row(report: dict[str, Any]) -> list[str]:
    e, t, b = report["entity"], report["token"], report["binary"]
    cells = [e["micro"]["precision"], e["micro"]["recall"], e["micro"]["f1"], e["macro"]["f1"], t["macro"]["f1"],
             b["precision"], b["recall"], b["f1"]]
    return [f"{c:.4f}" for c in cells]


def render(results: dict[str, Any]) -> None:
    """Print the side-by-side table with rich."""
    from rich.console import Console
    from rich.table import Table

    meta = results["_meta"]
    table = Table(title=f"Detection configurations — {meta['language']} — {Path(meta['test']).name} ({meta['sentences']} sentences)")
    for header in ("configuration", "entity P", "entity R", "entity F1", "entity macro F1", "token macro F1",
                   "binary P", "binary R", "binary F1"):
        table.add_column(header, justify="right" if header != "configuration" else "left")
    for name, report in results.items():
        if not name.startswith("_"):
            table.add_row(name, *_row(report))
    console = Console(width=max(Console().width, 130))
    console.print(table)
    reports = {name: r for name, r in results.items() if not name.startswith("_")}
    labels = sorted({label for r in reports.values() for label in r["binary"].get("recall_by_gold_label", {})})
    if labels:
        table = Table(title="Binary token recall by gold label (detected under any label)")
        table.add_column("configuration")
        for label in labels:
            table.add_column(label, justify="right")
        for name, report in reports.items():
            by_label = report["binary"].get("recall_by_gold_label", {})
            table.add_row(name, *(f"{by_label[label]['recall']:.4f}" if label in by_label else "" for label in labels))
        console.print(table)


def main(
    language: opt.Language,
    test: Annotated[Path, typer.Option(help="Annotated test corpus (CoNLL-style)")],
    format: opt.CorpusFormat = "auto",
    configs: Annotated[str, typer.Option(help="Comma-separated: " + ", ".join(COMPONENT_SETS))] = "stanza,patterns,second_pass,full",
    map_pred: Annotated[list[str] | None, typer.Option(help="Our label → corpus class, e.g. PERSON=PESSOA (default CoNLL classes)")] = None,
    map_gold: Annotated[list[str] | None, typer.Option(help="Gold label renaming, e.g. TEMPO=O; LOCderiv=IGNORE: not counted at all")] = None,
    model_dir: opt.ModelRoot = None,
    doc_size: Annotated[int, typer.Option(help="Sentences per document when the corpus has no -DOCSTART-")] = 20,
    json_report: opt.JsonReport = None,
    recall_bias: Annotated[float | None, typer.Option(help="Override the configured ner_recall_bias of the language")] = None,
    profile: Annotated[str, typer.Option(help="Privacy profile of every document: standard or strict")] = "standard",
    strict_recall_bias: Annotated[float | None, typer.Option(help="Override the configured ner_recall_bias_strict (with --profile strict)")] = None,
    differences: Annotated[Path | None, typer.Option(help="Write the entities each configuration adds to or drops from the first one, and the gold entities each leaves in clear (JSON lines); print their counts")] = None,
) -> None:
    """Compare detection configurations side by side (Stanza alone, + patterns, + second pass, + rules)."""
    if profile not in PRIVACY_PROFILES:
        raise typer.BadParameter(f"unknown privacy profile {profile!r} (known: {', '.join(PRIVACY_PROFILES)})",
                                 param_hint="--profile")
    label_map = parse_mapping(map_pred) if map_pred else dict(CONLL_MAP)
    results = compare(
        language, test, format, [c.strip() for c in configs.split(",") if c.strip()],
        label_map=label_map, gold_map=parse_mapping(map_gold) if map_gold else None,
        model_dir=str(model_dir) if model_dir else None, doc_size=doc_size,
        recall_bias=recall_bias, profile=profile, strict_recall_bias=strict_recall_bias,
        differences=differences is not None,
    )
    rows = results.pop("_differences", None)
    render(results)
    write_json_report(json_report, results)
    if differences is not None and rows is not None:
        differences.parent.mkdir(parents=True, exist_ok=True)
        differences.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
        render_differences(rows)


def render_differences(rows: list[dict[str, Any]], top: int = 30) -> None:
    """Print how many entities each configuration adds or drops, by label, source and gold span (the ``top``
    most frequent groups)."""
    from rich.console import Console
    from rich.table import Table

    counts = Counter((r["configuration"], r["change"], r["label"], r["source"] or "—", r["gold"]) for r in rows)
    table = Table(title=f"Entities added or dropped against the first configuration, gold entities missed "
                        f"({len(rows)} in all)")
    for column in ("configuration", "change", "label", "source", "gold span", "count"):
        table.add_column(column, justify="right" if column == "count" else "left")
    for (name, change, label, source, gold), n in counts.most_common(top):
        table.add_row(name, change, label, source, "yes" if gold else "no", str(n))
    Console().print(table)


if __name__ == "__main__":
    typer.run(main)
