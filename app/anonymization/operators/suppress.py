"""Suppression: every entity replaced by one neutral mask (Dias, 2016, §4.3; Kleinberg & Mozes, 2017 "XXX")."""

from __future__ import annotations

import re
from typing import Any

from app.anonymization.base import ChainContext, DocumentContext, Operator

#: Masks tried, in order, when the document already contains the configured one (issue 16, item 2).
FALLBACK_MASKS: tuple[str, ...] = ("[XXX]", "▇▇▇", "[___]", "⟦XXX⟧")


def occurs(mask: str, text: str) -> bool:
    """Whether ``mask`` occurs in ``text`` as re-identification would find it (case-insensitive; bounded
    by non-word characters where the mask starts or ends with a word character)."""
    before = r"(?<!\w)" if re.match(r"\w", mask) else ""
    after = r"(?!\w)" if re.search(r"\w$", mask) else ""
    return re.search(before + re.escape(mask) + after, text, re.IGNORECASE) is not None


class SuppressOperator(Operator):
    """Replace every mention by the same mask (default ``XXX``).

    The mask does not identify the chain; re-identification restores originals by order of appearance
    (Dias, 2016, §6.1 condition 3), and only when the translation holds exactly as many masks as there were
    mentions. A mask already present in the document (a literal "XXX" or "xxx") would be counted as one of
    ours, so the first mask of ``[mask, *fallbacks]`` that the document does not contain is used for the
    whole document.

    Options:
        mask: the preferred mask (default ``XXX``).
        fallbacks: masks tried in order when the document contains the preferred one (default
            :data:`FALLBACK_MASKS`). When the document contains all of them the last one is used (the
            count check of re-identification then refuses the order-based restoration).
    """

    name = "suppress"
    unique = False

    def __init__(self, mask: str = "XXX", fallbacks: tuple[str, ...] | list[str] = FALLBACK_MASKS, **options: Any) -> None:
        super().__init__(**options)
        if not mask or not all(fallbacks):
            raise ValueError("the suppression mask must not be empty")
        self.mask = mask
        self.fallbacks = tuple(fallbacks)

    def mask_for(self, document: DocumentContext) -> str:
        """The mask of ``document`` (computed once per document, remembered in ``document.memo``)."""
        memo = document.memo.setdefault("suppress", {})
        if "mask" not in memo:
            candidates = [self.mask, *self.fallbacks]
            memo["mask"] = next((m for m in candidates if not occurs(m, document.text)), candidates[-1])
        return memo["mask"]

    def replace(self, chain: ChainContext, document: DocumentContext) -> list[str]:
        return [self.mask_for(document)] * len(chain.mentions)
