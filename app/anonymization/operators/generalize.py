"""Generalization: an entity replaced by a more general one from an offline knowledge base
(Dias, 2016, §4.3.2, Fig. 4.8; the k-anonymity measure of Suzuki et al., 2017).

* **Locations** climb the hierarchy of :mod:`app.anonymization.knowledge_base` until the level covers
  at least ``k`` entities of the knowledge base (Dias, 2016 Fig. 4.8 ``anon-measure(e, KB) < lvl``):
  "Amsterdam" → "a city in the Netherlands" (243 Dutch cities) → "a European city" (8,135) → "a city"
  (34,006) → "a place"; US cities pass through their state ("a city in Texas"); countries →
  "a European country" → "a country"; subdivisions → "a province in Spain" → "a region in Spain" →
  "a European region" → "a region"; continents → "a continent".
* **Organisations** → their head noun with the definite article: "University of Lisbon" → "the
  university", "Acme Corporation" → "the corporation", "Acme Inc." → "the company"; no known head noun
  → "an organization". (No offline hierarchy counts organisations: ``k`` does not apply.)
* **Dates** climb day → month → year → decade with coverage in days (1, ~30, 365, 3,652) to the first
  level covering at least ``date_days`` days, at least one level above the original. The default,
  3,652, gives the decade: "14 August 2016" and "August 2016" → "the 2010s" (a month and year, "born
  March 1980", narrow a person down too much: issue 15); ``date_days=30`` gives "August 2016".
* **Persons** are not generalized (Dias, 2016): ``substitute`` is used.
* **Other labels** and unknown entities → a label-level phrase ("a place", "an organization",
  "an e-mail address", "a phone number", ...).

Phrases exist in English, German, Spanish and Portuguese ("a city in the Netherlands" / "eine Stadt in
den Niederlanden" / "una ciudad de los Países Bajos" / "uma cidade nos Países Baixos"), with country names
from pycountry's gettext catalogues and their article, gender and number
(:func:`~app.anonymization.knowledge_base.located_in`). Each mention's phrase follows its context
(:func:`~app.anonymization.surrogates.mention_contexts`): a capital letter at the start of a sentence (of the
sentences detection split); no article after a determiner ("the" + "a city" → "the city ..."; pt "na" +
"cidade ..."); German case after a preposition ("in einer Stadt in den Niederlanden",
genitive for "Amsterdams"); es/pt definite articles turn indefinite after "de"/"em" (avoids "de el").

**Collisions** (Dias, 2016: "each entry is checked for collision"): two chains that would get the same
phrase stay re-identifiable because the later chain gets an ordinal, "a city in Spain (2)"; the
ordinal also avoids phrases that already occur in the text. Ordinals were preferred to climbing
differently: climbing would make two Spanish cities look unrelated and lose information unevenly,
and the ordinal survives machine translation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from app.anonymization import surrogates as S
from app.anonymization.base import ChainContext, DocumentContext, Operator
from app import languages
from app.anonymization.knowledge_base import (
    CONTINENT_NAMES,
    Level,
    knowledge_base,
    located_in,
    org_headword,
    org_noun,
)
from app.anonymization.operators.substitute import SubstituteOperator
from app.detection import labels as L
from app.languages.grammar import Grammar

# --- nouns ---------------------------------------------------------------------------------------

#: pycountry subdivision types (folded keyword) → noun concept; the first keyword found wins.
_SUBTYPES: tuple[tuple[str, str], ...] = (
    ("autonomous community", "autonomous community"), ("land", "land"), ("state", "state"), ("province", "province"),
    ("county", "county"), ("district", "district"), ("department", "department"), ("municipality", "municipality"),
    ("canton", "canton"), ("prefecture", "prefecture"), ("governorate", "governorate"), ("parish", "parish"),
    ("city", "city"), ("country", "country"), ("region", "region"),
)
#: The language whose phrases stand in for a language that lacks one
#: (:attr:`app.languages.grammar.Grammar.place_nouns`).
FALLBACK = "en"


def grammar(language: str) -> Grammar:
    """The phrase grammar of ``language`` (:attr:`app.languages.Language.grammar`; English for an undeclared one)."""
    lang = languages.find(language) or languages.get(FALLBACK)
    return lang.grammar


def place_noun(concept: str, language: str) -> tuple[str, str]:
    """``(noun, gender)`` of a place concept ("city") in ``language``, English when the language lacks it."""
    nouns = grammar(language).place_nouns
    return nouns[concept] if concept in nouns else grammar(FALLBACK).place_nouns[concept]


def label_noun(label: str, language: str) -> tuple[str, str] | None:
    """``(noun, gender)`` of a label without a hierarchy ("an e-mail address"), English when the language lacks it;
    ``None`` for labels without one (persons)."""
    if label == L.LOCATION:
        return place_noun("place", language)
    if label == L.DATE:
        return place_noun("date", language)
    for lang in (language, FALLBACK):
        if label in grammar(lang).label_nouns:
            return grammar(lang).label_nouns[label]
    return None


@dataclass(frozen=True, slots=True)
class Phrase:
    """A generalization before it is fitted to a mention's context.

    ``noun`` with ``gender`` (``m``/``f``/``n``; ``pl`` for German plurals), an English ``adjective`` ("European"), a ``rest``
    ("in the Netherlands"), ``definite`` article or indefinite; ``bare`` phrases ("2016") take no article.
    """

    noun: str
    gender: str = "n"
    rest: str = ""
    adjective: str = ""
    definite: bool = False
    bare: bool = False

    def base(self, language: str) -> str:
        """The context-free form (nominative, lower case) used to detect collisions between chains."""
        return render(self, language, S.MentionContext(None, "", False), genitive=False)


# --- rendering -----------------------------------------------------------------------------------


def render(phrase: Phrase, language: str, context: S.MentionContext, genitive: bool = False) -> str:
    """``phrase`` fitted to a mention (:meth:`app.languages.grammar.Grammar.noun_phrase`): article (or none after a
    determiner, with a noun of the gender the determiner imposes), German case, capital letter at the start of a
    sentence."""
    if phrase.bare:
        text = " ".join(p for p in (phrase.noun, phrase.rest) if p)
    else:
        text = grammar(language).noun_phrase(phrase.noun, phrase.gender, rest=phrase.rest, adjective=phrase.adjective,
                                             definite=phrase.definite, previous=context.previous, genitive=genitive)
    return S.capitalize_first(text) if context.sentence_initial else text


# --- the operator --------------------------------------------------------------------------------


class GeneralizeOperator(Operator):
    """Replace entities by a generalization (see the module docstring).

    Options:
        k: the minimum number of knowledge-base entities a location generalization must cover
            (default 5).
        date_days: the minimum number of days a date generalization covers (default 3,652: a decade).
        person_options: options of the ``substitute`` operator used for persons.

    Raises:
        ValueError: ``k`` or ``date_days`` below 1.
    """

    name = "generalize"
    surrogate_caches = True
    unique = True

    def __init__(
        self, k: int = 5, person_options: dict[str, Any] | None = None, date_days: int = 3652, **options: Any
    ) -> None:
        super().__init__(**options)
        if k < 1 or date_days < 1:
            raise ValueError("k and date_days must be at least 1")
        self.k = k
        self.date_days = date_days
        self._substitute = SubstituteOperator(**(person_options or {}))

    def warm_up(self, language: str) -> None:
        """The knowledge base, and the ``substitute`` operator's pools (persons get surrogates)."""
        knowledge_base()
        self._substitute.warm_up(language)

    def replace(self, chain: ChainContext, document: DocumentContext) -> list[str]:
        if chain.label == L.PERSON:
            return self._substitute.replace(chain, document)
        language = S.base_language(document.language)
        phrase, genitive_flags = self.phrase(chain, language, document)
        contexts = S.mention_contexts(chain, document)
        base = phrase.base(language)
        ordinal = sum(1 for _ in _memo_entries(document, base)) + 1
        residual = S.residual_text(document)
        while True:
            suffix = "" if ordinal == 1 else f" ({ordinal})"
            replacements = [render(phrase, language, ctx, gen) + suffix for ctx, gen in zip(contexts, genitive_flags)]
            if all(not S.collides_outside_entities(r, document, residual) for r in set(replacements)):
                break
            ordinal += 1
        S.memo_set(document, "generalize", f"{base}#{ordinal}", str(chain.chain_id))
        return replacements

    def phrase(self, chain: ChainContext, language: str, document: DocumentContext | None = None) -> tuple[Phrase, list[bool]]:
        """The chain's generalization and, per mention, whether it is a German genitive: the first of
        :meth:`candidates` that contains no entity surface of ``document`` ("a city in Poland" when
        "Poland" is an entity of the document climbs to "a European city"; issue 15: no method emits
        what it detected), else "something"."""
        for phrase, genitive in self.candidates(chain, language):
            if document is None or not S.contains_surface(phrase.base(language), document):
                return phrase, genitive
        return Phrase(grammar(language).something, bare=True), [False] * len(chain.mentions)

    def candidates(self, chain: ChainContext, language: str):
        """Generalizations of the chain, most specific first: ``(Phrase, genitive flags)``."""
        surfaces = sorted(chain.surfaces, key=len, reverse=True)
        genitive = [False] * len(chain.mentions)
        if chain.label in (L.LOCATION, L.MISC, L.PROPER_NOUN):  # an untyped name may be a known place
            kb = knowledge_base()
            for surface in surfaces:
                base = _strip_genitive(surface, language)
                place = kb.lookup(base)
                if place is not None:
                    flags = ([_strip_genitive(m, language) != m for m in chain.mentions]
                             if _genitive_s(language) else genitive)
                    for level in kb.levels(place):
                        if level.coverage >= self.k:
                            yield place_phrase(level, language), flags
                    break
        if chain.label in (L.ORGANIZATION, L.MISC, L.PROPER_NOUN):
            for surface in surfaces:
                concept = org_headword(surface, language)
                if concept is not None:
                    noun, gender = org_noun(concept, language)
                    yield Phrase(noun, gender, definite=True), genitive
                    break
        if chain.label == L.DATE:
            for surface in surfaces:
                parsed = S.parse_date(surface, language)
                if parsed is not None and parsed.granularity in ("day", "month", "year"):
                    yield _date_phrase(parsed, language, self.date_days), genitive
                    break
        noun_gender = label_noun(chain.label, language)
        if noun_gender is not None:
            yield Phrase(*noun_gender), genitive


def _memo_entries(document: DocumentContext, base: str):
    """Generalizations already handed out with this base phrase (``"<base>#<ordinal>"`` memo keys)."""
    return (key for key in document.memo.get("generalize", {}) if key.startswith(f"{base}#"))


def _genitive_s(language: str) -> bool:
    lang = languages.find(language)
    return lang is not None and lang.genitive_s


def _strip_genitive(surface: str, language: str) -> str:
    if _genitive_s(language) and is_german_genitive(surface):
        return surface[:-1]
    m = re.match(r"^(.*\w)['’]s?$", surface)
    return m.group(1) if m and knowledge_base().lookup(m.group(1)) else surface


def is_german_genitive(surface: str) -> bool:
    """"Amsterdams" / "Frankfurts": the name without its final "s" is a place, and the form with "s" is
    either unknown or (as a GeoNames alternate spelling) the same place."""
    kb = knowledge_base()
    if len(surface) < 4 or not surface.endswith("s"):
        return False
    stem = kb.lookup(surface[:-1])
    whole = kb.lookup(surface)
    return stem is not None and (whole is None or whole == stem)


def _concept_of(level: Level) -> str:
    if level.noun in grammar(FALLBACK).place_nouns:
        return level.noun
    if level.noun == "subdivision":
        return "region"
    folded = level.noun.casefold()
    for keyword, concept in _SUBTYPES:
        if keyword in folded:
            return concept
    return "region"


def place_phrase(level: Level, language: str) -> Phrase:
    """The phrase of a knowledge-base level: ``Level("city", ("country", "NL"), 243)`` → "a city in the
    Netherlands" (en), "eine Stadt in den Niederlanden" (de), ..."""
    from app.anonymization.knowledge_base import country_name

    concept = _concept_of(level)
    noun, gender = place_noun(concept, language)
    if level.scope is None:
        return Phrase(noun, gender)
    kind, code = level.scope
    if kind == "country":
        return Phrase(noun, gender, rest=located_in(country_name(code, language), language))
    if kind == "state":
        import pycountry

        subdivision = pycountry.subdivisions.get(code=code)
        name = subdivision.name if subdivision is not None else code
        return Phrase(noun, gender, rest=located_in(name, language))
    if kind == "continent":
        lang = languages.find(language) or languages.get(FALLBACK)
        if code in lang.continent_adjectives:  # "a European city"
            return Phrase(noun, gender, adjective=lang.continent_adjectives[code])
        name = CONTINENT_NAMES.get(language, CONTINENT_NAMES[FALLBACK])[code]
        return Phrase(noun, gender, rest=located_in(name, language))
    return Phrase(noun, gender)


# --- dates ---------------------------------------------------------------------------------------

def _date_phrase(parsed: S.ParsedDate, language: str, k: int) -> Phrase:
    """Climb day → month → year → decade (coverage 1, 30, 365, 3652 days) to the first level above the
    original's that covers at least ``k`` days (the decade at most)."""
    levels = [("day", 1), ("month", 30), ("year", 365), ("decade", 3652)]
    start = [name for name, _ in levels].index(parsed.granularity) + 1
    for name, days in levels[start:]:
        if days >= k or name == "decade":
            break
    assert parsed.year is not None
    if name == "month" and parsed.month is not None:
        month = S.MONTHS[language][parsed.month - 1]
        return Phrase(grammar(language).month_year.format(m=month, y=parsed.year), bare=True)
    if name == "year":
        return Phrase(str(parsed.year), bare=True)
    decade = parsed.year // 10 * 10
    noun, gender, rest = grammar(language).decade
    return Phrase(noun.format(decade=decade), gender, rest=rest.format(decade=decade), definite=True)
