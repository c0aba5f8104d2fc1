"""The action space and the observation tensors, read against the engine."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sevenrocks.core import ACTIONS, Knock, Match, Play
from sevenrocks.rl.actions import (
    NUM_ACTIONS,
    InvalidActionError,
    action_mask,
    action_of,
    legal_actions,
    play_of,
)
from sevenrocks.rl.observation import (
    INFORMATION_STATE,
    OBSERVATION,
    encode_information_state,
    encode_observation,
)


def test_action_space_is_the_engine_table() -> None:
    assert NUM_ACTIONS == 448 == len(ACTIONS)
    for a, play in enumerate(ACTIONS):
        assert action_of(play) == a and play_of(a) is play and action_of(str(play)) == a
    assert all(ACTIONS[a].is_opening for a in range(28))
    assert not any(ACTIONS[a].is_opening for a in range(28, 448))
    assert play_of(np.int32(5)) is ACTIONS[5]


@pytest.mark.parametrize("bad", [-1, 448, 3.0, "3", None, True])
def test_bad_actions_are_named(bad: object) -> None:
    with pytest.raises(InvalidActionError, match="action"):
        play_of(bad)


def test_action_of_rejects_non_plays() -> None:
    with pytest.raises(InvalidActionError):
        action_of(12)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not a tile"):
        action_of("9-9")


def _random_positions(seed: int, hands: int = 1) -> list[Match]:
    rng = random.Random(seed)
    match = Match(seed=seed)
    out = []
    for _ in range(hands):
        match.start_hand()
        while match.turn is not None:
            out.append(match.copy())
            plays = match.legal_plays()
            match.push(plays[rng.randrange(len(plays))])
        out.append(match.copy())
        if match.is_over:
            break
    return out


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000))
def test_observation_agrees_with_the_view(seed: int) -> None:
    for match in _random_positions(seed, hands=2):
        for seat in range(4):
            view = match.view(seat)
            obs = encode_observation(view)
            f = OBSERVATION.views(obs)
            assert obs.dtype == np.float32 and obs.shape == (OBSERVATION.size,)
            assert sorted(np.flatnonzero(f["hand"])) == [t.index for t in view.hand]
            assert sorted(np.flatnonzero(f["open_points"])) == [p.id for p in view.layout.points]
            assert f["ends_total"][0] * 36 == pytest.approx(view.layout.ends_total)
            assert f["counted_ends"].sum() * 12 == pytest.approx(view.layout.ends_total)
            for s in range(4):
                r = (s - seat) % 4
                assert sorted(np.flatnonzero(f["played_by"][r])) == sorted(t.index for t in view.played_by(s))
                assert set(np.flatnonzero(f["voids"][r])) == set(view.void_values()[s])
                assert f["tile_counts"][r] * 7 == pytest.approx(view.tile_counts[s])
                knocks = sum(1 for e in view.events if isinstance(e, Knock) and e.seat == s)
                assert f["knocks"][r] * 28 == pytest.approx(knocks)
            assert f["seat"][seat] == 1 and f["seat"].sum() == 1
            scores = OBSERVATION.field("scores")
            values = np.delete(obs, range(scores.offset, scores.offset + scores.size))
            assert ((values >= 0) & (values <= 1)).all()


def test_observation_does_not_depend_on_hidden_tiles() -> None:
    """Swapping the hidden hands of two opponents changes no observation of seat 0."""
    checked = 0
    for seed in range(40):
        match = Match(seed=seed)
        match.start_hand(leader=0)
        for _ in range(8):
            if match.turn is not None:
                match.push(match.legal_plays()[0])
        view = match.view(0)
        if match.turn is None or view.tile_counts[1] != view.tile_counts[3]:
            continue
        if view.void_values()[1] or view.void_values()[3]:
            continue
        swapped = Match.from_view(view, {1: match.hand(3), 2: match.hand(2), 3: match.hand(1)})
        assert np.array_equal(encode_observation(swapped.view(0)), encode_observation(view))
        assert np.array_equal(encode_information_state(swapped.view(0)), encode_information_state(view))
        checked += 1
    assert checked >= 5


def test_information_state_records_the_order_of_plays() -> None:
    for match in _random_positions(7):
        view = match.view(1)
        f = INFORMATION_STATE.views(encode_information_state(view))
        plays = [e for e in view.events if not isinstance(e, Knock)]
        assert int(f["history"].sum()) == 3 * len(plays)
        for k, event in enumerate(plays):
            step = f["history"][k]
            assert step[(event.seat - 1) % 4] == 1 and step[4 + event.play.tile.index] == 1
        assert int(f["dealt"].sum()) == 7


def test_legal_actions_are_sorted_and_masked() -> None:
    for match in _random_positions(3):
        if match.turn is None:
            continue
        view = match.view(match.turn)
        actions = legal_actions(view)
        assert actions == sorted(actions) and [play_of(a) for a in actions] == sorted(
            view.legal_plays, key=lambda p: p.action
        )
        mask = action_mask(actions)
        assert mask.dtype == np.int8 and mask.shape == (448,) and list(np.flatnonzero(mask)) == actions
        other = match.view((match.turn + 1) % 4)
        assert legal_actions(other) == []


def test_layout_names_fields() -> None:
    assert OBSERVATION.offset("hand") == 0 and OBSERVATION.size == 563
    with pytest.raises(KeyError, match="no field"):
        OBSERVATION.field("nope")
    with pytest.raises(ValueError, match="563 values"):
        OBSERVATION.views(np.zeros(5, dtype=np.float32))
    with pytest.raises(ValueError, match="out must be"):
        encode_observation(_random_positions(1)[0].view(0), np.zeros(3, dtype=np.float32))
    assert "open_points" in OBSERVATION.describe()
    assert isinstance(Play.parse("0-0"), Play)
