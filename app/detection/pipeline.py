"""The detection pipeline (Dias, 2016, §4.2, Fig. 4.1–4.2), as named components in order:

1. ``recognizers`` — model and patterns in parallel on the same tokens;
2. ``voting`` — overlaps resolved by the cascade of precedence (:mod:`app.detection.voting`);
3. ``rules`` — entities made of titles only ("Prof. Dr.") or naming a form field ("DNI", "MRN") dropped, then
   NERT-style context rules, re-run with all-occurrence marking until nothing changes (:mod:`app.detection.rules`,
   Graliński et al., 2009);
4. ``second_pass`` — short forms, label consistency, every occurrence (:mod:`app.detection.second_pass`);
5. ``proper_nouns`` — the fallback for capitalised words no lexicon knows, last, then every occurrence again
   (:mod:`app.detection.proper_nouns`; Graliński et al., 2009, §4.3).

What runs is set per language by :mod:`app.detection.config`.
"""

from __future__ import annotations

import csv
import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache, partial
from itertools import accumulate
from pathlib import Path
from typing import Any

from app import languages
from app.detection.base import Recognizer
from app.detection.casing import RESTORABLE, CasingTable, casing_table, restore_case
from app.detection.clinical import clinical_term
from app.detection.config import language_config
from app.detection.ensemble import checked_recall_bias
from app.detection.gazetteers import GazetteerRecognizer
from app.detection.identifiers import field_label
from app.detection.labels import DEMOGRAPHIC, HEALTH, LOCATION, MISC, NAME_LABELS, OCCUPATION, PERSON, PROPER_NOUN
from app.detection.ner import StanzaRecognizer, Tagger, accepts_recall_bias
from app.detection.name_types import NameTypes, name_types
from app.detection.proper_nouns import CommonWordLexicon, common_word_lexicon, find_proper_nouns
from app.detection.quasi_identifiers import STRICT_LABELS, QuasiIdentifierRecognizer, common_capitalised_only
from app.detection.quasi_identifiers import lexicon as quasi_identifier_lexicon
from app.detection.rules import (ALL_TITLES, FIELD_COLON_AFTER, GREETINGS, HONORIFICS, NAME_FIELDS, TITLES, Rule,
                                 default_rules, first_names, rules_to_fixed_point, title_only, without_greeting,
                                 without_party_role)
from app.detection.handles import derived_handles, user_names_everywhere
from app.detection.second_pass import all_occurrences, is_function_word, label_consistency, short_forms, word_runs
from app.detection.tables import TableRecognizer, find_tables, in_header
from app.detection.recognizers import RecognizerContext
from app.detection.voting import DEFAULT_PRECEDENCE, _strip, name_like, resolve_overlaps
from app.doc import Entity, Sentence
from app.registry import create, get
from app.settings import PRIVACY_PROFILES
from app.tokenization import UPPER, NormalizedView, normalized_view, split_sentences, tokenize


def _from_view(text: str, view: NormalizedView, entities: list[Entity]) -> list[Entity]:
    """Entities found on ``view`` (the document in NFC without format characters, words hyphenated at a line's end
    joined) with the document's offsets and surfaces: an entity spans from where its first character begins to where
    its last ends in ``text``, format characters and combining marks included ("Angela Mer\u00adkel", "Ju\u0308rgen
    Mu\u0308ller"), so none of its letters stays in clear; one over a line-end hyphen becomes one entity per line, of
    its label ("Annegret Voll", "mer" of "Annegret Voll-\nmer"), no entity crossing a line break."""
    out = []
    for e in entities:
        for start, end in view.spans(e.start, e.end):
            out.append(Entity(start, end, e.label, text[start:end], e.source, e.score))
    return out


def _surfaces(text: str, entities: list[Entity]) -> list[Entity]:
    """``entities`` found on a case-restored copy of ``text`` (:mod:`app.detection.casing`: same length and offsets)
    with their surfaces as ``text`` writes them."""
    return [Entity(e.start, e.end, e.label, text[e.start:e.end], e.source, e.score) for e in entities]


def effective_profile(deployment: str, requested: str | None) -> str:
    """The profile a document is processed with: the stricter of the deployment's and the document's own.

    A document may ask for more masking than the deployment's setting, never for less.

    Raises:
        ValueError: a profile not in :data:`PRIVACY_PROFILES`.
    """
    for profile in (deployment, requested):
        if profile is not None and profile not in PRIVACY_PROFILES:
            raise ValueError(f"unknown privacy profile {profile!r} (known: {', '.join(PRIVACY_PROFILES)})")
    return max(deployment, requested or deployment, key=PRIVACY_PROFILES.index)


class RegexRecognizer(Recognizer):
    """Users' own regular expressions: ``[(label, regex), ...]`` (Dias, 2016, §4.2.2)."""

    def __init__(self, patterns: list[tuple[str, str]], name: str = "custom") -> None:
        self.name = name
        self.patterns = [(label, re.compile(regex)) for label, regex in patterns]

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        return [
            Entity(m.start(), m.end(), label, m.group(), self.name)
            for label, pattern in self.patterns
            for m in pattern.finditer(text)
            if m.end() > m.start()
        ]


class _Combined(Recognizer):
    def __init__(self, parts: list[Recognizer], name: str) -> None:
        self.parts, self.name = parts, name

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        return [
            Entity(e.start, e.end, e.label, e.text, self.name, e.score)
            for part in self.parts
            for e in part.recognize(text, sentences)
        ]


class Detector:
    """Runs the detection components over a document.

    Args:
        recognizers: run in parallel on the same tokens.
        precedence: the voting cascade, recognizer names, highest first.
        sensitive: labels kept; other labels are dropped before voting.
        rules: context rules (empty: the rules component is off).
        second_pass: ``{"all_occurrences", "short_forms", "label_consistency", "spread_common_words"}`` switches.
        language: ISO 639-1 code (head position for short forms).
        spread_lexicon: with ``all_occurrences``, the common-word lexicon that keeps one-word organization and
            miscellaneous entities that are common words from being spread (``"spread_common_words": false``;
            :func:`app.detection.second_pass.spreads`); ``None``: every entity is spread.
        proper_nouns: the lexicon of the proper-noun fallback (``None``: the component is off).
        proper_noun_types: name lexicons that type the fallback's entities as persons or places
            (:class:`app.detection.name_types.NameTypes`; a type that is not ``sensitive`` stays ``PROPER_NOUN``);
            ``None``: every fallback entity is a ``PROPER_NOUN``.
        strict_recognizers: recognizers that run in the ``strict`` privacy profile only (quasi-identifiers,
            :mod:`app.detection.quasi_identifiers`); their labels and :data:`STRICT_LABELS` are sensitive there.
        drop_common_words: drop names made only of the language's common capitalised words of legal and
            administrative text ("Article", "the Convention", "Rule 52";
            :func:`app.detection.quasi_identifiers.common_capitalised_only`), before the second pass and at the end.
        strict_recall_bias: the NER recall bias of the ``strict`` profile (``ner_recall_bias_strict``, at least
            ``ner_recall_bias``): its Stanza recognizers decode with it
            (:meth:`app.detection.ner.StanzaRecognizer.with_recall_bias`, the same loaded model); ``None``, or a
            tagger that takes no per-call bias: the standard profile's.
        restore_case: which sentences detection reads with each word in its usual spelling
            (:mod:`app.detection.casing`): ``"uncased"`` (written in lower case), ``"all_capitals"``; empty: none.
        casing: the language's :class:`app.detection.casing.CasingTable` (``None``: empty).
        common: ``word -> bool``, whether a word in lower case is a common word (for the words ``casing`` lacks;
            ``None``: none is, every such word is capitalised).
        phrases: ``() -> {name case-folded: name}``, multi-word place names restored as phrases ("rio de janeiro";
            ``None``: none).
        persons: ``word -> bool``, whether a word is a first name or surname that may be restored beside another
            ("narciso garcia"; ``None``: no pairs).
        patterns: ``() -> (titled, upper)``: street addresses and postal codes restored as the address and postal-code
            recognizers write them ("12 high street", "ls1 4ap"; ``None``: none).
    """

    def __init__(
        self,
        recognizers: list[Recognizer],
        precedence: tuple[str, ...] = DEFAULT_PRECEDENCE,
        sensitive: frozenset[str] | None = None,
        rules: list[Rule] | None = None,
        second_pass: dict[str, bool] | None = None,
        language: str = "en",
        proper_nouns: CommonWordLexicon | None = None,
        strict_recognizers: list[Recognizer] | None = None,
        drop_common_words: bool = False,
        strict_recall_bias: float | None = None,
        spread_lexicon: CommonWordLexicon | None = None,
        proper_noun_types: NameTypes | None = None,
        restore_case: frozenset[str] = frozenset(),
        casing: CasingTable | None = None,
        common: Callable[[str], bool] | None = None,
        phrases: Callable[[], dict[str, str]] | None = None,
        persons: Callable[[str], bool] | None = None,
        patterns: Callable[[], tuple[list[re.Pattern[str]], list[re.Pattern[str]]]] | None = None,
    ) -> None:
        from app.detection.labels import DEFAULT_SENSITIVE

        self.recognizers = recognizers
        self.precedence = precedence
        self.sensitive = sensitive if sensitive is not None else DEFAULT_SENSITIVE
        self.rules = rules or []
        self.second_pass = second_pass or {}
        self.language = language
        self.proper_nouns = proper_nouns
        self.strict_recognizers = strict_recognizers or []
        self.drop_common_words = drop_common_words
        self.strict_recall_bias = strict_recall_bias
        self.spread_lexicon = spread_lexicon
        self.proper_noun_types = proper_noun_types
        self._spread_common = spread_lexicon.is_common if spread_lexicon is not None else None
        self.restore_case = restore_case
        self.casing = casing if casing is not None else CasingTable({})
        self.common = common if common is not None else (lambda word: False)
        self.phrases = phrases if phrases is not None else dict
        self.persons = persons
        self.patterns = patterns
        #: the language's honorifics, case-folded, whose names in lower case are restored
        #: (:func:`app.detection.casing.titles_pattern`)
        self.titles = frozenset(t.casefold() for t in TITLES.get(language, ()) if t in HONORIFICS)
        lang = languages.find(language)
        self._weekday_abbreviations = frozenset(lang.weekday_abbreviations if lang is not None else ())
        #: greetings and vocatives of the language, for the names after a greeting
        #: (:func:`app.detection.casing.greeting_pattern`)
        self._greetings = GREETINGS.get(language, ())
        self._vocatives = lang.vocatives if lang is not None else frozenset()
        #: whether the language capitalises its nouns (German), for names in sentences in capitals
        self._capitalised_nouns = lang is not None and lang.capitalised_nouns
        #: the heads of the language's job titles, for titles a model takes for names (:meth:`_job_title`)
        self._job_title_heads = (re.compile("(?:" + "|".join(lang.job_title_heads) + ")")
                                 if self.rules and lang is not None and lang.job_title_heads else None)
        self._head_final = lang is not None and lang.head_final
        self._profile_recognizers: dict[str, list[Recognizer]] = {}

    def _first_name(self, word: str) -> bool:
        """Whether ``word`` (any case) is a first name of the language (:func:`app.detection.rules.first_names`)."""
        return word[:1].upper() + word[1:].lower() in first_names(self.language)

    def recognizers_for(self, profile: str) -> list[Recognizer]:
        """The recognizers that run in ``profile``: :attr:`recognizers`; in ``strict`` also
        :attr:`strict_recognizers`, and each Stanza recognizer decoding with :attr:`strict_recall_bias`.
        Built once per profile (the same objects at every call)."""
        if profile != "strict":
            return self.recognizers
        if profile not in self._profile_recognizers:
            bias = self.strict_recall_bias
            self._profile_recognizers[profile] = [
                r.with_recall_bias(bias) if bias is not None and isinstance(r, StanzaRecognizer)
                and accepts_recall_bias(r.tagger) else r
                for r in self.recognizers] + self.strict_recognizers
        return self._profile_recognizers[profile]

    def detect(self, text: str, sentences: list[Sentence] | None = None, profile: str = "standard") -> list[Entity]:
        """Detect entities in ``text``.

        Args:
            sentences: pre-tokenized sentences (offsets into ``text``); default: :mod:`app.tokenization`. A text
                with format characters, combining marks or words hyphenated at a line's end is read as its
                normalized view (:func:`app.tokenization.normalized_view`, these sentences on it), and the entities
                mapped back to ``text``.
            profile: ``standard`` (named entities, contact data, identifiers) or ``strict`` (also the
                quasi-identifiers of :mod:`app.detection.quasi_identifiers`: bare years, ages, durations,
                quantities, numbers in lists, occupations, nationality/religion/sex, relatives, health).

        Returns:
            ``list[Entity]``, non-overlapping, sorted by ``start``, offsets into ``text`` (half-open).

        Raises:
            ValueError: an unknown ``profile``.
            Whatever a recognizer raises (e.g. a model failure); the caller turns it into a dead letter.
        """
        if profile not in PRIVACY_PROFILES:
            raise ValueError(f"unknown privacy profile {profile!r} (known: {', '.join(PRIVACY_PROFILES)})")
        if sentences is None:
            sentences = split_sentences(text, tokenize(text), language=self.language)
        view = normalized_view(text)
        shown, shown_sentences = (text, sentences) if view is None else (view.text, view.sentences(sentences))
        return self._read(text, view, shown, shown_sentences, self._restored(shown, shown_sentences), {}, profile)

    def detect_many(self, texts: list[str], profile: str = "standard",
                    sentences: list[list[Sentence]] | None = None) -> list[list[Entity]]:
        """Detect entities in several documents; the NER model tags the sentences of all of them in one call.

        Args:
            sentences: per text, its pre-tokenized sentences (as in :meth:`detect`); default: :mod:`app.tokenization`.

        Returns:
            one ``list[Entity]`` per text, in order, each exactly what :meth:`detect` returns for that text
            (sentences of several documents share model batches; the tags do not change,
            ``tests/test_golden_detection.py``).

        Raises:
            Whatever a recognizer raises; the caller may retry the documents one by one to find the culprit.
        """
        if sentences is None:
            sentences = [split_sentences(text, tokenize(text), language=self.language) for text in texts]
        views = [normalized_view(text) for text in texts]
        shown = [view.text if view is not None else text for text, view in zip(texts, views)]
        shown_sentences = [view.sentences(sents) if view is not None else sents
                           for sents, view in zip(sentences, views)]
        restored = [self._restored(t, s) for t, s in zip(shown, shown_sentences)]
        seen = [t if r is None else r[0] for t, r in zip(shown, restored)]
        seen_sentences = [s if r is None else r[1] for s, r in zip(shown_sentences, restored)]
        batched: list[dict[int, list[Entity]]] = [{} for _ in texts]
        for recognizer in self.recognizers_for(profile):
            if isinstance(recognizer, StanzaRecognizer):
                for found, entities in zip(batched, recognizer.recognize_many(seen, seen_sentences)):
                    found[id(recognizer)] = entities
        return [self._read(*args, profile) for args in zip(texts, views, shown, shown_sentences, restored, batched)]

    def _read(self, text: str, view: NormalizedView | None, shown: str, shown_sentences: list[Sentence],
              restored: tuple[str, list[Sentence]] | None, found: dict[int, list[Entity]],
              profile: str) -> list[Entity]:
        """The entities of ``text``, read as ``shown`` (its normalized view, or itself) or, when some sentences were
        restored to their usual case, as ``restored`` (:meth:`_restored`), with the document's surfaces and
        offsets; ``found``: as :meth:`_detect`'s ``recognized``."""
        if restored is None:
            entities = self._detect(shown, shown_sentences, found, profile)
        else:
            entities = _surfaces(shown, self._detect(*restored, found, profile, written=(shown, shown_sentences)))
        return entities if view is None else _from_view(text, view, entities)

    def _restored(self, text: str, sentences: list[Sentence]) -> tuple[str, list[Sentence]] | None:
        """``text`` with its uncased or all-capitals sentences in their usual spelling (:mod:`app.detection.casing`,
        as :attr:`restore_case` says), or ``None`` when nothing changes."""
        if not self.restore_case:
            return None
        return restore_case(text, sentences, self.casing, self.common, self.phrases, self.persons, self.patterns,
                            self.restore_case, self.titles, self._first_name, self._greetings, self._vocatives,
                            self._capitalised_nouns)

    def _detect(self, text: str, sentences: list[Sentence], recognized: dict[int, list[Entity]],
                profile: str = "standard", written: tuple[str, list[Sentence]] | None = None) -> list[Entity]:
        """:meth:`detect` with the entities of some recognizers already found (``{id(recognizer): entities}``).

        ``written``: when ``text`` is the document with some sentences restored to their usual case, the document
        as written (same length and offsets) and its sentences: the recognizers that read it
        (:attr:`Recognizer.reads_written`) find entities on both, and those of both readings count."""
        recognizers, sensitive = self.recognizers_for(profile), self.sensitive
        judged: dict[tuple[int, int], bool] = {}

        def clinical(e: Entity) -> bool:
            """:meth:`_clinical`, each span judged once per call (three filters below ask again)."""
            if e.label not in NAME_LABELS:
                return False
            key = (e.start, e.end)
            if key not in judged:
                judged[key] = self._clinical(text, e)
            return judged[key]

        if profile == "strict":
            sensitive = sensitive | STRICT_LABELS
        found: list[Entity] = []
        # the text's tables, read once: the table recognizer's cells and the header filter below
        tables = find_tables(text) if self.rules or any(isinstance(r, TableRecognizer) for r in recognizers) else []
        for recognizer in recognizers:
            entities = recognized.get(id(recognizer))
            if entities is None:
                entities = (TableRecognizer.cells(tables) if isinstance(recognizer, TableRecognizer)
                            else recognizer.recognize(text, sentences))
            found.extend(e for e in entities if e.label in sensitive)
            if written is not None and recognizer.reads_written:
                spans = {(e.start, e.end, e.label) for e in entities}
                found.extend(replace(e, text=text[e.start:e.end]) for e in recognizer.recognize(*written)
                             if e.label in sensitive and (e.start, e.end, e.label) not in spans)
        files = sorted((e for e in found if e.source == "file_name"), key=lambda e: e.start)  # disjoint
        if files:
            # a file name's person decides the names of its file name: another recognizer's name across the file name
            # ("Scan_JohnSmith_Passport" as one person) would leave its other parts as entities of their own ("Scan",
            # "Passport", "2024"; stop 49); the file names found by bisection (a list of thousands stays linear)
            ends = [f.end for f in files]

            def across_a_file(e: Entity) -> bool:
                i = bisect_right(ends, e.start)
                return i < len(files) and files[i].start < e.end

            found = [e for e in found if e.source == "file_name" or e.label not in NAME_LABELS
                     or not across_a_file(e)]
        if profile == "strict":
            # (stop 68) a model's MISC entity on exactly a nationality's or an occupation's words yields to the
            # quasi-identifier ("Nacionalidade:   Portuguesa" of a death's record, "como Jefa de Bodega" of a
            # settlement: the MISC took their place, then went as no name, and the words stayed in clear)
            qualified = {(e.start, e.end) for e in found if e.label in (DEMOGRAPHIC, OCCUPATION)}
            if qualified:
                found = [e for e in found if e.label != MISC or (e.start, e.end) not in qualified]
            found = _without_model_names_in_health(text, found)
        if self.rules:
            # a model's name made only of clinical vocabulary names no one; dropped before the overlaps are resolved,
            # so that it does not take the place of a health condition's entity on the same words ("COPD" as an
            # organization, then dropped: the strict profile's condition stayed in clear before stop 49)
            found = [e for e in found if not clinical(e)]
        # cut at line breaks and cells before the rules read them ("MR T J OKONJO\nSort code": the title rule's
        # person must meet the model's "J OKONJO", not a span running on into the next line)
        entities = clean_spans(text, resolve_overlaps(text, found, self.precedence))
        # the text's words, for every spreading of entities below (built once, dropped with the call)
        runs = word_runs(text) if self.second_pass.get("all_occurrences") or self.second_pass.get("short_forms") \
            else None
        # the text's line breaks, for the field names and headings below (found once: O(log n) per entity)
        breaks = [m.start() for m in _LINE_BREAK.finditer(text)] if self.rules else []
        if self.rules:
            # a model's "Prof. Dr." or "DNI" names no one, nor its "Hola" ("Hi Anna": the name is "Anna")
            entities = [e for e in (without_party_role(without_greeting(
                                        self._without_field_before(self._without_field_after(e, text)), self.language),
                                                       self.language)
                                    if e.label in NAME_LABELS else e for e in entities)
                        if e is not None and not title_only(e.text)
                        and not field_label(e.text, self.language)
                        and not self._field_name(text, e, breaks) and not clinical(e)]
            entities = self._rules_until_stable(text, sentences, entities, runs,
                                                written[0] if written is not None else None)
        if self.drop_common_words:  # names no one; never spread by the second pass
            entities = self._without_common_words(entities)
        if self.second_pass.get("short_forms"):
            entities = short_forms(text, entities, self.language, runs)
        if self.second_pass.get("label_consistency"):
            entities = label_consistency(entities)
        if self.second_pass.get("all_occurrences"):
            entities = all_occurrences(text, entities, common=self._spread_common, runs=runs)
        if self.proper_nouns is not None and PROPER_NOUN in sensitive:
            extra = [e for e in find_proper_nouns(text, sentences, entities, self.proper_nouns,
                                                  self._proper_noun_label(sensitive))
                     if not field_label(e.text, self.language) and not (self.rules and clinical(e))]
            if extra:
                entities = sorted(entities + extra, key=lambda e: e.start)
                if self.second_pass.get("all_occurrences"):
                    entities = all_occurrences(text, entities, common=self._spread_common, runs=runs)
        if self.drop_common_words:
            entities = self._without_common_words(entities)
        entities = whole_hyphenated_words(text, clean_spans(text, entities))
        if self.rules:
            entities = derived_handles(text, entities, ALL_TITLES, written[0] if written is not None else None,
                                       self.common)
            entities = user_names_everywhere(text, entities, self.common)
            entities = [_with_its_floor(text, self._without_role_in_parentheses(e)) for e in entities]
        header = [cell for table in tables for cell in table.header]  # a table's header cells name no one ("Name")
        if self.rules:  # the parts of a model's entity cut at line breaks ("…Charlottenburg\nAz.: 218 C 114/26")
            # (stop 68: in the strict profile a job title is an occupation, not dropped: "como Jefa de Bodega" of a
            # Chilean settlement, the model's MISC had taken the lexicon's occupation's place and then gone)
            occupations = profile == "strict"
            entities = [replace(e, label=OCCUPATION, source=JOB_TITLE) if occupations and self._job_title(e) else e
                        for e in entities
                        if not (header and e.label in NAME_LABELS and in_header(header, e))
                        and not self._field_name(text, e, breaks) and not field_label(e.text, self.language)
                        and not clinical(e) and (occupations or not self._job_title(e))
                        and not self._weekday_abbreviation(text, e) and not _temperature_unit(text, e)
                        and not _abbreviated_title(text, e)]
        return sentence_final_periods(entities, sentences)

    def _field_name(self, text: str, entity: Entity, breaks: list[int]) -> bool:
        """Whether ``entity`` (of a name label) is the name of a form's field or part of a heading: a person on a
        line of at most :data:`MAX_HEADING_WORDS` words, no digit, no colon (a field's value is no heading: "Nombre:
        Izan." on a Spanish clinical form, "izan" a form of "izar"), every word a common word of the language no name
        lexicon lists (a letter's "Arztbrief", a signature's "Oberarzt", which the German model tags as persons; an
        organization, a place or a MISC entity there stays: CoNLL-2003's headlines in capitals, "SOCCER - SCOTTISH
        LEAGUE STANDINGS", name them with common words); or one such common word that opens its line and is
        followed by a colon, by the line's end, or (a person) by up to four words and a colon ("Age if under 18:";
        not CoNLL-2003's "Spanish first division on Saturday :", a line of its own) ("Teléfono:",
        "Diagnóstico:", "Domicilio:" on a Spanish admission form, which the model or a title rule running on from the
        line above tagged); or several such words and function words opening their line before a colon ("Fecha de
        Ingreso:", "Médico responsable:", stop 44). A name right after a title is no heading ("Sehr geehrte Frau
        Wohlfahrt,", a salutation of common words, left "Wohlfahrt" in clear before stop 46). A speaker's name opening
        a transcript's line, "Maria:", a surname signing a letter, "Weber", and a name signed after a signatory's marker
        (source ``rule:signature``: "Im Auftrag\nSchwarzkopf") are names and stay; a chat transcript's speaker (source ``chat_speaker``) and
        a bank statement's payee (source ``payee``) are no names when every word of them is such a common word
        ("09:00 Welcome:", "System:", "SO LANDLORD RENT"). ``breaks``: the sorted
        offsets of the text's line breaks."""
        if entity.label not in NAME_LABELS:
            return False
        if entity.source == "rule:signature":
            return False  # "Im Auftrag\nSchwarzkopf": a signed name, though the lexicon lists the word
        if entity.source == "chat_speaker" or (entity.source == "payee" and entity.label == PERSON):
            # "09:00 Welcome: …", "[10:02] System: …", a statement's "SO LANDLORD RENT", "BP NO REF" name no one
            return all(self._common_any_case(w) for w in _LINE_WORDS.findall(entity.text))
        i = bisect_left(breaks, entity.start)
        line_start = breaks[i - 1] + 1 if i > 0 else 0
        j = bisect_left(breaks, entity.end)
        line_end = breaks[j] if j < len(breaks) else len(text)
        # a field's value on the line after its name ("Nombre:\nIzan") is no heading
        k = line_start - 1
        while k >= 0 and text[k].isspace():
            k -= 1
        value_below_field = k >= 0 and text[k] == ":"
        if entity.label == PERSON and line_end - line_start <= MAX_HEADING_CHARS and not value_below_field:
            line = text[line_start:line_end]  # short: the test costs O(1) per entity, never a long line's length
            words = _LINE_WORDS.findall(line)
            before = text[line_start:entity.start].split()
            titled = bool(before) and before[-1] in ALL_TITLES  # "Sehr geehrte Frau Wohlfahrt,": a salutation (stop 46)
            # (or an initial and a capitalised word: a letter's signature, "Viele Grüße\nH. Brückner-Stahl", whose
            # compound the lexicon reads by its last part, "Stahl"; stop 55)
            titled = titled or _INITIAL_AND_NAME.search(line) is not None
            if 0 < len(words) <= MAX_HEADING_WORDS and ":" not in line and not any(c.isdigit() for c in line) \
                    and not titled and all(self._common_any_case(w) for w in words):
                return True  # a heading of common words names no one: "Arztbrief", "Oberarzt", "WITNESS STATEMENT"
        # only white space before it on its line, or a form's next column after three spaces ("…   Idade:"); read
        # backwards over the white space only (a long line's slice per entity made it quadratic)
        k = entity.start
        while k > line_start and text[k - 1] in " \t":
            k -= 1
        if k > line_start and not (entity.start - k >= 3 and "\t" not in text[k:entity.start]):
            return False
        if k > line_start and text[k - 1] == ":" and entity.source == "rule:name_field":
            # a name field's value after its colon and a column gap ("Name:    Yılmaz-Hoffmann"; stop 64), not a model's
            # common word there ("Sex:     Female")
            return False
        if " " in entity.text:
            # a field's name of several words before its colon ("Fecha de Ingreso:", "Médico responsable:"): every
            # word a common word no name lexicon lists, or a function word
            words = _LINE_WORDS.findall(entity.text)
            return (len(words) <= MAX_HEADING_WORDS and _FIELD_COLON.match(text, entity.end) is not None
                    and all(is_function_word(w) or self._common_any_case(w) for w in words))
        if not self._common_any_case(entity.text):
            return False
        # a field's name before its colon, alone or with up to four more words ("Teléfono:", "Age if under 18:")
        return (_FIELD_COLON.match(text, entity.end) is not None
                or (_LINE_END.match(text, entity.end) is not None and not value_below_field)
                or (entity.label == PERSON and _FIELD_AFTER_WORDS.match(text, entity.end) is not None))

    def _without_field_after(self, entity: Entity, text: str) -> Entity:
        """``entity`` (of a name label) without a form's next field's name as its last word, which the model ran on to
        (:func:`app.detection.identifiers.field_label`; stop 48: MEDDOCAN's "Médico: Victoria Ramos Medina NºCol: 29 29
        55710", the model's "Ramos Medina NºCol"); before the rules, so the name field's value meets the name. The field's
        colon must follow ("Albacete Tel.: 967 …"; a club's "Mérida CP" keeps its letters)."""
        if entity.label not in NAME_LABELS or " " not in entity.text \
                or not FIELD_COLON_AFTER.match(text, entity.end):
            return entity
        head, last = entity.text.rsplit(None, 1)
        if not field_label(last, self.language):
            return entity
        head = head.rstrip()
        return replace(entity, end=entity.start + len(head), text=head)

    def _without_field_before(self, entity: Entity) -> Entity:
        """``entity`` (of a name label) without a form's field's name and colon at its start, which the model took in
        (stop 49: a registration form's "Familienname: Kowalczyk-Lindner" as one MISC, so the name field's rule could
        not meet the name): the part before the first colon, one to three words, is a name field of the language
        (:data:`app.detection.rules.NAME_FIELDS`), a field label, or one common word."""
        if entity.label not in NAME_LABELS or ":" not in entity.text:
            return entity
        head, _, rest = entity.text.partition(":")
        words = head.split()
        if not rest.strip() or not 1 <= len(words) <= 3 or not all(w.replace("-", "").isalpha() for w in words):
            return entity
        if not (head.strip().lower() in NAME_FIELDS.get(self.language, ()) or field_label(head.strip(), self.language)
                or (len(words) == 1 and self._common_any_case(words[0]))):
            return entity
        start = entity.start + len(head) + 1 + (len(rest) - len(rest.lstrip()))
        return replace(entity, start=start, text=entity.text[start - entity.start:])

    def _without_role_in_parentheses(self, entity: Entity) -> Entity:
        """``entity`` without a party's role in parentheses at its end, a common word of six letters or more (stop 48: a
        lease's "01067 Dresden (Vermieterin)", the model's place, took the landlady's role along and the translation
        lost it; "Halle (Saale)", "Frankfurt (Oder)" keep their river)."""
        if entity.label not in NAME_LABELS or not entity.text.endswith(")"):
            return entity
        cut = entity.text.rfind(" (")
        inner = entity.text[cut + 2:-1] if cut > 0 else ""
        if len(inner) < 6 or not inner.isalpha() or not self._common_any_case(inner):
            return entity
        return replace(entity, end=entity.start + cut, text=entity.text[:cut])

    def _common_any_case(self, word: str) -> bool:
        """Whether ``word``, as written in any case, is a common word of the language no name lexicon lists: in lower
        case, or capitalised (German nouns: the lexicon knows "Antrag", not "antrag"; "ANTRAG" in a heading)."""
        return self.common(word.lower()) or self.common(word[:1].upper() + word[1:].lower())

    def _clinical(self, text: str, entity: Entity) -> bool:
        """Whether ``entity`` is of a name label and names only clinical vocabulary of the language ("TAC", "Servicio de
        Urgencias", "Ticagrelor", the "L" of "ng/L": :func:`app.detection.clinical.clinical_term`; stop 45)."""
        return entity.label in NAME_LABELS and clinical_term(text, entity.start, entity.end, self.language)

    def _job_title(self, entity: Entity) -> bool:
        """Whether ``entity`` (of a name label) is a job title, not a name: a head of job titles of the language
        (:attr:`app.languages.Language.job_title_heads`) at its head's end — last in English and German ("Housing
        Officer", "Operations Manager", "Senior Data Analyst", which the model tags as organizations; stop 45), first
        in Spanish and Portuguese ("Coordinadora de Calidad", "Auxiliar Administrativo", "Gerente de Vendas") — and
        one to three other words, each a common word no name lexicon lists and no title, or (head first) a function
        word. A job title is a quasi-identifier: the standard profile leaves it in clear, the strict one masks its
        occupation. A name among the words keeps the entity ("Officer Smith", "Barclays Relationship Manager"), and
        so does a head alone."""
        pattern = self._job_title_heads
        if pattern is None or entity.label not in NAME_LABELS:
            return False
        words = _LINE_WORDS.findall(entity.text)
        if not 2 <= len(words) <= 4:
            return False
        head, others = (words[-1], words[:-1]) if self._head_final else (words[0], words[1:])
        if not pattern.fullmatch(head):
            return False
        return all(w not in ALL_TITLES and ((not self._head_final and is_function_word(w))
                                            or (self._common_any_case(w) and not is_function_word(w)))
                   for w in others) and not is_function_word(others[-1])

    def _weekday_abbreviation(self, text: str, entity: Entity) -> bool:
        """Whether ``entity`` is a weekday's abbreviation with its full stop before a date, a time or another
        weekday ("Mi. 12.11.", "Mo.–Fr. 8–12 Uhr", "Wed. 4 June", which the German model tags as places; the
        language's ``weekday_abbreviations``), not a name ("Mo Farah", "The Sun."); a person or miscellaneous entity
        that is nothing but one of three letters or more that is neither a word nor in a name lexicon, wherever it
        stands ("turn up on Tues.", "rebooked for Fri 12-4pm" in an agent's notes, restored from lower case; not "Mr
        Sun" nor "The Sun")."""
        stop = entity.text.endswith(".")  # the tokenizer keeps "Fr." (Frau) with its full stop
        word = entity.text[:-1] if stop else entity.text
        if entity.label not in NAME_LABELS or word not in self._weekday_abbreviations:
            return False
        if entity.label in (PERSON, MISC) and len(word) > 2 and not (self.persons is not None and self.persons(word)) \
                and not self._common_any_case(word):
            before = _WORD_BEFORE.search(text, max(0, entity.start - 12), entity.start)
            if before is None or before.group(1) not in ALL_TITLES:
                return True  # "Tues", "Fri"; not "Mr Sun"
        after = _AFTER_WEEKDAY.match(text, entity.end - 1 if stop else entity.end)
        return after is not None and (after.group(1) is None or after.group(1) in self._weekday_abbreviations)

    def _proper_noun_label(self, sensitive: frozenset[str]) -> Callable[[list[str]], str] | None:
        """``words -> label`` for the proper-noun fallback: the type :attr:`proper_noun_types` gives, when that label
        is ``sensitive``, else ``PROPER_NOUN``; ``None`` without name lexicons."""
        if self.proper_noun_types is None:
            return None
        typed = self.proper_noun_types.label

        def label(words: list[str]) -> str:
            found = typed(words)
            return found if found in sensitive else PROPER_NOUN

        return label

    def _without_common_words(self, entities: list[Entity]) -> list[Entity]:
        return [e for e in entities if e.label not in NAME_LABELS or not common_capitalised_only(e.text, self.language)]

    def _rules_until_stable(self, text: str, sentences: list[Sentence], entities: list[Entity],
                            runs: dict[str, list[int]] | None = None, written: str | None = None) -> list[Entity]:
        for _ in range(10):
            before = [(e.start, e.end, e.label) for e in entities]
            entities, fixed = rules_to_fixed_point(text, sentences, entities, self.rules, self.language,
                                                   written=written)
            if self.second_pass.get("all_occurrences"):
                ruled = [(e.start, e.end, e.label) for e in entities]
                entities = all_occurrences(text, entities, common=self._spread_common, runs=runs)
                if fixed and [(e.start, e.end, e.label) for e in entities] == ruled:
                    break  # a fixed point of the rules that the second pass left as it was: another round changes
                    # nothing (stop 52: that round was a whole pass of the rules over every document they changed)
            elif fixed:
                break
            if [(e.start, e.end, e.label) for e in entities] == before:
                break
        return entities


#: An initial and a capitalised word after it ("H. Brückner-Stahl"): a name, never a heading of common words.
_INITIAL_AND_NAME = re.compile(rf"(?<![\w.])[{UPPER}]\.[^\S\n]+[{UPPER}][\w-]")
#: The word (or title with its full stop) right before a position, spaces between ("Mr " before "Sun").
_WORD_BEFORE = re.compile(r"(\S+)[^\S\n]+$")
#: A colon right after a word (spaces between allowed): the word names a form's field ("Teléfono:").
_FIELD_COLON = re.compile(r"[^\S\n]*:")
#: After a weekday's abbreviation: its full stop, then a digit, a dash or "bis"/"to"/"a", or another word (group 1,
#: which must be a weekday's abbreviation: "Mo., Mi. und Fr.").
_AFTER_WEEKDAY = re.compile(r"\.[^\S\n]*(?:[\d–-]|(?:bis|to|a|até|und|and|y|e)\b|,?[^\S\n]*(\w+)\.)")
#: A hyphen and a capitalised part that continue a word ("-Degerloch" of "Stuttgart-Degerloch").
_CAPITALISED_PART_AFTER = re.compile(r"-[^\W\d_][\w'’]*")
#: A capitalised part and a hyphen that open a word ("Kowalczyk-" of "Kowalczyk-Braun"), read backwards from an end.
_CAPITALISED_PART_BEFORE = re.compile(r"[^\W\d_][\w'’]*-$")
#: The rest of a user name in lower case after a name's part: "." or "_" and letters or digits, not an e-mail's
#: local part ("ayse" of "ayse.yilmaz"; stop 50).
_HANDLE_PARTS_AFTER = re.compile(r"(?:[._][a-z\d]+)+(?![\w@]|[.-]\w)")
#: The start of such a user name before a name's part, read backwards from an end ("ayse." of "ayse.yilmaz").
_HANDLE_PARTS_BEFORE = re.compile(r"(?<![\w@.-])(?:[^\W_][a-z\d]*[._])+$")


def whole_hyphenated_words(text: str, entities: list[Entity]) -> list[Entity]:
    """``entities`` (sorted, non-overlapping; character offsets into ``text``) with each entity of a name label that
    ends or starts inside a hyphenated word whose parts are capitalised widened to the whole word: "70597
    Stuttgart-Degerloch", where the second pass marked "Stuttgart" (from "LG Stuttgart") and left the district in
    clear; "Frau Kowalczyk-Braun" when a model took "Braun". A part in lower case is no name's ("Müller-freundlich"
    stays as it was), nor is a part that another entity holds, nor the words of a file name around its person
    ("Zeugnis-Katrin-Schneider-2019.pdf": the file-name recognizer decided). An entity in lower case inside a user name
    joined by "." or "_" is widened to the whole user name ("#4821 opened by ayse.yilmaz (Ayşe Yılmaz)" of a bug
    report, where the model took "ayse" and left the surname in clear; not inside an e-mail address). ``list[Entity]``
    in the same order."""
    out: list[Entity] = []
    for k, e in enumerate(entities):
        if e.label not in NAME_LABELS or e.source == "file_name":
            out.append(e)
            continue
        start, end = e.start, e.end
        while True:
            m = _CAPITALISED_PART_AFTER.match(text, end)
            if m is None or not text[end + 1].isupper():
                break
            end = m.end()
        while start > 1 and text[start - 1] == "-":
            m = _CAPITALISED_PART_BEFORE.search(text, max(0, start - 60), start)
            if m is None or not text[m.start()].isupper() or (m.start() > 0 and text[m.start() - 1].isalnum()):
                break
            start = m.start()
        # (in lower case but for a first letter that case restoration may have raised: the text here is the restored one)
        if e.text[1:].islower() and (text.startswith((".", "_"), end) or (start > 0 and text[start - 1] in "._")):
            m = _HANDLE_PARTS_AFTER.match(text, end)
            end = m.end() if m is not None else end
            m = _HANDLE_PARTS_BEFORE.search(text, max(0, start - 60), start)
            start = m.start() if m is not None else start
            if text[end:end + 1] == "@" or text[start - 1:start] == "@":
                start, end = e.start, e.end
        before = out[-1].end if out else 0
        after = entities[k + 1].start if k + 1 < len(entities) else len(text)
        if (start, end) != (e.start, e.end) and before <= start and end <= after:
            e = Entity(start, end, e.label, text[start:end], e.source, e.score)
        out.append(e)
    return out


def _abbreviated_title(text: str, entity: Entity) -> bool:
    """Whether ``entity`` (of a name label) is an honorific whose abbreviation ends with a superscript ordinal after
    its full stop: a Portuguese "Eng.º" or "Arq.ª" (engenheiro, arquitecta) before a name, where the model tags
    "Eng" as an organization (:data:`app.detection.rules.HONORIFICS`)."""
    return (entity.label in NAME_LABELS and text.startswith((".º", ".ª"), entity.end)
            and entity.text + text[entity.end:entity.end + 2] in HONORIFICS)


def _with_its_floor(text: str, entity: Entity) -> Entity:
    """``entity`` with the floor's number before it when it is a door's letter after "º" ("1ºA", "3ºC" of an owners'
    meeting's minutes: the Spanish model's organization "ºA" left the floor's "1" in clear and "1[ORGANIZATION_1]" in
    the translation; stop 48): one ``LOCATION`` "1ºA". Other entities as they are."""
    if entity.text[:1] not in "ºª°" or entity.label not in NAME_LABELS or len(entity.text) > 4 \
            or _temperature_unit(text, entity):
        return entity  # (a temperature's unit, "38ºC", is dropped by the detector's last filter)
    start = entity.start
    while start > 0 and entity.start - start < 2 and text[start - 1].isdigit():
        start -= 1
    if start == entity.start or (start > 0 and (text[start - 1].isalnum() or text[start - 1] in ".,")):
        return entity
    return Entity(start, entity.end, LOCATION, text[start:entity.end], entity.source)


def _temperature_unit(text: str, entity: Entity) -> bool:
    """Whether ``entity`` (of a name label) is the unit of a temperature after its number ("fiebre de 38ºC", "38 º C",
    "37,5°F": the Spanish model tags "ºC" as an organization). A door's letter after a floor's number ("1ºA", "5ºC
    30009 Murcia") is part of an address and stays masked: only a unit not followed by a letter or digit counts, and
    the number must read as a temperature (a decimal comma or point, or 30–45 °C / 86–113 °F)."""
    if entity.label not in NAME_LABELS:
        return False
    m = _TEMPERATURE_UNIT.fullmatch(entity.text)
    start = entity.start
    if m is None and entity.start > 0 and text[entity.start - 1] in "ºª°":
        # the unit's letter without its sign, and the next sentence's article ("39.2 °C. A lumbar puncture …": the
        # English model's person "C. A"; stop 48)
        m = _UNIT_AND_ARTICLE.fullmatch(entity.text)
        start = entity.start - 1
    if m is None:
        return False
    number = _NUMBER_BEFORE.search(text, max(0, start - 12), start)
    if number is None:
        return False
    value = float(number.group(1).replace(",", "."))
    return (30 <= value <= 45) if m.group(1) == "C" else (86 <= value <= 113)


#: A temperature's unit as the models tag it: "ºC", "º C.", "°F".
_TEMPERATURE_UNIT = re.compile(r"[ºª°][^\S\n]?([CF])\.?")
#: A unit's letter and a sentence's opening article after it ("C. A", "C. An").
_UNIT_AND_ARTICLE = re.compile(r"([CF])\.?(?:[^\S\n]+(?:A|An|The|El|La|Los|Las|Der|Die|Das|O|Os|As))?")
#: The number right before a unit ("38", "37,5"), at the end of the searched window.
_NUMBER_BEFORE = re.compile(r"(\d{2,3}(?:[.,]\d)?)[^\S\n]?$")


#: A line break (the lines of :meth:`Detector._field_name`).
_LINE_BREAK = re.compile(r"[\n\r]")
#: The source of an occupation that the model had taken for a name (:meth:`Detector._job_title`, strict profile).
JOB_TITLE = "job_title"
#: Up to four more words and a colon on the same line after a field's first word ("Age if under 18:").
_FIELD_AFTER_WORDS = re.compile(r"(?:[^\S\n]+[\w'’-]+){1,4}[^\S\n]*:")
#: The words of a line (letters, digits, "'" and "-" inside).
_LINE_WORDS = re.compile(r"\w+(?:['’-]\w+)*")
#: Most words and characters of a heading line made of common words only (:meth:`Detector._field_name`).
MAX_HEADING_WORDS = 5
MAX_HEADING_CHARS = 80
#: Nothing but spaces up to the end of the line or of the text: a word that opens its line is the whole line.
_LINE_END = re.compile(r"[^\S\n\r]*(?:[\n\r]|$)")

#: Opening quotation marks: never the first character of an entity ("“the Convention" → "the Convention").
OPENING_QUOTES = "\"'“‘«„‚‹”"
#: Closing quotation marks: not the last character of an entity that holds no quotation mark before it.
CLOSING_QUOTES = "\"'”’»“‹›"


#: What an entity never crosses: a line break (any of Unicode's, ``str.splitlines``), or a table's cell separator (a
#: tab, "|"): the cells of a row are separate values ("| Smith, John | 45 |", "Name\tAge\tCity"); or three spaces or
#: more, the columns of a form's line (stop 48: "Paciente: Maria das Graças Albuquerque Silva   Idade: 58 anos" of a
#: laboratory's report, the model's name took "Idade" along).
_BREAK = re.compile(r"\r\n|[\n\r\t|\v\f\x1c-\x1e\x85\u2028\u2029]| {3,}")
_BREAK_SPLIT = re.compile(f"({_BREAK.pattern})")
#: A form's dot leader and its colon between a field's name and its value ("Nome ...............: Bogdan-Mihai", "N.º
#: de expediente: ....... 2804"): what an entity holds before it is the field's name (stop 59); also a leader of
#: four dots or more after a space without a colon ("Nacionalidade ......... moçambicana"; stop 72).
_LEADER_COLON = re.compile(r"(?:\.{3,}[^\S\n]*:|:[^\S\n]*\.{3,}|(?<=[^\S\n])\.{4,})[^\S\n]*")


def clean_spans(text: str, entities: list[Entity]) -> list[Entity]:
    """Cut entities at line breaks and table cells, and take quotation marks off their edges.

    An entity never crosses a line break or a cell separator (:data:`_BREAK`): one that does (a model's span over
    "peripécia .\n.\n.\n- A peripécia", or "Age\tCity" in a table's header) is cut into its lines or cells, each part
    trimmed to its first and last letter or digit; parts of a name label without an upper-case letter or digit are
    dropped (:func:`app.detection.voting.name_like`), parts of other labels without a letter or digit (stop 65), so
    a replacement never swallows a line break or a cell and the anonymized text keeps every line and cell of the
    original. Then an opening quotation mark at the start of
    an entity when no quotation mark closes inside it, and a closing one at its end when none opens inside it, are
    left out of the entity (they stay in the text): "“the Convention" loses its quotation mark, a quoted title
    '"El País"' keeps both. An entity of a name label without a letter or a digit is dropped (stop 50: a meeting
    invitation's line of 80 underscores came out as 76 locations "_", "#" of "#4821" as a person). A form's field name
    and its dot leader before the value are left out (:data:`_LEADER_COLON`: the model's one organization over "Nome
    ...............: Bogdan-Mihai LĂCĂTUȘU" becomes the name; stop 59).

    Args:
        text: the document.
        entities: ``list[Entity]``, non-overlapping, offsets into ``text`` (half-open).

    Returns:
        ``list[Entity]`` sorted by ``start``, non-overlapping; unchanged entities are the same objects.
    """
    out: list[Entity] = []
    for e in entities:
        if e.label in NAME_LABELS and not any(c.isalnum() for c in e.text):
            continue
        pieces = [(e.start, e.end)]
        if _BREAK.search(e.text):
            pieces = []
            cursor = e.start
            for line in _BREAK_SPLIT.split(e.text):
                a, b = _strip(text, cursor, cursor + len(line))
                # (a name's part needs a capital or a digit; a pattern's part, any letter or digit: "catorce de marzo
                # de" of a date in words over two lines; stop 65: both parts were dropped)
                if b > a and not _BREAK.fullmatch(line) and (name_like(text[a:b]) if e.label in NAME_LABELS
                                                             else any(c.isalnum() for c in text[a:b])):
                    pieces.append((a, b))
                cursor += len(line)
        for a, b in pieces:
            if "..." in text[a:b]:
                leader = None
                for leader in _LEADER_COLON.finditer(text, a, b):
                    pass
                if leader is not None:
                    a = leader.end()  # (nothing left: a field's name and its leader, no value)
            # an unbalanced quotation mark at an edge is not the entity's; a quoted title kept whole ('"El País"',
            # as CoNLL-2002 annotates it) keeps both
            while b - a > 1 and text[a] in OPENING_QUOTES and not any(c in CLOSING_QUOTES for c in text[a + 1:b]):
                a += 1
            while b - a > 1 and text[b - 1] in CLOSING_QUOTES and not any(c in OPENING_QUOTES for c in text[a:b - 1]):
                b -= 1
            while b > a and text[a].isspace():
                a += 1
            while b > a and text[b - 1].isspace():
                b -= 1
            if (a, b) == (e.start, e.end):
                out.append(e)
            elif b > a:
                out.append(Entity(a, b, e.label, text[a:b], e.source, e.score))
    return out


def sentence_final_periods(entities: list[Entity], sentences: list[Sentence]) -> list[Entity]:
    """Leave the period of a sentence-final abbreviation out of an entity that ends the sentence.

    In "... works for Acme Corp. His wife ..." the token "Corp." (kept whole, as in the corpora the models were
    trained on) also carries the full stop. The entity becomes "Acme Corp" so that the full stop stays in the
    text after a placeholder ("works for [ORGANIZATION_1]. His wife"); re-identification restores "Acme Corp"
    before that period, so the round trip is exact.

    Args:
        entities: ``list[Entity]``, offsets into the text (half-open).
        sentences: the sentences the entities were detected in.

    Returns:
        ``list[Entity]`` in the same order; an entity that ends where a sentence's last token ends, when that
        token and the entity are longer than one character and end with ".", is one character shorter.
    """
    ends = {s.tokens[-1].end for s in sentences if len(s.tokens[-1].text) > 1 and s.tokens[-1].text.endswith(".")}
    if not ends:
        return entities
    return [replace(e, end=e.end - 1, text=e.text[:-1]) if e.end in ends and len(e.text) > 1 and e.text.endswith(".")
            else e for e in entities]


def default_tagger_factory(language: str, model_dir: str | None, batch_size: int,
                           recall_bias: float | None = None, device: str = "cpu", quantize: bool = False) -> Tagger:
    """Load the Stanza tagger of ``language`` (from ``<model_dir>/<language>`` when a directory is set).

    ``recall_bias`` (default: the language's ``ner_recall_bias`` in the detection configuration, else
    0.0) is subtracted from the ``O`` tag's CRF score (:class:`~app.detection.stanza_ner.StanzaTagger`);
    ``device`` is ``cpu`` or ``cuda`` (the CPU when torch sees no GPU); ``quantize`` runs the model with int8
    dynamic quantization (``ANON_NER_QUANTIZE``, :func:`app.detection.stanza_ner.quantize_member`).

    Raises:
        app.detection.stanza_ner.ModelNotFoundError: no model for the language.
        ValueError: an invalid ``ner_recall_bias``.
    """
    from app.detection.stanza_ner import StanzaTagger  # imported lazily: loads torch

    directory = Path(model_dir) / language if model_dir else None
    if recall_bias is None:
        recall_bias = language_config(language).get("ner_recall_bias", 0.0)
    return StanzaTagger(language, model_dir=directory, batch_size=batch_size, recall_bias=recall_bias, device=device,
                        quantize=quantize)


def _custom_recognizers(cfg: dict[str, Any]) -> list[Recognizer]:
    patterns = [(p["label"], p["regex"]) for p in cfg.get("custom_patterns", [])]
    lists: dict[str, list[str]] = {label: list(v) for label, v in cfg.get("custom_lists", {}).items()}
    for path in cfg.get("custom_files", []):
        with open(path, newline="", encoding="utf-8") as handle:
            for row in csv.reader(handle):
                if not row or row[0].startswith("#") or len(row) < 2:
                    continue
                if len(row) >= 3 and row[2].strip().lower() == "regex":
                    patterns.append((row[1].strip(), row[0]))
                else:
                    lists.setdefault(row[1].strip(), []).append(row[0].strip())
    parts: list[Recognizer] = []
    if patterns:
        parts.append(RegexRecognizer(patterns))
    if lists:
        parts.append(GazetteerRecognizer(lists, name="custom"))
    return parts


#: Named configurations compared by the evaluation command (Dias, 2016, §5.1).
COMPONENT_SETS: dict[str, dict[str, bool]] = {
    "stanza": {"patterns": False, "rules": False, "second_pass": False, "proper_nouns": False},
    "patterns": {"patterns": True, "rules": False, "second_pass": False, "proper_nouns": False},
    "second_pass": {"patterns": True, "rules": False, "second_pass": True, "proper_nouns": False},
    "full": {"patterns": True, "rules": True, "second_pass": True, "proper_nouns": True},
}


def _recognizer_names(cfg: dict[str, Any], switches: dict[str, bool]) -> list[str]:
    """The recognizers of ``cfg`` that a component set (:data:`COMPONENT_SETS`) keeps: all, or only ``stanza``."""
    return [name for name in cfg["recognizers"] if switches["patterns"] or name == "stanza"]


def check_configuration(language: str, *, model_dir: str | None = None, config: dict[str, Any] | None = None,
                        components: str = "full") -> None:
    """Check what :func:`build_detector` would look up for ``language`` without building anything: the detection
    configuration (files readable, sections and keys known: :func:`app.detection.config.language_config`), the
    names of its recognizers and rules, and — with ``model_dir`` (``ANON_NER_MODEL_DIR``) and the ``stanza``
    recognizer — that ``<model_dir>/<language>`` holds an NER model (:func:`app.detection.stanza_ner.resolve_model`,
    files only). Milliseconds once the configuration is read: no word list, gazetteer or NER model is loaded, torch
    is not imported. Options (``custom_files``, ``gazetteer_min_population``, ``ner_recall_bias``) and the default
    model locations are checked when the detector is built.

    Raises:
        KeyError: an unknown recognizer or rule (:class:`app.registry.UnknownComponent`, also a ``ValueError``)
            or component set.
        ValueError, OSError: an invalid or unreadable configuration file (as :func:`build_detector`), or a
            ``ner_recall_bias_strict`` that is not a finite number.
        app.detection.stanza_ner.ModelNotFoundError: no NER model in ``<model_dir>/<language>``.
    """
    cfg = config if config is not None else language_config(language)
    switches = COMPONENT_SETS[components]
    names = _recognizer_names(cfg, switches)
    _strict_bias(cfg)
    for name in names:
        get("recognizer", name)
    if switches["rules"]:
        for name in cfg.get("rules", []):
            get("detection_rule", name)
    if model_dir and "stanza" in names:
        from app.detection.stanza_ner import resolve_model

        resolve_model(language, Path(model_dir) / language)


def _without_model_names_in_health(text: str, found: list[Entity]) -> list[Entity]:
    """The strict profile's entities without the model's names that lie inside a health condition or a medicine of
    the quasi-identifier lexicon (stop 71: "- Hypertension" of a discharge summary, the model's organization, took the
    condition's place and then went as clinical vocabulary). A model's name across a line break that reaches into one
    is cut at its line breaks first (:func:`clean_spans`), as it would be after the overlaps are resolved: the model's
    one organization over a heading in capitals, "DISCHARGE", and the first word of the medicine's line below it took
    "Aspirin" from "Aspirin 75 mg OD".
    ``list[Entity]``; O(n log n) by bisection over the conditions sorted by start with the running maximum of their
    ends. A capitalised word taken for a condition by its ending alone (:data:`app.languages.CONDITION_SUFFIXES`)
    leaves the model's name as it is: "Montrose" of a football result is a club, not a disease."""
    health = sorted((e.start, e.end) for e in found if e.label == HEALTH and not (
        e.text[:1].isupper() and " " not in e.text and e.text.lower().endswith(languages.CONDITION_SUFFIXES)))
    if not health:
        return found
    starts = [a for a, _ in health]
    reach = list(accumulate((b for _, b in health), max))

    def inside(start: int, end: int) -> bool:
        i = bisect_right(starts, start)  # conditions [0, i) start at or before the span
        return i > 0 and reach[i - 1] >= end

    def reaches(e: Entity) -> bool:  # shares a character with a condition
        i = bisect_left(starts, e.end)  # conditions [0, i) start before the entity's end
        return i > 0 and reach[i - 1] > e.start

    out: list[Entity] = []
    for e in found:
        if e.source != "stanza" or e.label not in NAME_LABELS:
            out.append(e)
        elif "\n" in e.text and reaches(e):
            out.extend(part for part in clean_spans(text, [e]) if not inside(part.start, part.end))
        elif not inside(e.start, e.end):
            out.append(e)
    return out


def build_detector(
    language: str,
    *,
    model_dir: str | None = None,
    batch_size: int = 64,
    tagger_factory: Callable[[str, str | None, int], Tagger] = default_tagger_factory,
    config: dict[str, Any] | None = None,
    components: str = "full",
    device: str = "cpu",
    quantize: bool = False,
) -> Detector:
    """The detector of ``language`` as configured (:mod:`app.detection.config`).

    Args:
        device: where the default tagger runs the NER model (``cpu`` or ``cuda``; ``ANON_DEVICE``).
        quantize: the default tagger runs the NER model with int8 dynamic quantization (``ANON_NER_QUANTIZE``).
        config: an effective language configuration (default: :func:`language_config`).
        components: a key of :data:`COMPONENT_SETS` (``full`` in production; others for evaluation).

    Raises:
        app.detection.stanza_ner.ModelNotFoundError: no NER model for the language.
        KeyError: an unknown recognizer or rule (:class:`app.registry.UnknownComponent`, also a ``ValueError``)
            or component set in the configuration.
        ValueError: an invalid ``ner_recall_bias_strict`` (not a finite number).
    """
    cfg = config if config is not None else language_config(language)
    switches = COMPONENT_SETS[components]
    names = _recognizer_names(cfg, switches)

    def _tagger() -> Tagger:  # the configured recall bias reaches the default factory; custom ones decide for themselves
        if tagger_factory is default_tagger_factory:
            return default_tagger_factory(language, model_dir, batch_size,
                                          recall_bias=float(cfg.get("ner_recall_bias", 0.0)), device=device,
                                          quantize=quantize)
        return tagger_factory(language, model_dir, batch_size)

    context = RecognizerContext(language, cfg, _tagger)
    recognizers: list[Recognizer] = []
    for name in names:
        recognizers.extend(create("recognizer", name, context))
    rules = default_rules(language, tuple(cfg.get("rules", []))) if switches["rules"] else []
    second_pass = dict(cfg.get("second_pass", {})) if switches["second_pass"] else {}
    lexicon = common_word_lexicon(language) if switches["proper_nouns"] and cfg.get("proper_nouns") else None
    spread = second_pass.get("all_occurrences") and not second_pass.get("spread_common_words", True)
    spread_lexicon = common_word_lexicon(language) if spread else None  # cached: the proper nouns' own lexicon
    types = name_types(language) if lexicon is not None and cfg.get("proper_noun_types", True) else None
    return Detector(
        recognizers,
        precedence=tuple(cfg.get("precedence", DEFAULT_PRECEDENCE)),
        sensitive=frozenset(cfg.get("sensitive", [])),
        rules=rules,
        second_pass=second_pass,
        language=language,
        proper_nouns=lexicon,
        strict_recognizers=([QuasiIdentifierRecognizer(language)] if quasi_identifier_lexicon(language) is not None
                            else []),
        drop_common_words=bool(cfg.get("drop_common_words", False)) and switches["rules"],
        strict_recall_bias=_strict_bias(cfg),
        spread_lexicon=spread_lexicon,
        proper_noun_types=types,
        restore_case=_restore_case(cfg),
        casing=casing_table(language),
        common=_common_lookup(language),
        phrases=partial(_place_phrases, language),
        persons=partial(_pair_name, language),
        patterns=partial(_restorable_patterns, language),
    )


def _restore_case(cfg: dict[str, Any]) -> frozenset[str]:
    """The ``restore_case`` key: which kinds of sentence are read in their usual spelling.

    Raises:
        ValueError: a kind not in :data:`app.detection.casing.RESTORABLE`.
    """
    kinds = frozenset(cfg.get("restore_case", ()))
    unknown = kinds - RESTORABLE
    if unknown:
        raise ValueError(f"restore_case: unknown kind(s) {sorted(unknown)} (known: {', '.join(sorted(RESTORABLE))})")
    return kinds


def _common_lookup(language: str) -> Callable[[str], bool]:
    """``word -> bool`` (a word in lower case): a common word of ``language`` that no name lexicon lists — its
    common-word lexicon (:meth:`CommonWordLexicon.is_common`) knows it and the name lexicons
    (:func:`app.detection.name_types.name_types`: first names, surnames, cities, countries) do not list it
    capitalised; the language's informal words ("im", "btw") are common words too. Both are built at the first call
    (only a document with a sentence in lower case or in capitals needs them; cached, shared with the proper nouns);
    for a language without a dictionary no word is common."""
    informal = languages.get(language).informal_words

    def common(word: str) -> bool:
        if word in informal:
            return True
        try:
            lexicon = common_word_lexicon(language)
        except ValueError:
            return False
        if not lexicon.is_common(word):
            return False
        types = name_types(language)
        name = word[:1].upper() + word[1:]
        return name not in types.persons and name not in types.places

    return common


@lru_cache(maxsize=8)
def _place_phrases(language: str) -> dict[str, str]:
    """``{name case-folded: name}`` of the multi-word place names of ``language``'s name lexicons (GeoNames cities,
    countries: "São Paulo", "Reino Unido"; :func:`app.detection.name_types.name_types`), for case restoration."""
    return {name.casefold(): name for name in name_types(language).places if " " in name}


#: Zipf frequency (wordfreq: log10 of occurrences per billion words) from which a name is too common a word to be
#: capitalised beside another name in text without case ("said", 6.0; "will", 6.5; "costa", 5.0, and "john", 5.4, stay
#: names).
PAIR_NAME_MAX_ZIPF = 5.5


def _pair_name(language: str, word: str) -> bool:
    """Whether ``word`` (any case) is a first name or surname of ``language``'s name lexicons that is not among the
    language's most frequent words (:data:`PAIR_NAME_MAX_ZIPF`), for case restoration's name pairs."""
    from wordfreq import zipf_frequency

    if (word[:1].upper() + word[1:].lower()) not in name_types(language).persons:
        return False
    return zipf_frequency(word.lower(), language) < PAIR_NAME_MAX_ZIPF


@lru_cache(maxsize=8)
def _restorable_patterns(language: str) -> tuple[list[re.Pattern[str]], list[re.Pattern[str]]]:
    """``(addresses, postal codes in capitals)``: the address patterns of ``language``
    (:func:`app.detection.addresses.address_patterns`) and those of its postal codes that hold a capital letter (the
    British "LS1 4AP"), compiled case-insensitively, for case restoration."""
    from app.detection.addresses import case_blind_patterns
    from app.detection.patterns import POSTAL_CODE_PATTERNS

    codes = [p for p in POSTAL_CODE_PATTERNS.get(language, []) if "[A-Z]" in p]
    return case_blind_patterns(language), [re.compile(p, re.IGNORECASE) for p in codes]


def _strict_bias(cfg: dict[str, Any]) -> float | None:
    """The strict profile's NER recall bias: the larger of ``ner_recall_bias_strict`` and ``ner_recall_bias`` (the
    strict profile never finds less than the standard one, also when a deployment raises only the standard bias);
    ``None`` when ``ner_recall_bias_strict`` is absent or ``null``.

    Raises:
        ValueError: ``ner_recall_bias_strict`` is not a finite number.
    """
    value = cfg.get("ner_recall_bias_strict")
    if value is None:
        return None
    strict = checked_recall_bias(value, "ner_recall_bias_strict")
    standard = cfg.get("ner_recall_bias", 0.0)
    return max(strict, float(standard) if isinstance(standard, (int, float)) else 0.0)
