"""The Apertium bridge's own logic; the translations themselves need Apertium (skipped otherwise)."""

import pytest

from anontools.devtools.translator import available_routes, result_for, translate, translate_requests

REQUEST = {"job_id": "j1", "anonymization_id": "a" * 32, "language": "en", "method": "tag",
           "text": "[PERSON_1] met [PERSON_2] in [LOCATION_1].", "placeholders": ["[PERSON_1]"], "metadata": {"k": 1}}
needs_apertium = pytest.mark.skipif(("en", "es") not in available_routes() or ("es", "pt") not in available_routes(),
                                    reason="Apertium is not installed (apt-get install apertium-eng-spa apertium-es-pt)")


def test_result_carries_back_every_correlation_field():
    result = result_for(REQUEST, "hola", "es")
    assert result == {"job_id": "j1", "anonymization_id": "a" * 32, "text": "hola", "language": "es",
                      "metadata": {"k": 1, "translation": {"engine": "apertium", "route": "en->es"}}}
    assert REQUEST["metadata"] == {"k": 1}  # the request is not modified


def test_requests_without_a_pair_are_counted_not_translated():
    results, stats = translate_requests([{**REQUEST, "language": "de"}, "not a request"], routes={})
    assert results == [] and (stats.translated, stats.no_pair, stats.invalid) == (0, 1, 1)
    assert stats.languages_without_pair == {"de"}


@needs_apertium
def test_apertium_translates_labels_and_keeps_numbers_and_lines():
    assert translate(["[PERSON_1] met [PERSON_2] in [LOCATION_1] on [DATE_1].", "XXX said\nXXX was late."], "en", "es") == [
        "[Persona_1] cumplido [PERSONA_2] en [UBICACIÓN_1] encima [CITA_1].", "Xxx dijo\nXXX era tarde."]
    results, stats = translate_requests([REQUEST])
    assert stats.translated == 1
    assert results[0]["text"] == "[Persona_1] cumplido [PERSONA_2] en [UBICACIÓN_1]."
    assert results[0]["anonymization_id"] == "a" * 32
