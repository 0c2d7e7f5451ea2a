"""The German pension insurance number (Versicherungsnummer der Rentenversicherung, printed on the social insurance
card and on every payslip, "65 170839 J 003"), which python-stdnum does not cover, with the interface of its modules
(``compact``, ``is_valid``), so that a language's ``national_ids`` can name it beside them.

Format: § 147 SGB VI and the Versicherungsnummern-, Kontoführungs- und Versicherungsverlaufsverordnung (VKVV), § 2:
two digits of the issuing pension institution's area, the date of birth as six digits (day, month, two-digit year),
the initial of the birth name as a capital, a two-digit serial number and a check digit. Documents quote specimen and
mistyped numbers as often as real ones (stop 51: a tax assessment's "Knappschaft 23 140789 A 022" and a discharge
letter's "51 140251 H 504" stayed in clear), and the shape with a valid date of birth is distinctive enough, so the
check digit is not required where the number is printed with its spaces; written compact, it is (:func:`check_digit`).
"""

from __future__ import annotations

import datetime as _dt
import re

_FORMAT = re.compile(r"(\d{2})(\d{2})(\d{2})(\d{2})([A-Z])(\d{2})(\d)")
#: The weights of the check digit's sum (VKVV, § 2 Abs. 4), over the area, the date, the letter's two-digit position
#: in the alphabet and the serial number.
_WEIGHTS = (2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1)


def compact(number: str) -> str:
    """``number`` without spaces, in capitals: ``"65 170839 j 003"`` → ``"65170839J003"``."""
    return re.sub(r"\s+", "", number).upper()


def check_digit(number: str) -> int:
    """The check digit of the first eleven characters of a compact number ("65170839J00"): the sum of the digit sums
    of each digit times its weight (the letter as its two-digit position, A = 01), modulo 10.

    Raises:
        ValueError: ``number`` does not start with eight digits, a capital and two digits."""
    value = compact(number)
    if not re.fullmatch(r"\d{8}[A-Z]\d{2}\d?", value):
        raise ValueError("not a pension insurance number")
    digits = value[:8] + f"{ord(value[8]) - ord('A') + 1:02d}" + value[9:11]
    return sum(sum(divmod(int(d) * w, 10)) for d, w in zip(digits, _WEIGHTS)) % 10


def is_valid(number: str) -> bool:
    """Whether ``number`` has the shape of a pension insurance number with a valid date of birth: ``"65 170839 J 003"``
    is, ``"65 173239 J 003"`` (no 32nd) and ``"65 170839 3 003"`` (no letter) are not. Printed with its spaces the check
    digit is not required (see the module's docstring); compact ("15070649C103") it is. Never raises."""
    m = _FORMAT.fullmatch(compact(number))
    if m is None:
        return False
    day, month, year = int(m.group(2)), int(m.group(3)), int(m.group(4))
    try:
        _dt.date(2000 + year, month, day)
    except ValueError:
        return False
    # written without its spaces the shape is less telling (WikiANN's file name "20090705Y046 251-161.jpg"): the check
    # digit decides
    return " " in number.strip() or check_digit(number) == int(m.group(7))
