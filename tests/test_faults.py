"""Fault scenarios end to end (issue 6), fast versions of ``python -m anontools.devtools.faults``.

Each test runs one scenario of :mod:`anontools.devtools.faults` with 150 documents (the command's default is 1,000;
RELIABILITY.md has its figures) against real processes: the session's Tansu broker (``kafka_bootstrap``,
topics prefixed per test so no other worker of the session consumes them), Redis, and worker subprocesses
of the same consumer group.

- ``kill``: SIGKILL in the middle of the stream, restart: no input lost, duplicates identical, every table
  rewritten with the same content (private Redis, every ``SET`` observed with ``MONITOR``).
- ``two-workers``: one of two workers stopped under load; the other takes over its partitions.
- ``redis-down``: the tables' Redis (a private ``redis-server`` on another port, never the shared one)
  stopped under load, then restarted: no translation request before its table, retries logged, catch-up;
  stopped again while translations of known jobs arrive: they wait for their tables (no output, no dead
  letter), then all come back restored exactly.
- ``broker-down``: the worker started before the broker exists; the broker killed and restarted empty
  in the middle (its own Tansu on its own port); the broker unreachable in the middle while keeping its data
  (a TCP proxy in front of Tansu cut).
- ``poison``: messages that make each stage fail become one dead letter each and do not block the
  messages behind them on the same key.

Every scenario also runs the leak scan of issue 15 over every ``translation.requests`` record it saw (its
documents ask in turn for every method of the default policy): 0 detected originals in clear, for each method.

Detection runs with patterns only (``ANON_TEST_FAULTS_DETECTION``, default ``patterns``: no NER model, fast
and independent of the trained weights); the scenarios test the plumbing, the model is tested elsewhere.
"""

from __future__ import annotations

import asyncio
import os

import pytest

from anontools.devtools.faults import STREAM_METHODS, FaultEnv, ScenarioResult, run_scenario

pytestmark = [
    pytest.mark.e2e,
    # timing-sensitive (a fault is injected at a point of the stream): on a loaded 2-core CI machine the injection
    # point can be missed, so these run on demand; the full-size versions are `python -m anontools.devtools.faults`
    pytest.mark.skipif(
        os.environ.get("ANON_TEST_FAULTS") != "1",
        reason="fault scenarios run on demand: ANON_TEST_FAULTS=1 make test, or python -m anontools.devtools.faults",
    ),
]

DOCUMENTS = int(os.environ.get("ANON_TEST_FAULTS_DOCUMENTS", "150"))
DETECTION = os.environ.get("ANON_TEST_FAULTS_DETECTION", "patterns")
TIMEOUT = 300.0


@pytest.fixture
def fault_env(tmp_path, kafka_bootstrap, redis_url, table_key_prefix, table_keys, session_id, request):
    """``make(private_broker=False, private_redis=False) -> FaultEnv`` for the current test."""
    name = request.node.name.replace("test_", "").replace("_", "-")[:24]

    def make(*, private_broker: bool = False, private_redis: bool = False) -> FaultEnv:
        return FaultEnv(
            work_dir=tmp_path / name,
            bootstrap=None if private_broker else kafka_bootstrap,
            redis_url=None if private_redis else redis_url,
            key_prefix=f"{table_key_prefix}faults:{name}:",
            table_keys=table_keys,
            topic_prefix=f"{session_id}-{name}.",
            detection=DETECTION,
            log=lambda msg: print(msg, flush=True),
        )

    return make


def _run(name: str, env: FaultEnv, **kwargs) -> ScenarioResult:
    result = asyncio.run(run_scenario(name, env, documents=DOCUMENTS, timeout=TIMEOUT, **kwargs))
    print(result.to_dict())
    return result


def _assert_accounting(f: dict, problems: list[str]) -> None:
    assert f["lost"] == 0, problems
    assert f["conflicting"] == 0, problems
    assert f["duplicates_identical"] is True, problems
    assert f["wrong_outcome"] == 0, problems
    assert f["outputs"] + f["dead_letters"] == f["sent"], problems


def _assert_no_leaks(f: dict) -> None:
    """The leak scan saw requests of every method of the default policy, checked their originals, found none
    in clear."""
    scan = f["leak_scan"]
    assert scan["leaks"] == 0, scan
    assert scan["records"] > 0 and scan["originals_checked"] > 0, scan
    assert set(STREAM_METHODS) <= set(scan["records_per_method"]), scan
    assert scan["tables_missing"] == 0, scan


def test_worker_killed_mid_stream_then_restarted(fault_env):
    r = _run("kill", fault_env(private_redis=True))
    f = r.figures
    assert r.ok, r.problems
    _assert_accounting(f, r.problems)
    assert 0 < f["answered_at_fault"] < f["sent"], "the kill did not happen in the middle of the stream"
    assert f["dead_letters"] == max(1, DOCUMENTS // 50)
    # every request's table is in Redis and restores the original exactly
    assert f["tables_checked"] == DOCUMENTS and f["tables_missing"] == 0 and f["roundtrip_inexact"] == 0
    # tables re-written by redelivered messages are identical; no request before its table
    assert f["rewritten_tables_identical"] is True
    assert f["requests_before_table_write"] == 0
    assert f["catch_up_s_from_kill"] is not None
    _assert_no_leaks(f)


def test_two_workers_one_stopped_under_load(fault_env):
    r = _run("two-workers", fault_env())
    f = r.figures
    assert r.ok, r.problems
    _assert_accounting(f, r.problems)
    assert f["worker_2_exit_code"] == 0
    assert f["worker_2_had_partitions"] is not False
    assert f["tables_missing"] == 0 and f["roundtrip_inexact"] == 0
    _assert_no_leaks(f)


def test_redis_unavailable_under_load(fault_env):
    r = _run("redis-down", fault_env(private_redis=True), outage=15.0)
    f = r.figures
    assert r.ok, r.problems
    _assert_accounting(f, r.problems)
    # nothing left without its table: no request during the outage, none before its table's first write
    assert f["requests_emitted_during_outage"] == 0
    assert f["requests_before_table_write"] == 0
    assert f["tables_missing"] == 0 and f["roundtrip_inexact"] == 0
    # the worker said what it was doing
    assert f["log_retry_lines"] > 0 and f["log_recovered_lines"] > 0
    assert f["catch_up_s_from_redis_restart"] is not None
    # killed while Redis was down: the documents it held without a table were redelivered and came out
    assert f["phase2_unanswered_at_kill"] > 0
    # Redis down on the reverse path: the translations waited for their tables (no output, no unknown_job dead
    # letter meanwhile), then every one was restored exactly to the original text
    assert f["phase3_translations"] == max(10, DOCUMENTS // 4)
    assert f["phase3_worker_alive_during_outage"] is True
    assert f["phase3_outputs_during_outage"] == 0 and f["phase3_dead_letters"] == 0
    assert f["phase3_round_trips_exact"] == f["phase3_translations"]
    assert f["phase3_log_retry_lines"] > 0
    assert f["phase3_catch_up_s_from_restart"] is not None
    _assert_no_leaks(f)


def test_broker_unreachable_at_start_and_restarted_in_the_middle(fault_env):
    r = _run("broker-down", fault_env(private_broker=True), outage=5.0)
    f = r.figures
    assert r.ok, r.problems
    start = f["startup_without_broker"]
    # documented behaviour: without a broker the worker exits with an error (code 1) after logging
    # "Unable to bootstrap"; nothing was consumed, so nothing is lost; a restart after the broker is up works
    if not start["worker_alive_without_broker"]:
        assert start["worker_exit_code"] not in (None, 0)
        assert any("Unable to bootstrap" in line for line in start["log_examples"]), start["log_examples"]
    assert f["phase_a"]["lost"] == 0
    restart = f["broker_restart"]
    assert restart["worker_alive_during_outage"] is True
    # everything published after the broker came back (and what the broker lost, published again) came out
    assert f["after_restart"]["lost"] == 0 and f["after_restart"]["duplicates_identical"] is True
    # the broker unreachable but keeping its data (TCP proxy in front of Tansu cut): nothing lost, no crash
    u = f["unreachable"]
    assert u["worker_alive_during_outage"] and u["worker_alive_after"]
    assert 0 < u["answered_at_fault"] < u["sent"], "the cut did not happen in the middle of the stream"
    assert u["lost"] == 0 and u["duplicates_identical"] and u["agent_crashes"] == 0
    assert u["tables_missing"] == 0 and u["roundtrip_inexact"] == 0
    assert f["lost"] == 0
    _assert_no_leaks(f)


def test_poison_messages_are_dead_lettered_once_and_do_not_block(fault_env):
    r = _run("poison", fault_env())
    f = r.figures
    assert r.ok, r.problems
    _assert_accounting(f, r.problems)
    assert f["poison_dead_lettered_exactly_once"] == f["poison_messages"]
    assert f["good_behind_processed"] == f["good_messages_behind_poison"] > 0
    assert f["reverse_round_trips_exact"] == f["per_topic"]["translation.results"]["good_behind"]
    assert set(f["per_topic"]) == {"documents", "documents.detected", "documents.resolved", "translation.results"}
    assert all(reason for reason in f["reasons"].values())
    assert f["worker_alive"] and f["worker_crash_lines"] == 0
    _assert_no_leaks(f)
