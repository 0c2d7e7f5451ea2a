"""The ``anonymizer`` command: the worker, offline anonymization, tables, keys and the review application.

    anonymizer worker [-l info]              run the Faust worker (same as ``python -m app.worker``)
    anonymizer anonymize FILE [--language en] [--method tag] [--table table.json]
    anonymizer reidentify FILE --table table.json
    anonymizer erase JOB_ID [--via-kafka]      erase a job's table of solutions (right to erasure)
    anonymizer tables                          how many tables exist in Redis, and their ages
    anonymizer keygen                          a new table encryption key
    anonymizer rotate-keys                     re-encrypt every table with the newest key
    anonymizer components [--json]             the registered recognizers, rules, coreferencers and methods
    anonymizer review [--host H] [--port P]    the review web application (issue 19, docs/review.md)
    anonymizer review-user NAME              add or replace a reviewer in ANON_REVIEW_USERS_FILE
    anonymizer review-erase JOB_ID           erase a job's stored corrections

``anonymize`` and ``reidentify`` run the stages in-process, without Kafka or Redis: the table of
solutions is written to / read from a JSON file that the user must protect like the original text.

Training, evaluation, corpora, the demo and the benchmark are not part of the runtime package: they are the
``anonymizer-dev`` command of the tools package (``anontools``, installed by ``make install``).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Optional

import orjson
import typer

cli = typer.Typer(add_completion=False, no_args_is_help=True, help=__doc__.split("\n\n")[0])


def _settings():
    """The settings (:func:`app.settings.get_settings`); an invalid value ends the command with one line
    ``error: invalid configuration: ...`` and exit code 2."""
    from pydantic import ValidationError

    from app.settings import get_settings
    from app.startup import describe_validation_error

    try:
        return get_settings()
    except ValidationError as exc:
        typer.echo(f"error: invalid configuration: {describe_validation_error(exc)}", err=True)
        raise typer.Exit(2) from None


@cli.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def worker(ctx: typer.Context) -> None:
    """Run the Faust worker; extra arguments go to Faust (e.g. ``-l debug``)."""
    from app.startup import settings_or_exit

    settings_or_exit()  # one line and exit 78 on an invalid value, before the Faust app is built
    from app.runtime import pool

    pool.launch()  # the stage zygote starts now, its imports overlapping Faust's (as `python -m app.worker`)
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
    from app.doc import Doc
    from app.pipeline import Pipeline, StageError

    text = sys.stdin.read() if str(file) == "-" else file.read_text("utf-8")
    pipeline = Pipeline()
    try:
        request, solutions = pipeline.run(Doc(job_id=job_id, text=text, language=language, method=method))
    except StageError as exc:
        typer.echo(f"error: {exc.reason}", err=True)
        raise typer.Exit(2) from None
    if table is not None:
        table.write_bytes(orjson.dumps(solutions.to_dict(), option=orjson.OPT_INDENT_2))
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

    settings = _settings()

    async def direct() -> dict[str, bool]:
        from app.store import TableStore

        store = TableStore.from_settings(settings)
        try:
            return {job: await store.erase(job) > 0 for job in job_ids}
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
def components(
    as_json: Annotated[bool, typer.Option("--json", help="one JSON array instead of a table")] = False,
) -> None:
    """List the registered components (:mod:`app.registry`): kind, name, languages, default configuration."""
    from app.registry import describe

    rows = describe()
    if as_json:
        typer.echo(orjson.dumps(rows, default=repr, option=orjson.OPT_INDENT_2).decode())
        return
    from rich.console import Console
    from rich.table import Table

    table = Table("kind", "name", "languages", "defaults", "description")
    for row in rows:
        languages = row["languages"] if isinstance(row["languages"], str) else ", ".join(row["languages"])
        defaults = ", ".join(f"{k}={v!r}" for k, v in row["defaults"].items())
        table.add_row(row["kind"], row["name"], languages, defaults, row["summary"])
    Console(width=200).print(table)


@cli.command()
def keygen() -> None:
    """Print a new table encryption key (put it first in ANON_TABLE_KEYS to rotate)."""
    from app.crypto import generate_key

    typer.echo(generate_key())


def _with_store(operation: str):
    """Run ``await TableStore.<operation>()`` on the configured store (closed afterwards); its result."""
    import asyncio

    from app.store import TableStore

    async def run():
        store = TableStore.from_settings(_settings())
        try:
            return await getattr(store, operation)()
        finally:
            await store.close()

    return asyncio.run(run())


@cli.command("rotate-keys")
def rotate_keys() -> None:
    """Re-encrypt every table of solutions with the newest key (the first of ANON_TABLE_KEYS)."""
    typer.echo(f"re-encrypted {_with_store('rotate')} tables")


@cli.command()
def tables() -> None:
    """Report how many tables of solutions exist in Redis and their ages."""
    typer.echo(orjson.dumps(_with_store("report"), option=orjson.OPT_INDENT_2).decode())


# --- human review (issue 19) ---------------------------------------------------------------------------

@cli.command()
def review(
    host: Annotated[str, typer.Option(help="address to listen on (keep loopback behind a reverse proxy)")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="TCP port")] = 8470,
) -> None:
    """Run the review web application: held documents, corrections, release (docs/review.md)."""
    from app.crypto import KeyError_, cipher_from_settings, hasher_from_settings
    from app.review.server import check_login_configured, serve
    from app.settings import get_settings

    settings = get_settings()
    problem = check_login_configured(settings)
    try:
        cipher_from_settings(settings)
        hasher_from_settings(settings)
    except KeyError_ as exc:
        problem = problem or str(exc)
    if problem:
        typer.echo(f"error: {problem}", err=True)
        raise typer.Exit(2)
    serve(settings, host, port)


@cli.command("review-user")
def review_user(
    name: Annotated[str, typer.Argument(help="the reviewer's login name")],
    users_file: Annotated[Optional[Path], typer.Option(help="users file (default ANON_REVIEW_USERS_FILE)")] = None,
    password: Annotated[str, typer.Option(prompt=True, hide_input=True, confirmation_prompt=True,
                                          help="asked for when not given")] = "",
) -> None:
    """Add a reviewer (or replace their password) in the users file; the password is stored as an Argon2id hash."""
    from app.review.auth import user_line
    from app.settings import get_settings

    path = users_file or Path(get_settings().review_users_file or "review-users.txt")
    try:
        line = user_line(name, password)
    except ValueError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None
    kept = [ln for ln in (path.read_text("utf-8").splitlines() if path.exists() else [])
            if ln.partition(":")[0].strip() != name]
    path.write_text("\n".join(kept + [line]) + "\n", encoding="utf-8")
    path.chmod(0o600)
    typer.echo(f"{name}: written to {path}")

@cli.command("review-erase")
def review_erase(job_ids: Annotated[list[str], typer.Argument(help="job ids whose correction records are erased")]) -> None:
    """Erase the stored corrections (training data from releases) of jobs: ``JOB_ID: erased`` or ``no record``."""
    import asyncio

    from app.review.corrections import CorrectionStore
    from app.settings import get_settings

    async def run() -> dict[str, bool]:
        store = CorrectionStore.from_settings(get_settings())
        try:
            return {job: await store.delete(job) for job in job_ids}
        finally:
            await store.close()

    for job, erased in asyncio.run(run()).items():
        typer.echo(f"{job}: {'erased' if erased else 'no record'}")

# --- end of human review ---------------------------------------------------------------------------------


def main() -> None:
    """Console-script entry point."""
    cli()


if __name__ == "__main__":
    main()
