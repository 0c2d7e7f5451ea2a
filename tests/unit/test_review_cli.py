"""``anonymizer review-user`` and the start-up checks of ``anonymizer review``."""

from __future__ import annotations

from typer.testing import CliRunner

import app.settings
from app.cli import cli
from app.review.auth import read_users, verify
from app.settings import Settings


def test_review_user_writes_an_argon2_line_and_replaces_it(tmp_path):
    users = tmp_path / "users.txt"
    runner = CliRunner()
    result = runner.invoke(cli, ["review-user", "alice", "--users-file", str(users)], input="pw1\npw1\n")
    assert result.exit_code == 0, result.output
    runner.invoke(cli, ["review-user", "bob", "--users-file", str(users), "--password", "pw2"])
    runner.invoke(cli, ["review-user", "alice", "--users-file", str(users), "--password", "pw3"])
    found = read_users(users)
    assert sorted(found) == ["alice", "bob"] and all(h.startswith("$argon2id$") for h in found.values())
    assert verify(found, "alice", "pw3") and not verify(found, "alice", "pw1") and verify(found, "bob", "pw2")
    assert users.stat().st_mode & 0o777 == 0o600
    bad = runner.invoke(cli, ["review-user", "a:b", "--users-file", str(users), "--password", "x"])
    assert bad.exit_code == 2 and "name" in bad.output


def test_review_refuses_to_start_without_login_or_keys(tmp_path, monkeypatch):
    runner = CliRunner()
    monkeypatch.setattr(app.settings, "get_settings", lambda: Settings(table_keys="", review_users_file=""))
    result = runner.invoke(cli, ["review"])
    assert result.exit_code == 2 and "ANON_REVIEW_USERS_FILE" in result.output
    users = tmp_path / "users.txt"
    users.write_text("", encoding="utf-8")
    monkeypatch.setattr(app.settings, "get_settings",
                        lambda: Settings(table_keys="", table_keys_file="", review_users_file=str(users)))
    result = runner.invoke(cli, ["review"])
    assert result.exit_code == 2 and "has no user" in result.output
    runner.invoke(cli, ["review-user", "alice", "--users-file", str(users), "--password", "pw"])
    result = runner.invoke(cli, ["review"])
    assert result.exit_code == 2 and "no encryption key" in result.output
