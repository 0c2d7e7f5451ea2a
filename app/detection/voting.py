"""Voting between recognizers: a cascade of precedence (Dias, 2016, §4.2.2, "Voting").

Overlaps are resolved as follows (the documented precedence):

1. Recognizers are ranked by the configured cascade (default :data:`DEFAULT_PRECEDENCE`: validated
   patterns first — ``email``, ``url``, ``phone``, ``date`` — then the model; a date pattern needs a
   day or a year, so on its span it is more reliable than a model that tags "March" as a location). An entity from a
   higher-ranked recognizer always wins; within one recognizer the longer span wins, then the earlier.
2. An entity that overlaps an accepted one is dropped if it lies inside it; if it sticks out, the part
   outside is kept (trimmed) when it still contains a letter or digit, so that no fragment of a
   detected entity is left in clear text (recall first, Dias, 2016, §5.1).
3. Recognizers missing from the cascade rank after all listed ones, in name order.

Complexity: O(len(text) + n log n) for ``n`` entities: one pass over the text, then bisection in sorted lists
(:class:`_Accepted`; inserting into a Python list moves pointers with one ``memmove``, negligible at these sizes).
The previous implementation compared every entity with every accepted one (quadratic); its output is kept
exactly (``tests/unit/test_voting.py`` compares both on random inputs).
"""

from __future__ import annotations

from array import array
from bisect import bisect_left, bisect_right
from itertools import compress

from app.detection.labels import CODE, QUASI_IDENTIFIER_LABELS
from app.detection.rules import STOP_WORDS_FOLDED
from app.doc import Entity

DEFAULT_PRECEDENCE: tuple[str, ...] = ("email", "url", "phone", "date", "stanza")


def _rank(source: str, precedence: tuple[str, ...]) -> tuple[int, str]:
    try:
        return (precedence.index(source), source)
    except ValueError:
        return (len(precedence), source)


def _strip(text: str, start: int, end: int) -> tuple[int, int]:
    """``[start, end)`` without its leading and trailing characters that are not ``str.isalnum()``.

    Raises:
        IndexError: ``end > len(text)`` (and ``start < end``).
    """
    while start < end and not text[start].isalnum():
        start += 1
    while end > start and not text[end - 1].isalnum():
        end -= 1
    return start, end


class _Accepted:
    """The accepted spans of one :func:`resolve_overlaps` call, kept for O(log n) queries.

    Two sorted views of the same pairwise disjoint spans:

    * ``starts``/``ends``: every accepted span (ends are sorted too, since the spans are disjoint); answers
      "does ``[s, e)`` overlap an accepted span?" with one bisection.
    * ``cover_starts``/``cover_ends``: the *cover*, the accepted spans merged with each other when they touch
      or when only characters without a letter or digit lie between them. The free parts of a new entity
      that keep a letter or digit after trimming are exactly the parts of it outside the cover that contain
      a letter or digit (a gap between two accepted spans either has a letter or digit, and then is a gap of
      the cover too, or it has none, and then trims to nothing). Every interior gap of the cover that an entity meets is
      filled by one of its trimmed parts and merges the cover spans around it, so the number of cover
      spans visited over a whole call is O(n).

    ``alnum`` holds the offsets of the characters of ``text`` for which ``str.isalnum()`` is true, so that
    "first/last letter or digit in ``[a, b)``" is a bisection too.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self.alnum = array("q", compress(range(len(text)), map(str.isalnum, text)))
        self.starts: list[int] = []
        self.ends: list[int] = []
        self.cover_starts: list[int] = []
        self.cover_ends: list[int] = []

    def overlaps(self, start: int, end: int) -> bool:
        """True when ``[start, end)`` shares a character with an accepted span."""
        i = bisect_left(self.starts, end)  # spans [0, i) start before `end`; the last of them ends last
        return i > 0 and self.ends[i - 1] > start

    def _has_alnum(self, start: int, end: int) -> bool:
        i = bisect_left(self.alnum, start)
        return i < len(self.alnum) and self.alnum[i] < end

    def add(self, start: int, end: int) -> None:
        """Accept ``[start, end)``; it must not overlap an accepted span."""
        i = bisect_left(self.starts, start)
        self.starts.insert(i, start)
        self.ends.insert(i, end)
        cs, ce = self.cover_starts, self.cover_ends
        lo = bisect_left(ce, start)  # first cover span ending at or after `start`
        hi = bisect_right(cs, end)  # cover spans [lo, hi) touch or overlap [start, end)
        if lo < hi:
            start, end = min(start, cs[lo]), max(end, ce[hi - 1])
        if lo > 0 and not self._has_alnum(ce[lo - 1], start):
            lo -= 1
            start = cs[lo]
        if hi < len(cs) and not self._has_alnum(end, cs[hi]):
            end = ce[hi]
            hi += 1
        cs[lo:hi] = [start]
        ce[lo:hi] = [end]

    def free_parts(self, start: int, end: int) -> list[tuple[int, int]]:
        """The parts of ``[start, end)`` outside every accepted span, each trimmed to its first and last
        letter or digit, in text order; parts that trim to nothing are left out.

        Raises:
            IndexError: a free part reaches beyond the text (as :func:`_strip`).
        """
        if end > len(self.text):
            return self._free_parts_beyond_text(start, end)
        cs, ce, alnum = self.cover_starts, self.cover_ends, self.alnum
        lo = bisect_right(ce, start)  # cover spans [lo, hi) overlap [start, end)
        hi = bisect_left(cs, end)
        gaps: list[tuple[int, int]] = []
        cursor = start
        for j in range(lo, hi):
            if cs[j] > cursor:
                gaps.append((cursor, cs[j]))
            cursor = ce[j]
        if cursor < end:
            gaps.append((cursor, end))
        parts: list[tuple[int, int]] = []
        for a, b in gaps:
            i = bisect_left(alnum, a)
            if i < len(alnum) and alnum[i] < b:
                parts.append((alnum[i], alnum[bisect_left(alnum, b, i) - 1] + 1))
        return parts

    def _free_parts_beyond_text(self, start: int, end: int) -> list[tuple[int, int]]:
        """:meth:`free_parts` for a span reaching beyond the text: the gaps between the accepted spans,
        trimmed by :func:`_strip` (which raises ``IndexError`` for a gap beyond the text)."""
        lo = bisect_right(self.ends, start)
        hi = bisect_left(self.starts, end)
        parts: list[tuple[int, int]] = []
        cursor = start
        for j in [*range(lo, hi), None]:
            gap_end = end if j is None else self.starts[j]
            if gap_end > cursor:
                a, b = _strip(self.text, cursor, gap_end)
                if b > a:
                    parts.append((a, b))
            if j is not None:
                cursor = self.ends[j]
        return parts


def resolve_overlaps(text: str, entities: list[Entity], precedence: tuple[str, ...] = DEFAULT_PRECEDENCE) -> list[Entity]:
    """Merge the outputs of all recognizers into non-overlapping entities.

    Entities are taken in order of precedence (recognizer rank, then longer first, then earlier first; ties
    keep the input order). One that overlaps no accepted entity is accepted as it is (the same object); one
    that does is replaced by its parts outside the accepted entities, each trimmed to its first and last letter
    or digit (``str.isalnum``) and rebuilt as ``Entity(start, end, label, text[start:end], source, score)``;
    parts that trim to nothing, or that have no upper-case letter and no digit (:func:`name_like`), are dropped.

    Args:
        text: the document (to trim entities at character level).
        entities: ``list[Entity]`` from any recognizers, possibly overlapping; offsets into ``text``.
        precedence: recognizer names, highest precedence first.

    Returns:
        ``list[Entity]`` without overlaps, sorted by ``start``.

    Raises:
        IndexError: an entity reaching beyond the end of ``text`` overlaps an accepted one and has a free
            part there (an entity beyond the text that overlaps nothing is accepted as it is).

    Runs in O(len(text) + n log n) for ``n`` entities.
    """
    ordered = sorted(entities, key=lambda e: (_rank(e.source, precedence), -e.length, e.start))
    accepted: list[Entity] = []
    spans = _Accepted(text)
    for entity in ordered:
        if not spans.overlaps(entity.start, entity.end):
            accepted.append(entity)
            spans.add(entity.start, entity.end)
            continue
        for start, end in spans.free_parts(entity.start, entity.end):
            if not name_like(text[start:end], entity.label):
                continue
            accepted.append(Entity(start, end, entity.label, text[start:end], entity.source, entity.score))
            spans.add(start, end)
    return sorted(accepted, key=lambda e: (e.start, e.end))


#: The strict profile's labels of words written in lower case ("diabetes", "leve", "nurse", "mother"): a left-over
#: part of one of them needs a letter, not a capital (stop 58: a model's "Type 1" took "Type 1 diabetes" and its
#: "diabetes" was dropped as no name): the quasi-identifier labels but ``CODE`` (numbers).
LOWER_CASE_LABELS: frozenset[str] = QUASI_IDENTIFIER_LABELS - {CODE}


def name_like(fragment: str, label: str | None = None) -> bool:
    """Whether a left-over part of an entity (of ``label``) is kept: it has an upper-case letter or a digit (for a
    label of :data:`LOWER_CASE_LABELS`, a letter), and it is not one function word of two letters or more
    (:data:`app.detection.rules.STOP_WORDS`, any case).

    A part made of lower-case words only is a function word or a common noun between two names that
    other recognizers took ("de" in "Estado de Israel" when the model found "Estado" and "Israel"): kept, it
    became an entity of its own and the second pass then marked every "de" of the document (measured on
    CoNLL-2002 Spanish testb: 24 false locations). Likewise "THE" of the gazetteer's "THE HAGUE" when the
    model took "HAGUE" (CoNLL-2003 English dev).
    """
    if len(fragment) > 1 and fragment.casefold() in STOP_WORDS_FOLDED:
        return False
    if label in LOWER_CASE_LABELS:
        return any(c.isalnum() for c in fragment)
    return any(c.isupper() or c.isdigit() for c in fragment)
