import base64
import subprocess
import sys

import pytest
from cryptography.fernet import Fernet

from app.crypto import (
    PREFIX,
    KeyedHasher,
    KeyError_,
    TableCipher,
    associated_data,
    cipher_from_settings,
    generate_key,
    hasher_from_settings,
)
from app.settings import Settings

PAYLOAD = b'{"entries":[{"surfaces":["Ann Smith"]}]}'
AD = associated_data("ab" * 16, "cd" * 16)


def test_encrypts_with_authentication_and_no_plaintext_leaks():
    cipher = TableCipher([generate_key()])
    stored = cipher.encrypt(PAYLOAD, AD)
    assert stored.startswith(PREFIX) and b"Ann Smith" not in stored
    assert cipher.decrypt(stored, AD) == PAYLOAD
    assert cipher.encrypt(PAYLOAD, AD) != stored  # a fresh nonce per value
    tampered = stored[:-5] + (b"A" if stored[-5:-4] != b"A" else b"B") + stored[-4:]
    with pytest.raises(KeyError_, match="cannot be decrypted"):
        cipher.decrypt(tampered, AD)


def test_a_ciphertext_moved_to_another_job_or_anonymization_does_not_decrypt():
    cipher = TableCipher([generate_key()])
    stored = cipher.encrypt(PAYLOAD, associated_data("11" * 16, "aa" * 16))
    for job_hash, aid in (("22" * 16, "aa" * 16), ("11" * 16, "bb" * 16)):
        with pytest.raises(KeyError_, match="moved from another key"):
            cipher.decrypt(stored, associated_data(job_hash, aid))
    assert cipher.decrypt(stored, associated_data("11" * 16, "aa" * 16)) == PAYLOAD


def test_associated_data_is_exactly_the_job_hash_and_the_anonymization_id():
    assert associated_data("0f" * 16, "a1" * 16) == b"anonymizer-table/2\0" + b"0f" * 16 + b"\0" + b"a1" * 16


def test_key_rotation_old_keys_decrypt_new_key_encrypts():
    old, new = generate_key(), generate_key()
    stored_with_old = TableCipher([old]).encrypt(PAYLOAD, AD)
    rotated_cipher = TableCipher([new, old])
    assert rotated_cipher.decrypt(stored_with_old, AD) == PAYLOAD
    rewritten = rotated_cipher.rotate(stored_with_old, AD)
    assert TableCipher([new]).decrypt(rewritten, AD) == PAYLOAD
    with pytest.raises(KeyError_):
        TableCipher([old]).decrypt(rewritten, AD)
    with pytest.raises(KeyError_, match="moved from another key"):  # rotation keeps the binding
        TableCipher([new]).decrypt(rewritten, associated_data("ee" * 16, "cd" * 16))


def test_fernet_keys_still_work_and_fernet_values_are_refused():
    key = Fernet.generate_key().decode()  # the earlier key format: 32 url-safe base64 bytes
    cipher = TableCipher([key])
    assert cipher.decrypt(cipher.encrypt(PAYLOAD, AD), AD) == PAYLOAD
    legacy = b"fernet:" + Fernet(key.encode()).encrypt(PAYLOAD)
    with pytest.raises(KeyError_, match="earlier version"):
        cipher.decrypt(legacy, AD)


def test_plaintext_policy():
    with pytest.raises(KeyError_, match="no encryption key"):
        TableCipher([])
    with pytest.raises(KeyError_, match="malformed"):
        TableCipher(["not-a-key"])
    with pytest.raises(KeyError_, match="malformed"):
        TableCipher([base64.urlsafe_b64encode(b"x" * 16).decode()])
    with pytest.raises(KeyError_, match="plaintext, which is not allowed"):
        TableCipher([generate_key()]).decrypt(PAYLOAD, AD)
    dev = TableCipher([], allow_plaintext=True)
    assert dev.encrypt(PAYLOAD, AD) == PAYLOAD and dev.decrypt(PAYLOAD, AD) == PAYLOAD and not dev.encrypts


def test_keys_from_environment_and_file(tmp_path):
    a, b = generate_key(), generate_key()
    keyfile = tmp_path / "keys"
    keyfile.write_text(f"# newest first\n{b}\n")
    cipher = cipher_from_settings(Settings(table_keys=a, table_keys_file=str(keyfile)))
    assert cipher.decrypt(TableCipher([b]).encrypt(PAYLOAD, AD), AD) == PAYLOAD  # every key decrypts
    assert TableCipher([a]).decrypt(cipher.encrypt(PAYLOAD, AD), AD) == PAYLOAD  # the first key encrypts


def test_job_hash_is_a_keyed_hmac_not_a_bare_digest():
    import hashlib
    import hmac

    secret = b"s" * 32
    hasher = KeyedHasher(secret)
    job = "job/ü 1"
    # HMAC-SHA256 over a label and the length-prefixed job id, first 128 bits
    expected = hmac.new(secret, b"redis-key/job" + len(job.encode()).to_bytes(8, "big") + job.encode(),
                        hashlib.sha256).digest()[:16].hex()
    assert hasher.job_hash(job) == expected and len(expected) == 32
    assert hasher.job_hash(job) != hashlib.sha256(job.encode()).hexdigest()[:32]
    assert KeyedHasher(b"t" * 32).job_hash(job) != expected  # another secret, another name
    assert hasher.job_hash("job-2") != expected


def test_anonymization_id_is_deterministic_per_content_and_keyed():
    hasher = KeyedHasher(b"s" * 32)
    first = hasher.anonymization_id("job-1", b'{"entries":[1]}')
    assert first == hasher.anonymization_id("job-1", b'{"entries":[1]}') and len(first) == 32
    assert int(first, 16) >= 0
    others = {hasher.anonymization_id("job-1", b'{"entries":[2]}'), hasher.anonymization_id("job-2", b'{"entries":[1]}'),
              KeyedHasher(b"t" * 32).anonymization_id("job-1", b'{"entries":[1]}')}
    assert first not in others and len(others) == 3


def test_the_hmac_secret_is_required_with_encrypted_tables():
    with pytest.raises(KeyError_, match="ANON_TABLE_HMAC_SECRET"):
        hasher_from_settings(Settings(table_keys=generate_key()))
    assert hasher_from_settings(Settings(allow_plaintext_tables=True)).job_hash("j") == \
        hasher_from_settings(Settings(), strict=False).job_hash("j")  # the development secret
    with pytest.raises(ValueError, match="at least 16 characters"):
        Settings(table_hmac_secret="short")
    secret = generate_key()
    assert hasher_from_settings(Settings(table_hmac_secret=secret)).job_hash("j") == KeyedHasher(secret.encode()).job_hash("j")
    assert secret not in repr(Settings(table_hmac_secret=secret))


def test_worker_refuses_to_start_without_a_key(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "ANON_TABLE_KEYS": "", "ANON_ALLOW_PLAINTEXT_TABLES": "false"}
    proc = subprocess.run([sys.executable, "-m", "app.worker"], env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2
    assert "no encryption key for the tables of solutions" in proc.stderr


def test_worker_refuses_to_start_without_an_hmac_secret(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "ANON_TABLE_KEYS": generate_key(), "ANON_TABLE_HMAC_SECRET": "",
           "ANON_ALLOW_PLAINTEXT_TABLES": "false"}
    proc = subprocess.run([sys.executable, "-m", "app.worker"], env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2
    assert "no secret for the keyed hashes of the tables of solutions: set ANON_TABLE_HMAC_SECRET" in proc.stderr
