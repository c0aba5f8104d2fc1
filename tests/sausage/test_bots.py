"""Sausage bots (:mod:`sevenrocks.bots.sausage`): made by name for the game, they play legal moves from the
seat's view alone, greedy beats random, search is reproducible; every other bot is refused clearly."""

from __future__ import annotations

import random

import pytest

from sevenrocks.bots import make_bot
from sevenrocks.bots.base import BotOptionError, UnknownBotError
from sevenrocks.bots.registry import UnsupportedGameError
from sevenrocks.bots.sausage import (
    SAUSAGE_BOT_NAMES,
    GreedySausageBot,
    RandomSausageBot,
    SausageBot,
    SearchSausageBot,
    greedy_sausage_key,
    make_sausage_bot,
)
from sevenrocks.bots.sausage_protocol import SausageProgramBot
from sevenrocks.core.sausage import SausageMatch, SausageMove, SausageView

from .common import deal


def _duel(first: SausageBot, second: SausageBot, seed: int, target: int = 10_000) -> SausageMatch:
    """One deal (or a whole match at a low target) of ``first`` in seat 0 against ``second`` in seat 1;
    every choice is checked to be legal and made from the view."""
    bots = (first, second)
    match = SausageMatch(target=target, seed=seed)
    while not match.is_over:
        match.start_deal()
        while match.turn is not None:
            view = match.view(match.turn)
            move = bots[match.turn].choose(view)
            assert move in view.legal_moves and move in match.legal_moves()
            match.push(move)
        if target == 10_000:
            break
    return match


def test_every_sausage_bot_by_name() -> None:
    assert SAUSAGE_BOT_NAMES == ("greedy", "random", "search")
    for name, kind in (
        ("random", RandomSausageBot),
        ("greedy", GreedySausageBot),
        ("search", SearchSausageBot),
    ):
        bot = make_bot(name, seed=1, game="sausage")
        assert isinstance(bot, kind) and isinstance(bot, SausageBot) and bot.name == name
    search = make_bot("search:iterations=5,policy=random", seed=2, game="sausage", think=None, workers=2)
    assert isinstance(search, SearchSausageBot)
    assert (search.iterations, search.policy, search.think) == (5, "random", None)
    assert make_sausage_bot("search", think=0.01).iterations is None


def test_other_bots_refuse_sausage() -> None:
    with pytest.raises(
        UnsupportedGameError, match="bot 'expert' does not play sausage: choose greedy, random or search"
    ):
        make_bot("expert", game="sausage")
    with pytest.raises(UnsupportedGameError, match="bot 'nobody' does not play sausage"):
        make_bot("nobody", game="sausage")
    assert isinstance(make_bot("cmd:python3 bot.py", game="sausage"), SausageProgramBot)  # never started
    with pytest.raises(UnknownBotError, match="'cmd:' must be followed by a command"):
        make_bot("cmd: ", game="sausage")
    with pytest.raises(BotOptionError, match="bot 'search' has no option 'workers' in sausage"):
        make_bot("search:workers=2", game="sausage")
    with pytest.raises(BotOptionError, match="search: iterations must be a whole number >= 1, not 0"):
        make_bot("search:iterations=0", game="sausage")
    with pytest.raises(BotOptionError, match="search: policy is cut or random, not 'expert'"):
        SearchSausageBot(policy="expert")
    with pytest.raises(ValueError, match="seat 0 has no move to choose: it is not its turn"):
        GreedySausageBot().choose(deal().view(0))


@pytest.mark.parametrize("seed", range(4))
def test_whole_matches_of_every_pair(seed: int) -> None:
    names = ["random", "greedy", "search:iterations=3"]
    first, second = names[seed % 3], names[(seed + 1) % 3]
    match = _duel(
        make_bot(first, seed=seed, game="sausage"), make_bot(second, seed=seed + 7, game="sausage"), seed, 60
    )
    assert match.is_over and match.winner is not None


def test_greedy_beats_random() -> None:
    swing = 0
    for seed in range(60):
        for greedy_seat in (0, 1):
            bots = [make_sausage_bot("random", seed=seed), make_sausage_bot("greedy", seed=seed)]
            if greedy_seat == 0:
                bots.reverse()
            match = _duel(bots[0], bots[1], seed)
            swing += match.scores[greedy_seat] - match.scores[1 - greedy_seat]
    assert swing / 120 > 5  # about 23 pips a deal


def test_greedy_takes_the_cut_and_weighs_the_reply() -> None:
    match = deal(moves="5-6:bottom 2-4:top")  # seat 0 turned 4-6: top, bottom or cut (hands over 19 pips)
    view = match.view(0)
    keys = {str(m): greedy_sausage_key(view, m) for m in view.legal_moves}
    assert keys["4-6:cut"][0] == 7 + 11 + 6
    assert max(keys, key=lambda k: keys[k]) == "4-6:cut"
    assert str(GreedySausageBot(seed=3).choose(view)) == "4-6:cut"
    assert keys["4-6:top"][0] <= 0 and keys["4-6:bottom"][0] <= 0


def _equal_views() -> tuple[SausageView, SausageView]:
    """Two views that are equal, of matches whose queues differ in where the never-turned tiles lie."""
    match = deal(moves="5-6:bottom 2-4:top")
    queues = [list(q) for q in match.history[-1].queues]
    # swap two never-turned tiles between the queues: nobody can tell
    queues[0][10], queues[1][12] = queues[1][12], queues[0][10]
    other = SausageMatch(seed=9)
    other.start_deal(queues, 0)
    for move in ("5-6:bottom", "2-4:top"):
        other.push_notation(move)
    assert other.queue(0) != match.queue(0)
    return match.view(0), other.view(0)


def test_search_is_reproducible_and_sees_only_the_view() -> None:
    first, second = _equal_views()
    assert first == second
    choices = set()
    for view in (first, second):
        bot = SearchSausageBot(seed=5, iterations=12)
        choices.add(bot.choose(view))
        assert set(bot.last_means) == {str(m) for m in view.legal_moves}
    assert len(choices) == 1
    assert choices == {SausageMove.parse("4-6:cut")}  # handing 19 pips over is worth it


def test_search_with_a_time_budget() -> None:
    rng = random.Random(1)
    match = SausageMatch(seed=11)
    match.start_deal()
    bot = SearchSausageBot(seed=1, think=0.02)
    while match.in_deal:
        assert match.turn is not None
        view = match.view(match.turn)
        move = bot.choose(view) if len(view.legal_moves) > 1 else rng.choice(view.legal_moves)
        match.push(move)
    assert match.result is not None
