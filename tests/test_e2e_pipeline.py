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
from anontools.devtools.harness.kafka import Collector, produce

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
        await asyncio.sleep(0.5)  # let any unexpected extra output arrive (the same processing writes it within milliseconds) before asserting "exactly one"
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


def _job_key(raw: bytes) -> str | None:
    """The string ``job_id`` of a raw document, if it has one."""
    try:
        job = orjson.loads(raw).get("job_id")
    except (orjson.JSONDecodeError, AttributeError):
        return None
    return job if isinstance(job, str) else None


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
    # nothing of these jobs went anywhere else (other tests' jobs share the session prefix: only these keys count)
    keys = {raw_key for raw, _ in bad if (raw_key := _job_key(raw))}
    for topic in TOPICS[:-1]:
        assert not [m for m in collector.by_topic(topic) if m.key in keys], topic
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


# --------------------------------------------------------------------------------------------------
# The main job: exact anonymized texts, tables of solutions in Redis, round trips
# --------------------------------------------------------------------------------------------------

LETTER = (
    "Mr. John Smith, the director of Acme Corporation, met Maria Garcia in London on 3 March 2015. "
    "Smith later wrote to maria.garcia@example.com and called +44 20 7946 0958. Garcia replied from Madrid."
)
LETTER_ANONYMIZED = (
    "Mr. [PERSON_1], the director of [ORGANIZATION_1], met [PERSON_2] in [LOCATION_1] on [DATE_1]. "
    "[PERSON_1] later wrote to [EMAIL_1] and called [PHONE_1]. [PERSON_2] replied from [LOCATION_2]."
)
LETTER_SUPPRESSED = (
    "Mr. XXX, the director of XXX, met XXX in XXX on XXX. XXX later wrote to XXX and called XXX. XXX replied from XXX."
)
# a hand-made German translation of LETTER_ANONYMIZED: placeholders moved, one with spaces and lower case
LETTER_GERMAN = (
    "Herr [PERSON_1], Direktor von [ORGANIZATION_1], traf [PERSON_2] am [DATE_1] in [LOCATION_1]. "
    "Später schrieb [ person_1 ] an [EMAIL_1] und rief [PHONE_1] an. Aus [LOCATION_2] antwortete [PERSON_2]."
)
LETTER_GERMAN_RESTORED = (
    "Herr John Smith, Direktor von Acme Corporation, traf Maria Garcia am 3 March 2015 in London. "
    "Später schrieb Smith an maria.garcia@example.com und rief +44 20 7946 0958 an. Aus Madrid antwortete Garcia."
)
LETTER_TABLE_ENTRIES = [
    ("[PERSON_1]", "PERSON", ["John Smith", "Smith"]),
    ("[ORGANIZATION_1]", "ORGANIZATION", ["Acme Corporation"]),
    ("[PERSON_2]", "PERSON", ["Maria Garcia", "Garcia"]),
    ("[LOCATION_1]", "LOCATION", ["London"]),
    ("[DATE_1]", "DATE", ["3 March 2015"]),
    ("[EMAIL_1]", "EMAIL", ["maria.garcia@example.com"]),
    ("[PHONE_1]", "PHONE", ["+44 20 7946 0958"]),
    ("[LOCATION_2]", "LOCATION", ["Madrid"]),
]


def _json_for(collector, topic, job_id):
    return [m.json for m in collector.for_key(job_id, topic)]


async def _load_table(worker, job_id, anonymization_id=None):
    store = TableStore.from_settings(worker.settings)
    try:
        table = await store.load(job_id, anonymization_id)
        ttl = await store.client.ttl(store.key(job_id, table.anonymization_id)) if table else None
        return table, ttl
    finally:
        await store.close()


async def _raw_value(worker, job_id, anonymization_id):
    store = TableStore.from_settings(worker.settings)
    try:
        return await store.client.get(store.key(job_id, anonymization_id))
    finally:
        await store.close()


def test_documents_are_anonymized_tabled_and_reidentified_exactly(worker, session_id):
    tag_job, sup_job = f"{session_id}-letter", f"{session_id}-letter-suppress"
    metadata = {"customer": "c-17", "nested": {"keep": [1, 2, 3]}}
    docs = [
        ("documents", tag_job, {"job_id": tag_job, "text": LETTER, "language": "en", "metadata": metadata}),
        ("documents", sup_job, {"job_id": sup_job, "text": LETTER, "language": "en", "method": "suppress"}),
    ]
    collector = run(
        _send_and_collect(
            worker, docs, lambda c: all(c.for_key(j, "translation.requests") for j in (tag_job, sup_job))
        )
    )
    [request] = _json_for(collector, "translation.requests", tag_job)
    aid = request["anonymization_id"]
    assert re.fullmatch("[0-9a-f]{32}", aid)
    assert request == {
        "job_id": tag_job,
        "language": "en",
        "method": "tag",
        "text": LETTER_ANONYMIZED,
        "placeholders": [p for p, _, _ in LETTER_TABLE_ENTRIES],
        "metadata": metadata,
        "anonymization_id": aid,
    }
    [suppressed] = _json_for(collector, "translation.requests", sup_job)
    assert (suppressed["text"], suppressed["placeholders"]) == (LETTER_SUPPRESSED, ["XXX"])
    # no original entity text in anything sent to translation
    outgoing = b"".join(m.value for m in collector.by_topic("translation.requests") if m.key in (tag_job, sup_job))
    for _, _, surfaces in LETTER_TABLE_ENTRIES:
        for surface in surfaces:
            assert surface.encode() not in outgoing
    # the intermediate hops carry entities and chains
    [detected] = _json_for(collector, "documents.detected", tag_job)
    assert [(e["text"], e["label"]) for e in detected["entities"]] == [
        ("John Smith", "PERSON"), ("Acme Corporation", "ORGANIZATION"), ("Maria Garcia", "PERSON"),
        ("London", "LOCATION"), ("3 March 2015", "DATE"), ("Smith", "PERSON"),
        ("maria.garcia@example.com", "EMAIL"), ("+44 20 7946 0958", "PHONE"), ("Garcia", "PERSON"),
        ("Madrid", "LOCATION"),
    ]
    [resolved] = _json_for(collector, "documents.resolved", tag_job)
    assert [c["mentions"] for c in resolved["chains"]] == [[0, 5], [1], [2, 8], [3], [4], [6], [7], [9]]

    table, ttl = run(_load_table(worker, tag_job, aid))
    assert table.anonymization_id == aid and table.job_id == tag_job
    assert [(e.placeholder, e.label, e.surfaces) for e in table.entries] == LETTER_TABLE_ENTRIES
    raw_value = run(_raw_value(worker, tag_job, aid))
    assert raw_value.startswith(b"aesgcm:") and b"Smith" not in raw_value  # encrypted at rest
    assert [m.to_dict() for m in table.entries[0].mentions] == [
        {"text": "John Smith", "start": 4, "end": 14, "replacement": "[PERSON_1]", "anon_start": 4, "anon_end": 14},
        {"text": "Smith", "start": 94, "end": 99, "replacement": "[PERSON_1]", "anon_start": 94, "anon_end": 104},
    ]
    assert 0 < ttl <= 3600

    # the translations come back: each untouched text with its anonymization id, and a hand-made German
    # translation; a legacy client's result without the id is refused (ANON_REQUIRE_ANONYMIZATION_ID defaults
    # to true: without the id, another job's result whose marks exist in this table could not be told apart)
    legacy = orjson.dumps({"job_id": tag_job, "language": "en", "text": LETTER_ANONYMIZED})
    back = [
        ("translation.results", tag_job, {"job_id": tag_job, "language": "en", "text": LETTER_ANONYMIZED,
                                          "anonymization_id": aid}),
        ("translation.results", sup_job, {"job_id": sup_job, "language": "en", "text": LETTER_SUPPRESSED,
                                          "anonymization_id": suppressed["anonymization_id"]}),
        ("translation.results", tag_job, legacy),
    ]
    collector = run(
        _send_and_collect(
            worker, back, lambda c: all(c.for_key(j, "translation.reidentified") for j in (tag_job, sup_job))
            and _dead_letters_for(c, legacy)
        )
    )
    for job in (tag_job, sup_job):
        [result] = _json_for(collector, "translation.reidentified", job)
        assert result["text"] == LETTER
        assert (result["restored"], result["unknown_placeholders"], result["missing_placeholders"]) == (10, [], [])
    [letter] = _dead_letters_for(collector, legacy)
    assert (letter["stage"], letter["error_type"]) == ("reidentify", "table_mismatch")
    assert "anonymization_id" in letter["reason"] and "Smith" not in letter["reason"]

    german = [("translation.results", tag_job, {"job_id": tag_job, "language": "de", "text": LETTER_GERMAN + " [PERSON_7]",
                                                "anonymization_id": aid})]
    collector = run(
        _send_and_collect(
            worker, german, lambda c: any(m.json["language"] == "de" for m in c.for_key(tag_job, "translation.reidentified"))
        )
    )
    [result] = [m.json for m in collector.for_key(tag_job, "translation.reidentified") if m.json["language"] == "de"]
    restorations = result.pop("restorations")
    start = len(LETTER_GERMAN_RESTORED) + 1
    assert result == {
        "job_id": tag_job,
        "language": "de",
        "text": LETTER_GERMAN_RESTORED + " [PERSON_7]",
        "restored": 10,
        "unknown_placeholders": ["[PERSON_7]"],
        "missing_placeholders": [],
        "metadata": None,
        "restored_by_order": 0,
        "anonymization_id": aid,
        "conditions": {"mark": 10},
        "unrestored_marks": [{"mark": "[PERSON_7]", "start": start, "end": start + 10, "reason": "unknown"}],
        "refused": [],
    }
    assert len(restorations) == 10 and {r["condition"] for r in restorations} == {"mark"}
    assert [result["text"][r["start"] : r["end"]] for r in restorations][:2] == ["John Smith", "Acme Corporation"]
    worker.check_alive()


STRICT_CASES = [
    # (language, text, standard anonymized text, strict anonymized text)
    ("de", "Der nur 1,69 m große Marin fing mit dem Fußballspielen bei der Jugend an.",
     # the standard profile leaves the unknown surname in clear; the strict one decodes the German model with its
     # higher recall bias (ner_recall_bias_strict) and finds it, and masks the height with its unit as a quantity
     # (stop 59: the unit with the number)
     "Der nur 1,69 m große Marin fing mit dem Fußballspielen bei der Jugend an.",
     "Der nur [QUANTITY_1] große [PERSON_1] fing mit dem Fußballspielen bei der Jugend an."),
    ("en", "Mr Evrenos Önen, a Turkish national born in 1925, visited his mother in Izmir.",
     "Mr [PERSON_1], a [MISC_1] national born in 1925, visited his mother in [LOCATION_1].",
     # (stop 58: "national", the nationality word the model's "Turkish" overlaps, is kept as a quasi-identifier)
     "Mr [PERSON_1], a [MISC_1] [DEMOGRAPHIC_1] born in [DATE_1], visited his [RELATION_1] in [LOCATION_1]."),
]


def test_a_documents_privacy_profile_is_applied_through_kafka(worker, session_id):
    """The same text as a standard and as a strict document (the ``privacy_profile`` field): exact anonymized
    texts on ``translation.requests``, each from its own profile (quasi-identifiers and the strict recall bias)."""
    docs, expected = [], {}
    for n, (language, text, standard, strict) in enumerate(STRICT_CASES):
        for profile, anonymized in (("standard", standard), ("strict", strict)):
            job = f"{session_id}-profile-{n}-{profile}"
            docs.append(("documents", job, {"job_id": job, "text": text, "language": language,
                                            "privacy_profile": profile}))
            expected[job] = anonymized
    collector = run(_send_and_collect(worker, docs, lambda c: all(c.for_key(j, "translation.requests") for j in expected)))
    for job, anonymized in expected.items():
        [request] = _json_for(collector, "translation.requests", job)
        assert request["text"] == anonymized, job
    worker.check_alive()


def _long_document(min_chars: int) -> str:
    paragraph = (
        "On 12 May 2014 the committee chaired by Anna Lindqvist met representatives of Nordic Shipping Ltd in "
        "Gothenburg. Lindqvist asked whether the company had informed the authorities in Stockholm, and the "
        "representatives promised a written answer to anna.lindqvist@example.org within two weeks.\n\n"
    )
    return (paragraph * (min_chars // len(paragraph) + 1)).strip()


def test_a_100000_character_document_does_not_cause_a_rebalance(worker, session_id):
    job = f"{session_id}-long"
    text = _long_document(100_000)
    assert len(text) >= 100_000
    joins_before = worker.read_log().count("(Re-)joining group")
    collector = run(
        _send_and_collect(
            worker,
            [("documents", job, {"job_id": job, "text": text, "language": "en"})],
            lambda c: c.for_key(job, "translation.requests") or c.for_key(job, "documents.dead-letter"),
        )
    )
    [request] = _json_for(collector, "translation.requests", job)
    assert "Lindqvist" not in request["text"] and "Gothenburg" not in request["text"]
    collector = run(
        _send_and_collect(
            worker,
            [("translation.results", job, {"job_id": job, "language": "en", "text": request["text"],
                                           "anonymization_id": request["anonymization_id"]})],
            lambda c: c.for_key(job, "translation.reidentified"),
        )
    )
    [result] = _json_for(collector, "translation.reidentified", job)
    assert result["text"] == text and result["missing_placeholders"] == [] and result["unknown_placeholders"] == []
    log = worker.read_log()
    assert log.count("(Re-)joining group") == joins_before, "a rebalance happened while the long document was processed"
    assert "Heartbeat failed" not in log


def test_erasure_through_the_worker(worker, session_id):
    job = f"{session_id}-erase"
    doc = {"job_id": job, "language": "en", "text": "Anna Lindqvist wrote to anna.lindqvist@example.org."}
    collector = run(_send_and_collect(worker, [("documents", job, doc)], lambda c: c.for_key(job, "translation.requests")))
    [request] = _json_for(collector, "translation.requests", job)
    table, _ = run(_load_table(worker, job, request["anonymization_id"]))
    assert table is not None

    async def erase_and_wait():
        async with Collector(worker.bootstrap, ["jobs.erased"], partitions=worker.settings.topic_partitions) as c:
            await produce(worker.bootstrap, "jobs.erase", [(job, {"job_id": job}), ("x", {"job_id": f"{session_id}-no-such-job"})])
            wanted = {job, f"{session_id}-no-such-job"}
            await c.wait_for(lambda msgs: wanted <= {m.json["job_id"] for m in msgs if m.json}, timeout=TIMEOUT)
            return {m.json["job_id"]: (m.json["erased"], m.json["tables_deleted"]) for m in c.by_topic("jobs.erased")}

    answers = run(erase_and_wait())
    assert answers[job] == (True, 1) and answers[f"{session_id}-no-such-job"] == (False, 0)
    raw_value = run(_raw_value(worker, job, request["anonymization_id"]))
    assert raw_value is None
    raw = orjson.dumps({"job_id": job, "language": "de", "text": "[PERSON_1] schrieb an [EMAIL_1].",
                        "anonymization_id": request["anonymization_id"]})
    collector = run(_send_and_collect(worker, [("translation.results", job, raw)], lambda c: _dead_letters_for(c, raw)))
    assert [(d["reason"], d["error_type"]) for d in _dead_letters_for(collector, raw)] == [
        ("the job was erased (jobs.erase): its translations are not re-identified", "erased")]


PERTURBED = [
    # (translation, expected re-identified text, unknown, missing)
    ("Herr ［PERSON_1］ von &#91;ORGANIZATION_1&#93; traf 【 persona_2 】 in «LOCATION_1».",
     "Herr John Smith von Acme Corporation traf Maria Garcia in London.", [], [
         "[DATE_1]", "[EMAIL_1]", "[PHONE_1]", "[LOCATION_2]", "[PERSON_1]#2", "[PERSON_2]#2"]),
    ("[PERSON _ 2] antwortete aus [ORT_2]: ([PERSON_1]), [DATE_1], [EMAIL_1], [PHONE_1], [ORGANISATION_1], "
     "[LOCATION_1], [PERSON_1], [PERSON_2] <ne translation=\"[PERSON_3]\">[PERSON_3]</ne>.",
     "Maria Garcia antwortete aus Madrid: (John Smith), 3 March 2015, maria.garcia@example.com, +44 20 7946 0958, "
     "Acme Corporation, London, Smith, Garcia <ne translation=\"[PERSON_3]\">[PERSON_3]</ne>.",
     ['<ne translation="[PERSON_3]">[PERSON_3]</ne>'], []),
]


def test_perturbed_translations_through_kafka(worker, session_id):
    job = f"{session_id}-perturbed"
    collector = run(_send_and_collect(worker, [("documents", job, {"job_id": job, "text": LETTER, "language": "en"})],
                                      lambda c: c.for_key(job, "translation.requests")))
    [request] = _json_for(collector, "translation.requests", job)
    for i, (translation, expected, unknown, missing) in enumerate(PERTURBED):
        marker = f"v{i}"
        collector = run(
            _send_and_collect(
                worker,
                [("translation.results", job, {"job_id": job, "language": "de", "text": translation, "metadata": {"v": marker},
                                               "anonymization_id": request["anonymization_id"]})],
                lambda c: any(m.json["metadata"] == {"v": marker} for m in c.for_key(job, "translation.reidentified")),
            )
        )
        [result] = [m.json for m in collector.for_key(job, "translation.reidentified") if m.json["metadata"] == {"v": marker}]
        assert result["text"] == expected
        assert (result["unknown_placeholders"], result["missing_placeholders"]) == (unknown, missing)
