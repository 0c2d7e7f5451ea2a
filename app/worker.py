"""Worker entry point: ``python -m app.worker`` runs every agent (no web server).

Extra command-line arguments go to Faust's worker command, e.g. ``python -m app.worker -l debug``.
Before consuming, the worker loads the NER models of ``ANON_PRELOAD_LANGUAGES`` (default ``en,de,es,pt``) in
its stage thread (a language without a model is reported and dead-lettered later) and logs
``worker ready``.
"""

from __future__ import annotations

import logging
import os
import sys

import agents.anonymize  # noqa: F401  (registers the agent)
import agents.corefer  # noqa: F401
import agents.detect  # noqa: F401
import agents.erase  # noqa: F401
import agents.reidentify  # noqa: F401
from app.faust_app import faust_app
from app.pipeline import StageError
from app.runtime import pipeline, run_stage

log = logging.getLogger("anonymizer")


@faust_app.task
async def preload_models() -> None:
    """Load the NER models before the first document arrives."""
    for language in filter(None, os.environ.get("ANON_PRELOAD_LANGUAGES", "en,de,es,pt").split(",")):
        try:
            await run_stage(pipeline.detector, language.strip())
            log.info("NER model loaded for language %s", language)
        except StageError as exc:
            log.warning("%s", exc.reason)
        except Exception as exc:  # never let a preload failure stop the worker
            log.error("preloading language %s failed with %s", language, type(exc).__name__)
    log.info("worker ready")


def main(argv: list[str] | None = None) -> None:
    """Start the Faust worker; refuse to start (exit code 2) without a table encryption key unless
    plaintext tables are explicitly allowed."""
    from app.crypto import KeyError_, cipher_from_settings
    from app.settings import get_settings

    try:
        cipher = cipher_from_settings(get_settings())
    except (KeyError_, OSError) as exc:
        print(f"anonymizer worker: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    if not cipher.encrypts:
        log.warning("tables of solutions are stored in PLAINTEXT (ANON_ALLOW_PLAINTEXT_TABLES): development only")
    args = sys.argv[1:] if argv is None else argv
    sys.argv = [sys.argv[0], "worker", "--without-web", *(args or ["-l", "info"])]
    faust_app.main()


if __name__ == "__main__":
    main()
