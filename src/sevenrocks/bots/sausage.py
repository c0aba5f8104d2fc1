"""Bots for Sausage (``sausage.md``): they play through the seat's view, which shows no queue.

A Sausage bot (:class:`SausageBot`) chooses one of :attr:`SausageView.legal_moves
<sevenrocks.core.sausage.view.SausageView.legal_moves>`: the ways the tile it has turned can go. It
knows what every seat may know (the table, every turned tile, the queues' lengths) and what a perfect
memory makes of it (:meth:`~sevenrocks.core.sausage.view.SausageView.memory`); never a queue's order.

- ``random`` plays a uniformly random legal move.
- ``greedy`` looks one turn ahead. A cut hands the whole table to the opponent's queue: it takes the
  cut that hands over the most pips. Otherwise every way sheds the same tile, so it takes the way that
  leaves the opponent the least: the opponent turns a known tile (the head of its known tail, once its
  never-turned tiles are gone) or one of the never-turned tiles, each as likely; greedy minimises the
  expected pips that tile would hand back by cutting, then the chance that it fits at all. Ties at
  random.
- ``search`` (determinized Monte Carlo): it deals the never-turned tiles into the queues at random,
  consistent with everything it knows (:meth:`~sevenrocks.core.sausage.view.SausageView.sample_queues`),
  plays each legal move on that same guess and the deal out to its end with a fast policy (``random``
  by default, or ``greedy``), and scores the deal for itself: its points minus the opponent's, plus
  ``target_bonus`` if that wins the match (minus if the opponent's does). It plays the move with the
  best mean. Budget: ``iterations`` guesses per move (default 48), or ``think`` seconds (or both:
  whichever ends first).

>>> from sevenrocks.core.sausage import SausageMatch
>>> match = SausageMatch(seed=4)
>>> match.start_deal()
>>> view = match.view(match.turn)
>>> all(make_sausage_bot(name, seed=1).choose(view) in view.legal_moves for name in SAUSAGE_BOT_NAMES)
True
>>> make_sausage_bot("expert")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
sevenrocks.bots.base.UnknownBotError: bot 'expert' does not play sausage: choose greedy, random or search
"""

from __future__ import annotations

import inspect
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, Protocol, runtime_checkable

from sevenrocks.bots.base import BotOptionError, UnknownBotError
from sevenrocks.core.games import Rules
from sevenrocks.core.sausage import GAME_ID, DealEnd, SausageMatch, SausageMove, SausageView, Way, Went
from sevenrocks.core.tiles import Tile

__all__ = [
    "SAUSAGE_BOT_NAMES",
    "DealStats",
    "GreedySausageBot",
    "RandomSausageBot",
    "SausageBot",
    "SausageRunner",
    "SearchSausageBot",
    "greedy_sausage_key",
    "make_sausage_bot",
]

#: Guesses of the queues per move when neither ``iterations`` nor ``think`` is given.
DEFAULT_ITERATIONS: Final = 48


@runtime_checkable
class SausageBot(Protocol):
    """A Sausage player. ``choose`` is called only on the view's seat's turn and returns one of
    ``view.legal_moves``."""

    name: str

    def choose(self, view: SausageView) -> SausageMove:
        """Pick where the turned tile goes."""
        ...


def _legal(view: SausageView) -> tuple[SausageMove, ...]:
    moves = view.legal_moves
    if not moves:
        raise ValueError(f"seat {view.seat} has no move to choose: it is not its turn")
    return moves


class RandomSausageBot:
    """A uniformly random legal move."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: SausageView) -> SausageMove:
        """A uniformly random legal move."""
        moves = _legal(view)
        return moves[self._rng.randrange(len(moves))]


def _fits(
    tile: Tile, ends: tuple[int, int], values: tuple[frozenset[int], frozenset[int]], cut: bool
) -> bool:
    """Whether ``tile`` can go anywhere on a table with these ends and line values (``cut``: both lines
    hold a tile)."""
    if tile.is_double:
        return tile.low in values[0] or tile.low in values[1] or (cut and ends == (tile.low, tile.low))
    return tile.has(ends[0]) or tile.has(ends[1])


def greedy_sausage_key(view: SausageView, move: SausageMove) -> tuple[float, float]:
    """What greedy maximises: (pips a cut hands over, minus the pips the opponent's next tile is expected
    to hand back by cutting), then minus the chance that tile fits at all (see the module)."""
    table = view.table
    tile = move.tile
    if move.way is Way.CUT:
        # the table goes over; the new start tile shows the same ends on empty lines: no cut is possible
        handed = sum(t.pips for t in table.laid)
        ends = table.ends
        values = (frozenset({ends[0]}), frozenset({ends[1]}))
        laid_after = tile.pips
        can_cut = False
    else:
        handed = 0
        index = 1 if move.way is Way.BOTTOM else 0
        end = table.ends[index]
        new_end = end if tile.is_double else tile.other(end)
        grown = table.lines[index].values | {new_end}
        ends = (new_end, table.ends[1]) if index == 0 else (table.ends[0], new_end)
        values = (grown, table.bottom.values) if index == 0 else (table.top.values, grown)
        laid_after = sum(t.pips for t in table.laid) + tile.pips
        can_cut = all(len(line) or i == index for i, line in enumerate(table.lines))
    memory = view.memory()
    other = 1 - view.seat
    if memory.hidden[other]:
        candidates = list(memory.unseen)
    elif memory.tails[other]:
        candidates = [memory.tails[other][0]]
    else:
        candidates = []
    if not candidates:
        return float(handed), 0.0
    cuts = fits = 0
    for next_tile in candidates:
        if can_cut and sorted((next_tile.low, next_tile.high)) == sorted(ends):
            cuts += 1
        if _fits(next_tile, ends, values, can_cut):
            fits += 1
    n = len(candidates)
    return handed - cuts / n * laid_after, -fits / n


class GreedySausageBot:
    """One turn ahead: the richest cut, else the way that leaves the opponent's next tile the least
    (:func:`greedy_sausage_key`); ties at random."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: SausageView) -> SausageMove:
        """The legal move with the best :func:`greedy_sausage_key`, ties broken at random."""
        moves = _legal(view)
        if len(moves) == 1:
            return moves[0]
        scored = [(greedy_sausage_key(view, m), m) for m in moves]
        best = max(key for key, _ in scored)
        choices = [m for key, m in scored if key == best]
        return choices[self._rng.randrange(len(choices))] if len(choices) > 1 else choices[0]


class SearchSausageBot:
    """Determinized Monte Carlo: the move with the best mean over guesses of the queues (see the module)."""

    name = "search"

    def __init__(
        self,
        seed: int | None = None,
        *,
        iterations: int | None = None,
        think: float | None = None,
        policy: str = "random",
        target_bonus: float = 100.0,
    ) -> None:
        if iterations is not None and (
            isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1
        ):
            raise BotOptionError(f"search: iterations must be a whole number >= 1, not {iterations!r}")
        if think is not None and (
            isinstance(think, bool) or not isinstance(think, int | float) or think <= 0
        ):
            raise BotOptionError(f"search: think must be a number of seconds > 0, not {think!r}")
        if policy not in ("random", "greedy"):
            raise BotOptionError(f"search: policy is random or greedy, not {policy!r}")
        self._rng = random.Random(seed)
        self.iterations = iterations if iterations is not None or think is not None else DEFAULT_ITERATIONS
        self.think = think
        self.policy = policy
        self.target_bonus = float(target_bonus)
        self._playout: RandomSausageBot | GreedySausageBot = (
            RandomSausageBot(self._rng.randrange(2**32))
            if policy == "random"
            else GreedySausageBot(self._rng.randrange(2**32))
        )
        self.last_means: dict[str, float] = {}
        """The mean value of each candidate at the last decision (by ``TILE:WAY``)."""

    def choose(self, view: SausageView) -> SausageMove:
        """The legal move with the best mean value over guessed queues."""
        moves = _legal(view)
        if len(moves) == 1:
            self.last_means = {}
            return moves[0]
        totals = [0.0] * len(moves)
        deadline = None if self.think is None else time.perf_counter() + self.think
        done = 0
        while (self.iterations is None or done < self.iterations) and (
            deadline is None or time.perf_counter() < deadline or done == 0
        ):
            base = SausageMatch.from_view(
                view, view.sample_queues(self._rng), seed=self._rng.randrange(2**32)
            )
            for i, move in enumerate(moves):
                trial = base.copy(stack=False)
                trial.push(move)
                totals[i] += self._play_out(trial, view.seat)
            done += 1
        means = [total / done for total in totals]
        self.last_means = {str(m): v for m, v in zip(moves, means, strict=True)}
        best = max(means)
        return next(m for m, v in zip(moves, means, strict=True) if v == best)

    def _play_out(self, match: SausageMatch, seat: int) -> float:
        """Play the deal to its end with the play-out policy; its value for ``seat``."""
        before = match.scores
        while match.turn is not None:
            match.push(self._playout.choose(match.view(match.turn)))
        after = match.scores
        value = float((after[seat] - before[seat]) - (after[1 - seat] - before[1 - seat]))
        winner = match.winner
        if winner is not None:
            value += self.target_bonus if winner == seat else -self.target_bonus
        return value


_FACTORIES: Final[dict[str, Callable[..., SausageBot]]] = {
    "greedy": GreedySausageBot,
    "random": RandomSausageBot,
    "search": SearchSausageBot,
}
#: The bots that play Sausage.
SAUSAGE_BOT_NAMES: Final = tuple(sorted(_FACTORIES))


def make_sausage_bot(name: str, *, seed: int | None = None, **options: Any) -> SausageBot:
    """The Sausage bot called ``name``, seeded with ``seed``.

    ``NAME:KEY=VALUE,...`` passes options in the name (``search:iterations=100``), as
    :func:`~sevenrocks.bots.registry.make_bot` reads them: the bot must take them. Other ``options`` go
    to the bot where it takes them by keyword and are ignored otherwise.
    """
    from sevenrocks.bots.registry import parse_bot_name

    base, named = parse_bot_name(name)
    factory = _FACTORIES.get(base)
    if factory is None:
        names = ", ".join(SAUSAGE_BOT_NAMES[:-1]) + f" or {SAUSAGE_BOT_NAMES[-1]}"
        raise UnknownBotError(f"bot {base!r} does not play {GAME_ID}: choose {names}")
    takes = [
        key
        for key, param in inspect.signature(factory).parameters.items()
        if key != "seed" and param.kind is inspect.Parameter.KEYWORD_ONLY
    ]
    unknown = [key for key in named if key not in takes]
    if unknown:
        raise BotOptionError(
            f"bot {base!r} has no option {unknown[0]!r} in {GAME_ID} (it takes: {', '.join(takes) or 'none'})"
        )
    given = {key: value for key, value in options.items() if key in takes}
    return factory(seed, **{**given, **named})


# ----------------------------------------------------------------------------------- many random deals
@dataclass(frozen=True, slots=True)
class DealStats:
    """Totals over random deals, in the fields of :class:`sevenrocks.bots.kernel.HandStats` (what
    ``sevenrocks simulate`` reports) with their Sausage meaning."""

    hands: int
    """Deals played."""
    moves: int
    """Moves chosen (a placement or a cut; forced turns are not moves)."""
    placements: int
    """Tiles laid on the table: the start tile, placements and cuts."""
    knocks: int
    """Turns whose tile could not be placed: sent to the back or set aside."""
    blocked: int
    points: int
    """Points scored during play: none in Sausage."""
    draws: int
    """Tiles drawn: none in Sausage."""
    settlement: int
    """Points awarded at the deals' ends, both seats together."""

    def __add__(self, other: DealStats) -> DealStats:
        return DealStats(*(a + b for a, b in zip(self.astuple(), other.astuple(), strict=True)))

    def astuple(self) -> tuple[int, ...]:
        """The totals in field order."""
        return (
            self.hands, self.moves, self.placements, self.knocks, self.blocked, self.points, self.draws,
            self.settlement,
        )  # fmt: skip


class SausageRunner:
    """Independent random deals of Sausage, played in chunks (for progress bars): every deal is the
    first of a new match (scores from zero, the starter by lot) and every move uniformly random, all
    from one generator seeded with ``seed``."""

    def __init__(self, rules: Rules | None = None, *, seed: int | None = None) -> None:
        self._options = dict(rules.options) if rules is not None else {}
        self._rng = random.Random(seed)

    def run(self, n: int) -> DealStats:
        """Deal and play ``n`` more deals; their totals."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ValueError(f"the number of deals must be a whole number >= 0, not {n!r}")
        rng = self._rng
        moves = placements = knocks = blocked = settlement = 0
        for _ in range(n):
            match = SausageMatch(self._options, rng=rng)
            match.start_deal()
            while match.in_deal:
                legal = match.legal_moves()
                match.push(legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0])
            for turn in match.turns:
                if turn.went is Went.BACK or turn.went is Went.ASIDE:
                    knocks += 1
                else:
                    placements += 1
                    moves += turn.went is not Went.START
            result = match.result
            assert result is not None
            blocked += result.end is DealEnd.BLOCKED
            settlement += sum(abs(a) for a in result.award)
        return DealStats(n, moves, placements, knocks, blocked, 0, 0, settlement)
