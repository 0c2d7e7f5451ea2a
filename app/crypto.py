"""Encryption at rest of the tables of solutions, and the keyed hashes that name them.

**Encryption** (issue 6, issue 16 item 1): AES-256-GCM (AEAD) from the ``cryptography`` package, a fresh
random 96-bit nonce per value (NIST SP 800-38D, Dworkin 2007, §8.2.2), with **associated data** that binds a
ciphertext to its place: the keyed hash of the job id and the anonymization id
(:func:`associated_data`). A ciphertext copied to another job's or another anonymization's Redis key
fails authentication and is never used. (The keyed hash of the job id rather than the job id itself, so
that ``anonymizer rotate-keys`` can re-encrypt a value from its Redis key alone: job ids are never stored
in clear.)

Key rotation: the first key encrypts, every key decrypts, so a new key is added in front and old tables
stay readable until they expire or are re-encrypted (``anonymizer rotate-keys``). Keys come from
``ANON_TABLE_KEYS`` (comma-separated, newest first) or ``ANON_TABLE_KEYS_FILE`` (one key per line, newest
first; ``#`` comments): 32 bytes, url-safe base64 (``anonymizer keygen``; the format of the earlier Fernet
keys, so configured keys keep working). Without a key the worker refuses to start unless
``ANON_ALLOW_PLAINTEXT_TABLES=true`` (development only).

Stored values are ``b"aesgcm:" + base64url(nonce (12 bytes) + ciphertext + tag)`` (ASCII, like the earlier
Fernet tokens: readable in ``redis-cli`` and ``MONITOR``); plaintext values (only written when allowed) are JSON. Values of the earlier format (``b"fernet:"``, no associated data) are refused.

**Keyed hashes** (:class:`KeyedHasher`): HMAC-SHA256 (RFC 2104) with a secret
(``ANON_TABLE_HMAC_SECRET``), domain-separated by a label, for the Redis key of a job (a bare SHA-256 of a
guessable job id would let anyone with Redis access test guesses) and for the anonymization id
(:meth:`KeyedHasher.anonymization_id`), which goes out to translation and must not let a translator test
guesses of the original text.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import os
from pathlib import Path

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from app.settings import Settings

PREFIX = b"aesgcm:"
LEGACY_PREFIX = b"fernet:"
NONCE_BYTES = 12

#: Used for the keyed hashes when no secret is configured and plaintext tables are allowed (development
#: only; the worker refuses to start without a secret when the tables are encrypted).
DEVELOPMENT_SECRET = b"anonymizer development secret: set ANON_TABLE_HMAC_SECRET"


class KeyError_(ValueError):
    """Keys are missing or malformed, or a value cannot be decrypted; the message never contains key
    material or table content."""


def associated_data(job_hash: str, anonymization_id: str) -> bytes:
    """The associated data of a table: ``b"anonymizer-table/2\\0" + job_hash + b"\\0" + anonymization_id``.

    Args:
        job_hash: :meth:`KeyedHasher.job_hash` of the job id (hex).
        anonymization_id: the anonymization id (hex).
    """
    return b"anonymizer-table/2\0" + job_hash.encode("ascii") + b"\0" + anonymization_id.encode("ascii")


def _key_bytes(key: str) -> bytes:
    try:
        raw = base64.urlsafe_b64decode(key.strip().encode("ascii"))
    except (ValueError, binascii.Error, UnicodeEncodeError):
        raw = b""
    if len(raw) != 32:
        raise KeyError_("a table encryption key is malformed (expected 32 url-safe base64-encoded bytes)")
    return raw


class TableCipher:
    """Encrypts and decrypts table payloads with associated data.

    Args:
        keys: keys (url-safe base64 of 32 bytes), newest first; empty = plaintext.
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
        self._keys = [AESGCM(_key_bytes(k)) for k in keys]

    @property
    def encrypts(self) -> bool:
        """True when values are encrypted."""
        return bool(self._keys)

    def encrypt(self, payload: bytes, ad: bytes) -> bytes:
        """The stored form of ``payload``, bound to the associated data ``ad``."""
        if not self._keys:
            return payload
        nonce = os.urandom(NONCE_BYTES)
        return PREFIX + base64.urlsafe_b64encode(nonce + self._keys[0].encrypt(nonce, payload, ad))

    def decrypt(self, stored: bytes, ad: bytes) -> bytes:
        """The payload of a stored value.

        Raises:
            KeyError_: encrypted with an unknown key, tampered with, bound to other associated data (moved
                from another key), of the earlier Fernet format, or plaintext while not allowed.
        """
        if stored.startswith(PREFIX):
            if not self._keys:
                raise KeyError_("the table is encrypted but no key is configured")
            try:
                body = base64.urlsafe_b64decode(stored[len(PREFIX) :])
            except (ValueError, binascii.Error):
                body = b""
            nonce, sealed = body[:NONCE_BYTES], body[NONCE_BYTES:]
            for key in self._keys:
                try:
                    return key.decrypt(nonce, sealed, ad)
                except InvalidTag:
                    continue
            raise KeyError_(
                "the table cannot be decrypted with the configured keys for this job and anonymization "
                "(unknown key, tampered, or moved from another key)"
            )
        if stored.startswith(LEGACY_PREFIX):
            raise KeyError_("the table was written by an earlier version (Fernet, not bound to its key): not used")
        if not self.allow_plaintext:
            raise KeyError_("the table is stored in plaintext, which is not allowed")
        return stored

    def rotate(self, stored: bytes, ad: bytes) -> bytes:
        """Re-encrypt a stored value with the newest key (plaintext values are encrypted). Raises
        :class:`KeyError_` as :meth:`decrypt`."""
        if not self._keys:
            return stored
        return self.encrypt(self.decrypt(stored, ad) if stored.startswith(PREFIX) else stored, ad)


class KeyedHasher:
    """HMAC-SHA256 (RFC 2104) with a secret, for Redis key names and anonymization ids.

    Args:
        secret: the secret (bytes; at least 16).

    Raises:
        KeyError_: the secret is shorter than 16 bytes.
    """

    def __init__(self, secret: bytes) -> None:
        if len(secret) < 16:
            raise KeyError_("the table HMAC secret must have at least 16 bytes (ANON_TABLE_HMAC_SECRET)")
        self._secret = secret

    def _mac(self, label: bytes, *parts: bytes) -> bytes:
        message = label + b"".join(len(p).to_bytes(8, "big") + p for p in parts)
        return hmac.new(self._secret, message, hashlib.sha256).digest()

    def job_hash(self, job_id: str) -> str:
        """The job's name in Redis keys: 32 hex digits (128 bits of HMAC-SHA256 of the job id)."""
        return self._mac(b"redis-key/job", job_id.encode("utf-8", "surrogatepass"))[:16].hex()

    def anonymization_id(self, job_id: str, content: bytes) -> str:
        """The id of one anonymization: 32 hex digits (128 bits) of HMAC-SHA256 of the job id and the
        SHA-256 of ``content`` (the table's JSON without its id, :meth:`app.table.Table.to_json`).

        Deterministic, so a redelivered document gets the same id and rewrites the same table (the
        pipeline's at-least-once guarantee: byte-identical copies); a different anonymization of the same
        job id (another text, method or configuration) gets another id. Keyed, so a translator who sees the
        id cannot test guesses of the original text against it.
        """
        return self._mac(b"anonymization-id", job_id.encode("utf-8", "surrogatepass"), hashlib.sha256(content).digest())[:16].hex()


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


def hasher_from_settings(settings: Settings, *, strict: bool = True) -> KeyedHasher:
    """The keyed hasher of ``table_hmac_secret``.

    Without a secret: :data:`DEVELOPMENT_SECRET` when ``strict`` is false or plaintext tables are allowed
    (library use, tests, development).

    Raises:
        KeyError_: no secret, ``strict`` and plaintext not allowed; or a secret shorter than 16 bytes.
    """
    secret = settings.table_hmac_secret.encode("utf-8")
    if not secret:
        if strict and not settings.allow_plaintext_tables:
            raise KeyError_(
                "no secret for the keyed hashes of the tables of solutions: set ANON_TABLE_HMAC_SECRET (at least "
                "16 characters, e.g. `anonymizer keygen`); keep it stable, a new one orphans every stored table"
            )
        secret = DEVELOPMENT_SECRET
    return KeyedHasher(secret)


def generate_key() -> str:
    """A new key: 32 random bytes, url-safe base64 (also good as ``ANON_TABLE_HMAC_SECRET``)."""
    return base64.urlsafe_b64encode(os.urandom(32)).decode("ascii")
