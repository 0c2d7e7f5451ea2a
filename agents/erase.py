"""Erase agent: ``jobs.erase`` → ``jobs.erased`` (right to erasure: every table of the job, and a tombstone)."""

from __future__ import annotations

from agents.common import Output, consume
from app.faust_app import erase_topic, erased_topic, faust_app
from app.runtime import store
from models.records import EraseResult, decode_erase

STAGE = "erase"


async def work(raw: bytes | None) -> Output:
    """Erase the job (:meth:`app.store.TableStore.erase`: tombstone + every table) and confirm."""
    request = decode_erase(raw)
    deleted = await store().erase_with_retry(request.job_id)
    return Output(erased_topic, request.job_id, EraseResult(job_id=request.job_id, erased=deleted > 0, tables_deleted=deleted).to_json())


@faust_app.agent(erase_topic, name="erase")
async def erase(stream) -> None:
    await consume(stream, STAGE, work)
