"""Encryption at rest of the tables of solutions (issue 6): Fernet (AES-128-CBC + HMAC-SHA256,
authenticated) from the ``cryptography`` package, with key rotation through ``MultiFernet``: the first
key encrypts, every key decrypts, so a new key is added in front and old tables stay readable until
they expire or are re-encrypted (``anonymizer rotate-keys``).

Keys come from ``ANON_TABLE_KEYS`` (comma-separated, newest first) or ``ANON_TABLE_KEYS_FILE`` (one key
per line, newest first; ``#`` comments). Generate one with ``anonymizer keygen``. Without a key the
worker refuses to start unless ``ANON_ALLOW_PLAINTEXT_TABLES=true`` (development only).

Stored values are ``b"fernet:" + token``; plaintext values (only written when allowed) are JSON.
"""

from __future__ import annotations

from pathlib import Path

from cryptography.fernet import Fernet, InvalidToken, MultiFernet

from app.settings import Settings

PREFIX = b"fernet:"


class KeyError_(ValueError):
    """Keys are missing or malformed; the message never contains key material."""


class TableCipher:
    """Encrypts and decrypts table payloads.

    Args:
        keys: Fernet keys (url-safe base64, 32 bytes), newest first; empty = plaintext.
        allow_plaintext: accept writing plaintext (no keys) and reading plaintext values.

    Raises:
        KeyError_: no keys and plaintext not allowed, or a malformed key.
    """

    def __init__(self, keys: list[str], *, allow_plaintext: bool = False) -> None:
        self.allow_plaintext = allow_plaintext
        if not keys and not allow_plaintext:
            raise KeyError_(
                "no encryption key for the tables of solutions: set ANON_TABLE_KEYS or ANON_TABLE_KEYS_FILE "
                "(generate one with `anonymizer keygen`), or ANON_ALLOW_PLAINTEXT_TABLES=true for development"
            )
        try:
            self._fernet = MultiFernet([Fernet(k.strip().encode()) for k in keys]) if keys else None
        except (ValueError, TypeError):
            raise KeyError_("a table encryption key is malformed (expected 32 url-safe base64-encoded bytes)") from None

    @property
    def encrypts(self) -> bool:
        """True when values are encrypted."""
        return self._fernet is not None

    def encrypt(self, payload: bytes) -> bytes:
        """The stored form of ``payload``."""
        return PREFIX + self._fernet.encrypt(payload) if self._fernet else payload

    def decrypt(self, stored: bytes) -> bytes:
        """The payload of a stored value.

        Raises:
            KeyError_: encrypted with an unknown key, tampered with, or plaintext while not allowed.
        """
        if stored.startswith(PREFIX):
            if self._fernet is None:
                raise KeyError_("the table is encrypted but no key is configured")
            try:
                return self._fernet.decrypt(stored[len(PREFIX) :])
            except InvalidToken:
                raise KeyError_("the table cannot be decrypted with the configured keys (unknown key or tampered)") from None
        if not self.allow_plaintext:
            raise KeyError_("the table is stored in plaintext, which is not allowed")
        return stored

    def rotate(self, stored: bytes) -> bytes:
        """Re-encrypt a stored value with the newest key (plaintext values are encrypted)."""
        if self._fernet is None:
            return stored
        if stored.startswith(PREFIX):
            return PREFIX + self._fernet.rotate(stored[len(PREFIX) :])
        return PREFIX + self._fernet.encrypt(stored)


def load_keys(settings: Settings) -> list[str]:
    """Keys from ``table_keys`` (comma-separated) then ``table_keys_file`` (one per line), newest first."""
    keys = [k.strip() for k in settings.table_keys.split(",") if k.strip()]
    if settings.table_keys_file:
        for line in Path(settings.table_keys_file).read_text("utf-8").splitlines():
            line = line.strip()
            if line and not line.startswith("#"):
                keys.append(line)
    return keys


def cipher_from_settings(settings: Settings) -> TableCipher:
    """The cipher configured by ``settings``. Raises :class:`KeyError_`."""
    return TableCipher(load_keys(settings), allow_plaintext=settings.allow_plaintext_tables)


def generate_key() -> str:
    """A new Fernet key."""
    return Fernet.generate_key().decode("ascii")
