"""How much int8 quantization of the NER model changes detection: ``python -m anontools.devtools.quantized_agreement en de es pt``.

For every demo document of each language (``demo/documents/demo-<lang>-*.json``) the full detector runs twice, with
the float NER model (the default, whose output the golden files hold) and with the model int8-quantized
(``ANON_NER_QUANTIZE``, :func:`app.detection.stanza_ner.quantize_member`), document by document. An entity is
``(start, end, label)``; the report counts the entities of each side, those both found, and the agreement
(common entities / the larger side). It also counts the entities of the quantized detector that change when the
documents are detected together (``detect_many``, as the detect agent batches them): dynamic quantization scales
the activations of each batch by the batch's own range, so a document's entities would depend on the documents
that share its batch; :meth:`app.detection.ner.StanzaRecognizer.recognize_many` therefore tags each document
alone when the tagger is quantized, and this count is 0.

Prints one line per language and, with ``--json PATH``, writes the figures. Exit code 0.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any, Optional

from anontools.devtools.harness.worker import repo_root

DEMO = (repo_root() or Path.cwd()) / "demo" / "documents"


def demo_texts(language: str, directory: Path = DEMO) -> list[str]:
    """Texts of the demo documents of ``language``, sorted by file name."""
    return [json.loads(p.read_text("utf-8"))["text"] for p in sorted(directory.glob(f"demo-{language}-*.json"))]


def agreement(language: str, *, floating: Any = None, quantized: Any = None,
              directory: Path = DEMO) -> dict[str, Any]:
    """Entities of the float and the int8 detector of ``language`` on its demo documents.

    Args:
        floating, quantized: detectors to compare (default: :func:`app.detection.pipeline.build_detector` with
            ``quantize=False`` / ``True``).

    Returns:
        ``{"language", "documents", "float_entities", "int8_entities", "common", "agreement",
        "int8_batch_dependent"}``; ``agreement`` is ``common / max(float_entities, int8_entities)`` (1.0 when both
        are empty); ``int8_batch_dependent`` counts entities of the quantized detector that differ between one
        document at a time and all documents in one ``detect_many`` call.

    Raises:
        app.detection.stanza_ner.ModelNotFoundError: no NER model for the language.
    """
    from app.detection.pipeline import build_detector

    floating = floating or build_detector(language, quantize=False)
    quantized = quantized or build_detector(language, quantize=True)
    texts = demo_texts(language, directory)

    def key(found: list) -> set[tuple[int, int, str]]:
        return {(e.start, e.end, e.label) for e in found}

    f_sets = [key(floating.detect(t)) for t in texts]
    q_sets = [key(quantized.detect(t)) for t in texts]
    together = [key(found) for found in quantized.detect_many(texts)] if texts else []
    n_f, n_q = sum(map(len, f_sets)), sum(map(len, q_sets))
    common = sum(len(a & b) for a, b in zip(f_sets, q_sets))
    return {"language": language, "documents": len(texts), "float_entities": n_f, "int8_entities": n_q,
            "common": common, "agreement": round(common / max(n_f, n_q), 4) if max(n_f, n_q) else 1.0,
            "int8_batch_dependent": sum(len(a ^ b) for a, b in zip(q_sets, together))}


def main(argv: Optional[list[str]] = None) -> int:
    from app.detection.torch_setup import configure_threads

    ap = argparse.ArgumentParser(prog="python -m anontools.devtools.quantized_agreement", description=__doc__.split("\n\n")[0])
    ap.add_argument("languages", nargs="*", default=["en"])
    ap.add_argument("--json", type=Path, default=None, help="write the figures here")
    args = ap.parse_args(argv)
    configure_threads(1)
    rows = []
    for language in args.languages:
        row = agreement(language)
        rows.append(row)
        print(f"{language}: {row['documents']} documents, entities float {row['float_entities']}, int8 "
              f"{row['int8_entities']}, common {row['common']} (agreement {row['agreement']:.4f}); int8 entities "
              f"changed by batching: {row['int8_batch_dependent']}", flush=True)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(rows, indent=2) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
