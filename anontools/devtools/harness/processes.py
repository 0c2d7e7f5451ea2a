"""Child processes of the harness: start, wait for a port, stop; and small shared helpers.

- :class:`ManagedProcess`: a child process with a log file, ``running``, idempotent :meth:`~ManagedProcess.stop`
  (SIGTERM, SIGKILL after a grace period) and use as a context manager; the base of
  :class:`~anontools.devtools.harness.tansu.TansuBroker` and the Redis servers of
  :mod:`anontools.devtools.harness.redis_local`.
- :func:`terminate`, :func:`die_with_parent` (no child outlives a killed test run), :func:`free_port`,
  :func:`wait_for_port`.
- :func:`loadavg`, :func:`b64`: the machine's load next to every measured figure; raw bytes in JSON dumps.
"""

from __future__ import annotations

import base64
import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from typing import IO, Optional

__all__ = ["ManagedProcess", "StartError", "b64", "die_with_parent", "free_port", "loadavg", "terminate",
           "wait_for_port"]


class StartError(RuntimeError):
    """A child process of the harness did not start (its port did not open, or it exited)."""


def terminate(proc: "subprocess.Popen | None", grace: float, *, process_group: bool = False) -> None:
    """Stop a child process: SIGTERM, then SIGKILL after ``grace`` seconds. Does nothing if it has exited.

    With ``process_group`` the SIGKILL goes to the child's whole process group too (a child started with
    ``start_new_session=True`` and the processes it spawned).
    """
    if proc is None or proc.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        if process_group:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
        with contextlib.suppress(ProcessLookupError):
            proc.kill()
        proc.wait(timeout=5)


def die_with_parent() -> None:
    """``preexec_fn`` for child processes: on Linux, ask the kernel to SIGTERM the child when the thread that
    started it exits (so a killed test run or demo leaves no broker, Redis or worker behind). No-op elsewhere.

    Start children from a long-lived thread (the main thread): the signal fires when *that thread* ends.
    """
    if sys.platform != "linux":
        return
    try:
        import ctypes

        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.prctl(1, signal.SIGTERM, 0, 0, 0)  # PR_SET_PDEATHSIG = 1
    except Exception:  # pragma: no cover - best effort
        pass


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port that is free on ``host`` right now (the OS picks it; another process may take it later)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


def wait_for_port(host: str, port: int, timeout: float = 10.0, proc: Optional[subprocess.Popen] = None) -> None:
    """Block until ``host:port`` accepts TCP connections.

    Args:
        host, port: the address to probe.
        timeout: seconds to wait in total.
        proc: if given and it exits while we wait, fail at once.

    Raises:
        StartError: the port did not open within ``timeout`` seconds, or ``proc`` exited.
    """
    deadline = time.monotonic() + timeout
    while True:
        if proc is not None and proc.poll() is not None:
            raise StartError(f"process exited with code {proc.returncode} before {host}:{port} opened")
        try:
            with socket.create_connection((host, port), timeout=0.5):
                return
        except OSError:
            if time.monotonic() > deadline:
                raise StartError(f"{host}:{port} did not accept connections within {timeout:.0f} s") from None
            time.sleep(0.02)


class ManagedProcess:
    """A child process (``proc``) and its open log file (``_log``): subclasses start them.

    :meth:`stop` is idempotent: SIGTERM, SIGKILL after ``grace`` seconds (:func:`terminate`), then the log is
    closed and :meth:`_cleanup` runs (a subclass removes its temporary directory there).
    """

    proc: Optional[subprocess.Popen] = None
    _log: Optional[IO[bytes]] = None
    #: the SIGKILL after the grace period also reaches the child's process group
    process_group: bool = False

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def stop(self, grace: float = 2.0) -> None:
        """Stop the child (SIGTERM, SIGKILL after ``grace`` seconds) and close its log. Idempotent."""
        proc, self.proc = self.proc, None
        terminate(proc, grace, process_group=self.process_group)
        if self._log is not None:
            self._log.close()
            self._log = None
        self._cleanup()

    def _cleanup(self) -> None:
        """Called by :meth:`stop` after the child has exited (nothing by default)."""

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def loadavg(*, one_minute: bool = False) -> "Optional[list[float] | float]":
    """The 1-, 5- and 15-minute load averages (other processes on a shared machine skew every measured run), only
    the 1-minute one with ``one_minute``; ``None`` where the OS has none."""
    try:
        averages = [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return None
    return averages[0] if one_minute else averages


def b64(raw: bytes) -> str:
    """``raw`` in base64 (ASCII): how the harness writes a record value that is not JSON into a JSON line."""
    return base64.b64encode(raw).decode("ascii")
