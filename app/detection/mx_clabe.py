"""Mexico's standardized bank account number (CLABE, Clave Bancaria Estandarizada), which python-stdnum does not cover,
with the interface of its modules (``compact``, ``is_valid``), so that a language's ``national_ids`` can name it.

Format: Banco de México's rules for the CLABE (18 digits: a bank's three, a branch's three, the account's eleven and a
check digit). The check digit: each of the first seventeen digits times 3, 7, 1, 3, 7, 1, …, each product modulo 10,
summed; the check digit is (10 − sum mod 10) mod 10. Stop 51: a SAT letter's and a payroll e-mail's CLABEs
("012180004593827167") stayed in clear.
"""

from __future__ import annotations

import re

_WEIGHTS = (3, 7, 1) * 6


def compact(number: str) -> str:
    """``number`` without spaces and hyphens: ``"012 180 00459382716 7"`` → ``"012180004593827167"``."""
    return re.sub(r"[\s-]+", "", number)


def check_digit(number: str) -> int:
    """The check digit of the first seventeen digits of ``number``.

    Raises:
        ValueError: ``number`` does not start with seventeen digits."""
    digits = compact(number)[:17]
    if not re.fullmatch(r"\d{17}", digits):
        raise ValueError("not a CLABE")
    return (10 - sum(int(d) * w % 10 for d, w in zip(digits, _WEIGHTS)) % 10) % 10


def is_valid(number: str) -> bool:
    """Whether ``number`` (spaces and hyphens allowed) is 18 digits whose last is the check digit of the others.
    Never raises."""
    value = compact(number)
    return bool(re.fullmatch(r"\d{18}", value)) and check_digit(value) == int(value[17])
