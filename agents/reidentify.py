"""Reidentify agent: ``translation.results`` → ``translation.reidentified``."""

from __future__ import annotations

import asyncio

from redis.exceptions import RedisError

from agents.common import failure_reason, forward, log, reject
from app.faust_app import faust_app, reidentified_topic, translation_results_topic
from app.pipeline import StageError
from app.runtime import pipeline, run_stage, store
from app.settings import get_settings
from models.records import InvalidMessage, decode_translation

STAGE = "reidentify"


async def _load_table(job_id: str) -> dict | None:
    delay = 0.5
    while True:
        try:
            return await store().load(job_id)
        except (RedisError, OSError) as exc:
            log.warning("redis unavailable (%s); retrying table read in %.1f s", type(exc).__name__, delay)
            await asyncio.sleep(delay)
            delay = min(30.0, delay * 2)


@faust_app.agent(translation_results_topic, name="reidentify")
async def reidentify(stream) -> None:
    """Restore the originals of the job's table into a translation."""
    max_chars = get_settings().max_text_chars
    async for raw in stream:
        try:
            translation = decode_translation(raw, max_text_chars=max_chars)
        except InvalidMessage as exc:
            await reject(raw, stage=STAGE, reason=exc.reason)
            continue
        table = await _load_table(translation.job_id)
        if table is None:
            await reject(raw, stage=STAGE, reason="no table of solutions for this job_id (unknown job or expired)", error_type="unknown_job")
            continue
        try:
            result = await run_stage(pipeline.reidentify, translation, table)
        except StageError as exc:
            await reject(raw, stage=STAGE, reason=exc.reason, error_type=exc.error_type)
            continue
        except Exception as exc:
            await reject(raw, stage=STAGE, reason=failure_reason(STAGE, exc), error_type="stage_error")
            continue
        await forward(reidentified_topic, result.job_id, result.to_json())
