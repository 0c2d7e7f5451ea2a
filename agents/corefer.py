"""Corefer agent: ``documents.detected`` → ``documents.resolved``."""

from __future__ import annotations

from agents.common import failure_reason, forward, reject
from app.faust_app import detected_topic, faust_app, resolved_topic
from app.pipeline import StageError
from app.runtime import pipeline, run_stage
from models.records import InvalidMessage, decode_detected

STAGE = "corefer"


@faust_app.agent(detected_topic, name="corefer")
async def corefer(stream) -> None:
    """Group the entities of a detected document into coreference chains."""
    async for raw in stream:
        try:
            detected = decode_detected(raw)
            resolved = await run_stage(pipeline.corefer, detected)
        except (InvalidMessage, StageError) as exc:
            await reject(raw, stage=STAGE, reason=exc.reason, error_type=getattr(exc, "error_type", "invalid_input"))
            continue
        except Exception as exc:
            await reject(raw, stage=STAGE, reason=failure_reason(STAGE, exc), error_type="stage_error")
            continue
        await forward(resolved_topic, resolved.job_id, resolved.to_json())
