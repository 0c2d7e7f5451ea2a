"""Rule-based coreference between named entities (seed 004 §4.2.4, after Bontcheva et al.).

Entities of one label are grouped into coreference chains by these rules, applied in order:

1. **Identical surfaces** (after Unicode/whitespace normalisation and case folding).
2. **Titles**: surfaces that differ only by a title or honorific ("Mr. John Doe" / "John Doe"),
   and **possessives** ("John Doe's" / "John Doe").
3. **Partial names** (PERSON only): a one-word surface that is the first or the last word of exactly one
   multi-word name in the document ("Doe" → "John Doe"). If it fits several names it is ambiguous and
   stays a chain of its own: an ambiguous short form is never merged.

Labels without rules (e-mail, phone, date, ...) use rule 1 only. Chains are numbered in order of their
first mention; mentions are listed in text order.
"""

from __future__ import annotations

import re
import unicodedata

from app.detection.labels import PERSON
from app.doc import Chain, Entity

#: Titles and honorifics stripped before comparing person names (lower-case, without final period).
TITLES: frozenset[str] = frozenset(
    """
    mr mrs ms miss mx dr prof sir dame lord lady rev fr
    herr frau dr. prof.
    sr sra srta don doña dña señor señora
    dom dona senhor senhora
    """.split()
)

_POSSESSIVE = re.compile(r"['’]s?$")


def normalize(surface: str) -> str:
    """Case-folded, NFKC-normalised surface with single spaces."""
    return " ".join(unicodedata.normalize("NFKC", surface).casefold().split())


def name_words(surface: str, label: str) -> tuple[str, ...]:
    """The words that identify an entity: normalised, possessive and (for persons) titles removed.

    Returns:
        ``tuple[str, ...]`` of lower-case words; empty when the surface is only a title.
    """
    words = normalize(surface).split()
    if words:
        words[-1] = _POSSESSIVE.sub("", words[-1])
    if label == PERSON:
        while words and words[0].rstrip(".") in TITLES:
            words = words[1:]
    return tuple(w for w in words if w)


class _UnionFind:
    def __init__(self, n: int) -> None:
        self.parent = list(range(n))

    def find(self, i: int) -> int:
        while self.parent[i] != i:
            self.parent[i] = self.parent[self.parent[i]]
            i = self.parent[i]
        return i

    def union(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            # keep the earlier entity as root so chain order follows first mention
            if ra < rb:
                self.parent[rb] = ra
            else:
                self.parent[ra] = rb


def resolve_chains(entities: list[Entity]) -> list[Chain]:
    """Group entities into coreference chains.

    Args:
        entities: ``list[Entity]`` sorted by ``start`` (as produced by detection).

    Returns:
        ``list[Chain]`` numbered from 0 in order of first mention; every entity index appears in exactly
        one chain; all mentions of a chain share its label.
    """
    n = len(entities)
    uf = _UnionFind(n)
    keys = [name_words(e.text, e.label) or (normalize(e.text),) for e in entities]

    # rules 1 and 2: identical keys within a label
    first_with_key: dict[tuple[str, tuple[str, ...]], int] = {}
    for i, (entity, key) in enumerate(zip(entities, keys)):
        k = (entity.label, key)
        if k in first_with_key:
            uf.union(first_with_key[k], i)
        else:
            first_with_key[k] = i

    # rule 3: a single name word that belongs to exactly one multi-word person name
    full_names: dict[tuple[str, ...], int] = {
        key: idx for (label, key), idx in first_with_key.items() if label == PERSON and len(key) > 1
    }
    for (label, key), idx in list(first_with_key.items()):
        if label != PERSON or len(key) != 1:
            continue
        word = key[0]
        candidates = {full for full in full_names if word in (full[0], full[-1])}
        # the candidates may already be one chain ("John Doe", "Mr. John Doe"): compare chains
        roots = {uf.find(full_names[c]) for c in candidates}
        if len(roots) == 1:
            uf.union(roots.pop(), idx)

    chains_by_root: dict[int, Chain] = {}
    chains: list[Chain] = []
    for i, entity in enumerate(entities):
        root = uf.find(i)
        if root not in chains_by_root:
            chain = Chain(chain_id=len(chains), label=entity.label)
            chains_by_root[root] = chain
            chains.append(chain)
        chains_by_root[root].mentions.append(i)
    return chains
