"""Singapore's identity card number (NRIC) and foreign identification number (FIN), which python-stdnum does not
cover, with the interface of its modules (``compact``, ``is_valid``), so that a language's ``national_ids`` can name
it beside them.

Format: a series letter (``S``, ``T`` for citizens and permanent residents born before and from 2000; ``F``, ``G``
for foreigners), seven digits and a check letter. The check letter is the remainder modulo 11 of the digits weighted
2, 7, 6, 5, 4, 3, 2 (plus 4 in the series ``T`` and ``G``), read in the series' letter table: ``JZIHGFEDCBA`` for
``S``/``T``, ``XWUTRQPNMLK`` for ``F``/``G`` (Immigration & Checkpoints Authority of Singapore, the algorithm as
published with the specimen "S1234567D"; the ``M`` series of 2022 is not accepted: its table is not published).
"""

from __future__ import annotations

import re

_FORMAT = re.compile(r"[STFG]\d{7}[A-Z]")
_WEIGHTS = (2, 7, 6, 5, 4, 3, 2)
_TABLES = {"S": "JZIHGFEDCBA", "T": "JZIHGFEDCBA", "F": "XWUTRQPNMLK", "G": "XWUTRQPNMLK"}


def compact(number: str) -> str:
    """``number`` without spaces, in capitals: ``"s 1234567 d"`` → ``"S1234567D"``."""
    return re.sub(r"\s+", "", number).upper()


def is_valid(number: str) -> bool:
    """Whether ``number`` (spaces allowed) is an NRIC or FIN with its check letter: ``"S1234567D"`` is,
    ``"S1234567A"`` (check letter) and ``"A1234567D"`` (series) are not. Never raises."""
    value = compact(number)
    if not _FORMAT.fullmatch(value):
        return False
    total = sum(int(d) * w for d, w in zip(value[1:8], _WEIGHTS)) + (4 if value[0] in "TG" else 0)
    return _TABLES[value[0]][total % 11] == value[8]
