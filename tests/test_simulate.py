"""``sevenrocks simulate``: random hands summarized, through the real command line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from sevenrocks.bots.kernel import HandStats, random_hands
from sevenrocks.cli.app import app
from sevenrocks.cli.simulate import simulate
from sevenrocks.core.games import find_game

runner = CliRunner()


def test_json_summary_matches_the_hands_played() -> None:
    result = runner.invoke(app, ["simulate", "--hands", "500", "--seed", "7", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    hands = random_hands(500, seed=7)
    assert data["hands"] == 500 and data["seed"] == 7 and data["game"] == "seven-rocks"
    assert data["placements"] == hands.placements
    assert data["knocks"] == hands.knocks
    assert data["blocked"] == hands.blocked
    assert data["points"] == hands.points
    assert data["deductions"] == hands.settlement
    assert data["placements_per_hand"] == data["placements"] / 500
    assert data["blocked_share"] == data["blocked"] / 500
    assert data["mean_points"] == data["points"] / 500
    assert data["mean_deductions"] == data["deductions"] / 500
    assert data["hands_per_second"] > 0 and data["placements_per_second"] > data["hands_per_second"]
    assert data["cpu_seconds"] > 0


def test_same_seed_same_summary() -> None:
    a, b = simulate(300, 99), simulate(300, 99)
    assert (a.placements, a.knocks, a.blocked, a.points, a.deductions) == (
        b.placements,
        b.knocks,
        b.blocked,
        b.points,
        b.deductions,
    )
    c = simulate(300, 100)
    assert (a.placements, a.points, a.deductions) != (c.placements, c.points, c.deductions)


def test_table_output_names_every_figure() -> None:
    result = runner.invoke(app, ["simulate", "--hands", "300", "--seed", "3"])
    assert result.exit_code == 0, result.output
    for figure in (
        "hands per second",
        "placements per hand",
        "blocked hands",
        "mean points scored per hand",
        "mean settlement per hand",
        "seed 3",
    ):
        assert figure in result.stdout
    # not a terminal: no progress bar in the output
    assert "simulating" not in result.output


def test_without_seed_reports_the_seed_it_drew() -> None:
    result = runner.invoke(app, ["simulate", "--hands", "50", "--json"])
    assert result.exit_code == 0
    seed = json.loads(result.stdout)["seed"]
    again = json.loads(
        runner.invoke(app, ["simulate", "--hands", "50", "--seed", str(seed), "--json"]).stdout
    )
    assert again["placements"] == json.loads(result.stdout)["placements"]


def test_bad_hand_counts_are_refused_cleanly() -> None:
    for bad in ("0", "-5", "many"):
        result = runner.invoke(app, ["simulate", "--hands", bad])
        assert result.exit_code == 2
        assert "--hands" in result.output
        assert "Traceback" not in result.output
    result = runner.invoke(app, ["simulate", "--seed", "x"])
    assert result.exit_code == 2 and "--seed" in result.output


def test_as_a_separate_process_prints_only_json_on_stdout() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "sevenrocks", "simulate", "--hands", "200", "--seed", "1", "--json"],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["hands"] == 200
    assert proc.stderr == ""


def test_interrupt_ends_cleanly(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(self: object, n: int) -> HandStats:
        if n:
            raise KeyboardInterrupt
        return HandStats(0, 0, 0, 0, 0, 0, 0, 0)  # the warm-up (compiling) before the clock starts

    monkeypatch.setattr("sevenrocks.bots.kernel.HandRunner.run", interrupted)
    result = runner.invoke(app, ["simulate", "--hands", "10"])
    assert result.exit_code == 130
    assert "interrupted" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize(
    "game", ["block", "draw", "kozel", "telephone", "five-up", "fives-and-threes", "picture"]
)
def test_every_game_simulates(game: str) -> None:
    result = runner.invoke(app, ["simulate", "--hands", "400", "--seed", "2", "--game", game, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    stats = random_hands(400, game=game, seed=2)
    assert (data["game"], data["hands"], data["placements"], data["draws"]) == (
        game,
        400,
        stats.placements,
        stats.draws,
    )


def test_game_options_and_seats() -> None:
    result = runner.invoke(
        app,
        [
            "simulate",
            "-n",
            "300",
            "-s",
            "1",
            "--game",
            "kozel",
            "--seats",
            "3",
            "--option",
            "reserve=0",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["seats"] == 3 and data["draws"] > 0


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--game", "chess"], "no game 'chess'"),
        (["--game", "kozel", "--option", "colour=red"], "kozel has no option 'colour'"),
        (["--game", "kozel", "--option", "target"], "write KEY=VALUE"),
        (["--game", "kozel", "--option", "target=many"], "whole number"),
        (["--game", "telephone", "--seats", "3"], "2 or 4 seats"),
    ],
)
def test_bad_game_arguments_are_one_line_errors(args: list[str], words: str) -> None:
    result = runner.invoke(app, ["simulate", "-n", "10", *args])
    assert result.exit_code == 2
    assert words in result.output and "Traceback" not in result.output
    assert result.output.count("\n") == 1


def _player(game: str) -> str:
    """What plays ``game``'s hands: the compiled step, or the engine where the step refuses it."""
    from sevenrocks.bots.search import compiled_refusal

    return "compiled" if compiled_refusal(find_game(game).rules()) is None else "engine"


@pytest.mark.parametrize("game", ["sea-kozel", "bergen", "general", "donkey", "sebastopol", "matador"])
def test_the_part_2_games_simulate(game: str) -> None:
    """The part-2 games are played by the compiled step (today all of them; a game it did not play
    would be played by the engine, and say so), never a traceback; the same seed gives the same hands."""
    player = _player(game)
    assert player == "compiled"  # the step plays every part-2 game, Sea Goat included
    result = runner.invoke(app, ["simulate", "--hands", "150", "--seed", "4", "--game", game, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["game"], data["hands"], data["player"]) == (game, 150, player)
    assert data["placements_per_hand"] > 4 and 0 <= data["blocked_share"] <= 1
    again = simulate(150, 4, rules=find_game(game).rules())
    assert (again.placements, again.knocks, again.deductions) == (
        data["placements"],
        data["knocks"],
        data["deductions"],
    )
    if player == "engine":
        table = runner.invoke(app, ["simulate", "--hands", "20", "--seed", "4", "--game", game])
        assert table.exit_code == 0 and "played by the engine" in table.output


def test_search_refuses_a_game_the_compiled_step_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    """Were a game's rules unknown to the compiled step, the ``search`` bot says so instead of
    playing it by other rules (and ``simulate`` plays it with the engine)."""
    from sevenrocks.bots import make_bot
    from sevenrocks.bots.registry import UnsupportedGameError
    from sevenrocks.fast import game as fast_game

    def refuse(rules: object) -> None:
        raise fast_game.UnsupportedGameError("the compiled step does not play matador (test)")

    monkeypatch.setattr(fast_game, "encode_rules", refuse)
    with pytest.raises(UnsupportedGameError, match="'search' cannot play matador"):
        make_bot("search", seed=1, game="matador")
    result = runner.invoke(app, ["simulate", "--game", "matador", "--hands", "10", "--json"])
    assert result.exit_code == 0 and json.loads(result.stdout)["player"] == "engine"
