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
    ProtocolError,
    ViewTracker,
    declare_message,
    event_message,
    hand_end_message,
    hand_message,
    hundred_message,
    match_end_message,
    match_message,
    parse_answer,
    parse_declaration,
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
    declared = 0
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
            assert tracker.view().may_declare_hundred == match.view(seat).may_declare_hundred
            declarer = match.hundred_declarer()
            if declarer is not None and rng.random() < 0.5:  # Sea Goat: a voluntary hundred
                if declarer == seat:
                    tracker.feed(declare_message())
                match.declare_hundred()
                tracker.feed(hundred_message(declarer))
                declared += 1
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
                    assert mine.ledger == view.ledger
                    assert (mine.leader, mine.turn, mine.lead_tile) == (
                        view.leader,
                        view.turn,
                        view.lead_tile,
                    )
                    assert mine.signals == view.signals and mine.hundred == view.hundred
                    assert mine.imposed == view.imposed
                    assert mine.may_declare_hundred == view.may_declare_hundred
                match.push(view.moves[rng.randrange(len(view.moves))])
            for event in match.view(seat).events[sent:]:
                tracker.feed(event_message(event))
            tracker.feed(hand_end_message(match.results[-1], match.ledger))
            assert tracker.view().results == match.view(seat).results
            assert tracker.view().ledger == match.view(seat).ledger
    if game == "sea-kozel":
        assert declared, "no hundred was declared: the test does not reach the hundred messages"


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
    lines = [json.dumps({"type": "match", "seat": 0, "target": 10, "game": "chess"})]
    with pytest.raises(ProtocolError, match="line 1: 'match' message: no game 'chess'"):
        serve(make_bot("random"), lines, io.StringIO())
    lines = [json.dumps({"type": "match", "seat": 3, "target": None, "game": "picture", "seats": 3})]
    with pytest.raises(ProtocolError, match=r"must be 0\.\.2"):
        serve(make_bot("random"), lines, io.StringIO())


def test_general_signals_reach_only_the_partners_seat() -> None:
    match = Match("general", seed=6)
    match.start_hand()
    for seat in range(4):
        partner = match.dealt((seat + 2) % 4)
        signals = hand_message(match.view(seat))["signals"]
        assert signals == {
            "blanks": any(t.index == 0 for t in partner),
            "sixes": any(t.index == 27 for t in partner),
        }
    naked = Match("general", options={"version": "naked"}, seed=6)
    naked.start_hand()
    assert "signals" not in hand_message(naked.view(0))


def _sea_match_with_a_declaration(seats: int) -> tuple[Match, int]:
    """A Sea Goat match just dealt where some seat may declare a hundred (found by random play)."""
    for seed in range(200):
        match = Match("sea-kozel", seats=seats, seed=seed)
        rng = random.Random(seed)
        while not match.is_over and match.hand_number < 40:
            match.start_hand()
            declarer = match.hundred_declarer()
            if declarer is not None:
                return match, declarer
            while match.turn is not None:
                moves = match.legal_moves()
                match.push(moves[rng.randrange(len(moves))])
    raise AssertionError("no hand with a voluntary hundred in 200 random matches")


def test_sea_goat_hand_messages_declarations_and_results() -> None:
    match, declarer = _sea_match_with_a_declaration(2)
    first = hand_message(match.view(declarer))
    other = hand_message(match.view(1 - declarer))
    assert first["may_declare_hundred"] is True and other["may_declare_hundred"] is False
    assert first["hundred"] is None and first["ledger"]["record"]["side"] == declarer
    assert declare_message() == {"type": "declare"}
    assert parse_declaration('{"declare": true}') is True
    with pytest.raises(ProtocolError, match="expected"):
        parse_declaration('{"play": "6-6"}')
    tracker = ViewTracker()
    tracker.feed(match_message(declarer, match.target, match.rules))
    tracker.feed(first)
    tracker.feed(declare_message())
    assert tracker.view().may_declare_hundred
    assert match.declare_hundred() == declarer
    tracker.feed(hundred_message(declarer))
    mine, theirs = tracker.view(), match.view(declarer)
    assert (mine.leader, mine.hundred, mine.may_declare_hundred) == (declarer, declarer, False)
    assert (theirs.leader, theirs.hundred) == (declarer, declarer)
    tracker.feed(turn_message(theirs))
    assert tracker.view().lead_tile == theirs.lead_tile and str(theirs.lead_tile) == "6-6"
    while match.turn is not None:
        match.push(match.legal_moves()[0])
    end = hand_end_message(match.results[-1], match.ledger)
    assert "events" in end and "ledger" in end
    assert end["ledger"]["egg_redeals"] == match.ledger.egg_redeals if match.ledger else True


def test_a_declaration_nobody_may_make_is_refused() -> None:
    tracker = ViewTracker()
    match = Match("sea-kozel", seats=2, seed=1)
    match.start_hand()
    tracker.feed(match_message(0, match.target, match.rules))
    tracker.feed(hand_message(match.view(0)))
    with pytest.raises(ProtocolError, match="may not declare"):
        tracker.feed(declare_message())


def test_a_void_deal_has_no_leader_and_ends_as_a_redeal() -> None:
    for seed in range(300):
        match = Match("sea-kozel", seats=2, seed=seed)
        rng = random.Random(seed)
        tracker = ViewTracker()
        tracker.feed(match_message(0, match.target, match.rules))
        while not match.is_over and match.hand_number < 40:
            match.start_hand()
            message = hand_message(match.view(0))
            tracker.feed(message)
            if match.turn is None:
                assert message["leader"] is None and tracker.view().turn is None
                tracker.feed(hand_end_message(match.results[-1], match.ledger))
                assert tracker.view().results[-1].end.value == "redeal"
                assert tracker.view().ledger == match.ledger
                return
            while match.turn is not None:
                moves = match.legal_moves()
                match.push(moves[rng.randrange(len(moves))])
            tracker.feed(hand_end_message(match.results[-1], match.ledger))
    raise AssertionError("no egg redeal in 300 random matches")


@pytest.mark.parametrize(
    ("seats", "deals", "seen"),
    [(2, ("sea-1", "sea-91"), "redeal"), (4, ("sea-2", "sea-80"), "declared")],
)
def test_programs_play_sea_goat_and_declare_hundreds(seats: int, deals: tuple[str, ...], seen: str) -> None:
    """Our greedy bot as a program (asked ``declare``) makes the same choices as in process, its
    own declarations (seat 0 declares in ``sea-80``) and egg redeals (``sea-91``) included; the
    example bot answers ``declare`` too."""
    rules = find_game("sea-kozel").rules(seats=seats)
    program = f"cmd:{PY} -m sevenrocks.cli.bot greedy --seed 5"  # seat 0: seeded 5 * 4 + 0
    rest = ("greedy", "greedy", "greedy")[: seats - 1]
    kinds: list[str | None] = []
    for deal_seed in deals:
        direct = play_match(("greedy", *rest), deal_seed=deal_seed, bot_seeds=(20, 1, 2, 3), rules=rules)
        piped = play_match(
            (program, *rest), deal_seed=deal_seed, bot_seeds=(None, 1, 2, 3), rules=rules, bot_timeout=30
        )
        assert piped.forfeit is None
        assert direct.record is not None and piped.record is not None
        assert [h.imposed for h in piped.record.hands] == [h.imposed for h in direct.record.hands]
        assert (piped.scores, piped.hands, piped.winners) == (direct.scores, direct.hands, direct.winners)
        kinds += [
            h.imposed if h.imposed != "declared" or h.hundred == 0 else None for h in piped.record.hands
        ]
        kinds += [r.end.value for r in piped.record.results]
    assert seen in kinds
    example = f"cmd:{PY} {EXAMPLE}"
    players = tuple(example if s % 2 == 0 else "greedy" for s in range(seats))
    outcome = play_match(players, deal_seed="sea-example", rules=rules, record=False, bot_timeout=30)
    assert outcome.forfeit is None and outcome.winners
