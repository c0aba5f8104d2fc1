"""``sevenrocks show`` and ``render`` of Sausage records and scripts: every deal, turn and settlement in
words; positions as SVG (whole, a seat's view, the table alone); the errors of a bad file."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from sevenrocks.cli.app import app
from sevenrocks.cli.render_sausage import sausage_position_at
from sevenrocks.core.sausage import SausageMatch, SausageRecord
from sevenrocks.core.sausage.script import replay_sausage
from sevenrocks.sausage_svg import position, table
from tests.sausage.common import QUEUES_12_1, deal

runner = CliRunner()
SCRIPT: dict[str, Any] = {
    "game": "sausage",
    "hands": [
        {
            "queues": [list(QUEUES_12_1[0]), list(QUEUES_12_1[1])],
            "starter": 0,
            "moves": ["5-6:bottom", "2-4:top", "4-6:cut", "4-4:top"],
        }
    ],
}


def _record(tmp_path: Path, seed: int = 6) -> tuple[Path, SausageRecord]:
    rng = random.Random(seed)
    match = SausageMatch(seed=seed)
    while not match.is_over:
        match.start_deal()
        while match.in_deal:
            legal = match.legal_moves()
            match.push(legal[rng.randrange(len(legal))])
    record = SausageRecord.from_match(match, players=("ann", "bob\x1b[31m"), metadata={"event": "test"})
    return record.save(tmp_path / "m.json"), record


def _show(*args: str) -> Any:
    return runner.invoke(app, ["show", *args], env={"COLUMNS": "120"})


def test_show_a_record(tmp_path: Path) -> None:
    path, record = _record(tmp_path)
    result = _show(str(path))
    assert result.exit_code == 0, result.output
    out = result.output
    assert "game: Sausage (sausage), 2 seats" in out and "options: target=101" in out
    assert "players: seat 0 ann · seat 1 bob\\x1b[31m" in out  # escaped, never raw
    assert f"seed 6 · target 101 · deals: {len(record)}" in out and "event: test" in out
    assert out.count("starts (") == len(record) and "queue of seat 0 ann, front first: " in out
    assert "ends (top / bottom)" in out and "queues (0 / 1)" in out and "the start tile" in out
    assert "the table at the end of the deal:" in out and "table: start tile " in out
    assert out.count("wins the deal") + out.count("nobody wins the deal") >= len(record)
    winner = record.winner
    assert winner is not None and f"winner: seat {winner} " in out
    short = _show(str(path), "--no-deals", "--no-layouts")
    assert "front first" not in short.output and "the table at the end" not in short.output
    script = _show(str(path), "--script")
    assert script.exit_code == 0 and replay_sausage(json.loads(script.stdout)) == record.to_report()


def test_show_a_script_and_the_checks_of_game_and_options(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text(json.dumps(SCRIPT))
    result = _show(str(path))
    assert result.exit_code == 0, result.output
    assert "4-6:cut: 3 tiles to the other queue" in result.output
    assert "the deal stops here, unfinished" in result.output and "unfinished: seat 0: 0" in result.output
    nameless = {k: v for k, v in SCRIPT.items() if k != "game"}
    path.write_text(json.dumps(nameless))
    assert _show(str(path), "--game", "sausage", "--option", "target=50").exit_code == 0
    assert "target=50" in _show(str(path), "--game", "sausage", "--option", "target=50").output
    record_path, _ = _record(tmp_path)
    wrong = _show(str(record_path), "--game", "kozel")
    assert wrong.exit_code == 2 and "this record is a match of sausage" in wrong.output
    other = _show(str(record_path), "--option", "target=50")
    assert other.exit_code == 2 and "this record's target is 101" in other.output


def test_show_names_the_fault_of_a_bad_record(tmp_path: Path) -> None:
    path, record = _record(tmp_path)
    data = record.to_json()
    data["hands"][0]["turns"][1]["went"] = "aside"
    path.write_text(json.dumps(data))
    result = _show(str(path))
    assert result.exit_code == 2 and "hand 0" in result.output and "Traceback" not in result.output


def test_render_positions(tmp_path: Path) -> None:
    path = _record(tmp_path)[0]
    whole = runner.invoke(app, ["render", str(path), "--hand", "1", "--play", "3"])
    assert whole.exit_code == 0, whole.output
    svg = whole.stdout
    assert svg.startswith("<svg") and 'class="line-end"' in svg and 'class="tile back"' not in svg
    view = runner.invoke(app, ["render", str(path), "--hand", "1", "--play", "3", "--seat", "0"])
    assert view.exit_code == 0 and 'class="tile back"' in view.stdout
    only = runner.invoke(app, ["render", str(path), "--layout-only"])
    assert only.exit_code == 0 and "top end " in only.stdout and 'class="queue"' not in only.stdout
    png = runner.invoke(app, ["render", str(path), "-o", str(tmp_path / "p.png"), "--size", "300"])
    assert png.exit_code == 0 and (tmp_path / "p.png").read_bytes().startswith(b"\x89PNG")
    for args, message in (
        (["--hand", "99"], "deal 99 is out of range"),
        (["--hand", "1", "--play", "999"], "play 999 is out of range"),
        (["--seat", "2"], "--seat must be 0 or 1, not 2"),
    ):
        bad = runner.invoke(app, ["render", str(path), *args])
        assert bad.exit_code == 2 and message in bad.output


def test_positions_follow_the_record() -> None:
    match = deal(moves="5-6:bottom 2-4:top 4-6:cut")
    record = SausageRecord.from_match(match)
    again = sausage_position_at(record, 1, 2)
    assert again.table.ends == (4, 6) and again.turned is not None and str(again.turned) == "4-6"
    assert sausage_position_at(record).table == match.table
    picture = position(match.view(1))
    assert picture.count('class="tile back"') == 10 + 11  # never turned: seat 0 10 (4-4 is up), seat 1 11
    assert 'data-line="top" data-value="4"' in table(match.table)
