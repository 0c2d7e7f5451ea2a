"""Detect agent: ``documents`` → ``documents.detected`` (or ``documents.review``, :mod:`agents.review`)."""

from __future__ import annotations

from agents.common import Output, handle
from agents.review import route  # issue 19: the review hold
from app.faust_app import documents_topic, faust_app
from app.runtime import pipeline, run_stage
from app.settings import get_settings
from models.records import decode_document

STAGE = "detect"


async def work(raw: bytes | None) -> Output:
    """Decode a document and detect its entities off the event loop."""
    doc = decode_document(raw, max_text_chars=get_settings().max_text_chars)
    detected = await run_stage(pipeline.detect, doc)
    return route(detected)  # documents.detected, or documents.review when the review policy holds it


@faust_app.agent(documents_topic, name="detect")
async def detect(stream) -> None:
    async for raw in stream:
        await handle(raw, STAGE, work)
