"""Non-context-preserving replacement after the UK Data Service's text anonymisation helper
(Kleinberg & Mozes, 2017, reference [4]): every word that starts with a capital letter and every number becomes
``XXX``, whatever was detected.

NETANOS's example: "Max and Ben spent more than 1000 hours on writing the software. They started in
August 2016 in Amsterdam." → "XXX and XXX spent more than XXX hours on writing the software. XXX started
in XXX XXX in XXX."

Words are runs of letters/digits, possibly joined by ``-``, ``'``, ``.`` or ``,`` inside ("Jean-Luc",
"O'Brien", "1,000.50", "COVID-19"); a word is replaced when its first character is an upper-case letter
or it contains a digit. Occurrences of the mask itself in the text are selected too, so every mask in
the output stands for exactly one original span: the masks are all alike (``unique = False``) and
re-identification restores the originals by order of appearance (Dias, 2016, §6.1 condition 3), exactly
for an untouched text.
"""

from __future__ import annotations

import re
from typing import Any

from app.anonymization.base import ChainContext, DocumentContext, Operator
from app.detection.labels import MISC, NUMBER
from app.doc import Entity

WORD = re.compile(r"\w+(?:[-'’.,]\w+)*")


def is_ukds_word(word: str) -> bool:
    """A capitalised word or a word with a digit."""
    return word[:1].isupper() or any(c.isdigit() for c in word)


def _label_at(start: int, end: int, entities: list[Entity], default: str) -> str:
    for entity in entities:
        if entity.start <= start and end <= entity.end:
            return entity.label
    return default


def mask_spans(text: str, mask: str) -> list[tuple[int, int]]:
    """Occurrences of ``mask`` as re-identification will look for them (not inside a word)."""
    return [(m.start(), m.end()) for m in re.finditer(r"(?<!\w)" + re.escape(mask) + r"(?!\w)", text)]


def merge_spans(text: str, spans: list[tuple[int, int]], entities: list[Entity]) -> list[Entity]:
    """Sorted, non-overlapping entities of ``spans`` (the earlier/longer span wins an overlap)."""
    out: list[Entity] = []
    for start, end in sorted(set(spans), key=lambda s: (s[0], -s[1])):
        if out and start < out[-1].end:
            continue
        word = text[start:end]
        default = NUMBER if any(c.isdigit() for c in word) else MISC
        out.append(Entity(start, end, _label_at(start, end, entities, default), word, "ukds"))
    return out


class UkdsOperator(Operator):
    """Replace capitalised words and numbers by one mask (default ``XXX``); see the module docstring.

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
        return merge_spans(text, spans + mask_spans(text, self.mask), entities)

    def replace(self, chain: ChainContext, document: DocumentContext) -> list[str]:
        return [self.mask] * len(chain.mentions)
