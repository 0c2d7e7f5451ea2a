"""Corefer agent: ``documents.detected`` → ``documents.resolved``."""

from __future__ import annotations

from agents.common import Output, consume
from app.faust_app import detected_topic, faust_app, resolved_topic
from app.runtime import pool

STAGE = "corefer"


async def work(raw: bytes | None) -> Output:
    """Group the entities of a detected document into coreference chains (in a stage process)."""
    job_id, payload = await pool.run(STAGE, "corefer", raw)
    return Output(resolved_topic, job_id, payload)


@faust_app.agent(detected_topic, name="corefer")
async def corefer(stream) -> None:
    await consume(stream, STAGE, work)
