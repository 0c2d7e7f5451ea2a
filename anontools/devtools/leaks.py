"""Leak scan: originals that a method left in clear in an anonymized text (issue 15: "0 detected entities in
clear in ``translation.requests`` for every allowed method").

An *original* is the text of one entity that the pipeline detected in the document (``documents.detected``) or
that its table of solutions holds (:meth:`app.table.Table.originals`). An original is *in clear* when it occurs
in the anonymized text as whole words, ignoring case and the kind and number of whitespace characters between its
words (Unicode NFC on both sides). A missed entity is a leak (Dias, 2016, §5.1); this scan measures the other
kind: an entity that was detected and still came out.

How an original is compared (:func:`comparable`):

* its leading and trailing non-word characters are ignored (``"Mr. Smith,"`` → ``Mr. Smith``,
  ``"+44 20 7946 0958"`` → ``44 20 7946 0958``): the core of the original in clear is a leak whatever
  punctuation surrounds it; an original without any word character (``"+++"``) cannot be found on word
  boundaries and is skipped (counted in ``skipped``);
* a core of fewer than :data:`CASELESS_FROM` characters is compared **with** case: such cores are initials,
  acronyms and short numbers (``"S."``, ``"US"``, ``"EU"``) whose other-case forms are common words of any text
  ("a", "us", "it"); an upper-case ``US`` left in clear is still found. Longer cores are compared without case;
* **common words**: when the original is a single word of letters that is not all lower case (a name:
  ``"Pleno"``, ``"Parliament"``, ``"Rose"``), an occurrence written all in lower case is the common word, not
  the name, and does not count as a leak: Spanish "en todos sus aspectos *pleno*" next to the entity "el Pleno",
  or ``generalize`` writing "the parliament" for "the European Parliament" in a document whose entities
  include "Parliament" (the broader term of a generalization, README "Method policy"). Such originals are
  counted apart (``common_words``), so a scan shows how often the rule applied. Any occurrence with a capital
  (``PARLIAMENT``, ``Parliament``), and originals of several words or with digits or symbols (e-mail addresses,
  dates, ``Mr. Smith``), count in any case.

No other original is excluded: in particular originals that also occur in the vocabulary of the methods
(placeholder labels, surrogate names, generalizations such as "a city in Poland") are checked like the others,
because a generalization that names another entity of the document is exactly the kind of leak to find.

Cost: one pass over the text's word tokens builds an index; each original is then tried only where its first
word occurs, so 16,000 originals in a 176,000-character text take well under a second.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields
from typing import Optional

__all__ = ["CASELESS_FROM", "LeakScan", "comparable", "find_leaks", "scan_records"]

#: Cores of at least this many characters are compared without case (see the module docstring).
CASELESS_FROM = 4

_WORD = re.compile(r"\w+")
_EDGES = re.compile(r"^\W+|\W+$")


def comparable(original: str) -> Optional[str]:
    """The core of ``original`` that the scan looks for: NFC, outer non-word characters removed, whitespace
    runs collapsed to one space; ``None`` when nothing word-like remains."""
    core = " ".join(_EDGES.sub("", unicodedata.normalize("NFC", original)).split())
    return core or None


def _pattern(core: str) -> re.Pattern[str]:
    body = r"\s+".join(re.escape(part) for part in core.split(" "))
    return re.compile(body + r"(?!\w)", re.IGNORECASE if len(core) >= CASELESS_FROM else 0)


def _occurrence(core: str, text: str, positions: list[int]) -> Optional[str]:
    """``"leak"`` when ``core`` occurs in clear at one of ``positions`` (starts of words of ``text``),
    ``"common"`` when it occurs there only as the common word (see the module docstring), else ``None``."""
    rx = _pattern(core)
    name_word = core.isalpha() and not core.islower()
    common = False
    for pos in positions:
        m = rx.match(text, pos)
        if m is None:
            continue
        if name_word and m.group().islower():
            common = True
            continue
        return "leak"
    return "common" if common else None


def _token_index(text: str) -> dict[str, list[int]]:
    index: dict[str, list[int]] = {}
    for m in _WORD.finditer(text):
        index.setdefault(m.group().lower(), []).append(m.start())
    return index


def find_leaks(text: str, originals: Iterable[str]) -> list[str]:
    """The originals that occur in clear in ``text`` (see the module docstring for the comparison).

    Args:
        text: an anonymized text.
        originals: entity texts of the same document (duplicates allowed).

    Returns:
        The distinct originals found, sorted (personal data: never log them).
    """
    return sorted(_scan(text, originals)[0])


def _scan(text: str, originals: Iterable[str]) -> tuple[set[str], int, int, int]:
    """``(originals found, originals checked, originals skipped, originals found only as common words)`` for
    one text."""
    text = unicodedata.normalize("NFC", text)
    index: Optional[dict[str, list[int]]] = None
    found: set[str] = set()
    checked = skipped = common = 0
    cores: dict[str, list[str]] = {}
    for original in set(originals):
        core = comparable(original)
        if core is None:
            skipped += 1
            continue
        cores.setdefault(core, []).append(original)
    for core, names in cores.items():
        checked += len(names)
        if index is None:
            index = _token_index(text)
        positions = index.get(_WORD.match(core).group().lower())  # a core starts with a word character
        seen = _occurrence(core, text, positions) if positions else None
        if seen == "leak":
            found.update(names)
        elif seen == "common":
            common += len(names)
    return found, checked, skipped, common


@dataclass
class LeakScan:
    """The figures of a leak scan over anonymized records (:func:`scan_records`).

    Attributes:
        leaks: (record, original) pairs found in clear — must be 0.
        leaking_jobs: job ids of the first records with a leak (never the originals: personal data).
        records: records scanned.
        records_without_originals: records for which no original was known (no detected entity, no table).
        originals_checked: (record, distinct original) pairs compared.
        skipped: (record, original) pairs without a word character (not comparable).
        common_words: (record, original) pairs found only as the common word (a name in lower case; not leaks).
    """

    # what was found
    leaks: int = 0
    leaking_jobs: list[str] = field(default_factory=list)
    # what was scanned
    records: int = 0
    records_without_originals: int = 0
    originals_checked: int = 0
    # what was not compared, or not counted as a leak
    skipped: int = 0
    common_words: int = 0

    def add(self, other: "LeakScan") -> "LeakScan":
        """The sum of two scans (e.g. two phases of one scenario)."""
        counts = {f.name: getattr(self, f.name) + getattr(other, f.name) for f in fields(self) if f.name != "leaking_jobs"}
        return LeakScan(leaking_jobs=(self.leaking_jobs + other.leaking_jobs)[:10], **counts)

    @classmethod
    def from_dict(cls, data: dict) -> "LeakScan":
        """The scan of :meth:`to_dict`'s output (other keys ignored)."""
        return cls(**{k: data[k] for k in cls.__dataclass_fields__ if k in data})

    def to_dict(self) -> dict:
        """``{"records", "originals_checked", "leaks", "skipped", "common_words", "records_without_originals",
        "leaking_jobs"}``."""
        return {"records": self.records, "originals_checked": self.originals_checked, "leaks": self.leaks,
                "skipped": self.skipped, "common_words": self.common_words,
                "records_without_originals": self.records_without_originals,
                "leaking_jobs": list(self.leaking_jobs)}


def scan_records(records: Iterable[tuple[str, str]], originals_of: Callable[[str], Iterable[str]]) -> LeakScan:
    """Scan anonymized records for originals of their own document left in clear.

    Args:
        records: ``(job_id, anonymized text)`` pairs, e.g. every ``translation.requests`` record of a run
            (copies included: each copy is scanned).
        originals_of: ``job_id`` → the originals detected for that job (entities of ``documents.detected``,
            originals of its tables of solutions).

    Returns:
        A :class:`LeakScan`; ``leaks`` counts every (record, original) pair found in clear.
    """
    scan = LeakScan()
    for job_id, text in records:
        scan.records += 1
        originals = list(originals_of(job_id))
        found, checked, skipped, common = _scan(text, originals)
        scan.originals_checked += checked
        scan.skipped += skipped
        scan.common_words += common
        if not checked:
            scan.records_without_originals += 1
        if found:
            scan.leaks += len(found)
            if len(scan.leaking_jobs) < 10:
                scan.leaking_jobs.append(job_id)
    return scan
