"""Types of the proper-noun fallback's entities (app/detection/name_types.py): lexicon lookups, runs, pipeline."""

from app.detection.config import language_config
from app.detection.name_types import NameTypes, name_types
from app.detection.pipeline import build_detector
from app.detection.proper_nouns import CommonWordLexicon, find_proper_nouns
from app.tokenization import split_sentences, tokenize

from tests.unit.fakes import GazetteerTagger

# hand-made lists: the lookups below do not depend on the packaged ones
TYPES = NameTypes(persons=frozenset({"Börner", "Lucy", "Aachen", "Bush", "Halmich"}),
                  places=frozenset({"Leoben", "Aachen", "Bad Vilbel"}), genitive_s=True)
LEXICON = CommonWordLexicon(frozenset({"gestern", "sprach", "in", "mit", "und", "zog", "nach", "kollegen"}))


def test_a_name_only_one_list_knows_gets_its_type():
    assert TYPES.label(["Börner"]) == "PERSON"
    assert TYPES.label(["Lucy", "Börner"]) == "PERSON"  # every word a person's name
    assert TYPES.label(["Leoben"]) == "LOCATION"
    assert TYPES.label(["Bad", "Vilbel"]) == "LOCATION"  # a multi-word place name as a whole


def test_an_ambiguous_or_unknown_name_stays_untyped():
    assert TYPES.label(["Aachen"]) == "PROPER_NOUN"  # a city and a surname
    assert TYPES.label(["Saperion"]) == "PROPER_NOUN"
    assert TYPES.label(["Börner", "Saperion"]) == "PROPER_NOUN"  # one word no list knows
    assert TYPES.label(["Leoben", "Börner"]) == "PROPER_NOUN"
    assert TYPES.label([]) == "PROPER_NOUN"


def test_a_genitive_s_is_looked_through_only_where_the_language_has_it():
    assert TYPES.label(["Bushs"]) == "PERSON"
    assert TYPES.label(["Leobens"]) == "LOCATION"
    without = NameTypes(persons=TYPES.persons, places=TYPES.places, genitive_s=False)
    assert without.label(["Bushs"]) == "PROPER_NOUN"


def test_find_proper_nouns_types_runs_without_moving_a_character():
    text = "Gestern sprach Börner in Leoben mit Saperion und Bushs Kollegen."
    sentences = split_sentences(text, tokenize(text))
    untyped = find_proper_nouns(text, sentences, [], LEXICON)
    typed = find_proper_nouns(text, sentences, [], LEXICON, TYPES.label)
    assert [(e.start, e.end) for e in typed] == [(e.start, e.end) for e in untyped]
    assert [(e.text, e.label, e.source) for e in typed] == [
        ("Börner", "PERSON", "proper_noun"),
        ("Leoben", "LOCATION", "proper_noun"),
        ("Saperion", "PROPER_NOUN", "proper_noun"),
        ("Bushs", "PERSON", "proper_noun"),
    ]
    assert {e.label for e in untyped} == {"PROPER_NOUN"}


def test_packaged_german_name_lists():
    types = name_types("de")
    assert types.label(["Börner"]) == "PERSON"  # a surname of Faker's de_DE provider
    assert types.label(["Mladen"]) == "PERSON"  # a first name of another locale (hr_HR)
    assert types.label(["Leoben"]) == "LOCATION"  # a GeoNames city of 24,000 inhabitants
    assert types.label(["Datterode"]) == "PROPER_NOUN"  # a village no list knows
    assert types.label(["Aachen"]) == "PROPER_NOUN"  # a city, and a surname in the German noun table
    assert name_types("de") is types  # cached


def _detector(**overrides):
    cfg = {**language_config("de"), **overrides}
    tagger = GazetteerTagger({"Hans": "PER"})
    return build_detector("de", tagger_factory=lambda *_: tagger, config=cfg, components="full")


def test_pipeline_types_the_fallback_and_the_switch_turns_it_off():
    text = "Gestern sprach Hans mit Börner in Leoben über Halmich."
    assert language_config("de")["proper_noun_types"] is True
    assert [(e.text, e.label) for e in _detector().detect(text)] == [
        ("Hans", "PERSON"), ("Börner", "PERSON"), ("Leoben", "LOCATION"), ("Halmich", "PROPER_NOUN")]
    assert [(e.text, e.label) for e in _detector(proper_noun_types=False).detect(text)] == [
        ("Hans", "PERSON"), ("Börner", "PROPER_NOUN"), ("Leoben", "PROPER_NOUN"), ("Halmich", "PROPER_NOUN")]


def test_a_type_the_deployment_does_not_mark_falls_back_to_proper_noun():
    text = "Gestern sprach Hans mit Börner in Leoben."
    sensitive = [label for label in language_config("de")["sensitive"] if label != "LOCATION"]
    assert [(e.text, e.label) for e in _detector(sensitive=sensitive).detect(text)] == [
        ("Hans", "PERSON"), ("Börner", "PERSON"), ("Leoben", "PROPER_NOUN")]
