"""Anonymize agent: ``documents.resolved`` → ``translation.requests`` (table of solutions → Redis first)."""

from __future__ import annotations

from agents.common import Output, Rejected, consume
from app.faust_app import faust_app, resolved_topic, translation_requests_topic
from app.runtime import pool, store

STAGE = "anonymize"

#: Reason of the dead letter of a document whose job was erased before its table was written.
ERASED = "the job was erased (jobs.erase): its table of solutions is not written and the document is not sent for translation"


async def work(raw: bytes | None) -> Output:
    """Anonymize (in a stage process), then write the table of solutions (retrying while Redis is down)
    before emitting; a job erased meanwhile gets a dead letter ``erased`` without its payload, and nothing is
    written."""
    job_id, payload, table = await pool.run(STAGE, "anonymize", raw)
    if not await store().save_with_retry(table):
        raise Rejected(ERASED, "erased", withhold_payload=True)
    return Output(translation_requests_topic, job_id, payload)


@faust_app.agent(resolved_topic, name="anonymize")
async def anonymize(stream) -> None:
    await consume(stream, STAGE, work)
