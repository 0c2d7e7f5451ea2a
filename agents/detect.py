"""Detect agent: ``documents`` → ``documents.detected``.

Documents arrive in batches (:func:`agents.common.batches`); those that decode are detected together
(:meth:`app.pipeline.Pipeline.detect_many`: the NER model tags the sentences of a batch's documents of one
language in shared batches) and each gets its own output or dead letter.
"""

from __future__ import annotations

from collections.abc import Sequence

from agents.common import Output, Sender, batches, send_batch
from app.faust_app import detected_topic, documents_topic, faust_app
from app.runtime import pipeline, run_stage
from app.settings import get_settings
from models.records import DetectedDocument, Document, decode_document

STAGE = "detect"


def _output(detected: DetectedDocument) -> Output:
    return Output(detected_topic, detected.job_id, detected.to_json())


async def work_many(raws: Sequence[bytes | None], sender: Sender) -> None:
    """Decode the batch, detect the documents that decode off the event loop, and emit one output or dead letter
    per input, in input order."""
    limit = get_settings().max_text_chars
    outcomes: list[Document | Exception] = []
    for raw in raws:
        try:
            outcomes.append(decode_document(raw, max_text_chars=limit))
        except Exception as exc:  # InvalidMessage: a dead letter with its reason
            outcomes.append(exc)
    docs = [o for o in outcomes if isinstance(o, Document)]
    try:
        detected = iter(await run_stage(pipeline.detect_many, docs) if docs else [])
    except Exception as exc:  # the stage runner itself failed: every document of the batch gets a dead letter
        detected = iter([exc] * len(docs))
    for raw, decoded in zip(raws, outcomes):
        result = next(detected) if isinstance(decoded, Document) else decoded
        if isinstance(result, DetectedDocument):
            try:
                result = _output(result)
            except Exception as exc:  # reported by its type only
                result = exc
        await sender.emit(raw, result)


@faust_app.agent(documents_topic, name="detect")
async def detect(stream) -> None:
    async for raws in batches(stream):  # outputs sent pipelined; inputs acked after their outputs (agents/common.py)
        await send_batch(STAGE, lambda sender, raws=raws: work_many(raws, sender))
