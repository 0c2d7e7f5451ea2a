"""Tests for the disk cache of built package data (app/cache.py) and its two users beside the word lists: the
place knowledge base and the surrogate name pools."""

from __future__ import annotations

import logging

import pytest

from app import cache
from app.anonymization import surrogates
from app.anonymization.knowledge_base import KnowledgeBase, knowledge_base


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("ANON_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_a_value_is_built_once_then_read_back(cache_dir):
    calls = []

    def build():
        calls.append(1)
        return {"a": [1, 2]}

    path = cache.cache_file("demo", ("simplemma",), salt=cache.source_digest("v1"), suffix="json")
    encode, decode = (lambda v: repr(v).encode()), (lambda b: eval(b.decode()))  # noqa: S307 - test data only
    assert cache.read_or_build(path, build, encode, decode) == {"a": [1, 2]}
    assert cache.read_or_build(path, build, encode, decode) == {"a": [1, 2]} and calls == [1]
    [written] = cache_dir.iterdir()
    assert written == path and written.name.startswith("demo-simplemma") and written.name.endswith(".json")


def test_the_salt_and_the_versions_name_the_file(cache_dir):
    first = cache.cache_file("demo", ("simplemma",), salt=cache.source_digest("v1"))
    assert first != cache.cache_file("demo", ("simplemma",), salt=cache.source_digest("v2"))
    assert first != cache.cache_file("demo", ("simplemma", "faker"), salt=cache.source_digest("v1"))
    assert first.parent == cache_dir


def test_a_damaged_file_is_built_again_and_replaced(cache_dir, caplog):
    path = cache.cache_file("demo", ("simplemma",), suffix="json")
    path.parent.mkdir(parents=True)
    path.write_bytes(b"{not json")
    import json

    with caplog.at_level(logging.WARNING, logger="app.cache"):
        value = cache.read_or_build(path, lambda: [1], lambda v: json.dumps(v).encode(), json.loads)
    assert value == [1] and json.loads(path.read_bytes()) == [1]
    assert "not readable (JSONDecodeError); building it again" in caplog.text


def test_an_unwritable_cache_is_skipped(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("ANON_CACHE_DIR", str(blocker))
    path = cache.cache_file("demo", ("simplemma",))
    assert cache.read_or_build(path, lambda: "built", str.encode, bytes.decode) == "built"


def test_the_cached_knowledge_base_equals_the_built_one():
    built = KnowledgeBase.build()
    read = KnowledgeBase.from_bytes(built.to_bytes())
    for kb in (read, knowledge_base()):  # the process's own, read from the cache or built
        assert kb.places == built.places and list(kb.places) == list(built.places)
        assert kb._index == built._index
        assert (kb.countries, kb.subdivisions, kb.cities) == (built.countries, built.subdivisions, built.cities)
        assert kb.n_cities_country == built.n_cities_country and kb.n_subdivisions_type == built.n_subdivisions_type
    # candidates of one name are the same objects as the places (the index is not a second copy of them)
    assert all(read.places[(p.kind, p.key)] is p for bucket in read._index.values() for p in bucket)
    assert read.lookup("Lisboa") == built.lookup("Lisboa") and read.lookup("Lisboa").name == "Lisbon"


def test_cached_surrogate_name_pools_equal_the_built_ones(tmp_path, monkeypatch):
    # only the pools' file goes to a fresh directory: the common-word lexicons they are judged with stay cached
    monkeypatch.setattr(surrogates, "cache_file", lambda name, *args, **kwargs:
                        tmp_path / cache.cache_file(name, *args, **kwargs).name)
    surrogates.surrogate_name_lists.cache_clear()
    try:
        first = surrogates.surrogate_name_lists("pt")  # built and written
        surrogates.surrogate_name_lists.cache_clear()
        second = surrogates.surrogate_name_lists("pt")  # read back
    finally:
        surrogates.surrogate_name_lists.cache_clear()
    assert first == second == surrogates._surrogate_pools(surrogates.name_lists("pt"))
    assert isinstance(second.male, tuple) and len(second.last) >= surrogates.MIN_POOL
    [written] = tmp_path.iterdir()
    assert written.name.startswith("surrogate-names-pt-faker") and written.suffix == ".json"


BUILD_IN_CHILD = r"""
import json, os, sys, threading
sys.path.insert(0, sys.argv[1])
from app.cache import build_in_child

PARENT = os.getpid()
LOADED = []

def pid_and_load():
    LOADED.append("tables")  # what a build loads stays in the child
    return os.getpid()

def fails_in_child():
    if os.getpid() != PARENT:
        raise MemoryError("child only")
    return "computed here"

report = {"child": build_in_child(pid_and_load) != PARENT, "loaded_here": list(LOADED),
          "fallback": build_in_child(fails_in_child), "args": build_in_child(sorted, {3, 1, 2})}
stop = threading.Event()
thread = threading.Thread(target=stop.wait)
thread.start()
report["with_a_thread_here"] = build_in_child(pid_and_load) == PARENT
stop.set(); thread.join()
print(json.dumps(report))
"""


def test_build_in_child_computes_in_a_child_that_keeps_what_it_loads():
    """``app.cache.build_in_child`` (what keeps the word tables out of the stage zygote on a first start): in a
    single-threaded process the build runs in a forked child and only its result comes back; a failed child is
    computed again here; with another thread alive it is computed here (forking threads is unsafe)."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    run = subprocess.run([sys.executable, "-c", BUILD_IN_CHILD, str(Path(__file__).resolve().parents[2])],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    assert json.loads(run.stdout.splitlines()[-1]) == {
        "child": True, "loaded_here": [], "fallback": "computed here", "args": [1, 2, 3], "with_a_thread_here": True}
