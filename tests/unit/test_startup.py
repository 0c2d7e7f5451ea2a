"""Fail fast on configuration (issue 15, item 4): a misconfigured worker exits within 60 s with one line and never
says "worker ready"; log lines cannot be forged; metadata is passed on exactly or refused; the method policy."""

import json
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from app.crypto import generate_key
from app.detection.pipeline import build_detector
from app.faust_app import faust_options
from app.logsafe import escape, install
from app.pipeline import Pipeline, StageError
from app.settings import Settings
from models.records import Document, InvalidMessage, decode_document
from tests.unit.fakes import GazetteerTagger

REPO = Path(__file__).resolve().parents[2]


def _run_worker(tmp_path: Path, **env: str) -> tuple[int, str, float]:
    base = {k: v for k, v in os.environ.items() if not k.startswith("ANON_")}
    base.update({"PYTHONPATH": str(REPO), "ANON_BROKER_URL": "kafka://127.0.0.1:9", "ANON_TABLE_KEYS": generate_key(),
                 "ANON_TABLE_HMAC_SECRET": generate_key(),
                 "ANON_TABLE_KEY_PREFIX": "test:startup:", "ANON_PRELOAD_LANGUAGES": "en",
                 "ANON_BROKER_STARTUP_TIMEOUT": "1", "HOME": str(tmp_path), **env})
    started = time.monotonic()
    run = subprocess.run([sys.executable, "-m", "app.worker"], cwd=tmp_path, env=base, capture_output=True, text=True,
                         timeout=120)
    return run.returncode, run.stdout + run.stderr, time.monotonic() - started


def _config(tmp_path: Path, name: str, data: dict) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data), "utf-8")
    return str(path)


CASES = {
    "ttl": ({"ANON_TABLE_TTL_SECONDS": "0"},
            "table_ttl_seconds (ANON_TABLE_TTL_SECONDS): Input should be greater than or equal to 1"),
    "label method typo": ({"ANON_LABEL_METHODS": '{"DATE": "supress"}'},
                          "label_methods: unknown anonymization method(s) 'supress'; known: combined, generalize, "
                          "kmask, substitute, suppress, tag, ukds"),
    "label typo": ({"ANON_LABEL_METHODS": '{"DATES": "suppress"}'}, "label_methods: unknown label(s) 'DATES'"),
    "policy": ({"ANON_DEFAULT_METHOD": "kmask"},
               "default_method: method 'kmask' is not allowed by this deployment's policy (allowed: tag, suppress, "
               "substitute, generalize)"),
    "language": ({"ANON_PRELOAD_LANGUAGES": "en,fr"},
                 "preload_languages: unknown language(s) fr; declared: en, de, es, pt"),
    "missing file": ({"ANON_DETECTION_CONFIG": "/nonexistent/detection.json"},
                     "detection_config (ANON_DETECTION_CONFIG): cannot read '/nonexistent/detection.json' "
                     "(FileNotFoundError)"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_an_invalid_setting_stops_the_worker_with_one_line(tmp_path, case):
    env, reason = CASES[case]
    rc, output, seconds = _run_worker(tmp_path, **env)
    assert rc == 78, output
    lines = output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"anonymizer worker: invalid configuration: {reason}"), output
    assert "worker ready" not in output and seconds < 60


def test_a_typo_in_the_detection_configuration_stops_the_worker(tmp_path):
    recognizer = _config(tmp_path, "recognizer.json", {"en": {"recognizers": ["email", "emial"]}})
    rc, output, seconds = _run_worker(tmp_path, ANON_DETECTION_CONFIG=recognizer)
    assert rc == 78 and "worker ready" not in output and seconds < 60
    assert output.strip().splitlines() == [
        "anonymizer worker: invalid configuration: detection for language 'en' (ANON_DETECTION_CONFIG, "
        "ANON_NER_MODEL_DIR): unknown recognizer 'emial' (known: address, case_number, chat_speaker, cjk_name, "
        "coordinates, credit_card, crypto_wallet, custom, date, display_name, email, file_name, gazetteer, iban, "
        "id_number, ip, "
        "letterhead, money, mrz, national_id, number, passenger_name, payee, phone, plate, postal_code, record_code, "
        "secret, stanza, structured, table, time, url, username, vin)"]
    key = _config(tmp_path, "key.json", {"en": {"recognisers": ["email"]}})
    rc, output, _ = _run_worker(tmp_path, ANON_DETECTION_CONFIG=key)
    assert rc == 78 and "worker ready" not in output
    assert output.strip().splitlines()[-1].startswith(
        "anonymizer worker: invalid configuration: detection for language 'en' (ANON_DETECTION_CONFIG, "
        "ANON_NER_MODEL_DIR): detection configuration: unknown key(s) 'recognisers' in section 'en'; known: "
        "recognizers, precedence,")


def test_a_typo_in_the_coreference_configuration_stops_the_worker(tmp_path):
    patterns_only = _config(tmp_path, "det.json", {"*": {"recognizers": ["email"]}})
    coref = _config(tmp_path, "coref.json", {"en": {"labels": {"PERSON": {"rules": ["identical", "partiall"]}}}})
    rc, output, seconds = _run_worker(tmp_path, ANON_DETECTION_CONFIG=patterns_only, ANON_COREFERENCE_CONFIG=coref)
    assert rc == 78 and "worker ready" not in output and seconds < 60
    assert output.strip().splitlines()[-1].startswith(
        "anonymizer worker: invalid configuration: coreference for language 'en' (ANON_COREFERENCE_CONFIG): "
        "unknown coreference rule 'partiall' (known: acronym, genitive,")


def test_a_missing_ner_model_stops_the_worker_before_any_model_loads(tmp_path):
    empty = tmp_path / "models"
    empty.mkdir()
    rc, output, seconds = _run_worker(tmp_path, ANON_NER_MODEL_DIR=str(empty))
    assert rc == 78 and seconds < 60
    assert output.strip().splitlines() == [
        "anonymizer worker: invalid configuration: detection for language 'en' (ANON_DETECTION_CONFIG, "
        "ANON_NER_MODEL_DIR): ModelNotFoundError"]


@pytest.mark.parametrize("stage_processes", ["1", "0"])
def test_an_invalid_option_found_while_the_detector_is_built_stops_the_worker(tmp_path, stage_processes):
    """Options are checked when the detector is built: in the stage zygote while the worker waits for the broker
    (the wait may have logged first), or in the worker process inline. Either way 78 and the reason last, not 69."""
    config = _config(tmp_path, "det.json", {"*": {"recognizers": ["email", "gazetteer"],
                                                  "gazetteer_min_population": "many"}})
    rc, output, seconds = _run_worker(tmp_path, ANON_DETECTION_CONFIG=config, ANON_STAGE_PROCESSES=stage_processes)
    assert rc == 78 and seconds < 60, output
    lines = output.strip().splitlines()
    assert lines[-1] == ("anonymizer worker: invalid configuration: detection for language 'en' (ANON_DETECTION_CONFIG, "
                         "ANON_NER_MODEL_DIR): invalid literal for int() with base 10: 'many'")
    assert all("waiting for the Kafka broker" in line for line in lines[:-1]), output
    if stage_processes == "0":
        assert len(lines) == 1, output


def test_a_valid_configuration_gets_past_the_checks(tmp_path):
    patterns_only = _config(tmp_path, "det.json", {"*": {"recognizers": ["email", "date"]}})
    rc, output, _ = _run_worker(tmp_path, ANON_DETECTION_CONFIG=patterns_only)
    assert rc == 69, output  # every check passed; then no broker within ANON_BROKER_STARTUP_TIMEOUT
    assert "invalid configuration" not in output


# --- settings: sections and files -------------------------------------------------------------------------


def test_a_settings_file_may_use_sections(tmp_path, monkeypatch):
    path = tmp_path / "worker.toml"
    path.write_text('[limits]\nmax_text_chars = 1000\n[policy]\nallowed_methods = ["tag", "kmask"]\n'
                    'minimum_method = "kmask"\n[broker]\nurl = "kafka://10.0.0.1:9092"\n', "utf-8")
    monkeypatch.setenv("ANON_SETTINGS_FILE", str(path))
    monkeypatch.setenv("ANON_MAX_TEXT_CHARS", "2000")  # the environment beats the file
    s = Settings()
    assert (s.limits.max_text_chars, s.policy.allowed_methods, s.broker.url) == (2000, ["tag", "kmask"],
                                                                              "kafka://10.0.0.1:9092")
    assert s.max_text_chars == 2000 and s.minimum_method == "kmask"
    with pytest.raises(Exception, match="frozen"):
        s.limits.max_text_chars = 1
    path.write_text("[limits]\nmax_text_charz = 1000\n", "utf-8")
    with pytest.raises(ValueError, match=r"unknown key 'max_text_charz' in section \[limits\]"):
        Settings()
    path.write_text("max_text_charz = 1000\n", "utf-8")
    with pytest.raises(ValueError, match=r"settings file: unknown setting 'max_text_charz'"):
        Settings()


def test_comma_separated_lists_in_the_environment(monkeypatch):
    monkeypatch.setenv("ANON_PRELOAD_LANGUAGES", "en, de")
    monkeypatch.setenv("ANON_ALLOWED_METHODS", '["tag", "suppress"]')
    s = Settings()
    assert s.preload_languages == ["en", "de"] and s.allowed_methods == ["tag", "suppress"]
    monkeypatch.setenv("ANON_PRELOAD_LANGUAGES", "")
    assert Settings().preload_languages == []


def test_faust_options_are_production_values_unless_the_broker_is_tansu():
    production = faust_options(Settings(topic_replication_factor=3))
    assert production["topic_replication_factor"] == 3 and "broker_session_timeout" not in production
    assert production["producer_acks"] == -1 and production["consumer_auto_offset_reset"] == "earliest"
    tansu = faust_options(Settings(broker_flavor="tansu"))
    assert (tansu["topic_replication_factor"], tansu["broker_session_timeout"], tansu["broker_heartbeat_interval"]) == (
        1, 6, 1)
    # the producer's linger is given to Faust in seconds
    assert production["producer_linger"] == 0.0
    assert faust_options(Settings(producer_linger_ms=5))["producer_linger"] == 0.005
    with pytest.raises(ValueError):
        Settings(producer_linger_ms=-1)


# --- method policy ------------------------------------------------------------------------------------------


def _pipeline(**settings) -> Pipeline:
    tagger = GazetteerTagger({"Lisbon": "LOC"})
    return Pipeline(Settings(**settings),
                    detector_factory=lambda language: build_detector(language, tagger_factory=lambda *_: tagger))


def test_a_method_outside_the_policy_is_refused_with_its_own_error_type():
    doc = Document(job_id="j", text="She lives in Lisbon.", language="en", method="kmask")
    with pytest.raises(StageError) as info:
        _pipeline().detect(doc)
    assert info.value.error_type == "method_not_allowed"
    assert info.value.reason == ("method 'kmask' is not allowed by this deployment's policy (allowed: tag, suppress, "
                                 "substitute, generalize)")
    weaker = _pipeline(allowed_methods=["tag", "kmask"], minimum_method="tag")
    with pytest.raises(StageError, match="method 'kmask' protects less than this deployment's minimum method 'tag'"):
        weaker.detect(doc)
    allowed = _pipeline(allowed_methods=["tag", "kmask"], minimum_method="kmask")
    assert allowed.detect(doc).method == "kmask"


def test_the_anonymize_stage_checks_the_policy_again():
    p = _pipeline()
    resolved = p.corefer(p.detect(Document(job_id="j", text="She lives in Lisbon.", language="en", method="tag")))
    resolved.method = "ukds"
    with pytest.raises(StageError) as info:
        p.anonymize(resolved)
    assert info.value.error_type == "method_not_allowed"


# --- log forging --------------------------------------------------------------------------------------------


def test_control_characters_in_log_messages_are_escaped(caplog):
    install()
    with caplog.at_level(logging.WARNING, logger="anonymizer"):
        logging.getLogger("anonymizer").warning("dead letter: stage=%s reason=%s", "detect",
                                                "unknown anonymization method 'tag\nINFO worker ready\x1b[2J'")
    assert caplog.records[-1].getMessage() == (
        "dead letter: stage=detect reason=unknown anonymization method 'tag\\nINFO worker ready\\x1b[2J'")
    assert "\n" not in caplog.records[-1].getMessage()
    assert escape("a\u2028b\rc\td") == "a\\u2028b\\rc\\td"


# --- metadata ----------------------------------------------------------------------------------------------


def test_metadata_integers_round_trip_exactly_or_are_refused():
    edge = b'{"job_id":"j","language":"en","text":"x","metadata":{"u":18446744073709551615,"s":-9223372036854775808}}'
    doc = decode_document(edge, max_text_chars=10)
    assert doc.metadata == {"u": 18446744073709551615, "s": -9223372036854775808}
    big = b'{"job_id":"j","language":"en","text":"x","metadata":{"n":123456789012345678901234567890}}'
    with pytest.raises(InvalidMessage, match="integer beyond 64 bits"):
        decode_document(big, max_text_chars=10)
    in_text = b'{"job_id":"j","language":"en","text":"123456789012345678901234567890","metadata":{"n":1.5}}'
    assert decode_document(in_text, max_text_chars=100).text == "123456789012345678901234567890"


# --- docker files -------------------------------------------------------------------------------------------


def test_docker_readme_defaults_match_the_image_and_the_settings():
    import re

    image_env = dict(re.findall(r"(ANON_\w+)=(\S+)", (REPO / "docker" / "Dockerfile").read_text("utf-8")))
    rows = re.findall(r"^\| `(ANON_\w+)`(?: \(or `\w+`\))? \| `([^`]*)`", (REPO / "docker" / "README.md").read_text("utf-8"),
                      re.MULTILINE)
    assert len(rows) >= 8
    defaults = Settings.model_fields
    for name, documented in rows:
        field = name[len("ANON_"):].lower()
        expected = image_env.get(name, defaults[field].get_default(call_default_factory=True))
        assert documented == str(expected), name


def test_compose_gives_the_worker_a_table_key_from_a_secret_file():
    compose = (REPO / "docker" / "compose.yaml").read_text("utf-8")
    assert 'ANON_TABLE_KEYS_FILE: "/run/secrets/table_keys"' in compose
    assert "secrets:\n  table_keys:\n" in compose and "file: ./table_keys" in compose
    assert "docker/table_keys" in (REPO / ".gitignore").read_text("utf-8")
