"""The payer or payee of a transaction on a bank statement (label ``PERSON``, or ``ORGANIZATION`` before a legal form).

Bank statements are among the documents certified translators see most (visa and immigration applications), and
their lines name people the way no news-trained model reads them: in capitals, after a bank's transaction code,
without a title ("02/03  SO CHIDI OKONJO RENT  -650.00", "FPI MARGARET OKONJO"), or after a transfer's words
("SEPA-Überweisung an Anna Schmidt", "Bizum de Lucía", "Pix recebido - Maria Souza"). A stop-44 user found "CHIDI"
in clear beside the masked surname. A transaction's counterparty follows a written convention, so a pattern finds it
(Dias, 2016, §4.2.2: patterns for what has a regular form; Graliński et al., 2009, §4.1: the left context names the
class):

* after a cue of the language (:attr:`app.languages.Language.payment_cues`): a transfer's words anywhere ("transfer
  to", "Überweisung an", "transferencia a favor de", "Pix enviado para"); a bank's short code ("SO", "FPI", "BGC",
  "TFR") only where a statement's line opens with it, alone or after the line's date;
* up to four words written as names are (capitalised or in capitals, initials, particles such as "de", "da", "von"
  between), never across a line break, stopping before a reference word of the language ("RENT", "MIETE",
  "ALQUILER", "ALUGUEL"; :attr:`app.languages.Language.payment_references`), a digit or punctuation;
* ``ORGANIZATION`` when the words end in a legal form of the language ("ACME LTD", "Muster GmbH"), else ``PERSON``
  (a shop paid by card is named after "CARD PAYMENT TO", which is no cue: it names businesses).

A direct debit ("DD THAMES WATER") names a company that collects money, never a person: not a cue.
"""

from __future__ import annotations

import re
from functools import lru_cache

from app import languages
from app.detection.base import Recognizer
from app.detection.labels import ORGANIZATION, PERSON
from app.doc import Entity, Sentence
from app.tokenization import UPPER

_SP = r"[^\S\n]"
#: A word written as a name: capitalised or in capitals ("Okonjo", "OKONJO", "O'NEILL", "Adebayo-Clarke"), or an
#: initial ("J", "J.").
_NAME_WORD = rf"[{UPPER}](?:[\w'’-]*\w|\.)?"
#: Particles inside a name ("de", "da", "von", "van der", "y").
_PARTICLES = r"(?:de|da|do|dos|das|del|la|von|van|der|den|zu|y|e)"
#: A bank's short transaction code opens the line, alone or after the line's date ("02/03", "02.03.2026", "2 Mar").
_LINE_OPENING = rf"(?m:^){_SP}*(?:(?:\d{{1,2}}[./-]\d{{1,2}}(?:[./-]\d{{2,4}})?|\d{{1,2}}{_SP}[A-Za-z]{{3}})\.?{_SP}+)?"


#: An amount with two decimals ("-650.00", "1.200,00", "£45.67"): a statement's line holds one after the payee.
_AMOUNT = re.compile(r"\d[.,]\d\d(?!\d)")


@lru_cache(maxsize=8)
def _patterns(language: str) -> tuple[re.Pattern[str] | None, re.Pattern[str] | None]:
    """``(after a transfer's words, after a short code opening a line)`` of ``language``, either ``None``."""
    lang = languages.get(language)
    # the words: a name word, then up to three more, particles between
    name = rf"(?P<name>{_NAME_WORD}(?:{_SP}+(?:{_PARTICLES}{_SP}+)?{_NAME_WORD}){{0,3}})"
    cued = coded = None
    if lang.payment_cues:
        cued = re.compile(rf"(?<![\w-])(?i:{'|'.join(lang.payment_cues)}):?{_SP}*(?:-{_SP}*)?{name}")
    if lang.payment_codes:
        # a bank's short code is a word of its own, spaces after it ("SOCCER" opens with "SO")
        coded = re.compile(rf"{_LINE_OPENING}(?:{'|'.join(lang.payment_codes)}){_SP}+{name}")
    return cued, coded


class PayeeRecognizer(Recognizer):
    """Payers and payees of bank statements' transactions (see the module's description).

    Raises:
        app.languages.UnknownLanguage: ``language`` is not declared (a ``ValueError``).
    """

    name = "payee"

    def __init__(self, language: str = "en") -> None:
        lang = languages.get(language)
        self.cued, self.coded = _patterns(language)
        self.references = frozenset(w.casefold() for w in lang.payment_references)
        self.legal_forms = frozenset(f.casefold().rstrip(".") for f in lang.legal_forms)

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        found: list[tuple[int, int]] = []
        if self.cued is not None:
            found.extend(m.span("name") for m in self.cued.finditer(text))
        if self.coded is not None:
            for m in self.coded.finditer(text):
                line_end = text.find("\n", m.end())
                # a statement's line: an amount after the payee ("SO FAR SO GOOD" opening a headline is none)
                if _AMOUNT.search(text, m.end(), len(text) if line_end < 0 else line_end):
                    found.append(m.span("name"))
        out: list[Entity] = []
        for start, end in sorted(found):
            kept_end = start
            for w in re.finditer(r"\S+", text[start:end]):
                if w.group().casefold().rstrip(".") in self.references:
                    break
                kept_end = start + w.end()
            if kept_end == start or (out and start < out[-1].end):
                continue
            last = text[start:kept_end].split()[-1].casefold().rstrip(".")
            label = ORGANIZATION if last in self.legal_forms else PERSON
            out.append(Entity(start, kept_end, label, text[start:kept_end], self.name))
        return out
