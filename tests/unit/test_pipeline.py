"""The four stages in-process, with a gazetteer tagger standing in for Stanza."""

import pytest

from app.anonymization.registry import available_methods
from app.detection.pipeline import build_detector
from app.doc import Entity
from app.pipeline import Pipeline, StageError
from app.settings import Settings
from models.records import Document, ResolvedDocument, TranslationResult

from tests.unit.fakes import GazetteerTagger

PHRASES = {"John Doe": "PER", "Doe": "PER", "Acme Corp": "ORG", "Lisbon": "LOC", "Acme": "ORG"}
TEXT = (
    "Mr. John Doe of Acme Corp moved to Lisbon on 3 March 2015. "
    "Write to john.doe@acme.example or call +44 20 7946 0958. Doe likes Lisbon."
)


def make_pipeline(**settings):
    tagger = GazetteerTagger(PHRASES)

    def factory(language):
        if language != "en":
            from app.detection.stanza_ner import ModelNotFoundError

            raise ModelNotFoundError(f"no model for {language}")
        return build_detector(language, tagger_factory=lambda *_: tagger)

    return Pipeline(Settings(**settings), detector_factory=factory)


def test_full_forward_and_reverse_path():
    p = make_pipeline()
    detected = p.detect(Document(job_id="job-1", text=TEXT, language="en"))
    assert [(e["text"], e["label"], e["source"]) for e in detected.entities] == [
        ("John Doe", "PERSON", "stanza"),
        ("Acme Corp", "ORGANIZATION", "stanza"),
        ("Lisbon", "LOCATION", "stanza"),
        ("3 March 2015", "DATE", "date"),
        ("john.doe@acme.example", "EMAIL", "email"),
        ("+44 20 7946 0958", "PHONE", "phone"),
        ("Doe", "PERSON", "stanza"),
        ("Lisbon", "LOCATION", "stanza"),
    ]
    assert detected.method == "tag"
    resolved = p.corefer(detected)
    assert [c["mentions"] for c in resolved.chains] == [[0, 6], [1], [2, 7], [3], [4], [5]]
    request, table = p.anonymize(resolved)
    assert request.text == (
        "Mr. [PERSON_1] of [ORGANIZATION_1] moved to [LOCATION_1] on [DATE_1]. "
        "Write to [EMAIL_1] or call [PHONE_1]. [PERSON_1] likes [LOCATION_1]."
    )
    assert request.placeholders == ["[PERSON_1]", "[ORGANIZATION_1]", "[LOCATION_1]", "[DATE_1]", "[EMAIL_1]", "[PHONE_1]"]
    assert table.job_id == "job-1" and len(table.entries) == 6
    # no original entity text leaves in the request
    payload = request.to_json().decode()
    for entity in detected.entities:
        assert entity["text"] not in payload
    back = p.reidentify(TranslationResult(job_id="job-1", text=request.text, language="en", anonymization_id=request.anonymization_id), table)
    assert back.text == TEXT and back.restored == 8


def test_stages_are_deterministic():
    p = make_pipeline()
    doc = Document(job_id="job-2", text=TEXT, language="en", method="suppress")
    first = p.anonymize(p.corefer(p.detect(doc)))
    second = p.anonymize(p.corefer(p.detect(doc)))
    assert first[0].to_json() == second[0].to_json() and first[1] == second[1]


def test_stage_errors():
    p = make_pipeline()
    with pytest.raises(StageError, match="no NER model available for language 'de'") as info:
        p.detect(Document(job_id="j", text="Hallo", language="de"))
    assert info.value.error_type == "model_unavailable"
    with pytest.raises(StageError, match="unknown anonymization method 'shred'"):
        p.detect(Document(job_id="j", text="Hi", language="en", method="shred"))
    bad_span = ResolvedDocument(job_id="j", text="Hi Ann", language="en", method="tag",
                                entities=[{"start": 3, "end": 6, "label": "PERSON", "text": "Bob"}], chains=[])
    with pytest.raises(StageError, match=r"entity 0: span \[3, 6\) does not match the text"):
        p.anonymize(bad_span)
    no_chain = ResolvedDocument(job_id="j", text="Hi Ann", language="en", method="tag",
                                entities=[{"start": 3, "end": 6, "label": "PERSON", "text": "Ann"}], chains=[])
    with pytest.raises(StageError, match="cover every entity"):
        p.anonymize(no_chain)
    with pytest.raises(StageError, match="the table of solutions is malformed"):
        p.reidentify(TranslationResult(job_id="j", text="[PERSON_1]", language="de"), {"entries": [{"x": 1}]})


def test_a_sentence_final_abbreviation_keeps_its_full_stop_out_of_the_placeholder():
    """"Acme Corp." ends its sentence: the entity is "Acme Corp", the full stop stays, the round trip is exact."""
    p = Pipeline(Settings(), detector_factory=lambda language: build_detector(
        language, tagger_factory=lambda *_: GazetteerTagger({"Acme Corp.": "ORG", "Acme": "ORG"})))
    text = "She works for Acme Corp. His firm sued Acme Corp. in May. Nobody likes Acme Corp."
    detected = p.detect(Document(job_id="job-2", text=text, language="en"))
    assert [e["text"] for e in detected.entities] == ["Acme Corp", "Acme Corp.", "Acme Corp"]
    request, table = p.anonymize(p.corefer(detected))
    assert request.text == ("She works for [ORGANIZATION_1]. His firm sued [ORGANIZATION_1] in May. "
                            "Nobody likes [ORGANIZATION_1].")
    back = p.reidentify(TranslationResult(job_id="job-2", text=request.text, language="en", anonymization_id=request.anonymization_id), table)
    assert back.text == text


def test_an_entity_of_titles_only_is_dropped_and_the_name_after_them_found():
    tagger = GazetteerTagger({"Prof. Dr.": "PER"})
    detector = build_detector("de", tagger_factory=lambda *_: tagger)
    text = "Die Visite machte Prof. Dr. med. Ulrike Brandstätter."
    assert [(e.text, e.label, e.source) for e in detector.detect(text)] == [
        ("Ulrike Brandstätter", "PERSON", "rule:title")]


def test_a_form_field_name_is_no_entity():
    tagger = GazetteerTagger({"MRN": "ORG", "DOB": "ORG", "Harold Whitfield": "PER"})
    detector = build_detector("en", tagger_factory=lambda *_: tagger)
    text = "Patient: Harold Whitfield, MRN 00482913, DOB 03/14/1956."
    assert [(e.text, e.label, e.source) for e in detector.detect(text)] == [
        ("Harold Whitfield", "PERSON", "stanza"), ("00482913", "ID_NUMBER", "id_number"), ("03/14/1956", "DATE", "date")]


def test_clean_spans_cuts_entities_at_line_breaks_and_leaves_quotation_marks_out():
    from app.detection.pipeline import clean_spans
    from app.doc import Entity

    text = "por ver a peripécia .\n.\n.\n- A peripécia ? .\n“the Convention” and « Ana» or \"El País\""
    crossing = Entity(10, 39, "PERSON", text[10:39], "stanza")
    assert crossing.text == "peripécia .\n.\n.\n- A peripécia"
    opening = Entity(text.index("“"), text.index("”"), "MISC", "“the Convention", "stanza")
    closing = Entity(text.index("Ana") - 1, text.index("»") + 1, "PERSON", " Ana»", "stanza")
    title = Entity(text.index('"'), len(text), "MISC", '"El País"', "stanza")
    assert all(text[e.start:e.end] == e.text for e in (opening, closing, title))
    # the first line's part has no capital: dropped; unbalanced quotation marks stay in the text, a quoted title
    # keeps both (CoNLL-2002 annotates them inside the entity)
    assert [(e.text, e.label) for e in clean_spans(text, [crossing, opening, closing, title])] == [
        ("A peripécia", "PERSON"), ("the Convention", "MISC"), ("Ana", "PERSON"), ('"El País"', "MISC")]


def test_no_entity_crosses_a_table_cell():
    """A model's span over a table's cells ("Mood\tCity", "Name | Age") is cut into its cells: the replacement never
    swallows a tab or a "|". The cells of a header of known columns are no entities at all (stop 44,
    :mod:`app.detection.tables`), and the cells of its name column are persons."""
    tagger = GazetteerTagger({"Mood City": "ORG", "Name | Age": "ORG", "John Smith": "PER", "Smith , John": "PER"})
    detector = build_detector("en", tagger_factory=lambda *_: tagger)
    text = "Hobby\tMood\tCity\nJohn Smith\tcalm\tLeeds\n| Name | Age | Ward |\n| Smith, John | 45 | B4 |\n"
    found = [(e.text, e.label) for e in detector.detect(text)]
    assert found == [("Mood", "ORGANIZATION"), ("City", "ORGANIZATION"), ("John Smith", "PERSON"), ("Leeds", "LOCATION"),
                     ("Smith, John", "PERSON")]


def test_one_sentence_per_line_keeps_every_line_break():
    """miniHAREM given one sentence per line: a placeholder once swallowed three lines and the next sentence's
    start; lines ending with a full stop are sentences now, and no entity crosses a line break."""
    tagger = GazetteerTagger({"peripécia . . . - A peripécia": "PER", "Pedro": "PER", "“ Convention": "MISC"})
    p = Pipeline(Settings(allowed_methods=available_methods(), minimum_method="kmask"), detector_factory=lambda language: build_detector(language, tagger_factory=lambda *_: tagger))
    text = "O Pedro ficou por ver a peripécia .\n.\n.\n- A peripécia ? .\nLeu a “Convention” .\n"
    detected = p.detect(Document(job_id="job-lines", text=text, language="pt"))
    assert [(e["text"], e["label"]) for e in detected.entities] == [("Pedro", "PERSON"), ("Convention", "MISC")]
    for method in ("tag", "suppress", "ukds", "combined"):
        request, _ = p.anonymize(p.corefer(p.detect(Document(job_id="job-lines", text=text, language="pt",
                                                             method=method))))
        assert request.text.count("\n") == text.count("\n"), method
    request, _ = p.anonymize(p.corefer(detected))
    assert request.text == "O [PERSON_1] ficou por ver a peripécia .\n.\n.\n- A peripécia ? .\nLeu a “[MISC_1]” .\n"


def test_detect_many_is_detect_per_document_with_one_tagger_call():
    p = make_pipeline()
    docs = [Document(job_id="a", text=TEXT, language="en"),
            Document(job_id="b", text="Hallo", language="de"),
            Document(job_id="c", text="Hi", language="en", method="shred"),
            Document(job_id="d", text="Doe likes Lisbon.", language="en", method="suppress"),
            Document(job_id="e", text="", language="en")]
    detector = p.detector("en")
    tagger = next(r.tagger for r in detector.recognizers if r.name == "stanza")
    before = tagger.calls
    out = p.detect_many(docs)
    assert tagger.calls == before + 1  # documents a, d and e tagged together
    assert out[0].to_json() == p.detect(docs[0]).to_json()
    assert out[3].to_json() == p.detect(docs[3]).to_json()
    assert [(e["text"], e["label"]) for e in out[3].entities] == [("Doe", "PERSON"), ("Lisbon", "LOCATION")]
    assert out[4].entities == []
    assert isinstance(out[1], StageError) and out[1].reason == "no NER model available for language 'de'"
    assert isinstance(out[2], StageError) and out[2].reason == "unknown anonymization method 'shred'"


def test_detect_many_isolates_a_failing_document():
    class Exploding:
        """Tags like the gazetteer, but fails on any sentence with the token 'BOOM'."""

        def __init__(self) -> None:
            self.inner = GazetteerTagger(PHRASES)

        def tag(self, sentences):
            if any("BOOM" in s for s in sentences):
                raise RuntimeError("model failure")
            return self.inner.tag(sentences)

    tagger = Exploding()
    p = Pipeline(Settings(), detector_factory=lambda language: build_detector(language, tagger_factory=lambda *_: tagger))
    docs = [Document(job_id="a", text=TEXT, language="en"), Document(job_id="b", text="BOOM here", language="en")]
    out = p.detect_many(docs)
    assert out[0].to_json() == p.detect(docs[0]).to_json()


class _FirstSentenceTagger(GazetteerTagger):
    """Tags its phrases in the first sentence of each call only (a model that found one occurrence)."""

    def tag(self, sentences):
        tagged = super().tag(sentences[:1])
        return tagged + [["O"] * len(s) for s in sentences[1:]]


@pytest.mark.parametrize("spread_common_words", [True, False])
def test_spread_common_words_switch_keeps_a_wrong_one_word_organization_where_the_model_put_it(spread_common_words):
    from app.detection.config import language_config

    cfg = language_config("pt")
    cfg = {**cfg, "second_pass": {**cfg["second_pass"], "spread_common_words": spread_common_words}}
    tagger = _FirstSentenceTagger({"Estado": "ORG", "Petrobras": "ORG", "Ana Souza": "PER"})
    detector = build_detector("pt", tagger_factory=lambda *_: tagger, config=cfg)
    assert (detector.spread_lexicon is None) == spread_common_words
    text = "O Estado processou a Petrobras e Ana Souza. Depois o Estado recorreu contra a Petrobras e Ana Souza."
    second = text.index("Depois")
    spread = [e.text for e in detector.detect(text) if e.start > second]
    assert spread == (["Estado", "Petrobras", "Ana Souza"] if spread_common_words else ["Petrobras", "Ana Souza"])


def test_soft_hyphens_zero_width_spaces_and_decomposed_letters_hide_no_letter_of_a_name():
    """A name hyphenated with a soft hyphen, broken by a zero-width space or written with combining marks (NFD) is
    the same name to the reader: it is replaced whole, the chain and the round trip are those of the plain text."""
    import unicodedata

    p = make_pipeline()
    text = ("Mr. John D\u00adoe of Ac\u200bme Corp moved to " + unicodedata.normalize("NFD", "Lisbon") + " on 3 March "
            "2015. Do\u00ade likes Lis\u00adbon.")
    detected = p.detect(Document(job_id="job-s", text=text, language="en"))
    assert [(e["text"], e["label"]) for e in detected.entities] == [
        ("John D\u00adoe", "PERSON"), ("Ac\u200bme Corp", "ORGANIZATION"), ("Lisbon", "LOCATION"),
        ("3 March 2015", "DATE"), ("Do\u00ade", "PERSON"), ("Lis\u00adbon", "LOCATION")]
    request, table = p.anonymize(p.corefer(detected))
    assert request.text == ("Mr. [PERSON_1] of [ORGANIZATION_1] moved to [LOCATION_1] on [DATE_1]. [PERSON_1] likes "
                            "[LOCATION_1].")
    back = p.reidentify(TranslationResult(job_id="job-s", text=request.text, language="en",
                                          anonymization_id=request.anonymization_id), table)
    assert back.text == text and back.restored == 6

    decomposed = unicodedata.normalize("NFD", "Dr. José Müller visited Zoë in Málaga.")
    tagger = GazetteerTagger({"José Müller": "PER", "Zoë": "PER", "Málaga": "LOC"})  # knows the composed forms only
    found = Pipeline(Settings(), detector_factory=lambda language: build_detector(
        language, tagger_factory=lambda *_: tagger)).detect(Document(job_id="job-d", text=decomposed, language="en"))
    assert [e["text"] for e in found.entities] == [unicodedata.normalize("NFD", w)
                                                   for w in ("José Müller", "Zoë", "Málaga")]


def test_a_name_written_with_character_references_is_replaced_whole_and_restored_as_written():
    """An HTML or XLIFF export writes "J&uuml;rgen M&#252;ller": the model reads "Jürgen Müller", the replacement
    covers every reference, and re-identification gives the text back as written."""
    tagger = GazetteerTagger({"Jürgen Müller": "PER", "München": "LOC"})
    p = Pipeline(Settings(), detector_factory=lambda language: build_detector(language, tagger_factory=lambda *_: tagger))
    text = "<p>J&uuml;rgen M&#252;ller wohnt in M&#xFC;nchen.</p>"
    detected = p.detect(Document(job_id="job-r", text=text, language="de"))
    assert [(e["text"], e["label"]) for e in detected.entities] == [
        ("J&uuml;rgen M&#252;ller", "PERSON"), ("M&#xFC;nchen", "LOCATION")]
    request, table = p.anonymize(p.corefer(detected))
    assert request.text == "<p>[PERSON_1] wohnt in [LOCATION_1].</p>"
    back = p.reidentify(TranslationResult(job_id="job-r", text=request.text, language="de",
                                          anonymization_id=request.anonymization_id), table)
    assert back.text == text and back.restored == 2


def test_a_name_hyphenated_at_a_line_end_is_replaced_on_both_lines_and_restored():
    """Text extracted from a justified page hyphenates names across lines: the model reads the whole word, both
    halves are replaced, every line break stays, and the round trip gives the text back."""
    tagger = GazetteerTagger({"John Doe": "PER", "Acme Corp": "ORG", "Lisbon": "LOC"})
    p = Pipeline(Settings(), detector_factory=lambda language: build_detector(language, tagger_factory=lambda *_: tagger))
    text = "Mr. John D-\noe of Acme Corp moved to Lis-\nbon."
    detected = p.detect(Document(job_id="job-h", text=text, language="en"))
    assert [(e["text"], e["label"]) for e in detected.entities] == [
        ("John D", "PERSON"), ("oe", "PERSON"), ("Acme Corp", "ORGANIZATION"), ("Lis", "LOCATION"), ("bon", "LOCATION")]
    request, table = p.anonymize(p.corefer(detected))
    assert request.text == "Mr. [PERSON_1]-\n[PERSON_2] of [ORGANIZATION_1] moved to [LOCATION_1]-\n[LOCATION_2]."
    back = p.reidentify(TranslationResult(job_id="job-h", text=request.text, language="en",
                                          anonymization_id=request.anonymization_id), table)
    assert back.text == text and back.restored == 5


def test_a_heading_or_a_signatures_role_is_no_person():
    """A German discharge letter (stop 43): the model tagged the heading "Arztbrief" and the signature's "Oberarzt" as
    persons, and an English witness statement's field "Age if under 18:" as a person. A person on a short line of
    common words only, or a common word opening a line before up to four words and a colon, names no one; a surname
    signing alone on its line ("Weber"), an organization in a headline of common words ("SCOTTISH LEAGUE", MISC) and
    a nationality opening a line before a colon in a headline stay."""
    tagger = GazetteerTagger({"Arztbrief": "PER", "Oberarzt": "PER", "Weber": "PER", "Age": "PER",
                              "SCOTTISH": "MISC", "Spanish": "MISC"})
    detector = build_detector("de", tagger_factory=lambda *_: tagger)
    text = "Arztbrief\n\nSehr geehrte Frau Kollegin,\nanbei der Bericht.\nMit freundlichen Grüßen\nWeber\nOberarzt"
    assert [(e.text, e.label) for e in detector.detect(text)] == [("Weber", "PERSON")]
    # a German heading in capitals ("ANTRAG AUF WOHNGELD", whose "WOHNGELD" the model took for a person): the lexicon
    # knows the nouns capitalised ("Antrag"), not in lower case
    assert not detector.common("antrag") and detector._common_any_case("ANTRAG")
    assert not detector._common_any_case("Weber") and not detector._common_any_case("WEBER")
    detector = build_detector("es", tagger_factory=lambda *_: GazetteerTagger({"Izan": "PER"}))
    # a field's value on its line is no heading, although "izan" is a form of "izar" (MEDDOCAN dev)
    assert [(e.text, e.label) for e in detector.detect("Datos del paciente.\nNombre: Izan.\n")] == [("Izan", "PERSON")]
    assert [(e.text, e.label) for e in detector.detect("Datos del paciente.\nNombre:\nIzan\n")] == [("Izan", "PERSON")]
    detector = build_detector("en", tagger_factory=lambda *_: tagger)
    text = "Age if under 18: Over 18\nSOCCER - SCOTTISH LEAGUE STANDINGS\nSpanish first division on Saturday :"
    assert [(e.text, e.label) for e in detector.detect(text)] == [("SCOTTISH", "MISC"), ("Spanish", "MISC")]


def test_an_entity_inside_a_hyphenated_word_of_capitalised_parts_takes_the_whole_word():
    """"70597 Stuttgart-Degerloch" after "LG Stuttgart": the second pass marked "Stuttgart" inside the district's name
    and left "-Degerloch" in clear (stop 43); "Kowalczyk-Braun" when the model took "Braun". A part in lower case
    is none of the name's, and another entity's part stays its own."""
    from app.detection.pipeline import whole_hyphenated_words

    text = "70597 Stuttgart-Degerloch; Frau Kowalczyk-Braun; Schmidt-freundlich; Müller-Weber"

    def e(word, label="LOCATION"):
        start = text.index(word)
        return Entity(start, start + len(word), label, word, "t")

    entities = [e("70597", "POSTAL_CODE"), e("Stuttgart"), e("Braun", "PERSON"), e("Schmidt", "PERSON"),
                e("Müller", "PERSON"), e("Weber", "PERSON")]
    assert [(x.text, x.label) for x in whole_hyphenated_words(text, entities)] == [
        ("70597", "POSTAL_CODE"), ("Stuttgart-Degerloch", "LOCATION"), ("Kowalczyk-Braun", "PERSON"),
        ("Schmidt", "PERSON"), ("Müller", "PERSON"), ("Weber", "PERSON")]


def test_a_name_inside_a_user_name_takes_the_whole_user_name():
    """"#4821 opened by ayse.yilmaz" of a bug report: the model took "ayse" and left the surname in clear (stop 50). Not
    inside an e-mail address, not a capitalised name before a full stop."""
    from app.detection.pipeline import whole_hyphenated_words

    text = "opened by ayse.yilmaz (x); user john_smith_99; Ayse.yilmaz; mail anna.nowak@x.com; see Smith.Then"

    def e(word, nth=0):
        start = -1
        for _ in range(nth + 1):
            start = text.index(word, start + 1)
        return Entity(start, start + len(word), "PERSON", word, "t")

    entities = [e("ayse"), e("smith"), e("Ayse"), e("anna"), e("Smith")]
    assert [x.text for x in whole_hyphenated_words(text, entities)] == [
        "ayse.yilmaz", "john_smith_99", "Ayse.yilmaz", "anna", "Smith"]


def test_a_temperatures_unit_is_no_organization_but_a_doors_letter_stays_masked():
    """"fiebre intermitente de 38ºC", "una temperatura de 38ª C" in MEDDOCAN's clinical cases: the Spanish model tagged
    the unit as an organization. A door's letter after the floor ("5ºC 30009 Murcia", "(1ºA)") is part of an address
    and stays masked (stop 43: dropping it too left MEDDOCAN's door letters in clear), with its floor's number since
    stop 48 ("1ºA"; after a comma, "2a,5ºC", the letter alone)."""
    tagger = GazetteerTagger({"ºC": "ORG", "ª C": "ORG", "ºA": "ORG", "Fermín Quintanilla": "PER"})
    detector = build_detector("es", tagger_factory=lambda *_: tagger)
    text = "Fiebre de 38ºC y 38ª C. D. Fermín Quintanilla (1ºA), Esc.2a,5ºC 30009 Murcia."
    assert [(e.text, e.label) for e in detector.detect(text) if e.label in ("ORGANIZATION", "PERSON")
            or "º" in e.text] == [("Fermín Quintanilla", "PERSON"), ("1ºA", "LOCATION"), ("ºC", "ORGANIZATION")]


def test_a_forms_field_name_is_no_entity_but_a_speakers_name_is():
    """A Spanish admission form: the model tagged "Teléfono" (a field name opening its line before a colon) as an
    organization, and the title rule ran on from "Dra. Inmaculada Ortega" to "Diagnóstico" on the next line. A field
    name is a common word of the language; a speaker's name opening a transcript's line is not, and stays."""
    tagger = GazetteerTagger({"Teléfono": "ORG", "Maria": "PER", "Sevilla": "LOC"})
    detector = build_detector("es", tagger_factory=lambda *_: tagger)
    text = ("Domicilio: Sevilla\nTeléfono: 954 12 34 56\nMédico: Dra. Inmaculada Ortega\nDiagnóstico: gripe\n"
            "Maria: hola, llamó el Teléfono")
    # the last "Teléfono" is inside a line: the tagger's label stays (only a line's first word is a field's name)
    assert [(e.text, e.label) for e in detector.detect(text)] == [
        ("Sevilla", "LOCATION"), ("954 12 34 56", "PHONE"), ("Inmaculada Ortega", "PERSON"), ("Maria", "PERSON"),
        ("Teléfono", "ORGANIZATION")]


@pytest.mark.parametrize("language,phrases,text,expected", [
    # stop 45: a signature's job title tagged as an organization is a quasi-identifier, left in clear by the standard
    # profile; a name among the words, a title, or a head alone keeps the entity
    ("en", {"Priya Raman": "PER", "Housing Officer": "ORG", "Officer Smith": "PER", "Barclays Relationship Manager": "ORG",
            "Manager": "ORG"},
     "Regards , Priya Raman , Housing Officer . Officer Smith met the Barclays Relationship Manager and the Manager .",
     [("Priya Raman", "PERSON"), ("Officer Smith", "PERSON"), ("Barclays Relationship Manager", "ORGANIZATION"),
      ("Manager", "ORGANIZATION")]),
    ("es", {"Coordinadora de Calidad": "ORG", "Lucía Ferrer": "PER"},
     "Firmado : Lucía Ferrer , Coordinadora de Calidad .", [("Lucía Ferrer", "PERSON")]),
])
def test_a_job_title_is_no_name(language, phrases, text, expected):
    detector = build_detector(language, tagger_factory=lambda *_: GazetteerTagger(phrases))
    assert [(e.text, e.label) for e in detector.detect(text)] == expected


def test_a_surname_of_common_words_after_a_title_in_a_salutation_is_a_name():
    """Stop 46: "Sehr geehrte Frau Wohlfahrt," ("Wohlfahrt", welfare) was read as a line of common words, a heading,
    and the title rule's person dropped; a name right after a title is no heading. A heading stays none."""
    detector = build_detector("de", tagger_factory=lambda *_: GazetteerTagger({"Arztbrief": "PER"}))
    found = detector.detect("Sehr geehrte Frau Wohlfahrt,\n\nhiermit kündigen wir.\nArztbrief\n")
    assert [(e.text, e.label) for e in found] == [("Wohlfahrt", "PERSON")]


def test_an_entity_never_crosses_a_forms_column_stop_48():
    """Three spaces or more between words are a form's columns: a span across them is cut like one across a line
    break ("Maria Silva   Idade" of a laboratory's report, the model's person taking the next field's name)."""
    from app.detection.pipeline import clean_spans
    from app.doc import Entity

    text = "Paciente: Maria Silva   Idade: 58 anos; £  142.50"
    spans = clean_spans(text, [Entity(10, 29, "PERSON", text[10:29], "stanza"),
                               Entity(text.index("£"), len(text), "MONEY", text[text.index("£"):], "money")])
    assert [e.text for e in spans] == ["Maria Silva", "Idade", "£  142.50"]


def test_a_partys_role_in_parentheses_is_no_part_of_a_place_stop_48():
    """A lease's "01067 Dresden (Vermieterin)": the model's place took the landlady's role along (the translation lost
    it); a river's qualifier stays ("Frankfurt (Oder)")."""
    from tests.unit.fakes import GazetteerTagger

    tagger = GazetteerTagger({"Dresden ( Vermieterin )": "LOC", "Frankfurt ( Oder )": "LOC"})
    detector = build_detector("de", tagger_factory=lambda *_: tagger)
    text = "Rosenstraße 14, 01067 Dresden (Vermieterin)\nLindenallee 7, 15230 Frankfurt (Oder)"
    assert [e.text for e in detector.detect(text) if e.label == "LOCATION"] == [
        "Rosenstraße 14", "Dresden", "Lindenallee 7", "Frankfurt (Oder)"]


def test_a_temperatures_unit_and_the_next_sentences_article_are_no_person_stop_48():
    """A case report's "39.2 °C. A lumbar puncture …": the English model's person "C. A" replaced the unit and the
    article; a unit after a temperature is no entity, a door's letter after a floor is one ("5ºC 30009 Murcia")."""
    from app.detection.pipeline import _temperature_unit

    text = "his temperature was 39.2 °C. A lumbar puncture; fiebre de 38ºC; calle Mayor 5, 5ºC 30009 Murcia"
    def entity(surface, occurrence=0):
        start = text.index(surface) if not occurrence else text.index(surface, text.index(surface) + 1)
        return Entity(start, start + len(surface), "PERSON", surface, "stanza")
    assert _temperature_unit(text, entity("C. A"))
    assert _temperature_unit(text, entity("ºC"))
    assert not _temperature_unit(text, entity("ºC 30009", 0))


def test_a_doors_letter_takes_its_floors_number_stop_48():
    """An owners' meeting's minutes: the Spanish model's "ºA" of "(1ºA, presidente)" left the floor's "1" in clear
    ("1[ORGANIZATION_1]" in the translation); the floor and door are one LOCATION, a temperature's unit is none."""
    from app.detection.pipeline import _with_its_floor

    text = "D. Ginés (1ºA, presidente); fiebre de 38ºC; piso 12ºB; x1ºA"
    def entity(surface):
        start = text.index(surface)
        return Entity(start, start + len(surface), "ORGANIZATION", surface, "stanza")
    assert _with_its_floor(text, entity("ºA")).text == "1ºA"
    assert _with_its_floor(text, entity("ºA")).label == "LOCATION"
    assert _with_its_floor(text, entity("ºC")).text == "ºC"
    assert _with_its_floor(text, entity("ºB")).text == "12ºB"
    late = Entity(text.rindex("ºA"), text.rindex("ºA") + 2, "ORGANIZATION", "ºA", "stanza")
    assert _with_its_floor(text, late).text == "ºA"  # "x1ºA": a code, not a floor


def test_a_forms_next_field_is_no_part_of_a_name_stop_48():
    """MEDDOCAN's headers: "Médico: Victoria Ramos Medina NºCol: 29 29 55710" (the model's person ran on to the
    college number's field) and "Pablo Garrido Abad        NºCol:" (a column's spaces between): the field's name is
    neither part of the name nor an entity of its own."""
    tagger = GazetteerTagger({"Ramos Medina NºCol": "PER", "Pablo Garrido Abad NºCol": "PER"})
    detector = build_detector("es", tagger_factory=lambda *_: tagger)
    text = "Médico: Victoria Ramos Medina NºCol: 29 29 55710.\nMédico: Pablo Garrido Abad        NºCol: 28 28 156."
    assert [e.text for e in detector.detect(text) if e.label == "PERSON"] == ["Victoria Ramos Medina", "Pablo Garrido Abad"]
    # without the field's colon the letters are the name's ("el entrenador del Mérida CP", a club)
    club = build_detector("es", tagger_factory=lambda *_: GazetteerTagger({"Mérida CP": "ORG"}))
    assert "Mérida CP" in [e.text for e in club.detect("R/P del entrenador del Mérida CP , Juan Señor")]


def test_a_name_entity_without_a_letter_or_a_digit_is_dropped():
    """A meeting invitation's line of underscores came out as 76 locations "_" (stop 50), "#" of "#4821" as a person:
    a model's entity of a name label needs a letter or a digit."""
    from app.detection.pipeline import clean_spans

    text = "#4821 opened by Anna\n____\nJoin"
    entities = [Entity(0, 1, "PERSON", "#", "stanza"), Entity(16, 20, "PERSON", "Anna", "stanza"),
                Entity(21, 22, "LOCATION", "_", "stanza"), Entity(22, 24, "LOCATION", "__", "second_pass")]
    assert [e.text for e in clean_spans(text, entities)] == ["Anna"]
