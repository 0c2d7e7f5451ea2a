"""Character representations of a language's frequent words, computed once per model instead of once per call.

Stanza's NER tagger represents each word by the final states of a BiLSTM over its characters (Qi et al., ACL 2020
demos, §2.2; Lample et al. 2016, §4.1). The representation depends on the word's characters and the model only, so
for the words every text is made of ("the", "of", "der", "que", ".", ",") it can be computed once when the model is
loaded and looked up afterwards. On the demo documents (``anonymizer-dev char-table-check en de es pt``) 78–84 % of
the distinct words of a call are in the table, no tag changes, and the tagger spends less CPU per character
(figures in README, "Benchmark").

The words come from ``wordfreq`` (Speer 2022; package data): the :data:`FREQUENT_WORDS` most frequent words of the
language, the capitalised forms of the first :data:`CAPITALISED_WORDS` of them, and punctuation. **No document
text ever enters the table**, so it is neither a cache of personal data nor a side channel of what was tagged
(README, "Security"). The table is stored in the disk cache (:mod:`app.cache`); its file name carries wordfreq's version and a
digest of the model file, the list's sizes and this code, so a worker reads it back in milliseconds instead of
building it (~1 s per language), and a new model or list builds a new file.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

logger = logging.getLogger(__name__)

#: how many of a language's most frequent words (wordfreq's ``top_n_list``) get a precomputed representation
FREQUENT_WORDS = 8000
#: how many of them also get their capitalised form (sentence starts: "The", "Der")
CAPITALISED_WORDS = 5000
#: words represented per call while a table is built
BUILD_CHUNK = 1024
#: tokens of punctuation, always in the table
PUNCTUATION = tuple(".,;:!?()[]{}\"'-–—/%&+*«»„“”‘’…§")


def frequent_words(language: str) -> list[str]:
    """The words of the table of ``language``, most frequent first, each once; ``[]`` when wordfreq does not know
    the language (e.g. ``"xx"``)."""
    from wordfreq import available_languages, top_n_list

    if language not in available_languages(wordlist="small"):
        return []
    words = top_n_list(language, FREQUENT_WORDS, wordlist="small")  # "small": 2.5 MB in memory, "best" ~25 MB
    if not words:
        return []
    out: dict[str, None] = {}
    for word in [*words, *(w[:1].upper() + w[1:] for w in words[:CAPITALISED_WORDS]), *PUNCTUATION]:
        if word:
            out.setdefault(word, None)
    return list(out)


@dataclass(frozen=True)
class CharTable:
    """Precomputed character representations of frequent words for one model.

    Attributes:
        index: word → its row in ``reps``.
        reps: ``Tensor (len(index), 2 × char_hidden_dim)`` on the model's device.
    """

    index: dict[str, int]
    reps: Any

    def __len__(self) -> int:
        return len(self.index)

    @classmethod
    def build(cls, words: list[str], represent: Callable[[list[str]], Any]) -> "CharTable":
        """The table of ``words``; ``represent(words)`` returns their representations, row ``i`` for ``words[i]``
        (:func:`app.detection.stanza_ner.word_representations` of the model's character model). Words are
        represented :data:`BUILD_CHUNK` at a time, so that building does not raise the process's peak memory (one
        call for all ~13,000 words took ~300 MB of activations)."""
        import torch

        parts = [represent(words[i:i + BUILD_CHUNK]) for i in range(0, len(words), BUILD_CHUNK)]
        return cls({w: i for i, w in enumerate(words)}, torch.cat(parts) if len(parts) > 1 else parts[0])

    def to_bytes(self) -> bytes:
        """A JSON header line (words, shape) followed by the float32 rows (for :mod:`app.cache`)."""
        import numpy as np

        array = np.ascontiguousarray(self.reps.detach().cpu().numpy(), dtype=np.float32)
        header = orjson.dumps({"words": list(self.index), "shape": list(array.shape)})
        return header + b"\n" + array.tobytes()

    @classmethod
    def from_bytes(cls, data: bytes, device: Any = "cpu") -> "CharTable":
        """Inverse of :meth:`to_bytes`.

        Raises:
            ValueError: the data is not a table (the cache then rebuilds it).
        """
        import numpy as np
        import torch

        head, sep, body = data.partition(b"\n")
        if not sep:
            raise ValueError("no header")
        meta = orjson.loads(head)
        rows, cols = meta["shape"]
        if len(meta["words"]) != rows or len(body) != rows * cols * 4:
            raise ValueError("table size does not match its header")
        array = np.frombuffer(body, dtype=np.float32).reshape(rows, cols).copy()
        return cls({w: i for i, w in enumerate(meta["words"])}, torch.from_numpy(array).to(device))


#: bytes of float32 input products per model in an :class:`InputGateTable` (English, hidden size 128: 3,072 words;
#: German, Spanish, Portuguese, 256: 1,536 words)
GATE_TABLE_BYTES = 12 * 1024 * 1024


def ranked_words(table: CharTable) -> list[str]:
    """The words of a frequent-word table, most frequent first: punctuation, then each word of wordfreq's list
    followed by its capitalised form when the table has one ("the", "The", "of", "Of", …)."""
    words = list(table.index)
    lower = [w for w in words if w not in PUNCTUATION]
    capitalised = {w for w in lower if w[:1].isupper()}
    out = [w for w in PUNCTUATION if w in table.index]
    for word in lower:
        if word in capitalised and word[:1].lower() + word[1:] in table.index:
            continue  # placed after its lower-case form
        out.append(word)
        cap = word[:1].upper() + word[1:]
        if cap != word and cap in capitalised:
            out.append(cap)
    return out


@dataclass(frozen=True)
class InputGateTable:
    """The word-level BiLSTM's input products ``W x + b`` (both directions, as
    :meth:`app.detection.bilstm.PackedBiLSTM.input_gates` computes them) of a language's most frequent words.

    A word's input row (its word vector, delta correction and character representation) depends on the word only,
    so its products do too: the tagger looks them up for the words of this table (76 % of the English demo
    documents' tokens) instead of multiplying (stop 47; the products were 13 % of detection's CPU on those documents).
    The words are the first of :func:`ranked_words` that :data:`GATE_TABLE_BYTES` holds; **no document text ever
    enters the table** (README, "Security"). Built from the :class:`CharTable` when the model loads (~0.1 s), before
    a worker forks its stage processes, so they share it.

    Attributes:
        index: word → its row in ``gates``.
        gates: ``Tensor (2, len(index), 4 × hidden)``: direction 0 forward, 1 backward.
    """

    index: dict[str, int]
    gates: Any

    def __len__(self) -> int:
        return len(self.index)

    @classmethod
    def build(cls, table: CharTable, gates: Callable[[list[str]], Any], width: int) -> "InputGateTable":
        """The table of the most frequent words of ``table`` (:func:`ranked_words`) that :data:`GATE_TABLE_BYTES`
        holds at ``width`` (``4 × hidden``) float32 numbers per direction and word; ``gates(words)`` returns their
        products ``(2, len(words), width)``, computed :data:`BUILD_CHUNK` words at a time."""
        import torch

        words = ranked_words(table)[:max(1, GATE_TABLE_BYTES // (2 * width * 4))]
        parts = [gates(words[i:i + BUILD_CHUNK]) for i in range(0, len(words), BUILD_CHUNK)]
        return cls({w: i for i, w in enumerate(words)}, torch.cat(parts, 1) if len(parts) > 1 else parts[0])


def load_char_table(language: str, model_path: Path, variant: str, represent: Callable[[list[str]], Any],
                    device: Any) -> CharTable | None:
    """The table of ``language`` for the model at ``model_path``: read from the disk cache, else built with
    ``represent`` and written there; ``None`` when the language has no word list.

    Args:
        variant: what else the representations depend on: the tagger passes ``"float-cpu"``, ``"int8-cpu"``,
            ``"float-cuda"``, ... (quantization and device change the last digits of the rows).
        represent: see :meth:`CharTable.build`.
        device: where the rows live (the model's device).
    """
    from app.cache import cache_file, read_or_build, source_digest

    from wordfreq import available_languages

    if language not in available_languages(wordlist="small"):
        return None
    # the word list is read from wordfreq only to build: the file name covers its version and the list's sizes
    salt = source_digest(Path(__file__), Path(model_path), variant,
                         f"{FREQUENT_WORDS}/{CAPITALISED_WORDS}/{''.join(PUNCTUATION)}")
    path = cache_file(f"chartable-{language}", ["wordfreq", "stanza", "torch"], salt=salt, suffix="bin")
    return read_or_build(path, lambda: CharTable.build(frequent_words(language), represent), CharTable.to_bytes,
                         lambda data: CharTable.from_bytes(data, device))
