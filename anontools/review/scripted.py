"""A scripted review: documents with gold annotations go through detection and a "reviewer" that applies the gold
entities with the review session's own edits; each release's correction is stored as a real release would.

Usage (MEDDOCAN, Marimon et al. 2019, Spanish clinical cases with brat standoff annotations)::

    OMP_NUM_THREADS=1 ANON_TABLE_KEYS=... ANON_REVIEW_KEY_PREFIX=exp:review: \\
    python -m anontools.review.scripted --language es --brat-dir ../shared/data/pii/es/meddocan/train/brat --documents 100

The reviewer corrects names, places and organizations (the labels the NER model learns,
:data:`app.review.corrections.NER_TAGS`): a detected PERSON/ORGANIZATION/LOCATION/MISC entity whose span is
gold with another label is relabelled, one whose span is not gold is removed, and every gold span not yet
present is added (entities overlapping it are removed first). Other labels are left as detected.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Annotated, Any

import typer

from anontools import cli_options as opt
from app.detection.labels import LOCATION, ORGANIZATION, PERSON
from app.review.corrections import NER_TAGS
from app.review.queue import HeldDocument
from app.review.session import ReviewDocument

#: MEDDOCAN label → standard label, for the labels the reviewer corrects (postal codes, annotated as
#: TERRITORIO, are left out: they are no place names).
MEDDOCAN_LABELS: dict[str, str] = {
    "NOMBRE_SUJETO_ASISTENCIA": PERSON, "NOMBRE_PERSONAL_SANITARIO": PERSON,
    "TERRITORIO": LOCATION, "PAIS": LOCATION, "CALLE": LOCATION,
    "HOSPITAL": ORGANIZATION, "INSTITUCION": ORGANIZATION, "CENTRO_SALUD": ORGANIZATION,
}


def read_brat(ann: str, text: str, labels: dict[str, str] = MEDDOCAN_LABELS) -> list[tuple[int, int, str]]:
    """Gold spans ``[(start, end, standard label)]`` of a brat ``.ann`` file's text-bound annotations.

    Only labels of ``labels``; a discontinuous span keeps its first fragment; purely numeric spans are dropped;
    a span overlapping an earlier one is dropped. Sorted by start.
    """
    spans: list[tuple[int, int, str]] = []
    for line in ann.splitlines():
        m = re.match(r"T\d+\t(\S+) (\d+) (\d+)", line)
        if not m or m.group(1) not in labels:
            continue
        start, end = int(m.group(2)), int(m.group(3))
        if text[start:end].strip().isdigit():
            continue
        spans.append((start, end, labels[m.group(1)]))
    kept: list[tuple[int, int, str]] = []
    for span in sorted(spans):
        if not kept or span[0] >= kept[-1][1]:
            kept.append(span)
    return kept


def apply_gold(doc: ReviewDocument, gold: list[tuple[int, int, str]]) -> None:
    """Edit ``doc`` as the reviewer would (see the module docstring)."""
    reviewed = set(NER_TAGS)
    by_span = {(s, e): label for s, e, label in gold}
    index = 0
    while index < len(doc.entities):
        e = doc.entities[index]
        if e.label in reviewed:
            label = by_span.get((e.start, e.end))
            if label is None:
                doc.remove(index)
                continue
            doc.relabel(index, label)
        index += 1
    for start, end, label in gold:
        if any(e.start == start and e.end == end and e.label == label for e in doc.entities):
            continue
        for i in reversed(range(len(doc.entities))):
            if doc.entities[i].start < end and start < doc.entities[i].end:
                doc.remove(i)
        doc.add(start, end, label)


def main(
    language: opt.Language,
    brat_dir: Annotated[Path, typer.Option(help="directory of NAME.txt + NAME.ann pairs")],
    documents: Annotated[int, typer.Option(help="how many documents (sorted by name)")] = 100,
) -> None:
    """Detect, review with the gold entities, and store each correction (encrypted, as a release does)."""
    import torch

    from app.detection.pipeline import build_detector
    from app.review.corrections import CorrectionStore
    from app.settings import get_settings

    torch.set_num_threads(1)
    detector = build_detector(language)
    totals: dict[str, Any] = {"documents": 0, "added": 0, "removed": 0, "relabelled": 0}

    async def run() -> None:
        store = CorrectionStore.from_settings(get_settings())
        try:
            for txt in sorted(brat_dir.glob("*.txt"))[:documents]:
                text = txt.read_text("utf-8")
                gold = read_brat(txt.with_suffix(".ann").read_text("utf-8"), text)
                entities = [e.to_dict() for e in detector.detect(text)]
                held = HeldDocument(f"scripted-{txt.stem}", text, language, "tag", entities, None, ["scripted"], 0)
                doc = ReviewDocument(held)
                apply_gold(doc, gold)
                record = doc.correction()
                await store.save(held.job_id, record)
                totals["documents"] += 1
                for key in ("added", "removed", "relabelled"):
                    totals[key] += len(record[key])
        finally:
            await store.close()

    asyncio.run(run())
    typer.echo(totals)


if __name__ == "__main__":
    typer.run(main)
