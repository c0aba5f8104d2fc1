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
- ``search`` (Monte Carlo over the order nobody knows): it deals the never-turned tiles into the queues
  at random, consistent with everything it knows (the known tails at the back, the turned tile in
  front, as :meth:`~sevenrocks.core.sausage.view.SausageView.sample_queues` does), plays each legal
  move on that same guess and the deal out to its end by Sausage's fast rules
  (:mod:`sevenrocks.core.sausage.kernel`) with a play-out policy (``cut``, the default: cut whenever
  the tile can, else top or bottom at random; or ``random``), every candidate with the same random
  choices, and scores the deal for itself: its points minus the opponent's, plus ``target_bonus`` if
  that wins the match (minus if the opponent's does). It plays the move with the best mean. Nobody
  sees a queue, so a guess of the order is all either seat could know: the search is not misled by
  hidden information, only by chance. Budget: ``iterations`` guesses per move (default 300), or
  ``think`` seconds (or both: whichever ends first); a play-out stops after
  :data:`PLAYOUT_LIMIT` turns (under some play a deal never ends).

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
from collections.abc import Callable, Sequence
from typing import Any, Final, Protocol, runtime_checkable

from sevenrocks.bots.base import BotOptionError, UnknownBotError
from sevenrocks.bots.stats import HandStats
from sevenrocks.core.games import Rules
from sevenrocks.core.sausage import GAME_ID, SausageMove, SausageView, Way
from sevenrocks.core.sausage.kernel import (
    BLOCKED,
    BOTTOM,
    CUT,
    TOP,
    UNFINISHED,
    Deal,
    random_deal_stats,
)
from sevenrocks.core.tiles import Tile

__all__ = [
    "SAUSAGE_BOT_NAMES",
    "GreedySausageBot",
    "RandomSausageBot",
    "SausageBot",
    "SausageRunner",
    "SearchSausageBot",
    "greedy_sausage_key",
    "make_sausage_bot",
]

#: Guesses of the queues per move when neither ``iterations`` nor ``think`` is given.
DEFAULT_ITERATIONS: Final = 300
#: The play-out policies of ``search``: ``cut`` (cut whenever the tile can, else top or bottom at
#: random) and ``random``.
PLAYOUT_POLICIES: Final = ("cut", "random")
#: A play-out stops after this many turns: under some play a deal of Sausage never ends (the same turns
#: come round again and again), and a play-out must.
PLAYOUT_LIMIT: Final = 1000


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


#: The kernel's way of each :class:`Way`.
_KERNEL_WAY: Final = {Way.TOP: TOP, Way.BOTTOM: BOTTOM, Way.CUT: CUT}


class _PlayOut:
    """A play-out policy drawing its choices from a row of random bits that is set again for each
    guess of the queues, so that every candidate move of a decision is played out with the same
    choices (common random numbers: the candidates' means then differ by the moves, not by luck).

    ``cut`` cuts whenever the tile can and otherwise takes top or bottom by the next bit; ``random``
    takes any of the ways by the next bits."""

    __slots__ = ("bits", "cut")

    def __init__(self, cut: bool) -> None:
        self.cut = cut
        self.bits = 0

    def __call__(self, deal: Deal, seat: int, tile: int, ways: int) -> int:
        bits = self.bits
        self.bits = (bits >> 2) | ((bits & 3) << 62)  # rotate: a long play-out reuses its bits
        if ways & 4:
            if self.cut or ways == 4:
                return CUT
            if ways == 7:
                return (TOP, BOTTOM, CUT, CUT)[bits & 3]
            return TOP if ways & 1 and bits & 1 else BOTTOM if ways & 2 and bits & 1 else CUT
        return TOP if bits & 1 else BOTTOM


class SearchSausageBot:
    """Monte Carlo over the order of the tiles nobody has seen: the move with the best mean (see the
    module)."""

    name = "search"

    def __init__(
        self,
        seed: int | None = None,
        *,
        iterations: int | None = None,
        think: float | None = None,
        policy: str = "cut",
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
        if policy not in PLAYOUT_POLICIES:
            raise BotOptionError(f"search: policy is {' or '.join(PLAYOUT_POLICIES)}, not {policy!r}")
        self._rng = random.Random(seed)
        self.iterations = iterations if iterations is not None or think is not None else DEFAULT_ITERATIONS
        self.think = think
        self.policy = policy
        self.target_bonus = float(target_bonus)
        self._playout = _PlayOut(cut=policy == "cut")
        self.last_means: dict[str, float] = {}
        """The mean value of each candidate at the last decision (by ``TILE:WAY``)."""

    def choose(self, view: SausageView) -> SausageMove:
        """The legal move with the best mean value over guessed queues."""
        moves = _legal(view)
        if len(moves) == 1:
            self.last_means = {}
            return moves[0]
        turned = view.turned
        turn = view.turn
        assert turned is not None and turn is not None
        memory = view.memory()
        pool = sorted(t.index for t in memory.unseen)
        tails = [[t.index for t in tail] for tail in memory.tails]
        fronts = [
            [turned.index] if seat == turn and turned not in memory.tails[seat] else [] for seat in (0, 1)
        ]
        hidden = memory.hidden
        table = view.table
        position = (
            (table.top.end, table.bottom.end),
            (table.top.values, table.bottom.values),
            (len(table.top), len(table.bottom)),
            [t.index for t in table.laid],
            view.sent,
        )
        me = view.seat
        scores = view.scores
        target = view.target
        bonus = self.target_bonus
        ways = [_KERNEL_WAY[m.way] for m in moves]
        tile = turned.index
        totals = [0.0] * len(moves)
        deadline = None if self.think is None else time.perf_counter() + self.think
        shuffle = self._rng.shuffle
        getrandbits = self._rng.getrandbits
        policy = self._playout
        done = 0
        while (self.iterations is None or done < self.iterations) and (
            deadline is None or time.perf_counter() < deadline or done == 0
        ):
            shuffle(pool)
            queues = (
                fronts[0] + pool[: hidden[0]] + tails[0],
                fronts[1] + pool[hidden[0] : hidden[0] + hidden[1]] + tails[1],
            )
            base = Deal.at(queues, turn, *position)
            bits = getrandbits(64)
            for i, way in enumerate(ways):
                policy.bits = bits
                deal = base.copy()
                deal.place(tile, way)
                end = turn if not deal.queues[turn] else deal.play_out(policy, limit=PLAYOUT_LIMIT)
                totals[i] += _deal_value(deal, end, me, scores, target, bonus)
            done += 1
        means = [total / done for total in totals]
        self.last_means = {str(m): v for m, v in zip(moves, means, strict=True)}
        best = max(means)
        return next(m for m, v in zip(moves, means, strict=True) if v == best)


def _deal_value(deal: Deal, end: int, me: int, scores: Sequence[int], target: int, bonus: float) -> float:
    """What a finished deal is worth to seat ``me``: its points less the other seat's, and ``bonus``
    more (or less) when they win (or lose) the match; nothing for a play-out stopped unfinished."""
    if end == UNFINISHED:
        return 0.0
    if end == BLOCKED:
        pips = (deal.pips(0), deal.pips(1))
        if pips[0] == pips[1]:
            return 0.0
        winner = 0 if pips[0] < pips[1] else 1
        award = abs(pips[0] - pips[1])
    else:
        winner = end
        award = deal.pips(1 - end)
    value = float(award if winner == me else -award)
    if scores[winner] + award >= target:
        value += bonus if winner == me else -bonus
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
class SausageRunner:
    """Independent random deals of Sausage, played in chunks (for progress bars): every deal is the
    first of a new match (scores from zero, the starter by lot) and every move uniformly random, all
    from one generator seeded with ``seed``.

    The deals are played by Sausage's fast rules (:mod:`sevenrocks.core.sausage.kernel`), with the very
    draws :class:`~sevenrocks.core.sausage.SausageMatch` would make (the deal, the lot, then one
    ``randrange`` per choice of more than one way), so the totals are those of the engine playing the
    same deals: the tests check it deal for deal.
    """

    def __init__(self, rules: Rules | None = None, *, seed: int | None = None) -> None:
        self._options = dict(rules.options) if rules is not None else {}
        self._rng = random.Random(seed)

    def run(self, n: int) -> HandStats:
        """Deal and play ``n`` more deals; their totals."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ValueError(f"the number of deals must be a whole number >= 0, not {n!r}")
        moves, placements, knocks, blocked, settlement = random_deal_stats(self._rng, n)
        return HandStats(n, moves, placements, knocks, blocked, 0, 0, settlement)
