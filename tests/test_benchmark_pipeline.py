"""The pipeline side of the benchmark (anontools/devtools/benchmark.py: PipelineBench) against a real broker: while a
round runs it reads only the pipeline's outputs, and the stage latencies come from the internal topics read after the
clock stops. A fake pipeline (this test) writes each stage's record; no worker runs."""

import asyncio

from anontools.devtools.benchmark import PipelineBench
from app.settings import Settings


async def test_outputs_are_read_live_and_the_internal_topics_after_the_round(kafka_bootstrap, session_id):
    from aiokafka import AIOKafkaProducer

    names = ("documents", "detected", "resolved", "translation_requests", "translation_results", "reidentified",
             "dead_letter", "erase", "erased")
    settings = Settings(**{f"topic_{n}": f"bench-{session_id}-{n}" for n in names})
    bench = PipelineBench(kafka_bootstrap, settings, workers=[], partitions=2)
    await bench.start()
    producer = AIOKafkaProducer(bootstrap_servers=kafka_bootstrap)
    await producer.start()

    async def fake_pipeline(ids: list[str], dead: str | None = None) -> None:
        """Each document's records on the three later topics, 50 ms apart (``dead``: a dead letter instead)."""
        await asyncio.sleep(0.3)
        for topic in (settings.topic_detected, settings.topic_resolved, settings.topic_translation_requests):
            await asyncio.sleep(0.05)
            for job in ids:
                if job == dead:
                    if topic == settings.topic_detected:
                        await producer.send_and_wait(settings.topic_dead_letter, b"{}", key=job.encode())
                    continue
                await producer.send_and_wait(topic, b"{}", key=job.encode())

    try:
        docs = [{"job_id": f"{session_id}-d{i}", "text": "Alice met Bob.", "language": "en"} for i in range(4)]
        ids = [d["job_id"] for d in docs]
        # live: only the outputs
        await asyncio.gather(bench.publish(docs[:2]), fake_pipeline(ids[:2]))
        assert await bench.wait(set(ids[:2]), 30)
        assert set(bench.stamps) == {settings.topic_translation_requests}
        await bench.read_internal(set(ids[:2]))
        assert all(set(ids[:2]) <= set(bench.stamps[t]) for t in bench.internal)
        # a whole round: every stage's latency from the records' timestamps, a dead letter counted as answered
        round_, _ = await asyncio.gather(bench.run(docs[2:], 30), fake_pipeline(ids[2:], dead=ids[3]))
        assert round_["complete"] and round_["outputs"] == 2 and round_["dead_letters"] == 1
        latency = round_["latency_s"]
        assert all(latency[stage]["p50"] is not None for stage in ("end_to_end", "detect", "corefer", "anonymize"))
        assert latency["end_to_end"]["p50"] >= latency["detect"]["p50"] + latency["corefer"]["p50"] > 0.05
    finally:
        await producer.stop()
        await bench.stop()
