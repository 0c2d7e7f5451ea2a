"""Leaks closed at stop 65, each found in a probe document written with an answer key (a Nigerian police extract, a
Malawian land lease, a South African rates account, a Hong Kong stamping certificate, a New Zealand ACC letter, Swiss
and Luxembourg letters, Cuban, Guatemalan and Bissau-Guinean civil registers, a Mexican power of attorney, a Peruvian
vehicle register, an Argentine tax certificate, a Honduran labour complaint, a Spanish court's and a Timorese school's
letterheads): currencies of four more countries, register entries of any two named numbers, surnames in capitals
before a comma, phones after a shared field and a name, Swiss and Luxembourg postal codes, Hong Kong flats and a
public body's number before its place."""

from app.detection.addresses import AddressRecognizer
from app.detection.identifiers import IdNumberRecognizer
from app.detection.patterns import MoneyRecognizer, PostalCodeRecognizer
from tests.unit.fakes import detect, found


def test_naira_kwacha_rand_and_lempira_amounts():
    assert found(MoneyRecognizer("en"), "the sum of N185,000.00 (cash) and a fee of N2,500 vide Remita; N1 rating, "
                                        "N 2 items") == ["N185,000.00", "N2,500"]
    assert found(MoneyRecognizer("en"), "Ground Rent:   MK 85,000.00 per annum; Premium Paid: MK 1,450,000.00") == [
        "MK 85,000.00", "MK 1,450,000.00"]
    text = "Market Value:      R 2 850 000,00\nWater  18 kl     R 27,05\nPayment of R 3 412,18 received; R 2.5 stat"
    assert found(MoneyRecognizer("en"), text) == ["R 2 850 000,00", "R 27,05", "R 3 412,18"]
    assert found(MoneyRecognizer("es"), "Décimo tercer mes proporcional     2 meses         L  1,975.00\n") == [
        "L  1,975.00"]


def test_an_amount_of_cfa_francs_in_words():
    assert found(MoneyRecognizer("pt"), "Emolumentos pagos: 15 000 FCFA (quinze mil francos CFA), recibo.") == [
        "15 000 FCFA", "quinze mil francos CFA"]


def test_a_register_entry_of_any_two_named_numbers():
    cases = [  # (each number of the entry, its words kept)
        ("es", "Provincia: LA HABANA              Tomo: 147        Folio: 283\n", ["147", "283"]),
        ("es", "INSCRIPCIÓN DE NACIMIENTO\nLibro 119, Folio 87, Partida 1734, Registro Civil de Salcajá",
         ["119", "87", "1734"]),
        ("es", "LIBRO 9                                        FOLIO 45,902\n", ["9", "45,902"]),
        ("es", "inscrito bajo el N° 2.184, folio 412, Sección Inmuebles", ["2.184", "412"]),
        ("pt", "Assento n.º:      1.284 / 2023          Livro: C-17     Folhas: 142 v.º\n",
         ["1.284 / 2023", "C-17", "142 v.º"]),
        ("de", "eingetragen in Band 12 und Heft 7 des Registers", ["12", "7"]),
        # a language's own entry (the whole entry) after two numbers of this one
        ("en", "recorded in Book 2214, Page 87 and Volume 1187 Folio 344.", ["2214", "87", "Volume 1187 Folio 344"]),
    ]
    for language, text, entries in cases:
        assert found(IdNumberRecognizer(language), text) == entries, text
    # pages and sections alone name no entry, one named number is no entry
    assert found(IdNumberRecognizer("es"), "Véase la página 12, sección 3 del informe y el folio 7.") == []
    assert found(IdNumberRecognizer("en"), "See Vol. 3, page 45 of the report.") == []


def test_surnames_in_capitals_before_a_comma_and_first_names():
    text = ("Apellidos y nombres                          Documento\n"
            "QUISPE HUAMANÍ, JOSÉ LUIS                    DNI 41827365\n"
            "Gravamen a favor de MARTÍNEZ SOTO, CARLOS ENRIQUE (DNI 09475183).\n"
            "  GARCÍA RÍOS, TOMÁS            CUIL 20-29877104-8\n")
    labels = detect("es", text, {"HUAMANÍ": "ORG", "JOSÉ LUIS": "MISC", "SOTO": "ORG"})
    for name in ("QUISPE HUAMANÍ, JOSÉ LUIS", "MARTÍNEZ SOTO, CARLOS ENRIQUE", "GARCÍA RÍOS, TOMÁS"):
        assert (name, "PERSON") in labels
    # a place and its country, no surnames
    labels = detect("es", "Ciudad:\nSAN JOSÉ, COSTA RICA\n", {"SAN JOSÉ": "LOC"})
    assert all(label != "PERSON" for _, label in labels)


def test_phones_after_a_shared_field_a_footer_and_a_name():
    text = ("Tel / E-mail:           6287 0415 / cecilia.leung88@netvigator.com\n"
            "Enquiries: 2594 3202    www.ird.gov.hk\n"
            "Your recovery team member is Hemi. You can reach Hemi on\n03 964 2275 or by e-mail.\n")
    labels = detect("en", text)
    for phone in ("6287 0415", "2594 3202", "03 964 2275"):
        assert (phone, "PHONE") in labels


def test_swiss_and_luxembourg_postal_codes():
    text = ("Rosenbergstrasse 42 · Postfach · 9001 St. Gallen\n"
            "Hinterdorfstrasse 17\n                  9043 Trogen\n\n"
            "Immobilien Sonnhalde AG, Rychenbergstrasse 41,\n                   8400 Winterthur\n"
            "12, rue de la Gare  ·  L-3236 Bettembourg\n"
            "Seite 2\n   2024 Bericht\n")
    assert found(PostalCodeRecognizer("de"), text) == ["9001", "9043", "8400", "L-3236"]


def test_hong_kong_flats_by_floor_block_and_tower():
    text = ("3/F, Revenue Tower, 5 Gloucester Road, Wan Chai\n"
            "Correspondence Addr.:   Flat C, 18/F, Block 2, Laguna City, 23 Cha Kwo Ling Road,\n"
            "Flat 12, 27/F, Tower 5, Kingswood Villas, 1 Tin Wu Road\n"
            "The flat C, and the 4/F report.\n")
    addresses = found(AddressRecognizer("en"), text)
    for value in ("3/F", "Flat C, 18/F, Block 2", "Flat 12, 27/F, Tower 5"):
        assert value in addresses
    assert not any("4/F" in a or a == "flat C" for a in addresses)


def test_a_public_body_with_its_number_before_its_place():
    text = "JUZGADO DE PRIMERA INSTANCIA N.º 7 DE VALÈNCIA\nAvinguda del Saler, 14\n\nDILIGENCIA DE ORDENACIÓN\n"
    assert ("JUZGADO DE PRIMERA INSTANCIA N.º 7 DE VALÈNCIA", "ORGANIZATION") in detect("es", text)
    text = "NOTARÍA PÚBLICA NÚMERO 147 DE GUADALAJARA, JALISCO\nAv. Hidalgo 1832\n\nPODER GENERAL\n"
    assert ("NOTARÍA PÚBLICA NÚMERO 147 DE GUADALAJARA, JALISCO", "ORGANIZATION") in detect("es", text)
    text = "MINISTÉRIO DA EDUCAÇÃO\nESCOLA BÁSICA CENTRAL N.º 3 DE BECORA\nRua de Becora, Díli\n\nFICHA\n"
    assert ("ESCOLA BÁSICA CENTRAL N.º 3 DE BECORA", "ORGANIZATION") in detect("pt", text)
    # a number with lower case after it is no body's place
    assert all(label != "ORGANIZATION" for _, label in detect("es", "JUZGADO N.º 7 de la ciudad\n\nTexto.\n"))


def test_a_kenyan_tax_pin_and_a_costa_rican_identity_card_in_a_table():
    labels = detect("en", "1      03.09.2011   WANJIRU NJERI KAMAU            22817465    A004519827K\n")
    assert ("A004519827K", "NATIONAL_ID") in labels
    labels = detect("es", "Ana Lucía Quesada Zúñiga        1-1342-0876     Contadora\n",
                    {"Ana Lucía Quesada Zúñiga": "PER"})
    assert ("1-1342-0876", "NATIONAL_ID") in labels
    # (the card has no check digit: its shape alone, never inside a longer number)
    assert all(label != "NATIONAL_ID" for _, label in detect("es", "Expediente 10-1342-0876 y 1-1342-08765\n"))


def test_keywords_of_registers_claims_and_councils():
    assert found(IdNumberRecognizer("en"), "Dictated by:  Dr O. Adeyemi-Walsh, SHO, MCRN 428815\n"
                                           "NSSF NUMBER:       NS 004 1829 7731\n") == ["428815", "NS 004 1829 7731"]
    assert found(IdNumberRecognizer("de"), "Ihr Schadenzeichen:      S-25-0173364\nVerifizierungscode: 7KQ2-M9XD-4P"
                 ) == ["S-25-0173364", "7KQ2-M9XD-4P"]
    assert found(IdNumberRecognizer("es"), "Número patronal:      2-03101456789-001-001\nnúmero catastral "
                                           "2954-4-07-012-00451, inscrito") == ["2-03101456789-001-001",
                                                                               "2954-4-07-012-00451"]


def test_letterheads_with_ordinals_in_letters_quoted_names_and_police_commands():
    text = ("INSTITUTO MEXICANO DEL SEGURO SOCIAL\nUNIDAD DE MEDICINA FAMILIAR No. 147 \"COYOACÁN\"\n"
            "OFICIALÍA DEL ESTADO CIVIL DE LA 3RA. CIRCUNSCRIPCIÓN DE SANTIAGO\nCOMANDO DEPARTAMENTAL DE COCHABAMBA\n\n"
            "Texto.\n")
    labels = detect("es", text)
    for body in ("UNIDAD DE MEDICINA FAMILIAR No. 147 \"COYOACÁN\"",
                 "OFICIALÍA DEL ESTADO CIVIL DE LA 3RA. CIRCUNSCRIPCIÓN DE SANTIAGO",
                 "COMANDO DEPARTAMENTAL DE COCHABAMBA"):
        assert (body, "ORGANIZATION") in labels


def test_irish_particles_join_a_name_and_bolivianos_in_words():
    labels = detect("en", "GP:               Dr Ciara Nic Giolla Phádraig, Castletroy Medical Centre,\n",
                    {"Ciara": "PER", "Giolla Phádraig": "PER"})
    assert ("Ciara Nic Giolla Phádraig", "PERSON") in labels
    assert found(MoneyRecognizer("es"), "Costo: Bs 75.- (setenta y cinco 00/100 bolivianos).") == [
        "Bs 75.-", "setenta y cinco 00/100 bolivianos"]


def test_a_liechtenstein_postal_code_after_a_bar():
    assert found(PostalCodeRecognizer("de"), "Städtle 38 | Postfach 684 | 9490 Vaduz\nSeite 2 | 2024 Bericht") == [
        "9490"]


def test_a_tax_calculations_amounts_after_indented_notes_and_a_salary_column():
    text = ("INCOME                                                      £\n"
            "Pay from all employments                              41,372.00\n"
            "   Sheffield Teaching Hospitals NHS Foundation Trust\n"
            "   (employer PAYE ref 381/NA62045)\n"
            "Profit from self-employment                            8,915.00\n"
            "   Locum physiotherapy - sole trader\n"
            "UK interest                                              412.56\n"
            "\n"
            "Your calculation is explained in the notes that come with this letter, page by page.\n"
            "   See note 4.\n"
            "Page 2                                                  1,000.00\n")
    assert found(MoneyRecognizer("en"), text) == ["41,372.00", "8,915.00", "412.56"]
    text = ("Nombre                          Cédula          Ocupación           Salario (₡)\n"
            "Ana Lucía Quesada Zúñiga        1-1342-0876     Contadora           985.400,00\n"
            "José Manuel Rojas Solís         2-0713-0294     Catador de café     742.150,00\n")
    assert found(MoneyRecognizer("es"), text) == ["985.400,00", "742.150,00"]
    text = ("BERECHNUNG                                                     Euro\n"
            "Einkünfte aus nichtselbständiger Arbeit\n"
            "  Bezugsauszahlende Stelle: Steirische Antriebstechnik GmbH\n"
            "  Bezüge lt. Lohnzettel                                  58.412,36\n"
            "Sonderausgaben (Kirchenbeitrag)                            -400,00\n")
    assert found(MoneyRecognizer("de"), text) == ["58.412,36", "-400,00"]


def test_references_serials_and_policies_after_their_keywords():
    assert found(IdNumberRecognizer("pt"), "Sua referência: -\nNossa referência: PRS/DES/2025/0187442\n") == [
        "PRS/DES/2025/0187442"]
    assert found(IdNumberRecognizer("es"), "Indicativo Serial: 61847392              NUIP: 1034782915") == [
        "61847392", "1034782915"]
    assert found(IdNumberRecognizer("de"), "Ordnungsbegriff: 68-2023-E-0417735-3\nJura AG, Police 44.218.903-7\n"
                                           "Die Police ist gültig.") == ["68-2023-E-0417735-3", "44.218.903-7"]


def test_a_rand_amount_before_a_full_stop_and_keywords_of_police_doctors_and_debt_collection():
    assert found(MoneyRecognizer("en"), "the bag also held my insulin pen, valued at R640,00.\nR2.5 x") == ["R640,00"]
    assert found(IdNumberRecognizer("en"), "CAS No.:          CAS 412/08/2024\nDate") == ["412/08/2024"]
    assert found(IdNumberRecognizer("es"), "Dra. Valeria Ocampo (MN 112.507),\n   MN 104.776 – MP 332.118\n"
                                           "Folio: A-7781204\nEl MP 12 dijo") == ["112.507", "104.776", "332.118",
                                                                                   "A-7781204"]
    assert found(IdNumberRecognizer("de"), "Betreibung Nr.     24-018736\nAusgestellt") == ["24-018736"]


def test_a_register_entry_joined_by_prepositions():
    assert found(IdNumberRecognizer("pt"), "Predial de Luanda sob o n.º 18.503, a fls. 112 do Livro B-41; que") == [
        "18.503", "112", "B-41"]


def test_a_swiss_tax_returns_whole_francs_under_a_numbered_header():
    text = ("3. EINKÜNFTE                                          Ziffer          Fr.\n"
            "Unselbständiger Haupterwerb Person 1                    1.1       142'380\n"
            "Wertschriftenertrag (Wertschriftenverzeichnis)          4.1           612\n"
            "Total der Einkünfte                                     8         226'507\n"
            "\n4. ABZÜGE\n"
            "Beiträge Säule 3a Person 1                              13.1        7'056\n"
            "\nRückerstattung auf das Konto der Bank, wie im Vorjahr vereinbart wurde.\n"
            "Seite                                                               2\n")
    assert found(MoneyRecognizer("de"), text) == ["142'380", "612", "226'507", "7'056"]


def test_shapes_of_a_brazilian_bill_a_canadian_account_us_immigration_and_zimbabwean_judgments():
    assert found(IdNumberRecognizer("pt"), "Linha digitável:\n83650000002-6 93580047021-4 45883600300-8 84729152407-3\n"
                                           "  NIC:              13847265\n") == [
        "83650000002-6 93580047021-4 45883600300-8 84729152407-3", "13847265"]
    text = ("54 Employer's account number: 81234 5678 RP0001\nWAC2419052736      I129\n   A216-493-817\n"
            "        HH 187-23\n   HC 4412/21\nSee the HH 12 form and HC 4412.\n")
    assert found(IdNumberRecognizer("en"), text) == ["81234 5678 RP0001", "WAC2419052736", "A216-493-817", "HH 187-23",
                                                     "HC 4412/21"]


def test_a_register_entry_of_a_forms_fields_one_under_the_other_and_a_leaf_verso():
    text = ("Diploma n.º:            FACSMS-2024-00913\nRegistro n.º:           48.217\nLivro:                  112\n"
            "Folha:                  37\nProcesso n.º\n")
    assert found(IdNumberRecognizer("pt"), text) == ["48.217", "112", "37"]
    assert found(IdNumberRecognizer("pt"), "Assento n.º:  2417/2024\nLivro C-38, folha 119 verso\n") == [
        "2417/2024", "Livro C-38, folha 119 verso"]


def test_keywords_of_luxembourg_austria_puerto_rico_bolivia_honduras_hong_kong_and_namibia():
    text = "Matricule: 1962 0417 218 62\n(Zählpunkt AT0010000105000000000000004712385).\n(Heiratsregister E 812/2007)."
    assert found(IdNumberRecognizer("de"), text) == [
        "1962 0417 218 62", "AT0010000105000000000000004712385", "E 812/2007"]
    text = ("A:  LCDA. YARITZA COLÓN IRIZARRY (RUA NÚM. 18442)\nSOTOMAYOR      CASO CIVIL NÚM.: BY2023CV04187\n"
            "NUREJ:          201845672\nCertificación No.: 0501-C-2024-0187452\n")
    assert found(IdNumberRecognizer("es"), text) == ["18442", "BY2023CV04187", "201845672", "0501-C-2024-0187452"]
    text = "registration mark TK 8631, which\n          T 4127/2023\nBond B 3302/2023\nvon: CH-020.4.061.537-2\n"
    assert found(IdNumberRecognizer("en"), text) == ["TK 8631", "T 4127/2023", "B 3302/2023", "CH-020.4.061.537-2"]


def test_bermuda_and_australian_postcodes():
    text = ("30 Parliament Street, Hamilton HM 12\nApt 3B, 12 Point Shares Road, Pembroke HM 05\n"
            "Suburb: Wilston   State: QLD    Postcode: 4051\nThe HM 12 form.\n")
    assert found(PostalCodeRecognizer("en"), text) == ["HM 12", "HM 05", "4051"]


def test_names_in_chinese_japanese_and_korean_characters_after_a_name_field_or_in_brackets():
    from app.detection.cjk_names import CjkNameRecognizer

    text = ("Name (Eng.)   : CHEUNG Wing-yan, Vivian     Name (Chi.) : 張詠欣\n"
            "Chinese name: 李小龍\n성명: 김민준\n氏名：山田 太郎\n"
            "My colleague CHAN Tai-man (陳大文) said hello.\n"
            "這是一個很長的中文句子（不是名字而是說明文字）。Nombre: Ana\n")
    assert found(CjkNameRecognizer(), text) == ["張詠欣", "李小龍", "김민준", "山田 太郎", "陳大文"]
    assert found(CjkNameRecognizer(), "No such characters here: (Ana)") == []
    labels = detect("en", "Name (Chi.) : 張詠欣\nSex           : F\n")
    assert ("張詠欣", "PERSON") in labels


def test_a_date_and_an_amount_in_words_over_two_lines_keep_both_parts():
    labels = detect("es", "Se extiende en Quetzaltenango, el catorce de marzo de\ndos mil veinticuatro, a solicitud.")
    assert ("catorce de marzo de", "DATE") in labels and ("dos mil veinticuatro", "DATE") in labels
    labels = detect("pt", "Aos vinte e seis dias do mês de Fevereiro do ano de dois mil e vinte\ne quatro, nesta "
                          "Conservatória.\nValor: 8.742,16 € (oito mil setecentos e quarenta e dois euros e dezasseis\n"
                          "cêntimos), relativo a quotas.")
    for part, label in (("e quatro", "DATE"), ("oito mil setecentos e quarenta e dois euros e dezasseis", "MONEY"),
                        ("cêntimos", "MONEY")):
        assert (part, label) in labels


def test_a_payment_line_of_five_groups_long_codes_and_keywords_of_round_84():
    labels = detect("es", "Línea de captura:   2405 1711 3387 6620 9014\n\nCódigo de validación: CN-7F3K-92QX-4481\n"
                          "Seguro Social:   227-8841\n  CITAS:           2019-00648213-01-0002-001\nNOTARIO PÚBLICO,\n"
                          "carné 18274, correo")
    for value in ("2405 1711 3387 6620 9014", "CN-7F3K-92QX-4481", "227-8841", "2019-00648213-01-0002-001", "18274"):
        assert (value, "ID_NUMBER") in labels
    assert found(IdNumberRecognizer("pt"), "Número do recibo: 54.31.72.88.90-16\n"
                                           "Código: 24030415283472100000142558913\n") == [
        "54.31.72.88.90-16", "24030415283472100000142558913"]
    assert found(IdNumberRecognizer("de"), "Registernummer: 2024/BE-0381/GEB\n") == ["2024/BE-0381/GEB"]
    labels = detect("en", "Customer Ref. No.:  407 318 592K\nNRIC 850611-08-6123          NRIC 880927-07-5046\n")
    for value in ("407 318 592K", "850611-08-6123", "880927-07-5046"):
        assert (value, "ID_NUMBER") in labels


def test_pula_glued_a_rate_in_a_header_a_cadastral_key_and_welsh_patronymics():
    assert found(MoneyRecognizer("en"), "Monthly rent              P4,850.00\nDeposit (refundable)      P9,700.00\n"
                                        "a penalty of P250.00 per week. P2 and P45") == [
        "P4,850.00", "P9,700.00", "P250.00"]
    text = ("Quarter          Earnings   Member 5%   Employer 5%      Total\n"
            "Q1 2023          29,520.00    1,476.00      1,476.00   2,952.00\n")
    assert found(MoneyRecognizer("en"), text) == ["29,520.00", "1,476.00", "1,476.00", "2,952.00"]
    assert found(IdNumberRecognizer("es"), "Clave catastral:   1101 04 02 012 018 000\nSector") == [
        "1101 04 02 012 018 000"]
    labels = detect("en", "Mr Rhodri Llŷr ap Gwilym\nAwel ap Gwilym               Student\n",
                    {"Rhodri Llŷr": "PER", "Gwilym": "PER", "Awel": "PER"})
    assert ("Rhodri Llŷr ap Gwilym", "PERSON") in labels and ("Awel ap Gwilym", "PERSON") in labels


def test_keywords_and_a_deed_number_of_the_held_out_round():
    assert found(IdNumberRecognizer("en"), "                  No. DE2023 04417 D001\nby virtue of Deed No. "
                                           "DE2009 01183 D001.\n") == ["DE2023 04417 D001", "DE2009 01183 D001"]
    text = ("Código do imóvel rural:      950.084.123.456-7\nNIRF:        7.412.583-9\n"
            "Guia de recolhimento: 2401.7734.0918-22\nProntuário: 0048817-3                Atendimento: 2024/113452\n")
    assert found(IdNumberRecognizer("pt"), text) == ["950.084.123.456-7", "7.412.583-9", "2401.7734.0918-22",
                                                     "0048817-3", "2024/113452"]
    assert found(IdNumberRecognizer("es"), "Número de crédito:    0081-4472391\nISAI") == ["0081-4472391"]


def test_a_kenyan_plate_and_a_cartographic_code():
    labels = detect("en", " Motor vehicle KCB 417M (Toyota Premio)    KSh 850,000\n"
                          "The KPMG 2024 report, flight KLM 123.")
    assert ("KCB 417M", "ID_NUMBER") in labels and all("KLM" not in text for text, _ in labels)
    assert found(IdNumberRecognizer("pt"), "Código cartográfico:     3421.52.87.0145.01001\nInscrição") == [
        "3421.52.87.0145.01001"]
