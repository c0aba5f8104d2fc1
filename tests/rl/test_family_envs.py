"""The PettingZoo and Gymnasium environments for every game of the family, at every seat count."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from sevenrocks.core import Match
from sevenrocks.core.games import GAMES, LAYOUT_GAMES
from sevenrocks.core.notation import Doubles
from sevenrocks.rl.actions import InvalidActionError, move_actions
from sevenrocks.rl.family import (
    DECLARE_HUNDRED,
    DECLINE_HUNDRED,
    Table,
    UnsupportedGameError,
    game_spec,
    layout_game_ids,
)
from sevenrocks.rl.gym import SevenRocksEnv
from sevenrocks.rl.pettingzoo import agents_of, env, raw_env
from tests.rl.helpers import play_out, random_episode

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")

TABLES = [(game.id, seats) for game in LAYOUT_GAMES for seats in game.seats]


def test_every_layout_game_is_played_and_sausage_has_its_own_env() -> None:
    assert set(layout_game_ids()) == {g.id for g in GAMES} - {"sausage"}
    with pytest.raises(UnsupportedGameError, match=r"its own engine.*no compiled step.*python_sausage"):
        game_spec("sausage")
    assert type(raw_env(game="sausage")).__name__ == "SausageRawEnv"
    with pytest.raises(ValueError, match="no game 'chess'"):
        raw_env(game="chess")
    with pytest.raises(ValueError, match="seats"):
        raw_env(game="general", seats=2)
    with pytest.raises(ValueError, match="option"):
        raw_env(game="kozel", options={"colour": 3})


@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_api_and_seeds(game: str, seats: int) -> None:
    api_test(env(game=game, seats=seats), num_cycles=60)
    seed_test(lambda: env(game=game, seats=seats), num_cycles=40)


@pytest.mark.parametrize("game", ["kozel", "sea-kozel", "general", "draw", "muggins"])
def test_match_mode_api(game: str) -> None:
    api_test(raw_env(game=game, mode="match", max_hands=3), num_cycles=150)


@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_hand_rewards_are_the_side_score_changes(game: str, seats: int) -> None:
    for seed in range(3):
        e = raw_env(game=game, seats=seats)
        totals = play_out(e, seed)
        rules = e.spec.rules
        scores = e.match.scores
        want = {a: float(e.spec.direction * scores[rules.side_of(i)]) for i, a in enumerate(agents_of(seats))}
        assert totals == want
        assert e.match.turn is None


def test_several_doubles_are_a_sequence_of_actions_by_one_agent() -> None:
    """Sea Goat: a move of several doubles is made by several steps of the same agent, and the
    engine records it as one move."""
    found = 0
    for seed in range(60):
        e = raw_env(game="sea-kozel", seed=seed)
        e.reset(seed=seed)
        while e.match.turn is not None and found < 3:
            moves = e.match.legal_moves()
            several = [m for m in moves if isinstance(m, Doubles)]
            agent = e.agent_selection
            if several:
                move = several[0]
                before = len(e.match.events)
                for action in move_actions(move):
                    assert e.agent_selection == agent
                    assert e.observe(agent)["action_mask"][action] == 1
                    e.step(action)
                assert e.match.events[before].play == move  # type: ignore[attr-defined]
                found += 1
                break
            mask = e.observe(agent)["action_mask"]
            e.step(int(np.flatnonzero(mask)[0]))
    assert found == 3


def test_sea_goat_voluntary_hundred_is_a_decision_of_the_six_six_holder() -> None:
    """In a match of Sea Goat, once a side holds the record, the 6-6 holder of that side is asked
    before the lead; declaring makes it lead 6-6 as its hundred hand."""
    asked = declared = 0
    for seed in range(40):
        e = raw_env(game="sea-kozel", mode="match", seed=seed, max_hands=8)
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for agent in e.agent_iter(max_iter=2000):
            obs, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            mask = obs["action_mask"]
            if mask[DECLARE_HUNDRED]:
                asked += 1
                seat = e._seat(agent)
                assert np.flatnonzero(mask).tolist() == [DECLARE_HUNDRED, DECLINE_HUNDRED]
                assert e.view(agent).may_declare_hundred
                assert any(t.index == 27 for t in e.match.hand(seat))
                if asked % 2:
                    e.step(DECLARE_HUNDRED)
                    declared += 1
                    assert e.match.turn == seat and e.view(agent).hundred == seat
                    assert e.table.legal_actions() == [27]  # 6-6 is led
                    continue
                e.step(DECLINE_HUNDRED)
                continue
            e.step(int(rng.choice(np.flatnonzero(mask))))
        if declared >= 2:
            break
    assert asked >= 2 and declared >= 1


def test_observation_fields_per_game() -> None:
    spec = game_spec("draw", seats=3)
    names = [f.name for f in spec.observation.fields]
    assert {"boneyard", "drawable", "draws"} <= set(names)
    assert "remembered" in [f.name for f in game_spec("kozel").observation.fields]
    assert "signals" in [f.name for f in game_spec("general").observation.fields]
    assert "hundred" in [f.name for f in game_spec("sea-kozel").observation.fields]
    assert "boneyard" not in [f.name for f in game_spec("block", seats=4).observation.fields]
    match = Match(spec.rules, seed=5)
    match.start_hand()
    table = Table(spec, seed=5)
    table.start_hand()
    fields = spec.observation.views(table.observation(0))
    assert fields["boneyard"][0] * 28 == pytest.approx(table.match.boneyard_size)
    assert fields["tile_counts"].tolist() == pytest.approx([5 / 28] * 3)
    assert fields["seat"].tolist() == [1.0, 0.0, 0.0]


def test_raw_env_refuses_illegal_actions_of_family_games() -> None:
    e = raw_env(game="kozel", seats=3, seed=1)
    e.reset(seed=1)
    mask = e.observe(e.agent_selection)["action_mask"]
    assert mask.shape == (1444,)
    with pytest.raises(InvalidActionError, match="is not legal for seat_"):
        e.step(int(np.flatnonzero(mask == 0)[0]))
    with pytest.raises(InvalidActionError, match="out of range"):
        e.step(1444)
    assert len(e.match.layout) == 0


@pytest.mark.parametrize(("game", "seats"), [("kozel", 3), ("draw", 2), ("general", 4), ("sea-kozel", 2)])
def test_gym_env_plays_family_games(game: str, seats: int) -> None:
    g = SevenRocksEnv(game=game, seats=seats, seat=1, opponents=("random",) * (seats - 1))
    for seed in range(3):
        total, info = random_episode(g, seed)
        side = g.aec.spec.rules.side_of(1)
        assert total == g.aec.spec.direction * info["scores"][side] == g.hand_points()
    with pytest.raises(ValueError, match="2 bots"):
        SevenRocksEnv(game="kozel", seats=3, opponents=("greedy",))


def test_render_modes_of_a_family_game() -> None:
    text = raw_env(game="kozel", seats=3, render_mode="ansi", seed=2)
    text.reset(seed=2)
    out = text.render()
    assert isinstance(out, str) and "seat 2:" in out and "boneyard 7" in out and "seat 3" not in out
    image = raw_env(game="draw", seats=2, render_mode="rgb_array", seed=1)
    image.reset(seed=1)
    pixels = image.render()
    assert isinstance(pixels, np.ndarray) and pixels.dtype == np.uint8 and pixels.shape[2] == 3
