"""No original entity text anywhere it must not be (issue 6).

Runs documents through the worker (``worker`` fixture) and back (untouched translations, edited ones, one
for an erased job, malformed ones), then scans everything the workers of this test session wrote:

- every ``*translation.requests`` topic on the session broker (this test's jobs and every other test's,
  including the fault scenarios' prefixed topics): the request of a job never contains a surface of that
  job's entities;
- the dead letters of the reverse path (stage ``reidentify``) on every ``*documents.dead-letter`` topic: no
  surface of any processed document in what the worker wrote (reason, type, job id) nor, for this test's own
  translations (which hold no original), in the payload (elsewhere the payload is whatever the translator
  sent: other tests send arbitrary text there);
- the ``reason`` of every dead letter, forward path included (reasons are logged; forward dead letters
  legitimately carry the original payload, so their payloads are not scanned);
- every worker log file of the session (the ``worker`` fixture's, ``worker_factory``'s and the fault
  scenarios', found under pytest's base temporary directory): log lines, warnings, exceptions.

Surfaces come from the tables of solutions in Redis (decrypted) and from the entities the worker itself
detected on ``*documents.detected`` (entities whose ``source`` is one of the detector's recognizers or
rules; entities that tests published there themselves are not the worker's). Very short or non-alphabetic
surfaces (``"3"``, ``"EU"``) are skipped: they occur in any log by chance.

Run last (file name order) so the scan sees the whole session when the suite runs together; on its own it
still checks the documents it sends.
"""

from __future__ import annotations

import asyncio
import base64
import os
import re
import uuid
from pathlib import Path

import orjson
import pytest

from app.crypto import TableCipher
from anontools.devtools.faults import make_documents
from anontools.devtools.harness.kafka import Collector, produce

pytestmark = pytest.mark.e2e

TIMEOUT = 240.0
LETTERS = [
    "Mr. John Smith, the director of Acme Corporation, met Maria Garcia in London on 3 March 2015. Smith later "
    "wrote to maria.garcia@example.com and called +44 20 7946 0958. Garcia replied from Madrid.",
    "Frau Dr. Annegret Vollmer von der Stadtwerke Nordhausen GmbH schrieb am 21. August 1992 an Herrn Jens Ohlsen.",
    "Anna Lindqvist (IBAN DE89 3704 0044 0532 0130 00, anna.lindqvist@example.org) flew from Gothenburg to Lisbon.",
]


def _known_sources() -> set[str]:
    from app.detection.config import load_config

    return set(load_config()["*"]["recognizers"]) | {"second_pass", "stanza"}


def _is_worker_entity(e: object, sources: set[str]) -> bool:
    return isinstance(e, dict) and isinstance(e.get("text"), str) and isinstance(e.get("source"), str) and (
        e["source"] in sources or e["source"].startswith("rule:"))


def _scannable(surface: str) -> bool:
    """Long enough and alphabetic enough to be a meaningful find."""
    return len(surface.strip()) >= 4 and sum(ch.isalpha() for ch in surface) >= 3


def _pattern(surfaces: set[str]) -> re.Pattern | None:
    words = sorted((s for s in surfaces if _scannable(s)), key=len, reverse=True)
    if not words:
        return None
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(w) for w in words) + r")(?!\w)")


@pytest.fixture(scope="module")
def leak_worker(request, kafka_bootstrap):  # the session broker's (tests/conftest.py groups its tests in one process)
    """The session's ``worker``; with ``ANON_TEST_WORKER_DETECTION=patterns`` a worker without NER model."""
    if os.environ.get("ANON_TEST_WORKER_DETECTION") == "patterns":
        import json

        from app.detection.config import load_config

        path = request.getfixturevalue("tmp_path_factory").mktemp("leaks") / "patterns.json"
        path.write_text(json.dumps({"*": {"recognizers": [r for r in load_config()["*"]["recognizers"] if r != "stanza"]}}))
        return request.getfixturevalue("worker_factory")(ANON_DETECTION_CONFIG=str(path))
    return request.getfixturevalue("worker")


async def _round_trips(w, sid: str) -> dict[str, str]:
    """Documents forward, translations back (untouched, edited, for an erased job, malformed); returns
    job id → original text."""
    s = w.settings
    docs = [{"job_id": f"{sid}-leak-{i}", "language": "en", "text": t} for i, t in enumerate(LETTERS)]
    docs += [{**d, "job_id": f"{sid}-{d['job_id']}"} for d in make_documents(20, "leak")]
    docs.append({"job_id": f"{sid}-leak-suppress", "language": "en", "text": LETTERS[0], "method": "suppress"})
    jobs = {d["job_id"]: d["text"] for d in docs}
    topics = [s.topic_translation_requests, s.topic_reidentified, s.topic_dead_letter, s.topic_erased]
    async with Collector(w.bootstrap, topics, partitions=s.topic_partitions) as c:
        await produce(w.bootstrap, s.topic_documents, [(d["job_id"], d) for d in docs])
        found = await c.wait_for_keys(jobs, [s.topic_translation_requests], timeout=TIMEOUT)
        requests = {k: m.json for k, m in found.items()}
        erased = f"{sid}-leak-1"
        await produce(w.bootstrap, s.topic_erase, [(erased, {"job_id": erased})])
        await c.wait_for_keys([erased], [s.topic_erased], timeout=TIMEOUT)
        back = []
        for job, req in requests.items():
            back.append((job, {"job_id": job, "language": "en", "text": req["text"], "anonymization_id": req["anonymization_id"]}))
            back.append((job, {"job_id": job, "language": "de", "text": "Übersetzt: " + req["text"] + " [PERSON_9]",
                               "anonymization_id": req["anonymization_id"]}))
        back.append((f"{sid}-leak-x", {"job_id": f"{sid}-leak-unknown", "language": "de", "text": "[PERSON_1] sagt Hallo."}))
        back.append((f"{sid}-leak-y", {"job_id": f"{sid}-leak-0", "language": 7, "text": "[PERSON_1]"}))
        await produce(w.bootstrap, s.topic_translation_results, back)
        expected = len(back)

        def answered(msgs) -> bool:
            n = 0
            for m in msgs:
                v = m.json if isinstance(m.json, dict) else {}
                if m.topic == s.topic_reidentified and str(v.get("job_id", "")).startswith(f"{sid}-leak"):
                    n += 1
                elif m.topic == s.topic_dead_letter and v.get("stage") == "reidentify" and (
                        str(v.get("job_id") or "").startswith(f"{sid}-leak") or m.key in (f"{sid}-leak-x", f"{sid}-leak-y")
                        or "leak" in str(v.get("payload"))):
                    n += 1
            return n >= expected

        await c.wait_for(answered, timeout=TIMEOUT)
        await asyncio.sleep(1.0)
    return jobs


async def _topics(bootstrap: str, suffix: str) -> list[str]:
    from aiokafka.admin import AIOKafkaAdminClient

    admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap)
    await admin.start()
    try:
        return sorted(t for t in await admin.list_topics() if t == suffix or t.endswith("." + suffix) or t.endswith(suffix))
    finally:
        await admin.close()


async def _read_all(bootstrap: str, topics: list[str]) -> list:
    """Every message of ``topics`` up to their current end."""
    if not topics:
        return []
    async with Collector(bootstrap, topics) as c:
        last, stable = -1, 0
        while stable < 4:  # until nothing new arrives for ~2 s
            await asyncio.sleep(0.5)
            stable = stable + 1 if len(c.messages) == last else 0
            last = len(c.messages)
        return list(c.messages)


async def _tables(redis_url: str, prefix: str, keys: str) -> list[dict]:
    import redis.asyncio as aioredis

    from app.store import TableStore

    store = TableStore(aioredis.Redis.from_url(redis_url, socket_timeout=10), prefix=prefix, cipher=TableCipher([keys]))
    try:
        return [table.to_dict() async for table in store.tables()]
    finally:
        await store.close()


def _log_files(tmp_path_factory, worker) -> list[Path]:
    base = tmp_path_factory.getbasetemp()
    files = {worker.log_path, *base.rglob("worker*.log")}
    return sorted(p for p in files if p.is_file())


def test_no_original_entity_text_in_requests_reverse_dead_letters_reasons_or_logs(
        leak_worker, session_id, kafka_bootstrap, redis_url, table_key_prefix, table_keys, tmp_path_factory):
    w = leak_worker
    jobs = asyncio.run(_round_trips(w, session_id))
    sources = _known_sources()

    detected = asyncio.run(_read_all(kafka_bootstrap, asyncio.run(_topics(kafka_bootstrap, "documents.detected"))))
    per_job: dict[str, set[str]] = {}
    for m in detected:
        v = m.json if isinstance(m.json, dict) else {}
        ents = v.get("entities") if isinstance(v.get("entities"), list) else []
        if isinstance(v.get("job_id"), str) and ents and all(_is_worker_entity(e, sources) for e in ents):
            per_job.setdefault(v["job_id"], set()).update(e["text"] for e in ents)
    for table in asyncio.run(_tables(redis_url, table_key_prefix, table_keys)):
        for entry in table.get("entries", []):
            per_job.setdefault(table.get("job_id", ""), set()).update(
                s for s in entry.get("surfaces", []) if isinstance(s, str))
    # our own documents were all seen
    assert set(jobs) <= set(per_job), set(jobs) - set(per_job)
    assert {"John Smith", "Maria Garcia", "maria.garcia@example.com"} <= per_job[f"{session_id}-leak-0"]
    everything = set().union(*per_job.values())
    global_rx = _pattern(everything)
    assert global_rx is not None

    leaks: list[str] = []
    # 1. translation requests: never a surface of the job's own entities
    requests = asyncio.run(_read_all(kafka_bootstrap, asyncio.run(_topics(kafka_bootstrap, "translation.requests"))))
    assert any(m.key in jobs for m in requests)
    for m in requests:
        v = m.json if isinstance(m.json, dict) else {}
        rx = _pattern(per_job.get(v.get("job_id"), set()))
        if rx is not None:
            hit = rx.search(m.value.decode("utf-8", "replace"))
            if hit:
                leaks.append(f"{m.topic} job {v.get('job_id')}: {hit.group()!r}")
    # 2. dead letters: reverse path entirely, forward path by reason (logged)
    letters = asyncio.run(_read_all(kafka_bootstrap, asyncio.run(_topics(kafka_bootstrap, "documents.dead-letter"))))
    reverse = 0
    for m in letters:
        v = m.json if isinstance(m.json, dict) else {}
        if v.get("stage") == "reidentify":
            # the payload is the translation exactly as the translator sent it: scanned for this test's own
            # translations (which hold no original), elsewhere only what the worker added is scanned
            ours = str(v.get("job_id") or "").startswith(f"{session_id}-leak") or str(m.key).startswith(f"{session_id}-leak")
            reverse += ours
            added = {k: x for k, x in v.items() if ours or k not in ("payload", "payload_base64")}
            if ours:
                added["payload_decoded"] = base64.b64decode(v.get("payload_base64") or "").decode("utf-8", "replace")
            hit = global_rx.search(orjson.dumps(added, default=str).decode("utf-8", "replace"))
            if hit:
                leaks.append(f"{m.topic} reverse dead letter (job {v.get('job_id')}): {hit.group()!r}")
        hit = global_rx.search(str(v.get("reason", "")))
        if hit:
            leaks.append(f"{m.topic} dead-letter reason ({v.get('stage')}): {v.get('reason')[:120]!r}")
    assert reverse >= 2  # the unknown job and the malformed translation of this test at least
    # 3. every worker log of the session
    logs = _log_files(tmp_path_factory, w)
    assert w.log_path in logs
    for path in logs:
        for n, line in enumerate(path.read_text("utf-8", errors="replace").splitlines(), 1):
            hit = global_rx.search(line)
            if hit:
                leaks.append(f"{path.name}:{n}: {hit.group()!r} in {line[:160]!r}")
    assert not leaks, f"{len(leaks)} leaks:\n" + "\n".join(leaks[:40])


def test_a_failing_stage_does_not_quote_the_document_in_its_reason_or_log(leak_worker, session_id):
    w = leak_worker
    s = w.settings
    secret = f"Zorblat Quenwick {uuid.uuid4().hex[:6]}"
    text = f"{secret} wrote."
    job = f"{session_id}-leak-reason"
    resolved = {"job_id": job, "text": text, "language": "en", "method": "tag",
                "entities": [{"start": 0, "end": len(secret), "label": "PERSON", "text": secret, "source": "stanza"}],
                "chains": [{"chain_id": 0, "label": "PERSON", "mentions": [secret]}]}

    async def go():
        async with Collector(w.bootstrap, [s.topic_dead_letter], partitions=s.topic_partitions) as c:
            await produce(w.bootstrap, s.topic_resolved, [(job, resolved)])
            found = await c.wait_for_keys([job], [s.topic_dead_letter], timeout=TIMEOUT)
            return found[job].json

    letter = asyncio.run(go())
    assert letter["stage"] == "anonymize"
    assert secret not in letter["reason"], letter["reason"]
    assert secret not in w.read_log()
