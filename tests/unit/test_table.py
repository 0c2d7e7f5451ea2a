"""The typed table of solutions (JSON round trip, versions, errors) and the binding of a translation to it."""

import orjson
import pytest

from app.anonymization.engine import AnonymizerEngine
from app.coreference.resolver import resolve_chains
from app.doc import Entity
from app.pipeline import Pipeline, StageError
from app.reidentification.binding import TableMismatch, check_binding, foreign_marks
from app.settings import Settings
from app.table import TABLE_VERSION, InvalidTable, MentionRecord, Table, TableEntry
from models.records import ResolvedDocument, TranslationResult
from tests.unit.test_reidentification import ENTITIES, TEXT



def _anonymized(method="tag", job_id="job-7"):
    return AnonymizerEngine().anonymize(TEXT, ENTITIES, resolve_chains(ENTITIES), method=method, job_id=job_id, language="en")


def test_round_trip_through_json_is_exact():
    table = _anonymized().table.bound("ab" * 16)
    raw = table.to_json()
    data = orjson.loads(raw)
    assert data["version"] == TABLE_VERSION == 2 and data["anonymization_id"] == "ab" * 16
    assert list(data) == ["version", "job_id", "anonymization_id", "language", "method", "anon_length", "anon_sha256",
                          "source_marks", "entries"]
    again = Table.from_json(raw)
    assert again == table and again.to_json() == raw
    assert again.entries[0] == TableEntry(
        placeholder="[PERSON_1]", method="tag", unique=True, label="PERSON", chain_id=0, surfaces=["Mr. John Doe", "Doe"],
        mentions=[MentionRecord("Mr. John Doe", 0, 12, "[PERSON_1]", 0, 10), MentionRecord("Doe", 36, 39, "[PERSON_1]", 43, 53)],
    )
    assert table.to_dict(with_id=False)["anonymization_id"] is None
    assert table.originals() == {"Mr. John Doe", "Jane Roe", "Paris", "Doe", "Jane"}


def test_version_1_tables_are_read_without_an_id():
    data = _anonymized().table.to_dict()
    data["version"] = 1
    del data["anonymization_id"]
    for entry in data["entries"]:  # the earliest tables had no per-mention replacement
        for mention in entry["mentions"]:
            del mention["replacement"]
    table = Table.from_dict(data)
    assert table.version == 1 and table.anonymization_id is None
    assert table.entries[1].mentions[0].replacement == "[PERSON_2]"


def test_malformed_tables_name_the_field_never_a_value():
    good = _anonymized().table.to_dict()
    cases = [
        (b"not json", "not valid JSON"),
        (orjson.dumps([1]), "table is not an object"),
        (orjson.dumps({**good, "version": 9}), "version 9 is not readable"),
        (orjson.dumps({k: v for k, v in good.items() if k != "job_id"}), "field 'job_id' is missing"),
        (orjson.dumps({**good, "entries": [{"x": 1}]}), "entry 0: field 'placeholder' is missing"),
        (orjson.dumps({**good, "anon_length": True}), "field 'anon_length' has the wrong type"),
        (orjson.dumps({**good, "entries": [{**good["entries"][0], "mentions": [{"text": "Mr. John Doe"}]}]}),
         "entry 0 mention 0: field 'start' is missing"),
    ]
    for raw, message in cases:
        with pytest.raises(InvalidTable, match=message) as info:
            Table.from_json(raw)
        assert "John" not in str(info.value)


def test_no_original_in_the_repr_of_a_table():
    text = repr(_anonymized().table)
    assert "[PERSON_1]" in text and not any(s in text for s in ("John", "Roe", "Paris"))


def test_with_the_id_only_the_named_table_is_accepted():
    table = _anonymized().table.bound("ab" * 16)
    check_binding(table, job_id="job-7", anonymization_id="ab" * 16, text="anything [LOCATION_9]")
    with pytest.raises(TableMismatch, match="another job or anonymization"):
        check_binding(table, job_id="job-7", anonymization_id="cd" * 16, text="[PERSON_1]")
    with pytest.raises(TableMismatch, match="another job or anonymization"):
        check_binding(table, job_id="job-8", anonymization_id="ab" * 16, text="[PERSON_1]")


def test_without_the_id_every_parsed_mark_must_be_in_the_table():
    result = _anonymized()
    table = result.table.bound("ab" * 16)
    # the exact anonymized text, and a translation whose marks are all in the table (damaged ones included)
    assert foreign_marks(result.text, table) == 0
    check_binding(table, job_id="job-7", anonymization_id=None, text="[ person_2 ] traf [PERSONA_1] in [LOCATION_1].")
    check_binding(table, job_id="job-7", anonymization_id=None, text="Kein Platzhalter.")
    assert foreign_marks("[PERSON_1] and [PERSON_3] in [ORGANIZATION_1], [LOCATION_1]", table) == 2
    with pytest.raises(TableMismatch) as info:
        check_binding(table, job_id="job-7", anonymization_id=None, text="[PERSON_1] met [PERSON_3] in [LOCATION_2].")
    assert info.value.reason.startswith("translation without anonymization_id: 2 of its placeholders are not in the job's newest")


def test_a_customers_own_placeholder_in_the_exact_text_still_binds_without_the_id():
    text = "Ann wrote [PERSON_7]."
    entities = [Entity(0, 3, "PERSON", "Ann", "t")]
    result = AnonymizerEngine().anonymize(text, entities, resolve_chains(entities), method="tag", job_id="j", language="en")
    assert result.text == "[PERSON_1] wrote [PERSON_7]."
    assert foreign_marks(result.text, result.table) == 0
    assert foreign_marks("[PERSON_1] schrieb [PERSON_7].", result.table) == 1


def test_the_pipeline_binds_each_anonymization_and_refuses_other_tables():
    pipeline = Pipeline(Settings(table_hmac_secret="a secret of at least 16 chars"))

    def anonymize(text, job_id="job-r"):
        ents = [Entity(text.index(n), text.index(n) + len(n), "PERSON", n, "t") for n in ("Ann Lee", "Bob Ray") if n in text]
        resolved = ResolvedDocument(job_id=job_id, text=text, language="en", method="tag",
                                    entities=[e.to_dict() for e in ents], chains=[c.to_dict() for c in resolve_chains(ents)])
        return pipeline.anonymize(resolved)

    first_request, first = anonymize("Ann Lee called.")
    again_request, again = anonymize("Ann Lee called.")
    second_request, second = anonymize("Bob Ray called.")
    assert first_request.anonymization_id == first.anonymization_id == again.anonymization_id  # deterministic
    assert first_request.to_json() == again_request.to_json() and first.to_json() == again.to_json()
    assert second.anonymization_id != first.anonymization_id and len(second.anonymization_id) == 32
    assert anonymize("Ann Lee called.", job_id="job-s")[1].anonymization_id != first.anonymization_id
    assert first_request.text == second_request.text == "[PERSON_1] called."

    def back(table, aid):
        translation = TranslationResult(job_id="job-r", text="[PERSON_1] rief an.", language="de", anonymization_id=aid)
        return pipeline.reidentify(translation, table)

    assert back(first, first.anonymization_id).text == "Ann Lee rief an."
    assert back(second, second.anonymization_id).text == "Bob Ray rief an."
    assert back(second, second.anonymization_id).anonymization_id == second.anonymization_id
    with pytest.raises(StageError) as info:
        back(second, first.anonymization_id)
    assert info.value.error_type == "table_mismatch"
    with pytest.raises(StageError) as info:
        pipeline.reidentify(TranslationResult(job_id="job-r", text="[PERSON_2] rief an.", language="de"), second)
    assert info.value.error_type == "table_mismatch"


def test_without_the_id_order_restored_masks_bind_only_their_exact_text_and_the_id_can_be_required():
    result = _anonymized("suppress")
    table = result.table.bound("ab" * 16)
    check_binding(table, job_id="job-7", anonymization_id=None, text=result.text)
    with pytest.raises(TableMismatch, match="restores masks by order only"):
        check_binding(table, job_id="job-7", anonymization_id=None, text="XXX traf XXX in XXX.")
    check_binding(table, job_id="job-7", anonymization_id="ab" * 16, text="XXX traf XXX in XXX.")
    with pytest.raises(TableMismatch, match="ANON_REQUIRE_ANONYMIZATION_ID"):
        check_binding(_anonymized().table, job_id="job-7", anonymization_id=None, text=_anonymized().text, require_id=True)
