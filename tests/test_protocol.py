"""The open bot protocol: bot programs (cmd:), our bots as programs, forfeits and clean-up."""

from __future__ import annotations

import io
import json
import random
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sevenrocks.bots import make_bot
from sevenrocks.bots.program import BotFailure, ProgramBot, check_command
from sevenrocks.bots.protocol import (
    ProtocolError,
    ViewTracker,
    event_message,
    hand_end_message,
    hand_message,
    match_message,
    parse_answer,
    serve,
    turn_message,
)
from sevenrocks.bots.registry import UnknownBotError
from sevenrocks.cli.app import app
from sevenrocks.core import Match, Play
from sevenrocks.core.record import MatchEnd, MatchRecord
from sevenrocks.tournament.runner import play_match

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "examples" / "bots" / "first_legal.py"
PY = sys.executable

# A bot that writes every message it gets to a log file and plays the last legal placement.
RECORDING_BOT = """
import json, sys
log = open(sys.argv[1], "a")
for line in sys.stdin:
    log.write(line)
    log.flush()
    message = json.loads(line)
    if message["type"] == "turn":
        print(json.dumps({"play": message["legal"][-1]}), flush=True)
"""

# Bots that break the protocol, each in its own way, when asked to place.
BAD_BOTS = {
    "illegal": """
import json, sys
tiles = [f"{a}-{b}" for a in range(7) for b in range(a, 7)]
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "turn":
        print(json.dumps({"play": next(t for t in tiles if t not in message["legal"])}), flush=True)
""",
    "garbage": """
import json, sys
for line in sys.stdin:
    if json.loads(line)["type"] == "turn":
        print("I play the double six!", flush=True)
""",
    "crash": """
import json, sys
for line in sys.stdin:
    if json.loads(line)["type"] == "turn":
        sys.stderr.write("Traceback: something broke inside the bot\\n")
        sys.exit(3)
""",
    "timeout": """
import json, signal, sys, time
signal.signal(signal.SIGTERM, signal.SIG_IGN)  # it must still be stopped
for line in sys.stdin:
    if json.loads(line)["type"] == "turn":
        time.sleep(60)
""",
    "chatty": """
import json, sys
print("hello, I am ready", flush=True)
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "turn":
        print(json.dumps({"play": message["legal"][0]}), flush=True)
""",
}
EXPECTED_KIND = {
    "illegal": "illegal",
    "garbage": "garbage",
    "crash": "crash",
    "timeout": "timeout",
    "chatty": "garbage",
}


def script(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / f"{name}.py"
    path.write_text(text)
    return path


# ---------------------------------------------------------------------- messages, both sides
def test_tracker_rebuilds_the_seat_view_the_engine_gives() -> None:
    """Fed the protocol messages of whole matches, a bot's tracker sees what Match.view shows."""
    for seed in range(6):
        match = Match(seed=seed, target=120)
        seat = seed % 4
        tracker = ViewTracker()
        tracker.feed(match_message(seat, match.target))
        sent_events = 0
        while not match.is_over:
            match.start_hand()
            tracker.feed(hand_message(match.view(seat)))
            sent_events = 0
            while match.turn is not None:
                view = match.view(match.turn)
                for event in match.events[sent_events:]:
                    tracker.feed(event_message(event))
                sent_events = len(match.events)
                if match.turn == seat:
                    tracker.feed(turn_message(view))
                    mine = tracker.view()
                    assert mine.hand == view.hand
                    assert mine.legal_plays == view.legal_plays
                    assert mine.layout.points == view.layout.points
                    assert mine.layout.ends_total == view.layout.ends_total
                    assert mine.events == view.events
                    assert mine.tile_counts == view.tile_counts
                    assert mine.scores == view.scores
                    assert mine.void_values() == view.void_values()
                    assert mine.results == view.results
                match.push(random.Random(seed).choice(view.legal_plays))
            for event in match.events[sent_events:]:
                tracker.feed(event_message(event))
            tracker.feed(hand_end_message(match.results[-1]))
            assert tracker.view().results == match.view(seat).results


def test_parse_answer_accepts_only_a_legal_play_in_the_right_shape() -> None:
    legal = [Play.parse("3-4"), Play.parse("1-2")]
    assert parse_answer('{"play": "4-3"}\n', legal) is Play.parse("3-4")
    for bad, words in (
        ("3-4", "not JSON"),
        ('["3-4"]', "expected an object"),
        ('{"move": "3-4"}', "expected an object"),
        ('{"play": "3-9"}', "not a play"),
        ('{"play": "5-5"}', "illegal play '5-5'"),
    ):
        with pytest.raises(ProtocolError, match=words):
            parse_answer(bad, legal)


def test_serve_answers_turns_and_stops_at_match_end() -> None:
    match = Match(seed=9)
    match.start_hand()
    seat = match.turn
    assert seat is not None
    view = match.view(seat)
    lines = [
        json.dumps(match_message(seat, 250)),
        json.dumps(hand_message(view)),
        json.dumps(turn_message(view)),
        json.dumps({"type": "match_end", "winner": 0, "scores": [250, 0]}),
        json.dumps({"type": "this is never read"}),
    ]
    out = io.StringIO()
    serve(make_bot("greedy", seed=1), lines, out)
    answer = json.loads(out.getvalue())
    assert Play.parse(answer["play"]) in view.legal_plays


@pytest.mark.parametrize(
    ("lines", "words"),
    [
        (["not json"], "line 1: not JSON"),
        (['{"type": "turn", "legal": ["3-4"]}'], "first message must be 'match'"),
        (['{"type": "match", "seat": 7, "target": 250}'], "must be 0..3"),
        (
            ['{"type": "match", "seat": 1, "target": 250}', '{"type": "dance"}'],
            "line 2: unknown message type",
        ),
    ],
)
def test_serve_names_a_bad_host_message(lines: list[str], words: str) -> None:
    with pytest.raises(ProtocolError, match=words):
        serve(make_bot("random"), lines, io.StringIO())


# ---------------------------------------------------------------------- programs in matches
def test_example_bot_plays_whole_matches_and_the_record_loads(tmp_path: Path) -> None:
    bot = f"cmd:{PY} {EXAMPLE}"
    outcome = play_match((bot, "greedy", bot, "random"), deal_seed="example", target=100)
    assert outcome.forfeit is None
    assert outcome.record.end is MatchEnd.TARGET
    path = outcome.record.save(tmp_path / "m.json")
    loaded = MatchRecord.from_json(json.loads(path.read_text()))
    assert loaded.players[0] == bot and loaded.scores == outcome.scores


def test_a_program_gets_exactly_the_documented_messages(tmp_path: Path) -> None:
    log = tmp_path / "messages.jsonl"
    bot = f"cmd:{PY} {script(tmp_path, 'recorder', RECORDING_BOT)} {log}"
    outcome = play_match(("greedy", bot, "greedy", "random"), deal_seed="messages", target=120)
    assert outcome.forfeit is None
    messages = [json.loads(line) for line in log.read_text().splitlines()]
    kinds = [m["type"] for m in messages]
    assert messages[0] == {
        "type": "match",
        "seat": 1,
        "target": 120,
        "game": "seven-rocks",
        "options": {"target": 120},
        "seats": 4,
    }  # Seven Rocks' first message as it always was, and the game added
    assert kinds[-1] == "match_end" and messages[-1]["winner"] == outcome.winner
    assert messages[-1]["scores"] == list(outcome.scores)
    hands = outcome.record.hands
    assert kinds.count("hand") == len(hands) == kinds.count("hand_end")
    placements = [p for log_ in hands for p in log_.placements]
    plays = [m for m in messages if m["type"] == "play"]
    assert [(m["seat"], m["play"], m["points"]) for m in plays] == [
        (p.seat, str(p.play), p.points) for p in placements
    ]  # every placement, the bot's own included, in order
    knocks = [e for log_ in hands for e in log_.events if not hasattr(e, "play")]
    assert [m["seat"] for m in messages if m["type"] == "knock"] == [k.seat for k in knocks]
    turns = [m for m in messages if m["type"] == "turn"]
    assert len(turns) == sum(1 for p in placements if p.seat == 1)
    first_hand = next(m for m in messages if m["type"] == "hand")
    assert first_hand["tiles"] == [str(t) for t in hands[0].deal[1]]
    assert first_hand["leader"] == hands[0].leader and first_hand["scores"] == [0, 0]
    end = next(m for m in messages if m["type"] == "hand_end")
    assert set(end) == {"type", "end", "finisher", "hands", "deductions", "scores"}


def test_our_bots_run_as_protocol_programs() -> None:
    bot = f"cmd:{PY} -m sevenrocks.cli.bot greedy --seed 3"  # the fast-starting form of `sevenrocks bot`
    outcome = play_match((bot, "random", bot, "random"), deal_seed="ours", target=60, bot_timeout=30)
    assert outcome.forfeit is None and outcome.winner in (0, 1)


@pytest.mark.parametrize("kind", sorted(BAD_BOTS))
def test_a_broken_program_forfeits_with_the_reason(tmp_path: Path, kind: str) -> None:
    bot = f"cmd:{PY} {script(tmp_path, kind, BAD_BOTS[kind])}"
    start = time.monotonic()
    timeout = 0.5 if kind == "timeout" else 30.0  # a slow start on a busy machine is not what is tested
    outcome = play_match(("greedy", bot, "greedy", bot), deal_seed="bad", target=250, bot_timeout=timeout)
    assert time.monotonic() - start < 15
    forfeit = outcome.forfeit
    assert forfeit is not None and forfeit.seat in (1, 3)
    assert forfeit.kind == EXPECTED_KIND[kind]
    assert outcome.winner == 0
    assert outcome.record.end is MatchEnd.FORFEIT and outcome.record.winner == 0
    assert outcome.record.reason is not None and forfeit.reason in outcome.record.reason
    if kind == "crash":
        assert "exited with code 3" in forfeit.reason and "something broke" in forfeit.reason
    if kind == "timeout":
        assert "no answer within 0.5 s" in forfeit.reason
    MatchRecord.from_json(outcome.record.to_json())  # a forfeited match is still a valid record


def test_a_missing_program_forfeits() -> None:
    outcome = play_match(("cmd:./no-such-bot --fast", "greedy", "random", "greedy"), deal_seed="x")
    assert outcome.forfeit is not None and outcome.forfeit.kind == "not_found"
    assert "no such file './no-such-bot'" in outcome.forfeit.reason
    assert outcome.winner == 1


def test_a_hung_program_is_stopped_even_if_it_ignores_sigterm(tmp_path: Path) -> None:
    bot = ProgramBot(f"{PY} {script(tmp_path, 'hang', BAD_BOTS['timeout'])}", timeout=0.3)
    match = Match(seed=1)
    match.start_hand()
    seat = match.turn
    assert seat is not None
    with pytest.raises(BotFailure, match=r"no answer within 0\.3 s"):
        bot.choose(match.view(seat))
    proc = bot._proc
    assert proc is not None and proc.poll() is None
    start = time.monotonic()
    bot.close()
    assert proc.poll() is not None  # reaped: no zombie left
    assert time.monotonic() - start < 5


def test_check_command_names_what_is_wrong(tmp_path: Path) -> None:
    with pytest.raises(BotFailure, match="program 'nonexistent-bot-xyz' not found"):
        check_command("nonexistent-bot-xyz")
    with pytest.raises(BotFailure, match="cannot read the command"):
        check_command('python3 "unclosed')
    plain = tmp_path / "plain.txt"
    plain.write_text("not a program")
    with pytest.raises(BotFailure, match="is not executable"):
        check_command(str(plain))
    assert check_command(f"{PY} -c pass") == [PY, "-c", "pass"]
    with pytest.raises(UnknownBotError, match="must be followed by a command"):
        make_bot("cmd:  ")


# ---------------------------------------------------------------------- sevenrocks bot
def test_bot_command_plays_over_stdin() -> None:
    match = Match(seed=5)
    match.start_hand()
    seat = match.turn
    assert seat is not None
    view = match.view(seat)
    stdin = "\n".join(
        json.dumps(m) for m in (match_message(seat, 250), hand_message(view), turn_message(view))
    )
    result = CliRunner().invoke(app, ["bot", "greedy", "--seed", "1"], input=stdin + "\n")
    assert result.exit_code == 0, result.output
    assert Play.parse(json.loads(result.stdout)["play"]) in view.legal_plays


def test_bot_command_bad_input_is_a_message_not_a_traceback() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["bot", "nosuchbot"], input="")
    assert result.exit_code == 2 and "unknown bot 'nosuchbot'" in result.output
    assert "Traceback" not in result.output
    result = runner.invoke(app, ["bot", "random"], input="hello\n")
    assert result.exit_code == 2 and "bad message from the host: line 1: not JSON" in result.output
    result = runner.invoke(app, ["bot", "random", "--think", "fast"], input="")
    assert result.exit_code == 2 and "not a time per move" in result.output


def test_the_documented_example_is_the_tested_one() -> None:
    doc = (REPO / "docs" / "bot-protocol.md").read_text()
    assert EXAMPLE.read_text() in doc
    assert len(EXAMPLE.read_text().splitlines()) <= 40


@pytest.mark.parametrize("name", ["random", "expert"])
def test_a_bot_plays_the_same_through_the_protocol_as_in_process(name: str) -> None:
    """The view rebuilt from the messages is faithful: a seeded bot makes the very same choices."""
    program = f"cmd:{PY} -m sevenrocks.cli.bot {name} --seed 5"  # seat 0: seeded 5 * 4 + 0
    seats = ("greedy", "random", "greedy")
    direct = play_match((name, *seats), deal_seed="same", bot_seeds=(20, 1, 2, 3), target=120)
    piped = play_match(
        (program, *seats), deal_seed="same", bot_seeds=(None, 1, 2, 3), target=120, bot_timeout=30
    )
    assert piped.forfeit is None
    assert piped.record.hands == direct.record.hands
