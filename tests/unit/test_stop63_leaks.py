"""Leaks closed at stop 63, each found in a probe document written with an answer key (a Nigerian account opening
form, an Indian passport annexure, a Kenyan court summons, a US subpoena, a Singapore work pass application, a
Philippine community tax certificate, a Swiss tax assessment and notice of termination, an Austrian trade
registration, a German tenancy warning, a Colombian ruling, a Mexican lease and sick note, a Bolivian land transfer,
an Argentine promissory note, a Chilean referral, a Spanish traffic fine, a Peruvian record request, a Guatemalan
sworn statement, a Uruguayan divorce petition, Brazilian and Portuguese referrals, summonses, prescriptions and police
reports): keywords of every language, a suit's and an action's number, grid addresses of Colombia and Yucatán,
Indian and Nigerian addresses and postal codes, Swiss postal codes under the street, Uruguay's peso, courts and public
bodies by their heads, a judge's name in capitals under the ruling, an owner's and a landlord's name after the field,
"Hon." as a title, no abbreviation as a headword."""

from app.detection.addresses import AddressRecognizer
from app.detection.identifiers import IdNumberRecognizer
from app.detection.patterns import CaseNumberRecognizer, MoneyRecognizer, PostalCodeRecognizer
from tests.unit.fakes import detect, found


def test_keywords_of_spanish_documents():
    text = ("Profesión: contador público, Mat. Prof. 10-12874-3 (CPCE Córdoba)\n"
            "NSS: 41 87 79 2603 5                    Agregado médico: 1M1979OR\n"
            "con Código Catastral 011-0452-017-000, inscrito\n(cuenta predial 028-112-07-000-3).\n"
            "bajo el folio electrónico 1187342.\nRUN: 12.874.309-K      Ficha clínica: 0058213\n"
            "Boletín de denuncia: V-0392847\n(Av. Arequipa 3120), Kardex N.° 41877, a favor\n"
            "Código Único de Identificación 2415 83961 0901, extendido\n")
    ids = found(IdNumberRecognizer("es"), text)
    for value in ("10-12874-3", "1M1979OR", "011-0452-017-000", "028-112-07-000-3", "1187342", "0058213",
                  "V-0392847", "41877", "2415 83961 0901"):
        assert value in ids


def test_keywords_of_portuguese_german_and_english_documents():
    text = ("Nº da Guia: 2024.0415.003821        Regulação SISREG: 584120937\n"
            "Processo n.º 18342/24.7T8PRT          Referência: 451207733\n"
            "com IUC de 2024 pago (referência AT 1564 2290 8813) e inspeção\n"
            "Clínica Médica – CRM-RS 38.472 · RQE 21.905\nAUTO DE OCORRÊNCIA N.º 1284/2025/CRP\n")
    ids = found(IdNumberRecognizer("pt"), text)
    for value in ("584120937", "451207733", "AT 1564 2290 8813", "21.905", "1284/2025/CRP"):
        assert value in ids
    text = ("Säule 3a (Police Nr. 3A-77120448)                CHF  -7'056\n"
            "Einzahlung auf IBAN CH93 0076 2011 6238 5295 7, Referenz 22 30417 88500 00000 00000 00412\n"
            "Geschäftszahl: LLW-2025-211847/3              GISA-Zahl: 38417225\n")
    ids = found(IdNumberRecognizer("de"), text)
    for value in ("3A-77120448", "22 30417 88500 00000 00000 00412", "38417225"):
        assert value in ids
    text = ("Appointment ARN: 24-2008716532\n  CTC No.            : CCI2024 00583321, issued\n"
            "Training Employment Pass, FIN G5538102N (2016)\n")
    ids = found(IdNumberRecognizer("en"), text)
    # (stop 66: the certificate's serial with its prefix, whole; only "CCI2024" before)
    for value in ("24-2008716532", "CCI2024 00583321", "G5538102N"):
        assert value in ids


def test_a_suits_and_an_actions_number():
    text = "IN THE CHIEF MAGISTRATE'S COURT AT MOMBASA\nCIVIL SUIT NO. E1472 OF 2024\nCivil Action No. 1:24-cv-06318\n"
    assert found(CaseNumberRecognizer(), text) == ["E1472 OF 2024", "1:24-cv-06318"]
    # an action without "No." names no case
    assert found(CaseNumberRecognizer(), "The action took 12 days.") == []


def test_grid_addresses_of_colombia_and_yucatan():
    text = ("JUZGADO\nCarrera 52 N.º 42-73, Edificio José Félix de Restrepo, piso 9\n"
            "en Calle 21 No. 318 x 40 y 42, Col. Itzimná, C.P. 97100, Mérida, Yucatán.")
    found_ = found(AddressRecognizer("es"), text)
    assert "Carrera 52 N.º 42-73" in found_
    assert "Calle 21 No. 318 x 40 y 42" in found_


def test_indian_and_nigerian_addresses_and_postal_codes():
    text = ("Address: No. 17, Adeola Odeku Street, Victoria Island, Lagos.\n"
            "residing at No. 14, 2nd Cross, Jayanagar 4th Block, Bengaluru\n"
            "Residence: 42, 3rd Cross, 8th Main, Jayanagar\n     Plot No. 114, Links Road, Nyali\n")
    assert found(AddressRecognizer("en"), text) == ["No. 17, Adeola Odeku Street", "No. 14, 2nd Cross", "4th Block",
                                                    "42, 3rd Cross", "8th Main", "Plot No. 114, Links Road"]
    assert found(PostalCodeRecognizer("en"), "Residential Address: 23B Oduduwa Crescent, Ikeja, Lagos State 100271\n"
                 ) == ["100271"]


def test_swiss_postal_codes_under_the_street_and_after_a_letterheads_dot():
    text = ("Herrn\nMiloš Žukauskas-Brenner\nRosenbergstrasse 61\n8400 Winterthur\n\n"
            "Brunnmatt AG\nIndustriestrasse 14 · 8404 Winterthur\n")
    assert found(PostalCodeRecognizer("de"), text) == ["8400", "8404"]
    # a year opening a line under a number is none
    assert found(PostalCodeRecognizer("de"), "Summe 1200\n2019 Umzug nach Bern\n") == []


def test_uruguays_peso():
    text = "Se solicita pensión provisoria de $U 38.000 mensuales; percibe un líquido de $U 145.000."
    assert found(MoneyRecognizer("es"), text) == ["$U 38.000", "$U 145.000"]


def test_courts_and_public_bodies_by_their_heads():
    labels = detect("es", "INSTITUTO MEXICANO DEL SEGURO SOCIAL\nDirección de Prestaciones Médicas\n",
                    {"INSTITUTO MEXICANO": "ORG"})
    assert ("INSTITUTO MEXICANO DEL SEGURO SOCIAL", "ORGANIZATION") in labels
    labels = detect("es", "El Juzgado Tercero Civil Municipal de Oralidad de Medellín, administrando justicia.\n")
    assert ("Juzgado Tercero Civil Municipal de Oralidad de Medellín", "ORGANIZATION") in labels
    labels = detect("de", "HANDELSREGISTER DES KANTONS ZÜRICH\nAuszug\n", {"ZÜRICH": "LOC"})
    assert ("HANDELSREGISTER DES KANTONS ZÜRICH", "ORGANIZATION") in labels
    labels = detect("pt", "Juízo Local Cível do Porto – Juiz 4\n")
    assert ("Juízo Local Cível do Porto", "ORGANIZATION") in labels


def test_a_judges_name_in_capitals_under_the_ruling():
    labels = detect("es", "NOTIFÍQUESE Y CÚMPLASE\n\nBEATRIZ ELENA CASTAÑO RÍOS\nJueza\n", {"BEATRIZ ELENA": "PER"})
    assert ("BEATRIZ ELENA CASTAÑO RÍOS", "PERSON") in labels


def test_an_owners_and_a_landlords_name_after_the_field():
    labels = detect("es", "Propietario anterior: ŽELJKO ANDRÉS KOVÁČ MENDOZA, C.I. 0923847165, Guayaquil\n"
                          "ARRENDADORA: GUADALUPE ESTHER OCHOA BARRAGÁN, de 58 años, viuda.\n")
    assert ("ŽELJKO ANDRÉS KOVÁČ MENDOZA", "PERSON") in labels
    assert ("GUADALUPE ESTHER OCHOA BARRAGÁN", "PERSON") in labels


def test_hon_as_a_title():
    labels = detect("en", "DEPUTY REGISTRAR\nHon. Faith Chebet Kiprono\n\nDrawn and filed by:\n",
                    {"Chebet Kiprono": "PER"})
    assert ("Faith Chebet Kiprono", "PERSON") in labels


def test_no_abbreviation_as_a_headword():
    labels = detect("en", "Hearing in Court Room No. 4 on Monday.\nNational ID No. 28841637\n",
                    {"Court Room No.": "ORG"})
    assert ("No.", "ORGANIZATION") not in labels


def test_swiss_amounts_in_a_column_and_a_deduction():
    text = ("Wertschriftenertrag (UBS Switzerland AG)         CHF   1'284        CHF   1'284\n"
            "Berufsauslagen                                   CHF  -6'950\n")
    assert found(MoneyRecognizer("de"), text) == ["CHF   1'284", "CHF   1'284", "CHF  -6'950"]
    # a code glued to a year by a hyphen is no amount
    assert found(MoneyRecognizer("de"), "Projekt EUR-2024 und USD-12\n") == []


def test_an_institution_inside_a_longer_organization_of_the_model_gives_way():
    text = "El Instituto Hispano-árabe para la Comunicación y la Delegación de la Agencia Efe en Rabat.\n"
    labels = detect("es", text, {"Instituto Hispano-árabe para la Comunicación": "ORG",
                                 "Delegación de la Agencia Efe": "ORG", "Rabat": "LOC"})
    assert ("Instituto Hispano-árabe para la Comunicación", "ORGANIZATION") in labels
    assert ("Delegación de la Agencia Efe", "ORGANIZATION") in labels


def test_round_70_keywords():
    text = ("DUI: 04582913-6        Afiliación ISSS: 201784563\nCirugía General – JVPM 12874\n"
            "Número Único de Identidad (NUI): 402-5938174-6\n"
            "la Dra. Ana Lucía Hernández Polanco, exequátur 118-09. Peso\n"
            "Sistema pensionario: AFP Integra – CUSPP 584201NQMAQ7\n")
    ids = found(IdNumberRecognizer("es"), text)
    for value in ("04582913-6", "201784563", "12874", "402-5938174-6", "118-09", "584201NQMAQ7"):
        assert value in ids
    assert "83660000004-1" in found(IdNumberRecognizer("pt"), "Linha digitável: 83660000004-1 13670138000-7\n")
    assert "2871904" in found(IdNumberRecognizer("en"), "Rental bond: Bond number 2871904 – $2,760.00\n")
    assert "21 00000 00003 13947 14300 09017" in found(IdNumberRecognizer("de"),
                                                       "Referenz: 21 00000 00003 13947 14300 09017\n")


def test_a_swiss_street_without_a_type_above_its_postal_code_and_a_central_american_house_number():
    text = "Herr\nŽeljko Marković-Brunner\nIm Chrummacher 9\n8805 Richterswil\n"
    assert found(AddressRecognizer("de"), text) == ["Im Chrummacher 9"]
    # a year under it is no postal code
    assert found(AddressRecognizer("de"), "Im Jahr 9\n2019 Umzug\n") == []
    assert found(AddressRecognizer("es"), "Calle La Mascota #518, Colonia San Benito, San Salvador\n") == [
        "Calle La Mascota #518, Colonia San Benito"]  # (stop 70: with its neighbourhood)


def test_a_courts_and_a_registers_number_inside_their_names():
    labels = detect("es", "Representarla ante el Juzgado de Primera Instancia n.º 7 de Málaga en el procedimiento "
                          "ordinario 812/2023, finca registral 23.456 del Registro de la Propiedad n.º 3 de Málaga.\n",
                    {"Málaga": "LOC"})
    assert ("Juzgado de Primera Instancia n.º 7 de Málaga", "ORGANIZATION") in labels
    assert ("Registro de la Propiedad n.º 3 de Málaga", "ORGANIZATION") in labels


def test_hon_in_capitals_before_a_name_in_capitals():
    labels = detect("en", "Prepared by:      Approved:\n\nJOCELYN M. ABUBAKAR-TAN      HON. ŁUKASZ V. WIŚNIEWSKI-ONG\n",
                    {"JOCELYN M.": "PER"})
    assert ("ŁUKASZ V. WIŚNIEWSKI-ONG", "PERSON") in labels


def test_a_letterheads_public_body_in_capitals_that_the_model_left():
    assert ("MINISTRY OF MANPOWER", "ORGANIZATION") in detect("en", "MINISTRY OF MANPOWER\nWork Pass Division\n")
    labels = detect("es", "MINISTERIO DEL INTERIOR\nDIRECCIÓN GENERAL DE TRÁFICO\nJefatura Provincial de Tráfico\n",
                    {"MINISTERIO DEL INTERIOR": "ORG"})
    assert ("DIRECCIÓN GENERAL DE TRÁFICO", "ORGANIZATION") in labels
    # a headline in capitals under a sentence is none
    labels = detect("en", "The ministry said.\nMINISTRY OF DEFENCE SAYS TROOPS WILL STAY\nThe ministry said.\n")
    assert not any(label == "ORGANIZATION" for _, label in labels)


def test_round_71_zambia_honduras_and_a_chilean_police_reports_parties():
    text = "Plot 4417, Lumumba Road, Lusaka 10101, Zambia\nNRC No.: 284516/61/1\nPayroll Officer, NRC 510922/11/1\n"
    assert found(PostalCodeRecognizer("en"), text) == ["10101"]
    ids = found(IdNumberRecognizer("en"), text)
    assert "284516/61/1" in ids and "510922/11/1" in ids
    text = "por el precio de L 1,250,000.00 (UN MILLÓN DOSCIENTOS CINCUENTA MIL LEMPIRAS).\n"
    assert found(MoneyRecognizer("es"), text) == ["L 1,250,000.00", "UN MILLÓN DOSCIENTOS CINCUENTA MIL LEMPIRAS"]
    labels = detect("es", "2. VÍCTIMA: CAMILA IGNACIA MUÑOZ SEPÚLVEDA, RUN 19.482.307-K, 27 años\n"
                          "4. DETENIDO: BRAYAN ALEXIS ÑANCUPIL HUENCHUMÁN, RUN 21.045.668-3, 19 años\n")
    assert ("CAMILA IGNACIA MUÑOZ SEPÚLVEDA", "PERSON") in labels
    assert ("BRAYAN ALEXIS ÑANCUPIL HUENCHUMÁN", "PERSON") in labels


def test_round_71_panama_cuba_sri_lanka_and_a_brazilian_procedure_code():
    text = ("Devenga un salario mensual bruto de B/. 2,850.00\n"
            "(DOS MIL OCHOCIENTOS CINCUENTA BALBOAS CON 00/100), más\n"
            "(cuenta 04-55-01-238417-6) por B/. 312.50 quincenales.\n")
    assert found(MoneyRecognizer("es"), text) == ["B/. 2,850.00", "DOS MIL OCHOCIENTOS CINCUENTA BALBOAS",
                                                  "B/. 312.50"]
    assert "04-55-01-238417-6" in found(IdNumberRecognizer("es"), text)
    assert found(AddressRecognizer("es"), "domicilio: Calle 23 No. 1056 e/ 12 y 14, Vedado, Plaza\n") == [
        "Calle 23 No. 1056 e/ 12 y 14"]
    text = "Hotel Suisse, 30 Sangaraja Mawatha, Kandy 20000\nResidence:       12 Ward Place, Colombo 00700\n"
    assert found(PostalCodeRecognizer("en"), text) == ["20000", "00700"]
    assert "31402018" in found(IdNumberRecognizer("pt"), 'implante coclear unilateral" (TUSS 31402018),\n')
