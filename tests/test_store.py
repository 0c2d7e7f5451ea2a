"""The table store against the real Redis (a session key prefix, cleaned up by conftest)."""

import redis.asyncio as aioredis

from app.store import TableStore

TABLE = {"version": 1, "job_id": "job/ü 1", "entries": [{"placeholder": "[PERSON_1]", "surfaces": ["Ann"]}]}


async def test_save_load_ttl_delete(redis_url, table_key_prefix):
    store = TableStore(aioredis.Redis.from_url(redis_url), prefix=table_key_prefix, ttl_seconds=120)
    try:
        assert await store.ping()
        assert await store.load("job/ü 1") is None
        assert await store.save_with_retry("job/ü 1", TABLE) == 0
        assert await store.load("job/ü 1") == TABLE
        key = store.key("job/ü 1")
        assert key.startswith(table_key_prefix) and len(key) == len(table_key_prefix) + 64
        assert 0 < await store.client.ttl(key) <= 120
        assert await store.delete("job/ü 1") is True
        assert await store.load("job/ü 1") is None
        assert await store.delete("job/ü 1") is False
    finally:
        await store.close()


async def test_unreachable_redis_is_reported_not_raised_by_ping():
    store = TableStore(aioredis.Redis.from_url("redis://127.0.0.1:1/0", socket_connect_timeout=0.2), ttl_seconds=5)
    try:
        assert await store.ping() is False
    finally:
        await store.close()


async def test_report_counts_tables_and_ages(redis_url, table_key_prefix):
    store = TableStore(aioredis.Redis.from_url(redis_url), prefix=table_key_prefix + "report:", ttl_seconds=7200)
    try:
        await store.save("a", TABLE)
        await store.save("b", TABLE)
        await store.client.expire(store.key("b"), 7200 - 5000)  # written 5000 s ago
        report = await store.report()
        assert report["tables"] == 2 and report["ttl_seconds"] == 7200
        assert report["ages_seconds"] == {"<1h": 1, "1h-1d": 1, ">1d": 0}
        assert 5000 <= report["oldest_age_seconds"] <= 5002 and report["newest_age_seconds"] <= 2
    finally:
        await store.client.delete(store.key("a"), store.key("b"))
        await store.close()


async def test_retries_until_redis_answers(table_key_prefix, monkeypatch):
    """The first two writes fail as if Redis were down; the third succeeds."""
    from redis.exceptions import ConnectionError as RedisConnectionError

    store = TableStore(aioredis.Redis.from_url("redis://127.0.0.1:6379/0"), prefix=table_key_prefix + "retry:", ttl_seconds=60)
    calls = {"n": 0}
    real_save = store.save

    async def flaky_save(job_id, table):
        calls["n"] += 1
        if calls["n"] <= 2:
            raise RedisConnectionError("down")
        await real_save(job_id, table)

    monkeypatch.setattr(store, "save", flaky_save)
    try:
        assert await store.save_with_retry("r1", TABLE, initial_delay=0.01) == 2
        assert await store.load_with_retry("r1") == TABLE
        assert await store.delete_with_retry("r1") is True
    finally:
        await store.close()


async def test_a_long_backoff_ends_as_soon_as_redis_answers_a_ping(table_key_prefix, monkeypatch):
    """A 30 s backoff delay is cut short by the first PING Redis answers (probed every 0.05 s here)."""
    from redis.exceptions import ConnectionError as RedisConnectionError

    store = TableStore(aioredis.Redis.from_url("redis://127.0.0.1:6379/0"), prefix=table_key_prefix + "probe:", ttl_seconds=60)
    store.probe_interval = 0.05
    state = {"loads": 0, "pings": 0}

    async def flaky_load(job_id):
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
