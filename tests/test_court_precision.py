"""Precision on court-decision text with the shipped English model (tests/fixtures/court/en.txt: an invented
decision in the style of the European Court of Human Rights): fewer than one masked span in four may be a common
word, and every name, date, number and amount of personal data is masked, the parties of a cited case included."""

from pathlib import Path

import pytest

from app.detection.pipeline import build_detector

TEXT = (Path(__file__).resolve().parent / "fixtures" / "court" / "en.txt").read_text(encoding="utf-8")

#: Words of this text that name no one: masking one of them (alone or with other such words) is a false positive.
COMMON = {"Others", "Article", "Articles", "Rule", "Rules", "Convention", "Court", "Chamber", "Section", "Government", "Agent",
          "PROCEDURE", "FACTS", "LAW", "THE", "Third", "Protection", "Human", "Rights", "Fundamental", "Freedoms"}


@pytest.fixture(scope="module")
def entities():
    return build_detector("en").detect(TEXT)


def test_fewer_than_one_masked_span_in_four_is_a_common_word(entities):
    common = [e.text for e in entities
              if all(w in COMMON or not w[:1].isupper() for w in e.text.replace("§", " ").split())]
    assert len(common) * 4 < len(entities), common


def test_personal_data_is_masked(entities):
    masked = {e.text for e in entities}
    for surface in ("29537/95", "Uğur Çatak", "Nazım İlter", "Özgür Karadeniz", "Üçkuyular", "İzmir", "12 March 1995",
                    "TRY 2,719", "Smith-Jones", "Kudła", "30210/96", "10 May 2001", "Erdoğan"):
        assert surface in masked, surface
    assert any("Önen" in e.text for e in entities)
    # the title stays in the text, except where the model took it in ("Mr Önen")
    assert "Mr Uğur" not in masked and "Mr C." not in masked
