"""Core data model: tokens, sentences and entities with character offsets.

All offsets are character offsets into the original document text, half-open
(``text[start:end]``), in the spirit of spaCy's ``Doc``/``Span``. The objects are
plain frozen dataclasses so every stage can serialize them to JSON and back
without losing information.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Token:
    """One token of a document.

    Attributes:
        text: the surface, equal to ``document_text[start:end]``.
        start: first character offset (inclusive).
        end: last character offset (exclusive).
    """

    text: str
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Sentence:
    """A sentence as a list of tokens; ``start``/``end`` span its first to last token."""

    tokens: tuple[Token, ...]

    @property
    def start(self) -> int:
        return self.tokens[0].start

    @property
    def end(self) -> int:
        return self.tokens[-1].end


@dataclass(frozen=True, slots=True)
class Entity:
    """A detected span of sensitive information.

    Attributes:
        start: character offset of the first character (inclusive).
        end: character offset after the last character (exclusive).
        label: a label of the standard tagset (:mod:`app.detection.labels`), e.g. ``PERSON``.
        text: the surface, ``document_text[start:end]``.
        source: the recognizer that produced it (``stanza``, ``email``, ``phone``, ...).
        score: confidence in [0, 1]; rule-based recognizers give 1.0 when validated.
    """

    start: int
    end: int
    label: str
    text: str
    source: str
    score: float = 1.0

    def __post_init__(self) -> None:
        if not (0 <= self.start < self.end):
            raise ValueError(f"entity span must satisfy 0 <= start < end, got [{self.start}, {self.end})")
        if len(self.text) != self.end - self.start:
            raise ValueError("entity text length does not match its span")

    @property
    def length(self) -> int:
        return self.end - self.start

    def overlaps(self, other: "Entity") -> bool:
        """True when the two half-open spans share at least one character."""
        return self.start < other.end and other.start < self.end

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Entity":
        """Build from a mapping; raises ``KeyError``/``TypeError``/``ValueError`` on malformed input."""
        return cls(
            start=int(data["start"]),
            end=int(data["end"]),
            label=str(data["label"]),
            text=str(data["text"]),
            source=str(data.get("source", "unknown")),
            score=float(data.get("score", 1.0)),
        )


@dataclass(slots=True)
class Chain:
    """A coreference chain: entities that refer to the same real-world object (Dias, 2016, §4.2.4).

    Attributes:
        chain_id: 0-based id, chains numbered in order of their first mention.
        label: the standard label shared by the chain's mentions.
        mentions: indices into the document's entity list, in text order.
    """

    chain_id: int
    label: str
    mentions: list[int] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"chain_id": self.chain_id, "label": self.label, "mentions": list(self.mentions)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Chain":
        return cls(chain_id=int(data["chain_id"]), label=str(data["label"]), mentions=[int(m) for m in data["mentions"]])
