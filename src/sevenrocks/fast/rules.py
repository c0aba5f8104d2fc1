"""The placement rules as compiled (numba) functions on a layout kept in a few integers.

A layout is ``points[base : base + npts]`` (the open connection point ids, ascending, in
:data:`MAX_POINTS` slots of an ``int64`` array from ``base`` on: the slots are addressed by
offset, so a caller keeps them inside a larger state array without slicing it) and ``spinner``
(the spinner's tile index, -1 before it); four hands are the first four entries of an array of
tile bitmasks. These functions are what
:mod:`sevenrocks.bots.kernel` (play-outs of one position) and :mod:`sevenrocks.rl.batched`
(many games stepped at once, calling them on row views of its arrays) share. Every rule they
follow is read from :mod:`sevenrocks.fast.tables`, copies of the core's tables; the tests
replay them against :class:`~sevenrocks.core.match.Match`.

>>> import numpy as np
>>> from sevenrocks.core.notation import Play
>>> points = np.zeros(MAX_POINTS, dtype=np.int64)
>>> six = Play.parse("6-6").tile.index
>>> npts, spinner, total = place(points, 0, 0, -1, six, -1)  # open with the double six
>>> npts, spinner == six, total
(2, True, 12)
>>> play = Play.parse("4-6@6-6:A")
>>> npts, spinner, total = place(points, 0, npts, spinner, play.tile.index, play.point.id)
>>> npts, total, placement_score(total)
(2, 16, 0)
>>> hands = np.array([Play.parse("0-0").tile.bit, Play.parse("4-4").tile.bit, 0, 0], dtype=np.int64)
>>> next_turn(hands, 0, playable(points, 0, npts))  # seat 1 holds a 4 and places next
1

Compilation is cached on disk (``cache=True``), next to this module.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar, cast

import numba
import numpy as np
import numpy.typing as npt

from sevenrocks.fast.tables import (
    ACTION_AT,
    COUNT,
    IS_DOUBLE,
    JOIN,
    LOW,
    MAX_POINTS,
    NUM_POINT_IDS,
    PIPS,
    PLACEMENT_POINTS,
    ROUNDED_PIPS,
    SIDE_A,
    SIDE_B,
    SIDE_BA,
    SIDE_BB,
    SUIT_OF_POINT_MASK,
)

__all__ = [
    "BLOCKED",
    "DOMINO",
    "MAX_POINTS",
    "counted_sum",
    "legal_actions",
    "lowest",
    "next_turn",
    "njit",
    "opening_total",
    "place",
    "placement_score",
    "playable",
    "popcount",
    "settle",
    "total_after",
]

_F = TypeVar("_F", bound=Callable[..., Any])
#: ``numba.njit(cache=True)``, typed so that decorated functions keep their signatures.
njit = cast(Callable[[_F], _F], numba.njit(cache=True))
#: The same, inlined into each compiled caller at numba's IR level: a small rule called in a hot
#: loop costs no call, and the caller's constant offsets fold into its indexing.
_inline = cast(Callable[[_F], _F], numba.njit(cache=True, inline="always"))

Int64Array = npt.NDArray[np.int64]

#: :func:`next_turn` results when nobody places next.
DOMINO: Final = 0
BLOCKED: Final = -1

_NP: Final = NUM_POINT_IDS
_DEBRUIJN: Final = np.zeros(32, dtype=np.int64)
for _i in range(32):
    _DEBRUIJN[(((1 << _i) * 0x077CB531) & 0xFFFFFFFF) >> 27] = _i


# ------------------------------------------------------------------------ bits
@_inline
def popcount(x: int) -> int:
    """How many bits of ``x`` are set."""
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@_inline
def lowest(x: int) -> int:
    """Index of the lowest set bit of a non-zero mask below ``2**32`` (de Bruijn multiplication)."""
    return int(_DEBRUIJN[(((x & -x) * 0x077CB531) & 0xFFFFFFFF) >> 27])


# ------------------------------------------------------------------ the layout
@_inline
def playable(points: Int64Array, base: int, npts: int) -> int:
    """The tiles that fit some open point (a bitmask)."""
    mask = 0
    for i in range(base, base + npts):
        mask |= SUIT_OF_POINT_MASK[points[i]]
    return mask


@_inline
def counted_sum(points: Int64Array, base: int, npts: int) -> int:
    """The sum of what the open points count (the counted total, except for an opening double
    alone, whose two straight sides count its halves once: see :func:`opening_total`)."""
    total = 0
    for i in range(base, base + npts):
        total += COUNT[points[i]]
    return total


@_inline
def opening_total(t: int) -> int:
    """The counted total of a layout of tile ``t`` alone."""
    return 2 * LOW[t] if IS_DOUBLE[t] else PIPS[t]  # type: ignore[no-any-return]


@_inline
def total_after(count_sum: int, t: int, pid: int) -> int:
    """The counted total after tile ``t`` joins open point ``pid``, from the layout's
    :func:`counted_sum` (branches open at no count, so the spinner needs no special case)."""
    return count_sum - COUNT[pid] + COUNT[JOIN[t * _NP + pid]]  # type: ignore[no-any-return]


@_inline
def placement_score(total: int) -> int:
    """The points a placement scores when the counted ends come to ``total``."""
    return PLACEMENT_POINTS[total]  # type: ignore[no-any-return]


@_inline
def place(points: Int64Array, base: int, npts: int, spinner: int, t: int, pid: int) -> tuple[int, int, int]:
    """Place tile ``t`` on open point ``pid`` (-1: the opening) of the layout ``points``/``base``/
    ``npts``/``spinner``; return the new ``(npts, spinner, counted total)``. ``points`` is updated
    in place and stays sorted; the first double placed becomes the spinner, and its branches open
    when both its straight sides are covered."""
    if pid < 0:
        if IS_DOUBLE[t]:
            points[base] = t * 6 + SIDE_A
            points[base + 1] = t * 6 + SIDE_B
            return 2, t, opening_total(t)
        points[base] = t * 6
        points[base + 1] = t * 6 + 1
        return 2, spinner, opening_total(t)
    k = 0
    for i in range(npts):
        p = points[base + i]
        if p != pid:
            points[base + k] = p
            k += 1
    points[base + k] = JOIN[t * _NP + pid]
    k += 1
    if IS_DOUBLE[t] and spinner < 0:
        spinner = t
    if spinner >= 0 and pid // 6 == spinner:
        side = pid - spinner * 6
        if side in (SIDE_A, SIDE_B):
            other = spinner * 6 + (SIDE_B if side == SIDE_A else SIDE_A)
            still = False
            for i in range(base, base + k):
                if points[i] == other:
                    still = True
            if not still:
                points[base + k] = spinner * 6 + SIDE_BA
                points[base + k + 1] = spinner * 6 + SIDE_BB
                k += 2
    # insertion sort (at most a handful of points)
    for i in range(base + 1, base + k):
        v = points[i]
        j = i - 1
        while j >= base and points[j] > v:
            points[j + 1] = points[j]
            j -= 1
        points[j + 1] = v
    return k, spinner, counted_sum(points, base, k)


@njit
def legal_actions(hand: int, points: Int64Array, base: int, npts: int, mask: npt.NDArray[np.int8]) -> None:
    """Set ``mask[a]`` to 1 for every legal action ``a`` of ``hand`` (any tile on an empty
    layout; the tiles that fit an open point otherwise). ``mask`` must be zero on entry."""
    if npts == 0:
        h = hand
        while h:
            mask[lowest(h)] = 1
            h &= h - 1
        return
    h = hand & playable(points, base, npts)
    while h:
        row = lowest(h) * _NP
        h &= h - 1
        for k in range(base, base + npts):
            a = ACTION_AT[row + points[k]]
            if a >= 0:
                mask[a] = 1


# -------------------------------------------------------------- turn and end
@_inline
def next_turn(hands: Int64Array, seat: int, playable_mask: int) -> int:
    """After ``seat`` placed: how many seats on the next to place sits (1 to 4, 4 being ``seat``
    itself; the seats in between knock), :data:`DOMINO` if ``seat``'s hand is empty or
    :data:`BLOCKED` if no hand holds a tile in ``playable_mask``."""
    if hands[seat] == 0:
        return DOMINO
    for step in range(1, 5):
        if hands[(seat + step) & 3] & playable_mask:
            return step
    return BLOCKED


@njit
def settle(hands: Int64Array, deductions: Int64Array, scores: Int64Array) -> None:
    """The end of a hand by domino or block: each seat's rounded pips into ``deductions[0..3]``,
    subtracted from its partnership's ``scores[seat & 1]``."""
    for s in range(4):
        pips = 0
        h = hands[s]
        while h:
            pips += PIPS[lowest(h)]
            h &= h - 1
        ded = ROUNDED_PIPS[pips]
        deductions[s] = ded
        scores[s & 1] -= ded
