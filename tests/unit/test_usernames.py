"""User names of social networks, forums and chats (``@mary_jones``): :class:`app.detection.patterns.UsernameRecognizer`
and their anonymization."""

import re

import pytest

from app.detection.patterns import ChatSpeakerRecognizer, UsernameRecognizer
from app.detection.pipeline import build_detector
from app.tokenization import split_sentences
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
    # stop 49: a forum's handle after its word and a copula; a nickname field
    ("Her old handle was mschmidt_84 on Reddit; the handle was broken; Nickname: Mascha", ["mschmidt_84", "Mascha"]),
    # an account after its network's name; not an everyday word after a name that is one too, nor a feature's name
    ("Insta: gabi.moraes / Snapchat: jj_tanaka99 / TikTok - lukas.brenner; Skype: mariagonzalez; Line - item; "
     "Signal - weak; GitHub: Actions", ["gabi.moraes", "jj_tanaka99", "lukas.brenner", "mariagonzalez"]),
    # stop 50: the field's word with its accent ("usuário"; the hint missed it) before a handle in parentheses
    ("Já tentei cancelar pelo app (usuário rafa.nlima) em 02/03/2025", ["rafa.nlima"]),
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


@pytest.mark.parametrize(("text", "expected"), [
    # Slack, WhatsApp and Teams exports: the speaker at the line's start, a handle or a name (stop 44: "sara_k",
    # "Rafa", "Dudu" stayed in clear)
    ("[09:03] sara_k: yeah\n[09:03] dan.whitfield: ok\n[18:25] Rafa: acho q\n  18:30 Dudu Lima: oi",
     [("sara_k", "USERNAME"), ("dan.whitfield", "USERNAME"), ("Rafa", "PERSON"), ("Dudu Lima", "PERSON")]),
    ("12/03/2026, 18:22 - Bia Souza: oi\n[12/03/26, 18:22:05] Dudu: oi\n9:41 PM - Jo: ok",
     [("Bia Souza", "PERSON"), ("Dudu", "PERSON"), ("Jo", "PERSON")]),
    # not inside a line, not without a time first, not a time's unit glued to another colon
    ("Start at 10:00 gmt: Gala León\nRe: hello\nNote: x\n19:15:30 x\n14:00 Item 3: budget", []),
])
def test_chat_speakers(text, expected):
    found = ChatSpeakerRecognizer().recognize(text, [])
    assert all(text[e.start:e.end] == e.text for e in found)
    assert [(e.text, e.label) for e in found] == expected


def test_a_chat_transcript_is_read_message_by_message():
    """Each line of a transcript is a sentence of its own, the speaker does not make a message in lower case cased
    text (stop 44: "[18:25] Rafa: … a juliana" was read as cased because of "Rafa", and "juliana" stayed in clear),
    and a speaker that is a common word names no one."""
    tagger = GazetteerTagger({"Juliana": "PER", "Bartek Nowak": "PER", "Welcome": "PER"})
    detector = build_detector("pt", tagger_factory=lambda *_: tagger)
    text = "[18:23] Bia: valeu rafa!!\n[18:25] Rafa: acho q mudou pra casa da filha, a juliana"
    found = [(e.text, e.label) for e in detector.detect(text)]
    assert found == [("18:23", "TIME"), ("Bia", "PERSON"), ("rafa", "PERSON"), ("18:25", "TIME"), ("Rafa", "PERSON"),
                     ("juliana", "PERSON")]
    detector = build_detector("en", tagger_factory=lambda *_: tagger)
    text = ("[09:06] sara_k: np. btw the new guy starts monday, his name is bartek nowak\n"
            "09:00 Welcome: coffee and introductions\n09:30 Report: the budget")
    assert [(e.text, e.label) for e in detector.detect(text)] == [
        ("09:06", "TIME"), ("sara_k", "USERNAME"), ("bartek nowak", "PERSON"), ("09:00", "TIME"), ("09:30", "TIME")]


def test_an_engineers_abbreviated_title_names_no_organization():
    """Stop 44: a Portuguese "Eng.º" before a name gave the organization "Eng" (the model's), and the name stayed a
    person."""
    tagger = GazetteerTagger({"Eng": "ORG", "Rui Pedro Magalhães": "PER"})
    detector = build_detector("pt", tagger_factory=lambda *_: tagger)
    found = detector.detect("O técnico responsável é o Eng.º Rui Pedro Magalhães, inscrito.")
    assert [(e.text, e.label) for e in found] == [("Rui Pedro Magalhães", "PERSON")]


def test_pronouns_of_a_spanish_chat_stay_in_lower_case():
    """Stop 44: "tú", "dile" and "profe" no dictionary of the detector lists were capitalised in a chat in lower case,
    and the model took them for names."""
    tagger = GazetteerTagger({"Tú": "ORG", "Dile": "PER", "Profe": "ORG", "Inés": "PER"})
    detector = build_detector("es", tagger_factory=lambda *_: tagger)
    found = detector.detect("si eso dile a la profe, la señorita inés, que los recoges tú")
    assert [(e.text, e.label) for e in found] == [("inés", "PERSON")]


def test_speaker_lines_of_teams_and_slack_copies():
    """Stop 44: Teams and Slack copies put "Bia Souza 18:22" above each message; with two or more such lines the
    speakers are entities, each message a sentence of its own read in its own case, its first word not capitalised."""
    text = ("Bia Souza 18:22\ngente, alguém sabe o telefone da juliana?\nsara_k  9:03 AM\nok\n"
            "Marta Ruiz Yesterday 21:14\nvale")
    found = ChatSpeakerRecognizer().recognize(text, [])
    assert [(e.text, e.label) for e in found] == [("Bia Souza", "PERSON"), ("sara_k", "USERNAME"),
                                                  ("Marta Ruiz", "PERSON")]
    assert ChatSpeakerRecognizer().recognize("Arrival Heathrow 10:30\nthen the bus", []) == []
    assert ChatSpeakerRecognizer().recognize("Coffee break 10:30\nLunch 12:30\nTalks", []) == []
    tagger = GazetteerTagger({"Juliana": "PER", "Gente": "ORG"})
    detector = build_detector("pt", tagger_factory=lambda *_: tagger)
    found = [(e.text, e.label) for e in detector.detect(text) if e.label not in ("TIME", "DATE")]
    assert found == [("Bia Souza", "PERSON"), ("juliana", "PERSON"), ("sara_k", "USERNAME"), ("Marta Ruiz", "PERSON")]


def test_a_user_name_after_the_word_that_names_it():
    # stop 45: a support ticket's "User: j.mwangi" stayed in clear
    from app.detection.patterns import UsernameRecognizer

    text = ("User: j.mwangi (Joseph Mwangi); Benutzername: kmueller2; login jdoe_77 failed; usuario: pgarcia.\n"
            "The user Joseph said the user experience matters.")
    assert [e.text for e in UsernameRecognizer().recognize(text, [])] == ["j.mwangi", "kmueller2", "jdoe_77", "pgarcia"]


def test_a_dialogue_in_lower_case_copied_without_times():
    """Stop 46: "Lena: hey, …\\nJonas: …" without times ran into one sentence per two lines, cased by its speakers'
    capitals, so "emre", "lindenweg 7" and "kevin schuster" stayed in clear (with times they were found). A line
    "Speaker: message in lower case" now starts a sentence, its speaker does not case the message, and the speakers
    are entities when one of them opens two lines or more; a form's fields, each on one line, are none."""
    text = ("Lena: hey, hast du die nummer von frau özdemir? die mutter von emre aus der 3b\n"
            "Jonas: nee, die sind umgezogen, jetzt lindenweg 7 in mühlheim\n"
            "Lena: ok. übrigens der kevin schuster hat wieder gefehlt")
    assert [(e.text, e.label) for e in ChatSpeakerRecognizer().recognize(text, [])] == [
        ("Lena", "PERSON"), ("Jonas", "PERSON"), ("Lena", "PERSON")]
    sentences = split_sentences(text, language="de")
    assert [s.tokens[0].text for s in sentences] == ["Lena", "Jonas", "Lena"]
    tagger = GazetteerTagger({"Emre": "PER", "Kevin Schuster": "PER", "Mühlheim": "LOC"})
    detector = build_detector("de", tagger_factory=lambda *_: tagger)
    found = [(e.text, e.label) for e in detector.detect(text)]
    for expected in [("emre", "PERSON"), ("lindenweg 7", "LOCATION"), ("mühlheim", "LOCATION"),
                     ("kevin schuster", "PERSON"), ("Jonas", "PERSON")]:
        assert expected in found
    form = "Occupation: paramedic\nAllergies: none known\nAddress: 12 High Street"
    assert ChatSpeakerRecognizer().recognize(form, []) == []
    # a value in capitals or digits is a form's, not a message, and a form's fields open one line each (MEDDOCAN's
    # "Sexo: varón"): no sentence starts there, and the field's name still makes its value cased text
    assert len(split_sentences("Name: Anna Berg\nGeburtsdatum: 30.11.1962 x", language="de")) == 1
    assert len(split_sentences("Sexo: varón\nAntecedentes: hipertensión arterial", language="es")) == 1


@pytest.mark.parametrize(("text", "expected"), [
    # stop 48: a server log pasted into a ticket kept its users in clear: a field after "=" (any handle or number) and
    # an account's segment of a REST path (a digit, "_", "." or "@" inside; not "me" or a collection's page)
    ("WARN 3 failed attempts for user=pkowalski from 10.0.0.1; user_id=100293 uid=jdoe", ["pkowalski", "100293", "jdoe"]),
    ("GET /api/v2/users/100293/profile?x=1 200; /customers/ana.lima; /customers/list", ["100293", "ana.lima"]),
    # Venmo's handles with hyphens (stop 48: "-Smith-42" was left to the model)
    ("and Venmo @Jake-Smith-42. or @mary_jones- then", ["@Jake-Smith-42", "@mary_jones"]),
])
def test_user_names_of_logs_and_request_paths(text, expected):
    found = UsernameRecognizer().recognize(text, [])
    assert all(text[e.start:e.end] == e.text and e.label == "USERNAME" for e in found)
    assert [e.text for e in found] == expected
