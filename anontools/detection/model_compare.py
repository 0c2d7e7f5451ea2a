"""Paired comparison of two NER models on one dev set: quality differences with confidence intervals, and speed.

``anonymizer-dev model-compare --language en --dev work/ner-data/en-tv/dev.txt --format conll2002 \\
    --baseline app/detection/weights/en --candidate work/en-h128-cand [--recall-bias 0 --recall-bias 1]``

Why: a ship rule of the form "candidate dev F1 ≥ shipped − 0.002" compares two point estimates whose difference
is mostly noise on a dev set of a few thousand entities (the English model card's smaller model of 2026-11-27 missed
such a rule by 0.0005 and was then better on the test set). This tool gives the rule something better to stand on:

* both models tag the same sentences; per sentence the entity counts (exact span and label, CoNLL convention) and
  the binary token counts (entity vs ``O``) of each model are kept (:func:`sentence_counts`);
* a **paired bootstrap** over blocks of consecutive sentences (Efron & Tibshirani 1993, ch. 6; paired resampling
  for comparing NLP systems: Berg-Kirkpatrick, Burkett & Klein 2012, §2; blocks because the sentences of one
  news article are not independent) gives a 95 % percentile interval of the difference candidate − baseline of
  entity F1, binary token precision and binary token recall (:func:`paired_bootstrap`);
* NER CPU time per character of each model, one torch thread, the dev sentences in calls of ``--call-size``,
  models alternated over ``--rounds`` rounds in one process (:func:`alternate_speed`).

A non-inferiority rule then reads, for instance: "shipped when the lower end of the interval of the F1 difference
is above −0.005 and of the binary recall difference above −0.001" — written before the figures, as always.
"""

from __future__ import annotations

import shlex
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer

from anontools import cli_options as opt
from anontools.detection.conll import read_conll, split_tokens_tags
from anontools.detection.evaluate import evaluate_tags, parse_mapping, predict_in_batches
from anontools.report import write_json_report

Predictor = Callable[[list[list[str]]], list[list[str]]]

#: per-sentence count columns of :func:`sentence_counts`
COLUMNS = ("ent_tp", "ent_pred", "ent_gold", "bin_tp", "bin_pred", "bin_gold")


def sentence_counts(gold: list[list[str]], pred: list[list[str]], *, gold_map: dict[str, str] | None = None,
                    pred_map: dict[str, str] | None = None) -> list[tuple[int, ...]]:
    """Counts of each sentence, in the order of :data:`COLUMNS`: entities (exact span + label) correct, predicted,
    gold (micro over labels), and binary tokens (entity vs ``O``) correct, predicted, gold — as
    :func:`anontools.detection.evaluate.evaluate_tags` counts them, so their sums give its micro figures.

    Args:
        gold, pred: ``list[list[str]]``, one BIO (IOB1/BIOES) tag per token, same shapes.
        gold_map, pred_map: label renaming as in ``evaluate_tags``.

    Returns:
        ``list[tuple[int, int, int, int, int, int]]``, one per sentence.

    Raises:
        ValueError: shapes differ or a tag is malformed.
    """
    if len(gold) != len(pred):
        raise ValueError(f"gold has {len(gold)} sentences, predictions {len(pred)}")
    out = []
    for g, p in zip(gold, pred):
        r = evaluate_tags([g], [p], gold_map=gold_map, pred_map=pred_map)
        e, b = r["entity"]["micro"], r["binary"]
        out.append((e["tp"], e["pred"], e["gold"], b["tp"], b["pred"], b["gold"]))
    return out


def _figures(sums: Any) -> Any:
    """``(entity F1, binary precision, binary recall)`` of summed counts (numpy, last axis = :data:`COLUMNS`)."""
    import numpy as np

    def ratio(a: Any, b: Any) -> Any:
        return np.divide(a, b, out=np.zeros_like(a, dtype=float), where=b > 0)

    p, r = ratio(sums[..., 0], sums[..., 1]), ratio(sums[..., 0], sums[..., 2])
    f1 = ratio(2 * p * r, p + r)
    return np.stack([f1, ratio(sums[..., 3], sums[..., 4]), ratio(sums[..., 3], sums[..., 5])], axis=-1)


def paired_bootstrap(baseline: Sequence[Sequence[int]], candidate: Sequence[Sequence[int]], *, samples: int = 2000,
                     block: int = 20, seed: int = 13, level: float = 0.95) -> dict[str, dict[str, float]]:
    """Paired block bootstrap of the differences candidate − baseline.

    The sentences are cut into consecutive blocks of ``block`` sentences; each bootstrap sample draws as many blocks
    with replacement, the same blocks for both models (paired), and recomputes both models' figures from the summed
    counts.

    Args:
        baseline, candidate: per-sentence counts of :func:`sentence_counts`, same sentences in the same order.
        samples: bootstrap samples.
        block: sentences per block (1 = plain sentence bootstrap).
        seed: random seed (the intervals are reproducible).
        level: coverage of the percentile interval.

    Returns:
        ``{"entity_f1" | "binary_precision" | "binary_recall": {"baseline", "candidate", "difference", "low",
        "high", "p_candidate_worse"}}`` — point figures on the whole set, the interval of the difference, and the share
        of samples in which the candidate is below the baseline.

    Raises:
        ValueError: the two count lists differ in length or are empty, or ``block``/``samples`` < 1.
    """
    import numpy as np

    if len(baseline) != len(candidate) or not baseline:
        raise ValueError("baseline and candidate need counts for the same, non-empty list of sentences")
    if block < 1 or samples < 1:
        raise ValueError("block and samples must be at least 1")
    a, b = np.asarray(baseline, dtype=np.int64), np.asarray(candidate, dtype=np.int64)
    starts = np.arange(0, len(a), block)
    blocks_a = np.add.reduceat(a, starts, axis=0)  # (blocks, 6)
    blocks_b = np.add.reduceat(b, starts, axis=0)
    rng = np.random.default_rng(seed)
    parts = []
    for done in range(0, samples, 200):  # 200 samples at a time: (200, blocks, 6) integers, whatever the set's size
        draw = rng.integers(0, len(starts), size=(min(200, samples - done), len(starts)))
        parts.append(_figures(blocks_b[draw].sum(axis=1)) - _figures(blocks_a[draw].sum(axis=1)))
    diff = np.concatenate(parts)  # (samples, 3)
    point_a, point_b = _figures(a.sum(axis=0)), _figures(b.sum(axis=0))
    tail = (1 - level) / 2
    out = {}
    for i, name in enumerate(("entity_f1", "binary_precision", "binary_recall")):
        out[name] = {"baseline": float(point_a[i]), "candidate": float(point_b[i]),
                     "difference": float(point_b[i] - point_a[i]),
                     "low": float(np.quantile(diff[:, i], tail)), "high": float(np.quantile(diff[:, i], 1 - tail)),
                     "p_candidate_worse": float((diff[:, i] < 0).mean())}
    return out


def alternate_speed(taggers: dict[str, Predictor], sentences: list[list[str]], *, rounds: int = 6,
                    call_size: int = 20) -> dict[str, list[float]]:
    """Characters per CPU-second of each tagger (``time.process_time``: other processes do not inflate it), the
    sentences tagged in calls of ``call_size``, the taggers' order reversed every other round.

    Returns:
        ``{name: [chars per CPU-second of each round]}``; characters = tokens joined by single spaces.
    """
    chars = sum(len(" ".join(s)) for s in sentences)
    names = list(taggers)
    speeds: dict[str, list[float]] = {n: [] for n in names}
    for r in range(rounds):
        for name in names if r % 2 == 0 else reversed(names):
            started = time.process_time()
            for i in range(0, len(sentences), call_size):
                taggers[name](sentences[i:i + call_size])
            speeds[name].append(round(chars / max(time.process_time() - started, 1e-9)))
    return speeds


app = typer.Typer(add_completion=False, help=__doc__.split("\n\n")[0])


@app.command()
def main(
    language: opt.Language,
    dev: Annotated[Path, typer.Option(help="Annotated dev corpus (CoNLL formats)")],
    baseline: Annotated[Path, typer.Option(help="Directory of the baseline model (ner.pt [+ pretrain.pt])")],
    candidate: Annotated[Path, typer.Option(help="Directory of the candidate model")],
    format: opt.CorpusFormat = "auto",
    recall_bias: Annotated[list[float] | None, typer.Option(help="Recall bias(es) to compare at (repeatable; default 0)")] = None,
    map_pred: Annotated[list[str] | None, typer.Option(help="Rename predicted labels, FROM=TO (repeatable)")] = None,
    map_gold: Annotated[list[str] | None, typer.Option(help="Rename gold labels, FROM=TO (repeatable)")] = None,
    samples: Annotated[int, typer.Option(help="Bootstrap samples")] = 2000,
    block: Annotated[int, typer.Option(help="Consecutive sentences per bootstrap block")] = 20,
    seed: Annotated[int, typer.Option(help="Bootstrap seed")] = 13,
    rounds: Annotated[int, typer.Option(help="Alternating speed rounds (0 = no speed measurement)")] = 6,
    call_size: Annotated[int, typer.Option(help="Sentences per tagger call in the speed rounds")] = 20,
    json_report: opt.JsonReport = None,
) -> None:
    """Compare CANDIDATE with BASELINE on DEV: entity F1 and binary token P/R with paired-bootstrap 95 % intervals
    of the differences at each recall bias, and NER CPU time per character, alternated."""
    import torch
    from rich.console import Console
    from rich.table import Table

    from app.detection.stanza_ner import StanzaTagger

    torch.set_num_threads(1)
    tokens, gold = split_tokens_tags(read_conll(dev, format))
    gold_map, pred_map = parse_mapping(map_gold), parse_mapping(map_pred)
    report: dict[str, Any] = {"biases": {}}
    console = Console()
    # each model loaded once: the recall bias is a per-call argument of StanzaTagger.tag
    taggers = {"baseline": StanzaTagger(language, model_dir=baseline),
               "candidate": StanzaTagger(language, model_dir=candidate)}
    for bias in recall_bias or [0.0]:
        counts = {}
        for name, tagger in taggers.items():
            tags = predict_in_batches(lambda s, t=tagger, b=bias: t.tag(s, recall_bias=b), tokens, 64)
            counts[name] = sentence_counts(gold, tags, gold_map=gold_map, pred_map=pred_map)
        result = paired_bootstrap(counts["baseline"], counts["candidate"], samples=samples, block=block, seed=seed)
        report["biases"][str(bias)] = result
        table = Table(title=f"{dev.name}: candidate − baseline, recall bias {bias} ({samples} paired samples, "
                            f"blocks of {block} sentences)")
        for column in ("figure", "baseline", "candidate", "difference", "95 % interval", "P(candidate worse)"):
            table.add_column(column)
        for figure, r in result.items():
            table.add_row(figure, f"{r['baseline']:.4f}", f"{r['candidate']:.4f}", f"{r['difference']:+.4f}",
                          f"[{r['low']:+.4f}, {r['high']:+.4f}]", f"{r['p_candidate_worse']:.3f}")
        console.print(table)
    if rounds:
        for tagger in taggers.values():
            tagger(tokens[:call_size])  # first call outside the clock
        speeds = alternate_speed(taggers, tokens, rounds=rounds, call_size=call_size)
        ratio = statistics.median(speeds["candidate"]) / statistics.median(speeds["baseline"])
        report["speed"] = {"chars_per_cpu_s": speeds, "ratio_of_medians": round(ratio, 3), "call_size": call_size}
        console.print(f"NER chars per CPU-second (one thread, calls of {call_size} sentences, alternated): "
                      f"baseline {speeds['baseline']}, candidate {speeds['candidate']}; candidate / baseline "
                      f"(medians) {ratio:.2f}")
    report["meta"] = {"language": language, "dev": str(dev), "baseline": str(baseline), "candidate": str(candidate),
                      "samples": samples, "block": block, "seed": seed,
                      "command": "anonymizer-dev model-compare " + " ".join(shlex.quote(a) for a in sys.argv[1:])}
    write_json_report(json_report, report)
    if json_report:
        typer.echo(f"report written to {json_report}")


if __name__ == "__main__":
    app()
