"""Per-language, per-label configuration of coreference (Dias, 2016, §4.2.4, Figure 4.4 and Appendix B).

The defaults ship in ``app/coreference/defaults.json``: a ``"*"`` section for every language and one
section per language that overrides it key by key. The words of a language (``head``, ``stemmer``, ``titles``,
``title_genders``, ``function_words``, ``prepositions``, ``type_words``) come from its module in
:mod:`app.languages` (:func:`language_words`), between the two. A user file (JSON, same shape) named by
``ANON_COREFERENCE_CONFIG`` (or passed to :func:`load_config`) overrides the defaults, again key by key.

Keys of a language section:

``labels``          ``{LABEL: {"class": ..., "rules": [...]}}`` — which coreferencer handles a label and which
                    rules it applies, in order (:mod:`app.coreference.rules`: ``identical possessive title
                    type_word stem prepositional acronym partial``). ``class`` is a name of
                    :func:`app.registry.names` ``("coreferencer")`` or ``"package.module:Class"``;
                    ``"rules"`` may be omitted (the class's defaults) or ``[]`` (every mention a chain of its
                    own). The ``"*"`` label applies to labels without an entry; without a ``"*"`` entry
                    such labels are singletons. Merged label by label.
``head``            ``"final"`` (en, de: "European *Parliament*") or ``"initial"`` (es, pt: "*Parlamento*
                    Europeo"): where the headword of a name is when no preposition marks it. Default: the
                    language's :attr:`app.languages.Language.head_final`.
``stemmer``         Snowball algorithm of the ``stem`` rule (``"german"``, ``"spanish"``, ...) or ``null``
                    (:attr:`app.languages.CoreferenceWords.stemmer`).
``stem_scope``      ``"all"`` (every word compared by its stem: "Europäische Parlament" = "Europäischen
                    Parlaments") or ``"headword"`` (only the headword stemmed, other words identical).
``titles``          titles and honorifics (lower case, without final period; may be several words): the language's
                    ``titles`` and ``coreference.titles``.
``title_genders``   ``{title: "m" | "f"}``: "Mr Doe" is never merged with "Mrs Jane Doe"; the ``title_genders``
                    of every declared language (a title of one language may stand in a text of another). Merged
                    key by key.
``function_words``  words skipped when forming acronyms and comparing prepositional variants.
``prepositions``    words after which the headword stops ("*University* of Cambridge").
``type_words``      ``{LABEL: {"leading": [...], "trailing": [...]}}`` words naming the kind of object
                    ("Corporation", "Republic of"), dropped when comparing; an organization's trailing words
                    include the language's legal forms and company nouns. Merged label by label.
"""

from __future__ import annotations

from functools import lru_cache, partial
from pathlib import Path
from typing import Any

from app import languages
from app.config_files import load_layered, merge_section
from app.detection.labels import ORGANIZATION

DEFAULTS_FILE = Path(__file__).resolve().parent / "defaults.json"
ENV_VAR = "ANON_COREFERENCE_CONFIG"  # read through app.settings.Settings.coreference_config

#: ``labels``, ``title_genders`` and ``type_words`` merged key by key, a label's entry too
_merge = partial(merge_section, nested=True)


def load_config(path: str | Path | None = None) -> dict[str, Any]:
    """The raw configuration: defaults, overridden by ``path`` (or the file named by ``ANON_COREFERENCE_CONFIG``).

    Raises:
        OSError, json.JSONDecodeError: unreadable or invalid user file.
        ValueError: an unknown section or key (:func:`app.config_files.check_sections`).
    """
    from app.settings import get_settings

    return load_layered(DEFAULTS_FILE, path or get_settings().coreference_config, "coreference configuration", _merge)


def with_overrides(overrides: dict[str, Any] | None, base: dict[str, Any] | None = None) -> dict[str, Any]:
    """``base`` (default: the cached configuration) with ``overrides`` (same shape) merged section by section."""
    config = dict(base if base is not None else cached_config())
    for section, values in (overrides or {}).items():
        config[section] = _merge(config.get(section, {}), values)
    return config


def language_config(language: str, config: dict[str, Any] | None = None) -> dict[str, Any]:
    """The effective configuration of ``language``: ``"*"`` overridden by the language's own section.

    Args:
        language: ISO 639-1 code (``"en"``); unknown languages get the ``"*"`` section.
        config: a raw configuration (:func:`load_config`); default the cached defaults + user file.
    """
    config = config if config is not None else cached_config()
    base = config.get("*", {})
    if language in languages.supported():  # the language's words (app.languages), unless configured
        base = {**base, **language_words(language)}
    return _merge(base, config.get(language, {}))


def language_words(language: str) -> dict[str, Any]:
    """The configuration keys a language module declares (:class:`app.languages.Language`): ``head``,
    ``stemmer``, ``titles``, ``title_genders``, ``function_words``, ``prepositions`` and ``type_words``.

    Raises:
        app.languages.UnknownLanguage: ``language`` is not declared.
    """
    lang = languages.get(language)
    words = lang.coreference
    genders = {"male": "m", "female": "f"}
    trailing = {label: list(types) for label, types in words.trailing_types.items()}
    trailing[ORGANIZATION] = [w.casefold() for w in sorted(lang.legal_forms | lang.company_nouns)] + trailing.get(
        ORGANIZATION, [])
    return {
        "head": "final" if lang.head_final else "initial",
        "stemmer": words.stemmer,
        "titles": sorted({t.casefold().rstrip(".") for t in lang.titles} | words.titles),
        "title_genders": {title: genders[gender] for other in languages.all_languages()
                          for title, gender in other.title_genders.items() if gender in genders},
        "function_words": list(words.function_words),
        "prepositions": list(words.prepositions),
        "type_words": {label: {"leading": list(words.leading_types.get(label, ())), "trailing": trailing.get(label, [])}
                       for label in {*words.leading_types, *trailing}},
    }


@lru_cache(maxsize=1)
def cached_config() -> dict[str, Any]:
    """:func:`load_config` read once per process (clear with ``cached_config.cache_clear()``)."""
    return load_config()
