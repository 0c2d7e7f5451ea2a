"""Vehicle registration plates without a keyword (app.detection.plates)."""

import pytest

from app.detection.plates import LicencePlateRecognizer


@pytest.mark.parametrize("language,text,expected", [
    # stop 45: each stayed in clear (or half: "4521 [ORGANIZATION]")
    ("en", "His blue Ford Focus, YK19 FHD, was parked outside; a van LR68XBN followed.", ["YK19 FHD", "LR68XBN"]),
    ("de", "Das Auto (HH-AB 1234) war gestohlen; ein BMW M-X 12E fuhr vorbei.", ["HH-AB 1234", "M-X 12E"]),
    ("de", "BGH, NJW-RR 2013, 702 Rn. 2; die EU-DSGVO 2016.", []),
    ("es", "El coche 4521 KLM estaba aparcado; la furgoneta 1234-BCD huyó; un 2015 BMW; 13783420 3983 FCC 21.75.",
     ["4521 KLM", "1234-BCD"]),
    ("pt", "O carro AA-12-BB estava estacionado; o outro, 45-GH-23, fugiu. Placa BRA2E19 no Brasil.",
     ["AA-12-BB", "45-GH-23", "BRA2E19"]),
])
def test_licence_plates(language, text, expected):
    entities = LicencePlateRecognizer(language).recognize(text, [])
    assert all(text[e.start:e.end] == e.text and e.label == "ID_NUMBER" for e in entities)
    assert [e.text for e in entities] == expected
