"""Reviewers: password login (Argon2id hashes, argon2-cffi) or a trusted reverse-proxy header; CSRF tokens.

Users file (``review_users_file``): one ``name:hash`` per line, ``#`` comments; the hash is an Argon2id
string (RFC 9106) written by ``anonymizer review-user NAME``. Passwords never appear anywhere else.

With ``review_trusted_user_header`` set (e.g. ``X-Forwarded-User``), the application trusts that header as the
reviewer's name and shows no login form: the reverse proxy in front of it authenticates (SSO, client
certificates) and must strip the header from clients' requests. The application must then be reachable only
through that proxy (bind it to loopback or a private network).

CSRF: every session carries a random token (``secrets.token_urlsafe``); every POST must send it back in the
``X-CSRF-Token`` header (htmx requests) or the ``csrf_token`` form field (plain forms), compared in constant
time (the synchronizer token pattern of the OWASP CSRF Prevention Cheat Sheet). Session cookies are signed
(itsdangerous), ``SameSite=Strict`` and ``HttpOnly``.
"""

from __future__ import annotations

import secrets
from pathlib import Path

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

_hasher = PasswordHasher()
# a fixed hash to verify against for unknown users, so a login takes as long whether or not the name exists
_DUMMY = _hasher.hash(secrets.token_urlsafe(16))


def hash_password(password: str) -> str:
    """An Argon2id hash string of ``password`` (argon2-cffi defaults)."""
    return _hasher.hash(password)


def user_line(name: str, password: str) -> str:
    """The users-file line of ``name`` with ``password``.

    Raises:
        ValueError: the name is empty or contains ``:``, whitespace or ``#``.
    """
    if not name or any(c in name for c in ":#") or any(c.isspace() for c in name):
        raise ValueError("a reviewer name must be non-empty without ':', '#' or whitespace")
    return f"{name}:{hash_password(password)}"


def read_users(path: str | Path) -> dict[str, str]:
    """``{name: argon2 hash}`` from a users file (missing file: ``{}``)."""
    p = Path(path)
    if not p.exists():
        return {}
    users = {}
    for line in p.read_text("utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#") and ":" in line:
            name, _, hashed = line.partition(":")
            users[name] = hashed
    return users


def verify(users: dict[str, str], name: str, password: str) -> bool:
    """True when ``password`` is ``name``'s (constant work whether the user exists or not)."""
    try:
        return _hasher.verify(users.get(name, _DUMMY), password) and name in users
    except (VerificationError, InvalidHashError):
        return False


def new_csrf_token() -> str:
    """A fresh CSRF token (32 random bytes, URL-safe base64)."""
    return secrets.token_urlsafe(32)


def csrf_ok(expected: str | None, given: str | None) -> bool:
    """True when ``given`` equals the session's token (constant-time comparison)."""
    return bool(expected) and bool(given) and secrets.compare_digest(str(expected), str(given))
