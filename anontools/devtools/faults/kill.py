"""The ``kill`` fault scenario (:mod:`anontools.devtools.faults`):

    the worker is killed with SIGKILL in the middle of the stream, then restarted (same consumer group).
"""

from __future__ import annotations

import asyncio
import os
import signal
import time
from typing import Any

from anontools.devtools.faults.accounting import check_tables, common_checks, recovery
from anontools.devtools.faults.run import Run
from anontools.devtools.faults.stream import (answer_all, first_after, publish, start_workers, stream_inputs,
                                              STREAM_SECONDS, wait_answered)


async def scenario_kill(run: Run, n: int, *, timeout: float) -> tuple[dict[str, Any], list[str]]:
    """SIGKILL the worker in the middle of the stream, restart it, account."""
    problems: list[str] = []
    app_id, prefix, (w1,) = await start_workers(run, "kill", label="worker 1")
    inputs = stream_inputs(run, n, prefix)
    t_pub = run.event(f"publishing {len(inputs)} inputs (in the background)")
    pub = asyncio.create_task(publish(run, inputs, over=STREAM_SECONDS))
    if not await wait_answered(run, inputs, fraction=0.35, timeout=timeout, alive=[w1]):
        problems.append("not even a third of the inputs answered before the kill")
    answered_at_kill = sum(i.answered for i in inputs)
    os.killpg(w1.proc.pid, signal.SIGKILL)
    w1.proc.wait()
    t_kill = run.event(f"worker 1 killed (SIGKILL) with {answered_at_kill}/{len(inputs)} answered")
    w2 = run.new_worker(app_id, "2")
    t_restart = time.time()
    await pub
    run.event("all inputs published")
    complete, fig = await answer_all(run, inputs, timeout=timeout, alive=[w2])
    fig.update({"answered_at_fault": answered_at_kill, "publish_s": round(t_kill - t_pub, 2)})
    rec = recovery(inputs, t_kill)
    fig.update({"recovery_s_from_kill": rec["recovery_s"], "catch_up_s_from_kill": rec["catch_up_s"],
                "restart_to_first_output_s": first_after(inputs, t_restart)})
    fig.update(await check_tables(run, inputs, monitor=run.monitor))
    common_checks(fig, problems)
    return fig, problems
