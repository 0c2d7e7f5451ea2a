"""The ``broker-down`` fault scenario (:mod:`anontools.devtools.faults`):

    (a) the worker is started before the broker exists; the broker is started on that port later;
    (b) the broker is killed in the middle of a stream and restarted empty on the same port (Tansu keeps
    nothing across a restart: the documents not yet processed are gone with it, see RELIABILITY.md);
    documents published after the restart must be processed, by the running worker or — the documented
    fallback — after restarting it; (c) the broker unreachable for ``--outage`` seconds (default 30) while
    keeping its data (a TCP proxy in front of Tansu is cut): nothing may be lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import time
import uuid
from typing import Any

import orjson

from anontools.devtools.faults.accounting import account, check_tables, common_checks, leak_scan, match, recovery
from anontools.devtools.faults.inputs import make_documents, STREAM_METHODS
from anontools.devtools.faults.run import ensure_topics, FaultEnv, Run
from anontools.devtools.faults.stream import (answer_all, first_after, inputs_for, log_count, log_lines, publish,
                                              settle, STREAM_SECONDS, wait_answered, wait_progress)
from anontools.devtools.harness.kafka import Publisher
from anontools.devtools.harness.processes import free_port
from anontools.devtools.harness.proxy import TcpProxy
from anontools.devtools.harness.tansu import TansuBroker


async def scenario_broker_down(run: Run, n: int, *, timeout: float, outage: float = 10.0,
                               startup_wait: float = 20.0, stall_wait: float = 30.0,
                               unreachable: float = 30.0) -> tuple[dict[str, Any], list[str]]:
    """(a) worker started before the broker exists; (b) broker killed mid-stream and restarted empty.

    (a) The worker is started with no broker on its port and watched for ``startup_wait`` seconds: whether
    it stays up or exits (and with which log lines). The broker is then started on that port; a worker that
    exited is started again, as a supervisor would. Half of the documents go through.

    (b) A quarter of the documents are published, the broker is killed (SIGKILL) and restarted *empty* on
    the same port after ``outage`` seconds (Tansu keeps nothing). The figures record what was gone with it,
    whether the running worker survived, and whether it processes documents published to the new broker
    before ``stall_wait`` seconds pass without progress. Then, if it did not,
    the documented procedure: stop the workers, restart the broker (empty again), start the workers, and
    publish again what was lost: every document must come out.

    (c) :func:`broker_unreachable_phase`: the broker unreachable for ``unreachable`` seconds while keeping
    its data (a TCP proxy in front of Tansu is cut), which is what an outage of a real Kafka looks like.
    """
    problems: list[str] = []
    if run.env.bootstrap:
        raise ValueError("broker-down needs its own broker (FaultEnv.bootstrap must be None)")
    run.start_redis()
    port = free_port("127.0.0.1")
    run.bootstrap = f"127.0.0.1:{port}"
    app_id = f"faults-broker-{uuid.uuid4().hex[:6]}"
    s0 = time.time()
    # (a) no broker at start-up
    w1 = run.new_worker(app_id, "1", broker_url=f"kafka://127.0.0.1:{port}")
    run.event(f"worker started with no broker at 127.0.0.1:{port}; watching it {startup_wait:.0f} s")
    exited_after = None
    deadline = time.monotonic() + startup_wait
    while time.monotonic() < deadline:
        if not w1.running:
            exited_after = round(time.time() - s0, 2)
            break
        await asyncio.sleep(0.25)
    alive_without_broker = w1.running
    exit_code = w1.returncode
    if not alive_without_broker:
        run.event(f"worker exited without a broker after {exited_after} s (code {exit_code})")
    start_log = log_lines([w1.log_path], r"(?i)(unable|KafkaConnectionError|error)", limit=6)
    run.start_broker(port)
    t_broker = run.event("broker started on that port")
    restarted_worker = False
    if not w1.running:
        await asyncio.to_thread(w1.stop, 5.0)
        w1 = run.new_worker(app_id, "1b")  # what a supervisor (systemd Restart=, Kubernetes) does
        restarted_worker = True
    await run.start_io()
    ready = await run.wait_ready(w1)
    run.event(f"worker processing {time.time() - t_broker:.1f} s after the broker came")
    prefix = f"broker-{uuid.uuid4().hex[:6]}"
    phase_a = inputs_for(make_documents(max(1, n // 2), prefix + "a", methods=STREAM_METHODS), [],
                          run.settings.topic_documents)
    await publish(run, phase_a)
    complete_a = await wait_answered(run, phase_a, timeout=timeout, alive=[w1])
    run.event(f"phase a: {sum(i.answered for i in phase_a)}/{len(phase_a)} answered")
    match(phase_a, run.recorder, run.settings)
    fig_a = account(phase_a)
    fig_a.update(await check_tables(run, phase_a))
    # (b) the broker dies in the middle of a stream and comes back empty
    phase_b = inputs_for(make_documents(max(1, n // 4), prefix + "b", seed=1, methods=STREAM_METHODS), [],
                          run.settings.topic_documents)
    pub = asyncio.create_task(publish(run, phase_b))
    await wait_answered(run, phase_b, fraction=0.3, timeout=timeout, alive=[w1])
    assert run.broker is not None and run.broker.proc is not None
    os.kill(run.broker.proc.pid, signal.SIGKILL)
    run.broker.proc.wait()
    run.broker.stop()
    with contextlib.suppress(Exception):
        await asyncio.wait_for(pub, 20)
    match(phase_b, run.recorder, run.settings)
    answered_b = sum(i.answered for i in phase_b)
    t_kill = run.event(f"broker killed (SIGKILL) with {answered_b}/{len(phase_b)} of phase b answered; "
                       f"the other {len(phase_b) - answered_b} are gone with it (Tansu keeps nothing)")
    await asyncio.sleep(outage)
    worker_alive_during_outage = w1.running
    run.start_broker(port)
    t_back = run.event(f"broker restarted empty on the same port after {outage:.0f} s")
    await run.recorder.restart()
    await run.publisher.stop()
    run.publisher = await Publisher(run.bootstrap).start()
    s = run.settings
    await ensure_topics(run.bootstrap, [s.topic_documents, s.topic_detected, s.topic_resolved,
                                        s.topic_translation_requests, s.topic_dead_letter], s.topic_partitions)
    phase_c = inputs_for(make_documents(max(1, n // 4), prefix + "c", seed=2, methods=STREAM_METHODS), [],
                          s.topic_documents)
    await publish(run, phase_c)
    run.event(f"phase c: {len(phase_c)} documents published to the new broker; watching until no progress "
              f"for {stall_wait:.0f} s")
    await wait_progress(run, phase_c, stall=stall_wait, timeout=timeout)
    match(phase_c, run.recorder, run.settings)
    processed_by_running_worker = sum(i.answered for i in phase_c)
    alive_after = w1.running
    run.event(f"running worker (alive={alive_after}) answered {processed_by_running_worker}/{len(phase_c)}")
    resumed_s = first_after(phase_c, t_back)
    lost_b = [i for i in phase_b if not i.answered]
    t_proc = time.time()
    ready_c = None
    if processed_by_running_worker < len(phase_c):
        # the documented procedure: stop the workers, restart the broker, start the workers, publish again
        t_proc = run.event("documented procedure: stop the worker, restart the broker, start the worker, republish")
        await asyncio.to_thread(w1.stop, 15.0)
        run.broker.stop()
        run.start_broker(port)
        await ensure_topics(run.bootstrap, [s.topic_documents, s.topic_detected, s.topic_resolved,
                                            s.topic_translation_requests, s.topic_dead_letter], s.topic_partitions)
        await run.recorder.restart()
        await run.publisher.stop()
        run.publisher = await Publisher(run.bootstrap).start()
        w1 = run.new_worker(app_id, "1c")
        ready_c = await run.wait_ready(w1)
        again = inputs_for([orjson.loads(i.raw) for i in lost_b + phase_c], [],
                            s.topic_documents)
    else:
        run.event(f"the running worker resumed on the new broker; republishing the {len(lost_b)} documents "
                  "lost with the old broker")
        again = inputs_for([orjson.loads(i.raw) for i in lost_b], [],
                            s.topic_documents)
    await publish(run, again)
    complete_c = await wait_answered(run, again, timeout=timeout, alive=[w1])
    run.event(f"republished: {sum(i.answered for i in again)}/{len(again)} answered")
    if processed_by_running_worker == len(phase_c):
        again = phase_c + again
    await settle(run, 3)
    match(again, run.recorder, run.settings)
    fig_c = account(again)
    fig_c.update(await check_tables(run, again))
    first_again = min((i.first_answer for i in again if i.first_answer), default=None)
    logs = [w.log_path for w in run.workers]
    fig: dict[str, Any] = {
        "startup_without_broker": {
            "watched_s": startup_wait,
            "worker_alive_without_broker": alive_without_broker,
            "worker_exited_after_s": exited_after,
            "worker_exit_code": exit_code,
            "worker_restarted_by_us": restarted_worker,
            "broker_start_to_first_output_s": first_after(phase_a, t_broker),
            "probe_round_trip_s": round(ready, 2),
            "log_examples": start_log,
        },
        "phase_a": fig_a,
        "broker_restart": {
            "documents_sent_before_kill": len(phase_b),
            "answered_before_kill": answered_b,
            "gone_with_the_broker": len(phase_b) - answered_b,
            "outage_s": outage,
            "worker_alive_during_outage": worker_alive_during_outage,
            "worker_alive_after_restart": alive_after,
            "documents_published_to_new_broker": len(phase_c),
            "stall_window_s": stall_wait,
            "answered_by_running_worker": processed_by_running_worker,
            "broker_restart_to_first_output_s": resumed_s,
            "procedure_needed": ready_c is not None,
            "procedure_to_first_output_s": (None if first_again is None or ready_c is None
                                            else round(first_again - t_proc, 2)),
            "log_examples": log_lines(logs, r"(?i)(Unable connect|OffsetCommit failed|crashed|"
                                             r"UnknownTopicOrPartition|NodeNotReady|Heartbeat failed)", 10),
        },
        "after_restart": fig_c,
    }
    fig.update({
        "sent": fig_a["sent"] + len(phase_b) + len(phase_c),
        "outputs": fig_a["outputs"] + answered_b + fig_c["outputs"],  # fig_c: phase c + what was republished
        "dead_letters": fig_a["dead_letters"] + fig_c["dead_letters"],
        "duplicates": fig_a["duplicates"] + fig_c["duplicates"],
        "duplicates_identical": fig_a["duplicates_identical"] and fig_c["duplicates_identical"],
        "lost": fig_a["lost"] + fig_c["lost"],
        "lost_with_broker_and_republished": len(lost_b),
        "recovery_s": resumed_s if ready_c is None else fig["broker_restart"]["procedure_to_first_output_s"],
    })
    for name, part in (("phase a", fig_a), ("after the broker restart", fig_c)):
        sub: list[str] = []
        common_checks(part, sub)
        problems += [f"{name}: {p}" for p in sub]
    if not complete_a:
        problems.append("phase a incomplete")
    if not complete_c:
        problems.append("documents published or republished after the broker restart were not all processed")
    if not worker_alive_during_outage:
        problems.append("the worker died while the broker was down")
    # (c) the broker unreachable (data kept) in the middle of a stream
    run.event("part c: the broker unreachable for a while, keeping its data (TCP proxy cut)")
    fig_u, problems_u = await broker_unreachable_phase(run.env, n, timeout=timeout, outage=unreachable)
    fig["unreachable"] = fig_u
    problems += [f"unreachable: {p}" for p in problems_u]
    fig["sent"] += fig_u.get("sent", 0)
    fig["outputs"] += fig_u.get("outputs", 0)
    fig["duplicates"] += fig_u.get("duplicates", 0)
    fig["duplicates_identical"] = fig["duplicates_identical"] and fig_u.get("duplicates_identical", False)
    fig["lost"] += fig_u.get("lost", 0)
    fig["recovery_s_unreachable"] = fig_u.get("recovery_s_from_reconnect")
    return fig, problems


async def broker_unreachable_phase(env: FaultEnv, n: int, *, timeout: float, outage: float) -> tuple[dict[str, Any], list[str]]:
    """The broker becomes unreachable for ``outage`` seconds in the middle of a stream while keeping its data
    (a :class:`TcpProxy` in front of Tansu is cut): what a real Kafka outage looks like. Every document must
    come out once the broker is reachable again."""
    problems: list[str] = []
    sub = FaultEnv(work_dir=env.work_dir / "unreachable", key_prefix=env.key_prefix + "u:", table_keys=env.table_keys,
                   topic_prefix=env.topic_prefix, worker_env=env.worker_env, ready_timeout=env.ready_timeout,
                   detection=env.detection, log=env.log, redis_url=env.redis_url)
    run = Run(sub, "broker-unreachable")
    direct = free_port("127.0.0.1")
    proxy = TcpProxy(direct)
    tansu = TansuBroker(direct, log_path=run.dir / "tansu.log", advertised_port=proxy.port).start()
    await proxy.start()
    try:
        run.bootstrap = f"127.0.0.1:{proxy.port}"  # workers, recorder and publisher all go through the proxy
        run.start_redis()
        app_id = f"faults-cut-{uuid.uuid4().hex[:6]}"
        await run.start_io()
        inputs = inputs_for(make_documents(max(200, n // 4), f"cut-{uuid.uuid4().hex[:6]}", seed=4,
                                            methods=STREAM_METHODS), [],
                             run.settings.topic_documents)
        w1 = run.new_worker(app_id, "1")
        ready = await run.wait_ready(w1)
        # published in the background over STREAM_SECONDS once the worker is ready, so the cut falls in the
        # middle of the stream however fast the worker is
        pub = asyncio.create_task(publish(run, inputs, over=STREAM_SECONDS))
        run.event(f"worker ready behind the proxy ({ready:.1f} s); publishing {len(inputs)} documents")
        await wait_answered(run, inputs, fraction=0.3, timeout=max(timeout, run.env.ready_timeout), alive=[w1])
        answered = sum(i.answered for i in inputs)
        await proxy.cut()
        t_cut = run.event(f"broker unreachable (proxy cut) with {answered}/{len(inputs)} answered")
        await asyncio.sleep(outage)
        alive_during = w1.running
        await proxy.restore()
        t_back = run.event(f"broker reachable again after {outage:.0f} s (worker alive: {alive_during})")
        await run.recorder.restart()  # the recorder's own connection was cut too
        await pub
        complete, fig = await answer_all(run, inputs, timeout=timeout, alive=[w1])
        rec = recovery(inputs, t_back)
        logs = [w1.log_path]
        fig.update({
            "outage_s": outage, "answered_at_fault": answered, "worker_alive_during_outage": alive_during,
            "worker_alive_after": w1.running, "recovery_s_from_reconnect": rec["recovery_s"],
            "catch_up_s_from_reconnect": rec["catch_up_s"],
            "agent_crashes": log_count(logs, "Crashed reason="),
            "log_examples": log_lines(logs, r"(?i)(Unable connect|Crashed reason|KafkaTimeoutError|"
                                             r"NodeNotReady|Heartbeat failed|OffsetCommit failed)", 10),
        })
        fig.update(await check_tables(run, inputs))
        fig["leak_scan"] = await leak_scan(run)
        common_checks(fig, problems)
        if fig["agent_crashes"]:
            problems.append(f"{fig['agent_crashes']} agent crashes during the outage (see log_examples)")
        return fig, problems
    finally:
        await proxy.cut()
        await run.close()
        tansu.stop(grace=0)  # SIGKILL: it stores nothing
