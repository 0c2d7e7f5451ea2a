"""The review policy: which detected documents are held for a person to check before anonymization.

Pure and cheap (a pass over the entity list, one SHA-256 of the job id): the detect stage asks it for every
document (:func:`app.isolation.detect`, in the stage process) and the detect agent forwards the document to
``documents.review`` when it returns reasons, to ``documents.detected`` otherwise, so documents not held see no
added latency.

Reasons, in the order they are reported:

- ``flag``: the producer asked for it, ``metadata["review"] is True`` (setting ``review_metadata_flag``);
- ``language``: the document's language is in ``review_languages``;
- ``low_score``: an entity's model score is below ``review_min_score`` (0 = off);
- ``proper_noun``: the proper-noun fallback found a name of unknown type (``review_proper_noun``);
- ``label``: an entity has a label of ``review_labels`` (e.g. the quasi-identifiers of a strict profile);
- ``sample``: the job falls in the sampled fraction ``review_sample_rate`` — decided by the job id alone
  (SHA-256, first 8 bytes as a fraction of 2**64), so a redelivered document is held again, never
  re-drawn (the hold is idempotent under at-least-once delivery).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from app.detection.labels import PROPER_NOUN

#: Every reason the policy can give, in report order.
REASONS: tuple[str, ...] = ("flag", "language", "low_score", "proper_noun", "label", "sample")


def sample_fraction(job_id: str) -> float:
    """The job's fixed position in [0, 1): the first 8 bytes of SHA-256(job id, UTF-8) over 2**64."""
    digest = hashlib.sha256(job_id.encode("utf-8", "surrogatepass")).digest()
    return int.from_bytes(digest[:8], "big") / 2**64


@dataclass(frozen=True, slots=True)
class ReviewPolicy:
    """Which documents to hold (see the module docstring for each reason).

    Attributes:
        metadata_flag: honour ``metadata["review"] is True``.
        languages: ISO 639-1 codes held whole.
        min_score: hold when an entity's ``score`` is below this (0 disables; scores are in [0, 1]).
        proper_noun: hold when an entity is a ``PROPER_NOUN`` (the fallback of unknown type).
        labels: hold when an entity has one of these labels.
        sample_rate: fraction of all jobs held, in [0, 1].
    """

    metadata_flag: bool = True
    languages: frozenset[str] = field(default_factory=frozenset)
    min_score: float = 0.0
    proper_noun: bool = False
    labels: frozenset[str] = field(default_factory=frozenset)
    sample_rate: float = 0.0

    @classmethod
    def from_settings(cls, settings: Any) -> "ReviewPolicy":
        """The policy of the ``review_*`` fields of :class:`app.settings.Settings`."""
        return cls(
            metadata_flag=settings.review_metadata_flag,
            languages=frozenset(settings.review_languages),
            min_score=settings.review_min_score,
            proper_noun=settings.review_proper_noun,
            labels=frozenset(settings.review_labels),
            sample_rate=settings.review_sample_rate,
        )

    def reasons(
        self,
        job_id: str,
        language: str,
        entities: Iterable[Mapping[str, Any]],
        metadata: Mapping[str, Any] | None = None,
    ) -> list[str]:
        """Why the document must be held; ``[]`` to let it continue.

        Args:
            job_id: the document's job id (the sample draw depends on it alone).
            language: ISO 639-1 code.
            entities: ``list[dict]`` of entity fields (``label``, ``score``, ``source``), as on
                ``documents.detected``; malformed items are ignored here (the corefer stage rejects them).
            metadata: the producer's metadata, or ``None``.

        Returns:
            ``list[str]``, a sub-sequence of :data:`REASONS`.
        """
        found: list[str] = []
        if self.metadata_flag and isinstance(metadata, Mapping) and metadata.get("review") is True:
            found.append("flag")
        if language in self.languages:
            found.append("language")
        if self.min_score > 0 or self.proper_noun or self.labels:
            low = proper = labelled = False
            for entity in entities:
                if not isinstance(entity, Mapping):
                    continue
                score = entity.get("score", 1.0)
                label = entity.get("label")
                low = low or (self.min_score > 0 and isinstance(score, (int, float)) and score < self.min_score)
                proper = proper or (self.proper_noun and label == PROPER_NOUN)
                labelled = labelled or (label in self.labels)
            found += [name for name, hit in (("low_score", low), ("proper_noun", proper), ("label", labelled)) if hit]
        if self.sample_rate > 0 and sample_fraction(job_id) < self.sample_rate:
            found.append("sample")
        return found
