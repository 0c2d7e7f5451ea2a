"""The standard tagset of the system and conversion tables from model and corpus tagsets.

Every recognizer's labels are converted into this one tagset by a conversion table (Dias, 2016,
Appendix B ``converttags``; §4.1.2 "define a conversion table between the tagset of a NER tool and
the standard tagset of the system"). A tag missing from a table is dropped (``None``), never guessed.
"""

from __future__ import annotations

PERSON = "PERSON"
ORGANIZATION = "ORGANIZATION"
LOCATION = "LOCATION"
MISC = "MISC"
DATE = "DATE"
TIME = "TIME"
EMAIL = "EMAIL"
PHONE = "PHONE"
URL = "URL"
#: A user name of a social network, forum or chat ("@mary_jones").
USERNAME = "USERNAME"
IP_ADDRESS = "IP_ADDRESS"
IBAN = "IBAN"
CREDIT_CARD = "CREDIT_CARD"
NATIONAL_ID = "NATIONAL_ID"
MONEY = "MONEY"
CASE_NUMBER = "CASE_NUMBER"
#: A record, account, customer, policy, passport or similar number named by a keyword ("MRN 00482913").
ID_NUMBER = "ID_NUMBER"
POSTAL_CODE = "POSTAL_CODE"
NUMBER = "NUMBER"
#: A capitalised word of unknown type that no lexicon of common words knows (:mod:`app.detection.proper_nouns`).
PROPER_NOUN = "PROPER_NOUN"


# Quasi-identifiers, detected in the ``strict`` privacy profile only (:mod:`app.detection.quasi_identifiers`)
#: Nationality, ethnicity, religion and sex ("a Turkish national", "Muslim", "varón").
DEMOGRAPHIC = "DEMOGRAPHIC"
#: An occupation or office ("university professor", "editor", "mayor").
OCCUPATION = "OCCUPATION"
#: A family relation ("his mother", "Ehefrau", "hermano").
RELATION = "RELATION"
#: A health condition or disability ("diabetes", "schwanger", "discapacidad").
HEALTH = "HEALTH"
#: An age, a duration, an amount or quantity without currency ("aged 45", "twelve years and six months").
QUANTITY = "QUANTITY"
#: A register, plot or similar number in a list ("plots nos. 260, 268, 45").
CODE = "CODE"

#: All standard labels, in the order used for reports.
STANDARD_LABELS: tuple[str, ...] = (
    PERSON, ORGANIZATION, LOCATION, MISC, DATE, TIME, EMAIL, PHONE, URL, USERNAME, IP_ADDRESS, IBAN, CREDIT_CARD,
    NATIONAL_ID, MONEY, CASE_NUMBER, ID_NUMBER, POSTAL_CODE, NUMBER, PROPER_NOUN,
    DEMOGRAPHIC, OCCUPATION, RELATION, HEALTH, QUANTITY, CODE,
)

#: The labels of names: what a model, a list or a rule gives a person, an organization, a place or another name (the
#: detector drops such an entity when it is only common words, a heading or a form field's name).
NAME_LABELS: frozenset[str] = frozenset({PERSON, ORGANIZATION, LOCATION, MISC, PROPER_NOUN})

#: The labels of quasi-identifiers, sensitive in the ``strict`` profile only.
QUASI_IDENTIFIER_LABELS: frozenset[str] = frozenset({DEMOGRAPHIC, OCCUPATION, RELATION, HEALTH, QUANTITY, CODE})

#: Labels anonymized by default: all but plain numbers (a missed entity is a leak, Dias, 2016, §5.1;
#: numbers are found so a configuration can make them sensitive, as NETANOS's "values") and quasi-identifiers.
DEFAULT_SENSITIVE: frozenset[str] = frozenset(STANDARD_LABELS) - {NUMBER} - QUASI_IDENTIFIER_LABELS

#: Conversion tables, by tagset name: model/corpus tag (without B-/I-/E-/S- prefix) → standard label.
CONVERSION_TABLES: dict[str, dict[str, str]] = {
    # CoNLL-2002/2003, Europarl (Agerri et al.), WikiANN
    "conll": {"PER": PERSON, "ORG": ORGANIZATION, "LOC": LOCATION, "MISC": MISC},
    # OntoNotes (official Stanza English models)
    "ontonotes": {
        "PERSON": PERSON,
        "ORG": ORGANIZATION,
        "GPE": LOCATION,
        "LOC": LOCATION,
        "FAC": LOCATION,
        "NORP": MISC,
        "EVENT": MISC,
        "WORK_OF_ART": MISC,
        "LAW": MISC,
        "PRODUCT": MISC,
        "LANGUAGE": MISC,
        "DATE": DATE,
    },
    # GermEval 2014 (outer tags)
    "germeval": {"PER": PERSON, "ORG": ORGANIZATION, "LOC": LOCATION, "OTH": MISC},
    # HAREM / LeNER-Br
    "harem": {"PESSOA": PERSON, "ORGANIZACAO": ORGANIZATION, "LOCAL": LOCATION, "TEMPO": DATE},
    # Standard labels map to themselves (models trained on already-converted data)
    "standard": {label: label for label in STANDARD_LABELS},
}


def convert_tag(tag: str, table: str | dict[str, str] = "conll") -> str | None:
    """Convert one model tag (prefix-free, e.g. ``PER``) to a standard label.

    Args:
        tag: the tag without ``B-``/``I-``/``E-``/``S-`` prefix.
        table: a table name of :data:`CONVERSION_TABLES` or a mapping.

    Returns:
        The standard label, or ``None`` when the table has no entry (the tag is not sensitive).

    Raises:
        KeyError: unknown table name.
    """
    mapping = CONVERSION_TABLES[table] if isinstance(table, str) else table
    if tag in mapping:
        return mapping[tag]
    if tag in STANDARD_LABELS:
        return tag
    return None
