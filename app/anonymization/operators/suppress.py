"""Suppression: every entity replaced by one neutral mask (Dias, 2016, §4.3; Kleinberg & Mozes, 2017 "XXX")."""

from __future__ import annotations

from typing import Any

from app.anonymization.base import ChainContext, DocumentContext, Operator


class SuppressOperator(Operator):
    """Replace every mention by the same mask (default ``XXX``).

    The mask does not identify the chain; re-identification restores originals by order of appearance
    (Dias, 2016, §6.1 condition 3).
    """

    name = "suppress"
    unique = False

    def __init__(self, mask: str = "XXX", **options: Any) -> None:
        super().__init__(**options)
        if not mask:
            raise ValueError("the suppression mask must not be empty")
        self.mask = mask

    def replace(self, chain: ChainContext, document: DocumentContext) -> list[str]:
        return [self.mask] * len(chain.mentions)
