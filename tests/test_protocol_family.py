"""The bot protocol in every game: the game in ``match``, draws, several doubles, and programs
(the example bot, our bots through ``sevenrocks bot``) playing whole matches of every game."""

from __future__ import annotations

import io
import json
import random
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sevenrocks.bots import make_bot
from sevenrocks.bots.protocol import (
    ViewTracker,
    event_message,
    hand_end_message,
    hand_message,
    match_end_message,
    match_message,
    parse_answer,
    serve,
    turn_message,
)
from sevenrocks.cli.app import app
from sevenrocks.core import Match
from sevenrocks.core.events import Draw
from sevenrocks.core.games import LAYOUT_GAMES, Outcome, find_game
from sevenrocks.core.notation import Doubles, parse_move
from sevenrocks.tournament.runner import play_match

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "examples" / "bots" / "first_legal.py"
PY = sys.executable
CONFIGS = [(game.id, seats) for game in LAYOUT_GAMES if game.id != "seven-rocks" for seats in game.seats]


def _options(game: str) -> dict[str, object] | None:
    return (
        {"several_doubles": True}
        if any(o.name == "several_doubles" for o in find_game(game).options)
        else None
    )


@pytest.mark.parametrize(("game", "seats"), CONFIGS, ids=[f"{g}-{n}" for g, n in CONFIGS])
def test_tracker_rebuilds_the_view_in_every_game(game: str, seats: int) -> None:
    for seed in range(3):
        match = Match(game, seats=seats, options=_options(game), seed=seed)
        seat = seed % seats
        rng = random.Random(seed)
        tracker = ViewTracker()
        tracker.feed(match_message(seat, match.target, match.rules))
        assert tracker.rules == match.rules
        while not match.is_over and match.hand_number < 30:
            match.start_hand()
            tracker.feed(hand_message(match.view(seat)))
            sent = 0
            while match.turn is not None:
                events = match.view(seat).events
                for event in events[sent:]:
                    tracker.feed(event_message(event))
                sent = len(events)
                view = match.view(match.turn)
                if match.turn == seat:
                    tracker.feed(turn_message(view))
                    mine = tracker.view()
                    assert mine.hand == view.hand
                    assert mine.moves == view.moves and mine.legal_plays == view.legal_plays
                    assert mine.layout.points == view.layout.points
                    assert mine.layout.ends_total == view.layout.ends_total
                    assert mine.events == view.events
                    assert mine.tile_counts == view.tile_counts
                    assert mine.boneyard == view.boneyard and mine.drawable == view.drawable
                    assert mine.draws == view.draws and mine.out == view.out
                    assert mine.scores == view.scores
                    assert mine.void_values() == view.void_values()
                    assert mine.results == view.results
                    if view.ledger is not None:
                        assert mine.ledger is not None and mine.ledger.remembered == view.ledger.remembered
                        assert mine.ledger.eggs == view.ledger.eggs
                match.push(view.moves[rng.randrange(len(view.moves))])
            for event in match.view(seat).events[sent:]:
                tracker.feed(event_message(event))
            tracker.feed(hand_end_message(match.results[-1]))
            assert tracker.view().results == match.view(seat).results


def test_messages_of_the_family() -> None:
    rules = find_game("kozel").rules({"target": 51}, seats=3)
    first = match_message(2, 51, rules)
    assert first["game"] == "kozel" and first["seats"] == 3 and first["options"]["target"] == 51
    assert first["options"]["reserve"] == 1 and first["target"] == 51
    assert event_message(Draw(1, None)) == {"type": "draw", "seat": 1, "tile": None}
    assert event_message(Draw(0, parse_move("2-5").tiles[0])) == {"type": "draw", "seat": 0, "tile": "2-5"}
    end = match_end_message(None, (12, 101, 40), outcome=Outcome((0, 2), (1,)))
    assert end == {
        "type": "match_end",
        "winner": None,
        "scores": [12, 101, 40],
        "winners": [0, 2],
        "goats": [1],
    }
    move = parse_move("2-2@2-5:low+5-5@2-5:high")
    assert isinstance(move, Doubles) and parse_answer(json.dumps({"play": str(move)}), [move]) == move


def test_a_picture_hand_end_tells_the_draws() -> None:
    match = Match("picture", seats=2, seed=4)
    match.start_hand()
    while match.turn is not None:
        match.push(match.legal_moves()[0])
    message = hand_end_message(match.results[-1])
    assert message["draws"] == list(match.results[-1].draws or ())
    assert "deductions" in message and message["deductions"] is None


@pytest.mark.parametrize(
    ("game", "seats"),
    [("kozel", 3), ("telephone", 4), ("muggins", 2), ("five-up", 3), ("picture", 4), ("fives-and-threes", 4)],
)
def test_the_example_bot_plays_every_game(game: str, seats: int) -> None:
    bot = f"cmd:{PY} {EXAMPLE}"
    rules = find_game(game).rules(_options(game), seats)
    players = tuple(bot if s % 2 == 0 else "greedy" for s in range(seats))
    outcome = play_match(players, deal_seed=f"example-{game}", rules=rules, record=False, bot_timeout=30)
    assert outcome.forfeit is None and outcome.winners


def test_our_bots_run_as_programs_in_a_family_game() -> None:
    bot = f"cmd:{PY} -m sevenrocks.cli.bot greedy --seed 3 --game draw"
    rules = find_game("draw").rules(seats=3)
    outcome = play_match((bot, "random", bot), deal_seed="ours", rules=rules, record=False, bot_timeout=30)
    assert outcome.forfeit is None and outcome.winners


def test_a_bot_plays_the_same_through_the_protocol_in_a_family_game() -> None:
    rules = find_game("kozel").rules({"several_doubles": True}, seats=4)
    program = f"cmd:{PY} -m sevenrocks.cli.bot random --seed 5"  # seat 0: seeded 5 * 4 + 0
    seats = ("greedy", "random", "greedy")
    direct = play_match(
        ("random", *seats), deal_seed="same", bot_seeds=(20, 1, 2, 3), rules=rules, record=False
    )
    piped = play_match(
        (program, *seats),
        deal_seed="same",
        bot_seeds=(None, 1, 2, 3),
        rules=rules,
        record=False,
        bot_timeout=30,
    )
    assert piped.forfeit is None
    assert (piped.scores, piped.hands, piped.winners) == (direct.scores, direct.hands, direct.winners)


def _serve_lines(rules_game: str, seats: int) -> str:
    match = Match(rules_game, seats=seats, seed=2)
    match.start_hand()
    seat = match.turn
    assert seat is not None
    view = match.view(seat)
    return "\n".join(
        json.dumps(m)
        for m in (match_message(seat, match.target, match.rules), hand_message(view), turn_message(view))
    )


def test_bot_command_plays_a_family_game_and_refuses_another() -> None:
    runner = CliRunner()
    lines = _serve_lines("kozel", 3)
    result = runner.invoke(app, ["bot", "greedy", "--seed", "1"], input=lines + "\n")
    assert result.exit_code == 0, result.output
    assert "play" in json.loads(result.stdout)
    same = runner.invoke(app, ["bot", "greedy", "--game", "kozel", "--seats", "3"], input=lines + "\n")
    assert same.exit_code == 0, same.output
    other = runner.invoke(app, ["bot", "greedy", "--game", "block"], input=lines + "\n")
    assert (
        other.exit_code == 2
        and "the host's match is kozel, but this bot was started with --game block" in other.stderr
    )
    seats = runner.invoke(app, ["bot", "greedy", "--game", "kozel", "--seats", "2"], input=lines + "\n")
    assert seats.exit_code == 2 and "has 3 seats" in seats.stderr
    option = runner.invoke(
        app, ["bot", "greedy", "--game", "kozel", "--option", "target=51"], input=lines + "\n"
    )
    assert option.exit_code == 2 and "target=101" in option.stderr and "--option target=51" in option.stderr
    expert = runner.invoke(app, ["bot", "expert"], input=lines + "\n")
    assert expert.exit_code == 2 and "plays only Seven Rocks, not kozel" in expert.stderr
    assert "Traceback" not in expert.output


def test_serve_rejects_a_game_it_cannot_read() -> None:
    from sevenrocks.bots.protocol import ProtocolError

    lines = [json.dumps({"type": "match", "seat": 0, "target": 10, "game": "chess"})]
    with pytest.raises(ProtocolError, match="line 1: 'match' message: no game 'chess'"):
        serve(make_bot("random"), lines, io.StringIO())
    lines = [json.dumps({"type": "match", "seat": 3, "target": None, "game": "picture", "seats": 3})]
    with pytest.raises(ProtocolError, match=r"must be 0\.\.2"):
        serve(make_bot("random"), lines, io.StringIO())
