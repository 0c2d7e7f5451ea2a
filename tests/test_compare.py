"""Tests for the side-by-side comparison command (anontools/detection/compare.py).

The corpus is a hand-written three-sentence CoNLL-2003 file in two documents
(tests/fixtures/ner/compare-en-tiny.conll); the tagger is the shipped English model.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from anontools.detection.compare import build_document, compare, document_sizes, entities_to_tags
from app.detection.config import language_config
from app.doc import Entity

TINY = Path(__file__).parent / "fixtures" / "ner" / "compare-en-tiny.conll"
GOLD_ENTITY_TOKENS = 10  # John Smith, United Nations, Geneva, Angela Merkel, Paris, Acme Corp
ALL_TOKENS = 25


def test_build_document_offsets():
    text, sentences = build_document([["John", "Smith", "."], ["Hi", "!"]])
    assert text == "John Smith .\nHi !\n"
    assert [[(t.text, t.start, t.end) for t in s.tokens] for s in sentences] == [
        [("John", 0, 4), ("Smith", 5, 10), (".", 11, 12)], [("Hi", 13, 15), ("!", 16, 17)]]


def test_entities_to_tags_maps_labels_and_splits_adjacent_entities():
    text, sentences = build_document([["Paris", "Berlin", "on", "12", "March", "."]])
    entities = [Entity(0, 5, "LOCATION", "Paris", "t"), Entity(6, 12, "LOCATION", "Berlin", "t"),
                Entity(16, 24, "DATE", "12 March", "t")]
    assert entities_to_tags(entities, sentences, {"LOCATION": "LOC"}) == [["B-LOC", "B-LOC", "O", "O", "O", "O"]]
    assert entities_to_tags(entities, sentences, None) == [
        ["B-LOCATION", "B-LOCATION", "O", "B-DATE", "I-DATE", "O"]]


def test_document_sizes_follow_docstart_lines_else_windows(tmp_path):
    assert document_sizes(TINY, 3, 20) == [2, 1]
    plain = tmp_path / "plain.txt"
    plain.write_text("a O\n\nb O\n\nc O\n\nd O\n\ne O\n", encoding="utf-8")
    assert document_sizes(plain, 5, 2) == [2, 2, 1]


@pytest.fixture(scope="module")
def results():
    return compare("en", TINY, "conll2003", ["stanza", "full"], label_map={
        "PERSON": "PER", "LOCATION": "LOC", "ORGANIZATION": "ORG", "MISC": "MISC"})


def test_compare_scores_each_configuration(results):
    assert set(results) == {"stanza", "full", "_meta"}
    assert results["_meta"]["documents"] == 2 and results["_meta"]["sentences"] == 3
    assert results["_meta"]["recall_bias"] == language_config("en")["ner_recall_bias"]  # the configured one
    for name in ("stanza", "full"):
        micro = results[name]["entity"]["micro"]
        assert (micro["tp"], micro["pred"], micro["gold"]) == (6, 6, 6)
    assert results["stanza"]["binary"]["tp"] == results["stanza"]["binary"]["pred"] == GOLD_ENTITY_TOKENS
    # the full configuration also finds the date "12 March 2015", which CoNLL does not annotate
    assert (results["full"]["binary"]["tp"], results["full"]["binary"]["pred"]) == (GOLD_ENTITY_TOKENS, 13)


def test_compare_recall_bias_override_reaches_the_tagger():
    out = compare("en", TINY, "conll2003", ["stanza"], label_map={"PERSON": "PER"}, recall_bias=1000.0)
    binary = out["stanza"]["binary"]
    assert out["_meta"]["recall_bias"] == 1000.0
    # the O tag can never win: every token is detected
    assert (binary["tp"], binary["pred"], binary["gold"]) == (GOLD_ENTITY_TOKENS, ALL_TOKENS, GOLD_ENTITY_TOKENS)


def test_compare_strict_profile_uses_the_strict_recall_bias():
    """``profile="strict"`` with ``strict_recall_bias``: the strict twin of the Stanza recognizer decodes with it
    (every token found), the standard bias of the same tagger is untouched, and the metadata records both."""
    out = compare("en", TINY, "conll2003", ["stanza"], label_map={"PERSON": "PER"}, profile="strict",
                  strict_recall_bias=1000.0)
    binary = out["stanza"]["binary"]
    assert out["_meta"]["profile"] == "strict" and out["_meta"]["strict_recall_bias"] == 1000.0
    assert out["_meta"]["recall_bias"] == language_config("en")["ner_recall_bias"] != 1000.0
    assert (binary["tp"], binary["pred"], binary["gold"]) == (GOLD_ENTITY_TOKENS, ALL_TOKENS, GOLD_ENTITY_TOKENS)
    # the strict profile with the standard bias finds what the standard profile finds, plus two quasi-identifier
    # tokens: the month and the bare year of "12 March 2015" (the date recognizer is not in the "stanza" set)
    plain = compare("en", TINY, "conll2003", ["stanza"], label_map={"PERSON": "PER"}, profile="strict",
                    strict_recall_bias=0.0)
    assert (plain["stanza"]["binary"]["tp"], plain["stanza"]["binary"]["pred"]) == (GOLD_ENTITY_TOKENS,
                                                                                  GOLD_ENTITY_TOKENS + 2)


def test_caching_tagger_keys_its_cache_by_recall_bias():
    from anontools.detection.compare import CachingTagger

    class Counting:
        calls: list[float | None] = []

        def tag(self, sentences, recall_bias=None):
            self.calls.append(recall_bias)
            return [["B-X" if recall_bias else "O" for _ in s] for s in sentences]

    cached = CachingTagger(Counting())
    assert cached.tag([["a", "b"]]) == [["O", "O"]]
    assert cached.tag([["a", "b"]], recall_bias=1.0) == [["B-X", "B-X"]]
    assert cached.tag([["a", "b"]]) == [["O", "O"]] and cached.tag([["a", "b"]], recall_bias=1.0) == [["B-X", "B-X"]]
    assert Counting.calls == [None, 1.0]


def _invoke_cli(*args: str):
    """``anonymizer-dev compare --language en --test TINY --format conll2003 *args`` through Typer's test runner."""
    from typer.testing import CliRunner
    import typer

    from anontools.detection.compare import main

    app = typer.Typer()
    app.command()(main)
    return CliRunner().invoke(app, ["--language", "en", "--test", str(TINY), "--format", "conll2003", *args])


def test_compare_cli_writes_a_json_report(tmp_path):
    report = tmp_path / "r.json"
    result = _invoke_cli("--configs", "stanza", "--json-report", str(report))
    assert result.exit_code == 0, result.output
    data = json.loads(report.read_text())
    assert data["stanza"]["entity"]["micro"]["f1"] == 1.0


def test_compare_cli_refuses_an_unknown_profile(tmp_path):
    from typer.testing import CliRunner
    import typer

    from anontools.detection.compare import main

    app = typer.Typer()
    app.command()(main)
    result = CliRunner().invoke(app, ["--language", "en", "--test", str(TINY), "--format", "conll2003",
                                      "--configs", "stanza", "--profile", "paranoid"])
    assert result.exit_code == 2 and "unknown privacy profile 'paranoid'" in result.output


def test_evaluate_cli_recall_bias_is_applied_and_recorded(tmp_path):
    from typer.testing import CliRunner

    from anontools.detection.evaluate import app as evaluate_app

    report = tmp_path / "e.json"
    result = CliRunner().invoke(evaluate_app, ["--language", "en", "--test", str(TINY), "--format", "conll2003",
                                               "--recall-bias", "1000", "--json-report", str(report)])
    assert result.exit_code == 0, result.output
    data = json.loads(report.read_text())
    assert data["meta"]["recall_bias"] == 1000.0
    assert (data["binary"]["tp"], data["binary"]["pred"]) == (GOLD_ENTITY_TOKENS, ALL_TOKENS)


def test_gold_spans_follow_bio_and_iob_tags():
    from anontools.detection.compare import gold_spans

    text, sentences = build_document([["John", "Smith", "met", "Ann", "Lee", "in", "Rome"]])
    assert gold_spans(sentences, [["B-PER", "I-PER", "O", "I-PER", "B-PER", "O", "I-LOC"]]) == {
        (0, 10): "PER", (15, 18): "PER", (19, 22): "PER", (26, 30): "LOC"}


def test_missed_entities_are_the_gold_entities_left_partly_or_wholly_in_clear():
    from anontools.detection.compare import gold_spans, missed_entities

    text, sentences = build_document([["John", "Smith", "met", "Ann", "Lee", "in", "Rome"]])
    gold = gold_spans(sentences, [["B-PER", "I-PER", "O", "B-PER", "I-PER", "O", "B-LOC"]])
    found = [Entity(0, 4, "PERSON", "John", "stanza"), Entity(15, 22, "PERSON", "Ann Lee", "stanza")]
    rows = missed_entities(text, sentences, found, gold, document=3, configuration="stanza")
    assert [(r["text"], r["label"], r["uncovered"], r["document"], r["change"]) for r in rows] == [
        ("John Smith", "PER", ["Smith"], 3, "missed"), ("Rome", "LOC", ["Rome"], 3, "missed")]
    assert rows[1]["context"] == "John Smith met Ann Lee in [[Rome]] "


def test_differences_list_what_a_configuration_adds_with_source_and_gold():
    out = compare("en", TINY, "conll2003", ["stanza", "full"], label_map={"PERSON": "PER"}, differences=True)
    rows = out["_differences"]
    # the full configuration adds the date of "12 March 2015" (CoNLL does not annotate dates) and drops nothing
    assert [(r["configuration"], r["change"], r["label"], r["text"], r["gold"], r["document"]) for r in rows] == [
        ("full", "added", "DATE", "12 March 2015", False, 0)]
    assert rows[0]["source"] == "date" and rows[0]["context"].endswith("[[12 March 2015]] . ")


def test_missed_entities_follow_the_gold_mapping():
    # PER mapped to O and LOC ignored: with a configuration that finds nothing, only the organizations are missed
    out = compare("en", TINY, "conll2003", ["stanza"], label_map={"PERSON": "PER"}, recall_bias=-1000.0,
                  gold_map={"PER": "O", "LOC": "IGNORE"}, differences=True)
    assert [(r["text"], r["label"]) for r in out["_differences"]] == [("United Nations", "ORG"), ("Acme Corp", "ORG")]


def test_compare_cli_writes_differences(tmp_path):
    path = tmp_path / "diff.jsonl"
    result = _invoke_cli("--configs", "stanza,full", "--differences", str(path))
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    assert [(r["change"], r["label"], r["text"]) for r in rows] == [("added", "DATE", "12 March 2015")]
    assert "Entities added or dropped" in result.output
