"""Clinical vocabulary that names no one (app.detection.clinical) and its use by the detector."""

import pytest

from app.detection.clinical import clinical_term
from app.detection.pipeline import build_detector
from tests.unit.fakes import GazetteerTagger


def term(language, text, surface, occurrence=0):
    start = -1
    for _ in range(occurrence + 1):
        start = text.index(surface, start + 1)
    return clinical_term(text, start, start + len(surface), language)


@pytest.mark.parametrize("language,text,surface", [
    ("es", "Se solicita TAC y RMN.", "TAC"),
    ("es", "Ingresa en el Servicio de Urgencias.", "Servicio de Urgencias"),
    ("es", "Valorado por MEDICINA INTERNA.", "MEDICINA INTERNA"),
    ("es", "Troponina 45 ng/L.", "L."),
    ("es", "Se realiza ECG: onda T invertida.", "T"),
    ("es", "hernia discal D10-D11", "D10-D11"),
    ("es", "Tratamiento con Atorvastatina.", "Atorvastatina"),
    ("en", "ECG showed T-wave inversion in V4-V6.", "T-wave"),
    ("en", "ECG showed T-wave inversion in V4-V6.", "V4-V6"),
    ("en", "Plan: repeat Troponin, start Aspirin 75 mg and Ticagrelor.", "Ticagrelor"),
    ("en", "Plan: repeat Troponin, start Aspirin 75 mg and Ticagrelor.", "Troponin"),
    ("en", "radiotherapy of 45 Gy", "Gy"),
    ("de", "Aufnahme über die Notaufnahme, dann Kardiologie.", "Kardiologie"),
    ("pt", "Encaminhado à Cardiologia.", "Cardiologia"),
    ("es", "Hb 12,1, Ca 9 mg/dl, K 5 meq/l.", "Ca"),
    ("es", "Cultivo positivo para Streptococcus pneumoniae.", "Streptococcus"),
    ("es", "Carcinoma renal estadio III, grado G2.", "III"),
    ("es", "Carcinoma renal estadio III, grado G2.", "G2"),
    ("es", "RMN en secuencia T2 con hernia discal.", "T2"),  # one level near a clinical term
])
def test_clinical_terms_name_no_one(language, text, surface):
    assert term(language, text, surface)


@pytest.mark.parametrize("language,text,surface", [
    ("es", "Servicio de Urología del Hospital San Carlos", "Servicio de Urología del Hospital San Carlos"),
    ("es", "Lo vio la Dra. Pril.", "Pril"),  # a stem needs three letters before it
    ("en", "Mr Gleason and Mrs Parkinson", "Gleason"),  # eponyms that are surnames are no terms
    ("en", "Mr Gleason and Mrs Parkinson", "Parkinson"),
    ("en", "L. Smith wrote", "L"),  # a letter is a unit only after a number or a slash
    ("en", "Mr Alan Avery", "Alan Avery"),
    ("es", "Ana Ortiz", "Ana Ortiz"),
    ("en", "Lincoln and BNP Paribas", "BNP Paribas"),
    ("pt", "Candida e Ana", "Candida"),  # a first name, no genus here
    ("en", "Mrs Ca Nguyen", "Ca Nguyen"),  # a symbol counts only before a value
    ("en", "the G7 summit", "G7"),
    ("en", "through the gates of the French colonial-era T3 prison late Friday", "T3"),  # one level, no clinical word
    ("es", "el nuevo mercado, que se llamará IX, estará en Londres", "IX"),  # a numeral names a market here
])
def test_names_are_no_clinical_terms(language, text, surface):
    assert not term(language, text, surface)


def test_the_detector_drops_a_models_clinical_terms_and_keeps_the_names():
    tagger = GazetteerTagger({"TAC": "ORG", "Servicio de Urgencias": "MISC", "Lucía Ferrer": "PER", "L": "PER",
                              "Atorvastatina": "PER"})
    detector = build_detector("es", tagger_factory=lambda *_: tagger)
    text = ("Acude al Servicio de Urgencias con su hija Lucía Ferrer . Se solicita TAC . Troponina 45 ng/L . "
            "Se pauta Atorvastatina .")
    assert [(e.text, e.label) for e in detector.detect(text)] == [("Lucía Ferrer", "PERSON")]


def test_a_heading_field_with_prose_after_it_names_no_one():
    detector = build_detector("es", tagger_factory=lambda *_: GazetteerTagger({"Izan": "PER"}))
    text = "Nombre: Izan.\nInforme clínico del paciente: Paciente de 62 años que consulta por dolor."
    assert [(e.text, e.source) for e in detector.detect(text)] == [("Izan", "stanza")]
