"""Torch threads and device of a worker process (issue 18, items 1 and 5).

**Threads.** PyTorch's CPU kernels run on an intra-op pool (OpenMP; MKL/oneDNN for matrix products) that by
default has one thread per core, plus an inter-op pool. One worker process with several busy threads on a
machine where other processes also run makes those threads spin against each other: on 2 shared cores detection
ran 5–13× slower with torch's default than with one thread (issue 18). The worker therefore pins every pool to
``torch_threads`` (``ANON_TORCH_THREADS``, default 1) *before* any model loads, and scales by processes
(``make bench WORKERS=n``, several workers in one consumer group) instead of threads.

**Device.** ``device`` (``ANON_DEVICE``) is ``cpu`` (default) or ``cuda``; ``cuda`` runs the NER model on the
first GPU when torch sees one and falls back to the CPU with one warning line when it does not (a GPU is never
required).
"""

from __future__ import annotations

import logging
import os

log = logging.getLogger("anonymizer")

#: environment variables read by the OpenMP, MKL and OpenBLAS runtimes when they start
THREAD_ENV_VARS: tuple[str, ...] = ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS")

DEVICES: tuple[str, ...] = ("cpu", "cuda")


def set_thread_environment(threads: int) -> None:
    """Set the environment variables of :data:`THREAD_ENV_VARS` to ``threads``, without importing torch: for the
    runtimes that start later in this process and for child processes (the worker process runs no model when
    its stages run in stage processes, :mod:`app.isolation`, and so need not load torch).

    Raises:
        ValueError: ``threads`` < 1.
    """
    if threads < 1:
        raise ValueError(f"torch_threads must be at least 1, not {threads}")
    for name in THREAD_ENV_VARS:
        os.environ[name] = str(threads)


def configure_threads(threads: int) -> int:
    """Pin torch's intra-op and inter-op pools (and OpenMP/MKL/OpenBLAS) to ``threads`` threads.

    Sets the environment variables of :data:`THREAD_ENV_VARS` (for runtimes that start later, and for child
    processes), then ``torch.set_num_threads(threads)``; ``torch.set_num_interop_threads(threads)`` only if the
    inter-op pool has not started yet (torch refuses to resize it afterwards; then it is left as it is and a
    debug line says so). Call it before any model loads.

    Args:
        threads: threads per pool, ≥ 1.

    Returns:
        ``torch.get_num_threads()`` afterwards.

    Raises:
        ValueError: ``threads`` < 1.
    """
    set_thread_environment(threads)
    import torch

    torch.set_num_threads(threads)
    if torch.get_num_interop_threads() != threads:
        try:
            torch.set_num_interop_threads(threads)
        except RuntimeError:  # the inter-op pool already ran something: it keeps its size
            log.debug("torch inter-op threads already started (%d); left as they are", torch.get_num_interop_threads())
    return torch.get_num_threads()


def select_device(requested: str, *, cuda_available: bool | None = None) -> str:
    """The torch device to run models on: ``"cuda"`` if requested and torch sees a GPU, else ``"cpu"``.

    Args:
        requested: ``"cpu"`` or ``"cuda"`` (case-insensitive; surrounding blanks ignored).
        cuda_available: whether a GPU is usable (default: ``torch.cuda.is_available()``; tests pass it).

    Returns:
        ``"cpu"`` or ``"cuda"``. Requesting ``cuda`` without a GPU logs one warning
        (``ANON_DEVICE=cuda but torch sees no GPU; running on the CPU``) and returns ``"cpu"``.

    Raises:
        ValueError: ``requested`` is neither ``cpu`` nor ``cuda``.
    """
    device = requested.strip().lower()
    if device not in DEVICES:
        raise ValueError(f"device must be one of {', '.join(DEVICES)}, not {requested!r}")
    if device == "cpu":
        return "cpu"
    if cuda_available is None:
        import torch

        cuda_available = torch.cuda.is_available()
    if not cuda_available:
        log.warning("ANON_DEVICE=cuda but torch sees no GPU; running on the CPU")
        return "cpu"
    return "cuda"
