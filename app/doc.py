"""Core data model: a document with its tokens, sentences, entities and coreference chains.

All offsets are character offsets into the original document text, half-open
(``text[start:end]``), in the spirit of spaCy's ``Doc``/``Span``. The objects are
plain dataclasses so every stage can serialize them to JSON and back
without losing information.

:class:`Doc` is what the stages of :class:`app.pipeline.Pipeline` work on in process; the Kafka records of
:mod:`models.records` meet it in one place only, :meth:`Doc.from_record` / :meth:`Doc.to_record`, where the
entities, chains and sentences of a message are checked once.
"""

from __future__ import annotations

import bisect
from dataclasses import asdict, dataclass, field, replace
from functools import cached_property
from typing import Any, TypeVar


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


_SET_TEXT = Token.__dict__["text"].__set__
_SET_START = Token.__dict__["start"].__set__
_SET_END = Token.__dict__["end"].__set__


def _token_init(self: Token, text: str, start: int, end: int) -> None:
    """``Token(text, start, end)``, setting the fields through their slot descriptors: the frozen dataclass's own
    ``__init__`` goes through ``object.__setattr__`` once per field (1.4 µs per token against 0.47 µs on the
    development VM; a document makes a few hundred tokens). Tokens stay frozen, hashable and equal by value."""
    _SET_TEXT(self, text)
    _SET_START(self, start)
    _SET_END(self, end)


_token_init.__qualname__ = "Token.__init__"
Token.__init__ = _token_init  # type: ignore[method-assign]


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
        """``{"start", "end", "label", "text", "source", "score"}``, in field order (as ``dataclasses.asdict``, whose
        recursive deep copy cost ~6 % of the CPU of a short document's detection; every field is immutable)."""
        return {"start": self.start, "end": self.end, "label": self.label, "text": self.text, "source": self.source,
                "score": self.score}

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


class InvalidDoc(ValueError):
    """A record whose entities, chains or sentences cannot make a :class:`Doc`; ``reason`` is safe to publish
    (it names indices and offsets, never document text)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


R = TypeVar("R")


@dataclass(frozen=True, eq=True)
class Doc:
    """A document as the pipeline sees it, from detection to anonymization (Dias, 2016, §4.2: detection, then
    coreference, then anonymization of the same text).

    Attributes:
        job_id: the job id (key of every message of the document).
        text: the original text; every offset below indexes it (characters, half-open).
        language: ISO 639-1 code.
        method: the anonymization method (``None`` before detection picks the deployment's default).
        privacy_profile: the profile the producer asked for (``None``: the deployment's); detection only.
        metadata: the producer's object, passed through untouched (``None`` when absent).
        entities: ``tuple[Entity, ...]`` sorted by ``(start, end)`` (empty before detection).
        chains: ``tuple[Chain, ...]`` whose ``mentions`` index :attr:`entities` (empty before coreference).
        sentence_spans: ``((start, end), ...)`` of the sentences, sorted and disjoint, as detection split them
            (carried on ``documents.detected`` / ``documents.resolved`` as ``sentences``; anonymization reads them,
            :attr:`app.anonymization.base.DocumentContext.sentences`); ``None`` when unknown (a record without
            them): :attr:`sentences` then splits the text again, as :func:`sentence_spans` does.

    The invariants (entities inside the text and equal to ``text[start:end]``, chain indices, sentence spans) are
    checked once, by :meth:`from_record`; a ``Doc`` built directly is trusted.
    """

    job_id: str
    text: str
    language: str = "en"
    method: str | None = None
    privacy_profile: str | None = None
    metadata: dict | None = None
    entities: tuple[Entity, ...] = ()
    chains: tuple[Chain, ...] = ()
    sentence_spans: tuple[tuple[int, int], ...] | None = None

    @cached_property
    def sentences(self) -> tuple[Sentence, ...]:
        """The sentences with their tokens (:mod:`app.tokenization`), computed on first use: the tokens of the text
        grouped by :attr:`sentence_spans` (a token belongs to the span it lies in; a span without a whole token
        is left out), or, when those are unknown, :func:`app.tokenization.split_sentences` of the text (what
        detection does)."""
        from app.tokenization import split_sentences, tokenize

        tokens = tokenize(self.text)
        if self.sentence_spans is None:
            return tuple(split_sentences(self.text, tokens, language=self.language))
        out: list[Sentence] = []
        k = 0
        for start, end in self.sentence_spans:
            while k < len(tokens) and tokens[k].start < start:
                k += 1
            first = k
            while k < len(tokens) and tokens[k].end <= end:
                k += 1
            if k > first:
                out.append(Sentence(tuple(tokens[first:k])))
        return tuple(out)

    def evolve(self, **changes: Any) -> "Doc":
        """A copy with ``changes`` (field names as keywords, :func:`dataclasses.replace`), keeping the computed
        :attr:`sentences` when neither the text nor the sentence spans change."""
        doc = replace(self, **changes)
        if "sentences" in self.__dict__ and doc.text == self.text and doc.sentence_spans == self.sentence_spans:
            doc.__dict__["sentences"] = self.__dict__["sentences"]
        return doc

    def with_sentences(self, sentences: list[Sentence] | tuple[Sentence, ...]) -> "Doc":
        """A copy with these sentences (as detection split them): :attr:`sentence_spans` from their offsets, and
        :attr:`sentences` these very objects (no second tokenization)."""
        doc = replace(self, sentence_spans=tuple((s.start, s.end) for s in sentences))
        doc.__dict__["sentences"] = tuple(sentences)  # cached_property's slot: a frozen dataclass has a __dict__
        return doc

    def sentence_of(self, entity: Entity) -> Sentence | None:
        """The sentence in which ``entity`` starts, or ``None`` (it starts between sentences)."""
        sentences = self.sentences
        i = bisect.bisect_right([s.start for s in sentences], entity.start) - 1
        if i >= 0 and entity.start < sentences[i].end:
            return sentences[i]
        return None

    # --- the edge: Kafka records -------------------------------------------------------------------------

    @classmethod
    def from_record(cls, record: Any) -> "Doc":
        """The ``Doc`` of a :class:`models.records.Document`, ``DetectedDocument`` or ``ResolvedDocument``.

        Entities are parsed, checked against the text (the reasons name the entity's index in the record) and
        sorted by ``(start, end)``; chains are parsed (their indices refer to the sorted entities); sentences
        (``[[start, end], ...]``, optional) must be sorted, disjoint and inside the text.

        Raises:
            InvalidDoc: malformed entities, chains or sentences, with a reason that quotes no document text.
            TypeError: ``record`` is none of the three records.
        """
        from models.records import DetectedDocument, Document, ResolvedDocument

        if isinstance(record, Document):
            return cls(job_id=record.job_id, text=record.text, language=record.language, method=record.method,
                       privacy_profile=record.privacy_profile, metadata=record.metadata)
        if not isinstance(record, (DetectedDocument, ResolvedDocument)):
            raise TypeError(f"no Doc for a {type(record).__name__}")
        entities = _parse_entities(record.entities, record.text)
        chains = _parse_chains(record.chains) if isinstance(record, ResolvedDocument) else ()
        return cls(job_id=record.job_id, text=record.text, language=record.language, method=record.method,
                   metadata=record.metadata, entities=entities, chains=chains,
                   sentence_spans=_parse_sentence_spans(record.sentences, len(record.text)))

    def to_record(self, kind: type[R]) -> R:
        """This document as a record of class ``kind`` (``Document``, ``DetectedDocument`` or
        ``ResolvedDocument`` of :mod:`models.records`); ``sentences`` is written when :attr:`sentence_spans` is
        known. ``Doc.from_record(r).to_record(type(r))`` is ``r`` for every record the pipeline writes.

        Raises:
            ValueError: ``kind`` needs a method and the document has none.
            TypeError: ``kind`` is none of the three records.
        """
        from models.records import DetectedDocument, Document, ResolvedDocument

        if kind is Document:
            return kind(job_id=self.job_id, text=self.text, language=self.language, method=self.method,
                        metadata=self.metadata, privacy_profile=self.privacy_profile)
        if kind not in (DetectedDocument, ResolvedDocument):
            raise TypeError(f"no record of kind {getattr(kind, '__name__', kind)!r}")
        if self.method is None:
            raise ValueError("a detected or resolved document needs a method")
        fields: dict[str, Any] = dict(
            job_id=self.job_id, text=self.text, language=self.language, method=self.method,
            entities=[e.to_dict() for e in self.entities], metadata=self.metadata,
            sentences=None if self.sentence_spans is None else [[s, e] for s, e in self.sentence_spans],
        )
        if kind is ResolvedDocument:
            fields["chains"] = [c.to_dict() for c in self.chains]
        return kind(**fields)


def sentence_spans(text: str) -> tuple[tuple[int, int], ...]:
    """The sentences of ``text`` as detection splits them: ``((start, end), ...)``, character offsets, half-open,
    sorted and disjoint (those of :attr:`Doc.sentences` of a ``Doc`` without :attr:`~Doc.sentence_spans`, i.e.
    :func:`app.tokenization.split_sentences` of the text's tokens).

    What a stage after detection uses when it has only the text, or a record without ``sentences``: one splitting
    rule for the whole pipeline, never a second one.
    """
    return tuple((s.start, s.end) for s in Doc(job_id="", text=text).sentences)


def _parse_entities(raw: list, text: str) -> tuple[Entity, ...]:
    """Entity dicts of a record, checked against ``text`` and sorted by ``(start, end)``.

    Raises:
        InvalidDoc: ``entity <i>: ...`` for the first malformed item (index in record order).
    """
    entities: list[Entity] = []
    for i, item in enumerate(raw):
        if not isinstance(item, dict):
            raise InvalidDoc(f"entity {i} is not an object")
        try:
            entity = Entity.from_dict(item)
        except (KeyError, TypeError, ValueError) as exc:
            reason = f"missing field {exc}" if isinstance(exc, KeyError) else "bad field types or span"
            raise InvalidDoc(f"entity {i}: {reason}") from None
        if entity.end > len(text) or text[entity.start : entity.end] != entity.text:
            raise InvalidDoc(f"entity {i}: span [{entity.start}, {entity.end}) does not match the text")
        entities.append(entity)
    entities.sort(key=lambda e: (e.start, e.end))
    return tuple(entities)


def _parse_chains(raw: list) -> tuple[Chain, ...]:
    """Chain dicts of a record (whether they cover the entities is the engine's check).

    Raises:
        InvalidDoc: a field is missing or has the wrong type (the reasons the anonymize stage always gave).
    """
    try:
        return tuple(Chain.from_dict(c) for c in raw)
    except KeyError:
        raise InvalidDoc("invalid chains (a field is missing) or unknown method") from None
    except (TypeError, ValueError) as exc:  # a foreign message may quote the document: never use it
        raise InvalidDoc(f"invalid entities or chains ({type(exc).__name__})") from None


def _parse_sentence_spans(raw: list | None, length: int) -> tuple[tuple[int, int], ...] | None:
    """The optional ``sentences`` of a record: ``[[start, end], ...]``, ``0 <= start < end <= length``, sorted and
    disjoint; ``None`` when absent.

    Raises:
        InvalidDoc: ``sentence <i>: ...`` for the first malformed item.
    """
    if raw is None:
        return None
    spans: list[tuple[int, int]] = []
    previous_end = 0
    for i, item in enumerate(raw):
        if not (isinstance(item, list) and len(item) == 2
                and all(isinstance(x, int) and not isinstance(x, bool) for x in item)):
            raise InvalidDoc(f"sentence {i} is not a pair of character offsets [start, end]")
        start, end = item
        if not previous_end <= start < end <= length:
            raise InvalidDoc(f"sentence {i}: span [{start}, {end}) is empty, outside the text, "
                             "or not after the previous sentence")
        spans.append((start, end))
        previous_end = end
    return tuple(spans)
