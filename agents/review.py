"""The review hold (issue 19): where the detect agent forwards a detected document.

Held documents (:class:`app.review.policy.ReviewPolicy` gives reasons) go to ``documents.review`` instead of
``documents.detected``; the review application releases them to ``documents.resolved``. The decision is pure
and deterministic, so a redelivered document is held again with the same message (idempotent hold).
"""

from __future__ import annotations

from agents.common import Output
from app.faust_app import detected_topic, review_topic
from app.review.policy import ReviewPolicy
from app.review.queue import held_message
from app.settings import get_settings
from models.records import DetectedDocument

_policy = ReviewPolicy.from_settings(get_settings())


def route(detected: DetectedDocument) -> Output:
    """The output of the detect stage: the hold on ``documents.review`` when the policy gives reasons, the
    document on ``documents.detected`` otherwise."""
    reasons = _policy.reasons(detected.job_id, detected.language, detected.entities, detected.metadata)
    if reasons:
        return Output(review_topic, detected.job_id, held_message(detected.asdict(), reasons))
    return Output(detected_topic, detected.job_id, detected.to_json())
