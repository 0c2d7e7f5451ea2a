"""The British National Insurance number (NINO), which python-stdnum does not cover, with the interface of its
modules (``compact``, ``is_valid``), so that a language's ``national_ids`` can name it beside them.

Format and allocation rules: HM Revenue & Customs, National Insurance Manual, NIM39110 ("National Insurance
number format"): two prefix letters, six digits, a suffix letter A, B, C or D; neither prefix letter is D, F, I, Q,
U or V, the second is not O either, and the prefixes BG, GB, KN, NK, NT, TN and ZZ are not allocated. The number
has no check digit. HMRC's guidance prints the specimen "QQ 12 34 56 C" (its prefix never allocated); it stands
in documents for a real one, so it is accepted too.
"""

from __future__ import annotations

import re

_FORMAT = re.compile(r"[A-Z]{2}\d{6}[A-D]")
_NOT_FIRST = set("DFIQUV")
_NOT_SECOND = set("DFIOQUV")
_UNALLOCATED = {"BG", "GB", "KN", "NK", "NT", "TN", "ZZ"}
_SPECIMEN = "QQ"


def compact(number: str) -> str:
    """``number`` without spaces, in capitals: ``"qq 12 34 56 c"`` → ``"QQ123456C"``."""
    return re.sub(r"\s+", "", number).upper()


def is_valid(number: str) -> bool:
    """Whether ``number`` (spaces allowed) is a National Insurance number HMRC may allocate, or its specimen prefix
    ``QQ``: ``"AB 12 34 56 C"`` and ``"QQ 12 34 56 C"`` are, ``"DA 12 34 56 C"`` (D first), ``"GB 12 34 56 A"``
    (unallocated) and ``"AB 12 34 56 E"`` (suffix) are not. Never raises."""
    value = compact(number)
    if not _FORMAT.fullmatch(value):
        return False
    prefix = value[:2]
    if prefix == _SPECIMEN:
        return True
    return prefix[0] not in _NOT_FIRST and prefix[1] not in _NOT_SECOND and prefix not in _UNALLOCATED
