"""What the review application does, without HTTP: open, edit, preview, release, leave.

:class:`ReviewService` ties the queue (:mod:`app.review.queue`), the lease (:mod:`app.review.lease`), the
audit log (:mod:`app.review.audit`) and the corrections store together; :class:`KafkaLink` reads
``documents.review`` into the queue and publishes releases. The web layer (:mod:`app.review.web`) only
parses requests and renders templates.

Release, in order: the correction record is written (encrypted, idempotent per job), the corrected document
goes to ``documents.resolved`` (acknowledged by the broker), then the release marker to ``documents.review``.
A crash between the last two steps leaves the document in the queue; releasing it again publishes the same
document again (the anonymize stage is idempotent: same text, same table), so a release is at-least-once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from app.pipeline import Pipeline, StageError
from app.review.audit import AuditLog
from app.review.corrections import CorrectionStore
from app.review.lease import ReviewLease
from app.review.queue import ReviewQueue, release_marker
from app.review.session import EditError, ReviewDocument
from app.settings import Settings

log = logging.getLogger(__name__)

#: ``send(topic, key, value)``: publish and wait for the broker's acknowledgement.
Send = Callable[[str, str, bytes], Awaitable[None]]


class NotHeld(LookupError):
    """The job is not (or no longer) waiting for review."""


class Locked(RuntimeError):
    """Another reviewer holds the document's lease; ``holder`` names them."""

    def __init__(self, holder: str) -> None:
        super().__init__(f"the document is being reviewed by {holder}")
        self.holder = holder


class ReviewService:
    """The review application's operations.

    Args:
        settings: topics, lease and corrections settings.
        queue: the held documents.
        lease: the leases.
        audit: the audit log.
        corrections: where release records go (``None``: not recorded).
        send: how to publish (:data:`Send`).
        pipeline: for the anonymized preview (default: one built from ``settings``; no NER model is loaded).
    """

    def __init__(self, settings: Settings, queue: ReviewQueue, lease: ReviewLease, audit: AuditLog,
                 corrections: CorrectionStore | None, send: Send, pipeline: Pipeline | None = None) -> None:
        self.settings = settings
        self.queue = queue
        self.lease = lease
        self.audit = audit
        self.corrections = corrections
        self.send = send
        self.pipeline = pipeline or Pipeline(settings)
        self.drafts: dict[str, ReviewDocument] = {}

    async def holders(self) -> dict[str, str | None]:
        """``{job_id: reviewer holding it or None}`` for every pending document."""
        return {d.job_id: await self.lease.holder(d.job_id) for d in self.queue.pending()}

    async def open(self, job_id: str, user: str) -> ReviewDocument:
        """Take the lease of ``job_id`` and return its draft (created from the held document on first open).

        Raises:
            NotHeld: unknown or released job. Locked: another reviewer holds it.
        """
        held = self.queue.get(job_id)
        if held is None:
            self.drafts.pop(job_id, None)
            raise NotHeld(job_id)
        holder = await self.lease.acquire(job_id, user)
        if holder != user:
            raise Locked(holder)
        if job_id not in self.drafts:
            self.drafts[job_id] = ReviewDocument(held)
            self.audit.write(user, "open", job_id, entities=len(self.drafts[job_id].entities), reasons=held.reasons)
        return self.drafts[job_id]

    async def edit(self, job_id: str, user: str, action: str, **params: Any) -> ReviewDocument:
        """Apply one edit (``add``: start, end, label; ``remove``: index; ``relabel``: index, label;
        ``merge``: index, other; ``split``: index) and audit it.

        Raises:
            NotHeld, Locked: as :meth:`open`. EditError: the edit is invalid (nothing changed, nothing audited).
        """
        doc = await self.open(job_id, user)
        if action == "add":
            index = doc.add(int(params["start"]), int(params["end"]), str(params["label"]))
            e = doc.entities[index]
            details = {"start": e.start, "end": e.end, "label": e.label}
        elif action == "remove":
            e = doc.remove(int(params["index"]))
            details = {"start": e.start, "end": e.end, "label": e.label}
        elif action == "relabel":
            index = int(params["index"])
            old = doc.relabel(index, str(params["label"]))
            e = doc.entities[index]
            details = {"start": e.start, "end": e.end, "from": old, "to": e.label}
        elif action == "merge":
            a, b = int(params["index"]), int(params["other"])
            spans = [[doc.entities[i].start, doc.entities[i].end] for i in (a, b)]
            doc.merge(a, b)
            details = {"spans": spans}
        elif action == "split":
            index = int(params["index"])
            doc.split(index)
            details = {"start": doc.entities[index].start, "end": doc.entities[index].end}
        else:
            raise EditError(f"unknown action {action[:16]!r}")
        self.audit.write(user, action, job_id, **details)
        return doc

    def preview(self, doc: ReviewDocument) -> str:
        """The anonymized text the release would produce (the worker's own anonymize stage).

        Raises:
            EditError: the entities or chains cannot be anonymized (reason without document text).
        """
        try:
            request, _ = self.pipeline.anonymize(doc.resolved())
        except StageError as exc:
            raise EditError(exc.reason) from None
        return request.text

    async def release(self, job_id: str, user: str) -> None:
        """Publish the corrected document to ``documents.resolved`` and take it off the queue (see module doc).

        Raises:
            NotHeld, Locked: as :meth:`open`. EditError: the draft cannot be anonymized.
        """
        doc = await self.open(job_id, user)
        self.preview(doc)  # refuse what the anonymize stage would dead-letter
        diff = doc.diff()
        if self.corrections is not None:
            await self.corrections.save(job_id, doc.correction())
        await self.send(self.settings.topic_resolved, job_id, doc.resolved().to_json())
        await self.send(self.settings.topic_review, job_id, release_marker(job_id))
        self.queue.mark_released(job_id)
        self.drafts.pop(job_id, None)
        self.audit.write(user, "release", job_id, entities=len(doc.entities), chains=len(doc.chains()),
                         added=len(diff.added), removed=len(diff.removed), relabelled=len(diff.relabelled))
        await self.lease.release(job_id, user)
        log.info("review: released a document (%d entities, %d added, %d removed, %d relabelled)",
                 len(doc.entities), len(diff.added), len(diff.removed), len(diff.relabelled))

    async def leave(self, job_id: str, user: str) -> None:
        """Give the document back: the draft is dropped, the lease ended."""
        if await self.lease.release(job_id, user):
            self.drafts.pop(job_id, None)
            self.audit.write(user, "leave", job_id)


class KafkaLink:
    """Reads ``documents.review`` from the earliest offset (no consumer group) into a :class:`ReviewQueue`
    and publishes with an idempotent-free, ``acks=all`` producer; connection settings as the worker's
    (:func:`app.settings.kafka_client_options`).

    Args:
        settings: broker URL, topics, Kafka security settings.
        queue: the queue to fill.
    """

    def __init__(self, settings: Settings, queue: ReviewQueue) -> None:
        self.settings = settings
        self.queue = queue
        self.loaded = asyncio.Event()
        self._consumer = None
        self._producer = None
        self._task: asyncio.Task | None = None

    async def start(self) -> None:
        """Connect both clients and start reading (returns before the backlog is read: see :attr:`loaded`)."""
        from aiokafka import AIOKafkaConsumer, AIOKafkaProducer

        from app.settings import kafka_bootstrap_servers, kafka_client_options

        servers, options = kafka_bootstrap_servers(self.settings), kafka_client_options(self.settings)
        self._producer = AIOKafkaProducer(bootstrap_servers=servers, acks="all", linger_ms=0,
                                          max_request_size=self.settings.max_message_bytes, **options)
        await self._producer.start()
        self._consumer = AIOKafkaConsumer(
            self.settings.topic_review, bootstrap_servers=servers, group_id=None, auto_offset_reset="earliest",
            enable_auto_commit=False, metadata_max_age_ms=5000, **options,
        )
        await self._consumer.start()
        self._task = asyncio.create_task(self._run())

    async def _run(self) -> None:
        assert self._consumer is not None
        while True:
            try:
                batch = await self._consumer.getmany(timeout_ms=500)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # a broker hiccup: report by type, go on
                log.warning("review: reading documents.review failed (%s); retrying", type(exc).__name__)
                await asyncio.sleep(1.0)
                continue
            for records in batch.values():
                for record in records:
                    self.queue.apply(record.value, record.timestamp or 0)
            if not batch:
                self.loaded.set()

    async def send(self, topic: str, key: str, value: bytes) -> None:
        """Publish ``value`` keyed by ``key`` and wait for the acknowledgement (:data:`Send`)."""
        assert self._producer is not None, "start() first"
        await self._producer.send_and_wait(topic, value, key=key.encode("utf-8", "surrogatepass"))

    async def stop(self) -> None:
        """Stop reading and close both clients."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        for client in (self._consumer, self._producer):
            if client is not None:
                await client.stop()
