"""Detect agent: ``documents`` → ``documents.detected`` (or ``documents.review``, :mod:`agents.review`)."""

from __future__ import annotations

from agents.common import Output, consume
from agents.review import route  # issue 19: the review hold
from app.faust_app import documents_topic, faust_app
from app.runtime import pool
from models.records import decode_detected

STAGE = "detect"


async def work(raw: bytes | None) -> Output:
    """Decode a document and detect its entities in a stage process (:mod:`app.isolation`); the result goes to
    ``documents.detected``, or to ``documents.review`` when the review policy holds it."""
    job_id, payload = await pool.run(STAGE, "detect", raw)
    return route(decode_detected(payload))


@faust_app.agent(documents_topic, name="detect")
async def detect(stream) -> None:
    await consume(stream, STAGE, work)
