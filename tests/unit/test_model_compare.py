"""anontools/detection/model_compare.py: paired per-sentence counts, the block bootstrap, alternated speed rounds."""

import pytest

from anontools.detection.evaluate import evaluate_tags
from anontools.detection.model_compare import alternate_speed, paired_bootstrap, sentence_counts

GOLD = [["B-PER", "I-PER", "O", "B-LOC"], ["O", "B-ORG", "O"], ["B-PER", "O"], ["O", "O", "B-LOC", "I-LOC"]]
# one person missed, one location cut short, one extra organization
PRED = [["B-PER", "I-PER", "O", "B-LOC"], ["B-ORG", "B-ORG", "O"], ["O", "O"], ["O", "O", "B-LOC", "O"]]


def test_summed_sentence_counts_give_the_micro_figures_of_evaluate_tags():
    counts = sentence_counts(GOLD, PRED)
    sums = [sum(column) for column in zip(*counts)]
    whole = evaluate_tags(GOLD, PRED)
    e, b = whole["entity"]["micro"], whole["binary"]
    assert sums == [e["tp"], e["pred"], e["gold"], b["tp"], b["pred"], b["gold"]]
    assert sums == [3, 5, 5, 5, 6, 7]


def test_label_maps_apply_as_in_evaluate_tags():
    counts = sentence_counts([["B-PER", "O"]], [["B-PERSON", "O"]], pred_map={"PERSON": "PER"})
    assert counts == [(1, 1, 1, 1, 1, 1)]


def test_identical_models_differ_by_exactly_zero():
    counts = sentence_counts(GOLD, PRED) * 10
    result = paired_bootstrap(counts, counts, samples=200, block=3)
    for figure in ("entity_f1", "binary_precision", "binary_recall"):
        r = result[figure]
        assert r["difference"] == r["low"] == r["high"] == 0.0
        assert r["p_candidate_worse"] == 0.0


def test_a_candidate_better_on_every_sentence_has_an_interval_above_zero():
    baseline = sentence_counts(GOLD, PRED) * 10
    candidate = sentence_counts(GOLD, GOLD) * 10
    result = paired_bootstrap(baseline, candidate, samples=300, block=2, seed=1)
    f1 = result["entity_f1"]
    assert f1["candidate"] == 1.0 and f1["baseline"] == pytest.approx(0.6)
    assert f1["difference"] == pytest.approx(0.4)
    assert 0 < f1["low"] <= f1["difference"] <= f1["high"]
    assert f1["p_candidate_worse"] == 0.0
    assert result["binary_recall"]["low"] > 0
    # the same seed gives the same interval; the paired draw is what makes it tight
    assert paired_bootstrap(baseline, candidate, samples=300, block=2, seed=1) == result


@pytest.mark.parametrize("a, b, kwargs", [
    ([(1, 1, 1, 1, 1, 1)], [], {}),
    ([], [], {}),
    ([(1, 1, 1, 1, 1, 1)], [(1, 1, 1, 1, 1, 1)], {"block": 0}),
    ([(1, 1, 1, 1, 1, 1)], [(1, 1, 1, 1, 1, 1)], {"samples": 0}),
])
def test_mismatched_or_empty_counts_and_bad_parameters_are_refused(a, b, kwargs):
    with pytest.raises(ValueError):
        paired_bootstrap(a, b, **kwargs)


def test_sentence_counts_refuse_different_shapes():
    with pytest.raises(ValueError):
        sentence_counts(GOLD, PRED[:2])


def test_alternate_speed_runs_every_tagger_every_round_in_alternating_order():
    calls = []

    def tagger(name):
        def tag(sentences):
            calls.append((name, len(sentences)))
            return [["O"] * len(s) for s in sentences]
        return tag

    sentences = [["a", "b"]] * 5
    speeds = alternate_speed({"x": tagger("x"), "y": tagger("y")}, sentences, rounds=3, call_size=2)
    assert set(speeds) == {"x", "y"} and all(len(v) == 3 for v in speeds.values())
    assert all(v > 0 for values in speeds.values() for v in values)
    order = [name for name, _ in calls]
    assert order == ["x"] * 3 + ["y"] * 3 + ["y"] * 3 + ["x"] * 3 + ["x"] * 3 + ["y"] * 3
    assert [n for _, n in calls[:3]] == [2, 2, 1]
