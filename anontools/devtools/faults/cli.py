"""The command of the fault scenarios: ``anonymizer-dev faults`` = ``python -m anontools.devtools.faults``
(:func:`main`; :func:`run_scenario` runs one scenario, :func:`markdown` is ``--report``). The scenarios are
described in :mod:`anontools.devtools.faults`."""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import sys
import time
from pathlib import Path
from typing import Any, Optional

from anontools.devtools.faults.accounting import leak_checks, leak_scan, ScenarioResult
from anontools.devtools.faults.broker_down import scenario_broker_down
from anontools.devtools.faults.kill import scenario_kill
from anontools.devtools.faults.poison import scenario_poison
from anontools.devtools.faults.redis_down import scenario_redis_down
from anontools.devtools.faults.run import FaultEnv, Run
from anontools.devtools.faults.stall import scenario_stall
from anontools.devtools.faults.two_workers import scenario_two_workers
from anontools.devtools.harness.tansu import TansuError


SCENARIOS = ("kill", "two-workers", "redis-down", "broker-down", "poison")

#: Scenarios run only when named (``--scenario stall``): measurements rather than faults.
EXTRA_SCENARIOS = ("stall",)


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
        leak_checks(figures["leak_scan"], problems)
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
    """``anonymizer-dev faults``: run the scenarios asked for (or ``--report``); exit code 0 when every scenario
    passed its checks, 1 otherwise, 2 when the environment could not be set up."""
    overview = sys.modules["anontools.devtools.faults"].__doc__ or ""
    ap = argparse.ArgumentParser(prog="python -m anontools.devtools.faults", description=overview.split("\n\n")[0])
    ap.add_argument("--scenario", default="all", choices=[*SCENARIOS, *EXTRA_SCENARIOS, "all"],
                    help="all = every fault scenario; stall (issue 15) only when named")
    ap.add_argument("--hostile", type=int, default=0, metavar="N",
                    help="stall: instead of one hostile input at a time, N copies of --hostile-case at once "
                         "(N = ANON_STAGE_PROCESSES fills every stage process)")
    ap.add_argument("--hostile-case", default="tag-16000-emails",
                    choices=["kmask-place-names", "tag-16000-emails", "substitute-4000-entities",
                             "id-keywords-in-capitals", "amount-groups", "local-part-runs", "chat-2000-lines",
                             "table-3000-rows"],
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
