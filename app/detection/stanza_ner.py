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

If nothing is found, :class:`ModelNotFoundError` lists every path tried. Checkpoints are read from
these files only (:func:`load_member`); nothing is ever downloaded.
"""

from __future__ import annotations

import json
import logging
import os
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.detection.charfold import token_folder
from app.detection.tags import bioes_to_bio
from app.detection.ensemble import EnsembleError, EnsembleMember, checked_recall_bias, read_manifest

logger = logging.getLogger(__name__)

WEIGHTS_DIR = Path(__file__).resolve().parent / "weights"
MODEL_FILE = "ner.pt"
PRETRAIN_FILE = "pretrain.pt"

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
        "Train one with `anonymizer-dev train --language "
        f"{language} ... --output app/detection/weights/{language}`, pass model_dir, "
        "or install official Stanza models into $STANZA_RESOURCES_DIR.")


class _Members:
    """The loaded members of a model, shaped like Stanza's ``NERProcessor`` where
    :func:`app.detection.ensemble.predict_averaged` and :func:`~app.detection.ensemble.check_same_tags` read it:
    ``trainers`` (Stanza NER ``Trainer`` objects, without optimizer) and ``configs`` (one dict per member with
    its ``batch_size``)."""

    def __init__(self, trainers: list[Any], batch_size: int) -> None:
        self.trainers = trainers
        self.configs = [{**t.args, "batch_size": batch_size} for t in trainers]

    def get_known_tags(self, model_idx: int = 0) -> list[str]:
        return self.trainers[model_idx].get_known_tags()


def _transitions_only(crit: Any, inputs: Any, masks: Any, tag_indices: Any) -> tuple[Any, Any]:
    """Inference replacement of ``CRFLoss.forward``: no loss (its log-normaliser is a forward algorithm over
    every token, needed only for training), just the transition matrix that Viterbi decoding uses."""
    return inputs.new_zeros(()), crit._transitions


def fold_input_transform(model: Any) -> bool:
    """Fold a Stanza NER model's ``input_transform`` into its word-level BiLSTM, in place, for inference.

    Stanza's tagger multiplies each token's input (word vector + delta, character representation) by a linear
    layer (``input_transform``) and then, inside the LSTM, by ``W_ih``, with no non-linearity between. Since
    ``W_ih (A x + a) + b_ih = (W_ih A) x + (W_ih a + b_ih)``, the LSTM's input weights and biases of each direction
    are replaced by these products (computed in float64, stored in the LSTM's dtype) and ``input_transform`` set to
    ``None``: two input products per token (one per direction) instead of three, ~23 % of the multiply-adds of the
    shipped English word BiLSTM and classifier, 11–14 % of the other languages'. The scores change by the rounding
    of the products only (~1e-6); the tags of the demo documents (``tests/test_golden_detection.py``) and of the
    four test sets (``docs/performance.md``, "One matrix product fewer per token") are the same.

    Args:
        model: a Stanza ``NERTagger``, in ``eval`` mode (its training would need the transform back).

    Returns:
        True when a transform was folded; False (nothing changed) when the model has none or its tagger LSTM is not
        one bidirectional ``torch.nn.LSTM`` layer with biases (e.g. an int8-quantized one).
    """
    import torch

    transform = getattr(model, "input_transform", None)
    lstm = getattr(getattr(model, "taggerlstm", None), "lstm", None)
    if (type(transform) is not torch.nn.Linear or type(lstm) is not torch.nn.LSTM or lstm.num_layers != 1
            or not lstm.bidirectional or not lstm.bias):
        return False
    a = transform.weight.detach().to(torch.float64)
    shift = transform.bias.detach().to(torch.float64) if transform.bias is not None else a.new_zeros(a.shape[0])
    with torch.no_grad():
        for suffix in ("", "_reverse"):
            w_ih, b_ih = getattr(lstm, f"weight_ih_l0{suffix}"), getattr(lstm, f"bias_ih_l0{suffix}")
            w64 = w_ih.detach().to(torch.float64)
            folded_bias = w64 @ shift + b_ih.detach().to(torch.float64)
            w_ih.copy_((w64 @ a).to(w_ih.dtype))
            b_ih.copy_(folded_bias.to(b_ih.dtype))
    model.input_transform = None
    return True


def _half_embedding_forward(emb: Any, ids: Any) -> Any:
    """Inference replacement of ``nn.Embedding.forward`` for a table stored in float16: the looked-up rows in
    float32, the dtype the rest of the model computes in."""
    import torch

    return torch.nn.functional.embedding(ids, emb.weight).float()


def halve_frozen_embeddings(model: Any) -> int:
    """Keep the word embedding tables of a Stanza NER model (``word_emb``, the pretrained vectors, and
    ``delta_emb``, the trained corrections) in float16, for inference only.

    Stanza copies both into float32 tables (for English 63,888 × 300 and 22,687 × 300: 104 MB). The shipped files
    store them in float16 (:func:`anontools.detection.train.compact_checkpoint`, ``slim_pretrain``), so their
    values are float16 values: a table is converted only when it holds nothing else (checked exactly), and a lookup
    returns the same float32 numbers as before. Tables of a user's float32 checkpoint stay as they are.

    Returns:
        the bytes saved (0 when nothing was converted).
    """
    from types import MethodType

    import torch

    saved = 0
    for name in ("word_emb", "delta_emb"):
        emb = getattr(model, name, None)
        if not isinstance(emb, torch.nn.Embedding) or emb.weight.dtype != torch.float32:
            continue
        weight = emb.weight.detach()
        half = weight.half()
        if not torch.equal(half.float(), weight):
            continue
        emb.weight = torch.nn.Parameter(half, requires_grad=False)
        emb.forward = MethodType(_half_embedding_forward, emb)
        saved += weight.numel() * 2
    return saved


_LOAD_LOCK = threading.Lock()


@contextmanager
def _full_unpickler_for(paths: set[str]) -> Iterator[None]:
    """While active, ``torch.load`` of exactly these files uses the full (C) unpickler instead of
    ``weights_only=True``, which Stanza always asks for and whose pure-Python unpickler spends seconds on the
    vocabularies of a checkpoint (7.6 s vs 0.7 s for the four shipped models on a busy machine). Only for files
    shipped inside this package (:data:`WEIGHTS_DIR`): they are as trusted as the code that loads them. Any
    other file, and any other load meanwhile, keeps the restricted unpickler."""
    import torch

    original = torch.load

    def load(f: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(f, (str, os.PathLike)) and os.path.realpath(f) in paths:
            kwargs["weights_only"] = False
        return original(f, *args, **kwargs)

    with _LOAD_LOCK:
        torch.load = load
        try:
            yield
        finally:
            torch.load = original


def is_shipped(path: Path | None) -> bool:
    """Whether ``path`` is a file of the weights shipped inside this package (:data:`WEIGHTS_DIR`)."""
    return path is not None and Path(os.path.realpath(path)).is_relative_to(os.path.realpath(WEIGHTS_DIR))


def load_member(model_path: Path, pretrain_path: Path | None, device: str = "cpu", *,
                forward_charlm: Path | None = None, backward_charlm: Path | None = None) -> Any:
    """Load one Stanza NER checkpoint for inference only.

    Unlike ``stanza.models.ner.trainer.Trainer(model_file=...)`` this builds no optimizer (which would import
    ``torch._dynamo``, ~1.7 s, for nothing) and replaces each CRF's loss by :func:`_transitions_only`; the
    weights, vocabularies and forward pass are Stanza's own (``Trainer.load``). Files shipped with the package
    are unpickled in full (:func:`_full_unpickler_for`); any other checkpoint with torch's ``weights_only``.

    Returns:
        a Stanza NER ``Trainer`` whose ``model`` is in eval mode on ``device``.

    Raises:
        FileNotFoundError, RuntimeError: unreadable checkpoint or missing character LM.
    """
    from types import MethodType

    from stanza.models.common.pretrain import Pretrain
    from stanza.models.ner.trainer import Trainer

    trusted = {os.path.realpath(p) for p in (model_path, pretrain_path) if is_shipped(p)}
    pretrain = Pretrain(str(pretrain_path)) if pretrain_path is not None else None
    trainer = Trainer.__new__(Trainer)  # Trainer.__init__ would also build an optimizer
    with _full_unpickler_for(trusted):
        trainer.load(str(model_path), pretrain, {
            "charlm_forward_file": str(forward_charlm) if forward_charlm else None,
            "charlm_backward_file": str(backward_charlm) if backward_charlm else None})
        if pretrain is not None:
            pretrain.emb  # noqa: B018 - loaded now, inside the context (Stanza loads it lazily)
    if trainer.args.get("predict_tagset") is None:
        trainer.args["predict_tagset"] = 0
    trainer.optimizer = None
    trainer.model = trainer.model.to(device)
    trainer.model.eval()
    halve_frozen_embeddings(trainer.model)
    fold_input_transform(trainer.model)  # before any quantization: the folded weights are the ones quantized
    for crit in trainer.model.crits:
        crit.forward = MethodType(_transitions_only, crit)
    charmodel = getattr(trainer.model, "charmodel", None)
    if charmodel is not None:
        charmodel.forward = MethodType(_char_forward, charmodel)
    trainer.model.extract_static_embeddings = _static_embedding_ids
    return trainer


def _static_embedding_ids(args: dict, sentences: list[list[str]], vocab: Any) -> tuple[Any, Any]:
    """Stanza's ``NERTagger.extract_static_embeddings`` (word ids of a batch for one word vocabulary, and the
    padding mask), asking the vocabulary once per distinct word of the call instead of once per token.

    The ids are the vocabulary's own (``vocab.unit2id`` of the word, lower-cased unless ``args["lowercase"]`` is
    false, exactly as Stanza's ``vocab.map``); the lookups live for this call only.

    Returns:
        ``(LongTensor (len(sentences), longest), BoolTensor of the same shape, True at padding)``.
    """
    import torch
    from stanza.models.common.vocab import PAD_ID

    lower = args.get("lowercase", True)
    unit2id = _word_ids(vocab)
    seen: dict[str, int] = {}
    rows = []
    for sentence in sentences:
        row = []
        for word in sentence:
            wid = seen.get(word)
            if wid is None:
                wid = seen[word] = unit2id(word.lower() if lower else word)
            row.append(wid)
        rows.append(row)
    words = _long_matrix(rows, pad=PAD_ID)
    return words, torch.eq(words, PAD_ID)


def quantize_member(trainer: Any) -> Any:
    """Dynamic int8 quantization of a loaded member's LSTMs and linear layers, in place (CPU only).

    ``torch.ao.quantization.quantize_dynamic`` with ``qint8`` weights (per tensor, affine; Jacob et al. 2018, §2)
    on every ``nn.LSTM`` (the word-level BiLSTM and the character BiLSTM, packed sequences included) and
    ``nn.Linear`` (the tag classifier; the input transform is already folded into the LSTM by
    :func:`fold_input_transform`) of the model; activations are quantized on the fly at each call and the results
    are float again. Embeddings and the CRF transitions stay float. The tags may differ from
    the float model's on a few tokens (``docs/performance.md``, "Quantized NER"); off by default
    (``ANON_NER_QUANTIZE``).

    Args:
        trainer: a member from :func:`load_member` on the CPU.

    Returns:
        ``trainer`` (its ``model`` converted).

    Raises:
        ValueError: the model is not on the CPU (quantized kernels run on the CPU only).
        RuntimeError: torch has no quantized engine for this CPU.
    """
    import warnings

    import torch
    from torch.ao.quantization import quantize_dynamic

    if next(trainer.model.parameters()).device.type != "cpu":
        raise ValueError("int8 quantization runs on the CPU only")
    if torch.backends.quantized.engine == "none":
        raise RuntimeError(f"torch has no quantized engine here ({torch.backends.quantized.supported_engines})")
    with warnings.catch_warnings():  # torch.ao.quantization announces its move to torchao; the API still works
        warnings.simplefilter("ignore", DeprecationWarning)
        warnings.simplefilter("ignore", UserWarning)  # the same for quantized tensors, once per converted LSTM
        quantize_dynamic(trainer.model, {torch.nn.LSTM, torch.nn.Linear}, dtype=torch.qint8, inplace=True)
    return trainer


#: padded cells (words × longest word) of one character-model batch of :func:`word_representations`
CHAR_BATCH_CELLS = 1 << 18


class _TokenRows(list):
    """``word_orig_idx`` for a character model patched by :func:`_char_forward`: for every token of the batch
    (sentence-major, sentences in the batch's sorted order), its row in ``reps``, the character representations
    of the call's distinct words (:func:`word_representations`)."""

    def __init__(self, rows: list[int], reps: Any) -> None:
        super().__init__(rows)
        self.reps = reps


def _char_forward(self: Any, chars: Any, chars_mask: Any, word_orig_idx: Any, sentlens: list[int],
                  wordlens: list[int]) -> Any:
    """Stanza's ``CharacterModel.forward``, unless ``word_orig_idx`` is a :class:`_TokenRows`: then each token's
    representation is its word's row of the precomputed ``word_orig_idx.reps`` (``chars``, ``chars_mask`` and
    ``wordlens`` are not read).

    Returns:
        a ``PackedSequence`` of ``(tokens, 2 × char_hidden_dim)`` packed by ``sentlens``, as Stanza's forward.
    """
    import torch
    from stanza.models.common.char_model import CharacterModel
    from torch.nn.utils.rnn import pack_sequence

    if not isinstance(word_orig_idx, _TokenRows):
        return CharacterModel.forward(self, chars, chars_mask, word_orig_idx, sentlens, wordlens)
    reps = word_orig_idx.reps
    rows = torch.as_tensor(list(word_orig_idx), dtype=torch.long, device=reps.device)
    return pack_sequence(reps.index_select(0, rows).split(sentlens))


def word_representations(charmodel: Any, words: list[list[int]], device: Any) -> Any:
    """Character representations of distinct words, each computed once (Stanza's ``CharacterModel.forward``).

    A word's representation depends on its characters only (the final states of a BiLSTM over them; Qi et al.
    2020, §2.2), so the words of a whole call are run once each instead of once per token. They are run longest
    first in batches of at most :data:`CHAR_BATCH_CELLS` padded cells (one very long token never makes a huge
    padded matrix of the others).

    Args:
        charmodel: a Stanza ``CharacterModel`` (``bidirectional``, without attention, as the NER tagger's).
        words: character ids of each distinct word (each non-empty).
        device: torch device of the model.

    Returns:
        ``Tensor (len(words), 2 × char_hidden_dim)``, row ``i`` for ``words[i]``.
    """
    import torch
    from stanza.models.common.char_model import CharacterModel

    order = sorted(range(len(words)), key=lambda i: len(words[i]), reverse=True)
    parts, start = [], 0
    while start < len(order):
        longest = len(words[order[start]])
        stop = start + max(1, min(len(order) - start, CHAR_BATCH_CELLS // max(longest, 1)))
        chunk = [words[i] for i in order[start:stop]]
        chars = _long_matrix(chunk).to(device)
        n = len(chunk)
        reps = _final_state_representations(charmodel, chars, [len(w) for w in chunk])
        if reps is None:
            reps = CharacterModel.forward(charmodel, chars, torch.eq(chars, 0), list(range(n)), [n],
                                          [len(w) for w in chunk]).data
        parts.append(reps)
        start = stop
    sorted_reps = torch.cat(parts) if len(parts) > 1 else parts[0]
    back = torch.empty(len(order), dtype=torch.long)
    back[torch.as_tensor(order, dtype=torch.long)] = torch.arange(len(order))
    return sorted_reps.index_select(0, back.to(sorted_reps.device))


def _final_state_representations(charmodel: Any, chars: Any, wordlens: list[int]) -> Any:
    """Stanza's ``CharacterModel.forward`` (without attention, in eval mode) for one batch of distinct words sorted
    longest first, through the one-recurrence BiLSTM's final states only (:meth:`PackedBiLSTM.final_states`): the
    same numbers (``h_n`` of both directions side by side) without assembling the outputs of every character, nor
    Stanza's unsort and packing of a single "sentence" of words. ``None`` when that path does not apply (a model
    with attention or in training mode, or a character BiLSTM that runs Stanza's own forward).

    Returns:
        ``Tensor (len(wordlens), 2 × char_hidden_dim)`` or ``None``.
    """
    from torch.nn.utils.rnn import pack_padded_sequence

    from app.detection.bilstm import one_recurrence_of

    fast = one_recurrence_of(charmodel.charlstm)
    if fast is None or charmodel.attn or charmodel.training:
        return None
    embs = pack_padded_sequence(charmodel.char_emb(chars), wordlens, batch_first=True)
    if not fast.takes(embs):
        return None
    n, layers, hidden = chars.size(0), charmodel.num_dir * charmodel.args["char_num_layers"], \
        charmodel.args["char_hidden_dim"]
    h_n, _ = fast.final_states(embs, (charmodel.charlstm_h_init.expand(layers, n, hidden).contiguous(),
                                      charmodel.charlstm_c_init.expand(layers, n, hidden).contiguous()))
    return h_n[-2:].transpose(0, 1).contiguous().view(n, -1)


def _word_char_ids(trainer: Any) -> Callable[[str], list[int]]:
    """word → its character ids for one member (:func:`_char_ids` of its character vocabulary, each character
    lower-cased first when the member was trained with ``char_lowercase``)."""
    unit2id = _char_ids(trainer.vocab["char"])
    if trainer.args.get("char_lowercase", False):
        return lambda word: [unit2id(c.lower()) for c in word]
    return lambda word: [unit2id(c) for c in word]


def _char_ids(vocab: Any) -> Callable[[str], int]:
    """``vocab.unit2id`` for one character, as a dictionary lookup with the unknown id as default when the vocabulary
    is Stanza's plain ``BaseVocab`` lookup (the same ids without two Python calls per character, ~5 % of NER time
    on short texts); any other vocabulary keeps its own method."""
    from stanza.models.common.vocab import UNK, BaseVocab

    cls = type(vocab)
    if cls.unit2id is not BaseVocab.unit2id or cls.normalize_unit is not BaseVocab.normalize_unit:
        return vocab.unit2id
    table = vocab._unit2id
    unknown = table[UNK]
    if getattr(vocab, "lower", False):
        return lambda c: table.get(c.lower(), unknown)
    return lambda c: table.get(c, unknown)


def _word_ids(vocab: Any) -> Callable[[str], int]:
    """``vocab.unit2id`` of a word vocabulary as one dictionary lookup, for the vocabularies of Stanza's NER models:
    ``PretrainedWordVocab`` (the word vectors: lower-cased if the vocabulary is, spaces as no-break spaces) and
    the POS package's ``WordVocab`` (the delta table: words of its ``ignore`` set map to ``<EMPTY>``), with the
    unknown id as default; the same ids as Stanza's methods without their two or three Python calls per word.
    Any other vocabulary keeps its own method."""
    from stanza.models.common.pretrain import PretrainedWordVocab
    from stanza.models.common.vocab import EMPTY, UNK, BaseVocab
    from stanza.models.pos.vocab import WordVocab

    cls = type(vocab)
    table = vocab._unit2id
    unknown = table[UNK]
    lower = bool(getattr(vocab, "lower", False))
    if cls is PretrainedWordVocab and cls.unit2id is BaseVocab.unit2id:
        if lower:
            return lambda w: table.get(w.lower().replace(" ", "\xa0"), unknown)
        return lambda w: table.get(w.replace(" ", "\xa0"), unknown)
    if cls is WordVocab and cls.normalize_unit is BaseVocab.normalize_unit:
        ignore = vocab.ignore  # Stanza's own container, not a copy: the German one holds 76,407 words
        empty = table[EMPTY] if ignore else unknown
        if lower:
            return lambda w: empty if ignore and w in ignore else table.get(w.lower(), unknown)
        return lambda w: empty if ignore and w in ignore else table.get(w, unknown)
    return vocab.unit2id


def _long_matrix(rows: list[list[int]], pad: int = 0) -> Any:
    """``rows`` as a padded ``LongTensor`` of shape ``(len(rows), longest)`` (Stanza's ``get_long_tensor`` for
    two levels, built in one numpy assignment instead of one tensor copy per row)."""
    import numpy as np
    import torch

    lens = np.fromiter((len(r) for r in rows), dtype=np.int64, count=len(rows))
    out = np.full((len(rows), int(lens.max()) if len(rows) else 0), pad, dtype=np.int64)
    out[np.arange(out.shape[1]) < lens[:, None]] = np.fromiter(
        (x for r in rows for x in r), dtype=np.int64, count=int(lens.sum()))
    return torch.from_numpy(out)


def _uses_char_model(model: Any) -> bool:
    """Whether a Stanza NER model's forward adds character-model representations to its word inputs."""
    return bool(model.args.get("char", False)) and model.args.get("char_emb_dim", 0) > 0


def packed_forward_applies(model: Any) -> bool:
    """Whether :func:`packed_emissions` computes this Stanza NER model's emission scores: a model in eval mode with
    pretrained word vectors (and optionally a delta table), optionally a character BiLSTM without attention (its
    final states), no character language model, no transformer, one tag classifier. Anything else keeps Stanza's
    ``forward``."""
    args = model.args
    if model.training or getattr(model, "bert_model", None) is not None or args.get("charlm"):
        return False
    if args.get("word_emb_dim", 0) <= 0 or "word" not in model.vocab or len(model.tag_clfs) != 1:
        return False
    if _uses_char_model(model):
        charmodel = getattr(model, "charmodel", None)
        return charmodel is not None and not charmodel.attn
    return True


def input_rows(model: Any, words: list[str], row: dict[str, int], reps: Any, device: Any) -> Any:
    """The word-level BiLSTM's input rows of distinct words, as Stanza's ``NERTagger.forward`` builds them at
    inference: the word vector plus the delta correction (Stanza's unknown-word rule for the delta table
    included), the character representation beside it, the input transform when the model has one (eval-mode
    dropouts are identities). A row depends on the word only.

    Args:
        model: a Stanza ``NERTagger`` for which :func:`packed_forward_applies`.
        words: ``list[str]``, the words (a caller passes each distinct word once; repeats get equal rows).
        row: each word's row in ``reps``.
        reps: ``Tensor (distinct words, 2 × char_hidden_dim)`` of the character model, or ``None`` without one.
        device: the model's torch device.

    Returns:
        ``Tensor (len(words), input_size)``.
    """
    import torch
    from stanza.models.common.vocab import PAD_ID, UNK_ID

    args = model.args
    lower = args.get("lowercase", True)
    static_id = _word_ids(model.vocab["word"])
    delta_id = _word_ids(model.vocab["delta"]) if "delta" in model.vocab and model.delta_emb is not None else None
    pair: dict[str, tuple[int, int]] = {}  # each distinct word's ids once (the per-token fallback repeats words)
    for word in dict.fromkeys(words):
        key = word.lower() if lower else word
        sid = static_id(key)
        did = delta_id(key) if delta_id is not None else PAD_ID
        pair[word] = (sid, PAD_ID if did == UNK_ID and sid != UNK_ID else did)  # Stanza's unk_mask
    ids = torch.as_tensor([pair[w] for w in words], dtype=torch.long, device=device)
    emb = model.word_emb(ids[:, 0])
    if delta_id is not None:
        emb = emb + model.delta_emb(ids[:, 1])
    inputs = [emb]
    if reps is not None:
        inputs.append(reps.index_select(0, torch.as_tensor([row[w] for w in words], dtype=torch.long,
                                                            device=reps.device)))
    x = torch.cat(inputs, 1) if len(inputs) > 1 else inputs[0]
    if model.input_transform:
        x = model.input_transform(x)
    return x


def packed_emissions(model: Any, sentences: list[list[str]], row: dict[str, int], reps: Any, device: Any,
                     gate_table: Any = None) -> Any:
    """Emission scores of one batch, computed in the packed layout from the start: Stanza's ``NERTagger.forward``
    at inference without its padded detours.

    Stanza builds padded word-id matrices and masks, embeds them padded, packs, concatenates, pads and packs the
    inputs again around its (inference-time no-op) dropouts, runs the BiLSTM, pads and packs its output again, and
    pads the classifier's scores: six packings and three paddings per call, a fixed cost that a one-document call
    feels. Here the tokens are put in ``PackedSequence`` order once (time-major over the sentences, longest first:
    token ``t`` of the ``batch_sizes[t]`` sentences that are that long), the embedding rows (:func:`input_rows`),
    the BiLSTM and the classifier all run on those rows, and only the scores are laid out padded for the Viterbi
    decoder. Every row meets the same operations, on the same numbers, as in Stanza's forward, so the scores are the
    same (``tests/test_stanza_ner.py``).

    With the one-recurrence BiLSTM (:mod:`app.detection.bilstm`), the input products ``W x + b`` are computed once
    per distinct word of the batch rather than once per token (an input row depends on the word only), and a word
    of ``gate_table`` (:class:`app.detection.char_table.InputGateTable`, the language's most frequent words) is
    looked up instead (stop 47: the input products were 13 % of detection's time on the English demo documents).

    Args:
        model: a Stanza ``NERTagger`` for which :func:`packed_forward_applies`.
        sentences: ``list[list[str]]``, non-empty, sorted longest first (Stanza's ``sort_all`` order).
        row: each distinct word's row in ``reps``.
        reps: ``Tensor (distinct words, 2 × char_hidden_dim)`` of the character model, or ``None`` without one.
        device: the model's torch device.
        gate_table: the member's :class:`~app.detection.char_table.InputGateTable`, or ``None``.

    Returns:
        ``numpy`` array ``(len(sentences), len(sentences[0]), tags)``, float32, zeros past each sentence's end.
    """
    import numpy as np
    import torch
    from torch.nn.utils.rnn import PackedSequence

    from app.detection.bilstm import one_recurrence_of

    args = model.args
    batch_sizes = [0] * len(sentences[0])
    for sent in sentences:
        for t in range(len(sent)):
            batch_sizes[t] += 1
    tokens = [sent[t] for t, n in enumerate(batch_sizes) for sent in sentences[:n]]
    n, layers, hidden = len(sentences), 2 * args["num_layers"], args["hidden_dim"]
    hx = (model.taggerlstm_h_init.expand(layers, n, hidden).contiguous(),
          model.taggerlstm_c_init.expand(layers, n, hidden).contiguous())
    fast = one_recurrence_of(model.taggerlstm)
    if fast is not None and not model.taggerlstm.pad:  # (use_packed_bilstm wraps CPU models only)
        distinct = list(dict.fromkeys(tokens))
        index = gate_table.index if gate_table is not None else {}
        known = [w for w in distinct if w in index]
        computed = [w for w in distinct if w not in index]
        parts = []
        if known:
            parts.append(gate_table.gates.index_select(1, torch.as_tensor([index[w] for w in known],
                                                                          dtype=torch.long)))
        if computed:
            parts.append(fast.input_gates(input_rows(model, computed, row, reps, device)))
        gates = torch.cat(parts, 1) if len(parts) > 1 else parts[0]
        position = {w: i for i, w in enumerate(known + computed)}
        data = fast.from_input_gates(gates, [position[w] for w in tokens], batch_sizes, hx)
    else:
        x = input_rows(model, tokens, row, reps, device)  # a row per token (the same word's rows repeat)
        out, _ = model.taggerlstm(PackedSequence(x, torch.as_tensor(batch_sizes, dtype=torch.long)),
                                  [len(s) for s in sentences], hx=hx)
        data = out.data
    scores = model.tag_clfs[0](data).cpu().numpy()
    padded = np.zeros((n, len(batch_sizes), scores.shape[1]), dtype=scores.dtype)
    sizes = np.asarray(batch_sizes)
    padded[np.concatenate([np.arange(k) for k in batch_sizes]), np.repeat(np.arange(len(batch_sizes)), sizes)] = scores
    return padded


def _fix_singletons(tags: list[str], fix: Any) -> list[str]:
    """Stanza's ``fix_singleton_tags`` (``fix``: a ``B-``, ``I-`` or ``E-`` tag without its partners becomes ``S-``,
    an ``I-`` at a span's edge ``B-`` or ``E-``) when the sentence has such a tag; a sentence of ``O`` and ``S-`` tags
    only, most sentences, is returned as a new list at once (``fix`` changes nothing there)."""
    for tag in tags:
        if tag[:2] in ("B-", "I-", "E-"):
            return fix(tags)
    return list(tags)


def viterbi_batch(scores: Any, lengths: list[int], transitions: Any) -> list[list[int]]:
    """Viterbi paths of a padded batch, vectorised over its sentences.

    The same recurrence, in the same floating-point operations, as Stanza's per-sentence
    ``stanza.models.common.crf.viterbi_decode`` (first maximum on ties), so the paths are identical. Each step
    runs over the sentences that are still running only (the batch sorted longest first: a prefix of it).

    Args:
        scores: ``numpy`` array ``(batch, max_len, num_tags)`` of emission scores; rows past a sentence's length
            are ignored.
        lengths: tokens of each sentence (≥ 1).
        transitions: ``numpy`` array ``(num_tags, num_tags)``, ``[i, j]`` = score of tag ``j`` after tag ``i``.

    Returns:
        ``list[list[int]]``, one tag index per token of each sentence.
    """
    import numpy as np

    batch, longest, tags = scores.shape
    lens = np.asarray(lengths, dtype=np.int64)
    order = np.argsort(-lens, kind="stable")  # longest first: the sentences still running at step t are a prefix
    scores, lens = scores[order], lens[order]
    running = np.searchsorted(-lens, -np.arange(longest), side="left")  # [t] = sentences with more than t tokens
    to_from = np.ascontiguousarray(transitions.T)  # [j, i] = score of tag j after tag i
    trellis = np.empty_like(scores)
    back = np.zeros(scores.shape, dtype=np.int32)
    trellis[:, 0] = scores[:, 0]
    for t in range(1, longest):
        n = int(running[t])
        v = trellis[:n, t - 1, None, :] + to_from  # (n, to, from)
        best = v.argmax(axis=2)  # the first maximum over the previous tag, as Stanza's argmax
        back[:n, t] = best
        trellis[:n, t] = scores[:n, t] + v.reshape(-1, tags)[np.arange(n * tags), best.ravel()].reshape(n, tags)
    last = trellis[np.arange(batch), lens - 1].argmax(axis=1).tolist()
    out: list[list[int]] = [[] for _ in range(batch)]
    for k, (b, n) in enumerate(zip(order.tolist(), lens.tolist())):  # the backtrace, one sentence at a time
        pointers = back[k, :n].tolist()
        path = [0] * n
        current = path[n - 1] = last[k]
        for t in range(n - 1, 0, -1):
            current = path[t - 1] = pointers[t][current]
        out[b] = path
    return out


@dataclass
class _CallWords:
    """One member's view of the words of one :meth:`StanzaTagger.tag` call.

    Attributes:
        ids: character ids of the distinct words that needed them (every word for Stanza's data loader; the
            words not in the frequent-word table otherwise).
        native: batches are built here (``False``: Stanza's data loader, for character LMs or a transformer).
        row: each distinct word's row in ``reps``.
        reps: ``Tensor (distinct words, 2 × char_hidden_dim)`` of the member's character model, or ``None``
            (no character model).
    """

    ids: dict[str, list[int]]
    native: bool
    row: dict[str, int] = field(default_factory=dict)
    reps: Any = None


class StanzaTagger:
    """Stanza NER on pre-tokenized sentences, inference only.

    The model is Stanza's BiLSTM-CRF tagger (Qi et al., ACL 2020 demos), found by :func:`resolve_model` and
    loaded with :func:`load_member` (no optimizer); an ensemble directory loads every member and averages their
    CRF potentials (:mod:`app.detection.ensemble`), at one member's cost per member.

    Inference builds its batches here directly from the token lists (no Stanza ``Document``, pipeline or data
    loader: within a batch the same tensors, in the same sorted order, as Stanza's NER data loader builds), computes
    the character model's representations once per distinct word of the call (:func:`word_representations`), the
    emission scores in the packed layout from the start (:func:`packed_emissions`, Stanza's ``forward`` without its
    padded detours, the same scores; models it does not cover run Stanza's ``forward``), skips the CRF's
    log-normaliser, and decodes each batch with :func:`viterbi_batch`. The tags are those of ``stanza.Pipeline(lang, processors="tokenize,ner",
    tokenize_pretokenized=True)`` with the same model (``tests/test_golden_detection.py``); a sentence's tags do
    not depend on the other sentences of the call nor on their order (``quantize=True`` excepted).

    Args:
        language: language code, e.g. ``"en"``.
        model_dir: explicit model directory (``ner.pt`` + optional ``pretrain.pt``).
        batch_size: sentences per NER batch (``ner_batch_size``); the sentences of a call (of several documents,
            when tagged together) are batched longest first.
        scheme: ``"bio"`` (default) converts the model's BIOES output to BIO; ``"bioes"`` keeps it.
        weights_dir: root of the shipped weights (tests); default ``app/detection/weights``.
        recall_bias: subtracted from the CRF emission score of the ``O`` tag at every token before
            the Viterbi decode (:func:`app.detection.ensemble.recall_bias_vector`, Minkov et al. 2006):
            ``0.0`` (default) is the model's own decode, larger values tag more tokens as entities
            (higher recall, lower precision). Configured per language as ``ner_recall_bias``.
        device: ``"cpu"`` (default) or ``"cuda"`` (:func:`app.detection.torch_setup.select_device`: the CPU, with
            a warning, when torch sees no GPU).
        quantize: int8 dynamic quantization of the members' LSTMs and linear layers (:func:`quantize_member`;
            ``ner_quantize``, ``ANON_NER_QUANTIZE``); ignored, with a warning, on a GPU. Default ``False``: the
            float model, whose tags the golden files hold.

    Raises:
        ModelNotFoundError: no model files found (message lists the paths tried), or Stanza cannot load them.
        ValueError: unknown ``scheme`` or ``device``, a ``recall_bias`` that is not a finite number, or a
            ``recall_bias`` with an ensemble whose ``combine`` is ``"first"``.
        app.detection.ensemble.EnsembleError: ensemble members with different tag sets.
    """

    def __init__(self, language: str, model_dir: str | Path | None = None, batch_size: int = 64,
                 *, scheme: str = "bio", weights_dir: str | Path | None = None, recall_bias: float = 0.0,
                 device: str = "cpu", quantize: bool = False) -> None:
        from app.detection.torch_setup import select_device

        if scheme not in ("bio", "bioes"):
            raise ValueError(f"scheme must be 'bio' or 'bioes', not {scheme!r}")
        self.recall_bias = checked_recall_bias(recall_bias)
        self.language = language
        self.batch_size = batch_size
        self.scheme = scheme
        self.device = select_device(device)
        if quantize and self.device != "cpu":
            logger.warning("ANON_NER_QUANTIZE applies to the CPU only; the NER model runs unquantized on %s",
                           self.device)
        self.quantized = bool(quantize) and self.device == "cpu"
        self.resolved = resolve_model(language, model_dir, weights_dir)
        if self.recall_bias and len(self.resolved.members) > 1 and self.resolved.combine != "average":
            raise ValueError("recall_bias needs a single model or an ensemble with combine='average'")
        self.processor = _Members(self._load_members(), batch_size)
        # character representations of the language's frequent words, computed once (app.detection.char_table)
        self._char_tables = self._load_char_tables()
        # the word BiLSTM's input products of the most frequent words, computed once (app.detection.char_table)
        self._gate_tables = self._load_gate_tables()
        # "first" (Stanza's own multi-model behaviour): each member decoded alone, earlier members win
        self._average = len(self.trainers) == 1 or self.resolved.combine == "average"
        # characters the model never saw are folded to their base letters before tagging ("Çatak" -> "Catak")
        self._fold = token_folder(self.processor)
        self._decoding_cache: dict[tuple, tuple] = {}

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
    def trainers(self) -> list[Any]:
        """The loaded members (Stanza NER ``Trainer`` objects without optimizer), first member first."""
        return self.processor.trainers

    @property
    def labels(self) -> list[str]:
        """Entity labels the model predicts (without B-/I-/E-/S- prefixes), e.g. ``['LOC', 'MISC', 'ORG', 'PER']``."""
        tags = self.processor.get_known_tags()
        return sorted({t[2:] if len(t) > 2 and t[1] == "-" else t for t in tags} - {"O"})

    def _load_members(self) -> list[Any]:
        r = self.resolved
        if len(r.members) > 1:
            members = [(m.model_path, m.pretrain_path, None, None) for m in r.members]
        else:
            members = [(r.model_path, r.pretrain_path, r.forward_charlm_path, r.backward_charlm_path)]
        try:
            trainers = [load_member(m, p, self.device, forward_charlm=f, backward_charlm=b) for m, p, f, b in members]
        except FileNotFoundError as exc:  # e.g. a charlm the official model needs is missing
            raise ModelNotFoundError(f"Stanza could not load {r.model_path}: {exc}") from exc
        if self.quantized:
            for trainer in trainers:
                quantize_member(trainer)
        else:
            from app.detection.bilstm import use_packed_bilstm

            for trainer in trainers:  # both directions in one recurrence (CPU; same tags, docs/performance.md)
                use_packed_bilstm(trainer.model)
        return trainers

    def _load_char_tables(self) -> dict[int, Any]:
        """``{id(trainer): CharTable}`` for the members with a plain character model (not character LMs nor a
        transformer); a member whose table cannot be built simply has none (every word is then computed)."""
        import torch

        from app.detection.char_table import load_char_table

        r = self.resolved
        paths = [m.model_path for m in r.members] if len(r.members) > 1 else [r.model_path]
        tables: dict[int, Any] = {}
        for trainer, path in zip(self.trainers, paths):
            charmodel = getattr(trainer.model, "charmodel", None)
            if charmodel is None or trainer.args.get("charlm") or trainer.model.bert_model is not None:
                continue
            def represent(words: list[str], charmodel: Any = charmodel,
                          char_ids: Callable[[str], list[int]] = _word_char_ids(trainer)) -> Any:
                with torch.no_grad():
                    return word_representations(charmodel, [char_ids(w) for w in words], self.device)

            try:
                table = load_char_table(self.language, path, f"{'int8' if self.quantized else 'float'}-{self.device}",
                                        represent, self.device)
            except Exception as exc:  # noqa: BLE001 - an optimisation only: tag without it
                logger.warning("no frequent-word table for the %s model (%s)", self.language, type(exc).__name__)
                continue
            if table is not None:
                tables[id(trainer)] = table
        return tables

    def _load_gate_tables(self) -> dict[int, Any]:
        """``{id(trainer): InputGateTable}`` for the members with a frequent-word table whose word BiLSTM runs the
        one-recurrence path (:mod:`app.detection.bilstm`; the CPU, not quantized); none for the others."""
        import torch

        from app.detection.bilstm import one_recurrence_of
        from app.detection.char_table import InputGateTable

        tables: dict[int, Any] = {}
        for trainer in self.trainers:
            model = trainer.model
            chars = self._char_tables.get(id(trainer))
            fast = one_recurrence_of(getattr(model, "taggerlstm", None))
            if chars is None or fast is None or model.taggerlstm.pad or not packed_forward_applies(model):
                continue

            def gates(words: list[str], model: Any = model, fast: Any = fast, chars: Any = chars) -> Any:
                with torch.no_grad():
                    return fast.input_gates(input_rows(model, words, chars.index, chars.reps, self.device))

            tables[id(trainer)] = InputGateTable.build(chars, gates, fast.w.size(2))
        return tables

    def _decoding(self, recall_bias: float) -> tuple[list[Any], list[list[str]], Any]:
        """``(column permutation per member, tag names per member, recall-bias vector or None)``, read from the
        members' vocabularies once per loaded member list and recall bias (a few dozen tags; the vectors are never
        written to)."""
        from app.detection.ensemble import _tag_order, check_same_tags, recall_bias_vector

        trainers = self.trainers
        key = (tuple(id(t) for t in trainers), recall_bias)
        cached = self._decoding_cache.get(key)
        if cached is not None:
            return cached
        perms = check_same_tags(trainers) if self._average and len(trainers) > 1 else [None] * len(trainers)
        names = [_tag_order(t) for t in trainers]
        cached = perms, names, recall_bias_vector(names[0], recall_bias) if recall_bias else None
        if len(self._decoding_cache) >= 16:  # per-document recall biases are a handful of configured values
            self._decoding_cache.clear()
        self._decoding_cache[key] = cached
        return cached

    def _call_words(self, trainer: Any, sentences: list[list[str]]) -> "_CallWords":
        """The distinct words of ``sentences`` for one member: their character ids where they are needed and, when
        the member has a character model (not character LMs nor a transformer), their representations: looked up in
        the member's frequent-word table (:mod:`app.detection.char_table`), the other words computed once each
        (:func:`word_representations`). Only the words that are computed get character ids (Stanza's own data loader
        gets them for every word); the words found in the table need none."""
        char_ids = _word_char_ids(trainer)
        distinct = list(dict.fromkeys(word for sent in sentences for word in sent))
        model = trainer.model
        if trainer.args.get("charlm") or model.bert_model is not None:
            return _CallWords({w: char_ids(w) for w in distinct}, native=False)
        charmodel = getattr(model, "charmodel", None)
        if charmodel is None:
            return _CallWords({}, native=True)
        table = self._char_tables.get(id(trainer))
        if table is None or not distinct:
            ids = {w: char_ids(w) for w in distinct}
            row = {word: i for i, word in enumerate(ids)}
            return _CallWords(ids, native=True, row=row, reps=word_representations(charmodel, list(ids.values()),
                                                                                   self.device))
        import torch

        index = table.index
        known = [w for w in distinct if w in index]
        unknown = [w for w in distinct if w not in index]
        ids = {w: char_ids(w) for w in unknown}
        parts = []
        if known:
            parts.append(table.reps.index_select(0, torch.as_tensor([index[w] for w in known], dtype=torch.long,
                                                                    device=table.reps.device)))
        if unknown:
            parts.append(word_representations(charmodel, list(ids.values()), self.device))
        row = {word: i for i, word in enumerate(known + unknown)}
        return _CallWords(ids, native=True, row=row, reps=torch.cat(parts) if len(parts) > 1 else parts[0])

    def _emissions(self, trainer: Any, sentences: list[list[str]], words: "_CallWords") -> tuple[Any, Any, list[int], list[int]]:
        """One batch through one member: ``(scores (batch, max_len, tags) in sorted order, transitions, orig_idx,
        sorted lengths)`` as numpy arrays. ``words`` holds this call's character ids and, for models with a
        character model, the representations of the call's distinct words (:func:`word_representations`)."""
        import torch
        from stanza.models.common.data import sort_all

        if not words.native:  # character LMs or a transformer: Stanza's own data loader
            return self._emissions_stanza_loader(trainer, sentences, [[words.ids[w] for w in s] for s in sentences])
        (words_sorted,), orig_idx = sort_all([sentences], [len(s) for s in sentences])
        sentlens = [len(s) for s in words_sorted]
        if packed_forward_applies(trainer.model) and (words.reps is not None) == _uses_char_model(trainer.model):
            return packed_emissions(trainer.model, words_sorted, words.row, words.reps, self.device,
                                    self._gate_tables.get(id(trainer))), \
                trainer.model.crits[0]._transitions.detach().cpu().numpy(), orig_idx, sentlens
        row = words.row
        rows = _TokenRows([row[w] for sent in words_sorted for w in sent] if words.reps is not None else [],
                          words.reps)
        device = self.device
        tags = torch.zeros((len(words_sorted), sentlens[0], 1), dtype=torch.long, device=device)
        _, logits, trans = trainer.model(words_sorted, None, None, tags, rows, sentlens, None, None, None, None, None)
        return logits[0].cpu().numpy(), trans[0].detach().cpu().numpy(), orig_idx, sentlens

    def _emissions_stanza_loader(self, trainer: Any, sentences: list[list[str]], chars: list[list[list[int]]]) -> tuple[Any, Any, list[int], list[int]]:
        """Models with character LMs or a transformer: Stanza's data loader builds the batch (its character-LM
        inputs), still without a ``Document``."""
        from stanza.models.ner.data import DataLoader
        from stanza.models.ner.trainer import unpack_batch

        loader = DataLoader.__new__(DataLoader)
        loader.vocab = trainer.vocab
        loader.data = [[[sent, ch, [[0]] * len(sent)] for sent, ch in zip(sentences, chars)]]
        inputs, orig_idx, word_orig_idx, char_orig_idx, sentlens, wordlens, charlens, charoffsets = \
            unpack_batch(loader[0], self.device)
        word, wordchars, wordchars_mask, chars_t, tags = inputs
        _, logits, trans = trainer.model(word, wordchars, wordchars_mask, tags, word_orig_idx, sentlens, wordlens,
                                         chars_t, charoffsets, charlens, char_orig_idx)
        return logits[0].cpu().numpy(), trans[0].detach().cpu().numpy(), orig_idx, sentlens

    def _decode(self, scores: Any, trans: Any, sentlens: list[int], orig_idx: list[int], names: list[str]) -> list[list[str]]:
        """Viterbi paths of a sorted batch → BIOES tags in input order (Stanza's prefix-id clamp and singleton fix)."""
        from stanza.models.common.utils import unsort
        from stanza.models.common.vocab import VOCAB_PREFIX_SIZE
        from stanza.models.ner.trainer import fix_singleton_tags

        paths = viterbi_batch(scores, sentlens, trans)
        return unsort([_fix_singletons([names[max(i, VOCAB_PREFIX_SIZE)] for i in path], fix_singleton_tags)
                       for path in paths], orig_idx)

    def _predict(self, sentences: list[list[str]], recall_bias: float) -> list[list[str]]:
        """BIOES tags of non-empty sentences, in input order.

        The sentences are batched longest first, ``batch_size`` per batch (sentences of similar length in one batch:
        the BiLSTM's steps run over full batches for longer), and the tags put back in input order.
        """
        import numpy as np
        import torch
        from stanza.models.ner.utils import merge_tags

        order = sorted(range(len(sentences)), key=lambda i: len(sentences[i]), reverse=True)
        ordered = [sentences[i] for i in order]
        tagged: list[list[str]] = []
        perms, names_of, bias = self._decoding(recall_bias)
        with torch.inference_mode():
            # this call's words only: nothing of a document outlives the call
            words = [self._call_words(t, ordered) for t in self.trainers]
            for start in range(0, len(ordered), self.batch_size):
                chunk = ordered[start:start + self.batch_size]
                results = [self._emissions(t, chunk, w) for t, w in zip(self.trainers, words)]
                orig_idx, sentlens = results[0][2], results[0][3]
                if not self._average:
                    per_member = [self._decode(sc, tr, sentlens, orig_idx, names)
                                  for (sc, tr, _, _), names in zip(results, names_of)]
                    tagged += [merge_tags(*tags) for tags in zip(*per_member)]
                    continue
                if len(results) == 1:
                    scores, trans = results[0][0], results[0][1]
                else:
                    scores = np.mean(np.stack([sc[:, :, p] for (sc, _, _, _), p in zip(results, perms)]), axis=0)
                    trans = np.mean(np.stack([tr[p][:, p] for (_, tr, _, _), p in zip(results, perms)]), axis=0)
                if bias is not None:
                    scores = scores + bias
                tagged += self._decode(scores, trans, sentlens, orig_idx, names_of[0])
        out: list[list[str]] = [[] for _ in sentences]
        for i, tags in zip(order, tagged):
            out[i] = tags
        return out

    def tag(self, sentences: list[list[str]], recall_bias: float | None = None) -> list[list[str]]:
        """Tag pre-tokenized sentences.

        Args:
            sentences: ``list[list[str]]``, tokens of each sentence (empty sentences allowed); sentences of
                several documents may be passed together (they share batches; the tags do not change).
            recall_bias: this call's recall bias instead of the tagger's own :attr:`recall_bias` (the ``strict``
                privacy profile's ``ner_recall_bias_strict``); ``None`` (default) keeps the tagger's.

        Returns:
            ``list[list[str]]`` with exactly one tag per input token, in the model's own labels
            (e.g. ``B-PER``, ``I-PER``, ``O``), BIO unless ``scheme="bioes"``.

        Raises:
            ValueError: a ``recall_bias`` that is not a finite number, or any non-zero one with an ensemble whose
                ``combine`` is ``"first"``.
        """
        bias = self.recall_bias if recall_bias is None else checked_recall_bias(recall_bias)
        if bias and not self._average:
            raise ValueError("recall_bias needs a single model or an ensemble with combine='average'")
        non_empty = [i for i, s in enumerate(sentences) if s]
        out: list[list[str]] = [[] for _ in sentences]
        if not non_empty:
            return out
        # Stanza cannot take empty or whitespace-only tokens: give it a neutral placeholder
        batch = [[self._fold(tok) if tok and not tok.isspace() else "_" for tok in sentences[i]] for i in non_empty]
        tagged = self._predict(batch, bias)
        for i, tags in zip(non_empty, tagged):
            if len(tags) != len(sentences[i]):
                raise RuntimeError("the NER model changed the tokenisation of a pre-tokenized sentence")
            out[i] = bioes_to_bio(tags) if self.scheme == "bio" else tags
        return out

    def __call__(self, sentences: list[list[str]]) -> list[list[str]]:
        """Same as :meth:`tag`, so a tagger can be passed as a ``predict`` callable."""
        return self.tag(sentences)
