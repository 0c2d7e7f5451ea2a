"""The recognizer interface shared by model-based and pattern-based detection (Dias, 2016, §4.2.2)."""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable

from app.detection.fast_regex import gate_of
from app.doc import Entity, Sentence


class Recognizer(ABC):
    """A component that finds entities in a document.

    Subclasses set :attr:`name` (the ``source`` of their entities, also the name used in the
    precedence cascade of :mod:`app.detection.voting`) and implement :meth:`recognize`.
    """

    name: str = "recognizer"

    #: Whether the recognizer also reads a document as written when detection reads it with some sentences restored
    #: to their usual case (:mod:`app.detection.casing`); the entities of both readings then count. True for patterns
    #: of codes, keywords and formats, which are written for the document's own letters ("IBAN DE89 3704 …",
    #: "NIE X1234567L" in a sentence in capitals would read "Iban De89", "Nie"); false for the NER model and the
    #: gazetteer, which read the case of a word as evidence of a name and are what restoration is for.
    reads_written: bool = True

    @abstractmethod
    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        """Find entities.

        Args:
            text: the whole document.
            sentences: its sentences (:func:`app.tokenization.split_sentences`).

        Returns:
            ``list[Entity]`` with character offsets into ``text`` (half-open); may overlap each other.
        """


def pattern_entities(pattern: re.Pattern[str], text: str, label: str, source: str, *, rstrip: str | None = "",
                     accept: Callable[[str], bool] | None = None) -> list[Entity]:
    """One entity per match of ``pattern`` in ``text``, in text order.

    Args:
        rstrip: characters removed from the end of each match (``None``: white space; ``""``: none).
        accept: keeps a match only when it returns true for the (stripped) surface (a checksum, say).

    Returns:
        ``list[Entity]`` of ``label`` and ``source``, character offsets into ``text`` (half-open).
    """
    out = []
    # (each pattern searched only where a string its matches need stands: :func:`gate_of`; stop 70, issue 18)
    for m in gate_of(pattern).finditer(text) if isinstance(pattern, re.Pattern) else pattern.finditer(text):
        surface = m.group() if rstrip == "" else m.group().rstrip(rstrip)
        if accept is None or accept(surface):
            out.append(Entity(m.start(), m.start() + len(surface), label, surface, source))
    return out
