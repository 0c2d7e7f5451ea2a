"""Leaks closed at stop 58, each found in a probe document written with an answer key (an accident report, a deed of
sale and a power of attorney, an employment contract, a complaint of burglary, a club's renewals export, an order for
payment, a payslip, a baggage claim, a rooming list, a witness statement, a hearing's minutes, an inspection report, a
tenancy's termination): the next column of a two-party form, a land register's description with its parish's letter,
a book's number and its letter, groups of three digits after "n.º", a BIC without digits, a card masked but its last
four, an Irish plate, a CamelCase export's header, a letterhead's line read as a table's header, a day in figures in a
deed's date, amounts after dot leaders, a keyword's later "year" that is a number, and keywords in four languages."""

from app.detection.identifiers import CreditCardRecognizer, IdNumberRecognizer
from app.detection.patterns import CaseNumberRecognizer, DateRecognizer, MoneyRecognizer
from app.detection.plates import LicencePlateRecognizer
from app.detection.tables import TableRecognizer, header_key
from tests.unit.fakes import detect, found


def test_the_next_column_of_a_form_with_two_parties():
    text = ("   Kennzeichen:        LB-TW 484                 LB-NA 2207\n"
            "   Vers.-Schein-Nr.:   AS-5520184471             814/332901-K\n"
            "   Führerschein-Nr.:   B072XK4R931 (seit 2002)   J41PQ0058T2 (seit 2005)\n")
    assert found(IdNumberRecognizer("de"), text) == [
        "LB-TW 484", "LB-NA 2207", "AS-5520184471", "814/332901-K", "B072XK4R931", "J41PQ0058T2"]
    # a column of words, a count, a date or another field's name is no second identifier
    text = "Kundennr.: 4711      Rechnung: 2024-01\nKundennr.: 47115      2 Stück\nKundennr.: 47116      01.02.2024\n"
    assert found(IdNumberRecognizer("de"), text) == ["4711", "47115", "47116"]
    # two spaces are no column gap
    assert found(IdNumberRecognizer("de"), "Kennzeichen: LB-TW 484  B 2207") == ["LB-TW 484"]


def test_a_land_registers_description_and_a_books_number_with_their_letters():
    text = "descrito na Conservatória do Registo Predial sob o n.º 1442/19950608-F e inscrito na matriz"
    assert found(CaseNumberRecognizer(), text) == ["1442/19950608-F"]
    assert found(CaseNumberRecognizer(), "Habilitação nº 3.412/2023. Testemunhas") == ["3.412/2023"]
    # (stop 65: and the leaves after it, an entry of two named numbers)
    assert found(IdNumberRecognizer("pt"), "Livro de notas para escrituras diversas n.º 214-A, folhas 37") == [
        "214-A", "37"]
    assert found(IdNumberRecognizer("pt"), "Livro de Notas para Procurações n.º 37-P · Folhas 112") == [
        "37-P", "112"]
    # a decree's number with its letter and year is a statute, not a file
    assert found(IdNumberRecognizer("pt"), "o Decreto-Lei n.º 10-A/2020, de 13 de março") == []


def test_groups_of_digits_after_the_word_for_number():
    assert found(IdNumberRecognizer("pt"), "comprovativo do IMT, liquidação n.º 161 924 307 553, no valor") == [
        "161 924 307 553"]
    assert found(IdNumberRecognizer("de"), "(Kautionssparbuch Sparkasse Leipzig Nr. 1100 4587 22) bitten") == [
        "1100 4587 22"]
    assert found(IdNumberRecognizer("en"), "Skyvale Club no.  : SKV 4471 902 358\n") == ["SKV 4471 902 358"]


def test_a_bic_without_digits_after_its_keyword():
    assert found(IdNumberRecognizer("es"), "BIC/SWIFT:              CAIXESBBXXX\nCotitular: Fátima") == ["CAIXESBBXXX"]
    assert found(IdNumberRecognizer("de"), "BIC: DEUTDEFF (Deutsche Bank)") == ["DEUTDEFF"]
    # a word in capitals after "BIC" is not one unless it has a BIC's length and nothing glued to it
    assert found(IdNumberRecognizer("en"), "the BIC REQUIRED field") == []


def test_a_card_masked_but_its_last_four():
    assert found(CreditCardRecognizer(), "Tarjeta Visa de Unicaja nº **** 8832 | —") == ["**** 8832"]
    assert found(CreditCardRecognizer(), "$2,890.00 rec'd May 2, 2024 (Visa xxxx-4417)") == ["xxxx-4417"]


def test_an_irish_plate():
    assert found(LicencePlateRecognizer("en"), '"club sponsor (Doyle Motors Ltd); car 191-KE-4473"') == ["191-KE-4473"]
    assert found(LicencePlateRecognizer("en"), "a 12-D-4417 Volkswagen") == ["12-D-4417"]
    # not a county's letters
    assert found(LicencePlateRecognizer("en"), "see pages 12-QQ-44") == []


def test_a_camelcase_exports_header():
    assert header_key("FirstName") == "first name"
    assert header_key("MemberNo") == "member no"
    assert header_key("DOB") == "dob"
    text = ("MemberNo,Surname,FirstName,DOB,Cat,Address,Eircode,Phone,Email,AAI_No,Fee,Paid,Method,Notes\n"
            'CH0231,Adebayo,Oluwaseun,30/01/1985,M40,"3 Cill Dara Lodge, Kildare Town",R51 P3N2,089 604 5512,'
            "seun.adebayo@outlook.ie,AAI-188760,€95.00,Y,Card,Level 1 coach\n")
    cells = found(TableRecognizer(), text)
    assert cells[:4] == ["CH0231", "Adebayo", "Oluwaseun", "30/01/1985"]
    assert "3 Cill Dara Lodge, Kildare Town" in cells and "R51 P3N2" in cells and "AAI-188760" in cells


def test_a_letterheads_line_is_no_tables_header():
    text = ("CASA LUSA - Mediação Imobiliária, Lda.  |  AMI 15872\n"
            "Rua de Cedofeita, 412, 4050-174 Porto  |  Tel. 222 083 517\n"
            "geral@casalusa-imob.pt  |  www.casalusa-imob.pt\n")
    assert found(TableRecognizer(), text) == []
    # a year may head a column
    assert found(TableRecognizer(), "Name | Betrag 2024\nAnna Weber | 120,00\n") == ["Anna Weber", "120,00"]


def test_a_day_in_figures_in_a_deeds_date():
    assert found(DateRecognizer("pt"), "Aos 14 dias do mês de agosto de 2024, às 10h20min, na sala") == [
        "14 dias do mês de agosto de 2024"]
    assert found(DateRecognizer("es"), "En Madrid, a los 3 días del mes de mayo de 2023, se reúnen") == [
        "3 días del mes de mayo de 2023"]
    assert found(DateRecognizer("pt"), "Aos doze dias do mês de março de dois mil e vinte e seis") == [
        "doze dias do mês de março de dois mil e vinte e seis"]


def test_amounts_after_dot_leaders():
    text = ("    Salario base ....................................... 1.485,20\n"
            "    Horas extraordinarias (6 h x 18,50) ................... 111,00\n"
            "LÍQUIDO TOTAL A PERCIBIR (A - B) .......................... 1.689,55 €\n"
            "Ver página ......... 12\n")
    assert found(MoneyRecognizer("es"), text) == ["1.485,20", "111,00", "1.689,55 €"]


def test_a_later_year_after_a_keyword_is_a_number():
    assert found(IdNumberRecognizer("en"), "Noted by: PC 4471 Fraser LINDSAY   Corroborated: PC 2093 Aisha RAHMAN") == [
        "4471", "2093"]
    assert found(IdNumberRecognizer("en"), "under policy 2021 and policy 2039") == []


def test_keywords_of_stop_58():
    assert found(IdNumberRecognizer("pt"), "acionou a PM pelo 190 (viatura M-14207, Sd PM Vanessa Rocha)") == [
        "M-14207"]
    assert found(IdNumberRecognizer("pt"), "Exibiram: certidão permanente código 4418-2207-9931; caderneta") == [
        "4418-2207-9931"]
    assert found(IdNumberRecognizer("pt"), "GRACIELA CHOQUE VARGAS, RNM F193856-2. Nada mais.") == ["F193856-2"]
    assert found(IdNumberRecognizer("pt"), "Ref.ª do reembolso: 2024 4718 3390 215 – pagamento") == [
        "2024 4718 3390 215"]
    assert found(IdNumberRecognizer("de"), "Einbau Wärmepumpe 12 kW lt. Auftrag A-23-1184 vom 06.11.2023") == [
        "A-23-1184"]
    assert found(IdNumberRecognizer("de"), "Personalausw.:   L01X00T47, gültig bis 11.05.2031") == ["L01X00T47"]
    assert found(IdNumberRecognizer("en"), "Athletics Ireland club code: KE-0419 | Online") == ["KE-0419"]
    assert found(IdNumberRecognizer("en"), "Daniel J. Whitaker (SSN last 4: 4471)") == ["4471"]
    assert found(IdNumberRecognizer("en"), "|    | PA Lic. PA187734      |") == ["PA187734"]
    assert found(IdNumberRecognizer("en"), "MRS SIOBHAN PATEL  14A  e-tkt 729-2150448831\n") == ["729-2150448831"]
    assert found(IdNumberRecognizer("en"), "Block code: TNW0823 · Loyalty # AL 552 908 117") == [
        "TNW0823", "AL 552 908 117"]
    text = ("  Reservación ..... KXQ7ZM   Boleto electrónico 139-2408815573\n"
            "  Etiqueta maleta . AP 712604 (1 pieza)\n"
            "la agente (gafete 20381), ticket 884-20240929-0147, cuenta CLABE\n012180015478231196 (BBVA)\n"
            "(cédula profesional 4412987). SIP: 1948376. Nº de parte (Delt@): 2024/280417/093315\n")
    assert found(IdNumberRecognizer("es"), text) == [
        "KXQ7ZM", "139-2408815573", "AP 712604", "20381", "884-20240929-0147", "012180015478231196", "4412987",
        "1948376", "2024/280417/093315"]
    # the words alone, without a number, are no keywords' values
    assert found(IdNumberRecognizer("es"), "la reservación del vuelo y el boleto de ida") == []


def test_a_conditions_qualifiers():
    from app.detection.quasi_identifiers import QuasiIdentifierRecognizer

    def health(language, text):
        return [e.text for e in QuasiIdentifierRecognizer(language).recognize(text, []) if e.label == "HEALTH"]

    assert "mild persistent asthma" in health("en", "She has mild persistent asthma.")
    assert "Type 1 diabetes" in health("en", "He has Type 1 diabetes.")
    assert "asma leve" in health("pt", "Saúde: asma leve (usa bombinha).")
    assert "gengivite generalizada" in health("pt", "Diagnóstico: gengivite generalizada.")
    assert "Gonarthrose beidseits" in health("de", "Diagnose: Gonarthrose beidseits.")
    assert "dislipemia mal controlada" in health("es", "Antecedentes: dislipemia mal controlada.")
    # a qualifier alone is no condition
    assert health("en", "a mild winter and a severe storm") == []


def test_a_lower_case_part_of_a_quasi_identifier_survives_a_models_entity():
    from app.detection.voting import name_like, resolve_overlaps
    from app.doc import Entity

    text = "He has Type 1 diabetes."
    model = Entity(7, 13, "MISC", "Type 1", "stanza")
    condition = Entity(7, 22, "HEALTH", "Type 1 diabetes", "quasi_identifier")
    assert [(e.text, e.label) for e in resolve_overlaps(text, [model, condition])] == [
        ("Type 1", "MISC"), ("diabetes", "HEALTH")]
    # a name's lower-case part stays dropped ("de" between two names)
    assert not name_like("del", "PERSON") and not name_like("estado", "LOCATION") and name_like("leve", "HEALTH")


def test_nationalities_and_occupations_of_stop_58():
    from app.detection.quasi_identifiers import QuasiIdentifierRecognizer

    def of(language, text, label):
        found = sorted(QuasiIdentifierRecognizer(language).recognize(text, []), key=lambda e: e.start)
        return list(dict.fromkeys(e.text for e in found if e.label == label))  # a field's value may come twice

    assert of("pt", "Nacionalidade: venezuelana; passaporte boliviano; congolesa, refugiado", "DEMOGRAPHIC") == [
        "Nacionalidade", "venezuelana", "boliviano", "congolesa", "refugiado"]
    assert of("de", "Er ist Lagerist, sie Bilanzbuchhalterin und Schriftführer.", "OCCUPATION") == [
        "Lagerist", "Bilanzbuchhalterin", "Schriftführer"]
    assert of("es", "trabaja de jardinero; ella, trabajadora social", "OCCUPATION") == [
        "jardinero", "trabajadora social"]
    assert of("pt", "o pedreiro autônomo e a servente", "OCCUPATION") == ["pedreiro autônomo", "servente"]


def test_round_44_an_extension_with_a_hyphen_and_a_pager():
    from app.detection.patterns import PhoneRecognizer, extension_keywords

    recognizer = PhoneRecognizer(("GB",), extensions=extension_keywords("en"))
    assert found(recognizer, "Ext./bleep:   Ext. 726-4410 / bleep 1187") == ["726-4410", "1187"]


def test_round_44_a_signatory_absorbs_the_models_piece_of_the_name():
    text = "Hannover, den 08.04.2024\nIm Auftrag\n\ngez. B. Schmitz-Yılmaz\n(Dienstsiegel)\n"
    assert ("B. Schmitz-Yılmaz", "PERSON") in detect("de", text, {"Schmitz-Yılmaz": "LOC"})


def test_round_44_words_before_a_copula_are_words_not_numbers():
    text = ("Krankenkasse: AOK, Versichertennummer F284619375. Meine Sozialversicherungsnummer lautet 23 150389 Y 517, "
            "meine Steuer-ID 57 319 846 201.")
    assert found(IdNumberRecognizer("de"), text) == ["F284619375", "23 150389 Y 517", "57 319 846 201"]


def test_round_44_dictation_marks_file_numbers_and_company_forms():
    assert found(IdNumberRecognizer("de"), "Diktatzeichen: KV/ms\nFall-Nr. 24-0091347 · Zeichen Au/mg\n") == [
        "KV/ms", "24-0091347", "Au/mg"]
    assert found(IdNumberRecognizer("de"), "Zeichen setzen: A/b und so weiter") == []
    assert found(CaseNumberRecognizer(), "Unterhaltsvorschuss (Az. UV 51.3-2291/22)  299,00 €") == ["UV 51.3-2291/22"]
    text = "BRIGHTSIDE HOME CARE PTY LTD                      ABN 53 614 287 905\n"
    assert ("BRIGHTSIDE HOME CARE PTY LTD", "ORGANIZATION") in detect("en", text)
    assert ("53 614 287 905", "ID_NUMBER") in detect("en", text)


def test_round_44_a_house_number_next_to_which_it_happened():
    from app.detection.addresses import AddressRecognizer

    assert found(AddressRecognizer("pt"), "Local: Av. da Boavista, junto ao n.º 1277, 4100-130 Porto") == [
        "Av. da Boavista, junto ao n.º 1277"]


def test_round_44_keywords():
    assert found(IdNumberRecognizer("en"), "Co. car rego 1XY-4KD.\nVA File No.:     C 28 417 903\n") == [
        "1XY-4KD", "C 28 417 903"]
    text = "CESVA SC-310 (nº serie T231087), presupuesto 24/1130, el 12/06/2017, n.º 1.245 de su protocolo."
    assert found(IdNumberRecognizer("es"), text) == ["T231087", "24/1130", "1.245"]
    assert found(IdNumberRecognizer("pt"), "Dr. Marcelo Quintana Oyama – Matrícula SIAPE 1938472") == ["1938472"]


def test_round_45_keywords_and_a_slash_before_a_fields_words():
    assert found(IdNumberRecognizer("en"), "Date of birth: 17/04/1988   NI No: QR 52 81 47 C\n") == ["QR 52 81 47 C"]
    text = ("Secondary: Sun Life Financial    Plan 25519    Member ID: SL-7733981\n"
            "ACAS EC cert: R123456/24/89\n(NASM cert. #1022874)\nPPC 4400 2917 3385 | Student card UoN 20417788 | "
            "Exempt - MedEx 884102763\n")
    assert found(IdNumberRecognizer("en"), text) == [
        "25519", "SL-7733981", "R123456/24/89", "1022874", "4400 2917 3385", "20417788", "884102763"]
    assert found(IdNumberRecognizer("es"), "PASAPORTE/DOC. IDENTIDAD: CA00471823 (carta d'identità)") == ["CA00471823"]
    assert found(IdNumberRecognizer("es"), "Fontanería Hnos. Baixauli C.B. (fra. F-2024/0412)") == ["F-2024/0412"]
    text = ("deficiência 72 % (atestado 1204/2019); Cédula n.º 48213 · Vinheta 1 482 139; carteirinhas 8887 6543 2109 "
            "0012 e 8887 6543 2109 0020; mat. CEJUSC 4471; código de segurança 8123.4471.0932.5510.")
    assert found(IdNumberRecognizer("pt"), text) == [
        "1204/2019", "48213", "1 482 139", "8887 6543 2109 0012", "8887 6543 2109 0020", "4471",
        "8123.4471.0932.5510"]
    # "plan" before a short number or a year is no plan's number
    assert found(IdNumberRecognizer("en"), "the 2024 plan, plan 3 and plan 2025") == []


def test_round_45_a_police_rank_an_office_floor_an_amount_in_words_and_a_range_of_days():
    from app.detection.addresses import AddressRecognizer

    assert ("Schreiner", "PERSON") in detect("de", "Sachbearbeiter: POK Schreiner, App. 214\n")
    assert found(AddressRecognizer("en"), "11.4 Address:   2nd Floor, 18 Bold Street, Liverpool L1 4DS") == [
        "2nd Floor", "18 Bold Street"]
    assert found(AddressRecognizer("en"), "on the 3rd floor of the building") == []
    assert found(MoneyRecognizer("de"), "Kaufpreis: 11.900,00 € (in Worten: elftausendneunhundert Euro)") == [
        "11.900,00 €", "elftausendneunhundert Euro"]
    assert found(MoneyRecognizer("en"), "the sum of £500 (in words: five hundred pounds)") == [
        "£500", "five hundred pounds"]
    assert found(DateRecognizer("pt"), "SEMANAS: [X] 07/07–11/07   [ ] 14/07–18/07") == [
        "07/07", "11/07", "14/07", "18/07"]
    # a range needs both ends to be days of a month
    assert found(DateRecognizer("pt"), "resultado 12/10–13/40") == []


def test_round_46_flats_floors_and_rooms_named_alone():
    from app.detection.addresses import AddressRecognizer

    assert found(AddressRecognizer("en"), "the damp patch (from the flat above, Flat 5) has spread; Flat 2/1") == [
        "Flat 5", "Flat 2/1"]
    assert found(AddressRecognizer("en"), "flat 5 and the Flat screen") == []
    assert found(AddressRecognizer("de"), "Frau Hülya Demir (2. OG rechts) bestätigen") == ["2. OG rechts"]
    text = "Situação da minha mãe – quarto 14; o Sr. Kovalenko (n.º 49, 1.º Dto.) e a D. Fernanda (n.º 45, r/c)."
    assert found(AddressRecognizer("pt"), text) == ["quarto 14", "n.º 49, 1.º Dto.", "n.º 45, r/c"]
    # an inspection's bedrooms by their place in the flat are no one's room
    assert found(AddressRecognizer("pt"), "| Quarto 1 | Quarto 2 |") == []


def test_round_46_dublin_districts_an_orcid_a_short_month_and_a_pupils_register():
    from app.detection.patterns import PostalCodeRecognizer

    assert found(PostalCodeRecognizer("en"), "Apt 6, Ballymun Road, Dublin 11, D11 K2P4") == ["11", "D11 K2P4"]
    assert found(PostalCodeRecognizer("en"), "in Dublin 2024 and Dublin 4.5") == []
    assert found(IdNumberRecognizer("es"), "Catedrática\nORCID: 0000-0002-7731-4582\n") == ["0000-0002-7731-4582"]
    assert found(DateRecognizer("pt"), "Data: ter., 4 de jun. de 2024 às 09:17") == ["4 de jun. de 2024"]
    text = ("| Nome                    | RA                | Telefone        |\n"
            "| Kauã Henrique Oliveira  | 000112345678-9/SP | (11) 98765-4321 |\n")
    assert found(TableRecognizer(), text) == ["Kauã Henrique Oliveira", "000112345678-9/SP", "(11) 98765-4321"]
    assert ("LIFFEY MUTUAL INSURANCE DAC", "ORGANIZATION") in detect("en", "LIFFEY MUTUAL INSURANCE DAC – MOTOR CLAIMS")


def test_round_47_a_transposed_tables_rows_and_a_pipe_row_is_no_comma_header():
    text = ("             | Mutter                      | Vater\n"
            "Name         | Derya Yılmaz, geb. Aksoy    | Murat Yılmaz\n"
            "Geb.-Datum   | 11.02.1986                  | 30.09.1982\n")
    cells = found(TableRecognizer(), text)
    assert "Derya Yılmaz, geb. Aksoy" in cells and "Murat Yılmaz" in cells and "11.02.1986" in cells
    # a row whose other cells are headers is a header row, not a row of values
    assert found(TableRecognizer(), "Name | Telefon | E-Mail\n") == []


def test_round_47_keywords_a_decimal_after_capitals_and_a_month_with_its_year():
    text = ("Licence no.:    PL 01234/18/1465, cat. B\nGWF refs:   GWF072184936 / GWF072184951\n"
            "Land Registry title HP728451; Share code (right to work/volunteer): W7K 4PR 9TX\n")
    assert found(IdNumberRecognizer("en"), text) == [
        "PL 01234/18/1465", "GWF072184936", "GWF072184951", "HP728451", "W7K 4PR 9TX"]
    text = ("Instructor: Inspector C.P. 118.492 | Secretario: Policía C.P. 207.315\nOAC, func. nº 0457\n"
            "C.P. 28001 Madrid")
    assert found(IdNumberRecognizer("es"), text) == ["118.492", "207.315", "0457"]
    assert found(IdNumberRecognizer("pt"), "via PIX (chave CNPJ 41.552.873/0001-60), com recibo") == [
        "41.552.873/0001-60"]
    assert found(DateRecognizer("pt"), "segue o plano desde março/2024; recomenda-se") == ["março/2024"]
