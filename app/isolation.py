"""Stage isolation: the stages run in a pool of worker processes, each document under a CPU and a wall-clock
budget (issue 15: one short hostile document held every other document for minutes).

Model (RELIABILITY.md, "Isolation and budgets"):

* The worker process runs the Faust agents (decode, Redis, Kafka) on its event loop; the CPU-bound stage
  work (detection, coreference, anonymization, re-identification: :data:`STAGES`) runs in
  ``stage_processes`` child processes (``python -m app.isolation``, started with ``subprocess``: a fresh
  interpreter that imports only the pipeline, never Faust). Each child builds its own
  :class:`~app.pipeline.Pipeline` and loads the NER models of ``ANON_PRELOAD_LANGUAGES`` before it reports
  ready; it runs one document at a time.
* Each call gets a budget: ``stage_cpu_seconds`` of CPU time, enforced by the kernel in the child
  (``RLIMIT_CPU``: ``SIGXCPU`` ends the child), and ``stage_wall_seconds`` of wall-clock time, enforced
  by the worker (it kills the child with ``SIGKILL``). Either way the call raises
  :class:`~app.pipeline.StageError` with ``error_type="too_expensive"`` naming the stage and the budget
  (one dead letter), and a new child replaces the killed one in the background. A child that dies
  otherwise (out of memory, a crash) gives a ``stage_error`` dead letter and is replaced too.
* Messages travel as pickles over a socket pair (the child's end passed as a file descriptor); inputs are
  the raw message bytes (the child decodes them again: the parent never needs the decoded record) and
  plain data (the table of solutions); results are ``("ok", value)``, ``("reject", reason, error_type)``
  for :class:`~models.records.InvalidMessage` and :class:`~app.pipeline.StageError`, or ``("fail",
  exception type name)`` — never an exception's message, which could quote the document.

``stage_processes=0`` runs the same functions in one thread of the worker process, without budgets
(development and tests only).
"""

from __future__ import annotations

import asyncio
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
    """``ANON_PRELOAD_LANGUAGES`` (default ``en,de,es,pt``) as a list."""
    return [s.strip() for s in os.environ.get("ANON_PRELOAD_LANGUAGES", "en,de,es,pt").split(",") if s.strip()]


def _cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def child_main(fd: int) -> None:
    """The child's loop: load models, report ready, then run one call at a time under ``RLIMIT_CPU``.

    Exits when the worker closes its end (EOF: also when the worker died; a call in progress ends first,
    within its CPU budget). SIGTERM and SIGINT are ignored: the worker ends its children itself, after its
    agents stopped (a document in progress is then redelivered, never dead-lettered because its child
    went first). (``PR_SET_PDEATHSIG`` does not fit: it fires when the *thread* that started the child
    ends, and replacements are started by short-lived threads.)
    """
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # SIGXCPU must not write a core file
    conn = Connection(fd)
    settings = Settings(**conn.recv())  # the worker's own settings, whatever this process's environment
    if "OMP_NUM_THREADS" not in os.environ:
        import torch

        torch.set_num_threads(max(1, (os.cpu_count() or 1) // max(1, settings.stage_processes)))
    pipeline = Pipeline(settings)
    report = [(language, _outcome(pipeline, "load_language", (language,))) for language in preload_languages()]
    conn.send(("ready", report))
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


# --- the worker's side ------------------------------------------------------------------------------


@dataclass
class _Child:
    """One child process and the worker's end of its socket pair."""

    proc: subprocess.Popen
    conn: Connection
    slot: int

    @classmethod
    def spawn(cls, slot: int, settings: Settings) -> "_Child":
        """Start the child of ``slot`` and send it ``settings``."""
        parent_sock, child_sock = socket.socketpair()
        proc = subprocess.Popen(
            [sys.executable, "-m", "app.isolation", str(child_sock.fileno())],
            pass_fds=(child_sock.fileno(),), stdin=subprocess.DEVNULL,
        )
        child_sock.close()
        child = cls(proc, Connection(parent_sock.detach()), slot)
        child.conn.send(settings.model_dump())
        return child

    def wait_ready(self, timeout: float) -> list:
        """The child's preload report ``[(language, outcome), ...]`` once it is ready.

        Raises:
            TimeoutError: not ready within ``timeout`` seconds (the child is killed).
            EOFError: the child exited.
        """
        if not self.conn.poll(timeout):
            self.kill()
            raise TimeoutError(f"stage process not ready within {timeout:g} s")
        kind, report = self.conn.recv()
        return report

    def call(self, name: str, args: tuple, cpu: float, wall: float) -> tuple:
        """Run ``STAGES[name](*args)`` in the child; a ``("budget", "cpu" | "wall")`` or ``("died", code)``
        outcome when the child was killed or exited (it is dead afterwards)."""
        try:
            self.conn.send((name, args, cpu))
            if not self.conn.poll(wall):
                self.kill()
                return ("budget", "wall")
            return self.conn.recv()
        except (EOFError, OSError):
            code = self.proc.wait()
            self.conn.close()
            return ("budget", "cpu") if code == -signal.SIGXCPU else ("died", code)

    @property
    def alive(self) -> bool:
        return self.proc.poll() is None and not self.conn.closed

    def kill(self) -> None:
        try:
            self.proc.kill()
        except OSError:
            pass
        self.proc.wait()
        self.conn.close()


class StagePool:
    """``processes`` children running :data:`STAGES` under budgets (see the module docstring).

    Args:
        settings: the settings of the children's pipelines, and ``stage_processes``, ``stage_cpu_seconds``,
            ``stage_wall_seconds``.
        spawn: ``spawn(slot, settings)`` starts the child of a slot.
    """

    def __init__(self, settings: Settings | None = None, *, spawn: Callable[[int, Settings], _Child] = _Child.spawn) -> None:
        self.settings = settings or get_settings()
        self.processes = self.settings.stage_processes
        self._spawn = spawn
        self._children: dict[int, _Child] = {}
        # inline: one thread (a Stanza pipeline is not shared between threads); else one per child + start-up
        self._threads = ThreadPoolExecutor(max_workers=1 if self.processes == 0 else self.processes + 1,
                                           thread_name_prefix="stage")
        self._idle: asyncio.Queue[_Child] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._started: asyncio.Event | None = None
        self._inline: Pipeline | None = None
        self._closed = False

    async def start(self) -> list[tuple[int, list]]:
        """Start the children and wait until each is ready (models loaded).

        Returns:
            ``[(slot, [(language, outcome), ...]), ...]``: what each child's preload gave.
        """
        self._ensure_loop()
        if self.processes == 0:
            self._inline = Pipeline(self.settings)
            report = [(lang, await self._in_thread(_outcome, self._inline, "load_language", (lang,)))
                      for lang in preload_languages()]
            self._started.set()
            return [(0, report)]
        reports = await asyncio.gather(*(self._in_thread(self._start_slot, slot) for slot in range(self.processes)))
        self._started.set()
        return list(enumerate(reports))

    def _ensure_loop(self) -> None:
        if self._loop is None:
            self._loop = asyncio.get_running_loop()
            self._idle = asyncio.Queue()
            self._started = asyncio.Event()

    async def _in_thread(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await self._loop.run_in_executor(self._threads, fn, *args)

    def _start_slot(self, slot: int) -> list:
        """Spawn the child of ``slot`` until one reports ready; then it joins the idle queue (thread)."""
        delay = 1.0
        while not self._closed:
            try:
                child = self._spawn(slot, self.settings)
            except OSError as exc:
                log.error("stage process %d could not be started (%s); retrying in %g s", slot, type(exc).__name__, delay)
                time.sleep(delay)
                delay = min(delay * 2, 30.0)
                continue
            try:
                report = child.wait_ready(STARTUP_TIMEOUT)
            except (TimeoutError, EOFError, OSError) as exc:
                log.error("stage process %d failed to start (%s); retrying in %g s", slot, type(exc).__name__, delay)
                child.kill()
                time.sleep(delay)
                delay = min(delay * 2, 30.0)
                continue
            self._children[slot] = child
            self._to_idle(child)
            return report
        return []

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
        child = await self._idle.get()
        outcome = await asyncio.shield(self._loop.run_in_executor(self._threads, self._call, child, name, args))
        if outcome[0] == "budget":
            budget = ("CPU budget (stage_cpu_seconds=%g)" % self.settings.stage_cpu_seconds if outcome[1] == "cpu"
                      else "wall-clock budget (stage_wall_seconds=%g)" % self.settings.stage_wall_seconds)
            log.warning("stage %s: a document exceeded its %s; its stage process %d was replaced", stage, budget, child.slot)
            raise StageError(f"{stage} exceeded its {budget}", TOO_EXPENSIVE)
        if outcome[0] == "died":
            log.error("stage %s: stage process %d exited with code %s; replaced", stage, child.slot, outcome[1])
            raise StageFailed("StageProcessDied")
        return _unwrap(outcome)

    def _call(self, child: _Child, name: str, args: tuple) -> tuple:
        """One call in a thread; the child goes back to the idle queue, or is replaced in the background
        (whether or not the awaiting coroutine is still there)."""
        outcome = child.call(name, args, self.settings.stage_cpu_seconds, self.settings.stage_wall_seconds)
        if child.alive:
            self._to_idle(child)
        elif not self._closed:
            threading.Thread(target=self._start_slot, args=(child.slot,), daemon=True,
                             name=f"stage-respawn-{child.slot}").start()
        return outcome

    def _to_idle(self, child: _Child) -> None:
        """Put ``child`` in the idle queue (from any thread); a pool that was closed kills it instead."""
        try:
            if not self._closed:
                self._loop.call_soon_threadsafe(self._idle.put_nowait, child)
                return
        except RuntimeError:  # the event loop is closed
            pass
        child.kill()

    def close(self) -> None:
        """Kill every child (the worker is stopping; documents in progress are redelivered)."""
        self._closed = True
        for child in list(self._children.values()):
            child.kill()
        self._threads.shutdown(wait=False, cancel_futures=True)


if __name__ == "__main__":
    child_main(int(sys.argv[1]))
