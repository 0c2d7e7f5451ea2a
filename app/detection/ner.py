"""Model-based recognizer: Stanza NER on our own tokens, converted to the standard tagset.

Tokens come from :mod:`app.tokenization` (character offsets kept); Stanza tags them with
``tokenize_pretokenized=True`` (:class:`app.detection.stanza_ner.StanzaTagger`); tag sequences in
BIO, IOB1 or BIOES are decoded into spans and each model tag is converted to a standard label
(Dias, 2016 Appendix B ``converttags``).
"""

from __future__ import annotations

import inspect
from typing import Protocol

from app.detection.base import Recognizer
from app.detection.labels import convert_tag
from app.doc import Entity, Sentence


class Tagger(Protocol):
    """Anything that tags pre-tokenized sentences: ``list[list[str]]`` → one tag per token."""

    def tag(self, sentences: list[list[str]]) -> list[list[str]]: ...


def decode_spans(tags: list[str]) -> list[tuple[int, int, str]]:
    """Decode a tag sequence into token spans.

    Accepts BIO (IOB2), IOB1 and BIOES tags; an ``I-``/``E-`` tag whose type differs from the open
    span starts a new span (lenient decoding, as in the CoNLL evaluation script).

    Returns:
        ``list[tuple[start_token, end_token, type]]``, token indices half-open.
    """
    spans: list[tuple[int, int, str]] = []
    start: int | None = None
    kind: str | None = None
    for i, tag in enumerate(tags):
        prefix, _, t = tag.partition("-")
        if tag == "O" or not t:
            if start is not None:
                spans.append((start, i, kind))  # type: ignore[arg-type]
            start, kind = None, None
            continue
        if prefix in ("B", "S") or start is None or t != kind:
            if start is not None:
                spans.append((start, i, kind))  # type: ignore[arg-type]
            start, kind = i, t
        if prefix in ("E", "S"):
            spans.append((start, i + 1, kind))  # type: ignore[arg-type]
            start, kind = None, None
    if start is not None:
        spans.append((start, len(tags), kind))  # type: ignore[arg-type]
    return spans


def accepts_recall_bias(tagger: Tagger) -> bool:
    """Whether ``tagger.tag`` takes a per-call ``recall_bias`` keyword (:meth:`StanzaTagger.tag
    <app.detection.stanza_ner.StanzaTagger.tag>` does; a custom tagger may not)."""
    try:
        return "recall_bias" in inspect.signature(tagger.tag).parameters
    except (TypeError, ValueError, AttributeError):
        return False


class StanzaRecognizer(Recognizer):
    """Named entities from a Stanza NER model.

    Args:
        tagger: a loaded :class:`~app.detection.stanza_ner.StanzaTagger` (or any :class:`Tagger`).
        conversion: name of the tag conversion table in :data:`app.detection.labels.CONVERSION_TABLES`
            or a mapping; model tags without an entry are dropped.
        recall_bias: passed to every ``tagger.tag`` call instead of the tagger's own bias (the ``strict``
            profile's twin, :meth:`with_recall_bias`); ``None`` (default): the tagger's own.
    """

    name = "stanza"
    reads_written = False  # the model reads restored case only (see Recognizer.reads_written)

    def __init__(self, tagger: Tagger, conversion: str | dict[str, str] = "conll",
                 recall_bias: float | None = None) -> None:
        self.tagger = tagger
        self.conversion = conversion
        self.recall_bias = recall_bias

    def with_recall_bias(self, recall_bias: float) -> "StanzaRecognizer":
        """A twin on the same tagger (same model, loaded once) whose calls decode with ``recall_bias``.

        Raises:
            TypeError: the tagger's ``tag`` takes no ``recall_bias`` (:func:`accepts_recall_bias`).
        """
        if not accepts_recall_bias(self.tagger):
            raise TypeError(f"{type(self.tagger).__name__}.tag takes no recall_bias")
        return StanzaRecognizer(self.tagger, self.conversion, recall_bias=recall_bias)

    def _tag(self, sentences: list[list[str]]) -> list[list[str]]:
        if self.recall_bias is None:
            return self.tagger.tag(sentences)
        return self.tagger.tag(sentences, recall_bias=self.recall_bias)  # type: ignore[call-arg]

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        if not sentences:
            return []
        return self._entities(text, sentences, self._tag([[tok.text for tok in s.tokens] for s in sentences]))

    def recognize_many(self, texts: list[str], sentences: list[list[Sentence]]) -> list[list[Entity]]:
        """:meth:`recognize` for several documents with one tagger call (their sentences share model batches).

        Args:
            texts: the documents.
            sentences: the sentences of each document (offsets into its text).

        Returns:
            one ``list[Entity]`` per document, offsets into its text (half-open).

        An int8-quantized tagger (``quantized``: dynamic quantization scales each batch's activations by the batch's
        own range) tags each document in a call of its own, so that a document's entities never depend on the
        documents that arrive with it.
        """
        if getattr(self.tagger, "quantized", False):
            return [self.recognize(text, doc) for text, doc in zip(texts, sentences, strict=True)]
        tags = self._tag([[tok.text for tok in s.tokens] for doc in sentences for s in doc])
        out: list[list[Entity]] = []
        start = 0
        for text, doc in zip(texts, sentences, strict=True):
            out.append(self._entities(text, doc, tags[start:start + len(doc)]))
            start += len(doc)
        return out

    def _entities(self, text: str, sentences: list[Sentence], tags: list[list[str]]) -> list[Entity]:
        entities: list[Entity] = []
        for sentence, sentence_tags in zip(sentences, tags, strict=True):
            for first, last, kind in decode_spans(sentence_tags):
                label = convert_tag(kind, self.conversion)
                if label is None:
                    continue
                start, end = sentence.tokens[first].start, sentence.tokens[last - 1].end
                entities.append(Entity(start, end, label, text[start:end], self.name))
        return entities
