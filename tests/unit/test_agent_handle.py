"""agents.common.handle: exactly one output or one dead letter, whatever the stage does."""

import base64

import orjson
import pytest

import agents.common as common
from app.pipeline import StageError
from models.records import InvalidMessage


class FakeTopic:
    def __init__(self, name):
        self.name, self.sent = name, []

    async def send(self, key, value):
        self.sent.append((key, value))

        async def done():
            return None

        return done()


@pytest.fixture
def topics(monkeypatch):
    out, dead = FakeTopic("out"), FakeTopic("dead")
    monkeypatch.setattr(common, "dead_letter_topic", dead)
    return out, dead


RAW = orjson.dumps({"job_id": "j1", "text": "Ann met Bob."})


async def test_success_forwards_once(topics):
    out, dead = topics

    async def work(raw):
        return common.Output(out, "j1", b'{"ok":true}')

    await common.handle(RAW, "detect", work)
    assert out.sent == [(b"j1", b'{"ok":true}')] and dead.sent == []


@pytest.mark.parametrize(
    "exc,reason,error_type",
    [
        (InvalidMessage("field 'text' is empty"), "field 'text' is empty", "invalid_input"),
        (StageError("no NER model available for language 'de'", "model_unavailable"), "no NER model available for language 'de'", "model_unavailable"),
        (common.Rejected("no table of solutions", "unknown_job"), "no table of solutions", "unknown_job"),
        (RuntimeError("boom: Ann met Bob"), "detect failed with RuntimeError", "stage_error"),
    ],
)
async def test_failures_become_one_dead_letter_without_document_text(topics, exc, reason, error_type):
    out, dead = topics

    async def work(raw):
        raise exc

    await common.handle(RAW, "detect", work)
    assert out.sent == []
    [(key, value)] = dead.sent
    letter = orjson.loads(value)
    assert key == b"j1"
    assert (letter["stage"], letter["reason"], letter["error_type"]) == ("detect", reason, error_type)
    assert base64.b64decode(letter["payload_base64"]) == RAW
    assert "Ann met Bob" not in letter["reason"]


async def test_oversized_output_is_dead_lettered(topics, monkeypatch):
    out, dead = topics
    monkeypatch.setattr(common, "get_settings", lambda: type("S", (), {"max_message_bytes": 100})())

    async def work(raw):
        return common.Output(out, "j1", b"x" * 101)

    await common.handle(RAW, "corefer", work)
    assert out.sent == []
    letter = orjson.loads(dead.sent[0][1])
    assert (letter["reason"], letter["error_type"]) == ("output of 101 bytes exceeds max_message_bytes (100)", "too_large")


class AckedTopic:
    """A topic whose acknowledgements arrive only when the test releases them; records the order of events."""

    def __init__(self, name, log):
        self.name, self.log, self.acks = name, log, []

    async def send(self, key, value):
        import asyncio

        self.log.append(("send", self.name, key))
        ack = asyncio.get_running_loop().create_future()
        self.acks.append(ack)

        async def wait():
            await ack
            self.log.append(("acked", self.name, key))

        return wait()


async def test_batch_sends_everything_before_awaiting_acknowledgements(monkeypatch):
    import asyncio

    log = []
    out, dead = AckedTopic("out", log), AckedTopic("dead", log)
    monkeypatch.setattr(common, "dead_letter_topic", dead)
    raws = [orjson.dumps({"job_id": f"j{i}"}) for i in range(3)]

    async def work(raw):
        job = orjson.loads(raw)["job_id"]
        if job == "j1":
            raise InvalidMessage("field 'text' is missing")

        async def after():
            log.append(("after", job))

        return common.Output(out, job, b"{}", after)

    task = asyncio.create_task(common.handle_batch(raws, "reidentify", work))
    for _ in range(20):
        await asyncio.sleep(0)
    # all three sends were handed over, none acknowledged yet, and the batch is not done
    assert log == [("send", "out", b"j0"), ("send", "dead", b"j1"), ("send", "out", b"j2")] and not task.done()
    for ack in dead.acks + out.acks[::-1]:  # acknowledgements in any order
        ack.set_result(None)
    await task
    assert log[3:] == [("acked", "out", b"j0"), ("after", "j0"), ("acked", "dead", b"j1"),
                       ("acked", "out", b"j2"), ("after", "j2")]


async def test_output_refused_at_acknowledgement_becomes_a_dead_letter(topics):
    from aiokafka.errors import MessageSizeTooLargeError

    out, dead = topics

    class Refusing(FakeTopic):
        async def send(self, key, value):
            async def refused():
                raise MessageSizeTooLargeError()

            return refused()

    async def work(raw):
        return common.Output(Refusing("out"), "j1", b"{}")

    await common.handle_batch([RAW], "anonymize", work)
    letter = orjson.loads(dead.sent[0][1])
    assert (letter["stage"], letter["error_type"], letter["reason"]) == (
        "anonymize", "too_large", "the broker refused an output of 2 bytes as too large")


async def test_detect_agent_splits_a_batch_per_document(topics, monkeypatch):
    import agents.detect as detect
    from app.detection.pipeline import build_detector
    from app.pipeline import Pipeline
    from app.settings import Settings
    from tests.unit.fakes import GazetteerTagger

    out, dead = topics
    tagger = GazetteerTagger({"Ann": "PER", "Bob": "PER"})
    pipeline = Pipeline(Settings(), detector_factory=lambda lang: build_detector(lang, tagger_factory=lambda *_: tagger))
    monkeypatch.setattr(detect, "pipeline", pipeline)
    monkeypatch.setattr(detect, "detected_topic", out)

    async def inline(fn, *args):
        return fn(*args)

    monkeypatch.setattr(detect, "run_stage", inline)
    raws = [orjson.dumps({"job_id": "a", "text": "Ann met Bob .", "language": "en"}), b"not json",
            orjson.dumps({"job_id": "c", "text": "Bob left .", "language": "en", "method": "shred"}),
            orjson.dumps({"job_id": "d", "text": "Ann stayed .", "language": "en"})]
    await common.send_batch("detect", lambda sender: detect.work_many(raws, sender))
    assert tagger.calls == 1  # documents a and d tagged together
    assert [k for k, _ in out.sent] == [b"a", b"d"]
    assert [[e["text"] for e in orjson.loads(v)["entities"]] for _, v in out.sent] == [["Ann", "Bob"], ["Ann"]]
    letters = [orjson.loads(v) for _, v in dead.sent]
    assert [(x["error_type"], x["reason"]) for x in letters][1] == ("invalid_input", "unknown anonymization method 'shred'")
    assert letters[0]["error_type"] == "invalid_input" and base64.b64decode(letters[0]["payload_base64"]) == b"not json"
