"""Fields of structured data (stop 48): :mod:`app.detection.structured`."""

import pytest

from app.detection.pipeline import build_detector
from app.detection.structured import StructuredFieldRecognizer, key_label, normalized_key
from tests.unit.fakes import GazetteerTagger


def found(text):
    entities = StructuredFieldRecognizer().recognize(text, [])
    assert all(text[e.start:e.end] == e.text and e.source == "structured" for e in entities)
    return [(e.text, e.label) for e in entities]


@pytest.mark.parametrize("key, normalized, label", [
    ("firstName", "first name", "PERSON"), ("last_name", "last name", "PERSON"), ("nhsNumber", "nhs number", "ID_NUMBER"),
    ("line1", "line1", "LOCATION"), ("Geburtsdatum", "geburtsdatum", "DATE"), ("codigo.postal", "codigo postal",
                                                                             "POSTAL_CODE"),
    ("status", "status", None), ("note", "note", None),
])
def test_keys_are_read_as_table_headers(key, normalized, label):
    assert normalized_key(key) == normalized
    assert key_label(key) == label


def test_a_json_export_of_a_customer():
    """An API's response pasted into a ticket: the names and the street stayed in clear (the model reads no sentence
    there); a key of no sensitive label, and a value that does not look like its label's ("phone": "n/a"), give none."""
    text = ('{"customer": {"firstName": "Oluwadamilare", "lastName": "Ekwueme", "status": "active", "phone": "n/a", '
            '"address": {"line1": "221 Kingsway", "city": "Manchester", "postcode": "M19 2LL"}, "id": 48812}}')
    assert found(text) == [("Oluwadamilare", "PERSON"), ("Ekwueme", "PERSON"), ("221 Kingsway", "LOCATION"),
                           ("Manchester", "LOCATION"), ("M19 2LL", "POSTAL_CODE"), ("48812", "ID_NUMBER")]


def test_xml_elements_and_yaml_lines():
    """An XML record's text-only elements, and a YAML file's lines whose keys programs wrote (quotes and comments
    off); a form's "Name: Carla Jones" is left to the name-field rule, a key of no sensitive label gives none."""
    xml = "<patient><name>Siobhan Ní Bhriain</name><mrn>00482913</mrn><ward>Ward 7B</ward></patient>"
    assert found(xml) == [("Siobhan Ní Bhriain", "PERSON"), ("00482913", "ID_NUMBER")]
    yaml = ('patient:\n  first_name: Oluwadamilare\n  last_name: "Ekwueme"  # checked\n  home_address: 221 Kingsway\n'
            '  blood_type: A+\nName: Carla Jones')
    assert found(yaml) == [("Oluwadamilare", "PERSON"), ("Ekwueme", "PERSON"), ("221 Kingsway", "LOCATION")]


def test_structured_fields_in_the_detector():
    """The detector runs the recognizer in every language (the default configuration's list)."""
    detector = build_detector("pt", tagger_factory=lambda *_: GazetteerTagger({}))
    text = '{"nome": "Zuleica Tavares", "cpf_titular": "x", "telefone": "3284-5566", "cidade": "Bela Vista"}'
    assert [(e.text, e.label) for e in detector.detect(text)] == [
        ("Zuleica Tavares", "PERSON"), ("3284-5566", "PHONE"), ("Bela Vista", "LOCATION")]


def test_no_key_of_a_document_is_kept():
    """A document's key may be personal data (``{"John Smith": …}``): the key's normalization keeps no cache."""
    assert not hasattr(normalized_key, "cache_info")
