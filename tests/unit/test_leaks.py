"""The leak scan of issue 15 (:mod:`anontools.devtools.leaks`): a planted original is found, a clean text gives none.

The fault scenarios (``ANON_TEST_FAULTS=1 tests/test_faults.py``, ``anonymizer-dev faults``) run it over
every ``translation.requests`` record they see; these tests check the scan itself, without a broker."""

from anontools.devtools.leaks import comparable, find_leaks, scan_records

ORIGINALS = ["Anna Lindqvist", "Lindqvist", "London", "1 January 1990", "anna.lindqvist@example.org", "Mr. Keller"]
# what tag, suppress, substitute and generalize wrote for a document with these entities
CLEAN = [
    "[PERSON_1] met [PERSON_2] in [LOCATION_1] on [DATE_1]. [PERSON_1] later wrote to [EMAIL_1].",
    "XXX met XXX in XXX on XXX. XXX later wrote to XXX.",
    "Antoinette Hosey met Jesse Kirwan in Lansing on 17 November 1989. Hosey later wrote to guy.crawley@hart.org.",
    "Antoinette Hosey met Jesse Kirwan in a city in the United Kingdom on the 1990s. Hosey later wrote to an "
    "e-mail address.",
]


def test_a_clean_text_has_no_leak():
    for text in CLEAN:
        assert find_leaks(text, ORIGINALS) == []


def test_a_planted_original_is_found_whatever_its_case_and_spacing():
    for text in CLEAN:
        assert find_leaks(text + " Signed: ANNA\n  LINDQVIST.", ORIGINALS) == ["Anna Lindqvist", "Lindqvist"]
    # the address in clear, and with it the surname (a whole word between dots)
    assert find_leaks(CLEAN[0].replace("[EMAIL_1]", "Anna.Lindqvist@Example.org"), ORIGINALS) == [
        "Lindqvist", "anna.lindqvist@example.org"]
    assert find_leaks("On 1\u00a0January 1990 we met.", ORIGINALS) == ["1 January 1990"]


def test_only_whole_words_count():
    assert find_leaks("Londoner Lindqvists met Annabel in Londonderry.", ORIGINALS) == []
    assert find_leaks("(London)", ORIGINALS) == ["London"]
    assert find_leaks("x_London", ORIGINALS) == []  # "_" is a word character


def test_punctuation_around_an_original_is_ignored():
    assert comparable(" Mr. Keller, ") == "Mr. Keller"
    assert comparable("+44 20 7946 0958") == "44 20 7946 0958"
    assert comparable("+++") is None
    assert find_leaks("Dear Mr.  Keller.", ORIGINALS) == ["Mr. Keller"]
    assert find_leaks("Call 44 20 7946 0958 now.", ["+44 20 7946 0958"]) == ["+44 20 7946 0958"]


def test_short_originals_are_compared_with_case():
    # "US" in clear is a leak; the pronoun "us" is not the entity
    assert find_leaks("Tell us about it.", ["US", "EU", "S."]) == []
    assert find_leaks("Back in the US, S. wrote to the EU.", ["US", "EU", "S."]) == ["EU", "S.", "US"]


def test_a_name_written_in_lower_case_is_the_common_word():
    # the Spanish adjective next to the entity "el Pleno"; generalize's "the parliament" for "European Parliament"
    assert find_leaks("pido al XXX que lleve adelante en todos sus aspectos pleno la propuesta", ["Pleno"]) == []
    assert find_leaks("the parliament decided", ["Parliament", "European Parliament"]) == []
    # any capital counts; so do lower-case originals, several words, digits and symbols
    assert find_leaks("the PARLIAMENT decided", ["Parliament"]) == ["Parliament"]
    assert find_leaks("the Parliament decided", ["parliament"]) == ["parliament"]
    assert find_leaks("wrote to anna lindqvist", ["Anna Lindqvist"]) == ["Anna Lindqvist"]
    assert find_leaks("mail anna.lindqvist@example.org", ["Anna.Lindqvist@example.org"]) == ["Anna.Lindqvist@example.org"]
    scan = scan_records([("j", "the parliament and the Commission")], lambda job: ["Parliament", "Commission"])
    assert (scan.leaks, scan.common_words, scan.originals_checked) == (1, 1, 2)


def test_many_originals_in_a_long_text():
    mails = [f"m{i:04x}@x.de" for i in range(3000)]
    text = " ".join(f"[EMAIL_{i}]" for i in range(1, 3001))
    assert find_leaks(text, mails) == []
    planted = text.replace("[EMAIL_77]", mails[76]).replace("[EMAIL_2999]", mails[2998].upper())
    assert find_leaks(planted, mails) == sorted([mails[76], mails[2998]])


def test_scan_records_counts_records_originals_and_leaks():
    originals = {"j1": ORIGINALS, "j2": ORIGINALS + ["Anna Lindqvist"], "j3": [], "j4": ["+++", "Oslo"]}
    records = [("j1", CLEAN[0]), ("j1", CLEAN[0]), ("j2", CLEAN[2] + " Lindqvist"), ("j3", "Oslo"),
               ("j4", "XXX in Oslo")]
    scan = scan_records(records, lambda job: originals.get(job, []))
    assert scan.records == 5
    assert scan.originals_checked == 3 * len(ORIGINALS) + 1  # duplicates counted once per record; "+++" skipped
    assert scan.skipped == 1
    assert scan.records_without_originals == 1  # j3: nothing known, so nothing checked
    assert scan.leaks == 2 and scan.leaking_jobs == ["j2", "j4"]
    assert scan.to_dict()["leaks"] == 2
    total = scan.add(scan_records([("j1", CLEAN[1])], lambda job: originals[job]))
    assert (total.records, total.leaks, total.originals_checked) == (6, 2, 4 * len(ORIGINALS) + 1)

