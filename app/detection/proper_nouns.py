"""Proper-noun fallback: capitalised words that no lexicon of common words knows.

A capitalised word that is not a known common word of the language is, most of the time, a proper name
(Mikheev, "A knowledge-free method for capitalized word disambiguation", ACL 1999; Graliński et al., 2009, §4.3: "to
distinguish proper names that should be anonymized from common upper-cased words we use lexicons"). This
component runs **last** in the detection pipeline (after voting, the context rules and the second pass) and
marks, as ``PROPER_NOUN``, every run of such words that no other component covered: names the NER model
missed and no pattern or rule knows ("Saperion", "Halmich", "Höskuldsstaðir"). It never changes the typed
entities; it only closes leaks (recall first, Dias, 2016, §5.1; Graliński et al., 2009, §7). Its own entities get a
type only where name lexicons alone decide it (``types``, :mod:`app.detection.name_types`: "Börner" a person,
"Leoben" a place); the others stay ``PROPER_NOUN``.

A word is a **candidate** when it:

* starts with an upper-case letter and has a lower-case letter (words in capitals — headlines, acronyms —
  are left to the model and the patterns), has no digit and at least two letters, and is not shaped like the
  abbreviation of a statute or law report (:func:`abbreviation_shaped`, German: "BVerfGE", "EStG", "BGBl", "RdNr";
  court decisions cite them in every paragraph);
* is covered by no entity;
* is not a **common word**: its form with a lower-case first letter (or all in lower case) is not a word
  form of the language's lexicon, it is not a title, weekday, month or function word of
  :mod:`app.detection.rules`, a hyphenated word has a part that is not a common word ("Cuida-se" is common),
  and, when a full stop follows it, it is no abbreviation (at most three letters, or known with the stop:
  "Nr.", "Mio.", "Aufl."), nor, without the stop, a known abbreviation of at most three letters ("3,9 Mio CHF");
  the first part of a truncated compound ("Verfassungs- und", "Sach- und Rechtslage") is common when it is a known
  modifier (:meth:`CommonWordLexicon.is_modifier`);
* in a language that writes compounds as one word (German, where every noun is capitalised:
  :attr:`app.languages.Language.compounds`), is also not a common noun or an inflected form of one, a
  nominalisation of a known word ("Erarbeitung", "Offenheit"), a compound of a known modifier and a known noun
  ("Geflügel|zucht|betrieb"), a hyphenated compound whose last part is a common word
  ("Grünen-Spitzenkandidat"), nor a common word in the spelling before the 1996 reform ("Ausschuß").

In such a language, a hyphenated compound that is common only through its last part ("Merkel-Regierung") gives its
opening name alone (:func:`name_prefix`): "Merkel" becomes an entity inside the token, "-Regierung" stays.

A word at the start of a sentence is judged like any other: "Über" is a common word, "Saperion" is not.
Adjacent candidates (separated by white space only) form one entity ("Hardeknuts Sohn" stays two words:
"Sohn" is a common noun). With ``all_occurrences`` on, the pipeline then marks the entity's other
occurrences too.

Lexicons (both from PyPI, read once per language and cached):

* every language: the word forms of simplemma's lemmatization dictionary (Barbaresi, simplemma 2.x, MIT;
  data from Wiktionary and other open lexicons) whose first letter is lower case — the common words — and
  its abbreviations with a full stop;
* German: the nouns of the language's noun table (:attr:`app.languages.Compounds.noun_table`: ``german-nouns``,
  Wiktionary DE, CC BY-SA 4.0) that are not marked as proper names (``Toponym``, ``Vorname``, ``Nachname``,
  ``Eigenname``, ``Straßenname``), with all their inflected forms.

Switched per language by the ``proper_nouns`` key of :mod:`app.detection.config`; measured on the dev sets
(docs/detection-results.md), it is on for German, where the model misses the most, and Spanish.
"""

from __future__ import annotations

import csv
import importlib.resources
import re
from collections.abc import Callable, Iterator
from functools import lru_cache
from pathlib import Path

from app import languages
from app.cache import cache_file, read_or_build
from app.detection.labels import PROPER_NOUN
from app.detection.rules import ALL_TITLES, MONTHS, STOP_WORDS_FOLDED, WEEKDAYS
from app.doc import Entity, Sentence, Token
from app.languages import Compounds

#: A word of at most this many letters followed by a full stop is taken for an abbreviation ("Nr.", "Mio.").
MAX_ABBREVIATION = 3

#: Shortest final part of a compound that is looked up as its head ("-betrieb", not "-ei").
MIN_COMPOUND_HEAD = 4

_ACUTE = str.maketrans("áéíóú", "aeiou")


def _without_acute(word: str) -> str:
    """``word`` without the acute accents of its vowels ("llá" → "lla")."""
    return word.translate(_ACUTE)


def _verb_lemma(form: str) -> bool:
    """Whether simplemma's Spanish lemma of ``form`` ends like an infinitive ("di" → "dar", "trae" → "traer")."""
    import simplemma  # imported lazily, as for the lexicon: only a word with an accent and a pronoun's ending asks

    return simplemma.lemmatize(form, lang="es").endswith(("ar", "er", "ir", "ír"))


#: Shortest modifier (first part) of a compound.
MIN_COMPOUND_MODIFIER = 3
#: The longest word read as a closed compound, in letters: German's longest in use run to about 60
#: ("Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz", 63); a longer run of word characters is a
#: code, a path or a file name.
MAX_COMPOUND = 80


class CommonWordLexicon:
    """The common (not proper) words of one language, for :func:`find_proper_nouns`.

    Args:
        lower_forms: word forms with a lower-case first letter ("haus", "über", "plano").
        nouns: capitalised common nouns and their inflected forms (German; empty elsewhere).
        compounds: look up the heads of closed and hyphenated compounds (German), with the language's linking
            elements and derivations (:class:`app.languages.Compounds`); ``None``: no compounds.
        abbreviation_endings: endings of the language's mixed-case statute abbreviations (:func:`abbreviation_shaped`).
        courts: courts' abbreviations that end the same way; they stay candidates.
        enclitics: pronouns written onto a verb's end (:attr:`app.languages.Language.enclitics`), for
            :meth:`is_verb_with_enclitics`.
    """

    def __init__(self, lower_forms: frozenset[str], nouns: frozenset[str] = frozenset(), *,
                 compounds: Compounds | None = None, abbreviation_endings: tuple[str, ...] = (),
                 courts: frozenset[str] = frozenset(), enclitics: tuple[str, ...] = ()) -> None:
        self.lower_forms = lower_forms
        self.enclitics = tuple(sorted(enclitics, key=len, reverse=True))
        self.abbreviation_endings = abbreviation_endings
        self.courts = courts
        self.nouns = nouns
        self.compounds = compounds
        self.derivations = compounds.derivations if compounds is not None else ()
        self.linking_elements = compounds.linking_elements if compounds is not None else ()
        self.name_heads = compounds.name_heads if compounds is not None else ()

    def __len__(self) -> int:
        return len(self.lower_forms) + len(self.nouns)

    def is_common(self, word: str) -> bool:
        """Whether ``word`` (one token, as written) is a common word of the language.

        True when the word, with a lower-case first letter or in lower case, is a known form, or it is a known
        common noun; a word cut before or after a hyphen ("Hand-" of "Hand- und Spanndienste") is judged
        without the hyphen; a hyphenated word is common when all its parts are or, with ``compounds``, when its
        last part is; with ``compounds`` (German), a closed compound is common when it splits into a known modifier
        and a known common-noun head (:meth:`is_compound`), and a word with "ß" also when its spelling with "ss"
        is common (the spelling before the 1996 reform: "Währungsausschuß").
        """
        if word in self.nouns or word[:1].lower() + word[1:] in self.lower_forms or word.lower() in self.lower_forms:
            return True
        stripped = word.strip("-")
        if stripped != word:
            if not stripped:
                return False
            return self.is_common(stripped) or (word.endswith("-") and self.is_modifier(stripped))
        parts = [part for part in word.split("-") if part]
        if len(parts) > 1:  # "Cuida-se", "Grünen-Spitzenkandidat"
            return all(self.is_common(p) for p in parts) or (self.compounds is not None and self.is_common(parts[-1]))
        if self.enclitics and self.is_verb_with_enclitics(word):
            return True
        if self.compounds is None:
            return False
        if "ß" in word and self.is_common(word.replace("ß", "ss")):
            return True  # spelling before the 1996 reform: "Ausschuß" for "Ausschuss"
        return self.is_noun(word) or (self.is_compound(word) and not self.has_name_head(word))

    def is_verb_with_enclitics(self, word: str) -> bool:
        """Whether ``word`` is a known verb form with one or two pronouns written onto it (Real Academia Española,
        *Ortografía*, 2010, §4.6: an imperative or gerund takes a written accent when the pronouns move its
        stress, "llámame", "dímelo", "avísanos", "dándole"; an infinitive does not, "decirle", "llamarte"). With a
        written accent the verb is the word without its pronouns and the accent, a known form that is a verb's
        (simplemma's lemma ends like an infinitive, or the form with "r" is one: "llama", "llamar"; not "mosto" of
        the town "Móstoles"); without one, only an infinitive of five letters or more ("llamar" + "te"): a name that
        ends like a pronoun ("Estela", "Lola", "Carla") is never read as a verb."""
        lower = word.lower()
        for rest in self._without_enclitics(lower):
            if len(rest) < 2:
                continue
            plain = _without_acute(rest)
            if plain != rest and plain in self.lower_forms and (plain + "r" in self.lower_forms
                                                                or _verb_lemma(plain)):
                return True
            if plain == rest and len(rest) >= 5 and rest.endswith(("ar", "er", "ir")) and rest in self.lower_forms:
                return True
        return False

    def _without_enclitics(self, lower: str) -> list[str]:
        """``lower`` without one and without two pronouns of :attr:`enclitics` at its end (longest first)."""
        out = []
        for first in self.enclitics:
            if lower.endswith(first) and len(lower) > len(first):
                one = lower[:-len(first)]
                out.append(one)
                out.extend(one[:-len(second)] for second in self.enclitics
                           if one.endswith(second) and len(one) > len(second))
        return out

    def has_name_head(self, word: str) -> bool:
        """Whether ``word`` ends in a head of :attr:`app.languages.Compounds.name_heads` after at least three
        letters ("Rangs|dorf", "Ravens|burg"): such a compound, when the noun table does not list it, is a place
        name more often than a common word (German dev sentences: inside an entity 60 times, outside 14)."""
        lower = word.lower()
        return any(lower.endswith(head) and len(lower) >= len(head) + 3 for head in self.name_heads)

    def is_compound(self, word: str, depth: int = 0) -> bool:
        """Whether ``word`` splits into a modifier and a head that are both known (German closed compounds).

        The head, a final part of at least :data:`MIN_COMPOUND_HEAD` letters, capitalised, is a common noun; the
        modifier, of at least :data:`MIN_COMPOUND_MODIFIER` letters, is a common noun, a known word form or a
        compound itself (at most three parts in all), possibly followed by a linking element
        (:attr:`app.languages.Compounds.linking_elements`): "Geflügel|zucht|betrieb", "Verwaltung|s|rolle". A name
        that merely ends in a noun keeps an unknown modifier and is no compound ("Cor|beil", "Vel|lage"). A word
        longer than :data:`MAX_COMPOUND` letters is none (each split point copies the word's rest: a "word" of 40,000
        characters, "Anna_Anna_…", took quadratic time before stop 49).
        """
        if len(word) > MAX_COMPOUND:
            return False
        for k in range(MIN_COMPOUND_MODIFIER, len(word) - MIN_COMPOUND_HEAD + 1):
            if self.is_noun(word[k].upper() + word[k + 1:]) and self._is_modifier(word[:k], depth):
                return True
        return False

    def is_noun(self, word: str) -> bool:
        """Whether capitalised ``word`` is a known common noun or a regular derivation of a known word
        (:attr:`app.languages.Compounds.derivations`: "Erarbeitung" of "erarbeiten", "Reglementierungen",
        "Offenheit" of "offen")."""
        if word in self.nouns:
            return True
        lower = word.lower()
        for suffix, endings in self.derivations:
            if lower.endswith(suffix) and len(lower) > len(suffix) + 2:
                stem = lower[: -len(suffix)]
                if any(stem + ending in self.lower_forms for ending in endings):
                    return True
        return False

    def is_modifier(self, part: str) -> bool:
        """Whether ``part`` opens compounds as a known modifier, as the first part of a truncated compound does
        ("Verfassungs- und Verwaltungsrecht", "Sach- und Rechtslage"; Duden, "Ergänzungsstrich"): a known word or
        noun, possibly with a linking element ("Verfassung|s"), or a noun without its final "e" ("Sach(e)",
        "Schul(e)"). Only with ``compounds``."""
        if self.compounds is None or len(part) < MIN_COMPOUND_MODIFIER:
            return False
        return self._is_modifier(part, 0) or self.is_noun(part[:1].upper() + part[1:] + "e")

    def _is_modifier(self, part: str, depth: int) -> bool:
        for link in ("", *self.linking_elements):
            if link and not part.endswith(link):
                continue
            stem = part[: len(part) - len(link)]
            if len(stem) < MIN_COMPOUND_MODIFIER:
                continue
            capitalised = stem[:1].upper() + stem[1:]
            if self.is_noun(capitalised) or stem.lower() in self.lower_forms:
                return True
            if depth < 1 and self.is_compound(capitalised, depth + 1):
                return True
        return False


#: bump when the way a word list is built changes (old cache files are then ignored)
WORD_LIST_FORMAT = 1


def cached_word_list(name: str, packages: tuple[str, ...], build: Callable[[], frozenset[str]]) -> frozenset[str]:
    """``build()``, read from / written to a cache file of one word a line (:mod:`app.cache`).

    Building the lexicons from the packages' own formats takes seconds (the German one ~20 s on a busy machine:
    simplemma's front-coded dictionary, the 100,000-row noun table); reading the built list back takes a fraction of
    that. The file holds only words of the packages' dictionaries (no document text ever reaches it); its name
    carries the versions of ``packages`` and :data:`WORD_LIST_FORMAT`, so an upgrade builds a new one. A cache
    that cannot be read or written is skipped (the list is then built in memory).

    Args:
        name: the list's name, e.g. ``"simplemma-de"``.
        packages: distributions the list is built from (their versions name the file).
        build: builds the list; no word may contain a line break.

    Returns:
        ``frozenset[str]``, equal to ``build()``.
    """
    return read_or_build(cache_file(name, packages, salt=f"w{WORD_LIST_FORMAT}"), build,
                         encode=lambda words: "\n".join(sorted(words)).encode("utf-8"),
                         decode=lambda data: frozenset(w for w in data.decode("utf-8").split("\n") if w))


def _simplemma_lower_forms(language: str) -> frozenset[str]:
    def build() -> frozenset[str]:
        from simplemma.strategies.dictionaries import DefaultDictionaryFactory  # imported lazily: a large table

        dictionary = DefaultDictionaryFactory(cache_max_size=0).get_dictionary(language)
        return frozenset(form for form in dictionary if form[:1].islower() or form.endswith("."))

    return cached_word_list(f"simplemma-{language}", ("simplemma",), build)


def noun_table_rows(compounds: Compounds, *, plural_only: bool = False) -> Iterator[tuple[str, list[str]]]:
    """``(part of speech, capitalised forms)`` of every row of ``compounds.noun_table``: the noun and its inflected
    forms (the columns after the part of speech, genders left out); nothing without a table. With ``plural_only``,
    only rows with a plural form (a column whose name says "plural"): countable common nouns, not the rows of place
    names the table lists without a marker ("Namur", "Paris": no plural)."""
    if compounds.noun_table is None:
        return
    _, package, file = compounds.noun_table
    with (importlib.resources.files(package) / file).open(encoding="utf-8", newline="") as handle:
        rows = csv.reader(handle)
        header = next(rows)
        columns = [0, *(i for i, name in enumerate(header) if i > 1 and not name.startswith("genus"))]
        plurals = [i for i, name in enumerate(header) if "plural" in name]
        for row in rows:
            if len(row) < 2 or (plural_only and not any(i < len(row) and row[i] for i in plurals)):
                continue
            yield row[1], [row[i] for i in columns if i < len(row) and row[i][:1].isupper()]


def _common_nouns(compounds: Compounds, *, countable: bool = False) -> frozenset[str]:
    """The capitalised common nouns and their inflected forms of ``compounds.noun_table``: the forms of its rows
    without a proper-name marker, with ``countable`` only of the rows with a plural (:func:`noun_table_rows`); empty
    without a table. Kept in the word-list cache (:func:`cached_word_list`)."""
    if compounds.noun_table is None:
        return frozenset()
    distribution = compounds.noun_table[0]

    def build() -> frozenset[str]:
        return frozenset(form for kinds, forms in noun_table_rows(compounds, plural_only=countable)
                         if not any(marker in kinds for marker in compounds.proper_name_markers) for form in forms)

    return cached_word_list(f"{distribution}-countable" if countable else distribution, (distribution,), build)


def countable_common_nouns(language: str) -> frozenset[str]:
    """The forms of the countable common nouns of ``language``'s noun table (rows with a plural and without a
    proper-name marker: "Mitte", "Bergen" of "Berg", "Kanton", "Male" of "Mal"); empty without a noun table. Read
    from the word-list cache on disk, not kept in memory: its one user, the location gazetteer, needs it only while it
    is built (the German set is ~240,000 forms, ~27 MB)."""
    lang = languages.find(language)
    compounds = lang.compounds if lang is not None else None
    return _common_nouns(compounds, countable=True) if compounds is not None else frozenset()


@lru_cache(maxsize=8)
def common_word_lexicon(language: str) -> CommonWordLexicon:
    """The common-word lexicon of ``language`` (a declared language with a ``dictionary``, :mod:`app.languages`;
    cached; ~1 s to build): simplemma's word forms and the language's own abbreviations with their full stop
    (:attr:`app.languages.Language.abbreviations`), and for a language with ``compounds`` its noun table.

    Raises:
        ValueError: simplemma has no dictionary for the language.
    """
    lang = languages.find(language)
    # the abbreviations the language declares for its tokenizer ("Aufl.", "Rn.", "Mio.") are common words too
    lower = _simplemma_lower_forms(language) | frozenset(
        f"{a}." for a in (lang.abbreviations if lang is not None else ()))
    compounds = lang.compounds if lang is not None else None
    endings = lang.statute_abbreviation_endings if lang is not None else ()
    courts = lang.court_abbreviations if lang is not None else frozenset()
    enclitics = lang.enclitics if lang is not None else ()
    if compounds is not None:
        return CommonWordLexicon(lower, _common_nouns(compounds), compounds=compounds, abbreviation_endings=endings,
                                 courts=courts, enclitics=enclitics)
    return CommonWordLexicon(lower, abbreviation_endings=endings, courts=courts, enclitics=enclitics)


#: Titles, weekdays, months and function words, case-folded: never candidates whatever the lexicon says.
_NOT_NAMES: frozenset[str] = frozenset(w.casefold() for w in ALL_TITLES | WEEKDAYS | MONTHS) | STOP_WORDS_FOLDED


_PART_SEPARATORS = re.compile(r"[-/]")


def abbreviation_shaped(word: str, endings: tuple[str, ...], courts: frozenset[str] = frozenset()) -> bool:
    """Whether a capitalised word is shaped like the abbreviation of a statute or a law report rather than a name: a
    part of it (between hyphens or slashes) has two capitals or more, a lower-case letter, and one of the language's
    ``endings`` (:attr:`app.languages.Language.statute_abbreviation_endings`; German "EStG", "StGB", "BVerfGE",
    "BGBl", "NVwZ", "RdNr", "MüKo-ZPO" does not: "Ko"). Organizations' mixed-case acronyms end otherwise more often
    ("RFdS", "BdB"), and so do names ("McCain", "MacArthur"). ``courts``: abbreviations of courts that end the same
    way ("BVerwG"; :attr:`app.languages.Language.court_abbreviations`), which are organizations and stay candidates.
    Words in capitals only are no candidates anyway."""
    if not endings:
        return False
    for part in _PART_SEPARATORS.split(word):
        if part not in courts and (sum(c.isupper() for c in part) >= 2 and any(c.islower() for c in part)
                and part.endswith(endings) and len(part) > max(len(e) for e in endings if part.endswith(e))):
            return True
    return False


def is_candidate(word: str, lexicon: CommonWordLexicon, followed_by_stop: bool = False) -> bool:
    """Whether one token is a proper-noun candidate (see the module docstring for the tests, in order).

    ``followed_by_stop``: a full stop follows the word (a token of its own or glued: "Nr." counts as "Nr" + stop).
    """
    if word.endswith(".") and "." not in word[:-1]:
        word, followed_by_stop = word[:-1], True
    letters = sum(c.isalpha() for c in word)
    if letters < 2 or not word[0].isupper() or not any(c.islower() for c in word):
        return False
    if any(c.isdigit() for c in word) or word.casefold() in _NOT_NAMES \
            or abbreviation_shaped(word, lexicon.abbreviation_endings, lexicon.courts):
        return False
    if followed_by_stop and (letters <= MAX_ABBREVIATION or lexicon.is_common(word + ".")
                             or (word + ".").casefold() in _NOT_NAMES):
        return False
    if letters <= MAX_ABBREVIATION and lexicon.is_common(word + "."):
        return False  # a known abbreviation written without its stop ("3,9 Mio CHF", "Abs 2")
    return not lexicon.is_common(word)


def name_prefix(word: str, lexicon: CommonWordLexicon) -> int:
    """Length of the name that opens a hyphenated compound ("Merkel" of "Merkel-Regierung", "Müller-Lüdenscheidt" of
    "Müller-Lüdenscheidt-Straße"), 0 when there is none.

    Only with ``compounds`` (German, where a name joins a common noun with a hyphen: Duden, "Bindestrich", D 22)
    and only for a word the lexicon calls common because its last part is (:meth:`CommonWordLexicon.is_common`):
    the parts before the last, all capitalised, up to the last of them that is itself a candidate
    (:func:`is_candidate`: "Grünen-Spitzenkandidat" has none, "EU-Kommission" is in capitals). Without this, the
    name in such a compound stays in clear whenever the model misses it, while a whole-token entity would hide the
    common noun too.
    """
    if lexicon.compounds is None or "-" not in word.strip("-"):
        return 0
    parts = word.split("-")
    if len(parts) < 2 or not all(parts) or not lexicon.is_common(parts[-1]):
        return 0
    end = 0
    offset = 0
    for part in parts[:-1]:
        if not part[:1].isupper():
            break
        offset += len(part)
        if is_candidate(part, lexicon):
            end = offset
        offset += 1  # the hyphen
    return end


def find_proper_nouns(text: str, sentences: list[Sentence], entities: list[Entity],
                      lexicon: CommonWordLexicon, types: Callable[[list[str]], str] | None = None) -> list[Entity]:
    """Entities for the runs of candidate words (:func:`is_candidate`) that no entity covers.

    Args:
        text: the document.
        sentences: its tokens, character offsets into ``text`` (half-open).
        entities: the entities found so far (any order); their tokens are never candidates.
        lexicon: the language's :class:`CommonWordLexicon`.
        types: ``words -> label`` for a run's words (``list[str]``), e.g.
            :meth:`app.detection.name_types.NameTypes.label`; ``None``: every run is a :data:`PROPER_NOUN`.

    Returns:
        ``list[Entity]`` — only the new entities, label :data:`PROPER_NOUN` (or what ``types`` says), source
        ``"proper_noun"``, in text order, one per run of adjacent candidates of one sentence (nothing but white
        space between them; a run may end with the name that opens a hyphenated compound, :func:`name_prefix`,
        whose entity then ends inside the token), none overlapping ``entities``.
    """
    covered = sorted((e.start, e.end) for e in entities)
    found: list[Entity] = []
    k = 0

    def flush(run: list[Token]) -> None:
        if run:
            start, end = run[0].start, run[-1].end
            label = types([t.text for t in run]) if types is not None else PROPER_NOUN
            found.append(Entity(start, end, label, text[start:end], source="proper_noun"))

    for sentence in sentences:
        run: list[Token] = []
        tokens = sentence.tokens
        for i, token in enumerate(tokens):
            while k < len(covered) and covered[k][1] <= token.start:
                k += 1
            free = not (k < len(covered) and covered[k][0] < token.end)
            stop = text[token.end:token.end + 1] == "." or (i + 1 < len(tokens) and tokens[i + 1].text.startswith("."))
            # "Verfassungs- und Verwaltungsrecht": the hyphen, a token of its own, makes the word a truncated compound
            truncated = text[token.end:token.end + 1] == "-" and not token.text.endswith("-")
            word = token.text + "-" if truncated else token.text
            if free and is_candidate(word, lexicon, stop):
                if run and text[run[-1].end:token.start].strip():
                    flush(run)
                    run = []
                run.append(token)
            else:
                prefix = name_prefix(token.text, lexicon) if free else 0
                if prefix:  # "Merkel-Regierung": the name part ends the run
                    if run and text[run[-1].end:token.start].strip():
                        flush(run)
                        run = []
                    run.append(Token(token.text[:prefix], token.start, token.start + prefix))
                flush(run)
                run = []
        flush(run)
    return found
