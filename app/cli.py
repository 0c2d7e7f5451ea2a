"""The ``anonymizer`` command: the worker, offline anonymization, model training and evaluation.

    anonymizer worker [-l info]              run the Faust worker (same as ``python -m app.worker``)
    anonymizer anonymize FILE [--language en] [--method tag] [--table table.json]
    anonymizer reidentify FILE --table table.json
    anonymizer erase JOB_ID [--via-kafka]      erase a job's table of solutions (right to erasure)
    anonymizer tables                          how many tables exist in Redis, and their ages
    anonymizer keygen                          a new table encryption key
    anonymizer rotate-keys                     re-encrypt every table with the newest key
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
    mark_only: Annotated[bool, typer.Option(help="restore by position and unique marks only")] = False,
    order_policy: Annotated[str, typer.Option(help="identical masks: unambiguous (default) or count")] = "unambiguous",
) -> None:
    """Restore the originals of a table of solutions into a (translated) text file."""
    from app.reidentification.reidentify import reidentify as restore

    text = sys.stdin.read() if str(file) == "-" else file.read_text("utf-8")
    result = restore(text, orjson.loads(table.read_bytes()), mark_only=mark_only, order_policy=order_policy)
    typer.echo(result.text, nl=not result.text.endswith("\n"))
    typer.echo(
        f"restored={result.restored} unknown={result.unknown_placeholders} missing={result.missing_placeholders}"
        f" conditions={result.conditions} refused={result.refused}",
        err=True,
    )


@cli.command()
def erase(
    job_ids: Annotated[list[str], typer.Argument(help="job ids whose tables of solutions are erased")],
    via_kafka: Annotated[bool, typer.Option(help="publish to the erase topic and wait for the worker's confirmation")] = False,
    timeout: Annotated[float, typer.Option(help="seconds to wait for confirmations (--via-kafka)")] = 60.0,
) -> None:
    """Erase tables of solutions: directly in Redis, or through the worker (topic ``jobs.erase``).

    Prints ``JOB_ID: erased``, ``JOB_ID: no table`` or (``--via-kafka``, no answer within ``--timeout``)
    ``JOB_ID: no confirmation`` per job; exit code 1 when a job got no confirmation, 2 when the Kafka settings
    are invalid (unknown security protocol, unreadable TLS file). ``--via-kafka`` connects
    with the settings of the worker: ``ANON_BROKER_URL`` and the Kafka SASL/TLS settings
    (``ANON_KAFKA_SECURITY_PROTOCOL``, ...; :func:`app.settings.kafka_client_options`).
    """
    import asyncio

    from app.settings import get_settings

    settings = get_settings()

    async def direct() -> dict[str, bool]:
        from app.store import TableStore

        store = TableStore.from_settings(settings)
        try:
            return {job: await store.delete(job) for job in job_ids}
        finally:
            await store.close()

    async def through_worker(bootstrap: list[str], security: dict) -> dict[str, bool]:
        from aiokafka import AIOKafkaConsumer, AIOKafkaProducer

        consumer = AIOKafkaConsumer(settings.topic_erased, bootstrap_servers=bootstrap, auto_offset_reset="latest",
                                    **security)
        producer = AIOKafkaProducer(bootstrap_servers=bootstrap, **security)
        await consumer.start()
        await producer.start()
        answers: dict[str, bool] = {}
        try:
            await consumer.seek_to_end()
            for job in job_ids:
                await producer.send_and_wait(settings.topic_erase, orjson.dumps({"job_id": job}), key=job.encode())
            deadline = asyncio.get_running_loop().time() + timeout
            while len(answers) < len(job_ids) and asyncio.get_running_loop().time() < deadline:
                batch = await consumer.getmany(timeout_ms=1000)
                for records in batch.values():
                    for record in records:
                        data = orjson.loads(record.value)
                        if data.get("job_id") in job_ids:
                            answers[data["job_id"]] = bool(data.get("erased"))
        finally:
            await producer.stop()
            await consumer.stop()
        return answers

    if via_kafka:
        from app.settings import kafka_bootstrap_servers, kafka_client_options

        try:  # the worker's broker and SASL/TLS settings (ANON_BROKER_URL, ANON_KAFKA_*), for both clients
            connection = kafka_bootstrap_servers(settings), kafka_client_options(settings)
        except (ValueError, OSError) as exc:  # ssl.SSLError is an OSError
            typer.echo(f"error: Kafka settings: {exc}", err=True)
            raise typer.Exit(2) from None
        answers = asyncio.run(through_worker(*connection))
    else:
        answers = asyncio.run(direct())
    for job in job_ids:
        state = answers.get(job)
        typer.echo(f"{job}: {'erased' if state else 'no table' if state is False else 'no confirmation'}")
    if len(answers) < len(job_ids):
        raise typer.Exit(1)


@cli.command()
def keygen() -> None:
    """Print a new table encryption key (put it first in ANON_TABLE_KEYS to rotate)."""
    from app.crypto import generate_key

    typer.echo(generate_key())


@cli.command("rotate-keys")
def rotate_keys() -> None:
    """Re-encrypt every table of solutions with the newest key (the first of ANON_TABLE_KEYS)."""
    import asyncio

    from app.settings import get_settings
    from app.store import TableStore

    async def run() -> int:
        store = TableStore.from_settings(get_settings())
        try:
            return await store.rotate()
        finally:
            await store.close()

    typer.echo(f"re-encrypted {asyncio.run(run())} tables")


@cli.command()
def tables() -> None:
    """Report how many tables of solutions exist in Redis and their ages."""
    import asyncio

    from app.settings import get_settings
    from app.store import TableStore

    async def run() -> dict:
        store = TableStore.from_settings(get_settings())
        try:
            return await store.report()
        finally:
            await store.close()

    typer.echo(orjson.dumps(asyncio.run(run()), option=orjson.OPT_INDENT_2).decode())


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
