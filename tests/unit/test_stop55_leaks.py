"""Leaks closed at stop 55, each found in a probe document written with an answer key (pharmacies' dispensing logs, a
student-grant application, a consumer's complaint and its answer, a pharmacist's validation, an accident report's
WhatsApp message quoted in an e-mail, a CV's referees, a grant file's case notes): tables whose headers we partly
knew, identifiers after new keywords or "n.º", greetings after quotation marks, offices as organizations, flats after
an en dash, a case worker's user name, a nickname quoted inside a name."""

from app.detection.addresses import AddressRecognizer
from app.detection.identifiers import IdNumberRecognizer
from app.detection.patterns import ChatSpeakerRecognizer
from app.detection.rules import without_greeting
from app.detection.tables import TableRecognizer
from app.doc import Entity
from tests.unit.fakes import detect, found


def cells(text: str) -> list[tuple[str, str]]:
    return [(e.text, e.label) for e in TableRecognizer().recognize(text, [])]


def test_a_pipe_table_with_two_known_columns_of_personal_data_and_a_third_of_its_headers_unknown():
    text = ("N.º  | Data       | Utente                  | N.º utente SNS | Prescritor (cédula)   | Fármaco  | Lote\n"
            "0731 | 03-03-2025 | MARIA DA CONCEIÇÃO PINTO | 187453902      | Dr. Rui Teles (OM 38112) | Varfine | A1\n")
    # (stop 56: the register's own number too, under "N.º")
    assert cells(text) == [("0731", "ID_NUMBER"), ("MARIA DA CONCEIÇÃO PINTO", "PERSON"), ("187453902", "ID_NUMBER"),
                           ("Dr. Rui Teles (OM 38112)", "PERSON")]
    # a qualifier after the header ("(LANR)") and two headers joined by a slash ("Kasse / KVNR")
    text = ("Lfd.| Datum      | Versicherte(r)     | Kasse / KVNR            | Arzt (LANR)\n"
            "118 | 10.03.2025 | HUBER, Josef Anton | AOK Bayern / K802615473 | Dr. Wiesinger (734918201)\n")
    assert cells(text) == [("HUBER, Josef Anton", "PERSON"), ("AOK Bayern / K802615473", "ORGANIZATION"),
                           ("Dr. Wiesinger (734918201)", "PERSON")]
    # one known column of personal data among unknown headers: no table (a menu, a list of products)
    assert cells("Name | Colour | Size | Weight | Price band\nAlpha | red | XL | 3 | B\n") == []


def test_identifiers_after_the_new_keywords_and_codes_after_a_numbers_word():
    assert found(IdNumberRecognizer("pt"), (
        "Reclamação n.º RE-2024-PT-00719843\nNº cliente: 100488271\nanulada pela nota de crédito NC-24/0004417 e\n"
        "Dra. Inês Cabral (OMV 6421)\nregistada com BI/CC do próprio n.º 09876543 3 ZZ9.\n"
        "nos termos da Lei n.º 7/2009 e do Decreto-Lei n.º 12/2020\n")) == [
        "RE-2024-PT-00719843", "100488271", "NC-24/0004417", "6421", "09876543 3 ZZ9"]
    assert found(IdNumberRecognizer("es"), (
        "Código de centro: 28021347\nLdo. Álvaro Ibáñez, colegiado COF Sevilla nº 4187.\n")) == ["28021347", "4187"]
    assert found(IdNumberRecognizer("de"), (
        "BtM-Rezept Nr. 201147823. Kennziffer 2024-IT-0317\ngemäß § 3 Nr. 2 EStG und Art. 5 Nr. 12 der Verordnung\n"
        )) == ["201147823", "2024-IT-0317"]
    assert found(IdNumberRecognizer("en"), (
        "AAH order 77810362; SSN (last 4 only): ***-**-9023\nvalidation no. 7KQ2XW9L1PB4, in order 12\n")) == [
        "77810362", "***-**-9023", "7KQ2XW9L1PB4"]


def test_a_greeting_after_quotation_marks_and_the_marks_never_in_a_name():
    assert ("montse", "PERSON") in detect("es", "> hola montse, gracias x el informe.\n", {"Montse": "PER"})
    assert ("salva", "PERSON") in detect("es", '"hola salva, te paso el parte."\n', {"Salva": "PER"})
    entity = Entity(0, 13, "PERSON", "> hola montse", "stanza")
    assert without_greeting(entity, "es") == Entity(7, 13, "PERSON", "montse", "stanza")
    # a quoted title keeps both its marks; an opening mark alone is dropped
    assert without_greeting(Entity(0, 9, "ORGANIZATION", '"Reforma"', "stanza"), "es").text == '"Reforma"'
    assert without_greeting(Entity(0, 8, "ORGANIZATION", '"Reforma', "stanza"), "es").text == "Reforma"


def test_offices_as_organizations():
    assert ("Finanzamt Chemnitz-Süd", "ORGANIZATION") in detect(
        "de", "Steuernummer 215/237/04418, Finanzamt Chemnitz-Süd")
    assert ("Studierendenwerk Leipzig", "ORGANIZATION") in detect(
        "de", "Eingang: 28.08.2024 · Studierendenwerk Leipzig")
    assert ("Junta de Freguesia do Bonfim", "ORGANIZATION") in detect(
        "pt", "Licença Junta de Freguesia do Bonfim n.º 3317/2023")
    assert ("IML de Campinas", "ORGANIZATION") in detect(
        "pt", "Requisitado exame de corpo de delito ao IML de Campinas.")
    assert ("Mutua Levantina de Seguros", "ORGANIZATION") in detect(
        "es", "Aseguradora: Mutua Levantina de Seguros, póliza nº ML-0087763421")


def test_a_flat_after_an_en_dash_and_a_galician_street():
    assert found(AddressRecognizer("pt"), "Rua Padre Anchieta, 1.245 – apto 82 – Bigorrilho – Curitiba/PR") == [
        "Rua Padre Anchieta, 1.245 – apto 82"]
    assert found(AddressRecognizer("es"), "Domicilio familiar: Rúa do Vilar, 14, 2º izda., 15705 Santiago") == [
        "Rúa do Vilar, 14, 2º izda."]


def test_a_case_workers_user_name_after_the_date():
    text = ("27/06/2024 mgomezl: falta certificado de empadronamiento\n"
            "  28.06.24 - a.ruiz_c: revisado\n"
            "12/03/2024 Arrival: 10:30\n"
            "see 2024 items: none\n")
    assert [(e.text, e.label) for e in ChatSpeakerRecognizer().recognize(text, [])] == [
        ("mgomezl", "PERSON"), ("a.ruiz_c", "USERNAME")]


def test_a_nickname_quoted_inside_a_name_the_model_called_an_organization():
    tags = {"Tanisha": "ORG", "Brooks-Harmon": "ORG", "Innovation": "ORG", "Acme Corp": "ORG"}
    assert ("Tee", "PERSON") in detect("en", '2. Tanisha "Tee" Brooks-Harmon', tags)
    # a quoted word after an organization and before a lower-case word is no nickname
    assert ("innovation", "PERSON") not in detect("en", 'Acme Corp "Innovation" matters.', tags)
    assert not any(label == "PERSON" for _, label in detect("en", 'Acme Corp "Innovation" matters.', tags))


def test_occupations_and_conditions_of_the_strict_profile_with_their_modifiers():
    from app.detection.quasi_identifiers import QuasiIdentifierRecognizer

    def strict(language: str, text: str) -> list[tuple[str, str]]:
        found = sorted(QuasiIdentifierRecognizer(language).recognize(text, []), key=lambda e: e.start)
        return [(e.text, e.label) for e in found]

    assert strict("en", "The school nurse and the lunch supervisor saw it; he is housebound.") == [
        ("school nurse", "OCCUPATION"), ("lunch supervisor", "OCCUPATION"), ("housebound", "HEALTH")]
    assert strict("es", "una hernia discal y un latigazo cervical; cáncer de próstata. La orientadora.") == [
        ("hernia discal", "HEALTH"), ("latigazo cervical", "HEALTH"), ("cáncer de próstata", "HEALTH"),
        ("orientadora", "OCCUPATION")]
    assert strict("pt", "É motorista de aplicativo; a escrivã; depressão pós-parto") == [
        ("motorista de aplicativo", "OCCUPATION"), ("escrivã", "OCCUPATION"), ("depressão pós-parto", "HEALTH")]


def test_round_18_a_semicolon_export_and_an_account_table_with_qualified_headers():
    text = ("Mitgl-Nr;Nachname;Vorname;Geb.-Datum;PLZ;Ort;Eintritt;Gruppe;Bemerkung\n"
            "1043;Baier;Rüdiger;12.04.1966;79539;Lörrach;01.09.1978;Erw.;Kassenwart\n")
    assert cells(text) == [("1043", "ID_NUMBER"), ("Baier", "PERSON"), ("Rüdiger", "PERSON"), ("12.04.1966", "DATE"),
                           ("79539", "POSTAL_CODE"), ("Lörrach", "LOCATION")]
    text = ("| System | Username / ID | Access        | Approver       |\n"
            "| AD     | BFL\\sbrennan2 | Standard user | D. Raghunathan |\n")
    assert cells(text) == [("BFL\\sbrennan2", "USERNAME"), ("D. Raghunathan", "PERSON")]


def test_round_18_identifiers_and_a_windows_account():
    from app.detection.patterns import UsernameRecognizer

    assert found(IdNumberRecognizer("en"), (
        "Lic. #: 034.002917; TX lic. #31877; vignette no. 0XN417263\ncertificate entry no. MXF 221904\n"
        "[sistema] id_aluno 55817 and member_id: 88123; the id_card was lost\n")) == [
        "034.002917", "31877", "0XN417263", "MXF 221904", "55817", "88123"]
    assert found(IdNumberRecognizer("es"), "DNI: 14598732J     TIS (Osakidetza): ETAL610522811019") == [
        "14598732J", "ETAL610522811019"]
    # words before the colon stay on the keyword's line: "permiso PM209374 (HU)\nNº cliente: …" is two fields
    assert found(IdNumberRecognizer("es"), "esposa, permiso PM209374 (HU)\nNº cliente: 7003918847") == [
        "PM209374", "7003918847"]
    assert found(IdNumberRecognizer("de"), (
        "Unternehmensnr. des UV-Trägers: 140 28 7731 0\nSendungsnr. der derzeit lagernden Sendung: 00340434161094016875"
        )) == ["140 28 7731 0", "00340434161094016875"]
    assert found(IdNumberRecognizer("pt"), "Prof. Lucas - CREF 098765-G/SP · Inscrição IPTU 2.981.447-0") == [
        "098765-G/SP", "2.981.447-0"]
    text = "| AD | BFL\\sbrennan2 | and CORP\\j.doe; C:\\Users\\bob; \\\\SERVER\\share"
    assert found(UsernameRecognizer(), text) == [
        "sbrennan2", "j.doe", "bob"]


def test_round_18_funeral_homes_streets_of_a_barrio_and_a_house_number_field():
    assert ("HOLLOWAY & DUNNE FUNERAL HOME", "ORGANIZATION") in detect(
        "en", "HOLLOWAY & DUNNE FUNERAL HOME\n", {"HOLLOWAY & DUNNE": "ORG"})
    assert found(AddressRecognizer("es"), "Domicilio: Bº San Vicente, 23, 4º izda., 48901 Barakaldo") == [
        "Bº San Vicente, 23, 4º izda."]
    assert found(AddressRecognizer("de"), "6 Straße, Hausnr.: Im Vogelsang 3/1    PLZ, Ort: 72127 Kusterdingen") == [
        "Im Vogelsang 3/1"]


def test_round_18_a_compounds_head_an_initialled_signature_and_a_flat_before_an_unknown_street():
    assert ("Wohnungsbaugenossenschaft Isartal eG", "ORGANIZATION") in detect(
        "de", "die Wohnungsbaugenossenschaft Isartal eG will bis Freitag eine Bescheinigung.", {"Isartal eG": "ORG"})
    # the model's organization with its form keeps its start before a word that is no head ("Herrn Isartal eG")
    assert ("Isartal eG", "ORGANIZATION") in detect(
        "de", "Bitte an Schreiner Isartal eG senden.", {"Isartal eG": "ORG"})
    # a signature after an initial is no heading of common words, though the lexicon reads the compound by "Stahl"
    text = "Liebe Frau Brückner-Stahl, danke.\n\nViele Grüße\nH. Brückner-Stahl\n"
    assert ("H. Brückner-Stahl", "PERSON") in detect("de", text, {"Brückner-Stahl": "PER", "H. Brückner-Stahl": "PER"})
    assert found(AddressRecognizer("en"), "Address: Flat 2, 19 Cotham Brow, Bristol; Unit 4, 2024 Annual Report") == [
        "Flat 2"]


def test_round_19_identifiers_after_new_keywords_and_long_numbers_after_a_numbers_word():
    assert found(IdNumberRecognizer("pt"), (
        "Proc. clínico: 1182047\nSubsistema: ADSE n.º 0713 882 45\nAuto n.º 951234567\nCabo n.º 2051387 Nuno\n"
        "Multanova 6F, n.º de série 412-0087, verifiquei\nnos termos da Lei n.º 7/2009, artigo n.º 12, n.º 123456,7\n"
        )) == ["1182047", "0713 882 45", "951234567", "2051387", "412-0087"]
    assert found(IdNumberRecognizer("es"), "N.º de tasa 2.3.5-0091247718. Tito, lic. profesor n.º 7724-V") == [
        "2.3.5-0091247718", "7724-V"]
    assert found(IdNumberRecognizer("de"), (
        "PNr. 004718 – Frau Demirtaş\nHotel Alte Post, Rg. 24-1187 | Auftr. 7H4QZ2| Buchungscode 7KJ-PQ2)")) == [
        "004718", "24-1187", "7H4QZ2", "7KJ-PQ2"]
    assert found(IdNumberRecognizer("en"), (
        "FILE REFERENCE  : MANSA48213\nFQTV            : SA7021184436 (GOLD)\nTAG : SA554812 (interline EI778201)\n"
        "CA Secretary of State entity no. 201934710552; Dealer no. ARD 289114\n")) == [
        "MANSA48213", "SA7021184436", "SA554812", "EI778201", "201934710552", "ARD 289114"]


def test_round_19_who_entered_a_record_a_title_after_a_greeting_and_dated_list_items():
    from app.detection.patterns import DateRecognizer, UsernameRecognizer

    assert found(UsernameRecognizer(), "Registo efetuado por: csgoncalves | 18/02/2025\nCreated by: Please see") == [
        "csgoncalves"]
    assert ("schwarzkopf", "PERSON") in detect(
        "de", "  > hallo frau schwarzkopf, emre hat bauchweh\n", {"Schwarzkopf": "PER"})
    assert found(DateRecognizer("es"), "Notas:\n- 03/04: mucha tensión.\n- 17/04: mejora.\nRatio 3/4: bien\n") == [
        "03/04", "17/04"]


def test_round_20_identifiers_flats_alone_and_a_condominiums_table():
    assert found(IdNumberRecognizer("de"), "Frau Brandt, Vers.-Schein-Nr. 86-4471923-K, Schaden-Nr. 24-KH-0559210") == [
        "86-4471923-K", "24-KH-0559210"]
    assert found(IdNumberRecognizer("en"), "Take care. Your ticket reference is #KP-771-204-9") == ["KP-771-204-9"]
    assert found(IdNumberRecognizer("es"), (
        "N.º de empleada: HN-0377\n- Tarjeta Transporte Público n.º 0010 3382 4191.\n"
        "taxista (licencia 1472) | Taxi lic. 0387, matrícula\n")) == [
        "HN-0377", "0010 3382 4191", "1472", "0387"]
    assert found(IdNumberRecognizer("pt"), "CC n.º: 12739581 8 ZY2      NIF: 219 583 625") == [
        "12739581 8 ZY2", "219 583 625"]
    assert found(AddressRecognizer("pt"), 'o morador do apto 704, "Zeca", e Irene – apto 203.') == [
        "apto 704", "apto 203"]
    assert found(AddressRecognizer("de"), "- WE 3 (Dr. Yılmaz) → Herr Ostermann (WE 4). WEB 2.0, WE 2024") == [
        "WE 3", "WE 4"]
    text = ("| Unid. | Condômino              | CPF            | Meses | R$       |\n"
            "| 102   | Wellington R. da Silva | 047.882.139-20 | 5     | 4.318,75 |\n")
    # (a flat's column takes a cell with a letter, "12-A"; a number alone is no place)
    assert cells(text) == [("Wellington R. da Silva", "PERSON"), ("047.882.139-20", "ID_NUMBER"), ("4.318,75", "MONEY")]


def test_round_21_identifiers_case_numbers_fields_and_passports_in_a_table():
    from app.detection.patterns import CaseNumberRecognizer

    assert found(IdNumberRecognizer("es"), (
        "Nº Seg. Social: 28/10447391/52\nGrado II (resolución de 03/05/2023, exp. 28/DEP/2022/118402)\n"
        "Facturas emitidas: F-2021/08812, F-2022/10954\n")) == [
        "28/10447391/52", "28/DEP/2022/118402", "F-2021/08812", "F-2022/10954"]
    assert found(IdNumberRecognizer("pt"), "(Assistente Social – CRESS 6ª Região nº 21.448) · Atend. 2025-02871") == [
        "21.448", "2025-02871"]
    assert found(IdNumberRecognizer("de"), "AufenthG, eAT-Nr. Y4KT8L2R9, gültig bis 30.04.2024") == ["Y4KT8L2R9"]
    assert found(CaseNumberRecognizer(), "Az.: KVR-II/125-AB 4471/19   Eingang") == ["KVR-II/125-AB 4471/19"]
    assert ("CIARÁN PATRICK", "PERSON") in detect("en", "FIRST NAMES:             CIARÁN PATRICK\n")
    assert ("DIOP NDIAYE", "PERSON") in detect("es", "CONDUCTOR A: DIOP NDIAYE, Mamadou (NIE Y7720461-L)")
    text = ("| # | Title | Surname           | Given names   | DOB        | Passport no. | Nat. | Expiry     |\n"
            "| 1 | MR    | FITZGERALD-BROWNE | AIDAN PATRICK | 12/10/1982 | 548812379    | GBR  | 03/09/2031 |\n")
    assert ("548812379", "ID_NUMBER") in cells(text)


def test_round_22_plots_floors_bookings_offence_files_and_appeals():
    from app.detection.patterns import CaseNumberRecognizer, UsernameRecognizer

    assert found(AddressRecognizer("de"), "Forderung: Parz. 8 (Hr. Trommler); Henschel (Parzelle 27); Parzellen") == [
        "Parz. 8", "Parzelle 27"]
    assert found(AddressRecognizer("es"), "vecino del piso 3.º B del mismo edificio") == ["piso 3.º B"]
    assert found(IdNumberRecognizer("es"), "RECLAMACIÓN - VY1287 - Loc. QX7T4M / caso 24-0805-118832; el caso 3") == [
        "QX7T4M", "24-0805-118832"]
    assert found(IdNumberRecognizer("pt"), (
        "inspetores Rui (cartão profissional n.º 1192) e Ana (cartão n.º 1342)\n"
        "Processo de contraordenação: CO/2024/URN/11873\n")) == ["1192", "1342", "CO/2024/URN/11873"]
    assert found(UsernameRecognizer(), "Fecha de alta: 09/01/2024    Alta tramitada por: leire.recepcion") == [
        "leire.recepcion"]
    assert found(CaseNumberRecognizer(), "Appeal No: HU/04417/2023    Home Office") == ["HU/04417/2023"]


def test_round_23_licences_inspectors_citizen_cards_codes_and_case_numbers_after_a_gap():
    from app.detection.patterns import CaseNumberRecognizer

    assert found(IdNumberRecognizer("en"), "Attending DVM: A. Kowalczyk    License #: 090.012447 (IL)") == [
        "090.012447"]
    assert found(IdNumberRecognizer("es"), "la Inspectora, con n.º de identificación profesional 10.448, y el") == [
        "10.448"]
    assert found(IdNumberRecognizer("pt"), (
        "titulares dos cartões de cidadão n.º 07432918 3 ZX4 e 09118266 7 ZY0, respetivamente\n"
        "Registro de B.O. no 7º DP de Campinas, B.O. nº AB4512/2024.\n")) == [
        "07432918 3 ZX4", "09118266 7 ZY0", "AB4512/2024"]
    assert found(CaseNumberRecognizer(), "Case No.:      23CR-004817         OHLEG") == ["23CR-004817"]
    text = ("| Nombre y apellidos     | Documento  | NAF            | Nacionalidad |\n"
            "| Mohamed EL AMRANI      | Y4827716-M | 04/10386624-55 | marroquí     |\n")
    assert ("04/10386624-55", "ID_NUMBER") in cells(text)
