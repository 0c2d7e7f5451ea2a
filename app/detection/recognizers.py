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
from app.detection.cjk_names import CjkNameRecognizer
from app.detection.base import Recognizer
from app.detection.gazetteers import location_gazetteer
from app.detection.identifiers import (
    CreditCardRecognizer,
    IbanRecognizer,
    IdNumberRecognizer,
    IpAddressRecognizer,
    NationalIdRecognizer,
)
from app.detection.file_names import FileNameRecognizer
from app.detection.passenger_names import PassengerNameRecognizer
from app.detection.secrets import SecretRecognizer
from app.detection.machine_codes import (CoordinatesRecognizer, CryptoWalletRecognizer, MrzRecognizer,
                                         RecordCodeRecognizer, VinRecognizer)
from app.detection.ner import StanzaRecognizer, Tagger
from app.detection.patterns import (
    PHONE_REGIONS,
    PHONE_REGIONS_DIALLED,
    CaseNumberRecognizer,
    ChatSpeakerRecognizer,
    DateRecognizer,
    EmailRecognizer,
    UsernameRecognizer,
    MoneyRecognizer,
    NumberRecognizer,
    PhoneRecognizer,
    extension_keywords,
    phone_keywords,
    PostalCodeRecognizer,
    TimeRecognizer,
    UrlRecognizer,
)
from app.detection.letterheads import LetterheadRecognizer
from app.detection.mail_headers import DisplayNameRecognizer
from app.detection.payments import PayeeRecognizer
from app.detection.plates import LicencePlateRecognizer
from app.detection.structured import StructuredFieldRecognizer
from app.detection.tables import TableRecognizer
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


def _without_options(cls: type[Recognizer]) -> Callable[[RecognizerContext], list[Recognizer]]:
    """The factory of a recognizer that takes no argument (its summary: the class's docstring)."""

    def factory(ctx: RecognizerContext) -> list[Recognizer]:
        return [cls()]

    factory.__doc__ = cls.__doc__
    return factory


def _for_language(cls: type[Recognizer]) -> Callable[[RecognizerContext], list[Recognizer]]:
    """The factory of a recognizer that takes the document language (its summary: the class's docstring)."""

    def factory(ctx: RecognizerContext) -> list[Recognizer]:
        return [cls(ctx.language)]

    factory.__doc__ = cls.__doc__
    return factory


for _name, _cls in (("email", EmailRecognizer), ("url", UrlRecognizer), ("username", UsernameRecognizer),
                    ("chat_speaker", ChatSpeakerRecognizer), ("table", TableRecognizer),
                    ("ip", IpAddressRecognizer),
                    ("iban", IbanRecognizer), ("credit_card", CreditCardRecognizer),
                    ("case_number", CaseNumberRecognizer), ("time", TimeRecognizer), ("number", NumberRecognizer),
                    ("mrz", MrzRecognizer), ("crypto_wallet", CryptoWalletRecognizer), ("vin", VinRecognizer),
                    ("record_code", RecordCodeRecognizer),
                    ("coordinates", CoordinatesRecognizer), ("structured", StructuredFieldRecognizer),
                    ("file_name", FileNameRecognizer), ("passenger_name", PassengerNameRecognizer),
                    ("letterhead", LetterheadRecognizer), ("display_name", DisplayNameRecognizer),
                    ("cjk_name", CjkNameRecognizer)):
    register("recognizer", _name)(_without_options(_cls))
for _name, _cls in (("national_id", NationalIdRecognizer), ("id_number", IdNumberRecognizer),
                    ("date", DateRecognizer), ("postal_code", PostalCodeRecognizer), ("address", AddressRecognizer),
                    ("money", MoneyRecognizer), ("payee", PayeeRecognizer),
                    ("plate", LicencePlateRecognizer), ("secret", SecretRecognizer)):
    register("recognizer", _name)(_for_language(_cls))


@register("recognizer", "phone")
def _phone(ctx: RecognizerContext) -> list[Recognizer]:
    """Phone numbers valid for libphonenumber in the language's regions (PHONE)."""
    return [PhoneRecognizer(PHONE_REGIONS.get(ctx.language, ("US",)), phone_keywords(ctx.language),
                            extension_keywords(ctx.language), PHONE_REGIONS_DIALLED.get(ctx.language, ()))]


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
