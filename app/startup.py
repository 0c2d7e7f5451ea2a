"""Fail fast on configuration: the worker validates everything it can before it consumes a message.

1. :func:`settings_or_exit` — every settings value (:class:`app.settings.Settings` validates ranges, names,
   languages, methods and the method policy); ``ANON_TABLE_TTL_SECONDS=0`` or a method name with a typo in
   ``ANON_LABEL_METHODS`` stops the worker here.
2. :func:`build_components` — for every language of ``preload_languages``: its detector as configured (the
   detection configuration file's recognizer and rule names, the NER model), its coreferencers (the coreference
   configuration's classes, rules and options) and every allowed method's operator with its options. It runs in
   two steps, cheap first: :func:`check_components` (configuration keys and component names, coreferencers,
   operators: well under a second) and :func:`load_models` (each detector built with its options, word lists and
   NER model: seconds per language), so that a typo stops the worker before any model loads.

Either failure prints one line ``anonymizer worker: invalid configuration: <reason>`` (:func:`message`) on stderr
and exits with :data:`CONFIG_EXIT_CODE` (78, ``EX_CONFIG`` of sysexits.h), before "worker ready" and before any
message is read, instead of a worker that starts and then dead-letters every document with a misleading reason.
The worker runs step 2 in the process that keeps the pipeline: the stage zygote (:mod:`app.isolation`, which
answers the worker with the reason), or the worker process itself with ``stage_processes=0``; the models are
loaded once.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from pydantic import ValidationError

from app.logsafe import escape

if TYPE_CHECKING:
    from app.pipeline import Pipeline
    from app.settings import Settings

CONFIG_EXIT_CODE = 78  # EX_CONFIG of sysexits.h


class ConfigurationError(ValueError):
    """The configuration cannot work; the message is one line naming the setting."""


def describe_validation_error(exc: ValidationError) -> str:
    """One line for a settings ``ValidationError``: ``table_ttl_seconds (ANON_TABLE_TTL_SECONDS): Input should be
    greater than or equal to 1``; several errors joined with ``; ``. Input values are not quoted (they may be
    secrets)."""
    parts = []
    for error in exc.errors(include_url=False, include_input=False):
        field = ".".join(str(p) for p in error.get("loc", ()))
        message = error.get("msg", "invalid").removeprefix("Value error, ")
        where = f"{field} (ANON_{field.upper()}): " if field else ""
        parts.append(f"{where}{message}")
    return escape("; ".join(parts))


def message(reason: str) -> str:
    """``anonymizer worker: invalid configuration: <reason>``, one line (control characters escaped)."""
    return f"anonymizer worker: invalid configuration: {escape(reason)}"


def fail(reason: str) -> None:
    """Print :func:`message` of ``reason`` on stderr and exit with code 78."""
    print(message(reason), file=sys.stderr, flush=True)
    raise SystemExit(CONFIG_EXIT_CODE)


def settings_or_exit() -> Settings:
    """The process settings (:func:`app.settings.get_settings`), or exit with one line when a value is invalid."""
    from app.settings import get_settings

    try:
        return get_settings()
    except ValidationError as exc:
        fail(describe_validation_error(exc))
    except (OSError, ValueError) as exc:  # an unreadable or malformed ANON_SETTINGS_FILE
        fail(f"settings file (ANON_SETTINGS_FILE): {type(exc).__name__}: {exc}")
    raise AssertionError("unreachable")


def _detection_error(language: str, exc: Exception) -> ConfigurationError:
    cause = exc.__cause__ or exc  # Pipeline.detector raises StageError with the cause chained
    detail = str(cause) if isinstance(cause, (KeyError, ValueError)) else type(cause).__name__
    reason = getattr(exc, "reason", "")
    return ConfigurationError(f"detection for language {language!r} (ANON_DETECTION_CONFIG, ANON_NER_MODEL_DIR): "
                              f"{detail if detail else reason}")


def check_components(settings: Settings, pipeline: Pipeline) -> None:
    """The cheap part of :func:`build_components` (well under a second; no NER model, word list or gazetteer is
    loaded, torch is not imported): for every language of ``settings.preload_languages`` its detection
    configuration (:meth:`app.pipeline.Pipeline.check_detector`: configuration keys, recognizer and rule names) and
    its coreferencers; then the operator of every allowed method.

    Raises:
        ConfigurationError: one line naming the language, component and reason.
    """
    from app.coreference.config import language_config
    from app.coreference.resolver import coreferencers_for

    for language in settings.preload_languages:
        try:
            pipeline.check_detector(language)
        except Exception as exc:
            raise _detection_error(language, exc) from None
        try:
            corefs = coreferencers_for(language)
            for label in language_config(language).get("labels", {}):
                corefs.get(label)
        except Exception as exc:
            raise ConfigurationError(f"coreference for language {language!r} (ANON_COREFERENCE_CONFIG): "
                                     f"{exc if isinstance(exc, (KeyError, ValueError)) else type(exc).__name__}") from None
    for method in dict.fromkeys([*settings.allowed_methods, *settings.label_methods.values()]):
        try:
            pipeline.engine.operator(method)
        except Exception as exc:
            raise ConfigurationError(f"operator {method!r} (ANON_OPERATOR_OPTIONS): {type(exc).__name__}: "
                                     f"{exc}") from None


def load_models(settings: Settings, pipeline: Pipeline) -> None:
    """The expensive part of :func:`build_components` (seconds per language): every language of
    ``settings.preload_languages`` gets its detector, built as configured (recognizer options, word lists,
    gazetteers, the NER model) and cached in ``pipeline``: loaded once; then what the allowed methods need for it
    (:meth:`app.pipeline.Pipeline.warm_up`: lexicons, knowledge base, surrogate pools), so that no first document
    pays for it. Pin torch's threads first (:func:`app.detection.torch_setup.configure_threads`).

    Raises:
        ConfigurationError: one line naming the language and reason (e.g. no NER model for it, an invalid option).
    """
    pipeline.prepare_caches(settings.preload_languages)
    for language in settings.preload_languages:
        try:
            pipeline.detector(language)
        except Exception as exc:  # StageError (model or configuration), with the cause chained
            raise _detection_error(language, exc) from None
        try:
            pipeline.warm_up(language)
        except Exception as exc:
            raise ConfigurationError(f"anonymization methods for language {language!r} (ANON_ALLOWED_METHODS, "
                                     f"ANON_OPERATOR_OPTIONS): {type(exc).__name__}: {exc}") from None


def build_components(settings: Settings, pipeline: Pipeline) -> None:
    """Build every configured language's detector (cached in ``pipeline``: the NER models are loaded once),
    coreferencers and the operators of every allowed method: :func:`check_components`, then :func:`load_models`.

    Raises:
        ConfigurationError: one line naming the language, component and reason.
    """
    check_components(settings, pipeline)
    load_models(settings, pipeline)
