"""Local step of tools/device/run.sh: write the Stanza JSON training data (work/ner-data/{de,pt}-big, see the German and
Portuguese model cards) and the GermEval 2014 test tokens for the inference timing, gzipped under .gpu/data/.
With --infer-only, only the test tokens (tools/device/infer_batches.py, tools/device/detect_share.py)."""
import gzip, json, sys
from pathlib import Path
from anontools.detection.conll import read_conll
from anontools.detection.train import sentences_to_stanza_json

out = Path(".gpu/data"); out.mkdir(parents=True, exist_ok=True)
for lang in () if "--infer-only" in sys.argv else ("de", "pt"):
    for split in ("train", "dev"):
        sents = read_conll(f"work/ner-data/{lang}-big/{split}.txt", "conll2002")
        with gzip.open(out / f"{lang}-{split}.json.gz", "wt", encoding="utf-8") as fh:
            json.dump(sentences_to_stanza_json(sents), fh, ensure_ascii=False)
        print(lang, split, len(sents))
test = read_conll("../shared/data/ner/de/germeval2014/NER-de-test.tsv", "germeval")
with gzip.open(out / "de-infer.json.gz", "wt", encoding="utf-8") as fh:
    json.dump([[tok for tok, _ in s] for s in test], fh, ensure_ascii=False)
print("infer", len(test))
