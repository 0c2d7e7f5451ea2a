"""The review lease: at most one reviewer edits a held document at a time, across application instances.

A lease is a Redis key ``<review_key_prefix>lease:<sha256(job id)>`` holding the reviewer's name, written with
``SET NX EX`` (Redis' documented single-instance lock pattern, "Distributed locks with Redis", redis.io): the
first reviewer to open a document gets it for ``ttl_seconds``; every action of the same reviewer renews it;
it ends on release, on leaving the document, or when it expires (an abandoned document becomes free again).
"""

from __future__ import annotations

import hashlib

import redis.asyncio as aioredis

# Delete or renew only when the key still holds this reviewer's name (compare-and-act in one step).
_RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end"


class ReviewLease:
    """Leases on held documents.

    Args:
        client: a ``redis.asyncio.Redis`` client.
        prefix: key prefix (``review_key_prefix``).
        ttl_seconds: lifetime of a lease without activity, seconds (> 0).
    """

    def __init__(self, client: aioredis.Redis, *, prefix: str = "anon:review:", ttl_seconds: int = 900) -> None:
        if ttl_seconds <= 0:
            raise ValueError("ttl_seconds must be positive")
        self.client = client
        self.prefix = prefix
        self.ttl_seconds = ttl_seconds

    def key(self, job_id: str) -> str:
        """The Redis key of ``job_id``'s lease."""
        return self.prefix + "lease:" + hashlib.sha256(job_id.encode("utf-8", "surrogatepass")).hexdigest()

    async def acquire(self, job_id: str, user: str) -> str:
        """Take or renew the lease of ``job_id`` for ``user``.

        Returns:
            the holder after the call: ``user`` when the lease is now theirs, another reviewer's name when
            they hold it. Raises ``redis.exceptions.RedisError``.
        """
        key = self.key(job_id)
        if await self.client.set(key, user, nx=True, ex=self.ttl_seconds):
            return user
        holder = await self.client.get(key)
        if holder is None:  # expired between the two calls: try once more
            return user if await self.client.set(key, user, nx=True, ex=self.ttl_seconds) else await self.holder(job_id) or ""
        holder = holder.decode("utf-8")
        if holder == user:
            await self.client.expire(key, self.ttl_seconds)
        return holder

    async def holder(self, job_id: str) -> str | None:
        """The reviewer holding ``job_id``'s lease, or ``None``."""
        value = await self.client.get(self.key(job_id))
        return value.decode("utf-8") if value is not None else None

    async def release(self, job_id: str, user: str) -> bool:
        """End ``user``'s lease of ``job_id``; ``False`` when they did not hold it (nothing changes)."""
        return bool(await self.client.eval(_RELEASE, 1, self.key(job_id), user))
