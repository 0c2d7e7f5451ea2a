"""Identifiers named by a keyword (app.detection.identifiers.IdNumberRecognizer) and their anonymization."""

import re

import pytest

from app.detection.identifiers import IdNumberRecognizer
from app.detection.pipeline import build_detector
from app.reidentification.matching import canonical_label
from tests.unit.fakes import GazetteerTagger
from tests.unit.test_methods import round_trip, run


def found(language, text):
    entities = IdNumberRecognizer(language).recognize(text, [])
    assert all(text[e.start:e.end] == e.text and e.label == "ID_NUMBER" and e.source == "id_number" for e in entities)
    return [e.text for e in entities]


@pytest.mark.parametrize(
    "language,text,expected",
    [
        ("en", "Patient ID: 4471923, MRN 00482913, account no. 12-3456-78, ID A1B2C3D4. Passport number X1234567.",
         ["4471923", "00482913", "12-3456-78", "A1B2C3D4", "X1234567"]),
        # the number word in parentheses (stop 42: "Your account (no. 55021873) has been credited" left it in clear)
        ("en", "Your account (no. 55021873) has been credited; policy (number 4471-223).", ["55021873", "4471-223"]),
        # an NHS number with a failing check digit, a number plate after "reg." (stop 42, a police incident report)
        ("en", "NHS no. 485 777 3456, reg. vehicle YK19 FHD, CHI 1234567890; the NHS in 1996.",
         ["485 777 3456", "YK19 FHD", "1234567890"]),
        ("de", "Versichertennummer A123456780, Kundennr. 4711-0815, Patienten-ID 99812, Fall-Nr.: 2020/1234.",
         ["A123456780", "4711-0815", "99812", "2020/1234"]),
        ("es", "Número de historia clínica 123456, NHC 654321, nº de afiliación a la Seguridad Social 28/12345678/90, "
               "pasaporte PAA123456.", ["123456", "654321", "28/12345678/90", "PAA123456"]),
        ("es", "Médico: Estefanía Romero  NºCol: 28 28 20943.\nNASS: 47 39047534 02.\nCIPA: nhc-739146.\n"
               "NHC:9764132 3.\nEpisodio: 04735665.", ["28 28 20943", "47 39047534 02", "nhc-739146", "9764132 3",
                                                       "04735665"]),
        ("pt", "Prontuário nº 123.456, número de utente 123456789, cartão do SUS 898 0012 3456 7890.",
         ["123.456", "123456789", "898 0012 3456 7890"]),
        # stop 41: a Spanish health card (the digits stayed in clear after "BBBB"), post-office boxes; "apartado 3"
        # of an article is no box
        ("es", "Tarjeta sanitaria BBBB 1234 5678 90. Apartado de correos 1234, 28080 Madrid. Según el apartado 3.",
         ["BBBB 1234 5678 90", "1234"]),
        ("de", "Postfach 10 20 30, 10115 Berlin.", ["10 20 30"]),
        ("en", "Write to P.O. Box 4711, Leeds or PO Box 9876.", ["4711", "9876"]),
        ("pt", "Caixa Postal 1234, 01000-000 São Paulo.", ["1234"]),
        # stop 43: a national identifier whose check character fails (a typo) and a police officer's number stayed in
        # clear ("agente con TIP 87654" in a Spanish complaint)
        ("es", "Mi DNI es 12345678A y el NIE X1234567A. Agente con TIP 87654. El DNI de Juan.",
         ["12345678A", "X1234567A", "87654"]),
        ("pt", "O CPF dele é 123.456.789-00 e o NIF 234567891. O CPF é obrigatório.",
         ["123.456.789-00", "234567891"]),
        ("en", "PC Smith, badge number 4471. His badge was on the table. Collar number 2231.", ["4471", "2231"]),
        ("de", "Dienstnummer 44718, Dienstausweis 0815-22.", ["44718", "0815-22"]),
        # social security, voter, labour documents and a regional health card (stop 43)
        ("pt", "Segurança Social n.º 12345678901. Título de eleitor 1234 5678 9012, PIS/PASEP 123.45678.90-1, "
               "CTPS nº 1234567 série 0012-SP.", ["12345678901", "1234 5678 9012", "123.45678.90-1", "1234567",
                                                  "0012-SP"]),
        ("es", "Tarjeta sanitaria CAM: 1234567890. La tarjeta sanitaria de la paciente.", ["1234567890"]),
        # a professional register's number names its doctor, nurse or lawyer (stop 43: "CRM-MA 7654" in a Brazilian
        # medical record)
        ("pt", "Dra. Thaís Albuquerque (CRM-MA 7654), Dr. Paulo Reis, OAB/SP nº 123.456. O CRM decidiu.",
         ["7654", "123.456"]),
        ("en", "Dr Anna Price, GMC no. 7012345; nurse NMC PIN 12A3456E.", ["7012345", "12A3456E"]),
        ("en", "PPS NO: 1234567TA (its check letter fails), PPSN 7654321X.", ["1234567TA", "7654321X"]),
        # bank accounts and number plates (stop 43): an account outside the IBAN, a plate after the vehicle's word
        ("de", "Bankverbindung: Kto. 1234567, BLZ 37040044. Konto: 99887766.", ["1234567", "99887766"]),
        ("en", "Vehicle reg YK19 FHD was seen. The reg 2019 said.", ["YK19 FHD"]),
        ("en", "Hosp No: K1234567. Unit number 445566. Medicare number 2123 45670 1. The unit 2019.",
         ["K1234567", "445566", "2123 45670 1"]),
        # a British officer's collar number after the rank, as written (stop 43, a witness statement)
        ("en", "PC 4471 Harrison arrived; my pc 2019 broke; the PC was old.", ["4471"]),
        ("de", "Versicherungsschein-Nr.: KH-2024-778812, Schadennummer 4711-0815, Policennummer 99887766; "
               "Kennzeichen B-AB 1234-, M-XY 12.", ["KH-2024-778812", "4711-0815", "99887766", "B-AB 1234"]),
        ("es", "Matrícula del vehículo 1234 BCD. Cuenta: 2100 0418 45 0200051332. Hay que tener en cuenta 3.000 "
               "casos. Cuenta corriente 0049 1500 05 1234567890.",
         ["1234 BCD", "2100 0418 45 0200051332", "0049 1500 05 1234567890"]),
        ("pt", "Placa Mercosul BRA2E19. Agência 1234-5, conta corrente 98765-4. A conta 2015 foi paga. "
               "Conta nº 12345-6.",
         # the branch too since stop 47 (an account's number names its holder with its branch's)
         ["BRA2E19", "1234-5", "98765-4", "12345-6"]),
        ("de", "Dr. med. Jörg Übel, LANR 123456701, BSNR 987654300.", ["123456701", "987654300"]),
        # stop 44: a British bank's sort code and an account's last digits, a company's and a VAT number (an e-mail
        # about a deposit); not a VAT rate
        ("en", "to the account ending 4417 (sort code 20-45-77). Company No. 08123456 | VAT GB 123 4567 89. "
               "VAT 17.5 percent.", ["4417", "20-45-77", "08123456", "GB 123 4567 89"]),
        # a tenant's number, a police diary number, a tax number, an authority's payment reference (stop 44)
        ("de", "Mieternummer 4471-0932, Tagebuchnummer: 2026-004417, Steuernummer 21/815/08150, "
               "Kassenzeichen 5.0123.456789.1.", ["4471-0932", "2026-004417", "21/815/08150", "5.0123.456789.1"]),
        # a property's cadastral reference (stop 44: "5729104" of a lease stayed in clear)
        ("es", "la vivienda, con referencia catastral 5729104YJ2752H0007RM.", ["5729104YJ2752H0007RM"]),
        # a Portuguese citizen card whose check fails, with its last group, and an engineer's order (stop 44: "ZX4"
        # stayed in clear)
        ("pt", "portadora do Cartão de Cidadão n.º 12345678 9 ZX4, inscrito na Ordem dos Engenheiros sob o n.º 54321.",
         ["12345678 9 ZX4", "54321"]),
        # an insurance claim's number whole, vehicles' identification numbers, a customer's and an invoice's number
        # before "nº" (stop 44: "2019/88412", "0012874", "/00871" and a chassis number stayed in clear)
        ("en", "claim no. CLM/2019/88412; VIN 1HGCM82633A004352; chassis number WVWZZZ1JZXW000001. The VIN is new.",
         ["CLM/2019/88412", "1HGCM82633A004352", "WVWZZZ1JZXW000001"]),
        ("es", "factura nº FAC-2026/00871, cliente nº 0012874, número de bastidor VF1RFB00867123456. El cliente 2.",
         ["FAC-2026/00871", "0012874", "VF1RFB00867123456"]),
        ("pt", "inscrita no CPF sob o nº 987.654.321-99 e no CNPJ sob o nº 12.345.678/0001-90.",
         ["987.654.321-99", "12.345.678/0001-90"]),
        ("pt", "placa FHR-8C21, RENAVAM 01234567890, chassi 9BWZZZ377VT004251, cliente nº 778812.",
         ["FHR-8C21", "01234567890", "9BWZZZ377VT004251", "778812"]),
        # Latin American identifiers whose check digit fails, after their keyword (stop 44, a bank authorisation)
        ("es", "CUIL 20-30123456-7, CBU 0070045530004012345678, RUT 12.345.678-9, C.C. 1.020.345.678 de Bogotá, "
               "NIT 900.123.456-7. El RUT del padre.",
         ["20-30123456-7", "0070045530004012345678", "12.345.678-9", "1.020.345.678", "900.123.456-7"]),
        ("en", "UCI: 1234-5678; quoting HO ref R1234567/01. Dr A. Raman (FY2), bleep 4471.",
         ["1234-5678", "R1234567/01", "4471"]),
        ("de", "Fahrgestellnummer WVWZZZ1JZXW000001, FIN: WDB2030461A123456. Die FIN 2 fehlt.",
         ["WVWZZZ1JZXW000001", "WDB2030461A123456"]),
        # stop 50: an e-ticket, a passport with its country, a tenant in prose and in a log, an account after "Acc no"
        ("en", "1 OLAFSSON/TOMAS MR   ADT   ETKT 053-2418830917\nPax 3  PP ISL A3318842   DOB 17AUG16\n"
               "Customer: Harrowgate (tenant t_77120); tenant=t_77120 ip; Sort code: 60-16-13   Acc no: 31926819. "
               "The tenant 2 left.",
         ["053-2418830917", "A3318842", "t_77120", "t_77120", "60-16-13", "31926819"]),
        # stop 50: a copula's letters inside the value ("IS" of "ISL-HB-…" was read as "is"), a form's bare "Nr.:",
        # a mandate's reference
        ("de", "Spielerpass-Nr. ISL-HB-206613; Gästekarte (Kurbeitrag 3 x 7 Nächte) Nr.: BGD-0715582\n"
               "Mandatsreferenz: M-2024-0388. Die Nr. 5 fehlt.",
         ["ISL-HB-206613", "BGD-0715582", "M-2024-0388"]),
        ("es", "CONTRATO DE ALQUILER Nº VLC-240815-0932\nReserva: RSV7729104 (vía Rentalcars)\n"
               "Permiso conducir: PN482761 (HU); esposa, permiso PM209374 (HU)\nNº cliente: 7003918847\n"
               "Sanitas - nº tarjeta 4417 0093 8821 06 (ICAMA nº 7732)\nRegistro de salida: 2024/SAL/118342\n"
               "La reserva de 2024 y el permiso de obra.",
         ["VLC-240815-0932", "RSV7729104", "PN482761", "PM209374", "7003918847", "4417 0093 8821 06", "7732",
          "2024/SAL/118342"]),
        # stop 50: a mortgage application, a probation report, a warning letter, a debt collector, a laboratory, a
        # parcel's notice, a vaccination certificate
        ("en", "Loan #: CPH-2024-0713388 (NMLS 1849372), OR CCB #228104; PNC: 17/384920Q  CRO: 219834/17K. A loan of "
               "5000.", ["CPH-2024-0713388", "1849372", "228104", "17/384920Q", "219834/17K"]),
        ("de", "Betankung mit Tankkarte Nr. 7003 4418 2290. Die Karte Nr. 5 fehlt.", ["7003 4418 2290"]),
        ("es", "Contrato: FC-77310452 – Tarjeta\nN.º petición: 24-031177", ["FC-77310452", "24-031177"]),
        ("pt", "(episódio de urgência n.º 24017733). N.º do objeto: RR481516209PT\nA sua encomenda RR481516209PT\n"
               "Código de levantamento no Ponto CTT: 824619\nNIS 162.84390.27-1, emitido (n.º ICV-PT-0031872).",
         ["24017733", "RR481516209PT", "RR481516209PT", "824619", "162.84390.27-1", "ICV-PT-0031872"]),
        ("es", "denuncia 2025-GT-004417. vas\n----- Disputa DSP-88213-ES · NOTA\nla Mastercard acabada en 3381).\n"
               "Póliza Sanitas 30-4418273-01. La denuncia de ayer.",
         ["2025-GT-004417", "DSP-88213-ES", "3381", "30-4418273-01"]),
        ("pt", "Caixa - Ag. 3457 - Conta poupança 0002187\ncéd. prof. 5-E-71402\nSeu código de intercambista é "
               "BR-25-0417 e o código de barras é 123456789.",
         ["3457", "0002187", "5-E-71402", "BR-25-0417"]),
        # stop 50, fourth round: a nursery's confirmation, a traffic fine's appeal, an accountant's signature, a small
        # claims complaint's certified mail
        ("de", "Kita-Navigator-Nr.: KN-2025-0047193 / Betreuungsvertrag Nr. 25-U3-018", ["KN-2025-0047193", "25-U3-018"]),
        ("es", "Boletín de denuncia nº: 2025-VLC-0883147", ["2025-VLC-0883147"]),
        ("pt", "Contabilista Certificada n.º 84712", ["84712"]),
        ("en", "by letter dated 10/02/2024 (certified mail #9407 1118 9876 5432 1098 76).", ["9407 1118 9876 5432 1098 76"]),
        ("pt", "Protocolo 2024051700418839; pedido 1182-77430915, Ref. do anúncio: 33817429, Artigo matricial 2187,\n"
               "titular do passaporte eslovaco n.º PA4719302 (OMD n.º 8741)\n"
               "Certidão de nascimento (matrícula): 087460 01 55 2017 1 00214 118 0034921 12\n"
               "O protocolo de Quioto e o pedido de desculpas.",
         ["2024051700418839", "1182-77430915", "33817429", "2187", "PA4719302", "8741",
          "087460 01 55 2017 1 00214 118 0034921 12"]),
    ],
)
def test_identifiers_after_their_keyword(language, text, expected):
    assert found(language, text) == expected


@pytest.mark.parametrize(
    "language,text,expected",
    [
        ("en", "Her NI number is QQ 12 34 56 C. National Insurance number: AB 12 34 56 D; SSN 123-45-6789.",
         ["QQ 12 34 56 C", "AB 12 34 56 D", "123-45-6789"]),
        ("de", "Steuer-ID 12 345 678 901, Sozialversicherungsnummer 65 170839 J 003, Personalausweis L01X00T47, "
               "die Identifikationsnummer lautet 86095742719.",
         ["12 345 678 901", "65 170839 J 003", "L01X00T47", "86095742719"]),
        ("pt", "RG 12.345.678-9, carteira de identidade nº 98.765.432-1.", ["12.345.678-9", "98.765.432-1"]),
    ],
)
def test_national_identifiers_written_with_spaces_or_named_in_a_sentence(language, text, expected):
    """Before: "QQ 12 34 56 C" gave "QQ" (inside a model entity) and left "12 34 56" in clear; "Steuer-ID", "Personalausweis"
    and "RG" named nothing; "65 170839 J 003" lost "J 003"."""
    assert found(language, text) == expected


@pytest.mark.parametrize(
    "language,text,expected",
    [
        ("en", "Plate ABC-1234; registration AB12 CDE; Patient ID 4471 was admitted.", ["ABC-1234", "AB12 CDE", "4471"]),
        ("de", "Kennzeichen B-AB 1234, Kfz-Kennzeichen M-XY 99E.", ["B-AB 1234", "M-XY 99E"]),
        ("es", "Con matrícula 1234 BCD aparcó.", ["1234 BCD"]),
        ("pt", "A placa ABC-1D23 e a matrícula 12-AB-34.", ["ABC-1D23", "12-AB-34"]),
    ],
)
def test_number_plates(language, text, expected):
    """Groups of capitals and digits are taken whole, but a lower-case word never joins them ("4471 was")."""
    assert found(language, text) == expected


@pytest.mark.parametrize(
    "language,text",
    [
        ("en", "The policy 2021 was renewed; patient 12 was fine; an ideal ID card; Patient ID pending."),
        ("de", "Die ID-Karte kam 2020; die Kundennummer folgt."),
        ("es", "La póliza 2019 venció; el pasaporte está vencido."),
        ("pt", "O utente 12 saiu; o prontuário está completo."),
    ],
)
def test_no_identifier_without_digits_or_with_only_a_year(language, text):
    assert found(language, text) == []


def test_unknown_language_rejected():
    with pytest.raises(ValueError):
        IdNumberRecognizer("fr")


def test_a_keyword_named_identifier_wins_over_a_phone_number_reading():
    # "Kontonummer 0301234567" is also a valid Berlin phone number for libphonenumber; the keyword decides
    detector = build_detector("de", tagger_factory=lambda *_: GazetteerTagger({}))
    assert [(e.text, e.label) for e in detector.detect("Kontonummer 0301234567, Tel. 030 1234568.")] == [
        ("0301234567", "ID_NUMBER"), ("030 1234568", "PHONE")]


def test_id_numbers_are_substituted_in_format_and_generalized_by_language():
    text = "Patient ID 4471-923 was admitted."
    result = run(text, [("4471-923", "ID_NUMBER")], "substitute")
    replacement = result.table.entries[0].mentions[0].replacement
    assert re.fullmatch(r"\d{4}-\d{3}", replacement) and replacement != "4471-923"
    round_trip(result, text)
    general = run(text, [("4471-923", "ID_NUMBER")], "generalize")
    assert general.text == "Patient ID a reference number was admitted."
    round_trip(general, text)
    tagged = run(text, [("4471-923", "ID_NUMBER")], "tag")
    assert tagged.text == "Patient ID [ID_NUMBER_1] was admitted."
    round_trip(tagged, text)


def test_translated_id_number_placeholders_are_recognized():
    assert canonical_label("KENNNUMMER") == "ID_NUMBER" and canonical_label("NÚMERO DE REFERENCIA") == "ID_NUMBER"


@pytest.mark.parametrize("language,text,expected", [
    # stop 45: a tenancy deposit's certificate, a German VAT number whose check fails, a Spanish Social Security
    # number after "será" — each stayed in clear
    ("en", "protected with the Deposit Protection Service (certificate DPS-0047281).", ["DPS-0047281"]),
    ("de", "Steuernr. 15/293/01234 · USt-IdNr. DE287654321", ["15/293/01234", "DE287654321"]),
    ("es", "Tu número de afiliación a la Seguridad Social será 46/12345678/90.", ["46/12345678/90"]),
    ("en", "Your customer number will be 4471-2231.", ["4471-2231"]),
    ("en", "Dell Latitude 5420, service tag 7XK2LM3, serial no. SN-99812.", ["7XK2LM3", "SN-99812"]),
    ("de", "Seriennummer: 4711-AB-0815", ["4711-AB-0815"]),
    ("en", "Unique Taxpayer Reference: 12345 67890; UTR 1234567890.", ["12345 67890", "1234567890"]),
    ("en", "Form: 8JH    UPN: A123456789012; ULN 1234567890, candidate number 4471.", ["A123456789012", "1234567890",
                                                                                   "4471"]),
])
def test_identifiers_of_forms_and_letters_stop_45(language, text, expected):
    assert found(language, text) == expected


@pytest.mark.parametrize("language,text,expected", [
    # stop 46: each stayed in clear (the Brazilian identity card with its state: "MG-12" masked, ".345.678" not)
    ("pt", "portador da cédula de identidade MG-12.345.678, inscrito no CPF", ["MG-12.345.678"]),
    ("de", "Kundennummer: 4002-118-773\nVertragskonto: 210034981\nZählernummer: 1ESY1160123456",
     ["4002-118-773", "210034981", "1ESY1160123456"]),
    ("en", "Frequent flyer: BA 31877245", ["BA 31877245"]),
    ("en", "that customer in Bristol, acct 8830021; a/c no. 41234567", ["8830021", "41234567"]),
    ("en", "Employee no: 00731          Tax code: 1257L; staff no. 7781", ["00731", "7781"]),
    # a Brazilian birth certificate's register number, nine groups and a check number (five groups only before)
    ("pt", "Matrícula: 112045 01 55 2019 1 00087 214 0045678-31\nData de nascimento", ["112045 01 55 2019 1 00087 214 "
                                                                                    "0045678-31"]),
    ("pt", "o meu educando, aluno n.º 1187 do 7.º B, e o número de aluno 20231044", ["1187", "20231044"]),
    ("es", "el alumno nº 4471 y el número de expediente académico 2023-118", ["4471", "2023-118"]),
    # a CURP whose check digit fails (a typo) after its keyword; "Curp" of a sentence no keyword
    ("es", "CURP: RATG900215MPLMLD07\nRFC HERJ850312AB4", ["RATG900215MPLMLD07", "HERJ850312AB4"]),
])
def test_identifiers_of_letters_bookings_and_chats_stop_46(language, text, expected):
    assert found(language, text) == expected


@pytest.mark.parametrize("language,text,expected", [
    # stop 47: each stayed in clear (a theft report's identity card and frame number, a witness statement's URN, a
    # vet's register, a discharge report's college number, a Portuguese lease's NIB)
    ("de", "Personalausweis-Nr. L01X00T47, Personalausweisnummer: L01X00T48, Rahmennummer WBK1234567",
     ["L01X00T47", "L01X00T48", "WBK1234567"]),
    ("de", "Rechtsanwalt Dr. Kurz, Zulassungsnummer 12345", ["12345"]),
    ("en", "URN: 44/HX/10238/25; crime reference 4401234/25; RCVS number 1234567; the urn 1234 of ashes",
     ["44/HX/10238/25", "4401234/25", "1234567"]),
    # a digit after "Col.": Mexico's "Col. Roma Norte" (a neighbourhood) is no keyword's value
    ("es", "Dra. Lucía Benavente (Col. 28/2812345); Col. Roma Norte 12", ["28/2812345"]),
    ("pt", "NIB 0035 0000 12345678901 53", ["0035 0000 12345678901 53"]),
    # a health card's number after "número", far from its keyword (a chat); not a house number
    ("es", "la tarjeta sanitaria, la de la Comunidad, número MDRD 1234567890; calle Mayor número 12",
     ["MDRD 1234567890"]),
    # a police incident log's number; a Spanish court case's NIG; a Brazilian account and branch (not "conta" as a
    # verb); a Portuguese doctor's Ordem dos Médicos number
    ("en", "INCIDENT LOG 25/112233 — Avon and Somerset; log no. 4471; a log of 12 entries", ["25/112233", "4471"]),
    ("es", "Juicio verbal 812/2025   NIG: 4109142120250012345", ["4109142120250012345"]),
    ("pt", "debitados de sua conta 12345-6, agência 0789-X; à conta-corrente 42.762-6; conta 56 membros",
     ["12345-6", "0789-X", "42.762-6"]),
    ("pt", "Médico assistente: Dr. Nuno Pires Teixeira (OM 45678).", ["45678"]),
    # "No:" without its full stop (a hotel's registration card), an access code (a bill), a job centre's household
    # number, a payslip's social security affiliation and employer's CIF, a driving licence, a company's NIPC
    ("en", "Passport No: TZ1234567; pay online with access code 4F7-K22", ["TZ1234567", "4F7-K22"]),
    ("de", "BG-Nummer: 96201BG0012345; PIN-Nummern sind geheim", ["96201BG0012345"]),
    ("es", "CIF: A39012345   Nº afiliación S.S.: 48 12345678 90; permiso de conducir nº 53412876",
     ["A39012345", "48 12345678 90", "53412876"]),
    ("pt", "Padaria Nova Aurora, Lda. — NIPC 509876543", ["509876543"]),
    ("es", "D.N.I. número 17.123.457-A, N.I.E. X1234567Q", ["17.123.457-A", "X1234567Q"]),
    # a police report's number, the last digits of an account, an agent's code; a Portuguese citizen card by its
    # initials (not the civil code's "CC" before an article, nor a year)
    ("es", "ATESTADO 2025-004512; la cuenta que termina en 4521; código de agente 07731", ["2025-004512", "4521",
                                                                                         "07731"]),
    ("pt", "titular do CC 14567890, Cartão de Cidadão n.º 12345678; art. 186 do CC e o CC 2002", ["14567890",
                                                                                                  "12345678"]),
    # an Australian tax file number and Centrelink reference, a US driver's licence after "DL", a Brazilian SUS card
    ("en", "Tax File Number 123 456 782; CRN 123 456 789A; Illinois DL K412-5567-8123", ["123 456 782", "123 456 789A",
                                                                                      "K412-5567-8123"]),
    ("pt", "Cartão SUS: 898 0012 3456 7890", ["898 0012 3456 7890"]),
    # India's and Nigeria's identity numbers; an Angolan identity card
    ("en", "Aadhaar: 2345 6789 0123, PAN ABCDE1234F; NIN is 12345678901 and BVN 22123456789",
     ["2345 6789 0123", "ABCDE1234F", "12345678901", "22123456789"]),
    ("pt", "portador do BI n.º 001234567LA041, residente em Luanda", ["001234567LA041"]),
    # a police officer's number after the name (not a year after a team's name)
    ("en", "Witnessed by: DC Priya Raghunathan 7741; Sgt. Luis Obregón #4471; DC United 2019", ["7741", "4471"]),
    ("en", "Ticket #48213 opened; group no. 00441; a ticket 2345 miles away", ["48213", "00441"]),
])
def test_identifiers_of_reports_and_registers_stop_47(language, text, expected):
    assert found(language, text) == expected


@pytest.mark.parametrize("language, text, expected", [
    # stop 48: each stayed in clear. A bill of sale's vehicle number after the keyword's abbreviation in parentheses
    # and its registration certificate; any compound that names a number, in the past tense too (not a telephone's
    # or a house's number)
    ("de", "Fahrzeug-Identifizierungsnummer (FIN): WVWZZZAUZJP012345; Zulassungsbescheinigung Teil II Nr.: AB123456",
     ["WVWZZZAUZJP012345", "AB123456"]),
    ("de", "Sprachmittler-Nr. 4471; Ihre Personalnummer lautete 004711; Telefonnummer 0341 9876543; "
           "Hausnummer 12a; Steuernummer (StNr.): 219/5012/3456", ["4471", "004711", "219/5012/3456"]),
    # a travel itinerary's numbers; a card's last digits after its brand (not a year, not a decimal)
    ("en", "E-ticket number: 125-2345678901; confirmation #88213409; reservation H7730021; Frequent flyer: BA "
           "Executive Club 81234567", ["125-2345678901", "88213409", "H7730021", "81234567"]),
    ("en", "Visa ending in 4417, billed; a war ending in 1945; ending 12.5", ["4417"]),
    ("en", "Group 00441; Group 4 Securicor", ["00441"]),
    # a list of identifiers after one keyword (a discharge letter's prescriptions), each of the first one's shape
    ("en", "Rx numbers 6023381 and 6023382; MRN 123456, 654321 or 111222, then 7 days", ["6023381", "6023382",
                                                                                        "123456", "654321", "111222"]),
    # a log's fields after "=" in every language
    ("en", "serial=C02XK1ZJJG5H cust_id=CUS-883421 sid=4f9a8c7e2b1d43a6", ["C02XK1ZJJG5H", "CUS-883421",
                                                                         "4f9a8c7e2b1d43a6"]),
    ("de", "Fehler: cust_id=CUS-883421", ["CUS-883421"]),
    # an arrest report's officer after rank and initial, booking number and plate; a finance agreement (not a year,
    # not a price tag)
    ("en", "Ofc. K. Tran #2281     Booking No. B2025-08813; TN tag 7H4-K29; (agreement 004471992); the agreement "
           "2019; a price tag 45", ["2281", "B2025-08813", "7H4-K29", "004471992"]),
    ("pt", "inscrita no CPF/MF sob o nº 321.654.987-11", ["321.654.987-11"]),
    ("pt", "SUS 7001 2345 6789 012; o SUS atende 2 milhões", ["7001 2345 6789 012"]),
    ("es", "CUPS: ES0031408123456789AB0F", ["ES0031408123456789AB0F"]),
    ("en", "Pls transfer to acct 12345678, sort 20-45-77; sort 12 items", ["12345678", "20-45-77"]),
    ("es", "Grado en Enfermería (2014-2018). Nº de colegiada 20/123456; colegiada 28/4567", ["20/123456", "28/4567"]),
    ("en", "Alicia M. Ortega (ARDC No. 6321457); State Bar No. 284512; a bar 2 blocks away", ["6321457", "284512"]),
    ("en", "his order #A-7781203 never arrived; tracking 15501234567890; in order 2345 times", ["A-7781203",
                                                                                           "15501234567890"]),
    # (stop 69: the parcel whole, its district's field too)
    ("de", "Gemarkung Niederschönhausen, Flur 3, Flurstück 217/4", ["Flur 3, Flurstück 217/4"]),
    ("de", "Versicherung HUK-Coburg, Vers.-Nr. 123/456789-K, Schaden-Nr. 25-123456", ["123/456789-K", "25-123456"]),
    # a debt collector's letter: its reference, the transfer's reference line, a customer number with words before the
    # colon; not an article's number
    ("de", "Ihr Zeichen: –  Unser Zeichen: IK-2025-448712  Kundennr. beim Gläubiger: 7012345678; Verwendungszweck "
           "IK-2025-448712; Artikelnummer 6026136", ["IK-2025-448712", "7012345678", "IK-2025-448712"]),
    ("en", "My SIN is 046 454 286 and my OHIP card 1234-567-890-AB; a sin 2 times", ["046 454 286", "1234-567-890-AB"]),
    ("es", "la tarjeta de crédito terminada en 8842.", ["8842"]),
    # a Portuguese citizen card with its check characters glued ("0ZZ2"); a pharmacist's council; a civil register's
    # entry; a card's last digits
    ("pt", "cartão de cidadão n.º 13456789 0ZZ2; Dra. Tânia Rocha Lins - CRF-PE 6789; Assento n.º 1432 do ano de "
           "2019; cartão com final 4417", ["13456789 0ZZ2", "6789", "1432", "4417"]),
])
def test_identifiers_of_itineraries_logs_and_certificates_stop_48(language, text, expected):
    assert found(language, text) == expected


def test_the_plate_form_of_an_identifier_does_not_cut_a_number_grouped_by_dots():
    """"MG-12.345.678": the plate-like form ("B-AB 1234") took "MG-12" and stopped at the dot; a dot and a digit after
    it now continue the identifier, and a plate before a sentence's full stop is still one."""
    assert found("pt", "RG MG-12.345.678") == ["MG-12.345.678"]
    assert found("de", "amtliches Kennzeichen B-AB 1234.") == ["B-AB 1234"]


@pytest.mark.parametrize("language,text,expected", [
    # a deposit dispute: words between the keyword and its copula, a sort code with its account; not an account's
    # words without a number
    ("en", "The landlord's account number for repayment is 41-22-09 33018824. The account of the facts is long.",
     ["41-22-09 33018824"]),
    # a vet's record: the pet's microchip names its owner in the register
    ("en", "Patient: Biscuit (Labrador, microchip 985112004456321)", ["985112004456321"]),
    ("es", "Perro mestizo, microchip n.º 941000012345678", ["941000012345678"]),
    ("pt", "gato com microchip 941000012345678", ["941000012345678"]),
    ("de", "Transpondernummer 276098106543210; Chip: 276098106543211", ["276098106543210", "276098106543211"]),
    # a sick note's compounds glued to "nr."; a company pass; not a telephone's or a page's number
    ("de", "Betriebsstättennr. 721045600   Arztnr. 349812701; Firmenausweis (Nr. 00471); Telefonnr. 030 1234567; "
           "Seitennr. 4471", ["721045600", "349812701", "00471"]),
    # a tax assessment: the spouse's number after her field name, in the first one's shape
    ("de", "Identifikationsnummer Ehemann: 12 345 678 903, Ehefrau: 98 765 432 106", ["12 345 678 903",
                                                                                        "98 765 432 106"]),
    # a doctor's registration abbreviated before digits only; a Mexican neighbourhood is no number
    ("es", "Dra. Leire Zubizarreta (col. 474712345); Col. Americana 44160", ["474712345"]),
    # a work booklet's series after its number
    ("pt", "CTPS nº 1234567 série 0012-SP; a série 3 da novela", ["1234567", "0012-SP"]),
    # a nurse's CV: the professional order's card after its abbreviation
    ("pt", "Enfermeiro no CHUC; cédula OE n.º 78123", ["78123"]),
])
def test_identifiers_of_sick_notes_vets_and_tax_assessments_stop_49(language, text, expected):
    assert found(language, text) == expected


@pytest.mark.parametrize("language,text,expected", [
    # a US police narrative's booking number after an abbreviation glued to "#"; not a language's name
    ("en", "CB# 19-884213; RD#12345; written in C# 10", ["19-884213", "12345"]),
    # a clinical trial's subject and randomisation numbers; not an e-mail's subject line
    ("en", "Subject 014-0072, Randomisation number R-0451; Subject: Meeting at 10 am", ["014-0072", "R-0451"]),
    # a radiology report's accession number; a pharmacy's prescription ID (a German compound on "-ID")
    ("en", "Acc#: RAD26-0448812; according to 2019", ["RAD26-0448812"]),
    # a police dispatch log's reference (not Canadian dollars)
    ("en", "Police attended (CAD 4471/12NOV); paid CAD 4471", ["4471/12NOV"]),
    ("de", "Abholnummer: 4471 · Rezept-ID 160.000.100.000.001.05", ["4471", "160.000.100.000.001.05"]),
])
def test_identifiers_of_police_narratives_and_trials_stop_49(language, text, expected):
    assert found(language, text) == expected


def test_other_countries_identifiers_after_their_names_in_every_language_stop_49():
    """"PESEL 85051012345", "BSN 123456782", "CNP 1850510123456" of an English letter stayed in clear."""
    text = "his wife (PESEL 85051012345), their lodger (BSN 123456782), Romanian CNP 1850510123456; T.C. Kimlik No 12345678901"
    assert found("en", text) == ["85051012345", "123456782", "1850510123456", "12345678901"]
    assert found("de", "seine Frau Ewa Zielińska (PESEL 92071314764)") == ["92071314764"]


def test_an_italian_codice_fiscale_is_a_national_identifier_in_every_language_stop_49():
    from app.detection.identifiers import NationalIdRecognizer

    text = "Marco Rossi (RSSMRA85T10A562S), not RSSMRA85T10A562X"
    for language in ("en", "de", "es", "pt"):
        assert [e.text for e in NationalIdRecognizer(language).recognize(text, [])] == ["RSSMRA85T10A562S"]
