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
