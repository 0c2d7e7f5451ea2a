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
