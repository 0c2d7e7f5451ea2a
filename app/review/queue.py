"""The ``documents.review`` topic: held documents and release markers, and the queue read back from it.

Where held documents live between hold and release: **only in Kafka** (topic ``documents.review``, with the
retention the operator gives it, which must exceed the longest review) and, while the review application
runs, in its memory. The application reads the topic from the earliest offset without a consumer group at
every start, so a restart loses no held document; nothing else stores their text (the reviewer's unfinished
edits live in the application's memory only, see ``docs/review.md``).

Messages on the topic, keyed by ``job_id`` (so a job's hold and its release marker share a partition, in
order):

- a **hold**: the ``documents.detected`` message plus ``"review_reasons": list[str]``, written by the detect
  agent (:func:`held_message`);
- a **release marker**: ``{"job_id": str, "released": true}``, written by the review application after the
  corrected document was published (:func:`release_marker`).

The queue is idempotent: a hold redelivered under at-least-once delivery replaces the pending entry of its
job (same content), and a hold that arrives after its job's release marker is ignored.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import orjson

from models.records import InvalidMessage, decode_detected, parse_object

log = logging.getLogger(__name__)


def held_message(detected: dict[str, Any], reasons: list[str]) -> bytes:
    """The hold of a detected document (``DetectedDocument.asdict()``) for ``reasons``, as JSON bytes."""
    return orjson.dumps({**detected, "review_reasons": list(reasons)})


def release_marker(job_id: str) -> bytes:
    """The release marker of ``job_id`` as JSON bytes."""
    return orjson.dumps({"job_id": job_id, "released": True})


@dataclass(slots=True)
class HeldDocument:
    """A document waiting for review.

    Attributes:
        job_id, text, language, method, metadata: as on ``documents.detected``.
        entities: ``list[dict]`` of the detected entities (:class:`app.doc.Entity` fields).
        reasons: why the policy held it (:data:`app.review.policy.REASONS`).
        held_at_ms: the Kafka record timestamp of the hold (ms since the epoch).
    """

    job_id: str
    text: str
    language: str
    method: str
    entities: list
    metadata: dict | None
    reasons: list[str]
    held_at_ms: int


class ReviewQueue:
    """Pending held documents by job id, built from the records of ``documents.review`` (no I/O)."""

    def __init__(self) -> None:
        self._pending: dict[str, HeldDocument] = {}
        self._released: set[str] = set()
        self.skipped = 0

    def apply(self, value: bytes | None, timestamp_ms: int = 0) -> str | None:
        """Apply one record of the topic.

        Returns:
            the job id it concerned, or ``None`` for a record that is neither a hold nor a release marker
            (counted in :attr:`skipped` and logged by offset-free reason only, never content).
        """
        try:
            data = parse_object(value)
            job_id = data.get("job_id")
            if isinstance(job_id, str) and job_id and data.get("released") is True:
                self.mark_released(job_id)
                return job_id
            detected = decode_detected(value)
        except InvalidMessage as exc:
            self.skipped += 1
            log.warning("documents.review: skipped a record that is neither a hold nor a release (%s)", exc.reason)
            return None
        if detected.job_id not in self._released:
            reasons = data.get("review_reasons")
            self._pending[detected.job_id] = HeldDocument(
                job_id=detected.job_id, text=detected.text, language=detected.language, method=detected.method,
                entities=list(detected.entities), metadata=detected.metadata,
                reasons=[r for r in reasons if isinstance(r, str)] if isinstance(reasons, list) else [],
                held_at_ms=timestamp_ms,
            )
        return detected.job_id

    def mark_released(self, job_id: str) -> None:
        """Remove ``job_id`` from the queue for good (later holds of it are ignored)."""
        self._released.add(job_id)
        self._pending.pop(job_id, None)

    def get(self, job_id: str) -> HeldDocument | None:
        """The pending document of ``job_id``, or ``None`` (unknown or released)."""
        return self._pending.get(job_id)

    def is_released(self, job_id: str) -> bool:
        """True once a release marker of ``job_id`` was applied."""
        return job_id in self._released

    def pending(self) -> list[HeldDocument]:
        """Pending documents, oldest hold first (``list[HeldDocument]``)."""
        return sorted(self._pending.values(), key=lambda d: (d.held_at_ms, d.job_id))

    def __len__(self) -> int:
        return len(self._pending)
