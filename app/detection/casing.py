"""Case restoration (truecasing) of sentences written without capitals, or in capitals only, before detection.

Chat messages, speech-recognition transcripts, subtitles and some form exports are written in lower case ("i met
john smith in leeds"); headings, court captions and telex-style text in capitals ("SENTENCIA DEL CASO DE MARÍA JOSÉ
GARCÍA PÉREZ"). The NER models and the word lists read the case of a word as the strongest evidence of a name, so
such sentences leaked nearly every name: on the dev sets written in lower case, binary token recall was 0.28
(English), 0.21 (German), 0.02 (Spanish), 0.04 (Portuguese) (``docs/detection-results.md``, "Stop 40").

A sentence is *uncased* when its cased words of two letters or more are all in lower case (words in capitals,
"NATO", may occur), *all capitals* when they are all in capitals (:func:`sentence_casing`); a sentence that starts
with a capital is cased text, however few names it holds. Detection reads such a sentence with each word in its usual
spelling: the one a cased corpus of the language writes it with most often away from a sentence's start (Lita,
Ittycheriah, Roukos and Kambhatla, "tRuEcasIng", ACL 2003, §3: the most frequent case form of each word; Mikheev,
"Periods, Capitalized Words, etc.", Computational Linguistics 28(3), 2002, §4: a word capitalised where position does
not force it is evidence of a proper name), from the language's :class:`CasingTable`. A word the table lacks is lower
case when the language's common-word lexicon knows it and no name lexicon lists it, else capitalised; in a sentence in
capitals every word the table lacks is capitalised (captions are dense with names). Multi-word place names of the name
lexicons are restored as phrases ("rio de janeiro": each word alone is a common word), and a first name or surname next
to a capitalised one ("narciso garcia"; not one of the language's most frequent words: "smith said"); street addresses
and postal codes as the language's address and postal-code recognizers write them ("12 high street", "ls1 4ap"). The
first word of the sentence is capitalised. Every other sentence is read as written.

The restored text has the document's length and offsets (a letter whose other case is not one character, "ß" →
"SS" or "İ" → "i̇", keeps its case), so entities found on it are the document's spans; their surfaces are taken
from the document (:class:`app.detection.pipeline.Detector`).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Container
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Callable

from app.detection.rules import ALL_TITLES, LEGAL_FORMS, STOP_WORDS_FOLDED
from app.doc import Sentence, Token
from app.tokenization import chat_header_line_before, chat_line, dialogue_lines

#: Fewest cased words (words whose first character has an upper and a lower case) a sentence needs before it is
#: judged uncased or in capitals.
MIN_CASED_WORDS = 2

#: The spellings of :class:`CasingTable`: lower case, capitalised, all capitals.
LOWER, CAPITALISED, UPPER = "L", "C", "U"

#: What a sentence is: written in lower case, in capitals, or cased as usual.
UNCASED, ALL_CAPITALS = "uncased", "all_capitals"

#: The kinds of sentence that can be restored (the detection configuration's ``restore_case``).
RESTORABLE: frozenset[str] = frozenset({UNCASED, ALL_CAPITALS})


@dataclass(frozen=True)
class CasingTable:
    """The usual spelling of the words of one language.

    Attributes:
        spellings: ``{word in lower case: LOWER | CAPITALISED | UPPER}``, the spelling a cased corpus writes the word
            with where a sentence's start does not force a capital: capitalised (or in capitals) when two thirds of its
            occurrences are, else lower case (:func:`anontools.detection.casing_table.usual_spellings`).
    """

    spellings: dict[str, str]

    def usual(self, word: str) -> str | None:
        """``LOWER``, ``CAPITALISED``, ``UPPER`` or ``None`` (unknown) for ``word`` in any case."""
        return self.spellings.get(word.lower())


@lru_cache(maxsize=8)
def casing_table(language: str) -> CasingTable:
    """The :class:`CasingTable` of ``language`` from the package's ``app/languages/casing/<language>.txt`` (built by
    ``anonymizer-dev casing-table``; its header names the corpora it counts); an empty table when there is none.

    File format: ``#`` comment lines, then one ``word<TAB>spelling`` line per word (lower case, ``L``/``C``/``U``).
    """
    try:
        text = resources.files("app.languages").joinpath("casing", f"{language}.txt").read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError):
        return CasingTable({})
    spellings: dict[str, str] = {}
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        word, _, spelling = line.partition("\t")
        if spelling in (LOWER, CAPITALISED, UPPER):
            spellings[word] = spelling
    return CasingTable(spellings)


def _cased(c: str) -> bool:
    return c.lower() != c.upper()


def sentence_casing(sentence: Sentence) -> str | None:
    """``UNCASED``, ``ALL_CAPITALS`` or ``None`` (cased as usual) for one sentence.

    Words that start with a cased letter count ("3rd" does not); of one letter, only a capital other than "I"
    ("A sanção", "O princípio": cased text) that is not the end of a code ("12345678Z", tokens "12345678" "Z").
    Uncased: at least :data:`MIN_CASED_WORDS` words of two letters or more, none capitalised in mixed case, the first
    word included (a sentence that starts with a capital is cased text, however few names it has), one in lower case
    (words in capitals, "NATO", may occur). All capitals: at least :data:`MIN_CASED_WORDS` words of two letters or
    more, every word in capitals. Stops at the first capitalised word, so cased text costs little.
    """
    words = 0
    capitals = 0
    lower_seen = False
    previous: Token | None = None
    for token in sentence.tokens:
        word, before, previous = token.text, previous, token
        if not _cased(word[:1]):
            continue
        if len(word) < 2:
            if before is not None and before.end == token.start and before.text[-1:].isdigit():
                continue  # the letter of a code the tokenizer split off ("12345678Z", a Spanish DNI; "3ºB")
            if word.isupper() and word != "I":
                return None if lower_seen else _all_capitals(sentence)  # "A sanção", "O princípio": cased text
            continue  # "I", "a" decide nothing
        words += 1
        if word[:1].islower():
            lower_seen = True
        elif word.isupper():
            capitals += 1  # "NATO", "SMITH"
        else:
            return None  # "Smith": cased as usual
    if lower_seen and words >= MIN_CASED_WORDS:
        return UNCASED
    if not lower_seen and capitals >= MIN_CASED_WORDS:
        return ALL_CAPITALS
    return None


def _all_capitals(sentence: Sentence) -> str | None:
    """``ALL_CAPITALS`` when no word of ``sentence`` is in lower case or mixed case and at least
    :data:`MIN_CASED_WORDS` words of two letters or more are in capitals, else ``None``."""
    capitals = 0
    for token in sentence.tokens:
        word = token.text
        if any(c.islower() for c in word):
            return None
        if len(word) > 1 and word.isupper():
            capitals += 1
    return ALL_CAPITALS if capitals >= MIN_CASED_WORDS else None


def _recase(word: str, spelling: str) -> str:
    """``word`` in ``spelling``, one character for one (a letter whose other case is longer keeps its case)."""
    def one(c: str, upper: bool) -> str:
        other = c.upper() if upper else c.lower()
        return other if len(other) == 1 else c

    if spelling == UPPER:
        return "".join(one(c, True) for c in word)
    lowered = "".join(one(c, False) for c in word)
    if spelling == CAPITALISED and lowered:
        return one(lowered[0], True) + lowered[1:]
    return lowered


def restore_word(word: str, casing: str, table: CasingTable, first: bool,
                 common: Callable[[str], bool] = lambda word: False) -> str:
    """The spelling detection reads ``word`` of a sentence that is ``casing`` (``UNCASED`` or ``ALL_CAPITALS``) in.

    A known word takes its usual spelling (:class:`CasingTable`); a word the table does not know is capitalised in a
    sentence in capitals, and in an uncased one when ``common`` (the language's common-word lexicon) does not know
    it (in text without case, a word that neither a cased corpus of the language nor its dictionary holds is more
    often a name than not: on the dev sets, ``docs/detection-results.md``); an unknown hyphenated word is restored
    part by part ("hans-peter" → "Hans-Peter"); the sentence's ``first`` word is capitalised. In an uncased sentence
    a word written in capitals ("NATO") and a one-letter word ("i") stay as written; in a sentence in capitals, so
    does a word with a digit (a code: "DE89", "X1234567L", "IL-86"; in lower case, "pm2022", an agency's code that
    CoNLL-2002 tags, reads better capitalised, and the patterns read the document as written anyway).

    Returns:
        a string of ``len(word)`` characters.
    """
    if not _cased(word[:1]) and "-" not in word:
        return word
    if casing == ALL_CAPITALS and any(c.isdigit() for c in word):
        return word  # a code in capitals ("DE89", "X1234567L", "IL-86"): its letters are as meant
    if casing == UNCASED and (len(word) < 2 or word.isupper()):
        return word  # "NATO" in a sentence otherwise in lower case: written so on purpose
    spelling = table.usual(word)
    if spelling is None:
        if "-" in word and len(word) > 1:
            parts = word.split("-")
            restored = "-".join(restore_word(p, casing, table, first and i == 0, common) if p else p
                                for i, p in enumerate(parts))
            return restored if len(restored) == len(word) else word
        spelling = LOWER if casing == UNCASED and common(_recase(word, LOWER)) else CAPITALISED
    new = _recase(word, spelling)
    if first and new[:1].islower():
        new = _recase(new[:1], CAPITALISED) + new[1:]
    return new if len(new) == len(word) else word


#: Longest place name, in tokens, that :func:`restore_case` looks up as a phrase ("Rio Grande do Norte").
MAX_PHRASE = 5


def _restore_phrases(tokens: tuple[Token, ...], words: list[str], phrases: dict[str, str]) -> None:
    """In place: every run of 2 to :data:`MAX_PHRASE` tokens that spells, case aside, a multi-word place name of
    ``phrases`` (``{name case-folded: name}``) takes the name's spelling ("rio de janeiro" → "Rio de Janeiro", "SÃO
    PAULO" → "São Paulo": each word alone is a common word, "river", "are"); longest first, left to right."""
    i = 0
    while i < len(tokens) - 1:
        for n in range(min(MAX_PHRASE, len(tokens) - i), 1, -1):
            name = phrases.get(" ".join(t.text for t in tokens[i:i + n]).casefold())
            parts = name.split(" ") if name is not None else ()
            if len(parts) == n and all(len(p) == len(t.text) for p, t in zip(parts, tokens[i:i + n])):
                for k, part in enumerate(parts):
                    words[i + k] = "".join(_recase(c, UPPER if p.isupper() else LOWER) if _cased(c) else c
                                           for c, p in zip(tokens[i + k].text, part))
                i += n - 1
                break
        i += 1


#: Legal forms as a line in capitals writes them, three letters or more, or with their full stops ("LTDA.", "LIMITED",
#: "GMBH", "S.L."): a two-letter one ("AG", "SE") is a word too often.
_FORMS_IN_CAPITALS: frozenset[str] = frozenset(
    f.upper() for f in LEGAL_FORMS if len(f.replace(".", "")) >= 3 or "." in f.rstrip("."))
#: Words inside a company's name that stay in lower case when it is restored ("VIDASUL ASSISTÊNCIA DE SAÚDE LTDA.").
_NAME_JOINERS: frozenset[str] = frozenset("de da do das dos del y e und and of für &".split())


#: How far back :func:`_company_names` looks for the start of a name's line, in characters.
_LINE_WINDOW = 80


def _company_names(text: str, tokens: tuple[Token, ...], words: list[str]) -> None:
    """In a sentence in capitals, a company's name as a letterhead or a form's field writes it, capitalised as a name
    is: the words before a legal form (:data:`_FORMS_IN_CAPITALS`), up to six, when the name opens its line or follows
    a colon or a column's gap and the form ends its line or a column ("VIDASUL ASSISTÊNCIA MÉDICA LTDA.   Registro
    ANS" was restored as "Vidasul assistência Ltda.", which no rule read; stop 59); never across a line break, never
    in a headline's running text ("… VENDIDA À ACME HOLDINGS LTDA. ONTEM"). ``words`` (the restored spellings of
    ``tokens``, which index ``text``) changed in place."""
    for i, tok in enumerate(tokens):
        if i == 0 or tok.text not in _FORMS_IN_CAPITALS:
            continue
        end = i + 1 if i + 1 < len(tokens) and tokens[i + 1].text == "." and tokens[i + 1].start == tok.end else i
        after = text[tokens[end].end:tokens[end].end + 2]
        if after[:1] not in ("", "\n", "\r", ",", ";", "|", "·") and after != "  ":
            continue  # the form does not end its line or its column
        k = i - 1
        while k >= 0 and i - k <= 6 and "\n" not in text[tokens[k].end:tokens[k + 1].start]:
            word = tokens[k].text
            if word == "," and k == i - 1:
                k -= 1
                continue
            if not (word.isupper() and any(c.isalpha() for c in word)) and word not in ("&", "-"):
                break
            k -= 1
        first = k + 1
        while first < i and (tokens[first].text.lower() in _NAME_JOINERS or tokens[first].text in ("&", "-", ",")):
            first += 1
        # what stands before the name on its line, read back 80 characters at most (a long line is no letterhead, and
        # each form reads a bounded window: linear in the text)
        start = tokens[first].start
        newline = text.rfind("\n", max(0, start - _LINE_WINDOW), start)
        if first >= i or (newline < 0 and start > _LINE_WINDOW):
            continue
        before = text[newline + 1:start]
        if not (not before.strip() or before.rstrip().endswith(":") or before.endswith("  ")):
            continue  # the name does not open its line, a field's value or a column
        for j in range(first, i):
            word = tokens[j].text
            if word.lower() not in _NAME_JOINERS and word not in ("&", "-", ","):
                words[j] = words[j][:1].upper() + words[j][1:]


def _restore_patterns(sentence: Sentence, words: list[str], titled: list[re.Pattern[str]],
                      upper: list[re.Pattern[str]]) -> None:
    """In place: the words of every match of ``titled`` (street addresses: "12 high street", "calle mayor 5") on the
    restored sentence take a capital, function words aside ("rua das flores 12" → "Rua das Flores 12"), and those of
    every match of ``upper`` (postal codes in capitals: "ls1 4ap") are written in capitals; the patterns are the
    language's own address and postal-code recognizers' compiled case-insensitively, so those recognizers find the
    restored address."""
    if not titled and not upper:
        return
    start = sentence.tokens[0].start
    chars = [" "] * (sentence.tokens[-1].end - start)
    for token, word in zip(sentence.tokens, words):
        chars[token.start - start:token.end - start] = word
    restored = "".join(chars)
    starts = [t.start - start for t in sentence.tokens]
    for patterns, spelling in ((titled, CAPITALISED), (upper, UPPER)):
        for pattern in patterns:
            for m in pattern.finditer(restored):
                i = bisect_left(starts, m.start())  # the tokens inside the match only: linear in the sentence
                while i < len(starts) and sentence.tokens[i].end - start <= m.end():
                    word = words[i]
                    i += 1
                    if not _cased(word[:1]) or (spelling == CAPITALISED and (
                            word.casefold() in STOP_WORDS_FOLDED or word[:1].isupper())):
                        continue
                    new = _recase(word, spelling) if spelling == UPPER else _recase(word[:1], UPPER) + word[1:]
                    if len(new) == len(word):
                        words[i - 1] = new


def _person_pairs(words: list[str], is_name: Callable[[str], bool], in_capitals: bool = False) -> None:
    """In place: a word restored in lower case next to a capitalised one, both names to ``is_name`` (a first name or
    surname of the name lexicons that is not among the language's most frequent words), is capitalised: "narciso
    garcia" → "Narciso Garcia" ("narciso", a flower, is a common word; "smith said" stays: "said" is a name, and one
    of the most frequent words). Words of two letters and function words are never names here. ``in_capitals``: the
    words were written in capitals, so any word the restoration capitalised, but the first, is evidence enough
    ("DRA. PATRÍCIA LEMOS FARIA" → "Dra. Patrícia Lemos Faria": "faria", would do, is a common word and "Lemos" in
    no lexicon; "ELE FARIA ISSO" stays "Ele faria isso")."""
    def listed(word: str) -> bool:
        return len(word) > 2 and word.casefold() not in STOP_WORDS_FOLDED and is_name(word)

    before = list(words)  # one word each side, never a chain ("maria costa mora": "mora", lives, stays)
    for i, word in enumerate(before):
        if word[:1].islower() and listed(word) and any(
                0 <= j < len(before) and before[j][:1].isupper()
                and (listed(before[j]) or (in_capitals and j > 0 and any(c.isalpha() for c in before[j][1:])))
                for j in (i - 1, i + 1)):
            capitalised = _recase(word, CAPITALISED)
            if len(capitalised) == len(word):
                words[i] = capitalised


def chat_prefix(text: str, sentence: Sentence, dialogue: Container[int] = ()) -> int:
    """How many tokens of ``sentence`` are a chat transcript's time and speaker ("[18:25]", "Rafa", ":";
    :data:`app.tokenization.CHAT_LINE`, or a dialogue's speaker, "Lena:", on a line that begins at an offset of
    ``dialogue``, :func:`app.tokenization.dialogue_lines`; matched where the sentence's line begins when the sentence
    begins it); 0 for any other sentence. O(1): the patterns' parts are bounded."""
    tokens = sentence.tokens
    if not tokens or not (tokens[0].text[:1].isdigit() or tokens[0].text == "["
                          or (tokens[0].text[:1].isupper() and any(t.text == ":" for t in tokens[1:3]))):
        return 0
    match = chat_line(text, tokens[0].start, dialogue)
    if match is None:
        return 0
    return sum(1 for t in tokens[:12] if t.end <= match.end())


def _after_chat_header(text: str, sentence: Sentence) -> bool:
    """Whether ``sentence`` begins the line after a chat's speaker line ("Bia Souza 18:22\nvaleu rafa!!";
    :data:`app.tokenization.CHAT_HEADER_LINE`): a message, whose first word takes no capital for its position. Reads
    at most two bounded lines back."""
    if not sentence.tokens:
        return False
    start = sentence.tokens[0].start
    p = text.rfind("\n", max(0, start - 9), start)
    return p >= 0 and not text[p + 1:start].strip() and chat_header_line_before(text, p)


#: Punctuation that ends a sentence: a word in lower case after it starts a message of its own ("Thanks, Anna. btw i met
#: john smith", which the sentence splitter keeps as one sentence: no capital follows the full stop).
_SENTENCE_END = frozenset({".", "!", "?", "…", "...", "!!", "?!", "!?"})
#: Abbreviations of four letters or more that a full stop ends inside a sentence (shorter words before a full stop,
#: "cc.", "mgr.", "cm.", "ca.", are taken for abbreviations: MEDDOCAN's "5 cc. de tejido graso" goes on).
_LONG_ABBREVIATIONS = frozenset("""aprox approx resp incl excl bzgl bspw evtl mind págs pags dcha izda izqda
    tabl abbr prof""".split())


def _ends_a_sentence(tokens: tuple[Token, ...], i: int) -> bool:
    """Whether the punctuation ``tokens[i]`` ends a sentence before ``tokens[i + 1]``: "!", "?", "…", or a full stop
    after a word of four letters or more that is no abbreviation of :data:`_LONG_ABBREVIATIONS` ("Anna.", "update.")."""
    if tokens[i].text not in _SENTENCE_END:
        return False
    if tokens[i].text != ".":
        return True
    if i == 0 or tokens[i - 1].end != tokens[i].start:
        return False
    word = tokens[i - 1].text
    return len(word) >= 4 and word.isalpha() and word.casefold() not in _LONG_ABBREVIATIONS


def _lines(text: str, sentence: Sentence) -> list[tuple[int, Sentence]]:
    """The lines of ``sentence`` (its tokens between line breaks of ``text``), also cut after a sentence's final
    punctuation that a word in lower case follows (stop 48: "Thanks for the update, Anna. btw i met john smith in leeds"
    left the names in clear, the sentence being cased by its first words): ``[(index of the part's first token,
    part)]``; ``[(0, sentence)]`` itself when it is one part."""
    tokens = sentence.tokens
    span = text[tokens[0].start:tokens[-1].end] if tokens else ""
    ends = [i for i in range(1, len(tokens)) if tokens[i].text[:1].islower() and _ends_a_sentence(tokens, i - 1)]
    if "\n" not in span and "\r" not in span and not ends:
        return [(0, sentence)]
    cuts = sorted({*ends, *(i for i in range(1, len(tokens)) if "\n" in text[tokens[i - 1].end:tokens[i].start]
                            or "\r" in text[tokens[i - 1].end:tokens[i].start])})
    if not cuts:
        return [(0, sentence)]
    bounds = [0, *cuts, len(tokens)]
    return [(a, Sentence(tokens[a:b])) for a, b in zip(bounds, bounds[1:])]


def _names_in_lower_case(line: Sentence, table: CasingTable, common: Callable[[str], bool],
                         persons: Callable[[str], bool] | None = None) -> bool:
    """Whether ``line`` holds a word written in lower case that the table spells capitalised (or in capitals), or
    that ``persons`` lists (a first name or surname of the name lexicons: "marcus", which no news text of the table
    spells), and that the common-word lexicon does not know ("dave", "leeds"): evidence that the line was written
    without capitals, not a cased line that names no one."""
    return any(t.text[:1].islower() and not common(t.text)
               and (table.usual(t.text) in (CAPITALISED, UPPER)
                    or (persons is not None and len(t.text) > 2 and persons(t.text)))
               for t in line.tokens)


#: Most words after a title :func:`_titled_names` restores ("dr. maría josé garcía").
MAX_TITLED_WORDS = 3

#: A letter that may start a word in lower case (a cheap test before the tokens are looked at: letters in capitals
#: of the Latin Extended-A block pass too, and the tokens decide).
_LOWER_START = "a-zß-öø-ÿĀ-ž"


@lru_cache(maxsize=16)
def titles_pattern(titles: frozenset[str]) -> re.Pattern[str] | None:
    """A case-blind pattern of ``titles`` (honorifics: "Dr.", "Mr", "Sra.") followed by a word that starts in lower
    case ("dr. smith", "Mr kowalski", "la sra. pérez"): whether a document may hold a name that
    :func:`_titled_names` restores; ``None`` for no titles."""
    if not titles:
        return None
    words = sorted({t.rstrip(".").casefold() for t in titles}, key=len, reverse=True)
    alternatives = "|".join(re.escape(w) for w in words)
    return re.compile(rf"(?<!\w)(?i:{alternatives})\.?[^\S\n]+(?=[{_LOWER_START}])")


def _titled_names(tokens: tuple[Token, ...], words: list[str], titles: frozenset[str], table: CasingTable,
                  common: Callable[[str], bool], persons: Callable[[str], bool] | None = None,
                  first_name: Callable[[str], bool] | None = None) -> bool:
    """In place: in a cased sentence, the words in lower case after a title (``titles``, case-folded: "dr.", "mr",
    "sra.") that are names, up to :data:`MAX_TITLED_WORDS`, are capitalised, and so is the title ("dr. smith met" →
    "Dr. Smith met", "la sra. pérez" → "la Sra. Pérez"): a writer who typed the name in lower case (a chat line, a
    note typed in haste) names a person as surely as one who did not, and the title rule and the model read the
    capitals. A word is a name here when the casing table spells it capitalised or in capitals, or does not know it
    and the common-word lexicon (``common``) does not either; right after a first name (``first_name``), also a
    surname that is a common word (``persons``, as for :func:`_person_pairs`: "dr. alejandro fuentes", "fuentes",
    fountains; not after a surname: "el dr. garcía vino", came); a function
    word, a word of one letter or a word the table writes in lower case ends the name ("dr. smith met": "met"). A
    title after a number is a unit ("200 ms delay"). Returns whether a word changed."""
    changed = False
    for i, token in enumerate(tokens[:-1]):
        if token.text.casefold() not in titles or (i > 0 and tokens[i - 1].text[:1].isdigit()):
            continue
        names = []
        for j in range(i + 1, min(len(tokens), i + 1 + MAX_TITLED_WORDS)):
            word = tokens[j].text
            if len(word) < 2 or not word[:1].islower() or word.casefold() in STOP_WORDS_FOLDED:
                break
            usual = table.usual(word)
            if (usual == LOWER or (usual is None and common(word))) and not (
                    names and names[-1] == j - 1 and persons is not None and first_name is not None
                    and first_name(tokens[j - 1].text) and persons(word)):
                break
            names.append(j)
        for j in names:
            capitalised = _recase(words[j][:1], UPPER) + words[j][1:]
            if len(capitalised) == len(words[j]):
                words[j] = capitalised
                changed = True
        if names and words[i][:1].islower():
            words[i] = _recase(words[i][:1], UPPER) + words[i][1:]
            changed = True
    return changed


#: Most words of a name after a greeting that :func:`_greeted_names` restores ("hey maria josé,").
MAX_GREETED_WORDS = 2

#: What may follow a name after a greeting: the name ends the vocative ("hey kev, did you", "bjs, fer").
_VOCATIVE_END = frozenset(",!:.?;")


#: What may open a line before its greeting: an e-mail's quotation marks ("> hola montse,") and a quoted message's
#: opening quote ('"hola salva, te paso el parte' of an accident report; stop 55).
_QUOTE_MARKS = ">\"“„«'"
#: The same marks as tokens, and an e-mail's nested quotation (">>").
_QUOTE_MARKS_TOKENS = frozenset({*_QUOTE_MARKS, ">>", ">>>"})


@lru_cache(maxsize=16)
def greeting_pattern(greetings: tuple[tuple[str, ...], ...]) -> re.Pattern[str] | None:
    """A case-blind pattern of a greeting or closing (``greetings``: case-folded phrases as word tuples, longest
    first, :data:`app.detection.rules.GREETINGS`) that opens a line, followed by a word in lower case ("hey kev,",
    "liebe grüße tobi", "bjs, fer"): whether a document may hold a name that :func:`_greeted_names` restores;
    ``None`` for no greetings."""
    if not greetings:
        return None
    alternatives = "|".join(r"[^\S\n]+".join(re.escape(w) for w in phrase) for phrase in greetings)
    return re.compile(rf"(?m)^[^\S\n]*(?:[{_QUOTE_MARKS}][^\S\n]*){{0,4}}(?i:{alternatives})[^\S\n]*,?[^\S\n]+"
                      rf"(?=[{_LOWER_START}])")




def _opens_line(text: str, tokens: tuple[Token, ...], i: int) -> bool:
    """Whether token ``i`` opens its line, after at most four quotation marks (:data:`_QUOTE_MARKS`)."""
    j = i
    for _ in range(5):
        if j == 0 or "\n" in text[tokens[j - 1].end:tokens[j].start]:
            return True
        if tokens[j - 1].text not in _QUOTE_MARKS_TOKENS:
            return False
        j -= 1
    return False


#: The titles of every language in lower case, without their full stop ("frau", "sr", "dona").
_TITLES_FOLDED = frozenset(title.casefold().rstrip(".") for title in ALL_TITLES)


def _greeted_names(text: str, tokens: tuple[Token, ...], words: list[str], greetings: tuple[tuple[str, ...], ...],
                   vocatives: frozenset[str], table: CasingTable, persons: Callable[[str], bool] | None) -> bool:
    """In place: the words in lower case that follow a greeting or closing at the start of a line (``greetings``,
    case-folded word tuples: "hey", "liebe grüße", "bjs") and end before punctuation or the line's end, up to
    :data:`MAX_GREETED_WORDS`, are capitalised when they are names ("hey kev, did u see" → "hey Kev, …", "ciao tobi",
    "bjs, fer"). A vocative there names whom a message addresses or who signs it; a nickname ("kev", "mo") is a
    word no name lexicon lists, and the common-word lexicon may know it in another sense ("keV"), so that
    :func:`restore_word` leaves it in lower case and the model, which reads capitals, misses it. A word is not a name
    here when it is a stop word, a vocative of the language (``vocatives``: "guys", "mate", "leute", "chicos"), or a
    word the casing table writes in lower case ("team", "everyone", "gente") that the name lexicons (``persons``) do
    not list ("hi rose," is a name). Character offsets of ``tokens`` index ``text``. Returns whether a word changed.
    """
    changed = False
    n = len(tokens)
    for i in range(n):
        if i > 0 and "\n" not in text[tokens[i - 1].end:tokens[i].start] and not (
                tokens[i - 1].text in _QUOTE_MARKS_TOKENS and _opens_line(text, tokens, i)):
            continue
        folded = [t.text.casefold() for t in tokens[i:i + 4]]
        phrase = next((p for p in greetings if tuple(folded[:len(p)]) == p), None)
        if phrase is None:
            continue
        j = i + len(phrase)
        if j < n and tokens[j].text == ",":
            j += 1
        # a title in lower case before the name is no name and stays as written ("hallo frau schwarzkopf,"; stop 55)
        if j + 1 < n and tokens[j].text.casefold() in _TITLES_FOLDED and tokens[j].text.islower():
            j += 1
            if j < n and tokens[j].text == ".":
                j += 1
        names: list[int] = []
        k = j
        while k < n and len(names) < MAX_GREETED_WORDS and "\n" not in text[tokens[k - 1].end:tokens[k].start]:
            word = tokens[k].text
            if (len(word) < 2 or not word[:1].islower() or not word.replace("-", "").isalpha()
                    or word.casefold() in STOP_WORDS_FOLDED or word.casefold() in vocatives
                    or (table.usual(word) == LOWER and not (persons is not None and persons(word)))):
                break
            names.append(k)
            k += 1
        if not names:
            continue
        if k < n and tokens[k].text not in _VOCATIVE_END and "\n" not in text[tokens[k - 1].end:tokens[k].start]:
            continue  # "thanks dave for the help": no vocative that ends here
        for m in names:
            capitalised = _recase(words[m][:1], UPPER) + words[m][1:]
            if len(capitalised) == len(words[m]) and capitalised != words[m]:
                words[m] = capitalised
                changed = True
    return changed


def restore_case(text: str, sentences: list[Sentence], table: CasingTable,
                 common: Callable[[str], bool] = lambda word: False,
                 phrases: Callable[[], dict[str, str]] = dict,
                 persons: Callable[[str], bool] | None = None,
                 patterns: Callable[[], tuple[list[re.Pattern[str]], list[re.Pattern[str]]]] | None = None,
                 casings: frozenset[str] = frozenset({UNCASED, ALL_CAPITALS}),
                 titles: frozenset[str] = frozenset(),
                 first_name: Callable[[str], bool] | None = None,
                 greetings: tuple[tuple[str, ...], ...] = (),
                 vocatives: frozenset[str] = frozenset(),
                 capitalised_nouns: bool = False) -> tuple[str, list[Sentence]] | None:
    """``text`` and ``sentences`` with every sentence that is uncased or in capitals (:func:`sentence_casing`, of
    ``casings``) restored word by word (:func:`restore_word`), or ``None`` when no sentence is. In a cased sentence
    over several lines, a line that is uncased and writes a name in lower case (:func:`_names_in_lower_case`) is
    restored alone, its first word capitalised only on the sentence's first line: chat messages before or after a
    cased salutation without a full stop ("hola, soy maría josé castaño …\nBuenos días Javier,", "Dear Ms. Ndiaye,\ni
    think dave o'sullivan sent it"); a continuation line of cased prose, hard-wrapped, names no one in lower case and
    stays as written. When uncased sentences are restored, so are names written in lower case after a title in a
    cased sentence ("Yesterday dr. smith met …", :func:`_titled_names`), in documents that
    :func:`titles_pattern` of ``titles`` matches.

    Args:
        text: the document (or its normalized view); ``sentences`` tokenize it (character offsets, half-open).
        table: the language's :class:`CasingTable`.
        common: ``word -> bool``, whether a word in lower case is a common word of the language (its common-word
            lexicon, :func:`app.detection.proper_nouns.common_word_lexicon`), for the words ``table`` lacks.
        phrases: ``() -> {name case-folded: name}``, the multi-word place names (:func:`_restore_phrases`; called
            only when a sentence is restored).
        persons: ``word -> bool``, whether a word (any case) is a first name or surname that may be capitalised
            beside another (:func:`_person_pairs`; ``None``: no pairs).
        patterns: ``() -> (titled, upper)``, case-insensitive patterns whose matches are restored as addresses and
            as postal codes (:func:`_restore_patterns`; ``None``: none).
        casings: which kinds of sentence are restored.
        titles: the language's honorifics, case-folded ("dr.", "mr", "sra."), for :func:`_titled_names`.
        first_name: ``word -> bool`` (any case), whether a word is a first name of the language, for
            :func:`_titled_names`.
        greetings: the language's greetings and closings (case-folded word tuples, longest first), and
        vocatives: the words that address people without naming them, for :func:`_greeted_names`, in every
            sentence (cased or not) of documents that :func:`greeting_pattern` matches.
        capitalised_nouns: the language capitalises its nouns (German): in a sentence in capitals, a capitalised
            neighbour is then no evidence of a name for :func:`_person_pairs`.

    Cost: linear in the tokens (a lookup per word, at most :data:`MAX_PHRASE` phrase lookups per token).

    Returns:
        ``(restored text, its sentences)``: the same length and offsets as ``text``; the sentences not restored are
        the same objects.
    """
    changes: list[tuple[int, str]] = []
    out: list[Sentence] = []
    titled = titles_pattern(titles) if UNCASED in casings else None
    search_titles = titled is not None and titled.search(text) is not None
    greeted = greeting_pattern(greetings)
    dialogue = {m.start() for m in dialogue_lines(text)}
    search_greetings = greeted is not None and greeted.search(text) is not None
    for sentence in sentences:
        words: list[str] | None = None
        # a chat transcript's line: the time and the speaker ("[18:25] Rafa:") say nothing of how the message is cased
        lead = chat_prefix(text, sentence, dialogue)
        body = sentence if lead == 0 else Sentence(sentence.tokens[lead:])
        message = lead > 0 or _after_chat_header(text, sentence)
        whole = sentence_casing(body) if body.tokens else None
        parts = [(0, body, whole)] if whole is not None else [
            (first, part, UNCASED) for first, part in _lines(text, body)
            if part is not body and sentence_casing(part) == UNCASED
            and _names_in_lower_case(part, table, common, persons)]
        for first, part, casing in parts:
            if casing not in casings:
                continue
            if words is None:
                words = [t.text for t in sentence.tokens]
            # a line after the first continues the sentence: its first word takes no capital for its position; nor
            # does a chat message's ("ok", "np", "fyi": capitalised, a model reads them as names)
            restored = [restore_word(t.text, casing, table, i == 0 and first == 0 and not message, common)
                        for i, t in enumerate(part.tokens)]
            _restore_phrases(part.tokens, restored, phrases())
            if persons is not None:
                _person_pairs(restored, persons, casing == ALL_CAPITALS and not capitalised_nouns)
            if patterns is not None:
                _restore_patterns(part, restored, *patterns())
            if casing == ALL_CAPITALS:
                _company_names(text, part.tokens, restored)
            words[lead + first:lead + first + len(restored)] = restored
        if search_titles and whole is None:
            titled_words = list(words) if words is not None else [t.text for t in sentence.tokens]
            if _titled_names(sentence.tokens, titled_words, titles, table, common, persons, first_name):
                words = titled_words
        if search_greetings:
            greeted_words = list(words) if words is not None else [t.text for t in sentence.tokens]
            if _greeted_names(text, sentence.tokens, greeted_words, greetings, vocatives, table, persons):
                words = greeted_words
        if words is None:
            out.append(sentence)
            continue
        tokens = []
        for token, new in zip(sentence.tokens, words):
            if new != token.text:
                changes.append((token.start, new))
                token = Token(new, token.start, token.end)
            tokens.append(token)
        out.append(Sentence(tuple(tokens)))
    if not changes:
        return None
    parts: list[str] = []
    position = 0
    for start, new in changes:
        parts.append(text[position:start])
        parts.append(new)
        position = start + len(new)
    parts.append(text[position:])
    return "".join(parts), out
