"""The ``two-workers`` fault scenario (:mod:`anontools.devtools.faults`):

    two workers of one app id share the partitions; one is stopped (SIGTERM) under load; the other
    takes over its partitions.
"""

from __future__ import annotations

import asyncio
import re
import time
from pathlib import Path
from typing import Any, Optional

from anontools.devtools.faults.accounting import check_tables, common_checks, recovery
from anontools.devtools.faults.run import Run
from anontools.devtools.faults.stream import (answer_all, log_count, publish, start_workers, stream_inputs,
                                              STREAM_SECONDS, wait_answered)
from anontools.devtools.harness.worker import WorkerProcess


async def scenario_two_workers(run: Run, n: int, *, timeout: float) -> tuple[dict[str, Any], list[str]]:
    """Two workers of one app id; one stopped (SIGTERM) under load; the other takes over."""
    problems: list[str] = []
    _, prefix, (w1, w2) = await start_workers(run, "two", workers=2)
    # both must be in the group before the load starts: wait for the second one's model loading
    await _wait_log(w2, "worker ready", timeout=run.env.ready_timeout)
    await _wait_log(w1, "worker ready", timeout=run.env.ready_timeout)
    await asyncio.sleep(8)  # the rebalance that brings the second member in
    inputs = stream_inputs(run, n, prefix)
    run.event(f"publishing {len(inputs)} inputs (in the background)")
    pub = asyncio.create_task(publish(run, inputs, over=STREAM_SECONDS))
    if not await wait_answered(run, inputs, fraction=0.35, timeout=timeout, alive=[w1, w2]):
        problems.append("not even a third of the inputs answered before the stop")
    answered = sum(i.answered for i in inputs)
    t_stop = run.event(f"stopping worker 2 (SIGTERM) with {answered}/{len(inputs)} answered")
    code = await asyncio.to_thread(w2.stop, 30.0)
    t_stopped = run.event(f"worker 2 stopped (exit code {code})")
    await pub
    complete, fig = await answer_all(run, inputs, timeout=timeout, alive=[w1])
    rec = recovery(inputs, t_stopped)  # from the moment worker 2 is gone: worker 1 must take its partitions
    fig.update({"answered_at_fault": answered, "stop_s": round(t_stopped - t_stop, 2),
                "recovery_s_from_stop": rec["recovery_s"], "catch_up_s_from_stop": rec["catch_up_s"],
                "worker_2_exit_code": code,
                "partitions_assigned_log_lines": log_count([w1.log_path, w2.log_path], "newly assigned partitions"),
                "rebalances_worker_1": log_count([w1.log_path], "(Re-)joining group")})
    # worker 2 must have had partitions (otherwise the scenario proves nothing)
    fig["worker_2_had_partitions"] = _had_partitions(w2.log_path, run.settings.topic_documents)
    if fig["worker_2_had_partitions"] is False:
        problems.append("worker 2 never had a partition of the documents topic")
    fig.update(await check_tables(run, inputs, monitor=run.monitor))
    common_checks(fig, problems)
    return fig, problems


def _had_partitions(log: Path, topic: str) -> Optional[bool]:
    """Whether the worker's log shows an assignment of ``topic`` partitions (Faust's table of assigned
    partitions); ``None`` if the log says nothing either way."""
    try:
        text = log.read_text("utf-8", errors="replace")
    except OSError:
        return None
    if "Assigned partitions" not in text and "assigned" not in text.lower():
        return None
    return bool(re.search(r"[│|]\s*" + re.escape(topic) + r"\s*[│|]\s*\{?\d", text))


async def _wait_log(w: WorkerProcess, needle: str, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while needle not in (w.log_path.read_text("utf-8", errors="replace") if w.log_path.exists() else ""):
        w.check_alive()
        if time.monotonic() > deadline:
            raise TimeoutError(f"no {needle!r} in {w.log_path} after {timeout:.0f} s")
        await asyncio.sleep(0.5)
