"""Rule 3 (README "Security"): no module-level cache keeps a document's text or entities once the document is done.

Every ``functools.lru_cache`` of the project's modules (and their classes) is searched, after a document went through detection,
coreference, each anonymization method and re-identification, for any string holding one of its entities (its cached arguments,
through their containers). Before stop 31, ``surrogates._word_positions(text)`` and
``surrogates._residual(text, surfaces)`` kept the last eight documents' texts and entity surfaces in every stage
process until newer documents pushed them out, beyond the reach of erasure; they are per-document values now
(``DocumentContext.derived_value``).
"""

import functools
import gc
import sys
import types

import pytest

from app.anonymization.registry import available_methods
from app.detection.pipeline import build_detector
from app.pipeline import Pipeline
from app.settings import Settings
from models.records import Document, TranslationResult

from tests.unit.fakes import GazetteerTagger

MARKERS = ("vasquerra", "zarvenholm", "brixdale")
PHRASES = {"Quillon Vasquerra": "PER", "Vasquerra": "PER", "Zarvenholm": "LOC", "Brixdale Holdings": "ORG"}
TEXT = ("Quillon Vasquerra of Brixdale Holdings moved to Zarvenholm on 3 March 2015. "
        "Vasquerra says Zarvenholm is quiet, and Brixdale Holdings agrees.")


CODE = (types.FunctionType, types.BuiltinFunctionType, types.MethodType, types.ModuleType, type,
        functools._lru_cache_wrapper)


def _strings(obj, depth: int, seen: set[int]):
    """Every string reachable from ``obj`` through at most ``depth`` references (gc referents), not through code,
    modules or classes (a function's globals are not what its cache holds)."""
    if id(obj) in seen:
        return
    seen.add(id(obj))
    if isinstance(obj, str):
        yield obj
        return
    if depth == 0 or isinstance(obj, CODE) or (isinstance(obj, dict) and "__wrapped__" in obj):
        return
    for child in gc.get_referents(obj):
        yield from _strings(child, depth - 1, seen)


def _cache_strings(cache) -> list[str]:
    """The strings of the arguments a ``functools.lru_cache`` holds: the keys of its cache dict and what they contain
    (a result is derived from its arguments; the results of the lexicon caches are millions of package words)."""
    seen: set[int] = set()
    dicts = [d for d in gc.get_referents(cache) if isinstance(d, dict) and "__wrapped__" not in d]
    return [s for d in dicts for key in list(d) for s in _strings(key, 4, seen)]


def _project_caches() -> list:
    """The ``functools.lru_cache`` functions of the project's loaded modules and of their classes."""
    caches: dict[int, object] = {}
    for name, module in list(sys.modules.items()):
        if name.split(".")[0] not in ("app", "models", "agents") or module is None:
            continue
        values = list(vars(module).values())
        values += [v for cls in values if isinstance(cls, type) and cls.__module__ == name for v in vars(cls).values()]
        for value in values:
            value = getattr(value, "__func__", value)  # staticmethod / classmethod
            if isinstance(value, functools._lru_cache_wrapper):
                caches[id(value)] = value
    return list(caches.values())


def _cached_markers() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for cache in _project_caches():
        hits = [s[:60] for s in _cache_strings(cache) if any(m in s.casefold() for m in MARKERS)]
        if hits:
            found[f"{cache.__module__}.{cache.__qualname__}"] = hits
    return found


@pytest.mark.parametrize("method", ["tag", "suppress", "substitute", "generalize"])
def test_no_cache_keeps_a_documents_text_or_entities(method):
    tagger = GazetteerTagger(PHRASES)
    pipeline = Pipeline(Settings(allowed_methods=available_methods()),
                        detector_factory=lambda language: build_detector(language, tagger_factory=lambda *_: tagger))
    detected = pipeline.detect(Document(job_id="job-rule-3", text=TEXT, language="en", method=method))
    assert {e["text"] for e in detected.entities} >= {"Quillon Vasquerra", "Zarvenholm", "Brixdale Holdings"}
    request, table = pipeline.anonymize(pipeline.corefer(detected))
    assert "Vasquerra" not in request.text  # the document was anonymized, so every cache on the way was used
    restored = pipeline.reidentify(TranslationResult(job_id=request.job_id, text=request.text, language="en",
                                                     anonymization_id=request.anonymization_id), table)
    assert "Quillon Vasquerra" in restored.text  # and the reverse path restored it
    del detected, request, table, restored
    gc.collect()
    assert _cached_markers() == {}


def test_the_search_finds_a_cached_document(monkeypatch):
    """The search itself: a module-level cache that keeps a text is found."""
    from app.anonymization import surrogates


    def positions(text: str) -> dict[str, int]:
        return {w.lower(): i for i, w in enumerate(text.split())}

    cached = functools.lru_cache(maxsize=2)(positions)
    monkeypatch.setattr(surrogates, "positions_for_the_test", cached, raising=False)
    assert _cached_markers() == {}
    cached("Vasquerra")  # the argument
    assert list(_cached_markers()) == [f"tests.unit.test_no_document_in_caches.{positions.__qualname__}"]
    cached.cache_clear()
    assert _cached_markers() == {}
    residual = functools.lru_cache(maxsize=2)(lambda text, surfaces: text)
    monkeypatch.setattr(surrogates, "residual_for_the_test", residual, raising=False)
    residual("a text", frozenset({"Zarvenholm"}))  # inside a tuple of arguments
    assert list(_cached_markers().values()) == [["Zarvenholm"]]
