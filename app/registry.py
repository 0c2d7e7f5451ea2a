"""One registry of the pluggable components, with one decorator and one error type.

Kinds (:data:`KINDS`): ``recognizer`` (detection, :mod:`app.detection.recognizers`), ``detection_rule``
(:mod:`app.detection.rules`), ``coreference_rule`` (:mod:`app.coreference.rules`), ``coreferencer``
(:mod:`app.coreference.coreferencers`) and ``operator`` (anonymization methods, :mod:`app.anonymization.registry`).
A component is registered under a name with its default configuration and the languages it serves::

    from app.registry import register

    @register("detection_rule", "title")
    class TitleRule(Rule): ...

    @register("recognizer", "email", defaults={}, languages=None)   # None: every language
    def _email(ctx): return [EmailRecognizer()]

and the configuration names it (``"rules": ["title"]``, ``"recognizers": ["email"]``, a document's ``method``).
An unknown name raises :class:`UnknownComponent`, a ``KeyError`` *and* a ``ValueError`` (callers catch either, as
they did before the registries were merged). ``anonymizer components`` lists every component
(:func:`describe`). The operator registry follows Presidio's (Microsoft, 2018-) "registering a new method"
pattern: a name maps to a class instantiated with options.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

#: The kinds of component: the module that registers the built-in ones (imported on first look-up) and the noun
#: of error messages.
KINDS: dict[str, tuple[str, str]] = {
    "recognizer": ("app.detection.recognizers", "recognizer"),
    "detection_rule": ("app.detection.rules", "detection rule"),
    "coreference_rule": ("app.coreference.rules", "coreference rule"),
    "coreferencer": ("app.coreference.coreferencers", "coreferencer"),
    "operator": ("app.anonymization.registry", "anonymization method"),
}

F = TypeVar("F", bound=Callable[..., Any])


class UnknownComponent(KeyError, ValueError):
    """No component of this kind and name (a ``KeyError`` and a ``ValueError``); the message lists the known
    names and never quotes more than 32 characters of the unknown one."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


@dataclass(frozen=True)
class Component:
    """A registered component.

    Attributes:
        kind: one of :data:`KINDS`.
        name: the name configurations use.
        factory: the class or function that builds it.
        defaults: its default configuration (options), ``{}`` when none.
        languages: the language codes it serves; ``None`` = every language.
    """

    kind: str
    name: str
    factory: Callable[..., Any]
    defaults: dict[str, Any] = field(default_factory=dict)
    languages: tuple[str, ...] | None = None

    @property
    def summary(self) -> str:
        """The first line of the factory's docstring."""
        return ((self.factory.__doc__ or "").strip().splitlines() or [""])[0]


_COMPONENTS: dict[str, dict[str, Component]] = {kind: {} for kind in KINDS}
_loaded: set[str] = set()


def _check_kind(kind: str) -> None:
    if kind not in KINDS:
        raise UnknownComponent(f"unknown component kind {kind[:32]!r} (known: {', '.join(KINDS)})")


def register(kind: str, name: str | None = None, *, defaults: dict[str, Any] | None = None,
             languages: tuple[str, ...] | None = None) -> Callable[[F], F]:
    """Decorator: register a class or factory function as component ``name`` of ``kind``.

    Args:
        kind: one of :data:`KINDS`.
        name: the configuration name; default: the class's ``name`` attribute.
        defaults: its default configuration.
        languages: the languages it serves (``None``: all).

    Raises:
        UnknownComponent: unknown kind.
        ValueError: no name, or the name is taken by another factory.
    """
    _check_kind(kind)

    def decorate(factory: F) -> F:
        key = name or getattr(factory, "name", "")
        if not key:
            raise ValueError(f"a {kind} needs a name")
        known = _COMPONENTS[kind].get(key)
        if known is not None and known.factory is not factory:
            raise ValueError(f"{kind} {key!r} is already registered")
        options = dict(defaults) if defaults is not None else _keyword_defaults(factory)
        _COMPONENTS[kind][key] = Component(kind, key, factory, options, languages)
        return factory

    return decorate


def _keyword_defaults(factory: Callable[..., Any]) -> dict[str, Any]:
    """The keyword options of a class's constructor with their defaults (its default configuration)."""
    if not isinstance(factory, type):
        return {}
    try:
        parameters = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):
        return {}
    return {p.name: p.default for p in parameters
            if p.default is not inspect.Parameter.empty and p.kind is not inspect.Parameter.VAR_KEYWORD}


def _load(kind: str) -> None:
    if kind not in _loaded:
        _loaded.add(kind)
        importlib.import_module(KINDS[kind][0])


def get(kind: str, name: str) -> Component:
    """The component ``name`` of ``kind``.

    Raises:
        UnknownComponent: unknown kind or name.
    """
    _check_kind(kind)
    _load(kind)
    try:
        return _COMPONENTS[kind][name]
    except (KeyError, TypeError):
        known = ", ".join(sorted(_COMPONENTS[kind]))
        shown = name[:32] if isinstance(name, str) else type(name).__name__
        raise UnknownComponent(f"unknown {KINDS[kind][1]} {shown!r} (known: {known})") from None


def create(kind: str, name: str, *args: Any, **kwargs: Any) -> Any:
    """``get(kind, name).factory(*args, **kwargs)``. Raises :class:`UnknownComponent` for an unknown name."""
    return get(kind, name).factory(*args, **kwargs)


def names(kind: str) -> list[str]:
    """The registered names of ``kind``, sorted."""
    _check_kind(kind)
    _load(kind)
    return sorted(_COMPONENTS[kind])


def components(kind: str) -> dict[str, Component]:
    """``{name: Component}`` of ``kind`` in registration order (a copy)."""
    _check_kind(kind)
    _load(kind)
    return dict(_COMPONENTS[kind])


def describe() -> list[dict[str, Any]]:
    """Every component: ``[{"kind", "name", "languages", "defaults", "summary"}, ...]`` by kind, then name."""
    return [{"kind": c.kind, "name": c.name, "languages": list(c.languages) if c.languages else "all",
             "defaults": c.defaults, "summary": c.summary}
            for kind in KINDS for c in sorted(components(kind).values(), key=lambda c: c.name)]
