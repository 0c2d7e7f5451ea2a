"""Device: continue shipped NER models side by side (seeds x learning rates), then average their weights.

Each language's shipped checkpoint is continued with Stanza's ``--finetune`` by several runs at once, one CPU core and
one process each (Stanza's trainer is bound by Python work per step, so on a lent 16-core machine the cores, not the
GPU, are what runs in parallel; see the German model card, "GPU run"). At the deadline every run is stopped; each has
kept its best checkpoint on the dev set. Then a greedy model soup (Wortsman et al., "Model soups: averaging weights of
multiple fine-tuned models improves accuracy without increasing inference time", ICML 2022): the runs sorted by
dev F1, the uniform averages of the k best for every k scored on dev at once (Stanza's scorer), and the best average
kept. A soup keeps the shipped model's size and speed.

Usage (on the device, from tools/device/run_soup.sh; SOUP_RUNS="seed:lr,..." and SOUP_EVAL=steps for a short check):
    python3 tools/device/soup.py OUT_DIR DEADLINE_SECONDS en pt
Inputs: .gpu/weights/<lang>/{ner,pretrain}.pt.xz (the shipped files), .gpu/data/<lang>-{train,dev}.json.gz.
Outputs in OUT_DIR: summary.json (dev curves, soup scores), logs.txt, <lang>-soup<k>.pt.xz.partNN (model tensors in
float16; vocabularies and config are the shipped checkpoint's), split below 16 MB.
"""
import gzip, json, lzma, os, re, shutil, signal, subprocess, sys, time
from pathlib import Path

import torch

out = Path(sys.argv[1]); deadline = time.time() + float(sys.argv[2]); langs = sys.argv[3:]
RUNS = [(1234, 0.03), (4321, 0.03), (777, 0.03), (99, 0.02), (2024, 0.02), (55, 0.01), (31337, 0.01)]
if os.environ.get("SOUP_RUNS"):  # e.g. "1234:0.03,4321:0.02" for a short local check
    RUNS = [(int(a), float(b)) for a, b in (r.split(":") for r in os.environ["SOUP_RUNS"].split(","))]
tmp = Path("/tmp/soup"); tmp.mkdir(exist_ok=True)


def unpack(src: str, dst: Path) -> Path:
    with lzma.open(src, "rb") as a, open(dst, "wb") as b:
        shutil.copyfileobj(a, b)
    return dst


files = {}
for lang in langs:
    d = tmp / lang; d.mkdir(exist_ok=True)
    ner = unpack(f".gpu/weights/{lang}/ner.pt.xz", d / "ner.pt")
    pretrain = unpack(f".gpu/weights/{lang}/pretrain.pt.xz", d / "pretrain.pt")
    for split in ("train", "dev"):
        with gzip.open(f".gpu/data/{lang}-{split}.json.gz", "rb") as a, open(d / f"{split}.json", "wb") as b:
            shutil.copyfileobj(a, b)
    ck = torch.load(ner, map_location="cpu", weights_only=False)
    for _, lr in RUNS:  # --finetune keeps the checkpoint's learning rate: write it into a copy
        ck["config"]["lr"] = lr
        torch.save(ck, d / f"ner-lr{lr}.pt")
    files[lang] = (ner, pretrain, bool(ck["config"].get("emb_finetune_known_only")))


def stanza_args(lang: str, save_dir: Path, save_name: str) -> list[str]:
    d = tmp / lang
    return [sys.executable, "-u", "-m", "stanza.models.ner_tagger", "--shorthand", f"{lang}_custom",
            "--train_file", str(d / "train.json"), "--eval_file", str(d / "dev.json"), "--save_dir", str(save_dir),
            "--save_name", save_name, "--wordvec_pretrain_file", str(files[lang][1]), "--cpu"]


procs = {}
env = {**os.environ, "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
for lang in langs:
    for seed, lr in RUNS:
        name = f"{lang}-s{seed}-lr{lr}"
        args = stanza_args(lang, tmp / name, "ner.pt") + [
            "--mode", "train", "--max_steps", "200000", "--max_steps_no_improve", "100000",
            "--eval_interval", os.environ.get("SOUP_EVAL", "500"),
            "--batch_size", "32", "--dropout", "0.5", "--optim", "sgd", "--seed", str(seed),
            "--finetune", "--finetune_load_name", str(tmp / lang / f"ner-lr{lr}.pt")]
        if files[lang][2]:
            args.append("--emb_finetune_known_only")
        log = open(tmp / f"{name}.log", "w")
        procs[name] = (subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT, env=env), log, lang)
        print("started", name, flush=True)
pattern = re.compile(r"step (\d+): train_loss = [-\d.naif]+, dev_score = ([\d.]+)")


def curve(name: str) -> list[tuple[int, float]]:
    return [(int(s), float(f)) for s, f in pattern.findall((tmp / f"{name}.log").read_text(errors="replace"))]


while time.time() < deadline and any(p.poll() is None for p, _, _ in procs.values()):
    time.sleep(5)
for p, _, _ in procs.values():
    if p.poll() is None:
        p.send_signal(signal.SIGINT)
for p, log, _ in procs.values():
    try:
        p.wait(timeout=15)
    except subprocess.TimeoutExpired:
        p.kill(); p.wait()
    log.close()

summary = {"runs": {}, "soups": {}}
for name, (p, _, lang) in procs.items():
    c = curve(name)
    summary["runs"][name] = {"language": lang, "curve": c, "best": max(c, key=lambda x: x[1]) if c else None,
                             "rc": p.returncode, "saved": (tmp / name / "ner.pt").exists()}
    print(name, summary["runs"][name], flush=True)
# uniform soups of the k best runs (k = 1..n) and the shipped model, all scored on dev at once
jobs = {}
for lang in langs:
    base = torch.load(files[lang][0], map_location="cpu", weights_only=False)
    ranked = sorted((n for n, r in summary["runs"].items() if r["language"] == lang and r["best"] and r["saved"]),
                    key=lambda n: -summary["runs"][n]["best"][1])
    jobs[(lang, 0)] = (files[lang][0], [])
    total = None
    for k, name in enumerate(ranked, start=1):
        sd = torch.load(tmp / name / "ner.pt", map_location="cpu", weights_only=False)["model"]
        total = {key: v.float() for key, v in sd.items()} if total is None else {key: total[key] + sd[key].float() for key in total}
        trial = dict(base); trial["model"] = {key: v / k for key, v in total.items()}
        path = tmp / lang / f"soup{k}.pt"; torch.save(trial, path)
        jobs[(lang, k)] = (path, ranked[:k])
running = {key: subprocess.Popen(stanza_args(key[0], path.parent, path.name) + ["--mode", "predict"], stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT, text=True, env=env) for key, (path, _) in jobs.items()}
for key, p in running.items():
    text = p.communicate(timeout=400)[0]
    found = re.findall(r"NER tagger score: .* ([\d.]+)\s*$", text, re.M)  # percent
    lang, k = key
    entry = {"k": k, "members": jobs[key][1], "dev": round(float(found[-1]) / 100, 4) if found else None,
             "tail": None if found else text[-600:]}
    summary["soups"].setdefault(lang, []).append(entry)
    print(lang, entry, flush=True)
for lang in langs:
    soups = [e for e in summary["soups"][lang] if e["k"] and e["dev"] is not None]
    if not soups:
        continue
    best = max(soups, key=lambda e: (e["dev"], -e["k"]))
    shipped = next((e["dev"] for e in summary["soups"][lang] if e["k"] == 0), None)
    if shipped is not None and best["dev"] <= shipped:
        continue  # no average beats the shipped model on dev: nothing to bring back
    model = {key: v.half() for key, v in torch.load(jobs[(lang, best["k"])][0], map_location="cpu", weights_only=False)["model"].items()}
    raw = tmp / f"{lang}-soup.pt"; torch.save(model, raw)
    data = lzma.compress(raw.read_bytes(), preset=6)
    for i in range(0, len(data), 15_000_000):
        (out / f"{lang}-soup{best['k']}.pt.xz.part{i // 15_000_000:02d}").write_bytes(data[i:i + 15_000_000])
json.dump(summary, open(out / "summary.json", "w"), indent=1)
with open(out / "logs.txt", "w") as fh:
    for name in procs:
        lines = (tmp / f"{name}.log").read_text(errors="replace").splitlines()
        fh.write(f"==== {name}\n" + "\n".join(lines[:30] + ["..."] + lines[-60:]) + "\n")
print(json.dumps(summary["soups"], indent=1), flush=True)
