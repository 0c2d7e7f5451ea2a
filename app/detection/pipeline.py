"""The detection pipeline (seed 004 §4.2, Fig. 4.1–4.2), as named components in order:

1. ``recognizers`` — model and patterns in parallel on the same tokens;
2. ``voting`` — overlaps resolved by the cascade of precedence (:mod:`app.detection.voting`);
3. ``rules`` — entities made of titles only ("Prof. Dr.") or naming a form field ("DNI", "MRN") dropped, then
   NERT-style context rules, re-run with all-occurrence marking until nothing changes (:mod:`app.detection.rules`,
   seed 002);
4. ``second_pass`` — short forms, label consistency, every occurrence (:mod:`app.detection.second_pass`);
5. ``proper_nouns`` — the fallback for capitalised words no lexicon knows, last, then every occurrence again
   (:mod:`app.detection.proper_nouns`; seed 002 §4.3).

What runs is set per language by :mod:`app.detection.config`.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from app.detection.addresses import AddressRecognizer
from app.detection.base import Recognizer
from app.detection.config import language_config
from app.detection.gazetteers import GazetteerRecognizer, location_gazetteer
from app.detection.identifiers import (
    CreditCardRecognizer,
    IbanRecognizer,
    IdNumberRecognizer,
    IpAddressRecognizer,
    NationalIdRecognizer,
    field_label,
)
from app.detection.labels import PROPER_NOUN
from app.detection.ner import StanzaRecognizer, Tagger
from app.detection.patterns import (
    PHONE_REGIONS,
    CaseNumberRecognizer,
    DateRecognizer,
    EmailRecognizer,
    MoneyRecognizer,
    NumberRecognizer,
    PhoneRecognizer,
    PostalCodeRecognizer,
    TimeRecognizer,
    UrlRecognizer,
)
from app.detection.proper_nouns import CommonWordLexicon, common_word_lexicon, find_proper_nouns
from app.detection.rules import Rule, apply_rules, default_rules, title_only
from app.detection.second_pass import all_occurrences, label_consistency, short_forms
from app.detection.voting import DEFAULT_PRECEDENCE, resolve_overlaps
from app.doc import Entity, Sentence
from app.tokenization import split_sentences, tokenize


class RegexRecognizer(Recognizer):
    """Users' own regular expressions: ``[(label, regex), ...]`` (seed 004 §4.2.2)."""

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
        second_pass: ``{"all_occurrences", "short_forms", "label_consistency"}`` switches.
        language: ISO 639-1 code (head position for short forms).
        proper_nouns: the lexicon of the proper-noun fallback (``None``: the component is off).
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
    ) -> None:
        from app.detection.labels import DEFAULT_SENSITIVE

        self.recognizers = recognizers
        self.precedence = precedence
        self.sensitive = sensitive if sensitive is not None else DEFAULT_SENSITIVE
        self.rules = rules or []
        self.second_pass = second_pass or {}
        self.language = language
        self.proper_nouns = proper_nouns

    def detect(self, text: str, sentences: list[Sentence] | None = None) -> list[Entity]:
        """Detect entities in ``text``.

        Args:
            sentences: pre-tokenized sentences (offsets into ``text``); default: :mod:`app.tokenization`.

        Returns:
            ``list[Entity]``, non-overlapping, sorted by ``start``, offsets into ``text`` (half-open).

        Raises:
            Whatever a recognizer raises (e.g. a model failure); the caller turns it into a dead letter.
        """
        if sentences is None:
            sentences = split_sentences(text, tokenize(text))
        return self._detect(text, sentences, {})

    def detect_many(self, texts: list[str]) -> list[list[Entity]]:
        """Detect entities in several documents; the NER model tags the sentences of all of them in one call.

        Returns:
            one ``list[Entity]`` per text, in order, each exactly what :meth:`detect` returns for that text
            (sentences of several documents share model batches; the tags do not change,
            ``tests/test_golden_detection.py``).

        Raises:
            Whatever a recognizer raises; the caller may retry the documents one by one to find the culprit.
        """
        sentences = [split_sentences(text, tokenize(text)) for text in texts]
        batched: list[dict[int, list[Entity]]] = [{} for _ in texts]
        for recognizer in self.recognizers:
            if isinstance(recognizer, StanzaRecognizer):
                for found, entities in zip(batched, recognizer.recognize_many(texts, sentences)):
                    found[id(recognizer)] = entities
        return [self._detect(text, sents, found) for text, sents, found in zip(texts, sentences, batched)]

    def _detect(self, text: str, sentences: list[Sentence], recognized: dict[int, list[Entity]]) -> list[Entity]:
        """:meth:`detect` with the entities of some recognizers already found (``{id(recognizer): entities}``)."""
        found: list[Entity] = []
        for recognizer in self.recognizers:
            entities = recognized.get(id(recognizer))
            if entities is None:
                entities = recognizer.recognize(text, sentences)
            found.extend(e for e in entities if e.label in self.sensitive)
        entities = resolve_overlaps(text, found, self.precedence)
        if self.rules:
            # a model's "Prof. Dr." or "DNI" names no one
            entities = [e for e in entities if not title_only(e.text) and not field_label(e.text)]
            entities = self._rules_until_stable(text, sentences, entities)
        if self.second_pass.get("short_forms"):
            entities = short_forms(text, entities, self.language)
        if self.second_pass.get("label_consistency"):
            entities = label_consistency(entities)
        if self.second_pass.get("all_occurrences"):
            entities = all_occurrences(text, entities)
        if self.proper_nouns is not None and PROPER_NOUN in self.sensitive:
            extra = find_proper_nouns(text, sentences, entities, self.proper_nouns)
            if extra:
                entities = sorted(entities + extra, key=lambda e: e.start)
                if self.second_pass.get("all_occurrences"):
                    entities = all_occurrences(text, entities)
        return sentence_final_periods(entities, sentences)

    def _rules_until_stable(self, text: str, sentences: list[Sentence], entities: list[Entity]) -> list[Entity]:
        for _ in range(10):
            before = [(e.start, e.end, e.label) for e in entities]
            entities = apply_rules(text, sentences, entities, self.rules, self.language)
            if self.second_pass.get("all_occurrences"):
                entities = all_occurrences(text, entities)
            if [(e.start, e.end, e.label) for e in entities] == before:
                break
        return entities


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
                           recall_bias: float | None = None, device: str = "cpu") -> Tagger:
    """Load the Stanza tagger of ``language`` (from ``<model_dir>/<language>`` when a directory is set).

    ``recall_bias`` (default: the language's ``ner_recall_bias`` in the detection configuration, else
    0.0) is subtracted from the ``O`` tag's CRF score (:class:`~app.detection.stanza_ner.StanzaTagger`);
    ``device`` is ``cpu`` or ``cuda`` (the CPU when torch sees no GPU).

    Raises:
        app.detection.stanza_ner.ModelNotFoundError: no model for the language.
        ValueError: an invalid ``ner_recall_bias``.
    """
    from app.detection.stanza_ner import StanzaTagger  # imported lazily: loads torch

    directory = Path(model_dir) / language if model_dir else None
    if recall_bias is None:
        recall_bias = language_config(language).get("ner_recall_bias", 0.0)
    return StanzaTagger(language, model_dir=directory, batch_size=batch_size, recall_bias=recall_bias, device=device)


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


#: Named configurations compared by the evaluation command (seed 004 §5.1).
COMPONENT_SETS: dict[str, dict[str, bool]] = {
    "stanza": {"patterns": False, "rules": False, "second_pass": False, "proper_nouns": False},
    "patterns": {"patterns": True, "rules": False, "second_pass": False, "proper_nouns": False},
    "second_pass": {"patterns": True, "rules": False, "second_pass": True, "proper_nouns": False},
    "full": {"patterns": True, "rules": True, "second_pass": True, "proper_nouns": True},
}


def build_detector(
    language: str,
    *,
    model_dir: str | None = None,
    batch_size: int = 64,
    tagger_factory: Callable[[str, str | None, int], Tagger] = default_tagger_factory,
    config: dict[str, Any] | None = None,
    components: str = "full",
    device: str = "cpu",
) -> Detector:
    """The detector of ``language`` as configured (:mod:`app.detection.config`).

    Args:
        device: where the default tagger runs the NER model (``cpu`` or ``cuda``; ``ANON_DEVICE``).
        config: an effective language configuration (default: :func:`language_config`).
        components: a key of :data:`COMPONENT_SETS` (``full`` in production; others for evaluation).

    Raises:
        app.detection.stanza_ner.ModelNotFoundError: no NER model for the language.
        KeyError: an unknown recognizer, rule or component set in the configuration.
    """
    cfg = config if config is not None else language_config(language)
    switches = COMPONENT_SETS[components]
    names = list(cfg["recognizers"])
    if not switches["patterns"]:
        names = [n for n in names if n == "stanza"]

    def _tagger() -> Tagger:  # the configured recall bias reaches the default factory; custom ones decide for themselves
        if tagger_factory is default_tagger_factory:
            return default_tagger_factory(language, model_dir, batch_size,
                                          recall_bias=float(cfg.get("ner_recall_bias", 0.0)), device=device)
        return tagger_factory(language, model_dir, batch_size)

    factories: dict[str, Callable[[], list[Recognizer]]] = {
        "email": lambda: [EmailRecognizer()],
        "url": lambda: [UrlRecognizer()],
        "ip": lambda: [IpAddressRecognizer()],
        "iban": lambda: [IbanRecognizer()],
        "credit_card": lambda: [CreditCardRecognizer()],
        "national_id": lambda: [NationalIdRecognizer(language)],
        "id_number": lambda: [IdNumberRecognizer(language)],
        "phone": lambda: [PhoneRecognizer(PHONE_REGIONS.get(language, ("US",)))],
        "case_number": lambda: [CaseNumberRecognizer()],
        "date": lambda: [DateRecognizer(language)],
        "time": lambda: [TimeRecognizer()],
        "money": lambda: [MoneyRecognizer()],
        "postal_code": lambda: [PostalCodeRecognizer(language)],
        "address": lambda: [AddressRecognizer(language)],
        "number": lambda: [NumberRecognizer()],
        "gazetteer": lambda: [location_gazetteer(
            language, int(cfg.get("gazetteer_min_population", 100_000)),
            int(cfg.get("gazetteer_alternate_names_min_population", 1_000_000)))],
        "stanza": lambda: [StanzaRecognizer(_tagger(), conversion=cfg.get("conversion", "conll"))],
        "custom": lambda: [_Combined(parts, "custom")] if (parts := _custom_recognizers(cfg)) else [],
    }
    recognizers: list[Recognizer] = []
    for name in names:
        if name not in factories:
            raise KeyError(f"unknown recognizer {name!r} in the detection configuration of {language!r}")
        recognizers.extend(factories[name]())
    rules = default_rules(language, tuple(cfg.get("rules", []))) if switches["rules"] else []
    second_pass = dict(cfg.get("second_pass", {})) if switches["second_pass"] else {}
    lexicon = common_word_lexicon(language) if switches["proper_nouns"] and cfg.get("proper_nouns") else None
    return Detector(
        recognizers,
        precedence=tuple(cfg.get("precedence", DEFAULT_PRECEDENCE)),
        sensitive=frozenset(cfg.get("sensitive", [])),
        rules=rules,
        second_pass=second_pass,
        language=language,
        proper_nouns=lexicon,
    )
