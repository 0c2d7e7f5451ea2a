""":func:`app.detection.fast_regex.letter_led`: alternations of words regrouped by first letters (issue 18, stop 67)
find the same matches, with the same groups, as the patterns they come from."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.detection.fast_regex import _SCANNED_BELOW, case_variants, letter_led
from tests.properties import examples


def _matches(pattern: re.Pattern[str], text: str) -> list[tuple]:
    return [(m.span(), m.groups(), m.groupdict()) for m in pattern.finditer(text)]


def test_keywords_grouped_by_first_letter_find_the_same_matches():
    slow = re.compile(r"(?<![\w-])(?:passport(?:\s+number)?|patient(?:\s+ID)?|(?:car\s+)?parking\s+no\.?"
                      r"|(?:member|customer)\s+(?:ID|number)|(?-i:PESEL|BSN)|account)(?![\w-])[:\s]*(?P<id>\d+)",
                      re.IGNORECASE)
    fast = letter_led(slow)
    assert fast is not slow and fast.pattern is None and fast.groupindex == slow.groupindex
    text = ("PASSPORT NUMBER 123, Patient ID: 77, car parking no. 9, parking no 10, Customer number 5, "
            "pesel 1, PESEL 2, bsn 3, accounts 4, account 56, xpatient 8, member id 90")
    assert _matches(fast, text) == _matches(slow, text)
    assert [m.group("id") for m in fast.finditer(text)] == ["123", "77", "9", "10", "5", "2", "56", "90"]


def test_the_first_branch_that_matches_still_wins():
    """Branches of different first letters move past each other, never a branch past one that may match at the same
    position ("(?:[a-z]+)" below could match wherever "car" does)."""
    slow = re.compile(r"(?:card|[a-z]+x|car|cart)", re.IGNORECASE)
    fast = letter_led(slow)
    for text in ("cart", "carx", "CARD", "card cart carx"):
        assert _matches(fast, text) == _matches(slow, text)
    assert fast.match("carx").group() == "carx" and fast.match("cart").group() == "car"


def test_a_word_boundary_before_a_word_character():
    slow = re.compile(r"(?:\bUSD|\bEUR|€|\b(?:US|NZ)?\$)\s?(?P<amount>\d+)")
    fast = letter_led(slow)
    assert fast is not slow
    text = "USD 5, xUSD 6, EUR7, €8, US$ 9, NZ$10, a$11, $12, _EUR 13, 9USD 14"
    assert _matches(fast, text) == _matches(slow, text)
    assert [m.group("amount") for m in fast.finditer(text)] == ["5", "7", "8", "9", "10", "11"]
    # at the start of the text and of a search from a position inside it
    assert fast.search("xEUR 1", 1) is None and slow.search("xEUR 1", 1) is None
    assert fast.search("EUR 1").span() == slow.search("EUR 1").span() == (0, 5)


def test_case_variants_the_engine_matches():
    assert case_variants("k") == {"k", "K", "\u212a"}  # KELVIN SIGN
    assert case_variants("s") == {"s", "S", "\u017f"}  # LATIN SMALL LETTER LONG S
    assert {"i", "I", "\u0130", "\u0131"} <= case_variants("i")
    assert case_variants("4") == {"4"}
    with pytest.raises(ValueError):
        case_variants("ж" * 2)
    slow = re.compile(r"(?:kilo|street|id)\d", re.IGNORECASE)
    fast = letter_led(slow)
    text = "\u212ailo1 \u017ftreet2 \u0130d3 \u0131d4 KILO5"
    assert _matches(fast, text) == _matches(slow, text) and len(_matches(slow, text)) == 5


def test_no_supplementary_character_lower_cases_below_the_scanned_range():
    """Why :func:`case_variants` scans the Basic Multilingual Plane only."""
    import _sre

    assert not [cp for cp in range(0x10000, 0x110000) if _sre.unicode_tolower(cp) < _SCANNED_BELOW]


def test_patterns_it_does_not_change_are_returned_as_they_were():
    for pattern in (re.compile(r"\d+"), re.compile(r"(?:abc|def)"), re.compile(r"(?:abc|def)", re.I | re.ASCII)):
        assert letter_led(pattern) is pattern


_WORDS = st.lists(st.text(alphabet="abcKkSsıİé -", min_size=1, max_size=6), min_size=1, max_size=8)
_TEXT = st.text(alphabet="abcKkSsıİé \u212a\u017f-1", max_size=60)


@pytest.mark.slow
@settings(max_examples=examples(1500), deadline=None)
@given(_WORDS, _TEXT, st.booleans(), st.booleans())
def test_same_matches_as_the_pattern_it_comes_from(words, text, boundary, optional):
    """Random alternations of words (with "?" and "\\b" mixed in) on random texts: position for position the same
    matches, under IGNORECASE and without it."""
    branches = [re.escape(w) for w in words]
    if optional:
        branches = [f"(?:{b})?{b[:1]}" if b[:1].isalpha() else b for b in branches]
    if boundary:
        branches = [rf"\b{b}" for b in branches]
    for flags in (re.IGNORECASE, 0):
        slow = re.compile(rf"(?:{'|'.join(branches)})(?P<after>\w?)", flags)
        assert _matches(letter_led(slow), text) == _matches(slow, text)
