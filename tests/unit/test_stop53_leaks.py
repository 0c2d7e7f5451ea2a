"""Leaks closed at stop 53, each found in a probe document written with an answer key (a debt collection letter, a
job offer, a gym contract, a laboratory report, a pharmacy's dispensing record, a KYC review, a calendar export, an API
payload, an adoption file, a notarial power of attorney, a hotel's registration card, therapy notes, a CRM export):
letterheads, identifiers after some thirty new keywords, register entries, ISO 8601's basic format, password hashes,
SegWit addresses with a typo, prescription codes, days and months before a time, German house numbers."""

from app.detection.addresses import AddressRecognizer
from app.detection.identifiers import IdNumberRecognizer
from app.detection.letterheads import LetterheadRecognizer
from app.detection.machine_codes import CryptoWalletRecognizer, RecordCodeRecognizer
from app.detection.patterns import DateRecognizer, TimeRecognizer, UsernameRecognizer
from app.detection.secrets import SecretRecognizer
from app.detection.structured import StructuredFieldRecognizer
from app.detection.tables import TableRecognizer, find_tables
from tests.unit.fakes import detect, found


def test_a_letterhead_line_is_one_organization():
    text = ("HARGREAVE & POOLE RECOVERIES LTD\nUnit 4, Calder Business Park\n\n"
            "TALLERES ARRIZABALAGA E HIJOS, S.L.\nCIF B48372915\n"
            "PULSO FIT - Clube de Fitness, Lda.\nLABORATÓRIO SÃO LUCAS DE ANÁLISES CLÍNICAS LTDA.\n"
            "CLÍNICA DENTAL SONRISAS ARGANZUELA, S.L.P.\n")
    assert found(LetterheadRecognizer(), text) == [
        "HARGREAVE & POOLE RECOVERIES LTD", "TALLERES ARRIZABALAGA E HIJOS, S.L.", "PULSO FIT - Clube de Fitness, Lda.",
        "LABORATÓRIO SÃO LUCAS DE ANÁLISES CLÍNICAS LTDA.", "CLÍNICA DENTAL SONRISAS ARGANZUELA, S.L.P."]
    # not a sentence that ends in a form, a line with a digit or a colon, nor more than eight words
    assert found(LetterheadRecognizer(), "Er arbeitet bei der Müller GmbH\nKunde: Acme GmbH\nBüro 3 GmbH\n") == []
    assert found(LetterheadRecognizer(), "A B C D E F G H I Ltd\n") == []


def test_a_letterhead_takes_the_place_of_the_models_pieces():
    tags = {"HARGREAVE & POOLE": "ORG", "LTD": "ORG"}
    assert ("HARGREAVE & POOLE RECOVERIES LTD", "ORGANIZATION") in detect(
        "en", "HARGREAVE & POOLE RECOVERIES LTD\nUnit 4, Calder Business Park, Wakefield WF2 7AW", tags)


def test_identifiers_after_the_new_english_keywords():
    text = ("Registered in England No. 08827341 | FCA FRN 671204\nGretchen M. Holloway, CSR No. 13942\n"
            "Our Ref:    HPR/DC/2291-4471\nSCR viewed, smartcard 7021 4489 5516.\nMedEx cert 2231 9984 07, exp\n"
            "Owing slip OW-3318 issued\nODS: FQ731\nRx charge - auth 03311Z\nHungarian ID card 402817HA -> blurred\n"
            "UID ............. 10048821937\ndevice fp 3e91-aa07\n")
    assert found(IdNumberRecognizer("en"), text) == [
        "08827341", "671204", "13942", "HPR/DC/2291-4471", "7021 4489 5516", "2231 9984 07", "OW-3318", "FQ731",
        "03311Z", "402817HA", "10048821937", "3e91-aa07"]
    # "auth" needs a digit in what follows; "our ref" a value
    assert found(IdNumberRecognizer("en"), "the auth team and our ref desk") == []


def test_identifiers_after_the_new_spanish_and_portuguese_keywords():
    es = ("Nº Expte.: ADN/03/2023/00714; expte 28/079/2024/R/00213\nN.º de registro: PLV-2024-DM-004518\n"
          "Remitida por su cuñada (HC 000377), implante (lote 2317-HK88). Tu envío PQ4B5M0712345670150009K\n")
    assert found(IdNumberRecognizer("es"), es) == [
        "ADN/03/2023/00714", "28/079/2024/R/00213", "PLV-2024-DM-004518", "000377", "2317-HK88",
        "PQ4B5M0712345670150009K"]
    pt = ("DECLARAÇÃO DE ÓBITO (DO) Nº: 3-2401188457\nConvênio: Unimed - Carteira 0032.0001.874512.00-7\n"
          "(cód. PT-CED-12) Cartão de acesso RFID n.º 04A3F29C11 · Referência da autorização (ADD): PFSEPA00931\n"
          "NIF (fatura) ...... 287 456 190\n(ID func. 0447)\n")
    assert found(IdNumberRecognizer("pt"), pt) == [
        "3-2401188457", "0032.0001.874512.00-7", "PT-CED-12", "04A3F29C11", "PFSEPA00931", "287 456 190", "0447"]
    assert found(IdNumberRecognizer("de"), "Prawo jazdy: 00347/19/3064") == ["00347/19/3064"]


def test_register_entries_whole():
    assert found(IdNumberRecognizer("es"), "inscrito en el Registro Civil de Elche, tomo 212, folio 37\n") == [
        "tomo 212, folio 37"]
    assert found(IdNumberRecognizer("es"), "Registro de la Propiedad, tomo 1234, libro 56, folio 78, finca 9012.") == [
        "tomo 1234, libro 56, folio 78, finca 9012"]
    assert found(IdNumberRecognizer("pt"), "registado no livro B-12, folhas 34v, termo 5678") == [
        "livro B-12, folhas 34v, termo 5678"]
    assert found(IdNumberRecognizer("de"), "im Grundbuch von Freiburg,\nBlatt 18832, Flurstück 4410/7.") == [
        "Blatt 18832", "4410/7"]
    # a page of a document is no register's sheet
    assert found(IdNumberRecognizer("de"), "siehe Blatt 12 der Akte") == []


def test_iso_8601_basic_format_and_icalendar_dates():
    text = ("DTSTAMP:20240611T071503Z\nDTSTART;TZID=Europe/Berlin:20240618T093000\nDTSTART;VALUE=DATE:20240624\n"
            "scan_20240618T0930.pdf")
    assert found(DateRecognizer("de"), text) == ["20240611T071503Z", "20240618T093000", "20240624"]
    # not a number that is no calendar date
    assert found(DateRecognizer("en"), "order 20241399T120000Z") == []


def test_a_day_and_month_before_a_time():
    text = "- 16/07 09h05: pediu. recolha 19/07 às 06:45; registo 23/08 às 21:47"
    assert found(DateRecognizer("pt"), text) == ["16/07", "19/07", "23/08"]
    assert found(DateRecognizer("de"), "per Mail (a@b.de, 11.03., 23:14). Std. 17 | 27.3. | 16:00-16:50") == [
        "11.03", "27.3"]
    assert found(TimeRecognizer(), "faleceu às 03h40min") == ["03h40min"]
    # a score with a hyphen before a time is none; "1/2" before a time is a day and month ("sábado 1/2 às 12h30")
    assert found(DateRecognizer("pt"), "placar 1-2 às 20:00") == []
    assert found(DateRecognizer("pt"), "sábado 1/2 às 12h30") == ["1/2"]


def test_password_hashes_are_secrets():
    bcrypt = "$2b$12$Kq1uX9m0yF3eQ6wS7zP1Ou8sJ2bN4vD0hL5cT9aR3gE6iY1oW7nC"
    argon = "$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHQ$qLml5cTJaumxD1HYzpfWsdFykOTGLCwlQtqIhw"
    assert found(SecretRecognizer("es"), f'{{"password_hash": "{bcrypt}"}}') == [bcrypt]
    assert found(SecretRecognizer("en"), f"stored {argon} in the table") == [argon]


def test_segwit_address_with_a_typo_and_grouped_codes():
    text = "Deposit wallet (BTC): bc1q9h7garjv4xk3r8f6wz2mvd0lyq5e3tn8s7cx4p\n"
    assert found(CryptoWalletRecognizer(), text) == ["bc1q9h7garjv4xk3r8f6wz2mvd0lyq5e3tn8s7cx4p"]
    assert found(CryptoWalletRecognizer(), "bc1qshort and bc1 alone") == []
    rx = "06/01/25  4A7C2D-Z8E1F9-63KQ   Apixaban 5mg tabs\n20/01/25  7F19E0-A44B02-91XW   Zomorph 10mg caps"
    assert found(RecordCodeRecognizer(), rx) == ["4A7C2D-Z8E1F9-63KQ", "7F19E0-A44B02-91XW"]
    # words and numbers in groups mix nothing
    assert found(RecordCodeRecognizer(), "ABCD-1234-EFGH and 2024-0001-0002") == []
    assert found(RecordCodeRecognizer(), "Resolución de 09/11/2023 (nº 2023/IDO-5581)") == ["2023/IDO-5581"]


def test_german_house_numbers_after_their_word():
    text = "Tatort: Halstenbek, Hauptstraße Höhe Haus-Nr. 41, Fahrtrichtung Krupunder; Höhe Hausnr. 312, 80687 München"
    assert [t for t in found(AddressRecognizer("de"), text) if t in ("41", "312")] == ["41", "312"]


def test_a_crm_exports_columns_and_a_json_nie():
    csv = ("customer_id,first_name,last_name,zip,acct_mgr,created,last_ip,ltv_usd,notes\n"
           "CUS-100482,Priya,Raghunathan,78756,mkowalczyk,2021-03-04 09:12,73.166.21.8,4120.50,VIP\n"
           "CUS-100517,Søren,Lindqvist-Hale,98107,jtorres,2021-05-19 14:40,24.17.203.95,980.00,none\n")
    cells = {e.text: e.label for t in find_tables(csv) for e in t.entities}
    assert cells["78756"] == "POSTAL_CODE" and cells["mkowalczyk"] == "USERNAME" and cells["4120.50"] == "MONEY"
    assert found(StructuredFieldRecognizer(), '{"dni_nie": "X8274615T", "id": 4}') == ["X8274615T"]


def test_spanish_given_names_field():
    assert ("Joel Manuel", "PERSON") in detect("es", "Nombre de pila: Joel Manuel   |   Fecha de nac.: 02-05-2021")


def test_identifiers_of_the_second_round():
    en = ("Driver license ... WI S500-7319-1072-05\nHost: UK BRP no. ZX9104472; visa no. 0193/UKV/22-874\n"
          "Agent ID 40172\n")
    assert found(IdNumberRecognizer("en"), en) == ["WI S500-7319-1072-05", "ZX9104472", "0193/UKV/22-874", "40172"]
    es = ("Hoja padronal nº 0037882 (autoliquidación nº 960250031744). Código de entrega: 7F-228. (ID agente 3307)\n"
          "Registro Mercantil de Bizkaia, Tomo 5.218, Folio 142, Hoja BI-58.334\n")
    assert found(IdNumberRecognizer("es"), es) == [
        "0037882", "960250031744", "7F-228", "3307", "Tomo 5.218, Folio 142, Hoja BI-58.334"]
    pt = ("BOLETIM DE OCORRÊNCIA Nº  DX4721-1/2024  ATCUD: JJ8KXR4M-37\ncartão Nubank final 4402, cartão de crédito "
          "final 8830; PIX para a chave 41.882.057/0001-93\n")
    assert found(IdNumberRecognizer("pt"), pt) == [
        "DX4721-1/2024", "JJ8KXR4M-37", "4402", "8830", "41.882.057/0001-93"]
    de = "USt-IdNr. DE318 774 052; Betreff: Ihr Mandat 10482 – fehlende Unterlagen; das Mandat ist beendet"
    assert found(IdNumberRecognizer("de"), de) == ["DE318 774 052", "10482"]


def test_a_list_of_days_and_months_and_handles_of_a_name_and_a_year():
    assert found(DateRecognizer("es"), "roaming el 11/01 y 12/01 desde la línea; notas 1/2 y 3/4") == ["11/01", "12/01"]
    assert found(UsernameRecognizer(), "usuario jmrodriguez_77; app: inesbf_96; campo address_2, report_2024") == [
        "jmrodriguez_77", "inesbf_96"]


def test_a_legal_form_of_two_words_and_a_quoted_name():
    from app.detection.rules import OrgSuffixRule, RuleContext
    from app.tokenization import split_sentences

    def proposals(text):
        return [e.text for e in OrgSuffixRule("de").apply(RuleContext(text, split_sentences(text), [], "de"))]

    assert "Brünninghaus & Yılmaz Steuerberatung PartG mbB" in proposals(
        "Grüße\nBrünninghaus & Yılmaz Steuerberatung PartG mbB\nTel. 05731")
    assert proposals('Bisherige Kita: Kita "Pusteblume" e.V., Erzieherin') == ['Kita "Pusteblume" e.V.']


def test_a_unit_on_an_estate_is_an_address():
    assert "Unit 4, Brackmills Industrial Estate" in found(
        AddressRecognizer("en"), "HALVERSTON LOGISTICS LTD\nUnit 4, Brackmills Industrial Estate, Northampton NN4 7PB")


def test_quasi_identifiers_of_two_probe_rounds():
    from app.detection.quasi_identifiers import QuasiIdentifierRecognizer

    def strict(language, text):
        return {(e.text, e.label) for e in QuasiIdentifierRecognizer(language).recognize(text, [])}

    en = strict("en", "Ole (1901-1975), a fisherman and lamplighter; her bf; fever")
    assert {("1901", "DATE"), ("1975", "DATE"), ("fisherman", "OCCUPATION"), ("lamplighter", "OCCUPATION"),
            ("bf", "RELATION"), ("fever", "HEALTH")} <= en
    assert {("Pflegehelferin", "OCCUPATION"), ("Sturz", "HEALTH"), ("Fieber", "HEALTH")} <= strict(
        "de", "Pflegehelferin meldet Sturz, Fieber")
    assert {("logopeda", "OCCUPATION"), ("bruxismo", "HEALTH")} <= strict("es", "la logopeda trata el bruxismo")
    assert {("cadeira de rodas", "HEALTH"), ("piloto", "OCCUPATION")} <= strict("pt", "o piloto usa cadeira de rodas")
    # a page range is no year range
    assert ("2015", "DATE") not in strict("en", "see pages 12-2015")


def test_digit_led_patterns_find_the_same_matches():
    import re

    from app.detection.fast_regex import digit_led, first_characters

    date = re.compile(r"\b(?:[12]\d|3[01]|0?[1-9])\.(?:0?[1-9]|1[0-2])\.(?:19|20)\d\d\b")
    fast = digit_led(date)
    assert fast is not date and first_characters(date) is not None
    text = "am 3.4.2021 und 31.12.1999, nicht 3.4.21 noch a3.4.2021"
    assert [m.span() for m in fast.finditer(text)] == [m.span() for m in date.finditer(text)] == [(3, 11), (16, 26)]
    # a pattern that may start with a letter, or match nothing, is returned as it was
    word = re.compile(r"(?:Nr\.|\d)+")
    assert digit_led(word) is word
    assert digit_led(re.compile(r"\d*")) is not None and first_characters(re.compile(r"\d*")) is None
    # a case-insensitive group inside a case-sensitive pattern: its letters are not known in one case
    assert first_characters(re.compile(r"(?i:x)\d")) is None


def test_the_organization_keyword_rule_keeps_no_word_after_its_call():
    """Rule 3 of the README: no document's words in a cache that outlives the call (the rule's answers per word
    were the detector's until stop 53)."""
    from app.detection.rules import OrgKeywordRule, RuleContext
    from app.tokenization import split_sentences

    rule = OrgKeywordRule("de")
    text = "Frau Zeynep Öztürk arbeitet im Universitätsklinikum Bielefeld."
    rule.apply(RuleContext(text, split_sentences(text), [], "de"))
    assert rule._heads_seen == {}


def test_display_names_and_users_before_an_ip_address():
    from app.detection.mail_headers import DisplayNameRecognizer

    text = ("From: Kasia Nowakowska <kasia.n88@gmail.com>\n"
            "--- On Mon, 11 Mar 2024 at 21:48, kasia nowakowska <kasia.nowakowska88@gmail.com> wrote:\n"
            'To: "Nowakowska, Kasia" <k@x.co.uk>\nscp /tmp/hr.sql sukru@192.168.178.24:/home/sukru/b\n'
            "no name <> here, a@b.c <x>, mail@example.com")
    assert [(e.text, e.label) for e in DisplayNameRecognizer().recognize(text, [])] == [
        ("Kasia Nowakowska", "PERSON"), ("kasia nowakowska", "PERSON"), ("Nowakowska, Kasia", "PERSON"),
        ("sukru", "USERNAME")]


def test_identifiers_of_the_third_round():
    de = "Kurkarte Nr.: GAP-K 558301\nReisedokument: Passport 548812376  E-Mail"
    assert found(IdNumberRecognizer("de"), de) == ["GAP-K 558301", "548812376"]
    es = ("Dr. Jorge Lanaspa Til, n.º col. 50/09871\nN.º parte: 2024/0917-ARA-003361\n"
          "Registro sanitario CV-CSS 18429 · CIF\nC.C.C. (Código Cuenta Cotización): 41 1178453 92\n"
          "(ref. operación 3B9XK2LQ74)")
    assert found(IdNumberRecognizer("es"), es) == [
        "50/09871", "2024/0917-ARA-003361", "CV-CSS 18429", "41 1178453 92", "3B9XK2LQ74"]
    en = "Employer FEIN: 34-1987562  Contact\nBowls Club (charity no. 1093388)\nDriving licence:    SOLBA856209I99KT"
    assert found(IdNumberRecognizer("en"), en) == ["34-1987562", "1093388", "SOLBA856209I99KT"]
    pt = "CAT nº 2022.518.447-3 e INSS (NB 631.884.205-9); ID transação E60746948202403111301Kd8fR2Tq9"
    assert found(IdNumberRecognizer("pt"), pt) == ["2022.518.447-3", "631.884.205-9", "E60746948202403111301Kd8fR2Tq9"]
    codes = ("| FT 2024/0091 | FR A/338 | FS 12/4471 | AVRA n.º FZ/41/2021/118734). Einschreiben (RT 4471 0928 3DE); "
             "el nº VFT/MA/18236; not ISO/IEC/27001 nor Ley 12/2024")
    assert found(RecordCodeRecognizer(), codes) == [
        "FT 2024/0091", "FR A/338", "FS 12/4471", "FZ/41/2021/118734", "RT 4471 0928 3DE", "VFT/MA/18236"]
    assert found(SecretRecognizer("en"), "ssh2: ED25519 SHA256:q3Vx9rTg0mLkP2b7JwYc8nZs4eHfUa1Dd6oRiK5tEw0") == [
        "q3Vx9rTg0mLkP2b7JwYc8nZs4eHfUa1Dd6oRiK5tEw0"]
    from app.detection.identifiers import CreditCardRecognizer
    assert found(CreditCardRecognizer(), "Pagado con Visa ···· 4417 (LUCÍA F. MORALES)") == ["···· 4417"]


def test_dates_without_de_and_an_english_deeds_day():
    assert found(DateRecognizer("pt"), "Enviada: 2 julho 2024 11:30; 3 de março de 2015") == [
        "2 julho 2024", "3 de março de 2015"]
    assert found(DateRecognizer("es"), "el 3 marzo 2015 y el 4 de abril de 2016") == [
        "3 marzo 2015", "4 de abril de 2016"]
    assert found(DateRecognizer("en"), "signed this Will on the 9th day of June 2021.") == ["9th day of June 2021"]


def test_a_user_name_in_quotation_marks_and_a_uk_postcode_in_any_language():
    assert found(UsernameRecognizer(), '(Nutzername „mehmo_fcn1900", Anzeige-ID') == ["mehmo_fcn1900"]
    from app.detection.patterns import PostalCodeRecognizer
    text = "Anschrift: 17 Harcourt Gardens, Birmingham B15 2QX, United Kingdom; ein A4 Papier"
    for language in ("de", "es", "pt"):
        assert "B15 2QX" in found(PostalCodeRecognizer(language), text)


def test_identifiers_of_the_fourth_round():
    en = ('to ACC NAME "A HALL SAFE" s/c 04-00-75 acc 21984730 (Monzo)\nAppeal Number: PA/05817/2023\n'
          "(Title no. WM884107)\n")
    assert found(IdNumberRecognizer("en"), en) == ["04-00-75", "21984730", "PA/05817/2023", "WM884107"]
    es = ("Colegio de Abogados de Valencia nº 14.882; Col. ICAB 41.906; (funcionario nº 4471-VAL); nº de aviso "
          "7734-0915; (finca registral\nn.º 12.845); Protocolo 2025/1472; factura F-2025/0093.\n"
          "Billetes: 148-2390518874 / 148-2390518875\nal tomo 2.718, libro 901, folio 33, finca número 41.226, con")
    assert found(IdNumberRecognizer("es"), es) == [
        "14.882", "41.906", "4471-VAL", "7734-0915", "12.845", "2025/1472", "F-2025/0093", "148-2390518874",
        "148-2390518875", "tomo 2.718, libro 901, folio 33, finca número 41.226"]
    # a protocol of a convention is no identifier ("Protocolo n.º 1": under four characters)
    assert found(IdNumberRecognizer("es"), "el Protocolo n.º 1 del Convenio") == []
    pt = ("RA 000148.922.301-4/PR; INEP 41127795; (mat. 88213); o contrato 7720-004518-3; "
          "contribuinte fiscal n.º 163 984 205;")
    assert found(IdNumberRecognizer("pt"), pt) == [
        "000148.922.301-4/PR", "41127795", "88213", "7720-004518-3", "163 984 205"]
    assert found(IdNumberRecognizer("de"), "FA Gelsenkirchen-Süd,\nStNr. 319/5021/3346); IK 510 325 917") == [
        "319/5021/3346", "510 325 917"]
    from app.detection.patterns import extension_keywords
    assert [m.group("ext") for m in extension_keywords("de").finditer("Ihre Durchwahl ist -217.")] == ["217"]


def test_round_ten_dates_and_identifiers():
    assert found(DateRecognizer("pt"), "3 parcelas, nos dias 05/10, 05/11 e 05/12/2024. Os pagamentos") == [
        "05/10", "05/11", "05/12/2024"]
    assert found(DateRecognizer("es"), "cita fisio martes 8/10 a las 17:15; nota 1/2 del total") == ["8/10"]
    assert found(DateRecognizer("de"), "Nachtrag 05.12.: Halterabfrage. Vermerk SB (kow), 23.10.: Unterlagen") == [
        "05.12", "23.10"]
    assert found(DateRecognizer("pt"), "09/2019-02/2022   Enóloga estagiária") == ["09/2019-02/2022"]
    assert found(IdNumberRecognizer("en"), "collection code: 7Q4-KX9. (card no. 0048813). | Inv. GA-2411-076 |") == [
        "7Q4-KX9", "0048813", "GA-2411-076"]
    assert found(IdNumberRecognizer("es"), "N.º Registro IMLCF: CL-MA-24/05319; código de cuenta de cotización\n"
                                           "50/1048392/77, representada") == ["CL-MA-24/05319", "50/1048392/77"]
    assert found(IdNumberRecognizer("de"), "Sendungsnummer DHL 00340434161094027318. Gläubiger-Identifikationsnummer: "
                                           "DE71ZZZ00002184563") == ["00340434161094027318", "DE71ZZZ00002184563"]
    assert found(RecordCodeRecognizer(), "| 1 | SWL4482019375GB   | Mrs Brígida Santos") == ["SWL4482019375GB"]


def test_a_long_list_of_days_and_months_stays_linear():
    """README rule 2 (bounded cost): a crafted list of 20,000 days and months is read in one pass each way (the first
    version of the list rule searched every candidate again for each one it added)."""
    text = "el 11/01 y " + ", ".join("%02d/%02d" % (1 + i % 28, 1 + i % 12) for i in range(20000)) + " y 05/12/2024"
    assert len(DateRecognizer("es").recognize(text, [])) == 20002


def test_czech_and_nordic_addresses_in_any_language():
    assert found(AddressRecognizer("de"), "Anschrift: Vinohradská 1542/48, 120 00 Praha 2, Tschechien") == [
        "Vinohradská 1542/48, 120 00 Praha 2"]
    assert found(AddressRecognizer("pt"), "residente em Bergen, Noruega (Fjellveien 14B, 5019 Bergen), titular") == [
        "Fjellveien 14B, 5019 Bergen"]
    # a district's number only after a Czech postal code; a court's file number is no street
    assert "Via Roma 12, 20121 Milano" in found(AddressRecognizer("en"), "Via Roma 12, 20121 Milano 3 times")
    assert found(AddressRecognizer("de"), "siehe BGH 12/34 und Gerichtsakte 4/20") == []


def test_identifiers_after_round_ten_keywords():
    pt = ("(dístico n.º 45-DEF-8812 em nome; Agente Municipal n.º 0417 — Rui; Referência 318 204 557 · Montante; "
          "(anúncio nº 7719428); Licença ERS E118734; Médis, cartão n.º 0051 7734 2290 18")
    assert found(IdNumberRecognizer("pt"), pt) == [
        "45-DEF-8812", "0417", "318 204 557", "7719428", "E118734", "0051 7734 2290 18"]
    assert found(IdNumberRecognizer("de"), "Amtsgericht Frankfurt am Main VR 14 882") == ["14 882"]
    assert found(IdNumberRecognizer("es"), "API n.º 2187 · con identificador de comunicación 2024ZG00918347.") == [
        "2187", "2024ZG00918347"]


def test_identifiers_after_round_eleven_keywords():
    en = "U.S. Navy, service no. 7624418; Visa ending 4417, auth. 08842Q; (Reg. charity 1098342); (PN / staff 0334)"
    assert found(IdNumberRecognizer("en"), en) == ["7624418", "4417", "08842Q", "1098342", "0334"]
    assert found(IdNumberRecognizer("de"), "Pat.-ID: 00481926; eTIN OZDMREMR84K12; Ehefrau") == [
        "00481926", "OZDMREMR84K12"]
    es = ("ACTA DE INFRACCIÓN N.º I302024000087415\nOrden de servicio: 30/0012847/24   Materia\n"
          "CCC (Cód. Cuenta Cot.): 30 1124587 19\nFdo.: M. Albarracín Soto (cód. 3018)\nHistoria social SIUSS: "
          "41004-118256")
    assert found(IdNumberRecognizer("es"), es) == [
        "I302024000087415", "30/0012847/24", "30 1124587 19", "3018", "41004-118256"]
    pt = ("Certificado Energético SCE0000193847562 (classe C); (AMI 18842); recibo n.º 0316; Número da Nota: 00002847; "
          "Inscrição Municipal: 004.218.771-6; DUC n.º 702 419 938 124 567 e 13")
    assert found(IdNumberRecognizer("pt"), pt) == [
        "SCE0000193847562", "18842", "0316", "00002847", "004.218.771-6", "702 419 938 124 567"]
    from app.detection.identifiers import CreditCardRecognizer
    assert found(CreditCardRecognizer(), "Routing no. 271974635   Account no. ******4417") == ["******4417"]
    assert found(SecretRecognizer("en"), "token in the attachment (lf_live_9c4e7a21b0d84f5e) is still") == [
        "lf_live_9c4e7a21b0d84f5e"]
