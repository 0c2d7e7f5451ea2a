"""Re-identification: restore the originals of a table of solutions into a (translated) text.

Seed 004 §6.1 lists three conditions; this module implements:

* **unique placeholder** (condition 2) for methods whose marks identify a chain (``tag``): every mark
  ``[LABEL_n]`` is found wherever the translation moved it. Matching tolerates spaces inside the
  brackets and a changed case of the label (``[ person_1 ]``). The k-th occurrence of a placeholder
  gets the k-th original mention of its chain, so an untranslated text is restored exactly; further
  occurrences (a translator repeated the placeholder) get the chain's first surface.
* **order of appearance** (condition 3) for methods whose marks are all alike (``suppress``): the k-th
  mask in the translation gets the k-th suppressed original.

Marks that look like placeholders but are not in the table are left in place and reported as
``unknown_placeholders``; table entries that do not occur are reported as ``missing_placeholders``.
Nothing is restored from any other table than the one given (job isolation).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

_TAG_RE = re.compile(r"\[\s*([^\W\d_]+(?:_[^\W\d_]+)*)\s*_\s*(\d+)\s*\]")


@dataclass(slots=True)
class ReidentificationResult:
    """Result of :func:`reidentify`.

    Attributes:
        text: the text with originals restored.
        restored: number of marks replaced by an original.
        unknown_placeholders: ``list[str]`` of distinct placeholder-like marks not in the table, in order.
        missing_placeholders: ``list[str]`` of table placeholders absent from the text, in table order
            (for order-based masks: ``"<mask>#k"`` for the k-th suppressed mention, 1-based).
    """

    text: str
    restored: int = 0
    unknown_placeholders: list[str] = field(default_factory=list)
    missing_placeholders: list[str] = field(default_factory=list)


def _tag_key(mark: str) -> tuple[str, int] | None:
    m = _TAG_RE.fullmatch(mark.strip())
    if not m:
        return None
    return (m.group(1).upper(), int(m.group(2)))


def reidentify(text: str, table: dict[str, Any]) -> ReidentificationResult:
    """Restore the originals of ``table`` into ``text``.

    Args:
        text: the translated (or untouched) anonymized text.
        table: a table of solutions (:mod:`app.anonymization.engine`).

    Returns:
        :class:`ReidentificationResult`.

    Raises:
        KeyError/TypeError: the table is malformed.
    """
    entries: list[dict[str, Any]] = table["entries"]
    replacements: list[tuple[int, int, str]] = []

    # condition 2: unique placeholders
    by_key: dict[tuple[str, int], dict[str, Any]] = {}
    for entry in entries:
        if entry.get("unique", True):
            key = _tag_key(entry["placeholder"])
            if key is not None:
                by_key[key] = entry
    seen: dict[tuple[str, int], int] = {}
    unknown: dict[str, None] = {}
    for m in _TAG_RE.finditer(text):
        key = (m.group(1).upper(), int(m.group(2)))
        entry = by_key.get(key)
        if entry is None:
            unknown.setdefault(m.group(0), None)
            continue
        k = seen.get(key, 0)
        seen[key] = k + 1
        mentions = entry["mentions"]
        original = mentions[k]["text"] if k < len(mentions) else entry["surfaces"][0]
        replacements.append((m.start(), m.end(), original))
    missing = [
        e["placeholder"]
        for e in entries
        if e.get("unique", True) and _tag_key(e["placeholder"]) is not None and _tag_key(e["placeholder"]) not in seen
    ]

    # condition 2 for other unique marks (surrogates): exact occurrences, longest replacement first;
    # the k-th occurrence of a replacement gets the k-th mention that was given that replacement
    by_replacement: dict[str, list[str]] = {}
    owner: dict[str, str] = {}
    for entry in entries:
        if entry.get("unique", True) and _tag_key(entry["placeholder"]) is None:
            for mention in entry["mentions"]:
                replacement = mention.get("replacement", entry["placeholder"])
                by_replacement.setdefault(replacement, []).append(mention["text"])
                owner.setdefault(replacement, entry["placeholder"])
    found_entries: set[str] = set()
    for replacement in sorted(by_replacement, key=len, reverse=True):
        originals = by_replacement[replacement]
        k = 0
        for m in re.finditer(r"(?<!\w)" + re.escape(replacement) + r"(?!\w)", text):
            if any(m.start() < e and s < m.end() for s, e, _ in replacements):
                continue
            replacements.append((m.start(), m.end(), originals[min(k, len(originals) - 1)]))
            found_entries.add(owner[replacement])
            k += 1
    missing.extend(
        e["placeholder"]
        for e in entries
        if e.get("unique", True) and _tag_key(e["placeholder"]) is None and e["placeholder"] not in found_entries
    )

    # condition 3: order of appearance of non-unique marks
    queues: dict[str, list[str]] = {}
    for mention, mark in sorted(
        ((m, e["placeholder"]) for e in entries if not e.get("unique", True) for m in e["mentions"]),
        key=lambda pair: pair[0]["anon_start"],
    ):
        queues.setdefault(mark, []).append(mention["text"])
    taken = [(s, e) for s, e, _ in replacements]
    for mark, originals in queues.items():
        pattern = re.compile(r"(?<!\w)" + re.escape(mark) + r"(?!\w)")
        k = 0
        for m in pattern.finditer(text):
            if k >= len(originals):
                break
            if any(m.start() < e and s < m.end() for s, e in taken):
                continue
            replacements.append((m.start(), m.end(), originals[k]))
            k += 1
        missing.extend(f"{mark}#{i + 1}" for i in range(k, len(originals)))

    replacements.sort()
    pieces: list[str] = []
    cursor = 0
    for start, end, original in replacements:
        pieces.append(text[cursor:start])
        pieces.append(original)
        cursor = end
    pieces.append(text[cursor:])
    return ReidentificationResult(
        text="".join(pieces),
        restored=len(replacements),
        unknown_placeholders=list(unknown),
        missing_placeholders=missing,
    )
