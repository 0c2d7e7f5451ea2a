"""Evaluate an NER tagger (or any detection pipeline) against a gold corpus.

Usage::

    python -m anontools.detection.evaluate --language en \\
        --test ../shared/data/ner/en/conll2003/test.txt --format conll2003 \\
        [--model-dir DIR] [--json-report out/eval-en.json] [--map-pred PERSON=PER] [--map-gold LOCderiv=IGNORE]

Metrics (all from gold vs predicted BIO tag sequences, see :func:`evaluate_tags`):

* entity level: a predicted entity counts only if its span and label both match a gold entity
  exactly (CoNLL convention, ``conlleval``; Tjong Kim Sang & De Meulder 2003); precision,
  recall and F1 per label, micro (pooled counts) and macro (mean over labels);
* token level: each token's label (prefix stripped) compared per label, micro and macro;
* binary token level: entity vs ``O``, whatever the label — the figure that matters most for
  anonymisation (how many tokens of personal data are caught).

The predictor is any callable ``predict(sentences: list[list[str]]) -> list[list[str]]``; by
default :class:`app.detection.stanza_ner.StanzaTagger`, or a factory given with
``--predictor module:factory`` (called as ``factory(language)``), so a full detection pipeline can
be evaluated the same way.
"""

from __future__ import annotations

import importlib
import shlex
import sys
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer

from anontools import cli_options as opt
from anontools.detection.conll import iob1_to_bio, read_conll, split_tokens_tags
from anontools.report import write_json_report

Predictor = Callable[[list[list[str]]], list[list[str]]]

OUTSIDE = "O"
# gold label that is "not counted": its entities and the tokens they cover are left out of scoring,
# and predicted entities overlapping them are neither true nor false positives
IGNORE = "IGNORE"


# --------------------------------------------------------------------------------------------
# pure metric code
# --------------------------------------------------------------------------------------------

def _apply_map(tags: Sequence[str], mapping: Mapping[str, str] | None) -> list[str]:
    """Rename the labels of BIO tags (``PERSON -> PER``); mapping a label to ``O`` or ``""`` drops it."""
    if not mapping:
        return list(tags)
    out: list[str] = []
    for tag in tags:
        if tag == OUTSIDE or len(tag) < 3 or tag[1] != "-":
            out.append(tag)
            continue
        label = mapping.get(tag[2:], tag[2:])
        out.append(OUTSIDE if label in (OUTSIDE, "") else f"{tag[0]}-{label}")
    return out


def bio_spans(tags: Sequence[str]) -> list[tuple[int, int, str]]:
    """Entity spans of one sentence, as ``(start, end_exclusive, label)``.

    Accepts BIO, IOB1 and BIOES: an ``I-X`` that does not continue an ``X`` entity starts a new
    one, as in ``conlleval``.

    Args:
        tags: ``list[str]``, e.g. ``["B-PER", "I-PER", "O", "I-LOC"]``.

    Returns:
        e.g. ``[(0, 2, "PER"), (3, 4, "LOC")]``.

    Raises:
        ValueError: on a malformed tag.
    """
    bio = iob1_to_bio(list(tags))
    spans: list[tuple[int, int, str]] = []
    start, label = -1, ""
    for i, tag in enumerate(bio + [OUTSIDE]):
        if start >= 0 and not (tag == "I-" + label):
            spans.append((start, i, label))
            start, label = -1, ""
        if tag.startswith("B-"):
            start, label = i, tag[2:]
    return spans


def _token_label(tag: str) -> str:
    return OUTSIDE if tag == OUTSIDE else tag[2:]


def _prf(tp: int, n_pred: int, n_gold: int) -> dict[str, float | int]:
    precision = tp / n_pred if n_pred else 0.0
    recall = tp / n_gold if n_gold else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"precision": precision, "recall": recall, "f1": f1, "tp": tp, "pred": n_pred, "gold": n_gold}


def _summaries(tp: Counter, n_pred: Counter, n_gold: Counter) -> dict[str, Any]:
    labels = sorted(set(n_pred) | set(n_gold))
    per_label = {lab: _prf(tp[lab], n_pred[lab], n_gold[lab]) for lab in labels}
    micro = _prf(sum(tp.values()), sum(n_pred.values()), sum(n_gold.values()))
    if labels:
        macro = {k: sum(per_label[lab][k] for lab in labels) / len(labels) for k in ("precision", "recall", "f1")}
    else:
        macro = {"precision": 0.0, "recall": 0.0, "f1": 0.0}
    return {"per_label": per_label, "micro": micro, "macro": macro}


def evaluate_tags(
    gold: list[list[str]],
    pred: list[list[str]],
    *,
    gold_map: Mapping[str, str] | None = None,
    pred_map: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """Compare gold and predicted tag sequences.

    Args:
        gold: ``list[list[str]]``, one BIO (or IOB1/BIOES) tag per token per sentence.
        pred: same shape as ``gold``.
        gold_map, pred_map: optional label renaming applied before scoring (e.g.
            ``{"PERSON": "PER"}``); mapping a label to ``"O"`` removes those entities.
            Mapping a gold label to :data:`IGNORE` ("not counted", e.g. GermEval's ``LOCderiv``)
            removes its entities from scoring altogether: their tokens count at neither the token
            nor the binary level, and at entity level a predicted entity that overlaps one counts
            neither as correct nor as wrong.

    Returns:
        ``dict`` with keys

        * ``"entity"``: ``{"per_label": {label: {precision, recall, f1, tp, pred, gold}},
          "micro": {...}, "macro": {precision, recall, f1}}`` — exact span + label match
          (CoNLL-2003 shared task evaluation, Tjong Kim Sang & De Meulder 2003);
        * ``"token"``: the same structure over tokens (label without prefix, ``O`` excluded from
          the labels; micro pools all entity labels);
        * ``"binary"``: ``{precision, recall, f1, tp, pred, gold}`` for entity-vs-``O`` tokens, plus
          ``"recall_by_gold_label"``: ``{label: {recall, detected, gold}}`` — of the gold tokens of each label,
          the share detected under any label (which classes leak);
        * ``"counts"``: ``{"sentences", "tokens"}``.

        Precision (recall) is 0.0 when nothing was predicted (nothing is gold); macro values are
        unweighted means over the labels seen in gold or predictions.

    Raises:
        ValueError: if the number of sentences or of tokens in a sentence differ, or a tag is malformed.
    """
    if len(gold) != len(pred):
        raise ValueError(f"gold has {len(gold)} sentences, predictions {len(pred)}")
    ent_tp: Counter = Counter()
    ent_pred: Counter = Counter()
    ent_gold: Counter = Counter()
    tok_tp: Counter = Counter()
    tok_pred: Counter = Counter()
    tok_gold: Counter = Counter()
    bin_tp = bin_pred = bin_gold = 0
    bin_gold_by: Counter = Counter()
    bin_tp_by: Counter = Counter()
    n_tokens = 0
    for i, (g_sent, p_sent) in enumerate(zip(gold, pred)):
        if len(g_sent) != len(p_sent):
            raise ValueError(f"sentence {i}: {len(g_sent)} gold tags but {len(p_sent)} predicted")
        g_sent = iob1_to_bio(_apply_map(g_sent, gold_map))
        p_sent = iob1_to_bio(_apply_map(p_sent, pred_map))
        g_spans = set(bio_spans(g_sent))
        p_spans = set(bio_spans(p_sent))
        ignored = {(s, e) for s, e, lab in g_spans if lab == IGNORE}
        if ignored:
            skip = {t for s, e in ignored for t in range(s, e)}
            g_spans = {sp for sp in g_spans if sp[2] != IGNORE}
            p_spans = {sp for sp in p_spans if not any(sp[0] < e and s < sp[1] for s, e in ignored)}
            keep = [t for t in range(len(g_sent)) if t not in skip]
            g_sent = [g_sent[t] for t in keep]
            p_sent = [p_sent[t] for t in keep]
        n_tokens += len(g_sent)
        for _, _, lab in g_spans:
            ent_gold[lab] += 1
        for _, _, lab in p_spans:
            ent_pred[lab] += 1
        for _, _, lab in g_spans & p_spans:
            ent_tp[lab] += 1
        for g_tag, p_tag in zip(g_sent, p_sent):
            g_lab, p_lab = _token_label(g_tag), _token_label(p_tag)
            if g_lab != OUTSIDE:
                tok_gold[g_lab] += 1
                bin_gold += 1
            if p_lab != OUTSIDE:
                tok_pred[p_lab] += 1
                bin_pred += 1
            if g_lab != OUTSIDE:
                bin_gold_by[g_lab] += 1
                bin_tp_by[g_lab] += p_lab != OUTSIDE
            if g_lab != OUTSIDE and p_lab != OUTSIDE:
                bin_tp += 1
                if g_lab == p_lab:
                    tok_tp[g_lab] += 1
    return {
        "entity": _summaries(ent_tp, ent_pred, ent_gold),
        "token": _summaries(tok_tp, tok_pred, tok_gold),
        "binary": {
            **_prf(bin_tp, bin_pred, bin_gold),
            "recall_by_gold_label": {
                label: {"recall": bin_tp_by[label] / bin_gold_by[label], "detected": bin_tp_by[label],
                        "gold": bin_gold_by[label]}
                for label in sorted(bin_gold_by)
            },
        },
        "counts": {"sentences": len(gold), "tokens": n_tokens},
    }


def predict_in_batches(predict: Predictor, sentences: list[list[str]], batch_size: int = 256) -> list[list[str]]:
    """Run ``predict`` over ``sentences`` in chunks and check the output shape.

    Raises:
        ValueError: if the predictor returns a different number of sentences or tags.
    """
    out: list[list[str]] = []
    for start in range(0, len(sentences), batch_size):
        chunk = sentences[start:start + batch_size]
        tags = predict(chunk)
        if len(tags) != len(chunk) or any(len(t) != len(s) for t, s in zip(tags, chunk)):
            raise ValueError("the predictor must return one tag per input token")
        out.extend(list(t) for t in tags)
    return out


def evaluate_predictor(
    predict: Predictor,
    tokens: list[list[str]],
    gold: list[list[str]],
    *,
    gold_map: Mapping[str, str] | None = None,
    pred_map: Mapping[str, str] | None = None,
    batch_size: int = 256,
) -> dict[str, Any]:
    """Predict tags for ``tokens`` (``list[list[str]]``) and score them against ``gold`` with :func:`evaluate_tags`.

    The result also holds ``"seconds"`` (prediction wall time).
    """
    started = time.time()
    pred = predict_in_batches(predict, tokens, batch_size)
    seconds = time.time() - started
    report = evaluate_tags(gold, pred, gold_map=gold_map, pred_map=pred_map)
    report["seconds"] = round(seconds, 2)
    return report


# --------------------------------------------------------------------------------------------
# presentation
# --------------------------------------------------------------------------------------------

def _rounded(obj: Any, digits: int = 4) -> Any:
    if isinstance(obj, float):
        return round(obj, digits)
    if isinstance(obj, dict):
        return {k: _rounded(v, digits) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_rounded(v, digits) for v in obj]
    return obj


def render_report(report: dict[str, Any], title: str = "NER evaluation") -> None:
    """Print the entity, token and binary tables of a :func:`evaluate_tags` report with ``rich``."""
    from rich.console import Console
    from rich.table import Table

    console = Console()
    for level in ("entity", "token"):
        section = report[level]
        table = Table(title=f"{title} — {level} level", show_lines=False)
        for col in ("label", "precision", "recall", "F1", "gold", "pred", "tp"):
            table.add_column(col, justify="left" if col == "label" else "right")
        for label, m in section["per_label"].items():
            table.add_row(label, f"{m['precision']:.4f}", f"{m['recall']:.4f}", f"{m['f1']:.4f}",
                          str(m["gold"]), str(m["pred"]), str(m["tp"]))
        m = section["micro"]
        table.add_row("[bold]micro[/bold]", f"{m['precision']:.4f}", f"{m['recall']:.4f}", f"[bold]{m['f1']:.4f}[/bold]",
                      str(m["gold"]), str(m["pred"]), str(m["tp"]))
        m = section["macro"]
        table.add_row("macro", f"{m['precision']:.4f}", f"{m['recall']:.4f}", f"{m['f1']:.4f}", "", "", "")
        console.print(table)
    b = report["binary"]
    table = Table(title=f"{title} — binary token level (entity vs O)")
    for col in ("precision", "recall", "F1", "gold", "pred", "tp"):
        table.add_column(col, justify="right")
    table.add_row(f"{b['precision']:.4f}", f"{b['recall']:.4f}", f"{b['f1']:.4f}", str(b["gold"]), str(b["pred"]), str(b["tp"]))
    console.print(table)
    by_label = b.get("recall_by_gold_label", {})
    if by_label:
        table = Table(title=f"{title} — binary token recall by gold label (detected under any label)")
        for col in ("gold label", "recall", "detected", "gold"):
            table.add_column(col, justify="left" if col == "gold label" else "right")
        for label, m in by_label.items():
            table.add_row(label, f"{m['recall']:.4f}", str(m["detected"]), str(m["gold"]))
        console.print(table)


def parse_mapping(items: Sequence[str] | None) -> dict[str, str]:
    """Parse ``["PERSON=PER", "GPE=LOC"]`` into a dict.

    Raises:
        typer.BadParameter: on an item without ``=``.
    """
    mapping: dict[str, str] = {}
    for item in items or []:
        for part in item.split(","):
            if not part.strip():
                continue
            if "=" not in part:
                raise typer.BadParameter(f"expected FROM=TO, got {part!r}")
            src, dst = part.split("=", 1)
            mapping[src.strip()] = dst.strip()
    return mapping


def load_predictor(spec: str | None, language: str, model_dir: Path | None, batch_size: int,
                   recall_bias: float = 0.0, quantize: bool = False) -> tuple[Predictor, dict[str, Any]]:
    """Build the predictor: ``module:factory`` (called as ``factory(language)``) or a :class:`StanzaTagger`.

    ``recall_bias`` and ``quantize`` (int8 dynamic quantization) are passed to the :class:`StanzaTagger` (ignored
    for a ``module:factory``).

    Returns:
        ``(predict, info)`` where ``info`` describes the model for the report.

    Raises:
        ModelNotFoundError: no Stanza model could be found.
        typer.BadParameter: malformed ``spec``.
    """
    if spec:
        if ":" not in spec:
            raise typer.BadParameter("--predictor must look like package.module:factory")
        module_name, attr = spec.split(":", 1)
        factory = getattr(importlib.import_module(module_name), attr)
        return factory(language), {"predictor": spec}
    from app.detection.stanza_ner import StanzaTagger

    tagger = StanzaTagger(language, model_dir=model_dir, batch_size=batch_size, recall_bias=recall_bias,
                          quantize=quantize)
    info = {
        "recall_bias": recall_bias,
        "quantized": tagger.quantized,
        "predictor": "app.detection.stanza_ner:StanzaTagger",
        "source": tagger.source,
        "model_path": str(tagger.model_path),
        "pretrain_path": str(tagger.pretrain_path) if tagger.pretrain_path else None,
    }
    return tagger, info


# --------------------------------------------------------------------------------------------
# CLI
# --------------------------------------------------------------------------------------------

app = typer.Typer(add_completion=False, help=__doc__.split("\n\n")[0])


def render_deid(report: dict[str, Any], title: str) -> None:
    """Print a :func:`anontools.detection.deid.evaluate_documents` report with ``rich``."""
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{title} — personal-data token recall (precision {report['precision']:.4f})")
    for col in ("gold label", "token recall", "tokens", "span recall", "spans"):
        table.add_column(col, justify="left" if col == "gold label" else "right")
    rows = [*report["labels"].items(), ("[bold]all[/bold]", report["all"]), ("direct identifiers", report["direct"])]
    for label, m in rows:
        table.add_row(label, f"{m['recall']:.4f}", str(m["tokens"]), f"{m['span_recall']:.4f}", str(m["spans"]))
    Console().print(table)


def evaluate_brat(language: str, brat: Path, profiles: Sequence[str], model_dir: Path | None,
                  batch_size: int, limit: int) -> dict[str, Any]:
    """Run the full detector of ``language`` on every document of a brat directory, once per privacy profile, and
    score it with :func:`anontools.detection.deid.evaluate_documents` (MEDDOCAN labels: :data:`~anontools.detection.deid.MEDDOCAN_LABELS`).

    Returns:
        ``{profile: report + {"seconds", "chars_per_second"}}``.

    Raises:
        FileNotFoundError, ValueError: from :func:`anontools.detection.deid.read_brat`;
        app.detection.stanza_ner.ModelNotFoundError: no model for the language.
    """
    from anontools.detection.deid import evaluate_documents, read_brat
    from app.detection.pipeline import build_detector

    documents = read_brat(brat)
    if limit:
        documents = documents[:limit]
    detector = build_detector(language, model_dir=str(model_dir) if model_dir else None, batch_size=batch_size)
    reports = {}
    for profile in profiles:
        started = time.perf_counter()
        report = evaluate_documents(documents, lambda text: detector.detect(text, profile=profile))
        seconds = time.perf_counter() - started
        report.update(seconds=seconds, chars_per_second=report["characters"] / seconds if seconds else 0.0)
        reports[profile] = _rounded(report)
        render_deid(reports[profile], f"{brat} ({language}, {profile} profile)")
    return reports


@app.command()
def main(
    language: opt.Language,
    test: Annotated[Path | None, typer.Option(help="Gold corpus file (CoNLL formats)")] = None,
    brat: Annotated[Path | None, typer.Option(help="A brat standoff directory (*.txt + *.ann, e.g. MEDDOCAN): "
                                              "de-identification recall of the full detector instead of a tagger")] = None,
    profile: Annotated[list[str] | None, typer.Option(help="Privacy profile(s) for --brat: standard, strict (repeatable)")] = None,
    format: opt.CorpusFormat = "auto",
    model_dir: Annotated[Path | None, typer.Option(help="Model directory (default: resolution of StanzaTagger)")] = None,
    json_report: opt.JsonReport = None,
    predictor: Annotated[str | None, typer.Option(help="module:factory; factory(language) returns predict(sentences) -> tags, one tag per token")] = None,
    map_pred: Annotated[list[str] | None, typer.Option(help="Rename predicted labels, FROM=TO (repeatable; TO=O drops)")] = None,
    map_gold: Annotated[list[str] | None, typer.Option(help="Rename gold labels, FROM=TO (repeatable; TO=O drops, TO=IGNORE: not counted at all)")] = None,
    batch_size: Annotated[int, typer.Option(help="Sentences per NER batch")] = 64,
    limit: Annotated[int, typer.Option(help="Only the first N sentences (brat: documents) (0 = all)")] = 0,
    recall_bias: Annotated[float, typer.Option(help="Subtracted from the O tag's CRF score before decoding (0 = the model's own decode)")] = 0.0,
    quantize: Annotated[bool, typer.Option("--quantize", help="Run the NER model with int8 dynamic quantization (as ANON_NER_QUANTIZE=true)")] = False,
) -> None:
    """Evaluate a tagger on TEST and print entity/token/binary P/R/F1 tables (or, with --brat, the full detector's
    personal-data token recall per gold label and profile)."""
    if brat is not None:
        from app.settings import PRIVACY_PROFILES

        unknown = [p for p in profile or [] if p not in PRIVACY_PROFILES]
        if unknown:
            raise typer.BadParameter(f"unknown --profile {unknown[0]!r} (known: {', '.join(PRIVACY_PROFILES)})")
        reports = evaluate_brat(language, brat, profile or list(PRIVACY_PROFILES), model_dir, batch_size, limit)
        reports["meta"] = {"language": language, "brat": str(brat),
                           "command": "python -m anontools.detection.evaluate " + " ".join(shlex.quote(a) for a in sys.argv[1:])}
        write_json_report(json_report, reports)
        if json_report:
            typer.echo(f"report written to {json_report}")
        return
    if test is None:
        raise typer.BadParameter("give --test (a CoNLL corpus) or --brat (a brat directory)")
    sentences = read_conll(test, format)
    if limit:
        sentences = sentences[:limit]
    tokens, gold = split_tokens_tags(sentences)
    predict, info = load_predictor(predictor, language, model_dir, batch_size, recall_bias, quantize)
    gold_map, pred_map = parse_mapping(map_gold), parse_mapping(map_pred)
    report = evaluate_predictor(predict, tokens, gold, gold_map=gold_map, pred_map=pred_map)
    report = _rounded(report)
    report["meta"] = {
        "language": language,
        "test": str(test),
        "format": format,
        "gold_map": gold_map,
        "pred_map": pred_map,
        "command": "python -m anontools.detection.evaluate " + " ".join(shlex.quote(a) for a in sys.argv[1:]),
        **info,
    }
    render_report(report, title=f"{test.name} ({language})")
    write_json_report(json_report, report)
    if json_report:
        typer.echo(f"report written to {json_report}")


if __name__ == "__main__":
    app()
