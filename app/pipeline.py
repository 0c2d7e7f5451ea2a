"""The four stages as plain functions: on :class:`app.doc.Doc` in process (:meth:`Pipeline.run`, the CLI, the
benchmark), and on records for the agents (:mod:`app.isolation`).

The record methods (:meth:`Pipeline.detect`, :meth:`~Pipeline.corefer`, :meth:`~Pipeline.anonymize`) are thin
edges: record → :meth:`Doc.from_record <app.doc.Doc.from_record>` (where a message's entities, chains and
sentences are checked, once) → the ``*_doc`` stage → :meth:`Doc.to_record <app.doc.Doc.to_record>`.

Each stage is deterministic: the same input record gives the same output record (idempotent under
at-least-once redelivery; RELIABILITY.md, "The guarantee").
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import fields
from typing import Any

from app.anonymization.engine import AnonymizerEngine, InvalidAnnotation
from app.coreference.resolver import coreferencers_for, resolve_chains
from app.detection.pipeline import Detector, build_detector, check_configuration, effective_profile
from app.doc import Doc, Entity, InvalidDoc, Sentence
from app.crypto import hasher_from_settings
from app.reidentification.binding import TableMismatch, check_binding
from app.policy import refusal
from app.reidentification.reidentify import LimitExceeded, ReidentificationResult, reidentify
from app.settings import Settings, get_settings
from app.table import InvalidTable, Table
from app.tokenization import split_sentences, tokenize
from models.records import (
    DetectedDocument,
    Document,
    ReidentifiedDocument,
    ResolvedDocument,
    TranslationRequest,
    TranslationResult,
)

log = logging.getLogger("anonymizer.pipeline")


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
        self._custom_factory = detector_factory is not None
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

    def warm_up(self, language: str) -> None:
        """Build everything a document of ``language`` needs: its detector (NER model), coreferencers and the
        operators of every allowed method (:meth:`AnonymizerEngine.warm_up`: lexicons, knowledge base, surrogate
        pools). The stage zygote calls it for each preloaded language before the stage processes fork.

        Raises:
            StageError: as :meth:`detector`.
        """
        self.detector(language)
        coreferencers_for(language)
        self.engine.warm_up(self.settings.allowed_methods, language)

    def prepare_caches(self, languages: list[str]) -> None:
        """Build the disk caches the surrogate methods read (:func:`app.anonymization.surrogates.prepare_caches`) for
        ``languages`` in one child process, when an allowed method draws surrogates (``Operator.surrogate_caches``:
        ``substitute``, ``generalize``) and a file is missing (the first start on a machine), so that :meth:`warm_up`
        only reads them and the stage zygote never holds the word tables they are built from. Never raises: a cache
        that cannot be prepared here is built by :meth:`warm_up`, which reports a real failure per language."""
        try:
            methods = dict.fromkeys([*self.settings.allowed_methods, *self.settings.label_methods.values()])
            if any(self.engine.operator(method).surrogate_caches for method in methods):
                from app.anonymization.surrogates import prepare_caches

                prepare_caches(list(languages))
        except Exception as exc:  # noqa: BLE001 - see the docstring
            log.warning("disk caches not prepared (%s)", type(exc).__name__)

    def check_detector(self, language: str) -> None:
        """Check the detection configuration of ``language`` without building its detector: milliseconds, no NER
        model loaded (:func:`app.detection.pipeline.check_configuration`, with ``ANON_NER_MODEL_DIR``;
        :func:`app.startup.check_components`). Nothing is checked with a custom ``detector_factory``.

        Raises:
            KeyError, ValueError: an unknown recognizer, rule or configuration key.
            OSError: an unreadable configuration file.
            app.detection.stanza_ner.ModelNotFoundError: no NER model in ``ANON_NER_MODEL_DIR`` for the language.
        """
        if not self._custom_factory:
            check_configuration(language, model_dir=self.settings.ner_model_dir or None)

    def detect(self, doc: Document) -> DetectedDocument:
        """Stage 1 on a record: :meth:`detect_doc` between :meth:`Doc.from_record <app.doc.Doc.from_record>` and
        ``to_record(DetectedDocument)`` (``sentences``: the sentences detection split the text into).

        Raises:
            StageError: as :meth:`detect_doc`.
        """
        return self.detect_doc(Doc.from_record(doc)).to_record(DetectedDocument)

    def detect_doc(self, doc: Doc) -> Doc:
        """Stage 1: entities with character offsets into ``doc.text``, and the sentences they were found in.

        The privacy profile is the stricter of the deployment's (``settings.privacy_profile``) and the
        document's own (``doc.privacy_profile``).

        Returns:
            ``doc`` with its method (the deployment's default when it had none), :attr:`~app.doc.Doc.entities`
            (sorted, non-overlapping) and :attr:`~app.doc.Doc.sentences`.

        Raises:
            StageError: unknown method, a method outside the deployment's policy (``method_not_allowed``,
                :mod:`app.policy`), an unknown privacy profile, no model for the language, or more entities than
                ``max_entities`` (``too_expensive``).
        """
        method, profile = self._method_and_profile(doc)
        detector = self.detector(doc.language)
        sentences = split_sentences(doc.text, tokenize(doc.text), language=doc.language)
        return self._detected(doc, method, detector.detect(doc.text, sentences, profile=profile), sentences)

    def detect_many(self, docs: list[Document]) -> list[DetectedDocument | Exception]:
        """Stage 1 on several records: :meth:`detect_many_docs` between the records' Docs and their
        ``documents.detected`` records.

        Returns:
            per document, in order, what :meth:`detect` returns for it or the exception it raises.
        """
        return [found if isinstance(found, Exception) else found.to_record(DetectedDocument)
                for found in self.detect_many_docs([Doc.from_record(doc) for doc in docs])]

    def detect_many_docs(self, docs: list[Doc]) -> list[Doc | Exception]:
        """Stage 1 for several documents: those of one language and privacy profile are detected together, so the
        NER model tags their sentences in shared batches (:meth:`app.detection.pipeline.Detector.detect_many`).

        Returns:
            per document, in order, what :meth:`detect_doc` returns for it or the exception it raises (a
            :class:`StageError`, or any failure inside detection). If detecting a group together fails, its
            documents are detected one by one, so only the document that fails gets an exception.
        """
        out: list[Doc | Exception | None] = [None] * len(docs)
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
                detector = self.detector(language)
            except StageError as exc:  # no model for the language: the same reason for every document
                for i, _ in members:
                    out[i] = exc
                continue
            sentences = [split_sentences(docs[i].text, tokenize(docs[i].text), language=docs[i].language)
                         for i, _ in members]
            try:
                found = detector.detect_many([docs[i].text for i, _ in members], profile=profile, sentences=sentences)
            except Exception:
                found = None
            for k, (i, method) in enumerate(members):
                try:
                    out[i] = (self._detected(docs[i], method, found[k], sentences[k]) if found is not None
                              else self.detect_doc(docs[i]))
                except Exception as exc:  # reported per document by the caller
                    out[i] = exc
        return out  # type: ignore[return-value]

    def _method_and_profile(self, doc: Doc) -> tuple[str, str]:
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

    def _detected(self, doc: Doc, method: str, entities: list[Entity], sentences: list[Sentence]) -> Doc:
        """``doc`` detected. Raises :class:`StageError` beyond ``max_entities``."""
        _check_entities(len(entities), self.settings.max_entities)
        return doc.evolve(method=method, entities=tuple(entities), chains=()).with_sentences(sentences)

    def _check_method(self, method: str) -> None:
        """Raise :class:`StageError` for an unknown method or one the policy refuses (no document text)."""
        try:
            self.engine.operator(method)
        except KeyError:
            raise StageError(f"unknown anonymization method '{method[:32]}'", "invalid_input") from None
        reason = refusal(method, self.settings.allowed_methods, self.settings.minimum_method)
        if reason:
            raise StageError(reason, "method_not_allowed")

    def _doc(self, record: DetectedDocument | ResolvedDocument) -> Doc:
        """The Doc of a record of an internal topic, its entities, chains and sentences checked once.

        Raises:
            StageError: more entities than ``max_entities`` (``too_expensive``, before any is parsed), or
                malformed entities, chains or sentences (``invalid_input``; :meth:`app.doc.Doc.from_record`).
        """
        _check_entities(len(record.entities), self.settings.max_entities)
        try:
            return Doc.from_record(record)
        except InvalidDoc as exc:
            raise StageError(exc.reason, "invalid_input") from None

    def corefer(self, detected: DetectedDocument) -> ResolvedDocument:
        """Stage 2 on a record: :meth:`corefer_doc` between the record's Doc and ``to_record(ResolvedDocument)``.

        Raises:
            StageError: entities malformed (missing fields, offsets outside the text or not matching it) or
                sentences malformed (``invalid_input``), more than ``max_entities`` (``too_expensive``).
        """
        return self.corefer_doc(self._doc(detected)).to_record(ResolvedDocument)

    def corefer_doc(self, doc: Doc) -> Doc:
        """Stage 2: ``doc`` with the coreference chains over its entities
        (:func:`app.coreference.resolver.resolve_chains`)."""
        return doc.evolve(chains=tuple(resolve_chains(list(doc.entities), doc.language)))

    def anonymize(self, resolved: ResolvedDocument) -> tuple[TranslationRequest, Table]:
        """Stage 3 on a record: the method is checked again (a record on an internal topic), then
        :meth:`anonymize_doc` on the record's Doc.

        Raises:
            StageError: as :meth:`anonymize_doc`, and malformed entities, chains or sentences.
        """
        self._check_method(resolved.method)
        return self._anonymize(self._doc(resolved))

    def anonymize_doc(self, doc: Doc) -> tuple[TranslationRequest, Table]:
        """Stage 3: the anonymized text and its table of solutions, bound to an anonymization id.

        Returns:
            ``(TranslationRequest, Table)``; the request holds no original entity text; both carry the same
            ``anonymization_id`` (:meth:`app.crypto.KeyedHasher.anonymization_id` of the job id and the
            table's content: deterministic, so a redelivered document gets the same id and table).

        Raises:
            StageError: chains that do not cover the entities exactly once, overlapping entities
                (``invalid_input``), an unknown method or one outside the policy, an anonymized text longer than
                ``max_output_chars`` (``too_expensive``).
        """
        self._check_method(doc.method or self.settings.default_method)
        return self._anonymize(doc)

    def _anonymize(self, doc: Doc) -> tuple[TranslationRequest, Table]:
        """:meth:`anonymize_doc` once the method is known to be allowed."""
        method = doc.method or self.settings.default_method
        try:
            result = self.engine.anonymize(
                doc.text,
                list(doc.entities),
                list(doc.chains),
                method=method,
                job_id=doc.job_id,
                language=doc.language,
                sentences=doc.sentence_spans,  # None (a record without them): the engine splits the text, same rule
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
        anonymization_id = self.hasher.anonymization_id(doc.job_id, result.table.to_json(with_id=False))
        request = TranslationRequest(
            job_id=doc.job_id,
            language=doc.language,
            method=method,
            text=result.text,
            placeholders=result.placeholders,
            metadata=doc.metadata,
            anonymization_id=anonymization_id,
        )
        return request, result.table.bound(anonymization_id)

    def run(self, doc: Doc) -> tuple[TranslationRequest, Table]:
        """Detection, coreference and anonymization of ``doc`` in process, Doc to Doc (no record in between):
        what the three agents do to a ``documents`` message, with the same output.

        Raises:
            StageError: as :meth:`detect_doc`, :meth:`corefer_doc` and :meth:`anonymize_doc`.
        """
        return self.anonymize_doc(self.corefer_doc(self.detect_doc(doc)))

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
        return ReidentifiedDocument(job_id=translation.job_id, language=translation.language,
                                    metadata=translation.metadata, anonymization_id=table.anonymization_id,
                                    **_reported(result))


def _reported(result: ReidentificationResult) -> dict[str, Any]:
    """The fields of ``result`` that a ``translation.reidentified`` message carries: those of the same name on
    :class:`ReidentifiedDocument` (``text``, ``restored``, the placeholders, conditions, restorations, unrestored
    marks and refusals; not ``condition``)."""
    return {f.name: getattr(result, f.name) for f in fields(result) if f.name in ReidentifiedDocument._options.fields}


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
