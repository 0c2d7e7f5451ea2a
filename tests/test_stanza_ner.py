"""Tests for the Stanza NER loader, the shipped English weights and the training command.

Everything here runs offline and without ../shared/data: the sentences are invented and the
tiny training corpus is a fixture of invented sentences.
"""

import json
from pathlib import Path

import pytest

from app.detection import stanza_ner
from app.detection.stanza_ner import WEIGHTS_DIR, ModelNotFoundError, StanzaTagger, resolve_model

FIX = Path(__file__).parent / "fixtures" / "ner"
SHIPPED_EN = WEIGHTS_DIR / "en"


@pytest.fixture(scope="module")
def tagger():
    return StanzaTagger("en", model_dir=SHIPPED_EN)


@pytest.fixture
def no_official_models(monkeypatch, tmp_path):
    """Make resolution ignore any official Stanza models installed on this machine."""
    empty = tmp_path / "stanza_resources"
    empty.mkdir()
    monkeypatch.setattr(stanza_ner, "stanza_resource_dirs", lambda: [empty])
    return empty


def test_shipped_weights_are_compact():
    files = [p for p in SHIPPED_EN.iterdir() if p.is_file()]
    assert (SHIPPED_EN / "ner.pt").is_file() and (SHIPPED_EN / "MODEL_CARD.md").is_file()
    assert sum(p.stat().st_size for p in files) < 40 * 1024 * 1024


def test_tags_person_city_organisation(tagger):
    sentences = [
        ["Angela", "Merkel", "visited", "Paris", "on", "Monday", "."],
        ["Microsoft", "opened", "a", "new", "office", "in", "London", "."],
        ["John", "Smith", "works", "for", "the", "United", "Nations", "in", "Geneva", "."],
    ]
    assert tagger.tag(sentences) == [
        ["B-PER", "I-PER", "O", "B-LOC", "O", "O", "O"],
        ["B-ORG", "O", "O", "O", "O", "O", "B-LOC", "O"],
        ["B-PER", "I-PER", "O", "O", "O", "B-ORG", "I-ORG", "O", "B-LOC", "O"],
    ]


def test_tag_shapes_and_labels(tagger):
    assert tagger.tag([]) == []
    out = tagger.tag([[], ["Hello", "", " ", "world"]])
    assert out[0] == [] and len(out[1]) == 4
    assert set(tagger.labels) == {"PER", "LOC", "ORG", "MISC"}
    assert tagger.source == "explicit"
    assert tagger(["Berlin is big .".split()])[0][0] == "B-LOC"  # callable = predict


def test_bioes_scheme():
    t = StanzaTagger("en", model_dir=SHIPPED_EN, scheme="bioes")
    assert t.tag([["Angela", "Merkel", "visited", "Paris", "."]]) == [["B-PER", "E-PER", "O", "S-LOC", "O"]]


def test_resolution_falls_back_to_shipped(no_official_models):
    r = resolve_model("en")
    assert r.source == "shipped"
    assert r.model_path == SHIPPED_EN / "ner.pt"
    assert r.pretrain_path == SHIPPED_EN / "pretrain.pt"
    assert any("stanza_resources" in p for p in r.tried)


def test_resolution_prefers_official_stanza_resources(no_official_models):
    base = no_official_models
    (base / "en" / "ner").mkdir(parents=True)
    (base / "en" / "pretrain").mkdir()
    (base / "en" / "ner" / "custom.pt").symlink_to(SHIPPED_EN / "ner.pt")
    (base / "en" / "pretrain" / "custom.pt").symlink_to(SHIPPED_EN / "pretrain.pt")
    r = resolve_model("en")
    assert (r.source, r.model_path, r.pretrain_path) == (
        "stanza_resources", base / "en" / "ner" / "custom.pt", base / "en" / "pretrain" / "custom.pt")
    # loads through the same path as an official model would
    t = StanzaTagger("en")
    assert t.source == "stanza_resources"
    assert t.tag([["Angela", "Merkel", "visited", "Paris", "."]]) == [["B-PER", "I-PER", "O", "B-LOC", "O"]]


def test_resolution_reads_resources_json_dependencies(no_official_models):
    base = no_official_models
    for sub in ("ner", "pretrain", "forward_charlm", "backward_charlm"):
        (base / "en" / sub).mkdir(parents=True)
    for name in ("aaa.pt", "official.pt"):
        (base / "en" / "ner" / name).write_bytes(b"")
    for name in ("other.pt", "conll17.pt"):
        (base / "en" / "pretrain" / name).write_bytes(b"")
    (base / "en" / "forward_charlm" / "1billion.pt").write_bytes(b"")
    (base / "en" / "backward_charlm" / "1billion.pt").write_bytes(b"")
    (base / "resources.json").write_text(json.dumps({"en": {
        "default_processors": {"ner": "official"},
        "ner": {"official": {"dependencies": [
            {"model": "pretrain", "package": "conll17"},
            {"model": "forward_charlm", "package": "1billion"},
            {"model": "backward_charlm", "package": "1billion"}]}}}}))
    r = resolve_model("en")
    assert r.model_path.name == "official.pt"
    assert r.pretrain_path.name == "conll17.pt"
    assert r.forward_charlm_path == base / "en" / "forward_charlm" / "1billion.pt"
    assert r.backward_charlm_path == base / "en" / "backward_charlm" / "1billion.pt"


def test_model_not_found_lists_paths(no_official_models, tmp_path):
    with pytest.raises(ModelNotFoundError) as err:
        StanzaTagger("xx", weights_dir=tmp_path / "weights")
    message = str(err.value)
    assert "'xx'" in message
    assert str(no_official_models / "xx" / "ner" / "*.pt") in message
    assert str(tmp_path / "weights" / "xx" / "ner.pt") in message


def test_explicit_model_dir_missing_raises(tmp_path):
    with pytest.raises(ModelNotFoundError, match="model_dir"):
        StanzaTagger("en", model_dir=tmp_path / "nothing-here")


def test_model_not_found_is_runtime_error():
    assert issubclass(ModelNotFoundError, RuntimeError)


def test_training_command_end_to_end(tmp_path):
    """Train a tiny model on invented fixture sentences for a few steps, then load it (< 60 s)."""
    from typer.testing import CliRunner

    from anontools.detection.train import app

    out = tmp_path / "model"
    result = CliRunner().invoke(app, [
        "--language", "en", "--train", str(FIX / "train_tiny.txt"), "--dev", str(FIX / "dev_tiny.txt"),
        "--format", "conll2002", "--output", str(out), "--work-dir", str(tmp_path / "work"),
        "--max-steps", "20", "--eval-interval", "10", "--batch-size", "8",
        "--hidden-dim", "16", "--char-hidden-dim", "8", "--word-emb-dim", "8"])
    assert result.exit_code == 0, result.output
    assert (out / "ner.pt").is_file() and not (out / "pretrain.pt").exists()
    meta = json.loads((out / "training.json").read_text())
    assert meta["train_sentences"] == 40 and meta["labels"] == ["LOC", "ORG", "PER"]
    assert meta["best_dev_entity_f1"]["evaluations"] == 2
    t = StanzaTagger("en", model_dir=out)
    tags = t.tag([["Marta", "Okonkwo", "lives", "in", "Norvik", "."]])
    assert len(tags[0]) == 6
    assert set(t.labels) == {"LOC", "ORG", "PER"}


def test_only_shipped_files_are_unpickled_in_full(tmp_path, monkeypatch):
    import torch

    assert stanza_ner.is_shipped(SHIPPED_EN / "ner.pt")
    copy = tmp_path / "ner.pt"
    copy.write_bytes((SHIPPED_EN / "ner.pt").read_bytes())
    assert not stanza_ner.is_shipped(copy) and not stanza_ner.is_shipped(None)
    seen = []
    monkeypatch.setattr(torch, "load", lambda f, *a, **k: seen.append((Path(f).name, k.get("weights_only"))))
    recorder = torch.load
    with stanza_ner._full_unpickler_for({str(SHIPPED_EN.resolve() / "ner.pt")}):
        torch.load(str(SHIPPED_EN / "ner.pt"), weights_only=True)
        torch.load(str(copy), weights_only=True)
    assert seen == [("ner.pt", False), ("ner.pt", True)]
    assert torch.load is recorder  # restored after the context
