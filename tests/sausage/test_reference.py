"""The Sausage engine against the independent reference model (``tests/reference/family/sausage.py``).

Random matches (random deals, lots and moves; targets varied so that matches end within a few deals) are
played by the engine while the reference is stepped alongside: after every deal and every move both must
agree on whose turn it is, the turned tile, the legal moves (as sets of ``TILE:WAY``), both queues in
order, the ends, the scores and how the deal and the match end. The engine's report of the whole match
must then equal the reference's for the same script.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sevenrocks.core.sausage import SausageMatch
from sevenrocks.core.script import replay
from tests.reference.family import replay as ref_replay
from tests.reference.family.sausage import RefSausage

TARGETS = (101, 1, 20, 40, 60, 200)


def _same(match: SausageMatch, ref: RefSausage) -> None:
    assert ref.turn == match.turn
    assert ref.turned == (None if match.turned is None else str(match.turned))
    for seat in (0, 1):
        assert ref.queue(seat) == [str(t) for t in match.queue(seat)], f"seat {seat}'s queue"
    assert ref.ends() == match.table.ends
    assert ref.scores == list(match.scores)
    assert ref.legal_moves() == {str(m) for m in match.legal_moves()}
    assert ref.match_over == match.is_over


def script_of(match: SausageMatch) -> dict[str, Any]:
    """The conformance script of the match so far, from its history (the starter only where a lot
    chose it)."""
    deals: list[dict[str, Any]] = []
    for i, log in enumerate(match.history):
        deal: dict[str, Any] = {
            "queues": [[str(t) for t in queue] for queue in log.queues],
            "moves": [str(turn.move) for turn in log.moves],
        }
        if i == 0:
            deal["starter"] = log.starter
        deals.append(deal)
    return {"game": "sausage", "options": dict(match.rules.options), "hands": deals}


def play_both(seed: int, target: int, max_deals: int = 8) -> SausageMatch:
    rng = random.Random(seed ^ 0x5A05A6E)
    match = SausageMatch(target=target, seed=seed)
    ref = RefSausage({"target": target})
    for _ in range(max_deals):
        if match.is_over:
            break
        by_lot = ref.needs_starter
        assert by_lot == (match.next_starter is None)
        match.start_deal()
        log = match.history[-1]
        ref.start_hand([[str(t) for t in q] for q in log.queues], log.starter if by_lot else None)
        _same(match, ref)
        while match.turn is not None:
            move = rng.choice(match.legal_moves())
            match.push(move)
            ref.play(str(move))
            _same(match, ref)
        report = ref.hand_report()
        result = match.result
        assert result is not None
        assert (report["end"], report["winner"], report["pips"], report["award"]) == (
            result.end.value,
            result.winner,
            list(result.pips),
            list(result.award),
        )
    script = script_of(match)
    assert replay(script) == ref_replay(script)
    return match


@settings(max_examples=160, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), target=st.sampled_from(TARGETS))
def test_engine_agrees_with_the_reference(seed: int, target: int) -> None:
    play_both(seed, target)


def test_a_partial_last_deal_agrees() -> None:
    """A script that stops inside a deal reports the same running deal in both."""
    for seed in range(30):
        rng = random.Random(seed)
        match = SausageMatch(seed=seed)
        match.start_deal()
        for _ in range(rng.randrange(1, 12)):
            if not match.in_deal:
                break
            match.push(rng.choice(match.legal_moves()))
        script = script_of(match)
        assert replay(script) == ref_replay(script)


def test_matches_reach_their_end() -> None:
    """Over seeded matches at the default target, every kind of ending shows up and both agree."""
    ends: set[str] = set()
    for seed in range(12):
        match = play_both(seed, 101, max_deals=60)
        assert match.is_over and match.winner is not None
        assert match.scores[match.winner] >= 101 > match.scores[1 - match.winner]
        ends.update(result.end.value for result in match.results)
    assert ends == {"out", "blocked"}
