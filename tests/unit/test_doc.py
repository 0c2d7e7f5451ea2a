"""The typed document (:class:`app.doc.Doc`): records become Docs at the edge only, and the in-process path on Docs
gives what the agents' path on records gives."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import orjson
import pytest

import app.doc
from app.anonymization.registry import available_methods
from app.detection.pipeline import build_detector
from app.doc import Doc, Entity, InvalidDoc
from app.pipeline import Pipeline, StageError
from app.settings import Settings
from app.tokenization import split_sentences, tokenize
from models.records import (
    DetectedDocument,
    Document,
    InvalidMessage,
    ResolvedDocument,
    decode_detected,
    decode_document,
    decode_resolved,
)

from tests.unit.fakes import GazetteerTagger

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "demo" / "documents"
NER_LABEL = {"PERSON": "PER", "ORGANIZATION": "ORG", "LOCATION": "LOC"}
TEXT = ("Mr. John Doe of Acme Corp moved to Lisbon on 3 March 2015. "
        "Write to john.doe@acme.example or call +44 20 7946 0958. Doe likes Lisbon.")
PHRASES = {"John Doe": "PER", "Doe": "PER", "Acme Corp": "ORG", "Lisbon": "LOC", "Acme": "ORG"}


def demo_documents() -> list[dict]:
    """The English demo documents (``job_id``, ``text``, optional ``method``), sorted by file name."""
    return [json.loads(p.read_text("utf-8")) for p in sorted(DEMO.glob("demo-en-*.json"))]


@lru_cache(maxsize=1)
def demo_pipeline() -> Pipeline:
    """A pipeline whose NER model is a gazetteer of what the real English model found in the demo documents
    (``tests/fixtures/golden/entities_en.json``), so the demo runs in seconds with realistic entities."""
    golden = json.loads((ROOT / "tests" / "fixtures" / "golden" / "entities_en.json").read_text("utf-8"))
    texts = {d["job_id"]: d["text"] for d in demo_documents()}
    phrases = {texts[job][s:e]: NER_LABEL.get(label, "MISC")
               for job, found in golden.items() for s, e, label, source in found if source == "stanza"}
    tagger = GazetteerTagger(phrases)
    settings = Settings(allowed_methods=available_methods(), minimum_method="kmask")
    return Pipeline(settings, detector_factory=lambda language: build_detector(language, tagger_factory=lambda *_: tagger))


def gazetteer_pipeline() -> Pipeline:
    tagger = GazetteerTagger(PHRASES)
    return Pipeline(Settings(), detector_factory=lambda language: build_detector(language, tagger_factory=lambda *_: tagger))


def agents_path(p: Pipeline, document: Document):
    """What the three agents do: bytes between the stages, each decoded strictly."""
    detected = p.detect(decode_document(document.to_json(), max_text_chars=p.settings.max_text_chars))
    resolved = p.corefer(decode_detected(detected.to_json()))
    return detected, resolved, p.anonymize(decode_resolved(resolved.to_json()))


# --- the edge: records <-> Doc ----------------------------------------------------------------------------


def test_records_round_trip_through_a_doc_exactly():
    p = gazetteer_pipeline()
    document = Document(job_id="j-1", text=TEXT, language="en", method="suppress", metadata={"k": [1, "x"]},
                        privacy_profile="standard")
    detected, resolved, _ = agents_path(p, document)
    for record in (document, detected, resolved, decode_detected(detected.to_json()), decode_resolved(resolved.to_json())):
        assert Doc.from_record(record).to_record(type(record)).to_json() == record.to_json()
    without = ResolvedDocument(**{**resolved.asdict(), "sentences": None})  # an older producer's record
    assert Doc.from_record(without).sentence_spans is None
    assert Doc.from_record(without).to_record(ResolvedDocument).to_json() == without.to_json()


def test_a_doc_of_a_record_holds_typed_sorted_entities_and_chains():
    raw = {"job_id": "j", "text": "Ann met Bob. Ann left.", "language": "en", "method": "tag",
           "entities": [{"start": 8, "end": 11, "label": "PERSON", "text": "Bob"},
                        {"start": 0, "end": 3, "label": "PERSON", "text": "Ann", "source": "x", "score": 0.5}],
           "chains": [{"chain_id": 0, "label": "PERSON", "mentions": [0]}, {"chain_id": 1, "label": "PERSON", "mentions": [1]}]}
    doc = Doc.from_record(decode_resolved(orjson.dumps(raw)))
    assert doc.entities == (Entity(0, 3, "PERSON", "Ann", "x", 0.5), Entity(8, 11, "PERSON", "Bob", "unknown", 1.0))
    assert [c.mentions for c in doc.chains] == [[0], [1]]
    assert [(s.start, s.end) for s in doc.sentences] == [(0, 12), (13, 22)]  # no sentences on the record: split again
    assert doc.sentence_of(doc.entities[1]).start == 0


@pytest.mark.parametrize("entities, reason", [
    ([{"start": 3, "end": 6, "label": "PERSON", "text": "Bob"}], "entity 0: span [3, 6) does not match the text"),
    ([{"start": 3, "end": 6, "label": "PERSON", "text": "Ann"}, "x"], "entity 1 is not an object"),
    ([{"start": 3, "end": 6, "text": "Ann"}], "entity 0: missing field 'label'"),
    ([{"start": 6, "end": 3, "label": "PERSON", "text": "Ann"}], "entity 0: bad field types or span"),
    ([{"start": 3, "end": 9, "label": "PERSON", "text": "Ann er"}], "entity 0: span [3, 9) does not match the text"),
])
def test_invalid_entities_are_rejected_once_with_the_reason_of_the_stages(entities, reason, monkeypatch):
    p = gazetteer_pipeline()
    parsed = []
    real = app.doc._parse_entities
    monkeypatch.setattr(app.doc, "_parse_entities", lambda raw, text: parsed.append(1) or real(raw, text))
    detected = DetectedDocument(job_id="j", text="Hi Ann", language="en", method="tag", entities=entities)
    resolved = ResolvedDocument(job_id="j", text="Hi Ann", language="en", method="tag", entities=entities,
                                chains=[{"chain_id": 0, "label": "PERSON", "mentions": [0]}])
    with pytest.raises(InvalidDoc) as info:
        Doc.from_record(resolved)
    assert info.value.reason == reason
    for stage, record in ((p.corefer, detected), (p.anonymize, resolved)):
        parsed.clear()
        with pytest.raises(StageError) as info:
            stage(record)
        assert (info.value.reason, info.value.error_type) == (reason, "invalid_input")
        assert parsed == [1]  # parsed and checked once per stage


@pytest.mark.parametrize("chains, reason", [
    ([{"chain_id": 0, "mentions": [0]}], "invalid chains (a field is missing) or unknown method"),
    ([["not", "a", "chain"]], "invalid entities or chains (TypeError)"),
    ([{"chain_id": 0, "label": "PERSON", "mentions": ["first"]}], "invalid entities or chains (ValueError)"),
    ([], "invalid entities or chains: coreference chains must cover every entity exactly once"),
])
def test_invalid_chains_keep_their_dead_letter_reasons(chains, reason):
    resolved = ResolvedDocument(job_id="j", text="Hi Ann", language="en", method="tag",
                                entities=[{"start": 3, "end": 6, "label": "PERSON", "text": "Ann"}], chains=chains)
    with pytest.raises(StageError) as info:
        gazetteer_pipeline().anonymize(resolved)
    assert (info.value.reason, info.value.error_type) == (reason, "invalid_input")


def test_the_method_is_checked_before_the_entities_and_the_entity_count_before_parsing():
    p = Pipeline(Settings(max_entities=1), detector_factory=lambda language: None)
    bad = [{"start": 0, "end": 1, "label": "PERSON", "text": "?"}] * 2
    with pytest.raises(StageError, match="unknown anonymization method 'shred'"):
        p.anonymize(ResolvedDocument(job_id="j", text="Hi", language="en", method="shred", entities=bad, chains=[]))
    with pytest.raises(StageError) as info:
        p.corefer(DetectedDocument(job_id="j", text="Hi", language="en", method="tag", entities=bad))
    assert info.value.error_type == "too_expensive"


# --- sentences on the wire --------------------------------------------------------------------------------


def test_detection_carries_its_sentences_to_the_resolved_document():
    p = gazetteer_pipeline()
    detected, resolved, _ = agents_path(p, Document(job_id="j", text=TEXT, language="en"))
    expected = [[s.start, s.end] for s in split_sentences(TEXT, tokenize(TEXT))]
    assert len(expected) == 3
    assert detected.sentences == expected and resolved.sentences == expected
    doc = Doc.from_record(decode_resolved(resolved.to_json()))
    assert doc.sentences == tuple(split_sentences(TEXT, tokenize(TEXT)))  # tokens regrouped by the spans
    assert [doc.sentence_of(e).start for e in doc.entities] == [0, 0, 0, 0, 59, 59, 116, 116]


def test_a_detected_record_without_sentences_is_still_accepted_with_the_same_output():
    p = gazetteer_pipeline()
    detected, resolved, (request, table) = agents_path(p, Document(job_id="j", text=TEXT, language="en"))
    old = {k: v for k, v in orjson.loads(detected.to_json()).items() if k != "sentences"}
    old_resolved = p.corefer(decode_detected(orjson.dumps(old)))
    assert old_resolved.sentences is None
    assert {**orjson.loads(old_resolved.to_json()), "sentences": resolved.sentences} == orjson.loads(resolved.to_json())
    old_request, old_table = p.anonymize(decode_resolved(old_resolved.to_json()))
    assert old_request.to_json() == request.to_json() and old_table.to_json() == table.to_json()
    assert Doc.from_record(old_resolved).sentences == Doc.from_record(resolved).sentences


def test_sentence_spans_given_by_a_producer_group_the_tokens():
    record = DetectedDocument(job_id="j", text="Ann met Bob. Ann left.", language="en", method="tag", entities=[],
                              sentences=[[0, 22]])  # one sentence where the tokenizer sees two
    doc = Doc.from_record(record)
    assert [(s.start, s.end, len(s.tokens)) for s in doc.sentences] == [(0, 22, 7)]


def test_sentence_spans_of_a_text_are_those_of_a_doc_without_them():
    assert app.doc.sentence_spans(TEXT) == tuple((s.start, s.end) for s in split_sentences(TEXT, tokenize(TEXT)))
    assert app.doc.sentence_spans("") == ()


def test_anonymization_reads_the_sentences_of_the_resolved_record():
    """The operators take the record's sentences (issue 14, item 5): a producer's one sentence where the tokenizer sees
    two keeps "a city" in lower case; without sentences the text is split again ("A city")."""
    p = gazetteer_pipeline()
    text = "Ann left. Lisbon is big."
    lisbon = {"start": 10, "end": 16, "label": "LOCATION", "text": "Lisbon", "source": "test"}
    record = ResolvedDocument(job_id="j", text=text, language="en", method="generalize", entities=[lisbon],
                              chains=[{"chain_id": 0, "label": "LOCATION", "mentions": [0]}], sentences=[[0, len(text)]])
    assert p.anonymize(record)[0].text.startswith("Ann left. a ")
    assert p.anonymize(ResolvedDocument(**{**record.asdict(), "sentences": None}))[0].text.startswith("Ann left. A ")


@pytest.mark.parametrize("sentences, reason", [
    ([[0, 5], [3, 8]], "sentence 1: span [3, 8) is empty, outside the text, or not after the previous sentence"),
    ([[0, 99]], "sentence 0: span [0, 99) is empty, outside the text, or not after the previous sentence"),
    ([[4, 4]], "sentence 0: span [4, 4) is empty, outside the text, or not after the previous sentence"),
    ([[0, 5, 9]], "sentence 0 is not a pair of character offsets [start, end]"),
    ([[0, True]], "sentence 0 is not a pair of character offsets [start, end]"),
    ([{"start": 0, "end": 5}], "sentence 0 is not a pair of character offsets [start, end]"),
])
def test_malformed_sentences_become_a_dead_letter_reason(sentences, reason):
    record = DetectedDocument(job_id="j", text="Hi Ann. Bye.", language="en", method="tag", entities=[],
                              sentences=sentences)
    with pytest.raises(StageError) as info:
        gazetteer_pipeline().corefer(record)
    assert (info.value.reason, info.value.error_type) == (reason, "invalid_input")


def test_sentences_of_the_wrong_json_type_are_refused_when_decoded():
    raw = orjson.dumps({"job_id": "j", "text": "Hi", "language": "en", "method": "tag", "entities": [],
                        "sentences": "0-2"})
    with pytest.raises(InvalidMessage, match="field 'sentences' has type str, expected list"):
        decode_detected(raw)


# --- the in-process path on Docs --------------------------------------------------------------------------


def test_run_on_a_doc_equals_the_agents_path_on_the_demo_documents():
    p = demo_pipeline()
    for d in demo_documents():
        document = Document(job_id=d["job_id"], text=d["text"], language="en", method=d.get("method"))
        detected, resolved, (request, table) = agents_path(p, document)
        doc = Doc.from_record(document)
        assert p.detect_doc(doc).to_record(DetectedDocument).to_json() == detected.to_json()
        assert p.corefer_doc(p.detect_doc(doc)).to_record(ResolvedDocument).to_json() == resolved.to_json()
        in_process, in_process_table = p.run(doc)
        assert in_process.to_json() == request.to_json(), d["job_id"]
        assert in_process_table.to_json() == table.to_json()


@pytest.mark.parametrize("method", sorted(available_methods()))
def test_run_equals_the_agents_path_for_every_method(method):
    p = demo_pipeline()
    d = demo_documents()[1]
    document = Document(job_id=f"m-{method}", text=d["text"], language="en", method=method)
    _, _, (request, table) = agents_path(p, document)
    in_process, in_process_table = p.run(Doc.from_record(document))
    assert in_process.to_json() == request.to_json() and in_process_table.to_json() == table.to_json()


def test_detect_many_docs_equals_detect_doc_and_carries_sentences():
    p = demo_pipeline()
    docs = [Doc(job_id=d["job_id"], text=d["text"]) for d in demo_documents()[:4]]
    together = p.detect_many_docs(docs)
    assert together == [p.detect_doc(doc) for doc in docs]
    assert all(doc.sentence_spans == tuple((s.start, s.end) for s in split_sentences(doc.text, tokenize(doc.text)))
               for doc in together)


def test_anonymize_doc_checks_the_method_and_uses_the_default_when_none():
    p = gazetteer_pipeline()
    resolved = p.corefer_doc(p.detect_doc(Doc(job_id="j", text=TEXT)))
    request, _ = p.anonymize_doc(resolved.evolve(method=None))
    assert request.method == p.settings.default_method
    with pytest.raises(StageError, match="unknown anonymization method 'shred'"):
        p.anonymize_doc(resolved.evolve(method="shred"))


def test_evolve_keeps_the_computed_sentences_only_for_the_same_text():
    doc = Doc(job_id="j", text=TEXT)
    first = doc.sentences
    assert doc.evolve(method="tag").sentences is first
    assert doc.evolve(text="Another text.").sentences != first


def test_tokens_are_frozen_values_whatever_builds_them():
    """Token's constructor sets its slots directly (faster than the frozen dataclass's); it must still be a frozen
    value: equal and hashed by its fields, built by position or keyword, copied by ``replace`` and ``pickle``."""
    import dataclasses
    import pickle

    from app.doc import Token

    token = Token("Smith", 4, 9)
    assert token == Token(text="Smith", start=4, end=9) and hash(token) == hash(Token("Smith", 4, 9))
    assert token != Token("Smith", 4, 10) and len({token, Token("Smith", 4, 9)}) == 1
    assert dataclasses.replace(token, text="Jones") == Token("Jones", 4, 9)
    assert pickle.loads(pickle.dumps(token)) == token and repr(token) == "Token(text='Smith', start=4, end=9)"
    with pytest.raises(dataclasses.FrozenInstanceError):
        token.start = 5  # type: ignore[misc]
    with pytest.raises(TypeError):
        Token("Smith", 4)  # type: ignore[call-arg]
