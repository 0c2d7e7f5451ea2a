"""Stage isolation: the stages run in a pool of worker processes, each document under a CPU and a wall-clock
budget (issue 15: one short hostile document held every other document for minutes).

Model (RELIABILITY.md, "Isolation and budgets"):

* The worker process runs the Faust agents (decode, Redis, Kafka) on its event loop; the CPU-bound stage
  work (detection, coreference, anonymization, re-identification: :data:`STAGES`) runs in
  ``stage_processes`` stage processes, one call (a document, or a batch: below) at a time each. They are forks of
  a **zygote** (``python -m app.isolation``, started with ``subprocess``: a fresh interpreter that imports only the
  pipeline, never Faust), which builds a :class:`~app.pipeline.Pipeline`, loads the NER models of
  ``ANON_PRELOAD_LANGUAGES`` once, and then only forks (:func:`zygote_main`): a replacement costs
  milliseconds, not a model load. The models are loaded nowhere else: the worker starts the zygote first thing
  (:meth:`StagePool.open`, before it waits for the broker); the zygote checks the configuration
  (:func:`app.startup.check_components`, answered within a second or two), then loads the models while the
  worker waits for the broker and starts Faust; a configuration it finds invalid (a typo, a missing NER model)
  comes back as one line, and the worker exits with code 78 (:mod:`app.startup`).
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

**Dispatch.** Each stage process has a feeder thread in the worker that takes the next input it may run from
one queue shared by all of them (first come, first served, with the rule above), calls the process, hands the
outcome back to the event loop and takes the next input at once: a process finishing a document starts the next
one without waiting for the event loop, which is busy with Kafka and Redis work (measured on 2 cores: a
stage process was idle ~11 % of the time when the event loop handed each process to the next input). A process
still runs one call at a time, so no input ever waits behind another one in a busy process (the inputs of a batch
share one call, under the batch's budgets: below).

**Batches of small documents** (issue 18). A process that becomes free and takes an input of ``detect``,
``corefer`` or ``anonymize`` also takes the inputs of the same call waiting behind it, up to ``agent_batch_size``
(default 16) inputs of ``stage_batch_bytes`` (default 32 KiB of raw messages) together, and runs them in one call
(:func:`batch`): detection tags the sentences of all of them in shared NER batches (:func:`detect_batch`; each
document's entities are those it gets alone), the other stages run the inputs one after the other and save the
hand-over of each input to the process. Nothing waits for a batch to fill: on a quiet worker every document runs
alone, as before; batches form only while inputs queue up. A batch runs under its own, tighter budgets
(``stage_batch_cpu_seconds`` 5, ``stage_batch_wall_seconds`` 15: a full batch normally needs well under a second).
If it fails as a whole (over a budget, the process dies, the call raises), its inputs go back to the head of the
queue marked ``solo`` and each runs alone under the full budgets: the costly one is dead-lettered alone, and the
others lose at most one batch budget of time, never their results. One input that fails inside a batch (invalid,
refused) gets its own outcome; the others are unaffected.

``stage_processes=0`` runs the same functions in one thread of the worker process, without budgets
(development and tests only); its pipeline is the one checked and loaded at start-up (:meth:`StagePool.open`).
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
from typing import TYPE_CHECKING, Any

from app.settings import Settings, get_settings
from app.startup import ConfigurationError, build_components, check_components, load_models

# The pipeline and the record codecs are imported where they are used: importing this module (and starting the
# zygote, StagePool.launch) then costs milliseconds, so ``python -m app.worker`` starts its zygote before it imports
# the rest (~0.3 s of imports overlapped with the zygote's own).
if TYPE_CHECKING:
    from app.pipeline import Pipeline
    from app.review.policy import ReviewPolicy
    from app.table import SerializedTable
    from models.records import DetectedDocument

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


def _routed(pipeline: Pipeline, detected: DetectedDocument) -> tuple[str, bytes, bool]:
    """``(job_id, JSON, held)`` of a detected document: the hold for ``documents.review`` when the review policy
    (:class:`app.review.policy.ReviewPolicy` of ``pipeline.settings``) gives reasons (``held`` true), else the
    ``documents.detected`` message. Decided here, where the document is already decoded, so that the worker process
    only picks the topic (issue 18: it no longer decodes and encodes every detected document again)."""
    from app.review.queue import held_message

    policy = _review_policy(pipeline.settings)
    reasons = policy.reasons(detected.job_id, detected.language, detected.entities, detected.metadata)
    if reasons:
        return detected.job_id, held_message(detected.asdict(), reasons), True
    return detected.job_id, detected.to_json(), False


_policy_of: tuple[Settings, ReviewPolicy] | None = None  # the last settings object asked about, and its policy


def _review_policy(settings: Settings) -> ReviewPolicy:
    """The review policy of ``settings`` (built again only when another settings object is passed)."""
    global _policy_of
    from app.review.policy import ReviewPolicy

    if _policy_of is None or _policy_of[0] is not settings:
        _policy_of = (settings, ReviewPolicy.from_settings(settings))
    return _policy_of[1]


def detect(pipeline: Pipeline, raw: bytes) -> tuple[str, bytes, bool]:
    """``documents`` message → ``(job_id, JSON, held)``: the ``documents.detected`` message, or with ``held`` true
    the review hold for ``documents.review`` (:func:`_routed`)."""
    from models.records import decode_document

    detected = pipeline.detect(decode_document(raw, max_text_chars=pipeline.settings.max_text_chars))
    return _routed(pipeline, detected)


def detect_batch(pipeline: Pipeline, raws: list[bytes]) -> list[tuple]:
    """Several ``documents`` messages detected in one call (:meth:`app.pipeline.Pipeline.detect_many`: the NER
    model tags their sentences in shared batches; each document's entities are those :func:`detect` finds for it
    alone, ``tests/test_golden_detection.py``).

    Returns:
        per message, in order, the outcome :func:`_outcome` gives for :func:`detect` on it alone:
        ``("ok", (job_id, JSON, held))``, ``("reject", reason, error_type)`` or ``("fail", exception type name)``.
    """
    from models.records import decode_document

    outcomes: list[tuple | None] = [None] * len(raws)
    decoded, where = [], []
    for i, raw in enumerate(raws):
        try:
            decoded.append(decode_document(raw, max_text_chars=pipeline.settings.max_text_chars))
            where.append(i)
        except Exception as exc:  # noqa: BLE001 - per message, as _outcome
            outcomes[i] = _failure(exc)
    for i, found in zip(where, pipeline.detect_many(decoded)):
        outcomes[i] = _failure(found) if isinstance(found, Exception) else ("ok", _routed(pipeline, found))
    return outcomes  # type: ignore[return-value]


def corefer(pipeline: Pipeline, raw: bytes) -> tuple[str, bytes]:
    """``documents.detected`` message → ``(job_id, documents.resolved JSON)``."""
    from models.records import decode_detected

    resolved = pipeline.corefer(decode_detected(raw))
    return resolved.job_id, resolved.to_json()


def anonymize(pipeline: Pipeline, raw: bytes) -> tuple[str, bytes, SerializedTable]:
    """``documents.resolved`` message → ``(job_id, translation.requests JSON, table of solutions)``, the table as
    :class:`~app.table.SerializedTable` (what the worker process writes to Redis; cheap to pickle)."""
    from models.records import decode_resolved

    request, table = pipeline.anonymize(decode_resolved(raw))
    return request.job_id, request.to_json(), table.serialized()


def reidentify(pipeline: Pipeline, raw: bytes, table: dict) -> tuple[str, bytes, bool]:
    """``translation.results`` message and its job's table → ``(job_id, translation.reidentified JSON,
    every entry restored)``."""
    from models.records import decode_translation

    result = pipeline.reidentify(decode_translation(raw, max_text_chars=pipeline.settings.max_text_chars), table)
    return result.job_id, result.to_json(), not result.missing_placeholders


def load_language(pipeline: Pipeline, language: str) -> None:
    """Build what documents of ``language`` need (:meth:`Pipeline.warm_up`: its NER model, coreferencers and the
    allowed methods' lexicons and pools), in the zygote before the stage processes fork, so they share it."""
    pipeline.warm_up(language)


def batch(pipeline: Pipeline, name: str, raws: list[bytes]) -> list[tuple]:
    """Several calls of ``STAGES[name]`` (one raw message each) in one stage-process call: :func:`detect_batch` for
    ``detect``, else one after the other. Returns one outcome per message, in order (as :func:`_outcome`)."""
    if name == "detect":
        return detect_batch(pipeline, raws)
    return [_outcome(pipeline, name, (raw,)) for raw in raws]


STAGES: dict[str, Callable[..., Any]] = {
    "detect": detect, "corefer": corefer, "anonymize": anonymize, "reidentify": reidentify,
    "load_language": load_language, "batch": batch,
}

#: Calls a stage process may run several of at once (:func:`batch`). See "Batches of small documents" above.
BATCHED: frozenset[str] = frozenset({"detect", "corefer", "anonymize"})


def _outcome(pipeline: Pipeline, name: str, args: tuple) -> tuple:
    """Run ``STAGES[name](pipeline, *args)`` and wrap its result or error (see the module docstring)."""
    try:
        return ("ok", STAGES[name](pipeline, *args))
    except Exception as exc:  # noqa: BLE001 - see _failure
        return _failure(exc)


def _failure(exc: Exception) -> tuple:
    """The outcome of a call that raised ``exc``: ``("reject", reason, error_type)`` for our own refusals
    (:class:`~models.records.InvalidMessage`, :class:`~app.pipeline.StageError`), else ``("fail", type name)`` —
    never the exception's message, which could quote the document."""
    from app.pipeline import StageError
    from models.records import InvalidMessage

    if isinstance(exc, (InvalidMessage, StageError)):
        return ("reject", exc.reason, getattr(exc, "error_type", "invalid_input"))
    return ("fail", type(exc).__name__)


def _unwrap(outcome: tuple) -> Any:
    kind = outcome[0]
    if kind == "ok":
        return outcome[1]
    if kind == "reject":
        from app.pipeline import StageError

        raise StageError(outcome[1], outcome[2])
    raise StageFailed(outcome[1])


def _new_pipeline(settings: Settings) -> Pipeline:
    from app.pipeline import Pipeline

    return Pipeline(settings)


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


def _load(handshake: Connection, settings: Settings, pipeline: Pipeline, check: bool) -> list:
    """The zygote's start: with ``check``, :func:`~app.startup.check_components` (answered ``("checked", None)``)
    and :func:`~app.startup.load_models`; without, every language loaded as far as it goes (a failure is reported,
    not raised). Torch runs one thread from before the first model loads.

    Returns:
        the preload report ``[(language, outcome), ...]``.

    Raises:
        ConfigurationError: with ``check``, the configuration cannot work.
    """
    if check:
        check_components(settings, pipeline)
        handshake.send(("checked", None))
    from app.detection.torch_setup import set_thread_environment

    set_thread_environment(settings.torch_threads)  # for the stage processes, whenever the worker started this one
    import torch

    torch.set_num_threads(1)  # no thread pool may exist when the zygote forks
    if check:
        load_models(settings, pipeline)
        return [(language, ("ok", None)) for language in settings.preload_languages]
    pipeline.prepare_caches(settings.preload_languages)
    return [(language, _outcome(pipeline, "load_language", (language,))) for language in settings.preload_languages]


def zygote_main(fd: int) -> None:
    """The zygote: loads the pipeline and the models once, then forks a stage process for each request.

    Protocol on the socket ``fd``: the worker sends ``{"settings": its settings, "check": bool}`` (a pickled
    frame). With ``check`` (every zygote until the pool first started) the zygote runs the cheap configuration
    checks and answers ``("checked", None)``, then loads the models of ``settings.preload_languages``; a
    configuration error in either step is answered ``("invalid", one-line reason)`` and the zygote exits. Without
    (a zygote replacing one that died later), a language whose model fails to load is only reported. Then
    ``("ready", [(language, outcome), ...])``; then each request is one byte with the stage process's end of a
    socket pair attached (``SCM_RIGHTS``), answered by the new process's pid (4 bytes). Forking a loaded process
    costs milliseconds, so a stage process killed for its budget is replaced at once, without loading models again
    while the others work (that took 30 s of both cores). The zygote never runs a stage, and runs torch with one
    thread, so no thread exists when it forks. Exits at EOF. SIGTERM and SIGINT are ignored in the zygote and its
    children: the worker ends them itself, after its agents stopped (a document in progress is then redelivered,
    never dead-lettered because its process went first).
    """
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # the kernel reaps the stage processes
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    control = socket.socket(fileno=fd)
    handshake = Connection(os.dup(fd))
    try:
        request = handshake.recv()
        settings = Settings(**request["settings"])  # the worker's own settings, whatever this process's environment
        from app.pipeline import Pipeline

        pipeline = Pipeline(settings)
        try:
            report = _load(handshake, settings, pipeline, bool(request.get("check")))
        except ConfigurationError as exc:
            handshake.send(("invalid", str(exc)))
            return
        handshake.send(("ready", report))
    except (EOFError, OSError):  # the worker went away (it exited during start-up)
        return
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
    """The worker's handle on the zygote (:func:`zygote_main`), started at once (the constructor does not wait);
    :meth:`wait_checked`, :meth:`wait_ready` and :meth:`receive` read its answers.

    Args:
        settings: the pipeline's settings, sent to the zygote.
        check: the zygote checks the configuration and loads every model, or answers why it cannot
            (:func:`zygote_main`).
    """

    def __init__(self, settings: Settings, *, check: bool = False) -> None:
        parent_sock, child_sock = socket.socketpair()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "app.isolation", str(child_sock.fileno())],
            pass_fds=(child_sock.fileno(),), stdin=subprocess.DEVNULL,
        )
        child_sock.close()
        self.control = parent_sock
        self._lock = threading.Lock()
        self.checked = not check
        self.report: list | None = None
        self._handshake = Connection(os.dup(parent_sock.fileno()))
        self._handshake.send({"settings": settings.model_dump(), "check": check})

    @property
    def loading(self) -> bool:
        """Whether the zygote has not answered ``ready`` yet."""
        return self.report is None

    def receive(self, timeout: float) -> bool:
        """Read the zygote's next answer if one comes within ``timeout`` seconds (``checked`` sets :attr:`checked`,
        ``ready`` :attr:`report`).

        Returns:
            whether an answer came.

        Raises:
            ConfigurationError: the zygote found the configuration invalid (it exits).
            EOFError, OSError: the zygote exited.
        """
        if not self._handshake.poll(max(0.0, timeout)):
            return False
        kind, value = self._handshake.recv()
        if kind == "invalid":
            raise ConfigurationError(value)
        self.checked = True
        if kind == "ready":
            self.report = value
            self._handshake.close()
        return True

    def _wait(self, done: Callable[[], bool], what: str, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while not done():
            if not self.receive(deadline - time.monotonic()):
                raise TimeoutError(f"stage zygote not {what} within {timeout:g} s")

    def wait_checked(self, timeout: float = STARTUP_TIMEOUT) -> None:
        """Wait until the zygote has checked the configuration.

        Raises:
            ConfigurationError: invalid configuration. EOFError, OSError: the zygote exited.
            TimeoutError: no answer within ``timeout`` seconds.
        """
        self._wait(lambda: self.checked, "checked", timeout)

    def wait_ready(self, timeout: float = STARTUP_TIMEOUT) -> list:
        """Wait until the zygote has loaded its models; returns the preload report ``[(language, outcome), ...]``.

        Raises:
            as :meth:`wait_checked`.
        """
        self._wait(lambda: self.report is not None, "ready", timeout)
        return self.report

    def fork(self, slot: int) -> "_Child":
        """A new stage process for ``slot`` (after :meth:`wait_ready`).

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
            self._handshake.close()
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


@dataclass(eq=False)
class _Job:
    """An input waiting for (or running in) a stage process: ``STAGES[name](*args)``; ``small`` when it may take
    the reserved process; ``future`` (of the event loop) gets ``(slot, outcome)``; ``size``: its input in bytes;
    ``solo`` once a batch it was part of failed (it then runs alone, under the full budgets)."""

    name: str
    args: tuple
    small: bool
    future: asyncio.Future
    size: int = 0  # input bytes (:func:`input_bytes`)
    solo: bool = False  # never batched again: a batch it was in failed


def _settle(future: asyncio.Future, slot: int, outcome: tuple) -> None:
    """Give ``future`` its outcome (event loop), unless its caller was cancelled meanwhile."""
    if not future.done():
        future.set_result((slot, outcome))


class StagePool:
    """``processes`` stage processes running :data:`STAGES` under budgets, plus ``reserved`` (0 or 1) for small
    inputs (see the module docstring).

    Start-up: :meth:`open` (the worker's ``main``, before it waits for the broker) starts loading and checks the
    configuration; :meth:`sleep` watches the loading while the worker waits; :meth:`start` (once Faust runs) waits
    for the models and starts the stage processes. :meth:`start` alone does all of it (tests).

    Args:
        settings: the settings of the stage processes' pipelines, and ``stage_processes``,
            ``stage_small_input_bytes``, ``stage_cpu_seconds``, ``stage_wall_seconds``.
    """

    def __init__(self, settings: Settings | None = None) -> None:
        self._configure(settings or get_settings())
        self._zygote: _Zygote | None = None
        self._zygote_lock = threading.Lock()
        self._children: dict[int, _Child] = {}
        self._queue = threading.Condition()  # guards _pending and _free_general; feeders wait on it
        self._pending: collections.deque[_Job] = collections.deque()  # inputs waiting for a stage process
        self._free_general = 0  # general feeders waiting for an input (a small input prefers them)
        #: batches run (``batches``), the inputs they held (``batched``), batches that failed and ran again alone
        self.batch_counts: collections.Counter[str] = collections.Counter()
        self._feeders: dict[int, threading.Thread] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._inline: Pipeline | None = None
        self._started = False  # every stage process started once: a zygote replacing a dead one checks nothing
        self._closed = False

    def _configure(self, settings: Settings) -> None:
        self.settings = settings
        self.processes = settings.stage_processes
        self.reserved = 1 if self.processes > 0 and settings.stage_small_input_bytes > 0 else 0
        self.batch_size = settings.agent_batch_size
        self.batch_bytes = settings.stage_batch_bytes
        # inline: the one thread that runs the stages (a Stanza pipeline is not shared between threads); with stage
        # processes: the start-up work (forking the processes); their documents go through the feeder threads
        self._threads = ThreadPoolExecutor(max_workers=1, thread_name_prefix="stage")

    def launch(self) -> None:
        """Start the zygote now, without waiting for it (``python -m app.worker`` does so before it imports Faust and
        the agents; :meth:`open` then waits for its check). Nothing with ``stage_processes=0``, or when one runs."""
        with self._zygote_lock:
            if self.processes > 0 and self._zygote is None and not self._started:
                self._zygote = _Zygote(self.settings, check=True)

    def open(self, settings: Settings | None = None) -> None:
        """Start loading, and check the configuration (the worker's ``main``, before it waits for the broker).

        With stage processes: start the zygote (:func:`zygote_main`) and wait for its configuration check (a second
        or two: :func:`app.startup.check_components`); it then loads the NER models in the background (:meth:`sleep`,
        :meth:`wait_loaded`, :meth:`start`). A zygote that exits or does not answer is logged and left to
        :meth:`start`, which starts another, as for one that dies later. Inline (``stage_processes=0``): build
        the worker process's pipeline and its components, models included (:func:`app.startup.build_components`);
        pin torch's threads first (:func:`app.detection.torch_setup.configure_threads`).

        Args:
            settings: the worker's settings (replacing those the pool was made with; nothing has started yet).

        Raises:
            ConfigurationError: the configuration cannot work (one line).
        """
        if settings is not None and settings is not self.settings and settings != self.settings:
            with self._zygote_lock:
                self._discard_zygote()  # launched with other settings
            self._threads.shutdown(wait=False)
            self._configure(settings)
        if self.processes == 0:
            pipeline = _new_pipeline(self.settings)
            build_components(self.settings, pipeline)
            self._inline = pipeline
            return
        self.launch()
        with self._zygote_lock:
            try:
                self._zygote.wait_checked()
            except ConfigurationError:
                self._discard_zygote()
                raise
            except (OSError, EOFError, TimeoutError) as exc:
                log.error("the stage zygote did not check the configuration (%s); the stage processes start another",
                          type(exc).__name__)
                self._discard_zygote()

    def sleep(self, seconds: float) -> None:
        """``time.sleep(seconds)``, reading the zygote's answers meanwhile (while the worker waits for the broker).

        Raises:
            ConfigurationError: the zygote found the configuration invalid while loading its models (it exits).
        """
        deadline = time.monotonic() + max(0.0, seconds)
        while True:
            remaining = deadline - time.monotonic()
            with self._zygote_lock:
                zygote = self._zygote
                if zygote is not None and zygote.loading:
                    try:
                        if zygote.receive(remaining):
                            continue
                        return
                    except ConfigurationError:
                        self._discard_zygote()
                        raise
                    except (OSError, EOFError) as exc:
                        log.error("the stage zygote exited while loading the models (%s); the stage processes start "
                                  "another", type(exc).__name__)
                        self._discard_zygote()
                        continue
            if remaining > 0:
                time.sleep(remaining)
            return

    def wait_loaded(self, timeout: float = STARTUP_TIMEOUT) -> None:
        """:meth:`sleep` until the zygote has loaded its models (or exited, or ``timeout`` seconds passed).

        Raises:
            ConfigurationError: as :meth:`sleep`.
        """
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            zygote = self._zygote
            if zygote is None or not zygote.loading:
                return
            self.sleep(min(1.0, deadline - time.monotonic()))

    def _discard_zygote(self) -> None:
        """Close the zygote (under ``_zygote_lock``)."""
        if self._zygote is not None:
            self._zygote.close()
        self._zygote = None

    async def start(self) -> list:
        """Start the stage processes, once the zygote has loaded the models (starting one first when :meth:`open`
        did not, or it exited).

        Returns:
            The preload report ``[(language, outcome), ...]``.

        Raises:
            ConfigurationError: the zygote found the configuration invalid (before the pool first started).
        """
        self._ensure_loop()
        if self.processes == 0:
            if self._inline is None:
                self._inline = _new_pipeline(self.settings)
            report = [(lang, await self._in_thread(_outcome, self._inline, "load_language", (lang,)))
                      for lang in self.settings.preload_languages]
            self._started = True
            return report
        for slot in range(self.processes + self.reserved):
            if slot not in self._feeders:
                child = await self._in_thread(self._start_slot, slot)
                if child is None:  # closed meanwhile
                    break
                feeder = threading.Thread(target=self._feed, args=(child,), daemon=True, name=f"stage-feeder-{slot}")
                self._feeders[slot] = feeder
                feeder.start()
        self._started = True
        return self._zygote.report if self._zygote is not None else []

    def _ensure_loop(self) -> None:
        if self._loop is None:
            self._loop = asyncio.get_running_loop()

    async def _in_thread(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await self._loop.run_in_executor(self._threads, fn, *args)

    def _start_slot(self, slot: int) -> _Child | None:
        """Fork the stage process of ``slot`` (starting the zygote first when there is none or it died, and
        waiting for its models) and return it; ``None`` once the pool is closed. Retries with backoff while that
        fails (runs in a thread).

        Raises:
            ConfigurationError: the zygote found the configuration invalid (before the pool first started).
        """
        delay = 1.0
        while not self._closed:
            try:
                with self._zygote_lock:
                    if self._zygote is not None and not self._zygote.loading and not self._zygote.alive:
                        log.error("the stage zygote exited; starting a new one")  # (loading: its answer comes first)
                        self._discard_zygote()
                    if self._zygote is None:
                        self._zygote = _Zygote(self.settings, check=not self._started)
                    try:
                        self._zygote.wait_ready()
                    except (ConfigurationError, OSError, EOFError, TimeoutError):
                        self._discard_zygote()
                        raise
                    child = self._zygote.fork(slot)
            except (OSError, EOFError, TimeoutError) as exc:
                log.error("stage process %d could not be started (%s); retrying in %g s", slot, type(exc).__name__, delay)
                time.sleep(delay)
                delay = min(delay * 2, 30.0)
                continue
            if self._closed:
                child.kill()
                return None
            self._children[slot] = child
            return child
        return None

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
                self._inline = _new_pipeline(self.settings)
            return _unwrap(await self._in_thread(_outcome, self._inline, name, args))
        size = input_bytes(args)
        job = _Job(name, args, size <= self.settings.stage_small_input_bytes, self._loop.create_future(), size)
        with self._queue:
            self._pending.append(job)
            self._queue.notify_all()
        try:
            child_slot, outcome = await job.future
        except asyncio.CancelledError:
            with self._queue:  # not taken yet: it leaves the queue; taken: its outcome is dropped
                with contextlib.suppress(ValueError):
                    self._pending.remove(job)
            raise
        if outcome[0] == "budget":
            budget = ("CPU budget (stage_cpu_seconds=%g)" % self.settings.stage_cpu_seconds if outcome[1] == "cpu"
                      else "wall-clock budget (stage_wall_seconds=%g)" % self.settings.stage_wall_seconds)
            log.warning("stage %s: a document exceeded its %s; its stage process %d was replaced", stage, budget, child_slot)
            from app.pipeline import TOO_EXPENSIVE, StageError

            raise StageError(f"{stage} exceeded its {budget}", TOO_EXPENSIVE)
        if outcome[0] == "died":
            log.error("stage %s: stage process %d exited; replaced", stage, child_slot)
            raise StageFailed("StageProcessDied")
        return _unwrap(outcome)

    def _reserved(self, child: _Child) -> bool:
        return child.slot >= self.processes

    def _take(self, reserved: bool) -> list[_Job] | None:
        """The next inputs a feeder may run (blocking): the first waiting one for a general process; for the
        reserved process the first small one, and only while no general process is free to take it. A batchable
        input (:meth:`_batch_with`) comes with the waiting inputs of its batch. ``None`` once the pool is closed."""
        with self._queue:
            while not self._closed:
                for job in self._pending:
                    if job.future.done():  # its caller was cancelled
                        continue
                    if reserved and (not job.small or self._free_general):
                        continue
                    batch = self._batch_with(job, reserved)
                    for taken in batch:
                        self._pending.remove(taken)
                    if self._pending:  # a general process is busy from now on: the reserved one may take what is left
                        self._queue.notify_all()
                    return batch
                if not reserved:
                    self._free_general += 1
                try:
                    self._queue.wait()
                finally:
                    if not reserved:
                        self._free_general -= 1
            return None

    def _batchable(self, job: _Job) -> bool:
        return (not job.solo and job.name in BATCHED and len(job.args) == 1 and 0 < job.size <= self.batch_bytes
                and not job.future.done())

    def _batch_with(self, job: _Job, reserved: bool) -> list[_Job]:
        """``job`` and the inputs waiting behind it that one call may run with it (under ``_queue``): same call,
        batchable (:data:`BATCHED`, not ``solo``), at most ``agent_batch_size`` inputs of ``stage_batch_bytes``
        bytes together; for the reserved process small ones only. Nothing waits for a batch to fill: a batch is what
        is waiting when a process becomes free. While other general processes are idle, a batch takes only its share
        of the waiting inputs (their number divided by the idle processes plus this one, rounded up), so that idle
        processes are not left without work while one process runs everything."""
        if self.batch_size <= 1 or not self._batchable(job):
            return [job]
        candidates = [other for other in self._pending
                      if other is not job and other.name == job.name and self._batchable(other)
                      and (other.small or not reserved)]
        limit = min(self.batch_size, math.ceil((len(candidates) + 1) / (1 + self._free_general)))
        batch, total = [job], job.size
        for other in candidates:
            if len(batch) >= limit:
                break
            if total + other.size <= self.batch_bytes:
                batch.append(other)
                total += other.size
        return batch

    def _call(self, child: _Child, name: str, args: tuple, cpu: float, wall: float) -> tuple:
        """``child.call`` (:meth:`_Child.call`); a call that fails in the worker kills the process (it may have
        read half a message) and gives ``("fail", type name)``."""
        try:
            return child.call(name, args, cpu, wall)
        except Exception as exc:  # noqa: BLE001 - e.g. an input that cannot be pickled: the caller is told
            log.error("stage process %d: a call failed in the worker (%s); replacing the process", child.slot,
                      type(exc).__name__)
            child.kill()
            return ("fail", type(exc).__name__)

    def _run_batch(self, child: _Child, jobs: list[_Job]) -> list[tuple] | None:
        """Run ``jobs`` (a batch, :meth:`_batch_with`) in one call (:func:`batch`) under the batch budgets
        (``stage_batch_cpu_seconds``, ``stage_batch_wall_seconds``, each at most the stage budget); their
        outcomes in order, or ``None`` when the batch as a whole failed (over its budget, the process died, the call
        raised): the jobs then go back to the head of the queue, ``solo``, each to run alone under the full
        budgets, so a document that costs too much is dead-lettered alone and the others lose one batch budget of
        time at most, never their results."""
        cpu = min(self.settings.stage_cpu_seconds, self.settings.stage_batch_cpu_seconds)
        wall = min(self.settings.stage_wall_seconds, self.settings.stage_batch_wall_seconds)
        outcome = self._call(child, "batch", (jobs[0].name, [job.args[0] for job in jobs]), cpu, wall)
        if outcome[0] == "ok" and isinstance(outcome[1], list) and len(outcome[1]) == len(jobs):
            with self._queue:
                self.batch_counts["batches"] += 1
                self.batch_counts["batched"] += len(jobs)
            return outcome[1]
        log.warning("stage process %d: a batch of %d %s inputs failed (%s); each runs again alone", child.slot,
                    len(jobs), jobs[0].name, outcome[0] if outcome[0] != "fail" else f"fail: {outcome[1]}")
        with self._queue:
            self.batch_counts["failed"] += 1
            for job in reversed(jobs):
                job.solo = True
                self._pending.appendleft(job)
            self._queue.notify_all()
        return None

    def _feed(self, child: _Child) -> None:
        """A stage process's feeder thread: take an input or a batch (:meth:`_take`), run it in ``child`` under
        the budgets, hand the outcomes to the event loop, repeat; a process that was killed or died is replaced here
        (a fork of the zygote: milliseconds) before the next input."""
        slot = child.slot
        reserved = self._reserved(child)
        while True:
            jobs = self._take(reserved)
            if jobs is None:
                child.kill()
                return
            if len(jobs) == 1:
                outcomes: list[tuple] | None = [self._call(child, jobs[0].name, jobs[0].args,
                                                           self.settings.stage_cpu_seconds,
                                                           self.settings.stage_wall_seconds)]
            else:
                outcomes = self._run_batch(child, jobs)
            try:
                for job, outcome in zip(jobs, outcomes or ()):
                    self._loop.call_soon_threadsafe(_settle, job.future, slot, outcome)
            except RuntimeError:  # the event loop is closed: the worker is stopping
                child.kill()
                return
            if not child.alive:
                replacement = self._start_slot(slot)
                if replacement is None:  # closed
                    return
                child = replacement

    def close(self) -> None:
        """Kill every stage process and the zygote (the worker is stopping; documents in progress are
        redelivered)."""
        if self.batch_counts:
            log.info("stage batches: %d of %d inputs in all, %d failed and ran again input by input",
                     self.batch_counts["batches"], self.batch_counts["batched"], self.batch_counts["failed"])
        self._closed = True
        with self._queue:
            self._queue.notify_all()
        for child in list(self._children.values()):
            child.kill()
        if self._zygote is not None:
            self._zygote.close()
        self._threads.shutdown(wait=False, cancel_futures=True)


if __name__ == "__main__":
    zygote_main(int(sys.argv[1]))
