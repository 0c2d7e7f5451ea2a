"""Rule-based tokenizer and sentence splitter that keep character offsets.

Stanza's tokenizer models are never downloaded (the worker runs without internet; README, "Models, training
and evaluation"), so the text is tokenized here and given to Stanza with
``tokenize_pretokenized=True``. Tokens follow the CoNLL/Penn conventions the NER models were trained
on: punctuation split off, abbreviations such as ``Mr.`` and ``U.S.`` kept whole, e-mail addresses and
URLs kept whole, German legal "./." (versus) kept whole, and English clitics split (``John's`` → ``John`` ``'s``).
Invisible format characters (a soft hyphen, a zero-width space) and combining marks (decomposed text) inside a
word keep it whole, and :func:`normalized_view` gives detection a view of the text in NFC without them, with words
hyphenated at a line's end joined.
"""

from __future__ import annotations

import html
import re
import unicodedata
from array import array
from bisect import bisect_left
from collections.abc import Container, Sequence
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
#: One format character or combining mark: whether :data:`_SUSPECT_RE` has anything to find (a plain character class
#: is searched several times faster than that pattern's optional first character allows).
_MARK_RE = re.compile(f"[{FORMAT_CHARACTERS}{COMBINING_MARKS}]")
#: A hyphen at a line's end after a letter, with the line break and the spaces around it, before a word (``next``):
#: a word hyphenated across two lines when :func:`_joins_words` says so.
_LINE_HYPHEN_RE = re.compile(r"-(?<=[^\W\d_]-)[ \t]*\r?\n[ \t]*(?=(?P<next>[^\W\d_]+))")  # "-" first: fast
#: A character (not a space) followed by combining marks or format characters, or those alone: what
#: :func:`normalized_view` normalizes.
_SUSPECT_RE = re.compile(f"[^\\s{FORMAT_CHARACTERS}{COMBINING_MARKS}]?[{FORMAT_CHARACTERS}{COMBINING_MARKS}]+")

_URL = r"(?:https?://|www\.)[^\s<>\"']+[^\s<>\"'.,;:!?)\]}]"
#: an e-mail address starts where a run of its local part's characters starts: tried at every position of a long run
#: without "@" ("+4+4+4…", 40,000 characters: 3.2 s before stop 43) it made tokenization quadratic
_EMAIL = r"(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+"
_INITIALISM = r"(?:[^\W\d_]\.){2,}"  # U.S. / E.P. / z.B.
_NUMBER = r"\d+(?:[.,:/-]\d+)*"
#: An HTML/XML character reference ("&uuml;", "&#252;", "&#xFC;"), as text taken from web pages, XML and XLIFF files
#: writes letters; detection reads the character (:func:`normalized_view`).
CHARACTER_REFERENCE = r"&(?:[A-Za-z][A-Za-z0-9]{1,31}|#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6});"
_REFERENCE_RE = re.compile(CHARACTER_REFERENCE)
# a reference inside a word, not one that is a space ("John&nbsp;Smith" stays two words)
_IN_WORD_REFERENCE = rf"(?!&(?:nbsp|ensp|emsp|thinsp|#0*(?:32|160)|#[xX]0*(?:20|[aA]0));){CHARACTER_REFERENCE}"
# word, hyphenated word, combining marks ("Mu\u0308ller"), format characters ("Mer\u00adkel") and character references
# ("M&uuml;ller") inside, optional trailing period
_WORD = (rf"(?:[^\W\d_]|{_IN_WORD_REFERENCE}(?=[^\W\d_]|&))"
         rf"(?:[\w{COMBINING_MARKS}]|[-'’](?=\w)|[{FORMAT_CHARACTERS}]+(?=\w)|{_IN_WORD_REFERENCE})*\.?")
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
def language_words() -> tuple[frozenset[str], frozenset[str], frozenset[str], frozenset[str]]:
    """``(abbreviations, closing abbreviations, sentence starters, conjunctions)`` of every declared language
    (:attr:`app.languages.Language.abbreviations`, ``closing_abbreviations``, ``sentence_starters``,
    ``conjunctions``), read on first use (the language modules import this module)."""
    from app import languages

    return (languages.union("abbreviations"), languages.union("closing_abbreviations"),
            languages.union("sentence_starters"), languages.union("conjunctions"))


@lru_cache(maxsize=1)
def month_names() -> frozenset[str]:
    """Month names of every declared language, capitalised ("Mai", "June", "Março"), read on first use."""
    from app import languages

    return languages.union("months", str.capitalize) | languages.union("month_variants", str.capitalize)


_SENTENCE_END = frozenset({".", "!", "?", "…"})
#: A line of a chat transcript, from the line's start: a time ("[09:03]", "18:22", "9:41 PM"), after an optional date
#: ("12/03/2026, 18:22 -", "[12/03/26, 18:22:05]"), then the speaker (group ``speaker``: a name or a handle, at most
#: 40 characters, no colon) and a colon before a space or the line's end: the exports of WhatsApp, Slack, Teams and
#: the copies people paste from them. Every such line starts a sentence (:func:`split_sentences`); the speaker's
#: name is an entity (:class:`app.detection.patterns.ChatSpeakerRecognizer`) and does not decide how the message is
#: cased (:func:`app.detection.casing.restore_case`). Bounded: each part has a fixed maximum length.
CHAT_LINE = re.compile(
    r"^[^\S\n]{0,8}\[?(?:\d{1,4}[./-]\d{1,2}[./-]\d{1,4},?[^\S\n]{1,3})?\d{1,2}:\d{2}(?::\d{2})?"
    r"(?:[^\S\n]?[AaPp]\.?[Mm]\.?)?\]?[^\S\n]{0,3}(?:[-–][^\S\n]{0,3})?"
    r"(?P<speaker>[^\s:\[\]<>\d][^:\n\[\]<>]{0,39}?)[^\S\n]{0,3}:(?=[^\S\n]|\r?\n|$)", re.MULTILINE)
#: A chat's speaker line as Teams and Slack copies write it, the name and the time alone on a line above the message
#: ("Bia Souza 18:22", "sara_k  9:03 AM", "Marta Ruiz Yesterday 21:14"): the speaker (group ``speaker``: one to three
#: words of letters, capitalised, or one handle) then the time. The line is a sentence of its own
#: (:func:`split_sentences`), and the speaker an entity (:class:`app.detection.patterns.ChatSpeakerRecognizer`).
CHAT_HEADER_LINE = re.compile(
    rf"^[^\S\n]{{0,8}}(?P<speaker>[{UPPER}][\w'’-]{{0,20}}"
    rf"(?:[^\S\n](?!(?i:yesterday|today|gestern|heute|ayer|hoy|ontem|hoje)\b)[{UPPER}][\w'’.-]{{0,20}}){{0,2}}"
    r"|[^\W\d_][\w.-]{0,20}_[\w.-]{0,20}|[^\W\d_]{1,20}\.[^\W\d_]{1,20})[^\S\n]{1,4}"
    r"(?:(?i:yesterday|today|gestern|heute|ayer|hoy|ontem|hoje)[^\S\n]{1,3}(?:(?i:at|um|a las|às)[^\S\n]{1,3})?)?"
    r"\d{1,2}:\d{2}(?:[^\S\n]?[AaPp]\.?[Mm]\.?)?[^\S\n]{0,8}$", re.MULTILINE)
#: A line of a dialogue copied without times ("Lena: hey, hast du die nummer …", "Jonas: nee, die sind umgezogen"): the
#: speaker (group ``speaker``: one or two capitalised words) and a colon, then the message (group ``message``, its
#: first character). A dialogue (:func:`dialogue_lines`) is such lines whose messages begin in lower case, one speaker
#: opening two of them or more: a chat written so, whose lines would otherwise run into one sentence with the next
#: speaker's capital in it (stop 46: "die mutter von emre", "gartenstraße 14" and "kevin schuster" of such a chat
#: stayed in clear; with times they were found). A form's fields ("Sexo: varón", "Antecedentes: hipertensión")
#: open one line each, and "Anschrift: Am Mühlbach 12a" or "Geburtsdatum: 30.11.1962" begins its value otherwise.
#: Bounded: each part has a fixed maximum length.
DIALOGUE_LINE = re.compile(rf"^[^\S\n]{{0,8}}(?P<speaker>[{UPPER}][\w'’-]{{1,20}}(?:[^\S\n][{UPPER}][\w'’-]{{1,20}})?)"
                           r"[^\S\n]{0,2}:[^\S\n]{1,3}(?P<message>\S)", re.MULTILINE)
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


def dialogue_lines(text: str) -> list[re.Match[str]]:
    """The :data:`DIALOGUE_LINE` matches of ``text`` whose messages begin in lower case, when one speaker opens two of
    them or more (a dialogue); else ``[]``. Linear in the text: one bounded match per line start."""
    if ":" not in text:
        return []
    lines = [m for m in DIALOGUE_LINE.finditer(text) if m.group("message").islower()]
    return lines if len({m.group("speaker") for m in lines}) < len(lines) else []


def chat_line(text: str, start: int, dialogue: Container[int] = ()) -> re.Match[str] | None:
    """The :data:`CHAT_LINE` match of the line that begins at or before ``start`` with only spaces between (at most
    the eight the pattern allows), else its :data:`DIALOGUE_LINE` match when the line begins at an offset of
    ``dialogue`` (the starts of :func:`dialogue_lines`), or ``None``; either has the group ``speaker``. Reads at most
    nine characters back and one bounded match: O(1)."""
    before = text[max(0, start - 9):start]
    cut = before.rfind("\n")
    if before[cut + 1:].strip() or (cut < 0 and start > 8):
        return None
    line_start = start - len(before) + cut + 1
    match = CHAT_LINE.match(text, line_start)
    if match is None and line_start in dialogue:
        match = DIALOGUE_LINE.match(text, line_start)
    return match


def chat_header_line_before(text: str, end: int) -> bool:
    """Whether the line that ends at ``end`` is a chat's speaker line (:data:`CHAT_HEADER_LINE`); only its last
    :data:`MAX_CHAT_HEADER` characters are read."""
    start = max(0, end - MAX_CHAT_HEADER)
    line_start = text.rfind("\n", start, end) + 1 or start
    if line_start == start and start > 0 and text[start - 1] != "\n":
        return False  # a longer line
    return CHAT_HEADER_LINE.match(text, line_start, end) is not None


def chat_header_line_at(text: str, start: int) -> bool:
    """Whether the line that begins at ``start`` is a chat's speaker line (:data:`CHAT_HEADER_LINE`); at most
    :data:`MAX_CHAT_HEADER` characters are read."""
    end = text.find("\n", start, start + MAX_CHAT_HEADER + 1)
    if end < 0:
        end = min(len(text), start + MAX_CHAT_HEADER + 1)
        if end - start > MAX_CHAT_HEADER:
            return False
    return CHAT_HEADER_LINE.match(text, start, end) is not None


#: The longest chat speaker line (:data:`CHAT_HEADER_LINE`), in characters.
MAX_CHAT_HEADER = 96


def split_sentences(text: str, tokens: list[Token] | None = None, max_tokens: int = 200,
                    language: str | None = None) -> list[Sentence]:
    """Group tokens into sentences.

    A sentence ends at ``.``, ``!``, ``?`` or ``…`` (plus closing quotes/brackets) when the next token starts with an
    upper-case letter, a digit or an opening quote, or at a line break (whatever follows), or at a blank line, or before
    a chat transcript's line (:data:`CHAT_LINE`; a dialogue's in lower case, :data:`DIALOGUE_LINE`) and around a chat's
    speaker line (:data:`CHAT_HEADER_LINE`); a line of one punctuation mark is a sentence of its own. The full stop of a day of one or two digits before a month's name
    ("am 5. Mai") ends nothing: it makes the number an ordinal; in a ``language`` that writes every ordinal so (German:
    "5. Aufl. 2016", "der 3. Senat"), the stop after a number of at most three digits ends a sentence only before one of
    the language's sentence starters ("im Jahr 2016. Der" ends one: four digits). A closing abbreviation ("Corp.",
    :func:`language_words`) ends a sentence when a sentence starter ("The") follows; other abbreviations ("Mr.", "Dr.")
    never do. A form's dot leader after a colon ("Name, Vorname: ...... YILMAZ") ends none on its line (stop 59; a
    leader before the value without a colon still ends its sentence: the model reads the field's name apart).
    Sentences longer than ``max_tokens`` tokens are cut so that Stanza's batches stay bounded: at a line break or a
    punctuation mark among the last tokens where there is one (:func:`_soft_cut`).

    Returns:
        ``list[Sentence]``, each non-empty, covering every token exactly once, in order.
    """
    if tokens is None:
        tokens = tokenize(text)
    _, closing, starters, _ = language_words()
    ordinal_starters = _ordinal_starters(language)
    dialogue = {m.start() for m in dialogue_lines(text)}
    sentences: list[Sentence] = []
    current: list[Token] = []
    n = len(tokens)
    after_colon = False  # whether this token is a full stop of a run of them right after a colon: a form's leader
    for i, tok in enumerate(tokens):
        current.append(tok)
        nxt = tokens[i + 1] if i + 1 < n else None
        boundary = False
        if tok.text == ".":
            glued = i > 0 and tokens[i - 1].text == "." and tokens[i - 1].end == tok.start
            after_colon = (after_colon and glued) or (i > 0 and tokens[i - 1].text == ":")
        else:
            after_colon = False
        # the characters between this token and the next: mostly one space or none, sliced once
        gap = text[tok.end:nxt.start] if nxt is not None else ""
        if nxt is None:
            boundary = True
        elif "\n\n" in gap or "\r\n\r\n" in gap:
            boundary = True
        elif "\n" in gap and (chat_line(text, nxt.start, dialogue) is not None or chat_header_line_before(text, tok.end)
                               or chat_header_line_at(text, tok.end + gap.rfind("\n") + 1)):
            boundary = True  # each message of a chat transcript is a sentence of its own ("[09:03] sara_k: …")
        elif ("\n" in gap or "\r" in gap) and (
            tok.text in _SENTENCE_END or (tok.text in _CLOSERS and len(current) > 1 and current[-2].text in _SENTENCE_END)
            or (len(current) == 1 and not tok.text[0].isalnum())
        ):  # a line ending with a full stop ends the sentence, whatever starts the next ("peripécia .\n.\n- A")
            boundary = True
        elif tok.text.endswith(".") and tok.text[:-1].lower() in closing:
            boundary = nxt.text in starters
        elif tok.text.lower() in ("a.m.", "p.m."):  # "at 3 p.m. Please call" (a name never follows a time)
            boundary = nxt.text[0].isupper()
        elif tok.text == "." and after_colon and "\n" not in gap:
            boundary = False  # a form's dot leader ends no sentence ("Name, Vorname: ...... YILMAZ, Elif"; stop 59)
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
        if boundary:
            sentences.append(Sentence(tuple(current)))
            current = []
        elif len(current) >= max_tokens:
            cut = _soft_cut(text, current)
            sentences.append(Sentence(tuple(current[:cut])))
            current = current[cut:]
    if current:
        sentences.append(Sentence(tuple(current)))
    return sentences


#: How far back from a sentence's ``max_tokens``-th token :func:`split_sentences` looks for a line break or a
#: punctuation mark to cut it at (tokens).
_SOFT_CUT_WINDOW = 64


def _soft_cut(text: str, current: list[Token]) -> int:
    """Where to cut a sentence that reached its most tokens (``current``, at least two): after the last token among
    its last :data:`_SOFT_CUT_WINDOW` that a line break follows, else after the last comma, semicolon or colon there,
    else after them all. A name, an address or an organization stays whole (stop 69: a contract's paragraph of 200
    tokens without a full stop was cut between "Autohaus" and "Brenner GmbH", and the head's word stayed in clear).
    Returns the number of tokens of the sentence to keep (1 ≤ cut ≤ ``len(current)``); at most the window's tokens are
    carried into the next sentence, so the splitting stays linear."""
    low = max(1, len(current) - _SOFT_CUT_WINDOW)
    for k in range(len(current) - 1, low - 1, -1):
        if "\n" in text[current[k - 1].end:current[k].start]:
            return k
    for k in range(len(current) - 1, low - 1, -1):
        if current[k - 1].text in (",", ";", ":"):
            return k
    return len(current)


def strip_format_characters(text: str) -> str:
    """``text`` without its format characters (:data:`FORMAT_CHARACTERS`): "Mer\u00adkel" → "Merkel"."""
    return _FORMAT_RE.sub("", text)


class NormalizedView:
    """What detection reads of a document: its text in Unicode normalization form C (a letter and the combining marks
    after it composed: "Mu\u0308ller" → "Müller"), without format characters (:data:`FORMAT_CHARACTERS`) and with
    words hyphenated at a line's end joined ("Voll-\nmer" → "Vollmer"), and the way back to the document's offsets
    (:func:`normalized_view`).

    Attributes:
        text: the normalized text.
        starts: ``starts[i]`` is the document offset where the character ``text[i]`` begins (non-decreasing).
        ends: ``ends[i]`` is the document offset where it ends (exclusive): a composed letter spans its base letter
            and marks, a letter before a format character spans that character too.
        breaks: the document spans ``(start, end)`` of the line-end hyphens taken out (hyphen, line break and the
            spaces around it), in order.
        joins: the offsets of :attr:`text` where a line-end hyphen was taken out.
    """

    __slots__ = ("text", "starts", "ends", "breaks", "joins")

    def __init__(self, text: str, starts: Sequence[int], ends: Sequence[int], breaks: list[tuple[int, int]],
                 joins: frozenset[int]) -> None:
        self.text, self.starts, self.ends, self.breaks, self.joins = text, starts, ends, breaks, joins

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The document's span ``[start', end')`` of the view's non-empty span ``[start, end)`` (half-open): from
        where its first character begins to where its last ends, so whatever the normalization took out or composed
        stays inside ("Mer\u00adkel", "Mu\u0308ller")."""
        return self.starts[start], self.ends[end - 1]

    def spans(self, start: int, end: int) -> list[tuple[int, int]]:
        """:meth:`span`, cut at every line-end hyphen inside it: ``[(start', end'), ...]`` in order, so that no span
        crosses a line break ("Annegret Voll-\nmer" → "Annegret Voll", "mer"; the hyphen and the line break stay in
        the text)."""
        first, last = self.span(start, end)
        out: list[tuple[int, int]] = []
        i = bisect_left(self.breaks, (first, first))
        while i < len(self.breaks) and self.breaks[i][1] <= last:
            a, b = self.breaks[i]
            if first < a:
                out.append((first, a))
            first = b
            i += 1
        if first < last:
            out.append((first, last))
        return out

    def sentences(self, sentences: list[Sentence]) -> list[Sentence]:
        """The document's ``sentences`` on the view: each token keeps the view's characters that begin inside it (the
        caller's tokenization is kept: a corpus's own tokens, say); a token left empty (a format character alone, a
        mark the letter before it took, a line-end hyphen) or a space (a reference "&nbsp;") is dropped, and so is a
        sentence left without tokens; the two halves of a word hyphenated at a line's end are one token ("Voll", "mer"
        → "Vollmer")."""
        out: list[Sentence] = []
        for sentence in sentences:
            tokens: list[Token] = []
            for t in sentence.tokens:
                a, b = bisect_left(self.starts, t.start), bisect_left(self.starts, t.end)
                if a >= b or self.text[a:b].isspace():
                    continue
                if tokens and tokens[-1].end == a and a in self.joins:
                    a = tokens.pop().start
                tokens.append(Token(self.text[a:b], a, b))
            if tokens:
                out.append(Sentence(tuple(tokens)))
        return out


def _joins_words(match: re.Match[str]) -> bool:
    """Whether a hyphen at a line's end (``match`` of :data:`_LINE_HYPHEN_RE`) cuts one word in two: a lower-case
    word follows that is not a conjunction ("Ein-\nund Ausgang" keeps its hyphen: "Ein- und")."""
    following = match.group("next")
    return following[:1].islower() and following not in language_words()[3]


#: The kinds of change :func:`normalized_view` makes: a line-end hyphen taken out, a reference decoded, a letter with
#: its marks and format characters normalized.
_HYPHEN, _REFERENCE, _MARKS = 0, 1, 2


def normalized_view(text: str) -> NormalizedView | None:
    """The view of ``text`` that detection reads, or ``None`` when ``text`` has no format character, no combining
    mark, no character reference and no word hyphenated at a line's end (two searches of the text, a third when it
    holds "&": the usual case costs nothing more).

    Text decomposed into letters and combining marks (NFD, as macOS file names and some PDF extractions write it:
    "Ju\u0308rgen Mu\u0308ller"), text with soft hyphens or zero-width spaces inside words and text extracted from a
    justified page ("Annegret Voll-\nmer") show the reader the same names as composed, plain, whole words; a model and
    word lists that know only those cut them into pieces and leave pieces in clear. Each letter with the marks and
    format characters after it is normalized on its own (NFC, format characters removed), and a hyphen at a line's
    end between a letter and a lower-case word that is no conjunction is taken out with the line break, in
    O(len(text)). An HTML/XML character reference that Python's :func:`html.unescape` decodes ("J&uuml;rgen
    M&#252;ller", as web pages, XML and XLIFF files write letters) is read as its character; the tokenizer keeps it
    inside its word.

    Returns:
        a :class:`NormalizedView`, or ``None``.
    """
    hyphens = [m for m in _LINE_HYPHEN_RE.finditer(text) if _joins_words(m)]
    suspects = _MARK_RE.search(text) is not None
    references = [(m.start(), m.end(), _REFERENCE) for m in _REFERENCE_RE.finditer(text)
                  if html.unescape(m.group()) != m.group()] if "&" in text else []
    if not hyphens and not suspects and not references:
        return None
    events = sorted([(m.start(), m.end(), _HYPHEN) for m in hyphens] + references
                    + ([(m.start(), m.end(), _MARKS) for m in _SUSPECT_RE.finditer(text)] if suspects else []))
    parts: list[str] = []
    starts, ends = array("q"), array("q")  # 8 bytes an offset, not a list of int objects (a 250,000-character text)
    breaks: list[tuple[int, int]] = []
    joins: set[int] = set()
    position = length = 0
    for a, b, kind in events:  # disjoint but for marks after a reference's ";" ("&uuml;\u00ad"): those start after it
        a = max(a, position)
        if a >= b:
            continue
        parts.append(text[position:a])
        starts.extend(range(position, a))
        ends.extend(range(position + 1, a + 1))
        length += a - position
        if kind == _HYPHEN:
            breaks.append((a, b))
            joins.add(length)
        else:
            piece = html.unescape(text[a:b]) if kind == _REFERENCE else text[a:b]
            piece = unicodedata.normalize("NFC", _FORMAT_RE.sub("", piece))
            parts.append(piece)
            starts.extend([a] * len(piece))
            ends.extend([b] * len(piece))
            length += len(piece)
        position = b
    parts.append(text[position:])
    starts.extend(range(position, len(text)))
    ends.extend(range(position + 1, len(text) + 1))
    return NormalizedView("".join(parts), starts, ends, breaks, frozenset(joins))
