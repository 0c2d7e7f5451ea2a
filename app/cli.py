"""The ``anonymizer`` command: the worker, offline anonymization, model training and evaluation.

    anonymizer worker [-l info]              run the Faust worker (same as ``python -m app.worker``)
    anonymizer anonymize FILE [--language en] [--method tag] [--table table.json]
    anonymizer reidentify FILE --table table.json
    anonymizer train-ner ...                 train a Stanza NER model (``python -m app.detection.train``)
    anonymizer evaluate-ner ...              evaluate one (``python -m app.detection.evaluate``)

``anonymize`` and ``reidentify`` run the stages in-process, without Kafka or Redis: the table of
solutions is written to / read from a JSON file that the user must protect like the original text.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Optional

import orjson
import typer

cli = typer.Typer(add_completion=False, no_args_is_help=True, help=__doc__.split("\n\n")[0])


@cli.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def worker(ctx: typer.Context) -> None:
    """Run the Faust worker; extra arguments go to Faust (e.g. ``-l debug``)."""
    from app.worker import main as worker_main

    worker_main(list(ctx.args))


@cli.command()
def anonymize(
    file: Annotated[Path, typer.Argument(help="UTF-8 text file, or - for standard input")],
    language: Annotated[str, typer.Option(help="ISO 639-1 code: en, de, es, pt")] = "en",
    method: Annotated[Optional[str], typer.Option(help="anonymization method (default from settings)")] = None,
    table: Annotated[Optional[Path], typer.Option(help="write the table of solutions to this JSON file")] = None,
    job_id: Annotated[str, typer.Option(help="job id recorded in the table")] = "local",
) -> None:
    """Anonymize a text file in-process and print the anonymized text."""
    from app.pipeline import Pipeline, StageError
    from models.records import Document

    text = sys.stdin.read() if str(file) == "-" else file.read_text("utf-8")
    pipeline = Pipeline()
    try:
        request, solutions = pipeline.anonymize(
            pipeline.corefer(pipeline.detect(Document(job_id=job_id, text=text, language=language, method=method)))
        )
    except StageError as exc:
        typer.echo(f"error: {exc.reason}", err=True)
        raise typer.Exit(2) from None
    if table is not None:
        table.write_bytes(orjson.dumps(solutions, option=orjson.OPT_INDENT_2))
    typer.echo(request.text, nl=not request.text.endswith("\n"))


@cli.command()
def reidentify(
    file: Annotated[Path, typer.Argument(help="translated text file, or - for standard input")],
    table: Annotated[Path, typer.Option(help="table of solutions written by `anonymize --table`")],
) -> None:
    """Restore the originals of a table of solutions into a (translated) text file."""
    from app.reidentification.reidentify import reidentify as restore

    text = sys.stdin.read() if str(file) == "-" else file.read_text("utf-8")
    result = restore(text, orjson.loads(table.read_bytes()))
    typer.echo(result.text, nl=not result.text.endswith("\n"))
    typer.echo(
        f"restored={result.restored} unknown={result.unknown_placeholders} missing={result.missing_placeholders}",
        err=True,
    )


def _register_optional(name: str, module: str) -> None:
    """Expose ``module.main`` (a typer command function) as ``anonymizer <name>`` when importable."""
    try:
        mod = __import__(module, fromlist=["main"])
    except ImportError:  # pragma: no cover - optional during development
        return
    cli.command(name, help=(mod.__doc__ or "").split("\n\n")[0])(mod.main)


_register_optional("train-ner", "app.detection.train")
_register_optional("evaluate-ner", "app.detection.evaluate")


def main() -> None:
    """Console-script entry point."""
    cli()


if __name__ == "__main__":
    main()
