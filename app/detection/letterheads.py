"""A company's name alone on its line with its legal form: a letterhead.

Letters, invoices, contracts and reports open with their sender's name and legal form on a line of its own
("HARGREAVE & POOLE RECOVERIES LTD", "TALLERES ARRIZABALAGA E HIJOS, S.L.", "PULSO FIT - Clube de Fitness, Lda.",
"LABORATÓRIO SÃO LUCAS DE ANÁLISES CLÍNICAS LTDA."). The model tags pieces of such names (stop 53: "HARGREAVE &
POOLE" and "LTD", "ARRIZABALAGA" and "S.L" as a person), and the legal-form rule's proposal, crossing them, was
dropped: words of the name stayed in clear. A letterhead's line is strong evidence of one organization, so
:class:`LetterheadRecognizer` ranks above the model and its entity takes the line's pieces' place (Graliński et al.,
2009, §4.1, on legal forms as the evidence of a company's name).

Linear in the text: one scan for lines that end in a word of a legal form, a bounded test per line.
"""

from __future__ import annotations

import re

from app import languages
from app.detection.base import Recognizer
from app.detection.labels import ORGANIZATION
from app.doc import Entity, Sentence

#: Legal forms of every language and of other countries, as written, in capitals and without their final full stop
#: ("Lda." → "LDA.", "Lda", "LDA"), case-folded.
_FORMS: frozenset[str] = frozenset(
    f.casefold()
    for form in (languages.union("legal_forms") | languages.FOREIGN_LEGAL_FORMS)
    for f in (form, form.rstrip(".")))
#: Words that join the names of a letterhead's company, case-folded ("&", "-", "de", "Y", "AND").
_JOINERS: frozenset[str] = frozenset("& - – , de del da do dos das di du e y i und and of la los le".split())
#: Most capitalised words of a letterhead's company before its legal form.
MAX_WORDS = 8
#: A line: its words, then a legal form's word (perhaps glued to a comma before it) at its end, a full stop allowed.
_LINE = re.compile(r"(?m)^[^\S\n]*(?P<name>[^\n]{2,160}?)[^\S\n]*,?[^\S\n]+(?P<form>[^\s,]{2,12})[^\S\n]*$")
_WORD = re.compile(r"[^\s,]+|,")


class LetterheadRecognizer(Recognizer):
    """A line of up to :data:`MAX_WORDS` capitalised words or words in capitals, joined by :data:`_JOINERS`, that ends
    in a legal form of any language (:data:`_FORMS`): ``list[Entity]`` of label ``ORGANIZATION``, the name and its
    form (character offsets, half-open, without the line's surrounding spaces; the form's final full stop included),
    in text order. No word with a digit, a colon or a bracket; the first word capitalised; a name in mixed case has a
    word in capitals or a joiner in lower case, or opens the text."""

    name = "letterhead"

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        out: list[Entity] = []
        for m in _LINE.finditer(text):
            if m.group("form").casefold() not in _FORMS:
                continue
            words = _WORD.findall(m.group("name"))
            capitalised = [w for w in words if w[:1].isupper() and not any(c.isdigit() or c in ":()[]|/" for c in w)]
            joined = all(w in capitalised or w.casefold() in _JOINERS for w in words)
            if not joined or not 1 <= len(capitalised) <= MAX_WORDS or words[0] not in capitalised:
                continue
            # a name in mixed case only with a word in capitals ("PULSO FIT - Clube de Fitness, Lda."), a joiner in
            # lower case, or as the text's first line: a line of fields and values ("Company Name Homegate Hospitality
            # Inc" of CoNLL-2003's IPO filings) is no letterhead
            if not (any(len(w) >= 2 and w.isupper() for w in capitalised) or any(w.islower() for w in words)
                    or not text[:m.start()].strip()):
                continue
            start, end = m.start("name"), m.end("form")
            out.append(Entity(start, end, ORGANIZATION, text[start:end], self.name))
        return out
