"""Leaks closed at stop 52, each found in a probe document written with an answer key (a lease, a police report, a
chat export, an API log, an itinerary, a CV, a marriage certificate, an electricity bill): whole euros with a dash,
JSON Web Tokens, IBANs printed in groups of four or with hyphens, dates in words with their figures in brackets,
surnames in capitals, user and host names of a chat export, Welsh, Nigerian, Indian and Turkish addresses."""

import pytest

from app.detection.addresses import AddressRecognizer
from app.detection.handles import derived_handles, user_names_everywhere
from app.detection.identifiers import IbanRecognizer, IdNumberRecognizer
from app.detection.patterns import DateRecognizer, MoneyRecognizer, PhoneRecognizer, PostalCodeRecognizer
from app.detection.pipeline import build_detector
from app.detection.secrets import SecretRecognizer
from app.doc import Entity
from tests.unit.fakes import GazetteerTagger


def found(recognizer, text):
    entities = recognizer.recognize(text, [])
    assert all(text[e.start:e.end] == e.text for e in entities)
    return [e.text for e in entities]


def detect(language, text, persons=(), profile="standard"):
    tagger = GazetteerTagger({p: "PER" for p in persons})
    detector = build_detector(language, tagger_factory=lambda *_: tagger)
    return [(e.text, e.label) for e in detector.detect(text, profile=profile)]


def test_whole_euros_with_a_dash_are_money():
    text = ("Die Kaution beträgt 600,- € und die Miete 1.390,- EUR, Angebot EUR 56.300,- netto, Preis 49,-- Euro, "
            "Zahlung 1.200,–€.")
    assert found(MoneyRecognizer("de"), text) == ["600,- €", "1.390,- EUR", "EUR 56.300,-", "49,-- Euro", "1.200,–€"]
    # a dash that opens a range is no cents ("600,-800 €" is none of these forms)
    assert "600,-" not in " ".join(found(MoneyRecognizer("de"), "zwischen 600,-800 Stück"))


def test_json_web_tokens_and_push_tokens_are_secrets_whole():
    jwt = ("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ1c3JfMWE3N2U5M2IiLCJlbWFpbCI6ImtlbWFsLmFyc2xhbkBwcm90b"
           "25tYWlsLmNvbSIsImlhdCI6MTcxODI3MTY5MH0.gbH_Oh-ET6vwonzi-Xske4bnRQxT6sftm3N16tseHR4")
    text = f'{{"authorization":"Bearer {jwt}","pushToken":"fcm:dX8kq2Lz1R0:APA91bH7tN3vQyW5"}}'
    assert found(SecretRecognizer("en"), text) == [jwt, "dX8kq2Lz1R0:APA91bH7tN3vQyW5"]
    # a dotted name that does not open with the encoded '{"' is no token
    assert found(SecretRecognizer("en"), "see eyJohn.eyJane.x in the notes") == []


def test_ibans_in_groups_of_four_or_with_hyphens():
    # (with hyphens, a wrong check digit in Spain's structure is a typo, as with spaces since stop 45; a wrong
    # structure with hyphens is none)
    text = ("Lastschrift auf DE60 5001 0517 5408 3921 6477 und ES71 2038-1146-94-6000418273; "
            "auch ES71 2038-1146-94-6000418274 (Prüfziffer falsch), nicht ES71 2038-1146-94-600041827 und nicht "
            "DE44 2175 0000 0012 3456 7.")
    assert found(IbanRecognizer(), text) == ["DE60 5001 0517 5408 3921 6477", "ES71 2038-1146-94-6000418273",
                                             "ES71 2038-1146-94-6000418274"]


def test_an_iban_masked_but_for_its_bank_and_last_digits():
    assert found(IbanRecognizer(), "IBAN: ES10 0182 **** **** **** 3947 (domiciliado)") == [
        "ES10 0182 **** **** **** 3947"]


@pytest.mark.parametrize("language,text", [
    ("pt", "vinte e oito (28) de agosto de mil novecentos e oitenta e nove (1989)"),
    ("pt", "três (03) de fevereiro de mil novecentos e noventa e dois (1992)"),
    ("es", "veintiocho (28) de agosto de mil novecientos ochenta y nueve (1989)"),
])
def test_dates_in_words_with_their_figures_in_brackets(language, text):
    assert found(DateRecognizer(language), f"nascido em {text}, no hospital") == [text]


def test_a_month_and_a_two_digit_year_after_a_hyphen_are_a_date():
    text = "Periodo ago-23 a oct-23; lectura feb-24. Modelo MAR-10X, pieza mar-10-2."
    assert found(DateRecognizer("es"), text) == ["ago-23", "oct-23", "feb-24"]


def test_a_date_in_square_brackets_is_no_phone_number():
    text = "[04.03.2024, 08:51] kaffeejunkie (Jürgen Weißenbäck)\n  Moin!"
    assert found(PhoneRecognizer(("DE",)), text) == []


def test_surnames_in_capitals_join_the_name_before_them():
    text = "Denunciante: María Begoña IBÁÑEZ ZÚÑIGA, con DNI 48.273.615-L.\nFirma: Carlos PRIETO LEAL."
    out = detect("es", text, persons=["María Begoña IBÁÑEZ", "Carlos PRIETO"])
    assert ("María Begoña IBÁÑEZ ZÚÑIGA", "PERSON") in out
    assert ("Carlos PRIETO LEAL", "PERSON") in out  # "leal" is a common word and a surname of the lexicon


def test_a_whole_name_in_capitals_after_a_first_name_of_the_lexicon():
    out = detect("es", "Presidenta: ESTHER NÚÑEZ DE ARCE (2º-C), Secretario: el administrador.")
    assert ("ESTHER NÚÑEZ DE ARCE", "PERSON") in out


def test_capital_words_that_are_no_surnames_stay_out():
    # a statement's payee and its purpose; a title in capitals; a form's label
    out = detect("en", "02/03   SO CHIDI OKONJO RENT   450.00\nBRENNAN/DECLAN PATRICK MR\nJuan PÉREZ DNI 12345678Z",
                 persons=["CHIDI OKONJO", "Juan PÉREZ"])
    assert ("CHIDI OKONJO", "PERSON") in out
    assert not any("RENT" in t or t.endswith(" MR") or "DNI" in t for t, label in out if label == "PERSON")


def test_a_capitalised_arabic_particle_between_two_parts_of_a_name():
    out = detect("es", "D. Rachid El Amrani Bouzid votó en contra.", persons=["Rachid", "Amrani Bouzid"])
    assert ("Rachid El Amrani Bouzid", "PERSON") in out
    # alone before a name, "El" is the article
    assert ("Amrani", "PERSON") in detect("es", "Lo dijo El Amrani ayer.", persons=["Amrani"])


def _entities(text, *spans):
    out = []
    for surface, label in spans:
        start = text.index(surface)
        out.append(Entity(start, start + len(surface), label, surface, "test"))
    return sorted(out, key=lambda e: e.start)


def test_user_names_beside_a_name_in_brackets_and_everywhere_the_document_writes_them():
    text = ("[04.03.2024, 08:51] kaffeejunkie (Jürgen Weißenbäck)\n  Moin!\n"
            "[04.03.2024, 08:53] Maximilian Đurić (mx_dev)\n  @kaffeejunkie guck mal, mx_dev ist da.\n"
            "[04.03.2024, 09:00] ticket (Anna Berg)\n")
    entities = _entities(text, ("Jürgen Weißenbäck", "PERSON"), ("Maximilian Đurić", "PERSON"),
                         ("@kaffeejunkie", "USERNAME"), ("Anna Berg", "PERSON"))
    out = user_names_everywhere(text, entities, common=lambda w: w.lower() in {"ticket", "kaffeejunkie"})
    # (the common word "ticket" before a name is no user name; a handle with its "@" is one whatever its words)
    assert [e.text for e in out if e.label == "USERNAME"] == ["kaffeejunkie", "mx_dev", "@kaffeejunkie", "mx_dev"]


def test_host_and_file_names_that_hold_a_persons_name():
    text = ("Heiko Oltmanns ruft an; Hakan Kaya hat Urlaub.\n"
            "kasse01.oltmanns.kunden.example-it.de antwortet nicht, ich geh über jump-hkaya.intern\n"
            "Datei: screenshot_kasse_oltmanns.png, Server bastion01.intern")
    entities = _entities(text, ("Heiko Oltmanns", "PERSON"), ("Hakan Kaya", "PERSON"))
    out = [e.text for e in derived_handles(text, entities) if e.source == "rule:derived_handle"]
    assert out == ["kasse01.oltmanns.kunden.example-it.de", "jump-hkaya.intern", "screenshot_kasse_oltmanns.png"]


def test_secrets_after_pw_and_after_an_adverb():
    text = 'neues PW ist Brötchen#2024!\nroot-PW dort ist noch "Zugspitze_17" 🙄\nDas PW ist noch nicht gesetzt.'
    assert found(SecretRecognizer("de"), text) == ["Brötchen#2024", "Zugspitze_17"]


def test_an_itinerarys_locator_e_tickets_and_frequent_flyer_numbers():
    text = ("Amadeus record locator:   6TZW3P\n"
            "    E-ticket: 125-2417839064   FF: BA 38291746 (Executive Club Silver)\n"
            "    E-ticket: 125 2417 839 066  FF: none\n")
    assert found(IdNumberRecognizer("en"), text) == ["6TZW3P", "125-2417839064", "BA 38291746", "125 2417 839 066"]


def test_a_customer_number_after_kdnr():
    assert found(IdNumberRecognizer("de"), "Kunde Bäckerei Oltmanns (KdNr. 100-4471) ist offen") == ["100-4471"]


@pytest.mark.parametrize("language,text,expected", [
    ("en", "Current:   Flat 4, 27 Heol y Castell, Llandeilo", "Flat 4, 27 Heol y Castell"),
    ("en", "   Unit 5, Ffordd y Parc, Swansea Enterprise Park", "Unit 5, Ffordd y Parc"),
    ("en", "   Plot 14, Adeola Odeku Street, Victoria Island", "Plot 14, Adeola Odeku Street"),
    ("en", "Permanent: H.No. 12, Sector 39-B, Chandigarh", "H.No. 12, Sector 39-B"),
    ("en", "Hotel: Meşrutiyet Cd. No:52, Beyoğlu", "Meşrutiyet Cd. No:52"),
    ("pt", "residente na Al. Lorena, 1.904, ap. 82, Cerqueira César", "Al. Lorena, 1.904, ap. 82"),
    ("es", "vecina de Torrent, Avda. al Vedat, 112, esc. izq., 2.º B.", "Avda. al Vedat, 112, esc. izq., 2.º B"),
    ("es", "Dirección de suministro: AV DE ROMA 47 ESC DCHA 5º 2ª, 08029 BARCELONA", "AV DE ROMA 47 ESC DCHA 5º 2ª"),
])
def test_addresses_of_wales_nigeria_india_turkey_and_iberian_flats(language, text, expected):
    assert found(AddressRecognizer(language), text) == [expected]


def test_postal_codes_before_a_country_and_in_brackets_after_a_town():
    assert found(PostalCodeRecognizer("en"), "Chandigarh 160036, India; Lagos 101241, Nigeria; 160036 apples") == [
        "160036", "101241"]
    assert found(PostalCodeRecognizer("es"), "vecina de Torrent (46900), Avda. al Vedat") == ["46900"]
