"""A machine-translation bridge for the demo and the tests: ``translation.requests`` → Apertium →
``translation.results`` (issue 16, item 4).

    python -m anontools.devtools.translator [--broker kafka://127.0.0.1:9092] [--target es] [--group translator]

Apertium (Forcada et al. 2011, "Apertium: a free/open-source platform for rule-based machine
translation", Machine Translation 25(2)) is a rule-based MT system; Debian ships the pairs used here:
``apt-get install apertium-eng-spa apertium-es-pt``. Routes (:data:`ROUTES`): en→es, en→pt (through es),
es→pt, pt→es, es→en. **German has no Apertium pair** in Debian: a German request is not translated (the
bridge logs it and counts it as ``no_pair``; the demo says so).

The bridge treats the anonymized text as any MT client would: plain text (``apertium -u``: unknown words
without the ``*`` mark), nothing protected. What Apertium does to the marks is measured by
``python -m anontools.reidentification.evaluate --mt`` (it translates labels: ``[DATE_1]`` → ``[CITA_1]``,
``[LOCATION_1]`` → ``[UBICACIÓN_1]``; it writes a sentence-initial ``XXX`` as ``Xxx``).

The result carries back every field of the request that is not the request's own payload
(``job_id``, ``metadata``, and any correlation field such as ``anonymization_id``), with ``text`` and
``language`` replaced by the translation and the target language; ``metadata.translation`` records the
engine and route.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from typing import Any, Callable

import orjson

log = logging.getLogger(__name__)

#: (source, target) → Apertium modes applied in turn.
ROUTES: dict[tuple[str, str], tuple[str, ...]] = {
    ("en", "es"): ("eng-spa",),
    ("en", "pt"): ("eng-spa", "es-pt"),
    ("es", "pt"): ("es-pt",),
    ("pt", "es"): ("pt-es",),
    ("es", "en"): ("spa-eng",),
}
#: Default target per source language.
DEFAULT_TARGET: dict[str, str] = {"en": "es", "es": "pt", "pt": "es"}
#: Fields of a request that are not copied to the result (the request's own payload).
REQUEST_ONLY = frozenset({"text", "language", "placeholders", "method"})
_SEPARATOR = "§§§ {} §§§"


class TranslatorUnavailable(RuntimeError):
    """Apertium or one of the modes a route needs is not installed."""


def installed_modes() -> frozenset[str]:
    """The Apertium modes installed (``apertium -l``); empty when Apertium is not installed."""
    if shutil.which("apertium") is None:
        return frozenset()
    try:
        out = subprocess.run(["apertium", "-l"], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return frozenset()
    return frozenset(line.strip() for line in out.splitlines() if line.strip())


def available_routes() -> dict[tuple[str, str], tuple[str, ...]]:
    """The routes of :data:`ROUTES` whose modes are all installed."""
    modes = installed_modes()
    return {pair: route for pair, route in ROUTES.items() if set(route) <= modes}


def _run(modes: tuple[str, ...], text: str, timeout: float) -> str:
    for mode in modes:
        done = subprocess.run(["apertium", "-u", mode], input=text, capture_output=True, text=True, timeout=timeout)
        if done.returncode != 0:
            raise TranslatorUnavailable(f"apertium {mode} failed with exit code {done.returncode}")
        text = done.stdout
    return text


def translate(texts: list[str], source: str, target: str, *, timeout: float = 600.0) -> list[str]:
    """Translate ``texts`` from ``source`` to ``target`` with Apertium.

    The texts go through one Apertium run per mode, separated by numbered lines; when the separators do
    not come back intact each text is translated on its own.

    Returns:
        ``list[str]``, one translation per text (a trailing newline that Apertium adds is removed).

    Raises:
        TranslatorUnavailable: no route for the pair, or Apertium failed.
        subprocess.TimeoutExpired: Apertium ran longer than ``timeout`` seconds.
    """
    route = ROUTES.get((source, target))
    if route is None or not set(route) <= installed_modes():
        raise TranslatorUnavailable(f"no Apertium route {source}->{target} installed")
    if not texts:
        return []
    joined = "".join(f"{text}\n\n{_SEPARATOR.format(i)}\n\n" for i, text in enumerate(texts))
    out = _run(route, joined, timeout)
    pieces: list[str] = []
    rest = out
    for i in range(len(texts)):
        head, sep, rest = rest.partition(f"\n\n{_SEPARATOR.format(i)}\n\n")
        if not sep:
            return [_run(route, text, timeout).removesuffix("\n") for text in texts]
        pieces.append(head)
    return pieces


def result_for(request: dict[str, Any], translation: str, target: str) -> dict[str, Any]:
    """The ``translation.results`` message for ``request``: every field but :data:`REQUEST_ONLY` carried
    back (``job_id``, ``metadata``, ``anonymization_id``, ...), ``text`` and ``language`` replaced."""
    result = {k: v for k, v in request.items() if k not in REQUEST_ONLY}
    metadata = dict(request.get("metadata") or {})
    metadata["translation"] = {"engine": "apertium", "route": f"{request.get('language')}->{target}"}
    result.update(text=translation, language=target, metadata=metadata)
    return result


@dataclass
class BridgeStats:
    """What :func:`serve` did: ``translated``, ``no_pair`` (requests of a language without a route),
    ``invalid`` (not a request)."""

    translated: int = 0
    no_pair: int = 0
    invalid: int = 0
    languages_without_pair: set[str] = field(default_factory=set)


def translate_requests(requests: list[dict[str, Any]], target: str | None = None,
                       routes: dict[tuple[str, str], tuple[str, ...]] | None = None) -> tuple[list[dict[str, Any]], BridgeStats]:
    """Translate a batch of decoded requests (grouped by language pair, one Apertium run per group).

    Args:
        target: target language for every request; default :data:`DEFAULT_TARGET` of its language.

    Returns:
        ``(results, stats)``: the result messages in request order (requests without a route left out and
        counted in ``stats.no_pair``).
    """
    routes = available_routes() if routes is None else routes
    stats = BridgeStats()
    groups: dict[tuple[str, str], list[int]] = {}
    for i, request in enumerate(requests):
        if not isinstance(request, dict) or not isinstance(request.get("text"), str) or not isinstance(request.get("language"), str):
            stats.invalid += 1
            continue
        pair = (request["language"], target or DEFAULT_TARGET.get(request["language"], ""))
        if pair not in routes:
            stats.no_pair += 1
            stats.languages_without_pair.add(request["language"])
            continue
        groups.setdefault(pair, []).append(i)
    results: dict[int, dict[str, Any]] = {}
    for (source, tgt), indices in groups.items():
        for i, text in zip(indices, translate([requests[i]["text"] for i in indices], source, tgt)):
            results[i] = result_for(requests[i], text, tgt)
            stats.translated += 1
    return [results[i] for i in sorted(results)], stats


async def serve(bootstrap: str, *, requests_topic: str = "translation.requests", results_topic: str = "translation.results",
                group_id: str = "translator-bridge", target: str | None = None, stop_after: int | None = None,
                idle_timeout: float | None = None, client_options: dict[str, Any] | None = None,
                accept: Callable[[Any], bool] | None = None) -> BridgeStats:
    """Consume ``requests_topic`` (from the earliest offset for a new group), translate, produce to
    ``results_topic`` (key = job id). Runs until cancelled, until ``stop_after`` requests were handled, or
    until no request arrived for ``idle_timeout`` seconds.

    Args:
        accept: only requests for which it returns true are handled (a test's own jobs on a shared broker).

    Returns:
        :class:`BridgeStats`.
    """
    from aiokafka import AIOKafkaConsumer, AIOKafkaProducer

    options = client_options or {}
    consumer = AIOKafkaConsumer(requests_topic, bootstrap_servers=bootstrap, group_id=group_id, auto_offset_reset="earliest",
                                enable_auto_commit=True, **options)
    producer = AIOKafkaProducer(bootstrap_servers=bootstrap, acks="all", linger_ms=0, **options)
    await consumer.start()
    await producer.start()
    stats = BridgeStats()
    routes = await asyncio.to_thread(available_routes)
    loop = asyncio.get_running_loop()
    last = loop.time()
    try:
        while stop_after is None or stats.translated + stats.no_pair + stats.invalid < stop_after:
            batch = await consumer.getmany(timeout_ms=500)
            records = [r for rs in batch.values() for r in rs]
            if not records:
                if idle_timeout is not None and loop.time() - last > idle_timeout:
                    break
                continue
            last = loop.time()
            decoded = []
            for r in records:
                try:
                    decoded.append(orjson.loads(r.value or b""))
                except orjson.JSONDecodeError:
                    decoded.append(None)
            if accept is not None:
                decoded = [d for d in decoded if accept(d)]
                if not decoded:
                    continue
            results, s = await asyncio.to_thread(translate_requests, decoded, target, routes)
            stats.translated += s.translated
            stats.no_pair += s.no_pair
            stats.invalid += s.invalid
            stats.languages_without_pair |= s.languages_without_pair
            if s.no_pair:
                log.info("no Apertium pair for %s: %d requests not translated", sorted(s.languages_without_pair), s.no_pair)
            for result in results:
                await producer.send_and_wait(results_topic, orjson.dumps(result), key=str(result.get("job_id", "")).encode())
    finally:
        await consumer.stop()
        await producer.stop()
    return stats


def main(argv: list[str] | None = None) -> int:
    """Entry point: run the bridge against a broker until Ctrl-C. Exit code 2 when Apertium is missing."""
    from app.settings import Settings, kafka_bootstrap_servers, kafka_client_options

    p = argparse.ArgumentParser(prog="python -m anontools.devtools.translator", description=__doc__.split("\n\n")[0])
    p.add_argument("--broker", default=None, help="Kafka URL (default: settings' broker_url)")
    p.add_argument("--target", default=None, help="target language for every request (default: en→es, es→pt, pt→es)")
    p.add_argument("--group", default="translator-bridge")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO)
    if not available_routes():
        print("Apertium is not installed (apt-get install apertium-eng-spa apertium-es-pt)", file=sys.stderr)
        return 2
    settings = Settings(**({"broker_url": args.broker} if args.broker else {}))
    bootstrap = ",".join(kafka_bootstrap_servers(settings))
    try:
        asyncio.run(serve(bootstrap, requests_topic=settings.topic_translation_requests, results_topic=settings.topic_translation_results,
                          group_id=args.group, target=args.target, client_options=kafka_client_options(settings)))
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
