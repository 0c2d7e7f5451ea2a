"""Anonymize agent: ``documents.resolved`` → ``translation.requests`` (table of solutions → Redis first)."""

from __future__ import annotations

from agents.common import failure_reason, forward, reject
from app.faust_app import faust_app, resolved_topic, translation_requests_topic
from app.pipeline import StageError
from app.runtime import pipeline, run_stage, store
from models.records import InvalidMessage, decode_resolved

STAGE = "anonymize"


@faust_app.agent(resolved_topic, name="anonymize")
async def anonymize(stream) -> None:
    """Anonymize, write the table of solutions (retrying while Redis is down), then emit the text."""
    async for raw in stream:
        try:
            resolved = decode_resolved(raw)
            request, table = await run_stage(pipeline.anonymize, resolved)
        except (InvalidMessage, StageError) as exc:
            await reject(raw, stage=STAGE, reason=exc.reason, error_type=getattr(exc, "error_type", "invalid_input"))
            continue
        except Exception as exc:
            await reject(raw, stage=STAGE, reason=failure_reason(STAGE, exc), error_type="stage_error")
            continue
        # the table must exist before the text leaves: block this partition until Redis accepts it
        await store().save_with_retry(request.job_id, table)
        await forward(translation_requests_topic, request.job_id, request.to_json())
