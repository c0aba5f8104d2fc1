"""The OpenSpiel games of the family: random simulations, the engine's moves, resampling, ISMCTS."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest

import sevenrocks.rl.openspiel as ours
from sevenrocks.core import TILES, Match
from sevenrocks.core.games import LAYOUT_GAMES
from sevenrocks.rl.family import Table, game_spec
from tests.rl.helpers import deal, dealt_state, ismcts_game, random_moves

TABLES = [(game.id, seats) for game in LAYOUT_GAMES if game.id != "seven-rocks" for seats in game.seats]


def _name(game: str) -> str:
    return "python_" + game.replace("-", "_")


def test_every_layout_game_is_registered() -> None:
    registered = set(pyspiel.registered_names())
    assert {_name(g.id) for g in LAYOUT_GAMES} <= registered
    assert "python_sausage" in registered  # its own classes: tests/rl/test_sausage_envs.py
    assert set(ours.FAMILY_GAMES) == {_name(g.id) for g in LAYOUT_GAMES} - {"python_seven_rocks"}


@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_random_simulations(game: str, seats: int) -> None:
    loaded = pyspiel.load_game(_name(game), {"seats": seats})
    assert loaded.num_players() == seats
    pyspiel.random_sim_test(loaded, num_sims=2, serialize=False, verbose=False)
    pyspiel.random_sim_test(loaded, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(("game", "seats"), [("draw", 3), ("kozel", 4), ("muggins", 2), ("matador", 3)])
def test_the_deal_and_the_moves_are_the_engines(game: str, seats: int) -> None:
    loaded = pyspiel.load_game(_name(game), {"seats": seats})
    spec = game_spec(game, seats=seats)
    for seed in range(4):
        rng = random.Random(seed)
        state = dealt_state(loaded, rng)
        dealt = state._dealt
        size = spec.rules.hand_size
        table = Table(spec, seed=0)
        deal = [
            sorted((TILES[t] for t in dealt[size * s : size * (s + 1)]), key=lambda t: t.index)
            for s in range(seats)
        ]
        rest = dealt[size * seats :]
        table.start_hand(deal, state.table.match.leader, boneyard=[TILES[t] for t in rest] or None)
        while not state.is_terminal():
            assert state.current_player() == table.actor
            assert state.legal_actions() == table.legal_actions()
            action = rng.choice(state.legal_actions())
            state.apply_action(action)
            table.apply(action)
        assert state.returns() == spec.sides_value((0,) * spec.sides, table.match.scores)
        assert sum(state.returns()) == pytest.approx(0.0)


def test_parameters_are_the_games_options() -> None:
    game = pyspiel.load_game("python_kozel", {"seats": 3, "target": 51})
    assert game.new_initial_state().table is None
    assert game.spec.rules.ending.target == 51 and game.spec.seats == 3
    bergen = pyspiel.load_game("python_bergen", {"seats": 2})
    assert bergen.spec.rules.ending.target == Match("bergen", seats=2).target
    with pytest.raises(Exception, match="seats"):
        pyspiel.load_game("python_general", {"seats": 2})


@pytest.mark.parametrize(("game", "seats"), [("draw", 2), ("kozel", 3), ("general", 4), ("sea-kozel", 4)])
def test_resampling_keeps_the_information_state(game: str, seats: int) -> None:
    loaded = pyspiel.load_game(_name(game), {"seats": seats})
    for seed in range(3):
        rng = random.Random(seed)
        state = random_moves(dealt_state(loaded, rng), rng, 6 + seed * 3)
        if state.is_terminal():
            continue
        player = state.current_player()
        for k in range(5):
            other = state.resample_from_infostate(player, random.Random(k).random)
            assert other.information_state_string(player) == state.information_state_string(player)
            assert other.observation_string(player) == state.observation_string(player)
            assert other.legal_actions() == state.legal_actions()
            view, sampled = state.table.match.view(player), other.table.match
            assert sampled.boneyard_size == view.boneyard
            for seat in range(seats):
                held = sampled.hand_mask(seat)
                assert held & ~view.possible_mask(seat) == 0 or seat == player
                assert bin(held).count("1") == view.tile_counts[seat]
            np.testing.assert_array_equal(
                other.information_state_tensor(player), state.information_state_tensor(player)
            )


def test_ismcts_plays_a_family_game() -> None:
    _, moves = ismcts_game(pyspiel.load_game("python_draw", {"seats": 3}), simulations=8)
    assert moves >= 5


def test_bad_chance_outcomes_and_actions_raise() -> None:
    state = pyspiel.load_game("python_kozel", {"seats": 2}).new_initial_state()
    with pytest.raises(Exception, match="not a tile"):
        state.apply_action(28)
    deal(state, random.Random(0))
    with pytest.raises(Exception, match="not legal"):
        state.apply_action(max(set(range(1444)) - set(state.legal_actions())))
