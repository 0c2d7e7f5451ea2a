"""Tables of personal data (:mod:`app.detection.tables`): columns named by their header, header cells no entities."""

from app.detection.pipeline import build_detector
from app.detection.tables import TableRecognizer, find_tables, header_spans
from tests.unit.fakes import GazetteerTagger


def cells(text):
    return [(e.text, e.label) for e in TableRecognizer().recognize(text, [])]


def test_a_semicolon_separated_list_of_participants():
    """Stop 44: "3;Wagner;Florian;…" left "Wagner" in clear (the model missed it in a row without context)."""
    text = ("Teilnehmerliste Erste-Hilfe-Kurs\n\nNr.;Name;Vorname;Geburtsdatum;Firma\n1;Öztürk;Ayşe;12.05.1990;Bäckerei "
            "Schmitt\n3;Wagner;Florian;22.01.2001;-\n\nDanach: a;b;c")
    assert cells(text) == [("Öztürk", "PERSON"), ("Ayşe", "PERSON"), ("12.05.1990", "DATE"),
                           ("Bäckerei Schmitt", "ORGANIZATION"), ("Wagner", "PERSON"), ("Florian", "PERSON"),
                           ("22.01.2001", "DATE")]


def test_a_markdown_table_and_a_csv_export():
    text = ("| Name            | Role         | Mon | Phone         |\n"
            "|-----------------|--------------|-----|---------------|\n"
            "| Aoife Gallagher | Staff Nurse  | E   | 07700 900123  |\n"
            "| Tendai Moyo     | HCA          | -   | n/a           |\n"
            "\n"
            "Name,Date of birth,Postcode,Allergies\r\n"
            "\"Ewan McLeod\",12/04/1988,G12 8QQ,penicillin\r\n"
            "Sunita Chaudhary,03/11/1975,G41 2RX,none\r\n"
            "A sentence, with commas, and four parts.")
    assert cells(text) == [("Aoife Gallagher", "PERSON"), ("07700 900123", "PHONE"), ("Tendai Moyo", "PERSON"),
                           ("Ewan McLeod", "PERSON"), ("12/04/1988", "DATE"), ("G12 8QQ", "POSTAL_CODE"),
                           ("Sunita Chaudhary", "PERSON"), ("03/11/1975", "DATE"), ("G41 2RX", "POSTAL_CODE")]
    assert [text[a:b] for a, b in header_spans(text)] == [
        "Name", "Role", "Mon", "Phone", "Name", "Date of birth", "Postcode", "Allergies"]


def test_no_table_without_a_header_of_known_columns():
    """A sentence with commas is no header (every cell must be a known header when commas split it), nor a row of
    headers of other columns only; a tab-separated header may have one unknown column."""
    assert find_tables("Name, age and role, they said.\nAnna, 34, nurse.") == []
    assert find_tables("Role;Age\nnurse;34") == []
    assert find_tables("Name, Mood, Role\nAnna, happy, nurse") == []
    assert cells("Nombre\tTurno\tTeléfono\nRocío Ibáñez\tmañana\t612 345 678") == [
        ("Rocío Ibáñez", "PERSON"), ("612 345 678", "PHONE")]


def test_the_detector_masks_the_cells_and_not_the_header():
    """The model's "Name" (MISC) and "Date" of "Date of birth" (a person) are dropped; every name cell is a person."""
    tagger = GazetteerTagger({"Name": "MISC", "Date": "PER", "Ewan McLeod": "ORG", "Postcode": "PER"})
    detector = build_detector("en", tagger_factory=lambda *_: tagger)
    text = "Name,Date of birth,Postcode\nEwan McLeod,12/04/1988,G12 8QQ\nSunita Chaudhary,03/11/1975,G41 2RX"
    assert [(e.text, e.label) for e in detector.detect(text)] == [
        ("Ewan McLeod", "PERSON"), ("12/04/1988", "DATE"), ("G12 8QQ", "POSTAL_CODE"),
        ("Sunita Chaudhary", "PERSON"), ("03/11/1975", "DATE"), ("G41 2RX", "POSTAL_CODE")]
