"""The registry of anonymization methods by name (seed 004 §4.5, Fig. 4.9 "registering a new method")."""

from __future__ import annotations

from typing import Any

from app.anonymization.base import Operator
from app.anonymization.operators.combined import CombinedOperator
from app.anonymization.operators.generalize import GeneralizeOperator
from app.anonymization.operators.kmask import KMaskOperator
from app.anonymization.operators.substitute import SubstituteOperator
from app.anonymization.operators.suppress import SuppressOperator
from app.anonymization.operators.tag import TagOperator
from app.anonymization.operators.ukds import UkdsOperator

OPERATORS: dict[str, type[Operator]] = {}


def register(operator_class: type[Operator]) -> type[Operator]:
    """Register an operator class under its ``name`` (usable as a decorator).

    Raises:
        ValueError: the name is empty or already taken by another class.
    """
    name = operator_class.name
    if not name:
        raise ValueError("an operator needs a name")
    if name in OPERATORS and OPERATORS[name] is not operator_class:
        raise ValueError(f"method {name!r} is already registered")
    OPERATORS[name] = operator_class
    return operator_class


def create_operator(name: str, **options: Any) -> Operator:
    """Instantiate the operator registered as ``name``.

    Raises:
        KeyError: no method of that name (the message lists the known ones).
    """
    try:
        cls = OPERATORS[name]
    except KeyError:
        raise KeyError(f"unknown anonymization method {name!r} (known: {', '.join(sorted(OPERATORS))})") from None
    return cls(**options)


def available_methods() -> list[str]:
    """Names of the registered methods, sorted."""
    return sorted(OPERATORS)


register(TagOperator)
register(SuppressOperator)
register(SubstituteOperator)
register(GeneralizeOperator)
register(UkdsOperator)
register(CombinedOperator)
register(KMaskOperator)
