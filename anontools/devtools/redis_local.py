"""Make sure a Redis answers at a URL; start a private ``redis-server`` on loopback when none does.

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
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from typing import IO, Iterator, Optional
from urllib.parse import urlsplit

from anontools.devtools.tansu import die_with_parent, terminate

__all__ = ["LocalRedis", "RedisUnavailable", "ensure_redis", "ping", "DEFAULT_REDIS_URL"]

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


class LocalRedis:
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
        self.proc: Optional[subprocess.Popen] = None
        self._workdir: Optional[tempfile.TemporaryDirectory] = None
        self._log: Optional[IO[bytes]] = None

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
        proc, self.proc = self.proc, None
        terminate(proc, grace)
        if self._log is not None:
            self._log.close()
            self._log = None
        if self._workdir is not None:
            self._workdir.cleanup()
            self._workdir = None

    def __enter__(self) -> "LocalRedis":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


@contextlib.contextmanager
def ensure_redis(url: Optional[str] = None, **kwargs) -> Iterator[LocalRedis]:
    """Context manager around :class:`LocalRedis`: Redis answers inside; a server we started stops after."""
    r = LocalRedis(url, **kwargs)
    r.start()
    try:
        yield r
    finally:
        r.stop()
