"""Reidentify agent: ``translation.results`` → ``translation.reidentified``."""

from __future__ import annotations

from agents.common import Output, Rejected, consume
from app.crypto import KeyError_
from app.faust_app import faust_app, reidentified_topic, translation_results_topic
from app.runtime import pool, store
from app.settings import get_settings
from app.store import JobErased
from app.table import InvalidTable
from models.records import decode_translation

STAGE = "reidentify"


async def work(raw: bytes | None) -> Output:
    """Restore the originals of the table the result names (read with retries while Redis is down) in a stage
    process."""
    translation = decode_translation(raw, max_text_chars=get_settings().max_text_chars)
    try:
        table = await store().load_with_retry(translation.job_id, translation.anonymization_id)
    except JobErased:
        raise Rejected("the job was erased (jobs.erase): its translations are not re-identified", "erased") from None
    except (KeyError_, InvalidTable) as exc:
        raise Rejected(str(exc), "table_unreadable") from None
    if table is None:
        if translation.anonymization_id:
            raise Rejected("no table of solutions for this job_id and anonymization_id (unknown, another job's, or expired)",
                           "unknown_job")
        raise Rejected("no table of solutions for this job_id (unknown job or expired)", "unknown_job")
    job_id, payload, complete = await pool.run(STAGE, "reidentify", raw, table)
    after = None
    if get_settings().delete_table_after_reidentification and complete:
        job_id, anonymization_id = translation.job_id, table.anonymization_id

        async def after() -> bool:  # only once the re-identified text is safely on its topic
            return await store().delete_with_retry(job_id, anonymization_id)

    return Output(reidentified_topic, job_id, payload, after)


@faust_app.agent(translation_results_topic, name="reidentify")
async def reidentify(stream) -> None:
    await consume(stream, STAGE, work)
