"""The recognizer interface shared by model-based and pattern-based detection (Dias, 2016, §4.2.2)."""

from __future__ import annotations

from abc import ABC, abstractmethod

from app.doc import Entity, Sentence


class Recognizer(ABC):
    """A component that finds entities in a document.

    Subclasses set :attr:`name` (the ``source`` of their entities, also the name used in the
    precedence cascade of :mod:`app.detection.voting`) and implement :meth:`recognize`.
    """

    name: str = "recognizer"

    @abstractmethod
    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        """Find entities.

        Args:
            text: the whole document.
            sentences: its sentences (:func:`app.tokenization.split_sentences`).

        Returns:
            ``list[Entity]`` with character offsets into ``text`` (half-open); may overlap each other.
        """
