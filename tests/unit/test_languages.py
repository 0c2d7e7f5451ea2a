import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from app import languages
from app.anonymization import surrogates
from app.detection import rules
from app.reidentification import matching

REPO = Path(__file__).resolve().parents[2]


def test_built_in_languages_are_declared_once_and_read_by_every_stage():
    assert languages.supported()[:4] == languages.BUILT_IN == ("en", "de", "es", "pt")
    de = languages.get("de")
    assert "Herr" in rules.TITLES["de"] and "Jänner" in rules.MONTHS and "Sonnabend" in rules.WEEKDAYS
    assert surrogates.MONTHS["es"][0] == "enero" and surrogates.LOCALES["de"] == de.faker_locales
    assert surrogates.title_gender("Herr") == "male" and surrogates.title_gender("Mme") == "female"
    assert "GmbH" in rules.LEGAL_FORMS and "Corporation" in rules.LEGAL_FORMS
    assert matching.LABEL_TRANSLATIONS["PERSONA"] == "PERSON" and matching.LABEL_TRANSLATIONS["LIEU"] == "LOCATION"


def test_unknown_language_is_a_key_error_and_a_value_error():
    with pytest.raises(KeyError):
        languages.get("zz")
    with pytest.raises(ValueError, match="unknown language 'zz'"):
        languages.get("zz")


def test_a_language_needs_twelve_months_and_seven_weekdays():
    with pytest.raises(ValueError, match="12 months and 7 weekdays"):
        languages.Language(code="yy", name="Y", faker_locales=("en_US",), surrogate_countries=(), first_name_locales=(),
                           titles=frozenset(),
                           title_genders={}, months=("a",), weekdays=("b",) * 7, stop_words=frozenset(),
                           legal_forms=frozenset(), organization_heads=frozenset(), head_final=True)


TOY_RUN = r"""
import json
import tests.fixtures.toy_language  # declares "xx" before any stage is imported
from app.detection.pipeline import build_detector
from app.pipeline import Pipeline
from app.settings import Settings
from models.records import decode_document, decode_translation
from tests.unit.fakes import GazetteerTagger

tagger = GazetteerTagger({"Lisbono": "LOC"})
pipeline = Pipeline(Settings(),
                    detector_factory=lambda language: build_detector(language, tagger_factory=lambda *_: tagger))
text = "Zir Albo Berto vizitis Lisbono la 3 Kvaro. Poste Zir Albo Berto skribis al Acme Kompanio."
out = {}
for method in ("tag", "substitute", "generalize"):
    doc = decode_document(json.dumps({"job_id": "toy", "language": "xx", "text": text, "method": method}).encode(), max_text_chars=10_000)
    detected = pipeline.detect(doc)
    resolved = pipeline.corefer(detected)
    request, table = pipeline.anonymize(resolved)
    translation = decode_translation(json.dumps({"job_id": "toy", "language": "xx", "text": request.text, "anonymization_id": request.anonymization_id}).encode(), max_text_chars=10_000)
    back = pipeline.reidentify(translation, table)
    out[method] = {"entities": [(e["text"], e["label"], e["source"]) for e in detected.entities],
                   "chains": [c["mentions"] for c in resolved.chains], "anonymized": request.text,
                   "restored": back.text}
print(json.dumps(out))
"""


def test_a_language_declared_in_one_module_goes_through_every_stage():
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    run = subprocess.run([sys.executable, "-c", TOY_RUN], cwd=REPO, env=env, capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    out = json.loads(run.stdout.strip().splitlines()[-1])
    text = "Zir Albo Berto vizitis Lisbono la 3 Kvaro. Poste Zir Albo Berto skribis al Acme Kompanio."
    tag = out["tag"]
    assert ("Albo Berto", "PERSON", "rule:title") in [tuple(e) for e in tag["entities"]]
    assert ("Acme Kompanio", "ORGANIZATION", "rule:org_suffix") in [tuple(e) for e in tag["entities"]]
    assert tag["anonymized"] == ("Zir [PERSON_1] vizitis [LOCATION_1] la [DATE_1]. Poste Zir [PERSON_1] skribis "
                                 "al [ORGANIZATION_1].")
    for method in ("tag", "substitute", "generalize"):
        assert out[method]["restored"] == text, method
        assert "Albo" not in out[method]["anonymized"] and "Acme" not in out[method]["anonymized"], method
