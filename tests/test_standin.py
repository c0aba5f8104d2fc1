"""Warming up: hosts prepare bots before timing moves, and a bot program answers while it compiles."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import pytest

from sevenrocks.bots import registry
from sevenrocks.bots.base import WarmsUp
from sevenrocks.bots.simple import GreedyBot, RandomBot
from sevenrocks.bots.standin import StandIn
from sevenrocks.core import Match
from sevenrocks.core.notation import Play
from sevenrocks.core.view import SeatView
from sevenrocks.tournament.runner import play_match


class SlowToWarm(GreedyBot):
    """Greedy, after a warm-up that lasts ``delay`` seconds or until ``release`` is set (or fails)."""

    def __init__(
        self, seed: int | None = None, *, delay: float = 0.0, error: Exception | None = None
    ) -> None:
        super().__init__(seed)
        self.delay = delay
        self.error = error
        self.release = threading.Event()
        self.warmed = threading.Event()
        if delay == 0.0 and error is None:
            self.release.set()

    def warm_up(self) -> None:
        self.release.wait(timeout=self.delay or 30.0)
        if self.error is not None:
            raise self.error
        self.warmed.set()

    def choose(self, view: SeatView) -> Play:
        assert self.warmed.is_set(), "chose before its warm-up was over"
        return super().choose(view)


def _view() -> SeatView:
    match = Match(seed=12)
    match.start_hand()
    assert match.turn is not None
    return match.view(match.turn)


def test_the_stand_in_answers_until_the_bot_is_warm() -> None:
    view = _view()
    told: list[str] = []
    slow = SlowToWarm(seed=0)
    slow.release.clear()  # the warm-up lasts until the test releases it
    bot = StandIn(slow, stand_in=RandomBot(seed=1), patience=0.01, on_stand_in=lambda: told.append("x"))
    assert bot.choose(view) in view.legal_plays and bot.choose(view) in view.legal_plays
    assert bot.stood_in == 2 and told == ["x"] and not bot.wait_until_ready(0.0)
    slow.release.set()
    assert bot.wait_until_ready(30.0)
    assert bot.choose(view) == GreedyBot(seed=0).choose(view) and bot.stood_in == 2


def test_a_turn_waits_for_a_warm_up_that_ends_within_its_patience() -> None:
    bot = StandIn(SlowToWarm(seed=0), stand_in=RandomBot(seed=1), patience=5.0)
    view = _view()
    assert bot.choose(view) == GreedyBot(seed=0).choose(view) and bot.stood_in == 0


def test_a_failed_warm_up_is_the_bot_failing() -> None:
    bot = StandIn(
        SlowToWarm(delay=0.01, error=RuntimeError("no compiler")), stand_in=RandomBot(), patience=5.0
    )
    with pytest.raises(RuntimeError, match="no compiler"):
        bot.choose(_view())


def test_only_bots_are_wrapped() -> None:
    with pytest.raises(TypeError, match="is not a bot"):
        StandIn(object(), stand_in=RandomBot())  # type: ignore[arg-type]


def test_matches_warm_their_bots_up_before_timing_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[SlowToWarm] = []

    def slow(seed: int | None) -> SlowToWarm:
        made.append(SlowToWarm(seed, delay=1.0))
        return made[-1]

    monkeypatch.setitem(registry._FACTORIES, "test-slow", slow)  # registered for this test only
    outcome = play_match(("test-slow", "greedy", "test-slow", "greedy"), deal_seed="w", target=40)
    assert len(made) == 2 and all(bot.warmed.is_set() for bot in made)
    assert isinstance(made[0], WarmsUp) and max(outcome.think[0] + outcome.think[2]) < 1.0


def test_search_as_a_program_answers_in_time_while_it_compiles(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a machine with no compiled kernel yet, the first turns still come within the time limit."""
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "empty-cache"))  # as on a fresh install
    program = f"cmd:{sys.executable} -m sevenrocks.cli.bot search --think 50ms --seed 1"
    outcome = play_match(
        (program, "greedy", program, "greedy"), deal_seed="cold", target=100, bot_timeout=8.0
    )
    assert outcome.forfeit is None, outcome.forfeit
    assert max(outcome.think[0] + outcome.think[2]) < 8.0
