"""Worker start-up without a broker (end to end, loopback only): ``python -m app.worker`` waits for the broker
instead of exiting, processes documents once a broker listens on its port (and answers
``anonymizer erase --via-kafka``), and gives up with exit code 69 after ``ANON_BROKER_STARTUP_TIMEOUT``.

Each test starts its own worker (patterns-only detection, no NER model preloaded: quick to start) against a
free loopback port; the first one then starts its own Tansu on that port. Redis is the session's
(``redis_url``), tables under the session's key prefix.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from anontools.devtools.harness.worker import WorkerProcess
from anontools.devtools.harness.tansu import TansuBroker, TansuError, find_tansu_binary, free_port
from anontools.devtools.harness.kafka import Collector, produce_one

pytestmark = pytest.mark.e2e

WAITING = "waiting for the Kafka broker: unable to connect to 127.0.0.1:{port} (ConnectionRefusedError); attempt {n}"


@pytest.fixture
def start_worker(redis_url, table_key_prefix, table_keys, tmp_path):
    """``start(port, **env) -> WorkerProcess``: a worker with broker ``kafka://127.0.0.1:<port>``; stopped at
    the end of the test."""
    try:
        find_tansu_binary()
    except TansuError as exc:
        pytest.skip(f"no Tansu broker binary: {exc}")
    from app.detection.config import load_config

    config = tmp_path / "detection-patterns-only.json"
    config.write_text(json.dumps({"*": {"recognizers": [r for r in load_config()["*"]["recognizers"]
                                                        if r != "stanza"]}}), "utf-8")
    started: list[WorkerProcess] = []

    def start(port: int, **env: str) -> WorkerProcess:
        worker = WorkerProcess(
            broker_url=f"kafka://127.0.0.1:{port}", redis_url=redis_url, app_id=f"startup-{uuid.uuid4().hex[:8]}",
            log_path=tmp_path / f"worker-{len(started) + 1}.log",
            extra_env={"ANON_TABLE_KEY_PREFIX": table_key_prefix, "ANON_TABLE_TTL_SECONDS": "600",
                       "ANON_TABLE_KEYS": table_keys, "ANON_TABLE_KEYS_FILE": "", "ANON_PRELOAD_LANGUAGES": "",
                       "ANON_DETECTION_CONFIG": str(config), **env},
        )
        started.append(worker)
        return worker.start()

    yield start
    for worker in started:
        worker.stop()


def _log(worker: WorkerProcess) -> str:
    return worker.log_path.read_text("utf-8", errors="replace") if worker.log_path.exists() else ""


def _wait_for_log(worker: WorkerProcess, needle: str, timeout: float) -> str:
    deadline = time.monotonic() + timeout
    while needle not in (log := _log(worker)):
        worker.check_alive()
        if time.monotonic() > deadline:
            raise TimeoutError(f"{needle!r} not logged within {timeout:.0f} s; log:\n{log}")
        time.sleep(0.2)
    return log


def test_the_worker_waits_for_the_broker_and_then_processes_documents(start_worker, tmp_path):
    port = free_port()
    worker = start_worker(port)
    # no broker: the worker stays up and says so, once per attempt (1 s, 2 s, 4 s ... apart)
    log = _wait_for_log(worker, WAITING.format(port=port, n=2), timeout=60)
    time.sleep(3)
    assert worker.running, f"the worker exited without a broker:\n{_log(worker)}"
    log = _log(worker)
    assert WAITING.format(port=port, n=1) + ", next in 1 s" in log
    assert WAITING.format(port=port, n=2) + ", next in 2 s" in log
    assert "Unable to bootstrap" not in log and "Traceback" not in log
    waiting_lines = [line for line in log.splitlines() if "waiting for the Kafka broker" in line]
    assert all(re.fullmatch(r"\[[-0-9 :,]+\] \[\d+\] \[WARNING\] waiting for the Kafka broker: unable to connect "
                            rf"to 127\.0\.0\.1:{port} \(ConnectionRefusedError\); attempt \d+, next in \d+ s",
                            line) for line in waiting_lines), waiting_lines

    # the broker comes: the worker connects, starts Faust and processes a document sent now
    broker = TansuBroker(port, log_path=tmp_path / "tansu.log")
    broker.start()
    try:
        log = _wait_for_log(worker, f"Kafka broker reachable at 127.0.0.1:{port} after", timeout=60)
        assert re.search(rf"Kafka broker reachable at 127\.0\.0\.1:{port} after \d+ failed attempts "
                         r"\(\d+\.\d s\)", log)
        job = f"startup-{uuid.uuid4().hex[:8]}"
        text = "Write to maria.santos@example.org before 3 March 2015."

        async def send_and_collect():
            topics = ["translation.requests", "documents.dead-letter"]
            async with Collector(broker.bootstrap, topics) as out:
                await produce_one(broker.bootstrap, "documents", job, {"job_id": job, "language": "en", "text": text})
                await out.wait_for(lambda msgs: any(m.key == job for m in msgs), timeout=180)
                return out.for_key(job)

        got = asyncio.run(send_and_collect())
        assert [m.topic for m in got] == ["translation.requests"], [m.json for m in got]
        request = got[0].json
        assert request["job_id"] == job and request["text"] == "Write to [EMAIL_1] before [DATE_1]."
        assert worker.running

        # `anonymizer erase --via-kafka` (aiokafka clients built with kafka_client_options) reaches this worker
        env = {**os.environ, "ANON_BROKER_URL": f"kafka://127.0.0.1:{port}",
               "ANON_KAFKA_SECURITY_PROTOCOL": "PLAINTEXT", "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
        erase = subprocess.run([sys.executable, "-m", "app.cli", "erase", job, f"{job}-unknown", "--via-kafka",
                                "--timeout", "60"], env=env, capture_output=True, text=True, timeout=120)
        assert (erase.returncode, erase.stdout) == (0, f"{job}: erased\n{job}-unknown: no table\n"), erase.stderr
    finally:
        stopped = worker.stop()
        broker.stop()
    assert stopped == 0  # SIGTERM: a clean stop


def test_the_worker_gives_up_after_the_startup_timeout_with_exit_code_69(start_worker):
    port = free_port()
    worker = start_worker(port, ANON_BROKER_STARTUP_TIMEOUT="4")
    deadline = time.monotonic() + 90  # interpreter start-up and imports, then 4 s of waiting
    while worker.running and time.monotonic() < deadline:
        time.sleep(0.2)
    assert worker.returncode == 69, _log(worker)
    log = _log(worker)
    assert WAITING.format(port=port, n=1) + ", next in 1 s" in log
    assert re.search(rf"\[ERROR\] waiting for the Kafka broker: unable to connect to 127\.0\.0\.1:{port} "
                     r"\(ConnectionRefusedError\); attempt \d, giving up after 4\.\d s "
                     r"\(ANON_BROKER_STARTUP_TIMEOUT=4\)", log), log
    assert log.rstrip().endswith(f"anonymizer worker: no Kafka broker reachable at 127.0.0.1:{port} within 4 s "
                                 "(ANON_BROKER_STARTUP_TIMEOUT); exiting with code 69")


def test_sigterm_while_waiting_for_the_broker_exits_0(start_worker):
    port = free_port()
    worker = start_worker(port)
    _wait_for_log(worker, WAITING.format(port=port, n=1), timeout=60)
    assert worker.stop() == 0


def test_a_configuration_error_found_while_faust_starts_exits_78(start_worker, tmp_path):
    """The broker is up, so Faust starts while the stage zygote builds the detectors; an option only building finds
    invalid ends the worker with exit code 78 and the one line last, never ``worker ready``."""
    config = tmp_path / "detection-bad-option.json"
    config.write_text(json.dumps({"*": {"recognizers": ["email", "gazetteer"], "gazetteer_min_population": "many"}}),
                      "utf-8")
    port = free_port()
    broker = TansuBroker(port, log_path=tmp_path / "tansu.log")
    broker.start()
    try:
        worker = start_worker(port, ANON_PRELOAD_LANGUAGES="en", ANON_DETECTION_CONFIG=str(config))
        deadline = time.monotonic() + 120
        while worker.running and time.monotonic() < deadline:
            time.sleep(0.2)
        assert worker.returncode == 78, _log(worker)
    finally:
        broker.stop()
    log = _log(worker)
    assert log.rstrip().splitlines()[-1] == (
        "anonymizer worker: invalid configuration: detection for language 'en' (ANON_DETECTION_CONFIG, "
        "ANON_NER_MODEL_DIR): invalid literal for int() with base 10: 'many'")
    assert "worker ready" not in log and "Traceback" not in log
