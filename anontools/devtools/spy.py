"""Where a worker process's Python time goes: py-spy samples of the thread holding the GIL, summed by function.

``anonymizer-dev benchmark --profile-worker SECONDS`` runs ``py-spy record --gil --format raw`` on each worker process
during the first pipeline round and prints :func:`shares` of the samples (docs/performance.md, "Stop 36"). ``--gil``
keeps only samples of the thread that holds the GIL, so threads blocked in ``select``, ``poll`` or a socket read are
not counted as busy (without it, py-spy's idle detection failed on these VMs and waiting threads looked busy).

py-spy's raw format is one line per distinct stack: frames from the outermost to the innermost, separated by ``;``,
each ``function (file:line)``, then a space and the number of samples.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

_FRAME = re.compile(r"(?P<function>.*) \((?P<file>[^()]*?)(?::\d+)?\)$")


def _frame(text: str) -> tuple[str, str]:
    """``(function, file)`` of one raw frame; the file relative to ``site-packages`` when it is there."""
    m = _FRAME.match(text)
    if not m:
        return text, ""
    return m["function"], m["file"].split("site-packages/")[-1]


def shares(lines: Iterable[str], top: int = 25) -> dict[str, Any]:
    """Fractions of the samples by innermost module, by innermost function and by function anywhere on the stack.

    Args:
        lines: py-spy raw lines (``frame;frame;... count``); blank or malformed lines are skipped.
        top: how many entries of each ranking to keep.

    Returns:
        ``{"samples": int, "modules": [[name, fraction], ...], "leaf": [[function, file, fraction], ...],
        "inclusive": [[function, file, fraction], ...]}``, each ranking highest first; a function counts once per
        stack in ``inclusive`` however often it recurs. Fractions of ``samples``, in [0, 1].
    """
    modules: Counter[str] = Counter()
    leaf: Counter[tuple[str, str]] = Counter()
    inclusive: Counter[tuple[str, str]] = Counter()
    total = 0
    for line in lines:
        stack, _, count = line.rstrip("\n").rpartition(" ")
        if not stack or not count.isdigit():
            continue
        n = int(count)
        total += n
        frames = [_frame(f) for f in stack.split(";")]
        for key in set(frames):
            inclusive[key] += n
        leaf[frames[-1]] += n
        modules[frames[-1][1].split("/")[0] or frames[-1][0]] += n
    if not total:
        return {"samples": 0, "modules": [], "leaf": [], "inclusive": []}
    return {"samples": total,
            "modules": [[m, round(c / total, 4)] for m, c in modules.most_common(top)],
            "leaf": [[f, p, round(c / total, 4)] for (f, p), c in leaf.most_common(top)],
            "inclusive": [[f, p, round(c / total, 4)] for (f, p), c in inclusive.most_common(top)]}


def start(pid: int, seconds: float, output: Path, rate: int = 250) -> subprocess.Popen | None:
    """Start ``py-spy record --gil`` on ``pid`` for ``seconds``, writing raw samples to ``output``.

    Returns:
        The py-spy process, or ``None`` when py-spy is not installed (``pip install -e './tools[bench]'``).
    """
    beside = Path(sys.executable).parent / "py-spy"  # the virtual environment's, when it is not on PATH
    exe = str(beside) if beside.is_file() else shutil.which("py-spy")
    if exe is None:
        return None
    output.parent.mkdir(parents=True, exist_ok=True)
    return subprocess.Popen([exe, "record", "--gil", "--pid", str(pid), "--duration", str(max(1, round(seconds))),
                             "--rate", str(rate), "--format", "raw", "--output", str(output), "--nonblocking"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
