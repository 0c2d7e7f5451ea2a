"""Ensembles of Stanza NER models: CRF potentials averaged over members, one Viterbi decode.

A model directory may hold several Stanza NER checkpoints trained on the same tagset (other seeds,
other word vectors). Its ``ensemble.json`` manifest lists them::

    {"combine": "average",
     "members": [{"model": "ner.pt", "pretrain": "pretrain.pt"},
                 {"model": "member-2/ner.pt", "pretrain": "member-2/pretrain.pt"}]}

Paths are relative to the directory. :class:`app.detection.stanza_ner.StanzaTagger` loads every
member into one Stanza NER processor (Stanza's ``;``-separated ``ner_model_path``) and, for each
sentence, averages the members' emission scores (``seq_len × num_tags``) and their CRF transition
matrices (``num_tags × num_tags``) before a single Viterbi decode (:func:`average_viterbi`). This is
a product of experts over tag sequences: the decoded sequence maximises the mean of the members'
unnormalised log-scores, so it is always a valid BIOES sequence under the averaged transitions,
unlike per-token voting. Averaging independently trained taggers is the standard ensembling of
BiLSTM-CRF NER (e.g. Reimers & Gurevych, "Reporting Score Distributions Makes a Difference",
EMNLP 2017, on seed variance; Dias, 2016, §4.2.2 combines recognizers by voting, which
:mod:`app.detection.voting` does *between* recognizers; this module combines *within* the NER
recognizer).

``combine: "first"`` keeps Stanza's own behaviour instead: the first member's tags, gaps filled by
later members (``stanza.models.ner.utils.merge_tags``); it raises recall, not precision.

An ensemble directory is built from trained model directories by the tools
(``anontools.detection.ensemble``)::

    anonymizer-dev ensemble --output app/detection/weights/en MODEL_DIR_1 MODEL_DIR_2 ...
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ENSEMBLE_FILE = "ensemble.json"
MODEL_FILE = "ner.pt"
PRETRAIN_FILE = "pretrain.pt"
COMBINE_MODES = ("average", "first")


class EnsembleError(ValueError):
    """An ``ensemble.json`` manifest is malformed, names missing files, or its members disagree on tags."""


@dataclass(frozen=True)
class EnsembleMember:
    """One member of an ensemble: a Stanza NER checkpoint and the pretrain it needs (or ``None``)."""

    model_path: Path
    pretrain_path: Path | None


@dataclass(frozen=True)
class EnsembleManifest:
    """A parsed ``ensemble.json``: the members (at least one) and how their outputs are combined."""

    members: tuple[EnsembleMember, ...]
    combine: str = "average"


def read_manifest(directory: str | Path) -> EnsembleManifest | None:
    """Read ``<directory>/ensemble.json``.

    Returns:
        the manifest, or ``None`` when the directory has no ``ensemble.json``.

    Raises:
        EnsembleError: unreadable JSON, no members, an unknown ``combine`` mode, a path that leaves
            the directory, or a member file that does not exist.
    """
    directory = Path(directory)
    path = directory / ENSEMBLE_FILE
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise EnsembleError(f"{path}: not readable JSON ({type(exc).__name__})") from exc
    if not isinstance(data, dict) or not isinstance(data.get("members"), list) or not data["members"]:
        raise EnsembleError(f"{path}: expected an object with a non-empty 'members' list")
    combine = data.get("combine", "average")
    if combine not in COMBINE_MODES:
        raise EnsembleError(f"{path}: 'combine' must be one of {COMBINE_MODES}, not {combine!r}")
    root = directory.resolve()
    members = []
    for i, entry in enumerate(data["members"]):
        if not isinstance(entry, dict) or not isinstance(entry.get("model"), str):
            raise EnsembleError(f"{path}: member {i} needs a 'model' path")
        files = [entry["model"]] + ([entry["pretrain"]] if entry.get("pretrain") else [])
        resolved = []
        for rel in files:
            full = (directory / rel).resolve()
            if root not in full.parents:
                raise EnsembleError(f"{path}: member {i} path {rel!r} leaves the model directory")
            if not full.is_file():
                raise EnsembleError(f"{path}: member {i} file {rel!r} does not exist")
            resolved.append(full)
        members.append(EnsembleMember(resolved[0], resolved[1] if len(resolved) > 1 else None))
    return EnsembleManifest(tuple(members), combine)


def average_viterbi(emissions: list[Any], transitions: list[Any], tag_bias: Any | None = None) -> list[int]:
    """Decode one sentence from the mean CRF potentials of several members.

    Args:
        emissions: one ``numpy`` array per member, shape ``(seq_len, num_tags)``, columns in the
            same tag order for every member.
        transitions: one ``numpy`` array per member, shape ``(num_tags, num_tags)``,
            ``[i, j]`` = score of tag ``j`` following tag ``i`` (Stanza's ``CRFLoss`` layout).
        tag_bias: optional ``numpy`` array of shape ``(num_tags,)`` added to the averaged emission
            scores of every token before decoding (:func:`recall_bias_vector`); ``None`` = no bias.

    Returns:
        ``list[int]`` of ``seq_len`` tag indices, the Viterbi path of the averaged potentials.

    Raises:
        EnsembleError: no members, or shapes that disagree.
    """
    import numpy as np
    from stanza.models.common.crf import viterbi_decode

    if not emissions or len(emissions) != len(transitions):
        raise EnsembleError("average_viterbi needs one emission and one transition matrix per member")
    shapes = {e.shape for e in emissions}
    tshapes = {t.shape for t in transitions}
    if len(shapes) != 1 or len(tshapes) != 1:
        raise EnsembleError(f"members disagree on shapes: emissions {sorted(shapes)}, transitions {sorted(tshapes)}")
    scores = np.mean(np.stack(emissions), axis=0)
    if tag_bias is not None:
        if tag_bias.shape != (scores.shape[1],):
            raise EnsembleError(f"tag_bias has shape {tag_bias.shape}, expected ({scores.shape[1]},)")
        scores = scores + tag_bias
    trans = np.mean(np.stack(transitions), axis=0)
    path, _ = viterbi_decode(scores, trans)
    return [int(i) for i in path]


def _tag_name(vocab: Any, index: int) -> str:
    """Tag string of column index ``index`` in a Stanza tag vocabulary (``TagVocab`` or one-column ``CompositeVocab``)."""
    from stanza.models.common.vocab import VOCAB_PREFIX

    if index < len(VOCAB_PREFIX):  # <PAD>, <UNK>, <EMPTY>, <ROOT>: never decoded as tags
        return VOCAB_PREFIX[index]
    unit = vocab.id2unit((index,)) if hasattr(vocab, "lens") else vocab.id2unit(index)
    return unit[0] if isinstance(unit, list) else unit


def _tag_order(trainer: Any) -> list[str]:
    vocab = trainer.vocab["tag"]
    size = vocab.lens()[0] if hasattr(vocab, "lens") else len(vocab)
    return [_tag_name(vocab, i) for i in range(size)]


def check_same_tags(trainers: list[Any]) -> list[list[int]]:
    """Column permutations that map each member's tag order onto the first member's.

    Returns:
        ``list[list[int]]``: for member ``m``, ``perm[m][k]`` is the column of member ``m`` that
        holds the first member's tag ``k``.

    Raises:
        EnsembleError: a member has a different tag set, or more than one output tag column.
    """
    reference = _tag_order(trainers[0])
    perms = []
    for m, trainer in enumerate(trainers):
        if len(trainer.model.tag_clfs) != 1:
            raise EnsembleError(f"member {m} has {len(trainer.model.tag_clfs)} tag columns; averaging needs one")
        order = _tag_order(trainer)
        if sorted(order) != sorted(reference):
            raise EnsembleError(f"member {m} predicts tags {sorted(set(order) - set(reference))} "
                                f"the first member does not (or lacks {sorted(set(reference) - set(order))})")
        index = {tag: i for i, tag in enumerate(order)}
        perms.append([index[tag] for tag in reference])
    return perms


def checked_recall_bias(value: Any, name: str = "recall_bias") -> float:
    """``value`` as a float recall bias (``name`` is the setting's name in the error).

    Raises:
        ValueError: not a finite number (booleans refused).
    """
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value):
        raise ValueError(f"{name} must be a finite number, not {value!r}")
    return float(value)


def recall_bias_vector(names: list[str], recall_bias: float) -> Any:
    """Per-tag emission bias that trades precision for recall: ``-recall_bias`` on the ``O`` column.

    Lowering the score of the outside tag at every token makes the Viterbi path enter an entity
    wherever the model's margin for ``O`` is smaller than ``recall_bias`` (in the CRF's
    unnormalised log-score units); ``0`` leaves the decode unchanged. This is the recall/precision
    knob of Minkov et al., "NER Systems that Suit User's Preferences: Adjusting the Recall-Precision
    Trade-off for Entity Extraction", HLT-NAACL 2006 (a weight added to the outside class of a CRF);
    the project favours recall (Dias, 2016, §5.1: a missed entity is a leak).

    Args:
        names: tag of each emission column (``list[str]``, e.g. ``['<PAD>', ..., 'O', 'B-PER', ...]``).
        recall_bias: amount subtracted from the ``O`` column (≥ 0 raises recall; negative lowers it).

    Returns:
        ``numpy`` array of shape ``(len(names),)``.

    Raises:
        EnsembleError: ``names`` has no ``O`` tag.
    """
    import numpy as np

    if "O" not in names:
        raise EnsembleError("the tag vocabulary has no 'O' tag to bias")
    bias = np.zeros(len(names), dtype=np.float32)
    bias[names.index("O")] = -float(recall_bias)
    return bias


def predict_averaged(processor: Any, document: Any, recall_bias: float = 0.0) -> list[list[str]]:
    """Tag every sentence of a tokenized Stanza document with the averaged members of ``processor``.

    With one member this is that model's own CRF decode (Stanza's ``viterbi_decode`` on the same
    scores); with several, their potentials are averaged first (module docstring).

    Args:
        processor: a loaded Stanza ``NERProcessor`` (its ``trainers`` are the members).
        document: a ``stanza.Document`` already tokenized (``processors="tokenize"``).
        recall_bias: subtracted from the ``O`` emission score of every token before decoding
            (:func:`recall_bias_vector`); ``0.0`` = the members' own decode.

    Returns:
        ``list[list[str]]``: BIOES tags of the first member's tag vocabulary, one list per sentence
        of ``document``, one tag per token.

    Raises:
        EnsembleError: members disagree on the tag set (see :func:`check_same_tags`).
    """
    import torch
    from stanza.models.common import utils
    from stanza.models.common.vocab import VOCAB_PREFIX_SIZE
    from stanza.models.ner.data import DataLoader
    from stanza.models.ner.trainer import fix_singleton_tags, unpack_batch

    trainers = processor.trainers
    perms = check_same_tags(trainers)
    per_member: list[list[Any]] = []  # member → sentence → emissions (seq_len, num_tags)
    member_trans: list[Any] = []
    with torch.no_grad():
        for trainer, config, perm in zip(trainers, processor.configs, perms):
            trainer.model.eval()
            device = next(trainer.model.parameters()).device
            loader = DataLoader(document, config["batch_size"], config, vocab=trainer.vocab, evaluation=True,
                                preprocess_tags=False, bert_tokenizer=trainer.model.bert_tokenizer)
            sentences: list[Any] = []
            trans = None
            for batch in loader:
                inputs, orig_idx, word_orig_idx, char_orig_idx, sentlens, wordlens, charlens, charoffsets = \
                    unpack_batch(batch, device)
                word, wordchars, wordchars_mask, chars, tags = inputs
                _, logits, transitions = trainer.model(word, wordchars, wordchars_mask, tags, word_orig_idx, sentlens,
                                                       wordlens, chars, charoffsets, charlens, char_orig_idx)
                scores = logits[0].cpu().numpy()[:, :, perm]
                trans = transitions[0].cpu().numpy()[perm][:, perm]
                batch_sentences = [scores[i, :sentlens[i]] for i in range(scores.shape[0])]
                sentences += utils.unsort(batch_sentences, orig_idx)
            per_member.append(sentences)
            member_trans.append(trans)
    names = _tag_order(trainers[0])  # column index → tag, once for the whole document
    bias = recall_bias_vector(names, recall_bias) if recall_bias else None
    out: list[list[str]] = []
    for sentence_scores in zip(*per_member):
        path = average_viterbi(list(sentence_scores), member_trans, bias)
        out.append(fix_singleton_tags([names[max(i, VOCAB_PREFIX_SIZE)] for i in path]))
    return out
