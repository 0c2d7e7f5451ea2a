"""Train a Stanza NER model from CoNLL-style corpora, fully offline.

Usage::

    python -m anontools.detection.train --language en \\
        --train ../shared/data/ner/en/conll2003/train.txt \\
        --dev ../shared/data/ner/en/conll2003/valid.txt --format conll2003 \\
        --output app/detection/weights/en [--wordvec-pretrain PATH | --spacy-vectors DIR] \\
        [--max-steps N] [--batch-size N] [--eval-interval N]

The corpora are read with :mod:`anontools.detection.conll` (any supported ``--format``, so users' own
domain data in CoNLL format works too), converted to Stanza's NER JSON format in a scratch directory
(``work/ner-<language>/`` by default, gitignored) and handed to Stanza's own trainer
(``stanza.models.ner_tagger``, mode ``train``) with explicit paths: nothing is downloaded.
Stanza keeps the checkpoint with the best dev entity F1; it is copied to ``<output>/ner.pt``
(floating-point tensors stored as float16 unless ``--no-compact``), with the word-vector pretrain
(if any) as ``<output>/pretrain.pt`` and a ``training.json`` describing the run.

Model: Stanza's BiLSTM-CRF tagger with character BiLSTM and word embeddings
(Qi et al., "Stanza: A Python NLP Toolkit for Many Human Languages", ACL 2020 demos;
Lample et al., "Neural Architectures for Named Entity Recognition", NAACL 2016).
"""

from __future__ import annotations

import datetime as _dt
import json
import logging
import re
import shlex
import shutil
import sys
import time
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Annotated, Any

import typer

from anontools import cli_options as opt
from anontools.detection.conll import Sentence, read_conll
from app.detection.ensemble import ENSEMBLE_FILE

logger = logging.getLogger(__name__)

MODEL_FILE = "ner.pt"
PRETRAIN_FILE = "pretrain.pt"
METADATA_FILE = "training.json"


@dataclass(frozen=True)
class Hyperparameters:
    """The settings of Stanza's NER trainer (``stanza.models.ner_tagger``) that :func:`train_ner` passes under their
    own names, in this order (:meth:`args`); the defaults are Stanza's but ``max_steps`` (20000, not 200000).

    Attributes:
        max_steps: optimisation steps at most; max_steps_no_improve: stop after this many without dev gain;
        eval_interval: steps between dev evaluations (the best checkpoint is kept); batch_size: sentences per batch;
        hidden_dim, char_hidden_dim: sizes of the word and character BiLSTMs; dropout; optim: ``sgd``, ``adam``,
        ``adamw``, ``adamax``...; lr: learning rate; seed: random seed.
    """

    max_steps: int = 20000
    max_steps_no_improve: int = 2500
    eval_interval: int = 500
    batch_size: int = 32
    hidden_dim: int = 256
    char_hidden_dim: int = 100
    dropout: float = 0.5
    optim: str = "sgd"
    lr: float = 0.1
    seed: int = 1234

    def args(self) -> list[str]:
        """Stanza's arguments: ``["--max_steps", "20000", "--max_steps_no_improve", "2500", ...]``."""
        return [word for f in fields(self) for word in (f"--{f.name}", str(getattr(self, f.name)))]


#: The defaults of the training command's options.
DEFAULTS = Hyperparameters()

# Config entries of a Stanza checkpoint that hold local paths; cleaned before shipping.
_PATH_CONFIG_KEYS = (
    "data_dir", "wordvec_dir", "wordvec_file", "wordvec_pretrain_file", "train_file", "eval_file",
    "eval_output_file", "save_dir", "charlm_save_dir", "charlm_forward_file", "charlm_backward_file",
    "finetune_load_name",
)


# --------------------------------------------------------------------------------------------
# data conversion
# --------------------------------------------------------------------------------------------

def sentences_to_stanza_json(sentences: list[Sentence]) -> list[list[dict[str, str]]]:
    """Convert ``list[list[(token, tag)]]`` to Stanza's NER JSON (``[[{"text", "ner"}, ...], ...]``).

    Stanza's data loader converts BIO to BIOES itself (``--scheme bioes``).
    """
    return [[{"text": tok, "ner": tag} for tok, tag in sent] for sent in sentences if sent]


def write_stanza_json(sentences: list[Sentence], path: str | Path) -> Path:
    """Write sentences in Stanza's NER JSON format to ``path`` and return it."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as fh:
        json.dump(sentences_to_stanza_json(sentences), fh, ensure_ascii=False)
    return path


# --------------------------------------------------------------------------------------------
# word vectors: spaCy vectors -> Stanza pretrain
# --------------------------------------------------------------------------------------------

_M64 = 0xC6A4A7935BD1E995
_MASK64 = (1 << 64) - 1


def spacy_hash(text: str, seed: int = 1) -> int:
    """spaCy's string hash: MurmurHash64A of the UTF-8 bytes with seed 1 (``spacy.strings.hash_string``).

    Source: Austin Appleby's MurmurHash2 (MurmurHash64A), as used by spaCy's ``StringStore``.
    """
    data = text.encode("utf-8")
    n = len(data)
    h = (seed ^ (n * _M64)) & _MASK64
    nblocks = n // 8
    for i in range(nblocks):
        k = int.from_bytes(data[8 * i: 8 * i + 8], "little")
        k = (k * _M64) & _MASK64
        k ^= k >> 47
        k = (k * _M64) & _MASK64
        h ^= k
        h = (h * _M64) & _MASK64
    tail = data[8 * nblocks:]
    if tail:
        for j in range(len(tail) - 1, -1, -1):
            h ^= tail[j] << (8 * j)
        h = (h * _M64) & _MASK64
    h ^= h >> 47
    h = (h * _M64) & _MASK64
    h ^= h >> 47
    return h


def _read_msgpack_int_map(blob: bytes) -> dict[int, int]:
    """Decode a msgpack map of unsigned integers to unsigned integers (spaCy's ``key2row``).

    Raises:
        ValueError: if the blob is not such a map.
    """
    pos = 0

    def read_uint() -> int:
        nonlocal pos
        b = blob[pos]
        if b < 0x80:
            pos += 1
            return b
        widths = {0xCC: 1, 0xCD: 2, 0xCE: 4, 0xCF: 8}
        if b not in widths:
            raise ValueError(f"unexpected msgpack type 0x{b:02x} at byte {pos}")
        w = widths[b]
        value = int.from_bytes(blob[pos + 1: pos + 1 + w], "big")
        pos += 1 + w
        return value

    head = blob[0]
    if 0x80 <= head <= 0x8F:
        count, pos = head & 0x0F, 1
    elif head == 0xDE:
        count, pos = int.from_bytes(blob[1:3], "big"), 3
    elif head == 0xDF:
        count, pos = int.from_bytes(blob[1:5], "big"), 5
    else:
        raise ValueError("key2row is not a msgpack map")
    out: dict[int, int] = {}
    for _ in range(count):
        key = read_uint()
        out[key] = read_uint()
    return out


def save_stanza_pretrain(id2unit: list[str], unit2id: dict[str, int], emb: Any, output: str | Path,
                         *, float16: bool = True) -> int:
    """Write a Stanza word-vector pretrain file (``.pt``) from a vocabulary and a matrix.

    Args:
        id2unit: ``list[str]``, one word per row of ``emb``; the first rows must be Stanza's
            ``VOCAB_PREFIX`` (``<PAD>``, ``<UNK>``, ``<EMPTY>``, ``<ROOT>``).
        unit2id: ``dict[str, int]`` word -> row (several words may share a row).
        emb: ``numpy.ndarray`` of shape ``(len(id2unit), dim)``, float32.
        output: path of the ``.pt`` file (parent directories are created).
        float16: store the matrix as float16 (Stanza copies it into a float32 embedding when loading).

    Returns:
        size of the written file in bytes.
    """
    import torch
    from stanza.models.common.pretrain import Pretrain, PretrainedWordVocab

    vocab = PretrainedWordVocab(lang="", idx=0, cutoff=0, lower=False)
    vocab._id2unit = list(id2unit)
    vocab._unit2id = dict(unit2id)
    tensor = torch.from_numpy(emb)
    if float16:
        tensor = tensor.half()
    pretrain = Pretrain(str(output), save_to_file=False)
    pretrain._vocab = vocab
    pretrain._emb = tensor
    Path(output).parent.mkdir(parents=True, exist_ok=True)
    pretrain.save(str(output))
    return Path(output).stat().st_size


def read_spacy_vectors(
    vocab_dir: str | Path, *, dim: int | None = 200, max_word_length: int = 40
) -> tuple[Any, dict[str, int], float]:
    """Read a spaCy vectors table (``<model>/vocab/{vectors,key2row,strings.json}``), optionally PCA-reduced.

    Args:
        vocab_dir: the spaCy model's ``vocab`` directory.
        dim: number of PCA dimensions (centred SVD), or ``None``/``0`` to keep the original width.
        max_word_length: longer strings are skipped.

    Returns:
        ``(vectors, word2row, explained)``: float32 ``numpy.ndarray`` ``(rows, dim)``; ``dict[str, int]`` from each
        lower-cased string to its row (the row of the lower-case string itself, else of its Capitalised form, else
        of any casing: spaCy's pruned tables map many strings to one row); the share of variance the PCA keeps
        (1.0 without PCA).

    Raises:
        FileNotFoundError: if one of the three spaCy files is missing.
    """
    import numpy as np

    vocab_dir = Path(vocab_dir)
    for name in ("vectors", "key2row", "strings.json"):
        if not (vocab_dir / name).exists():
            raise FileNotFoundError(f"{vocab_dir / name} not found (expected a spaCy model's vocab/ directory)")
    vectors = np.load(vocab_dir / "vectors", allow_pickle=False).astype(np.float32)
    key2row = _read_msgpack_int_map((vocab_dir / "key2row").read_bytes())
    strings = json.loads((vocab_dir / "strings.json").read_text(encoding="utf-8"))

    candidates: dict[str, list[tuple[int, str, int]]] = {}
    for s in strings:
        if not s or len(s) > max_word_length or any(ch.isspace() for ch in s):
            continue
        row = key2row.get(spacy_hash(s))
        if row is None:
            continue
        low = s.lower()
        rank = 0 if s == low else 1 if s == low.capitalize() else 2
        candidates.setdefault(low, []).append((rank, s, row))
    word2row = {w: min(c)[2] for w, c in sorted(candidates.items())}

    explained = 1.0
    if dim and dim < vectors.shape[1]:
        centred = vectors - vectors.mean(axis=0, keepdims=True)
        _, s_vals, vt = np.linalg.svd(centred, full_matrices=False)
        explained = float((s_vals[:dim] ** 2).sum() / (s_vals ** 2).sum())
        vectors = centred @ vt[:dim].T
    return vectors.astype(np.float32), word2row, explained


def build_pretrain_from_spacy(
    vocab_dir: str | Path,
    output: str | Path,
    *,
    dim: int | None = 200,
    max_word_length: int = 40,
    float16: bool = True,
) -> dict[str, Any]:
    """Convert a spaCy vectors table (``<model>/vocab/{vectors,key2row,strings.json}``) into a Stanza pretrain.

    spaCy's ``en_core_web_md`` stores 20,000 unique 300-d vectors and maps ~685k strings to them
    (pruned vectors: rare words point to the row of a close frequent word). We keep exactly that
    structure: the pretrain's embedding matrix has one row per unique vector (plus Stanza's 4
    special rows) and its vocabulary maps every lower-cased string (Stanza looks words up
    lower-cased) to its row. Several words may therefore share a row, which Stanza's
    ``PretrainedWordVocab`` supports because it stores ``_unit2id`` and ``_id2unit`` separately.
    Optionally the vectors are reduced to ``dim`` dimensions by PCA (centred SVD), and stored
    as float16 (Stanza copies them into a float32 embedding when loading).

    Args:
        vocab_dir: the spaCy model's ``vocab`` directory.
        output: path of the ``.pt`` pretrain file to write.
        dim: number of PCA dimensions, or ``None``/``0`` to keep the original width.
        max_word_length: longer strings are skipped.
        float16: store the matrix as float16 (halves the file size).

    Returns:
        ``dict`` of statistics: ``words``, ``rows``, ``dim``, ``explained_variance``, ``bytes``.

    Raises:
        FileNotFoundError: if one of the three spaCy files is missing.
    """
    import numpy as np
    from stanza.models.common.vocab import VOCAB_PREFIX

    vectors, word2row, explained = read_spacy_vectors(vocab_dir, dim=dim, max_word_length=max_word_length)
    n_rows = vectors.shape[0]
    width = vectors.shape[1]

    prefix = len(VOCAB_PREFIX)
    emb = np.zeros((n_rows + prefix, width), dtype=np.float32)
    emb[prefix:] = vectors
    # one representative word per row for _id2unit (the alphabetically first word mapping to it)
    rep: dict[int, str] = {}
    for w, r in word2row.items():
        rep.setdefault(r, w)
    id2unit = list(VOCAB_PREFIX) + [rep.get(r, f"<row{r}>") for r in range(n_rows)]
    unit2id = {u: i for i, u in enumerate(VOCAB_PREFIX)}
    for w, r in word2row.items():
        if w not in unit2id:
            unit2id[w] = r + prefix
    for i, u in enumerate(id2unit[prefix:], start=prefix):
        unit2id.setdefault(u, i)

    save_stanza_pretrain(id2unit, unit2id, emb, output, float16=float16)
    return {
        "words": len(unit2id) - prefix,
        "rows": n_rows + prefix,
        "dim": width,
        "explained_variance": round(explained, 4),
        "bytes": Path(output).stat().st_size,
    }


# --------------------------------------------------------------------------------------------
# model post-processing
# --------------------------------------------------------------------------------------------

def compact_checkpoint(src: str | Path, dst: str | Path, *, float16: bool = True) -> int:
    """Copy a Stanza NER checkpoint, storing float tensors as float16 and removing local paths.

    Stanza loads state dicts with ``strict=False`` and ``copy_``, so float16 tensors are cast back
    to float32 parameters at load time.

    Returns:
        size in bytes of ``dst``.
    """
    import torch

    ckpt = torch.load(str(src), map_location="cpu", weights_only=True)
    if float16:
        ckpt["model"] = {
            k: (v.half() if torch.is_tensor(v) and v.is_floating_point() else v)
            for k, v in ckpt["model"].items()
        }
    config = dict(ckpt.get("config", {}))
    for key in _PATH_CONFIG_KEYS:
        value = config.get(key)
        if isinstance(value, str) and value:
            config[key] = Path(value).name
    ckpt["config"] = config
    Path(dst).parent.mkdir(parents=True, exist_ok=True)
    torch.save(ckpt, str(dst), _use_new_zipfile_serialization=False)
    return Path(dst).stat().st_size


def slim_pretrain(src: str | Path, dst: str | Path) -> int:
    """Copy a Stanza pretrain keeping its matrix and only one word per row in its vocabulary.

    A Stanza NER checkpoint stores its own copy of the pretrain vocabulary (``vocab['word']``)
    and only takes the embedding matrix from the pretrain file at load time, so the shipped
    pretrain does not need the (possibly many-to-one, see :func:`build_pretrain_from_spacy`)
    word-to-row dictionary a second time. The full file stays in the scratch directory.

    Returns:
        size in bytes of ``dst``.
    """
    import torch

    data = torch.load(str(src), map_location="cpu", weights_only=True)
    vocab = dict(data["vocab"])
    id2unit = list(vocab["_id2unit"])
    vocab["_unit2id"] = {}
    for i, unit in enumerate(id2unit):
        vocab["_unit2id"].setdefault(unit, i)
    data["vocab"] = vocab
    Path(dst).parent.mkdir(parents=True, exist_ok=True)
    torch.save(data, str(dst), _use_new_zipfile_serialization=False)
    return Path(dst).stat().st_size


def install_model(model_src: str | Path, output: str | Path, pretrain_path: str | Path | None = None,
                  *, compact: bool = True) -> dict[str, int]:
    """Copy a Stanza NER checkpoint (and its pretrain) into ``output`` as ``ner.pt`` / ``pretrain.pt``.

    Used at the end of :func:`train_ner`; also usable on the best checkpoint of an interrupted run
    (Stanza writes it to ``<work_dir>/saved_models/<language>_nertagger.pt`` at each dev improvement).
    With ``compact`` the checkpoint is stored in float16 (:func:`compact_checkpoint`) and the
    pretrain slimmed (:func:`slim_pretrain`). A stale ``pretrain.pt`` is removed when the model
    has none, and so is an ``ensemble.json`` (the directory now holds this one model; rebuild an ensemble
    with ``anonymizer-dev ensemble``).

    Returns:
        ``{file name: size in bytes}`` of the ``.pt`` files in ``output``.

    Raises:
        FileNotFoundError: if ``model_src`` or ``pretrain_path`` does not exist.
    """
    output = Path(output)
    output.mkdir(parents=True, exist_ok=True)
    stale_manifest = output / ENSEMBLE_FILE
    if stale_manifest.exists():
        stale_manifest.unlink()
        logger.warning("removed %s: %s now holds one model (rebuild the ensemble with anonymizer-dev ensemble)",
                       stale_manifest, output)
    model_dst = output / MODEL_FILE
    if compact:
        compact_checkpoint(model_src, model_dst)
    else:
        shutil.copyfile(model_src, model_dst)
    if pretrain_path is not None:
        pretrain_path = Path(pretrain_path)
        if pretrain_path.resolve() != (output / PRETRAIN_FILE).resolve():
            if compact:
                slim_pretrain(pretrain_path, output / PRETRAIN_FILE)
            else:
                shutil.copyfile(pretrain_path, output / PRETRAIN_FILE)
    elif (output / PRETRAIN_FILE).exists():
        (output / PRETRAIN_FILE).unlink()  # a stale pretrain would not match this model
    return {p.name: p.stat().st_size for p in sorted(output.glob("*.pt"))}


# --------------------------------------------------------------------------------------------
# training
# --------------------------------------------------------------------------------------------

def train_ner(
    language: str,
    train: str | Path,
    dev: str | Path,
    output: str | Path,
    *,
    fmt: str = "auto",
    wordvec_pretrain: str | Path | None = None,
    spacy_vectors: str | Path | None = None,
    pretrain_dim: int | None = 200,
    hyperparameters: Hyperparameters = DEFAULTS,
    word_emb_dim: int = 100,
    work_dir: str | Path | None = None,
    compact: bool = True,
    extra_args: list[str] | None = None,
    command: str | None = None,
) -> dict[str, Any]:
    """Train a Stanza NER model and write it to ``output``.

    Args:
        language: language code (``en``, ``de``...), used for Stanza's shorthand and file names.
        train, dev: corpus files in a format understood by :func:`anontools.detection.conll.read_conll`.
        output: directory receiving ``ner.pt``, ``pretrain.pt`` (if word vectors are used) and
            ``training.json``.
        fmt: corpus format name (see :data:`anontools.detection.conll.FORMATS`), ``auto`` to detect.
        wordvec_pretrain: an existing Stanza pretrain ``.pt`` file; copied next to the model.
        spacy_vectors: alternatively, a spaCy model's ``vocab/`` directory converted with
            :func:`build_pretrain_from_spacy` (``pretrain_dim`` PCA dimensions).
            With neither, the model is trained without pretrained vectors (``--no_pretrain``) and
            learns ``word_emb_dim``-d embeddings of the training words.
        hyperparameters: passed to Stanza's trainer (:class:`Hyperparameters`).
        work_dir: scratch directory for the JSON data and checkpoints (default ``work/ner-<language>``).
        compact: store the shipped checkpoint's float tensors as float16.
        extra_args: further raw arguments for ``stanza.models.ner_tagger``.
        command: the command line to record in ``training.json``.

    Returns:
        the metadata dict written to ``training.json`` (paths, sizes, hyper-parameters,
        wall time, best dev F1 reported by Stanza).

    Raises:
        FileNotFoundError: if a corpus or vector file is missing.
        ValueError: if the training or dev file yields no sentences, or both vector options are given.
        RuntimeError: if Stanza's trainer did not produce a model file.
    """
    from stanza.models import ner_tagger

    if wordvec_pretrain and spacy_vectors:
        raise ValueError("give either wordvec_pretrain or spacy_vectors, not both")
    output = Path(output)
    work = Path(work_dir) if work_dir else Path("work") / f"ner-{language}"
    work.mkdir(parents=True, exist_ok=True)
    output.mkdir(parents=True, exist_ok=True)
    started = time.time()

    train_sents = read_conll(train, fmt)
    dev_sents = read_conll(dev, fmt)
    if not train_sents:
        raise ValueError(f"no sentences in training file {train}")
    if not dev_sents:
        raise ValueError(f"no sentences in dev file {dev}")
    train_json = write_stanza_json(train_sents, work / "train.json")
    dev_json = write_stanza_json(dev_sents, work / "dev.json")

    pretrain_info: dict[str, Any] | None = None
    pretrain_path: Path | None = None
    if spacy_vectors:
        pretrain_path = work / PRETRAIN_FILE
        pretrain_info = build_pretrain_from_spacy(spacy_vectors, pretrain_path, dim=pretrain_dim)
        pretrain_info["source"] = str(spacy_vectors)
    elif wordvec_pretrain:
        pretrain_path = Path(wordvec_pretrain)
        if not pretrain_path.exists():
            raise FileNotFoundError(f"pretrain file {pretrain_path} not found")
        pretrain_info = {"source": str(pretrain_path)}

    save_dir = work / "saved_models"
    save_name = f"{language}_nertagger.pt"
    args = [
        "--mode", "train",
        "--shorthand", f"{language}_custom",
        "--train_file", str(train_json),
        "--eval_file", str(dev_json),
        "--save_dir", str(save_dir),
        "--save_name", save_name,
        *hyperparameters.args(),
        "--cpu",
    ]
    if pretrain_path is not None:
        args += ["--wordvec_pretrain_file", str(pretrain_path)]
    else:
        args += ["--no_pretrain", "--word_emb_dim", str(word_emb_dim)]
    args += list(extra_args or [])

    logger.info("stanza ner_tagger %s", " ".join(shlex.quote(a) for a in args))
    capture = _DevScoreCapture()
    stanza_logger = logging.getLogger("stanza")
    stanza_logger.addHandler(capture)
    try:
        ner_tagger.main(args)
    finally:
        stanza_logger.removeHandler(capture)
    model_src = save_dir / save_name
    if not model_src.exists():
        raise RuntimeError(f"Stanza's trainer did not write {model_src}; see its log above")

    install_model(model_src, output, pretrain_path, compact=compact)
    best_dev = capture.best
    metadata: dict[str, Any] = {
        "language": language,
        "train": str(train),
        "dev": str(dev),
        "format": fmt,
        "train_sentences": len(train_sents),
        "train_tokens": sum(len(s) for s in train_sents),
        "dev_sentences": len(dev_sents),
        "labels": sorted({t[2:] for s in train_sents for _, t in s if t != "O"}),
        "pretrain": pretrain_info,
        "stanza_args": args,
        "best_dev_entity_f1": best_dev,  # Stanza's own dev scorer (entity level)
        "wall_time_seconds": round(time.time() - started, 1),
        "finished": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
        "command": command,
        "files": {p.name: p.stat().st_size for p in sorted(output.glob("*.pt"))},
    }
    (output / METADATA_FILE).write_text(json.dumps(metadata, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return metadata


class _DevScoreCapture(logging.Handler):
    """Collects the dev entity F1 values that Stanza's trainer logs (``step N: ... dev_score = 0.9123``)."""

    _pattern = re.compile(r"step (\d+): train_loss = [-\d.naif]+, dev_score = ([\d.]+)")

    def __init__(self) -> None:
        super().__init__(level=logging.INFO)
        self.scores: list[tuple[int, float]] = []

    def emit(self, record: logging.LogRecord) -> None:
        match = self._pattern.search(record.getMessage())
        if match:
            self.scores.append((int(match.group(1)), float(match.group(2))))

    @property
    def best(self) -> dict[str, float | int] | None:
        if not self.scores:
            return None
        step, score = max(self.scores, key=lambda x: (x[1], -x[0]))
        return {"f1": round(score, 4), "step": step, "evaluations": len(self.scores)}


# --------------------------------------------------------------------------------------------
# CLI
# --------------------------------------------------------------------------------------------

app = typer.Typer(add_completion=False, help=__doc__.split("\n\n")[0])


@app.command()
def main(
    language: opt.Language,
    train: Annotated[Path, typer.Option(help="Training corpus file")],
    dev: opt.DevCorpus,
    output: Annotated[Path, typer.Option(help="Output directory, e.g. app/detection/weights/en")],
    format: opt.CorpusFormat = "auto",
    wordvec_pretrain: Annotated[Path | None, typer.Option(help="Existing Stanza pretrain .pt file")] = None,
    spacy_vectors: Annotated[Path | None, typer.Option(help="spaCy model vocab/ dir to convert into a pretrain")] = None,
    pretrain_dim: Annotated[int, typer.Option(help="PCA dimensions for --spacy-vectors (0 = keep)")] = 200,
    max_steps: opt.MaxSteps = DEFAULTS.max_steps,
    batch_size: opt.BatchSize = DEFAULTS.batch_size,
    eval_interval: Annotated[int, typer.Option(help="Steps between dev evaluations")] = DEFAULTS.eval_interval,
    max_steps_no_improve: Annotated[int, typer.Option(help="Stop after this many steps without dev gain")] = (
        DEFAULTS.max_steps_no_improve),
    hidden_dim: Annotated[int, typer.Option(help="Word BiLSTM hidden size")] = DEFAULTS.hidden_dim,
    char_hidden_dim: Annotated[int, typer.Option(help="Character BiLSTM hidden size")] = DEFAULTS.char_hidden_dim,
    word_emb_dim: Annotated[int, typer.Option(help="Word embedding size without pretrain")] = 100,
    dropout: Annotated[float, typer.Option(help="Dropout")] = DEFAULTS.dropout,
    optim: Annotated[str, typer.Option(help="sgd, adam, adamw, adamax...")] = DEFAULTS.optim,
    lr: Annotated[float, typer.Option(help="Learning rate")] = DEFAULTS.lr,
    seed: Annotated[int, typer.Option(help="Random seed")] = DEFAULTS.seed,
    work_dir: opt.WorkDir = None,
    compact: Annotated[bool, typer.Option(help="Store shipped tensors as float16")] = True,
    stanza_arg: Annotated[list[str] | None, typer.Option(help="Extra raw argument for Stanza's trainer (repeatable)")] = None,
) -> None:
    """Train a Stanza NER model offline and write ner.pt (+ pretrain.pt, training.json) to OUTPUT."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    command = "python -m anontools.detection.train " + " ".join(shlex.quote(a) for a in sys.argv[1:])
    hyperparameters = Hyperparameters(
        max_steps=max_steps, max_steps_no_improve=max_steps_no_improve, eval_interval=eval_interval,
        batch_size=batch_size, hidden_dim=hidden_dim, char_hidden_dim=char_hidden_dim, dropout=dropout, optim=optim,
        lr=lr, seed=seed)
    meta = train_ner(
        language, train, dev, output, fmt=format, wordvec_pretrain=wordvec_pretrain, spacy_vectors=spacy_vectors,
        pretrain_dim=pretrain_dim or None, hyperparameters=hyperparameters, word_emb_dim=word_emb_dim,
        work_dir=work_dir, compact=compact, extra_args=stanza_arg, command=command,
    )
    typer.echo(json.dumps({k: meta[k] for k in ("best_dev_entity_f1", "wall_time_seconds", "files")}, indent=2))


if __name__ == "__main__":
    app()
