"""NER models loaded once per test session and shared by the test modules that only read them.

Loading a Stanza model (a ``StanzaTagger``, or a full detector with its gazetteers and rules) costs seconds of CPU
per load; before this module the golden-detection, method-leak, ensemble, Stanza and charfold tests
loaded the same shipped models a dozen times. The factories here are cached on every argument that changes the
loaded object, so a test gets exactly the object it would have built itself (same class, same arguments), only
built once.

Only for tests that never mutate the model: a test that changes a member in place (e.g. permutes its tag columns)
builds its own.

- :func:`tagger`: ``StanzaTagger(language, model_dir=<shipped weights>, recall_bias=..., quantize=...)``.
- :func:`detector`: ``build_detector(language, model_dir=..., batch_size=..., device=..., quantize=...)``.
- :func:`pipeline_detector_factory`: the ``detector_factory`` a :class:`app.pipeline.Pipeline` builds from its
  settings by default, served from :func:`detector`.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Callable, Optional

WEIGHTS = Path(__file__).resolve().parents[1] / "app" / "detection" / "weights"


@lru_cache(maxsize=None)
def tagger(language: str, *, recall_bias: float = 0.0, quantize: bool = False):
    """The shipped model of ``language`` (``app/detection/weights/<language>``, explicit ``model_dir``).

    Raises:
        app.detection.stanza_ner.ModelNotFoundError: no shipped weights for the language.
    """
    from app.detection.stanza_ner import StanzaTagger

    return StanzaTagger(language, model_dir=WEIGHTS / language, recall_bias=recall_bias, quantize=quantize)


@lru_cache(maxsize=None)
def detector(language: str, *, model_dir: Optional[str] = None, batch_size: int = 64, device: str = "cpu",
             quantize: bool = False):
    """``build_detector(language, ...)`` with these arguments (the configured detection of the language).

    Raises:
        app.detection.stanza_ner.ModelNotFoundError: no NER model for the language.
    """
    from app.detection.pipeline import build_detector

    return build_detector(language, model_dir=model_dir, batch_size=batch_size, device=device, quantize=quantize)


def pipeline_detector_factory(settings) -> Callable[[str], object]:
    """``language -> Detector`` as :class:`app.pipeline.Pipeline` builds it from ``settings`` by default
    (``ner_model_dir``, ``ner_batch_size``, ``device``, ``ner_quantize``), shared through :func:`detector`."""
    return lambda language: detector(language, model_dir=settings.ner_model_dir or None,
                                     batch_size=settings.ner_batch_size, device=settings.device,
                                     quantize=settings.ner_quantize)
