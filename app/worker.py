"""Worker entry point: ``python -m app.worker`` runs every agent (no web server).

Extra command-line arguments go to Faust's worker command, e.g. ``python -m app.worker -l debug``.

Start-up, in order:

0. every settings value is validated (:mod:`app.startup`; one line on stderr and exit code 78 when one is wrong);
1. the table encryption key is checked (:func:`main`; exit code 2 without one);
2. torch's threads are pinned (``ANON_TORCH_THREADS``) and the stage zygote starts (:mod:`app.isolation`,
   ``python -m app.isolation``): it checks every language of ``ANON_PRELOAD_LANGUAGES`` (default: every declared
   language) — its detector as configured, coreferencers — and every allowed method's operator, answering within a
   second or two (exit code 78 with one line when something is wrong, before anything else is logged), then loads
   the NER models, once, in the background (``stage_processes=0``: the worker process checks and loads them
   itself, before going on);
3. the Kafka bootstrap servers of ``ANON_BROKER_URL`` are probed until one accepts a TCP connection
   (:func:`wait_for_broker`): one log line per failed attempt, retried after 1 s, doubling up to 30 s; for ever,
   or until ``ANON_BROKER_STARTUP_TIMEOUT`` seconds have passed, then exit code 69 (78 if the models then fail to
   load);
4. Faust starts; once the zygote has loaded the models, the worker forks its stage processes from it
   (``ANON_STAGE_PROCESSES``) and logs ``worker ready``. A model the zygote cannot load (a configuration error:
   e.g. no NER model for a preloaded language) ends the worker with one line and exit code 78, whenever it is
   found; nothing has been consumed by then.

Exit codes: 0 stopped by SIGTERM (also while waiting for the broker); 1 Faust gave up (e.g. the broker
accepted connections but did not answer as a Kafka broker); 2 no table encryption key, or no server in
``ANON_BROKER_URL``; 69 (``EX_UNAVAILABLE`` of sysexits.h) no broker reachable within
``ANON_BROKER_STARTUP_TIMEOUT``; 75 a message could neither be forwarded nor dead-lettered (``agents/common.py``);
78 (``EX_CONFIG``) invalid configuration.

Log messages escape control characters (:mod:`app.logsafe`): a value with a newline cannot forge a log line.
"""

from __future__ import annotations

import logging
import os
import signal
import socket
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from app.logsafe import install as _escape_log_messages
from app.startup import settings_or_exit

_escape_log_messages()
if __name__ == "__main__":  # `python -m app.worker`: one line and exit 78 on an invalid value, before Faust is built
    settings_or_exit()
    from app.runtime import pool as _pool

    _pool.launch()  # the stage zygote starts now: its imports overlap ours (main() waits for its check)

import agents.anonymize  # noqa: E402,F401  (registers the agent)
import agents.corefer  # noqa: E402,F401
import agents.detect  # noqa: E402,F401
import agents.erase  # noqa: E402,F401
import agents.reidentify  # noqa: E402,F401
from app.faust_app import faust_app  # noqa: E402
from app.runtime import pool  # noqa: E402

if TYPE_CHECKING:
    from app.settings import Settings

log = logging.getLogger("anonymizer")

BROKER_UNREACHABLE_EXIT_CODE = 69  # EX_UNAVAILABLE of sysexits.h


@faust_app.task
async def preload_models() -> None:
    """Start the stage processes (:mod:`app.isolation`: their zygote, started by :func:`main`, loads the NER
    models of ``ANON_PRELOAD_LANGUAGES`` once) before the worker reports ready. A configuration error the zygote
    finds while loading (e.g. no NER model for a preloaded language) ends the worker as at start-up: one line and
    exit code 78 (nothing was consumed: no stage process has run)."""
    from app.startup import CONFIG_EXIT_CODE, ConfigurationError, message

    if pool.processes == 0:
        import torch  # loaded already: the inline pipeline runs here

        log.info("torch runs %d intra-op / %d inter-op thread(s) in this process (ANON_TORCH_THREADS)",
                 torch.get_num_threads(), torch.get_num_interop_threads())
    else:
        log.info("torch runs %d thread(s) in each stage process (ANON_TORCH_THREADS); this process loads no model",
                 pool.settings.torch_threads)
    try:
        report = await pool.start()
    except ConfigurationError as exc:
        print(message(str(exc)), file=sys.__stderr__, flush=True)  # not Faust's log proxy: the same line as before
        pool.close()
        logging.shutdown()
        os._exit(CONFIG_EXIT_CODE)
    except Exception as exc:  # never let a preload failure stop the worker
        log.error("starting the stage processes failed with %s", type(exc).__name__)
        report = []
    for language, outcome in report:
        if outcome[0] == "ok":
            log.info("NER model loaded for language %s", language)
        elif outcome[0] == "reject":
            log.warning("%s", outcome[1])
        else:
            log.error("preloading language %s failed with %s", language, outcome[1])
    log.info("stage processes: %d, and %d reserved for inputs of at most %d bytes (budgets per document and "
             "stage: %g CPU seconds, %g s wall clock)", pool.processes, pool.reserved,
             pool.settings.stage_small_input_bytes, pool.settings.stage_cpu_seconds, pool.settings.stage_wall_seconds)
    log.info("worker ready")


def _split_server(server: str) -> tuple[str, int]:
    """``"host:port"`` or ``"[v6]:port"`` → ``(host, port)``."""
    host, _, port = server.rpartition(":")
    return host.strip("[]"), int(port)


def _try_connect(servers: list[str], connect_timeout: float) -> tuple[str | None, list[str]]:
    """One attempt: connect to each server in turn until one accepts.

    Returns:
        ``(server that accepted or None, ["host:port (ErrorType)", ...] for those that did not)``.
    """
    failures: list[str] = []
    for server in servers:
        try:
            with socket.create_connection(_split_server(server), timeout=connect_timeout):
                return server, failures
        except OSError as exc:  # refused, timeout, unreachable, name not resolved (socket.gaierror)
            failures.append(f"{server} ({type(exc).__name__})")
    return None, failures


def wait_for_broker(
    servers: list[str],
    timeout: float = 0.0,
    *,
    logger: logging.Logger = log,
    first_delay: float = 1.0,
    max_delay: float = 30.0,
    connect_timeout: float = 3.0,
    sleep: Callable[[float], None] = time.sleep,
    clock: Callable[[], float] = time.monotonic,
) -> bool:
    """Block until one of the Kafka bootstrap ``servers`` accepts a TCP connection.

    Each failed attempt logs one warning line naming only the addresses and error types, e.g.
    ``waiting for the Kafka broker: unable to connect to 127.0.0.1:9092 (ConnectionRefusedError); attempt 1,
    next in 1 s`` and waits ``first_delay`` seconds, doubling up to ``max_delay``. Once a server accepts
    after failed attempts: ``Kafka broker reachable at 127.0.0.1:9092 after 3 failed attempts (7.0 s)``
    (nothing is logged when the first attempt succeeds).

    Args:
        servers: ``["host:port", ...]`` (``"[v6]:port"`` for IPv6), e.g. from
            :func:`app.settings.kafka_bootstrap_servers`; an empty list is never reachable.
        timeout: seconds after which to give up; ``0`` waits for ever.
        logger: where the lines go.
        first_delay, max_delay: the backoff, seconds.
        connect_timeout: seconds one connection attempt may take (at most what is left of ``timeout``).
        sleep, clock: ``time.sleep`` and ``time.monotonic`` (replaced in tests).

    Returns:
        ``True`` once a server accepted a connection; ``False`` when ``timeout`` expired first (after a last
        line ``... giving up after N attempts (T s)``).

    Only TCP is checked (no TLS handshake, no Kafka request): Faust may still fail to bootstrap from a server
    that accepts connections but is not (yet) a working broker (exit code 1).
    """
    started = clock()
    delay = first_delay
    attempt = 0
    while True:
        attempt += 1
        remaining = None if timeout <= 0 else timeout - (clock() - started)
        per_try = connect_timeout if remaining is None else max(0.05, min(connect_timeout, remaining))
        reachable, failures = _try_connect(servers, per_try)
        elapsed = clock() - started
        if reachable is not None:
            if attempt > 1:
                logger.warning("Kafka broker reachable at %s after %d failed attempts (%.1f s)",
                               reachable, attempt - 1, elapsed)
            return True
        tried = ", ".join(failures) or "no bootstrap server"
        if timeout > 0 and elapsed >= timeout - 0.01:  # (a sleep may end a hair early)
            logger.error("waiting for the Kafka broker: unable to connect to %s; attempt %d, giving up after "
                         "%.1f s (ANON_BROKER_STARTUP_TIMEOUT=%g)", tried, attempt, elapsed, timeout)
            return False
        wait = delay if timeout <= 0 else min(delay, timeout - elapsed)
        logger.warning("waiting for the Kafka broker: unable to connect to %s; attempt %d, next in %g s",
                       tried, attempt, round(wait, 1))
        sleep(wait)
        delay = min(delay * 2, max_delay)


def _startup_logger() -> tuple[logging.Logger, logging.Handler]:
    """A logger writing to stderr in Faust's format until Faust sets up logging (the caller removes the
    handler again)."""
    logger = logging.getLogger("anonymizer.startup")
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("[%(asctime)s] [%(process)d] [%(levelname)s] %(message)s"))
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    logger.propagate = False
    return logger, handler


def _exit_on_sigterm(signum: int, frame: object) -> None:
    """SIGTERM while waiting for the broker: stop at once with exit code 0 (nothing was consumed)."""
    raise SystemExit(0)


def _pin_threads(settings: Settings) -> None:
    """Torch's threads (``ANON_TORCH_THREADS``), before any model loads: the environment variables always (the
    zygote and its stage processes inherit them); torch itself only where it runs here — inline
    (``stage_processes=0``), or already imported — so that a worker whose stages run in stage processes never
    loads torch (~1 s and ~190 MB)."""
    from app.detection.torch_setup import configure_threads, set_thread_environment

    if settings.stage_processes == 0 or "torch" in sys.modules:
        configure_threads(settings.torch_threads)
    else:
        set_thread_environment(settings.torch_threads)


def main(argv: list[str] | None = None) -> None:
    """Start the Faust worker.

    Refuses to start (exit code 2) without a table encryption key or HMAC secret unless plaintext tables are
    explicitly allowed, or when ``ANON_BROKER_URL`` names no server; starts loading (:meth:`StagePool.open
    <app.isolation.StagePool.open>`: exit code 78 with one line on an invalid configuration); waits for the broker
    (:func:`wait_for_broker`) and exits with :data:`BROKER_UNREACHABLE_EXIT_CODE` (69) if
    ``ANON_BROKER_STARTUP_TIMEOUT`` expires first (78 instead if the models then fail to load). The stage zygote
    and its stage processes end with it, whatever the exit.
    """
    settings = settings_or_exit()
    try:
        _start(settings, argv)
    finally:  # every exit, and before the interpreter waits for the stage threads: end the zygote and stage processes
        pool.close()


def _start(settings: Settings, argv: list[str] | None) -> None:
    """:func:`main` once the settings are valid."""
    from app.crypto import KeyError_, cipher_from_settings, hasher_from_settings
    from app.settings import kafka_bootstrap_servers
    from app.startup import ConfigurationError, fail

    try:
        cipher = cipher_from_settings(settings)
        hasher_from_settings(settings)
        servers = kafka_bootstrap_servers(settings)
    except (KeyError_, OSError, ValueError) as exc:
        print(f"anonymizer worker: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    if not cipher.encrypts:
        log.warning("tables of solutions are stored in PLAINTEXT (ANON_ALLOW_PLAINTEXT_TABLES): development only")
    previous = signal.signal(signal.SIGTERM, _exit_on_sigterm)  # Faust installs its own handlers later
    startup_log, handler = _startup_logger()
    try:
        _pin_threads(settings)  # before any model loads here (issue 18: no thread cliff); the zygote pins its own
        # the models load once, in the stage zygote, while this process waits for the broker and starts Faust
        # (inline: here, now); a configuration error found there, now or while waiting, exits with code 78
        pool.open(settings)
        reachable = wait_for_broker(servers, settings.broker_startup_timeout, logger=startup_log, sleep=pool.sleep)
        pool.sleep(0)
        if not reachable:
            pool.wait_loaded()  # a configuration error still wins, as when the models loaded before the broker wait
    except ConfigurationError as exc:
        fail(str(exc))
    except KeyboardInterrupt:  # Ctrl-C while waiting: nothing was consumed
        raise SystemExit(0) from None
    finally:
        signal.signal(signal.SIGTERM, previous)
        startup_log.removeHandler(handler)
    if not reachable:
        print(f"anonymizer worker: no Kafka broker reachable at {', '.join(servers)} within "
              f"{settings.broker_startup_timeout:g} s (ANON_BROKER_STARTUP_TIMEOUT); exiting with code "
              f"{BROKER_UNREACHABLE_EXIT_CODE}", file=sys.stderr)
        raise SystemExit(BROKER_UNREACHABLE_EXIT_CODE)
    args = sys.argv[1:] if argv is None else argv
    sys.argv = [sys.argv[0], "worker", "--without-web", *(args or ["-l", "info"])]
    faust_app.main()


if __name__ == "__main__":
    main()
