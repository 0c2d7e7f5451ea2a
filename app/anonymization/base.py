"""The anonymization operator interface (seed 004 §4.5; in the style of Presidio's operators).

An operator turns one coreference chain into the string that replaces each of its mentions. The
engine (:mod:`app.anonymization.engine`) numbers chains, calls the operator, rewrites the text and
builds the table of solutions; operators only decide the replacement string.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class ChainContext:
    """What an operator may use to build a replacement.

    Attributes:
        label: the chain's standard label (``PERSON``, ...).
        chain_id: the chain's id in the document (0-based, order of first mention).
        ordinal: 1-based number of the chain among the chains of the same label, in order of first
            appearance (seed 000: "the entity type and the corresponding index of occurrence").
        surfaces: distinct original surfaces of the chain's mentions, in text order.
        job_id: the document's job id (seed for deterministic operators).
        language: ISO 639-1 code of the document.
    """

    label: str
    chain_id: int
    ordinal: int
    surfaces: tuple[str, ...]
    job_id: str
    language: str


class Operator(ABC):
    """Base class of anonymization methods.

    Class attributes:
        name: the method's registry name (what documents put in ``method``).
        unique: ``True`` when each chain gets a replacement of its own, so re-identification can find
            it by its mark (seed 004 §6.1 condition 2); ``False`` when every chain gets the same mark
            and re-identification goes by order of appearance (condition 3).
    """

    name: ClassVar[str] = ""
    unique: ClassVar[bool] = True

    def __init__(self, **options: Any) -> None:
        self.options = options

    @abstractmethod
    def replacement(self, chain: ChainContext) -> str:
        """The string that replaces every mention of ``chain``. Must be deterministic."""
