"""End to end with a real machine translator: worker → ``translation.requests`` → Apertium bridge
(:mod:`anontools.devtools.translator`) → ``translation.results`` → worker → ``translation.reidentified``.

Skipped, with the reason, when Apertium (``apertium-eng-spa``) is not installed.
"""

from __future__ import annotations

import asyncio

import pytest

from anontools.devtools.translator import available_routes, serve
from anontools.devtools.harness.kafka import Collector, produce

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(("en", "es") not in available_routes(),
                       reason="Apertium en->es is not installed (apt-get install apertium-eng-spa apertium-es-pt)"),
]

TEXT = "Mr. John Smith met Maria Garcia in London. Smith said that Maria was late."


def test_apertium_round_trip_restores_every_original(worker, session_id):
    job_id = f"{session_id}-apertium"

    async def scenario():
        topics = ["translation.requests", "translation.reidentified", "documents.dead-letter"]
        async with Collector(worker.bootstrap, topics, partitions=worker.settings.topic_partitions) as collector:
            await produce(worker.bootstrap, "documents", [(job_id, {"job_id": job_id, "text": TEXT, "language": "en", "method": "tag"})])
            bridge = asyncio.create_task(serve(worker.bootstrap, group_id=f"bridge-{session_id}", stop_after=1, idle_timeout=240,
                                               accept=lambda r: isinstance(r, dict) and r.get("job_id") == job_id))
            done = lambda msgs: any(m.json and m.json.get("job_id") == job_id for m in collector.by_topic("translation.reidentified"))  # noqa: E731
            await collector.wait_for(done, timeout=240)
            stats = await bridge
            request = next(m.json for m in collector.by_topic("translation.requests") if m.json and m.json.get("job_id") == job_id)
            result = next(m.json for m in collector.by_topic("translation.reidentified") if m.json and m.json.get("job_id") == job_id)
            return stats, request, result

    stats, request, result = asyncio.run(scenario())
    assert stats.translated == 1
    assert request["text"] == "Mr. [PERSON_1] met [PERSON_2] in [LOCATION_1]. [PERSON_1] said that [PERSON_2] was late."
    assert result["language"] == "es"
    assert result["text"] == "Señor John Smith cumplido Maria Garcia en London. Smith dijo que Maria era tarde."
    assert (result["missing_placeholders"], result["unknown_placeholders"], result["unrestored_marks"]) == ([], [], [])
    assert result["metadata"]["translation"] == {"engine": "apertium", "route": "en->es"}
