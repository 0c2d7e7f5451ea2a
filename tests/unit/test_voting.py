from app.detection.voting import resolve_overlaps
from app.doc import Entity


def E(text, sub, label, source, occurrence=0):
    start = -1
    for _ in range(occurrence + 1):
        start = text.index(sub, start + 1)
    return Entity(start, start + len(sub), label, sub, source)


def test_higher_precedence_wins_and_contained_are_dropped():
    text = "Mail info@acme.com today"
    entities = [E(text, "acme.com", "ORGANIZATION", "stanza"), E(text, "info@acme.com", "EMAIL", "email")]
    assert [(e.text, e.label) for e in resolve_overlaps(text, entities)] == [("info@acme.com", "EMAIL")]


def test_partial_overlap_keeps_the_part_outside():
    text = "Contact John Smith@home"  # model tags "John Smith", a pattern tags "Smith@home"
    entities = [E(text, "John Smith", "PERSON", "stanza"), E(text, "Smith@home", "EMAIL", "email")]
    assert [(e.text, e.label, e.source) for e in resolve_overlaps(text, entities)] == [
        ("John", "PERSON", "stanza"),
        ("Smith@home", "EMAIL", "email"),
    ]


def test_same_source_longer_wins_and_output_sorted():
    text = "New York City and Paris"
    entities = [
        E(text, "Paris", "LOCATION", "stanza"),
        E(text, "New York", "LOCATION", "stanza"),
        E(text, "New York City", "LOCATION", "stanza"),
    ]
    assert [e.text for e in resolve_overlaps(text, entities)] == ["New York City", "Paris"]


def test_unknown_sources_rank_last():
    text = "Berlin"
    entities = [E(text, "Berlin", "MISC", "custom"), E(text, "Berlin", "LOCATION", "stanza")]
    assert [(e.label, e.source) for e in resolve_overlaps(text, entities)] == [("LOCATION", "stanza")]


def test_date_pattern_beats_model_inside_a_date():
    text = "on 3 March 2015"
    entities = [E(text, "March", "LOCATION", "stanza"), E(text, "3 March 2015", "DATE", "date")]
    assert [(e.text, e.label) for e in resolve_overlaps(text, entities)] == [("3 March 2015", "DATE")]
