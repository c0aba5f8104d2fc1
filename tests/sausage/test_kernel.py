"""Sausage's fast rules (``sevenrocks.core.sausage.kernel``) against the engine: the same deals and the
same choices give the same turns, the same ends and the same points; the simulation runner gives the
totals the engine gives, deal for deal."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sevenrocks.bots.sausage import SausageRunner
from sevenrocks.bots.stats import HandStats
from sevenrocks.core.sausage import DealEnd, SausageMatch, SausageMove, Went
from sevenrocks.core.sausage.kernel import (
    ASIDE,
    BACK,
    BLOCKED,
    BOTTOM,
    CUT,
    TOP,
    UNFINISHED,
    Deal,
    random_deal_stats,
    random_policy,
)
from sevenrocks.core.tiles import TILES

_WENT = {TOP: Went.TOP, BOTTOM: Went.BOTTOM, CUT: Went.CUT, BACK: Went.BACK, ASIDE: Went.ASIDE}
_WAY = {TOP: "top", BOTTOM: "bottom", CUT: "cut"}


def engine_stats(seed: int, n: int) -> HandStats:
    """The runner as it was before the kernel: every deal played by the engine, from one generator."""
    rng = random.Random(seed)
    moves = placements = knocks = blocked = settlement = 0
    for _ in range(n):
        match = SausageMatch(rng=rng)
        match.start_deal()
        while match.in_deal:
            legal = match.legal_moves()
            match.push(legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0])
        for turn in match.turns:
            if turn.went is Went.BACK or turn.went is Went.ASIDE:
                knocks += 1
            else:
                placements += 1
                moves += turn.went is not Went.START
        result = match.result
        assert result is not None
        blocked += result.end is DealEnd.BLOCKED
        settlement += sum(abs(a) for a in result.award)
    return HandStats(n, moves, placements, knocks, blocked, 0, 0, settlement)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_runner_gives_the_engine_totals(seed: int) -> None:
    assert SausageRunner(seed=seed).run(700) == engine_stats(seed, 700)
    runner = SausageRunner(seed=seed)
    assert runner.run(300) + runner.run(400) == engine_stats(seed, 700)  # chunks change nothing


def _mirror(seed: int, policy_seed: int) -> None:
    """Play a deal in the kernel with random choices, then in the engine with the kernel's choices;
    compare every turn, the position at every choice, the end and the pips."""
    rng = random.Random(seed)
    tiles = list(range(28))
    rng.shuffle(tiles)
    queues = (tiles[:14], tiles[14:])
    starter = rng.randrange(2)
    deal = Deal.start(queues, starter)
    seen: list[tuple[int, int, int]] = []
    policy = random_policy(random.Random(policy_seed))

    def choose(position: Deal, seat: int, tile: int, ways: int) -> int:
        way = policy(position, seat, tile, ways)
        seen.append((seat, tile, ways))
        return way

    turns: list[tuple[int, int, int, int]] = []
    end = deal.play_out(choose, turns)
    match = SausageMatch()
    match.start_deal([[TILES[t] for t in q] for q in queues], starter)
    for seat, tile, went, _ in turns:
        if (
            went in (TOP, BOTTOM, CUT)
            and match.in_deal
            and match.turn == seat
            and match.turned is TILES[tile]
        ):
            if len(match.legal_moves()) > 1:
                choice = seen.pop(0)
                assert choice[:2] == (seat, tile)
                assert choice[2] == sum(1 << m.way.line for m in match.legal_moves())
            match.push(SausageMove.parse(f"{TILES[tile]}:{_WAY[went]}"))
    assert not seen
    engine = [(t.seat, t.tile.index, t.went, t.gave) for t in match.turns[1:]]  # after the start tile
    assert engine == [(seat, tile, _WENT[went], gave) for seat, tile, went, gave in turns]
    result = match.result
    assert result is not None
    if end == BLOCKED:
        assert result.end is DealEnd.BLOCKED
    else:
        assert (result.end, result.winner) == (DealEnd.OUT, end)
    assert result.pips == (deal.pips(0), deal.pips(1))


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 2**32 - 1))
def test_the_kernel_plays_the_engine_turn_by_turn(seed: int, policy_seed: int) -> None:
    _mirror(seed, policy_seed)


def test_many_deals_against_the_engine() -> None:
    for seed in range(400):
        _mirror(seed, seed + 1)


def test_positions_from_the_middle_of_a_deal_and_their_ways() -> None:
    rng = random.Random(5)
    for _ in range(60):
        match = SausageMatch(seed=rng.randrange(10**6))
        match.start_deal()
        while match.in_deal:
            turn = match.turn
            turned = match.turned
            assert turn is not None and turned is not None
            table = match.table
            deal = Deal.at(
                [[t.index for t in match.queue(s)] for s in (0, 1)],
                turn,
                table.ends,
                (table.top.values, table.bottom.values),
                (len(table.top), len(table.bottom)),
                [t.index for t in table.laid],
                match.sent,
            )
            assert deal.ways(turned.index) == sum(1 << m.way.line for m in match.legal_moves())
            legal = match.legal_moves()
            move = legal[rng.randrange(len(legal))]
            copy = deal.copy()
            copy.place(turned.index, move.way.line)
            assert (
                copy.seat == 1 - turn and list(copy.queues[turn]) == [t.index for t in match.queue(turn)][1:]
            )
            match.push(move)


def test_a_limit_stops_a_play_out() -> None:
    deal = Deal.dealt(random.Random(2))
    assert deal.play_out(random_policy(random.Random(3)), limit=3) == UNFINISHED
    assert sum(len(q) for q in deal.queues) + len(deal.laid) <= 28


def test_random_deal_stats_is_the_runner() -> None:
    stats = SausageRunner(seed=9).run(50)
    totals = (stats.moves, stats.placements, stats.knocks, stats.blocked, stats.settlement)
    assert random_deal_stats(random.Random(9), 50) == totals
