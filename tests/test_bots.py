"""The bots: legal plays from views only, reproducibility, options, and a little strength."""

from __future__ import annotations

import random

import pytest

from sevenrocks.bots import Bot, BotOptionError, ExpertBot, UnknownBotError, make_bot
from sevenrocks.bots.expert import WEIGHTS
from sevenrocks.bots.kernel import sample_hands
from sevenrocks.bots.registry import parse_bot_name
from sevenrocks.bots.search import SearchBot
from sevenrocks.bots.simple import immediate_points
from sevenrocks.core import Match, Play, SeatView


def random_position(rng: random.Random, target: int = 250) -> Match:
    """A match at a random moment of a hand (after some random whole hands)."""
    while True:
        match = Match(target=target, seed=rng.randrange(1 << 30))
        for _ in range(rng.randrange(3)):
            if match.is_over:
                break
            match.start_hand()
            while match.turn is not None:
                plays = match.legal_plays()
                match.push(plays[rng.randrange(len(plays))])
        if match.is_over:
            continue
        match.start_hand()
        for _ in range(rng.randrange(22)):
            if match.turn is None:
                break
            plays = match.legal_plays()
            match.push(plays[rng.randrange(len(plays))])
        if match.turn is not None:
            return match


BOT_NAMES = ["random", "greedy", "expert", "search:iterations=8"]


@pytest.mark.parametrize("name", BOT_NAMES)
def test_every_bot_plays_legally_from_views(name: str) -> None:
    rng = random.Random(sum(map(ord, name)))
    bot = make_bot(name, seed=3)
    for _ in range(150 if name.startswith("search") else 400):
        match = random_position(rng)
        view = match.view(match.turn)  # type: ignore[arg-type]
        assert isinstance(view, SeatView)
        play = bot.choose(view)
        assert play in match.legal_plays()


@pytest.mark.parametrize("name", BOT_NAMES)
def test_whole_matches_through_views(name: str) -> None:
    """Four bots play a short match to its end, each seeing only its own view."""
    bots = [make_bot(name, seed=s) for s in range(4)]
    match = Match(target=100, seed=5)
    while not match.is_over:
        match.start_hand()
        while match.turn is not None:
            seat = match.turn
            match.push(bots[seat].choose(match.view(seat)))
    assert match.winner in (0, 1)


@pytest.mark.parametrize("factory", [lambda: ExpertBot(seed=1), lambda: SearchBot(seed=1, iterations=30)])
def test_choice_does_not_depend_on_hidden_hands(factory: object) -> None:
    """The same view over two different deals of the hidden tiles gives the same choice."""
    rng = random.Random(8)
    checked = 0
    for i in range(60):
        match = random_position(rng)
        view = match.view(match.turn)  # type: ignore[arg-type]
        if len(view.legal_plays) < 2:
            continue
        other = Match.from_view(view, sample_hands(view, seed=i))
        assert other.view(view.seat).hand == view.hand
        a = factory()  # type: ignore[operator]
        b = factory()  # type: ignore[operator]
        assert a.choose(view) == b.choose(other.view(view.seat))
        checked += 1
    assert checked > 30


def test_search_is_reproducible_with_seed_and_iterations() -> None:
    def play(seed: int) -> list[Play]:
        bots = [SearchBot(seed=seed + s, iterations=12) for s in range(4)]
        match = Match(seed=21)
        match.start_hand()
        out = []
        while match.turn is not None:
            seat = match.turn
            out.append(match.push(bots[seat].choose(match.view(seat))).play)
        return out

    assert play(1) == play(1)
    match = Match(seed=4)
    match.start_hand()
    view = match.view(match.turn)  # type: ignore[arg-type]
    reports = [SearchBot(seed=9, iterations=40).analyse(view, seed=5) for _ in range(2)]
    assert reports[0].estimates == reports[1].estimates
    assert {e.play for e in reports[0].estimates} == set(view.legal_plays)
    assert reports[0].deals == 40


def test_search_with_two_workers() -> None:
    match = Match(seed=6)
    match.start_hand()
    view = match.view(match.turn)  # type: ignore[arg-type]
    bot = SearchBot(seed=2, iterations=41, workers=2)
    try:
        first = bot.analyse(view, seed=3)
        again = bot.analyse(view, seed=3)
    finally:
        bot.close()
    assert first.deals == 41
    assert first.estimates == again.estimates


def test_search_time_budget() -> None:
    match = Match(seed=7)
    match.start_hand()
    view = match.view(match.turn)  # type: ignore[arg-type]
    bot = SearchBot(seed=1, think=0.05)
    assert bot.choose(view) in view.legal_plays
    assert bot.last_search is not None and bot.last_search.deals > 0
    capped = SearchBot(seed=1, think=5.0, iterations=10)
    capped.choose(view)
    assert capped.last_search is not None and capped.last_search.deals == 10


def winning_positions(count: int) -> list[Match]:
    """Positions where some legal play reaches the target at once and some does not."""
    rng = random.Random(30)
    found = []
    while len(found) < count:
        match = random_position(rng, target=rng.choice([20, 30, 40]))
        seat = match.turn
        assert seat is not None
        need = match.target - match.scores[seat & 1]
        view = match.view(seat)
        wins = [p for p in view.legal_plays if immediate_points(view, p) >= need]
        if wins and len(wins) < len(view.legal_plays):
            found.append(match)
    return found


@pytest.mark.parametrize("name", ["expert", "search:iterations=20"])
def test_bots_take_the_winning_play(name: str) -> None:
    bot = make_bot(name, seed=1)
    for match in winning_positions(15):
        seat = match.turn
        assert seat is not None
        view = match.view(seat)
        play = bot.choose(view)
        assert immediate_points(view, play) >= match.target - match.scores[seat & 1]


def _duplicate_wins(team0: str, team1: str, deals: int) -> int:
    """Matches won by ``team0`` over ``deals`` deal sets, each played with both seatings."""
    wins = 0
    for d in range(deals):
        for swap in (False, True):
            names = [team1, team0] if swap else [team0, team1]
            bots: list[Bot] = [make_bot(names[s & 1], seed=100 * d + s) for s in range(4)]
            match = Match(target=150, seed=d)
            while not match.is_over:
                match.start_hand()
                while match.turn is not None:
                    seat = match.turn
                    match.push(bots[seat].choose(match.view(seat)))
            wins += match.winner == (1 if swap else 0)
    return wins


def test_strength_smoke() -> None:
    """Quick, not a measurement (see docs/strength.md): expert and search beat random play."""
    assert _duplicate_wins("expert", "random", 6) >= 8
    assert _duplicate_wins("search:iterations=15", "random", 3) >= 4


def test_names_with_options() -> None:
    assert parse_bot_name("search:think=0.2,iterations=400,policy=random") == (
        "search",
        {"think": 0.2, "iterations": 400, "policy": "random"},
    )
    bot = make_bot("search:iterations=30,workers=1", seed=1)
    assert isinstance(bot, SearchBot) and bot.iterations == 30 and bot.think is None
    assert make_bot("search", seed=1, think=0.1).think == 0.1  # type: ignore[attr-defined]
    assert make_bot("search:think=0.3", think=0.1).think == 0.3  # type: ignore[attr-defined]
    assert make_bot("search:think=200ms").think == 0.2  # type: ignore[attr-defined]
    assert make_bot("search:think=1.5s").think == 1.5  # type: ignore[attr-defined]
    assert isinstance(make_bot("expert", seed=1, think=0.2), ExpertBot)  # think is for search bots


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("search:depth=3", "has no option 'depth'"),
        ("search:think=0", "think must be seconds per move above 0"),
        ("search:think=fast", "think must be seconds"),
        ("search:think=5min", "think must be seconds"),
        ("search:iterations=0", "iterations must be a whole number >= 1"),
        ("search:iterations=2.5", "iterations must be a whole number"),
        ("search:workers=3", "workers must be 1 or 2"),
        ("search:policy=smart", "policy must be 'greedy' or 'random'"),
        ("search:think", "write bot options as NAME:KEY=VALUE"),
        ("greedy:think=1", "has no option 'think'"),
    ],
)
def test_bad_options(name: str, message: str) -> None:
    with pytest.raises(BotOptionError, match=message):
        make_bot(name)


def test_unknown_bot_and_bad_weights() -> None:
    with pytest.raises(UnknownBotError, match="unknown bot 'grandmaster'"):
        make_bot("grandmaster:think=1")
    with pytest.raises(BotOptionError, match="unknown weight 'luck'"):
        ExpertBot(weights={"luck": 1.0})
    with pytest.raises(BotOptionError, match="must be a number"):
        ExpertBot(weights={"threat": "high"})  # type: ignore[dict-item]
    assert ExpertBot(weights={"threat": 0.0}).weights["threat"] == 0.0
    assert set(WEIGHTS) >= {"now", "threat", "knock_opp", "shed", "spinner"}


def test_not_my_turn() -> None:
    match = Match(seed=1)
    match.start_hand()
    seat = (match.turn + 1) % 4  # type: ignore[operator]
    for bot in (ExpertBot(), SearchBot(iterations=5)):
        with pytest.raises(ValueError, match="no placement to choose"):
            bot.choose(match.view(seat))


def test_expert_terms_explain_the_choice() -> None:
    match = Match(seed=12)
    match.start_hand()
    view = match.view(match.turn)  # type: ignore[arg-type]
    bot = ExpertBot(seed=0)
    values = {p: bot.evaluate(view, p) for p in view.legal_plays}
    choice = bot.choose(view)
    assert values[choice] == max(values.values())
    terms = bot.terms(view, choice)
    assert abs(sum(terms.values()) - values[choice]) < 1e-9
    assert "threat" in terms and "pips" in terms
