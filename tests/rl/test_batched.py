"""The batched simulator against the engine: same deals and actions, same everything."""

from __future__ import annotations

import numpy as np
import pytest

from sevenrocks.core import TILES, HandEnd, Knock, Match
from sevenrocks.rl.actions import InvalidActionError, action_mask, play_of
from sevenrocks.rl.batched import END_BLOCKED, END_DOMINO, END_TARGET, BatchedHands
from sevenrocks.rl.observation import encode_observation

ENDS = {END_DOMINO: HandEnd.DOMINO, END_BLOCKED: HandEnd.BLOCKED, END_TARGET: HandEnd.TARGET}


def _engine_hands(deals: np.ndarray, leaders: np.ndarray, target: int = 250) -> list[Match]:
    matches = []
    for deal, leader in zip(deals, leaders, strict=True):
        match = Match(target=target)
        match.start_hand(
            [sorted((TILES[t] for t in deal[7 * s : 7 * s + 7]), key=lambda t: t.index) for s in range(4)],
            leader=int(leader),
        )
        matches.append(match)
    return matches


@pytest.mark.parametrize(("seed", "target"), [(1, 250), (2, 250), (3, 40)])
def test_same_as_engine_on_random_hands(seed: int, target: int) -> None:
    n = 1000
    rng = np.random.default_rng(seed)
    deals = rng.permuted(np.tile(np.arange(28), (n, 1)), axis=1)
    leaders = rng.integers(0, 4, size=n)
    sim = BatchedHands(n, target=target)
    sim.reset(deals=deals, leaders=leaders)
    matches = _engine_hands(deals, leaders, target)
    steps = 0
    while True:
        for i, match in enumerate(matches):
            assert (sim.turn[i] if sim.turn[i] >= 0 else None) == match.turn
            expected = action_mask(p.action for p in match.legal_plays())
            assert np.array_equal(sim.mask[i], expected), f"game {i}, step {steps}"
        if sim.done.all():
            break
        actions = sim.sample_actions(rng)
        before = [m.scores for m in matches]
        rewards = sim.step(actions).copy()
        for i, match in enumerate(matches):
            if match.turn is None:
                continue
            match.push(play_of(int(actions[i])))
            assert sim.total[i] == match.layout.ends_total
            assert sim.open_points(i) == [p.id for p in match.layout.points]
            assert tuple(sim.scores[i]) == match.scores
            assert tuple(rewards[i]) == (match.scores[0] - before[i][0], match.scores[1] - before[i][1])
        steps += 1
    for i, match in enumerate(matches):
        result = match.results[-1]
        assert ENDS[int(sim.end[i])] is result.end
        assert (int(sim.finisher[i]) if sim.finisher[i] >= 0 else None) == result.finisher
        assert sim.knocks[i] == sum(isinstance(e, Knock) for e in match.events)
        assert sim.placements[i] == len(match.layout)
        if result.deductions is not None:
            assert tuple(sim.deductions[i]) == result.deductions
    if target < 100:
        assert (sim.end == END_TARGET).any()
    assert (sim.end == END_BLOCKED).any() and (sim.end == END_DOMINO).any()


def test_observations_are_the_encoder_s() -> None:
    n = 150
    rng = np.random.default_rng(9)
    deals = rng.permuted(np.tile(np.arange(28), (n, 1)), axis=1)
    leaders = rng.integers(0, 4, size=n)
    sim = BatchedHands(n)
    sim.reset(deals=deals, leaders=leaders)
    matches = _engine_hands(deals, leaders)
    while True:
        for seat in range(4):
            batch = sim.observations(np.full(n, seat))
            for i, match in enumerate(matches):
                expected = encode_observation(match.view(seat))
                assert np.allclose(batch[i], expected, atol=1e-6), (
                    i,
                    seat,
                    np.flatnonzero(batch[i] != expected),
                )
        if sim.done.all():
            break
        actions = sim.sample_actions(rng)
        sim.step(actions)
        for i, match in enumerate(matches):
            if match.turn is not None:
                match.push(play_of(int(actions[i])))
    assert sim.observations().shape == (n, 563)
    with pytest.raises(ValueError, match="seats"):
        sim.observations([0, 1])


def test_illegal_actions_raise_and_change_nothing() -> None:
    sim = BatchedHands(3, seed=5)
    hands = sim.hands.copy()
    bad = np.zeros(3, dtype=np.int64)
    bad[:] = np.flatnonzero(sim.mask[0] == 0)[0]
    with pytest.raises(InvalidActionError, match="illegal actions"):
        sim.step(bad)
    with pytest.raises(InvalidActionError, match="one integer action per game"):
        sim.step([0, 1])
    with pytest.raises(InvalidActionError):
        sim.step(np.full(3, 448))
    assert np.array_equal(sim.hands, hands)


def test_autoreset_keeps_games_going() -> None:
    sim = BatchedHands(8, seed=1, autoreset=True)
    rng = np.random.default_rng(1)
    finished = 0
    for _ in range(200):
        rewards = sim.step(sim.sample_actions(rng))
        finished += int(sim.ended.sum())
        assert not sim.done.any() and sim.mask.sum(axis=1).min() >= 1
        assert rewards.shape == (8, 2)
    assert finished > 8
    assert (sim.final_scores != 0).any()


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="number of games"):
        BatchedHands(0)
    sim = BatchedHands(2, seed=0)
    with pytest.raises(ValueError, match="permutation"):
        sim.reset(deals=np.zeros((2, 28)))
    with pytest.raises(ValueError, match="leaders"):
        sim.reset(leaders=[0, 7])
