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


# ---------------------------------------------------------------------------------------------------------
# aiokafka client options (used by `anonymizer erase --via-kafka`)
# ---------------------------------------------------------------------------------------------------------


def _self_signed(tmp_path, name: str):
    """A self-signed certificate (CN=``name``) and its key as PEM files: ``(cert_path, key_path)``."""
    import datetime

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (x509.CertificateBuilder().subject_name(subject).issuer_name(subject).public_key(key.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(days=1))
            .not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .sign(key, hashes.SHA256()))
    cert_path, key_path = tmp_path / f"{name}.crt", tmp_path / f"{name}.key"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return cert_path, key_path


def _ca_names(context) -> list[str]:
    return [value for cert in context.get_ca_certs() for rdn in cert["subject"] for key, value in rdn
            if key == "commonName"]


def test_kafka_client_options_plaintext_and_sasl_plaintext():
    from app.settings import kafka_client_options

    assert kafka_client_options(Settings()) == {"security_protocol": "PLAINTEXT"}
    assert kafka_client_options(Settings(kafka_security_protocol="plaintext")) == {"security_protocol": "PLAINTEXT"}
    assert kafka_client_options(Settings(
        kafka_security_protocol="SASL_PLAINTEXT", kafka_sasl_mechanism="SCRAM-SHA-256",
        kafka_sasl_username="svc", kafka_sasl_password="pw",
    )) == {"security_protocol": "SASL_PLAINTEXT", "sasl_mechanism": "SCRAM-SHA-256",
           "sasl_plain_username": "svc", "sasl_plain_password": "pw"}


def test_kafka_client_options_ssl_trusts_the_configured_ca_and_loads_the_client_certificate(tmp_path):
    import ssl

    from app.settings import kafka_client_options

    ca, _ = _self_signed(tmp_path, "test-kafka-ca")
    client_cert, client_key = _self_signed(tmp_path, "test-client")
    options = kafka_client_options(Settings(kafka_security_protocol="SSL", kafka_ssl_cafile=str(ca),
                                            kafka_ssl_certfile=str(client_cert), kafka_ssl_keyfile=str(client_key)))
    assert sorted(options) == ["security_protocol", "ssl_context"]
    assert options["security_protocol"] == "SSL"
    context = options["ssl_context"]
    assert isinstance(context, ssl.SSLContext)
    assert _ca_names(context) == ["test-kafka-ca"]
    assert context.verify_mode == ssl.CERT_REQUIRED and context.check_hostname is True
    # the client certificate is loaded: a missing one fails, a key that does not match it fails
    with pytest.raises(FileNotFoundError):
        kafka_client_options(Settings(kafka_security_protocol="SSL", kafka_ssl_certfile=str(tmp_path / "none.crt")))
    other_cert, _ = _self_signed(tmp_path, "other")
    with pytest.raises(ssl.SSLError):
        kafka_client_options(Settings(kafka_security_protocol="SSL", kafka_ssl_certfile=str(other_cert),
                                      kafka_ssl_keyfile=str(client_key)))


def test_kafka_client_options_sasl_ssl_and_the_same_context_as_faust(tmp_path):
    from app.settings import kafka_client_options, kafka_credentials

    ca, _ = _self_signed(tmp_path, "test-kafka-ca")
    settings = Settings(kafka_security_protocol="SASL_SSL", kafka_sasl_mechanism="PLAIN", kafka_sasl_username="u",
                        kafka_sasl_password="p", kafka_ssl_cafile=str(ca))
    options = kafka_client_options(settings)
    context = options.pop("ssl_context")
    assert options == {"security_protocol": "SASL_SSL", "sasl_mechanism": "PLAIN", "sasl_plain_username": "u",
                       "sasl_plain_password": "p"}
    assert _ca_names(context) == ["test-kafka-ca"]
    assert _ca_names(kafka_credentials(settings).ssl_context) == ["test-kafka-ca"]
    assert _ca_names(kafka_credentials(Settings(kafka_security_protocol="SSL", kafka_ssl_cafile=str(ca))).context) == [
        "test-kafka-ca"]


def test_kafka_client_options_rejects_an_unknown_protocol():
    from app.settings import kafka_client_options

    with pytest.raises(ValueError, match="unknown kafka_security_protocol 'TLS13'"):
        kafka_client_options(Settings(kafka_security_protocol="TLS13"))


@pytest.mark.parametrize("protocol", ["PLAINTEXT", "SSL", "SASL_PLAINTEXT", "SASL_SSL"])
def test_aiokafka_clients_accept_the_options(protocol):
    import asyncio

    from aiokafka import AIOKafkaConsumer, AIOKafkaProducer

    from app.settings import kafka_client_options

    options = kafka_client_options(Settings(kafka_security_protocol=protocol, kafka_sasl_mechanism="SCRAM-SHA-512",
                                            kafka_sasl_username="u", kafka_sasl_password="p"))

    async def build() -> None:  # the constructors validate the combination; nothing connects
        AIOKafkaProducer(bootstrap_servers="127.0.0.1:9", **options)
        AIOKafkaConsumer("t", bootstrap_servers="127.0.0.1:9", **options)

    asyncio.run(build())


def test_kafka_bootstrap_servers_as_faust_parses_the_broker_url():
    from app.settings import kafka_bootstrap_servers

    assert kafka_bootstrap_servers(Settings()) == ["127.0.0.1:9092"]
    assert kafka_bootstrap_servers(Settings(broker_url="kafka://10.0.0.1:9093;kafka://kafka2;[::1]:9094")) == [
        "10.0.0.1:9093", "kafka2:9092", "[::1]:9094"]
    with pytest.raises(ValueError, match="no Kafka bootstrap server"):
        kafka_bootstrap_servers(Settings(broker_url=" "))


def test_worker_consumer_fetch_wait_is_limited(monkeypatch):
    """Faust hard-codes a 1,500 ms fetch wait; app.faust_app caps it at consumer_fetch_max_wait_ms."""
    from faust.transport.drivers.aiokafka import AIOKafkaConsumerThread

    import app.faust_app

    assert Settings().consumer_fetch_max_wait_ms == 100
    created = type("Consumer", (), {"_fetch_max_wait_ms": 1500})()
    monkeypatch.setattr(AIOKafkaConsumerThread, "_create_worker_consumer", lambda self, transport: created)
    app.faust_app._limit_fetch_wait(40)
    assert AIOKafkaConsumerThread._create_worker_consumer(None, None)._fetch_max_wait_ms == 40
