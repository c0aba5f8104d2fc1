"""Sausage's bot protocol: the messages a host sends rebuild exactly the seat's view; ``sevenrocks bot
NAME`` plays Sausage as a program; faulty messages and answers are named."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sevenrocks.bots.protocol import ProtocolError
from sevenrocks.bots.sausage import GreedySausageBot
from sevenrocks.bots.sausage_protocol import (
    SausageTracker,
    Sent,
    messages_for,
    parse_sausage_answer,
    serve_sausage,
    turn_message,
)
from sevenrocks.core.sausage import SausageMatch, SausageMove


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 100_000), st.sampled_from([20, 101]))
def test_the_messages_rebuild_the_view_at_every_turn(seed: int, target: int) -> None:
    rng = random.Random(seed)
    match = SausageMatch(target=target, seed=seed)
    trackers = [SausageTracker(), SausageTracker()]
    sent: list[Sent | None] = [None, None]
    while not match.is_over:
        match.start_deal()
        while match.in_deal:
            seat = match.turn
            assert seat is not None
            view = match.view(seat)
            messages, sent[seat] = messages_for(view, sent[seat])
            for message in [*messages, turn_message(view)]:
                trackers[seat].feed(json.loads(json.dumps(message)))
            assert trackers[seat].view() == view
            legal = match.legal_moves()
            match.push(legal[rng.randrange(len(legal))])
        for seat in (0, 1):  # the deal's end, as hosts tell it
            messages, sent[seat] = messages_for(match.view(seat), sent[seat])
            for message in messages:
                trackers[seat].feed(message)
            ended = trackers[seat].view()
            assert ended.results == match.results and ended.scores == match.scores
            assert ended.outcome == match.outcome


def _host(seat: int, seed: int = 5) -> list[str]:
    """The messages of a whole match for ``seat`` (a greedy opponent, the seat answering greedily)."""
    match = SausageMatch(target=40, seed=seed)
    bots = [GreedySausageBot(1), GreedySausageBot(2)]
    lines: list[str] = []
    sent: Sent | None = None
    while not match.is_over:
        match.start_deal()
        while match.in_deal:
            turn = match.turn
            assert turn is not None
            if turn == seat:
                messages, sent = messages_for(match.view(seat), sent)
                lines.extend(json.dumps(m) for m in [*messages, turn_message(match.view(seat))])
            match.push(bots[turn].choose(match.view(turn)))
    messages, sent = messages_for(match.view(seat), sent)
    lines.extend(json.dumps(m) for m in messages)
    lines.append(json.dumps({"type": "match_end", "winner": match.winner, "scores": list(match.scores)}))
    return lines


def test_serve_answers_every_turn() -> None:
    lines = _host(0)
    out = io.StringIO()
    serve_sausage(lambda seat, rules: GreedySausageBot(1), lines, out)
    answers = [json.loads(line)["play"] for line in out.getvalue().splitlines()]
    assert len(answers) == sum(1 for line in lines if json.loads(line)["type"] == "turn")
    assert all(SausageMove.parse(a) for a in answers)


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (["{"], "line 1: not JSON"),
        (["[1]"], "line 1: expected a JSON object"),
        (['{"type": "deal", "deal": 0, "starter": 0, "scores": [0, 0]}'], "came before the 'match' message"),
        (['{"type": "match", "seat": 0, "game": "kozel"}'], "this program plays sausage, not 'kozel'"),
        (['{"type": "match", "seat": 3, "game": "sausage"}'], "'seat' is missing or malformed"),
        (['{"type": "hand"}'], "unknown message type 'hand'"),
    ],
)
def test_bad_messages_are_named(lines: list[str], message: str) -> None:
    with pytest.raises(ProtocolError, match=message):
        serve_sausage(lambda seat, rules: GreedySausageBot(1), lines, io.StringIO())


def test_impossible_turns_are_refused() -> None:
    tracker = SausageTracker()
    tracker.feed({"type": "match", "seat": 0, "game": "sausage", "options": {"target": 101}, "seats": 2})
    tracker.feed({"type": "deal", "deal": 0, "starter": 1, "scores": [0, 0]})
    tracker.feed({"type": "went", "seat": 1, "tile": "2-5", "went": "start"})
    with pytest.raises(ProtocolError, match="does not join the top end 2"):
        tracker.feed({"type": "went", "seat": 0, "tile": "3-4", "went": "top"})
    with pytest.raises(ProtocolError, match="gave 5 tiles, but 1 lay on the table"):
        tracker.feed({"type": "went", "seat": 0, "tile": "2-5", "went": "cut", "gave": 5})
    with pytest.raises(ProtocolError, match="'went' is one of"):
        tracker.feed({"type": "went", "seat": 0, "tile": "2-5", "went": "left"})
    with pytest.raises(ProtocolError, match="must all place 4-6"):
        tracker.feed({"type": "turn", "tile": "4-6", "legal": ["2-4:top"]})


def test_answers() -> None:
    legal = [SausageMove.parse("4-6:top"), SausageMove.parse("4-6:cut")]
    assert parse_sausage_answer('{"play": "4-6:cut"}', legal) == legal[1]
    with pytest.raises(ProtocolError, match="not JSON"):
        parse_sausage_answer("cut", legal)
    with pytest.raises(ProtocolError, match="which is not a play"):
        parse_sausage_answer('{"play": "4-6"}', legal)
    with pytest.raises(ProtocolError, match="expected an object"):
        parse_sausage_answer('{"move": "4-6:cut"}', legal)


def _bot(*args: str, stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sevenrocks.cli.bot", *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_bot_command_plays_sausage_and_refuses_another_game() -> None:
    lines = _host(1, seed=8)
    run = _bot("greedy", "--seed", "2", stdin="\n".join(lines) + "\n")
    assert run.returncode == 0, run.stderr
    answers = run.stdout.splitlines()
    assert answers and all("play" in json.loads(a) for a in answers)
    kozel = '{"type": "match", "seat": 0, "target": 101, "game": "kozel", "options": {}, "seats": 4}\n'
    refused = _bot("greedy", "--game", "sausage", stdin=kozel)
    assert (
        refused.returncode == 2
        and "the host's match is kozel, but this bot was started with --game sausage" in (refused.stderr)
    )
    sausage = json.dumps(
        {"type": "match", "seat": 0, "target": 101, "game": "sausage", "options": {}, "seats": 2}
    )
    expert = _bot("expert", stdin=sausage + "\n")
    assert expert.returncode == 2 and "bot 'expert' does not play sausage" in expert.stderr
