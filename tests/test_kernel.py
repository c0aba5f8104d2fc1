"""The compiled play-out kernel plays exactly the core engine's game.

Every kernel play-out is replayed through :class:`Match`: the same placements must be legal
there and give the same counted totals, points, knocks, ending, deductions and scores.
"""

from __future__ import annotations

import random

import pytest

from sevenrocks.bots import kernel
from sevenrocks.bots.simple import immediate_points
from sevenrocks.core import HandEnd, Knock, Match, SeatView
from sevenrocks.core.tiles import SUIT_MASKS

N_POSITIONS = 2500


def random_position(rng: random.Random) -> Match:
    """A match somewhere in a hand: some whole hands played, then some placements of this one.

    Small targets make some play-outs end at the target.
    """
    match = Match(target=rng.choice([250, 250, 120, 60]), seed=rng.randrange(1 << 30))
    for _ in range(rng.randrange(3)):
        match.start_hand()
        while match.turn is not None:
            plays = match.legal_plays()
            match.push(plays[rng.randrange(len(plays))])
        if match.is_over:
            match = Match(target=match.target, seed=rng.randrange(1 << 30))
    match.start_hand()
    for _ in range(rng.randrange(20)):
        if match.turn is None:
            break
        plays = match.legal_plays()
        match.push(plays[rng.randrange(len(plays))])
    if match.turn is None:
        match = Match(seed=rng.randrange(1 << 30))
        match.start_hand()
    return match


def replay_and_compare(match: Match, outcome: kernel.Outcome, policy: int) -> None:
    """Push the kernel's placements through ``match`` and compare everything."""
    assert len(outcome.trace) == outcome.placements
    knocks = 0
    for seat, tile, pid, total, points, knocked in outcome.trace:
        assert match.turn == seat
        play = kernel.decode_play(tile, pid)
        legal = match.legal_plays()
        assert play in legal
        if policy == kernel.GREEDY:
            view = match.view(seat)
            best = max((immediate_points(view, p), p.tile.pips) for p in legal)
            assert (immediate_points(view, play), play.tile.pips) == best
        n_events = len(match.events)
        placement = match.push(play)
        assert (placement.ends_total, placement.points) == (total, points)
        new_knocks = [e for e in match.events[n_events + 1 :] if isinstance(e, Knock)]
        assert len(new_knocks) == knocked
        knocks += knocked
    assert match.turn is None
    assert knocks == outcome.knocks
    result = match.results[-1]
    assert result.end is HandEnd(outcome.end)
    assert result.finisher == outcome.finisher
    assert result.scores == outcome.scores == match.scores
    if result.end is HandEnd.TARGET:
        assert match.winner == outcome.winner
        assert outcome.deductions == (0, 0, 0, 0)
    else:
        assert outcome.winner is None
        assert result.deductions == outcome.deductions


@pytest.mark.parametrize("policy", [kernel.RANDOM, kernel.GREEDY])
def test_kernel_agrees_with_engine_on_random_positions(policy: int) -> None:
    rng = random.Random(2024 + policy)
    ends = set()
    for i in range(N_POSITIONS):
        match = random_position(rng)
        state = kernel.encode_match(match)
        outcome = kernel.playout(state, policy=policy, seed=i, trace=True)
        ends.add(outcome.end)
        replay_and_compare(match, outcome, policy)
    assert ends == {"domino", "blocked", "target"}


def test_forced_first_play_and_state_untouched() -> None:
    rng = random.Random(9)
    for i in range(300):
        match = random_position(rng)
        state = kernel.encode_match(match)
        before = state.copy()
        first = match.legal_plays()[-1]
        outcome = kernel.playout(state, policy="random", seed=i, first=first, trace=True)
        assert (state == before).all()
        assert kernel.decode_play(outcome.trace[0][1], outcome.trace[0][2]) == first
        replay_and_compare(match, outcome, kernel.RANDOM)


def test_same_seed_same_playout() -> None:
    match = Match(seed=11)
    match.start_hand()
    state = kernel.encode_match(match)
    a = kernel.playout(state, policy="random", seed=5, trace=True)
    b = kernel.playout(state, policy="random", seed=5, trace=True)
    assert a == b
    assert kernel.random_hands(500, seed=8) == kernel.random_hands(500, seed=8)


def test_encode_view_matches_from_view() -> None:
    rng = random.Random(4)
    for _ in range(300):
        match = random_position(rng)
        view = match.view(rng.randrange(4))
        hands = {s: match.hand(s) for s in range(4) if s != view.seat}
        rebuilt = Match.from_view(view, hands)
        assert (kernel.encode_view(view, hands) == kernel.encode_match(rebuilt)).all()
        assert (kernel.encode_match(rebuilt) == kernel.encode_match(match)).all()


def check_sample(view: SeatView, hands: dict[int, tuple[object, ...]]) -> None:
    voids = view.void_values()
    assert set(hands) == {0, 1, 2, 3} - {view.seat}
    for seat, tiles in hands.items():
        assert len(tiles) == view.tile_counts[seat]
        for tile in tiles:
            assert (view.possible_mask(seat) >> tile.index) & 1  # type: ignore[attr-defined]
            assert not any(tile.has(v) for v in voids[seat])  # type: ignore[attr-defined]


def test_sampled_hands_respect_voids_and_counts() -> None:
    rng = random.Random(6)
    with_voids = 0
    for i in range(1500):
        match = random_position(rng)
        view = match.view(rng.randrange(4))
        if any(view.void_values()):
            with_voids += 1
        hands = kernel.sample_hands(view, seed=i)
        check_sample(view, hands)  # type: ignore[arg-type]
        Match.from_view(view, hands)  # the core accepts the deal
    assert with_voids > 100


def test_sampling_covers_every_consistent_holder() -> None:
    """With no knocks, every unseen tile turns up in every other seat's sampled hand."""
    match = Match(seed=3)
    match.start_hand()
    view = match.view(0)
    seen: dict[int, int] = {1: 0, 2: 0, 3: 0}
    for i in range(200):
        for seat, tiles in kernel.sample_hands(view, seed=i).items():
            for tile in tiles:
                seen[seat] |= tile.bit
    assert all(mask == view.unseen_mask for mask in seen.values())


def test_tight_voids_still_sample() -> None:
    """A seat void in three suits still gets a deal (most constrained tiles go first)."""
    rng = random.Random(12)
    found = 0
    for i in range(4000):
        match = random_position(rng)
        view = match.view(rng.randrange(4))
        if max(len(v) for v in view.void_values()) >= 3:
            found += 1
            check_sample(view, kernel.sample_hands(view, seed=i))  # type: ignore[arg-type]
    assert found > 10


def test_random_hands_statistics_match_engine() -> None:
    """Kernel hands and core hands have the same blocked share and placements (within noise)."""
    from sevenrocks.core.playout import random_hand

    n = 4000
    rng = random.Random(1)
    core = [random_hand(rng) for _ in range(n)]
    stats = kernel.random_hands(40 * n, seed=1)
    core_block = sum(h.blocked for h in core) / n
    assert abs(stats.blocked / stats.hands - core_block) < 0.025
    core_places = sum(h.placements for h in core) / n
    assert abs(stats.placements / stats.hands - core_places) < 0.3


def test_bad_arguments() -> None:
    match = Match(seed=1)
    with pytest.raises(ValueError, match="no hand is in progress"):
        kernel.encode_match(match)
    match.start_hand()
    with pytest.raises(ValueError, match="unknown play-out policy"):
        kernel.playout(kernel.encode_match(match), policy="clever")
    with pytest.raises(ValueError, match="whole number"):
        kernel.random_hands(-1)
    assert SUIT_MASKS  # tables imported from the core
