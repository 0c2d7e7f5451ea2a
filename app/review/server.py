"""Start the review application: ``anonymizer review [--host 127.0.0.1] [--port 8470]`` (uvicorn).

It connects with the worker's settings (``ANON_BROKER_URL`` and Kafka security, ``ANON_REDIS_URL``, the table
keys, the topic names) and reads its own ``ANON_REVIEW_*`` settings (users file or trusted header, secret
key, audit log, lease). It refuses to start without a way to log in, or without table keys (corrections are
stored encrypted like the tables).
"""

from __future__ import annotations

import logging

from app.settings import Settings

log = logging.getLogger("anonymizer.review")


async def default_service(settings: Settings):
    """The production service: Kafka link, Redis lease and corrections store, audit log file.

    Returns:
        ``(ReviewService, closer)`` as :func:`app.review.web.create_app` expects.

    Raises:
        app.crypto.KeyError_: no table key and plaintext not allowed.
    """
    import redis.asyncio as aioredis

    from app.review.audit import AuditLog
    from app.review.corrections import CorrectionStore
    from app.review.lease import ReviewLease
    from app.review.queue import ReviewQueue
    from app.review.service import KafkaLink, ReviewService
    from app.settings import redis_options

    queue = ReviewQueue()
    link = KafkaLink(settings, queue)
    await link.start()
    client = aioredis.Redis.from_url(settings.redis_url, socket_timeout=5, socket_connect_timeout=5,
                                     **redis_options(settings))
    corrections = CorrectionStore.from_settings(settings)
    service = ReviewService(
        settings, queue, ReviewLease(client, prefix=settings.review_key_prefix, ttl_seconds=settings.review_lease_seconds),
        AuditLog(settings.review_audit_log), corrections, link.send,
    )

    async def close() -> None:
        await link.stop()
        await client.aclose()
        await corrections.close()

    return service, close


def check_login_configured(settings: Settings) -> str | None:
    """Why the application cannot let anyone in (no users file with a user, and no trusted header), or ``None``."""
    from app.review.auth import read_users

    if settings.review_trusted_user_header:
        return None
    if not settings.review_users_file:
        return "set ANON_REVIEW_USERS_FILE (add users with `anonymizer review-user NAME`) or ANON_REVIEW_TRUSTED_USER_HEADER"
    if not read_users(settings.review_users_file):
        return f"the users file {settings.review_users_file} has no user (add one with `anonymizer review-user NAME`)"
    return None


def serve(settings: Settings, host: str = "127.0.0.1", port: int = 8470) -> None:
    """Run the application with uvicorn until interrupted (proxy headers trusted from loopback only)."""
    import uvicorn

    from app.review.web import create_app

    async def factory():
        return await default_service(settings)

    app = create_app(settings, factory)
    uvicorn.run(app, host=host, port=port, log_level="info", access_log=False, proxy_headers=True,
                forwarded_allow_ips="127.0.0.1")
