"""A Venezuelan identity card number (cédula de identidad) as documents print it: the holder's nationality, "V"
(Venezuelan) or "E" (foreigner), a hyphen and six to eight digits, grouped by full stops or not ("V-17.904.223",
"E-84.123.456", "V-9874112"). The number carries no check digit, so the shape is all there is to validate (stop 68:
"Ramón Ysea Colmenares (V-17.904.223)" of a power of attorney left the digits in clear, the model masking "V-17").
Same interface as python-stdnum's modules, for a language's ``national_ids``.
"""

from __future__ import annotations

import re

#: "V" or "E", a hyphen, then 1–2 digits and two groups of three after full stops, or six to eight digits.
_PRINTED = re.compile(r"[VE]-(?:\d{1,2}\.\d{3}\.\d{3}|\d{6,8})")


def is_valid(number: str) -> bool:
    """Whether ``number`` is a cédula printed as ``"V-17.904.223"`` or ``"E-8412345"`` (case as written). Never
    raises."""
    return _PRINTED.fullmatch(number) is not None
