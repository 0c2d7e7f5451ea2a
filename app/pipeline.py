"""The four stages as plain functions on records: what the agents call, and what tests and the
benchmark call in-process without Kafka or Redis.

Each stage is deterministic: the same input record gives the same output record (idempotent under
at-least-once redelivery; RELIABILITY.md, "The guarantee").
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from app.anonymization.engine import AnonymizerEngine, InvalidAnnotation
from app.coreference.resolver import resolve_chains
from app.detection.pipeline import Detector, build_detector, effective_profile
from app.doc import Chain, Entity
from app.crypto import hasher_from_settings
from app.reidentification.binding import TableMismatch, check_binding
from app.policy import refusal
from app.reidentification.reidentify import LimitExceeded, reidentify
from app.settings import Settings, get_settings
from app.table import InvalidTable, Table
from models.records import (
    DetectedDocument,
    Document,
    ReidentifiedDocument,
    ResolvedDocument,
    TranslationRequest,
    TranslationResult,
)


#: ``error_type`` of a document beyond a per-document limit or a stage budget (issue 15).
TOO_EXPENSIVE = "too_expensive"


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
                device=self.settings.device, quantize=self.settings.ner_quantize,
            )
        )
        self.engine = engine or _engine_from_settings(self.settings)
        self.hasher = hasher_from_settings(self.settings, strict=False)
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

        The privacy profile is the stricter of the deployment's (``settings.privacy_profile``) and the
        document's own (``doc.privacy_profile``).

        Raises:
            StageError: unknown method, a method outside the deployment's policy (``method_not_allowed``,
                :mod:`app.policy`), an unknown privacy profile, or no model for the language.
        """
        method, profile = self._method_and_profile(doc)
        return self._detected(doc, method, self.detector(doc.language).detect(doc.text, profile=profile))

    def detect_many(self, docs: list[Document]) -> list[DetectedDocument | Exception]:
        """Stage 1 for several documents: those of one language and privacy profile are detected together, so the
        NER model tags their sentences in shared batches (:meth:`app.detection.pipeline.Detector.detect_many`).

        Returns:
            per document, in order, what :meth:`detect` returns for it or the exception it raises (a
            :class:`StageError`, or any failure inside detection). If detecting a group together fails, its
            documents are detected one by one, so only the document that fails gets an exception.
        """
        out: list[DetectedDocument | Exception | None] = [None] * len(docs)
        groups: dict[tuple[str, str], list[tuple[int, str]]] = {}
        for i, doc in enumerate(docs):
            try:
                method, profile = self._method_and_profile(doc)
            except StageError as exc:
                out[i] = exc
                continue
            groups.setdefault((doc.language, profile), []).append((i, method))
        for (language, profile), members in groups.items():
            try:
                found = self.detector(language).detect_many([docs[i].text for i, _ in members], profile=profile)
            except StageError as exc:  # no model for the language: the same reason for every document
                for i, _ in members:
                    out[i] = exc
                continue
            except Exception:
                found = None
            for k, (i, method) in enumerate(members):
                try:
                    out[i] = self._detected(docs[i], method, found[k]) if found is not None else self.detect(docs[i])
                except Exception as exc:  # reported per document by the caller
                    out[i] = exc
        return out  # type: ignore[return-value]

    def _method_and_profile(self, doc: Document) -> tuple[str, str]:
        """The document's method (or the default) and its effective privacy profile.

        Raises:
            StageError: unknown method or one outside the policy, or an unknown privacy profile.
        """
        method = doc.method or self.settings.default_method
        self._check_method(method)
        try:
            return method, effective_profile(self.settings.privacy_profile, doc.privacy_profile)
        except ValueError:
            raise StageError("unknown privacy_profile", "invalid_input") from None

    def _detected(self, doc: Document, method: str, entities: list[Entity]) -> DetectedDocument:
        """The ``documents.detected`` record of ``doc``. Raises :class:`StageError` beyond ``max_entities``."""
        _check_entities(len(entities), self.settings.max_entities)
        return DetectedDocument(
            job_id=doc.job_id,
            text=doc.text,
            language=doc.language,
            method=method,
            entities=[e.to_dict() for e in entities],
            metadata=doc.metadata,
        )

    def _check_method(self, method: str) -> None:
        """Raise :class:`StageError` for an unknown method or one the policy refuses (no document text)."""
        try:
            self.engine.operator(method)
        except KeyError:
            raise StageError(f"unknown anonymization method '{method[:32]}'", "invalid_input") from None
        reason = refusal(method, self.settings.allowed_methods, self.settings.minimum_method)
        if reason:
            raise StageError(reason, "method_not_allowed")

    def corefer(self, detected: DetectedDocument) -> ResolvedDocument:
        """Stage 2: coreference chains over the entities.

        Raises:
            StageError: entities malformed (missing fields, offsets outside the text or not matching it).
        """
        _check_entities(len(detected.entities), self.settings.max_entities)
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

    def anonymize(self, resolved: ResolvedDocument) -> tuple[TranslationRequest, Table]:
        """Stage 3: the anonymized text and its table of solutions, bound to an anonymization id.

        Returns:
            ``(TranslationRequest, Table)``; the request holds no original entity text; both carry the same
            ``anonymization_id`` (:meth:`app.crypto.KeyedHasher.anonymization_id` of the job id and the
            table's content: deterministic, so a redelivered document gets the same id and table).

        Raises:
            StageError: malformed entities or chains, overlapping entities, unknown method or one outside the
                policy (a record on an internal topic is checked again).
        """
        self._check_method(resolved.method)
        _check_entities(len(resolved.entities), self.settings.max_entities)
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
        if len(result.text) > self.settings.max_output_chars:
            raise StageError(
                f"the anonymized text ({len(result.text)} characters) exceeds max_output_chars "
                f"({self.settings.max_output_chars})", TOO_EXPENSIVE)
        anonymization_id = self.hasher.anonymization_id(resolved.job_id, result.table.to_json(with_id=False))
        request = TranslationRequest(
            job_id=resolved.job_id,
            language=resolved.language,
            method=resolved.method,
            text=result.text,
            placeholders=result.placeholders,
            metadata=resolved.metadata,
            anonymization_id=anonymization_id,
        )
        return request, result.table.bound(anonymization_id)

    def reidentify(self, translation: TranslationResult, table: Table | dict) -> ReidentifiedDocument:
        """Reverse stage: restore the originals of ``table`` into the translation, once the translation is
        bound to it (:func:`app.reidentification.binding.check_binding`).

        Raises:
            StageError: the table is malformed (``stage_error``), the translation cannot be bound to it
                (``table_mismatch``), more marks than ``max_marks`` or a text longer than ``max_output_chars``
                (``too_expensive``).
        """
        try:
            table = Table.coerce(table)
            check_binding(table, job_id=translation.job_id, anonymization_id=translation.anonymization_id,
                          text=translation.text, require_id=self.settings.require_anonymization_id)
            mark_only = bool(translation.mark_only) or self.settings.reidentify_mark_only
            result = reidentify(translation.text, table, mark_only=mark_only,
                                order_policy=self.settings.reidentify_order_policy,
                                max_output_chars=self.settings.max_output_chars, max_marks=self.settings.max_marks)
        except TableMismatch as exc:
            raise StageError(exc.reason, "table_mismatch") from None
        except LimitExceeded as exc:  # our own message: names the limit, never the text
            raise StageError(str(exc), TOO_EXPENSIVE) from None
        except (InvalidTable, KeyError, TypeError, IndexError):
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
            anonymization_id=table.anonymization_id,
            conditions=result.conditions,
            restorations=result.restorations,
            unrestored_marks=result.unrestored_marks,
            refused=result.refused,
        )


def _check_entities(count: int, limit: int) -> None:
    """Raises :class:`StageError` (``too_expensive``) when a document has more than ``limit`` entities."""
    if count > limit:
        raise StageError(f"{count} entities exceed max_entities ({limit})", TOO_EXPENSIVE)


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
