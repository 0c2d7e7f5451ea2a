"""Credentials and a payment card's security details (app.detection.secrets.SecretRecognizer), exact expectations per
language, and what is no secret."""

import pytest

from app.detection.pipeline import build_detector
from app.detection.secrets import SecretRecognizer
from tests.unit.fakes import GazetteerTagger


def found(language, text):
    entities = SecretRecognizer(language).recognize(text, [])
    assert all(text[e.start:e.end] == e.text and e.source == "secret" for e in entities)
    return [(e.text, e.label) for e in entities]


@pytest.mark.parametrize("language,text,expected", [
    # a customer's e-mail: the card's expiry and code, a password after words and a copula, an API key by its form
    ("en", "Please charge card 4111 1111 1111 1111, exp 09/27, CVV 123. My password for the portal is Tr0ub4dor&3 and "
           "the API key is sk_live_51HxT9kLmN8pQrStUvWxYz.",
     [("09/27", "DATE"), ("123", "ID_NUMBER"), ("Tr0ub4dor&3", "ID_NUMBER"),
      ("sk_live_51HxT9kLmN8pQrStUvWxYz", "ID_NUMBER")]),
    # no secret: a copula before a word without a digit or a symbol, a token of thanks, an expiry without a date
    ("en", "The password is changed monthly. As a token of thanks. The offer expires soon. PIN: 12", []),
    ("en", "AWS key AKIAIOSFODNN7EXAMPLE leaked; pwd=hunter2", [("AKIAIOSFODNN7EXAMPLE", "ID_NUMBER"),
                                                                 ("hunter2", "ID_NUMBER")]),
    ("de", "Ihr Passwort: Sommer2024! – die PIN lautet 4471, gültig bis 09/27. Das Passwort ist geändert worden.",
     [("Sommer2024", "ID_NUMBER"), ("4471", "ID_NUMBER"), ("09/27", "DATE")]),
    ("es", "mi contraseña es gato1234 y la clave: Hx9!kk. La contraseña es segura. Caducidad 11/2028",
     [("gato1234", "ID_NUMBER"), ("Hx9!kk", "ID_NUMBER"), ("11/2028", "DATE")]),
    ("pt", "a senha do wifi é casa@2024 e o cartão vence 03/29, código de segurança 842",
     [("casa@2024", "ID_NUMBER"), ("03/29", "DATE"), ("842", "ID_NUMBER")]),
    # stop 50: a chat's code in lower case, the Spanish "cad." before an expiry; a lower-case "cid" is no code's word
    ("pt", "paguei no cartao 4917 4032 5587 1220 venc 08/29 cvv 417", [("08/29", "DATE"), ("417", "ID_NUMBER")]),
    ("es", "Depósito: 300,00 € en VISA 4111 9284 0031 7525  cad. 11/26", [("11/26", "DATE")]),
    ("en", "cid 1234 and CID 5678", [("5678", "ID_NUMBER")]),
    # stop 50: a WhatsApp export's Wi-Fi key right after its word; a bare value needs letters and digits, a PIN digits
    ("es", "el wifi del portal: red Portal412_2B clave Alcala412!2b", [("Alcala412!2b", "ID_NUMBER")]),
    ("en", "the password reset link; password hunter22 please; PIN 4471; token abc; PIN 2; password 12345678",
     [("hunter22", "ID_NUMBER"), ("4471", "ID_NUMBER")]),
    # stop 50: a building's and a key safe's codes, an onboarding form's initial password and activation code, a
    # chat's expiry without the abbreviation's full stop
    ("en", "- Door code changed today to 4417# (don't write it). The PIN to your card is sent.", [("4417#", "ID_NUMBER")]),
    ("de", "Benutzername: jhvdm1968   Aktivierungscode: 7KQ-29X-4TB\nInitialpasswort: Kiefer!Start25 (bei",
     [("7KQ-29X-4TB", "ID_NUMBER"), ("Kiefer!Start25", "ID_NUMBER")]),
    ("es", "4916 8273 0415 9289 cad 08/26 cvv 341.\nPortero automático: código nuevo 1958* (no\nCódigo del portal 2580,",
     [("08/26", "DATE"), ("341", "ID_NUMBER"), ("1958*", "ID_NUMBER"), ("2580", "ID_NUMBER")]),
    ("pt", "Chave c/ vizinha D. Fátima. Cofre chaves: 7319. O cofre da empresa.", [("7319", "ID_NUMBER")]),
])
def test_secrets(language, text, expected):
    assert found(language, text) == expected


def test_a_password_is_masked_whole_where_the_model_took_part_of_it():
    """The model's organization "Tr0ub4dor&" left "3" in clear (stop 49); the secret takes precedence."""
    text = "My password for the portal is Tr0ub4dor&3 and that is all."
    detector = build_detector("en", tagger_factory=lambda *_: GazetteerTagger({"Tr0ub4dor&": "ORG"}))
    assert [(e.text, e.label) for e in detector.detect(text)] == [("Tr0ub4dor&3", "ID_NUMBER")]


def test_an_undeclared_language_is_refused():
    with pytest.raises(ValueError):
        SecretRecognizer("xx")


def test_words_between_the_keyword_and_a_colon_need_a_secret_looking_value():
    """"MAD Secret Concerts : Helena Paparizou" of WikiANN is no secret; "Password for Gmail: x7!kk" is one."""
    assert found("en", "MAD Secret Concerts : Helena Paparizou. Password for Gmail: x7!kk") == [("x7!kk", "ID_NUMBER")]
