"""Case restoration of sentences in lower case or in capitals (:mod:`app.detection.casing`) and the casing-table
builder (:mod:`anontools.detection.casing_table`)."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from anontools.detection.casing_table import count_spellings, usual_spellings
from app.detection.casing import (ALL_CAPITALS, CAPITALISED, LOWER, UNCASED, UPPER, CasingTable, casing_table,
                                  greeting_pattern, restore_case, restore_word, sentence_casing, titles_pattern)
from app.detection.pipeline import build_detector
from app.doc import Sentence, Token
from app.pipeline import Pipeline
from app.settings import Settings
from app.tokenization import split_sentences, tokenize
from models.records import Document, TranslationResult
from tests.unit.fakes import GazetteerTagger

TABLE = CasingTable({"i": LOWER, "met": LOWER, "and": LOWER, "his": LOWER, "wife": LOWER, "in": LOWER,
                     "john": CAPITALISED, "smith": CAPITALISED, "leeds": CAPITALISED, "nato": UPPER, "rio": LOWER,
                     "de": LOWER, "will": LOWER, "the": LOWER, "case": LOWER, "of": LOWER})


def _sentence(text: str) -> Sentence:
    return Sentence(tuple(Token(m.group(), m.start(), m.end()) for m in re.finditer(r"\S+", text)))


@pytest.mark.parametrize(("text", "expected"), [
    ("i met john smith in leeds", UNCASED),
    ("i met john at nato", UNCASED),              # a word in capitals may occur in text in lower case
    ("I met john", UNCASED),                      # "I" decides nothing
    ("JUDGMENT IN THE CASE OF JOHN SMITH", ALL_CAPITALS),
    ("A SANÇÃO DO PROJETO", ALL_CAPITALS),
    ("I met John Smith in Leeds", None),
    ("The appeal is dismissed", None),            # starts with a capital: cased text, however few names it has
    ("O princípio da separação", None),           # one capital letter other than "I" is cased text too
    ("hello", None),                              # too short to judge
    ("NATO", None),
    ("12 34 ,", None),
])
def test_sentence_casing(text, expected):
    assert sentence_casing(_sentence(text)) == expected


def test_the_letter_of_a_code_does_not_make_a_sentence_cased():
    """"mi dni es 12345678Z": the tokenizer splits the DNI's letter off, and a capital letter of its own made the
    chat message cased text, so "paco jiménez" later in it was read as written and left in clear."""
    text = "mi dni es 12345678Z y mi marido paco te llama"
    assert sentence_casing(Sentence(tuple(tokenize(text)))) == UNCASED
    assert [t.text for t in tokenize(text)][3:5] == ["12345678", "Z"]
    assert sentence_casing(_sentence("mi dni es 12345678 Z y mi marido paco")) is None   # a letter of its own


def test_known_words_take_their_usual_spelling_and_unknown_ones_are_capitalised_unless_common():
    common = {"station"}.__contains__
    assert restore_word("john", UNCASED, TABLE, False) == "John"
    assert restore_word("nato", UNCASED, TABLE, False) == "NATO"
    assert restore_word("will", UNCASED, TABLE, False) == "will"
    assert restore_word("station", UNCASED, TABLE, False, common) == "station"
    assert restore_word("önen", UNCASED, TABLE, False, common) == "Önen"       # no corpus and no dictionary know it
    assert restore_word("hans-peter", UNCASED, TABLE, False, common) == "Hans-Peter"
    assert restore_word("i", UNCASED, TABLE, True) == "i"                   # one letter: as written
    assert restore_word("met", UNCASED, TABLE, True) == "Met"               # the sentence's first word
    assert restore_word("SMITH", ALL_CAPITALS, TABLE, False) == "Smith"
    assert restore_word("STATION", ALL_CAPITALS, TABLE, False, common) == "Station"  # captions: unknown = name
    assert restore_word("THE", ALL_CAPITALS, TABLE, False) == "the"
    assert restore_word("NATO", UNCASED, TABLE, False) == "NATO"            # written in capitals on purpose


def test_a_letter_whose_other_case_is_longer_keeps_its_case():
    """"ß".upper() is "SS" and "İ".lower() is "i̇": the restored text must keep the document's offsets."""
    assert restore_word("straße", UNCASED, CasingTable({"straße": UPPER}), False) == "STRAßE"
    assert restore_word("İZMIR", ALL_CAPITALS, TABLE, False) == "İzmir"


def test_cased_text_is_not_restored():
    text = "John Smith met Anna Jones in Leeds. The appeal is dismissed."
    assert restore_case(text, split_sentences(text, tokenize(text)), TABLE) is None


def test_restoration_keeps_offsets_and_changes_only_the_restored_sentences():
    text = "John met Anna in Leeds.\ni met john smith and his wife in leeds\n"
    sentences = split_sentences(text, tokenize(text))
    restored, new_sentences = restore_case(text, sentences, TABLE)
    assert restored == "John met Anna in Leeds.\ni met John Smith and his wife in Leeds\n"
    assert new_sentences[0] is sentences[0]
    assert [t.text for t in new_sentences[1].tokens] == ["i", "met", "John", "Smith", "and", "his", "wife", "in",
                                                         "Leeds"]
    assert all(t.text == restored[t.start:t.end] for s in new_sentences for t in s.tokens)


def test_multi_word_place_names_and_name_pairs_are_restored_together():
    text = "we moved to rio de janeiro with will smith"
    sentences = split_sentences(text, tokenize(text))
    restored, _ = restore_case(text, sentences, TABLE, {"we", "moved", "to", "with"}.__contains__,
                               phrases=lambda: {"rio de janeiro": "Rio de Janeiro"},
                               persons=lambda word: word.capitalize() in {"Will", "Smith"})
    assert restored == "We moved to Rio de Janeiro with Will Smith"


def test_street_addresses_and_postal_codes_are_restored_as_their_recognizers_write_them():
    """Street words are common words ("high", "street", "mayor"): the address pattern, matched without case, gives
    them their capitals; a British postal code is written in capitals."""
    text = "my address is 12 high street, leeds ls1 4ap"
    sentences = split_sentences(text, tokenize(text))
    address = re.compile(r"\d{1,5}\s+(?:[A-Z]\w*\s+){1,3}(?:street|road)", re.IGNORECASE)
    code = re.compile(r"\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b", re.IGNORECASE)
    restored, _ = restore_case(text, sentences, TABLE, {"my", "address", "is", "high", "street"}.__contains__,
                               patterns=lambda: ([address], [code]))
    assert restored == "My address is 12 High Street, Leeds LS1 4AP"


@given(st.text(alphabet=st.sampled_from("aBcDeßİıÇçÖöÑñ .-,\nXYZ"), max_size=80))
def test_restoration_changes_nothing_but_case(text):
    sentences = split_sentences(text, tokenize(text))
    result = restore_case(text, sentences, TABLE, phrases=lambda: {"rio de janeiro": "Rio de Janeiro"})
    if result is None:
        return
    restored, new_sentences = result
    assert len(restored) == len(text)
    assert all(a == b or a in (b.upper(), b.lower()) for a, b in zip(restored, text))
    assert all(t.text == restored[t.start:t.end] for s in new_sentences for t in s.tokens)


def test_the_shipped_tables_know_their_languages():
    assert casing_table("en").usual("london") == CAPITALISED
    assert casing_table("en").usual("the") == LOWER
    assert casing_table("de").usual("gericht") == CAPITALISED      # German nouns are capitalised
    assert casing_table("es").usual("madrid") == CAPITALISED
    assert casing_table("pt").usual("lisboa") == CAPITALISED
    assert casing_table("xx").spellings == {}


def test_the_detector_reads_text_in_lower_case_restored_and_reports_the_documents_surfaces():
    """The tagger matches capitalised phrases only: it finds the names because detection restored their case; the
    entities carry the document's own lower-case letters and offsets."""
    tagger = GazetteerTagger({"John Smith": "PER", "Leeds": "LOC"})
    detector = build_detector("en", tagger_factory=lambda *_: tagger)
    text = "yesterday i met john smith at the station in leeds."
    found = [(e.start, e.end, e.label, e.text) for e in detector.detect(text)]
    assert (16, 26, "PERSON", "john smith") in found
    assert (45, 50, "LOCATION", "leeds") in found
    cased = "Yesterday I met John Smith at the station in Leeds."
    assert [(e.start, e.end) for e in detector.detect(cased)] == [(16, 26), (45, 50)]
    assert [e.text for e in detector.detect_many([text])[0]] == [e.text for e in detector.detect(text)]


def test_restore_case_can_be_switched_off():
    tagger = GazetteerTagger({"John Smith": "PER"})
    from app.detection.config import language_config

    detector = build_detector("en", tagger_factory=lambda *_: tagger,
                              config={**language_config("en"), "restore_case": []})
    assert all(e.label != "PERSON" for e in detector.detect("yesterday i met john smith at the station."))
    with pytest.raises(ValueError, match="restore_case"):
        build_detector("en", tagger_factory=lambda *_: tagger,
                       config={**language_config("en"), "restore_case": ["title_case"]})


def test_a_name_in_lower_case_is_replaced_and_restored_as_written():
    tagger = GazetteerTagger({"John Smith": "PER", "Leeds": "LOC"})
    p = Pipeline(Settings(), detector_factory=lambda language: build_detector(language, tagger_factory=lambda *_: tagger))
    text = "hi, i met john smith in leeds. john smith says hello."
    detected = p.detect(Document(job_id="job-lc", text=text, language="en"))
    request, table = p.anonymize(p.corefer(detected))
    assert request.text == "hi, i met [PERSON_1] in [LOCATION_1]. [PERSON_1] says hello."
    back = p.reidentify(TranslationResult(job_id="job-lc", text=request.text, language="en",
                                          anonymization_id=request.anonymization_id), table)
    assert back.text == text


def test_builder_counts_spellings_away_from_sentence_starts_and_skips_headlines():
    sentences = [["The", "Bank", "said", "the", "bank", "was", "closed"],
                 ["Bank", "of", "England", "raised", "rates"],
                 ["SOCCER", "-", "JAPAN", "GET", "LUCKY", "WIN"],            # capitals only: skipped
                 ["Proud", "Of", "Myself", "And", "Mary", "again"],          # title case: skipped
                 ["we", "met", "Mary", "and", "NATO", "officials"]]
    counts = count_spellings(sentences)
    assert counts["bank"] == Counter({CAPITALISED: 1, LOWER: 1})      # the first "Bank" starts a sentence
    assert counts["we"] == Counter({LOWER: 1})                         # a lower-case first word counts
    assert "japan" not in counts and "myself" not in counts
    assert counts["nato"] == Counter({UPPER: 1})
    table = usual_spellings({"march": Counter({CAPITALISED: 35, LOWER: 4}), "bank": Counter({CAPITALISED: 65,
                             LOWER: 58}), "nato": Counter({UPPER: 3}), "once": Counter({CAPITALISED: 1})})
    assert table == {"march": CAPITALISED, "bank": LOWER, "nato": UPPER}


def test_a_word_with_a_digit_keeps_its_letters_in_a_sentence_in_capitals():
    """Codes in capitals are written as meant: "DE89", "X1234567L" stay as written; in lower case a word with a digit
    is restored like any other ("pm2022", tagged in CoNLL-2002, reads better capitalised)."""
    for word in ("DE89", "X1234567L", "B4", "IL-86"):
        assert restore_word(word, ALL_CAPITALS, TABLE, first=False) == word
        assert restore_word(word, ALL_CAPITALS, TABLE, first=True) == word
    assert restore_word("pm2022", UNCASED, TABLE, first=False) == "Pm2022"
    text = "KLÄGER HANS MÜLLER IBAN DE89 3704 0044 0532 0130 00"
    restored, _ = restore_case(text, [_sentence(text)], TABLE)
    assert restored[restored.index("DE89"):] == "DE89 3704 0044 0532 0130 00"


@pytest.mark.parametrize(("language", "text", "label", "value"), [
    # sentences in capitals: restoration reads "Iban De89 …", "Steuer-Id"; the patterns read the letters as written
    ("de", "KLÄGER: HANS MÜLLER, IBAN DE89 3704 0044 0532 0130 00, TEL. 0171 2345678", "IBAN",
     "DE89 3704 0044 0532 0130 00"),
    ("de", "IBAN DE89 3704 0044 0532 0130 00", "IBAN", "DE89 3704 0044 0532 0130 00"),
    ("de", "STEUER-ID 12 345 678 901", "ID_NUMBER", "12 345 678 901"),
    ("es", "PACIENTE: JOSÉ LUIS RODRÍGUEZ, NIE X1234567L, TEL. 612 345 678", "NATIONAL_ID", "X1234567L"),
    # in lower case: an IBAN in any case, validated; a word after it is not its last group
    ("es", "mi iban es es91 2100 0418 4502 0005 1332 from my bank", "IBAN", "es91 2100 0418 4502 0005 1332"),
    ("de", "meine iban ist de89 3704 0044 0532 0130 00 danke", "IBAN", "de89 3704 0044 0532 0130 00"),
])
def test_patterns_read_a_restored_sentence_as_written(language, text, label, value):
    detector = build_detector(language, tagger_factory=lambda *_: GazetteerTagger({}))
    found = [(e.label, e.text) for e in detector.detect(text)]
    assert (label, value) in found
    assert [(e.label, e.text) for e in detector.detect_many([text])[0]] == found
    assert not any(e.text.casefold() in ("iban", "nie", "steuer-id") for e in detector.detect(text))


def test_a_sentence_over_several_lines_is_restored_line_by_line():
    """A message in lower case after a cased salutation without a full stop was read as cased text (before: "dave
    o'sullivan" left in clear); each line is judged alone, and the cased line stays as written."""
    text = "Dear Ms. Ndiaye,\ni met john smith in leeds"
    sentence = _sentence(text)
    assert sentence_casing(sentence) is None  # the whole sentence is cased
    restored, sentences = restore_case(text, [sentence], TABLE)
    assert restored == "Dear Ms. Ndiaye,\ni met John Smith in Leeds"  # a one-letter word stays as written
    assert [t.text for t in sentences[0].tokens] == restored.split()
    assert restore_case("Dear Ms. Ndiaye,\nI met John", [_sentence("Dear Ms. Ndiaye,\nI met John")], TABLE) is None
    # a message in lower case before a cased line (before: "hola, soy maría josé castaño …\nBuenos días Javier," and
    # "hallo, hier ist klaus-dieter schneider aus bielefeld …" left every name in clear); its first word opens the
    # sentence and is capitalised
    before = "met john smith in leeds\nDear Ms. Ndiaye,"
    assert restore_case(before, [_sentence(before)], TABLE)[0] == "Met John Smith in Leeds\nDear Ms. Ndiaye,"
    # cased prose wrapped at a line's end: the continuation line names no one in lower case and stays as written
    wrapped = "I met John Smith in Leeds and his wife\nmet the case of the rio"
    assert restore_case(wrapped, [_sentence(wrapped)], TABLE) is None
    tagger = GazetteerTagger({"John Smith": "PER", "Leeds": "LOC"})
    detector = build_detector("en", tagger_factory=lambda *_: tagger)
    assert [e.text for e in detector.detect(text)][-2:] == ["john smith", "leeds"]


def test_a_message_in_lower_case_after_a_full_stop_is_restored_alone_stop_48():
    """"Thanks for the update, Anna. btw i met john smith in leeds": the splitter keeps one sentence (no capital after
    the full stop), which its first words make cased; the part after the full stop is judged alone. A cased part, and
    an abbreviation's full stop inside its token ("U.S."), cut nothing."""
    from app.tokenization import tokenize

    text = "Thanks for the update, Anna. i met john smith in leeds"
    restored, _ = restore_case(text, [Sentence(tuple(tokenize(text)))], TABLE)
    assert restored == "Thanks for the update, Anna. i met John Smith in Leeds"
    cased = "Thanks, Anna. The rest of the U.S. team met in Leeds."
    assert restore_case(cased, [Sentence(tuple(tokenize(cased)))], TABLE) is None


def test_a_name_in_lower_case_after_a_title_in_a_cased_sentence_is_restored():
    """"Yesterday dr. smith met the patient" is cased text (it starts with a capital), so it was read as written and
    "smith" stayed in clear; a title, in any case, followed by words in lower case that are names is restored."""
    titles = frozenset({"dr.", "dr", "mr", "mr.", "ms"})
    titled = titles_pattern(titles)
    common = {"station"}.__contains__

    def restored(text: str) -> str | None:
        found = restore_case(text, [_sentence(text)], TABLE, common, titles=titles)
        return None if found is None else found[0]

    assert restored("Yesterday dr. smith met his wife") == "Yesterday Dr. Smith met his wife"
    assert restored("The Mr john smith in Leeds") == "The Mr John Smith in Leeds"       # the title keeps its case
    assert restored("Then mr kowalski met john") == "Then Mr Kowalski met john"         # unknown, not common: a name
    assert restored("Then dr. station met john") is None                               # a common word: not a name
    assert restored("Then dr. met the case") is None                                   # "met": lower case
    assert restored("It took 200 ms smith in Leeds") is None                           # after a number: a unit
    assert restored("Yesterday Dr. Smith met his wife") is None                        # nothing in lower case
    assert restore_case("Yesterday dr. smith met", [_sentence("Yesterday dr. smith met")], TABLE, common) is None
    assert titled.search("I met dr. smith") and titled.search("Dr smith") and titled.search("MR kowalski")
    assert not titled.search("Dr. Smith") and not titled.search("drive smith") and not titled.search("dr.\nsmith")
    assert titles_pattern(frozenset()) is None
    # after a first name, a surname that is a common word ("fuentes", fountains); not after a surname ("vino", came)
    spanish = CasingTable({"alejandro": CAPITALISED, "garcía": CAPITALISED, "fuentes": LOWER, "vino": LOWER,
                           "el": LOWER, "y": LOWER})
    text = "Ayer el dr. alejandro fuentes y el dr. garcía vino"
    found, _ = restore_case(text, [_sentence(text)], spanish, common, persons={"fuentes", "vino"}.__contains__,
                            titles=titles, first_name={"alejandro"}.__contains__)
    assert found == "Ayer el Dr. Alejandro Fuentes y el Dr. García vino"


@pytest.mark.parametrize(("language", "text", "names"), [
    ("en", "Yesterday dr. smith met the patient in Leeds. Then mr. kowalski called.", ["smith", "kowalski"]),
    ("es", "Ayer el dr. garcía atendió a la paciente. La sra. pérez llamó después.", ["garcía", "pérez"]),
    ("de", "Gestern hat dr. müller die Patientin untersucht.", ["müller"]),
    # "doña", "dona" (stop 43)
    ("es", "Mañana viene el señor garcía con doña pilar.", ["garcía", "pilar"]),
    ("pt", "Ontem o sr. joão silva ligou. A dona maria também.", ["joão silva", "maria"]),
    # a frequent Turkish surname that simplemma's German lexicon lists in lower case (stop 43)
    ("de", "Heute hat Herr müller angerufen, Frau özdemir kommt morgen.", ["müller", "özdemir"]),
])
def test_the_detector_finds_names_in_lower_case_after_titles(language, text, names):
    """With the shipped casing tables and the title rule: the name is found (before: left in clear)."""
    detector = build_detector(language, tagger_factory=lambda *_: GazetteerTagger({}))
    found = " ".join(e.text for e in detector.detect(text))
    for name in names:
        assert name in found


def test_chat_words_without_their_apostrophe_stay_in_lower_case():
    """"im at 14 elm grove" was restored "Im at …" (no dictionary knows "im") and the model took "Im" for an
    organization; the language's informal words are common words for case restoration."""
    tagger = GazetteerTagger({"Im": "ORG", "Btw": "ORG", "Kowalski": "PER"})
    detector = build_detector("en", tagger_factory=lambda *_: tagger)
    assert [e.text for e in detector.detect("hey its me, im at home now btw, ask kowalski lol")] == ["kowalski"]


def test_a_name_after_a_greeting_is_restored_when_no_lexicon_knows_it():
    """"hey kev, did u see": "kev" is a nickname no name lexicon lists and the common-word lexicon knows in another
    sense ("keV"), so restoration left it in lower case and the model missed it. A word after a greeting or closing
    at a line's start that ends the vocative is a name, unless it is a stop word, a vocative of the language
    ("guys") or a word the casing table writes in lower case that no name lexicon lists."""
    greetings = (("kind", "regards"), ("hey",), ("hi",), ("cheers",), ("bjs",))
    vocatives = frozenset({"guys", "mate"})
    table = CasingTable({**TABLE.spellings, **dict.fromkeys(
        "team rose for there did you see u thanks help they said".split(), LOWER)})
    persons = {"rose"}.__contains__

    def restored(text: str) -> str | None:
        sentence = Sentence(tuple(Token(m.group(), m.start(), m.end()) for m in re.finditer(r"\w+|[^\w\s]", text)))
        found = restore_case(text, [sentence], table, {"kev", "mo"}.__contains__, persons=persons,
                             greetings=greetings, vocatives=vocatives)
        return None if found is None else found[0]

    assert restored("Hey kev , did you see") == "Hey Kev , did you see"                 # a cased sentence
    assert restored("hey kev , did u see") == "Hey Kev , did u see"                     # restored: first word too
    assert restored("Hi maria josé !") == "Hi Maria José !"                             # two words
    assert restored("Hi rose , thanks") == "Hi Rose , thanks"                           # lower case, but a name
    assert restored("Hi team , thanks") is None                                         # lower case: no name
    assert restored("Hey guys , thanks") is None                                        # a vocative
    assert restored("Hi there , thanks") is None                                        # a stop word
    assert restored("Cheers kev for the help") is None                                  # no vocative ends there
    assert restored("Thanks for the case.\nkind regards kev") == "Thanks for the case.\nkind regards Kev"
    assert restored("Thanks .\nbjs , fer") == "Thanks .\nbjs , Fer"                   # after the closing's comma
    assert restored("They said hey kev , did you") is None                              # not at a line's start
    pattern = greeting_pattern(greetings)
    assert pattern.search("hey kev") and pattern.search("x\n  Kind  regards kev") and pattern.search("bjs, fer")
    assert not pattern.search("they kev") and not pattern.search("hey Kev") and greeting_pattern(()) is None


@pytest.mark.parametrize(("language", "text", "tags", "names"), [
    ("en", "hey kev, did u see what happened? tell mo i said hi", {"Kev": "PER"}, ["kev"]),
    ("de", "hey jana, bin grad bei mama.\nliebe grüße tobi", {"Tobi": "PER", "Jana": "PER"}, ["jana", "tobi"]),
    ("pt", "oi carol, to no ap ate as 6. bjs, fer", {"Carol": "PER", "Fer": "PER"}, ["carol", "fer"]),
])
def test_the_detector_finds_nicknames_after_greetings(language, text, tags, names):
    """With the shipped casing tables, greetings and vocatives: the nickname reaches the model capitalised."""
    detector = build_detector(language, tagger_factory=lambda *_: GazetteerTagger(tags))
    assert [e.text for e in detector.detect(text)] == names


def test_a_surname_that_is_a_word_is_restored_beside_names_in_capitals():
    """Stop 44, a Brazilian petition signed "DRA. PATRÍCIA LEMOS FARIA": "faria" (would do) is a common word and
    "Lemos" in no name lexicon, so the restored "Dra. Patrícia Lemos faria" left "FARIA" in clear; in capitals, a
    surname beside any word the restoration capitalised (not the first) is capitalised; "ELE FARIA ISSO" stays."""
    tagger = GazetteerTagger({"Patrícia Lemos Faria": "PER", "Patrícia Lemos": "PER"})
    detector = build_detector("pt", tagger_factory=lambda *_: tagger)
    assert [e.text for e in detector.detect("Campinas.\nDRA. PATRÍCIA LEMOS FARIA\nELE FARIA ISSO AMANHÃ.")] == [
        "PATRÍCIA LEMOS FARIA"]


def test_a_nickname_in_lower_case_is_restored_as_a_name():
    """Stop 46: "can you tell kev the meeting moved": "kev", a word of the common-word lexicon that no name lexicon
    listed, stayed in lower case and in clear. The language's ``nicknames`` are names now; a common word stays."""
    from app.detection.name_types import name_types

    assert {"Kev", "Steph"} <= name_types("en").persons and "Paco" in name_types("es").persons
    tagger = GazetteerTagger({"Kev": "PER", "Steph": "PER"})
    detector = build_detector("en", tagger_factory=lambda *_: tagger)
    text = "can you tell kev the meeting moved to thursday? steph is off sick"
    assert [(e.text, e.label) for e in detector.detect(text)] == [("kev", "PERSON"), ("steph", "PERSON")]
