"""``sevenrocks play --game ID``: every game of the family in the terminal against bots.

Each game is played to its end from standard input (always the first choice), and the transcript
is checked for what the game needs: its name and options, the layout, the boneyard and each
seat's draws (the tiles only for the person's own draws), moves of several doubles, the score
sheet and the end of hand and match in the game's own words. Most runs use ``--no-record``; one
saves its record and reads it back.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from sevenrocks.bots import make_bot
from sevenrocks.bots.base import declares_hundred
from sevenrocks.cli.app import app
from sevenrocks.cli.game_options import choose_game
from sevenrocks.core import Match, load_record
from sevenrocks.core.notation import Doubles
from sevenrocks.text import play_choices

runner = CliRunner()

#: (game, seats, options): every game, every topology and way of settling, several seat counts.
CASES = [
    ("block", 2, ["target=30"]),
    ("block", 4, ["target=30", "partnerships=true"]),
    ("draw", 3, ["target=30"]),
    ("kozel", 3, ["target=31"]),
    ("kozel", 4, ["target=40", "several_doubles=true"]),
    ("kozel-125", 2, ["target=40"]),
    ("sports-kozel", 4, []),
    ("telephone", 2, ["target=80"]),
    ("telephone", 4, ["target=80", "several_doubles=true"]),
    ("muggins", 3, ["target=60"]),
    ("all-fives", 4, ["target=60"]),
    ("five-up", 2, ["target=21"]),
    ("fives-and-threes", 4, ["target=21"]),
    ("all-threes", 2, ["target=21"]),
    ("picture", 3, []),
    ("sea-kozel", 2, ["target=60"]),
    ("sea-kozel", 4, []),
    ("donkey", 3, ["target=51"]),
    ("sebastopol", 4, ["target=30"]),
    ("bergen", 3, []),
    ("matador", 2, ["target=40"]),
    ("general", 4, []),
    ("general", 4, ["version=naked"]),
]
NAMES = {
    "block": "Block",
    "draw": "Draw",
    "kozel": "Kozel (Goat)",
    "kozel-125": "Kozel 125",
    "sports-kozel": "Sports Goat",
    "telephone": "Telephone",
    "muggins": "Muggins",
    "all-fives": "All Fives",
    "five-up": "Five Up",
    "fives-and-threes": "Fives and Threes",
    "all-threes": "All Threes",
    "picture": "Picture dominoes",
    "sea-kozel": "Sea Goat",
    "donkey": "Donkey",
    "sebastopol": "Sebastopol",
    "bergen": "Bergen",
    "matador": "Matador",
    "general": "General",
}
OTHERS_DRAW_A_TILE = re.compile(r"^\s*seat [1-3] \S+ (?:\(partner\) )?draws (?:[0-6]-[0-6])", re.M)


def play(game: str, seats: int, options: list[str], *extra: str, lines: str = "1\n" * 3000) -> Result:
    args = ["play", "--no-color", "--game", game, "--seats", str(seats)]
    for option in options:
        args += ["--option", option]
    return runner.invoke(app, [*args, *extra], input=lines)


@pytest.mark.parametrize(("game", "seats", "options"), CASES, ids=[f"{g}-{n}" for g, n, _ in CASES])
def test_every_game_plays_to_its_end(game: str, seats: int, options: list[str]) -> None:
    run = play(game, seats, options, "--seed", "3", "--no-record")
    assert run.exit_code == 0, run.output
    out = run.output
    assert "Traceback" not in out and "match over" in out
    header = out.splitlines()[0]
    assert header.startswith(NAMES[game]) and f"{seats} seats" in header and "seed 3" in header
    for option in options:
        assert option in header
    rules = choose_game(game, options, seats).rules
    assert "your tiles:" in out and "your placements" in out
    assert not OTHERS_DRAW_A_TILE.search(out), "another seat's drawn tile was shown"
    if rules.draws:
        assert "boneyard:" in out
        assert re.search(r"draws (a tile|\d+ tiles)", out) or "(you) draws" in out
    if not rules.scores_points:
        assert "ends " not in out  # no counted ends where placements never score
    else:
        assert re.search(r"ends +\d+", out)
    final = out.split("match over")[-1]
    if game.startswith("kozel"):
        assert "goat" in final and re.search(r" (writes?|remembers?) \d", out)
    elif game == "picture":
        assert "finished first" in out or "fewest tiles" in out
        assert "target" not in out
    elif game == "sports-kozel":
        assert "4 deals" in out and re.search(r"seats [01]\+[23] (\(you\) )?write \d", out)
    elif game == "telephone":
        assert "never goes below 0" in out
    elif game == "sea-kozel":
        assert re.search(r"record: seats? [0-3]", out) or "no side holds a record" in out
        assert "goat" not in final
    elif game == "donkey":
        assert "goat" in final
    elif game == "general":
        assert "loses the hand for" in out and "hands lost" in final
        assert ("your partner signals" in out) == (options == [])
    elif game == "matador":
        assert re.search(r"plays [0-6]-[0-6]@\S+>[0-6]", out) or ">" not in out
    if rules.partnerships:
        assert "(partner)" in out
    else:
        assert "(partner)" not in out


def test_same_seed_same_transcript() -> None:
    one = play("draw", 3, ["target=30"], "--seed", "8", "--no-record")
    two = play("draw", 3, ["target=30"], "--seed", "8", "--no-record")
    assert one.exit_code == two.exit_code == 0
    assert one.output == two.output


def test_five_up_draws_every_spinner_with_its_branches() -> None:
    run = play("five-up", 2, ["target=61"], "--seed", "5", "--no-record")
    assert run.exit_code == 0, run.output
    assert re.search(r"^\s+[0-6]-[0-6]:b[AB] +\{[0-6]\|[0-6]\}", run.output, re.M), "no branch of a spinner"
    assert "scores" in run.output


def _first_doubles_turn(game: str, seats: int, options: list[str], seed: int) -> tuple[list[str], str] | None:
    """Replay the terminal match of ``seed`` (seat 0 choosing 1) up to a turn of seat 0 that
    offers several doubles; the lines typed before it and that move."""
    rules = choose_game(game, options, seats).rules
    match = Match(rules, seed=seed)
    names = ["human", "random", "greedy", "greedy"][:seats]
    bots = {s: make_bot(names[s], seed=seed * 4 + s, game=game) for s in range(1, seats)}
    typed: list[str] = []
    while not match.is_over:
        match.start_hand()
        while match.turn is not None:
            seat = match.turn
            if seat == 0:
                choices = play_choices(match.view(0))
                several = [c.play for c in choices if isinstance(c.play, Doubles)]
                if several:
                    return typed, str(several[0])
                typed.append("1")
                match.push(choices[0].play)
            else:
                match.push(bots[seat].choose(match.view(seat)))
    return None


def test_several_doubles_are_offered_and_typed() -> None:
    options = ["target=101", "several_doubles=true"]
    found = next(
        (hit for seed in range(40) if (hit := _first_doubles_turn("kozel", 2, options, seed)) is not None),
        None,
    )
    assert found is not None, "no seed offers seat 0 several doubles"
    seed = next(s for s in range(40) if _first_doubles_turn("kozel", 2, options, s) == found)
    typed, move = found
    run = play(
        "kozel", 2, options, "--seed", str(seed), "--no-record", lines="\n".join([*typed, move, "q"]) + "\n"
    )
    assert run.exit_code == 0, run.output
    assert "several doubles go down in one move" in run.output
    assert re.search(rf"\d+\. {re.escape(move)} +several doubles", run.output)
    assert f"seat 0 human (you) plays {move}" in run.output


def test_no_record_and_record_are_exclusive(tmp_path: Path) -> None:
    run = play("block", 2, [], "--no-record", "--record", str(tmp_path / "m.json"), lines="q\n")
    assert run.exit_code == 2 and "--no-record" in run.stderr


def test_a_failing_bot_forfeits_in_a_three_seat_game(monkeypatch: pytest.MonkeyPatch) -> None:
    from sevenrocks.bots import registry

    class Broken:
        name = "broken"

        def __init__(self, seed: int | None = None) -> None:
            pass

        def choose(self, view: object) -> object:
            raise RuntimeError("out of ideas")

    monkeypatch.setitem(registry._FACTORIES, "broken", Broken)
    run = play("draw", 3, [], "--seed", "2", "--no-record", "--partner", "broken")
    assert run.exit_code == 1, run.output
    assert "seat 2 (broken) failed: out of ideas" in run.output and "seat 2 forfeits" in run.output


def test_the_record_of_a_family_game_is_saved_and_loads(tmp_path: Path) -> None:
    path = tmp_path / "kozel.json"
    run = play("kozel", 3, ["target=31"], "--seed", "3", "--record", str(path))
    assert run.exit_code == 0, run.output
    record = load_record(path)
    assert getattr(record, "game", None) == "kozel"
    assert tuple(record.players) == ("human", "random", "greedy")
    assert record.winner is not None or getattr(record, "outcome", None) is not None


def _sea_goat_until(seats: int, seed: int, stop: str) -> list[str] | None:
    """Replay the Sea Goat terminal match of ``seed`` (seat 0 choosing 1, declining hundreds) up to
    the first hand in which seat 0 may declare a hundred (``stop`` ``"hundred"``) or the first
    egg redeal (``"redeal"``); the lines typed before it."""
    rules = choose_game("sea-kozel", [], seats).rules
    match = Match(rules, seed=seed)
    names = ["human", "random", "greedy", "greedy"][:seats]
    bots = {s: make_bot(names[s], seed=seed * 4 + s, game="sea-kozel") for s in range(1, seats)}
    typed: list[str] = []
    while not match.is_over:
        match.start_hand()
        if match.turn is None:
            if stop == "redeal":
                return typed
            continue
        declarer = match.hundred_declarer()
        if declarer == 0:
            if stop == "hundred":
                return typed
            typed.append("1")
        elif declarer is not None and declares_hundred(bots[declarer], match.view(declarer)):
            match.declare_hundred()
        while match.turn is not None:
            seat = match.turn
            if seat == 0:
                typed.append("1")
                match.push(play_choices(match.view(0))[0].play)
            else:
                match.push(bots[seat].choose(match.view(seat)))
    return None


@pytest.mark.parametrize("seats", [2, 4])
def test_the_person_may_declare_a_hundred_in_sea_goat(seats: int) -> None:
    seed, typed = next((s, t) for s in range(200) if (t := _sea_goat_until(seats, s, "hundred")) is not None)
    run = play(
        "sea-kozel", seats, [], "--seed", str(seed), "--no-record", lines="\n".join([*typed, "2", "q"]) + "\n"
    )
    assert run.exit_code == 0, run.output
    assert "you may declare a hundred" in run.output and "2. declare a hundred" in run.output
    assert "seat 0 human (you) declares a hundred and leads 6-6" in run.output
    assert "a hundred hand for seat 0 human (you)" in run.output
    declined = play(
        "sea-kozel",
        seats,
        [],
        "--seed",
        str(seed),
        "--no-record",
        lines="\n".join([*typed, "x", "1", "q"]) + "\n",
    )
    assert declined.exit_code == 0 and "please type 1 or 2" in declined.output
    assert (
        "declares a hundred" not in declined.output.split("you may declare a hundred")[-1].split("hand ")[0]
    )


def test_an_egg_redeal_in_the_terminal() -> None:
    seed, typed = next((s, t) for s in range(500) if (t := _sea_goat_until(2, s, "redeal")) is not None)
    run = play("sea-kozel", 2, [], "--seed", str(seed), "--no-record", lines="\n".join([*typed, "q"]) + "\n")
    assert run.exit_code == 0 and "Traceback" not in run.output, run.output
    assert "eggs are pending and nobody was dealt 1-1: the deal is void (an egg redeal)" in run.output


def test_search_is_refused_where_the_compiled_step_does_not_play(monkeypatch: pytest.MonkeyPatch) -> None:
    """The step plays every game today: Sea Goat is made one that it refuses."""
    from sevenrocks.fast import game as fast_game

    def refuse(rules: object) -> None:
        raise fast_game.UnsupportedGameError("the compiled step does not play sea-kozel (test)")

    monkeypatch.setattr(fast_game, "encode_rules", refuse)
    run = play("sea-kozel", 2, [], "--seat1", "search", "--no-record", lines="q\n")
    assert run.exit_code == 2 and "Traceback" not in run.output
    assert "seat 1: bot 'search'" in run.output and "sea-kozel" in run.output
