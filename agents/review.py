"""The review hold (issue 19): where the detect agent forwards a detected document.

Held documents (:class:`app.review.policy.ReviewPolicy` gives reasons) go to ``documents.review`` instead of
``documents.detected``; the review application releases them to ``documents.resolved``. The decision is pure
and deterministic, so a redelivered document is held again with the same message (idempotent hold). It is taken
in the stage process that detected the document (:func:`app.isolation.detect`), which returns the message to send
and whether it is a hold; this module only picks the topic.
"""

from __future__ import annotations

from agents.common import Output
from app.faust_app import detected_topic, review_topic


def route(job_id: str, payload: bytes, held: bool) -> Output:
    """The output of the detect stage: ``payload`` on ``documents.review`` when ``held``, on ``documents.detected``
    otherwise."""
    return Output(review_topic if held else detected_topic, job_id, payload)
