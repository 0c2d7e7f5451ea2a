import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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
        # a name never runs on to the next line: a form's next field (stop 44: "Date" of "Date of birth" became a
        # person)
        ("en", "Policyholder: Mrs Siobhan O'Rourke\nDate of birth: 4th June 1979", [("Siobhan O'Rourke", "PERSON")]),
    ],
)
def test_title_rule(language, text, expected):
    assert [(t, label) for t, label, _ in run(text, language, rules=("title",))] == expected


def test_title_relabels_a_wrong_label_on_the_same_words():
    text = "We thanked Mr. Paris for his help."
    paris = Entity(15, 20, "LOCATION", "Paris", "stanza")
    assert run(text, "en", [paris], rules=("title",)) == [("Paris", "PERSON", "rule:title")]


def test_title_relabels_an_entity_that_includes_the_title():
    text = "Firmó la Sra. Ana Belén Ortiz; Sr. Pérez no."
    ortiz = Entity(9, 29, "MISC", "Sra. Ana Belén Ortiz", "stanza")
    perez = Entity(31, 40, "PERSON", "Sr. Pérez", "stanza")
    assert text[ortiz.start:ortiz.end] == ortiz.text and text[perez.start:perez.end] == perez.text
    # the span (with its title) is kept, the label becomes PERSON; a PERSON that includes its title is left alone
    assert run(text, "es", [ortiz, perez], rules=("title",)) == [
        ("Sra. Ana Belén Ortiz", "PERSON", "rule:title"), ("Sr. Pérez", "PERSON", "stanza")]
    # an entity that goes on past the name words is not relabelled ("Dr. Martin Luther King Jr. Boulevard")
    street = Entity(0, 36, "LOCATION", "Dr. Martin Luther King Jr. Boulevard", "stanza")
    assert run("Dr. Martin Luther King Jr. Boulevard is long.", "en", [street], rules=("title",)) == [
        ("Dr. Martin Luther King Jr. Boulevard", "LOCATION", "stanza")]


def test_title_rule_replaces_a_model_entity_that_took_the_title_and_part_of_the_name():
    """The model proposes "Mr Uğur" (title included), the title rule "Uğur Çatak": neither contains the other; the
    rule's span wins and the title stays in the text ("Çatak" was left in clear before)."""
    text = "Mr Uğur Çatak and Mr C. Çalış were heard; Mr Önen too."
    model = [Entity(0, 7, "PERSON", "Mr Uğur", "stanza"), Entity(18, 23, "PERSON", "Mr C.", "stanza"),
             Entity(42, 44, "PERSON", "Mr", "stanza")]
    assert all(text[e.start:e.end] == e.text for e in model)
    assert run(text, "en", model, rules=("title",)) == [
        ("Uğur Çatak", "PERSON", "rule:title"), ("C. Çalış", "PERSON", "rule:title"),
        ("Mr", "PERSON", "stanza"), ("Önen", "PERSON", "rule:title")]
    # an entity with a name word outside the proposal is left alone
    other = Entity(0, 7, "PERSON", "Dr Anna", "stanza")
    assert run("Dr Anna Maria Souza", "en", [other, Entity(8, 13, "PERSON", "Maria", "stanza")],
               rules=("title",)) == [("Dr Anna", "PERSON", "stanza"), ("Maria", "PERSON", "stanza")]


def test_institution_rule_takes_the_name_after_a_health_care_head_and_cuts_crossing_entities():
    text = ("Dra. Cristina Quicios Servicio de Urología Hospital Ramón y Cajal Ctra. Colmenar.\n"
            "Servicio de Urología. Hospital Dr. Peset Av. Gaspar Aguilar 90.")
    model = [Entity(5, text.index("Ramón") + 5, "PERSON", text[5:text.index("Ramón") + 5], "stanza"),
             Entity(text.index("Dr. Peset"), text.index("Dr. Peset") + 9, "PERSON", "Dr. Peset", "stanza")]
    assert run(text, "es", model, rules=("institution",)) == [
        ("Cristina Quicios Servicio de Urología", "PERSON", "stanza"),
        ("Hospital Ramón y Cajal", "ORGANIZATION", "rule:institution"),
        ("Hospital Dr. Peset", "ORGANIZATION", "rule:institution")]
    # the part left of the institution ends at its last name-like word ("Cardiologia do" was a person)
    text = "Foi à consulta de Cardiologia do Hospital de Santa Maria ontem."
    model = [Entity(text.index("Cardiologia"), text.index(" ontem"), "LOCATION",
                    text[text.index("Cardiologia"):text.index(" ontem")], "stanza")]
    assert run(text, "pt", model, rules=("institution",)) == [
        ("Cardiologia", "LOCATION", "stanza"), ("Hospital de Santa Maria", "ORGANIZATION", "rule:institution")]
    assert run("Complejo Hospitalario Universitario de Albacete.\nHospital\nde día", "es", rules=("institution",)) == [
        ("Complejo Hospitalario Universitario de Albacete", "ORGANIZATION", "rule:institution")]


def test_title_rule_skips_further_titles_and_academic_degrees():
    text = "Behandelnder Arzt: Prof. Dr. med. Ulrike Brandstätter, Dr. rer. nat. Weber."
    assert [(t, label) for t, label, _ in run(text, "de", rules=("title",))] == [
        ("Ulrike Brandstätter", "PERSON"), ("Weber", "PERSON")]


def test_title_rule_skips_the_words_of_the_office():
    """ "Deputado Distrital" is an office: the rule takes the name after it, and no name when none follows."""
    text = "O projeto é de iniciativa de Deputado Distrital ; o Juiz Federal Substituto João Batista Lima decidiu."
    assert [(t, label) for t, label, _ in run(text, "pt", rules=("title",))] == [("João Batista Lima", "PERSON")]
    text = "Lo firmó el Ministro Adjunto Eduardo Torres-Dulce."
    assert [(t, label) for t, label, _ in run(text, "es", rules=("title",))] == [("Eduardo Torres-Dulce", "PERSON")]
    # after a particle too (stop 42: "Juiz de Direito da 2ª Vara" gave the person "de Direito")
    text = "Exmo. Sr. Dr. Juiz de Direito da 2ª Vara Cível. O Juiz de Direito Paulo Mendes decidiu."
    assert [(t, label) for t, label, _ in run(text, "pt", rules=("title",))] == [("Paulo Mendes", "PERSON")]
    # an office's place after a particle is no name ("Alcaldesa de Ávila" gave the person "de Ávila"); after an
    # honorific the particle opens a surname
    text = "La Sra. Alcaldesa de Ávila y el Alcalde de Madrid llegaron con el Dr. de Castro."
    assert [(t, label) for t, label, _ in run(text, "es", rules=("title",))] == [("de Castro", "PERSON")]
    # titles up to the sentence's end (a fuzzed "Sra. Alcaldesa de Sra. Alcaldesa" raised IndexError in stop 43's
    # first version)
    assert run("Sra. Alcaldesa de Sra. Alcaldesa", "es", rules=("title",)) == []
    text = "Lo firmó el Juez de Paz Andrés Llorente."
    assert [(t, label) for t, label, _ in run(text, "es", rules=("title",))] == [("Andrés Llorente", "PERSON")]
    # a German profession after the title (stop 42: "Herr Rechtsanwalt Dr. Brandt" gave the person "Rechtsanwalt")
    text = "Sehr geehrter Herr Rechtsanwalt Dr. Brandt, Frau Kollegin Weber schrieb."
    assert [(t, label) for t, label, _ in run(text, "de", rules=("title",))] == [
        ("Brandt", "PERSON"), ("Weber", "PERSON")]


def test_title_only():
    from app.detection.rules import title_only

    assert title_only("Prof. Dr.") and title_only("Dr. med.") and title_only("Herr")
    assert not title_only("Dr. Weber") and not title_only("") and not title_only("med")
    # a role may name one person (HAREM tags "Senhora Presidente" as PESSOA); a lone "Don" may be a first name
    assert not title_only("Senhora Presidente") and not title_only("Minister") and not title_only("Don")
    # a letter's "Ilmo. Sr." and "Excmo." (stop 43: the model's organization "Ilmo")
    assert title_only("Ilmo") and title_only("Ilmo. Sr.") and title_only("Exma.") and title_only("Excmo.")
    assert title_only("Profª. Drª.")                                    # a Brazilian letter's "Profª" (organization)
    assert title_only("Dª.") and title_only("Dª")                       # a Spanish judgment's "Dª." (MISC)


@pytest.mark.parametrize(("language", "text", "expected"), [
    ("en", "Hi Anna", "Anna"),
    ("en", "Good morning John Smith", "John Smith"),
    ("en", "hello, John", "John"),
    ("en", "Hello", None),                      # the greeting alone names no one
    ("en", "Hilda Smith", "Hilda Smith"),       # a word that only starts like one
    ("en", "John Hello", "John Hello"),         # only at the start
    ("de", "Liebe Grüße Jan", "Jan"),           # "grüße" case-folds to "grüsse"
    ("de", "Moin Klaus", "Klaus"),
    ("de", "Grüßen", None),                     # the model's span from "Mit freundlichen Grüßen\n…", cut at the line
    ("es", "Hola", None),
    ("es", "Buenos días Javier", "Javier"),
    ("pt", "Olá João", "João"),
    ("pt", "Hi Anna", "Hi Anna"),               # each language's own list
])
def test_without_greeting(language, text, expected):
    from app.detection.rules import without_greeting

    entity = Entity(10, 10 + len(text), "PERSON", text, "stanza")
    found = without_greeting(entity, language)
    if expected is None:
        assert found is None
    else:
        assert found.text == expected and found.end == entity.end and found.start == entity.end - len(expected)
        assert found.label == "PERSON" and found.source == "stanza"
        if expected == text:
            assert found is entity


def test_the_detector_takes_greetings_out_of_a_models_names():
    """The models take a message's greeting into the name ("Hello John", "Olá João") or tag it alone ("Hola" before a
    comma): the placeholder swallowed a word the translation needs."""
    from app.detection.pipeline import build_detector
    from tests.unit.fakes import GazetteerTagger

    tagger = GazetteerTagger({"Hello John": "PER", "Hola": "PER", "Marta": "PER"})
    detector = build_detector("en", tagger_factory=lambda *_: tagger)
    assert [(e.text, e.start) for e in detector.detect("Hello John, thanks for the call.")] == [("John", 6)]
    detector = build_detector("es", tagger_factory=lambda *_: tagger)
    assert [e.text for e in detector.detect("Hola, soy Marta.")] == ["Marta"]


def _places(text, *words):
    """LOCATION entities on every occurrence of each word."""
    import re

    return [Entity(m.start(), m.end(), "LOCATION", w, "stanza") for w in words for m in re.finditer(re.escape(w), text)]


@pytest.mark.parametrize(
    "language,text,places,expected",
    [
        ("en", "She studied at the University of Lisbon; Leeds City Council met in Leeds.", ("Lisbon", "Leeds"),
         [("University of Lisbon", "ORGANIZATION"), ("Leeds City Council", "ORGANIZATION"), ("Leeds", "LOCATION")]),
        ("de", "An der Universität zu Köln, beim Landgericht Köln und der Weingärtnergenossenschaft Metzingen. "
               "Das Eichsfelder Tageblatt berichtete.", ("Köln", "Metzingen", "Eichsfelder"),
         [("Universität zu Köln", "ORGANIZATION"), ("Landgericht Köln", "ORGANIZATION"),
          ("Weingärtnergenossenschaft Metzingen", "ORGANIZATION"), ("Eichsfelder Tageblatt", "ORGANIZATION")]),
        ("es", "El Tribunal Superior de Justicia de Madrid y el Ayuntamiento de Madrid.", ("Madrid",),
         [("Tribunal Superior de Justicia de Madrid", "ORGANIZATION"), ("Ayuntamiento de Madrid", "ORGANIZATION")]),
        ("pt", "O Tribunal de Justiça de Minas Gerais e a Câmara Municipal de Lisboa.", ("Minas Gerais", "Lisboa"),
         [("Tribunal de Justiça de Minas Gerais", "ORGANIZATION"), ("Câmara Municipal de Lisboa", "ORGANIZATION")]),
        # a lower-case word between the head and the place: nothing changes
        ("en", "The University in Lisbon; the University library of Leeds.", ("Lisbon", "Leeds"),
         [("Lisbon", "LOCATION"), ("Leeds", "LOCATION")]),
    ],
)
def test_org_keyword_rule(language, text, places, expected):
    assert [(t, label) for t, label, _ in run(text, language, _places(text, *places), rules=("org_keyword",))] == expected


def test_org_keyword_rule_absorbs_entities_inside_but_not_one_sticking_out():
    from app.detection.rules import absorb

    text = "Tribunal de Justiça de Minas Gerais"
    justica = Entity(12, 19, "ORGANIZATION", "Justiça", "stanza")
    minas = Entity(23, 35, "LOCATION", "Minas Gerais", "stanza")
    proposal = Entity(0, 35, "ORGANIZATION", text, "rule:org_keyword")
    assert absorb([justica, minas], [proposal]) == []
    sticking = Entity(23, 40, "LOCATION", "Minas Gerais e Ou", "stanza")
    assert absorb([justica, sticking], [proposal]) == [justica, sticking]


def test_name_fields_are_clean_words():
    from app.detection.rules import NAME_FIELDS

    assert all(field == field.strip() and field == field.lower() for fields in NAME_FIELDS.values() for field in fields)
    assert {"patient", "next of kin", "klägerin", "demandada", "segurada"} <= set().union(*NAME_FIELDS.values())


@pytest.mark.parametrize(
    "language,text,expected",
    [
        ("en", "PATIENT NAME: JOHN A. SMITH\nReferred by: Dr. Susan O'Neill, MD\nName: unknown\nPatient: Emily Roe",
         ["JOHN A. SMITH", "Susan O'Neill", "Emily Roe"]),
        ("de", "Vorname: Jana\nBehandelnder Arzt: Prof. Dr. med. Ulrike Brandstätter\nPatient: Herr Günther Kowalczyk, geb.",
         ["Jana", "Ulrike Brandstätter", "Günther Kowalczyk"]),
        ("es", "Nombre y apellidos: ANA BELÉN ORTIZ DE LA FUENTE\nPaciente: D. Francisco Morales",
         ["ANA BELÉN ORTIZ DE LA FUENTE", "D. Francisco Morales"]),
        ("pt", "Nome completo: Maria da Silva Santos\nUtente: João\nMorada: Rua Augusta", ["Maria da Silva Santos", "João"]),
        # not a name field, a value in lower case, a line break right after the colon
        ("en", "Address: Baker Street\nName: to be confirmed\nPatient:\nJohn", []),
    ],
)
def test_name_field_rule(language, text, expected):
    out = run(text, language, rules=("name_field",))
    assert [t for t, label, _ in out] == expected and all(label == "PERSON" for _, label, _ in out)


def test_first_name_rule_and_org_suffix():
    assert run("Later Peter Miller joined Acme Widgets Ltd in town.", "en", rules=("first_name", "org_suffix")) == [
        ("Peter Miller", "PERSON", "rule:first_name"),
        ("Acme Widgets Ltd", "ORGANIZATION", "rule:org_suffix"),
    ]
    assert run("Er arbeitet bei der Siemens AG.", "de", rules=("org_suffix",)) == [("Siemens AG", "ORGANIZATION", "rule:org_suffix")]


def test_multiple_run_conjunction_rule():
    # Graliński et al. (2009), §5.3.2: "Kowalski i Nowak" - Nowak is a surname because Kowalski is one
    text = "The report names Kowalski and Nowak, and later Glowacki."
    kowalski = Entity(17, 25, "PERSON", "Kowalski", "stanza")
    assert run(text, "en", [kowalski], rules=("conjunction",)) == [
        ("Kowalski", "PERSON", "stanza"),
        ("Nowak", "PERSON", "rule:conjunction"),
    ]


def test_conjunction_rule_needs_a_capitalised_word_after_the_conjunction():
    text = "Os Estados e dos Municípios e Lisboa."
    estados = Entity(3, 10, "LOCATION", "Estados", "stanza")
    assert run(text, "pt", [estados], rules=("conjunction",)) == [("Estados", "LOCATION", "stanza")]
    text2 = "Visitou Lisboa e Porto."
    lisboa = Entity(8, 14, "LOCATION", "Lisboa", "stanza")
    assert run(text2, "pt", [lisboa], rules=("conjunction",)) == [
        ("Lisboa", "LOCATION", "stanza"), ("Porto", "LOCATION", "rule:conjunction")]


def test_enumeration_rule_marks_an_item_between_two_entities_of_one_label():
    text = "Ich danke den Berichterstattern von Wogau, Langen, Rapkay, Jonckheer sowie allen anderen."
    ents = [Entity(text.index(w), text.index(w) + len(w), "PERSON", w, "stanza") for w in ("Wogau", "Rapkay", "Jonckheer")]
    assert run(text, "de", ents, rules=("enumeration",)) == [
        ("Wogau", "PERSON", "stanza"), ("Langen", "PERSON", "rule:enumeration"),
        ("Rapkay", "PERSON", "stanza"), ("Jonckheer", "PERSON", "stanza")]
    # a conjunction closes the list (though "e" is also a name particle); up to three capitalised words make one item
    text2 = "Falaram Ana Lopes, Vila Nova e Rui Costa."
    ents2 = [Entity(text2.index(w), text2.index(w) + len(w), "PERSON", w, "stanza") for w in ("Ana Lopes", "Rui Costa")]
    assert ("Vila Nova", "PERSON", "rule:enumeration") in run(text2, "pt", ents2, rules=("enumeration",))
    # organizations and places are not spread along lists
    text3 = "Destina-se a Psicólogos, Pedagogos, Educadores, Assistentes Sociais e outros."
    ents3 = [Entity(text3.index(w), text3.index(w) + len(w), "ORGANIZATION", w, "stanza") for w in ("Pedagogos", "Assistentes Sociais")]
    assert all(src == "stanza" for _, _, src in run(text3, "pt", ents3, rules=("enumeration",)))


def _persons(text, *words):
    return [Entity(text.index(w), text.index(w) + len(w), "PERSON", w, "stanza") for w in words]


@pytest.mark.parametrize(
    "language,text,person,expected",
    [
        ("de", "Das erklärt van der Vaart heute.", "Vaart", "van der Vaart"),  # two particles
        ("en", "The coach ten Hag said so.", "Hag", "ten Hag"),  # one particle that is no common word
        ("es", "Lo firmó de la Fuente ayer.", "Fuente", "de la Fuente"),  # particle + article
        ("de", "Sie traf von der Leyen.", "Leyen", "von der Leyen"),
        ("de", "Ein Brief von Müller kam.", "Müller", "Müller"),  # "von" alone is a preposition
        ("es", "Es la casa de García.", "García", "García"),  # so is "de"
        ("pt", "Falou com o Silva.", "Silva", "Silva"),  # an article alone is no particle
        ("de", "Er sah den der Vaart.", "Vaart", "Vaart"),  # articles never open a particle run
        ("es", "El expediente de la Sra. de Palacio.", "Sra. de Palacio", "Sra. de Palacio"),  # not before a title
    ],
)
def test_name_particle_rule_extends_a_person_over_its_particles(language, text, person, expected):
    out = run(text, language, _persons(text, person), rules=("name_particles",))
    assert [(t, label) for t, label, _ in out] == [(expected, "PERSON")]


def test_name_particle_rule_joins_a_first_name_and_stays_on_its_line():
    text = "Gestern spielte Robin van Persie gut."
    assert run(text, "de", _persons(text, "Robin", "Persie"), rules=("name_particles",)) == [
        ("Robin van Persie", "PERSON", "rule:name_particles")]
    text2 = "Die Liste: van\nHag war da."
    assert run(text2, "de", _persons(text2, "Hag"), rules=("name_particles",)) == [("Hag", "PERSON", "stanza")]


def test_enumeration_rule_needs_the_same_label_on_both_sides():
    text = "He met Smith, Reuters, Jones and others."
    smith = Entity(7, 12, "PERSON", "Smith", "stanza")
    jones = Entity(23, 28, "LOCATION", "Jones", "stanza")
    assert run(text, "en", [smith, jones], rules=("enumeration",)) == [("Smith", "PERSON", "stanza"), ("Jones", "LOCATION", "stanza")]
    # one entity alone makes no enumeration: "Smith, Chairman, said" stays as it is
    text2 = "Smith, Chairman of the board, said so."
    assert run(text2, "en", [Entity(0, 5, "PERSON", "Smith", "stanza")], rules=("enumeration",)) == [("Smith", "PERSON", "stanza")]


def test_weekdays_and_months_do_not_extend_names():
    """CoNLL-2003 English dev: "Minister Jose Miguel Insulza Monday" and "on Thursday and NATO"."""
    text = "Albright meets Minister Jose Miguel Insulza Monday. Rebels fought police on Thursday and NATO troops."
    nato = Entity(text.index("NATO"), text.index("NATO") + 4, "ORGANIZATION", "NATO", "stanza")
    assert run(text, "en", [nato]) == [("Jose Miguel Insulza", "PERSON", "rule:title"), ("NATO", "ORGANIZATION", "stanza")]
    # a month may open a name after a title, not continue one, nor precede a conjunction
    text = "Mrs. June Carter came in May and Mr. Cash August left."
    cash = Entity(text.index("Cash"), text.index("Cash") + 4, "PERSON", "Cash", "stanza")
    assert run(text, "en", [cash]) == [("June Carter", "PERSON", "rule:title"), ("Cash", "PERSON", "stanza")]
    assert run("Am Montag traf Herr Weber Dienstag Frau Schulz.", "de") == [
        ("Weber", "PERSON", "rule:title"), ("Schulz", "PERSON", "rule:title")]


def test_rules_find_nothing_in_plain_text():
    assert run("The committee met on Tuesday and adjourned.", "en") == []


# ---------------------------------------------------------------------------------------------------------
# The O(n log n) merge and covered give exactly the output of the former quadratic ones (kept as reference)
# ---------------------------------------------------------------------------------------------------------

import random  # noqa: E402

from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

from tests.properties import examples  # noqa: E402

from app.detection.rules import RuleContext, _Blocks, _titles_outside, absorb, merge  # noqa: E402


def reference_merge(entities, proposals, relabel):
    """``merge`` as it was before it became O(n log n) (quadratic), verbatim, plus the later titles-outside case."""
    changed = False
    current = list(entities)
    for p in proposals:
        overlapping = [e for e in current if e.start < p.end and p.start < e.end]
        if not overlapping:
            current.append(p)
            changed = True
        elif relabel and len(overlapping) == 1:
            e = overlapping[0]
            if (e.start, e.end) == (p.start, p.end) and e.label != p.label:
                current[current.index(e)] = p
                changed = True
            elif p.start <= e.start and e.end <= p.end and (e.start, e.end) != (p.start, p.end) and e.label == p.label:
                current[current.index(e)] = p  # the rule sees more of the name: "Mr. John Doe" vs "Doe"
                changed = True
            elif _titles_outside(e, p) and not any(
                o is not e and o.start < e.end and e.start < o.end for o in current
            ):  # added with the rule: "Mr Uğur" gives way to "Uğur Çatak"; like every replacement of ``merge``,
                # only an entity that overlaps no other one (overlapping model entities are left as they are)
                current[current.index(e)] = p
                changed = True
    return sorted(current, key=lambda e: (e.start, e.end)), changed


def reference_covered(entities, start, end):
    """``RuleContext.covered`` as it was before (a scan of ``entities``), verbatim."""
    for e in entities:
        if e.start < end and start < e.end:
            return e
    return None


class _FormerContext(RuleContext):
    def covered(self, start, end):
        return reference_covered(self.entities, start, end)

    def overlapping(self, start, end):
        return [e for e in self.entities if e.start < end and start < e.end]


def reference_apply_rules(text, sentences, entities, rules, language, max_rounds=10):
    """``apply_rules`` with the former ``merge`` and ``covered``."""
    current = sorted(entities, key=lambda e: (e.start, e.end))
    for _ in range(max_rounds):
        any_change = False
        for rule in rules:
            proposals = rule.apply(_FormerContext(text, sentences, current, language))
            if rule.absorbs and proposals:
                current = absorb(current, proposals)
            current, changed = reference_merge(current, proposals, rule.relabel)
            any_change = any_change or changed
        if not any_change:
            break
    return current


MERGE_LABELS = ("PERSON", "LOCATION", "ORGANIZATION")


def _entity(start, end, label, source):
    return Entity(start, end, label, "x" * (end - start), source)


@st.composite
def spans(draw, limit=40):
    start = draw(st.integers(0, limit - 1))
    return start, draw(st.integers(start + 1, min(limit, start + draw(st.sampled_from((1, 3, 8, 40))))))


@st.composite
def merge_cases(draw):
    """Entities (overlapping, touching, duplicated, the same object twice) and proposals, many of them on the
    span of an entity or containing one, with the same or another label."""
    entities = [_entity(*draw(spans()), draw(st.sampled_from(MERGE_LABELS)), "stanza")
                for _ in range(draw(st.integers(0, 15)))]
    if entities and draw(st.booleans()):
        entities.append(draw(st.sampled_from(entities)))
    if entities and draw(st.booleans()):
        e = draw(st.sampled_from(entities))
        entities.append(Entity(e.start, e.end, e.label, e.text, e.source, e.score))  # an equal copy
    proposals = []
    for _ in range(draw(st.integers(0, 15))):
        kind = draw(st.integers(0, 2))
        if kind and entities:
            e = draw(st.sampled_from(entities))
            start, end = e.start, e.end
            if kind == 2:  # a larger span around it
                start, end = max(0, start - draw(st.integers(0, 3))), end + draw(st.integers(0, 3))
        else:
            start, end = draw(spans())
        proposals.append(_entity(start, end, draw(st.sampled_from(MERGE_LABELS)), "rule:x"))
    draw(st.randoms()).shuffle(entities)
    return entities, proposals, draw(st.booleans())


def _merge_outcome(fn, entities, proposals, relabel):
    ids = {id(e): ("entity", i) for i, e in enumerate(entities)}
    ids.update({id(p): ("proposal", i) for i, p in enumerate(proposals)})
    out, changed = fn(list(entities), list(proposals), relabel)
    return [(e.start, e.end, e.label, ids[id(e)]) for e in out], changed


@pytest.mark.slow
@settings(max_examples=examples(2000), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(merge_cases())
def test_merge_same_output_as_the_former_quadratic_implementation(case):
    entities, proposals, relabel = case
    assert _merge_outcome(merge, entities, proposals, relabel) == _merge_outcome(
        reference_merge, entities, proposals, relabel)


@pytest.mark.slow
@settings(max_examples=examples(1500), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(merge_cases(), st.lists(st.tuples(st.integers(-2, 45), st.integers(-2, 45)), max_size=20), st.booleans())
def test_covered_same_answer_as_the_former_scan(case, queries, in_order):
    entities = case[0]
    if in_order:  # as apply_rules gives them; otherwise any order (the scan is kept for that)
        entities = sorted(entities, key=lambda e: (e.start, e.end))
    ctx = RuleContext("", [], entities, "en")
    for start, end in queries:  # also empty and reversed spans
        assert ctx.covered(start, end) is reference_covered(entities, start, end), (start, end)


def test_covered_follows_a_new_entity_list():
    first, second = [_entity(0, 2, "PERSON", "x")], [_entity(5, 7, "LOCATION", "x")]
    ctx = RuleContext("", [], first, "en")
    assert ctx.covered(1, 2) is first[0]
    ctx.entities = second
    assert ctx.covered(1, 2) is None and ctx.covered(6, 8) is second[0]
    second.append(_entity(8, 9, "PERSON", "x"))  # appending changes the length: the index is rebuilt
    assert ctx.covered(8, 9) is second[1]


def test_blocks_keep_overlapping_input_entities_as_one_cluster():
    # white box: overlapping entities form a cluster (slot -1), touching ones stay apart
    entities = [_entity(4, 8, "PERSON", "x"), _entity(0, 2, "PERSON", "x"), _entity(6, 10, "PERSON", "x"),
                _entity(10, 12, "PERSON", "x")]
    blocks = _Blocks(entities)
    assert (blocks.starts, blocks.ends, blocks.slots) == ([0, 4, 10], [2, 10, 12], [1, -1, 3])
    assert blocks.overlapping(2, 4) == (1, 1) and blocks.overlapping(1, 11) == (0, 3)
    # a proposal on the span of a clustered entity neither replaces it nor is added, as before
    proposal = _entity(4, 8, "LOCATION", "rule:title")
    assert merge(entities, [proposal], True) == reference_merge(entities, [proposal], True)
    assert merge(entities, [proposal], True)[1] is False


RULE_PHRASES = [
    "Mr. John Doe", "Dr. Kowalski", "Mrs Anna Maria de Souza", "Sr. Pérez", "Dona Maria da Silva", "Mr. The",
    "Anna Nowak", "Peter de Souza", "John", "Maria", "Acme Widgets Ltd", "Nowak GmbH", "Acme & Doe Inc.", "S.A.",
    "Kowalski and Nowak", "Doe or Acme", "Lisbon e Paris", "and", "or", "&", "Doe", "Nowak", "Kowalski", "Éva",
    "O’Neil", "met", "the report", "In", "The", ",", ".", ";", "-", "de", "Lisbon", "Paris"]


@st.composite
def rule_documents(draw):
    """Sentences of titles, first names, capitalised words, legal forms, conjunctions and particles, and
    entities on one to three whole tokens (some overlapping)."""
    text = " ".join(draw(st.lists(st.sampled_from(RULE_PHRASES), min_size=1, max_size=20)))
    tokens = [t for s in split_sentences(text) for t in s.tokens]
    entities = []
    for _ in range(draw(st.integers(0, 10))):
        i = draw(st.integers(0, len(tokens) - 1))
        j = draw(st.integers(i, min(len(tokens) - 1, i + 2)))
        start, end = tokens[i].start, tokens[j].end
        entities.append(Entity(start, end, draw(st.sampled_from(MERGE_LABELS + ("DATE",))), text[start:end], "stanza"))
    names = draw(st.permutations(["title", "first_name", "org_suffix", "conjunction"]))
    language = draw(st.sampled_from(("en", "pt")))
    rules = default_rules(language, tuple(names[: draw(st.integers(1, 4))]))
    # entities on what a rule proposes, or on its last token, with any label: relabelled or extended by the rule
    proposals = [p for r in rules for p in r.apply(RuleContext(text, split_sentences(text), [], language))]
    for p in draw(st.lists(st.sampled_from(proposals), max_size=4)) if proposals else []:
        start, end = p.start, p.end
        if draw(st.booleans()):
            start = max(t.start for t in tokens if t.start < end)
        entities.insert(draw(st.integers(0, len(entities))), Entity(
            start, end, draw(st.sampled_from(MERGE_LABELS + ("DATE",))), text[start:end], "stanza"))
    if draw(st.integers(0, 3)):  # usually non-overlapping, as voting gives them
        kept = []
        for e in entities:
            if not any(e.overlaps(k) for k in kept):
                kept.append(e)
        entities = kept
    return text, entities, rules, language


@pytest.mark.slow
@settings(max_examples=examples(600), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rule_documents())
def test_apply_rules_same_output_as_with_the_former_merge_and_covered(document):
    text, entities, rules, language = document
    sentences = split_sentences(text)
    ids = {id(e): i for i, e in enumerate(entities)}

    def outcome(out):
        return [(e.start, e.end, e.label, e.text, e.source, ids.get(id(e))) for e in out]

    assert outcome(apply_rules(text, sentences, list(entities), rules, language)) == outcome(
        reference_apply_rules(text, sentences, list(entities), rules, language))


def test_thousands_of_proposals_match_the_reference():
    rng = random.Random(20261121)
    entities = [_entity(s, s + rng.choice((1, 3, 9)), rng.choice(MERGE_LABELS), "stanza")
                for s in (rng.randrange(20000) for _ in range(3000))]
    proposals = []
    for _ in range(3000):
        if rng.random() < 0.5:
            e = rng.choice(entities)
            proposals.append(_entity(max(0, e.start - rng.choice((0, 0, 2))), e.end + rng.choice((0, 1)),
                                     rng.choice(MERGE_LABELS), "rule:x"))
        else:
            s = rng.randrange(20000)
            proposals.append(_entity(s, s + rng.choice((1, 4, 12)), rng.choice(MERGE_LABELS), "rule:x"))
    for relabel in (False, True):
        assert _merge_outcome(merge, entities, proposals, relabel) == _merge_outcome(
            reference_merge, entities, proposals, relabel)


def test_titles_and_articles_are_not_names():
    """GermEval dev: "Sehr geehrter Herr Bürgermeister" and "Herr der Lage" are not persons."""
    assert run("Sehr geehrter Herr Bürgermeister, vielen Dank. Er ist nicht Herr der Lage.", "de") == []
    assert run("Dann sprach Frau Ministerin Schulz mit Herrn von Weizsäcker.", "de") == [
        ("Schulz", "PERSON", "rule:title"), ("von Weizsäcker", "PERSON", "rule:title")]


def test_org_keyword_rule_takes_a_person_right_before_the_head():
    text = "Graliński works at Adam Mickiewicz University in Poznań."
    out = run(text, "en", _persons(text, "Adam Mickiewicz"), rules=("org_keyword",))
    assert out == [("Adam Mickiewicz University", "ORGANIZATION", "rule:org_keyword")]
    # not across punctuation, nor with a word between
    for text2 in ("We thanked Adam Mickiewicz. University staff agreed.", "We met Adam Mickiewicz, University head."):
        assert run(text2, "en", _persons(text2, "Adam Mickiewicz"), rules=("org_keyword",)) == [
            ("Adam Mickiewicz", "PERSON", "stanza")]



@pytest.mark.parametrize(
    "language,text,entities,expected",
    [
        # a party at the sentence start, in a hyphenated surname; the model's location stays as it is
        ("en", "Smith-Jones v. United Kingdom was decided in 1999.", [("United Kingdom", "LOCATION")],
         [("Smith-Jones", "PERSON", "rule:case_name"), ("United Kingdom", "LOCATION", "stanza")]),
        # the citation opener is no party's name; both parties found, a state as a location; "v" without a period
        ("en", "See Kudła v Poland and Doe vs. Roe.", [],
         [("Kudła", "PERSON", "rule:case_name"), ("Poland", "LOCATION", "rule:case_name"),
          ("Doe", "PERSON", "rule:case_name"), ("Roe", "PERSON", "rule:case_name")]),
        # a heading in capitals: "CASE OF" and the article are left out, the state known in capitals too; an
        # acronym is an organization
        ("en", "CASE OF SMITH v. THE UNITED KINGDOM\nGoogle Spain v. AEPD", [("Google Spain", "ORGANIZATION")],
         [("SMITH", "PERSON", "rule:case_name"), ("UNITED KINGDOM", "LOCATION", "rule:case_name"),
          ("Google Spain", "ORGANIZATION", "stanza"), ("AEPD", "ORGANIZATION", "rule:case_name")]),
        # a place inside a party's name: an organization
        ("en", "Google Spain v. Costeja was decided in 2014.", [("Spain", "LOCATION")],
         [("Google Spain", "ORGANIZATION", "rule:case_name"), ("Costeja", "PERSON", "rule:case_name")]),
        # "R v Smith": the Crown is no party, the defendant is
        ("en", "In R v Smith the House of Lords held so.", [], [("Smith", "PERSON", "rule:case_name")]),
        # German "./." (one token), the opener "Urteil" left out
        ("de", "Urteil Meier ./. Schulze vom 3. März.", [],
         [("Meier", "PERSON", "rule:case_name"), ("Schulze", "PERSON", "rule:case_name")]),
        ("es", "Véase el asunto Kudła c. Polonia.", [],
         [("Kudła", "PERSON", "rule:case_name"), ("Polonia", "LOCATION", "rule:case_name")]),
        # a German decision citing the European Court: two applicants joined by "and", the state in English; an
        # entity inside a party is taken in with its label; "gegen" after "Sache"; the common noun before a party
        ("de", "EGMR, Demir and Baykara v. Turkey; im Verfahren Enerji Yapi-Yol Sen v. Türkei; in der Sache Herrmann "
               "gegen Deutschland; in den Beschwerdeverfahren Karaçay v. Türkei.",
         [("Enerji Yapi-Yol", "ORGANIZATION"), ("Türkei", "LOCATION"), ("Deutschland", "LOCATION")],
         [("Demir", "PERSON", "rule:case_name"), ("Baykara", "PERSON", "rule:case_name"),
          ("Turkey", "LOCATION", "rule:case_name"), ("Enerji Yapi-Yol Sen", "ORGANIZATION", "rule:case_name"),
          ("Türkei", "LOCATION", "stanza"), ("Herrmann", "PERSON", "rule:case_name"),
          ("Deutschland", "LOCATION", "stanza"), ("Karaçay", "PERSON", "rule:case_name"),
          ("Türkei", "LOCATION", "rule:case_name")]),
        # "contra" joins parties only after an opener ("asunto"), not in "la demanda contra Pérez"
        ("es", "Remite al asunto Kudła contra Polonia y a la demanda contra Pérez.", [],
         [("Kudła", "PERSON", "rule:case_name"), ("Polonia", "LOCATION", "rule:case_name")]),
        ("pt", "No caso Silva vs. Souza o tribunal decidiu.", [],
         [("Silva", "PERSON", "rule:case_name"), ("Souza", "PERSON", "rule:case_name")]),
    ],
)
def test_case_name_rule_marks_the_parties_of_a_case_citation(language, text, entities, expected):
    ents = [Entity(text.index(w), text.index(w) + len(w), label, w, "stanza") for w, label in entities]
    assert run(text, language, ents, rules=("case_name",)) == expected


@pytest.mark.parametrize(
    "language,text",
    [
        ("en", "Vitamin v. is not a citation; v. Smith neither; nor Smith v.\nJones across a line."),
        ("de", "Die Klage gegen Meier ./ Schulze und Meier . / . Schulze sind keine Zitate."),  # no "./." token
        ("en", "The score was 3 v 2 and the vote yes vs no."),
        ("de", "Die Demonstration gegen Rassismus und der Beschluss v. Juni 2020."),  # "gegen" needs an opener
    ],
)
def test_case_name_rule_needs_capitalised_words_on_both_sides_of_a_whole_marker(language, text):
    assert run(text, language, rules=("case_name",)) == []


def test_a_title_rule_person_with_particles_replaces_the_model_label_of_its_surname():
    """GermEval dev: "Dr. von Brücke", the model's location "Brücke"; the honorific makes "von Brücke" a person. After
    an office ("Governador do Distrito Federal") the particle is a preposition and the place stays; a larger proposal
    with more than particles around the entity leaves it alone too."""
    text = "Den Wettbewerb förderte Dr. von Brücke damals."
    bruecke = Entity(text.index("Brücke"), text.index("Brücke") + 6, "LOCATION", "Brücke", "stanza")
    assert run(text, "de", [bruecke], rules=("title",)) == [("von Brücke", "PERSON", "rule:title")]
    text2 = "Gestern kam Herr Hans Berlin an."
    berlin = Entity(text2.index("Berlin"), text2.index("Berlin") + 6, "LOCATION", "Berlin", "stanza")
    assert run(text2, "de", [berlin], rules=("title",)) == [("Berlin", "LOCATION", "stanza")]
    text3 = "Compete ao Governador do Distrito Federal a iniciativa."
    df = Entity(text3.index("Distrito"), text3.index("Distrito") + 16, "LOCATION", "Distrito Federal", "stanza")
    assert run(text3, "pt", [df], rules=("title",)) == [("Distrito Federal", "LOCATION", "stanza")]


def test_the_german_versus_marker_is_one_token_that_ends_no_sentence():
    text = "Urteil Meier ./. Schulze GmbH."
    assert [t.text for t in split_sentences(text)[0].tokens] == ["Urteil", "Meier", "./.", "Schulze", "GmbH", "."]


def test_rule_context_overlapping_equals_a_scan():
    rng = random.Random(7)
    for _ in range(300):
        spans = sorted((a, a + rng.randint(1, 30)) for a in (rng.randint(0, 200) for _ in range(rng.randint(0, 12))))
        ents = [_entity(a, b, "PERSON", "stanza") for a, b in spans]
        if rng.random() < 0.2:
            rng.shuffle(ents)  # unsorted: the scan path
        ctx = RuleContext("x" * 250, [], ents, "en")
        for _ in range(10):
            a = rng.randint(0, 240)
            b = a + rng.randint(1, 20)
            assert ctx.overlapping(a, b) == [e for e in ents if e.start < b and a < e.end]


@pytest.mark.parametrize(
    "text,entities,expected",
    [
        # before: "Grüneberg" and "Wagner" stayed in clear (stop 41)
        ("Vgl. Palandt/Grüneberg, BGB, 82. Aufl., § 823 Rn. 5.", [],
         [("Palandt", "PERSON"), ("Grüneberg", "PERSON")]),
        # an abbreviated title is no one; the editor before "§"; three names of one commentary
        ("MüKoBGB/Wagner § 823 Rn. 12; Baumbach/Lauterbach/Hartmann, ZPO, § 1.", [],
         [("Wagner", "PERSON"), ("Baumbach", "PERSON"), ("Lauterbach", "PERSON"), ("Hartmann", "PERSON")]),
        # a word an entity covers keeps its entity
        ("So Schönke/Schröder, StGB, § 242.", [("Schönke", "PERSON")],
         [("Schönke", "PERSON"), ("Schröder", "PERSON")]),
        # places of publication, a truncated compound, a slash with spaces, no statute after the comma: nothing
        ("Verlag München/Berlin, 2020; Ein-/Ausgang; Müller / Wagner, BGB; Kläger/Beklagter, die Partei.", [], []),
    ],
)
def test_citation_editor_rule_marks_the_editors_of_a_cited_commentary(text, entities, expected):
    ents = [Entity(text.index(w), text.index(w) + len(w), label, w, "stanza") for w, label in entities]
    assert [(t, label) for t, label, _ in run(text, "de", ents, rules=("citation_editor",))] == expected


def test_the_german_detector_masks_a_commentary_editor_made_of_common_words():
    from app.detection.pipeline import build_detector
    from tests.unit.fakes import GazetteerTagger

    detector = build_detector("de", tagger_factory=lambda *_: GazetteerTagger({}))
    text = "Vgl. Palandt/Grüneberg, BGB, 82. Aufl., § 823 Rn. 5."
    assert [(e.text, e.label) for e in detector.detect(text)] == [("Palandt", "PERSON"), ("Grüneberg", "PERSON")]


def test_without_greeting_in_a_language_without_greetings():
    from app.detection.rules import without_greeting

    entity = Entity(0, 8, "PERSON", "Hi Jonas", "stanza")
    assert without_greeting(entity, "xx") is entity


def _former_cut(entities, proposals, text):
    """:func:`app.detection.rules.cut` before stop 43 (every entity against every proposal)."""
    from app.detection.rules import _without_edge_particles
    from app.detection.voting import _strip, name_like

    current = list(entities)
    for p in proposals:
        nxt = []
        for e in current:
            if not (e.start < p.end and p.start < e.end) or (p.start <= e.start and e.end <= p.end):
                nxt.append(e)
                continue
            for a, b in ((e.start, p.start), (p.end, e.end)):
                a, b = _without_edge_particles(text, *_strip(text, a, b)) if b > a else (a, a)
                if b > a and name_like(text[a:b]):
                    nxt.append(Entity(a, b, e.label, text[a:b], e.source, e.score))
        current = nxt
    return current


def _former_absorb(entities, proposals):
    current = list(entities)
    for p in proposals:
        inside = [e for e in current if p.start <= e.start and e.end <= p.end]
        crossing = [e for e in current if e.start < p.end and p.start < e.end and e not in inside]
        if inside and not crossing and not any(e.label == p.label and (e.start, e.end) == (p.start, p.end)
                                               for e in inside):
            current = [e for e in current if e not in inside]
    return current


_WORDS_FOR_CUT = ["Hospital", "de", "Santa", "Maria", "do", "Ana", "Rio", "la", "X1", ",", "Cardiologia"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_WORDS_FOR_CUT), min_size=1, max_size=25), st.data())
def test_cut_and_absorb_by_bisection_are_the_former_loops(words, data):
    """The bisection of :func:`cut` and :func:`absorb` (stop 43, linear on a page of "Hospital Hospital …") gives
    exactly what the former every-entity-against-every-proposal loops gave, for entities sorted and disjoint (the
    fast path) and for any others (the fallback)."""
    from app.detection.rules import absorb, cut

    text = " ".join(words)
    bounds = sorted({0, len(text), *(i for i, c in enumerate(text) if c == " "), *(i + 1 for i, c in enumerate(text)
                                                                                     if c == " ")})
    span = st.tuples(st.sampled_from(bounds), st.sampled_from(bounds)).filter(lambda ab: ab[0] < ab[1])

    def entity(ab, label):
        return Entity(ab[0], ab[1], label, text[ab[0]:ab[1]], "t")

    raw = data.draw(st.lists(span, max_size=8))
    entities, last = [], -1
    for a, b in sorted(raw):
        if a >= last:  # sorted and disjoint, as apply_rules keeps them
            entities.append(entity((a, b), "PERSON"))
            last = b
    proposals = [entity(ab, data.draw(st.sampled_from(["PERSON", "ORGANIZATION"])))
                 for ab in data.draw(st.lists(span, max_size=6))]
    assert cut(entities, proposals, text) == _former_cut(entities, proposals, text)
    assert absorb(entities, proposals) == _former_absorb(entities, proposals)
    overlapping = [entity(ab, "LOCATION") for ab in raw]  # any order, overlaps allowed: the fallback
    assert cut(overlapping, proposals, text) == _former_cut(overlapping, proposals, text)
    assert absorb(overlapping, proposals) == _former_absorb(overlapping, proposals)


def test_a_persons_entity_loses_the_party_role_it_starts_with():
    """"Plaintiff Jamal D'Angelo-Whitfield" (a US complaint, stop 43): the model took the role into the name and the
    placeholder swallowed which party the person is."""
    from app.detection.rules import without_party_role

    def entity(text, label="PERSON"):
        return Entity(10, 10 + len(text), label, text, "stanza")

    assert without_party_role(entity("Plaintiff Jamal D'Angelo-Whitfield"), "en") == Entity(
        20, 44, "PERSON", "Jamal D'Angelo-Whitfield", "stanza")
    assert without_party_role(entity("Klägerin Frau Weber"), "de").text == "Frau Weber"
    assert without_party_role(entity("Testigo"), "es") is None
    assert without_party_role(entity("Defendant Acme Corp", "ORGANIZATION"), "en").text == "Defendant Acme Corp"
    assert without_party_role(entity("Anna Witness"), "en").text == "Anna Witness"
    assert without_party_role(None, "en") is None


def test_an_honorific_in_capitals_before_a_name_in_capitals():
    """Stop 44, a bank statement: "MR T J OKONJO" with the model's MISC "J OKONJO" running on into the next line
    ("J OKONJO\\nSort") left "T" and, further down, "OKONJO" of "SO CHIDI OKONJO" in clear. Entities are cut at line
    breaks before the rules read them, "MR" in capitals opens a name in capitals, and the title rule's person replaces
    the model's MISC tail; "DR CONGO" is no person."""
    from app.detection.pipeline import build_detector
    from tests.unit.fakes import GazetteerTagger

    tagger = GazetteerTagger({"J OKONJO Sort": "MISC", "CONGO": "LOC"})
    detector = build_detector("en", tagger_factory=lambda *_: tagger)
    text = "Account holder: MR T J OKONJO\nSort code: 30-96-26\nSO CHIDI OKONJO POCKET MONEY\nDR CONGO WIN"
    assert [(e.text, e.label) for e in detector.detect(text)] == [
        ("T J OKONJO", "PERSON"), ("Sort", "MISC"), ("30-96-26", "ID_NUMBER"), ("OKONJO", "PERSON"),
        ("CONGO", "LOCATION")]


@pytest.mark.parametrize(
    "language,text,entities,expected",
    [
        # stop 46: the street masked, its number in clear
        ("en", "Policyholder: Gareth Llewellyn, 12 Heol y Bryn, Pontypridd CF37 2RA",
         [("Gareth Llewellyn", "PERSON"), ("Heol y Bryn", "ORGANIZATION"), ("Pontypridd", "ORGANIZATION"),
          ("CF37 2RA", "POSTAL_CODE")], ("12 Heol y Bryn", "LOCATION")),
        ("en", "A. Flat 9, Sycamore Court, 41 Peckham Rye, London SE22 9QA.",
         [("Peckham Rye", "PERSON"), ("London", "LOCATION"), ("SE22 9QA", "POSTAL_CODE")],
         ("41 Peckham Rye", "LOCATION")),
        ("es", "Gestoría Roig · Gran Vía 45, 2º, 48011 Bilbao · 944 12 34 56",
         [("Gran Vía", "MISC"), ("48011", "POSTAL_CODE"), ("Bilbao", "LOCATION")], ("Gran Vía 45", "LOCATION")),
    ],
)
def test_house_number_rule_joins_a_number_to_a_street_named_without_a_type(language, text, entities, expected):
    ents = [Entity(text.index(w), text.index(w) + len(w), label, w, "stanza") for w, label in entities]
    found = [(t, label) for t, label, _ in run(text, language, ents, rules=("house_number",))]
    assert expected in found
    street = next(w for w, label in entities if w in expected[0] and label != "POSTAL_CODE")
    assert street not in [t for t, _ in found]  # absorbed by the address


@pytest.mark.parametrize(
    "language,text,entities",
    [
        # no postal code on the line or the next: a score, a list, a date
        ("en", "Leeds beat 3 Chelsea, then 2 Arsenal.", [("Chelsea", "ORGANIZATION"), ("Arsenal", "ORGANIZATION")]),
        # a postal code too far away, or two lines below
        ("en", "He met 3 Smith, who later moved.\nNothing.\nLondon SE22 9QA",
         [("Smith", "PERSON"), ("London", "LOCATION"), ("SE22 9QA", "POSTAL_CODE")]),
        # the number not before a comma or the line's end (Spanish order: after the name)
        ("es", "la Gran Vía 45 veces, 48011 Bilbao", [("Gran Vía", "MISC"), ("48011", "POSTAL_CODE")]),
        # a price with a decimal comma in a stock table (CoNLL-2002: "Jazztel 28,00 - 6,00 120900 Spain Fund 12,06",
        # a volume read as a postal code)
        ("es", "Jazztel 28,00 - 6,00 120900 Spain Fund 12,06 + 0,06 24100 Sao Paulo",
         [("Jazztel", "ORGANIZATION"), ("Spain Fund", "ORGANIZATION"), ("24100", "POSTAL_CODE")]),
    ],
)
def test_house_number_rule_needs_an_address_line(language, text, entities):
    ents = [Entity(text.index(w), text.index(w) + len(w), label, w, "stanza") for w, label in entities]
    found = run(text, language, ents, rules=("house_number",))
    assert all(source != "rule:house_number" for _, _, source in found)


@pytest.mark.parametrize(
    "language,text,entities,expected",
    [
        # stop 48: a bill of sale's "Halle (Saale)" (a town named by a common noun, the model's "Saale" only)
        ("de", "Käufer: Svetlana Ivanova-Krüger, Am Mühlgraben 12, 06108 Halle (Saale), geb. 12.08.1979",
         [("Am Mühlgraben 12", "LOCATION"), ("06108", "POSTAL_CODE"), ("Saale", "LOCATION")],
         [("Halle (Saale)", "LOCATION", "rule:postal_town")]),
        ("de", "wohnhaft in 06108 Halle; 79098 Freiburg i. Br.\n60311 Frankfurt am Main, Tel.",
         [("06108", "POSTAL_CODE"), ("79098", "POSTAL_CODE"), ("60311", "POSTAL_CODE")],
         [("Halle", "LOCATION", "rule:postal_town"), ("Freiburg i. Br.", "LOCATION", "rule:postal_town"),
          ("Frankfurt am Main", "LOCATION", "rule:postal_town")]),
        ("pt", "Rua D. Pedro V, n.º 88, 4710-374 Vila Nova de Gaia.", [("4710-374", "POSTAL_CODE")],
         [("Vila Nova de Gaia", "LOCATION", "rule:postal_town")]),
        # a letterhead's next field after the town ("Tel.:", "E-mail:") is no part of it
        ("es", "Hermanos Falcó, s/n - 02006 Albacete Tel.: 967 597 100", [("02006", "POSTAL_CODE")],
         [("Albacete", "LOCATION", "rule:postal_town")]),
        # a town the model found stays as it is; a number before a noun of the sentence is no address line; English
        # writes the town before the code
        ("de", "Lindenallee 7a, 04177 Leipzig", [("04177", "POSTAL_CODE"), ("Leipzig", "LOCATION")], []),
        ("de", "Die Stadt hat 12345 Einwohner.", [("12345", "POSTAL_CODE")], []),
        ("en", "Tampa, FL 33609 Hotel", [("33609", "POSTAL_CODE")], []),
        # stop 49: a street without a type after the town, with its house number ("Domkloster 4" of a letter: the
        # model's "Domkloster" left the number in clear); not a sentence's words and a number that go on
        ("de", "wohnhaft in 50667 Köln, Domkloster 4, ist erreichbar", [("50667", "POSTAL_CODE"), ("Köln", "LOCATION"),
                                                                       ("Domkloster", "LOCATION")],
         [("Domkloster 4", "LOCATION", "rule:postal_town")]),
        ("de", "Anschrift: 50667 Köln, Seit 2019 Mitglied", [("50667", "POSTAL_CODE"), ("Köln", "LOCATION")], []),
    ],
)
def test_postal_town_rule_takes_the_town_after_a_postal_code(language, text, entities, expected):
    ents = [Entity(text.index(w), text.index(w) + len(w), label, w, "stanza") for w, label in entities]
    found = run(text, language, ents, rules=("postal_town",))
    assert [f for f in found if f[2] == "rule:postal_town"] == expected
    if expected and "Saale" in text:
        assert ("Saale", "LOCATION", "stanza") not in found  # absorbed by the town


def test_a_name_fields_value_takes_in_the_models_pieces_stop_48():
    """An electricity bill's "Titular del contrato: MARÍA DEL CARMEN OLIVARES PAZ": the model's "MARÍA DEL CARMEN" and
    "PAZ" left "OLIVARES" in clear; the field's value is one person and takes them in."""
    text = "Titular del contrato: MARÍA DEL CARMEN OLIVARES PAZ   NIF: 1"
    ents = [Entity(22, 38, "PERSON", "MARÍA DEL CARMEN", "stanza"), Entity(48, 51, "LOCATION", "PAZ", "stanza")]
    assert run(text, "es", ents, rules=("name_field",)) == [
        ("MARÍA DEL CARMEN OLIVARES PAZ", "PERSON", "rule:name_field")]


def test_a_name_fields_value_stops_at_a_forms_next_column():
    """Stop 48, a laboratory's report: "Paciente: Maria das Graças Albuquerque Silva   Idade: 58 anos" made "Silva
    Idade" one person; three spaces or a tab end the value (before the first word they are the field's spacing)."""
    text = "Paciente: Maria das Graças Albuquerque Silva   Idade: 58 anos\nNome:\tJoão Lobo\tCPF: 1"
    assert [t for t, _, _ in run(text, "pt", rules=("name_field",))] == [
        "Maria das Graças Albuquerque Silva", "João Lobo"]


@pytest.mark.parametrize(
    "language,text,expected",
    [
        # stop 46: an authority's letter signed by surname after "Im Auftrag" (the model missed it)
        ("de", "Mit freundlichen Grüßen\nIm Auftrag\nSchwarzkopf", [("Schwarzkopf", "PERSON")]),
        ("de", "i. A. Sabine Kröger\nPersonalabteilung", [("Sabine Kröger", "PERSON")]),
        ("de", "gez. Dr. Weber", [("Weber", "PERSON")]),
        ("de", "Im Auftrag Schwarzkopf", [("Schwarzkopf", "PERSON")]),
        ("es", "Fdo.: Juan Pérez Gil", [("Juan Pérez Gil", "PERSON")]),
        ("en", "Yours faithfully\npp J. Smith", [("J. Smith", "PERSON")]),
        # titles, function words and job titles alone are no one; a marker inside a line is none
        ("de", "Im Auftrag\nDer Oberbürgermeister", []),
        ("de", "Im Auftrag\nSachbearbeiterin", []),
        ("de", "Wir handeln im Auftrag Ihrer Bank.", []),
        ("es", "PP GANA\nEN MADRID", []),
    ],
)
def test_signature_rule_marks_the_name_signed_after_a_marker(language, text, expected):
    assert [(t, label) for t, label, _ in run(text, language, (), rules=("signature",))] == expected


@pytest.mark.parametrize(
    "language,text,entities,expected",
    [
        # stop 46: a register of residents ("WILFREDO", "THIAGO" stayed in clear: the model took the surnames for an
        # organization), a first name of another language, an English list's "SMITH, John"
        ("es", "1. ANDRADE QUISPE, WILFREDO            NIE Y2345678-Z", [("ANDRADE QUISPE", "ORGANIZATION")],
         [("ANDRADE QUISPE, WILFREDO", "PERSON")]),
        ("es", "3. ANDRADE MAMANI, THIAGO   Fecha nac.", [("ANDRADE MAMANI", "MISC")],
         [("ANDRADE MAMANI, THIAGO", "PERSON")]),
        ("en", "Attendees: SMITH, John Paul; JONES, Mary", [("SMITH", "PERSON"), ("JONES", "PERSON")],
         [("SMITH, John Paul", "PERSON"), ("JONES, Mary", "PERSON")]),
        # not a cased entity, not a common word after the comma, not across a line
        ("en", "Germany, Jürgen said; LONDON, Monday; PARIS,\nMary", [("Germany", "LOCATION"), ("LONDON", "LOCATION"),
                                                                     ("PARIS", "LOCATION")],
         [("Germany", "LOCATION"), ("LONDON", "LOCATION"), ("PARIS", "LOCATION")]),
    ],
)
def test_inverted_name_rule_joins_surnames_in_capitals_and_first_names(language, text, entities, expected):
    ents = [Entity(text.index(w), text.index(w) + len(w), label, w, "stanza") for w, label in entities]
    assert [(t, label) for t, label, _ in run(text, language, ents, rules=("inverted_name",))] == expected


@pytest.mark.parametrize("language,text,expected", [
    # a sick note writes the surname first; the given name came out as a place (stop 49)
    ("de", "Name: Wróblewski, Dariusz   geb. am 07.03.1979", ["Wróblewski, Dariusz"]),
    ("en", "Patient: Smith, John Paul\nName: Jones, London office, 2nd floor", ["Smith, John Paul", "Jones"]),
])
def test_name_field_takes_the_given_names_after_the_surname_and_a_comma(language, text, expected):
    out = run(text, language, rules=("name_field",))
    assert [t for t, label, _ in out] == expected and all(label == "PERSON" for _, label, _ in out)


@pytest.mark.parametrize("language,text,expected", [
    # a school's incident report, a GP's letterhead, a care home: the capitalised words before the tail (stop 49)
    ("en", "Incident report - Greenfield Primary School\nHer son attends St Mary's Catholic Primary School in Leeds; "
           "The Primary School closed. Oakwood Care Home, Ferncliffe Health Centre.",
     ["Greenfield Primary School", "St Mary's Catholic Primary School", "Oakwood Care Home",
      "Ferncliffe Health Centre"]),
    # schools, nurseries and care homes after their heads in German, Spanish and Portuguese
    ("de", "Mia geht in die Kita Sonnenschein, ihr Bruder auf die Grundschule am Stadtpark; die Kita schließt.",
     ["Kita Sonnenschein", "Grundschule am Stadtpark"]),
    ("es", "Estudia en el Colegio San José de Calasanz y vive en la Residencia de Mayores Los Olmos.",
     ["Colegio San José de Calasanz", "Residencia de Mayores Los Olmos"]),
    ("pt", "Estuda na Escola Básica de Telheiras e a avó mora no Lar São José.",
     ["Escola Básica de Telheiras", "Lar São José"]),
])
def test_institution_rule_takes_schools_nurseries_and_care_homes(language, text, expected):
    out = run(text, language, rules=("institution",))
    assert [t for t, label, _ in out] == expected and all(label == "ORGANIZATION" for _, label, _ in out)



def test_the_detector_cuts_a_field_name_the_model_took_in_before_the_name_stop_49():
    """A registration form's "Familienname: Kowalczyk-Lindner" came out as one MISC; the field's name and colon are no
    part of the name, which the name field's rule then takes as a person."""
    from app.detection.pipeline import build_detector
    from tests.unit.fakes import GazetteerTagger

    text = "Familienname: Kowalczyk-Lindner   Geburtsname: Lindner\nDie Sache: Kein Name hier"
    tagger = GazetteerTagger({"Familienname : Kowalczyk-Lindner": "MISC"})
    detector = build_detector("de", tagger_factory=lambda *_: tagger)
    found = [(e.text, e.label) for e in detector.detect(text)]
    assert ("Kowalczyk-Lindner", "PERSON") in found and not any("Familienname" in t for t, _ in found)


@pytest.mark.parametrize("language,text,expected", [
    # stop 50: a hotel's "Vorname(n):" with the name in a second script, a cardholder, a co-holder, an applicant
    ("de", "Vorname(n):   ELEFTHERIA / ΕΛΕΥΘΕΡΙΑ\nNachname: Papadaki", ["ELEFTHERIA / ΕΛΕΥΘΕΡΙΑ", "Papadaki"]),
    ("en", "Cardholder: S NI MHAOLDOMHNAIGH\nName(s): Ann Lee / \nAccount name: O Adeyemi-Clarke",
     ["S NI MHAOLDOMHNAIGH", "Ann Lee", "O Adeyemi-Clarke"]),
    ("es", "Cotitular: LUCÍA FERNÁNDEZ OLMEDO             NIF 71920463S\nInteresado: Youssef EL AMRANI BENALI",
     ["LUCÍA FERNÁNDEZ OLMEDO", "Youssef EL AMRANI BENALI"]),
])
def test_name_fields_of_stop_50(language, text, expected):
    out = run(text, language, rules=("name_field",))
    assert [t for t, label, _ in out] == expected and all(label == "PERSON" for _, label, _ in out)


@pytest.mark.parametrize("language,text,person,expected", [
    # stop 50: a school's enrolment form left the pupil's nickname in clear
    ("pt", 'Nome: Davi Lucas de Oliveira ("Davizinho")\nData', "Davi Lucas de Oliveira", ["Davizinho"]),
    ("en", "Mary Jones (“Molly”) came; John Smith, known as Big John, said", "Mary Jones", ["Molly"]),
    ("en", "John Smith, known as Big John, said", "John Smith", ["Big John"]),
    ("es", "Luis Pérez, alias «el Flaco», declaró", "Luis Pérez", ["el Flaco"]),
    ("de", 'Peter Maier genannt "Pit" kam', "Peter Maier", ["Pit"]),
    # more words after the quoted nickname in parentheses, a short nickname after a comma (a case note)
    ("pt", 'O Thiago ("Thiagão" para a equipe) sempre', "Thiago", ["Thiagão"]),
    ("pt", 'companheiro Reginaldo Pereira, "Nado" (41 a.)', "Reginaldo Pereira", ["Nado"]),
    # no nickname: a word in parentheses without quotation marks or a word that introduces it, a quotation after a
    # comma, quoted words without a capital
    ("en", "John Smith (Bobby) said", "John Smith", []),
    ("en", 'John Smith, "Hello," he said', "John Smith", []),
    ("en", 'John Smith, "Hello there," he said', "John Smith", []),
    ("en", "John Smith (the owner) said", "John Smith", []),
    ("en", 'John Smith "said" so', "John Smith", []),
])
def test_nickname_rule(language, text, person, expected):
    ents = [Entity(text.index(person), text.index(person) + len(person), "PERSON", person, "stanza")]
    out = run(text, language, ents, rules=("nickname",))
    assert [t for t, label, source in out if source == "rule:nickname"] == expected
    assert all(label == "PERSON" for _, label, _ in out)


@pytest.mark.parametrize("language,text,expected", [
    # stop 50: a forwarded e-mail signed "Gruß J. Pfannenstiel" left the colleague in clear
    ("de", "Hallo,\nanbei die Unterlagen.\nGruß J. Pfannenstiel", ["J. Pfannenstiel"]),
    ("en", "Thanks, Anna\n\nCheers, Tom Baker.\nRegards Customer Service\nBest\nThanks Team", ["Anna", "Tom Baker"]),
    ("es", "Saludos, Pilar\nUn saludo", ["Pilar"]),
    # a name must be an initial's or begin with a known first name: "Equipe Suporte" is none
    ("pt", "Atenciosamente, Equipe Suporte", []),
])
def test_a_name_after_a_closing_on_its_line(language, text, expected):
    out = run(text, language, rules=("signature",))
    assert [t for t, label, _ in out] == expected and all(label == "PERSON" for _, label, _ in out)
