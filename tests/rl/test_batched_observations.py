"""The batched simulator's observations against the engine's, for every game and seat count.

At every step of random batched play, each hand's observation (of the seat to move, and of every
seat) must equal :func:`encode_family_observation` of the same position rebuilt in the engine
(:func:`tests.rl.test_batched_family._engine`), float for float.
"""

from __future__ import annotations

import numpy as np
import pytest

from sevenrocks.rl.batched import BatchedHands
from sevenrocks.rl.batched_observation import REC_DREW
from sevenrocks.rl.family import Table, encode_family_observation
from sevenrocks.rl.observation import OBSERVATION
from tests.rl.test_batched_family import TABLES, _engine


def _expected(table: Table, seat: int) -> np.ndarray:
    """The engine's observation of ``seat`` (the parts chosen so far in the mover's own)."""
    chosen = table.chosen if seat == table.match.turn else ()
    return encode_family_observation(table.spec, table.match.view(seat), chosen)


def _same(got: np.ndarray, want: np.ndarray, exact: bool) -> bool:
    return bool(np.array_equal(got, want) if exact else np.allclose(got, want, rtol=0, atol=1e-6))


def _check(sim: BatchedHands, tables: list[Table], observed: np.ndarray, seats: list[int], step: int) -> None:
    """Each row of ``observed`` is the engine's observation of ``seats[i]``: float for float, but
    for Seven Rocks' own kernel (unchanged), which sums the counted ends in double precision and
    so may differ from the encoder's single-precision sums in the last place (as in
    ``tests/rl/test_batched.py``)."""
    exact = sim.spec.observation is not OBSERVATION
    for i, table in enumerate(tables):
        expected = _expected(table, seats[i])
        if not _same(observed[i], expected, exact):
            got, want = sim.spec.observation.views(observed[i]), sim.spec.observation.views(expected)
            wrong = [name for name in want if not _same(got[name], want[name], exact)]
            pytest.fail(
                f"{sim.spec.game} ({sim.spec.seats} seats), hand {i}, step {step}, seat {seats[i]}: "
                f"fields {wrong} differ: "
                + "; ".join(f"{name}: {got[name].tolist()} != {want[name].tolist()}" for name in wrong)
            )


def _actions(sim: BatchedHands, rng: np.random.Generator) -> np.ndarray:
    """Random legal actions, a "continue" part of several doubles half of the time there is one."""
    actions = sim.sample_actions(rng)
    for i in np.flatnonzero(sim.mask[:, 1360:1444].any(axis=1)):
        if rng.random() < 0.5:
            actions[i] = 1360 + int(rng.choice(np.flatnonzero(sim.mask[i, 1360:1444])))
    return actions


#: Fields that may stay 0 in a batch of first hands: the hand number, a spinner (not every game
#: has one), knocks and scores (not every game or seat count makes them), what the Goat family
#: carries between hands, Sea Goat's hundreds (played from the second hand, owed after a few).
_MAY_STAY_ZERO = frozenset(("hand_number", "spinner", "knocks", "scores", "remembered", "opened"))
_MAY_STAY_ZERO |= {"eggs", "hundred", "owed", "may_declare_hundred"}


@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_observations_are_the_engines(game: str, seats: int) -> None:
    _play_and_compare(BatchedHands(16, game=game, seats=seats, seed=seats + 5))


@pytest.mark.parametrize(
    ("game", "options", "seats"),
    [
        ("kozel", {"several_doubles": True, "reserve": 0}, 3),
        ("all-fives", {"target": 20, "partnerships": False}, 4),
        ("five-up", {"target": 15}, 2),
        ("general", {"version": "naked"}, 4),
    ],
)
def test_observations_with_options(game: str, options: dict[str, object], seats: int) -> None:
    """Options that change the fields (several doubles), the sides, the boneyard or end hands at
    the target."""
    _play_and_compare(BatchedHands(16, game=game, options=options, seats=seats, seed=3))


def _play_and_compare(sim: BatchedHands) -> None:
    n, seats, game = sim.n, sim.spec.seats, sim.spec.game
    tables = _engine(sim)
    rng = np.random.default_rng(seats + 5)
    step = 0
    seen: set[str] = set()
    while True:
        movers = [t.actor if t.actor is not None else 0 for t in tables]
        _check(sim, tables, sim.observations(), movers, step)
        for seat in range(seats):
            observed = sim.observations(np.full(n, seat))
            _check(sim, tables, observed, [seat] * n, step)
            seen |= {name for name, f in sim.spec.observation.views(observed).items() if f.any()}
        if sim.done.all():
            break
        actions = _actions(sim, rng)
        sim.step(actions)
        for i, table in enumerate(tables):
            if table.actor is not None:
                table.apply(int(actions[i]))
        step += 1
    assert sim.observations().shape == (n, sim.spec.observation.size)
    never = {f.name for f in sim.spec.observation.fields} - seen - _MAY_STAY_ZERO
    assert not never, f"fields never set in {game} ({seats} seats): {sorted(never)}"


def test_draws_knocks_and_voids_arise() -> None:
    """The batches above see draws, knocks, voids and a seat on turn after its draws."""
    sim = BatchedHands(64, game="draw", seats=3, seed=1)
    rng = np.random.default_rng(1)
    views = sim.spec.observation.views
    seen = {"draws": False, "knocks": False, "voids": False, "drew": False}
    while not sim.done.all():
        sim.step(sim.sample_actions(rng))
        f = views(sim.observations())
        seen["draws"] |= bool(f["draws"].any())
        seen["knocks"] |= bool(f["knocks"].any())
        seen["voids"] |= bool(f["voids"].any())
        seen["drew"] |= bool((sim.record[:, REC_DREW] == 1).any())
    assert all(seen.values()), seen


def test_autoreset_starts_a_new_record() -> None:
    sim = BatchedHands(16, game="kozel", seats=3, seed=2, autoreset=True)
    rng = np.random.default_rng(2)
    for _ in range(40):
        sim.step(sim.sample_actions(rng))
        if sim.ended.any():
            break
    assert sim.ended.any()
    tables = _engine(sim)
    rows = np.flatnonzero(sim.ended)
    observed = sim.observations()
    for i in rows:
        np.testing.assert_array_equal(observed[i], _expected(tables[i], int(sim.turn[i])))


def test_seven_rocks_observations_unchanged() -> None:
    """Seven Rocks keeps its 563 floats, the encoder's, for the seat to move."""
    sim = BatchedHands(8, seed=4)
    tables = _engine(sim)
    rng = np.random.default_rng(4)
    while not sim.done.all():
        observed = sim.observations()
        assert observed.shape == (8, OBSERVATION.size)
        _check(sim, tables, observed, [t.actor if t.actor is not None else 0 for t in tables], 0)
        actions = sim.sample_actions(rng)
        sim.step(actions)
        for i, table in enumerate(tables):
            if table.actor is not None:
                table.apply(int(actions[i]))


def test_bad_seats() -> None:
    sim = BatchedHands(3, game="draw", seats=2, seed=0)
    for seats in ([0, 1], [0, 1, 2], [0.0, 1.0, 0.0]):
        with pytest.raises(ValueError, match=r"seats must be 3 seats 0\.\.1"):
            sim.observations(seats)
