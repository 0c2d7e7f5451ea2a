"""Passenger names of a reservation record (app.detection.passenger_names.PassengerNameRecognizer) and in the
detector."""

from app.detection.passenger_names import PassengerNameRecognizer
from app.detection.pipeline import build_detector
from tests.unit.fakes import GazetteerTagger


def found(text):
    entities = PassengerNameRecognizer().recognize(text, [])
    assert all(text[e.start:e.end] == e.text and e.label == "PERSON" for e in entities)
    return [e.text for e in entities]


def test_passenger_names_need_a_title_or_a_known_first_name():
    # stop 50: a booking confirmation's "NIMHAOLDOMHNAIGH/SIOBHAN MS" came out as the organization "SIOBHAN"
    text = ("1 NIMHAOLDOMHNAIGH/SIOBHAN MS      ADT\n2 OLAFSSON/TOMAS MR\n3 TOMASSON/FINNUR MSTR   CHD\n"
            "SMITH/JOHNMR, DE LA CRUZ/MARIA JOSE MRS, KOWALSKI/ANNA; not AND/OR, TCP/IP, N/A, TOTAL/NET, "
            "km/h, and/or, Smith/Jones")
    assert found(text) == ["NIMHAOLDOMHNAIGH/SIOBHAN", "OLAFSSON/TOMAS", "TOMASSON/FINNUR", "SMITH/JOHN",
                           "DE LA CRUZ/MARIA JOSE", "KOWALSKI/ANNA"]


def test_no_slash_no_work():
    assert found("JOHN SMITH MR") == []


def test_the_detector_masks_passengers_and_not_the_columns_after_their_title():
    """The title rule took the next column's "ADT" and "ETKT" after "MS" as a person (stop 50)."""
    detector = build_detector("en", tagger_factory=lambda lang, model_dir, batch: GazetteerTagger({}))
    text = "PASSENGERS\n1 NIMHAOLDOMHNAIGH/SIOBHAN MS      ADT   ETKT 053-2418830917\n"
    assert [(e.text, e.label) for e in detector.detect(text)] == [
        ("NIMHAOLDOMHNAIGH/SIOBHAN", "PERSON"), ("053-2418830917", "ID_NUMBER")]
