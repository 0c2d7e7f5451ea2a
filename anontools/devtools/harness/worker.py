"""The worker as a child process (``python -m app.worker``), configured by environment variables, as the tests,
the demo, the benchmark and the fault scenarios start it.

- :class:`WorkerProcess`: start, check, read the log of, and stop one worker.
- :func:`settings_for` / :func:`settings_overrides`: the :class:`app.settings.Settings` a worker runs with.
- :func:`derived_hmac_secret`, :func:`every_method_policy`: environment shared by every run of the tools.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import uuid
from pathlib import Path
from typing import IO, Optional

from anontools.devtools.harness.processes import die_with_parent, terminate
from app.anonymization.registry import available_methods
from app.settings import Settings

__all__ = ["WorkerError", "WorkerProcess", "derived_hmac_secret", "every_method_policy", "repo_root",
           "settings_for", "settings_overrides"]


def repo_root() -> Optional[Path]:
    """The source checkout containing ``app/`` (``None`` when the package is installed elsewhere)."""
    root = Path(__file__).resolve().parents[3]
    return root if (root / "app" / "__init__.py").is_file() else None


class WorkerError(RuntimeError):
    """The worker subprocess failed to start or died."""


def derived_hmac_secret(table_keys: str) -> str:
    """A table HMAC secret derived from ``table_keys``, for test, demo and fault runs that set only keys:
    every worker and checker of one run derives the same one. Production sets ``ANON_TABLE_HMAC_SECRET``."""
    return hashlib.sha256(b"anonymizer devtools hmac secret\0" + table_keys.encode()).hexdigest()


def every_method_policy() -> dict[str, str]:
    """Worker environment of a method policy that allows every registered method (README "Method policy"): the
    demo and the benchmark show them all."""
    return {"ANON_ALLOWED_METHODS": ",".join(available_methods()), "ANON_MINIMUM_METHOD": "kmask"}


class WorkerProcess:
    """``python -m app.worker`` as a child process, configured by environment variables.

    Args:
        broker_url: Faust broker URL, ``kafka://host:port`` (``ANON_BROKER_URL``).
        redis_url: Redis URL (``ANON_REDIS_URL``).
        app_id: Faust app id / consumer group (``ANON_APP_ID``); default a unique ``anon-<hex>``.
        log_path: file receiving the worker's stdout and stderr.
        extra_env: more variables, e.g. ``{"ANON_TABLE_KEY_PREFIX": "test:abc:"}``.
        python: interpreter; default the current one.
        cwd: working directory of the worker; default the log file's directory. Faust creates its data
            directory ``<app_id>-data/`` there, so it must not be the source checkout.
        module: the module run with ``python -m`` (default ``app.worker``; tests may substitute a fake).
        source: the source checkout whose ``app/`` runs (first on ``PYTHONPATH``); default this one
            (:func:`repo_root`). ``anonymizer-dev startup`` compares two checkouts this way.

    The child runs in its own session (Ctrl-C in a terminal reaches the parent, which stops it).
    """

    def __init__(self, *, broker_url: str, redis_url: str, log_path: os.PathLike | str,
                 app_id: Optional[str] = None, extra_env: Optional[dict[str, str]] = None,
                 python: Optional[str] = None, cwd: Optional[os.PathLike | str] = None,
                 module: str = "app.worker", source: Optional[os.PathLike | str] = None) -> None:
        self.broker_url = broker_url
        self.redis_url = redis_url
        self.app_id = app_id or f"anon-{uuid.uuid4().hex[:10]}"
        self.log_path = Path(log_path)
        self.extra_env = dict(extra_env or {})
        self.python = python or sys.executable
        self.cwd = Path(cwd) if cwd else self.log_path.parent
        self.module = module
        self.source = Path(source) if source is not None else None
        self.proc: Optional[subprocess.Popen] = None
        self._log: Optional[IO[bytes]] = None

    @property
    def env(self) -> dict[str, str]:
        """The ``ANON_*`` variables given to the worker (without the inherited environment)."""
        env = {
            "ANON_BROKER_URL": self.broker_url,
            "ANON_REDIS_URL": self.redis_url,
            "ANON_APP_ID": self.app_id,
            "ANON_BROKER_FLAVOR": "tansu",  # the devtools' broker; extra_env may say "kafka"
        }
        env.update(self.extra_env)
        if env.get("ANON_TABLE_KEYS") and not env.get("ANON_TABLE_HMAC_SECRET"):
            env["ANON_TABLE_HMAC_SECRET"] = derived_hmac_secret(env["ANON_TABLE_KEYS"])
        return env

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    @property
    def returncode(self) -> Optional[int]:
        return None if self.proc is None else self.proc.poll()

    def start(self) -> "WorkerProcess":
        """Start the worker (returns at once; it needs 10-30 s to load its models before consuming)."""
        if self.running:
            return self
        env = dict(os.environ)
        env.update(self.env)
        env["PYTHONUNBUFFERED"] = "1"
        for name in ("ANON_SETTINGS_FILE", "ANON_NER_MODEL_DIR"):  # relative to our cwd, not the worker's
            if env.get(name) and not os.path.isabs(env[name]):
                env[name] = os.path.abspath(env[name])
        root = self.source or repo_root()
        if root is not None:
            env["PYTHONPATH"] = os.pathsep.join(p for p in (str(root), env.get("PYTHONPATH", "")) if p)
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        self.cwd.mkdir(parents=True, exist_ok=True)
        self._log = open(self.log_path, "ab")
        self.proc = subprocess.Popen(
            [self.python, "-m", self.module], cwd=str(self.cwd), env=env,
            stdin=subprocess.DEVNULL, stdout=self._log, stderr=subprocess.STDOUT, start_new_session=True,
            preexec_fn=die_with_parent,
        )
        return self

    def check_alive(self) -> None:
        """Raise :class:`WorkerError` (with the tail of its log) if the worker has exited."""
        if self.proc is not None and self.proc.poll() is not None:
            raise WorkerError(f"worker exited with code {self.proc.returncode}; log tail:\n{self.log_tail()}")

    def log_tail(self, lines: int = 40) -> str:
        """The last ``lines`` lines of the worker log ('' when none)."""
        try:
            text = self.log_path.read_text("utf-8", errors="replace")
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:])

    def stop(self, grace: float = 10.0) -> Optional[int]:
        """SIGTERM, then SIGKILL after ``grace`` seconds. Idempotent. Returns the exit code (or ``None``)."""
        proc = self.proc
        code: Optional[int] = None
        if proc is not None:
            terminate(proc, grace, process_group=True)  # also children the worker may have spawned
            code = proc.returncode
        if self._log is not None:
            self._log.close()
            self._log = None
        return code

    def __enter__(self) -> "WorkerProcess":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def settings_overrides(env: dict[str, str]) -> dict[str, str]:
    """``ANON_FOO=x`` → ``{"foo": "x"}`` for :class:`Settings` (init values beat the process environment); names
    that are no setting, and ``ANON_SETTINGS_FILE``, are left out."""
    out = {k[len("ANON_"):].lower(): v for k, v in env.items() if k.startswith("ANON_") and k != "ANON_SETTINGS_FILE"}
    return {k: v for k, v in out.items() if k in Settings.model_fields}


def settings_for(proc: WorkerProcess) -> Settings:
    """The settings a worker runs with (its ``ANON_*`` variables over the defaults)."""
    return Settings(**settings_overrides(proc.env))
