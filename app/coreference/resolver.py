"""Rule-based coreference between named entities (Dias, 2016, §4.2.4, after Bontcheva et al.).

:func:`resolve_chains` groups the entities of a document into coreference chains. Each label is handled by the
coreferencer its language's configuration names (:mod:`app.coreference.config`, defaults in
``app/coreference/defaults.json``, user overrides in the file named by ``ANON_COREFERENCE_CONFIG``), applying
that configuration's rules (:mod:`app.coreference.rules`):

* identical surfaces; possessives ("John Doe's"); titles ("Mr. John Doe" / "John Doe");
* type words ("International Business Machines Corporation" / "International Business Machines");
* headword stems, German by default ("Europäische Parlament" / "Europäischen Parlaments");
* prepositional variants ("University of Cambridge" / "Cambridge University");
* acronyms ("European Parliament" / "EP" / "E.P.") and partial names ("John Doe" / "Mr. Doe" / "John D." /
  "John"; "European Parliament" / "Parliament"), linked only when exactly one chain of full forms fits: an
  ambiguous short form is never merged into a chain.

Labels never mix; a label without a configured coreferencer (and no ``"*"`` entry) gives singleton chains.
Chains are numbered in order of their first mention; mentions are listed in text order.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from app.coreference.base import Coreferencer, normalize
from app.coreference.config import language_config, with_overrides
from app.coreference.coreferencers import build_coreferencer
from app.doc import Chain, Entity

__all__ = ["resolve_chains", "coreferencers_for", "normalize"]


class _Coreferencers:
    """The coreferencers of one language, built on first use of each label."""

    def __init__(self, language: str, settings: dict[str, Any]) -> None:
        self.language = language
        self.settings = settings
        self._by_label: dict[str, Coreferencer | None] = {}

    def get(self, label: str) -> Coreferencer | None:
        if label not in self._by_label:
            self._by_label[label] = build_coreferencer(self.language, label, self.settings)
        return self._by_label[label]


@lru_cache(maxsize=16)
def _default_coreferencers(language: str) -> _Coreferencers:
    return _Coreferencers(language, language_config(language))


def coreferencers_for(language: str, config: dict[str, Any] | None = None) -> _Coreferencers:
    """The coreferencers of ``language``: from the default configuration (cached), or from the defaults with
    ``config`` (same shape as ``defaults.json``) merged over them."""
    if config is None:
        return _default_coreferencers(language)
    return _Coreferencers(language, language_config(language, with_overrides(config)))


def resolve_chains(entities: list[Entity], language: str = "en", config: dict[str, Any] | None = None) -> list[Chain]:
    """Group entities into coreference chains.

    Args:
        entities: ``list[Entity]``, normally sorted by ``start`` (as produced by detection).
        language: ISO 639-1 code of the document (``"en"``, ``"de"``, ``"es"``, ``"pt"``; others use the
            ``"*"`` section of the configuration).
        config: overrides merged over the configuration (same shape as ``defaults.json``), e.g.
            ``{"en": {"labels": {"PERSON": {"rules": ["identical"]}}}}``; ``None`` = defaults and the file
            named by ``ANON_COREFERENCE_CONFIG``.

    Returns:
        ``list[Chain]`` numbered from 0 in order of first mention; every entity index appears in exactly one
        chain, mentions in text order; all mentions of a chain share its label.

    Raises:
        ValueError: the configuration names an unknown rule or coreferencer class.
    """
    corefs = coreferencers_for(language, config)
    order = sorted(range(len(entities)), key=lambda i: (entities[i].start, entities[i].end, i))
    rank = {i: r for r, i in enumerate(order)}
    by_label: dict[str, list[tuple[int, Entity]]] = {}
    for i in order:
        by_label.setdefault(entities[i].label, []).append((i, entities[i]))

    groups: list[list[int]] = []
    for label, items in by_label.items():
        coref = corefs.get(label)
        if coref is None:
            groups.extend([i] for i, _ in items)
        else:
            groups.extend(coref.resolve(items))

    groups = [sorted(g, key=rank.__getitem__) for g in groups]
    groups.sort(key=lambda g: rank[g[0]])
    return [Chain(chain_id=k, label=entities[g[0]].label, mentions=g) for k, g in enumerate(groups)]
