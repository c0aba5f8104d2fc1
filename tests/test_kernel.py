"""The compiled play-out kernel plays exactly the core engine's game.

Every kernel play-out is replayed through :class:`Match`: the same placements must be legal
there and give the same counted totals, points, knocks, ending, deductions and scores.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from sevenrocks.bots import kernel
from sevenrocks.core import HandEnd, Knock, Match, Play, SeatView
from sevenrocks.core.games import Matching, Points
from sevenrocks.core.matching import void_mask
from sevenrocks.core.tiles import SUIT_MASKS

from .family.configs import TABLES, Table

N_POSITIONS = 2500


def random_position(rng: random.Random) -> Match:
    """A match of a random game somewhere in a hand: some whole hands played, then some moves of
    this one. Half the positions are Seven Rocks' (small targets make some play-outs end there)."""
    if rng.random() < 0.5:
        table = Table("seven-rocks", 4, {"target": rng.choice([250, 250, 120, 60])})
    else:
        table = rng.choice(TABLES)

    def fresh() -> Match:
        return Match(table.game, options=table.options, seats=table.seats, seed=rng.randrange(1 << 30))

    match = fresh()
    for _ in range(rng.randrange(3)):
        match.start_hand()
        while match.turn is not None:
            moves = match.legal_moves()
            match.push(moves[rng.randrange(len(moves))])
        if match.is_over:
            match = fresh()
    match.start_hand()
    for _ in range(rng.randrange(20)):
        if match.turn is None:
            break
        moves = match.legal_moves()
        match.push(moves[rng.randrange(len(moves))])
    if match.turn is None:
        match = fresh()
        match.start_hand()
    return match


def replay_and_compare(match: Match, outcome: kernel.Outcome, policy: int) -> None:
    """Push the kernel's moves through ``match`` and compare everything."""
    assert len(outcome.trace) == outcome.moves
    knocks = 0
    before = match.scores
    for seat, tile, pid, mark in outcome.trace:
        assert match.turn == seat
        play = kernel.decode_play(tile, pid, mark)
        legal = match.legal_plays()
        assert play in legal
        if policy == kernel.GREEDY:

            def points(p: Play) -> int:
                if match.rules.points is Points.HEADERS:  # what the layout shows after the move
                    trial = match.layout.copy()
                    trial.place(p)
                    return trial.header_points()
                return match.rules.points.of(match.layout.ends_total_after(p))

            best = max((points(p), p.tile.pips) for p in legal)
            assert (points(play), play.tile.pips) == best
        n_events = len(match.events)
        match.push(play)
        knocks += sum(1 for e in match.events[n_events + 1 :] if isinstance(e, Knock))
    assert match.turn is None
    assert knocks == outcome.knocks
    result = match.results[-1]
    assert result.end is HandEnd(outcome.end)
    assert result.finisher == outcome.finisher
    assert result.scores == outcome.scores == match.scores
    assert tuple(a - b for a, b in zip(match.scores, before, strict=True)) == outcome.changes
    if match.outcome is None:
        assert outcome.winners == () and not outcome.draw
    else:
        assert outcome.winners == match.outcome.winners and outcome.draw == match.outcome.is_draw


@pytest.mark.parametrize("policy", [kernel.RANDOM, kernel.GREEDY])
def test_kernel_agrees_with_engine_on_random_positions(policy: int) -> None:
    rng = random.Random(2024 + policy)
    ends = set()
    for i in range(N_POSITIONS):
        match = random_position(rng)
        state = kernel.encode_match(match)
        outcome = kernel.playout(state, match.rules, policy=policy, seed=i, trace=True)
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
        outcome = kernel.playout(state, match.rules, policy="random", seed=i, first=first, trace=True)
        assert (state == before).all()
        assert kernel.decode_play(*outcome.trace[0][1:]) == first
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
        view = match.view(match.turn)  # type: ignore[arg-type]
        hands = {s: match.hand(s) for s in range(match.seats) if s != view.seat}
        boneyard = match.boneyard
        rebuilt = Match.from_view(view, hands, boneyard)
        assert (kernel.encode_view(view, hands, boneyard) == kernel.encode_match(rebuilt)).all()
        mine, theirs = kernel.encode_match(rebuilt), kernel.encode_match(match)
        assert (mine == theirs).all(), np.flatnonzero(mine != theirs)


def check_sample(
    view: SeatView, hands: dict[int, tuple[object, ...]], boneyard: tuple[object, ...] = ()
) -> None:
    voids = view.void_values()
    assert set(hands) == set(range(view.seats)) - {view.seat}
    assert len(boneyard) == view.boneyard
    for seat, tiles in hands.items():
        assert len(tiles) == view.tile_counts[seat]
        for tile in tiles:
            assert (view.possible_mask(seat) >> tile.index) & 1  # type: ignore[attr-defined]
            if (
                view.rules.matching is Matching.SUM_SEVEN and voids[seat]
            ):  # no tile adding up to 7, no matador
                assert not (void_mask(tuple(voids[seat])) >> tile.index) & 1  # type: ignore[attr-defined]
            else:
                assert not any(tile.has(v) for v in voids[seat])  # type: ignore[attr-defined]


def test_sampled_hands_respect_voids_and_counts() -> None:
    rng = random.Random(6)
    with_voids = 0
    for i in range(1500):
        match = random_position(rng)
        view = match.view(rng.randrange(match.seats))
        if any(view.void_values()):
            with_voids += 1
        hands, boneyard = kernel.sample_deal(view, seed=i)
        check_sample(view, hands, boneyard)  # type: ignore[arg-type]
        Match.from_view(view, hands, boneyard)  # the core accepts the deal
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
        view = match.view(rng.randrange(match.seats))
        if max(len(v) for v in view.void_values()) >= 3:
            found += 1
            check_sample(view, *kernel.sample_deal(view, seed=i))  # type: ignore[arg-type]
    assert found > 10


@pytest.mark.parametrize(
    "game",
    [
        *("seven-rocks", "draw", "kozel", "picture", "donkey"),
        *("sebastopol", "bergen", "matador", "general"),
        "sea-kozel",
    ],
)
def test_random_hands_statistics_match_engine(game: str) -> None:
    """Kernel hands and engine hands (random one-tile moves) have the same blocked share, tiles
    placed and draws (within noise): the kernel deals and leads as the engine does."""
    n = 1500
    rng = random.Random(1)
    blocked = placed = draws = 0
    for _ in range(n):
        match = Match(game, seed=rng.randrange(1 << 30))
        match.start_hand()
        while match.turn is not None:
            match.push(rng.choice(match.legal_plays()))
        blocked += match.results[-1].end is HandEnd.BLOCKED
        placed += len(match.layout)
        draws += sum(match.draws)
    stats = kernel.random_hands(40 * n, game=game, seed=1)
    assert abs(stats.blocked / stats.hands - blocked / n) < 0.035
    assert abs(stats.placements / stats.hands - placed / n) < 0.4
    assert abs(stats.draws / stats.hands - draws / n) < 0.5


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
