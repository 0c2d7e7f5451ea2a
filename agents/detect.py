"""Detect agent: ``documents`` → ``documents.detected``."""

from __future__ import annotations

from agents.common import Output, consume
from app.faust_app import detected_topic, documents_topic, faust_app
from app.runtime import pool

STAGE = "detect"


async def work(raw: bytes | None) -> Output:
    """Decode a document and detect its entities in a stage process (:mod:`app.isolation`)."""
    job_id, payload = await pool.run(STAGE, "detect", raw)
    return Output(detected_topic, job_id, payload)


@faust_app.agent(documents_topic, name="detect")
async def detect(stream) -> None:
    await consume(stream, STAGE, work)
