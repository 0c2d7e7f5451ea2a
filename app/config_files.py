"""Per-language JSON configurations (detection, coreference): shipped defaults with a ``"*"`` section and one
section per language, overridden section by section by a user file.

:func:`load_layered` is the one loader of both (:mod:`app.detection.config`, :mod:`app.coreference.config`); each
passes its own merge of one section (detection merges nested objects one level deep, coreference merges label
entries too).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

Section = dict[str, Any]


def load_layered(defaults_file: Path, user: str | Path | None, what: str,
                 merge: Callable[[Section, Section], Section]) -> dict[str, Section]:
    """The defaults of ``defaults_file`` with the user file ``user`` (when given) merged section by section.

    Args:
        what: the configuration's name in error messages ("detection configuration").
        merge: ``merge(base_section, user_section) -> section``.

    Raises:
        OSError, json.JSONDecodeError: unreadable or invalid user file.
        ValueError: a section that is not ``"*"`` or a declared language, or a key no default section holds
            (:func:`check_sections`).
    """
    config = json.loads(Path(defaults_file).read_text("utf-8"))
    if user:
        overrides = json.loads(Path(user).read_text("utf-8"))
        check_sections(overrides, {key: None for section in config.values() for key in section}, what)
        for section, values in overrides.items():
            config[section] = merge(config.get(section, {}), values)
    return config


def merge_section(base: Section, override: Section, *, replace: tuple[str, ...] = (), nested: bool = False) -> Section:
    """``base`` with ``override``'s keys: a key whose value is an object in both is merged key by key (unless it is
    in ``replace``: replaced whole); with ``nested``, entries that are objects in both are merged too
    (``{"labels": {"PERSON": {"rules": [...]}}}`` keeps the configured class). Other values are replaced."""
    merged = dict(base)
    for key, value in override.items():
        if key not in replace and isinstance(value, dict) and isinstance(merged.get(key), dict):
            inner = dict(merged[key])
            for name, item in value.items():
                both = nested and isinstance(item, dict) and isinstance(inner.get(name), dict)
                inner[name] = {**inner[name], **item} if both else item
            merged[key] = inner
        else:
            merged[key] = value
    return merged


def check_sections(overrides: Any, known: dict[str, Any], what: str) -> None:
    """Check a user file's shape: an object of ``"*"`` or declared-language sections whose keys are in ``known``.

    Raises:
        ValueError: the first problem, naming the section and key (and the known ones).
    """
    from app import languages

    if not isinstance(overrides, dict):
        raise ValueError(f"the {what} must be a JSON object of language sections")
    for section, values in overrides.items():
        if section != "*" and section not in languages.supported():
            raise ValueError(f"{what}: unknown section {section[:32]!r} (expected \"*\" or one of "
                             f"{', '.join(languages.supported())})")
        if not isinstance(values, dict):
            raise ValueError(f"{what}: section {section!r} must be an object")
        unknown = [key for key in values if key not in known]
        if unknown:
            raise ValueError(f"{what}: unknown key(s) {', '.join(repr(k[:32]) for k in unknown)} in section "
                             f"{section!r}; known: {', '.join(known)}")
