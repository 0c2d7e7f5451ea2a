"""Worker settings: defaults < settings file < environment variables.

Environment variables use the prefix ``ANON_`` (``ANON_BROKER_URL``, ``ANON_TOPIC_DOCUMENTS``, ...).
``REDIS_URL`` is also honoured for the Redis URL. A settings file (TOML or JSON) is read from
``ANON_SETTINGS_FILE`` when set; environment variables override its values.
"""

from __future__ import annotations

import json
import os
import ssl
import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import AliasChoices, Field
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource, SettingsConfigDict

SUPPORTED_LANGUAGES: tuple[str, ...] = ("en", "de", "es", "pt")


class _FileSettingsSource(PydanticBaseSettingsSource):
    """Reads a TOML or JSON settings file named by ``ANON_SETTINGS_FILE``."""

    def get_field_value(self, field, field_name):  # pragma: no cover - unused by pydantic for whole-dict sources
        return None, field_name, False

    def __call__(self) -> dict[str, Any]:
        path = os.environ.get("ANON_SETTINGS_FILE")
        if not path:
            return {}
        p = Path(path)
        raw = p.read_bytes()
        if p.suffix == ".json":
            return json.loads(raw)
        return tomllib.loads(raw.decode("utf-8"))


class Settings(BaseSettings):
    """Connection, topic and limit settings of the worker.

    Attributes (all overridable by ``ANON_<NAME>``):
        app_id: Faust application id, also the consumer group.
        broker_url: Kafka bootstrap, Faust style (``kafka://host:port``; several separated by ``;``).
        redis_url: Redis URL for the tables of solutions (``REDIS_URL`` also accepted).
        table_ttl_seconds: lifetime of a table of solutions in Redis, seconds.
        table_key_prefix: prefix of Redis keys.
        max_text_chars: documents longer than this (characters) go to the dead-letter topic. The default
            keeps every hop's message (text + entities) well under ``max_message_bytes``.
        max_message_bytes: largest message the worker produces (bytes; the producer's request size).
            Kafka brokers must accept it (``message.max.bytes`` / topic ``max.message.bytes``); a larger
            output becomes a dead letter, and a dead letter that is still too large carries a truncated
            payload with the original size and SHA-256.
        default_method: anonymization method when a document names none.
        ner_model_dir: directory of Stanza NER models (``<dir>/<lang>/``); empty = resolution order of
            :class:`app.detection.stanza_ner.StanzaTagger`.
        ner_batch_size: sentences per Stanza batch.
        torch_threads: threads of each of torch's CPU pools (intra-op, inter-op, OpenMP/MKL) per worker process,
            set before any model loads (:func:`app.detection.torch_setup.configure_threads`); scale by processes.
        agent_batch_size, agent_batch_seconds: every agent takes up to ``agent_batch_size`` messages at a time,
            waiting at most ``agent_batch_seconds`` for more (``stream.take``); outputs of a batch are sent without
            awaiting each acknowledgement, inputs are committed after their outputs (``agents/common.py``).
        consumer_fetch_max_wait_ms: longest wait of the worker's Kafka fetches (Faust's own is 1,500 ms; a broker
            that does not answer a waiting fetch when data arrives makes each hop wait that long).
        device: ``cpu`` or ``cuda`` (:func:`app.detection.torch_setup.select_device`; no GPU: CPU and a warning).
        delete_table_after_reidentification: delete a job's table once a translation restored every
            entry (no missing placeholders); later translations of the job are dead-lettered.
        table_keys: Fernet keys encrypting the tables, comma-separated, newest first (:mod:`app.crypto`).
        table_keys_file: a file with one key per line, newest first.
        allow_plaintext_tables: allow tables without encryption (development only).
        placeholder_markup: ``none`` or ``moses`` (wrap placeholders in Moses ``<ne>`` markup).
        label_methods: method per label overriding the document's method, e.g. ``{"DATE": "suppress"}``
            (JSON in the environment).
        operator_options: options per method, e.g. ``{"suppress": {"mask": "***"}}`` (JSON).
        kafka_security_protocol: ``PLAINTEXT`` (default), ``SSL``, ``SASL_PLAINTEXT`` or ``SASL_SSL``.
        kafka_sasl_mechanism: ``PLAIN``, ``SCRAM-SHA-256`` or ``SCRAM-SHA-512``.
        kafka_sasl_username, kafka_sasl_password: SASL credentials.
        kafka_ssl_cafile, kafka_ssl_certfile, kafka_ssl_keyfile: TLS trust store and client certificate.
        redis_password: Redis AUTH password (or put it in the URL: ``redis://:secret@host:6379/0``).
        redis_ssl_ca_certs, redis_ssl_certfile, redis_ssl_keyfile: TLS for ``rediss://`` URLs.
        broker_startup_timeout: seconds the worker waits at start-up for a Kafka bootstrap server to accept
            TCP connections before it gives up with exit code 69 (:func:`app.worker.wait_for_broker`);
            ``0`` (default) waits forever.
        topic_*: topic names.
        topic_partitions: partitions used when the worker creates topics.
    """

    model_config = SettingsConfigDict(env_prefix="ANON_", extra="ignore")

    app_id: str = "anonymizer"
    broker_url: str = "kafka://127.0.0.1:9092"
    broker_startup_timeout: float = Field(default=0.0, ge=0.0)
    redis_url: str = Field(
        default="redis://127.0.0.1:6379/0",
        validation_alias=AliasChoices("ANON_REDIS_URL", "REDIS_URL", "redis_url"),
    )
    table_ttl_seconds: int = 7 * 24 * 3600
    table_key_prefix: str = "anon:table:"
    table_keys: str = ""
    table_keys_file: str = ""
    allow_plaintext_tables: bool = False
    max_text_chars: int = 250_000
    max_message_bytes: int = 4 * 1024 * 1024
    default_method: str = "tag"
    ner_model_dir: str = ""
    ner_batch_size: int = 64
    torch_threads: int = Field(default=1, ge=1)
    device: str = "cpu"
    agent_batch_size: int = Field(default=16, ge=1)
    agent_batch_seconds: float = Field(default=0.02, gt=0.0)
    consumer_fetch_max_wait_ms: int = Field(default=100, ge=1)
    placeholder_markup: str = "none"
    delete_table_after_reidentification: bool = False
    label_methods: dict[str, str] = {}
    operator_options: dict[str, dict] = {}

    kafka_security_protocol: str = "PLAINTEXT"
    kafka_sasl_mechanism: str = "PLAIN"
    kafka_sasl_username: str = ""
    kafka_sasl_password: str = ""
    kafka_ssl_cafile: str = ""
    kafka_ssl_certfile: str = ""
    kafka_ssl_keyfile: str = ""
    redis_password: str = ""
    redis_ssl_ca_certs: str = ""
    redis_ssl_certfile: str = ""
    redis_ssl_keyfile: str = ""

    topic_documents: str = "documents"
    topic_detected: str = "documents.detected"
    topic_resolved: str = "documents.resolved"
    topic_translation_requests: str = "translation.requests"
    topic_translation_results: str = "translation.results"
    topic_reidentified: str = "translation.reidentified"
    topic_dead_letter: str = "documents.dead-letter"
    topic_erase: str = "jobs.erase"
    topic_erased: str = "jobs.erased"
    topic_partitions: int = 4

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls,
        init_settings,
        env_settings,
        dotenv_settings,
        file_secret_settings,
    ):
        return (init_settings, env_settings, _FileSettingsSource(settings_cls), file_secret_settings)


KAFKA_SECURITY_PROTOCOLS: tuple[str, ...] = ("PLAINTEXT", "SSL", "SASL_PLAINTEXT", "SASL_SSL")


def kafka_bootstrap_servers(settings: Settings) -> list[str]:
    """The bootstrap servers of ``settings.broker_url`` as the worker's Faust transport connects to them.

    Parsed by Faust itself (``faust.utils.urls.urllist`` and the aiokafka driver's ``server_list``): URLs
    separated by ``;`` or ``,``, the scheme optional, port 9092 when none is given.

    Returns:
        ``["host:port", ...]`` in the given order (an IPv6 host in brackets: ``"[::1]:9092"``), as aiokafka's
        ``bootstrap_servers`` takes them.

    Raises:
        ValueError: ``broker_url`` is empty.
    """
    from faust.transport.drivers.aiokafka import server_list
    from faust.utils.urls import urllist

    if not settings.broker_url.strip():
        raise ValueError("no Kafka bootstrap server: broker_url (ANON_BROKER_URL) is empty")
    return server_list(urllist(settings.broker_url, default_scheme="kafka"), 9092)


def _kafka_protocol(settings: Settings) -> str:
    """``settings.kafka_security_protocol`` in upper case, one of :data:`KAFKA_SECURITY_PROTOCOLS`.

    Raises:
        ValueError: unknown security protocol.
    """
    protocol = settings.kafka_security_protocol.upper()
    if protocol not in KAFKA_SECURITY_PROTOCOLS:
        raise ValueError(f"unknown kafka_security_protocol {settings.kafka_security_protocol!r}")
    return protocol


def kafka_ssl_context(settings: Settings) -> ssl.SSLContext:
    """The TLS context of the Kafka connections (protocols ``SSL`` and ``SASL_SSL``).

    It verifies the brokers' certificates and host names against ``kafka_ssl_cafile`` (the system's trusted
    CAs when empty) and presents ``kafka_ssl_certfile`` (with ``kafka_ssl_keyfile``, or the key inside the
    certificate file) as client certificate when set.

    Raises:
        OSError: a file cannot be read (e.g. ``FileNotFoundError``).
        ssl.SSLError: a file is not a valid PEM certificate or key.
    """
    context = ssl.create_default_context(cafile=settings.kafka_ssl_cafile or None)
    if settings.kafka_ssl_certfile:
        context.load_cert_chain(settings.kafka_ssl_certfile, settings.kafka_ssl_keyfile or None)
    return context


def kafka_credentials(settings: Settings):
    """Faust broker credentials for the configured security protocol, or ``None`` for PLAINTEXT.

    Returns:
        ``None`` (PLAINTEXT), ``faust.SSLCredentials`` (SSL) or ``faust.SASLCredentials`` (SASL_PLAINTEXT,
        SASL_SSL; with the :func:`kafka_ssl_context` for SASL_SSL, ``None`` otherwise).

    Raises:
        ValueError: unknown security protocol.
        OSError, ssl.SSLError: as :func:`kafka_ssl_context`.
    """
    import faust

    protocol = _kafka_protocol(settings)
    if protocol == "PLAINTEXT":
        return None
    context = kafka_ssl_context(settings) if protocol in ("SSL", "SASL_SSL") else None
    if protocol == "SSL":
        return faust.SSLCredentials(context)
    return faust.SASLCredentials(
        username=settings.kafka_sasl_username,
        password=settings.kafka_sasl_password,
        mechanism=settings.kafka_sasl_mechanism,
        ssl_context=context,
    )


def kafka_client_options(settings: Settings) -> dict[str, Any]:
    """Keyword arguments for aiokafka clients (``AIOKafkaProducer``, ``AIOKafkaConsumer``,
    ``AIOKafkaAdminClient``) for the configured security protocol; the same connection settings as
    :func:`kafka_credentials` gives Faust.

    Returns:
        ``{"security_protocol": "PLAINTEXT"}``;
        ``{"security_protocol": "SSL", "ssl_context": SSLContext}``;
        ``{"security_protocol": "SASL_PLAINTEXT", "sasl_mechanism": str, "sasl_plain_username": str,
        "sasl_plain_password": str}`` (aiokafka takes the ``sasl_plain_*`` credentials for SCRAM too);
        ``SASL_SSL``: the four SASL keys and ``"ssl_context"``. The SSL context is :func:`kafka_ssl_context`.

    Raises:
        ValueError: unknown security protocol.
        OSError, ssl.SSLError: as :func:`kafka_ssl_context`.
    """
    protocol = _kafka_protocol(settings)
    options: dict[str, Any] = {"security_protocol": protocol}
    if protocol in ("SASL_PLAINTEXT", "SASL_SSL"):
        options["sasl_mechanism"] = settings.kafka_sasl_mechanism
        options["sasl_plain_username"] = settings.kafka_sasl_username
        options["sasl_plain_password"] = settings.kafka_sasl_password
    if protocol in ("SSL", "SASL_SSL"):
        options["ssl_context"] = kafka_ssl_context(settings)
    return options


def redis_options(settings: Settings) -> dict[str, Any]:
    """Keyword arguments for ``redis.Redis.from_url``: password and TLS files when configured."""
    options: dict[str, Any] = {}
    if settings.redis_password:
        options["password"] = settings.redis_password
    if settings.redis_ssl_ca_certs:
        options["ssl_ca_certs"] = settings.redis_ssl_ca_certs
    if settings.redis_ssl_certfile:
        options["ssl_certfile"] = settings.redis_ssl_certfile
        options["ssl_keyfile"] = settings.redis_ssl_keyfile or None
    return options


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process-wide settings, read once."""
    return Settings()
