"""``sevenrocks games`` and the shared ``--game``/``--option``/``--seats`` options of every command.

Every bad value is one line on standard error naming the game and the option, exit code 2, and
no traceback, whichever command it is given to.
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from sevenrocks.cli.app import app
from sevenrocks.cli.game_options import GameChoiceError, choose_game
from sevenrocks.core.games import GAMES, find_game

runner = CliRunner()


def test_games_table_lists_every_game() -> None:
    result = runner.invoke(app, ["games"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    for game in GAMES:
        assert game.id in result.output and game.name in result.output
    assert "2-4" in result.output and "2 or 4" in result.output


def test_games_json_has_every_game_with_its_options() -> None:
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [g["id"] for g in data] == [g.id for g in GAMES]
    for item in data:
        game = find_game(item["id"])
        assert {"id", "name", "players", "sides", "description", "options"} <= set(item)
        assert item["players"] == list(game.seats)
        assert item["sides"] == [game.rules(seats=n, engine=game.engine).sides for n in game.seats]
        assert item["description"] == game.summary
        assert [o["name"] for o in item["options"]] == [o.name for o in game.options]
        for option in item["options"]:
            assert option["default"] == game.defaults()[option["name"]]
            if option["kind"] == "bool":
                assert option["values"] == [True, False]
    kozel = next(g for g in data if g["id"] == "kozel")
    assert kozel["sides"] == [2, 3, 2]
    lone = next(o for o in kozel["options"] if o["name"] == "lone_blank")
    assert lone["values"] == [25, 10] and lone["default"] == 25
    preset = next(g for g in data if g["id"] == "kozel-125")
    assert preset["preset_of"] == "kozel" and preset["options"][0]["default"] == 125


def test_one_game_lists_its_options() -> None:
    result = runner.invoke(app, ["games", "sports-kozel"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "Sports Goat" in result.output and "deals" in result.output and "a multiple of 4" in result.output
    one = json.loads(runner.invoke(app, ["games", "telephone", "--json"]).stdout)
    assert one["id"] == "telephone" and one["players"] == [2, 4]
    none = runner.invoke(app, ["games", "picture"])
    assert none.exit_code == 0 and "options: none" in none.output


def test_unknown_game_in_games() -> None:
    result = runner.invoke(app, ["games", "chess"])
    assert result.exit_code == 2
    assert result.stderr.strip().startswith("error: no game 'chess': the games are seven-rocks")
    assert "Traceback" not in result.output


# ------------------------------------------------------------------ the shared parser
def test_choose_game_reads_options_with_the_games_own_parser() -> None:
    choice = choose_game("kozel", ["target=51", "remember=no", "several_doubles=true"], seats=3)
    assert choice.given == {"target": 51, "remember": False, "several_doubles": True}
    assert choice.rules.seats == 3 and choice.options["threshold"] == 13
    assert choose_game(None).id == "seven-rocks" and choose_game(None).seats == 4
    assert choose_game("Kozel-125").rules.ending.target == 125
    assert choose_game("seven-rocks", target=60).given == {"target": 60}


@pytest.mark.parametrize(
    ("game", "options", "seats", "target", "words"),
    [
        ("chess", [], None, None, ["--game chess: no game 'chess'", "kozel", "picture"]),
        ("kozel", ["goat=1"], None, None, ["--option goat=1: kozel has no option 'goat'", "threshold"]),
        (
            "kozel",
            ["target=ten"],
            None,
            None,
            ["--option target=ten", "kozel option 'target'", "whole number"],
        ),
        ("kozel", ["target=0"], None, None, ["kozel option 'target'", "positive"]),
        ("kozel", ["lone_blank=7"], None, None, ["kozel option 'lone_blank' may be 25, 10"]),
        ("kozel", ["remember=maybe"], None, None, ["kozel option 'remember' is true or false"]),
        ("kozel", ["target"], None, None, ["--option target: write KEY=VALUE, e.g. --option target=101"]),
        ("kozel", ["target=51", "target=61"], None, None, ["set target twice"]),
        ("sports-kozel", ["deals=6"], None, None, ["must be a multiple of 4"]),
        ("telephone", [], 3, None, ["--seats 3: telephone is played by 2 or 4 seats"]),
        ("picture", [], None, 50, ["--target 50: picture has no option 'target' (its options: none)"]),
        ("kozel", ["target=51"], None, 61, ["--target 61 and --option target=51 disagree"]),
    ],
)
def test_choose_game_errors_are_one_line(
    game: str, options: list[str], seats: int | None, target: int | None, words: list[str]
) -> None:
    with pytest.raises(GameChoiceError) as caught:
        choose_game(game, options, seats, target=target)
    message = str(caught.value)
    assert "\n" not in message
    for word in words:
        assert word in message, message


# ------------------------------------------------------------------ every command
BAD = [
    (["--game", "chess"], "no game 'chess'"),
    (["--game", "kozel", "--option", "goat=1"], "kozel has no option 'goat'"),
    (["--game", "kozel", "--option", "target=x"], "kozel option 'target' is a whole number"),
    (["--game", "telephone", "--seats", "3"], "telephone is played by 2 or 4 seats"),
    (["--game", "draw", "--option", "reserve"], "write KEY=VALUE"),
]
COMMANDS = {
    "play": ["play", "--no-record"],
    "tournament": ["tournament", "--team0", "greedy", "--team1", "random", "--no-records", "--matches", "6"],
    "ladder": ["ladder", "greedy", "random", "--no-records", "--matches-per-pair", "6"],
    "bot": ["bot", "greedy"],
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize(("args", "words"), BAD)
def test_bad_game_values_on_every_command(command: str, args: list[str], words: str) -> None:
    result = runner.invoke(app, [*COMMANDS[command], *args], input="")
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0], result.stderr


def test_expert_is_refused_outside_seven_rocks_on_every_command() -> None:
    for args in (
        ["play", "--no-record", "--game", "kozel", "--seat1", "expert"],
        ["tournament", "--team0", "expert", "--team1", "greedy", "--game", "kozel", "--no-records"],
        ["ladder", "expert", "greedy", "--game", "block", "--no-records"],
        ["bot", "expert", "--game", "muggins"],
    ):
        result = runner.invoke(app, args, input="")
        assert result.exit_code == 2, (args, result.output)
        assert "plays only Seven Rocks" in result.stderr and "Traceback" not in result.output


def test_a_seat_the_game_does_not_have() -> None:
    result = runner.invoke(
        app, ["play", "--no-record", "--game", "block", "--seats", "2", "--seat3", "random"]
    )
    assert result.exit_code == 2 and "--seat3: block with 2 seats has no seat 3" in result.stderr
