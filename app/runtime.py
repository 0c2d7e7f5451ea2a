"""Process-wide runtime objects shared by the agents: the pipeline, the table store, the executor.

CPU-bound stages (Stanza above all) run in a single worker thread off the event loop, so heartbeats
and commits go on during long documents (issue 2, item 7). One thread, because a Stanza pipeline is
not meant to be shared between threads and the machine's cores are better spent inside torch.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from app.pipeline import Pipeline
from app.settings import get_settings
from app.store import TableStore

log = logging.getLogger("anonymizer")

T = TypeVar("T")

pipeline = Pipeline(get_settings())
executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="stage")
_store: TableStore | None = None


def store() -> TableStore:
    """The table store, created on first use inside the running event loop."""
    global _store
    if _store is None:
        _store = TableStore.from_settings(get_settings())
    return _store


async def run_stage(fn: Callable[..., T], *args: object) -> T:
    """Run ``fn(*args)`` in the stage thread and await its result."""
    return await asyncio.get_running_loop().run_in_executor(executor, fn, *args)
