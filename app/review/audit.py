"""The review audit log: one JSON object per line for every reviewer action — who, when, what changed.

Entries name the job id, offsets, labels and chain numbers, **never document text** (an added span is
``[start, end)`` into the held text; whoever needs the words looks them up in the held document while it
exists). The file is append-only for the application; rotate and retain it as the deployment's audit policy
requires. Application logs (``logging``) carry no document text either.

Entry: ``{"at": "2026-11-23T10:00:00.123+00:00", "user": str, "action": str, "job_id": str | null,
"details": {...}}`` with actions ``login``, ``login_failed``, ``logout``, ``open``, ``add``, ``remove``,
``relabel``, ``merge``, ``split``, ``leave``, ``release``.
"""

from __future__ import annotations

import datetime as _dt
import threading
from pathlib import Path
from typing import Any

import orjson


class AuditLog:
    """Appends audit entries to a JSON-lines file (created with its directory; mode 0600 when new).

    Args:
        path: the file.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if not self.path.exists():
            self.path.touch(mode=0o600)

    def write(self, user: str, action: str, job_id: str | None = None, **details: Any) -> dict[str, Any]:
        """Append one entry and return it. ``details`` must be JSON values without document text.

        Raises:
            OSError: the file cannot be written.
        """
        entry = {
            "at": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="milliseconds"),
            "user": user, "action": action, "job_id": job_id, "details": details,
        }
        line = orjson.dumps(entry) + b"\n"
        with self._lock, self.path.open("ab") as fh:
            fh.write(line)
        return entry

    def entries(self) -> list[dict[str, Any]]:
        """Every entry, oldest first."""
        if not self.path.exists():
            return []
        return [orjson.loads(line) for line in self.path.read_bytes().splitlines() if line.strip()]
