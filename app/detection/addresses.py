"""Street addresses: a street name with its house number, per language (label ``LOCATION``).

A model finds "Hauptstraße" or "Avenida Paulista" at best and leaves the house number in clear text; it also
tags streets named after people as persons ("221B Baker Street"). Street addresses follow each language's
written conventions closely, so a pattern per language finds the street *with* its number (Dias, 2016, §4.2.2:
patterns for what has a regular form; Graliński et al., 2009, §4.1: left and right context such as "Rua", "Straße"):

* ``de``: a word ending in a street type ("Hauptstraße 5", "Am Lindenweg 12a", "Sankt-Georg-Straße 3"), or
  capitalised words before a separate street type ("Berliner Straße 5", "Berliner Str. 10-12");
* ``es``: a street type, the street's name and the number ("calle Mayor 12", "Avenida de la Constitución, nº 3",
  "C/ Alcalá, 45, 3º B");
* ``pt``: a street type, the name and the number ("Rua das Flores, 123", "Avenida Paulista, 1578",
  "Av. Brasil, n.º 500");
* ``en``: the number, the name and a street type ("221B Baker Street", "1600 Pennsylvania Avenue NW"); not
  after "in", "by", "since", "until" ("In 2015 Main Street was quiet": a year).

An address never runs over a line break (headers such as "NEW YORK 1996-08-30" above "For Wall Street").
Only the street and number are covered; postal codes and cities are found by their own recognizers. The
label is ``LOCATION``, so every anonymization method applies (the substitution method gives a Faker street
address for a location with digits).
"""

from __future__ import annotations

import re

from app import languages
from app.detection.base import Recognizer
from app.detection.labels import LOCATION
from app.doc import Entity, Sentence
from app.tokenization import UPPER

_UPPER = UPPER  # every capital letter, not only A-Z ("Şişli", "Łąkowa")
#: White space within a line: an address never runs over a line break.
_SP = r"[^\S\n]"
#: A capitalised word ("Paulista", "Constitución", "Sankt-Georg", "O'Connell").
_CAP = rf"[{_UPPER}][\w'’-]*"
#: A house number: "5", "12a", "221B", "10-12", "3/5"; never followed by more digits or letters.
_NUMBER = rf"\d{{1,4}}[a-zA-Z]?(?:{_SP}?[-–/]{_SP}?\d{{1,4}}[a-zA-Z]?)?(?![\w])"

_DE_TYPES = "straße|strasse|str\\.|weg|platz|allee|gasse|ring|damm|ufer|chaussee|steig|stieg|pfad|wall|graben"
_DE_SEPARATE = "Straße|Strasse|Str\\.|Weg|Platz|Allee|Gasse|Ring|Damm|Ufer|Chaussee"
_ES_TYPES = ("[Cc]alle|C/|[Aa]venida|Avda\\.|Av\\.|[Pp]laza|Pza\\.|[Pp]aseo|Pº|[Cc]amino|[Cc]arretera|Ctra\\.|[Rr]onda|"
             "[Tt]ravesía|[Gg]lorieta|[Rr]ambla|Urb\\.|[Uu]rbanización|Carrer|Rúa|Avinguda|Passeig|Camí|Plaça|Pol\\.|"
             "[Pp]olígono")
_PT_TYPES = ("[Rr]ua|R\\.|[Aa]venida|Av\\.|[Tt]ravessa|Tv\\.|[Pp]raça|[Aa]lameda|[Ee]strada|[Ll]argo|[Rr]odovia|"
             "[Cc]alçada|[Pp]raceta|[Bb]eco")
_EN_TYPES = ("Street|St\\.?|Road|Rd\\.?|Avenue|Ave\\.?|Lane|Ln\\.?|Drive|Boulevard|Blvd\\.?|Way|Place|Pl\\.|"
             "Court|Ct\\.|Square|Sq\\.|Terrace|Crescent|Close|Row|Parkway|Highway|Hwy\\.?")

#: Words that open German street names ("Am Lindenweg", "An der Alster", "Alte Gasse").
_DE_PREFIX = (rf"(?:(?:Am|Im|Zum|Zur|An{_SP}+der|An{_SP}+den|Auf{_SP}+der|Auf{_SP}+dem|In{_SP}+der|Unter{_SP}+den|"
              rf"Hinter{_SP}+der|Alte|Alter|Neue|Neuer|Kleine|Große|Lange){_SP}+)?")

#: "nº 3", "n.º 500", "núm. 7", "número 12" before the house number (es, pt).
_NUMERO = rf"(?:n\.?{_SP}?[ºo]{_SP}?|nº{_SP}?|núm\.{_SP}?|número{_SP}|no\.{_SP}?)?"


def _romance(types: str, particles: str) -> str:
    # capitalised words, then up to two lower-case ones as clinical notes write them ("Calle puente cesures, 16"),
    # titles inside ("Calle Dr. Joaquín Aznar Molina 2")
    word = rf"(?:{_CAP}|Dr\.|Dra\.|Sr\.|Sra\.|Sta\.|Sto\.)"
    name = (rf"(?:(?:{particles}){_SP}+)*{word}(?:{_SP}+(?:(?:{particles}){_SP}+)*{word}){{0,4}}"
            rf"(?:{_SP}+[a-zà-ÿ]{{3,}}){{0,2}}")
    # "3º B", "2ª", "- 5º 2ª", "1D", "- P1 2B", ". 1A": floor and door after the house number, at most two parts
    part = (rf"(?:\d{{1,2}}{_SP}?[ºª°o](?:-?{_SP}?[A-Z](?![\w]))?|P\d{{1,2}}|\d{{1,2}}[A-Z]|[A-Z]\d?|\d{{1,2}}(?:er)?"
            rf"(?:{_SP}[Pp]iso)?|izq(?:da)?\.?|dcha\.?|der(?:echa)?\.?|bajo|ático|entlo\.?|[Pp]iso)(?![\w])")
    floor = rf"(?:(?:,|{_SP}-|\.)?{_SP}*{part}(?:{_SP}+{part}){{0,2}})?"
    return rf"(?<![\w./-])(?:{types}){_SP}+{name}(?:,{_SP}*|{_SP}+){_NUMERO}(?:{_NUMBER}|s/n(?![\w])){floor}"


#: The address patterns of each language.
ADDRESS_PATTERNS: dict[str, list[str]] = {
    "de": [
        rf"(?<![\w-]){_DE_PREFIX}[{_UPPER}][\w-]*(?i:{_DE_TYPES}){_SP}+{_NUMBER}",
        rf"(?<![\w-]){_DE_PREFIX}(?:{_CAP}{_SP}+){{1,3}}(?:{_DE_SEPARATE}){_SP}+{_NUMBER}",
    ],
    "es": [_romance(_ES_TYPES, "de|del|la|las|los|el|y|i")],
    "pt": [_romance(_PT_TYPES, "da|das|do|dos|de|e")],
    "en": [rf"(?<![\w./-])(?<!in )(?<!In )(?<!by )(?<!since )(?<!until )\d{{1,5}}[A-Za-z]?{_SP}+(?:{_CAP}{_SP}+){{1,3}}"
           rf"(?:{_EN_TYPES})(?![\w])(?:{_SP}+(?:NW|NE|SW|SE|N|S|E|W)(?![\w]))?"],
}

_COMPILED: dict[str, list[re.Pattern[str]]] = {
    language: [re.compile(p) for p in patterns] for language, patterns in ADDRESS_PATTERNS.items()
}

#: German words that end like a street type but are no street ("Ring" alone, "Geldwäsche..." never matches).
_DE_NOT_STREETS = frozenset({"Ring", "Weg", "Platz", "Wall", "Graben", "Damm", "Ufer", "Pfad", "Steig"})


class AddressRecognizer(Recognizer):
    """Street name + house number (label ``LOCATION``, source ``address``); patterns per language above.

    Overlapping matches keep the longest, then the earliest. Offsets are character offsets (half-open).

    A declared language without patterns here (:mod:`app.languages`) finds no address.

    Raises:
        ValueError: ``language`` is not declared (:class:`app.languages.UnknownLanguage`).
    """

    name = "address"

    def __init__(self, language: str = "en") -> None:
        languages.get(language)  # UnknownLanguage (a ValueError) for an undeclared language
        self.language = language

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        spans: list[tuple[int, int]] = []
        for pattern in _COMPILED.get(self.language, ()):
            for m in pattern.finditer(text):
                first = m.group().split()[0]
                if self.language == "de" and first in _DE_NOT_STREETS:
                    continue  # "Ring 5" is the name of nothing
                spans.append(m.span())
        spans.sort(key=lambda s: (-(s[1] - s[0]), s[0]))
        kept: list[tuple[int, int]] = []
        for start, end in spans:
            if all(end <= a or start >= b for a, b in kept):
                kept.append((start, end))
        return [Entity(a, b, LOCATION, text[a:b], self.name) for a, b in sorted(kept)]
