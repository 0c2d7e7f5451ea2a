"""Session fixtures for end-to-end tests: a Kafka-compatible broker, Redis, and worker subprocesses.

- ``kafka_bootstrap``: ``"127.0.0.1:PORT"`` of a Tansu broker started for the session (or the bootstrap in
  ``ANON_TEST_KAFKA_BOOTSTRAP`` to run the same tests against a real Kafka).
- ``redis_url``: the Redis at ``REDIS_URL`` (default ``redis://127.0.0.1:6379/0``); a private ``redis-server``
  is started on loopback when none answers.
- ``table_key_prefix``: ``test:<uuid>:``, unique per session; every key under it is deleted at the end.
- ``worker_factory``: ``start(**env) -> RunningWorker`` starts ``python -m app.worker`` wired to the above
  (unique ``ANON_APP_ID``), waits until a probe document round-trips, and stops it at the end of the
  session (SIGTERM, then SIGKILL). ``worker``: one such worker shared by the session.

Tests that need these are end-to-end tests: mark them ``@pytest.mark.e2e``. Missing infrastructure (no Tansu
binary, no Redis and no ``redis-server``) skips them with the reason. Broker, Redis, worker processes and the Kafka
clients of the tests (``Collector``, ``produce``) are the harness the demo, the benchmark and the fault scenarios
use too (:mod:`anontools.devtools.harness`). NER models the tests only read are loaded once per session
(``tests/shared_models.py``), and torch runs on one thread in this process, as in the worker (below).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import sys
import time
import uuid
import zlib

# Torch in the test process runs on one thread per pool, as the worker does (``ANON_TORCH_THREADS``, default 1;
# app.detection.torch_setup): with torch's default of one thread per core, the in-process NER tests ran 4-5x
# slower in CPU *and* wall time on 2 shared cores (threads spinning against each other and the other processes).
# Set before torch is imported; ``ANON_TEST_TORCH_THREADS`` (or OMP_NUM_THREADS itself) chooses another count.
TEST_TORCH_THREADS = os.environ.get("ANON_TEST_TORCH_THREADS", "1")
for _name in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
    os.environ.setdefault(_name, TEST_TORCH_THREADS)
if "torch" in sys.modules:  # imported early by a plugin: the environment came too late for it
    sys.modules["torch"].set_num_threads(int(os.environ["OMP_NUM_THREADS"]))
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

import pytest

from anontools.devtools.harness.kafka import Collector, produce_one
from anontools.devtools.harness.redis_local import DEFAULT_REDIS_URL, LocalRedis, RedisUnavailable, delete_prefix
from anontools.devtools.harness.tansu import TansuBroker, TansuError
from anontools.devtools.harness.worker import WorkerError, WorkerProcess, settings_for
from app.settings import Settings
from tests import properties

REPO_ROOT = Path(__file__).resolve().parents[1]
WORKER_READY_TIMEOUT = float(os.environ.get("ANON_TEST_WORKER_TIMEOUT", "300"))


@pytest.fixture(autouse=True)
def _fresh_settings() -> Iterator[None]:
    """Every test reads the settings of its own environment (``monkeypatch.setenv("ANON_...")``): the process-wide
    :func:`app.settings.get_settings` cache is cleared before and after each test."""
    from app.settings import get_settings

    get_settings.cache_clear()
    yield
    get_settings.cache_clear()


def pytest_configure(config: pytest.Config) -> None:
    """Load the Hypothesis profile (:mod:`tests.properties`) before the test modules are imported."""
    properties.load(properties.profile_for(config.option.markexpr or "", os.environ.get("HYPOTHESIS_PROFILE")))


#: the session broker's fixture: a test that uses it (directly or through ``worker``) joins the xdist group
#: :data:`BROKER_GROUP`; tests that use only Redis (own key prefixes) or start their own brokers run anywhere
BROKER_FIXTURES = frozenset({"kafka_bootstrap"})
BROKER_GROUP = "broker"
#: files whose tests each start their own processes (stage zygotes, workers, brokers) and share no module fixture:
#: their tests are spread over the test processes one by one (together they take ~70 s, too much for one process)
SPREAD_FILES = frozenset({"tests/unit/test_isolation.py", "tests/test_e2e_worker_startup.py",
                          "tests/unit/test_startup.py"})


def pytest_itemcollected(item: pytest.Item) -> None:
    """The test processes of ``make test`` (pytest-xdist, ``-n 3 --dist loadgroup``) take whole groups: every test that
    uses the session's broker runs in one process, so the session starts one Tansu broker and one shared worker (not
    one per process), and ``tests/test_no_leaks.py``, which runs after the other e2e tests of its group, scans
    everything they wrote; the tests of :data:`SPREAD_FILES` are groups of one; every other test runs with the rest of
    its file, so a module's fixtures (a worker, a model, the toy language's run) are built once, not once per
    process."""
    path = item.nodeid.split("::")[0]
    if BROKER_FIXTURES & set(getattr(item, "fixturenames", ())):
        group = BROKER_GROUP
    elif path in SPREAD_FILES:
        group = f"{path}-{zlib.crc32(item.nodeid.encode()):08x}"
    else:
        group = path
    item.add_marker(pytest.mark.xdist_group(group))


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Give each test of an ``xdist_group`` its group suffix (``...::test@broker``), which xdist's ``loadgroup``
    scheduler reads. xdist 3.8 writes the suffix to ``item._nodeid``, which pytest 9.2 no longer reads (the node id is
    ``item._id``): without this, the groups are silently ignored."""
    if not getattr(config.option, "loadgroup", False):  # set in the test processes of xdist under --dist loadgroup
        return
    from _pytest.nodeid import NodeId

    for item in items:
        groups = sorted({str(m.args[0] if m.args else m.kwargs.get("name", "default"))
                         for m in item.iter_markers("xdist_group")})
        if groups and "@" not in item.nodeid and hasattr(item, "_id"):
            item._id = NodeId.parse(f"{item.nodeid}@{'_'.join(groups)}")


@pytest.fixture(scope="session")
def session_id() -> str:
    """A short id unique to this test session (used in app ids, key prefixes, job ids)."""
    return uuid.uuid4().hex[:10]


@pytest.fixture(scope="session")
def kafka_bootstrap(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``host:port`` of the session's broker (Tansu on a free loopback port unless
    ``ANON_TEST_KAFKA_BOOTSTRAP`` names an existing Kafka)."""
    external = os.environ.get("ANON_TEST_KAFKA_BOOTSTRAP")
    if external:
        yield external
        return
    log = tmp_path_factory.mktemp("tansu") / "tansu.log"
    broker = TansuBroker(log_path=log)
    try:
        broker.start()
    except TansuError as exc:
        pytest.skip(f"no Kafka-compatible broker for e2e tests: {exc}")
    try:
        yield broker.bootstrap
    finally:
        broker.stop()


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """URL of a Redis that answers PING (started locally when the loopback URL has none)."""
    url = os.environ.get("REDIS_URL") or os.environ.get("ANON_REDIS_URL") or DEFAULT_REDIS_URL
    local = LocalRedis(url, log_path=tmp_path_factory.mktemp("redis") / "redis.log")
    try:
        local.start()
    except RedisUnavailable as exc:
        pytest.skip(f"no Redis for e2e tests: {exc}")
    try:
        yield local.url
    finally:
        local.stop()


@pytest.fixture(scope="session")
def table_key_prefix(redis_url: str, session_id: str) -> Iterator[str]:
    """Redis key prefix of this session's tables; every key under it is deleted at the end."""
    prefix = f"test:{session_id}:"
    yield prefix
    delete_prefix(redis_url, prefix, quiet=True)


@dataclass
class RunningWorker:
    """A started and ready worker. ``settings`` mirrors its configuration (topics, Redis, key prefix)."""

    process: WorkerProcess
    settings: Settings
    bootstrap: str

    @property
    def log_path(self) -> Path:
        return self.process.log_path

    def read_log(self) -> str:
        """The worker's stdout and stderr so far."""
        return self.log_path.read_text("utf-8", errors="replace") if self.log_path.exists() else ""

    def check_alive(self) -> None:
        self.process.check_alive()


async def _probe(bootstrap: str, worker: WorkerProcess, settings: Settings, timeout: float) -> None:
    """Round-trip one probe document (documents → translation.requests → translation.results →
    translation.reidentified); raise on timeout or if the worker dies."""
    job_id = f"probe-{uuid.uuid4().hex[:12]}"
    s = settings
    topics = [s.topic_translation_requests, s.topic_reidentified, s.topic_dead_letter]
    deadline = time.monotonic() + timeout

    async def wait(pred) -> None:
        while True:
            worker.check_alive()
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"worker not ready after {timeout:.0f} s; log tail:\n{worker.log_tail()}")
            try:
                await collector.wait_for(pred, timeout=min(2.0, remaining))
                return
            except TimeoutError:
                continue

    async with Collector(bootstrap, topics, partitions=s.topic_partitions) as collector:
        doc = {"job_id": job_id, "language": "en", "text": "The probe was sent from Lisbon by Maria Santos."}
        await produce_one(bootstrap, s.topic_documents, job_id, doc)
        await wait(lambda msgs: any(m.key == job_id and m.topic != s.topic_reidentified for m in msgs))
        got = collector.for_key(job_id)
        request = next((m.json for m in got if m.topic == s.topic_translation_requests), None)
        if request is None:
            dead = next((m.json for m in got if m.topic == s.topic_dead_letter), None)
            raise WorkerError(f"probe document went to the dead-letter topic: {dead!r}")
        result = {"job_id": job_id, "language": "en", "text": request["text"], "anonymization_id": request["anonymization_id"]}
        await produce_one(bootstrap, s.topic_translation_results, job_id, result)
        await wait(lambda msgs: any(m.key == job_id and m.topic == s.topic_reidentified for m in msgs)
                   or sum(m.key == job_id and m.topic == s.topic_dead_letter for m in msgs) > 0)


def _run_in_thread(coro) -> object:
    """Run a coroutine to completion in a fresh event loop on another thread (sync fixtures may be set up
    while pytest-asyncio owns the main thread's event loop)."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro).result()


@pytest.fixture(scope="session")
def table_keys() -> str:
    """A Fernet key made for this test session: the workers' tables are encrypted as in production."""
    from app.crypto import generate_key

    return generate_key()


@pytest.fixture(scope="session")
def worker_factory(
    kafka_bootstrap: str, redis_url: str, table_key_prefix: str, session_id: str, table_keys: str,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Callable[..., RunningWorker]]:
    """``start(app_id=None, ready=True, **env) -> RunningWorker``: start ``python -m app.worker``.

    ``env`` adds variables (e.g. ``ANON_MAX_TEXT_CHARS="100"``); ``app_id`` defaults to a unique
    ``test-<session>-<n>`` (workers with the same app id share the consumer group). With ``ready=True``
    it returns once a probe document has round-tripped (timeout ``ANON_TEST_WORKER_TIMEOUT``, 300 s).
    Every worker started is stopped at the end of the session; ``RunningWorker.process.stop()`` stops
    one earlier.
    """
    if not (REPO_ROOT / "app" / "worker.py").exists():
        pytest.skip("app/worker.py does not exist yet")
    log_dir = tmp_path_factory.mktemp("worker")
    started: list[WorkerProcess] = []

    def start(app_id: str | None = None, ready: bool = True, **env: str) -> RunningWorker:
        n = len(started) + 1
        app_id = app_id or f"test-{session_id}-{n}"
        extra = {"ANON_TABLE_KEY_PREFIX": table_key_prefix, "ANON_TABLE_TTL_SECONDS": "3600",
                 "ANON_TABLE_KEYS": table_keys, "ANON_TABLE_KEYS_FILE": "",
                 "ANON_BROKER_FLAVOR": "kafka" if os.environ.get("ANON_TEST_KAFKA_BOOTSTRAP") else "tansu", **env}
        proc = WorkerProcess(broker_url=f"kafka://{kafka_bootstrap}", redis_url=redis_url, app_id=app_id,
                             log_path=log_dir / f"worker-{n}.log", extra_env=extra)
        started.append(proc)
        proc.start()
        settings = settings_for(proc)
        running = RunningWorker(proc, settings, kafka_bootstrap)
        if ready:
            try:
                _run_in_thread(_probe(kafka_bootstrap, proc, settings, WORKER_READY_TIMEOUT))
            except BaseException:
                proc.stop()
                raise
        return running

    yield start
    for proc in reversed(started):
        proc.stop()


@pytest.fixture(scope="session")
def worker(worker_factory: Callable[..., RunningWorker]) -> RunningWorker:
    """One ready worker shared by the session's e2e tests (use unique job ids per test)."""
    return worker_factory()
