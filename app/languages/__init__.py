"""Language data in one place: every word list and grammar fact of a language that the stages need.

One module per language (``app/languages/en.py``, ``de.py``, ``es.py``, ``pt.py``) declares a :class:`Language`
and passes it to :func:`register`; the stages read it from here:

* detection rules (:mod:`app.detection.rules`): ``titles``, ``months``/``weekdays`` (+ variants), ``stop_words``,
  ``legal_forms``, ``company_nouns``, ``organization_heads``, ``first_name_locales``;
* coreference (:mod:`app.coreference.config`): ``head_final``;
* anonymization (:mod:`app.anonymization.surrogates`, :mod:`app.anonymization.knowledge_base`): ``faker_locales``,
  ``title_genders``, ``months``, ``weekdays``, ``legal_forms``, ``head_final``;
* re-identification (:mod:`app.reidentification.matching`): ``label_translations``;
* the message schema and the worker (:func:`supported`): which languages a document may have.

Adding a language is one new module here (or anywhere, imported before the stages: see ``tests/fixtures/toy_language.py``),
its NER weights, and a line of configuration; README "Adding a language" has the checklist.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from app.registry import UnknownComponent

#: The languages shipped with the worker, in this order (English first: the fallback of the surrogates).
BUILT_IN: tuple[str, ...] = ("en", "de", "es", "pt")

#: Titles of languages without a module, found in texts of any language (French, Italian): lower case without
#: the final dot → ``"male"``, ``"female"``.
FOREIGN_TITLE_GENDERS: dict[str, str] = {
    "monsieur": "male", "signor": "male", "mme": "female", "madame": "female", "signora": "female",
}

#: Legal forms of countries without a language module (Dutch, Italian, French), as written.
FOREIGN_LEGAL_FORMS: frozenset[str] = frozenset("N.V. B.V. BV NV SpA S.p.A. S.A.S. SAS".split())

#: Label translations into languages without a module (French, Italian, Dutch) and international abbreviations
#: (upper case, accents removed) → standard label; translations may come back in any language.
FOREIGN_LABEL_TRANSLATIONS: dict[str, str] = {
    "PERSONNE": "PERSON", "PERSOON": "PERSON", "PERSONE": "PERSON", "PER": "PERSON", "NOM": "PERSON",
    "ORGANIZZAZIONE": "ORGANIZATION", "ORGANISATIE": "ORGANIZATION", "ORG": "ORGANIZATION",
    "LIEU": "LOCATION", "LUOGO": "LOCATION", "LOCALITA": "LOCATION", "LOC": "LOCATION",
    "DATO": "DATE", "HEURE": "TIME", "ORA": "TIME", "COURRIEL": "EMAIL", "DIVERS": "MISC",
    "NOM_PROPRE": "PROPER_NOUN",
}


@dataclass(frozen=True)
class Language:
    """Word lists and grammar facts of one language.

    Attributes:
        code: ISO 639-1 code (``"en"``).
        name: English name (``"English"``).
        faker_locales: Faker locales for surrogates, primary first (``("en_US", "en_GB", "en_IE")``).
        surrogate_countries: ISO 3166 codes of the countries whose cities are surrogate places (``("DE", "AT")``).
        first_name_locales: Faker locales whose first names the ``first_name`` detection rule knows.
        titles: titles and honorifics as tokens, case-sensitive ("Mr.", "Herr", "Sra."), roles included
            ("President"): a capitalised run after one is a person (detection rule ``title``).
        title_genders: title in lower case without the final dot → ``"male"``, ``"female"`` or ``None``
            (neutral): the gender of a surrogate first name after the title.
        months, weekdays: the 12 month and 7 weekday names as written in running text ("enero", "Montag").
        month_variants: other spellings of month names → month number (``{"Jänner": 1}``), also names.
        weekday_variants: other spellings of weekdays ("Sonnabend").
        month_abbreviations: abbreviations and unaccented spellings found in dates only → month number
            (``{"jan": 1, "marco": 3}``; lower case).
        id_keywords: regular expressions of the words that name an identifier ("MRN", "Kundennummer"): the
            ``id_number`` recognizer (:mod:`app.detection.identifiers`) needs at least one.
        stop_words: capitalised function words that never start a name found by a rule ("The", "Der").
        legal_forms: legal forms that end company names, as written ("Ltd.", "GmbH", "S.A.", "Lda.").
        company_nouns: nouns that end company names without being legal forms ("Corporation", "Group"): the
            ``org_suffix`` detection rule takes them as legal forms, the knowledge base as organisation types.
        organization_heads: head nouns of organization names ("University", "Sparkasse", "Tribunal").
        organization_connectors: words between an organization head and a place ("University *of the*").
        conjunctions: words joining two names ("and", "und", "y", "&"): the ``conjunction`` detection rule.
        head_final: noun phrases are head-final (English, German) rather than head-initial (Spanish,
            Portuguese); the organisation head and the coreference head word are searched from that end.
        label_translations: translations of the standard labels into this language, upper case without
            accents ("PERSONA" → "PERSON"): placeholders a translator translated are still re-identified.
    """

    code: str
    name: str
    faker_locales: tuple[str, ...]
    surrogate_countries: tuple[str, ...]
    first_name_locales: tuple[str, ...]
    titles: frozenset[str]
    title_genders: dict[str, str | None]
    months: tuple[str, ...]
    weekdays: tuple[str, ...]
    stop_words: frozenset[str]
    legal_forms: frozenset[str]
    organization_heads: frozenset[str]
    head_final: bool
    label_translations: dict[str, str] = field(default_factory=dict)
    company_nouns: frozenset[str] = frozenset()
    conjunctions: frozenset[str] = frozenset()
    organization_connectors: frozenset[str] = frozenset()
    month_variants: dict[str, int] = field(default_factory=dict)
    month_abbreviations: dict[str, int] = field(default_factory=dict)
    id_keywords: tuple[str, ...] = ()
    weekday_variants: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if len(self.months) != 12 or len(self.weekdays) != 7:
            raise ValueError(f"language {self.code!r}: 12 months and 7 weekdays expected")
        if not self.faker_locales:
            raise ValueError(f"language {self.code!r}: at least one Faker locale expected")


class UnknownLanguage(UnknownComponent):
    """No :class:`Language` is registered under this code (a ``KeyError`` and a ``ValueError``)."""


_REGISTRY: dict[str, Language] = {}
_version = 0


def register(language: Language) -> Language:
    """Declare ``language`` (its module calls this at import); a second declaration of a code replaces the first.

    Returns:
        ``language``.
    """
    global _version
    _REGISTRY[language.code] = language
    _version += 1
    return language


def get(code: str) -> Language:
    """The :class:`Language` of ``code``.

    Raises:
        UnknownLanguage: no module declared ``code``.
    """
    try:
        return _REGISTRY[code]
    except KeyError:
        raise UnknownLanguage(f"unknown language {code[:16]!r} (declared: {', '.join(_REGISTRY)})") from None


def supported() -> tuple[str, ...]:
    """Codes of every declared language: the built-in ones first, then the others in declaration order."""
    return tuple(_REGISTRY)


def all_languages() -> tuple[Language, ...]:
    """Every declared :class:`Language`, in :func:`supported` order."""
    return tuple(_REGISTRY.values())


def union(attribute: str, transform: Callable[[str], str] = str) -> frozenset[str]:
    """The words of ``attribute`` (a word list or mapping of :class:`Language`) over every declared language,
    each passed through ``transform`` (e.g. ``str.capitalize``)."""
    return frozenset(transform(w) for lang in _REGISTRY.values() for w in getattr(lang, attribute))


def per_language(attribute: str) -> dict[str, object]:
    """``{code: getattr(language, attribute)}`` over every declared language."""
    return {code: getattr(lang, attribute) for code, lang in _REGISTRY.items()}


def import_modules(names: Iterable[str]) -> None:
    """Import language modules by dotted name (each registers its :class:`Language`).

    Raises:
        ModuleNotFoundError: a module does not exist.
    """
    for name in names:
        importlib.import_module(name)


import_modules(f"{__name__}.{code}" for code in BUILT_IN)
