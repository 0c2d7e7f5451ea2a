"""Identifiers written for machines (stop 48): :mod:`app.detection.machine_codes`."""

import pytest

from app.detection.machine_codes import CoordinatesRecognizer, CryptoWalletRecognizer, MrzRecognizer, VinRecognizer
from app.detection.pipeline import build_detector
from tests.unit.fakes import GazetteerTagger


def found(recognizer, text):
    entities = recognizer.recognize(text, [])
    assert all(text[e.start:e.end] == e.text for e in entities)
    return [(e.text, e.label) for e in entities]


def test_a_passports_machine_readable_zone_is_masked_line_by_line():
    """A pasted passport scan: the zone's two lines of 44 characters (names; number, nationality, birth date, sex),
    each one identifier; a line of a sentence with "<<" is none, nor a short run of fillers."""
    text = ("Scan of the data page:\nP<GBRSMITH<<JOHN<ALBERT<<<<<<<<<<<<<<<<<<<<<\n"
            "1234567897GBR8503142M2501019<<<<<<<<<<<<<<04\nThe value x << 2 is small. <<<<\n")
    assert found(MrzRecognizer(), text) == [("P<GBRSMITH<<JOHN<ALBERT<<<<<<<<<<<<<<<<<<<<<", "ID_NUMBER"),
                                            ("1234567897GBR8503142M2501019<<<<<<<<<<<<<<04", "ID_NUMBER")]


def test_cryptocurrency_addresses_with_their_checksums():
    """Bitcoin's Base58Check and Bech32 addresses whose checksums hold (a character changed: none), Ethereum's form."""
    text = ("to bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh, 1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2, "
            "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3 or 0x71C7656EC7ab88b098defB751B7401B5f6d8976F; 0x12")
    assert [t for t, _ in found(CryptoWalletRecognizer(), text)] == [
        "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh", "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2",
        "0x71C7656EC7ab88b098defB751B7401B5f6d8976F"]


def test_a_vehicle_identification_number_alone():
    """17 characters without I, O, Q with three digits and four letters; not a Brazilian case number, a hash of hex
    digits in lower case, nor a word of 17 letters."""
    text = ("The van WVWZZZAUZJP012345 was found; 1HGCM82633A004352; 20150110436469APC; "
            "e3b0c44298fc1c149; ABCDEFGHJKLMNPRST")
    assert [t for t, _ in found(VinRecognizer(), text)] == ["WVWZZZAUZJP012345", "1HGCM82633A004352"]


@pytest.mark.parametrize("text, expected", [
    # five decimals each, or four beside a cue; not exchange rates, not out of range
    ("Last seen at 51.5074, -0.1278 (GPS) near her home", ["51.5074, -0.1278"]),
    ("meet at 48.858370, 2.294481 tomorrow", ["48.858370, 2.294481"]),
    ("Sterling 1.4625, 1.4630 against the dollar; 95.12345, 10.12345", []),
    ("Koordinaten: 52.5200, 13.4050; 51°30'26.6\"N 0°07'39.6\"W", ["52.5200, 13.4050",
                                                                    "51°30'26.6\"N 0°07'39.6\"W"]),
])
def test_geographic_coordinates(text, expected):
    assert [t for t, label in found(CoordinatesRecognizer(), text) if label == "LOCATION"] == expected


def test_machine_codes_in_the_detector():
    """The detector runs the four recognizers in every language (the default configuration's list)."""
    detector = build_detector("de", tagger_factory=lambda *_: GazetteerTagger({}))
    text = "Wallet 0x71C7656EC7ab88b098defB751B7401B5f6d8976F, Fahrzeug WVWZZZAUZJP012345, Standort 52.5200, 13.4050."
    assert [(e.text, e.source) for e in detector.detect(text)] == [
        ("0x71C7656EC7ab88b098defB751B7401B5f6d8976F", "crypto_wallet"), ("WVWZZZAUZJP012345", "vin"),
        ("52.5200, 13.4050", "coordinates")]
