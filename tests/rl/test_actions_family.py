"""The family's action space (:mod:`sevenrocks.rl.actions`): every legal move of random matches
of every game of the family maps to its actions and back, step by step through the masks."""

from __future__ import annotations

import random

import pytest

from sevenrocks.core import Match
from sevenrocks.core.games import LAYOUT_GAMES, find_game
from sevenrocks.core.notation import ACTIONS, Doubles, Play
from sevenrocks.rl.actions import (
    CONTINUE_PARTS,
    FAMILY_ACTIONS,
    NUM_ACTIONS,
    NUM_FAMILY_ACTIONS,
    NUM_FAMILY_PLAYS,
    InvalidActionError,
    action_of,
    family_action_mask,
    family_legal_actions,
    legal_actions,
    move_actions,
    move_of_actions,
    next_actions,
)

NEW_GAMES = ("sea-kozel", "donkey", "sebastopol", "bergen", "matador", "general")
#: every seat count of the six new games, their options, and the part-1 games with special moves
CONFIGS = [
    *((game, seats, None) for game in NEW_GAMES for seats in find_game(game).seats),
    ("matador", 4, {"partnerships": True}),
    ("general", 4, {"version": "naked"}),
    ("sea-kozel", 2, {"events": False}),
    ("kozel", 4, {"several_doubles": True}),
    ("telephone", 4, {"several_doubles": True}),
    ("muggins", 3, None),
]


def _check_turn(moves: tuple[Play | Doubles, ...], kinds: set[str]) -> None:
    for move in moves:
        actions = move_actions(move)
        assert all(0 <= a < NUM_FAMILY_ACTIONS for a in actions)
        for k, action in enumerate(actions):  # the mask at each step lets the move go on
            assert action in next_actions(moves, actions[:k])
            assert (action < NUM_FAMILY_PLAYS) == (k == len(actions) - 1)
        assert move_of_actions(actions, moves) is move
        if isinstance(move, Doubles):
            kinds.add("several")
            assert [FAMILY_ACTIONS[a] for a in actions] == list(move.parts)
        else:
            assert FAMILY_ACTIONS[actions[0]] == move
            if move in ACTIONS:  # a plain play keeps its Seven Rocks integer
                assert actions[0] == action_of(move)
            kinds.update(
                k for k, on in (("closed", move.closed), ("open-half", move.open_half is not None)) if on
            )
            kinds.update(("lengthwise",) if move.lengthwise else ())
            if move not in ACTIONS and not move.marks:
                kinds.add("sum-to-seven")


@pytest.mark.parametrize(("game", "seats", "options"), CONFIGS, ids=[f"{g}-{n}-{o}" for g, n, o in CONFIGS])
def test_every_legal_move_maps_to_actions_and_back(
    game: str, seats: int, options: dict[str, object] | None
) -> None:
    kinds: set[str] = set()
    for seed in range(4):
        match = Match(game, seats=seats, options=options, seed=seed)
        rng = random.Random(seed)
        while not match.is_over and match.hand_number < 25:
            match.start_hand()
            while match.turn is not None:
                view = match.view(match.turn)
                moves = view.moves
                _check_turn(moves, kinds)
                assert set(family_legal_actions(view)) == {move_actions(m)[0] for m in moves}
                # an agent's random walk through the masks always ends on a legal move
                chosen: list[int] = []
                while not chosen or chosen[-1] >= NUM_FAMILY_PLAYS:
                    options_now = next_actions(moves, chosen)
                    assert family_action_mask(options_now).sum() == len(options_now)
                    chosen.append(options_now[rng.randrange(len(options_now))])
                match.push(move_of_actions(chosen, moves))
    expected = {
        "sea-kozel": {"several"},
        "donkey": {"several", "closed"},
        "matador": {"sum-to-seven", "open-half"},
        "general": {"several"},
        "muggins": {"lengthwise"},
    }.get(game, set())
    if game == "sea-kozel" and options == {"events": False}:
        expected = set()
    assert expected <= kinds, f"random play of {game} never offered {expected - kinds}"


def test_the_seven_rocks_space_is_unchanged() -> None:
    assert FAMILY_ACTIONS[:NUM_ACTIONS] == ACTIONS
    match = Match(seed=4)
    match.start_hand()
    view = match.view(match.turn)
    assert family_legal_actions(view) == legal_actions(view)


def test_every_game_of_the_family_is_covered() -> None:
    assert {g.id for g in LAYOUT_GAMES} - {c[0] for c in CONFIGS} <= {
        "seven-rocks", "block", "draw", "kozel-125", "sports-kozel", "all-fives", "five-up",
        "fives-and-threes", "all-threes", "picture",
    }  # fmt: skip
    assert all(p.tile.is_double and not p.lengthwise for p in CONTINUE_PARTS)


def test_bad_sequences_are_refused() -> None:
    match = Match("donkey", seed=1)
    match.start_hand()
    moves = match.view(match.turn).moves
    with pytest.raises(InvalidActionError, match="out of range"):
        move_of_actions([NUM_FAMILY_ACTIONS], moves)
    with pytest.raises(InvalidActionError, match="not a legal move"):
        move_of_actions([NUM_FAMILY_PLAYS], moves)
