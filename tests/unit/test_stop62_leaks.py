"""Leaks closed at stop 62, each found in a probe document written with an answer key (a Lagos tenancy agreement, an
Austrian registration form and penalty order, a Swiss debt collection extract and discharge letter, a Chilean
settlement, an Angolan land register certificate, an Australian statutory declaration, a South African deed of sale,
an Argentine power of attorney, a Mozambican employment contract, an Indian police report, a Kenyan land sale, an
Austrian probate decision, a Peruvian notarial letter, a Brazilian power of attorney, a Cape Verdean marriage
certificate, an Ontario small claim, an Austrian notice to quit, a Uruguayan car sale, an Ecuadorian complaint, a
Portuguese condominium's minutes): the metical and the rand, a form's spaced date, India's and South Africa's postal
codes, keywords of Nigeria, Kenya, India, Peru and Uruguay, register entries of Kenya, South Africa and Angola, a
year-shaped number after "n.º", Austria's file numbers, extensions, plates and flats, notaries' and registrars'
offices with their ordinals, Ecuador's estates, a floor after a building, a bilingual town."""

from app.detection.addresses import AddressRecognizer
from app.detection.identifiers import IdNumberRecognizer
from app.detection.patterns import CaseNumberRecognizer, DateRecognizer, MoneyRecognizer, PostalCodeRecognizer
from tests.unit.fakes import detect, found


def test_the_metical_after_cents_and_amounts_in_words_of_rand_and_of_a_named_dollar():
    text = "Remuneração mensal ilíquida de 28.500,00 MT, acrescida de subsídio de campo de 4.000,00 MT, paga"
    assert found(MoneyRecognizer("pt"), text) == ["28.500,00 MT", "4.000,00 MT"]
    # Mato Grosso's "MT" after a number without cents is no currency
    assert found(MoneyRecognizer("pt"), "Fazenda em Sinop, 14 MT, registada") == []
    assert found(MoneyRecognizer("en"), "PRICE: R2 650 000,00 (two million six hundred and fifty thousand rand).") == [
        "R2 650 000,00", "two million six hundred and fifty thousand rand"]
    assert found(MoneyRecognizer("es"), "El precio es de U$S 9.800 (dólares estadounidenses nueve mil ochocientos), "
                                        "que") == ["U$S 9.800", "dólares estadounidenses nueve mil ochocientos"]


def test_a_date_with_spaces_around_its_slashes():
    assert found(DateRecognizer("en"), "5 Day / Month / Year                           26 / 08 / 2024\n") == [
        "26 / 08 / 2024"]
    # a ratio or a day out of range is none
    assert found(DateRecognizer("en"), "a score of 3 / 4 / 5 and 41 / 08 / 2024\n") == []


def test_postal_codes_of_india_and_south_africa():
    text = "   Kothrud, Pune - 411038, Maharashtra\n of 22 Protea Street, Durbanville, 7550\n"
    assert found(PostalCodeRecognizer("en"), text) == ["411038", "7550"]
    # a year after a month and a comma is none
    assert found(PostalCodeRecognizer("en"), "signed on 14 March, 2024\n") == []


def test_keywords_of_nigeria_kenya_india_south_africa_peru_and_uruguay():
    text = ("Agent: Eko Homes & Properties Ltd (RC 1184523), 21 Allen Avenue\n"
            "Prepared by: Barr. Oluwaseun Dàda (SCN 045817), Tel\n"
            "in the presence of: ADV. Beatrice Achieng Otieno, LSK No. P.105/11842\n"
            "account of the Conveyancers, branch code 051001, reference\n"
            "PSI Farhan Iqbal Shaikh, Buckle No. 1187\n"
            "held under Deed of Transfer T45217/2009,\n")
    ids = found(IdNumberRecognizer("en"), text)
    for value in ("1184523", "045817", "P.105/11842", "051001", "1187", "T45217/2009"):
        assert value in ids
    text = ("Dr. Renzo Tapia Mendívil, CAL N° 58213, teléfono\nmatrícula SCD 4418, padrón N.º 903.517 del "
            "departamento\n"
            "Esc. Gonzalo Etcheverry Lamas - Matrícula profesional 14.821\n")
    ids = found(IdNumberRecognizer("es"), text)
    for value in ("58213", "903.517", "14.821"):
        assert value in ids


def test_register_entries_of_kenya_south_africa_and_angola():
    ids = found(IdNumberRecognizer("en"), "Title No. UASIN GISHU/KIMUMU/1187, measuring\n1. PROPERTY: Erf 11482 "
                                          "Durbanville, City of Cape Town\n")
    assert "UASIN GISHU/KIMUMU/1187" in ids and "Erf 11482" in ids
    text = ("que pela DESCRIÇÃO N.º 4871, a fls. 112 do Livro B-17, consta\nValor declarado: Kz 85.000.000,00. Ap. n.º "
            "12, de 14/06/2018.\n")
    assert found(IdNumberRecognizer("pt"), text) == ["DESCRIÇÃO N.º 4871, a fls. 112 do Livro B-17", "Ap. n.º 12"]


def test_a_year_shaped_number_after_the_word_for_number_and_a_long_mixed_code():
    ids = found(IdNumberRecognizer("pt"), "Assento n.º 1873, do ano de 2023\nCartão Nacional de Identificação n.º "
                                          "19890311M004A\n")
    assert ids[:1] == ["1873"] and "19890311M004A" in ids
    # a year after a keyword without the word for number stays a year
    assert "2023" not in found(IdNumberRecognizer("pt"), "Assento de 2023, livro\n")


def test_austrian_file_numbers_extensions_and_plates():
    assert found(CaseNumberRecognizer(), "GZ: 4 A 217/23k - 19\n\nVerlassenschaftssache") == ["4 A 217/23k - 19"]
    assert found(CaseNumberRecognizer(), "Aktenzahl: MBA 7 – M/44871/2024\n") == ["MBA 7 – M/44871/2024"]
    labels = detect("de", "Bearbeiterin: Mag. Ingrid Hörtnagl, DW 6214\nPkw mit dem Kennzeichen W-47213 K die\n")
    assert ("6214", "PHONE") in labels
    assert "K" in [t for t, _ in labels] or ("W-47213 K", "ID_NUMBER") in labels


def test_flats_floors_estates_and_towns():
    assert found(AddressRecognizer("de"), "Objekt: Annenstraße 42/Top 7, 8020 Graz\n") == ["Annenstraße 42/Top 7"]
    assert found(AddressRecognizer("es"), "Domicilio: Cdla. Kennedy Norte, Mz. 108, villa 14, Guayaquil.\nReside en "
                                          "Urb. La Joya, etapa Ámbar, manzana 7, solar 22, Daule.\n") == [
        "Cdla. Kennedy Norte, Mz. 108, villa 14", "Urb. La Joya, etapa Ámbar, manzana 7, solar 22"]
    text = ("Address: 15 Queen St. S., Unit 3, Hamilton ON\nOffice: Elgon View Plaza, 3rd Floor, Eldoret\nPREMISES: "
            "Flat 3B, Block C, Ikota Villa Estate, Lagos\n")
    assert found(AddressRecognizer("en"), text) == [
        "15 Queen St. S., Unit 3", "3rd Floor", "Flat 3B", "Block C, Ikota Villa Estate"]
    assert found(AddressRecognizer("pt"), "residente no Bairro de Muahivire, casa n.º 37, Nampula\nA      | R/C Esq. | "
                                          "Joaquim\n") == ["casa n.º 37", "R/C Esq."]
    assert ("Biel/Bienne", "LOCATION") in detect("de", "Vogelsangstrasse 8, 2502 Biel/Bienne\nTel. 032 324 55 10\n",
                                                  {"Biel": "LOC"})


def test_offices_of_notaries_and_registrars_with_their_ordinals():
    labels = detect("pt", "registada no 2º Cartório de Registro de Imóveis de São Paulo e reconhecida no 19º Tabelião "
                          "de Notas de São Paulo.\n", {"São Paulo": "LOC"})
    assert ("2º Cartório de Registro de Imóveis de São Paulo", "ORGANIZATION") in labels
    assert ("19º Tabelião de Notas de São Paulo", "ORGANIZATION") in labels
    labels = detect("es", "Notario Público de la 48ª Notaría de Santiago, Repertorio.\n", {"Santiago": "LOC"})
    assert ("48ª Notaría de Santiago", "ORGANIZATION") in labels
    labels = detect("de", "Sie arbeitet am Universitätsspital Zürich.\n", {"Zürich": "LOC"})
    assert ("Universitätsspital Zürich", "ORGANIZATION") in labels


def test_amounts_in_words_of_india_and_bolivia_and_capitalised_euros():
    text = ("a monthly rent of Rs. 42,000/- (Rupees Forty-Two Thousand only) and a deposit of Rupees Two Lakh Fifty "
            "Thousand only.\n")
    assert found(MoneyRecognizer("en"), text) == [
        "Rs. 42,000", "Rupees Forty-Two Thousand only", "Rupees Two Lakh Fifty Thousand only"]
    assert found(MoneyRecognizer("es"), "la suma de $us. 28.000.- (VEINTIOCHO MIL 00/100 DÓLARES AMERICANOS), que") == [
        "$us. 28.000", "VEINTIOCHO MIL 00/100 DÓLARES AMERICANOS"]
    assert found(MoneyRecognizer("pt"), "CAE Principal: 70220-R3\nCapital: 50.000,00 Euros\nForma") == [
        "50.000,00 Euros"]


def test_postal_codes_of_the_philippines_new_zealand_and_jamaica():
    text = ("Address: 27 Gorordo Avenue, Brgy. Lahug, Cebu City 6000\nFlat 2, 17 Kōwhai Street, Mount Eden, Auckland "
            "1024\n14 Lady Musgrave Road, Kingston 10\n")
    assert found(PostalCodeRecognizer("en"), text) == ["6000", "1024", "10"]
    # a number inside a sentence after a city's name is none
    assert found(PostalCodeRecognizer("en"), "Auckland 2024 was a good year. Kingston 10.5 km away.\n") == []


def test_keywords_and_register_entries_of_singapore_jamaica_ghana_venezuela_and_portugal():
    ids = found(IdNumberRecognizer("en"), "UEN 201817465K\nfor the parish of Kingston, JP No. 4471\nregistered as "
                                          "Volume 42, Folio 1188 at the\n")
    assert ids == ["201817465K", "4471", "Volume 42, Folio 1188"]
    ids = found(IdNumberRecognizer("es"), "inscrito en el Inpreabogado bajo el N° 87.412, presento\ncontadora pública, "
                                          "C.P.C. N° 104.558, teléfono\n")
    assert ids == ["87.412", "104.558"]
    assert found(IdNumberRecognizer("pt"), "Inscrição: AP. 12/20190322 - Contrato\n") == ["AP. 12/20190322"]


def test_a_courts_numbered_division_and_a_land_register():
    labels = detect("pt", "no 2ª Vara de Sucessões e Registros Públicos da Capital e no 1º Registro de Imóveis do "
                          "Recife.\n", {"Recife": "LOC"})
    assert ("2ª Vara de Sucessões e Registros Públicos da Capital", "ORGANIZATION") in labels
    assert ("1º Registro de Imóveis do Recife", "ORGANIZATION") in labels


def test_register_numbers_of_ghana_the_philippines_venezuela_and_a_permits_entry():
    ids = found(IdNumberRecognizer("en"), "Registry Map No.: 033/1975/4      Volume 2\nDoc. No. 287; Page No. 61; Book "
                                          "No. XII; Series of 2024.\n")
    assert ids == ["033/1975/4", "Doc. No. 287; Page No. 61; Book No. XII; Series of 2024"]
    ids = found(IdNumberRecognizer("es"), "ACTO No. 1,318/2024\nNOTA: Inscrito bajo el N° 31, Tomo 58-A Sdo., "
                                          "Expediente\n")
    assert ids == ["1,318/2024", "N° 31, Tomo 58-A Sdo."]
    assert found(IdNumberRecognizer("pt"), "Entrada n.º: 11872/24\n") == ["11872/24"]
    assert "VM-24-112/KS" in found(CaseNumberRecognizer(), "Repertorium Nr. 2024/0387      Akte: VM-24-112/KS\n")


def test_pesos_by_code_mexicos_mn_and_words_before_the_figure():
    text = ("the sum of FOUR MILLION EIGHT HUNDRED THOUSAND PESOS (PHP 4,800,000.00), paid; PHP 8.2 and a CRC 32 "
            "checksum")
    assert found(MoneyRecognizer("en"), text) == [
        "FOUR MILLION EIGHT HUNDRED THOUSAND PESOS", "PHP 4,800,000.00"]
    assert found(MoneyRecognizer("es"), "EL ARRENDATARIO entrega $37,000.00 M.N. como depósito\nun préstamo de "
                                        "GUARANÍES SEISCIENTOS OCHENTA MILLONES (Gs. 680.000.000), acreditados\n") == [
        "$37,000.00 M.N.", "GUARANÍES SEISCIENTOS OCHENTA MILLONES", "Gs. 680.000.000"]


def test_a_ground_floor_written_out_and_a_streets_name_with_ao():
    text = ("Bairro do Jardim, Rua da Resistência, n.º 417, rés-do-chão, Maputo\nSede: Rua do Sol ao Rato, n.º 17, "
            "1250\n")
    assert found(AddressRecognizer("pt"), text) == ["Rua da Resistência, n.º 417, rés-do-chão",
                                                    "Rua do Sol ao Rato, n.º 17"]


def test_identifiers_of_pakistan_zimbabwe_hong_kong_the_dominican_republic_and_malta_by_shape_and_keyword():
    text = ("(National ID No. 63-2281947 R 42)\nSECP Inc. No. 0118472 | NTN 7712045-9\nCNIC: 35202-4417865-3; HKID R "
            "771204(A); BR 71438852-000-05-24-3\nby bank draft number 000482291 drawn on Bank of Valletta p.l.c. and "
            "Dawra Properties Ltd (C 48211), agent\n")
    ids = found(IdNumberRecognizer("en"), text)
    for value in ("63-2281947 R 42", "7712045-9", "35202-4417865-3", "R 771204(A)", "71438852-000-05-24-3",
                  "000482291", "C 48211"):
        assert value in ids
    ids = found(IdNumberRecognizer("es"), "HANNA WIŚNIEWSKA DE OSPINA, C.E. 6.724.913, gerente\nRNC: 1-31-48572-6\n")
    assert ids == ["6.724.913", "1-31-48572-6"]


def test_dotted_groups_units_codes_a_register_description_and_an_identity_card():
    text = ("Crédito à habitação n.º 0035.0671.00452811.79 (CGD)\nContabilista: Ewa Ramos, n.º OCC 84213, tel.\n"
            "GUIA DE MARCHA N.º 047/GPSB/DRH/2024\ndescrito na Conservatória dos Registos da Praia sob o n.º 18542 e "
            "inscrito\n")
    assert found(IdNumberRecognizer("pt"), text) == [
        "0035.0671.00452811.79", "84213", "047/GPSB/DRH/2024", "18542"]
    ids = found(IdNumberRecognizer("de"), "Depot Nr. 0040.2271.883 bei der LGT\nIdentitätskarte: CA48213FB, "
                                          "ausgestellt\n")
    assert ids == ["0040.2271.883", "CA48213FB"]
    # a dotted version or date after "Nr." is none
    assert found(IdNumberRecognizer("de"), "Version Nr. 1.2.3 vom Nr. 12.03.2024\n") == []


def test_flats_floors_and_postal_codes_of_canada_hong_kong_malta_chile_argentina_and_portugal():
    text = ("Address: 2207 – 1288 West Georgia Street, Vancouver\nG/F, 88 Tai Hang Road, Causeway Bay\n45, Triq "
            "il-Merkanti, Valletta VLT 1175\n")
    assert found(AddressRecognizer("en"), text) == ["2207 – 1288 West Georgia Street", "G/F", "88 Tai Hang Road"]
    assert found(PostalCodeRecognizer("en"), text) == ["VLT 1175"]
    text = "el departamento N° 804 del edificio ubicado en calle Bogotá 2741, unidad funcional N° 7, barrio\n"
    assert found(AddressRecognizer("es"), text) == ["departamento N° 804", "calle Bogotá 2741",
                                                    "unidad funcional N° 7"]
    assert found(AddressRecognizer("pt"), "a fração correspondente ao 3.º andar esquerdo do prédio\n") == [
        "3.º andar esquerdo"]
    assert found(AddressRecognizer("de"), "wohnhaft Eggenberger Gürtel 58/2/7, 8020 Graz\n") == [
        "Eggenberger Gürtel 58/2/7"]


def test_deed_numbers_check_digits_parcels_a_buildings_letter_and_a_spelled_date_with_its_figures():
    text = ("ESCRITURA PÚBLICA NÚMERO 14,582\nPor la cual\nESCRITURA NÚMERO MIL CUATROCIENTOS TREINTA Y DOS (1.432)\n"
            "RUC 155749321-2-2024 DV 57.\n")
    assert found(IdNumberRecognizer("es"), text) == ["14,582", "1.432", "155749321-2-2024 DV 57"]
    ids = found(IdNumberRecognizer("de"), "Liegenschaft Triesen, Grundbuch-Parzelle Nr. 1874,\nFlur C, Parzelle 412/K, "
                                          "zu\n")
    assert ids == ["1874", "412/K"]
    assert found(AddressRecognizer("de"), "Anschrift:       Romstraße 64/B, 39012 Meran (BZ)\n") == ["Romstraße 64/B"]
    text = "On this the twelfth (12th) day of June of the year two thousand and twenty-four (12/06/2024), at Valletta."
    assert found(DateRecognizer("en"), text) == [
        "the twelfth (12th) day of June of the year two thousand and twenty-four", "12/06/2024"]
