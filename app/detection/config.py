"""Per-language detection configuration (Dias, 2016, §4.1.2 and Appendix B).

The defaults ship in ``app/detection/config/defaults.json``: a ``"*"`` section for every language and
one section per language that overrides it key by key. A user file (JSON, same shape) named by
``ANON_DETECTION_CONFIG`` (:attr:`app.settings.Settings.detection_config`) overrides the defaults, again key by
key, per language; its sections must be ``"*"`` or declared languages and its keys those below (a typo is a
``ValueError`` at start-up, :mod:`app.startup`).

Keys of a language section:

``recognizers``  recognizers to run (names: ``email url ip iban credit_card national_id id_number phone address
                 case_number date time money postal_code custom stanza gazetteer number``)
``precedence``   the voting cascade, highest first (:mod:`app.detection.voting`)
``conversion``   tag conversion table of the NER model (:data:`app.detection.labels.CONVERSION_TABLES`)
                 or an inline mapping ``{"PER": "PERSON", ...}``
``sensitive``    labels kept (others are detected but dropped before voting)
``rules``        context rules in order (``name_field institution title first_name org_suffix conjunction enumeration
                 name_particles org_keyword case_name``; [] = none)
``second_pass``  ``{"all_occurrences": bool, "short_forms": bool, "label_consistency": bool,
                 "spread_common_words": bool}``; ``spread_common_words`` ``false``: every occurrence is marked for
                 confident entities only, not for a one-word organization or miscellaneous entity that is a common
                 word of the language (:func:`app.detection.second_pass.spreads`)
``gazetteer_min_population``  cities below this population are not in the gazetteer
``gazetteer_alternate_names_min_population``  alternate names (exonyms, transliterations) only of cities at
                 least this large (default 1,000,000: those of smaller cities include common words)
``ner_recall_bias``  subtracted from the NER model's ``O``-tag score at every token before decoding
                 (:func:`app.detection.ensemble.recall_bias_vector`); 0 = the model's own decode, larger
                 = more recall, less precision
``ner_recall_bias_strict``  the same for documents in the ``strict`` privacy profile (the larger of it and
                 ``ner_recall_bias`` is used; ``null``: ``ner_recall_bias``): strict trades more precision for
                 fewer leaks, with the same loaded model
``proper_nouns``  ``true``: capitalised words that no common-word lexicon knows and no other component covered
                 become ``PROPER_NOUN`` entities (:mod:`app.detection.proper_nouns`; on for German)
``proper_noun_types``  ``true`` (default): such a run that only person-name lexicons know is a ``PERSON``, one that
                 only place-name lexicons know a ``LOCATION`` (:mod:`app.detection.name_types`); ``false``: all
                 stay ``PROPER_NOUN``
``restore_case``  which sentences are read with each word in its usual spelling (:mod:`app.detection.casing`):
                 ``"uncased"`` (written in lower case: chat, transcripts), ``"all_capitals"`` (captions, headings);
                 default both, ``[]``: every sentence as written
``custom_patterns``  ``[{"label": "CASE_NUMBER", "regex": "..."}]`` users' own regular expressions
``custom_lists``     ``{"ORGANIZATION": ["Acme", ...]}`` users' own phrases
``custom_files``     CSV files of ``phrase-or-regex,label[,regex]`` lines (Dias, 2016, §4.2.2)
"""

from __future__ import annotations

from functools import lru_cache, partial
from pathlib import Path
from typing import Any

from app.config_files import load_layered, merge_section

DEFAULTS_FILE = Path(__file__).resolve().parent / "config" / "defaults.json"


#: objects merged key by key (``second_pass``), except users' phrase lists, replaced whole
_merge = partial(merge_section, replace=("custom_lists",))


def load_config(path: str | Path | None = None) -> dict[str, Any]:
    """The raw configuration: defaults, overridden by ``path`` (or ``ANON_DETECTION_CONFIG``).

    Raises:
        OSError, json.JSONDecodeError: unreadable or invalid user file.
        ValueError: a section that is not ``"*"`` or a declared language, or an unknown key in a section.
    """
    from app.settings import get_settings

    return load_layered(DEFAULTS_FILE, path or get_settings().detection_config, "detection configuration", _merge)


def language_config(language: str, config: dict[str, Any] | None = None) -> dict[str, Any]:
    """The effective configuration of ``language``: ``"*"`` overridden by the language's section."""
    config = config if config is not None else _cached_config()
    return _merge(config.get("*", {}), config.get(language, {}))


@lru_cache(maxsize=1)
def _cached_config() -> dict[str, Any]:
    return load_config()
