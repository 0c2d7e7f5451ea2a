"""Reidentify agent: ``translation.results`` → ``translation.reidentified``."""

from __future__ import annotations

from agents.common import Output, Rejected, batches, handle_batch
from app.crypto import KeyError_
from app.faust_app import faust_app, reidentified_topic, translation_results_topic
from app.runtime import pipeline, run_stage, store
from app.settings import get_settings
from models.records import decode_translation

STAGE = "reidentify"


async def work(raw: bytes | None) -> Output:
    """Restore the originals of the job's table (read with retries while Redis is down)."""
    translation = decode_translation(raw, max_text_chars=get_settings().max_text_chars)
    try:
        table = await store().load_with_retry(translation.job_id)
    except KeyError_ as exc:
        raise Rejected(str(exc), "table_unreadable") from None
    if table is None:
        raise Rejected("no table of solutions for this job_id (unknown job or expired)", "unknown_job")
    result = await run_stage(pipeline.reidentify, translation, table)
    after = None
    if get_settings().delete_table_after_reidentification and not result.missing_placeholders:
        job_id = translation.job_id

        async def after() -> bool:  # only once the re-identified text is safely on its topic
            return await store().delete_with_retry(job_id)

    return Output(reidentified_topic, result.job_id, result.to_json(), after)


@faust_app.agent(translation_results_topic, name="reidentify")
async def reidentify(stream) -> None:
    async for raws in batches(stream):  # outputs sent pipelined; inputs acked after their outputs (agents/common.py)
        await handle_batch(raws, STAGE, work)
