"""Device: the NER part of a detect-stage batch on the GPU and on one CPU thread of the same machine.

A stage process that takes several waiting documents (``app/isolation.py``, "Batches of small documents") tags the
sentences of all of them in one ``StanzaTagger.tag`` call (``Detector.detect_many``). This script times exactly that
call for batches of 1, 4, 16 and 64 documents (64 sentences per NER batch as shipped, and 256 on the GPU) of 20 sentences (GermEval 2014 test, the grouping of
``anonymizer-dev batch-agreement``), with the shipped German model at its recall bias 0.5, and checks that the GPU
tags the same tokens as the CPU and the same in every batch size.

Usage (on the device, from the repository root; data from ``tools/device/prepare.py --infer-only``):
    python3 tools/device/infer_batches.py OUT.json
"""
import gzip, json, os, sys, time
import torch
from app.detection.stanza_ner import StanzaTagger

sents = json.load(gzip.open(".gpu/data/de-infer.json.gz", "rt", encoding="utf-8"))
docs = [sents[i:i + 20] for i in range(0, len(sents), 20)]
cpu_docs = int(os.environ.get("INFER_CPU_DOCS", "64"))


def chars(group: list[list[list[str]]]) -> int:
    return sum(len(" ".join(s)) + 1 for d in group for s in d)


def run(tagger: StanzaTagger, subset: list, per_call: int, passes: int = 3) -> tuple[float, float, list]:
    """Best wall seconds and CPU seconds of ``passes`` passes over ``subset`` in calls of ``per_call`` documents."""
    best = (float("inf"), 0.0); tags: list = []
    for _ in range(passes):
        if tagger.device == "cuda":
            torch.cuda.synchronize()
        t0 = time.perf_counter(); c0 = time.process_time(); out = []
        for i in range(0, len(subset), per_call):
            group = subset[i:i + per_call]
            flat = [s for d in group for s in d]
            out.extend(tagger.tag(flat))
        if tagger.device == "cuda":
            torch.cuda.synchronize()
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        if wall < best[0]:
            best = (wall, cpu)
        tags = out
    return best[0], best[1], tags


report = {"documents": len(docs), "sentences": len(sents), "chars": chars(docs), "torch": torch.__version__,
          "gpu": torch.cuda.get_device_name(0) if torch.cuda.is_available() else None, "runs": []}
reference = None
for device, ner_batch in (("cpu", 64), ("cuda", 64), ("cuda", 256)):
    torch.set_num_threads(1)
    t0 = time.perf_counter()
    tagger = StanzaTagger("de", model_dir="app/detection/weights/de", device=device, batch_size=ner_batch, recall_bias=0.5)
    tagger.tag(docs[0])
    load = time.perf_counter() - t0
    subset = docs[:cpu_docs] if device == "cpu" else docs
    for per_call in (1, 4, 16, 64):
        wall, cpu, tags = run(tagger, subset, per_call, passes=2 if device == "cpu" else 3)
        same_cpu = None
        if device == "cpu" and per_call == 1:
            reference = tags
        elif reference is not None:
            part = tags[: len(reference)]
            same_cpu = sum(a != b for x, y in zip(part, reference) for a, b in zip(x, y))
        row = {"device": tagger.device, "sentences_per_ner_batch": ner_batch, "documents_per_call": per_call, "documents": len(subset), "load_s": round(load, 2),
               "wall_s": round(wall, 3), "cpu_s": round(cpu, 3), "chars_per_s": round(chars(subset) / wall),
               "docs_per_s": round(len(subset) / wall, 1), "tokens_differing_from_cpu_one_per_call": same_cpu,
               "entities": sum(t.startswith("B-") for s in tags for t in s)}
        report["runs"].append(row)
        print(row, flush=True)
    del tagger
json.dump(report, open(sys.argv[1], "w"), indent=2)
