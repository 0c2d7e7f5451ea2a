"""De-identification evaluation on brat standoff corpora (MEDDOCAN, Marimon et al., IberLEF 2019).

A de-identification corpus annotates every piece of personal data of a document with character offsets, not only
named entities. The question it answers is "what reaches the translation topic in clear?", so the figure here is
**token-level recall of personal data**: every token of every gold span (our tokenizer, :mod:`app.tokenization`)
counts as caught when each of its letters and digits lies inside a detected entity, per gold label and overall. A
span counts as caught when all its tokens are. Binary token precision is reported beside it: the share of tokens
touched by a detected entity that lie inside a gold span.

brat standoff (Stenetorp et al., EACL 2012 demos): ``name.txt`` holds the text, ``name.ann`` one annotation per line;
text-bound annotations read ``T1<TAB>LABEL START END[;START END...]<TAB>surface`` with character offsets into the
text (half-open); other lines (relations, notes) are ignored.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.doc import Entity
from app.tokenization import tokenize

#: MEDDOCAN's 22 labels → our labels (what a detector must find for the span not to leak). Ages, sex, professions
#: and relatives are quasi-identifiers: the ``strict`` profile's labels.
MEDDOCAN_LABELS: dict[str, str] = {
    "NOMBRE_SUJETO_ASISTENCIA": "PERSON",
    "NOMBRE_PERSONAL_SANITARIO": "PERSON",
    "FAMILIARES_SUJETO_ASISTENCIA": "RELATION",
    "OTROS_SUJETO_ASISTENCIA": "MISC",
    "TERRITORIO": "LOCATION",
    "PAIS": "LOCATION",
    "CALLE": "LOCATION",
    "HOSPITAL": "ORGANIZATION",
    "INSTITUCION": "ORGANIZATION",
    "CENTRO_SALUD": "ORGANIZATION",
    "FECHAS": "DATE",
    "EDAD_SUJETO_ASISTENCIA": "QUANTITY",
    "SEXO_SUJETO_ASISTENCIA": "DEMOGRAPHIC",
    "PROFESION": "OCCUPATION",
    "ID_SUJETO_ASISTENCIA": "ID_NUMBER",
    "ID_TITULACION_PERSONAL_SANITARIO": "ID_NUMBER",
    "ID_ASEGURAMIENTO": "ID_NUMBER",
    "ID_CONTACTO_ASISTENCIAL": "ID_NUMBER",
    "ID_EMPLEO_PERSONAL_SANITARIO": "ID_NUMBER",
    "CORREO_ELECTRONICO": "EMAIL",
    "NUMERO_TELEFONO": "PHONE",
    "NUMERO_FAX": "PHONE",
    "URL_WEB": "URL",
    "DIREC_PROT_INTERNET": "IP_ADDRESS",
    "NUMERO_IDENTIF": "NATIONAL_ID",
    "IDENTIF_VEHICULOS_NRSERIE_PLACAS": "ID_NUMBER",
    "IDENTIF_DISPOSITIVOS_NRSERIE": "ID_NUMBER",
    "IDENTIF_BIOMETRICOS": "ID_NUMBER",
}

#: Gold labels that name quasi-identifiers (left in clear by the ``standard`` profile by design).
QUASI_IDENTIFIER_GOLD: frozenset[str] = frozenset(
    {"EDAD_SUJETO_ASISTENCIA", "SEXO_SUJETO_ASISTENCIA", "PROFESION", "FAMILIARES_SUJETO_ASISTENCIA"})


@dataclass
class BratDocument:
    """One brat document: ``name``, ``text`` and its text-bound annotations ``spans``: ``(start, end, label)``
    character offsets into ``text``, half-open, one per fragment of a discontinuous annotation."""

    name: str
    text: str
    spans: list[tuple[int, int, str]] = field(default_factory=list)


def read_brat(directory: str | Path) -> list[BratDocument]:
    """Read every ``*.txt`` of ``directory`` with its ``*.ann`` (missing: no annotation), sorted by name.

    Raises:
        FileNotFoundError: ``directory`` does not exist.
        ValueError: an annotation whose offsets lie outside the text, or a malformed ``T`` line (the message names
            the file and line number, never the text).
    """
    root = Path(directory)
    if not root.is_dir():
        raise FileNotFoundError(f"no brat directory {root}")
    documents = []
    for txt in sorted(root.glob("*.txt")):
        text = txt.read_text(encoding="utf-8")
        doc = BratDocument(txt.stem, text)
        ann = txt.with_suffix(".ann")
        if ann.is_file():
            for number, line in enumerate(ann.read_text(encoding="utf-8").splitlines(), 1):
                if not line.startswith("T"):
                    continue
                try:
                    _, middle, *_ = line.split("\t")
                    label, offsets = middle.split(" ", 1)
                    for fragment in offsets.split(";"):
                        start, end = (int(x) for x in fragment.split())
                        if not 0 <= start < end <= len(text):
                            raise ValueError
                        doc.spans.append((start, end, label))
                except ValueError:
                    raise ValueError(f"{ann.name}:{number}: malformed text-bound annotation") from None
        documents.append(doc)
    return documents


def _covered_intervals(spans: Iterable[tuple[int, int]]) -> tuple[list[int], list[int]]:
    starts, ends = [], []
    for start, end in sorted(spans):
        if ends and start <= ends[-1]:
            ends[-1] = max(ends[-1], end)
        else:
            starts.append(start)
            ends.append(end)
    return starts, ends


def _inside(starts: list[int], ends: list[int], position: int) -> bool:
    i = bisect_right(starts, position) - 1
    return i >= 0 and position < ends[i]


def _touches(starts: list[int], ends: list[int], start: int, end: int) -> bool:
    i = bisect_left(starts, end)
    return i > 0 and ends[i - 1] > start


def score_document(doc: BratDocument, entities: list[Entity], counts: dict[str, Counter]) -> None:
    """Add one document's token and span counts to ``counts`` (``{"tokens": Counter, "caught": Counter,
    "spans": Counter, "spans_caught": Counter, "binary": Counter}``, keys of the first four: gold labels)."""
    starts, ends = _covered_intervals((e.start, e.end) for e in entities)
    gold_starts, gold_ends = _covered_intervals((s, e) for s, e, _ in doc.spans)
    tokens = tokenize(doc.text)
    token_starts = [t.start for t in tokens]
    for start, end, label in doc.spans:
        inside = tokens[bisect_left(token_starts, start):bisect_left(token_starts, end)]
        inside = [t for t in inside if t.end <= end and any(c.isalnum() for c in t.text)]
        all_caught = True
        for t in inside:
            caught = all(_inside(starts, ends, p) for p in range(t.start, t.end) if doc.text[p].isalnum())
            counts["tokens"][label] += 1
            counts["caught"][label] += caught
            all_caught = all_caught and caught
        if inside:
            counts["spans"][label] += 1
            counts["spans_caught"][label] += all_caught
    for t in tokens:
        if not any(c.isalnum() for c in t.text) or not _touches(starts, ends, t.start, t.end):
            continue
        counts["binary"]["predicted"] += 1
        counts["binary"]["correct"] += _touches(gold_starts, gold_ends, t.start, t.end)


def evaluate_documents(documents: list[BratDocument], detect: Callable[[str], list[Entity]],
                       quasi_identifiers: frozenset[str] = QUASI_IDENTIFIER_GOLD) -> dict[str, Any]:
    """Token-level recall of personal data per gold label, overall and without the quasi-identifier labels, span
    recall, and binary token precision.

    Args:
        documents: from :func:`read_brat`.
        detect: ``text -> list[Entity]`` (offsets into the text, half-open).
        quasi_identifiers: gold labels left out of the ``direct`` figures.

    Returns:
        ``{"labels": {label: {"tokens", "recall", "spans", "span_recall"}}, "all": {...}, "direct": {...},
        "precision": float, "predicted_tokens": int, "documents": int, "characters": int}``.
    """
    counts: dict[str, Counter] = {k: Counter() for k in ("tokens", "caught", "spans", "spans_caught", "binary")}
    for doc in documents:
        score_document(doc, detect(doc.text), counts)

    def summary(labels: Iterable[str]) -> dict[str, Any]:
        labels = list(labels)
        tokens = sum(counts["tokens"][x] for x in labels)
        spans = sum(counts["spans"][x] for x in labels)
        return {"tokens": tokens, "recall": sum(counts["caught"][x] for x in labels) / tokens if tokens else 0.0,
                "spans": spans,
                "span_recall": sum(counts["spans_caught"][x] for x in labels) / spans if spans else 0.0}

    labels = sorted(counts["tokens"], key=lambda x: -counts["tokens"][x])
    predicted = counts["binary"]["predicted"]
    return {
        "labels": {x: summary([x]) for x in labels},
        "all": summary(labels),
        "direct": summary([x for x in labels if x not in quasi_identifiers]),
        "precision": counts["binary"]["correct"] / predicted if predicted else 0.0,
        "predicted_tokens": predicted,
        "documents": len(documents),
        "characters": sum(len(d.text) for d in documents),
    }
