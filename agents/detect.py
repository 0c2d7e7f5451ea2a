"""Detect agent: ``documents`` → ``documents.detected``."""

from __future__ import annotations

from agents.common import failure_reason, forward, reject
from app.faust_app import detected_topic, documents_topic, faust_app
from app.pipeline import StageError
from app.runtime import pipeline, run_stage
from app.settings import get_settings
from models.records import InvalidMessage, decode_document

STAGE = "detect"


@faust_app.agent(documents_topic, name="detect")
async def detect(stream) -> None:
    """Decode a document, detect its entities off the event loop, forward or dead-letter it."""
    max_chars = get_settings().max_text_chars
    async for raw in stream:
        try:
            doc = decode_document(raw, max_text_chars=max_chars)
            detected = await run_stage(pipeline.detect, doc)
        except InvalidMessage as exc:
            await reject(raw, stage=STAGE, reason=exc.reason)
            continue
        except StageError as exc:
            await reject(raw, stage=STAGE, reason=exc.reason, error_type=exc.error_type)
            continue
        except Exception as exc:  # a failure inside the stage: never crash the worker
            await reject(raw, stage=STAGE, reason=failure_reason(STAGE, exc), error_type="stage_error")
            continue
        await forward(detected_topic, detected.job_id, detected.to_json())
