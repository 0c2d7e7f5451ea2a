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
    from tests import shared_models

    return shared_models.tagger("en")  # StanzaTagger("en", model_dir=SHIPPED_EN), loaded once per session


@pytest.fixture
def no_official_models(monkeypatch, tmp_path):
    """Make resolution ignore any official Stanza models installed on this machine."""
    empty = tmp_path / "stanza_resources"
    empty.mkdir()
    monkeypatch.setattr(stanza_ner, "stanza_resource_dirs", lambda: [empty])
    return empty


def test_shipped_weights_are_compact():
    """float16 weights and vectors (install_model's compaction), and a size bound against shipping float32 copies."""
    import torch

    files = [p for p in SHIPPED_EN.iterdir() if p.is_file()]
    assert (SHIPPED_EN / "ner.pt").is_file() and (SHIPPED_EN / "MODEL_CARD.md").is_file()
    ckpt = torch.load(SHIPPED_EN / "ner.pt", map_location="cpu", weights_only=False)
    floats = [v for v in ckpt["model"].values() if torch.is_tensor(v) and v.is_floating_point()]
    assert floats and all(v.dtype == torch.float16 for v in floats)
    pretrain = torch.load(SHIPPED_EN / "pretrain.pt", map_location="cpu", weights_only=False)
    assert pretrain["emb"].dtype == torch.float16
    # 300-d vectors for 63,888 rows (40 MB) + the checkpoint (26 MB); float32 copies would double it
    assert sum(p.stat().st_size for p in files) < 72 * 1024 * 1024


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


# --- inference speed-ups (issue 18): the float path's tags must not change ------------------------------------

SENTENCES = [
    ["Angela", "Merkel", "met", "Emmanuel", "Macron", "in", "Paris", "on", "Monday", "."],
    ["Paris", "is", "big", "."],
    ["The", "United", "Nations", "said", "that", "Angela", "Merkel", "and", "the", "mayor", "of", "Paris", "spoke",
     "with", "officials", "of", "Microsoft", "and", "the", "European", "Commission", "in", "Brussels", "."],
    ["Merkel", "."],
    ["Microsoft", "hired", "John", "Smith", "of", "Geneva", "."],
    ["Okonkwo", "flew", "from", "Lagos", "to", "London", "with", "Smith", "."],
]


def test_tags_do_not_depend_on_order_batching_or_the_other_sentences(tagger):
    """Sentences are batched longest first and their words' character representations shared within a call: the
    tags of a sentence are the same alone, with others, in any order and with any batch size."""
    alone = [tagger.tag([s])[0] for s in SENTENCES]
    assert tagger.tag(SENTENCES) == alone
    assert tagger.tag(SENTENCES[::-1]) == alone[::-1]
    batch_size = tagger.batch_size
    try:
        tagger.batch_size = 2
        assert tagger.tag(SENTENCES) == alone
    finally:
        tagger.batch_size = batch_size
    assert alone[0][:2] == ["B-PER", "I-PER"] and alone[1][0] == "B-LOC"


def test_word_representations_are_stanzas_character_model(tagger, monkeypatch):
    """Each distinct word once (:func:`word_representations`) = Stanza's ``CharacterModel.forward`` on every token,
    also when the words are cut into many small batches (:data:`CHAR_BATCH_CELLS`)."""
    import torch
    from stanza.models.common.char_model import CharacterModel
    from stanza.models.common.data import sort_all

    trainer = tagger.trainers[0]
    charmodel = trainer.model.charmodel
    words = tagger._call_words(trainer, SENTENCES)
    char_ids = stanza_ner._word_char_ids(trainer)
    (sents,), _ = sort_all([SENTENCES], [len(s) for s in SENTENCES])
    tokens = [[char_ids(w) for w in s] for s in sents]
    flat = [w for s in tokens for w in s]
    (sorted_words,), word_orig_idx = sort_all([flat], [len(w) for w in flat])
    chars = stanza_ner._long_matrix(sorted_words)
    # the reference is Stanza's own character BiLSTM (PyTorch's LSTM), not the one-recurrence path of the loaded model
    monkeypatch.delattr(charmodel.charlstm, "forward")
    with torch.inference_mode():
        expected = CharacterModel.forward(charmodel, chars, torch.eq(chars, 0), word_orig_idx,
                                          [len(s) for s in sents], [len(w) for w in sorted_words])
        mine = stanza_ner._char_forward(charmodel, None, None, stanza_ner._TokenRows(
            [words.row[w] for s in sents for w in s], words.reps), [len(s) for s in sents], None)
        assert torch.allclose(mine.data, expected.data, atol=1e-6)
        assert torch.equal(mine.batch_sizes, expected.batch_sizes)
        monkeypatch.setattr(stanza_ner, "CHAR_BATCH_CELLS", 16)
        small = stanza_ner.word_representations(charmodel, [char_ids(w) for w in words.row], "cpu")
        rows = torch.as_tensor([words.row[w] for w in words.row], dtype=torch.long)
        assert torch.allclose(small, words.reps.index_select(0, rows), atol=1e-6)
    assert tagger.tag(SENTENCES) == [tagger.tag([s])[0] for s in SENTENCES]


def test_the_frequent_word_table_gives_the_character_models_own_representations(tagger, tmp_path, monkeypatch):
    """Frequent words are looked up (app.detection.char_table), the others computed; the same tags either way;
    nothing a document contains is added to the table; the table comes back from the disk cache."""
    import torch

    from app.detection import char_table

    trainer = tagger.trainers[0]
    table = tagger._char_tables[id(trainer)]
    assert len(table) > 8000 and {"the", "The", ".", ","} <= set(table.index)
    words = tagger._call_words(trainer, SENTENCES)
    looked_up = [w for w in words.row if w in table.index]
    assert looked_up and len(looked_up) < len(words.row)  # both kinds in this call
    assert set(words.ids) == set(words.row) - set(looked_up)  # only the computed words get character ids
    char_ids = stanza_ner._word_char_ids(trainer)
    with torch.inference_mode():
        computed = stanza_ner.word_representations(trainer.model.charmodel, [char_ids(w) for w in words.row], "cpu")
    rows = torch.as_tensor([words.row[w] for w in words.row], dtype=torch.long)
    assert torch.allclose(computed, words.reps.index_select(0, rows), atol=1e-6)
    size = len(table)
    with_table = tagger.tag(SENTENCES + [["Zyxwvutsrq", "Ölçüm", "visited", "Berlin", "."]])
    assert len(table) == size and "Zyxwvutsrq" not in table.index  # documents never reach the table
    tables, tagger._char_tables = tagger._char_tables, {}
    try:
        assert tagger.tag(SENTENCES + [["Zyxwvutsrq", "Ölçüm", "visited", "Berlin", "."]]) == with_table
    finally:
        tagger._char_tables = tables
    # the disk cache: built once, then read back equal
    monkeypatch.setenv("ANON_CACHE_DIR", str(tmp_path))
    from app.settings import get_settings
    get_settings.cache_clear()
    try:
        calls = []

        def represent(ws):
            calls.append(len(ws))
            return table.reps[:len(ws)] * 1.0

        monkeypatch.setattr(char_table, "frequent_words", lambda language: list(table.index)[:50])  # read at build only
        first = char_table.load_char_table("en", tagger.model_path, "float", represent, "cpu")
        again = char_table.load_char_table("en", tagger.model_path, "float", represent, "cpu")
        assert calls == [50] and first.index == again.index and torch.equal(first.reps, again.reps)
        assert list(tmp_path.glob("chartable-en-*.bin"))
        assert char_table.load_char_table("en", tagger.model_path, "int8", represent, "cpu") is not None
        assert calls == [50, 50]  # another variant, another file
    finally:
        get_settings.cache_clear()


def test_frequent_words_come_from_wordfreq_only():
    from app.detection.char_table import frequent_words

    words = frequent_words("de")
    assert words[:3] == ["die", "der", "und"] and "Die" in words and "." in words and len(set(words)) == len(words)
    assert frequent_words("xx") == []


def test_a_very_long_token_is_tagged(tagger, monkeypatch):
    monkeypatch.setattr(stanza_ner, "CHAR_BATCH_CELLS", 1000)
    out = tagger.tag([["x" * 5000, "lives", "in", "Paris", "."], SENTENCES[1]])
    assert [len(t) for t in out] == [5, 4] and out[0][3] == "B-LOC"


def test_viterbi_batch_is_stanzas_viterbi_decode():
    """Same paths as Stanza's per-sentence decoder, ties included, whatever the order of the lengths."""
    import numpy as np
    from stanza.models.common.crf import viterbi_decode

    rng = np.random.default_rng(7)
    for trial in range(60):
        tags = 9
        lengths = rng.integers(1, 25, size=int(rng.integers(1, 12))).tolist()
        scores = rng.normal(size=(len(lengths), max(lengths), tags)).astype(np.float32)
        trans = rng.normal(size=(tags, tags)).astype(np.float32)
        if trial % 2:  # many ties
            scores, trans = np.round(scores), np.round(trans)
        expected = [viterbi_decode(scores[b, :n], trans)[0] for b, n in enumerate(lengths)]
        assert stanza_ner.viterbi_batch(scores, lengths, trans) == expected, trial


# --- int8 dynamic quantization (ANON_NER_QUANTIZE, off by default) ---------------------------------------------


@pytest.fixture(scope="module")
def quantized():
    return StanzaTagger("en", model_dir=SHIPPED_EN, quantize=True)


def test_quantized_tagger_converts_both_lstms_and_the_linear_layers(quantized, tagger):
    import torch
    from torch.ao.nn.quantized import dynamic as nnqd

    model = quantized.trainers[0].model
    assert quantized.quantized and not tagger.quantized
    assert isinstance(model.taggerlstm.lstm, nnqd.LSTM) and isinstance(model.charmodel.charlstm.lstm, nnqd.LSTM)
    # the input transform was folded into the LSTM's input weights at load (fold_input_transform), before quantization
    assert model.input_transform is None and all(isinstance(c, nnqd.Linear) for c in model.tag_clfs)
    assert isinstance(tagger.trainers[0].model.taggerlstm.lstm, torch.nn.LSTM)  # the float tagger is untouched
    assert quantized.tag(SENTENCES[:2]) == tagger.tag(SENTENCES[:2])


def test_quantized_tags_agree_with_the_float_model_on_the_english_demo(quantized, tagger):
    """Agreement of the int8 model with the float model on every sentence of the English demo documents (tokens of
    the golden file), tagged in one call: measured 3,330 of 3,333 tokens (99.91 %) and 211 of 213 entities
    (99.06 %) with torch 2.13 on an AVX2 CPU."""
    from anontools.detection.evaluate import bio_spans

    golden = json.loads((Path(__file__).parent / "fixtures" / "golden" / "tags_en.json").read_text("utf-8"))
    sentences = [s for job in golden for s in golden[job]["tokens"]]
    floats, ints = tagger.tag(sentences), quantized.tag(sentences)
    tokens = sum(len(s) for s in floats)
    same = sum(a == b for fs, qs in zip(floats, ints) for a, b in zip(fs, qs))
    spans_f = {(i, *span) for i, s in enumerate(floats) for span in bio_spans(s)}
    spans_q = {(i, *span) for i, s in enumerate(ints) for span in bio_spans(s)}
    assert tokens > 3000 and len(spans_f) > 200
    assert same / tokens >= 0.998
    assert len(spans_f & spans_q) / max(len(spans_f), len(spans_q)) >= 0.985


def test_quantize_refuses_a_model_off_the_cpu(tagger, monkeypatch):
    import torch

    trainer = tagger.trainers[0]
    monkeypatch.setattr(trainer.model, "parameters", lambda: iter([torch.nn.Parameter(torch.zeros(1, device="meta"))]))
    with pytest.raises(ValueError, match="CPU"):
        stanza_ner.quantize_member(trainer)


def test_halve_frozen_embeddings_keeps_lookups_exact():
    """Tables holding float16 values are stored in float16 and looked up as the same float32 numbers; a table with
    values float16 cannot hold (a user's float32 checkpoint) is left alone."""
    import torch

    from app.detection.stanza_ner import halve_frozen_embeddings

    model = torch.nn.Module()
    model.word_emb = torch.nn.Embedding(10, 4, padding_idx=0)
    model.word_emb.weight.data = torch.randn(10, 4).half().float()
    model.delta_emb = torch.nn.Embedding(5, 4)
    model.delta_emb.weight.data = torch.full((5, 4), 0.1)  # 0.1 is no float16 value
    ids = torch.tensor([[1, 2, 9], [0, 3, 3]])
    before = model.word_emb(ids).clone(), model.delta_emb(torch.tensor([1, 4])).clone()
    assert halve_frozen_embeddings(model) == 10 * 4 * 2
    assert model.word_emb.weight.dtype == torch.float16 and model.delta_emb.weight.dtype == torch.float32
    after = model.word_emb(ids), model.delta_emb(torch.tensor([1, 4]))
    assert after[0].dtype == torch.float32 and torch.equal(after[0], before[0]) and torch.equal(after[1], before[1])
    assert halve_frozen_embeddings(model) == 0  # already converted


def test_char_ids_are_the_vocabularys_own(tagger):
    """The dictionary lookup of character ids gives exactly ``CharVocab.unit2id`` (known, unknown and special
    characters), and a vocabulary with its own lookup keeps it."""
    from app.detection.stanza_ner import _char_ids

    vocab = tagger.trainers[0].vocab["char"]
    lookup = _char_ids(vocab)
    for c in "aZ9 .,-'Çğİ字\u200b\x00<":
        assert lookup(c) == vocab.unit2id(c), c

    class Custom(type(vocab)):
        def unit2id(self, unit):
            return 42

    custom = Custom.__new__(Custom)
    custom.__dict__.update(vocab.__dict__)
    assert _char_ids(custom)("a") == 42


def test_static_embedding_ids_are_stanzas(tagger):
    """The per-call word lookup gives Stanza's own ``extract_static_embeddings`` ids and mask, for every word
    vocabulary of the model (pretrained vectors and the fine-tuned delta)."""
    import torch
    from stanza.models.ner.model import NERTagger

    trainer = tagger.trainers[0]
    sentences = SENTENCES + [["THE", "the", "The", "Ünal", "a b", "", "New\u00a0York"]]
    vocabs = [trainer.model.vocab[name] for name in ("word", "delta") if name in trainer.model.vocab]
    assert vocabs
    for vocab in vocabs:
        for lowercase in (True, False):
            args = {**trainer.args, "lowercase": lowercase}
            mine = stanza_ner._static_embedding_ids(args, sentences, vocab)
            theirs = NERTagger.extract_static_embeddings(args, sentences, vocab)
            assert torch.equal(mine[0], theirs[0]) and torch.equal(mine[1], theirs[1])
    assert trainer.model.extract_static_embeddings is stanza_ner._static_embedding_ids


def test_folded_input_transform_is_the_linear_layer_then_the_lstm():
    """``W_ih (A x + a) + b_ih`` folded into the LSTM gives the outputs of the linear layer followed by the LSTM, in
    both directions and with packed inputs of several lengths; a model without a transform is left alone."""
    import torch
    from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence

    from app.detection.stanza_ner import fold_input_transform

    torch.manual_seed(3)
    model = torch.nn.Module()
    model.input_transform = torch.nn.Linear(8, 8)
    model.taggerlstm = torch.nn.Module()
    model.taggerlstm.lstm = torch.nn.LSTM(8, 4, batch_first=True, bidirectional=True)
    x = torch.randn(3, 6, 8)
    lengths = [6, 4, 2]

    def run(inputs):
        packed = pack_padded_sequence(inputs, lengths, batch_first=True)
        return pad_packed_sequence(model.taggerlstm.lstm(packed)[0], batch_first=True)[0]

    with torch.inference_mode():
        expected = run(model.input_transform(x))
    assert fold_input_transform(model) and model.input_transform is None
    with torch.inference_mode():
        folded = run(x)
    assert torch.allclose(folded, expected, atol=1e-5)
    assert not fold_input_transform(model)  # nothing left to fold


def test_the_shipped_model_is_folded_and_tags_as_before(tagger, monkeypatch):
    """The loaded model has its input transform folded into the LSTM; an unfolded copy of the same model gives the
    same tags (at the model's own decode and with a recall bias)."""
    assert tagger.trainers[0].model.input_transform is None
    monkeypatch.setattr(stanza_ner, "fold_input_transform", lambda model: False)
    unfolded = StanzaTagger("en", model_dir=SHIPPED_EN)
    assert unfolded.trainers[0].model.input_transform is not None
    for bias in (0.0, 1.0):
        assert unfolded.tag(SENTENCES, recall_bias=bias) == tagger.tag(SENTENCES, recall_bias=bias)


def test_word_ids_are_the_vocabularys_own(tagger):
    """The dictionary lookup of word ids gives exactly the vocabulary's ``unit2id`` for the vectors and the delta
    table (known, unknown, upper-case, spaced words and the delta table's ``ignore`` words), and a vocabulary with
    its own lookup keeps it."""
    from app.detection.stanza_ner import _word_ids

    vocabs = [tagger.trainers[0].model.vocab[name] for name in ("word", "delta")]
    for vocab in vocabs:
        lookup = _word_ids(vocab)
        known = list(vocab._unit2id)[:500]
        ignored = sorted(getattr(vocab, "ignore", ()))[:200]
        for word in [*known, *ignored, *(w.upper() for w in known + ignored), "a b", "New\u00a0York", "Ünal", "", "_"]:
            assert lookup(word) == vocab.unit2id(word), word

    class Custom(type(vocabs[0])):
        def unit2id(self, unit):
            return 42

    custom = Custom.__new__(Custom)
    custom.__dict__.update(vocabs[0].__dict__)
    assert _word_ids(custom)("the") == 42


def test_both_bilstms_run_in_one_recurrence_and_tag_as_stanzas(tagger, quantized):
    """The loaded float model's word and character BiLSTMs take the one-recurrence path (app.detection.bilstm); with
    Stanza's own forward put back, the tags of the same model are the same (its own decode and a recall bias). An
    int8 model keeps its quantized LSTMs."""
    from anontools.devtools.bilstm_check import _switch

    model = tagger.trainers[0].model
    assert "forward" in model.taggerlstm.__dict__ and "forward" in model.charmodel.charlstm.__dict__
    q = quantized.trainers[0].model
    assert "forward" not in q.taggerlstm.__dict__ and "forward" not in q.charmodel.charlstm.__dict__
    native, one_recurrence = _switch(tagger)
    try:
        for bias in (0.0, 1.0):
            native()
            before = tagger.tag(SENTENCES, recall_bias=bias)
            one_recurrence()
            assert tagger.tag(SENTENCES, recall_bias=bias) == before
    finally:
        one_recurrence()


def test_the_input_gate_table_gives_the_products_it_replaces(tagger):
    """Stop 47: the word BiLSTM's input products of frequent words are looked up (app.detection.char_table's
    InputGateTable); the scores are those computed without the table, the table's rows those the BiLSTM computes,
    the table is bounded by GATE_TABLE_BYTES and no document word enters it."""
    import numpy as np
    import torch
    from stanza.models.common.data import sort_all

    from app.detection import char_table
    from app.detection.bilstm import one_recurrence_of

    trainer = tagger.trainers[0]
    table = tagger._gate_tables[id(trainer)]
    fast = one_recurrence_of(trainer.model.taggerlstm)
    width = fast.w.size(2)
    assert len(table) == char_table.GATE_TABLE_BYTES // (2 * width * 4)
    assert {"the", "The", ".", ","} <= set(table.index) and table.gates.shape == (2, len(table), width)
    sentences = SENTENCES + [["THE", "Ünal", "Çatak", "zzqx", "1999", "."], ["Hello", "the", "the"]]
    words = tagger._call_words(trainer, sentences)
    (ordered,), _ = sort_all([sentences], [len(s) for s in sentences])
    chars = tagger._char_tables[id(trainer)]
    with torch.inference_mode():
        looked_up = stanza_ner.packed_emissions(trainer.model, ordered, words.row, words.reps, "cpu", table)
        computed = stanza_ner.packed_emissions(trainer.model, ordered, words.row, words.reps, "cpu")
        some = ["the", "The", ".", "of"]
        rows = fast.input_gates(stanza_ner.input_rows(trainer.model, some, chars.index, chars.reps, "cpu"))
    assert np.allclose(looked_up, computed, atol=1e-5)
    assert torch.allclose(rows, table.gates[:, [table.index[w] for w in some]], atol=1e-6)
    size = len(table)
    tagger.tag([["Zyxwvutsrq", "visited", "Berlin", "."]])
    assert len(table) == size and "Zyxwvutsrq" not in table.index  # documents never reach the table


def test_ranked_words_put_each_capitalised_form_after_its_word():
    from app.detection.char_table import PUNCTUATION, CharTable, ranked_words

    table = CharTable({w: i for i, w in enumerate(["the", "of", "i", "The", "Of", "I", ".", ","])}, None)
    assert ranked_words(table) == [w for w in PUNCTUATION if w in ".,"] + ["the", "The", "of", "Of", "i", "I"]


def test_packed_emissions_are_stanzas_forward(tagger, quantized, monkeypatch):
    """The packed-layout forward (``packed_emissions``) gives exactly the emission scores of Stanza's
    ``NERTagger.forward`` (padding zeros included) on sentences of several lengths, with unknown, accented, upper-
    and lower-cased words, for the float and the int8 model; a model it does not cover keeps Stanza's forward."""
    import numpy as np
    import torch
    from stanza.models.common.data import sort_all

    sentences = SENTENCES + [["THE", "Ünal", "Çatak", "zzqx", "1999", "."], ["Hello"]]
    for tagger_ in (tagger, quantized):
        trainer = tagger_.trainers[0]
        assert stanza_ner.packed_forward_applies(trainer.model)
        words = tagger_._call_words(trainer, sentences)
        (ordered,), _ = sort_all([sentences], [len(s) for s in sentences])
        with torch.inference_mode():
            mine = stanza_ner.packed_emissions(trainer.model, ordered, words.row, words.reps, "cpu")
            with monkeypatch.context() as m:
                m.setattr(stanza_ner, "packed_forward_applies", lambda model: False)
                theirs = tagger_._emissions(trainer, sentences, words)[0]
        assert mine.shape == theirs.shape == (len(sentences), len(ordered[0]), mine.shape[2])
        assert np.array_equal(mine, theirs)
    model = tagger.trainers[0].model
    monkeypatch.setitem(model.args, "charlm", True)
    assert not stanza_ner.packed_forward_applies(model)
    monkeypatch.setitem(model.args, "charlm", False)
    model.train()
    try:
        assert not stanza_ner.packed_forward_applies(model)
    finally:
        model.eval()


def test_final_state_representations_are_the_one_recurrence_character_models(tagger, monkeypatch):
    """The character representations through the final states only are exactly those of Stanza's
    ``CharacterModel.forward`` with the one-recurrence BiLSTM (same numbers, not just close), and the path steps aside
    when the character BiLSTM runs Stanza's own forward."""
    import torch
    from stanza.models.common.char_model import CharacterModel

    trainer = tagger.trainers[0]
    charmodel = trainer.model.charmodel
    char_ids = stanza_ner._word_char_ids(trainer)
    words = sorted(([char_ids(w) for w in ("Çatak", "Zary", "a", "Swinoujscie", "1999/2000", "x" * 40)]),
                   key=len, reverse=True)
    chars = stanza_ner._long_matrix(words)
    lens = [len(w) for w in words]
    with torch.inference_mode():
        mine = stanza_ner._final_state_representations(charmodel, chars, lens)
        theirs = CharacterModel.forward(charmodel, chars, torch.eq(chars, 0), list(range(len(words))),
                                        [len(words)], lens).data
        assert mine is not None and mine.shape == (len(words), 2 * charmodel.args["char_hidden_dim"])
        assert torch.equal(mine, theirs)
        monkeypatch.delattr(charmodel.charlstm, "forward")
        assert stanza_ner._final_state_representations(charmodel, chars, lens) is None
