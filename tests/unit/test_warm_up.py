"""What the stage zygote loads before the stage processes fork (``Pipeline.warm_up``, issue 18, stop 31).

The first ``substitute`` or ``generalize`` document of a language used to load the knowledge base, wordfreq's
tables and four common-word lexicons inside its stage call (1–4 s of CPU, ~300 MB per stage process): more than a
batch's CPU budget, so the first batch of a fresh stage process failed and ran again document by document. Now the
zygote warms every allowed method up for every preloaded language, and the judgement of the pools' place names is
cached on disk (``surrogates.stable_pool_places``), so no document needs the word tables at all.
"""

import random
import sys

import pytest

from app.anonymization import surrogates as S
from app.anonymization.operators import substitute as substitute_module
from app.detection.pipeline import build_detector
from app.pipeline import Pipeline
from app.settings import Settings
from app.startup import ConfigurationError, load_models
from models.records import Document

from tests.unit.fakes import GazetteerTagger

DOCUMENTS = {
    "en": ("Anna Kowalski moved from Leeds to Texas, then to Canada, and joined Northwind Traders in Europe. "
           "Kowalski liked Texas.", {"Anna Kowalski": "PER", "Kowalski": "PER", "Leeds": "LOC", "Texas": "LOC",
                                    "Canada": "LOC", "Northwind Traders": "ORG", "Europe": "LOC"}),
    "de": ("Jonas Weber zog von Leipzig nach Bayern und dann nach Österreich; er arbeitet bei der Nordwind GmbH. "
           "Weber mag Bayern.", {"Jonas Weber": "PER", "Weber": "PER", "Leipzig": "LOC", "Bayern": "LOC",
                                 "Österreich": "LOC", "Nordwind GmbH": "ORG"}),
}


def _pipeline(phrases: dict[str, str]) -> Pipeline:
    tagger = GazetteerTagger(phrases)
    return Pipeline(Settings(allowed_methods=["tag", "suppress", "substitute", "generalize"]),
                    detector_factory=lambda language: build_detector(language, tagger_factory=lambda *_: tagger))


@pytest.mark.parametrize("language", sorted(DOCUMENTS))
@pytest.mark.parametrize("method", ["substitute", "generalize"])
def test_after_warm_up_no_document_judges_words(language, method, monkeypatch):
    text, phrases = DOCUMENTS[language]
    pipeline = _pipeline(phrases)
    substitute_module._stable_pool_place.cache_clear()  # nothing judged earlier in this process counts
    pipeline.warm_up(language)

    def judged(word: str) -> bool:
        raise AssertionError(f"a document needed the word tables ({word!r})")

    def loaded(path, *args, **kwargs):
        raise AssertionError(f"a document loaded {path.name} (not warmed up)")

    monkeypatch.setattr(S, "is_common_word", judged)
    for name, module in list(sys.modules.items()):  # every disk-cached table is loaded before the first document
        if name.startswith("app.") and hasattr(module, "read_or_build"):
            monkeypatch.setattr(module, "read_or_build", loaded)
    detected = pipeline.detect(Document(job_id=f"warm-{language}-{method}", text=text, language=language,
                                        method=method))
    request, _ = pipeline.anonymize(pipeline.corefer(detected))
    assert "Weber" not in request.text and "Kowalski" not in request.text


def test_the_cached_place_judgements_are_the_judgements():
    judged, stable = S.stable_pool_places("de")
    assert len(judged) > 1000 and 0 < len(stable) < len(judged)
    sample = random.Random(18).sample(sorted(judged), 150)
    assert [name for name in sample if (name in stable) != S.translation_stable_place(name)] == []


def test_a_method_that_cannot_be_prepared_stops_the_worker_with_one_line(monkeypatch):
    pipeline = _pipeline({"Anna": "PER"})
    settings = Settings(preload_languages=["en"], allowed_methods=["tag", "substitute"])

    def broken(self, language):
        raise OSError("no such file: names.json")

    monkeypatch.setattr(substitute_module.SubstituteOperator, "warm_up", broken)
    with pytest.raises(ConfigurationError, match=r"^anonymization methods for language 'en' .*OSError: no such file"):
        load_models(settings, pipeline)


@pytest.mark.parametrize(("methods", "prepared"), [(["tag", "suppress"], []), (["tag", "generalize"], [["en", "de"]]),
                                                   (["tag", "substitute"], [["en", "de"]])])
def test_the_surrogate_caches_are_prepared_only_for_methods_that_read_them(methods, prepared, monkeypatch):
    calls = []
    monkeypatch.setattr(S, "prepare_caches", calls.append)
    Pipeline(Settings(allowed_methods=methods)).prepare_caches(["en", "de"])
    assert calls == prepared
