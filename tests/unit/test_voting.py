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


# ---------------------------------------------------------------------------------------------------------
# The O(n log n) implementation gives exactly the output of the former quadratic one (kept here as reference)
# ---------------------------------------------------------------------------------------------------------

import random  # noqa: E402

import pytest  # noqa: E402
from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

from tests.properties import examples  # noqa: E402

from app.detection.voting import DEFAULT_PRECEDENCE, _rank, name_like  # noqa: E402


def _reference_free_parts(entity, accepted):
    parts = [(entity.start, entity.end)]
    for other in accepted:
        next_parts = []
        for start, end in parts:
            if other.end <= start or other.start >= end:
                next_parts.append((start, end))
                continue
            if start < other.start:
                next_parts.append((start, other.start))
            if other.end < end:
                next_parts.append((other.end, end))
        parts = next_parts
    return parts


def _reference_strip(text, start, end):
    while start < end and not text[start].isalnum():
        start += 1
    while end > start and not text[end - 1].isalnum():
        end -= 1
    return start, end


def reference_resolve_overlaps(text, entities, precedence=DEFAULT_PRECEDENCE):
    """``resolve_overlaps`` as it was before it became O(n log n) (quadratic), verbatim but for the later
    rule that a left-over part must look like a name (``voting.name_like``, called here)."""
    ordered = sorted(entities, key=lambda e: (_rank(e.source, precedence), -e.length, e.start))
    accepted = []
    for entity in ordered:
        if not any(entity.overlaps(a) for a in accepted):
            accepted.append(entity)
            continue
        for start, end in _reference_free_parts(entity, accepted):
            start, end = _reference_strip(text, start, end)
            if end > start and name_like(text[start:end], entity.label):  # added later
                accepted.append(Entity(start, end, entity.label, text[start:end], entity.source, entity.score))
    return sorted(accepted, key=lambda e: (e.start, e.end))


def _outcome(fn, text, entities, precedence):
    """``("ok", [(entity fields..., identity of the input object or None)])`` or ``("error", type)``."""
    ids = {id(e): i for i, e in enumerate(entities)}
    try:
        out = fn(text, list(entities), precedence)
    except (IndexError, ValueError) as exc:
        return ("error", type(exc))
    return ("ok", [(e.start, e.end, e.label, e.text, e.source, e.score, ids.get(id(e))) for e in out])


# letters and digits (also non-ASCII ones: é, Arabic-Indic three, superscript two), separators and
# punctuation that trimming removes (space, hyphen, underscore, at sign, combining accent, CJK full stop)
ALPHABET = "ab Z9é٣²-_ .@\u0301。"
SOURCES = ("email", "url", "phone", "date", "stanza", "custom", "alpha")


@st.composite
def texts_and_entities(draw, max_text=60, max_entities=40, beyond=0):
    text = draw(st.text(alphabet=ALPHABET, min_size=1, max_size=max_text))
    limit = len(text) + beyond
    n = draw(st.integers(0, max_entities))
    entities = []
    for _ in range(n):
        if draw(st.booleans()):  # a short span (dense overlaps) ...
            start = draw(st.integers(0, limit - 1))
            end = draw(st.integers(start + 1, min(limit, start + 4)))
        else:  # ... or any span, often long ones covering many others
            start = draw(st.integers(0, limit - 1))
            end = draw(st.integers(start + 1, limit))
        surface = text[start:end].ljust(end - start, "#")
        entities.append(Entity(start, end, draw(st.sampled_from(("PERSON", "LOCATION", "DATE"))), surface,
                               draw(st.sampled_from(SOURCES)), draw(st.sampled_from((1.0, 0.5, 0.25)))))
    precedence = draw(st.sampled_from((DEFAULT_PRECEDENCE, ("stanza", "email"), (), ("alpha", "custom", "date"))))
    return text, entities, precedence


@pytest.mark.slow
@settings(max_examples=examples(1500), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(texts_and_entities())
def test_same_output_as_the_former_quadratic_implementation(case):
    text, entities, precedence = case
    expected = _outcome(reference_resolve_overlaps, text, entities, precedence)
    assert expected[0] == "ok"
    assert _outcome(resolve_overlaps, text, entities, precedence) == expected


@pytest.mark.slow
@settings(max_examples=examples(500), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(texts_and_entities(max_text=12, max_entities=12, beyond=4))
def test_same_output_or_error_for_entities_reaching_beyond_the_text(case):
    text, entities, precedence = case
    assert _outcome(resolve_overlaps, text, entities, precedence) == _outcome(
        reference_resolve_overlaps, text, entities, precedence)


def test_entities_beyond_the_text_behave_as_before():
    text = "AB CD"
    # an entity beyond the text that overlaps nothing is kept as it is
    far = Entity(7, 9, "PERSON", "##", "stanza")
    assert resolve_overlaps(text, [far]) == [far]
    # one overlapping an accepted entity with a free part beyond the text raises IndexError, as before
    with pytest.raises(IndexError):
        resolve_overlaps(text, [Entity(0, 2, "DATE", "AB", "date"), Entity(0, 7, "PERSON", "AB CD##", "stanza")])
    # covered beyond the text by an accepted entity: only the free part inside the text is kept
    out = resolve_overlaps(text, [Entity(4, 8, "DATE", "D###", "date"), Entity(0, 8, "PERSON", "AB CD###", "stanza")])
    assert [(e.start, e.end, e.text, e.source) for e in out] == [(0, 4, "AB C", "stanza"), (4, 8, "D###", "date")]


def test_parts_between_many_accepted_entities_are_kept_and_trimmed():
    # one model entity over five pattern entities: the four gaps with a letter come back trimmed, the
    # gap of punctuation only ("--") and the lower-case gap ("ee") do not
    text = "x1 Aa x2 Bb x3 -- x4 Cc x5 ee x6"
    patterns = [E(text, f"x{i}", "DATE", "date") for i in range(1, 7)]
    model = Entity(0, len(text), "PERSON", text, "stanza")
    out = resolve_overlaps(text, patterns + [model])
    assert [(e.text, e.source) for e in out] == [
        ("x1", "date"), ("Aa", "stanza"), ("x2", "date"), ("Bb", "stanza"), ("x3", "date"), ("x4", "date"),
        ("Cc", "stanza"), ("x5", "date"), ("x6", "date")]
    assert out == reference_resolve_overlaps(text, patterns + [model])


def test_thousands_of_random_entities_match_the_reference():
    rng = random.Random(20261121)
    words = ["Maria", "Santos", "Lisbon", "ACME", "3", "March", "2015", "--", "(", ")", "a.b@c.org", "é"]
    text = " ".join(rng.choice(words) for _ in range(3000))
    entities = []
    for _ in range(2500):
        start = rng.randrange(len(text) - 1)
        end = min(len(text), start + rng.choice((1, 2, 5, 12, 40, 300)))
        entities.append(Entity(start, end, "PERSON", text[start:end], rng.choice(SOURCES), 1.0))
    assert _outcome(resolve_overlaps, text, entities, DEFAULT_PRECEDENCE) == _outcome(
        reference_resolve_overlaps, text, entities, DEFAULT_PRECEDENCE)


def test_the_cover_merges_spans_separated_by_punctuation_only():
    # white box: what keeps the number of spans visited per entity small (no timing asserted)
    from app.detection.voting import _Accepted

    text = "ab -- cd ef, gh"
    spans = _Accepted(text)
    for start, end in [(0, 2), (6, 8), (13, 15)]:
        spans.add(start, end)
    assert (spans.cover_starts, spans.cover_ends) == ([0, 13], [8, 15])  # " -- " merged, " ef, " not
    spans.add(9, 11)  # "ef": ", " before "gh" has no letter: everything merges
    assert (spans.cover_starts, spans.cover_ends) == ([0], [15])
    assert (spans.starts, spans.ends) == ([0, 6, 9, 13], [2, 8, 11, 15])
    assert spans.overlaps(1, 3) and not spans.overlaps(2, 6) and not spans.overlaps(11, 13)
    assert spans.free_parts(0, 15) == []


def _benchmark_inputs(n: int) -> dict[str, tuple[str, list[Entity]]]:
    """Inputs of ``python -m tests.unit.test_voting N``: ``realistic`` (a model entity per name, a pattern entity
    overlapping every tenth) and ``worst`` (n/2 model spans each covering all n/2 one-letter pattern entities)."""
    rng = random.Random(1)
    words = ["Maria Santos", "Lisbon", "ACME Corp", "3 March 2015", "a.b@c.org"]
    parts, spans, pos = [], [], 0
    for i in range(n):
        filler, word = rng.choice(["wrote to ", " and ", ", in ", " met "]), rng.choice(words)
        pos += len(filler)
        spans.append((pos, pos + len(word), "stanza"))
        if i % 10 == 0:
            spans.append((pos + 1, pos + len(word) + 2, "date"))
        parts += [filler, word]
        pos += len(word)
    text = "".join(parts) + "    "
    realistic = [Entity(s, e, "PERSON", text[s:e], src) for s, e, src in spans][:n]
    half = n // 2
    worst_text = " ".join("x" * half)
    worst = [Entity(2 * i, 2 * i + 1, "DATE", "x", "date") for i in range(half)]
    worst += [Entity(0, len(worst_text) - i % 3, "PERSON", worst_text[: len(worst_text) - i % 3], "stanza")
              for i in range(half)]
    return {"realistic": (text, realistic), "worst": (worst_text, worst)}


if __name__ == "__main__":  # python -m tests.unit.test_voting [N] [--old]: timings, former implementation with --old
    import sys
    import time

    n = int(next((a for a in sys.argv[1:] if a.isdigit()), "20000"))
    for name, (text, entities) in _benchmark_inputs(n).items():
        started = time.perf_counter()
        new = resolve_overlaps(text, entities)
        line = f"{name}: {len(entities)} entities, {len(text)} characters: {time.perf_counter() - started:.3f} s"
        if "--old" in sys.argv:
            started = time.perf_counter()
            assert reference_resolve_overlaps(text, entities) == new
            line += f"; former implementation {time.perf_counter() - started:.2f} s"
        print(line, flush=True)


def test_lower_case_left_overs_are_not_kept():
    """CoNLL-2002 testb: the gazetteer's "Estado de Israel" minus the model's "Estado" and "Israel" left "de"."""
    text = 'el Estado de Israel tiene'
    gaz = E(text, "Estado de Israel", "LOCATION", "gazetteer")
    model = [E(text, "Estado", "ORGANIZATION", "stanza"), E(text, "Israel", "LOCATION", "stanza")]
    out = resolve_overlaps(text, [gaz, *model], ("stanza", "gazetteer"))
    assert [(e.text, e.label, e.source) for e in out] == [
        ("Estado", "ORGANIZATION", "stanza"), ("Israel", "LOCATION", "stanza")]
    # a left-over with a capital or a digit is still kept
    text2 = "Real Madrid CF 2"
    out2 = resolve_overlaps(text2, [E(text2, "Real Madrid CF 2", "ORGANIZATION", "gazetteer"),
                                    E(text2, "Madrid", "LOCATION", "stanza")], ("stanza", "gazetteer"))
    assert [e.text for e in out2] == ["Real", "Madrid", "CF 2"]


def test_function_word_left_overs_are_not_kept_in_any_case():
    """CoNLL-2003 English dev: the gazetteer's "THE HAGUE" minus the model's "HAGUE" left "THE"."""
    text = "THE HAGUE 1996-08-30"
    out = resolve_overlaps(text, [E(text, "THE HAGUE", "LOCATION", "gazetteer"), E(text, "HAGUE", "LOCATION", "stanza")],
                           ("stanza", "gazetteer"))
    assert [(e.text, e.source) for e in out] == [("HAGUE", "stanza")]
    assert not name_like("The") and not name_like("de") and not name_like("Und")
    assert name_like("A") and name_like("Hague") and name_like("Theo")  # one letter, or not a function word
