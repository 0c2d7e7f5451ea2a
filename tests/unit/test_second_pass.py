from app.detection.second_pass import all_occurrences, headwords, is_function_word, label_consistency, short_forms, spreads
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


def test_a_persons_name_is_marked_in_capitals_too():
    """Stop 44: "Your ref: TM/ADEYEMI/2026" kept the client's surname in clear; a short name ("LI") and other labels
    ("LEEDS") in capitals stay as they were."""
    text = "Dear Mr Adeyemi, Ms Li and Leeds. Ref TM/ADEYEMI/2026, MS LI, LEEDS."
    out = all_occurrences(text, [E(text, "Adeyemi", "PERSON"), E(text, "Li", "PERSON"), E(text, "Leeds", "LOCATION")])
    assert [(e.text, e.label, e.source) for e in out] == [
        ("Adeyemi", "PERSON", "stanza"), ("Li", "PERSON", "stanza"), ("Leeds", "LOCATION", "stanza"),
        ("ADEYEMI", "PERSON", "second_pass")]


def test_only_confident_entities_are_spread_with_a_common_word_test():
    # a wrong one-word organization label on a common word stays where the model put it; persons, locations,
    # multi-word entities and words no lexicon knows are spread as before
    text = "O Estado recorreu. Rose e Lisboa. O Estado de Direito. Petrobras e o Estado. Rose em Lisboa; Petrobras."
    common = {"Estado", "Rose", "Lisboa", "Direito"}.__contains__
    found = [E(text, "Estado", "ORGANIZATION"), E(text, "Rose", "PERSON"), E(text, "Lisboa", "LOCATION"),
             E(text, "Estado de Direito", "MISC"), E(text, "Petrobras", "ORGANIZATION")]
    spread = [(e.text, e.label) for e in all_occurrences(text, found, common=common) if e.source == "second_pass"]
    assert spread == [("Rose", "PERSON"), ("Lisboa", "LOCATION"), ("Petrobras", "ORGANIZATION")]
    # without the test, every surface is spread (the behaviour before)
    before = [e.text for e in all_occurrences(text, found) if e.source == "second_pass"]
    assert before == ["Estado", "Rose", "Lisboa", "Petrobras"]
    assert not spreads(Entity(0, 6, "MISC", "Estado", "x"), common)
    assert spreads(Entity(0, 6, "ORGANIZATION", "Estado", "x"), lambda w: False)
    # a surface the model also gave a person label is spread as a person
    text2 = "Rose falou. Rose saiu."
    both = [Entity(0, 4, "ORGANIZATION", "Rose", "x"), Entity(0, 4, "PERSON", "Rose", "x")]
    assert [(e.text, e.label, e.start) for e in all_occurrences(text2, both, common=common) if e.source == "second_pass"] \
        == [("Rose", "PERSON", 12)]


def test_headwords_by_language():
    assert headwords(Entity(0, 19, "ORGANIZATION", "European Parliament", "x"), "en") == ["Parliament"]
    assert headwords(Entity(0, 18, "ORGANIZATION", "Parlamento Europeo", "x"), "es") == ["Parlamento"]
    assert headwords(Entity(0, 12, "PERSON", "Mr. John Doe", "x"), "en") == ["John", "Doe"]
    assert headwords(Entity(0, 5, "PERSON", "Maria", "x"), "pt") == []
    assert headwords(Entity(0, 9, "LOCATION", "São Paulo", "x"), "pt") == []
    assert headwords(Entity(0, 13, "LOCATION", "San Sebastián", "x"), "es") == []
    assert headwords(Entity(0, 14, "LOCATION", "Rio de Janeiro", "x"), "pt") == ["Rio"]
    assert headwords(Entity(0, 15, "LOCATION", "New South Wales", "x"), "en") == ["Wales"]


def test_head_final_headword_is_before_the_complement():
    """A complement's noun names something else: "Grundsteuer" is not a short form of the ministry."""
    def head(text, language):
        return headwords(Entity(0, len(text), "ORGANIZATION", text, "x"), language)

    assert head("Bundesministerium der Finanzen zur Reform der Grundsteuer", "de") == ["Bundesministerium"]
    assert head("Europäischen Gerichtshofs für Menschenrechte", "de") == ["Gerichtshofs"]
    assert head("University of Cambridge", "en") == ["University"]
    assert head("Deutsche Bank", "de") == ["Bank"]
    text = "Das Bundesministerium der Finanzen zur Reform der Grundsteuer. Die Grundsteuer steigt. Das Bundesministerium schweigt."
    out = short_forms(text, [E(text, "Bundesministerium der Finanzen zur Reform der Grundsteuer", "ORGANIZATION")], "de")
    assert [(e.text, e.start) for e in out if e.source == "second_pass"] == [
        ("Bundesministerium", text.rindex("Bundesministerium"))]


def test_function_words_are_never_short_forms_or_propagated_in_any_case():
    name = Entity(0, 31, "PERSON", "ALISSON SILVA BATISTA DE MORAES", "x")
    assert headwords(name, "pt") == ["ALISSON", "SILVA", "BATISTA", "MORAES"]
    judge = "DESEMBARGADOR JOÃO FERREIRA"
    assert headwords(Entity(0, len(judge), "PERSON", judge, "x"), "pt") == ["JOÃO", "FERREIRA"]
    assert headwords(Entity(0, 12, "ORGANIZATION", "THE GUARDIAN", "x"), "en") == ["GUARDIAN"]
    text = "Apelante: ALISSON SILVA BATISTA DE MORAES.\nRECURSO DE APELAÇÃO. Para BATISTA."
    out = short_forms(text, [E(text, "ALISSON SILVA BATISTA DE MORAES", "PERSON")], "pt")
    assert [(e.text, e.start) for e in out if e.source == "second_pass"] == [("BATISTA", text.rindex("BATISTA"))]
    # an entity that is only a function word ("Para" mistaken for Pará) is not marked elsewhere
    text2 = "Estado do Para. Para tanto, Para decidiu."
    out2 = all_occurrences(text2, [E(text2, "Para", "LOCATION")])
    assert [e.source for e in out2] == ["stanza"]
    assert is_function_word("DE") and is_function_word("para") and is_function_word("The")
    assert not is_function_word("Doe") and not is_function_word("Pará")


def test_possessives_are_never_short_forms():
    """Found on Portuguese dev (stop 30): a model's "Sua Excelência Senhor ..." made every later "Sua" a person.
    Possessive determiners are function words in pt, es and de, as "His"/"Their" are in English."""
    text = "Sua Excelência Senhor Ramos Horta chegou. Sua visita terminou."
    out = short_forms(text, [E(text, "Sua Excelência Senhor Ramos Horta", "PERSON")], "pt")
    assert [e.text for e in out if e.source == "second_pass"] == []
    assert headwords(Entity(0, 26, "PERSON", "Ihre Majestät Anna Schmidt", "x"), "de") == ["Majestät", "Anna", "Schmidt"]
    assert all(is_function_word(w) for w in ("Sua", "Seus", "Nuestra", "Sus", "Ihre", "Seinem", "Unser"))


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


# ---------------------------------------------------------------------------------------------------------
# The near-linear implementation gives exactly the output of the former quadratic one (kept here as reference)
# ---------------------------------------------------------------------------------------------------------

import random  # noqa: E402
import re  # noqa: E402

import pytest  # noqa: E402
from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

from tests.properties import examples  # noqa: E402

from app.detection.second_pass import _occurrence_table, _occurrences, _Taken  # noqa: E402


def _reference_occurrences(text, surface):
    pattern = re.compile(r"(?<![\w@.])" + re.escape(surface) + r"(?![\w@])")
    return [m.span() for m in pattern.finditer(text)]


def _reference_free(entities, start, end):
    return all(e.end <= start or e.start >= end for e in entities)


from app.detection.second_pass import _title_word  # noqa: E402


def reference_all_occurrences(text, entities, min_chars=2):
    """``all_occurrences`` as it was before it became near-linear (quadratic), plus the function-word filter and
    (stops 44, 45) persons' names and their words in capitals."""
    current = list(entities)
    surfaces = {}
    for e in entities:
        if len(e.text) >= min_chars and any(c.isalnum() for c in e.text) and not is_function_word(e.text):
            surfaces.setdefault(e.text, e.label)
    for e in entities:
        if e.label == "PERSON" and e.text in surfaces and len(e.text) >= 4:
            surfaces.setdefault(e.text.upper(), "PERSON")
            words = re.findall(r"[^\W\d_]+(?:['’-][^\W\d_]+)*", e.text)  # stop 45: each word of a name, in capitals
            if len(words) > 1:
                for word in words:
                    if len(word) >= 4 and not word.isupper() and not is_function_word(word) and not _title_word(word):
                        surfaces.setdefault(word.upper(), "PERSON")
    for surface in sorted(surfaces, key=len, reverse=True):
        for start, end in _reference_occurrences(text, surface):
            if _reference_free(current, start, end):
                current.append(Entity(start, end, surfaces[surface], surface, "second_pass"))
    return sorted(current, key=lambda e: (e.start, e.end))


_SHORT_FORM_LABELS = ("PERSON", "ORGANIZATION", "LOCATION", "MISC")


def reference_short_forms(text, entities, language):
    """``short_forms`` as it was before it became near-linear (quadratic), verbatim."""
    claims = {}
    for e in entities:
        if e.label in _SHORT_FORM_LABELS:
            for w in headwords(e, language):
                claims.setdefault(w, set()).add(e.label)
    current = list(entities)
    for word, labels in sorted(claims.items()):
        if len(labels) != 1:
            continue
        label = next(iter(labels))
        for start, end in _reference_occurrences(text, word):
            if _reference_free(current, start, end):
                current.append(Entity(start, end, label, word, "second_pass"))
    return sorted(current, key=lambda e: (e.start, e.end))


def _outcome(out, entities):
    """The fields of every output entity and the position of the input object it is (None: a new one)."""
    ids = {id(e): i for i, e in enumerate(entities)}
    return [(e.start, e.end, e.label, e.text, e.source, e.score, ids.get(id(e))) for e in out]


# pieces with word characters (ASCII, accented, titlecase, Arabic-Indic three, superscript two, underscore,
# combining accent), the characters the occurrence boundaries look at (@ . and what is no word character:
# space, hyphen, apostrophes, plus, parenthesis, CJK full stop) and self-overlapping ones ("aa", "a a")
PIECES = ["Ann", "Anna", "Ann.", "Acme", "Acme-Corp", "Doe", "John Doe", "de", "Mr.", "The", "aa", "a", "a a",
          "É", "Éva", "ǅo", "x1", "٣", "²", "_", "e\u0301", "Ann's", "O’Neil", "+44", "(", ")", "@", ".", "-", "。"]
SEPARATORS = [" ", " ", "", ".", "@", ", ", "\n", "-"]
WORDS = ["Ann", "Anna", "Acme", "Doe", "John Doe", "aa", "a a", "Éva", "x1", "٣", "O’Neil", "Ann.", "+44"]
LABELS = ("PERSON", "ORGANIZATION", "LOCATION", "MISC", "DATE")


@st.composite
def pieced(draw, pieces=PIECES, separators=SEPARATORS, max_pieces=30):
    """``(text, bounds)``: random pieces joined by random separators, and the span of every piece."""
    text, bounds = "", []
    for _ in range(draw(st.integers(1, max_pieces))):
        piece = draw(st.sampled_from(pieces))
        bounds.append((len(text), len(text) + len(piece)))
        text += piece + draw(st.sampled_from(separators))
    return text, bounds


@st.composite
def texts(draw):
    return draw(pieced())[0]


@st.composite
def entity_lists(draw, text, bounds, max_entities=25, beyond=3):
    """Spans of one to four whole pieces (so that surfaces occur again) or any spans of ``text``
    (overlapping, touching, duplicated; a few beyond its end), mostly with their surface as text, sometimes a
    string of the same length from elsewhere."""
    limit = len(text) + beyond
    entities = []
    for _ in range(draw(st.integers(0, max_entities))):
        if draw(st.integers(0, 2)):
            i = draw(st.integers(0, len(bounds) - 1))
            start, end = bounds[i][0], bounds[draw(st.integers(i, min(len(bounds) - 1, i + 3)))][1]
        else:
            start = draw(st.integers(0, limit - 1))
            end = draw(st.integers(start + 1, min(limit, start + draw(st.sampled_from((2, 4, 9, 30))))))
        surface = text[start:end].ljust(end - start, "#")
        if draw(st.integers(0, 9)) == 0:  # a surface that is not the text under the span
            other = draw(st.integers(0, max(0, len(text) - (end - start))))
            surface = text[other:other + end - start].ljust(end - start, "Z")
        entities.append(Entity(start, end, draw(st.sampled_from(LABELS)), surface,
                               draw(st.sampled_from(("stanza", "date", "rule:title"))),
                               draw(st.sampled_from((1.0, 0.5)))))
    if entities and draw(st.booleans()):
        entities.append(draw(st.sampled_from(entities)))  # the same object twice
    return entities


@st.composite
def documents(draw):
    if draw(st.booleans()):
        text, bounds = draw(pieced())
    else:  # a few words: the same surfaces occur often
        words = draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=4, unique=True))
        text, bounds = draw(pieced(words, [" ", " ", " ", ", ", ".", "@", "-", ""]))
    return text, draw(entity_lists(text, bounds, max_entities=draw(st.sampled_from((6, 25)))))


@pytest.mark.slow
@settings(max_examples=examples(1500), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(texts(), st.lists(st.one_of(st.sampled_from(PIECES), st.text(alphabet="Aa .@-_é+", min_size=1, max_size=6)),
                         max_size=12))
def test_occurrence_table_finds_what_one_regular_expression_per_surface_finds(text, extra):
    rng = random.Random(len(text))
    surfaces = list(extra)
    for _ in range(8):  # substrings of the text, so that most surfaces occur
        start = rng.randrange(len(text))
        surfaces.append(text[start:start + rng.randint(1, 12)])
    table = _occurrence_table(text, surfaces)
    assert set(table) == set(surfaces)
    for surface in surfaces:
        assert table[surface] == _reference_occurrences(text, surface) == _occurrences(text, surface), surface


@pytest.mark.slow
@settings(max_examples=examples(1500), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents(), st.sampled_from((0, 1, 2, 3)))
def test_all_occurrences_same_output_as_the_former_quadratic_implementation(document, min_chars):
    text, entities = document
    assert _outcome(all_occurrences(text, list(entities), min_chars), entities) == _outcome(
        reference_all_occurrences(text, list(entities), min_chars), entities)


NAME_WORDS = ["John", "Doe", "Ann", "European", "Parliament", "Bank", "of", "Spain", "Mr.", "Dr.", "Herr", "Sr.",
              "The", "de", "da", "van", "J.", "O’Neil", "Acme", "Acme-Corp", "Éva", "ǅo", "x", "parliament"]


@st.composite
def documents_with_names(draw):
    """Texts of capitalised words, stop words, titles and particles; entities mostly on whole words, so that
    multi-word entities have headwords."""
    text, bounds = draw(pieced(NAME_WORDS, [" ", " ", ". ", ", ", "@", "-", "", "\n"]))
    return text, draw(entity_lists(text, bounds, max_entities=12, beyond=0))


@pytest.mark.slow
@settings(max_examples=examples(1500), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents_with_names(), st.sampled_from(("en", "de", "es", "pt", "fr")))
def test_short_forms_same_output_as_the_former_quadratic_implementation(document, language):
    text, entities = document
    assert _outcome(short_forms(text, list(entities), language), entities) == _outcome(
        reference_short_forms(text, list(entities), language), entities)


@pytest.mark.slow
@settings(max_examples=examples(500), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents(), st.sampled_from(("en", "es")))
def test_short_forms_on_arbitrary_spans_same_output_as_before(document, language):
    text, entities = document
    assert _outcome(short_forms(text, list(entities), language), entities) == _outcome(
        reference_short_forms(text, list(entities), language), entities)


def test_thousands_of_random_entities_match_the_reference():
    rng = random.Random(20261121)
    words = ["Maria", "Santos", "Maria Santos", "Lisbon", "ACME", "ACME Corp", "3", "March", "2015", "--", "(",
             ")", "a.b@c.org", "é", "Mr.", "and"]
    text = " ".join(rng.choice(words) for _ in range(3000))
    entities = []
    for _ in range(1500):
        start = rng.randrange(len(text) - 1)
        end = min(len(text), start + rng.choice((1, 2, 5, 12, 40)))
        entities.append(Entity(start, end, rng.choice(LABELS), text[start:end], "stanza"))
    assert _outcome(all_occurrences(text, entities), entities) == _outcome(
        reference_all_occurrences(text, entities), entities)
    assert _outcome(short_forms(text, entities, "en"), entities) == _outcome(
        reference_short_forms(text, entities, "en"), entities)


def test_taken_merges_overlapping_spans_only():
    # white box: the union of the entity spans, overlapping ones merged, touching ones not
    taken = _Taken([Entity(4, 8, "PERSON", "abcd", "x"), Entity(0, 2, "PERSON", "ab", "x"),
                    Entity(6, 10, "PERSON", "abcd", "x"), Entity(10, 12, "PERSON", "ab", "x")])
    assert (taken.starts, taken.ends) == ([0, 4, 10], [2, 10, 12])
    assert taken.free(2, 4) and not taken.free(1, 3) and not taken.free(9, 10) and taken.free(12, 20)
    taken.add(2, 4)
    assert (taken.starts, taken.ends) == ([0, 2, 4, 10], [2, 4, 10, 12]) and not taken.free(3, 4)


# ---------------------------------------------------------------------------------------------------------
# python -m tests.unit.test_second_pass [CHARS ...] [--old]: detection timings on entity-dense documents
# ---------------------------------------------------------------------------------------------------------

_PARAGRAPH = (
    "Yesterday Mr. {f1} {s1} met Dr. {f2} {s2} and {f3} {s3} of {o1} Widgets Ltd in Lisbon on 3 March 2015. "
    "Write to {e1}@acme.example or {e2}@example.org, or call +44 20 7946 0958. "
    "The report names {s1} and {s4}, and {s2} met Mrs. {s3} on 12 April 2016; {s1} and {s2} left on 5 May 2017. "
)


def benchmark_document(chars: int, distinct: bool) -> str:
    """A paragraph of names (titles, first names, conjunctions), an organization, e-mails, a phone and dates,
    repeated to ``chars`` characters: the same names every time, or (``distinct``) new surnames and
    organization names in every paragraph (thousands of different surfaces)."""
    rng = random.Random(7)
    firsts = ["John", "Anna", "Peter", "Maria", "James", "Laura", "David", "Sarah"]
    syllables = ["ko", "wal", "ski", "no", "wak", "mil", "ler", "sou", "za", "ber", "gan", "tor", "ri", "vas", "hel"]

    def surname() -> str:
        return "".join(rng.choice(syllables) for _ in range(3)).capitalize()

    parts, size = [], 0
    while size < chars:
        s = [surname() for _ in range(4)] if distinct else ["Doe", "Souza", "Miller", "Kowalski"]
        paragraph = _PARAGRAPH.format(
            f1=rng.choice(firsts) if distinct else "John", f2="Anna", f3="Peter", s1=s[0], s2=s[1], s3=s[2],
            s4=s[3], o1=surname() if distinct else "Acme", e1=s[0].lower(), e2=s[1].lower())
        parts.append(paragraph)
        size += len(paragraph)
    return "".join(parts)[:chars]


class _Found:
    """A recognizer that returns entities found before (to time what follows the recognizers)."""

    name = "found"

    def __init__(self, entities: list[Entity]) -> None:
        self.entities = entities

    def recognize(self, text, sentences):
        return list(self.entities)


def _former_implementations():
    """A context manager that puts the reference (former) implementations of this file and of
    ``tests/unit/test_rules.py`` in place of ``all_occurrences``, ``short_forms``, ``merge`` and ``covered``."""
    from contextlib import ExitStack
    from unittest import mock

    import app.detection.pipeline as pipeline
    import app.detection.rules as rules
    from tests.unit.test_rules import reference_covered, reference_merge

    stack = ExitStack()
    stack.enter_context(mock.patch.object(pipeline, "all_occurrences", reference_all_occurrences))
    stack.enter_context(mock.patch.object(pipeline, "short_forms", reference_short_forms))
    stack.enter_context(mock.patch.object(rules, "merge", reference_merge))
    stack.enter_context(mock.patch.object(
        rules.RuleContext, "covered", lambda self, start, end: reference_covered(self.entities, start, end)))
    return stack


if __name__ == "__main__":
    # CPU seconds (time.process_time) of the detector without the Stanza model (patterns, gazetteer, rules,
    # second pass): "recognizers" (tokenization and the recognizers, not changed here), then "rules and second
    # pass" (voting, rules, second pass: Detector.detect given the recognizers' entities); with --old also the
    # latter with the former implementations (same output asserted).
    import sys
    import time

    from app.detection.config import language_config
    from app.detection.pipeline import build_detector
    from app.tokenization import split_sentences, tokenize

    config = dict(language_config("en"))
    config["recognizers"] = [r for r in config["recognizers"] if r != "stanza"]
    detector = build_detector("en", config=config, components="full")
    recognizers = detector.recognizers
    sizes = [int(a) for a in sys.argv[1:] if a.isdigit()] or [180_000, 356_000]
    for distinct in (False, True):
        for size in sizes:
            text = benchmark_document(size, distinct)
            started = time.process_time()
            sentences = split_sentences(text, tokenize(text))
            found = [e for r in recognizers for e in r.recognize(text, sentences) if e.label in detector.sensitive]
            line = (f"{'distinct' if distinct else 'repeated'} names, {len(text)} characters: recognizers "
                    f"{time.process_time() - started:.2f} s ({len(found)} candidates)")
            detector.recognizers = [_Found(found)]
            started = time.process_time()
            new = detector.detect(text, sentences)
            line += f"; rules and second pass {time.process_time() - started:.2f} s ({len(new)} entities)"
            if "--old" in sys.argv:
                with _former_implementations():
                    started = time.process_time()
                    old = detector.detect(text, sentences)
                    line += f", former implementation {time.process_time() - started:.2f} s"
                assert old == new
            detector.recognizers = recognizers
            print(line, flush=True)


def test_each_word_of_a_persons_name_is_marked_in_capitals_too():
    # stop 45: "Interesado: MARÍA DEL CARMEN SANTOS OLIVEIRA" beside the cased name left "OLIVEIRA" in clear
    from app.detection.second_pass import all_occurrences
    from app.doc import Entity

    text = "Interesado: MARÍA DEL CARMEN SANTOS OLIVEIRA\nLa solicitud de Dña. María del Carmen Santos Oliveira."
    start = text.index("Dña.")
    entities = [Entity(12, 35, "PERSON", text[12:35], "stanza"),
                Entity(start, len(text) - 1, "PERSON", text[start:len(text) - 1], "stanza")]
    spread = [(e.text, e.source) for e in all_occurrences(text, entities)]
    assert ("OLIVEIRA", "second_pass") in spread and not any(t in ("DEL", "DÑA") for t, _ in spread)
