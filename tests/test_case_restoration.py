"""The shipped models find names in sentences written in lower case or in capitals (:mod:`app.detection.casing`):
exact entities with the document's offsets and surfaces. Before case restoration, every name of the sentences in lower
case was left in clear, and of those in capitals "Karl-Heinz Becker" was a place, "García Pérez" in clear, "Município"
masked with "São Paulo" (the English model, trained on CoNLL-2003's headlines in capitals, reads captions as they
are: the English configuration restores sentences in lower case only). English runs by default; the other languages
load their models and are marked ``slow``."""

from __future__ import annotations

import pytest

CASES = [
    ("en", "i met john smith and his wife mary at the station in leeds yesterday.",
     [(6, 16, "PERSON", "john smith"), (30, 34, "PERSON", "mary"), (53, 58, "LOCATION", "leeds")]),
    ("en", "JUDGMENT IN THE CASE OF JOHN SMITH v. THE UNITED KINGDOM",
     [(24, 34, "PERSON", "JOHN SMITH"), (42, 56, "LOCATION", "UNITED KINGDOM")]),
    ("en", "my address is 12 high street, leeds ls1 4ap.",
     [(14, 28, "LOCATION", "12 high street"), (30, 35, "ORGANIZATION", "leeds"), (36, 43, "POSTAL_CODE", "ls1 4ap")]),
    pytest.param("es", "vivo en la calle mayor 5, 28013 madrid.",
                 [(11, 24, "LOCATION", "calle mayor 5"), (26, 31, "POSTAL_CODE", "28013"), (32, 38, "LOCATION", "madrid")],
                 marks=pytest.mark.slow),
    pytest.param("pt", "moro na rua das flores 12, recife.",
                 [(8, 25, "LOCATION", "rua das flores 12"), (27, 33, "LOCATION", "recife")], marks=pytest.mark.slow),
    pytest.param("de", "gestern war ich mit frau schneider und herrn weber in dortmund.",
                 [(25, 34, "PERSON", "schneider"), (45, 50, "PERSON", "weber"), (54, 62, "LOCATION", "dortmund")],
                 marks=pytest.mark.slow),
    pytest.param("de", "BESCHLUSS IN SACHEN KARL-HEINZ BECKER GEGEN STADT DORTMUND",
                 [(20, 37, "PERSON", "KARL-HEINZ BECKER"), (44, 58, "ORGANIZATION", "STADT DORTMUND")],
                 marks=pytest.mark.slow),
    pytest.param("es", "ayer hablé con juan martínez en sevilla.",
                 [(15, 28, "PERSON", "juan martínez"), (32, 39, "LOCATION", "sevilla")], marks=pytest.mark.slow),
    pytest.param("es", "SENTENCIA DEL CASO DE MARÍA JOSÉ GARCÍA PÉREZ CONTRA ESPAÑA",
                 [(22, 45, "PERSON", "MARÍA JOSÉ GARCÍA PÉREZ"), (53, 59, "LOCATION", "ESPAÑA")],
                 marks=pytest.mark.slow),
    pytest.param("pt", "a autora maria costa mora em belo horizonte desde 2010.",
                 [(9, 20, "PERSON", "maria costa"), (29, 43, "LOCATION", "belo horizonte")], marks=pytest.mark.slow),
    pytest.param("pt", "SENTENÇA NO PROCESSO DE MARIA COSTA ROCHA CONTRA O MUNICÍPIO DE SÃO PAULO",
                 [(24, 41, "PERSON", "MARIA COSTA ROCHA"), (64, 73, "LOCATION", "SÃO PAULO")],
                 marks=pytest.mark.slow),
]


@pytest.mark.parametrize(("language", "text", "expected"), CASES)
def test_names_in_lower_case_and_in_capitals_are_found(language, text, expected):
    from tests import shared_models

    detector = shared_models.detector(language, quantize=False)
    assert [(e.start, e.end, e.label, e.text) for e in detector.detect(text)] == expected


def test_a_text_in_lower_case_is_anonymized_like_the_same_text_cased():
    """The names of a text in lower case are found, linked into the same coreference chains and replaced as in the
    cased text ("smith said" is "Smith" and a verb, not "Smith Said": "said" is a first name too, and one of the most
    frequent English words, so it joins no name pair)."""
    from app.pipeline import Pipeline
    from app.settings import Settings
    from models.records import Document
    from tests import shared_models

    p = Pipeline(Settings(), detector_factory=lambda language: shared_models.detector(language, quantize=False))
    cased = "I met John Smith yesterday in Leeds. Smith said he was tired. Mr Smith left for London."
    out = []
    for text in (cased, cased.lower()):
        request, _ = p.anonymize(p.corefer(p.detect(Document(job_id="job-case", text=text, language="en"))))
        out.append(request.text)
    assert out == ["I met [PERSON_1] yesterday in [LOCATION_1]. [PERSON_1] said he was tired. [PERSON_1] left for "
                   "[LOCATION_2].",
                   "i met [PERSON_1] yesterday in [LOCATION_1]. [PERSON_1] said he was tired. [PERSON_1] left for "
                   "[LOCATION_2]."]
