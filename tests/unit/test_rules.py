import pytest

from app.detection.rules import apply_rules, default_rules
from app.doc import Entity
from app.tokenization import split_sentences


def run(text, language, entities=(), rules=("title", "first_name", "org_suffix", "conjunction")):
    out = apply_rules(text, split_sentences(text), list(entities), default_rules(language, rules), language)
    return [(e.text, e.label, e.source) for e in out]


@pytest.mark.parametrize(
    "language,text,expected",
    [
        ("en", "Yesterday Mr. John Doe met Dr. Anna Maria de Souza.", [("John Doe", "PERSON"), ("Anna Maria de Souza", "PERSON")]),
        ("de", "Gestern traf Herr Müller die Frau Schneider.", [("Müller", "PERSON"), ("Schneider", "PERSON")]),
        ("es", "La Sra. García y el Sr. Pérez hablaron.", [("García", "PERSON"), ("Pérez", "PERSON")]),
        ("pt", "A Dona Maria da Silva mora aqui.", [("Maria da Silva", "PERSON")]),
    ],
)
def test_title_rule(language, text, expected):
    assert [(t, label) for t, label, _ in run(text, language, rules=("title",))] == expected


def test_title_relabels_a_wrong_label_on_the_same_words():
    text = "We thanked Mr. Paris for his help."
    paris = Entity(15, 20, "LOCATION", "Paris", "stanza")
    assert run(text, "en", [paris], rules=("title",)) == [("Paris", "PERSON", "rule:title")]


def test_first_name_rule_and_org_suffix():
    assert run("Later Peter Miller joined Acme Widgets Ltd in town.", "en", rules=("first_name", "org_suffix")) == [
        ("Peter Miller", "PERSON", "rule:first_name"),
        ("Acme Widgets Ltd", "ORGANIZATION", "rule:org_suffix"),
    ]
    assert run("Er arbeitet bei der Siemens AG.", "de", rules=("org_suffix",)) == [("Siemens AG", "ORGANIZATION", "rule:org_suffix")]


def test_multiple_run_conjunction_rule():
    # seed 002 §5.3.2: "Kowalski i Nowak" - Nowak is a surname because Kowalski is one
    text = "The report names Kowalski and Nowak, and later Glowacki."
    kowalski = Entity(17, 25, "PERSON", "Kowalski", "stanza")
    assert run(text, "en", [kowalski], rules=("conjunction",)) == [
        ("Kowalski", "PERSON", "stanza"),
        ("Nowak", "PERSON", "rule:conjunction"),
    ]


def test_rules_find_nothing_in_plain_text():
    assert run("The committee met on Tuesday and adjourned.", "en") == []
