"""Redis for tests, the demo, the benchmark and the fault scenarios.

- :class:`LocalRedis` / :func:`ensure_redis`: make sure a Redis answers at a URL; start a private
  ``redis-server`` on loopback when none does (tests, demo, benchmark).
- :class:`PrivateRedis`: always a ``redis-server`` of our own, with an append-only file so that it can be
  stopped and started again without losing the tables (the fault scenarios' Redis outage).
- :func:`delete_prefix`: delete every key under a prefix (each run cleans up its own tables).

Usage::

    with ensure_redis("redis://127.0.0.1:6379/0") as redis:
        print(redis.url, redis.started)   # started=True when we launched redis-server ourselves

Only loopback URLs (``127.0.0.1``, ``localhost``, ``::1``) get a local server; for any other host a
missing Redis is an error. The server we start has no persistence (``--save "" --appendonly no``) and is
stopped on exit (SIGTERM, then SIGKILL).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Iterator, Optional
from urllib.parse import urlsplit

from anontools.devtools.harness.processes import ManagedProcess, die_with_parent, free_port

__all__ = ["LocalRedis", "PrivateRedis", "RedisUnavailable", "delete_prefix", "ensure_redis", "ping",
           "DEFAULT_REDIS_URL"]

DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"
_LOOPBACK = {"127.0.0.1", "localhost", "::1", "[::1]"}
INSTALL_HINT = (
    "redis-server is not installed. Install Redis 7, e.g. on Debian/Ubuntu: "
    "sudo apt-get install redis-server  (or point REDIS_URL at a running Redis)"
)


class RedisUnavailable(RuntimeError):
    """No Redis answers at the URL and none could be started."""


def _host_port(url: str) -> tuple[str, int]:
    parts = urlsplit(url)
    if parts.scheme not in ("redis", "rediss"):
        raise RedisUnavailable(f"unsupported Redis URL scheme {parts.scheme!r} (expected redis:// or rediss://)")
    return parts.hostname or "127.0.0.1", parts.port or 6379


def is_loopback(url: str) -> bool:
    """Whether the URL's host is a loopback address."""
    host, _ = _host_port(url)
    return host in _LOOPBACK or host.startswith("127.")


def ping(url: str, timeout: float = 1.0) -> bool:
    """``True`` when a Redis at ``url`` answers PING within ``timeout`` seconds (synchronous client)."""
    import redis  # local import: keep module import cheap

    client = redis.Redis.from_url(url, socket_timeout=timeout, socket_connect_timeout=timeout)
    try:
        return bool(client.ping())
    except (redis.RedisError, OSError):
        return False
    finally:
        with contextlib.suppress(Exception):
            client.close()


def _port_in_use(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=0.3):
            return True
    except OSError:
        return False


class LocalRedis(ManagedProcess):
    """A Redis reachable at ``url``, possibly a ``redis-server`` child process we started.

    Args:
        url: Redis URL; default ``$REDIS_URL`` or ``redis://127.0.0.1:6379/0``.
        log_path: where the child server logs; default a file in a temp dir.
        start_if_missing: start a server when none answers (only for loopback URLs).
        startup_timeout: seconds to wait for the started server to answer PING.

    Attributes:
        url: the URL to use. ``started``: whether we started a server (and will stop it).
    """

    def __init__(self, url: Optional[str] = None, *, log_path: Optional[os.PathLike | str] = None,
                 start_if_missing: bool = True, startup_timeout: float = 10.0) -> None:
        self.url = url or os.environ.get("REDIS_URL") or DEFAULT_REDIS_URL
        self.log_path = Path(log_path) if log_path else None
        self.start_if_missing = start_if_missing
        self.startup_timeout = startup_timeout
        self._workdir: Optional[tempfile.TemporaryDirectory] = None

    @property
    def started(self) -> bool:
        return self.proc is not None

    def start(self) -> "LocalRedis":
        """Ensure Redis answers at :attr:`url`; start ``redis-server`` if needed. Returns ``self``.

        Raises:
            RedisUnavailable: non-loopback URL without a Redis; ``redis-server`` not installed (the message
                says to install the Debian package ``redis-server``); port taken by something that is not
                Redis; server did not answer in time.
        """
        if ping(self.url):
            return self
        host, port = _host_port(self.url)
        if not self.start_if_missing or not is_loopback(self.url):
            raise RedisUnavailable(f"no Redis answers at {host}:{port}; start one or set REDIS_URL")
        if _port_in_use(host, port):
            raise RedisUnavailable(f"{host}:{port} is in use but does not answer Redis PING (password? TLS?)")
        binary = shutil.which("redis-server")
        if binary is None:
            raise RedisUnavailable(INSTALL_HINT)
        self._workdir = tempfile.TemporaryDirectory(prefix="redis-local-")
        log = self.log_path or Path(self._workdir.name) / "redis.log"
        log.parent.mkdir(parents=True, exist_ok=True)
        self._log = open(log, "ab")
        bind = "::1" if host in ("::1", "[::1]") else "127.0.0.1"
        self.proc = subprocess.Popen(
            [binary, "--port", str(port), "--bind", bind, "--save", "", "--appendonly", "no",
             "--daemonize", "no", "--dir", self._workdir.name],
            stdin=subprocess.DEVNULL, stdout=self._log, stderr=subprocess.STDOUT, start_new_session=True,
            preexec_fn=die_with_parent,
        )
        deadline = time.monotonic() + self.startup_timeout
        while not ping(self.url, timeout=0.5):
            if self.proc.poll() is not None:
                code = self.proc.returncode
                self.stop()
                raise RedisUnavailable(f"redis-server exited with code {code} (log: {log})")
            if time.monotonic() > deadline:
                self.stop()
                raise RedisUnavailable(f"redis-server did not answer within {self.startup_timeout:.0f} s")
            time.sleep(0.05)
        return self

    def stop(self, grace: float = 3.0) -> None:
        """Stop the server if we started it (SIGTERM, SIGKILL after ``grace`` s). Idempotent; a Redis that
        was already running is left alone."""
        super().stop(grace)

    def _cleanup(self) -> None:
        if self._workdir is not None:
            self._workdir.cleanup()
            self._workdir = None


@contextlib.contextmanager
def ensure_redis(url: Optional[str] = None, **kwargs) -> Iterator[LocalRedis]:
    """Context manager around :class:`LocalRedis`: Redis answers inside; a server we started stops after."""
    r = LocalRedis(url, **kwargs)
    r.start()
    try:
        yield r
    finally:
        r.stop()


class PrivateRedis(ManagedProcess):
    """A ``redis-server`` of our own on ``127.0.0.1:<port>`` with an append-only file (fsync always) in a
    private directory, so :meth:`stop` then :meth:`start` keeps the tables (the fault is unavailability,
    not data loss). Never the machine's shared instance.

    Args:
        port: TCP port (default a free one).
        log_path: the server's log (default ``redis.log`` in its directory).

    Raises (:meth:`start`):
        RedisUnavailable: ``redis-server`` is not installed, exited, or did not answer in time.
    """

    def __init__(self, port: Optional[int] = None, *, log_path: Optional[Path] = None) -> None:
        self.port = port or free_port("127.0.0.1")
        self.dir = Path(tempfile.mkdtemp(prefix="faults-redis-"))
        self.log_path = log_path or self.dir / "redis.log"

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 10.0) -> "PrivateRedis":
        binary = shutil.which("redis-server")
        if binary is None:
            raise RedisUnavailable(INSTALL_HINT)
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        self._log = open(self.log_path, "ab")
        self.proc = subprocess.Popen(
            [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "yes",
             "--appendfsync", "always", "--dir", str(self.dir), "--daemonize", "no"],
            stdin=subprocess.DEVNULL, stdout=self._log, stderr=subprocess.STDOUT, start_new_session=True,
            preexec_fn=die_with_parent,
        )
        deadline = time.monotonic() + timeout
        while not ping(self.url, timeout=0.5):
            if self.proc.poll() is not None:
                raise RedisUnavailable(f"redis-server exited with code {self.proc.returncode} (log {self.log_path})")
            if time.monotonic() > deadline:
                raise RedisUnavailable(f"redis-server did not answer within {timeout:.0f} s")
            time.sleep(0.05)
        return self

    def stop(self, grace: float = 5.0) -> None:
        """SIGTERM (the append-only file is already on disk), SIGKILL after ``grace`` seconds. Idempotent."""
        super().stop(grace)

    def cleanup(self) -> None:
        """Stop the server and remove its directory (tables included)."""
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


def delete_prefix(url: str, prefix: str, *, quiet: bool = False) -> int:
    """Delete every key of the Redis at ``url`` under ``prefix`` (``SCAN``, then ``DEL`` by 500); returns how many.

    Raises:
        redis.RedisError: Redis unreachable, unless ``quiet`` (then 0 is returned).
    """
    import redis

    client = redis.Redis.from_url(url, socket_timeout=5)
    try:
        keys = list(client.scan_iter(match=prefix + "*", count=1000))
        for i in range(0, len(keys), 500):
            client.delete(*keys[i : i + 500])
        return len(keys)
    except redis.RedisError:
        if quiet:
            return 0
        raise
    finally:
        client.close()
