"""Disk cache of data built from installed packages: word lists, the place knowledge base, surrogate name pools.

Building them from the packages' own formats takes seconds per process (the German common-word lexicon ~20 s on a
busy machine, the knowledge base ~2–3 s, the surrogate name pools ~1.5 s), and every stage process of a worker
needs them; reading a built copy back takes a fraction of that. What is cached comes from package data only
(dictionaries, GeoNames, pycountry, Faker's name lists): **no document text ever reaches a cache file**, so the
cache is not a place where personal data lives (README, "Security").

A file's name carries the versions of the packages it was built from, a digest of everything else it depends on
(``salt``: the building module's source, the language data it reads) and :data:`CACHE_FORMAT`, so an upgrade or
a code change builds a new file instead of reading a stale one. Files are written atomically (a reader never sees
half a file). A cache that cannot be read, decoded or written is skipped: the data is then built in memory, and
a worker never fails because of its cache.

Where: :attr:`app.settings.Settings.cache_dir` (``ANON_CACHE_DIR``, else ``$XDG_CACHE_HOME/anonymizer``, else
``~/.cache/anonymizer``).
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import logging
import os
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")

#: bump when the way cache files are named or laid out changes (old files are then ignored)
CACHE_FORMAT = 1

logger = logging.getLogger(__name__)


def cache_dir() -> Path:
    """The settings' ``cache_dir`` (:class:`app.settings.Settings`; ``ANON_CACHE_DIR``, else the XDG default)."""
    from app.settings import default_cache_dir, get_settings

    return Path(get_settings().cache_dir or default_cache_dir())


def source_digest(*parts: str | bytes | Path) -> str:
    """SHA-1 (hex) of ``parts``: a :class:`~pathlib.Path` counts by its file's bytes, a string by its UTF-8 bytes.

    Used as the ``salt`` of :func:`cache_file`: pass the building module's ``__file__`` (as a ``Path``) and the
    data it reads, so that editing either builds a new cache file.
    """
    digest = hashlib.sha1()
    for part in parts:
        data = part.read_bytes() if isinstance(part, Path) else part.encode("utf-8") if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "big"))
        digest.update(data)
    return digest.hexdigest()


def cache_file(name: str, packages: Iterable[str], *, salt: str = "", suffix: str = "txt") -> Path:
    """The cache file of ``name``: ``<cache_dir>/<name>-<package><version>-...[-<salt[:12]>]-f<CACHE_FORMAT>.<suffix>``.

    Args:
        name: what is cached, e.g. ``"simplemma-de"``.
        packages: distributions it is built from (their installed versions name the file).
        salt: a digest of everything else the data depends on (:func:`source_digest`); empty for none.
        suffix: the file's extension.

    Raises:
        importlib.metadata.PackageNotFoundError: a package of ``packages`` is not installed.
    """
    versions = "-".join(f"{p}{importlib.metadata.version(p)}" for p in packages)
    tag = f"-{salt[:12]}" if salt else ""
    return cache_dir() / f"{name}-{versions}{tag}-f{CACHE_FORMAT}.{suffix}"


_IN_CHILD = False  # True in a child of build_in_child


def build_in_child(function: Callable[..., T], *args: object) -> T:
    """``function(*args)`` computed in a forked child process that exits after it, when this process has a single
    thread (the stage zygote): for builds that load large tables the caller must not keep (wordfreq's and the
    lexicons' ~300 MB would otherwise stay in the zygote and in every stage process forked from it, on the first
    start on a machine). The child inherits everything in memory (a language declared at run time included), so the
    result is the one computed here. With other threads alive (forking them is unsafe), without ``os.fork``, or
    when the child fails, it is computed here.

    Args:
        function, args: picklable result.

    Returns:
        ``function(*args)``.

    Raises:
        whatever ``function`` raises (computed here again after a failed child).
    """
    import pickle
    import threading

    global _IN_CHILD
    if _IN_CHILD or not hasattr(os, "fork") or threading.active_count() > 1:
        return function(*args)  # (inside a build child: no grandchild)
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: compute, send, exit without running the parent's exit handlers
        _IN_CHILD = True
        try:
            os.close(read_fd)
            try:
                data = pickle.dumps(("ok", function(*args)))
            except BaseException as exc:  # reported by type only: the parent computes it again
                data = pickle.dumps(("failed", type(exc).__name__))
            with os.fdopen(write_fd, "wb") as out:
                out.write(data)
        finally:
            os._exit(0)
    os.close(write_fd)
    with os.fdopen(read_fd, "rb") as received:
        data = received.read()
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:  # the stage zygote lets the kernel reap its children
        pass
    status, value = pickle.loads(data) if data else ("failed", "no result")
    if status == "ok":
        return value
    logger.warning("building in a child process failed (%s); building here", value)
    return function(*args)


def read_or_build(path: Path, build: Callable[[], T], encode: Callable[[T], bytes],
                  decode: Callable[[bytes], T]) -> T:
    """``decode(path's bytes)`` if the file exists and decodes, else ``build()``, written to ``path`` atomically.

    Args:
        path: the cache file (:func:`cache_file`).
        build: builds the value (seconds).
        encode, decode: the value to bytes and back; ``decode(encode(v))`` must equal ``v``.

    Returns:
        the value, equal to ``build()``.
    """
    try:
        return decode(path.read_bytes())
    except OSError:
        pass
    except Exception as exc:  # a damaged or foreign file: build again, and overwrite it below
        logger.warning("cache file %s not readable (%s); building it again", path.name, type(exc).__name__)
    value = build()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("wb", dir=path.parent, delete=False, suffix=".tmp") as tmp:
            tmp.write(encode(value))
        os.replace(tmp.name, path)  # atomic: concurrent processes never read half a file
    except Exception as exc:  # unwritable directory, full disk, a value encode cannot write: not cached
        logger.debug("%s not cached (%s)", path.name, type(exc).__name__)
    return value
