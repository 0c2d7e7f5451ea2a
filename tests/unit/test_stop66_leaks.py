"""Leaks closed at stop 66, each found in a probe document written with an answer key (a Singapore resale agreement, a
South African maintenance order, a Nova Scotia small claims decision, a Philippine health insurance claim, a Maltese
and an Indian deed, an Austrian registration form, a Luxembourg lease, a Swiss unemployment statement, a Chilean
criminal record, a Peruvian maintenance judgment, a Colombian motorcycle sale, a Spanish death certificate, a Dominican
hospital invoice, Brazilian deeds and certificates, a Portuguese tax return, a Mozambican rural lease): identity card
numbers by their check letter, names in capitals with a patronymic connector or beside a party's role, identifiers
in a table's column, registers' officers, addresses of four more countries."""

from app.detection import sg_nric
from app.detection.addresses import AddressRecognizer
from app.detection.identifiers import IdNumberRecognizer, NationalIdRecognizer, column_values
from app.detection.patterns import DateRecognizer, MoneyRecognizer
from tests.unit.fakes import detect, found


def test_singapore_identity_card_by_its_check_letter():
    assert [sg_nric.is_valid(v) for v in ("S1234567D", "S9134527G", "T0217649H", "s 1234567 d", "S1234567A",
                                          "A1234567D", "S123456D")] == [True, True, True, True, False, False, False]
    text = "   MUHAMMAD HAFIZ BIN ROSLAN S9134527G     Applicant\n   NUR AISYAH BTE ZULKIFLI   T0217649H     Spouse\n"
    assert found(NationalIdRecognizer("en"), text) == ["S9134527G", "T0217649H"]
    assert found(NationalIdRecognizer("en"), "Order S9134527A shipped") == []


def test_a_patronymic_connector_in_capitals():
    text = "   MUHAMMAD HAFIZ BIN ROSLAN S9134527G     Applicant\n   NUR AISYAH BTE ZULKIFLI   T0217649H     Spouse\n"
    labels = detect("en", text, {"MUHAMMAD HAFIZ": "PER", "BIN ROSLAN": "ORG"})
    assert ("MUHAMMAD HAFIZ BIN ROSLAN", "PERSON") in labels
    assert ("NUR AISYAH BTE ZULKIFLI", "PERSON") in labels
    # "BIN" with no person beside it joins nothing (a business identification number)
    assert not any(label == "PERSON" for _, label in detect("en", "COMPANY BIN NUMBER 4417\n"))


def test_a_party_in_capitals_before_its_role():
    text = ("IN THE MAINTENANCE COURT\n\nNOMSA PRECIOUS MAHLANGU                                Complainant\nand\n"
            "THABO JOHANNES MOKOENA                                 Respondent\n"
            "DEPARTMENT OF HOME AFFAIRS                             Defendant\n")
    labels = detect("en", text, {"NOMSA": "ORG", "MAHLANGU": "ORG"})
    assert ("NOMSA PRECIOUS MAHLANGU", "PERSON") in labels
    assert ("THABO JOHANNES MOKOENA", "PERSON") in labels
    assert ("DEPARTMENT OF HOME AFFAIRS", "ORGANIZATION") in labels
    # a heading beside a word that is no role, and a role in running text
    labels = detect("en", "SCHEDULE OF PAYMENTS                          Annexure\nThe applicant said so.\n")
    assert labels == []


def test_identifiers_after_keywords_of_four_countries():
    cases = [
        ("en", "Document No.: HVL12-8734/2023          Date", ["HVL12-8734/2023"]),
        ("en", "together with one covered car parking No. P-31.", ["P-31"]),
        ("en", "1. PhilHealth Identification Number (PIN):  19-050418273-6", ["19-050418273-6"]),
        ("en", "PhilHealth Employer Number (PEN):  20-001947385-2", ["20-001947385-2"]),
        ("en", "                    Cite as: Doucette v. Sandhu, 2024 NSSM 27\n", ["2024 NSSM 27"]),
        ("es", "FACTURA DE CONSUMO                 NCF: B0200018734\n", ["B0200018734"]),
        ("es", "ARS:        ARS Palic Salud     No. afiliado: 21-0458812-01\n", ["21-0458812-01"]),
        ("es", "EXPEDIENTE    : 01274-2023-0-3002-JP-FC-02\n", ["01274-2023-0-3002-JP-FC-02"]),
        ("es", "Tomo: 00287          Página: 145          Inscripción n.º: 0289\n", ["00287", "145", "0289"]),
        ("pt", "Valor: R$ 85,00    Boleto – nosso número: 00045871923-4\n", ["00045871923-4"]),
        ("pt", "Título de eleitor:    4182 5930 0159   Zona: 296   Seção: 0158\n", ["4182 5930 0159", "296", "0158"]),
    ]
    for language, text, ids in cases:
        assert found(IdNumberRecognizer(language), text) == ids, text
    # a citation without a court's code, a zone alone
    assert found(IdNumberRecognizer("en"), "Cite as: the 2024 report\n") == []
    assert found(IdNumberRecognizer("pt"), "mora na Zona: 3 da cidade\n") == []


def test_identifiers_in_a_column_headed_by_a_keyword():
    text = ("N°  TRIBUNAL                         RIT          RUC            FECHA SENT.\n"
            "1   JUZGADO DE GARANTÍA DE TEMUCO    6254-2016    1610028471-3   14/11/2016\n"
            "    DELITO : MANEJO EN ESTADO DE EBRIEDAD\n\nRIT  6254-2016 is not under a header\n")
    spans = column_values(text, IdNumberRecognizer("es").column_keyword)
    assert [text[s:e] for s, e in spans] == ["6254-2016", "1610028471-3"]
    table = (" Cód. | NIF entidade  | Tit. | Rendimentos | Retenções\n"
             "      | pagadora      |      |    (EUR)    | IRS (EUR)\n"
             " 401  | 503 218 448   |  A   |  28.714,00  |  3.842,00\n"
             " 401  | 509 774 121   |  B   |  34.960,50  |  5.611,00\n")
    assert found(IdNumberRecognizer("pt"), table) == ["503 218 448", "509 774 121"]
    # a payslip's wage types under "Cód.": a code and its name, no identifier
    assert found(IdNumberRecognizer("pt"), "Cód. Descrição                      Referência     Proventos\n"
                                           "0001 Salário Base                     220,00 h      4.850,00\n") == []
    # a column of amounts under a header that names no identifier
    assert column_values("Date       Description      Amount\n01/02      Rent             1.250,00\n",
                         IdNumberRecognizer("en").column_keyword) == []


def test_amounts_dates_and_phones():
    assert found(MoneyRecognizer("es"), "PENA   : 61 DÍAS, MULTA DE 2 UTM Y SUSPENSIÓN") == ["2 UTM"]
    assert "1.º de abril de 2024" in found(DateRecognizer("es"), "con fecha de inicio 1.º de abril de 2024.")
    assert ("09 836 2047", "PHONE") in detect("en", "   Westgate Property Management Ltd (ph 09 836 2047), produced")


def test_addresses_of_four_countries():
    cases = [
        ("es", "con domicilio real en\nMz. K Lt. 14, Sector 3, Grupo 22, Villa El Salvador", "Mz. K Lt. 14"),
        ("es", "domiciliada en la Carrera 52 # 12 Sur-44, Itagüí, correo", "Carrera 52 # 12 Sur-44"),
        ("es", "domiciliada en\nAv. De los Shyris N36-120 y Naciones Unidas, oficina 804", "Av. De los Shyris N36-120"),
        ("de", "derzeit wohnhaft 5, Op der Héi, L-9809 Hosingen,", "5, Op der Héi"),
        ("de", "im 2. Obergeschoss des Hauses 112, route d'Arlon,\nL-8009 Strassen.", "112, route d'Arlon"),
        ("pt", "residente no\nBairro Muhalaze, Quarteirão 7, Casa n.º 112, Cidade da Matola,", "Quarteirão 7"),
    ]
    for language, text, address in cases:
        assert address in found(AddressRecognizer(language), text), text


def test_a_swiss_canton_after_its_town():
    labels = detect("de", "Letzter Arbeitgeber:          Hasler Metallbau AG, Kirchberg BE\nBeruf:  Metallbauer\n",
                    {"Hasler Metallbau AG": "ORG", "Kirchberg": "LOC"})
    assert ("Kirchberg BE", "LOCATION") in labels


def test_a_name_field_of_five_words():
    text = "FAMILIENNAME vor der ersten Eheschließung:                GRÜNWALD\nGEBURTSDATUM:   14.06.1987\n"
    assert ("GRÜNWALD", "PERSON") in detect("de", text)


def test_a_registrar_and_a_notary_by_their_ordinal():
    text = ("REPÚBLICA FEDERATIVA DO BRASIL - ESTADO DE SÃO PAULO\n"
            "2º TABELIÃO DE NOTAS DE CAMPINAS - Tabeliã: Luciana Prado Meirelles\n"
            "matrícula nº 87.431 do\n1º Oficial de Registro de Imóveis de Campinas, avaliado em R$ 485.000,00;\n\n"
            "Oficial de Registro Civil das Pessoas Naturais do 28º Subdistrito\nJardim Paulista - São Paulo - SP\n")
    labels = detect("pt", text, {"CAMPINAS": "LOC", "Luciana Prado Meirelles": "PER"})
    for name in ("2º TABELIÃO DE NOTAS DE CAMPINAS", "1º Oficial de Registro de Imóveis de Campinas",
                 "Oficial de Registro Civil das Pessoas Naturais do 28º Subdistrito"):
        assert (name, "ORGANIZATION") in labels, name
    # a headline in capitals with a head and no entity of the model's names no one
    assert detect("pt", "Ontem: HOSPITAL FECHA PORTAS em Lisboa, diz o jornal.\n") == []


def test_round_89_identifiers_by_shape_and_keyword():
    cases = [
        ("en", "                    Company No. 201501023456 (1147823-K)\n", ["201501023456", "1147823-K"]),
        ("en", "   (U2024/11873)\n   <PR781264>    [2024] FWC 2871\n", ["U2024/11873", "PR781264", "[2024] FWC 2871"]),
        ("en", "     CTC No.            : CCI2024 00871345\n", ["CCI2024 00871345"]),
        ("es", "   OT: 219.554\n", ["219.554"]),
        ("es", "Causa N.º: 1-1-2-1-2024-15872          Carpeta Fiscal N.º: 4218/2024\n",
         ["1-1-2-1-2024-15872", "4218/2024"]),
        ("es", "venta un automóvil Toyota Allion, año 2012, chapa AAEQ 472. El mismo", ["AAEQ 472"]),
        ("es", "OFICIO NÚMERO:            2871/2024-JC3\nCAUSA PENAL:              0427/2024\n"
               "CARPETA DE INVESTIGACIÓN: D-I/18452/2024\n", ["2871/2024-JC3", "0427/2024", "D-I/18452/2024"]),
        ("es", "Libro N°: 0027          Acta N°: 1024583117          Folio: 412\n", ["0027", "1024583117", "412"]),
        ("de", "\nBRZ 2314/2024\nDie Echtheit der Unterschriften wird bestätigt.", ["2314/2024"]),
        ("de", "Grundsteuer-Aktenzeichen: 3370 172 0458 3 000 1\n", ["3370 172 0458 3 000 1"]),
        ("pt", "NUIPC: 1284/24.8PTPRT                  Registo interno: DT-PRT/0047/2024\n", ["DT-PRT/0047/2024"]),
    ]
    for language, text, ids in cases:
        assert found(IdNumberRecognizer(language), text) == ids, text
    # a year in brackets without a court's code, a plate's word without a plate
    assert found(IdNumberRecognizer("en"), "the report [2024] of the board") == []
    assert found(IdNumberRecognizer("es"), "una chapa de metal de 2 metros") == []


def test_round_89_addresses_and_a_postal_code():
    cases = [
        ("en", "Address         : No. 27, Jalan Seri Mawar 4, Taman Seri Mawar,", "No. 27, Jalan Seri Mawar 4"),
        ("en", "         Lot 12, Jalan Perusahaan 3, Kawasan Perindustrian Bukit Raja", "Lot 12, Jalan Perusahaan 3"),
        ("en", "A2  Address:               Flat 2F1, 38 Comely Bank Avenue, Edinburgh", "Flat 2F1"),
        ("es", "Domicilio:           Teniente Fariña N.º 1283 c/ Brasil", "Teniente Fariña N.º 1283"),
        ("de", "   SVNR 2843 230579, Hietzinger Kai 41/3, 1130 Wien,", "Hietzinger Kai 41/3"),
    ]
    for language, text, address in cases:
        assert address in found(AddressRecognizer(language), text), text
    from app.detection.patterns import PostalCodeRecognizer
    assert found(PostalCodeRecognizer("es"), "en calle San Martín 2346, Villa Gobernador Gálvez (CP 2124);") == ["2124"]


def test_round_89_names_and_companies():
    labels = detect("en", "                       SERI KENANGA LOGISTICS SDN. BHD.\n   Company No. 201501023456\n",
                    {"SERI KENANGA": "ORG", "SDN": "ORG", "BHD": "ORG"})
    assert ("SERI KENANGA LOGISTICS SDN. BHD.", "ORGANIZATION") in labels
    assert ("Luz Marina Tello Ruiz", "PERSON") in detect("es", "Abog. Luz Marina Tello Ruiz\nRegistradora\n",
                                                               {"Marina Tello Ruiz": "PER"})
    assert ("M. Vogt-Risch", "PERSON") in detect("de", "Die Sachbearbeiterin: M. Vogt-Risch\nGebühr: CHF 25.00\n")


def test_round_89_a_payroll_table_of_contributions():
    text = ("SECTION C - CONTRIBUTIONS RECORDED (J$)\nPeriod           Gross Pay     Employee 3%    Employer 3%\n"
            "Apr-Jun 2023     937,500.00      28,125.00      28,125.00\n"
            "TOTAL          3,793,700.00     113,811.00     113,811.00\n")
    assert [t for t, label in detect("en", text) if label == "MONEY"] == [
        "937,500.00", "28,125.00", "28,125.00", "3,793,700.00", "113,811.00", "113,811.00"]


def test_round_90_keywords_of_six_countries():
    cases = [
        ("es", "NIT 1023456027 – N° Empleador CNS 01-730-0457\nNUA/CUA:                31245789\n",
         ["1023456027", "01-730-0457", "31245789"]),
        ("es", "Médico Internista - Caja Profesional N.º 41.286\n", ["41.286"]),
        ("es", "Parte policial Nº:     3271/2024   -  41ª Comisaría\n"
               "Causa JPL:             Rol 18.552-2024, 2º Juzgado\n"
               "   Patente (PPU):      KT-RL-48\n", ["3271/2024", "18.552-2024", "KT-RL-48"]),
        ("es", "con código SACE 2024-11B-027.\nAMPARO INDIRECTO:        487/2024-III\n",
         ["2024-11B-027", "487/2024-III"]),
        ("de", "       Geburtseintrag:     G 89/2025\n", ["G 89/2025"]),
        ("de", "   3.6  Liegenschaft Schaan, Parz. Nr. 2871", ["2871"]),
    ]
    for language, text, ids in cases:
        assert found(IdNumberRecognizer(language), text) == ids, text
    # a role without its number, a patent in running text
    assert found(IdNumberRecognizer("es"), "El empleador pagó la patente del local.") == []


def test_round_90_a_uruguayan_road():
    text = "Domicilio:   Cno. Castro 1127, apto. 3, Montevideo"
    assert "Cno. Castro 1127, apto. 3" in found(AddressRecognizer("es"), text)


def test_round_91_identifiers_addresses_and_swiss_amounts():
    cases = [
        ("en", "Plot No.           : 18852\n", ["18852"]),
        ("en", "NIC No. (old format)  : 782314673V\n", ["782314673V"]),
        ("es", "Orden de inhumación: OI/GDL/2025/1962\nRegistro médico 76-4521-08\nLicencia SST 2871/2016\n",
         ["OI/GDL/2025/1962", "76-4521-08", "2871/2016"]),
        ("pt", "€ 674,48, conforme documento de cobrança n.º 161 2024 0045 8832 19.", ["161 2024 0045 8832 19"]),
        ("pt", "matrícula da certidão de nascimento\n084319 01 55 2021 1 00078 142 0035612 27.",
         ["084319 01 55 2021 1 00078 142 0035612 27"]),
    ]
    for language, text, ids in cases:
        assert found(IdNumberRecognizer(language), text) == ids, text
    text = "Localização:  Quadra 18, Lote 042, Gaveta 2"
    assert "Quadra 18, Lote 042, Gaveta 2" in found(AddressRecognizer("pt"), text)
    text = ("   2.1  Beiträge AHV/IV/FAK/ALV                            -8'562\n"
            "        Steuerpflichtiger Erwerb                          161'950\nEinwohner 12'000 im Jahr\n")
    assert found(MoneyRecognizer("de"), text) == ["-8'562", "161'950"]
