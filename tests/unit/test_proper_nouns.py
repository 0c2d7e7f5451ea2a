"""The proper-noun fallback (app/detection/proper_nouns.py): lexicon tests, candidates, runs, pipeline."""

import pytest

from app import languages
from app.detection.config import language_config
from app.detection.pipeline import build_detector
from app.detection.proper_nouns import (
    abbreviation_shaped,
    CommonWordLexicon,
    common_word_lexicon,
    find_proper_nouns,
    is_candidate,
    name_prefix,
)
from app.doc import Entity
from app.tokenization import split_sentences, tokenize

from tests.unit.fakes import GazetteerTagger

# A hand-made German-like lexicon: the tests below do not depend on the packaged word lists.
SMALL = CommonWordLexicon(
    frozenset({"über", "haus", "essen", "se", "cuida", "nr.", "erarbeiten", "offen", "geflügel", "deportieren"}),
    frozenset({"Betrieb", "Betriebe", "Haus", "Kandidat", "Zucht", "Spitze", "Zug"}),
    compounds=languages.get("de").compounds,
)
FLAT = CommonWordLexicon(frozenset({"plano", "cuida", "se"}))


@pytest.mark.parametrize(
    ("word", "common"),
    [
        ("Haus", True),  # a common noun
        ("Über", True),  # lower-case form known
        ("ÜBER", True),  # all in lower case known
        ("Essen", True),  # nominalised verb
        ("Geflügelzuchtbetrieb", True),  # Geflügel|zucht|betrieb: a known modifier that is itself a compound
        ("Zuchtbetriebe", True),  # head in an inflected form
        ("Spitzenkandidat", True),  # Spitze + linking "n" + Kandidat
        ("Grünen-Spitzenkandidat", True),  # hyphenated: the last part decides in German
        ("Saperion-", False),  # a word cut at a hyphen is judged without it
        ("Haus-", True),
        ("Cuida-se", True),  # every part is common
        ("Erarbeitung", True),  # -ung of a known verb
        ("Erarbeitungen", True),
        ("Offenheit", True),  # -heit of a known adjective
        ("Deportationsbetrieb", True),  # -ation of a verb in -ieren, linking "s", head "Betrieb"
        ("Deportationszug", False),  # a head of three letters is not looked up
        ("Saperion", False),
        ("Halmich", False),
        ("Corbetrieb", False),  # a name that ends in a noun: the modifier "Cor" is unknown
        ("Abhaus", False),  # a modifier needs three letters
        ("Zuchthaus", True),
        ("Zuchtzuchtzuchthaus", False),  # at most three parts
        ("Kandidat-Saperion", False),
    ],
)
def test_is_common_german_rules(word, common):
    assert SMALL.is_common(word) is common


def test_without_compounds_only_whole_words_and_all_parts_count():
    assert FLAT.is_common("Plano") is True
    assert FLAT.is_common("Cuida-se") is True
    assert FLAT.is_common("Cuida-Saperion") is False
    assert FLAT.is_common("Superplano") is False  # no compound heads outside German
    assert FLAT.is_common("Cuidaung") is False  # nor German derivations
    assert len(FLAT) == 3


@pytest.mark.parametrize(
    ("word", "stop", "candidate"),
    [
        ("Saperion", False, True),
        ("saperion", False, False),  # not capitalised
        ("SAPERION", False, False),  # capitals only: left to the model and patterns
        ("A1", False, False),  # digits
        ("X", False, False),  # one letter
        ("Xy", False, True),
        ("Herr", False, False),  # a title
        ("Montag", False, False),  # a weekday
        ("Der", False, False),  # a function word
        ("Haus", False, False),  # a common word
        ("Mio", True, False),  # three letters before a full stop: an abbreviation
        ("Nr", True, False),
        ("Saperion", True, True),  # a name at the end of a sentence
        ("Nr", False, False),  # a known abbreviation ("nr.") of three letters or fewer, written without its stop
        ("Xy", True, False),  # two letters before a full stop
        ("Nr.", False, False),  # the stop glued to the token
        ("Saperion.", False, True),
    ],
)
def test_is_candidate(word, stop, candidate):
    assert is_candidate(word, SMALL, followed_by_stop=stop) is candidate


def _doc(text):
    return text, split_sentences(text, tokenize(text))


def test_runs_offsets_and_covered_tokens():
    text, sentences = _doc("Gestern traf Hans Halmich Saperion im Haus. Saperion, Vaart und Nr. 5 fehlten.")
    hans = text.index("Hans")
    entities = [Entity(hans, hans + 4, "PERSON", "Hans", "stanza")]
    found = find_proper_nouns(text, sentences, entities, SMALL)
    assert [(e.text, e.label, e.source, e.start) for e in found] == [
        ("Gestern", "PROPER_NOUN", "proper_noun", 0),  # unknown to the small lexicon, sentence-initial or not
        ("Halmich Saperion", "PROPER_NOUN", "proper_noun", text.index("Halmich")),  # one run
        ("Saperion", "PROPER_NOUN", "proper_noun", text.index("Saperion,")),  # the comma ends the run
        ("Vaart", "PROPER_NOUN", "proper_noun", text.index("Vaart")),
    ]
    for entity in found:
        assert text[entity.start:entity.end] == entity.text


def test_a_stop_after_a_space_counts_too():
    # pre-tokenized input joined with spaces ("Mio ." as in the CoNLL files) is read like "Mio."
    text, sentences = _doc("Es kostet 5 Mio . Euro bei Saperion .")
    assert [t.text for t in sentences[0].tokens][3:5] == ["Mio", "."]
    assert [e.text for e in find_proper_nouns(text, sentences, [], SMALL)] == ["Euro", "Saperion"]


def test_runs_never_cross_sentences():
    text, sentences = _doc("Er kam aus Saperion\n\nHalmich blieb")
    assert len(sentences) == 2  # only white space between "Saperion" and "Halmich"
    found = find_proper_nouns(text, sentences, [], SMALL)
    assert [e.text for e in found] == ["Saperion", "Halmich"]  # "Er" is a function word


def test_packaged_german_lexicon():
    lexicon = common_word_lexicon("de")
    assert lexicon.is_common("Geflügelzuchtbetrieb") and lexicon.is_common("Hochschule")
    assert lexicon.is_common("Über") and lexicon.is_common("Grünen-Spitzenkandidat")
    assert lexicon.is_common("Währungsausschuß")  # old spelling of "Währungsausschuss"
    # proper names are not common nouns, even where Wiktionary lists them as nouns
    assert not lexicon.is_common("Saperion") and not lexicon.is_common("Berlin")
    assert not lexicon.is_common("Halmich")
    assert common_word_lexicon("de") is lexicon  # cached


def test_packaged_lexicons_of_the_other_languages():
    assert common_word_lexicon("pt").is_common("Plano") and common_word_lexicon("pt").is_common("Cuida-se")
    assert common_word_lexicon("es").is_common("Tema") and not common_word_lexicon("es").is_common("Saperion")
    assert common_word_lexicon("en").is_common("However") and not common_word_lexicon("en").is_common("Halmich")


def test_spanish_verbs_with_enclitic_pronouns_are_common_words():
    """"Llámame al 654 …", "Avísame", "Dímelo": no dictionary lists a verb with its pronouns, so the proper-noun
    fallback masked them (stop 43); a known verb form with an accent the pronouns moved, or an infinitive, is read
    as the verb. Names and places that end like a pronoun are not ("Móstoles": "mosto" is no verb; "Ávila")."""
    lexicon = common_word_lexicon("es")
    for word in ("Llámame", "llámala", "Dímelo", "Avísame", "Escríbeme", "dándole", "decirle", "Dígame", "Tráemelo"):
        assert lexicon.is_verb_with_enclitics(word) and lexicon.is_common(word), word
    for word in ("Móstoles", "Ávila", "Ángela", "Úrsula", "Marcela", "Carla"):
        assert not lexicon.is_verb_with_enclitics(word), word
    assert not common_word_lexicon("pt").enclitics and not common_word_lexicon("pt").is_verb_with_enclitics("Dímelo")
    tagger = GazetteerTagger({"Estela": "PER"})
    detector = build_detector("es", tagger_factory=lambda *_: tagger)
    text = "Llámame al 654 32 10 98 si viene Estela. Avísame y dímelo mañana."
    assert [(e.text, e.label) for e in detector.detect(text)] == [("654 32 10 98", "PHONE"), ("Estela", "PERSON")]


def _detector(language, components="full", **overrides):
    cfg = {**language_config(language), **overrides}
    tagger = GazetteerTagger({"Hans": "PER"})
    return build_detector(language, tagger_factory=lambda *_: tagger, config=cfg, components=components)


def test_pipeline_marks_unknown_names_last_and_everywhere():
    text = "Saperion kaufte gestern den Geflügelzuchtbetrieb von Hans Halmich. Die Saperion zahlte bar."
    entities = _detector("de").detect(text)
    assert [(e.text, e.label, e.source) for e in entities] == [
        ("Saperion", "PROPER_NOUN", "proper_noun"),
        ("Hans", "PERSON", "stanza"),
        ("Halmich", "PROPER_NOUN", "proper_noun"),
        ("Saperion", "PROPER_NOUN", "proper_noun"),
    ]


def test_pipeline_switches():
    text = "Gestern kam Hans Halmich."
    assert language_config("de")["proper_nouns"] is True
    assert [e.text for e in _detector("de").detect(text)] == ["Hans", "Halmich"]
    assert [e.text for e in _detector("de", proper_nouns=False).detect(text)] == ["Hans"]
    assert [e.text for e in _detector("de", components="second_pass").detect(text)] == ["Hans"]
    # a label left out of the sensitive list is not produced
    sensitive = [label for label in language_config("de")["sensitive"] if label != "PROPER_NOUN"]
    assert [e.text for e in _detector("de", sensitive=sensitive).detect(text)] == ["Hans"]


def test_word_lists_are_cached_on_disk(tmp_path, monkeypatch):
    from app.detection import proper_nouns

    monkeypatch.setenv("ANON_CACHE_DIR", str(tmp_path / "cache"))
    calls = []

    def build():
        calls.append(1)
        return frozenset({"haus", "über", "Mio."})

    first = proper_nouns.cached_word_list("demo", ("simplemma",), build)
    second = proper_nouns.cached_word_list("demo", ("simplemma",), build)
    assert first == second == frozenset({"haus", "über", "Mio."}) and len(calls) == 1
    [cached] = (tmp_path / "cache").iterdir()
    assert cached.name.startswith("demo-simplemma") and cached.read_text("utf-8") == "Mio.\nhaus\nüber"


def test_an_unwritable_cache_is_skipped(tmp_path, monkeypatch):
    from app.detection import proper_nouns

    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("ANON_CACHE_DIR", str(blocker))
    assert proper_nouns.cached_word_list("demo", ("simplemma",), lambda: frozenset({"a"})) == frozenset({"a"})


def test_cached_simplemma_list_equals_the_built_one(tmp_path, monkeypatch):
    from app.detection import proper_nouns

    monkeypatch.setenv("ANON_CACHE_DIR", str(tmp_path))
    built = proper_nouns._simplemma_lower_forms("pt")  # builds and writes
    assert proper_nouns._simplemma_lower_forms("pt") == built and len(built) > 100_000  # read back


def test_a_name_that_opens_a_hyphenated_compound_is_marked_without_the_common_noun():
    """German joins a name and a common noun with a hyphen ("Merkel-Regierung"): the name is personal data, the noun
    is not; only the name part becomes an entity (a sub-token span), so "-Regierung" stays readable."""
    lexicon = CommonWordLexicon(frozenset({"regierung", "prozess", "straße", "grünen", "spitzenkandidat"}),
                                frozenset({"Regierung", "Prozess", "Straße", "Spitzenkandidat", "Müller"}),
                                compounds=languages.get("de").compounds)
    assert name_prefix("Merkel-Regierung", lexicon) == len("Merkel")
    assert name_prefix("Müller-Lüdenscheidt-Straße", lexicon) == len("Müller-Lüdenscheidt")
    assert name_prefix("Müller-Prozess", lexicon) == 0  # "Müller" is a common noun too
    assert name_prefix("Grünen-Spitzenkandidat", lexicon) == 0
    assert name_prefix("EU-Regierung", lexicon) == 0  # capitals: left to the model
    assert name_prefix("Merkel-Meier", lexicon) == 0  # not a common word: the whole token is a candidate
    text = "Die Merkel-Regierung und Angela Merkel-Regierung tagten."
    sentences = split_sentences(text)
    found = [(e.text, e.label) for e in find_proper_nouns(text, sentences, [], lexicon)]
    assert found == [("Merkel", "PROPER_NOUN"), ("Angela Merkel", "PROPER_NOUN")]
    # a covered token is left alone
    covered = [Entity(4, 20, "ORGANIZATION", "Merkel-Regierung", "stanza")]
    assert [e.text for e in find_proper_nouns(text, sentences, covered, lexicon)] == ["Angela Merkel"]
    # languages without compounds: nothing
    assert name_prefix("Merkel-Regierung", CommonWordLexicon(lexicon.lower_forms, lexicon.nouns)) == 0


def test_an_unlisted_compound_with_a_place_name_head_is_no_common_word():
    """"Rangs|dorf" splits into known words, but an unlisted compound ending in "-dorf" or "-burg" is a place name more
    often than a common word (GermEval and BVerfG dev sentences); a listed one ("Fischerdorf") stays common."""
    compounds = languages.get("de").compounds
    lexicon = CommonWordLexicon(frozenset({"rang", "ravens"}), frozenset({"Dorf", "Burg", "Rang", "Fischerdorf", "Fischer"}),
                                compounds=compounds)
    assert lexicon.is_compound("Rangsdorf") and not lexicon.is_common("Rangsdorf")
    assert is_candidate("Rangsdorf", lexicon) and is_candidate("Fischerburg", lexicon)
    assert lexicon.is_common("Fischerdorf")  # listed in the noun table
    assert lexicon.is_common("Dorf")  # the head alone


def test_declared_abbreviations_are_no_names_with_or_without_their_stop():
    lexicon = common_word_lexicon("de")  # "aufl", "mio", "rn" are abbreviations of app/languages/de.py
    assert lexicon.is_common("Aufl.") and lexicon.is_common("Mio.")
    assert not is_candidate("Aufl.", lexicon) and not is_candidate("Aufl", lexicon, followed_by_stop=True)
    assert not is_candidate("Mio", lexicon) and not is_candidate("Rn", lexicon)  # "3,9 Mio CHF"
    assert is_candidate("Udo", lexicon) and is_candidate("Halmich", lexicon)  # short names stay candidates


GERMAN_ENDINGS = languages.get("de").statute_abbreviation_endings


@pytest.mark.parametrize(
    ("word", "shaped"),
    [
        ("BVerfGE", True), ("BGBl", True), ("NVwZ", True), ("EStG", True), ("StGB", True), ("StVO", True),
        ("RdNr", True), ("SozR", True), ("BTDrucks", True),
        ("MüKo-ZPO", False),  # no part ends like a statute
        ("RFdS", False), ("BdB", False), ("MoschMosch", False), ("PayPal", False),  # organizations' own shapes
        ("McCain", False), ("MacArthur", False), ("DiCaprio", False), ("LeBlanc", False),  # names
        ("München/Hamburg", False), ("Müller-Lüdenscheidt", False), ("Saperion", False), ("İlter", False),
        ("G", False),  # the ending alone
    ],
)
def test_abbreviation_shaped(word, shaped):
    assert abbreviation_shaped(word, GERMAN_ENDINGS) is shaped
    assert abbreviation_shaped(word, ()) is False  # a language without statute abbreviations


def test_statute_abbreviations_are_no_candidates():
    lexicon = CommonWordLexicon(SMALL.lower_forms, SMALL.nouns, compounds=SMALL.compounds,
                                abbreviation_endings=GERMAN_ENDINGS)
    text, sentences = _doc("Über § 31 BVerfGG und BVerfGE 93, 121 hat McCain mit Halmich gesprochen.")
    assert [e.text for e in find_proper_nouns(text, sentences, [], lexicon)] == ["McCain", "Halmich"]
    assert [e.text for e in find_proper_nouns(text, sentences, [], SMALL)] == ["BVerfGG", "BVerfGE", "McCain",
                                                                              "Halmich"]
    assert common_word_lexicon("de").abbreviation_endings == GERMAN_ENDINGS


def test_court_abbreviations_stay_candidates():
    courts = languages.get("de").court_abbreviations
    assert "BVerwG" in courts and abbreviation_shaped("BVerwG", GERMAN_ENDINGS)
    assert not abbreviation_shaped("BVerwG", GERMAN_ENDINGS, courts)
    assert not abbreviation_shaped("GmSOGB", GERMAN_ENDINGS, courts)
    assert is_candidate("BVerwG", common_word_lexicon("de")) and not is_candidate("EStG", common_word_lexicon("de"))


def test_the_first_part_of_a_truncated_compound_is_common_when_it_is_a_modifier():
    lexicon = common_word_lexicon("de")
    assert lexicon.is_common("Verfassungs-") and lexicon.is_common("Sach-")  # Verfassung|s, Sach(e)
    assert not lexicon.is_common("Saperion-") and not lexicon.is_common("Halmich-")
    assert not lexicon.is_common("Verfassungs") and not lexicon.is_modifier("Sa")  # only with its hyphen
    text = "Die Verfassungs- und Verwaltungsrichter prüfen die Sach- und Rechtslage der Saperion- und Halmich-Gruppe."
    _, sentences = _doc(text)
    assert [e.text for e in find_proper_nouns(text, sentences, [], lexicon)] == ["Saperion", "Halmich"]
