"""Stage isolation: the stages run in a pool of worker processes, each document under a CPU and a wall-clock
budget (issue 15: one short hostile document held every other document for minutes).

Model (RELIABILITY.md, "Isolation and budgets"):

* The worker process runs the Faust agents (decode, Redis, Kafka) on its event loop; the CPU-bound stage
  work (detection, coreference, anonymization, re-identification: :data:`STAGES`) runs in
  ``stage_processes`` stage processes, one document at a time each. They are forks of a **zygote**
  (``python -m app.isolation``, started with ``subprocess``: a fresh interpreter that imports only the
  pipeline, never Faust), which builds a :class:`~app.pipeline.Pipeline`, loads the NER models of
  ``ANON_PRELOAD_LANGUAGES`` once, and then only forks (:func:`zygote_main`): a replacement costs
  milliseconds, not a model load.
* Each call gets a budget: ``stage_cpu_seconds`` of CPU time, enforced by the kernel in the child
  (``RLIMIT_CPU``: ``SIGXCPU`` ends the child), and ``stage_wall_seconds`` of wall-clock time, enforced
  by the worker (it kills the child with ``SIGKILL``). Either way the call raises
  :class:`~app.pipeline.StageError` with ``error_type="too_expensive"`` naming the stage and the budget
  (one dead letter), and a new fork replaces the killed process at once. A stage process that dies
  otherwise (out of memory, a crash) gives a ``stage_error`` dead letter and is replaced too.
* Messages travel as pickles over a socket pair (the child's end passed as a file descriptor); inputs are
  the raw message bytes (the child decodes them again: the parent never needs the decoded record) and
  plain data (the table of solutions); results are ``("ok", value)``, ``("reject", reason, error_type)``
  for :class:`~models.records.InvalidMessage` and :class:`~app.pipeline.StageError`, or ``("fail",
  exception type name)`` — never an exception's message, which could quote the document.

**Reserved process for small inputs.** Besides the ``stage_processes`` general processes, one more stage
process (slot ``stage_processes``) serves only inputs of at most ``stage_small_input_bytes`` bytes (the raw
message; ``0``: no reserved process). Large documents can therefore occupy every general process for as long as
their budgets allow, and the small ones still go through: measured with ``anonymizer-dev faults
--scenario stall --hostile 2`` (RELIABILITY.md, "Isolation and budgets"). A small input takes a general process
when one is idle, the reserved one otherwise; waiting inputs are served in order, each by the first process it
may take. Large inputs get the same general processes as without the reservation.

``stage_processes=0`` runs the same functions in one thread of the worker process, without budgets
(development and tests only).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import math
import os
import resource
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from app.pipeline import TOO_EXPENSIVE, Pipeline, StageError
from app.settings import Settings, get_settings
from models.records import InvalidMessage, decode_detected, decode_document, decode_resolved, decode_translation

log = logging.getLogger("anonymizer.isolation")

#: Seconds a new child may take to load its models and report ready before it is replaced again.
STARTUP_TIMEOUT = 600.0


class StageFailed(Exception):
    """A stage failed inside a child with an exception of type ``error_name`` (its message is never
    carried over: it could quote the document)."""

    def __init__(self, error_name: str) -> None:
        super().__init__(error_name)
        self.error_name = error_name


# --- what the children run ------------------------------------------------------------------------


def detect(pipeline: Pipeline, raw: bytes) -> tuple[str, bytes]:
    """``documents`` message → ``(job_id, documents.detected JSON)``."""
    detected = pipeline.detect(decode_document(raw, max_text_chars=pipeline.settings.max_text_chars))
    return detected.job_id, detected.to_json()


def corefer(pipeline: Pipeline, raw: bytes) -> tuple[str, bytes]:
    """``documents.detected`` message → ``(job_id, documents.resolved JSON)``."""
    resolved = pipeline.corefer(decode_detected(raw))
    return resolved.job_id, resolved.to_json()


def anonymize(pipeline: Pipeline, raw: bytes) -> tuple[str, bytes, dict]:
    """``documents.resolved`` message → ``(job_id, translation.requests JSON, table of solutions)``."""
    request, table = pipeline.anonymize(decode_resolved(raw))
    return request.job_id, request.to_json(), table


def reidentify(pipeline: Pipeline, raw: bytes, table: dict) -> tuple[str, bytes, bool]:
    """``translation.results`` message and its job's table → ``(job_id, translation.reidentified JSON,
    every entry restored)``."""
    result = pipeline.reidentify(decode_translation(raw, max_text_chars=pipeline.settings.max_text_chars), table)
    return result.job_id, result.to_json(), not result.missing_placeholders


def load_language(pipeline: Pipeline, language: str) -> None:
    """Build the detector of ``language`` (loads its NER model)."""
    pipeline.detector(language)


STAGES: dict[str, Callable[..., Any]] = {
    "detect": detect, "corefer": corefer, "anonymize": anonymize, "reidentify": reidentify,
    "load_language": load_language,
}


def _outcome(pipeline: Pipeline, name: str, args: tuple) -> tuple:
    """Run ``STAGES[name](pipeline, *args)`` and wrap its result or error (see the module docstring)."""
    try:
        return ("ok", STAGES[name](pipeline, *args))
    except (InvalidMessage, StageError) as exc:
        return ("reject", exc.reason, getattr(exc, "error_type", "invalid_input"))
    except Exception as exc:  # reported by type only
        return ("fail", type(exc).__name__)


def _unwrap(outcome: tuple) -> Any:
    kind = outcome[0]
    if kind == "ok":
        return outcome[1]
    if kind == "reject":
        raise StageError(outcome[1], outcome[2])
    raise StageFailed(outcome[1])


def preload_languages() -> list[str]:
    """The languages whose models the stage processes load at start (``ANON_PRELOAD_LANGUAGES``, settings)."""
    return list(get_settings().preload_languages)


def _cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _serve(conn: Connection, pipeline: Pipeline, settings: Settings) -> None:
    """A stage process's loop (forked from the zygote, models loaded): one call at a time under
    ``RLIMIT_CPU``; returns on EOF (the worker closed its end or died).

    The CPU budget: before each call the soft ``RLIMIT_CPU`` is set to the CPU time used so far plus the
    budget; the kernel then sends ``SIGXCPU``, whose handler reports ``("budget", "cpu")`` and exits (a call
    stuck inside one C function does not reach the handler: the worker's wall-clock budget kills it).
    """
    def over_budget(signum: int, frame: object) -> None:
        try:
            conn.send(("budget", "cpu"))
        finally:
            os._exit(0)

    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    signal.signal(signal.SIGXCPU, over_budget)
    import torch  # the zygote ran with one thread (fork safety); a stage process uses ANON_TORCH_THREADS

    torch.set_num_threads(settings.torch_threads)
    _, hard = resource.getrlimit(resource.RLIMIT_CPU)
    while True:
        try:
            name, args, cpu_budget = conn.recv()
        except (EOFError, OSError):
            return
        soft = math.ceil(_cpu_seconds() + cpu_budget)
        if hard != resource.RLIM_INFINITY:
            soft = min(soft, hard)
        resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))
        outcome = _outcome(pipeline, name, args)
        resource.setrlimit(resource.RLIMIT_CPU, (hard, hard))
        conn.send(outcome)


def zygote_main(fd: int) -> None:
    """The zygote: loads the pipeline and the models once, then forks a stage process for each request.

    Protocol on the socket ``fd``: the worker sends its settings (a pickled frame); the zygote answers
    ``("ready", [(language, outcome), ...])``; then each request is one byte with the stage process's end of
    a socket pair attached (``SCM_RIGHTS``), answered by the new process's pid (4 bytes). Forking a loaded
    process costs milliseconds, so a stage process killed for its budget is replaced at once, without
    loading models again while the others work (that took 30 s of both cores). The zygote never runs a
    stage, and runs torch with one thread, so no thread exists when it forks. Exits at EOF. SIGTERM and
    SIGINT are ignored in the zygote and its children: the worker ends them itself, after its agents stopped
    (a document in progress is then redelivered, never dead-lettered because its process went first).
    """
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # the kernel reaps the stage processes
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    control = socket.socket(fileno=fd)
    handshake = Connection(os.dup(fd))
    settings = Settings(**handshake.recv())  # the worker's own settings, whatever this process's environment
    import torch

    torch.set_num_threads(1)  # no thread pool may exist when the zygote forks
    pipeline = Pipeline(settings)
    report = [(language, _outcome(pipeline, "load_language", (language,))) for language in preload_languages()]
    handshake.send(("ready", report))
    handshake.close()
    while True:
        try:
            message, fds, _flags, _addr = socket.recv_fds(control, 16, 1)
        except OSError:
            return
        if not message:
            return
        if not fds:
            continue
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            try:
                control.close()
                _serve(Connection(fds[0]), pipeline, settings)
            finally:
                os._exit(0)
        os.close(fds[0])
        control.sendall(pid.to_bytes(4, "big"))


# --- the worker's side ------------------------------------------------------------------------------


class _Zygote:
    """The worker's handle on the zygote (:func:`zygote_main`)."""

    def __init__(self, settings: Settings) -> None:
        parent_sock, child_sock = socket.socketpair()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "app.isolation", str(child_sock.fileno())],
            pass_fds=(child_sock.fileno(),), stdin=subprocess.DEVNULL,
        )
        child_sock.close()
        self.control = parent_sock
        self._lock = threading.Lock()
        with Connection(os.dup(parent_sock.fileno())) as handshake:
            handshake.send(settings.model_dump())
            if not handshake.poll(STARTUP_TIMEOUT):
                self.close()
                raise TimeoutError(f"stage zygote not ready within {STARTUP_TIMEOUT:g} s")
            _, self.report = handshake.recv()

    def fork(self, slot: int) -> "_Child":
        """A new stage process for ``slot``.

        Raises:
            OSError: the zygote is gone.
        """
        ours, theirs = socket.socketpair()
        try:
            with self._lock:
                socket.send_fds(self.control, [b"F"], [theirs.fileno()])
                answer = b""
                while len(answer) < 4:
                    chunk = self.control.recv(4 - len(answer))
                    if not chunk:
                        raise ConnectionError("the stage zygote exited")
                    answer += chunk
        finally:
            theirs.close()
        return _Child(int.from_bytes(answer, "big"), Connection(ours.detach()), slot)

    @property
    def alive(self) -> bool:
        return self.proc.poll() is None

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.control.close()
        with contextlib.suppress(OSError):
            self.proc.kill()
        self.proc.wait()


@dataclass
class _Child:
    """One stage process (a fork of the zygote) and the worker's end of its socket pair."""

    pid: int
    conn: Connection
    slot: int

    def call(self, name: str, args: tuple, cpu: float, wall: float) -> tuple:
        """Run ``STAGES[name](*args)`` in the process; a ``("budget", "cpu" | "wall")`` or ``("died", None)``
        outcome when it was killed or exited (it is gone afterwards)."""
        try:
            self.conn.send((name, args, cpu))
            if not self.conn.poll(wall):
                self.kill()
                return ("budget", "wall")
            outcome = self.conn.recv()
        except (EOFError, OSError):
            self.kill()
            return ("died", None)
        if outcome[0] == "budget":  # it exits after saying so
            self.kill()
        return outcome

    @property
    def alive(self) -> bool:
        return not self.conn.closed

    def kill(self) -> None:
        with contextlib.suppress(OSError):  # ProcessLookupError: gone already
            os.kill(self.pid, signal.SIGKILL)
        with contextlib.suppress(OSError):
            self.conn.close()


def input_bytes(args: tuple) -> int:
    """The size of a stage call's input: the raw message (its first argument), in bytes; ``0`` for other
    calls (``load_language``)."""
    return len(args[0]) if args and isinstance(args[0], (bytes, bytearray)) else 0


class StagePool:
    """``processes`` stage processes running :data:`STAGES` under budgets, plus ``reserved`` (0 or 1) for small
    inputs (see the module docstring).

    Args:
        settings: the settings of the stage processes' pipelines, and ``stage_processes``,
            ``stage_small_input_bytes``, ``stage_cpu_seconds``, ``stage_wall_seconds``.
    """

    def __init__(self, settings: Settings | None = None) -> None:
        self.settings = settings or get_settings()
        self.processes = self.settings.stage_processes
        self.reserved = 1 if self.processes > 0 and self.settings.stage_small_input_bytes > 0 else 0
        self._zygote: _Zygote | None = None
        self._zygote_lock = threading.Lock()
        self._children: dict[int, _Child] = {}
        # inline: one thread (a Stanza pipeline is not shared between threads); else one per process + start-up
        self._threads = ThreadPoolExecutor(
            max_workers=1 if self.processes == 0 else self.processes + self.reserved + 1, thread_name_prefix="stage")
        self._idle: list[_Child] = []  # idle stage processes (event loop only)
        self._waiting: collections.deque[tuple[bool, asyncio.Future]] = collections.deque()  # (small, its future)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._inline: Pipeline | None = None
        self._closed = False

    async def start(self) -> list:
        """Start the zygote (it loads the models) and the stage processes.

        Returns:
            The preload report ``[(language, outcome), ...]``.
        """
        self._ensure_loop()
        if self.processes == 0:
            self._inline = Pipeline(self.settings)
            return [(lang, await self._in_thread(_outcome, self._inline, "load_language", (lang,)))
                    for lang in preload_languages()]
        for slot in range(self.processes + self.reserved):
            await self._in_thread(self._start_slot, slot)
        return self._zygote.report if self._zygote is not None else []

    def _ensure_loop(self) -> None:
        if self._loop is None:
            self._loop = asyncio.get_running_loop()

    async def _in_thread(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await self._loop.run_in_executor(self._threads, fn, *args)

    def _start_slot(self, slot: int) -> None:
        """Fork the stage process of ``slot`` (starting the zygote first when there is none or it died);
        then it joins the idle queue. Retries with backoff while that fails (runs in a thread)."""
        delay = 1.0
        while not self._closed:
            try:
                with self._zygote_lock:
                    if self._zygote is None or not self._zygote.alive:
                        if self._zygote is not None:
                            log.error("the stage zygote exited; starting a new one")
                            self._zygote.close()
                        self._zygote = None
                        self._zygote = _Zygote(self.settings)
                    child = self._zygote.fork(slot)
            except (OSError, EOFError, TimeoutError) as exc:
                log.error("stage process %d could not be started (%s); retrying in %g s", slot, type(exc).__name__, delay)
                time.sleep(delay)
                delay = min(delay * 2, 30.0)
                continue
            self._children[slot] = child
            self._to_idle(child)
            return

    async def run(self, stage: str, name: str, *args: Any) -> Any:
        """``STAGES[name](pipeline, *args)`` in a child, under the budgets.

        Raises:
            StageError: the input was refused (its reason), or a budget was exceeded
                (``error_type="too_expensive"``, e.g. ``anonymize exceeded its CPU budget
                (stage_cpu_seconds=180)``).
            StageFailed: the stage raised another exception, or its child died (``StageProcessDied``).
        """
        self._ensure_loop()
        if self.processes == 0:
            if self._inline is None:
                self._inline = Pipeline(self.settings)
            return _unwrap(await self._in_thread(_outcome, self._inline, name, args))
        child = await self._acquire(input_bytes(args) <= self.settings.stage_small_input_bytes)
        outcome = await asyncio.shield(self._loop.run_in_executor(self._threads, self._call, child, name, args))
        if outcome[0] == "budget":
            budget = ("CPU budget (stage_cpu_seconds=%g)" % self.settings.stage_cpu_seconds if outcome[1] == "cpu"
                      else "wall-clock budget (stage_wall_seconds=%g)" % self.settings.stage_wall_seconds)
            log.warning("stage %s: a document exceeded its %s; its stage process %d was replaced", stage, budget, child.slot)
            raise StageError(f"{stage} exceeded its {budget}", TOO_EXPENSIVE)
        if outcome[0] == "died":
            log.error("stage %s: stage process %d exited; replaced", stage, child.slot)
            raise StageFailed("StageProcessDied")
        return _unwrap(outcome)

    def _reserved(self, child: _Child) -> bool:
        return child.slot >= self.processes

    async def _acquire(self, small: bool) -> _Child:
        """An idle stage process: a general one, else — for a small input — the reserved one; waits in order
        when none may be taken (see :meth:`_release`)."""
        child = next((c for c in self._idle if not self._reserved(c)), None)
        if child is None and small:
            child = next(iter(self._idle), None)
        if child is not None:
            self._idle.remove(child)
            return child
        entry = (small, self._loop.create_future())
        self._waiting.append(entry)
        try:
            return await entry[1]
        except asyncio.CancelledError:
            with contextlib.suppress(ValueError):
                self._waiting.remove(entry)
            if entry[1].done() and not entry[1].cancelled():  # handed a process just as it was cancelled
                self._release(entry[1].result())
            raise

    def _release(self, child: _Child) -> None:
        """``child`` is idle (event loop): to the first waiting input that may take it, else to the idle list."""
        if self._closed:
            child.kill()
            return
        for entry in self._waiting:
            small, future = entry
            if not future.done() and (small or not self._reserved(child)):
                self._waiting.remove(entry)
                future.set_result(child)
                return
        self._idle.append(child)

    def _call(self, child: _Child, name: str, args: tuple) -> tuple:
        """One call in a thread; the child goes back to the idle queue, or is replaced in the background
        (whether or not the awaiting coroutine is still there)."""
        outcome = child.call(name, args, self.settings.stage_cpu_seconds, self.settings.stage_wall_seconds)
        if child.alive:
            self._to_idle(child)
        elif not self._closed:  # a fork of the zygote: milliseconds
            threading.Thread(target=self._start_slot, args=(child.slot,), daemon=True,
                             name=f"stage-respawn-{child.slot}").start()
        return outcome

    def _to_idle(self, child: _Child) -> None:
        """Put ``child`` in the idle queue (from any thread); a pool that was closed kills it instead."""
        try:
            if not self._closed:
                self._loop.call_soon_threadsafe(self._release, child)
                return
        except RuntimeError:  # the event loop is closed
            pass
        child.kill()

    def close(self) -> None:
        """Kill every stage process and the zygote (the worker is stopping; documents in progress are
        redelivered)."""
        self._closed = True
        for child in list(self._children.values()):
            child.kill()
        if self._zygote is not None:
            self._zygote.close()
        self._threads.shutdown(wait=False, cancel_futures=True)


if __name__ == "__main__":
    zygote_main(int(sys.argv[1]))
