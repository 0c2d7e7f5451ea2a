"""Leaks closed at stop 61, each found in a probe document written with an answer key (a tenancy tribunal's order, a
Liechtenstein register extract, a South Tyrolean residence certificate, a Costa Rican conciliation record, a Uruguayan
criminal record certificate, a Brazilian police report, a Singapore work pass letter, an Ontario small claims form, a
Swiss debt collection extract, a Colombian prescription, a Paraguayan car sale, an Angolan employment contract, a South
African traffic fine, a Scottish eviction decree, an Argentine discharge report, a Mozambican school enrolment, an
Indian police report, an Argentine disability certificate, a Brazilian traffic offence notice): "No:" without its full
stop, numbered companies, keywords in four languages, register numbers by their shape, currencies of Africa, Central
America and India in figures and in words, a state's code after its town, street names of Spanish America, Singapore's
and Canada's postal codes, name fields after a dot leader, a debt collection register's columns."""

from app.detection.addresses import AddressRecognizer
from app.detection.identifiers import IdNumberRecognizer
from app.detection.patterns import MoneyRecognizer
from tests.unit.fakes import detect, found


def test_a_number_after_no_without_its_full_stop_and_codes_of_hyphenated_groups():
    text = ("APPLICATION NO: 4318875\nLicence No:     4021000X7KP9   Licence Code: EB\n"
            "Infringement Notice No: 03-4021-00587314-6\n   FIR No.: 0412/2024      Date\n"
            "Application No.           : EPA24-0318-77520\n")
    ids = found(IdNumberRecognizer("en"), text)
    for value in ("4318875", "4021000X7KP9", "03-4021-00587314-6", "0412/2024", "EPA24-0318-77520"):
        assert value in ids
    # a date after "No:" stays a date, and "NO" in a sentence names nothing
    assert found(IdNumberRecognizer("en"), "Meeting No: 12-03-2024\nNO: we will not pay 12 pounds.\n") == []


def test_keywords_of_singapore_costa_rica_argentina_paraguay_and_mozambique():
    assert found(IdNumberRecognizer("en"), "FIN                       : G5187432N\nUEN : 201634592K\n") == [
        "G5187432N", "201634592K"]
    text = ("Distribuidora Los Ángeles del Norte S.A., cédula jurídica 3-101-654321, representada\n"
            "Médica tratante: Dra. Itziar Etxeberria Lasa – M.P. 447.218\n"
            "   Motor N°: 2GD-C512345\n   Chapa N°: AAFK 318                 Cédula\n")
    ids = found(IdNumberRecognizer("es"), text)
    for value in ("3-101-654321", "447.218", "2GD-C512345", "AAFK 318"):
        assert value in ids
    text = "B.I. n.º: 110104827613M     Emitido em: 05/08/2022\nNUIT: 104738291\nAuto de Infração: 1D0472816\n"
    assert found(IdNumberRecognizer("pt"), text) == ["110104827613M", "104738291", "1D0472816"]


def test_register_numbers_by_their_shape():
    text = ("Registernummer:  FL-0002.587.214-3\n4) Rheintal Treuhand AG, FL-0001.112.845-9, in Schaan\n"
            "Prot. Nr. / N. prot. 0041872/2024         Meran\n")
    ids = found(IdNumberRecognizer("de"), text)
    for value in ("FL-0002.587.214-3", "FL-0001.112.845-9", "0041872/2024"):
        assert value in ids
    # a statute's number and year is none
    assert found(IdNumberRecognizer("de"), "nach dem Gesetz 41872/2024 und dem Beschluss 12/2024.\n") == []


def test_currencies_in_figures_and_in_words():
    assert found(MoneyRecognizer("en"), "Total value of property stolen: Rs. 1,85,500/-\n") == ["Rs. 1,85,500"]
    assert found(MoneyRecognizer("en"), "in the sum of TWO THOUSAND EIGHT HUNDRED AND FORTY-SIX POUNDS AND SEVENTEEN "
                                        "PENCE (£2,846.17)") == [
        "TWO THOUSAND EIGHT HUNDRED AND FORTY-SIX POUNDS AND SEVENTEEN PENCE", "£2,846.17"]
    assert found(MoneyRecognizer("es"), "la suma de ₡1.850.000,00 (un millón ochocientos cincuenta mil colones), y "
                                        "Gs. 185.000.000\n(GUARANÍES CIENTO OCHENTA Y CINCO MILLONES), que") == [
        "₡1.850.000,00", "un millón ochocientos cincuenta mil colones", "Gs. 185.000.000",
        "GUARANÍES CIENTO OCHENTA Y CINCO MILLONES"]
    assert found(MoneyRecognizer("pt"), "de\nKz 385.000,00 (trezentos e oitenta e cinco mil kwanzas), acrescido") == [
        "Kz 385.000,00", "trezentos e oitenta e cinco mil kwanzas"]
    # the currency's name alone in brackets is no amount
    assert found(MoneyRecognizer("es"), "pagadero en (guaraníes) al contado") == []


def test_a_numbered_company_and_a_town_with_its_state():
    assert ("2719384 Ontario Inc.", "ORGANIZATION") in detect(
        "en", "The landlord, 2719384 Ontario Inc., served notice.", {"Ontario Inc.": "ORG"})
    assert ("Londrina/PR", "LOCATION") in detect("pt", "Naturalidade: Londrina/PR\n", {"Londrina": "LOC"})
    # a slash before a longer word is no state's code
    assert ("Londrina", "LOCATION") in detect("pt", "Saiu de Londrina/PRAIA ontem.\n", {"Londrina": "LOC"})


def test_streets_of_spanish_america_and_a_singapore_unit():
    text = ("Calle 10 Sur # 43B-52, Medellín\nDomicilio:       Bvar. Gral. Artigas 1472 apto. 503, Montevideo\n"
            "en Tte. Fariña N° 1180 c/ Brasil, y en Mcal. Estigarribia N° 2345,\n")
    assert found(AddressRecognizer("es"), text) == [
        "Calle 10 Sur # 43B-52", "Bvar. Gral. Artigas 1472 apto. 503", "Tte. Fariña N° 1180",
        "Mcal. Estigarribia N° 2345"]
    # an officer's title without "N°" and a number is no street
    assert found(AddressRecognizer("es"), "El Tte. Fariña declaró ante el Gral. Artigas.\n") == []
    assert found(AddressRecognizer("en"), "80 Robinson Road, #17-02, Singapore 068898\n") == [
        "80 Robinson Road, #17-02"]
    assert found(AddressRecognizer("pt"), "residente no Bairro Cassenda, Rua 12, Casa n.º 45, Maianga\n") == [
        "Rua 12, Casa n.º 45"]


def test_postal_codes_of_singapore_and_canada_after_its_field():
    labels = detect("en", "80 Robinson Road, Singapore 068898\nPostal code: K1S 3X6   Fax no.:\n")
    assert ("068898", "POSTAL_CODE") in labels and ("K1S 3X6", "POSTAL_CODE") in labels


def test_name_fields_after_a_dot_leader_and_of_a_sale_contract():
    text = ("Apellido y nombre ...... ARANA ETXEBERRIA, Mateo Iñaki\nDocumento .............. DNI 55.347.829\n"
            "Nombres:                   NIKOLAOS ESTEBAN\nEL VENDEDOR: GAIZKA URRUTIA ETXEBARRIA, de nacionalidad\n")
    labels = detect("es", text)
    for name in ("ARANA ETXEBERRIA, Mateo Iñaki", "NIKOLAOS ESTEBAN", "GAIZKA URRUTIA ETXEBARRIA"):
        assert (name, "PERSON") in labels
    # an ellipsis in prose is no field's leader
    assert not any(label == "PERSON" for _, label in detect("es", "Esperé... Luego fui al mercado.\n"))


def test_a_debt_collection_registers_columns():
    text = ("Betr.-Nr.  Datum ZB    Gläubiger/in                      Forderung CHF  Stand\n"
            "21104732   18.11.2021  Sanavita Krankenversicherung AG        1'284.60  bezahlt am 22.12.2021\n"
            "22087519   09.06.2022  Aydın Elif, Zürich                     3'750.00  Rechtsvorschlag\n")
    labels = detect("de", text)
    assert ("21104732", "ID_NUMBER") in labels and ("22087519", "ID_NUMBER") in labels


def test_a_check_character_in_brackets_after_an_identifier():
    text = "holder of identity card number 248867(M), residing\n(Reg. No. 2417R(S)), having\n"
    assert found(IdNumberRecognizer("en"), text) == ["248867(M)", "2417R(S)"]
    assert found(IdNumberRecognizer("pt"), "titular do BIR Permanente n.º 5187326(4),\n") == ["5187326(4)"]
    # a list's letter after a space is no check character
    assert found(IdNumberRecognizer("en"), "account number 41822093 (a) and (b)\n") == ["41822093"]


def test_shillings_patacas_and_quetzals():
    text = "(a) L.R. No. 209/11432 .... KShs. 38,500,000/=\nsalario mensual de Q.7,800.00.\n"
    assert found(MoneyRecognizer("en"), text) == ["KShs. 38,500,000", "Q.7,800.00"]
    assert found(MoneyRecognizer("pt"), "A renda mensal é de MOP$14.500,00 (catorze mil e quinhentas patacas),\n") == [
        "MOP$14.500,00", "catorze mil e quinhentas patacas"]


def test_guatemalan_grid_addresses_and_a_peruvian_block():
    text = ("bufete ubicado en la\n14 avenida 4-33 zona 1, oficina 302, Quetzaltenango.\nen\n3a. calle 7-18 zona 5, y\n"
            "con domicilio en Urb. La Negrita Mz. C Lote 14, Cerro Colorado\nEntrega: Urb. Ciudad del Mar, Mz. 7 Villa 12,\n")
    assert found(AddressRecognizer("es"), text) == [
        "14 avenida 4-33 zona 1, oficina 302", "3a. calle 7-18 zona 5", "Urb. La Negrita Mz. C Lote 14",
        "Urb. Ciudad del Mar, Mz. 7 Villa 12"]
    # a zone without a street is no address
    assert found(AddressRecognizer("es"), "La zona 1 y la calle principal.\n") == []


def test_an_account_compound_before_its_colon():
    assert found(IdNumberRecognizer("de"), "Mieterkonto:      4711-0427-14\n") == ["4711-0427-14"]


def test_pesos_without_cents_after_a_column_gap():
    text = ("Sueldo Base                          $ 1.150.000\nGratificación Legal Art. 50          $   182.083\n"
            "Seguro de Cesantía (0,6%)            $     8.817\n")
    amounts = found(MoneyRecognizer("es"), text)
    assert [a.lstrip("$ ") for a in amounts] == ["1.150.000", "182.083", "8.817"]
    # a count after the sign's gap is no amount
    assert found(MoneyRecognizer("es"), "Precio $   12 unidades\n") == []


def test_a_cause_number_with_its_year_after_of():
    from app.detection.patterns import CaseNumberRecognizer

    assert found(CaseNumberRecognizer(), "SUCCESSION CAUSE NO. E1187 OF 2024\n") == ["E1187 OF 2024"]
    assert found(CaseNumberRecognizer(), "Civil Case No. 45 of 2023 was heard") == ["45 of 2023"]
    assert found(CaseNumberRecognizer(), "the case of 2020 was heard; IN CASE NO. ONE") == []


def test_a_signature_in_capitals_before_its_honorific_in_brackets():
    labels = detect("en", "Yours faithfully\n\nKWEK LI TING (MS)\nfor Controller of Work Passes\n")
    assert ("KWEK LI TING", "PERSON") in labels
    # not inside a sentence, nor words that are no name
    assert not any(label == "PERSON" for _, label in detect("en", "SIGNED BY THE COMPANY (MS) today\n"))


def test_hong_kong_flats_and_shops_with_their_floor():
    text = ("Address: Flat 1207, 12/F, Hing Wah House, Shek Kip Mei Estate\n"
            "Employer address: Shop G12, G/F, Harbourfront Plaza, 88 Tai Kok Tsui Road, Kowloon\n")
    assert found(AddressRecognizer("en"), text) == [
        "Flat 1207, 12/F, Hing Wah House", "Shop G12, G/F, Harbourfront Plaza", "88 Tai Kok Tsui Road"]


def test_numbers_with_a_thousands_comma_after_no_and_a_swiss_zsr_number():
    text = "Abogada y Notaria, Colegiada No. 21,304\nEscritura pública No. 18,455, ante\n"
    assert found(IdNumberRecognizer("es"), text) == ["21,304", "18,455"]
    assert found(IdNumberRecognizer("de"), "ZSR-Nr. H 4721.18 · GLN 7601000482938\n")[0] == "H 4721.18"
    # an amount with decimals after "No." is no number
    assert found(IdNumberRecognizer("en"), "Item No. 12,500.00 was paid\n") == []


def test_currencies_of_zambia_jamaica_bolivia_and_angola_after_the_amount():
    text = ("A basic salary of K14,500.00 (Fourteen Thousand Five Hundred Kwacha) per month\n"
            "you pay J$38,000.00 per week\n")
    assert found(MoneyRecognizer("en"), text) == ["K14,500.00", "Fourteen Thousand Five Hundred Kwacha", "J$38,000.00"]
    assert found(MoneyRecognizer("es"), "Valor del formulario: Bs 35.-\nsalario de C$ 28,750.00 (veintiocho mil "
                                        "setecientos cincuenta córdobas) más") == [
        "Bs 35.-", "C$ 28,750.00", "veintiocho mil setecientos cincuenta córdobas"]
    assert found(MoneyRecognizer("pt"), "Total mensal do agregado: 245.000,00 Kz      N.º de membros: 5\n") == [
        "245.000,00 Kz"]
    # a capital K before a number without cents is no kwacha ("K9 unit", a model's code)
    assert found(MoneyRecognizer("en"), "the K9 unit and K12 school\n") == []


def test_keywords_of_el_salvador_nicaragua_chile_honduras_botswana_and_ghana():
    text = ("con Documento Único de Identidad número 02174563-9, y con Carné de Residente número 7741-22. Se\n"
            "y número de asegurada INSS 18427735, labora\nexpediente (código de empleada 0417).\n"
            "RUC  : 2500871432-6\nIDENTIDAD:             0801-1993-00927\nAffidavit Núm. 2,318\n")
    ids = found(IdNumberRecognizer("es"), text)
    for value in ("02174563-9", "7741-22", "18427735", "0417", "2500871432-6", "0801-1993-00927", "2,318"):
        assert value in ids
    text = "Omang no.         473819105                     652427810\nTIN              : C0004827615\n"
    assert found(IdNumberRecognizer("en"), text) == ["473819105", "652427810", "C0004827615"]
    # the metal is no keyword
    assert found(IdNumberRecognizer("en"), "a tin of 4711 grams\n") == []


def test_a_plaint_number_with_its_court_letters_a_street_in_front_of_a_number_and_a_house_in_a_quarter():
    from app.detection.patterns import CaseNumberRecognizer

    assert found(CaseNumberRecognizer(), "Plaint No. SJ/FC/MA 2024/0613\n") == ["SJ/FC/MA 2024/0613"]
    assert found(AddressRecognizer("es"), "Lugar        : Av. Providencia frente al N° 2124, comuna de\n") == [
        "Av. Providencia frente al N° 2124"]
    assert found(AddressRecognizer("pt"), "Morada: Bairro Almeida, Casa n.º 31, Guadalupe\n") == ["Casa n.º 31"]
    assert found(AddressRecognizer("en"), "of No. 27 Mahabir Trace, Penal\nby Eze-Mahabir & Co., 14 Harris Promenade, "
                                          "San Fernando.\n") == ["27 Mahabir Trace", "14 Harris Promenade"]


def test_a_phone_after_a_dot_leader_a_town_after_a_fields_postal_code_and_an_income_column():
    labels = detect("en", "13. Mobile no. ................ 74 315 902\n")
    assert ("74 315 902", "PHONE") in labels
    assert ("Holzkirchen", "LOCATION") in detect("de", "Tatort:     83607 Holzkirchen, BAB A 8, km 28,4\n")
    text = ("Nome                        | Parentesco | Idade   | Ocupação            | Kz\n"
            "Domingos Tchipilica Sacaia  | Pai        | 52 anos | Motorista           | 185.000,00\n")
    assert ("185.000,00", "MONEY") in detect("pt", text)


def test_a_swiss_salary_certificates_whole_francs():
    text = ("                                                             CHF\n"
            " 1. Lohn                                                 118 450\n"
            " 2. Gehaltsnebenleistungen\n"
            "    2.2 Privatanteil Geschäftsfahrzeug                     3 456\n"
            " 4. Kapitalleistungen                                          –\n"
            " 8. Bruttolohn total / Rente                             131 776\n"
            " 9. Beiträge AHV/IV/EO/ALV/NBUV                         –  9 751\n"
            "15. Bemerkungen\n    Geschäftsfahrzeug ZH 482 913 auch privat genutzt.\n")
    assert found(MoneyRecognizer("de"), text) == ["118 450", "3 456", "131 776", "9 751"]


def test_codes_of_peru_colombia_tanzania_and_a_portuguese_voter():
    text = ("Agua:     cuenta contrato 11874302 - lectura 00003 m³\n"
            "Energía:  NIC 4528193-7 - lectura 00012 kWh\nCCI: 002-194-138715602047-95\n")
    ids = found(IdNumberRecognizer("es"), text)
    for value in ("11874302", "4528193-7", "002-194-138715602047-95"):
        assert value in ids
    assert found(IdNumberRecognizer("es"), "RECIBO POR HONORARIOS\nNro: E001-214\n") == ["E001-214"]
    text = "VRN               : 40-027651-K\nNIDA No.          : 19780512-23105-00001-24\n"
    assert found(IdNumberRecognizer("en"), text) == ["40-027651-K", "19780512-23105-00001-24"]
    assert "21845" in found(IdNumberRecognizer("pt"), "CC n.º 13487562 4 ZX7, eleitora n.º 21845\n")


def test_register_entries_of_uganda_and_panama_and_a_german_penalty_orders_file_number():
    from app.detection.patterns import CaseNumberRecognizer

    assert "Block 213 Plot 4587" in found(IdNumberRecognizer("en"), "comprised in Kyadondo Block 213 Plot 4587 at\n")
    assert found(IdNumberRecognizer("es"), "inscrito en el Tomo 412, Asiento 1187 de la Provincia\n") == [
        "Tomo 412, Asiento 1187"]
    assert found(CaseNumberRecognizer(), "Geschäftsnummer: 729 Cs 184 Js 2217/24 (311/24)\n") == [
        "729 Cs 184 Js 2217/24 (311/24)"]


def test_african_currency_codes_the_peruvian_cents_fraction_and_a_jiron():
    assert found(MoneyRecognizer("en"), "the sum of UGX 185,000,000/= and TZS 500,000/=\n") == [
        "UGX 185,000,000", "TZS 500,000"]
    assert found(MoneyRecognizer("es"), "La suma de: MIL OCHOCIENTOS Y 00/100 SOLES\n") == [
        "MIL OCHOCIENTOS Y 00/100 SOLES"]
    assert found(AddressRecognizer("es"), "JR. LOS ÁLAMOS 348 DPTO. 201 URB. SANTA FELICIA\n") == [
        "JR. LOS ÁLAMOS 348 DPTO. 201"]


def test_a_sworn_declarations_tables_of_properties_cars_and_accounts():
    text = ("N°  Ubicación                                    Partida N°   Valor (S/)\n"
            "1   Av. de la Cultura N° 1450, Dpto. 302         11052387     385,000.00\n\n"
            "N°  Marca / Modelo       Placa       Valor (S/)\n1   Toyota RAV4          X3K-214     78,500.00\n\n"
            "Entidad                        N° de cuenta            Saldo (S/)\n"
            "Banco de Crédito del Perú      285-30417758-0-92       48,700.50\n")
    labels = detect("es", text)
    for value in ("11052387", "X3K-214", "285-30417758-0-92"):
        assert (value, "ID_NUMBER") in labels


def test_keywords_of_chile_argentina_brazil_portugal_and_foreign_identity_cards():
    text = "Rut:        76.918.452-3\nDNI de su hijo,\n   N° 56.904.312.\nOf. Primero Leandro BIANCHI - L.P. 7412\n"
    assert found(IdNumberRecognizer("es"), text) == ["76.918.452-3", "56.904.312", "7412"]
    text = "V. Exa., trabalhador n.º 4418, com\nThaís Ribeiro – Perita Criminal – RE 218.447-3\n"
    assert found(IdNumberRecognizer("pt"), text) == ["4418", "218.447-3"]
    text = "Ausweis:   Občanský průkaz 206458317\nPers.-Kennzeichen: Kennitala 120389-2479\n"
    assert found(IdNumberRecognizer("de"), text) == ["206458317", "120389-2479"]
    # a statute's number with one dot is none
    assert found(IdNumberRecognizer("es"), "según la Ley N° 19.889 vigente\n") == []


def test_a_canadian_forms_postal_code_business_number_and_unit_before_its_street():
    labels = detect("en", "   7  Postal code\n      R3E 0N8\n   Prairie Mills Ltd.        817304592RP0001\n"
                          "   Unit 3 - 418 Selkirk Avenue\n")
    for value, label in (("R3E 0N8", "POSTAL_CODE"), ("817304592RP0001", "ID_NUMBER"),
                         ("Unit 3 - 418 Selkirk Avenue", "LOCATION")):
        assert (value, label) in labels
