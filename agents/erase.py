"""Erase agent: ``jobs.erase`` → ``jobs.erased`` (right to erasure: delete a job's table of solutions)."""

from __future__ import annotations

from agents.common import Output, batches, handle_batch
from app.faust_app import erase_topic, erased_topic, faust_app
from app.runtime import store
from models.records import EraseResult, decode_erase

STAGE = "erase"


async def work(raw: bytes | None) -> Output:
    """Delete the table of the requested job and confirm."""
    request = decode_erase(raw)
    erased = await store().delete_with_retry(request.job_id)
    return Output(erased_topic, request.job_id, EraseResult(job_id=request.job_id, erased=erased).to_json())


@faust_app.agent(erase_topic, name="erase")
async def erase(stream) -> None:
    async for raws in batches(stream):  # outputs sent pipelined; inputs acked after their outputs (agents/common.py)
        await handle_batch(raws, STAGE, work)
