"""Device: fine-tune several NER models side by side until a deadline, keep the two best per language.

Usage (on the device, from tools/device/run.sh): python3 tools/device/orchestrate.py OUT_DIR DEADLINE_SECONDS [--cpu] [--max-steps N]
"""
import glob, gzip, json, os, re, shutil, signal, subprocess, sys, time
from pathlib import Path

out = Path(sys.argv[1]); deadline = time.time() + float(sys.argv[2])
cpu = "--cpu" in sys.argv
max_steps = sys.argv[sys.argv.index("--max-steps") + 1] if "--max-steps" in sys.argv else "200000"
eval_interval = sys.argv[sys.argv.index("--eval-interval") + 1] if "--eval-interval" in sys.argv else "500"
data = Path("/tmp/gpu-data"); data.mkdir(exist_ok=True)
for f in glob.glob(".gpu/data/*.json.gz"):
    target = data / Path(f).name[:-3]
    with gzip.open(f, "rb") as src, open(target, "wb") as dst:
        shutil.copyfileobj(src, dst)
JOBS = [("de-s1234-b32", "de", 1234, 32), ("de-s4321-b64", "de", 4321, 64), ("de-s777-b32", "de", 777, 32),
        ("pt-s1234-b32", "pt", 1234, 32), ("pt-s4321-b64", "pt", 4321, 64), ("pt-s777-b32", "pt", 777, 32)]
if "--jobs" in sys.argv:
    JOBS = JOBS[: int(sys.argv[sys.argv.index("--jobs") + 1])]
work = Path("/tmp/gpu-work"); work.mkdir(exist_ok=True)
procs = {}
for name, lang, seed, batch in JOBS:
    args = [sys.executable, "-u", "-m", "stanza.models.ner_tagger", "--mode", "train", "--shorthand", f"{lang}_custom",
            "--train_file", str(data / f"{lang}-train.json"), "--eval_file", str(data / f"{lang}-dev.json"),
            "--save_dir", str(work / name), "--save_name", f"{lang}_nertagger.pt",
            "--max_steps", max_steps, "--max_steps_no_improve", "100000", "--eval_interval", eval_interval,
            "--batch_size", str(batch), "--dropout", "0.5", "--optim", "sgd", "--lr", "0.1", "--seed", str(seed),
            "--wordvec_pretrain_file", f"app/detection/weights/{lang}/pretrain.pt",
            "--finetune", "--finetune_load_name", f"app/detection/weights/{lang}/ner.pt"] + (["--cpu"] if cpu else [])
    log = open(work / f"{name}.log", "w")
    procs[name] = (subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT, env={**os.environ, "OMP_NUM_THREADS": "1"}), log, lang)
    print("started", name, flush=True)
pattern = re.compile(r"step (\d+): train_loss = [-\d.naif]+, dev_score = ([\d.]+)")
def curve(name):
    return [(int(s), float(f)) for s, f in pattern.findall((work / f"{name}.log").read_text(errors="replace"))]
while time.time() < deadline and any(p.poll() is None for p, _, _ in procs.values()):
    time.sleep(5)
for name, (p, log, lang) in procs.items():
    if p.poll() is None:
        p.send_signal(signal.SIGINT); 
for name, (p, log, lang) in procs.items():
    try:
        p.wait(timeout=10)
    except subprocess.TimeoutExpired:
        p.kill(); p.wait()
    log.close()
summary = {}
for name, (p, log, lang) in procs.items():
    c = curve(name)
    summary[name] = {"language": lang, "curve": c, "best": max(c, key=lambda x: x[1]) if c else None, "rc": p.returncode}
    print(name, summary[name], flush=True)
json.dump(summary, open(out / "summary.json", "w"), indent=1)
# logs: last 200 lines of each, in one file
with open(out / "logs.txt", "w") as fh:
    for name in procs:
        lines = (work / f"{name}.log").read_text(errors="replace").splitlines()
        fh.write(f"==== {name}\n" + "\n".join(lines[:40] + ["..."] + lines[-150:]) + "\n")
sys.path.insert(0, os.getcwd())
from anontools.detection.train import compact_checkpoint
for lang in ("de", "pt"):
    ranked = sorted((n for n in summary if summary[n]["language"] == lang and summary[n]["best"]),
                    key=lambda n: -summary[n]["best"][1])
    for name in ranked[:2]:
        src = work / name / f"{lang}_nertagger.pt"
        try:
            print("kept", name, compact_checkpoint(src, out / f"{name}.pt"), flush=True)
        except Exception as exc:
            print("could not keep", name, repr(exc), flush=True)
