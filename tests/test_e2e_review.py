"""Human review end to end: Tansu, Redis, the worker as a subprocess, the review service in-process.

A document flagged for review produces no ``translation.requests`` message until released, exactly one after,
with the reviewer's entities; an unflagged document is unaffected.
"""

from __future__ import annotations

import asyncio

import pytest
import redis.asyncio as aioredis

from app.review.audit import AuditLog
from app.review.corrections import CorrectionStore
from app.review.lease import ReviewLease
from app.review.queue import ReviewQueue
from app.review.service import KafkaLink, ReviewService
from anontools.devtools.harness.kafka import Collector, produce

pytestmark = pytest.mark.e2e

TEXT = "The parcel was sent from Lisbon by Maria Santos on behalf of Maria Santos."
TIMEOUT = 180.0


def review_settings(worker, table_key_prefix, tmp_path):
    """The worker's settings for a review service: same broker, topics, Redis and keys."""
    return worker.settings.model_copy(update={
        "broker_url": f"kafka://{worker.bootstrap}", "review_key_prefix": table_key_prefix + "review-e2e:",
        "review_audit_log": str(tmp_path / "audit.jsonl"),
    })


async def start_service(settings):
    """A review service on Kafka and Redis, with its backlog of ``documents.review`` read."""
    queue = ReviewQueue()
    link = KafkaLink(settings, queue)
    await link.start()
    client = aioredis.Redis.from_url(settings.redis_url)
    corrections = CorrectionStore.from_settings(settings)
    service = ReviewService(settings, queue, ReviewLease(client, prefix=settings.review_key_prefix),
                            AuditLog(settings.review_audit_log), corrections, link.send)

    async def close():
        await link.stop()
        await client.aclose()
        await corrections.close()

    return service, close


async def wait_until(predicate, timeout: float) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not predicate():
        if asyncio.get_running_loop().time() > deadline:
            raise TimeoutError("condition not met")
        await asyncio.sleep(0.2)


def test_flagged_document_waits_for_release_then_exactly_one_request(worker, session_id, table_key_prefix, tmp_path):
    held_id, free_id = f"{session_id}-review-held", f"{session_id}-review-free"
    s = worker.settings
    topics = [s.topic_translation_requests, s.topic_review, s.topic_dead_letter, s.topic_detected]

    async def scenario():
        async with Collector(worker.bootstrap, topics, partitions=s.topic_partitions) as out:
            await produce(worker.bootstrap, s.topic_documents, [
                (held_id, {"job_id": held_id, "language": "en", "text": TEXT, "metadata": {"review": True}}),
                (free_id, {"job_id": free_id, "language": "en", "text": TEXT}),
            ])
            await out.wait_for_keys([held_id], [s.topic_review], TIMEOUT)
            await out.wait_for_keys([free_id], [s.topic_translation_requests], TIMEOUT)
            await asyncio.sleep(3.0)  # time for a wrongly forwarded document to show up
            assert out.for_key(held_id, s.topic_translation_requests) == []
            assert out.for_key(held_id, s.topic_detected) == []
            assert out.for_key(held_id, s.topic_dead_letter) == []
            hold = out.for_key(held_id, s.topic_review)[0].json
            assert hold["review_reasons"] == ["flag"] and hold["text"] == TEXT
            free = out.for_key(free_id, s.topic_translation_requests)
            assert len(free) == 1 and out.for_key(free_id, s.topic_review) == []

            settings = review_settings(worker, table_key_prefix, tmp_path)
            service, close = await start_service(settings)
            try:
                await wait_until(lambda: service.queue.get(held_id) is not None, 60)
                doc = await service.open(held_id, "alice")
                while doc.entities:  # the reviewer's entities replace whatever was detected
                    await service.edit(held_id, "alice", "remove", index=0)
                await service.edit(held_id, "alice", "add", start=TEXT.index("Lisbon"), end=TEXT.index("Lisbon") + 6,
                                   label="ORGANIZATION")
                first = TEXT.index("Maria Santos")
                await service.edit(held_id, "alice", "add", start=first, end=first + 12, label="PERSON")
                second = TEXT.rindex("Maria Santos")
                await service.edit(held_id, "alice", "add", start=second, end=second + 12, label="PERSON")
                await service.release(held_id, "alice")
                await out.wait_for_keys([held_id], [s.topic_translation_requests], TIMEOUT)
                await asyncio.sleep(3.0)  # a duplicate would arrive within this time
                requests = out.for_key(held_id, s.topic_translation_requests)
                assert len(requests) == 1
                assert requests[0].json["text"] == (
                    "The parcel was sent from [ORGANIZATION_1] by [PERSON_1] on behalf of [PERSON_1].")
                assert len(out.for_key(free_id, s.topic_translation_requests)) == 1
                assert [m.json.get("released") for m in out.for_key(held_id, s.topic_review)] == [None, True]
                # a restarted review application does not show the released document again
                again, close_again = await start_service(settings)
                try:
                    await asyncio.wait_for(again_loaded(again), 60)
                    assert again.queue.get(held_id) is None and again.queue.is_released(held_id)
                finally:
                    await close_again()
                record = await service.corrections.load(held_id)
                assert record["released"] == [[25, 31, "ORGANIZATION"], [35, 47, "PERSON"], [61, 73, "PERSON"]]
                await service.corrections.delete(held_id)
            finally:
                await close()

    async def again_loaded(service):
        await wait_until(lambda: service.queue.is_released(held_id), 60)

    asyncio.run(scenario())
    worker.check_alive()
