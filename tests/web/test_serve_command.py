"""``sevenrocks serve`` refuses settings it cannot use, with a clear message and no traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from sevenrocks.cli.app import app


def test_a_database_url_that_cannot_be_opened_is_reported() -> None:
    result = CliRunner().invoke(app, ["serve", "--db", "nonsense://x"])
    assert result.exit_code == 2
    assert "cannot open the database 'nonsense://x'" in result.output
    assert "Traceback" not in result.output


def test_a_bad_bot_delay_setting_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SEVENROCKS_BOT_DELAY", "soon")
    result = CliRunner().invoke(app, ["serve"])
    assert result.exit_code == 2 and "SEVENROCKS_BOT_DELAY must be a number, not 'soon'" in result.output


def test_serve_is_listed_in_the_help() -> None:
    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0 and "--db" in result.output and "--bot-delay" in result.output


@pytest.mark.parametrize(
    ("name", "value", "says"),
    [
        ("SEVENROCKS_MAX_MESSAGE_BYTES", "4k", "must be a whole number, not '4k'"),
        ("SEVENROCKS_OUTBOX_MESSAGES", "0", "must be above zero, not '0'"),
        ("SEVENROCKS_MESSAGES_PER_SECOND", "-1", "must be above zero, not '-1'"),
        ("SEVENROCKS_NEW_TABLES_PER_HOUR", "２０", "must be a whole number, not '２０'"),
        ("SEVENROCKS_IDLE_TABLE_SECONDS", "inf", "must be a finite number, not 'inf'"),
        ("SEVENROCKS_COMPRESSION", "maybe", "must be 1 or 0 (on or off), not 'maybe'"),
    ],
)
def test_limit_settings_are_checked(
    monkeypatch: pytest.MonkeyPatch, name: str, value: str, says: str
) -> None:
    monkeypatch.setenv(name, value)
    result = CliRunner().invoke(app, ["serve"])
    assert result.exit_code == 2 and f"{name} {says}" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize(
    ("env", "args", "says"),
    [
        (
            {"SEVENROCKS_REDIS_URL": "redis://127.0.0.1:1"},
            ["--db", "sqlite:///x.db"],
            "SEVENROCKS_REDIS_URL shares tables between server processes, which must share one database",
        ),
        ({"SEVENROCKS_REDIS_URL": "http://example"}, [], "SEVENROCKS_REDIS_URL must start with redis://"),
        ({"SEVENROCKS_NODE": "a b"}, [], "SEVENROCKS_NODE must be letters, digits"),
        ({"SEVENROCKS_LEASE_SECONDS": "0"}, [], "SEVENROCKS_LEASE_SECONDS must be above zero"),
    ],
)
def test_cluster_settings_are_checked(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str], args: list[str], says: str
) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    result = CliRunner().invoke(app, ["serve", *args])
    assert result.exit_code == 2 and says in result.output and "Traceback" not in result.output


def test_a_redis_that_does_not_answer_is_reported(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("SEVENROCKS_REDIS_URL", f"unix://{tmp_path}/no-redis.sock")
    result = CliRunner().invoke(app, ["serve", "--db", "postgresql+psycopg://nobody@/nothing"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert f"cannot reach Redis at SEVENROCKS_REDIS_URL (unix://{tmp_path}/no-redis.sock)" in result.output
