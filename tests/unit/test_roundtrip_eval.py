"""The round-trip evaluation's own logic, on an invented two-sentence parallel fixture."""

from pathlib import Path

from anontools.reidentification.evaluate import Slot, align, evaluate, read_parallel, score

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "parallel"


def test_read_and_align():
    [en, _] = read_parallel(FIXTURE / "en-europarl.test.conll02")
    [de, _] = read_parallel(FIXTURE / "de-europarl.test.conll02")
    assert en.text == "Mr Evans met the European Parliament and Evans left."
    assert [(e.text, e.label) for e in de.entities] == [("Evans", "PERSON"), ("Europäische Parlament", "ORGANIZATION"), ("Evans", "PERSON")]
    assert [(s.text, t.text) for s, t in align(en.entities, de.entities)] == [
        ("Evans", "Evans"), ("Evans", "Evans"), ("European Parliament", "Europäische Parlament"),
    ]
    assert align(en.entities, de.entities[:1]) is None


def test_score_parses_adjacent_slots():
    slots = [Slot("[PERSON_1]", frozenset({"Vivienne Forestier"}), frozenset({"Vivienne Forestier"})),
             Slot("[MISC_1]", frozenset({"French"}), frozenset({"French"}))]
    assert score("la escritora Vivienne Forestier French, quien", ["la escritora ", " ", ", quien"], slots) == (2, 2)
    assert score("la escritora French Vivienne Forestier, quien", ["la escritora ", " ", ", quien"], slots) == (0, 0)


def test_evaluate_on_the_fixture():
    report = evaluate(FIXTURE, ["tag", "suppress"], ["de"])
    tag = report["methods"]["tag"]["perturbations"]
    assert tag["none"]["de"]["slots"] == 3 and tag["none"]["de"]["restoration_rate"] == 1.0
    assert tag["html_entities"]["de"]["restoration_rate"] == 1.0
    assert tag["omit"]["de"]["omitted"] == 1 and tag["omit"]["de"]["omissions_silent"] == 0
    assert report["methods"]["tag"]["cross_job_leaks"] == 0
    assert report["alignment"]["de"] == {"sentences_with_entities": 1, "aligned": 1, "not_aligned": 0}


def test_count_wrong_by_order_and_entity():
    from anontools.reidentification.evaluate import count_wrong

    expected = [frozenset({"Mrs Schroedter"}), frozenset({"Paris"}), frozenset({"Doe"})]
    assert count_wrong(expected, ["Schroedter", "Paris", "Doe"]) == 0
    assert count_wrong(expected, ["Doe", "Paris"]) == 1  # "Doe" out of order
    assert count_wrong(expected, ["Schroed", "Lisbon"]) == 2  # not whole words; another entity


def test_every_mark_left_is_listed():
    from app.anonymization.engine import AnonymizerEngine
    from app.coreference.resolver import resolve_chains
    from app.doc import Entity
    from anontools.reidentification.evaluate import unlisted_marks
    from app.reidentification.reidentify import reidentify

    ents = [Entity(0, 3, "PERSON", "Ann", "t"), Entity(8, 11, "PERSON", "Bob", "t")]
    for method, translation in (("tag", "[PERSON_1] y &lt;PERSON_9&gt; y [CITA_3]."), ("suppress", "Xxx y XXX y XXX.")):
        table = AnonymizerEngine().anonymize("Ann met Bob.", ents, resolve_chains(ents), method=method, job_id="j", language="en").table
        result = reidentify(translation, table)
        assert result.unrestored_marks and unlisted_marks(result, table) == 0
