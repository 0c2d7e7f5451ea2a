"""Anonymize agent: ``documents.resolved`` → ``translation.requests`` (table of solutions → Redis first)."""

from __future__ import annotations

from agents.common import Output, consume
from app.faust_app import faust_app, resolved_topic, translation_requests_topic
from app.runtime import pool, store

STAGE = "anonymize"


async def work(raw: bytes | None) -> Output:
    """Anonymize (in a stage process), then write the table of solutions (retrying while Redis is down)
    before emitting."""
    job_id, payload, table = await pool.run(STAGE, "anonymize", raw)
    await store().save_with_retry(job_id, table)
    return Output(translation_requests_topic, job_id, payload)


@faust_app.agent(resolved_topic, name="anonymize")
async def anonymize(stream) -> None:
    await consume(stream, STAGE, work)
