"""Tests for anontools.detection.conll (fixtures are invented sentences, not corpus text)."""

from pathlib import Path

import pytest

from anontools.detection.conll import (
    ConllFormatError,
    bio_to_bioes,
    bioes_to_bio,
    class_runs_to_bio,
    detect_format,
    iob1_to_bio,
    parse_lines,
    read_conll,
    split_tokens_tags,
    write_conll,
)

FIX = Path(__file__).parent / "fixtures" / "ner"


def test_iob1_to_bio_starts_entities_with_b():
    assert iob1_to_bio(["I-PER", "I-PER", "O", "I-LOC"]) == ["B-PER", "I-PER", "O", "B-LOC"]


def test_iob1_to_bio_keeps_b_between_adjacent_same_type():
    # IOB1: B- marks a new entity directly after one of the same type
    assert iob1_to_bio(["I-ORG", "I-ORG", "B-ORG", "I-ORG"]) == ["B-ORG", "I-ORG", "B-ORG", "I-ORG"]


def test_iob1_to_bio_type_change_starts_new_entity():
    assert iob1_to_bio(["I-PER", "I-LOC", "I-LOC"]) == ["B-PER", "B-LOC", "I-LOC"]


def test_iob1_to_bio_is_idempotent_on_bio():
    bio = ["B-PER", "I-PER", "O", "B-LOC", "B-LOC", "I-LOC"]
    assert iob1_to_bio(bio) == bio
    assert iob1_to_bio(iob1_to_bio(bio)) == bio


def test_bioes_round_trip():
    bio = ["B-PER", "I-PER", "I-PER", "O", "B-LOC", "B-LOC", "I-LOC"]
    bioes = bio_to_bioes(bio)
    assert bioes == ["B-PER", "I-PER", "E-PER", "O", "S-LOC", "B-LOC", "E-LOC"]
    assert bioes_to_bio(bioes) == bio


def test_bioes_i_after_e_starts_new_entity():
    assert bioes_to_bio(["B-PER", "E-PER", "I-PER"]) == ["B-PER", "I-PER", "B-PER"]


def test_invalid_tag_raises():
    with pytest.raises(ValueError):
        iob1_to_bio(["PER"])


def test_class_runs_to_bio():
    assert class_runs_to_bio(["PESSOA", "PESSOA", "O", "LOCAL", "TEMPO"]) == [
        "B-PESSOA", "I-PESSOA", "O", "B-LOCAL", "B-TEMPO"]


def test_read_conll2003_iob1_and_docstart():
    sents = read_conll(FIX / "fmt_token_pos_chunk_iob1.txt", "conll2003")
    assert len(sents) == 3
    assert sents[0] == [("Marta", "B-PER"), ("Okonkwo", "I-PER"), ("visited", "O"), ("Lindenfeld", "B-LOC"), (".", "O")]
    assert [t for _, t in sents[1]] == ["B-ORG", "I-ORG", "B-ORG", "I-ORG", "O", "O"]
    assert sents[2] == [("The", "O"), ("Brelian", "B-MISC"), ("festival", "O")]


def test_read_conll2002():
    sents = read_conll(FIX / "fmt_token_tag.txt", "conll2002")
    assert sents == [
        [("Lucía", "B-PER"), ("Ferrandis", "I-PER"), ("vive", "O"), ("en", "O"), ("Montesol", "B-LOC"), (".", "O")],
        [("El", "O"), ("Banco", "B-ORG"), ("Ortiga", "I-ORG"), ("abrió", "O")],
    ]


def test_read_conllu_three_columns():
    sents = read_conll(FIX / "conllu.txt", "conllu")
    assert sents == [
        [("Karin", "B-PER"), ("Wolde", "I-PER"), ("wohnt", "O"), ("in", "O"), ("Bergfurt", "B-LOC")],
        [("Die", "O"), ("Firma", "O"), ("Tralo", "B-ORG")],
    ]


def test_read_germeval_outer_and_inner():
    outer = read_conll(FIX / "fmt_outer_inner.txt", "germeval")
    assert outer[0] == [("Jonas", "B-PER"), ("Feldkamp", "I-PER"), ("las", "O"), ("den", "O"),
                        ("Havelberger", "B-LOCderiv"), ("Boten", "O")]
    assert outer[1] == [("Universität", "B-ORG"), ("Lindau", "I-ORG")]
    inner = read_conll(FIX / "fmt_outer_inner.txt", "germeval", germeval_column="inner")
    assert [t for _, t in inner[1]] == ["O", "B-LOC"]


def test_read_wikiann_strips_only_the_language_prefix():
    sents = read_conll(FIX / "fmt_lang_prefix.txt", "wikiann")
    assert [t for t, _ in sents[0]] == ["Pelle", "Ostrander", "(", "born", "in", "Norvik", ")"]
    assert sents[1] == [("en:dash", "O"), ("Kelso:Prime", "B-ORG")]


def test_read_harem_adds_prefixes():
    sents = read_conll(FIX / "fmt_class_runs.txt", "harem")
    assert sents[0] == [("Rui", "B-PESSOA"), ("Tavarela", "I-PESSOA"), ("foi", "O"), ("a", "O"),
                        ("Vilamar", "B-LOCAL"), ("em", "O"), ("1990", "B-TEMPO")]
    assert sents[1] == [("A", "O"), ("Casa", "B-ORGANIZACAO"), ("Luz", "I-ORGANIZACAO")]


@pytest.mark.parametrize(
    "name, fmt",
    [("fmt_token_pos_chunk_iob1.txt", "conll2003"), ("fmt_token_tag.txt", "conll2002"), ("conllu.txt", "conllu"),
     ("fmt_outer_inner.txt", "germeval"), ("fmt_lang_prefix.txt", "wikiann"), ("fmt_class_runs.txt", "harem")],
)
def test_detect_format_and_auto(name, fmt):
    lines = (FIX / name).read_text(encoding="utf-8").splitlines()
    assert detect_format(lines) == fmt
    assert read_conll(FIX / name) == read_conll(FIX / name, fmt)


def test_bad_tag_reports_line():
    with pytest.raises(ConllFormatError, match=r"<x>:2"):
        parse_lines(["Ana B-PER", "Silva PERSON"], "conll2002", source="<x>")


def test_too_few_columns():
    with pytest.raises(ConllFormatError):
        parse_lines(["0\tAna"], "conllu")


def test_unknown_format():
    with pytest.raises(ValueError):
        parse_lines([], "nope")


def test_write_then_read_round_trip(tmp_path):
    sents = read_conll(FIX / "fmt_token_pos_chunk_iob1.txt", "conll2003")
    out = tmp_path / "rt.txt"
    write_conll(sents, out)
    assert read_conll(out, "conll2002") == sents
    tokens, tags = split_tokens_tags(sents)
    assert tokens[0][:2] == ["Marta", "Okonkwo"] and tags[0][:2] == ["B-PER", "I-PER"]
