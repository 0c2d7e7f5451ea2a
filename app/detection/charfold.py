"""Character folding for NER models whose character vocabulary lacks a document's letters.

A Stanza NER model embeds every character of a token through its character vocabulary: a character it never
saw in training is ``<UNK>``, so "Uğur Çatak" or "Świnoujście" reach the tagger as words with holes (the
English model has 88 symbols, no ``Ç Ö Ş Ż Ś İ Ü ğ ı``: "Mr Ugur Catak" is tagged, "Mr Uğur Çatak" is not).
Before tagging, each character of a token that the model does not know is folded to its base letter:
Unicode canonical decomposition (NFD) without the combining marks ("Ç" → "C", "ő" → "o"), then a small table for
letters that do not decompose ("ı" → "i", "ł" → "l", "ø" → "o", "ß" → "ss", "æ" → "ae", "þ" → "th") and for
typographic punctuation ("“" → '"', "’" → "'"). Characters the model knows are never changed ("ü" stays "ü" for
the German model), and the text itself is never changed: tags come back one per token, and the entity offsets
are those of the original tokens (:class:`app.detection.ner.StanzaRecognizer`), so they map back exactly.

The same idea is the "accent folding" normalisation of search engines (Unicode Technical Report #30, withdrawn,
and Lucene's ``ASCIIFoldingFilter``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

#: Letters and symbols that do not decompose into a base letter and combining marks.
FOLD_TABLE: dict[str, str] = {
    "ı": "i", "İ": "I", "ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "ß": "ss", "ẞ": "SS", "æ": "ae", "Æ": "AE",
    "œ": "oe", "Œ": "OE", "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "þ": "th", "Þ": "Th", "ħ": "h", "Ħ": "H",
    "ŋ": "n", "Ŋ": "N", "ſ": "s", "ĸ": "k", "ŀ": "l", "Ŀ": "L", "ŉ": "n",
    "“": '"', "”": '"', "„": '"', "«": '"', "»": '"', "‘": "'", "’": "'", "‚": "'", "′": "'", "´": "'",
    "–": "-", "—": "-", "‐": "-", "‑": "-", "−": "-", "…": "...", "\u00a0": " ",
}


@lru_cache(maxsize=4096)
def fold_character(char: str) -> str:
    """The base form of one character: :data:`FOLD_TABLE`, else NFD without combining marks, else ``char``.

    Returns:
        ``str`` of one or more characters ("ß" → "ss"); ``char`` itself when nothing folds it ("字").
    """
    if char in FOLD_TABLE:
        return FOLD_TABLE[char]
    base = "".join(c for c in unicodedata.normalize("NFD", char) if not unicodedata.combining(c))
    return base or char


def fold_token(token: str, known: frozenset[str] | set[str]) -> str:
    """``token`` with every character outside ``known`` folded (:func:`fold_character`) when its folded form is
    made of known characters; other characters are left as they are.

    Args:
        token: one token.
        known: the model's character vocabulary.

    Returns:
        ``str``, possibly of another length ("Straße" → "Strasse" when "ß" is unknown); ``token`` itself when
        every character is known.
    """
    if known.issuperset(token):  # every character known (the set's own loop over the string)
        return token
    out = []
    for c in token:
        if c not in known:
            folded = fold_character(c)
            if all(f in known for f in folded):
                c = folded
        out.append(c)
    return "".join(out)


def model_characters(ner_processor: Any) -> frozenset[str] | None:
    """The characters every model of a Stanza NER processor knows (the intersection over an ensemble's members).

    Args:
        ner_processor: ``stanza.pipeline.ner_processor.NERProcessor`` (its ``trainers``, each with a ``vocab``
            holding a ``char`` :class:`stanza.models.common.vocab.CharVocab`).

    Returns:
        ``frozenset[str]`` of single characters (special units such as ``<UNK>`` left out), or ``None`` when a
        model has no character vocabulary (then nothing is folded).
    """
    known: set[str] | None = None
    for trainer in getattr(ner_processor, "trainers", ()):
        try:
            units: Iterable[str] = trainer.vocab["char"]._unit2id.keys()
        except (AttributeError, KeyError, TypeError):
            return None
        chars = {u for u in units if len(u) == 1}
        known = chars if known is None else known & chars
    return frozenset(known) if known else None


def token_folder(ner_processor: Any) -> Callable[[str], str]:
    """A function ``str -> str`` folding a token for the models of ``ner_processor`` (identity when they have no
    character vocabulary). Nothing is cached: tokens are document words (personal data stays out of caches)."""
    known = model_characters(ner_processor)
    if known is None:
        return lambda token: token

    def fold(token: str) -> str:
        return fold_token(token, known)

    return fold
