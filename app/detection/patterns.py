"""Pattern recognizers: e-mail addresses, phone numbers, URLs and dates (seed 004 §4.2.2 "pattern-matching").

* E-mail: an RFC 5322 "dot-atom" local part and a domain with at least one dot and an alphabetic TLD.
* Phone: Google's libphonenumber (``phonenumbers.PhoneNumberMatcher``), leniency ``VALID``, tried for
  each region of the document's language (numbers in international ``+`` format are found in any).
* URL: ``http(s)://`` or ``www.`` followed by non-space characters, trailing punctuation excluded.
* Date: day-month-year, month-day-year, month-year and numeric forms with month names of the
  document's language, validated with :class:`datetime.date` for the numeric forms.
"""

from __future__ import annotations

import datetime as _dt
import re

import phonenumbers

from app.detection.base import Recognizer
from app.detection.labels import DATE, EMAIL, PHONE, URL
from app.doc import Entity, Sentence

_EMAIL_RE = re.compile(
    r"(?<![\w.+-])[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*"
    r"@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}(?![\w-])"
)
_URL_RE = re.compile(r"(?:\bhttps?://|\bwww\.)[^\s<>\"'`]+[^\s<>\"'`.,;:!?)\]}]", re.IGNORECASE)


class EmailRecognizer(Recognizer):
    """E-mail addresses (label ``EMAIL``)."""

    name = "email"

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        return [Entity(m.start(), m.end(), EMAIL, m.group(), self.name) for m in _EMAIL_RE.finditer(text)]


class UrlRecognizer(Recognizer):
    """Web addresses (label ``URL``)."""

    name = "url"

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        return [Entity(m.start(), m.end(), URL, m.group(), self.name) for m in _URL_RE.finditer(text)]


#: Regions tried for national-format phone numbers, per language.
PHONE_REGIONS: dict[str, tuple[str, ...]] = {
    "en": ("US", "GB", "IE"),
    "de": ("DE", "AT", "CH"),
    "es": ("ES", "MX", "AR"),
    "pt": ("PT", "BR"),
}


class PhoneRecognizer(Recognizer):
    """Phone numbers validated by libphonenumber (label ``PHONE``).

    Args:
        regions: ISO 3166 regions for numbers written without ``+`` country code.
    """

    name = "phone"

    def __init__(self, regions: tuple[str, ...] = ("US",)) -> None:
        self.regions = regions

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        found: dict[tuple[int, int], Entity] = {}
        for region in self.regions:
            for match in phonenumbers.PhoneNumberMatcher(text, region, leniency=phonenumbers.Leniency.VALID):
                key = (match.start, match.end)
                if key not in found:
                    found[key] = Entity(match.start, match.end, PHONE, match.raw_string, self.name)
        return sorted(found.values(), key=lambda e: (e.start, e.end))


#: Month names (and common abbreviations) per language → month number.
MONTHS: dict[str, dict[str, int]] = {
    "en": {
        "january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7,
        "august": 8, "september": 9, "october": 10, "november": 11, "december": 12,
        "jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9,
        "oct": 10, "nov": 11, "dec": 12,
    },
    "de": {
        "januar": 1, "jänner": 1, "februar": 2, "märz": 3, "april": 4, "mai": 5, "juni": 6, "juli": 7,
        "august": 8, "september": 9, "oktober": 10, "november": 11, "dezember": 12,
        "jan": 1, "feb": 2, "mär": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9,
        "okt": 10, "nov": 11, "dez": 12,
    },
    "es": {
        "enero": 1, "febrero": 2, "marzo": 3, "abril": 4, "mayo": 5, "junio": 6, "julio": 7,
        "agosto": 8, "septiembre": 9, "setiembre": 9, "octubre": 10, "noviembre": 11, "diciembre": 12,
    },
    "pt": {
        "janeiro": 1, "fevereiro": 2, "março": 3, "marco": 3, "abril": 4, "maio": 5, "junho": 6,
        "julho": 7, "agosto": 8, "setembro": 9, "outubro": 10, "novembro": 11, "dezembro": 12,
    },
}

_ORDINAL = r"(?:st|nd|rd|th)?"
_YEAR = r"(?:1[5-9]\d\d|2[01]\d\d)"


def _date_patterns(language: str) -> list[re.Pattern[str]]:
    months = sorted(MONTHS[language], key=len, reverse=True)
    month = r"(?:" + "|".join(re.escape(m) for m in months) + r")\.?"
    day = r"(?:[12]\d|3[01]|0?[1-9])"
    of = {"es": r"\s+de\s+", "pt": r"\s+de\s+"}.get(language, r"\s+")
    patterns = [
        # 3 March 2015 / 21. August 1992 / 3 de marzo de 2015 / 3rd of March, 2015
        rf"\b{day}{_ORDINAL}\.?(?:\s+of)?{of}{month}(?:,?{of}{_YEAR})?\b",
        # March 3, 2015 / March 3rd
        rf"\b{month}\s+{day}{_ORDINAL}(?:,?\s+{_YEAR})?\b",
        # August 2016 / marzo de 2015
        rf"\b{month}{of}{_YEAR}\b",
        # 2015-03-21
        r"\b(?:1[5-9]|2[01])\d\d-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])\b",
        # 21.03.2015 / 21/03/2015 / 3/21/2015
        r"\b\d{1,2}[./]\d{1,2}[./](?:\d{4}|\d{2})\b",
    ]
    return [re.compile(p, re.IGNORECASE) for p in patterns]


_DATE_PATTERNS: dict[str, list[re.Pattern[str]]] = {lang: _date_patterns(lang) for lang in MONTHS}


def _valid_numeric_date(surface: str) -> bool:
    parts = re.split(r"[./-]", surface)
    if len(parts) != 3:
        return True
    try:
        nums = [int(p) for p in parts]
    except ValueError:
        return True
    if len(parts[0]) == 4:  # ISO
        candidates = [(nums[0], nums[1], nums[2])]
    else:
        year = nums[2] + (2000 if nums[2] < 50 else 1900) if len(parts[2]) == 2 else nums[2]
        candidates = [(year, nums[1], nums[0]), (year, nums[0], nums[1])]  # d/m/y or m/d/y
    for y, m, d in candidates:
        try:
            _dt.date(y, m, d)
            return True
        except ValueError:
            continue
    return False


class DateRecognizer(Recognizer):
    """Dates written with month names of the language or as valid numeric dates (label ``DATE``).

    A bare month name ("May") is not a date; a month name needs a day or a year next to it.
    Overlapping matches keep the longest.
    """

    name = "date"

    def __init__(self, language: str = "en") -> None:
        if language not in _DATE_PATTERNS:
            raise ValueError(f"no date patterns for language {language!r}")
        self.language = language

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        spans: list[tuple[int, int]] = []
        for pattern in _DATE_PATTERNS[self.language]:
            for m in pattern.finditer(text):
                if _valid_numeric_date(m.group()):
                    spans.append(m.span())
        spans.sort(key=lambda s: (s[0], -(s[1] - s[0])))
        result: list[Entity] = []
        last_end = -1
        for start, end in spans:
            if start >= last_end:
                result.append(Entity(start, end, DATE, text[start:end], self.name))
                last_end = end
            elif end > last_end and result:
                prev = result[-1]
                result[-1] = Entity(prev.start, end, DATE, text[prev.start : end], self.name)
                last_end = end
        return result
