import pytest

from app.detection.identifiers import (CreditCardRecognizer, IbanRecognizer, IpAddressRecognizer, NationalIdRecognizer,
                                      field_label)
from app.detection.pipeline import build_detector
from tests.unit.fakes import GazetteerTagger


def found(recognizer, text):
    return [(e.text, e.label) for e in recognizer.recognize(text, [])]


def test_iban_checksum():
    # a failing check digit with a registered country's structure is an IBAN with a typo (stop 45); a wrong structure
    # ("DE89 3704 0044 0532 0130 0", one digit short) or an unknown country is none
    text = ("Pay to DE89 3704 0044 0532 0130 00 or GB82WEST12345698765432, and DE89 3704 0044 0532 0130 01; not "
            "DE89 3704 0044 0532 0130 0 nor XX89 3704 0044 0532 0130 00.")
    assert found(IbanRecognizer(), text) == [("DE89 3704 0044 0532 0130 00", "IBAN"), ("GB82WEST12345698765432", "IBAN"),
                                              ("DE89 3704 0044 0532 0130 01", "IBAN")]


def test_payment_cards_need_luhn():
    text = "Cards 4111 1111 1111 1111 and 5500-0000-0000-0004; not 4111 1111 1111 1112 nor 0000 0000 0000 0000."
    # (stop 59) sixteen digits in four groups of four that fail the checksum are an identifier, not a card
    assert found(CreditCardRecognizer(), text) == [
        ("4111 1111 1111 1111", "CREDIT_CARD"), ("5500-0000-0000-0004", "CREDIT_CARD"),
        ("4111 1111 1111 1112", "ID_NUMBER")]


def test_ip_addresses():
    text = "Hosts 192.168.1.20, 2001:db8::1 and fe80::1ff:fe23:4567:890a; not 999.1.1.1, 10:30 or 1.2.3.4.5."
    assert found(IpAddressRecognizer(), text) == [
        ("192.168.1.20", "IP_ADDRESS"), ("2001:db8::1", "IP_ADDRESS"), ("fe80::1ff:fe23:4567:890a", "IP_ADDRESS"),
    ]


def test_ip_address_at_the_end_of_a_sentence():
    text = "The request came from 192.168.0.12. Then from 10.0.0.1.\nNot 1.2.3.4.5 nor 1.2.3.4.56."
    assert found(IpAddressRecognizer(), text) == [("192.168.0.12", "IP_ADDRESS"), ("10.0.0.1", "IP_ADDRESS")]


@pytest.mark.parametrize(
    "language,text,expected",
    [
        ("en", "SSN 123-45-6789, not 000-12-3456.", ["123-45-6789"]),
        ("de", "Steuer-ID 36 574 261 809, USt-IdNr. DE136695976.", ["36 574 261 809", "DE136695976"]),
        ("es", "DNI 12345678Z, NIE X1234567L, falso 12345678A.", ["12345678Z", "X1234567L"]),
        ("pt", "NIF 123456789, CPF 111.444.777-35, CNPJ 11.222.333/0001-81.", ["123456789", "111.444.777-35", "11.222.333/0001-81"]),
        # stop 43: a Swiss AHV number in a German-language request stayed in clear; Austria's social insurance number
        ("de", "AHV-Nummer 756.1234.5678.97, falsch 756.1234.5678.98; Versicherungsnummer 1237 010180.",
         ["756.1234.5678.97", "1237 010180"]),
        ("en", "PPS 1234567FA, PPSN 1234567T; not 1234567TA.", ["1234567FA", "1234567T"]),
        ("es", "CURP HERJ850312HDFRMS03, RFC HERJ850312AB3; falsa HERJ850312HDFRMS09.",
         ["HERJ850312HDFRMS03", "HERJ850312AB3"]),
        # stop 44: Argentina's CUIT and CBU, Chile's RUT, Colombia's NIT (a NIT was a phone number); not inside a
        # longer number nor glued to a news agency's code
        ("es", "CUIT 20-12345678-6, CBU 0070045030004012345673, RUT 12.345.678-5, NIT 900.123.456-8; falso "
               "20-12345678-5, EFE sfp2305001750.", ["20-12345678-6", "0070045030004012345673", "12.345.678-5",
                                                     "900.123.456-8"]),
        # stop 46: a British National Insurance number three words after its keyword, compact or in pairs (HMRC's
        # specimen prefix QQ too; prefixes never allocated, D first or a suffix after D are none), and a Spanish
        # cadastral reference (stayed in clear)
        ("en", "I have QQ 12 34 56 C on file; AB123456D; not GB 12 34 56 A, DA 12 34 56 C, AB 12 34 56 E.",
         ["QQ 12 34 56 C", "AB123456D"]),
        ("es", "la referencia catastral del piso de Getxo: 4831204WN0943S0001TP; falsa 4831204WN0943S0001JK.",
         ["4831204WN0943S0001TP"]),
        # a DNI or NIE printed with a hyphen before a letter that fails the check (a typo, a fictional number); not
        # without the hyphen, nor with a small letter
        ("es", "el NIF de Itziar (tengo el tuyo, 72345678-H), NIE Y-1234567-X; no 72345678H ni 72345678-h.",
         ["72345678-H", "Y-1234567-X"]),
        # stop 47: a notarial deed's "D.N.I. número 17.123.456-M", the digits grouped by full stops
        ("es", "y D.N.I. número 17.123.456-M; con DNI 17.123.456-W.", ["17.123.456-M", "17.123.456-W"]),
    ],
)
def test_national_identifiers(language, text, expected):
    assert [e.text for e in NationalIdRecognizer(language).recognize(text, [])] == expected
    assert {e.label for e in NationalIdRecognizer(language).recognize(text, [])} <= {"NATIONAL_ID"}


def test_field_labels_are_those_of_the_documents_language():
    """A German "Az." (Aktenzeichen) heads a court's letter and is no organization; in English "AZ" is Arizona."""
    assert field_label("Az", "de") and field_label("AZ", "de") and not field_label("AZ", "en")
    assert field_label("IBAN", "en") and field_label("Tel.", "pt")          # the international ones everywhere
    assert field_label("dni", "es") and field_label("DNI") and not field_label("DNI", "en")
    assert field_label("Az", "xx") == field_label("Az")                    # an undeclared language: every label


def test_a_german_compound_that_names_a_number_is_a_field_label():
    """"Betriebsstättennr." and "Versichertennr." of a sick note were masked as a proper noun and an organization
    (stop 49); "Nummer" alone, a name, and an English word are not labels."""
    assert field_label("Betriebsstättennr", "de") and field_label("Versichertennummer", "de")
    assert not field_label("Nummer", "de") and not field_label("Kummer", "de") and not field_label("Arztnr", "en")
    assert not field_label("Nr-4", "de")


def test_a_file_number_label_after_a_line_break_is_no_organization():
    """The German model took "Amtsgericht Charlottenburg\nAz.: 218 C 114/26" for one organization; cut at the line
    break, its part "Az" was masked as an organization of its own (stop 43)."""
    text = "Amtsgericht Charlottenburg\nAz.: 218 C 114/26"
    tagger = GazetteerTagger({"Amtsgericht Charlottenburg Az.": "ORG"})
    detector = build_detector("de", tagger_factory=lambda *_: tagger)
    assert [(e.text, e.label) for e in detector.detect(text)] == [
        ("Amtsgericht Charlottenburg", "ORGANIZATION"), ("218 C 114/26", "CASE_NUMBER")]


def test_a_weekdays_abbreviation_before_a_date_or_a_time_is_no_place():
    """"Termin am Mi. 12.11.", "Mo.–Fr. 8–12 Uhr": the German model tagged the weekdays as places (stop 42, found);
    a name that is spelt like one stays ("Mo Farah", "Fr. Weber": Frau Weber)."""
    tagger = GazetteerTagger({"Mi.": "LOC", "Mo.": "LOC", "Fr.": "ORG", "Fr. Weber": "PER", "Mo": "LOC"})
    detector = build_detector("de", tagger_factory=lambda *_: tagger)
    text = "Termin am Mi. 12.11. um 10 Uhr. Sprechzeiten: Mo.–Fr. 8–12 Uhr. Fr. Weber kommt, Mo auch."
    assert [(e.text, e.label) for e in detector.detect(text) if e.label in ("LOCATION", "ORGANIZATION", "PERSON")] == [
        ("Fr. Weber", "PERSON"), ("Mo", "LOCATION")]


def test_a_weekdays_abbreviation_alone_is_no_person():
    """Stop 44: an agent's notes in lower case ("turn up on tues.", "rebooked for fri 12-4pm") were restored "Tues",
    "Fri", which the model took for a person and a MISC entity; "Mr Sun" stays a person."""
    tagger = GazetteerTagger({"Sun": "PER", "Tues": "PER", "Fri": "MISC"})
    detector = build_detector("en", tagger_factory=lambda *_: tagger)
    found = detector.detect("We met Mr Sun on Tues. and again on Fri at noon.")
    assert [(e.text, e.label) for e in found] == [("Sun", "PERSON")]


def test_a_line_in_lower_case_with_a_first_name_is_restored():
    """Stop 44: "Agent notes (Callum R.):\\n- cust called …, spoke w/ her son marcus who …": the sentence is cased
    (its first line), and its second line, in lower case, was restored only when the casing table spelt one of its
    words capitalised; "marcus", a first name of the name lexicons that no news text spells, stayed in clear."""
    tagger = GazetteerTagger({"Marcus": "PER", "Callum R.": "PER"})
    detector = build_detector("en", tagger_factory=lambda *_: tagger)
    text = "Agent notes (Callum R.):\n- she called today, spoke w/ her son marcus who set up the router."
    assert [(e.text, e.label) for e in detector.detect(text)] == [("Callum R.", "PERSON"), ("marcus", "PERSON")]


def test_clinical_abbreviations_are_no_entities():
    """Stop 44: a GP's note ("HR 104, RR 22, SpO2 94%", "salbutamol PRN", "NKDA") gave persons and organizations."""
    tagger = GazetteerTagger({"HR": "PER", "RR": "ORG", "SpO2": "PER", "PRN": "ORG", "NKDA": "ORG", "Okonkwo": "PER"})
    detector = build_detector("en", tagger_factory=lambda *_: tagger)
    found = detector.detect("O: HR 104, RR 22, SpO2 94%. Meds: salbutamol PRN. NKDA. F/U with Dr Okonkwo.")
    assert [(e.text, e.label) for e in found] == [("Okonkwo", "PERSON")]


def test_a_field_name_of_several_words_before_its_colon_is_no_entity():
    """Stop 44: a Spanish discharge report's "Fecha de Ingreso:" was the model's MISC entity, and its headword "Fecha"
    was then marked all over the form; a name before a colon stays ("Maria Rosa: oi")."""
    tagger = GazetteerTagger({"Fecha de Ingreso": "MISC", "Médico responsable": "ORG", "Maria Rosa": "PER"})
    detector = build_detector("es", tagger_factory=lambda *_: tagger)
    text = "Fecha de Ingreso: 17/06/2016.\nFecha de nacimiento: 10/10/1963.\nMédico responsable: Dr. Ruiz.\nMaria Rosa: oi"
    assert [(e.text, e.label) for e in detector.detect(text)] == [
        ("17/06/2016", "DATE"), ("10/10/1963", "DATE"), ("Ruiz", "PERSON"), ("Maria Rosa", "PERSON")]


def test_an_iban_shape_after_the_word_iban_is_one_even_when_its_check_digits_fail():
    # stop 45: "IBAN DE44 2175 0000 0012 3456 78 bei der …" left "DE44 2175" in clear, the rest a phone number
    text = "auf unser Konto IBAN DE44 2175 0000 0012 3456 78 bei der Sparkasse; IBAN: GB82 WEST 1234 5698 7654 32."
    assert found(IbanRecognizer(), text) == [("DE44 2175 0000 0012 3456 78", "IBAN"), ("GB82 WEST 1234 5698 7654 32", "IBAN")]
    # without the keyword, a shape of no registered country's structure is none
    assert found(IbanRecognizer(), "Order DE44 2175 0000 0012 3456 7 shipped") == []


def test_a_mac_address_is_an_identifier():
    # stop 45: "MAC 3C:52:82:A1:9F:0E" of a support ticket stayed in clear
    text = "MAC 3C:52:82:A1:9F:0E, mac 3c-52-82-a1-9f-0e, Cisco 3c52.82a1.9f0e; scores 12-10-11-13-14-15, 1234.5678.9012."
    assert found(IpAddressRecognizer(), text) == [("3C:52:82:A1:9F:0E", "ID_NUMBER"), ("3c-52-82-a1-9f-0e", "ID_NUMBER"),
                                                  ("3c52.82a1.9f0e", "ID_NUMBER")]


def test_an_iban_of_a_registered_country_with_a_failing_check_is_one_without_the_keyword():
    # stop 45: "auf das Konto DE12 4405 0199 0001 2345 67" left "DE12 4405" in clear and the rest a phone number
    text = "auf das Konto DE12 4405 0199 0001 2345 67 überwiesen; Order XX12 3456 7890 1234; code DE12 4405 ok."
    assert found(IbanRecognizer(), text) == [("DE12 4405 0199 0001 2345 67", "IBAN")]


def test_an_iban_printed_in_its_national_groups_is_whole():
    # stop 47: a Portuguese lease's "PT50 0035 0000 12345678901 53" (the NIB's 4, 4, 11 and 2 digits) left "53" in clear
    text = "IBAN PT50 0035 0000 12345678901 53. Conta PT50 0035 0000 12345678901 53 e PT50 0002 0123 1234 5678 9015 4."
    assert found(IbanRecognizer(), text) == [("PT50 0035 0000 12345678901 53", "IBAN"),
                                             ("PT50 0035 0000 12345678901 53", "IBAN"),
                                             ("PT50 0002 0123 1234 5678 9015 4", "IBAN")]


def test_the_national_insurance_number_validator():
    from app.detection import gb_nino

    assert gb_nino.compact(" qq 12 34 56 c") == "QQ123456C"
    assert [gb_nino.is_valid(v) for v in ("AB 12 34 56 C", "QQ123456C", "ZZ123456A", "AO123456A", "AB12345C",
                                          "AB 12 34 56 C X")] == [True, True, False, False, False, False]


def test_numbers_printed_masked_but_for_their_last_digits():
    # stop 50: a booking's "Visa ************2033" and a phone bill's "ES98 **** **** **** **** 3582" left the last
    # digits in clear; a rating's stars and a short mask are none
    text = ("Visa ************2033   EUR 847.36; card **** **** **** 2033. XXXX-XXXX-XXXX-1234\n"
            "Cargo en cuenta: ES98 **** **** **** **** 3582; IBAN DE89 XXXX XXXX XXXX XX30 00\n"
            "rating ***** 2024, PIN **** 1234, x 1234; Tarjeta Visa ****4301, ab****1234")
    assert found(IbanRecognizer(), text) == [("ES98 **** **** **** **** 3582", "IBAN"),
                                             ("DE89 XXXX XXXX XXXX XX30 00", "IBAN")]
    assert [t for t, _ in found(CreditCardRecognizer(), text)] == [
        "************2033", "**** **** **** 2033", "XXXX-XXXX-XXXX-1234", "**** **** **** **** 3582", "****4301"]
