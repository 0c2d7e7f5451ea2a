import pytest

from app.settings import Settings


def test_defaults():
    s = Settings()
    assert (s.topic_documents, s.topic_dead_letter, s.default_method) == ("documents", "documents.dead-letter", "tag")


def test_settings_file_then_environment(tmp_path, monkeypatch):
    toml = tmp_path / "anonymizer.toml"
    toml.write_text('broker_url = "kafka://10.0.0.1:9092"\ntopic_documents = "in"\ntable_ttl_seconds = 60\n')
    monkeypatch.setenv("ANON_SETTINGS_FILE", str(toml))
    monkeypatch.setenv("ANON_TOPIC_DOCUMENTS", "docs-from-env")
    monkeypatch.setenv("REDIS_URL", "redis://127.0.0.1:6380/2")
    s = Settings()
    assert s.broker_url == "kafka://10.0.0.1:9092"
    assert s.topic_documents == "docs-from-env"  # the environment overrides the file
    assert s.table_ttl_seconds == 60
    assert s.redis_url == "redis://127.0.0.1:6380/2"


def test_json_settings_file(tmp_path, monkeypatch):
    path = tmp_path / "s.json"
    path.write_text('{"max_text_chars": 5000}')
    monkeypatch.setenv("ANON_SETTINGS_FILE", str(path))
    assert Settings().max_text_chars == 5000


def test_methods_per_label_and_markup_from_environment(monkeypatch):
    from app.pipeline import Pipeline

    monkeypatch.setenv("ANON_LABEL_METHODS", '{"DATE": "suppress"}')
    monkeypatch.setenv("ANON_OPERATOR_OPTIONS", '{"suppress": {"mask": "***"}}')
    monkeypatch.setenv("ANON_PLACEHOLDER_MARKUP", "moses")
    engine = Pipeline(Settings(), detector_factory=lambda lang: None).engine
    assert engine.label_methods == {"DATE": "suppress"}
    assert engine.operator_options == {"suppress": {"mask": "***"}, "tag": {"markup": "moses"}}


def test_kafka_and_redis_security_settings(tmp_path):
    import faust

    from app.settings import kafka_credentials, redis_options

    assert kafka_credentials(Settings()) is None
    sasl = kafka_credentials(Settings(kafka_security_protocol="SASL_PLAINTEXT", kafka_sasl_mechanism="SCRAM-SHA-512",
                                      kafka_sasl_username="svc", kafka_sasl_password="pw"))
    assert isinstance(sasl, faust.SASLCredentials) and (sasl.username, sasl.password, sasl.mechanism.value) == ("svc", "pw", "SCRAM-SHA-512")
    assert sasl.ssl_context is None
    sasl_ssl = kafka_credentials(Settings(kafka_security_protocol="SASL_SSL", kafka_sasl_username="u", kafka_sasl_password="p"))
    assert sasl_ssl.ssl_context is not None
    assert isinstance(kafka_credentials(Settings(kafka_security_protocol="SSL")), faust.SSLCredentials)
    with pytest.raises(ValueError):
        kafka_credentials(Settings(kafka_security_protocol="TLS13"))
    assert redis_options(Settings()) == {}
    assert redis_options(Settings(redis_password="s3", redis_ssl_ca_certs="/ca.pem")) == {"password": "s3", "ssl_ca_certs": "/ca.pem"}
