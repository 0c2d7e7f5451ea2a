"""The anonymization operator interface (Dias, 2016, §4.5; in the style of Presidio's operators).

An operator decides what replaces each mention of a coreference chain. The engine
(:mod:`app.anonymization.engine`) numbers the chains, calls the operator once per chain, rewrites the
text and builds the table of solutions.

Operators must be **deterministic for a given job id** (a redelivered message gives the same output
and the same table): any randomness comes from :meth:`DocumentContext.rng`, seeded by the job id.
"""

from __future__ import annotations

import bisect
import hashlib
import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from collections.abc import Callable, Iterable
from typing import Any, ClassVar

from app.doc import Entity


@dataclass(frozen=True, slots=True)
class ChainContext:
    """One coreference chain as an operator sees it.

    Attributes:
        label: the chain's standard label (``PERSON``, ...).
        chain_id: the chain's id in the document (0-based, order of first mention).
        ordinal: 1-based number of the chain among the chains of the same label, in order of first
            appearance (Kleinberg & Mozes, 2017: "the entity type and the corresponding index of occurrence").
        surfaces: distinct original surfaces of the chain's mentions, in text order.
        mentions: every mention's surface, in text order (one replacement is returned per mention).
        spans: every mention's ``(start, end)`` in the original text (half-open), same order.
    """

    label: str
    chain_id: int
    ordinal: int
    surfaces: tuple[str, ...]
    mentions: tuple[str, ...] = ()
    spans: tuple[tuple[int, int], ...] = ()


@dataclass(slots=True)
class DocumentContext:
    """The document-wide state an operator may need.

    Attributes:
        text: the original text (to avoid surrogates that already occur in it).
        job_id: the job id (seed of :meth:`rng`).
        language: ISO 639-1 code.
        surfaces: every entity surface of the document (collision checks).
        used: replacements already given to other chains (collision checks); operators add theirs.
        memo: per-document memory of operators, ``{namespace: {original: replacement}}`` (e.g. the
            surrogate chosen for a name word, reused by every chain that contains the word).
        indexes: per-document lookup structures derived from ``text``, ``surfaces`` and ``used``
            (:meth:`index`), so that collision checks cost O(1) per candidate instead of a scan of
            every replacement or of the whole text (issue 15: thousands of entities were quadratic).
        derived: per-document values computed once from ``text`` and ``surfaces`` (:meth:`derived_value`: the
            text's word positions, the text without its entity surfaces, the placeholder-like marks already in it
            and their keys). They live and die with the document:
            no module-level cache may hold a document's text or entities (README "Security", rule 3).
        sentences: ``((start, end), ...)`` of the document's sentences, character offsets into :attr:`text`
            (half-open), sorted and disjoint, as detection split them (:attr:`app.doc.Doc.sentence_spans`, carried
            on ``documents.detected`` / ``documents.resolved`` as ``sentences``); ``None`` when unknown (a record
            without them, a direct call with only the text): :meth:`sentence_start` then splits the text with
            :func:`app.doc.sentence_spans`, the same rule.
    """

    text: str
    job_id: str
    language: str
    surfaces: frozenset[str] = frozenset()
    used: set[str] = field(default_factory=lambda: UsedSet())
    memo: dict[str, dict[str, str]] = field(default_factory=dict)
    indexes: dict[str, Any] = field(default_factory=dict)
    derived: dict[str, Any] = field(default_factory=dict)
    sentences: tuple[tuple[int, int], ...] | None = None
    _sentence_index: tuple[tuple[tuple[int, int], ...], list[int]] | None = field(
        default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.used, UsedSet):
            self.used = UsedSet(self.used)

    def sentence_start(self, offset: int) -> int:
        """The start of the sentence in which character ``offset`` of :attr:`text` lies: the start of the last
        sentence starting at or before ``offset``; ``offset`` itself when it lies before the first sentence or
        after the end of that one (between sentences, it opens one). O(log n) after the first call, which splits
        the text when :attr:`sentences` is ``None`` (:func:`app.doc.sentence_spans`, once per document)."""
        if self.sentences is None:
            from app.doc import sentence_spans

            self.sentences = sentence_spans(self.text)
        if self._sentence_index is None or self._sentence_index[0] is not self.sentences:
            self._sentence_index = (self.sentences, [start for start, _ in self.sentences])
        i = bisect.bisect_right(self._sentence_index[1], offset) - 1
        if i < 0 or offset >= self.sentences[i][1]:
            return offset
        return self.sentences[i][0]

    def derived_value(self, name: str, compute: Callable[[], Any]) -> Any:
        """``compute()`` on the first call for ``name``, the same object on later calls: for values that depend only
        on :attr:`text` and :attr:`surfaces`, which never change. Kept in :attr:`derived`, i.e. for this
        document's lifetime only."""
        if name not in self.derived:
            self.derived[name] = compute()
        return self.derived[name]

    def source_marks(self) -> list[Any]:
        """The placeholder-like marks already written in :attr:`text` (escapes decoded:
        :func:`app.reidentification.matching.find_placeholders` of its clean view, loose marks included), found once
        per document: the ``tag`` operator keeps their keys free and the table counts them."""
        def find() -> list[Any]:
            from app.reidentification.matching import clean_view, find_placeholders

            return find_placeholders(clean_view(self.text).text, loose=True)

        return self.derived_value("source-marks", find)

    def use(self, replacements: Iterable[str]) -> None:
        """Add ``replacements`` to :attr:`used` (what the engine calls after each chain)."""
        self.used.update(replacements)

    def index(self, name: str, build: Callable[[str], Any], add: Callable[[Any, str], None]) -> Any:
        """A lookup structure over :attr:`used`, kept up to date incrementally.

        Args:
            name: the index's name (one per kind of lookup).
            build: ``build(text)`` → a new, empty index (e.g. from the text's words); called once.
            add: ``add(index, replacement)`` adds one used replacement to it.

        Returns:
            The index, covering every replacement in :attr:`used`: replacements added since the last call
            are added in O(new); after a removal from :attr:`used` the index is rebuilt (O(len(used))).
        """
        used = self.used
        entry = self.indexes.get(name)
        if entry is None or entry[2] != used.removals:
            entry = self.indexes[name] = [build(self.text), 0, used.removals]
        for replacement in used.added[entry[1] :]:
            if replacement in used:
                add(entry[0], replacement)
        entry[1] = len(used.added)
        return entry[0]

    def rng(self, *salt: object) -> random.Random:
        """A random generator seeded by the job id and ``salt`` (deterministic per job)."""
        digest = hashlib.sha256("\x1f".join([self.job_id, *map(str, salt)]).encode("utf-8", "surrogatepass")).digest()
        return random.Random(int.from_bytes(digest[:8], "big"))


class UsedSet(set):
    """A set of replacements that records additions in order (:attr:`added`) and counts removals, so that
    :meth:`DocumentContext.index` can catch up in O(new) and rebuild after a removal."""

    def __init__(self, items: Iterable[str] = ()) -> None:
        super().__init__()
        self.added: list[str] = []
        self.removals = 0
        self.update(items)

    def add(self, item: str) -> None:
        if item not in self:
            super().add(item)
            self.added.append(item)

    def update(self, *iterables: Iterable[str]) -> None:
        for iterable in iterables:
            for item in iterable:
                self.add(item)

    def __ior__(self, other):  # type: ignore[override]
        self.update(other)
        return self

    def discard(self, item: str) -> None:
        if item in self:
            super().discard(item)
            self.removals += 1

    def remove(self, item: str) -> None:
        super().remove(item)
        self.removals += 1

    def pop(self) -> str:
        self.removals += 1
        return super().pop()

    def clear(self) -> None:
        super().clear()
        self.removals += 1

    def __isub__(self, other):  # type: ignore[override]
        for item in list(other):
            self.discard(item)
        return self

    def __iand__(self, other):  # type: ignore[override]
        for item in [i for i in self if i not in other]:
            self.discard(item)
        return self

    def __ixor__(self, other):  # type: ignore[override]
        for item in list(other):
            if item in self:
                self.discard(item)
            else:
                self.add(item)
        return self

    def difference_update(self, *others: Iterable[str]) -> None:
        for other in others:
            self.__isub__(other)

    def intersection_update(self, *others: Iterable[str]) -> None:
        for other in others:
            self.__iand__(set(other))

    def symmetric_difference_update(self, other: Iterable[str]) -> None:
        self.__ixor__(set(other))


class Operator(ABC):
    """Base class of anonymization methods.

    Class attributes:
        name: the method's registry name (what documents put in ``method``).
        unique: ``True`` when each chain gets replacements of its own, so re-identification can find
            them by their marks (Dias, 2016, §6.1 condition 2); ``False`` when every chain gets the same
            mark and re-identification goes by order of appearance (condition 3).
        surrogate_caches: ``True`` when it draws from the surrogate pools, whose disk caches the stage zygote builds
            before warming it up (:meth:`app.pipeline.Pipeline.prepare_caches`).
    """

    name: ClassVar[str] = ""
    unique: ClassVar[bool] = True
    #: ``True`` when the method reads the surrogate caches (:func:`app.anonymization.surrogates.prepare_caches`)
    surrogate_caches: ClassVar[bool] = False

    def __init__(self, **options: Any) -> None:
        self.options = options

    def warm_up(self, language: str) -> None:
        """Load what this method needs for ``language`` (lexicons, knowledge base, surrogate pools) now rather than
        in its first document. The stage zygote calls it for every allowed method and preloaded language before
        the stage processes fork (:func:`app.isolation.load_language`), so they share what it loads and no first
        document pays for it (which took 1–4 s of CPU per language for ``substitute`` and ``generalize``: more than
        a batch's budget, issue 18). Must not change any output. Default: nothing to load."""

    def select(self, text: str, entities: list[Entity], language: str) -> list[Entity]:
        """The spans this method replaces: by default the detected entities. Methods that are not
        entity-based (``ukds``) return their own spans (non-overlapping, sorted by start)."""
        return entities

    @abstractmethod
    def replace(self, chain: ChainContext, document: DocumentContext) -> list[str]:
        """One replacement per mention of ``chain`` (``len(result) == len(chain.mentions)``).

        Must be deterministic given ``chain`` and ``document`` (use ``document.rng(...)``).
        """
