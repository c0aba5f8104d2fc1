"""What the research-interface tests share: dealing OpenSpiel's chance nodes at random, a game with
OpenSpiel's ISMCTS bot in seat 0, and a Gymnasium episode of random legal actions."""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts


def deal(state: pyspiel.State, rng: random.Random) -> None:
    """Apply random chance outcomes until ``state`` is no chance node."""
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[rng.randrange(len(outcomes))][0])


def dealt_state(game: pyspiel.Game, rng: random.Random) -> pyspiel.State:
    """A new state of ``game``, dealt at random."""
    state = game.new_initial_state()
    deal(state, rng)
    return state


def random_moves(state: pyspiel.State, rng: random.Random, moves: int) -> pyspiel.State:
    """``state`` after up to ``moves`` random legal actions (fewer if the game ends)."""
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def play_out(e: Any, seed: int) -> dict[str, float]:
    """Reset the AEC environment ``e`` with ``seed`` and play random legal actions to the end,
    checking every observation against its space; return each agent's total reward."""
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
        else:
            assert e.observation_space(agent).contains(obs)
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return totals


def ismcts_game(game: pyspiel.Game, *, simulations: int, seed: int = 3) -> tuple[pyspiel.State, int]:
    """Play a game: seat 0 by OpenSpiel's ISMCTS bot, the others at random (every action checked
    legal); return the final state and the moves made."""
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=simulations, random_state=np.random.RandomState(1)
    )
    rng = random.Random(seed)
    state = dealt_state(game, rng)
    moves = 0
    while not state.is_terminal():
        action = bot.step(state) if state.current_player() == 0 else rng.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    return state, moves


def random_episode(g: gymnasium.Env[Any, int], seed: int, *, learner: str | None = None) -> tuple[float, Any]:
    """Reset ``g`` with ``seed`` and play random legal actions to the end, checking the mask, the
    observation space and (if given) that the AEC environment's selected agent is ``learner`` at
    every step; return the rewards' total and the last info."""
    obs, info = g.reset(seed=seed)
    total, done = 0.0, False
    rng = np.random.default_rng(seed)
    while not done:
        if learner is not None:
            assert g.aec.agent_selection == learner  # type: ignore[attr-defined]
        assert np.array_equal(info["action_mask"], g.action_masks())  # type: ignore[attr-defined]
        assert g.observation_space.contains(obs)
        obs, reward, terminated, truncated, info = g.step(
            int(rng.choice(np.flatnonzero(info["action_mask"])))
        )
        total += float(reward)
        done = terminated or truncated
    return total, info
