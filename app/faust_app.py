"""The Faust application and the topics of the pipeline (design.md: one topic hop per stage).

Topics carry raw bytes: each agent decodes and validates JSON itself (``models.records``), so that a
message Faust could not decode never disappears inside the framework but becomes a dead letter.
Records are serialized with orjson (codec ``orjson`` registered for ``faust.Record.dumps``).
Settings that Tansu and short rebalances need are from broker.md.
"""

from __future__ import annotations

import faust
import orjson
from faust.serializers import codecs

from app.settings import get_settings, kafka_credentials


class OrjsonCodec(codecs.Codec):
    """Faust codec using orjson."""

    def _dumps(self, obj: object) -> bytes:
        return orjson.dumps(obj)

    def _loads(self, s: bytes) -> object:
        return orjson.loads(s)


codecs.register("orjson", OrjsonCodec())

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

faust_app = faust.App(
    settings.app_id,
    broker=settings.broker_url,
    broker_credentials=kafka_credentials(settings),
    key_serializer="raw",
    value_serializer="raw",
    broker_session_timeout=6,
    broker_heartbeat_interval=1,
    broker_max_poll_interval=1000,
    consumer_auto_offset_reset="earliest",
    topic_replication_factor=1,
    topic_partitions=settings.topic_partitions,
    producer_acks=-1,
    producer_max_request_size=settings.max_message_bytes,
    web_enabled=False,
)


def _topic(name: str) -> faust.TopicT:
    return faust_app.topic(name, key_serializer="raw", value_serializer="raw", partitions=settings.topic_partitions)


documents_topic = _topic(settings.topic_documents)
detected_topic = _topic(settings.topic_detected)
resolved_topic = _topic(settings.topic_resolved)
translation_requests_topic = _topic(settings.topic_translation_requests)
translation_results_topic = _topic(settings.topic_translation_results)
reidentified_topic = _topic(settings.topic_reidentified)
dead_letter_topic = _topic(settings.topic_dead_letter)
erase_topic = _topic(settings.topic_erase)
erased_topic = _topic(settings.topic_erased)
