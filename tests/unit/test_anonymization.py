import hashlib

import pytest

from app.anonymization.engine import AnonymizerEngine
from app.anonymization.registry import available_methods, create_operator
from app.coreference.resolver import resolve_chains
from app.doc import Chain, Entity

NETANOS = "Max and Ben spent more than 1000 hours on writing the software. They started in August 2016 in Amsterdam."


def entities_for(text, spans):
    out = []
    for sub, label in spans:
        start = text.index(sub)
        out.append(Entity(start, start + len(sub), label, sub, "test"))
    return sorted(out, key=lambda e: e.start)


def test_tag_netanos_example_numbering_per_label():
    ents = entities_for(NETANOS, [("Max", "PERSON"), ("Ben", "PERSON"), ("August 2016", "DATE"), ("Amsterdam", "LOCATION")])
    result = AnonymizerEngine().anonymize(NETANOS, ents, resolve_chains(ents), method="tag", job_id="j", language="en")
    assert result.text == (
        "[PERSON_1] and [PERSON_2] spent more than 1000 hours on writing the software. "
        "They started in [DATE_1] in [LOCATION_1]."
    )
    assert result.placeholders == ["[PERSON_1]", "[PERSON_2]", "[DATE_1]", "[LOCATION_1]"]


def test_one_number_per_chain_and_table_of_solutions():
    text = "Mr. John Doe met Jane Roe in Paris. Doe said Jane was late."
    ents = entities_for(text, [("Mr. John Doe", "PERSON"), ("Jane Roe", "PERSON"), ("Paris", "LOCATION")])
    ents += [Entity(36, 39, "PERSON", "Doe", "test"), Entity(45, 49, "PERSON", "Jane", "test")]
    ents.sort(key=lambda e: e.start)
    result = AnonymizerEngine().anonymize(text, ents, resolve_chains(ents), method="tag", job_id="job-7", language="en")
    assert result.text == "[PERSON_1] met [PERSON_2] in [LOCATION_1]. [PERSON_1] said [PERSON_2] was late."
    assert result.table.to_dict() == {
        "version": 2,
        "job_id": "job-7",
        "anonymization_id": None,
        "language": "en",
        "method": "tag",
        "anon_length": 79,
        "anon_sha256": hashlib.sha256(result.text.encode()).hexdigest(),
        "source_marks": 0,
        "entries": [
            {"placeholder": "[PERSON_1]", "method": "tag", "unique": True, "label": "PERSON", "chain_id": 0,
             "surfaces": ["Mr. John Doe", "Doe"],
             "mentions": [{"text": "Mr. John Doe", "start": 0, "end": 12, "replacement": "[PERSON_1]", "anon_start": 0, "anon_end": 10},
                          {"text": "Doe", "start": 36, "end": 39, "replacement": "[PERSON_1]", "anon_start": 43, "anon_end": 53}]},
            {"placeholder": "[PERSON_2]", "method": "tag", "unique": True, "label": "PERSON", "chain_id": 1,
             "surfaces": ["Jane Roe", "Jane"],
             "mentions": [{"text": "Jane Roe", "start": 17, "end": 25, "replacement": "[PERSON_2]", "anon_start": 15, "anon_end": 25},
                          {"text": "Jane", "start": 45, "end": 49, "replacement": "[PERSON_2]", "anon_start": 59, "anon_end": 69}]},
            {"placeholder": "[LOCATION_1]", "method": "tag", "unique": True, "label": "LOCATION", "chain_id": 2,
             "surfaces": ["Paris"],
             "mentions": [{"text": "Paris", "start": 29, "end": 34, "replacement": "[LOCATION_1]", "anon_start": 29, "anon_end": 41}]},
        ],
    }
    for entry in result.table.entries:
        for m in entry.mentions:
            assert result.text[m.anon_start : m.anon_end] == entry.placeholder


def test_suppress_and_options():
    ents = entities_for(NETANOS, [("Max", "PERSON"), ("Amsterdam", "LOCATION")])
    engine = AnonymizerEngine(operator_options={"suppress": {"mask": "***"}}, label_methods={"LOCATION": "tag"})
    result = engine.anonymize(NETANOS, ents, resolve_chains(ents), method="suppress", job_id="j", language="en")
    assert result.text.startswith("*** and Ben")
    assert result.text.endswith("in [LOCATION_1].")
    assert [e.method for e in result.table.entries] == ["suppress", "tag"]


def test_custom_delimiters():
    ents = entities_for(NETANOS, [("Max", "PERSON")])
    engine = AnonymizerEngine(operator_options={"tag": {"opening": "{{", "closing": "}}"}})
    assert engine.anonymize(NETANOS, ents, resolve_chains(ents), method="tag", job_id="j", language="en").text.startswith("{{PERSON_1}} and")


def test_errors():
    ents = entities_for(NETANOS, [("Max", "PERSON")])
    with pytest.raises(KeyError, match="unknown anonymization method 'nope'"):
        AnonymizerEngine().anonymize(NETANOS, ents, resolve_chains(ents), method="nope", job_id="j", language="en")
    with pytest.raises(ValueError, match="cover every entity"):
        AnonymizerEngine().anonymize(NETANOS, ents, [], method="tag", job_id="j", language="en")
    overlapping = [Entity(0, 3, "PERSON", "Max", "t"), Entity(2, 7, "PERSON", "x and", "t")]
    with pytest.raises(ValueError, match="overlap"):
        AnonymizerEngine().anonymize(NETANOS, overlapping, [Chain(0, "PERSON", [0, 1])], method="tag", job_id="j", language="en")
    with pytest.raises(ValueError):
        create_operator("suppress", mask="")
    assert available_methods() == ["combined", "generalize", "kmask", "substitute", "suppress", "tag", "ukds"]


def test_netanos_exact_format_with_separator():
    ents = entities_for(NETANOS, [("Max", "PERSON"), ("Ben", "PERSON"), ("August 2016", "DATE"), ("Amsterdam", "LOCATION")])
    engine = AnonymizerEngine(operator_options={"tag": {"separator": "."}})
    result = engine.anonymize(NETANOS, ents, resolve_chains(ents), method="tag", job_id="j", language="en")
    assert result.text.startswith("[PERSON.1] and [PERSON.2] spent") and result.text.endswith("in [DATE.1] in [LOCATION.1].")


def test_document_context_sentence_start():
    from app.anonymization.base import DocumentContext

    given = DocumentContext(text="  Ann left.  Bob came.", job_id="j", language="en", sentences=((2, 11), (13, 22)))
    assert [given.sentence_start(i) for i in (0, 2, 6, 11, 12, 13, 21)] == [0, 2, 2, 11, 12, 13, 13]
    split = DocumentContext(text="  Ann left.  Bob came.", job_id="j", language="en")  # no sentences: the text's split
    assert [split.sentence_start(i) for i in (0, 2, 6, 11, 12, 13, 21)] == [0, 2, 2, 11, 12, 13, 13]
    assert split.sentences == ((2, 11), (13, 22))
