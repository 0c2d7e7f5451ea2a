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
from tests.unit.fakes import GazetteerTagger, found


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
    assert found(SecretRecognizer("en"), text) == [jwt, "fcm:dX8kq2Lz1R0:APA91bH7tN3vQyW5"]  # (a JSON key's value)
    assert found(SecretRecognizer("en"), "push fcm:dX8kq2Lz1R0:APA91bH7tN3vQyW5 sent") == ["dX8kq2Lz1R0:APA91bH7tN3vQyW5"]
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
    # a form's next line in capitals is no headline
    text = "  Nombre y apellidos ....: María Begoña IBÁÑEZ ZÚÑIGA\n  DNI ...................: 48273615L"
    assert ("María Begoña IBÁÑEZ ZÚÑIGA", "PERSON") in detect("es", text, persons=["María Begoña IBÁÑEZ"])


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
    # after a person, the part the model called an organization is the person's too
    tagger = GazetteerTagger({"Amrani": "ORG"})
    detector = build_detector("es", tagger_factory=lambda *_: tagger)
    assert [e.text for e in detector.detect("- Dña. Nadia El Amrani (emp. 005231), mozo.") if e.label == "PERSON"] == [
        "Nadia El Amrani"]
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


def test_a_json_keys_password():
    text = '{"reset":{"userId":"usr_1a77e93b","tempPassword":"Ilford#2024tmp","tokenType":"Bearer"}}'
    assert found(SecretRecognizer("en"), text) == ["Ilford#2024tmp"]


def test_references_between_slashes_with_one_capital_and_an_invoices_access_key():
    from app.detection.machine_codes import RecordCodeRecognizer

    text = ("Exp. 2024/VLC/00913 y 2023/VAL/118437, factura INV/2024/0388; visado V-2025-031187; clave "
            "3524 0307 1946 5200 0153 5500 1000 0482 1718 3920 1749. Not 2024/25, A-2024, ISO-9001 or 1234 5678 9012.")
    assert found(RecordCodeRecognizer(), text) == [
        "2024/VLC/00913", "2023/VAL/118437", "INV/2024/0388", "V-2025-031187",
        "3524 0307 1946 5200 0153 5500 1000 0482 1718 3920 1749"]


@pytest.mark.parametrize("language,text,expected", [
    ("es", "la carretilla Linde E20 n.º de serie H2X386W04417 en el muelle", "H2X386W04417"),
    ("es", "- D. Adrián Belmonte Cruz (emp. 003988), carretillero", "003988"),
    ("es", "Nº Registro oficina: 28-0997 · Tel.", "28-0997"),
    ("es", "Firma electrónica: Íñigo Berasategui Oñate (CSV 7F3A-22D1-90BC-4E68)", "7F3A-22D1-90BC-4E68"),
    ("es", "Nº de contador:          0X12GH7718 (telegestión)", "0X12GH7718"),
    ("es", "CIP-SNS: BBBBBBBBQW418372", "BBBBBBBBQW418372"),
    ("pt", "NF-e Nº 000.048.217  SÉRIE 001", "000.048.217"),
    ("pt", "INSCRIÇÃO ESTADUAL: 110.384.726.040", "110.384.726.040"),
    ("pt", "CÓDIGO ANTT: 048213775", "048213775"),
    ("pt", "CNES 2185843 · Tel.", "2185843"),
    ("pt", "Dr. Rui Alves, RQE 38.114", "38.114"),
    ("pt", "Marek Łukasiewicz (pai) – Título de Residência n.º W3K7R2P91", "W3K7R2P91"),
    ("en", "Tel: 01865 248 731 | ODS code K84031", "K84031"),
    ("en", "(OUH lab, sampled 5 Feb 2024, lab no. 24.0205.11873)", "24.0205.11873"),
    ("en", "Wróbel sp.k., NIP 583-318-42-74", "583-318-42-74"),
    ("de", "Aufnehmende Beamte: POK Stefan Huber (DN 40817)", "40817"),
])
def test_identifiers_after_the_stops_new_keywords(language, text, expected):
    assert expected in found(IdNumberRecognizer(language), text)


@pytest.mark.parametrize("language,text,expected", [
    ("es", "mando del garaje n.º 27 con código 4-1-9-0.", "4-1-9-0"),
    ("pt", "Selo eletrônico: EKZ31468   Código de segurança: 8847.2291.0372.5519", "8847.2291.0372.5519"),
])
def test_codes_after_their_words(language, text, expected):
    assert found(SecretRecognizer(language), text) == [expected]


@pytest.mark.parametrize("language,text,expected", [
    ("pt", "Emitente: R. Cel. Joaquim Ferreira Lobo, 1.482 - Vila Nova", "R. Cel. Joaquim Ferreira Lobo, 1.482"),
    ("pt", "ENDEREÇO: AV. DR. GASTÃO VIDIGAL, 2310 AP 94 BL B     BAIRRO", "AV. DR. GASTÃO VIDIGAL, 2310 AP 94 BL B"),
    ("pt", "ENDEREÇO: ROD. ANHANGUERA KM 24,5 GALPÃO 3   MUNICÍPIO", "ROD. ANHANGUERA KM 24,5 GALPÃO 3"),
    ("pt", "Fica na Rod. Anhanguera, km 24,5, galpão 3.", "Rod. Anhanguera, km 24,5, galpão 3"),
    ("de", "Mieter, Lindenthalgürtel 87, 50935 Köln", "Lindenthalgürtel 87"),
])
def test_brazilian_streets_with_ranks_highways_and_a_cologne_ring(language, text, expected):
    assert found(AddressRecognizer(language), text) == [expected]


def test_the_lira_zloty_and_koruna_signs_after_the_amount():
    assert found(MoneyRecognizer("en"), "Paid 68.950 TL and 1 200 zł, 500 Kč. TL;DR fine.") == [
        "68.950 TL", "1 200 zł", "500 Kč"]


def test_a_double_surnames_first_part_and_the_seconds_initial():
    text = ("Responsable: Raquel Sánchez-Ortuño (usuario SAP: rsanchezo). Testigo: Adrián Belmonte Cruz (login "
            "abelmontec); no: rsanchezx")
    entities = _entities(text, ("Raquel Sánchez-Ortuño", "PERSON"), ("Adrián Belmonte Cruz", "PERSON"))
    out = [e.text for e in derived_handles(text, entities) if e.source == "rule:derived_handle"]
    assert out == ["rsanchezo", "abelmontec"]


@pytest.mark.parametrize("language,text,expected", [
    ("en", "Medication: Ramipril 5 mg OD, Metformin 1 g BD, Levothyroxine 100 micrograms OM, Naproxen 500 mg BD.",
     ["Ramipril 5 mg OD", "Metformin 1 g BD", "Levothyroxine 100 micrograms OM", "Naproxen 500 mg BD"]),
    ("de", "Ticagrelor 90 mg 1-0-1, Apixaban, Atorvastatin 80 mg 0-0-1. Im April las sie ein Magazin.",
     ["Ticagrelor 90 mg 1-0-1", "Apixaban", "Atorvastatin 80 mg 0-0-1"]),
    ("es", "METFORMINA 850 MG 50 COMP; ENALAPRIL 20 MG; levotiroxina 75 mcg/dia; 5 g de sal",
     ["METFORMINA 850 MG", "ENALAPRIL 20 MG", "levotiroxina 75 mcg/dia"]),
])
def test_medicines_by_their_inn_stems_with_dose_and_frequency(language, text, expected):
    from app.detection.quasi_identifiers import QuasiIdentifierRecognizer

    # (a word of the language's own health list inside one may come twice: voting keeps the longest)
    health = [e.text for e in QuasiIdentifierRecognizer(language).recognize(text, []) if e.label == "HEALTH"]
    assert [h for h in health if not any(h != o and h in o for o in health)] == expected


def test_diagnosis_codes_before_the_diagnosis_and_the_diagnoses_of_the_stop():
    from app.detection.quasi_identifiers import QuasiIdentifierRecognizer

    text = ("Diagnóstico(s): E11.9 Diabetes mellitus tipo 2;\nI10 Hipertensión esencial; F41.1 Ansiedad generalizada\n"
            "art. (B12.3 no); la A12 Madrid; mareos y esguince de tobillo derecho")
    health = [e.text for e in QuasiIdentifierRecognizer("es").recognize(text, []) if e.label == "HEALTH"]
    assert health == ["E11.9", "I10", "F41.1", "Diabetes mellitus tipo 2", "Hipertensión esencial",
                      "Ansiedad generalizada", "mareos", "esguince de tobillo derecho"]
    text = "Nicht-ST-Hebungsinfarkt (NSTEMI) bei hochgradiger RIVA-Stenose, Belastungsdyspnoe; in der Gegenwart."
    health = [e.text for e in QuasiIdentifierRecognizer("de").recognize(text, []) if e.label == "HEALTH"]
    assert health == ["Nicht-ST-Hebungsinfarkt", "NSTEMI", "RIVA-Stenose", "Belastungsdyspnoe"]


@pytest.mark.parametrize("language,text,expected", [
    ("es", "D. Adrián Belmonte (emp. 003988), mozo de almacén, y la encargada", ["mozo de almacén", "encargada"]),
    ("pt", "Raimundo atua como manobrista; Escrevente Autorizada", ["manobrista", "Escrevente Autorizada"]),
    ("de", "Kassenwartin des Vereins, öffentlich bestellte Sachverständige; in der Gegenwart", [
        # (stop 56: with the words before it that make it precise)
        "Kassenwartin", "öffentlich bestellte Sachverständige"]),
])
def test_occupations_of_the_stops_documents(language, text, expected):
    from app.detection.quasi_identifiers import QuasiIdentifierRecognizer

    found_ = [e.text for e in QuasiIdentifierRecognizer(language).recognize(text, []) if e.label == "OCCUPATION"]
    assert found_ == expected


def test_no_capital_surnames_in_a_headline_in_capitals():
    text = ("IBARRA - INFRAESTRUCTURAS R. IBARRA ACEPTARIA ENERGIA EOLICA EN HURDES SI CREA 1.500 EMPLEOS "
            "Aldehuela ( Cáceres ) .")
    out = detect("es", text, persons=["R. IBARRA"])
    assert ("R. IBARRA", "PERSON") in out and not any("ACEPTARIA" in t for t, _ in out)
    out = detect("es", "( PM2039 ) ANTONIO CANALES ABRIRA TEMPORADA BALLET 2000 CON LA CENICIENTA Palma , 23 may .",
                 persons=["ANTONIO CANALES"])
    assert ("ANTONIO CANALES", "PERSON") in out


def test_flats_by_floor_and_door_in_owners_minutes():
    text = ("  Bajo A – Farmacia Ribes Sanchis C.B.      8,10\n  1º-A   – D. Joaquín Martínez Peiró          5,25\n"
            "     – 2º-C, D. Hüseyin Kaya Öztürk ... 1.236,40 €\nse queja de ruidos del 3º-B; Art. 1º-A de la ley; § 1.º-A, I; (38 ºC)")
    assert found(AddressRecognizer("es"), text) == ["Bajo A", "1º-A", "2º-C", "3º-B"]


def test_a_first_names_initial_in_any_alphabet_joins_the_person():
    out = detect("de", "Dr. med. Ł. Wiśniewski und A. Kılıç; z. B. Müller", persons=["Wiśniewski", "Kılıç", "Müller"])
    assert ("Ł. Wiśniewski", "PERSON") in out and ("A. Kılıç", "PERSON") in out and ("Müller", "PERSON") in out


def test_a_name_in_lower_case_inside_a_cased_chat_message():
    text = "Thiago: Carol é a carolina mendes né? A joão pessoa fica longe."
    out = detect("pt", text, persons=["Thiago"])
    assert ("carolina mendes", "PERSON") in out and not any("pessoa" in t for t, _ in out)


def test_ranges_of_days_and_hours_take_their_first_number():
    text = "Klassenfahrt 25.–29.08.2025 und 25. bis 29.8. sowie 14-18 uhr; log 09:14:52,118 ok"
    assert found(DateRecognizer("de"), text) == ["25.–29.08.2025", "25. bis 29.8"]
    from app.detection.patterns import TimeRecognizer

    assert found(TimeRecognizer(), text) == ["14-18 uhr", "09:14:52,118"]
    assert found(DateRecognizer("es"), "del 18 al 21/04 y Fecha: 21JUL24, 3DEC") == ["18 al 21/04", "21JUL24", "3DEC"]


def test_spanish_numbers_in_groups_without_a_trunk_prefix():
    text = "Línea 1  612 48 90 37   Tarifa; fijo 942 21 77 06; total 2024 12 15; cambio jul 838 848 833 834 - 6 sep"
    assert found(PhoneRecognizer(("ES",)), text) == ["612 48 90 37", "942 21 77 06"]


def test_a_table_aligned_by_column_gaps():
    from app.detection.tables import TableRecognizer

    text = ("Account Type   Financial Institution               Account Number      Routing No.   Cash or Market Value\n"
            "Checking       Buckeye Community Credit Union      0048 2719 336       063104859     $18,402.55\n"
            "Savings        Heartland Federal Savings Bank      7719-004-2283       267081574     $41,900.00\n"
            "The end.  Nothing here.")
    assert [(e.text, e.label) for e in TableRecognizer().recognize(text, [])] == [
        ("Buckeye Community Credit Union", "ORGANIZATION"), ("0048 2719 336", "ID_NUMBER"), ("063104859", "ID_NUMBER"),
        ("$18,402.55", "MONEY"), ("Heartland Federal Savings Bank", "ORGANIZATION"), ("7719-004-2283", "ID_NUMBER"),
        ("267081574", "ID_NUMBER"), ("$41,900.00", "MONEY")]
    # a form's fields side by side are no header: their values stay entities of their own
    text = ("Nacionalidad: marroquí             Nombre del padre: Mohamed   Nombre de la madre: Fátima\n"
            "Localidad: València   C.P.: 46006   Teléfono: 612 48 90 37\n")
    assert TableRecognizer().recognize(text, []) == []
    out = detect("es", text, persons=["Mohamed", "Fátima"])
    assert ("Mohamed", "PERSON") in out and ("Fátima", "PERSON") in out


def test_amounts_in_words_with_commas_and_cents():
    assert found(MoneyRecognizer("es"), "915,15 € (novecientos quince euros con quince céntimos)") == [
        "915,15 €", "novecientos quince euros con quince céntimos"]
    assert found(MoneyRecognizer("pt"), "R$ 2.380,00 (dois mil, trezentos e oitenta reais)") == [
        "R$ 2.380,00", "dois mil, trezentos e oitenta reais"]


@pytest.mark.parametrize("language,text,expected", [
    ("es", "Código de reserva (localizador): K7RZ4M", "K7RZ4M"),
    ("es", "Tarjeta Iberia Plus del titular: IB 0093 4471 28 (nivel Plata)", "IB 0093 4471 28"),
    ("es", "1 maleta (etiqueta 0075 IB 412837, 23 kg)", "0075 IB 412837"),
    ("es", "Parte de Irregularidad de Equipaje (PIR): BRUIB48172, abierto", "BRUIB48172"),
    ("es", "C.C.C. Seguridad Social: 46/1128374/52", "46/1128374/52"),
    ("de", " BIC:             COLSDE33XXX (Sparkasse KölnBonn)", "COLSDE33XXX"),
])
def test_airline_contribution_and_bank_codes_after_their_words(language, text, expected):
    assert expected in found(IdNumberRecognizer(language), text)


def test_a_valencian_door_number_a_dsn_key_a_steam_id_and_a_unicode_handle():
    from app.detection.machine_codes import RecordCodeRecognizer
    from app.detection.patterns import UsernameRecognizer

    assert found(AddressRecognizer("es"), "en Av. del Cid, 88, 5º-9ª, 46018 València") == ["Av. del Cid, 88, 5º-9ª"]
    assert found(SecretRecognizer("en"), "SENTRY_DSN=https://f3a91c07be2d4e5a@o48213.ingest.sentry.io/66") == [
        "f3a91c07be2d4e5a"]
    assert found(RecordCodeRecognizer(), "alt is STEAM_0:1:52841937") == ["STEAM_0:1:52841937"]
    assert found(UsernameRecognizer(), "Ping me on Slack (@jürgen.h) or") == ["@jürgen.h"]


def test_a_user_name_with_a_short_tag():
    text = "Marta Kowalczyk wrote it. mkowalczyk-dev commented; the-dev team"
    entities = _entities(text, ("Marta Kowalczyk", "PERSON"))
    assert [e.text for e in derived_handles(text, entities) if e.source == "rule:derived_handle"] == ["mkowalczyk-dev"]


def test_a_title_rules_name_with_capital_surnames_takes_the_models_organization_inside():
    tagger = GazetteerTagger({"Carmen ÁLVAREZ-CIENFUEGOS": "ORG", "Hans Berlin": "LOC"})
    detector = build_detector("es", tagger_factory=lambda *_: tagger)
    text = "TITULAR\nDña. Mª del Carmen ÁLVAREZ-CIENFUEGOS IBÁÑEZ       NIF: 70215948-F"
    assert [(e.text, e.label) for e in detector.detect(text) if e.label in ("PERSON", "ORGANIZATION")] == [
        ("Mª del Carmen ÁLVAREZ-CIENFUEGOS IBÁÑEZ", "PERSON")]


@pytest.mark.parametrize("language,text,expected", [
    # (stop 56: the book, its leaves and the protocol's number one entry)
    ("pt", "LIVRO 1.842-N – FOLHAS 117/120 – PROTOCOLO Nº 254.913",
     "LIVRO 1.842-N – FOLHAS 117/120 – PROTOCOLO Nº 254.913"),
    ("pt", "Imóveis de Belo Horizonte, índice cadastral (IPTU) 007.041.0188.032-6.", "007.041.0188.032-6"),
    ("pt", "ITBI: recolhido conforme Guia nº 2025.0418.77203-4 emitida pela Prefeitura", "2025.0418.77203-4"),
    ("pt", "Certidões apresentadas: CND de tributos municipais nº 01.218.339/2025.", "01.218.339/2025"),
    ("pt", "Emolumentos pagos. Selo de fiscalização eletrônico nº EFT41258 – código", "EFT41258"),
    ("es", "ingresar en la cuenta de depósitos y consignaciones 2529-0000-02-0412-23 del juzgado",
     "2529-0000-02-0412-23"),
])
def test_a_deeds_register_entries_and_a_courts_deposit_account(language, text, expected):
    assert expected in found(IdNumberRecognizer(language), text)


def test_a_company_in_capitals_with_a_comma_before_its_legal_form():
    out = detect("es", "Empresa: DISTRIBUCIONES CÁRNICAS HERMANOS LUENGO, S.L., con CIF B12345678. Según Pérez, S.A.")
    assert ("DISTRIBUCIONES CÁRNICAS HERMANOS LUENGO, S.L.", "ORGANIZATION") in out
    assert not any(t.startswith("Pérez") and label == "ORGANIZATION" for t, label in out)
    assert ("REFORMAS Y PINTURA TURIA, S.L.", "ORGANIZATION") in detect(
        "es", "El contratista REFORMAS Y PINTURA TURIA, S.L. emitió la factura.")


def test_extensions_episode_numbers_and_a_zip_after_its_field():
    from app.detection.machine_codes import RecordCodeRecognizer

    text = "Tel.: (+351) 22 551 21 00 (ext. 3318); 289 891 100 (ext. 3355) ou; Ph 217-555-0119 / work x2240; next"
    assert found(PhoneRecognizer(("PT", "US")), text) == [
        "(+351) 22 551 21 00 (ext. 3318)", "289 891 100 (ext. 3355)", "217-555-0119 / work x2240"]
    assert found(RecordCodeRecognizer(), "N.º Episódio: 24-INT-073915; (CP OE 5-E-38271); COVID-19") == [
        "24-INT-073915", "5-E-38271"]
    assert found(PostalCodeRecognizer("en"), "City Columbus   State OH   ZIP 43211; ZIP: 43215-1234") == [
        "43211", "43215-1234"]


def test_a_short_common_word_handle_and_group_mentions_stay_where_they_are():
    text = "@home said hi; we went home. @everyone please read; everyone agreed. @kaffeejunkie: kaffeejunkie ok"
    entities = _entities(text, ("@home", "USERNAME"), ("@everyone", "USERNAME"), ("@kaffeejunkie", "USERNAME"))
    out = user_names_everywhere(text, entities, common=lambda w: w.lower() in {"home", "everyone", "kaffeejunkie"})
    assert [e.text for e in out if e.source == "rule:user_name"] == ["kaffeejunkie"]
