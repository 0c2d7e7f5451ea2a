"""Leaks closed at stop 56, each found in a probe document written with an answer key (a cooperative's minutes, a
club trip's participant list, a prison's visit register, a radio club's log, a lost-property book, a pawnbroker's
ledger, a marina's berth register, a key register, a repair portal, a jury summons, a building permit, a notary's
deed, a summer camp's form): register numbers under a "Nr."/"N.º" column, headers that name a number ("WBK-Nr.",
"Reg. no."), a ledger's second line per entry, identifiers after new keywords, "#" and "number:", an ITIN, a
practice named by a compound, German days and months in a list, a Catalan name's "i"."""

import pytest

from app.detection.identifiers import IdNumberRecognizer, NationalIdRecognizer
from app.detection.patterns import CaseNumberRecognizer, DateRecognizer, MoneyRecognizer
from app.detection.quasi_identifiers import QuasiIdentifierRecognizer
from app.detection.structured import key_label
from app.detection.tables import TableRecognizer
from tests.unit.fakes import detect, found


def cells(text: str) -> list[tuple[str, str]]:
    return [(e.text, e.label) for e in TableRecognizer().recognize(text, [])]


def test_a_register_number_under_a_counter_header_and_a_rows_place_not():
    text = ("Cooperante                     | N.º  | NIF        | Quotas em dívida\n"
            "Armando Jesus Borges           | 0207 | 218473923  | 150,00 €\n"
            "Fernanda dos Anjos Tavares     | 12   | 235190640  | 75,00 €\n")
    assert cells(text) == [("Armando Jesus Borges", "PERSON"), ("0207", "ID_NUMBER"), ("218473923", "ID_NUMBER"),
                           ("Fernanda dos Anjos Tavares", "PERSON"), ("235190640", "ID_NUMBER")]
    # a counter alone makes no column of personal data, and a JSON key "no" names none
    assert cells("Nr. | Bemerkung\n0412 | ok\n") == []
    assert key_label("no") is None


def test_headers_that_name_a_number_with_other_dots_or_a_qualifier():
    text = ("Mitgl.-Nr.\tName, Vorname\tgeb.\tTel./E-Mail\tWBK-Nr. (Behörde)\tseit\n"
            "0147\tSchulte-Wrede, Heinrich\t12.08.1949\t02938 4412\tWBK 88/1994 (Kreis Soest)\t1971\n")
    assert cells(text) == [("0147", "ID_NUMBER"), ("Schulte-Wrede, Heinrich", "PERSON"), ("12.08.1949", "DATE"),
                           ("02938 4412", "PHONE"), ("WBK 88/1994 (Kreis Soest)", "ID_NUMBER")]
    text = ("Berth | Reg. no.   | Owner              | Fee\n"
            "C-04  | SSR 148832 | Mr Gareth Pengelly | £3,412.80\n")
    assert cells(text) == [("SSR 148832", "ID_NUMBER"), ("Mr Gareth Pengelly", "PERSON"), ("£3,412.80", "MONEY")]
    # a number of a thing, listed as another column's header, is none of anyone's
    assert cells("Art.-Nr. | Name | Menge | Preis\n4711-22 | Schraube | 3 | 1,20\n") == [
        ("Schraube", "PERSON"), ("1,20", "MONEY")]


def test_a_ledgers_second_line_of_an_entry_stays_in_the_table():
    text = ("Tkt No | Date  | Pledger / DOB           | Address                 | Status\n"
            "P-30417| 03/03 | Bernadette O'Neill      | 14 Dickenson Rd, M14 5HN | live\n"
            "       |       | DL ONEIL761029B99XY     | mob 07700 900418        |\n"
            "P-30418| 03/03 | Adam Kowalczyk          | 59 Northmoor Rd, M12 5RT | live\n")
    assert [c for c in cells(text) if c[1] == "ID_NUMBER"] == [("P-30417", "ID_NUMBER"), ("P-30418", "ID_NUMBER")]
    assert ("DL ONEIL761029B99XY", "PERSON") in cells(text)
    assert ("Adam Kowalczyk", "PERSON") in cells(text)


def test_a_radio_logs_call_signs_and_places():
    text = ("UTC  |Call  |Name             |QTH          |RST|Remarks\n"
            "0036 |W0JMH |Jim Hollenbeck   |Mount Vernon |55 |81 yrs young\n")
    assert cells(text) == [("W0JMH", "ID_NUMBER"), ("Jim Hollenbeck", "PERSON"), ("Mount Vernon", "LOCATION")]


def test_identifiers_after_the_new_keywords():
    assert found(IdNumberRecognizer("en"), (
        "GRO ref DYD 2009/0417\nJuror number: 412873905\nQuote Q-5513: $1,940.00\nMR-88412 | Lease #CR-2B-2023-0417\n"
        "$25 ck#2214\nPhone number: 01712294817\nThe number: 3\n#COVID-19 trends\n")) == [
        "DYD 2009/0417", "412873905", "Q-5513", "CR-2B-2023-0417", "2214"]
    assert found(IdNumberRecognizer("es"), (
        "(agente nº 3317). N.H. Rafael, nº hermano 1.482, adeuda\nIván Castaño (NIS 2021011253)\n"
        "FICHA          Nº inscripción: CV25-T2-0147\nHOJA       Nº de hoja: CV-B 0724519\n"
        "(sorteo de 12/09/2024, nº de orden 0038):\nN.I.G.: 47186 42 1 2024 0003121\n - UELN: 724011170041853\n")) == [
        "3317", "1.482", "2021011253", "CV25-T2-0147", "CV-B 0724519", "0038", "47186 42 1 2024 0003121",
        "724011170041853"]
    assert found(IdNumberRecognizer("pt"), (
        "Atendente: Thaís (matr. func. 10452)\nBosch - nº série FD9906 01834 - fora\n"
        "(cooperantes n.º 0341, 0419 e 0502).\nART nº 28027230241198734\nOE n.º 62291\n"
        "(carteirinha 0 864 000124783190 2).\nLivro 1.284 - Folhas 117/121 - Protocolo 58.903\n")) == [
        "10452", "FD9906 01834", "0341", "0419", "0502", "28027230241198734", "62291", "0 864 000124783190 2",
        "Livro 1.284 - Folhas 117/121 - Protocolo 58.903"]
    assert found(IdNumberRecognizer("de"), "Grundstück: Hölderlinweg 12, Flst. 2281/4, Gemarkung Zell") == ["2281/4"]


def test_an_itin_and_a_file_number_after_words_before_its_colon():
    assert found(NationalIdRecognizer("en"), "Halvorsen - ITIN 912-78-4410; not 912-38-4410") == ["912-78-4410"]
    assert found(CaseNumberRecognizer(), "Az. der Behörde: 32-7421/JS-0488-2025") == ["32-7421/JS-0488-2025"]
    assert found(CaseNumberRecognizer(), "divorcio 588/2021 del Juzgado n.º 11") == ["588/2021"]


@pytest.mark.parametrize("text, name", [
    ("- 15.10. Herr G. → Hausarztpraxis Dr. Lehner, Prüfeninger Str. 40", "Hausarztpraxis Dr. Lehner"),
    ("Hörgerät seit 2021 (HNO-Praxis Dr. Lioba Feger, Titisee-Neustadt)", "HNO-Praxis Dr. Lioba Feger"),
])
def test_a_practice_named_by_a_compound_before_a_title(text, name):
    assert (name, "ORGANIZATION") in detect("de", text)


def test_german_days_and_months_opening_a_lists_items():
    text = "- 15.10. Herr Gschwendtner kommt\n- 17.10. Frau Pfeilschifter: Begutachtung\n1.2. Einleitung\n"
    assert found(DateRecognizer("de"), text) == ["15.10", "17.10"]


def test_a_catalan_names_i_between_its_surnames():
    assert ("Jordi Camps i Puig", "PERSON") in detect("es", "Responsable: Jordi Camps i Puig",
                                                      {"Jordi Camps i Puig": "PER"})


def test_round_26_identifiers_and_register_entries():
    assert found(IdNumberRecognizer("es"), (
        "Remitido por Certific@2 - nº de comunicación 2025021877412\nCLUB: C.B. Benimaclet   Cód. club: 46-0719\n"
        "C.P.: 28001 y Cód. postal: 28001\nMatrimonio inscrito en R.C. de Cádiz, tomo 212, pág. 88.\n")) == [
        "2025021877412", "46-0719", "tomo 212, pág. 88"]
    assert found(IdNumberRecognizer("pt"), (
        "CEP 30140-040, matriculado sob o nº 87.316\nInstrutor: Nuno, licença de instrutor nº 4127\n")) == [
        "87.316", "4127"]
    assert found(IdNumberRecognizer("de"), (
        "Anlagen: Personalausweiskopie (Nr. L01X00T47), Meldebescheinigung\nSiehe Nr. ABCDEF\n"
        "im Wohnungsgrundbuch von Rüttenscheid Blatt 8812 eingetragen\n")) == ["L01X00T47", "Blatt 8812"]


def test_names_in_quotation_marks_after_an_institutions_head_or_before_a_legal_form():
    assert ('Kita „Pusteblume"', "ORGANIZATION") in detect("de", 'Lotta geht in die Kita „Pusteblume" in der Stadt')
    assert ('Kleingärtnerverein „Am Rosental" e.V', "ORGANIZATION") in detect(
        "de", 'Kleingärtnerverein „Am Rosental" e.V.')
    assert not [e for e in detect("de", 'Die Praxis „Das ist gut" sagt er.') if e[1] == "ORGANIZATION"]


def test_a_towns_offices_and_a_firm_in_capitals_with_its_form_after_a_comma():
    assert ("Schiedsamt Bielefeld-Brackwede", "ORGANIZATION") in detect("de", "Schiedsamt Bielefeld-Brackwede\n")
    assert ("Pfarramt St. Anton", "ORGANIZATION") in detect("de", "Kath. Pfarramt St. Anton, Nürnberg")
    assert ("ÓPTICA SANTA CATARINA, LDA", "ORGANIZATION") in detect(
        "pt", "ÓPTICA SANTA CATARINA, LDA. – Rua de Santa Catarina, 512, 4000-446 Porto")


def test_round_27_identifiers_plots_and_an_amount_after_a_code():
    assert found(IdNumberRecognizer("es"), (
        "Instructor: CP 117.482   Secretario: CP 204.915\nCorreos Express (ref. 3230 9917 4402) que\n"
        "Tarjeta SIP: 10947362      Médico\n| Antonio Cano | pol. 7 / 112 | 14,5\n"
        "las parcelas pol. 11 / 203 y 204 a nombre; polígono 9, parcela 40.\nCP 28001 Madrid\n")) == [
        "117.482", "204.915", "3230 9917 4402", "10947362", "pol. 7 / 112", "pol. 11 / 203 y 204",
        "polígono 9, parcela 40"]
    assert found(IdNumberRecognizer("en"), (
        "Incident #: 2024-0388        Dispatch (Dauphin Co. 911) CAD#: D24-117052\n"
        "GoCardless mandate MD00Z7K4QW  balance\nFAN (FA number): 207731594\n"
        "SCBA facepiece (SN 8842-MSA-2291).\n")) == [
        "2024-0388", "D24-117052", "MD00Z7K4QW", "207731594", "8842-MSA-2291"]
    assert found(IdNumberRecognizer("pt"), "Corretor: CRECI J-28417") == ["J-28417"]
    assert found(MoneyRecognizer("en"), "invoice INV-2024-0918 £504.00 overdue") == ["£504.00"]


def test_a_tutors_dbs_certificate_and_a_gates_plates():
    text = ("tutor_id|name|dob|dbs_cert|phone\n"
            "T-0142|Priyanka Raghunathan|1994-06-11|001734562910|07700 914 382\n")
    assert ("001734562910", "ID_NUMBER") in cells(text)
    text = "HORA  | NOME / DOC       | PLACA    | AUTORIZ.\n19:25 | Jefferson R. Lima | FKQ9C27 | interfone\n"
    assert cells(text) == [("Jefferson R. Lima", "PERSON"), ("FKQ9C27", "ID_NUMBER")]


def test_round_28_identifiers_and_a_deeds_book():
    assert found(IdNumberRecognizer("en"), (
        "Claim ref (office use):   CTR/24/118502        Date received\n"
        "POLISH (EU Settled Status, share code W7K 4XP 9LM)\nChild Benefit: £153.50 every 4 wks (CHB 04281947 AK)\n"
        "G. van der Berg: civil action 2184CV00912, Worcester\n")) == [
        "CTR/24/118502", "W7K 4XP 9LM", "04281947 AK", "2184CV00912"]
    assert found(IdNumberRecognizer("es"), (
        "[x] Tasa 790-026 abonada, NRC 0276239841G00051A\nDispositivo Vía-T nº 9724 0051 3386\n")) == [
        "0276239841G00051A", "9724 0051 3386"]
    assert found(IdNumberRecognizer("pt"), (
        "Cartão Saúda nº 2000 4471 3380\n(cód. acesso 482917, opção 5119)\nDra. Sílvia Quintela (CP 21684)\n"
        "Livro 214-A, fls. 87 a 89v.º — Cartório\n")) == [
        "2000 4471 3380", "482917", "21684", "Livro 214-A, fls. 87 a 89v.º"]
    assert found(IdNumberRecognizer("de"), "bestellt (Auftrag 88-21439), Kostenträger") == ["88-21439"]


def test_a_call_centres_export_and_a_parishs_visits():
    text = ("ID_LLAMADA\tHORA\tDUR\tAGENTE\tANI\tCLIENTE\tMOTIVO\tRESULTADO\n"
            "CL-250121-00871\t08:03\t06:42\tagt_jromero\t+34 954 21 87 33\tFrancisco Domínguez\treclam.\tabono\n")
    assert cells(text) == [("CL-250121-00871", "ID_NUMBER"), ("agt_jromero", "USERNAME"),
                           ("+34 954 21 87 33", "PHONE"), ("Francisco Domínguez", "PERSON")]
    text = ("Ref     | Bereaved (age)          | Address                  | Visitor\n"
            "BV24-07 | Margaret Thwaite (82)   | 17 Coppice Drive, HG1 2JW | Brenda Coulson\n")
    assert cells(text) == [("BV24-07", "ID_NUMBER"), ("Margaret Thwaite (82)", "PERSON"),
                           ("17 Coppice Drive, HG1 2JW", "LOCATION"), ("Brenda Coulson", "PERSON")]


def strict(language: str, text: str) -> list[tuple[str, str]]:
    return [(e.text, e.label) for e in sorted(QuasiIdentifierRecognizer(language).recognize(text, []),
                                              key=lambda e: e.start)
            if e.label in ("OCCUPATION", "RELATION")]


def test_occupations_with_the_words_that_make_them_precise_and_german_ones_by_their_ending():
    assert strict("en", "He is a software engineer and a self-employed plumber; the nurse; Anna Smith nurse.") == [
        ("software engineer", "OCCUPATION"), ("self-employed plumber", "OCCUPATION"), ("nurse", "OCCUPATION"),
        ("nurse", "OCCUPATION")]
    assert strict("es", "Es ingeniero de software y enfermera jubilada en Madrid. La logopeda trata.") == [
        ("ingeniero de software", "OCCUPATION"), ("enfermera jubilada", "OCCUPATION"), ("jubilada", "OCCUPATION"),
        ("logopeda", "OCCUPATION")]
    assert strict("de", "Beruf: Steuerfachangestellte, Fliesenlegermeister; die Wasserkraft der Gegenwart.") == [
        ("Steuerfachangestellte", "OCCUPATION"), ("Fliesenlegermeister", "OCCUPATION")]


def test_neighbours_friends_colleagues_and_former_spouses_are_relations():
    assert strict("de", "Unser Nachbar kam, die Freundin des Sohnes auch, und mein Mann.") == [
        ("Nachbar", "RELATION"), ("Freundin", "RELATION"), ("Sohnes", "RELATION"), ("mein Mann", "RELATION")]
    assert strict("es", "mi vecino y su exmujer") == [("vecino", "RELATION"), ("exmujer", "RELATION")]
    assert strict("en", "her best man and my ex-wife") == [("best man", "RELATION"), ("ex-wife", "RELATION")]


def test_round_29_identifiers_and_a_firearms_table():
    assert found(IdNumberRecognizer("es"), (
        "PARTE 2024/1182 | Hab. 12 | Entrada\nNac.: PRT   Cartão Cidadão: 13948271 4ZX7   F. nac.\n"
        "ACTA DE INFRACCIÓN Nº I282024000187345    O.S.\n(liquidación nº 28 24 012345678).\n"
        "me atendió un tal Sergio, agente 55821) y\n")) == [
        "2024/1182", "13948271 4ZX7", "I282024000187345", "28 24 012345678", "55821"]
    assert found(IdNumberRecognizer("en"), "Fee: £79.50 - cheque 001482, cheque 12") == ["001482"]
    assert found(IdNumberRecognizer("pt"), "Sr. Wanderley Ayres (cliente 003388)") == ["003388"]
    text = ("| Make / model          | Cal.    | Serial no.   | Purpose            |\n"
            "| Sako 85 Hunter        | .243 Win| B741229      | deer / fox control |\n")
    assert cells(text) == [("B741229", "ID_NUMBER")]


def test_round_30_identifiers_and_tables():
    assert found(IdNumberRecognizer("pt"), (
        "Luz (Enel) inst. 7031558842 - leitura\nem cumprimento ao mandado nº 0024.24.118.552-7, expedido\n"
        "(usado como táxi, alvará BH-TX 4471) |\n")) == ["7031558842", "0024.24.118.552-7", "BH-TX 4471"]
    assert found(IdNumberRecognizer("es"), (
        "Referencia de la orden de domiciliación: MANDATO-PA-0387-01\nvía TPV, ticket 118230\n")) == [
        "MANDATO-PA-0387-01", "118230"]
    assert found(IdNumberRecognizer("en"), "Police ref: WMP crime no. 20CW/61472C/24") == ["20CW/61472C/24"]
    text = ("Job#  | Time  | Customer         | Phone         | Veh/Drv         | Fare\n"
            "58812 | 22:04 | Mrs P. Ogunleye  | 0113 262 4471 | YR19 OXB / D214 | £14.60\n")
    assert cells(text) == [("58812", "ID_NUMBER"), ("Mrs P. Ogunleye", "PERSON"), ("0113 262 4471", "PHONE"),
                           ("YR19 OXB / D214", "ID_NUMBER")]
    text = ("FECHA | VISITANTE | DNI/NIE | MENOR | EXPTE. | EDUCADOR/A\n"
            "02/03/24 | Rocío Amador | 53108472T | Yeray Amador (9 a.) | 04/PM/2022/0318 | Nerea\n")
    assert cells(text) == [("Rocío Amador", "PERSON"), ("53108472T", "ID_NUMBER"), ("Yeray Amador (9 a.)", "PERSON"),
                           ("04/PM/2022/0318", "ID_NUMBER"), ("Nerea", "PERSON")]


def test_round_31_registers_tables_and_identifiers():
    text = ("| Nr. | Datum    | Beleg   | Buchungstext              | Einnahme | Ausgabe  | Bestand   |\n"
            "| 1   | 04.03.   | B-0241  | Beitrag Müller            | 145,00   |          | 4.957,37  |\n")
    assert cells(text) == [("B-0241", "ID_NUMBER"), ("145,00", "MONEY")]
    text = ("  | N.º socio | Nombre                          | Vivienda | Deuda      |\n"
            "  | 012       | Iván Moreno Castells            | 1.º A    | 2.310,50 € |\n")
    assert cells(text) == [("012", "ID_NUMBER"), ("Iván Moreno Castells", "PERSON"), ("1.º A", "LOCATION"),
                           ("2.310,50 €", "MONEY")]
    text = ("Leitor nº | Nome              | NIF        | Obra (cota)       | Empréstimo | Devolução prev. | Coima\n"
            "L-004518  | Ana Rita Lopes    | 214738590  | \"Ensaio\" (821 SAR) | 04/03/2024 | 18/03/2024      "
            "| 4,20 €\n")
    assert cells(text) == [("L-004518", "ID_NUMBER"), ("Ana Rita Lopes", "PERSON"), ("214738590", "ID_NUMBER"),
                           ("4,20 €", "MONEY")]
    assert found(IdNumberRecognizer("en"), (
        "DBS renewals due: Ted (DBS 001698477213), Bernie.\n- Energy: Octopus acc A-3F92C71D - £612.33\n"
        "the acc was fine\n")) == ["001698477213", "A-3F92C71D"]
    assert found(IdNumberRecognizer("es"), "ayuda a domicilio – expediente Dependencia 30-DEP-2024-08817") == [
        "30-DEP-2024-08817"]


def test_round_32_tables():
    text = ("Bed | Patient | DOB / Age | NHS No | Hosp No | Dx / PMH | Overnight / Plan | Alerts\n"
            "----|---------|-----------|--------|---------|----------|------------------|---\n"
            "1 | Margaret Ellison | 02/09/1938 86y | 821 446 0751 | RX4471093 | # NOF | settled | -\n")
    assert cells(text) == [("Margaret Ellison", "PERSON"), ("02/09/1938 86y", "DATE"), ("821 446 0751", "ID_NUMBER"),
                           ("RX4471093", "ID_NUMBER")]
    text = ("Job No | Tenant             | Tel           | Tenancy Ref | Slot   | Trade\n"
            "RJ-118204 | Mrs Doreen Hatfield | 0114 243 7719 | T/004518 | Mon AM | Plumb\n")
    assert cells(text) == [("RJ-118204", "ID_NUMBER"), ("Mrs Doreen Hatfield", "PERSON"), ("0114 243 7719", "PHONE"),
                           ("T/004518", "ID_NUMBER")]
    text = "member_id,first_name,parent1_name,parent1_phone\nOSM-448120,Oliver,Rebecca Smyth,07700 914 562\n"
    # (the phone, under a person's column, has no letter: the phone recognizer's)
    assert cells(text) == [("OSM-448120", "ID_NUMBER"), ("Oliver", "PERSON"), ("Rebecca Smyth", "PERSON")]
    text = ("| Nº exp. | Alumno/a | F. nac. | Solicitante (DNI/NIE) | Renta p.c. |\n|---|---|---|---|---|\n"
            "| BC-24/031 | Hugo Ferrer | 11/04/2016 | Vicente Ferrer (36878050B) | 3.412,50 € |\n")
    assert cells(text) == [("BC-24/031", "ID_NUMBER"), ("Hugo Ferrer", "PERSON"), ("11/04/2016", "DATE"),
                           ("Vicente Ferrer (36878050B)", "PERSON"), ("3.412,50 €", "MONEY")]


def test_a_holiday_maps_periods_and_election_helpers():
    text = ("Nº mec. | Nome | NIF | Função | Dias | Períodos marcados | Obs.\n"
            "0117 | José Manuel Fernandes da Silva | 140670610 | Encarregado geral | 25 | 04/08–29/08 | 58 anos\n")
    assert cells(text) == [("0117", "ID_NUMBER"), ("José Manuel Fernandes da Silva", "PERSON"),
                           ("140670610", "ID_NUMBER"), ("04/08–29/08", "DATE")]
    text = ("Nr | Name, Vorname | geb. | Funktion | Wahlbezirk | Erfrischungsgeld\n"
            "01 | Brückner, Hans-Jürgen | 04.11.1958 | Wahlvorsteher | 101 Stadthalle | 50,00 €\n")
    assert cells(text) == [("Brückner, Hans-Jürgen", "PERSON"), ("04.11.1958", "DATE"), ("101 Stadthalle", "ID_NUMBER"),
                           ("50,00 €", "MONEY")]
