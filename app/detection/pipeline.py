"""The detection pipeline: pre-processing, recognizers in parallel, voting (seed 004 §4.2.1–4.2.2, Fig. 4.2)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from app.detection.base import Recognizer
from app.detection.labels import DEFAULT_SENSITIVE
from app.detection.ner import StanzaRecognizer, Tagger
from app.detection.patterns import PHONE_REGIONS, DateRecognizer, EmailRecognizer, PhoneRecognizer, UrlRecognizer
from app.detection.voting import DEFAULT_PRECEDENCE, resolve_overlaps
from app.doc import Entity
from app.tokenization import split_sentences, tokenize


class Detector:
    """Runs every recognizer over a document and votes their entities into one list.

    Args:
        recognizers: the recognizers to run (each sees the same tokens and sentences).
        precedence: the voting cascade, recognizer names, highest first (:mod:`app.detection.voting`).
        sensitive: labels kept in the output; entities with other labels are dropped.
    """

    def __init__(
        self,
        recognizers: list[Recognizer],
        precedence: tuple[str, ...] = DEFAULT_PRECEDENCE,
        sensitive: frozenset[str] = DEFAULT_SENSITIVE,
    ) -> None:
        self.recognizers = recognizers
        self.precedence = precedence
        self.sensitive = sensitive

    def detect(self, text: str) -> list[Entity]:
        """Detect entities in ``text``.

        Returns:
            ``list[Entity]``, non-overlapping, sorted by ``start``, offsets into ``text`` (half-open).

        Raises:
            Whatever a recognizer raises (e.g. a model failure); the caller turns it into a dead letter.
        """
        sentences = split_sentences(text, tokenize(text))
        found: list[Entity] = []
        for recognizer in self.recognizers:
            found.extend(e for e in recognizer.recognize(text, sentences) if e.label in self.sensitive)
        return resolve_overlaps(text, found, self.precedence)


def default_tagger_factory(language: str, model_dir: str | None, batch_size: int) -> Tagger:
    """Load the Stanza tagger of ``language`` (from ``<model_dir>/<language>`` when a directory is set).

    Raises:
        app.detection.stanza_ner.ModelNotFoundError: no model for the language.
    """
    from app.detection.stanza_ner import StanzaTagger  # imported lazily: loads torch

    directory = Path(model_dir) / language if model_dir else None
    return StanzaTagger(language, model_dir=directory, batch_size=batch_size)


def build_detector(
    language: str,
    *,
    model_dir: str | None = None,
    batch_size: int = 64,
    tagger_factory: Callable[[str, str | None, int], Tagger] = default_tagger_factory,
) -> Detector:
    """The default detector of a language: Stanza NER plus e-mail, URL, phone and date patterns.

    Raises:
        app.detection.stanza_ner.ModelNotFoundError: no NER model for the language.
    """
    tagger = tagger_factory(language, model_dir, batch_size)
    recognizers: list[Recognizer] = [
        EmailRecognizer(),
        UrlRecognizer(),
        PhoneRecognizer(PHONE_REGIONS.get(language, ("US",))),
        StanzaRecognizer(tagger, conversion="conll"),
        DateRecognizer(language),
    ]
    return Detector(recognizers)
