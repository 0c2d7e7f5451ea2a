"""The anonymization engine: applies the configured operator per label and builds the table of solutions.

Dias, 2016, §4.2.5: "by default, the anonymization process assigns a unique replacement expression to each
mention by using the coreference chains"; §4.4 and Appendix B.2: the table of solutions holds every
replacement with its original surfaces and positions.

The table of solutions is a typed :class:`app.table.Table` (its JSON form is documented there).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from app.anonymization.base import ChainContext, DocumentContext, Operator
from app.anonymization.registry import create_operator
from app.doc import Chain, Entity
from app.table import MentionRecord, Table, TableEntry


class InvalidAnnotation(ValueError):
    """Entities or chains that cannot be anonymized; the message never quotes document text."""


@dataclass(slots=True)
class AnonymizedDocument:
    """The engine's result.

    Attributes:
        text: the anonymized text.
        placeholders: ``list[str]`` of distinct replacements in order of first appearance.
        table: the table of solutions (:class:`app.table.Table`, not yet bound to an anonymization id).
    """

    text: str
    placeholders: list[str]
    table: Table


class AnonymizerEngine:
    """Replace entities chain by chain with the operator configured for each label.

    Args:
        operator_options: options per method name, e.g. ``{"suppress": {"mask": "***"}}``.
        label_methods: method per label overriding the document's method, e.g. ``{"DATE": "suppress"}``.
    """

    def __init__(
        self,
        operator_options: dict[str, dict[str, Any]] | None = None,
        label_methods: dict[str, str] | None = None,
    ) -> None:
        self.operator_options = operator_options or {}
        self.label_methods = label_methods or {}
        self._operators: dict[str, Operator] = {}

    def operator(self, method: str) -> Operator:
        """The operator instance of ``method``. Raises ``KeyError`` for an unknown method."""
        if method not in self._operators:
            self._operators[method] = create_operator(method, **self.operator_options.get(method, {}))
        return self._operators[method]

    def warm_up(self, methods: Iterable[str], language: str) -> None:
        """Load what the operators of ``methods`` (and of :attr:`label_methods`) need for ``language``
        (:meth:`app.anonymization.base.Operator.warm_up`), so that no first document pays for it.

        Raises:
            KeyError: an unknown method.
        """
        for method in dict.fromkeys([*methods, *self.label_methods.values()]):
            self.operator(method).warm_up(language)

    def anonymize(
        self,
        text: str,
        entities: list[Entity],
        chains: list[Chain],
        *,
        method: str,
        job_id: str,
        language: str,
        sentences: Sequence[tuple[int, int]] | None = None,
    ) -> AnonymizedDocument:
        """Anonymize ``text``.

        Args:
            entities: non-overlapping ``list[Entity]`` sorted by start (offsets into ``text``).
            chains: ``list[Chain]`` covering every entity index exactly once.
            method: the document's method (registry name); per-label overrides apply first. A method
                that selects its own spans (``Operator.select``, e.g. ``ukds``) replaces each span on its
                own (one chain per span).
            sentences: ``[(start, end), ...]`` of the sentences as detection split them (character offsets into
                ``text``, half-open, sorted and disjoint; :attr:`app.doc.Doc.sentence_spans`), given to the
                operators as :attr:`DocumentContext.sentences` (whether a mention opens a sentence, the word
                before it); ``None``: the operators split ``text`` with the same rule
                (:func:`app.doc.sentence_spans`).

        Returns:
            :class:`AnonymizedDocument`; deterministic for the same inputs and ``job_id``.

        Raises:
            KeyError: unknown method.
            ValueError: entities overlap, chains do not cover the entities exactly once, or an
                operator returned the wrong number of replacements.
        """
        _check(entities, chains, len(text))
        selected = self.operator(method).select(text, entities, language)
        if selected is not entities:
            entities = selected
            chains = [Chain(chain_id=i, label=e.label, mentions=[i]) for i, e in enumerate(entities)]
            _check(entities, chains, len(text))
        document = DocumentContext(text=text, job_id=job_id, language=language, surfaces=frozenset(e.text for e in entities),
                                   sentences=None if sentences is None else tuple((int(s), int(e)) for s, e in sentences))
        ordinals: dict[str, int] = {}
        entries: list[TableEntry] = []
        replacement_of: dict[int, tuple[int, str]] = {}  # entity index -> (entry index, replacement)
        for chain in sorted(chains, key=lambda c: min(c.mentions)):
            ordinals[chain.label] = ordinals.get(chain.label, 0) + 1
            mentions = sorted(chain.mentions)
            surfaces = tuple(dict.fromkeys(entities[i].text for i in mentions))
            operator = self.operator(self.label_methods.get(chain.label, method))
            context = ChainContext(
                chain.label,
                chain.chain_id,
                ordinals[chain.label],
                surfaces,
                tuple(entities[i].text for i in mentions),
                tuple((entities[i].start, entities[i].end) for i in mentions),
            )
            replacements = operator.replace(context, document)
            if len(replacements) != len(mentions):
                raise ValueError(f"operator {operator.name!r} returned {len(replacements)} replacements for {len(mentions)} mentions")
            document.use(replacements)
            entries.append(
                TableEntry(
                    placeholder=replacements[0],
                    method=operator.name,
                    unique=operator.unique,
                    label=chain.label,
                    chain_id=chain.chain_id,
                    surfaces=list(surfaces),
                )
            )
            for i, replacement in zip(mentions, replacements):
                replacement_of[i] = (len(entries) - 1, replacement)

        pieces: list[str] = []
        cursor = 0
        out_len = 0
        placeholders: dict[str, None] = {}
        for i, entity in enumerate(entities):
            entry_index, replacement = replacement_of[i]
            before = text[cursor : entity.start]
            pieces.append(before)
            out_len += len(before)
            pieces.append(replacement)
            entries[entry_index].mentions.append(
                MentionRecord(
                    text=entity.text,
                    start=entity.start,
                    end=entity.end,
                    replacement=replacement,
                    anon_start=out_len,
                    anon_end=out_len + len(replacement),
                )
            )
            out_len += len(replacement)
            placeholders.setdefault(replacement, None)
            cursor = entity.end
        pieces.append(text[cursor:])
        anonymized = "".join(pieces)
        table = Table(
            job_id=job_id,
            language=language,
            method=method,
            anon_length=len(anonymized),
            anon_sha256=hashlib.sha256(anonymized.encode("utf-8", "surrogatepass")).hexdigest(),
            entries=entries,
            source_marks=_source_marks(document),
        )
        return AnonymizedDocument(text=anonymized, placeholders=list(placeholders), table=table)


def _source_marks(document: DocumentContext) -> int:
    """Mark-like tokens in the original text (escapes decoded): bracketed ones, and unbracketed ones whose
    label is a known one (``PERSON_1``)."""
    return sum(1 for m in document.source_marks() if not m.loose or m.key is not None)


def _check(entities: list[Entity], chains: list[Chain], text_length: int) -> None:
    previous_end = 0
    for entity in entities:
        if entity.start < previous_end:
            raise InvalidAnnotation("entities overlap or are not sorted by start")
        if entity.end > text_length:
            raise InvalidAnnotation("an entity ends after the end of the text")
        previous_end = entity.end
    covered = sorted(i for chain in chains for i in chain.mentions)
    if covered != list(range(len(entities))):
        raise InvalidAnnotation("coreference chains must cover every entity exactly once")
