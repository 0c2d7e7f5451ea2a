"""Character folding before NER (app/detection/charfold.py) and its effect with the shipped English model."""

from types import SimpleNamespace

import pytest

from app.detection.charfold import fold_character, fold_token, model_characters, token_folder

ASCII = frozenset(chr(c) for c in range(33, 127))


def test_fold_character_decomposes_and_uses_the_table():
    assert [fold_character(c) for c in "ÇÖŞŻŚİÜÄğıçöşőł"] == list("COSZSIUAgicosol")
    assert fold_character("ß") == "ss"
    assert fold_character("æ") == "ae"
    assert fold_character("ø") == "o"
    assert fold_character("“") == '"'
    assert fold_character("字") == "字"


def test_fold_token_only_folds_unknown_characters():
    assert fold_token("Uğur", ASCII) == "Ugur"
    assert fold_token("Çatak", ASCII) == "Catak"
    assert fold_token("Straße", ASCII) == "Strasse"
    assert fold_token("Müller", ASCII | {"ü"}) == "Müller"  # a known letter is kept
    assert fold_token("Höskuldsstaðir", ASCII | {"ö"}) == "Höskuldsstadir"
    assert fold_token("字a", ASCII) == "字a"  # no base letter: left for the model's <UNK>
    assert fold_token("John", ASCII) == "John"


def _processor(*vocabularies):
    trainers = [SimpleNamespace(vocab={"char": SimpleNamespace(_unit2id={u: i for i, u in enumerate(v)})})
                for v in vocabularies]
    return SimpleNamespace(trainers=trainers)


def test_model_characters_intersect_an_ensemble_and_skip_special_units():
    proc = _processor(["<PAD>", "<UNK>", "a", "b", "u", "ü"], ["<PAD>", "a", "b", "c", "u"])
    assert model_characters(proc) == frozenset("abu")
    assert token_folder(proc)("aüb") == "aub"
    assert model_characters(SimpleNamespace(trainers=[SimpleNamespace(vocab={})])) is None
    assert token_folder(SimpleNamespace(trainers=[]))("Çatak") == "Çatak"


@pytest.fixture(scope="module")
def english():
    from tests import shared_models

    return shared_models.tagger("en")  # StanzaTagger("en", model_dir=WEIGHTS_DIR / "en"), loaded once per session


def test_english_model_tags_names_with_non_ascii_capitals(english):
    """The English model's 84 characters hold none of Ç Ö Ş İ Ü ğ ı: without folding it tagged neither name."""
    tags = english.tag([["Mr", "Uğur", "Çatak", "met", "Nazım", "İlter", "in", "Üçkuyular", "."]])
    assert tags == [["O", "B-PER", "I-PER", "O", "B-PER", "I-PER", "O", "B-LOC", "O"]]


def test_entities_keep_the_original_text_and_offsets(english):
    from app.detection.ner import StanzaRecognizer
    from app.tokenization import split_sentences, tokenize

    text = "Mr Uğur Çatak lives in Świnoujście."
    found = StanzaRecognizer(english).recognize(text, split_sentences(text, tokenize(text)))
    assert [(e.start, e.end, e.label, e.text) for e in found] == [
        (3, 13, "PERSON", "Uğur Çatak"), (23, 34, "LOCATION", "Świnoujście")]
