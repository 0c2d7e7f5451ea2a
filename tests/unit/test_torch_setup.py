"""Torch threads and device selection (app.detection.torch_setup; issue 18 items 1 and 5)."""

from __future__ import annotations

import logging
import os
import subprocess
import sys

import pytest

from app.detection.torch_setup import THREAD_ENV_VARS, configure_threads, select_device


def test_configure_threads_in_a_fresh_process():
    # a fresh interpreter: the inter-op pool has not started, so both pools take the configured size
    code = ("from app.detection.torch_setup import configure_threads; import os, torch; n = configure_threads(3); "
            "print(n, torch.get_num_threads(), torch.get_num_interop_threads(), "
            "os.environ['OMP_NUM_THREADS'], os.environ['MKL_NUM_THREADS'], os.environ['OPENBLAS_NUM_THREADS'])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**os.environ, "OMP_NUM_THREADS": "2"})
    assert out.stdout.split() == ["3", "3", "3", "3", "3", "3"]


def test_configure_threads_here(monkeypatch):
    import torch

    for name in THREAD_ENV_VARS:
        monkeypatch.delenv(name, raising=False)
    before = torch.get_num_threads()
    torch.set_num_threads(2)  # the tests run torch on one thread (tests/conftest.py): start from another count
    try:
        assert configure_threads(1) == 1 == torch.get_num_threads()
        assert all(os.environ[name] == "1" for name in THREAD_ENV_VARS)
    finally:
        torch.set_num_threads(before)


def test_configure_threads_refuses_zero():
    with pytest.raises(ValueError, match="at least 1"):
        configure_threads(0)


def test_select_device(caplog):
    caplog.set_level(logging.WARNING, logger="anonymizer")
    assert select_device("cpu", cuda_available=True) == "cpu"
    assert select_device(" CUDA ", cuda_available=True) == "cuda"
    assert caplog.messages == []
    assert select_device("cuda", cuda_available=False) == "cpu"
    assert caplog.messages == ["ANON_DEVICE=cuda but torch sees no GPU; running on the CPU"]
    with pytest.raises(ValueError, match="device must be one of cpu, cuda, not 'gpu'"):
        select_device("gpu")


def test_select_device_asks_torch(monkeypatch):
    import torch

    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    assert select_device("cuda") == "cpu"
    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    assert select_device("cuda") == "cuda"


def test_settings_fields(monkeypatch):
    from app.settings import Settings

    assert (Settings().torch_threads, Settings().device) == (1, "cpu")
    monkeypatch.setenv("ANON_TORCH_THREADS", "2")
    monkeypatch.setenv("ANON_DEVICE", "cuda")
    assert (Settings().torch_threads, Settings().device) == (2, "cuda")
    monkeypatch.setenv("ANON_TORCH_THREADS", "0")
    with pytest.raises(ValueError):
        Settings()


def test_the_configured_device_reaches_the_tagger(monkeypatch):
    """ANON_DEVICE → Pipeline → build_detector → StanzaTagger(device=...)."""
    import app.detection.stanza_ner as stanza_ner
    from app.pipeline import Pipeline
    from app.settings import Settings

    made = []

    class FakeTagger:
        def __init__(self, language, **kwargs):
            made.append((language, kwargs["device"]))

        def tag(self, sentences):
            return [["O"] * len(s) for s in sentences]

    monkeypatch.setattr(stanza_ner, "StanzaTagger", FakeTagger)
    Pipeline(Settings(device="cuda")).detector("es")
    Pipeline(Settings()).detector("es")
    assert made == [("es", "cuda"), ("es", "cpu")]


def test_ner_quantize_setting(monkeypatch):
    """ANON_NER_QUANTIZE: a boolean, off by default, in the detection section."""
    from pydantic import ValidationError

    from app.settings import Settings, flatten_sections

    assert Settings().ner_quantize is False and Settings().detection.ner_quantize is False
    monkeypatch.setenv("ANON_NER_QUANTIZE", "true")
    assert Settings().ner_quantize is True and Settings().detection.ner_quantize is True
    monkeypatch.setenv("ANON_NER_QUANTIZE", "sometimes")
    with pytest.raises(ValidationError, match="ner_quantize"):
        Settings()
    assert flatten_sections({"detection": {"ner_quantize": True}}) == {"ner_quantize": True}


def test_the_quantize_setting_reaches_the_tagger(monkeypatch):
    """ANON_NER_QUANTIZE → Pipeline → build_detector → StanzaTagger(quantize=...)."""
    import app.detection.stanza_ner as stanza_ner
    from app.pipeline import Pipeline
    from app.settings import Settings

    made = []

    class FakeTagger:
        def __init__(self, language, **kwargs):
            made.append((language, kwargs["quantize"]))

        def tag(self, sentences):
            return [["O"] * len(s) for s in sentences]

    monkeypatch.setattr(stanza_ner, "StanzaTagger", FakeTagger)
    Pipeline(Settings(ner_quantize=True)).detector("es")
    Pipeline(Settings()).detector("es")
    assert made == [("es", True), ("es", False)]
