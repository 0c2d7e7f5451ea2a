"""The ``stall`` fault scenario (:mod:`anontools.devtools.faults`):

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
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import statistics
import time
import uuid
from typing import Any, Callable, Optional

import orjson

from anontools.devtools.faults.inputs import make_documents
from anontools.devtools.faults.run import Run
from anontools.devtools.harness.kafka import Out
from anontools.devtools.harness.processes import loadavg
from anontools.devtools.harness.worker import every_method_policy, WorkerProcess


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
    # stop 43: inputs on which a pattern recognizer's regular expression took quadratic time before (60,000 to 140,000
    # characters: 32 s, 5 s and 8.9 s of detection in stop 42's code, under 0.1 s now)
    id_keywords = "ID " * 20_000
    amount_groups = "756." * 20_000
    local_part_runs = "1234/24.5T9PRT" * 10_000
    # stop 44: a long chat export and a long table, the inputs of the chat and table readers
    speakers = [name.capitalize() for name in _invented_names(40, length=6)]
    chat = "".join(f"[{h % 24:02d}:{h % 60:02d}] {speakers[h % 40]}: ok, see you at {h % 12 + 1} with "
                   f"{speakers[(h + 7) % 40].lower()}\n" for h in range(2_000))
    table = "Name;Vorname;Telefon\n" + "".join(f"{speakers[i % 40]};{speakers[(i + 3) % 40]};0{i:09d}\n"
                                                  for i in range(3_000))
    return [
        ("kmask-place-names", {"job_id": f"{prefix}-kmask", "language": "en", "method": "kmask", "text": kmask_text}),
        ("id-keywords-in-capitals", {"job_id": f"{prefix}-idkw", "language": "en", "method": "tag",
                                     "text": id_keywords}),
        ("amount-groups", {"job_id": f"{prefix}-amounts", "language": "en", "method": "tag", "text": amount_groups}),
        ("local-part-runs", {"job_id": f"{prefix}-runs", "language": "en", "method": "tag", "text": local_part_runs}),
        ("tag-16000-emails", {"job_id": f"{prefix}-tag", "language": "en", "method": "tag", "text": mails}),
        ("substitute-4000-entities", {"job_id": f"{prefix}-substitute", "language": "en", "method": "substitute",
                                      "text": persons}),
        ("chat-2000-lines", {"job_id": f"{prefix}-chat", "language": "en", "method": "tag", "text": chat}),
        ("table-3000-rows", {"job_id": f"{prefix}-table", "language": "de", "method": "tag", "text": table}),
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
        loads["baseline"] = loadavg()
        run.event("baseline window done")
        if hostile > 0:
            cases.update(await _pool_full(run, prefix, hostile, hostile_case, windows, outcome, timeout=timeout,
                                          interval=interval, worker=worker))
            loads[windows[-1][0]] = loadavg()
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
