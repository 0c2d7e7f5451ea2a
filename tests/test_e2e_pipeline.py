"""End to end: a real broker (Tansu, started by conftest), the real Redis, the worker as a subprocess.

Asserts exact anonymized texts, tables of solutions, dead letters and round trips. Job ids are unique per
session so the shared broker and worker can serve every test.
"""

from __future__ import annotations

import asyncio
import base64
import re

import orjson
import pytest
import redis.asyncio as aioredis

from app.store import TableStore
from tests.kafka_utils import Collector, produce

pytestmark = pytest.mark.e2e

TOPICS = (
    "documents.detected",
    "documents.resolved",
    "translation.requests",
    "translation.reidentified",
    "documents.dead-letter",
)
TIMEOUT = 180.0


def run(coro):
    return asyncio.run(coro)


async def _send_and_collect(worker, messages, expect):
    """Publish ``(topic, key, value)`` messages; wait until ``expect(collector)`` holds; return the collector."""
    async with Collector(worker.bootstrap, list(TOPICS), partitions=worker.settings.topic_partitions) as collector:
        for topic, key, value in messages:
            await produce(worker.bootstrap, topic, [(key, value)])
        await collector.wait_for(lambda _msgs: expect(collector), timeout=TIMEOUT)
        await asyncio.sleep(1.0)  # let any unexpected extra output arrive before asserting "exactly one"
        return collector


def _dead_letters_for(collector, raw: bytes):
    encoded = base64.b64encode(raw).decode()
    return [m.json for m in collector.by_topic("documents.dead-letter") if m.json and m.json["payload_base64"] == encoded]


BAD_DOCUMENTS = [
    (b"this is not json", "message is not valid JSON (UTF-8)"),
    (b"\xff\xfe\x00garbage", "message is not valid JSON (UTF-8)"),
    (b"[1, 2, 3]", "message is a JSON list, expected an object"),
    (orjson.dumps({"job_id": "{sid}-no-text"}), "field 'text' is missing"),
    (orjson.dumps({"job_id": "{sid}-empty", "text": "   "}), "field 'text' is empty"),
    (orjson.dumps({"job_id": "{sid}-int", "text": 42}), "field 'text' has type int, expected str"),
    (orjson.dumps({"job_id": 7, "text": "Ann met Bob."}), "field 'job_id' has type int, expected str"),
    (orjson.dumps({"job_id": "{sid}-fr", "text": "Bonjour Marie.", "language": "fr"}),
     "unsupported language 'fr' (supported: en, de, es, pt)"),
    (orjson.dumps({"job_id": "{sid}-method", "text": "Hello Ann.", "method": "shred"}),
     "unknown anonymization method 'shred'"),
    (orjson.dumps({"job_id": "{sid}-huge", "text": "a" * 250_001}), "text has 250001 characters, over the limit of 250000"),
]


def test_bad_documents_become_exactly_one_dead_letter_each(worker, session_id):
    bad = [(raw.replace(b"{sid}", session_id.encode()), reason) for raw, reason in BAD_DOCUMENTS]
    collector = run(
        _send_and_collect(
            worker,
            [("documents", None, raw) for raw, _ in bad],
            lambda c: all(_dead_letters_for(c, raw) for raw, _ in bad),
        )
    )
    for raw, reason in bad:
        letters = _dead_letters_for(collector, raw)
        assert len(letters) == 1, reason
        letter = letters[0]
        assert (letter["stage"], letter["reason"], letter["error_type"]) == ("detect", reason, "invalid_input")
        assert base64.b64decode(letter["payload_base64"]) == raw
    # nothing of these jobs went anywhere else
    for topic in TOPICS[:-1]:
        assert not [m for m in collector.by_topic(topic) if m.key and m.key.startswith(session_id)], topic
    worker.check_alive()


def test_bad_messages_inside_the_pipeline_and_on_the_reverse_path(worker, session_id):
    sid = session_id
    bad_detected = orjson.dumps({"job_id": f"{sid}-d1", "text": "Hi Ann", "language": "en", "method": "tag"})
    bad_resolved = orjson.dumps(
        {"job_id": f"{sid}-r1", "text": "Hi Ann", "language": "en", "method": "tag",
         "entities": [{"start": 3, "end": 6, "label": "PERSON", "text": "Bob", "source": "x"}],
         "chains": [{"chain_id": 0, "label": "PERSON", "mentions": [0]}]}
    )
    unknown_job = orjson.dumps({"job_id": f"{sid}-never-seen", "text": "Hallo [PERSON_1].", "language": "de"})
    bad_translation = orjson.dumps({"job_id": f"{sid}-t1", "text": "Hallo", "language": 5})
    messages = [
        ("documents.detected", f"{sid}-d1", bad_detected),
        ("documents.resolved", f"{sid}-r1", bad_resolved),
        ("translation.results", f"{sid}-never-seen", unknown_job),
        ("translation.results", f"{sid}-t1", bad_translation),
    ]
    expected = {
        bad_detected: ("corefer", "field 'entities' is missing"),
        bad_resolved: ("anonymize", "entity 0: span [3, 6) does not match the text"),
        unknown_job: ("reidentify", "no table of solutions for this job_id (unknown job or expired)"),
        bad_translation: ("reidentify", "field 'language' has type int, expected str"),
    }
    collector = run(_send_and_collect(worker, messages, lambda c: all(_dead_letters_for(c, raw) for raw in expected)))
    for raw, (stage, reason) in expected.items():
        letters = _dead_letters_for(collector, raw)
        assert [(d["stage"], d["reason"]) for d in letters] == [(stage, reason)]
    worker.check_alive()
