"""Quasi-identifiers for the ``strict`` privacy profile: dates down to bare years, ages, durations, amounts and
quantities, numbers in lists, occupations and offices, nationality/ethnicity/religion, sex, family relations and
health conditions.

A quasi-identifier names no one alone, but a few of them together single a person out (Sweeney, "k-anonymity",
IJUFKS 2002: date of birth, sex and postal code identify most Americans; the HIPAA Safe Harbor list, 45 CFR
§164.514(b)(2), removes every date element but the year, every age over 89 and geographic units below a state).
The ``standard`` profile leaves them in clear (readability first); ``strict`` masks them all (no year, no age, no
occupation, no relative left), for documents where a quasi-identifier is a leak: court decisions about private
persons, clinical notes.

The word lists are per language (:attr:`app.languages.Language.quasi_identifiers`, a
:class:`app.languages.QuasiIdentifiers`); each entry is a regular expression matched case-insensitively as whole
words (inflected forms written as alternatives: ``turc[oa]s?``). They are lexicons, not a classifier: a word missing
from them stays in clear. Words that news corpora annotate as names are left out of the lists ("Gobierno",
"Governo", "Constitución", "Tribunal": CoNLL-2002 and HAREM tag them as organizations or MISC).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from app import languages
from app.detection.base import Recognizer
from app.detection.fast_regex import letter_led
from app.detection.labels import CODE, DATE, DEMOGRAPHIC, HEALTH, OCCUPATION, QUANTITY, RELATION
from app.detection.patterns import MONTHS
from app.detection.rules import STOP_WORDS_FOLDED
from app.doc import Entity, Sentence
from app.languages import QuasiIdentifiers

#: What follows a diagnosis's code in a list of diagnoses: a dash or not, then a capitalised word ("E11.9 Diabetes",
#: "G43.0 – Enxaqueca").
_DIAGNOSIS_AFTER = r"[^\S\n]*[–-]?[^\S\n]*[A-ZÀ-Ý][a-zà-ÿ]"

#: Labels the strict profile adds to the sensitive ones.
STRICT_LABELS: frozenset[str] = frozenset({DEMOGRAPHIC, OCCUPATION, RELATION, HEALTH, QUANTITY, CODE, DATE})


def lexicon(language: str) -> QuasiIdentifiers | None:
    """The quasi-identifier lexicon of ``language`` (``None`` for an undeclared language or one without)."""
    lang = languages.find(language)
    return lang.quasi_identifiers if lang is not None else None


def _across_languages(attribute: str) -> list[str]:
    """The entries of one :class:`app.languages.QuasiIdentifiers` attribute over every declared language, in
    declaration order, without repeats: patterns that apply to documents of any language."""
    out: list[str] = []
    for lang in languages.all_languages():
        if lang.quasi_identifiers is None:
            continue
        value = getattr(lang.quasi_identifiers, attribute)
        for item in (value,) if isinstance(value, str) else value:
            if item and item not in out:
                out.append(item)
    return out


_YEAR = r"(?:1[6-9]\d\d|20\d\d)"
_ITEM = re.compile(r"\d+(?:[/-]\d+)*")
_DIGITS = r"\d{1,3}(?:[.,' ]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?"

#: A number and its unit of measurement (a weight, a length, a volume, a dose, a speed, a reading, a share), the unit in
#: any case ("31KG", "1,68 m", "200ml", "78 km/h", "89%", "214 mg/dL", "38,5 ºC"); no unit that is also a word
#: ("in", "st").
_MEASUREMENT = re.compile(r"(?<![\w/.,-])\d{1,4}(?:[.,]\d{1,3})?[^\S\n]?"
                          r"(?:(?i:kg|g|mg|mcg|µg|ml|cl|dl|cm|mm|m|km|km/h|mph|lbs?|mmHg|mg/dl|g/l|mmol/l|bpm)(?![\w/])"
                          r"|%|[º°]C(?![\w]))")
#: Function words of every language: an entity of common capitalised words may contain them ("Rules of Court").
_FUNCTION_WORDS = frozenset(_across_languages("function_words"))


@lru_cache(maxsize=8)
def common_capitalised(language: str) -> frozenset[str]:
    """The language's ``common_capitalised`` words (:func:`lexicon`; empty for a language without lexicons)."""
    lex = lexicon(language)
    return frozenset(lex.common_capitalised) if lex is not None else frozenset()


def common_capitalised_only(surface: str, language: str) -> bool:
    """Whether ``surface`` has a word of :func:`common_capitalised` and otherwise only such words, function words,
    numbers and "§": "Article", "the Convention", "Rule 52", "Court under Article", "Rules of Court", "Third
    Section of the Court". Such an entity names no one ("Convention" tagged as an organization, "Rule" as a
    person in court decisions); "European Court of Human Rights" or "Court of Cassation" keep a word of their own.
    """
    vocabulary = common_capitalised(language)
    if not vocabulary:
        return False
    words = re.findall(r"[^\s\[\](),;:\"“”«»]+", surface)
    found = False
    for word in words:
        if word in vocabulary or word.rstrip(".,") in vocabulary:
            found = True
        elif not (word.lower() in _FUNCTION_WORDS or word == "§" or any(c.isdigit() for c in word)):
            return False
    return found


def _words(items: Iterable[str]) -> str:
    return "(?:" + "|".join(sorted(items, key=len, reverse=True)) + ")"


#: The source of an occupation found as a form field's value (:class:`QuasiIdentifierRecognizer`), ahead of the
#: model's in the voting (``precedence`` of :mod:`app.detection.config`).
OCCUPATION_FIELD = "occupation_field"
#: The source of a demographic form field's value ("Nacionalidade:   Portuguesa", "Sexo: H"), ahead of the model's in
#: the voting too (stop 68: the model's organization "Portuguesa\nResidência habitual" across the form's line break
#: took the value's place, then was cut at the line and dropped as a field's name, and the nationality stayed in clear).
DEMOGRAPHIC_FIELD = "demographic_field"


class QuasiIdentifierRecognizer(Recognizer):
    """The quasi-identifiers of the strict profile, per language (:func:`lexicon`).

    * ``DATE``: bare years ("born in 1925", "in 2003") and decades ("the 1990s"), month names alone ("in
      March") — the dates the ``date`` recognizer leaves (it needs a day or a year with a month);
    * ``QUANTITY``: numbers in digits or words with their unit of time and age words ("twelve years and six
      months", "aged 45", "a 45-year-old", "de 45 años", "45 Jahre alt"), and every other number ("twenty-one
      other persons", "3 children") except after a reference to a norm ("Article 6", "§ 823", "Rule 39");
    * ``CODE``: numbers in a list after "no./nos./Nr./n.º" ("plots nos. 260, 268, 45"), also without slashes;
    * ``DEMOGRAPHIC``: nationality, ethnicity, religion and sex words, and the value of a sex form field
      ("Sexo: H");
    * ``OCCUPATION``, ``RELATION``, ``HEALTH``: occupations and offices, family relations, health conditions (a
      condition with its qualifiers on both sides, "mild persistent asthma", "asma leve": :func:`_with_qualifiers`).

    The value of an occupation's form field (``occupation_fields`` of the lexicon: "Occupation: Forklift Operator",
    "Beruf: Schneiderin") is an ``OCCUPATION`` of source :data:`OCCUPATION_FIELD` (stop 67), a demographic field's
    value a ``DEMOGRAPHIC`` of source :data:`DEMOGRAPHIC_FIELD` (stop 68).

    Matching is case-insensitive on whole words, except that month names must be capitalised in a language whose
    lexicon says so (English; its ambiguous "May" and "March" only after a preposition). Entities
    may overlap each other; voting keeps the longest (all but the occupation and demographic fields have one source,
    ``quasi_identifier``).

    Raises:
        ValueError: no lexicon for ``language``.
    """

    name = "quasi_identifier"

    def __init__(self, language: str) -> None:
        if lexicon(language) is None:
            raise ValueError(f"no quasi-identifier lexicons for language {language!r}")
        self.language = language
        self.patterns = _compiled(language)
        # (stop 56) where an occupation's modifiers stand, whether nouns are capitalised, the lexicon's occupations
        self.modifiers_side = languages.OCCUPATION_MODIFIERS_SIDE.get(language)
        lang = languages.find(language)
        self.capitalised_nouns = lang is not None and lang.capitalised_nouns
        self.occupation = next((p for label, p in self.patterns["items"][::-1] if label == OCCUPATION), None)
        # (the lexicon's nationality words: never an occupation's field adjective, "Ministro britânico")
        self.demographic = next((p for label, p in self.patterns["items"][::-1] if label == DEMOGRAPHIC), None)

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        out: list[Entity] = []
        legal = self.patterns["legal_ref"]
        for label, pattern in self.patterns["items"]:
            for m in pattern.finditer(text):
                inner = next((g for g in ("x", "y", "z") if g in pattern.groupindex and m.group(g) is not None), None)
                start, end = m.span(inner) if inner else m.span()  # the value of a pattern's context
                if end <= start:
                    continue
                if label == QUANTITY and legal.search(text, max(0, start - 24), start):
                    continue
                if label == CODE:  # one entity per number of the list, the words between them stay
                    if legal.search(text, max(0, m.start() - 24), m.start()):
                        continue  # "Protocols nos. 1 and 4": norms, not registers
                    out.extend(Entity(a, b, CODE, text[a:b], self.name)
                               for a, b in (i.span() for i in _ITEM.finditer(text, start, end)))
                    continue
                if label == DEMOGRAPHIC and text[end - 1] == "." and "." not in text[start:end - 1]:
                    end -= 1  # a sentence's or an abbreviation's one full stop ("ev."), not "röm.-kath."'s
                source = DEMOGRAPHIC_FIELD if label == DEMOGRAPHIC and inner == "x" else self.name
                out.append(Entity(start, end, label, text[start:end], source))
        field = self.patterns["occupation_field"]
        if field is not None and ":" in text:
            fields = [Entity(*m.span("x"), OCCUPATION, m.group("x"), OCCUPATION_FIELD) for m in field.finditer(text)]
            if fields:  # (the field's entity in place of the lexicon's on the same words)
                spans = {(e.start, e.end) for e in fields}
                out = [e for e in out if e.label != OCCUPATION or (e.start, e.end) not in spans] + fields
        found, conditions = _health_words(text, self.name)
        # a lexicon's condition or occupation ending there holds the word already
        ends = {e.end for e in out if e.label in (HEALTH, OCCUPATION)}
        out.extend(found)
        out.extend(e for e in conditions if e.end not in ends)
        before, after = self.patterns["qualifiers"]
        if before is not None:
            out = [_with_qualifiers(text, e, before, after) if e.label == HEALTH else e for e in out]
        if self.modifiers_side is not None and self.occupation is not None:
            out = [_with_modifiers(text, e, self.modifiers_side, self.capitalised_nouns, self.occupation,
                                   self.demographic) if e.label == OCCUPATION else e for e in out]
        return out


def _with_qualifiers(text: str, entity: Entity, before: re.Pattern[str], after: re.Pattern[str]) -> Entity:
    """``entity`` (a condition) extended over the language's qualifiers of a condition on both sides, one space
    apart (:attr:`app.languages.QuasiIdentifiers.health_qualifiers`; stop 58: "mild persistent asthma", "asma leve",
    "Gonarthrose beidseits", "HTA mal controlada" left their qualifiers in clear): up to two before it and three after
    it (stop 72: "enfermedad renal crónica estadio 3"). Bounded: reads at most 125 characters."""
    start, end = entity.start, entity.end
    for _ in range(2):
        m = before.search(text, max(0, start - 25), start)
        if m is None:
            break
        start = m.start()
    for _ in range(3):
        m = after.match(text, end, min(len(text), end + 25))
        if m is None:
            break
        end = m.end()
    if (start, end) == (entity.start, entity.end):
        return entity
    return Entity(start, end, HEALTH, text[start:end], entity.source)


#: A word that may make an occupation's name more precise ("software", "self-employed", "Key", "de"), and the gap
#: before it: one space on the same line.
_MODIFIER_BEFORE = re.compile(r"(?:(?<=[^\w.-])|^)([^\W\d_][\w'’&-]*) $")
_MODIFIER_AFTER = re.compile(r" (?:(d[eoa]s?|del) )?([^\W\d_][\w'’-]*)")
#: The endings of Spanish and Portuguese adjectives of a field after an occupation ("engenheira química", "médico
#: veterinário", "contador público", "asesora comercial"; stop 69: the adjective stayed in clear beside the masked
#: noun).
_FIELD_ADJECTIVE_ENDINGS = ("ico", "ica", "icos", "icas", "ário", "ária", "ario", "aria", "al", "ales", "ais", "il",
                            "ivo", "iva", "ista")
#: Words that end the run of modifiers whatever their case (possessives, negations, copulas, prepositions the stop words
#: may lack).
# (stop 69: and German articles and contractions, "den vom Landschaftsarchitekten" of a GermEval sentence)
_NOT_MODIFIERS: frozenset[str] = frozenset(
    "der die das den dem des vom zum zur im am beim ein eine einen einem einer "
    "a an the my his her their our your its is was are were be been being as at for and or not no became becomes works "
    "worked thank thanks thanked ask asked call called contact contacted see saw seen tell told meet met visit visited "
    "email emailed hire hired dear mein meine sein seine ihr ihre und oder als ist war wurde wird werden bin sind "
    "bleibt arbeitet bei mit von zu el la los las un una su sus mi es fue como en y o e o a os as um uma seu sua é foi "
    "com em para por "
    "profesión profissão oficio ofício formación formação carrera".split())


def _with_modifiers(text: str, entity: Entity, side: str, capitalised_nouns: bool, occupation: re.Pattern[str],
                    demographic: re.Pattern[str] | None = None) -> Entity:
    """``entity`` (an occupation of the lexicon) extended over the words that make it more precise on the language's
    ``side`` (:data:`app.languages.OCCUPATION_MODIFIERS_SIDE`; stop 56: "software engineer", "ingeniero de software"
    left "software" in clear): before it, up to two words on the same line separated by one space, capitalised ones only
    when the occupation is (a title: "Key Account Manager") or the word opens its line ("Secondary school teacher") in
    a language that writes its nouns in lower case; after
    it, up to three words: a lower-case word after "de"/"do"/"da" ("de software"), or an occupation of the lexicon
    ("médica pediatra": a verb after it, "la logopeda trata …", is none), or an adjective of a field
    (:data:`_FIELD_ADJECTIVE_ENDINGS`, five letters or more: "engenheira química"; not a word of ``demographic``, the
    lexicon's nationalities: "Ministro britânico"). No stop word, possessive or copula.
    Bounded: reads at most 70 characters."""
    start, end = entity.start, entity.end
    title = entity.text[:1].isupper() and not capitalised_nouns
    if side == "before":
        for _ in range(2):
            m = _MODIFIER_BEFORE.search(text, max(0, start - 30), start)
            if m is None or m.end() != start:
                break
            word = m.group(1)
            # (stop 72) a capital that only opens its line is no title's ("Secondary school teacher" of a form), in a
            # language that writes its nouns in lower case; a nationality there stays its own ("Irish soccer manager")
            opens_line = not text[text.rfind("\n", 0, m.start(1)) + 1:m.start(1)].strip()
            if (word.casefold() in STOP_WORDS_FOLDED or word.casefold() in _NOT_MODIFIERS
                    or (word[:1].isupper() and not title
                        and (capitalised_nouns or not opens_line
                             or (demographic is not None and demographic.fullmatch(word) is not None)))
                    or len(word) < 2):
                break
            start = m.start(1)
    else:
        for _ in range(3):
            m = _MODIFIER_AFTER.match(text, end, min(len(text), end + 40))
            if m is None:
                break
            word = m.group(2)
            if (not word.islower() or word in STOP_WORDS_FOLDED or word in _NOT_MODIFIERS or len(word) < 3
                    or (m.group(1) is None and occupation.fullmatch(word) is None
                        and not (len(word) >= 5 and word.endswith(_FIELD_ADJECTIVE_ENDINGS)
                                 and (demographic is None or demographic.fullmatch(word) is None)))):
                break
            end = m.end(2)
    if (start, end) == (entity.start, entity.end):
        return entity
    return Entity(start, end, OCCUPATION, text[start:end], entity.source, entity.score)


#: A word of three letters or more, and a medicine's dose and frequency after its name (" 5 mg OD", " 850 MG", " 75
#: mcg/dia", " 90 mg 1-0-1").
_WORD = re.compile(r"(?<![\w-])[^\W\d_]{3,}(?![\w-])")
_DOSE = re.compile(r"(?:[^\S\n]\d+(?:[.,]\d+)?[^\S\n]?"
                   r"(?i:mg|g|mcg|µg|micrograms?|microgramos|ml|UI|IU|I\.E\.|units?|unidades)"
                   r"(?:/(?:d[ií]a|dia|day|Tag|h|kg))?)?"
                   r"(?:[^\S\n](?:OD|BD|TDS|QDS|ON|OM|PRN|nocte|mane|\d-\d-\d(?:-\d)?))?(?![\w/])")


def medicines(text: str, source: str = "quasi_identifier") -> list[Entity]:
    """Medicines in ``text`` (stop 52), label ``HEALTH``, with their dose and frequency, and conditions by their ending
    (:data:`app.languages.CONDITION_SUFFIXES`, stop 54): a word ending in a stem of
    the International Nonproprietary Names (:data:`app.languages.MEDICATION_SUFFIXES`, three letters at least before
    it: "Ramipril", "atorvastatina"), one of :data:`app.languages.MEDICATIONS` (any case) or of
    :data:`app.languages.MEDICATION_ABBREVIATIONS` (as written). ``list[Entity]`` in text order; one scan of the text's
    words, a set lookup or a suffix test each (the one regular expression of every stem first took a fifth of the
    strict profile's recognizer time)."""
    found, conditions = _health_words(text, source)
    return sorted(found + conditions, key=lambda e: e.start)


def _health_words(text: str, source: str) -> tuple[list[Entity], list[Entity]]:
    """``(medicines, conditions by their ending)`` of :func:`medicines`, each in text order, in one scan."""
    suffixes, endings = languages.MEDICATION_SUFFIXES, languages.CONDITION_SUFFIXES
    out: list[Entity] = []
    conditions: list[Entity] = []
    for m in _WORD.finditer(text):
        word = m.group()
        lower = word.lower()
        if (len(lower) >= 7 and lower.endswith(endings) and lower not in languages.CONDITION_SUFFIX_EXCEPTIONS
                and any(lower.endswith(s) and len(lower) - len(s) >= 3 for s in endings)
                and (not lower.endswith(languages.CONDITION_NOT_ENDINGS)
                     or lower.endswith(languages.CONDITION_ENDINGS_KEPT))):
            conditions.append(Entity(m.start(), m.end(), HEALTH, word, source))  # (stop 54) a disease by its ending
            continue
        if (word[:1].isupper() and len(lower) >= 9 and lower.endswith(languages.OCCUPATION_SUFFIXES)
                and lower not in languages.OCCUPATION_SUFFIX_EXCEPTIONS
                and any(lower.endswith(s) and len(lower) - len(s) >= 3 for s in languages.OCCUPATION_SUFFIXES)):
            conditions.append(Entity(m.start(), m.end(), OCCUPATION, word, source))  # (stop 56) by its ending
            continue
        if not (lower in languages.MEDICATIONS or word in languages.MEDICATION_ABBREVIATIONS
                or (len(lower) >= 6 and lower.endswith(suffixes)
                    and any(lower.endswith(s) and len(lower) - len(s) >= 3 for s in suffixes))):
            continue
        dose = _DOSE.match(text, m.end())
        end = dose.end() if dose is not None else m.end()
        out.append(Entity(m.start(), end, HEALTH, text[m.start():end], source))
    return out, conditions


@lru_cache(maxsize=8)
def _compiled(language: str) -> dict:
    lex = lexicon(language)
    number_words = _words(lex.number_words)
    # a cardinal in words with its conjunction inside ("trinta e um", "treinta y uno", "one hundred and five"; stop 50:
    # "trinta e um anos de idade" of a marriage register kept "e um anos de idade" in clear)
    in_words = rf"{number_words}(?:[\s-](?:{lex.conjunction}\s)?{number_words}){{0,3}}"
    # (stop 68: and a figure with its words in brackets, as contracts write them, "2 (dois) anos", "15 (quince) días")
    # (and the words first, "seven (7) years and two (2) months" of an employment reference)
    number = rf"(?:{_DIGITS}(?:\s\({in_words}\))?|{in_words}(?:\s\((?:{_DIGITS})\))?)"
    unit = _words(lex.units)
    # (stop 68: a hyphen between them too, and an English kind of day before the unit: "a 4-day history", "within 10
    # business days")
    kind = r"(?:(?:business|working|calendar|consecutive|clear)\s)?"
    # (and a rate's or a kind's word after it: "40 hours/week", "44 horas semanais", "15 dias úteis" of contracts)
    after = (r"(?:/(?:week|month|day|Woche|Monat|Tag|semana|mes|mês|día|dia)"
             r"|\s(?:semanais|semanales|mensais|mensuales|úteis|hábiles|naturales|corridos|seguidos|consecutivos))?")
    duration = rf"{number}[\s-]?{kind}{unit}(?:,?\s(?:{lex.conjunction}\s)?{number}[\s-]?{kind}{unit})*{after}"
    age_of = "".join(rf"{w}\s|" for w in _across_languages("age_of"))[:-1]
    ages = [
        rf"\b(?:{_words([a for a in lex.age if not a.startswith('-')])})\s(?:{age_of})?(?P<x>{number})\b",
        rf"\b{number}(?:{'|'.join(_across_languages('age_after'))})\b",
    ]
    months = sorted((m for m in MONTHS[language] if len(m) > 3), key=len, reverse=True)
    if lex.capitalised_months:  # capitalised only, and the ambiguous ones ("May") only after a preposition
        month = r"\b(?:" + "|".join(m.capitalize() for m in months if m not in lex.ambiguous_months) + r")\b"
        if lex.ambiguous_months:
            month += (rf"|\b(?:{'|'.join(lex.month_prepositions)})\s"
                      rf"(?P<x>{'|'.join(m.capitalize() for m in lex.ambiguous_months)})\b")
    else:
        month = r"(?i:\b(?:" + "|".join(months) + r")\b)"
    legal = rf"(?:{_words(lex.legal_refs)})\s?(?:no\.\s?|nos\.\s?|Nr\.\s?)?(?:\d+[a-z]?(?:\s?(?:,|and|und|y|e|§)\s?)?)*$"
    fields = _words(lex.demographic_fields)
    year_words = "|".join(_across_languages("year_words"))
    items: list[tuple[str, re.Pattern[str]]] = [  # on the same span the first wins (voting keeps input order)
        (CODE, re.compile(r"(?:\b[Nn]os?\.|\b[Nn]rn?\.|\b[Nn]\.?\s?[º°]s?\.?|\b[Nn]\.os|\b[Nn]úms?\.)\s?"
                          r"(?P<x>\d+(?:[/-]\d+)*(?:(?:\s?,\s?|\s(?:and|und|y|e|et|or|&)\s)\d+(?:[/-]\d+)*)+)")),
        # (and the second year of a range: "(1901-1975)" of family-tree notes kept "1975" in clear; stop 53)
        (DATE, re.compile(rf"(?:(?<![\w/.,-])|(?<=\d{{4}}-))(?:(?i:{year_words})\s)?{_YEAR}(?![\w/]|[.,]\d)")),
        (DATE, re.compile(lex.decades, re.IGNORECASE)),
        (DATE, re.compile(month)),
        *[(QUANTITY, re.compile(a, re.IGNORECASE)) for a in ages],
        (QUANTITY, re.compile(rf"(?<![\w/.,-])(?i:{duration})(?![\w/])")),
        # (stop 59) a measurement with its unit, glued or spaced: a weight, a height, a dose, a reading ("GUIDE DOG
        # LABRADOR 31KG", "INFT 9.5KG" of a passenger manifest, "altura 1,68 m", "SpO2 89%", "Glicemia 214 mg/dL")
        (QUANTITY, _MEASUREMENT),
        (QUANTITY, re.compile(rf"(?<![\w/.,-])(?:{_DIGITS})(?![\w/]|[.,]\d)")),
        (QUANTITY, re.compile(rf"\b(?i:{in_words})\b")),
        # the field's value: a word of up to ten letters ("Sexo: H   Idade: 58"), or up to three words up to the line's or
        # the item's end ("Religion: sunnitischer Islam" of an asylum hearing's record; stop 48)
        # (stop 49) an abbreviated value with its dots and hyphen ("Religion: röm.-kath." left ".-kath." in clear)
        # (stop 50) a note in parentheses before the colon ("Cor/raça (autodeclarada): parda" of a school's form)
        # (stop 68: the value after a form's aligned column, "Nacionalidade:        Portuguesa" of a death's record)
        (DEMOGRAPHIC, re.compile(rf"(?i:\b{fields})(?:\s?\([^()\n]{{1,30}}\))?\s?:[^\S\n]*"
                                 rf"(?P<x>[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ.-]{{0,19}}"
                                 rf"(?:[^\S\n][A-Za-zÀ-ÿ][A-Za-zÀ-ÿ.-]{{0,19}}){{0,2}}"
                                 rf"(?=[^\S\n]*(?:[,;)\n]|$))|[A-Za-zÀ-ÿ]{{1,10}}\b)")),
    ]
    # (stop 67) an occupation's field and its value, up to eight words to the line's end, a column gap or a comma
    # ("Occupation:  Forklift Operator / Warehouse Team Leader" of an unemployment claim, "Beruf: Schneiderin" of a care
    # assessment: in clear where the lexicon lacks the occupation)
    # (its own source, ``occupation_field``, ahead of the model's in the voting: a field's value is an occupation
    # whatever the model took it for, "Profissão: Auxiliar de enfermagem" an organization)
    occupation_field = None
    if lex.occupation_fields:
        occupation_field = letter_led(re.compile(
            rf"(?i:\b{_words(lex.occupation_fields)})(?:\s?\([^()\n]{{1,30}}\))?[^\S\n]?:[^\S\n]*"
            rf"(?P<x>[A-Za-zÀ-ÿ][\wÀ-ÿ.'’/&-]*(?:[^\S\n][\wÀ-ÿ.'’/&()-]+){{0,7}}?)"
            rf"(?=[^\S\n]*(?:[\n,;]|$)|[^\S\n]{{2,}})"))
    # an age and a sex as forums write them ("I'm 34F", "my husband (37M)"; stop 48), in capitals: not an amount
    # ("$37M", "37M euros"), a distance ("50m") nor a German paragraph's letter ("§ 30f", "Abs. 3f" of the legal corpus)
    items.append((DEMOGRAPHIC, re.compile(r"(?<![\w$€£¥/.,-])(?<!§ )(?:[1-9]\d?)[MF](?=\)|,|\.(?!\d)|\s+(?![A-Za-zÀ-ÿ]*(?:\$|€|£|"
                                          r"euros?|dollars?|pounds?|reais|libras))|$)")))
    # a diagnosis's code of the WHO's classification (ICD-10/11; CID in Portuguese, CIE in Spanish) after its name
    # ("CID-10: J11.1" of a medical certificate, "CID F84.0") or in parentheses after the diagnosis ("schwere Episode
    # (F33.2)"; stop 48: both stayed in clear in the strict profile)
    # or after a diagnosis's field, with a German certainty or side marker ("Diagnose: M54.5 G" of a sick note; stop 49)
    # (ICD-10-CM's letters after the decimal point: "S52.502A", "S70.02XA" of a workers' compensation claim; stop 53)
    items.append((HEALTH, re.compile(r"\b(?:ICD|CID|CIE)(?:-?1[01])?(?:-?CM)?\s?:?\s?"
                                     r"(?P<x>[A-Z]\d{2}(?:\.[0-9A-Z]{1,4})?)(?![\w.])"
                                     r"|\((?P<y>[A-Z]\d{2}\.\d{1,2})\)"
                                     r"|\b(?:Diagnosen?|Diagnos[ie]s|Dx|Diagn[óo]sticos?)[^\S\n]?:[^\S\n]?"
                                     r"(?P<z>[A-Z]\d{2}(?:\.\d{1,3})?(?:[^\S\n]?[GVAZLRB](?![\w]))?)(?![\w.])")))
    # a diagnosis's code of ICD-10 before the diagnosis's name ("E11.9 Diabetes mellitus tipo 2; I10 Hipertensión
    # esencial" of a prescription, "- G40.1 – Epilepsia sintomática focal"; stop 52): with its decimal anywhere,
    # without it at a line's or an item's start
    # (stop 71: and a dash before a diagnosis in lower case, "Indicação (CID informado): F41.1 – transtorno de
    # ansiedade generalizada" of a pharmacy's dispensing record)
    items.append((HEALTH, re.compile(rf"(?<![\w.])[A-TV-Z]\d{{2}}\.\d{{1,2}}"
                                     rf"(?={_DIAGNOSIS_AFTER}|[^\S\n]*[–-][^\S\n]*[a-zà-ÿ]{{3}})"
                                     rf"|(?<![\w.])[A-TV-Z]\d{{2}}\.\d{{1,3}}[0-9A-Z]{{0,2}}X?[A-Z](?![\w.])"
                                     rf"|(?m:(?:^|(?<=; )|(?<=^- ))[A-TV-Z]\d{{2}}(?={_DIAGNOSIS_AFTER}))")))
    # (stop 71) a blood pressure after its name or abbreviation, in any of the four languages ("Blutdruck 142/88 mmHg"
    # of an occupational health assessment, "PA 122/78 mmHg" of a sports certificate, "BP: 138/86")
    items.append((HEALTH, re.compile(r"(?<![\w-])(?:(?-i:BP|PA|TA|RR)|Blutdruck|blood\s+pressure|press[ãa]o\s+arterial"
                                     r"|(?:presi[óo]n|tensi[óo]n)\s+arterial)[^\S\n]*:?[^\S\n]*"
                                     r"\d{2,3}/\d{2,3}(?:[^\S\n]?mm[^\S\n]?Hg)?(?![\w/])", re.IGNORECASE)))
    for words, label in ((lex.demographic, DEMOGRAPHIC), (lex.occupation, OCCUPATION), (lex.relation, RELATION),
                         (lex.health, HEALTH)):
        # (stop 69: an occupation given up, "ex-costureira", "ex-engenheiro agrônomo" of a guardianship order and a
        # death certificate: the hyphen kept the lexicon's word from matching)
        former = r"(?:ex-)?" if label == OCCUPATION else ""
        items.append((label, re.compile(rf"(?<![\w-]){former}(?i:{_words(words)})(?![\w-])")))
    qualifiers = "|".join(lex.health_qualifiers)
    qualifier_before = re.compile(rf"(?<![\w-])(?:{qualifiers})[ ]$", re.IGNORECASE) if qualifiers else None
    qualifier_after = re.compile(rf"[ ](?:{qualifiers})(?![\w-])", re.IGNORECASE) if qualifiers else None
    # (stop 67: the lists of words grouped by first letters, 2–8× faster scans: :func:`letter_led`)
    items = [(label, letter_led(pattern)) for label, pattern in items]
    return {"items": items, "legal_ref": re.compile(legal), "qualifiers": (qualifier_before, qualifier_after),
            "occupation_field": occupation_field}
