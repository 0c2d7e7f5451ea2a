"""The NER tagger of another checkout against this one, in one process: the same tags, and how much faster?

``anonymizer-dev ner-versus --baseline DIR --language en [--test FILE --format F] [--recall-bias B ...]``

Loads the baseline's ``app/detection/stanza_ner.py`` and ``app/detection/bilstm.py`` (e.g. a ``git worktree`` of an
earlier commit) beside this checkout's, each :class:`StanzaTagger` with the same shipped model of ``--language``,
everything else (vocabularies, tokenizer, the rest of ``app``) shared. Then:

1. **Same tags?** Without ``--test``: every demo document of the language (one call per document); with ``--test``:
   the corpus's sentences in calls of 3 and of 16 sentences. At each ``--recall-bias`` (default: the tagger's own).
   Prints the number of sentences whose tags differ; exits 1 if any does.
2. **Speed**: the NER's CPU time per demo document (one ``tag`` call per document), ``--rounds`` whole passes
   alternating between the two taggers in one process (one torch thread), and the median of the per-round ratios
   baseline / this checkout — a paired figure, robust to the drift of a busy machine, where two processes run one
   after the other are not.

Both taggers are in memory at once (twice the model's RSS) and compete for the CPU caches, so the absolute times are
higher than a worker's; the ratio is the figure. A baseline whose two modules need functions this checkout's ``app``
no longer has cannot be loaded this way (the import error says which).
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
from pathlib import Path
from types import ModuleType

from anontools.devtools.quantized_agreement import DEMO, demo_texts
from anontools.devtools.timing import alternating_passes


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def baseline_tagger(baseline: Path, language: str):
    """A :class:`StanzaTagger` of the baseline checkout's ``stanza_ner`` and ``bilstm`` modules.

    Raises:
        SystemExit: ``baseline`` has no ``app/detection/stanza_ner.py``.
    """
    import app.detection.bilstm as ours

    source = baseline / "app" / "detection"
    if not (source / "stanza_ner.py").is_file():
        raise SystemExit(f"{baseline} has no app/detection/stanza_ner.py")
    bilstm = _load("baseline_bilstm", source / "bilstm.py") if (source / "bilstm.py").is_file() else ours
    stanza_ner = _load("baseline_stanza_ner", source / "stanza_ner.py")
    sys.modules["app.detection.bilstm"] = bilstm  # the baseline's loader imports it while loading the model
    try:
        return stanza_ner.StanzaTagger(language)
    finally:
        sys.modules["app.detection.bilstm"] = ours


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", type=Path, required=True, help="root of the other checkout")
    ap.add_argument("--language", required=True)
    ap.add_argument("--test", type=Path, help="a corpus file (CoNLL formats); default: the demo documents")
    ap.add_argument("--format", default="auto")
    ap.add_argument("--recall-bias", type=float, action="append", help="repeatable; default: the tagger's own")
    ap.add_argument("--rounds", type=int, default=12, help="timed passes over the demo documents, each way")
    ap.add_argument("--documents", type=Path, default=DEMO)
    args = ap.parse_args(argv)

    import torch

    from app.detection.stanza_ner import StanzaTagger
    from app.tokenization import split_sentences

    torch.set_num_threads(1)
    mine = StanzaTagger(args.language)
    theirs = baseline_tagger(args.baseline, args.language)
    documents = [[[t.text for t in s.tokens] for s in split_sentences(text)]
                 for text in demo_texts(args.language, args.documents)]
    if args.test is not None:
        from anontools.detection.conll import read_conll

        sentences = [[tok for tok, _ in s] for s in read_conll(args.test, args.format) if s]
        checks = {size: [sentences[i:i + size] for i in range(0, len(sentences), size)] for size in (3, 16)}
    else:
        checks = {"document": documents}
    differing = 0
    for bias in args.recall_bias or [None]:
        for size, calls in checks.items():
            n = sum(a != b for call in calls for a, b in zip(theirs.tag(call, recall_bias=bias),
                                                             mine.tag(call, recall_bias=bias)))
            differing += n
            print(f"recall bias {mine.recall_bias if bias is None else bias}, calls of {size}: "
                  f"{sum(len(c) for c in calls)} sentences, {n} with different tags")
    passes = alternating_passes([(name, lambda t=tagger: [t.tag(call) for call in documents])
                                 for name, tagger in (("baseline", theirs), ("this", mine))], args.rounds)
    times = {name: [s / max(len(documents), 1) * 1000 for s in seconds] for name, seconds in passes.items()}
    ratios = [b / t for b, t in zip(times["baseline"], times["this"])]
    print(f"{args.language}: {len(documents)} demo documents, {args.rounds} alternating passes: NER CPU per document "
          f"baseline {statistics.median(times['baseline']):.3f} ms, this checkout "
          f"{statistics.median(times['this']):.3f} ms (medians); paired ratio {statistics.median(ratios):.3f} "
          f"(per round {', '.join(f'{x:.2f}' for x in ratios)})")
    return 1 if differing else 0


if __name__ == "__main__":
    raise SystemExit(main())
