from app.detection.second_pass import all_occurrences, headwords, label_consistency, short_forms
from app.doc import Entity


def E(text, sub, label, occurrence=0, source="stanza"):
    start = -1
    for _ in range(occurrence + 1):
        start = text.index(sub, start + 1)
    return Entity(start, start + len(sub), label, sub, source)


def test_all_occurrences_marks_whole_words_only():
    text = "Acme hired Ann. Ann left Acme. Annual report by Acme-Corp; ann."
    out = all_occurrences(text, [E(text, "Acme", "ORGANIZATION"), E(text, "Ann", "PERSON")])
    assert [(e.text, e.label, e.start, e.source) for e in out] == [
        ("Acme", "ORGANIZATION", 0, "stanza"),
        ("Ann", "PERSON", 11, "stanza"),
        ("Ann", "PERSON", 16, "second_pass"),
        ("Acme", "ORGANIZATION", 25, "second_pass"),
        ("Acme", "ORGANIZATION", 48, "second_pass"),
    ]


def test_headwords_by_language():
    assert headwords(Entity(0, 19, "ORGANIZATION", "European Parliament", "x"), "en") == ["Parliament"]
    assert headwords(Entity(0, 18, "ORGANIZATION", "Parlamento Europeo", "x"), "es") == ["Parlamento"]
    assert headwords(Entity(0, 12, "PERSON", "Mr. John Doe", "x"), "en") == ["John", "Doe"]
    assert headwords(Entity(0, 5, "PERSON", "Maria", "x"), "pt") == []


def test_short_forms_and_ambiguous_headwords():
    text = "The European Parliament voted. Parliament agreed. John Doe spoke; Doe left. Bank of Spain and Spain."
    entities = [E(text, "European Parliament", "ORGANIZATION"), E(text, "John Doe", "PERSON")]
    out = short_forms(text, entities, "en")
    assert [(e.text, e.label) for e in out if e.source == "second_pass"] == [
        ("Parliament", "ORGANIZATION"), ("Doe", "PERSON"),
    ]
    # a headword claimed by entities of two labels is ambiguous and never used
    text2 = "Bank of Spain and Kingdom of Spain. Spain."
    both = [E(text2, "Bank of Spain", "ORGANIZATION"), E(text2, "Kingdom of Spain", "LOCATION")]
    assert [e for e in short_forms(text2, both, "en") if e.source == "second_pass"] == []


def test_label_consistency_majority_and_ties():
    text = "Jordan Jordan Jordan Paris Paris"
    entities = [
        Entity(0, 6, "PERSON", "Jordan", "x"), Entity(7, 13, "LOCATION", "Jordan", "x"), Entity(14, 20, "LOCATION", "Jordan", "x"),
        Entity(21, 26, "PERSON", "Paris", "x"), Entity(27, 32, "LOCATION", "Paris", "x"),
    ]
    assert [e.label for e in label_consistency(entities)] == ["LOCATION"] * 3 + ["PERSON"] * 2
