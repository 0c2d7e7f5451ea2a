"""Profile the in-process stages: ``python -m anontools.devtools.profile_stages [--language en] [--sizes 1000,10000,...]``.

Builds documents of the given sizes (characters) by concatenating the demo documents of the language, warms the
stages up on one of them, then runs ``Pipeline.detect``, ``corefer`` and ``anonymize`` on each size under
``cProfile`` with a CPU-time clock (``time.process_time``: other processes on a shared machine do not inflate
it) and prints, per size and stage, the CPU seconds, characters per CPU-second and the functions with the most
own time. One torch thread (``--torch-threads``), as the worker.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import sys
import time
from pathlib import Path
from typing import Optional


def _documents(directory: Path, language: str, sizes: list[int]) -> list[str]:
    texts = [json.loads(p.read_text("utf-8"))["text"] for p in sorted(directory.glob(f"*-{language}-*.json"))]
    if not texts:
        raise SystemExit(f"no {language} documents in {directory}")
    joined = "\n\n".join(texts)
    while len(joined) < max(sizes):
        joined = joined + "\n\n" + joined
    return [joined[:size] for size in sizes]


def top_functions(profile: cProfile.Profile, n: int) -> list[tuple[str, float, int]]:
    """``[(function, own CPU seconds, calls), ...]``, the ``n`` functions with the most own time."""
    stats = pstats.Stats(profile)
    rows = []
    for (filename, line, name), (_, calls, tottime, _, _) in stats.stats.items():  # type: ignore[attr-defined]
        short = filename.split("site-packages/")[-1]
        if "/app/" in short:  # the project's own files, relative to the checkout
            short = "app/" + short.split("/app/", 1)[1]
        rows.append((f"{short}:{line}({name})", tottime, calls))
    return sorted(rows, key=lambda r: -r[1])[:n]


def main(argv: Optional[list[str]] = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m anontools.devtools.profile_stages", description=__doc__.split("\n\n")[0])
    ap.add_argument("--documents", type=Path, default=Path("demo/documents"))
    ap.add_argument("--language", default="en")
    ap.add_argument("--sizes", default="1000,10000,100000,250000")
    ap.add_argument("--top", type=int, default=8)
    ap.add_argument("--torch-threads", type=int, default=1)
    args = ap.parse_args(argv)
    import torch

    torch.set_num_threads(args.torch_threads)
    from app.pipeline import Pipeline
    from models.records import Document

    sizes = [int(s) for s in args.sizes.split(",")]
    docs = _documents(args.documents, args.language, sizes)
    pipeline = Pipeline()
    started = time.process_time()
    warm = Document(job_id="warm", text=docs[0], language=args.language)
    pipeline.anonymize(pipeline.corefer(pipeline.detect(warm)))
    print(f"load + warm-up: {time.process_time() - started:.2f} CPU-s")
    for size, text in zip(sizes, docs):
        value = Document(job_id=f"profile-{size}", text=text, language=args.language)
        for stage in ("detect", "corefer", "anonymize"):
            profile = cProfile.Profile(time.process_time)
            profile.enable()
            value = getattr(pipeline, stage)(value)
            profile.disable()
            if stage == "anonymize":
                value = value[0]
            total = sum(row[2] for row in pstats.Stats(profile).stats.values())  # type: ignore[attr-defined]
            out = io.StringIO()
            print(f"\n{size:,} characters, {stage}: {total:.3f} CPU-s under the profiler "
                  f"({size / max(total, 1e-9):,.0f} chars per CPU-s)", file=out)
            for name, own, calls in top_functions(profile, args.top):
                print(f"  {own:7.3f} s {calls:>9} calls  {name}", file=out)
            sys.stdout.write(out.getvalue())
    return 0


if __name__ == "__main__":
    sys.exit(main())
