"""The analysis's compiled loop: the ``search`` bot's evaluation with paired statistics.

:func:`evaluate_paired` runs exactly what the ``search`` bot's :func:`sevenrocks.bots.kernel.evaluate`
runs — the same sampled deals (the same generator, drawn in the same order), the same play-outs and
the same value of an outcome (net points for the seat's side plus ``bonus`` for a match won in the
play-out, minus for one lost) — and keeps, besides the sums of values, what an analysis needs to
say how sure it is:

- ``cross[i, j]``: the sum over deals of ``value_i * value_j``, so that the standard error of the
  *difference* between two candidates (both measured on the same deals) can be computed: it is
  much smaller than either candidate's own error;
- ``net`` and ``net_sq``: the sums of the net points alone (the value without the bonus);
- ``wins`` and ``losses``: the play-outs in which the seat's side won or lost the match.

With the same packed problem, seed and number of deals, ``sums`` equals the search bot's sums
(a test checks it), so the analysis's "best placement" is the one the search bot plays.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from sevenrocks.bots import kernel as bot_kernel
from sevenrocks.bots.kernel import _run, _sample, _value
from sevenrocks.fast import codes
from sevenrocks.fast.codes import OVER_WON, S_OVER, S_SCORE, S_WINNERS, STATE_SIZE
from sevenrocks.fast.step import MAX_OPTIONS, njit

__all__ = ["PairedSums", "evaluate_paired", "new_sums"]

Int64Array = npt.NDArray[np.int64]
UInt64Array = npt.NDArray[np.uint64]
FloatArray = npt.NDArray[np.float64]

#: ``(sums, cross, net, net_sq, wins, losses)``, each indexed by candidate (``cross`` by two).
PairedSums = tuple[FloatArray, FloatArray, FloatArray, FloatArray, FloatArray, FloatArray]


def new_sums(candidates: int) -> PairedSums:
    """Zeroed accumulators for ``candidates`` candidate moves."""
    return (
        np.zeros(candidates),
        np.zeros((candidates, candidates)),
        np.zeros(candidates),
        np.zeros(candidates),
        np.zeros(candidates),
        np.zeros(candidates),
    )


@njit
def _evaluate_paired(
    base: Int64Array,
    g: Int64Array,
    me: int,
    tiles: Int64Array,
    allowed: Int64Array,
    counts: Int64Array,
    cand: Int64Array,
    ncand: Int64Array,
    n_iter: int,
    policy: int,
    bonus: float,
    rng: UInt64Array,
    sums: FloatArray,
    cross: FloatArray,
    net: FloatArray,
    net_sq: FloatArray,
    wins: FloatArray,
    losses: FloatArray,
) -> int:
    """``n_iter`` sampled deals, as :func:`sevenrocks.bots.kernel._evaluate`, with the paired
    accumulators of the module documentation. Returns the deals played, or -1 if the view admits
    no deal."""
    st = base.copy()
    work = base.copy()
    buf = np.zeros(MAX_OPTIONS, dtype=np.int64)
    trace = np.zeros((0, 4), dtype=np.int64)
    n = max(tiles.shape[0], 1)
    order = np.zeros(n, dtype=np.int64)
    holders = g[codes.G_SEATS] + 1
    cap = np.zeros(holders, dtype=np.int64)
    types = np.zeros(32, dtype=np.int64)
    before = np.zeros(4, dtype=np.int64)
    scratch = np.zeros(STATE_SIZE, dtype=np.int64)
    values = np.zeros(cand.shape[0], dtype=np.float64)
    for s in range(4):
        before[s] = base[S_SCORE + s]
    side = me & 1 if g[codes.G_PARTNERS] else me
    for _ in range(n_iter):
        if not _sample(st, me, holders, tiles, allowed, counts, rng, order, cap, types):
            return -1
        for c in range(cand.shape[0]):
            for i in range(STATE_SIZE):
                work[i] = st[i]
            _run(work, g, policy, rng, cand[c], ncand[c], buf, trace, scratch)
            points = _value(work, g, before, side, 0.0)
            v = points
            if work[S_OVER] == OVER_WON:
                if (work[S_WINNERS] >> side) & 1:
                    v += bonus
                    wins[c] += 1.0
                else:
                    v -= bonus
                    losses[c] += 1.0
            values[c] = v
            sums[c] += v
            net[c] += points
            net_sq[c] += points * points
        for i in range(cand.shape[0]):
            for j in range(cand.shape[0]):
                cross[i, j] += values[i] * values[j]
    return n_iter


def evaluate_paired(
    problem: Sequence[Int64Array], deals: int, policy: int, bonus: float, rng: UInt64Array, acc: PairedSums
) -> int:
    """Run ``deals`` sampled deals of a packed search problem
    (:meth:`sevenrocks.bots.kernel.PlayEvaluator.arrays`) into the accumulators ``acc``
    (:func:`new_sums`); the deals played, or -1 if the view admits no deal."""
    base, game, seat, tiles, allowed, counts, cand, ncand = problem
    sums, cross, net, net_sq, wins, losses = acc
    return int(
        _evaluate_paired(
            base,
            game,
            int(seat[0]),
            tiles,
            allowed,
            counts,
            cand,
            ncand,
            deals,
            policy,
            bonus,
            rng,
            sums,
            cross,
            net,
            net_sq,
            wins,
            losses,
        )
    )


def warm_up() -> None:
    """Compile the loop, or load it from numba's on-disk cache, by running it once."""
    from sevenrocks.core.match import Match

    match = Match(seed=0)
    match.start_hand()
    turn = match.turn
    assert turn is not None
    view = match.view(turn)
    problem: Any = bot_kernel.PlayEvaluator(view, view.moves).arrays()
    evaluate_paired(
        problem, 1, bot_kernel.GREEDY, 100.0, np.array([1], dtype=np.uint64), new_sums(len(view.moves))
    )
