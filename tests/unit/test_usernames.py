"""User names of social networks, forums and chats (``@mary_jones``): :class:`app.detection.patterns.UsernameRecognizer`
and their anonymization."""

import re

import pytest

from app.detection.patterns import UsernameRecognizer
from app.detection.pipeline import build_detector
from app.reidentification.matching import canonical_label
from tests.unit.fakes import GazetteerTagger
from tests.unit.test_methods import round_trip, run


@pytest.mark.parametrize(("text", "expected"), [
    ("Thanks @mary_jones and @JSmith1987!", ["@mary_jones", "@JSmith1987"]),
    ("cc @anna.weber. and (@b_c)", ["@anna.weber", "@b_c"]),
    ("mail john@example.org, icon@2x.png, @ 5 EUR, @123, price @ 3, @x", []),
    # account names in home-directory paths; before: "fmcallister" stayed in clear in a pasted Windows path
    ("The files are in C:\\Users\\fmcallister\\Documents\\scan.pdf.", ["fmcallister"]),
    ("Logs in /home/jsmith/projects and /Users/mjones.", ["jsmith", "mjones"]),
    ("Open c:/users/j.smith/AppData or C:\\Documents and Settings\\Anna Weber\\My Documents", ["j.smith", "Anna Weber"]),
    ("Not C:\\Users\\Public\\x, ~/notes, /homepage/x, www.example.org/home/x or D:\\Data\\Users", []),
])
def test_user_names(text, expected):
    found = UsernameRecognizer().recognize(text, [])
    assert all(text[e.start:e.end] == e.text and e.label == "USERNAME" for e in found)
    assert [e.text for e in found] == expected


def test_a_home_directory_path_keeps_its_other_segments_and_its_name_is_restored():
    text = "Send C:\\Users\\fmcallister\\Documents\\scan.pdf to IT."
    tagged = run(text, [("fmcallister", "USERNAME")], "tag")
    assert tagged.text == "Send C:\\Users\\[USERNAME_1]\\Documents\\scan.pdf to IT."
    round_trip(tagged, text)


def test_a_user_name_is_found_beside_an_e_mail_address_and_the_model():
    """Before: "@mary_jones" stayed in clear and "JSmith1987" was a place (without its "@")."""
    detector = build_detector("en", tagger_factory=lambda *_: GazetteerTagger({"JSmith1987": "LOC"}))
    assert [(e.text, e.label) for e in detector.detect("Thanks @mary_jones and @JSmith1987, write to a.b@example.org")] \
        == [("@mary_jones", "USERNAME"), ("@JSmith1987", "USERNAME"), ("a.b@example.org", "EMAIL")]


def test_user_names_are_replaced_by_every_method_and_restored():
    text = "Ask @mary_jones about it."
    tagged = run(text, [("@mary_jones", "USERNAME")], "tag")
    assert tagged.text == "Ask [USERNAME_1] about it."
    round_trip(tagged, text)
    general = run(text, [("@mary_jones", "USERNAME")], "generalize")
    assert general.text == "Ask a user name about it."
    round_trip(general, text)
    substituted = run(text, [("@mary_jones", "USERNAME")], "substitute")
    replacement = substituted.table.entries[0].mentions[0].replacement
    assert re.fullmatch(r"@[a-z]+_[a-z]+", replacement) and replacement != "@mary_jones"
    round_trip(substituted, text)
    camel = run("Ask @JSmith1987.", [("@JSmith1987", "USERNAME")], "substitute").table.entries[0].mentions[0]
    assert re.fullmatch(r"@[A-Z][A-Z][a-z]+\d{4}", camel.replacement.replace("-", "").replace("'", ""))


def test_translated_user_name_placeholders_are_recognized():
    assert canonical_label("BENUTZERNAME") == "USERNAME" and canonical_label("NOMBRE DE USUARIO") == "USERNAME"


def test_reddit_user_names_keep_their_prefix_in_a_surrogate():
    text = "Thread by u/throwaway_jane and /u/JSmith on r/legaladvice."
    assert [e.text for e in UsernameRecognizer().recognize(text, [])] == ["u/throwaway_jane", "/u/JSmith"]
    replacement = run("Ask u/throwaway_jane.", [("u/throwaway_jane", "USERNAME")], "substitute").table.entries[0] \
        .mentions[0].replacement
    assert re.fullmatch(r"u/[a-z]+_[a-z]+", replacement.replace("-", "").replace("'", "")), replacement
