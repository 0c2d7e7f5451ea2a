"""End to end (Tansu, Redis, the worker): a translation is restored only from the table of its own anonymization,
and an erased job leaves nothing re-identifiable (issue 16 item 1, issue 15 item 3)."""

from __future__ import annotations

import asyncio

import orjson
import pytest

from app.store import TableStore
from anontools.devtools.harness.kafka import Collector, produce

pytestmark = pytest.mark.e2e

TOPICS = ("translation.requests", "translation.reidentified", "documents.dead-letter", "jobs.erased")
TIMEOUT = 180.0

ERASED_FORWARD = ("the job was erased (jobs.erase): its table of solutions is not written and the document is not sent "
                  "for translation")
ERASED_REVERSE = "the job was erased (jobs.erase): its translations are not re-identified"


def _exchange(worker, messages, expect):
    """Publish ``(topic, key, value)`` in order; wait until ``expect(collector)``; return the collector."""

    async def go():
        async with Collector(worker.bootstrap, list(TOPICS), partitions=worker.settings.topic_partitions) as collector:
            for topic, key, value in messages:
                await produce(worker.bootstrap, topic, [(key, value)])
            await collector.wait_for(lambda _msgs: expect(collector), timeout=TIMEOUT)
            await asyncio.sleep(0.5)  # any unexpected extra output (the same processing writes it within milliseconds) arrives before "exactly one" is asserted
            return collector

    return asyncio.run(go())


def _out(collector, topic, job):
    return [m.json for m in collector.for_key(job, topic)]


def _letters(collector, job, stage=None):
    return [m.json for m in collector.by_topic("documents.dead-letter")
            if m.json and m.json.get("job_id") == job and stage in (None, m.json.get("stage"))]


def _translate(worker, job, text, marker, anonymization_id=None):
    """Send one translation result; return ``("ok", reidentified)`` or ``("dead", dead letter)``."""
    value = {"job_id": job, "language": "de", "text": text, "metadata": {"m": marker}}
    if anonymization_id is not None:
        value["anonymization_id"] = anonymization_id

    def mine(c):
        done = [m.json for m in c.for_key(job, "translation.reidentified") if m.json["metadata"] == {"m": marker}]
        dead = [d for d in _letters(c, job) if (d.get("payload") or {}).get("metadata") == {"m": marker}]
        return done, dead

    collector = _exchange(worker, [("translation.results", job, value)], lambda c: any(mine(c)))
    done, dead = mine(collector)
    assert len(done) + len(dead) == 1, (done, dead)
    return ("ok", done[0]) if done else ("dead", dead[0])


def _tables_of(worker, job):
    """Every table key of the job in Redis (none must remain after an erase)."""

    async def go():
        store = TableStore.from_settings(worker.settings)
        try:
            return [k async for k in store.client.scan_iter(match=store.key(job, "*"))]
        finally:
            await store.close()

    return asyncio.run(go())


def _anonymize(worker, job, text, marker):
    collector = _exchange(worker, [("documents", job, {"job_id": job, "text": text, "language": "en", "metadata": {"m": marker}})],
                          lambda c: any(m.json["metadata"] == {"m": marker} for m in c.for_key(job, "translation.requests")))
    [request] = [r for r in _out(collector, "translation.requests", job) if r["metadata"] == {"m": marker}]
    return request


REQUIRED = ("translation without anonymization_id, which this deployment requires (ANON_REQUIRE_ANONYMIZATION_ID): "
            "send the anonymization_id of the translation request")


def test_a_result_with_another_jobs_id_is_never_restored_with_that_jobs_originals(worker, session_id):
    job_a, job_b = f"{session_id}-bind-a", f"{session_id}-bind-b"
    a = _anonymize(worker, job_a, "Anna Lindqvist works for Nordic Shipping Ltd in Gothenburg.", "a")
    b = _anonymize(worker, job_b, "Peter Holm lives in Malmo.", "b")
    assert a["text"] == "[PERSON_1] works for [ORGANIZATION_1] in [LOCATION_1]."
    assert b["text"] == "[PERSON_1] lives in [LOCATION_1]."
    translation_a = "[PERSON_1] arbeitet für [ORGANIZATION_1] in [LOCATION_1]."
    # A's translation (with A's id) sent under B's job id: no table of B has A's id
    kind, letter = _translate(worker, job_b, translation_a, "wrong-job", a["anonymization_id"])
    assert kind == "dead" and (letter["error_type"], letter["reason"]) == (
        "unknown_job", "no table of solutions for this job_id and anonymization_id (unknown, another job's, or expired)")
    # the same from a legacy client (no id): refused, as this deployment (the default) requires the id
    kind, letter = _translate(worker, job_b, translation_a, "wrong-job-legacy")
    assert kind == "dead" and (letter["error_type"], letter["reason"]) == (
        "table_mismatch", REQUIRED)
    # with its own job id and id it is restored
    kind, result = _translate(worker, job_a, translation_a, "right-job", a["anonymization_id"])
    assert kind == "ok" and result["text"] == "Anna Lindqvist arbeitet für Nordic Shipping Ltd in Gothenburg."
    assert result["anonymization_id"] == a["anonymization_id"]
    worker.check_alive()


def test_a_reused_job_id_restores_each_translation_from_its_own_table(worker, session_id):
    job = f"{session_id}-bind-reused"
    first = _anonymize(worker, job, "Anna Lindqvist lives in Gothenburg.", "first")
    second = _anonymize(worker, job, "Peter Holm lives in Malmo.", "second")
    assert first["text"] == second["text"] == "[PERSON_1] lives in [LOCATION_1]."
    assert first["anonymization_id"] != second["anonymization_id"]
    assert len(_tables_of(worker, job)) == 2  # the second anonymization did not overwrite the first table
    translation = "[PERSON_1] wohnt in [LOCATION_1]."
    kind, one = _translate(worker, job, translation, "t1", first["anonymization_id"])
    assert kind == "ok" and one["text"] == "Anna Lindqvist wohnt in Gothenburg."
    kind, two = _translate(worker, job, translation, "t2", second["anonymization_id"])
    assert kind == "ok" and two["text"] == "Peter Holm wohnt in Malmo."
    kind, legacy = _translate(worker, job, translation, "t3")  # no id: which table is meant cannot be known
    assert kind == "dead" and (legacy["error_type"], legacy["reason"]) == ("table_mismatch", REQUIRED)
    # the same document again (a redelivery or a resubmission): the same id, still two tables
    again = _anonymize(worker, job, "Anna Lindqvist lives in Gothenburg.", "first-again")
    assert again["anonymization_id"] == first["anonymization_id"] and len(_tables_of(worker, job)) == 2
    worker.check_alive()


def _erase(worker, job):
    collector = _exchange(worker, [("jobs.erase", job, {"job_id": job})], lambda c: c.for_key(job, "jobs.erased"))
    [answer] = _out(collector, "jobs.erased", job)
    return answer


def test_erase_before_during_and_after_processing_leaves_nothing_reidentifiable(worker, session_id):
    text = "Anna Lindqvist wrote to anna.lindqvist@example.org from Gothenburg."
    # before: the erase comes first, then the document
    before = f"{session_id}-erase-before"
    assert _erase(worker, before) == {"job_id": before, "erased": False, "tables_deleted": 0}
    collector = _exchange(worker, [("documents", before, {"job_id": before, "text": text, "language": "en"})],
                          lambda c: _letters(c, before))
    [letter] = _letters(collector, before)
    assert (letter["stage"], letter["error_type"], letter["reason"]) == ("anonymize", "erased", ERASED_FORWARD)
    assert (letter["payload"], letter["payload_base64"], letter["payload_withheld"]) == (None, "", True)
    assert b"Lindqvist" not in orjson.dumps(letter)
    assert _out(collector, "translation.requests", before) == [] and _tables_of(worker, before) == []

    # during: the document is between coreference and anonymization when the erase is processed
    during = f"{session_id}-erase-during"
    resolved = {"job_id": during, "text": text, "language": "en", "method": "tag",
                "entities": [{"start": 0, "end": 14, "label": "PERSON", "text": "Anna Lindqvist", "source": "t", "score": 1.0}],
                "chains": [{"chain_id": 0, "label": "PERSON", "mentions": [0]}]}
    assert _erase(worker, during)["erased"] is False
    collector = _exchange(worker, [("documents.resolved", during, resolved)], lambda c: _letters(c, during))
    assert [(d["error_type"], d["payload_withheld"]) for d in _letters(collector, during)] == [("erased", True)]
    assert _out(collector, "translation.requests", during) == [] and _tables_of(worker, during) == []

    # after: the translation request left; the erase deletes the table; the translation is refused
    after = f"{session_id}-erase-after"
    request = _anonymize(worker, after, text, "after")
    assert len(_tables_of(worker, after)) == 1
    assert _erase(worker, after) == {"job_id": after, "erased": True, "tables_deleted": 1}
    assert _tables_of(worker, after) == []
    for job, aid, marker in ((after, request["anonymization_id"], "x1"), (after, None, "x2"), (before, None, "x3")):
        kind, letter = _translate(worker, job, request["text"], marker, aid)
        assert kind == "dead" and (letter["stage"], letter["error_type"], letter["reason"]) == ("reidentify", "erased", ERASED_REVERSE)
    # the document sent again after its erase (a redelivery) writes no table either
    collector = _exchange(worker, [("documents", after, {"job_id": after, "text": text, "language": "en", "metadata": {"m": "again"}})],
                          lambda c: _letters(c, after, "anonymize"))
    assert [d["error_type"] for d in _letters(collector, after, "anonymize")] == ["erased"] and _tables_of(worker, after) == []
    worker.check_alive()


def test_the_worker_creates_the_internal_topics_with_a_short_retention(worker_factory, session_id):
    """``documents.detected`` and ``documents.resolved`` hold the original text: the worker creates them with
    ``retention.ms`` = ``ANON_INTERNAL_TOPIC_RETENTION_MS`` (Tansu stores and reports the setting)."""
    from aiokafka.admin import AIOKafkaAdminClient
    from aiokafka.admin.config_resource import ConfigResource, ConfigResourceType

    detected, resolved = f"{session_id}-ret.detected", f"{session_id}-ret.resolved"
    running = worker_factory(ready=False, ANON_TOPIC_DETECTED=detected, ANON_TOPIC_RESOLVED=resolved,
                             ANON_INTERNAL_TOPIC_RETENTION_MS="3600000")

    async def retention_of(topics):
        admin = AIOKafkaAdminClient(bootstrap_servers=running.bootstrap)
        await admin.start()
        try:
            for _ in range(240):
                if set(topics) <= set(await admin.list_topics()):
                    break
                running.check_alive()
                await asyncio.sleep(0.5)
            replies = await admin.describe_configs([ConfigResource(ConfigResourceType.TOPIC, t) for t in topics])
            return {res[3]: dict((c[0], c[1]) for c in res[4]).get("retention.ms")
                    for reply in replies for res in reply.resources}
        finally:
            await admin.close()

    try:
        assert asyncio.run(retention_of([detected, resolved])) == {detected: "3600000", resolved: "3600000"}
    finally:
        running.process.stop()


def test_an_erase_published_right_behind_its_document_leaves_nothing_reidentifiable(worker, session_id):
    """The race as it happens: the document and its erase published back to back. Whichever the worker handles
    first, no table remains and the translation is refused; the document gets a request or an ``erased`` dead
    letter, exactly one of them."""
    job = f"{session_id}-erase-race"
    doc = {"job_id": job, "text": "Anna Lindqvist wrote from Gothenburg.", "language": "en"}

    def settled(c):
        return c.for_key(job, "jobs.erased") and (c.for_key(job, "translation.requests") or _letters(c, job, "anonymize"))

    collector = _exchange(worker, [("documents", job, doc), ("jobs.erase", job, {"job_id": job})], settled)
    requests, letters = _out(collector, "translation.requests", job), _letters(collector, job, "anonymize")
    assert len(requests) + len(letters) == 1 and [d["error_type"] for d in letters] in ([], ["erased"])
    assert _tables_of(worker, job) == []
    text = requests[0]["text"] if requests else "[PERSON_1] schrieb aus [LOCATION_1]."
    aid = requests[0]["anonymization_id"] if requests else None
    kind, letter = _translate(worker, job, text, "race", aid)
    assert kind == "dead" and (letter["error_type"], letter["reason"]) == ("erased", ERASED_REVERSE)
