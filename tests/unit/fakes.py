"""Test doubles for the NER model: a gazetteer tagger with exact, known behaviour."""

from __future__ import annotations


class GazetteerTagger:
    """Tags token sequences found in a phrase list (BIO, CoNLL labels); everything else ``O``.

    Args:
        phrases: ``{"John Doe": "PER", ...}``; matched on whitespace tokens, longest first.
    """

    def __init__(self, phrases: dict[str, str]) -> None:
        self.phrases = sorted(((p.split(), label) for p, label in phrases.items()), key=lambda x: -len(x[0]))
        self.calls = 0

    def tag(self, sentences: list[list[str]]) -> list[list[str]]:
        self.calls += 1
        out = []
        for tokens in sentences:
            tags = ["O"] * len(tokens)
            i = 0
            while i < len(tokens):
                for words, label in self.phrases:
                    if tokens[i : i + len(words)] == words and all(t == "O" for t in tags[i : i + len(words)]):
                        tags[i] = f"B-{label}"
                        for j in range(i + 1, i + len(words)):
                            tags[j] = f"I-{label}"
                        i += len(words) - 1
                        break
                i += 1
            out.append(tags)
        return out


def found(recognizer, text: str) -> list[str]:
    """The texts of ``recognizer``'s entities in ``text`` (no sentences), each checked against its offsets."""
    entities = recognizer.recognize(text, [])
    assert all(text[e.start:e.end] == e.text for e in entities)
    return [e.text for e in entities]


def detect(language: str, text: str, tags: dict[str, str] | None = None,
           profile: str = "standard") -> list[tuple[str, str]]:
    """``[(text, label), ...]`` of the whole detector of ``language`` on ``text`` in the privacy ``profile``, the
    model replaced by a :class:`GazetteerTagger` of ``tags`` (``{"John Doe": "PER", ...}``)."""
    from app.detection.pipeline import build_detector

    tagger = GazetteerTagger(tags or {})
    detector = build_detector(language, tagger_factory=lambda *_: tagger)
    return [(e.text, e.label) for e in detector.detect(text, profile=profile)]
