"""Tests for NER ensembles (app/detection/ensemble.py; built by anontools/detection/ensemble.py): averaged CRF
decoding, manifests, loading.

Runs offline without ../shared: the members are the shipped English model (copied) and in-memory
permutations of it; the sentences are invented.
"""

from __future__ import annotations

import copy
import hashlib
import json
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest
import torch

from anontools.detection.ensemble import build_ensemble
from app.detection.ensemble import (
    EnsembleError,
    average_viterbi,
    check_same_tags,
    read_manifest,
)
from app.detection.stanza_ner import WEIGHTS_DIR, ModelNotFoundError, StanzaTagger, resolve_model

SHIPPED_EN = WEIGHTS_DIR / "en"


def _digest(path) -> str | None:
    return None if path is None else hashlib.sha1(Path(path).read_bytes()).hexdigest()


@pytest.fixture(scope="module", autouse=True)
def _each_checkpoint_unpickled_once():
    """The members of this module's ensembles are byte-for-byte copies of the shipped English model, which
    ``load_member`` reads with torch's weights-only unpickler (~2 s of CPU each). Each distinct file content is
    loaded once, through that path, and later loads of the same bytes get a deep copy of it (what the module
    tests is how members are combined, not unpickling the same bytes again)."""
    from app.detection import stanza_ner

    loaded: dict[tuple, object] = {}
    original = stanza_ner.load_member

    def load_member(model_path, pretrain_path, device="cpu", **charlms):
        key = (_digest(model_path), _digest(pretrain_path), stanza_ner.is_shipped(model_path), device,
               tuple(sorted((k, _digest(v)) for k, v in charlms.items())))
        if key not in loaded:
            loaded[key] = original(model_path, pretrain_path, device, **charlms)
        return copy.deepcopy(loaded[key])

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(stanza_ner, "load_member", load_member)
        yield
SENTENCES = [
    ["Angela", "Merkel", "visited", "Paris", "on", "Monday", "."],
    ["John", "Smith", "works", "for", "the", "United", "Nations", "in", "Geneva", "."],
    ["The", "European", "Commission", "said", "on", "Thursday", "it", "disagreed", "with", "German", "advice", "."],
    ["Shares", "of", "Acme", "Corp", "rose", "in", "New", "York", "."],
]


def test_average_viterbi_decodes_the_mean_not_either_member():
    a = np.array([[2.0, 0.0], [0.0, 1.0]])  # alone: [0, 1]
    b = np.array([[0.0, 1.0], [3.0, 0.0]])  # alone: [1, 0]
    zeros = np.zeros((2, 2))
    assert average_viterbi([a], [zeros]) == [0, 1]
    assert average_viterbi([b], [zeros]) == [1, 0]
    # mean = [[1, .5], [1.5, .5]] → [0, 0]
    assert average_viterbi([a, b], [zeros, zeros]) == [0, 0]


def test_average_viterbi_averages_transitions():
    e = np.array([[1.0, 0.0], [0.0, 2.0]])
    penalty = np.array([[0.0, -10.0], [0.0, 0.0]])  # 0 → 1 forbidden-ish
    # mean transitions [[0, -5], [0, 0]]: [0,1] = 1 + 2 - 5 = -2, [0,0] = 1, [1,1] = 2, [1,0] = 0
    assert average_viterbi([e, e], [np.zeros((2, 2)), penalty]) == [1, 1]
    assert average_viterbi([e], [np.zeros((2, 2))]) == [0, 1]


def test_average_viterbi_rejects_mismatched_shapes():
    with pytest.raises(EnsembleError):
        average_viterbi([np.zeros((2, 3)), np.zeros((2, 4))], [np.zeros((3, 3)), np.zeros((4, 4))])
    with pytest.raises(EnsembleError):
        average_viterbi([], [])


def _fake_trainer(tags: list[str]):
    from stanza.models.common.vocab import VOCAB_PREFIX
    from stanza.models.ner.vocab import TagVocab

    vocab = TagVocab.__new__(TagVocab)
    vocab._id2unit = list(VOCAB_PREFIX) + tags
    vocab._unit2id = {t: i for i, t in enumerate(vocab._id2unit)}
    return SimpleNamespace(vocab={"tag": vocab}, model=SimpleNamespace(tag_clfs=[object()]))


def test_check_same_tags_gives_column_permutations():
    first = _fake_trainer(["O", "S-PER", "B-LOC", "E-LOC"])
    second = _fake_trainer(["B-LOC", "O", "E-LOC", "S-PER"])
    perms = check_same_tags([first, second])
    assert perms[0] == [0, 1, 2, 3, 4, 5, 6, 7]
    # first's column k (4 = O, 5 = S-PER, 6 = B-LOC, 7 = E-LOC) sits at second's 5, 7, 4, 6
    assert perms[1] == [0, 1, 2, 3, 5, 7, 4, 6]
    with pytest.raises(EnsembleError, match="S-ORG"):
        check_same_tags([first, _fake_trainer(["O", "S-ORG", "B-LOC", "E-LOC"])])


@pytest.fixture(scope="module")
def single():
    from tests import shared_models

    return shared_models.tagger("en")  # StanzaTagger("en", model_dir=SHIPPED_EN), loaded once per session


@pytest.fixture(scope="module")
def twin_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("ensemble") / "en"
    build_ensemble([SHIPPED_EN, SHIPPED_EN], out)
    return out


@pytest.fixture(scope="module")
def twin(twin_dir):
    """The twin ensemble, loaded once: its members are copies, not the shipped files, so they go through the
    weights-only unpickler (once, see ``_each_checkpoint_unpickled_once``). A test that changes it works on a deep
    copy."""
    return StanzaTagger("en", model_dir=twin_dir)


def test_build_ensemble_layout(twin_dir):
    manifest = json.loads((twin_dir / "ensemble.json").read_text())
    assert manifest == {"combine": "average", "members": [
        {"model": "ner.pt", "pretrain": "pretrain.pt"},
        {"model": "member-2/ner.pt", "pretrain": "member-2/pretrain.pt"}]}
    assert (twin_dir / "member-2" / "ner.pt").read_bytes() == (SHIPPED_EN / "ner.pt").read_bytes()
    resolved = resolve_model("en", twin_dir)
    assert [m.model_path.name for m in resolved.members] == ["ner.pt", "ner.pt"]
    assert resolved.model_path == (twin_dir / "ner.pt").resolve() and resolved.combine == "average"


def test_twin_ensemble_tags_exactly_like_its_member(single, twin):
    assert len(twin.trainers) == 2
    assert twin.tag(SENTENCES) == single.tag(SENTENCES)
    assert twin.tag([[], ["Paris"], []]) == [[], single.tag([["Paris"]])[0], []]
    assert set(twin.labels) == {"PER", "LOC", "ORG", "MISC"}


def test_members_with_permuted_tag_columns_are_aligned(single, twin):
    """Member 2 gets its tag vocabulary, classifier rows and CRF transitions permuted in memory: same tags."""
    twin = copy.deepcopy(twin)  # the loaded twin of the module, changed here only in this copy
    trainer = twin.trainers[1]
    vocab = trainer.vocab["tag"]
    column = vocab._id2unit[0]
    n = len(column)
    order = list(range(4)) + list(reversed(range(4, n)))  # new column j holds old column order[j]
    vocab._id2unit[0] = [column[i] for i in order]
    vocab._unit2id[0] = {t: i for i, t in enumerate(vocab._id2unit[0])}
    index = torch.tensor(order)
    clf = trainer.model.tag_clfs[0]
    crf = trainer.model.crits[0]
    with torch.no_grad():
        clf.weight.copy_(clf.weight[index])
        clf.bias.copy_(clf.bias[index])
        crf._transitions.copy_(crf._transitions[index][:, index])
    assert check_same_tags(twin.trainers)[1] == [order.index(k) for k in range(n)]
    assert twin.tag(SENTENCES) == single.tag(SENTENCES)


def test_combine_first_uses_stanza_merge(single, tmp_path):
    out = tmp_path / "first"
    build_ensemble([SHIPPED_EN, SHIPPED_EN], out, combine="first")
    tagger = StanzaTagger("en", model_dir=out)
    assert tagger.resolved.combine == "first"
    assert tagger.tag(SENTENCES) == single.tag(SENTENCES)


def _write(tmp_path, manifest):
    (tmp_path / "ner.pt").write_bytes(b"x")
    (tmp_path / "ensemble.json").write_text(json.dumps(manifest) if not isinstance(manifest, str) else manifest)
    return tmp_path


@pytest.mark.parametrize(("manifest", "message"), [
    ("{not json", "not readable JSON"),
    ({"members": []}, "non-empty 'members'"),
    ({"members": [{"model": "ner.pt"}], "combine": "vote"}, "'combine' must be"),
    ({"members": [{"model": "ner.pt"}, {"model": "missing.pt"}]}, "does not exist"),
    ({"members": [{"model": "../outside.pt"}]}, "leaves the model directory"),
    ({"members": [{"pretrain": "ner.pt"}]}, "needs a 'model'"),
])
def test_bad_manifests_are_rejected(tmp_path, manifest, message):
    directory = _write(tmp_path, manifest)
    with pytest.raises(EnsembleError, match=message):
        read_manifest(directory)
    with pytest.raises(ModelNotFoundError, match="Unusable ensemble"):
        resolve_model("en", directory)


def test_no_manifest_means_single_model(tmp_path):
    assert read_manifest(tmp_path) is None
    assert resolve_model("en", SHIPPED_EN).members == ()


def test_build_ensemble_errors_and_cli(tmp_path):
    from typer.testing import CliRunner

    from anontools.detection.ensemble import app

    with pytest.raises(EnsembleError, match="at least two"):
        build_ensemble([SHIPPED_EN], tmp_path / "one")
    with pytest.raises(EnsembleError, match="has no ner.pt"):
        build_ensemble([SHIPPED_EN, tmp_path], tmp_path / "two")
    with pytest.raises(EnsembleError, match="combine"):
        build_ensemble([SHIPPED_EN, SHIPPED_EN], tmp_path / "three", combine="vote")
    result = CliRunner().invoke(app, [str(SHIPPED_EN), "--output", str(tmp_path / "cli")])
    assert result.exit_code == 2 and "at least two" in result.output
    result = CliRunner().invoke(app, [str(SHIPPED_EN), str(SHIPPED_EN), "--output", str(tmp_path / "cli")])
    assert result.exit_code == 0, result.output
    assert "2 members, combine=average" in result.output
    assert read_manifest(tmp_path / "cli").combine == "average"


def test_installing_a_single_model_removes_a_stale_manifest(tmp_path):
    from anontools.detection.train import install_model

    out = tmp_path / "en"
    build_ensemble([SHIPPED_EN, SHIPPED_EN], out)
    install_model(SHIPPED_EN / "ner.pt", out, SHIPPED_EN / "pretrain.pt", compact=False)
    assert not (out / "ensemble.json").exists()
    assert resolve_model("en", out).members == ()


# --- recall bias (O-tag penalty before decoding; Minkov et al. 2006) -----------------------------


def test_recall_bias_vector_penalises_only_the_outside_tag():
    from app.detection.ensemble import recall_bias_vector

    names = ["<PAD>", "<UNK>", "<EMPTY>", "<ROOT>", "O", "S-PER", "B-LOC", "E-LOC"]
    assert recall_bias_vector(names, 1.5).tolist() == [0, 0, 0, 0, -1.5, 0, 0, 0]
    assert recall_bias_vector(names, 0.0).tolist() == [0] * 8
    with pytest.raises(EnsembleError, match="no 'O'"):
        recall_bias_vector(["S-PER", "B-LOC"], 1.0)


def test_average_viterbi_applies_the_tag_bias():
    # columns [O, S-PER]; token 1 prefers O by 0.2, token 2 by 1.0
    e = np.array([[1.0, 0.8], [2.0, 1.0]])
    zeros = np.zeros((2, 2))
    assert average_viterbi([e], [zeros]) == [0, 0]
    assert average_viterbi([e], [zeros], np.array([-0.5, 0.0])) == [1, 0]  # 1.0 - 0.5 < 0.8
    assert average_viterbi([e], [zeros], np.array([-1.5, 0.0])) == [1, 1]
    with pytest.raises(EnsembleError, match="tag_bias"):
        average_viterbi([e], [zeros], np.zeros(3))


def test_zero_bias_decode_is_the_models_own(single):
    """Our decode path with bias 0 reproduces Stanza's own predictions of the single model."""
    from app.detection.tags import bioes_to_bio
    from app.detection.ensemble import predict_averaged

    from stanza.models.common.doc import Document
    from stanza.pipeline.tokenize_processor import TokenizeProcessor

    raw_text, tokens = TokenizeProcessor.process_pre_tokenized_text(None, SENTENCES)
    ours = predict_averaged(single.processor, Document(tokens, raw_text), 0.0)
    assert [bioes_to_bio(tags) for tags in ours] == single.tag(SENTENCES)


def test_recall_bias_tags_more_tokens_as_entities(single):
    untagged = [sum(tag == "O" for tag in tags) for tags in single.tag(SENTENCES)]
    counts = [sum(untagged)]
    for bias in (0.5, 1.0, 2.0, 4.0):
        tagger = StanzaTagger("en", model_dir=SHIPPED_EN, recall_bias=bias)
        tagged = tagger.tag(SENTENCES)
        assert [len(t) for t in tagged] == [len(s) for s in SENTENCES]
        counts.append(sum(tag == "O" for tags in tagged for tag in tags))
    # the number of O tags of the best path can only fall as the O penalty grows
    assert counts == sorted(counts, reverse=True)
    assert counts[-1] < counts[0]
    assert all(tag != "O" for tags in StanzaTagger("en", model_dir=SHIPPED_EN, recall_bias=1000).tag(SENTENCES)
               for tag in tags)
    assert all(tag == "O" for tags in StanzaTagger("en", model_dir=SHIPPED_EN, recall_bias=-1000).tag(SENTENCES)
               for tag in tags)


def test_recall_bias_works_on_an_averaged_ensemble(twin_dir):
    single_biased = StanzaTagger("en", model_dir=SHIPPED_EN, recall_bias=2.0)
    twin_biased = StanzaTagger("en", model_dir=twin_dir, recall_bias=2.0)
    assert twin_biased.tag(SENTENCES) == single_biased.tag(SENTENCES)


def test_invalid_recall_bias_is_rejected(tmp_path):
    for bad in (float("nan"), float("inf"), "1", True):
        with pytest.raises(ValueError, match="recall_bias"):
            StanzaTagger("en", model_dir=SHIPPED_EN, recall_bias=bad)
    out = tmp_path / "first"
    build_ensemble([SHIPPED_EN, SHIPPED_EN], out, combine="first")
    with pytest.raises(ValueError, match="combine='average'"):
        StanzaTagger("en", model_dir=out, recall_bias=1.0)


def test_configured_recall_bias_reaches_the_tagger(tmp_path):
    from app.detection.config import language_config
    from app.detection.pipeline import build_detector

    assert language_config("en")["ner_recall_bias"] != 1000.0
    weights = tmp_path / "models"
    (weights / "en").mkdir(parents=True)
    for name in ("ner.pt", "pretrain.pt"):
        (weights / "en" / name).symlink_to(SHIPPED_EN / name)
    cfg = {**language_config("en"), "recognizers": ["stanza"], "ner_recall_bias": 1000.0}
    detector = build_detector("en", model_dir=str(weights), config=cfg, components="stanza")
    [recognizer] = detector.recognizers
    assert recognizer.tagger.recall_bias == 1000.0
    text = "Shares rose in New York ."
    covered = {i for e in detector.detect(text) for i in range(e.start, e.end)}
    # every token is inside an entity when the O tag can never win
    assert covered >= {i for i, ch in enumerate(text) if ch.isalnum()}  # (an entity of punctuation alone is dropped)


def test_a_calls_recall_bias_overrides_the_taggers_own(single):
    """``tag(..., recall_bias=b)`` decodes exactly as a tagger built with ``b``; ``None`` keeps the tagger's own."""
    for bias in (0.5, 2.0, 1000.0):
        assert single.tag(SENTENCES, recall_bias=bias) == StanzaTagger("en", model_dir=SHIPPED_EN,
                                                                       recall_bias=bias).tag(SENTENCES)
    assert single.tag(SENTENCES, recall_bias=None) == single.tag(SENTENCES) == single.tag(SENTENCES, recall_bias=0.0)
    for bad in (float("nan"), "1", True):
        with pytest.raises(ValueError, match="recall_bias"):
            single.tag(SENTENCES, recall_bias=bad)


def test_the_strict_profile_decodes_with_its_own_recall_bias(tmp_path):
    """``ner_recall_bias_strict`` reaches the strict profile's Stanza recognizer only: the same loaded model, the
    standard profile unchanged; a strict bias below the standard one is refused at start-up."""
    from app.detection.config import language_config
    from app.detection.ner import StanzaRecognizer
    from app.detection.pipeline import build_detector, check_configuration

    weights = tmp_path / "models"
    (weights / "en").mkdir(parents=True)
    for name in ("ner.pt", "pretrain.pt"):
        (weights / "en" / name).symlink_to(SHIPPED_EN / name)
    cfg = {**language_config("en"), "recognizers": ["stanza"], "ner_recall_bias": 0.0,
           "ner_recall_bias_strict": 1000.0}
    detector = build_detector("en", model_dir=str(weights), config=cfg, components="stanza")
    [standard] = detector.recognizers
    [strict] = [r for r in detector.recognizers_for("strict") if isinstance(r, StanzaRecognizer)]
    assert strict.tagger is standard.tagger and strict.recall_bias == 1000.0 and standard.recall_bias is None
    assert detector.recognizers_for("strict") is detector.recognizers_for("strict")
    text = "Shares rose in New York ."
    every = {i for i, ch in enumerate(text) if ch.isalnum()}  # (an entity of punctuation alone is dropped: stop 50)
    strict_covered = {i for e in detector.detect(text, profile="strict") for i in range(e.start, e.end)}
    standard_found = [(e.text, e.label) for e in detector.detect(text)]
    assert strict_covered >= every
    assert standard_found == [("New York", "LOCATION")]
    # documents detected together in the strict profile get the same entities as one by one
    assert detector.detect_many([text, text], profile="strict") == [detector.detect(text, profile="strict")] * 2
    for bad in ("high", float("nan"), True):
        with pytest.raises(ValueError, match="ner_recall_bias_strict"):
            check_configuration("en", config={**cfg, "ner_recall_bias_strict": bad})
    # a deployment that raises only the standard bias: the strict profile never decodes with less
    raised = build_detector("en", model_dir=str(weights), components="stanza",
                            config={**cfg, "ner_recall_bias": 1000.0, "ner_recall_bias_strict": 0.25})
    assert raised.strict_recall_bias == 1000.0
    assert raised.detect(text, profile="strict") == detector.detect(text, profile="strict")
