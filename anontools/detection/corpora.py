"""Prepare the training and dev files of the NER models (English, German, Spanish, Portuguese).

Usage::

    python -m anontools.detection.corpora --language de --output work/ner-data/de [--data-root DIR] [--seed 13]

Reads public corpora (never shipped with the project; default root ``/work/shared/data/ner``, i.e.
``../shared/data/ner`` seen from the repository), converts every tag to the project's CoNLL tagset
``PER / LOC / ORG / MISC`` (converted to standard labels at runtime by the ``"conll"`` table of
:mod:`app.detection.labels`), merges the sources, holds out a dev split where a corpus has none,
and writes two files that ``python -m anontools.detection.train --format conll2002`` reads:

* ``<output>/train.txt`` and ``<output>/dev.txt``: ``token<TAB>BIO-tag`` per line, a blank line
  between sentences (written with :func:`anontools.detection.conll.write_conll`);
* ``<output>/stats.json``: sentence / token / entity counts per source and per output file.

Recipes (``RECIPES``; all label conversions are entity-level, see :func:`convert_sentence`):

``en``
    CoNLL-2003 English train plus the even-numbered documents of ``valid.txt`` (0, 2, 4, ...) as training data;
    the odd-numbered documents of ``valid.txt`` as dev (Tjong Kim Sang & De Meulder 2003). Used to continue the
    shipped English model on more in-domain text with a dev set it was not trained on; ``test.txt`` is never read.
``de``
    CoNLL-2003 German train (``de/conll2003/train.conllu``, PER/LOC/ORG/MISC; Tjong Kim Sang &
    De Meulder 2003) with single-token lower-case MISC entities (adjectives such as "deutschen",
    which GermEval 2014 tags ``LOCderiv`` and does not count) set to ``O``; plus GermEval 2014 dev
    (``de/germeval2014/NER-de-dev.tsv``, outer tags; Benikova et al. 2014, CC BY 4.0) with
    ``OTH -> MISC`` and every ``*deriv`` / ``*part`` tag set to ``O``. ``--dev-sentences`` (500)
    random GermEval dev sentences are held out as dev; the rest is training data, repeated
    ``--germeval-repeat`` times (oversampling of the in-domain part). Optional sources (off by
    default, so the earlier recipes stay reproducible):

    * ``--legal-sentences N``: N random sentences of the German Legal Entity Recognition corpus
      (``de/legal/<court>.conll``, IOB2; Leitner, Rehm & Moreno-Schneider, "Fine-grained Named Entity
      Recognition in Legal Documents", SEMANTiCS 2019; CC BY 4.0) from every court except the held-out
      ones, with :data:`LEGAL_MAP`: persons ``PER`` / ``RR`` (judge) / ``AN`` (lawyer) -> ``PER``;
      places ``LD`` (country) / ``ST`` (city) / ``STR`` (street) / ``LDS`` (landscape) -> ``LOC``;
      ``ORG`` / ``UN`` (company) / ``INN`` (institution) / ``GRT`` (court) / ``MRK`` (brand) -> ``ORG``;
      laws, regulations, EU norms, contracts, decisions and literature (``GS VO EUN VS VT RS LIT``) ->
      ``O`` (not personal data). Whole courts are held out: ``--legal-dev-court`` (``bverfg``, Federal
      Constitutional Court) and ``--legal-test-court`` (``bsg``, Federal Social Court); they are
      written, mapped the same way, as ``legal-dev.txt`` and ``legal-test.txt`` for evaluation.
    * ``--europarl-pado``: German Europarl NER train + dev (``de/europarl-pado/{train,dev}.tsv``;
      Faruqui & Padó, "Training and Evaluating a German Named Entity Recognizer with Semantic
      Generalization", KONVENS 2010), PER/LOC/ORG/MISC, IOB1 read as BIO; its test file is not used.
    * ``--wikineural``: WikiNEuRal German val + test (``de/wikineural/{val,test}.conllu``; Tedeschi et
      al., "WikiNEuRal", Findings of EMNLP 2021), silver labels, PER/LOC/ORG/MISC kept (MISC as MISC).
    * ``--augment-names N``: N extra copies of random training sentences that contain a person, each
      person replaced by a name drawn from Faker's Turkish, Polish, Czech, Hungarian, Icelandic,
      Romanian, Croatian and Swedish locales (:func:`augment_names`), so that the character vocabulary
      and the model see names such as "Özgür Çatak", "Łukasz Zięcik", "Tímoteus Bergvinsson". The
      dev set with every person renamed the same way (:func:`rename_persons`) is written as
      ``dev-renamed.txt`` (recall on names with non-ASCII capitals against ``dev.txt``).

    Every training sentence whose token sequence also occurs in a test or dev set is dropped
    (:func:`drop_overlap`): GermEval 2014 test (tokens only, tags never read), the held-out GermEval
    dev sentences, the German Europarl test sentences (``parallel/de-europarl.test.conll02``),
    Europarl-Padó test and the held-out courts; test files that are absent are listed in
    ``stats.json`` under ``overlap_checked``.
``es``
    CoNLL-2002 Spanish ``esp.train`` as training data and ``esp.testa`` as dev (Tjong Kim Sang
    2002); ``esp.testb`` (the test set) is never read.
``pt``
    First HAREM (``pt/harem/corpus_First_HAREM.txt``; Linguateca) with ``PESSOA -> PER``,
    ``ORGANIZACAO -> ORG``, ``LOCAL -> LOC``, ``TEMPO``/``VALOR -> O`` (dates and amounts are
    found by the project's patterns), ``--dev-fraction`` (0.15) held out as dev; plus LeNER-Br
    train (Luz de Araujo et al. 2018) with the same three mappings and ``TEMPO``, ``LEGISLACAO``,
    ``JURISPRUDENCIA -> O`` (references to laws and court decisions are not personal data), plus
    ``--lener-dev-sentences`` (300) random sentences of LeNER-Br dev added to dev. Optional sources
    (off by default):

    * ``--paramopama``: Paramopama + Second HAREM's golden collection
      (``pt/paramopama/corpus_paramopama+second_harem.txt``; Mendonça Júnior et al. 2016, Paramopama,
      a revised subset of the Portuguese WikiNER; Second HAREM, Mota & Santos 2008), bare classes as
      First HAREM, ``PESSOA/LOCAL/ORGANIZACAO`` kept, ``TEMPO``/``VALOR -> O``.
    * ``--ulysses``: UlyssesNER-Br "types" train + dev (``pt/ulyssesner-br/types-holdout-*.txt``,
      Brazilian bills; Albuquerque et al., PROPOR 2022) with :data:`ULYSSES_MAP`: ``PESSOAindividual``
      -> ``PER``; ``LOCALconcreto`` -> ``LOC``; ``ORGgovernamental`` / ``ORGnaogovernamental`` /
      ``ORGpartido`` -> ``ORG``; offices (``PESSOAcargo``, ``PESSOAgrupocargo``), virtual places
      (``LOCALvirtual``: gazettes, web sites), laws (``FUND*``), dates, events and products -> ``O``.
      Its test split is written, mapped, as ``ulysses-test.txt``.
    * ``--wikineural``: WikiNEuRal Portuguese val + test (silver) with PER/LOC/ORG kept and ``MISC
      -> O`` (the Portuguese model has no MISC class).

    Training sentences whose tokens occur in miniHAREM, LeNER-Br test, UlyssesNER-Br test or the dev
    set are dropped (:func:`drop_overlap`; the data README counts 15 Paramopama sentences that are
    also in miniHAREM). miniHAREM and LeNER-Br test are read for that check only (tokens, never tags).

``--wikiann-sentences N`` (default 0 for de/es, 5000 for pt) adds N random sentences of the
language's WikiANN train split (Pan et al. 2017; silver PER/LOC/ORG, no MISC) to the training data.

Every random choice uses ``random.Random(seed)``, so a run is reproducible.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import typer

from anontools import cli_options as opt
from anontools.detection.conll import Sentence, read_conll, write_conll

#: Default root of the shared corpora: ``<repo>/../shared/data/ner`` (``/work/shared/data/ner``).
DEFAULT_DATA_ROOT = Path(__file__).resolve().parents[3] / "shared" / "data" / "ner"

#: The project's model tagset (CoNLL labels).
LABELS = ("PER", "LOC", "ORG", "MISC")

OUTSIDE = "O"

#: Label tables, source label -> project label; a label that is absent or maps to ``"O"`` is dropped.
CONLL_MAP: dict[str, str] = {"PER": "PER", "LOC": "LOC", "ORG": "ORG", "MISC": "MISC"}
WIKIANN_MAP: dict[str, str] = {"PER": "PER", "LOC": "LOC", "ORG": "ORG"}
GERMEVAL_MAP: dict[str, str] = {"PER": "PER", "LOC": "LOC", "ORG": "ORG", "OTH": "MISC"}  # *deriv/*part dropped
HAREM_MAP: dict[str, str] = {"PESSOA": "PER", "ORGANIZACAO": "ORG", "LOCAL": "LOC"}  # TEMPO, VALOR dropped
LENER_MAP: dict[str, str] = {"PESSOA": "PER", "ORGANIZACAO": "ORG", "LOCAL": "LOC"}  # TEMPO, LEGISLACAO, JURISPRUDENCIA dropped
#: German Legal Entity Recognition (Leitner et al. 2019): 19 fine tags -> PER/LOC/ORG; the norm and
#: literature tags GS (law), VO (ordinance), EUN (EU norm), VS (regulation), VT (contract),
#: RS (court decision), LIT (literature) are not personal data and become O.
LEGAL_MAP: dict[str, str] = {
    "PER": "PER", "RR": "PER", "AN": "PER",
    "LD": "LOC", "ST": "LOC", "STR": "LOC", "LDS": "LOC",
    "ORG": "ORG", "UN": "ORG", "INN": "ORG", "GRT": "ORG", "MRK": "ORG",
}
#: UlyssesNER-Br "types" (Albuquerque et al. 2022) -> PER/LOC/ORG; offices, virtual places, laws,
#: dates, events and products are not names and become O.
ULYSSES_MAP: dict[str, str] = {
    "PESSOAindividual": "PER", "LOCALconcreto": "LOC",
    "ORGgovernamental": "ORG", "ORGnaogovernamental": "ORG", "ORGpartido": "ORG",
}
#: The seven federal courts of the legal corpus, one file each (``de/legal/<court>.conll``).
LEGAL_COURTS = ("bag", "bfh", "bgh", "bpatg", "bsg", "bverfg", "bverwg")
#: Faker locales of the name augmentation (non-ASCII capitals: Ç Ö Ş İ Ü Ł Ś Ž Č Á Þ Ș ...).
NAME_LOCALES = ("tr_TR", "pl_PL", "cs_CZ", "hu_HU", "is_IS", "ro_RO", "hr_HR", "sv_SE")

Span = tuple[int, int, str]


# --------------------------------------------------------------------------------------------
# pure conversion code
# --------------------------------------------------------------------------------------------

def spans_of(tags: list[str]) -> list[Span]:
    """Entity spans of one BIO sentence as ``(start, end_exclusive, label)``.

    An ``I-X`` that does not continue an ``X`` entity starts a new one (as ``conlleval`` does).

    Args:
        tags: ``list[str]``, e.g. ``["B-PER", "I-PER", "O", "B-LOC"]``.

    Returns:
        e.g. ``[(0, 2, "PER"), (3, 4, "LOC")]``.
    """
    spans: list[Span] = []
    start, label = -1, ""
    for i, tag in enumerate(list(tags) + [OUTSIDE]):
        continues = tag.startswith("I-") and tag[2:] == label and start >= 0
        if start >= 0 and not continues:
            spans.append((start, i, label))
            start, label = -1, ""
        if tag != OUTSIDE and not continues:
            start, label = i, tag[2:]
    return spans


def spans_to_tags(length: int, spans: list[Span]) -> list[str]:
    """Inverse of :func:`spans_of`: BIO tags of a sentence of ``length`` tokens."""
    tags = [OUTSIDE] * length
    for start, end, label in spans:
        tags[start] = "B-" + label
        for i in range(start + 1, end):
            tags[i] = "I-" + label
    return tags


def lowercase_single_token(tokens: list[str], span: Span) -> bool:
    """True if ``span`` is one token starting with a lower-case letter (e.g. "deutschen")."""
    start, end, _ = span
    return end - start == 1 and tokens[start][:1].islower()


def convert_sentence(
    sentence: Sentence,
    mapping: Mapping[str, str],
    drop: Callable[[list[str], Span], bool] | None = None,
) -> Sentence:
    """Relabel the entities of one sentence.

    Each entity (not each token) is converted: its label goes through ``mapping``; a label that is
    missing from ``mapping`` or maps to ``"O"`` turns the whole entity into ``O`` tokens, and so
    does ``drop(tokens, span)`` returning true. Entity boundaries are kept, so two adjacent
    entities that get the same label stay two entities (``B- B-``).

    Args:
        sentence: ``list[tuple[str, str]]`` of ``(token, BIO tag)``.
        mapping: source label -> project label, e.g. :data:`GERMEVAL_MAP`.
        drop: optional predicate on the *converted* span ``(start, end, new_label)``.

    Returns:
        a new ``list[tuple[str, str]]`` of the same length.
    """
    tokens = [t for t, _ in sentence]
    kept: list[Span] = []
    for start, end, label in spans_of([g for _, g in sentence]):
        new = mapping.get(label, OUTSIDE)
        if new in (OUTSIDE, ""):
            continue
        span = (start, end, new)
        if drop is not None and drop(tokens, span):
            continue
        kept.append(span)
    return list(zip(tokens, spans_to_tags(len(tokens), kept)))


def drop_lowercase_misc(tokens: list[str], span: Span) -> bool:
    """``drop`` predicate for CoNLL-2003 German: single lower-case MISC tokens (nationality adjectives)."""
    return span[2] == "MISC" and lowercase_single_token(tokens, span)


def convert_corpus(sentences: list[Sentence], mapping: Mapping[str, str],
                   drop: Callable[[list[str], Span], bool] | None = None) -> list[Sentence]:
    """:func:`convert_sentence` over a corpus; empty sentences are removed."""
    return [convert_sentence(s, mapping, drop) for s in sentences if s]


def split_sentences(sentences: list[Sentence], n_held_out: int, seed: int) -> tuple[list[Sentence], list[Sentence]]:
    """Randomly hold out ``n_held_out`` sentences, keeping the original order inside both parts.

    Args:
        sentences: the corpus.
        n_held_out: number of sentences for the held-out part (clipped to ``[0, len]``).
        seed: seed of ``random.Random``.

    Returns:
        ``(rest, held_out)``.
    """
    n_held_out = max(0, min(n_held_out, len(sentences)))
    chosen = set(random.Random(seed).sample(range(len(sentences)), n_held_out))
    rest = [s for i, s in enumerate(sentences) if i not in chosen]
    held = [s for i, s in enumerate(sentences) if i in chosen]
    return rest, held


def sample_sentences(sentences: list[Sentence], n: int, seed: int) -> list[Sentence]:
    """``n`` random sentences (all if ``n >= len``), in their original order."""
    return split_sentences(sentences, n, seed)[1]


def token_key(sentence: Sentence) -> tuple[str, ...]:
    """The token sequence of a sentence (tags ignored), the key of :func:`drop_overlap`."""
    return tuple(tok for tok, _ in sentence)


def drop_overlap(sentences: list[Sentence], held_out: set[tuple[str, ...]]) -> tuple[list[Sentence], int]:
    """Remove training sentences whose token sequence occurs in a held-out (dev or test) set.

    Args:
        sentences: training sentences.
        held_out: token sequences of every dev/test sentence (:func:`token_key`).

    Returns:
        ``(kept, number_dropped)``; ``kept`` keeps the original order.
    """
    kept = [s for s in sentences if token_key(s) not in held_out]
    return kept, len(sentences) - len(kept)


def _fakers(seed: int, locales: tuple[str, ...]) -> dict[str, Any]:
    from faker import Faker

    fakers = {}
    for loc in locales:
        fakers[loc] = Faker(loc)
        fakers[loc].seed_instance(seed)
    return fakers


def _rename(sent: Sentence, fake: Any) -> Sentence:
    """``sent`` with every ``PER`` entity replaced by a name of ``fake`` (one token: surname; more: first + surname)."""
    new: Sentence = []
    pos = 0
    for start, end, label in spans_of([g for _, g in sent]) + [(len(sent), len(sent), "")]:
        new.extend(sent[pos:start])
        if label == "PER":
            name = fake.last_name() if end - start == 1 else f"{fake.first_name()} {fake.last_name()}"
            words = name.split()
            new.extend(zip(words, ["B-PER"] + ["I-PER"] * (len(words) - 1)))
        else:
            new.extend(sent[start:end])
        pos = end
    return new


def augment_names(sentences: list[Sentence], n: int, seed: int,
                  locales: tuple[str, ...] = NAME_LOCALES) -> list[Sentence]:
    """``n`` copies of random sentences that contain a ``PER`` entity, with every person renamed.

    Each ``PER`` entity of a chosen sentence is replaced by a name from one Faker locale (drawn per
    sentence): a one-token entity by a surname, a longer one by first name + surname (Faker names
    that contain spaces keep them as separate tokens). Other tokens and entities are unchanged.
    Purpose: the character vocabulary and the tagger see names that start with non-ASCII capitals
    (issue 17; data augmentation by entity replacement, Dai & Adel, "An Analysis of Simple Data
    Augmentation for Named Entity Recognition", COLING 2020, "mention replacement").

    Args:
        sentences: BIO sentences (project tagset).
        n: number of augmented sentences (0 gives ``[]``); sentences are drawn with replacement.
        seed: seed of the sentence choice and of Faker.
        locales: Faker locale names.

    Returns:
        ``list[Sentence]`` of ``n`` new sentences (empty if no sentence has a person).
    """
    with_person = [s for s in sentences if any(tag == "B-PER" for _, tag in s)]
    if n <= 0 or not with_person:
        return []
    rng = random.Random(seed)
    fakers = _fakers(seed, locales)
    return [_rename(rng.choice(with_person), fakers[rng.choice(locales)]) for _ in range(n)]


def rename_persons(sentences: list[Sentence], seed: int, locales: tuple[str, ...] = NAME_LOCALES) -> list[Sentence]:
    """Every sentence with its persons renamed as in :func:`augment_names` (one locale drawn per sentence).

    Used to build a renamed copy of a dev set: the recall on it against the original measures how
    well names with non-ASCII capitals are found (issue 17, "Non-ASCII names").

    Returns:
        ``list[Sentence]`` of the same length; sentences without a person are returned unchanged.
    """
    rng = random.Random(seed)
    fakers = _fakers(seed, locales)
    return [_rename(s, fakers[rng.choice(locales)]) for s in sentences]


def corpus_stats(sentences: list[Sentence]) -> dict[str, Any]:
    """Counts of a corpus: ``{"sentences", "tokens", "entities": {label: n}}``."""
    entities: Counter = Counter()
    for sent in sentences:
        for _, _, label in spans_of([g for _, g in sent]):
            entities[label] += 1
    return {
        "sentences": len(sentences),
        "tokens": sum(len(s) for s in sentences),
        "entities": dict(sorted(entities.items())),
    }


# --------------------------------------------------------------------------------------------
# recipes
# --------------------------------------------------------------------------------------------

@dataclass
class Prepared:
    """Result of a recipe: merged ``train`` and ``dev`` sentences and per-source statistics."""

    train: list[Sentence]
    dev: list[Sentence]
    sources: dict[str, dict[str, Any]]
    #: further evaluation files, name -> sentences, written as ``<name>.txt`` (e.g. ``legal-test``)
    extra: dict[str, list[Sentence]] = field(default_factory=dict)
    #: what the training data was deduplicated against: ``{"files": [...], "missing": [...], "dropped": n}``
    overlap: dict[str, Any] = field(default_factory=dict)


def _add(sources: dict[str, dict[str, Any]], name: str, path: Path, part: str, sents: list[Sentence]) -> None:
    sources[name] = {"path": str(path), "used_as": part, **corpus_stats(sents)}


def _wikiann(root: Path, language: str, n: int, seed: int, sources: dict[str, dict[str, Any]]) -> list[Sentence]:
    if n <= 0:
        return []
    if language == "es":
        path, fmt = root / "es" / "wikiann" / "train.conllu", "conllu"
    else:
        path, fmt = root / language / "wikiann" / "train", "wikiann"
    sents = sample_sentences(convert_corpus(read_conll(path, fmt), WIKIANN_MAP), n, seed)
    _add(sources, "wikiann_train_sample", path, "train", sents)
    return sents


def _wikineural(root: Path, language: str, mapping: Mapping[str, str],
                sources: dict[str, dict[str, Any]]) -> list[Sentence]:
    """WikiNEuRal val + test of ``language`` (silver; both usable for training), labels through ``mapping``."""
    out: list[Sentence] = []
    for part in ("val", "test"):
        path = root / language / "wikineural" / f"{part}.conllu"
        sents = convert_corpus(read_conll(path, "conllu"), mapping)
        _add(sources, f"wikineural_{part}", path, "train", sents)
        out += sents
    return out


def _read_legal(root: Path, court: str) -> tuple[Path, list[Sentence]]:
    path = root / "de" / "legal" / f"{court}.conll"
    return path, convert_corpus(read_conll(path, "conll2002"), LEGAL_MAP)


def _held_out_keys(files: list[tuple[Path, str]], overlap: dict[str, Any]) -> set[tuple[str, ...]]:
    """Token sequences of the test files that exist (tags ignored); the others are listed as missing."""
    keys: set[tuple[str, ...]] = set()
    for path, fmt in files:
        if path.exists():
            keys.update(token_key(s) for s in read_conll(path, fmt))
            overlap["files"].append(str(path))
        else:
            overlap["missing"].append(str(path))
    return keys


def prepare_de(root: Path, *, seed: int = 13, dev_sentences: int = 500, wikiann_sentences: int = 0,
               keep_lowercase_misc: bool = False, germeval_repeat: int = 1, legal_sentences: int = 0,
               legal_dev_court: str = "bverfg", legal_test_court: str = "bsg", europarl_pado: bool = False,
               wikineural: bool = False, augment: int = 0) -> Prepared:
    """German recipe (see the module docstring).

    Raises:
        ValueError: a held-out court is not one of :data:`LEGAL_COURTS`, or both are the same.
    """
    sources: dict[str, dict[str, Any]] = {}
    extra: dict[str, list[Sentence]] = {}
    conll_path = root / "de" / "conll2003" / "train.conllu"
    drop = None if keep_lowercase_misc else drop_lowercase_misc
    conll = convert_corpus(read_conll(conll_path, "conllu"), CONLL_MAP, drop)
    _add(sources, "conll2003_de_train", conll_path, "train", conll)
    ge_path = root / "de" / "germeval2014" / "NER-de-dev.tsv"
    germeval = convert_corpus(read_conll(ge_path, "germeval"), GERMEVAL_MAP)
    ge_train, ge_dev = split_sentences(germeval, dev_sentences, seed)
    _add(sources, "germeval2014_dev_train_part", ge_path, "train", ge_train)
    _add(sources, "germeval2014_dev_held_out", ge_path, "dev", ge_dev)
    wiki = _wikiann(root, "de", wikiann_sentences, seed, sources)
    more: list[Sentence] = []
    if legal_sentences > 0:
        if {legal_dev_court, legal_test_court} - set(LEGAL_COURTS) or legal_dev_court == legal_test_court:
            raise ValueError(f"held-out courts must be two different names of {LEGAL_COURTS}")
        for name, court in (("legal-dev", legal_dev_court), ("legal-test", legal_test_court)):
            path, sents = _read_legal(root, court)
            extra[name] = sents
            _add(sources, f"legal_{court}_{name.split('-')[1]}", path, name, sents)
        pool: list[Sentence] = []
        for court in LEGAL_COURTS:
            if court not in (legal_dev_court, legal_test_court):
                pool += _read_legal(root, court)[1]
        legal = sample_sentences(pool, legal_sentences, seed)
        _add(sources, "legal_train_courts_sample", root / "de" / "legal", "train", legal)
        more += legal
    if europarl_pado:
        for part in ("train", "dev"):
            path = root / "de" / "europarl-pado" / f"{part}.tsv"
            sents = convert_corpus(read_conll(path, "conll2003"), CONLL_MAP)
            _add(sources, f"europarl_pado_{part}", path, "train", sents)
            more += sents
    if wikineural:
        more += _wikineural(root, "de", CONLL_MAP, sources)
    # the in-domain GermEval part may be repeated (oversampled) in the training file
    train = conll + ge_train * max(1, germeval_repeat) + wiki + more
    overlap: dict[str, Any] = {"files": [], "missing": []}
    held = _held_out_keys([(root / "de" / "germeval2014" / "NER-de-test.tsv", "germeval"),
                           (root.parent / "parallel" / "de-europarl.test.conll02", "conll2002"),
                           (root / "de" / "europarl-pado" / "test.tsv", "conll2003")], overlap)
    held.update(token_key(s) for sents in [ge_dev, *extra.values()] for s in sents)
    train, overlap["dropped"] = drop_overlap(train, held)
    if augment > 0:
        extra["dev-renamed"] = rename_persons(ge_dev, seed)
        names = augment_names(train, augment, seed)
        _add(sources, "augmented_names", Path("faker:" + ",".join(NAME_LOCALES)), "train", names)
        train += names
    return Prepared(train, ge_dev, sources, extra, overlap)


def prepare_en(root: Path) -> Prepared:
    """English recipe (see the module docstring): documents of ``valid.txt`` split by parity."""
    from anontools.detection.compare import document_sizes  # the -DOCSTART- reader of the evaluation

    sources: dict[str, dict[str, Any]] = {}
    train_path = root / "en" / "conll2003" / "train.txt"
    valid_path = root / "en" / "conll2003" / "valid.txt"
    train = convert_corpus(read_conll(train_path, "conll2003"), CONLL_MAP)
    valid = convert_corpus(read_conll(valid_path, "conll2003"), CONLL_MAP)
    halves: tuple[list[Sentence], list[Sentence]] = ([], [])
    start = 0
    for number, size in enumerate(document_sizes(valid_path, len(valid), 20)):
        halves[number % 2].extend(valid[start:start + size])
        start += size
    _add(sources, "conll2003_en_train", train_path, "train", train)
    _add(sources, "conll2003_en_valid_even_documents", valid_path, "train", halves[0])
    _add(sources, "conll2003_en_valid_odd_documents", valid_path, "dev", halves[1])
    return Prepared(train + halves[0], halves[1], sources)


def prepare_es(root: Path, *, seed: int = 13, wikiann_sentences: int = 0) -> Prepared:
    """Spanish recipe (see the module docstring)."""
    sources: dict[str, dict[str, Any]] = {}
    train_path = root / "es" / "conll2002" / "esp.train"
    dev_path = root / "es" / "conll2002" / "esp.testa"
    train = convert_corpus(read_conll(train_path, "conll2002"), CONLL_MAP)
    dev = convert_corpus(read_conll(dev_path, "conll2002"), CONLL_MAP)
    _add(sources, "conll2002_es_train", train_path, "train", train)
    _add(sources, "conll2002_es_testa", dev_path, "dev", dev)
    wiki = _wikiann(root, "es", wikiann_sentences, seed, sources)
    return Prepared(train + wiki, dev, sources)


def prepare_pt(root: Path, *, seed: int = 13, dev_fraction: float = 0.15, lener_dev_sentences: int = 300,
               wikiann_sentences: int = 5000, use_lener: bool = True, paramopama: bool = False,
               ulysses: bool = False, wikineural: bool = False) -> Prepared:
    """Portuguese recipe (see the module docstring)."""
    sources: dict[str, dict[str, Any]] = {}
    extra: dict[str, list[Sentence]] = {}
    harem_path = root / "pt" / "harem" / "corpus_First_HAREM.txt"
    harem = convert_corpus(read_conll(harem_path, "harem"), HAREM_MAP)
    h_train, h_dev = split_sentences(harem, round(len(harem) * dev_fraction), seed)
    _add(sources, "first_harem_train_part", harem_path, "train", h_train)
    _add(sources, "first_harem_held_out", harem_path, "dev", h_dev)
    train, dev = list(h_train), list(h_dev)
    if use_lener:
        lt_path = root / "pt" / "lener-br" / "train.conll"
        ld_path = root / "pt" / "lener-br" / "dev.conll"
        l_train = convert_corpus(read_conll(lt_path, "conll2002"), LENER_MAP)
        l_dev = sample_sentences(convert_corpus(read_conll(ld_path, "conll2002"), LENER_MAP), lener_dev_sentences, seed)
        _add(sources, "lener_br_train", lt_path, "train", l_train)
        _add(sources, "lener_br_dev_sample", ld_path, "dev", l_dev)
        train += l_train
        dev += l_dev
    train += _wikiann(root, "pt", wikiann_sentences, seed, sources)
    if not (paramopama or ulysses or wikineural):
        return Prepared(train, dev, sources)
    if paramopama:
        path = root / "pt" / "paramopama" / "corpus_paramopama+second_harem.txt"
        sents = convert_corpus(read_conll(path, "harem"), HAREM_MAP)
        _add(sources, "paramopama_second_harem", path, "train", sents)
        train += sents
    if ulysses:
        folder = root / "pt" / "ulyssesner-br"
        for part in ("train", "dev", "test"):
            path = folder / f"types-holdout-{part}.txt"
            sents = convert_corpus(read_conll(path, "conll2002"), ULYSSES_MAP)
            _add(sources, f"ulyssesner_br_{part}", path, "ulysses-test" if part == "test" else "train", sents)
            if part == "test":
                extra["ulysses-test"] = sents
            else:
                train += sents
    if wikineural:
        train += _wikineural(root, "pt", WIKIANN_MAP, sources)
    overlap: dict[str, Any] = {"files": [], "missing": []}
    held = _held_out_keys([(root / "pt" / "harem" / "corpus_miniHAREM.txt", "harem"),
                           (root / "pt" / "lener-br" / "test.conll", "conll2002")], overlap)
    held.update(token_key(s) for sents in [dev, *extra.values()] for s in sents)
    train, overlap["dropped"] = drop_overlap(train, held)
    return Prepared(train, dev, sources, extra, overlap)


def prepare(language: str, root: Path, *, seed: int = 13, wikiann_sentences: int | None = None,
            dev_sentences: int = 500, dev_fraction: float = 0.15, lener_dev_sentences: int = 300,
            germeval_repeat: int = 1, **options: Any) -> Prepared:
    """Run the recipe of ``language`` (``en``, ``de``, ``es`` or ``pt``).

    ``options`` holds the keyword arguments of the optional sources: :func:`prepare_de`'s
    (``legal_sentences``, ``legal_dev_court``, ``legal_test_court``, ``europarl_pado``, ``wikineural``,
    ``augment``) or :func:`prepare_pt`'s (``paramopama``, ``ulysses``, ``wikineural``).

    Raises:
        ValueError: unknown language.
        FileNotFoundError / ConllFormatError: a corpus file is missing or malformed.
    """
    if language == "en":
        return prepare_en(root)
    if language == "de":
        return prepare_de(root, seed=seed, dev_sentences=dev_sentences, germeval_repeat=germeval_repeat,
                          wikiann_sentences=0 if wikiann_sentences is None else wikiann_sentences, **options)
    if language == "es":
        return prepare_es(root, seed=seed, wikiann_sentences=0 if wikiann_sentences is None else wikiann_sentences)
    if language == "pt":
        return prepare_pt(root, seed=seed, dev_fraction=dev_fraction, lener_dev_sentences=lener_dev_sentences,
                          wikiann_sentences=5000 if wikiann_sentences is None else wikiann_sentences, **options)
    raise ValueError(f"no recipe for language {language!r}; expected en, de, es or pt")


def write_prepared(prepared: Prepared, output: Path, meta: dict[str, Any] | None = None) -> dict[str, Any]:
    """Write ``train.txt``, ``dev.txt``, one ``<name>.txt`` per extra evaluation set and ``stats.json``
    to ``output``; return the statistics.

    Raises:
        ValueError: if ``output`` lies inside the repository's ``app/``, ``anontools/`` or ``tests/`` tree
            (corpus text must never enter the repository).
    """
    repo = Path(__file__).resolve().parents[2]
    out = output.resolve()
    for forbidden in (repo / "app", repo / "anontools", repo / "tests"):
        if out == forbidden or forbidden in out.parents:
            raise ValueError(f"refusing to write corpus text into {out}; use work/ner-data/<lang>")
    output.mkdir(parents=True, exist_ok=True)
    write_conll(prepared.train, output / "train.txt")
    write_conll(prepared.dev, output / "dev.txt")
    for name, sents in prepared.extra.items():
        write_conll(sents, output / f"{name}.txt")
    stats = {
        **(meta or {}),
        "sources": prepared.sources,
        "train": corpus_stats(prepared.train),
        "dev": corpus_stats(prepared.dev),
        **{name: corpus_stats(sents) for name, sents in prepared.extra.items()},
    }
    if prepared.overlap:
        stats["overlap_checked"] = prepared.overlap
    (output / "stats.json").write_text(json.dumps(stats, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return stats


# --------------------------------------------------------------------------------------------
# CLI
# --------------------------------------------------------------------------------------------

app = typer.Typer(add_completion=False, help=__doc__.split("\n\n")[0])


@app.command()
def main(
    language: opt.Language,
    output: Annotated[Path, typer.Option(help="Output directory, e.g. work/ner-data/de")],
    data_root: opt.DataRoot = DEFAULT_DATA_ROOT,
    seed: Annotated[int, typer.Option(help="Seed of the held-out splits and samples")] = 13,
    wikiann_sentences: Annotated[int | None, typer.Option(help="WikiANN train sentences to add (default: de/es 0, pt 5000)")] = None,
    dev_sentences: Annotated[int, typer.Option(help="de: GermEval dev sentences held out as dev")] = 500,
    dev_fraction: Annotated[float, typer.Option(help="pt: fraction of First HAREM held out as dev")] = 0.15,
    lener_dev_sentences: Annotated[int, typer.Option(help="pt: LeNER-Br dev sentences added to dev")] = 300,
    germeval_repeat: Annotated[int, typer.Option(help="de: times the GermEval training part is repeated")] = 1,
    legal_sentences: Annotated[int, typer.Option(help="de: legal-corpus sentences of the training courts (0 = none)")] = 0,
    legal_dev_court: Annotated[str, typer.Option(help="de: court held out as legal dev")] = "bverfg",
    legal_test_court: Annotated[str, typer.Option(help="de: court held out as legal test")] = "bsg",
    europarl_pado: Annotated[bool, typer.Option(help="de: add Europarl-Padó train + dev")] = False,
    wikineural: Annotated[bool, typer.Option(help="de, pt: add WikiNEuRal val + test (silver)")] = False,
    augment: Annotated[int, typer.Option("--augment-names", help="de: person-renamed sentence copies (Faker)")] = 0,
    paramopama: Annotated[bool, typer.Option(help="pt: add Paramopama + Second HAREM")] = False,
    ulysses: Annotated[bool, typer.Option(help="pt: add UlyssesNER-Br types train + dev")] = False,
) -> None:
    """Convert, merge and split the corpora of LANGUAGE; write train.txt, dev.txt, stats.json to OUTPUT."""
    prepared = prepare(language, data_root, seed=seed, wikiann_sentences=wikiann_sentences,
                       dev_sentences=dev_sentences, dev_fraction=dev_fraction,
                       lener_dev_sentences=lener_dev_sentences, germeval_repeat=germeval_repeat,
                       **({"legal_sentences": legal_sentences, "legal_dev_court": legal_dev_court,
                           "legal_test_court": legal_test_court, "europarl_pado": europarl_pado,
                           "wikineural": wikineural, "augment": augment} if language == "de" else
                          {"paramopama": paramopama, "ulysses": ulysses, "wikineural": wikineural}
                          if language == "pt" else {}))
    meta = {"language": language, "data_root": str(data_root), "seed": seed}
    stats = write_prepared(prepared, output, meta)
    for name, s in stats["sources"].items():
        typer.echo(f"{name:32s} {s['used_as']:5s} {s['sentences']:6d} sentences {s['tokens']:7d} tokens  {s['entities']}")
    for part in ("train", "dev", *prepared.extra):
        s = stats[part]
        typer.echo(f"{'=> ' + part:32s} {'':5s} {s['sentences']:6d} sentences {s['tokens']:7d} tokens  {s['entities']}")
    if prepared.overlap:
        typer.echo(f"dropped {prepared.overlap['dropped']} training sentences found in dev/test sets")
    typer.echo(f"written to {output}/train.txt, dev.txt, {''.join(n + '.txt, ' for n in prepared.extra)}stats.json")


if __name__ == "__main__":
    app()
