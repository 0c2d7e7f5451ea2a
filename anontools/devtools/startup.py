"""Worker start-up time and memory: ``anonymizer-dev startup [--source DIR ...] [options]``.

Starts ``python -m app.worker`` (``--rounds`` times per source checkout, the checkouts alternating: A B A B ...)
next to one Tansu broker and a Redis, with ``ANON_PRELOAD_LANGUAGES`` (default every declared language), and
measures each start:

* **ready**: seconds from starting the process to its ``worker ready`` log line (the log is polled every 50 ms);
* **CPU**: user + system CPU seconds of the worker and its live descendants (zygote, stage processes) at ready;
* **memory** at ready, per process of the tree (psutil): the worker process (``VmHWM``, its peak RSS since it
  started), the stage zygote (``python -m app.isolation``) and each stage process (peak RSS, and USS: the pages
  that are the process's own, not shared with the zygote it was forked from), and the tree's total PSS (shared
  pages divided among their sharers: what the tree costs the machine).

``--source`` names a source checkout whose ``app/`` the worker runs (first on ``PYTHONPATH``), so two commits
can be compared in one alternating run, e.g. ``--source ../main --source .``; default this checkout. Each start
gets its own app id, table key and working directory; the worker is stopped (SIGTERM) after the measurement. The
1-minute load average is recorded before and after each start (other processes skew every figure).

Writes ``out/startup.json`` and prints one line per start and the medians per source. Exit code 0; 1 when a worker
exited or did not get ready within ``--timeout``; 2 when the broker or Redis could not be set up.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any, Optional

import orjson

from anontools.devtools.harness.processes import loadavg
from anontools.devtools.harness.redis_local import DEFAULT_REDIS_URL, LocalRedis, RedisUnavailable
from anontools.devtools.harness.tansu import TansuBroker, TansuError
from anontools.devtools.harness.worker import WorkerError, WorkerProcess, repo_root

READY = "worker ready"


def _mb(n_bytes: Optional[float]) -> Optional[float]:
    return None if n_bytes is None else round(n_bytes / 2**20, 1)


def _vm_hwm(pid: int) -> Optional[int]:
    """Peak RSS (``VmHWM`` of ``/proc/<pid>/status``) in bytes; ``None`` when unknown."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError):
        pass
    return None


def process_tree(pid: int) -> dict[str, Any]:
    """Memory and CPU of the worker ``pid`` and its descendants, now.

    Returns:
        ``{"worker": {...}, "zygote": {...} | None, "stage": [{...}, ...], "other": [...], "total_pss_mb",
        "cpu_s"}``; each process entry has ``pid``, ``peak_rss_mb`` (``VmHWM``), ``rss_mb``, ``uss_mb``,
        ``pss_mb`` (MB = 2**20 bytes). The zygote is the descendant running ``app.isolation``; the stage
        processes are its children.
    """
    import psutil

    root = psutil.Process(pid)
    out: dict[str, Any] = {"worker": None, "zygote": None, "stage": [], "other": [], "total_pss_mb": 0.0,
                           "cpu_s": 0.0}
    zygote_pid: Optional[int] = None
    processes = [root, *root.children(recursive=True)]
    commands: dict[int, list[str]] = {}
    for proc in processes:
        try:
            commands[proc.pid] = proc.cmdline()
        except psutil.Error:
            continue
    for proc in processes:  # the zygote's forks keep its command line: the zygote is the one whose parent is not
        try:
            if "app.isolation" in commands.get(proc.pid, []) and "app.isolation" not in commands.get(proc.ppid(), []):
                zygote_pid = proc.pid
        except psutil.Error:
            continue
    total_pss = 0.0
    cpu = 0.0
    for proc in processes:
        try:
            info = proc.memory_full_info()
            times = proc.cpu_times()
            parent = proc.ppid()
        except psutil.Error:  # ended meanwhile
            continue
        entry = {"pid": proc.pid, "peak_rss_mb": _mb(_vm_hwm(proc.pid)), "rss_mb": _mb(info.rss),
                 "uss_mb": _mb(info.uss), "pss_mb": _mb(getattr(info, "pss", None)), "ppid": parent,
                 "command": " ".join(commands.get(proc.pid, []))[-80:]}
        total_pss += getattr(info, "pss", 0)
        cpu += times.user + times.system
        if proc.pid == pid:
            out["worker"] = entry
        elif proc.pid == zygote_pid:
            out["zygote"] = entry
        elif zygote_pid is not None and parent == zygote_pid:
            out["stage"].append(entry)
        else:
            out["other"].append(entry)
    out["total_pss_mb"] = _mb(total_pss)
    out["cpu_s"] = round(cpu, 2)
    return out


def measure_start(source: Path, *, broker_url: str, redis_url: str, languages: str, timeout: float,
                  extra_env: dict[str, str], log_dir: Path, label: str) -> dict[str, Any]:
    """Start one worker from ``source``, wait for ``worker ready``, measure (:func:`process_tree`), stop it.

    Raises:
        WorkerError: the worker exited, or was not ready within ``timeout`` seconds.
    """
    from app.crypto import generate_key

    log_path = log_dir / f"startup-{label}.log"
    log_path.write_bytes(b"")
    with tempfile.TemporaryDirectory(prefix="startup-") as cwd:
        worker = WorkerProcess(
            broker_url=broker_url, redis_url=redis_url, app_id=f"startup-{uuid.uuid4().hex[:8]}", log_path=log_path,
            cwd=cwd, source=source,
            extra_env={"ANON_TABLE_KEYS": generate_key(), "ANON_TABLE_KEYS_FILE": "",
                       "ANON_TABLE_KEY_PREFIX": f"anon:startup:{uuid.uuid4().hex[:8]}:",
                       "ANON_PRELOAD_LANGUAGES": languages, **extra_env})
        load_before = loadavg(one_minute=True)
        started = time.monotonic()
        worker.start()
        try:
            while True:
                worker.check_alive()
                if READY in log_path.read_text("utf-8", errors="replace"):
                    ready = time.monotonic() - started
                    break
                if time.monotonic() - started > timeout:
                    raise WorkerError(f"{label}: not ready within {timeout:.0f} s; log tail:\n{worker.log_tail()}")
                time.sleep(0.05)
            tree = process_tree(worker.proc.pid)
        finally:
            code = worker.stop()
    return {"source": str(source), "label": label, "ready_s": round(ready, 2), **tree, "stop_exit_code": code,
            "loadavg_1min_before": load_before, "loadavg_1min_after": loadavg(one_minute=True)}


def _line(run: dict[str, Any]) -> str:
    stage = run["stage"]
    zygote = run["zygote"] or {}
    return (f"{run['label']:<24} ready {run['ready_s']:6.2f} s  CPU {run['cpu_s']:6.2f} s  "
            f"worker peak RSS {run['worker']['peak_rss_mb']:7.1f} MB  zygote peak RSS {zygote.get('peak_rss_mb') or 0:7.1f} MB  "
            f"stage RSS {max((s['rss_mb'] for s in stage), default=0):7.1f} MB (USS "
            f"{max((s['uss_mb'] for s in stage), default=0):6.1f})  total PSS {run['total_pss_mb']:7.1f} MB  "
            f"load {run['loadavg_1min_before']} -> {run['loadavg_1min_after']}")


def summarize(runs: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Medians (and ranges) per source of ready time, CPU, worker / zygote peak RSS, stage USS and total PSS."""
    out: dict[str, dict[str, Any]] = {}
    for source in dict.fromkeys(r["source"] for r in runs):
        mine = [r for r in runs if r["source"] == source]

        def stat(values: list[float]) -> dict[str, float]:
            return {"median": round(statistics.median(values), 2), "min": min(values), "max": max(values)}

        out[source] = {
            "starts": len(mine),
            "ready_s": stat([r["ready_s"] for r in mine]),
            "cpu_s": stat([r["cpu_s"] for r in mine]),
            "worker_peak_rss_mb": stat([r["worker"]["peak_rss_mb"] for r in mine]),
            "zygote_peak_rss_mb": stat([(r["zygote"] or {}).get("peak_rss_mb") or 0.0 for r in mine]),
            "stage_rss_mb": stat([max((s["rss_mb"] for s in r["stage"]), default=0.0) for r in mine]),
            "stage_uss_mb": stat([max((s["uss_mb"] for s in r["stage"]), default=0.0) for r in mine]),
            "total_pss_mb": stat([r["total_pss_mb"] for r in mine]),
            "loadavg_1min": stat([x for r in mine for x in (r["loadavg_1min_before"], r["loadavg_1min_after"])
                                  if x is not None] or [0.0]),
        }
    return out


def main(argv: Optional[list[str]] = None) -> int:
    root = repo_root() or Path.cwd()
    ap = argparse.ArgumentParser(prog="anonymizer-dev startup", description=__doc__.split("\n\n")[0])
    ap.add_argument("--source", type=Path, action="append", default=None,
                    help="source checkout whose app/ the worker runs (repeat to alternate several; default this one)")
    ap.add_argument("--rounds", type=int, default=3, help="starts per source (default 3)")
    ap.add_argument("--languages", default="en,de,es,pt", help="ANON_PRELOAD_LANGUAGES (default en,de,es,pt)")
    ap.add_argument("--env", action="append", default=[], metavar="NAME=VALUE",
                    help="another worker environment variable, e.g. ANON_STAGE_PROCESSES=0 (repeatable)")
    ap.add_argument("--timeout", type=float, default=600.0, help="seconds a start may take (default 600)")
    ap.add_argument("--pause", type=float, default=3.0, help="seconds between starts (default 3)")
    ap.add_argument("--out", type=Path, default=root / "out")
    ap.add_argument("--redis-url", default=os.environ.get("REDIS_URL") or DEFAULT_REDIS_URL)
    args = ap.parse_args(argv)
    sources = [s.resolve() for s in (args.source or [root])]
    for source in sources:
        if not (source / "app" / "worker.py").is_file():
            ap.error(f"{source} is not a source checkout (no app/worker.py)")
    extra_env = dict(item.split("=", 1) for item in args.env)
    args.out.mkdir(parents=True, exist_ok=True)
    broker = TansuBroker(log_path=args.out / "startup-tansu.log")
    redis = LocalRedis(args.redis_url, log_path=args.out / "startup-redis.log")
    runs: list[dict[str, Any]] = []
    code = 0
    try:
        try:
            broker.start()
            redis.start()
        except (TansuError, RedisUnavailable) as exc:
            print(f"cannot set up: {exc}")
            return 2
        print(f"{len(sources)} source(s) × {args.rounds} start(s), ANON_PRELOAD_LANGUAGES={args.languages}, "
              f"{os.cpu_count()} CPUs, load {loadavg()}")
        for r in range(args.rounds):
            for i, source in enumerate(sources):
                label = f"{source.name}-{r + 1}" if len(set(s.name for s in sources)) == len(sources) else f"{i}-{r + 1}"
                run = measure_start(source, broker_url=broker.broker_url, redis_url=redis.url,
                                    languages=args.languages, timeout=args.timeout, extra_env=extra_env,
                                    log_dir=args.out, label=label)
                runs.append(run)
                print(_line(run), flush=True)
                time.sleep(args.pause)
    except WorkerError as exc:
        print(f"worker failed: {exc}")
        code = 1
    except KeyboardInterrupt:
        print("interrupted")
        code = 130
    finally:
        broker.stop()
        redis.stop()
    report = {"languages": args.languages, "env": extra_env, "cpu_count": os.cpu_count(), "runs": runs,
              "summary": summarize(runs) if runs else {}}
    for source, s in report["summary"].items():
        print(f"{source}: {s['starts']} starts, median ready {s['ready_s']['median']} s "
              f"({s['ready_s']['min']}–{s['ready_s']['max']}), CPU {s['cpu_s']['median']} s, worker peak RSS "
              f"{s['worker_peak_rss_mb']['median']} MB, zygote peak RSS {s['zygote_peak_rss_mb']['median']} MB, "
              f"stage RSS {s['stage_rss_mb']['median']} MB (USS {s['stage_uss_mb']['median']} MB), total PSS "
              f"{s['total_pss_mb']['median']} MB, load {s['loadavg_1min']['min']}–{s['loadavg_1min']['max']}")
    (args.out / "startup.json").write_bytes(orjson.dumps(report, option=orjson.OPT_INDENT_2) + b"\n")
    print(f"written {args.out / 'startup.json'}")
    return code


if __name__ == "__main__":
    raise SystemExit(main())
