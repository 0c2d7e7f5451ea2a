import ast
import json
import os
import re
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


TOY_DATA = """
months = ["Unamo", "Dumo", "Trimo", "Kvaro", "Kvino", "Sesmo", "Sepmo", "Okmo", "Naumo", "Dekmo", "Unudekmo", "Dudekmo"]
[national_ids]
"stdnum.nl.bsn" = '\\b\\d{9}\\b'
[continent_names]
EU = "Eŭropo"
[organization_nouns]
company = ["kompanio", "n"]
[grammar]
something = "io"
decade = ["{decade}-aj jaroj", "n", ""]
definite = { n = "la" }
[grammar.label_nouns]
PHONE = ["telefonnumero", "n"]
[label_names]
PERSON = ["Homo", "Persono"]
[quasi_identifiers]
number_words = ['du', 'tri']
units = ['jaroj?']
age = []
legal_refs = []
demographic = []
occupation = []
relation = []
health = []
demographic_fields = []
common_capitalised = []
function_words = ['la', 'de', 'la']
decades = '\\b\\d0-aj\\sjaroj\\b'
conjunction = "kaj"
capitalised_months = true
"""


@pytest.fixture
def data_package(tmp_path, monkeypatch):
    """An importable package ``toy_data_<n>`` in ``tmp_path``: ``write(text)`` writes a data file and returns
    ``(package, file)`` (a new name each time: :func:`languages.data_file` caches by name)."""
    package = f"toy_data_{tmp_path.name.replace('-', '_')}"
    (tmp_path / package).mkdir()
    (tmp_path / package / "__init__.py").write_text("", "utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    names = iter(range(100))

    def write(text: str) -> tuple[str, str]:
        file = f"xx{next(names)}.toml"
        (tmp_path / package / file).write_text(text, "utf-8")
        return package, file

    return write


def test_a_data_file_gives_typed_keyword_arguments(data_package):
    found = languages.data_file(*data_package(TOY_DATA))
    language = found.language
    assert language["months"][0] == "Unamo" and len(language["months"]) == 12 and type(language["months"]) is tuple
    assert language["national_ids"] == (("stdnum.nl.bsn", r"\b\d{9}\b"),)
    assert language["continent_names"] == {"EU": "Eŭropo"}
    assert language["organization_nouns"] == {"company": ("kompanio", "n")}
    assert language["label_names"] == {"PERSON": ("Homo", "Persono")}
    qi = language["quasi_identifiers"]
    assert qi.number_words == ("du", "tri") and qi.function_words == frozenset({"la", "de"})
    assert qi.decades == r"\b\d0-aj\sjaroj\b" and qi.capitalised_months is True and qi.age_after == ()
    assert found.grammar == {"something": "io", "decade": ("{decade}-aj jaroj", "n", ""), "definite": {"n": "la"},
                             "label_nouns": {"PHONE": ("telefonnumero", "n")}}
    assert languages.data_file(*data_package("")) == languages.DataFile()


def test_a_field_given_by_the_data_file_and_the_module_is_an_error(data_package):
    found = languages.data_file(*data_package('weekdays = ["a", "b", "c", "d", "e", "f", "g"]\n'))
    with pytest.raises(TypeError, match="multiple values for keyword argument 'weekdays'"):
        languages.Language(**found.language, weekdays=("a",) * 7)


@pytest.mark.parametrize("text, message", [
    ("[organisation_nouns]\n", "unknown organisation_nouns"),
    ("titles = ['Zir']\n", "unknown titles"),
    ("grammar = 'io'\n", "expected a table"),
    ("[grammar]\ndeterminers = ['la']\n", r"\[grammar\]: unknown determiners"),
    ("[organization_nouns]\ncompany = ['kompanio', 'x']\n", "unknown genders {'company': 'x'}"),
    ("[organization_nouns]\ncompany = ['kompanio']\n", "company: expected"),
    ("[grammar.place_nouns]\ncity = 'urbo'\n", "place_nouns city: expected"),
    ("[label_names]\nPERSONO = ['Homo']\n", r"\[label_names\]: unknown PERSONO"),
    ("[grammar.label_nouns]\nPERSONO = ['homo', 'n']\n", r"\[grammar.label_nouns\]: unknown PERSONO"),
    ("[national_ids]\n'stdnum.nl.bsn' = 9\n", "expected"),
    ("months = 'Unamo'\n", "months: expected"),
    ("[quasi_identifiers]\nnumber_words = 'du'\n", "number_words: expected"),
    ("[quasi_identifiers]\nnumbers = ['du']\n", "unknown numbers"),
])
def test_a_data_file_with_an_unknown_entry_or_a_wrong_type_is_refused(data_package, text, message):
    package, file = data_package(text)
    with pytest.raises(ValueError, match=message) as raised:
        languages.data_file(package, file)
    assert f"{package}/{file}" in str(raised.value)


def test_every_built_in_language_has_its_data_file_shipped_as_package_data():
    import tomllib

    shipped = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]["package-data"]
    assert "*.toml" in shipped["app.languages"]
    for code in languages.BUILT_IN:
        assert (REPO / "app" / "languages" / f"{code}.toml").is_file(), code
        language = languages.data_file("app.languages", f"{code}.toml").language
        assert set(language) <= set(languages.DATA_FIELDS) and language["months"] == languages.get(code).months


TOY_TEXT = ("Zir Albo Berto vizitis Lisbono la 3 Kvaro 2020. Poste Zir Berto skribis al Acme Kompanio kaj Acme "
            "respondis.\n"
            "Nomo: Karlo Dento, de Bona Kompanio\n"
            "Adreso: Strato Rozo 12, XX-1234 Lisbono. Telefono 01 42 68 53 00. BSN 111222333, numero 4471923.\n"
            "Albo Berto kaj Cezaro Delto laboras en Malsanulejo Sankta Maria. Zira Eva Fonto estas instruisto de du "
            "jaroj.")

TOY_RUN = r"""
import json, sys
import tests.fixtures.toy_language  # declares "xx" before any stage is imported
from app.anonymization.registry import available_methods
from app.detection.pipeline import build_detector
from app.pipeline import Pipeline
from app.settings import Settings
from app.tokenization import split_sentences, tokenize
from models.records import decode_document, decode_translation
from tests.unit.fakes import GazetteerTagger

text = sys.argv[1]
tagger = GazetteerTagger({"Lisbono": "LOC", "Zir Berto": "PER", "Acme Kompanio": "ORG", "Acme": "ORG"})
methods = available_methods()
pipeline = Pipeline(Settings(allowed_methods=methods, minimum_method="kmask"),
                    detector_factory=lambda language: build_detector(language, tagger_factory=lambda *_: tagger))


def run(method, profile="standard", label=None):
    record = {"job_id": f"toy-{method}-{profile}", "language": "xx", "text": text, "method": method,
              "privacy_profile": profile}
    detected = pipeline.detect(decode_document(json.dumps(record).encode(), max_text_chars=10_000))
    resolved = pipeline.corefer(detected)
    request, table = pipeline.anonymize(resolved)
    translated = request.text if label is None else request.text.replace("[PERSON_", f"[{label}_")
    translation = decode_translation(json.dumps({"job_id": record["job_id"], "language": "xx", "text": translated,
                                                 "anonymization_id": request.anonymization_id}).encode(),
                                     max_text_chars=10_000)
    back = pipeline.reidentify(translation, table)
    entities = detected.entities
    return {"entities": [(e["text"], e["label"], e["source"]) for e in entities],
            "chains": [sorted({entities[i]["text"] for i in c["mentions"]}) for c in resolved.chains],
            "anonymized": request.text, "restored": back.text}


out = {"methods": {method: run(method) for method in methods}, "strict": run("tag", "strict"),
       "translated_label": run("tag", label="HOMO"),
       "months": list(tests.fixtures.toy_language.LANGUAGE.months),
       "tokens": [t.text for t in tokenize("Vidu ekz. Zir Albo")],
       "sentences": [len(split_sentences(t)) for t in ("Vidu ktp. Zir Albo", "Vidu ktp. La fino")]}
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def toy() -> dict:
    """The toy language (tests/fixtures/toy_language.py) through every stage and every method, in a process of its
    own: the language is declared before any stage is imported, as a deployment's language module would be (and the
    other tests of this process never see it)."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    run = subprocess.run([sys.executable, "-c", TOY_RUN, TOY_TEXT], cwd=REPO, env=env, capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    return json.loads(run.stdout.strip().splitlines()[-1])


def test_a_language_declared_in_one_module_goes_through_every_stage(toy):
    assert set(toy["methods"]) >= {"tag", "suppress", "substitute", "generalize", "kmask", "ukds", "combined"}
    for method, out in toy["methods"].items():
        assert out["restored"] == TOY_TEXT, method
        for original in ("Albo", "Acme", "Karlo", "Bona", "Rozo", "111222333", "4471923", "68 53"):
            assert original not in out["anonymized"], (method, original)
    assert toy["methods"]["tag"]["anonymized"] == (
        "Zir [PERSON_1] vizitis [LOCATION_1] la [DATE_1]. Poste [PERSON_1] skribis al [ORGANIZATION_1] kaj "
        "[ORGANIZATION_1] respondis.\nNomo: [PERSON_2], de [ORGANIZATION_2]\nAdreso: [LOCATION_2], [POSTAL_CODE_1] "
        "[LOCATION_1]. Telefono [PHONE_1]. BSN [NATIONAL_ID_1], numero [ID_NUMBER_1].\n[PERSON_1] kaj [PERSON_3] "
        "laboras en [ORGANIZATION_3]. Zira [PERSON_4] estas instruisto de du jaroj.")


def test_detection_reads_the_toy_languages_words(toy):
    """Rules (titles, name fields, legal forms, conjunctions, institution heads), patterns (months, phone regions,
    postal codes, street addresses, national identifiers, identifier keywords) and the strict profile's lexicon."""
    entities = {tuple(e) for e in toy["methods"]["tag"]["entities"]}
    assert {("Albo Berto", "PERSON", "rule:title"), ("Eva Fonto", "PERSON", "rule:title"),
            ("Karlo Dento", "PERSON", "rule:name_field"), ("Bona Kompanio", "ORGANIZATION", "rule:org_suffix"),
            ("Cezaro Delto", "PERSON", "rule:conjunction"),
            ("Malsanulejo Sankta Maria", "ORGANIZATION", "rule:institution"),
            ("3 Kvaro 2020", "DATE", "date"), ("01 42 68 53 00", "PHONE", "phone"),
            ("XX-1234", "POSTAL_CODE", "postal_code"), ("Strato Rozo 12", "LOCATION", "address"),
            ("111222333", "NATIONAL_ID", "national_id"), ("4471923", "ID_NUMBER", "id_number")} <= entities
    strict = {tuple(e[:2]) for e in toy["strict"]["entities"]}
    assert {("instruisto", "OCCUPATION"), ("du jaroj", "QUANTITY")} <= strict
    assert not {("instruisto", "OCCUPATION"), ("du jaroj", "QUANTITY")} & {e[:2] for e in entities}
    assert toy["tokens"] == ["Vidu", "ekz.", "Zir", "Albo"]  # abbreviations
    assert toy["sentences"] == [1, 2]  # a closing abbreviation ends a sentence before a sentence starter only


def test_coreference_reads_the_toy_languages_titles_and_legal_forms(toy):
    chains = toy["methods"]["tag"]["chains"]
    assert ["Albo Berto", "Zir Berto"] in chains  # "Zir" is a title
    assert ["Acme", "Acme Kompanio"] in chains  # "Kompanio" is a legal form


def test_anonymization_reads_the_toy_languages_data(toy):
    """substitute: Faker locale, title genders, month names, surrogate legal forms; generalize: the grammar's nouns,
    articles, decade and locative, the organization nouns."""
    from faker.providers.person.fr_FR import Provider

    substituted = toy["methods"]["substitute"]["anonymized"]
    first = re.match(r"Zir (\S+) (\S+) vizitis", substituted)
    assert first and first.group(1) in Provider.first_names and first.group(2) in Provider.last_names
    female = re.search(r"Zira (\S+) \S+ estas", substituted)
    assert female and female.group(1) in Provider.first_names_female
    months = "|".join(toy["months"])
    assert re.search(rf"la \d{{1,2}} (?:{months}) \d{{4}}\.", substituted)
    assert re.search(r"laboras en \S+ Kompanio\.", substituted)
    generalized = toy["methods"]["generalize"]["anonymized"]
    for phrase in ("la kompanio", "la 2020-aj jaroj", "poŝtkodo", "telefonnumero", "identeca numero", "en Portugal"):
        assert phrase in generalized, phrase
    for english in ("company", "2020s", "postal code", "phone number", "in Portugal"):
        assert english not in generalized, english


def test_reidentification_reads_the_toy_languages_label_names(toy):
    assert "[HOMO_1]" not in toy["translated_label"]["restored"]
    assert toy["translated_label"]["restored"] == TOY_TEXT


#: Research tooling that is not a stage (training, corpora, evaluation, devtools): it may name languages.
TOOLS = ("devtools/", "detection/corpora.py", "detection/train.py", "detection/evaluate.py", "detection/compare.py",
         "detection/conll.py", "detection/vectors.py", "reidentification/evaluate.py",
         "reidentification/binding_cases.py", "coreference/evaluate.py")


def _language_code_uses(tree: ast.AST, codes: frozenset[str]) -> list[tuple[int, str]]:
    def is_code(node: ast.AST) -> bool:
        return isinstance(node, ast.Constant) and node.value in codes

    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict) and any(k is not None and is_code(k) for k in node.keys):
            found.append((node.lineno, "a dict keyed by a language code"))
        elif isinstance(node, ast.Compare) and any(
                is_code(n) or isinstance(n, (ast.Tuple, ast.List, ast.Set)) and any(is_code(e) for e in n.elts)
                for n in (node.left, *node.comparators)):
            found.append((node.lineno, "a comparison with a language code"))
        elif isinstance(node, ast.Subscript) and is_code(node.slice):
            found.append((node.lineno, "a subscript by a language code"))
        elif isinstance(node, ast.Call) and any(is_code(a) for a in node.args):
            found.append((node.lineno, "a call with a language code"))
    return found


def test_no_stage_keeps_a_table_or_a_test_per_language():
    """Every per-language list and fact is in app/languages: no stage holds a dict keyed by a language code, compares
    the document language with one, or looks one up ("language == 'de'", ``{"en": ...}``, ``NOUNS["es"]``)."""
    codes = frozenset(languages.BUILT_IN)
    offending = []
    for path in sorted((REPO / "app").rglob("*.py")):
        relative = path.relative_to(REPO / "app").as_posix()
        if relative.startswith("languages/") or relative.startswith(TOOLS):
            continue
        offending += [f"{relative}:{line}: {what}" for line, what in
                      _language_code_uses(ast.parse(path.read_text("utf-8")), codes)]
    assert not offending, "\n".join(offending)


def test_the_guard_finds_a_table_per_language():
    source = 'NOUNS = {"en": "city", "de": "Stadt"}\nif language == "de":\n    pass\nx = NOUNS["es"]\nf(x, "pt")\n'
    assert [line for line, _ in _language_code_uses(ast.parse(source), frozenset({"en", "de", "es", "pt"}))] == [
        1, 2, 4, 5]
