"""The built-in recognizers, registered by name (:func:`app.registry.register`, kind ``recognizer``).

A detection configuration lists recognizer names (``"recognizers": ["email", "stanza", ...]``,
:mod:`app.detection.config`); :func:`app.detection.pipeline.build_detector` calls each one's factory with a
:class:`RecognizerContext` and runs the recognizers it returns. A new recognizer is one decorated factory::

    @register("recognizer", "vat_number")
    def vat_number(ctx: RecognizerContext) -> list[Recognizer]:
        \"\"\"VAT numbers.\"\"\"
        return [VatRecognizer(ctx.language)]

(in a module imported before the detector is built), and its name in the configuration.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from app.detection.addresses import AddressRecognizer
from app.detection.base import Recognizer
from app.detection.gazetteers import location_gazetteer
from app.detection.identifiers import (
    CreditCardRecognizer,
    IbanRecognizer,
    IdNumberRecognizer,
    IpAddressRecognizer,
    NationalIdRecognizer,
)
from app.detection.ner import StanzaRecognizer, Tagger
from app.detection.patterns import (
    PHONE_REGIONS,
    CaseNumberRecognizer,
    DateRecognizer,
    EmailRecognizer,
    MoneyRecognizer,
    NumberRecognizer,
    PhoneRecognizer,
    PostalCodeRecognizer,
    TimeRecognizer,
    UrlRecognizer,
)
from app.registry import register


@dataclass(frozen=True)
class RecognizerContext:
    """What a recognizer factory receives.

    Attributes:
        language: ISO 639-1 code.
        config: the language's effective detection configuration (:func:`app.detection.config.language_config`).
        tagger: builds the NER tagger (loads the model; call it only when needed).
    """

    language: str
    config: dict[str, Any]
    tagger: Callable[[], Tagger]


@register("recognizer", "email")
def _email(ctx: RecognizerContext) -> list[Recognizer]:
    """E-mail addresses (EMAIL)."""
    return [EmailRecognizer()]


@register("recognizer", "url")
def _url(ctx: RecognizerContext) -> list[Recognizer]:
    """URLs (URL)."""
    return [UrlRecognizer()]


@register("recognizer", "ip")
def _ip(ctx: RecognizerContext) -> list[Recognizer]:
    """IPv4 and IPv6 addresses (IP_ADDRESS)."""
    return [IpAddressRecognizer()]


@register("recognizer", "iban")
def _iban(ctx: RecognizerContext) -> list[Recognizer]:
    """IBANs with a valid check sum (IBAN)."""
    return [IbanRecognizer()]


@register("recognizer", "credit_card")
def _credit_card(ctx: RecognizerContext) -> list[Recognizer]:
    """Payment card numbers passing the Luhn check (CREDIT_CARD)."""
    return [CreditCardRecognizer()]


@register("recognizer", "national_id")
def _national_id(ctx: RecognizerContext) -> list[Recognizer]:
    """National identity and tax numbers of the language's countries, validated (NATIONAL_ID)."""
    return [NationalIdRecognizer(ctx.language)]


@register("recognizer", "id_number")
def _id_number(ctx: RecognizerContext) -> list[Recognizer]:
    """Identifiers named by a keyword of the language (ID_NUMBER)."""
    return [IdNumberRecognizer(ctx.language)]


@register("recognizer", "phone")
def _phone(ctx: RecognizerContext) -> list[Recognizer]:
    """Phone numbers valid for libphonenumber in the language's regions (PHONE)."""
    return [PhoneRecognizer(PHONE_REGIONS.get(ctx.language, ("US",)))]


@register("recognizer", "case_number")
def _case_number(ctx: RecognizerContext) -> list[Recognizer]:
    """Court case numbers (CASE_NUMBER)."""
    return [CaseNumberRecognizer()]


@register("recognizer", "date")
def _date(ctx: RecognizerContext) -> list[Recognizer]:
    """Dates with the language's month names, and valid numeric dates (DATE)."""
    return [DateRecognizer(ctx.language)]


@register("recognizer", "time")
def _time(ctx: RecognizerContext) -> list[Recognizer]:
    """Times of day (TIME)."""
    return [TimeRecognizer()]


@register("recognizer", "money")
def _money(ctx: RecognizerContext) -> list[Recognizer]:
    """Amounts with a currency (MONEY)."""
    return [MoneyRecognizer()]


@register("recognizer", "postal_code")
def _postal_code(ctx: RecognizerContext) -> list[Recognizer]:
    """Postal codes of the language's countries (POSTAL_CODE)."""
    return [PostalCodeRecognizer(ctx.language)]


@register("recognizer", "address")
def _address(ctx: RecognizerContext) -> list[Recognizer]:
    """Street names with a house number (LOCATION)."""
    return [AddressRecognizer(ctx.language)]


@register("recognizer", "number")
def _number(ctx: RecognizerContext) -> list[Recognizer]:
    """Other long digit sequences (NUMBER)."""
    return [NumberRecognizer()]


@register("recognizer", "gazetteer", defaults={"gazetteer_min_population": 100_000,
                                              "gazetteer_alternate_names_min_population": 1_000_000})
def _gazetteer(ctx: RecognizerContext) -> list[Recognizer]:
    """Cities, countries and regions from GeoNames and pycountry (LOCATION)."""
    return [location_gazetteer(ctx.language, int(ctx.config.get("gazetteer_min_population", 100_000)),
                               int(ctx.config.get("gazetteer_alternate_names_min_population", 1_000_000)))]


@register("recognizer", "stanza", defaults={"conversion": "conll", "ner_recall_bias": 0.0})
def _stanza(ctx: RecognizerContext) -> list[Recognizer]:
    """The language's Stanza NER model (PERSON, ORGANIZATION, LOCATION, MISC)."""
    return [StanzaRecognizer(ctx.tagger(), conversion=ctx.config.get("conversion", "conll"))]


@register("recognizer", "custom", defaults={"custom_patterns": [], "custom_lists": {}, "custom_files": []})
def _custom(ctx: RecognizerContext) -> list[Recognizer]:
    """Users' own regular expressions, phrase lists and CSV files (their labels)."""
    from app.detection.pipeline import _Combined, _custom_recognizers  # the pipeline imports this module's users

    parts = _custom_recognizers(ctx.config)
    return [_Combined(parts, "custom")] if parts else []
