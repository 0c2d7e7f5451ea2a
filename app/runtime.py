"""Process-wide runtime objects shared by the agents: the stage pool and the table store.

The CPU-bound stages run in :class:`app.isolation.StagePool`: ``stage_processes`` child processes, each
document under a CPU and a wall-clock budget, so that one expensive document neither blocks the event loop
(heartbeats, commits) nor the documents behind it (issue 15; before, one stage thread served every agent).
"""

from __future__ import annotations

from app.isolation import StagePool
from app.settings import get_settings
from app.store import TableStore

pool = StagePool(get_settings())
_store: TableStore | None = None


def store() -> TableStore:
    """The table store, created on first use inside the running event loop."""
    global _store
    if _store is None:
        _store = TableStore.from_settings(get_settings())
    return _store
