"""Names and record text from outside: cleaned on input, never printed raw in a terminal."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from sevenrocks.cli.app import app
from sevenrocks.core import Match, MatchRecord
from sevenrocks.untrusted import MAX_NAME, clean_name, terminal_safe

HOSTILE = [
    "\x1b]0;pwned\x07",  # sets the terminal's title
    "\x1b[2J\x1b[H",  # clears the screen
    "Eve\u202eevil",  # reverses what follows
    "\x00nul",
    "[bold red]markup[/]",
]


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("  Alice  ", "Alice"),
        ("Ali\tce", "Ali ce"),
        ("e\u0301", "\u00e9"),  # NFC
        ("\x1b[2JBob\x07", "[2JBob"),
        ("Eve\u202eevil\u202c", "Eveevil"),
        ("\u200b\u200c\u200d\ufeff", ""),  # zero-width only: blank
        ("\u3164\u115f", ""),  # letters that draw nothing
        ("\x00", ""),
        ("x" * 100, "x" * MAX_NAME),
    ],
)
def test_names_are_normalised(raw: str, clean: str) -> None:
    assert clean_name(raw) == clean


@given(st.text())
def test_a_clean_name_has_no_hidden_character(raw: str) -> None:
    name = clean_name(raw)
    assert len(name) <= MAX_NAME and name == name.strip()
    assert all(unicodedata.category(c)[0] != "C" for c in name)
    assert "  " not in name and clean_name(name) == name


@given(st.text())
def test_terminal_safe_text_has_no_control_or_format_character(raw: str) -> None:
    shown = terminal_safe(raw)
    assert all(unicodedata.category(c)[0] != "C" and c not in "\u2028\u2029" for c in shown)
    if all(unicodedata.category(c)[0] != "C" and c not in "\u2028\u2029" for c in raw):
        assert shown == raw


def _record(tmp_path: Path) -> Path:
    match = Match(seed=3, target=40)
    while not match.is_over:
        if match.turn is None:
            match.start_hand()
        else:
            match.push(match.legal_plays()[0])
    record = MatchRecord.from_match(
        match, players=(HOSTILE[0], HOSTILE[1], HOSTILE[2], HOSTILE[4]), metadata={"note\x1b[5m": HOSTILE[3]}
    )
    path = tmp_path / "hostile.json"
    record.save(path)
    return path


@pytest.mark.parametrize("color", ["--no-color", "--color"])
def test_show_prints_hostile_names_and_metadata_defused(tmp_path: Path, color: str) -> None:
    result = CliRunner().invoke(app, ["show", str(_record(tmp_path)), color])
    assert result.exit_code == 0, result.output
    out = result.output
    for raw in ("\x07", "\x00", "\u202e", "\x1b]0;", "\x1b[2J", "\x1b[H", "\x1b[5m"):
        assert raw not in out, repr(raw)
    if color == "--no-color":
        assert "\x1b" not in out
    assert "\\x1b]0;pwned\\x07" in out and "\\x1b[2J\\x1b[H" in out and "Eve\\u202eevil" in out
    assert "[bold red]markup[/]" in out  # shown as written, not read as Rich markup
    assert "note\\x1b[5m: \\x00nul" in out
