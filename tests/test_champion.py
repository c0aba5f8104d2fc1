"""The ``champion`` bot: its exact endgame solver against plain brute force, its inference on
positions of real matches, and the bot itself (reproducible, every game of the kernel)."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("numba")

from sevenrocks.bots import champion_kernel as ck
from sevenrocks.bots.base import BotOptionError
from sevenrocks.bots.expert import ExpertBot
from sevenrocks.bots.kernel import encode_match
from sevenrocks.bots.registry import make_bot
from sevenrocks.bots.simple import RandomBot
from sevenrocks.core import Match
from sevenrocks.core.tiles import TILES
from sevenrocks.fast import codes
from sevenrocks.fast.game import encode_rules

BONUS = 100.0


def _brute(match: Match, side: int, before: tuple[int, ...], direction: int, partners: bool) -> float:
    """Plain minimax over every one-tile move to the end of the hand (paranoid with more than
    two sides), valued as the solver values it."""
    turn = match.turn
    if turn is None:
        scores = match.scores
        sides = len(scores)
        mine = scores[side] - before[side]
        others = sum(scores[s] - before[s] for s in range(sides) if s != side)
        value = direction * (mine - others / (sides - 1))
        outcome = match.outcome
        if outcome is not None and outcome.winners:
            value += BONUS if side in outcome.winners else -BONUS
        return float(value)
    mover = turn & 1 if partners else turn
    values = []
    for play in match.legal_plays():
        match.push(play)
        values.append(_brute(match, side, before, direction, partners))
        match.pop()
    return max(values) if mover == side else min(values)


def _endgame(game: str, seed: int, tiles_left: int, seats: int | None = None) -> Match:
    """A match of ``game`` played by random bots until at most ``tiles_left`` tiles are in hands."""
    rng = random.Random(seed)
    match = Match(game, seats=seats, seed=seed, target=rng.choice([30, 250]))
    match.start_hand()
    bot = RandomBot(seed=seed)
    while match.turn is not None and sum(len(match.hand(s)) for s in range(match.seats)) > tiles_left:
        match.push(bot.choose(match.view(match.turn)))
    return match


@pytest.mark.parametrize(
    ("game", "seats", "tiles_left", "seeds"),
    [("seven-rocks", None, 7, 60), ("draw", 2, 4, 12), ("kozel", None, 7, 60)],
)
def test_exact_solver_equals_brute_force(game: str, seats: int | None, tiles_left: int, seeds: int) -> None:
    """On many small endgames with every hand (and the boneyard's order) known, the compiled
    solver's value equals plain minimax over the core engine."""
    checked = 0
    for seed in range(seeds):
        match = _endgame(game, seed, tiles_left, seats)
        if match.turn is None:
            continue
        rules = match.rules
        g = encode_rules(rules)
        partners = bool(g[codes.G_PARTNERS])
        side = match.turn & 1 if partners else match.turn
        expected = _brute(match, side, match.scores, int(g[codes.G_DIRECTION]), partners)
        value, nodes, aborted = ck.solve(encode_match(match), g, side, bonus=BONUS)
        assert not aborted
        assert nodes >= 1
        assert value == pytest.approx(expected), (game, seed)
        checked += 1
    assert checked >= seeds * 2 // 3


def test_solver_gives_up_past_its_budget() -> None:
    match = _endgame("seven-rocks", 1, 16)
    g = encode_rules(match.rules)
    _value, nodes, aborted = ck.solve(encode_match(match), g, 0, budget=5)
    assert aborted and nodes > 5


def _positions(seed: int) -> list[tuple[Match, int]]:
    """Positions of one Seven Rocks hand played by ``expert`` bots: (a copy of the match, seat to
    move) from the 8th move on."""
    match = Match(seed=seed)
    match.start_hand()
    bots = [ExpertBot(seed=seed * 4 + s) for s in range(4)]
    found = []
    while match.turn is not None:
        if len(match.placements) >= 8 and sum(len(match.hand(s)) for s in range(4)) >= 6:
            found.append((match.copy(stack=False), match.turn))
        match.push(bots[match.turn].choose(match.view(match.turn)))
    return found


def test_inference_moves_probability_towards_the_true_hands() -> None:
    """Over positions of real matches between ``expert`` bots, weighting the sampled deals by their
    likelihood puts more of the hidden seats' true tiles in their sampled hands than sampling alone."""
    weighted_total = 0.0
    plain_total = 0.0
    positions = 0
    for seed in range(12):
        for match, seat in _positions(seed)[::3]:
            view = match.view(seat)
            hands, logl = ck.likelihoods(view, 300, seed=seed, temperature=ck.DEFAULT_TEMPERATURE)
            w = np.exp(logl - logl.max())
            w /= w.sum()
            for s in range(4):
                if s == seat:
                    continue
                true = match.hand_mask(s)
                right = np.array([bin(int(h) & true).count("1") for h in hands[:, s]], dtype=np.float64)
                weighted_total += float((w * right).sum())
                plain_total += float(right.mean())
            positions += 1
    assert positions >= 30
    assert weighted_total > plain_total * 1.05, (weighted_total, plain_total)


def test_history_tables_count_other_seats_placements() -> None:
    match = _positions(3)[4][0]
    seat = match.turn
    assert seat is not None
    view = match.view(seat)
    ev, util = ck.history_tables(view, encode_rules(view.rules))
    placed = [p for p in match.placements[1:] if p.seat != seat]
    assert len(ev) == len(placed)
    assert util.shape == (len(ev), 28)
    for row, placement in zip(ev, placed, strict=True):
        assert int(row[0]) == placement.seat
        assert TILES[int(row[1])] == placement.play.tile
    assert (util[np.arange(len(ev)), ev[:, 1]] > -1e8).all()  # the tile placed fitted then


def test_champion_is_reproducible_and_plays_every_kernel_game() -> None:
    for game in ("seven-rocks", "draw", "kozel", "matador"):
        match = Match(game, seed=5)
        match.start_hand()
        bots = [make_bot("champion", seed=s, game=game, iterations=30) for s in range(match.seats)]
        moves = 0
        while match.turn is not None and moves < 40:
            view = match.view(match.turn)
            play = bots[match.turn].choose(view)
            again = make_bot("champion", seed=match.turn, game=game, iterations=30)
            assert play in view.moves
            if moves == 0:
                assert again.choose(view) == play
            match.push(play)
            moves += 1
        assert match.turn is None, game


def test_champion_solves_endgames_exactly() -> None:
    """Near the end of a hand every candidate on every deal is solved exactly (no play-out)."""
    solved = 0
    for seed in range(20):
        match = _endgame("seven-rocks", seed, 9)
        if match.turn is None:
            continue
        view = match.view(match.turn)
        if len(view.moves) < 2:
            continue
        bot = make_bot("champion", seed=1, iterations=20)
        bot.choose(view)
        report = bot.last_search
        assert report is not None and report.rollouts == 0
        assert report.exact == 20 * len(view.moves)
        solved += 1
    assert solved >= 5


def test_champion_options_are_checked() -> None:
    with pytest.raises(BotOptionError, match="exact_tiles"):
        make_bot("champion", exact_tiles=-1)
    with pytest.raises(BotOptionError, match="temperature"):
        make_bot("champion", temperature="hot")
    with pytest.raises(BotOptionError, match="champion: workers"):
        make_bot("champion", workers=3)


def test_choice_does_not_depend_on_hidden_hands() -> None:
    """The same view over another deal of the hidden tiles gives the same choice."""
    from sevenrocks.bots.kernel import sample_deal

    checked = 0
    for seed in range(6):
        for match, seat in _positions(seed)[::4]:
            view = match.view(seat)
            if len(view.moves) < 2:
                continue
            hands, boneyard = sample_deal(view, seed=seed)
            other = Match.from_view(view, hands, boneyard).view(seat)
            assert other.hand == view.hand and other.layout.mask == view.layout.mask
            first = make_bot("champion", seed=9, iterations=40).choose(view)
            assert make_bot("champion", seed=9, iterations=40).choose(other) == first
            checked += 1
    assert checked >= 8


def test_champion_keeps_its_think_time_from_the_moment_it_is_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """The deals get the think time less the reserve and less the setup already spent, so that
    the whole move (setup, deals, estimates) keeps within the budget; a budget of deals has no
    deadline."""
    import time

    from sevenrocks.bots import champion

    bot = champion.ChampionBot(seed=1, think=0.2)
    now = time.perf_counter()
    left = bot.deal_seconds(now - 0.05)  # the search began 50 ms ago
    assert left is not None and 0 < left <= 0.2 * (1 - champion.THINK_RESERVE) - 0.05
    assert bot.deal_seconds(now - 1.0) == 0.0  # past the budget: none (one deal is still played)
    assert champion.ChampionBot(seed=1, iterations=10).deal_seconds(now) is None

    given: list[float | None] = []
    play = champion._champion_task

    def task(job: tuple[object, ...]) -> object:
        given.append(job[5])  # type: ignore[arg-type]
        return play(job)

    monkeypatch.setattr(champion, "_champion_task", task)
    match = Match(seed=3)
    match.start_hand()
    while len(match.legal_moves()) < 2:
        match.push(match.legal_moves()[0])
    started = time.perf_counter()
    bot.analyse(match.view(match.turn or 0))
    took = time.perf_counter() - started
    assert given and all(g is not None and g <= 0.2 * (1 - champion.THINK_RESERVE) for g in given)
    assert took < 0.2 + 0.5, "a budget kept (the margin is for a slow test machine, not the bot)"
