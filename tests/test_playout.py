"""The fast play-out (``core.playout.random_hand``) is the same game as the ``Match`` engine."""

from __future__ import annotations

import random

import pytest

from sevenrocks.core import HandEnd, Knock, Match, Placement
from sevenrocks.core.playout import HandOutcome, random_hand


def match_hand(rng: random.Random) -> tuple[HandOutcome, list[str]]:
    """One hand through the ``Match`` API with the draws ``random_hand`` documents."""
    match = Match(target=10**9, rng=rng)
    match.start_hand()
    leader = match.turn
    assert leader is not None
    plays: list[str] = []
    while match.turn is not None:
        legal = match.legal_plays()
        play = legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0]
        match.push(play)
        plays.append(str(play))
    log = match.history[-1]
    result = log.result
    assert result is not None and result.deductions is not None
    points = [0, 0]
    for event in log.events:
        if isinstance(event, Placement):
            points[event.seat & 1] += event.points
    outcome = HandOutcome(
        leader=leader,
        placements=len(log.placements),
        knocks=sum(isinstance(e, Knock) for e in log.events),
        blocked=result.end is HandEnd.BLOCKED,
        finisher=result.finisher,
        points=(points[0], points[1]),
        deductions=result.deductions,
    )
    return outcome, plays


@pytest.mark.parametrize("block", range(4))
def test_random_hand_equals_match_engine(block: int) -> None:
    """Same draws, same hand: deal, leader, every placement (through the draw sequence), knocks,
    block or domino, points and deductions — on 4 x 750 seeds."""
    blocked = 0
    for seed in range(block * 750, (block + 1) * 750):
        fast_rng, engine_rng = random.Random(seed), random.Random(seed)
        fast = random_hand(fast_rng)
        slow, _ = match_hand(engine_rng)
        assert fast == slow, f"seed {seed}"
        # the same number of draws was consumed: the generators are in the same state
        assert fast_rng.getstate() == engine_rng.getstate(), f"seed {seed}"
        blocked += fast.blocked
    assert 0 < blocked < 750  # both kinds of ending were exercised


def test_random_hand_sequence_from_one_generator() -> None:
    """Many hands from one generator stay in step with the engine (no hidden extra draws)."""
    fast_rng, engine_rng = random.Random(2024), random.Random(2024)
    for _ in range(300):
        assert random_hand(fast_rng) == match_hand(engine_rng)[0]


def test_outcome_is_consistent() -> None:
    rng = random.Random(11)
    for _ in range(2000):
        hand = random_hand(rng)
        assert 7 <= hand.placements <= 28
        assert 0 <= hand.leader < 4
        assert hand.blocked == (hand.finisher is None)
        if hand.finisher is not None:
            assert hand.deductions[hand.finisher] == 0
        assert all(p % 5 == 0 and p >= 0 for p in hand.points)
        assert all(d % 5 == 0 and d >= 0 for d in hand.deductions)
