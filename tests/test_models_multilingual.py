"""Smoke tests of the shipped German, Spanish and Portuguese Stanza NER models.

Each model is loaded from app/detection/weights/<lang>/ with StanzaTagger (explicit model_dir, so an
official Stanza model installed on the machine is never picked up instead) and must tag a few
simple invented sentences exactly. A language whose weights are absent is skipped.
"""

from __future__ import annotations

from pathlib import Path

import pytest

WEIGHTS = Path(__file__).resolve().parents[1] / "app" / "detection" / "weights"

CASES: dict[str, list[tuple[list[str], list[str]]]] = {
    "de": [
        ("Angela Schmidt wohnt in Berlin .".split(), ["B-PER", "I-PER", "O", "O", "B-LOC", "O"]),
        ("Der Vertrag wurde von Peter Müller in München unterschrieben .".split(),
         ["O", "O", "O", "O", "B-PER", "I-PER", "O", "B-LOC", "O", "O"]),
    ],
    "es": [
        ("María García vive en Madrid .".split(), ["B-PER", "I-PER", "O", "O", "B-LOC", "O"]),
        ("El presidente de Telefónica visitó Barcelona .".split(),
         ["O", "O", "O", "B-ORG", "O", "B-LOC", "O"]),
    ],
    "pt": [
        ("João Silva mora em Lisboa .".split(), ["B-PER", "I-PER", "O", "O", "B-LOC", "O"]),
        # (the model tags "Banco do Brasil" as one LOC span: ORG/LOC confusion, see its model card)
        ("O Ministério da Saúde fica em Brasília .".split(),
         ["O", "B-ORG", "I-ORG", "I-ORG", "O", "O", "B-LOC", "O"]),
    ],
}


@pytest.fixture(scope="module", params=sorted(CASES))
def tagger(request):
    language = request.param
    model_dir = WEIGHTS / language
    if not (model_dir / "ner.pt").is_file():
        pytest.skip(f"no shipped NER weights for {language}")
    from app.detection.stanza_ner import StanzaTagger

    return StanzaTagger(language, model_dir=model_dir)


def test_shipped_model_tags_simple_sentences(tagger):
    cases = CASES[tagger.language]
    predicted = tagger.tag([tokens for tokens, _ in cases])
    assert predicted == [tags for _, tags in cases]


def test_shipped_model_uses_project_tagset(tagger):
    labels = set(tagger.labels)
    assert {"PER", "LOC", "ORG"} <= labels <= {"PER", "LOC", "ORG", "MISC"}
    assert tagger.source == "explicit"


def test_shipped_model_handles_empty_input(tagger):
    assert tagger.tag([[], ["Hola"]])[0] == []
