"""Review a match like a chess player reviews a game: every placement weighed by search.

:func:`analyse_record` replays a match record and, for every placement of the chosen seats,
evaluates the position **from that seat's view at that moment** (:meth:`Match.view
<sevenrocks.core.match.Match.view>`: its own tiles and what is public — never the hidden hands)
with the ``search`` bot's evaluation (:mod:`sevenrocks.analysis.kernel`): deals of the unseen
tiles consistent with the view, each legal move played on each deal and the hand rolled out to its
end with the ``greedy`` policy. For each placement it reports the move made and the best move by
search, the estimates of both with their standard errors, the points lost, and a class
(:data:`CLASSES`) decided by :func:`classify` on the points lost *relative to the error of the
estimate*, so that sampling noise is never called a mistake. ``docs/analysis.md`` explains the
numbers and the thresholds.

The value of a move (``value``) is the search bot's: the expected net points of the seat's side to
the end of the hand (its score change less the others' mean change, turned round in games where
points are bad), plus :data:`TARGET_BONUS` times the probability that the side wins the match in
this hand, minus the same for losing it. ``net`` is the first part alone; ``win`` and ``lose`` the
probabilities (the play-outs stop at the end of the hand, so these are the chances that the match
is decided, either way, before the hand is over: both are 0 when the target is out of reach).

Deterministic: each placement is searched with its own seed, derived from ``seed`` and its place
in the match (hand, play), so with a ``deals`` budget the same record and seed give the same
analysis whatever the number of workers, and a placement's verdict does not depend on the rest of
the record. With a ``think`` budget (seconds) the number of deals depends on the machine's speed.
"""

from __future__ import annotations

import functools
import math
import multiprocessing
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Final

import numpy as np

from sevenrocks.analysis import kernel as paired
from sevenrocks.analysis.classes import (
    CLASSES,
    DEFAULT_THINK,
    TARGET_BONUS,
    AnalysisError,
    Thresholds,
    classify,
)
from sevenrocks.bots import kernel as bot_kernel
from sevenrocks.bots.registry import UnsupportedGameError
from sevenrocks.bots.search import check_game
from sevenrocks.core.errors import SevenRocksError
from sevenrocks.core.match import Match
from sevenrocks.core.notation import Move
from sevenrocks.core.record import LEAD_DECLARED, MatchRecord
from sevenrocks.core.view import SeatView
from sevenrocks.fast import codes
from sevenrocks.fast.game import encode_rules

__all__ = [
    "CLASSES",
    "DEFAULT_THINK",
    "TARGET_BONUS",
    "AnalysisError",
    "Estimate",
    "MatchAnalysis",
    "PlacementAnalysis",
    "PlayerSummary",
    "Thresholds",
    "analyse_record",
    "analyse_view",
    "annotate",
    "classify",
    "placement_seed",
    "positions",
    "rank_view",
]

_POLICY: Final = bot_kernel.GREEDY
_CHUNK_SECONDS: Final = 0.02
#: The share of ``think`` a forced move (one legal move) is searched for.
FORCED_SHARE: Final = 0.25


@dataclass(frozen=True, slots=True)
class Estimate:
    """One move's estimate over the sampled deals: ``value`` (net points plus the match bonus),
    ``net`` (net points of the seat's side to the end of the hand), each with its standard error,
    and ``win``/``lose``, the chances that the side wins or loses the match in this hand."""

    move: str
    value: float
    value_se: float
    net: float
    net_se: float
    win: float
    lose: float


@dataclass(frozen=True, slots=True)
class PlacementAnalysis:
    """The verdict on one placement: hand ``hand``, play ``play`` (0-based, as in records) by
    ``seat``; the move ``made`` and the ``best`` by search (equal when it was the best), the points
    ``lost`` and its standard error (over the same deals), the ``verdict`` (one of
    :data:`CLASSES`), the number of legal ``candidates`` and of ``deals`` sampled, and
    ``margin``: side 0's expected lead at the end of the hand after the move made (its current
    lead plus the expected net points; turned round where points are bad) — NaN with more than
    two sides when the seat is not on side 0 (its estimate says nothing of side 0's points)."""

    hand: int
    play: int
    seat: int
    side: int
    made: Estimate
    best: Estimate
    lost: float
    lost_se: float
    verdict: str
    candidates: int
    deals: int
    margin: float

    def comment(self) -> str:
        """One line for an annotated record, e.g. ``mistake: lost 9.1 ± 2.0 (best 3-4@4-4:A: +12.5)``."""
        if self.verdict == "best":
            return f"best: {self.made.value:+.1f} ± {self.made.value_se:.1f} ({self.candidates} moves)"
        return (
            f"{self.verdict}: lost {self.lost:.1f} ± {self.lost_se:.1f} "
            f"(best {self.best.move}: {self.best.value:+.1f}; played {self.made.value:+.1f})"
        )


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    """One seat's placements analysed, mean points lost per placement, and counts per class."""

    seat: int
    player: str
    placements: int
    mean_lost: float
    classes: dict[str, int]


@dataclass(frozen=True)
class MatchAnalysis:
    """A record's analysis: the verdicts in match order, the budget, seed and thresholds used."""

    game: str
    seats: int
    sides: int
    players: tuple[str, ...]
    target: int | None
    seed: int
    think: float | None
    deals: int | None
    thresholds: Thresholds
    placements: tuple[PlacementAnalysis, ...]
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    summary: tuple[PlayerSummary, ...] = field(init=False)

    def __post_init__(self) -> None:
        rows = []
        for seat in sorted({p.seat for p in self.placements}):
            mine = [p for p in self.placements if p.seat == seat]
            counts = {c: sum(1 for p in mine if p.verdict == c) for c in CLASSES}
            mean = sum(p.lost for p in mine) / len(mine)
            rows.append(PlayerSummary(seat, self.players[seat], len(mine), mean, counts))
        object.__setattr__(self, "summary", tuple(rows))

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data (the ``--json`` output; ``docs/analysis.md`` lists its fields)."""
        return {
            "format": "sevenrocks-analysis",
            "version": 1,
            "game": self.game,
            "seats": self.seats,
            "sides": self.sides,
            "players": list(self.players),
            "target": self.target,
            "seed": self.seed,
            "think": self.think,
            "deals": self.deals,
            "target_bonus": TARGET_BONUS,
            "thresholds": asdict(self.thresholds),
            "seconds": round(self.seconds, 3),
            "cpu_seconds": round(self.cpu_seconds, 3),
            "placements": [_placement_json(p) for p in self.placements],
            "summary": [asdict(s) for s in self.summary],
        }


def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None


def _placement_json(p: PlacementAnalysis) -> dict[str, Any]:
    def est(e: Estimate) -> dict[str, Any]:
        data = asdict(e)
        for key in ("value_se", "net_se"):
            data[key] = _finite(data[key])
        return data

    return {
        "hand": p.hand,
        "play": p.play,
        "seat": p.seat,
        "side": p.side,
        "verdict": p.verdict,
        "lost": p.lost,
        "lost_se": _finite(p.lost_se),
        "candidates": p.candidates,
        "deals": p.deals,
        "margin": None if math.isnan(p.margin) else p.margin,
        "made": est(p.made),
        "best": est(p.best),
    }


def placement_seed(seed: int, hand: int, play: int) -> int:
    """The search seed of play ``play`` of hand ``hand`` in an analysis seeded with ``seed``
    (the same whatever else the record holds)."""
    return random.Random(f"sevenrocks-analysis:{seed}:{hand}:{play}").getrandbits(64)


def positions(
    record: MatchRecord, seats: Sequence[int] | None = None
) -> Iterator[tuple[int, int, SeatView, Move]]:
    """Replay ``record`` and yield ``(hand, play, view, move)`` for each placement of ``seats``
    (every seat by default): the view of the seat to move just before it moved, and its move."""
    wanted = set(range(record.seats) if seats is None else seats)
    match = Match(record.rules, seed=record.seed)
    for h, log in enumerate(record.hands):
        try:
            match.start_hand(
                log.deal,
                log.leader if log.leader >= 0 else None,
                boneyard=log.boneyard or None,
                hundred=log.imposed == LEAD_DECLARED,
            )
            for p, placement in enumerate(log.placements):
                if placement.seat in wanted:
                    yield h, p, match.view(placement.seat), placement.play
                match.push(placement.play)
        except SevenRocksError as err:
            raise err.at(hand=h) from None


def _direction(view: SeatView) -> int:
    return int(encode_rules(view.rules)[codes.G_DIRECTION])


def _side0_lead(view: SeatView) -> float:
    """Side 0's lead now: its score less the others' mean, turned round where points are bad."""
    scores = view.scores
    if len(scores) < 2:
        return 0.0
    others = (sum(scores) - scores[0]) / (len(scores) - 1)
    return _direction(view) * (scores[0] - others)


@dataclass(frozen=True, slots=True)
class _Task:
    problem: tuple[Any, ...]
    seed: int
    deals: int | None
    seconds: float | None


def _run_task(task: _Task) -> tuple[paired.PairedSums, int, float]:
    """Search one position: the accumulators, the deals played (-1: no deal fits), CPU seconds."""
    cpu = time.process_time()
    candidates = len(task.problem[-1])
    acc = paired.new_sums(candidates)
    rng = np.array([task.seed], dtype=np.uint64)
    if task.seconds is None:
        assert task.deals is not None
        done = paired.evaluate_paired(task.problem, task.deals, _POLICY, TARGET_BONUS, rng, acc)
        return acc, done, time.process_time() - cpu
    done = 0
    deadline = time.perf_counter() + task.seconds
    chunk = 2
    while task.deals is None or done < task.deals:
        step = chunk if task.deals is None else min(chunk, task.deals - done)
        t0 = time.perf_counter()
        if paired.evaluate_paired(task.problem, step, _POLICY, TARGET_BONUS, rng, acc) < 0:
            return acc, -1, time.process_time() - cpu
        done += step
        now = time.perf_counter()
        per_deal = max((now - t0) / step, 1e-7)
        left = deadline - now
        if left <= per_deal:
            break
        chunk = max(1, min(int(_CHUNK_SECONDS / per_deal), int(left / per_deal)))
    return acc, done, time.process_time() - cpu


def _index_of(view: SeatView, move: Move) -> int:
    moves = view.moves
    for i, m in enumerate(moves):
        if m == move:
            return i
    text = str(move)
    for i, m in enumerate(moves):
        if str(m) == text:
            return i
    raise AnalysisError(f"seat {view.seat}'s move {move} is not among the legal moves of its view")


def _verdict(
    h: int,
    p: int,
    view: SeatView,
    made_index: int,
    acc: paired.PairedSums,
    deals: int,
    thresholds: Thresholds,
) -> PlacementAnalysis:
    sums, cross, net, net_sq, wins, losses = acc
    moves = view.moves
    n = max(deals, 1)

    def se(square_sum: float, mean: float) -> float:
        """The standard error of a mean (the sample variance over ``n - 1``)."""
        if deals < 2:
            return math.inf
        return math.sqrt(max(square_sum / n - mean * mean, 0.0) / (n - 1))

    def estimate(i: int) -> Estimate:
        value = float(sums[i]) / n
        points = float(net[i]) / n
        return Estimate(
            str(moves[i]),
            value,
            se(float(cross[i, i]), value),
            points,
            se(float(net_sq[i]), points),
            float(wins[i]) / n,
            float(losses[i]) / n,
        )

    means = [float(s) / n for s in sums]
    best_index = min(range(len(moves)), key=lambda i: (-means[i], i))
    if means[made_index] >= means[best_index]:
        best_index = made_index  # a move tied with the best is the best
    made, best = estimate(made_index), estimate(best_index)
    lost = best.value - made.value
    if best_index == made_index:
        lost_se = 0.0
    elif deals < 2:
        lost_se = math.inf
    else:
        square = float(
            cross[best_index, best_index] - 2 * cross[best_index, made_index] + cross[made_index, made_index]
        )
        lost_se = math.sqrt(max(square / n - lost * lost, 0.0) / (n - 1))
    verdict = classify(lost, lost_se, is_best=best_index == made_index, thresholds=thresholds, deals=deals)
    side = view.rules.side_of(view.seat)
    sides = view.rules.sides
    expected = made.net if side == 0 else (-made.net if sides == 2 else math.nan)
    margin = _side0_lead(view) + expected
    return PlacementAnalysis(
        h, p, view.seat, side, made, best, lost, lost_se, verdict, len(moves), deals, margin
    )


def analyse_view(
    view: SeatView,
    move: Move,
    *,
    seed: int,
    think: float | None = None,
    deals: int | None = None,
    hand: int = 0,
    play: int = 0,
    thresholds: Thresholds | None = None,
) -> PlacementAnalysis:
    """The verdict on ``move`` made in ``view`` (searched from the view alone): ``deals`` sampled
    deals, or ``think`` seconds (whichever ends first when both are given; ``DEFAULT_THINK``
    seconds when neither). ``hand`` and ``play`` only label the result. Raises
    :class:`~sevenrocks.bots.registry.UnsupportedGameError` for a game the search does not play."""
    check_game(view.rules)
    task = _task(view, seed, think, deals)
    _warmed()
    acc, done, _ = _run_task(task)
    if done < 0:
        raise AnalysisError(f"no deal of the unseen tiles fits seat {view.seat}'s view", hand=hand, play=play)
    return _verdict(
        hand, play, view, _index_of(view, move), acc, done, thresholds or Thresholds.for_target(view.target)
    )


def rank_view(
    view: SeatView, *, seed: int, think: float | None = None, deals: int | None = None
) -> list[Estimate]:
    """Every legal move of ``view`` with its estimate (searched from the view alone, as
    :func:`analyse_view`), the best first: the hints of a practice table. Raises
    :class:`~sevenrocks.bots.registry.UnsupportedGameError` for a game the search does not play
    and :class:`AnalysisError` when no deal fits the view."""
    check_game(view.rules)
    moves = view.moves
    if think is None and deals is None:
        think = DEFAULT_THINK
    evaluator = bot_kernel.PlayEvaluator(view, moves, policy=_POLICY, target_bonus=TARGET_BONUS)
    _warmed()
    acc, done, _ = _run_task(_Task(evaluator.arrays(), seed, deals, think))
    if done < 0:
        raise AnalysisError(f"no deal of the unseen tiles fits seat {view.seat}'s view")
    sums, cross, net, net_sq, wins, losses = acc
    n = max(done, 1)

    def se(square_sum: float, mean: float) -> float:
        if done < 2:
            return math.inf
        return math.sqrt(max(square_sum / n - mean * mean, 0.0) / (n - 1))

    out = []
    for i, move in enumerate(moves):
        value, points = float(sums[i]) / n, float(net[i]) / n
        out.append(
            Estimate(
                str(move),
                value,
                se(float(cross[i, i]), value),
                points,
                se(float(net_sq[i]), points),
                float(wins[i]) / n,
                float(losses[i]) / n,
            )
        )
    return sorted(out, key=lambda e: -e.value)


@functools.cache
def _warmed() -> None:
    """Compile the paired loop, or load it from numba's cache, once per process."""
    paired.warm_up()


def _init_worker() -> None:
    _warmed()


def _task(view: SeatView, seed: int, think: float | None, deals: int | None) -> _Task:
    """The search of one position. A forced move (the only legal one) is always the best: it is
    searched :data:`FORCED_SHARE` of the time, for its estimate alone (the chart's point)."""
    if think is None and deals is None:
        think = DEFAULT_THINK
    if think is not None and len(view.moves) == 1:
        think *= FORCED_SHARE
    evaluator = bot_kernel.PlayEvaluator(view, view.moves, policy=_POLICY, target_bonus=TARGET_BONUS)
    return _Task(evaluator.arrays(), seed, deals, think)


def analyse_record(
    record: MatchRecord,
    *,
    seats: Sequence[int] | None = None,
    think: float | None = None,
    deals: int | None = None,
    workers: int = 1,
    seed: int = 0,
    thresholds: Thresholds | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> MatchAnalysis:
    """Analyse every placement of ``seats`` (default all) in ``record`` (see the module
    documentation). ``workers`` processes search placements side by side; ``progress(done,
    total)`` is called as placements finish. Raises :class:`AnalysisError` for a game the search
    does not play or a seat the game does not have."""
    try:
        check_game(record.rules)
    except UnsupportedGameError as err:
        raise AnalysisError(f"cannot analyse a match of {record.game}: {err}") from None
    if seats is not None:
        for seat in seats:
            if not 0 <= seat < record.seats:
                raise AnalysisError(
                    f"seat {seat} is not a seat of this record: its seats are 0 to {record.seats - 1}"
                )
    if workers < 1:
        raise AnalysisError(f"workers must be 1 or more, not {workers}")
    if deals is not None and deals < 2:
        raise AnalysisError(f"deals must be 2 or more (a standard error needs two), not {deals}")
    if think is not None and not 0 < think <= 3600:
        raise AnalysisError(f"think must be seconds per placement above 0, not {think:g}")
    if think is None and deals is None:
        think = DEFAULT_THINK
    limits = thresholds or Thresholds.for_target(record.target)
    found = list(positions(record, seats))
    tasks = [_task(view, placement_seed(seed, h, p), think, deals) for h, p, view, _ in found]
    start = time.perf_counter()
    results: list[tuple[paired.PairedSums, int, float]] = []
    total = len(tasks)
    if progress is not None:
        progress(0, total)
    if workers == 1 or total < 2:
        _warmed()
        for task in tasks:
            results.append(_run_task(task))
            if progress is not None:
                progress(len(results), total)
    else:
        methods = multiprocessing.get_all_start_methods()
        ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
        with ctx.Pool(min(workers, total), initializer=_init_worker) as pool:
            for result in pool.imap(_run_task, tasks):
                results.append(result)
                if progress is not None:
                    progress(len(results), total)
    verdicts = []
    for (h, p, view, move), (acc, done, _) in zip(found, results, strict=True):
        if done < 0:
            raise AnalysisError(f"no deal of the unseen tiles fits seat {view.seat}'s view", hand=h, play=p)
        verdicts.append(_verdict(h, p, view, _index_of(view, move), acc, done, limits))
    return MatchAnalysis(
        game=record.game,
        seats=record.seats,
        sides=record.sides,
        players=record.players,
        target=record.target,
        seed=seed,
        think=think,
        deals=deals,
        thresholds=limits,
        placements=tuple(verdicts),
        seconds=time.perf_counter() - start,
        cpu_seconds=sum(r[2] for r in results),
    )


def annotate(record: MatchRecord, analysis: MatchAnalysis) -> MatchRecord:
    """``record`` with each analysed placement's :meth:`PlacementAnalysis.comment` as its comment
    (comments already there on other placements are kept)."""
    comments = dict(record.comments)
    for p in analysis.placements:
        comments[(p.hand, p.play)] = p.comment()
    return record.with_comments(comments)
