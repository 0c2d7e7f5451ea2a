import base64

import orjson
import pytest

from models.records import (
    InvalidMessage,
    dead_letter,
    decode_detected,
    decode_document,
    decode_resolved,
    decode_translation,
)


def doc(**fields):
    return orjson.dumps({"job_id": "j1", "text": "Hello Ann.", "language": "en", **fields})


def test_document_defaults_and_passthrough():
    d = decode_document(orjson.dumps({"job_id": "j1", "text": "Hi", "metadata": {"k": [1]}}), max_text_chars=10)
    assert (d.job_id, d.text, d.language, d.method, d.metadata) == ("j1", "Hi", "en", None, {"k": [1]})
    assert orjson.loads(d.to_json()) == {"job_id": "j1", "text": "Hi", "language": "en", "method": None, "metadata": {"k": [1]},
                                         "privacy_profile": None}


@pytest.mark.parametrize(
    "raw,reason",
    [
        (b"", "empty message"),
        (b"\xff\xfe{", "message is not valid JSON (UTF-8)"),
        (b"not json", "message is not valid JSON (UTF-8)"),
        (b"[1, 2]", "message is a JSON list, expected an object"),
        (b'"text"', "message is a JSON str, expected an object"),
        (orjson.dumps({"text": "a"}), "field 'job_id' is missing"),
        (orjson.dumps({"job_id": "j"}), "field 'text' is missing"),
        (orjson.dumps({"job_id": 5, "text": "a"}), "field 'job_id' has type int, expected str"),
        (orjson.dumps({"job_id": "j", "text": ["a"]}), "field 'text' has type list, expected str"),
        (orjson.dumps({"job_id": "j", "text": True}), "field 'text' has type bool, expected str"),
        (orjson.dumps({"job_id": "j", "text": " \n "}), "field 'text' is empty"),
        (orjson.dumps({"job_id": "j", "text": "a", "language": "fr"}), "unsupported language 'fr' (supported: en, de, es, pt)"),
        (orjson.dumps({"job_id": "j", "text": "a", "metadata": "x"}), "field 'metadata' has type str, expected dict"),
        (orjson.dumps({"job_id": "j", "text": "a" * 11}), "text has 11 characters, over the limit of 10"),
    ],
)
def test_document_rejections(raw, reason):
    with pytest.raises(InvalidMessage) as info:
        decode_document(raw, max_text_chars=10)
    assert info.value.reason == reason


def test_stage_messages_require_their_lists():
    with pytest.raises(InvalidMessage, match="field 'entities' is missing"):
        decode_detected(doc(method="tag"))
    with pytest.raises(InvalidMessage, match="field 'chains' is missing"):
        decode_resolved(doc(method="tag", entities=[]))
    assert decode_resolved(doc(method="tag", entities=[], chains=[])).chains == []
    assert decode_translation(orjson.dumps({"job_id": "j", "text": "t", "language": "de"}), max_text_chars=5).language == "de"


def test_dead_letter_keeps_original_bytes_and_job_id():
    raw = doc(text="")
    letter = dead_letter(raw, stage="detect", reason="field 'text' is empty")
    assert base64.b64decode(letter.payload_base64) == raw
    assert letter.payload["job_id"] == "j1" and letter.job_id == "j1"
    binary = dead_letter(b"\xff\x00", stage="detect", reason="r")
    assert (binary.payload, binary.job_id, base64.b64decode(binary.payload_base64)) == (None, None, b"\xff\x00")


def test_dead_letter_inlines_only_small_payloads_and_truncates_to_fit():
    import hashlib

    from models.records import INLINE_PAYLOAD_BYTES

    big = orjson.dumps({"job_id": "j9", "text": "a" * (INLINE_PAYLOAD_BYTES + 10)})
    letter = dead_letter(big, stage="detect", reason="too long")
    assert letter.payload is None and letter.job_id == "j9"
    assert base64.b64decode(letter.payload_base64) == big and not letter.payload_truncated
    assert (letter.payload_size, letter.payload_sha256) == (len(big), hashlib.sha256(big).hexdigest())
    cut = dead_letter(big, stage="detect", reason="too long", max_bytes=20_000)
    assert len(cut.to_json()) <= 20_000 and cut.payload_truncated
    assert big.startswith(base64.b64decode(cut.payload_base64))
    assert cut.payload_size == len(big) and cut.payload_sha256 == letter.payload_sha256


def test_json_nested_too_deeply_to_write_back_is_refused_with_a_reason():
    nested = b'{"a":' * 300 + b"1" + b"}" * 300
    raw = b'{"job_id": "j", "text": "Ann.", "metadata": ' + nested + b"}"
    with pytest.raises(InvalidMessage, match="nested too deeply"):
        decode_document(raw, max_text_chars=100)
    letter = dead_letter(raw, stage="detect", reason="r")
    assert letter.payload is None and base64.b64decode(letter.payload_base64) == raw and letter.job_id == "j"
    assert orjson.loads(letter.to_json())["stage"] == "detect"


def test_translation_results_carry_an_optional_anonymization_id():
    from models.records import InvalidMessage, decode_translation

    base = {"job_id": "j", "text": "[PERSON_1] kam.", "language": "de"}
    assert decode_translation(orjson.dumps(base), max_text_chars=100).anonymization_id is None
    assert decode_translation(orjson.dumps({**base, "anonymization_id": "0f" * 16}), max_text_chars=100).anonymization_id == "0f" * 16
    for bad, reason in ((7, "field 'anonymization_id' has type int, expected str"),
                        ("0F" * 16, "field 'anonymization_id' is not an anonymization id (32 lower-case hex digits)"),
                        ("ab" * 17, "field 'anonymization_id' is not an anonymization id (32 lower-case hex digits)")):
        with pytest.raises(InvalidMessage) as info:
            decode_translation(orjson.dumps({**base, "anonymization_id": bad}), max_text_chars=100)
        assert info.value.reason == reason


def test_a_dead_letter_of_an_erased_job_withholds_the_payload():
    from models.records import dead_letter

    raw = orjson.dumps({"job_id": "j-1", "text": "Ann Smith wrote."})
    letter = dead_letter(raw, stage="anonymize", reason="erased", error_type="erased", withhold_payload=True)
    assert (letter.job_id, letter.payload, letter.payload_base64, letter.payload_withheld) == ("j-1", None, "", True)
    assert letter.payload_size == len(raw) and b"Ann" not in letter.to_json()
