"""The PettingZoo environment (api_test, seed_test, modes, rewards, errors) and the Gym wrapper."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from sevenrocks.core import HandEnd
from sevenrocks.rl.actions import InvalidActionError
from sevenrocks.rl.gym import SevenRocksEnv
from sevenrocks.rl.pettingzoo import AGENTS, env, raw_env
from tests.rl.helpers import play_out, random_episode

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.mark.parametrize("kwargs", [{}, {"mode": "match", "max_hands": 4}, {"reward": "win"}])
def test_api(kwargs: dict[str, object]) -> None:
    api_test(env(**kwargs), num_cycles=200)
    api_test(raw_env(**kwargs), num_cycles=200)


def test_seeds() -> None:
    seed_test(env, num_cycles=100)
    seed_test(lambda: env(mode="match"), num_cycles=200)


def test_hand_rewards_are_the_partnership_scores() -> None:
    for seed in range(20):
        e = raw_env()
        totals = play_out(e, seed)
        scores = e.match.scores
        assert totals == {"seat_0": scores[0], "seat_1": scores[1], "seat_2": scores[0], "seat_3": scores[1]}
        assert e.hand_end in (HandEnd.DOMINO, HandEnd.BLOCKED, HandEnd.TARGET)


def test_match_mode_plays_to_the_target_with_win_rewards() -> None:
    e = raw_env(mode="match", target=60)
    totals = play_out(e, 1)
    winner = e.match.winner
    assert winner is not None and e.match.scores[winner] >= 60
    assert totals["seat_0"] == totals["seat_2"] == (1.0 if winner == 0 else -1.0)
    assert totals["seat_1"] == -totals["seat_0"]


def test_match_mode_truncates_after_max_hands() -> None:
    e = raw_env(mode="match", max_hands=1, reward="points")
    play_out(e, 2)
    assert e.match.hand_number == 0 and not e.match.is_over


def test_raw_env_raises_on_illegal_actions_and_changes_nothing() -> None:
    e = raw_env(seed=4)
    e.reset(seed=4)
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(InvalidActionError, match="is not legal for seat_"):
        e.step(illegal)
    for bad in (-1, 448, "3", 2.5, None):
        with pytest.raises(InvalidActionError):
            e.step(bad)  # type: ignore[arg-type]
    assert len(e.match.layout) == 0
    e.step(int(np.flatnonzero(mask)[0]))
    assert len(e.match.layout) == 1


def test_wrapped_env_applies_the_illegal_move_penalty() -> None:
    e = env(illegal_reward=-5.0)
    e.reset(seed=0)
    agent = e.agent_selection
    mask = e.observe(agent)["action_mask"]
    e.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(e.terminations.values())
    assert e.rewards[agent] == -5.0
    e.reset(seed=0)
    with pytest.raises(InvalidActionError, match="out of range"):
        e.step(1000)


def test_bad_options() -> None:
    with pytest.raises(ValueError, match="mode"):
        raw_env(mode="tournament")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="reward"):
        raw_env(reward="money")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="render_mode"):
        raw_env(render_mode="human")
    with pytest.raises(ValueError, match="max_hands"):
        raw_env(max_hands=0)
    with pytest.raises(ValueError, match="target"):
        raw_env(target=-3)
    with pytest.raises(ValueError, match="unknown agent"):
        raw_env().observe("seat_9")


def test_render_modes() -> None:
    text = raw_env(render_mode="ansi", seed=1)
    text.reset(seed=1)
    out = text.render()
    assert isinstance(out, str) and "seat 3" in out and "target 250" in out
    image = raw_env(render_mode="rgb_array", seed=1)
    image.reset(seed=1)
    pixels = image.render()
    assert isinstance(pixels, np.ndarray) and pixels.dtype == np.uint8 and pixels.shape[2] == 3
    assert pixels.min() < 100 < pixels.max()  # something is drawn on the white table


def test_gym_env_sums_rewards_between_turns() -> None:
    for seed in range(6):
        g = SevenRocksEnv(seat=seed % 4, opponents=("greedy", "random", "greedy"))
        total, info = random_episode(g, seed, learner=AGENTS[g.seat])
        scores = info["scores"]
        assert total == scores[g.seat & 1] == g.hand_points()


def test_gym_env_is_reproducible_and_checks_input() -> None:
    runs = []
    for _ in range(2):
        g = SevenRocksEnv(opponents=("random", "random", "random"))
        obs, info = g.reset(seed=9)
        trace = [obs]
        done = False
        while not done:
            obs, _, terminated, truncated, info = g.step(int(np.flatnonzero(info["action_mask"])[-1]))
            trace.append(obs)
            done = terminated or truncated
        runs.append(np.stack(trace))
    assert np.array_equal(runs[0], runs[1])
    with pytest.raises(ValueError, match="seat"):
        SevenRocksEnv(seat=4)
    with pytest.raises(ValueError, match="three bots"):
        SevenRocksEnv(opponents=("greedy",))
    with pytest.raises(ValueError, match="unknown bot"):
        SevenRocksEnv(opponents=("greedy", "nobody", "greedy"))
