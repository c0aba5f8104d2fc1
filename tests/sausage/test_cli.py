"""Sausage on the command line: ``simulate`` runs it by its own engine, ``games`` lists it, and a command
built on the layout engine alone would refuse it in one line naming where it runs."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from sevenrocks.bots.sausage import SausageRunner
from sevenrocks.cli.app import app
from sevenrocks.cli.game_options import GameChoiceError, choose_game
from sevenrocks.cli.simulate import simulate
from sevenrocks.core.games import Engine, find_game

runner = CliRunner()


def test_simulate_plays_random_deals() -> None:
    result = runner.invoke(app, ["simulate", "--game", "sausage", "-n", "300", "-s", "4", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    stats = SausageRunner(seed=4).run(300)
    assert (data["game"], data["seats"], data["hands"]) == ("sausage", 2, 300)
    assert (data["moves"], data["placements"], data["knocks"], data["blocked"]) == (
        stats.moves,
        stats.placements,
        stats.knocks,
        stats.blocked,
    )
    assert data["draws"] == data["points"] == 0 and data["deductions"] == stats.settlement
    assert 0 < data["blocked_share"] < 0.5 and data["placements"] == data["moves"] + 300
    text = runner.invoke(
        app, ["simulate", "--game", "sausage", "-n", "50", "-s", "4"], env={"COLUMNS": "200"}
    )
    assert text.exit_code == 0 and "random deals of sausage" in text.output
    assert "tiles sent to the back or set aside per deal" in text.output
    rules = find_game("sausage").rules({"target": 50}, engine=Engine.SAUSAGE)
    assert simulate(40, 9, rules=rules).placements == simulate(40, 9, rules=rules).placements


def test_games_lists_sausage() -> None:
    result = runner.invoke(app, ["games", "sausage"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "Sausage (sausage)" in result.output and "sevenrocks play --game sausage" in result.output
    listed = json.loads(runner.invoke(app, ["games", "--json"]).stdout)
    sausage = next(g for g in listed if g["id"] == "sausage")
    assert (sausage["players"], sausage["sides"], sausage["options"][0]["default"]) == ([2], [2], 101)


def test_simulate_refuses_three_seats_in_one_line() -> None:
    result = runner.invoke(app, ["simulate", "--game", "sausage", "--seats", "3"])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and result.output.count("\n") == 1
    assert "sausage is played by 2 seats, not 3" in result.output


def test_a_command_of_the_layout_engine_names_where_sausage_runs() -> None:
    with pytest.raises(GameChoiceError, match="it runs in 'sevenrocks play', 'tournament', 'ladder', 'bot'"):
        choose_game("sausage")
