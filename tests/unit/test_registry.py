import json

import pytest
from typer.testing import CliRunner

from app import registry
from app.anonymization.registry import create_operator
from app.cli import cli
from app.coreference.coreferencers import coreferencer_class
from app.coreference.rules import build_rule
from app.detection.base import Recognizer
from app.detection.pipeline import build_detector
from app.detection.rules import default_rules
from app.doc import Entity
from app.languages import UnknownLanguage, get
from app.registry import UnknownComponent, register
from tests.unit.fakes import GazetteerTagger


@pytest.mark.parametrize("lookup, message", [
    (lambda: create_operator("shred"), "unknown anonymization method 'shred'"),
    (lambda: build_rule("nope"), "unknown coreference rule 'nope'"),
    (lambda: coreferencer_class("Nope"), "unknown coreferencer 'Nope'"),
    (lambda: default_rules("en", ("nope",)), "unknown detection rule 'nope'"),
    (lambda: build_detector("en", config={"recognizers": ["nope"]}), "unknown recognizer 'nope'"),
    (lambda: registry.get("gadget", "x"), "unknown component kind 'gadget'"),
])
def test_every_unknown_name_raises_one_error_type_that_is_a_key_error_and_a_value_error(lookup, message):
    with pytest.raises(UnknownComponent, match=message) as caught:
        lookup()
    assert isinstance(caught.value, KeyError) and isinstance(caught.value, ValueError)
    assert str(caught.value).startswith(message)  # not the quoted repr KeyError would print


def test_unknown_language_is_an_unknown_component_too():
    with pytest.raises(UnknownComponent):
        get("zz")
    assert issubclass(UnknownLanguage, UnknownComponent)


def test_a_recognizer_registered_with_the_decorator_is_used_by_name():
    class Shouting(Recognizer):
        name = "shouting"

        def recognize(self, text, sentences):
            return [Entity(i, i + 4, "MISC", text[i:i + 4], self.name) for i in range(len(text)) if text.startswith("HEY!", i)]

    @register("recognizer", "test_shouting", defaults={"loud": True})
    def _shouting(ctx):
        """Shouted greetings (MISC)."""
        return [Shouting()]

    try:
        _check_shouting()
    finally:
        registry._COMPONENTS["recognizer"].pop("test_shouting", None)


def _check_shouting():
    detector = build_detector("en", tagger_factory=lambda *_: GazetteerTagger({}),
                              config={"recognizers": ["test_shouting"], "precedence": ["test_shouting"],
                                      "sensitive": ["MISC"], "rules": []})
    assert [(e.text, e.label, e.source) for e in detector.detect("Well HEY! there.")] == [("HEY!", "MISC", "shouting")]
    assert registry.get("recognizer", "test_shouting").defaults == {"loud": True}
    with pytest.raises(ValueError, match="already registered"):
        register("recognizer", "test_shouting")(lambda ctx: [])


def test_components_command_lists_every_kind():
    result = CliRunner().invoke(cli, ["components", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    names = {(r["kind"], r["name"]) for r in rows}
    assert {("recognizer", "stanza"), ("detection_rule", "title"), ("coreference_rule", "acronym"),
            ("coreferencer", "PersonCoreferencer"), ("operator", "tag"), ("operator", "kmask")} <= names
    assert {r["kind"] for r in rows} == set(registry.KINDS)
    tag = next(r for r in rows if r["name"] == "tag")
    assert "markup" in tag["defaults"]
