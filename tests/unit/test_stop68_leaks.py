"""Leaks closed at stop 68, each found in a probe document written with an answer key (a Spanish deed of sale, a
Uruguayan title report, an Irish solicitor's letter, a Singapore employment pass application, a German accident
report, an Austrian care allowance assessment, an Argentine rental guarantee, a Cape Verdean summons)."""

from app.detection.addresses import AddressRecognizer
from app.detection.identifiers import IdNumberRecognizer
from app.detection.patterns import MoneyRecognizer, PostalCodeRecognizer
from tests.unit.fakes import detect, found


def test_a_spanish_deed_number_and_its_register_entry_over_a_line_break():
    text = ("NÚMERO MIL CUATROCIENTOS DIECIOCHO (1.418)\n\nESCRITURA DE COMPRAVENTA\n"
            "INSCRIPCIÓN: Registro de la Propiedad de Gandia número 1, al tomo\n"
            "1.847, libro 1.102, folio 88, finca número 22.431.\n"
            "papel timbrado exclusivo para documentos notariales, serie GH,\nnúmeros 4472610 y los cinco siguientes")
    # the entry starts at its number: the line break after "tomo" stays in the text
    assert found(IdNumberRecognizer("es"), text) == ["1.418", "1.847, libro 1.102, folio 88, finca número 22.431",
                                                     "4472610"]
    # a heading's number in words without figures after it is no entry
    assert found(IdNumberRecognizer("es"), "NÚMERO DE HOJAS (ver anexo)\n") == []


def test_uruguayan_title_report_numbers():
    text = ("Escribana Pública - Caja Notarial Nº 11.842\n"
            "Unidad de propiedad horizontal, padrón individual 412.778/203, ubicada en\n"
            "plano inscripto en la\nDirección Nacional de Catastro con el Nº 48.203 el 12/05/2009).\n"
            "- 2009: Reglamento de copropiedad inscripto con el Nº 8.812.\n")
    assert found(IdNumberRecognizer("es"), text) == ["11.842", "412.778/203", "48.203", "8.812"]
    # the municipal roll is no number
    assert found(IdNumberRecognizer("es"), "empadronado en el padrón municipal de Montevideo\n") == []


def test_an_identifier_in_brackets_after_its_keyword_and_a_plural_keyword():
    text = ("Our client's PPS number (7654321WA) is provided.\n"
            "  5. Physiotherapy invoices INV-2231 and INV-2290 - €840.00\n")
    assert found(IdNumberRecognizer("en"), text) == ["7654321WA", "INV-2231", "INV-2290"]
    assert found(IdNumberRecognizer("en"), "Policy (2023) renewed; invoice (2 pages)\n") == []


def test_austrian_and_german_keywords_and_a_cape_verdean_staff_number():
    assert found(IdNumberRecognizer("de"), "VSNR:             2847 140237\n") == ["2847 140237"]
    assert found(IdNumberRecognizer("de"), "übernimmt das\nDarlehen Nr. 7003 118 452 bei der Bank") == ["7003 118 452"]
    assert found(IdNumberRecognizer("de"), "ein Darlehen von 7003 Euro") == []
    assert found(IdNumberRecognizer("pt"), "Oficial de Diligências: Edmilson Varela     Mec. n.º 0447\n") == ["0447"]


def test_singapore_housing_block_and_numbered_avenue():
    text = "Residential Address (SG)   : Blk 318 Clementi Avenue 5, #09-112, Singapore 120318\n"
    assert found(AddressRecognizer("en"), text) == ["Blk 318 Clementi Avenue 5, #09-112"]
    assert found(AddressRecognizer("en"), "Address: 21 Ang Mo Kio Avenue 3, Singapore 569920\n") == [
        "21 Ang Mo Kio Avenue 3"]
    # a number after the street in a sentence is no part of it
    assert found(AddressRecognizer("en"), "He ran past 12 Main Street 5 times\n") == ["12 Main Street"]


def test_argentine_and_portuguese_flats_and_numbered_streets():
    assert found(AddressRecognizer("es"), "Ubicación: Calle 12 N.º 1487, La Plata (B1900)\n") == ["Calle 12 N.º 1487"]
    assert found(AddressRecognizer("es"), 'Av. Cabildo 2156, 3.º "B" - C1428AAR - CABA\n') == [
        'Av. Cabildo 2156, 3.º "B"']
    assert found(AddressRecognizer("pt"), "advogado, Av. Cidade de Lisboa, Edifício BCA, 3.º andar, Praia\n") == [
        "3.º andar"]


def test_a_philippine_postal_code_after_its_province():
    text = "Present Address: Purok 5, Brgy. Apokon, Tagum City, Davao del Norte 8100\n"
    assert "8100" in found(PostalCodeRecognizer("en"), text)
    assert found(PostalCodeRecognizer("en"), "Ilocos del Norte 8100 farmers attended\n") == []


def test_indexed_units_of_south_american_contracts():
    assert found(MoneyRecognizer("es"), "Hipoteca a favor del BROU (1.250.000 UI) cancelada.") == ["1.250.000 UI"]
    assert found(MoneyRecognizer("es"), "El precio es de UF 3.500 pagaderas al contado") == ["UF 3.500"]


def test_a_driver_named_surname_first_before_the_date_of_birth():
    text = "9. Fahrer: Petrović, Milan, geb. 22.11.1990\n   wohnhaft Neckarauer Str. 98, 68199 Mannheim\n"
    assert ("Petrović, Milan", "PERSON") in detect("de", text)
    # the line goes on with no birth: the surname alone
    assert ("Petrović", "PERSON") in detect("de", "Fahrer: Petrović, Milan Transporte, Mannheim\n")


def test_a_form_field_of_a_place():
    text = ("Provincia: GUAYAS                  Cantón: GUAYAQUIL\n"
            "Parroquia: TARQUI                  Oficina: Agencia Mall del Sol\n"
            "Departamento: B\nCiudad: la capital del país\n")
    found_ = detect("es", text)
    assert ("GUAYAS", "LOCATION") in found_ and ("TARQUI", "LOCATION") in found_
    # a flat's letter and a lower-case sentence are no place
    assert not any(t in ("B", "la capital del país") for t, _ in found_)
    assert ("Volders", "LOCATION") in detect("de", "Gemeinde: Volders\nBezirk: Innsbruck-Land    Bundesland: Tirol\n")


def test_austrian_postal_code_before_the_town_and_street_and_a_staircase_in_roman_numerals():
    text = "zuletzt wohnhaft in\n6063 Rum, Dörferstraße 41, verstorben am 19.04.2024\n"
    assert found(PostalCodeRecognizer("de"), text) == ["6063"]
    assert found(PostalCodeRecognizer("de"), "Im Jahr 2019 Wien, Hauptstraße 4\n") == []
    assert found(AddressRecognizer("de"), "Notarin, Maria-Theresien-Straße 21/III, 6020 Innsbruck") == [
        "Maria-Theresien-Straße 21/III"]


def test_a_venezuelan_identity_card_a_dominican_street_and_peso():
    text = "testigos Ramón Ysea (V-17.904.223) y Kimberly Chacón (V-24.611.078), quedando anotado"
    assert [t for t, label in detect("es", text) if label == "NATIONAL_ID"] == ["V-17.904.223", "V-24.611.078"]
    assert found(AddressRecognizer("es"), "Domicilio:   Calle 8 No. 23, Ensanche Ozama\n") == ["Calle 8 No. 23"]
    assert found(MoneyRecognizer("es"), "Valor: RD$ 250.00\n") == ["RD$ 250.00"]


def test_a_school_code_and_a_licence_number_after_its_adjective():
    text = "Código CIE: 901234  ·  Código INEP: 35012874\nCarta de condução ucraniana n.º EXA 381947\n"
    assert found(IdNumberRecognizer("pt"), text) == ["901234", "35012874", "EXA 381947"]
    assert found(IdNumberRecognizer("pt"), "CIE-10 F32.1 episódio depressivo\n") == []


def test_a_pakistani_house_and_street():
    text = "Address:                 House 118, Street 7, Peoples Colony, Gujranwala, Punjab, Pakistan\n"
    assert found(AddressRecognizer("en"), text) == ["House 118, Street 7, Peoples Colony"]


def test_an_order_for_payment_sections_after_a_paragraph():
    text = ("I. Hauptforderung                                                      EUR\n"
            "   vom 14.02.2024 (Kundennummer 10-55823)                        2.847,50\n\n"
            "   Zinsen: 5 Prozentpunkte über dem jeweiligen Basiszinssatz\n"
            "   aus 2.847,50 EUR seit dem 16.03.2024\n\n"
            "II. Nebenforderungen\n"
            "   vorgerichtliche Mahnkosten                                       15,00\n\n"
            "III. Kosten dieses Verfahrens\n"
            "   Gerichtskosten                                                   59,50\n")
    assert found(MoneyRecognizer("de"), text) == ["2.847,50", "2.847,50 EUR", "15,00", "59,50"]
    # without an amount header before it, a section's heading opens no table
    assert found(MoneyRecognizer("de"), text.split("II.")[0].replace("EUR\n", "\n") + "II." +
                 text.split("II.")[1]) == ["2.847,50 EUR"]


def test_the_base_of_a_spanish_payslip_deduction():
    text = "    Contingencias comunes    4,70 % s/ 2.118,84 ......    99,59\n"
    assert found(MoneyRecognizer("es"), text) == ["2.118,84", "99,59"]


def test_an_indian_pin_after_an_en_dash_and_a_registry_number_before_its_year():
    assert found(PostalCodeRecognizer("en"), "12th Cross, HSR Layout Sector 2,\nBengaluru – 560102\nMobile") == [
        "560102"]
    found_ = detect("en", "Claim No. FH 01142 of 2023\n")
    # the registry's letters, its number and the year are masked, whichever entity holds which
    assert "".join(t for t, _ in found_).replace(" ", "") == "FH01142of2023"


def test_a_police_officers_service_number_before_the_rank():
    text = "Recorded by:   No. 98214 PC Joseph Kiprono Langat     Sign: ______\n"
    assert found(IdNumberRecognizer("en"), text) == ["98214"]
    assert found(IdNumberRecognizer("en"), "See No. 98214 PCs were sold\n") == []


def test_an_american_address_in_a_spanish_document_and_a_town_before_a_two_word_street():
    assert found(AddressRecognizer("es"), "residente en 4517 Bellfort Avenue, Houston, Texas 77051,") == [
        "4517 Bellfort Avenue"]
    text = "1. Die Eigentumswohnung in 2700 Wiener Neustadt, Neunkirchner Straße 58/2,\n"
    assert found(PostalCodeRecognizer("de"), text) == ["2700"]


def test_brazilian_register_entries_and_a_state_field():
    text = ("CI MG-12.845.903 SSP/MG, CPF 048.377.216-05\n"
            "R-1/87.512 - Prenotação nº 412.339, de 10/06/2011. conforme certidão\n"
            "de óbito, termo nº 48.217, do\n")
    assert found(IdNumberRecognizer("pt"), text)[:1] == ["MG-12.845.903 SSP/MG"]
    assert {"412.339", "48.217"} <= set(found(IdNumberRecognizer("pt"), text))
    found_ = detect("pt", "05 Município: Curitiba   06 UF: PR   07 CEP: 81070-000\n")
    assert ("PR", "LOCATION") in found_
    # a Brazilian state's field is no Chilean indexed unit
    assert not any(label == "MONEY" for _, label in found_)


def test_strict_durations_with_numbers_in_words_and_figures():
    assert ("seven (7) years and two (2) months", "QUANTITY") in detect(
        "en", "a period of seven (7) years and two (2) months. He joined", profile="strict")
    assert ("2 (dos) años", "QUANTITY") in detect("es", "El arrendamiento es por 2 (dos) años.", profile="strict")
    found_ = detect("en", "the car back within 10 business days, after a 4-day history", profile="strict")
    assert ("10 business days", "QUANTITY") in found_ and ("4-day", "QUANTITY") in found_


def test_strict_a_job_title_and_a_nationality_the_model_took_for_miscellaneous():
    text = "La trabajadora prestó servicios como Jefa de Bodega desde el 02 de mayo."
    assert ("Jefa de Bodega", "OCCUPATION") in detect("es", text, {"Jefa de Bodega": "MISC"}, profile="strict")
    assert ("Jefa de Bodega", "OCCUPATION") not in detect("es", text, {"Jefa de Bodega": "MISC"})
    text = "Nacionalidade:        Portuguesa\nResidência habitual:  Braga"
    assert ("Portuguesa", "DEMOGRAPHIC") in detect("pt", text, {"Portuguesa": "MISC"}, profile="strict")
    # a job title that the model took for an organization is an occupation in the strict profile, nothing in standard
    text = "Contact: Priya Ramaswamy, Lettings Manager\n"
    tags = {"Priya Ramaswamy": "PER", "Lettings Manager": "ORG"}
    assert ("Lettings Manager", "OCCUPATION") in detect("en", text, tags, profile="strict")
    assert detect("en", text, tags) == [("Priya Ramaswamy", "PERSON")]


def test_round_101_keywords_of_peru_argentina_austria_and_portugal():
    text = ("CMP 041276 – RNE 021953\nAutogenerado        : 6504121QHRSE005\n"
            "el automotor Toyota Corolla dominio AE 417 KD se adjudica.\n")
    assert found(IdNumberRecognizer("es"), text) == ["041276", "021953", "6504121QHRSE005", "AE 417 KD"]
    assert found(IdNumberRecognizer("es"), "Es un bien de dominio público desde 2024.\n") == []
    assert found(IdNumberRecognizer("de"), "Verein Kinderwelt Favoriten, ZVR-Zahl 418736502\n") == ["418736502"]
    assert found(IdNumberRecognizer("pt"), "Gestor: Rui Manuel Sequeira (n.º func. 08831)\n") == ["08831"]


def test_round_101_a_flat_after_dpto_and_a_floor_with_its_door():
    text = ("Av. de los Shyris N36-152 y Suecia, edificio Torres del Norte, dpto. 5B, Quito\n"
            "la vivienda superior (4º, pta. 10), propiedad de Dª. Mercedes\n")
    assert found(AddressRecognizer("es"), text) == ["Av. de los Shyris N36-152", "dpto. 5B", "4º, pta. 10"]


def test_strict_durations_with_a_rate_or_a_kind_of_day():
    found_ = detect("pt", "tempo inteiro (40 horas semanais), no prazo de 15 dias úteis:", profile="strict")
    assert ("40 horas semanais", "QUANTITY") in found_ and ("15 dias úteis", "QUANTITY") in found_
    assert ("40 hours/week", "QUANTITY") in detect("en", "Active, full-time (40 hours/week), exempt", profile="strict")


def test_strict_a_demographic_fields_value_before_the_models_entity_across_the_line():
    text = "Nacionalidade:        Portuguesa\nResidência habitual:  Braga"
    tags = {"Portuguesa Residência habitual": "ORG"}
    assert ("Portuguesa", "DEMOGRAPHIC") in detect("pt", text, tags, profile="strict")
    assert detect("pt", text, tags) == [("Braga", "LOCATION")]


def test_round_102_boxes_bags_a_chilean_roll_and_indexed_units_with_four_decimals():
    assert found(IdNumberRecognizer("en"), "KGATLENG LAND BOARD\nPrivate Bag 0012, Mochudi, Botswana\n") == ["0012"]
    assert found(IdNumberRecognizer("de"), "Städtle 38, Postfach 684, 9490 Vaduz\n") == ["684"]
    assert found(IdNumberRecognizer("es"), "Providencia (Rol SII 1104-337)\n") == ["1104-337"]
    assert found(MoneyRecognizer("es"), "Monto original:           UF 3.850,0000\n") == ["UF 3.850,0000"]


def test_round_102_five_digits_before_a_town_at_an_addresss_end():
    text = ("Address     : No. 27, Jalan SS 21/37, Damansara Utama, 47400 Petaling Jaya, Selangor\n"
            "Level 9, Menara Perdana, No. 18 Jalan Sultan Ismail, 50250 Kuala Lumpur\n")
    assert found(PostalCodeRecognizer("en"), text) == ["47400", "50250"]
    assert found(PostalCodeRecognizer("en"), "In 2024, 10000 Reasons\nWe sold, 12345 Units and more\n") == []
