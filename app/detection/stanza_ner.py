"""Runtime loader for Stanza NER models on pre-tokenized text, without any download.

Model resolution order (first match wins):

1. ``model_dir`` given explicitly: ``<model_dir>/ner.pt`` (or a single ``*nertagger.pt``) and,
   if present, ``<model_dir>/pretrain.pt``. Nothing else is tried.
2. An official Stanza NER model in Stanza's standard resources directory:
   ``$STANZA_RESOURCES_DIR``, Stanza's default (``~/.cache/stanza/<version>/resources``) and the
   legacy ``~/stanza_resources``, each as ``<dir>/<lang>/ner/*.pt``. The package named as the
   default in ``<dir>/resources.json`` is preferred; its pretrain and character LMs come from the
   same ``resources.json`` dependencies, else from ``<dir>/<lang>/{pretrain,forward_charlm,backward_charlm}/``.
3. The weights shipped with the project: ``app/detection/weights/<lang>/{ner.pt,pretrain.pt}``
   (see the model card there).

A model directory (explicit or shipped) that holds an ``ensemble.json`` is an ensemble of several
checkpoints, combined by :mod:`app.detection.ensemble` (CRF potentials averaged, one Viterbi decode).

If nothing is found, :class:`ModelNotFoundError` lists every path tried. Stanza is always built
with ``download_method=None`` and a minimal ``resources.json`` written to a temporary file, so it
never touches the network.
"""

from __future__ import annotations

import json
import logging
import math
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.detection.charfold import token_folder
from app.detection.conll import bioes_to_bio
from app.detection.ensemble import EnsembleError, EnsembleMember, predict_averaged, read_manifest

logger = logging.getLogger(__name__)

WEIGHTS_DIR = Path(__file__).resolve().parent / "weights"
MODEL_FILE = "ner.pt"
PRETRAIN_FILE = "pretrain.pt"

_LANG_NAMES = {"en": "English", "de": "German", "es": "Spanish", "pt": "Portuguese", "it": "Italian", "fr": "French"}


class ModelNotFoundError(RuntimeError):
    """No usable Stanza NER model was found; the message lists the paths that were tried."""


@dataclass
class ResolvedModel:
    """Files of one NER model.

    Attributes:
        source: ``"explicit"``, ``"stanza_resources"`` or ``"shipped"``.
        model_path: the NER checkpoint (``.pt``).
        pretrain_path: word-vector pretrain needed by the checkpoint, or ``None``.
        forward_charlm_path, backward_charlm_path: character LMs (official models), or ``None``.
        tried: every location inspected while resolving.
        members: for an ensemble directory (``ensemble.json``), every member in order (the first is
            also ``model_path``/``pretrain_path``); empty for a single model.
        combine: ``"average"`` or ``"first"`` for an ensemble (:mod:`app.detection.ensemble`).
    """

    source: str
    model_path: Path
    pretrain_path: Path | None = None
    forward_charlm_path: Path | None = None
    backward_charlm_path: Path | None = None
    tried: list[str] = field(default_factory=list)
    members: tuple[EnsembleMember, ...] = ()
    combine: str = "average"


def _from_directory(source: str, directory: Path, model: Path, tried: list[str]) -> ResolvedModel:
    """A shipped or explicit model directory: one checkpoint, or an ensemble if ``ensemble.json`` exists."""
    try:
        manifest = read_manifest(directory)
    except EnsembleError as exc:
        raise ModelNotFoundError(f"Unusable ensemble in {directory}: {exc}") from exc
    if manifest is not None:
        first = manifest.members[0]
        return ResolvedModel(source, first.model_path, first.pretrain_path, tried=tried,
                             members=manifest.members, combine=manifest.combine)
    pretrain = directory / PRETRAIN_FILE
    return ResolvedModel(source, model, pretrain if pretrain.is_file() else None, tried=tried)


def stanza_resource_dirs() -> list[Path]:
    """Candidate Stanza resources directories, in order: ``$STANZA_RESOURCES_DIR``, Stanza's default, ``~/stanza_resources``."""
    dirs: list[Path] = []
    from app.settings import get_settings

    env = get_settings().stanza_resources_dir  # STANZA_RESOURCES_DIR
    if env:
        dirs.append(Path(env).expanduser())
    try:
        from stanza.resources.common import DEFAULT_MODEL_DIR

        dirs.append(Path(DEFAULT_MODEL_DIR).expanduser())
    except Exception:  # pragma: no cover - stanza import problems surface later anyway
        pass
    dirs.append(Path("~/stanza_resources").expanduser())
    unique: list[Path] = []
    for d in dirs:
        if d not in unique:
            unique.append(d)
    return unique


def _model_in_dir(directory: Path) -> Path | None:
    if (directory / MODEL_FILE).is_file():
        return directory / MODEL_FILE
    candidates = sorted(directory.glob("*nertagger.pt"))
    return candidates[0] if len(candidates) == 1 else None


def _single_pt(directory: Path) -> Path | None:
    files = sorted(directory.glob("*.pt")) if directory.is_dir() else []
    return files[0] if len(files) == 1 else None


def _official_model(base: Path, language: str, tried: list[str]) -> ResolvedModel | None:
    ner_dir = base / language / "ner"
    tried.append(str(ner_dir / "*.pt"))
    models = sorted(ner_dir.glob("*.pt")) if ner_dir.is_dir() else []
    if not models:
        return None
    model = models[0]
    deps: dict[str, Path] = {}
    resources_file = base / "resources.json"
    if resources_file.is_file():
        try:
            resources = json.loads(resources_file.read_text(encoding="utf-8"))
            lang_res = resources.get(language, {})
            while isinstance(lang_res, dict) and "alias" in lang_res:
                lang_res = resources.get(lang_res["alias"], {})
            package = (lang_res.get("default_processors") or {}).get("ner")
            if isinstance(package, list):
                package = package[0] if package else None
            if package and (ner_dir / f"{package}.pt").is_file():
                model = ner_dir / f"{package}.pt"
                for dep in (lang_res.get("ner", {}).get(package, {}) or {}).get("dependencies", []) or []:
                    path = base / language / dep["model"] / f"{dep['package']}.pt"
                    if path.is_file():
                        deps[dep["model"]] = path
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
            logger.warning("ignoring unreadable %s: %s", resources_file, exc)
    resolved = ResolvedModel("stanza_resources", model, tried=tried)
    resolved.pretrain_path = deps.get("pretrain") or _single_pt(base / language / "pretrain")
    resolved.forward_charlm_path = deps.get("forward_charlm") or _single_pt(base / language / "forward_charlm")
    resolved.backward_charlm_path = deps.get("backward_charlm") or _single_pt(base / language / "backward_charlm")
    return resolved


def resolve_model(language: str, model_dir: str | Path | None = None,
                  weights_dir: str | Path | None = None) -> ResolvedModel:
    """Find the NER model files for ``language`` (see the module docstring for the order).

    Args:
        language: language code, e.g. ``"en"``.
        model_dir: explicit directory with ``ner.pt`` (+ optional ``pretrain.pt``).
        weights_dir: root of the shipped weights (default ``app/detection/weights``).

    Returns:
        a :class:`ResolvedModel`.

    Raises:
        ModelNotFoundError: nothing usable found (the message lists the paths tried), or the
            directory's ``ensemble.json`` is malformed or names missing files.
    """
    tried: list[str] = []
    if model_dir is not None:
        directory = Path(model_dir)
        tried.append(str(directory / MODEL_FILE))
        model = _model_in_dir(directory) if directory.is_dir() else None
        if model is None:
            raise ModelNotFoundError(
                f"No Stanza NER model for language {language!r} in the given model_dir: tried {', '.join(tried)}")
        return _from_directory("explicit", directory, model, tried)

    for base in stanza_resource_dirs():
        found = _official_model(base, language, tried)
        if found is not None:
            return found

    shipped = Path(weights_dir) if weights_dir is not None else WEIGHTS_DIR
    directory = shipped / language
    tried.append(str(directory / MODEL_FILE))
    model = _model_in_dir(directory) if directory.is_dir() else None
    if model is not None:
        return _from_directory("shipped", directory, model, tried)
    raise ModelNotFoundError(
        f"No Stanza NER model found for language {language!r}. Tried: {'; '.join(tried)}. "
        "Train one with `python -m app.detection.train --language "
        f"{language} ... --output app/detection/weights/{language}`, pass model_dir, "
        "or install official Stanza models into $STANZA_RESOURCES_DIR.")


class StanzaTagger:
    """Stanza NER on pre-tokenized sentences.

    Wraps ``stanza.Pipeline(lang, processors="tokenize,ner", tokenize_pretokenized=True,
    download_method=None, ner_model_path=..., ner_pretrain_path=...)``; the model is found by
    :func:`resolve_model`. The model is Stanza's BiLSTM-CRF tagger (Qi et al., ACL 2020 demos);
    an ensemble directory loads every member and averages their CRF potentials
    (:func:`app.detection.ensemble.predict_averaged`), at one member's cost per member.

    Args:
        language: language code, e.g. ``"en"``.
        model_dir: explicit model directory (``ner.pt`` + optional ``pretrain.pt``).
        batch_size: sentences per NER batch (``ner_batch_size``).
        scheme: ``"bio"`` (default) converts the model's BIOES output to BIO; ``"bioes"`` keeps it.
        weights_dir: root of the shipped weights (tests); default ``app/detection/weights``.
        recall_bias: subtracted from the CRF emission score of the ``O`` tag at every token before
            the Viterbi decode (:func:`app.detection.ensemble.recall_bias_vector`, Minkov et al. 2006):
            ``0.0`` (default) is the model's own decode, larger values tag more tokens as entities
            (higher recall, lower precision). Configured per language as ``ner_recall_bias``.

    Raises:
        ModelNotFoundError: no model files found (message lists the paths tried).
        ValueError: unknown ``scheme``, a ``recall_bias`` that is not a finite number, or a
            ``recall_bias`` with an ensemble whose ``combine`` is ``"first"``.
    """

    def __init__(self, language: str, model_dir: str | Path | None = None, batch_size: int = 64,
                 *, scheme: str = "bio", weights_dir: str | Path | None = None, recall_bias: float = 0.0) -> None:
        if scheme not in ("bio", "bioes"):
            raise ValueError(f"scheme must be 'bio' or 'bioes', not {scheme!r}")
        if not isinstance(recall_bias, (int, float)) or isinstance(recall_bias, bool) or not math.isfinite(recall_bias):
            raise ValueError(f"recall_bias must be a finite number, not {recall_bias!r}")
        self.recall_bias = float(recall_bias)
        self.language = language
        self.batch_size = batch_size
        self.scheme = scheme
        self.resolved = resolve_model(language, model_dir, weights_dir)
        if self.recall_bias and len(self.resolved.members) > 1 and self.resolved.combine != "average":
            raise ValueError("recall_bias needs a single model or an ensemble with combine='average'")
        self._pipeline = self._build_pipeline()
        # characters the model never saw are folded to their base letters before tagging ("Çatak" -> "Catak")
        self._fold = token_folder(self._pipeline.processors["ner"])

    @property
    def source(self) -> str:
        """Where the model came from: ``explicit``, ``stanza_resources`` or ``shipped``."""
        return self.resolved.source

    @property
    def model_path(self) -> Path:
        return self.resolved.model_path

    @property
    def pretrain_path(self) -> Path | None:
        return self.resolved.pretrain_path

    @property
    def labels(self) -> list[str]:
        """Entity labels the model predicts (without B-/I-/E-/S- prefixes), e.g. ``['LOC', 'MISC', 'ORG', 'PER']``."""
        processor = self._pipeline.processors["ner"]
        tags = processor.get_known_tags() if hasattr(processor, "get_known_tags") else []
        return sorted({t[2:] if len(t) > 2 and t[1] == "-" else t for t in tags} - {"O"})

    def _build_pipeline(self) -> Any:
        import stanza

        r = self.resolved
        kwargs: dict[str, Any] = {
            "ner_model_path": str(r.model_path),
            "ner_batch_size": self.batch_size,
        }
        if len(r.members) > 1:
            # Stanza loads ';'-separated members into one NER processor (empty entry = none)
            kwargs["ner_model_path"] = ";".join(str(m.model_path) for m in r.members)
            kwargs["ner_pretrain_path"] = ";".join(str(m.pretrain_path or "") for m in r.members)
            kwargs["ner_forward_charlm_path"] = ";" * (len(r.members) - 1)
            kwargs["ner_backward_charlm_path"] = ";" * (len(r.members) - 1)
        elif r.pretrain_path is not None:
            kwargs["ner_pretrain_path"] = str(r.pretrain_path)
        if r.forward_charlm_path is not None and len(r.members) <= 1:
            kwargs["ner_forward_charlm_path"] = str(r.forward_charlm_path)
        if r.backward_charlm_path is not None and len(r.members) <= 1:
            kwargs["ner_backward_charlm_path"] = str(r.backward_charlm_path)
        # a minimal resources.json so that Stanza neither downloads nor needs its model index
        with tempfile.TemporaryDirectory(prefix="stanza-res-") as tmp:
            resources = Path(tmp) / "resources.json"
            resources.write_text(json.dumps({self.language: {"lang_name": _LANG_NAMES.get(self.language, self.language)}}),
                                 encoding="utf-8")
            try:
                return stanza.Pipeline(
                    self.language,
                    dir=tmp,
                    processors="tokenize,ner",
                    tokenize_pretokenized=True,
                    download_method=None,
                    resources_filepath=str(resources),
                    use_gpu=False,
                    logging_level="WARN",
                    **kwargs,
                )
            except FileNotFoundError as exc:  # e.g. a charlm the official model needs is missing
                raise ModelNotFoundError(f"Stanza could not load {r.model_path}: {exc}") from exc

    def tag(self, sentences: list[list[str]]) -> list[list[str]]:
        """Tag pre-tokenized sentences.

        Args:
            sentences: ``list[list[str]]``, tokens of each sentence (empty sentences allowed).

        Returns:
            ``list[list[str]]`` with exactly one tag per input token, in the model's own labels
            (e.g. ``B-PER``, ``I-PER``, ``O``), BIO unless ``scheme="bioes"``.
        """
        non_empty = [i for i, s in enumerate(sentences) if s]
        out: list[list[str]] = [[] for _ in sentences]
        if not non_empty:
            return out
        # Stanza cannot take empty or whitespace-only tokens: give it a neutral placeholder
        batch = [[self._fold(tok) if tok and not tok.isspace() else "_" for tok in sentences[i]] for i in non_empty]
        averaged = len(self.resolved.members) > 1 and self.resolved.combine == "average"
        if averaged or self.recall_bias:
            doc = self._pipeline(batch, processors="tokenize")
            tagged = predict_averaged(self._pipeline.processors["ner"], doc, self.recall_bias)
        else:
            doc = self._pipeline(batch)
            tagged = [[tok.ner or "O" for tok in sent.tokens] for sent in doc.sentences]
        if len(doc.sentences) != len(batch) or len(tagged) != len(batch):
            raise RuntimeError(f"Stanza returned {len(doc.sentences)} sentences for {len(batch)}")
        for i, sent, tags in zip(non_empty, doc.sentences, tagged):
            if len(tags) != len(sentences[i]):
                raise RuntimeError("Stanza changed the tokenisation of a pre-tokenized sentence")
            out[i] = bioes_to_bio(tags) if self.scheme == "bio" else tags
        return out

    def __call__(self, sentences: list[list[str]]) -> list[list[str]]:
        """Same as :meth:`tag`, so a tagger can be passed as a ``predict`` callable."""
        return self.tag(sentences)
