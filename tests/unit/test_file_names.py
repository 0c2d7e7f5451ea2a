"""Persons named in file names (app.detection.file_names.FileNameRecognizer) and in the detector around a model that
takes a whole file name."""

import pytest

from app.detection.file_names import FileNameRecognizer
from app.detection.pipeline import build_detector
from tests.unit.fakes import GazetteerTagger


def found(text):
    entities = FileNameRecognizer().recognize(text, [])
    assert all(text[e.start:e.end] == e.text and e.label == "PERSON" for e in entities)
    return [e.text for e in entities]


@pytest.mark.parametrize("text,expected", [
    # an e-mail's attachments: a first name marks a person, the letter-only parts beside it are the name, the words
    # that name the document (CV, Scan, Passport, Zeugnis, IMG) and parts with digits are not
    ("Attachments: Scan_JohnSmith_Passport.pdf, CV_Maria_Gonzalez_2024.docx, IMG_20261102_kowalski-anna.jpg",
     ["JohnSmith", "Maria_Gonzalez", "kowalski-anna"]),
    ("Anlagen: Lebenslauf_Schneider_Katrin.pdf, Zeugnis-Katrin-Schneider-2019.pdf",
     ["Schneider_Katrin", "Katrin-Schneider"]),
    # a file in a path too; no person: a file without a first name, an address's part, no known extension
    ("see report_final_v2.pdf, C:\\Users\\x\\CV_Maria_Gonzalez.pdf, anna.smith@example.pdf and Anna_Smith.exe",
     ["Maria_Gonzalez"]),
])
def test_persons_in_file_names(text, expected):
    assert found(text) == expected


def test_the_models_name_across_a_file_name_leaves_no_parts():
    """The model took "Scan_JohnSmith_Passport" for one person; its parts outside the file-name recognizer's person
    ("Scan", "Passport") would have become entities of their own (stop 49)."""
    text = "Attached: Scan_JohnSmith_Passport.pdf and Zeugnis-Katrin-Schneider-2019.pdf"
    tagger = GazetteerTagger({"Scan_JohnSmith_Passport": "PER"})
    detector = build_detector("en", tagger_factory=lambda *_: tagger)
    assert [(e.text, e.label) for e in detector.detect(text)] == [("JohnSmith", "PERSON"),
                                                                  ("Katrin-Schneider", "PERSON")]
