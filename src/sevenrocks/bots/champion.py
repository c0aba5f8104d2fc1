"""The ``champion`` bot: ``search``'s determinized Monte Carlo, with exact endgames and inference.

For each decision the bot, like :mod:`~sevenrocks.bots.search`, deals the unseen tiles to the other
seats and the boneyard many times (consistent with the view: counts, placements, proven voids) and
values every legal move on each deal (common random numbers). What it adds
(:mod:`sevenrocks.bots.champion_kernel`, compiled):

1. **Exact endgames.** When at most ``exact_tiles`` tiles (12 by default) are left in the seats'
   hands, each candidate on each deal is valued by an exact alpha-beta solve of that deal to the
   end of the hand — the partnership's net points with the settlement, the target as a bonus of
   ``target_bonus`` — with a transposition table and greedy move ordering. A solve that would
   visit more than ``node_budget`` positions (4,000 by default) gives up; that candidate, and every
   candidate of the decision's later deals, is rolled out instead. In games with a boneyard the
   sampled deal fixes the boneyard's draw order, so each deal is a game of perfect information and
   the solve is exact for it.
2. **Inference.** Each deal is weighted by the likelihood of the placements the other seats
   (partner included) made in this hand under a soft greedy policy: a seat places each tile that
   fits with probability proportional to ``exp(u / temperature)``, ``u`` the points the tile's
   best placement scores at once plus a sixty-fourth of its pips (``temperature`` 4 by
   default, in the game's points; 0 turns the weighting off). The move with the best weighted
   mean is played.
3. Outside the endgame, candidates are valued by greedy play-outs, as ``search`` does (a stronger
   play-out policy was not built: see ``docs/strength.md``).

Parameters as ``search``: ``think`` (seconds per move, default 0.2), ``iterations`` (deals per
move), ``workers`` (1 or 2), ``policy``, ``target_bonus``, ``game``; plus ``exact_tiles``,
``node_budget`` and ``temperature``. With ``iterations`` alone and a ``seed`` it is reproducible.

>>> from sevenrocks.core import Match
>>> match = Match(seed=3)
>>> match.start_hand()
>>> view = match.view(match.turn)
>>> ChampionBot(seed=1, iterations=40).choose(view) == ChampionBot(seed=1, iterations=40).choose(view)
True
"""

from __future__ import annotations

import math
import multiprocessing
import multiprocessing.pool
import time
import weakref
from dataclasses import dataclass
from typing import Any, Final

import numpy as np

from sevenrocks.bots import champion_kernel as ck
from sevenrocks.bots import kernel
from sevenrocks.bots.base import BotOptionError
from sevenrocks.bots.registry import UnsupportedGameError, every_game_text
from sevenrocks.bots.search import _CHUNK_SECONDS, PlayEstimate, SearchBot, compiled_refusal
from sevenrocks.core.games import Rules
from sevenrocks.core.view import SeatView

__all__ = ["ChampionBot", "ChampionReport"]

_STATS: Final = 6


@dataclass(frozen=True, slots=True)
class ChampionReport:
    """What the last search found: candidates best first, deals sampled, seconds spent, how many
    candidate values were exact solves and how many play-outs, and the deals' effective number
    after weighting (Kish's ``(sum w)^2 / sum w^2``)."""

    estimates: tuple[PlayEstimate, ...]
    deals: int
    seconds: float
    exact: int = 0
    rollouts: int = 0
    effective: float = 0.0


_Task = tuple[Any, ...]


def _champion_task(
    task: _Task,
) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any], np.ndarray[Any, Any], int]:
    """One share of a search (here or in a helper): ``(sums, squares, stats, deals)``."""
    problem, policy, bonus, seed, deals, seconds, temperature, exact_tiles, budget = task
    rng = np.array([seed], dtype=np.uint64)
    candidates = len(problem[6])
    sums = np.zeros(candidates, dtype=np.float64)
    squares = np.zeros(candidates, dtype=np.float64)
    stats = np.zeros(_STATS, dtype=np.float64)
    space = ck.workspace()

    def run(n: int) -> int:
        return ck.evaluate(
            problem, n, policy, bonus, rng, temperature, exact_tiles, budget, sums, squares, stats, space
        )

    if seconds is None:
        return sums, squares, stats, (deals if run(deals) >= 0 else -1)
    done = 0
    deadline = time.perf_counter() + seconds
    chunk = 1
    while deals is None or done < deals:
        step = chunk if deals is None else min(chunk, deals - done)
        t0 = time.perf_counter()
        if run(step) < 0:
            return sums, squares, stats, -1
        done += step
        now = time.perf_counter()
        chunk = next_chunk(deadline - now, max((now - t0) / step, 1e-7))
        if chunk == 0:
            break
    return sums, squares, stats, done


#: The share of a move's think time kept back from the deals, for what follows them (the shares'
#: sums merged, the estimates) and for a busy machine's delays: ``champion`` keeps its budget
#: counted from the moment it is asked, the 95th percentile included (docs/strength.md).
THINK_RESERVE: Final = 0.03


def next_chunk(left: float, per_deal: float) -> int:
    """How many deals to play next with ``left`` seconds to the deadline at ``per_deal`` seconds
    a deal: none when one more would not fit; else a chunk's worth (about 10 ms) at most and half
    of what fits, so that the last deals come in ever smaller steps and a slow one (an endgame
    solved exactly may take many times the mean) overshoots little.

    >>> next_chunk(0.0005, 0.001), next_chunk(0.0015, 0.001), next_chunk(0.0081, 0.001)
    (0, 1, 4)
    >>> next_chunk(0.15, 0.0001)  # far from the deadline: a chunk of 10 ms
    100
    """
    if left <= per_deal:
        return 0
    return max(1, min(int(_CHUNK_SECONDS / per_deal), int(left / (2 * per_deal))))


def check_champion_game(rules: Rules) -> None:
    """:class:`UnsupportedGameError` unless the compiled step plays ``rules``' game."""
    if compiled_refusal(rules) is not None:
        raise UnsupportedGameError(
            f"bot 'champion' does not play {rules.game} yet (it needs the compiled step, which does "
            f"not play it): choose {every_game_text()}"
        )


class ChampionBot(SearchBot):
    """Determinized search with exact endgames and inference (see the module documentation).

    Takes ``search``'s parameters and ``exact_tiles`` (solve exactly at most this many tiles left
    in hands; 0: never), ``node_budget`` (positions one solve may visit) and ``temperature`` (of the
    soft policy the deals are weighted by; 0: no weighting).
    """

    name = "champion"

    def __init__(
        self,
        seed: int | None = None,
        *,
        think: float | str | None = None,
        iterations: int | None = None,
        workers: int = 1,
        policy: str = "greedy",
        target_bonus: float = 100.0,
        game: str | None = None,
        exact_tiles: int = ck.DEFAULT_EXACT_TILES,
        node_budget: int = ck.DEFAULT_NODE_BUDGET,
        temperature: float = ck.DEFAULT_TEMPERATURE,
    ) -> None:
        try:
            super().__init__(
                seed,
                think=think,
                iterations=iterations,
                workers=workers,
                policy=policy,
                target_bonus=target_bonus,
                game=game,
            )
        except BotOptionError as err:
            raise BotOptionError(str(err).replace("search:", "champion:", 1)) from None
        except UnsupportedGameError as err:
            raise UnsupportedGameError(str(err).replace("bot 'search'", "bot 'champion'", 1)) from None
        if isinstance(exact_tiles, bool) or not isinstance(exact_tiles, int) or not 0 <= exact_tiles <= 28:
            raise BotOptionError(f"champion: exact_tiles must be a whole number 0..28, not {exact_tiles!r}")
        if isinstance(node_budget, bool) or not isinstance(node_budget, int) or node_budget < 1:
            raise BotOptionError(f"champion: node_budget must be a whole number >= 1, not {node_budget!r}")
        if (
            isinstance(temperature, bool)
            or not isinstance(temperature, int | float)
            or not 0 <= temperature < math.inf
        ):
            raise BotOptionError(f"champion: temperature must be a number >= 0, not {temperature!r}")
        self.exact_tiles = exact_tiles
        self.node_budget = node_budget
        self.temperature = float(temperature)
        self.last_search: ChampionReport | None = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        budget = f"think={self.think}" if self.think is not None else ""
        if self.iterations is not None:
            budget += (", " if budget else "") + f"iterations={self.iterations}"
        return (
            f"<ChampionBot {budget}, workers={self.workers}, exact_tiles={self.exact_tiles}, "
            f"node_budget={self.node_budget}, temperature={self.temperature}>"
        )

    def warm_up(self) -> None:
        """Make the compiled kernels ready now (see :meth:`SearchBot.warm_up`)."""
        _warm()

    def deal_seconds(self, start: float) -> float | None:
        """The seconds left for the deals of a move whose search began at ``start``
        (:func:`time.perf_counter`): the think time less :data:`THINK_RESERVE` of it and what
        went since (``None`` with a budget of deals instead). At least one deal is played even at
        none (:func:`next_chunk` is asked after each)."""
        if self.think is None:
            return None
        return max(0.0, self.think * (1 - THINK_RESERVE) - (time.perf_counter() - start))

    def _get_pool(self) -> multiprocessing.pool.Pool:
        if self._pool is None:
            methods = multiprocessing.get_all_start_methods()
            ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
            self._pool = ctx.Pool(self.workers - 1, initializer=_warm)
            weakref.finalize(self, _close_pool, self._pool)
        return self._pool

    def choose(self, view: SeatView) -> Any:
        """The legal move with the best weighted mean value over the sampled deals."""
        plays = view.moves
        if not plays:
            raise ValueError(f"seat {view.seat} has no placement to choose: it is not its turn")
        move_seed = self._rng.getrandbits(64)
        if len(plays) == 1:
            self.last_search = ChampionReport((PlayEstimate(plays[0], 0.0, 0.0),), 0, 0.0)
            return plays[0]
        return self.analyse(view, seed=move_seed).estimates[0].play

    def analyse(self, view: SeatView, *, seed: int | None = None) -> ChampionReport:  # type: ignore[override]
        """Search ``view`` and report every legal move's estimate, best first."""
        plays = view.moves
        if not plays:
            raise ValueError(f"seat {view.seat} has no placement to analyse: it is not its turn")
        start = time.perf_counter()  # the budget counts from here: the setup below included
        if seed is None:
            seed = self._rng.getrandbits(64)
        check_champion_game(view.rules)
        _warm()
        evaluator = kernel.PlayEvaluator(view, plays, policy=self.policy, target_bonus=self.target_bonus)
        arrays = evaluator.arrays()
        ev, util = ck.history_tables(view, arrays[1])
        problem: tuple[Any, ...] = (*arrays, ev, util)
        shares = self._shares()
        budget = self.iterations
        split = [None if budget is None else budget // shares + (k < budget % shares) for k in range(shares)]
        seconds = self.deal_seconds(start)
        tasks = [
            (
                problem,
                kernel.GREEDY if self.policy == "greedy" else kernel.RANDOM,
                self.target_bonus,
                (seed + 0x9E3779B97F4A7C15 * k) & (2**64 - 1),
                split[k],
                seconds,
                self.temperature,
                self.exact_tiles,
                self.node_budget,
            )
            for k in range(shares)
        ]
        pool = self._get_pool() if shares > 1 else None
        pending = [pool.apply_async(_champion_task, (task,)) for task in tasks[1:]] if pool else []
        results = [_champion_task(tasks[0])] + [p.get() for p in pending]
        if any(done < 0 for *_, done in results):
            raise kernel.NoConsistentDealError(f"no deal of the unseen tiles fits seat {view.seat}'s view")
        sums = sum((r[0] for r in results), np.zeros(len(plays)))
        squares = sum((r[1] for r in results), np.zeros(len(plays)))
        stats = sum((r[2] for r in results), np.zeros(_STATS))
        deals = sum(r[3] for r in results)
        weight, weight2 = float(stats[0]), float(stats[1])
        effective = weight * weight / weight2 if weight2 > 0 else 0.0
        estimates = []
        for i, play in enumerate(plays):
            mean = float(sums[i]) / weight if weight > 0 else 0.0
            var = max(float(squares[i]) / weight - mean * mean, 0.0) if weight > 0 else 0.0
            err = math.sqrt(var / effective) if effective > 1 else math.inf
            estimates.append(PlayEstimate(play, mean, err))
        order = sorted(range(len(plays)), key=lambda i: (-estimates[i].mean, i))
        report = ChampionReport(
            tuple(estimates[i] for i in order),
            deals,
            time.perf_counter() - start,
            exact=int(stats[2]),
            rollouts=int(stats[3]),
            effective=effective,
        )
        self.last_search = report
        return report


def _close_pool(pool: multiprocessing.pool.Pool) -> None:
    pool.terminate()


def _warm() -> None:
    """Compile the search and champion kernels (or load them from numba's cache), once."""
    global _warmed
    if not _warmed:
        from sevenrocks.bots.search import _warm as warm_search

        warm_search()
        ck.warm_up()
        _warmed = True


_warmed = False
