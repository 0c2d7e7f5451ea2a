"""``anonymizer-dev``: the developer and research tools of the anonymizer, one command.

    anonymizer-dev demo [--documents DIR] ...          the end-to-end demo (``make run``)
    anonymizer-dev benchmark --workers N ...           throughput (``make bench``)
    anonymizer-dev faults [--scenario S] ...           fault scenarios end to end
    anonymizer-dev detection-cost [--language L] ...   detection's time against crafted input's length
    anonymizer-dev train --language en ...             train a Stanza NER model
    anonymizer-dev evaluate --language en ...          evaluate an NER model or the detector on a corpus
    anonymizer-dev --help                              every command; ``anonymizer-dev CMD --help`` its options

Each subcommand hands its arguments, unchanged, to the tool's own command line (typer or argparse), so
``anonymizer-dev train ARGS`` is ``python -m anontools.detection.train ARGS``. A tool's module is imported only
when its subcommand runs: ``anonymizer-dev --help`` loads no model and no torch.

These tools are not part of the runtime package (``app``, ``agents``, ``models``: the worker, the ``anonymizer``
command and the review application) and not in its wheel or image; they are installed beside it by
``make install`` (``pip install -e ./tools``).
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import sys
from collections.abc import Sequence
from dataclasses import dataclass

import typer


@dataclass(frozen=True)
class Tool:
    """One subcommand: its name, the module that implements it, and how its command line is reached.

    ``kind`` is ``"typer-app"`` (the module's ``app`` is a :class:`typer.Typer`), ``"typer-main"`` (a plain
    ``main`` function that the module runs with :func:`typer.run`) or ``"argv"`` (``main(argv) -> int | None``,
    argparse inside).
    """

    name: str
    module: str
    kind: str


TOOLS: tuple[Tool, ...] = (
    # running the worker on a developer machine
    Tool("demo", "anontools.devtools.demo", "argv"),
    Tool("benchmark", "anontools.devtools.benchmark", "argv"),
    Tool("startup", "anontools.devtools.startup", "argv"),
    Tool("profile-stages", "anontools.devtools.profile_stages", "argv"),
    Tool("faults", "anontools.devtools.faults.cli", "argv"),
    Tool("detection-cost", "anontools.devtools.detection_cost", "argv"),
    Tool("translator", "anontools.devtools.translator", "argv"),
    Tool("tansu", "anontools.devtools.harness.tansu", "argv"),
    Tool("europarl-demo", "anontools.devtools.europarl_demo", "argv"),
    Tool("quantized-agreement", "anontools.devtools.quantized_agreement", "argv"),
    Tool("batch-agreement", "anontools.devtools.batch_agreement", "argv"),
    Tool("char-table-check", "anontools.devtools.char_table_check", "argv"),
    Tool("bilstm-check", "anontools.devtools.bilstm_check", "argv"),
    Tool("ner-versus", "anontools.devtools.ner_versus", "argv"),
    # NER models: corpora, vectors, training, ensembles, evaluation
    Tool("corpora", "anontools.detection.corpora", "typer-app"),
    Tool("vectors", "anontools.detection.vectors", "typer-app"),
    Tool("casing-table", "anontools.detection.casing_table", "typer-main"),
    Tool("train", "anontools.detection.train", "typer-app"),
    Tool("ensemble", "anontools.detection.ensemble", "typer-app"),
    Tool("evaluate", "anontools.detection.evaluate", "typer-app"),
    Tool("model-compare", "anontools.detection.model_compare", "typer-app"),
    Tool("compare", "anontools.detection.compare", "typer-main"),
    Tool("swap-names", "anontools.detection.swap_names", "typer-app"),
    # coreference and re-identification evaluation
    Tool("evaluate-coreference", "anontools.coreference.evaluate", "typer-app"),
    Tool("roundtrip", "anontools.reidentification.evaluate", "typer-main"),
    Tool("binding-cases", "anontools.reidentification.binding_cases", "typer-main"),
    # human review experiments
    Tool("review-scripted", "anontools.review.scripted", "typer-main"),
    Tool("finetune", "anontools.review.finetune", "typer-main"),
)

cli = typer.Typer(add_completion=False, no_args_is_help=True, help=__doc__.split("\n\n")[0])


def summary(module: str) -> str:
    """First paragraph of ``module``'s docstring, read from its source without importing it (``""`` if none).

    Raises:
        ModuleNotFoundError: ``module`` does not exist.
    """
    spec = importlib.util.find_spec(module)
    if spec is None or spec.origin is None:
        raise ModuleNotFoundError(module)
    with open(spec.origin, encoding="utf-8") as f:
        doc = ast.get_docstring(ast.parse(f.read())) or ""
    return " ".join(doc.split("\n\n")[0].replace("``", "").split())


def run_tool(tool: Tool, args: Sequence[str]) -> int:
    """Run ``tool`` with the command-line arguments ``args``; returns its exit status (0 = success).

    Usage errors and ``--help`` are the tool's own (exit status 2 and 0, as when it is run with ``python -m``).
    """
    module = importlib.import_module(tool.module)
    prog = f"anonymizer-dev {tool.name}"
    if tool.kind == "argv":
        try:
            rc = module.main(list(args))
        except SystemExit as exc:  # argparse's --help and usage errors
            return _code(exc)
        return _code(SystemExit(rc))
    if tool.kind == "typer-app":
        app = module.app
    elif tool.kind == "typer-main":
        app = typer.Typer(add_completion=False)
        app.command()(module.main)
    else:
        raise ValueError(f"unknown tool kind {tool.kind!r}")
    try:
        typer.main.get_command(app).main(args=list(args), prog_name=prog, standalone_mode=True)
    except SystemExit as exc:
        return _code(exc)
    return 0


def _code(exc: SystemExit) -> int:
    """Exit status of a ``SystemExit`` as ``sys.exit`` would report it (``None`` → 0, a message → 1)."""
    if exc.code is None:
        return 0
    return exc.code if isinstance(exc.code, int) else 1


def _register(tool: Tool) -> None:
    """Add ``tool`` as a subcommand that forwards every argument (``--help`` included) to the tool itself."""

    def command(ctx: typer.Context) -> None:
        raise typer.Exit(run_tool(tool, ctx.args))

    text = summary(tool.module)
    cli.command(
        tool.name,
        help=text if tool.module in text else f"{text} (python -m {tool.module})",
        context_settings={"allow_extra_args": True, "ignore_unknown_options": True, "help_option_names": []},
        add_help_option=False,
    )(command)


for _tool in TOOLS:
    _register(_tool)


def main(argv: Sequence[str] | None = None) -> None:
    """Console-script entry point (``anonymizer-dev``); ``argv`` defaults to ``sys.argv[1:]``."""
    cli(args=list(sys.argv[1:] if argv is None else argv), prog_name="anonymizer-dev")


if __name__ == "__main__":
    main()
