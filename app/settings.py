"""Worker settings: defaults < settings file < environment variables.

Environment variables use the prefix ``ANON_`` (``ANON_BROKER_URL``, ``ANON_TOPIC_DOCUMENTS``, ...).
``REDIS_URL`` is also honoured for the Redis URL. A settings file (TOML or JSON) is read from
``ANON_SETTINGS_FILE`` when set; environment variables override its values.
"""

from __future__ import annotations

import json
import os
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
        topic_*: topic names.
        topic_partitions: partitions used when the worker creates topics.
    """

    model_config = SettingsConfigDict(env_prefix="ANON_", extra="ignore")

    app_id: str = "anonymizer"
    broker_url: str = "kafka://127.0.0.1:9092"
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


def kafka_credentials(settings: Settings):
    """Faust broker credentials for the configured security protocol, or ``None`` for PLAINTEXT.

    Raises:
        ValueError: unknown security protocol.
    """
    import ssl

    import faust

    protocol = settings.kafka_security_protocol.upper()
    if protocol == "PLAINTEXT":
        return None
    context = None
    if protocol in ("SSL", "SASL_SSL"):
        context = ssl.create_default_context(cafile=settings.kafka_ssl_cafile or None)
        if settings.kafka_ssl_certfile:
            context.load_cert_chain(settings.kafka_ssl_certfile, settings.kafka_ssl_keyfile or None)
    if protocol == "SSL":
        return faust.SSLCredentials(context)
    if protocol in ("SASL_PLAINTEXT", "SASL_SSL"):
        return faust.SASLCredentials(
            username=settings.kafka_sasl_username,
            password=settings.kafka_sasl_password,
            mechanism=settings.kafka_sasl_mechanism,
            ssl_context=context,
        )
    raise ValueError(f"unknown kafka_security_protocol {settings.kafka_security_protocol!r}")


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
