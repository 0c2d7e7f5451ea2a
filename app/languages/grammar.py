"""Phrase grammar of a language: how the ``generalize`` method writes "a city in the Netherlands" and how the
``substitute`` method keeps a country's article (Dias, 2016, §4.3.2 and Table 4.1: replacements agree with their
context in gender and number).

:class:`Grammar` is the part every language shares: the nouns of the phrases, the determiners of the text that
make an article unnecessary ("the" + "a city" → "the city") or impose a gender, the articles by gender and
definiteness, and the locative phrase of a place name. A language module passes a :class:`Grammar` (or a subclass
with its own agreement rules: :class:`RomanceGrammar` here, ``EnglishGrammar`` in :mod:`app.languages.en`,
``GermanGrammar`` in :mod:`app.languages.de`) as :attr:`app.languages.Language.grammar`; the words of its phrases
(:data:`app.languages.PHRASE_WORDS`) are in the language's data file (:func:`app.languages.data_file`).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Agreement:
    """How a place name behaves in a phrase: ``article`` (takes a definite article), ``gender``
    (``m``/``f``/``n``) and ``plural``."""

    article: bool
    gender: str
    plural: bool


def join(*parts: str) -> str:
    """The non-empty ``parts`` separated by single spaces."""
    return " ".join(p for p in parts if p)


@dataclass(frozen=True)
class Grammar:
    """The phrases of one language (the base class writes articles from :attr:`definite`/:attr:`indefinite`).

    Attributes:
        place_nouns: place concept (``"city"``, ``"country"``, ``"region"``, ``"continent"``, ``"place"``,
            ``"date"``, the subdivision types ``"state"``, ``"province"``, ...) → ``(noun, gender)``; ``gender``
            is ``m``, ``f``, ``n`` or ``pl``. Missing concepts fall back to English.
        label_nouns: standard label → ``(noun, gender)`` for the labels without a hierarchy ("an e-mail address");
            ``LOCATION`` and ``DATE`` use ``place_nouns["place"]`` and ``["date"]``.
        something: the bare word for an entity that cannot be generalized ("something").
        month_year: format of a month and a year (``"{m} de {y}"``).
        decade: ``(noun, gender, rest)`` of a decade, ``{decade}`` replaced by its first year ("the 1990s":
            ``("{decade}s", "n", "")``); always definite.
        definite, indefinite: gender → article.
        determiners: words of the text after which the phrase takes no article (lower case).
        determiner_genders: determiner → the gender it imposes on the noun (:attr:`gender_variants`).
        gender_variants: noun → gender → a noun of the same meaning and that gender (``"*"``: any noun).
        contracting_prepositions: prepositions after which a definite article becomes indefinite ("de un banco",
            not "de el banco").
        locative: the preposition of :meth:`located_in` for a name without an article ("in Portugal").
    """

    place_nouns: dict[str, tuple[str, str]] = field(default_factory=dict)
    label_nouns: dict[str, tuple[str, str]] = field(default_factory=dict)
    something: str = "something"
    month_year: str = "{m} {y}"
    decade: tuple[str, str, str] = ("{decade}s", "n", "")
    definite: dict[str, str] = field(default_factory=dict)
    indefinite: dict[str, str] = field(default_factory=dict)
    determiners: frozenset[str] = frozenset()
    determiner_genders: dict[str, str] = field(default_factory=dict)
    gender_variants: dict[str, dict[str, str]] = field(default_factory=dict)
    contracting_prepositions: frozenset[str] = frozenset()
    locative: str = "in"

    def noun_phrase(self, noun: str, gender: str, *, rest: str = "", adjective: str = "", definite: bool = False,
                    previous: str = "", genitive: bool = False) -> str:
        """The phrase of ``noun`` after the word ``previous`` (case-folded; ``""`` at a sentence start): no article
        after a determiner (and a noun of the gender the determiner imposes), an indefinite article after a
        contracting preposition; lower case.

        Args:
            gender: ``m``, ``f``, ``n`` or ``pl``.
            rest: words after the noun ("in the Netherlands"); adjective: a word before it ("European").
            genitive: the mention is a genitive (German "Amsterdams").
        """
        drop_article = previous in self.determiners
        if definite and previous in self.contracting_prepositions:
            definite = False  # "de un banco", not "de el banco"
        if drop_article:
            noun = self.agreeing_noun(noun, gender, self.determiner_genders.get(previous))
        return self.inflect(noun, gender, rest=rest, adjective=adjective, definite=definite, previous=previous,
                            drop_article=drop_article, genitive=genitive)

    def agreeing_noun(self, noun: str, gender: str, required: str | None) -> str:
        """``noun``, or its variant of the ``required`` gender (:attr:`gender_variants`)."""
        if required is None or required == gender or gender == "pl":
            return noun
        return self.gender_variants.get(noun, self.gender_variants.get("*", {})).get(required, noun)

    def inflect(self, noun: str, gender: str, *, rest: str, adjective: str, definite: bool, previous: str,
                drop_article: bool, genitive: bool) -> str:
        """Article, adjective, noun and rest (subclasses add case and sound rules)."""
        article = "" if drop_article else (self.definite if definite else self.indefinite).get(gender, "")
        return join(article, adjective, noun, rest)

    def place_agreement(self, name: str) -> Agreement:
        """Article, gender and number of a country-like ``name`` (the base class: no article, neuter)."""
        return Agreement(False, "n", False)

    def located_in(self, name: str) -> str:
        """The locative phrase of a country-like ``name`` ("in Portugal")."""
        return f"{self.locative} {name}"


@dataclass(frozen=True)
class RomanceGrammar(Grammar):
    """Spanish and Portuguese: articles by gender (``definite``/``indefinite`` hold ``"m"`` and ``"f"``; every
    other gender takes the feminine one), country names with or without an article by their first word.

    Attributes:
        locative_articles: ``(gender, plural)`` → the locative preposition contracted with the article ("del",
            "nos").
        first_words: first word of a name → ``(gender, plural)`` of a name that takes an article ("Reino",
            "Estados").
        bare_names: names that never take an article ("Portugal", "Angola"); their gender follows a final "a".
        articles_by_default: other names take an article, feminine when the first word ends in "a" (Portuguese
            "a Alemanha") unless it is in :attr:`masculine_a`; else they take none (Spanish "Alemania").
        masculine_a: names (or first words) ending in "a" that are masculine ("o Gana").
    """

    locative_articles: dict[tuple[str, bool], str] = field(default_factory=dict)
    first_words: dict[str, tuple[str, bool]] = field(default_factory=dict)
    bare_names: frozenset[str] = frozenset()
    articles_by_default: bool = False
    masculine_a: frozenset[str] = frozenset()

    def inflect(self, noun: str, gender: str, *, rest: str, adjective: str, definite: bool, previous: str,
                drop_article: bool, genitive: bool) -> str:
        table = self.definite if definite else self.indefinite
        article = "" if drop_article else table["m"] if gender == "m" else table["f"]
        return join(article, noun, rest)

    def place_agreement(self, name: str) -> Agreement:
        first = name.split()[0] if name.split() else name
        if name in self.bare_names:
            return Agreement(False, "f" if name.endswith("a") else "m", False)
        if first in self.first_words:
            gender, plural = self.first_words[first]
            return Agreement(True, gender, plural)
        if not self.articles_by_default:
            return Agreement(False, "f" if name.endswith("a") else "m", False)
        feminine = first.endswith("a") and first not in self.masculine_a and name not in self.masculine_a
        return Agreement(True, "f" if feminine else "m", False)

    def located_in(self, name: str) -> str:
        agreement = self.place_agreement(name)
        if not agreement.article:
            return f"{self.locative} {name}"
        return f"{self.locative_articles[(agreement.gender, agreement.plural)]} {name}"
