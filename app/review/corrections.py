"""Corrections: what reviewers changed, kept as training data for the detector (issue 19, item 3).

Each release stores :meth:`app.review.session.ReviewDocument.correction` — the text, its language, the
detected and the released spans — in Redis under ``<review_key_prefix>correction:<HMAC(job id)>``,
encrypted with the tables' keys (:mod:`app.crypto`, AES-GCM bound to the job) and with its own
retention ``review_corrections_ttl_seconds`` (default 180 days). A second release of the same job overwrites
its record (idempotent). Erasing a job's table does not erase its correction: delete it with
:meth:`CorrectionStore.delete` (``anonymizer review-erase JOB_ID``).

:func:`correction_sentences` turns records into tagged sentences (CoNLL-style ``list[(token, tag)]``) for
:mod:`anontools.review.finetune`.
"""

from __future__ import annotations

from typing import Any

import orjson

from app.crypto import KeyedHasher, TableCipher, cipher_from_settings, hasher_from_settings
from app.detection.labels import LOCATION, MISC, ORGANIZATION, PERSON
from app.settings import Settings
from app.tokenization import split_sentences

#: Standard labels the NER model learns, as CoNLL tags; other labels (dates, e-mails...) are the
#: recognizers' work and become ``O`` in training data.
NER_TAGS: dict[str, str] = {PERSON: "PER", ORGANIZATION: "ORG", LOCATION: "LOC", MISC: "MISC"}


class CorrectionStore:
    """The encrypted Redis store of correction records, one per job, with its own prefix and TTL.

    Key ``<prefix><HMAC(job id)>`` (:meth:`app.crypto.KeyedHasher.job_hash`, the tables' secret); value the record
    as JSON, encrypted with the tables' keys (AES-GCM, :class:`app.crypto.TableCipher`) with the job hash and the
    word ``correction`` as associated data, so a record moved to another job's key does not decrypt.

    Args:
        client: a ``redis.asyncio.Redis`` client.
        prefix: key prefix.
        ttl_seconds: lifetime of a record, seconds (> 0).
        cipher: encryption of the values.
        hasher: the keyed hash of job ids.

    Raises:
        ValueError: ``ttl_seconds`` is not positive.
    """

    def __init__(self, client: Any, *, prefix: str, ttl_seconds: int, cipher: TableCipher, hasher: KeyedHasher) -> None:
        if ttl_seconds <= 0:
            raise ValueError("ttl_seconds must be positive")
        self.client, self.prefix, self.ttl_seconds, self.cipher, self.hasher = client, prefix, ttl_seconds, cipher, hasher

    @classmethod
    def from_settings(cls, settings: Settings) -> "CorrectionStore":
        """The store of ``settings``: Redis URL, keys and HMAC secret of the tables, prefix
        ``<review_key_prefix>correction:``, TTL ``review_corrections_ttl_seconds``.

        Raises:
            app.crypto.KeyError_: no key or secret (and plaintext not allowed), or a malformed key.
        """
        import redis.asyncio as aioredis

        from app.settings import redis_options

        client = aioredis.Redis.from_url(
            settings.redis_url, socket_timeout=5, socket_connect_timeout=5, **redis_options(settings)
        )
        return cls(client, prefix=settings.review_key_prefix + "correction:",
                   ttl_seconds=settings.review_corrections_ttl_seconds, cipher=cipher_from_settings(settings),
                   hasher=hasher_from_settings(settings))

    def key(self, job_id: str) -> str:
        """The Redis key of the record of ``job_id``."""
        return self.prefix + self.hasher.job_hash(job_id)

    def _ad(self, job_id: str) -> bytes:
        return b"correction\0" + self.hasher.job_hash(job_id).encode("ascii")

    async def save(self, job_id: str, record: dict[str, Any]) -> None:
        """Write (or overwrite) the record of ``job_id`` with the TTL. Raises ``RedisError``."""
        await self.client.set(self.key(job_id), self.cipher.encrypt(orjson.dumps(record), self._ad(job_id)),
                              ex=self.ttl_seconds)

    async def load(self, job_id: str) -> dict[str, Any] | None:
        """The record of ``job_id``, or ``None``. Raises ``RedisError``, :class:`app.crypto.KeyError_`."""
        raw = await self.client.get(self.key(job_id))
        return None if raw is None else orjson.loads(self.cipher.decrypt(raw, self._ad(job_id)))

    async def delete(self, job_id: str) -> bool:
        """Erase the record of ``job_id``; ``True`` if one existed. Raises ``RedisError``."""
        return bool(await self.client.delete(self.key(job_id)))

    async def records(self, language: str | None = None) -> list[dict[str, Any]]:
        """Every stored record (of ``language`` when given), sorted by job id.

        Raises:
            RedisError; app.crypto.KeyError_: a record cannot be decrypted with the configured keys.
        """
        out = []
        async for key in self.client.scan_iter(match=self.prefix + "*", count=1000):
            raw = await self.client.get(key)
            if raw is None:
                continue
            job_hash = key.decode() if isinstance(key, bytes) else key
            ad = b"correction\0" + job_hash[len(self.prefix):].encode("ascii")
            record = orjson.loads(self.cipher.decrypt(raw, ad))
            if language is None or record.get("language") == language:
                out.append(record)
        return sorted(out, key=lambda r: r["job_id"])

    async def close(self) -> None:
        """Close the Redis connection."""
        await self.client.aclose()


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
    for sentence in split_sentences(record["text"], language=record.get("language")):
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
