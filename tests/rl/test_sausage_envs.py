"""Sausage in the research interfaces: PettingZoo, Gymnasium and OpenSpiel against its engine."""

from __future__ import annotations

import random
import re
from pathlib import Path

import numpy as np
import pyspiel
import pytest
from pettingzoo.test import api_test, seed_test

import sevenrocks.rl.openspiel  # noqa: F401 (registers python_sausage)
from sevenrocks.bots.sausage import RandomSausageBot
from sevenrocks.core.errors import OptionError, SeatsError, SevenRocksError
from sevenrocks.core.sausage import WAYS, SausageMatch, SausageMove
from sevenrocks.core.tiles import TILES
from sevenrocks.rl.actions import InvalidActionError
from sevenrocks.rl.batched import BatchedHands
from sevenrocks.rl.family import UnsupportedGameError
from sevenrocks.rl.gym import SevenRocksEnv
from sevenrocks.rl.pettingzoo import env, raw_env
from sevenrocks.rl.sausage import (
    NUM_SAUSAGE_ACTIONS,
    SAUSAGE_INFORMATION_STATE,
    SAUSAGE_OBSERVATION,
    SausageRawEnv,
    encode_sausage_information_state,
    encode_sausage_observation,
    sausage_action,
    sausage_move,
)
from sevenrocks.rl.sausage_gym import SausageEnv
from tests.rl.helpers import deal, dealt_state, ismcts_game, random_moves


def _played(seed: int, moves: int) -> SausageMatch:
    """A match of random moves: ``moves`` moves into a deal (fewer if the deal ends)."""
    match = SausageMatch(seed=seed)
    match.start_deal()
    rng = random.Random(seed)
    for _ in range(moves):
        if match.turn is None:
            break
        match.push(rng.choice(match.legal_moves()))
    return match


# ------------------------------------------------------------------------------------------ actions
def test_every_move_has_one_action() -> None:
    moves = [SausageMove(tile, way) for tile in TILES for way in WAYS]
    assert [sausage_action(m) for m in moves] == list(range(NUM_SAUSAGE_ACTIONS))
    assert all(sausage_move(sausage_action(m)) == m for m in moves)
    assert sausage_action("6-4:cut") == 3 * TILES.index(SausageMove.parse("4-6:cut").tile) + 2
    for bad in (-1, 84, 1.5, True, "3"):
        with pytest.raises(InvalidActionError, match=r"0\.\.83"):
            sausage_move(bad)


# ------------------------------------------------------------------------------------------ PettingZoo
@pytest.mark.parametrize("mode", ["hand", "match"])
def test_pettingzoo_api_and_seed(mode: str) -> None:
    api_test(env(game="sausage", mode=mode), num_cycles=400)
    seed_test(lambda: env(game="sausage", mode=mode), num_cycles=200)


def test_the_moves_and_rewards_are_the_engines() -> None:
    for seed in range(12):
        e = raw_env(game="sausage", mode="match", reward="points", target=60, seed=seed)
        assert isinstance(e, SausageRawEnv)
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        totals = [0.0, 0.0]
        while not (any(e.terminations.values()) or any(e.truncations.values())):
            agent = e.agent_selection
            seat = int(agent[-1])
            match = e.match
            assert match.turn == seat
            legal = sorted(sausage_action(m) for m in match.legal_moves())
            obs = e.observe(agent)
            assert np.flatnonzero(obs["action_mask"]).tolist() == legal == e.legal_actions(agent)
            other = e.observe(f"seat_{1 - seat}")
            assert not other["action_mask"].any()
            np.testing.assert_array_equal(obs["observation"], encode_sausage_observation(match.view(seat)))
            before = match.scores
            e.step(int(rng.choice(legal)))
            after = e.match.scores
            assert [e.rewards["seat_0"], e.rewards["seat_1"]] == [after[0] - before[0], after[1] - before[1]]
            totals = [totals[0] + e.rewards["seat_0"], totals[1] + e.rewards["seat_1"]]
        assert totals == list(e.match.scores)
        assert e.match.is_over or any(e.truncations.values())


def test_win_rewards_and_truncation() -> None:
    e = raw_env(game="sausage", reward="win", seed=4)
    e.reset(seed=4)
    rng = random.Random(4)
    while not any(e.terminations.values()):
        e.step(rng.choice(e.legal_actions(e.agent_selection)))
    result = e.match.result
    assert result is not None
    if result.winner is None:
        assert e.rewards == {"seat_0": 0.0, "seat_1": 0.0}
    else:
        assert e.rewards[f"seat_{result.winner}"] == 1.0 and e.rewards[f"seat_{1 - result.winner}"] == -1.0
    short = raw_env(game="sausage", max_moves=2, seed=1)
    short.reset(seed=1)
    steps = 0
    while not (any(short.terminations.values()) or any(short.truncations.values())):
        short.step(short.legal_actions(short.agent_selection)[0])
        steps += 1
    assert steps <= 2
    assert steps < 2 or all(short.truncations.values())
    matches = raw_env(game="sausage", mode="match", max_hands=1, seed=2)
    while not (any(matches.terminations.values()) or any(matches.truncations.values())):
        matches.step(matches.legal_actions(matches.agent_selection)[0])
    assert matches.match.is_over or all(matches.truncations.values())


def test_illegal_actions_and_bad_arguments() -> None:
    e = raw_env(game="sausage", seed=0)
    agent = e.agent_selection
    illegal = next(a for a in range(NUM_SAUSAGE_ACTIONS) if a not in e.legal_actions(agent))
    scores, turns = e.match.scores, e.match.turns
    with pytest.raises(InvalidActionError, match=rf"action {illegal} .* is not legal for seat .*{agent}"):
        e.step(illegal)
    assert e.match.turns == turns and e.match.scores == scores
    wrapped = env(game="sausage", seed=0)
    wrapped.reset(seed=0)
    with pytest.raises(InvalidActionError, match=r"0\.\.83"):
        wrapped.step(84)
    wrapped.step(illegal)
    assert wrapped.rewards[agent] == -1.0 and all(wrapped.terminations.values())
    with pytest.raises(SeatsError, match="2 seats, not 4"):
        raw_env(game="sausage", seats=4)
    with pytest.raises(OptionError, match="target"):
        raw_env(game="sausage", options={"target": 0})
    with pytest.raises(OptionError, match="option"):
        raw_env(game="sausage", options={"several_doubles": True})
    with pytest.raises(SevenRocksError, match="mapping"):
        raw_env(game="sausage", options=["target"])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="target"):
        raw_env(game="sausage", target=-3)
    for kwargs, words in (
        ({"mode": "deal"}, "mode"),
        ({"reward": "pips"}, "reward"),
        ({"max_moves": 0}, "max_moves"),
        ({"max_hands": 0}, "max_hands"),
        ({"render_mode": "human"}, "render_mode"),
    ):
        with pytest.raises(ValueError, match=words):
            raw_env(game="sausage", **kwargs)
    with pytest.raises(ValueError, match="unknown agent"):
        e.observe("seat_2")


def test_render_modes() -> None:
    text = raw_env(game="sausage", render_mode="ansi", seed=3)
    picture = text.render()
    assert isinstance(picture, str) and picture.startswith("deal 1 ·") and "seat 1:" in picture
    image = raw_env(game="sausage", render_mode="rgb_array", seed=3).render()
    assert isinstance(image, np.ndarray) and image.dtype == np.uint8 and image.shape[1:] == (720, 3)


# ---------------------------------------------------------------------------------- hidden information
def test_the_observation_shows_only_what_the_seat_may_know() -> None:
    """Two positions that differ only in the order nobody has seen give the same tensors."""
    checked = 0
    for seed in range(20):
        match = _played(seed, 3 + seed % 7)
        if match.turn is None:
            continue
        for seat in (0, 1):
            view = match.view(seat)
            queues = [view.sample_queues(random.Random(k)) for k in range(6)]
            others = [SausageMatch.from_view(view, q) for q in queues]
            assert len({(m.queue(0), m.queue(1)) for m in others}) > 1  # the hidden order differs
            for other in others:
                np.testing.assert_array_equal(
                    encode_sausage_observation(other.view(seat)), encode_sausage_observation(view)
                )
                np.testing.assert_array_equal(
                    encode_sausage_information_state(other.view(seat)), encode_sausage_information_state(view)
                )
            checked += 1
    assert checked >= 20
    # and it does change with what the seat can see
    match = _played(1, 2)
    before = encode_sausage_observation(match.view(0))
    match.push(match.legal_moves()[0])
    assert not np.array_equal(before, encode_sausage_observation(match.view(0)))


def test_the_observation_fields_read_the_view() -> None:
    match = _played(5, 4)
    assert match.turn is not None
    view = match.view(1)
    fields = SAUSAGE_OBSERVATION.views(encode_sausage_observation(view))
    assert SAUSAGE_OBSERVATION.size == 243 and SAUSAGE_INFORMATION_STATE.size == 243 + 128 * 36
    assert fields["turned"].argmax() == view.turned.index
    assert fields["turn"].tolist() == [1.0 * (view.turn == 1), 1.0 * (view.turn == 0)]
    assert fields["ends"].argmax(axis=1).tolist() == list(view.ends)
    assert fields["seat"].tolist() == [0.0, 1.0]
    assert fields["queue_lengths"].tolist() == pytest.approx(
        [view.queue_lengths[1] / 28, view.queue_lengths[0] / 28]
    )
    memory = view.memory()
    assert set(np.flatnonzero(fields["unseen"])) == {t.index for t in memory.unseen}
    assert fields["hidden"].tolist() == pytest.approx([memory.hidden[1] / 14, memory.hidden[0] / 14])
    assert sorted(np.flatnonzero(fields["table"])) == sorted(t.index for t in view.table.laid)


# ------------------------------------------------------------------------------------------ Gymnasium
def test_gymnasium_against_our_bots() -> None:
    g = SevenRocksEnv(game="sausage", seat=1, opponents=("greedy",), seed=3)
    assert isinstance(g, SausageEnv)
    for seed in range(4):
        obs, info = g.reset(seed=seed)
        assert obs.shape == (243,) and g.observation_space.contains(obs)
        total, done = 0.0, False
        while not done:
            np.testing.assert_array_equal(info["action_mask"], g.action_masks())
            legal = np.flatnonzero(info["action_mask"])
            obs, reward, terminated, truncated, info = g.step(int(legal[-1]))
            total += float(reward)
            done = terminated or truncated
        assert total == g.hand_points() == info["scores"][1]
    bot = SausageEnv(opponents=(RandomSausageBot(seed=1),), mode="match", target=30, seed=2)
    bot.reset(seed=2)
    with pytest.raises(ValueError, match="one Sausage bot"):
        SevenRocksEnv(game="sausage", opponents=("greedy", "greedy"))
    with pytest.raises(ValueError, match="seat 0 or 1"):
        SevenRocksEnv(game="sausage", seat=2)
    with pytest.raises(Exception, match="does not play sausage"):
        SevenRocksEnv(game="sausage", opponents=("expert",))


# ------------------------------------------------------------------------------------------ OpenSpiel
def test_openspiel_random_simulations() -> None:
    game = pyspiel.load_game("python_sausage")
    assert (game.num_players(), game.num_distinct_actions()) == (2, 84)
    assert game.information_state_tensor_size() == SAUSAGE_INFORMATION_STATE.size
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    short = pyspiel.load_game("python_sausage", {"max_moves": 3, "target": 51})
    pyspiel.random_sim_test(short, num_sims=3, serialize=False, verbose=False)


def test_openspiel_moves_and_returns_are_the_engines() -> None:
    game = pyspiel.load_game("python_sausage")
    for seed in range(8):
        rng = random.Random(seed)
        state = dealt_state(game, rng)
        dealt = [TILES[t] for t in state._dealt]
        match = SausageMatch()
        match.start_deal([dealt[:14], dealt[14:]], starter=state.table.match.starter)
        while not state.is_terminal():
            assert state.current_player() == match.turn
            assert state.legal_actions() == [sausage_action(m) for m in match.legal_moves()]
            action = rng.choice(state.legal_actions())
            state.apply_action(action)
            match.push(sausage_move(action))
        assert match.turn is None and match.result is not None
        award = match.result.award
        assert state.returns() == [award[0] - award[1], award[1] - award[0]]


def test_openspiel_resampling_keeps_the_information_state() -> None:
    game = pyspiel.load_game("python_sausage")
    for seed in range(4):
        rng = random.Random(seed)
        state = random_moves(dealt_state(game, rng), rng, 4 + seed)
        if state.is_terminal():
            continue
        player = state.current_player()
        orders = set()
        for k in range(6):
            other = state.resample_from_infostate(player, random.Random(k).random)
            assert other.information_state_string(player) == state.information_state_string(player)
            assert other.observation_string(player) == state.observation_string(player)
            assert other.legal_actions() == state.legal_actions()
            np.testing.assert_array_equal(
                other.information_state_tensor(player), state.information_state_tensor(player)
            )
            orders.add((other.table.match.queue(0), other.table.match.queue(1)))
        assert len(orders) > 1


def test_ismcts_plays_a_deal() -> None:
    state, moves = ismcts_game(pyspiel.load_game("python_sausage"), simulations=10)
    assert moves >= 3 and sum(state.returns()) == 0


def test_openspiel_bad_parameters_and_actions() -> None:
    with pytest.raises(Exception, match="parameter 'seats'"):
        pyspiel.load_game("python_sausage", {"seats": 2})
    with pytest.raises(Exception, match="target"):
        pyspiel.load_game("python_sausage", {"target": -5})
    with pytest.raises(Exception, match="max_moves"):
        pyspiel.load_game("python_sausage", {"max_moves": 0})
    state = pyspiel.load_game("python_sausage").new_initial_state()
    with pytest.raises(Exception, match="not a tile"):
        state.apply_action(28)
    deal(state, random.Random(0))
    with pytest.raises(Exception, match="not legal"):
        state.apply_action(max(set(range(NUM_SAUSAGE_ACTIONS)) - set(state.legal_actions())))


def test_batched_hands_refuses_sausage_and_says_why() -> None:
    with pytest.raises(UnsupportedGameError, match="no compiled step"):
        BatchedHands(2, game="sausage")


def test_the_documented_fields_are_the_layout() -> None:
    text = (Path(__file__).parents[2] / "docs" / "rl.md").read_text(encoding="utf-8")
    section = text.split("## Sausage: its own actions and observation", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `(\w+)` \| (\d+) \| \(([\d, ]+)\) \|", section, flags=re.MULTILINE)
    documented = [
        (name, int(offset), tuple(int(n) for n in shape.split(",") if n.strip()))
        for name, offset, shape in rows
    ]
    assert documented == [(f.name, f.offset, f.shape) for f in SAUSAGE_OBSERVATION.fields]


def test_gymnasium_is_reproducible() -> None:
    def episode(seed: int) -> list[tuple[int, float]]:
        g = SevenRocksEnv(
            game="sausage", opponents=("search:iterations=5",), mode="match", target=40, seed=seed
        )
        _, info = g.reset(seed=seed)
        rng = np.random.default_rng(seed)
        out, done = [], False
        while not done:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            _, reward, terminated, truncated, info = g.step(action)
            out.append((action, float(reward)))
            done = terminated or truncated
        return out

    assert episode(7) == episode(7)
    assert episode(7) != episode(8)
