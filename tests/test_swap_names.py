"""Non-ASCII names (anontools/detection/swap_names.py): the swap itself, and recall on the project's own sentences with the
names swapped, with the shipped models (tests/fixtures/names: invented court-decision and news sentences)."""

from pathlib import Path

import pytest

from anontools.detection.conll import read_conll, split_tokens_tags
from anontools.detection.swap_names import NameSource, person_recall, swap_person_names, transliterate_greek
from app.doc import Entity

NAMES = Path(__file__).resolve().parent / "fixtures" / "names"


def test_transliterate_greek():
    assert [transliterate_greek(w) for w in ("Παπαδόπουλος", "Γεώργιος", "Μπακογιάννης", "Ελένη")] == [
        "Papadopoulos", "Georgios", "Bakogiannis", "Eleni"]


def test_swap_keeps_shape_tags_and_consistency():
    tokens, tags = split_tokens_tags(read_conll(NAMES / "en.conll", "auto"))
    swapped, new_tags, used = swap_person_names(tokens, tags, NameSource(17))
    assert new_tags == tags and [len(s) for s in swapped] == [len(s) for s in tokens]
    assert " ".join(swapped[0]) == "The applicant , Mr Gülenay Seven , was born in 1961 and lives in Leeds ."
    assert " ".join(swapped[4]) == "Seven complained that the police had beaten him ."  # "Miller" again
    assert sum(used.values()) == 7 and set(used) == {"tr_TR", "pl_PL", "cs_CZ", "hu_HU", "is_IS", "el_GR"}
    changed = [(a, b) for s, t in zip(tokens, swapped) for a, b in zip(s, t) if a != b]
    outside = [(a, b) for s, t, g in zip(tokens, swapped, tags) for a, b, x in zip(s, t, g) if x == "O" and a != b]
    assert len(changed) == 16 and outside == []  # 7 names of two words, "Miller" and "Walsh" again
    # the same seed gives the same names
    assert swap_person_names(tokens, tags, NameSource(17))[0] == swapped


def test_person_recall_counts_person_tokens_found_under_any_label():
    sentences = [["Mr", "Uğur", "Çatak", "left", "."], ["Çatak", "stayed", "."]]
    tags = [["O", "B-PER", "I-PER", "O", "O"], ["B-PER", "O", "O"]]

    def detect(text, built):  # finds "Uğur" as a person and the second "Çatak" as a place
        first, second = built[0].tokens[1], built[1].tokens[0]
        return [Entity(first.start, first.end, "PERSON", first.text, "x"),
                Entity(second.start, second.end, "LOCATION", second.text, "x")]

    assert person_recall(detect, sentences, tags, doc_size=10) == {
        "tokens": 3, "binary_recall": 2 / 3, "person_recall": 1 / 3}


@pytest.fixture(scope="module")
def detectors():
    from app.detection.pipeline import build_detector

    return {}, build_detector


@pytest.mark.parametrize("language", ["en", "de", "es", "pt"])
def test_non_ascii_names_are_found_as_well_as_the_original_ones(language, detectors):
    cache, build = detectors
    detector = cache.setdefault(language, build(language))
    tokens, tags = split_tokens_tags(read_conll(NAMES / f"{language}.conll", "auto"))
    swapped, _, _ = swap_person_names(tokens, tags, NameSource(17))
    detect = lambda text, built: detector.detect(text, built)  # noqa: E731
    original = person_recall(detect, tokens, tags, doc_size=20)
    after = person_recall(detect, swapped, tags, doc_size=20)
    assert original["binary_recall"] == 1.0
    assert after["binary_recall"] == 1.0, swapped
