"""Faster scans for regular expressions whose every match starts with a digit or a symbol.

Python's regular-expression engine tries a pattern at every position of the text unless the pattern's first character
is known; a pattern that opens with ``\\b``, a group or an alternation ("\\b(?:[12]\\d|3[01]|0?[1-9])…") hides it, and
each of the date recognizer's seventeen patterns cost 35–120 ns per character of text (issue 18: the English demo
documents, one at a time). :func:`digit_led` computes the set of characters a match can start with from the parsed
pattern and, when it holds no letter, prepends a lookahead of that class: the engine then skips to such characters
(its "charset prefix") and the pattern runs only there, 2–6× faster on prose. The lookahead is a necessary condition
of every match, so the matches are the same, position for position.

The analysis is conservative: a construct it does not read (a back-reference, a negated class, a category other
than digits) gives up and the pattern is returned as it was.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from functools import lru_cache
from typing import Any
from re import _compiler  # type: ignore[attr-defined]
from re import _constants as C  # type: ignore[attr-defined]
from re import _parser as P  # type: ignore[attr-defined]

_ZERO_WIDTH = {C.AT, C.ASSERT, C.ASSERT_NOT}
_REPEATS = {C.MAX_REPEAT, C.MIN_REPEAT, getattr(C, "POSSESSIVE_REPEAT", C.MAX_REPEAT)}


class _Unknown(Exception):
    """The first characters of a construct are not known."""


def _class_items(items) -> set[str]:
    out: set[str] = set()
    for op, av in items:
        if op is C.LITERAL:
            out.add(re.escape(chr(av)))
        elif op is C.RANGE and av[1] - av[0] < 512:
            out.add(f"{re.escape(chr(av[0]))}-{re.escape(chr(av[1]))}")
        elif op is C.CATEGORY and av is C.CATEGORY_DIGIT:
            out.add(r"\d")
        else:
            raise _Unknown
    return out


def _first(items, case_change: bool) -> tuple[set[str], bool]:
    """``(class fragments, nullable)`` of a sequence of parsed items."""
    found: set[str] = set()
    for op, av in items:
        if op is C.LITERAL:
            if case_change and chr(av).isalpha():
                raise _Unknown
            return found | {re.escape(chr(av))}, False
        if op is C.IN:
            if case_change:
                raise _Unknown
            return found | _class_items(av), False
        if op in _ZERO_WIDTH:
            continue  # a zero-width item: the next one's first characters
        if op is C.BRANCH:
            nullable = False
            for branch in av[1]:
                chars, empty = _first(branch, case_change)
                found |= chars
                nullable = nullable or empty
            if not nullable:
                return found, False
            continue
        if op is C.SUBPATTERN:
            _group, add_flags, _del_flags, sub = av
            chars, empty = _first(sub, case_change or bool(add_flags & re.IGNORECASE))
        elif op in _REPEATS:
            low, _high, sub = av
            chars, empty = _first(sub, case_change)
            empty = empty or low == 0
        elif op is getattr(C, "ATOMIC_GROUP", None):
            chars, empty = _first(av, case_change)
        else:
            raise _Unknown
        found |= chars
        if not empty:
            return found, False
    return found, True


def first_characters(pattern: re.Pattern[str]) -> str | None:
    """A character class (``"[\\d$€]"``) that holds the first character of every match of ``pattern``, or ``None``
    when it cannot be known (or a match may be empty)."""
    try:
        chars, nullable = _first(P.parse(pattern.pattern, pattern.flags), False)
    except (_Unknown, re.error, TypeError, AttributeError):
        return None
    if nullable or not chars:
        return None
    return "[" + "".join(sorted(chars)) + "]"


def digit_led(pattern: re.Pattern[str]) -> re.Pattern[str]:
    """``pattern``, or an equivalent one that the engine scans faster when every match starts with a digit or a
    symbol (no letter among :func:`first_characters`). Same matches, same groups (the lookahead adds none)."""
    cls = first_characters(pattern)
    if cls is None or any(c.isalpha() for c in cls.replace(r"\d", "")):
        return pattern
    try:
        return re.compile(f"(?={cls})(?:{pattern.pattern})", pattern.flags)
    except re.error:  # a global inline flag that must open the pattern
        return pattern


# --- alternations of words under IGNORECASE -------------------------------------------------------------------------
#
# An alternation tries its branches one after another at each position, but skips a branch at once, without entering
# it, when the branch opens with a case-sensitive literal or a character class the next character is not in (CPython's
# ``BRANCH`` opcode; ``Modules/_sre/sre_lib.h``). Under IGNORECASE a letter compiles to ``LITERAL_UNI_IGNORE``, which
# that check does not read: each of an identifier keyword list's 320 branches ("passport(?:\s+number)?", "account…")
# was entered at every word of the text (issue 18: 500–770 ns per character of text for the identifier recognizer's
# one pattern, stop 67). :func:`letter_led` rewrites such an alternation: the branches that open with the same letter
# become one branch that opens with a case-sensitive class of that letter's case variants, followed by the
# alternation of their remainders, in their order. Branches that open with different letters cannot both match at
# one position, so a branch may move before another only when their first characters are known to differ; a branch
# whose first characters are not known (or that may match the empty string) is a barrier nothing moves across.

#: Code points whose case variants are all found by a scan of the Basic Multilingual Plane (Latin, Greek, Cyrillic,
#: Armenian: no supplementary character lower-cases into them; checked by ``tests/unit/test_fast_regex.py``).
_SCANNED_BELOW = 0x530
_BMP: str | None = None


@lru_cache(maxsize=None)
def case_variants(char: str) -> frozenset[str]:
    """Every character the engine matches against ``char`` under IGNORECASE (without LOCALE or ASCII), ``char`` among
    them: "k" → {"k", "K", "\\u212a"} (KELVIN SIGN), "i" → {"i", "I", "\\u0130", "\\u0131"}.

    Raises:
        ValueError: ``char`` is not one character below U+0530.
    """
    global _BMP
    if len(char) != 1 or ord(char) >= _SCANNED_BELOW:
        raise ValueError("case_variants needs one character below U+0530")
    if _BMP is None:
        _BMP = "".join(map(chr, range(0xD800))) + "".join(map(chr, range(0xE000, 0x10000)))
    return frozenset(re.findall(re.escape(char), _BMP, re.IGNORECASE))


def _class_set(items, ignorecase: bool) -> frozenset[str] | None:
    """The characters of a parsed character class of literals and short ranges, ``None`` for any other."""
    chars: set[str] = set()
    for op, av in items:
        if op is C.LITERAL:
            chars.add(chr(av))
        elif op is C.RANGE and av[1] - av[0] < 256:
            chars.update(map(chr, range(av[0], av[1] + 1)))
        else:
            return None
    if not ignorecase:
        return frozenset(chars)
    if any(ord(c) >= _SCANNED_BELOW and c.isalpha() for c in chars):
        return None
    return frozenset(v for c in chars for v in (case_variants(c) if ord(c) < _SCANNED_BELOW else (c,)))


def _first_set(items, ignorecase: bool) -> frozenset[str] | None:
    """The characters a match of the parsed ``items`` can start with, or ``None`` when unknown or when it may be
    empty (conservative: any construct not read below is unknown)."""
    found: set[str] = set()
    for op, av in items:
        if op is C.LITERAL:
            char = chr(av)
            if ignorecase and ord(char) < _SCANNED_BELOW:
                return frozenset(found | case_variants(char))
            return frozenset(found | {char}) if not ignorecase or not char.isalpha() else None
        if op in _ZERO_WIDTH:
            continue
        if op is C.IN:
            chars = _class_set(av, ignorecase)
            if chars is None:
                return None
            return frozenset(found | chars)
        if op is C.SUBPATTERN:
            _group, add_flags, del_flags, sub = av
            case = (ignorecase or bool(add_flags & re.IGNORECASE)) and not del_flags & re.IGNORECASE
            chars, empty = _first_set(sub, case), False
            if chars is None:
                return None
        elif op is C.BRANCH:
            chars = frozenset()
            for branch in av[1]:
                sub = _first_set(branch, ignorecase)
                if sub is None:
                    return None
                chars |= sub
            empty = False
        elif op in _REPEATS:
            low, _high, sub = av
            chars = _first_set(sub, ignorecase)
            if chars is None:
                return None
            empty = low == 0
        else:
            return None
        found |= chars
        if not empty:
            return frozenset(found)
    return None  # the items may match the empty string


def _grouped_branches(branches: list, state, ignorecase: bool) -> list | None:
    """The branches of an alternation with those that open with the same cased letter joined (see above), or ``None``
    when nothing changes."""
    out: list[list] = []  # [lower-case letter or None, first characters or None, remainders or the branch]
    changed = False
    expanded = [alternative for branch in branches for alternative in _opened(branch, state, ignorecase)]
    if len(expanded) != len(branches) or any(a is not b for a, b in zip(expanded, branches)):
        changed, branches = True, expanded
    for branch in branches:
        lead = branch.data[0] if branch.data else None
        letter = None
        if ignorecase and lead is not None and lead[0] is C.LITERAL and lead[1] < _SCANNED_BELOW:
            variants = case_variants(chr(lead[1]))
            if len(variants) > 1:
                letter = min(variants)
        if letter is None:
            out.append([None, _first_set(branch.data, ignorecase), branch])
            continue
        changed = True
        rest = P.SubPattern(state, branch.data[1:])
        for k in range(len(out) - 1, -1, -1):
            key, first, held = out[k]
            if key == letter:
                held.append(rest)
                break
            if first is None or first & variants:
                out.append([letter, variants, [rest]])
                break
        else:
            out.append([letter, variants, [rest]])
    if not changed:
        return None
    result = []
    for key, first, held in out:
        if key is None:
            result.append(held)
            continue
        cls = P.SubPattern(state, [(C.IN, [(C.LITERAL, ord(c)) for c in sorted(first)])])
        data = [(C.SUBPATTERN, (None, 0, re.IGNORECASE, cls))]
        # (the remainders grouped by their own first letters in turn: a trie of the words)
        data += held[0].data if len(held) == 1 else [
            (C.BRANCH, (None, _grouped_branches(held, state, ignorecase) or held))]
        result.append(P.SubPattern(state, data))
    return result


#: The most branches one branch is opened into by :func:`_opened`.
_MAX_OPENED = 16


def _opened(branch, state, ignorecase: bool) -> list:
    """``branch`` as the branches it is the alternation of, when it opens with a group of words, an optional one or a
    word boundary and every branch then opens with an opcode the alternation skips (:func:`_skippable`):
    "(?:member|customer)\\s+ID" → "member\\s+ID", "customer\\s+ID"; "(?:car\\s+)?parking" → "car\\s+parking",
    "parking" (the same choices in the same order: a greedy optional group is first tried, then skipped);
    "\\bUSD" → "U(?<!\\w[\\s\\S])SD" (before a word character, a boundary is a character before it that is not
    one, or none). ``[branch]`` otherwise, or beyond :data:`_MAX_OPENED` branches."""
    if not branch.data:
        return [branch]
    op, av = branch.data[0]
    rest = list(branch.data[1:])
    if op is C.AT and av is C.AT_BOUNDARY and rest:
        out = []
        for alternative in _opened(P.SubPattern(state, rest), state, ignorecase):
            lead = alternative.data[0] if alternative.data else None
            if lead is None or not _word_characters(lead, ignorecase):
                return [branch]
            out.append(P.SubPattern(state, [lead, _NO_WORD_BEFORE] + list(alternative.data[1:])))
        return out
    if op is C.BRANCH:
        options = [list(h.data) + rest for h in av[1]]
    elif op is C.SUBPATTERN and av[0] is None and not av[1] and not av[2]:
        inner = av[3].data
        heads = list(inner[0][1][1]) if len(inner) == 1 and inner[0][0] is C.BRANCH else [av[3]]
        options = [list(h.data) + rest for h in heads]
    elif (ignorecase and op is C.SUBPATTERN and av[0] is None and av[2] & re.IGNORECASE and len(av[3].data) == 1
          and av[3].data[0][0] is C.BRANCH):
        # a case-sensitive group of words, "(?-i:PESEL|BSN|CNP)": each word in a group of its own
        options = [[(C.SUBPATTERN, (None, av[1], av[2], h))] + rest for h in av[3].data[0][1][1]]
    elif op is C.MAX_REPEAT and av[0] == 0 and av[1] == 1:
        options = [list(av[2].data) + rest, rest]
    else:
        return [branch]
    out = []
    for data in options:
        out += _opened(P.SubPattern(state, data), state, ignorecase)
        if len(out) > _MAX_OPENED:
            return [branch]
    return out if all(_skippable(alternative.data, ignorecase) for alternative in out) else [branch]


#: What a word boundary before a word character asks, once that character is read: no word character before it.
_NO_WORD_BEFORE = P.parse(r"(?<!\w[\s\S])").data[0]
_WORD = re.compile(r"\w")


def _word_characters(item, ignorecase: bool) -> bool:
    """Whether the parsed ``item`` reads one character, always a word character (``\\w``)."""
    op, av = item
    if op is C.LITERAL:
        chars: frozenset[str] | None = frozenset(chr(av))
    elif op is C.IN:
        chars = _class_set(av, False)
    else:
        return False
    if chars is None:
        return False
    if ignorecase:
        if any(ord(c) >= _SCANNED_BELOW and c.isalpha() for c in chars):
            return False
        chars = frozenset(v for c in chars for v in (case_variants(c) if ord(c) < _SCANNED_BELOW else (c,)))
    return all(_WORD.match(c) for c in chars)


def _skippable(items, ignorecase: bool) -> bool:
    """Whether a branch of these parsed ``items`` opens, once grouped, with an opcode that the alternation checks
    without entering the branch: a literal (under IGNORECASE a letter below U+0530, grouped by
    :func:`_grouped_branches`, or a character without case), a class without IGNORECASE, or a group without
    IGNORECASE that opens with either."""
    if not items:
        return False
    op, av = items[0]
    if op is C.LITERAL:
        return not ignorecase or av < _SCANNED_BELOW or not chr(av).isalpha()
    if op is C.IN:
        return not ignorecase
    if op is C.SUBPATTERN and av[0] is None and av[3].data:
        case = (ignorecase or bool(av[1] & re.IGNORECASE)) and not av[2] & re.IGNORECASE
        return not case and av[3].data[0][0] in (C.LITERAL, C.IN)
    return False


def _rewrite(items, ignorecase: bool) -> bool:
    """:func:`_grouped_branches` on every alternation inside the parsed ``items``, in place; whether any changed."""
    changed = False
    for index, (op, av) in enumerate(items.data):
        if op is C.BRANCH:
            grouped = _grouped_branches(av[1], items.state, ignorecase)
            if grouped is not None:
                items.data[index] = (C.BRANCH, (av[0], grouped))
                changed = True
            for branch in grouped or av[1]:
                changed |= _rewrite(branch, ignorecase)
        elif op is C.SUBPATTERN:
            _group, add_flags, del_flags, sub = av
            changed |= _rewrite(sub, (ignorecase or bool(add_flags & re.IGNORECASE))
                                and not del_flags & re.IGNORECASE)
        elif op in _REPEATS:
            changed |= _rewrite(av[2], ignorecase)
        elif op in (C.ASSERT, C.ASSERT_NOT):
            changed |= _rewrite(av[1], ignorecase)
        elif op is getattr(C, "ATOMIC_GROUP", None):
            changed |= _rewrite(av, ignorecase)
        elif op is C.GROUPREF_EXISTS:
            _group, yes, no = av
            changed |= _rewrite(yes, ignorecase)
            if no is not None:
                changed |= _rewrite(no, ignorecase)
    return changed


def letter_led(pattern: re.Pattern[str]) -> re.Pattern[str]:
    """``pattern``, or an equivalent one whose alternations of words the engine skips faster under IGNORECASE (see the
    comment above :data:`_SCANNED_BELOW`): same matches, position for position, same groups and group names. The
    result is compiled from the rewritten parse tree, so its ``.pattern`` is ``None``: use it where the pattern is
    searched, never as a piece of another pattern. A pattern without IGNORECASE, with LOCALE or ASCII, or one the
    rewrite does not change is returned as it was.
    """
    if pattern.flags & (re.LOCALE | re.ASCII) or not isinstance(pattern.pattern, str):
        return pattern
    try:
        parsed = P.parse(pattern.pattern, pattern.flags)
        if not _rewrite(parsed, bool(parsed.state.flags & re.IGNORECASE)):
            return pattern
        return _compiler.compile(parsed, pattern.flags)
    except (re.error, RecursionError, TypeError, ValueError, AttributeError):
        return pattern


# --- strings every match needs --------------------------------------------------------------------------------------
#
# A pattern that opens with a lookbehind, a word boundary or a class of letters gives the engine no first character to
# skip to: it is tried at every position of the text, ~20 ns per character even where its keyword ("City ", "ZIP",
# "Dublin ") is nowhere in the document (issue 18, stop 70: the English postal code recognizer's 29 patterns cost
# ~0.5 ms of the ~10 ms that detection takes on a 650-character document). :func:`required_literals` reads the parsed
# pattern for strings of which every match must hold one, in the text it consumes or in a lookaround it reads, and
# :class:`LiteralGated` runs the pattern only when one of them is in the text (a substring test, a few hundred times
# cheaper per character). The test is a necessary condition of every match, so the matches are the same.

#: At most this many alternatives of a string a match needs (the test of each costs a scan of the text).
_MAX_ALTERNATIVES = 8


@lru_cache(maxsize=None)
def _odd_variants(char: str) -> frozenset[str] | None:
    """The characters IGNORECASE matches against ``char`` that do not lower-case to ``char.lower()``: "s" → {"ſ"} (LONG
    S lower-cases to itself), "i" → {"İ", "ı"}, "a" → {} (a match of "a" is found in ``text.lower()`` as "a" unless
    the text holds one of them); ``None`` where ``char.lower()`` is not one character or ``char`` is not below
    U+0530 (its variants are not known)."""
    if ord(char) >= _SCANNED_BELOW or len(char.lower()) != 1:
        return None
    low = char.lower()
    return frozenset(v for v in case_variants(char) if v.lower() != low)


def _pieces(run: list[tuple[str, bool]]) -> list[tuple[str, bool]]:
    """The strings a run of literals ``[(character, ignorecase)]`` holds, cut at each character IGNORECASE may match in
    a form not known (:func:`_odd_variants`): ``[(string, folded)]``; a folded one is searched lower-cased in the
    lower-cased text."""
    out: list[tuple[str, bool]] = []
    chars: list[str] = []
    folded = False
    for char, ignorecase in (*run, ("", True)):
        if char and (not ignorecase or _odd_variants(char) is not None):
            chars.append(char)
            folded = folded or ignorecase and char.lower() != char.upper()  # (a digit is itself in any case)
            continue
        if chars:
            piece = "".join(chars)
            out.append((piece.lower(), True) if folded else (piece, False))
        chars, folded = [], False
    return out


def _better(a: frozenset[tuple[str, bool]] | None,
            b: frozenset[tuple[str, bool]] | None) -> frozenset[tuple[str, bool]] | None:
    """The more selective of two sets of alternatives (longer shortest string, then fewer alternatives)."""
    if a is None or b is None:
        return a if b is None else b

    def score(s: frozenset[tuple[str, bool]]) -> tuple[int, int]:
        return min(len(t) for t, _ in s), -len(s)

    return b if score(b) > score(a) else a


def _needed(items, ignorecase: bool) -> frozenset[tuple[str, bool]] | None:
    """Alternatives ``{(string, folded)}`` of which every match of the parsed sequence ``items`` holds one (in what it
    consumes or reads in a lookaround), or ``None`` when none is known."""
    best: frozenset[tuple[str, bool]] | None = None
    run: list[tuple[str, bool]] = []

    def flush() -> None:
        nonlocal best, run
        for piece in _pieces(run):
            if not piece[0].isspace():
                best = _better(best, frozenset([piece]))
        run = []

    for op, av in items:
        if op is C.LITERAL:
            run.append((chr(av), ignorecase))
            continue
        if op is C.AT:
            continue  # zero width: the literals on either side stay next to each other
        if op is C.IN and len(av) == 1 and av[0][0] is C.LITERAL:
            run.append((chr(av[0][1]), ignorecase))  # a class of one character ("[.]")
            continue
        flush()
        if op is C.SUBPATTERN:
            _group, add_flags, del_flags, sub = av
            inner = (ignorecase or bool(add_flags & re.IGNORECASE)) and not del_flags & re.IGNORECASE
            best = _better(best, _needed(sub, inner))
        elif op in _REPEATS:
            low, _high, sub = av
            if low >= 1:
                best = _better(best, _needed(sub, ignorecase))
        elif op is C.ASSERT:
            best = _better(best, _needed(av[1], ignorecase))  # a lookaround reads the text too
        elif op is getattr(C, "ATOMIC_GROUP", None):
            best = _better(best, _needed(av, ignorecase))
        elif op is C.BRANCH:
            union: set[tuple[str, bool]] = set()
            for branch in av[1]:
                needed = _needed(branch, ignorecase)
                if needed is None:
                    union = set()
                    break
                union |= needed
            if union and len(union) <= _MAX_ALTERNATIVES:
                best = _better(best, frozenset(union))
    flush()
    return best


def required_literals(pattern: re.Pattern[str]) -> tuple[tuple[str, bool], ...] | None:
    """Strings of which every match of ``pattern`` holds one, in the text it consumes or in a lookaround it reads:
    ``((string, folded), …)``, at most :data:`_MAX_ALTERNATIVES`; a folded string is to be searched in the lower-cased
    text (it came from letters matched under IGNORECASE). ``None`` when none is known (a pattern of classes and
    repeats, an alternation with a branch of none, a bytes pattern, one with LOCALE).

    Example: ``(?<=\\bCity )\\d{4}`` → ``(("City ", False),)``; ``(?i:zip)\\s\\d{5}`` → ``(("zip", True),)``.
    """
    if not isinstance(pattern.pattern, str) or pattern.flags & re.LOCALE:
        return None
    try:
        parsed = P.parse(pattern.pattern, pattern.flags)
        needed = _needed(parsed, bool(parsed.state.flags & re.IGNORECASE))
    except (re.error, RecursionError, TypeError, ValueError, AttributeError):
        return None
    if not needed:
        return None
    # an alternative that holds another is found only where that one is: the other is test enough ("@" before "}@")
    return tuple(sorted(a for a in needed if not any(b != a and b[0] in a[0] and (b[1] or not a[1]) for b in needed)))


class LiteralGated:
    """A compiled pattern that searches a text only when the text holds one of the strings every match needs
    (:func:`required_literals`); same results as the pattern's own methods, whose signatures it keeps. Other attributes
    (``pattern``, ``flags``, ``groupindex``, ``groups``) are the pattern's.

    Args:
        regex: the compiled pattern.
        literals: its :func:`required_literals` (not ``None``).
    """

    __slots__ = ("regex", "exact", "folded", "odd")

    def __init__(self, regex: re.Pattern[str], literals: tuple[tuple[str, bool], ...]) -> None:
        self.regex = regex
        self.exact = tuple(s for s, folded in literals if not folded)
        self.folded = tuple(s for s, folded in literals if folded)
        # characters that may match a folded string's letter but lower-case otherwise ("ſ", "İ", "ı")
        self.odd = tuple(sorted(frozenset().union(*(_odd_variants(c) or () for s in self.folded for c in s))))

    def may_match(self, string: str) -> bool:
        """False only when no match can exist in ``string`` (none of the needed strings is in it)."""
        for s in self.exact:
            if s in string:
                return True
        if self.folded:
            for c in self.odd:
                if c in string:
                    return True  # ("ſ" of a folded "s" is not "s" in the lower-cased text: not decided here)
            lowered = string.lower()
            for s in self.folded:
                if s in lowered:
                    return True
        return False

    def finditer(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> Iterator[re.Match[str]]:
        return self.regex.finditer(string, pos, endpos) if self.may_match(string) else iter(())

    def search(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.regex.search(string, pos, endpos) if self.may_match(string) else None

    def match(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.regex.match(string, pos, endpos) if self.may_match(string) else None

    def fullmatch(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.regex.fullmatch(string, pos, endpos) if self.may_match(string) else None

    def findall(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> list[Any]:
        return self.regex.findall(string, pos, endpos) if self.may_match(string) else []

    def sub(self, repl: Any, string: str, count: int = 0) -> str:
        return self.regex.sub(repl, string, count) if self.may_match(string) else string

    def __getattr__(self, name: str) -> Any:
        return getattr(self.regex, name)

    def __repr__(self) -> str:
        return f"LiteralGated({self.regex!r})"


def gated(pattern: re.Pattern[str]) -> re.Pattern[str] | LiteralGated:
    """``pattern`` rewritten by :func:`class_led` and behind the test of :class:`LiteralGated` when
    :func:`required_literals` knows strings every match needs: the same matches, searched faster. Use where a pattern
    is searched in whole documents, not as a piece of another (the result's ``pattern`` may be ``None``)."""
    literals = required_literals(pattern)
    searched = class_led(pattern)
    return searched if literals is None else LiteralGated(searched, literals)


@lru_cache(maxsize=1024)
def gate_of(pattern: re.Pattern[str]) -> re.Pattern[str] | LiteralGated:
    """:func:`gated`, computed once per compiled pattern (the cache is keyed by patterns, never by a text)."""
    return gated(pattern)


# --- a first character the engine can skip to -----------------------------------------------------------------------
#
# The engine skips to the places a match can start only when the pattern's first item consumes one character of a known
# class (its "charset prefix": ``_compiler._get_charset_prefix``); a pattern that opens with a lookaround or a word
# boundary, :func:`digit_led`'s among them, is tried at every position (~17 ns per character of prose, stop 70). A
# pattern whose first consuming item is such a class, after only zero-width items ("(?<=[a-z], )(?!19)\d{4}…"), is
# rewritten by :func:`class_led` so that the class comes first and the zero-width items are read by a lookbehind of
# that one character ("\d(?<=(?<=[a-z], )(?!19)\d)\d{3}…"): the same matches, and the engine scans for the class.

_SINGLE = {C.LITERAL, C.IN}


def _one_character(item) -> bool:
    op, av = item
    return op in _SINGLE and not (op is C.IN and any(o is C.NEGATE for o, _ in av) and len(av) == 1)


def _class_led_items(parsed) -> list | None:
    """The rewritten top-level items of ``parsed`` (see above), or ``None`` where it does not apply."""
    items = list(parsed.data)
    i = 0
    while i < len(items) and items[i][0] in _ZERO_WIDTH:
        i += 1
    if i == 0 or i == len(items):
        return None  # nothing before the first consuming item (the engine reads it already), or nothing consumed
    op, av = items[i]
    if _one_character(items[i]):
        first, rest = items[i], []
    elif op in _REPEATS and av[0] >= 1 and len(av[2].data) == 1 and _one_character(av[2].data[0]):
        low, high, sub = av
        first = sub.data[0]
        rest = [] if high == 1 else [(op, (low - 1, high if high == C.MAXREPEAT else high - 1, sub))]
    else:
        return None
    behind = P.SubPattern(parsed.state, [*items[:i], first])
    return [first, (C.ASSERT, (-1, behind)), *rest, *items[i + 1:]]


def class_led(pattern: re.Pattern[str]) -> re.Pattern[str]:
    """``pattern``, or an equivalent one whose first item is the class its first consuming item reads (see the comment
    above :data:`_SINGLE`): same matches, position for position, same groups and group names. The result is compiled
    from the rewritten parse tree, so its ``.pattern`` is ``None``: use it where the pattern is searched, never as a
    piece of another pattern. A pattern it does not apply to is returned as it was.
    """
    if not isinstance(pattern.pattern, str) or pattern.flags & (re.LOCALE | re.IGNORECASE):
        return pattern
    try:
        parsed = P.parse(pattern.pattern, pattern.flags)
        if parsed.state.flags & re.IGNORECASE:
            return pattern
        items = _class_led_items(parsed)
        if items is None:
            return pattern
        parsed.data = items
        return _compiler.compile(parsed, pattern.flags)
    except (re.error, RecursionError, TypeError, ValueError, AttributeError, OverflowError):
        return pattern
