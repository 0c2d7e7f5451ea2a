"""Worker start-up: waiting for the Kafka broker (``app.worker.wait_for_broker`` and ``main``), on loopback only,
with a fake clock (no real waiting except where stated)."""

from __future__ import annotations

import logging
import re
import socket

import pytest

import app.settings
import app.worker
from app.crypto import generate_key
from anontools.devtools.harness.tansu import free_port
from app.settings import Settings
from app.worker import BROKER_UNREACHABLE_EXIT_CODE, main, wait_for_broker


class FakeTime:
    """``clock``/``sleep`` pair: time passes only when slept; ``on_sleep(n)`` runs before the n-th sleep ends."""

    def __init__(self, on_sleep=None) -> None:
        self.now = 0.0
        self.sleeps: list[float] = []
        self.on_sleep = on_sleep

    def clock(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds
        if self.on_sleep:
            self.on_sleep(len(self.sleeps))


def _listen(port: int = 0) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", port))
    sock.listen(8)
    return sock


@pytest.fixture
def startup_log(caplog):
    caplog.set_level(logging.INFO, logger="test.startup")
    return logging.getLogger("test.startup")


def test_a_listening_broker_is_reachable_at_once_without_a_log_line(startup_log, caplog):
    fake = FakeTime()
    with _listen() as sock:
        server = f"127.0.0.1:{sock.getsockname()[1]}"
        assert wait_for_broker([server], logger=startup_log, sleep=fake.sleep, clock=fake.clock) is True
    assert fake.sleeps == [] and caplog.messages == []


def test_waits_with_backoff_until_the_broker_listens(startup_log, caplog):
    port = free_port()
    opened: list[socket.socket] = []
    fake = FakeTime(on_sleep=lambda n: opened.append(_listen(port)) if n == 8 else None)
    try:
        assert wait_for_broker([f"127.0.0.1:{port}"], logger=startup_log, sleep=fake.sleep, clock=fake.clock)
    finally:
        for sock in opened:
            sock.close()
    assert fake.sleeps == [1, 2, 4, 8, 16, 30, 30, 30]
    assert caplog.messages == [
        f"waiting for the Kafka broker: unable to connect to 127.0.0.1:{port} (ConnectionRefusedError); "
        f"attempt {n}, next in {delay} s" for n, delay in enumerate([1, 2, 4, 8, 16, 30, 30, 30], start=1)
    ] + [f"Kafka broker reachable at 127.0.0.1:{port} after 8 failed attempts (121.0 s)"]
    assert [r.levelname for r in caplog.records] == ["WARNING"] * 9


def test_any_bootstrap_server_will_do(startup_log, caplog):
    down = free_port()
    fake = FakeTime()
    with _listen() as sock:
        up = f"127.0.0.1:{sock.getsockname()[1]}"
        assert wait_for_broker([f"127.0.0.1:{down}", up], logger=startup_log, sleep=fake.sleep, clock=fake.clock)
    assert fake.sleeps == [] and caplog.messages == []


def test_gives_up_when_the_timeout_expires(startup_log, caplog):
    port, other = free_port(), free_port()
    servers = [f"127.0.0.1:{port}", f"127.0.0.1:{other}"]
    fake = FakeTime()
    assert wait_for_broker(servers, 10, logger=startup_log, sleep=fake.sleep, clock=fake.clock) is False
    assert fake.sleeps == [1, 2, 4, 3]  # the last wait is cut to the timeout
    tried = f"127.0.0.1:{port} (ConnectionRefusedError), 127.0.0.1:{other} (ConnectionRefusedError)"
    assert caplog.messages == [
        f"waiting for the Kafka broker: unable to connect to {tried}; attempt 1, next in 1 s",
        f"waiting for the Kafka broker: unable to connect to {tried}; attempt 2, next in 2 s",
        f"waiting for the Kafka broker: unable to connect to {tried}; attempt 3, next in 4 s",
        f"waiting for the Kafka broker: unable to connect to {tried}; attempt 4, next in 3 s",
        f"waiting for the Kafka broker: unable to connect to {tried}; attempt 5, giving up after 10.0 s "
        "(ANON_BROKER_STARTUP_TIMEOUT=10)",
    ]
    assert caplog.records[-1].levelname == "ERROR"


def test_no_server_is_never_reachable(startup_log, caplog):
    fake = FakeTime()
    assert wait_for_broker([], 1, logger=startup_log, sleep=fake.sleep, clock=fake.clock) is False
    assert caplog.messages[0] == ("waiting for the Kafka broker: unable to connect to no bootstrap server; "
                                  "attempt 1, next in 1 s")


def test_the_startup_timeout_setting(monkeypatch):
    assert Settings().broker_startup_timeout == 0
    monkeypatch.setenv("ANON_BROKER_STARTUP_TIMEOUT", "2.5")
    assert Settings().broker_startup_timeout == 2.5
    monkeypatch.setenv("ANON_BROKER_STARTUP_TIMEOUT", "-1")
    with pytest.raises(ValueError):
        Settings()


def _main_with(monkeypatch, **values) -> list[list[str]]:
    """Run ``app.worker.main([])`` with these settings; Faust is replaced by a recorder of ``sys.argv``. No language
    is preloaded (the start-up check would otherwise load every NER model)."""
    started: list[list[str]] = []
    values.setdefault("preload_languages", [])
    monkeypatch.setattr(app.settings, "get_settings",
                        lambda: Settings(table_keys=generate_key(), table_hmac_secret=generate_key(), **values))
    monkeypatch.setattr(app.worker.faust_app, "main", lambda: started.append(list(app.worker.sys.argv[1:])))
    monkeypatch.setattr(app.worker.sys, "argv", ["worker"])
    main([])
    return started


def test_main_exits_69_when_no_broker_answers_within_the_timeout(monkeypatch, capsys):
    port = free_port()
    with pytest.raises(SystemExit) as exit_:
        _main_with(monkeypatch, broker_url=f"kafka://127.0.0.1:{port}", broker_startup_timeout=0.3)
    assert exit_.value.code == BROKER_UNREACHABLE_EXIT_CODE == 69
    err = capsys.readouterr().err
    assert re.search(rf"\] \[WARNING\] waiting for the Kafka broker: unable to connect to 127\.0\.0\.1:{port} "
                     r"\(ConnectionRefusedError\); attempt 1, next in 0\.[0-3] s\n", err), err
    assert err.endswith(f"anonymizer worker: no Kafka broker reachable at 127.0.0.1:{port} within 0.3 s "
                        "(ANON_BROKER_STARTUP_TIMEOUT); exiting with code 69\n")


def test_main_starts_faust_once_the_broker_is_reachable(monkeypatch, capsys):
    with _listen() as sock:
        started = _main_with(monkeypatch, broker_url=f"kafka://127.0.0.1:{sock.getsockname()[1]}")
    assert started == [["worker", "--without-web", "-l", "info"]]
    assert capsys.readouterr().err == ""


def test_main_checks_the_table_key_first(monkeypatch, capsys):
    monkeypatch.setattr(app.settings, "get_settings", lambda: Settings(table_keys="", table_keys_file="",
                                                                              allow_plaintext_tables=False))
    monkeypatch.setattr(app.worker.faust_app, "main", lambda: pytest.fail("Faust must not start"))
    with pytest.raises(SystemExit) as exit_:
        main([])
    assert exit_.value.code == 2


def test_main_refuses_a_broker_url_without_a_server(monkeypatch, capsys):
    with pytest.raises(SystemExit) as exit_:
        _main_with(monkeypatch, broker_url="")
    assert exit_.value.code == 2
    assert capsys.readouterr().err == (
        "anonymizer worker: no Kafka bootstrap server: broker_url (ANON_BROKER_URL) is empty\n")


def test_main_pins_torch_threads_before_faust_starts(monkeypatch):
    import torch

    before = torch.get_num_threads()
    seen: list[int] = []
    torch.set_num_threads(2)
    try:
        with _listen() as sock:
            monkeypatch.setattr(app.settings, "get_settings", lambda: Settings(
                table_keys=generate_key(), table_hmac_secret=generate_key(), preload_languages=[],
                broker_url=f"kafka://127.0.0.1:{sock.getsockname()[1]}", torch_threads=1))
            monkeypatch.setattr(app.worker.faust_app, "main", lambda: seen.append(torch.get_num_threads()))
            monkeypatch.setattr(app.worker.sys, "argv", ["worker"])
            main([])
    finally:
        torch.set_num_threads(before)
    assert seen == [1]


def test_main_builds_no_pipeline_in_this_process_when_stage_processes_run_the_stages(monkeypatch, tmp_path):
    """The configuration is checked and the models are loaded in the stage zygote only (issue 18: they were loaded
    twice, once in a throw-away pipeline of the worker process)."""
    import app.pipeline

    config = tmp_path / "det.json"
    config.write_text('{"*": {"recognizers": ["email"]}}', "utf-8")
    monkeypatch.setenv("ANON_DETECTION_CONFIG", str(config))  # the zygote's (it inherits the environment)

    def no_pipeline_here(*args, **kwargs):
        raise AssertionError("the worker process built a pipeline")

    monkeypatch.setattr(app.pipeline.Pipeline, "__init__", no_pipeline_here)
    with _listen() as sock:
        started = _main_with(monkeypatch, broker_url=f"kafka://127.0.0.1:{sock.getsockname()[1]}",
                             preload_languages=["en", "de"], stage_processes=1)
    assert started == [["worker", "--without-web", "-l", "info"]]


def test_main_exits_78_when_the_zygote_finds_the_configuration_invalid(monkeypatch, tmp_path, capsys):
    config = tmp_path / "coref.json"
    config.write_text('{"en": {"labels": {"PERSON": {"rules": ["partiall"]}}}}', "utf-8")
    monkeypatch.setenv("ANON_COREFERENCE_CONFIG", str(config))
    with _listen() as sock, pytest.raises(SystemExit) as exit_:
        _main_with(monkeypatch, broker_url=f"kafka://127.0.0.1:{sock.getsockname()[1]}", preload_languages=["en"],
                   stage_processes=1)
    assert exit_.value.code == 78
    assert capsys.readouterr().err.startswith("anonymizer worker: invalid configuration: coreference for language "
                                              "'en' (ANON_COREFERENCE_CONFIG): unknown coreference rule 'partiall'")
