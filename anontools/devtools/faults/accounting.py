"""Accounting of a fault scenario: every input matched with its outputs and dead letters (:func:`match`), the
figures (:func:`account`: lost, duplicates, conflicting; :func:`recovery`), the tables checked against the
originals (:func:`check_tables`), the leak scan (:func:`leak_scan`) and the checks every scenario shares."""

from __future__ import annotations

import os
import platform
import time
from dataclasses import dataclass, field
from typing import Any, Optional

import orjson

from anontools.devtools.faults.run import Run, TableWriteMonitor
from anontools.devtools.harness.kafka import Out, Recorder
from anontools.devtools.harness.processes import b64, loadavg
from anontools.devtools.leaks import LeakScan, scan_records
from app.settings import Settings


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
        by_raw[b64(i.raw)] = i
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


def leak_checks(scan: dict[str, Any], problems: list[str]) -> None:
    """Add a problem to ``problems`` when the leak scan ``scan`` (:func:`leak_scan`) found originals in clear."""
    if scan["leaks"]:
        problems.append(f"leak scan: {scan['leaks']} detected originals in clear in translation.requests "
                        f"(jobs {scan['leaking_jobs']})")
    if scan["records"] and not scan["originals_checked"]:
        problems.append("leak scan: no original known for any translation request (nothing was checked)")


@dataclass
class ScenarioResult:
    """What one scenario run gives: its figures, the problems found (none: ``ok``), its events and log files."""

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
                "date": time.strftime("%Y-%m-%d %H:%M:%S %Z"), "loadavg": loadavg(), "cpu_count": os.cpu_count(),
                "machine": platform.machine()}


def common_checks(fig: dict[str, Any], problems: list[str], *, allow_wrong: bool = False) -> None:
    """The checks every scenario makes on its figures (:func:`account`, :func:`check_tables`): nothing lost, no
    input with both an output and a dead letter, identical duplicates, no wrong outcome (unless ``allow_wrong``),
    every table present, written before its request and restoring its text exactly; each failed check appends a
    line to ``problems``."""
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
