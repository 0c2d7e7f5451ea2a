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
(:func:`~app.anonymization.knowledge_base.located_in`). Each mention's phrase follows its context: a
capital letter at the start of a sentence; no article after a determiner ("the" + "a city" → "the city
..."; pt "na" + "cidade ..."); German case after a preposition ("in einer Stadt in den Niederlanden",
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
from app.anonymization.knowledge_base import (
    CONTINENT_ADJECTIVES_EN,
    CONTINENT_NAMES,
    Level,
    knowledge_base,
    located_in,
    org_headword,
    org_noun,
)
from app.anonymization.operators.substitute import SubstituteOperator
from app.detection import labels as L

# --- nouns ---------------------------------------------------------------------------------------

_NOUNS: dict[str, dict[str, tuple[str, str]]] = {
    # concept: {language: (noun, gender)}
    "city": {"en": ("city", "n"), "de": ("Stadt", "f"), "es": ("ciudad", "f"), "pt": ("cidade", "f")},
    "country": {"en": ("country", "n"), "de": ("Land", "n"), "es": ("país", "m"), "pt": ("país", "m")},
    "region": {"en": ("region", "n"), "de": ("Region", "f"), "es": ("región", "f"), "pt": ("região", "f")},
    "continent": {"en": ("continent", "n"), "de": ("Kontinent", "m"), "es": ("continente", "m"), "pt": ("continente", "m")},
    "place": {"en": ("place", "n"), "de": ("Ort", "m"), "es": ("lugar", "m"), "pt": ("lugar", "m")},
    "state": {"en": ("state", "n"), "de": ("Bundesstaat", "m"), "es": ("estado", "m"), "pt": ("estado", "m")},
    "land": {"en": ("state", "n"), "de": ("Bundesland", "n"), "es": ("estado federado", "m"), "pt": ("estado", "m")},
    "province": {"en": ("province", "n"), "de": ("Provinz", "f"), "es": ("provincia", "f"), "pt": ("província", "f")},
    "county": {"en": ("county", "n"), "de": ("Grafschaft", "f"), "es": ("condado", "m"), "pt": ("condado", "m")},
    "district": {"en": ("district", "n"), "de": ("Bezirk", "m"), "es": ("distrito", "m"), "pt": ("distrito", "m")},
    "department": {"en": ("department", "n"), "de": ("Departement", "n"), "es": ("departamento", "m"), "pt": ("departamento", "m")},
    "municipality": {"en": ("municipality", "n"), "de": ("Gemeinde", "f"), "es": ("municipio", "m"), "pt": ("município", "m")},
    "canton": {"en": ("canton", "n"), "de": ("Kanton", "m"), "es": ("cantón", "m"), "pt": ("cantão", "m")},
    "prefecture": {"en": ("prefecture", "n"), "de": ("Präfektur", "f"), "es": ("prefectura", "f"), "pt": ("prefeitura", "f")},
    "governorate": {"en": ("governorate", "n"), "de": ("Gouvernement", "n"), "es": ("gobernación", "f"), "pt": ("província", "f")},
    "autonomous community": {"en": ("autonomous community", "n"), "de": ("Region", "f"), "es": ("comunidad autónoma", "f"), "pt": ("comunidade autónoma", "f")},
    "parish": {"en": ("parish", "n"), "de": ("Gemeinde", "f"), "es": ("parroquia", "f"), "pt": ("freguesia", "f")},
    "date": {"en": ("date", "n"), "de": ("Datum", "n"), "es": ("fecha", "f"), "pt": ("data", "f")},
}
#: pycountry subdivision types (folded keyword) → noun concept; the first keyword found wins.
_SUBTYPES: tuple[tuple[str, str], ...] = (
    ("autonomous community", "autonomous community"), ("land", "land"), ("state", "state"), ("province", "province"),
    ("county", "county"), ("district", "district"), ("department", "department"), ("municipality", "municipality"),
    ("canton", "canton"), ("prefecture", "prefecture"), ("governorate", "governorate"), ("parish", "parish"),
    ("city", "city"), ("country", "country"), ("region", "region"),
)
#: Label-level phrases (unknown entities, labels without a hierarchy): (noun, gender) or a bare word.
_LABEL_NOUNS: dict[str, dict[str, tuple[str, str]]] = {
    L.LOCATION: _NOUNS["place"],
    L.ORGANIZATION: {"en": ("organization", "n"), "de": ("Organisation", "f"), "es": ("organización", "f"), "pt": ("organização", "f")},
    L.DATE: _NOUNS["date"],
    L.TIME: {"en": ("time", "n"), "de": ("Uhrzeit", "f"), "es": ("hora", "f"), "pt": ("hora", "f")},
    L.EMAIL: {"en": ("e-mail address", "n"), "de": ("E-Mail-Adresse", "f"), "es": ("dirección de correo", "f"), "pt": ("endereço de e-mail", "m")},
    L.PHONE: {"en": ("phone number", "n"), "de": ("Telefonnummer", "f"), "es": ("número de teléfono", "m"), "pt": ("número de telefone", "m")},
    L.URL: {"en": ("web address", "n"), "de": ("Webadresse", "f"), "es": ("dirección web", "f"), "pt": ("endereço web", "m")},
    L.IP_ADDRESS: {"en": ("IP address", "n"), "de": ("IP-Adresse", "f"), "es": ("dirección IP", "f"), "pt": ("endereço IP", "m")},
    L.IBAN: {"en": ("bank account number", "n"), "de": ("Kontonummer", "f"), "es": ("número de cuenta", "m"), "pt": ("número de conta", "m")},
    L.CREDIT_CARD: {"en": ("card number", "n"), "de": ("Kartennummer", "f"), "es": ("número de tarjeta", "m"), "pt": ("número de cartão", "m")},
    L.NATIONAL_ID: {"en": ("identity number", "n"), "de": ("Ausweisnummer", "f"), "es": ("número de identidad", "m"), "pt": ("número de identificação", "m")},
    L.MONEY: {"en": ("amount of money", "n"), "de": ("Geldbetrag", "m"), "es": ("cantidad de dinero", "f"), "pt": ("quantia", "f")},
    L.CASE_NUMBER: {"en": ("case number", "n"), "de": ("Aktenzeichen", "n"), "es": ("número de expediente", "m"), "pt": ("número de processo", "m")},
    L.ID_NUMBER: {"en": ("reference number", "n"), "de": ("Kennnummer", "f"), "es": ("número de referencia", "m"), "pt": ("número de referência", "m")},
    L.POSTAL_CODE: {"en": ("postal code", "n"), "de": ("Postleitzahl", "f"), "es": ("código postal", "m"), "pt": ("código postal", "m")},
    L.NUMBER: {"en": ("number", "n"), "de": ("Zahl", "f"), "es": ("número", "m"), "pt": ("número", "m")},
    # quasi-identifiers of the strict profile (app.detection.quasi_identifiers)
    L.DEMOGRAPHIC: {"en": ("group", "n"), "de": ("Gruppe", "f"), "es": ("grupo", "m"), "pt": ("grupo", "m")},
    L.OCCUPATION: {"en": ("occupation", "n"), "de": ("Beruf", "m"), "es": ("profesión", "f"), "pt": ("profissão", "f")},
    L.RELATION: {"en": ("relative", "n"), "de": ("Angehöriger", "m"), "es": ("familiar", "m"), "pt": ("familiar", "m")},
    L.HEALTH: {"en": ("health condition", "n"), "de": ("Erkrankung", "f"), "es": ("afección", "f"), "pt": ("condição de saúde", "f")},
    L.QUANTITY: {"en": ("quantity", "n"), "de": ("Menge", "f"), "es": ("cantidad", "f"), "pt": ("quantidade", "f")},
    L.CODE: {"en": ("number", "n"), "de": ("Nummer", "f"), "es": ("número", "m"), "pt": ("número", "m")},
}
_SOMETHING = {"en": "something", "de": "etwas", "es": "algo", "pt": "algo"}


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

_DE_ARTICLES = {
    # (definite, case) -> {gender: article}
    (True, "nom"): {"m": "der", "f": "die", "n": "das"},
    (True, "acc"): {"m": "den", "f": "die", "n": "das"},
    (True, "dat"): {"m": "dem", "f": "der", "n": "dem"},
    (True, "gen"): {"m": "des", "f": "der", "n": "des"},
    (False, "nom"): {"m": "ein", "f": "eine", "n": "ein"},
    (False, "acc"): {"m": "einen", "f": "eine", "n": "ein"},
    (False, "dat"): {"m": "einem", "f": "einer", "n": "einem"},
    (False, "gen"): {"m": "eines", "f": "einer", "n": "eines"},
}
for _case, _article in (("nom", "die"), ("acc", "die"), ("dat", "den"), ("gen", "der")):
    _DE_ARTICLES[(True, _case)]["pl"] = _article
_DE_DATIVE = frozenset("aus bei mit nach seit von zu gegenüber ab außer in an auf über unter vor hinter neben zwischen entgegen".split())
_DE_ACCUSATIVE = frozenset("durch für gegen ohne um bis wider".split())
_DE_GENITIVE = frozenset("wegen während trotz statt anstatt innerhalb außerhalb laut".split())
_DE_CONTRACTED = {"im": "dat", "am": "dat", "zum": "dat", "zur": "dat", "vom": "dat", "beim": "dat", "ins": "acc", "ans": "acc", "aufs": "acc"}
_DETERMINERS = {
    "en": frozenset("the a an this that these those his her its their our your my".split()),
    "de": frozenset("der die das den dem des ein eine einer einem einen eines dieser diese dieses seine ihre".split()) | frozenset(_DE_CONTRACTED),
    "es": frozenset("el la los las un una unos unas del al este esta su sus".split()),
    "pt": frozenset("o a os as um uma uns umas no na nos nas do da dos das ao à aos às pelo pela pelos pelas num numa dum duma este esta seu sua".split()),
}
_CONTRACTING_PREPOSITIONS = {"es": frozenset({"de", "a"}), "pt": frozenset({"de", "em", "por"})}


def _english_article(next_word: str) -> str:
    w = next_word.lower()
    if re.match(r"(eu|uni|one|use|u[bcfhjkqrst][aeiou])", w):
        return "a"
    if re.match(r"(hour|honest|honou?r|[aeiou])", w) or re.match(r"[fhlmnrsx]\b|[aefhilmnorsx][A-Z0-9]", next_word):
        return "an"
    return "a"


#: Gender a determiner before the entity imposes (de/es/pt); German "der" before a place is mostly the
#: dative/genitive feminine ("in der Schweiz"), "dem"/"im"/"zum" masculine or neuter.
_DETERMINER_GENDER = {
    "de": {"der": "f", "die": "f", "zur": "f", "einer": "f", "eine": "f", "das": "n", "ins": "n", "dem": "n", "im": "n", "am": "n",
           "zum": "n", "vom": "n", "beim": "n", "des": "n", "den": "m", "ein": "n", "einem": "n", "eines": "n", "einen": "m"},
    "es": {"el": "m", "del": "m", "al": "m", "un": "m", "la": "f", "una": "f", "los": "m", "las": "f"},
    "pt": {"o": "m", "no": "m", "do": "m", "ao": "m", "pelo": "m", "um": "m", "num": "m", "dum": "m", "os": "m", "nos": "m", "dos": "m",
           "a": "f", "na": "f", "da": "f", "à": "f", "pela": "f", "uma": "f", "numa": "f", "duma": "f", "as": "f", "nas": "f", "das": "f"},
}
#: Nouns of the same meaning by gender, used when a determiner in the text imposes another gender.
_GENDER_VARIANTS = {
    "de": {"Land": {"f": "Nation", "m": "Staat"}, "Stadt": {"n": "Dorf", "m": "Ort"}, "Ort": {"f": "Gegend", "n": "Gebiet"},
           "Region": {"n": "Gebiet", "m": "Bezirk"}, "Kontinent": {"f": "Weltregion", "n": "Gebiet"}, "*": {"f": "Organisation", "m": "Verband", "n": "Unternehmen"}},
    "es": {"país": {"f": "nación"}, "ciudad": {"m": "municipio"}, "lugar": {"f": "zona"}, "región": {"m": "territorio"},
           "continente": {"f": "región del mundo"}, "*": {"f": "organización", "m": "organismo"}},
    "pt": {"país": {"f": "nação"}, "cidade": {"m": "município"}, "lugar": {"f": "zona"}, "região": {"m": "território"},
           "continente": {"f": "região do mundo"}, "*": {"f": "organização", "m": "organismo"}},
}


def _agreeing_noun(noun: str, gender: str, required: str | None, language: str) -> str:
    if required is None or required == gender or gender == "pl":
        return noun
    variants = _GENDER_VARIANTS.get(language, {})
    return variants.get(noun, variants.get("*", {})).get(required, noun)


def render(phrase: Phrase, language: str, context: S.MentionContext, genitive: bool = False) -> str:
    """``phrase`` fitted to a mention: article (or none after a determiner, with a noun of the gender
    the determiner imposes), German case, capital letter at the start of a sentence."""
    previous = context.previous
    drop_article = previous in _DETERMINERS.get(language, frozenset())
    definite = phrase.definite
    if definite and previous in _CONTRACTING_PREPOSITIONS.get(language, frozenset()):
        definite = False  # "de un banco", not "de el banco"
    noun = phrase.noun
    if drop_article and not phrase.bare:
        noun = _agreeing_noun(noun, phrase.gender, _DETERMINER_GENDER.get(language, {}).get(previous), language)
    if phrase.bare:
        text = " ".join(p for p in (noun, phrase.rest) if p)
    elif language == "de":
        case = "gen" if genitive else _DE_CONTRACTED.get(previous) or (
            "dat" if previous in _DE_DATIVE else "acc" if previous in _DE_ACCUSATIVE else "gen" if previous in _DE_GENITIVE else "nom"
        )
        if case == "gen" and phrase.gender in ("m", "n"):
            noun = noun + ("es" if noun.endswith(("s", "ß", "x", "z")) else "s")
        elif case == "dat" and phrase.gender == "pl" and not noun.endswith(("n", "s")):
            noun = noun + "n"  # den 2010er-Jahren
        article = "" if drop_article else _DE_ARTICLES[(definite, case)][phrase.gender]
        text = " ".join(p for p in (article, noun, phrase.rest) if p)
    elif language in ("es", "pt"):
        if drop_article:
            article = ""
        elif language == "es":
            article = ("el" if phrase.gender == "m" else "la") if definite else ("un" if phrase.gender == "m" else "una")
        else:
            article = ("o" if phrase.gender == "m" else "a") if definite else ("um" if phrase.gender == "m" else "uma")
        text = " ".join(p for p in (article, noun, phrase.rest) if p)
    else:
        head = " ".join(p for p in (phrase.adjective, noun) if p)
        article = "" if drop_article else ("the" if definite else _english_article(head))
        text = " ".join(p for p in (article, head, phrase.rest) if p)
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
        return Phrase(_SOMETHING.get(language, "something"), bare=True), [False] * len(chain.mentions)

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
                    flags = [_strip_genitive(m, language) != m for m in chain.mentions] if language == "de" else genitive
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
        if chain.label in _LABEL_NOUNS:
            noun, gender = _LABEL_NOUNS[chain.label].get(language, _LABEL_NOUNS[chain.label]["en"])
            yield Phrase(noun, gender), genitive


def _memo_entries(document: DocumentContext, base: str):
    """Generalizations already handed out with this base phrase (``"<base>#<ordinal>"`` memo keys)."""
    return (key for key in document.memo.get("generalize", {}) if key.startswith(f"{base}#"))


def _strip_genitive(surface: str, language: str) -> str:
    if language == "de" and is_german_genitive(surface):
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
    if level.noun in _NOUNS:
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
    noun, gender = _NOUNS[concept].get(language, _NOUNS[concept]["en"])
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
        if language == "en":
            return Phrase(noun, gender, adjective=CONTINENT_ADJECTIVES_EN[code])
        name = CONTINENT_NAMES[language][code]
        rest = {"de": f"in {'der ' if code == 'AN' else ''}{name}", "es": f"de {name}", "pt": f"na {name}"}[language]
        return Phrase(noun, gender, rest=rest)
    return Phrase(noun, gender)


# --- dates ---------------------------------------------------------------------------------------

_MONTH_YEAR = {"en": "{m} {y}", "de": "{m} {y}", "es": "{m} de {y}", "pt": "{m} de {y}"}


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
        return Phrase(_MONTH_YEAR[language].format(m=month, y=parsed.year), bare=True)
    if name == "year":
        return Phrase(str(parsed.year), bare=True)
    decade = parsed.year // 10 * 10
    if language == "de":
        return Phrase(f"{decade}er-Jahre", "pl", definite=True)
    if language in ("es", "pt"):
        return Phrase("década", "f", rest=f"de {decade}", definite=True)
    return Phrase(f"{decade}s", "n", definite=True)
