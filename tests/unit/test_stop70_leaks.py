"""Leaks closed at stop 70, each found in a probe document written with an answer key (an Indian sale deed and police
verification report, an Ontario compensation claim, a Lagos certificate of occupancy, a Centrelink letter, a German
dunning order, car insurance claim and parental allowance application, a Swiss debt register extract and tax return,
a Colombian clinical record and constitutional complaint, an Argentine pension application, a Chilean car sale, a
Mexican birth certificate and tax notice, a Spanish owners' meeting, an Angolan employment contract and identity card
renewal, a Portuguese accident report)."""

from app.detection.addresses import AddressRecognizer
from app.detection.identifiers import IdNumberRecognizer
from app.detection.machine_codes import RecordCodeRecognizer
from app.detection.patterns import MoneyRecognizer, PostalCodeRecognizer, UsernameRecognizer
from tests.unit.fakes import detect, found


def test_amounts_of_naira_before_a_comma_and_of_kwanza_in_a_column():
    assert found(MoneyRecognizer("en"), "Annual Ground Rent : N45,000.00, payable annually in advance.\n") == [
        "N45,000.00"]
    assert found(MoneyRecognizer("pt"), "   Subsídio de transporte ......... Kz  25.000,00\n") == ["Kz  25.000,00"]
    # a decimal number after the letter is no amount
    assert found(MoneyRecognizer("en"), "Section N45,000.00.5 of the file\n") == []


def test_postal_codes_of_australia_india_and_poland():
    assert found(PostalCodeRecognizer("en"), "  CRN:   318 604 227K\nBELCONNEN  ACT  2617\n") == ["2617"]
    assert found(PostalCodeRecognizer("en"), "R/o 12, Model Colony, Shivajinagar, Pune 411016  sd/-\n") == ["411016"]
    assert found(PostalCodeRecognizer("de"), "Kowalska, Halina (Mutter von P2), 31-150 Kraków, Polen – CHF 4'800\n") == [
        "31-150"]
    assert found(PostalCodeRecognizer("en"), "Address: ul. Długa 5, 31-150 Kraków, Poland\n") == ["31-150"]
    # a range of numbers before a capitalised word is no postal code without the country
    assert found(PostalCodeRecognizer("de"), "Seiten 12-345 Anhang\n") == []


def test_an_indian_house_number_before_a_comma():
    text = "2. Meenakshi Venkatraman, 44, North Main Road, Koregaon Park, Pune 411001  sd/-\n"
    assert found(AddressRecognizer("en"), text) == ["44, North Main Road"]
    assert found(AddressRecognizer("en"), "R/o 12, Model Colony, Shivajinagar\n") == ["12, Model Colony"]
    assert found(AddressRecognizer("en"), "In 2019, North Road was closed.\n") == []


def test_english_keywords_of_indian_canadian_and_nigerian_records():
    text = ("  WSIB Firm No.: 7714 092\n"
            "paid through e-SBTR / GRN No. MH004127739851202324E]\n"
            "C of O No.           : 41/41/2019R\n"
            "  TIN (LIRS)         : 20873451-0001\n"
            "Enquiry by : CPO 6723 Sajith Krishnan P.\n"
            "Forwarded by : Sri. Abdul Rasheed M. (PEN 441208)\n"
            "Passport Police App, Ack. No. MPP24TSR0091732\n"
            "Ambulance Patient Report Form, incident 88213407   27/08/2023\n")
    assert found(IdNumberRecognizer("en"), text) == [
        "7714 092", "MH004127739851202324E", "41/41/2019R", "20873451-0001", "6723", "441208", "MPP24TSR0091732",
        "88213407"]
    # an incident in words, a pen's number of words
    assert found(IdNumberRecognizer("en"), "The incident 12 days ago; PEN 12 ink\n") == []


def test_codes_joined_by_slashes_before_a_number():
    text = ("(Regn. No. PNA/PNA(5)/HSG/TC/4412/1989), standing on land\n"
            "delineated on Survey Plan No. LS/D/LA 4518 annexed hereto\n"
            "  SC/LA 6721A     713 402.118       555 918.604\n")
    assert found(RecordCodeRecognizer(), text) == ["PNA/PNA(5)/HSG/TC/4412/1989", "LS/D/LA 4518", "SC/LA 6721A"]
    # not a year after a space, nor a standard
    assert found(RecordCodeRecognizer(), "The HIV/AIDS 2020 report and ISO/IEC 27001.\n") == []


def test_german_firms_cards_policies_receipts_and_accounts():
    text = "Prozessbevollmächtigte: Rechtsanwältin Dr. Friederike Haßelbach, Kanzlei Haßelbach & Demir PartGmbB,\n"
    assert ("Kanzlei Haßelbach & Demir PartGmbB", "ORGANIZATION") in detect("de", text, {"Haßelbach": "PER"})
    text = "Vater:  Disponent, Hafenlogistik Reiherstieg GmbH & Co. KG, Betriebsnr. 83741926,\n"
    assert ("Hafenlogistik Reiherstieg GmbH & Co. KG", "ORGANIZATION") in detect(
        "de", text, {"Reiherstieg GmbH & Co. KG": "ORG"})
    text = ("Die Zahlung wurde Ihrer Kreditkarte (Mastercard, endend auf 4471) belastet.\n"
            "   Versicherungsschein-Nr.: 48 112 907 553-K\n"
            "Bezahlt mit girocard, Kassenbeleg 2024-02-12-0917\n"
            "Quote Bank AG            Depot 7720-41188                    61'204\n"
            "BVG-Vers.-Nr.: 4471882\n")
    assert found(IdNumberRecognizer("de"), text) == ["4471", "48 112 907 553-K", "2024-02-12-0917", "7720-41188",
                                                     "4471882"]
    text = "AHV-Nr. (AHVN13)      756.4471.2980.13                756.9023.6614.58\n"
    assert {"756.4471.2980.13", "756.9023.6614.58"} <= set(found(IdNumberRecognizer("de"), text))


def test_spanish_american_keywords_and_registrations():
    text = ("   PPU ............. KXTR.47-2               N° Motor ........ 2NR-F847193\n"
            "Folio de impresión: A 2024 3318470          Costo de derechos: $137.00 M.N.\n"
            "CUD N.º ARG-02-00033194508-20170614-20270614-BUE-7;\n"
            "Dra. Marcela Fernanda Quiroga, abogada, T.º 104 F.º 877 CPACF,\n"
            "Se aprueba la oferta de Orona, S. Coop. (presupuesto P-24-00871), en 10 cuotas.\n"
            "Crédito fiscal determinado el 10/04/2024 – Acuse 2024NB0098812XZ\n")
    assert found(IdNumberRecognizer("es"), text) == [
        "KXTR.47-2", "2NR-F847193", "A 2024 3318470", "ARG-02-00033194508-20170614-20270614-BUE-7", "T.º 104 F.º 877",
        "P-24-00871", "2024NB0098812XZ"]
    assert found(IdNumberRecognizer("es"), "Firma electrónica: 7Fq2kLw9mRzT0xVbN3aHcYe8PdS1uJgQ==\n") == [
        "7Fq2kLw9mRzT0xVbN3aHcYe8PdS1uJgQ"]
    assert found(UsernameRecognizer(), "Impreso por: mcardona  2024-04-17 10:15  |  Página 1 de 2\n") == ["mcardona"]


def test_a_complainants_name_and_a_firm_with_its_article_and_argentine_form():
    text = "ACCIONANTE:   LUZ MARINA OROZCO DE LA HOZ, en nombre propio y en\n"
    assert ("LUZ MARINA OROZCO DE LA HOZ", "PERSON") in detect("es", text)
    text = "    Desde    Hasta    Tareas\nFrigorífico La Pampeana S.R.L.             30-54718823-1   01/03/1987\n"
    assert ("Frigorífico La Pampeana S.R.L.", "ORGANIZATION") in detect("es", text, {"Pampeana S.R.L": "MISC"})


def test_spanish_flats_in_a_column_a_consulting_room_and_a_mexican_side_of_town():
    text = ("  Piso    Propietario                  Ref. catastral         Deuda €\n"
            "  Bajo A  Florin Constantin Popescu    9872103VK4792C0001XE   1.284,60\n"
            "  1.º C   Hdros. de Remedios Galán Soto   9872103VK4792C0003ZT   1.284,60\n")
    assert found(AddressRecognizer("es"), text) == ["Bajo A", "1.º C"]
    assert found(AddressRecognizer("es"), "REPS: 050010214401   Cra. 43A # 7 Sur-170, Cons. 412, Medellín\n") == [
        "Cra. 43A # 7 Sur-170, Cons. 412"]
    assert found(AddressRecognizer("es"), "Av. López Mateos Nte. 1150, Piso 3, Tel. 33 3615 2290\n") == [
        "Av. López Mateos Nte. 1150, Piso 3"]
    # an ordinal in a list's text is no flat
    assert found(AddressRecognizer("es"), "  1.º Que el demandado\n") == []


def test_portuguese_and_angolan_forms_payments_and_identity_cards():
    text = ("DECLARAÇÃO AMIGÁVEL DE ACIDENTE AUTOMÓVEL          Impresso n.º DAAA 0417729\n"
            "Referência RUPE: 2300 0145 8812 6674 301   Pago em 12/02/2024 no BAI\n"
            "N.º do BI a renovar ... 004718265LA039\n")
    assert found(IdNumberRecognizer("pt"), text) == ["DAAA 0417729", "2300 0145 8812 6674 301", "004718265LA039"]


def test_new_zealand_postal_codes_after_the_town_and_indian_streets_by_number():
    text = "Residential address:    27B Kowhai Street, Onerahi, Whangārei 0110\nPostal:  PO Box 8812, Whangārei 0148\n"
    assert found(PostalCodeRecognizer("en"), text) == ["0110", "0148"]
    assert found(PostalCodeRecognizer("en"), "Meeting minutes, Greytown 2023\n") == []  # a year
    text = "  H. No. 1185, Street No. 4, Model Town Extension, Ludhiana, Punjab - 141002\n"
    assert found(AddressRecognizer("en"), text) == ["H. No. 1185, Street No. 4"]


def test_more_keywords_of_forms_in_four_languages():
    text = "  IFSC: KMBL0000214      MICR: 411187023\nMaker: Ajinkya Deshmukh (Emp. Code KM10457)\n"
    assert found(IdNumberRecognizer("en"), text) == ["KMBL0000214", "411187023", "KM10457"]
    text = "Zahlschein-Referenz (EPS): 9184 3270 0003 12\nNebenobjekt:   Stellplatz Nr. 117 (Tiefgarage)\n"
    assert found(IdNumberRecognizer("de"), text) == ["9184 3270 0003 12", "117"]
    text = "                    Folio N°: 3-58214763\nRegistro Superintendencia de Salud: 482713\n"
    assert found(IdNumberRecognizer("es"), text) == ["3-58214763", "482713"]
    text = ("   Código da unidade ..... 3160421\n  Norte: Talhão n.º 282 - Sr. Ahmad Karim Issufo\n"
            "  Apto 1204     Vaga de garagem: G2-87\n")
    assert found(IdNumberRecognizer("pt"), text) == ["3160421", "282", "G2-87"]
    assert found(IdNumberRecognizer("en"), "2  RTGS    HDFCR52023081600918823  SBI A/c No. 30418827561\n")[0] == (
        "HDFCR52023081600918823")


def test_addresses_with_a_neighbourhood_a_house_a_zone_and_the_back():
    assert found(AddressRecognizer("es"), "Domicilio: CALLE PASEO DE LOS NOGALES 1187, COL. LOS GUAYABOS,\n") == [
        "CALLE PASEO DE LOS NOGALES 1187, COL. LOS GUAYABOS"]
    # the neighbourhood, not the postal code's abbreviation after it
    assert found(AddressRecognizer("es"), "Av. López Mateos Nte. 1150, Piso 3, Col. Italia Providencia, C.P. 44648\n") == [
        "Av. López Mateos Nte. 1150, Piso 3, Col. Italia Providencia"]
    assert found(AddressRecognizer("es"), "domiciliado en la\nCalle 10 Sur # 50FF-28, Apto. 1203, Medellín\n") == [
        "Calle 10 Sur # 50FF-28, Apto. 1203"]
    text = "Residência anterior: Bairro Popular, Rua 8, Casa 41, Kilamba Kiaxi\nBairro: Mabor, Rua 14, Casa n.º 22, Zona 7\n"
    assert found(AddressRecognizer("pt"), text) == ["Rua 8, Casa 41", "Rua 14, Casa n.º 22, Zona 7"]
    assert found(AddressRecognizer("pt"), "   Morada ....... Rua de Costa Cabral, 1488, 2.º Dto. Trás\n") == [
        "Rua de Costa Cabral, 1488, 2.º Dto. Trás"]
    assert found(AddressRecognizer("de"), "   Immobilien Rheinblick AG, Steinenvorstadt 67, 4051 Basel\n") == [
        "Steinenvorstadt 67"]


def test_a_colombian_firm_and_its_company_abbreviation_before_the_form():
    text = "de una parte INVERSIONES MONTOYA RESTREPO & CÍA. S.A.S.,\nNIT 900.482.771-2\n"
    assert ("INVERSIONES MONTOYA RESTREPO & CÍA. S.A.S.", "ORGANIZATION") in detect("es", text)
    # the abbreviation ends a sentence before a sentence's first word
    assert ("Gómez y Cía", "ORGANIZATION") in detect("es", "Trabaja en Gómez y Cía. El contrato vence hoy.\n")


def test_surnames_before_given_names_in_a_list_of_residents():
    text = ("Componentes de la hoja padronal:\n"
            " 3  EL AMRANI LACASA, LUCÍA       DNI 73041265G   22/06/2006      Zaragoza         ESPAÑOLA\n"
            " 4  EL AMRANI LACASA, ADAM        ---             08/12/2012      Zaragoza         ESPAÑOLA\n")
    persons = [t for t, label in detect("es", text) if label == "PERSON"]
    assert persons == ["EL AMRANI LACASA, LUCÍA", "EL AMRANI LACASA, ADAM"]
    # a given name that is a common word too only opens a list's row ("lucía": "it shone")
    assert ("TORRE, LUCÍA", "PERSON") not in detect("es", "Vimos la TORRE, LUCÍA de noche.\n")


def test_neutral_citations_canadian_postal_codes_after_bc_and_indian_pins_in_two_groups():
    text = "Date: 20240318\n           2024 BCPC 0611\n"
    assert found(IdNumberRecognizer("en"), text) == ["2024 BCPC 0611"]
    # a standard after a year is no citation
    assert found(IdNumberRecognizer("en"), "certified since 2019 ISO 27001 and 2020 WHO 123\n") == []
    assert found(PostalCodeRecognizer("en"), "     #14 - 8871 Williams Road, Richmond, B.C. V7A 1H3. On June\n") == [
        "V7A 1H3"]
    assert found(PostalCodeRecognizer("en"), "No. 42, Dr. Radhakrishnan Salai, Mylapore, Chennai - 600 004\n") == [
        "600 004"]
    assert found(IdNumberRecognizer("en"), "RIYA RAGHAVAN      UHID     : SVM.0023984417\n") == ["SVM.0023984417"]


def test_firms_in_capitals_with_their_forms_and_sizes():
    text = "AND:\n                KOWALCZYK RENOVATIONS LTD. and TOMASZ KOWALCZYK\n"
    assert ("KOWALCZYK RENOVATIONS LTD.", "ORGANIZATION") in detect("en", text)
    text = "02 Razão Social/Nome: PADARIA E CONFEITARIA BELLA NAPOLI LTDA - EPP\n03 Endereço: Rua X\n"
    assert ("PADARIA E CONFEITARIA BELLA NAPOLI LTDA - EPP", "ORGANIZATION") in detect("pt", text)


def test_swiss_francs_in_a_column_and_a_forensic_case():
    text = "        Gebühr Strafbefehl               Fr.    800.00\n        Kosten Polizei    Fr.    240.00\n"
    assert found(MoneyRecognizer("de"), text) == ["Fr.    800.00", "Fr.    240.00"]
    assert found(IdNumberRecognizer("de"), "Rechtsmedizin (IRM-Fall 24-00271) ergab\n") == ["24-00271"]


def test_spanish_american_and_brazilian_keywords_streets_and_shapes():
    text = "  Ajustador: Marisol Quiñones Baeza, clave 48815, cel. 55\nCódigo SIMAT:  45210338          Matrícula\n"
    assert found(IdNumberRecognizer("es"), text) == ["48815", "45210338"]
    assert found(AddressRecognizer("es"), "Hermanos Cárdenas, S. de R.L., Calz. de Tlalpan 3120.\n") == [
        "Calz. de Tlalpan 3120"]
    text = "32 CNPJ e Nome da Entidade Sindical Laboral: 60.991.514/0001-08\n(Balcão 0214), e por Sr. Francisco\n"
    assert found(IdNumberRecognizer("pt"), text) == ["60.991.514/0001-08", "0214"]
    assert found(AddressRecognizer("pt"), "Endereço: Rua Cel. Rodrigues, 118, fundos – Vila Guilhermina,\n") == [
        "Rua Cel. Rodrigues, 118, fundos"]


def test_meters_a_florida_quadrant_a_unit_before_its_comma_and_slashed_references_with_two_numbers():
    text = "Kaltwasser Bad  KW 19-4471803    112,384 m³\nHKV Wohnzimmer  6X-00938211          1.204\n"
    assert found(IdNumberRecognizer("de"), text) == ["19-4471803", "6X-00938211"]
    assert found(AddressRecognizer("en"), " 3. Home address:     8421 NW 37th Ct, Apt 212, Sunrise, FL 33351\n") == [
        "8421 NW 37th Ct, Apt 212"]
    assert found(AddressRecognizer("en"), "      Lot 27, Phoenix Park Avenue\n") == ["Lot 27"]
    assert found(RecordCodeRecognizer(), "Boletim hospitalar:     HGM/MAT/2024/05173\n") == ["HGM/MAT/2024/05173"]


def test_spanish_lists_with_given_names_in_lower_case_and_chilean_and_argentine_numbers():
    text = "Madre       MAMANI CHOQUE, Juana      11/02/1951  X3298175K   -        412,00\n"
    assert ("MAMANI CHOQUE, Juana", "PERSON") in detect("es", text)
    text = ("(Auto 312/2019 del Juzgado de Primera Instancia)\n"
            "Roles de avalúo: depto. 1612-187; bodega 1612-298; estac. 1612-341.\n"
            "Aguas Andinas\nN° 3347812-K, Metrogas.\n"
            "Escuela Primaria N° 1.347 \"Juana Azurduy\"\n")
    assert found(IdNumberRecognizer("es"), text) == ["312/2019", "1612-298", "1612-341", "3347812-K", "1.347"]
    assert found(AddressRecognizer("es"), "Carretera a Tesistán Km 8.5, Nave 4, Parque Industrial\n") == [
        "Carretera a Tesistán Km 8.5"]


def test_portuguese_and_brazilian_pupils_councils_registers_and_firms_in_capitals():
    text = ("        N.º interno de aluno: 18452\nDr. Marcelo Vilaça Drummond,\nCRM-MG 48.213, anexo.\n"
            "cadastro municipal (IPTU) nº 3421.42.17.0183.01054.\n")
    assert found(IdNumberRecognizer("pt"), text) == ["18452", "CRM-MG 48.213", "3421.42.17.0183.01054"]
    text = "Estabelecimento frequentado em 2023/2024: EB de Sobrado, 4.º ano\n"
    assert ("EB de Sobrado", "ORGANIZATION") in detect("pt", text, {"Sobrado": "LOC"})
    text = "INTERVENIENTE: LUZ DO CAMBUÍ NEGÓCIOS IMOBILIÁRIOS LTDA., CNPJ 18.334.907/0001-52,\n"
    assert ("LUZ DO CAMBUÍ NEGÓCIOS IMOBILIÁRIOS LTDA", "ORGANIZATION") in detect("pt", text)


def test_a_run_of_legal_forms_walks_back_a_bounded_number_of_tokens():
    """Each form of "Cía. Cía. …" walked back over every form before it (quadratic in a sentence, stop 70): the walk
    stops after six tokens, so a form of three words with its joiners stays whole."""
    from app.detection.rules import OrgSuffixRule, RuleContext
    from app.tokenization import split_sentences

    text = "Aa " + "Cía. " * 150
    rule = OrgSuffixRule("es")
    proposals = rule.apply(RuleContext(text, split_sentences(text), [], "es"))
    assert proposals and max(len(e.text.split()) for e in proposals) <= 8
    assert ("Autohaus Kübler GmbH & Co. KG", "ORGANIZATION") in detect("de", "bei der Autohaus Kübler GmbH & Co. KG.\n")


def test_round_119s_codes_and_brazilian_and_portuguese_keywords():
    """Round 119 was written after the stop's other fixes and scored before these."""
    assert found(IdNumberRecognizer("en"), "  IELTS:         TRF 23PH004917BAUM01, overall band 7.5\n") == [
        "23PH004917BAUM01"]
    assert found(IdNumberRecognizer("en"), "THE QUICKBROWNFOXJUMPS OVER\n") == []  # letters only
    assert found(RecordCodeRecognizer(), " Código de verificação NFS-e 4821: 7KQ2-MX9A (Prefeitura)\n") == ["7KQ2-MX9A"]
    assert found(RecordCodeRecognizer(), "an ABCD-1234 pair and 2024-0001\n") == []  # groups that mix nothing
    text = ("Mediação: Minhocasa - Mediação Imobiliária, Lda., AMI 14872,\n"
            "Contrato coletivo empresarial: Nortec Engenharia e Automação Ltda. - matr. 10488\n"
            " 03/04/2024  Clínica Crescer Integrar Ltda.          NFS-e 4821       1.200,00\n"
            "             CRFa 2-17734 / CPF 087.355.140-00\n")
    assert found(IdNumberRecognizer("pt"), text) == ["14872", "10488", "4821", "CRFa 2-17734", "087.355.140-00"]
