"""The batched simulator against the engine for every game of the family and seat count."""

from __future__ import annotations

import numpy as np
import pytest

from sevenrocks.core import TILES, HandEnd
from sevenrocks.core.games import LAYOUT_GAMES
from sevenrocks.fast import codes as C
from sevenrocks.rl.actions import InvalidActionError
from sevenrocks.rl.batched import END_BLOCKED, END_DOMINO, END_TARGET, BatchedHands
from sevenrocks.rl.family import Table

ENDS = {END_DOMINO: HandEnd.DOMINO, END_BLOCKED: HandEnd.BLOCKED, END_TARGET: HandEnd.TARGET}
TABLES = [(game.id, seats) for game in LAYOUT_GAMES for seats in game.seats]


def _engine(sim: BatchedHands) -> list[Table]:
    rules = sim.spec.rules
    size, seats = rules.hand_size, rules.seats
    tables = []
    for i in range(sim.n):
        deal = sim.deals[i]
        hands = [
            sorted((TILES[t] for t in deal[size * s : size * (s + 1)]), key=lambda t: t.index)
            for s in range(seats)
        ]
        boneyard = [TILES[t] for t in deal[size * seats :]]
        table = Table(sim.spec, seed=0)
        table.start_hand(hands, int(sim.state[i, C.S_LEADER]), boneyard=boneyard or None)
        tables.append(table)
    return tables


@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_same_as_engine(game: str, seats: int) -> None:
    n = 30
    sim = BatchedHands(n, game=game, seats=seats, seed=seats)
    tables = _engine(sim)
    rng = np.random.default_rng(seats)
    ends = set()
    steps = 0
    while True:
        for i, table in enumerate(tables):
            match = table.match
            assert (sim.turn[i] if sim.turn[i] >= 0 else None) == table.actor, (i, steps)
            assert np.flatnonzero(sim.mask[i]).tolist() == table.legal_actions(), (i, steps)
            assert tuple(sim.scores[i]) == match.scores
            assert tuple(sim.draws[i]) == match.draws
            assert sim.boneyard[i] == match.boneyard_size
        if sim.done.all():
            break
        actions = sim.sample_actions(rng)
        before = [t.match.scores for t in tables]
        rewards = sim.step(actions).copy()
        for i, table in enumerate(tables):
            if table.actor is None:
                continue
            table.apply(int(actions[i]))
            after = table.match.scores
            assert tuple(rewards[i]) == tuple(a - b for a, b in zip(after, before[i], strict=True))
            assert sim.total[i] == table.match.layout.ends_total
            assert sim.open_points(i) == [p.id for p in table.match.layout.points]
        steps += 1
    for i, table in enumerate(tables):
        result = table.match.results[-1]
        assert ENDS[int(sim.end[i])] is result.end
        assert (int(sim.finisher[i]) if sim.finisher[i] >= 0 else None) == result.finisher
        ends.add(result.end)
    assert HandEnd.DOMINO in ends or HandEnd.BLOCKED in ends


def test_several_doubles_are_steps_of_one_seat() -> None:
    """Sea Goat's moves of several doubles are made part by part, as the engine's legal moves."""
    sim = BatchedHands(200, game="sea-kozel", seed=3)
    tables = _engine(sim)
    rng = np.random.default_rng(3)
    continued = 0
    while not sim.done.all():
        actions = sim.sample_actions(rng)
        wants = np.flatnonzero(sim.mask[:, 1360:1444].any(axis=1))
        for i in wants:  # choose a "continue" part where there is one
            actions[i] = 1360 + int(np.flatnonzero(sim.mask[i, 1360:1444])[0])
        turn = sim.turn.copy()
        sim.step(actions)
        for i, table in enumerate(tables):
            if table.actor is None:
                continue
            table.apply(int(actions[i]))
            if actions[i] >= 1360:
                continued += 1
                assert sim.turn[i] == turn[i] and sim.placements[i] == len(table.match.layout)
            assert np.flatnonzero(sim.mask[i]).tolist() == table.legal_actions()
    assert continued >= 5


def test_family_arguments() -> None:
    sim = BatchedHands(4, game="kozel", seats=3, seed=1)
    assert sim.mask.shape == (4, 1444) and sim.scores.shape == (4, 3) and sim.hands.shape == (4, 3)
    assert (sim.boneyard == 7).all()
    assert sim.observations().shape == (4, sim.spec.observation.size)
    with pytest.raises(ValueError, match="own engine"):
        BatchedHands(2, game="sausage")
    with pytest.raises(InvalidActionError, match="illegal actions"):
        sim.step(np.full(4, 1443))
    sea = BatchedHands(2, game="sea-kozel")
    assert sea.mask.shape == (2, 1446) and not sea.mask[:, 1444:].any()
    general = BatchedHands(2, game="general")
    with pytest.raises(ValueError, match="lead order"):
        general.reset(deals=general.deals, leaders=(general.state[:, C.S_LEADER] + 1) % 4)


def test_misdeals_are_the_engines() -> None:
    from sevenrocks.core.deal import is_goat_misdeal
    from sevenrocks.rl.batched import _misdeals

    rng = np.random.default_rng(0)
    for seats in (2, 3, 4):
        deals = rng.permuted(np.tile(np.arange(28), (3000, 1)), axis=1)
        got = _misdeals(deals, seats, 7)
        want = [
            is_goat_misdeal([sum(1 << int(t) for t in deal[7 * s : 7 * s + 7]) for s in range(seats)])
            for deal in deals
        ]
        assert got.tolist() == want
        assert any(want)
