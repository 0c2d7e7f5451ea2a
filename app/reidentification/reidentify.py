"""Re-identification: restore the originals of a table of solutions into a (translated) text.

A wrong original in a translated document is a data breach and a corrupted document; a missing one is a
nuisance. So an original is restored only under a condition that identifies its mention, and every
restoration is reported with the condition used (issue 16, item 2; Dias, 2016, §6.1 lists the first three):

1. ``position`` — the text is exactly the anonymized text (same length and SHA-256, recorded in the
   table): every mention is restored in place, exact for every method.
2. ``mark`` — a unique mark: a placeholder (``tag``) found wherever the translation moved it and however
   it damaged it (:mod:`app.reidentification.matching`: other or no brackets when label and number name
   a table entry, escapes, invisible characters, translated labels, merged marks), or a surrogate
   (``substitute``, ``generalize``, ``kmask``) found case-, accent- and whitespace-insensitively, with an
   inflection suffix ("Millers", "Miller's") kept on the restored original. The k-th occurrence of a mark
   gets the k-th mention that carried it (the forms of a chain come back in order); further occurrences
   (a translator repeated it) get the chain's first surface.
3. ``order`` — marks that are all alike (``suppress``'s ``XXX``, ``ukds``, a surrogate shared by several
   chains): the k-th mask gets the k-th such mention, **only when the translation holds exactly as many
   masks (case-insensitive) as there are mentions** (otherwise no order-based restoration is made in the
   document) **and**, under the default policy ``unambiguous``, only for a mask whose mentions all have the
   same original: a translation may reorder the masks (German and Spanish word order moved 23 of 1,906
   suppressed Europarl entities; see ``docs/reidentification.md``), and identical masks cannot show it. The
   policy ``count`` (setting ``reidentify_order_policy``) restores whenever the count is right, accepting
   that risk. What is not restored stays, and ``refused`` reports ``order_unverifiable`` with the counts.
4. ``elimination`` — a placeholder whose label is not recognised (``[CITA_1]``, Apertium's Spanish for
   ``[DATE_1]`` read as "appointment"), when exactly one table entry with that number was not restored,
   exactly one unrecognised label carries that number, and the anonymized text had no mark-like token of
   its own (``source_marks == 0`` in the table; so the token can only be ours).

``mark_only=True`` (a field of the translation result, or the setting ``reidentify_mark_only``) restores by
conditions 1 and 2 only; what would have needed 3 or 4 is left in place and reported.

Nothing unrestored is silent: ``missing_placeholders`` lists every original that did not come back (a
table entry with no mark in the text: ``"[PERSON_2]"``; a mention left without a mark: ``"<mark>#k"``,
1-based), ``unknown_placeholders`` the distinct mark-like tokens that are not restored, and
``unrestored_marks`` each such token with its offsets in the output text and the reason. Only the given
table is ever used (job isolation): a forged or guessed placeholder of another job is simply unknown.

The table is read through the small accessors below (``_entries``, ``_mentions``, ...), so a typed table
object can replace the JSON dict by changing them only.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from bisect import bisect_right
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from app.table import Table
from app.reidentification.matching import CleanView, PlaceholderMatch, clean_view, find_placeholders, parse_placeholder

#: Suffixes a translation may glue to a surrogate; kept on the restored original.
INFLECTION_SUFFIX = r"(?P<suffix>['’]s|['’]|s|es|n|en|e|ns)?"

#: The conditions of a restoration, in the order they are tried.
CONDITIONS = ("position", "mark", "order", "elimination")


# --- table accessors (the only code that knows the table's layout) ------------------------------------


def _entries(table: Any) -> list[dict[str, Any]]:
    return table["entries"]


def _mentions(entry: dict[str, Any]) -> list[dict[str, Any]]:
    return entry["mentions"]


def _replacement(entry: dict[str, Any], mention: dict[str, Any]) -> str:
    return mention.get("replacement", entry["placeholder"])


def _unique(entry: dict[str, Any]) -> bool:
    return entry.get("unique", True)


def _anonymized_digest(table: Any) -> tuple[int | None, str | None]:
    return table.get("anon_length"), table.get("anon_sha256")


def _source_marks(table: Any) -> int | None:
    """Mark-like tokens the anonymized text held outside the mentions (``None``: not recorded)."""
    return table.get("source_marks")


# --- result -----------------------------------------------------------------------------------------


@dataclass(slots=True)
class ReidentificationResult:
    """Result of :func:`reidentify`.

    Attributes:
        text: the text with originals restored.
        restored: number of mentions restored.
        unknown_placeholders: ``list[str]`` of distinct mark-like tokens left in place (not in the table,
            or not restorable under the conditions allowed), in order.
        missing_placeholders: ``list[str]`` of marks absent from the text (``"[PERSON_2]"``) and of
            mentions left without a mark (``"[PERSON_1]#2"``, ``"XXX#4"``).
        condition: ``"position"``, or ``"marks"`` when conditions 2–4 were used.
        restored_by_order: how many of ``restored`` used condition 3 (``order``).
        conditions: ``{condition: restorations}`` for every condition of :data:`CONDITIONS` used.
        restorations: ``list[dict]``, one per restored span: ``{"start", "end"}`` (half-open character
            offsets in ``text``), ``"condition"`` and ``"mark"`` (the table's placeholder, ``"XXX#3"`` for
            the third mention of an order-based mask).
        unrestored_marks: ``list[dict]`` of every mark-like token left in place: ``{"mark", "start",
            "end", "reason"}`` (offsets in ``text``; reason ``unknown``, ``order_unverifiable`` or
            ``mark_only``).
        refused: ``list[dict]`` of order-based restorations not made: ``{"reason": "order_unverifiable" |
            "mark_only", "mark", "expected", "found"}`` (mentions in the table, masks in the text).
    """

    text: str
    restored: int = 0
    unknown_placeholders: list[str] = field(default_factory=list)
    missing_placeholders: list[str] = field(default_factory=list)
    condition: str = "marks"
    restored_by_order: int = 0
    conditions: dict[str, int] = field(default_factory=dict)
    restorations: list[dict[str, Any]] = field(default_factory=list)
    unrestored_marks: list[dict[str, Any]] = field(default_factory=list)
    refused: list[dict[str, Any]] = field(default_factory=list)


@dataclass(slots=True)
class _Restoration:
    start: int  # in the original (translated) text
    end: int
    original: str
    condition: str
    mark: str
    mentions: int = 1


@dataclass(slots=True)
class _Unrestored:
    start: int
    end: int
    reason: str


def _untouched(text: str, table: Any) -> bool:
    """True only for the exact anonymized text (length, SHA-256 and every mark in place)."""
    length, digest = _anonymized_digest(table)
    if length is None or digest is None or length != len(text):
        return False
    if hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest() != digest:
        return False
    return all(
        text[m["anon_start"] : m["anon_end"]] == _replacement(e, m) for e in _entries(table) for m in _mentions(e)
    )


class LimitExceeded(ValueError):
    """Re-identification would restore more marks than ``max_marks`` or build a text longer than
    ``max_output_chars`` (the message names the limit, never the text)."""


#: ``(max_output_chars, max_marks)`` of one call; ``None`` = no limit.
Limits = tuple[int | None, int | None]


def _finish(text: str, restorations: list[_Restoration], unrestored: list[_Unrestored], limits: Limits = (None, None),
            **fields: Any) -> ReidentificationResult:
    """Splice the restorations into ``text`` and express every offset in the output text.

    Raises:
        LimitExceeded: more restored marks than ``limits[1]``, or an output longer than ``limits[0]`` characters
            (checked while the output is built, so a translation repeating a long original's mark never builds
            its whole output).
    """
    max_chars, max_marks = limits
    if max_marks is not None and len(restorations) > max_marks:
        raise LimitExceeded(f"{len(restorations)} marks to restore exceed max_marks ({max_marks})")
    restorations = sorted(restorations, key=lambda r: r.start)
    length = len(text)
    pieces: list[str] = []
    cursor = 0
    shift = 0
    starts: list[int] = []
    shifts: list[int] = []  # cumulative length change after each restoration
    reported: list[dict[str, Any]] = []
    conditions: dict[str, int] = {}
    for r in restorations:
        pieces.append(text[cursor : r.start])
        pieces.append(r.original)
        reported.append({"start": r.start + shift, "end": r.start + shift + len(r.original), "condition": r.condition, "mark": r.mark})
        shift += len(r.original) - (r.end - r.start)
        if max_chars is not None and length + shift > max_chars:
            raise LimitExceeded(f"the re-identified text would exceed max_output_chars ({max_chars})")
        starts.append(r.start)
        shifts.append(shift)
        conditions[r.condition] = conditions.get(r.condition, 0) + r.mentions
        cursor = r.end
    pieces.append(text[cursor:])
    marks: list[dict[str, Any]] = []
    unknown: dict[str, None] = {}
    for u in sorted(unrestored, key=lambda u: u.start):
        i = bisect_right(starts, u.start) - 1
        delta = shifts[i] if i >= 0 else 0
        surface = text[u.start : u.end]
        marks.append({"mark": surface, "start": u.start + delta, "end": u.end + delta, "reason": u.reason})
        unknown.setdefault(surface, None)
    return ReidentificationResult(
        text="".join(pieces),
        restored=sum(r.mentions for r in restorations),
        unknown_placeholders=list(unknown),
        conditions=conditions,
        restorations=reported,
        unrestored_marks=marks,
        restored_by_order=conditions.get("order", 0),
        **fields,
    )


def _by_position(text: str, table: Any, limits: Limits = (None, None)) -> ReidentificationResult:
    """Condition 1: restore every mention at its recorded offsets; mark-like tokens outside the
    mentions (a customer's own ``[PERSON_1]``) stay in place and are listed, as in condition 2."""
    restorations = sorted(
        (_Restoration(m["anon_start"], m["anon_end"], m["text"], "position", e["placeholder"]) for e in _entries(table) for m in _mentions(e)),
        key=lambda r: r.start,
    )
    starts = [r.start for r in restorations]
    unrestored: list[_Unrestored] = []
    for match in find_placeholders(text):
        i = bisect_right(starts, match.start) - 1  # the last mention starting at or before the mark
        inside = (i >= 0 and restorations[i].end > match.start) or (i + 1 < len(restorations) and restorations[i + 1].start < match.end)
        if not inside:
            unrestored.append(_Unrestored(match.start, match.end, "unknown"))
    return _finish(text, restorations, unrestored, limits, condition="position")


def _fold_chars(text: str) -> str:
    """Lower case without accents, one character for one (so offsets are kept): "Égypte" → "egypte"."""
    out = []
    for c in text:
        if ord(c) >= 0x80:
            d = unicodedata.normalize("NFD", c)
            if len(d) > 1 and all(unicodedata.combining(x) for x in d[1:]):
                c = d[0]
        low = c.lower()
        out.append(low if len(low) == 1 else c)
    return "".join(out)


@lru_cache(maxsize=1)
def _month_names() -> dict[str, str]:
    """Folded month name (en, de, es, pt) → an alternation of that month's names in all four."""
    from app.anonymization.surrogates import MONTHS

    names: dict[str, str] = {}
    for month in range(12):
        forms = sorted({_fold_chars(MONTHS[language][month]) for language in MONTHS}, key=len, reverse=True)
        for form in forms:
            names[form] = "(?:" + "|".join(re.escape(f) for f in forms) + ")"
    return names


_ORDINAL = re.compile(r"^(\d+)(?:st|nd|rd|th)$")


def _date_word(word: str) -> str:
    """A word of a date surrogate as machine translation may write it: a month name in any supported
    language ("November" → "noviembre", "novembro"), an English ordinal as "27.º" ("27th")."""
    months = _month_names()
    bare = word.rstrip(".,")
    if bare in months:
        return months[bare] + re.escape(word[len(bare):])
    ordinal = _ORDINAL.match(word)
    if ordinal:
        return ordinal.group(1) + r"(?:st|nd|rd|th|\.?º|\.)?"
    return re.escape(word)


def _mark_pattern(mark: str, suffix: bool, date: bool = False) -> re.Pattern[str]:
    """Pattern of a folded surrogate or mask: whitespace-tolerant, bounded by non-word characters; for a
    date (``date=True``) month names and ordinals in any supported language (:func:`_date_word`)."""
    words = _fold_chars(mark).split()
    body = r"\s+".join(_date_word(w) if date else re.escape(w) for w in words)
    before = r"(?<!\w)" if re.match(r"\w", mark) else ""
    after = r"(?!\w)" if re.search(r"\w$", mark) else ""
    return re.compile(before + body + (INFLECTION_SUFFIX if suffix else "") + after)


class _Occupancy:
    """Which characters of the clean text already belong to a restoration (O(span) per check)."""

    def __init__(self, length: int) -> None:
        self.taken = bytearray(length)

    def free(self, start: int, end: int) -> bool:
        return not any(self.taken[start:end])

    def take(self, start: int, end: int) -> None:
        self.taken[start:end] = b"\x01" * (end - start)


#: Policies of condition 3: ``unambiguous`` restores a mask by order only when all its mentions have the same
#: original (so no reordering can misplace one); ``count`` whenever the number of masks is right.
ORDER_POLICIES = ("unambiguous", "count")


def reidentify(text: str, table: Any, *, mark_only: bool = False, order_policy: str = "unambiguous",
               max_output_chars: int | None = None, max_marks: int | None = None) -> ReidentificationResult:
    """Restore the originals of ``table`` into ``text``.

    Args:
        text: the translated (or untouched) anonymized text.
        table: a table of solutions, :class:`app.table.Table` (or its JSON object); the matcher reads its JSON
            view (:meth:`app.table.Table.to_dict`).
        mark_only: restore by position and unique marks only (no ``order``, no ``elimination``).
        order_policy: one of :data:`ORDER_POLICIES` (condition 3).
        max_output_chars: the longest text to build (characters); ``None``: no limit.
        max_marks: the most marks to restore; ``None``: no limit.

    Returns:
        :class:`ReidentificationResult` (offsets in its ``text``).

    Raises:
        KeyError/TypeError: the table is malformed (:class:`app.table.InvalidTable` is a ``ValueError``).
        ValueError: unknown ``order_policy``.
        LimitExceeded: beyond ``max_marks`` or ``max_output_chars``.
    """
    limits = (max_output_chars, max_marks)
    if order_policy not in ORDER_POLICIES:
        raise ValueError(f"unknown order policy {order_policy!r} (one of {', '.join(ORDER_POLICIES)})")
    table = Table.coerce(table).to_dict()
    entries = _entries(table)
    if _untouched(text, table):
        return _by_position(text, table, limits)
    view = clean_view(text)
    clean = view.text
    occupied = _Occupancy(len(clean))
    restorations: list[_Restoration] = []
    unrestored: list[_Unrestored] = []
    missing: list[str] = []

    def restore(start: int, end: int, original: str, condition: str, mark: str, mentions: int = 1) -> None:
        occupied.take(start, end)
        a, b = view.span(start, end)
        restorations.append(_Restoration(a, b, original, condition, mark, mentions))

    _restore_placeholders(view, entries, table, mark_only, restore, unrestored, missing)
    queues = _restore_surrogates(clean, entries, occupied, restore, missing)
    refused: list[dict[str, Any]] = []
    _restore_by_order(view, entries, queues, mark_only, occupied, restore, unrestored, missing, refused, order_policy)
    return _finish(text, restorations, unrestored, limits, missing_placeholders=missing, refused=refused)


def _restore_placeholders(view: CleanView, entries: list[dict[str, Any]], table: Any, mark_only: bool, restore, unrestored: list[_Unrestored],
                          missing: list[str]) -> None:
    """Condition 2 for placeholders, then condition 4 (elimination) for unrecognised labels."""
    clean = view.text
    keyed: dict[tuple[str, int], dict[str, Any]] = {}
    for entry in entries:
        if _unique(entry):
            key = parse_placeholder(entry["placeholder"])
            if key is not None:
                keyed[key] = entry
    seen: dict[tuple[str, int], int] = {}

    def original_of(key: tuple[str, int]) -> str:
        k = seen.get(key, 0)
        seen[key] = k + 1
        entry = keyed[key]
        mentions = _mentions(entry)
        return mentions[k]["text"] if k < len(mentions) else entry["surfaces"][0]

    left: list[PlaceholderMatch] = []
    for match in find_placeholders(clean, loose=True):
        if all(key in keyed for key in match.keys):
            if match.parts:  # merged "[LOCATION_1 und 2]": the words between the numbers are kept
                pieces = [original_of(match.keys[0])]
                for (_, previous_end), (start, _), key in zip(match.parts, match.parts[1:], match.keys[1:]):
                    pieces += [clean[previous_end:start], original_of(key)]
                restore(match.start, match.end, "".join(pieces), "mark", " ".join(keyed[k]["placeholder"] for k in match.keys), len(match.keys))
            else:
                restore(match.start, match.end, original_of(match.key), "mark", keyed[match.key]["placeholder"])
        elif not match.loose or (match.key is not None and "_" in match.surface):
            left.append(match)
    # condition 4: "[CITA_1]" is the only unrecognised label with number 1, and exactly one entry with
    # number 1 has not come back
    eliminated: set[int] = set()
    if not mark_only and _source_marks(table) == 0:
        labels_of: dict[int, set[str]] = {}
        for match in left:
            if match.key is None and len(match.numbers) == 1 and not match.loose:
                labels_of.setdefault(match.numbers[0], set()).add(match.label)
        for number, labels in labels_of.items():
            candidates = [key for key in keyed if key[1] == number and key not in seen]
            if len(labels) == 1 and len(candidates) == 1:
                key = candidates[0]
                for match in left:
                    if match.key is None and match.numbers == (number,) and not match.loose:
                        restore(match.start, match.end, original_of(key), "elimination", keyed[key]["placeholder"])
                        eliminated.add(id(match))
    for match in left:
        if id(match) not in eliminated:
            a, b = view.span(match.start, match.end)
            unrestored.append(_Unrestored(a, b, "unknown"))
    missing.extend(e["placeholder"] for key, e in keyed.items() if key not in seen)
    # a mark present fewer times than its chain has mentions: the translation dropped mentions
    missing.extend(
        f"{e['placeholder']}#{i + 1}" for key, e in keyed.items() if key in seen for i in range(seen[key], len(_mentions(e)))
    )


def _restore_surrogates(clean: str, entries: list[dict[str, Any]], occupied: _Occupancy, restore,
                        missing: list[str]) -> dict[str, list[tuple[str, str]]]:
    """Condition 2 for surrogates (unique marks that are not placeholders), longest first, tolerant of
    case, accents, whitespace and inflection suffixes.

    Returns:
        The surrogates that stand for several chains (two people both generalized to "a person"): they do
        not identify a chain, so they go to condition 3 — ``{mark: [(original, entry placeholder), ...]}``
        in text order.
    """
    originals_of: dict[str, list[tuple[str, str]]] = {}
    surrogate_mentions = sorted(
        ((m, e) for e in entries if _unique(e) and parse_placeholder(e["placeholder"]) is None for m in _mentions(e)),
        key=lambda pair: pair[0].get("anon_start", 0),
    )
    for mention, entry in surrogate_mentions:  # in text order, even when chains share a replacement
        originals_of.setdefault(_replacement(entry, mention), []).append((mention["text"], entry["placeholder"]))
    shared = {mark: pairs for mark, pairs in originals_of.items() if len({p for _, p in pairs}) > 1}
    if not originals_of:
        return shared
    folded = _fold_chars(clean)
    found: set[str] = set()
    count: dict[str, int] = {}
    unique_marks = sorted(set(originals_of) - set(shared), key=len, reverse=True)

    dates = {e["placeholder"] for e in entries if e.get("label") == "DATE"}

    def search(mark: str, pattern: str, originals: list[tuple[str, str]]) -> None:
        k = count.get(mark, 0)
        for m in _mark_pattern(pattern, suffix=True, date=originals[0][1] in dates).finditer(folded):
            if k >= len(originals) and pattern != mark:
                break
            if not occupied.free(m.start(), m.end()):
                continue
            end = m.start("suffix") if m.group("suffix") else m.end()  # an inflection suffix stays in place
            restore(m.start(), end, originals[min(k, len(originals) - 1)][0], "mark", originals[0][1])
            found.add(originals[0][1])
            k += 1
        count[mark] = k

    for mark in unique_marks:
        search(mark, mark, originals_of[mark])
    # a word that surrogate and original share ("Mrs Carlson" for "Mrs Schroedter", "University of Cleveland"
    # for "University of Amsterdam") may be translated ("Señora Carlson"): the rest of the surrogate then
    # stands for the rest of the original, when no other mark has that rest
    stripped: dict[str, list[tuple[str, str, str]]] = {}
    for mark in unique_marks:
        originals = originals_of[mark]
        if count[mark] < len(originals) and len({o for o, _ in originals}) == 1:
            rest = _strip_shared_words(mark, originals[0][0])
            if rest is not None:
                stripped.setdefault(_fold_chars(rest[0]), []).append((mark, rest[0], rest[1]))
    folded_marks = {_fold_chars(m) for m in originals_of}
    for key_, candidates in stripped.items():
        if len(candidates) == 1 and key_ not in folded_marks:
            mark, rest_mark, rest_original = candidates[0]
            search(mark, rest_mark, [(rest_original, p) for _, p in originals_of[mark]])
    for mark in unique_marks:
        k = count[mark]
        missing.extend(f"{mark}#{i + 1}" for i in range(k, len(originals_of[mark])) if k)
    missing.extend(
        dict.fromkeys(p for mark, pairs in originals_of.items() if mark not in shared for _, p in pairs if p not in found)
    )
    return shared


def _strip_shared_words(mark: str, original: str) -> tuple[str, str] | None:
    """``("Mrs Carlson", "Mrs Schroedter")`` → ``("Carlson", "Schroedter")``: the leading and trailing words
    both share removed; ``None`` when they share none or the surrogate's rest is too short to be told apart
    (under 4 characters)."""
    a, b = mark.split(), original.split()
    i = 0
    while i < min(len(a), len(b)) - 1 and a[i] == b[i]:
        i += 1
    j = 0
    while j < min(len(a), len(b)) - i - 1 and a[-1 - j] == b[-1 - j]:
        j += 1
    if not i and not j:
        return None
    rest_a, rest_b = " ".join(a[i : len(a) - j]).strip(" ,"), " ".join(b[i : len(b) - j]).strip(" ,")
    if len(rest_a) < 4 or not rest_b:
        return None
    return rest_a, rest_b


def _restore_by_order(view: CleanView, entries: list[dict[str, Any]], shared: dict[str, list[tuple[str, str]]], mark_only: bool,
                      occupied: _Occupancy, restore, unrestored: list[_Unrestored], missing: list[str],
                      refused: list[dict[str, Any]], order_policy: str) -> None:
    """Condition 3: identical masks by order of appearance, only when every mask's count is verified and,
    under the ``unambiguous`` policy, only for a mask whose mentions all have the same original."""
    queues: dict[str, list[str]] = {}
    for mention, mark in sorted(
        ((m, _replacement(e, m)) for e in entries if not _unique(e) for m in _mentions(e)),
        key=lambda pair: pair[0]["anon_start"],
    ):
        queues.setdefault(mark, []).append(mention["text"])
    for mark, pairs in shared.items():
        queues.setdefault(mark, []).extend(original for original, _ in pairs)
    if not queues:
        return
    folded = _fold_chars(view.text)
    spans: dict[str, list[tuple[int, int]]] = {}
    for mark in sorted(queues, key=len, reverse=True):
        spans[mark] = [m.span() for m in _mark_pattern(mark, suffix=False).finditer(folded) if occupied.free(*m.span())]
        for start, end in spans[mark]:
            occupied.take(start, end)
    counted = all(len(spans[mark]) == len(originals) for mark, originals in queues.items())
    for mark, originals in queues.items():
        safe = order_policy == "count" or len(set(originals)) == 1
        reason = "mark_only" if mark_only else None if counted and safe else "order_unverifiable"
        if reason is None:
            for k, (start, end) in enumerate(spans[mark]):
                restore(start, end, originals[k], "order", f"{mark}#{k + 1}")
            continue
        refused.append({"reason": reason, "mark": mark, "expected": len(originals), "found": len(spans[mark])})
        for start, end in spans[mark]:
            a, b = view.span(start, end)
            unrestored.append(_Unrestored(a, b, reason))
        missing.extend(f"{mark}#{i + 1}" for i in range(len(originals)))
