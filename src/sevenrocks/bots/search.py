"""The ``search`` bot: determinized Monte Carlo search over the hands a seat cannot see.

For each decision the bot repeatedly

1. deals the unseen tiles to the other seats at random, consistent with everything the seat
   knows: its own tiles, every placement, the tile counts, and the voids its opponents' and
   partner's knocks prove (a seat that knocked holds no tile of any value then open; tiles
   that could only be in one hand go there, see :func:`~sevenrocks.bots.kernel.sample_hands`);
2. on that same deal, plays each legal candidate and rolls the hand out to its end with a fast
   policy (``greedy`` by default) in the compiled kernel (:mod:`sevenrocks.bots.kernel`);
3. scores the outcome for its partnership as a match player would: points scored minus
   deductions at settlement, less the same for the other side, plus ``target_bonus`` (100 by
   default) if its side reaches the target during the play-out (minus if the other side does),
   so that near the target finishing the match outweighs any margin.

It plays the candidate with the best mean. Every candidate sees the same deals (common random
numbers), so the comparison between them is much sharper than the means themselves.

Budget: ``think`` seconds per move (default 0.2) or ``iterations`` sampled deals per move (or
both: whichever ends first). With ``iterations`` alone and a ``seed`` the bot is reproducible.
``workers=2`` shares the deals between this process and a helper process, so both cores work
(in a process that is itself a pool worker, which may not start processes, it uses one).

The play-outs need the compiled step (:mod:`sevenrocks.fast`), so the bot plays the games it plays:
asked for another (``game``, or a view of one), it refuses with
:class:`~sevenrocks.bots.registry.UnsupportedGameError` and a message that names the game and the
bots that play it (today it plays every layout game). Sea Goat's voluntary hundred is decided by
``greedy``'s rule (:func:`~sevenrocks.bots.simple.safe_hundred`): it comes before the lead, and the
play-outs play hands, not that decision.

>>> from sevenrocks.core import Match
>>> match = Match(seed=3)
>>> match.start_hand()
>>> bot = SearchBot(seed=1, iterations=50)
>>> view = match.view(match.turn)
>>> bot.choose(view) == SearchBot(seed=1, iterations=50).choose(view)
True
>>> bot.last_search.deals
50
"""

from __future__ import annotations

import math
import multiprocessing
import multiprocessing.pool
import random
import re
import threading
import time
import weakref
from dataclasses import dataclass
from typing import Any, Final

import numpy as np

from sevenrocks.bots import kernel
from sevenrocks.bots.base import BotOptionError
from sevenrocks.bots.registry import UnsupportedGameError, every_game_text
from sevenrocks.bots.simple import safe_hundred
from sevenrocks.core.errors import SevenRocksError
from sevenrocks.core.games import Matching, Rules, find_game
from sevenrocks.core.notation import Move
from sevenrocks.core.view import SeatView

__all__ = ["DEFAULT_THINK", "PlayEstimate", "SearchBot", "SearchReport", "check_game", "compiled_refusal"]

#: Seconds per move when neither ``think`` nor ``iterations`` is given.
DEFAULT_THINK: Final = 0.2
_CHUNK_SECONDS: Final = 0.01

_warmed = False
_warming = threading.Lock()


def _warm() -> None:
    """Compile the kernel, or load it from numba's cache, once per process (thread-safe)."""
    global _warmed
    with _warming:
        if not _warmed:
            kernel.warm_up()
            _warmed = True


@dataclass(frozen=True, slots=True)
class PlayEstimate:
    """One candidate's result: mean value for the seat's partnership and its standard error."""

    play: Move
    mean: float
    stderr: float


@dataclass(frozen=True, slots=True)
class SearchReport:
    """What the last search found: candidates best first, deals sampled, seconds spent."""

    estimates: tuple[PlayEstimate, ...]
    deals: int
    seconds: float


_Task = tuple[Any, ...]


def _search_task(task: _Task) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any], int]:
    """Run one share of a search (in this process or a helper): ``(sums, squares, deals)``."""
    problem, policy, bonus, seed, deals, seconds = task
    rng = np.array([seed], dtype=np.uint64)
    candidates = len(problem[-1])
    sums = np.zeros(candidates, dtype=np.float64)
    squares = np.zeros(candidates, dtype=np.float64)
    done = 0
    if seconds is None:
        if kernel.evaluate(problem, deals, policy, bonus, rng, sums, squares) < 0:
            return sums, squares, -1
        return sums, squares, deals
    start = time.perf_counter()
    deadline = start + seconds
    chunk = 4
    while deals is None or done < deals:
        step = chunk if deals is None else min(chunk, deals - done)
        t0 = time.perf_counter()
        if kernel.evaluate(problem, step, policy, bonus, rng, sums, squares) < 0:
            return sums, squares, -1
        done += step
        now = time.perf_counter()
        per_deal = max((now - t0) / step, 1e-7)
        left = deadline - now
        if left <= per_deal:
            break
        chunk = max(1, min(int(_CHUNK_SECONDS / per_deal), int(left / per_deal)))
    return sums, squares, done


def _seconds(text: str) -> float | str:
    """``"0.2"``, ``"0.2s"`` or ``"200ms"`` in seconds (the text itself if it is none of these)."""
    match = re.fullmatch(r"\s*(\d+(?:\.\d*)?|\.\d+)\s*(ms|s)?\s*", text)
    if match is None:
        return text
    value = float(match.group(1))
    return value / 1000 if match.group(2) == "ms" else value


def compiled_refusal(rules: Rules) -> str | None:
    """Why the compiled step cannot play ``rules``' game, or ``None`` when it can.

    The step's own refusal (:class:`sevenrocks.fast.game.UnsupportedGameError`) first; then a
    capability check: a step whose codes have no way of joining tiles other than by equal halves
    (no ``G_MATCHING``) cannot play Matador's joins by sum to seven, though its encoder does not
    say so (it would play them by equal halves, and a search of such a position can crash).
    """
    from sevenrocks.fast import codes
    from sevenrocks.fast.game import UnsupportedGameError as NotCompiled
    from sevenrocks.fast.game import encode_rules

    try:
        encode_rules(rules)
    except NotCompiled as err:
        return str(err)
    if rules.matching is not Matching.EQUAL and not hasattr(codes, "G_MATCHING"):
        return f"the compiled step does not join tiles by {rules.matching.value} ({rules.game})"
    return None


def check_game(rules: Rules) -> None:
    """:class:`UnsupportedGameError` unless the compiled step plays ``rules``' game (what the
    search's play-outs need).

    >>> check_game(find_game("sea-kozel").rules())
    >>> from dataclasses import replace
    >>> from sevenrocks.core.games.settlement import Settlement
    >>> check_game(replace(find_game("kozel").rules(), settlement=Settlement()))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sevenrocks.bots.registry.UnsupportedGameError: bot 'search' does not play kozel yet (its ...
    """
    if compiled_refusal(rules) is not None:
        raise UnsupportedGameError(
            f"bot 'search' does not play {rules.game} yet (its play-outs need the compiled step, "
            f"which does not play it): choose {every_game_text()}"
        )


def _close_pool(pool: multiprocessing.pool.Pool) -> None:
    pool.terminate()


class SearchBot:
    """Determinized Monte Carlo search with kernel play-outs (see the module documentation).

    ``seed`` makes the sampled deals reproducible (with an ``iterations`` budget, so are the
    choices); ``think`` is seconds per move (a number, or text like ``"200ms"``),
    ``iterations`` sampled deals per move;
    ``workers`` 1 or 2 processes; ``policy`` the play-out policy (``"greedy"`` or ``"random"``);
    ``target_bonus`` the value of winning the match in a play-out (of losing it, turned round).
    It plays every game of the family: the rules come with each view (``game`` is checked, not
    needed).
    """

    name = "search"

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
    ) -> None:
        if game is not None:
            try:
                definition = find_game(game)
            except SevenRocksError as err:
                raise BotOptionError(f"search: {err.reason}") from None
            check_game(definition.rules())
        if isinstance(think, str):
            think = _seconds(think)
        if think is not None and (
            isinstance(think, bool) or not isinstance(think, int | float) or not 0 < think <= 3600
        ):
            raise BotOptionError(f"search: think must be seconds per move above 0 (e.g. 0.2), not {think!r}")
        if iterations is not None and (
            isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1
        ):
            raise BotOptionError(f"search: iterations must be a whole number >= 1, not {iterations!r}")
        if isinstance(workers, bool) or not isinstance(workers, int) or workers not in (1, 2):
            raise BotOptionError(f"search: workers must be 1 or 2, not {workers!r}")
        if policy not in ("greedy", "random"):
            raise BotOptionError(f"search: policy must be 'greedy' or 'random', not {policy!r}")
        if isinstance(target_bonus, bool) or not isinstance(target_bonus, int | float) or target_bonus < 0:
            raise BotOptionError(f"search: target_bonus must be a number >= 0, not {target_bonus!r}")
        if think is None and iterations is None:
            think = DEFAULT_THINK
        self.think = None if think is None else float(think)
        self.iterations = iterations
        self.workers = workers
        self.policy = policy
        self.target_bonus = float(target_bonus)
        self._rng = random.Random(seed)
        self._pool: multiprocessing.pool.Pool | None = None
        self.last_search: SearchReport | None = None

    def __repr__(self) -> str:
        budget = f"think={self.think}" if self.think is not None else ""
        if self.iterations is not None:
            budget += (", " if budget else "") + f"iterations={self.iterations}"
        return f"<SearchBot {budget}, workers={self.workers}, policy={self.policy}>"

    def warm_up(self) -> None:
        """Make the compiled kernel ready now: load it from numba's on-disk cache (under a second)
        or, on a fresh install, compile it (several seconds). Otherwise the first search does it,
        and that move takes the longer; hosts call this before they start timing moves."""
        _warm()

    def choose(self, view: SeatView) -> Move:
        """The legal move with the best mean value over the sampled deals."""
        plays = view.moves
        if not plays:
            raise ValueError(f"seat {view.seat} has no placement to choose: it is not its turn")
        move_seed = self._rng.getrandbits(64)
        if len(plays) == 1:
            self.last_search = SearchReport((PlayEstimate(plays[0], 0.0, 0.0),), 0, 0.0)
            return plays[0]
        return self.analyse(view, seed=move_seed).estimates[0].play

    def analyse(self, view: SeatView, *, seed: int | None = None) -> SearchReport:
        """Search ``view`` and report every legal move's estimate, best first (for hints)."""
        plays = view.moves
        if not plays:
            raise ValueError(f"seat {view.seat} has no placement to analyse: it is not its turn")
        if seed is None:
            seed = self._rng.getrandbits(64)
        check_game(view.rules)
        _warm()
        start = time.perf_counter()
        evaluator = kernel.PlayEvaluator(view, plays, policy=self.policy, target_bonus=self.target_bonus)
        shares = self._shares()
        budget = self.iterations
        split = [None if budget is None else budget // shares + (k < budget % shares) for k in range(shares)]
        tasks = [
            (
                evaluator.arrays(),
                kernel.GREEDY if self.policy == "greedy" else kernel.RANDOM,
                self.target_bonus,
                (seed + 0x9E3779B97F4A7C15 * k) & (2**64 - 1),
                split[k],
                self.think,
            )
            for k in range(shares)
        ]
        pool = self._get_pool() if shares > 1 else None
        pending = [pool.apply_async(_search_task, (task,)) for task in tasks[1:]] if pool else []
        results = [_search_task(tasks[0])] + [p.get() for p in pending]
        if any(done < 0 for _, _, done in results):
            raise kernel.NoConsistentDealError(f"no deal of the unseen tiles fits seat {view.seat}'s view")
        sums = sum((r[0] for r in results), np.zeros(len(plays)))
        squares = sum((r[1] for r in results), np.zeros(len(plays)))
        deals = sum(r[2] for r in results)
        estimates = []
        for i, play in enumerate(plays):
            mean = float(sums[i]) / deals
            var = max(float(squares[i]) / deals - mean * mean, 0.0)
            estimates.append(PlayEstimate(play, mean, math.sqrt(var / deals) if deals > 1 else math.inf))
        order = sorted(range(len(plays)), key=lambda i: (-estimates[i].mean, i))
        report = SearchReport(tuple(estimates[i] for i in order), deals, time.perf_counter() - start)
        self.last_search = report
        return report

    def declare_hundred(self, view: SeatView) -> bool:
        """Sea Goat's voluntary hundred, by ``greedy``'s rule
        (:func:`~sevenrocks.bots.simple.safe_hundred`)."""
        return safe_hundred(view)

    def _shares(self) -> int:
        if self.workers < 2 or multiprocessing.current_process().daemon:
            return 1
        return self.workers

    def _get_pool(self) -> multiprocessing.pool.Pool:
        if self._pool is None:
            methods = multiprocessing.get_all_start_methods()
            ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
            self._pool = ctx.Pool(self.workers - 1, initializer=_warm)
            weakref.finalize(self, _close_pool, self._pool)
        return self._pool

    def close(self) -> None:
        """Stop the helper process, if one was started (it also stops when the bot is collected)."""
        if self._pool is not None:
            self._pool.terminate()
            self._pool = None
