"""Leaks closed at stop 60, each found in a probe document written with an answer key (a US civil docket, an
insurer's storm claim, a New Zealand school's incident report, a pharmacy's prior authorisation fax, an estate
account, a visa sponsor's letter, a small claims petition, a lease, an Argentine deed, a birth certificate's
transcription, a discharge report, a payslip, a Colombian petition, a Peruvian police report, a scholarship
application, a register certificate, a debt collection register's extract, a bailiff's enforcement report, a
registration form, a tax return, a Multibanco payment, partners' minutes, an INSS report, a dental record): case
numbers after "#:" and "CAUSE NO.", keywords in four languages, a register's entries, a cadastral designation, the
Río de la Plata's "U$S", identity numbers whatever their check letter, amounts in an account's brackets and under a
section's heading, a tax return's columns, a name field with a slash, a room's abbreviation, a court register."""

from app.detection.addresses import AddressRecognizer
from app.detection.identifiers import IdNumberRecognizer
from app.detection.patterns import CaseNumberRecognizer, MoneyRecognizer, PhoneRecognizer, phone_keywords
from tests.unit.fakes import detect, found


def test_a_docket_case_number_after_a_hash_and_its_colon():
    assert found(CaseNumberRecognizer(), "CIVIL DOCKET FOR CASE #: 1:23-cv-04817\n") == ["1:23-cv-04817"]
    assert found(CaseNumberRecognizer(), "CAUSE NO.: J2-SC-25-004187\n\nIN THE JUSTICE COURT") == ["J2-SC-25-004187"]
    # the words alone name nothing
    assert found(CaseNumberRecognizer(), "IN CASE OF EMERGENCY, call the office. Cause and effect.") == []


def test_english_keywords_of_licences_plans_and_schemes():
    text = ("ABN 41 082 663 915  |  AFSL 238410\nMember ID: ESX884102337-01   Group: 0H7721\n"
            "NCPDP 1467302   NPI 1538274906\nParalegal (LSO #P08815)\nLodger     14/06/1996   EUSS 4017-2263-8891\n")
    ids = found(IdNumberRecognizer("en"), text)
    for value in ("238410", "0H7721", "1467302", "P08815", "4017-2263-8891"):
        assert value in ids
    # a field's name in the next column is no value of the one before ("NPI" stayed masked alone)
    assert "NPI" not in " ".join(ids)
    # a group without a digit is none
    assert found(IdNumberRecognizer("en"), "Group: Oncology nurses\n") == []


def test_a_phone_number_after_ph():
    recognizer = PhoneRecognizer(("US", "GB", "IE"), phone_keywords("en"))
    assert found(recognizer, "112 Te Rapa Road, Hamilton 3200\nPh (07) 849 2210 | office@arohanui.school.nz") == [
        "(07) 849 2210"]


def test_spanish_register_entries_across_a_line_break_and_a_cadastral_designation():
    text = ("Registro de la Propiedad nº 3 de Madrid, tomo 1.874, libro 512,\nfolio 88, finca 24.731. Superficie\n"
            "NOMENCLATURA CATASTRAL: Circ. 7, Secc. 45, Manz. 12, Parc. 18. Partida: 3.021.554-07. MATRÍCULA")
    ids = found(IdNumberRecognizer("es"), text)
    for value in ("tomo 1.874, libro 512", "folio 88, finca 24.731", "Circ. 7, Secc. 45, Manz. 12, Parc. 18",
                  "3.021.554-07"):
        assert value in ids


def test_spanish_keywords_and_identity_numbers_whatever_their_check_letter():
    text = ("Acta No.: 00457\nCama: 4215-B\ntitular del Registro Notarial Nº 1547, COMPARECEN\n"
            "don Nikolaos Papadopoulos Rivas, C.I. 17.205.388-6, chileno\nmi hijo menor, T.I. 1.020.118.554, de 11\n"
            "Radicado anterior: 20241018-0093457\nMacBook Air, n/s C02FK1ZJQ6L4 – aprox.\n"
            "N° Denuncia (SIDPOL): 28741093      Fecha\n"
            "Madre       Itziar Olaizola Etxeberria  44612907H   49\n"
            "2  TRẦN THỊ, Hương   Hanoi    Y4182097F     VIET\n")
    ids = found(IdNumberRecognizer("es"), text)
    for value in ("00457", "4215-B", "1547", "17.205.388-6", "1.020.118.554", "20241018-0093457", "C02FK1ZJQ6L4",
                  "28741093", "44612907H", "Y4182097F"):
        assert value in ids
    # a bed's count, a game's part are none
    assert found(IdNumberRecognizer("es"), "una cama: 2 noches. La partida: empate.") == []


def test_the_rio_de_la_plata_dollar_sign():
    assert found(MoneyRecognizer("es"), "MIL (U$S 86.000), abonados y u$s 1.200 más") == ["U$S 86.000", "u$s 1.200"]


def test_portuguese_keywords():
    text = ("ou por Multibanco: Entidade 21873 · Referência 402 117 865\nCNPJ nº 28.614.903/0001-47 – NIRE "
            "35.2.3098114-2\nRequerimento NB: 31/648.219.007-3    Espécie\nCódigo INEP: 31087452\n")
    ids = found(IdNumberRecognizer("pt"), text)
    for value in ("21873", "35.2.3098114-2", "31/648.219.007-3", "31087452"):
        assert value in ids
    # an entity named in words is none
    assert "21873" not in found(IdNumberRecognizer("pt"), "a entidade 2 da lista")


def test_amounts_under_a_tax_returns_gross_and_withholding_columns():
    text = ("Tit. NIF entidade  Entidade                            Bruto      Retenção\n"
            "A    507329147     Ribeira Logística, S.A.             28 450,00  3 215,00\n"
            "B    600074510     Agrup. Escolas Infante D. Henrique  21 312,86  1 890,40\n")
    assert ("28 450,00", "MONEY") in detect("pt", text)
    assert ("1 890,40", "MONEY") in detect("pt", text)


def test_amounts_in_an_accounts_brackets_under_a_sections_heading():
    text = ("ASSETS                                                   £\n"
            "27 Coldstream Terrace (sold 18/10/2024)           455,000.00\n"
            "Gross estate                                      612,480.19\n\nLIABILITIES\n"
            "Dobson & Reay Funeral Directors                    (5,840.00)\n"
            "Lindisfarne View Care Home - fees                 (17,512.00)\n"
            "Net estate                                        587,915.62\n")
    money = [t for t, label in detect("en", text) if label == "MONEY"]
    assert money == ["455,000.00", "612,480.19", "5,840.00", "17,512.00", "587,915.62"]


def test_name_fields_with_a_slash_and_a_bailiffs_register():
    assert ("IONESCU, BOGDAN-ANDREI", "PERSON") in detect(
        "es", "TRABAJADOR/A: IONESCU, BOGDAN-ANDREI              NIE: Y4827163Y\n")
    assert ("HUAMÁN CCORI, Rosa Elvira", "PERSON") in detect(
        "es", "DENUNCIANTE/AGRAVIADA : HUAMÁN CCORI, Rosa Elvira\n")
    assert ("OAR Kos", "PERSON") in detect("de", "Eingelangt: 15.01.2024   Bearb.: OAR Kos   Meldebestätigung\n")
    assert ("DR II 1547/24", "CASE_NUMBER") in detect("de", "Tel.: 0511 / 348 29 60\nDR II 1547/24\n\nPROTOKOLL")


def test_german_debt_register_columns_and_a_company_with_mbh():
    text = ("Betr.-Nr.  Datum       Gläubiger/in                      CHF        Stand\n"
            "21187455   14.06.2021  CSS Kranken-Versicherung AG       1'842.60   bezahlt\n"
            "22304918   03.11.2022  Swisscom (Schweiz) AG               487.15   Rechtsvorschlag\n")
    found_ = detect("de", text)
    assert ("21187455", "ID_NUMBER") in found_ and ("22304918", "ID_NUMBER") in found_
    assert ("Brandt & Yılmaz Ingenieurgesellschaft mbH", "ORGANIZATION") in detect(
        "de", "Er arbeitete bei der Brandt & Yılmaz Ingenieurgesellschaft mbH in Bremen.")


def test_a_rooms_abbreviation_after_the_street_number():
    text = "Endereço: Av. Vereador José Diniz, 3457, sl. 12 – São Paulo/SP – CEP 04603-003"
    assert "Av. Vereador José Diniz, 3457, sl. 12" in found(AddressRecognizer("pt"), text)


def test_round_57_keywords_and_shapes():
    en = ("ACAS Early Conciliation Cert. No: R118204/24/93\nMember ID XQP882104571  Grp 40217\n"
          "Medicare Part B   MBI 4TR7-JK2-WM81\nFamily MD: Dr. Kateřina Dvořáková (CPSO 97731)\n")
    ids = found(IdNumberRecognizer("en"), en)
    for value in ("R118204/24/93", "40217", "4TR7-JK2-WM81", "97731"):
        assert value in ids
    es = ("Sección 3ª – Tomo 00412 – Página 187 – Número de inscripción: 46250-D-2023-018734\n      46/1029388/71\n"
          "en la cuenta del Juzgado 4037 0000 02 1184 23.\n"
          "Oficio Juzgado Letrado Las Piedras 3er T., IUE 172-318/2021\n")
    ids = found(IdNumberRecognizer("es"), es)
    for value in ("Tomo 00412 – Página 187", "46250-D-2023-018734", "46/1029388/71", "4037 0000 02 1184 23",
                  "172-318/2021"):
        assert value in ids
    pt = ("que revendo o Livro A-248, fls. 133, sob o nº 118.342, dele consta\n"
          "Junta: certidão permanente (código 4417-8820-3319), caderneta predial\n")
    assert found(IdNumberRecognizer("pt"), pt) == ["Livro A-248, fls. 133, sob o nº 118.342", "4417-8820-3319"]
    de = "Haustechnik GmbH, FN 184422m\nfür Sohn Matěj Horák,\n   VNR 3318 120616, geb. 12.06.2016\n"
    assert found(IdNumberRecognizer("de"), de) == ["FN 184422m", "3318 120616"]
    # a date's parts, a year's range are no contribution account
    assert found(IdNumberRecognizer("es"), "del 12/05/2024 al 2023/2024, cuota 10/12") == []


def test_a_uruguayan_payslips_earnings_column():
    text = ("CÓD  CONCEPTO                          CANT.      HABERES    DESCUENTOS\n"
            "0010 Jornales trabajados               25,00    39.680,00\n"
            "0300 Aporte jubilatorio (BPS 15%)                             6.761,47\n")
    money = [t for t, label in detect("es", text) if label == "MONEY"]
    assert "39.680,00" in money and "6.761,47" in money


def test_a_swiss_securities_list_under_a_two_line_header_with_a_wrapped_cell():
    text = ("Nr Valor/IBAN                  Bezeichnung           Steuerwert   Ertrag\n"
            "                                                     31.12.2023  mit VSt\n"
            "1  CH56 0070 0110 0045 2391 8  Privatkonto ZKB (L.)   18'342.10     0.00\n"
            "2  CH21 0900 0000 8751 4402 6  Sparkonto PostFinance  42'115.55    63.20\n"
            "                               (H.)\n"
            "3  3886335                     120 Nestlé SA N        12'542.40   360.00\n")
    money = [t for t, label in detect("de", text) if label == "MONEY"]
    assert money == ["18'342.10", "0.00", "42'115.55", "63.20", "12'542.40", "360.00"]


def test_venezuelan_amounts_and_identifiers_a_birth_register_and_a_netid():
    text = ("un salario básico mensual de CUATROCIENTOS VEINTE BOLÍVARES CON 00/100 (Bs. 420,00), más un bono "
            "de Bs. 1.461,60 mensuales.\nRIF: J-29845170-3\nN° de asegurado IVSS: 1-19874305.\n")
    found_ = detect("es", text)
    for value in ("Bs. 420,00", "Bs. 1.461,60"):
        assert (value, "MONEY") in found_
    assert any(label == "MONEY" and t.startswith("CUATROCIENTOS VEINTE BOLÍVARES") for t, label in found_)
    assert ("J-29845170-3", "ID_NUMBER") in found_ and ("1-19874305", "ID_NUMBER") in found_
    assert ("G 2317/2023", "ID_NUMBER") in detect("de", "Registernummer:        G 2317/2023\n")
    # a size is no register ("Größe S 10/12")
    sizes = detect("de", "Größe S 10/12 und E 3/2024")
    assert [label for t, label in sizes if label in ("CASE_NUMBER", "ID_NUMBER")] == []
    assert "mnguyen27" in found(IdNumberRecognizer("en"), "the student portal with your NetID mnguyen27. Questions?")


def test_round_58_keywords_and_shapes():
    en = ("Matter no:   HO/CRIM/24-0917\nPermanent Resident Card (USCIS# 219-447-083).\n"
          "Caledonia Homes Ltd\n112 Leith Walk, Edinburgh EH6 5DT\nLARN1904021\n")
    ids = found(IdNumberRecognizer("en"), en)
    for value in ("HO/CRIM/24-0917", "219-447-083", "LARN1904021"):
        assert value in ids
    assert found(CaseNumberRecognizer(), "OSHA CASE OR FILE NO.: 2024-0417\n") == ["2024-0417"]
    es = ("inscrita en el RPP bajo el folio real 2381907.\nel Oficial Ramiro Ezequiel Acuña (LP 44.187), la Sra.\n"
          "(Legajo RRHH 22.905).\nOperador: I-MED          Folio: 3-58127496          Emitida\n"
          "el agente denunciante (n.º de identificación 3318) no hizo constar.\n")
    ids = found(IdNumberRecognizer("es"), es)
    for value in ("2381907", "44.187", "22.905", "3-58127496", "3318"):
        assert value in ids
    assert "LH-0317-01" in found(IdNumberRecognizer("de"), "Sparkasse Bielefeld, Mandatsref. LH-0317-01.\n")


def test_an_argentine_postal_code_and_an_office_after_the_house_number():
    assert ("C1239AAN", "POSTAL_CODE") in detect("es", "   Av. Boedo 1342, piso 4.º\n   C1239AAN – Boedo – Ciudad\n")
    recognizer = AddressRecognizer("es")
    assert found(recognizer, "Consulta: Av. Colón 1067, of. 3, Punta Arenas") == ["Av. Colón 1067, of. 3"]
    assert found(recognizer, "Cra. 48 # 10-45, Of. 802, Edificio Torre") == ["Cra. 48 # 10-45, Of. 802"]


def test_a_number_in_a_phones_shape_after_a_phone_keyword_whatever_its_region():
    recognizer = PhoneRecognizer(("ES", "MX", "AR"), phone_keywords("es"))
    text = ("Telfs.: (0212) 953.41.18 / 953.41.27 - rrhh@inalcaribe.com.ve\nTelf. directo: 0414-327.90.61\n"
            "Las Piedras      Cel. 099 312 874\nSan Borja - Lima    Telf. (01) 475-3318\n")
    assert found(recognizer, text) == ["(0212) 953.41.18", "953.41.27", "0414-327.90.61", "099 312 874",
                                       "(01) 475-3318"]
    # a date, a year, a count after the keyword are none
    assert found(recognizer, "Teléfono: 12.05.2024 y tel. 2024. Tel. 3 hijos") == []


def test_round_59_amounts_keywords_and_a_street_on_steige():
    money = [t for t, label in detect("de", "Nettomietzins monatlich ....... Fr. 2'340.–\nAkonto ... Fr. 210.–\n"
                                            "Mietzinsdepot Fr. 7'020.– (3 Nettomieten)\nFr. 12.05.2024 geschlossen\n")
             if label == "MONEY"]
    assert money == ["Fr. 2'340.–", "Fr. 210.–", "Fr. 7'020.–"]
    assert found(MoneyRecognizer("es"), "Salario ordinario ..... Q 9,800.00\n   TOTAL ..... Q11,225.50\nQ 5, 14") == [
        "Q 9,800.00", "Q11,225.50"]
    assert found(MoneyRecognizer("es"), "Arancel: Gs. 25.000 – Boleta") == ["Gs. 25.000"]
    assert ("ONCE MIL DOSCIENTOS VEINTICINCO QUETZALES", "MONEY") in detect(
        "es", "TOTAL INGRESOS ..... Q11,225.50\n   (ONCE MIL DOSCIENTOS VEINTICINCO QUETZALES CON 50/100)\n")
    assert found(CaseNumberRecognizer(), "Sentencia No. 0532-2024-SSEN-01187, de fecha") == ["0532-2024-SSEN-01187"]
    ids = found(IdNumberRecognizer("es"), "Libro No. 00027 · Folio No. 0143 · Acta No. 005419\n"
                                          "Trabajo y S.S. (n.º ident. prof. 46-0417)\n")
    for value in ("00027", "0143", "005419", "46-0417"):
        assert value in ids
    ids = found(IdNumberRecognizer("en"), "08/09/24   Zelle conf. ZL88412W   1,200.00\n"
                                          "Document locator number: 24127-8834-0931\nEntry no: 2025/031\n")
    for value in ("ZL88412W", "24127-8834-0931", "2025/031"):
        assert value in ids
    assert "004812" in found(IdNumberRecognizer("de"), "bezahlt am 27.05.2025 per girocard (Beleg 004812).")
    ids = found(IdNumberRecognizer("pt"), "Entidade 21 212 · Ref. 417 308 926\nIPTU/SQL 083.142.0057-3 e "
                                          "Selo Digital nº SFTN1.cG7Rb.Mwfez-Tk9pL.1123q – Consulte")
    for value in ("21 212", "083.142.0057-3"):
        assert value in ids
    assert "Weinsteige 7/1" in found(AddressRecognizer("de"), "Weinsteige 7/1                  Kennz.: ES-VH 4711")


def test_round_60_swiss_whole_francs_keywords_a_register_and_name_fields():
    text = ("                                                      CHF\n"
            "1.     Lohn (Monatslohn 9'800 x 8)                 78'400\n"
            "8.     Bruttolohn total                            87'276\n"
            "9.     Beiträge AHV/IV/EO/ALV/NBUV               - 6'633\n")
    money = [t for t, label in detect("de", text) if label == "MONEY"]
    assert money[-3:] == ["78'400", "87'276", "6'633"] and "9'800" not in money
    ids = found(IdNumberRecognizer("en"), "Ins: State Farm, Pol. 93-BT-1145-7\nReport No.: 25-014873   ORI\n"
                                          "Nominee: Fiona McAllister (IP No. 19472)\nColor: Gray  Stock# U4471\n")
    for value in ("93-BT-1145-7", "25-014873", "19472", "U4471"):
        assert value in ids
    assert "109519005" in found(IdNumberRecognizer("de"), "Kostenträgerkennung: 109519005\n")
    ids = found(IdNumberRecognizer("es"), "Registro: T. 7 – P. 213 – A. 1842\nsolicitud con n.º de registro "
                                          "49/712384.9/23.\nIBÁÑEZ CHÁVEZ JOSÉ GUADALUPE          No. empleado: 0719\n")
    for value in ("T. 7 – P. 213 – A. 1842", "49/712384.9/23", "0719"):
        assert value in ids
    found_ = detect("es", "Apellidos y nombres : QUISPE HUAMÁN, JOSÉ ANTONIO\nPadre : KENJI YAMASHIRO ARAKAKI\n")
    assert ("QUISPE HUAMÁN, JOSÉ ANTONIO", "PERSON") in found_ and ("KENJI YAMASHIRO ARAKAKI", "PERSON") in found_


def test_round_61_keywords_registers_and_a_masked_ssn():
    ids = found(IdNumberRecognizer("en"), "Employer: PACIFIC RIM LLC   UBI 604 118 447\nNHI:              ZKT4821\n"
                                          "SSN Debtor 1: xxx-xx-4409     SSN Debtor 2: xxx-xx-7731\n")
    for value in ("604 118 447", "ZKT4821", "xxx-xx-4409", "xxx-xx-7731"):
        assert value in ids
    ids = found(IdNumberRecognizer("de"), "Hausverwaltung GmbH,\n   FN 298114 k, Tel.\nim Haus (EZ 1137, KG 01403 "
                                          "Ottakring).\n")
    assert "FN 298114 k" in ids and "EZ 1137, KG 01403" in ids
    ids = found(IdNumberRecognizer("es"), "Comisario: C.P. Rosalba (céd. prof. 3918274).\nConciliadora: Dra. L. F. "
                                          "(Reg. N° 18735)\ndel Dr. Hernán Sívori (T° 98 F° 412 CPACF).\n"
                                          "inscrito a fojas 45.318 N° 65.902 del Registro de Propiedad\n")
    for value in ("3918274", "18735", "T° 98 F° 412", "fojas 45.318 N° 65.902"):
        assert value in ids
    assert "7731902" in found(IdNumberRecognizer("pt"), "vaga solicitada à Central de Regulação (ficha 7731902) – ")
    assert found(CaseNumberRecognizer(), "RELATÓRIO DE OCORRÊNCIA   N.º 871/2024-PTVZL\nNUIPC") == ["871/2024-PTVZL"]
