"""The ``poison`` fault scenario (:mod:`anontools.devtools.faults`):

    messages that make a stage fail (on ``documents``, ``documents.detected``, ``documents.resolved`` and
    ``translation.results``), each followed by good messages with the same key (same partition): each
    poison message gives exactly one dead letter with its stage and reason; the messages behind it are
    processed.
"""

from __future__ import annotations

import time
from typing import Any, Optional

import orjson

from anontools.devtools.faults.accounting import account, check_tables, common_checks, Input, match
from anontools.devtools.faults.inputs import make_documents, STREAM_METHODS
from anontools.devtools.faults.run import Run
from anontools.devtools.faults.stream import log_count, publish, settle, start_workers, wait_answered


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
    _, prefix, (w1,) = await start_workers(run, "poison")
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
                "worker_crash_lines": log_count([w1.log_path], "crashed")})
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
    common_checks(fig, problems)
    return fig, problems


# Stall (issue 15): hostile inputs must not delay the other documents


def _job_of(raw: bytes) -> Optional[str]:
    try:
        v = orjson.loads(raw)
    except orjson.JSONDecodeError:
        return None
    return v.get("job_id") if isinstance(v, dict) and isinstance(v.get("job_id"), str) else None


def _short(raw: bytes) -> str:
    v = _job_of(raw)
    return v.rsplit("-", 1)[-1] if v else repr(raw[:12])
