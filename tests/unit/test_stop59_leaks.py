"""Leaks closed at stop 59, each found in a probe document written with an answer key (a clinical trial's screening
log, a hotel's incident report, a bank's call log, a childcare contract, a will, a traffic fine's appeal, a detention
record, a nursing admission note, a gas safety record, a cause list, a fine notice, a mortgage offer, a rent receipt, a
passenger manifest, a care rota, a prescription log, a completion statement, an accident report, a driving school's
enrolment): a keyword inside a rejected value, a dot leader after the colon, numbers after "#", a sort code and its
account, sixteen digits that fail the checksum, codes by their shape, a US range of days, initials and staff columns,
firms with a place's preposition or a spaced "e. V.", a field's name inside a model's entity, a street's number after
the number of a place in it, the commercial register's number whole, and keywords and words in four languages."""

from app.detection.addresses import AddressRecognizer
from app.detection.identifiers import CreditCardRecognizer, IdNumberRecognizer
from app.detection.patterns import DateRecognizer
from app.detection.pipeline import clean_spans
from app.detection.quasi_identifiers import QuasiIdentifierRecognizer
from app.detection.tables import TableRecognizer
from app.doc import Entity
from tests.unit.fakes import detect, found


def test_a_keyword_inside_a_rejected_value_still_names_the_next_one():
    # "CA DL" was read as the value of "Licence"'s neighbour without a digit, and the keyword "DL" went with it
    assert found(IdNumberRecognizer("en"), "Licence: CA DL D4471902, DOB 08/22/1987") == ["D4471902"]
    assert found(IdNumberRecognizer("en"), "ID shown:          CA DL D4471902, DOB") == ["D4471902"]


def test_a_dot_leader_after_the_colon():
    text = "N.º de expediente: ....... 2804051287461\nBoletín de denuncia: ..... MD-0982214\n"
    assert "2804051287461" in found(IdNumberRecognizer("es"), text)


def test_numbers_after_a_hash_sign():
    text = 'Szymon Kowalczyk (emp. #10457): "…"; Priya Raghunathan (#40872); police report #25-031544.'
    assert found(IdNumberRecognizer("en"), text) == ["10457", "40872", "25-031544"]
    # a year, a colour, a rank or an HTML entity is none
    assert found(IdNumberRecognizer("en"), "#2024 was good; colour #FF0000; #12 in the list; &#8211;") == []


def test_a_sort_code_and_its_account_whatever_names_them():
    assert found(IdNumberRecognizer("en"), "[00:01:14] CUST:  40-47-12, 71836631. It's a joint account.") == [
        "40-47-12", "71836631"]
    # a date is no sort code
    assert found(IdNumberRecognizer("en"), "on 12-05-24, 10 people came") == []


def test_sixteen_digits_in_groups_of_four_that_fail_the_checksum():
    entities = CreditCardRecognizer().recognize("[00:01:26] CUST:  4659 4410 0387 2207.", [])
    assert [(e.text, e.label) for e in entities] == [("4659 4410 0387 2207", "ID_NUMBER")]
    # a valid card stays a card
    assert [e.label for e in CreditCardRecognizer().recognize("card 4111 1111 1111 1111 ok", [])] == ["CREDIT_CARD"]


def test_codes_by_their_shape_alone():
    text = "014 03A  KOWALCZYK/AGNIESZKA MRS  K7QX2P 1252419876530 POL 12APR81 EA4471932 WCHR DBML"
    assert found(IdNumberRecognizer("en"), text) == ["1252419876530", "EA4471932"]
    # a count, an amount, a year, a model's name are none
    assert found(IdNumberRecognizer("en"), "1,250,000 people in 2024 flew the B787 and the A320neo for 3.5 hours") == []


def test_a_us_range_of_days_with_a_hyphen():
    text = "Room charges 03/14-03/16 ($689.70) comped."
    assert found(DateRecognizer("en"), text) == ["03/14", "03/16"]
    assert found(DateRecognizer("en"), "The score was 12/15-13/15 in the end.") == []
    # a prescription log's day after "Issued"
    assert found(DateRecognizer("en"), "| 56    | NHS App | Issued 04/03 HA") == ["04/03"]


def test_initials_and_staff_columns():
    text = ("Scr No. | Init. | DOB | Subj ID\n"
            "S014-001 | J-MH | 14/02/1961 | 014-1001\n"
            "S014-002 | NĐT | 09/07/1974 | 014-1002\n")
    cells = [(e.text, e.label) for e in TableRecognizer().recognize(text, [])]
    assert ("J-MH", "PERSON") in cells and ("NĐT", "PERSON") in cells
    text = ("Staff  | Carer                 | Mobile\n"
            "CR-118 | Nguyễn Thị Lan        | 07700 900118\n")
    cells = [(e.text, e.label) for e in TableRecognizer().recognize(text, [])]
    assert ("CR-118", "PERSON") in cells and ("Nguyễn Thị Lan", "PERSON") in cells


def test_firms_with_a_places_preposition_and_a_spaced_association_form():
    text = "Arbeitgeber:         Reha-Zentrum am Urban GmbH    Brightloop Systems GmbH"
    assert ("Reha-Zentrum am Urban GmbH", "ORGANIZATION") in detect("de", text, {"Urban GmbH": "ORG"})
    assert ("Apotheke an der Oper OHG", "ORGANIZATION") in detect("de", "Die Apotheke an der Oper OHG liefert.")
    text = "Kinderladen Pusteblume e. V. – Elterninitiativ-Kita\nGneisenaustraße 63 · 10961 Berlin"
    assert ("Kinderladen Pusteblume e. V.", "ORGANIZATION") in detect("de", text)
    text = "Halterin ...: Kowalenko Reinigungsservice UG (haftungsbeschränkt),\n"
    assert ("Kowalenko Reinigungsservice UG (haftungsbeschränkt)", "ORGANIZATION") in detect(
        "de", text, {"Kowalenko Reinigungsservice UG": "ORG"})
    assert ("Städtische Grundschule am Lindenhof", "ORGANIZATION") in detect(
        "de", "Städtische Grundschule am Lindenhof\nLindenhofstraße 12 · 44137 Dortmund")


def test_a_fields_name_and_its_leader_are_no_part_of_an_entity():
    text = "Nome ...............: Bogdan-Mihai LĂCĂTUȘU\nNaturalidade .......: Iaşi"
    e = Entity(0, len(text), "ORGANIZATION", text, "stanza")
    assert [x.text for x in clean_spans(text, [e])] == ["Bogdan-Mihai LĂCĂTUȘU", "Iaşi"]
    # a field's name and its leader alone: nothing
    text = "Nome ...............: "
    assert clean_spans(text, [Entity(0, 21, "ORGANIZATION", text[:21], "stanza")]) == []
    assert ("Bogdan-Mihai LĂCĂTUȘU", "PERSON") in detect("pt", "Nome ...............: Bogdan-Mihai LĂCĂTUȘU\n")


def test_addresses():
    def addresses(language, text):
        return found(AddressRecognizer(language), text)

    assert addresses("es", "la plaza de garaje número 14 de la calle Cuba, número 22, de Valencia.") == [
        "número 14 de la calle Cuba, número 22"]
    assert addresses("en", "at 14–16 Greystones Crescent, Sheffield S11 7BN, we") == ["14–16 Greystones Crescent"]
    assert addresses("pt", "Testemunhas: Sérgio Lopes, R. do Campo Alegre, 830, 3.º Dt.º, 4150-171 Porto") == [
        "R. do Campo Alegre, 830, 3.º Dt.º"]
    assert addresses("pt", "na Av. Brigadeiro Faria Lima, nº 2.369, conj. 1.102, Jardim Paulistano") == [
        "Av. Brigadeiro Faria Lima, nº 2.369, conj. 1.102"]


def test_the_commercial_registers_number_whole():
    assert "HRB 31877 HB" in found(IdNumberRecognizer("de"), "AG Bremen HRB 31877 HB · USt-IdNr. DE298114562")
    assert "HRB 31877" in found(IdNumberRecognizer("de"), "www.hv.de · HRB 31877 AG Leipzig · USt-IdNr.")
    assert "HRA 17742" in found(IdNumberRecognizer("de"), "HRA 17742, Amtsgericht Leipzig")


def test_keywords_of_four_languages():
    assert found(IdNumberRecognizer("en"), "Gas Safe Reg..: 614829          Engineer: Chinedu OKONKWO") == ["614829"]
    assert found(IdNumberRecognizer("en"), "    VRM YH19 KXP   ASN 2400WY0100000458213D\n") == [
        "2400WY0100000458213D"]
    assert found(IdNumberRecognizer("en"), "T: 01538 384920 | DX 16352 Leek | E:") == ["16352"]
    assert found(IdNumberRecognizer("en"), "- Wiśniewska: key safe 4471. NOK daughter") == ["4471"]
    assert "HV8840275" in found(IdNumberRecognizer("en"), "Conf. #: HV8840275")
    assert found(IdNumberRecognizer("de"), "ZB II Nr. .........: AS1846207") == ["AS1846207"]
    assert found(IdNumberRecognizer("es"), "número 1.204 de protocolo del Notario de Alzira") == ["1.204"]
    assert found(IdNumberRecognizer("es"), "| SIP: 15893274 | Hab.: 312-B |") == ["15893274", "312-B"]
    assert found(IdNumberRecognizer("es"), "325.400,00 € (exp. tasación TA-24/118832)") == ["TA-24/118832"]
    assert found(IdNumberRecognizer("es"), "según escritura de poder n.º 1.284 otorgada") == ["1.284"]
    assert found(IdNumberRecognizer("pt"), "Proveniência: SU (epis. 25/019554) · Transporte") == ["25/019554"]
    assert found(IdNumberRecognizer("pt"), "Dr. Nuno Alves Pimenta (C.P. 48812L) às 04H10") == ["48812L"]
    assert found(IdNumberRecognizer("pt"), "Rui Manuel TAVARES, Agente Principal, M/148233, acompanhado") == [
        "M/148233"]
    assert found(IdNumberRecognizer("pt"), "Freguesia: 131213 - Paranhos   Artigo: U-4517   Fração: F") == ["U-4517"]
    assert found(IdNumberRecognizer("pt"), "Instrutor: Wagner Dias Lopes (credencial nº 0731)") == ["0731"]
    assert found(IdNumberRecognizer("pt"), "Categoria pretendida: B          RENACH: MG912437805") == ["MG912437805"]


def test_name_fields():
    assert ("SAVCHENKO, Dmytro", "PERSON") in detect("pt", "9. Condutor: SAVCHENKO, Dmytro   Data nasc.: 14/02/1991")
    assert ("KP", "PERSON") in detect("en", "Clerk: KP   Checked: HA   Date: 07.03.2025")


def test_strict_measurements_and_words():
    def strict(language, text, label):
        return [e.text for e in QuasiIdentifierRecognizer(language).recognize(text, []) if e.label == label]

    text = "GUIDE DOG LABRADOR 31KG. Weight 71 kg, height 1,68 m, SpO2 89%, 200ml, 78 km/h, 38,5 ºC."
    assert all(q in strict("en", text, "QUANTITY") for q in ("31KG", "71 kg", "1,68 m", "89%", "200ml", "78 km/h",
                                                            "38,5 ºC"))
    assert strict("en", "He is a credit controller with hay fever.", "OCCUPATION") == ["credit controller"]
    assert strict("en", "He is a credit controller with hay fever.", "HEALTH") == ["hay fever"]
    assert "Schwager" in strict("de", "Sie sind damit Ihr Schwager.", "RELATION")
    assert "DPOC agudizada" in strict("pt", "Motivo: DPOC agudizada.", "HEALTH")
    assert "colelitiasis sintomática" in strict("es", "Diagnóstico: colelitiasis sintomática.", "HEALTH")


def test_round_50_semicolon_exports_with_quoted_cells():
    text = ("Nr;Nachname;Vorname;Geburtsdatum;PLZ;Ort;Telefon\n"
            '1;Schneider;Jonas;14.07.2006;60487;Frankfurt am Main;"0176 44518290"\n'
            '3;KOWALCZYK;Paweł;28.11.1985;63065;Offenbach am Main;"+48 601; 223 914"\n'
            "4;Nguyen;Thi Hoa;19.09.1990;60487;Frankfurt am Main;069 97781234\n")
    cells = [e.text for e in TableRecognizer().recognize(text, [])]
    # the quoted semicolon splits no cell: the table goes on after it
    assert "KOWALCZYK" in cells and "Nguyen" in cells and "Thi Hoa" in cells


def test_round_50_a_payslips_columns_of_earnings_and_deductions():
    from app.detection.patterns import MoneyRecognizer

    text = ("Rubrica  Descrição                     Ref.        Proventos   Descontos\n"
            "1000     Salário contratual            30 dias      2.184,00\n"
            "1002     Horas extras 50%              6,00 h          89,35\n"
            "9201     INSS – contribuição segurado  8,00%                      181,83\n")
    # the amounts, not the hours nor the rate of the reference column
    assert found(MoneyRecognizer("pt"), text) == ["2.184,00", "89,35", "181,83"]


def test_round_50_leaders_and_keywords():
    assert found(IdNumberRecognizer("en"), "CPOMS no..........: 118204               Urgency: [X]") == ["118204"]
    assert found(IdNumberRecognizer("en"), "Order No: PM/ORD/24/05581                    Date: 22 April 2024") == [
        "PM/ORD/24/05581"]
    assert "24-1173" in found(IdNumberRecognizer("en"), "Quote Ref: HSR/Q/24-0588       Job No: 24-1173")
    assert found(IdNumberRecognizer("de"), "Az. UV-Träger: 2.24.07188.4               Eingang: 05.06.2024") == [
        "2.24.07188.4"]
    assert found(IdNumberRecognizer("es"), "Pasaporte UE ....... ES052400183274") == ["ES052400183274"]
    assert found(IdNumberRecognizer("es"), "taxista, licencia municipal nº 2741") == ["2741"]
    assert found(IdNumberRecognizer("es"), "Póliza seguro ......: 0063-112490-5") == ["0063-112490-5"]
    assert found(IdNumberRecognizer("es"), "Grado II (resol. 28/DEP/2023/114592, 21/06/2023)") == [
        "28/DEP/2023/114592"]
    text = ("N.º Utente SNS ....: 298 471 560\nCartão de Cidadão .: 31847265 8 ZY4\n"
            "Episódio n.º: URG-P 2024/0038817        Processo n.º: 1192834\n"
            "1   | Cartão    | Nubank final 6621 (bloqueado)       | -\n"
            "1   | Cartão    | Bilhete Único nº 21.07.0044813-2    | -\n")
    assert found(IdNumberRecognizer("pt"), text) == [
        "298 471 560", "31847265 8 ZY4", "URG-P 2024/0038817", "1192834", "6621", "21.07.0044813-2"]


def test_round_50_a_dot_leader_after_the_colon_ends_no_sentence():
    from app.tokenization import split_sentences, tokenize

    text = "Name, Vorname: .................. YILMAZ, Elif Nur.\nFactura ........ 123\nEr kam... Dann ging er."
    sentences = [[t.text for t in s.tokens] for s in split_sentences(text, tokenize(text), language="de")]
    # the field's name, its leader and the name in one sentence; a leader without a colon and an ellipsis still end one
    assert sentences[0][:4] == ["Name", ",", "Vorname", ":"] and "YILMAZ" in sentences[0]
    assert [s[0] for s in sentences] == ["Name", "Factura", "123", "Dann"]
    assert ("YILMAZ, Elif Nur", "PERSON") in detect("de", "Name, Vorname: .................. YILMAZ, Elif Nur\n")
    assert ("B. Krüger", "PERSON") in detect("de", "Bearbeitet: B. Krüger\n")


def test_round_50_firms_and_places():
    text = "5  Unfallbetrieb .........: Hoch- und Tiefbau Brünninghaus GmbH & Co. KG,\n"
    assert ("Hoch- und Tiefbau Brünninghaus GmbH & Co. KG", "ORGANIZATION") in detect(
        "de", text, {"Brünninghaus GmbH & Co. KG": "ORG"})
    assert ("Hausverwaltung Kleinschmidt & Partner GbR", "ORGANIZATION") in detect(
        "de", "Wir danken der Hausverwaltung Kleinschmidt & Partner GbR.", {"Kleinschmidt & Partner GbR": "ORG"})
    assert ("HARTWELL LOGISTICS (MIDLANDS) LIMITED", "ORGANIZATION") in detect(
        "en", "            HARTWELL LOGISTICS (MIDLANDS) LIMITED        Respondent\n")
    assert ("BRIGHTWATER DENTAL PRACTICE", "ORGANIZATION") in detect(
        "en", "BRIGHTWATER DENTAL PRACTICE\n14 Kingsway Parade, Hove", {"BRIGHTWATER DENTAL": "ORG"})
    assert found(AddressRecognizer("de"), "Mietobjekt ..........: Eschersheimer Landstraße 219, 2. OG links, Whg. 7") \
        == ["Landstraße 219, 2. OG links, Whg. 7"]
    assert found(DateRecognizer("pt"), "Aos 14 (quatorze) dias do mês de maio de 2024, no Cartório") == [
        "14 (quatorze) dias do mês de maio de 2024"]


def test_round_51_a_fields_value_with_commas_is_no_tables_header():
    text = "Vollmachtgeberin\nName, Vorname ......: Nowak, Halina Teresa, geb. Zielińska\n"
    found_ = detect("de", text)
    # (one person since stop 68: a form's surname, a comma and the given names before a birth word are one name)
    assert ("Nowak, Halina Teresa", "PERSON") in found_
    # a header of a comma's table still is one
    text = "Name, Vorname, Geburtsdatum\nNowak, Halina, 11.03.1941\n"
    assert ("Nowak", "PERSON") in [(e.text, e.label) for e in TableRecognizer().recognize(text, [])]


def test_round_51_columns_keywords_and_codes():
    text = ("Nome                            N.º proc.  Ano/Turma  Idade\n"
            "Rodrigo Miguel Azevedo PIRES    21847      8.º B      13 anos\n"
            "Dmytro KOVALENKO                22310      8.º B      14 anos\n")
    cells = [e.text for e in TableRecognizer().recognize(text, [])]
    assert "21847" in cells and "22310" in cells and "Dmytro KOVALENKO" in cells
    text = ("Account type      | Account number | Sort code | Balance (approx.)\n"
            "------------------|----------------|-----------|------------------\n"
            "Easy Saver 60     | 71840236       | 40-62-17  | £18,240.55\n")
    assert "40-62-17" in [e.text for e in TableRecognizer().recognize(text, [])]
    text = "07.10. | 12:10 | LK 15 Mittagessen | isst ½ Portion | DP\n"
    header = "Datum  | Zeit  | Leistung (LK) | Bemerkung | HZ\n"
    assert ("DP", "PERSON") in [(e.text, e.label) for e in TableRecognizer().recognize(header + text, [])]
    text = "com intérprete; carta registada RR 4821 7730 5 PT."
    assert found(IdNumberRecognizer("pt"), text) == ["RR 4821 7730 5 PT"]
    text = ("ASO Nº: 2024-0051873\nvía Delt@ (n.º 20240612-ZA-55190).\n"
            "titular da Autorização de Residência n.º PT-AR 4418275, NIF\n"
            "Código: PIN-AP-1152 - Rua Teodoro Sampaio, 2.310\n")
    assert found(IdNumberRecognizer("pt"), text) == ["2024-0051873", "20240612-ZA-55190", "PT-AR 4418275",
                                                      "PIN-AP-1152"]
    assert found(IdNumberRecognizer("es"), "Presupuesto aceptado: P-2024/0511 (05/09/2024)") == ["P-2024/0511"]
    assert found(IdNumberRecognizer("de"), "(Wohnungsgenossenschaft Linden eG, Mietkonto 300-44821) wurden") == [
        "300-44821"]
    assert "Nave 14" in found(AddressRecognizer("es"), "Centro de trabajo: Nave 14, C/ Taormina, 8, 50197 Zaragoza")


def test_round_51_firms():
    assert ("FAIRBRIDGE BUILDING SOCIETY", "ORGANIZATION") in detect(
        "en", "FAIRBRIDGE BUILDING SOCIETY\nPower of Attorney Registration Form\n", {"FAIRBRIDGE": "ORG"})
    assert ("TSV Eichenau 1921 e.V.", "ORGANIZATION") in detect("de", "Der TSV Eichenau 1921 e.V. lädt ein.")
    assert ("Hilfe für Kinder Hannover-West e.V.", "ORGANIZATION") in detect(
        "de", "Träger: Hilfe für Kinder Hannover-West e.V., Hannover", {"Kinder Hannover-West e.V.": "ORG"})


def test_round_52_company_names_in_capitals_and_headlines():
    text = "VIDASUL ASSISTÊNCIA MÉDICA LTDA.   Registro ANS nº 41.872-3\n"
    assert ("VIDASUL ASSISTÊNCIA MÉDICA LTDA", "ORGANIZATION") in detect("pt", text)
    # a headline in capitals goes on after the form: no company's name swallows it
    assert detect("en", "THE COMPANY WAS SOLD TO ACME HOLDINGS LIMITED YESTERDAY\n") == []
    assert ("SMITH AND SONS LIMITED", "ORGANIZATION") in detect("en", "SMITH AND SONS LIMITED\n")
    # in a headline's running text the words before the name keep their restored case (as before stop 59)
    assert detect("pt", "A EMPRESA FOI VENDIDA À ACME HOLDINGS LTDA. ONTEM\n") == [
        ("ACME HOLDINGS LTDA", "ORGANIZATION")]


def test_round_52_a_couriers_route_sheet_and_keywords():
    text = ("N.º|Albarán   |Destinatario             |Dirección                          |CP   |Teléfono   |Bt|Reemb.\n"
            "01 |MRL-884512|Carmen Ortega Sáez       |C/ Sueca, 41, 3º B                 |46006|634 112 908|1 |-\n")
    cells = [(e.text, e.label) for e in TableRecognizer().recognize(text, [])]
    assert ("Carmen Ortega Sáez", "PERSON") in cells and ("46006", "POSTAL_CODE") in cells
    text = ("   Acc. holder: N L NGUYEN   Sort code: 09-01-28   Acc. no: 61733490\n"
            "Vacancy ref ......... VAC-3391 - Senior\nInquest no.: 00417/2023             Coroner\n"
            "(YAS incident 2308-07-0041) and\nFlight BA 2490 to Faro\n")
    assert found(IdNumberRecognizer("en"), text) == [
        "09-01-28", "61733490", "VAC-3391", "00417/2023", "2308-07-0041", "BA 2490"]
    assert found(IdNumberRecognizer("de"), "AlpinaMiles-Nr.: 3302 881 746\n") == ["3302 881 746"]
    assert found(IdNumberRecognizer("pt"), "Orçamento nº 0389: R$ 1.850,00. Corretor: A. Pacheco - SUSEP 100234567") \
        == ["0389", "100234567"]
    # a statute's number and year after "n.º" is no file
    assert found(IdNumberRecognizer("pt"), "nos termos da Lei n.º 8.245/1991, de 18 de outubro") == []


def test_round_53_exports_meters_claims_and_keywords():
    from app.detection.patterns import MoneyRecognizer

    text = ("RegID,FAN,Surname,FirstName,DOB,Nationality,AgeGroup,Team,School,Guardian,Relation,Mobile\n"
            "KVJ-24-0012,84533107,NGUYEN,Minh Anh,14/05/2013,Vietnamese,U12,U12 Lions,St Bede's,Thi Lan Nguyen,Mother,"
            "07845 331209\n")
    cells = [(e.text, e.label) for e in TableRecognizer().recognize(text, [])]
    assert ("84533107", "ID_NUMBER") in cells and ("Thi Lan Nguyen", "PERSON") in cells
    text = ("Zählerart          Zähler-Nr.        Stand            Ablesung\n"
            "Strom              1ESY1160 772349   48.912,6 kWh     29.02.2024\n"
            "Gas (Therme)       G4-8830145        21.406,331 m³    29.02.2024\n")
    assert [e.text for e in TableRecognizer().recognize(text, []) if e.label == "ID_NUMBER"] == [
        "1ESY1160 772349", "G4-8830145"]
    # a pipe table's row without an amount does not end a claim's table
    text = ("Pos | Bezeichnung                | Datum       | Betrag EUR\n"
            " 3  | Restforderung              |             |   9.862,35\n"
            " 4  | Zinsen 9 %-Pkt.            | ab 30.12.2024| lfd.\n"
            " 5  | Mahnkosten                 | 15.01.2025  |       5,00\n")
    assert found(MoneyRecognizer("de"), text) == ["9.862,35", "5,00"]
    assert found(IdNumberRecognizer("en"), "Custody Suite: Perry Barr        Custody No.: 20PB/0048812/24") == [
        "20PB/0048812/24"]
    assert found(IdNumberRecognizer("en"), "EMIS no: 100284 (children: …)\n [x] EPC 8321-4057-6290-1183-0926, rating") \
        == ["100284", "8321-4057-6290-1183-0926"]
    text = "Episódio: 25007341\nTítulo de residência: AR 1L7739204\n(RNM) nº F512873-K, inscrito"
    assert found(IdNumberRecognizer("pt"), text) == ["25007341", "AR 1L7739204", "F512873-K"]
    assert found(IdNumberRecognizer("es"), "- Acta de matrimonio nº 1432, Nador") == ["1432"]
    assert found(IdNumberRecognizer("de"), "UR-Nr. 418/2025 V\n\nErbscheinsantrag") == ["418/2025 V"]
    assert found(AddressRecognizer("es"), "C/ de Sants, 184, bajos · 08028 Barcelona") == ["C/ de Sants, 184, bajos"]


def test_round_54_exports_parcels_addresses_and_keywords():
    text = ("txn_id;post_date;merchant;category;amount_gbp;pay_type;receipt\n"
            "TX88120341;02/02/2024;Premier Inn Leeds City;Hotel;118.00;CARD;Y\n")
    assert ("118.00", "MONEY") in [(e.text, e.label) for e in TableRecognizer().recognize(text, [])]
    text = ("  Lfd. Nr. | Gemarkung | Flur | Flurstück | Größe   | Beschreibung\n"
            "  1        | Gohlis    | 3    | 218/7     | 1.046 m² | Gebäude- und Freifläche\n")
    assert ("218/7", "ID_NUMBER") in [(e.text, e.label) for e in TableRecognizer().recognize(text, [])]
    assert found(AddressRecognizer("de"), "Anschrift ....: Hauptstraße 7 b, 88709 Meersburg") == ["Hauptstraße 7 b"]
    assert found(AddressRecognizer("pt"), "residente na Travessa do Carmo, n.º 4, R/C, 4700-302 Braga") == [
        "Travessa do Carmo, n.º 4, R/C"]
    assert found(IdNumberRecognizer("en"), "Licence (PL) ............ 04512/17/1465") == ["04512/17/1465"]
    assert found(IdNumberRecognizer("es"), "Hora: 02:47          Agentes: 1.284 y 2.071\n(ref. anuncio 55102)") == [
        "1.284", "2.071", "55102"]
    assert found(IdNumberRecognizer("pt"), "apresentação n.º 2291 de 05/02/2019, com o NPP 2024/118734.") == [
        "2291", "2024/118734"]
    assert found(IdNumberRecognizer("de"), "eAT-Kartennummer:       Y4K0L7M2C\n") == ["Y4K0L7M2C"]
