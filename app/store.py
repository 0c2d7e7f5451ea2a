"""Redis store of the tables of solutions, one per job (Dias, 2016, §6.3: the table is kept locally).

Key: ``<prefix><sha256(job_id)>`` — derived from the job id, bounded in length, whatever characters the
job id has. Value: the table as JSON (orjson), encrypted with Fernet (:mod:`app.crypto`) unless
plaintext is explicitly allowed. Every write sets the TTL (``table_ttl_seconds``).
Writes are idempotent: a retried job writes the same table again.

The store is the only module that talks to Redis; the domain library never does.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from typing import Any

import orjson
import redis.asyncio as aioredis
from redis.exceptions import RedisError

from app.crypto import TableCipher, cipher_from_settings
from app.settings import Settings, redis_options

log = logging.getLogger(__name__)


class TableStore:
    """Async store of tables of solutions.

    Args:
        client: a ``redis.asyncio.Redis`` client.
        prefix: key prefix.
        ttl_seconds: lifetime of a table, seconds (> 0).
        cipher: encryption of the values (default: plaintext, for library use and tests; the worker
            always builds its store with :meth:`from_settings`, which requires a key).
    """

    def __init__(
        self,
        client: aioredis.Redis,
        *,
        prefix: str = "anon:table:",
        ttl_seconds: int = 604800,
        cipher: TableCipher | None = None,
    ) -> None:
        if ttl_seconds <= 0:
            raise ValueError("ttl_seconds must be positive")
        self.client = client
        self.prefix = prefix
        self.ttl_seconds = ttl_seconds
        self.cipher = cipher or TableCipher([], allow_plaintext=True)

    @classmethod
    def from_settings(cls, settings: Settings) -> "TableStore":
        """A store on ``settings.redis_url`` with the configured prefix, TTL and keys.

        Raises:
            app.crypto.KeyError_: no key and plaintext not allowed, or a malformed key.
        """
        cipher = cipher_from_settings(settings)
        client = aioredis.Redis.from_url(
            settings.redis_url, socket_timeout=5, socket_connect_timeout=5, **redis_options(settings)
        )
        return cls(client, prefix=settings.table_key_prefix, ttl_seconds=settings.table_ttl_seconds, cipher=cipher)

    def key(self, job_id: str) -> str:
        """The Redis key of ``job_id``'s table."""
        return self.prefix + hashlib.sha256(job_id.encode("utf-8", "surrogatepass")).hexdigest()

    async def save(self, job_id: str, table: dict[str, Any]) -> None:
        """Write (or overwrite) a table with the TTL. Raises ``redis.exceptions.RedisError``."""
        await self.client.set(self.key(job_id), self.cipher.encrypt(orjson.dumps(table)), ex=self.ttl_seconds)

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

    async def save_with_retry(
        self,
        job_id: str,
        table: dict[str, Any],
        *,
        initial_delay: float = 0.5,
        max_delay: float = 30.0,
    ) -> int:
        """Write a table, retrying with exponential backoff until Redis accepts it.

        The caller must not emit the anonymized text (nor commit the input offset) before this returns,
        so a table is never missing for a text that left (README, "Table of solutions").

        Returns:
            The number of failed attempts before success (0 when the first write worked).
        """
        _, failures = await self._retry(lambda: self.save(job_id, table), "table write", initial_delay, max_delay)
        return failures

    async def load_with_retry(self, job_id: str, *, initial_delay: float = 0.5, max_delay: float = 30.0) -> dict[str, Any] | None:
        """:meth:`load`, retrying with exponential backoff while Redis is unreachable."""
        table, _ = await self._retry(lambda: self.load(job_id), "table read", initial_delay, max_delay)
        return table

    async def load(self, job_id: str) -> dict[str, Any] | None:
        """The table of ``job_id``, or ``None`` when unknown or expired.

        Raises:
            RedisError: Redis failed.
            app.crypto.KeyError_: the table cannot be decrypted with the configured keys.
        """
        raw = await self.client.get(self.key(job_id))
        if raw is None:
            return None
        return orjson.loads(self.cipher.decrypt(raw))

    async def rotate(self) -> int:
        """Re-encrypt every table with the newest key, keeping each TTL. Returns the number rewritten."""
        n = 0
        async for key in self.client.scan_iter(match=self.prefix + "*", count=1000):
            raw = await self.client.get(key)
            if raw is not None:
                await self.client.set(key, self.cipher.rotate(raw), keepttl=True)
                n += 1
        return n

    async def delete_with_retry(self, job_id: str, *, initial_delay: float = 0.5, max_delay: float = 30.0) -> bool:
        """:meth:`delete`, retrying with exponential backoff while Redis is unreachable."""
        deleted, _ = await self._retry(lambda: self.delete(job_id), "table deletion", initial_delay, max_delay)
        return deleted

    async def delete(self, job_id: str) -> bool:
        """Erase a job's table; ``True`` if one existed. Raises ``RedisError``."""
        return bool(await self.client.delete(self.key(job_id)))

    async def report(self) -> dict[str, Any]:
        """How many tables exist and how old they are (seconds since written, from the remaining TTL).

        Returns:
            ``{"tables": n, "ttl_seconds": ttl, "oldest_age_seconds": s | None, "newest_age_seconds": s | None,
            "ages_seconds": {"<1h": n, "1h-1d": n, ">1d": n}}``. Raises ``RedisError``.
        """
        ages: list[int] = []
        async for key in self.client.scan_iter(match=self.prefix + "*", count=1000):
            remaining = await self.client.ttl(key)
            if remaining >= 0:
                ages.append(self.ttl_seconds - remaining)
        buckets = {"<1h": 0, "1h-1d": 0, ">1d": 0}
        for age in ages:
            buckets["<1h" if age < 3600 else "1h-1d" if age < 86400 else ">1d"] += 1
        return {
            "tables": len(ages),
            "ttl_seconds": self.ttl_seconds,
            "oldest_age_seconds": max(ages) if ages else None,
            "newest_age_seconds": min(ages) if ages else None,
            "ages_seconds": buckets,
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
