""":func:`app.detection.fast_regex.gated` (stop 70, issue 18): a pattern searched only where a string its matches need
stands (:func:`required_literals`, :class:`LiteralGated`) and rewritten to open with the class of its first consumed
character (:func:`class_led`) finds the same matches, with the same groups, as the pattern it comes from."""

from __future__ import annotations

import glob
import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.detection.fast_regex import LiteralGated, class_led, digit_led, gate_of, gated, required_literals
from tests.properties import examples

_ROOT = Path(__file__).resolve().parents[2]


def _matches(pattern, text: str) -> list[tuple]:
    return [(m.span(), m.groups(), m.groupdict()) for m in pattern.finditer(text)]


@pytest.mark.parametrize("source, flags, expected", [
    (r"(?<=\bCity )\d{4}", 0, (("City ", False),)),  # a lookbehind reads the text too
    (r"(?i:zip)\s\d{5}", 0, (("zip", True),)),  # under IGNORECASE: searched lower-cased
    (r"(?i)passport\s+no", 0, (("passport", True),)),
    (r"(?:Calle|Avenida|Av\.)\s+\w+", 0, (("Av.", False), ("Avenida", False), ("Calle", False))),
    (r"a(?-i:BC)", re.IGNORECASE, (("BC", False),)),  # case-sensitive again inside the group
    (r"(?:abc|ABCD)x", re.IGNORECASE, (("abc", True),)),  # "abcd" holds "abc": one test is enough
    (r"\d+(?:st|nd)?\.(?!xyz)", 0, ((".", False),)),  # an optional part and a negative lookahead need nothing
    (r"\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b", 0, None),  # classes and repeats only
    (r"(?:a|b|c|d|e|f|g|h|i)x", 0, (("x", False),)),  # nine alternatives are too many; "x" is needed anyway
    (r"(?:one|two|three|four|five|six|seven|eight|nine)\d", 0, None),
    (r"(?:foo|\d+)bar", 0, (("bar", False),)),  # one branch needs nothing: the alternation gives none
    (r"\s+", 0, None),  # white space is in every text: not worth a test
])
def test_strings_every_match_needs(source, flags, expected):
    assert required_literals(re.compile(source, flags)) == expected


def test_letters_the_engine_matches_in_another_form_are_not_ruled_out():
    """Under IGNORECASE "s" matches LONG S and "k" the KELVIN SIGN, "i" the dotted and dotless Turkish i: a text with
    one of them is searched (LONG S and the Turkish i lower-case to something else), and every match is found."""
    for source, text in ((r"street\d", "\u017ftreet1"), (r"kilo\d", "\u212ailo2"), (r"id\d", "\u0130d3 \u0131d4")):
        slow = re.compile(source, re.IGNORECASE)
        fast = gated(slow)
        assert isinstance(fast, LiteralGated)
        assert _matches(fast, text) == _matches(slow, text) != []
    assert gated(re.compile(r"street\d", re.IGNORECASE)).may_match("a road 1") is False


def test_a_gated_pattern_answers_like_the_pattern():
    slow = re.compile(r"(?<=\bZIP )(?P<zip>\d{5})")
    fast = gated(slow)
    assert isinstance(fast, LiteralGated) and fast.groupindex == slow.groupindex and fast.pattern == slow.pattern
    for text in ("ZIP 12345 and ZIP 54321", "zip 12345", "", "12345"):
        assert _matches(fast, text) == _matches(slow, text)
        assert [m.span() for m in fast.finditer(text, 1, 20)] == [m.span() for m in slow.finditer(text, 1, 20)]
        assert (fast.search(text) or None) == (slow.search(text) or None) or fast.search(text).span() == \
            slow.search(text).span()
        assert fast.findall(text) == slow.findall(text)
        assert fast.sub("#", text) == slow.sub("#", text)
    assert fast.search("no code here") is None and fast.findall("no code here") == []
    assert gate_of(slow) is gate_of(slow)  # once per pattern


@pytest.mark.parametrize("source", [
    r"(?=[\d])(?:(?<=[a-z], )(?!(?:19|20)\d\d)\d{4}(?=[^\S\n]*(?:\n|$)))",
    r"(?<![\w-])[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] \d[ABCEGHJ-NPRSTV-Z]\d(?=[^\S\n]*(?:\n|$))",
    r"\b\d{1,2}\.\s\d{1,2}\.\s\d{4}\b",
    r"(?<=\bCity )\d{4}(?P<rest>-\d+)?",
    r"\b\d+?x",  # a lazy repeat of the first class
    r"(?<!\d)\d{1}[a-z]",  # a repeat of one
])
def test_the_first_class_leads(source):
    slow = re.compile(source)
    fast = class_led(slow)
    assert fast is not slow and fast.pattern is None and fast.groupindex == slow.groupindex
    text = ("City 1234-56, Oslo, 2024\nHalle, 4321 \nSW1A 1AA\nK1A 0B1  Ottawa\n12. 3. 2024 and 1.2.2024 City "
            "9876 2x 33x 4b x5c\n")
    assert _matches(fast, text) == _matches(slow, text)
    assert [m.span() for m in fast.finditer(text, 7)] == [m.span() for m in slow.finditer(text, 7)]


def test_patterns_it_does_not_rewrite_are_returned_as_they_were():
    for source, flags in ((r"\d+", 0), (r"\b(?P<d>\d)x", 0), (r"\b(?:ab|cd)", 0), (r"\bab", re.IGNORECASE),
                          (r"(?=x)", 0)):
        pattern = re.compile(source, flags)
        assert class_led(pattern) is pattern


def _language_patterns() -> list[tuple[str, re.Pattern[str]]]:
    """The patterns this stop searches through :func:`gated`, per language, as compiled before it."""
    from app.detection import addresses, patterns
    from app.detection.identifiers import NATIONAL_IDS

    out = []
    for language in ("en", "de", "es", "pt"):
        out += [(language, p) for p in addresses._compiled(language)]
        out += [(language, p) for p in addresses._compiled_in_capitals(language)]
        out += [(language, digit_led(re.compile(p))) for p in patterns.POSTAL_CODE_PATTERNS.get(language, [])]
        out += [(language, digit_led(p)) for p in patterns._date_patterns(language)]
        out += [(language, digit_led(re.compile(regex))) for _module, regex in NATIONAL_IDS.get(language, ())]
    return out


def test_the_detectors_patterns_find_the_same_matches_on_the_demo_documents():
    texts: dict[str, list[str]] = {}
    for path in sorted(glob.glob(str(_ROOT / "demo" / "documents" / "*.json"))):
        document = json.loads(Path(path).read_text(encoding="utf-8"))
        texts.setdefault(document["language"], []).append(document["text"])
    everything = "\n\n".join(t for ts in texts.values() for t in ts)
    patterns = _language_patterns()
    assert len(patterns) > 200
    rewritten = gated_count = 0
    for language, slow in patterns:
        fast = gated(slow)
        rewritten += (fast.regex if isinstance(fast, LiteralGated) else fast) is not slow
        gated_count += isinstance(fast, LiteralGated)
        for text in (*texts[language], everything):
            assert _matches(fast, text) == _matches(slow, text), (language, slow.pattern)
    assert rewritten > 50 and gated_count > 100  # the test reads what the stop changed


# --- random patterns on random texts --------------------------------------------------------------------------------

_ALPHABET = "abcKkSs\u017f\u212a\u0130\u0131é12 ,.-\n"
_ATOMS = st.sampled_from([
    "a", "b", "c", "k", "s", "K", "S", "é", "1", "ab", "bc", "ks", "sa", r"\.", ",", " ", "-",
    r"\d", r"\d+", r"\d{2}", r"[ab]", r"[a-c]+", r"\w", r"\s?", r"[^\S\n]+", ".", "b*", "(?:ab)?", r"\b",
    r"(?<=a)", r"(?<!b)", r"(?=\d)", r"(?!s)", r"(?<=\bk)", r"(?P<g>c)?", "(?:a|bc|kk)", "(?:s|1)", "(?i:ks)",
    "(?-i:Ka)", "(?:ab|)", r"\d(?:a|b)?",
])


@st.composite
def _patterns(draw) -> str:
    atoms = draw(st.lists(_ATOMS, min_size=1, max_size=6))
    pattern = "".join(a.replace("(?P<g>", "(?:") if i and "(?P<g>" in "".join(atoms[:i]) else a
                      for i, a in enumerate(atoms))
    if draw(st.booleans()):
        pattern = f"(?:{pattern})|{draw(_ATOMS)}{draw(_ATOMS)}".replace("(?P<g>", "(?:", 1)
    return pattern


@pytest.mark.slow
@settings(max_examples=examples(3000), deadline=None)
@given(_patterns(), st.text(alphabet=_ALPHABET, max_size=50), st.booleans())
def test_same_matches_as_the_pattern_it_comes_from(source, text, ignorecase):
    """Random sequences of literals, classes, repeats, lookarounds, word boundaries, groups with their own flags and
    alternations, on random texts of letters the engine matches in several forms: position for position the same
    matches, with and without IGNORECASE, whatever :func:`gated` made of them."""
    try:
        slow = re.compile(source, re.IGNORECASE if ignorecase else 0)
    except re.error:
        return  # (a lookbehind of a variable width, say)
    fast = gated(slow)
    assert _matches(fast, text) == _matches(slow, text)
    assert _matches(gated(digit_led(slow)), text) == _matches(slow, text)
