"""What every agent does around its stage: decode, call, forward, or publish a dead letter.

:func:`handle` runs one message through a stage's ``work`` coroutine and guarantees the rule of the
pipeline: exactly one output or exactly one dead letter, whatever goes wrong (bad input, a failing
stage, an output too large for the broker). Log lines name the stage, the error type and the reason,
never document text.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from aiokafka.errors import MessageSizeTooLargeError
from faust.exceptions import ProducerSendError

from app.faust_app import dead_letter_topic
from app.pipeline import StageError
from app.settings import get_settings
from models.records import InvalidMessage, dead_letter

log = logging.getLogger("anonymizer.agents")


@dataclass(frozen=True, slots=True)
class Output:
    """A message to forward: ``payload`` (JSON bytes) to ``topic`` keyed by ``job_id``; ``after`` runs
    once the broker acknowledged it (e.g. deleting a table that is no longer needed)."""

    topic: object
    job_id: str
    payload: bytes
    after: Callable[[], Awaitable[object]] | None = None


class Rejected(Exception):
    """Raised by a stage's work to dead-letter the input with ``reason`` and ``error_type``;
    ``withhold_payload`` leaves the original out of the dead letter (personal data of an erased job)."""

    def __init__(self, reason: str, error_type: str = "invalid_input", *, withhold_payload: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.error_type = error_type
        self.withhold_payload = withhold_payload


class OutputTooLarge(Exception):
    """The output is larger than ``max_message_bytes`` or the broker refused it for its size."""


async def forward(topic, job_id: str, payload: bytes) -> None:
    """Send ``payload`` keyed by ``job_id`` and wait for the broker's acknowledgement.

    Raises:
        OutputTooLarge: the payload exceeds ``max_message_bytes`` or the broker refused its size.
    """
    limit = get_settings().max_message_bytes
    if len(payload) > limit:
        raise OutputTooLarge(f"output of {len(payload)} bytes exceeds max_message_bytes ({limit})")
    try:
        fut = await topic.send(key=job_id.encode("utf-8", "surrogatepass"), value=payload)
        await fut
    except (MessageSizeTooLargeError, ProducerSendError) as exc:
        cause = exc.__cause__ if isinstance(exc, ProducerSendError) else exc
        if isinstance(cause, MessageSizeTooLargeError) or "MessageSizeTooLarge" in repr(exc):
            raise OutputTooLarge(f"the broker refused an output of {len(payload)} bytes as too large") from None
        raise


async def reject(raw: bytes | None, *, stage: str, reason: str, error_type: str = "invalid_input",
                 withhold_payload: bool = False) -> None:
    """Publish the dead letter of ``raw`` (original payload unless withheld, stage, reason) and log it without content."""
    letter = dead_letter(raw, stage=stage, reason=reason, error_type=error_type, max_bytes=get_settings().max_message_bytes,
                         withhold_payload=withhold_payload)
    key = (letter.job_id or "").encode("utf-8", "surrogatepass") or None
    fut = await dead_letter_topic.send(key=key, value=letter.to_json())
    await fut
    log.warning("dead letter: stage=%s type=%s reason=%s", stage, error_type, reason)


async def handle(raw: bytes | None, stage: str, work: Callable[[bytes | None], Awaitable[Output]]) -> None:
    """Run ``work(raw)`` and forward its output, or dead-letter ``raw``; never raises for bad input.

    ``work`` raises :class:`~models.records.InvalidMessage`, :class:`~app.pipeline.StageError` or
    :class:`Rejected` for inputs it refuses; any other exception is a failure inside the stage and is
    reported by its type only (its message could quote the document).

    If neither the output nor the dead letter can be published (the broker keeps failing), the process
    exits (code 75): Faust would otherwise acknowledge the event an agent crashed on and the message would
    be lost; exiting leaves its offset uncommitted, so the restarted worker processes it again.
    """
    try:
        await _handle(raw, stage, work)
    except Exception as exc:  # pragma: no cover - exercised by the fault scenarios
        log.critical("%s: cannot publish an output or a dead letter (%s); exiting so the message is redelivered", stage, type(exc).__name__)
        logging.shutdown()
        os._exit(75)


async def _handle(raw: bytes | None, stage: str, work: Callable[[bytes | None], Awaitable[Output]]) -> None:
    try:
        output = await work(raw)
    except (InvalidMessage, StageError, Rejected) as exc:
        await reject(raw, stage=stage, reason=exc.reason, error_type=getattr(exc, "error_type", "invalid_input"),
                     withhold_payload=getattr(exc, "withhold_payload", False))
        return
    except Exception as exc:  # StageFailed (app.isolation) carries the type name of the child's exception
        name = getattr(exc, "error_name", None) or type(exc).__name__
        await reject(raw, stage=stage, reason=f"{stage} failed with {name}", error_type="stage_error")
        return
    try:
        await forward(output.topic, output.job_id, output.payload)
    except OutputTooLarge as exc:
        await reject(raw, stage=stage, reason=str(exc), error_type="too_large")
        return
    if output.after is not None:
        await output.after()


async def consume(stream, stage: str, work: Callable[[bytes | None], Awaitable[Output]], lanes: int | None = None) -> None:
    """An agent's loop: :func:`handle` every message of ``stream``, up to ``lanes`` at a time.

    Messages with the same key (``job_id``) are handled one after the other, in the order of the stream;
    messages with different keys run concurrently, so a document that takes long (until its budget, see
    :mod:`app.isolation`) does not hold the documents behind it. Each message is acknowledged only once
    its output or dead letter was acknowledged by the broker; Faust commits an offset only when every
    message before it is acknowledged, so a crash redelivers every message not yet answered
    (at-least-once, as before). Across keys, outputs may come out in another order than the inputs.

    Args:
        lanes: default ``stage_lanes``; ``1`` handles one message at a time (the former loop).
    """
    lanes = lanes or get_settings().stage_lanes
    if lanes <= 1:
        async for raw in stream:
            await handle(raw, stage, work)
        return
    manual = stream.noack()
    slots = asyncio.Semaphore(lanes)
    tails: dict[object, asyncio.Task] = {}
    running: set[asyncio.Task] = set()

    async def one(event, previous: asyncio.Task | None) -> None:
        try:
            if previous is not None:
                await asyncio.wait([previous])  # same key: after the previous one, whatever became of it
            await handle(event.value, stage, work)
            await manual.ack(event)
        finally:
            slots.release()

    try:
        async for event in manual.events():
            await slots.acquire()
            key = event.key
            task = asyncio.create_task(one(event, tails.get(key)))
            tails[key] = task
            running.add(task)

            def done(t: asyncio.Task, key: object = key) -> None:
                running.discard(t)
                if tails.get(key) is t:
                    del tails[key]

            task.add_done_callback(done)
        if running:  # the stream ended (tests): let what was taken finish
            await asyncio.wait(set(running))
    finally:
        for task in running:  # the agent is stopping: not acknowledged, so redelivered
            task.cancel()
