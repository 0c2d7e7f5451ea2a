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
