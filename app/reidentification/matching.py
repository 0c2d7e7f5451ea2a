"""Tolerant matching of placeholders in translated text (Dias, 2016, §6.3: machine translation and
translators move, reorder, inflect and damage placeholders).

A placeholder ``[LABEL_n]`` is recognised when a translation

* changes the brackets: ``[ ]``, ``［ ］``, ``【 】``, ``« »``, ``⟦ ⟧``, ``〔 〕``, ``{ }`` (*strict* forms, always
  reported when not in the table);
* drops them or uses others: ``PERSON_1``, ``(PERSON_1)``, ``<PERSON_1>``, ``"PERSON_1"``, ``「PERSON_1」``
  (*loose* forms: restored only when label and number name an entry of the table; listed as unknown only
  when the label is a known one and label and number are joined by ``_``, so "Person 1" in prose is not a mark);
* escapes it: HTML entities (``&lt;PERSON_1&gt;``, ``&#91;PERSON_1&#93;``), percent-encoding
  (``%5BPERSON_1%5D``), Markdown backslashes (``\\[PERSON\\_1\\]``) — see :func:`clean_view`;
* puts invisible characters into it (zero-width space/joiner, soft hyphen, word joiner, BOM, LRM/RLM/ALM,
  bidi embeddings and isolates) or non-breaking spaces — :func:`clean_view` removes or replaces them;
* adds spaces or changes the case inside the brackets: ``[ person_1 ]``;
* splits it: ``[PERSON _ 1]``, ``[PERSON 1]``, ``[PERSON-1]``;
* translates or transliterates the label: ``[PERSONA_1]``, ``[UBICACIÓN_1]``, ``[人物_1]``, ``[ЛИЦО_1]``
  (the table of label names per language, :mod:`app.reidentification.label_names`; then the closest
  standard label by edit distance for Latin-script labels);
* merges two marks of one label: ``[LOCATION_1 und 2]``, ``[LOCATION_1, 2]`` (one match, two keys);
* writes the number with other digits (full-width ``１``) — Python's ``\\d`` and ``int`` accept them;
* glues punctuation to it: ``([PERSON_1]),`` — the brackets delimit it.

Moses-style markup (``<ne translation="[PERSON_1]">[PERSON_1]</ne>``, Dias, 2016, §6.3) is matched as a whole.
Offsets are always those of the text given (the escapes and invisible characters inside a mark belong to
its span).
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

from app.detection.labels import STANDARD_LABELS
from app.reidentification.label_names import LABEL_NAMES, fold_label

_OPEN = r"(?:\[|［|【|«|⟦|〔|\{|&#0*91;|&#[xX]0*5[bB];|&lsqb;|&lbrack;)"
_CLOSE = r"(?:\]|］|】|»|⟧|〕|\}|&#0*93;|&#[xX]0*5[dD];|&rsqb;|&rbrack;)"
_LABEL = r"[^\W\d_]+(?:[ _\-][^\W\d_]+)*?"
PLACEHOLDER_RE = re.compile(rf"{_OPEN}\s*(?P<label>{_LABEL})\s*[_\-\s.]?\s*(?P<number>\d+)\s*{_CLOSE}")
MARKUP_RE = re.compile(r"<ne\b[^>]*\btranslation\s*=\s*(?P<q>[\"'])(?P<value>.*?)(?P=q)[^>]*>(?P<inner>.*?)</ne\s*>", re.IGNORECASE | re.DOTALL)

_fold = fold_label
#: Folded label names of every language → standard label (:data:`app.reidentification.label_names.LABEL_NAMES`).
LABEL_TRANSLATIONS = LABEL_NAMES


def _distance(a: str, b: str) -> int:
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]


def canonical_label(label: str, known: frozenset[str] | None = None) -> str | None:
    """The standard label a (possibly translated or damaged) placeholder label stands for.

    Args:
        known: labels to choose among (default: every standard label).

    Returns:
        The standard label, or ``None`` when nothing is close enough (edit distance above a third of
        the label's length).
    """
    candidates = known or frozenset(STANDARD_LABELS)
    folded = _fold(label)
    if folded in candidates:
        return folded
    translated = LABEL_NAMES.get(folded)
    if translated in candidates:
        return translated
    if not folded.isascii() or len(folded) < 3:
        return None
    best = min(candidates, key=lambda c: (_distance(folded, c), c))
    return best if _distance(folded, best) <= max(1, len(best) // 3) else None


#: Characters a translation pipeline may put inside a mark without meaning anything: zero-width space,
#: non-joiner, joiner, word joiner, BOM, soft hyphen, LRM, RLM, ALM, bidi embeddings/overrides and isolates.
INVISIBLE = "\u200b\u200c\u200d\u2060\ufeff\u00ad\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
#: Spaces other than U+0020 that are read as one (NBSP, figure, thin, hair, narrow NBSP, ideographic).
_SPACES = "\u00a0\u2007\u2009\u200a\u202f\u3000"
_ESCAPE_RE = re.compile(
    r"&(?:#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z]{2,8});|%[2-7][0-9A-Fa-f]|\\[\[\]_()<>*`\\]"
    f"|[{INVISIBLE}{_SPACES}]"
)


def _unescape(token: str) -> str:
    if token[0] == "&":
        value = html.unescape(token)
        return value if len(value) == 1 else token
    if token[0] == "%":
        return chr(int(token[1:], 16))
    if token[0] == "\\":
        return token[1]
    return "" if token in INVISIBLE else " "


@dataclass(frozen=True, slots=True)
class CleanView:
    """``text`` with escapes decoded and invisible characters removed (:func:`clean_view`).

    Attributes:
        text: the clean text.
        starts, ends: for clean character ``i``, the span ``[starts[i], ends[i])`` of the original it
            comes from; ``None`` when nothing changed (identity).
        length: length of the original text.
    """

    text: str
    starts: list[int] | None
    ends: list[int] | None
    length: int

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The original span of clean span ``[start, end)`` (half-open; ``start < end``)."""
        if self.starts is None or self.ends is None:
            return start, end
        return self.starts[start], self.ends[end - 1]


def clean_view(text: str) -> CleanView:
    """Decode single-character HTML entities (``&lt;``, ``&#91;``, ``&#x5D;``), percent escapes of printable
    ASCII (``%5B``), Markdown backslash escapes (``\\[``, ``\\_``), drop :data:`INVISIBLE` characters and
    read other spaces as U+0020, keeping a map back to the original offsets.

    Returns:
        :class:`CleanView`; identity (no map) when the text holds nothing to clean. O(len(text)).
    """
    if not _ESCAPE_RE.search(text):
        return CleanView(text, None, None, len(text))
    pieces: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    cursor = 0
    for m in _ESCAPE_RE.finditer(text):
        for i in range(cursor, m.start()):
            starts.append(i)
            ends.append(i + 1)
        pieces.append(text[cursor : m.start()])
        value = _unescape(m.group())
        pieces.append(value)
        for _ in value:
            starts.append(m.start())
            ends.append(m.end())
        cursor = m.end()
    for i in range(cursor, len(text)):
        starts.append(i)
        ends.append(i + 1)
    pieces.append(text[cursor:])
    return CleanView("".join(pieces), starts, ends, len(text))


@dataclass(frozen=True, slots=True)
class PlaceholderMatch:
    """A placeholder found in a text.

    Attributes:
        start, end: its span ``[start, end)`` in the text given to :func:`find_placeholders`.
        key: its canonical ``(label, number)``, or ``None`` when the label is unrecognisable (the first
            key of a merged mark).
        surface: the matched text.
        keys: one key per number (``[LOCATION_1 und 2]`` → two keys); ``(key,)`` otherwise.
        numbers: the numbers written, in order.
        label: the label as written, folded (:func:`app.reidentification.label_names.fold_label`).
        parts: for merged marks, the span of each ``LABEL_n``/``n`` part, so the words between them
            ("und", ", ") can be kept; ``()`` for a single mark.
        loose: ``True`` for a mark without standard brackets (``PERSON_1``, ``(PERSON_1)``, ``<PERSON_1>``),
            to be trusted only when its key is in the table.
    """

    start: int
    end: int
    key: tuple[str, int] | None
    surface: str
    keys: tuple[tuple[str, int] | None, ...] = ()
    numbers: tuple[int, ...] = ()
    label: str = ""
    parts: tuple[tuple[int, int], ...] = ()
    loose: bool = False


#: Words and signs joining two numbers of one label in a merged mark: "und", "and", "y", "e", "et", ","...
_JOIN = r"(?:\s*[,;&+/、،]\s*(?:[^\W\d_]{1,4}\s+)?|\s+[^\W\d_]{1,4}\s+|\s*[和与與及]\s*)"
MERGED_RE = re.compile(rf"{_OPEN}\s*(?P<label>{_LABEL})\s*[_\-\s.]?\s*(?P<number>\d+)(?P<more>(?:{_JOIN}\d+)+)\s*{_CLOSE}")
_MORE_NUMBER = re.compile(r"\d+")
#: Brackets around a loose mark that belong to it (they replaced ours); parentheses and quotes are kept in
#: the text, since a text quotes or parenthesises names itself ('the "[MISC_1]"', '(ORGANIZATION_3)').
_SWALLOWED = frozenset("<「『‹〈")
_PAIRS = {"(": ")", "<": ">", '"': '"', "'": "'", "“": "”", "„": "“", "‘": "’", "「": "」", "『": "』", "‹": "›", "〈": "〉"}
LOOSE_RE = re.compile(
    r"(?P<open>[(<\"'“„‘「『‹〈]?)(?<![^\W_])(?P<label>[^\W\d_]+(?:_[^\W\d_]+)*)(?P<sep>_|[ \-])(?P<number>\d+)(?![^\W_])"
    r"(?P<close>[)>\"'”“’」』›〉]?)"
)


def _key(label: str, number: str, known_labels: frozenset[str] | None) -> tuple[str, int] | None:
    canonical = canonical_label(label, known_labels)
    return (canonical, int(number)) if canonical else None


def find_placeholders(
    text: str, known_labels: frozenset[str] | None = None, *, loose: bool = False
) -> list[PlaceholderMatch]:
    """Every placeholder-like mark in ``text``, in order, Moses markup elements included as a whole.

    Args:
        text: the text to search, as it is (escapes and invisible characters are handled by the caller
            through :func:`clean_view`).
        known_labels: labels to choose among (default: every standard label).
        loose: also return marks without standard brackets (``PERSON_1``, ``(PERSON_1)``); an upper-case
            label is needed when label and number are joined by a space or a hyphen.

    Returns:
        ``list[PlaceholderMatch]``, non-overlapping, sorted by start.
    """
    found: list[PlaceholderMatch] = []
    occupied = bytearray(len(text))  # characters already inside a match: O(span) per check

    def free(start: int, end: int) -> bool:
        return not any(occupied[start:end])

    def take(start: int, end: int) -> None:
        occupied[start:end] = b"\x01" * (end - start)

    for m in MARKUP_RE.finditer(text):
        inner = PLACEHOLDER_RE.search(html.unescape(m.group("value"))) or PLACEHOLDER_RE.search(m.group("inner"))
        key = _key(inner.group("label"), inner.group("number"), known_labels) if inner else None
        numbers = (int(inner.group("number")),) if inner else ()
        found.append(PlaceholderMatch(m.start(), m.end(), key, m.group(), (key,), numbers, _fold(inner.group("label")) if inner else ""))
        take(*m.span())
    for m in MERGED_RE.finditer(text):
        if not free(m.start(), m.end()):
            continue
        numbers = [(m.group("number"), m.span("number"))]
        offset = m.start("more")
        numbers += [(n.group(), (offset + n.start(), offset + n.end())) for n in _MORE_NUMBER.finditer(m.group("more"))]
        keys = tuple(_key(m.group("label"), n, known_labels) for n, _ in numbers)
        parts = ((m.start("label"), numbers[0][1][1]), *(span for _, span in numbers[1:]))
        found.append(PlaceholderMatch(m.start(), m.end(), keys[0], m.group(), keys, tuple(int(n) for n, _ in numbers),
                                      _fold(m.group("label")), parts))
        take(*m.span())
    for m in PLACEHOLDER_RE.finditer(text):
        if not free(m.start(), m.end()):
            continue
        key = _key(m.group("label"), m.group("number"), known_labels)
        found.append(PlaceholderMatch(m.start(), m.end(), key, m.group(), (key,), (int(m.group("number")),), _fold(m.group("label"))))
        take(*m.span())
    if loose:
        for m in LOOSE_RE.finditer(text):
            if m.group("sep") != "_" and not m.group("label").isupper():
                continue
            start, end = m.start("label"), m.end("number")
            if _PAIRS.get(m.group("open")) == m.group("close") and m.group("open") in _SWALLOWED:
                start, end = m.start(), m.end()
            if not free(start, end):
                continue
            key = _key(m.group("label"), m.group("number"), known_labels)
            found.append(PlaceholderMatch(start, end, key, text[start:end], (key,), (int(m.group("number")),),
                                          _fold(m.group("label")), loose=True))
    return sorted(found, key=lambda p: p.start)


def parse_placeholder(placeholder: str) -> tuple[str, int] | None:
    """The ``(label, number)`` key of one of our own placeholders, or ``None`` if it is not one."""
    m = PLACEHOLDER_RE.fullmatch(placeholder.strip())
    if not m:
        return None
    label = canonical_label(m.group("label"))
    return (label, int(m.group("number"))) if label else None


def moses_markup(placeholder: str) -> str:
    """Wrap a placeholder in Moses markup telling the decoder to keep it (Dias, 2016, §6.3)."""
    escaped = html.escape(placeholder, quote=True)
    return f'<ne translation="{escaped}">{escaped}</ne>'
