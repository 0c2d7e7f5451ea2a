"""A Spanish DNI or NIE as forms and letters print it, a hyphen before its check letter ("72345678-H", "Y1234567-X"),
whatever the letter: python-stdnum (``stdnum.es.dni``, ``stdnum.es.nie``) accepts only a letter that matches the
number, and one that does not is a typo or a fictional number that names a person as surely (stop 46: "el NIF de
Itziar (tengo el tuyo, 72345678-H)" left the digits in clear, the model masking the letter alone). The printed shape,
eight digits or an X/Y/Z and seven, a hyphen and a capital, is found in no corpus of ``../shared/data`` nor in
MEDDOCAN's texts. Same interface as python-stdnum's modules, for a language's ``national_ids``.
"""

from __future__ import annotations

import re

#: Eight digits (also grouped by full stops, as notarial deeds print them: "17.123.456-M", stop 47) or an X/Y/Z and
#: seven, a hyphen and a capital.
_PRINTED = re.compile(r"(?:\d{8}|\d{2}\.\d{3}\.\d{3}|[XYZ]-?\d{7})-[A-Z]")


def is_valid(number: str) -> bool:
    """Whether ``number`` is a DNI or NIE printed with a hyphen before its capital letter (``"72345678-H"``,
    ``"Y-1234567-X"``, ``"17.123.456-M"``); ``"72345678H"`` and ``"72345678-h"`` are not (python-stdnum checks those). Never raises."""
    return _PRINTED.fullmatch(number) is not None
