"""One held document under review: the reviewer's entity and chain edits, and what a release publishes.

Entities are :class:`app.doc.Entity` (character offsets into the original text, half-open), kept sorted and
non-overlapping as the anonymization engine requires; each has a chain id. The chains start as the
coreference stage would build them (:func:`app.coreference.resolver.resolve_chains`); the reviewer can then
add, remove and relabel entities and merge or split chains. A release publishes a
:class:`models.records.ResolvedDocument` with the reviewer's entities and chains to ``documents.resolved``,
so the document goes on to anonymization exactly as the worker would anonymize it.

Error messages (:class:`EditError`) name offsets, indices and labels only, never document text.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from app.coreference.resolver import resolve_chains
from app.detection.labels import STANDARD_LABELS
from app.doc import Chain, Entity
from app.review.queue import HeldDocument
from models.records import ResolvedDocument

#: ``Entity.source`` of the entities a reviewer added.
REVIEW_SOURCE = "review"


class EditError(ValueError):
    """An edit that cannot be applied; the message quotes no document text."""


def utf16_to_index(text: str, units: int) -> int:
    """The character (code point) offset of ``units`` UTF-16 code units into ``text``.

    Browsers count selections in UTF-16 code units; a character outside the Basic Multilingual Plane counts
    two there and one in Python.

    Raises:
        EditError: ``units`` is negative, past the end, or inside a surrogate pair.
    """
    if units < 0:
        raise EditError("negative offset")
    count = 0
    for index, char in enumerate(text):
        if count == units:
            return index
        count += 2 if ord(char) > 0xFFFF else 1
        if count > units:
            raise EditError("offset inside a character")
    if count == units:
        return len(text)
    raise EditError("offset after the end of the text")


@dataclass(frozen=True, slots=True)
class Diff:
    """Detected versus released entities, compared by span and label.

    Attributes:
        added: ``list[tuple[int, int, str]]`` spans ``(start, end, label)`` released but not detected
            (with the same span and label).
        removed: spans detected but not released (with the same span and label), minus relabelled ones.
        relabelled: ``list[tuple[int, int, str, str]]`` ``(start, end, detected_label, released_label)``.
    """

    added: list[tuple[int, int, str]]
    removed: list[tuple[int, int, str]]
    relabelled: list[tuple[int, int, str, str]]

    @property
    def changed(self) -> bool:
        return bool(self.added or self.removed or self.relabelled)


def diff_entities(detected: list[Entity], released: list[Entity]) -> Diff:
    """Compare two entity lists of one text (see :class:`Diff`)."""
    before = {(e.start, e.end): e.label for e in detected}
    after = {(e.start, e.end): e.label for e in released}
    relabelled = sorted((s, e, before[(s, e)], after[(s, e)]) for s, e in before.keys() & after.keys()
                        if before[(s, e)] != after[(s, e)])
    same_span = {(s, e) for s, e, _, _ in relabelled}
    added = sorted((s, e, label) for (s, e), label in after.items() if (s, e) not in before)
    removed = sorted((s, e, label) for (s, e), label in before.items() if (s, e) not in after and (s, e) not in same_span)
    return Diff(added, removed, relabelled)


class ReviewDocument:
    """The editable state of one held document.

    Args:
        held: the document as held (its entities must match its text; overlapping or malformed ones are
            dropped, the corefer stage would have refused them).
        labels: the labels a reviewer may give (default: the standard tagset).

    Attributes:
        detected: ``list[Entity]`` as detected (sorted), for the diff of a release.
        entities: ``list[Entity]``, the current entities, sorted, non-overlapping.
        chain_ids: ``list[int]`` parallel to ``entities``.
        version: incremented by every edit.
    """

    def __init__(self, held: HeldDocument, labels: tuple[str, ...] = STANDARD_LABELS) -> None:
        self.held = held
        self.labels = labels
        entities: list[Entity] = []
        for item in held.entities:
            try:
                entity = Entity.from_dict(item)
            except (KeyError, TypeError, ValueError):
                continue
            if entity.end <= len(held.text) and held.text[entity.start:entity.end] == entity.text:
                entities.append(entity)
        entities.sort(key=lambda e: (e.start, e.end))
        kept: list[Entity] = []
        for entity in entities:
            if not kept or entity.start >= kept[-1].end:
                kept.append(entity)
        self.detected = list(kept)
        self.entities = list(kept)
        self.chain_ids = [0] * len(kept)
        for chain in resolve_chains(kept, held.language):
            for mention in chain.mentions:
                self.chain_ids[mention] = chain.chain_id
        self.version = 0
        self.started = time.time()

    # ---------------------------------------------------------------- queries

    @property
    def text(self) -> str:
        return self.held.text

    def chains(self) -> list[Chain]:
        """``list[Chain]`` numbered from 0 in order of first mention, mentions in text order."""
        order: dict[int, int] = {}
        chains: list[Chain] = []
        for index, cid in enumerate(self.chain_ids):
            if cid not in order:
                order[cid] = len(chains)
                chains.append(Chain(len(chains), self.entities[index].label, []))
            chains[order[cid]].mentions.append(index)
        return chains

    def chain_number(self, index: int) -> int:
        """The 1-based number of entity ``index``'s chain, as :meth:`chains` numbers them."""
        for chain in self.chains():
            if index in chain.mentions:
                return chain.chain_id + 1
        raise EditError(f"no entity {index}")

    def merge_candidates(self, index: int) -> list[tuple[int, int]]:
        """The other chains entity ``index``'s chain can absorb (same label): ``[(chain number, first mention)]``."""
        own = self.chain_ids[index]
        label = self.entities[index].label
        return [(chain.chain_id + 1, chain.mentions[0]) for chain in self.chains()
                if chain.label == label and self.chain_ids[chain.mentions[0]] != own]

    def segments(self) -> list[tuple[str, int | None]]:
        """The text cut at entity boundaries: ``[(piece, entity index or None), ...]`` covering the text."""
        out: list[tuple[str, int | None]] = []
        position = 0
        for index, entity in enumerate(self.entities):
            if entity.start > position:
                out.append((self.text[position:entity.start], None))
            out.append((self.text[entity.start:entity.end], index))
            position = entity.end
        if position < len(self.text):
            out.append((self.text[position:], None))
        return out

    def resolved(self) -> ResolvedDocument:
        """The corrected document for ``documents.resolved``."""
        return ResolvedDocument(
            job_id=self.held.job_id, text=self.text, language=self.held.language, method=self.held.method,
            entities=[e.to_dict() for e in self.entities], chains=[c.to_dict() for c in self.chains()],
            metadata=self.held.metadata,
        )

    def diff(self) -> Diff:
        """Detected versus current entities."""
        return diff_entities(self.detected, self.entities)

    def correction(self) -> dict[str, Any]:
        """The training record of a release: text, language, detected and released spans, the diff.

        Returns:
            ``{"version": 1, "job_id", "language", "text", "detected": [[start, end, label], ...],
            "released": [...], "added": [...], "removed": [...], "relabelled": [[s, e, old, new], ...],
            "released_at": float (s since the epoch)}``. It holds document text: store it encrypted only.
        """
        d = self.diff()
        return {
            "version": 1, "job_id": self.held.job_id, "language": self.held.language, "text": self.text,
            "detected": [[e.start, e.end, e.label] for e in self.detected],
            "released": [[e.start, e.end, e.label] for e in self.entities],
            "added": [list(x) for x in d.added], "removed": [list(x) for x in d.removed],
            "relabelled": [list(x) for x in d.relabelled], "released_at": time.time(),
        }

    # ---------------------------------------------------------------- edits

    def _check_index(self, index: int) -> None:
        if not 0 <= index < len(self.entities):
            raise EditError(f"no entity {index}")

    def _check_label(self, label: str) -> None:
        if label not in self.labels:
            raise EditError(f"unknown label {label[:32]!r}")

    def _new_chain_id(self) -> int:
        return max(self.chain_ids, default=-1) + 1

    def add(self, start: int, end: int, label: str) -> int:
        """Add the entity ``text[start:end]`` with ``label`` (surrounding whitespace trimmed).

        It joins the chain of an entity the coreference rules group it with (same label), else a new chain.

        Returns:
            the new entity's index.

        Raises:
            EditError: empty or out-of-range span, unknown label, or overlap with an entity.
        """
        self._check_label(label)
        if not 0 <= start < end <= len(self.text):
            raise EditError(f"span [{start}, {end}) is outside the text")
        while start < end and self.text[start].isspace():
            start += 1
        while end > start and self.text[end - 1].isspace():
            end -= 1
        if start == end:
            raise EditError("the selection is only whitespace")
        for index, other in enumerate(self.entities):
            if other.start < end and start < other.end:
                raise EditError(f"span [{start}, {end}) overlaps entity {index}")
        entity = Entity(start, end, label, self.text[start:end], REVIEW_SOURCE, 1.0)
        position = sum(1 for e in self.entities if e.start < start)
        self.entities.insert(position, entity)
        self.chain_ids.insert(position, -1)
        chain_id = self._new_chain_id()
        for chain in resolve_chains(self.entities, self.held.language):
            if position in chain.mentions:
                mates = [m for m in chain.mentions if m != position and self.entities[m].label == label]
                if mates:
                    chain_id = self.chain_ids[mates[0]]
        self.chain_ids[position] = chain_id
        self.version += 1
        return position

    def remove(self, index: int) -> Entity:
        """Remove entity ``index`` and return it. Raises :class:`EditError` for an unknown index."""
        self._check_index(index)
        self.chain_ids.pop(index)
        self.version += 1
        return self.entities.pop(index)

    def relabel(self, index: int, label: str) -> str:
        """Give entity ``index`` the label ``label``; it leaves a chain whose other mentions keep theirs.

        Returns:
            the previous label. Raises :class:`EditError` (unknown index or label).
        """
        self._check_index(index)
        self._check_label(label)
        old = self.entities[index]
        if old.label == label:
            return label
        self.entities[index] = Entity(old.start, old.end, label, old.text, old.source, old.score)
        if self.chain_ids.count(self.chain_ids[index]) > 1:
            self.chain_ids[index] = self._new_chain_id()
        self.version += 1
        return old.label

    def merge(self, index: int, other: int) -> None:
        """Merge the chain of entity ``other`` into the chain of entity ``index``.

        Raises:
            EditError: unknown index, or the chains have different labels (relabel first).
        """
        self._check_index(index)
        self._check_index(other)
        if self.entities[index].label != self.entities[other].label:
            raise EditError("only chains of the same label can be merged (relabel first)")
        source, target = self.chain_ids[other], self.chain_ids[index]
        self.chain_ids = [target if c == source else c for c in self.chain_ids]
        self.version += 1

    def split(self, index: int) -> None:
        """Move entity ``index`` out of its chain into a chain of its own. Raises :class:`EditError`."""
        self._check_index(index)
        if self.chain_ids.count(self.chain_ids[index]) > 1:
            self.chain_ids[index] = self._new_chain_id()
            self.version += 1
