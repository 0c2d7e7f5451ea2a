"""Corefer agent: ``documents.detected`` → ``documents.resolved``."""

from __future__ import annotations

from agents.common import Output, batches, handle_batch
from app.faust_app import detected_topic, faust_app, resolved_topic
from app.runtime import pipeline, run_stage
from models.records import decode_detected

STAGE = "corefer"


async def work(raw: bytes | None) -> Output:
    """Group the entities of a detected document into coreference chains."""
    resolved = await run_stage(pipeline.corefer, decode_detected(raw))
    return Output(resolved_topic, resolved.job_id, resolved.to_json())


@faust_app.agent(detected_topic, name="corefer")
async def corefer(stream) -> None:
    async for raws in batches(stream):  # outputs sent pipelined; inputs acked after their outputs (agents/common.py)
        await handle_batch(raws, STAGE, work)
