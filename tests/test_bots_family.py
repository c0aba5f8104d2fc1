"""``random`` and ``greedy`` play every game of the family; ``expert`` stays with Seven Rocks."""

from __future__ import annotations

import inspect
import random

import pytest

from sevenrocks.bots import ExpertBot, GreedyBot, RandomBot, make_bot
from sevenrocks.bots.registry import UnsupportedGameError
from sevenrocks.bots.simple import greedy_key, immediate_points
from sevenrocks.core import Match
from sevenrocks.core.games import LAYOUT_GAMES, find_game
from sevenrocks.core.notation import Doubles

CONFIGS = [(game.id, seats) for game in LAYOUT_GAMES for seats in game.seats]


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


def _kinds(move: object) -> set[str]:
    if isinstance(move, Doubles):
        return {"several"} | {"closed" for p in move.parts if p.closed}
    kinds = set()
    if getattr(move, "closed", False):
        kinds.add("closed")
    if getattr(move, "open_half", None) is not None:
        kinds.add("open-half")
    return kinds


@pytest.mark.parametrize(
    ("game", "seats", "kinds"),
    [
        ("donkey", 4, {"several", "closed"}),
        ("matador", 2, {"open-half"}),
        ("sea-kozel", 4, {"several"}),
        ("general", 4, {"several"}),
    ],
)
def test_bots_choose_the_moves_of_the_part_2_games(game: str, seats: int, kinds: set[str]) -> None:
    """Several doubles, closing doubles and the matadors' open halves are among the moves the
    bots choose from (``view.moves``), and they choose them."""
    chosen: dict[str, set[str]] = {"random": set(), "greedy": set()}
    for seed in range(6):
        match = Match(game, seats=seats, seed=seed)
        bots = [GreedyBot(seed=s) if s % 2 else RandomBot(seed=s) for s in range(seats)]
        while not match.is_over and match.hand_number < 40:
            match.start_hand()
            while match.turn is not None:
                view = match.view(match.turn)
                bot = bots[match.turn]
                move = bot.choose(view)
                assert move in view.moves
                chosen[bot.name] |= _kinds(move)
                match.push(move)
    assert kinds <= chosen["random"], chosen
    assert kinds - {"closed"} <= chosen["greedy"], chosen  # closing is a tie for greedy: at random


def _declaring_views(seats: int, count: int) -> list[object]:
    """Views of seats that may declare a hundred in Sea Goat, found by random play."""
    from sevenrocks.core.view import SeatView

    views: list[SeatView] = []
    for seed in range(400):
        match = Match("sea-kozel", seats=seats, seed=seed)
        rng = random.Random(seed)
        while not match.is_over and match.hand_number < 40:
            match.start_hand()
            declarer = match.hundred_declarer()
            if declarer is not None:
                views.append(match.view(declarer))
                if len(views) == count:
                    return list(views)
            while match.turn is not None:
                moves = match.legal_moves()
                match.push(moves[rng.randrange(len(moves))])
    return list(views)


@pytest.mark.parametrize("seats", [2, 4])
def test_the_voluntary_hundred(seats: int) -> None:
    from sevenrocks.bots.base import declares_hundred
    from sevenrocks.bots.simple import HUNDRED_LIMIT, safe_hundred

    views = _declaring_views(seats, 60)
    assert len(views) == 60
    limit = HUNDRED_LIMIT[1] if seats == 2 else HUNDRED_LIMIT[0]
    answers = []
    for view in views:
        assert view.may_declare_hundred  # type: ignore[attr-defined]
        hand = view.hand  # type: ignore[attr-defined]
        assert any(t.is_double and t.low == 6 for t in hand)
        kept = sum(
            25 if t.is_double and t.low == 0 else t.pips for t in hand if not (t.is_double and t.low == 6)
        )
        assert safe_hundred(view) == (kept < limit)  # type: ignore[arg-type]
        assert RandomBot(seed=1).declare_hundred(view) is False  # type: ignore[arg-type]
        assert GreedyBot(seed=1).declare_hundred(view) == safe_hundred(view)  # type: ignore[arg-type]
        assert declares_hundred(ExpertBot(seed=1), view) is False  # a bot without the method never declares
        answers.append(declares_hundred(GreedyBot(seed=1), view))
    match = Match("sea-kozel", seats=seats, seed=1)
    match.start_hand()
    assert not declares_hundred(GreedyBot(seed=1), match.view(0))  # nobody may declare in a first hand
    if seats == 4:
        assert any(answers), "greedy never declared a safe hundred"


def _not_compiled(game: str) -> bool:
    """Whether the compiled step refuses ``game`` (today none: it plays every layout game)."""
    from sevenrocks.bots.search import compiled_refusal

    return compiled_refusal(find_game(game).rules()) is not None


NOT_COMPILED = [g.id for g in LAYOUT_GAMES if _not_compiled(g.id)]


@pytest.mark.parametrize("game", NOT_COMPILED or ["sea-kozel"])
def test_search_refuses_the_games_the_compiled_step_does_not_play(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The search refuses a game the step refuses (while the step plays every game, Sea Goat made
    one that it refuses)."""
    from sevenrocks.bots.search import SearchBot
    from sevenrocks.fast import game as fast_game

    if game not in NOT_COMPILED:
        encode = fast_game.encode_rules

        def refuse(rules: object) -> object:
            if getattr(rules, "game", None) == game:
                raise fast_game.UnsupportedGameError(f"the compiled step does not play {game} (test)")
            return encode(rules)  # type: ignore[arg-type]

        monkeypatch.setattr(fast_game, "encode_rules", refuse)

    with pytest.raises(UnsupportedGameError, match=rf"bot 'search' .*{game}.*choose greedy or random"):
        make_bot("search", seed=1, game=game)
    match = Match(game, seed=1)
    match.start_hand()
    view = match.view(match.turn or 0)
    bot = SearchBot(seed=1, iterations=5)
    if len(view.moves) > 1:
        with pytest.raises(UnsupportedGameError, match="choose greedy or random"):
            bot.choose(view)
    assert SearchBot(seed=1).declare_hundred(view) is False


@pytest.mark.parametrize("game", [g.id for g in LAYOUT_GAMES if g.id not in NOT_COMPILED])
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


def test_greedy_scores_bergen_s_headers() -> None:
    """In Bergen greedy counts the headers a move makes (``Layout.header_points`` after the move)
    and takes the move that scores most."""
    from sevenrocks.bots.simple import immediate_points

    scored = 0
    for seed in range(40):
        match = Match("bergen", seats=2, seed=seed)
        rng = random.Random(seed)
        match.start_hand()
        while match.turn is not None:
            view = match.view(match.turn)
            best = 0
            for move in view.moves:
                trial = match.layout.copy()
                trial.place(move)  # type: ignore[arg-type]
                assert immediate_points(view, move) == trial.header_points()
                best = max(best, trial.header_points())
            if best:
                scored += 1
                assert immediate_points(view, GreedyBot(seed=1).choose(view)) == best
            match.push(view.moves[rng.randrange(len(view.moves))])
            if match.is_over:
                break
    assert scored > 10
