"""Throughput benchmark: ``make bench`` / ``python -m app.devtools.benchmark [--documents DIR] [--repeat N]``.

Measures, on the same documents:

1. **pipeline**: Tansu + the worker subprocess; every document is published to ``documents`` and the clock
   stops when the last one has a message on ``translation.requests`` (or a dead letter). A warm-up document is
   round-tripped first so model loading is not counted.
2. **in-process**: ``Pipeline.detect → corefer → anonymize`` called directly in this process (one warm-up
   document first), after the worker has been stopped so both runs get the same CPU.

Reports documents/s and characters/s of each and the ratio pipeline / in-process; prints a table and writes
``out/benchmark.json``::

    {"documents": int, "characters": int, "repeat": int, "cpu_count": int,
     "pipeline": {"seconds": float, "docs_per_s": float, "chars_per_s": float, "complete": bool,
                  "outputs": int, "dead_letters": int, "loadavg_1min_after": float},
     "in_process": {"seconds": float, "docs_per_s": float, "chars_per_s": float, "loadavg_1min_after": float},
     "ratio_pipeline_over_in_process": float}

Exit code 0, or 1 when some documents produced no output within the timeout, 2 on set-up failure.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import signal
import sys
import time
import uuid
from pathlib import Path
from typing import Any, Optional

import orjson

from app.devtools.demo import OutputRecorder, WorkerError, WorkerProcess, ensure_topics, every_method_policy, repo_root
from app.devtools.redis_local import DEFAULT_REDIS_URL, LocalRedis, RedisUnavailable
from app.devtools.tansu import TansuBroker, TansuError
from app.settings import Settings


def load_documents(directory: Path, repeat: int) -> list[dict]:
    """``repeat`` copies of every ``*.json`` document of ``directory`` (job ids suffixed ``-r<i>``).

    Raises:
        SystemExit: no document found.
    """
    base = []
    for path in sorted(directory.glob("*.json")):
        data = orjson.loads(path.read_bytes())
        if isinstance(data, dict) and isinstance(data.get("text"), str) and data.get("text"):
            base.append(data)
    if not base:
        raise SystemExit(f"no documents in {directory}")
    return [{**d, "job_id": f"{d['job_id']}-r{i}"} for i in range(repeat) for d in base]


def _rate(n_docs: int, n_chars: int, seconds: float) -> dict[str, float]:
    seconds = max(seconds, 1e-9)
    return {"seconds": round(seconds, 3), "docs_per_s": round(n_docs / seconds, 2),
            "chars_per_s": round(n_chars / seconds, 1)}


async def _pipeline_run(bootstrap: str, settings: Settings, worker: WorkerProcess, docs: list[dict],
                        out_dir: Path, timeout: float) -> dict[str, Any]:
    from aiokafka import AIOKafkaProducer

    s = settings
    topics = [s.topic_translation_requests, s.topic_dead_letter]
    await ensure_topics(bootstrap, [s.topic_documents, *topics], s.topic_partitions)
    rec = OutputRecorder(bootstrap, topics, out_dir / "benchmark-topics")
    await rec.start()
    producer = AIOKafkaProducer(bootstrap_servers=bootstrap, acks="all", linger_ms=0)
    await producer.start()
    try:
        def seen(ids: set[str]) -> set[str]:
            out = set()
            for o in rec.outputs:
                v = o.value if isinstance(o.value, dict) else {}
                jid = v.get("job_id") or o.key
                if jid in ids:
                    out.add(jid)
            return out

        async def wait_all(ids: set[str], limit: float) -> bool:
            deadline = time.monotonic() + limit
            while len(seen(ids)) < len(ids):
                if rec.error is not None:
                    raise RuntimeError(f"output consumer failed: {rec.error!r}")
                worker.check_alive()
                if time.monotonic() > deadline:
                    return False
                await asyncio.sleep(0.05)
            return True

        warm_id = f"bench-warmup-{uuid.uuid4().hex[:8]}"
        warm = {**docs[0], "job_id": warm_id}
        await producer.send_and_wait(s.topic_documents, orjson.dumps(warm), key=warm_id.encode())
        if not await wait_all({warm_id}, timeout):
            raise WorkerError(f"warm-up document got no output within {timeout:.0f} s")

        ids = {d["job_id"] for d in docs}
        t0 = time.perf_counter()
        for d in docs:  # one record per batch (Tansu; RELIABILITY.md, "What Tansu cannot do"); sending is ~1 ms per message on loopback
            await producer.send_and_wait(s.topic_documents, orjson.dumps(d), key=d["job_id"].encode())
        complete = await wait_all(ids, timeout)
        elapsed = time.perf_counter() - t0
        done = seen(ids)
        dead = sum(1 for o in rec.of(s.topic_dead_letter) if isinstance(o.value, dict) and o.value.get("job_id") in ids)
        n_chars = sum(len(d["text"]) for d in docs if d["job_id"] in done)
        return {**_rate(len(done), n_chars, elapsed), "complete": complete, "outputs": len(done),
                "dead_letters": dead, "loadavg_1min_after": _loadavg()}
    finally:
        await producer.stop()
        await rec.stop()


def _in_process_run(settings: Settings, docs: list[dict]) -> dict[str, Any]:
    from app.pipeline import Pipeline
    from models.records import Document

    p = Pipeline(settings)
    records = [Document(job_id=d["job_id"], text=d["text"], language=d.get("language", "en"), method=d.get("method"))
               for d in docs]
    p.anonymize(p.corefer(p.detect(records[0])))  # warm-up: loads the models
    t0 = time.perf_counter()
    for r in records:
        p.anonymize(p.corefer(p.detect(r)))
    elapsed = time.perf_counter() - t0
    return {**_rate(len(records), sum(len(r.text) for r in records), elapsed), "loadavg_1min_after": _loadavg()}


def _loadavg() -> Optional[float]:
    """1-minute load average (other processes on a shared machine skew both runs), or ``None``."""
    try:
        return round(os.getloadavg()[0], 2)
    except OSError:
        return None


def main(argv: Optional[list[str]] = None) -> int:
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    root = repo_root() or Path.cwd()
    ap = argparse.ArgumentParser(prog="python -m app.devtools.benchmark", description=__doc__.split("\n\n")[0])
    ap.add_argument("--documents", type=Path, default=root / "demo" / "documents")
    ap.add_argument("--repeat", type=int, default=5, help="copies of each document (default 5)")
    ap.add_argument("--out", type=Path, default=root / "out")
    ap.add_argument("--timeout", type=float, default=600.0, help="seconds for the warm-up and for the run")
    ap.add_argument("--redis-url", default=os.environ.get("REDIS_URL") or os.environ.get("ANON_REDIS_URL") or DEFAULT_REDIS_URL)
    ap.add_argument("--skip-in-process", action="store_true")
    args = ap.parse_args(argv)
    console = Console()
    docs = load_documents(args.documents, max(1, args.repeat))
    n_chars = sum(len(d["text"]) for d in docs)
    args.out.mkdir(parents=True, exist_ok=True)
    console.print(f"{len(docs)} documents ({n_chars} characters) from {args.documents} x{args.repeat}")

    def on_sigterm(signum, frame):
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, on_sigterm)
    broker = TansuBroker(log_path=args.out / "tansu.log")
    redis = LocalRedis(args.redis_url, log_path=args.out / "redis.log")
    worker: Optional[WorkerProcess] = None
    report: dict[str, Any] = {"documents": len(docs), "characters": n_chars, "repeat": args.repeat,
                              "cpu_count": os.cpu_count(), "machine": platform.machine(),
                              "python": platform.python_version(), "loadavg_1min_before": _loadavg()}
    try:
        try:
            broker.start()
            redis.start()
        except (TansuError, RedisUnavailable) as exc:
            console.print(f"[red]cannot set up the benchmark:[/] {escape(str(exc))}")
            return 2
        prefix = f"anon:bench:{uuid.uuid4().hex[:8]}:"
        from app.crypto import generate_key

        key = generate_key()  # tables encrypted as in production; the key lives only for this run
        settings = Settings(broker_url=broker.broker_url, redis_url=redis.url, app_id=f"anonymizer-bench-{uuid.uuid4().hex[:6]}",
                            table_key_prefix=prefix, table_ttl_seconds=600, table_keys=key,
                            **{k[len("ANON_"):].lower(): v for k, v in every_method_policy().items()})
        worker = WorkerProcess(broker_url=broker.broker_url, redis_url=redis.url, app_id=settings.app_id,
                               log_path=args.out / "benchmark-worker.log",
                               extra_env={"ANON_TABLE_KEY_PREFIX": prefix, "ANON_TABLE_TTL_SECONDS": "600",
                                          "ANON_TABLE_KEYS": key, "ANON_TABLE_KEYS_FILE": "", **every_method_policy()})
        (args.out / "benchmark-worker.log").write_bytes(b"")
        worker.start()
        console.print("pipeline run (Tansu + worker; waiting for the worker to load its models)…")
        try:
            report["pipeline"] = asyncio.run(_pipeline_run(broker.bootstrap, settings, worker, docs, args.out, args.timeout))
        except WorkerError as exc:
            console.print(f"[red]{escape(str(exc))}[/]")
            return 2
        worker.stop()
        worker = None
        broker.stop()
        _delete_prefix(redis.url, prefix)
        if not args.skip_in_process:
            console.print("in-process run (Pipeline.detect → corefer → anonymize)…")
            report["in_process"] = _in_process_run(settings, docs)
            report["ratio_pipeline_over_in_process"] = round(
                report["pipeline"]["docs_per_s"] / max(report["in_process"]["docs_per_s"], 1e-9), 3)
    except KeyboardInterrupt:
        console.print("[yellow]interrupted[/]")
        return 130
    finally:
        if worker is not None:
            worker.stop()
        broker.stop()
        redis.stop()
        signal.signal(signal.SIGTERM, previous)

    t = Table(title=f"Throughput, {len(docs)} documents, {n_chars} characters, {os.cpu_count()} CPUs")
    for col in ("run", "seconds", "documents/s", "characters/s"):
        t.add_column(col, justify="right" if col != "run" else "left")
    for name, key in (("pipeline (Kafka + worker)", "pipeline"), ("in-process stages", "in_process")):
        if key in report:
            r = report[key]
            t.add_row(name, f"{r['seconds']:.2f}", f"{r['docs_per_s']:.1f}", f"{r['chars_per_s']:.0f}")
    console.print(t)
    console.print(f"1-min load average: before {report['loadavg_1min_before']}, after pipeline "
                  f"{report['pipeline'].get('loadavg_1min_after')}, after in-process "
                  f"{report.get('in_process', {}).get('loadavg_1min_after')} (above {os.cpu_count()} means other "
                  "processes competed for the CPUs)")
    if "ratio_pipeline_over_in_process" in report:
        console.print(f"ratio pipeline / in-process: {report['ratio_pipeline_over_in_process']:.2f}")
    (args.out / "benchmark.json").write_bytes(orjson.dumps(report, option=orjson.OPT_INDENT_2) + b"\n")
    console.print(f"written {args.out / 'benchmark.json'}")
    if not report["pipeline"].get("complete"):
        console.print(f"[red]{len(docs) - report['pipeline']['outputs']} documents without output[/]")
        return 1
    return 0


def _delete_prefix(url: str, prefix: str) -> None:
    """Delete the benchmark's tables (keys under ``prefix``)."""
    import redis

    client = redis.Redis.from_url(url, socket_timeout=5)
    try:
        keys = list(client.scan_iter(match=prefix + "*", count=500))
        if keys:
            client.delete(*keys)
    except redis.RedisError:
        pass
    finally:
        client.close()


if __name__ == "__main__":
    sys.exit(main())
