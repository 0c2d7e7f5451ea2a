"""Device: NER inference speed of the project's StanzaTagger (German model) on the GPU and on one CPU thread."""
import gzip, json, os, sys, time, traceback
import torch
from app.detection.stanza_ner import StanzaTagger

sents = json.load(gzip.open(".gpu/data/de-infer.json.gz", "rt", encoding="utf-8"))
sents = sents[: int(os.environ.get("INFER_SENTENCES", len(sents)))]
chars = sum(len(" ".join(s)) + 1 for s in sents)
tokens = sum(len(s) for s in sents)
report = {"sentences": len(sents), "tokens": tokens, "chars": chars, "runs": [],
          "gpu": torch.cuda.get_device_name(0) if torch.cuda.is_available() else None, "torch": torch.__version__}
limit = float(os.environ.get("INFER_CPU_SENTENCES", "1500"))
for device, batch in (("cuda", 64), ("cuda", 256), ("cuda", 1024), ("cpu", 64)):
    try:
        if device == "cpu":
            torch.set_num_threads(1)
        t0 = time.perf_counter()
        tagger = StanzaTagger("de", model_dir="app/detection/weights/de", device=device, batch_size=batch, recall_bias=0.5)
        tagger.tag(sents[:64])
        load = time.perf_counter() - t0
        subset = sents if device == "cuda" else sents[: int(limit)]
        sub_chars = sum(len(" ".join(s)) + 1 for s in subset)
        reps = []
        for _ in range(3):
            if tagger.device == "cuda":
                torch.cuda.synchronize()
            t0 = time.perf_counter(); c0 = time.process_time()
            tags = tagger.tag(subset)
            if tagger.device == "cuda":
                torch.cuda.synchronize()
            reps.append((time.perf_counter() - t0, time.process_time() - c0))
        # one document at a time: sentences of ~20 per call
        t0 = time.perf_counter()
        for i in range(0, min(len(subset), 1000), 20):
            tagger.tag(subset[i:i + 20])
        small = time.perf_counter() - t0
        small_chars = sum(len(" ".join(s)) + 1 for s in subset[:1000])
        best = min(r[0] for r in reps)
        report["runs"].append({"device": tagger.device, "batch_size": batch, "load_s": round(load, 2),
                               "sentences": len(subset), "wall_s": [round(r[0], 3) for r in reps],
                               "cpu_s": [round(r[1], 3) for r in reps],
                               "chars_per_s_best": round(sub_chars / best), "chars_per_s_20_sentence_calls": round(small_chars / small),
                               "entities_tagged": sum(t.startswith("B-") for s in tags for t in s)})
        print(report["runs"][-1], flush=True)
        del tagger
        if device == "cuda":
            torch.cuda.empty_cache()
    except Exception:
        report["runs"].append({"device": device, "batch_size": batch, "error": traceback.format_exc()[-2000:]})
        print(report["runs"][-1], flush=True)
json.dump(report, open(sys.argv[1], "w"), indent=2)
