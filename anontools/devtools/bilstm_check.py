"""Does the one-recurrence BiLSTM (:mod:`app.detection.bilstm`) change tags, and what does it save?

``anonymizer-dev bilstm-check --language en --test test.txt --format conll2003 [--recall-bias 1]``: tags the
corpus's sentences in calls of ``--call-size`` sentences with the same loaded model, each call once with Stanza's
``PackedLSTM`` modules (PyTorch's LSTM, one direction after the other) and once with
:class:`app.detection.bilstm.PackedBiLSTM`, and prints the sentences whose tags differ; then the NER's CPU seconds
of ``--rounds`` whole passes each way, alternating (one torch thread). Without ``--test``: the language's demo
documents, one document per call.
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path

import orjson

from anontools.devtools.timing import alternating_passes


def _switch(tagger) -> tuple:
    """``(use_native, use_fast)``: put Stanza's forward back on every member's BiLSTMs, or the fast one."""
    packed = [m for t in tagger.trainers for m in (t.model.taggerlstm, getattr(t.model.charmodel, "charlstm", None))
              if m is not None and "forward" in m.__dict__]
    if not packed:
        raise SystemExit("the model has no one-recurrence BiLSTM (quantized, GPU or not a BiLSTM)")
    fast = [p.__dict__["forward"] for p in packed]

    def native() -> None:
        for p in packed:
            p.__dict__.pop("forward", None)

    def one_recurrence() -> None:
        for p, f in zip(packed, fast):
            p.forward = f

    return native, one_recurrence


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--language", required=True)
    ap.add_argument("--test", type=Path, help="a corpus file (CoNLL formats); default: the demo documents")
    ap.add_argument("--format", default="auto")
    ap.add_argument("--model-dir", type=Path)
    ap.add_argument("--recall-bias", type=float, default=None, help="default: the tagger's own")
    ap.add_argument("--call-size", type=int, default=16, help="sentences per call (corpus)")
    ap.add_argument("--rounds", type=int, default=4, help="timed passes each way")
    ap.add_argument("--documents", type=Path, default=Path(__file__).resolve().parents[2] / "demo" / "documents")
    args = ap.parse_args(argv)

    import torch

    from app.detection.stanza_ner import StanzaTagger
    from app.tokenization import split_sentences

    torch.set_num_threads(1)
    tagger = StanzaTagger(args.language, model_dir=args.model_dir)
    native, one_recurrence = _switch(tagger)
    if args.test is not None:
        from anontools.detection.conll import read_conll

        sentences = [[tok for tok, _ in s] for s in read_conll(args.test, args.format) if s]
        calls = [sentences[i:i + args.call_size] for i in range(0, len(sentences), args.call_size)]
    else:
        texts = [orjson.loads(f.read_bytes())["text"]
                 for f in sorted(args.documents.glob(f"demo-{args.language}-*.json"))]
        calls = [[[t.text for t in s.tokens] for s in split_sentences(text)] for text in texts]
    differing = 0
    for call in calls:  # the tags, call by call both ways
        native()
        before = tagger.tag(call, recall_bias=args.recall_bias)
        one_recurrence()
        differing += sum(a != b for a, b in zip(before, tagger.tag(call, recall_bias=args.recall_bias)))
    def one_pass() -> None:
        for call in calls:
            tagger.tag(call, recall_bias=args.recall_bias)

    use = {"stanza": native, "one_recurrence": one_recurrence}
    seconds = {name: [round(s, 3) for s in passes] for name, passes in alternating_passes(
        [("stanza", one_pass), ("one_recurrence", one_pass)], args.rounds, before=lambda name: use[name]()).items()}
    one_recurrence()
    n_sent = sum(len(c) for c in calls)
    print(f"{args.language}: {n_sent} sentences in {len(calls)} calls, {differing} sentences with different tags; "
          f"NER CPU seconds per pass, Stanza's LSTM {seconds['stanza']} (median "
          f"{statistics.median(seconds['stanza']):.3f}), one recurrence {seconds['one_recurrence']} (median "
          f"{statistics.median(seconds['one_recurrence']):.3f}): "
          f"{statistics.median(seconds['stanza']) / statistics.median(seconds['one_recurrence']):.2f}x")
    return 1 if differing else 0


if __name__ == "__main__":
    raise SystemExit(main())
