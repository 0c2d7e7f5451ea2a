"""Combined, non-context-preserving anonymization (Kleinberg & Mozes, 2017).

Kleinberg & Mozes, 2017: "The context-preserving replacement is used to identify candidates for replacement that are
then replaced with the procedure of the non-context preserving replacement", with the example
"XXX and XXX spent more than XXX XXX on writing the software. XXX started in XXX XXX in XXX."

Definition used here (it reproduces the seed's output exactly): the words to mask are

1. every word of every detected entity, whatever its case ("1000 hours" → "XXX XXX": the entity the
   context-preserving method tagged ``[DATE/TIME.1]``), and
2. every word the UK Data Service procedure masks (capitalised words and numbers, :mod:`.ukds`), which is
   why the undetected sentence-initial "They" becomes "XXX" in the seed's example;

each such word becomes one ``XXX`` (the UKDS procedure works word by word, so a two-word entity gives
"XXX XXX"; punctuation inside an entity, e.g. the ``@`` of an e-mail address, is kept, but no letter
or digit of an entity: overlapping words are merged into one mask). Like ``ukds``,
the masks are all alike (``unique = False``) and re-identification goes by order of appearance.
"""

from __future__ import annotations

from app.anonymization.base import ChainContext, DocumentContext
from app.anonymization.operators.ukds import WORD, UkdsOperator, is_ukds_word, mask_spans, merge_spans
from app.doc import Entity


class CombinedOperator(UkdsOperator):
    """UKDS masking of every word of the detected entities plus the UKDS words (see the module docstring).

    Options:
        mask: the replacement of every selected word (default ``XXX``).
    """

    name = "combined"
    unique = False

    def select(self, text: str, entities: list[Entity], language: str) -> list[Entity]:
        spans = [(m.start(), m.end()) for m in WORD.finditer(text) if is_ukds_word(m.group(0))]
        for entity in entities:
            spans.extend((entity.start + m.start(), entity.start + m.end()) for m in WORD.finditer(entity.text))
        return merge_spans(text, spans + mask_spans(text, self.mask), entities)

    def replace(self, chain: ChainContext, document: DocumentContext) -> list[str]:
        return [self.mask] * len(chain.mentions)
