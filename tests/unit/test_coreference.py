from app.coreference.resolver import name_words, resolve_chains
from app.doc import Entity


def chains_of(text, spans):
    entities = []
    for sub, label, occ in spans:
        start = -1
        for _ in range(occ + 1):
            start = text.index(sub, start + 1)
        entities.append(Entity(start, start + len(sub), label, sub, "test"))
    entities.sort(key=lambda e: e.start)
    return [[entities[i].text for i in c.mentions] for c in resolve_chains(entities)], resolve_chains(entities)


def test_identical_title_and_partial_names():
    text = "Mr. John Doe met Jane Roe. John Doe thanked Roe. Doe left; later Jane and Acme and ACME."
    groups, chains = chains_of(
        text,
        [
            ("Mr. John Doe", "PERSON", 0), ("Jane Roe", "PERSON", 0), ("John Doe", "PERSON", 1),
            ("Roe", "PERSON", 1), ("Doe", "PERSON", 2), ("Jane", "PERSON", 1),
            ("Acme", "ORGANIZATION", 0), ("ACME", "ORGANIZATION", 0),
        ],
    )
    assert groups == [["Mr. John Doe", "John Doe", "Doe"], ["Jane Roe", "Roe", "Jane"], ["Acme", "ACME"]]
    assert [c.chain_id for c in chains] == [0, 1, 2]
    assert [c.label for c in chains] == ["PERSON", "PERSON", "ORGANIZATION"]


def test_ambiguous_short_form_is_never_merged():
    text = "Ann Roe and Jane Roe came. Roe spoke."
    groups, _ = chains_of(text, [("Ann Roe", "PERSON", 0), ("Jane Roe", "PERSON", 0), ("Roe", "PERSON", 2)])
    assert groups == [["Ann Roe"], ["Jane Roe"], ["Roe"]]


def test_labels_never_mix():
    text = "Paris Hilton visited Paris."
    groups, _ = chains_of(text, [("Paris Hilton", "PERSON", 0), ("Paris", "LOCATION", 1)])
    assert groups == [["Paris Hilton"], ["Paris"]]


def test_name_words_strip_titles_and_possessive():
    assert name_words("Dr.  John DOE's", "PERSON") == ("john", "doe")
    assert name_words("Frau Müller", "PERSON") == ("müller",)
    assert name_words("Dr. Oetker", "ORGANIZATION") == ("dr.", "oetker")
