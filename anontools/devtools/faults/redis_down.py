"""The ``redis-down`` fault scenario (:mod:`anontools.devtools.faults`):

    the Redis of the tables is stopped for ``--outage`` seconds (default 30) under load, then restarted.
    Every ``SET`` of a table is observed (Redis ``MONITOR``), so the command checks that no translation
    request was emitted before its table was written, and that every write of one job's table wrote the
    same table. Then a second, shorter outage during which the worker is killed (SIGKILL) and restarted
    after Redis: the documents it held without a table must come out (their offsets were not committed).
    Then a third outage on the reverse path: translation results of known jobs arrive while Redis is down;
    the worker must wait for their tables (no output, no ``unknown_job`` dead letter meanwhile) and restore
    every one exactly once Redis is back.
"""

from __future__ import annotations

import asyncio
import os
import signal
import time
from typing import Any

import orjson

from anontools.devtools.faults.accounting import account, check_tables, common_checks, Input, match, recovery
from anontools.devtools.faults.inputs import make_documents, STREAM_METHODS
from anontools.devtools.faults.run import Run
from anontools.devtools.faults.stream import (first_after, inputs_for, log_count, log_lines, publish, settle,
                                              start_workers, stream_inputs, STREAM_SECONDS, wait_answered)
from anontools.devtools.harness.worker import WorkerProcess


async def scenario_redis_down(run: Run, n: int, *, timeout: float, outage: float = 30.0) -> tuple[dict[str, Any], list[str]]:
    """The Redis of the tables stopped for ``outage`` seconds under load, then restarted (same data); phase 2:
    stopped again and the worker killed during the outage; phase 3 (:func:`_reverse_path_outage`): stopped
    while translations of known jobs arrive on the reverse path."""
    problems: list[str] = []
    if run.env.redis_url:
        raise ValueError("redis-down needs a private Redis (FaultEnv.redis_url must be None)")
    app_id, prefix, (w1,) = await start_workers(run, "redis")
    assert run.redis is not None
    inputs = stream_inputs(run, n, prefix)
    run.event(f"publishing {len(inputs)} inputs (in the background)")
    pub = asyncio.create_task(publish(run, inputs, over=STREAM_SECONDS))
    if not await wait_answered(run, inputs, fraction=0.25, timeout=timeout, alive=[w1]):
        problems.append("not even a quarter of the inputs answered before the outage")
    answered = sum(i.answered for i in inputs)
    t_down = run.event(f"redis stopped with {answered}/{len(inputs)} answered")
    run.redis.stop()
    requests_before = {id(o) for i in inputs for o in i.requests}
    await asyncio.sleep(outage)
    w1.check_alive()
    await pub
    match(inputs, run.recorder, run.settings)
    during = [o for i in inputs for o in i.requests if id(o) not in requests_before and o.timestamp > t_down + 1.0]
    answered_during = sum(i.answered for i in inputs) - answered
    run.redis.start()
    t_up = run.event(f"redis restarted after {outage:.0f} s ({answered_during} answered meanwhile: dead letters, "
                     "requests whose table was written before the outage)")
    complete = await wait_answered(run, inputs, timeout=timeout, alive=[w1])
    run.event(f"all answered: {complete}")
    await settle(run, 3)
    match(inputs, run.recorder, run.settings)
    rec = recovery(inputs, t_up)
    logs = [w1.log_path]
    retry_lines = log_count(logs, "redis unavailable")
    recovered_lines = log_count(logs, "redis reachable again")
    log_examples = log_lines(logs, r"redis (unavailable|reachable)")
    # phase 2: the worker is killed while Redis is down. The documents held by the anonymize agent had no
    # table yet; their offsets must not have been committed, so the restarted worker processes them again.
    phase2 = inputs_for(make_documents(max(4, n // 4), prefix + "k", seed=3, methods=STREAM_METHODS), [],
                         run.settings.topic_documents)
    run.redis.stop()
    t_down2 = run.event(f"phase 2: redis stopped, then {len(phase2)} documents published; the worker will be "
                        "killed during the outage")
    await publish(run, phase2)
    await asyncio.sleep(min(10.0, outage / 2))
    os.killpg(w1.proc.pid, signal.SIGKILL)
    w1.proc.wait()
    match(phase2, run.recorder, run.settings)
    unanswered_at_kill = sum(not i.answered for i in phase2)
    run.event(f"worker killed during the outage with {unanswered_at_kill} documents of phase 2 unanswered")
    await asyncio.sleep(min(10.0, outage / 2))
    run.redis.start()
    w2 = run.new_worker(app_id, "2")
    t_up2 = run.event("redis restarted, worker restarted")
    complete2 = await wait_answered(run, phase2, timeout=timeout, alive=[w2])
    run.event(f"phase 2 all answered: {complete2}")
    await settle(run, 5)
    phase3, fig3, problems3 = await _reverse_path_outage(run, w2, inputs, max(10, n // 4), timeout=timeout,
                                                         outage=max(5.0, outage / 2))
    problems += problems3
    inputs = inputs + phase2 + phase3
    match(inputs, run.recorder, run.settings)
    fig = account(inputs)
    rec2 = recovery(phase2, t_up2)
    fig.update({
        "phase2_documents": len(phase2),
        "phase2_unanswered_at_kill": unanswered_at_kill,
        "phase2_catch_up_s_from_restart": rec2["catch_up_s"],
        "phase2_outage_s": round(t_up2 - t_down2, 1),
        "outage_s": outage,
        "answered_at_fault": answered,
        "requests_emitted_during_outage": len(during),
        "recovery_s_from_redis_restart": rec["recovery_s"],
        "catch_up_s_from_redis_restart": rec["catch_up_s"],
        "first_output_after_restart_s": first_after(inputs, t_up),
        "log_retry_lines": retry_lines,
        "log_recovered_lines": recovered_lines,
        "log_examples": log_examples,
        **fig3,
    })
    if not complete2 or not unanswered_at_kill:
        problems.append("phase 2 (kill during the outage) proved nothing or lost documents")
    if not fig["log_retry_lines"]:
        problems.append("no 'redis unavailable' log line from the worker")
    if not fig["log_recovered_lines"]:
        problems.append("no 'redis reachable again' log line from the worker")
    fig.update(await check_tables(run, inputs, monitor=run.monitor))
    if run.monitor is not None and not run.monitor.writes:
        problems.append("the Redis monitor observed no table write")
    common_checks(fig, problems)
    return fig, problems


async def _reverse_path_outage(run: Run, worker: WorkerProcess, forward: list[Input], count: int, *,
                               timeout: float, outage: float) -> tuple[list[Input], dict[str, Any], list[str]]:
    """Phase 3 of ``redis-down``: Redis down on the reverse path.

    Redis is stopped, then a translation result is published for ``count`` jobs of ``forward`` that have a
    translation request (its text: the request's anonymized text, untouched), and Redis stays down for
    ``outage`` seconds. The reidentify agent must wait for the tables (retrying the read, logging
    ``retrying table read``): no re-identified output and no dead letter (``unknown_job`` above all) while
    Redis is down, the worker alive. After the restart every translation must come out exactly once (copies
    only if byte-identical) with the original document text, and none dead-lettered.

    Returns:
        ``(inputs, figures, problems)``: the translation inputs (for the scenario's accounting) and the
        ``phase3_*`` figures.
    """
    s, recorder, redis = run.settings, run.recorder, run.redis
    assert s is not None and recorder is not None and redis is not None
    problems: list[str] = []
    match(forward, recorder, s)
    known = [i for i in forward if i.expect == "request" and i.requests and i.job_id][:count]
    inputs = [Input(i.job_id, orjson.dumps({"job_id": i.job_id, "text": i.requests[0].value["text"], "language": "en",
                                  "anonymization_id": i.requests[0].value["anonymization_id"]}),
                    i.job_id, "reidentified", s.topic_translation_results, text=i.text) for i in known]
    redis.stop()
    t_down = run.event(f"phase 3: redis stopped, then {len(inputs)} translation results of known jobs published; "
                       f"redis stays down {outage:.0f} s")
    await publish(run, inputs, s.topic_translation_results)
    await asyncio.sleep(outage)
    alive = worker.running
    t_restart = time.time()
    redis.start()
    t_up = time.time()
    match(inputs, recorder, s)
    run.event(f"redis restarted after {t_restart - t_down:.0f} s ({sum(i.answered for i in inputs)} of phase 3 "
              f"answered meanwhile; worker alive: {alive})")
    complete = alive and await wait_answered(run, inputs, timeout=timeout, alive=[worker])
    run.event(f"phase 3 all answered: {complete}")
    await settle(run, 3)
    match(inputs, recorder, s)
    during = [o for i in inputs for o in i.results if o.timestamp < t_restart]
    dead = [o for i in inputs for o in i.dead_letters]
    dead_during = [o for o in dead if o.timestamp < t_restart]
    exact = sum(1 for i in inputs if i.results and len({o.raw for o in i.results}) == 1
                and i.results[0].value.get("text") == i.text)
    logs = [worker.log_path]
    fig = {
        "phase3_translations": len(inputs),
        "phase3_outage_s": round(t_restart - t_down, 1),
        "phase3_worker_alive_during_outage": alive,
        "phase3_outputs_during_outage": len(during),
        "phase3_dead_letters": len(dead),
        "phase3_dead_letters_during_outage": len(dead_during),
        "phase3_dead_letter_reasons": sorted({f"{o.value.get('stage')}: {o.value.get('reason')}" for o in dead
                                              if isinstance(o.value, dict)})[:5],
        "phase3_round_trips_exact": exact,
        "phase3_duplicates": sum(max(0, len(i.results) - 1) for i in inputs),
        "phase3_first_output_after_restart_s": first_after(inputs, t_up),
        "phase3_catch_up_s_from_restart": recovery(inputs, t_up)["catch_up_s"],
        "phase3_log_retry_lines": log_count(logs, "retrying table read"),
        "phase3_log_recovered_lines": log_count(logs, "failed attempts (table read)"),
        "phase3_log_examples": log_lines(logs, r"redis (unavailable|reachable).*table read"),
    }
    if not inputs:
        problems.append("phase 3: no job had a translation request")
    if not alive:
        problems.append("phase 3: the worker died while Redis was down on the reverse path")
    if during:
        problems.append(f"phase 3: {len(during)} re-identified outputs emitted while Redis was down")
    if dead:
        problems.append(f"phase 3: {len(dead)} translations dead-lettered: {fig['phase3_dead_letter_reasons']}")
    if not complete or exact != len(inputs):
        problems.append(f"phase 3: only {exact}/{len(inputs)} translations restored exactly once "
                        "(copies identical) to the original text")
    if not fig["phase3_log_retry_lines"]:
        problems.append("phase 3: no 'retrying table read' log line from the worker")
    return inputs, fig, problems
