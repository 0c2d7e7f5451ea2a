"""The anonymization methods by name, in the one component registry (:mod:`app.registry`, kind ``operator``)."""

from __future__ import annotations

from typing import Any

from app import registry as components
from app.anonymization.base import Operator
from app.anonymization.operators.combined import CombinedOperator
from app.anonymization.operators.generalize import GeneralizeOperator
from app.anonymization.operators.kmask import KMaskOperator
from app.anonymization.operators.substitute import SubstituteOperator
from app.anonymization.operators.suppress import SuppressOperator
from app.anonymization.operators.tag import TagOperator
from app.anonymization.operators.ukds import UkdsOperator


def register(operator_class: type[Operator]) -> type[Operator]:
    """Register an operator class under its ``name`` (usable as a decorator; :func:`app.registry.register` with
    kind ``operator``).

    Raises:
        ValueError: the name is empty or already taken by another class.
    """
    return components.register("operator")(operator_class)


def create_operator(name: str, **options: Any) -> Operator:
    """Instantiate the operator registered as ``name``.

    Raises:
        app.registry.UnknownComponent: no method of that name (a ``KeyError``; the message lists the known ones).
    """
    return components.create("operator", name, **options)


def available_methods() -> list[str]:
    """Names of the registered methods, sorted."""
    return components.names("operator")


register(TagOperator)
register(SuppressOperator)
register(SubstituteOperator)
register(GeneralizeOperator)
register(UkdsOperator)
register(CombinedOperator)
register(KMaskOperator)
