"""The OpenSpiel game: random simulations, a scripted deal with exact returns, OpenSpiel's bots."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from sevenrocks.core import TILES, IllegalPlayError, Match, NotInHandError
from sevenrocks.rl.observation import INFORMATION_STATE, OBSERVATION
from sevenrocks.rl.openspiel import SevenRocksState, sample_hands

GAME = pyspiel.load_game("python_seven_rocks")

DEAL = [
    ["0-1", "0-5", "1-4", "1-5", "2-5", "4-5", "5-6"],
    ["0-4", "1-1", "1-3", "2-2", "2-6", "3-5", "6-6"],
    ["0-0", "0-6", "1-6", "2-3", "3-4", "3-6", "4-4"],
    ["0-2", "0-3", "1-2", "2-4", "3-3", "4-6", "5-5"],
]


def _dealt(leader: int) -> pyspiel.State:
    state = GAME.new_initial_state()
    for hand in DEAL:
        for text in hand:
            state.apply_action(next(t.index for t in TILES if str(t) == text))
    state.apply_action(leader)
    return state


def test_random_simulations() -> None:
    pyspiel.random_sim_test(GAME, num_sims=5, serialize=False, verbose=False)
    pyspiel.random_sim_test(GAME, num_sims=2, serialize=True, verbose=False)


def test_game_shape() -> None:
    assert GAME.num_distinct_actions() == 448 and GAME.max_chance_outcomes() == 28
    assert GAME.observation_tensor_size() == OBSERVATION.size
    assert GAME.information_state_tensor_size() == INFORMATION_STATE.size
    state = GAME.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 28


def test_scripted_deal_gives_the_engine_returns() -> None:
    state = _dealt(leader=1)
    match = Match()
    match.start_hand([[next(t for t in TILES if str(t) == x) for x in hand] for hand in DEAL], leader=1)
    rng = random.Random(0)
    while not state.is_terminal():
        assert state.current_player() == match.turn
        assert state.legal_actions() == sorted(p.action for p in match.legal_plays())
        plays = match.legal_plays()
        play = plays[rng.randrange(len(plays))]
        state.apply_action(play.action)
        match.push(play)
        assert state.rewards() == [0.0] * 4 or state.is_terminal()
    s0, s1 = match.scores
    assert state.returns() == [s0 - s1, s1 - s0, s0 - s1, s1 - s0]
    assert state.returns() != [0.0] * 4 or s0 == s1


def test_first_plays_are_exact() -> None:
    state = _dealt(leader=1)
    assert state.current_player() == 1
    state.apply_action(next(a for a in state.legal_actions() if state.action_to_string(a) == "0-4"))
    state.apply_action(next(a for a in state.legal_actions() if state.action_to_string(a) == "0-6@0-4:low"))
    assert state.match.scores == (10, 0)
    assert "1:0-4 2:0-6@0-4:low" in state.information_state_string(0)
    tensor = np.asarray(state.observation_tensor(2))
    assert tensor[OBSERVATION.offset("ends_total")] == pytest.approx(10 / 36)


def test_resampling_keeps_the_information_state() -> None:
    state = _dealt(leader=0)
    rng = np.random.default_rng(0)
    for _ in range(12):
        state.apply_action(int(rng.choice(state.legal_actions())))
    player = state.current_player()
    for _ in range(20):
        other = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.information_state_tensor(player) == state.information_state_tensor(player)
        assert other.legal_actions() == state.legal_actions()
        view = other.match.view(player)
        for seat in range(4):
            assert other.match.hand_mask(seat) & ~view.possible_mask(seat) == 0 or seat == player


def test_sample_hands_respects_voids() -> None:
    match = Match(seed=3)
    match.start_hand()
    rng = random.Random(1)
    while match.turn is not None:
        view = match.view(match.turn)
        hands = sample_hands(view, rng)
        for seat, tiles in hands.items():
            assert len(tiles) == view.tile_counts[seat]
            assert all(view.possible_mask(seat) & t.bit for t in tiles)
        match.push(match.legal_plays()[0])


class _RandomBot:
    def __init__(self, seed: int) -> None:
        self.rng = np.random.default_rng(seed)

    def step(self, state: pyspiel.State) -> int:
        return int(self.rng.choice(state.legal_actions()))


def _play(bots: dict[int, pyspiel.Bot | _RandomBot], seed: int) -> pyspiel.State:
    rng = np.random.default_rng(seed)
    state = GAME.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.integers(len(outcomes))][0])
            continue
        bot = bots[state.current_player()]
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    return state


@pytest.mark.parametrize("kind", ["mcts", "ismcts"])
def test_openspiel_bots_play_it(kind: str) -> None:
    rs = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    if kind == "mcts":
        bot: pyspiel.Bot = mcts.MCTSBot(
            GAME, uct_c=40.0, max_simulations=10, evaluator=evaluator, random_state=rs
        )
    else:
        bot = ismcts.ISMCTSBot(GAME, evaluator, uct_c=40.0, max_simulations=10, random_state=rs)
    random_bot = _RandomBot(0)
    state = _play({0: bot, 1: random_bot, 2: bot, 3: random_bot}, seed=1)
    assert sum(state.returns()) == 0


def test_bad_chance_outcomes_raise() -> None:
    state = GAME.new_initial_state()
    state.apply_action(3)
    with pytest.raises(ValueError):
        state.apply_action(3)
    assert isinstance(state, SevenRocksState)


def test_illegal_player_actions_raise_a_clear_error() -> None:
    state = _dealt(leader=1)
    with pytest.raises(NotInHandError, match="tile 0-0 is not in seat 1's hand"):
        state.apply_action(0)
    with pytest.raises(IllegalPlayError, match="the layout is empty"):
        state.apply_action(100)
    assert len(state.match.layout) == 0
