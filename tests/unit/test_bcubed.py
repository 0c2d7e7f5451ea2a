"""B³ (Bagga & Baldwin 1998; Dias, 2016, §3.1.3) with numbers computed by hand, and the evaluation command."""

import json
from fractions import Fraction

import pytest

from anontools.coreference.bcubed import BCubed, bcubed, bcubed_corpus, mention_scores
from anontools.coreference.evaluate import differences, evaluate, identical_config, rules_system, singletons
from anontools.coreference.gold import GoldError, load_document, load_gold, tokens_sha1


def approx(x):
    return pytest.approx(float(x), abs=1e-12)


def test_split_and_merge_by_hand():
    # gold {a b c} {d e}; predicted {a b} {c d e}
    #   a, b: P = 2/2, R = 2/3     c: P = 1/3, R = 1/3     d, e: P = 2/3, R = 2/2
    #   precision = (1 + 1 + 1/3 + 2/3 + 2/3) / 5 = 11/15; recall = (2/3 + 2/3 + 1/3 + 1 + 1) / 5 = 11/15
    gold = [["a", "b", "c"], ["d", "e"]]
    predicted = [["a", "b"], ["c", "d", "e"]]
    scores = mention_scores(gold, predicted).scores
    assert scores["a"] == (1.0, approx(Fraction(2, 3)))
    assert scores["c"] == (approx(Fraction(1, 3)), approx(Fraction(1, 3)))
    assert scores["d"] == (approx(Fraction(2, 3)), 1.0)
    b = bcubed(gold, predicted)
    assert b.mentions == 5
    assert b.precision == approx(Fraction(11, 15)) and b.recall == approx(Fraction(11, 15))
    assert b.f1 == approx(Fraction(11, 15))


def test_everything_merged_by_hand():
    # gold {1..5} {6 7}; predicted one chain of 7
    #   1..5: P = 5/7, R = 1     6, 7: P = 2/7, R = 1
    #   precision = (5 * 5/7 + 2 * 2/7) / 7 = 29/49; recall = 1; F1 = 2 * 29/49 / (29/49 + 1) = 58/78
    gold = [[1, 2, 3, 4, 5], [6, 7]]
    b = bcubed(gold, [[1, 2, 3, 4, 5, 6, 7]])
    assert b.precision == approx(Fraction(29, 49))
    assert b.recall == 1.0
    assert b.f1 == approx(Fraction(58, 78))


def test_singletons_baseline_by_hand():
    # gold {1..5} {6 7}; every mention alone: precision 1; recall = (5 * 1/5 + 2 * 1/2) / 7 = 2/7
    b = bcubed([[1, 2, 3, 4, 5], [6, 7]], [[i] for i in range(1, 8)])
    assert b.precision == 1.0
    assert b.recall == approx(Fraction(2, 7))
    assert b.f1 == approx(Fraction(2 * 2, 7 * (1 + Fraction(2, 7))))


def test_perfect_and_empty():
    assert bcubed([[0, 1], [2]], [[1, 0], [2]]).to_dict() == {"precision": 1.0, "recall": 1.0, "f1": 1.0, "mentions": 3}
    empty = bcubed([], [])
    assert (empty.precision, empty.recall, empty.mentions) == (1.0, 1.0, 0)


def test_dataset_average_is_over_mentions_not_documents():
    # document 1: the 11/15 example (5 mentions); document 2: perfect (2 mentions)
    #   precision = (11/3 + 2) / 7 = 17/21 (the mean of the two documents would be (11/15 + 1) / 2 = 13/15)
    doc1 = ([["a", "b", "c"], ["d", "e"]], [["a", "b"], ["c", "d", "e"]])
    doc2 = ([["x", "y"]], [["x", "y"]])
    total = bcubed_corpus([doc1, doc2])
    assert total.mentions == 7
    assert total.precision == approx(Fraction(17, 21)) and total.recall == approx(Fraction(17, 21))
    assert BCubed().add(bcubed(*doc1)).add(bcubed(*doc2)).precision == total.precision


def test_predicted_chains_are_restricted_to_gold_mentions():
    # "z" is not a gold mention: ignored; "c" is in no predicted chain: a singleton
    #   a, b: P = 2/2, R = 2/3     c: P = 1, R = 1/3  → precision 1, recall = (2/3 + 2/3 + 1/3) / 3 = 5/9
    b = bcubed([["a", "b", "c"]], [["a", "b", "z"]])
    assert b.precision == 1.0
    assert b.recall == approx(Fraction(5, 9))


def test_a_mention_in_two_chains_is_an_error():
    with pytest.raises(ValueError, match="two gold chains"):
        bcubed([[1, 2], [2]], [[1], [2]])
    with pytest.raises(ValueError, match="two predicted chains"):
        bcubed([[1, 2]], [[1, 2], [2]])


# ------------------------------------------------------------------------------------------ gold files
TEXT = "The European Parliament met. Parliament voted; the EP and Mr. Doe left. John Doe came."


def gold_doc(tmp_path, chains=None, name="doc.json"):
    def span(s, occ=0):
        start = -1
        for _ in range(occ + 1):
            start = TEXT.index(s, start + 1)
        return {"start": start, "end": start + len(s), "text": s}

    entities = [
        {**span("European Parliament"), "label": "ORGANIZATION"},
        {**span("Parliament", 1), "label": "ORGANIZATION"},
        {**span("EP"), "label": "ORGANIZATION"},
        {**span("Mr. Doe"), "label": "PERSON"},
        {**span("John Doe"), "label": "PERSON"},
    ]
    doc = {"id": "t1", "language": "en", "text": TEXT, "entities": entities,
           "chains": chains if chains is not None else [[0, 1, 2], [3, 4]]}
    path = tmp_path / name
    path.write_text(json.dumps(doc), "utf-8")
    return path


def test_evaluate_gold_file_with_the_three_systems(tmp_path):
    doc = load_document(gold_doc(tmp_path))
    results = evaluate([doc], {"singletons": singletons, "identical": rules_system(identical_config({"en"})),
                               "rules": rules_system()})
    # singletons: recall = (3 * 1/3 + 2 * 1/2) / 5 = 2/5; identical surfaces find nothing here
    assert results["singletons"]["overall"]["recall"] == approx(Fraction(2, 5))
    assert results["identical"]["overall"]["recall"] == approx(Fraction(2, 5))
    assert results["rules"]["overall"] == {"precision": 1.0, "recall": 1.0, "f1": 1.0, "mentions": 5}
    assert set(results["rules"]["by_label"]) == {"ORGANIZATION", "PERSON"}
    assert results["rules"]["by_language"]["en"]["mentions"] == 5
    assert differences(doc, [[0, 1], [2], [3, 4]]) == ["t1: split    'European Parliament', 'Parliament' | 'EP'"]


def test_malformed_gold_files_are_rejected(tmp_path):
    with pytest.raises(GoldError, match="exactly once"):
        load_document(gold_doc(tmp_path, chains=[[0, 1], [3, 4]]))
    with pytest.raises(GoldError, match="mixes labels"):
        load_document(gold_doc(tmp_path, chains=[[0, 1, 2, 3], [4]]))
    bad = json.loads(gold_doc(tmp_path).read_text("utf-8"))
    bad["entities"][0]["text"] = "Parliament"
    (tmp_path / "bad.json").write_text(json.dumps(bad), "utf-8")
    with pytest.raises(GoldError, match="does not match"):
        load_document(tmp_path / "bad.json")


def write_corpus(root):
    corpus = root / "ner" / "xx"
    corpus.mkdir(parents=True)
    lines = ["-DOCSTART- -X- -X- O", "", "Other O", "", "-DOCSTART- -X- -X- O", "",
             "Yasser B-PER", "Arafat I-PER", "spoke O", ". O", "", "Arafat B-PER", "left O", "Gaza B-LOC", ". O", ""]
    (corpus / "test.txt").write_text("\n".join(lines) + "\n", "utf-8")
    return [["Yasser", "Arafat", "spoke", "."], ["Arafat", "left", "Gaza", "."]]


def test_referenced_documents_are_read_at_run_time(tmp_path):
    tokens = write_corpus(tmp_path / "data")
    gold = tmp_path / "gold"
    gold.mkdir()
    ref = {"id": "ref", "language": "en",
           "reference": {"path": "ner/xx/test.txt", "format": "conll2003", "document": 1, "sha1": tokens_sha1(tokens)},
           "entities": [{"sentence": 0, "tokens": [0, 2], "label": "PERSON"},
                        {"sentence": 1, "tokens": [0, 1], "label": "PERSON"},
                        {"sentence": 1, "tokens": [2, 3], "label": "LOCATION"}],
           "chains": [[0, 1], [2]]}
    (gold / "ref.json").write_text(json.dumps(ref), "utf-8")
    gold_doc(gold)
    documents, skipped = load_gold(gold, tmp_path / "data")
    assert skipped == []
    doc = next(d for d in documents if d.id == "ref")
    assert doc.text == "Yasser Arafat spoke .\nArafat left Gaza ."
    assert [e.text for e in doc.entities] == ["Yasser Arafat", "Arafat", "Gaza"]
    assert evaluate([doc], {"rules": rules_system()})["rules"]["overall"]["recall"] == 1.0

    # corpus absent: skipped with a message, the shipped documents still load
    documents, skipped = load_gold(gold, tmp_path / "nowhere")
    assert [d.id for d in documents] == ["t1"]
    assert len(skipped) == 1 and "not found" in skipped[0]

    # another version of the corpus: skipped
    ref["reference"]["sha1"] = "0" * 40
    (gold / "ref.json").write_text(json.dumps(ref), "utf-8")
    _, skipped = load_gold(gold, tmp_path / "data")
    assert "sha1" in skipped[0]


def test_evaluate_command_writes_a_json_report(tmp_path):
    from typer.testing import CliRunner

    from anontools.coreference.evaluate import app

    (tmp_path / "g").mkdir()
    gold_doc(tmp_path / "g")
    report = tmp_path / "out" / "coref.json"
    result = CliRunner().invoke(app, ["--gold", str(tmp_path / "g"), "--json-report", str(report), "--errors", "5"])
    assert result.exit_code == 0, result.output
    data = json.loads(report.read_text("utf-8"))
    assert data["documents"] == 1 and data["mentions"] == 5 and data["gold_chains"] == 2
    assert set(data["systems"]) == {"singletons", "identical", "rules"}
    assert data["systems"]["rules"]["overall"]["precision"] == 1.0
    assert "B³" in result.output
