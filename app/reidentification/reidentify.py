"""Re-identification: restore the originals of a table of solutions into a (translated) text.

Seed 004 §6.1 lists three conditions, all implemented, tried in this order:

1. **By position** — when the text is exactly the anonymized text (same SHA-256, recorded in the
   table), every mention is restored in place: exact for every method. (A length-and-position check
   alone is not enough: a translation can have the same length and a mark at the same offset.)
2. **By unique mark** — placeholders (``tag``) are found wherever the translation moved them and however
   it damaged them (:mod:`app.reidentification.matching`); surrogates (``substitute``, ``generalize``,
   ``kmask``) are found case-insensitively, with an inflection suffix ("Millers", "Miller's") kept on
   the restored original. The k-th occurrence of a mark gets the k-th mention that carried it, so the
   forms of a chain ("Mr. John Doe", later "Doe") come back in order; further occurrences (a translator
   repeated it) get the chain's first surface.
3. **By order of appearance** — for marks that are all alike (``suppress``, ``ukds``, ``combined``):
   the k-th mask in the translation gets the k-th such mention.

Marks that look like placeholders but are not in the table (a customer's own ``[PERSON_1]``) are
left in place and reported as ``unknown_placeholders``, by every condition. ``missing_placeholders`` reports every original that did not come back: a
table entry with no mark in the text as its mark (``"[PERSON_2]"``), and a mark present fewer times
than its chain has mentions as ``"<mark>#k"`` for each mention k (1-based) left without a mark —
likewise ``"<mask>#k"`` for order-based masks. Nothing unrestored is silent. Only the given table is ever
used (job isolation): a forged or guessed placeholder of another job is simply unknown.
"""

from __future__ import annotations

import hashlib
import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from app.reidentification.matching import find_placeholders, parse_placeholder

#: Suffixes a translation may glue to a surrogate; kept on the restored original.
INFLECTION_SUFFIX = r"(?P<suffix>['’]s|['’]|s|es|n|en|e|ns)?"


@dataclass(slots=True)
class ReidentificationResult:
    """Result of :func:`reidentify`.

    Attributes:
        text: the text with originals restored.
        restored: number of marks replaced by an original.
        unknown_placeholders: ``list[str]`` of distinct placeholder-like marks not in the table, in order.
        missing_placeholders: ``list[str]`` of marks absent from the text (``"[PERSON_2]"``) and of mentions
            left without a mark (``"[PERSON_1]#2"``, ``"XXX#4"``).
        condition: ``"position"``, or ``"marks"`` when conditions 2 and 3 were used.
        restored_by_order: how many of ``restored`` were restored by order of appearance (condition 3):
            correct only if the translation kept the order of the masks, which cannot be verified.
    """

    text: str
    restored: int = 0
    unknown_placeholders: list[str] = field(default_factory=list)
    missing_placeholders: list[str] = field(default_factory=list)
    condition: str = "marks"
    restored_by_order: int = 0


def _mentions(entry: dict[str, Any]) -> list[dict[str, Any]]:
    return entry["mentions"]


def _replacement(entry: dict[str, Any], mention: dict[str, Any]) -> str:
    return mention.get("replacement", entry["placeholder"])


def _untouched(text: str, table: dict[str, Any]) -> bool:
    """True only for the exact anonymized text (length, SHA-256 and every mark in place)."""
    length, digest = table.get("anon_length"), table.get("anon_sha256")
    if length is None or digest is None or length != len(text):
        return False
    if hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest() != digest:
        return False
    return all(
        text[m["anon_start"] : m["anon_end"]] == _replacement(e, m) for e in table["entries"] for m in _mentions(e)
    )


def _by_position(text: str, table: dict[str, Any], max_chars: int | None = None, max_marks: int | None = None) -> ReidentificationResult:
    """Condition 1: restore every mention at its recorded offsets; placeholder-like marks outside the
    mentions (a customer's own ``[PERSON_1]``) stay in place and are listed as unknown, as in condition 2."""
    spans = sorted((m["anon_start"], m["anon_end"], m["text"]) for e in table["entries"] for m in _mentions(e))
    _check_marks(len(spans), max_marks)
    starts = [s for s, _, _ in spans]
    unknown: dict[str, None] = {}
    for match in find_placeholders(text):
        i = bisect_right(starts, match.start) - 1  # the last mention starting at or before the mark
        inside = (i >= 0 and spans[i][1] > match.start) or (i + 1 < len(spans) and spans[i + 1][0] < match.end)
        if not inside:
            unknown.setdefault(match.surface, None)
    return ReidentificationResult(_splice(text, spans, max_chars), restored=len(spans), unknown_placeholders=list(unknown),
                                  condition="position")


class LimitExceeded(ValueError):
    """Re-identification would restore more marks than ``max_marks`` or build a text longer than
    ``max_output_chars`` (the message names the limit, never the text)."""


def _splice(text: str, replacements: list[tuple[int, int, str]], max_chars: int | None = None) -> str:
    """``text`` with each ``(start, end, original)`` span replaced.

    Raises:
        LimitExceeded: the result would be longer than ``max_chars``; checked while it is built, so a
            translation repeating a long original's mark never builds its whole output (issue 15: 156 MB).
    """
    pieces: list[str] = []
    cursor = 0
    length = 0
    for start, end, original in sorted(replacements):
        pieces.append(text[cursor:start])
        pieces.append(original)
        length += start - cursor + len(original)
        if max_chars is not None and length > max_chars:
            raise LimitExceeded(f"the re-identified text would exceed max_output_chars ({max_chars})")
        cursor = end
    pieces.append(text[cursor:])
    return "".join(pieces)


def _check_marks(count: int, max_marks: int | None) -> None:
    if max_marks is not None and count > max_marks:
        raise LimitExceeded(f"{count} marks to restore exceed max_marks ({max_marks})")


def reidentify(
    text: str, table: dict[str, Any], *, max_output_chars: int | None = None, max_marks: int | None = None
) -> ReidentificationResult:
    """Restore the originals of ``table`` into ``text``.

    Args:
        text: the translated (or untouched) anonymized text.
        table: a table of solutions (:mod:`app.anonymization.engine`).
        max_output_chars: the longest text to build (characters); ``None``: no limit.
        max_marks: the most marks to restore; ``None``: no limit.

    Returns:
        :class:`ReidentificationResult`.

    Raises:
        KeyError/TypeError: the table is malformed.
        LimitExceeded: beyond ``max_marks`` or ``max_output_chars``.
    """
    entries: list[dict[str, Any]] = table["entries"]
    if _untouched(text, table):
        return _by_position(text, table, max_output_chars, max_marks)
    replacements: list[tuple[int, int, str]] = []

    taken_starts: list[int] = []  # the spans of ``replacements``, sorted by start (they never overlap)
    taken_ends: list[int] = []

    def free(start: int, end: int) -> bool:
        """No replacement overlaps ``[start, end)``: O(log n) by bisection over the spans taken so far
        (a scan of every replacement made suppress and substitute quadratic, issue 15)."""
        for s, e, _ in replacements[len(taken_starts) :]:
            i = bisect_right(taken_starts, s)
            taken_starts.insert(i, s)
            taken_ends.insert(i, e)
        i = bisect_left(taken_starts, end) - 1  # the last span starting before ``end``
        return i < 0 or taken_ends[i] <= start

    # condition 2a: placeholders, tolerant matching
    keyed: dict[tuple[str, int], dict[str, Any]] = {}
    for entry in entries:
        if entry.get("unique", True):
            key = parse_placeholder(entry["placeholder"])
            if key is not None:
                keyed[key] = entry
    seen: dict[tuple[str, int], int] = {}
    unknown: dict[str, None] = {}
    for match in find_placeholders(text):
        entry = keyed.get(match.key) if match.key else None
        if entry is None:
            unknown.setdefault(match.surface, None)
            continue
        k = seen.get(match.key, 0)
        seen[match.key] = k + 1
        mentions = _mentions(entry)
        original = mentions[k]["text"] if k < len(mentions) else entry["surfaces"][0]
        replacements.append((match.start, match.end, original))
    missing = [e["placeholder"] for key, e in keyed.items() if key not in seen]
    # a mark present fewer times than its chain has mentions: the translation dropped mentions
    missing.extend(
        f"{e['placeholder']}#{i + 1}" for key, e in keyed.items() if key in seen for i in range(seen[key], len(_mentions(e)))
    )

    # condition 2b: surrogates (unique marks that are not placeholders), longest first, tolerant of
    # case and inflection suffixes
    originals_of: dict[str, list[str]] = {}
    owner: dict[str, str] = {}
    surrogate_mentions = sorted(
        ((m, e) for e in entries if e.get("unique", True) and parse_placeholder(e["placeholder"]) is None for m in _mentions(e)),
        key=lambda pair: pair[0].get("anon_start", 0),
    )
    for mention, entry in surrogate_mentions:  # in text order, even when chains share a replacement
        mark = _replacement(entry, mention)
        originals_of.setdefault(mark, []).append(mention["text"])
        owner.setdefault(mark, entry["placeholder"])
    found: set[str] = set()
    count_of: dict[str, int] = {}
    for mark in sorted(originals_of, key=len, reverse=True):
        originals = originals_of[mark]
        pattern = re.compile(r"(?<!\w)" + re.escape(mark) + INFLECTION_SUFFIX + r"(?!\w)", re.IGNORECASE)
        k = 0
        for m in _occurrences(pattern, mark, text):
            if not free(m.start(), m.end()):
                continue
            suffix = m.group("suffix") or ""
            replacements.append((m.start(), m.end(), originals[min(k, len(originals) - 1)] + suffix))
            found.add(owner[mark])
            k += 1
        count_of[mark] = k
    missing.extend(
        e["placeholder"]
        for e in entries
        if e.get("unique", True) and parse_placeholder(e["placeholder"]) is None and e["placeholder"] not in found
    )
    missing.extend(
        f"{mark}#{i + 1}" for mark, originals in originals_of.items() if count_of.get(mark) for i in range(count_of[mark], len(originals))
    )

    # condition 3: order of appearance of non-unique marks
    queues: dict[str, list[str]] = {}
    for mention, mark in sorted(
        ((m, _replacement(e, m)) for e in entries if not e.get("unique", True) for m in _mentions(e)),
        key=lambda pair: pair[0]["anon_start"],
    ):
        queues.setdefault(mark, []).append(mention["text"])
    by_order = 0
    for mark, originals in queues.items():
        pattern = re.compile(r"(?<!\w)" + re.escape(mark) + r"(?!\w)")
        k = 0
        for m in pattern.finditer(text):
            if k >= len(originals):
                break
            if not free(m.start(), m.end()):
                continue
            replacements.append((m.start(), m.end(), originals[k]))
            k += 1
        by_order += k
        missing.extend(f"{mark}#{i + 1}" for i in range(k, len(originals)))

    _check_marks(len(replacements), max_marks)
    return ReidentificationResult(
        text=_splice(text, replacements, max_output_chars),
        restored=len(replacements),
        unknown_placeholders=list(unknown),
        missing_placeholders=missing,
        restored_by_order=by_order,
    )


_WORD_RUN = re.compile(r"\w+")


@lru_cache(maxsize=2)
def _word_starts(text: str) -> dict[str, list[int]]:
    """Start offsets of the runs of word characters of ``text`` of two or more characters, by their
    first two characters lower-cased (computed once per text)."""
    starts: dict[str, list[int]] = {}
    for m in _WORD_RUN.finditer(text):
        if m.end() - m.start() >= 2:
            starts.setdefault(text[m.start() : m.start() + 2].lower(), []).append(m.start())
    return starts


def _occurrences(pattern: re.Pattern[str], mark: str, text: str) -> Iterator[re.Match[str]]:
    """The matches of ``pattern`` (``(?<!\\w)`` + ``mark`` case-insensitively + ...) in ``text``, in order.

    A mark that starts with two word characters can only match where a run of word characters starts
    with them, so only those offsets are tried (:func:`_word_starts`): O(occurrences) per mark instead
    of a scan of the whole text (thousands of surrogates made re-identification quadratic, issue 15).
    Other marks are searched in the whole text.
    """
    head = mark[:2]
    if len(head) < 2 or not _WORD_RUN.fullmatch(head):
        yield from pattern.finditer(text)
        return
    for start in _word_starts(text).get(head.lower(), ()):
        m = pattern.match(text, start)
        if m is not None:
            yield m
