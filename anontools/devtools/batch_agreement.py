"""Whether a document's entities depend on the documents detected with it: ``python -m anontools.devtools.batch_agreement``.

The stage processes detect the documents waiting for them in one call (:func:`app.isolation.detect_batch`, issue
18); the documents that share a batch are a matter of timing. Each document must nevertheless get exactly the
entities it gets alone, or a redelivered document (at-least-once) could come out different from its first copy
(RELIABILITY.md: every copy byte-identical). Only the NER model's tagging is shared (its sentences are padded and
packed together with those of the other documents, and matrix products run over the whole batch); rules, second
pass and coreference run per document.

The tool detects every document alone (:meth:`app.detection.pipeline.Detector.detect`), then in ``--rounds``
random groupings of ``--batch`` documents (:meth:`~app.detection.pipeline.Detector.detect_many`, seeded shuffles),
and counts the documents and entities (``(start, end, label)``) that differ from the single-document result.
Documents: the language's demo documents, or a CoNLL file cut into documents of ``--doc-size`` sentences
(:func:`anontools.detection.compare.build_document`, as ``anonymizer-dev compare`` builds them).

Prints one line per language; ``--json PATH`` writes the figures. Exit code 0 when nothing differs, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Any, Optional

from anontools.devtools.quantized_agreement import DEMO, demo_texts


def corpus_texts(path: Path, fmt: str = "auto", doc_size: int = 20, limit: int = 0) -> list[str]:
    """Texts of documents of ``doc_size`` sentences built from a CoNLL file (the first ``limit`` documents; 0: all)."""
    from anontools.detection.compare import build_document
    from anontools.detection.conll import read_conll

    sentences = [[token for token, _ in sentence] for sentence in read_conll(path, fmt)]
    texts = [build_document(sentences[i:i + doc_size])[0] for i in range(0, len(sentences), doc_size)]
    return texts[:limit] if limit else texts


def batch_agreement(detector: Any, texts: list[str], *, batch: int = 16, rounds: int = 3,
                    seed: int = 1234) -> dict[str, Any]:
    """Entities of each text alone against the same text detected in random batches of ``batch`` texts.

    Returns:
        ``{"documents", "entities", "batch", "rounds", "documents_changed", "entities_changed"}``: over all rounds,
        the (document, round) pairs whose entities differ from the document alone, and the entities in the
        symmetric differences.
    """
    def key(found: list) -> frozenset[tuple[int, int, str]]:
        return frozenset((e.start, e.end, e.label) for e in found)

    alone = [key(detector.detect(text)) for text in texts]
    rng = random.Random(seed)
    changed_docs = changed_entities = 0
    for _ in range(rounds):
        order = list(range(len(texts)))
        rng.shuffle(order)
        for start in range(0, len(order), batch):
            members = order[start:start + batch]
            for i, found in zip(members, detector.detect_many([texts[i] for i in members])):
                difference = alone[i] ^ key(found)
                changed_docs += bool(difference)
                changed_entities += len(difference)
    return {"documents": len(texts), "entities": sum(map(len, alone)), "batch": batch, "rounds": rounds,
            "documents_changed": changed_docs, "entities_changed": changed_entities}


def main(argv: Optional[list[str]] = None) -> int:
    from app.detection.pipeline import build_detector
    from app.detection.torch_setup import configure_threads

    ap = argparse.ArgumentParser(prog="python -m anontools.devtools.batch_agreement",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("languages", nargs="*", default=["en"])
    ap.add_argument("--test", type=Path, default=None, help="a CoNLL file (one language) instead of the demo documents")
    ap.add_argument("--format", default="auto", help="its format (conll2003, conll2002, germeval, harem, auto)")
    ap.add_argument("--doc-size", type=int, default=20, help="sentences per document built from --test")
    ap.add_argument("--limit", type=int, default=0, help="documents of --test to use (0: all)")
    ap.add_argument("--batch", type=int, default=16, help="documents per detect_many call (default 16)")
    ap.add_argument("--rounds", type=int, default=3, help="random groupings (default 3)")
    ap.add_argument("--quantize", action="store_true", help="the int8 NER model (ANON_NER_QUANTIZE)")
    ap.add_argument("--json", type=Path, default=None, help="write the figures here")
    args = ap.parse_args(argv)
    if args.test is not None and len(args.languages) != 1:
        ap.error("--test takes exactly one language")
    configure_threads(1)
    rows = []
    for language in args.languages:
        texts = (corpus_texts(args.test, args.format, args.doc_size, args.limit) if args.test is not None
                 else demo_texts(language, DEMO))
        row = {"language": language, "source": str(args.test or DEMO),
               **batch_agreement(build_detector(language, quantize=args.quantize), texts, batch=args.batch,
                                 rounds=args.rounds)}
        rows.append(row)
        print(f"{language}: {row['documents']} documents, {row['entities']} entities alone; in {row['rounds']} random "
              f"groupings of {row['batch']}: {row['documents_changed']} documents and {row['entities_changed']} "
              f"entities changed")
    if args.json is not None:
        args.json.write_text(json.dumps(rows, indent=2), "utf-8")
    return 0 if all(row["documents_changed"] == 0 for row in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
