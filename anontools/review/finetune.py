"""Fine-tune a language's NER model on reviewers' corrections, and report before/after.

Usage::

    python -m anontools.review.finetune --language es \\
        --corpus-train ../shared/data/ner/es/conll2002/esp.train --dev ../shared/data/ner/es/conll2002/esp.testa \\
        --format conll2002 --output work/es-review [--holdout 50] [--corpus-sentences 2000] [--repeat 2] \\
        [--max-steps 300] [--json-report out/finetune-es.json]

The corrections are read from the encrypted store (:class:`app.review.corrections.CorrectionStore`, the
settings' Redis and table keys). The ``--holdout`` records with the smallest
:func:`app.review.policy.sample_fraction` of their job id (a fixed, job-id-only split) are kept out of training
and scored; the others become training sentences (:func:`app.review.corrections.correction_sentences`, the
released spans as gold), repeated ``--repeat`` times and mixed with ``--corpus-sentences`` sentences drawn
from the corpus so the model keeps what it knew (rehearsal against catastrophic forgetting; Robins,
"Catastrophic forgetting, rehearsal and pseudorehearsal", Connection Science 1995). Training continues
from the shipped model (Stanza's ``--finetune``, through :func:`anontools.detection.train.train_ner`) with its
word-vector pretrain; the optimizer and its learning rate are the checkpoint's (Stanza's finetune mode keeps the
loaded model's configuration, so the base checkpoint is copied with ``--lr`` written into it,
:func:`with_learning_rate`); of the checkpoints evaluated every ``--eval-interval`` steps, the best on the dev
set (Stanza's entity F1) is kept; the result goes to ``--output`` (never over the shipped weights: copy it there after
reading the report).

The report (printed, and written with ``--json-report``): binary (entity-vs-O token) and entity-level
precision/recall/F1 of the model before and after on the dev set and on the held-out corrections
(:func:`anontools.detection.evaluate.evaluate_tags`); with ``--match-recall`` also the new model at the smallest
recall bias that keeps the dev binary recall (:func:`match_dev_recall`; deploy it as the language's
``ner_recall_bias`` with the model). Run with ``OMP_NUM_THREADS=1`` on a shared machine.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from anontools import cli_options as opt
from anontools.detection.conll import read_conll, split_tokens_tags, write_conll
from app.review.corrections import correction_sentences
from app.review.policy import sample_fraction

Sentence = list[tuple[str, str]]


def split_holdout(records: list[dict[str, Any]], holdout: int) -> tuple[list[dict], list[dict]]:
    """``(train, held_out)``: the ``holdout`` records with the smallest job-id fraction are held out."""
    ranked = sorted(records, key=lambda r: (sample_fraction(r["job_id"]), r["job_id"]))
    return ranked[holdout:], ranked[:holdout]


def training_sentences(records: list[dict[str, Any]], corpus: list[Sentence], *, repeat: int,
                       corpus_sentences: int, seed: int = 13, entities_only: bool = False) -> list[Sentence]:
    """The fine-tuning set: each correction's sentences ``repeat`` times plus a sample of the corpus, shuffled.

    Sentences without any token are dropped. A correction sentence without entities teaches what is *not*
    personal data (after a reviewer removed a false positive); ``entities_only`` drops those, so the
    corrections push the model towards finding more rather than towards saying ``O``.
    """
    rng = random.Random(seed)
    from_corrections = [s for r in records for s in correction_sentences(r)
                        if s and (not entities_only or any(tag != "O" for _, tag in s))]
    sample = rng.sample(corpus, min(corpus_sentences, len(corpus)))
    out = from_corrections * repeat + sample
    rng.shuffle(out)
    return out


def with_learning_rate(model_path: Path, lr: float, output: Path) -> Path:
    """A copy of the Stanza checkpoint ``model_path`` whose configuration's learning rate is ``lr``.

    Stanza's ``--finetune`` builds the optimizer from the loaded checkpoint's configuration, not from the
    command line; a fine-tuning step should be smaller than the training's (0.1 for the shipped models).
    """
    import torch

    checkpoint = torch.load(model_path, map_location="cpu", weights_only=False)
    checkpoint["config"]["lr"] = lr
    output.parent.mkdir(parents=True, exist_ok=True)
    torch.save(checkpoint, output)
    return output


def score(predict, sentences: list[Sentence]) -> dict[str, Any]:
    """Binary and entity scores of ``predict`` on tagged sentences (:func:`anontools.detection.evaluate.evaluate_tags`)."""
    from anontools.detection.evaluate import evaluate_tags, predict_in_batches

    tokens, gold = split_tokens_tags(sentences)
    report = evaluate_tags(gold, predict_in_batches(predict, tokens))
    keep = ("precision", "recall", "f1", "tp", "pred", "gold")
    return {"binary": {k: report["binary"][k] for k in keep}, "entity": report["entity"]["micro"],
            "sentences": report["counts"]["sentences"], "tokens": report["counts"]["tokens"]}


def before_after(language: str, before_dir: Path | None, after_dir: Path, sets: dict[str, list[Sentence]],
                 batch_size: int = 64) -> dict[str, Any]:
    """``{set name: {"before": scores, "after": scores}}`` for the shipped (or ``before_dir``) and the new model."""
    from app.detection.stanza_ner import StanzaTagger

    out: dict[str, Any] = {name: {} for name in sets}
    for when, model_dir in (("before", before_dir), ("after", after_dir)):
        tagger = StanzaTagger(language, model_dir=model_dir, batch_size=batch_size)
        for name, sentences in sets.items():
            out[name][when] = score(tagger, sentences)
    return out


#: Recall biases tried by :func:`match_dev_recall`, in order.
RECALL_BIASES: tuple[float, ...] = (0.0, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0)


def match_dev_recall(language: str, model_dir: Path, dev: list[Sentence], target: float,
                     biases: tuple[float, ...] = RECALL_BIASES, batch_size: int = 64) -> tuple[float | None, dict]:
    """The smallest recall bias (:class:`app.detection.stanza_ner.StanzaTagger`, subtracted from the ``O`` score,
    Minkov et al. 2006) at which the model's dev binary recall reaches ``target``.

    Fine-tuning on corrections that mostly remove false positives makes a model more conservative; the bias
    trades that precision back for recall. It is chosen on the dev set only, never on the held-out corrections.

    Returns:
        ``(bias, dev scores at that bias)``, or ``(None, scores at the largest bias)`` when none reaches it.
    """
    from app.detection.stanza_ner import StanzaTagger

    scores: dict = {}
    for bias in biases:
        scores = score(StanzaTagger(language, model_dir=model_dir, batch_size=batch_size, recall_bias=bias), dev)
        if scores["binary"]["recall"] >= target:
            return bias, scores
    return None, scores


async def _load_records(language: str) -> list[dict[str, Any]]:
    from app.review.corrections import CorrectionStore
    from app.settings import get_settings

    store = CorrectionStore.from_settings(get_settings())
    try:
        return await store.records(language)
    finally:
        await store.close()


def main(
    # the model
    language: opt.Language,
    output: Annotated[Path, typer.Option(help="directory for the fine-tuned model")],
    base_model_dir: Annotated[Path | None, typer.Option(help="model to start from (default: the shipped one)")] = None,
    # the corrections
    holdout: Annotated[int, typer.Option(help="corrections held out of training and scored")] = 0,
    repeat: Annotated[int, typer.Option(help="times each correction sentence is repeated")] = 2,
    entities_only: Annotated[bool, typer.Option(help="train only on correction sentences with an entity")] = False,
    # the rehearsal corpus
    corpus_train: Annotated[Path, typer.Option(help="corpus mixed into training (rehearsal)")] = ...,
    corpus_sentences: Annotated[int, typer.Option(help="corpus sentences mixed in")] = 2000,
    format: opt.CorpusFormat = "auto",
    # scoring
    dev: opt.DevCorpus = ...,
    eval_interval: Annotated[int, typer.Option(help="steps between dev evaluations; the best is kept (0 = at the end)")] = 0,
    evaluate_only: Annotated[bool, typer.Option(help="no training: report on the model already in --output")] = False,
    match_recall: Annotated[bool, typer.Option(help="also score the new model at the smallest recall bias that "
                                               "keeps the dev binary recall (chosen on dev)")] = False,
    # the optimisation
    max_steps: opt.MaxSteps = 300,
    batch_size: opt.BatchSize = 32,
    lr: Annotated[float, typer.Option(help="learning rate of the fine-tuning (the base model's optimizer)")] = 0.01,
    # files
    work_dir: opt.WorkDir = None,
    json_report: opt.JsonReport = None,
) -> None:
    """Fine-tune a language's NER model on the stored corrections; report dev and held-out scores before/after."""
    import torch

    from app.detection.stanza_ner import resolve_model
    from anontools.detection.train import Hyperparameters, train_ner

    torch.set_num_threads(1)
    records = asyncio.run(_load_records(language))
    if len(records) <= holdout:
        typer.echo(f"error: {len(records)} corrections for {language}, holdout {holdout}: nothing to train on", err=True)
        raise typer.Exit(2)
    train_records, held_out = split_holdout(records, holdout)
    corpus = read_conll(corpus_train, format)
    sentences = training_sentences(train_records, corpus, repeat=repeat, corpus_sentences=corpus_sentences,
                                   entities_only=entities_only)
    command = "python -m anontools.review.finetune " + " ".join(sys.argv[1:])
    meta = {"wall_time_seconds": None}
    if not evaluate_only:
        work = work_dir or Path("work") / f"finetune-{language}"
        work.mkdir(parents=True, exist_ok=True)
        train_file = work / "train.conll"
        write_conll(sentences, train_file)
        base = resolve_model(language, base_model_dir)
        start_from = with_learning_rate(base.model_path, lr, work / "base-ner.pt")
        meta = train_ner(
            language, train_file, dev, output, fmt="conll2002", wordvec_pretrain=base.pretrain_path,
            hyperparameters=Hyperparameters(max_steps=max_steps, max_steps_no_improve=max_steps,
                                            eval_interval=eval_interval or max_steps, batch_size=batch_size),
            work_dir=work / "stanza", command=command,
            extra_args=["--finetune", "--finetune_load_name", str(start_from)],
        )
    sets = {"dev": read_conll(dev, format),
            "held_out_corrections": [s for r in held_out for s in correction_sentences(r) if s]}
    report = {
        "language": language, "command": command, "corrections": len(records), "train_corrections": len(train_records),
        "held_out_corrections": len(held_out), "train_sentences": len(sentences),
        "wall_time_seconds": meta["wall_time_seconds"], "scores": before_after(language, base_model_dir, output, sets),
    }
    if match_recall:
        from app.detection.stanza_ner import StanzaTagger

        target = report["scores"]["dev"]["before"]["binary"]["recall"]
        if report["scores"]["dev"]["after"]["binary"]["recall"] >= target:
            bias = 0.0
        else:
            bias, _ = match_dev_recall(language, output, sets["dev"], target, RECALL_BIASES[1:])
        report["recall_bias"] = bias
        if bias is not None:  # the base model at the same bias too: how much of a gain the bias alone gives
            for when, model_dir in (("before", base_model_dir), ("after", output)):
                tagger = StanzaTagger(language, model_dir=model_dir, recall_bias=bias)
                for name, sentences in sets.items():
                    report["scores"][name][f"{when}_with_recall_bias"] = score(tagger, sentences)
    text = json.dumps(report, indent=2)
    if json_report:
        json_report.parent.mkdir(parents=True, exist_ok=True)
        json_report.write_text(text + "\n", encoding="utf-8")
    typer.echo(text)


if __name__ == "__main__":
    typer.run(main)
