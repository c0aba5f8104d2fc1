"""``sevenrocks render``: a position of a match record as SVG or PNG, clear errors for bad arguments."""

from __future__ import annotations

import random
from pathlib import Path
from xml.etree import ElementTree

import pytest
from typer.testing import CliRunner

from sevenrocks.cli.app import app
from sevenrocks.cli.render import RenderError, position_at
from sevenrocks.core import Match
from sevenrocks.core.record import MatchRecord

runner = CliRunner()


@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    match = Match(seed=7)
    rng = random.Random(7)
    while not match.is_over and len(match.history) < 3:
        if match.turn is None:
            match.start_hand()
        else:
            match.push(rng.choice(match.legal_plays()))
    path = tmp_path_factory.mktemp("records") / "match.json"
    MatchRecord.from_match(match, players=("a", "b", "c", "d")).save(path)
    return path


def test_position_at_replays_to_the_play(record_file: Path) -> None:
    from sevenrocks.core.record import load_record

    record = load_record(record_file)
    log = record.hands[1]
    match = position_at(record, 2, 5)
    assert match.hand_number == 1 and len(match.placements) == 5
    assert [p.play for p in match.placements] == [p.play for p in log.placements[:5]]
    assert match.layout.is_empty is False
    dealt = position_at(record, 2, 0)
    assert dealt.layout.is_empty and sorted(map(str, dealt.hand(0))) == sorted(map(str, log.deal[0]))
    last = position_at(record)
    assert len(last.history) == len(record.hands)
    with pytest.raises(RenderError, match="hand 4 is out of range: this record has hands 1 to 3"):
        position_at(record, 4, 1)
    with pytest.raises(RenderError, match="play -1 is out of range"):
        position_at(record, 1, -1)


def test_render_svg_file(record_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "pos.svg"
    result = runner.invoke(app, ["render", str(record_file), "--hand", "1", "--play", "6", "-o", str(out)])
    assert result.exit_code == 0, result.output
    root = ElementTree.fromstring(out.read_text(encoding="utf-8"))
    tiles = [el for el in root.iter() if (el.get("class") or "").startswith("tile") and el.get("data-order")]
    assert len(tiles) == 6
    assert len([el for el in root.iter() if el.get("class") == "hand-tile"]) == 28 - 6


def test_render_stdout_view_and_layout_only(record_file: Path) -> None:
    result = runner.invoke(app, ["render", str(record_file), "--hand", "1", "--play", "3", "--seat", "2"])
    assert result.exit_code == 0, result.output
    root = ElementTree.fromstring(result.stdout)
    assert len([el for el in root.iter() if el.get("class") == "hand-tile"]) <= 7
    result = runner.invoke(app, ["render", str(record_file), "-n", "1", "-k", "4", "--layout-only"])
    assert result.exit_code == 0
    assert "counted contribution" in result.stdout and "=" in result.stdout


def test_render_png(record_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "pos.png"
    result = runner.invoke(app, ["render", str(record_file), "--hand", "2", "-o", str(out), "--size", "400"])
    assert result.exit_code == 0, result.output
    assert out.read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--hand", "9"], "hand 9 is out of range: this record has hands 1 to 3"),
        (["--hand", "0"], "hand 0 is out of range"),
        (["--hand", "1", "--play", "99"], "play 99 is out of range: hand 1 has"),
        (["-o", "pos.gif"], "the output must end in .svg or .png"),
        (["--seat", "5"], "--seat must be 0, 1, 2 or 3"),
        (["--size", "0"], "--size must be between"),
    ],
)
def test_bad_arguments(record_file: Path, args: list[str], message: str) -> None:
    result = runner.invoke(app, ["render", str(record_file), *args])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_bad_files(tmp_path: Path) -> None:
    missing = runner.invoke(app, ["render", str(tmp_path / "nothing.json")])
    assert missing.exit_code == 2 and "no such file" in missing.output
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{not json", encoding="utf-8")
    bad = runner.invoke(app, ["render", str(garbage)])
    assert bad.exit_code == 2 and "error:" in bad.output and "Traceback" not in bad.output
    folder = runner.invoke(app, ["render", str(tmp_path)])
    assert folder.exit_code == 2 and "folder" in folder.output


def test_unwritable_output(record_file: Path, tmp_path: Path) -> None:
    result = runner.invoke(app, ["render", str(record_file), "-o", str(tmp_path / "missing-dir" / "x.svg")])
    assert result.exit_code == 2 and "cannot write" in result.output
