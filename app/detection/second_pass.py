"""Second-pass detection (Dias, 2016, §4.2.3): short forms, label consistency, every occurrence.

* **All occurrences** — an entity found once is marked wherever its exact surface occurs again as a
  whole word sequence (Kleinberg & Mozes, 2017: "all replacements are applied globally across the input string";
  Graliński et al., 2009, §5: "the other occurrences of the recognized entity are marked").
* **Short forms** — the headwords of multi-word entities are looked up in the document ("Parliament"
  for "European Parliament"; each name of a person: "Doe" for "John Doe"). The headword of an
  organization, location or miscellaneous entity is its last capitalised word in head-final languages
  (en, de) and its first in head-initial ones (es, pt; :attr:`app.languages.Language.head_final`). Only
  capitalised occurrences count.
* **Label consistency** — occurrences of one surface with different labels get the majority label;
  a tie keeps the label of the first occurrence (after Arakami et al., via Dias, 2016).

Complexity: :func:`all_occurrences` and :func:`short_forms` run in O(len(text) · k + n log n) for ``n``
entities, where ``k`` is the number of different surface lengths among surfaces that begin with the same word
(small in practice; at most the length of the longest surface). The occurrences of all surfaces are found in one
pass over the words of the text (:func:`_occurrence_table`) and "does this span overlap an entity?" is one
bisection in the sorted union of the entity spans (:class:`_Taken`). The previous implementation scanned the
whole text with one regular expression per surface and compared every occurrence with every entity (quadratic);
its output is kept exactly (``tests/unit/test_second_pass.py`` compares both on random inputs).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable

from app import languages
from app.detection.labels import LOCATION, MISC, ORGANIZATION, PERSON, QUASI_IDENTIFIER_LABELS
from app.detection.rules import NAME_PARTICLES, STOP_WORDS_FOLDED, TITLES
from app.doc import Entity

#: The languages whose names are head-final (:attr:`app.languages.Language.head_final`); the others are head-initial.
HEAD_FINAL: frozenset[str] = frozenset(code for code, final in languages.per_language("head_final").items() if final)
#: Words that open place and organization names in head-initial languages without being their head ("São Paulo",
#: "Santa Casa", "Nueva York"; :attr:`app.languages.Language.name_openers`): such a name has no short form.
NOT_HEADS: frozenset[str] = languages.union("name_openers")
#: Abbreviations of every language, lower case without their full stop ("no", "nr", "art"): never a headword ("No."
#: of a model's "Court Room No." marked every "No." of a summons; stop 63).
_ABBREVIATIONS: frozenset[str] = languages.union("abbreviations")
_SHORT_FORM_LABELS = (PERSON, ORGANIZATION, LOCATION, MISC)
_WORD = re.compile(r"[\w'’.-]+")


_WORD_RUN = re.compile(r"\w+")
_WORD_PREFIX = re.compile(r"\w*")
_BEFORE = re.compile(r"[\w@.]")  # a character that may not precede an occurrence
_AFTER = re.compile(r"[\w@]")  # ... nor follow it


def _occurrences(text: str, surface: str) -> list[tuple[int, int]]:
    """The occurrences of ``surface`` in ``text`` as a whole word sequence: ``(start, end)`` spans, half-open,
    in text order, non-overlapping (found left to right, as ``re.finditer`` finds them), not preceded by a word
    character, ``@`` or ``.`` and not followed by a word character or ``@``. One scan of the text: O(len(text)).
    """
    pattern = re.compile(r"(?<![\w@.])" + re.escape(surface) + r"(?![\w@])")
    return [m.span() for m in pattern.finditer(text)]


def word_runs(text: str) -> dict[str, list[int]]:
    """``{maximal run of word characters: its start offsets in text order}`` of ``text``: the candidates of
    :func:`_occurrence_table`, built once per document by a caller that spreads its entities several times
    (:class:`app.detection.pipeline.Detector`) and passed as ``runs``. O(len(text))."""
    runs: dict[str, list[int]] = {}
    for match in _WORD_RUN.finditer(text):
        word = match.group()
        positions = runs.get(word)
        if positions is None:
            runs[word] = [match.start()]
        else:
            positions.append(match.start())
    return runs


def _occurrence_table(text: str, surfaces: list[str],
                      runs: dict[str, list[int]] | None = None) -> dict[str, list[tuple[int, int]]]:
    """``{surface: _occurrences(text, surface)}`` for every surface, in one pass over the text.

    An occurrence of a surface that begins with a word character (``\\w``) begins where a maximal run of word
    characters of the text begins, and that run is exactly the surface's leading run of word characters (the
    character before may not be one, and the one after the run is the surface's next character or, when the
    surface is a single run, the character after the occurrence, neither a word character). So the surfaces are
    grouped by that leading run (or by their first character when it is not a word character), the candidate
    positions of each group are the starts of the text's runs equal to it (or the positions of that character),
    and at each candidate ``text[p:p + m]`` is looked up among the group's surfaces of each length ``m``.

    Args:
        text: the document.
        surfaces: non-empty strings.
        runs: :func:`word_runs` of ``text``, when the caller has it (not changed here).

    Returns:
        ``dict[str, list[tuple[int, int]]]``, a key per surface.

    Runs in O(len(text) · k + total length of the surfaces), ``k`` the largest number of different lengths in a
    group (each position of the text is a candidate of at most one group).
    """
    table: dict[str, list[tuple[int, int]]] = {s: [] for s in surfaces}
    groups: dict[str, dict[int, set[str]]] = {}  # leading run (or first character) -> length -> surfaces
    for surface in table:
        key = _WORD_PREFIX.match(surface).group() or surface[0]
        groups.setdefault(key, {}).setdefault(len(surface), set()).add(surface)
    if runs is None:
        runs = word_runs(text)
    candidates: dict[str, list[int]] = {key: list(runs.get(key, ())) for key in groups}
    for key, positions in candidates.items():
        if not _WORD_RUN.match(key):  # a surface beginning with another character: every position of it
            p = text.find(key)
            while p >= 0:
                positions.append(p)
                p = text.find(key, p + 1)
    size = len(text)
    last_end = dict.fromkeys(table, 0)  # finditer resumes after the previous occurrence
    for key, by_length in groups.items():
        lengths = sorted(by_length.items())
        for p in candidates[key]:
            if p > 0 and _BEFORE.match(text, p - 1):
                continue
            for length, group in lengths:
                end = p + length
                if end > size:
                    break
                surface = text[p:end]
                if surface in group and p >= last_end[surface] and (end == size or not _AFTER.match(text, end)):
                    table[surface].append((p, end))
                    last_end[surface] = end
    return table


class _Taken:
    """The characters covered by entities, as the sorted union of their spans (overlapping spans merged), so
    that "does ``[start, end)`` overlap an entity?" is one bisection; built in O(n log n), queried in O(log n).

    ``starts``/``ends`` are pairwise disjoint spans (they may touch) sorted by start, hence ends sorted too.
    """

    def __init__(self, entities: list[Entity]) -> None:
        self.starts: list[int] = []
        self.ends: list[int] = []
        for start, end in sorted((e.start, e.end) for e in entities):
            if self.ends and start < self.ends[-1]:
                self.ends[-1] = max(self.ends[-1], end)
            else:
                self.starts.append(start)
                self.ends.append(end)

    def free(self, start: int, end: int) -> bool:
        """True when no entity shares a character with ``[start, end)`` (the former ``_free``)."""
        i = bisect_left(self.starts, end)  # spans [0, i) start before `end`; the last of them ends last
        return i == 0 or self.ends[i - 1] <= start

    def add(self, start: int, end: int) -> None:
        """Record a new entity on ``[start, end)``, which must be :meth:`free`."""
        i = bisect_left(self.starts, start)
        self.starts.insert(i, start)
        self.ends.insert(i, end)


#: The words of a person's name (letters, inner apostrophes and hyphens; "Dña." is a title's, read without its stop).
_NAME_WORDS = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")


def _title_word(word: str) -> bool:
    """Whether ``word`` is a title of any language, in any case ("Dña", "Herr", "MR")."""
    return word.casefold() in _ALL_TITLES_FOLDED


#: The shortest person's name whose spelling in capitals :func:`all_occurrences` marks too ("ADEYEMI" for "Adeyemi"; not
#: "LI" for "Li").
MIN_CAPITALS_CHARS = 4


def all_occurrences(text: str, entities: list[Entity], min_chars: int = 2,
                    common: Callable[[str], bool] | None = None,
                    runs: dict[str, list[int]] | None = None) -> list[Entity]:
    """Mark every further occurrence of each entity's surface (longest surfaces first).

    Surfaces are the ``text`` of the entities with at least ``min_chars`` characters and a letter or digit
    that are not a function word (:func:`is_function_word`), each with the label of its first entity, and a person's
    name of at least :data:`MIN_CAPITALS_CHARS` characters in capitals ("ADEYEMI" in a reference,
    "TM/ADEYEMI/2026", or a form's header), and each word of such a name of several words in capitals (no title nor
    function word, :data:`MIN_CAPITALS_CHARS` letters at least, not in capitals in the name, with ``common`` no common
    word: "OLIVEIRA" of "María del Carmen Santos Oliveira");
    longer
    surfaces are marked first (equal lengths: in order of first appearance in ``entities``), each occurrence
    (:func:`_occurrences`) only where it overlaps no entity, the input ones or those marked before.

    A quasi-identifier of the strict profile (:data:`app.detection.labels.QUASI_IDENTIFIER_LABELS`) is never spread:
    its recognizer judges each occurrence by its context (stop 47: "white" of "white male", "a white car").

    With ``common``, only confident entities are spread: a one-word organization or miscellaneous entity whose word
    is a common word of the language (``common(word)``, e.g. ``CommonWordLexicon.is_common``) gives no surface
    (:func:`spreads`): one wrong model label on "Estado" or "Article" stays where the model put it instead of
    marking every "Estado" of the document; each of those occurrences is still the model's to tag. Persons and
    locations are always spread (a surname that is also a word, "Koch", "Rose", is still a name there; the
    lexicons hold many place names, "london", "lisboa").

    Args:
        text: the document.
        entities: ``list[Entity]`` with offsets into ``text`` (half-open), in any order, possibly overlapping.
        common: ``word -> bool``, whether one token is a common word of the document's language; ``None``: every
            surface is spread (the behaviour before 2026-11-27).
        runs: :func:`word_runs` of ``text``, for a caller that spreads the entities of one text several times.

    Returns:
        ``list[Entity]`` sorted by ``(start, end)`` (stable), the input plus new entities with
        ``source="second_pass"`` and ``score=1.0``.

    Runs in O(len(text) · k + n log n) for ``n`` entities (module docstring).
    """
    current = list(entities)
    surfaces: dict[str, str] = {}
    for e in entities:
        if len(e.text) >= min_chars and any(c.isalnum() for c in e.text) and not is_function_word(e.text) \
                and e.label not in QUASI_IDENTIFIER_LABELS and (common is None or spreads(e, common)):
            surfaces.setdefault(e.text, e.label)
    for e in entities:  # a person's name in capitals too: a reference or a form's header ("Your ref: TM/ADEYEMI/2026")
        if e.label == PERSON and e.text in surfaces and len(e.text) >= MIN_CAPITALS_CHARS:
            surfaces.setdefault(e.text.upper(), PERSON)
            # and each word of a name of several, in capitals: a form's header where the model took the name but its
            # last surname ("Interesado: MARÍA DEL CARMEN SANTOS OLIVEIRA" beside "María del Carmen Santos Oliveira"
            # in the text: "OLIVEIRA" stayed in clear, stop 45)
            # (not a word already in capitals there, an acronym the model took in: "… Estado CPDA"; nor, when only
            # confident entities spread, a common word: "ESTADO" of a heading)
            words = _NAME_WORDS.findall(e.text)
            if len(words) > 1:
                for word in words:
                    common_word = common is not None and (common(word) or common(word.lower()))
                    if len(word) >= MIN_CAPITALS_CHARS and not word.isupper() and not is_function_word(word) \
                            and not _title_word(word) and not common_word:
                        surfaces.setdefault(word.upper(), PERSON)
    ordered = sorted(surfaces, key=len, reverse=True)
    occurrences = _occurrence_table(text, ordered, runs)
    taken = _Taken(current)
    for surface in ordered:
        for start, end in occurrences[surface]:
            if taken.free(start, end):
                current.append(Entity(start, end, surfaces[surface], surface, "second_pass"))
                taken.add(start, end)
    return sorted(current, key=lambda e: (e.start, e.end))


def spreads(entity: Entity, common: Callable[[str], bool]) -> bool:
    """Whether :func:`all_occurrences` may spread ``entity``'s surface when it spreads confident entities only:
    anything but an organization or miscellaneous entity of one word that is a common word (``common``).
    (Quasi-identifiers are never spread, confident or not: :func:`all_occurrences`.)

    Args:
        entity: an entity (its ``text`` and ``label`` are read).
        common: ``word -> bool``, whether one token is a common word of the document's language.
    """
    return entity.label not in _UNCONFIDENT_LABELS or any(c.isspace() for c in entity.text) or not common(entity.text)


#: Labels whose one-word common-word entities :func:`spreads` keeps from being spread.
_UNCONFIDENT_LABELS = frozenset({ORGANIZATION, MISC})


#: Titles per language, case-folded (``TITLES`` compared case-insensitively: "DESEMBARGADOR" is a title too).
_TITLES_FOLDED: dict[str, frozenset[str]] = {lang: frozenset(t.casefold() for t in titles) for lang, titles in TITLES.items()}
#: The titles of every language, case-folded (:func:`_title_word`).
_ALL_TITLES_FOLDED: frozenset[str] = frozenset().union(*_TITLES_FOLDED.values())


def is_function_word(surface: str) -> bool:
    """True for a single article, preposition, pronoun or name particle in any case ("DE", "Para", "the").

    Such a surface is never propagated by the second pass: an entity that is only a function word (the
    "Para" of "Estado do Para" taken for Pará) would otherwise mark every "Para" of the document.
    """
    folded = surface.casefold()
    return folded in STOP_WORDS_FOLDED or folded in NAME_PARTICLES


def headwords(entity: Entity, language: str) -> list[str]:
    """Short forms of an entity: each name of a person, or the headword of other multi-word entities.

    In head-final languages the headword is the last capitalised word before a complement, i.e. before the
    first lower-case word after the first ("Gerichtshofs" of "Europäischen Gerichtshofs für Menschenrechte",
    "University" of "University of Cambridge"): the complement's nouns ("Menschenrechte", "Cambridge") name
    something else.

    Particles, function words and titles are never short forms, whatever their case ("DE" of
    "ALISSON SILVA BATISTA DE MORAES", "Desembargador" of a judge's name); a head-initial name that
    opens with :data:`NOT_HEADS` has none ("São Paulo" gives no "São").

    Returns:
        ``list[str]`` (possibly empty) of capitalised words of at least two letters.
    """
    raw = _WORD.findall(entity.text)
    words = [w for w in raw if w.casefold() not in NAME_PARTICLES]
    if len(words) < 2:
        return []
    titles = _TITLES_FOLDED.get(language, frozenset())
    capitalised = [w for w in words if w[:1].isupper() and len(w) >= 2 and w.casefold() not in STOP_WORDS_FOLDED
                   and w.casefold() not in titles]
    if entity.label == PERSON:
        return [w for w in capitalised if not w.endswith(".")]
    if not capitalised:
        return []
    if language in HEAD_FINAL:
        # the head ends the words before a complement: "Bundesministerium der Finanzen zur Reform der
        # Grundsteuer" -> "Bundesministerium", "University of Cambridge" -> "University", "Deutsche Bank" -> "Bank"
        complement = next((i for i, w in enumerate(raw) if i > 0 and w[:1].islower()), len(raw))
        before = [w for w in raw[:complement] if w in capitalised]
        if before and before[-1].endswith(".") and before[-1][:-1].casefold() in _ABBREVIATIONS:
            return []  # an abbreviation ends it ("Court Room No."): no head
        return [before[-1]] if before else []
    return [] if capitalised[0].casefold() in NOT_HEADS else [capitalised[0]]


def short_forms(text: str, entities: list[Entity], language: str,
                runs: dict[str, list[int]] | None = None) -> list[Entity]:
    """Mark capitalised occurrences of the headwords of multi-word entities (Dias, 2016, §4.2.3).

    A headword claimed by entities of different labels is ambiguous and not used. Headwords are marked in
    alphabetical order, each occurrence (:func:`_occurrences`) only where it overlaps no entity, the input ones
    or those marked before.

    Args:
        text: the document.
        entities: ``list[Entity]`` with offsets into ``text`` (half-open), in any order, possibly overlapping.
        language: ISO 639-1 code (:func:`headwords`).
        runs: :func:`word_runs` of ``text``, when the caller has it.

    Returns:
        ``list[Entity]`` sorted by ``(start, end)`` (stable), input plus new entities with
        ``source="second_pass"`` and ``score=1.0``.

    Runs in O(len(text) · k + n log n) for ``n`` entities (module docstring).
    """
    claims: dict[str, set[str]] = {}
    for e in entities:
        if e.label in _SHORT_FORM_LABELS:
            for w in headwords(e, language):
                claims.setdefault(w, set()).add(e.label)
    current = list(entities)
    unambiguous = [(word, next(iter(labels))) for word, labels in sorted(claims.items()) if len(labels) == 1]
    occurrences = _occurrence_table(text, [word for word, _ in unambiguous], runs)
    taken = _Taken(current)
    for word, label in unambiguous:
        for start, end in occurrences[word]:
            if taken.free(start, end):
                if label == PERSON and _initial_before(text, start) and taken.free(start - 3, start):
                    start -= 3  # the first name's initial with it ("G. Wünsche, Einrichtungsleitung"; stop 57)
                current.append(Entity(start, end, label, text[start:end], "second_pass"))
                taken.add(start, end)
    return sorted(current, key=lambda e: (e.start, e.end))


def _initial_before(text: str, start: int) -> bool:
    """Whether an initial stands right before ``start`` ("G. " of "G. Wünsche"): a capital, its full stop and a space,
    at the start of the text or after a character that is neither a letter, a digit nor a full stop (not a capital
    glued to an abbreviation: "Abs.A. Wünsche")."""
    if start < 3 or not (text[start - 3].isupper() and text[start - 2] == "." and text[start - 1] in " \t"):
        return False
    return start == 3 or not (text[start - 4].isalnum() or text[start - 4] == ".")


def label_consistency(entities: list[Entity]) -> list[Entity]:
    """Give every occurrence of a surface its majority label (ties: the first occurrence's label).

    Returns:
        ``list[Entity]`` in the input order, relabelled where needed (source kept).
    """
    votes: dict[str, Counter[str]] = {}
    first: dict[str, str] = {}
    for e in entities:
        votes.setdefault(e.text, Counter())[e.label] += 1
        first.setdefault(e.text, e.label)
    result = []
    for e in entities:
        counts = votes[e.text]
        best = max(counts.values())
        winners = [label for label, n in counts.items() if n == best]
        label = first[e.text] if first[e.text] in winners else winners[0]
        result.append(e if e.label == label else Entity(e.start, e.end, label, e.text, e.source, e.score))
    return result
