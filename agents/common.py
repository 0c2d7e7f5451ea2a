"""What every agent does around its stage: decode, call, forward, or publish a dead letter.

:func:`handle` runs one message through a stage's ``work`` coroutine and guarantees the rule of the
pipeline: exactly one output or exactly one dead letter, whatever goes wrong (bad input, a failing
stage, an output too large for the broker). Log lines name the stage, the error type and the reason,
never document text.

Agents take their input in batches (``stream.take(n, within=t)``, :func:`batches`) and send with a
:class:`Sender`: each output is handed to the producer as soon as it exists and the broker's
acknowledgements are awaited together at the end of the batch (pipelined sends: throughput is no longer
bound by one round trip per message). Faust's ``take`` acknowledges the batch's input events only after the
agent's loop body returns, i.e. after every output of the batch was acknowledged, so offsets are committed
only for inputs whose output (or dead letter) is safely on its topic: at-least-once holds. Outputs are
sent in input order; keys keep their partitions, so the order per key is kept.
"""

from __future__ import annotations

import logging
import os
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
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
    """Raised by a stage's work to dead-letter the input with ``reason`` and ``error_type``."""

    def __init__(self, reason: str, error_type: str = "invalid_input") -> None:
        super().__init__(reason)
        self.reason = reason
        self.error_type = error_type


class OutputTooLarge(Exception):
    """The output is larger than ``max_message_bytes`` or the broker refused it for its size."""


async def forward(topic, job_id: str, payload: bytes) -> None:
    """Send ``payload`` keyed by ``job_id`` and wait for the broker's acknowledgement.

    Raises:
        OutputTooLarge: the payload exceeds ``max_message_bytes`` or the broker refused its size.
    """
    await _acknowledged(await _send(topic, job_id, payload), len(payload))


async def _send(topic, job_id: str, payload: bytes) -> Awaitable:
    """Hand ``payload`` to the producer; returns the future of the broker's acknowledgement.

    Raises:
        OutputTooLarge: the payload exceeds ``max_message_bytes`` or the producer refused its size.
    """
    limit = get_settings().max_message_bytes
    if len(payload) > limit:
        raise OutputTooLarge(f"output of {len(payload)} bytes exceeds max_message_bytes ({limit})")
    try:
        return await topic.send(key=job_id.encode("utf-8", "surrogatepass"), value=payload)
    except (MessageSizeTooLargeError, ProducerSendError) as exc:
        _raise_if_too_large(exc, len(payload))
        raise


async def _acknowledged(fut: Awaitable, size: int) -> None:
    """Await the acknowledgement of a send.

    Raises:
        OutputTooLarge: the broker refused the message for its size.
    """
    try:
        await fut
    except (MessageSizeTooLargeError, ProducerSendError) as exc:
        _raise_if_too_large(exc, size)
        raise


def _raise_if_too_large(exc: Exception, size: int) -> None:
    cause = exc.__cause__ if isinstance(exc, ProducerSendError) else exc
    if isinstance(cause, MessageSizeTooLargeError) or "MessageSizeTooLarge" in repr(exc):
        raise OutputTooLarge(f"the broker refused an output of {size} bytes as too large") from None


async def _send_dead_letter(raw: bytes | None, *, stage: str, reason: str, error_type: str) -> Awaitable:
    letter = dead_letter(raw, stage=stage, reason=reason, error_type=error_type, max_bytes=get_settings().max_message_bytes)
    key = (letter.job_id or "").encode("utf-8", "surrogatepass") or None
    fut = await dead_letter_topic.send(key=key, value=letter.to_json())
    log.warning("dead letter: stage=%s type=%s reason=%s", stage, error_type, reason)
    return fut


async def reject(raw: bytes | None, *, stage: str, reason: str, error_type: str = "invalid_input") -> None:
    """Publish the dead letter of ``raw`` (original payload, stage, reason), wait for its acknowledgement, and log
    it without content."""
    await (await _send_dead_letter(raw, stage=stage, reason=reason, error_type=error_type))


class Sender:
    """Pipelined sends of one batch of a stage: :meth:`emit` per input, then :meth:`flush` once.

    Args:
        stage: the stage's name (dead letters and log lines).
    """

    def __init__(self, stage: str) -> None:
        self.stage = stage
        self._pending: list[tuple[bytes | None, Output | None, Awaitable]] = []

    async def emit(self, raw: bytes | None, outcome: Output | BaseException) -> None:
        """Start sending the output of ``raw``, or its dead letter when ``outcome`` is an exception
        (:class:`~models.records.InvalidMessage`, :class:`~app.pipeline.StageError` and :class:`Rejected` with
        their reason; any other exception by its type only, its message could quote the document)."""
        if isinstance(outcome, Output):
            try:
                self._pending.append((raw, outcome, await _send(outcome.topic, outcome.job_id, outcome.payload)))
                return
            except OutputTooLarge as exc:
                reason, error_type = str(exc), "too_large"
        elif isinstance(outcome, (InvalidMessage, StageError, Rejected)):
            reason, error_type = outcome.reason, getattr(outcome, "error_type", "invalid_input")
        else:
            reason, error_type = f"{self.stage} failed with {type(outcome).__name__}", "stage_error"
        self._pending.append((raw, None, await _send_dead_letter(raw, stage=self.stage, reason=reason,
                                                                  error_type=error_type)))

    async def flush(self) -> None:
        """Await every acknowledgement in send order; run each output's ``after`` once its output is acknowledged;
        an output the broker refused for its size becomes a dead letter instead.

        Raises:
            Exception: the broker failed to take an output or a dead letter (the caller exits, see :func:`handle`).
        """
        pending, self._pending = self._pending, []
        for raw, output, fut in pending:
            if output is None:
                await fut
                continue
            try:
                await _acknowledged(fut, len(output.payload))
            except OutputTooLarge as exc:
                await reject(raw, stage=self.stage, reason=str(exc), error_type="too_large")
                continue
            if output.after is not None:
                await output.after()


async def outcome(work: Callable[[bytes | None], Awaitable[Output]], raw: bytes | None) -> Output | Exception:
    """``await work(raw)``, or the exception it raised."""
    try:
        return await work(raw)
    except Exception as exc:
        return exc


async def handle(raw: bytes | None, stage: str, work: Callable[[bytes | None], Awaitable[Output]]) -> None:
    """Run ``work(raw)`` and forward its output, or dead-letter ``raw``; never raises for bad input.

    ``work`` raises :class:`~models.records.InvalidMessage`, :class:`~app.pipeline.StageError` or
    :class:`Rejected` for inputs it refuses; any other exception is a failure inside the stage and is
    reported by its type only (its message could quote the document).

    If neither the output nor the dead letter can be published (the broker keeps failing), the process
    exits (code 75): Faust would otherwise acknowledge the event an agent crashed on and the message would
    be lost; exiting leaves its offset uncommitted, so the restarted worker processes it again.
    """
    await handle_batch([raw], stage, work)


async def handle_batch(raws: Sequence[bytes | None], stage: str,
                       work: Callable[[bytes | None], Awaitable[Output]]) -> None:
    """:func:`handle` for a batch: the inputs run through ``work`` one after another, each output is sent as soon as
    it exists, and the acknowledgements are awaited together before returning (:class:`Sender`)."""
    async def run(sender: Sender) -> None:
        for raw in raws:
            await sender.emit(raw, await outcome(work, raw))

    await send_batch(stage, run)


async def send_batch(stage: str, run: Callable[[Sender], Awaitable[None]]) -> None:
    """``await run(sender)`` then ``sender.flush()``; exits the process (code 75) when the broker takes neither an
    output nor a dead letter (see :func:`handle`)."""
    try:
        sender = Sender(stage)
        await run(sender)
        await sender.flush()
    except Exception as exc:  # pragma: no cover - exercised by the fault scenarios
        log.critical("%s: cannot publish an output or a dead letter (%s); exiting so the message is redelivered", stage, type(exc).__name__)
        logging.shutdown()
        os._exit(75)


def batches(stream) -> AsyncIterator[Sequence[bytes | None]]:
    """The agent's input in batches of at most ``agent_batch_size`` messages, waiting at most
    ``agent_batch_seconds`` for a batch to fill (``stream.take``; Faust acknowledges a batch's events once the
    loop body that processed it returns)."""
    settings = get_settings()
    return stream.take(settings.agent_batch_size, within=settings.agent_batch_seconds)
