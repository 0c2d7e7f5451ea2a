"""Context rules in the spirit of NERT (Graliński et al., 2009): a match pattern over tokens, left/right context,
and an action that sets the entity type. Multiple-run rules (Graliński et al., 2009, §5.3.2) refer to entities
already found, so the rule set is re-run until no new entity appears.

Rules (each configurable per language, see :mod:`app.detection.config`):

* ``title`` — a title or honorific ("Mr.", "Dr.", "Herr", "Frau", "Sr.", "Sra.", "Dona") followed by
  capitalised words: the words are a ``PERSON`` (the title stays in the text). A title is strong
  evidence, so it relabels an entity of another label on exactly those words.
* ``first_name`` — a first name from a lexicon (Faker's locale data, Graliński et al., 2009, §4.3 uses lexicons of
  first names) followed by capitalised words: ``PERSON``.
* ``org_suffix`` — capitalised words followed by a legal form ("Ltd", "Inc.", "GmbH", "S.A.",
  "Lda."): ``ORGANIZATION`` including the legal form.
* ``name_field`` — a form field for a person ("Name:", "Patient:", "Nombre y apellidos:", "Vorname:") and the
  words after it: ``PERSON``, also in capitals ("NAME: JOHN A. SMITH").
* ``org_keyword`` — an organization head noun ("University", "Sparkasse", "Tribunal", "Câmara") with a detected
  place: one ``ORGANIZATION`` ("University of Lisbon", "Landgericht Köln", "Tribunal de Justiça de Minas Gerais").
* ``conjunction`` (multiple-run) — an entity, a conjunction ("and", "und", "y", "e") and capitalised
  words, or the mirror image: the words get the entity's label ("Kowalski i Nowak", Graliński et al., 2009, §5.3.2).
* ``enumeration``, ``name_particles`` — an item between two persons; particles before a person ("van der Vaart").
* ``capital_surnames`` — surnames written in capitals after a person's name ("María Begoña IBÁÑEZ ZÚÑIGA").
* ``letterhead`` — a public body's name in capitals on a line of the letterhead ("KENYA REVENUE AUTHORITY"):
  :class:`LetterheadRule`.
* ``organization_field`` — a form's field of an employer or a business and its value ("Lugar de trabajo: Restaurante
  La Vasija Dorada, S.A."): :class:`OrganizationFieldRule`.
* ``patronymic`` — a Malay or Indian patronymic connector between a person and the father's name ("Priya d/o
  Ramasamy", "Siti Nurhaliza bte Ahmad"): :class:`PatronymicRule`.
* ``case_name`` — the parties of a case citation ("Smith-Jones v. the United Kingdom", "Meier ./. Schulze"):
  :class:`CaseNameRule`.
* ``citation_editor`` — the editors of a cited commentary ("Palandt/Grüneberg, BGB", "MüKoBGB/Wagner § 823"):
  :class:`CitationEditorRule`.
* ``signature`` — the name signed after a signatory's marker ("Im Auftrag\nSchwarzkopf", "Fdo.: Juan Pérez"):
  ``PERSON``, :class:`SignatureRule`.
* ``inverted_name`` — surnames in capitals, a comma and first names ("ANDRADE QUISPE, WILFREDO"): one ``PERSON``,
  :class:`InvertedNameRule`.
* ``nickname`` — a person's nickname in quotation marks or after "known as" right after the name ("Davi Lucas de Oliveira
  ("Davizinho")", "Luis Pérez, alias «el Flaco»"): ``PERSON``, :class:`NicknameRule`.
* ``house_number`` — a house number beside a street named without a street type on an address line with a postal
  code ("12 Heol y Bryn, Pontypridd CF37 2RA"): one ``LOCATION``, :class:`HouseNumberRule`.
* ``postal_town`` — the town after a postal code on an address line ("06108 Halle (Saale)"): ``LOCATION``,
  :class:`PostalTownRule`.

Complexity: one round of :func:`apply_rules` runs in O(T + n log n) for ``T`` tokens and ``n`` entities and
proposals: :func:`merge` keeps the entity spans in sorted lists (:class:`_Blocks`) and
:meth:`RuleContext.covered` bisects a sorted index. The previous implementation compared every proposal, and
every conjunction's neighbours, with every entity (quadratic); its output is kept exactly
(``tests/unit/test_rules.py`` compares both on random inputs).
"""

from __future__ import annotations

import importlib
import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import accumulate

from app import languages
from app.detection.fast_regex import letter_led
from app.detection.identifiers import field_label
from app.detection.labels import (CODE, LOCATION, MISC, NAME_LABELS, ORGANIZATION, PERSON, POSTAL_CODE, PROPER_NOUN,
                                  QUANTITY)
from app.doc import Entity, Sentence, Token
from app.registry import create, register
from app.tokenization import UPPER, month_names

#: Titles and honorifics per language (as tokens, case-sensitive; :attr:`app.languages.Language.titles`).
TITLES: dict[str, frozenset[str]] = languages.per_language("titles")

#: Legal forms and company nouns that end organization names (:attr:`app.languages.Language.legal_forms`).
LEGAL_FORMS: frozenset[str] = (languages.union("legal_forms") | languages.union("company_nouns")
                                | languages.FOREIGN_LEGAL_FORMS)

#: Conjunctions joining names (:attr:`app.languages.Language.conjunctions`).
CONJUNCTIONS: dict[str, frozenset[str]] = languages.per_language("conjunctions")

#: Lower-case words allowed inside a person name after a title ("Dona Maria da Silva";
#: :attr:`app.languages.Language.name_particles`).
NAME_PARTICLES: frozenset[str] = languages.union("name_particles") | languages.FOREIGN_NAME_PARTICLES

#: Particles that cannot open a name: articles and conjunctions ("Herr der Lage", not "Herr von Weizsäcker").
_NOT_FIRST_PARTICLES: frozenset[str] = languages.union("particles_not_first")

#: Every title of every language: a title is not a name word ("Sehr geehrter Herr Bürgermeister").
ALL_TITLES: frozenset[str] = frozenset().union(*TITLES.values())

#: Academic degrees written between titles and names ("Prof. Dr. med. Ulrike Brandstätter", "Dr. rer. nat.").
ACADEMIC_DEGREES: frozenset[str] = languages.union("academic_degrees")
#: Words after a title that belong to the office ("Deputado Distrital", "Juiz Federal"), per language.
OFFICE_MODIFIERS: dict[str, frozenset[str]] = languages.per_language("office_modifiers")

#: Honorifics that name no one by themselves (:attr:`app.languages.Language.honorifics`; a role such as
#: "Presidente" or "Minister" may: HAREM tags "Senhora Presidente" as a person, and the president of a parliament
#: is one person).
HONORIFICS: frozenset[str] = languages.union("honorifics")


def title_only(surface: str) -> bool:
    """Whether ``surface`` is made of honorifics and academic degrees only ("Prof. Dr.", "Dr. med."): no name.

    Roles ("Senhora Presidente", "Minister") are not title-only (:data:`HONORIFICS`)."""
    words = surface.split()
    return bool(words) and all(w in HONORIFICS or w in ACADEMIC_DEGREES for w in words)


#: The greetings and closings of each language (:attr:`app.languages.Language.greetings`) as tuples of case-folded
#: words, longest first.
GREETINGS: dict[str, tuple[tuple[str, ...], ...]] = {
    code: tuple(sorted((tuple(g.casefold().split()) for g in words), key=len, reverse=True))
    for code, words in languages.per_language("greetings").items()}
_GREETING_OPENERS: dict[str, frozenset[str]] = {code: frozenset(p[0] for p in phrases)
                                                 for code, phrases in GREETINGS.items()}
_WORD = re.compile(r"\w+(?:[-'’]\w+)*")


def without_greeting(entity: Entity, language: str) -> Entity | None:
    """``entity`` without the quotation marks and the greeting or closing it starts with ("Hi Anna" → "Anna", "Liebe
    Grüße Jan" → "Jan", "> hola montse" → "montse"),
    ``None`` when it is nothing but one ("Hola" in "Hola, soy Marta", which the Spanish model tags as a person), and
    ``entity`` itself when it starts with none (:data:`GREETINGS` of ``language``, words compared case-folded).

    The NER models learned names from news and legal text, where a letter's salutation is rare: at the start of a
    message they take the greeting into the name ("Hello John", "Olá João", "Moin Klaus"), and the placeholder then
    swallows a word the translation needs. Character offsets are the document's (half-open)."""
    openers = _GREETING_OPENERS.get(language)
    # an e-mail's quotation marks before a quoted message's greeting are no part of a name ("> hola montse"), nor is
    # an opening quotation mark without its closing one ('"hola salva, te paso el parte'; stop 55); a quoted title
    # keeps both marks ('" Reforma "': :func:`app.detection.pipeline.clean_spans`)
    bare = entity.text.lstrip("> \t")
    if not entity.text.endswith(('"', "”", "“", "»")):
        bare = bare.lstrip('"“„« \t')
    if bare != entity.text and openers:
        if not bare:
            return None
        entity = Entity(entity.end - len(bare), entity.end, entity.label, bare, entity.source, entity.score)
    head = entity.text.split(None, 1)
    if not openers or not head or head[0].rstrip(",:;!.").casefold() not in openers:
        return entity
    words = list(_WORD.finditer(entity.text))
    folded = [m.group().casefold() for m in words]
    for phrase in GREETINGS[language]:
        n = len(phrase)
        if tuple(folded[:n]) == phrase:
            if n == len(words):
                return None
            offset = words[n].start()
            return Entity(entity.start + offset, entity.end, entity.label, entity.text[offset:], entity.source,
                          entity.score)
    return entity


#: The roles of parties and witnesses of each language (:attr:`app.languages.Language.party_roles`), case-folded.
PARTY_ROLES: dict[str, frozenset[str]] = {code: frozenset(w.casefold() for w in words)
                                          for code, words in languages.per_language("party_roles").items()}


def without_party_role(entity: Entity | None, language: str) -> Entity | None:
    """A person ``entity`` without the party's or witness's role it starts with ("Plaintiff Jamal D'Angelo" →
    "Jamal D'Angelo", "Klägerin Frau Weber" → "Frau Weber"), ``None`` when it is nothing but roles, and ``entity``
    itself otherwise (:data:`PARTY_ROLES` of ``language``, compared case-folded). The models learned names from news,
    where a role rarely stands before a name, and the placeholder swallowed the word the translation needs (which
    party the person is). Other labels are returned as they are. Character offsets are the document's (half-open)."""
    roles = PARTY_ROLES.get(language)
    if entity is None or entity.label != PERSON or not roles:
        return entity
    words = list(_WORD.finditer(entity.text))
    n = 0
    while n < len(words) and words[n].group().casefold() in roles:
        n += 1
    if n == 0:
        return entity
    if n == len(words):
        return None
    offset = words[n].start()
    return Entity(entity.start + offset, entity.end, entity.label, entity.text[offset:], entity.source, entity.score)


#: Capitalised words that never start a name found by a rule (sentence openers, pronouns, articles).
STOP_WORDS: frozenset[str] = languages.union("stop_words")
#: :data:`STOP_WORDS` case-folded, for case-blind tests ("THE").
STOP_WORDS_FOLDED: frozenset[str] = frozenset(w.casefold() for w in STOP_WORDS)

#: Weekday names of every language, capitalised: never part of a name run ("met Insulza Monday").
WEEKDAYS: frozenset[str] = languages.union("weekdays", str.capitalize) | languages.union("weekday_variants", str.capitalize)

#: Month names of every language, capitalised: not a name word after the first word of a run, nor before a
#: conjunction ("in May and NATO"); a run may start with one ("Mrs. June Carter").
MONTHS: frozenset[str] = month_names()

_MONTHS_AND_DAYS = WEEKDAYS | MONTHS

_FAKER_LOCALES: dict[str, tuple[str, ...]] = languages.per_language("first_name_locales")


def _faker_names(language: str, attributes: tuple[str, ...]) -> set[str]:
    """The single-word names of ``attributes`` of the person providers of Faker's locales of ``language``."""
    names: set[str] = set()
    for locale in _FAKER_LOCALES.get(language, ()):
        try:
            provider = importlib.import_module(f"faker.providers.person.{locale}").Provider
        except ModuleNotFoundError:
            continue
        for attr in attributes:
            names.update(n for n in getattr(provider, attr, ()) if " " not in n)
    return names


@lru_cache(maxsize=8)
def first_names(language: str) -> frozenset[str]:
    """First names of ``language`` from Faker's locale providers (single words, month/day names removed)."""
    return frozenset(_faker_names(language, ("first_names", "first_names_male", "first_names_female"))
                     - _MONTHS_AND_DAYS - STOP_WORDS)


@lru_cache(maxsize=8)
def surnames(language: str) -> frozenset[str]:
    """Surnames of ``language`` from Faker's locale providers (single words, as Faker capitalises them: "Prieto",
    "Leal", "Arce"): surnames that are common words too."""
    return frozenset(_faker_names(language, ("last_names",)))


def _is_cap(token: Token) -> bool:
    return token.text[:1].isupper() and any(c.isalpha() for c in token.text) and token.text not in STOP_WORDS


@dataclass
class RuleContext:
    """What rules see: the text, sentences, current entities (sorted, non-overlapping) and language.

    ``entities`` must not be changed in place once :meth:`covered` has been called (its index is kept for the
    same list object of the same length; :func:`apply_rules` gives every rule a context of its own).

    ``written`` is the document as written when ``text`` has sentences restored to their usual case
    (:mod:`app.detection.casing`; same length and offsets), ``None`` when ``text`` is as written: a rule that reads
    how a line was written (the ``letterhead`` rule's capitals) reads it there.
    """

    text: str
    sentences: list[Sentence]
    entities: list[Entity]
    language: str
    written: str | None = None
    _index: tuple[list[Entity], int, list[int] | None, list[int]] | None = field(
        default=None, init=False, repr=False, compare=False)

    def covered(self, start: int, end: int) -> Entity | None:
        """The first entity of ``entities`` (in list order) sharing a character with ``[start, end)``, if any.

        O(log n) once an index is built in O(n) on the first call, when ``entities`` is sorted by ``start``
        (overlapping entities allowed, as in :func:`apply_rules`); O(n) per call otherwise.
        """
        index = self._index
        if index is None or index[0] is not self.entities or index[1] != len(self.entities):
            index = self._index = _covered_index(self.entities)
        entities, _, starts, reach = index
        if starts is None:  # not sorted by start: scan
            for e in entities:
                if e.start < end and start < e.end:
                    return e
            return None
        # entities [0, hi) start before `end`; reach[i] is the largest end among entities [0, i], so the first
        # entity ending after `start` is the first i with reach[i] > start
        i = bisect_right(reach, start)
        return entities[i] if i < bisect_left(starts, end) else None

    def overlapping(self, start: int, end: int) -> list[Entity]:
        """Every entity of ``entities`` sharing a character with ``[start, end)``, in list order.

        O(log n + k) for ``k`` entities in the window once the index of :meth:`covered` is built, when ``entities``
        is sorted by ``start``; O(n) otherwise.
        """
        self.covered(start, end)  # builds or checks the index
        entities, _, starts, reach = self._index
        if starts is None:
            return [e for e in entities if e.start < end and start < e.end]
        lo, hi = bisect_right(reach, start), bisect_left(starts, end)
        return [e for e in entities[lo:hi] if e.end > start]


def _covered_index(entities: list[Entity]) -> tuple[list[Entity], int, list[int] | None, list[int]]:
    """``(entities, len(entities), starts, running maximum of the ends)``; ``starts`` is None (no index) when
    ``entities`` is not sorted by start."""
    starts = [e.start for e in entities]
    if any(a > b for a, b in zip(starts, starts[1:])):
        return (entities, len(entities), None, [])
    return (entities, len(entities), starts, list(accumulate((e.end for e in entities), max)))


def _name_run(tokens: tuple[Token, ...], i: int, max_words: int = 4, text: str | None = None) -> int:
    """End index (exclusive) of capitalised words starting at ``i`` (particles allowed inside, and first
    except articles); a weekday or a title ends the run, and so does a month name after its first word
    (:data:`WEEKDAYS`, :data:`ALL_TITLES`, :data:`MONTHS`), and (with ``text``, the document the tokens' offsets
    index) a line break: a form's next field is no part of the name ("Policyholder: Mrs Siobhan O'Rourke\nDate of
    birth", where "Date" became a person), or a form's column gap (stop 65: "TOMÁS            CUIL" of a tax
    certificate's table)."""
    j = i
    words = 0
    while j < len(tokens) and words < max_words:
        word = tokens[j].text
        if text is not None and j > i and ("\n" in text[tokens[j - 1].end:tokens[j].start]
                                           or _COLUMN_GAP.search(text, tokens[j - 1].end, tokens[j].start)):
            break
        if word in WEEKDAYS or word in ALL_TITLES or (j > i and word in MONTHS):
            break
        if _is_cap(tokens[j]):
            words += 1
            j += 1
        elif (word in NAME_PARTICLES and j + 1 < len(tokens) and _is_cap(tokens[j + 1])
              and not (j == i and word in _NOT_FIRST_PARTICLES)):
            j += 1
        else:
            break
    return j


class Rule:
    """A context rule: :meth:`apply` proposes entities; ``relabel`` lets it override another label on
    exactly the same span."""

    name = "rule"
    relabel = False
    absorbs = False
    cuts = False

    def apply(self, ctx: RuleContext) -> list[Entity]:
        """The rule's proposals over every sentence of ``ctx`` (:meth:`propose`), in sentence order."""
        return [entity for sentence in ctx.sentences for entity in self.propose(ctx, sentence.tokens)]

    def propose(self, ctx: RuleContext, t: tuple[Token, ...]) -> Iterator[Entity]:  # pragma: no cover - interface
        """The rule's proposals in one sentence of tokens ``t``."""
        raise NotImplementedError


@register("detection_rule")
class TitleRule(Rule):
    """Title + capitalised words → ``PERSON`` (Dias, 2016, §4.2.4 titles; Graliński et al., 2009 left context).

    Proposes the name words alone (the title stays in the text); further titles, academic degrees and the words of
    the office (the language's ``office_modifiers``: "Deputado Distrital", "Juiz Federal") between the title and the
    name are skipped ("Prof. Dr. med. Ulrike Brandstätter"; after a particle too: "Juiz de Direito", "Juez de Paz").
    When an entity of another label spans
    exactly the title and those words (a model tagged "Sra. Ana Belén Ortiz" as ``MISC``), it also proposes that
    span as ``PERSON``, which :func:`merge` substitutes (same span, another label); the span keeps the title, as
    the model's and the corpus's conventions may (CoNLL-2002 Spanish tags "Doña" as part of the name).
    """

    name = "title"
    relabel = True

    def __init__(self, language: str, titles: frozenset[str] | None = None) -> None:
        self.titles = titles if titles is not None else TITLES.get(language, frozenset())
        self.office_modifiers = OFFICE_MODIFIERS.get(language, frozenset())
        # honorifics in capitals before a name in capitals, as bank statements and forms write them ("MR T J OKONJO");
        # not "DR", "PROF" ("DR CONGO" in a headline)
        self.titles_in_capitals = frozenset(t.upper() for t in self.titles & HONORIFICS
                                            if t.upper() != t and t.rstrip(".").casefold() not in _NOT_CAPITAL_TITLES)

    def _title(self, t: tuple[Token, ...], i: int) -> bool:
        """Whether ``t[i]`` is a title: as written, or an honorific in capitals before a word in capitals."""
        word = t[i].text
        return word in self.titles or (word in self.titles_in_capitals and i + 1 < len(t)
                                       and t[i + 1].text.isupper())

    def propose(self, ctx: RuleContext, t: tuple[Token, ...]) -> Iterator[Entity]:
        for i, tok in enumerate(t[:-1]):
            if tok.text == "(":
                yield from self._title_in_brackets(ctx, t, i)
                continue
            if self._title(t, i):
                first = i + 1
                while first < len(t):
                    word = t[first].text
                    if word in ALL_TITLES or word in ACADEMIC_DEGREES or word in self.office_modifiers:
                        first += 1  # "Prof. Dr. med. Ulrike Brandstätter", "Deputado Distrital João Silva"
                    elif (word in NAME_PARTICLES and first + 1 < len(t)
                          and t[first + 1].text in self.office_modifiers):
                        first += 2  # "Juiz de Direito", "Juez de Paz": the office goes on after a particle
                    else:
                        break
                if first < len(t) and _COLUMN_GAP.search(ctx.text, t[first - 1].end, t[first].start):
                    continue  # the form's next column ("OLAFSSON/TOMAS MR      ADT   ETKT …" of an e-ticket; stop 50)
                office_place = (first < len(t) and t[first - 1].text not in HONORIFICS
                                and t[first - 1].text not in ACADEMIC_DEGREES and t[first].text in NAME_PARTICLES)
                end = _name_run(t, first, text=ctx.text)
                if office_place:
                    # "Alcaldesa de Ávila", "Governador do Distrito Federal": the office's place is no name; a
                    # model's entity of the whole office ("Presidente de Sri Lanka", an organization) names its
                    # holder, a person, as before
                    e = ctx.covered(tok.start, tok.end) if end > first else None
                    if e is not None and (e.start, e.end) == (tok.start, t[end - 1].end) and e.label != PERSON:
                        yield Entity(e.start, e.end, PERSON, e.text, f"rule:{self.name}")
                    continue
                if end > first:
                    a, b = t[first].start, t[end - 1].end
                    if tok.text in HONORIFICS and t[first].text in NAME_PARTICLES:
                        # "Dr. von Brücke" with the model's location "Brücke": after an honorific (not an office,
                        # "Governador do Distrito Federal") the particles open a surname, so the words after them
                        # become a person first, then the whole name replaces that person
                        words = next((j for j in range(first, end) if t[j].text not in NAME_PARTICLES), end)
                        e = ctx.covered(t[words].start, b) if words < end else None
                        if e is not None and (e.start, e.end) == (t[words].start, b) and e.label != PERSON:
                            yield Entity(e.start, e.end, PERSON, e.text, f"rule:{self.name}")
                    yield Entity(a, b, PERSON, ctx.text[a:b], f"rule:{self.name}")
                    e = ctx.covered(tok.start, tok.end)
                    if e is not None and (e.start, e.end) == (tok.start, b) and e.label != PERSON:
                        yield Entity(e.start, e.end, PERSON, e.text, f"rule:{self.name}")


    def _title_in_brackets(self, ctx: RuleContext, t: tuple[Token, ...], i: int) -> Iterator[Entity]:
        """A name in capitals before its honorific in brackets, as Singapore's and Malaysia's letters sign ("KWEK LI
        TING (MS)" under "Yours faithfully"; stop 61: the model took "KWEK LI"): two to four words in capitals on the
        same line, right before "(MS)", "(MR)", "(MRS)", "(MDM)", "(MISS)", the line holding nothing else (a
        signature's)."""
        if not (i + 2 < len(t) and t[i + 1].text in _BRACKETED_HONORIFICS and t[i + 2].text == ")"
                and ctx.text[t[i].end:t[i + 1].start] == "" and ctx.text[t[i + 1].end:t[i + 2].start] == ""):
            return
        j = i
        while (j > 0 and i - j < 4 and t[j - 1].text.isupper() and t[j - 1].text.isalpha() and len(t[j - 1].text) > 1
               and "\n" not in ctx.text[t[j - 1].end:t[j].start]
               and not _COLUMN_GAP.search(ctx.text, t[j - 1].end, t[j].start)):
            j -= 1
        a, b = t[j].start, t[i - 1].end
        # (the line's ends looked for within 80 characters: a long line of such names stays linear)
        line_start = ctx.text.rfind("\n", max(0, a - 80), a) + 1
        line_end = ctx.text.find("\n", t[i + 2].end, t[i + 2].end + 80)
        if (i - j >= 2 and (line_start > 0 or a <= 80) and not ctx.text[line_start:a].strip()
                and not ctx.text[t[i + 2].end:line_end if line_end >= 0 else t[i + 2].end + 81].strip()
                and not any(t[k].text.capitalize() in STOP_WORDS or t[k].text in ALL_TITLES for k in range(j, i))):
            yield Entity(a, b, PERSON, ctx.text[a:b], f"rule:{self.name}")


#: Honorifics written in brackets after a name in capitals (:meth:`TitleRule._title_in_brackets`).
_BRACKETED_HONORIFICS = frozenset({"MS", "MR", "MRS", "MDM", "MISS"})

#: Titles never read in capitals (:class:`TitleRule`): academic ones, and abbreviations that name other things in a
#: headline ("DR CONGO").
_NOT_CAPITAL_TITLES = frozenset({"dr", "dra", "prof", "profa", "doctor", "doktor", "professor"})


@register("detection_rule")
class FirstNameRule(Rule):
    """A known first name followed by capitalised words → ``PERSON`` (Graliński et al., 2009 lexicon rules)."""

    name = "first_name"

    def __init__(self, language: str, names: frozenset[str] | None = None) -> None:
        self.names = names if names is not None else first_names(language)

    def propose(self, ctx: RuleContext, t: tuple[Token, ...]) -> Iterator[Entity]:
        for i, tok in enumerate(t[:-1]):
            if tok.text in self.names and not _COLUMN_GAP.search(ctx.text, tok.end, t[i + 1].start):
                end = _name_run(t, i + 1, max_words=3, text=ctx.text)
                if end > i + 1:
                    a, b = tok.start, t[end - 1].end
                    yield Entity(a, b, PERSON, ctx.text[a:b], f"rule:{self.name}")


def _capital_word(ctx: RuleContext, token: Token) -> bool:
    """A word in capitals that may be a surname: two letters or more (hyphens and apostrophes inside), no stop word,
    title (also in capitals: "MR", "MISS"), legal form or form field label ("DNI", "NIE", "DOB")."""
    word = token.text
    return (len(word) >= 2 and word.isupper() and all(c.isalpha() or c in "-'’" for c in word)
            and word[0].isalpha() and word not in STOP_WORDS and word not in ALL_TITLES
            and word.capitalize() not in ALL_TITLES and word.capitalize() + "." not in ALL_TITLES  # "MR", "MISS"
            and word not in LEGAL_FORMS and word.capitalize() not in LEGAL_FORMS
            and not field_label(word))  # of any language: "DNI" in an English text too


def _capitals_run(ctx: RuleContext, t: tuple[Token, ...], i: int, max_words: int = 3, common: bool = False) -> int:
    """End index (exclusive) of up to ``max_words`` surnames in capitals from token ``i`` on (:func:`_capital_word`),
    each one space after the last (never across a line break or a form's column gap), no common word of the language
    unless a surname of the language's lexicon (:func:`surnames`: "LEAL", "ARCE"; a bank statement's "SO CHIDI OKONJO
    RENT" is no name), particles in capitals between two of them ("NÚÑEZ DE ARCE", "SILVA DOS SANTOS"); ``i`` when
    the first token is none. ``common``: common words too (a name alone on its line: "BEATRIZ ELENA CASTAÑO RÍOS"
    above a judge's role, where "castaño" and "ríos" are common words; stop 63)."""
    j = end = i
    words = 0
    while j < len(t) and words < max_words and t[j].start - t[j - 1].end == 1 and ctx.text[t[j - 1].end] == " ":
        word = t[j].text
        if (_capital_word(ctx, t[j]) and word.lower() not in _PARTICLES
                and (common or word.capitalize() in surnames(ctx.language)  # "PRIETO LEAL", "NÚÑEZ DE ARCE"
                     or not _common_word(ctx.language, word.lower()))):  # a statement's "CHIDI OKONJO RENT"
            words += 1
            j += 1
            end = j
        elif (t[j].text.isupper() and t[j].text.lower() in _SURNAME_JOINERS and end > i
              and j + 1 < len(t)):
            j += 1
        else:
            break
    return end


#: Tokens inside a company's name before its legal form that are no words: "&", "-" (and "–": "Fidelidade – Companhia
#: de Seguros, S.A."; stop 54) and quotation marks.
_INSIDE_A_NAME: frozenset[str] = frozenset({"&", "-", "–", '"', "„", "“", "”", "«", "»"})
#: German prepositions of place inside a firm's or a clinic's name before its legal form ("Reha-Zentrum am Urban GmbH",
#: "Apotheke an der Oper OHG"; and "für" of an association's, "Hilfe für Kinder Hannover-West e.V."): one word, or two
#: with an article (:func:`_place_preposition`).
_ORG_PREPOSITIONS: frozenset[str] = frozenset({"am", "im", "zum", "zur", "vom", "beim", "für"})
_PREPOSITIONS_BEFORE_ARTICLE: frozenset[str] = frozenset({"an", "auf", "in", "unter", "hinter", "vor"})
_ARTICLES_AFTER_PREPOSITION: frozenset[str] = frozenset({"der", "dem", "den"})


def _place_preposition(t: tuple[Token, ...], k: int) -> bool:
    """Whether token ``k`` is a German preposition of place inside a name, or one word of it ("am", "an der": "Apotheke
    an der Oper OHG"; not "an" alone: "Bitte an Schreiner Isartal eG")."""
    if k < 0 or k >= len(t):
        return False
    word = t[k].text
    return (word in _ORG_PREPOSITIONS
            or (word in _PREPOSITIONS_BEFORE_ARTICLE and k + 1 < len(t)
                and t[k + 1].text in _ARTICLES_AFTER_PREPOSITION)
            or (word in _ARTICLES_AFTER_PREPOSITION and k > 0 and t[k - 1].text in _PREPOSITIONS_BEFORE_ARTICLE))
#: Quotation marks that open a name ('Kita „Pusteblume"'), and every quotation mark.
_OPENING_QUOTES: frozenset[str] = frozenset({'"', "„", "“", "«"})
_QUOTES: frozenset[str] = _OPENING_QUOTES | {"”", "»"}
#: Conjunctions in capitals inside a company's name in capitals ("REFORMAS Y PINTURA TURIA, S.L.").
_CAPITAL_CONJUNCTIONS: frozenset[str] = frozenset({"Y", "E", "UND", "AND", "I"})
#: What joins two legal forms into one: "GmbH & Co. KG", Mexico's "S.A. de C.V." (stop 69).
_FORM_JOINERS: frozenset[str] = frozenset("& de DE".split())
#: Capitalised articles between an organization's head and its name before the form ("Frigorífico La Pampeana S.R.L."
#: of a pension application's work history; stop 70: the model's "Pampeana S.R.L" left the head in clear).
_HEADED_ARTICLES: frozenset[str] = frozenset("La El Los Las Le Les".split())
#: Legal forms written after a comma in mixed case as much as in capitals ("Transitarios Canarios Hermanos Suárez,
#: S.A.", "ECAI Adopta-Sur, S.L.", "Acme, Inc."; stop 54: only a name in capitals took its comma).
_COMMA_FORMS: frozenset[str] = frozenset(
    "S.A. S.L. S.A.U. S.L.U. S.L.P. S.L.L. S.A.L. S.Coop. S.C. Lda. Ltda. Lda Ltda LDA. LTDA. S/A Inc. Inc Ltd. Ltd "
    "LLC "
    "L.L.C. C.V. C.V".split())
#: A German form's aside ("Klangwerk Audio UG (haftungsbeschränkt)": part of the firm's name; stop 54).
_FORM_ASIDE = re.compile(r"[^\S\n]?\((?:haftungsbeschränkt|in Gründung|in Liquidation|i\.[^\S\n]?[GL]\.)\)"
                         # (stop 70) a Brazilian small firm's size after a dash ("PADARIA E CONFEITARIA BELLA NAPOLI
                         # LTDA - EPP" of a termination record)
                         r"|[^\S\n]+[-–][^\S\n]+(?:EPP|ME)(?![\w])")


def _cut_compound(t: tuple[Token, ...], k: int) -> bool:
    """Whether token ``k`` is the hyphen of a compound's first part cut before "und", glued to it ("Hoch- und
    Tiefbau"; not a hyphen between spaces, "Werkzeug - und Formenbau" of the tokenized GermEval text)."""
    return 0 < k < len(t) - 1 and t[k].text == "-" and t[k - 1].end == t[k].start and t[k].end < t[k + 1].start


def _bracketed_capitals(t: tuple[Token, ...], k: int) -> bool:
    """Whether token ``k`` is a bracket around one word in capitals, or that word ("(MIDLANDS)")."""
    if k < 0 or k >= len(t):
        return False
    word = t[k].text
    if word == ")":
        return k >= 2 and t[k - 2].text == "(" and t[k - 1].text.isupper()
    if word == "(":
        return k + 2 < len(t) and t[k + 2].text == ")" and t[k + 1].text.isupper()
    return word.isupper() and 0 < k < len(t) - 1 and t[k - 1].text == "(" and t[k + 1].text == ")"


def compound_endings(heads: Iterable[str], language: str) -> tuple[str, ...]:
    """The one-word ``heads`` (five letters or more) in lower case, as the endings of compounds that name the same kind
    of organization ("…genossenschaft", "…praxis"), in a language that writes its nouns together
    (:attr:`app.languages.Language.capitalised_nouns`); ``()`` in any other."""
    lang = languages.find(language)
    if lang is None or not lang.capitalised_nouns:
        return ()
    return tuple(h.lower() for h in heads if len(h) >= 5 and h.isalpha())


@register("detection_rule")
class OrgSuffixRule(Rule):
    """Capitalised words + legal form → ``ORGANIZATION`` (Graliński et al., 2009, §4.1: "S.A." endings); a form of two
    words whole ("PartG mbB"), a name in quotation marks ('Kita "Pusteblume" e.V.'), never across a line break. The
    proposal absorbs the entities inside it (the model's pieces: "LEVANTE" and "S.L" of "CONSTRUCCIONES TURIA LEVANTE,
    S.L.", a person "Audio UG" of "Klangwerk Audio UG (haftungsbeschränkt)"; stop 54), except where the model's
    organization already ends with the form: its start is then kept (stop 53: taking in the words before it read
    "NOTE - Jeans Mate Corp", "Firma Koninklijke Scholten-Honig N.V." on the dev sets)."""

    name = "org_suffix"
    absorbs = True

    def __init__(self, language: str, forms: frozenset[str] | None = None) -> None:
        self.forms = forms if forms is not None else LEGAL_FORMS
        self.heads = ORG_KEYWORDS.get(language, frozenset())
        # a compound that ends in a head ("Wohnungsbaugenossenschaft Isartal eG" of a landlord's certificate, the
        # model's "Isartal eG"; stop 55)
        self.head_endings = compound_endings(self.heads, language)

    def _head(self, word: str) -> bool:
        return (word in self.heads or word.rstrip("s") in self.heads
                or (len(word) > 8 and word.lower().endswith(self.head_endings) if self.head_endings else False))

    def propose(self, ctx: RuleContext, t: tuple[Token, ...]) -> Iterator[Entity]:
        for j, tok in enumerate(t):
            # (a German association's form with a space inside, "Kinderladen Pusteblume e. V."; stop 59)
            spaced = (tok.text == "V." and j > 1 and t[j - 1].text == "e." and ctx.text[t[j - 1].end:tok.start] == " ")
            if (tok.text in self.forms or spaced) and j > 0:
                # (any form in capitals: "… SOLD TO ACME HOLDINGS LIMITED YESTERDAY"; stop 59)
                # (not a sentence's one-letter article after a form's full stop: "Seguradora Norte Vida, S.A. A
                # segunda mutuária" of a loan agreement; stop 72)
                if (tok.text.isupper() and j + 1 < len(t) and t[j + 1].text.isupper()
                        and t[j + 1].text.isalpha() and (len(t[j + 1].text) > 1 or not tok.text.endswith("."))
                        and "\n" not in ctx.text[tok.end:t[j + 1].start]
                        and "  " not in ctx.text[tok.end:t[j + 1].start]):
                    # a headline in capitals goes on: "… ESPAÑA Y PORTUGAL SE REÚNEN" (Spanish "se"); not across a
                    # column's gap ("… HOME CARE PTY LTD      ABN 53 614 287 905" of a letterhead; stop 58)
                    continue
                i = j - 1 if spaced else j
                # a form of two words ("PartG mbB", "GmbH & Co. KG"'s last ones): the entity spans both (stop 53: "…
                # Steuerberatung PartG mbB" left the firm's name in clear)
                # (and "GmbH & Co. KG" whole: the "&" between two forms; stop 59)
                # (and "de" between two: "S.A. DE C.V." of a Mexican car rental's letterhead; stop 69)
                # (and a form's full stop cut off by the tokenizer: "RESTREPO & CÍA. S.A.S." of a Colombian lease; stop 70)
                # (at most six tokens back: a run of forms, "Cía. Cía. Cía. …", made each form walk back over all the
                # ones before it, quadratic in a sentence; stop 70)
                while i > 1 and j - i < 6 and (t[i - 1].text in self.forms
                                 or (t[i - 1].text in _FORM_JOINERS and i > 2 and t[i - 2].text in self.forms)
                                 or (t[i - 1].text == "." and i > 2 and t[i - 2].text + "." in self.forms
                                     and t[i - 1].start == t[i - 2].end)):
                    i -= 2 if t[i - 1].text == "." else 1
                top = i
                # a comma before the form after a name in capitals ("DISTRIBUCIONES CÁRNICAS HERMANOS LUENGO, S.L.",
                # "REFORMAS Y PINTURA TURIA, S.L."; stop 52: in clear), and a conjunction in capitals between words in
                # capitals
                if i > 1 and t[i - 1].text == "," and ((t[i - 2].text.isupper() and len(t[i - 2].text) >= 2)
                                                       or (tok.text in _COMMA_FORMS and _is_cap(t[i - 2]))):
                    i -= 1
                capitals = t[i - 1].text.isupper() and len(t[i - 1].text) >= 2  # then only words in capitals
                # (and a name in quotation marks: 'Kita "Pusteblume" e.V.'; stop 53)
                # (never across a line break: "Grüße\nBrünninghaus & Yılmaz Steuerberatung PartG mbB"; stop 53)
                while (i > 0 and top - i < 8 and "\n" not in ctx.text[t[i - 1].end:t[i].start]
                       and (_is_cap(t[i - 1]) or t[i - 1].text in _INSIDE_A_NAME
                            # (a capitalised stop word that opens a name in quotation marks: 'Kleingärtnerverein
                            # „Am Rosental" e.V.'; stop 56)
                            or (i > 1 and t[i - 2].text in _OPENING_QUOTES and t[i - 1].text[:1].isupper())
                            # (a particle between capitalised words: "Companhia de Seguros, S.A."; stop 54)
                            or (t[i - 1].text in NAME_PARTICLES and i > 1 and _is_cap(t[i - 2]) and _is_cap(t[i]))
                            # (a place's preposition: "Reha-Zentrum am Urban GmbH", "Apotheke an der Oper OHG" of a
                            # childcare contract; stop 59)
                            or (_place_preposition(t, i - 1) and i > 1
                                and (_is_cap(t[i]) or _place_preposition(t, i))
                                and (_is_cap(t[i - 2]) or _place_preposition(t, i - 2)))
                                                or (t[i - 1].text in _CAPITAL_CONJUNCTIONS and i > 1
                                                    and t[i - 2].text.isupper() and t[i].text.isupper())
                            # (and a particle in capitals between words in capitals: "LUZ DO CAMBUÍ NEGÓCIOS
                            # IMOBILIÁRIOS LTDA." of a purchase promise; stop 70)
                            or (t[i - 1].text.isupper() and t[i - 1].text.lower() in NAME_PARTICLES and i > 1
                                and t[i - 2].text.isupper() and len(t[i - 2].text) >= 2 and t[i].text.isupper())
                            # (a compound's first part cut before "und": "Hoch- und Tiefbau Brünninghaus GmbH & Co. KG"
                            # of an accident report; stop 59)
                            or (t[i - 1].text == "und" and _is_cap(t[i]) and _cut_compound(t, i - 2))
                            or (t[i - 1].text in _HEADED_ARTICLES and i > 1 and self._head(t[i - 2].text)
                                and _is_cap(t[i]))
                            # (a club's year of foundation: "TSV Eichenau 1921 e.V."; stop 59)
                            or (len(t[i - 1].text) == 4 and t[i - 1].text.isdigit()
                                and t[i - 1].text[:2] in ("18", "19", "20") and i > 1 and _is_cap(t[i - 2]))
                            # (a region in brackets inside a name in capitals: "HARTWELL LOGISTICS (MIDLANDS)
                            # LIMITED"; stop 59; not the form in brackets, "Kampfgeschwadern ( KG )")
                            or (_bracketed_capitals(t, i - 1) and (t[i - 1].text != "(" or i < top)))
                       and t[i - 1].text not in self.forms
                       and not (capitals and not t[i - 1].text.isupper() and t[i - 1].text not in _INSIDE_A_NAME
                                and not (_bracketed_capitals(t, i - 1) and (t[i - 1].text != "(" or i < top)))):
                    i -= 1
                while i < j and not _is_cap(t[i]):
                    i += 1
                # a numbered company, its registry number before its place and form ("2719384 Ontario Inc.", "1234567
                # Alberta Ltd." of a tenancy order; stop 61: the model's "Ontario Inc." left the number in clear)
                numbered = (0 < i < j and t[i - 1].text.isdigit() and 6 <= len(t[i - 1].text) <= 10
                            and ctx.text[t[i - 1].end:t[i].start] == " ")
                if i < j:
                    a, b = t[i - 1 if numbered else i].start, tok.end
                    aside = _FORM_ASIDE.match(ctx.text, b)
                    b = aside.end() if aside else b
                    model = [e for e in ctx.overlapping(a, b)
                             if e.label == ORGANIZATION and e.start < t[top].start and e.end >= tok.end - 1]
                    # the model's organization with its form keeps its own start, unless the words before it hold an
                    # organization's head ("Stadtwerke Bochum Holding GmbH": the model's "Bochum Holding GmbH"; stop 54)
                    # (or a place's preposition: the model's "Urban GmbH" of "Reha-Zentrum am Urban GmbH"; stop 59)
                    # (or a compound's first part cut before "und": "Hoch- und Tiefbau Brünninghaus GmbH"; stop 59)
                    if model and not numbered and not any(self._head(t[k].text) or _place_preposition(t, k)
                                         or (t[k].text == "und" and _cut_compound(t, k - 1))
                                         for k in range(i, j) if t[k].end <= model[0].start):
                        if aside and model[0].end <= tok.end:
                            # (with the form's aside: the model's "Kowalenko Reinigungsservice UG" of "… UG
                            # (haftungsbeschränkt)"; stop 59)
                            a = model[0].start
                            yield Entity(a, b, ORGANIZATION, ctx.text[a:b], f"rule:{self.name}")
                        continue
                    yield Entity(a, b, ORGANIZATION, ctx.text[a:b], f"rule:{self.name}")


#: Form fields whose value is a person's name (lower-case; matched on the one to three words before ":";
#: :attr:`app.languages.Language.name_fields`).
NAME_FIELDS: dict[str, frozenset[str]] = languages.per_language("name_fields")
#: Form fields whose value is an organization (:attr:`app.languages.Language.organization_fields`), per language.
ORGANIZATION_FIELDS: dict[str, frozenset[str]] = languages.per_language("organization_fields")


def _initial(token: Token) -> bool:
    return len(token.text) == 2 and token.text[0].isupper() and token.text[1] == "."


#: Two to four initials written as one token ("K.D.P.", a trial subject's).
_INITIALS = re.compile(r"(?:[A-Z]\.){2,4}")
#: A word that is a field's number sign, not a name's ("NºCol", "Nº", "N.º").
_FIELD_WORD = re.compile(r"[ºª°]")
#: Three spaces or a tab between words: a form's next column, not the same name (as the detector cuts entities:
#: :func:`app.detection.pipeline.clean_spans`).
_COLUMN_GAP = re.compile(r"\t| {3}")
#: The particles inside a place's name on a form (:class:`PlaceFieldRule`: "Mall del Sol", "Vila Nova de Gaia").
_PLACE_PARTICLES = "de|del|de la|de las|de los|da|do|das|dos|am|an|im|der|upon|on|y|e"
#: A word for a birth in any declared language (:attr:`app.languages.Language.birth_names`: "geb.", "born", "née"), as a
#: form's name field goes on after the given names ("Fahrer: Petrović, Milan, geb. 22.11.1990"; stop 68).
_BIRTH_WORDS = {w for words in languages.per_language("birth_names").values() for w in words}
_BIRTH_WORD = re.compile("(?i:" + "|".join(re.escape(w) for w in sorted(_BIRTH_WORDS, key=len, reverse=True))
                         + r")(?![\w])")


@register("detection_rule")
class NameFieldRule(Rule):
    """A form field for a person and its value → ``PERSON`` (Graliński et al., 2009, §4.1, left context): "Name: JOHN A.
    SMITH", "Patient: Mr. Harold Whitfield", "Nombre y apellidos: Ana Ortiz", "Vorname: Jana".

    The value is read after the colon and any titles: capitalised or upper-case words, initials ("A.") and name
    particles, at most five words, never past the end of the line nor into a form's next column (three spaces or a
    tab). A field is strong evidence, so the rule relabels an entity of another label on exactly those words, and
    takes in the entities inside the value (stop 48: "Titular: MARÍA DEL CARMEN OLIVARES PAZ" of an electricity bill,
    the model's "MARÍA DEL CARMEN" and "PAZ" left "OLIVARES" in clear).
    """

    name = "name_field"
    relabel = True
    absorbs = True

    def __init__(self, language: str) -> None:
        self.fields = NAME_FIELDS.get(language, frozenset())
        self.organization_fields = ORGANIZATION_FIELDS.get(language, frozenset())

    def apply(self, ctx: RuleContext) -> list[Entity]:
        """:meth:`Rule.apply`, a sentence that ends in a dot leader read with the next one when that goes on on the
        same line (the sentence splitter ends a sentence at the dots of "Apellido y nombre ...... ARANA …")."""
        out: list[Entity] = []
        carried: tuple[Token, ...] = ()
        for k, sentence in enumerate(ctx.sentences):
            t = carried + sentence.tokens
            following = ctx.sentences[k + 1].tokens if k + 1 < len(ctx.sentences) else ()
            if (len(t) >= 4 and following and self._leader_end(ctx, t + following[:1], len(t) - 1)
                    and len(carried) < 200):
                carried = t
                continue
            carried = ()
            out.extend(self.propose(ctx, t))
        if carried:
            out.extend(self.propose(ctx, carried))
        return out

    def propose(self, ctx: RuleContext, t: tuple[Token, ...]) -> Iterator[Entity]:
        for c, colon in enumerate(t):
            if c == 0 or (colon.text != ":" and not self._leader_end(ctx, t, c)):
                continue
            # the field's name, without a plural's letters in parentheses ("Vorname(n):", "Nombre(s):"; stop 50)
            end = c - 3 if (c >= 4 and t[c - 1].text == ")" and t[c - 3].text == "(" and len(t[c - 2].text) <= 3
                            and t[c - 2].text.isalpha()) else c
            # a form's dot leader between the field's name and its colon ("Nome ...............: Bogdan-Mihai
            # LĂCĂTUȘU" of a detention record; stop 59: the model took the field's name and the person as one
            # organization)
            leader = end
            while leader > 0 and t[leader - 1].text == ".":
                leader -= 1
            if end - leader >= 2:
                end = leader
            # the field's name as the text writes it, spaces made single ("TRABAJADOR/A", "Bearb.": one field, not
            # the tokens "trabajador / a")
            # (up to five tokens: "FAMILIENNAME vor der ersten Eheschließung:" of an Austrian registration form;
            # stop 66: the lists held such fields, but only their last three tokens were read)
            field_names = [" ".join(ctx.text[t[end - n].start:t[end - 1].end].split()).lower()
                           for n in (1, 2, 3, 4, 5) if n <= end]
            if not any(name in self.fields for name in field_names) or any(
                    name in self.organization_fields for name in field_names):
                continue  # (an organization's field, "Enterprise name:", is the organization_field rule's)
            j = c + 1
            while j + 1 < len(t) and t[j].text == "." and t[j + 1].text == ".":
                j += 1  # a dot leader after the colon ("Name, Vorname: .................. YILMAZ, Elif Nur"; stop 59)
            if j < len(t) and t[j].text == "." and j > c + 1:
                j += 1
            while j < len(t) and (t[j].text in ALL_TITLES or t[j].text in ACADEMIC_DEGREES
                                  or (t[j].text.isupper() and t[j].text.capitalize() in HONORIFICS)):
                j += 1  # (an honorific in capitals too: "Account holder: MR T J OKONJO"; stop 50)
            if j < len(t) and t[j].text.lower() in self.fields:
                continue  # a heading's field, prose after it: "Informe clínico del paciente: Paciente de 62 años"
            first, words, letters = j, 0, False
            while j < len(t) and words < 5 and "\n" not in ctx.text[t[j - 1].end:t[j].start]:
                if j > first and _COLUMN_GAP.search(ctx.text, t[j - 1].end, t[j].start):
                    break  # the next column of a form's line ("Silva   Idade: 58 anos"; stop 48)
                tok = t[j]
                if j > first and _FIELD_WORD.search(tok.text):
                    break  # the next field's name ("Médico: Victoria Ramos Medina NºCol: 29 29 55710"; stop 48)
                if tok.text.lower() in NAME_PARTICLES and j > first and j + 1 < len(t) and _is_cap(t[j + 1]):
                    pass  # "da", "DE LA": inside the name, not counted
                elif (tok.text == "/" and j > first and j + 1 < len(t) and _is_cap(t[j + 1])
                      and "\n" not in ctx.text[tok.end:t[j + 1].start]):
                    pass  # the name in a second script ("ELEFTHERIA / ΕΛΕΥΘΕΡΙΑ" of a hotel's form; stop 50)
                elif _initial(tok) or (_is_cap(tok) and all(ch.isalpha() or ch in "-'’" for ch in tok.text)):
                    letters = letters or not _initial(tok)
                    words += 1
                elif _INITIALS.fullmatch(tok.text):
                    letters, words = True, words + 1  # initials in one token ("Initials: K.D.P."; stop 54)
                elif (len(tok.text) == 1 and tok.text.isupper() and j + 1 < len(t) and _is_cap(t[j + 1])
                      and "\n" not in ctx.text[tok.end:t[j + 1].start]):
                    words += 1  # an initial without its full stop, even a stop word's letter ("O Adeyemi-Clarke"; stop 50)
                else:
                    break
                j += 1
            if j > first and letters:
                a, b = t[first].start, t[self._given_names_after_comma(ctx, t, j) - 1].end
                yield Entity(a, b, PERSON, ctx.text[a:b], f"rule:{self.name}")

    @staticmethod
    def _leader_end(ctx: RuleContext, t: tuple[Token, ...], c: int) -> bool:
        """Whether ``t[c]`` ends a form's dot leader of three dots or more that stands for the field's colon, the value
        after it on the same line ("Apellido y nombre ...... ARANA ETXEBERRIA, Mateo Iñaki" of a disability
        certificate; stop 61: the surnames stayed in clear)."""
        text = t[c].text
        if not text or text.strip(".") or c + 1 >= len(t) or t[c + 1].text[:1] in (".", ":", "…"):
            return False
        dots, k = len(text), c - 1
        while k >= 0 and dots < 3 and t[k].text and not t[k].text.strip(".") and t[k].end == t[k + 1].start:
            dots, k = dots + len(t[k].text), k - 1
        return dots >= 3 and "\n" not in ctx.text[t[c].end:t[c + 1].start]

    @staticmethod
    def _given_names_after_comma(ctx: RuleContext, t: tuple[Token, ...], j: int) -> int:
        """Where the value ends when a form writes the surname first ("Name: Wróblewski, Dariusz": stop 49, the
        given name came out as a place): after ``t[j]``, a comma and one to three capitalised words that end the
        line or the form's column; ``j`` itself otherwise (an index into ``t``, exclusive)."""
        if j >= len(t) or t[j].text != "," or "\n" in ctx.text[t[j - 1].end:t[j].start]:
            return j
        k = j + 1
        while (k < len(t) and k - j <= 3 and "\n" not in ctx.text[t[k - 1].end:t[k].start]
               and not (k > j + 1 and _COLUMN_GAP.search(ctx.text, t[k - 1].end, t[k].start))
               and _is_cap(t[k]) and all(ch.isalpha() or ch in "-'’" for ch in t[k].text)
               and t[k].text not in STOP_WORDS and t[k].text not in ACADEMIC_DEGREES and t[k].text not in ALL_TITLES):
            k += 1
        if k == j + 1:
            return j
        if k < len(t) and "\n" not in ctx.text[t[k - 1].end:t[k].start] and not _COLUMN_GAP.search(
                ctx.text, t[k - 1].end, t[k].start) and not (
                    t[k].text == "," and k + 1 < len(t) and _BIRTH_WORD.match(ctx.text, t[k + 1].start)):
            return j  # the line goes on: "Name: Smith, London office, …" (not to a birth: stop 68)
        return k


#: A form's field of an organization and its value on the same line, up to the line's end or the next column (three
#: spaces or a tab): group ``field`` the field's name (one to three words), ``value`` the value.
_ORGANIZATION_FIELD = re.compile(r"(?m)^[^\S\n]*(?P<field>[^\W\d_][\w.-]*(?:[^\S\n][\w.-]+){0,2})[^\S\n]*:[^\S\n]*"
                                 r"(?P<value>[^\W_][^\n\t]*?)(?=[^\S\n]*(?:\t|[^\S\n]{3}|$))")
#: Public bodies' words per language (:attr:`app.languages.Language.public_body_words`), in capitals, and compound
#: endings (:attr:`app.languages.Language.public_body_endings`), and document titles' words, in capitals.
PUBLIC_BODY_WORDS: dict[str, frozenset[str]] = {
    code: frozenset(w.upper() for w in words) for code, words in languages.per_language("public_body_words").items()}
PUBLIC_BODY_ENDINGS: dict[str, tuple[str, ...]] = {
    code: tuple(e.upper() for e in endings) for code, endings in languages.per_language("public_body_endings").items()}
DOCUMENT_TITLE_WORDS: dict[str, frozenset[str]] = {
    code: frozenset(w.upper() for w in words)
    for code, words in languages.per_language("document_title_words").items()}
#: A line of a letterhead in capitals: letters of any alphabet, spaces and "&,.'()-–/" only, at most 90 characters.
#: (Stop 65: and Spanish and English ordinals in letters, "OFICIALÍA DEL ESTADO CIVIL DE LA 3RA. CIRCUNSCRIPCIÓN DE
#: SANTIAGO" of a Dominican divorce record.)
_CAPITALS_LINE = re.compile(r"[^\W\d_]+(?:[ &,.'’()/–-]+(?:[^\W\d_]+|\d{1,2}\.?[ºª°]"
                            r"|\d{1,2}(?:RA|DA|RO|DO|TA|TO|ST|ND|RD|TH)\.?(?=[ ,]|$)))+[.)]?")
#: What separates a letterhead line's body from the rest of the line ("CONSERVATÓRIA DO REGISTO CIVIL DA CIDADE DE
#: MAPUTO – 2.ª Conservatória"): a dash, a bar or a middle dot between spaces.
_LETTERHEAD_SEPARATOR = re.compile(r"[^\S\n]+[–|·-][^\S\n]+")
#: A letterhead line's ordinal before the body ("2.ª CONSERVATÓRIA DO REGISTO CIVIL DE LUANDA", "6º TABELIONATO") and
#: its number after it ("NOTARÍA DE FE PÚBLICA N° 47", "REGISTRO DE LA PROPIEDAD DE VALENCIA N.º 5").
_BODY_ORDINAL = re.compile(r"\d{1,2}(?:\.?[ºª°]|\.)[^\S\n]+")
#: (Stop 65: or before the body's place, "JUZGADO DE PRIMERA INSTANCIA N.º 7 DE VALÈNCIA", "NOTARÍA PÚBLICA NÚMERO 147
#: DE GUADALAJARA, JALISCO": the place's words in capitals after a preposition, :data:`_BODY_PLACE`.)
#: The prepositions in capitals before a body's place ("… N.º 7 DE VALÈNCIA").
_BODY_PREPOSITION = r"(?:DE|DEL|DA|DO|DOS|DAS|EN|EM|IN|OF|VON|ZU)"
_BODY_NUMBER = re.compile(r"[^\S\n]+(?:N[°º]|N\.[°º]|No\.|NO\.|Nr\.|NR\.|n\.[°º]|NÚMERO|NUMERO)[^\S\n]?\d{1,3}"
                          rf"(?=$|[^\S\n]+{_BODY_PREPOSITION}[^\S\n]|[^\S\n]+[\"“«])")
#: (Or its own name in quotation marks, "UNIDAD DE MEDICINA FAMILIAR No. 147 "COYOACÁN"" of an IMSS certificate.)
_BODY_PLACE = re.compile(rf"[^\S\n]+{_BODY_PREPOSITION}[^\S\n]+[^\W\d_]+"
                         r"(?:(?:[^\S\n]|,[^\S\n]|-)[^\W\d_]+){0,5}"
                         r"|[^\S\n]+[\"“«][^\W\d_]+(?:[^\S\n][^\W\d_]+){0,4}[\"”»]")
#: The lines of a document's start read as its letterhead (non-empty ones).
LETTERHEAD_LINES = 6


@register("detection_rule")
class LetterheadRule(Rule):
    """A public body's name in capitals on a line of the document's letterhead → ``ORGANIZATION``: "KENYA REVENUE
    AUTHORITY", "JUNTA CENTRAL ELECTORAL", "CARTÓRIO NOTARIAL DA REGIÃO DE PRIMEIRA CLASSE DA PRAIA", "STEUERVERWALTUNG
    DES FÜRSTENTUMS LIECHTENSTEIN" (stop 64: the model tagged parts of them or none, and a body's name with its place
    tells where its addressee lives or was judged; Sweeney, 2002, §2, quasi-identifiers).

    A line counts when it is one of the first :data:`LETTERHEAD_LINES` non-empty lines of the text, written in
    capitals throughout (:data:`_CAPITALS_LINE`: two words or more, no digit but an ordinal's, no colon; an ordinal
    before it and a number after it come with it, :data:`_BODY_ORDINAL`, :data:`_BODY_NUMBER`; or its part before a
    dash, a bar or a middle dot, :data:`_LETTERHEAD_SEPARATOR`), with a word of the language's
    ``public_body_words`` or a compound ending in one of its ``public_body_endings``, and no word of its
    ``document_title_words`` (the document's own title, "CERTIFICADO DE ANTECEDENTES POLICIALES", names no body); in a
    head-initial language (Spanish, Portuguese) the body's word comes first ("PRESTADOR DE SERVIÇOS" of an invoice is
    a section's heading).
    Leading function words are left out ("IN THE SUPERIOR COURT OF JUDICATURE": "SUPERIOR COURT OF JUDICATURE"). The
    rule relabels the model's entities on the line and takes them in.
    """

    name = "letterhead"
    relabel = True
    absorbs = True

    def __init__(self, language: str) -> None:
        self.words = PUBLIC_BODY_WORDS.get(language, frozenset())
        self.endings = PUBLIC_BODY_ENDINGS.get(language, ())
        self.titles = DOCUMENT_TITLE_WORDS.get(language, frozenset())
        lang = languages.find(language)
        self.head_first = lang is not None and not lang.head_final

    def apply(self, ctx: RuleContext) -> list[Entity]:
        """:meth:`Rule.apply` over the text's first lines (a bounded prefix of the text: constant work per document)."""
        if not self.words:
            return []
        out, pos, seen = [], 0, 0
        text = ctx.written if ctx.written is not None else ctx.text  # (capitals as written, not as restored)
        while seen < LETTERHEAD_LINES and pos < len(text):
            end = text.find("\n", pos)
            end = len(text) if end < 0 else end
            line = text[pos:end]
            if line.strip():
                seen += 1
                stripped, offset = line.strip(), pos + len(line) - len(line.lstrip())
                entity = self._body(stripped, offset)
                if entity is None and (cut := _LETTERHEAD_SEPARATOR.search(stripped)) is not None:
                    entity = self._body(stripped[:cut.start()], offset)  # the body before the rest of its line
                if entity is not None:
                    # the model's entities that cross the body's ends on its line come in whole ("IN THE COUNTY COURT
                    # AT CARDIFF": the model's "THE COUNTY COURT")
                    crossing = ctx.overlapping(*entity)
                    a = min([entity[0], *(e.start for e in crossing if e.start >= pos)])
                    b = max([entity[1], *(e.end for e in crossing if e.end <= end)])
                    out.append(Entity(a, b, ORGANIZATION, ctx.text[a:b], f"rule:{self.name}"))
            pos = end + 1
        return out

    def _body(self, line: str, offset: int) -> tuple[int, int] | None:
        """``(start, end)`` in the text of the public body on ``line`` (stripped, starting at ``offset`` of the text),
        or ``None`` when the line names none."""
        ordinal = _BODY_ORDINAL.match(line)
        number = _BODY_NUMBER.search(line)
        core = line[ordinal.end() if ordinal else 0:number.start() if number else len(line)]
        if len(line) > 90 or core != core.upper() or not _CAPITALS_LINE.fullmatch(core):
            return None
        if number is not None and number.end() < len(line):
            place = line[number.end():]
            if place != place.upper() or not _BODY_PLACE.fullmatch(place):
                return None
        if ordinal is not None or number is not None:
            found = self._body(core, offset + (ordinal.end() if ordinal else 0))
            if found is None:
                return None
            return offset if ordinal else found[0], offset + len(line) if number else found[1]
        words = re.findall(r"[^\W\d_]+", line)
        if not any(self._names_a_body(w) for w in words) or any(w in self.titles for w in words):
            return None
        start, head = 0, None
        for w in words:  # leading function words ("IN THE", "EN EL"); the body's first word after them
            if w.casefold() not in STOP_WORDS_FOLDED:
                head = w
                break
            start = line.index(w, start) + len(w)
            while start < len(line) and line[start] == " ":
                start += 1
        if head is None or (self.head_first and not self._names_a_body(head)):
            return None  # a head-initial language names the body first ("PRESTADOR DE SERVIÇOS" is a form's section)
        body = line[start:].rstrip(".,")
        if " " not in body and not any(self._compound(w) for w in words):
            return None  # one word alone names no body unless a compound does ("BETREIBUNGSAMT")
        return offset + start, offset + start + len(body)

    def _names_a_body(self, word: str) -> bool:
        """Whether ``word`` (in capitals) is a public body's word or a compound with such an ending."""
        return word in self.words or self._compound(word)

    def _compound(self, word: str) -> bool:
        """Whether ``word`` (in capitals) is a compound ending in a public body's ending ("BETREIBUNGSAMT")."""
        return len(word) > 6 and word.endswith(self.endings)  # (no ending matches when the language has none)

    def propose(self, ctx: RuleContext, t: tuple[Token, ...]) -> Iterator[Entity]:
        return iter(())  # (every proposal comes from :meth:`apply`, over the letterhead's lines)


#: Where an organization's field's value goes on to other data: a comma before a digit further on its line ("Rheintal
#: Präzisionstechnik AG, Zollstrasse 21, 9494 Schaan", "…GmbH, Steuernr. 54 218/3391"), or an aside in brackets with a
#: digit or a colon ("Kessler Antriebstechnik GmbH, Fürth (Tätigkeit: Industriemechaniker)"); not "(PTY) LTD".
_ORGANIZATION_VALUE_END = re.compile(r",[^\S\n]*(?=[^,\n]*\d)|[^\S\n]\((?=[^)\n]*[\d:])")
#: Values of an organization's field that name none ("Employer: None", "Empleador: jubilado").
_NO_ORGANIZATION = frozenset("""n/a na none nil self-employed unemployed retired student ninguno ninguna desempleado
    desempleada jubilado jubilada keine kein arbeitslos rentner rentnerin selbständig nenhum nenhuma desempregado
    desempregada aposentado aposentada reformado reformada""".split())


@register("detection_rule")
class OrganizationFieldRule(Rule):
    """A form's field of an organization, an employer or a business and its value → ``ORGANIZATION``: "Lugar de trabajo:
    Restaurante La Vasija Dorada, S.A.", "Nombre Comercial: ESTUDIO NAKAMURA DISEÑO", "Enterprise name: UMNOTHO GREEN
    ENERGY (PTY) LTD" (stop 64: the model left "Restaurante La" and a business's words around the owner's surname in
    clear, and the name field read the company as a person's name). An employer names where its employee is found
    (a quasi-identifier; Sweeney, 2002, §2), a sole trader's business names its owner.

    The fields are the language's ``organization_fields`` (:attr:`app.languages.Language.organization_fields`); the
    value is the rest of the field's line up to the next column (three spaces or a tab) or to the other data after it
    (:data:`_ORGANIZATION_VALUE_END`: an address, a tax number, an occupation in brackets), at most 80 characters, a
    letter or digit first and a capital among its first word's letters, never a value that names none
    (:data:`_NO_ORGANIZATION`). A field is strong evidence: the rule relabels an entity of another label on exactly
    those words and takes in the entities inside the value.
    """

    name = "organization_field"
    relabel = True
    absorbs = True

    def __init__(self, language: str) -> None:
        self.fields = ORGANIZATION_FIELDS.get(language, frozenset())

    def apply(self, ctx: RuleContext) -> list[Entity]:
        """:meth:`Rule.apply` over the whole text at once: a field and its value are one line (linear in the text)."""
        if not self.fields or ":" not in ctx.text:
            return []
        out = []
        for m in _ORGANIZATION_FIELD.finditer(ctx.text):
            if " ".join(m.group("field").split()).lower() not in self.fields:
                continue
            value = m.group("value")
            cut = _ORGANIZATION_VALUE_END.search(value)
            value = (value[:cut.start()] if cut is not None else value).rstrip(" ,;:")
            parts = value.split()
            first = parts[0] if parts else ""
            if (not value or len(value) > 80 or first.lower().rstrip(".,") in _NO_ORGANIZATION
                    or not any(c.isupper() for c in first)):
                continue
            start = m.start("value")
            out.append(Entity(start, start + len(value), ORGANIZATION, value, f"rule:{self.name}"))
        return out

    def propose(self, ctx: RuleContext, t: tuple[Token, ...]) -> Iterator[Entity]:
        return iter(())  # (every proposal comes from :meth:`apply`, over the whole text)


#: Head nouns of organization names per language (Graliński et al., 2009, §4.1: keywords of organization names). German heads
#: also end compounds ("Weingärtnergenossenschaft", "Universitätsklinikums": lower-case suffix match, genitive -s).
ORG_KEYWORDS: dict[str, frozenset[str]] = languages.per_language("organization_heads")

#: Words between an organization head and a place ("Universidad de", "Tribunal de Justiça do", "University of the").
ORG_CONNECTORS: dict[str, frozenset[str]] = languages.per_language("organization_connectors")


@register("detection_rule")
class OrgKeywordRule(Rule):
    """An organization head noun and a detected place → one ``ORGANIZATION`` (Graliński et al., 2009, §4.1, keywords).

    * head, connectors and capitalised words, then a ``LOCATION`` entity: "University of Lisbon", "Sparkasse
      Hannover", "Universität zu Köln", "Tribunal de Justiça de Minas Gerais", "Ayuntamiento de Madrid";
    * a ``LOCATION`` entity, up to two capitalised words, then the head: "Leeds City Council", "Eichsfelder
      Tageblatt" when "Eichsfelder" was found as a place;
    * a ``PERSON`` entity right before the head, one space between: "Adam Mickiewicz University", "Max Planck
      Institute" (an organization named after a person; no dev set changed, four languages).

    The proposal takes in the place and any entity inside it (``absorbs``: :func:`apply_rules` removes the
    entities a proposal covers entirely, unless an entity sticks out of it).
    """

    name = "org_keyword"
    absorbs = True

    def __init__(self, language: str) -> None:
        self.heads = ORG_KEYWORDS.get(language, frozenset())
        self.connectors = ORG_CONNECTORS.get(language, frozenset())
        lang = languages.find(language)
        compounds = lang is not None and lang.compounds is not None  # heads end compounds ("Universitätsklinikums")
        self.suffixes = tuple(h.lower() for h in self.heads if len(h) >= 6) if compounds else ()
        # one search for every suffix at once, and each word answered once (the rule runs every round of the rules on
        # every word: 110,000 calls of a loop over the suffixes on the demo documents, stop 52)
        alternatives = "|".join(re.escape(h) for h in sorted(self.suffixes, key=len, reverse=True))
        self._suffix_re = re.compile(f"(?:{alternatives})s?$") if self.suffixes else None
        # the answers for one document's words, dropped when the call ends: a document's words (names among them)
        # never outlive its call (stop 53: the cache was the detector's, holding up to 100,000 words of every
        # document a worker had read; rule 3 of the README)
        self._heads_seen: dict[str, bool] = {}

    def apply(self, ctx: RuleContext) -> list[Entity]:
        """:meth:`Rule.apply` with each word's answer kept for this call only."""
        try:
            return super().apply(ctx)
        finally:
            self._heads_seen = {}

    def _is_head(self, word: str) -> bool:
        known = self._heads_seen.get(word)
        if known is not None:
            return known
        answer = word in self.heads or (self._suffix_re is not None and word[:1].isupper()
                                        and self._suffix_re.search(word.lower()) is not None)
        self._heads_seen[word] = answer
        return answer

    def propose(self, ctx: RuleContext, t: tuple[Token, ...]) -> Iterator[Entity]:
        for i, tok in enumerate(t):
            if not self._is_head(tok.text):
                continue
            # head ... place
            j = i + 1
            while j < len(t) and j - i <= 5:
                place = ctx.covered(t[j].start, t[j].end)
                if place is not None and place.label == LOCATION and place.start == t[j].start:
                    if t[j - 1].text in self.connectors or j == i + 1:
                        yield (Entity(tok.start, place.end, ORGANIZATION, ctx.text[tok.start:place.end],
                                          f"rule:{self.name}"))
                    break
                if place is not None or not (t[j].text in self.connectors or _is_cap(t[j])):
                    break
                j += 1
            # place (or person) ... head
            k = i - 1
            while k >= 0 and i - k <= 3:
                place = ctx.covered(t[k].start, t[k].end)
                if place is not None and place.end == t[k].end and (
                        place.label == LOCATION or (place.label == PERSON and k == i - 1
                                                    and ctx.text[place.end:tok.start] == " ")):
                    yield (Entity(place.start, tok.end, ORGANIZATION, ctx.text[place.start:tok.end],
                                      f"rule:{self.name}"))
                    break
                if place is not None or not _is_cap(t[k]) or t[k].text in STOP_WORDS:
                    break
                k -= 1


#: Heads that open the name of a health-care or similar institution, as token sequences ("Complejo Hospitalario"):
#: the name that follows is the institution's ("Hospital Universitario Ramón y Cajal", "Hospital Dr. Peset";
#: :attr:`app.languages.Language.institution_heads`).
INSTITUTION_HEADS: dict[str, tuple[tuple[str, ...], ...]] = languages.per_language("institution_heads")
#: Words that end a school's, a nursery's, a surgery's or a care home's name (:attr:`app.languages.Language.institution_tails`).
INSTITUTION_TAILS: dict[str, tuple[tuple[str, ...], ...]] = languages.per_language("institution_tails")
#: Words that end an institution's name: street types that often follow it on a letterhead ("... Cajal Ctra. de
#: Colmenar"; :attr:`app.languages.Language.institution_stops`).
_INSTITUTION_STOPS: frozenset[str] = languages.union("institution_stops")
#: Lower-case words inside an institution's name (:attr:`app.languages.Language.institution_words`).
_INSTITUTION_WORDS: frozenset[str] = NAME_PARTICLES | languages.union("institution_words")


#: Adjectives of an institution's owner or creed written before its head, part of its name ("Städtische Grundschule am
#: Lindenhof" of a school's minutes; stop 59: the model and the rule took the name from "Grundschule" on).
#: An ordinal before an institution's head, as notaries' and registrars' offices are numbered ("19º", "48ª", "2.º").
_ORDINAL = re.compile(r"(?<![\w.])\d{1,3}\.?[ºª°] $")
_INSTITUTION_ADJECTIVES: frozenset[str] = frozenset(
    "Städtische Staatliche Private Katholische Evangelische Freie Kommunale Öffentliche Städtisches Staatliches "
    "Katholisches Evangelisches Städtischer Staatlicher".split())


@register("detection_rule")
class InstitutionRule(Rule):
    """A health-care institution's head and the name after it → one ``ORGANIZATION`` (Graliński et al., 2009,
    §4.1, keywords):
    "Hospital Universitario Ramón y Cajal", "Hospital Dr. Peset", "Complejo Hospitalario Universitario de
    Albacete"; in "Klinikum rechts der Isar" only "Klinikum" would be a head (lower-case words end the name).

    The name is capitalised words, name particles and titles, at most six words, never past the end of a line nor
    into a street type (:data:`_INSTITUTION_STOPS`). Like ``org_keyword`` the proposal takes in the entities inside it
    ("Dr. Peset" tagged as a person); an entity that crosses it keeps its part outside (``cuts``, :func:`cut`: a
    model's "Urología Hospital Ramón" becomes "Urología" beside "Hospital Ramón y Cajal").

    A language's tails (:attr:`app.languages.Language.institution_tails`) end a name instead: the capitalised words
    before one, at most four, on its line, none a function word ("The", "Our"), are the name ("Greenfield Primary
    School", "St Mary's Catholic Primary School", "Ferncliffe Health Centre"; stop 49).
    """

    name = "institution"
    absorbs = True
    cuts = True

    def __init__(self, language: str) -> None:
        self.heads: dict[str, list[tuple[str, ...]]] = {}  # first word -> heads
        for head in INSTITUTION_HEADS.get(language, ()):
            self.heads.setdefault(head[0], []).append(head)
        self.tails: dict[str, list[tuple[str, ...]]] = {}  # first word -> tails, longest first
        for tail in sorted(INSTITUTION_TAILS.get(language, ()), key=len, reverse=True):
            self.tails.setdefault(tail[0], []).append(tail)
        # a compound that ends in a one-word head before a title, in a language that writes its nouns together
        # ("Hausarztpraxis Dr. Lehner", "HNO-Praxis Dr. Lioba Feger" of a neighbourhood help's plan; stop 56)
        self.compound_heads = compound_endings([h[0] for h in INSTITUTION_HEADS.get(language, ()) if len(h) == 1],
                                               language)
        words = [" ".join(w).upper()
                 for w in (*INSTITUTION_HEADS.get(language, ()), *INSTITUTION_TAILS.get(language, ()))]
        self.in_capitals = re.compile(rf"(?<!\w)(?:{'|'.join(map(re.escape, words))})(?!\w)") if words else None
        # a heading line in capitals that opens with a head of two words or more, whatever the model tagged on it
        # ("MINISTRY OF MANPOWER", "DIRECCIÓN GENERAL DE TRÁFICO" of a work pass and a fine; stop 63); a line of at
        # most 80 characters after the head (linear: anchored at line starts)
        long_heads = [r"[^\S\n]+".join(re.escape(w.upper()) for w in h)
                      for h in INSTITUTION_HEADS.get(language, ()) if len(h) > 1]
        self.heading = (re.compile(rf"(?m)^[^\S\n]*(?:{'|'.join(long_heads)})[^\S\n]+[^\n]{{1,80}}$")
                        if long_heads else None)
        # a letterhead's line in capitals that ends in a tail ("SAHYADRI MULTISPECIALITY HOSPITAL" of a referral, no
        # entity of the model's on it; stop 72): the tails in capitals at a line's end
        tails = [r"[^\S\n]+".join(re.escape(w.upper()) for w in tail) for tail in INSTITUTION_TAILS.get(language, ())]
        self.letterhead_tail = (re.compile(rf"(?:^|[^\S\n])(?:{'|'.join(tails)})[^\S\n]*$") if tails else None)

    def apply(self, ctx: RuleContext) -> list[Entity]:
        """:meth:`propose` over the sentences, and a line in capitals with a head or a tail whose words the model
        tagged in part, whole ("MEADOWBANK HOUSE CARE HOME" of a care home's report, "AGRUPAMENTO DE ESCOLAS SERRA DA
        LOUSÃ" of a school report: the model's "MEADOWBANK HOUSE", "SERRA DA LOUSÃ"; stop 54). Only with the model's
        entity: a headline in capitals ("HOSPITAL STRIKE ENDS") is no name.

        A proposal inside a longer organization of the model's gives way to it: the model's "Instituto Hispano-árabe
        para la Comunicación" and "Delegación de la Agencia Efe" stay whole (stop 63: the heads "Instituto" and
        "Agencia" cut them)."""
        out = [p for p in super().apply(ctx) if not _inside_organization(ctx, p)]
        if self.in_capitals is None:
            return out
        text, seen = ctx.text, set()
        for e in ctx.entities:
            if e.label not in (ORGANIZATION, LOCATION, MISC, PERSON) or not e.text.isupper():
                continue  # (a person too: "AGRUPAMENTO DE ESCOLAS D. DINIS - LEIRIA", the model's "D. DINIS - LEIRIA")
            # the line's ends looked for 80 characters around at most (a long line is no heading: linear in the text)
            a, b = text.rfind("\n", max(0, e.start - 80), e.start) + 1, text.find("\n", e.end, e.end + 81)
            b = len(text) if b < 0 and len(text) - e.end <= 80 else b
            if (a == 0 and e.start > 80) or b < 0 or a in seen or b - a > 80:
                continue
            line = text[a:b]
            if not line.isupper() or len(line.split()) > 8:
                continue
            seen.add(a)
            if any(c.isdigit() or c in ":;|" for c in line) or self.in_capitals.search(line) is None:
                continue
            line_entity = self._line_entity(text, a, line)
            if (line_entity.start, line_entity.end) != (e.start, e.end):
                out.append(line_entity)
        if self.heading is not None:
            for m in self.heading.finditer(text):
                line = m.group()
                if (not line.isupper() or len(line.split()) > 8 or m.start() in seen
                        or any(c.isdigit() or c in ":;|" for c in line)):
                    continue
                # a letterhead's: the text's first line, or under another line in capitals (a headline is alone)
                before = text[max(0, m.start() - 81):m.start()]
                if before.strip() and not before.rstrip("\n ").rpartition("\n")[2].strip().isupper():
                    continue
                out.append(self._line_entity(text, m.start(), line))
        if self.letterhead_tail is not None:
            out.extend(self._letterhead(text, seen))
        return out

    def _letterhead(self, text: str, seen: set[int]) -> Iterator[Entity]:
        """The letterhead's lines in capitals at the text's top (the lines before its first line with a lower-case
        letter, at most five, 80 characters each at most) that end in a tail after a name word, two to eight words,
        no digit, colon or bar ("SAHYADRI MULTISPECIALITY HOSPITAL"; not "ADMISSION TO HOSPITAL", whose word before
        the tail is a function word). Reads at most 405 characters."""
        a = 0
        for _ in range(5):
            b = text.find("\n", a, a + 81)
            line = text[a:b if b >= 0 else min(len(text), a + 81)]
            if b < 0 and len(text) - a > 80:
                return
            if line.strip():
                if not line.isupper():
                    return
                words = line.split()
                m = self.letterhead_tail.search(line)
                if (m is not None and a not in seen and 2 <= len(words) <= 8
                        and not any(c.isdigit() or c in ":;|" for c in line)):
                    before = line[:m.start()].split()
                    if before and before[-1].casefold() not in STOP_WORDS_FOLDED:
                        yield self._line_entity(text, a, line)
            if b < 0:
                return
            a = b + 1

    def _line_entity(self, text: str, a: int, line: str) -> Entity:
        """The ``ORGANIZATION`` of ``line`` (``text[a:a + len(line)]``) without its surrounding white space."""
        start, end = a + len(line) - len(line.lstrip()), a + len(line.rstrip())
        return Entity(start, end, ORGANIZATION, text[start:end], f"rule:{self.name}")

    def _before_tails(self, ctx: RuleContext, t: tuple[Token, ...], texts: list[str]) -> Iterator[Entity]:
        """The names that end in a tail: ``Entity`` of label ``ORGANIZATION`` from the first name word to the tail's
        end."""
        for i in range(1, len(t)):
            for tail in self.tails.get(texts[i], ()):
                if tuple(texts[i:i + len(tail)]) != tail:
                    continue
                k, words = i, 0
                while k > 0 and words < 4 and i - k < 8 and "\n" not in ctx.text[t[k - 1].end:t[k].start]:
                    word = texts[k - 1]
                    if word in ("'s", "’s") or word == "St.":
                        k -= 1
                        continue
                    if not _is_cap(t[k - 1]) or word in STOP_WORDS or word in self.tails:
                        break
                    words += 1
                    k -= 1
                while k < i and texts[k] in ("'s", "’s"):
                    k += 1
                if words:
                    a, b = t[k].start, t[i + len(tail) - 1].end
                    yield Entity(a, b, ORGANIZATION, ctx.text[a:b], f"rule:{self.name}")
                break

    def propose(self, ctx: RuleContext, t: tuple[Token, ...]) -> Iterator[Entity]:
        texts = [x.text for x in t]
        if self.tails:
            yield from self._before_tails(ctx, t, texts)
        for i in range(len(t)):
            heads = self.heads.get(texts[i], ())
            capitals = False
            if not heads and len(texts[i]) > 2 and texts[i].isupper() and texts[i].capitalize() in self.heads:
                # (stop 66) a head in capitals ("2º TABELIÃO DE NOTAS DE CAMPINAS - Tabeliã: …" of a deed's heading),
                # its name in capitals, with an entity of the model's inside it (a headline, "HOSPITAL STRIKE ENDS",
                # names no one); a line all in capitals is :meth:`apply`'s, whole (its ends looked for 200 characters
                # around at most: linear)
                lo = max(0, t[i].start - 200)
                a = ctx.text.rfind("\n", lo, t[i].start) + 1 or lo
                b = ctx.text.find("\n", t[i].end, t[i].end + 200)
                if not ctx.text[a:b if b >= 0 else t[i].end + 200].isupper():
                    capitals = True
                    heads = tuple(tuple(w.upper() for w in h) for h in self.heads.get(texts[i].capitalize(), ()))
            if (not heads and self.compound_heads and i + 1 < len(t) and texts[i + 1] in ALL_TITLES
                    and len(texts[i]) > 8 and texts[i][:1].isupper()
                    and texts[i].lower().endswith(self.compound_heads)):
                heads = ((texts[i],),)
            for head in heads:
                if tuple(texts[i:i + len(head)]) != head:
                    continue
                j, words, last, opened = i + len(head), 0, None, False
                while j < len(t) and words < 6 and "\n" not in ctx.text[t[j - 1].end:t[j].start]:
                    word = texts[j]
                    if word in _INSTITUTION_STOPS:
                        break
                    if word in _QUOTES:
                        # a name in quotation marks ('Kita „Pusteblume"'; stop 56): the mark that closes the one
                        # opened right after the head ends it; any other mark ends the name before it
                        if words and opened:
                            last = j
                        elif not words and not opened:
                            opened = True
                            j += 1
                            continue
                        break
                    if (m := _NUMBER_SIGN.match(ctx.text, t[j].start)) is not None:
                        # a court's or a register's number inside its name ("Juzgado de Primera Instancia n.º 7 de
                        # Málaga", "Registro de la Propiedad n.º 3 de Málaga" of a power of attorney; stop 63)
                        # (stop 71: before the sign's "No." is read as a capitalised word, "Notaría Pública No. 45 de
                        # Guadalajara" kept its number in clear)
                        k = j
                        while k + 1 < len(t) and t[k].end < m.end():
                            k += 1
                        if t[k].end != m.end():
                            break
                        words += 1
                        last = j = k
                    elif (_is_cap(t[j]) and (not capitals or word.isupper())) or word in ACADEMIC_DEGREES \
                            or word in ALL_TITLES:
                        words += 1
                        last = j
                    elif (j == i + len(head) and _BARE_NUMBER.fullmatch(word) and j + 1 < len(t)
                          and "\n" not in ctx.text[t[j].end:t[j + 1].start]
                          and (texts[j + 1].lower() in _INSTITUTION_WORDS or _is_cap(t[j + 1]))):
                        # (stop 71) its number right after the head, a name after it ("la Notaría 127 de la CDMX" of an
                        # estate agent's notes)
                        words += 1
                        last = j
                    elif ((o := _INNER_ORDINAL.match(ctx.text, t[j].start)) is not None and j + 2 < len(t)
                          and t[j + 1].end == o.end() and _is_cap(t[j + 2])
                          and "\n" not in ctx.text[o.end():t[j + 2].start]):
                        j += 1  # a district's ordinal before its name ("… Naturais do 28º Subdistrito"; stop 66)
                    elif j + 1 < len(t) and f"{word} {texts[j + 1]}".lower() in _INSTITUTION_WORDS:
                        j += 1  # two words of the name's ("en lo" of "Juzgado … en lo Comercial N° 14"; stop 72)
                    elif word.lower() not in _INSTITUTION_WORDS:
                        break
                    j += 1
                if last is not None and capitals and ctx.covered(t[i].start, t[last].end) is None:
                    last = None
                if last is not None:
                    a, b = t[i].start, t[last].end
                    if i > 0 and texts[i - 1] in _INSTITUTION_ADJECTIVES and ctx.text[t[i - 1].end:a] == " ":
                        a = t[i - 1].start  # its owner's adjective ("Städtische Grundschule am Lindenhof"; stop 59)
                    elif (o := _ORDINAL.search(ctx.text, max(0, a - 8), a)) is not None:
                        a = o.start()  # its ordinal ("19º Tabelião de Notas", "48ª Notaría de Santiago"; stop 62)
                    yield Entity(a, b, ORGANIZATION, ctx.text[a:b], f"rule:{self.name}")
                break


#: A sign for "number" and a court's or a register's number of up to three digits inside its name
#: (:meth:`InstitutionRule.propose`: "n.º 7", "Nº 3", "núm. 5").
#: (stop 72: before a comma or a full stop too, "… en lo Comercial N° 14, con costas", not before a decimal part)
_NUMBER_SIGN = re.compile(r"(?:[Nn]\.?[^\S\n]?[º°]|[Nn]úm\.|No\.|Nr\.)[^\S\n]?\d{1,3}(?![\d/-]|[.,]\d)")
#: A number of up to three digits, an institution's right after its head ("Notaría 127").
_BARE_NUMBER = re.compile(r"\d{1,3}")
#: An ordinal inside an institution's name, before a capitalised word ("28º Subdistrito").
_INNER_ORDINAL = re.compile(r"\d{1,3}[ºª°]")


def _inside_organization(ctx: RuleContext, proposal: Entity) -> bool:
    """Whether ``proposal`` lies inside a longer organization among ``ctx.entities`` (the first that overlaps it,
    :meth:`RuleContext.covered`)."""
    e = ctx.covered(proposal.start, proposal.end)
    return (e is not None and e.label == ORGANIZATION and e.start <= proposal.start and proposal.end <= e.end
            and e.length > proposal.length)


def cut(entities: list[Entity], proposals: list[Entity], text: str) -> list[Entity]:
    """Replace each entity that crosses a proposal (overlaps it without lying inside it) by its parts outside the
    proposals, trimmed and kept as :func:`app.detection.voting.resolve_overlaps` keeps left-over parts; entities
    inside a proposal are left to :func:`absorb`. Proposals are applied in their order, each to the parts the
    previous ones left. Entities sorted by start and disjoint (as :func:`apply_rules` keeps them) are found by
    bisection, O((n + p) log n) plus the parts made; others in O(n · p) (a page of "Hospital Hospital …" made
    thousands of proposals: quadratic time before stop 43)."""
    from app.detection.voting import _strip, name_like  # voting imports this module

    def parts(e: Entity, p: Entity) -> list[Entity]:
        if not (e.start < p.end and p.start < e.end) or (p.start <= e.start and e.end <= p.end):
            return [e]
        out = []
        for a, b in ((e.start, p.start), (p.end, e.end)):
            a, b = _without_edge_particles(text, *_strip(text, a, b)) if b > a else (a, a)
            if b > a and name_like(text[a:b]):
                out.append(Entity(a, b, e.label, text[a:b], e.source, e.score))
        return out

    current = list(entities)
    if not _sorted_and_disjoint(current):
        for p in proposals:
            current = [part for e in current for part in parts(e, p)]
        return current
    for p in proposals:
        i0, i1 = _overlapping(current, p)
        if i0 < i1:
            current[i0:i1] = [part for e in current[i0:i1] for part in parts(e, p)]
    return current


def _sorted_and_disjoint(entities: list[Entity]) -> bool:
    """Whether ``entities`` are sorted by start and no two overlap (so that their ends are sorted too)."""
    return all(a.end <= b.start for a, b in zip(entities, entities[1:]))


def _overlapping(entities: list[Entity], span: Entity) -> tuple[int, int]:
    """``(i0, i1)``: ``entities[i0:i1]`` are those of ``entities`` (sorted by start, disjoint) that overlap ``span``."""
    return (bisect_right(entities, span.start, key=lambda e: e.end),
            bisect_left(entities, span.end, key=lambda e: e.start))


def _without_edge_particles(text: str, start: int, end: int) -> tuple[int, int]:
    """``[start, end)`` without the function words in lower case at its edges (:data:`STOP_WORDS_FOLDED`,
    :data:`NAME_PARTICLES`): the part of a model's "Cardiologia do Hospital de Santa Maria" before the institution
    is "Cardiologia", not "Cardiologia do"; ``(start, start)`` when nothing else is left. Character offsets into
    ``text``, half-open."""
    words = [m.span() for m in _WORD.finditer(text, start, end)]

    def particle(span: tuple[int, int]) -> bool:
        word = text[span[0]:span[1]]
        return word.islower() and (word in NAME_PARTICLES or word.casefold() in STOP_WORDS_FOLDED)

    i, j = 0, len(words)
    while i < j and particle(words[i]):
        i += 1
    while j > i and particle(words[j - 1]):
        j -= 1
    if i == j:
        return start, start
    return (start if i == 0 else words[i][0]), (end if j == len(words) else words[j - 1][1])


def absorb(entities: list[Entity], proposals: list[Entity]) -> list[Entity]:
    """Remove from ``entities`` those that a proposal covers entirely, for proposals no entity sticks out of.

    Then :func:`merge` adds those proposals (they overlap nothing any more). Proposals in their order; entities
    sorted by start and disjoint are found by bisection (O(p log n) plus those removed), others in O(n · p).
    """
    current = list(entities)
    fast = _sorted_and_disjoint(current)
    for p in proposals:
        i0, i1 = _overlapping(current, p) if fast else (0, len(current))
        near = current[i0:i1]
        inside = [e for e in near if p.start <= e.start and e.end <= p.end]
        crossing = [e for e in near if e.start < p.end and p.start < e.end and e not in inside]
        if inside and not crossing and not any(e.label == p.label and (e.start, e.end) == (p.start, p.end)
                                               for e in inside):
            current[i0:i1] = [e for e in near if e not in inside]
    return current


@register("detection_rule")
class ConjunctionRule(Rule):
    """``ENTITY conj Capitalised`` or ``Capitalised conj ENTITY`` → the entity's label (multiple-run).

    The words after the conjunction must begin with a capitalised word: a particle there is a preposition
    ("Estados e dos Municípios"), not the start of a name.
    """

    name = "conjunction"
    labels = (PERSON, ORGANIZATION, LOCATION)

    def __init__(self, language: str) -> None:
        self.conjunctions = CONJUNCTIONS.get(language, frozenset())

    def propose(self, ctx: RuleContext, t: tuple[Token, ...]) -> Iterator[Entity]:
        for k in range(1, len(t) - 1):
            if t[k].text not in self.conjunctions:
                continue
            left = ctx.covered(t[k - 1].start, t[k - 1].end)
            right = ctx.covered(t[k + 1].start, t[k + 1].end)
            if left is not None and right is None and left.label in self.labels and left.end == t[k - 1].end:
                end = _name_run(t, k + 1, max_words=3, text=ctx.text)
                if end > k + 1 and _is_cap(t[k + 1]):  # "Estados e dos Municípios": no particle first
                    a, b = t[k + 1].start, t[end - 1].end
                    yield Entity(a, b, left.label, ctx.text[a:b], f"rule:{self.name}")
            elif right is not None and left is None and right.label in self.labels and right.start == t[k + 1].start:
                i = k
                while i > 0 and k - i < 3 and _is_cap(t[i - 1]) and t[i - 1].text not in _MONTHS_AND_DAYS:
                    i -= 1
                if i < k and i > 0:  # not from the sentence's first word, which is capitalised anyway
                    a, b = t[i].start, t[k - 1].end
                    yield Entity(a, b, right.label, ctx.text[a:b], f"rule:{self.name}")


#: Particles that open a surname on their own in the supported languages' text, where none of them is a common word
#: ("van der Vaart", "ten Hag", "di Maria"); "von", "de", "da", "du", "zu" are also prepositions (or a pronoun), so they
#: join a name only with a second particle ("von der Leyen", "de la Fuente").
LONE_PARTICLES: frozenset[str] = frozenset({"van", "ten", "ter", "della", "di", "degli", "dei"})

#: Articles that follow a first particle inside a surname ("de la Fuente", "de los Santos", "van de Sande").
_PARTICLE_ARTICLES: frozenset[str] = frozenset({"la", "las", "los", "le", "de", "het"})

_PARTICLES: frozenset[str] = NAME_PARTICLES | LONE_PARTICLES
#: What may stand between two surnames in capitals ("NÚÑEZ DE ARCE", "SILVA DOS SANTOS"), in lower case.
_SURNAME_JOINERS: frozenset[str] = _PARTICLES | _PARTICLE_ARTICLES


@register("detection_rule")
class NameParticleRule(Rule):
    """Lower-case particles before a person entity join it: "erklärt van der Vaart" with the model's person "Vaart"
    becomes the person "van der Vaart" (the particles are part of the surname, and alone they hint at its origin).

    The particles are :data:`NAME_PARTICLES` (the languages' ``name_particles`` and Italian/Dutch ones) and
    :data:`_PARTICLE_ARTICLES` after a first particle, on the same line as the entity. Two or more of them join
    when the first may open a name (not an article or conjunction: ``particles_not_first``); one alone only when it
    is in :data:`LONE_PARTICLES` (never "von Müller" from "ein Brief von Müller", "de García" from "la casa de
    García"), and never before a title ("de la Sra. de Palacio"). A person entity that ends right before the particles
    is taken in too ("Robin" + "van" + "Persie").
    The proposal absorbs the entities inside it.
    """

    name = "name_particles"
    absorbs = True

    def __init__(self, language: str) -> None:
        """The particles are those of every language (a French or Dutch name occurs in any text)."""

    def propose(self, ctx: RuleContext, t: tuple[Token, ...]) -> Iterator[Entity]:
        for k in range(1, len(t)):
            before_word = t[k - 1].text
            if (before_word not in _PARTICLES and before_word not in _PARTICLE_ARTICLES
                    and before_word not in languages.FOREIGN_CAPITAL_PARTICLES):
                continue  # (the cheap test first: every proposal needs a particle right before the person)
            person = ctx.covered(t[k].start, t[k].end)
            if (k >= 2 and person is not None and person.label in NAME_LABELS and person.start == t[k].start
                    and t[k - 1].text in languages.FOREIGN_CAPITAL_PARTICLES):
                # "Rachid El Amrani": a capitalised particle joins only between two parts of a name (alone, "El" is
                # the Spanish article; stop 52: the model's "Rachid" and "Amrani Bouzid" left "El" in clear, and the
                # title rule's "Nadia" and the model's organization "Amrani" too): after a person, the part after it
                # is the person's whatever the model called it
                before = ctx.covered(t[k - 2].start, t[k - 2].end)
                if (before is not None and before.label == PERSON and before.end == t[k - 2].end
                        and "\n" not in ctx.text[before.end:t[k].start]):
                    yield Entity(before.start, person.end, PERSON, ctx.text[before.start:person.end],
                                 f"rule:{self.name}")
                continue
            if (person is None or person.label != PERSON or person.start != t[k].start or t[k].text in ALL_TITLES
                    or t[k].text in ACADEMIC_DEGREES):  # "de la Sra. de Palacio": the particles belong to no name
                continue
            i = k
            while (i > 0 and k - i < 3 and "\n" not in ctx.text[t[i - 1].end:t[i].start]
                   and (t[i - 1].text in _PARTICLES or t[i - 1].text in _PARTICLE_ARTICLES)):
                i -= 1
            # the run must open with a particle that can open a name (no article, no conjunction)
            while i < k and (t[i].text in _NOT_FIRST_PARTICLES or t[i].text not in _PARTICLES):
                i += 1
            if i == k or (k - i == 1 and t[i].text not in LONE_PARTICLES):
                continue
            start = t[i].start
            before = ctx.covered(t[i - 1].start, t[i - 1].end) if i > 0 else None
            if (before is not None and before.label == PERSON and before.end == t[i - 1].end
                    and "\n" not in ctx.text[before.end:start]):
                start = before.start
            yield Entity(start, person.end, PERSON, ctx.text[start:person.end], f"rule:{self.name}")


#: Connectors of Malay, Singaporean and Indian names between a person's own name and the father's ("Priya d/o
#: Ramasamy", "Siti Nurhaliza bte Ahmad", "Muthu a/l Rajan"): "bin"/"binti"/"binte"/"bte" (son or daughter of),
#: "d/o", "s/o" (daughter, son of), "a/l", "a/p" (anak lelaki, anak perempuan).
_PATRONYMIC_WORDS: frozenset[str] = frozenset({"bin", "binti", "binte", "bte",
                                                # (stop 64) Kalenjin "arap" (son of: "Joseph Kiprono arap Chelimo"),
                                                # and a birth name's "geborene"/"née" ("Birgit Sommer geborene Vogel")
                                                "arap", "geborene", "geborener", "née", "nee",
                                                # (stop 65) Welsh "ap"/"ferch" (son, daughter of: "Mr Rhodri Llŷr ap
                                                # Gwilym" of a council tax bill)
                                                "ap", "ferch", "verch"})
_PATRONYMIC_SLASHED: frozenset[tuple[str, str]] = frozenset({("d", "o"), ("s", "o"), ("a", "l"), ("a", "p")})
#: (stop 66) The connectors also written in capitals, in a name in capitals ("MUHAMMAD HAFIZ BIN ROSLAN", "NUR AISYAH
#: BTE ZULKIFLI" of a Singapore resale agreement's parties), and those of them that join two runs of capitalised words
#: with no person entity on either side (the daughter's: no other reading in capitals; "BIN" may be a business number).
_CAPITAL_CONNECTORS: frozenset[str] = frozenset({"bin", "binti", "binte", "bte", "arap", "ap", "ferch"})
_CAPITAL_CONNECTORS_ALONE: frozenset[str] = frozenset({"binti", "binte", "bte"})


@register("detection_rule")
class PatronymicRule(Rule):
    """A father's name after a patronymic connector joins the person before it: "Ms Priya d/o Ramasamy" with the
    model's persons "Ms Priya" and "Ramasamy", or "Siti Nurhaliza bte Ahmad" with "Ms Siti Nurhaliza" and "Ahmad",
    becomes one person (stop 64: the connectors stayed in clear between two masks, and they tell the name's origin
    and the bearer's sex); a Kalenjin "arap" and a birth name's "geborene"/"née" join the same way ("Joseph Kiprono
    arap Chelimo", "Birgit Sommer geborene Vogel"). The connectors are :data:`_PATRONYMIC_WORDS` and
    :data:`_PATRONYMIC_SLASHED` in lower case (those of :data:`_CAPITAL_CONNECTORS` and the slashed ones in capitals
    too; stop 66), one space on each side, on one line; one side must be a person entity and the other a person entity
    or up to three capitalised words (the model's person on the left, "Tan bin Osman" with "Osman" alone, or on the
    right), or, for :data:`_CAPITAL_CONNECTORS_ALONE` in capitals, both sides such words ("NUR AISYAH BTE ZULKIFLI").
    The proposal absorbs the entities inside it.
    """

    name = "patronymic"
    absorbs = True

    def __init__(self, language: str) -> None:
        """The connectors are the same in every language's text (a Malay or a Kenyan name occurs in any of them)."""

    def propose(self, ctx: RuleContext, t: tuple[Token, ...]) -> Iterator[Entity]:
        text = ctx.text
        for k in range(1, len(t) - 1):
            word = t[k].text
            capitals = word.isupper()
            if word in _PATRONYMIC_WORDS or capitals and word.lower() in _CAPITAL_CONNECTORS:
                last = k
            elif (k + 2 < len(t) and t[k + 1].text == "/" and t[k].end == t[k + 1].start
                  and t[k + 1].end == t[k + 2].start
                  and ((word, t[k + 2].text) in _PATRONYMIC_SLASHED
                       or capitals and t[k + 2].text.isupper()
                       and (word.lower(), t[k + 2].text.lower()) in _PATRONYMIC_SLASHED)):
                last = k + 2
            else:
                continue
            if last + 1 >= len(t) or text[t[k - 1].end:t[k].start] != " " or text[t[last].end:t[last + 1].start] != " ":
                continue
            before, after = ctx.covered(t[k - 1].start, t[k - 1].end), ctx.covered(t[last + 1].start, t[last + 1].end)
            left = before if before is not None and before.label == PERSON and before.end == t[k - 1].end else None
            right = after if after is not None and after.label == PERSON and after.start == t[last + 1].start else None
            if left is None and right is None and not (capitals and word.lower() in _CAPITAL_CONNECTORS_ALONE):
                continue
            start = left.start if left is not None else self._capitalised_run(ctx, t, k - 1, -1)
            end = right.end if right is not None else self._capitalised_run(ctx, t, last + 1, 1)
            if start is not None and end is not None:
                yield Entity(start, end, PERSON, text[start:end], f"rule:{self.name}")

    @staticmethod
    def _capitalised_run(ctx: RuleContext, t: tuple[Token, ...], i: int, step: int) -> int | None:
        """The far offset of up to three capitalised words from token ``i`` in direction ``step`` (-1: the run's
        start, 1: its end), one space apart and no title; ``None`` when token ``i`` is no such word."""
        far = None
        for n in range(3):
            j = i + step * n
            if not (0 <= j < len(t)) or not t[j].text[:1].isupper() or not t[j].text.isalpha() \
                    or t[j].text in ALL_TITLES:
                break
            if n and ctx.text[min(t[j].end, t[j - step].end):max(t[j].start, t[j - step].start)] != " ":
                break
            far = t[j].start if step < 0 else t[j].end
        return far


@register("detection_rule")
class InitialRule(Rule):
    """A first name's initials right before a person join it: "Dr. med. Ł. Wiśniewski" with the model's person
    "Wiśniewski" becomes "Ł. Wiśniewski" (stop 52: the model took "L. Wisniewski" whole and left the Polish "Ł." in
    clear; an initial names its bearer's first name as the name itself does).

    An initial is one capital letter of any alphabet and a full stop ("Ł.", "Ö.", "J."), or two joined by a hyphen
    ("H.-J."), one space before the person or the next initial, on the same line; never a title's abbreviation
    (:data:`ALL_TITLES` and the language's ``title_initials``, Spanish "D." for "Don") nor the letters of an
    abbreviation ("z. B. Müller"). The proposal absorbs the entities inside it.

    A first name in capitals before a person that starts with an initial joins it too, when nothing but indentation or
    a field's colon stands before that first name on its line (stop 67: "   ROMMEL A. SANTIAGO" under "Verified by:" of
    a barangay clearance, the model's person "A. SANTIAGO"): a word of :func:`_capital_word`, one space before.
    """

    name = "initials"
    absorbs = True

    def __init__(self, language: str) -> None:
        lang = languages.find(language)
        self.titles = ALL_TITLES | (lang.title_initials if lang is not None else frozenset())

    def propose(self, ctx: RuleContext, t: tuple[Token, ...]) -> Iterator[Entity]:
        for k in range(1, len(t)):
            after_dot = t[k - 1].text.endswith(".") and len(t[k - 1].text) <= 5
            opens_initial = len(t[k].text) == 2 and t[k].text[1] == "." and t[k].text[0].isupper()
            if not (after_dot or opens_initial):
                continue  # (the cheap test first: an initial before the token, or the token an initial)
            person = ctx.covered(t[k].start, t[k].end)
            if person is None or person.label != PERSON or person.start != t[k].start:
                continue
            i = k
            while (i > 0 and k - i < 3 and _INITIAL.fullmatch(t[i - 1].text) and t[i - 1].text[0].isupper()
                   and t[i - 1].text not in self.titles
                   and ctx.text[t[i - 1].end:t[i].start] in (" ", "")):
                i -= 1
            if i > 0 and i < k and _INITIAL.fullmatch(t[i - 1].text) and t[i - 1].text[0].islower():
                continue  # an abbreviation's letters ("z. B. Müller": for example)
            if i < k:
                yield Entity(t[i].start, person.end, PERSON, ctx.text[t[i].start:person.end], f"rule:{self.name}")
            elif (opens_initial and ctx.text[t[k - 1].end:t[k].start] == " " and _capital_word(ctx, t[k - 1])
                  and t[k - 1].text.casefold() not in STOP_WORDS_FOLDED and _line_opens(ctx.text, t[k - 1].start)):
                a = t[k - 1].start
                yield Entity(a, person.end, PERSON, ctx.text[a:person.end], f"rule:{self.name}")


def _line_opens(text: str, at: int) -> bool:
    """Whether only indentation, or a field's name and its colon, stand before ``at`` on its line (at most 60
    characters read back)."""
    start = max(text.rfind("\n", max(0, at - 60), at) + 1, at - 60)
    before = text[start:at]
    return not before.strip() or before.rstrip().endswith(":")


@register("detection_rule")
class LowerCaseNameRule(Rule):
    """A name written in lower case inside a cased sentence, as chat messages write the people they mention ("aqui é
    o Raí (rafael ianelli)", "Carol é a carolina mendes né?"; stop 52: both stayed in clear, case restoration reads
    only sentences written in lower case throughout): a first name of the language's lexicon (:func:`first_names`)
    and one or two surnames of any supported language's lexicon (:func:`surnames`) in lower case, particles between
    them ("maria da silva"), one space apart on one line. The surnames must not be common words ("joão pessoa": a
    person and a city, "pessoa" a common word), so the guard is the surname's.
    """

    name = "lower_case_name"

    def __init__(self, language: str) -> None:
        self.first = frozenset(n.lower() for n in first_names(language) if len(n) >= 3)
        self.surnames = frozenset(n.lower() for code in _FAKER_LOCALES for n in surnames(code) if len(n) >= 4)

    def propose(self, ctx: RuleContext, t: tuple[Token, ...]) -> Iterator[Entity]:
        for i, tok in enumerate(t[:-1]):
            if not tok.text.islower() or tok.text not in self.first or ctx.covered(tok.start, tok.end) is not None:
                continue
            j, end = i + 1, None
            while j < len(t) and j - i <= 3 and t[j].start - t[j - 1].end == 1 and t[j].text.islower():
                word = t[j].text
                if word in self.surnames and not _common_word(ctx.language, word):
                    end = j
                elif not (word in NAME_PARTICLES and end is None):
                    break
                j += 1
            if end is not None:
                a, b = tok.start, t[end].end
                yield Entity(a, b, PERSON, ctx.text[a:b], f"rule:{self.name}")


#: A first name's initial: a capital of any alphabet and a full stop, or two joined by a hyphen ("H.-J.").
_INITIAL = re.compile(r"[^\W\d_]\.(?:-[^\W\d_]\.)?")


@register("detection_rule")
class CapitalSurnameRule(Rule):
    """Surnames in capitals, as Spanish, Portuguese and French forms, police reports, minutes and court records write
    them (stop 52: a complaint's "ZÚÑIGA", a pharmacy's "PÉREZ", a chair's "ESTHER NÚÑEZ DE ARCE" stayed in clear):

    * after a person's name whose last word is in capitals (the document's convention for surnames): "María Begoña
      IBÁÑEZ ZÚÑIGA" with the model's person "María Begoña IBÁÑEZ" becomes one person;
    * a first name of the language's lexicon (:func:`first_names`) written in capitals, not a common word, and the
      surnames in capitals after it: "Presidenta: ESTHER NÚÑEZ DE ARCE" (a heading's "GRACE PERIOD" is no name:
      "grace" is a common word; stop 69: one that is, only before two surnames and a comma, "TOMÁS NASSER GIMÉNEZ,
      DNI …", or before two surnames filling its line, a signature's "LUZ MARINA TORO ARBELÁEZ").

    The surnames are up to three words in capitals on the same line, one space apart, particles in capitals between
    them (:func:`_capitals_run`: never a stop word, title, legal form or form label such as "DNI"). The proposal
    absorbs the entities inside it (the model's organization "ARCE"). Only where capitals set the surnames apart: in a
    sentence with words in lower case too, not after nor before a word in capitals (CoNLL-2002's headlines, "IBARRA -
    INFRAESTRUCTURAS R. IBARRA ACEPTARIA ENERGIA EOLICA EN HURDES … Aldehuela ( Cáceres )", gave "R. IBARRA ACEPTARIA
    ENERGIA EOLICA" before this check).
    """

    name = "capital_surnames"
    absorbs = True

    def __init__(self, language: str, names: frozenset[str] | None = None) -> None:
        self.names = names if names is not None else first_names(language)

    def propose(self, ctx: RuleContext, t: tuple[Token, ...]) -> Iterator[Entity]:
        yield from self._surnames_first(ctx, t)
        yield from self._after_given_name(ctx, t)
        cased: bool | None = None
        for k in range(len(t) - 1):
            if not (t[k].text.isupper() and len(t[k].text) >= 2 and t[k + 1].text.isupper()):
                continue  # (the cheap test first: a word in capitals before another)
            if cased is None:
                # only where capitals set surnames apart: a sentence with words in lower case too (a headline in
                # capitals, "R. IBARRA ACEPTARIA ENERGIA EOLICA" of CoNLL-2002, is capitals throughout)
                cased = any(tok.text.isalpha() and any(c.islower() for c in tok.text[1:]) for tok in t)
            if not cased:
                return
            if not _capital_word(ctx, t[k]):
                continue
            person = ctx.covered(t[k].start, t[k].end)
            common = False
            if person is not None and person.label == PERSON and person.end == t[k].end:
                start = person.start
            elif len(t[k].text) >= 3 and t[k].text.capitalize() in self.names:
                start = t[k].start
                common = _common_word(ctx.language, t[k].text.lower())
            else:
                continue
            first = k
            while first > 0 and t[first - 1].start >= start:
                first -= 1
            if (first > 0 and t[first - 1].text.isupper() and sum(c.isalpha() for c in t[first - 1].text) >= 2
                    and "\n" not in ctx.text[t[first - 1].end:t[first].start]):
                continue  # a headline's words in capitals before the name ("PLENO CASARES ELEGIRA SU ALCALDE"); not on
                # the line above (a judge's name under a ruling's "NOTIFÍQUESE Y CÚMPLASE"; stop 63)
            end = _capitals_run(ctx, t, k + 1)
            if start == 0 or ctx.text[start - 1] == "\n":
                # a name alone on its line (a signature's), common words among its surnames too
                loose = _capitals_run(ctx, t, k + 1, common=True)
                after = ctx.text[t[loose - 1].end:t[loose - 1].end + 2] if loose > end else ""
                # (the line's end perhaps after a full stop or a comma: "…su esposa,\nNATALIA SOLEDAD INSFRÁN DE
                # FRIESEN.\n" of a Paraguayan lease; stop 64)
                if loose > end and (after[:1] in ("", "\n") or (after[:1] in ".,;" and after[1:2] in ("", "\n"))):
                    end = loose
            if (end < len(t) and t[end].text.isupper() and sum(c.isalpha() for c in t[end].text) >= 2
                    and "\n" not in ctx.text[t[end - 1].end:t[end].start]):
                continue  # more capitals after the run: a headline ("ANTONIO CANALES ABRIRA TEMPORADA BALLET 2000")
            if common and not (end >= k + 3 and (ctx.text.startswith(",", t[end - 1].end)
                                                 or ((start == 0 or ctx.text[start - 1] == "\n")
                                                     and ctx.text[t[end - 1].end:t[end - 1].end + 1] in ("", "\n")))):
                continue  # a first name that is a common word too ("TOMÁS": "you take") only before two surnames and a
                # comma ("TOMÁS NASSER GIMÉNEZ, DNI …" of a divorce settlement's children; stop 69), or filling its line
                # with three words or more ("LUZ MARINA TORO ARBELÁEZ" under a signature's line)
            if end > k + 1:
                b = t[end - 1].end
                yield Entity(start, b, PERSON, ctx.text[start:b], f"rule:{self.name}")


    def _after_given_name(self, ctx: RuleContext, t: tuple[Token, ...]) -> Iterator[Entity]:
        """Surnames in capitals after a capitalised first name of any language's lexicon (:func:`_any_first_names`), one
        space apart, the name the last word of the model's person or, without one, no common word (stop 72:
        "Otorgante: Dimitrios PAPADAKIS a favor de …" of a power of attorney, the proper nouns' "Dimitrios" alone):
        ``PERSON`` from the person's (or the name's) start over the run (:func:`_capitals_run`); not before more
        capitals (a headline's)."""
        for k in range(len(t) - 1):
            word = t[k].text
            if not (word.istitle() and word.isalpha() and len(word) >= 3 and word in _any_first_names()
                    and ctx.text[t[k].end:t[k + 1].start] == " " and _capital_word(ctx, t[k + 1])):
                continue
            person = ctx.covered(t[k].start, t[k].end)
            if person is not None and (person.label != PERSON or person.end != t[k].end):
                continue
            if person is None and _common_word(ctx.language, word.lower()):
                continue  # (no entity of the model's on it: a first name that is no common word, "Dimitrios")
            start = person.start if person is not None else t[k].start
            end = _capitals_run(ctx, t, k + 1)
            if end <= k + 1 or (end < len(t) and t[end].text.isupper() and sum(c.isalpha() for c in t[end].text) >= 2
                                and "\n" not in ctx.text[t[end - 1].end:t[end].start]):
                continue
            b = t[end - 1].end
            yield Entity(start, b, PERSON, ctx.text[start:b], f"rule:{self.name}")

    def _given_name(self, ctx: RuleContext, token: Token) -> bool:
        """A first name of any declared language's lexicon in capitals or capitalised (of a hyphenated one, its first
        part: "IOANA-…"; residents' lists name immigrants: "ADAM", "IOANA"; "MAMANI CHOQUE, Juana" of a benefit
        application)."""
        first = token.text.split("-")[0]
        return ((_capital_word(ctx, token) or (first.istitle() and first.isalpha())) and len(first) >= 3
                and first.capitalize() in _any_first_names())

    def _surnames_first(self, ctx: RuleContext, t: tuple[Token, ...]) -> Iterator[Entity]:
        """Surnames before given names, in capitals, as registers and lists of residents write them (stop 70: "1
        LACASA GIMENO, ROSA MARÍA     DNI 17748392M" and "EL AMRANI LACASA, LUCÍA" of a Spanish census certificate
        stayed in clear but the model's given names): one to three surnames in capitals one space apart (a particle
        in capitals before one of them, "EL AMRANI", "DE LA HOZ"), a comma, then one or two given names of which the
        first is a name of the lexicon and no common word, ending a table's cell (two spaces or more), the line or
        the sentence. ``PERSON`` from the first surname to the last given name."""
        for k in range(1, len(t) - 1):
            if t[k].text != "," or t[k].start != t[k - 1].end or not self._given_name(ctx, t[k + 1]):
                continue
            if ctx.text[t[k].end:t[k + 1].start] != " ":
                continue
            first, surnames = k, 0
            while first > 0 and surnames < 3 and (first == k or ctx.text[t[first - 1].end:t[first].start] == " "):
                word = t[first - 1]
                if _capital_word(ctx, word):
                    surnames += 1
                elif not (word.text.isupper() and word.text.lower() in _SURNAME_PARTICLES and first < k):
                    break
                first -= 1
            while first < k and not _capital_word(ctx, t[first]):
                first += 1  # (a particle opens no name here: the sentence's "DE" before it)
            if surnames == 0 or first == k:
                continue
            end = k + 2
            if (end < len(t) and (_capital_word(ctx, t[end]) or self._given_name(ctx, t[end]))
                    and ctx.text[t[end - 1].end:t[end].start] == " "):
                end += 1
            after = ctx.text[t[end - 1].end:t[end - 1].end + 2]
            if not (after[:1] in ("", "\n", ".", ";") or after == "  "):
                continue
            if _common_word(ctx.language, t[k + 1].text.split("-")[0].lower()):
                # a given name that is a common word too ("LUCÍA": "it shone") only as a list's row opens: at the line's
                # start, after its number or a column's gap
                line = ctx.text[ctx.text.rfind("\n", 0, t[first].start) + 1:t[first].start]
                if line.strip() and not line.strip().isdigit() and not line.endswith("  "):
                    continue
            a, b = t[first].start, t[end - 1].end
            yield Entity(a, b, PERSON, ctx.text[a:b], f"rule:{self.name}")


@lru_cache(maxsize=1)
def _any_first_names() -> frozenset[str]:
    """The first names of every declared language (:func:`first_names`)."""
    return frozenset().union(*(first_names(lang.code) for lang in languages.all_languages()))


#: Particles of surnames written in capitals before another surname ("EL AMRANI", "DE LA HOZ", "DOS SANTOS").
_SURNAME_PARTICLES: frozenset[str] = NAME_PARTICLES | {"el", "al", "la", "le", "ben", "bin", "abu", "mac", "mc"}


@register("detection_rule")
class EnumerationRule(Rule):
    """``PERSON , Capitalised , PERSON`` (or ``... Capitalised conj PERSON``) → ``PERSON``.

    An enumeration item between two persons is a person (Graliński et al., 2009, §5.3.2: the multiple-run rule,
    here over commas): "the rapporteurs von Wogau, Langen, Rapkay, Jonckheer" marks "Langen", a common German verb
    that the model and the proper-noun fallback both pass over. Both neighbours must be persons, the item one to
    three capitalised words (:func:`_name_run`), so a lone list of common nouns or a sentence's first word is never
    marked. Persons only: on the Portuguese dev set the same rule for organizations spread the model's wrong labels
    along lists of professions ("Psicólogos, Pedagogos, Educadores, Assistentes Sociais"); on the English, German and
    Spanish dev sets it changed nothing (``docs/detection-results.md``).
    """

    name = "enumeration"
    labels = (PERSON,)

    def __init__(self, language: str) -> None:
        self.separators = CONJUNCTIONS.get(language, frozenset()) | {","}

    def propose(self, ctx: RuleContext, t: tuple[Token, ...]) -> Iterator[Entity]:
        for k in range(1, len(t) - 2):
            if t[k].text != "," or not _is_cap(t[k + 1]) or ctx.covered(t[k + 1].start, t[k + 1].end) is not None:
                continue
            left = ctx.covered(t[k - 1].start, t[k - 1].end)
            if left is None or left.label not in self.labels or left.end != t[k - 1].end:
                continue
            run_end = _name_run(t, k + 1, max_words=3, text=ctx.text)
            # a conjunction may also be a name particle ("e"): the item ends at the first separator
            end = next((j for j in range(k + 2, run_end) if t[j].text in self.separators), run_end)
            if end + 1 >= len(t) or t[end].text not in self.separators or not _is_cap(t[end - 1]):
                continue
            a, b = t[k + 1].start, t[end - 1].end
            if ctx.covered(a, b) is not None:
                continue
            right = ctx.covered(t[end + 1].start, t[end + 1].end)
            if right is not None and right.label == left.label and right.start == t[end + 1].start:
                yield Entity(a, b, left.label, ctx.text[a:b], f"rule:{self.name}")


def _statute_like(word: str) -> bool:
    """An abbreviation of a statute or a law report as citations write it after an editor's name: letters only,
    starting with a capital, two capitals or more ("BGB", "StGB", "SGB", "ZPO", "BVerfGE")."""
    capitals = sum(c.isupper() for c in word)
    return capitals >= 2 and word.isalpha() and not word[:1].islower()


def _touching(*tokens: Token) -> bool:
    """Whether each token ends where the next starts (no space between: "Palandt/Grüneberg")."""
    return all(a.end == b.start for a, b in zip(tokens, tokens[1:]))


@register("detection_rule")
class CitationEditorRule(Rule):
    """The editors of a cited commentary → ``PERSON``: "Palandt/Grüneberg, BGB", "MüKoBGB/Wagner § 823",
    "Baumbach/Lauterbach/Hartmann, ZPO".

    German legal writing cites a commentary by its title (its founder's name, or an abbreviation: "MüKoBGB",
    "BeckOK") and the editor of the passage after a slash, then the statute or a paragraph sign ("Begründer/
    Bearbeiter, Gesetz, § …, Rn. …", the form of the court decisions of the German legal corpus). The editor's name
    follows no title and often is a compound of common words ("Grüneberg"), so neither the model nor the proper-noun
    fallback took it (stop 41). A run of words joined by "/" without spaces, each capitalised,
    followed by "§", "Art." or a comma and a statute's abbreviation (:func:`_statute_like`) proposes every word
    after a slash, and the first when it is a name rather than an abbreviation (one capital), as a person. A run
    followed by anything else ("München/Berlin, 2020", "Ein-/Ausgang") proposes nothing.
    """

    name = "citation_editor"
    #: what may follow the run: a paragraph or article sign, or (after a comma) a statute's abbreviation
    _AFTER = frozenset({"§", "§§", "Art.", "Art"})

    def __init__(self, language: str) -> None:
        self.language = language

    def propose(self, ctx: RuleContext, t: tuple[Token, ...]) -> Iterator[Entity]:
        k = 1
        while k < len(t) - 1:
            if t[k].text != "/" or not _touching(t[k - 1], t[k], t[k + 1]):
                k += 1
                continue
            first = k - 1
            end = k + 1  # the run's last word
            while end + 2 < len(t) and t[end + 1].text == "/" and _touching(t[end], t[end + 1], t[end + 2]):
                end += 2
            words = [t[i] for i in range(first, end + 1, 2)]
            k = end + 1
            if not all(w.text[:1].isupper() and w.text.isalpha() for w in words):
                continue
            after = t[end + 1].text if end + 1 < len(t) else ""
            if not (after in self._AFTER or (after == "," and end + 2 < len(t) and _statute_like(t[end + 2].text))):
                continue
            names = words[1:]
            if sum(c.isupper() for c in words[0].text) == 1:
                names = words
            for w in names:
                if sum(c.isupper() for c in w.text) == 1 and ctx.covered(w.start, w.end) is None:
                    yield Entity(w.start, w.end, PERSON, w.text, f"rule:{self.name}")


#: Case-citation markers per language (:attr:`app.languages.Language.case_markers`).
CASE_MARKERS: dict[str, frozenset[str]] = languages.per_language("case_markers")
#: Markers that join parties only after a citation opener (:attr:`app.languages.Language.opener_case_markers`).
OPENER_CASE_MARKERS: dict[str, frozenset[str]] = languages.per_language("opener_case_markers")
#: Words that open a citation before its first party (:attr:`app.languages.Language.citation_openers`).
CITATION_OPENERS: frozenset[str] = languages.union("citation_openers")


@register("detection_rule")
class CaseNameRule(Rule):
    """The parties of a case citation → ``PERSON``: "Smith-Jones v. United Kingdom", "See Kudła v. Poland",
    "Meier ./. Schulze", "im Verfahren Enerji Yapi-Yol Sen v. Türkei", "in der Sache Herrmann gegen Deutschland",
    "asunto Kudła c. Polonia".

    Court decisions name earlier cases by their parties, joined by a marker (the language's ``case_markers``; a
    word such as German "gegen" only right after a citation opener, ``opener_case_markers``); a party at a sentence
    start, in a hyphenated or foreign name, is where the NER model most often stays silent, and a case name
    identifies its parties as surely as the name alone (Graliński et al., 2009, §5.3: a context pattern proposes an
    entity the model missed). Each side is a run of capitalised words next to the marker (up to four on the right,
    :func:`_name_run`; up to five tokens on the left, where parties joined by a conjunction are proposed one by one:
    "Demir and Baykara"; name particles allowed inside; never across a line break, never a month or weekday first:
    "Beschluss v. Juni 2020"); the left run keeps at least one word after leaving out stop words and citation openers ("See",
    "Urteil", "CASE OF": ``citation_openers``), and a left side of a single capital letter ("R v Smith": the Crown)
    is no party. A side an entity already covers exactly, or an entity crosses, is left as it is (the model's
    "Poland" stays a location); entities inside a side are absorbed into it ("Enerji Yapi-Yol" of the model becomes
    "Enerji Yapi-Yol Sen") and give it their label when there is one (a place inside a party's name makes it an
    ``ORGANIZATION``: "Google Spain"); a country name is a ``LOCATION``, a side written in capitals only ("AEPD") an
    ``ORGANIZATION`` and any other a ``PERSON``: a party is more often a person, and either label masks it.
    """

    name = "case_name"
    absorbs = True

    def __init__(self, language: str, markers: frozenset[str] | None = None,
                 opener_markers: frozenset[str] | None = None) -> None:
        self.markers = markers if markers is not None else CASE_MARKERS.get(language, frozenset())
        self.opener_markers = (opener_markers if opener_markers is not None
                               else OPENER_CASE_MARKERS.get(language, frozenset()))
        lang = languages.find(language)
        #: German: every noun is capitalised, so a common noun before a party is no part of its name
        self.skips_common_nouns = lang is not None and lang.compounds is not None

    def _side(self, ctx: RuleContext, a: Token, b: Token) -> Iterator[Entity]:
        start, end = a.start, b.end
        if "\n" in ctx.text[start:end]:
            return
        first = ctx.covered(start, end)  # O(log n); an entity crossing the side ends it before any scan
        if first is not None and (first.start < start or first.end > end):
            return
        overlapping = ctx.overlapping(start, end) if first is not None else []
        if any(e.start < start or e.end > end or (e.start, e.end) == (start, end) for e in overlapping):
            return  # crossed by an entity, or already one
        surface = ctx.text[start:end]
        labels = {e.label for e in overlapping}
        if surface in _country_names() or (surface.isupper() and surface.title() in _country_names()):
            label = LOCATION  # "Demir and Baykara v. Turkey" in German text, "v. THE UNITED KINGDOM": the state
        elif labels == {LOCATION}:
            label = ORGANIZATION  # a place inside a party's name: "Google Spain", "Bank of Scotland"
        elif len(labels) == 1:
            label = labels.pop()
        else:
            label = ORGANIZATION if surface.isupper() and " " not in surface and len(surface) <= 4 else PERSON
        yield Entity(start, end, label, surface, f"rule:{self.name}")

    def _opens(self, word: str, language: str) -> bool:
        """A word left out before a party: an opener, stop word or particle, or in German, where every noun is
        capitalised, a common word ("Beschwerdeverfahren Demir")."""
        return _opens_citation(word) or (self.skips_common_nouns and _common_word(language, word))

    def propose(self, ctx: RuleContext, t: tuple[Token, ...]) -> Iterator[Entity]:
        if not self.markers and not self.opener_markers:
            return
        for k in range(1, len(t) - 1):
            marker = t[k].text
            if (marker not in self.markers and marker not in self.opener_markers) or not _is_cap(t[k - 1]):
                continue
            # the right party opens after an article ("v. the United Kingdom", "v. THE UNITED KINGDOM")
            j = k + 1
            while j < len(t) - 1 and t[j].text.casefold() in STOP_WORDS_FOLDED and _is_cap(t[j + 1]):
                j += 1
            if (not _is_cap(t[j]) or t[j].text in _MONTHS_AND_DAYS
                    or "\n" in ctx.text[t[k - 1].end:t[j].start]):
                continue
            # the left party: capitalised words (particles inside, names joined by a conjunction: "Demir and
            # Baykara") ending right before the marker, without the words that open the citation ("See", "CASE OF")
            i = k - 1
            while (i > 0 and k - i < 6 and t[i - 1].text not in ALL_TITLES and t[i - 1].text not in _MONTHS_AND_DAYS
                   and "\n" not in ctx.text[t[i - 1].end:t[i].start]
                   and (_is_cap(t[i - 1]) or t[i - 1].text in NAME_PARTICLES
                        or (t[i - 1].text in _ALL_CONJUNCTIONS and i > 1 and _is_cap(t[i - 2])))):
                i -= 1
            while i < k - 1 and (self._opens(t[i].text, ctx.language) or t[i].text in _ALL_CONJUNCTIONS):
                i += 1
            opened = i > 0 and t[i - 1].text.casefold() in _CITATION_OPENERS_FOLDED
            if marker not in self.markers and not opened:
                continue  # "Demonstration gegen Rassismus": "gegen" joins parties only after "Sache", "Verfahren"
            parts: list[tuple[int, int]] = []
            first = i
            for m in range(i, k):
                if t[m].text in _ALL_CONJUNCTIONS:
                    parts.append((first, m))
                    first = m + 1
            parts.append((first, k))
            for a, b in parts:
                if b > a and not (_opens_citation(t[a].text) or (b - a == 1 and len(t[a].text) == 1)):
                    yield from self._side(ctx, t[a], t[b - 1])  # "R v Smith": the Crown is no party
            # the right party: capitalised words after the marker and its article
            end = _name_run(t, j, text=ctx.text)
            end = next((m for m in range(j + 1, end) if "\n" in ctx.text[t[m - 1].end:t[m].start]), end)
            if end > j:
                yield from self._side(ctx, t[j], t[end - 1])


#: Conjunctions of every language: the parties of a case cited from another court ("Demir and Baykara v. Turkey" in
#: a German decision).
_ALL_CONJUNCTIONS: frozenset[str] = frozenset().union(*CONJUNCTIONS.values()) - {"o", "e"}


@lru_cache(maxsize=1)
def _country_names() -> frozenset[str]:
    """Country names in every declared language (:func:`app.detection.gazetteers.country_names`): a decision cites
    a case in the court's own language ("Demir and Baykara v. Turkey" in a German text)."""
    from app.detection.gazetteers import country_names

    return frozenset().union(*(country_names(lang.code) for lang in languages.all_languages()))


def _common_word(language: str, word: str) -> bool:
    from app.detection.proper_nouns import common_word_lexicon

    return common_word_lexicon(language).is_common(word)


def _opens_citation(word: str) -> bool:
    """A citation opener, stop word or name particle, in any case ("See", "CASE", "OF", "In")."""
    folded = word.casefold()
    return folded in _CITATION_OPENERS_FOLDED or folded in STOP_WORDS_FOLDED or word in NAME_PARTICLES


_CITATION_OPENERS_FOLDED: frozenset[str] = frozenset(w.casefold() for w in CITATION_OPENERS)


#: A house number right before an entity, opening its line or after punctuation or a word ("12 ", "3a ", ", 41 ").
_NUMBER_BEFORE = re.compile(r"(?:^|(?<=[\s,:;(]))(\d{1,4}[A-Za-z]?)[^\S\n]$")
#: A house number right after an entity, then a comma and a space or the line's end (", 45,", " 45\n"; not a price
#: with a decimal comma, "Jazztel 28,00" of a stock table).
_NUMBER_AFTER = re.compile(r",?[^\S\n](\d{1,4}[A-Za-z]?)(?=,\s|,?[^\S\n]*\n|,?[^\S\n]*$)")
#: A house number after its street, a flat's word after it (:class:`HouseNumberRule`; "Gorriti 5120 Piso 2 Dpto 4").
_NUMBER_BEFORE_UNIT = re.compile(r",?[^\S\n](\d{1,5}[A-Za-z]?)(?=[,\s])")
#: Characters from an entity's end to a postal code that makes its line an address (the town between).
MAX_TO_POSTAL_CODE = 60


@register("detection_rule")
class HouseNumberRule(Rule):
    """A house number beside a street that the model or a list found without a street type, on an address line: the
    number and the street are one ``LOCATION`` (stop 46: "12 Heol y Bryn, Pontypridd CF37 2RA", "41 Peckham Rye,
    London SE22 9QA", "Gran Vía 45, 2º, 48011 Bilbao" left the number in clear while the street was masked as an
    organization, a person or a miscellaneous name; the address patterns need a street type, "Road", "Calle").

    The street is an entity of a name label followed, on its line or the next, within :data:`MAX_TO_POSTAL_CODE`
    characters, by a postal code the detector found; the number stands before it where the language writes it first
    (English, :attr:`app.languages.StreetAddresses.order` ``number_first``), else after it and before a comma or the
    line's end. Where the number comes after the street, a flat or an office after it (a comma between or not)
    confirms the address without a postal code (stop 67: "Los Aromos 1432, of. 54, Providencia" of a Chilean lease,
    "Gorriti 5120 Piso 2" of an invoice, "Thames 1120, depto. \"B\"" of an Argentine deed:
    :attr:`app.languages.StreetAddresses.units`); up to two such units with their values are part of the address (stop
    71, :meth:`_units_end`). Absorbs the street's entity."""

    name = "house_number"
    absorbs = True

    def __init__(self, language: str) -> None:
        lang = languages.find(language)
        street = lang.street_addresses if lang is not None else None
        self.number_first = street is not None and street.order == "number_first"
        self.unit_after = (re.compile(rf",?[^\S\n]*(?i:{street.units}|of\.)(?![^\W\d_])")
                           if street is not None and street.units and not self.number_first else None)

    def apply(self, ctx: RuleContext) -> list[Entity]:
        # the street: an entity of any name label ("Heol y Bryn" an organization, "Peckham Rye" a person)
        postal = [e.start for e in ctx.entities if e.label == POSTAL_CODE]
        if not postal and self.unit_after is None:
            return []
        text, out = ctx.text, []
        for e in ctx.entities:
            if e.label not in NAME_LABELS or "\n" in e.text:
                continue
            i = bisect_left(postal, e.end)
            if i == len(postal) or postal[i] - e.end > MAX_TO_POSTAL_CODE or text.count("\n", e.end, postal[i]) > 1:
                if self.unit_after is not None and (m := _NUMBER_BEFORE_UNIT.match(text, e.end)) is not None \
                        and self.unit_after.match(text, m.end(1)) and _free_or_quantity(ctx.covered(*m.span(1))):
                    end = self._units_end(ctx, m.end(1))
                    out.append(Entity(e.start, end, LOCATION, text[e.start:end], f"rule:{self.name}"))
                continue
            if self.number_first:
                if not (text[e.end:e.end + 1] == "\n" or text[e.end:e.end + 2] in (", ", ",\n")):
                    continue
                m = _NUMBER_BEFORE.search(text, max(0, e.start - 8), e.start)
                if m is not None and _free_or_quantity(ctx.covered(m.start(1), m.end(1))):
                    out.append(Entity(m.start(1), e.end, LOCATION, text[m.start(1):e.end], f"rule:{self.name}"))
            else:
                m = _NUMBER_AFTER.match(text, e.end)
                if m is not None and m.end(1) <= postal[i] and _free_or_quantity(ctx.covered(m.start(1), m.end(1))):
                    end = self._units_end(ctx, m.end(1))
                    end = end if end <= postal[i] else m.end(1)
                    out.append(Entity(e.start, end, LOCATION, text[e.start:end], f"rule:{self.name}"))
        return out

    def _units_end(self, ctx: RuleContext, end: int) -> int:
        """The end of the flats or offices after a house number that ends at ``end``: up to two units with their
        values, each free of other entities (stop 71: "Homero 1430, int. 302" of an estate agent's notes, "Gorriti 5120
        Piso 2 Dpto 4" left the flat's number in clear); ``end`` when none follows."""
        for _ in range(2):
            unit = self.unit_after.match(ctx.text, end) if self.unit_after is not None else None
            value = _UNIT_VALUE.match(ctx.text, unit.end()) if unit is not None else None
            if value is None or not _free_or_quantity(ctx.covered(*value.span(1))):
                break
            end = value.end(1)
        return end


#: A flat's or an office's value after its word: a number with a letter perhaps, or a letter alone, perhaps after
#: "N°" or in quotes ("int. 302", "of. 54", "Piso 2", "depto. \"B\"", "Dpto 4-A").
_UNIT_VALUE = re.compile(r"[^\S\n]*(?:[Nn]\.?[^\S\n]?[º°][^\S\n]*)?(\d{1,4}(?:-?[A-Z]\b)?[ºª]?|[A-Z]\b|\"[A-Z]\")"
                         r"(?![\w.,]\d|-\d)")


def _free_or_quantity(entity: Entity | None) -> bool:
    """Whether a house number is free for the address: no entity on it, or the strict profile's bare number (stop 49:
    "14 Station Approach" came out as a quantity and an organization in the strict profile, the address never)."""
    return entity is None or entity.label in (QUANTITY, CODE)


#: The town after a postal code on an address line: capitalised words (up to three more, joined by spaces, hyphens or
#: the particles of place names: "Frankfurt am Main", "Nueva Andalucía", "Vila Nova de Gaia"), then a qualifier in
#: parentheses of at most five letters and a full stop ("Halle (Saale)", "Oldenburg (Oldb)", "Frankfurt (Oder)",
#: "Halle (Westf.)"; not a contract's party after its town, "Dresden (Vermieterin)", "(Mieter)") or after "i."
#: ("Freiburg i. Br."); on the code's line.
_POSTAL_TOWN = re.compile(
    rf"[^\S\n]+([{UPPER}][\w'’]*(?:-[{UPPER}]?[\w'’]+)*"
    rf"(?:[^\S\n]+(?:(?:am|an|der|dem|den|im|in|bei|ob|vor|de|del|la|las|los|da|do|dos|das|di|y|e)[^\S\n]+){{0,2}}"
    rf"[{UPPER}][\w'’]*(?:-[{UPPER}]?[\w'’]+)*){{0,3}}"
    rf"(?:[^\S\n]*\([{UPPER}]\w{{1,4}}\.?\)|[^\S\n]+i\.[^\S\n]*[{UPPER}]\w{{0,12}}\.?"
    # (a bilingual town's second name after a slash, "2502 Biel/Bienne"; stop 62)
    rf"|/[{UPPER}][\w'’]{{1,20}}(?:-[{UPPER}][\w'’]{{1,20}})*)?)")
#: A field's colon after a word ("Tel.:", "E-mail:"): the word is the next field's name, not the town's (nor a name's:
#: :meth:`app.detection.pipeline.Detector._without_field_after`).
FIELD_COLON_AFTER = re.compile(r"\.?[^\S\n]*:")
#: What may stand before a postal code whose town :class:`PostalTownRule` takes: the line's start, a comma, a
#: semicolon, a letterhead's "·", "|" or dash ("Hermanos Falcó, s/n - 02006 Albacete"), "D-"/"A-"/"CH-" (part of the code's entity or not) or "in" ("wohnhaft in
#: 06108 Halle").
#: (Stop 61: and a field's colon, "Tatort:     83607 Holzkirchen, BAB A 8" of a traffic offence's hearing form.)
_BEFORE_POSTAL_CODE = re.compile(r"(?:^|\n|[,;·|:]|[^\S\n][-–]|\bin|\b(?:D|A|CH)-)[^\S\n]*$")
#: A street after the town, a comma between, written without its type: one to three capitalised words and a house
#: number, then the line's, the sentence's or the item's end ("wohnhaft in 50667 Köln, Domkloster 4, ist …": stop 49,
#: the model took "Domkloster" and left the number in clear).
_STREET_AFTER_TOWN = re.compile(rf",[^\S\n]+((?:[{UPPER}][\w'’.-]*[^\S\n]+){{1,3}}\d{{1,4}}[a-zA-Z]?)"
                                rf"(?=[^\S\n]*(?:[,;]|\.(?!\d)|\n|$))")


@register("detection_rule")
class PostalTownRule(Rule):
    """The town after a postal code on an address line is a ``LOCATION`` (stop 48: "Am Mühlgraben 12, 06108 Halle
    (Saale)" of a car's bill of sale left "Halle" in clear: the model does not tag a town whose name is a common noun,
    *Halle*, hall). For languages that write the code before the town (:attr:`app.languages.StreetAddresses.order` not
    ``number_first``: German, Spanish, Portuguese); the code is a ``POSTAL_CODE`` the detector found, at the start of
    its line, after a comma or after "in"; the town is :data:`_POSTAL_TOWN` and absorbs the entities inside it
    ("Saale"). A town the model found already stays as it is. A street without a type after the town and a comma, with
    its house number, is one too (:data:`_STREET_AFTER_TOWN`: "50667 Köln, Domkloster 4"; stop 49)."""

    name = "postal_town"
    absorbs = True

    def __init__(self, language: str) -> None:
        lang = languages.find(language)
        street = lang.street_addresses if lang is not None else None
        self.town_after_code = street is not None and street.order != "number_first"

    def apply(self, ctx: RuleContext) -> list[Entity]:
        if not self.town_after_code:
            return []
        text, out = ctx.text, []
        for e in ctx.entities:
            if e.label != POSTAL_CODE:
                continue
            # the few characters before the code (a line break among them is its line's start): a bounded window, not
            # a search back to the line's start, which a long line would make quadratic
            if not _BEFORE_POSTAL_CODE.search(text, max(e.start - 13, 0), e.start):
                continue
            m = _POSTAL_TOWN.match(text, e.end)
            if m is None:
                continue
            start, end = m.span(1)
            while FIELD_COLON_AFTER.match(text, end) and " " in text[start:end]:
                end = start + text[start:end].rstrip().rindex(" ")  # a field's name after the town ("Albacete Tel.:")
                end = start + len(text[start:end].rstrip())
            if FIELD_COLON_AFTER.match(text, end):
                continue
            inside = ctx.overlapping(start, end)
            if any(x.start < start or x.end > end for x in inside):
                continue  # an entity sticks out: the town is part of something longer
            if not any(x.start == start and x.end == end for x in inside):  # else found already
                out.append(Entity(start, end, LOCATION, text[start:end], f"rule:{self.name}"))
            street = _STREET_AFTER_TOWN.match(text, end)
            if street is not None:
                a, b = street.span(1)
                inside = ctx.overlapping(a, b)
                if not any(x.start < a or x.end > b or (x.start == a and x.end == b) for x in inside):
                    out.append(Entity(a, b, LOCATION, text[a:b], f"rule:{self.name}"))
        return out


@lru_cache(maxsize=1)
def all_first_names() -> frozenset[str]:
    """The first names of every declared language (:func:`first_names`), capitalised: a register lists its residents
    whatever their country ("MAMANI CHOQUE, ROSA ELENA" in Valencia, "ANDRADE MAMANI, THIAGO")."""
    return frozenset(n for code in languages.supported() for n in first_names(code))


#: A comma after an entity, then up to three words on the same line (the first names of :class:`InvertedNameRule`).
_INVERTED_FIRST = re.compile(r",[^\S\n]+((?:[^\W\d_][\w'’-]*)(?:[^\S\n]+[^\W\d_][\w'’-]*){0,2})")
#: A word in capitals of a surname, two letters or more.
_CAPITALS_SURNAME = rf"[{UPPER}][{UPPER}'’-]+"
#: Two to six such words opening a line (after its indentation), single spaces between them, right before a comma
#: (group 1): the surnames of a register's or a table's person without the model's entity ("GARCÍA RÍOS, TOMÁS" of a
#: tax certificate's family group; stop 65).
_LINE_SURNAMES = re.compile(rf"(?m)^[^\S\n]*((?:{_CAPITALS_SURNAME} ){{1,5}}{_CAPITALS_SURNAME})(?=,[^\S\n])")
#: A word in capitals right before a position, after a single space (the surnames before the model's part of them).
_SURNAME_BEFORE = re.compile(rf"(?:(?<=[\s])|^){_CAPITALS_SURNAME} $")


@register("detection_rule")
class InvertedNameRule(Rule):
    """A surname in capitals, a comma and first names, as registers, lists and forms write a person ("ANDRADE QUISPE,
    WILFREDO", "MAMANI CHOQUE, ROSA ELENA", "SMITH, John"): the model's entity of the surnames (often an organization)
    and the first names are one ``PERSON`` (stop 46: a Spanish register of residents left "WILFREDO" and "THIAGO" in
    clear). The surnames are an entity of a name label written in capitals, with up to four words in capitals before it
    (stop 65: the model tagged "HUAMANÍ" of "QUISPE HUAMANÍ, JOSÉ LUIS" of a vehicle register), or two to six words in
    capitals that open a line without one; the first names, one to three words in capitals or capitalised, each a first
    name of any declared language (:func:`first_names`); on one line. Entities inside the whole name (the model's
    "JOSÉ LUIS") are absorbed; one that sticks out of it, or a place inside a line's surnames, leaves it."""

    name = "inverted_name"
    absorbs = True

    def __init__(self, language: str) -> None:
        self.names = all_first_names()

    def apply(self, ctx: RuleContext) -> list[Entity]:
        text, out, seen = ctx.text, [], set()
        written = ctx.written if ctx.written is not None else text  # (capitals as written, not as restored)
        candidates = []
        for e in ctx.entities:
            if e.label not in NAME_LABELS or not written[e.start:e.end].isupper() or "\n" in e.text:
                continue
            start = e.start
            for _ in range(4):
                before = _SURNAME_BEFORE.search(written, max(0, start - 40), start)
                if before is None:
                    break
                start = before.start()
            candidates.append((start, e.end, False))
        if "," in text:
            candidates += [(*m.span(1), True) for m in _LINE_SURNAMES.finditer(written)]
        for start, surnames_end, alone in candidates:
            m = _INVERTED_FIRST.match(text, surnames_end)
            if m is None or (start, surnames_end) in seen:
                continue
            seen.add((start, surnames_end))
            end = None
            for w in re.finditer(r"\S+", m.group(1)):
                word = w.group()
                if not word[:1].isupper() or word[:1] + word[1:].lower() not in self.names:
                    break
                end = m.start(1) + w.end()
            if end is None:
                continue
            inside = ctx.overlapping(start, end)
            if any(x.start < start or (x.start == start and x.end == end)
                   or x.end > end and not (x.start >= m.start(1) and _COLUMN_GAP.search(text, end, x.end))
                   for x in inside):
                continue  # (an entity of the first names may run on into the next column: "Tomás            Cuil")
            if alone and any(x.label == LOCATION and x.start < surnames_end for x in inside):
                continue  # a place and its country or region ("SAN JOSÉ, COSTA RICA")
            out.append(Entity(start, end, PERSON, text[start:end], f"rule:{self.name}"))
        return out


#: After a person: a nickname in quotation marks, perhaps in parentheses, or after a word that introduces one ("known
#: as", "a.k.a.", "genannt", "alias", "conocido como", "vulgo"), perhaps quoted; one to three words, the first one
#: capitalised (group "nick"), on the same line.
_QUOTE_OPEN, _QUOTE_CLOSE = "\"“„«‘'", "\"”“»’'"
_NICKNAME = re.compile(
    r"[^\S\n]*,?[^\S\n]*(?P<paren>\([^\S\n]*)?"
    r"(?P<intro>(?i:(?:also\s+)?known\s+as|a\.k\.a\.?|aka|genannt|alias|conocid[oa]\s+como|apodad[oa]|vulgo"
    r"|conhecid[oa]\s+como|atende\s+por|goes\s+by|llamad[oa]|chamad[oa])[^\S\n]+)?"
    rf"(?:(?P<open>[{_QUOTE_OPEN}])(?P<quoted>[\w'’.-]+(?:[^\S\n]+[\w'’.-]+){{0,2}})[{_QUOTE_CLOSE}]"
    rf"|(?P<nick>(?-i:[{UPPER}])[\w'’.-]*(?:[^\S\n]+(?-i:[{UPPER}])[\w'’-]*){{0,2}}))"
    # (in parentheses, more may follow the quoted nickname: 'O Thiago ("Thiagão" para a equipe)'; stop 50)
    r"[^\S\n]*(?(paren)(?:\)|(?(quoted)|(?!)))|)")
_NICKNAME = letter_led(_NICKNAME)  # (stop 67: issue 18)


#: A nickname quoted before the name, at a line's or a table cell's start (:meth:`NicknameRule.apply`).
_NICKNAME_BEFORE = re.compile(rf"(?:(?<![^\n])|(?<=[|(]))[^\S\n]*[{_QUOTE_OPEN}]"
                              rf"(?P<quoted>(?-i:[{UPPER}])[\w'’-]{{1,20}})[{_QUOTE_CLOSE}] $")


#: A nickname quoted after the name and a comma: one or two capitalised words without punctuation ('companheiro
#: Reginaldo Pereira, "Nado" (41 a.)' of a case note; stop 50), not a quotation.
_NICKNAME_AFTER_COMMA = re.compile(rf"(?-i:[{UPPER}])[\w'’-]*(?:[^\S\n](?-i:[{UPPER}])[\w'’-]*)?")


#: The surname after a nickname quoted between the words of a name ('Tanisha "Tee" Brooks-Harmon' of a CV's referees,
#: around the nickname the model's organizations; stop 55): a capitalised word.
_SURNAME_AFTER = re.compile(rf"(?-i:[{UPPER}])[\w'’-]+")


@register("detection_rule")
class NicknameRule(Rule):
    """A person's nickname right after the name: in quotation marks ("Oluwaseun Adeyemi-Clarke ("Seun")", "Davi Lucas
    de Oliveira ("Davizinho")" of a school's enrolment form, stop 50: the nickname stayed in clear), perhaps in
    parentheses, or after a word that introduces one in the four languages ("known as", "a.k.a.", "genannt", "alias",
    "conocido como", "vulgo"). Without an introducing word the nickname must be quoted (a person's "(Bobby)" could be
    anything in parentheses) and, outside parentheses, follow the name without a comma unless it is one or two
    capitalised words without punctuation ('Reginaldo Pereira, "Nado"'; 'John Smith, "Hello there," he said' quotes
    him); quotation marks must open and close it or be absent; it needs a capital letter. ``PERSON``, the quotation marks,
    the parentheses and the introducing word left out; the person entity must end right before (spaces and a comma
    allowed), on the same line."""

    name = "nickname"

    def __init__(self, language: str) -> None:
        pass

    def apply(self, ctx: RuleContext) -> list[Entity]:
        text, out = ctx.text, []
        for e in ctx.entities:
            if e.label not in (PERSON, ORGANIZATION, MISC):
                continue
            m = _NICKNAME.match(text, e.end)
            if m is None:
                continue
            if e.label != PERSON and not (m.group("quoted") and m.end() > m.end("quoted") + 1
                                          and _SURNAME_AFTER.match(text, m.end())):
                continue  # (stop 55) another label's name only with the nickname quoted inside: 'Tanisha "Tee" Brooks'
            group = "quoted" if m.group("quoted") else "nick"
            if (group == "nick" and not m.group("intro")) or not any(c.isupper() for c in m.group(group)):
                continue
            if (not m.group("intro") and not m.group("paren") and "," in text[e.end:m.start(group)]
                    and not _NICKNAME_AFTER_COMMA.fullmatch(m.group(group))):
                continue  # a quotation after the name and a comma: 'John Smith, "Hello there," he said'
            a, b = m.span(group)
            if ctx.covered(a, b) is None:
                out.append(Entity(a, b, PERSON, text[a:b], f"rule:{self.name}"))
        # (stop 54) quoted before the name, where a cell or a line starts: '|"Tuca" Artur Bezerra'
        for e in ctx.entities:
            if e.label == PERSON and e.start > 2 and text[e.start - 1] == " " and text[e.start - 2] in _QUOTE_CLOSE:
                m = _NICKNAME_BEFORE.search(text, max(0, e.start - 40), e.start)
                if m is not None and ctx.covered(*m.span("quoted")) is None:
                    out.append(Entity(*m.span("quoted"), PERSON, m.group("quoted"), f"rule:{self.name}"))
        return out


@register("detection_rule")
class RelationNameRule(Rule):
    """A family relation and the given name right after it → ``PERSON`` ("my son Tom", "a minha neta Inês paga por mim"
    of a residents' chat, "meine Tochter Lena", "mi hija Lucía"; stop 54: the granddaughter's name stayed in clear): the
    relation one of the strict profile's words (:attr:`app.languages.QuasiIdentifiers.relation`, matched whole), then
    one capitalised word and perhaps a second (the surname), on the same line, no title nor stop word. In German, where
    every noun is capitalised ("Mutter Kind Kur"), the first word must be a first name of the language's lists;
    elsewhere the relation must be in lower case (a work's title: "Irmãos Coragem")."""

    name = "relation_name"

    def __init__(self, language: str) -> None:
        lang = languages.find(language)
        lex = lang.quasi_identifiers if lang is not None else None
        words = getattr(lex, "relation", ()) if lex is not None else ()
        self.relation = letter_led(re.compile(rf"(?i:{'|'.join(words)})")) if words else None
        # the relations followed by a capital, found in one scan of the text (a test per token pair took 10 % of the
        # detector's time around the model)
        self.finder = (letter_led(re.compile(rf"(?<![\w-])(?i:{'|'.join(words)})(?=[^\S\n]+(?-i:[{UPPER}]))"))
                       if words else None)
        self.names = first_names(language) if lang is not None and lang.capitalised_nouns else None

    def _name_word(self, ctx: RuleContext, before: Token, tok: Token) -> bool:
        return ("\n" not in ctx.text[before.end:tok.start] and _is_cap(tok) and tok.text.isalpha()
                and tok.text not in ALL_TITLES and tok.text not in month_names())

    def apply(self, ctx: RuleContext) -> list[Entity]:
        """The proposals at each match of the relation words in the text: ``list[Entity]`` in text order."""
        if self.finder is None or not ctx.sentences:
            return []
        out: list[Entity] = []
        starts = [sentence.start for sentence in ctx.sentences]
        for m in self.finder.finditer(ctx.text):
            k = bisect_right(starts, m.start()) - 1
            if k < 0:
                continue
            t = ctx.sentences[k].tokens
            j = bisect_left(t, m.start(), key=lambda x: x.start)
            if j < len(t) - 1 and t[j].start == m.start():
                out.extend(self._after(ctx, t, j))
        return out

    def propose(self, ctx: RuleContext, t: tuple[Token, ...]) -> Iterator[Entity]:
        for j in range(len(t) - 1):
            yield from self._after(ctx, t, j)

    def _after(self, ctx: RuleContext, t: tuple[Token, ...], j: int) -> Iterator[Entity]:
        """The name after a relation at ``t[j]``, if any."""
        if self.relation is None or not t[j].text.isalpha() or not self.relation.fullmatch(t[j].text):
            return
        if self.names is None and not t[j].text.islower():
            return  # a title's words ("« Irmãos Coragem »", a soap opera of miniHAREM)
        k = j + 1
        if not self._name_word(ctx, t[j], t[k]) or (self.names is not None and t[k].text not in self.names):
            return
        end = k + 1 if k + 1 < len(t) and self._name_word(ctx, t[k], t[k + 1]) else k
        yield Entity(t[k].start, t[end].end, PERSON, ctx.text[t[k].start:t[end].end], f"rule:{self.name}")


#: What a signatory writes before a name signed on behalf of someone else or for an authority, in any of the
#: languages: German "Im Auftrag", "i. A.", "In Vertretung", "i. V.", "gez."; Spanish "Fdo." (firmado); Portuguese
#: "Ass." (assinado); English "pp", "p.p." (per procurationem; in lower case only: CoNLL-2002's headline "PP ABRE
#: OFICINA …" names a party). Case-insensitive otherwise, a colon allowed after it.
_SIGNATORY_MARKER = (r"(?:im\s+auftrag|i\.\s?a\.|in\s+vertretung|i\.\s?v\.|gez\.|fdo\.|ass\.|(?-i:p\.\s?p\.|pp))"
                     r"(?![\w.])[^\S\n]*:?")
#: The name after a marker: on its line or alone on the next (one to four capitalised words or initials, the line's
#: end after them).
#: (stop 57: or after a column's gap on its line, "München, 23.09.2024                  i. A. Stefanie Oberhuber" of a
#: registration certificate)
_SIGNATURE = re.compile(rf"(?im)(?:^|(?<=\S[^\S\n]{{3}}))[^\S\n]*{_SIGNATORY_MARKER}(?:[^\S\n]*\n)?[^\S\n]*"
                        rf"(?P<name>(?-i:[{UPPER}][\w'’.-]*)(?:[^\S\n]+(?-i:[{UPPER}][\w'’.-]*)){{0,3}})"
                        r"[^\S\n]*,?[^\S\n]*$")


#: A closing and the name signed after it on the same line, as e-mails and chats end ("Gruß J. Pfannenstiel" of a
#: forwarded e-mail, stop 50; "Thanks, Anna", "Saludos, Pilar", "Abraços, Bia"): one to three words, capitalised or
#: initials, up to the line's end.
_CLOSING = re.compile(
    r"(?im)^[^\S\n]*(?:(?:viele|liebe|beste|herzliche|freundliche)\s+grüße|grüße|gruß|lg|vg|mfg|cheers|regards|"
    r"(?:kind|best|warm|many)\s+regards|best|thanks|thank\s+you|many\s+thanks|(?:un\s+)?saludos?|"
    r"(?:un\s+)?abrazo|abraços?|(?:um\s+)?abraço|beijos?|bjs|cumprimentos|atenciosamente|att\.?)"
    r"[,!.]?[^\S\n]+"
    rf"(?P<name>(?-i:[{UPPER}])[\w'’.-]*(?:[^\S\n]+(?-i:[{UPPER}])[\w'’.-]*){{0,2}})[^\S\n]*[,.!]?[^\S\n]*$")


#: (stop 66) A line of two to six words of letters in capitals, a column's gap and one word of the party's role
#: ending the line.
_PARTY_WORD = r"[^\W\d_](?:[^\W\d_]|['’.-])*"
_PARTY_LINE = re.compile(rf"^[^\S\n]*(?P<name>{_PARTY_WORD}(?:[^\S\n]{_PARTY_WORD}){{1,5}})"
                         r"(?:[^\S\n]{3,}|\t[^\S\n]*)(?P<role>[^\W\d_]+)(?:\(s\))?[:.,]?[^\S\n]*$", re.MULTILINE)


@register("detection_rule")
class BirthNameRule(Rule):
    """A person's name at birth after the person and a word for it → ``PERSON`` ("PRIYA NAIDOO (born GOVENDER)" of a
    South African deed of transfer, "Maria Theresia HUEMER geb. Pichler" of an Austrian probate decision; stop 67: the
    model left "GOVENDER" in clear). The words are the language's :attr:`app.languages.Language.birth_names`; the name
    one or two capitalised words (hyphens and apostrophes inside) right after the word, on the person's line, a
    bracket or a comma perhaps between; never a date ("geb. 22.07.1967", "geb. am …": no capital). Linear: one match
    tried at each person's end."""

    name = "birth_name"

    def __init__(self, language: str) -> None:
        lang = languages.find(language)
        words = lang.birth_names if lang is not None else ()
        self.after = (re.compile(rf"[^\S\n]*(?:\(|,[^\S\n]*)?(?:{'|'.join(re.escape(w) for w in words)})[^\S\n]+"
                                 rf"(?P<name>(?-i:[{UPPER}])[\w'’]+(?:-(?-i:[{UPPER}])[\w'’]+)?"
                                 rf"(?:[^\S\n]+(?-i:[{UPPER}])[\w'’]+(?:-(?-i:[{UPPER}])[\w'’]+)?)?)(?![\w.])",
                                 re.IGNORECASE) if words else None)

    def apply(self, ctx: RuleContext) -> list[Entity]:
        if self.after is None:
            return []
        out = []
        for e in ctx.entities:
            if e.label != PERSON:
                continue
            m = self.after.match(ctx.text, e.end)
            if m is not None and ctx.covered(*m.span("name")) is None:
                out.append(Entity(*m.span("name"), PERSON, m.group("name"), f"rule:{self.name}"))
        return out


@register("detection_rule")
class PlaceFieldRule(Rule):
    """A form's field of a place and its value → ``LOCATION`` ("Provincia: GUAYAS", "Parroquia: TARQUI" of an Ecuadorian
    birth certificate, "Freguesia: Cedofeita", "Gemeinde: Volders"; stop 68: the model left the values in clear). The
    fields are the language's :attr:`app.languages.Language.place_fields` (any case), at a line's start or after a
    column's gap (three spaces or a tab), perhaps after the box's number ("06 UF: PR"), then a colon; the value one to
    four capitalised words or words in capitals (particles such as "del", "do", "am" inside, hyphens and apostrophes
    in a word), ending the line, the column or before a comma; never a stop word alone nor a word of one letter
    ("Departamento: B" is a flat). Only a value that no entity touches is proposed. Linear: one match per field."""

    name = "place_field"

    def __init__(self, language: str) -> None:
        lang = languages.find(language)
        fields = sorted(lang.place_fields, key=len, reverse=True) if lang is not None else []
        word = rf"(?-i:[{UPPER}])[\w'’.]*[\w'’](?:-(?-i:[{UPPER}])?[\w'’]+)*"
        self.pattern = (re.compile(
            # (a line's start and up to eight spaces, or right after a column's gap: never a run of spaces read again
            # from each of its positions, 51 s for 20,000 spaces and a colon before this bound)
            rf"(?:(?<![^\n])[^\S\n]{{0,8}}|(?<=\t)|(?<=   ))(?:\d{{1,2}}\.?[^\S\n]{{1,8}})?"
            rf"(?i:{'|'.join(re.escape(f) for f in fields)})"
            rf"[^\S\n]*:[^\S\n]*(?P<value>{word}(?:[^\S\n](?:(?:{_PLACE_PARTICLES})[^\S\n])?{word}){{0,3}})"
            rf"(?=[^\S\n]*(?:\n|$|,|;|\||\t)|[^\S\n]{{3}})") if fields else None)

    def apply(self, ctx: RuleContext) -> list[Entity]:
        if self.pattern is None or ":" not in ctx.text:
            return []
        out = []
        for m in self.pattern.finditer(ctx.text):
            start, end = m.span("value")
            value = m.group("value")
            if len(value) < 2 or value.casefold() in STOP_WORDS_FOLDED or ctx.overlapping(start, end):
                continue
            out.append(Entity(start, end, LOCATION, value, f"rule:{self.name}"))
        return out


@register("detection_rule")
class PartyLineRule(Rule):
    """A party's name in capitals with its role after a column's gap, the role ending the line → ``PERSON``
    ("NOMSA PRECIOUS MAHLANGU                                Complainant" of a South African maintenance order's
    heading; stop 66: the model took two of the three names for organizations and left one in clear). The role is one
    of the language's :attr:`app.languages.Language.party_roles` (case-folded); the name two to six words written in
    capitals, not all of them stop words; an ``ORGANIZATION`` when one word is an organization head or a legal form
    ("DEPARTMENT OF HOME AFFAIRS    Defendant"). The proposal absorbs the entities inside it."""

    name = "party_line"
    absorbs = True

    def __init__(self, language: str) -> None:
        self.roles = PARTY_ROLES.get(language, frozenset())
        self.organization_words = frozenset(w.casefold() for w in (*ORG_KEYWORDS.get(language, ()), *LEGAL_FORMS))

    def apply(self, ctx: RuleContext) -> list[Entity]:
        if not self.roles:
            return []
        out = []
        for m in _PARTY_LINE.finditer(ctx.text):
            name = m.group("name")
            if m.group("role").casefold() not in self.roles or not name.isupper():
                continue
            words = [w.strip(".,").casefold() for w in name.split()]
            if all(w in STOP_WORDS_FOLDED for w in words):
                continue
            label = ORGANIZATION if any(w in self.organization_words for w in words) else PERSON
            out.append(Entity(m.start("name"), m.end("name"), label, name, f"rule:{self.name}"))
        return out


@register("detection_rule")
class RegionCodeRule(Rule):
    """A town and its state's code after a slash → one ``LOCATION`` ("Londrina/PR", "SÃO PAULO/SP" of Brazilian police
    and traffic reports; stop 61: the model tags the town and leaves the code in clear). The codes are the language's
    :attr:`app.languages.Language.region_codes`; the town is a ``LOCATION`` the detector found, the slash right after
    it, the code ending its word; or a code of :attr:`app.languages.Language.spaced_region_codes` after one space,
    ending the line or before a comma ("Hasler Metallbau AG, Kirchberg BE" of a Swiss unemployment fund's statement;
    stop 66). The proposal absorbs the town's entity."""

    name = "region_code"
    absorbs = True

    def __init__(self, language: str) -> None:
        lang = languages.find(language)
        self.codes = lang.region_codes if lang is not None else frozenset()
        # (stop 66) a canton's code after a space, ending its line or before a comma ("Kirchberg BE")
        self.spaced = lang.spaced_region_codes if lang is not None else frozenset()

    def apply(self, ctx: RuleContext) -> list[Entity]:
        slash = bool(self.codes) and "/" in ctx.text
        if not slash and not self.spaced:
            return []
        text, out = ctx.text, []
        for e in ctx.entities:
            end = e.end + 3
            if e.label != LOCATION and not (e.label == PROPER_NOUN and self.spaced):
                continue  # (a town the proper-noun fallback found before its canton, "Heimatort:  Wattwil SG")
            if ((slash and e.label == LOCATION and text[e.end:e.end + 1] == "/" and text[e.end + 1:end] in self.codes
                 and not (end < len(text) and (text[end].isalnum() or text[end] in "/-")))
                    or (text[e.end:e.end + 1] == " " and text[e.end + 1:end] in self.spaced
                        and (end == len(text) or text[end] in "\n,"))):
                out.append(Entity(e.start, end, LOCATION, text[e.start:end], f"rule:{self.name}"))
        return out


@register("detection_rule")
class SignatureRule(Rule):
    """The name signed after a signatory's marker opening its line ("Im Auftrag\nSchwarzkopf", "i. A. Sabine Kröger",
    "gez. Dr. Weber", "Fdo.: Juan Pérez", "pp J. Smith"): ``PERSON``, titles left out (stop 46: an authority's
    letter signed "Im Auftrag\nSchwarzkopf" left the surname in clear; the model missed it, and a single word on its
    line that the common-word lexicon lists is read as a heading). Nothing when the words are only titles, function
    words or the language's job titles ("Der Oberbürgermeister", "Sachbearbeiterin"). A name after a closing on the
    same line (:data:`_CLOSING`: "Gruß J. Pfannenstiel", "Thanks, Anna") needs an initial among its words or a first
    name of a declared language first ("Regards Customer Service" is none). The name absorbs the
    entities inside it (stop 58: the model's "Schmitz-Yılmaz" of "gez. B. Schmitz-Yılmaz" kept the initial in clear)."""

    name = "signature"
    absorbs = True

    def __init__(self, language: str) -> None:
        lang = languages.find(language)
        self.titles = TITLES.get(language, frozenset()) | HONORIFICS | ACADEMIC_DEGREES
        self.job_title = (letter_led(re.compile(r"(?:" + "|".join(lang.job_title_heads) + r")\Z", re.IGNORECASE))
                          if lang is not None and lang.job_title_heads else None)

    def apply(self, ctx: RuleContext) -> list[Entity]:
        text, out = ctx.text, []
        for m in _SIGNATURE.finditer(text):
            words = list(re.finditer(r"\S+", m.group("name")))
            while words and words[0].group().rstrip(",") in self.titles:
                words.pop(0)
            if not words or any(w.group().casefold() in STOP_WORDS_FOLDED for w in words):
                continue
            start, end = m.start("name") + words[0].start(), m.start("name") + words[-1].end()
            surface = text[start:end].rstrip(".,")
            if self.job_title is not None and self.job_title.search(surface):
                continue
            out.append(Entity(start, start + len(surface), PERSON, surface, f"rule:{self.name}"))
        names, ends = all_first_names(), [e.end for e in out]  # (the signatures, in text order, disjoint)
        closings = []
        for m in _CLOSING.finditer(text):
            words = m.group("name").split()
            if any(w.casefold().rstrip(".,") in STOP_WORDS_FOLDED for w in words):
                continue
            if not (any(_INITIAL_WORD.fullmatch(w) for w in words) or words[0].rstrip(".,") in names):
                continue
            start = m.start("name")
            surface = m.group("name").rstrip(".,")
            k = bisect_right(ends, start)  # the first signature ending after the name's start
            if k < len(out) and out[k].start < start + len(surface):
                continue  # a signatory's marker already took it
            closings.append(Entity(start, start + len(surface), PERSON, surface, f"rule:{self.name}"))
        return sorted(out + closings, key=lambda e: e.start) if closings else out


#: An initial: one capital and its full stop ("J.").
_INITIAL_WORD = re.compile(rf"[{UPPER}]\.")


def default_rules(language: str, names: tuple[str, ...] | None = None) -> list[Rule]:
    """The detection rules of ``names`` (default: the language's configured ``rules``,
    :func:`app.detection.config.language_config`), in that order, for ``language``.

    Raises:
        app.registry.UnknownComponent: an unknown rule name (a ``KeyError`` and a ``ValueError``).
    """
    if names is None:
        from app.detection.config import language_config

        names = tuple(language_config(language)["rules"])
    return [create("detection_rule", n, language) for n in names]


class _Blocks:
    """The spans of :func:`merge`'s current entities, for O(log n) overlap queries.

    ``starts``/``ends``/``slots``: pairwise disjoint spans (they may touch) sorted by start, hence ends sorted
    too. A block is one entity, ``slots[i]`` its index in the current list, or a *cluster*: the union of input
    entities that overlap each other (``slots[i] == -1``). A proposal meeting a cluster meets an entity there, so
    it is not added; nor does it replace one, since a proposal on the same span as an entity, or containing it,
    meets every entity that one meets (two at least in a cluster). Proposals that are added or replace an entity
    overlap no other block, so blocks stay disjoint.
    """

    def __init__(self, entities: list[Entity]) -> None:
        self.starts: list[int] = []
        self.ends: list[int] = []
        self.slots: list[int] = []
        for start, end, slot in sorted((e.start, e.end, i) for i, e in enumerate(entities)):
            if self.ends and start < self.ends[-1]:
                self.ends[-1] = max(self.ends[-1], end)
                self.slots[-1] = -1
            else:
                self.starts.append(start)
                self.ends.append(end)
                self.slots.append(slot)

    def overlapping(self, start: int, end: int) -> tuple[int, int]:
        """``(lo, hi)``: blocks ``lo .. hi - 1`` share a character with ``[start, end)`` (``start < end``)."""
        return bisect_right(self.ends, start), bisect_left(self.starts, end)


def _titles_outside(entity: Entity, proposal: Entity) -> bool:
    """Whether ``entity`` crosses ``proposal`` (neither contains the other) and its words outside the proposal are
    only titles and degrees: the model's "Mr Uğur" against the title rule's "Uğur Çatak", "Mr C." against
    "C. Çalış". The proposal then holds every name word of the entity and more."""
    if entity.start >= proposal.start or entity.end >= proposal.end or entity.end <= proposal.start:
        return False
    outside = entity.text[: proposal.start - entity.start].split()
    return bool(outside) and all(w in ALL_TITLES or w in ACADEMIC_DEGREES or w in HONORIFICS for w in outside)


def _title_widens(entity: Entity, proposal: Entity) -> bool:
    """Whether ``proposal``, the title rule's person, ends where ``entity`` (of another label) ends and begins before
    it, when the model's label is MISC or the name is written in capitals: the words after the title are one name
    ("MR T J OKONJO" on a bank statement: the model's MISC "J OKONJO", the rule's person "T J OKONJO"); a place in
    cased text ("Herr Hans Berlin") is left to the model, as before. Or when ``proposal`` contains a model's
    organization or MISC and a surname in capitals ("Dña. Mª del Carmen ÁLVAREZ-CIENFUEGOS IBÁÑEZ")."""
    if proposal.source != f"rule:{TitleRule.name}" or entity.label == proposal.label:
        return False
    if proposal.start < entity.start and entity.end == proposal.end:
        return entity.label == MISC or proposal.text.isupper()
    # (stop 52) an organization or MISC inside a name whose surnames are in capitals: "Dña. Mª del Carmen
    # ÁLVAREZ-CIENFUEGOS IBÁÑEZ", the model's organization "Carmen ÁLVAREZ-CIENFUEGOS" (a bill's holder kept "Mª del"
    # and "IBÁÑEZ" in clear)
    return (entity.label in (MISC, ORGANIZATION) and proposal.start <= entity.start and entity.end <= proposal.end
            and (proposal.start, proposal.end) != (entity.start, entity.end)
            and any(len(w) >= 3 and w.isupper() and w.isalpha() for w in re.split(r"[\s-]+", proposal.text)))


def merge(entities: list[Entity], proposals: list[Entity], relabel: bool) -> tuple[list[Entity], bool]:
    """Add proposals that overlap nothing; with ``relabel``, a proposal that overlaps exactly one entity
    replaces it when it is on the same span with another label, or contains it (larger span) with the same label,
    or is the title rule's person that widens it to the left (:func:`_title_widens`),
    or when the entity begins with titles before the proposal and ends inside it (:func:`_titles_outside`: the
    model's "Mr Uğur" gives way to the title rule's "Uğur Çatak"; the title stays in the text, as the rule's own
    proposals leave it).

    Proposals are taken in order; each is checked against the entities and the proposals added or substituted
    before it.

    Args:
        entities: ``list[Entity]`` in any order (overlaps allowed, they are left as they are).
        proposals: ``list[Entity]`` from one rule, in any order, possibly overlapping each other.
        relabel: whether proposals may replace entities.

    Returns:
        ``(list[Entity] sorted by (start, end) (stable), changed)``: the entities with replacements in place,
        then the added proposals; ``changed`` is True when a proposal was added or substituted.

    Runs in O((n + p) log n + n · a) for ``n`` entities, ``p`` proposals and ``a`` added ones (list insertion;
    one ``memmove`` each, negligible at these sizes).
    """
    changed = False
    current = list(entities)
    blocks = _Blocks(current)
    for p in proposals:
        lo, hi = blocks.overlapping(p.start, p.end)
        if lo >= hi:
            blocks.starts.insert(lo, p.start)
            blocks.ends.insert(lo, p.end)
            blocks.slots.insert(lo, len(current))
            current.append(p)
            changed = True
        elif relabel and hi - lo == 1 and blocks.slots[lo] >= 0:
            e = current[blocks.slots[lo]]
            if ((e.start, e.end) == (p.start, p.end) and e.label != p.label) or (
                p.start <= e.start and e.end <= p.end and (e.start, e.end) != (p.start, p.end) and e.label == p.label
            ) or _titles_outside(e, p) or _title_widens(e, p):  # the second: the rule sees more of the name
                current[blocks.slots[lo]] = p
                blocks.starts[lo], blocks.ends[lo] = p.start, p.end
                changed = True
    return sorted(current, key=lambda e: (e.start, e.end)), changed


def apply_rules(
    text: str, sentences: list[Sentence], entities: list[Entity], rules: list[Rule], language: str, max_rounds: int = 10
) -> list[Entity]:
    """Run every rule, then again while any rule added or relabelled an entity (Graliński et al., 2009, §5.3).

    Args:
        entities: ``list[Entity]``, offsets into ``text`` (half-open), normally non-overlapping.

    Returns:
        ``list[Entity]`` sorted by ``(start, end)``; non-overlapping when ``entities`` is (a rule adds no overlap).

    Runs in O(max_rounds · len(rules) · (T + n log n)) for ``T`` tokens and ``n`` entities.
    """
    return rules_to_fixed_point(text, sentences, entities, rules, language, max_rounds)[0]


def rules_to_fixed_point(text: str, sentences: list[Sentence], entities: list[Entity], rules: list[Rule],
                         language: str, max_rounds: int = 10, written: str | None = None) -> tuple[list[Entity], bool]:
    """:func:`apply_rules`, and whether its last round changed nothing (``True``: the entities are a fixed point of
    the rules, so running them again on the same entities changes nothing; ``False`` after ``max_rounds`` rounds that
    all changed something). ``written``: the document as written when ``text`` has sentences restored to their usual
    case (same length and offsets; :attr:`RuleContext.written`)."""
    current = sorted(entities, key=lambda e: (e.start, e.end))
    for _ in range(max_rounds):
        any_change = False
        for rule in rules:
            proposals = rule.apply(RuleContext(text, sentences, current, language, written=written))
            if rule.cuts and proposals:
                current = sorted(cut(current, proposals, text), key=lambda e: (e.start, e.end))
            if not proposals:
                continue  # nothing to merge: ``current`` stays as it is (sorted)
            if rule.absorbs:
                current = absorb(current, proposals)
            current, changed = merge(current, proposals, rule.relabel)
            any_change = any_change or changed
        if not any_change:
            return current, True
    return current, False
