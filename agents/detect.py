"""Detect agent: ``documents`` → ``documents.detected``."""

from __future__ import annotations

from agents.common import Output, handle
from app.faust_app import detected_topic, documents_topic, faust_app
from app.runtime import pipeline, run_stage
from app.settings import get_settings
from models.records import decode_document

STAGE = "detect"


async def work(raw: bytes | None) -> Output:
    """Decode a document and detect its entities off the event loop."""
    doc = decode_document(raw, max_text_chars=get_settings().max_text_chars)
    detected = await run_stage(pipeline.detect, doc)
    return Output(detected_topic, detected.job_id, detected.to_json())


@faust_app.agent(documents_topic, name="detect")
async def detect(stream) -> None:
    async for raw in stream:
        await handle(raw, STAGE, work)
