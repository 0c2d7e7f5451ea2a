"""Development machine: the share of NER in detect-stage batches of 1 and 16 GermEval 2014 test documents (one torch
thread), the CPU side of tools/device/infer_batches.py (docs/performance.md, "GPU with the stage's batches").

Usage: python tools/device/detect_share.py   (data: python tools/device/prepare.py --infer-only)"""
import gzip, json, time, torch
torch.set_num_threads(1)
from app.detection.pipeline import build_detector
from app.detection.ner import StanzaRecognizer
sents = json.load(gzip.open(".gpu/data/de-infer.json.gz", "rt", encoding="utf-8"))
docs = ["\n".join(" ".join(s) for s in sents[i:i + 20]) for i in range(0, len(sents), 20)]
det = build_detector("de")
det.detect_many(docs[:2])
rec = [r for r in det.recognizers_for("standard") if isinstance(r, StanzaRecognizer)][0]
tagger = rec.tagger; inner = tagger.tag; spent = [0.0]
def timed(*a, **k):
    c = time.process_time(); out = inner(*a, **k); spent[0] += time.process_time() - c; return out
tagger.tag = timed
for per_call in (1, 16):
    for _ in range(2):
        spent[0] = 0.0; c0 = time.process_time(); w0 = time.perf_counter()
        for i in range(0, len(docs), per_call):
            det.detect_many(docs[i:i + per_call])
        cpu = time.process_time() - c0; wall = time.perf_counter() - w0
        chars = sum(map(len, docs))
        print(f"docs/call {per_call}: detect {chars/cpu:,.0f} chars/CPU-s, {len(docs)/wall:.1f} docs/s; NER {spent[0]:.2f} of {cpu:.2f} CPU-s ({spent[0]/cpu:.0%}); rest {chars/(cpu-spent[0]):,.0f} chars/CPU-s")
