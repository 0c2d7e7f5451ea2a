"""No method emits what it detected (issue 15): every demo document (``demo/documents``), detected and
resolved once in-process with the shipped NER models (``app.pipeline``), anonymized with every registered
method; no entity surface of the document may occur in the anonymized text as whole words (the leak scan of
:mod:`anontools.devtools.leaks`, the one the fault scenarios run over ``translation.requests``: case-insensitive,
whitespace-normalized; the scan itself is tested in ``tests/unit/test_leaks.py``).

Before: ``ukds`` left lower-case e-mail addresses and URLs in clear, ``kmask`` kept letters of names
("*hn *oe"), ``generalize`` kept "March 1980" and wrote "a city in Poland" next to the entity "Poland",
``substitute`` gave a surrogate initial equal to another entity ("S.")."""

import json
from pathlib import Path

import pytest

from app.anonymization.registry import available_methods
from anontools.devtools.leaks import find_leaks
from app.pipeline import Pipeline
from app.settings import Settings
from tests import shared_models
from models.records import Document, ResolvedDocument

DEMO = Path(__file__).resolve().parents[1] / "demo" / "documents"


@pytest.fixture(scope="module")
def resolved() -> list[ResolvedDocument]:
    settings = Settings(allowed_methods=available_methods(), minimum_method="kmask")
    # the detectors Pipeline would build from these settings, loaded once per session (tests/shared_models.py)
    pipeline = Pipeline(settings, detector_factory=shared_models.pipeline_detector_factory(settings))
    out = []
    for path in sorted(DEMO.glob("*.json")):
        data = json.loads(path.read_text("utf-8"))
        doc = Document(job_id=data["job_id"], text=data["text"], language=data.get("language", "en"), method="tag", metadata=None)
        out.append(pipeline.corefer(pipeline.detect(doc)))
    return out


def test_the_demo_set_is_detected(resolved):
    assert len(resolved) == len(list(DEMO.glob("*.json"))) >= 40
    assert sum(len(r.entities) for r in resolved) > 300


@pytest.mark.parametrize("method", available_methods())
def test_no_detected_entity_in_clear(resolved, method):
    pipeline = Pipeline(Settings(allowed_methods=available_methods(), minimum_method="kmask"))
    found = {}
    for doc in resolved:
        request, _table = pipeline.anonymize(ResolvedDocument(**{**doc.asdict(), "method": method}))
        if leaked := find_leaks(request.text, [e["text"] for e in doc.entities]):
            found[doc.job_id] = leaked
    assert found == {}

