"""The engine against the independent reference model (``tests/reference/family``), move by move.

For every game at every number of seats, with its options varied (``configs.TABLES``: 100 tables,
24 matches each, 2,400 in all), random matches are played by the engine while the reference model
is stepped alongside: after every deal and every move both must agree on whose turn it is, the
legal moves (as sets of notation), every seat's tiles, the boneyard, the draws, the scores and the
end of the hand and of the match. The engine's conformance report of the whole match must then
equal the reference's.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sevenrocks.core import Match
from sevenrocks.core.events import HandEnd
from sevenrocks.core.script import replay
from tests.reference.family import RefGame
from tests.reference.family import replay as ref_replay

from .configs import TABLES, Table

COMMON: dict[str, Any] = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}


def _same_position(match: Match, ref: RefGame) -> None:
    turn = match.turn
    assert ref.turn == turn
    for seat in range(match.seats):
        assert ref.hand(seat) == {str(t) for t in match.hand(seat)}, f"seat {seat}'s tiles"
    assert ref.boneyard_left == match.boneyard_size
    assert list(ref.draws) == list(match.draws)
    assert list(ref.scores) == list(match.scores)
    if turn is not None:
        assert ref.legal_moves() == {str(m) for m in match.legal_moves()}


def _script_of(match: Match) -> dict[str, Any]:
    """The conformance script of the match so far, from its history."""
    hands: list[dict[str, Any]] = []
    for log in match.history:
        hand: dict[str, Any] = {
            "hands": [[str(t) for t in tiles] for tiles in log.deal],
            "boneyard": [str(t) for t in log.boneyard],
            "plays": [str(p.play) for p in log.placements],
        }
        if log.leader >= 0:
            hand["leader"] = log.leader
        hands.append(hand)
    script: dict[str, Any] = {"game": match.game, "hands": hands}
    if match.game == "seven-rocks":
        script["target"] = match.target
    else:
        script["options"] = dict(match.rules.options)
    return script


def play_both(table: Table, seed: int, max_hands: int = 4) -> Match:
    """Play a random match with the engine and step the reference alongside."""
    rng = random.Random(seed ^ 0xFA11)
    match = Match(table.game, options=table.options, seats=table.seats, seed=seed)
    ref = RefGame(table.game, dict(match.rules.options), table.seats)
    for _ in range(max_hands):
        if match.is_over:
            break
        match.start_hand()
        log = match.history[-1]
        by_lot = ref.needs_leader
        ref.start_hand(
            [[str(t) for t in tiles] for tiles in log.deal],
            [str(t) for t in log.boneyard],
            log.leader if by_lot else None,
        )
        _same_position(match, ref)
        while match.turn is not None:
            move = rng.choice(match.legal_moves())
            match.push(move)
            ref.play(str(move))
            _same_position(match, ref)
        assert ref.match_over == match.is_over
        if match.results[-1].end is not HandEnd.REDEAL:
            assert ref.hand_report()["end"] == match.results[-1].end.value
    assert replay(_script_of(match)) == ref_replay(_script_of(match))
    return match


@pytest.mark.parametrize("table", TABLES, ids=str)
@settings(max_examples=24, **COMMON)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_engine_agrees_with_the_reference(table: Table, seed: int) -> None:
    play_both(table, seed)
