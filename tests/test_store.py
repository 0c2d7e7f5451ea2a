"""The table store against the real Redis (a session key prefix, cleaned up by conftest)."""

import redis
import redis.asyncio as aioredis

from app.crypto import KeyedHasher, KeyError_, TableCipher, generate_key
from app.store import JobErased, TableStore
from app.table import MentionRecord, Table, TableEntry

import pytest


def _table(job_id: str, aid: str, surface: str = "Ann") -> Table:
    mention = MentionRecord(text=surface, start=0, end=len(surface), replacement="[PERSON_1]", anon_start=0, anon_end=10)
    entry = TableEntry(placeholder="[PERSON_1]", method="tag", unique=True, label="PERSON", chain_id=0,
                       surfaces=[surface], mentions=[mention])
    return Table(job_id=job_id, language="en", method="tag", anon_length=10, anon_sha256="0" * 64, entries=[entry],
                 anonymization_id=aid)


A1, A2 = "a1" * 16, "a2" * 16
TABLE = _table("job/ü 1", A1, "Annika Lindqvist")


def _store(redis_url: str, prefix: str, *, ttl: int = 120, encrypted: bool = True) -> TableStore:
    cipher = TableCipher([generate_key()]) if encrypted else None
    return TableStore(aioredis.Redis.from_url(redis_url), prefix=prefix, ttl_seconds=ttl, cipher=cipher,
                      hasher=KeyedHasher(b"test secret of 32 bytes........."))


async def test_save_load_ttl_delete(redis_url, table_key_prefix):
    store = _store(redis_url, table_key_prefix + "basic:")
    try:
        assert await store.ping()
        assert await store.load("job/ü 1") is None and await store.load("job/ü 1", A1) is None
        assert await store.save_with_retry(TABLE) is True
        assert await store.load("job/ü 1", A1) == TABLE
        assert await store.load("job/ü 1") == TABLE  # the newest
        key = store.key("job/ü 1", A1)
        job_hash = store.hasher.job_hash("job/ü 1")
        assert key == f"{table_key_prefix}basic:{{{job_hash}}}:t:{A1}"
        assert 0 < await store.client.ttl(key) <= 120 and 0 < await store.client.ttl(store.index_key("job/ü 1")) <= 120
        raw = await store.client.get(key)
        # a whole name: a 3-letter surface turns up in random base64 about once in 1,000 runs
        assert raw.startswith(b"aesgcm:") and b"Annika Lindqvist" not in raw and b"Lindqvist" not in raw
        assert await store.delete("job/ü 1", A1) is True
        assert await store.load("job/ü 1", A1) is None
        assert await store.delete("job/ü 1", A1) is False
    finally:
        await store.close()


async def test_the_serialized_table_of_the_anonymize_stage_is_stored_as_the_table_itself(redis_url, table_key_prefix):
    import pickle

    from app.table import SerializedTable

    store = _store(redis_url, table_key_prefix + "serialized:")
    sent = pickle.loads(pickle.dumps(TABLE.serialized()))  # as it crosses from the stage process
    try:
        assert sent == SerializedTable("job/ü 1", A1, TABLE.to_json())
        assert await store.save_with_retry(sent) is True
        assert await store.load("job/ü 1", A1) == TABLE
        with pytest.raises(ValueError):
            _table("job-u", "").serialized()
        with pytest.raises(ValueError):
            await store.save(SerializedTable("job-u", "", b"{}"))
    finally:
        await store.close()


async def test_a_reused_job_id_keeps_every_table_and_reads_the_one_named(redis_url, table_key_prefix):
    store = _store(redis_url, table_key_prefix + "reuse:")
    first, second = _table("job-r", A1, "Ann"), _table("job-r", A2, "Bob")
    try:
        assert await store.save(first) and await store.save(second)
        assert await store.load("job-r", A1) == first
        assert await store.load("job-r", A2) == second
        assert await store.load("job-r") == second  # newest by first write
        assert await store.save(first)  # a redelivered first document rewrites its own table only ...
        assert await store.load("job-r") == second  # ... and does not become the newest
        assert await store.load("job-other", A1) is None  # another job's id names no table of this job
    finally:
        await store.close()


async def test_a_ciphertext_copied_to_another_key_is_never_used(redis_url, table_key_prefix):
    store = _store(redis_url, table_key_prefix + "moved:")
    try:
        await store.save(_table("job-a", A1, "Ann"))
        await store.save(_table("job-b", A2, "Bob"))
        raw_a = await store.client.get(store.key("job-a", A1))
        await store.client.set(store.key("job-b", A2), raw_a, keepttl=True)  # job b's key now holds job a's table
        with pytest.raises(KeyError_, match="moved from another key"):
            await store.load("job-b", A2)
        with pytest.raises(KeyError_, match="moved from another key"):
            await store.load("job-b")
        await store.client.set(store.key("job-a", A2), raw_a, ex=60)  # same job, other anonymization id
        with pytest.raises(KeyError_, match="moved from another key"):
            await store.load("job-a", A2)
        assert (await store.load("job-a", A1)).originals() == {"Ann"}
    finally:
        await store.close()


async def test_erase_deletes_every_table_and_its_tombstone_blocks_later_writes(redis_url, table_key_prefix):
    store = _store(redis_url, table_key_prefix + "erase:", ttl=300)
    try:
        assert await store.erase("job-none") == 0  # an erase before the document: a tombstone
        assert 0 < await store.client.ttl(store.tombstone_key("job-none")) <= 300
        assert await store.save(_table("job-none", A1)) is False  # the later write is a no-op
        assert not await store.client.exists(store.key("job-none", A1), store.index_key("job-none"))
        with pytest.raises(JobErased):
            await store.load("job-none", A1)

        await store.save(_table("job-e", A1))
        await store.save(_table("job-e", A2))
        await store.save(_table("job-kept", A1))
        assert await store.erase_with_retry("job-e") == 2
        assert not await store.client.exists(store.key("job-e", A1), store.key("job-e", A2), store.index_key("job-e"))
        with pytest.raises(JobErased):
            await store.load("job-e")
        assert await store.save_with_retry(_table("job-e", A1)) is False  # a redelivered document after the erase
        assert not await store.client.exists(store.key("job-e", A1))
        assert await store.load("job-kept", A1) is not None  # other jobs untouched
        assert await store.erase("job-e") == 0  # erasing again: nothing left
    finally:
        await store.close()


async def test_rotation_reencrypts_keeps_ttl_and_loses_no_race_with_an_erase(redis_url, table_key_prefix):
    """The race of issue 15 made deterministic: the table is erased after rotate-keys read it and before it
    writes back. The compare-and-set leaves it erased; nothing under the prefix is left without a TTL."""
    old, new = generate_key(), generate_key()
    prefix = table_key_prefix + "rotate:"
    hasher = KeyedHasher(b"rotation secret of 32 bytes....!")
    writer = TableStore(aioredis.Redis.from_url(redis_url), prefix=prefix, ttl_seconds=500, cipher=TableCipher([old]),
                        hasher=hasher)
    rotator = TableStore(aioredis.Redis.from_url(redis_url), prefix=prefix, ttl_seconds=500,
                         cipher=TableCipher([new, old]), hasher=hasher)
    sync = redis.Redis.from_url(redis_url)
    try:
        for job in ("job-1", "job-2", "job-3"):
            await writer.save(_table(job, A1))
        sync.expire(writer.key("job-2", A1), 400)  # an older table: its TTL must be kept
        erased_key = writer.key("job-3", A1)
        real_rotate = rotator.cipher.rotate

        def rotate_then_erase(stored: bytes, ad: bytes) -> bytes:
            out = real_rotate(stored, ad)
            if ad.endswith(A1.encode()) and hasher.job_hash("job-3").encode() in ad:
                sync.delete(erased_key)  # erased between the read and the write back
            return out

        rotator.cipher.rotate = rotate_then_erase
        assert await rotator.rotate() == 2
        assert not sync.exists(erased_key)
        assert 395 <= sync.ttl(writer.key("job-2", A1)) <= 400 and 495 <= sync.ttl(writer.key("job-1", A1)) <= 500
        assert [k for k in sync.scan_iter(match=prefix + "*") if sync.ttl(k) == -1] == []
        new_only = TableStore(aioredis.Redis.from_url(redis_url), prefix=prefix, cipher=TableCipher([new]), hasher=hasher)
        try:
            assert (await new_only.load("job-1", A1)).originals() == {"Ann"}
            assert [t.job_id async for t in new_only.tables()] != []
        finally:
            await new_only.close()
        report = await rotator.report()
        assert report["tables"] == 2 and report["without_ttl"] == 0
    finally:
        sync.close()
        await writer.close()
        await rotator.close()


async def test_unreachable_redis_is_reported_not_raised_by_ping():
    store = TableStore(aioredis.Redis.from_url("redis://127.0.0.1:1/0", socket_connect_timeout=0.2), ttl_seconds=5)
    try:
        assert await store.ping() is False
    finally:
        await store.close()


async def test_report_counts_tables_and_ages(redis_url, table_key_prefix):
    store = _store(redis_url, table_key_prefix + "report:", ttl=7200)
    try:
        await store.save(_table("a", A1))
        await store.save(_table("b", A1))
        await store.client.expire(store.key("b", A1), 7200 - 5000)  # written 5000 s ago
        report = await store.report()
        assert report["tables"] == 2 and report["ttl_seconds"] == 7200 and report["without_ttl"] == 0
        assert report["ages_seconds"] == {"<1h": 1, "1h-1d": 1, ">1d": 0}
        assert 5000 <= report["oldest_age_seconds"] <= 5002 and report["newest_age_seconds"] <= 2
    finally:
        await store.erase("a")
        await store.erase("b")
        await store.close()


async def test_retries_until_redis_answers(redis_url, table_key_prefix, monkeypatch):
    """The first two writes fail as if Redis were down; the third succeeds."""
    from redis.exceptions import ConnectionError as RedisConnectionError

    store = _store(redis_url, table_key_prefix + "retry:", ttl=60)
    calls = {"n": 0}
    real_save = store.save

    async def flaky_save(table):
        calls["n"] += 1
        if calls["n"] <= 2:
            raise RedisConnectionError("down")
        return await real_save(table)

    monkeypatch.setattr(store, "save", flaky_save)
    try:
        assert await store.save_with_retry(_table("r1", A1), initial_delay=0.01) is True
        assert calls["n"] == 3
        assert await store.load_with_retry("r1", A1) == _table("r1", A1)
        assert await store.delete_with_retry("r1", A1) is True
    finally:
        await store.close()


async def test_a_long_backoff_ends_as_soon_as_redis_answers_a_ping(table_key_prefix, monkeypatch):
    """A 30 s backoff delay is cut short by the first PING Redis answers (probed every 0.05 s here)."""
    from redis.exceptions import ConnectionError as RedisConnectionError

    store = TableStore(aioredis.Redis.from_url("redis://127.0.0.1:6379/0"), prefix=table_key_prefix + "probe:", ttl_seconds=60)
    store.probe_interval = 0.05
    state = {"loads": 0, "pings": 0}

    async def flaky_load(job_id, anonymization_id=None):
        state["loads"] += 1
        if state["loads"] == 1:
            raise RedisConnectionError("down")
        return TABLE

    async def ping():
        state["pings"] += 1
        return state["pings"] >= 3  # Redis "comes back" at the third probe

    monkeypatch.setattr(store, "load", flaky_load)
    monkeypatch.setattr(store, "ping", ping)
    try:
        assert await store.load_with_retry("p1", initial_delay=30.0) == TABLE
        # the retry came right after the first answered PING; a full 30 s wait would have sent ~600
        assert (state["loads"], state["pings"]) == (2, 3)
    finally:
        await store.close()
