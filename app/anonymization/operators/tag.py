"""Tagging: context-preserving placeholders such as ``[PERSON_1]`` (seed 000; seed 004 §4.3)."""

from __future__ import annotations

from typing import Any

from app.anonymization.base import ChainContext, DocumentContext, Operator


def format_placeholder(label: str, ordinal: int, opening: str = "[", closing: str = "]") -> str:
    """``[LABEL_n]`` with the given delimiters, e.g. ``format_placeholder("PERSON", 1) == "[PERSON_1]"``."""
    return f"{opening}{label}_{ordinal}{closing}"


class TagOperator(Operator):
    """Replace every mention of a chain by ``<opening>LABEL_n<closing>``.

    ``n`` numbers the chains of one label in order of first appearance, so every mention of one
    person carries the same placeholder (coreference-aware numbering, seed 004 §4.2.5).

    Options:
        opening, closing: the delimiters (default ``[`` and ``]``; chosen because machine translation
            and translators leave bracketed upper-case codes alone, seed 004 §6.3).
    """

    name = "tag"
    unique = True

    def __init__(self, opening: str = "[", closing: str = "]", **options: Any) -> None:
        super().__init__(**options)
        self.opening = opening
        self.closing = closing

    def replace(self, chain: ChainContext, document: DocumentContext) -> list[str]:
        return [format_placeholder(chain.label, chain.ordinal, self.opening, self.closing)] * len(chain.mentions)
