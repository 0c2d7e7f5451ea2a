"""Leaks closed at stop 71, each found in a probe document of rounds 120–142 written with an answer key (a Cologne
deed of sale, a Dortmund pension decision, an Austrian divorce judgment, a Lagos baggage claim and birth registration,
a Mumbai tax adviser's letter, a Dublin discharge summary, a Canadian collector's demand, a Mexico City estate agent's
notes and marriage certificate, a Medellín baptism record, a Curitiba pharmacy's record, a São Paulo workshop's
estimate, a Lisbon insurer's letter, a Swiss probate inventory, a Vienna pharmacy's narcotics register, a Portuguese
camping site's contract among them)."""

from app.detection.addresses import AddressRecognizer
from app.detection.identifiers import IdNumberRecognizer
from app.detection.patterns import CaseNumberRecognizer
from app.detection.quasi_identifiers import QuasiIdentifierRecognizer
from tests.unit.fakes import detect, found


def test_german_identifiers_after_a_partys_ordinal_with_a_year_or_a_slashed_tail():
    text = ("Steuer-IdNr. Verkäuferin: 47 281 935 604\n"
            "Steuer-IdNr. Käufer zu 2.: 63 019 482 775\n"
            "Unser Zeichen:        R-AR 4471/2025\n"
            "Aktenzeichen: 12 C 48/24k\n"
            "Installateur Kovačević GmbH, Rechnung RE 55102 vom 3.4.\n")
    assert found(IdNumberRecognizer("de"), text) == [
        "47 281 935 604", "63 019 482 775", "R-AR 4471/2025", "12 C 48/24k", "RE 55102"]
    # an invoice in words, no number
    assert found(IdNumberRecognizer("de"), "Die Rechnung RE wurde bezahlt.\n") == []


def test_english_keywords_of_indian_nigerian_and_canadian_records():
    text = ("LLPIN: AAK-4417 | GSTIN: 27AAQFM3821K1Z9\n"
            "Flight / date:          AK 902 / 01 August 2024\n"
            "Bag tag number(s):      AK 331874 (missing)\n"
            "Senior Registrar (MDCN Folio No. 41922)\n"
            "the last three digits of your SIN (***-***-482).\n")
    assert found(IdNumberRecognizer("en"), text) == [
        "AAK-4417", "27AAQFM3821K1Z9", "AK 902", "AK 331874", "41922", "***-***-482"]
    # a flight without its number
    assert found(IdNumberRecognizer("en"), "The flight 2 hours later.\n") == []


def test_spanish_and_portuguese_keywords_and_register_entries():
    text = ("folio de precalificación 7718-2290-4415.\n"
            "                ID flota BRB-E-042\n"
            "       escritura 45,218 de la Notaría 127 de la CDMX.\n"
            "Oficialía: 01           Libro: 03           Acta: 00421\n"
            "Folio de certificación: JAL-DGRC-2025-7731094\n")
    assert found(IdNumberRecognizer("es"), text) == [
        "7718-2290-4415", "BRB-E-042", "45,218", "01", "03", "00421", "JAL-DGRC-2025-7731094"]
    assert found(IdNumberRecognizer("es"), "la escritura 2 de marzo\n") == []
    text = ("CNPJ 27.418.963/0001-52 · AFE ANVISA 7.21984-3 · Lic. Sanitária 0412/2024\n"
            "CNPJ 27.481.936/0001-38 · IE 148.392.017.115\n"
            "PIX pendente de confirmação (NF 2025/000318)\n")
    assert found(IdNumberRecognizer("pt"), text) == [
        "27.418.963/0001-52", "7.21984-3", "0412/2024", "27.481.936/0001-38", "148.392.017.115", "2025/000318"]


def test_austrian_case_numbers_with_their_check_letter_glued_to_the_year():
    text = ("                 12 C 48/24k - 19\n"
            "im Verfahren 3 Ps 112/23m gesondert entschieden.\n")
    assert found(CaseNumberRecognizer(), text) == ["12 C 48/24k - 19", "3 Ps 112/23m"]
    # a letter after a space before a word is an article's, not the court's
    assert found(CaseNumberRecognizer(), "das 3 Ps 112/23 a und b\n") == ["3 Ps 112/23"]


def test_a_floor_after_a_dash_and_an_indian_office_before_its_building():
    assert found(AddressRecognizer("pt"), "Rua Castilho, 39 - 5.º, 1250-068 Lisboa | NIPC 513 482 907\n") == [
        "Rua Castilho, 39 - 5.º"]
    assert found(AddressRecognizer("pt"), "Rua Castilho, 39 - 41, Lisboa\n") == ["Rua Castilho, 39 - 41"]
    text = ("MEHTA & IYER ASSOCIATES LLP\n402, Sai Krupa Chambers, S.V. Road, Andheri (West), Mumbai - 400058\n"
            "Address: 12B, Shanti Complex, Pune\n")
    assert found(AddressRecognizer("en"), text) == ["402, Sai Krupa Chambers", "12B, Shanti Complex"]
    # a year before a comma inside a sentence
    assert found(AddressRecognizer("en"), "In 2019, Trump Tower said.\n") == []


def test_a_flat_after_a_house_number_and_a_notarys_office_by_its_number():
    found_entities = detect("es", "con venta de su depto. en Polanco (Homero 1430, int. 302).\n",
                            {"Polanco": "LOC", "Homero": "MISC"})
    assert ("Homero 1430, int. 302", "LOCATION") in found_entities
    found_entities = detect("es", "Domicilio: Gorriti 5120 Piso 2 Dpto 4, Palermo\n", {"Gorriti": "LOC"})
    assert ("Gorriti 5120 Piso 2 Dpto 4", "LOCATION") in found_entities
    text = "Inmueble en garantía: escritura de la Notaría 127 de la CDMX.\nAnte la Notaría Pública No. 45 de Guadalajara.\n"
    found_entities = detect("es", text)
    assert ("Notaría 127 de la CDMX", "ORGANIZATION") in found_entities
    assert ("Notaría Pública No. 45 de Guadalajara", "ORGANIZATION") in found_entities


def test_a_firm_after_an_ironworks_compound_and_a_parents_phone():
    text = "                           (Westfalenhütte Stahlwerk AG, Dortmund)\n"
    assert ("Westfalenhütte Stahlwerk AG", "ORGANIZATION") in detect("de", text, {"Stahlwerk AG": "ORG"})
    assert ("301 455 8920", "PHONE") in detect("es", "Teléfono de los padres: 301 455 8920\n")


def test_the_strict_profiles_conditions_take_the_place_of_the_models_names_inside_them():
    text = "COMORBIDITIES\n- Hypertension\n- Asthma\n"
    entities = detect("en", text, {"Hypertension": "ORG"}, profile="strict")
    assert ("Hypertension", "HEALTH") in entities and ("Asthma", "HEALTH") in entities
    # the standard profile keeps the model's name (no health labels there)
    assert ("Hypertension", "ORGANIZATION") in detect("en", text, {"Hypertension": "ORG"})


def test_conditions_occupations_and_diagnoses_of_the_stops_probes():
    def labels(language: str, text: str) -> list[tuple[str, str]]:
        return [(e.text, e.label) for e in QuasiIdentifierRecognizer(language).recognize(text, [])]

    assert ("chronic kidney disease", "HEALTH") in labels("en", "His mother has chronic kidney disease.\n")
    assert ("ex-smoker", "HEALTH") in labels("en", "- Ex-smoker (30 pack-years)\n".lower())
    assert ("claim handler", "OCCUPATION") in labels("en", "Your claim handler is Ms Byrne.\n")
    assert ("koronare Herzkrankheit", "HEALTH") in labels("de", "(Diabetes mellitus Typ 2, koronare Herzkrankheit)\n")
    assert ("Disponent", "OCCUPATION") in labels("de", "Position: Disponent\n")
    assert ("ileso", "HEALTH") in labels("es", "- Youssef El Amrani Bouzid: ileso.\n")
    assert ("Entrenador", "OCCUPATION") in labels("es", "Entrenador asignado: Raúl Medina\n")
    assert ("hipertensa", "HEALTH") in labels("pt", "Paciente hipertensa, em uso contínuo.\n")
    assert ("Despachante oficial", "OCCUPATION") in labels("pt", "Despachante oficial: Rui Pacheco\n")
    assert ("F41.1", "HEALTH") in labels("pt", "Indicação (CID informado): F41.1 – transtorno de ansiedade\n")
    # a version's number before a dash is no diagnosis
    assert not any(label == "HEALTH" for _, label in labels("pt", "Versão 2.1 - beta\n"))


def test_a_mannheim_square_and_a_registrations_code_opening_a_row():
    text = "  Dr. Friedrich Almeroth, N 7, 13, 68161 Mannheim\nSeite 7, 13 Absätze\n"
    assert found(AddressRecognizer("de"), text) == ["N 7, 13"]
    text = ("Inscrição   Nome\nCBESA-0017  Fernanda Oliveira Cavalcanti – CPF 418.230.957-04\n"
            "- CBESA-0023: cadeirante – reservar assento.\nCOVID-19: cuidados\nISO-9001 certificado\n")
    assert found(IdNumberRecognizer("pt"), text) == ["CBESA-0017", "418.230.957-04", "CBESA-0023"]


def test_a_foundation_a_diocese_and_a_parish_in_capitals():
    entities = detect("pt", "FUNDAÇÃO AMÉLIA CORREIA BRANDÃO\nPrograma de Bolsas de Estudo\n",
                      {"AMÉLIA CORREIA BRANDÃO": "PER"})
    assert ("FUNDAÇÃO AMÉLIA CORREIA BRANDÃO", "ORGANIZATION") in entities
    entities = detect("es", "ARQUIDIÓCESIS DE MEDELLÍN\nPARROQUIA SANTA MARÍA DE LOS ÁNGELES – BELÉN\nPartida\n",
                      {"MEDELLÍN": "LOC", "PARROQUIA SANTA MARÍA DE LOS ÁNGELES": "MISC"})
    assert ("ARQUIDIÓCESIS DE MEDELLÍN", "ORGANIZATION") in entities
    assert ("PARROQUIA SANTA MARÍA DE LOS ÁNGELES – BELÉN", "ORGANIZATION") in entities


def test_a_range_of_months_before_the_year_and_spanish_records_by_their_numbers():
    from app.detection.patterns import DateRecognizer

    assert found(DateRecognizer("es"), "rentas de los meses de enero a junio de 2024 (6 mensualidades)\n") == [
        "enero a junio de 2024"]
    assert found(DateRecognizer("en"), "from May to June 2021 and March-April 2020\n") == [
        "May to June 2021", "March-April 2020"]
    text = ("Hospital Civil (expediente clínico 4417-23). Podrá\nCCT: 19PPR0237K\n"
            "pagada por transferencia SPEI, referencia 8841273.\nGestora: Nerea (empleada n.º 40217) · Oficina\n"
            "Practicada por el Agente Judicial nº 0372 del SCACE.\n")
    assert found(IdNumberRecognizer("es"), text) == ["4417-23", "19PPR0237K", "8841273", "40217", "0372"]


def test_a_german_street_named_alone_and_an_english_range_of_numbers_on_a_close():
    text = ("im Volksgarten (Spielplatz, Eingang Pflanzengasse) gebissen, auf der Badenerstrasse.\n"
            "Die Sackgasse war gesperrt, die Landstraße auch.\n")
    assert found(AddressRecognizer("de"), text) == ["Pflanzengasse", "Badenerstrasse"]
    text = "Manchester Employment Tribunal, Alexandra House, 14-22 The Parsonage, Manchester M3 2JA\n"
    assert found(AddressRecognizer("en"), text) == ["14-22 The Parsonage"]


def test_blood_pressures_and_more_occupations_and_conditions():
    def labels(language: str, text: str) -> list[tuple[str, str]]:
        return [(e.text, e.label) for e in QuasiIdentifierRecognizer(language).recognize(text, [])]

    assert ("Blutdruck 142/88 mmHg", "HEALTH") in labels("de", "- Blutdruck 142/88 mmHg, Puls 76/min\n")
    assert ("PA 122/78 mmHg", "HEALTH") in labels("pt", "- PA 122/78 mmHg | FC 58 bpm\n")
    assert ("BP: 138/86", "HEALTH") in labels("en", "BP: 138/86.\n")
    assert not any(label == "HEALTH" for _, label in labels("en", "The PA 12/2024 file.\n"))
    assert ("Lokführer", "OCCUPATION") in labels("de", "Herr Krämer ist als Lokführer tätig.\n")
    assert ("párroco", "OCCUPATION") in labels("es", "firmó el párroco\n")
    assert ("chronic obstructive pulmonary disease", "HEALTH") in labels(
        "en", "Our client has chronic obstructive pulmonary disease.\n")
    assert ("acamado", "HEALTH") in labels("pt", "O Sr. Bubacar encontra-se acamado.\n")


def test_rounds_129_to_131s_keywords_of_four_languages():
    text = ("Concurso ordinario 318/2024\nPréstamo 3058-2210-41-2710039584.\ntramo 40% (folio RSH 48102736)\n"
            "LPU N.º:               412.887\nBBVA México, S.A., sucursal 1432, cuenta\n"
            "Folio de solicitud:   JAL-CNAP-2025-0348817\n")
    assert found(IdNumberRecognizer("es"), text) == [
        "318/2024", "3058-2210-41-2710039584", "48102736", "412.887", "1432", "JAL-CNAP-2025-0348817"]
    text = "Engine No.: A25A-6310487\npaid (EFTPOS, receipt 55921)\n(Audiology Australia member 14478)\n"
    assert found(IdNumberRecognizer("en"), text) == ["A25A-6310487", "55921", "14478"]
    assert found(IdNumberRecognizer("en"), "a member 2024 of the club, receipt 12.5 kg\n") == []
    text = "Registro CBF/FPF:     BID 1120482\nSantos, Sub-9, inscrição GRE-SUB9-2024-0087\n"
    assert found(IdNumberRecognizer("pt"), text) == ["1120482", "GRE-SUB9-2024-0087"]
    assert found(IdNumberRecognizer("de"), "  Femur:  Attune CR, Gr. 5, LOT 7841102\n") == ["7841102"]


def test_rounds_132_to_134s_keywords_an_australian_title_and_an_indian_pin_before_a_full_stop():
    from app.detection.patterns import PostalCodeRecognizer

    text = "PHARMACEUTICALS LTD (RC 887342), TIN 19874263-0001\nTitle Reference:   Lot 14 DP 1187342\n"
    assert found(IdNumberRecognizer("en"), text) == ["887342", "19874263-0001", "Lot 14 DP 1187342"]
    assert found(PostalCodeRecognizer("en"), "fibre connection in Whitefield, Bengaluru 560066.\n") == ["560066"]
    text = "Tiquete electrónico: 729-2104857736\nremolque 2HT-418\nreferencia bancaria BBVA 7719 0042 8831\n"
    assert found(IdNumberRecognizer("es"), text) == ["729-2104857736", "2HT-418", "7719 0042 8831"]
    text = "Ref. pagamento MB 21548 / x\nSão Paulo/SP - CNO 51.208.47701/79\nTécnico, MTE SP/041873\n"
    assert found(IdNumberRecognizer("pt"), text) == ["21548", "51.208.47701/79", "SP/041873"]
    assert found(IdNumberRecognizer("de"), "durch ÖGK bewilligt, Zl. ÖGK-W-2024/556701\n") == ["ÖGK-W-2024/556701"]


def test_rounds_135_to_137s_accounts_references_and_registrations():
    text = ("   - PostFinance AG, Konto 30-482716-4\nZahlungsreferenz: 2025030187K20417\n"
            "Grundstück Thun-Gbbl. Nr. 3827\n")
    assert found(IdNumberRecognizer("de"), text) == ["30-482716-4", "2025030187K20417", "3827"]
    text = ("SEPA – Referencia de mandato: BL-SEPA-00417\nsaldo préstamo FONACOT, crédito 1410-883726\n"
            "recibo CFE, servicio 547 802 193 416)\n")
    assert found(IdNumberRecognizer("es"), text) == ["BL-SEPA-00417", "1410-883726", "547 802 193 416"]
    assert found(IdNumberRecognizer("es"), "el servicio 24 horas, crédito 12 meses\n") == []
    text = ("Referência Multibanco – Entidade 21847\nEntidade: 20644 · Referência: 183 472 551\n"
            "CNPJ 1 · Inscr. Municipal 5.318.442-7\nestacionamento, ticket 77120\n")
    assert found(IdNumberRecognizer("pt"), text) == ["21847", "20644", "183 472 551", "5.318.442-7", "77120"]
    assert found(IdNumberRecognizer("en"), "Registered Nurse (SANC 14298776)\n") == ["14298776"]


def test_rounds_138_to_140s_registrations_meters_and_keys():
    text = "Golden Lotus Nail Spa Inc. (BN 874512903 RC0001)\nPapadimitriou MCOptom, GOC 01-28471\n"
    assert found(IdNumberRecognizer("en"), text) == ["874512903 RC0001", "01-28471"]
    text = "Eingetragen in Sokrates, Zahl VS21-ABW-2025/0036\n  Vignette V 24-0738921\ndie Zahl 5 ist gerade\n"
    assert found(IdNumberRecognizer("de"), text) == ["VS21-ABW-2025/0036", "V 24-0738921"]
    assert found(AddressRecognizer("de"), "Verpachtet wird die Parzelle Nr. 58 in der Anlage\n") == ["Parzelle Nr. 58"]
    assert found(IdNumberRecognizer("es"), "S.A. de C.V., clave de rastreo 2024101440014BAL00039871\n") == [
        "2024101440014BAL00039871"]
    text = "CAAE 61234522.4.1001.5208\nmatrícula de reboque L-284613\n  Eletricidade (contador n.º 0447)\n"
    assert found(IdNumberRecognizer("pt"), text) == ["61234522.4.1001.5208", "L-284613", "0447"]


def test_rounds_141_and_142s_cards_services_registrations_and_references():
    text = ("OSDE, credencial N.º 61 248 573 9 01\nEdenor (servicio N.º 88213)\n(registro 2024-E-RC-097351)\n"
            "NUM. PEDIMENTO: 24 40 3950 4008127\n")
    assert found(IdNumberRecognizer("es"), text) == [
        "61 248 573 9 01", "88213", "2024-E-RC-097351", "24 40 3950 4008127"]
    assert found(IdNumberRecognizer("es"), "el registro 2024 fue bueno\n") == []
    assert found(IdNumberRecognizer("en"), "REF LP-25-031\nFound: 02/03/2025\n") == ["LP-25-031"]
