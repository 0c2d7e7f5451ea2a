"""The one typed configuration of the worker: defaults < settings file < environment variables.

Environment variables use the prefix ``ANON_`` (``ANON_BROKER_URL``, ``ANON_TOPIC_DOCUMENTS``, ...).
``REDIS_URL`` is also honoured for the Redis URL and ``STANZA_RESOURCES_DIR`` for Stanza's resources. A settings
file (TOML or JSON) is read from ``ANON_SETTINGS_FILE`` when set; environment variables override its values. The
file holds flat names (``broker_url = "..."``) or sections (``[broker]`` ``url = "..."``, :data:`SECTIONS`).

Every value is validated once, when :class:`Settings` is built (ranges, names, languages, methods, the policy):
an invalid value raises ``pydantic.ValidationError`` and the worker exits with one line
(:func:`app.startup.settings_or_exit`). No other module reads ``os.environ``: they read :func:`get_settings`.

Typed sections (read-only views, e.g. ``settings.broker.url``, ``settings.limits.max_text_chars``):
``broker``, ``redis``, ``tables``, ``detection``, ``coreference``, ``operators``, ``limits``, ``policy`` and
``topics`` (:data:`SECTIONS`).
"""

from __future__ import annotations

import json
import os
import ssl
import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, create_model, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, PydanticBaseSettingsSource, SettingsConfigDict

from app import languages
from app.policy import DEFAULT_ALLOWED, DEFAULT_MINIMUM, refusal

#: Languages a document may have: every language declared in :mod:`app.languages` when settings are imported.
SUPPORTED_LANGUAGES: tuple[str, ...] = languages.supported()

KAFKA_SECURITY_PROTOCOLS: tuple[str, ...] = ("PLAINTEXT", "SSL", "SASL_PLAINTEXT", "SASL_SSL")
#: Privacy profiles, from the least to the most masking (:mod:`app.detection.quasi_identifiers`).
PRIVACY_PROFILES: tuple[str, ...] = ("standard", "strict")


class _FileSettingsSource(PydanticBaseSettingsSource):
    """Reads a TOML or JSON settings file named by ``ANON_SETTINGS_FILE``."""

    def get_field_value(self, field, field_name):  # pragma: no cover - unused by pydantic for whole-dict sources
        return None, field_name, False

    def __call__(self) -> dict[str, Any]:
        path = os.environ.get("ANON_SETTINGS_FILE")  # the one variable read before the settings exist
        if not path:
            return {}
        p = Path(path)
        raw = p.read_bytes()
        data = json.loads(raw) if p.suffix == ".json" else tomllib.loads(raw.decode("utf-8"))
        return flatten_sections(data)


def default_cache_dir() -> str:
    """``$XDG_CACHE_HOME/anonymizer``, else ``~/.cache/anonymizer`` (the XDG base-directory convention)."""
    return str(Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "anonymizer")


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
        privacy_profile: ``standard`` or ``strict`` (also quasi-identifiers, :mod:`app.detection.quasi_identifiers`);
            a document may ask for a stricter profile than this, never for a laxer one.
        ner_model_dir: directory of Stanza NER models (``<dir>/<lang>/``); empty = resolution order of
            :class:`app.detection.stanza_ner.StanzaTagger`.
        ner_batch_size: sentences per Stanza batch.
        ner_quantize: run the NER model with int8 dynamic quantization of its LSTMs and linear layers
            (:func:`app.detection.stanza_ner.quantize_member`; CPU only, ignored with a warning on a GPU). Default
            ``False``: its tags differ from the float model's on a few tokens and it is not faster on every CPU
            (``docs/performance.md``, "Quantized NER").
        torch_threads: threads of each of torch's CPU pools (intra-op, inter-op, OpenMP/MKL) per worker process,
            set before any model loads (:func:`app.detection.torch_setup.configure_threads`); scale by processes.
        agent_batch_size: most inputs of one stage (detect, corefer, anonymize) a stage process runs in one call
            when they wait for it (``1``: every input alone; :mod:`app.isolation`, "Batches of small documents"),
            and the documents per ``detect_many`` call of the benchmark's in-process baseline
            (:mod:`anontools.devtools.benchmark`).
        consumer_fetch_max_wait_ms: longest wait of the worker's Kafka fetches (Faust's own is 1,500 ms; a broker
            that does not answer a waiting fetch when data arrives makes each hop wait that long).
        producer_linger_ms: how long the worker's Kafka producer waits to put several messages into one produce
            request (Kafka's ``linger.ms``; 0: each message is sent as soon as the sender runs). Milliseconds.
        device: ``cpu`` or ``cuda`` (:func:`app.detection.torch_setup.select_device`; no GPU: CPU and a warning).
        delete_table_after_reidentification: delete a job's table once a translation restored every
            entry (no missing placeholders); later translations of the job are dead-lettered.
        table_keys: Fernet keys encrypting the tables, comma-separated, newest first (:mod:`app.crypto`).
        table_keys_file: a file with one key per line, newest first.
        allow_plaintext_tables: allow tables without encryption (development only).
        table_hmac_secret: secret of the keyed hashes (HMAC-SHA256) naming a job's tables in Redis and deriving
            anonymization ids (:mod:`app.crypto`); at least 16 characters, required when tables are encrypted.
            Keep it stable: a new secret orphans every stored table (they expire with their TTL).
        require_anonymization_id: dead-letter (``table_mismatch``) every translation result without an
            ``anonymization_id`` (default ``True``). ``False`` admits legacy clients: a result without the id is
            bound to the job's newest table when every mark it carries is in that table — which cannot tell a
            result sent with another job's ``job_id`` whose marks happen to exist there too (``[PERSON_1]`` is in
            most tables), so legacy mode can restore another job's originals; enable it only while migrating.
        internal_topic_retention_ms: ``retention.ms`` the worker sets when it creates the internal topics
            ``documents.detected`` and ``documents.resolved`` (they hold the original text); must exceed the
            longest outage the pipeline should survive (``0`` = leave the broker's default).
        reidentify_mark_only: restore by position and unique marks only, never by the order of identical
            masks nor by elimination (a translation result can also ask for it: ``mark_only``).
        reidentify_order_policy: ``unambiguous`` (default: identical masks are restored by order only when
            all their mentions have the same original) or ``count`` (whenever their number is right).
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
        review_*: human review (issue 19; :mod:`app.review`): which detected documents are held on
            ``topic_review`` until a reviewer releases them, and the review application's settings. See
            :class:`app.review.policy.ReviewPolicy` and ``docs/review.md``.
        topic_*: topic names.
        topic_partitions: partitions used when the worker creates topics.
        topic_replication_factor: replication factor of the topics the worker creates (default 3, production;
            1 for a single broker such as ``docker/compose.yaml``'s or Tansu).
        broker_flavor: ``kafka`` (default: Faust's production timeouts) or ``tansu`` (the test broker: 6 s
            session timeout, 1 s heartbeats, replication factor 1; :func:`faust_settings`).
        preload_languages: languages whose detector, coreferencers and operators are built at start-up
            (``ANON_PRELOAD_LANGUAGES="en,de"``; default every declared language); a language that cannot be
            built stops the worker with one line (:mod:`app.startup`).
        detection_config, coreference_config: JSON files overriding the detection / coreference defaults
            (``ANON_DETECTION_CONFIG``, ``ANON_COREFERENCE_CONFIG``).
        cache_dir: directory of derived caches (``ANON_CACHE_DIR``; default ``$XDG_CACHE_HOME/anonymizer``, else
            ``~/.cache/anonymizer``): data built from installed packages (:mod:`app.cache`: the common-word lists of
            :mod:`app.detection.proper_nouns`, the place knowledge base, the surrogate name pools).
        stanza_resources_dir: Stanza's resources (``STANZA_RESOURCES_DIR`` or ``ANON_STANZA_RESOURCES_DIR``).
        allowed_methods: methods producers may ask for (``ANON_ALLOWED_METHODS="tag,suppress"``; default
            ``tag, suppress, substitute, generalize``); minimum_method: the weakest one allowed
            (:mod:`app.policy`). A document asking for another method is dead-lettered.

    Per-document limits and stage budgets (a document beyond one is dead-lettered ``too_expensive``):
        max_entities: entities of one document (detected, or given on ``documents.detected`` /
            ``documents.resolved``).
        max_marks: marks (placeholders, surrogates, masks) one translation may have restored.
        max_output_chars: characters of an anonymized or re-identified text; re-identification stops
            building the text as soon as it is longer.
        stage_cpu_seconds: CPU seconds one stage may spend on one document (enforced in the stage
            process with ``RLIMIT_CPU``: the process is killed and replaced).
        stage_wall_seconds: seconds one stage may take for one document, wall clock (the process is
            killed and replaced).
        stage_processes: worker processes running the stages (``0``: one thread of the worker process,
            without budgets; development and tests only).
        stage_small_input_bytes: one more stage process serves only stage inputs (raw messages) of at most
            this many bytes, so that large documents occupying every other stage process do not hold the small
            ones (``0``: no such process; :mod:`app.isolation`).
        stage_lanes: documents one agent processes at a time (messages with the same key always one
            after the other, in order).
        stage_batch_bytes: most raw message bytes of the inputs of one batch (a larger input is never batched;
            ``0``: no batches).
        stage_batch_cpu_seconds, stage_batch_wall_seconds: budgets of one batch (each capped by the stage's
            own); a batch over one runs again input by input under the full budgets.
    """

    model_config = SettingsConfigDict(env_prefix="ANON_", extra="ignore")

    app_id: str = Field(default="anonymizer", min_length=1)
    broker_url: str = "kafka://127.0.0.1:9092"
    broker_startup_timeout: float = Field(default=0.0, ge=0.0)
    redis_url: str = Field(
        default="redis://127.0.0.1:6379/0",
        validation_alias=AliasChoices("ANON_REDIS_URL", "REDIS_URL", "redis_url"),
    )
    table_ttl_seconds: int = Field(default=7 * 24 * 3600, ge=1)
    table_key_prefix: str = "anon:table:"
    table_keys: str = ""
    table_keys_file: str = ""
    allow_plaintext_tables: bool = False
    table_hmac_secret: str = Field(default="", repr=False)
    internal_topic_retention_ms: int = Field(default=24 * 3600 * 1000, ge=0)
    require_anonymization_id: bool = True
    max_text_chars: int = Field(default=250_000, ge=1)
    max_message_bytes: int = Field(default=4 * 1024 * 1024, ge=1024)
    default_method: str = "tag"
    privacy_profile: Literal["standard", "strict"] = "standard"
    ner_model_dir: str = ""
    ner_batch_size: int = Field(default=64, ge=1)
    ner_quantize: bool = False
    torch_threads: int = Field(default=1, ge=1)
    device: Literal["cpu", "cuda"] = "cpu"
    agent_batch_size: int = Field(default=16, ge=1, le=256)
    consumer_fetch_max_wait_ms: int = Field(default=100, ge=1)
    producer_linger_ms: int = Field(default=0, ge=0, le=1000)
    placeholder_markup: Literal["none", "moses"] = "none"
    delete_table_after_reidentification: bool = False
    reidentify_mark_only: bool = False
    reidentify_order_policy: Literal["unambiguous", "count"] = "unambiguous"
    label_methods: dict[str, str] = {}
    operator_options: dict[str, dict] = {}

    kafka_security_protocol: str = "PLAINTEXT"
    kafka_sasl_mechanism: Literal["PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512"] = "PLAIN"
    kafka_sasl_username: str = ""
    kafka_sasl_password: str = ""
    kafka_ssl_cafile: str = ""
    kafka_ssl_certfile: str = ""
    kafka_ssl_keyfile: str = ""
    redis_password: str = ""
    redis_ssl_ca_certs: str = ""
    redis_ssl_certfile: str = ""
    redis_ssl_keyfile: str = ""

    # --- human review (issue 19): policy of the detect agent's hold, and the review application ---
    review_metadata_flag: bool = True
    review_languages: list[str] = []
    review_min_score: float = Field(default=0.0, ge=0.0, le=1.0)
    review_proper_noun: bool = False
    review_labels: list[str] = []
    review_sample_rate: float = Field(default=0.0, ge=0.0, le=1.0)
    review_lease_seconds: int = Field(default=900, gt=0)
    review_key_prefix: str = "anon:review:"
    review_corrections_ttl_seconds: int = Field(default=180 * 24 * 3600, gt=0)
    review_users_file: str = ""
    review_trusted_user_header: str = ""
    review_secret_key: str = ""
    review_cookie_secure: bool = False
    review_audit_log: str = "review-audit.jsonl"
    topic_review: str = "documents.review"
    # --- end of human review settings ---

    topic_documents: str = "documents"
    topic_detected: str = "documents.detected"
    topic_resolved: str = "documents.resolved"
    topic_translation_requests: str = "translation.requests"
    topic_translation_results: str = "translation.results"
    topic_reidentified: str = "translation.reidentified"
    topic_dead_letter: str = "documents.dead-letter"
    topic_erase: str = "jobs.erase"
    topic_erased: str = "jobs.erased"
    topic_partitions: int = Field(default=4, ge=1)
    topic_replication_factor: int = Field(default=3, ge=1)

    broker_flavor: Literal["kafka", "tansu"] = "kafka"
    preload_languages: Annotated[list[str], NoDecode] = Field(default_factory=lambda: list(languages.supported()))
    detection_config: str = ""
    coreference_config: str = ""
    cache_dir: str = Field(default_factory=lambda: default_cache_dir())
    stanza_resources_dir: str = Field(
        default="", validation_alias=AliasChoices("ANON_STANZA_RESOURCES_DIR", "STANZA_RESOURCES_DIR",
                                                  "stanza_resources_dir"))
    allowed_methods: Annotated[list[str], NoDecode] = Field(default_factory=lambda: list(DEFAULT_ALLOWED))
    minimum_method: str = DEFAULT_MINIMUM

    @field_validator("preload_languages", "allowed_methods", mode="before")
    @classmethod
    def _comma_list(cls, value: Any) -> Any:
        """``"en,de"`` or ``'["en", "de"]'`` (environment) → ``["en", "de"]``; blanks dropped."""
        if isinstance(value, str):
            text = value.strip()
            items = json.loads(text) if text.startswith("[") else text.split(",")
            return [str(v).strip() for v in items if str(v).strip()]
        return value

    @field_validator("kafka_security_protocol")
    @classmethod
    def _known_protocol(cls, value: str) -> str:
        if value.upper() not in KAFKA_SECURITY_PROTOCOLS:
            raise ValueError(f"unknown kafka_security_protocol {value[:32]!r}; expected one of "
                             f"{', '.join(KAFKA_SECURITY_PROTOCOLS)}")
        return value

    @field_validator("topic_documents", "topic_detected", "topic_resolved", "topic_translation_requests",
                     "topic_translation_results", "topic_reidentified", "topic_dead_letter", "topic_erase",
                     "topic_erased", "table_key_prefix")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("must not be empty")
        return value

    @field_validator("detection_config", "coreference_config")
    @classmethod
    def _readable_json_file(cls, value: str) -> str:
        """A configuration file must exist and hold a JSON object (its names are checked at start-up)."""
        if value:
            try:
                data = json.loads(Path(value).read_text("utf-8"))
            except OSError as exc:
                raise ValueError(f"cannot read {value!r} ({type(exc).__name__})") from None
            except json.JSONDecodeError as exc:
                raise ValueError(f"{value!r} is not valid JSON (line {exc.lineno}, column {exc.colno})") from None
            if not isinstance(data, dict):
                raise ValueError(f"{value!r} must hold a JSON object of language sections")
        return value

    @model_validator(mode="after")
    def _names_and_policy(self) -> "Settings":
        """Languages, method names, labels and the method policy (:mod:`app.policy`)."""
        from app.detection.labels import STANDARD_LABELS
        from app.registry import names

        unknown = [code for code in self.preload_languages if code not in languages.supported()]
        if unknown:
            raise ValueError(f"preload_languages: unknown language(s) {', '.join(unknown)}; declared: "
                             f"{', '.join(languages.supported())}")
        methods = names("operator")
        for field, used in (("allowed_methods", self.allowed_methods), ("minimum_method", [self.minimum_method]),
                            ("default_method", [self.default_method]),
                            ("label_methods", list(self.label_methods.values())),
                            ("operator_options", list(self.operator_options))):
            unknown = [m for m in used if m not in methods]
            if unknown:
                raise ValueError(f"{field}: unknown anonymization method(s) {', '.join(map(repr, unknown))}; "
                                 f"known: {', '.join(methods)}")
        labels = [label for label in self.label_methods if label not in STANDARD_LABELS]
        if labels:
            raise ValueError(f"label_methods: unknown label(s) {', '.join(map(repr, labels))}; known: "
                             f"{', '.join(STANDARD_LABELS)}")
        if not self.allowed_methods:
            raise ValueError("allowed_methods: at least one method must be allowed")
        for field, method in (("default_method", self.default_method),
                              *((f"label_methods[{k}]", v) for k, v in self.label_methods.items())):
            reason = refusal(method, self.allowed_methods, self.minimum_method)
            if reason:
                raise ValueError(f"{field}: {reason}")
        return self

    def section(self, name: str) -> BaseModel:
        """The typed, read-only section ``name`` of :data:`SECTIONS` (e.g. ``section("limits").max_text_chars``).

        Raises:
            KeyError: unknown section.
        """
        fields = SECTIONS[name]
        return _SECTION_MODELS[name](**{key: getattr(self, flat) for key, flat in fields.items()})

    broker = property(lambda self: self.section("broker"), doc="Kafka connection and Faust settings.")
    topics = property(lambda self: self.section("topics"), doc="Topic names and partitions.")
    redis = property(lambda self: self.section("redis"), doc="Redis connection.")
    tables = property(lambda self: self.section("tables"), doc="Tables of solutions: TTL, keys, prefix.")
    detection = property(lambda self: self.section("detection"), doc="Detection: models, languages, config file.")
    coreference = property(lambda self: self.section("coreference"), doc="Coreference configuration file.")
    operators = property(lambda self: self.section("operators"), doc="Anonymization methods and their options.")
    limits = property(lambda self: self.section("limits"), doc="Size limits of documents and messages.")
    policy = property(lambda self: self.section("policy"), doc="Which methods producers may ask for.")
    reidentification = property(lambda self: self.section("reidentification"),
                                doc="Re-identification: which restoration conditions are allowed.")
    review = property(lambda self: self.section("review"), doc="Human review: hold policy and the review app.")

    @field_validator("table_hmac_secret")
    @classmethod
    def _secret_long_enough(cls, value: str) -> str:
        if value and len(value.encode("utf-8")) < 16:
            raise ValueError("table_hmac_secret must have at least 16 characters (or be empty in development)")
        return value

    # --- per-document limits and stage budgets (issue 15; README "Limits and isolation") ------------
    # A document beyond a limit or a budget gets one dead letter with error_type "too_expensive" and
    # the stage; it never stalls the worker (app/isolation.py).
    max_entities: int = Field(default=20_000, ge=1)
    max_marks: int = Field(default=20_000, ge=1)
    max_output_chars: int = Field(default=2_000_000, ge=1)
    stage_cpu_seconds: float = Field(default=180.0, gt=0)
    stage_wall_seconds: float = Field(default=600.0, gt=0)
    stage_processes: int = Field(default=2, ge=0, le=64)
    stage_small_input_bytes: int = Field(default=32_768, ge=0)
    stage_lanes: int = Field(default=16, ge=1, le=1024)
    stage_batch_bytes: int = Field(default=32_768, ge=0)
    stage_batch_cpu_seconds: float = Field(default=5.0, gt=0)
    stage_batch_wall_seconds: float = Field(default=15.0, gt=0)

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


#: Section → {name in the section: flat field name}. The flat name is the environment variable without
#: ``ANON_`` (``[limits] max_text_chars`` = ``ANON_MAX_TEXT_CHARS``); a settings file may use either.
SECTIONS: dict[str, dict[str, str]] = {
    "broker": {"url": "broker_url", "app_id": "app_id", "flavor": "broker_flavor",
               "startup_timeout": "broker_startup_timeout", "replication_factor": "topic_replication_factor",
               "security_protocol": "kafka_security_protocol", "sasl_mechanism": "kafka_sasl_mechanism",
               "sasl_username": "kafka_sasl_username", "sasl_password": "kafka_sasl_password",
               "ssl_cafile": "kafka_ssl_cafile", "ssl_certfile": "kafka_ssl_certfile",
               "ssl_keyfile": "kafka_ssl_keyfile"},
    "topics": {"documents": "topic_documents", "detected": "topic_detected", "resolved": "topic_resolved",
               "translation_requests": "topic_translation_requests",
               "translation_results": "topic_translation_results", "reidentified": "topic_reidentified",
               "dead_letter": "topic_dead_letter", "erase": "topic_erase", "erased": "topic_erased",
               "partitions": "topic_partitions", "internal_retention_ms": "internal_topic_retention_ms"},
    "redis": {"url": "redis_url", "password": "redis_password", "ssl_ca_certs": "redis_ssl_ca_certs",
              "ssl_certfile": "redis_ssl_certfile", "ssl_keyfile": "redis_ssl_keyfile"},
    "tables": {"ttl_seconds": "table_ttl_seconds", "key_prefix": "table_key_prefix", "keys": "table_keys",
               "keys_file": "table_keys_file", "allow_plaintext": "allow_plaintext_tables",
               "delete_after_reidentification": "delete_table_after_reidentification",
               "hmac_secret": "table_hmac_secret", "require_anonymization_id": "require_anonymization_id"},
    "detection": {"ner_model_dir": "ner_model_dir", "ner_batch_size": "ner_batch_size", "ner_quantize": "ner_quantize",
                  "preload_languages": "preload_languages", "config": "detection_config",
                  "stanza_resources_dir": "stanza_resources_dir", "privacy_profile": "privacy_profile"},
    "coreference": {"config": "coreference_config"},
    "operators": {"default_method": "default_method", "label_methods": "label_methods",
                  "options": "operator_options", "placeholder_markup": "placeholder_markup",
                  "cache_dir": "cache_dir"},
    "limits": {"max_text_chars": "max_text_chars", "max_message_bytes": "max_message_bytes",
               "max_entities": "max_entities", "max_marks": "max_marks", "max_output_chars": "max_output_chars",
               "stage_cpu_seconds": "stage_cpu_seconds", "stage_wall_seconds": "stage_wall_seconds",
               "stage_processes": "stage_processes", "stage_small_input_bytes": "stage_small_input_bytes",
               "stage_lanes": "stage_lanes", "stage_batch_size": "agent_batch_size",
               "stage_batch_bytes": "stage_batch_bytes", "stage_batch_cpu_seconds": "stage_batch_cpu_seconds",
               "stage_batch_wall_seconds": "stage_batch_wall_seconds"},
    "policy": {"allowed_methods": "allowed_methods", "minimum_method": "minimum_method"},
    "reidentification": {"mark_only": "reidentify_mark_only", "order_policy": "reidentify_order_policy"},
    "review": {name[len("review_"):]: name for name in (
        "review_metadata_flag", "review_languages", "review_min_score", "review_proper_noun", "review_labels",
        "review_sample_rate", "review_lease_seconds", "review_key_prefix", "review_corrections_ttl_seconds",
        "review_users_file", "review_trusted_user_header", "review_secret_key", "review_cookie_secure",
        "review_audit_log")} | {"topic": "topic_review"},
}


def flatten_sections(data: dict[str, Any]) -> dict[str, Any]:
    """A settings file's values with sections (``{"limits": {"max_text_chars": 1000}}``) turned into flat names
    (``{"max_text_chars": 1000}``); flat names pass unchanged.

    Raises:
        ValueError: an unknown section key or setting name (a typo would otherwise be ignored).
    """
    flat: dict[str, Any] = {}
    for key, value in data.items():
        if key in SECTIONS and isinstance(value, dict):
            for inner, item in value.items():
                if inner not in SECTIONS[key]:
                    raise ValueError(f"settings file: unknown key {inner!r} in section [{key}]; known: "
                                     f"{', '.join(SECTIONS[key])}")
                flat[SECTIONS[key][inner]] = item
        elif key in Settings.model_fields:
            flat[key] = value
        else:
            raise ValueError(f"settings file: unknown setting {key[:64]!r} (sections: {', '.join(SECTIONS)})")
    return flat


def _section_model(name: str) -> type[BaseModel]:
    fields = {key: (Settings.model_fields[flat].annotation, ...) for key, flat in SECTIONS[name].items()}
    return create_model(f"{name.capitalize()}Section", __config__=ConfigDict(frozen=True), **fields)


_SECTION_MODELS: dict[str, type[BaseModel]] = {name: _section_model(name) for name in SECTIONS}


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
