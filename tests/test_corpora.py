"""Tests of anontools.detection.corpora: tag conversion, merging and held-out splits.

The fixtures under tests/fixtures/corpora/ are tiny invented sentences in the column formats of the
public corpora (no corpus text). The recipe tests copy them into a temporary directory laid out like
the shared data folder.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from anontools.detection import corpora
from anontools.detection.conll import read_conll

FIXTURES = Path(__file__).parent / "fixtures" / "corpora"


def _tags(sentences):
    return [[tag for _, tag in s] for s in sentences]


@pytest.fixture
def data_root(tmp_path: Path) -> Path:
    """A copy of the fixtures in the layout of /work/shared/data/ner."""
    layout = {
        "de_news_three_columns.txt": "de/conll2003/train.conllu",
        "de_wiki_four_columns.txt": "de/germeval2014/NER-de-dev.tsv",
        "es_two_columns.txt": ["es/conll2002/esp.train", "es/conll2002/esp.testa"],
        "pt_classes_only.txt": "pt/harem/corpus_First_HAREM.txt",
        "pt_legal_bio.txt": ["pt/lener-br/train.conll", "pt/lener-br/dev.conll"],
        "pt_prefixed_bio.txt": "pt/wikiann/train",
    }
    root = tmp_path / "ner"
    for src, dsts in layout.items():
        for dst in [dsts] if isinstance(dsts, str) else dsts:
            target = root / dst
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(FIXTURES / src, target)
    return root


# ------------------------------------------------------------------------------------------
# pure conversion
# ------------------------------------------------------------------------------------------

def test_spans_of_and_back():
    tags = ["B-PER", "I-PER", "O", "I-LOC", "B-LOC", "I-ORG"]
    spans = corpora.spans_of(tags)
    assert spans == [(0, 2, "PER"), (3, 4, "LOC"), (4, 5, "LOC"), (5, 6, "ORG")]
    assert corpora.spans_to_tags(6, spans) == ["B-PER", "I-PER", "O", "B-LOC", "B-LOC", "B-ORG"]
    assert corpora.spans_of([]) == []
    assert corpora.spans_of(["O", "O"]) == []


def test_convert_sentence_maps_and_drops_whole_entities():
    sent = [("Otto", "B-PER"), ("Krause", "I-PER"), ("Bremer", "B-LOCderiv"), ("Blaue", "B-OTH"), ("Wolken", "I-OTH")]
    out = corpora.convert_sentence(sent, corpora.GERMEVAL_MAP)
    assert out == [("Otto", "B-PER"), ("Krause", "I-PER"), ("Bremer", "O"), ("Blaue", "B-MISC"), ("Wolken", "I-MISC")]


def test_convert_sentence_keeps_boundaries_of_adjacent_entities():
    sent = [("Ana", "B-PESSOA"), ("Rui", "B-PESSOA"), ("Lisboa", "B-LOCAL")]
    assert corpora.convert_sentence(sent, corpora.HAREM_MAP) == [("Ana", "B-PER"), ("Rui", "B-PER"), ("Lisboa", "B-LOC")]


def test_drop_lowercase_misc_only_single_lowercase_tokens():
    sent = [("die", "O"), ("deutschen", "B-MISC"), ("Goldene", "B-MISC"), ("Pokal", "I-MISC"),
            ("deutsch", "B-MISC"), ("spanisch", "B-LOC")]
    out = corpora.convert_sentence(sent, corpora.CONLL_MAP, corpora.drop_lowercase_misc)
    assert [t for _, t in out] == ["O", "O", "B-MISC", "I-MISC", "O", "B-LOC"]


def test_split_sentences_is_reproducible_and_partitions():
    sents = [[(str(i), "O")] for i in range(10)]
    rest, held = corpora.split_sentences(sents, 3, seed=5)
    assert len(rest) == 7 and len(held) == 3
    assert sorted(rest + held) == sorted(sents)
    # original order kept in both parts
    assert rest == sorted(rest, key=lambda s: int(s[0][0]))
    assert held == sorted(held, key=lambda s: int(s[0][0]))
    assert corpora.split_sentences(sents, 3, seed=5) == (rest, held)
    assert corpora.split_sentences(sents, 50, seed=5) == ([], sents)
    assert corpora.split_sentences(sents, 0, seed=5) == (sents, [])


def test_corpus_stats():
    sents = [[("Ana", "B-PER"), ("Rui", "B-PER"), ("em", "O"), ("Braga", "B-LOC")], [("x", "O")]]
    assert corpora.corpus_stats(sents) == {"sentences": 2, "tokens": 5, "entities": {"LOC": 1, "PER": 2}}


# ------------------------------------------------------------------------------------------
# recipes on the fixtures
# ------------------------------------------------------------------------------------------

def test_prepare_de(data_root: Path):
    prepared = corpora.prepare("de", data_root, seed=1, dev_sentences=1)
    # CoNLL-2003 part: DOCSTART dropped, lower-case single MISC tokens dropped, multi-token MISC kept
    assert _tags(prepared.train[:2]) == [
        ["B-PER", "I-PER", "O", "O", "O", "O", "O", "B-LOC", "O"],
        ["O", "B-MISC", "I-MISC", "O", "O", "B-ORG", "I-ORG", "O", "O", "O"],
    ]
    germeval = {
        "Otto": ["B-PER", "I-PER", "O", "O", "O", "O", "O"],
        "Das": ["O", "O", "B-MISC", "I-MISC", "O", "O", "O", "B-LOC", "O", "O", "B-ORG", "I-ORG"],
        "Niemand": ["O", "O", "O"],
        "Karla": ["B-PER", "O"],
    }
    assert len(prepared.dev) == 1 and len(prepared.train) == 2 + 3
    for sent in prepared.train[2:] + prepared.dev:
        assert [t for _, t in sent] == germeval[sent[0][0]]
    assert {s[0][0] for s in prepared.train[2:] + prepared.dev} == set(germeval)
    assert prepared.sources["conll2003_de_train"]["entities"] == {"LOC": 1, "MISC": 1, "ORG": 1, "PER": 1}
    assert "wikiann_train_sample" not in prepared.sources


def test_prepare_es(data_root: Path):
    prepared = corpora.prepare("es", data_root)
    expected = [["B-PER", "O", "O", "B-LOC", "O"], ["O", "B-MISC", "I-MISC"], ["O", "B-ORG", "I-ORG"]]
    assert _tags(prepared.train) == expected
    assert _tags(prepared.dev) == expected
    assert set(prepared.sources) == {"conll2002_es_train", "conll2002_es_testa"}


def test_prepare_pt(data_root: Path):
    prepared = corpora.prepare("pt", data_root, seed=3, dev_fraction=0.25, lener_dev_sentences=1,
                               wikiann_sentences=1)
    harem = {
        "Carla": ["B-PER", "I-PER", "O", "B-LOC", "O", "O", "O", "O", "O", "O"],  # TEMPO, VALOR -> O
        "A": ["O", "B-ORG", "I-ORG", "I-ORG", "O", "O"],
        "Olá": ["O"],
        "Rui": ["B-PER", "I-PER", "I-PER"],  # bare classes: adjacent PESSOA runs merge
    }
    lener = {
        "O": ["O", "O", "B-PER", "I-PER", "O", "O", "O", "O", "O", "O", "O", "O", "O", "O",
              "B-ORG", "I-ORG", "O", "B-LOC", "I-LOC", "O"],  # LEGISLACAO, TEMPO -> O
        "Ver": ["O", "O", "O", "O"],  # JURISPRUDENCIA -> O
    }
    wiki = {"Rio": ["B-LOC", "I-LOC", "O", "B-PER"], "Clube": ["B-ORG", "I-ORG"]}
    src = prepared.sources
    assert src["first_harem_held_out"]["sentences"] == 1
    assert src["first_harem_train_part"]["sentences"] == 3
    assert src["lener_br_train"]["sentences"] == 2
    assert src["lener_br_dev_sample"]["sentences"] == 1
    assert src["wikiann_train_sample"]["sentences"] == 1
    assert len(prepared.train) == 3 + 2 + 1 and len(prepared.dev) == 1 + 1
    # train = HAREM part, then LeNER-Br train, then WikiANN sample
    for sent in prepared.train[:3] + prepared.dev[:1]:
        assert [t for _, t in sent] == harem[sent[0][0]]
    assert {s[0][0] for s in prepared.train[:3] + prepared.dev[:1]} == set(harem)
    assert _tags(prepared.train[3:5]) == [lener["O"], lener["Ver"]]
    assert [t for _, t in prepared.dev[1]] == lener[prepared.dev[1][0][0]]
    assert [t for _, t in prepared.train[5]] == wiki[prepared.train[5][0][0]]


def _conll2003(documents):
    """A file in CoNLL-2003 layout (token POS chunk tag, -DOCSTART- between documents)."""
    lines = []
    for document in documents:
        lines += ["-DOCSTART- -X- -X- O", ""]
        for sentence in document:
            lines += [f"{token} NNP B-NP {tag}" for token, tag in sentence] + [""]
    return "\n".join(lines) + "\n"


def test_prepare_en_splits_valid_documents_by_parity(tmp_path: Path):
    folder = tmp_path / "ner" / "en" / "conll2003"
    folder.mkdir(parents=True)
    (folder / "train.txt").write_text(_conll2003([[[("Anna", "B-PER"), ("ran", "O")]]]), encoding="utf-8")
    documents = [[[(f"Doc{d}s{i}", "B-LOC"), ("x", "O")] for i in range(d + 1)] for d in range(4)]
    (folder / "valid.txt").write_text(_conll2003(documents), encoding="utf-8")
    prepared = corpora.prepare("en", tmp_path / "ner")
    assert [s[0][0] for s in prepared.train] == ["Anna", "Doc0s0", "Doc2s0", "Doc2s1", "Doc2s2"]
    assert [s[0][0] for s in prepared.dev] == ["Doc1s0", "Doc1s1", "Doc3s0", "Doc3s1", "Doc3s2", "Doc3s3"]
    assert _tags(prepared.dev)[0] == ["B-LOC", "O"]


def test_prepare_unknown_language(data_root: Path):
    with pytest.raises(ValueError, match="no recipe"):
        corpora.prepare("fr", data_root)


def test_write_prepared_roundtrip(data_root: Path, tmp_path: Path):
    prepared = corpora.prepare("es", data_root)
    out = tmp_path / "out" / "es"
    stats = corpora.write_prepared(prepared, out, {"language": "es"})
    assert read_conll(out / "train.txt", "conll2002") == prepared.train
    assert read_conll(out / "dev.txt", "conll2002") == prepared.dev
    on_disk = json.loads((out / "stats.json").read_text(encoding="utf-8"))
    assert on_disk == stats
    assert stats["train"] == {"sentences": 3, "tokens": 11, "entities": {"LOC": 1, "MISC": 1, "ORG": 1, "PER": 1}}
    assert stats["language"] == "es"


@pytest.mark.parametrize("inside", ["app/detection/weights", "anontools/detection", "tests"])
def test_write_prepared_refuses_repository_paths(data_root: Path, inside: str):
    prepared = corpora.prepare("es", data_root)
    target = Path(__file__).resolve().parents[1] / inside / "xx-never"
    with pytest.raises(ValueError, match="refusing"):
        corpora.write_prepared(prepared, target)
    assert not target.exists()


def test_cli_writes_files_and_prints_counts(data_root: Path, tmp_path: Path):
    from typer.testing import CliRunner

    out = tmp_path / "cli"
    result = CliRunner().invoke(corpora.app, ["--language", "es", "--output", str(out), "--data-root", str(data_root)])
    assert result.exit_code == 0, result.output
    assert "=> train" in result.output and "3 sentences" in result.output
    assert (out / "train.txt").read_text(encoding="utf-8").startswith("Ana\tB-PER\nvive\tO\n")


# ------------------------------------------------------------------------------------------
# German: legal corpus, Europarl-Padó, WikiNEuRal, overlap with test sets, name augmentation
# ------------------------------------------------------------------------------------------

LEGAL_TRAIN = [
    ["O", "O", "B-PER", "I-PER", "I-PER", "O", "B-ORG", "O", "O", "O", "O", "O", "O"],  # RR, GRT; GS -> O
    ["O", "O", "O", "O", "O", "B-LOC", "I-LOC", "O", "B-LOC", "O", "O", "O", "O", "B-ORG", "I-ORG", "O"],  # STR ST UN
]
LEGAL_HELD_OUT = [
    ["O"] * 5,
    # AN -> PER, LD/LDS -> LOC, MRK/INN/ORG -> ORG; VO VT RS LIT GS EUN VS -> O
    ["O", "B-PER", "I-PER", "O", "O", "B-LOC", "O", "O", "B-LOC", "B-ORG", "O", "O", "O", "B-ORG"]
    + ["O"] * 17 + ["B-PER", "O", "B-ORG", "I-ORG", "O"],
]


@pytest.fixture
def de_root(data_root: Path) -> Path:
    """The German layout of the fixtures plus legal courts, Europarl-Padó, WikiNEuRal and test files."""
    de = data_root / "de"
    for court in corpora.LEGAL_COURTS:
        src = "de_legal_held_out_bio.txt" if court in ("bsg", "bverfg") else "de_legal_bio.txt"
        (de / "legal").mkdir(parents=True, exist_ok=True)
        shutil.copyfile(FIXTURES / src, de / "legal" / f"{court}.conll")
    (de / "europarl-pado").mkdir()
    for part in ("train", "dev"):
        shutil.copyfile(FIXTURES / "de_europarl_five_columns.txt", de / "europarl-pado" / f"{part}.tsv")
    # Europarl-Padó test repeats the second Europarl sentence: it must leave the training data
    (de / "europarl-pado" / "test.tsv").write_text(
        "Paris\tParis\tNE\tI-NC\tI-LOC\nBerlin\tBerlin\tNE\tB-NC\tB-LOC\nund\tund\tKON\tO\tO\n"
        "die\td\tART\tI-NC\tO\nEuro-Zone\tEuro-Zone\tNN\tI-NC\tI-MISC\n.\t.\t$.\tO\tO\n\n", encoding="utf-8")
    # GermEval test repeats the second CoNLL-2003 sentence (with other tags: only tokens count)
    words = ["Der", "Goldene", "Pokal", "der", "Firma", "Brotwerk", "AG", "bleibt", "deutsch", "."]
    (de / "germeval2014" / "NER-de-test.tsv").write_text(
        "# test\n" + "".join(f"{i}\t{w}\tO\tO\n" for i, w in enumerate(words, 1)) + "\n", encoding="utf-8")
    (de / "wikineural").mkdir()
    for part in ("val", "test"):
        shutil.copyfile(FIXTURES / "de_index_token_bio.invented.txt", de / "wikineural" / f"{part}.conllu")
    return data_root


def test_legal_map_covers_the_nineteen_tags():
    persons, places, orgs = {"PER", "RR", "AN"}, {"LD", "ST", "STR", "LDS"}, {"ORG", "UN", "INN", "GRT", "MRK"}
    assert {k for k, v in corpora.LEGAL_MAP.items() if v == "PER"} == persons
    assert {k for k, v in corpora.LEGAL_MAP.items() if v == "LOC"} == places
    assert {k for k, v in corpora.LEGAL_MAP.items() if v == "ORG"} == orgs
    for norm in ("GS", "VO", "EUN", "VS", "VT", "RS", "LIT"):
        assert corpora.LEGAL_MAP.get(norm, "O") == "O"


def test_prepare_de_with_legal_europarl_wikineural(de_root: Path):
    prepared = corpora.prepare("de", de_root, seed=1, dev_sentences=1, legal_sentences=100,
                               europarl_pado=True, wikineural=True)
    # held-out courts are written mapped, in file order
    assert _tags(prepared.extra["legal-dev"]) == LEGAL_HELD_OUT
    assert _tags(prepared.extra["legal-test"]) == LEGAL_HELD_OUT
    assert prepared.sources["legal_bsg_test"]["used_as"] == "legal-test"
    assert prepared.sources["legal_bverfg_dev"]["used_as"] == "legal-dev"
    train = {" ".join(t for t, _ in s): [g for _, g in s] for s in prepared.train}
    firsts = [s[0][0] for s in prepared.train]
    # five training courts x 3 sentences; the boilerplate sentence also in the held-out courts is dropped
    texts = [" ".join(t for t, _ in s) for s in prepared.train]
    assert texts.count("Der Richter Dr. Hans Weber am Bundesgerichtshof wendet § 823 BGB an .") == 5
    assert sum(text.startswith("Die Klägerin") for text in texts) == 5
    assert train["Der Richter Dr. Hans Weber am Bundesgerichtshof wendet § 823 BGB an ."] == LEGAL_TRAIN[0]
    assert train["Die Klägerin wohnt in der Hauptstraße 3 in Kassel und arbeitet bei der Brotwerk GmbH ."] == LEGAL_TRAIN[1]
    assert "Die Revision wird zurückgewiesen ." not in train
    # Europarl-Padó IOB1 -> BIO (adjacent B- kept apart); its test sentence removed from train and dev parts
    assert train["Herr Frau Anna Berg aus Wien lobt die EU ."] == ["O", "O", "B-PER", "I-PER", "O", "B-LOC", "O", "O", "B-ORG", "O"]
    assert firsts.count("Herr") == 2 and "Paris" not in firsts
    assert prepared.sources["europarl_pado_train"]["entities"] == {"LOC": 3, "MISC": 1, "ORG": 1, "PER": 1}
    # WikiNEuRal: MISC kept
    assert train["Der Film Blaue Nacht von Jan Novak lief in Graz ."] == ["O", "O", "B-MISC", "I-MISC", "O", "B-PER", "I-PER", "O", "O", "B-LOC", "O"]
    assert texts.count("Der Film Blaue Nacht von Jan Novak lief in Graz .") == 2
    # the CoNLL "Der Goldene Pokal" sentence is in GermEval test: dropped
    assert not any(s[0][0] == "Der" and s[1][0] == "Goldene" for s in prepared.train)
    # 2 CoNLL - 1 + 3 GermEval + 10 legal + 2 Europarl + 2 WikiNEuRal
    assert len(prepared.train) == 1 + 3 + 10 + 2 + 2
    assert prepared.overlap["dropped"] == 1 + 5 + 2
    assert prepared.overlap["missing"] == [str(de_root.parent / "parallel" / "de-europarl.test.conll02")]


def test_prepare_de_rejects_bad_courts(de_root: Path):
    with pytest.raises(ValueError, match="held-out courts"):
        corpora.prepare("de", de_root, legal_sentences=1, legal_dev_court="bsg", legal_test_court="bsg")
    with pytest.raises(ValueError, match="held-out courts"):
        corpora.prepare("de", de_root, legal_sentences=1, legal_dev_court="lg-kassel")


def test_drop_overlap_compares_tokens_only():
    train = [[("A", "B-PER"), ("b", "O")], [("C", "O")], [("A", "O"), ("b", "O")]]
    kept, dropped = corpora.drop_overlap(train, {("A", "b")})
    assert kept == [[("C", "O")]] and dropped == 2


def test_augment_names_replaces_persons_only():
    sents = [
        [("Herr", "O"), ("Müller", "B-PER"), ("aus", "O"), ("Ulm", "B-LOC"), (".", "O")],
        [("Anna", "B-PER"), ("Berg", "I-PER"), ("und", "O"), ("Jan", "B-PER"), ("Novak", "I-PER"), ("lachen", "O")],
        [("Ohne", "O"), ("Person", "O")],
    ]
    out = corpora.augment_names(sents, 200, seed=5)
    assert out == corpora.augment_names(sents, 200, seed=5)  # reproducible
    assert len(out) == 200
    for sent in out:
        spans = corpora.spans_of([g for _, g in sent])
        others = [(t, g) for t, g in sent if not g.endswith("PER")]
        if sent[0][0] == "Herr":
            assert others == [("Herr", "O"), ("aus", "O"), ("Ulm", "B-LOC"), (".", "O")]
            assert [label for _, _, label in spans] == ["PER", "LOC"]
        else:
            assert others == [("und", "O"), ("lachen", "O")]
            assert [label for _, _, label in spans] == ["PER", "PER"]
            assert all(end - start >= 2 for start, end, _ in spans)  # first name + surname
    names = [t for s in out for t, g in s if g.endswith("PER")]
    assert "Müller" not in names and len(set(names)) > 100  # Faker names, not the originals
    assert any(not n[0].isascii() and n[0].isupper() for n in names)  # e.g. Ö, Ç, Ł, Š, Þ
    assert corpora.augment_names(sents[2:], 5, seed=1) == [] and corpora.augment_names(sents, 0, seed=1) == []


def test_write_prepared_writes_extra_sets(de_root: Path, tmp_path: Path):
    prepared = corpora.prepare("de", de_root, seed=1, dev_sentences=1, legal_sentences=2)
    stats = corpora.write_prepared(prepared, tmp_path / "de")
    assert read_conll(tmp_path / "de" / "legal-test.txt", "conll2002") == prepared.extra["legal-test"]
    assert stats["legal-dev"]["entities"] == {"LOC": 2, "ORG": 3, "PER": 2}
    assert stats["overlap_checked"]["dropped"] == prepared.overlap["dropped"]


# ------------------------------------------------------------------------------------------
# Portuguese: Paramopama + Second HAREM, UlyssesNER-Br, overlap with miniHAREM
# ------------------------------------------------------------------------------------------

ULYSSES_TAGS = ["O", "O", "B-PER", "I-PER", "O", "B-ORG", "O", "O", "B-ORG", "O", "B-LOC", "O", "O",
                "O", "O", "O", "O", "O", "O", "O", "O", "O", "B-ORG", "I-ORG", "O"]


def test_ulysses_map_keeps_names_only():
    assert set(corpora.ULYSSES_MAP.values()) == {"PER", "LOC", "ORG"}
    for not_a_name in ("PESSOAcargo", "PESSOAgrupocargo", "LOCALvirtual", "FUNDlei", "DATA", "EVENTO", "PRODUTOoutros"):
        assert corpora.ULYSSES_MAP.get(not_a_name, "O") == "O"


def test_prepare_pt_with_paramopama_and_ulysses(data_root: Path):
    pt = data_root / "pt"
    (pt / "paramopama").mkdir()
    shutil.copyfile(FIXTURES / "pt_token_class.invented.txt", pt / "paramopama" / "corpus_paramopama+second_harem.txt")
    (pt / "ulyssesner-br").mkdir()
    for part in ("train", "dev", "test"):
        shutil.copyfile(FIXTURES / "pt_token_finebio.invented.txt", pt / "ulyssesner-br" / f"types-holdout-{part}.txt")
    # miniHAREM repeats Paramopama's second sentence: it must leave the training data
    (pt / "harem" / "corpus_miniHAREM.txt").write_text(
        "A\tO\nCasa\tORGANIZACAO\nAzul\tORGANIZACAO\nLda\tORGANIZACAO\nfechou\tO\n.\tO\n\n", encoding="utf-8")
    prepared = corpora.prepare("pt", data_root, seed=3, dev_fraction=0.25, lener_dev_sentences=1,
                               wikiann_sentences=0, use_lener=False, paramopama=True, ulysses=True)
    assert _tags(prepared.extra["ulysses-test"]) == [ULYSSES_TAGS]
    texts = [" ".join(t for t, _ in s) for s in prepared.train]
    assert [t for _, t in prepared.train[texts.index("Lia Moura nasceu em Braga em 1990 .")]] == [
        "B-PER", "I-PER", "O", "O", "B-LOC", "O", "O", "O"]
    # "A Casa Azul Lda fechou ." (First HAREM and Paramopama) is in miniHAREM; the Ulysses train/dev
    # copies are the Ulysses test sentence
    assert "A Casa Azul Lda fechou ." not in texts
    assert not any(text.startswith("O Deputado") for text in texts)
    harem_copy_in_dev = any(s[0][0] == "A" for s in prepared.dev)  # First HAREM's copy may be held out as dev
    assert prepared.overlap["dropped"] == (0 if harem_copy_in_dev else 1) + 1 + 2
    assert prepared.overlap["missing"] == [str(pt / "lener-br" / "test.conll")]
    assert prepared.sources["ulyssesner_br_test"]["used_as"] == "ulysses-test"


def test_prepare_pt_default_recipe_reads_no_test_file(data_root: Path):
    prepared = corpora.prepare("pt", data_root, seed=3, dev_fraction=0.25, lener_dev_sentences=1,
                               wikiann_sentences=1)
    assert prepared.overlap == {} and prepared.extra == {}


def test_rename_persons_keeps_every_sentence_and_other_tokens():
    sents = [
        [("Frau", "O"), ("Anna", "B-PER"), ("Berg", "I-PER"), ("in", "O"), ("Ulm", "B-LOC")],
        [("Ohne", "O"), ("Person", "O")],
    ]
    out = corpora.rename_persons(sents, seed=2)
    assert out == corpora.rename_persons(sents, seed=2)
    assert out[1] == sents[1]
    assert [(t, g) for t, g in out[0] if not g.endswith("PER")] == [("Frau", "O"), ("in", "O"), ("Ulm", "B-LOC")]
    assert [g for _, g in out[0]][1] == "B-PER" and [t for t, _ in out[0]][1:3] != ["Anna", "Berg"]


def test_prepare_de_writes_renamed_dev_with_augmentation(de_root: Path):
    prepared = corpora.prepare("de", de_root, seed=1, dev_sentences=1, augment=2)
    renamed, dev = prepared.extra["dev-renamed"], prepared.dev
    assert len(renamed) == len(dev) == 1
    assert [g for _, g in renamed[0] if not g.endswith("PER")] == [g for _, g in dev[0] if not g.endswith("PER")]
