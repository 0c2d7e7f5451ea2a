"""Leaks closed at stop 54, each found in a probe document written with an answer key (a wedding guest list, an
Android crash log, an airline's lost-baggage claim, a private investigator's report, a customs notice, a residence
permit application, a SIM-swap fraud ticket, an electricity complaint chat, a crew list, an adoption home study, a
podcast's credits): e-mail addresses in a table's cells, keyed coordinates, identifiers after new keywords, companies
whose legal form the model cut or mislabelled."""

from app.detection.identifiers import IdNumberRecognizer
from app.detection.machine_codes import CoordinatesRecognizer
from app.detection.patterns import EmailRecognizer
from app.detection.pipeline import build_detector
from tests.unit.fakes import GazetteerTagger


def found(recognizer, text):
    entities = recognizer.recognize(text, [])
    assert all(text[e.start:e.end] == e.text for e in entities)
    return [e.text for e in entities]


def detect(language, text, tags=None):
    tagger = GazetteerTagger(tags or {})
    detector = build_detector(language, tagger_factory=lambda *_: tagger)
    return [(e.text, e.label) for e in detector.detect(text)]


def test_an_email_address_between_a_tables_bars():
    text = ("007|Dr. Bruno Sá Pereira |noiva (chefe)  |5   |bruno.sapereira@vieira-lopes.pt|Joana\n"
            "011|Patrícia Antunes Lobo |noiva (escola) |4   |patilobo@hotmail.com           |Sérgio\n")
    assert found(EmailRecognizer(), text) == ["bruno.sapereira@vieira-lopes.pt", "patilobo@hotmail.com"]


def test_a_coordinate_after_its_key():
    text = ('I FitTrail: lastFix lat=55.953251 lon=-3.188267 acc=4.0m {"lat": 40.4168, "lng": -3.7038} '
            "latitude: 95.123 flat=3.1234 Lat: 51.50740, -0.12780")
    # a latitude beyond 90 is none; "flat" is no key; a pair is one entity
    assert found(CoordinatesRecognizer(), text) == ["55.953251", "-3.188267", "40.4168", "-3.7038", "51.50740, -0.12780"]


def test_identifiers_after_the_new_keywords():
    assert found(IdNumberRecognizer("en"), (
        "Ticket: 176-2419938475\nFF no.: NW 771 204 559 (Gold)\nTags: NW482911, NW482912\n"
        "Investigators, Lic. A-19-004512\nSSN (last 4): xxx-xx-6632\nattaching to JIRA FT-9921.\n")) == [
        "176-2419938475", "NW 771 204 559", "NW482911", "NW482912", "A-19-004512", "xxx-xx-6632", "FT-9921"]
    assert found(IdNumberRecognizer("de"), (
        "Post-Kundennummer: 5021 7734 09\nSteuer-IdNr.: 47 036 892 815\nAktenzeichen: Z 1230 B\n")) == [
        "5021 7734 09", "47 036 892 815", "Z 1230 B"]
    assert found(IdNumberRecognizer("es"), (
        "Trabajador social: Óscar Montilla Ruz, col. 41-1988\nla tasa 790-062, nº 790062891234567\n"
        "Col. Roma Norte, 06700\n")) == ["41-1988", "790062891234567"]
    assert found(IdNumberRecognizer("pt"), (
        "Viseu. CPE PT 0002 0000 4412 7786 RY\nCliente n.º 5101883294, instalação 3001274519.\n"
        "código cliente 7700214589\nICCID antigo: 8955 0312 4481 0067 9217\nProtocolo ANATEL: 2024.118.5530.2291\n"
        "N.º documento: CNP-2024/DV/0193547\nDébito em conta: Ag. 2731 C/C 01.045.882-7\n")) == [
        "PT 0002 0000 4412 7786 RY", "5101883294", "3001274519", "7700214589", "8955 0312 4481 0067 9217",
        "2024.118.5530.2291", "CNP-2024/DV/0193547", "2731", "01.045.882-7"]


def test_a_legal_form_takes_in_the_models_pieces():
    assert ("CONSTRUCCIONES TURIA LEVANTE, S.L.", "ORGANIZATION") in detect(
        "es", "Razón social: CONSTRUCCIONES TURIA LEVANTE, S.L.   NIF: B98765432", {"LEVANTE": "ORG", "S.L": "ORG"})
    assert ("Transitarios Canarios Hermanos Suárez, S.A.", "ORGANIZATION") in detect(
        "es", "- Consignatario: Transitarios Canarios Hermanos Suárez, S.A., Sr. Octavio Medina,",
        {"Hermanos Suárez": "PER", "S.A.": "ORG"})
    assert ("Klangwerk Audio UG (haftungsbeschränkt)", "ORGANIZATION") in detect(
        "de", "Produktion: Klangwerk Audio UG (haftungsbeschränkt), Karl-Heine-Str. 93, 04229 Leipzig",
        {"Audio UG": "PER"})
    # the model's organization with its form keeps its start; a headline in capitals is no form's
    assert ("Jeans Mate Corp", "ORGANIZATION") in detect("en", "NOTE - Jeans Mate Corp said on Monday",
                                                         {"Jeans Mate Corp": "ORG"})
    assert not any(label == "ORGANIZATION" for _, label in detect(
        "es", "CONFERENCIAS EPISCOPALES ESPAÑA Y PORTUGAL SE REUNEN EN GUADALUPE", {"ESPAÑA": "LOC", "PORTUGAL": "LOC"}))


def test_a_crew_lists_and_a_pension_statements_columns():
    from app.detection.tables import TableRecognizer
    text = ("N.º| Apellidos, Nombre                | Cargo           |Nac.| F. nacim.  | Lugar nacim.     | Pasaporte | "
            "Libreta marino\n"
            "04 | ŞAHİN, Emre                      | 2.º maquinista  |TUR | 09.02.1990 | Trabzon          | U21847716 | "
            "TR-SB-558102\n")
    assert found(TableRecognizer(), text) == ["ŞAHİN, Emre", "09.02.1990", "Trabzon", "U21847716", "TR-SB-558102"]
    text = ("Período      Entidade empregadora                          NIPC          Dias\n"
            "2003–2022    Metalúrgica Baptista & Filhos, Lda. (Porto)   506 774 021   6 883\n")
    assert found(TableRecognizer(), text) == ["Metalúrgica Baptista & Filhos, Lda. (Porto)", "506 774 021"]


def test_a_log_lines_month_and_day_and_a_day_with_an_abbreviated_month():
    from app.detection.patterns import DateRecognizer, TimeRecognizer
    text = "05-07 18:19:03.552 12874 E AndroidRuntime: FATAL\n15-Mar 09:40 pax phoned\nOn Mar 9 at 10:00 and 13-12 votes"
    assert found(DateRecognizer("en"), text) == ["05-07", "15-Mar", "Mar 9"]
    assert found(TimeRecognizer(), text)[:2] == ["18:19:03.552", "09:40"]


def test_a_street_alone_on_its_line_above_the_postal_code():
    from app.detection.addresses import AddressRecognizer
    assert found(AddressRecognizer("de"), "MVZ Rheinauhafen GmbH\nAgrippinawerft 22\n50678 Köln") == ["Agrippinawerft 22"]
    assert found(AddressRecognizer("de"), "Seite 2\n12345 Berlin") == []


def test_a_tickets_assignee_and_a_comment_logs_author():
    from app.detection.patterns import UsernameRecognizer
    text = ("Opened: 2024-05-07T18:22:41Z   Assignee: jmorales (Tier 2)\n[p.kowalczyk 08/05/2024 11:02] Escalated.\n"
            "Assignee: John Smith\nassigned to them\n")
    assert found(UsernameRecognizer(), text) == ["jmorales", "p.kowalczyk"]


def test_a_nickname_quoted_before_the_name_or_after_atende_por():
    entities = detect("pt", '006|"Tuca" Artur Bezerra   |noivo\nNome: Maria Nóbrega (atende por "Ceiça")\nEle disse "Olá" '
                      "Artur Bezerra.", {"Artur Bezerra": "PER", "Maria Nóbrega": "PER"})
    assert ("Tuca", "PERSON") in entities and ("Ceiça", "PERSON") in entities and ("Olá", "PERSON") not in entities


def test_an_institution_in_a_line_of_capitals_and_a_hospital_named_before_the_word():
    assert ("MEADOWBANK HOUSE CARE HOME", "ORGANIZATION") in detect(
        "en", "MEADOWBANK HOUSE CARE HOME\nIncident report", {"MEADOWBANK HOUSE": "ORG"})
    assert ("AGRUPAMENTO DE ESCOLAS SERRA DA LOUSÃ", "ORGANIZATION") in detect(
        "pt", "AGRUPAMENTO DE ESCOLAS SERRA DA LOUSÃ\nRegisto", {"SERRA DA LOUSÃ": "LOC"})
    assert not any(label == "ORGANIZATION" for _, label in detect("en", "HOSPITAL STRIKE ENDS\nWorkers", {}))
    assert ("St. Aldhelm's University Hospital", "ORGANIZATION") in detect(
        "en", "Site No.: 0417   St. Aldhelm's University Hospital, Gastroenterology Unit", {"St. Aldhelm": "PER"})


def test_initials_after_their_field():
    assert ("JS", "PERSON") in detect("en", "Subject ID: 0417-0023\nInitials: JS\n")
    assert ("K.D.P.", "PERSON") in detect("en", "Subject ID: 0417-0023   Initials: K.D.P.   Sex: F")


def test_a_register_entrys_finca_registral_and_a_police_intervention():
    assert found(IdNumberRecognizer("es"), (
        "Propiedad n.º 12 de Valencia, tomo 2541, libro 317, folio 88, finca registral 21.904, con\n"
        "levantó acta (intervención n.º PL-ALC/2025/1193, agentes")) == [
        "tomo 2541, libro 317, folio 88, finca registral 21.904", "PL-ALC/2025/1193"]


def test_conditions_by_their_ending_in_the_strict_profile():
    from app.detection.quasi_identifiers import medicines
    text = ("acute pancreatitis after cholecystectomy, osteoarthritis; Makuladegeneration, Schlafstörungen, Tuberkulose; "
            "tendinitis rotuliana, artrosis; for those purposes, arbeitslose Franzose, dándose, Sr. Stremaitis, "
            "Diagnose, nostalgia, sympathy")
    assert [e.text for e in medicines(text)] == [
        "pancreatitis", "cholecystectomy", "osteoarthritis", "Makuladegeneration", "Schlafstörungen", "Tuberkulose",
        "tendinitis", "artrosis"]


def test_a_spanish_floor_and_door_on_the_next_line_and_a_doors_ordinal():
    from app.detection.addresses import AddressRecognizer
    assert found(AddressRecognizer("es"), "sita en Calle Doctor Sumsi, 14,\npiso 3.º, puerta 9, 46005 Valencia") == [
        "Calle Doctor Sumsi, 14,\npiso 3.º, puerta 9"]
    assert found(AddressRecognizer("es"), "Domicilio: C/ Sant Vicent Màrtir, nº 84, piso 3º, pta. 2ª") == [
        "C/ Sant Vicent Màrtir, nº 84, piso 3º, pta. 2ª"]
    assert ("piso 3.º, puerta 9", "LOCATION") in detect("es", "sita en Calle Doctor Sumsi, 14,\npiso 3.º, puerta 9, 46005 "
                                                        "Valencia")
