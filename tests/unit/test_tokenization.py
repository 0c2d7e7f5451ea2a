from app.tokenization import split_sentences, tokenize


def texts(tokens):
    return [t.text for t in tokens]


def test_offsets_match_text_and_conventions():
    text = "Mr. John Doe's mail is john.doe@example.com. He met Dr. Smith in the U.S. on 3 March 2015."
    tokens = tokenize(text)
    assert all(text[t.start : t.end] == t.text for t in tokens)
    assert texts(tokens) == [
        "Mr.", "John", "Doe", "'s", "mail", "is", "john.doe@example.com", ".", "He", "met", "Dr.", "Smith",
        "in", "the", "U.S.", "on", "3", "March", "2015", ".",
    ]


def test_urls_and_numbers_stay_whole():
    assert texts(tokenize("See https://example.org/a?b=1, call 030-1234.")) == [
        "See", "https://example.org/a?b=1", ",", "call", "030-1234", ".",
    ]


def test_sentences_split_at_end_punctuation_not_abbreviations():
    text = 'Mr. Doe went to the U.S. in May. "Great!" he said. Then he left...\n\nNew paragraph'
    sentences = split_sentences(text)
    assert [[t.text for t in s.tokens] for s in sentences] == [
        ["Mr.", "Doe", "went", "to", "the", "U.S.", "in", "May", "."],
        ['"', "Great", "!", '"', "he", "said", "."],
        ["Then", "he", "left", ".", ".", "."],
        ["New", "paragraph"],
    ]


def test_a_sentence_final_abbreviation_ends_a_sentence_before_a_sentence_starter():
    text = "He works for Acme Corp. His wife joined Acme Corp. Ltd in 2001 and Siemens AG. Sie blieb bei Dr. Weber."
    assert [" ".join(t.text for t in s.tokens) for s in split_sentences(text)] == [
        "He works for Acme Corp.",
        "His wife joined Acme Corp. Ltd in 2001 and Siemens AG .",
        "Sie blieb bei Dr. Weber .",
    ]
    assert [len(s.tokens) for s in split_sentences("Call at 3 p.m. Please do. At 9 a.m. sharp.")] == [4, 3, 5]
    # "Dr." is no sentence-final abbreviation, even before a sentence starter
    assert len(split_sentences("We met Dr. The Smith brothers.")) == 1


def test_long_sentences_are_cut():
    text = " ".join(["word"] * 450)
    sentences = split_sentences(text, max_tokens=200)
    assert [len(s.tokens) for s in sentences] == [200, 200, 50]


def test_empty_text():
    assert tokenize("") == []
    assert split_sentences("   ") == []


def test_a_line_that_ends_with_a_full_stop_ends_its_sentence():
    text = "… por ver a peripécia .\n.\n.\n- A peripécia ? .\nO Pedro disse \"sim.\"\ne foi \"Ana\"\ne saiu."
    assert [[t.text for t in s.tokens] for s in split_sentences(text)] == [
        ["…", "por", "ver", "a", "peripécia", "."], ["."], ["."], ["-", "A", "peripécia", "?", "."],
        ["O", "Pedro", "disse", '"', "sim", ".", '"'], ["e", "foi", '"', "Ana", '"', "e", "saiu", "."]]


def _sentences(text):
    return [" ".join(t.text for t in s.tokens) for s in split_sentences(text)]


def test_german_legal_and_financial_abbreviations_end_no_sentence():
    # before: "Nach § 5 Abs ." | "2 Satz 1 ..." and "Aufl ." alone, which the model then took for a person
    assert _sentences("Nach § 5 Abs. 2 BGB gilt das. Vgl. Schmidt, in: MüKo-ZPO, 7. Aufl. 2016, Rn. 73 ff. "
                      "Der Kläger zahlte 3 Mrd. Euro gem. Art. 3 GG.") == [
        "Nach § 5 Abs. 2 BGB gilt das .",
        "Vgl. Schmidt , in : MüKo-ZPO , 7 .",  # a German ordinal before a noun still ends it: "5." may end a sentence
        "Aufl. 2016 , Rn. 73 ff.",  # "ff." closes a citation: a sentence starter ("Der") follows
        "Der Kläger zahlte 3 Mrd. Euro gem. Art. 3 GG .",
    ]
    assert _sentences("O sindicato ( fl. 356 ) citou o Rel.: Min. Joaquim Barbosa. Ele saiu.") == [
        "O sindicato ( fl. 356 ) citou o Rel. : Min. Joaquim Barbosa .", "Ele saiu ."]


def test_a_day_before_its_month_is_an_ordinal_not_a_sentence_end():
    assert _sentences("Das Urteil vom 5. Mai 2016 gilt. Er kam am 1. Januar. Es war 1995. June kam.") == [
        "Das Urteil vom 5 . Mai 2016 gilt .", "Er kam am 1 . Januar .", "Es war 1995 .", "June kam ."]
    assert _sentences("Chapter 12. March on.") == ["Chapter 12 . March on ."]  # the price of the rule: months win


def test_german_ordinals_end_no_sentence_unless_a_sentence_starter_follows():
    text = "Vgl. MüKo-ZPO, 5. Aufl. 2016. Die 1. Kammer des 2. Senats entschied im Jahr 2016. Danach kam Art. 3. Der Rest."
    assert [" ".join(t.text for t in s.tokens) for s in split_sentences(text, language="de")] == [
        "Vgl. MüKo-ZPO , 5 . Aufl. 2016 .",  # four digits: a year ends the sentence
        "Die 1 . Kammer des 2 . Senats entschied im Jahr 2016 .",
        "Danach kam Art. 3 .",  # "Der" is a sentence starter
        "Der Rest .",
    ]
    # other languages, and German without its code, keep the language-blind rule
    assert len(split_sentences("He came 5. Then he left.", language="en")) == 2
    assert len(split_sentences("Die 1. Kammer entschied.")) == 2
    assert len(split_sentences("Die 1. Kammer entschied.", language="xx")) == 2  # an unknown code: no rule


from hypothesis import given, settings, strategies as st  # noqa: E402

_PIECES = ("5", "12", "2016", ".", " ", "\n", "\n\n", "Mai", "Aufl.", "Abs.", "Der", "Die", "Kammer", "Herr", "ff.",
           "Mr.", "Corp.", "He", "the", "“", "”", "(", ")", "!", "?", "Müller", "Dr.", "z.B.", "a.m.", "./.")


@settings(deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=60), st.sampled_from((None, "en", "de", "es", "pt")))
def test_sentences_cover_every_token_once_in_every_language(pieces, language):
    text = " ".join(pieces)
    tokens = tokenize(text)
    sentences = split_sentences(text, tokens, language=language)
    assert all(s.tokens for s in sentences)
    assert [t for s in sentences for t in s.tokens] == tokens
    for s in sentences:  # no sentence runs over a blank line
        assert "\n\n" not in text[s.tokens[0].start:s.tokens[-1].end]


def test_the_format_characters_are_unicodes_category_cf():
    import re
    import sys
    import unicodedata

    from app.tokenization import FORMAT_CHARACTERS

    listed = re.compile(f"[{FORMAT_CHARACTERS}]")
    for code in range(sys.maxunicode + 1):
        ch = chr(code)
        assert (listed.match(ch) is not None) == (unicodedata.category(ch) == "Cf"), hex(code)


def test_a_soft_hyphen_or_zero_width_space_inside_a_word_keeps_it_whole():
    text = "Angela Mer\u00adkel traf Jo\u200bhn Smith\u00ad. \u200bDann"
    assert [t.text for t in tokenize(text)] == [
        "Angela", "Mer\u00adkel", "traf", "Jo\u200bhn", "Smith", "\u00ad", ".", "\u200b", "Dann"]


def test_a_decomposed_letter_keeps_its_word_whole():
    import unicodedata

    text = unicodedata.normalize("NFD", "Jürgen Müller, Zoë Sánchez.")
    assert [t.text for t in tokenize(text)] == [unicodedata.normalize("NFD", w) for w in
                                                ("Jürgen", "Müller", ",", "Zoë", "Sánchez", ".")]


def test_the_normalized_view_maps_back_to_the_document():
    import unicodedata

    from app.tokenization import normalized_view

    assert normalized_view("No format characters, no combining marks: Müller.") is None
    text = "\u200bAngela Mer\u00adkel traf \u200b Olaf Scho\u00ad\u00adlz und " + unicodedata.normalize("NFD", "Jürgen.")
    view = normalized_view(text)
    assert view.text == "Angela Merkel traf  Olaf Scholz und Jürgen."
    words = [(m.start(), m.end()) for m in __import__("re").finditer(r"\w+", view.text)]
    assert [text[slice(*view.span(a, b))] for a, b in words] == [
        "Angela", "Mer\u00adkel", "traf", "Olaf", "Scho\u00ad\u00adlz", "und", unicodedata.normalize("NFD", "Jürgen")]


_FORMAT = ("\u00ad", "\u200b", "\u200d", "\ufeff", "\u202e", "\u0308", "\u0301\u0327")


@settings(deadline=None)
@given(st.lists(st.tuples(st.sampled_from(_PIECES), st.sampled_from(("",) + _FORMAT), st.integers(0, 8)), max_size=40))
def test_the_normalized_view_is_the_nfc_text_without_format_characters_and_maps_every_span_back(parts):
    import unicodedata

    from app.tokenization import normalized_view, strip_format_characters

    pieces = []
    for piece, mark, at in parts:  # a format character or combining marks somewhere in (or next to) each piece
        at = min(at, len(piece))
        pieces.append(piece[:at] + mark + piece[at:])
    text = " ".join(pieces)
    view = normalized_view(text)
    if view is None:
        assert unicodedata.normalize("NFC", strip_format_characters(text)) == text
        return
    assert view.text == unicodedata.normalize("NFC", strip_format_characters(text))
    assert len(view.starts) == len(view.ends) == len(view.text)
    document_tokens = [t for sentence in split_sentences(text, tokenize(text)) for t in sentence.tokens]
    mapped = [t for sentence in view.sentences(split_sentences(text, tokenize(text))) for t in sentence.tokens]
    # the document's tokens on the view hold the same characters in the same order, none empty (a mark that the
    # letter before it took, a format character alone, is no token there)
    assert all(t.text for t in mapped)
    assert "".join(t.text for t in mapped) == unicodedata.normalize(
        "NFC", strip_format_characters("".join(t.text for t in document_tokens)))
    last_start = 0
    for token in tokenize(view.text):  # every token of the view comes from the letters of the document it spans
        start, end = view.span(token.start, token.end)
        # a character of the view spans its letter with the marks after it: a token that is a letter alone of
        # "5\u0308" (no composed form) spans the mark too
        assert token.text in unicodedata.normalize("NFC", strip_format_characters(text[start:end]))
        assert last_start <= start < end
        last_start = start


def test_character_references_are_read_as_their_characters_inside_whole_words():
    """Text from web pages, XML and XLIFF files writes letters as references: "J&uuml;rgen" is one word, and the view
    reads "Jürgen" and maps it back to the whole reference; a space written as a reference still separates words."""
    from app.tokenization import normalized_view

    text = "J&uuml;rgen M&#252;ller aus M&#xFC;nchen &amp; Jos&eacute;&nbsp;P&eacute;rez, AT&amp;T &unknown;"
    assert [t.text for t in tokenize(text)] == [
        "J&uuml;rgen", "M&#252;ller", "aus", "M&#xFC;nchen", "&", "amp", ";", "Jos&eacute;", "&", "nbsp", ";",
        "P&eacute;rez", ",", "AT&amp;T", "&", "unknown", ";"]
    view = normalized_view(text)
    assert view.text == "Jürgen Müller aus München & José\u00a0Pérez, AT&T &unknown;"
    assert text[slice(*view.span(0, 13))] == "J&uuml;rgen M&#252;ller"
    mapped = [t.text for s in view.sentences(split_sentences(text, tokenize(text))) for t in s.tokens]
    assert mapped == ["Jürgen", "Müller", "aus", "München", "&", "José", "Pérez", ",", "AT&T", "&", "unknown", ";"]
    # a soft hyphen after a reference goes too; a plain ampersand makes no view
    assert normalized_view("Mu&uuml;\u00adller").text == "Muüller"
    assert normalized_view("Smith & Jones, R&D") is None


def test_a_word_hyphenated_at_a_line_end_is_one_word_in_the_view_and_two_spans_in_the_document():
    from app.tokenization import normalized_view

    text = "Frau Annegret Voll-\nmer, der Ein-\nund Ausgang in Baden-\nWürttemberg, Herr Schwarzen- \n  egger."
    view = normalized_view(text)
    assert view.text == "Frau Annegret Vollmer, der Ein-\nund Ausgang in Baden-\nWürttemberg, Herr Schwarzenegger."
    words = [t for s in view.sentences(split_sentences(text, tokenize(text))) for t in s.tokens]
    assert [t.text for t in words] == ["Frau", "Annegret", "Vollmer", ",", "der", "Ein", "-", "und", "Ausgang", "in",
                                       "Baden", "-", "Württemberg", ",", "Herr", "Schwarzenegger", "."]
    name = view.text.index("Annegret Vollmer")
    assert [text[a:b] for a, b in view.spans(name, name + len("Annegret Vollmer"))] == ["Annegret Voll", "mer"]
    last = view.text.index("Schwarzenegger")
    assert [text[a:b] for a, b in view.spans(last, last + len("Schwarzenegger"))] == ["Schwarzen", "egger"]
    assert [text[a:b] for a, b in view.spans(0, 4)] == ["Frau"]
