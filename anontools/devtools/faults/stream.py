"""The stream of a fault scenario: publishing the inputs over a few seconds, waiting for their answers, starting
workers, reading worker logs."""

from __future__ import annotations

import asyncio
import contextlib
import re
import time
import uuid
from pathlib import Path
from typing import Any, Optional

import orjson

from anontools.devtools.faults.accounting import account, Input, match
from anontools.devtools.faults.inputs import make_bad_inputs, make_documents, STREAM_METHODS
from anontools.devtools.faults.run import Run
from anontools.devtools.harness.worker import WorkerProcess


def inputs_for(docs: list[dict[str, Any]], bad: list[tuple[str, bytes]], topic: str) -> list[Input]:
    """The :class:`Input` of each document (expects a translation request) and of each bad input ``(key, raw)``
    (expects a dead letter), all to be published on ``topic``."""
    inputs = [Input(d["job_id"], orjson.dumps(d), d["job_id"], "request", topic, text=d["text"]) for d in docs]
    for key, raw in bad:
        try:
            v = orjson.loads(raw)
        except orjson.JSONDecodeError:
            v = None
        job = v.get("job_id") if isinstance(v, dict) and isinstance(v.get("job_id"), str) else None
        inputs.append(Input(key, raw, job, "dead_letter", topic))
    return inputs


def interleave(inputs: list[Input]) -> list[Input]:
    """Bad inputs spread evenly among the documents."""
    good = [i for i in inputs if i.expect != "dead_letter"]
    bad = [i for i in inputs if i.expect == "dead_letter"]
    if not bad:
        return good
    step = max(1, len(good) // (len(bad) + 1))
    out: list[Input] = []
    for n, g in enumerate(good):
        if bad and n % step == step - 1:
            out.append(bad.pop(0))
        out.append(g)
    return out + bad


async def publish(run: Run, inputs: list[Input], topic: Optional[str] = None, *, over: float = 0.0) -> None:
    """Publish ``inputs`` (recording each one's partition); with ``over`` > 0, in 20 chunks spread over
    ``over`` seconds, so that a fault injected at a fraction of the answers falls while the stream is still
    being published, however fast the worker is (a burst of 150 documents can be answered before a poll
    sees a third of them)."""
    assert run.publisher is not None and run.settings is not None
    chunks = 20 if over > 0 else 1
    size = max(1, -(-len(inputs) // chunks))
    for k in range(0, len(inputs), size):
        part = inputs[k : k + size]
        parts = await run.publisher.send(topic or run.settings.topic_documents, [(i.key, i.raw) for i in part])
        for i, p in zip(part, parts):
            i.partition = p
        if over > 0 and k + size < len(inputs):
            await asyncio.sleep(over / chunks)

#: Seconds over which the background streams of the scenarios are published (see :func:`publish`).
STREAM_SECONDS = 6.0


async def wait_answered(run: Run, inputs: list[Input], *, fraction: float = 1.0, timeout: float,
                        alive: Optional[list[WorkerProcess]] = None) -> bool:
    """Poll until ``fraction`` of ``inputs`` have an answer; ``False`` on timeout."""
    assert run.recorder is not None and run.settings is not None
    need = int(len(inputs) * fraction) if fraction < 1.0 else len(inputs)
    deadline = time.monotonic() + timeout
    last_report = time.monotonic()
    while True:
        match(inputs, run.recorder, run.settings)
        n = sum(i.answered for i in inputs)
        if n >= need:
            return True
        for w in alive or []:
            w.check_alive()
        if time.monotonic() > deadline:
            return False
        if time.monotonic() - last_report > 15:
            last_report = time.monotonic()
            run.event(f"{n}/{len(inputs)} answered")
        await asyncio.sleep(0.25)


async def wait_progress(run: Run, inputs: list[Input], *, stall: float, timeout: float) -> bool:
    """Wait until every input is answered (``True``), or until no new answer came for ``stall`` seconds or
    ``timeout`` passed (``False``)."""
    assert run.recorder is not None and run.settings is not None
    start = last_change = time.monotonic()
    last = -1
    while True:
        match(inputs, run.recorder, run.settings)
        n = sum(i.answered for i in inputs)
        if n == len(inputs):
            return True
        now = time.monotonic()
        if n != last:
            last, last_change = n, now
        if now - last_change > stall or now - start > timeout:
            return False
        await asyncio.sleep(0.5)


async def settle(run: Run, seconds: float) -> None:
    """Wait so that late duplicates (redelivery) reach the recorder before the final count."""
    await asyncio.sleep(seconds)


async def answer_all(run: Run, inputs: list[Input], *, timeout: float, alive: list[WorkerProcess]) -> tuple[bool, dict[str, Any]]:
    """Wait until every input is answered (or ``timeout``), let late outputs arrive (5 s), match the outputs to
    the inputs and account for them. Returns ``(every input answered, figures of :func:`account`)``."""
    complete = await wait_answered(run, inputs, timeout=timeout, alive=alive)
    run.event(f"all answered: {complete}")
    await settle(run, 5)
    match(inputs, run.recorder, run.settings)
    return complete, account(inputs)


def log_count(paths: list[Path], needle: str) -> int:
    """How many times ``needle`` occurs in the log files ``paths`` (a missing file counts 0)."""
    n = 0
    for p in paths:
        with contextlib.suppress(OSError):
            n += p.read_text("utf-8", errors="replace").count(needle)
    return n


def log_lines(paths: list[Path], pattern: str, limit: int = 8) -> list[str]:
    """Up to ``limit`` lines of the log files ``paths`` matching the regular expression ``pattern``."""
    rx = re.compile(pattern)
    out: list[str] = []
    for p in paths:
        with contextlib.suppress(OSError):
            for line in p.read_text("utf-8", errors="replace").splitlines():
                if rx.search(line):
                    out.append(line.strip()[:300])
    # first and last few
    return out if len(out) <= limit else out[: limit // 2] + ["..."] + out[-limit // 2 :]


async def start_workers(run: Run, kind: str, workers: int = 1, *, label: str = "") -> tuple[str, str, list[WorkerProcess]]:
    """The prologue of a scenario: start the (private, ``MONITOR``-observed) Redis, ``workers`` workers of
    one new app id ``faults-<kind>-<hex>`` (labelled ``1``, ``2``…), the topics, the output recorder and the
    publisher; wait until the first worker round-trips a probe document and log ``<label> ready (N s)``
    (``label`` default: ``worker`` or ``workers``).

    Returns:
        ``(app_id, prefix, workers)``: ``prefix`` (``<kind>-<hex>``) starts the job ids of the scenario's
        documents (:func:`stream_inputs`).
    """
    run.start_redis()
    app_id = f"faults-{kind}-{uuid.uuid4().hex[:6]}"
    started = [run.new_worker(app_id, str(k + 1)) for k in range(workers)]
    await run.start_io()
    ready = await run.wait_ready(started[0])
    run.event(f"{label or ('worker' if workers == 1 else 'workers')} ready ({ready:.1f} s)")
    return app_id, f"{kind}-{uuid.uuid4().hex[:6]}", started


def stream_inputs(run: Run, n: int, prefix: str) -> list[Input]:
    """The main input stream of a scenario: ``n`` documents (job ids ``<prefix>-00000``…) for the
    ``documents`` topic with 2 % bad inputs (at least one, which must become dead letters) spread evenly
    among them."""
    assert run.settings is not None
    return interleave(inputs_for(make_documents(n, prefix, methods=STREAM_METHODS),
                                   make_bad_inputs(max(1, n // 50), prefix),
                                   run.settings.topic_documents))


def first_after(inputs: list[Input], since: float) -> Optional[float]:
    """Seconds from ``since`` to the first answer (output or dead letter) produced after it; ``None`` if none."""
    ts = [o.timestamp for i in inputs for o in i.outputs + i.dead_letters if o.timestamp >= since]
    return round(min(ts) - since, 2) if ts else None
