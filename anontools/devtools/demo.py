"""End-to-end demo: ``make run`` / ``python -m anontools.devtools.demo``.

What it does, all on loopback:

1. starts Tansu on a free port and makes sure Redis answers at ``REDIS_URL`` (default
   ``redis://127.0.0.1:6379/0``; a private ``redis-server`` is started when none answers);
2. starts the worker (``python -m app.worker``), logging to ``out/worker.log``;
3. consumes every output topic from the earliest offset into ``out/<topic>.jsonl`` (one JSON object a line);
4. publishes every document of ``demo/documents/*.json`` and every bad input of ``demo/bad/*`` (key = job id);
5. waits until each has a translation request or a dead letter (generous timeout: Stanza loads slowly);
6. sends each anonymized text back unchanged as its own "translation" (same language), then every hand-made
   translation of ``demo/translations/*.json`` (checked against the current anonymized text: one whose marks
   differ is reported as stale), then — when Apertium is installed — every request machine-translated by
   :mod:`anontools.devtools.translator` (en→es, es→pt, pt→es; German has no Apertium pair), and waits for each
   re-identified output;
7. prints a summary, one document before and after with its table of solutions (read from Redis), and the
   leak scan of issue 15 (:mod:`anontools.devtools.leaks`): every translation request against the entities the worker
   detected for its job, none of which may be left in clear;
8. stops everything it started, also on Ctrl-C and errors.

Exit code: 0 when every input came out (documents as translation requests, bad inputs as dead letters),
no detected entity was left in clear in a translation request (leak scan),
every untranslated round trip restored the original text exactly, every current hand-made translation was
restored entirely (counts from ``restored``/``missing_placeholders``/``unknown_placeholders``) and every machine
translation was answered; 1 otherwise; 2 when the environment could
not be set up (no Tansu, no Redis, worker died); 130 when interrupted.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import collections
import contextlib
import os
import signal
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Optional

import orjson

from anontools.devtools.leaks import LeakScan, scan_records
from anontools.devtools.harness.kafka import ensure_topics, publish
from anontools.devtools.harness.processes import b64
from anontools.devtools.harness.redis_local import DEFAULT_REDIS_URL, LocalRedis, RedisUnavailable
from anontools.devtools.harness.tansu import TansuBroker, TansuError
from anontools.devtools.harness.worker import (WorkerError, WorkerProcess, derived_hmac_secret, every_method_policy,
                                               repo_root)
from app.settings import Settings

__all__ = ["WorkerProcess", "WorkerError", "repo_root", "main", "run_demo"]


# ---------------------------------------------------------------------------------------------------------
# Kafka plumbing of the demo
# ---------------------------------------------------------------------------------------------------------


def _loads(raw: Optional[bytes]) -> Any:
    if not raw:
        return None
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError:
        return None


@dataclass
class Output:
    """One message read from an output topic."""

    topic: str
    key: Optional[str]
    raw: bytes
    value: Any  # parsed JSON (dict for every well-formed output) or None


class OutputRecorder:
    """Consumes ``topics`` from the earliest offset (no consumer group) into memory and into
    ``out_dir/<topic>.jsonl`` (one JSON object a line; a value that is not JSON is written as
    ``{"_raw_base64": ...}``)."""

    def __init__(self, bootstrap: str, topics: list[str], out_dir: Path) -> None:
        self.bootstrap = bootstrap
        self.topics = topics
        self.out_dir = out_dir
        self.outputs: list[Output] = []
        self._files: dict[str, IO[bytes]] = {}
        self._consumer: Any = None
        self._task: Optional[asyncio.Task] = None
        self.error: Optional[BaseException] = None

    async def start(self) -> None:
        from aiokafka import AIOKafkaConsumer

        self.out_dir.mkdir(parents=True, exist_ok=True)
        for t in self.topics:
            self._files[t] = open(self.out_dir / f"{t}.jsonl", "wb")
        self._consumer = AIOKafkaConsumer(
            *self.topics, bootstrap_servers=self.bootstrap, group_id=None, auto_offset_reset="earliest",
            enable_auto_commit=False, metadata_max_age_ms=2000,
        )
        await self._consumer.start()
        self._task = asyncio.create_task(self._run())

    async def _run(self) -> None:
        try:
            while True:
                batch = await self._consumer.getmany(timeout_ms=200)
                for records in batch.values():
                    for r in records:
                        raw = r.value or b""
                        value = _loads(raw)
                        key = r.key.decode("utf-8", "replace") if r.key is not None else None
                        self.outputs.append(Output(r.topic, key, raw, value))
                        line = orjson.dumps(value) if isinstance(value, dict) else orjson.dumps({"_raw_base64": b64(raw)})
                        f = self._files[r.topic]
                        f.write(line + b"\n")
                        f.flush()
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # surfaced by the waiting loop
            self.error = exc

    def of(self, topic: str) -> list[Output]:
        return [o for o in self.outputs if o.topic == topic]

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        if self._consumer is not None:
            with contextlib.suppress(Exception):
                await self._consumer.stop()
        for f in self._files.values():
            f.close()
        self._files.clear()


# ---------------------------------------------------------------------------------------------------------
# Inputs and their outcomes
# ---------------------------------------------------------------------------------------------------------


@dataclass
class DemoInput:
    """A message the demo publishes to ``documents``."""

    source: Path
    key: str
    raw: bytes
    job_id: Optional[str] = None  # set when the payload is an object with a string job_id
    text: Optional[str] = None  # the original text (documents only)
    language: Optional[str] = None
    bad: bool = False
    request: Optional[dict] = None  # its translation request, once seen
    dead_letter: Optional[dict] = None  # or its dead letter

    @property
    def done(self) -> bool:
        return self.request is not None or self.dead_letter is not None


@dataclass
class DemoTranslation:
    """A message the demo publishes to ``translation.results``."""

    tid: str
    job_id: str
    language: str
    text: str
    kind: str  # "roundtrip" | "handmade"
    source: Optional[Path] = None
    raw: bytes = b""
    result: Optional[dict] = None  # its re-identified document
    dead_letter: Optional[dict] = None

    @property
    def done(self) -> bool:
        return self.result is not None or self.dead_letter is not None


def load_inputs(documents_dir: Path, bad_dir: Optional[Path]) -> list[DemoInput]:
    """Read the demo documents (``*.json``, sorted) and the bad inputs (every file, sorted).

    The Kafka key is the job id when the file is a JSON object with a string ``job_id``, else the file stem.
    Documents are re-encoded compactly; bad inputs are sent byte for byte.
    """
    inputs: list[DemoInput] = []
    for path in sorted(documents_dir.glob("*.json")):
        data = orjson.loads(path.read_bytes())
        inputs.append(DemoInput(path, data["job_id"], orjson.dumps(data), data["job_id"], data.get("text"),
                                data.get("language", "en")))
    if bad_dir is not None and bad_dir.is_dir():
        for path in sorted(p for p in bad_dir.iterdir() if p.is_file() and not p.name.startswith(".")
                           and p.suffix != ".md"):
            raw = path.read_bytes()
            data = _loads(raw)
            job_id = data.get("job_id") if isinstance(data, dict) and isinstance(data.get("job_id"), str) else None
            inputs.append(DemoInput(path, job_id or path.stem, raw, job_id, bad=True))
    return inputs


def load_handmade(translations_dir: Optional[Path]) -> list[DemoTranslation]:
    """Read ``{"job_id", "language", "text"}`` files of ``translations_dir`` (sorted)."""
    out: list[DemoTranslation] = []
    if translations_dir is None or not translations_dir.is_dir():
        return out
    for path in sorted(translations_dir.glob("*.json")):
        data = orjson.loads(path.read_bytes())
        out.append(DemoTranslation(f"handmade:{path.name}", data["job_id"], data["language"], data["text"],
                                   "handmade", path))
    return out


def match_documents(inputs: list[DemoInput], rec: OutputRecorder, s: Settings) -> None:
    """Attach to each input its translation request or its dead letter (first one seen)."""
    requests: dict[str, dict] = {}
    for o in rec.of(s.topic_translation_requests):
        if isinstance(o.value, dict) and isinstance(o.value.get("job_id"), str):
            requests.setdefault(o.value["job_id"], o.value)
    by_payload: dict[str, dict] = {}
    by_job: dict[str, dict] = {}
    for o in rec.of(s.topic_dead_letter):
        if not isinstance(o.value, dict) or o.value.get("stage") == "reidentify":
            continue
        if isinstance(o.value.get("payload_base64"), str):
            by_payload.setdefault(o.value["payload_base64"], o.value)
        if isinstance(o.value.get("job_id"), str):
            by_job.setdefault(o.value["job_id"], o.value)
        if o.key:
            by_job.setdefault(o.key, o.value)
    for inp in inputs:
        if inp.done:
            continue
        if inp.job_id and inp.job_id in requests and not inp.bad:
            inp.request = requests[inp.job_id]
            continue
        dl = by_payload.get(b64(inp.raw)) or (by_job.get(inp.job_id) if inp.job_id else None) or by_job.get(inp.key)
        if dl is not None:
            inp.dead_letter = dl


def match_translations(translations: list[DemoTranslation], rec: OutputRecorder, s: Settings) -> None:
    """Attach to each translation its re-identified document or dead letter.

    A re-identified document carrying ``metadata.demo_translation`` is matched by that id; otherwise the
    k-th re-identified document of a job goes to the k-th translation sent for it (one partition per key
    keeps them in order).
    """
    by_id: dict[str, dict] = {}
    positional: dict[str, list[dict]] = collections.defaultdict(list)
    for o in rec.of(s.topic_reidentified):
        v = o.value
        if not isinstance(v, dict):
            continue
        tid = (v.get("metadata") or {}).get("demo_translation") if isinstance(v.get("metadata"), dict) else None
        if tid:
            by_id.setdefault(tid, v)
        elif isinstance(v.get("job_id"), str):
            positional[v["job_id"]].append(v)
    dead = {o.value.get("payload_base64"): o.value for o in rec.of(s.topic_dead_letter)
            if isinstance(o.value, dict) and o.value.get("stage") == "reidentify"}
    seen: dict[str, int] = collections.Counter()
    for t in translations:
        if t.tid in by_id:
            t.result = by_id[t.tid]
        elif b64(t.raw) in dead:
            t.dead_letter = dead[b64(t.raw)]
        else:
            i = seen[t.job_id]
            seen[t.job_id] += 1
            if i < len(positional[t.job_id]):
                t.result = positional[t.job_id][i]


async def wait_until(condition, *, timeout: float, worker: Optional["WorkerProcess"], rec: OutputRecorder,
                     what: str, progress=None) -> bool:
    """Poll ``condition()`` every 0.5 s until true (``True``) or ``timeout`` seconds (``False``).

    Raises:
        WorkerError: the worker exited meanwhile. RuntimeError: the output consumer failed.
    """
    deadline = time.monotonic() + timeout
    while True:
        if condition():
            return True
        if rec.error is not None:
            raise RuntimeError(f"output consumer failed: {rec.error!r}")
        if worker is not None:
            worker.check_alive()
        if time.monotonic() > deadline:
            return False
        if progress is not None:
            progress()
        await asyncio.sleep(0.5)


# ---------------------------------------------------------------------------------------------------------
# The demo
# ---------------------------------------------------------------------------------------------------------


@dataclass
class DemoResult:
    inputs: list[DemoInput]
    roundtrips: list[DemoTranslation]
    handmade: list[DemoTranslation]
    detected: dict[str, dict] = field(default_factory=dict)  # job_id -> documents.detected value
    machine: list[DemoTranslation] = field(default_factory=list)  # Apertium translations (anontools.devtools.translator)
    machine_note: str = ""
    example_table: Optional[dict] = None
    example_job: Optional[str] = None

    @property
    def lost(self) -> list[DemoInput]:
        return [i for i in self.inputs if not i.done]

    @property
    def inexact(self) -> list[DemoTranslation]:
        originals = {i.job_id: i.text for i in self.inputs if i.job_id}
        return [t for t in self.roundtrips
                if t.result is None or originals.get(t.job_id) is None or t.result.get("text") != originals[t.job_id]]

    @property
    def rejected_documents(self) -> list[DemoInput]:
        """Demo documents (not the deliberately bad inputs) that went to the dead-letter topic."""
        return [i for i in self.inputs if not i.bad and i.dead_letter is not None]

    @property
    def accepted_bad(self) -> list[DemoInput]:
        """Deliberately bad inputs that were not dead-lettered."""
        return [i for i in self.inputs if i.bad and i.request is not None]

    @property
    def stale_handmade(self) -> list[DemoTranslation]:
        """Hand-made translations whose marks are not those of the job's current anonymized text (the
        model changed): they are reported, not counted as failures."""
        requests = {i.job_id: i.request for i in self.inputs if i.request is not None}
        return [h for h in self.handmade if _marks(h.text) != _marks(str((requests.get(h.job_id) or {}).get("text", "")))]

    @property
    def failed_handmade(self) -> list[DemoTranslation]:
        """Current hand-made translations not restored entirely: no output, or any unknown or missing mark,
        or fewer restorations than marks (the counts come from ``restored``/``missing``/``unknown``)."""
        stale = {id(h) for h in self.stale_handmade}
        return [h for h in self.handmade if id(h) not in stale and (
            h.result is None or h.result.get("unknown_placeholders") or h.result.get("missing_placeholders")
            or h.result.get("restored") != len(_marks(h.text, distinct=False)))]

    @property
    def leak_scan(self) -> LeakScan:
        """The leak scan of issue 15: every translation request against the texts of the entities the worker
        detected for its job (``documents.detected``), with :func:`anontools.devtools.leaks.scan_records`."""
        def originals(job: str) -> list[str]:
            return [e["text"] for e in (self.detected.get(job) or {}).get("entities") or []
                    if isinstance(e, dict) and isinstance(e.get("text"), str)]

        return scan_records(((i.job_id, str(i.request.get("text", ""))) for i in self.inputs
                             if i.request is not None and i.job_id), originals)

    @property
    def ok(self) -> bool:
        """No input lost, no detected entity in clear, every round trip exact, every demo document anonymized,
        every bad input rejected, every current hand-made translation restored entirely, every machine
        translation answered."""
        return (not self.lost and not self.leak_scan.leaks and not self.inexact and all(t.done for t in self.roundtrips)
                and not self.rejected_documents and not self.accepted_bad and not self.failed_handmade
                and all(t.done for t in self.machine))


def _marks(text: str, distinct: bool = True) -> Any:
    """The placeholders written in ``text`` (a set, or a list with repeats)."""
    from app.reidentification.matching import find_placeholders

    found = [m.surface for m in find_placeholders(text)]
    return set(found) if distinct else found


async def run_demo(*, bootstrap: str, settings: Settings, worker: Optional[WorkerProcess], documents_dir: Path,
                   bad_dir: Optional[Path], translations_dir: Optional[Path], out_dir: Path, timeout: float,
                   console: Any) -> DemoResult:
    """Publish, wait, round-trip and collect; see the module docstring. Infrastructure must be running."""
    s = settings
    inputs = load_inputs(documents_dir, bad_dir)
    handmade = load_handmade(translations_dir)
    out_topics = [s.topic_detected, s.topic_resolved, s.topic_translation_requests, s.topic_reidentified,
                  s.topic_dead_letter]
    await ensure_topics(bootstrap, [s.topic_documents, s.topic_translation_results, *out_topics], s.topic_partitions)
    rec = OutputRecorder(bootstrap, out_topics, out_dir)
    await rec.start()
    try:
        console.print(f"publishing {sum(not i.bad for i in inputs)} documents and {sum(i.bad for i in inputs)} bad inputs "
                      f"to [bold]{s.topic_documents}[/]")
        await publish(bootstrap, s.topic_documents, [(i.key, i.raw) for i in inputs])

        t0 = time.monotonic()
        last = [-1]

        def docs_done() -> bool:
            match_documents(inputs, rec, s)
            return all(i.done for i in inputs)

        def progress() -> None:
            n = sum(i.done for i in inputs)
            if n != last[0]:
                last[0] = n
                console.print(f"  {n}/{len(inputs)} inputs have an output ({time.monotonic() - t0:.0f} s; the first "
                              "ones wait for the worker to load its models)")

        if not await wait_until(docs_done, timeout=timeout, worker=worker, rec=rec, what="documents", progress=progress):
            console.print(f"[red]timeout after {timeout:.0f} s: {len(inputs) - sum(i.done for i in inputs)} inputs "
                          "without output[/]")

        # untranslated round trips: the anonymized text comes back as its own translation
        roundtrips: list[DemoTranslation] = []
        for inp in inputs:
            if inp.request is not None:
                t = DemoTranslation(f"roundtrip:{inp.job_id}", inp.job_id or inp.key, inp.request["language"],
                                    inp.request["text"], "roundtrip")
                roundtrips.append(t)
        # the contract of translation services: the request's anonymization_id comes back with its translation
        ids = {inp.job_id: inp.request.get("anonymization_id") for inp in inputs if inp.request is not None}
        for t in [*roundtrips, *handmade]:
            bound = {"anonymization_id": ids[t.job_id]} if ids.get(t.job_id) else {}
            t.raw = orjson.dumps({"job_id": t.job_id, "text": t.text, "language": t.language,
                                  "metadata": {"demo_translation": t.tid}, **bound})
        if roundtrips:
            console.print(f"sending {len(roundtrips)} anonymized texts back unchanged to [bold]{s.topic_translation_results}[/]")
            await publish(bootstrap, s.topic_translation_results, [(t.job_id, t.raw) for t in roundtrips])

            def rt_done() -> bool:
                match_translations(roundtrips, rec, s)
                return all(t.done for t in roundtrips)

            if not await wait_until(rt_done, timeout=max(120.0, timeout / 3), worker=worker, rec=rec, what="round trips"):
                console.print("[red]timeout: some round trips have no re-identified output[/]")
        if handmade:
            console.print(f"sending {len(handmade)} hand-made translations")
            await publish(bootstrap, s.topic_translation_results, [(t.job_id, t.raw) for t in handmade])
            every = [*roundtrips, *handmade]

            def hm_done() -> bool:
                for t in every:
                    t.result = t.dead_letter = None
                match_translations(every, rec, s)
                return all(t.done for t in handmade)

            if not await wait_until(hm_done, timeout=120.0, worker=worker, rec=rec, what="hand-made translations"):
                console.print("[red]timeout: some hand-made translations have no re-identified output[/]")

        machine, note = await _machine_round_trips(inputs, bootstrap, s, rec, worker, console)
        result = DemoResult(inputs, roundtrips, handmade, machine=machine, machine_note=note)
        for o in rec.of(s.topic_detected):
            if isinstance(o.value, dict) and isinstance(o.value.get("job_id"), str):
                result.detected.setdefault(o.value["job_id"], o.value)
        return result
    finally:
        await rec.stop()


async def _machine_round_trips(inputs: list[DemoInput], bootstrap: str, s: Settings, rec: OutputRecorder,
                               worker: Optional["WorkerProcess"], console: Any) -> tuple[list[DemoTranslation], str]:
    """Translate every translation request with Apertium (:mod:`anontools.devtools.translator`: en→es, es→pt,
    pt→es; German has no pair), publish the results and wait for their re-identified documents."""
    from anontools.devtools.translator import available_routes, translate_requests

    routes = await asyncio.to_thread(available_routes)
    if not routes:
        note = "Apertium is not installed (apt-get install apertium-eng-spa apertium-es-pt): no machine-translation round trip"
        console.print(f"[yellow]{note}[/]")
        return [], note
    requests = [i.request for i in inputs if i.request is not None]
    results, stats = await asyncio.to_thread(translate_requests, requests, None, routes)
    note = f"Apertium translated {stats.translated} requests"
    if stats.no_pair:
        note += f"; {stats.no_pair} not translated (no Apertium pair for {', '.join(sorted(stats.languages_without_pair))})"
    console.print(note)
    machine: list[DemoTranslation] = []
    for r in results:
        t = DemoTranslation(f"apertium:{r['job_id']}", r["job_id"], r["language"], r["text"], "machine")
        r["metadata"] = {**(r.get("metadata") or {}), "demo_translation": t.tid}
        t.raw = orjson.dumps(r)
        machine.append(t)
    await publish(bootstrap, s.topic_translation_results, [(t.job_id, t.raw) for t in machine])

    def done() -> bool:
        match_translations(machine, rec, s)
        return all(t.done for t in machine)

    if not await wait_until(done, timeout=180.0, worker=worker, rec=rec, what="machine translations"):
        console.print("[red]timeout: some machine translations have no re-identified output[/]")
    return machine, note


def pick_example(result: DemoResult) -> Optional[DemoInput]:
    """The document to show before/after: one with an e-mail address and the most entities, else the most entities."""
    done = [i for i in result.inputs if i.request is not None and i.text]
    if not done:
        return None

    def n_entities(i: DemoInput) -> int:
        return len((result.detected.get(i.job_id or "") or {}).get("entities") or [])

    with_mail = [i for i in done if "@" in (i.text or "")]
    return max(with_mail or done, key=lambda i: (n_entities(i), -len(i.text or "")))


async def load_table(settings: Settings, job_id: str, anonymization_id: Optional[str] = None) -> Optional[dict]:
    """The JSON object of the job's table of solutions from Redis (``TableStore``; the newest without an
    anonymization id), or ``None``."""
    from app.store import TableStore

    store = TableStore.from_settings(settings)
    try:
        table = await store.load(job_id, anonymization_id)
        return None if table is None else table.to_dict()
    finally:
        await store.close()


def _entry_spans(entry: dict) -> list[tuple[Any, Any]]:
    """Original character spans of a table entry: ``spans`` (``[[start, end], ...]``) or, in the table format
    the store writes, ``mentions`` (``[{"start", "end", ...}, ...]``)."""
    if isinstance(entry.get("spans"), list):
        return [tuple(sp[:2]) for sp in entry["spans"] if isinstance(sp, (list, tuple)) and len(sp) >= 2]
    return [(m.get("start"), m.get("end")) for m in entry.get("mentions") or [] if isinstance(m, dict)]


def print_summary(result: DemoResult, console: Any, out_dir: Path) -> None:
    """The rich summary: counts, dead letters, entities per label, round trips, one example."""
    from rich.markup import escape as esc  # document texts and reasons are data, never rich markup
    from rich.panel import Panel
    from rich.table import Table

    docs = [i for i in result.inputs if not i.bad]
    bad = [i for i in result.inputs if i.bad]
    t = Table(title="Demo summary", show_header=False)
    t.add_row("documents in", f"{len(docs)} documents + {len(bad)} deliberately bad inputs")
    t.add_row("translation requests", str(sum(i.request is not None for i in result.inputs)))
    t.add_row("dead letters", str(sum(i.dead_letter is not None for i in result.inputs)))
    t.add_row("lost (no output, no dead letter)", f"[red]{len(result.lost)}[/]" if result.lost else "0")
    scan = result.leak_scan
    t.add_row("detected entities in clear (leak scan)",
              f"[{'red' if scan.leaks else 'green'}]{scan.leaks}[/] in {scan.records} requests "
              f"({scan.originals_checked} originals checked)"
              + (f": jobs {esc(', '.join(scan.leaking_jobs))}" if scan.leaks else ""))
    exact = len(result.roundtrips) - len(result.inexact)
    style = "green" if not result.inexact and result.roundtrips else "red"
    t.add_row("round trips restored exactly", f"[{style}]{exact}/{len(result.roundtrips)}[/]")
    if result.handmade:
        stale, failed = result.stale_handmade, result.failed_handmade
        current = len(result.handmade) - len(stale)
        style = "red" if failed else "green"
        t.add_row("hand-made translations restored entirely",
                  f"[{style}]{current - len(failed)}/{current}[/]" + (f" ({len(stale)} stale: marks differ from the current anonymized text)" if stale else ""))
    if result.machine or result.machine_note:
        answered = [m.result for m in result.machine if m.result is not None]
        t.add_row("Apertium round trips", esc(result.machine_note))
        t.add_row("  restored / missing / unknown marks",
                  f"{sum(r.get('restored', 0) for r in answered)} / {sum(len(r.get('missing_placeholders') or []) for r in answered)}"
                  f" / {sum(len(r.get('unknown_placeholders') or []) for r in answered)}"
                  f" (refused order-based: {sum(len(r.get('refused') or []) for r in answered)})")
    console.print(t)

    unexpected_dl = [i for i in docs if i.dead_letter is not None]
    unexpected_ok = [i for i in bad if i.request is not None]
    dl = Table(title="Dead letters")
    for col in ("input", "stage", "error type", "reason"):
        dl.add_column(col)
    for i in result.inputs:
        if i.dead_letter is not None:
            d = i.dead_letter
            dl.add_row(esc(i.source.name), esc(str(d.get("stage"))), esc(str(d.get("error_type"))), esc(str(d.get("reason"))),
                       style=None if i.bad else "red")
    console.print(dl)
    if unexpected_dl:
        console.print(f"[red]{len(unexpected_dl)} demo documents went to the dead-letter topic[/]")
    if unexpected_ok:
        console.print(f"[red]{len(unexpected_ok)} bad inputs were accepted: {esc(str([i.source.name for i in unexpected_ok]))}[/]")

    labels: collections.Counter = collections.Counter()
    for v in result.detected.values():
        for e in v.get("entities") or []:
            if isinstance(e, dict):
                labels[str(e.get("label"))] += 1
    lt = Table(title=f"Entities per label ({len(result.detected)} documents detected)")
    lt.add_column("label")
    lt.add_column("entities", justify="right")
    for label, n in labels.most_common():
        lt.add_row(esc(label), str(n))
    console.print(lt)

    if result.inexact:
        console.print("[red]round trips that did not restore the original exactly:[/] "
                      + esc(", ".join(t.job_id for t in result.inexact)))
    if result.handmade:
        ht = Table(title="Hand-made translations")
        for col in ("file", "job", "language", "restored", "unknown", "missing"):
            ht.add_column(col)
        for h in result.handmade:
            r = h.result or {}
            ht.add_row(esc(h.source.name if h.source else h.tid), esc(h.job_id), esc(h.language),
                       str(r.get("restored", "-")) if h.result else ("dead letter" if h.dead_letter else "no output"),
                       esc(", ".join(map(str, r.get("unknown_placeholders") or []))),
                       esc(", ".join(map(str, r.get("missing_placeholders") or []))))
        console.print(ht)

    ex = next((i for i in result.inputs if i.job_id == result.example_job), None)
    if ex is not None and ex.request is not None:
        console.print(Panel(esc(ex.text or ""), title=esc(f"{ex.job_id}: original"), expand=False))
        console.print(Panel(esc(str(ex.request.get("text", ""))), title=esc(f"{ex.job_id}: anonymized (sent to translation)"),
                            expand=False))
        tab = result.example_table
        if tab is None:
            console.print("[yellow]table of solutions not found in Redis[/]")
        else:
            tt = Table(title=esc(f"Table of solutions of {ex.job_id} (from Redis, method {tab.get('method')})"))
            for col in ("placeholder", "label", "chain", "surfaces", "spans"):
                tt.add_column(col)
            for e in tab.get("entries") or []:
                tt.add_row(esc(str(e.get("placeholder"))), esc(str(e.get("label"))), esc(str(e.get("chain_id"))),
                           esc(" | ".join(map(str, e.get("surfaces") or []))),
                           esc(" ".join(f"[{a},{b})" for a, b in _entry_spans(e))))
            console.print(tt)
    console.print(f"outputs written to {out_dir}/<topic>.jsonl; worker log: {out_dir}/worker.log")


def _parse_args(argv: Optional[list[str]]) -> argparse.Namespace:
    root = repo_root() or Path.cwd()
    p = argparse.ArgumentParser(prog="python -m anontools.devtools.demo", description=__doc__.split("\n\n")[0])
    p.add_argument("--documents", type=Path, default=root / "demo" / "documents")
    p.add_argument("--bad", type=Path, default=root / "demo" / "bad")
    p.add_argument("--translations", type=Path, default=root / "demo" / "translations")
    p.add_argument("--out", type=Path, default=root / "out")
    p.add_argument("--redis-url", default=os.environ.get("REDIS_URL") or os.environ.get("ANON_REDIS_URL") or DEFAULT_REDIS_URL)
    p.add_argument("--timeout", type=float, default=600.0,
                   help="seconds to wait for all documents (includes the worker's model loading)")
    p.add_argument("--key-prefix", default="anon:demo:table:", help="Redis key prefix of the demo's tables")
    return p.parse_args(argv)


def main(argv: Optional[list[str]] = None) -> int:
    """Entry point; returns the exit code (see the module docstring)."""
    from rich.console import Console
    from rich.markup import escape

    args = _parse_args(argv)
    console = Console(width=None if sys.stdout.isatty() else 120)
    out_dir: Path = args.out
    out_dir.mkdir(parents=True, exist_ok=True)

    def on_sigterm(signum, frame):  # make SIGTERM unwind like Ctrl-C so everything is stopped
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, on_sigterm)
    broker = TansuBroker(log_path=out_dir / "tansu.log")
    redis = LocalRedis(args.redis_url, log_path=out_dir / "redis.log")
    worker: Optional[WorkerProcess] = None
    try:
        try:
            broker.start()
            console.print(f"Tansu broker at {broker.bootstrap}")
            redis.start()
            console.print(f"Redis at {redis.url}" + (" (started locally)" if redis.started else ""))
        except (TansuError, RedisUnavailable) as exc:
            console.print(f"[red]cannot set up the demo:[/] {escape(str(exc))}")
            return 2
        base = Settings()
        # tables are encrypted at rest: the user's keys when set, else a key made for this demo run only
        from app.crypto import generate_key, load_keys

        keys = ",".join(load_keys(base)) or generate_key()
        settings = Settings(broker_url=broker.broker_url, redis_url=redis.url, app_id="anonymizer-demo",
                            table_key_prefix=args.key_prefix, table_keys=keys, table_keys_file="",
                            table_hmac_secret=base.table_hmac_secret or derived_hmac_secret(keys),
                            table_ttl_seconds=min(base.table_ttl_seconds, 24 * 3600))
        (out_dir / "worker.log").write_bytes(b"")
        worker = WorkerProcess(
            broker_url=broker.broker_url, redis_url=redis.url, app_id=settings.app_id, log_path=out_dir / "worker.log",
            extra_env={"ANON_TABLE_KEY_PREFIX": settings.table_key_prefix,
                       "ANON_TABLE_TTL_SECONDS": str(settings.table_ttl_seconds),
                       "ANON_TABLE_KEYS": settings.table_keys, "ANON_TABLE_KEYS_FILE": "",
                       "ANON_TABLE_HMAC_SECRET": settings.table_hmac_secret, **every_method_policy()},
        ).start()
        console.print(f"worker started (pid {worker.proc.pid}, log {out_dir / 'worker.log'})")
        try:
            result = asyncio.run(run_demo(
                bootstrap=broker.bootstrap, settings=settings, worker=worker, documents_dir=args.documents,
                bad_dir=args.bad, translations_dir=args.translations, out_dir=out_dir, timeout=args.timeout,
                console=console))
        except WorkerError as exc:
            console.print(f"[red]{escape(str(exc))}[/]")
            return 2
        ex = pick_example(result)
        if ex is not None and ex.job_id:
            result.example_job = ex.job_id
            try:
                result.example_table = asyncio.run(load_table(settings, ex.job_id))
            except Exception as exc:  # show the rest of the summary anyway
                console.print(f"[yellow]could not read the table from Redis: {type(exc).__name__}[/]")
        print_summary(result, console, out_dir)
        if result.ok:
            console.print("[bold green]demo OK[/]")
            return 0
        console.print("[bold red]demo FAILED[/]: "
                      f"{len(result.lost)} inputs lost, {result.leak_scan.leaks} detected entities in clear, "
                      f"{len(result.inexact)} round trips not exact, "
                      f"{len(result.rejected_documents)} demo documents dead-lettered, "
                      f"{len(result.accepted_bad)} bad inputs accepted, "
                      f"{len(result.failed_handmade)} hand-made translations not restored entirely")
        return 1
    except KeyboardInterrupt:
        console.print("[yellow]interrupted; stopping[/]")
        return 130
    finally:
        if worker is not None:
            worker.stop()
        redis.stop()
        broker.stop()
        signal.signal(signal.SIGTERM, previous)


if __name__ == "__main__":
    sys.exit(main())
