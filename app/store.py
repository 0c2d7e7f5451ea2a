"""Redis store of the tables of solutions: one table per (job id, anonymization id), erasure by tombstone.

Dias (2016), "Multilingual Automated Text Anonymization", §6.3: the table is kept locally, and a
translation is re-identified with the table of its own document. Here a job id may be anonymized more than
once (a reused job id, another method), so every anonymization has its own table, named by its
anonymization id (:meth:`app.crypto.KeyedHasher.anonymization_id`), and a translation names the table it
may use (issue 16, item 1).

Keys (``jh`` = :meth:`app.crypto.KeyedHasher.job_hash` of the job id, an HMAC with a secret; the hash tag
``{jh}`` keeps a job's keys in one Redis Cluster slot):

=================================  =============================================================================
``<prefix>{jh}:t:<aid>``           the table of anonymization ``aid``: AES-GCM ciphertext bound to ``jh`` and
                                   ``aid`` (:func:`app.crypto.associated_data`); TTL ``table_ttl_seconds``
``<prefix>{jh}:i``                 sorted set of the job's anonymization ids, scored by first write (ms); its
                                   TTL is renewed at every write, so it outlives every table it lists
``<prefix>{jh}:x``                 tombstone of an erased job (value ``1``, TTL ``table_ttl_seconds``)
=================================  =============================================================================

Every operation that must not interleave with another is one Lua script (atomic in Redis):

* :meth:`TableStore.save` writes nothing and returns ``False`` when the job has a tombstone — an erase that
  came before or while the document was in the pipeline wins over the later table write;
* :meth:`TableStore.erase` writes the tombstone and deletes every table of the job;
* :meth:`TableStore.rotate` re-encrypts a table only if it still holds the value read (compare-and-set,
  ``SET ... KEEPTTL``): a table erased or rewritten meanwhile is left alone, and no table ever loses its TTL.

Writes are idempotent: a redelivered document has the same anonymization id and rewrites the same table.
The store is the only module that talks to Redis; the domain library never does.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator
from typing import Any

import orjson
import redis.asyncio as aioredis
from redis.exceptions import RedisError

from app.crypto import KeyedHasher, KeyError_, TableCipher, associated_data, cipher_from_settings, hasher_from_settings
from app.settings import Settings, redis_options
from app.table import InvalidTable, SerializedTable, Table

log = logging.getLogger(__name__)

_SAVE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('SET', KEYS[3], ARGV[1], 'EX', ARGV[2])
redis.call('ZADD', KEYS[2], 'NX', ARGV[4], ARGV[3])
redis.call('EXPIRE', KEYS[2], ARGV[2])
return 1
"""

_LOAD = """
if redis.call('EXISTS', KEYS[1]) == 1 then return {'erased'} end
local ids
if ARGV[1] ~= '' then ids = {ARGV[1]} else ids = redis.call('ZREVRANGE', KEYS[2], 0, -1) end
for _, aid in ipairs(ids) do
  local value = redis.call('GET', ARGV[2] .. aid)
  if value then return {'table', aid, value} end
end
return {'none'}
"""

_ERASE = """
redis.call('SET', KEYS[1], '1', 'EX', ARGV[1])
local n = 0
for _, aid in ipairs(redis.call('ZRANGE', KEYS[2], 0, -1)) do n = n + redis.call('DEL', ARGV[2] .. aid) end
redis.call('DEL', KEYS[2])
return n
"""

_DELETE = """
local n = redis.call('DEL', KEYS[2])
redis.call('ZREM', KEYS[1], ARGV[1])
return n
"""

_COMPARE_AND_SET = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL')
  return 1
end
return 0
"""


class JobErased(Exception):
    """The job was erased (a tombstone exists): nothing of it may be written or restored."""


#: Suffixes of a job's keys after ``<prefix>{<job hash>}:``: its tombstone, its index of anonymization ids, and each
#: table (followed by the anonymization id).
_TOMBSTONE, _INDEX, _TABLE = "x", "i", "t:"


class TableStore:
    """Async store of tables of solutions.

    Args:
        client: a ``redis.asyncio.Redis`` client.
        prefix: key prefix.
        ttl_seconds: lifetime of a table and of a tombstone, seconds (> 0).
        cipher: encryption of the values (default: plaintext, for library use and tests; the worker
            always builds its store with :meth:`from_settings`, which requires a key).
        hasher: the keyed hash of job ids (default: the development secret, for library use and tests).

    Raises:
        ValueError: ``ttl_seconds`` is not positive.
    """

    def __init__(
        self,
        client: aioredis.Redis,
        *,
        prefix: str = "anon:table:",
        ttl_seconds: int = 604800,
        cipher: TableCipher | None = None,
        hasher: KeyedHasher | None = None,
    ) -> None:
        if ttl_seconds <= 0:
            raise ValueError("ttl_seconds must be positive")
        self.client = client
        self.prefix = prefix
        self.ttl_seconds = ttl_seconds
        self.cipher = cipher or TableCipher([], allow_plaintext=True)
        self.hasher = hasher or hasher_from_settings(Settings(allow_plaintext_tables=True))
        self._scripts = {name: client.register_script(source) for name, source in
                         (("save", _SAVE), ("load", _LOAD), ("erase", _ERASE), ("delete", _DELETE), ("cas", _COMPARE_AND_SET))}

    @classmethod
    def from_settings(cls, settings: Settings) -> "TableStore":
        """A store on ``settings.redis_url`` with the configured prefix, TTL, keys and HMAC secret.

        Raises:
            app.crypto.KeyError_: no key (or no HMAC secret) and plaintext not allowed, or a malformed key.
        """
        cipher = cipher_from_settings(settings)
        hasher = hasher_from_settings(settings)
        client = aioredis.Redis.from_url(
            settings.redis_url, socket_timeout=5, socket_connect_timeout=5, **redis_options(settings)
        )
        return cls(client, prefix=settings.table_key_prefix, ttl_seconds=settings.table_ttl_seconds, cipher=cipher,
                   hasher=hasher)

    # --- key names -----------------------------------------------------------------------------------

    def _job_keys(self, job_id: str) -> tuple[str, str]:
        """``(keyed hash of the job id, prefix of every key of the job)``: the hash computed once per operation."""
        job_hash = self.hasher.job_hash(job_id)
        return job_hash, f"{self.prefix}{{{job_hash}}}:"

    def _job(self, job_id: str) -> str:
        return self._job_keys(job_id)[1]

    def key(self, job_id: str, anonymization_id: str) -> str:
        """The Redis key of the table of (``job_id``, ``anonymization_id``)."""
        return f"{self._job(job_id)}{_TABLE}{anonymization_id}"

    def index_key(self, job_id: str) -> str:
        """The Redis key of the job's index of anonymization ids."""
        return self._job(job_id) + _INDEX

    def tombstone_key(self, job_id: str) -> str:
        """The Redis key of the job's erasure tombstone."""
        return self._job(job_id) + _TOMBSTONE

    # --- operations ----------------------------------------------------------------------------------

    async def save(self, table: Table | SerializedTable) -> bool:
        """Write ``table`` under its job id and anonymization id with the TTL, unless the job was erased.

        Args:
            table: a bound :class:`~app.table.Table`, or its :class:`~app.table.SerializedTable` (the anonymize
                stage's form: the same bytes are written either way).

        Returns:
            ``True`` when written; ``False`` when the job has a tombstone (nothing written).

        Raises:
            ValueError: the table has no anonymization id.
            RedisError: Redis failed.
        """
        job_id, aid, content = table.serialized() if isinstance(table, Table) else table
        if not aid:
            raise ValueError("a table must be bound to an anonymization id before it is stored")
        job_hash, job = self._job_keys(job_id)
        value = self.cipher.encrypt(content, associated_data(job_hash, aid))
        keys = [job + _TOMBSTONE, job + _INDEX, job + _TABLE + aid]  # tombstone_key, index_key, key
        written = await self._scripts["save"](keys=keys, args=[value, self.ttl_seconds, aid, int(time.time() * 1000)])
        return bool(written)

    async def load(self, job_id: str, anonymization_id: str | None = None) -> Table | None:
        """The table of (``job_id``, ``anonymization_id``); with no anonymization id, the job's newest table
        (by first write) that still exists.

        Returns:
            The table, or ``None`` when unknown or expired.

        Raises:
            JobErased: the job has a tombstone.
            app.crypto.KeyError_: the value cannot be decrypted for this job and anonymization (unknown key,
                tampered, moved from another key).
            app.table.InvalidTable: it decrypts but is not a table of this job and anonymization.
            RedisError: Redis failed.
        """
        job_hash, job = self._job_keys(job_id)
        reply = await self._scripts["load"](keys=[job + _TOMBSTONE, job + _INDEX], args=[anonymization_id or "", job + _TABLE])
        status = reply[0].decode() if isinstance(reply[0], bytes) else reply[0]
        if status == "erased":
            raise JobErased(job_id)
        if status != "table":
            return None
        aid = reply[1].decode() if isinstance(reply[1], bytes) else reply[1]
        table = Table.from_json(self.cipher.decrypt(reply[2], associated_data(job_hash, aid)))
        if table.job_id != job_id or table.anonymization_id != aid:  # only reachable with plaintext tables
            raise InvalidTable("the stored table belongs to another job or anonymization")
        return table

    async def erase(self, job_id: str) -> int:
        """Right to erasure: write the job's tombstone (TTL ``ttl_seconds``) and delete every table of the job,
        atomically. Later writes of the job's tables are no-ops (:meth:`save`) and loads raise
        :class:`JobErased` until the tombstone expires.

        Returns:
            The number of tables deleted. Raises ``RedisError``.
        """
        keys = [self.tombstone_key(job_id), self.index_key(job_id)]
        return int(await self._scripts["erase"](keys=keys, args=[self.ttl_seconds, self._job(job_id) + _TABLE]))

    async def delete(self, job_id: str, anonymization_id: str) -> bool:
        """Delete one table (no tombstone: e.g. once a translation restored every entry). ``True`` if it
        existed. Raises ``RedisError``."""
        keys = [self.index_key(job_id), self.key(job_id, anonymization_id)]
        return bool(await self._scripts["delete"](keys=keys, args=[anonymization_id]))

    async def rotate(self) -> int:
        """Re-encrypt every table with the newest key, keeping each TTL (compare-and-set per table: a table
        erased or rewritten since it was read is left as it is). Returns the number rewritten.

        Raises:
            app.crypto.KeyError_: a table cannot be decrypted with the configured keys.
            RedisError: Redis failed.
        """
        n = 0
        async for key, ad in self._table_keys():
            raw = await self.client.get(key)
            if raw is None:
                continue
            rotated = self.cipher.rotate(raw, ad)
            n += int(await self._scripts["cas"](keys=[key], args=[raw, rotated]))
        return n

    async def _table_keys(self) -> AsyncIterator[tuple[bytes, bytes]]:
        """Every table key under the prefix with its associated data (from the key name)."""
        async for key in self.client.scan_iter(match=self.prefix + "{*}:t:*", count=1000):
            name = key.decode() if isinstance(key, bytes) else key
            job_hash = name[len(self.prefix) + 1 : name.index("}", len(self.prefix))]
            yield key, associated_data(job_hash, name.rsplit(":t:", 1)[1])

    async def tables(self) -> AsyncIterator[Table]:
        """Every table under the prefix that decrypts and parses (the others are skipped): for audits and
        tests. Raises ``RedisError``."""
        async for key, ad in self._table_keys():
            raw = await self.client.get(key)
            if raw is None:
                continue
            try:
                yield Table.from_json(self.cipher.decrypt(raw, ad))
            except (KeyError_, InvalidTable):
                continue

    # --- retries -------------------------------------------------------------------------------------

    #: Seconds between PINGs while waiting out a backoff delay (see :meth:`_wait_for_redis`).
    probe_interval: float = 1.0

    async def _retry(self, operation, what: str, initial_delay: float, max_delay: float):
        """Await ``operation()`` until Redis answers, backing off exponentially; logs each failure by
        exception type only. The wait ends early when Redis answers a PING (:meth:`_wait_for_redis`), so work
        resumes within about :attr:`probe_interval` seconds of Redis coming back, whatever the backoff delay
        reached. Returns ``(result, failed_attempts)``."""
        delay = initial_delay
        failures = 0
        while True:
            try:
                result = await operation()
                if failures:
                    log.warning("redis reachable again after %d failed attempts (%s)", failures, what)
                return result, failures
            except (RedisError, OSError) as exc:
                failures += 1
                log.warning("redis unavailable (%s); retrying %s in %.1f s (attempt %d)", type(exc).__name__, what, delay, failures)
                await self._wait_for_redis(delay)
                delay = min(max_delay, delay * 2)

    async def _wait_for_redis(self, delay: float) -> None:
        """Sleep up to ``delay`` seconds, returning as soon as Redis answers a PING (sent every
        :attr:`probe_interval` seconds). Never raises for an unreachable Redis."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + delay
        while (remaining := deadline - loop.time()) > 0:
            await asyncio.sleep(min(self.probe_interval, remaining))
            if loop.time() < deadline and await self.ping():
                return

    async def save_with_retry(self, table: Table | SerializedTable, *, initial_delay: float = 0.5, max_delay: float = 30.0) -> bool:
        """:meth:`save`, retrying with exponential backoff until Redis answers.

        The caller must not emit the anonymized text (nor commit the input offset) before this returns,
        so a table is never missing for a text that left.

        Returns:
            ``True`` when written, ``False`` when the job was erased (then nothing may be emitted).
        """
        written, _ = await self._retry(lambda: self.save(table), "table write", initial_delay, max_delay)
        return written

    async def load_with_retry(self, job_id: str, anonymization_id: str | None = None, *, initial_delay: float = 0.5,
                              max_delay: float = 30.0) -> Table | None:
        """:meth:`load`, retrying with exponential backoff while Redis is unreachable."""
        table, _ = await self._retry(lambda: self.load(job_id, anonymization_id), "table read", initial_delay, max_delay)
        return table

    async def erase_with_retry(self, job_id: str, *, initial_delay: float = 0.5, max_delay: float = 30.0) -> int:
        """:meth:`erase`, retrying with exponential backoff while Redis is unreachable."""
        deleted, _ = await self._retry(lambda: self.erase(job_id), "erasure", initial_delay, max_delay)
        return deleted

    async def delete_with_retry(self, job_id: str, anonymization_id: str, *, initial_delay: float = 0.5,
                                max_delay: float = 30.0) -> bool:
        """:meth:`delete`, retrying with exponential backoff while Redis is unreachable."""
        deleted, _ = await self._retry(lambda: self.delete(job_id, anonymization_id), "table deletion", initial_delay, max_delay)
        return deleted

    # --- inspection ----------------------------------------------------------------------------------

    async def report(self) -> dict[str, Any]:
        """How many tables exist and how old they are (seconds since written, from the remaining TTL).

        Returns:
            ``{"tables": n, "ttl_seconds": ttl, "oldest_age_seconds": s | None, "newest_age_seconds": s | None,
            "ages_seconds": {"<1h": n, "1h-1d": n, ">1d": n}, "without_ttl": n}``. Raises ``RedisError``.
        """
        ages: list[int] = []
        without_ttl = 0
        async for key in self.client.scan_iter(match=self.prefix + "{*}:t:*", count=1000):
            remaining = await self.client.ttl(key)
            if remaining >= 0:
                ages.append(self.ttl_seconds - remaining)
            elif remaining == -1:
                without_ttl += 1
        buckets = {"<1h": 0, "1h-1d": 0, ">1d": 0}
        for age in ages:
            buckets["<1h" if age < 3600 else "1h-1d" if age < 86400 else ">1d"] += 1
        return {
            "tables": len(ages) + without_ttl,
            "ttl_seconds": self.ttl_seconds,
            "oldest_age_seconds": max(ages) if ages else None,
            "newest_age_seconds": min(ages) if ages else None,
            "ages_seconds": buckets,
            "without_ttl": without_ttl,
        }

    async def ping(self) -> bool:
        """``True`` when Redis answers."""
        try:
            return bool(await self.client.ping())
        except (RedisError, OSError):
            return False

    async def close(self) -> None:
        """Close the connection pool."""
        await self.client.aclose()

