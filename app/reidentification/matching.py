"""Tolerant matching of placeholders in translated text (seed 004 §6.3: machine translation and
translators move, reorder, inflect and damage placeholders).

A placeholder ``[LABEL_n]`` is recognised when a translation

* changes the brackets: ``[ ]``, ``［ ］``, ``【 】``, ``« »``, ``⟦ ⟧``, ``〔 〕``, ``{ }`` or HTML entities
  (``&#91;``/``&#93;``, ``&#x5B;``/``&#x5D;``, ``&lsqb;``/``&rsqb;``, ``&lbrack;``/``&rbrack;``);
* adds spaces or changes the case inside the brackets: ``[ person_1 ]``;
* splits it: ``[PERSON _ 1]``, ``[PERSON 1]``, ``[PERSON-1]``;
* translates or transliterates the label: ``[PERSONA_1]``, ``[PERSONNE_1]``, ``[PESSOA_1]``, ``[ORT_1]``
  (a table of label translations, then the closest standard label by edit distance);
* writes the number with other digits (full-width ``１``) — Python's ``\\d`` and ``int`` accept them;
* glues punctuation to it: ``([PERSON_1]),`` — the brackets delimit it.

Moses-style markup (``<ne translation="[PERSON_1]">[PERSON_1]</ne>``, seed 004 §6.3) is matched as a whole.
"""

from __future__ import annotations

import html
import re
import unicodedata
from dataclasses import dataclass

from app.detection.labels import PLACEHOLDER_TRANSLATIONS, STANDARD_LABELS

_OPEN = r"(?:\[|［|【|«|⟦|〔|\{|&#0*91;|&#[xX]0*5[bB];|&lsqb;|&lbrack;)"
_CLOSE = r"(?:\]|］|】|»|⟧|〕|\}|&#0*93;|&#[xX]0*5[dD];|&rsqb;|&rbrack;)"
_LABEL = r"[^\W\d_]+(?:[ _\-][^\W\d_]+)*?"
PLACEHOLDER_RE = re.compile(rf"{_OPEN}\s*(?P<label>{_LABEL})\s*[_\-\s.]?\s*(?P<number>\d+)\s*{_CLOSE}")
MARKUP_RE = re.compile(r"<ne\b[^>]*\btranslation\s*=\s*(?P<q>[\"'])(?P<value>.*?)(?P=q)[^>]*>(?P<inner>.*?)</ne\s*>", re.IGNORECASE | re.DOTALL)

#: Translations and transliterations of the standard labels (upper-case, accents removed).
LABEL_TRANSLATIONS: dict[str, str] = {
    # PERSON
    "PERSONA": "PERSON", "PERSONNE": "PERSON", "PESSOA": "PERSON", "PERSOON": "PERSON", "PERSONE": "PERSON",
    "PERSONEN": "PERSON", "PER": "PERSON", "NAME": "PERSON", "NOMBRE": "PERSON", "NOME": "PERSON", "NOM": "PERSON",
    # ORGANIZATION
    "ORGANISATION": "ORGANIZATION", "ORGANIZACION": "ORGANIZATION", "ORGANIZACAO": "ORGANIZATION",
    "ORGANIZZAZIONE": "ORGANIZATION", "ORGANISATIE": "ORGANIZATION", "ORG": "ORGANIZATION", "EMPRESA": "ORGANIZATION",
    # LOCATION
    "ORT": "LOCATION", "LUGAR": "LOCATION", "LIEU": "LOCATION", "LOCAL": "LOCATION", "LOCALIZACAO": "LOCATION",
    "UBICACION": "LOCATION", "LOCALIZACION": "LOCATION", "LUOGO": "LOCATION", "LOCALITA": "LOCATION", "LOC": "LOCATION",
    "STANDORT": "LOCATION", "PLACE": "LOCATION",
    # DATE / TIME
    "DATUM": "DATE", "FECHA": "DATE", "DATA": "DATE", "DATO": "DATE", "ZEIT": "TIME", "UHRZEIT": "TIME", "HORA": "TIME",
    "HEURE": "TIME", "ORA": "TIME",
    # contact data
    "TELEFON": "PHONE", "TELEFONO": "PHONE", "TELEFONE": "PHONE", "TELEPHONE": "PHONE", "CORREO": "EMAIL", "MAIL": "EMAIL",
    "E_MAIL": "EMAIL", "E-MAIL": "EMAIL", "COURRIEL": "EMAIL",
    # others
    "VERSCHIEDENES": "MISC", "VARIOS": "MISC", "DIVERSOS": "MISC", "DIVERS": "MISC", "SONSTIGES": "MISC",
    "BETRAG": "MONEY", "DINERO": "MONEY", "DINHEIRO": "MONEY", "GELD": "MONEY",
    # ID_NUMBER
    "KENNNUMMER": "ID_NUMBER", "ID_NUMMER": "ID_NUMBER", "NUMERO_ID": "ID_NUMBER", "NUMERO_DE_ID": "ID_NUMBER",
    "NUMERO_DE_REFERENCIA": "ID_NUMBER", "ID_NUMERO": "ID_NUMBER",
    # PROPER_NOUN (app.detection.proper_nouns)
    "EIGENNAME": "PROPER_NOUN", "NOMBRE_PROPIO": "PROPER_NOUN", "NOME_PROPRIO": "PROPER_NOUN",
    "SUSTANTIVO_PROPIO": "PROPER_NOUN", "SUBSTANTIVO_PROPRIO": "PROPER_NOUN", "NOM_PROPRE": "PROPER_NOUN",
    # quasi-identifiers of the strict profile
    **PLACEHOLDER_TRANSLATIONS,
}


def _fold(label: str) -> str:
    decomposed = unicodedata.normalize("NFKD", label)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).upper().replace(" ", "_").replace("-", "_")


def _distance(a: str, b: str) -> int:
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]


def canonical_label(label: str, known: frozenset[str] | None = None) -> str | None:
    """The standard label a (possibly translated or damaged) placeholder label stands for.

    Args:
        known: labels to choose among (default: every standard label).

    Returns:
        The standard label, or ``None`` when nothing is close enough (edit distance above a third of
        the label's length).
    """
    candidates = known or frozenset(STANDARD_LABELS)
    folded = _fold(label)
    if folded in candidates:
        return folded
    translated = LABEL_TRANSLATIONS.get(folded)
    if translated in candidates:
        return translated
    best = min(candidates, key=lambda c: (_distance(folded, c), c))
    return best if _distance(folded, best) <= max(1, len(best) // 3) else None


@dataclass(frozen=True, slots=True)
class PlaceholderMatch:
    """A placeholder found in a text: span ``[start, end)``, its canonical ``(label, number)`` key or
    ``None`` when the label is unrecognisable, and the matched ``surface``."""

    start: int
    end: int
    key: tuple[str, int] | None
    surface: str


def find_placeholders(text: str, known_labels: frozenset[str] | None = None) -> list[PlaceholderMatch]:
    """Every placeholder-like mark in ``text``, in order, Moses markup elements included as a whole.

    Returns:
        ``list[PlaceholderMatch]``, non-overlapping, sorted by start.
    """
    found: list[PlaceholderMatch] = []
    taken: list[tuple[int, int]] = []
    for m in MARKUP_RE.finditer(text):
        inner = PLACEHOLDER_RE.search(html.unescape(m.group("value"))) or PLACEHOLDER_RE.search(m.group("inner"))
        key = None
        if inner:
            label = canonical_label(inner.group("label"), known_labels)
            key = (label, int(inner.group("number"))) if label else None
        found.append(PlaceholderMatch(m.start(), m.end(), key, m.group()))
        taken.append(m.span())
    for m in PLACEHOLDER_RE.finditer(text):
        if any(m.start() < e and s < m.end() for s, e in taken):
            continue
        label = canonical_label(m.group("label"), known_labels)
        found.append(PlaceholderMatch(m.start(), m.end(), (label, int(m.group("number"))) if label else None, m.group()))
    return sorted(found, key=lambda p: p.start)


def parse_placeholder(placeholder: str) -> tuple[str, int] | None:
    """The ``(label, number)`` key of one of our own placeholders, or ``None`` if it is not one."""
    m = PLACEHOLDER_RE.fullmatch(placeholder.strip())
    if not m:
        return None
    label = canonical_label(m.group("label"))
    return (label, int(m.group("number"))) if label else None


def moses_markup(placeholder: str) -> str:
    """Wrap a placeholder in Moses markup telling the decoder to keep it (seed 004 §6.3)."""
    escaped = html.escape(placeholder, quote=True)
    return f'<ne translation="{escaped}">{escaped}</ne>'
