"""The options that several of the tools' commands share, each defined once as a typer ``Annotated`` alias.

A command names a shared option by its alias and gives the default itself where the commands differ
(``language: opt.Language``, ``format: opt.CorpusFormat = "auto"``, ``seed``-like defaults per tool); flag, type and
help text are the ones here, the same in every command's ``--help``. An option that only one command has, or that
means something else in another (``--model-dir``: a models root for ``compare``, one model's directory for
``evaluate``), is declared by that command.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from anontools.detection.conll import FORMATS

#: ``--language``: the language of the corpus, the model or the documents (required).
Language = Annotated[str, typer.Option(help="Language code: en, de, es, pt")]

#: ``--format``: the format of the corpus files (:func:`anontools.detection.conll.read_conll`), ``auto`` by default.
CorpusFormat = Annotated[str, typer.Option("--format",
                                           help=f"Corpus format: {', '.join(FORMATS)} (auto: detected per file)")]

#: ``--dev``: the dev corpus of a training run (required).
DevCorpus = Annotated[Path, typer.Option(help="Dev corpus file (the best checkpoint is chosen on it)")]

#: ``--max-steps``: the optimisation steps of a training run.
MaxSteps = Annotated[int, typer.Option(help="Maximum optimisation steps")]

#: ``--batch-size``: sentences per batch of a training run.
BatchSize = Annotated[int, typer.Option(help="Sentences per training batch")]

#: ``--work-dir``: a training run's scratch directory (its default, under ``work/``, is the command's).
WorkDir = Annotated[Path | None, typer.Option(help="Scratch directory (default: one per language under work/)")]

#: ``--model-dir``: a root of NER models, one directory per language (``<dir>/<language>/ner.pt``).
ModelRoot = Annotated[Path | None, typer.Option(help="Root of the NER models (<dir>/<language>/; default: shipped)")]

#: ``--methods``: anonymization methods, comma-separated.
Methods = Annotated[str, typer.Option(help="Comma-separated anonymization methods")]

#: ``--limit``: only the first N sentences (``None``: all).
SentenceLimit = Annotated[int | None, typer.Option(help="Only the first N sentences (default: all)")]

#: ``--data-root``: the root of the shared corpora.
DataRoot = Annotated[Path, typer.Option(help="Root of the shared corpora")]

#: ``--json-report``: where to write the command's report as JSON (``None``: not written).
JsonReport = Annotated[Path | None, typer.Option(help="Write the JSON report here")]
