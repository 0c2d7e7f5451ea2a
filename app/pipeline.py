"""The four stages as plain functions on records: what the agents call, and what tests and the
benchmark call in-process without Kafka or Redis.

Each stage is deterministic: the same input record gives the same output record (idempotent under
at-least-once redelivery, broker.md).
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from app.anonymization.engine import AnonymizerEngine, InvalidAnnotation
from app.coreference.resolver import resolve_chains
from app.detection.pipeline import Detector, build_detector
from app.doc import Chain, Entity
from app.reidentification.reidentify import reidentify
from app.settings import Settings, get_settings
from models.records import (
    DetectedDocument,
    Document,
    ReidentifiedDocument,
    ResolvedDocument,
    TranslationRequest,
    TranslationResult,
)


class StageError(ValueError):
    """A stage cannot process a well-formed message; ``reason`` is safe to publish (no document text)."""

    def __init__(self, reason: str, error_type: str = "stage_error") -> None:
        super().__init__(reason)
        self.reason = reason
        self.error_type = error_type


class Pipeline:
    """Detection → coreference → anonymization, and re-identification.

    Args:
        settings: worker settings (model directory, default method, batch size).
        detector_factory: builds the :class:`Detector` of a language (default: :func:`build_detector`);
            detectors are built once per language, on first use, under a lock.
        engine: the anonymization engine (default: one with default operator options).
    """

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        detector_factory: Callable[[str], Detector] | None = None,
        engine: AnonymizerEngine | None = None,
    ) -> None:
        self.settings = settings or get_settings()
        self._factory = detector_factory or (
            lambda language: build_detector(
                language, model_dir=self.settings.ner_model_dir or None, batch_size=self.settings.ner_batch_size,
                device=self.settings.device,
            )
        )
        self.engine = engine or _engine_from_settings(self.settings)
        self._detectors: dict[str, Detector] = {}
        self._lock = threading.Lock()

    def detector(self, language: str) -> Detector:
        """The detector of ``language``.

        Raises:
            StageError: no NER model can be loaded for the language (``error_type="model_unavailable"``);
                the next call tries to load it again.
        """
        with self._lock:
            if language not in self._detectors:
                try:
                    self._detectors[language] = self._factory(language)
                except Exception as exc:  # ModelNotFoundError or any loading failure: never crash the worker
                    if type(exc).__name__ == "ModelNotFoundError":
                        reason = f"no NER model available for language '{language}'"
                    else:
                        reason = f"could not load the NER model for language '{language}' ({type(exc).__name__})"
                    raise StageError(reason, "model_unavailable") from exc
            return self._detectors[language]

    def detect(self, doc: Document) -> DetectedDocument:
        """Stage 1: entities with character offsets into ``doc.text``.

        Raises:
            StageError: unknown method or no model for the language.
        """
        method = self._method(doc)
        return self._detected(doc, method, self.detector(doc.language).detect(doc.text))

    def detect_many(self, docs: list[Document]) -> list[DetectedDocument | Exception]:
        """Stage 1 for several documents: those of one language are detected together, so the NER model tags
        their sentences in shared batches (:meth:`app.detection.pipeline.Detector.detect_many`).

        Returns:
            per document, in order, what :meth:`detect` returns for it or the exception it raises (a
            :class:`StageError`, or any failure inside detection). If detecting a group together fails, its
            documents are detected one by one, so only the document that fails gets an exception.
        """
        out: list[DetectedDocument | Exception | None] = [None] * len(docs)
        groups: dict[str, list[tuple[int, str]]] = {}
        for i, doc in enumerate(docs):
            try:
                groups.setdefault(doc.language, []).append((i, self._method(doc)))
            except StageError as exc:
                out[i] = exc
        for language, members in groups.items():
            try:
                found = self.detector(language).detect_many([docs[i].text for i, _ in members])
            except StageError as exc:  # no model for the language: the same reason for every document
                for i, _ in members:
                    out[i] = exc
                continue
            except Exception:
                found = None
            for k, (i, method) in enumerate(members):
                if found is not None:
                    out[i] = self._detected(docs[i], method, found[k])
                    continue
                try:
                    out[i] = self.detect(docs[i])
                except Exception as exc:  # reported per document by the caller
                    out[i] = exc
        return out  # type: ignore[return-value]

    def _method(self, doc: Document) -> str:
        """The document's method (or the default).

        Raises:
            StageError: unknown method.
        """
        method = doc.method or self.settings.default_method
        try:
            self.engine.operator(method)
        except KeyError:
            raise StageError(f"unknown anonymization method '{method[:32]}'", "invalid_input") from None
        return method

    def _detected(self, doc: Document, method: str, entities: list[Entity]) -> DetectedDocument:
        return DetectedDocument(
            job_id=doc.job_id,
            text=doc.text,
            language=doc.language,
            method=method,
            entities=[e.to_dict() for e in entities],
            metadata=doc.metadata,
        )

    def corefer(self, detected: DetectedDocument) -> ResolvedDocument:
        """Stage 2: coreference chains over the entities.

        Raises:
            StageError: entities malformed (missing fields, offsets outside the text or not matching it).
        """
        entities = _entities(detected.entities, detected.text)
        chains = resolve_chains(entities, detected.language)
        return ResolvedDocument(
            job_id=detected.job_id,
            text=detected.text,
            language=detected.language,
            method=detected.method,
            entities=[e.to_dict() for e in entities],
            chains=[c.to_dict() for c in chains],
            metadata=detected.metadata,
        )

    def anonymize(self, resolved: ResolvedDocument) -> tuple[TranslationRequest, dict]:
        """Stage 3: the anonymized text and its table of solutions.

        Returns:
            ``(TranslationRequest, table)``; the request holds no original entity text.

        Raises:
            StageError: malformed entities or chains, overlapping entities, or unknown method.
        """
        entities = _entities(resolved.entities, resolved.text)
        try:
            chains = [Chain.from_dict(c) for c in resolved.chains]
            result = self.engine.anonymize(
                resolved.text,
                entities,
                chains,
                method=resolved.method,
                job_id=resolved.job_id,
                language=resolved.language,
            )
        except KeyError:
            raise StageError("invalid chains (a field is missing) or unknown method", "invalid_input") from None
        except InvalidAnnotation as exc:  # our own messages: safe to publish
            raise StageError(f"invalid entities or chains: {exc}", "invalid_input") from None
        except (TypeError, ValueError) as exc:  # a foreign message may quote the document: never use it
            raise StageError(f"invalid entities or chains ({type(exc).__name__})", "invalid_input") from None
        request = TranslationRequest(
            job_id=resolved.job_id,
            language=resolved.language,
            method=resolved.method,
            text=result.text,
            placeholders=result.placeholders,
            metadata=resolved.metadata,
        )
        return request, result.table

    def reidentify(self, translation: TranslationResult, table: dict) -> ReidentifiedDocument:
        """Reverse stage: restore the originals of ``table`` into the translation.

        Raises:
            StageError: the table is malformed.
        """
        try:
            result = reidentify(translation.text, table)
        except (KeyError, TypeError, IndexError):
            raise StageError("the table of solutions is malformed", "stage_error") from None
        return ReidentifiedDocument(
            job_id=translation.job_id,
            language=translation.language,
            text=result.text,
            restored=result.restored,
            unknown_placeholders=result.unknown_placeholders,
            missing_placeholders=result.missing_placeholders,
            metadata=translation.metadata,
            restored_by_order=result.restored_by_order,
        )


def _engine_from_settings(settings: Settings) -> AnonymizerEngine:
    """The engine configured by ``operator_options``, ``label_methods`` and ``placeholder_markup``."""
    options = {name: dict(opts) for name, opts in settings.operator_options.items()}
    if settings.placeholder_markup != "none":
        options.setdefault("tag", {})["markup"] = settings.placeholder_markup
    return AnonymizerEngine(operator_options=options, label_methods=dict(settings.label_methods))


def _entities(raw: list, text: str) -> list[Entity]:
    """Parse entity dicts and check them against the text (no entity text in error reasons)."""
    entities: list[Entity] = []
    for i, item in enumerate(raw):
        if not isinstance(item, dict):
            raise StageError(f"entity {i} is not an object", "invalid_input")
        try:
            entity = Entity.from_dict(item)
        except (KeyError, TypeError, ValueError) as exc:
            reason = f"missing field {exc}" if isinstance(exc, KeyError) else "bad field types or span"
            raise StageError(f"entity {i}: {reason}", "invalid_input") from None
        if entity.end > len(text) or text[entity.start : entity.end] != entity.text:
            raise StageError(f"entity {i}: span [{entity.start}, {entity.end}) does not match the text", "invalid_input")
        entities.append(entity)
    entities.sort(key=lambda e: (e.start, e.end))
    return entities
