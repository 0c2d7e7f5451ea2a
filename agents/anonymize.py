"""Anonymize agent: ``documents.resolved`` → ``translation.requests`` (table of solutions → Redis first)."""

from __future__ import annotations

from agents.common import Output, batches, handle_batch
from app.faust_app import faust_app, resolved_topic, translation_requests_topic
from app.runtime import pipeline, run_stage, store
from models.records import decode_resolved

STAGE = "anonymize"


async def work(raw: bytes | None) -> Output:
    """Anonymize, then write the table of solutions (retrying while Redis is down) before emitting."""
    request, table = await run_stage(pipeline.anonymize, decode_resolved(raw))
    await store().save_with_retry(request.job_id, table)
    return Output(translation_requests_topic, request.job_id, request.to_json())


@faust_app.agent(resolved_topic, name="anonymize")
async def anonymize(stream) -> None:
    async for raws in batches(stream):  # outputs sent pipelined; inputs acked after their outputs (agents/common.py)
        await handle_batch(raws, STAGE, work)
