"""JSON reports of the evaluation tools."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def write_json_report(path: Path | None, report: Any) -> None:
    """Write ``report`` as indented UTF-8 JSON to ``path`` (parent folders created); nothing when ``path`` is ``None``."""
    if path is None:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
