"""Payers and payees of bank statements (app.detection.payments) and their use by the detector."""

import pytest

from app.detection.payments import PayeeRecognizer
from app.detection.pipeline import build_detector
from tests.unit.fakes import GazetteerTagger


def found(language, text):
    entities = PayeeRecognizer(language).recognize(text, [])
    assert all(text[e.start:e.end] == e.text and e.source == "payee" for e in entities)
    return [(e.text, e.label) for e in entities]


STATEMENT = """STATEMENT OF ACCOUNT
Date        Description                        Amount
02/03       SO CHIDI OKONJO RENT               -650.00
05/03       DD THAMES WATER                    -32.10
09/03       FPI MARGARET OKONJO                +120.00
10/03       TFR TO J SMITH                     -12.00
11/03       BGC ACME LTD SALARY                1,200.00
"""


@pytest.mark.parametrize("language,text,expected", [
    ("en", STATEMENT, [("CHIDI OKONJO", "PERSON"), ("MARGARET OKONJO", "PERSON"), ("J SMITH", "PERSON"),
                       ("ACME LTD", "ORGANIZATION")]),
    ("en", "Bank transfer to Sarah Jones on Monday.", [("Sarah Jones", "PERSON")]),
    # a short code opens a headline, no amount after it: no statement line
    ("en", "SO FAR SO GOOD FOR UNITED\nSOCCER - LEADING RESULTS", []),
    ("de", "05.03. SEPA-Überweisung an Anna-Lena Schmidt IBAN DE12\nGutschrift von MÜLLER GMBH Rechnung 4711\n"
           "Dauerauftrag an Kemal Yıldız Miete März",
     [("Anna-Lena Schmidt", "PERSON"), ("MÜLLER GMBH", "ORGANIZATION"), ("Kemal Yıldız", "PERSON")]),
    ("es", "Transferencia a favor de María José Ruiz Concepto alquiler\nBizum recibido de PEDRO GARCIA",
     [("María José Ruiz", "PERSON"), ("PEDRO GARCIA", "PERSON")]),
    ("pt", "Pix recebido - Maria Souza\nTransferência para Joana da Silva Aluguel\nPix enviado para ACME LTDA",
     [("Maria Souza", "PERSON"), ("Joana da Silva", "PERSON"), ("ACME LTDA", "ORGANIZATION")]),
])
def test_payers_and_payees(language, text, expected):
    assert found(language, text) == expected


def test_the_detector_masks_payees_and_no_common_words():
    # stop 45: "SO CHIDI OKONJO RENT" left "CHIDI" in clear beside the surname the second pass spread
    detector = build_detector("en", tagger_factory=lambda *_: GazetteerTagger({"MARGARET OKONJO": "PER",
                                                                              "THAMES WATER": "ORG"}))
    text = STATEMENT + "12/03       SO LANDLORD RENT                   -100.00\n"
    names = [(e.text, e.label) for e in detector.detect(text) if e.label in ("PERSON", "ORGANIZATION")]
    assert names == [("CHIDI OKONJO", "PERSON"), ("THAMES WATER", "ORGANIZATION"), ("MARGARET OKONJO", "PERSON"),
                     ("J SMITH", "PERSON"), ("ACME LTD", "ORGANIZATION")]
