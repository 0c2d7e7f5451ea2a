"""Tests for the NER metrics of anontools.detection.evaluate, with hand-computed figures."""

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from anontools.detection.evaluate import (
    app,
    bio_spans,
    evaluate_predictor,
    evaluate_tags,
    parse_mapping,
    predict_in_batches,
)

FIX = Path(__file__).parent / "fixtures" / "ner"

GOLD = [
    ["B-PER", "I-PER", "O", "B-LOC", "O"],  # PER(0,2) LOC(3,4)
    ["B-ORG", "I-ORG", "O", "B-PER"],  # ORG(0,2) PER(3,4)
]
PRED = [
    ["B-PER", "I-PER", "O", "B-ORG", "O"],  # PER correct, ORG(3,4) wrong label
    ["B-ORG", "O", "O", "B-PER"],  # ORG(0,1) wrong boundary, PER correct
]


def approx(x):
    return pytest.approx(x, abs=1e-12)


def test_bio_spans():
    assert bio_spans(["B-PER", "I-PER", "O", "I-LOC", "B-LOC"]) == [(0, 2, "PER"), (3, 4, "LOC"), (4, 5, "LOC")]
    assert bio_spans(["S-PER", "B-ORG", "E-ORG"]) == [(0, 1, "PER"), (1, 3, "ORG")]
    assert bio_spans([]) == []


def test_entity_level_hand_computed():
    ent = evaluate_tags(GOLD, PRED)["entity"]
    # gold: PER 2, LOC 1, ORG 1 ; pred: PER 2, ORG 2 ; correct: PER 2
    assert ent["per_label"]["PER"] == {"precision": 1.0, "recall": 1.0, "f1": 1.0, "tp": 2, "pred": 2, "gold": 2}
    assert ent["per_label"]["LOC"] == {"precision": 0.0, "recall": 0.0, "f1": 0.0, "tp": 0, "pred": 0, "gold": 1}
    assert ent["per_label"]["ORG"] == {"precision": 0.0, "recall": 0.0, "f1": 0.0, "tp": 0, "pred": 2, "gold": 1}
    assert ent["micro"] == {"precision": 0.5, "recall": 0.5, "f1": 0.5, "tp": 2, "pred": 4, "gold": 4}
    assert ent["macro"]["precision"] == approx(1 / 3)
    assert ent["macro"]["recall"] == approx(1 / 3)
    assert ent["macro"]["f1"] == approx(1 / 3)


def test_token_level_hand_computed():
    tok = evaluate_tags(GOLD, PRED)["token"]
    # gold tokens: PER 3, LOC 1, ORG 2 ; pred tokens: PER 3, ORG 2 ; correct: PER 3, ORG 1
    assert tok["per_label"]["PER"]["f1"] == 1.0
    assert tok["per_label"]["ORG"] == {"precision": 0.5, "recall": 0.5, "f1": 0.5, "tp": 1, "pred": 2, "gold": 2}
    assert tok["per_label"]["LOC"] == {"precision": 0.0, "recall": 0.0, "f1": 0.0, "tp": 0, "pred": 0, "gold": 1}
    micro = tok["micro"]
    assert (micro["tp"], micro["pred"], micro["gold"]) == (4, 5, 6)
    assert micro["precision"] == approx(0.8)
    assert micro["recall"] == approx(2 / 3)
    assert micro["f1"] == approx(8 / 11)
    assert tok["macro"]["precision"] == approx(0.5)
    assert tok["macro"]["recall"] == approx(0.5)
    assert tok["macro"]["f1"] == approx(0.5)


def test_binary_token_level_hand_computed():
    b = evaluate_tags(GOLD, PRED)["binary"]
    # any-entity tokens: gold 6, pred 5, both 5 (label ignored)
    assert (b["tp"], b["pred"], b["gold"]) == (5, 5, 6)
    assert b["precision"] == approx(1.0)
    assert b["recall"] == approx(5 / 6)
    assert b["f1"] == approx(10 / 11)
    # by gold label: PER 3 of 3 tokens detected; LOC 1 of 1 (predicted as ORG: any label counts); ORG(0,2) has its
    # first token detected and its second not
    assert b["recall_by_gold_label"] == {
        "LOC": {"recall": 1.0, "detected": 1, "gold": 1},
        "ORG": {"recall": 0.5, "detected": 1, "gold": 2},
        "PER": {"recall": 1.0, "detected": 3, "gold": 3},
    }


def test_counts():
    assert evaluate_tags(GOLD, PRED)["counts"] == {"sentences": 2, "tokens": 9}


def test_perfect_prediction_and_iob1_gold():
    iob1_gold = [["I-PER", "I-PER", "O", "I-LOC", "O"]]
    bio_pred = [["B-PER", "I-PER", "O", "B-LOC", "O"]]
    r = evaluate_tags(iob1_gold, bio_pred)
    assert r["entity"]["micro"]["f1"] == 1.0
    assert r["token"]["micro"]["f1"] == 1.0
    assert r["binary"]["f1"] == 1.0


def test_pred_map_renames_model_labels():
    pred = [["B-PERSON", "I-PERSON", "O", "B-GPE", "O"]]
    gold = [["B-PER", "I-PER", "O", "B-LOC", "O"]]
    raw = evaluate_tags(gold, pred)
    assert raw["entity"]["micro"]["tp"] == 0
    mapped = evaluate_tags(gold, pred, pred_map={"PERSON": "PER", "GPE": "LOC"})
    assert mapped["entity"]["micro"]["f1"] == 1.0


def test_map_to_o_drops_entities():
    gold = [["B-PER", "O", "B-LOCderiv"]]
    pred = [["B-PER", "O", "O"]]
    assert evaluate_tags(gold, pred)["entity"]["micro"]["recall"] == 0.5
    r = evaluate_tags(gold, pred, gold_map={"LOCderiv": "O"})
    assert r["entity"]["micro"] == {"precision": 1.0, "recall": 1.0, "f1": 1.0, "tp": 1, "pred": 1, "gold": 1}
    assert "LOCderiv" not in r["entity"]["per_label"]


def test_map_to_ignore_leaves_entities_out_of_scoring():
    # "die deutsche Regierung" — LOCderiv "deutsche" is not counted; a prediction on it is neither right nor wrong
    gold = [["B-PER", "O", "B-LOCderiv", "O", "B-ORG", "I-ORG"]]
    pred = [["B-PER", "O", "B-MISC", "O", "B-ORG", "O"]]
    dropped = evaluate_tags(gold, pred, gold_map={"LOCderiv": "O"})
    assert dropped["entity"]["micro"]["pred"] == 3 and dropped["entity"]["micro"]["tp"] == 1
    r = evaluate_tags(gold, pred, gold_map={"LOCderiv": "IGNORE"})
    assert r["entity"]["micro"] == {"precision": 0.5, "recall": 0.5, "f1": 0.5, "tp": 1, "pred": 2, "gold": 2}
    assert set(r["entity"]["per_label"]) == {"PER", "ORG"}
    # tokens of the ignored entity count nowhere: 5 tokens left; binary: gold 3 (PER, ORG, ORG), pred 2, tp 2
    assert r["counts"] == {"sentences": 1, "tokens": 5}
    assert (r["binary"]["tp"], r["binary"]["pred"], r["binary"]["gold"]) == (2, 2, 3)
    assert set(r["binary"]["recall_by_gold_label"]) == {"PER", "ORG"}  # no IGNORE row
    assert "MISC" not in r["token"]["per_label"]
    # a predicted entity reaching into the ignored one is not counted either
    r2 = evaluate_tags([["O", "B-LOCderiv", "O"]], [["B-MISC", "I-MISC", "O"]], gold_map={"LOCderiv": "IGNORE"})
    assert r2["entity"]["micro"]["pred"] == 0
    assert (r2["binary"]["tp"], r2["binary"]["pred"], r2["binary"]["gold"]) == (0, 1, 0)


def test_nothing_predicted_gives_zero_not_error():
    r = evaluate_tags([["B-PER", "O"]], [["O", "O"]])
    assert r["entity"]["micro"] == {"precision": 0.0, "recall": 0.0, "f1": 0.0, "tp": 0, "pred": 0, "gold": 1}
    empty = evaluate_tags([], [])
    assert empty["entity"]["micro"]["f1"] == 0.0 and empty["entity"]["per_label"] == {}


def test_shape_mismatch_raises():
    with pytest.raises(ValueError):
        evaluate_tags([["O"]], [])
    with pytest.raises(ValueError):
        evaluate_tags([["O", "O"]], [["O"]])


def test_evaluate_predictor_with_any_callable():
    tokens = [["Ana", "Brill", "sang"], ["in", "Tolvek"]]
    gold = [["B-PER", "I-PER", "O"], ["O", "B-LOC"]]

    def predict(sentences):
        return [["B-PER" if tok == "Ana" else "O" for tok in s] for s in sentences]

    r = evaluate_predictor(predict, tokens, gold, batch_size=1)
    assert r["entity"]["micro"]["tp"] == 0  # "Ana" alone is a boundary error
    assert r["binary"]["recall"] == approx(1 / 3)
    assert r["binary"]["precision"] == 1.0


def test_predict_in_batches_checks_shape():
    with pytest.raises(ValueError):
        predict_in_batches(lambda s: [["O"] for _ in s], [["a", "b"]])


def test_parse_mapping():
    assert parse_mapping(["PERSON=PER,GPE=LOC", "NORP=O"]) == {"PERSON": "PER", "GPE": "LOC", "NORP": "O"}


def make_all_o(language):
    """Predictor factory used by the CLI test (``--predictor tests.test_ner_metrics:make_all_o``)."""
    return lambda sentences: [["O"] * len(s) for s in sentences]


def make_oracle(language):
    """A predictor that returns the gold tags of the fixture (CLI test)."""
    from anontools.detection.conll import read_conll

    gold = {tuple(t for t, _ in s): [g for _, g in s] for s in read_conll(FIX / "fmt_token_pos_chunk_iob1.txt", "conll2003")}
    return lambda sentences: [gold[tuple(s)] for s in sentences]


def test_cli_writes_json_report(tmp_path):
    out = tmp_path / "eval.json"
    result = CliRunner().invoke(app, [
        "--language", "en", "--test", str(FIX / "fmt_token_pos_chunk_iob1.txt"), "--format", "conll2003",
        "--predictor", "tests.test_ner_metrics:make_oracle", "--json-report", str(out)])
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    assert report["entity"]["micro"]["f1"] == 1.0
    assert report["entity"]["micro"]["gold"] == 5
    assert report["meta"]["predictor"] == "tests.test_ner_metrics:make_oracle"

    result = CliRunner().invoke(app, [
        "--language", "en", "--test", str(FIX / "fmt_token_pos_chunk_iob1.txt"),
        "--predictor", "tests.test_ner_metrics:make_all_o", "--json-report", str(out)])
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    assert report["binary"]["recall"] == 0.0
    assert report["entity"]["micro"]["gold"] == 5
