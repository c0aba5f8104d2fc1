"""``sevenrocks show`` and ``render`` for every game of the family, through the command line."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest
from typer.testing import CliRunner

from sevenrocks.cli.app import app
from sevenrocks.core import Match, MatchEnd, MatchRecord, Tile
from sevenrocks.core.events import Draw, HandEnd, Knock
from sevenrocks.core.games import LAYOUT_GAMES
from sevenrocks.core.script import replay
from sevenrocks.text import sea_event_text
from tests.family.configs import Table, random_match

runner = CliRunner()
GAME_SEATS = [(game.id, seats) for game in LAYOUT_GAMES for seats in game.seats]
LOW_TARGETS: dict[str, dict[str, Any]] = {
    "seven-rocks": {"target": 60},
    "block": {"target": 30},
    "draw": {"target": 30},
    "kozel": {"target": 30},
    "kozel-125": {"target": 40},
    "telephone": {"target": 60},
    "muggins": {"target": 60},
    "all-fives": {"target": 60},
    "five-up": {"target": 15},
    "fives-and-threes": {"target": 15},
    "all-threes": {"target": 15},
}


def finished_match(game: str, seats: int) -> Match:
    table = Table(game, seats, LOW_TARGETS.get(game, {}))
    for seed in range(60):
        match = random_match(table, seed, max_hands=40)
        if match.is_over:
            return match
    raise AssertionError(f"no seed finished a match of {table}")


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, int], Path]:
    folder = tmp_path_factory.mktemp("family-records")
    out: dict[tuple[str, int], Path] = {}
    for game, seats in GAME_SEATS:
        match = finished_match(game, seats)
        players = tuple(f"player {seat}" for seat in range(seats))
        out[(game, seats)] = MatchRecord.from_match(match, players=players).save(
            folder / f"{game}-{seats}.json"
        )
    return out


def show(*args: str) -> str:
    run = runner.invoke(app, ["show", "--no-color", *args])
    assert run.exit_code == 0, run.output
    return run.stdout


@pytest.mark.parametrize(("game", "seats"), GAME_SEATS)
def test_show_every_game(records: dict[tuple[str, int], Path], game: str, seats: int) -> None:
    path = records[(game, seats)]
    record = MatchRecord.from_json(json.loads(path.read_text(encoding="utf-8")))
    out = show(str(path))
    if game != "seven-rocks":
        assert f"({game}), {seats} seats" in out and "options: " in out
    assert "players: " + " · ".join(f"seat {s} player {s}" for s in range(seats)) in out
    for h, log in enumerate(record.hands):
        assert f"hand {h + 1}" in out
        assert " ".join(str(t) for t in log.deal[0]) in out
        if log.boneyard:
            assert "boneyard, in draw order: " + " ".join(str(t) for t in log.boneyard) in out
        for event in log.events:
            if isinstance(event, Draw):
                assert f"draws {event.tile}" in out
            elif isinstance(event, Knock):
                assert "knocks (nothing on " + ", ".join(map(str, event.values)) + ")" in out
            else:
                assert str(event.play) in out
    result = record.results[-1]
    outcome = record.outcome
    assert outcome is not None and record.end is MatchEnd.TARGET
    tail = out.split("result")[-1]
    if game == "seven-rocks":
        assert "win at the target" in tail
    elif outcome.is_draw:
        assert "the match is a draw" in tail
    else:
        assert ("winner: " if len(outcome.winners) == 1 else "winners: ") in tail
        if outcome.goats:
            assert "goat" in tail
    if result.end is HandEnd.BLOCKED and result.fisherman is not None:
        assert f"the fisherman, the last to move before the block: seat {result.fisherman}" in out
    if result.written is not None and any(result.written):
        assert (" adds " if game == "sea-kozel" else " writes ") in out
    if game == "sea-kozel":
        assert "record: " in out or "no side holds a record" in out
        for event in result.events or ():
            assert (
                sea_event_text(
                    event, result, record.rules, names=record.players, hundred=record.hands[-1].hundred
                )
                in out
            )
    if game == "general" and result.loser is not None:
        assert f"seat {result.loser} player {result.loser}, next after the finisher, loses the hand" in out
        assert "hands lost" in tail or "hand lost" in tail
    if result.award is not None and any(result.award):
        assert " scores " in out
    if result.deductions is not None and any(result.deductions) and game != "seven-rocks":
        assert " deducted" in out
    if game == "picture" and result.hands is not None:
        assert "tiles left" in out or "1 tile left" in out


@pytest.mark.parametrize(("game", "seats"), GAME_SEATS)
def test_render_every_game(
    records: dict[tuple[str, int], Path], tmp_path: Path, game: str, seats: int
) -> None:
    path = records[(game, seats)]
    record = MatchRecord.from_json(json.loads(path.read_text(encoding="utf-8")))
    h = next((h for h, log in enumerate(record.hands) if log.placements), 0)
    k = len(record.hands[h].placements) // 2
    run = runner.invoke(app, ["render", str(path), "--hand", str(h + 1), "--play", str(k)])
    assert run.exit_code == 0, run.output
    root = ElementTree.fromstring(run.stdout)
    placed = [el for el in root.iter() if (el.get("class") or "").startswith("tile") and el.get("data-order")]
    assert len(placed) == sum(len(p.play.tiles) for p in record.hands[h].placements[:k])
    labels = {el.get("data-seat") for el in root.iter() if el.get("class") == "seat-label"}
    assert labels == {str(s) for s in range(seats)}
    seen = runner.invoke(app, ["render", str(path), "--seat", str(seats - 1), "--layout-only"])
    assert seen.exit_code == 0, seen.output
    bad = runner.invoke(app, ["render", str(path), "--seat", str(seats)])
    assert bad.exit_code == 2 and "--seat must be" in bad.output
    out = tmp_path / "pos.png"
    png = runner.invoke(app, ["render", str(path), "-o", str(out), "--size", "300"])
    assert png.exit_code == 0, png.output
    assert out.read_bytes()[:4] == b"\x89PNG"


def test_show_and_render_a_void_deal_and_several_doubles(tmp_path: Path) -> None:
    doubles = ["0-0", "1-1", "2-2", "3-3", "4-4", "0-1", "0-2"]
    rest = [Tile.parse(t) for t in (f"{a}-{b}" for a in range(7) for b in range(a, 7)) if t not in doubles]
    match = Match("kozel", seats=4, options={"several_doubles": True}, seed=1)
    match.start_hand([[Tile.parse(t) for t in doubles], rest[:7], rest[7:14], rest[14:21]])
    several = False
    for seed in range(200):
        trial = match.copy()
        rng = random.Random(seed)
        trial.start_hand()
        while trial.turn is not None:
            moves = trial.legal_moves()
            pairs = [m for m in moves if len(m.tiles) > 1]
            move = pairs[0] if pairs else rng.choice(moves)
            several = several or bool(pairs)
            trial.push(move)
        if several:
            match = trial
            break
    assert several
    path = MatchRecord.from_match(match, players=("a", "b", "c", "d")).save(tmp_path / "void.json")
    out = show(str(path))
    assert "void deal: a hand holds five doubles or six tiles of one suit" in out
    assert "the deal is void: the tiles are dealt again and nothing else changes" in out
    move = next(str(p.play) for p in match.history[1].placements if len(p.play.tiles) > 1)
    assert move in out and "+" in move
    run = runner.invoke(app, ["render", str(path), "--hand", "1"])
    assert run.exit_code == 0, run.output
    assert run.stdout.count('class="hand-tile"') == 28


def test_show_and_render_a_script_with_game_and_options(tmp_path: Path) -> None:
    match = finished_match("kozel", 3)
    record = MatchRecord.from_match(match, players=("a", "b", "c"))
    script = record.to_script()
    del script["game"]
    options = script.pop("options")
    path = tmp_path / "script.json"
    path.write_text(json.dumps(script), encoding="utf-8")
    flags = ["--game", "kozel", *(f for k, v in options.items() for f in ("--option", f"{k}={v}"))]
    out = show(str(path), *flags)
    assert "(kozel), 3 seats" in out and "goat: " in out
    again = runner.invoke(app, ["show", "--script", str(path), *flags])
    assert again.exit_code == 0 and json.loads(again.stdout) == record.to_script()
    assert runner.invoke(app, ["render", str(path), *flags]).exit_code == 0
    # without --game the script is a Seven Rocks script, and its three hands are wrong
    wrong = runner.invoke(app, ["show", str(path)])
    assert wrong.exit_code == 2 and "hand 0" in wrong.stderr
    # on a record, --game and --option are a check
    saved = record.save(tmp_path / "kozel.json")
    assert "(kozel)" in show(str(saved), "--game", "kozel", "--option", f"target={options['target']}")
    for flags, words in (
        (["--game", "muggins"], "this record is a match of kozel"),
        (["--option", "target=7"], f"this record's target is {options['target']}"),
        (["--option", "colour=red"], "kozel has no option 'colour'"),
        (["--option", "target"], "--option takes KEY=VALUE"),
        (["--game", "chess"], "no game 'chess'"),
    ):
        run = runner.invoke(app, ["show", str(saved), *flags])
        assert run.exit_code == 2 and words in run.stderr, run.output
        run = runner.invoke(app, ["render", str(saved), *flags])
        assert run.exit_code == 2 and words in run.output, run.output
    script["game"] = "kozel"
    path.write_text(json.dumps(script), encoding="utf-8")
    run = runner.invoke(app, ["show", str(path), "--game", "block"])
    assert run.exit_code == 2 and "this script is a match of kozel" in run.stderr


def test_show_never_prints_untrusted_text_raw(tmp_path: Path) -> None:
    match = finished_match("muggins", 2)
    evil = ("[bold red]boss[/]\x1b[2J", "\u202eeve\nnext")
    record = MatchRecord.from_match(match, players=evil, metadata={"note\x07": "[link=x]y\x1b]8;;"})
    path = record.save(tmp_path / "evil.json")
    run = runner.invoke(app, ["show", "--color", str(path)])
    assert run.exit_code == 0, run.output
    out = run.stdout
    assert "\x1b[2J" not in out and "\u202e" not in out and "\x07" not in out and "\x1b]8" not in out
    assert "[bold red]boss[/]\\x1b[2J" in out and "\\u202eeve\\x0anext" in out
    assert "note\\x07: [link=x]y\\x1b]8;;" in out


@pytest.mark.parametrize(("game", "seats"), GAME_SEATS)
def test_replay_reads_records_of_every_game(
    records: dict[tuple[str, int], Path], game: str, seats: int
) -> None:
    path = records[(game, seats)]
    record = MatchRecord.from_json(json.loads(path.read_text(encoding="utf-8")))
    run = runner.invoke(app, ["replay", str(path)])
    assert run.exit_code == 0, run.output
    assert json.loads(run.stdout) == record.to_report() == replay(record.to_script())


def test_replay_of_a_record_with_no_hand_keeps_its_seats(tmp_path: Path) -> None:
    path = MatchRecord.from_match(Match("kozel", seats=3, seed=1)).save(tmp_path / "empty.json")
    run = runner.invoke(app, ["replay", str(path)])
    assert run.exit_code == 0, run.output
    assert json.loads(run.stdout) == {"hands": [], "scores": [0, 0, 0], "winner": None, "goat": None}


def test_show_and_render_a_version_1_record() -> None:
    path = Path(__file__).parent / "records" / "v1-finished.json"
    out = show(str(path))
    assert "seats 1+3 win at the target" in out and "game:" not in out
    run = runner.invoke(app, ["render", str(path), "--hand", "1", "--play", "3"])
    assert run.exit_code == 0, run.output


def test_show_render_and_replay_sea_goat_hundreds_and_egg_redeals(tmp_path: Path) -> None:
    """A declared hundred (greedy declares in ``sea-80``) and egg redeals (``sea-91``) are shown,
    drawn (the re-played position declares the hundred again) and replayed."""
    from sevenrocks.core.games import find_game
    from sevenrocks.tournament.runner import play_match

    for seats, deal_seed, lead in ((4, "sea-80", "declared"), (2, "sea-91", None)):
        rules = find_game("sea-kozel").rules(seats=seats)
        outcome = play_match(("greedy",) * seats, deal_seed=deal_seed, bot_seeds=(20, 1, 2, 3), rules=rules)
        record = outcome.record
        assert record is not None
        path = record.save(tmp_path / f"sea-{seats}.json")
        out = show(str(path))
        if lead is not None:
            h = next(h for h, log in enumerate(record.hands) if log.imposed == lead)
            assert "declares a hundred and leads 6-6: this is its hundred hand" in out
            run = runner.invoke(app, ["render", str(path), "--hand", str(h + 1), "--play", "1"])
            assert run.exit_code == 0, run.output
        else:
            h = next(h for h, log in enumerate(record.hands) if log.leader < 0)
            assert "eggs are pending and nobody was dealt 1-1: the deal is void (an egg redeal)" in out
            assert (
                "eggs are pending: seat 0 greedy holds 1-1 and leads it" in out
                or "holds 1-1 and leads it" in out
            )
            run = runner.invoke(app, ["render", str(path), "--hand", str(h + 2)])
            assert run.exit_code == 0, run.output
        replayed = runner.invoke(app, ["replay", str(path)])
        assert replayed.exit_code == 0 and json.loads(replayed.stdout) == record.to_report()
