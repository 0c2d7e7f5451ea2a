"""Helpers shared by the agents: forwarding a record and publishing a dead letter."""

from __future__ import annotations

import logging

from app.faust_app import dead_letter_topic
from models.records import dead_letter

log = logging.getLogger("anonymizer.agents")


async def forward(topic, job_id: str, payload: bytes) -> None:
    """Send ``payload`` keyed by ``job_id`` and wait until the broker acknowledged it."""
    fut = await topic.send(key=job_id.encode("utf-8", "surrogatepass"), value=payload)
    await fut


async def reject(raw: bytes | None, *, stage: str, reason: str, error_type: str = "invalid_input") -> None:
    """Publish the dead letter of ``raw`` (original payload, stage, reason) and log it without content."""
    letter = dead_letter(raw, stage=stage, reason=reason, error_type=error_type)
    key = (letter.job_id or "").encode("utf-8", "surrogatepass") or None
    fut = await dead_letter_topic.send(key=key, value=letter.to_json())
    await fut
    log.warning("dead letter: stage=%s type=%s reason=%s", stage, error_type, reason)


def failure_reason(stage: str, exc: BaseException) -> str:
    """A reason for an unexpected failure that carries no document text (only the exception type)."""
    return f"{stage} failed with {type(exc).__name__}"
