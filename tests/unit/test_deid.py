"""De-identification evaluation on brat standoff (anontools/detection/deid.py) with invented clinical notes."""

from pathlib import Path

import pytest
from typer.testing import CliRunner

from anontools.detection.deid import MEDDOCAN_LABELS, evaluate_documents, read_brat
from app.doc import Entity

BRAT = Path(__file__).resolve().parents[1] / "fixtures" / "brat"


def test_read_brat():
    docs = read_brat(BRAT)
    assert [d.name for d in docs] == ["nota-1", "nota-2"]
    assert [(d.text[s:e], label) for d in docs[:1] for s, e, label in d.spans] == [
        ("Lucía Ferrer Soto", "NOMBRE_SUJETO_ASISTENCIA"), ("4471923", "ID_SUJETO_ASISTENCIA"),
        ("Mujer", "SEXO_SUJETO_ASISTENCIA"), ("52 años", "EDAD_SUJETO_ASISTENCIA"), ("maestra", "PROFESION"),
        ("Teruel", "TERRITORIO"), ("hermano", "FAMILIARES_SUJETO_ASISTENCIA")]


def test_read_brat_rejects_offsets_outside_the_text(tmp_path):
    (tmp_path / "a.txt").write_text("short", encoding="utf-8")
    (tmp_path / "a.ann").write_text("T1\tFECHAS 2 40\tx\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"a.ann:1: malformed text-bound annotation"):
        read_brat(tmp_path)
    with pytest.raises(FileNotFoundError):
        read_brat(tmp_path / "missing")


def test_every_meddocan_label_maps_to_one_of_ours():
    from app.detection.labels import STANDARD_LABELS

    assert set(MEDDOCAN_LABELS.values()) <= set(STANDARD_LABELS)
    assert len(MEDDOCAN_LABELS) >= 22


def _exact(*surfaces):
    def detect(text):
        return [Entity(text.index(s), text.index(s) + len(s), "X", s, "test") for s in surfaces if s in text]
    return detect


def test_token_recall_per_label_and_precision():
    docs = read_brat(BRAT)
    # "Lucía Ferrer" caught, "Soto" leaks; "Nombre" is masked for nothing
    report = evaluate_documents(docs, _exact("Nombre", "Lucía Ferrer", "4471923", "Pablo Ruiz", "pruiz@example.org"))
    labels = report["labels"]
    assert labels["NOMBRE_SUJETO_ASISTENCIA"] == {"tokens": 3, "recall": 2 / 3, "spans": 1, "span_recall": 0.0}
    assert labels["ID_SUJETO_ASISTENCIA"] == {"tokens": 1, "recall": 1.0, "spans": 1, "span_recall": 1.0}
    assert labels["EDAD_SUJETO_ASISTENCIA"]["tokens"] == 2 and labels["EDAD_SUJETO_ASISTENCIA"]["recall"] == 0.0
    # gold tokens: 3 + 1 + 1 + 2 + 1 + 1 + 1 + 2 + 1 = 13, caught 2 + 1 + 2 + 1 = 6
    assert report["all"]["tokens"] == 13 and report["all"]["recall"] == 6 / 13
    # without sex, age, profession and relatives: 3 + 1 + 1 + 2 + 1 = 8 tokens, 6 caught
    assert report["direct"]["tokens"] == 8 and report["direct"]["recall"] == 6 / 8
    # predicted tokens: Nombre, Lucía, Ferrer, 4471923, Pablo, Ruiz, the e-mail = 7, of which 6 are personal data
    assert report["predicted_tokens"] == 7 and report["precision"] == 6 / 7


def test_the_command_reads_brat_and_reports_both_profiles(tmp_path, monkeypatch):
    import json

    from anontools.detection import evaluate
    from app.detection import pipeline
    from tests.unit.fakes import GazetteerTagger

    tagger = GazetteerTagger({"Lucía Ferrer Soto": "PER", "Teruel": "LOC", "Pablo Ruiz": "PER"})
    real = pipeline.build_detector
    monkeypatch.setattr(pipeline, "build_detector",
                        lambda language, **kw: real(language, tagger_factory=lambda *_: tagger))
    out = tmp_path / "deid.json"
    result = CliRunner().invoke(evaluate.app, ["--language", "es", "--brat", str(BRAT), "--json-report", str(out)])
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    assert report["standard"]["all"]["tokens"] == 13 and report["strict"]["all"]["tokens"] == 13
    # standard: names, NHC, place, e-mail (8 tokens); strict also sex, age, profession, relative
    assert report["standard"]["all"]["recall"] == round(8 / 13, 4)
    assert report["standard"]["direct"]["recall"] == 1.0
    assert report["strict"]["all"]["recall"] == 1.0


def test_the_command_rejects_an_unknown_profile():
    from anontools.detection import evaluate

    result = CliRunner().invoke(evaluate.app, ["--language", "es", "--brat", str(BRAT), "--profile", "lax"])
    assert result.exit_code != 0 and "unknown --profile 'lax'" in result.output
