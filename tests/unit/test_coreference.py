import json

import pytest

from app.coreference.base import Coreferencer
from app.coreference.config import language_config, load_config
from app.coreference.resolver import resolve_chains
from app.doc import Entity


def chains_of(text, spans, language="en", config=None):
    entities = []
    for sub, label, occ in spans:
        start = -1
        for _ in range(occ + 1):
            start = text.index(sub, start + 1)
        entities.append(Entity(start, start + len(sub), label, sub, "test"))
    entities.sort(key=lambda e: e.start)
    chains = resolve_chains(entities, language, config)
    return [[entities[i].text for i in c.mentions] for c in chains], chains


def groups(surfaces, label="ORGANIZATION", language="en", config=None):
    """Chains (as surfaces) of entities laid out one after the other; items may be ``(surface, label)``."""
    text, entities = "", []
    for item in surfaces:
        surface, lab = item if isinstance(item, tuple) else (item, label)
        entities.append(Entity(len(text), len(text) + len(surface), lab, surface, "test"))
        text += surface + " ; "
    return [[entities[i].text for i in c.mentions] for c in resolve_chains(entities, language, config)]


# ----------------------------------------------------------------------------------- first version (kept)
def test_identical_title_and_partial_names():
    text = "Mr. John Doe met Jane Roe. John Doe thanked Roe. Doe left; later Jane and Acme and ACME."
    found, chains = chains_of(
        text,
        [
            ("Mr. John Doe", "PERSON", 0), ("Jane Roe", "PERSON", 0), ("John Doe", "PERSON", 1),
            ("Roe", "PERSON", 1), ("Doe", "PERSON", 2), ("Jane", "PERSON", 1),
            ("Acme", "ORGANIZATION", 0), ("ACME", "ORGANIZATION", 0),
        ],
    )
    assert found == [["Mr. John Doe", "John Doe", "Doe"], ["Jane Roe", "Roe", "Jane"], ["Acme", "ACME"]]
    assert [c.chain_id for c in chains] == [0, 1, 2]
    assert [c.label for c in chains] == ["PERSON", "PERSON", "ORGANIZATION"]


def test_ambiguous_short_form_is_never_merged():
    text = "Ann Roe and Jane Roe came. Roe spoke."
    found, _ = chains_of(text, [("Ann Roe", "PERSON", 0), ("Jane Roe", "PERSON", 0), ("Roe", "PERSON", 2)])
    assert found == [["Ann Roe"], ["Jane Roe"], ["Roe"]]


def test_labels_never_mix():
    text = "Paris Hilton visited Paris."
    found, _ = chains_of(text, [("Paris Hilton", "PERSON", 0), ("Paris", "LOCATION", 1)])
    assert found == [["Paris Hilton"], ["Paris"]]


# ----------------------------------------------------------------------------------- one rule at a time
def test_identical_ignores_case_spacing_punctuation_and_a_leading_article():
    assert groups(["the Netherlands", "Netherlands", "NETHERLANDS"], "LOCATION") == [
        ["the Netherlands", "Netherlands", "NETHERLANDS"]]
    assert groups(["Comisión", "Comisión-", "-Parlamento", "Parlamento"], language="es") == [
        ["Comisión", "Comisión-"], ["-Parlamento", "Parlamento"]]
    # a person's particle is part of the name
    assert groups(["de Palacio", "Palacio", "Ana Palacio"], "PERSON", "es") == [
        ["de Palacio"], ["Palacio"], ["Ana Palacio"]]


def test_identical_only_when_it_is_the_only_rule():
    only = {"en": {"labels": {"ORGANIZATION": {"class": "Coreferencer", "rules": ["identical"]}}}}
    assert groups(["European Parliament", "Parliament", "EP", "european  parliament"], config=only) == [
        ["European Parliament", "european  parliament"], ["Parliament"], ["EP"]]


def test_possessive():
    assert groups(["John Doe", "John Doe's", "John Doe’s"], "PERSON") == [["John Doe", "John Doe's", "John Doe’s"]]
    assert groups(["Hicks", "Hicks'"], "PERSON") == [["Hicks", "Hicks'"]]
    assert groups(["Parliament's", "European Parliament"]) == [["Parliament's", "European Parliament"]]


def test_title():
    assert groups(["Mr. John Doe", "John Doe", "Dr John Doe"], "PERSON") == [["Mr. John Doe", "John Doe", "Dr John Doe"]]
    assert groups(["Frau Müller", "Müller", "Frau Dr. Müller"], "PERSON", "de") == [
        ["Frau Müller", "Müller", "Frau Dr. Müller"]]
    assert groups(["Frau Müller", "Herrn Müller"], "PERSON", "de") == [["Frau Müller"], ["Herrn Müller"]]
    assert groups(["Sra. García", "García"], "PERSON", "es") == [["Sra. García", "García"]]
    assert groups(["President Prodi", "Prodi"], "PERSON") == [["President Prodi", "Prodi"]]
    # the title rule is not configured for organizations: "Dr. Oetker" is matched as a partial name only
    no_partial = {"en": {"labels": {"ORGANIZATION": {"rules": ["identical", "type_word"]}}}}
    assert groups(["Dr. Oetker", "Oetker"], config=no_partial) == [["Dr. Oetker"], ["Oetker"]]
    assert groups(["Dr. Oetker", "Oetker"]) == [["Dr. Oetker", "Oetker"]]


def test_titles_of_different_genders_never_match():
    assert groups(["Mrs Jane Doe", "Mr Doe"], "PERSON") == [["Mrs Jane Doe"], ["Mr Doe"]]
    # "Doe" alone could be either: it joins neither
    assert groups(["Mr Doe", "Mrs Doe", "Doe"], "PERSON") == [["Mr Doe"], ["Mrs Doe"], ["Doe"]]
    assert groups(["Mr Doe", "Doe"], "PERSON") == [["Mr Doe", "Doe"]]


def test_headword_stems_in_german():
    """Seed 004 §4.2.4: "Europäische Parlament" / "Europäischen Parlaments" (Snowball German stemmer)."""
    assert groups(["Europäische Parlament", "Europäischen Parlaments", "Parlaments", "Parlament"], language="de") == [
        ["Europäische Parlament", "Europäischen Parlaments", "Parlaments", "Parlament"]]
    assert groups(["Vereinigte Königreich", "Vereinigten Königreichs"], "LOCATION", "de") == [
        ["Vereinigte Königreich", "Vereinigten Königreichs"]]
    # no stemming in English
    assert groups(["Parliament", "Parliaments"]) == [["Parliament"], ["Parliaments"]]


def test_stem_scope_headword_keeps_the_other_words_identical():
    config = {"de": {"stem_scope": "headword", "labels": {"ORGANIZATION": {"rules": ["identical", "stem"]}}}}
    assert groups(["Europäische Parlament", "Europäische Parlaments", "Europäischen Parlaments"], language="de",
                  config=config) == [["Europäische Parlament", "Europäische Parlaments"], ["Europäischen Parlaments"]]
    assert language_config("de")["stem_scope"] == "all"


def test_german_genitive_s():
    assert groups(["Europa", "Europas"], "LOCATION", "de") == [["Europa", "Europas"]]
    assert groups(["Prodi", "Prodis"], "PERSON", "de") == [["Prodi", "Prodis"]]
    # only when the bare name occurs
    assert groups(["Paris"], "LOCATION", "de") == [["Paris"]]
    assert groups(["Europa", "Europas"], "LOCATION", "en") == [["Europa"], ["Europas"]]


def test_type_words():
    assert groups(["International Business Machines Corporation", "International Business Machines"]) == [
        ["International Business Machines Corporation", "International Business Machines"]]
    assert groups(["Acme Corp.", "Acme"]) == [["Acme Corp.", "Acme"]]
    assert groups(["Republic of Latvia", "Latvia"], "LOCATION") == [["Republic of Latvia", "Latvia"]]
    assert groups(["Republik Lettland", "Lettland", "Lettlands"], "LOCATION", "de") == [
        ["Republik Lettland", "Lettland", "Lettlands"]]
    assert groups(["Reino de Suecia", "Suecia"], "LOCATION", "es") == [["Reino de Suecia", "Suecia"]]
    assert groups(["grupo Holzmann", "Holzmann"], language="es") == [["grupo Holzmann", "Holzmann"]]
    # a type word alone is not removed
    assert groups(["Corporation", "Group"]) == [["Corporation"], ["Group"]]


def test_prepositional_variants():
    assert groups(["University of Cambridge", "Cambridge University"]) == [
        ["University of Cambridge", "Cambridge University"]]
    assert groups(["Committee on Regional Policy, Transport and Tourism",
                   "Committee on Transport, Regional Policy and Tourism"]) == [
        ["Committee on Regional Policy, Transport and Tourism", "Committee on Transport, Regional Policy and Tourism"]]
    assert groups(["Council of Europe", "European Council"]) == [["Council of Europe"], ["European Council"]]


def test_acronyms_and_abbreviations():
    """Seed 004 §4.2.4: "European Parliament" / "EP" / "E.P."."""
    assert groups(["European Parliament", "EP", "E.P.", "EP's"]) == [["European Parliament", "EP", "E.P.", "EP's"]]
    assert groups(["IBM", "International Business Machines Corporation"]) == [
        ["IBM", "International Business Machines Corporation"]]
    assert groups(["United States", "U.S.", "US"], "LOCATION") == [["United States", "U.S.", "US"]]
    assert groups(["Palestine Liberation Organisation", "PLO"]) == [["Palestine Liberation Organisation", "PLO"]]
    assert groups(["Unión Europea", "UE"], language="es") == [["Unión Europea", "UE"]]
    assert groups(["Europäischen Union", "EU"], language="de") == [["Europäischen Union", "EU"]]
    # an acronym given in parentheses
    assert groups(["European Committee for Standardisation (CEN)", "CEN"]) == [
        ["European Committee for Standardisation (CEN)", "CEN"]]


def test_ambiguous_acronym_is_never_merged():
    assert groups(["European Parliament", "European Police", "EP", "E.P."]) == [
        ["European Parliament"], ["European Police"], ["EP", "E.P."]]


def test_partial_person_names():
    """Seed 004 §4.2.4: "John Doe", "Mr. Doe", "John D.", "John"."""
    assert groups(["John Doe", "Mr. Doe", "John D.", "John", "Doe", "J. Doe"], "PERSON") == [
        ["John Doe", "Mr. Doe", "John D.", "John", "Doe", "J. Doe"]]
    # the short form may come first (headlines)
    assert groups(["Arafat", "Yasser Arafat"], "PERSON") == [["Arafat", "Yasser Arafat"]]
    assert groups(["Rdainah", "Nabil Abu Rdainah", "Abu Rdainah"], "PERSON") == [
        ["Rdainah", "Nabil Abu Rdainah", "Abu Rdainah"]]
    # initials alone identify nobody
    assert groups(["John Doe", "J. D."], "PERSON") == [["John Doe"], ["J. D."]]
    # a different first name is another person
    assert groups(["John Doe", "Jane D."], "PERSON") == [["John Doe"], ["Jane D."]]


def test_ambiguous_partial_person_names_are_never_merged():
    assert groups(["John Doe", "Jane Doe", "Doe", "Mr. Doe"], "PERSON") == [
        ["John Doe"], ["Jane Doe"], ["Doe", "Mr. Doe"]]
    assert groups(["John Doe", "John Smith", "John"], "PERSON") == [["John Doe"], ["John Smith"], ["John"]]
    assert groups(["John Doe", "Jane Doe", "J. Doe"], "PERSON") == [["John Doe"], ["Jane Doe"], ["J. Doe"]]
    # "John D." fits only John Doe even though John Smith exists
    assert groups(["John Doe", "John Smith", "John D."], "PERSON") == [["John Doe", "John D."], ["John Smith"]]


def test_partial_organization_names_hold_the_headword():
    assert groups(["European Parliament", "Parliament"]) == [["European Parliament", "Parliament"]]
    assert groups(["Parlamento Europeo", "Parlamento"], language="es") == [["Parlamento Europeo", "Parlamento"]]
    assert groups(["Economic Commission", "United Nations Economic Commission"]) == [
        ["Economic Commission", "United Nations Economic Commission"]]
    assert groups(["Comisión de Economía de las Naciones Unidas", "Comisión de Economía"], language="es") == [
        ["Comisión de Economía de las Naciones Unidas", "Comisión de Economía"]]
    # "European" is not the headword of "European Parliament"
    assert groups(["European Parliament", "European"]) == [["European Parliament"], ["European"]]


def test_bare_headword_is_not_a_short_form_of_a_name_with_a_complement():
    # Spanish "Comisión" is the European Commission, "Comisión de Presupuestos" a committee
    assert groups(["Comisión de Presupuestos", "Comisión"], language="es") == [
        ["Comisión de Presupuestos"], ["Comisión"]]
    assert groups(["Chamber of Deputies", "Chamber"]) == [["Chamber of Deputies"], ["Chamber"]]
    allow = {"en": {"labels": {"ORGANIZATION": {"bare_headword_of_complement": True}}}}
    assert groups(["Chamber of Deputies", "Chamber"], config=allow) == [["Chamber of Deputies", "Chamber"]]


def test_ambiguous_organization_short_form_is_never_merged():
    assert groups(["European Commission", "Prodi Commission", "Commission"]) == [
        ["European Commission"], ["Prodi Commission"], ["Commission"]]


def test_full_form_first_option():
    config = {"en": {"labels": {"ORGANIZATION": {"full_form_first": True}}}}
    assert groups(["Commission", "European Commission"], config=config) == [["Commission"], ["European Commission"]]
    assert groups(["European Commission", "Commission"], config=config) == [["European Commission", "Commission"]]
    assert groups(["Commission", "European Commission"]) == [["Commission", "European Commission"]]


def test_locations_have_no_partial_matching():
    assert groups(["Eastern Europe", "Europe", "New York", "York"], "LOCATION") == [
        ["Eastern Europe"], ["Europe"], ["New York"], ["York"]]


# ----------------------------------------------------------------------------------- chains
def test_chain_invariants_with_unsorted_input():
    text = "EU said. Mr Doe, the European Union and John Doe. Doe. EU."
    spans = [("EU", "ORGANIZATION", 1), ("John Doe", "PERSON", 0), ("EU", "ORGANIZATION", 0),
             ("Mr Doe", "PERSON", 0), ("European Union", "ORGANIZATION", 0), ("Doe", "PERSON", 2)]
    entities = []
    for sub, label, occ in spans:
        start = -1
        for _ in range(occ + 1):
            start = text.index(sub, start + 1)
        entities.append(Entity(start, start + len(sub), label, sub, "test"))
    chains = resolve_chains(entities)  # not sorted: indices refer to the input order
    assert [c.mentions for c in chains] == [[2, 4, 0], [3, 1, 5]]
    assert [c.chain_id for c in chains] == [0, 1]
    assert sorted(i for c in chains for i in c.mentions) == list(range(len(entities)))
    for c in chains:
        assert len({entities[i].label for i in c.mentions}) == 1
        starts = [entities[i].start for i in c.mentions]
        assert starts == sorted(starts)


def test_empty_and_other_labels():
    assert resolve_chains([]) == []
    assert groups(["a@b.example", "A@B.example", "c@d.example"], "EMAIL") == [["a@b.example", "A@B.example"],
                                                                              ["c@d.example"]]


# ----------------------------------------------------------------------------------- configuration
def test_language_configuration_differs():
    # head-initial Spanish: "Parlamento" is the headword of "Parlamento Europeo"; in English it would not be
    assert groups(["Parlamento Europeo", "Parlamento"], language="es") == [["Parlamento Europeo", "Parlamento"]]
    assert groups(["Parlamento Europeo", "Parlamento"], language="en") == [["Parlamento Europeo"], ["Parlamento"]]
    # stemming only where configured (German)
    assert groups(["Europäische Union", "Europäischen Union"], language="de") == [
        ["Europäische Union", "Europäischen Union"]]
    assert groups(["Europäische Union", "Europäischen Union"], language="en") == [
        ["Europäische Union"], ["Europäischen Union"]]
    # unknown languages use the "*" section
    assert groups(["John Doe", "Doe"], "PERSON", "xx") == [["John Doe", "Doe"]]
    settings = language_config("de")
    assert settings["stemmer"] == "german" and "stem" in settings["labels"]["ORGANIZATION"]["rules"]
    assert language_config("en")["stemmer"] is None


def test_rules_can_be_switched_off_per_label_and_language():
    no_partial = {"en": {"labels": {"PERSON": {"rules": ["identical", "title"]}}}}
    assert groups(["John Doe", "Mr. John Doe", "Doe"], "PERSON", config=no_partial) == [
        ["John Doe", "Mr. John Doe"], ["Doe"]]
    assert groups(["John Doe", "Doe"], "PERSON", "de", config=no_partial) == [["John Doe", "Doe"]]
    singletons = {"en": {"labels": {"ORGANIZATION": None}}}
    assert groups(["Acme", "Acme"], config=singletons) == [["Acme"], ["Acme"]]
    no_rules = {"en": {"labels": {"LOCATION": {"rules": []}}}}
    assert groups(["Lisbon", "Lisbon"], "LOCATION", config=no_rules) == [["Lisbon"], ["Lisbon"]]


class ExactCoreferencer(Coreferencer):
    """A user's coreferencer: only case-sensitive identical surfaces (used through "module:Class")."""

    def resolve(self, entities):
        by_text = {}
        for i, e in entities:
            by_text.setdefault(e.text, []).append(i)
        return list(by_text.values())


def test_user_coreferencer_class():
    config = {"en": {"labels": {"ORGANIZATION": {"class": "tests.unit.test_coreference:ExactCoreferencer"}}}}
    assert groups(["Acme", "ACME", "Acme"], config=config) == [["Acme", "Acme"], ["ACME"]]


def test_configuration_errors():
    with pytest.raises(ValueError, match="unknown coreference rule"):
        groups(["Acme"], config={"en": {"labels": {"ORGANIZATION": {"rules": ["telepathy"]}}}})
    with pytest.raises(ValueError, match="unknown coreferencer"):
        groups(["Acme"], config={"en": {"labels": {"ORGANIZATION": {"class": "Nope"}}}})
    with pytest.raises(ValueError, match="not a Coreferencer"):
        groups(["Acme"], config={"en": {"labels": {"ORGANIZATION": {"class": "json:loads"}}}})
    with pytest.raises(ValueError, match="option"):
        groups(["Acme"], config={"en": {"labels": {"ORGANIZATION": {"colour": "red"}}}})


def test_user_configuration_file(tmp_path, monkeypatch):
    user = tmp_path / "coref.json"
    user.write_text(json.dumps({"en": {"labels": {"PERSON": {"rules": ["identical"]}}, "titles": ["mr"]}}), "utf-8")
    config = load_config(user)
    settings = language_config("en", config)
    assert settings["labels"]["PERSON"] == {"class": "PersonCoreferencer", "rules": ["identical"]}
    assert settings["labels"]["ORGANIZATION"]["class"] == "OrganizationCoreferencer"
    assert settings["titles"] == ["mr"]
    monkeypatch.setenv("ANON_COREFERENCE_CONFIG", str(user))
    assert language_config("en", load_config())["labels"]["PERSON"]["rules"] == ["identical"]


def test_format_characters_inside_a_mention_do_not_split_its_chain():
    """A soft hyphen or zero-width space inside a name (text copied from a hyphenated PDF) is invisible: "Mer\\u00adkel"
    is the "Merkel" of a later mention, and the surrogates keep one surname for the chain."""
    assert groups(["Angela Mer\u00adkel", "Merkel", "Frau Mer\u200bkel"], label="PERSON", language="de") == [
        ["Angela Mer\u00adkel", "Merkel", "Frau Mer\u200bkel"]]
    from app.anonymization.surrogates import key

    assert key("Mer\u00adkel") == key("MERKEL") == "merkel"
