"""Detect agent: ``documents`` → ``documents.detected`` (or ``documents.review``, :mod:`agents.review`)."""

from __future__ import annotations

from agents.common import Output, consume
from agents.review import route  # issue 19: the review hold
from app.faust_app import documents_topic, faust_app
from app.runtime import pool

STAGE = "detect"


async def work(raw: bytes | None) -> Output:
    """Decode a document and detect its entities in a stage process (:mod:`app.isolation`); the result goes to
    ``documents.detected``, or to ``documents.review`` when the review policy holds it (decided in the stage
    process)."""
    job_id, payload, held = await pool.run(STAGE, "detect", raw)
    return route(job_id, payload, held)


@faust_app.agent(documents_topic, name="detect")
async def detect(stream) -> None:
    await consume(stream, STAGE, work)
