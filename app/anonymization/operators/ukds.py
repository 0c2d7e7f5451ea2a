"""Non-context-preserving replacement after the UK Data Service's text anonymisation helper
(Kleinberg & Mozes, 2017, reference [4]): every word that starts with a capital letter and every number becomes
``XXX``, whatever was detected.

NETANOS's example: "Max and Ben spent more than 1000 hours on writing the software. They started in
August 2016 in Amsterdam." → "XXX and XXX spent more than XXX hours on writing the software. XXX started
in XXX XXX in XXX."

Words are runs of letters/digits, possibly joined by ``-``, ``'``, ``.`` or ``,`` inside ("Jean-Luc",
"O'Brien", "1,000.50", "COVID-19"); a word is replaced when its first character is an upper-case letter
or it contains a digit. **Every detected entity is masked too**, as a whole (one mask per entity), so
that nothing detected stays in clear text: the UKDS rule alone leaves lower-case e-mail addresses, URLs
and names ("john.doe@example.com", "www.example.org") untouched (issue 15). Without entities the output
is the UKDS procedure's; NETANOS's example with its entities detected becomes "XXX and XXX spent more
than XXX on writing the software. XXX started in XXX in XXX." Occurrences of the mask itself in the text are selected too, so every mask in
the output stands for exactly one original span: the masks are all alike (``unique = False``) and
re-identification restores the originals by order of appearance (Dias, 2016, §6.1 condition 3), exactly
for an untouched text.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from typing import Any

from app.anonymization.base import ChainContext, DocumentContext, Operator
from app.detection.labels import MISC, NUMBER
from app.doc import Entity

WORD = re.compile(r"\w+(?:[-'’.,]\w+)*")


def is_ukds_word(word: str) -> bool:
    """A capitalised word or a word with a digit."""
    return word[:1].isupper() or any(c.isdigit() for c in word)


def _label_at(start: int, end: int, entities: list[Entity], starts: list[int], default: str) -> str:
    """The label of the entity containing ``[start, end)`` (``entities`` sorted by start, not
    overlapping; ``starts`` their starts), else ``default``; O(log n)."""
    i = bisect_right(starts, start) - 1
    if i >= 0 and end <= entities[i].end:
        return entities[i].label
    return default


def mask_spans(text: str, mask: str) -> list[tuple[int, int]]:
    """Occurrences of ``mask`` as re-identification will look for them (not inside a word)."""
    return [(m.start(), m.end()) for m in re.finditer(r"(?<!\w)" + re.escape(mask) + r"(?!\w)", text)]


def merge_spans(text: str, spans: list[tuple[int, int]], entities: list[Entity]) -> list[Entity]:
    """Sorted, non-overlapping entities covering exactly the union of ``spans``: overlapping spans are
    merged into one, so no character of any span stays in clear text."""
    merged: list[list[int]] = []
    for start, end in sorted(set(spans)):
        if merged and start < merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    out: list[Entity] = []
    starts = [e.start for e in entities]
    for start, end in merged:
        word = text[start:end]
        default = NUMBER if any(c.isdigit() for c in word) else MISC
        out.append(Entity(start, end, _label_at(start, end, entities, starts, default), word, "ukds"))
    return out


class UkdsOperator(Operator):
    """Replace capitalised words, numbers and every detected entity by one mask (default ``XXX``); see
    the module docstring.

    Options:
        mask: the replacement of every selected word (default ``XXX``).
    """

    name = "ukds"
    unique = False

    def __init__(self, mask: str = "XXX", **options: Any) -> None:
        super().__init__(**options)
        if not mask:
            raise ValueError("the mask must not be empty")
        self.mask = mask

    def select(self, text: str, entities: list[Entity], language: str) -> list[Entity]:
        spans = [(m.start(), m.end()) for m in WORD.finditer(text) if is_ukds_word(m.group(0))]
        spans.extend((e.start, e.end) for e in entities)
        return merge_spans(text, spans + mask_spans(text, self.mask), entities)

    def replace(self, chain: ChainContext, document: DocumentContext) -> list[str]:
        return [self.mask] * len(chain.mentions)
