"""Detection output must not change when detection gets faster (issue 18, item 2).

Golden files, written with the code *before* the speed-ups and checked in:

* ``tests/fixtures/golden/tags_<lang>.json``: the NER tagger's tags for every sentence of the demo documents of
  the language (tokens stored with them, so a tokenizer change does not move the goalposts), tagged in one call
  (sentences of several documents batched together) and document by document;
* ``tests/fixtures/golden/entities_<lang>.json``: the full detector's entities (start, end, label, source) for
  every demo document of the language.

English runs by default; German, Spanish and Portuguese load three more models and are marked ``slow``.

The golden files hold the float NER model's output: the detectors here are built with ``quantize=False`` whatever
``ANON_NER_QUANTIZE`` says. The int8-quantized model (off by default) is compared with them separately
(:mod:`anontools.devtools.quantized_agreement`).

Regenerate (only when a change of detection output is intended, e.g. a new model), from the repository root::

    OMP_NUM_THREADS=1 python -m tests.test_golden_detection en de es pt
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = Path(__file__).resolve().parent / "fixtures" / "golden"
DEMO = ROOT / "demo" / "documents"


def demo_texts(language: str) -> list[tuple[str, str]]:
    """``[(job_id, text), ...]`` of the demo documents of ``language``, sorted by file name."""
    out = []
    for path in sorted(DEMO.glob(f"demo-{language}-*.json")):
        data = json.loads(path.read_text("utf-8"))
        out.append((data["job_id"], data["text"]))
    return out


def _sentences(text: str) -> list[list[str]]:
    from app.tokenization import split_sentences, tokenize

    return [[t.text for t in s.tokens] for s in split_sentences(text, tokenize(text))]


def _detector(language: str):
    from tests import shared_models

    return shared_models.detector(language, quantize=False)  # loaded once per session, shared with test_method_leaks


def _entities(language: str, text: str) -> list[list]:
    return [[e.start, e.end, e.label, e.source] for e in _detector(language).detect(text)]


def write(language: str) -> None:
    """Write both golden files of ``language`` with the current code."""
    GOLDEN.mkdir(parents=True, exist_ok=True)
    docs = demo_texts(language)
    tagger = _detector(language).recognizers[[r.name for r in _detector(language).recognizers].index("stanza")].tagger
    per_doc = [_sentences(text) for _, text in docs]
    tags = {job: tagger.tag(sents) for (job, _), sents in zip(docs, per_doc)}
    (GOLDEN / f"tags_{language}.json").write_text(json.dumps(
        {job: {"tokens": sents, "tags": tags[job]} for (job, _), sents in zip(docs, per_doc)},
        ensure_ascii=False, separators=(",", ":")) + "\n", "utf-8")
    (GOLDEN / f"entities_{language}.json").write_text(json.dumps(
        {job: _entities(language, text) for job, text in docs}, ensure_ascii=False, separators=(",", ":")) + "\n",
        "utf-8")


def _check(language: str) -> None:
    golden_tags = json.loads((GOLDEN / f"tags_{language}.json").read_text("utf-8"))
    golden_entities = json.loads((GOLDEN / f"entities_{language}.json").read_text("utf-8"))
    detector = _detector(language)
    tagger = next(r.tagger for r in detector.recognizers if r.name == "stanza")
    jobs = list(golden_tags)
    # document by document
    for job in jobs:
        assert tagger.tag(golden_tags[job]["tokens"]) == golden_tags[job]["tags"], job
    # all documents' sentences in one call (batched together)
    everything = [s for job in jobs for s in golden_tags[job]["tokens"]]
    expected = [t for job in jobs for t in golden_tags[job]["tags"]]
    assert tagger.tag(everything) == expected
    # the whole detector, document by document and all documents together
    docs = demo_texts(language)
    for job, text in docs:
        assert _entities(language, text) == golden_entities[job], job
    together = detector.detect_many([text for _, text in docs])
    assert [[[e.start, e.end, e.label, e.source] for e in found] for found in together] == \
        [golden_entities[job] for job, _ in docs]


def test_golden_english():
    _check("en")


def test_quantized_english_agrees_with_the_golden_detector():
    """The int8 NER model (``ANON_NER_QUANTIZE=true``) against the float one, full detector, English demo documents,
    one document at a time: measured 225 common entities of 228 (float) / 229 (int8), agreement 0.9825 (torch 2.13,
    AVX2 CPU); 230 of 233 / 232, 0.9871 on an AVX-512 VNNI CPU. No int8 entity changes when the 28 documents are
    detected in one ``detect_many`` call: a quantized tagger tags each document alone (8 changed before). The float
    detector's entities are the golden ones (:func:`test_golden_english`)."""
    from app.detection.pipeline import build_detector
    from anontools.devtools.quantized_agreement import agreement

    row = agreement("en", floating=_detector("en"), quantized=build_detector("en", quantize=True), directory=DEMO)
    assert row["documents"] == len(demo_texts("en")) and row["float_entities"] > 200
    assert row["agreement"] >= 0.97
    assert row["int8_batch_dependent"] == 0


@pytest.mark.slow
@pytest.mark.parametrize("language", ["de", "es", "pt"])
def test_golden_other_languages(language):
    _check(language)


if __name__ == "__main__":
    for lang in sys.argv[1:] or ["en"]:
        write(lang)
        print(f"wrote golden files for {lang}")


def _with_format_characters(text: str) -> tuple[str, list[int]]:
    """``text`` with a soft hyphen in the middle of every word of six letters or more and a zero-width space in every
    third word of four or more (as text copied from a hyphenated PDF or web page has them), and the offset in the
    new text of each character of ``text``."""
    import re

    out, where, count = [], [], 0
    for match in re.finditer(r"[^\W\d_]{4,}|.", text, re.S):
        word = match.group()
        inserted = ""
        if len(word) >= 6:
            inserted = "\u00ad"
        elif len(word) >= 4:
            count += 1
            inserted = "\u200b" if count % 3 == 0 else ""
        cut = len(word) // 2
        for i, ch in enumerate(word):
            if i == cut and inserted:
                out.append(inserted)
            where.append(sum(len(p) for p in out))
            out.append(ch)
    return "".join(out), where


def test_invisible_format_characters_inside_words_change_no_entity():
    """A soft hyphen or zero-width space inside a name hides nothing: the entities of the demo documents with them
    are those of the documents without them, each spanning the same letters (issue 17: before, "Mer\\u00adkel" gave
    the entity "Mer" and left "kel" in clear)."""
    golden_entities = json.loads((GOLDEN / "entities_en.json").read_text("utf-8"))
    for job, text in demo_texts("en"):
        shy, where = _with_format_characters(text)
        assert shy != text
        expected = [[where[s], where[e - 1] + 1, label, source] for s, e, label, source in golden_entities[job]]
        assert _entities("en", shy) == expected, job
        assert [[[e.start, e.end, e.label, e.source] for e in found] for found in _detector("en").detect_many([shy])] \
            == [expected], job


def _rewritten(text: str, piece) -> tuple[str, list[int], list[int]]:
    """``text`` with each character ``ch`` written as ``piece(ch)``, and where each character of ``text`` begins and
    ends in the result."""
    out, begins, ends, length = [], [], [], 0
    for ch in text:
        written = piece(ch)
        begins.append(length)
        length += len(written)
        ends.append(length)
        out.append(written)
    return "".join(out), begins, ends


def _decomposed(text: str) -> tuple[str, list[int], list[int]]:
    """``text`` in Unicode normalization form D (letters and combining marks apart, as macOS file names and some PDF
    extractions write it), with where each character of ``text`` begins and ends in it."""
    import unicodedata

    return _rewritten(text, lambda ch: unicodedata.normalize("NFD", ch))


@pytest.mark.parametrize("language", ["en", pytest.param("de", marks=pytest.mark.slow)])
def test_decomposed_text_changes_no_entity(language):
    """Decomposed letters ("Mu\u0308ller") hide nothing: the entities of the demo documents in NFD are those of the
    documents, each spanning the same letters (before, "Ju\u0308rgen Mu\u0308ller" gave the entities "Jü" and "Mu"
    and left "rgen" and "ller" in clear)."""
    golden_entities = json.loads((GOLDEN / f"entities_{language}.json").read_text("utf-8"))
    changed = 0
    for job, text in demo_texts(language):
        nfd, begins, ends = _decomposed(text)
        changed += nfd != text
        expected = [[begins[s], ends[e - 1], label, source] for s, e, label, source in golden_entities[job]]
        assert _entities(language, nfd) == expected, job
    assert changed  # the demo documents hold accented letters


def _with_character_references(text: str) -> tuple[str, list[int], list[int]]:
    """``text`` as an HTML or XML export writes it: every letter outside ASCII as a named reference where HTML has one
    ("&uuml;") else a numeric one, every "a" as "&#97;" and every "o" as "&#x6F;", "&" as "&amp;"; with where each
    character of ``text`` begins and ends in it."""
    from html.entities import codepoint2name

    def reference(ch: str) -> str:
        if ch in "&ao":
            return {"&": "&amp;", "a": "&#97;", "o": "&#x6F;"}[ch]
        if ord(ch) > 127 and ch.isalpha():
            return f"&{codepoint2name[ord(ch)]};" if ord(ch) in codepoint2name else f"&#{ord(ch)};"
        return ch

    return _rewritten(text, reference)


@pytest.mark.parametrize("language", ["en", pytest.param("de", marks=pytest.mark.slow)])
def test_character_references_change_no_entity(language):
    """Letters written as HTML/XML character references ("J&uuml;rgen M&#252;ller") hide nothing: the entities of the
    demo documents so written are those of the documents, each spanning the same letters (before, "J&uuml;rgen
    M&uuml;ller" gave the entity "M&" and left the rest in clear)."""
    golden_entities = json.loads((GOLDEN / f"entities_{language}.json").read_text("utf-8"))
    for job, text in demo_texts(language):
        encoded, begins, ends = _with_character_references(text)
        assert encoded != text
        expected = [[begins[s], ends[e - 1], label, source] for s, e, label, source in golden_entities[job]]
        assert _entities(language, encoded) == expected, job


def _hyphenated_at_line_ends(text: str) -> tuple[str, list[int], list[tuple[int, int]]]:
    """``text`` with every word of eight letters or more that starts with a capital hyphenated across two lines
    after its fourth letter ("Schwarzenegger" → "Schw-\\narzenegger"), as text extracted from a justified page has
    names; the offset in the new text of each character of ``text``, and the spans of the inserted "-\\n"."""
    import re

    out, where, breaks, length = [], [], [], 0
    for match in re.finditer(r"[^\W\d_]{8,}|.", text, re.S):
        word = match.group()
        for i, ch in enumerate(word):
            if i == 4 and len(word) >= 8 and word[0].isupper() and word[4:].islower():
                out.append("-\n")
                breaks.append((length, length + 2))
                length += 2
            where.append(length)
            out.append(ch)
            length += 1
    return "".join(out), where, breaks


def test_names_hyphenated_at_a_line_end_are_replaced_on_both_lines():
    """A name hyphenated at a line's end ("Schw-\\narzenegger", text from a justified PDF) is found as the whole word
    and replaced on both lines, each part an entity of its own: no entity crosses the line break, and no letter of
    the name stays in clear (before, "arzenegger" did)."""
    golden_entities = json.loads((GOLDEN / "entities_en.json").read_text("utf-8"))
    split = 0
    for job, text in demo_texts("en"):
        hyphenated, where, breaks = _hyphenated_at_line_ends(text)
        expected = []
        for s, e, label, source in golden_entities[job]:
            start, end = where[s], where[e - 1] + 1
            for a, b in breaks:
                if start < a and b < end:
                    expected.append([start, a, label, source])
                    start = b
                    split += 1
            expected.append([start, end, label, source])
        assert _entities("en", hyphenated) == expected, job
    assert split  # some names were hyphenated
