"""Readers for the column formats of public NER corpora.

Every reader returns ``list[list[tuple[str, str]]]``: a list of sentences, each a list of
``(token, tag)`` pairs, with tags normalised to BIO (IOB2: every entity starts with ``B-``).

Supported formats (``--format`` names):

``conll2003``
    CoNLL-2003 English/German: ``token POS chunk tag`` separated by spaces, ``-DOCSTART-`` lines,
    blank line between sentences. The original English release uses IOB1 tags (an entity starts
    with ``I-`` unless it directly follows another entity of the same type); they are converted to
    BIO. Tjong Kim Sang & De Meulder, "Introduction to the CoNLL-2003 Shared Task", 2003.
``conll2002``
    CoNLL-2002 Spanish/Dutch and similar two-column files: ``token tag`` (space or tab).
    Tjong Kim Sang, "Introduction to the CoNLL-2002 Shared Task", 2002.
``conllu``
    Three tab-separated columns ``index<TAB>token<TAB>tag`` (e.g. the German CoNLL-2003 copy,
    WikiANN Spanish).
``germeval``
    GermEval 2014: ``#`` comment lines, ``index<TAB>token<TAB>outer<TAB>inner``; the outer
    (top-level) tag is used unless ``germeval_column="inner"``. Benikova et al., 2014.
``wikiann``
    WikiANN: ``xx:token<TAB>tag`` where ``xx:`` is a language prefix that is stripped.
    Pan et al., "Cross-lingual Name Tagging and Linking for 282 Languages", 2017.
``harem``
    HAREM as distributed here: ``token<TAB>CLASS`` with bare class names and no B/I prefixes.
    Runs of identical classes become one entity (two adjacent entities of the same class cannot
    be told apart in this format and are merged).

``auto`` looks at the first non-empty, non-comment lines and picks one of the above.

Tags of the form ``S-``/``E-`` (BIOES) are also accepted on input and converted to BIO.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path

from app.detection.tags import bio_to_bioes, bioes_to_bio, iob1_to_bio  # noqa: F401  (re-exported)

Sentence = list[tuple[str, str]]

FORMATS = ("conll2003", "conll2002", "conllu", "germeval", "wikiann", "harem", "auto")

DOCSTART = "-DOCSTART-"
_WIKIANN_PREFIX = re.compile(r"^[a-z]{2,3}(?:-[a-z]+)?:")
_TAG_RE = re.compile(r"^(?:O|[BIES]-\S+)$")


class ConllFormatError(ValueError):
    """Raised when a line cannot be parsed in the requested format (message gives file and line)."""


def class_runs_to_bio(classes: list[str], outside: Iterable[str] = ("O", "")) -> list[str]:
    """Convert bare class labels (``PESSOA PESSOA O LOCAL``) to BIO.

    A run of identical classes becomes one entity. Used for HAREM.

    Args:
        classes: ``list[str]``, one bare class (or ``O``) per token.
        outside: labels meaning "no entity".

    Returns:
        ``list[str]`` BIO tags, e.g. ``["B-PESSOA", "I-PESSOA", "O", "B-LOCAL"]``.
    """
    outside = set(outside)
    out: list[str] = []
    prev = None
    for c in classes:
        if c in outside:
            out.append("O")
            prev = None
        elif c == prev:
            out.append("I-" + c)
        else:
            out.append("B-" + c)
            prev = c
    return out


def _iter_blocks(lines: Iterable[str], comment: str | None = None) -> Iterator[list[tuple[int, str]]]:
    """Yield blocks of ``(line_number, line)`` separated by blank lines."""
    block: list[tuple[int, str]] = []
    for lineno, raw in enumerate(lines, start=1):
        line = raw.rstrip("\r\n")
        if comment is not None and line.startswith(comment):
            continue
        if not line.strip():
            if block:
                yield block
                block = []
            continue
        block.append((lineno, line))
    if block:
        yield block


def _fields(line: str) -> list[str]:
    return line.split("\t") if "\t" in line else line.split()


def parse_lines(
    lines: Iterable[str],
    fmt: str,
    *,
    source: str = "<lines>",
    germeval_column: str = "outer",
) -> list[Sentence]:
    """Parse lines of a corpus in format ``fmt`` (see module docstring) into BIO sentences.

    Args:
        lines: the file's lines (with or without trailing newlines).
        fmt: one of :data:`FORMATS` except ``auto`` (use :func:`detect_format` first).
        source: name used in error messages.
        germeval_column: ``"outer"`` or ``"inner"`` for GermEval.

    Returns:
        ``list[list[tuple[str, str]]]`` — sentences of ``(token, BIO tag)``. ``-DOCSTART-``
        pseudo-sentences are dropped.

    Raises:
        ConllFormatError: on a line with too few columns or an invalid tag.
    """
    if fmt not in FORMATS or fmt == "auto":
        raise ValueError(f"unknown format {fmt!r}; expected one of {', '.join(FORMATS[:-1])}")
    comment = "#" if fmt == "germeval" else None
    sentences: list[Sentence] = []
    for block in _iter_blocks(lines, comment=comment):
        tokens: list[str] = []
        raw_tags: list[str] = []
        for lineno, line in block:
            cols = _fields(line)
            try:
                if fmt == "conll2003":
                    if len(cols) < 2:
                        raise IndexError
                    token, tag = cols[0], cols[-1]
                elif fmt == "conll2002":
                    if len(cols) < 2:
                        raise IndexError
                    token, tag = cols[0], cols[-1]
                elif fmt == "conllu":
                    cols = line.split("\t")
                    if len(cols) < 3:
                        raise IndexError
                    token, tag = cols[1], cols[2]
                elif fmt == "germeval":
                    cols = line.split("\t")
                    if len(cols) < 4:
                        raise IndexError
                    token = cols[1]
                    tag = cols[2] if germeval_column == "outer" else cols[3]
                elif fmt == "wikiann":
                    cols = line.split("\t")
                    if len(cols) < 2:
                        raise IndexError
                    token, tag = _WIKIANN_PREFIX.sub("", cols[0], count=1), cols[-1]
                else:  # harem
                    cols = line.split("\t")
                    token = cols[0]
                    tag = cols[1].strip() if len(cols) > 1 else "O"
            except IndexError:
                raise ConllFormatError(f"{source}:{lineno}: too few columns for format {fmt!r}") from None
            tag = tag.strip()
            if fmt != "harem" and not _TAG_RE.match(tag):
                raise ConllFormatError(f"{source}:{lineno}: invalid tag {tag!r} for format {fmt!r}")
            tokens.append(token)
            raw_tags.append(tag)
        if tokens and tokens[0] == DOCSTART:
            # -DOCSTART- normally stands alone; drop it wherever it appears
            keep = [i for i, t in enumerate(tokens) if t != DOCSTART]
            tokens = [tokens[i] for i in keep]
            raw_tags = [raw_tags[i] for i in keep]
            if not tokens:
                continue
        tags = class_runs_to_bio(raw_tags) if fmt == "harem" else iob1_to_bio(raw_tags)
        sentences.append(list(zip(tokens, tags)))
    return sentences


def detect_format(lines: list[str]) -> str:
    """Guess the format of a corpus from its first lines.

    Args:
        lines: a sample of the file's lines (a few hundred is plenty).

    Returns:
        one of ``conll2003, conll2002, conllu, germeval, wikiann, harem``.

    Raises:
        ConllFormatError: if no rule matches.
    """
    sample = [ln.rstrip("\r\n") for ln in lines if ln.strip()]
    if not sample:
        raise ConllFormatError("empty input: cannot detect format")
    has_comment = any(ln.startswith("#") for ln in sample[:50])
    body = [ln for ln in sample if not ln.startswith("#")][:200]
    if not body:
        raise ConllFormatError("only comment lines: cannot detect format")
    tab_cols = [ln.split("\t") for ln in body]
    if all("\t" in ln for ln in body):
        ncols = {len(c) for c in tab_cols}
        if has_comment and min(ncols) >= 4 and all(c[0].isdigit() for c in tab_cols):
            return "germeval"
        if min(ncols) >= 3 and all(c[0].isdigit() for c in tab_cols):
            return "conllu"
        if ncols == {2} or min(ncols) == 2:
            if all(_WIKIANN_PREFIX.match(c[0]) for c in tab_cols):
                return "wikiann"
            tags = [c[1].strip() for c in tab_cols if len(c) > 1]
            if all(_TAG_RE.match(t) for t in tags):
                return "conll2002"
            return "harem"
    space_cols = {len(ln.split()) for ln in body}
    if min(space_cols) >= 4:
        return "conll2003"
    if space_cols == {2}:
        return "conll2002"
    if min(space_cols) >= 2:
        return "conll2003" if max(space_cols) >= 4 else "conll2002"
    raise ConllFormatError("cannot detect the corpus format; pass --format explicitly")


def read_conll(path: str | Path, fmt: str = "auto", *, germeval_column: str = "outer",
               encoding: str = "utf-8") -> list[Sentence]:
    """Read a corpus file into BIO sentences.

    Args:
        path: file to read.
        fmt: a name from :data:`FORMATS`; ``"auto"`` detects it from the first 500 lines.
        germeval_column: ``"outer"`` or ``"inner"`` (GermEval only).
        encoding: file encoding.

    Returns:
        ``list[list[tuple[str, str]]]`` — sentences of ``(token, BIO tag)``.

    Raises:
        FileNotFoundError: if ``path`` does not exist.
        ConllFormatError: on malformed lines or if auto-detection fails.
    """
    path = Path(path)
    with path.open(encoding=encoding) as fh:
        lines = fh.readlines()
    if fmt == "auto":
        fmt = detect_format(lines[:500])
    return parse_lines(lines, fmt, source=str(path), germeval_column=germeval_column)


def write_conll(sentences: Iterable[Sentence], path: str | Path) -> None:
    """Write sentences as two-column ``token<TAB>tag`` lines (format ``conll2002``).

    Args:
        sentences: ``list[list[tuple[str, str]]]``.
        path: output file (parents are created).
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as fh:
        for sent in sentences:
            for token, tag in sent:
                fh.write(f"{token}\t{tag}\n")
            fh.write("\n")


def split_tokens_tags(sentences: list[Sentence]) -> tuple[list[list[str]], list[list[str]]]:
    """Split ``list[list[(token, tag)]]`` into ``(tokens, tags)``, both ``list[list[str]]``."""
    tokens = [[t for t, _ in s] for s in sentences]
    tags = [[g for _, g in s] for s in sentences]
    return tokens, tags
