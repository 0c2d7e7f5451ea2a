"""Vehicle registration plates written without a keyword, in each language's national formats (label ``ID_NUMBER``).

A plate names its keeper as surely as an account number, and police reports, insurance claims and witness statements
write it without "registration" before it: "(HH-AB 1234)", "o outro, 45-GH-23, fugiu", "El coche 4521 KLM",
"His blue Ford Focus, YK19 FHD". After a keyword ("Kennzeichen", "matrícula", "reg.") the ``id_number`` recognizer
takes any value; here only shapes that national registers issue and little else is written as
(:attr:`app.languages.Language.licence_plates`), so a pattern finds them (Dias, 2016, §4.2.2):

* ``en``: the United Kingdom's current format, two letters, two digits, three letters ("YK19 FHD"), and Ireland's
  year, county and serial ("191-KE-4473"; stop 58);
* ``de``: a district code, a hyphen, one or two letters and up to four digits ("HH-AB 1234", "M-KL 4471", "B-X 12E");
* ``es``: four digits and three consonants ("4521 KLM", "1234-BCD"; not a year before an acronym, "2015 BMW");
* ``pt``: Portugal's pairs joined by hyphens ("45-GH-23", "AA-12-BB") and Mercosur's Brazilian plate ("BRA2E19").

None after a number (a row of figures: a share's volume and ticker, "13783420 3983 FCC") nor before a comma and a
page (a law report: "NJW-RR 2013, 702"). Raises nothing; a language without formats has no patterns.
"""

from __future__ import annotations

import re
from functools import lru_cache

from app import languages
from app.detection.base import Recognizer
from app.detection.labels import ID_NUMBER
from app.doc import Entity, Sentence

#: A page after a comma: a law report's citation, not a plate ("NJW-RR 2013, 702": a German journal, its year, a page).
_PAGE_AFTER = re.compile(r"[^\S\n]*,[^\S\n]*\d")
#: A number right before: a row of a table of figures ("… 13783420 3983 FCC 21.75": a share's volume and ticker).
_FIGURE_BEFORE = re.compile(r"\d[^\S\n]+$")
#: Four digits that read as a year (1900–2099): before three capitals they are a model year and a make ("2015 BMW").
_YEAR = re.compile(r"(?:19|20)\d\d")


@lru_cache(maxsize=8)
def _pattern(language: str) -> re.Pattern[str] | None:
    plates = languages.get(language).licence_plates
    if not plates:
        return None
    # a plate opens with a digit or a capital: only such positions are tried (the same matches)
    return re.compile(rf"(?=[\dA-ZÄÖÜ])(?<![\w-])(?:{'|'.join(plates)})(?![\w-])")


class LicencePlateRecognizer(Recognizer):
    """Vehicle registration plates of the language's national formats (see the module's description)."""

    name = "plate"

    def __init__(self, language: str = "en") -> None:
        self.pattern = _pattern(language)

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        if self.pattern is None:
            return []
        out = []
        for m in self.pattern.finditer(text):
            digits = re.match(r"\d{4}", m.group())
            if digits is not None and _YEAR.fullmatch(digits.group()):
                continue
            if _PAGE_AFTER.match(text, m.end()) or _FIGURE_BEFORE.search(text, max(0, m.start() - 24), m.start()):
                continue
            out.append(Entity(m.start(), m.end(), ID_NUMBER, m.group(), self.name))
        return out
