"""Coreferencers per kind of name (Dias, 2016, §4.2.4 and Appendix B: ``"PERZ": "default_person.
DefaultPersonCoreferencer"``). Which class handles which label in which language is configured
(:mod:`app.coreference.config`); a class's :attr:`~app.coreference.base.Coreferencer.default_rules` apply when the
configuration names no rules.
"""

from __future__ import annotations

import importlib
from typing import Any

from app.coreference.base import Coreferencer, Mention, _subsequence, is_initial
from app.registry import get, register


@register("coreferencer", "PersonCoreferencer")
class PersonCoreferencer(Coreferencer):
    """Person names: titles dropped, partial names ("John Doe", "Mr. Doe", "John D.", "John", "Doe").

    A short form is part of a full name when its words appear in the full name in the same order, each equal to
    a word of it or an initial of one ("D." for "Doe"), at least one word not an initial, and it says less than
    the full name (fewer words, or an initial where the full name has the word). Titles of different genders
    ("Mr" / "Mrs") never match.
    """

    default_rules = ("identical", "possessive", "title", "partial")
    strip_leading_article = False

    def headword_index(self, words: tuple[str, ...]) -> int:
        """The surname: the last word."""
        return len(words) - 1

    def may_be_short_form(self, mention: Mention) -> bool:
        return any(not is_initial(w) for w in mention.words)

    def is_short_form_of(self, short: Mention, full: Mention) -> bool:
        s, f = short.words, full.words
        if s == f or len(s) > len(f):
            return False
        if short.gender and full.gender and short.gender != full.gender:
            return False
        if all(is_initial(w) for w in s):
            return False

        def match(a: str, b: str) -> bool:
            return a == b or (is_initial(a) and not is_initial(b) and b[:1] == a[:1])

        positions = _subsequence(s, f, match)
        if positions is None:
            return False
        if len(s) == len(f):  # same length: only less informative when an initial stands for a word
            return any(is_initial(a) and not is_initial(f[p]) for a, p in zip(s, positions))
        return True


@register("coreferencer", "OrganizationCoreferencer")
class OrganizationCoreferencer(Coreferencer):
    """Organizations: type words ("Corporation", "GmbH"), acronyms ("EP"), prepositional variants, and short
    forms holding the headword ("Parliament" / "European Parliament")."""

    default_rules = ("identical", "possessive", "type_word", "prepositional", "acronym", "partial")
    bare_headword_of_complement = False


@register("coreferencer", "LocationCoreferencer")
class LocationCoreferencer(Coreferencer):
    """Locations: type words ("Republic of Latvia" / "Latvia"), acronyms ("UK"), prepositional variants. No partial
    matching by default: "Eastern Europe" is not "Europe", "New York" not "York"."""

    default_rules = ("identical", "possessive", "type_word", "prepositional", "acronym")


# the base class under its configuration names ("SimpleCoreferencer": the name of the first version)
register("coreferencer", "Coreferencer")(Coreferencer)
register("coreferencer", "SimpleCoreferencer")(Coreferencer)


def coreferencer_class(name: str) -> type[Coreferencer]:
    """A class registered under ``name`` (:func:`app.registry.register`, kind ``coreferencer``) or
    ``"package.module:Class"`` (a subclass of :class:`~app.coreference.base.Coreferencer`).

    Raises:
        app.registry.UnknownComponent: unknown name (a ``ValueError``).
        ValueError: the imported object cannot be imported or is not a Coreferencer subclass.
    """
    if ":" in name:
        module, _, attr = name.partition(":")
        try:
            cls = getattr(importlib.import_module(module), attr)
        except (ImportError, AttributeError) as exc:
            raise ValueError(f"cannot import coreferencer {name!r}: {exc}") from None
        if isinstance(cls, type) and issubclass(cls, Coreferencer):
            return cls
        raise ValueError(f"{name!r} is not a Coreferencer subclass")
    return get("coreferencer", name).factory


def build_coreferencer(language: str, label: str, settings: dict[str, Any]) -> Coreferencer | None:
    """The coreferencer configured for ``label`` (or the ``"*"`` label) in a language's effective settings;
    ``None`` when neither is configured (the label's mentions stay singletons, Dias, 2016, §4.2.4)."""
    labels = settings.get("labels", {})
    entry = labels.get(label, labels.get("*"))
    if entry is None:
        return None
    cls = coreferencer_class(entry.get("class", "Coreferencer"))
    options = {k: v for k, v in entry.items() if k not in ("class", "rules")}
    unknown = set(options) - set(cls.option_names)
    if unknown:
        raise ValueError(f"unknown coreferencer option(s) {sorted(unknown)} for {label}; known: {list(cls.option_names)}")
    return cls(language, label, settings, entry.get("rules"), options)
