"""Second-pass detection (seed 004 §4.2.3): short forms, label consistency, every occurrence.

* **All occurrences** — an entity found once is marked wherever its exact surface occurs again as a
  whole word sequence (seed 000: "all replacements are applied globally across the input string";
  seed 002 §5: "the other occurrences of the recognized entity are marked").
* **Short forms** — the headwords of multi-word entities are looked up in the document ("Parliament"
  for "European Parliament"; each name of a person: "Doe" for "John Doe"). The headword of an
  organization, location or miscellaneous entity is its last capitalised word in head-final languages
  (en, de) and its first in head-initial ones (es, pt). Only capitalised occurrences count.
* **Label consistency** — occurrences of one surface with different labels get the majority label;
  a tie keeps the label of the first occurrence (after Arakami et al., via seed 004).
"""

from __future__ import annotations

import re
from collections import Counter

from app.detection.labels import LOCATION, MISC, ORGANIZATION, PERSON
from app.detection.rules import NAME_PARTICLES, STOP_WORDS, TITLES
from app.doc import Entity

HEAD_FINAL: frozenset[str] = frozenset({"en", "de"})
_SHORT_FORM_LABELS = (PERSON, ORGANIZATION, LOCATION, MISC)
_WORD = re.compile(r"[\w'’.-]+")


def _occurrences(text: str, surface: str) -> list[tuple[int, int]]:
    pattern = re.compile(r"(?<![\w@.])" + re.escape(surface) + r"(?![\w@])")
    return [m.span() for m in pattern.finditer(text)]


def _free(entities: list[Entity], start: int, end: int) -> bool:
    return all(e.end <= start or e.start >= end for e in entities)


def all_occurrences(text: str, entities: list[Entity], min_chars: int = 2) -> list[Entity]:
    """Mark every further occurrence of each entity's surface (longest surfaces first).

    Returns:
        ``list[Entity]`` sorted by start, the input plus new entities with ``source="second_pass"``.
    """
    current = list(entities)
    surfaces: dict[str, str] = {}
    for e in entities:
        if len(e.text) >= min_chars and any(c.isalnum() for c in e.text):
            surfaces.setdefault(e.text, e.label)
    for surface in sorted(surfaces, key=len, reverse=True):
        for start, end in _occurrences(text, surface):
            if _free(current, start, end):
                current.append(Entity(start, end, surfaces[surface], surface, "second_pass"))
    return sorted(current, key=lambda e: (e.start, e.end))


def headwords(entity: Entity, language: str) -> list[str]:
    """Short forms of an entity: each name of a person, or the headword of other multi-word entities.

    Returns:
        ``list[str]`` (possibly empty) of capitalised words of at least two letters.
    """
    words = [w for w in _WORD.findall(entity.text) if w not in NAME_PARTICLES]
    if len(words) < 2:
        return []
    titles = TITLES.get(language, frozenset())
    capitalised = [w for w in words if w[:1].isupper() and len(w) >= 2 and w not in STOP_WORDS and w not in titles]
    if entity.label == PERSON:
        return [w for w in capitalised if not w.endswith(".")]
    if not capitalised:
        return []
    return [capitalised[-1] if language in HEAD_FINAL else capitalised[0]]


def short_forms(text: str, entities: list[Entity], language: str) -> list[Entity]:
    """Mark capitalised occurrences of the headwords of multi-word entities (seed 004 §4.2.3).

    A headword claimed by entities of different labels is ambiguous and not used.

    Returns:
        ``list[Entity]`` sorted by start, input plus new entities with ``source="second_pass"``.
    """
    claims: dict[str, set[str]] = {}
    for e in entities:
        if e.label in _SHORT_FORM_LABELS:
            for w in headwords(e, language):
                claims.setdefault(w, set()).add(e.label)
    current = list(entities)
    for word, labels in sorted(claims.items()):
        if len(labels) != 1:
            continue
        label = next(iter(labels))
        for start, end in _occurrences(text, word):
            if _free(current, start, end):
                current.append(Entity(start, end, label, word, "second_pass"))
    return sorted(current, key=lambda e: (e.start, e.end))


def label_consistency(entities: list[Entity]) -> list[Entity]:
    """Give every occurrence of a surface its majority label (ties: the first occurrence's label).

    Returns:
        ``list[Entity]`` in the input order, relabelled where needed (source kept).
    """
    votes: dict[str, Counter[str]] = {}
    first: dict[str, str] = {}
    for e in entities:
        votes.setdefault(e.text, Counter())[e.label] += 1
        first.setdefault(e.text, e.label)
    result = []
    for e in entities:
        counts = votes[e.text]
        best = max(counts.values())
        winners = [label for label, n in counts.items() if n == best]
        label = first[e.text] if first[e.text] in winners else winners[0]
        result.append(e if e.label == label else Entity(e.start, e.end, label, e.text, e.source, e.score))
    return result
