import subprocess
import sys

import pytest

from app.crypto import PREFIX, KeyError_, TableCipher, cipher_from_settings, generate_key
from app.settings import Settings

PAYLOAD = b'{"entries":[{"surfaces":["Ann Smith"]}]}'


def test_encrypts_with_authentication_and_no_plaintext_leaks():
    cipher = TableCipher([generate_key()])
    stored = cipher.encrypt(PAYLOAD)
    assert stored.startswith(PREFIX) and b"Ann Smith" not in stored
    assert cipher.decrypt(stored) == PAYLOAD
    tampered = stored[:-5] + (b"A" if stored[-5:-4] != b"A" else b"B") + stored[-4:]
    with pytest.raises(KeyError_, match="cannot be decrypted"):
        cipher.decrypt(tampered)


def test_key_rotation_old_keys_decrypt_new_key_encrypts():
    old, new = generate_key(), generate_key()
    stored_with_old = TableCipher([old]).encrypt(PAYLOAD)
    rotated_cipher = TableCipher([new, old])
    assert rotated_cipher.decrypt(stored_with_old) == PAYLOAD
    rewritten = rotated_cipher.rotate(stored_with_old)
    assert TableCipher([new]).decrypt(rewritten) == PAYLOAD
    with pytest.raises(KeyError_):
        TableCipher([old]).decrypt(rewritten)


def test_plaintext_policy():
    with pytest.raises(KeyError_, match="no encryption key"):
        TableCipher([])
    with pytest.raises(KeyError_, match="malformed"):
        TableCipher(["not-a-key"])
    with pytest.raises(KeyError_, match="plaintext, which is not allowed"):
        TableCipher([generate_key()]).decrypt(PAYLOAD)
    dev = TableCipher([], allow_plaintext=True)
    assert dev.encrypt(PAYLOAD) == PAYLOAD and dev.decrypt(PAYLOAD) == PAYLOAD and not dev.encrypts


def test_keys_from_environment_and_file(tmp_path):
    a, b = generate_key(), generate_key()
    keyfile = tmp_path / "keys"
    keyfile.write_text(f"# newest first\n{b}\n")
    cipher = cipher_from_settings(Settings(table_keys=a, table_keys_file=str(keyfile)))
    assert cipher.decrypt(TableCipher([b]).encrypt(PAYLOAD)) == PAYLOAD  # every key decrypts
    assert TableCipher([a]).decrypt(cipher.encrypt(PAYLOAD)) == PAYLOAD  # the first key encrypts


def test_worker_refuses_to_start_without_a_key(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "ANON_TABLE_KEYS": "", "ANON_ALLOW_PLAINTEXT_TABLES": "false"}
    proc = subprocess.run([sys.executable, "-m", "app.worker"], env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2
    assert "no encryption key for the tables of solutions" in proc.stderr
