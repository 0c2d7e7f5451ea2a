import pytest

from app.reidentification.matching import canonical_label, find_placeholders, moses_markup, parse_placeholder


@pytest.mark.parametrize(
    "surface,key",
    [
        ("[PERSON_1]", ("PERSON", 1)),
        ("[ person_1 ]", ("PERSON", 1)),
        ("［PERSON_2］", ("PERSON", 2)),
        ("【 PERSON_3 】", ("PERSON", 3)),
        ("«LOCATION_1»", ("LOCATION", 1)),
        ("⟦DATE_1⟧", ("DATE", 1)),
        ("&#91;EMAIL_1&#93;", ("EMAIL", 1)),
        ("&#x5B;EMAIL_2&#x5D;", ("EMAIL", 2)),
        ("&lsqb;PHONE_1&rsqb;", ("PHONE", 1)),
        ("[PERSON _ 4]", ("PERSON", 4)),
        ("[PERSON 5]", ("PERSON", 5)),
        ("[PERSON-6]", ("PERSON", 6)),
        ("[PERSONA_1]", ("PERSON", 1)),
        ("[PERSONNE_1]", ("PERSON", 1)),
        ("[PESSOA_1]", ("PERSON", 1)),
        ("[ORT_2]", ("LOCATION", 2)),
        ("[ORGANIZACIÓN_1]", ("ORGANIZATION", 1)),
        ("[LOCALIZAÇÃO_3]", ("LOCATION", 3)),
        ("[PERSNO_8]", ("PERSON", 8)),
        ("[PERSON_１]", ("PERSON", 1)),
        ("[IP_ADDRESS_1]", ("IP_ADDRESS", 1)),
        ("[CREDIT_CARD_2]", ("CREDIT_CARD", 2)),
        ("[PROPER_NOUN_3]", ("PROPER_NOUN", 3)),
        ("[NOMBRE PROPIO 3]", ("PROPER_NOUN", 3)),
        ("[EIGENNAME_3]", ("PROPER_NOUN", 3)),
        ("[NOME_PRÓPRIO_3]", ("PROPER_NOUN", 3)),
        ("[NOMBRE_3]", ("PERSON", 3)),
        ('<ne translation="[PERSON_7]">[PERSON_7]</ne>', ("PERSON", 7)),
        ("[FOOBAR_1]", None),
    ],
)
def test_variants(surface, key):
    [match] = find_placeholders(f"x {surface}, y")
    assert (match.surface, match.key) == (surface, key)


def test_glued_punctuation_and_order():
    matches = find_placeholders("([PERSON_1]),[LOCATION_2].«PERSON_1»")
    assert [(m.start, m.end, m.key) for m in matches] == [(1, 11, ("PERSON", 1)), (13, 25, ("LOCATION", 2)), (26, 36, ("PERSON", 1))]


def test_helpers():
    assert parse_placeholder("[ORGANIZATION_12]") == ("ORGANIZATION", 12)
    assert parse_placeholder("XXX") is None
    assert canonical_label("Persona") == "PERSON" and canonical_label("Quux") is None
    assert moses_markup("[PERSON_1]") == '<ne translation="[PERSON_1]">[PERSON_1]</ne>'
