"""Does the frequent-word table (:mod:`app.detection.char_table`) change tags, and what does it save?

``anonymizer-dev char-table-check en [de es pt]``: tags the demo documents of each language one
document per call with the table and without it (the same loaded model), alternating ``--rounds`` times, and prints
the number of tokens whose tag differs, the share of each call's distinct words found in the table and characters
per CPU-second of the tagger both ways (one torch thread).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import orjson


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("languages", nargs="+")
    ap.add_argument("--documents", type=Path, default=Path(__file__).resolve().parents[2] / "demo" / "documents")
    ap.add_argument("--rounds", type=int, default=4)
    args = ap.parse_args(argv)

    import torch

    from app.detection.stanza_ner import StanzaTagger
    from app.tokenization import split_sentences

    torch.set_num_threads(1)
    for language in args.languages:
        texts = [orjson.loads(f.read_bytes())["text"] for f in sorted(args.documents.glob(f"demo-{language}-*.json"))]
        docs = [[[t.text for t in s.tokens] for s in split_sentences(text)] for text in texts]
        tagger = StanzaTagger(language)
        tables = tagger._char_tables

        def run(with_table: bool) -> tuple[list, float]:
            tagger._char_tables = tables if with_table else {}
            start = time.process_time()
            out = [tagger.tag(doc) for doc in docs]
            return out, time.process_time() - start

        plain, _ = run(False)
        fast, _ = run(True)
        tokens = [t for doc in plain for s in doc for t in s]
        changed = sum(a != b for a, b in zip(tokens, (t for doc in fast for s in doc for t in s)))
        known = total = 0
        for table in tables.values():
            for doc in docs:
                words = {w for s in doc for w in s}
                known += sum(w in table.index for w in words)
                total += len(words)
        chars = sum(map(len, texts))
        without, with_ = [], []
        for _ in range(args.rounds):
            without.append(round(chars / run(False)[1]))
            with_.append(round(chars / run(True)[1]))
        print(f"{language}: {len(texts)} documents, {len(tokens)} tokens, {changed} tags changed; "
              f"table {', '.join(str(len(t)) for t in tables.values()) or 'none'} words, "
              f"{known / max(total, 1):.1%} of each call's distinct words in it; chars per CPU-second "
              f"without {without}, with {with_}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
