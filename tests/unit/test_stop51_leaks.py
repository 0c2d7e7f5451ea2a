"""Leaks closed at stop 51, each found in a probe document written with an answer key: log timestamps, user and host
names made from a person's name, amounts in a statement's columns, UUIDs and bank slips, the German pension insurance
number, identifiers after new keywords, secrets in quotation marks and after five words."""

import pytest

from app.detection import de_rvnr
from app.detection.handles import derived_handles, folded_forms
from app.detection.machine_codes import RecordCodeRecognizer
from app.detection.patterns import DateRecognizer, MoneyRecognizer, statement_amounts
from app.detection.pipeline import build_detector
from app.doc import Entity
from tests.unit.fakes import GazetteerTagger


def spans(entities, text):
    assert all(text[e.start:e.end] == e.text for e in entities)
    return [(e.text, e.label) for e in entities]


def detect(language, text, persons=(), profile="standard"):
    tagger = GazetteerTagger({p: "PER" for p in persons})
    detector = build_detector(language, tagger_factory=lambda *_: tagger)
    return [(e.text, e.label) for e in detector.detect(text, profile=profile)]


@pytest.mark.parametrize("language", ["en", "de", "es", "pt"])
def test_log_timestamps_are_dates_whole_in_every_language(language):
    text = ("May 16 07:41:03 vpn-gw01 charon[2231]: failed\n"
            " 2024-07-20T21:03:11Z   177.92.148.36\n"
            "x 2024-02-21T23:57:12-03:00 y 2024-05-21T03:02:11.482Z WARN 2024-05-21T08:14 z")
    found = [e.text for e in DateRecognizer(language).recognize(text, [])]
    assert found == ["May 16 07:41:03", "2024-07-20T21:03:11Z", "2024-02-21T23:57:12-03:00",
                     "2024-05-21T03:02:11.482Z", "2024-05-21T08:14"]


def test_a_syslog_month_needs_its_line_start_and_its_time():
    assert DateRecognizer("de").recognize("Sie sagte May 16 07:41:03 und ging.\nMay 16\n", []) == []


def test_a_timestamp_in_the_detector_is_one_date_not_a_time_inside_it():
    assert detect("pt", "evento 2024-07-20T21:03:11Z AUTH_FAIL") == [("2024-07-20T21:03:11Z", "DATE")]


def test_folded_forms_write_umlauts_both_ways():
    assert folded_forms("Schönfeld") == {"schonfeld", "schoenfeld"}
    assert folded_forms("Çatak") == {"catak"}


def _persons(text, *names):
    return [Entity(text.index(n), text.index(n) + len(n), "PERSON", n, "stanza") for n in names]


@pytest.mark.parametrize("handle, label", [
    ("tpham", "USERNAME"), ("tuan.pham", "USERNAME"), ("tuanpham", "USERNAME"), ("pham.tuan", "USERNAME"),
    ("tuan.p", "USERNAME"), ("t.pham", "USERNAME"), ("tpham71", "USERNAME"), ("NB-IT-PHAMOV", None),
])
def test_user_names_made_from_a_persons_name(handle, label):
    text = f"Agent: Tuan Pham. Login {handle} ok"
    out = derived_handles(text, _persons(text, "Tuan Pham"))
    added = [(e.text, e.label) for e in out if e.source == "rule:derived_handle"]
    assert added == ([(handle, label)] if label else [])


def test_host_names_with_a_surname_and_umlauts_written_out():
    text = "Frau Anke Schönfeld (aschoenfeld) am Rechner NB-BUCH-SCHOENFELD, Kollege mlindqvist, Hr. Lindqvist."
    out = derived_handles(text, _persons(text, "Anke Schönfeld", "Hr. Lindqvist"), frozenset({"Hr."}))
    assert [(e.text, e.label) for e in out if e.source == "rule:derived_handle"] == [
        ("aschoenfeld", "USERNAME"), ("NB-BUCH-SCHOENFELD", "ID_NUMBER"), ("mlindqvist", "USERNAME")]


def test_no_handle_from_a_lower_case_person_a_common_word_or_inside_an_address():
    text = "user timestamp users thuha.nguyen@clinic.ca /home/tpham Tuan Pham"
    out = derived_handles(text, _persons(text, "user", "timestamp", "Tuan Pham"))
    assert [e for e in out if e.source == "rule:derived_handle"] == []


def test_derived_handles_in_the_detector():
    text = ("Zugewiesen: (Agent: tpham / Tuan Pham)\n"
            "May 16 07:44:20 vpn-gw01 charon: EAP-MSCHAPv2 failed for 'tpham' (session=0be41d77c2a9f513)")
    assert detect("de", text, persons=["Tuan Pham"]) == [
        ("tpham", "USERNAME"), ("Tuan Pham", "PERSON"), ("May 16 07:44:20", "DATE"), ("tpham", "USERNAME"),
        ("0be41d77c2a9f513", "ID_NUMBER")]


STATEMENT = (
    "Date     Description                                Debits      Credits    Balance\n"
    "04/01    Beginning balance                                                 3,214.77\n"
    "04/02    DIRECT DEP PAYROLL PPD                                 2,918.40   6,133.17\n"
    "04/03    CHECK 2 of 3 at 10.50                       650.00                5,483.17\n")


def test_amounts_in_a_statements_columns():
    assert [e.text for e in statement_amounts(STATEMENT)] == [
        "3,214.77", "2,918.40", "6,133.17", "650.00", "5,483.17"]  # not "10.50": no column of its own


def test_amounts_under_a_header_of_currencies_until_a_line_without_one():
    text = ("Festsetzung              Einkommensteuer   Kirchensteuer\n"
            "                              EUR               EUR\n"
            "festgesetzt werden       18.642,00          1.046,52\n"
            "\n"
            "ab Steuerabzug vom Lohn  -21.307,00        -1.287,40\n"
            "Bitte beachten Sie die Erläuterungen.\n"
            "Werte                    12,50              13,75\n")
    assert [e.text for e in statement_amounts(text)] == ["18.642,00", "1.046,52", "-21.307,00", "-1.287,40"]


def test_a_payslips_blocks_and_a_csv_exports_money_and_agent_columns():
    payslip = ("Lohnart                     Menge     Satz      Betrag\n"
               "1000 Grundlohn             162,00    24,35    3.944,70\n"
               "Gesamtbrutto                                  4.552,77\n"
               "\n"
               "Lohnsteuer                                      412,83\n"
               "Nettoentgelt                                  3.155,37\n")
    assert [e.text for e in statement_amounts(payslip)] == [
        "162,00", "24,35", "3.944,70", "4.552,77", "412,83", "3.155,37"]
    csv = ("account_id,first_name,monthly_spend_gbp,agent,notes\n"
           'ACC-0049213,Siobhán,112.40,praman,"moved to Galway, w/ husband"\n'
           'ACC-0060310,Adaeze,154.70,lnguyen,"PSR registered, dialysis"\n')
    found = detect("en", csv)
    assert ("ACC-0060310", "ID_NUMBER") in found and ("154.70", "MONEY") in found and ("lnguyen", "USERNAME") in found


def test_a_brazilian_statements_credit_and_debit_marks_stay_outside():
    text = ("01/06    SALDO ANTERIOR                      4.212,77\n"
            "03/06    PIX RECEBIDO       8.750,00 C       12.962,77\n")
    assert spans(MoneyRecognizer("pt").recognize(text, []), text) == [
        ("4.212,77", "MONEY"), ("8.750,00", "MONEY"), ("12.962,77", "MONEY")]


def test_one_dated_line_is_no_statement_and_lab_values_are_no_money():
    assert statement_amounts("04/01    Beginning balance    3,214.77\nKreatinin  1,23  mg/dl\n") == []


def test_uuids_and_bank_slips():
    text = ("chave aleatória: 9b1e4f02-33ac-47d8-8c10-5a7e6f21d3b9\n"
            "PAG BOLETO 34191.79001 01043.510047 91020.150008 1 97420000098540\n"
            "not 9b1e4f02-33ac-47d8-8c10 nor 2024-01-02")
    assert spans(RecordCodeRecognizer().recognize(text, []), text) == [
        ("9b1e4f02-33ac-47d8-8c10-5a7e6f21d3b9", "ID_NUMBER"),
        ("34191.79001 01043.510047 91020.150008 1 97420000098540", "ID_NUMBER")]


def test_the_german_pension_insurance_number():
    assert de_rvnr.check_digit("15070649C10") == 3  # the Deutsche Rentenversicherung's specimen "15 070649 C 103"
    assert de_rvnr.is_valid("65 170839 J 003") and de_rvnr.is_valid("15070649C103")
    assert not de_rvnr.is_valid("20090705Y046")  # compact: the check digit decides (a file name of WikiANN)
    assert not de_rvnr.is_valid("65 173239 J 003") and not de_rvnr.is_valid("65 170839 3 003")
    assert detect("de", "Knappschaft 23 140789 A 022), 2.400 € p.a.") == [
        ("23 140789 A 022", "NATIONAL_ID"), ("2.400 €", "MONEY")]


@pytest.mark.parametrize("language, text, value", [
    ("en", "Routing (ABA): 071923187\n04/05 x", "071923187"),
    ("en", "Passport no. ........... Z4418276    issued", "Z4418276"),
    ("en", "and my IRD is 049-091-850 if you", "049-091-850"),
    ("en", "Contract: NDC-ENT-2023-0914.", "NDC-ENT-2023-0914"),
    ("en", "CHECK #1187  (church)", "1187"),
    ("de", " TICKET #INC-2024-118734   Prio", "INC-2024-118734"),
    ("de", "Bewerbung (Ref.-Nr. JOB-202501-8831)", "JOB-202501-8831"),
    ("de", "netto (Rahmenvertrag RV-SWLG-2022-004)", "RV-SWLG-2022-004"),
    ("es", "abogada, ICAB nº 41.233, DNI", "41.233"),
    ("es", "Nº de siniestro: SIN-2024-0087731   Póliza", "SIN-2024-0087731"),
    ("es", "pasaporte marroquí QK0937715, n.", "QK0937715"),
    ("pt", "CHAMADO #INC-0048812   Prioridade", "INC-0048812"),
    ("pt", "Corretor CRECI-PR 28.417-F", "28.417-F"),
    ("pt", "NIF requerente: 228907861     CC: 14772038 3 ZX8", "14772038 3 ZX8"),
    ("pt", "carteirinha 884 001 734229 0019 certo?", "884 001 734229 0019"),
    ("pt", "Processo RSI n.º: 1104 2231 987", "1104 2231 987"),
    ("es", "Dr. Ruiz, COMB nº 41233, DNI", "41233"),
])
def test_identifiers_after_the_stops_keywords(language, text, value):
    found = detect(language, text)  # (a number whose check digit holds is a NATIONAL_ID: "IRD 049-091-850")
    assert (value, "ID_NUMBER") in found or (value, "NATIONAL_ID") in found, found


def test_an_identifiers_digits_never_run_on_into_the_next_line():
    assert detect("en", "Routing (ABA): 071923187\n04/05    CHECK") == [("071923187", "ID_NUMBER")]


@pytest.mark.parametrize("language, text, value", [
    ("de", 'Altes Secret lt. Doku: "k8$Pw!rad-SWLG". Neu', "k8$Pw!rad-SWLG"),
    ("de", "Abrufcode für den Bescheid: H7KQ-2M9X-PL4D", "H7KQ-2M9X-PL4D"),
    ("pt", "a senha do wifi do vô é yamamoto1941 né?", "yamamoto1941"),
    ("es", "La contraseña provisional del portal de nómina es Altav!sta2024#QM, que", "Altav!sta2024#QM"),
])
def test_secrets_in_quotation_marks_and_after_five_words(language, text, value):
    assert (value, "ID_NUMBER") in detect(language, text)


def test_a_zelle_payment_names_its_payee():
    found = detect("en", "04/03    ZELLE TO GURPREET DHILLON  \"rent share\"  650.00     5,483.17\n"
                         "04/04    ZELLE FROM HARJIT S DHILLON  \"langar\"  120.00     5,603.17\n")
    assert ("GURPREET DHILLON", "PERSON") in found and ("HARJIT S DHILLON", "PERSON") in found


def test_a_handle_on_a_line_restored_to_its_usual_case_is_read_as_written():
    """A log's lines in lower case are restored to their usual case before tagging ("tmendes" reads "Tmendes" there);
    the handle is found in the text as written."""
    text = ("Solicitante: Thaís Abou Khalil Mendes\n\n"
            " timestamp              src_ip          user        event\n"
            " 2024-07-20T21:03:11Z   177.92.148.36   tmendes     auth_fail\n"
            " 2024-07-20T21:03:49Z   177.92.148.36   tmendes     auth_fail\n")
    found = detect("pt", text, persons=["Thaís Abou Khalil Mendes"])
    assert found.count(("tmendes", "USERNAME")) == 2, found


@pytest.mark.parametrize("language, text, dates", [
    ("es", "F. nac.: 17/may/1988, llegada 5-feb-2024, ingreso 02-ene-2024 y desde nov-2023; el 5 feb 2024. El mar 12.",
     ["17/may/1988", "5-feb-2024", "02-ene-2024", "nov-2023", "5 feb 2024"]),
    ("pt", "desde dez/2023 e 3-set-2021", ["dez/2023", "3-set-2021"]),
    ("pt", "[22/07 09:41] Gui: pedi p/ usuária", ["22/07"]),
])
def test_abbreviated_months_and_a_day_and_month_before_a_time(language, text, dates):
    assert [e.text for e in DateRecognizer(language).recognize(text, [])] == dates


@pytest.mark.parametrize("text, money", [
    ("balance ₹18,40,000 and ₹2,15,430.55 - pension: ₹42,300 (x)", ["₹18,40,000", "₹2,15,430.55", "₹42,300"]),
    ("Refund: credit of CAD $420.00 applied. Total $412,350.00 MXN bajo", ["CAD $420.00", "$412,350.00 MXN"]),
])
def test_rupees_in_lakhs_and_a_currency_code_beside_the_sign(text, money):
    assert [e.text for e in MoneyRecognizer("en").recognize(text, [])] == money


@pytest.mark.parametrize("language, text, address", [
    ("es", "Domicilio: Carrer de l'Hospital, 117, 3r 2a\n", "Carrer de l'Hospital, 117, 3r 2a"),
    ("es", "en el local (rúa Real, 12, baixo).", "rúa Real, 12, baixo"),
    ("es", "Av. López Mateos Sur 4510, int. 27\n", "Av. López Mateos Sur 4510, int. 27"),
    ("es", "Domicilio: Pje. Los Ñires 1455\n", "Pje. Los Ñires 1455"),
    ("pt", "Morada: Trav. do Carregal 7, r/c\n", "Trav. do Carregal 7, r/c"),
    ("en", "Southern Cross Visas, Level 9, 600 Bourke St, Melbourne", "Level 9, 600 Bourke St"),
])
def test_the_stops_street_types_floors_and_units(language, text, address):
    assert (address, "LOCATION") in detect(language, text)


def test_a_canadian_postal_code_two_spaces_after_its_province():
    assert ("H3H 2M3", "POSTAL_CODE") in detect("en", "MONTRÉAL QC  H3H 2M3\n")


def test_a_mexican_clabe_by_its_check_digit():
    from app.detection import mx_clabe

    assert mx_clabe.is_valid("032180000118359719")  # Banco de México's example
    assert not mx_clabe.is_valid("032180000118359718")
    assert ("012180004593827167", "NATIONAL_ID") in detect("es", "CLABE (BBVA) ........... 012180004593827167\n")


def test_a_bank_slip_wrapped_in_a_quoted_email():
    text = "> boleto nº 23793.38128 60000.000003\n> 45000.063305 9 97850000320000. Fico"
    assert [e.text for e in RecordCodeRecognizer().recognize(text, [])] == [
        "23793.38128 60000.000003\n> 45000.063305 9 97850000320000"]


@pytest.mark.parametrize("language, text, expected", [
    ("de", "ein Chemiker und Polier; Bauleiterin, Flugzeugingenieur, Pflegefachkraft, Assistenzarzt, BI-Entwicklerin",
     [("Chemiker", "OCCUPATION"), ("Polier", "OCCUPATION"), ("Bauleiterin", "OCCUPATION"),
      ("Flugzeugingenieur", "OCCUPATION"), ("Pflegefachkraft", "OCCUPATION"), ("Assistenzarzt", "OCCUPATION"),
      ("BI-Entwicklerin", "OCCUPATION")]),
    ("de", "Er ist krankgeschrieben (Bandscheibenvorfall, Schleudertrauma, Typ-1-Diabetes)",
     [("krankgeschrieben", "HEALTH"), ("Bandscheibenvorfall", "HEALTH"), ("Schleudertrauma", "HEALTH"),
      ("Typ-1-Diabetes", "HEALTH")]),
    ("en", "minicab driver with whiplash and neck pain, on metformin", [
        ("minicab driver", "OCCUPATION"), ("whiplash", "HEALTH"), ("neck pain", "HEALTH"), ("metformin", "HEALTH")]),
    ("pt", "a enfermeira com entorse cervical e hepatite B; o vô e a vizinha", [
        ("enfermeira", "OCCUPATION"), ("entorse cervical", "HEALTH"), ("hepatite B", "HEALTH"), ("vô", "RELATION"),
        ("vizinha", "RELATION")]),
    ("es", "el fontanero con esguince cervical e hipoacusia; mi pololo", [
        ("fontanero", "OCCUPATION"), ("esguince cervical", "HEALTH"), ("hipoacusia", "HEALTH"), ("pololo", "RELATION")]),
])
def test_the_stops_quasi_identifier_words(language, text, expected):
    from app.detection.quasi_identifiers import QuasiIdentifierRecognizer

    found = [(e.text, e.label) for e in QuasiIdentifierRecognizer(language).recognize(text, [])]
    assert all(item in found for item in expected), found


def test_a_code_forges_actors_and_a_connection_strings_credentials():
    text = ("Open · juanca-ospina opened this issue on Jul 3, 2024 · 5 comments\n"
            "dmejia-dev commented on Jul 4, 2024\n"
            "DB_URL=postgres://certsvc:Kx9#pLm2vQ@10.20.4.15:5432/afiliados\n"
            "SMTP_PASS=Andina2024!smtp\n"
            "Date:   Fri Jul 5 11:47:30 2024 -0500\n")
    found = detect("es", text)
    for item in [("juanca-ospina", "USERNAME"), ("Jul 3, 2024", "DATE"), ("dmejia-dev", "USERNAME"),
                 ("certsvc", "USERNAME"), ("Kx9#pLm2vQ", "ID_NUMBER"), ("Andina2024!smtp", "ID_NUMBER"),
                 ("Fri Jul 5 11:47:30 2024 -0500", "DATE")]:
        assert item in found, (item, found)
    assert not any(label == "TIME" for _, label in found)  # not "15:54" of the host's port


def test_masked_cards_with_their_issuers_digits_and_an_apps_bullets():
    text = "tarjeta 5312 **** **** 1233, Visa •••• 8769, cartão 5502 09** **** 4471; PIN **** 1234"
    from app.detection.identifiers import CreditCardRecognizer

    assert [e.text for e in CreditCardRecognizer().recognize(text, [])] == [
        "5312 **** **** 1233", "•••• 8769", "5502 09** **** 4471"]


def test_soles_and_a_pipe_tables_amounts():
    text = ("son S/ 40, y S/ 180.00 por daños; no vamos a pagar 180 soles\n"
            "03/12   | 10/03/2024 | 1.980,00       | 39,60    | 2.079,00\n"
            "04/12   | 10/04/2024 | 1.980,00       | 39,60    | 2.059,20\n")
    money = [e.text for e in MoneyRecognizer("es").recognize(text, [])]
    assert money == ["S/ 40", "S/ 180.00", "180 soles", "1.980,00", "39,60", "2.079,00", "1.980,00", "39,60",
                     "2.059,20"]


@pytest.mark.parametrize("text, found", [
    ("SparkMatch - Abuse Report #TS-2024-0557312\nRequest RC-3309182 | opened\nGZ PV-W-22-118734, SP-2024-031",
     ["TS-2024-0557312", "RC-3309182", "PV-W-22-118734", "SP-2024-031"]),
    ("ISO-9001, COVID-19, RTX-4090, EN-1234 and B-52 are no references", []),
])
def test_references_in_capitals_and_digits(text, found):
    assert [e.text for e in RecordCodeRecognizer().recognize(text, [])] == found


@pytest.mark.parametrize("language, text, value", [
    ("en", "Host payout: BSB 062-140, Acct 1043 8872", "062-140"),
    ("en", "medicare card 2428 77813 1 for him", "2428 77813 1"),
    ("en", "NSW licence 14 233 781. want", "14 233 781"),
    ("en", "disputes meter read; MPAN 14 1200 0347 221", "14 1200 0347 221"),
    ("en", "her CPF 318.604.227-51 and", "318.604.227-51"),
    ("de", "der Führerschein (Nr. B072R1X4593, ausgestellt", "B072R1X4593"),
    ("de", "Aufenthaltstitel Nr. Y4F0L92TR", "Y4F0L92TR"),
])
def test_identifiers_of_the_second_round(language, text, value):
    found = detect(language, text)
    assert (value, "ID_NUMBER") in found or (value, "NATIONAL_ID") in found, found


@pytest.mark.parametrize("language, text, values", [
    ("en", "wifi pw bondi_sunset88. invalidated backup codes 8812-4409 and 3357-9021.",
     ["bondi_sunset88", "8812-4409", "3357-9021"]),
    ("de", "Benutzername fkarakaya, Einmal-PIN 482915.", ["482915"]),
])
def test_secrets_of_the_second_round(language, text, values):
    found = detect(language, text)
    assert all((v, "ID_NUMBER") in found for v in values), found


def test_a_spanish_exports_compound_headers_by_their_first_word():
    csv = ("id_cliente,nombre,apellidos,cp,presupuesto_mxn,clabe_deposito,ejecutivo,notas\n"
           'CL-004821,María,Hernández,11520,"3,200,000",,lrosas,"nada"\n'
           'CL-004822,Jin-woo,Park,11560,"1,900,000",,mgarciah,"x"\n')
    found = detect("es", csv)
    for item in [("CL-004822", "ID_NUMBER"), ("11560", "POSTAL_CODE"), ("3,200,000", "MONEY"), ("lrosas", "USERNAME"),
                 ("mgarciah", "USERNAME")]:
        assert item in found, (item, found)


def test_a_word_of_the_language_or_another_initial_is_no_handle():
    """CoNLL-2002's "varias" ("v" and "Arias") is a common word; "tomar" is "t" and "Omar", a name met without a first
    name and too short to take any initial; "jpham" has another initial than Tuan Pham's."""
    from app.detection.pipeline import _common_lookup

    text = "Omar llegó; Pedro Arias dijo varias cosas; tomar algo. Tuan Pham (jpham, tpham)."
    out = derived_handles(text, _persons(text, "Omar", "Pedro Arias", "Tuan Pham"), common=_common_lookup("es"))
    assert [e.text for e in out if e.source == "rule:derived_handle"] == ["tpham"]


def test_a_tables_rule_a_currency_caption_and_rands():
    text = ("Berechnung (monatlich, EUR)\n"
            "| Position                        | Mariam  | Sohail  |\n"
            "|---------------------------------|---------|---------|\n"
            "| Regelbedarf                     | 563,00  | 390,00  |\n"
            "\n"
            "   Position                          netto EUR\n"
            "   --------------------------------  ---------\n"
            "   Ersatzteile                        3.184,20\n")
    assert [e.text for e in statement_amounts(text)] == ["563,00", "390,00", "3.184,20"]
    rands = "Total excl. VAT: R28 913,50   VAT @ 15%: R4 337,03; the R2 road, R2-D2 and R 5."
    assert [e.text for e in MoneyRecognizer("en").recognize(rands, [])] == ["R28 913,50", "R4 337,03"]


def test_a_time_before_a_colon_and_a_ports_digits():
    from app.detection.patterns import TimeRecognizer

    text = "ECG 02:21: supradesnivel; host 10.20.4.15:5432/db; 10:30:15."
    assert [e.text for e in TimeRecognizer().recognize(text, [])] == ["02:21", "10:30:15"]


def test_an_initial_with_its_full_stop_gives_the_handles_initial():
    text = "Underwriter: K. Sato (ksato) - case note; not jsato"
    out = derived_handles(text, _persons(text, "K. Sato"))
    assert [e.text for e in out if e.source == "rule:derived_handle"] == ["ksato"]


def test_a_street_without_a_type_before_a_letterheads_separator_and_postal_code():
    found = detect("de", "IT-Nordwerk GmbH · Am Sande 8 · 21335 Lüneburg\nWeidmann | Am Markt 12 | 73430 Aalen\n")
    assert ("Am Sande 8", "LOCATION") in found and ("Am Markt 12", "LOCATION") in found, found


def test_amounts_in_words_before_their_currency():
    text = ("por $1,284,600.00 (un millón doscientos ochenta\ny cuatro mil seiscientos pesos 00/100 M.N.) y "
            "diecinueve mil ochocientos pesos 00/100 M.N. mensuales; dos casas y tres perros")
    assert [e.text for e in MoneyRecognizer("es").recognize(text, [])] == [
        "$1,284,600.00", "un millón doscientos ochenta", "y cuatro mil seiscientos pesos 00/100 M.N.",
        "diecinueve mil ochocientos pesos 00/100 M.N."]
    assert [e.text for e in MoneyRecognizer("en").recognize("five thousand two hundred pounds; two dogs", [])] == [
        "five thousand two hundred pounds"]


def test_disjoint_extras_is_the_pairwise_definition():
    """The bisection in :func:`app.detection.patterns.disjoint_extras` keeps exactly the extras that overlap no entity
    (``found`` may overlap itself)."""
    import random

    from app.detection.patterns import disjoint_extras

    rng = random.Random(51)

    def ent(start, n):
        return Entity(start, start + n, "X", "x" * n, "s")

    for _ in range(2000):
        found = [ent(rng.randint(0, 60), rng.randint(1, 8)) for _ in range(rng.randint(0, 8))]
        extras = [ent(rng.randint(0, 60), rng.randint(1, 8)) for _ in range(rng.randint(0, 8))]
        assert disjoint_extras(found, extras) == [e for e in extras if not any(e.overlaps(f) for f in found)]
