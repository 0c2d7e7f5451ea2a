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
review_topic = _topic(settings.topic_review)  # held for human review (issue 19; agents/review.py)
