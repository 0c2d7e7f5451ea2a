"""CPU time of whole passes, alternating between ways of doing the same work (the tag-agreement tools)."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence


def alternating_passes(sides: Sequence[tuple[str, Callable[[], object]]], rounds: int,
                       before: Callable[[str], object] | None = None) -> dict[str, list[float]]:
    """CPU seconds (``time.process_time``) of ``rounds`` whole passes of each side, the sides' order reversed every
    other round so that neither always runs second (each way keeps its own weights in the caches while it runs).

    Args:
        sides: ``(name, run one pass)`` pairs.
        rounds: passes per side.
        before: called with a side's name before its pass, outside the timing (e.g. to switch a model's path).

    Returns:
        ``{name: [seconds of each pass, in round order]}``.
    """
    seconds: dict[str, list[float]] = {name: [] for name, _ in sides}
    for r in range(rounds):
        for name, run in (sides if r % 2 == 0 else sides[::-1]):
            if before is not None:
                before(name)
            start = time.process_time()
            run()
            seconds[name].append(time.process_time() - start)
    return seconds
