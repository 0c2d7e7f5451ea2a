"""Stage isolation (app/isolation.py) and the agents' lanes (agents/common.py: consume), issue 15.

The pool tests start a real zygote (``python -m app.isolation``) and its forks without NER models
(``ANON_PRELOAD_LANGUAGES=""``) and run the coreference stage, which needs none. The expensive input is a
coreference of many entities; the budgets are set far below what it needs, so the assertions do not
depend on the machine's speed (no timing is asserted)."""

import asyncio
import os

import orjson
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import agents.common as common
from app.isolation import StageFailed, StagePool
from app.pipeline import StageError
from app.settings import Settings
from app.startup import ConfigurationError


def detected(job_id: str, names: int) -> bytes:
    words = [f"Name{i} Smith{i}" for i in range(names)]
    text = ". ".join(words) + "."
    entities, pos = [], 0
    for w in words:
        entities.append({"start": pos, "end": pos + len(w), "label": "PERSON", "text": w, "source": "t", "score": 1.0})
        pos += len(w) + 2
    return orjson.dumps({"job_id": job_id, "text": text, "language": "en", "method": "tag", "entities": entities})


CHEAP = detected("cheap", 1)
EXPENSIVE = detected("expensive", 60_000)  # several CPU seconds of coreference


@pytest.fixture
def preload_nothing(monkeypatch):
    monkeypatch.setenv("ANON_PRELOAD_LANGUAGES", "")


def pool_with(**settings) -> StagePool:
    return StagePool(Settings(max_entities=100_000, **settings))


async def test_a_stage_runs_in_a_child_and_refusals_keep_their_reason(preload_nothing):
    pool = pool_with(stage_processes=1)
    try:
        assert await pool.start() == []
        job_id, payload = await pool.run("corefer", "corefer", CHEAP)
        assert job_id == "cheap" and orjson.loads(payload)["chains"] == [{"chain_id": 0, "label": "PERSON", "mentions": [0]}]
        with pytest.raises(StageError) as refused:
            await pool.run("corefer", "corefer", b"not json")
        assert (refused.value.reason, refused.value.error_type) == ("message is not valid JSON (UTF-8)", "invalid_input")
        # the child's own settings are the pool's: its limit, not the environment's default
        limited = StagePool(Settings(max_entities=2, stage_processes=1))
        await limited.start()
        with pytest.raises(StageError) as too_many:
            await limited.run("corefer", "corefer", detected("three", 3))
        assert (too_many.value.reason, too_many.value.error_type) == ("3 entities exceed max_entities (2)", "too_expensive")
        limited.close()
    finally:
        pool.close()


@pytest.mark.parametrize("budget, reason", [
    ({"stage_cpu_seconds": 1, "stage_wall_seconds": 600}, "corefer exceeded its CPU budget (stage_cpu_seconds=1)"),
    # a second, not less: the cheap document after it runs on a fresh fork, which a loaded machine may slow down
    ({"stage_cpu_seconds": 600, "stage_wall_seconds": 1},
     "corefer exceeded its wall-clock budget (stage_wall_seconds=1)"),
])
async def test_a_document_over_budget_is_too_expensive_and_its_process_is_replaced(preload_nothing, budget, reason):
    pool = pool_with(stage_processes=1, stage_small_input_bytes=0, **budget)  # the cheap call waits for slot 0
    try:
        await pool.start()
        first = pool._children[0].pid
        with pytest.raises(StageError) as over:
            await pool.run("corefer", "corefer", EXPENSIVE)
        assert (over.value.reason, over.value.error_type) == (reason, "too_expensive")
        with pytest.raises(ProcessLookupError):  # killed (and reaped by the zygote)
            for _ in range(100):
                os.kill(first, 0)
                await asyncio.sleep(0.05)
        job_id, _ = await pool.run("corefer", "corefer", CHEAP)  # a new fork of the zygote
        assert job_id == "cheap" and pool._children[0].pid != first
    finally:
        pool.close()


async def test_an_expensive_document_does_not_hold_a_cheap_one(preload_nothing):
    pool = pool_with(stage_processes=2, stage_cpu_seconds=600, stage_wall_seconds=600)
    try:
        await pool.start()
        finished: list[str] = []

        async def run(raw):
            job_id, _ = await pool.run("corefer", "corefer", raw)
            finished.append(job_id)

        expensive = asyncio.create_task(run(EXPENSIVE))
        await asyncio.sleep(0.1)
        await run(CHEAP)
        assert finished == ["cheap"] and not expensive.done()
        await expensive
        assert finished == ["cheap", "expensive"]
    finally:
        pool.close()


@pytest.mark.parametrize("small_bytes, first", [
    (10_000, ["cheap", "expensive", "expensive2"]),  # the reserved process takes the cheap input at once
    # without it the cheap input waits (behind both; it may then finish a hair before expensive2 returns)
    (0, ["expensive"]),
])
async def test_a_reserved_process_serves_small_inputs_while_large_ones_hold_the_others(preload_nothing, small_bytes,
                                                                                        first):
    # the expensive inputs (8,000 entities, ~0.8 MB: large) take far longer than the cheap one (~200 bytes: small)
    pool = pool_with(stage_processes=1, stage_small_input_bytes=small_bytes, stage_cpu_seconds=600,
                     stage_wall_seconds=600)
    try:
        await pool.start()
        assert sorted(pool._children) == ([0, 1] if small_bytes else [0])
        finished: list[str] = []

        async def run(raw):
            job_id, _ = await pool.run("corefer", "corefer", raw)
            finished.append(job_id)

        one = asyncio.create_task(run(detected("expensive", 8_000)))
        await asyncio.sleep(0.05)
        while pool._pending:  # until the general process took it
            await asyncio.sleep(0.01)
        # large too: it waits for the general process and never takes the reserved one
        two = asyncio.create_task(run(detected("expensive2", 8_000)))
        await asyncio.sleep(0.2)
        assert [job.args[0] for job in pool._pending] == [detected("expensive2", 8_000)]
        await asyncio.gather(one, two, run(CHEAP))
        assert finished[:len(first)] == first and sorted(finished) == ["cheap", "expensive", "expensive2"]
    finally:
        pool.close()


async def test_a_cancelled_wait_for_a_stage_process_loses_no_process(preload_nothing):
    # every input is small here, so both processes (general and reserved) take the expensive ones
    pool = pool_with(stage_processes=1, stage_small_input_bytes=10_000_000, stage_cpu_seconds=600,
                     stage_wall_seconds=600)
    try:
        await pool.start()
        busy = [asyncio.create_task(pool.run("corefer", "corefer", detected(f"busy{i}", 20_000))) for i in range(2)]
        await asyncio.sleep(0.05)
        while pool._pending:
            await asyncio.sleep(0.01)
        # cancelled while waiting: it leaves the queue
        waiter = asyncio.create_task(pool.run("corefer", "corefer", CHEAP))
        await asyncio.sleep(0.05)
        assert len(pool._pending) == 1
        waiter.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiter
        assert not pool._pending
        assert sorted(job_id for job_id, _ in await asyncio.gather(*busy)) == ["busy0", "busy1"]
        # cancelled while running: its outcome is dropped and the process serves the next input
        running = asyncio.create_task(pool.run("corefer", "corefer", detected("dropped", 20_000)))
        await asyncio.sleep(0.05)
        while pool._pending:
            await asyncio.sleep(0.01)
        running.cancel()
        with pytest.raises(asyncio.CancelledError):
            await running
        results = await asyncio.gather(*(pool.run("corefer", "corefer", detected(f"after{i}", 1)) for i in range(4)))
        assert sorted(job_id for job_id, _ in results) == ["after0", "after1", "after2", "after3"]
        assert all(feeder.is_alive() for feeder in pool._feeders.values()) and len(pool._feeders) == 2
    finally:
        pool.close()


def test_a_small_input_takes_a_free_general_process_before_the_reserved_one():
    import threading

    from app.isolation import _Job

    pool = pool_with(stage_processes=1, stage_small_input_bytes=10_000)
    loop = asyncio.new_event_loop()
    try:
        small = _Job("corefer", (CHEAP,), True, loop.create_future())
        large = _Job("corefer", (b"x" * 20_000,), False, loop.create_future())
        pool._pending.extend([large, small])
        pool._free_general = 1  # a general feeder is waiting: the reserved one leaves the small input to it
        taken: list = []
        reserved = threading.Thread(target=lambda: taken.append(pool._take(reserved=True)))
        reserved.start()
        reserved.join(0.3)
        assert reserved.is_alive() and taken == []
        with pool._queue:  # the general process became busy: the reserved one takes the small input, never the large
            pool._free_general = 0
            pool._queue.notify_all()
        reserved.join(5)
        assert taken == [[small]] and list(pool._pending) == [large]
        assert pool._take(reserved=False) == [large]  # a general process takes any input, first come first served
        pool._closed = True
        assert pool._take(reserved=False) is None  # closed: the feeders end
    finally:
        loop.close()
        pool.close()


async def test_a_failure_in_a_child_is_reported_by_type(preload_nothing):
    pool = pool_with(stage_processes=1)
    try:
        await pool.start()
        with pytest.raises(StageFailed) as failed:
            await pool.run("detect", "no_such_stage", CHEAP)
        assert failed.value.error_name == "KeyError"
    finally:
        pool.close()


async def test_a_call_that_fails_in_the_worker_is_reported_and_its_process_replaced(preload_nothing):
    pool = pool_with(stage_processes=1, stage_small_input_bytes=0)
    try:
        await pool.start()
        first = pool._children[0].pid
        with pytest.raises(StageFailed) as failed:  # an argument that cannot be pickled never reaches the child
            await pool.run("corefer", "corefer", lambda: None)
        assert failed.value.error_name in {"PicklingError", "AttributeError"}
        job_id, _ = await pool.run("corefer", "corefer", CHEAP)  # the feeder lives on, with a new process
        assert job_id == "cheap" and pool._children[0].pid != first
    finally:
        pool.close()


async def test_inline_mode_runs_in_the_worker_process(preload_nothing):
    pool = pool_with(stage_processes=0)
    await pool.start()
    assert (await pool.run("corefer", "corefer", CHEAP))[0] == "cheap"
    with pytest.raises(StageError):
        await pool.run("corefer", "corefer", b"[]")
    pool.close()


# --- start-up: the configuration checked in the zygote, the models loaded once -------------------------------


def _write(tmp_path, name: str, data: dict) -> str:
    path = tmp_path / name
    path.write_text(orjson.dumps(data).decode(), "utf-8")
    return str(path)


def test_open_checks_the_configuration_in_the_zygote(tmp_path, monkeypatch):
    monkeypatch.setenv("ANON_COREFERENCE_CONFIG", _write(tmp_path, "coref.json",
                                                         {"en": {"labels": {"PERSON": {"rules": ["partiall"]}}}}))
    pool = pool_with(stage_processes=1, preload_languages=["en"])
    try:
        with pytest.raises(ConfigurationError, match=r"^coreference for language 'en' \(ANON_COREFERENCE_CONFIG\): "
                                                     r"unknown coreference rule 'partiall'"):
            pool.open()
        assert pool._zygote is None
    finally:
        pool.close()


async def test_an_error_found_while_the_zygote_loads_reaches_the_worker(tmp_path, monkeypatch):
    """The zygote's check passes; building the detector then fails on an option: :meth:`StagePool.sleep` (the
    worker waiting for the broker) and :meth:`StagePool.start` (Faust running) raise the configuration error."""
    monkeypatch.setenv("ANON_DETECTION_CONFIG", _write(tmp_path, "det.json", {
        "*": {"recognizers": ["email", "gazetteer"], "gazetteer_min_population": "many"}}))
    reason = r"^detection for language 'en' .*invalid literal for int\(\) with base 10: 'many'"
    pool = pool_with(stage_processes=1, preload_languages=["en"])
    try:
        pool.open()  # the names are right
        with pytest.raises(ConfigurationError, match=reason):
            pool.wait_loaded(120)
    finally:
        pool.close()
    pool = pool_with(stage_processes=1, preload_languages=["en"])
    try:
        pool.open()
        with pytest.raises(ConfigurationError, match=reason):
            await pool.start()
    finally:
        pool.close()


async def test_a_zygote_started_by_open_serves_the_stage_processes(tmp_path, monkeypatch):
    monkeypatch.setenv("ANON_DETECTION_CONFIG", _write(tmp_path, "det.json", {"*": {"recognizers": ["email"]}}))
    pool = pool_with(stage_processes=1, preload_languages=["en", "de"])
    try:
        pool.open()
        zygote = pool._zygote
        pool.sleep(0.1)
        assert await pool.start() == [("en", ("ok", None)), ("de", ("ok", None))]
        assert pool._zygote is zygote and zygote.alive  # no second zygote
        job_id, _, held = await pool.run("detect", "detect", orjson.dumps(
            {"job_id": "mail", "language": "de", "text": "Schreiben Sie an a.b@example.org."}))
        assert job_id == "mail" and held is False
    finally:
        pool.close()


async def test_inline_mode_checks_and_loads_the_pipeline_it_runs(tmp_path, monkeypatch):
    import app.pipeline
    from app.detection.config import _cached_config

    monkeypatch.setenv("ANON_DETECTION_CONFIG", _write(tmp_path, "det.json", {"*": {"recognizers": ["email"]}}))
    built = []

    class Counted(app.pipeline.Pipeline):
        def __init__(self, *args, **kwargs):
            built.append(self)
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(app.pipeline, "Pipeline", Counted)
    _cached_config.cache_clear()  # this test's detection configuration (patterns only: no NER model)
    pool = pool_with(stage_processes=0, preload_languages=["en"])
    try:
        pool.open()
        assert list(built[0]._detectors) == ["en"]
        assert await pool.start() == [("en", ("ok", None))]
        assert (await pool.run("corefer", "corefer", CHEAP))[0] == "cheap"
        assert len(built) == 1  # checked, loaded and run: one pipeline
    finally:
        pool.close()
        _cached_config.cache_clear()


# --- consume: lanes per key ---------------------------------------------------------------------------


class Event:
    def __init__(self, key, value):
        self.key, self.value = key, value


class FakeStream:
    """The part of a Faust stream ``consume`` uses: ``noack()``, ``events()``, ``ack(event)``."""

    def __init__(self, events):
        self._events, self.acked = events, []

    def noack(self):
        return self

    async def events(self):
        for event in self._events:
            yield event

    async def ack(self, event):
        self.acked.append(event.value)


async def test_consume_keeps_the_order_per_key_and_runs_keys_concurrently(monkeypatch):
    out = []
    monkeypatch.setattr(common, "forward", lambda topic, job_id, payload: _record(out, payload))
    release = {b"a1": asyncio.Event()}
    order = []

    async def work(raw):
        order.append(("start", raw))
        if raw in release:
            await release[raw].wait()  # the slow document of key a
        order.append(("end", raw))
        return common.Output("topic", raw.decode(), raw)

    stream = FakeStream([Event(b"a", b"a1"), Event(b"a", b"a2"), Event(b"b", b"b1"), Event(b"b", b"b2")])
    task = asyncio.create_task(common.consume(stream, "detect", work, lanes=4))
    for _ in range(50):
        await asyncio.sleep(0)
    # key b went through while a1 was held; a2 waits behind a1 (same key); nothing of key a acked yet
    assert out == [b"b1", b"b2"] and stream.acked == [b"b1", b"b2"] and ("start", b"a2") not in order
    release[b"a1"].set()
    await task
    assert out == [b"b1", b"b2", b"a1", b"a2"] and stream.acked == [b"b1", b"b2", b"a1", b"a2"]


async def _record(out, payload):
    out.append(payload)


# --- batches of small inputs (issue 18) --------------------------------------------------------------------


def document(job_id: str, text: str, **fields) -> bytes:
    return orjson.dumps({"job_id": job_id, "text": text, "language": "en", **fields})


LETTERS = [
    document("b0", "Dear Mr John Smith, your appointment in Boston is on 3 March 2024."),
    document("b1", "Maria Garcia wrote to Acme Corporation from Madrid; call her on +44 20 7946 0958."),
    document("b2", "The court heard Peter Müller and Anna Kowalski in London."),
    b"not json",  # refused alone inside the batch
    document("b3", "Send the invoice to jane.doe@example.com before Friday.", method="no_such_method"),
    document("b4", "Nothing personal here at all."),
]


def test_a_batch_is_what_waits_behind_a_batchable_input_within_its_limits():
    from app.isolation import _Job

    pool = pool_with(stage_processes=1, stage_small_input_bytes=100, agent_batch_size=3, stage_batch_bytes=250)
    loop = asyncio.new_event_loop()
    try:
        def job(name, size, solo=False):
            return _Job(name, (b"x" * size,), size <= 100, loop.create_future(), size, solo)

        first, other_stage, large, second, gone, solo, third, fourth = (
            job("detect", 50), job("reidentify", 10), job("detect", 210), job("detect", 80), job("detect", 10),
            job("detect", 10, solo=True), job("detect", 90), job("detect", 10))
        gone.future.cancel()
        pool._pending.extend([first, other_stage, large, second, gone, solo, third, fourth])
        # the same call, not solo, not cancelled, 3 inputs at most, 250 bytes at most together (large does not fit)
        assert pool._take(reserved=False) == [first, second, third]
        assert list(pool._pending) == [other_stage, large, gone, solo, fourth]
        assert pool._take(reserved=False) == [other_stage]  # a call that is never batched: alone
        assert pool._take(reserved=False) == [large, fourth]  # a large input batches with what still fits
        assert pool._take(reserved=False) == [solo]  # a solo input (its batch failed) runs alone
        over, after = job("detect", 300), job("detect", 10)
        pool._pending.extend([over, after])
        assert pool._take(reserved=False) == [over]  # over stage_batch_bytes: never batched
        assert pool._take(reserved=False) == [after]
        small, big, small2 = job("detect", 20), job("detect", 150), job("detect", 30)
        pool._pending.extend([small, big, small2])
        assert pool._take(reserved=True) == [small, small2]  # the reserved process batches small inputs only
        # another general process idle: a batch takes its share of what waits (3 of 5), the idle process the rest
        waiting = [job("detect", 10) for _ in range(5)]
        pool._pending.clear()
        pool._pending.extend(waiting)
        pool._free_general = 1
        assert pool._take(reserved=False) == waiting[:3]
        pool._free_general = 0
        assert pool._take(reserved=False) == waiting[3:]
    finally:
        loop.close()
        pool.close()


async def _hold_then_run(pool: StagePool, name: str, raws: list[bytes], busy_input: bytes = EXPENSIVE) -> tuple:
    """Keep the only stage process busy with an expensive coreference (``busy_input``), queue ``raws`` for the call
    ``name`` meanwhile, and return each one's result or the ``(reason, error_type)`` of the StageError it raised,
    and the busy call's result."""
    busy = asyncio.create_task(pool.run("corefer", "corefer", busy_input))
    await asyncio.sleep(0.05)
    while pool._pending:
        await asyncio.sleep(0.01)

    async def run(raw):
        try:
            return await pool.run(name, name, raw)
        except StageError as exc:
            return (exc.reason, exc.error_type)

    results = await asyncio.gather(*(run(raw) for raw in raws))
    return list(results), await busy


def test_detect_decides_the_review_hold_in_the_stage_process():
    """The stage returns the message to send and whether it is a hold: the detected document as it is, or with the
    policy's reasons for ``documents.review`` (the worker process only picks the topic)."""
    from app.isolation import detect
    from app.pipeline import Pipeline

    pipeline = Pipeline(Settings(preload_languages=["en"]))
    text = "Write to a.b@example.org."
    plain = orjson.dumps({"job_id": "j1", "language": "en", "text": text})
    flagged = orjson.dumps({"job_id": "j2", "language": "en", "text": text, "metadata": {"review": True}})
    job_id, payload, held = detect(pipeline, plain)
    assert (job_id, held) == ("j1", False)
    sent = orjson.loads(payload)
    assert "review_reasons" not in sent and [(e["start"], e["end"], e["label"]) for e in sent["entities"]] == [(9, 24, "EMAIL")]
    job_id, payload, held = detect(pipeline, flagged)
    hold = orjson.loads(payload)
    assert (job_id, held, hold["review_reasons"]) == ("j2", True, ["flag"])
    assert {k: v for k, v in hold.items() if k not in ("review_reasons", "metadata", "job_id")} == \
        {k: v for k, v in sent.items() if k not in ("metadata", "job_id")}


def _expected(raws: list[bytes]) -> list:
    """Each input detected alone, in this process (the float model, as the stage processes run it)."""
    from app.isolation import detect
    from app.pipeline import Pipeline
    from models.records import InvalidMessage

    pipeline = Pipeline(Settings())
    out = []
    for raw in raws:
        try:
            out.append(detect(pipeline, raw))
        except (InvalidMessage, StageError) as exc:
            out.append((exc.reason, getattr(exc, "error_type", "invalid_input")))
    return out


@pytest.fixture
def preload_english(monkeypatch):
    monkeypatch.setenv("ANON_PRELOAD_LANGUAGES", "en")


async def test_waiting_detect_inputs_run_as_one_batch_with_the_results_they_get_alone(preload_english):
    pool = pool_with(stage_processes=1, stage_small_input_bytes=0, stage_cpu_seconds=600, stage_wall_seconds=600)
    try:
        await pool.start()
        results, _ = await _hold_then_run(pool, "detect", LETTERS)
        assert pool.batch_counts == {"batches": 1, "batched": len(LETTERS)}
        assert results == _expected(LETTERS)
        assert results[3] == ("message is not valid JSON (UTF-8)", "invalid_input")
        assert results[4][1] == "invalid_input" and "no_such_method" in results[4][0]
        found = orjson.loads(results[0][1])["entities"]
        assert {e["text"]: e["label"] for e in found}["John Smith"] == "PERSON"
    finally:
        pool.close()


async def test_a_batch_over_its_budget_runs_again_document_by_document(preload_english, caplog):
    pool = pool_with(stage_processes=1, stage_small_input_bytes=0, stage_cpu_seconds=600, stage_wall_seconds=600,
                     stage_batch_wall_seconds=0.001)  # no batch of detection fits: every batch fails
    try:
        await pool.start()
        first = pool._children[0].pid
        results, _ = await _hold_then_run(pool, "detect", LETTERS)
        assert pool.batch_counts == {"failed": 1}
        assert results == _expected(LETTERS)  # no document lost its result, none got a batch's error
        assert pool._children[0].pid != first  # the batch's process was killed and replaced
        assert "a batch of 6 detect inputs failed (budget); each runs again alone" in caplog.text
    finally:
        pool.close()


async def test_waiting_coreference_inputs_run_as_one_batch_each_with_its_own_outcome(preload_nothing):
    pool = StagePool(Settings(stage_processes=1, stage_small_input_bytes=0, stage_cpu_seconds=600,
                              stage_wall_seconds=600, max_entities=20_000))
    try:
        await pool.start()
        raws = [detected("one", 1), b"[]", detected("many", 25_000)[:30_000], detected("two", 2)]
        results, busy = await _hold_then_run(pool, "corefer", raws, detected("busy", 8_000))  # large: never batched
        assert busy[0] == "busy"
        assert pool.batch_counts == {"batches": 1, "batched": 4}
        assert [r[0] for r in results] == ["one", "message is a JSON list, expected an object",
                                           "message is not valid JSON (UTF-8)", "two"]  # (a cut message: not JSON)
        assert [len(orjson.loads(results[i][1])["chains"]) for i in (0, 3)] == [1, 2]
    finally:
        pool.close()


def _queue_strategy():
    # mostly detect inputs, few solo or cancelled ones, so that batches form and meet their limits in few examples
    job = st.tuples(st.sampled_from(["detect"] * 4 + ["corefer", "reidentify"]), st.integers(1, 300),
                    st.sampled_from([False] * 4 + [True]), st.sampled_from([False] * 4 + [True]))
    return st.lists(job, min_size=1, max_size=30)  # (name, size, solo, cancelled)



@given(queue=_queue_strategy(), reserved=st.booleans(), free=st.integers(0, 3), size=st.integers(1, 8),
       limit=st.integers(0, 1000))
@example(queue=[("detect", 60, False, False)] * 3, reserved=False, free=0, size=8, limit=100)  # the byte limit
@example(queue=[("detect", 10, False, False)] * 6, reserved=False, free=1, size=8, limit=1000)  # the share
def test_a_batch_keeps_every_rule_whatever_waits(queue, reserved, free, size, limit):
    """Whatever waits: a batch is the first input the process may take plus later inputs of the same batchable call,
    in queue order, none solo or cancelled, within the size, byte and share limits (small ones only for the reserved
    process); everything else stays queued in its order. A non-batchable first input runs alone."""
    from app.isolation import BATCHED, _Job

    pool = pool_with(stage_processes=1, stage_small_input_bytes=100, agent_batch_size=size, stage_batch_bytes=limit)
    loop = asyncio.new_event_loop()
    try:
        jobs = []
        for name, nbytes, solo, cancelled in queue:
            job = _Job(name, (b"x" * nbytes,), nbytes <= 100, loop.create_future(), nbytes, solo)
            if cancelled:
                job.future.cancel()
            jobs.append(job)
        pool._pending.extend(jobs)
        eligible = [j for j in jobs if not j.future.done() and (not reserved or (j.small and not free))]
        if not eligible:
            return  # _take would wait: nothing to check
        pool._free_general = free
        batch = pool._take(reserved=reserved)
        first = eligible[0]
        assert batch[0] is first
        assert list(pool._pending) == [j for j in jobs if all(j is not b for b in batch)]  # order kept
        positions = [jobs.index(j) for j in batch]
        assert positions == sorted(positions)
        if len(batch) > 1:
            assert first.name in BATCHED and not first.solo and 0 < first.size <= limit
            assert all(j.name == first.name and not j.solo and not j.future.done() for j in batch)
            assert sum(j.size for j in batch) <= limit and len(batch) <= size
            assert not reserved or all(j.small for j in batch)
            assert len(batch) <= -(-len(eligible) // (1 + free))  # its share: ceil(waiting / processes free + 1)
        batchable_first = first.name in BATCHED and not first.solo and first.size <= limit and size > 1 and limit > 0
        if not batchable_first:
            assert batch == [first]
    finally:
        pool._pending.clear()
        loop.close()
        pool.close()
