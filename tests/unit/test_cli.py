"""``anonymizer erase --via-kafka``: both aiokafka clients get the Kafka SASL/TLS settings (fake clients, no
broker)."""

from __future__ import annotations

from types import SimpleNamespace

import orjson
import pytest
from typer.testing import CliRunner

import app.settings
from app.cli import cli
from app.settings import Settings


class _FakeClient:
    """Records its constructor arguments; the consumer answers every erase request it was sent."""

    created: list["_FakeClient"] = []
    sent: list[tuple[str, bytes, bytes]] = []

    def __init__(self, *topics: str, **kwargs) -> None:
        self.topics, self.kwargs = topics, kwargs
        _FakeClient.created.append(self)

    async def start(self) -> None:
        pass

    async def stop(self) -> None:
        pass

    async def seek_to_end(self) -> None:
        pass

    async def send_and_wait(self, topic: str, value: bytes, key: bytes) -> None:
        _FakeClient.sent.append((topic, value, key))

    async def getmany(self, timeout_ms: int):
        records = [SimpleNamespace(value=orjson.dumps({"job_id": key.decode(), "erased": key == b"job-1"}))
                   for _, _, key in _FakeClient.sent]
        return {"partition": records}


@pytest.fixture
def fake_kafka(monkeypatch):
    import aiokafka

    _FakeClient.created, _FakeClient.sent = [], []
    monkeypatch.setattr(aiokafka, "AIOKafkaConsumer", type("FakeConsumer", (_FakeClient,), {}))
    monkeypatch.setattr(aiokafka, "AIOKafkaProducer", type("FakeProducer", (_FakeClient,), {}))
    return _FakeClient


def _use_settings(monkeypatch, **values) -> None:
    monkeypatch.setattr(app.settings, "get_settings", lambda: Settings(**values))


def test_erase_via_kafka_passes_the_sasl_settings_to_both_clients(monkeypatch, fake_kafka):
    _use_settings(monkeypatch, broker_url="kafka://127.0.0.1:19092;kafka://127.0.0.2", topic_erase="erase-in",
                  topic_erased="erase-out", kafka_security_protocol="SASL_PLAINTEXT",
                  kafka_sasl_mechanism="SCRAM-SHA-512", kafka_sasl_username="svc", kafka_sasl_password="pw")
    result = CliRunner().invoke(cli, ["erase", "job-1", "job-2", "--via-kafka", "--timeout", "5"])
    assert result.exit_code == 0, result.output
    assert result.stdout == "job-1: erased\njob-2: no table\n"
    consumer, producer = fake_kafka.created
    expected = {"bootstrap_servers": ["127.0.0.1:19092", "127.0.0.2:9092"], "security_protocol": "SASL_PLAINTEXT",
                "sasl_mechanism": "SCRAM-SHA-512", "sasl_plain_username": "svc", "sasl_plain_password": "pw"}
    assert type(consumer).__name__ == "FakeConsumer" and consumer.topics == ("erase-out",)
    assert consumer.kwargs == {**expected, "auto_offset_reset": "latest"}
    assert type(producer).__name__ == "FakeProducer" and producer.topics == () and producer.kwargs == expected
    assert fake_kafka.sent == [("erase-in", b'{"job_id":"job-1"}', b"job-1"),
                               ("erase-in", b'{"job_id":"job-2"}', b"job-2")]


def test_erase_via_kafka_with_tls_gives_both_clients_an_ssl_context(monkeypatch, fake_kafka):
    import ssl

    _use_settings(monkeypatch, broker_url="kafka://127.0.0.1:19093", kafka_security_protocol="SSL")
    result = CliRunner().invoke(cli, ["erase", "job-1", "--via-kafka", "--timeout", "5"])
    assert result.exit_code == 0, result.output
    for client in fake_kafka.created:
        assert client.kwargs["security_protocol"] == "SSL"
        assert isinstance(client.kwargs["ssl_context"], ssl.SSLContext)
        assert "sasl_mechanism" not in client.kwargs


def test_erase_via_kafka_refuses_an_unknown_protocol_before_connecting(monkeypatch, fake_kafka):
    _use_settings(monkeypatch, kafka_security_protocol="TLS13")
    result = CliRunner().invoke(cli, ["erase", "job-1", "--via-kafka"])
    assert result.exit_code == 2
    # the settings refuse the value when they are read (app.settings validates every value once)
    assert result.stderr == ("error: invalid configuration: kafka_security_protocol (ANON_KAFKA_SECURITY_PROTOCOL): "
                             "unknown kafka_security_protocol 'TLS13'; expected one of PLAINTEXT, SSL, SASL_PLAINTEXT, "
                             "SASL_SSL\n")
    assert fake_kafka.created == []


def test_erase_via_kafka_without_an_answer_exits_1(monkeypatch, fake_kafka):
    async def no_answer(self, timeout_ms):
        return {}

    monkeypatch.setattr(_FakeClient, "getmany", no_answer)
    _use_settings(monkeypatch, broker_url="kafka://127.0.0.1:19094")
    result = CliRunner().invoke(cli, ["erase", "job-9", "--via-kafka", "--timeout", "0.2"])
    assert result.exit_code == 1 and result.stdout == "job-9: no confirmation\n"
    assert [c.kwargs["security_protocol"] for c in fake_kafka.created] == ["PLAINTEXT", "PLAINTEXT"]
