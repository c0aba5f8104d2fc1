"""``random`` and ``greedy`` play every game of the family; ``expert`` stays with Seven Rocks."""

from __future__ import annotations

import inspect
import random

import pytest

from sevenrocks.bots import ExpertBot, GreedyBot, RandomBot, make_bot
from sevenrocks.bots.registry import UnsupportedGameError
from sevenrocks.bots.simple import greedy_key, immediate_points
from sevenrocks.core import Match
from sevenrocks.core.games import GAMES, find_game
from sevenrocks.core.notation import Doubles

CONFIGS = [(game.id, seats) for game in GAMES for seats in game.seats]


@pytest.mark.parametrize(("game", "seats"), CONFIGS, ids=[f"{g}-{n}" for g, n in CONFIGS])
def test_random_and_greedy_play_whole_matches_of_every_game(game: str, seats: int) -> None:
    options = (
        {"several_doubles": True}
        if any(o.name == "several_doubles" for o in find_game(game).options)
        else None
    )
    match = Match(game, seats=seats, options=options, seed=seats)
    bots = [GreedyBot(seed=s) if s % 2 else RandomBot(seed=s) for s in range(seats)]
    moves = 0
    while not match.is_over and match.hand_number < 60:
        match.start_hand()
        while match.turn is not None:
            view = match.view(match.turn)
            move = bots[match.turn].choose(view)
            assert move in view.moves
            match.push(move)
            moves += 1
    assert match.is_over and moves


def test_greedy_takes_the_best_immediate_score_where_moves_score() -> None:
    for seed in range(80):
        match = Match("five-up", seats=3, seed=seed)
        rng = random.Random(seed)
        match.start_hand()
        for _ in range(rng.randrange(0, 8)):
            if match.turn is None:
                break
            moves = match.legal_moves()
            match.push(moves[rng.randrange(len(moves))])
        if match.turn is None:
            continue
        view = match.view(match.turn)
        chosen = GreedyBot(seed=seed).choose(view)
        best = max(immediate_points(view, m) for m in view.moves)
        assert immediate_points(view, chosen) == best
        trial = match.copy()
        assert trial.push(chosen).points == best


def test_greedy_sheds_the_most_pips_where_nothing_scores() -> None:
    for seed in range(80):
        match = Match("block", seats=2, seed=seed)
        match.start_hand()
        view = match.view(match.turn or 0)
        chosen = GreedyBot(seed=seed).choose(view)
        assert greedy_key(view, chosen) == max(greedy_key(view, m) for m in view.moves)
        assert chosen.tiles[0].pips == max(m.tiles[0].pips for m in view.moves)


def test_greedy_weighs_several_doubles_by_all_their_pips() -> None:
    found = 0
    for seed in range(400):
        match = Match("kozel", seats=4, options={"several_doubles": True}, seed=seed)
        rng = random.Random(seed)
        match.start_hand()
        for _ in range(rng.randrange(1, 10)):
            if match.turn is None:
                break
            moves = match.legal_moves()
            match.push(moves[rng.randrange(len(moves))])
        if match.turn is None:
            continue
        view = match.view(match.turn)
        several = [m for m in view.moves if isinstance(m, Doubles)]
        if several:
            chosen = GreedyBot(seed=1).choose(view)
            pips = {m: sum(t.pips for t in m.tiles) for m in view.moves}
            assert pips[chosen] == max(pips.values())
            for move in several:  # several doubles beat each of their doubles alone
                assert all(pips[move] >= pips[m] for m in view.moves if set(m.tiles) <= set(move.tiles))
            found += 1
    assert found > 5, "too few positions with several doubles"


def test_greedy_is_unchanged_in_seven_rocks() -> None:
    """The same choices as the Seven Rocks greedy always made: (points, pips of the tile)."""
    for seed in range(30):
        match = Match(seed=seed)
        match.start_hand()
        while match.turn is not None:
            view = match.view(match.turn)
            key = {p: (immediate_points(view, p), p.tile.pips) for p in view.legal_plays}
            chosen = GreedyBot(seed=seed).choose(view)
            assert key[chosen] == max(key.values())  # type: ignore[index]
            match.push(chosen)


def test_expert_plays_only_seven_rocks() -> None:
    with pytest.raises(
        UnsupportedGameError, match="plays only Seven Rocks, not kozel: choose greedy or random"
    ):
        make_bot("expert", game="kozel")
    assert make_bot("expert", game="seven-rocks").name == "expert"
    match = Match("block", seats=2, seed=1)
    match.start_hand()
    with pytest.raises(ValueError, match="expert plays only Seven Rocks, not block"):
        ExpertBot(seed=1).choose(match.view(match.turn or 0))


def test_search_gets_the_game_or_is_refused_outside_seven_rocks() -> None:
    from sevenrocks.bots.search import SearchBot

    if "game" in inspect.signature(SearchBot).parameters:
        assert make_bot("search:iterations=20", seed=1, game="kozel").name.startswith("search")
    else:
        with pytest.raises(UnsupportedGameError, match="search"):
            make_bot("search", seed=1, game="kozel")


def test_unknown_bot_and_bad_game_name() -> None:
    with pytest.raises(ValueError, match="unknown bot 'nobody'"):
        make_bot("nobody", game="kozel")


@pytest.mark.parametrize("game", [g.id for g in GAMES])
def test_search_plays_a_hand_of_every_game(game: str) -> None:
    """The search bot plays every game through the compiled step (no game is refused), its moves
    legal; several doubles are among its candidates where the game has them."""
    definition = find_game(game)
    options = (
        {"several_doubles": True} if any(o.name == "several_doubles" for o in definition.options) else None
    )
    match = Match(game, seats=definition.default_seats, options=options, seed=3)
    bot = make_bot("search:iterations=6", seed=2, game=game)
    rng = random.Random(4)
    match.start_hand()
    searched = 0
    while match.turn is not None:
        view = match.view(match.turn)
        if match.turn == 0:
            move = bot.choose(view)
            searched += 1
        else:
            move = rng.choice(view.moves)
        assert move in view.moves
        match.push(move)
    assert searched
