"""What a fault scenario runs against (:class:`FaultEnv`) and the live objects of one run (:class:`Run`: broker,
Redis, workers, recorder, publisher; started with the harness, :mod:`anontools.devtools.harness`), and the
observer of every table write (:class:`TableWriteMonitor`, Redis ``MONITOR``)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Optional

import orjson

from anontools.devtools.harness import kafka
from anontools.devtools.harness.kafka import Publisher, Recorder
from anontools.devtools.harness.redis_local import delete_prefix, PrivateRedis
from anontools.devtools.harness.tansu import TansuBroker
from anontools.devtools.harness.worker import derived_hmac_secret, settings_for, settings_overrides, WorkerProcess
from app.settings import Settings


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
        s = self.settings or Settings(**settings_overrides(self.worker_env()))
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
                await asyncio.to_thread(delete_prefix, self.redis_url, self.env.key_prefix)
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


async def ensure_topics(bootstrap: str, topics: list[str], partitions: int) -> None:
    """:func:`anontools.devtools.harness.kafka.ensure_topics` with a shorter admin timeout (brokers come and go here)."""
    await kafka.ensure_topics(bootstrap, topics, partitions, request_timeout_ms=10000)
