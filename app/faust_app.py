"""The Faust application and the topics of the pipeline (one topic hop per stage: documents → detected →
resolved → translation requests; translation results → re-identified).

Topics carry raw bytes: each agent decodes and validates JSON itself (``models.records``), so that a
message Faust could not decode never disappears inside the framework but becomes a dead letter.
Every Faust setting comes from :class:`app.settings.Settings` (:func:`faust_options`): production values by
default; the test broker's needs only when ``broker_flavor`` is ``tansu``.
"""

from __future__ import annotations

from typing import Any

import faust

from app.settings import Settings, get_settings, kafka_credentials

#: What the Tansu test broker needs (short JoinGroup waits, one replica); production keeps Faust's defaults
#: (session timeout 60 s, heartbeat 3 s) and ``topic_replication_factor`` from the settings.
TANSU_OPTIONS: dict[str, Any] = {"broker_session_timeout": 6, "broker_heartbeat_interval": 1,
                                 "topic_replication_factor": 1}


def faust_options(settings: Settings) -> dict[str, Any]:
    """Keyword arguments of ``faust.App`` for ``settings``.

    Returns:
        the broker, credentials, raw serializers, ``consumer_auto_offset_reset="earliest"`` (a new consumer group
        reads what was produced before it joined), ``producer_acks=-1`` (all in-sync replicas), the producer's
        request size (``max_message_bytes``) and linger (``producer_linger_ms``), the topics' partitions and
        replication factor; with
        ``broker_flavor == "tansu"`` also :data:`TANSU_OPTIONS`.

    Raises:
        ValueError, OSError, ssl.SSLError: as :func:`app.settings.kafka_credentials`.
    """
    options: dict[str, Any] = {
        "broker": settings.broker_url,
        "broker_credentials": kafka_credentials(settings),
        "key_serializer": "raw",
        "value_serializer": "raw",
        "broker_max_poll_interval": 1000,
        "consumer_auto_offset_reset": "earliest",
        "topic_replication_factor": settings.topic_replication_factor,
        "topic_partitions": settings.topic_partitions,
        "producer_acks": -1,
        "producer_max_request_size": settings.max_message_bytes,
        "producer_linger": settings.producer_linger_ms / 1000.0,
        "web_enabled": False,
    }
    if settings.broker_flavor == "tansu":
        options.update(TANSU_OPTIONS)
    return options


settings = get_settings()

def _limit_fetch_wait(max_wait_ms: int) -> None:
    """Make Faust's worker consumer wait at most ``max_wait_ms`` for a fetch (Faust hard-codes 1,500 ms).

    A Kafka fetch returns when data is there or when the wait is over; a broker that does not answer a waiting
    fetch as soon as new data arrives (Tansu, measured: 0.4–0.8 s per hop with 1,500 ms) makes every hop cost up to
    the whole wait. A short wait costs a few more empty fetches per second instead (issue 18).
    """
    from faust.transport.drivers.aiokafka import AIOKafkaConsumerThread

    create = AIOKafkaConsumerThread._create_worker_consumer
    if getattr(create, "_fetch_wait_limited", False):
        return

    def _create_worker_consumer(self, transport):
        consumer = create(self, transport)
        consumer._fetch_max_wait_ms = max_wait_ms  # read when the consumer starts (aiokafka 0.14 Fetcher)
        return consumer

    _create_worker_consumer._fetch_wait_limited = True  # type: ignore[attr-defined]
    AIOKafkaConsumerThread._create_worker_consumer = _create_worker_consumer


_limit_fetch_wait(settings.consumer_fetch_max_wait_ms)

faust_app = faust.App(settings.app_id, **faust_options(settings))


def _topic(name: str, retention_ms: int = 0) -> faust.TopicT:
    """A raw-bytes topic. With ``retention_ms`` > 0 the topic is the worker's own (``internal``: Faust creates it
    at start-up when it does not exist) with ``retention.ms`` = ``retention_ms``; an existing topic keeps its
    configuration (``docker/compose.yaml`` sets it with ``kafka-configs.sh``)."""
    return faust_app.topic(name, key_serializer="raw", value_serializer="raw", partitions=settings.topic_partitions,
                           retention=retention_ms / 1000.0 if retention_ms else None, internal=bool(retention_ms))


documents_topic = _topic(settings.topic_documents)
# the internal hops hold the original text: short retention (RELIABILITY.md, "Where personal data lives")
detected_topic = _topic(settings.topic_detected, settings.internal_topic_retention_ms)
resolved_topic = _topic(settings.topic_resolved, settings.internal_topic_retention_ms)
translation_requests_topic = _topic(settings.topic_translation_requests)
translation_results_topic = _topic(settings.topic_translation_results)
reidentified_topic = _topic(settings.topic_reidentified)
dead_letter_topic = _topic(settings.topic_dead_letter)
erase_topic = _topic(settings.topic_erase)
erased_topic = _topic(settings.topic_erased)
review_topic = _topic(settings.topic_review)  # held for human review (issue 19; agents/review.py)
