"""k-anonymized masking of quasi-identifiers (Suzuki, Yoshino & Nakamura, 2017).

A quasi-identifier (an entity surface) is partly concealed by ``*`` — one ``*`` stands for one or more
hidden characters — so that at least ``k`` terms of an *anonymization dictionary* match the masked
string. Among the candidate masks the paper's rule chooses: the lowest ``k' ≥ k``; among those the one
that leaves the most characters; then at random (here: seeded by the job id). Suzuki et al.'s (2017) Table 1 for
"JAPAN": k = 2 → "JAP*N"; k = 3 → "JA*AN" (4 characters left) rather than "J*P*N" (3); k = 5,000 →
"J*" (k' = 5,281).

**Dictionaries** (the quasi-identifier list Q of Suzuki et al., 2017) per label, option ``dictionaries``:

* ``locations``: country names (English, German, Spanish, Portuguese; pycountry), continent names,
  ISO 3166-2 subdivision names, and GeoNames city names with their Latin-script alternate names for
  cities ≥ 100,000 inhabitants — the detection gazetteers (about 52,000 terms);
* ``names``: Faker's first names and surnames of every supported locale (about 9,900 terms);
* ``all``: both; a path to a text file (one term per line) or a list of terms also work.

Defaults: ``LOCATION``, ``ORGANIZATION``, ``MISC`` and ``PROPER_NOUN`` → ``locations``. Matching is
case-insensitive; the mask keeps the original's case ("Japan" → "Ja*an"). A multi-word surface that is
not a dictionary term is masked word by word (lower-case connectors such as "of", "de" and titles stay).

**What is never partly shown** (issue 15: no method emits what it detected):

* persons: a person's name is a direct identifier, not a quasi-identifier; ``PERSON`` always gets the
  tag placeholder ``[PERSON_n]`` (a ``PERSON`` dictionary is refused), so no letter of a name is kept;
* labels without a dictionary (e-mails, phones, dates, ...) are *identifiers* in the paper's sense and
  are removed: they get the tag placeholder ``[LABEL_n]`` (Suzuki et al., 2017 "* is a placeholder of the
  identifier");
* **unknown terms**: a surface (or a word of a multi-word surface) that is not a dictionary term is not
  searched at all (an invented 13-letter name would match too few terms to hide among, and searching
  for it cost seconds): the whole surface gets the tag placeholder, which keeps no letter of it; so
  does a term for which no mask reaching ``k`` is found within the search bounds below.

**Search** (instead of the paper's exhaustive dictionary of all 2^l − 2 masks per term): the masks of a
term form a lattice in which hiding one more character never lowers ``k'``. A breadth-first search
from the unmasked term expands only masks with ``k' < k``; every mask reached with ``k' ≥ k`` is a
candidate, and the paper's choice is always among them (a mask with a parent of ``k' ≥ k`` is beaten by
that parent). Hard caps: ``max_evaluations`` dictionary scans per term (default 500) and
``max_document_evaluations`` per document (default 5,000; once spent, the remaining terms get the
placeholder), so one document costs at most a few seconds whatever it contains. The best candidate
found so far is used if the per-term bound is hit. A precomputed table (``table`` option: a mapping
``term → [[anonymized, k, remain], ...]`` or a JSON file of it, like Suzuki et al.'s (2017) Table 1) is used as is
for its terms, without search.

**Cache**: the ranked candidates of each term are kept in memory only, keyed by the SHA-256 of the term
(no word of a document is kept, on disk or in memory, by the cache; at most ``cache_size`` terms per
operator, least recently used dropped). The dictionaries are built once per process.

**Re-identification**: per-mention replacements are stored in the table of solutions; the operator is
``unique`` (restored by exact match). Two chains never get the same mask: when the best mask is taken
by another chain (or occurs in the text), the next candidate in the paper's order is used.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import OrderedDict
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

from app import languages
from app.anonymization import surrogates as S
from app.anonymization.base import ChainContext, DocumentContext, Operator
from app.anonymization.operators.tag import format_placeholder
from app.detection import labels as L

DEFAULT_DICTIONARIES: dict[str, str] = {
    L.LOCATION: "locations", L.ORGANIZATION: "locations", L.MISC: "locations", L.PROPER_NOUN: "locations",
}
#: Labels that are never masked partly, whatever the configuration: a name is a direct identifier.
NEVER_MASKED: frozenset[str] = frozenset({L.PERSON})
#: Lower-case connectors of place names that stay unmasked, of every language
#: (:attr:`app.languages.Language.mask_connectors`).
_CONNECTORS = languages.union("mask_connectors") | languages.FOREIGN_MASK_CONNECTORS
_STAR = None  # a pattern token standing for one or more hidden characters


class Candidate(tuple):
    """``(mask, k, remain)``: ``mask`` is a bit set of the kept character positions."""

    __slots__ = ()

    @property
    def mask(self) -> int:
        return self[0]

    @property
    def k(self) -> int:
        return self[1]

    @property
    def remain(self) -> int:
        return self[2]


def render_mask(surface: str, mask: int) -> str:
    """Keep the characters of ``surface`` whose bit is set; every run of hidden characters → ``*``."""
    out = []
    hidden = False
    for i, c in enumerate(surface):
        if mask >> i & 1:
            out.append(c)
            hidden = False
        elif not hidden:
            out.append("*")
            hidden = True
    return "".join(out)


def _pattern_key(term: str, mask: int) -> str:
    return render_mask(term, mask) if "*" not in term else repr([term[i] if mask >> i & 1 else None for i in range(len(term))])


class KDictionary:
    """An anonymization dictionary (Suzuki et al.'s (2017) Q) that counts the terms a mask matches."""

    def __init__(self, terms: Iterable[str]) -> None:
        self.terms = frozenset(t.strip().lower() for t in terms if t and t.strip() and "\n" not in t)
        ordered = sorted(self.terms)
        self.fingerprint = hashlib.sha1("\n".join(ordered).encode("utf-8")).hexdigest()[:16]
        self._all = "\n".join(ordered)
        by_first: dict[str, list[str]] = {}
        by_last: dict[str, list[str]] = {}
        by_both: dict[tuple[str, str], list[str]] = {}
        for t in ordered:
            by_first.setdefault(t[0], []).append(t)
            by_last.setdefault(t[-1], []).append(t)
            by_both.setdefault((t[0], t[-1]), []).append(t)
        self._by_first = {c: "\n".join(v) for c, v in by_first.items()}
        self._by_last = {c: "\n".join(v) for c, v in by_last.items()}
        self._by_both = {c: "\n".join(v) for c, v in by_both.items()}

    def __len__(self) -> int:
        return len(self.terms)

    def count(self, term: str, mask: int, cap: float = float("inf")) -> int:
        """How many dictionary terms match ``term`` masked by ``mask`` (stops counting above ``cap``)."""
        n = len(term)
        first_kept, last_kept = bool(mask & 1), bool(mask >> (n - 1) & 1)
        if first_kept and last_kept:
            blob = self._by_both.get((term[0], term[-1]), "")
        elif first_kept:
            blob = self._by_first.get(term[0], "")
        elif last_kept:
            blob = self._by_last.get(term[-1], "")
        else:
            blob = self._all
        if not blob:
            return 0
        parts = []
        i = 0
        while i < n:
            if mask >> i & 1:
                parts.append(re.escape(term[i]))
                i += 1
            else:
                while i < n and not mask >> i & 1:
                    i += 1
                parts.append("[^\n]+")
        regex = re.compile("^" + "".join(parts) + "$", re.MULTILINE)
        count = 0
        for _ in regex.finditer(blob):
            count += 1
            if count > cap:
                break
        return count

    def search(
        self, term: str, k: int, max_evaluations: int = 500, keep: int = 40, exact_level: int = 200, beam: int = 16,
        report: bool = False,
    ) -> list[Candidate] | tuple[list[Candidate], int]:
        """Candidate masks of ``term`` (lower case) with ``k' ≥ k``, best first by Suzuki et al.'s (2017) rule
        (lowest ``k'``, then most characters left; ties in breadth-first order).

        The search is exact while a level of the lattice has at most ``exact_level`` masks still below
        ``k`` (terms up to about 9 characters); beyond, only the ``beam`` masks closest to ``k`` are
        expanded (a heuristic for long terms, where the exact dictionary is out of reach: Suzuki et al., 2017
        needed a week on 1,000 cores). At most ``max_evaluations`` dictionary scans are made.

        Returns:
            ``list[Candidate]``; with ``report=True``, ``(candidates, dictionary scans made)``."""
        n = len(term)
        if n < 2:
            return ([], 0) if report else []
        extra = 0 if term in self.terms else 1  # the original itself is one more matching term
        full = (1 << n) - 1
        frontier = [full]
        seen: set[str] = set()
        found: list[Candidate] = []
        best = float("inf")
        evaluations = 0
        while frontier and evaluations < max_evaluations:
            next_frontier = []
            for mask in frontier:
                for i in range(n):
                    if not mask >> i & 1:
                        continue
                    child = mask & ~(1 << i)
                    if child == 0:
                        continue
                    key = _pattern_key(term, child)
                    if key in seen:
                        continue
                    seen.add(key)
                    evaluations += 1
                    cap = max(best, k) if best != float("inf") else float("inf")
                    kk = self.count(term, child, cap) + extra
                    if kk >= k:
                        found.append(Candidate((child, kk, bin(child).count("1"))))
                        best = min(best, kk)
                    else:
                        next_frontier.append((kk, child))
                    if evaluations >= max_evaluations:
                        break
                if evaluations >= max_evaluations:
                    break
            if len(next_frontier) > exact_level:
                next_frontier.sort(key=lambda pair: -pair[0])
                next_frontier = next_frontier[:beam]
            frontier = [child for _, child in next_frontier]
        found.sort(key=lambda c: (c.k, -c.remain))
        return (found[:keep], evaluations) if report else found[:keep]


# --- built-in dictionaries -----------------------------------------------------------------------


@lru_cache(maxsize=4)
def builtin_dictionary(name: str) -> KDictionary:
    """``locations``, ``names`` or ``all`` (see the module docstring)."""
    if name == "locations":
        return KDictionary(_location_terms())
    if name == "names":
        names = S.all_names()
        return KDictionary([*names.male, *names.female, *names.last])
    if name == "all":
        return KDictionary([*builtin_dictionary("locations").terms, *builtin_dictionary("names").terms])
    raise KeyError(f"unknown kmask dictionary {name!r} (known: locations, names, all)")


def _location_terms() -> list[str]:
    import pycountry

    from app.anonymization.knowledge_base import CONTINENT_NAMES, LANGUAGES
    from app.detection.gazetteers import city_names, country_names

    terms: list[str] = [*city_names(100_000)]
    for language in LANGUAGES:
        terms.extend(country_names(language))
        terms.extend(CONTINENT_NAMES.get(language, {}).values())
    terms.extend(re.split(r"[,(\[]", s.name)[0].strip() for s in pycountry.subdivisions)
    return terms


@lru_cache(maxsize=16)
def _file_dictionary(path: str) -> KDictionary:
    return KDictionary(Path(path).read_text(encoding="utf-8").splitlines())


def load_dictionary(spec: str | Iterable[str]) -> KDictionary:
    if isinstance(spec, str):
        if spec in ("locations", "names", "all"):
            return builtin_dictionary(spec)
        return _file_dictionary(str(Path(spec).expanduser()))
    return KDictionary(spec)


# --- in-memory cache ---------------------------------------------------------------------------


class _Cache:
    """Ranked candidates per (SHA-256 of the term, k, budget), least recently used dropped beyond
    ``size`` entries; in memory only (see the module docstring)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.entries: OrderedDict[tuple[str, str, int, int], list[Candidate]] = OrderedDict()

    @staticmethod
    def _key(fingerprint: str, term: str, k: int, budget: int) -> tuple[str, str, int, int]:
        return fingerprint, hashlib.sha256(term.encode("utf-8", "surrogatepass")).hexdigest(), k, budget

    def get(self, fingerprint: str, term: str, k: int, budget: int) -> list[Candidate] | None:
        key = self._key(fingerprint, term, k, budget)
        found = self.entries.get(key)
        if found is not None:
            self.entries.move_to_end(key)
        return found

    def put(self, fingerprint: str, term: str, k: int, budget: int, candidates: list[Candidate]) -> None:
        self.entries[self._key(fingerprint, term, k, budget)] = candidates
        while len(self.entries) > self.size:
            self.entries.popitem(last=False)


# --- the operator --------------------------------------------------------------------------------


class KMaskOperator(Operator):
    """k-anonymized masking (see the module docstring).

    Options:
        k: minimum number of dictionary terms a mask must match (default 5; at least 2).
        dictionaries: ``{label: "locations" | "names" | "all" | path | [terms]}`` (merged over the defaults;
            ``PERSON`` is refused: persons always get the placeholder).
        table: precomputed anonymization table ``{term: [[anonymized, k, remain], ...]}`` or a JSON file.
        max_evaluations: dictionary scans per term (default 500; ≥ 1).
        max_document_evaluations: dictionary scans per document (default 5,000; ≥ 1).
        cache_size: terms whose candidates are kept in memory (default 50,000).

    Raises:
        ValueError: ``k < 2``, a bound below 1, or a dictionary for a label in :data:`NEVER_MASKED`.
    """

    name = "kmask"
    unique = True

    def __init__(
        self,
        k: int = 5,
        dictionaries: dict[str, Any] | None = None,
        table: dict[str, list[list[Any]]] | str | None = None,
        max_evaluations: int = 500,
        max_document_evaluations: int = 5000,
        cache_size: int = 50_000,
        **options: Any,
    ) -> None:
        super().__init__(**options)
        if k < 2:
            raise ValueError("k must be at least 2 (k = 1 identifies the original)")
        if max_evaluations < 1 or max_document_evaluations < 1:
            raise ValueError("max_evaluations and max_document_evaluations must be at least 1")
        refused = sorted(NEVER_MASKED.intersection(l for l, spec in (dictionaries or {}).items() if spec is not None))
        if refused:
            raise ValueError(f"kmask never masks {', '.join(refused)} partly (a name is a direct identifier): no dictionary for it")
        self.k = k
        self.dictionary_specs = {**DEFAULT_DICTIONARIES, **(dictionaries or {})}
        if isinstance(table, str):
            table = json.loads(Path(table).read_text(encoding="utf-8"))
        self.table = {str(t).lower(): [(str(r[0]), int(r[1]), int(r[2])) for r in rows] for t, rows in (table or {}).items()}
        self.max_evaluations = max_evaluations
        self.max_document_evaluations = max_document_evaluations
        self._dictionaries: dict[str, KDictionary] = {}
        self._cache = _Cache(cache_size)

    def warm_up(self, language: str) -> None:
        """The dictionary of every label this operator masks (the built-in ones take ~1.7 s to build)."""
        for label in self.dictionary_specs:
            self.dictionary(label)

    def dictionary(self, label: str) -> KDictionary | None:
        spec = None if label in NEVER_MASKED else self.dictionary_specs.get(label)
        if spec is None:
            return None
        if label not in self._dictionaries:
            self._dictionaries[label] = load_dictionary(spec)
        return self._dictionaries[label]

    def known(self, term: str, label: str) -> bool:
        """``term`` (lower case) is in the precomputed table or in the label's dictionary: only such
        terms are masked; any other gets the placeholder (see the module docstring)."""
        dictionary = self.dictionary(label)
        return term in self.table or (dictionary is not None and term in dictionary.terms)

    def ranked(self, surface: str, label: str, budget: list[int] | None = None) -> list[list[str]]:
        """Masked forms of ``surface`` in Suzuki et al.'s (2017) order of preference, as groups of equally good masks
        (empty when the term is unknown, none reaches k, or ``budget`` is spent).

        Args:
            budget: ``[remaining dictionary scans]`` of the document, decreased by the scans made.
        """
        term = surface.lower()
        if len(term) != len(surface):
            term = "".join(c.lower() if len(c.lower()) == 1 else c for c in surface)
        if term in self.table:
            rows = sorted((r for r in self.table[term] if r[1] >= self.k), key=lambda r: (r[1], -r[2]))
            out = []
            for anonymized, kk, remain in rows:
                mask = _mask_from_pattern(term, anonymized.lower())
                out.append((render_mask(surface, mask) if mask is not None else anonymized, kk, remain))
            return _group_ties(out)
        dictionary = self.dictionary(label)
        if dictionary is None or term not in dictionary.terms:
            return []
        candidates = self._cache.get(dictionary.fingerprint, term, self.k, self.max_evaluations)
        if candidates is None:
            remaining = self.max_evaluations if budget is None else min(self.max_evaluations, budget[0])
            if remaining < 1:
                return []
            candidates, spent = dictionary.search(term, self.k, remaining, report=True)
            if budget is not None:
                budget[0] -= spent
            if remaining == self.max_evaluations:  # a result cut short by the document's budget is not cached
                self._cache.put(dictionary.fingerprint, term, self.k, self.max_evaluations, candidates)
        return _group_ties([(render_mask(surface, c.mask), c.k, c.remain) for c in candidates])

    def replace(self, chain: ChainContext, document: DocumentContext) -> list[str]:
        placeholder = [format_placeholder(chain.label, chain.ordinal)] * len(chain.mentions)
        if chain.label in NEVER_MASKED or self.dictionary_specs.get(chain.label) is None:
            return placeholder
        options: dict[str, list[str]] = {}
        for surface in chain.surfaces:
            options[surface] = self._options(surface, chain.label, document)
        # the same rank for every surface of the chain, skipping ranks that collide
        longest = max(len(v) for v in options.values()) if options else 0
        for rank in range(longest):
            chosen = {s: v[min(rank, len(v) - 1)] for s, v in options.items() if v}
            if len(chosen) != len(options):
                break
            replacements = [chosen[m] for m in chain.mentions]
            values = set(replacements)
            if not any(S.collides(r, document) for r in values):
                return replacements
        return placeholder

    def _options(self, surface: str, label: str, document: DocumentContext) -> list[str]:
        """Masked forms of one surface, best first; ties shuffled with the job's generator. Empty (→ the
        placeholder) when the surface, or a word of it that is not a connector or title, is unknown."""
        words = surface.split()
        budget = document.indexes.setdefault(f"{self.name}-budget", [self.max_document_evaluations])
        whole = len(words) == 1 or self.known(surface.lower(), label)
        rng = document.rng(self.name, label, surface)
        if whole:
            return _flatten(self.ranked(surface, label, budget), rng)
        per_word: list[list[str]] = []
        for word in words:
            if word.lower() in _CONNECTORS or S.is_title(word) or not any(c.isalnum() for c in word):
                per_word.append([word])
                continue
            ranked = _flatten(self.ranked(word, label, budget), rng)
            if not ranked:
                return []
            per_word.append(ranked)
        variants = []
        for v in range(max(len(r) for r in per_word)):
            variants.append(" ".join(r[min(v, len(r) - 1)] if len(r) > 1 else r[0] for r in per_word))
        return list(dict.fromkeys(variants))


def _group_ties(rows: list[tuple[str, int, int]]) -> list[list[str]]:
    """Rows sorted by (k, -remain) → groups of equally good masks (deduplicated)."""
    groups: list[list[str]] = []
    last = None
    seen: set[str] = set()
    for text, kk, remain in sorted(rows, key=lambda r: (r[1], -r[2])):
        if text in seen:
            continue
        seen.add(text)
        if (kk, remain) != last:
            groups.append([])
            last = (kk, remain)
        groups[-1].append(text)
    return groups


def _flatten(groups: list[list[str]], rng) -> list[str]:
    """Suzuki et al., 2017: "we randomly select one anonymized string if there are multiple candidates"."""
    out = []
    for group in groups:
        group = list(group)
        rng.shuffle(group)
        out.extend(group)
    return out


def _mask_from_pattern(term: str, pattern: str) -> int | None:
    """The kept-position bit set of ``term`` that yields ``pattern`` (``None`` if it does not match)."""
    parts = re.split(r"(\*)", pattern)
    regex = "".join("(.+?)" if p == "*" else f"({re.escape(p)})" for p in parts if p)
    m = re.fullmatch(regex, term)
    if m is None:
        return None
    mask = 0
    for p, group_index in zip([p for p in parts if p], range(1, len(m.groups()) + 1)):
        if p != "*":
            for i in range(m.start(group_index), m.end(group_index)):
                mask |= 1 << i
    return mask
