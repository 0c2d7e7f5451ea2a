import pytest

from app.detection.patterns import DateRecognizer, EmailRecognizer, PhoneRecognizer, UrlRecognizer


def found(recognizer, text):
    return [(e.text, e.label) for e in recognizer.recognize(text, [])]


def test_email():
    assert found(EmailRecognizer(), "Write to jane.roe+news@mail.example.co.uk, not to foo@bar or @x.") == [
        ("jane.roe+news@mail.example.co.uk", "EMAIL")
    ]


def test_url():
    assert found(UrlRecognizer(), "See https://example.org/path?q=1. Or www.example.com/x, ok") == [
        ("https://example.org/path?q=1", "URL"),
        ("www.example.com/x", "URL"),
    ]


def test_phone_valid_numbers_only():
    text = "Call +44 20 7946 0958 or (212) 555-0123; order 12345 and 2015-03-21 are not phones."
    assert found(PhoneRecognizer(("US", "GB")), text) == [("+44 20 7946 0958", "PHONE"), ("(212) 555-0123", "PHONE")]


@pytest.mark.parametrize(
    "language,text,expected",
    [
        ("en", "On 3 March 2015 and March 3rd, 2016 we met; in August 2016 too.", ["3 March 2015", "March 3rd, 2016", "August 2016"]),
        ("en", "May I ask? 2015-03-21 and 21/03/2015 but not 31/02/2020 or 99.99.99.", ["2015-03-21", "21/03/2015"]),
        ("de", "Am 21. August 1992 und im März 2001.", ["21. August 1992", "März 2001"]),
        ("es", "El 3 de marzo de 2015 y en julio de 2010.", ["3 de marzo de 2015", "julio de 2010"]),
        ("pt", "Em 5 de maio de 1999, em setembro de 2000.", ["5 de maio de 1999", "setembro de 2000"]),
    ],
)
def test_dates(language, text, expected):
    assert [e.text for e in DateRecognizer(language).recognize(text, [])] == expected


def test_unknown_language_rejected():
    with pytest.raises(ValueError):
        DateRecognizer("fr")
