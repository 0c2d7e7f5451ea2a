"""Helpers of the throughput benchmark (anontools.devtools.benchmark); the benchmark itself is run by `make bench`."""

from __future__ import annotations

import os

import orjson

from anontools.devtools.benchmark import (
    _warm_set,
    concatenated,
    cpu_seconds,
    load_documents,
    peak_rss_mb,
    percentiles,
    run_children,
)


def test_percentiles_nearest_rank():
    values = [float(i) for i in range(1, 101)]
    assert percentiles(values) == {"p50": 50.0, "p95": 95.0, "p99": 99.0}
    assert percentiles([0.5]) == {"p50": 0.5, "p95": 0.5, "p99": 0.5}
    assert percentiles([]) == {"p50": None, "p95": None, "p99": None}


def test_concatenated_has_the_exact_size():
    docs = [{"job_id": "a", "language": "en", "text": "Ann met Bob."}, {"job_id": "b", "text": "Bob left."}]
    doc = concatenated(docs, 50, "big")
    assert doc == {"job_id": "big", "language": "en",
                   "text": ("Ann met Bob.\n\nBob left.\n\nAnn met Bob.\n\nBob left.\n\nAnn met Bob.")[:50]}
    assert len(doc["text"]) == 50


def test_load_documents_and_warm_set(tmp_path):
    for name, doc in {"1": {"job_id": "a", "language": "en", "text": "x"}, "2": {"job_id": "b", "language": "de", "text": "y"},
                      "3": {"job_id": "c", "language": "en", "text": "z", "method": "suppress"},
                      "4": {"job_id": "d", "language": "en", "text": ""}}.items():
        (tmp_path / f"{name}.json").write_bytes(orjson.dumps(doc))
    docs = load_documents(tmp_path, 2)
    assert [d["job_id"] for d in docs] == ["a-r0", "b-r0", "c-r0", "a-r1", "b-r1", "c-r1"]
    assert [d["job_id"] for d in load_documents(tmp_path, 1, "de")] == ["b-r0"]
    assert [d["job_id"] for d in _warm_set(docs)] == ["a-r0", "b-r0", "c-r0"]


def test_peak_rss_of_this_process():
    rss = peak_rss_mb(os.getpid())
    assert rss is not None and rss > 1


def test_run_children_shares_documents_round_robin():
    class FakeChild:
        def __init__(self):
            self.got = None

        def submit(self, docs, batch):
            self.got, self.batch = docs, batch

        def result(self):
            return {"seconds": 1.0, "cpu_seconds": 0.5, "peak_rss_mb": 100.0,
                    "timings": [{"detect": 0.1, "corefer": 0.01, "anonymize": 0.02} for _ in self.got]}

    children = [FakeChild(), FakeChild()]
    docs = [{"job_id": str(i), "text": "abcd"} for i in range(5)]
    out = run_children(children, docs, 16)
    assert [[d["job_id"] for d in c.got] for c in children] == [["0", "2", "4"], ["1", "3"]]
    assert [c.batch for c in children] == [16, 16]
    assert out["cpu_seconds"] == 1.0 and out["chars_per_cpu_s"] == 20.0
    assert out["latency_s"]["end_to_end"]["p50"] == 0.13 and out["stage_seconds"]["detect"] == 0.5
    assert out["peak_rss_mb"] == [100.0, 100.0]


def test_cpu_seconds_counts_the_children_of_a_process():
    """A worker's stage processes do its work: their CPU time counts as the worker's."""
    import os
    import subprocess
    import sys
    import time

    import psutil

    # the child burns 0.5 CPU seconds by its own clock; psutil reads clock ticks, so the test waits for 0.3
    burn = "import time\nwhile time.process_time() < 0.5: pass\ntime.sleep(60)"
    child = subprocess.Popen([sys.executable, "-c", burn])
    try:
        deadline = time.monotonic() + 60
        while psutil.Process(child.pid).cpu_times().user + psutil.Process(child.pid).cpu_times().system < 0.3:
            assert time.monotonic() < deadline, "the child never used 0.3 CPU seconds"
            time.sleep(0.05)
        own = psutil.Process(os.getpid()).cpu_times()
        assert cpu_seconds(os.getpid()) >= own.user + own.system + 0.3
    finally:
        child.kill()
        child.wait()
    assert cpu_seconds(child.pid) == 0.0  # gone


def test_compare_presidio_alternates_variants_and_gives_their_ratios():
    """``--ner-quantize both``: a second process of ours takes its turn in every round; ratios per side and round."""
    from anontools.devtools.benchmark import _compare_presidio

    order = []

    class FakeChild:
        def __init__(self, name, cpu):
            self.name, self.cpu = name, cpu

        def submit(self, docs, batch):
            self.docs, self.batch = docs, batch
            order.append((self.name, batch))

        def result(self):
            return {"seconds": self.cpu, "cpu_seconds": self.cpu, "peak_rss_mb": 1.0,
                    "timings": [{"detect": self.cpu / len(self.docs)} for _ in self.docs]}

    english = [{"job_id": str(i), "text": "Alice met Bob in Paris. " * 20, "language": "en"} for i in range(3)]
    ours, quantized, presidio = FakeChild("ours", 1.0), FakeChild("int8", 0.5), FakeChild("presidio", 2.0)
    out = _compare_presidio(ours, presidio, english, 2, 16, {"ours_int8": quantized})
    singles = out["singles"]
    assert order[:6] == [("ours", 1), ("ours", 16), ("int8", 1), ("int8", 16), ("presidio", 1), ("presidio", 16)]
    assert len(order) == 6 * 2 + 3 * 2 * 2  # singles: 6 sides; 10k and 100k: no batched sides (3); 2 rounds
    # CPU seconds come from the processes; wall seconds are the fake's instant answers (ratios only present)
    assert singles["ratio_ours_chars_per_cpu_s"] == [2.0, 2.0] and len(singles["ratio_ours_int8_chars_per_s"]) == 2
    assert singles["ratio_ours_int8_chars_per_cpu_s"] == [4.0, 4.0]
    assert singles["ratio_ours_int8_batched_chars_per_cpu_s"] == [4.0, 4.0]
    assert out["100k"]["ratio_ours_int8_chars_per_cpu_s"] == [4.0, 4.0] and "ours_int8_batched" not in out["100k"]
    assert len(singles["loadavg_1min"]) == 2
    assert singles["ratio_both_batched_chars_per_s"] == [
        round(o / p, 2) for o, p in zip(singles["ours_batched"]["chars_per_s"], singles["presidio_batched"]["chars_per_s"])]
    assert len(singles["ratio_both_batched_chars_per_s"]) == 2


def test_cpu_burner_burns_cpu_while_the_block_runs_and_is_gone_after() -> None:
    import psutil

    from anontools.devtools.benchmark import cpu_burner

    import time

    with cpu_burner() as proc:
        assert proc.is_alive()
        # it runs its busy loop (waited for, up to 30 s: on a loaded machine the 0.5 s before the block may give it less)
        deadline = time.monotonic() + 30
        while True:
            burnt = psutil.Process(proc.pid).cpu_times()
            if burnt.user + burnt.system > 0.1 or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        assert burnt.user + burnt.system > 0.1
    assert not proc.is_alive()


def test_cpu_breakdown_puts_a_workers_descendants_under_stage():
    import subprocess
    import sys
    import time

    from anontools.devtools.benchmark import cpu_breakdown

    import psutil

    # a "worker" (a sleeping shell) whose child burns CPU: the child's time counts as stage, not worker
    worker = subprocess.Popen(["sh", "-c", f"{sys.executable} -c 'import time; t=time.process_time(); "
                               f"exec(\"while time.process_time() - t < 5: pass\")'; sleep 5"])
    try:
        before = cpu_breakdown([worker.pid], broker_pid=None)
        # until the child has burnt 0.4 CPU-seconds more (up to 30 s: a loaded machine gives it less per second)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            time.sleep(0.2)
            try:
                children = psutil.Process(worker.pid).children(recursive=True)
                if sum(sum(c.cpu_times()[:2]) for c in children) - before["stage"] >= 0.4:
                    break
            except psutil.NoSuchProcess:
                break
        after = cpu_breakdown([worker.pid], broker_pid=None)
    finally:
        worker.kill()
        worker.wait()
    assert set(before) == {"worker", "stage", "broker", "redis", "bench", "machine"}
    assert after["stage"] - before["stage"] >= 0.3
    assert after["worker"] - before["worker"] < 0.1 and after["broker"] == 0.0
    # the machine's busy time grows, but not necessarily by the child's own clock: a sandbox's /proc/stat may count
    # less (CI, stop 54: 0.47 s of machine time against 0.81 s of the child's)
    assert after["machine"] > before["machine"]
