"""Corrections: what reviewers changed, kept as training data for the detector (issue 19, item 3).

Each release stores :meth:`app.review.session.ReviewDocument.correction` — the text, its language, the
detected and the released spans — in Redis under ``<review_key_prefix>correction:<sha256(job id)>``,
encrypted with the tables' keys (:mod:`app.crypto`, the same Fernet keys and rotation) and with its own
retention ``review_corrections_ttl_seconds`` (default 180 days). A second release of the same job overwrites
its record (idempotent). Erasing a job's table does not erase its correction: delete it with
:meth:`CorrectionStore.delete` (``anonymizer review-erase JOB_ID``).

:func:`correction_sentences` turns records into tagged sentences (CoNLL-style ``list[(token, tag)]``) for
:mod:`app.review.finetune`.
"""

from __future__ import annotations

from typing import Any

from app.crypto import cipher_from_settings
from app.detection.labels import LOCATION, MISC, ORGANIZATION, PERSON
from app.settings import Settings
from app.store import TableStore
from app.tokenization import split_sentences

#: Standard labels the NER model learns, as CoNLL tags; other labels (dates, e-mails...) are the
#: recognizers' work and become ``O`` in training data.
NER_TAGS: dict[str, str] = {PERSON: "PER", ORGANIZATION: "ORG", LOCATION: "LOC", MISC: "MISC"}


class CorrectionStore(TableStore):
    """The encrypted Redis store of correction records (a :class:`app.store.TableStore` with its own prefix
    and TTL); ``save(job_id, record)``, ``load(job_id)``, ``delete(job_id)`` as there."""

    @classmethod
    def from_settings(cls, settings: Settings) -> "CorrectionStore":
        """The store of ``settings``: Redis URL and keys of the tables, prefix ``<review_key_prefix>correction:``,
        TTL ``review_corrections_ttl_seconds``. Raises :class:`app.crypto.KeyError_` (no key, malformed key)."""
        import redis.asyncio as aioredis

        from app.settings import redis_options

        client = aioredis.Redis.from_url(
            settings.redis_url, socket_timeout=5, socket_connect_timeout=5, **redis_options(settings)
        )
        return cls(client, prefix=settings.review_key_prefix + "correction:",
                   ttl_seconds=settings.review_corrections_ttl_seconds, cipher=cipher_from_settings(settings))

    async def records(self, language: str | None = None) -> list[dict[str, Any]]:
        """Every stored record (of ``language`` when given), sorted by job id.

        Raises:
            RedisError; app.crypto.KeyError_: a record cannot be decrypted with the configured keys.
        """
        import orjson

        out = []
        async for key in self.client.scan_iter(match=self.prefix + "*", count=1000):
            raw = await self.client.get(key)
            if raw is not None:
                record = orjson.loads(self.cipher.decrypt(raw))
                if language is None or record.get("language") == language:
                    out.append(record)
        return sorted(out, key=lambda r: r["job_id"])


def correction_sentences(record: dict[str, Any], spans_key: str = "released") -> list[list[tuple[str, str]]]:
    """The record's text as tagged sentences: ``list[list[(token, BIO tag)]]`` with CoNLL tags (:data:`NER_TAGS`).

    Tokens and sentences come from :mod:`app.tokenization` (the detector's own tokenizer). A token is inside a
    span when its characters are; a span that cuts a token tags the token if its start is inside the span.

    Args:
        record: a correction record (:meth:`app.review.session.ReviewDocument.correction`).
        spans_key: ``"released"`` (the reviewer's gold) or ``"detected"`` (the detector's output).
    """
    spans = sorted((s, e, NER_TAGS[label]) for s, e, label in record[spans_key] if label in NER_TAGS)
    out = []
    for sentence in split_sentences(record["text"]):
        tagged = []
        previous: tuple[int, int, str] | None = None
        for token in sentence.tokens:
            span = next((sp for sp in spans if sp[0] <= token.start < sp[1]), None)
            if span is None:
                tagged.append((token.text, "O"))
            else:
                tagged.append((token.text, ("I-" if span == previous else "B-") + span[2]))
            previous = span
        out.append(tagged)
    return out
