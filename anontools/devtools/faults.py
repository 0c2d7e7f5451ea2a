"""Fault scenarios end to end: ``python -m anontools.devtools.faults [--scenario S] [--documents N]``.

Each scenario starts what it needs on loopback — its own Tansu broker, its own ``redis-server`` (private
port, append-only file so a restart keeps the tables; the machine's shared Redis is never touched),
one or two workers (``python -m app.worker``) — publishes a stream of short English documents (plus a
few bad inputs that must become dead letters), injects a fault while the stream is being processed, and
accounts for every input:

``kill``
    the worker is killed with SIGKILL in the middle of the stream, then restarted (same consumer group).
``two-workers``
    two workers of one app id share the partitions; one is stopped (SIGTERM) under load; the other
    takes over its partitions.
``redis-down``
    the Redis of the tables is stopped for ``--outage`` seconds (default 30) under load, then restarted.
    Every ``SET`` of a table is observed (Redis ``MONITOR``), so the command checks that no translation
    request was emitted before its table was written, and that every write of one job's table wrote the
    same table. Then a second, shorter outage during which the worker is killed (SIGKILL) and restarted
    after Redis: the documents it held without a table must come out (their offsets were not committed).
    Then a third outage on the reverse path: translation results of known jobs arrive while Redis is down;
    the worker must wait for their tables (no output, no ``unknown_job`` dead letter meanwhile) and restore
    every one exactly once Redis is back.
``broker-down``
    (a) the worker is started before the broker exists; the broker is started on that port later;
    (b) the broker is killed in the middle of a stream and restarted empty on the same port (Tansu keeps
    nothing across a restart: the documents not yet processed are gone with it, see RELIABILITY.md);
    documents published after the restart must be processed, by the running worker or — the documented
    fallback — after restarting it; (c) the broker unreachable for ``--outage`` seconds (default 30) while
    keeping its data (a TCP proxy in front of Tansu is cut): nothing may be lost.
``poison``
    messages that make a stage fail (on ``documents``, ``documents.detected``, ``documents.resolved`` and
    ``translation.results``), each followed by good messages with the same key (same partition): each
    poison message gives exactly one dead letter with its stage and reason; the messages behind it are
    processed.

Figures (printed, and written to ``out/faults-<scenario>.json``): documents sent, outputs, dead letters,
duplicates (and whether they were byte-identical), lost (must be 0), conflicting (a request *and* a dead
letter for one input, must be 0), tables checked (every request's table loads and restores the original
text exactly), recovery time (fault end → every partition with pending work produced output again) and
catch-up time (fault end → every input answered). Worker logs and every output topic (JSON lines) are kept
under ``out/faults-<scenario>/``.

Leak scan (issue 15; every scenario, ``stall`` included): every ``translation.requests`` record the scenario
read (copies included, across broker restarts) is scanned for the originals detected for its job — the entity
texts of the job's ``documents.detected`` records and the originals of its tables of solutions in Redis — left in
clear (case-insensitive, whitespace-normalized, whole words: :mod:`anontools.devtools.leaks`). The figures
``leak_scan: {records, originals_checked, leaks, ...}``; the scenario fails when ``leaks`` > 0. The documents of
the fault scenarios ask in turn for every method the default policy allows (:data:`STREAM_METHODS`).

``stall``
    (issue 15) a steady stream of short documents (one every ``--interval`` seconds) runs through one
    worker (every method allowed, so that ``kmask`` is measured too) while the hostile inputs of issue 15 are
    published one after the other: 16 invented place names with ``kmask``; 16,000 e-mail addresses (176,000
    characters) with ``tag``; 4,000 entities (2,000
    persons, 2,000 e-mail addresses) with ``substitute``; and on the reverse path a 248 KB translation
    repeating the placeholder of a 5,020-character URL. Each must be answered exactly once (an output or
    one dead letter), and the short documents published meanwhile may not take more than 2 s longer than
    those of a baseline window before the first hostile input (the target of issue 15: no input delays
    the others beyond their own processing time). Not part of ``all`` (it measures, it injects no fault).
    ``--hostile N``: instead of one hostile input at a time, ``N`` copies of one (``--hostile-case``, default
    the 16,000 e-mail addresses) published at once, each its own job, so that ``N`` ≥ ``ANON_STAGE_PROCESSES``
    occupies every stage process; the short documents published meanwhile measure what that costs them.

``--report`` prints the figures of the existing ``out/faults-*.json`` as a Markdown table.

Exit code 0 when every scenario run passed its checks, 1 otherwise, 2 when the environment could not be
set up.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import json
import os
import platform
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Optional

import orjson

from anontools.devtools.demo import WorkerProcess, derived_hmac_secret, every_method_policy
from anontools.devtools.leaks import LeakScan, scan_records
from anontools.devtools.tansu import TansuBroker, TansuError, die_with_parent, free_port
from app.policy import DEFAULT_ALLOWED
from app.settings import Settings

__all__ = [
    "SCENARIOS",
    "FaultEnv",
    "PrivateRedis",
    "ScenarioResult",
    "make_documents",
    "main",
    "run_scenario",
]

SCENARIOS = ("kill", "two-workers", "redis-down", "broker-down", "poison")
#: Scenarios run only when named (``--scenario stall``): measurements rather than faults.
EXTRA_SCENARIOS = ("stall",)
#: The methods the documents of the fault scenarios' streams ask for, in turn: every method the default policy
#: allows, so that the leak scan (:func:`leak_scan`) sees each of them through every fault.
STREAM_METHODS: tuple[str, ...] = DEFAULT_ALLOWED

# ---------------------------------------------------------------------------------------------------------
# Documents
# ---------------------------------------------------------------------------------------------------------

_FIRST = ["Anna", "John", "Maria", "Peter", "Laura", "David", "Sofia", "Michael", "Emma", "Thomas", "Clara",
          "Robert", "Julia", "Daniel", "Helen", "Martin", "Sarah", "George", "Alice", "Oliver"]
_LAST = ["Lindqvist", "Smith", "Garcia", "Novak", "Fischer", "Brown", "Rossi", "Kowalski", "Dubois", "Jensen",
         "Moreau", "Keller", "Walsh", "Santos", "Murphy", "Becker", "Larsen", "Costa", "Hughes", "Weber"]
_CITY = ["London", "Madrid", "Berlin", "Lisbon", "Paris", "Rome", "Vienna", "Dublin", "Prague", "Warsaw",
         "Stockholm", "Amsterdam", "Brussels", "Munich", "Barcelona", "Hamburg", "Milan", "Porto"]
_ORG = ["Acme Corporation", "Nordic Shipping Ltd", "Blue River Bank", "Helios Energy Inc", "Orion Logistics Ltd"]
_MONTH = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]
_TEMPLATES = [
    "{f1} {l1} met {f2} {l2} in {city} on {day} {month} {year}. {l1} later wrote to {mail}.",
    "Dear Mr. {l1}, the contract with {org} was signed in {city} on {day} {month} {year}.",
    "{f1} {l1} from {city} called {f2} {l2} about the invoice. {l2} answered from {city2}.",
    "The report by {f1} {l1} ({mail}) was sent to {org} in {city}.",
    "On {day} {month} {year} {f1} {l1} moved from {city} to {city2} to work for {org}.",
]


def make_documents(n: int, prefix: str, *, seed: int = 0, methods: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """``n`` short English documents (one or two sentences, ~80–120 characters, 3–6 entities each) with job
    ids ``<prefix>-00000``…; deterministic for a given ``seed``. With ``methods``, document ``i`` asks for
    ``methods[i % len(methods)]`` (without: no ``method`` field, the worker's default, ``tag``)."""
    docs = []
    for i in range(n):
        k = i + seed * 7919
        f1, f2 = _FIRST[k % 20], _FIRST[(k * 7 + 3) % 20]
        l1, l2 = _LAST[(k // 20) % 20], _LAST[(k * 3 + 11) % 20]
        if l2 == l1:
            l2 = _LAST[(k * 3 + 12) % 20]
        city, city2 = _CITY[k % 18], _CITY[(k * 5 + 7) % 18]
        if city2 == city:
            city2 = _CITY[(k * 5 + 8) % 18]
        text = _TEMPLATES[k % len(_TEMPLATES)].format(
            f1=f1, l1=l1, f2=f2, l2=l2, city=city, city2=city2, org=_ORG[k % len(_ORG)],
            day=1 + k % 28, month=_MONTH[k % 12], year=1990 + k % 30,
            mail=f"{f1.lower()}.{l1.lower()}@example.org",
        )
        doc = {"job_id": f"{prefix}-{i:05d}", "language": "en", "text": text}
        if methods:
            doc["method"] = methods[i % len(methods)]
        docs.append(doc)
    return docs


def make_bad_inputs(n: int, prefix: str) -> list[tuple[str, bytes]]:
    """``n`` inputs that the detect stage must dead-letter: ``(kafka key, raw bytes)``, each unique."""
    kinds: list[Callable[[int], bytes]] = [
        lambda i: f"not json {prefix} #{i}".encode(),
        lambda i: b"\xff\xfe" + f"{prefix}-{i}".encode(),
        lambda i: orjson.dumps([prefix, i]),
        lambda i: orjson.dumps({"job_id": f"{prefix}-bad-{i:05d}", "text": 42}),
        lambda i: orjson.dumps({"job_id": f"{prefix}-bad-{i:05d}", "text": "Hola Ana.", "language": "fr"}),
        lambda i: orjson.dumps({"job_id": f"{prefix}-bad-{i:05d}", "text": "Hello Ann.", "method": "shred"}),
        lambda i: orjson.dumps({"job_id": f"{prefix}-bad-{i:05d}", "text": "   "}),
    ]
    return [(f"{prefix}-bad-{i:05d}", kinds[i % len(kinds)](i)) for i in range(n)]


# ---------------------------------------------------------------------------------------------------------
# Infrastructure: a private Redis that survives a restart, the output recorder, workers
# ---------------------------------------------------------------------------------------------------------


class PrivateRedis:
    """A ``redis-server`` of our own on ``127.0.0.1:<port>`` with an append-only file (fsync always) in a
    private directory, so :meth:`stop` then :meth:`start` keeps the tables (the fault is unavailability,
    not data loss). Never the machine's shared instance."""

    def __init__(self, port: Optional[int] = None, *, log_path: Optional[Path] = None) -> None:
        self.port = port or free_port("127.0.0.1")
        self.dir = Path(tempfile.mkdtemp(prefix="faults-redis-"))
        self.log_path = log_path or self.dir / "redis.log"
        self.proc: Optional[subprocess.Popen] = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def start(self, timeout: float = 10.0) -> "PrivateRedis":
        binary = shutil.which("redis-server")
        if binary is None:
            raise RuntimeError("redis-server is not installed (Debian package redis-server)")
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        log = open(self.log_path, "ab")
        self.proc = subprocess.Popen(
            [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "yes",
             "--appendfsync", "always", "--dir", str(self.dir), "--daemonize", "no"],
            stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
            preexec_fn=die_with_parent,
        )
        log.close()
        deadline = time.monotonic() + timeout
        while not self._ping():
            if self.proc.poll() is not None:
                raise RuntimeError(f"redis-server exited with code {self.proc.returncode} (log {self.log_path})")
            if time.monotonic() > deadline:
                raise RuntimeError(f"redis-server did not answer within {timeout:.0f} s")
            time.sleep(0.05)
        return self

    def _ping(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as s:
                s.sendall(b"PING\r\n")
                return s.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self) -> None:
        """SIGTERM (the append-only file is already on disk), SIGKILL after 5 s."""
        proc, self.proc = self.proc, None
        if proc is not None and proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=5)

    def cleanup(self) -> None:
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


class TableWriteMonitor:
    """Observes every ``SET`` under ``prefix`` on a (private) Redis with ``MONITOR``, in a thread, and
    reconnects after an outage. ``writes[key]`` = ``[(redis time, stored value bytes), ...]``."""

    def __init__(self, url: str, prefix: str) -> None:
        self.url, self.prefix = url, prefix
        self.writes: dict[str, list[tuple[float, bytes]]] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="redis-monitor", daemon=True)
        self._lock = threading.Lock()
        self.connected = threading.Event()
        #: connections lost and re-opened (Redis outages, or a MONITOR line redis-py could not parse):
        #: SETs during a reconnection are not observed
        self.reconnects = 0
        self.errors: list[str] = []

    def start(self) -> "TableWriteMonitor":
        self._thread.start()
        self.connected.wait(10)
        return self

    def _run(self) -> None:
        import redis

        while not self._stop.is_set():
            try:
                # blocking reads: redis-py's default socket_timeout (5 s) ended an idle MONITOR connection, and
                # SETs made while it reconnected were not observed (found by the 17:10 two-workers run)
                client = redis.Redis.from_url(self.url, socket_connect_timeout=1, socket_timeout=None)
                with client.monitor() as m:
                    self._monitor = m
                    self.connected.set()
                    while not self._stop.is_set():
                        self._record(m.next_command())
            except Exception as exc:  # connection lost (outage) or closed by stop(): try again
                self.connected.clear()
                if not self._stop.is_set():
                    self.reconnects += 1
                    if len(self.errors) < 10:
                        self.errors.append(type(exc).__name__)
                    time.sleep(0.2)

    def _record(self, item: dict[str, Any]) -> None:
        command = item.get("command", "")
        if not command.upper().startswith("SET "):
            return
        # redis-py unquotes the arguments; keys (prefix + {hex}:t:hex) and stored values (b"aesgcm:" + base64url)
        # have no spaces; the store's Lua scripts show their SET as a command of the "lua" client
        args = command.split(" ")
        if len(args) < 3 or not args[1].startswith(self.prefix):
            return
        with self._lock:
            self.writes.setdefault(args[1], []).append((float(item.get("time", 0.0)), args[2].encode("latin-1")))

    def stop(self) -> None:
        self._stop.set()
        m = getattr(self, "_monitor", None)
        if m is not None:
            with contextlib.suppress(Exception):
                m.connection.disconnect()
        self._thread.join(timeout=5)


@dataclass
class Out:
    """One consumed output message."""

    topic: str
    partition: int
    key: Optional[str]
    raw: bytes
    value: Any
    timestamp: float  # broker record timestamp (producer CreateTime), seconds since the epoch
    seen: float  # time.time() when consumed
    offset: int = -1


class Recorder:
    """Consumes output topics from the earliest offset (no consumer group) in the background; writes
    them as JSON lines under ``out_dir`` (one file per topic). Survives a broker restart (reconnects)."""

    def __init__(self, bootstrap: str, topics: list[str], out_dir: Optional[Path]) -> None:
        self.bootstrap, self.topics, self.out_dir = bootstrap, topics, out_dir
        self.outputs: list[Out] = []
        #: what was read before each :meth:`restart` (a broker restarted empty forgets it; the leak scan does not)
        self.earlier: list[Out] = []
        self._task: Optional[asyncio.Task] = None
        self._files: dict[str, Any] = {}
        self.error: Optional[BaseException] = None
        self.errors: list[str] = []
        self.changed = asyncio.Event()
        self._seen: set[tuple[str, int, int]] = set()

    async def start(self) -> "Recorder":
        if self.out_dir is not None:
            self.out_dir.mkdir(parents=True, exist_ok=True)
            self._files = {t: open(self.out_dir / f"{t}.jsonl", "ab") for t in self.topics}
        self._task = asyncio.create_task(self._run())
        return self

    async def _run(self) -> None:
        from aiokafka import AIOKafkaConsumer

        while True:
            consumer = AIOKafkaConsumer(
                *self.topics, bootstrap_servers=self.bootstrap, group_id=None, auto_offset_reset="earliest",
                enable_auto_commit=False, metadata_max_age_ms=1000, request_timeout_ms=10000,
            )
            try:
                await consumer.start()
                while True:
                    batch = await consumer.getmany(timeout_ms=200)
                    for records in batch.values():
                        for r in records:
                            self._add(r)
                    if batch:
                        self.changed.set()
            except asyncio.CancelledError:
                with contextlib.suppress(Exception):
                    await consumer.stop()
                raise
            except Exception as exc:  # broker gone: reconnect (offsets already read are skipped)
                self.error = exc
                self.errors.append(f"{type(exc).__name__}: {exc}"[:200])
                with contextlib.suppress(Exception):
                    await consumer.stop()
                await asyncio.sleep(0.5)

    def _add(self, r: Any) -> None:
        if (r.topic, r.partition, r.offset) in self._seen:
            return
        self._seen.add((r.topic, r.partition, r.offset))
        raw = r.value or b""
        try:
            value = orjson.loads(raw) if raw else None
        except orjson.JSONDecodeError:
            value = None
        key = r.key.decode("utf-8", "replace") if r.key is not None else None
        out = Out(r.topic, r.partition, key, raw, value, (r.timestamp or 0) / 1000.0, time.time(), r.offset)
        self.outputs.append(out)
        f = self._files.get(r.topic)
        if f is not None:
            f.write(orjson.dumps({"key": key, "partition": r.partition, "offset": r.offset, "timestamp": out.timestamp,
                                  "value": value if value is not None else {"_raw_base64": _b64(raw)}}) + b"\n")
            f.flush()

    def of(self, topic: str) -> list[Out]:
        return [o for o in self.outputs if o.topic == topic]

    def every(self, topic: str) -> list[Out]:
        """Every record of ``topic`` read since the start, across restarts (a record read again after a
        restart on the same broker counted once)."""
        seen: set[tuple[int, int, bytes]] = set()
        out = []
        for o in self.earlier + self.outputs:
            if o.topic == topic and (o.partition, o.offset, o.raw) not in seen:
                seen.add((o.partition, o.offset, o.raw))
                out.append(o)
        return out

    async def restart(self) -> None:
        """After a broker restart: forget what was read and consume again from the earliest offsets with a
        new consumer (an existing one keeps fetching at its old positions, past the end of the new, empty
        topics, and Tansu does not answer OFFSET_OUT_OF_RANGE)."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        self.earlier.extend(self.outputs)
        self.outputs.clear()
        self._seen.clear()
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
            self._task = None
        for f in self._files.values():
            f.close()
        self._files.clear()


def _b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode("ascii")


async def ensure_topics(bootstrap: str, topics: list[str], partitions: int) -> None:
    """:func:`anontools.devtools.demo.ensure_topics` with a shorter admin timeout (brokers come and go here)."""
    from anontools.devtools.demo import ensure_topics as _ensure

    await _ensure(bootstrap, topics, partitions, request_timeout_ms=10000)


class Publisher:
    """One producer; ``send`` publishes ``(key, raw)`` pairs one record per batch (RELIABILITY.md, "What Tansu cannot do": Tansu's
    ListOffsets is wrong for multi-record batches) and returns each record's partition."""

    def __init__(self, bootstrap: str) -> None:
        self.bootstrap = bootstrap
        self._producer: Any = None

    async def start(self) -> "Publisher":
        from aiokafka import AIOKafkaProducer

        self._producer = AIOKafkaProducer(bootstrap_servers=self.bootstrap, acks="all", linger_ms=0,
                                          max_batch_size=16384, request_timeout_ms=15000)
        await self._producer.start()
        return self

    async def send(self, topic: str, items: list[tuple[Optional[str], bytes]], *, patience: float = 120.0) -> list[int]:
        """Publish each record, retrying one that the broker did not acknowledge (unreachable broker: a
        ``KafkaError`` such as ``NodeNotReadyError``) every second for up to ``patience`` seconds, as a
        producing application would; the last error is raised after that."""
        from aiokafka.errors import KafkaError

        partitions: list[int] = []
        for key, raw in items:
            deadline = time.monotonic() + patience
            while True:
                try:
                    meta = await self._producer.send_and_wait(topic, raw, key=key.encode("utf-8") if key else None)
                    break
                except KafkaError:
                    if time.monotonic() > deadline:
                        raise
                    await asyncio.sleep(1.0)
            partitions.append(meta.partition)
        return partitions

    async def stop(self) -> None:
        if self._producer is not None:
            with contextlib.suppress(Exception):
                await self._producer.stop()
            self._producer = None


# ---------------------------------------------------------------------------------------------------------
# The environment of a scenario
# ---------------------------------------------------------------------------------------------------------


@dataclass
class FaultEnv:
    """What a scenario runs against.

    Args:
        bootstrap: the broker (``host:port``) — ``None``: the scenario starts its own Tansu.
        redis_url: the Redis of the tables — ``None``: a :class:`PrivateRedis` (required by ``redis-down``).
        key_prefix: Redis key prefix of this run's tables (deleted at the end when ``cleanup_keys``).
        table_keys: Fernet key(s) of the workers (``ANON_TABLE_KEYS``); default a fresh one.
        work_dir: logs and topic dumps.
        topic_prefix: prefix of every topic name (isolates a run on a shared broker); ``""`` = default names.
        worker_env: more environment variables for the workers.
        ready_timeout: seconds a worker may take to become ready (model loading).
        detection: ``full`` (the NER model and every pattern, as in production), ``patterns`` (no NER model:
            patterns, gazetteer and rules only — fast, and runs where no model is installed) or ``auto``
            (``full`` when an English model can be found, else ``patterns``).
    """

    work_dir: Path
    bootstrap: Optional[str] = None
    redis_url: Optional[str] = None
    key_prefix: str = ""
    table_keys: str = ""
    topic_prefix: str = ""
    worker_env: dict[str, str] = field(default_factory=dict)
    ready_timeout: float = 300.0
    cleanup_keys: bool = True
    detection: str = "auto"
    log: Callable[[str], None] = lambda msg: print(msg, flush=True)

    def __post_init__(self) -> None:
        if not self.key_prefix:
            self.key_prefix = f"faults:{uuid.uuid4().hex[:10]}:"
        if not self.table_keys:
            from app.crypto import generate_key

            self.table_keys = generate_key()

    def detection_env(self) -> dict[str, str]:
        """``ANON_DETECTION_CONFIG`` pointing at a patterns-only configuration when detection is ``patterns``."""
        mode = self.detection
        if mode == "auto":
            mode = "full" if english_model_available() else "patterns"
            self.detection = mode
        if mode == "full":
            return {}
        if mode != "patterns":
            raise ValueError(f"unknown detection mode {mode!r} (full, patterns or auto)")
        from app.detection.config import load_config

        recognizers = [r for r in load_config()["*"]["recognizers"] if r != "stanza"]
        path = self.work_dir / "detection-patterns-only.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"*": {"recognizers": recognizers}}), "utf-8")
        return {"ANON_DETECTION_CONFIG": str(path)}

    def topics_env(self) -> dict[str, str]:
        if not self.topic_prefix:
            return {}
        names = {"DOCUMENTS": "documents", "DETECTED": "documents.detected", "RESOLVED": "documents.resolved",
                 "TRANSLATION_REQUESTS": "translation.requests", "TRANSLATION_RESULTS": "translation.results",
                 "REIDENTIFIED": "translation.reidentified", "DEAD_LETTER": "documents.dead-letter",
                 "ERASE": "jobs.erase", "ERASED": "jobs.erased"}
        return {f"ANON_TOPIC_{k}": self.topic_prefix + v for k, v in names.items()}


class Run:
    """The live objects of one scenario run (broker, Redis, workers, recorder), stopped by :meth:`close`."""

    def __init__(self, env: FaultEnv, name: str) -> None:
        self.env = env
        self.name = name
        self.dir = env.work_dir
        self.dir.mkdir(parents=True, exist_ok=True)
        self.broker: Optional[TansuBroker] = None
        self.redis: Optional[PrivateRedis] = None
        self.bootstrap = env.bootstrap or ""
        self.redis_url = env.redis_url or ""
        self.workers: list[WorkerProcess] = []
        self.recorder: Optional[Recorder] = None
        self.monitor: Optional[TableWriteMonitor] = None
        self.publisher: Optional[Publisher] = None
        self.settings: Optional[Settings] = None
        self.t0 = time.time()
        self.events: list[dict[str, Any]] = []

    # --- set-up --------------------------------------------------------------------------------------
    def start_broker(self, port: Optional[int] = None) -> None:
        self.broker = TansuBroker(port, log_path=self.dir / "tansu.log")
        self.broker.start()
        self.bootstrap = self.broker.bootstrap

    def start_redis(self, monitor: bool = True) -> None:
        if not self.redis_url:
            self.redis = PrivateRedis(log_path=self.dir / "redis.log").start()
            self.redis_url = self.redis.url
        if monitor and self.redis is not None:
            self.monitor = TableWriteMonitor(self.redis_url, self.env.key_prefix).start()

    def worker_env(self) -> dict[str, str]:
        """The ``ANON_*`` variables of this run's workers; also the settings of the run's own table reads when
        :meth:`start_io` comes before the first worker (the HMAC secret the workers derive, explicitly: without
        it those reads failed with ``KeyError_``, as broker-down's part (c) did)."""
        return {
            "ANON_TABLE_KEY_PREFIX": self.env.key_prefix,
            "ANON_TABLE_TTL_SECONDS": "3600",
            "ANON_TABLE_KEYS": self.env.table_keys,
            "ANON_TABLE_HMAC_SECRET": derived_hmac_secret(self.env.table_keys),
            "ANON_TABLE_KEYS_FILE": "",
            "ANON_PRELOAD_LANGUAGES": "en",
            **self.env.detection_env(),
            **self.env.topics_env(),
            **self.env.worker_env,
        }

    def new_worker(self, app_id: str, label: str, broker_url: Optional[str] = None,
                   env: Optional[dict[str, str]] = None) -> WorkerProcess:
        """Start a worker of ``app_id`` (log ``worker-<label>.log``) with :meth:`worker_env` and ``env``."""
        proc = WorkerProcess(broker_url=broker_url or f"kafka://{self.bootstrap}", redis_url=self.redis_url,
                             app_id=app_id, log_path=self.dir / f"worker-{label}.log",
                             extra_env={**self.worker_env(), **(env or {})}, cwd=self.dir / f"cwd-{label}")
        self.workers.append(proc)
        proc.start()
        if self.settings is None:
            self.settings = settings_for(proc)
        self.event(f"worker {label} started (pid {proc.proc.pid})")
        return proc

    async def start_io(self, topics: Optional[list[str]] = None) -> None:
        s = self.settings or Settings(**_overrides(self.worker_env()))
        self.settings = s
        outs = topics or [s.topic_detected, s.topic_translation_requests, s.topic_reidentified, s.topic_dead_letter]
        await ensure_topics(self.bootstrap, [s.topic_documents, s.topic_translation_results, s.topic_resolved, *outs],
                            s.topic_partitions)
        self.recorder = await Recorder(self.bootstrap, outs, self.dir / "topics").start()
        self.publisher = await Publisher(self.bootstrap).start()

    async def wait_ready(self, worker: WorkerProcess, timeout: Optional[float] = None) -> float:
        """Round-trip a probe document through ``worker``'s pipeline; returns the seconds it took."""
        s = self.settings
        assert s is not None and self.publisher is not None and self.recorder is not None
        t = time.monotonic()
        job = f"probe-{uuid.uuid4().hex[:10]}"
        await self.publisher.send(s.topic_documents, [(job, orjson.dumps(
            {"job_id": job, "language": "en", "text": "The probe was sent from Lisbon by Maria Santos."}))])
        limit = timeout or self.env.ready_timeout
        while not any(o.key == job for o in self.recorder.of(s.topic_translation_requests)):
            worker.check_alive()
            dead = [o.value for o in self.recorder.of(s.topic_dead_letter) if o.key == job]
            if dead:
                raise RuntimeError(f"the probe document was dead-lettered: {dead[0].get('reason')}")
            if time.monotonic() - t > limit:
                raise TimeoutError(f"worker not ready after {limit:.0f} s; log tail:\n{worker.log_tail()}")
            await asyncio.sleep(0.25)
        return time.monotonic() - t

    def event(self, what: str) -> float:
        now = time.time()
        self.events.append({"t": round(now - self.t0, 2), "event": what})
        self.env.log(f"  [{now - self.t0:7.1f} s] {what}")
        return now

    async def close(self) -> None:
        if self.publisher is not None:
            await self.publisher.stop()
        if self.recorder is not None:
            await self.recorder.stop()
        if self.monitor is not None:
            self.monitor.stop()
        for w in reversed(self.workers):
            await asyncio.to_thread(w.stop, 10.0)
        if self.env.cleanup_keys and self.redis_url and (self.redis is None or self.redis.running):
            with contextlib.suppress(Exception):
                await asyncio.to_thread(_delete_prefix, self.redis_url, self.env.key_prefix)
        if self.redis is not None:
            self.redis.cleanup()
        if self.broker is not None:
            self.broker.stop()


def english_model_available() -> bool:
    """Whether the worker would find an English NER model (without loading it)."""
    try:
        from app.detection.stanza_ner import resolve_model

        resolve_model("en", os.environ.get("ANON_NER_MODEL_DIR") or None)
        return True
    except Exception:
        return False


def _overrides(env: dict[str, str]) -> dict[str, str]:
    out = {k[len("ANON_"):].lower(): v for k, v in env.items() if k.startswith("ANON_") and k != "ANON_SETTINGS_FILE"}
    return {k: v for k, v in out.items() if k in Settings.model_fields}


def settings_for(proc: WorkerProcess) -> Settings:
    """The settings a worker runs with (its ``ANON_*`` variables over the defaults)."""
    return Settings(**_overrides(proc.env))


def _delete_prefix(url: str, prefix: str) -> None:
    import redis

    client = redis.Redis.from_url(url, socket_timeout=5)
    try:
        keys = list(client.scan_iter(match=prefix + "*", count=1000))
        for i in range(0, len(keys), 500):
            client.delete(*keys[i : i + 500])
    finally:
        client.close()


# ---------------------------------------------------------------------------------------------------------
# Accounting
# ---------------------------------------------------------------------------------------------------------


@dataclass
class Input:
    """One published input and what became of it."""

    key: Optional[str]
    raw: bytes
    job_id: Optional[str]
    expect: str  # "request" | "dead_letter" | "reidentified"
    topic: str
    partition: int = -1
    text: Optional[str] = None
    requests: list[Out] = field(default_factory=list)
    dead_letters: list[Out] = field(default_factory=list)
    results: list[Out] = field(default_factory=list)

    @property
    def outputs(self) -> list[Out]:
        return self.results if self.expect == "reidentified" else self.requests

    @property
    def answered(self) -> bool:
        return bool(self.outputs or self.dead_letters)

    @property
    def first_answer(self) -> Optional[float]:
        times = [o.timestamp for o in self.outputs + self.dead_letters]  # when the worker produced it
        return min(times) if times else None


def match(inputs: list[Input], rec: Recorder, s: Settings) -> None:
    """Attach the outputs and dead letters of the recorder to the inputs (requests and re-identified
    documents by job id; dead letters by job id or, without one, by the original bytes)."""
    by_job: dict[str, list[Input]] = {}
    by_raw: dict[str, Input] = {}
    for i in inputs:
        i.requests, i.dead_letters, i.results = [], [], []
        if i.job_id:
            by_job.setdefault(i.job_id, []).append(i)
        by_raw[_b64(i.raw)] = i
    for o in rec.outputs:
        v = o.value if isinstance(o.value, dict) else {}
        if o.topic == s.topic_translation_requests:
            for i in by_job.get(v.get("job_id") or "", []):
                if i.expect == "request":
                    i.requests.append(o)
        elif o.topic == s.topic_reidentified:
            for i in by_job.get(v.get("job_id") or "", []):
                if i.expect == "reidentified":
                    i.results.append(o)
        elif o.topic == s.topic_dead_letter:
            target = by_raw.get(v.get("payload_base64") or "")
            if target is not None:
                target.dead_letters.append(o)
                continue
            reverse = v.get("stage") == "reidentify"
            for i in by_job.get(v.get("job_id") or "", []):
                if (i.expect == "reidentified") == reverse:
                    i.dead_letters.append(o)


def account(inputs: list[Input]) -> dict[str, Any]:
    """The figures of a run: outputs, dead letters, duplicates and whether identical, lost, conflicting,
    wrong outcome (a good document dead-lettered or a bad one accepted)."""
    outputs = sum(1 for i in inputs if i.outputs)
    dead = sum(1 for i in inputs if i.dead_letters and not i.outputs)
    dup_msgs = sum(max(0, len(i.outputs) - 1) + max(0, len(i.dead_letters) - 1) for i in inputs)
    dup_inputs = [i for i in inputs if len(i.outputs) > 1 or len(i.dead_letters) > 1]
    identical = all(len({o.raw for o in i.outputs}) <= 1 and len({_dl_core(o) for o in i.dead_letters}) <= 1
                    for i in dup_inputs)
    lost = [i for i in inputs if not i.answered]
    conflicting = [i for i in inputs if i.outputs and i.dead_letters]
    wrong = [i for i in inputs if i.answered and not (i.outputs and i.dead_letters)
             and ((i.expect == "dead_letter") != bool(i.dead_letters))]
    return {
        "sent": len(inputs),
        "outputs": outputs,
        "dead_letters": dead,
        "duplicates": dup_msgs,
        "inputs_with_duplicates": len(dup_inputs),
        "duplicates_identical": identical,
        "lost": len(lost),
        "conflicting": len(conflicting),
        "wrong_outcome": len(wrong),
        "lost_examples": [i.job_id or i.key for i in lost[:10]],
        "wrong_examples": [i.job_id or i.key for i in wrong[:10]],
    }


def _dl_core(o: Out) -> bytes:
    v = o.value if isinstance(o.value, dict) else {}
    return orjson.dumps([v.get("stage"), v.get("reason"), v.get("payload_base64")])


def recovery(inputs: list[Input], since: float) -> dict[str, Optional[float]]:
    """``recovery_s``: from ``since`` until every input partition with documents unanswered at ``since``
    produced an answer after ``since``; ``catch_up_s``: from ``since`` until every input was answered."""
    pending_parts: dict[int, list[float]] = {}
    for i in inputs:
        fa = i.first_answer
        if fa is None or fa >= since:
            pending_parts.setdefault(i.partition, [])
            if fa is not None:
                pending_parts[i.partition].append(fa)
    rec = None
    if pending_parts and all(pending_parts.values()):
        rec = max(min(ts) for ts in pending_parts.values()) - since
    answers = [i.first_answer for i in inputs]
    catch = None if any(a is None for a in answers) else max(0.0, max(a for a in answers if a is not None) - since)
    return {"recovery_s": None if rec is None else round(max(rec, 0.0), 2),
            "catch_up_s": None if catch is None else round(catch, 2)}


async def check_tables(run: Run, inputs: list[Input], *, monitor: Optional[TableWriteMonitor] = None) -> dict[str, Any]:
    """Every request's table loads (decrypts) from Redis and restores the original text exactly from the
    anonymized text; with a :class:`TableWriteMonitor`, every write of one job's table wrote the same
    table, and the first write came before the job's first request."""
    from app.crypto import TableCipher, associated_data
    from app.reidentification.reidentify import reidentify
    from app.store import TableStore

    s = run.settings
    assert s is not None
    store = TableStore.from_settings(s.model_copy(update={"redis_url": run.redis_url}))
    cipher = TableCipher([k for k in run.env.table_keys.split(",") if k])
    checked = missing = inexact = 0
    bad_examples: list[str] = []
    try:
        for i in inputs:
            if not i.requests or not i.job_id:
                continue
            checked += 1
            table = await store.load(i.job_id, i.requests[0].value.get("anonymization_id"))
            if table is None:
                missing += 1
                bad_examples.append(f"{i.job_id}: no table")
                continue
            request = i.requests[0].value
            if i.text is not None and reidentify(request["text"], table).text != i.text:
                inexact += 1
                bad_examples.append(f"{i.job_id}: round trip not exact")
    finally:
        await store.close()
    out: dict[str, Any] = {"tables_checked": checked, "tables_missing": missing, "roundtrip_inexact": inexact,
                           "table_problems": bad_examples[:10]}
    if monitor is not None:
        writes = dict(monitor.writes)
        rewritten = differing = before = unobserved = 0
        before_examples: list[str] = []
        for i in inputs:
            if not i.requests or not i.job_id:
                continue
            aid = i.requests[0].value.get("anonymization_id") or ""
            key = store.key(i.job_id, aid)
            w = writes.get(key, [])
            if len(w) > 1:
                rewritten += 1
                ad = associated_data(store.hasher.job_hash(i.job_id), aid)
                if len({cipher.decrypt(v, ad) for _, v in w}) > 1:
                    differing += 1
            first_request = min(o.timestamp for o in i.requests)
            if not w:  # the monitor saw no SET for this table (it exists: checked above)
                unobserved += 1
                before_examples.append(f"{i.job_id}: no SET observed")
            elif min(t for t, _ in w) > first_request + 0.001:
                before += 1
                before_examples.append(f"{i.job_id}: first SET {min(t for t, _ in w) - first_request:+.4f} s "
                                       "after the first request's Kafka timestamp")
        out.update({"table_writes_observed": sum(len(v) for v in writes.values()),
                    "tables_rewritten": rewritten, "rewritten_tables_identical": differing == 0,
                    "requests_before_table_write": before, "tables_without_observed_write": unobserved,
                    "monitor_reconnects": monitor.reconnects, "monitor_errors": list(monitor.errors),
                    "table_order_examples": before_examples[:10]})
    return out


async def leak_scan(run: Run, also: Optional[dict[str, Any]] = None) -> dict[str, Any]:
    """The leak scan of issue 15 over every ``translation.requests`` record the run's recorder read (copies
    included, across broker restarts: :meth:`Recorder.every`): each record's anonymized text against the
    originals detected for its job — the entity texts of the job's ``documents.detected`` records and the
    originals of the job's tables of solutions named by its requests (loaded and decrypted from Redis) — with
    :func:`anontools.devtools.leaks.scan_records` (case-insensitive, whitespace-normalized, whole words).

    Args:
        also: the ``leak_scan`` figures of another run of the same scenario (``broker-down``'s part (c)),
            added to these.

    Returns:
        :meth:`anontools.devtools.leaks.LeakScan.to_dict` plus ``records_per_method`` (requests per method) and
        ``tables_missing`` (requests whose table was not found).
    """
    from app.store import TableStore

    s, recorder = run.settings, run.recorder
    assert s is not None and recorder is not None
    requests = [o.value for o in recorder.every(s.topic_translation_requests) if isinstance(o.value, dict)
                and isinstance(o.value.get("job_id"), str) and isinstance(o.value.get("text"), str)]
    originals: dict[str, set[str]] = {}
    for o in recorder.every(s.topic_detected):
        v = o.value if isinstance(o.value, dict) else {}
        if isinstance(v.get("job_id"), str) and isinstance(v.get("entities"), list):
            originals.setdefault(v["job_id"], set()).update(
                e["text"] for e in v["entities"] if isinstance(e, dict) and isinstance(e.get("text"), str))
    store = TableStore.from_settings(s.model_copy(update={"redis_url": run.redis_url}))
    missing = 0
    try:
        for key in {(r["job_id"], r.get("anonymization_id")) for r in requests}:
            table = await store.load(*key)
            if table is None:
                missing += 1
            else:
                originals.setdefault(key[0], set()).update(table.originals())
    finally:
        await store.close()
    scan = scan_records(((r["job_id"], r["text"]) for r in requests), lambda job: originals.get(job, ()))
    methods: dict[str, int] = {}
    for r in requests:
        methods[str(r.get("method"))] = methods.get(str(r.get("method")), 0) + 1
    if also:
        scan = scan.add(LeakScan.from_dict(also))
        missing += also.get("tables_missing", 0)
        for m, k in also.get("records_per_method", {}).items():
            methods[m] = methods.get(m, 0) + k
    return {**scan.to_dict(), "records_per_method": dict(sorted(methods.items())), "tables_missing": missing}


def _leak_checks(scan: dict[str, Any], problems: list[str]) -> None:
    if scan["leaks"]:
        problems.append(f"leak scan: {scan['leaks']} detected originals in clear in translation.requests "
                        f"(jobs {scan['leaking_jobs']})")
    if scan["records"] and not scan["originals_checked"]:
        problems.append("leak scan: no original known for any translation request (nothing was checked)")


# ---------------------------------------------------------------------------------------------------------
# Scenarios
# ---------------------------------------------------------------------------------------------------------


@dataclass
class ScenarioResult:
    scenario: str
    documents: int
    ok: bool
    figures: dict[str, Any]
    problems: list[str]
    events: list[dict[str, Any]]
    seconds: float
    log_files: list[str]

    def to_dict(self) -> dict[str, Any]:
        return {"scenario": self.scenario, "documents": self.documents, "ok": self.ok, "problems": self.problems,
                **self.figures, "seconds": round(self.seconds, 1), "events": self.events, "log_files": self.log_files,
                "date": time.strftime("%Y-%m-%d %H:%M:%S %Z"), "loadavg": _loadavg(), "cpu_count": os.cpu_count(),
                "machine": platform.machine()}


def _loadavg() -> Optional[list[float]]:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return None


def _inputs_for(docs: list[dict[str, Any]], bad: list[tuple[str, bytes]], topic: str) -> list[Input]:
    inputs = [Input(d["job_id"], orjson.dumps(d), d["job_id"], "request", topic, text=d["text"]) for d in docs]
    for key, raw in bad:
        try:
            v = orjson.loads(raw)
        except orjson.JSONDecodeError:
            v = None
        job = v.get("job_id") if isinstance(v, dict) and isinstance(v.get("job_id"), str) else None
        inputs.append(Input(key, raw, job, "dead_letter", topic))
    return inputs


def _interleave(inputs: list[Input]) -> list[Input]:
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


def _log_count(paths: list[Path], needle: str) -> int:
    n = 0
    for p in paths:
        with contextlib.suppress(OSError):
            n += p.read_text("utf-8", errors="replace").count(needle)
    return n


def _log_lines(paths: list[Path], pattern: str, limit: int = 8) -> list[str]:
    rx = re.compile(pattern)
    out: list[str] = []
    for p in paths:
        with contextlib.suppress(OSError):
            for line in p.read_text("utf-8", errors="replace").splitlines():
                if rx.search(line):
                    out.append(line.strip()[:300])
    # first and last few
    return out if len(out) <= limit else out[: limit // 2] + ["..."] + out[-limit // 2 :]


def _common_checks(fig: dict[str, Any], problems: list[str], *, allow_wrong: bool = False) -> None:
    if fig["lost"]:
        problems.append(f"{fig['lost']} inputs lost: {fig['lost_examples']}")
    if fig["conflicting"]:
        problems.append(f"{fig['conflicting']} inputs have both an output and a dead letter")
    if not fig["duplicates_identical"]:
        problems.append("duplicates are not identical")
    if fig["wrong_outcome"] and not allow_wrong:
        problems.append(f"{fig['wrong_outcome']} inputs with the wrong outcome: {fig['wrong_examples']}")
    for name in ("tables_missing", "roundtrip_inexact"):
        if fig.get(name):
            problems.append(f"{name} = {fig[name]}: {fig.get('table_problems')}")
    if fig.get("requests_before_table_write"):
        problems.append(f"requests_before_table_write = {fig['requests_before_table_write']}: "
                        f"{fig.get('table_order_examples')}")
    # a table that exists but whose SET the MONITOR connection did not see: its order cannot be checked;
    # reported as a figure (tables_without_observed_write), not a failure
    if fig.get("rewritten_tables_identical") is False:
        problems.append("a table was rewritten with a different content")


async def _start(run: Run, kind: str, workers: int = 1, *, label: str = "") -> tuple[str, str, list[WorkerProcess]]:
    """The prologue of a scenario: start the (private, ``MONITOR``-observed) Redis, ``workers`` workers of
    one new app id ``faults-<kind>-<hex>`` (labelled ``1``, ``2``…), the topics, the output recorder and the
    publisher; wait until the first worker round-trips a probe document and log ``<label> ready (N s)``
    (``label`` default: ``worker`` or ``workers``).

    Returns:
        ``(app_id, prefix, workers)``: ``prefix`` (``<kind>-<hex>``) starts the job ids of the scenario's
        documents (:func:`_stream`).
    """
    run.start_redis()
    app_id = f"faults-{kind}-{uuid.uuid4().hex[:6]}"
    started = [run.new_worker(app_id, str(k + 1)) for k in range(workers)]
    await run.start_io()
    ready = await run.wait_ready(started[0])
    run.event(f"{label or ('worker' if workers == 1 else 'workers')} ready ({ready:.1f} s)")
    return app_id, f"{kind}-{uuid.uuid4().hex[:6]}", started


def _stream(run: Run, n: int, prefix: str) -> list[Input]:
    """The main input stream of a scenario: ``n`` documents (job ids ``<prefix>-00000``…) for the
    ``documents`` topic with 2 % bad inputs (at least one, which must become dead letters) spread evenly
    among them."""
    assert run.settings is not None
    return _interleave(_inputs_for(make_documents(n, prefix, methods=STREAM_METHODS),
                                   make_bad_inputs(max(1, n // 50), prefix),
                                   run.settings.topic_documents))


async def scenario_kill(run: Run, n: int, *, timeout: float) -> tuple[dict[str, Any], list[str]]:
    """SIGKILL the worker in the middle of the stream, restart it, account."""
    problems: list[str] = []
    app_id, prefix, (w1,) = await _start(run, "kill", label="worker 1")
    inputs = _stream(run, n, prefix)
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
    complete = await wait_answered(run, inputs, timeout=timeout, alive=[w2])
    run.event(f"all answered: {complete}")
    await settle(run, 5)
    match(inputs, run.recorder, run.settings)
    fig = account(inputs)
    fig.update({"answered_at_fault": answered_at_kill, "publish_s": round(t_kill - t_pub, 2)})
    rec = recovery(inputs, t_kill)
    fig.update({"recovery_s_from_kill": rec["recovery_s"], "catch_up_s_from_kill": rec["catch_up_s"],
                "restart_to_first_output_s": _first_after(inputs, t_restart)})
    fig.update(await check_tables(run, inputs, monitor=run.monitor))
    _common_checks(fig, problems)
    return fig, problems


def _first_after(inputs: list[Input], since: float) -> Optional[float]:
    ts = [o.timestamp for i in inputs for o in i.outputs + i.dead_letters if o.timestamp >= since]
    return round(min(ts) - since, 2) if ts else None


async def scenario_two_workers(run: Run, n: int, *, timeout: float) -> tuple[dict[str, Any], list[str]]:
    """Two workers of one app id; one stopped (SIGTERM) under load; the other takes over."""
    problems: list[str] = []
    _, prefix, (w1, w2) = await _start(run, "two", workers=2)
    # both must be in the group before the load starts: wait for the second one's model loading
    await _wait_log(w2, "worker ready", timeout=run.env.ready_timeout)
    await _wait_log(w1, "worker ready", timeout=run.env.ready_timeout)
    await asyncio.sleep(8)  # the rebalance that brings the second member in
    inputs = _stream(run, n, prefix)
    run.event(f"publishing {len(inputs)} inputs (in the background)")
    pub = asyncio.create_task(publish(run, inputs, over=STREAM_SECONDS))
    if not await wait_answered(run, inputs, fraction=0.35, timeout=timeout, alive=[w1, w2]):
        problems.append("not even a third of the inputs answered before the stop")
    answered = sum(i.answered for i in inputs)
    t_stop = run.event(f"stopping worker 2 (SIGTERM) with {answered}/{len(inputs)} answered")
    code = await asyncio.to_thread(w2.stop, 30.0)
    t_stopped = run.event(f"worker 2 stopped (exit code {code})")
    await pub
    complete = await wait_answered(run, inputs, timeout=timeout, alive=[w1])
    run.event(f"all answered: {complete}")
    await settle(run, 5)
    match(inputs, run.recorder, run.settings)
    fig = account(inputs)
    rec = recovery(inputs, t_stopped)  # from the moment worker 2 is gone: worker 1 must take its partitions
    fig.update({"answered_at_fault": answered, "stop_s": round(t_stopped - t_stop, 2),
                "recovery_s_from_stop": rec["recovery_s"], "catch_up_s_from_stop": rec["catch_up_s"],
                "worker_2_exit_code": code,
                "partitions_assigned_log_lines": _log_count([w1.log_path, w2.log_path], "newly assigned partitions"),
                "rebalances_worker_1": _log_count([w1.log_path], "(Re-)joining group")})
    # worker 2 must have had partitions (otherwise the scenario proves nothing)
    fig["worker_2_had_partitions"] = _had_partitions(w2.log_path, run.settings.topic_documents)
    if fig["worker_2_had_partitions"] is False:
        problems.append("worker 2 never had a partition of the documents topic")
    fig.update(await check_tables(run, inputs, monitor=run.monitor))
    _common_checks(fig, problems)
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


async def scenario_redis_down(run: Run, n: int, *, timeout: float, outage: float = 30.0) -> tuple[dict[str, Any], list[str]]:
    """The Redis of the tables stopped for ``outage`` seconds under load, then restarted (same data); phase 2:
    stopped again and the worker killed during the outage; phase 3 (:func:`_reverse_path_outage`): stopped
    while translations of known jobs arrive on the reverse path."""
    problems: list[str] = []
    if run.env.redis_url:
        raise ValueError("redis-down needs a private Redis (FaultEnv.redis_url must be None)")
    app_id, prefix, (w1,) = await _start(run, "redis")
    assert run.redis is not None
    inputs = _stream(run, n, prefix)
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
    retry_lines = _log_count(logs, "redis unavailable")
    recovered_lines = _log_count(logs, "redis reachable again")
    log_examples = _log_lines(logs, r"redis (unavailable|reachable)")
    # phase 2: the worker is killed while Redis is down. The documents held by the anonymize agent had no
    # table yet; their offsets must not have been committed, so the restarted worker processes them again.
    phase2 = _inputs_for(make_documents(max(4, n // 4), prefix + "k", seed=3, methods=STREAM_METHODS), [],
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
        "first_output_after_restart_s": _first_after(inputs, t_up),
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
    _common_checks(fig, problems)
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
        "phase3_first_output_after_restart_s": _first_after(inputs, t_up),
        "phase3_catch_up_s_from_restart": recovery(inputs, t_up)["catch_up_s"],
        "phase3_log_retry_lines": _log_count(logs, "retrying table read"),
        "phase3_log_recovered_lines": _log_count(logs, "failed attempts (table read)"),
        "phase3_log_examples": _log_lines(logs, r"redis (unavailable|reachable).*table read"),
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
    start_log = _log_lines([w1.log_path], r"(?i)(unable|KafkaConnectionError|error)", limit=6)
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
    phase_a = _inputs_for(make_documents(max(1, n // 2), prefix + "a", methods=STREAM_METHODS), [],
                          run.settings.topic_documents)
    await publish(run, phase_a)
    complete_a = await wait_answered(run, phase_a, timeout=timeout, alive=[w1])
    run.event(f"phase a: {sum(i.answered for i in phase_a)}/{len(phase_a)} answered")
    match(phase_a, run.recorder, run.settings)
    fig_a = account(phase_a)
    fig_a.update(await check_tables(run, phase_a))
    # (b) the broker dies in the middle of a stream and comes back empty
    phase_b = _inputs_for(make_documents(max(1, n // 4), prefix + "b", seed=1, methods=STREAM_METHODS), [],
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
    phase_c = _inputs_for(make_documents(max(1, n // 4), prefix + "c", seed=2, methods=STREAM_METHODS), [],
                          s.topic_documents)
    await publish(run, phase_c)
    run.event(f"phase c: {len(phase_c)} documents published to the new broker; watching until no progress "
              f"for {stall_wait:.0f} s")
    await wait_progress(run, phase_c, stall=stall_wait, timeout=timeout)
    match(phase_c, run.recorder, run.settings)
    processed_by_running_worker = sum(i.answered for i in phase_c)
    alive_after = w1.running
    run.event(f"running worker (alive={alive_after}) answered {processed_by_running_worker}/{len(phase_c)}")
    resumed_s = _first_after(phase_c, t_back)
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
        again = _inputs_for([orjson.loads(i.raw) for i in lost_b + phase_c], [],
                            s.topic_documents)
    else:
        run.event(f"the running worker resumed on the new broker; republishing the {len(lost_b)} documents "
                  "lost with the old broker")
        again = _inputs_for([orjson.loads(i.raw) for i in lost_b], [],
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
    first_after = min((i.first_answer for i in again if i.first_answer), default=None)
    logs = [w.log_path for w in run.workers]
    fig: dict[str, Any] = {
        "startup_without_broker": {
            "watched_s": startup_wait,
            "worker_alive_without_broker": alive_without_broker,
            "worker_exited_after_s": exited_after,
            "worker_exit_code": exit_code,
            "worker_restarted_by_us": restarted_worker,
            "broker_start_to_first_output_s": _first_after(phase_a, t_broker),
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
            "procedure_to_first_output_s": (None if first_after is None or ready_c is None
                                            else round(first_after - t_proc, 2)),
            "log_examples": _log_lines(logs, r"(?i)(Unable connect|OffsetCommit failed|crashed|"
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
        _common_checks(part, sub)
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


class TcpProxy:
    """A loopback TCP relay ``127.0.0.1:port`` → ``127.0.0.1:target`` whose :meth:`cut` closes the listening
    socket and aborts every relayed connection (the broker becomes unreachable, as in a network partition or
    a broker host going down, while the broker process keeps its data), and :meth:`restore` listens again."""

    def __init__(self, target: int, port: Optional[int] = None) -> None:
        self.target = target
        self.port = port or free_port("127.0.0.1")
        self._server: Optional[asyncio.AbstractServer] = None
        self._conns: set[asyncio.StreamWriter] = set()

    async def start(self) -> "TcpProxy":
        self._server = await asyncio.start_server(self._handle, "127.0.0.1", self.port, reuse_address=True)
        return self

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target)
        except OSError:
            writer.transport.abort()
            return
        self._conns.update((writer, up_writer))

        async def pipe(r: asyncio.StreamReader, w: asyncio.StreamWriter) -> None:
            try:
                while data := await r.read(65536):
                    w.write(data)
                    await w.drain()
            except Exception:
                pass
            finally:
                w.transport.abort()

        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))
        self._conns.difference_update((writer, up_writer))

    async def cut(self) -> None:
        if self._server is not None:
            self._server.close()
            self._server = None
        for w in list(self._conns):
            w.transport.abort()
        self._conns.clear()

    async def restore(self) -> None:
        await self.start()


def start_tansu_behind(port: int, advertised: int, log_path: Path) -> subprocess.Popen:
    """Tansu listening on ``port`` but advertising ``advertised`` (a :class:`TcpProxy`), so that every client
    connection, bootstrap and after, goes through the proxy."""
    from anontools.devtools.tansu import find_tansu_binary, wait_for_port

    log_path.parent.mkdir(parents=True, exist_ok=True)
    log = open(log_path, "ab")
    env = {k: v for k, v in os.environ.items() if k not in ("CLUSTER_ID", "LISTENER_URL", "ADVERTISED_LISTENER_URL",
                                                             "STORAGE_ENGINE")}
    env.setdefault("RUST_LOG", "warn")
    proc = subprocess.Popen(
        [str(find_tansu_binary()), "broker", "--listener-url", f"tcp://127.0.0.1:{port}",
         "--advertised-listener-url", f"tcp://127.0.0.1:{advertised}", "--storage-engine", "memory://tansu/"],
        stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True,
        preexec_fn=die_with_parent,
    )
    log.close()
    wait_for_port("127.0.0.1", port, 15.0, proc)
    return proc


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
    tansu = start_tansu_behind(direct, proxy.port, run.dir / "tansu.log")
    await proxy.start()
    try:
        run.bootstrap = f"127.0.0.1:{proxy.port}"  # workers, recorder and publisher all go through the proxy
        run.start_redis()
        app_id = f"faults-cut-{uuid.uuid4().hex[:6]}"
        await run.start_io()
        inputs = _inputs_for(make_documents(max(200, n // 4), f"cut-{uuid.uuid4().hex[:6]}", seed=4,
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
        complete = await wait_answered(run, inputs, timeout=timeout, alive=[w1])
        run.event(f"all answered: {complete}")
        await settle(run, 5)
        match(inputs, run.recorder, run.settings)
        fig = account(inputs)
        rec = recovery(inputs, t_back)
        logs = [w1.log_path]
        fig.update({
            "outage_s": outage, "answered_at_fault": answered, "worker_alive_during_outage": alive_during,
            "worker_alive_after": w1.running, "recovery_s_from_reconnect": rec["recovery_s"],
            "catch_up_s_from_reconnect": rec["catch_up_s"],
            "agent_crashes": _log_count(logs, "Crashed reason="),
            "log_examples": _log_lines(logs, r"(?i)(Unable connect|Crashed reason|KafkaTimeoutError|"
                                             r"NodeNotReady|Heartbeat failed|OffsetCommit failed)", 10),
        })
        fig.update(await check_tables(run, inputs))
        fig["leak_scan"] = await leak_scan(run)
        _common_checks(fig, problems)
        if fig["agent_crashes"]:
            problems.append(f"{fig['agent_crashes']} agent crashes during the outage (see log_examples)")
        return fig, problems
    finally:
        await proxy.cut()
        await run.close()
        tansu.kill()
        tansu.wait()


# --- poison ----------------------------------------------------------------------------------------------


def poison_messages(prefix: str) -> dict[str, list[tuple[bytes, str]]]:
    """Per input topic (default names), messages that make a stage fail and the stage that must
    dead-letter them."""
    text = "Anna Lindqvist met John Smith in London."
    detected_ok = {"job_id": "", "text": text, "language": "en", "method": "tag"}
    return {
        "documents": [
            (f"{{not json {prefix}".encode(), "detect"),
            (orjson.dumps({"job_id": f"{prefix}-p-method", "text": text, "method": "shred"}), "detect"),
            (orjson.dumps({"job_id": f"{prefix}-p-lang", "text": text, "language": "xx"}), "detect"),
            (orjson.dumps({"job_id": f"{prefix}-p-type", "text": {"nested": [text]}}), "detect"),
        ],
        "documents.detected": [
            (orjson.dumps({**detected_ok, "job_id": f"{prefix}-p-span", "entities": [
                {"start": 0, "end": 4, "label": "PERSON", "text": "John", "source": "x"}]}), "corefer"),
            (orjson.dumps({**detected_ok, "job_id": f"{prefix}-p-ent", "entities": ["Anna"]}), "corefer"),
            (orjson.dumps({**detected_ok, "job_id": f"{prefix}-p-off", "entities": [
                {"start": "zero", "end": 4, "label": "PERSON", "text": "Anna", "source": "x"}]}), "corefer"),
        ],
        "documents.resolved": [
            (orjson.dumps({**detected_ok, "job_id": f"{prefix}-p-chain", "entities": [
                {"start": 0, "end": 14, "label": "PERSON", "text": "Anna Lindqvist", "source": "x"}],
                "chains": [{"chain_id": 0, "label": "PERSON", "mentions": [5]}]}), "anonymize"),
            (orjson.dumps({**detected_ok, "job_id": f"{prefix}-p-overlap", "entities": [
                {"start": 0, "end": 14, "label": "PERSON", "text": "Anna Lindqvist", "source": "x"},
                {"start": 5, "end": 14, "label": "PERSON", "text": "Lindqvist", "source": "x"}],
                "chains": [{"chain_id": 0, "label": "PERSON", "mentions": [0]},
                           {"chain_id": 1, "label": "PERSON", "mentions": [1]}]}), "anonymize"),
            (orjson.dumps({**detected_ok, "job_id": f"{prefix}-p-chaintype", "entities": [],
                           "chains": [{"chain_id": 0, "label": "PERSON", "mentions": "all"}]}), "anonymize"),
        ],
        "translation.results": [
            (orjson.dumps({"job_id": f"{prefix}-p-unknown", "text": "[PERSON_1] met [PERSON_2].", "language": "de"}),
             "reidentify"),
            (b"\x00\x01 binary", "reidentify"),
            (orjson.dumps({"job_id": f"{prefix}-p-notext", "language": "de"}), "reidentify"),
        ],
    }


async def scenario_poison(run: Run, n: int, *, timeout: float, behind: int = 3) -> tuple[dict[str, Any], list[str]]:
    """Poison messages on every input topic, each followed by ``behind`` good messages with its key."""
    problems: list[str] = []
    _, prefix, (w1,) = await _start(run, "poison")
    s = run.settings
    assert s is not None
    topic_of = {"documents": s.topic_documents, "documents.detected": s.topic_detected,
                "documents.resolved": s.topic_resolved, "translation.results": s.topic_translation_results}
    poison = poison_messages(prefix)
    docs = iter(make_documents(max(n, 40), prefix, methods=STREAM_METHODS))
    groups: list[tuple[str, Input, str, list[Input]]] = []  # (topic, poison input, stage, good inputs behind)
    forward_inputs: list[Input] = []
    rounds = max(1, n // 40)
    t0 = time.time()
    for r in range(rounds):
        for name in ("documents", "documents.detected", "documents.resolved"):
            for k, (raw, stage) in enumerate(poison[name]):
                key = f"{prefix}-key-{name}-{r}-{k}"
                raw_r = raw if r == 0 else raw.replace(prefix.encode(), f"{prefix}r{r}".encode())
                p_in = Input(key, raw_r, _job_of(raw_r), "dead_letter", topic_of[name])
                good: list[Input] = []
                for _ in range(behind):
                    d = next(docs, None) or make_documents(1, f"{prefix}-x{len(forward_inputs)}")[0]
                    if name == "documents":
                        good.append(Input(key, orjson.dumps(d), d["job_id"], "request", topic_of[name], text=d["text"]))
                    else:
                        msg = {**d, "method": "tag", "entities": []}
                        if name == "documents.resolved":
                            msg["chains"] = []
                        good.append(Input(key, orjson.dumps(msg), d["job_id"], "request", topic_of[name],
                                          text=d["text"]))
                await publish(run, [p_in, *good], topic_of[name])
                groups.append((name, p_in, stage, good))
                forward_inputs += [p_in, *good]
    run.event(f"published {len(forward_inputs)} forward messages ({len(groups)} poison)")
    ok_forward = await wait_answered(run, forward_inputs, timeout=timeout, alive=[w1])
    # the reverse path: poison translations, then good translations of anonymized texts with the same key
    match(forward_inputs, run.recorder, run.settings)
    done = [i for i in forward_inputs if i.expect == "request" and i.requests and i.topic == s.topic_documents]
    reverse_inputs: list[Input] = []
    for k, (raw, stage) in enumerate(poison["translation.results"]):
        key = f"{prefix}-key-results-{k}"
        p_in = Input(key, raw + (b"" if raw.startswith(b"{") else str(k).encode()), None, "dead_letter",
                     s.topic_translation_results)
        p_in.job_id = _job_of(p_in.raw)
        good = []
        for _ in range(behind):
            if not done:
                break
            i = done.pop()
            req = i.requests[0].value
            t_raw = orjson.dumps({"job_id": req["job_id"], "text": req["text"], "language": "en",
                                  "anonymization_id": req["anonymization_id"]})
            good.append(Input(key, t_raw, req["job_id"], "reidentified", s.topic_translation_results, text=i.text))
        await publish(run, [p_in, *good], s.topic_translation_results)
        groups.append(("translation.results", p_in, stage, good))
        reverse_inputs += [p_in, *good]
    ok_reverse = await wait_answered(run, reverse_inputs, timeout=timeout, alive=[w1])
    run.event(f"all answered: forward {ok_forward}, reverse {ok_reverse}")
    await settle(run, 3)
    everything = forward_inputs + reverse_inputs
    match(everything, run.recorder, run.settings)
    fig = account(everything)
    per_topic: dict[str, dict[str, int]] = {}
    wrong_stage, exactly_once = [], 0
    reasons: dict[str, str] = {}
    behind_ok = 0
    behind_total = 0
    for name, p_in, stage, good in groups:
        t = per_topic.setdefault(name, {"poison": 0, "dead_letters": 0, "good_behind": 0, "good_processed": 0})
        t["poison"] += 1
        t["dead_letters"] += len(p_in.dead_letters)
        if len(p_in.dead_letters) == 1 and not p_in.outputs:
            exactly_once += 1
            v = p_in.dead_letters[0].value
            reasons[f"{name}: {_short(p_in.raw)}"] = f"{v['stage']}: {v['reason']} ({v['error_type']})"
            if v["stage"] != stage or not v.get("reason"):
                wrong_stage.append(p_in.key)
        for g in good:
            behind_total += 1
            t["good_behind"] += 1
            if g.outputs and not g.dead_letters:
                behind_ok += 1
                t["good_processed"] += 1
    exact_reverse = sum(1 for _, _, _, good in groups for g in good
                        if g.expect == "reidentified" and g.results and g.results[0].value.get("text") == g.text)
    fig.update({"poison_messages": len(groups), "poison_dead_lettered_exactly_once": exactly_once,
                "good_messages_behind_poison": behind_total, "good_behind_processed": behind_ok,
                "reverse_round_trips_exact": exact_reverse, "per_topic": per_topic, "reasons": reasons,
                "seconds_to_answer_all": round(time.time() - t0, 2), "worker_alive": w1.running,
                "worker_crash_lines": _log_count([w1.log_path], "crashed")})
    fig.update(await check_tables(run, forward_inputs))
    if exactly_once != len(groups):
        problems.append(f"only {exactly_once}/{len(groups)} poison messages dead-lettered exactly once")
    if wrong_stage:
        problems.append(f"poison dead-lettered by an unexpected stage or without reason: {wrong_stage}")
    if behind_ok != behind_total:
        problems.append(f"only {behind_ok}/{behind_total} messages behind poison processed")
    if not w1.running:
        problems.append("the worker died")
    if fig["worker_crash_lines"]:
        problems.append("an agent crashed (see the worker log)")
    _common_checks(fig, problems)
    return fig, problems


# ---------------------------------------------------------------------------------------------------------
# Stall (issue 15): hostile inputs must not delay the other documents
# ---------------------------------------------------------------------------------------------------------

#: Seconds the short documents of a window may take beyond the baseline's median (issue 15's target).
STALL_TARGET_S = 2.0


def _invented_names(n: int, length: int = 13, seed: int = 15) -> list[str]:
    """``n`` pronounceable invented names of ``length`` letters (no dictionary term: "Quorvantelmix")."""
    import random

    rng = random.Random(seed)
    consonants, vowels = "bdfgklmnprstvxz", "aeiou"
    names = []
    while len(names) < n:
        word = "".join(rng.choice(consonants if i % 2 == 0 else vowels) for i in range(length))
        names.append(word.capitalize())
    return names


def stall_inputs(prefix: str) -> list[tuple[str, dict[str, Any]]]:
    """The hostile forward-path documents of issue 15: ``[(case, document), ...]``."""
    places = _invented_names(16)
    kmask_text = "Our route: " + ", then ".join(f"from {a} to {b}" for a, b in zip(places[::2], places[1::2])) + "."
    mails = " ".join(f"m{i:04x}@x.de" for i in range(16_000))
    from app.anonymization.surrogates import name_lists

    surnames = sorted({n for n in name_lists("en").last if n.isalpha()})[:2000]
    persons = " ".join(f"Mr. {name} wrote to {name.lower()}{i}@mail.example.org." for i, name in enumerate(surnames))
    return [
        ("kmask-place-names", {"job_id": f"{prefix}-kmask", "language": "en", "method": "kmask", "text": kmask_text}),
        ("tag-16000-emails", {"job_id": f"{prefix}-tag", "language": "en", "method": "tag", "text": mails}),
        ("substitute-4000-entities", {"job_id": f"{prefix}-substitute", "language": "en", "method": "substitute",
                                      "text": persons}),
    ]


def reverse_url_input(prefix: str) -> dict[str, Any]:
    """A document with a 5,020-character URL (its translation will repeat the URL's placeholder)."""
    url = "https://example.org/" + "a" * 5000
    return {"job_id": f"{prefix}-url", "language": "en", "method": "tag", "text": f"See {url} for the details."}


def _answer(run: Run, job: str, topics: list[str]) -> Optional[Out]:
    assert run.recorder is not None
    for topic in topics:
        found = [o for o in run.recorder.of(topic) if o.key == job]
        if found:
            return found[0]
    return None


async def _wait_answer(run: Run, job: str, topics: list[str], timeout: float, worker: WorkerProcess) -> Optional[Out]:
    t = time.monotonic()
    while time.monotonic() - t < timeout:
        out = _answer(run, job, topics)
        if out is not None:
            return out
        worker.check_alive()
        await asyncio.sleep(0.2)
    return None


async def scenario_stall(run: Run, *, timeout: float, interval: float = 1.0, baseline: float = 30.0,
                         hostile: int = 0, hostile_case: str = "tag-16000-emails") -> tuple[dict, list[str]]:
    """See the module docstring (``stall``). Figures per window: the short documents published in it, the
    median and largest latency (publication → translation request, broker timestamps), and the largest
    excess over the baseline's median.

    Args:
        hostile: ``0``: the hostile inputs one after the other (one window each). ``N`` > 0: instead, ``N``
            copies of ``hostile_case`` (a case of :func:`stall_inputs`, each copy its own job id, hence its own
            lane) published at once, so that they occupy ``N`` stage processes (window ``pool-N×<case>``).
    """
    problems: list[str] = []
    run.start_redis(monitor=False)
    # every method allowed, as in the demo: the kmask case measures kmask, which the default policy refuses
    worker = run.new_worker(f"faults-stall-{uuid.uuid4().hex[:8]}", "1", env=every_method_policy())
    await run.start_io()
    s = run.settings
    assert s is not None and run.publisher is not None and run.recorder is not None
    ready_s = await run.wait_ready(worker)
    run.event(f"worker ready, probe round trip {ready_s:.1f} s")
    prefix = f"stall-{uuid.uuid4().hex[:6]}"
    normal = iter(make_documents(1_000_000, f"{prefix}-n"))
    sent: dict[str, float] = {}
    stop = asyncio.Event()

    async def background() -> None:
        while not stop.is_set():
            doc = next(normal)
            sent[doc["job_id"]] = time.time()
            await run.publisher.send(s.topic_documents, [(doc["job_id"], orjson.dumps(doc))])
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(stop.wait(), interval)

    forward_topics = [s.topic_translation_requests, s.topic_dead_letter]
    windows: list[tuple[str, float, float]] = []
    cases: dict[str, dict[str, Any]] = {}

    def outcome(out: Optional[Out], t0: float) -> dict[str, Any]:
        if out is None:
            return {"answered": False}
        v = out.value if isinstance(out.value, dict) else {}
        kind = "dead letter" if out.topic == s.topic_dead_letter else out.topic
        return {"answered": True, "answer": kind, "seconds": round(out.timestamp - t0, 2),
                **({"stage": v.get("stage"), "reason": v.get("reason"), "error_type": v.get("error_type")}
                   if kind == "dead letter" else {"output_chars": len(v.get("text") or "")})}

    stream = asyncio.create_task(background())
    loads: dict[str, Optional[list[float]]] = {}
    try:
        t0 = time.time()
        await asyncio.sleep(baseline)
        windows.append(("baseline", t0, time.time()))
        loads["baseline"] = _loadavg()
        run.event("baseline window done")
        if hostile > 0:
            cases.update(await _pool_full(run, prefix, hostile, hostile_case, windows, outcome, timeout=timeout,
                                          interval=interval, worker=worker))
            loads[windows[-1][0]] = _loadavg()
        for case, doc in stall_inputs(prefix) if hostile <= 0 else ():
            t_case = time.time()
            run.event(f"{case}: published ({len(doc['text'])} characters, method {doc['method']})")
            await run.publisher.send(s.topic_documents, [(doc["job_id"], orjson.dumps(doc))])
            out = await _wait_answer(run, doc["job_id"], forward_topics, timeout, worker)
            cases[case] = outcome(out, t_case)
            run.event(f"{case}: {cases[case]}")
            await asyncio.sleep(3 * interval)
            windows.append((case, t_case, time.time()))
        # the reverse path: a translation repeating a long original's placeholder
        doc = reverse_url_input(prefix)
        await run.publisher.send(s.topic_documents, [(doc["job_id"], orjson.dumps(doc))])
        request = await _wait_answer(run, doc["job_id"], [s.topic_translation_requests], timeout, worker)
        if request is None:
            problems.append("the document of the reverse-path case got no translation request")
        else:
            placeholder = request.value["placeholders"][0]
            translation = " ".join([placeholder] * (248_000 // (len(placeholder) + 1)))
            t_case = time.time()
            run.event(f"reverse-url-248KB: translation published ({len(translation)} characters, marks {placeholder})")
            await run.publisher.send(s.topic_translation_results, [(doc["job_id"], orjson.dumps(
                {"job_id": doc["job_id"], "text": translation, "language": "de",
                 "anonymization_id": request.value["anonymization_id"]}))])
            out = await _wait_answer(run, doc["job_id"], [s.topic_reidentified, s.topic_dead_letter], timeout, worker)
            cases["reverse-url-248KB"] = outcome(out, t_case)
            run.event(f"reverse-url-248KB: {cases['reverse-url-248KB']}")
            await asyncio.sleep(3 * interval)
            windows.append(("reverse-url-248KB", t_case, time.time()))
    finally:
        stop.set()
        await stream
    t_wait = time.monotonic()
    while time.monotonic() - t_wait < timeout:
        if all(_answer(run, job, forward_topics) is not None for job in sent):
            break
        await asyncio.sleep(0.5)
    latency: dict[str, float] = {}
    for job, t_sent in sent.items():
        out = _answer(run, job, forward_topics)
        if out is None:
            continue
        if out.topic == s.topic_dead_letter:
            problems.append(f"a short document was dead-lettered: {(out.value or {}).get('reason')}")
        latency[job] = out.timestamp - t_sent
    lost = [job for job in sent if job not in latency]
    if lost:
        problems.append(f"{len(lost)} short documents got no answer")
    import statistics

    figures: dict[str, Any] = {"short_documents": len(sent), "short_answered": len(latency), "lost": len(lost),
                               "interval_s": interval, "cases": cases, "windows": {}, "worker_alive": worker.running,
                               "target_s": STALL_TARGET_S, "stage_processes": s.stage_processes,
                               "stage_lanes": s.stage_lanes, "stage_cpu_seconds": s.stage_cpu_seconds,
                               "stage_wall_seconds": s.stage_wall_seconds, "hostile": hostile,
                               "loadavg_after_window": loads}
    base_median = None
    for name, start, end in windows:
        values = sorted(latency[j] for j, t in sent.items() if start <= t <= end and j in latency)
        if not values:
            continue
        median = statistics.median(values)
        if name == "baseline":
            base_median = median
        window = {"documents": len(values), "median_s": round(median, 2), "max_s": round(values[-1], 2),
                  # the 3 slowest: [seconds after the window opened that it was published, its latency]
                  "slowest": sorted(([round(t - start, 2), round(latency[j], 2)] for j, t in sent.items()
                                     if start <= t <= end and j in latency), key=lambda x: -x[1])[:3]}
        if base_median is not None:
            window["max_excess_s"] = round(values[-1] - base_median, 2)
            if name != "baseline" and values[-1] - base_median > STALL_TARGET_S:
                problems.append(f"{name}: a short document took {values[-1] - base_median:.2f} s longer than the "
                                f"baseline median (target {STALL_TARGET_S:g} s)")
        figures["windows"][name] = window
    for case, result in cases.items():
        if not result.get("answered"):
            problems.append(f"{case}: no answer within {timeout:g} s")
    if not worker.running:
        problems.append("the worker died")
    return figures, problems


async def _pool_full(run: Run, prefix: str, n: int, case: str, windows: list[tuple[str, float, float]],
                     outcome: Callable[[Optional[Out], float], dict[str, Any]], *, timeout: float, interval: float,
                     worker: WorkerProcess) -> dict[str, dict[str, Any]]:
    """The ``--hostile N`` window of ``stall``: ``n`` copies of the hostile ``case`` published at once (job ids
    ``<prefix>-pool-<k>``, so each takes its own lane and, up to ``stage_processes``, its own stage process);
    waits for every copy's answer, then ``3 × interval`` more; appends the window ``pool-<n>×<case>``.

    Returns:
        ``{"<case> #k": outcome}`` per copy (its answer and the seconds after publication).
    """
    s = run.settings
    assert s is not None and run.publisher is not None
    docs = dict(stall_inputs(prefix))
    if case not in docs:
        raise ValueError(f"unknown hostile case {case!r} (choose from {', '.join(docs)})")
    copies = [{**docs[case], "job_id": f"{prefix}-pool-{k}"} for k in range(n)]
    topics = [s.topic_translation_requests, s.topic_dead_letter]
    name = f"pool-{n}x{case}"
    t_case = time.time()
    run.event(f"{name}: {n} copies published at once ({len(copies[0]['text'])} characters each, method "
              f"{copies[0]['method']}; stage_processes={s.stage_processes}, stage_lanes={s.stage_lanes})")
    await run.publisher.send(s.topic_documents, [(d["job_id"], orjson.dumps(d)) for d in copies])
    answers = await asyncio.gather(*(_wait_answer(run, d["job_id"], topics, timeout, worker) for d in copies))
    results = {f"{case} #{k}": outcome(out, t_case) for k, out in enumerate(answers)}
    run.event(f"{name}: answered after {sorted(r.get('seconds') for r in results.values() if r.get('answered'))} s")
    await asyncio.sleep(3 * interval)
    windows.append((name, t_case, time.time()))
    return results


def _job_of(raw: bytes) -> Optional[str]:
    try:
        v = orjson.loads(raw)
    except orjson.JSONDecodeError:
        return None
    return v.get("job_id") if isinstance(v, dict) and isinstance(v.get("job_id"), str) else None


def _short(raw: bytes) -> str:
    v = _job_of(raw)
    return v.rsplit("-", 1)[-1] if v else repr(raw[:12])


# ---------------------------------------------------------------------------------------------------------
# Runner
# ---------------------------------------------------------------------------------------------------------


async def run_scenario(name: str, env: FaultEnv, *, documents: int = 1000, timeout: float = 900.0,
                       outage: Optional[float] = None, interval: float = 1.0, hostile: int = 0,
                       hostile_case: str = "tag-16000-emails") -> ScenarioResult:
    """Run one scenario in ``env``; always stops what it started."""
    if name not in (*SCENARIOS, *EXTRA_SCENARIOS):
        raise ValueError(f"unknown scenario {name!r} (choose from {', '.join((*SCENARIOS, *EXTRA_SCENARIOS))})")
    run = Run(env, name)
    t = time.monotonic()
    figures: dict[str, Any] = {}
    problems: list[str] = []
    try:
        if name != "broker-down" and not run.bootstrap:
            run.start_broker()
        if name == "kill":
            figures, problems = await scenario_kill(run, documents, timeout=timeout)
        elif name == "two-workers":
            figures, problems = await scenario_two_workers(run, documents, timeout=timeout)
        elif name == "redis-down":
            figures, problems = await scenario_redis_down(run, documents, timeout=timeout,
                                                          outage=30.0 if outage is None else outage)
        elif name == "broker-down":
            figures, problems = await scenario_broker_down(run, documents, timeout=timeout,
                                                           outage=10.0 if outage is None else outage,
                                                           unreachable=30.0 if outage is None else outage)
        elif name == "stall":
            figures, problems = await scenario_stall(run, timeout=timeout, interval=interval, hostile=hostile,
                                                     hostile_case=hostile_case)
        else:
            figures, problems = await scenario_poison(run, documents, timeout=timeout)
        figures["leak_scan"] = await leak_scan(run, also=(figures.get("unreachable") or {}).get("leak_scan"))
        _leak_checks(figures["leak_scan"], problems)
    except Exception as exc:
        problems.append(f"scenario failed: {type(exc).__name__}: {exc}")
    finally:
        logs = [str(w.log_path) for w in run.workers]
        await run.close()
    figures["detection"] = env.detection
    return ScenarioResult(name, documents, not problems, figures, problems, run.events, time.monotonic() - t, logs)


def _summary(r: ScenarioResult) -> str:
    f = r.figures
    rec = next((f[k] for k in ("recovery_s_from_kill", "recovery_s_from_stop", "recovery_s_from_redis_restart",
                               "recovery_s") if k in f), None)
    return (f"{r.scenario:12s} {'PASS' if r.ok else 'FAIL'}  sent {f.get('sent', '-')}, outputs {f.get('outputs', '-')}, "
            f"dead letters {f.get('dead_letters', '-')}, duplicates {f.get('duplicates', '-')} "
            f"(identical: {f.get('duplicates_identical', '-')}), lost {f.get('lost', '-')}, recovery {rec} s, "
            f"leak scan {_scan_line(f.get('leak_scan'))}, {r.seconds:.0f} s")


def _scan_line(scan: Optional[dict[str, Any]]) -> str:
    if not scan:
        return "-"
    return (f"{scan['leaks']} leaks in {scan['records']} requests ({scan['originals_checked']} originals checked; "
            f"methods {', '.join(f'{m} {n}' for m, n in scan.get('records_per_method', {}).items())})")


def markdown(results: list[dict[str, Any]]) -> str:
    """A Markdown table of the figures of ``out/faults-*.json`` results (for RELIABILITY.md)."""
    rows = ["| scenario | documents sent | outputs | dead letters | duplicates (identical) | lost | recovery / catch-up (s) "
            "| checks | date, load (1/5/15 min), detection |", "|---|---|---|---|---|---|---|---|---|"]
    for r in results:
        rec = next((r.get(k) for k in ("recovery_s_from_kill", "recovery_s_from_stop", "recovery_s_from_redis_restart",
                                       "recovery_s") if k in r), None)
        catch = next((r.get(k) for k in ("catch_up_s_from_kill", "catch_up_s_from_stop",
                                         "catch_up_s_from_redis_restart") if k in r), None)
        checks = "pass" if r.get("ok") else "FAIL: " + "; ".join(r.get("problems", []))[:200]
        rows.append(f"| `{r['scenario']}` | {r.get('sent')} | {r.get('outputs')} | {r.get('dead_letters')} | "
                    f"{r.get('duplicates')} ({'yes' if r.get('duplicates_identical') else 'NO'}) | {r.get('lost')} | "
                    f"{'-' if rec is None else rec} / {'-' if catch is None else catch} | {checks} | {r.get('date')}, "
                    f"{'/'.join(str(x) for x in r.get('loadavg') or [])}, {r.get('detection')} |")
    return "\n".join(rows)


def main(argv: Optional[list[str]] = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m anontools.devtools.faults", description=__doc__.split("\n\n")[0])
    ap.add_argument("--scenario", default="all", choices=[*SCENARIOS, *EXTRA_SCENARIOS, "all"],
                    help="all = every fault scenario; stall (issue 15) only when named")
    ap.add_argument("--hostile", type=int, default=0, metavar="N",
                    help="stall: instead of one hostile input at a time, N copies of --hostile-case at once "
                         "(N = ANON_STAGE_PROCESSES fills every stage process)")
    ap.add_argument("--hostile-case", default="tag-16000-emails",
                    choices=["kmask-place-names", "tag-16000-emails", "substitute-4000-entities"],
                    help="stall --hostile: the hostile document to copy (default tag-16000-emails)")
    ap.add_argument("--interval", type=float, default=1.0,
                    help="stall: seconds between the short documents of the background stream (default 1)")
    ap.add_argument("--documents", type=int, default=1000, help="documents per scenario (default 1000)")
    ap.add_argument("--out", type=Path, default=Path("out"), help="directory of the JSON figures and logs")
    ap.add_argument("--timeout", type=float, default=1200.0, help="seconds to wait for the inputs to be answered")
    ap.add_argument("--detection", default="auto", choices=["auto", "full", "patterns"],
                    help="full: NER model + patterns (production); patterns: no NER model (fast); "
                         "auto: full when an English model is installed (default)")
    ap.add_argument("--outage", type=float, default=None,
                    help="seconds of the outages (default: redis-down 30; broker-down 10 for the restart, 30 unreachable)")
    ap.add_argument("--report", action="store_true",
                    help="print the figures of the existing out/faults-*.json as a Markdown table and exit")
    args = ap.parse_args(argv)
    if args.report:
        found = [json.loads(p.read_text("utf-8")) for name in (*SCENARIOS, *EXTRA_SCENARIOS)
                 if (p := args.out / f"faults-{name}.json").is_file()]
        print(markdown(found))
        return 0 if found else 1
    import logging

    logging.basicConfig(level=logging.WARNING)
    logging.getLogger("aiokafka").setLevel(logging.CRITICAL)  # our recorder reconnects through the faults
    names = list(SCENARIOS) if args.scenario == "all" else [args.scenario]
    results = []
    for name in names:
        print(f"== scenario {name}: {args.documents} documents", flush=True)
        work_dir = (args.out / f"faults-{name}").resolve()
        shutil.rmtree(work_dir, ignore_errors=True)  # logs of an earlier run would be counted
        env = FaultEnv(work_dir=work_dir, detection=args.detection)
        try:
            r = asyncio.run(run_scenario(name, env, documents=args.documents, timeout=args.timeout,
                                         outage=args.outage, interval=args.interval, hostile=args.hostile,
                                         hostile_case=args.hostile_case))
        except (TansuError, RuntimeError) as exc:
            print(f"cannot set up scenario {name}: {exc}", file=sys.stderr)
            return 2
        results.append(r)
        path = args.out / f"faults-{name}.json"
        path.write_text(json.dumps(r.to_dict(), indent=2, default=str) + "\n", "utf-8")
        print(_summary(r), flush=True)
        for p in r.problems:
            print(f"   problem: {p}", flush=True)
        print(f"   figures: {path}", flush=True)
    if len(results) > 1:
        print("\n".join(["== summary", *(_summary(r) for r in results)]))
    return 0 if all(r.ok for r in results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
