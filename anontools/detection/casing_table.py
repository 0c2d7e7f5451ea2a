"""Build a language's casing table (:class:`app.detection.casing.CasingTable`) from cased annotated corpora.

    anonymizer-dev casing-table --language en --output app/languages/casing/en.txt \\
        --corpus ../shared/data/ner/en/conll2003/train.txt --corpus ../shared/data/ner/en/wikiann/train

For every word the count of its spellings — lower case, capitalised, all capitals — is taken over the corpora's
tokens, leaving out each sentence's first token when it is capitalised (position forces it: Mikheev, "Periods,
Capitalized Words, etc.", Computational Linguistics 28(3), 2002, §4) and sentences in which fewer than a third of
the cased words after the first are in lower case (headlines in capitals or in title case, lists of names: they say
nothing of a word's usual spelling). Use running text: WikiANN's fragments of Wikipedia, mostly names, made
"myself" and "proud" capitalised words. The most frequent spelling is written (Lita et al.,
"tRuEcasIng", ACL 2003, §3), capitalised only when two thirds of the occurrences are (:func:`usual_spellings`);
words seen once are left out: at run time a word the table lacks is lower case when the language's common-word
lexicon knows it, else capitalised (:func:`app.detection.casing.restore_word`). Only tokens are read, never tags.
Use training parts only: the dev and test sets measure the table. The file holds words of the corpora, one per line,
no text.

The shipped tables (``app/languages/casing/``) were built by::

    anonymizer-dev casing-table --language en --output app/languages/casing/en.txt \
        --corpus ../shared/data/ner/en/conll2003/train.txt
    anonymizer-dev casing-table --language de --output app/languages/casing/de.txt \
        --corpus work/ner-data/de-legal20/train.txt          # the README's German corpus command
    anonymizer-dev casing-table --language es --output app/languages/casing/es.txt \
        --corpus ../shared/data/ner/es/conll2002/esp.train --corpus ../shared/data/ner/es/wikineural/val.conllu
    anonymizer-dev casing-table --language pt --output app/languages/casing/pt.txt \
        --corpus work/ner-data/pt-para/train.txt             # anonymizer-dev corpora --language pt --paramopama
"""

from __future__ import annotations

from collections import Counter, defaultdict
from pathlib import Path
from typing import Annotated, Iterable

import typer

from anontools import cli_options as opt
from anontools.detection.conll import read_conll
from app.detection.casing import CAPITALISED, LOWER, UPPER


def spelling_of(word: str) -> str | None:
    """``LOWER``, ``CAPITALISED``, ``UPPER`` or ``None`` (no cased first letter, or one letter in capitals)."""
    first = word[:1]
    if first.lower() == first.upper():
        return None
    if first.islower():
        return LOWER
    if word.isupper():
        return UPPER if len(word) > 1 else None
    return CAPITALISED


def count_spellings(sentences: Iterable[list[str]]) -> dict[str, Counter]:
    """``{word in lower case: Counter({spelling: count})}`` over tokenized sentences (see the module docstring)."""
    counts: dict[str, Counter] = defaultdict(Counter)
    for tokens in sentences:
        spellings = [spelling_of(t) for t in tokens]
        cased = [s for s in spellings[1:] if s is not None]
        if spellings.count(LOWER) * 3 < len(cased) or LOWER not in spellings:
            continue  # a headline in capitals or in title case ("Proud Of Myself")
        for i, (token, spelling) in enumerate(zip(tokens, spellings)):
            if spelling is None or (i == 0 and spelling != LOWER):
                continue
            counts[token.lower()][spelling] += 1
    return counts


def usual_spellings(counts: dict[str, Counter], min_count: int = 2) -> dict[str, str]:
    """The usual spelling of each word seen at least ``min_count`` times: capitalised (or in capitals, whichever is
    more frequent) when at least two thirds of its occurrences are ("March" 35 of 39 in CoNLL-2003 train), else lower
    case ("bank" 65 of 123, "may" 48 of 94: names share their spelling, and a common word masked costs less than a
    missed name only when the name is the usual reading)."""
    out = {}
    for word, counter in counts.items():
        total = sum(counter.values())
        if total < min_count:
            continue
        capitals = counter[CAPITALISED] + counter[UPPER]
        if 3 * capitals >= 2 * total:
            out[word] = UPPER if counter[UPPER] > counter[CAPITALISED] else CAPITALISED
        else:
            out[word] = LOWER
    return out


def main(
    language: opt.Language,
    output: Annotated[Path, typer.Option(help="Table to write, e.g. app/languages/casing/en.txt")],
    corpus: Annotated[list[Path], typer.Option(help="Cased annotated corpus whose tokens to count (repeatable)")],
    format: opt.CorpusFormat = "auto",
    min_count: Annotated[int, typer.Option(help="Fewest occurrences of a word written (rarer words are left to the "
                                                "language's common-word lexicon at run time)")] = 2,
) -> None:
    """Count the spellings of every word of the corpora and write the usual one per word."""
    sentences = [[t for t, _ in s] for path in corpus for s in read_conll(path, format)]
    table = usual_spellings(count_spellings(sentences), min_count)
    kinds = Counter(table.values())
    output.parent.mkdir(parents=True, exist_ok=True)
    with open(output, "w", encoding="utf-8") as handle:
        handle.write(f"# casing table of '{language}' (app.detection.casing), built by `anonymizer-dev casing-table`\n")
        handle.write(f"# from the tokens of: {', '.join(p.name if p.is_absolute() else str(p) for p in corpus)}\n")
        handle.write(f"# {len(sentences)} sentences; {len(table)} words, min count {min_count}: "
                     f"{kinds[LOWER]} lower case, {kinds[CAPITALISED]} capitalised, {kinds[UPPER]} capitals\n")
        for word in sorted(table):
            handle.write(f"{word}\t{table[word]}\n")
    typer.echo(f"{output}: {len(table)} words ({kinds[LOWER]} L, {kinds[CAPITALISED]} C, {kinds[UPPER]} U) "
               f"from {len(sentences)} sentences")


if __name__ == "__main__":
    typer.run(main)
