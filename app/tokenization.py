"""Rule-based tokenizer and sentence splitter that keep character offsets.

Stanza's tokenizer models are never downloaded (the worker runs without internet; README, "Models, training
and evaluation"), so the text is tokenized here and given to Stanza with
``tokenize_pretokenized=True``. Tokens follow the CoNLL/Penn conventions the NER models were trained
on: punctuation split off, abbreviations such as ``Mr.`` and ``U.S.`` kept whole, e-mail addresses and
URLs kept whole, German legal "./." (versus) kept whole, and English clitics split (``John's`` → ``John`` ``'s``).
Invisible format characters (a soft hyphen, a zero-width space) and combining marks (decomposed text) inside a
word keep it whole, and :func:`normalized_view` gives detection a view of the text in NFC without them.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left
from functools import lru_cache

from app.doc import Sentence, Token

#: Every upper-case letter of the Latin, Greek and Cyrillic blocks (Latin-1, Extended-A/B, Extended Additional), for
#: regular-expression character classes where rules once wrote ``A-Z`` (Python's ``re`` has no ``\p{Lu}``):
#: "Çatak", "Świnoujście", "Łódź", "Ørsted", "İlter" start with a capital too.
UPPER: str = "".join(chr(c) for r in ((0x41, 0x5B), (0xC0, 0x250), (0x370, 0x530), (0x1E00, 0x1F00))
                     for c in range(*r) if chr(c).isupper())

#: Unicode's format characters (general category Cf, Unicode 14 as Python 3.11's ``unicodedata`` has it), as the body
#: of a regular-expression character class: the soft hyphen (U+00AD), zero-width space and joiners (U+200B–U+200D),
#: bidirectional marks and controls, the word joiner (U+2060), the byte order mark (U+FEFF), tag characters. A reader
#: never sees them, so they split no word ("Mer\u00adkel" is "Merkel" on the page, hyphenated at a line's end in a
#: PDF or a web page); a tokenizer that knew nothing of them cut the word in two and the model tagged "Mer" alone,
#: leaving "kel" in clear. ``tests/unit/test_tokenization.py`` checks the list against ``unicodedata``.
FORMAT_CHARACTERS: str = ("\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e\u200b-\u200f\u202a-\u202e"
                          "\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd\U00013430-\U00013438"
                          "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f")
_FORMAT_RE = re.compile(f"[{FORMAT_CHARACTERS}]+")
#: Combining marks of the Latin, Greek and Cyrillic scripts (Combining Diacritical Marks and their Extended and
#: Supplement blocks, for Symbols, Half Marks): the accents of decomposed text ("u" + U+0308 for "ü").
COMBINING_MARKS: str = "\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f"
#: A character (not a space) followed by combining marks or format characters, or those alone: what
#: :func:`normalized_view` normalizes.
_SUSPECT_RE = re.compile(f"[^\\s{FORMAT_CHARACTERS}{COMBINING_MARKS}]?[{FORMAT_CHARACTERS}{COMBINING_MARKS}]+")

_URL = r"(?:https?://|www\.)[^\s<>\"']+[^\s<>\"'.,;:!?)\]}]"
_EMAIL = r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"
_INITIALISM = r"(?:[^\W\d_]\.){2,}"  # U.S. / E.P. / z.B.
_NUMBER = r"\d+(?:[.,:/-]\d+)*"
# word, hyphenated word, combining marks ("Mu\u0308ller") and format characters ("Mer\u00adkel") inside, optional
# trailing period
_WORD = rf"[^\W\d_](?:[\w{COMBINING_MARKS}]|[-'’](?=\w)|[{FORMAT_CHARACTERS}]+(?=\w))*\.?"
_CLITIC = r"(?<=\w)['’](?:s|S|re|ve|ll|d|m|t)\b"
_VERSUS = r"\./\."  # German legal "Meier ./. Schulze" (versus): one token, which ends no sentence

_TOKEN_RE = re.compile(
    "|".join(
        [
            f"(?P<url>{_URL})",
            f"(?P<email>{_EMAIL})",
            f"(?P<init>{_INITIALISM})",
            f"(?P<versus>{_VERSUS})",
            f"(?P<num>{_NUMBER})",
            f"(?P<clitic>{_CLITIC})",
            f"(?P<word>{_WORD})",
            r"(?P<other>[^\s])",
        ]
    ),
    re.UNICODE,
)
_CLITIC_END = re.compile(r"['’](?:s|S|re|ve|ll|d|m)$")


def tokenize(text: str) -> list[Token]:
    """Split ``text`` into tokens with character offsets (half-open).

    Returns:
        ``list[Token]`` in text order; ``text[t.start:t.end] == t.text`` for every token.
    """
    abbreviations = language_words()[0]
    tokens: list[Token] = []
    for match in _TOKEN_RE.finditer(text):
        kind = match.lastgroup
        start, end = match.span()
        surface = match.group()
        if kind == "word":
            # "Mr." keeps its period; "John's" splits the clitic; "end." splits the period
            if surface.endswith(".") and surface[:-1].lower() not in abbreviations and len(surface) > 2:
                end -= 1
                surface = surface[:-1]
                tokens.append(Token(surface, start, end))
                tokens.append(Token(".", end, end + 1))
                continue
            clitic = _CLITIC_END.search(surface)
            if clitic and clitic.start() > 0:
                cut = start + clitic.start()
                tokens.append(Token(text[start:cut], start, cut))
                tokens.append(Token(text[cut:end], cut, end))
                continue
        tokens.append(Token(surface, start, end))
    return tokens


@lru_cache(maxsize=1)
def language_words() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """``(abbreviations, closing abbreviations, sentence starters)`` of every declared language
    (:attr:`app.languages.Language.abbreviations`, ``closing_abbreviations``, ``sentence_starters``), read on first use
    (the language modules import this module)."""
    from app import languages

    return (languages.union("abbreviations"), languages.union("closing_abbreviations"),
            languages.union("sentence_starters"))


@lru_cache(maxsize=1)
def month_names() -> frozenset[str]:
    """Month names of every declared language, capitalised ("Mai", "June", "Março"), read on first use."""
    from app import languages

    return languages.union("months", str.capitalize) | languages.union("month_variants", str.capitalize)


_SENTENCE_END = frozenset({".", "!", "?", "…"})
_CLOSERS = frozenset({'"', "'", "”", "’", ")", "]", "»"})


@lru_cache(maxsize=16)
def _ordinal_starters(language: str | None) -> frozenset[str] | None:
    """The sentence starters of ``language`` when it writes ordinals with a full stop
    (:attr:`app.languages.Language.ordinal_full_stop`), else ``None``."""
    from app import languages

    lang = languages.find(language) if language else None
    return lang.sentence_starters if lang is not None and lang.ordinal_full_stop else None


def _ordinal(number: str, following: str, ordinal_starters: frozenset[str] | None) -> bool:
    """Whether a full stop glued to ``number`` makes it an ordinal before the token ``following``: a day of one or two
    digits before a month's name in any language, or, where the language writes ordinals so (``ordinal_starters``
    not ``None``), any number of up to three digits unless a sentence starter follows. (A stop before a line break
    has ended its sentence earlier in :func:`split_sentences`.)"""
    if not number.isdecimal():
        return False
    if len(number) <= 2 and following in month_names():
        return True
    return ordinal_starters is not None and len(number) <= 3 and following not in ordinal_starters


def split_sentences(text: str, tokens: list[Token] | None = None, max_tokens: int = 200,
                    language: str | None = None) -> list[Sentence]:
    """Group tokens into sentences.

    A sentence ends at ``.``, ``!``, ``?`` or ``…`` (plus closing quotes/brackets) when the next token
    starts with an upper-case letter, a digit or an opening quote, or at a line break (whatever follows), or at a
    blank line; a line of one punctuation mark is a sentence of its own. The full stop of a day of one or two digits
    before a month's name ("am 5. Mai") ends nothing: it makes the number an ordinal; in a ``language`` that writes
    every ordinal so (German: "5. Aufl. 2016", "der 3. Senat"), the stop after a number of at most three digits ends
    a sentence only before one of the language's sentence starters ("im Jahr 2016. Der" ends one: four digits). A
    closing abbreviation ("Corp.",
    :func:`language_words`) ends a sentence when a sentence starter ("The") follows; other abbreviations ("Mr.",
    "Dr.") never do. Sentences longer
    than ``max_tokens`` tokens are cut so that Stanza's batches stay bounded.

    Returns:
        ``list[Sentence]``, each non-empty, covering every token exactly once, in order.
    """
    if tokens is None:
        tokens = tokenize(text)
    _, closing, starters = language_words()
    ordinal_starters = _ordinal_starters(language)
    sentences: list[Sentence] = []
    current: list[Token] = []
    n = len(tokens)
    for i, tok in enumerate(tokens):
        current.append(tok)
        nxt = tokens[i + 1] if i + 1 < n else None
        boundary = False
        if nxt is None:
            boundary = True
        elif "\n\n" in text[tok.end : nxt.start] or "\r\n\r\n" in text[tok.end : nxt.start]:
            boundary = True
        elif ("\n" in text[tok.end : nxt.start] or "\r" in text[tok.end : nxt.start]) and (
            tok.text in _SENTENCE_END or (tok.text in _CLOSERS and len(current) > 1 and current[-2].text in _SENTENCE_END)
            or (len(current) == 1 and not tok.text[0].isalnum())
        ):  # a line ending with a full stop ends the sentence, whatever starts the next ("peripécia .\n.\n- A")
            boundary = True
        elif tok.text.endswith(".") and tok.text[:-1].lower() in closing:
            boundary = nxt.text in starters
        elif tok.text.lower() in ("a.m.", "p.m."):  # "at 3 p.m. Please call" (a name never follows a time)
            boundary = nxt.text[0].isupper()
        elif (tok.text == "." and i > 0 and tokens[i - 1].end == tok.start
              and _ordinal(tokens[i - 1].text, nxt.text, ordinal_starters)):
            boundary = False  # "vom 5. Mai 2016", "der 3. Senat": the stop makes the number an ordinal
        elif tok.text in _SENTENCE_END or (
            tok.text in _CLOSERS and len(current) > 1 and current[-2].text in _SENTENCE_END and current[-2].end == tok.start
        ):
            if nxt.text in _CLOSERS and tok.text in _SENTENCE_END and nxt.start == tok.end:
                boundary = False  # let the closing quote join this sentence first
            else:
                first = nxt.text[0]
                boundary = first.isupper() or first.isdigit() or first in "\"'“‘«¿¡("
        if boundary or len(current) >= max_tokens:
            sentences.append(Sentence(tuple(current)))
            current = []
    if current:
        sentences.append(Sentence(tuple(current)))
    return sentences


def strip_format_characters(text: str) -> str:
    """``text`` without its format characters (:data:`FORMAT_CHARACTERS`): "Mer\u00adkel" → "Merkel"."""
    return _FORMAT_RE.sub("", text)


class NormalizedView:
    """What detection reads of a document: its text in Unicode normalization form C (a letter and the combining marks
    after it composed: "Mu\u0308ller" → "Müller") and without format characters (:data:`FORMAT_CHARACTERS`), and
    the way back to the document's offsets (:func:`normalized_view`).

    Attributes:
        text: the normalized text.
        starts: ``starts[i]`` is the document offset where the character ``text[i]`` begins.
        ends: ``ends[i]`` is the document offset where it ends (exclusive): a composed letter spans its base letter
            and marks, a letter before a format character spans that character too.
    """

    __slots__ = ("text", "starts", "ends")

    def __init__(self, text: str, starts: list[int], ends: list[int]) -> None:
        self.text, self.starts, self.ends = text, starts, ends

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The document's span ``[start', end')`` of the view's non-empty span ``[start, end)`` (half-open): from
        where its first character begins to where its last ends, so whatever the normalization took out or composed
        stays inside ("Mer\u00adkel", "Mu\u0308ller")."""
        return self.starts[start], self.ends[end - 1]

    def sentences(self, sentences: list[Sentence]) -> list[Sentence]:
        """The document's ``sentences`` on the view: each token keeps the view's characters that begin inside it (the
        caller's tokenization is kept: a corpus's own tokens, say); a token left empty (a format character alone, a
        mark the letter before it took) is dropped, and so is a sentence left without tokens."""
        out: list[Sentence] = []
        for sentence in sentences:
            tokens = tuple(Token(self.text[a:b], a, b) for t in sentence.tokens
                           if (a := bisect_left(self.starts, t.start)) < (b := bisect_left(self.starts, t.end)))
            if tokens:
                out.append(Sentence(tokens))
        return out


def normalized_view(text: str) -> NormalizedView | None:
    """The view of ``text`` that detection reads, or ``None`` when ``text`` has no format character and no combining
    mark (one search of the text: the usual case costs nothing more).

    Text decomposed into letters and combining marks (NFD, as macOS file names and some PDF extractions write it:
    "Ju\u0308rgen Mu\u0308ller") and text with soft hyphens or zero-width spaces inside words show the reader the
    same names as composed, plain text; a model and word lists that know only the composed forms cut them into pieces
    and leave pieces in clear. Each letter with the marks and format characters after it is normalized on its own
    (NFC, format characters removed), in O(len(text)).

    Returns:
        a :class:`NormalizedView`, or ``None``.
    """
    if _SUSPECT_RE.search(text) is None:
        return None
    parts: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    position = 0
    for match in _SUSPECT_RE.finditer(text):
        a, b = match.span()
        parts.append(text[position:a])
        starts.extend(range(position, a))
        ends.extend(range(position + 1, a + 1))
        piece = unicodedata.normalize("NFC", _FORMAT_RE.sub("", match.group()))
        parts.append(piece)
        starts.extend([a] * len(piece))
        ends.extend([b] * len(piece))
        position = b
    parts.append(text[position:])
    starts.extend(range(position, len(text)))
    ends.extend(range(position + 1, len(text) + 1))
    return NormalizedView("".join(parts), starts, ends)
