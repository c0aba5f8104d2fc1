"""The compiled step: one move of any game of the family, and everything the rules then force.

The second implementation of the rules (the first, the reference, is :mod:`sevenrocks.core`),
compiled with numba and driven by a game's codes (:mod:`sevenrocks.fast.codes`,
:func:`sevenrocks.fast.game.encode_rules`): placing a tile in every topology (Sebastopol's forced
four included) with its marks, joins by equal numbers or by sum to seven (Matador's matadors and
their open half), the counted total and the placement points (Bergen's headers included), the
next seat to move with its knocks and draws, the end of a hand by domino, team out, block or
target, the settlement of every kind (General's and Sea Goat's included: its sea values, the
fisherman of its last non-double tile, its record, eggs, events, owed hundreds and write-offs) and
the end of the match; every legal move, several doubles included (:func:`moves`). The search
kernel (:mod:`sevenrocks.bots.kernel`) and the batched simulator (:mod:`sevenrocks.rl.batched`)
both play through these functions, and ``tests/test_fast.py`` replays them against
:class:`~sevenrocks.core.match.Match` on random matches of every game.

The step plays one hand: it settles it and says whether the match is over, but never deals the
next one, so who leads a later hand (a finisher, a fisherman, Sea Goat's owed hundred or eggs led
from 1-1, its egg redeals) is the engine's business. A position packed from the engine
(:func:`~sevenrocks.fast.game.encode_match`) carries the lead the rules impose on its hand (the
tile to lead, Sea Goat's hundred seat) and what the settlement needs from earlier hands (the
scores, the Goat ledger, Sea Goat's owed hundred and pending write-off).

Games that join by equal numbers, have no forced four, score no headers and count no non-double
fisherman (``G_PLAIN``: every game but Sebastopol, Bergen, Matador and Sea Goat) run variants of
the functions compiled without the code of those rules (a ``plain`` constant, tested once per call
and folded away by the compiler), so that the rules some games need cost the others nothing.

>>> import numpy as np
>>> from sevenrocks.core import Match
>>> from sevenrocks.fast.game import encode_match, encode_rules
>>> match = Match("draw", seats=2, seed=1)
>>> match.start_hand()
>>> game, state = encode_rules(match.rules), encode_match(match)
>>> buf = np.zeros(MAX_OPTIONS, dtype=np.int64)
>>> n = options(state, game, buf)
>>> n == len(match.legal_plays())
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar, cast

import numba
import numpy as np
import numpy.typing as npt

from sevenrocks.fast.codes import (
    BONEYARD_DRAW,
    END_BLOCKED,
    END_DOMINO,
    END_NONE,
    END_TARGET,
    ENDING_AFTER_HAND,
    ENDING_AT_ONCE,
    ENDING_DEALS,
    ENDING_LOSERS,
    EV_BALD_GOAT,
    EV_CROSSED_OUT,
    EV_CROSSED_OUT_AFTER,
    EV_FISHERMAN_HUNDRED,
    EV_HUNDRED_LOST,
    EV_HUNDRED_WON,
    EV_SIX_SIX,
    EV_SIX_SIX_SHORT,
    EV_WRITE_OFF,
    EV_WRITE_OFF_FAILED,
    EV_WRITE_OFF_PENDING,
    FISHER_LAST,
    FISHER_NON_DOUBLE,
    G_ALL_CLOSED,
    G_BONEYARD,
    G_BONUS,
    G_BONUS_BLOCK,
    G_BOTH_DRAW,
    G_CLOSING,
    G_DEALS,
    G_DIVISOR,
    G_EGGS,
    G_ENDING,
    G_EXACT,
    G_FISHERMAN,
    G_GENERAL_TILES,
    G_LENGTHWISE,
    G_LONE,
    G_LOST_HANDS,
    G_MATCHING,
    G_NAKED,
    G_PARTNERS,
    G_PLAIN,
    G_POINTS,
    G_POINTS_TABLE,
    G_REMEMBER,
    G_RESERVE,
    G_ROUND,
    G_SEA_EVENTS,
    G_SEA_VALUES,
    G_SEATS,
    G_SETTLE,
    G_SEVERAL,
    G_SIDES,
    G_STUCK,
    G_TARGET,
    G_TEAM_OUT,
    G_THRESHOLD,
    G_TOPOLOGY,
    MARK_CLOSED,
    MARK_LONG,
    MARK_OPEN_HIGH,
    MARK_OPEN_LOW,
    OVER_DRAW,
    OVER_NO,
    OVER_WON,
    POINTS_HEADERS,
    S_AWARD,
    S_BLEN,
    S_BONE,
    S_BPOS,
    S_CLOSED,
    S_DEDUCTIONS,
    S_DRAWS,
    S_EGG_REDEALS,
    S_EGGS,
    S_END,
    S_FINISHER,
    S_FISHER,
    S_FITS,
    S_FORCED,
    S_GENERAL,
    S_GOATS,
    S_HANDS,
    S_HUNDRED,
    S_KNOCKS,
    S_LAST,
    S_LAST_MOVE,
    S_LEAD_TILE,
    S_LONG,
    S_LOSER,
    S_MOVE_POINTS,
    S_MOVES,
    S_NAKED,
    S_NPTS,
    S_NWAIT,
    S_OPENED,
    S_OPENING,
    S_OUT,
    S_OVER,
    S_OWED,
    S_PIPS,
    S_PLACED,
    S_PLAYED,
    S_POINTS,
    S_REMEMBER,
    S_SCORE,
    S_SEA_EVENTS,
    S_SIDE_TOTALS,
    S_SPINNER,
    S_TOTAL,
    S_TURN,
    S_VALUES,
    S_WAIT,
    S_WINNERS,
    S_WO_AMOUNT,
    S_WO_FAILURES,
    S_WO_SEAT,
    S_WO_SIDE,
    SETTLE_BONUS,
    SETTLE_COUNTS,
    SETTLE_FLOOR5,
    SETTLE_LOSERS_WRITE,
    SETTLE_NONE,
    SETTLE_ROUND5,
    SETTLE_SEA,
    SETTLE_WINNER_TAKES,
    STUCK_KNOCK,
    STUCK_ONE,
    TOPO_ALL,
    TOPO_FORCED,
    TOPO_LINE,
    TOPO_SPINNER,
    TOPO_SPINNER_OPEN,
)
from sevenrocks.fast.tables import (
    COUNT,
    IS_DOUBLE,
    JOIN,
    LOW,
    MATADORS,
    PIPS,
    POINT_VALUE_OF,
    SEVEN_FITS_MASK,
    SEVEN_SIDE_OF,
    SUIT_OF_POINT_MASK,
)

__all__ = [
    "MAX_MOVES",
    "MAX_OPTIONS",
    "advance",
    "apply_move",
    "apply_one",
    "bare",
    "headers",
    "lowest",
    "move_code",
    "move_of",
    "moves",
    "njit",
    "options",
    "play_part",
    "playable",
    "points_after",
    "points_after_as",
    "popcount",
    "settle",
    "total_after",
]

_F = TypeVar("_F", bound=Callable[..., Any])
#: ``numba.njit(cache=True)``, typed so that decorated functions keep their signatures.
njit = cast(Callable[[_F], _F], numba.njit(cache=True))
#: The same, inlined into each compiled caller at numba's IR level.
_inline = cast(Callable[[_F], _F], numba.njit(cache=True, inline="always"))
#: ``numba.njit(cache=True)`` without numba's reference counting of arrays (its runtime, NRT):
#: for the functions of the hot path, which allocate no array. With reference counting, every
#: array handed from one compiled function to another (the position, the game's codes, the move
#: buffer...) costs an atomic increment and decrement, which the compiler cannot always pair up
#: and remove once the small rules are inlined: they took about a third of a play-out's time
#: (``perf``; Seven Rocks' random hands 294,000 a processor second with them, 403,000 without).
#: A function that makes an array (``np.zeros``, ``np.empty``, ``.copy()``) keeps :data:`njit`.
#: (``_nrt`` is numba's own target option for this, not in its typed signature.)
_NO_NRT: Final[dict[str, Any]] = {"_nrt": False}
bare = cast(Callable[[_F], _F], numba.njit(cache=True, **_NO_NRT))

Int64Array = npt.NDArray[np.int64]

#: Room for the one-tile moves of a position (tiles x open points x marks), with room to spare.
MAX_OPTIONS: Final = 512
#: A first size for the buffer of :func:`moves` (it says how many rows it needs when that is more).
MAX_MOVES: Final = 1024

_LOW: Final = 0
_HIGH: Final = 1
_A: Final = 2
_B: Final = 3
_BA: Final = 4
_BB: Final = 5
_NP: Final = 168

#: The doubles as a bitmask.
_DOUBLES: Final = sum(1 << t for t in range(28) if IS_DOUBLE[t])
#: 0-0 and 6-6 as bits (Sea Goat's sea values, its bald goat and six-six finish).
_BLANKS_BIT: Final = 1
_SIXES_BIT: Final = 1 << 27

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


@_inline
def _side_of(g: Int64Array, seat: int) -> int:
    return seat & 1 if g[G_PARTNERS] else seat


# ------------------------------------------------------------------ the layout
@_inline
def playable(st: Int64Array, g: Int64Array) -> int:
    """The tiles that fit some open point (a bitmask), by the game's way of joining."""
    if g[G_PLAIN]:
        return _playable(st, g, True)
    return _playable(st, g, False)


@_inline
def _playable(st: Int64Array, g: Int64Array, plain: bool) -> int:
    mask = 0
    if not plain and g[G_MATCHING]:
        for i in range(S_POINTS, S_POINTS + st[S_NPTS]):
            mask |= SEVEN_FITS_MASK[st[i]]
        return mask
    for i in range(S_POINTS, S_POINTS + st[S_NPTS]):
        mask |= SUIT_OF_POINT_MASK[st[i]]
    return mask


@bare
def _seven_side(t: int, pid: int, mark: int) -> int:
    """Matador: the side of tile ``t`` left open when it joins point ``pid`` with ``mark`` (a
    double in line leaves ``B``; a matador the half it names; another tile the half that does
    not add up to seven with the point)."""
    if IS_DOUBLE[t]:
        return _B
    if mark & MARK_OPEN_LOW:
        return _LOW
    if mark & MARK_OPEN_HIGH:
        return _HIGH
    return SEVEN_SIDE_OF[t * _NP + pid]  # type: ignore[no-any-return]


@_inline
def _has_point(st: Int64Array, pid: int) -> bool:
    for i in range(S_POINTS, S_POINTS + st[S_NPTS]):  # noqa: SIM110 (numba compiles no generators)
        if st[i] == pid:
            return True
    return False


@_inline
def _count(st: Int64Array) -> int:
    """The counted total of the open points (README §2.14)."""
    total = 0
    for i in range(S_POINTS, S_POINTS + st[S_NPTS]):
        total += COUNT[st[i]]
    first = st[S_OPENING]
    if first >= 0 and IS_DOUBLE[first] and _has_point(st, first * 6 + _A) and _has_point(st, first * 6 + _B):
        total -= 2 * LOW[first]  # the lone opening double counts both halves once
    long_mask = st[S_LONG]
    if long_mask:
        for i in range(S_POINTS, S_POINTS + st[S_NPTS]):
            p = st[i]
            if p % 6 == _B and (long_mask >> (p // 6)) & 1:
                total -= LOW[p // 6]  # a lengthwise double counts its number once
    return total


@_inline
def _add_point(st: Int64Array, k: int, pid: int) -> int:
    st[S_POINTS + k] = pid
    return k + 1


@_inline
def play_part(st: Int64Array, g: Int64Array, t: int, pid: int, mark: int) -> None:
    """Place tile ``t`` on open point ``pid`` (-1: the lead) with ``mark``, for the seat to move:
    the layout changes as the game's topology says and the tile leaves the seat's hand."""
    if g[G_PLAIN]:
        _place(st, g, t, pid, mark, True)
    else:
        _place(st, g, t, pid, mark, False)


@_inline
def _place(st: Int64Array, g: Int64Array, t: int, pid: int, mark: int, plain: bool) -> None:
    """:func:`play_part`; ``plain`` (a constant where it is inlined) leaves out the code of the
    rules plain games never need (``G_PLAIN``), so that their compiled step does not pay for it."""
    topology = g[G_TOPOLOGY]
    seat = st[S_TURN]
    st[S_HANDS + seat] ^= np.int64(1) << t
    st[S_PLACED] += 1
    if pid < 0:
        st[S_OPENING] = t
        base = t * 6
        if IS_DOUBLE[t]:
            st[S_POINTS] = base + _A
            st[S_POINTS + 1] = base + _B
            st[S_NPTS] = 2
            if topology != TOPO_LINE:
                st[S_SPINNER] = t
                if topology in (TOPO_SPINNER_OPEN, TOPO_FORCED):
                    st[S_POINTS + 2] = base + _BA
                    st[S_POINTS + 3] = base + _BB
                    st[S_NPTS] = 4
                    if not plain and topology == TOPO_FORCED:  # the arms wait until the lead is surrounded
                        st[S_FORCED] = 1
                        st[S_NWAIT] = 0
        else:
            st[S_POINTS] = base
            st[S_POINTS + 1] = base + 1
            st[S_NPTS] = 2
        st[S_TOTAL] = _count(st)
        return
    st[S_TOTAL] = _total_after(st, g, t, pid, mark, plain)  # (branches that open below count nothing)
    k = 0
    for i in range(st[S_NPTS]):
        p = st[S_POINTS + i]
        if p != pid:
            st[S_POINTS + k] = p
            k += 1
    if not plain and g[G_MATCHING]:  # Matador: every tile in line, one half open
        k = _add_point(st, k, t * 6 + _seven_side(t, pid, mark))
    elif IS_DOUBLE[t]:
        if mark & MARK_CLOSED:
            st[S_CLOSED] |= np.int64(1) << t
        else:
            k = _add_point(st, k, t * 6 + _B)
            if mark & MARK_LONG:
                st[S_LONG] |= np.int64(1) << t
            elif st[S_SPINNER] < 0 and topology != TOPO_LINE:
                st[S_SPINNER] = t
                if topology == TOPO_SPINNER_OPEN:
                    k = _add_point(st, k, t * 6 + _BA)
                    k = _add_point(st, k, t * 6 + _BB)
    else:
        k = _add_point(st, k, JOIN[t * _NP + pid])
    anchor = pid // 6
    if (topology == TOPO_SPINNER and anchor == st[S_SPINNER]) or (topology == TOPO_ALL and IS_DOUBLE[anchor]):
        side = pid - anchor * 6
        if side in (_A, _B):
            other = anchor * 6 + (_B if side == _A else _A)
            still = False
            for i in range(S_POINTS, S_POINTS + k):
                if st[i] == other:
                    still = True
            if not still:
                k = _add_point(st, k, anchor * 6 + _BA)
                k = _add_point(st, k, anchor * 6 + _BB)
    if not plain and st[S_FORCED]:
        k = _forced_four(st, k)
    for i in range(S_POINTS + 1, S_POINTS + k):  # insertion sort: a handful of points
        v = st[i]
        j = i - 1
        while j >= S_POINTS and st[j] > v:
            st[j + 1] = st[j]
            j -= 1
        st[j + 1] = v
    st[S_NPTS] = k


@bare
def _forced_four(st: Int64Array, k: int) -> int:
    """Forced four, after a placement that left ``k`` open points: only the lead's sides stay
    open until all four are covered; the arms' ends wait, and open together once they are.
    Return how many points are open."""
    lead = st[S_OPENING]
    sides = 0
    for i in range(S_POINTS, S_POINTS + k):
        p = st[i]
        if p // 6 == lead:
            st[S_POINTS + sides] = p
            sides += 1
        else:
            st[S_WAIT + st[S_NWAIT]] = p
            st[S_NWAIT] += 1
    if sides:
        return sides
    k = st[S_NWAIT]
    for i in range(k):
        st[S_POINTS + i] = st[S_WAIT + i]
    st[S_NWAIT] = 0
    st[S_FORCED] = 0
    return k


@_inline
def total_after(st: Int64Array, g: Int64Array, t: int, pid: int, mark: int) -> int:
    """The counted total a placement would make, without making it (for greedy choices)."""
    if g[G_PLAIN]:
        return _total_after(st, g, t, pid, mark, True)
    return _total_after(st, g, t, pid, mark, False)


@_inline
def _total_after(st: Int64Array, g: Int64Array, t: int, pid: int, mark: int, plain: bool) -> int:
    if pid < 0:
        return 2 * LOW[t] if IS_DOUBLE[t] else PIPS[t]  # type: ignore[no-any-return]
    total = st[S_TOTAL]
    first = st[S_OPENING]
    anchor = pid // 6
    side = pid - anchor * 6
    if (
        anchor == first
        and IS_DOUBLE[first]
        and (side in (_A, _B))
        and _has_point(st, first * 6 + _A)
        and _has_point(st, first * 6 + _B)
    ):
        removed = 0  # the lone opening double still counts both halves once, on its other side
    elif side == _B and (st[S_LONG] >> anchor) & 1:
        removed = LOW[anchor]
    else:
        removed = COUNT[pid]
    if not plain and g[G_MATCHING]:
        added = PIPS[t] - LOW[t] if _seven_side(t, pid, mark) == _HIGH else LOW[t]
    elif IS_DOUBLE[t]:
        added = 0 if mark & MARK_CLOSED else (LOW[t] if mark & MARK_LONG else 2 * LOW[t])
    else:
        added = COUNT[JOIN[t * _NP + pid]]
    return total - removed + added  # type: ignore[no-any-return]


@_inline
def points_of(g: Int64Array, total: int) -> int:
    """What a counted total scores in the game (README §2.14; the game's table of totals)."""
    return g[G_POINTS_TABLE + total]  # type: ignore[no-any-return]


@bare
def headers(st: Int64Array) -> int:
    """Bergen's headers (README §2.14, :meth:`Layout.header_points
    <sevenrocks.core.layout.Layout.header_points>`): 2 for a double header, 3 for a triple, else 0."""
    if st[S_PLACED] == 1:
        return 2 if IS_DOUBLE[st[S_OPENING]] else 0
    if st[S_NPTS] != 2:
        return 0
    p = st[S_POINTS]
    q = st[S_POINTS + 1]
    if POINT_VALUE_OF[p] != POINT_VALUE_OF[q]:
        return 0
    doubles = (1 if p % 6 >= _A else 0) + (1 if q % 6 >= _A else 0)
    return 3 if doubles == 1 else (2 if doubles == 0 else 0)


@_inline
def _move_points(st: Int64Array, g: Int64Array, plain: bool) -> int:
    """What the layout now scores for the move just made (before an exact target's refusal)."""
    if not plain and g[G_POINTS] == POINTS_HEADERS:
        return headers(st)
    return points_of(g, st[S_TOTAL])


@_inline
def points_after(st: Int64Array, g: Int64Array, t: int, pid: int, mark: int, work: Int64Array) -> int:
    """The points placing tile ``t`` on ``pid`` with ``mark`` would score (before an exact target's
    refusal), leaving ``st`` as it is; ``work`` is scratch room of a position's size (used only
    where the points depend on more than the counted total: headers)."""
    if g[G_PLAIN]:
        return points_after_as(st, g, t, pid, mark, work, True)
    return points_after_as(st, g, t, pid, mark, work, False)


@_inline
def points_after_as(
    st: Int64Array, g: Int64Array, t: int, pid: int, mark: int, work: Int64Array, plain: bool
) -> int:
    """:func:`points_after` for a caller that tests ``G_PLAIN`` once, out of its loop, and gives
    the answer as the constant ``plain``."""
    if not plain and g[G_POINTS] == POINTS_HEADERS:
        return _headers_after(st, g, t, pid, mark, work)
    return points_of(g, _total_after(st, g, t, pid, mark, plain))


@bare
def _headers_after(st: Int64Array, g: Int64Array, t: int, pid: int, mark: int, work: Int64Array) -> int:
    """The headers a placement would make: placed on a copy of the position in ``work``."""
    for i in range(work.shape[0]):
        work[i] = st[i]
    play_part(work, g, t, pid, mark)
    return headers(work)


@_inline
def move_code(t: int, pid: int, mark: int) -> int:
    """One one-tile move as one integer: tile, point id (-1: the lead) and marks (4 bits)."""
    return (t * 169 + pid + 1) * 16 + mark


@_inline
def move_of(code: int) -> tuple[int, int, int]:
    """``(tile, point id or -1, mark)`` of a :func:`move_code`."""
    q = code >> 4
    return q // 169, q % 169 - 1, code & 15


@_inline
def options(st: Int64Array, g: Int64Array, out: Int64Array) -> int:
    """Every legal one-tile move of the seat to move into ``out`` (as :func:`move_code`), in the
    order of :meth:`Match.legal_plays <sevenrocks.core.match.Match.legal_plays>`; return how many."""
    if g[G_PLAIN]:
        return _options(st, g, out, True)
    return _options(st, g, out, False)


@_inline
def _options(st: Int64Array, g: Int64Array, out: Int64Array, plain: bool) -> int:
    hand = st[S_HANDS + st[S_TURN]]
    n = 0
    if st[S_PLACED] == 0:
        lead = st[S_LEAD_TILE]
        if lead >= 0:
            out[0] = move_code(lead, -1, 0)
            return 1
        h = hand
        while h:
            out[n] = move_code(lowest(h), -1, 0)
            n += 1
            h &= h - 1
        return n
    if not plain and g[G_MATCHING]:
        return _seven_options(st, hand, out)
    marked = (g[G_LENGTHWISE] and (st[S_SPINNER] >= 0 or g[G_TOPOLOGY] == TOPO_LINE)) or g[G_CLOSING]
    h = hand & st[S_FITS]
    while h:
        t = lowest(h)
        h &= h - 1
        for i in range(S_POINTS, S_POINTS + st[S_NPTS]):
            pid = st[i]
            if JOIN[t * _NP + pid] >= 0:
                code = move_code(t, pid, 0)
                out[n] = code
                n += 1
                if marked and IS_DOUBLE[t]:
                    if g[G_LENGTHWISE] and (st[S_SPINNER] >= 0 or g[G_TOPOLOGY] == TOPO_LINE):
                        out[n] = code + MARK_LONG
                        n += 1
                    if g[G_CLOSING]:
                        out[n] = code + MARK_CLOSED
                        n += 1
    return n


@bare
def _seven_options(st: Int64Array, hand: int, out: Int64Array) -> int:
    """Matador's one-tile moves (:func:`sevenrocks.core.matching.seven_plays` for each tile and
    point): a join by sum to seven, or a matador with each half it may leave open."""
    n = 0
    h = hand & st[S_FITS]
    while h:
        t = lowest(h)
        h &= h - 1
        for i in range(S_POINTS, S_POINTS + st[S_NPTS]):
            pid = st[i]
            if (SEVEN_FITS_MASK[pid] >> t) & 1 and t != pid // 6:
                if (MATADORS >> t) & 1 and not IS_DOUBLE[t]:
                    out[n] = move_code(t, pid, MARK_OPEN_LOW)
                    out[n + 1] = move_code(t, pid, MARK_OPEN_HIGH)
                    n += 2
                else:
                    out[n] = move_code(t, pid, 0)
                    n += 1
    return n


@njit
def moves(st: Int64Array, g: Int64Array, buf: Int64Array, out: Int64Array) -> int:
    """Every legal move of the seat to move, several doubles included, as rows of ``out`` (up to
    four :func:`move_code` parts each, -1 after the last), as :meth:`Match.legal_moves
    <sevenrocks.core.match.Match.legal_moves>` lists them: the one-tile moves (:func:`options`,
    into ``buf``), then every set of two or more doubles (not lengthwise) on different open points,
    up to the game's limit, its parts in the order of the one-tile moves; while the spinner is to
    come, each double of the set that is not closed may be placed first (and becomes it), each a
    move of its own. Return how many moves there are; only the first ``len(out)`` are written, so
    a caller whose buffer was too small calls again with a larger one."""
    n1 = options(st, g, buf)
    cap = out.shape[0]
    m = 0
    for i in range(n1):
        if m < cap:
            out[m, 0] = buf[i]
            out[m, 1] = -1
            out[m, 2] = -1
            out[m, 3] = -1
        m += 1
    limit = g[G_SEVERAL]
    if limit < 2 or st[S_PLACED] == 0:
        return m
    doubles = np.empty(n1, dtype=np.int64)
    nd = 0
    for i in range(n1):
        t, _, mark = move_of(buf[i])
        if IS_DOUBLE[t] and not mark & MARK_LONG:
            doubles[nd] = buf[i]
            nd += 1
    if nd < 2:
        return m
    topology = g[G_TOPOLOGY]
    to_come = st[S_SPINNER] < 0 and topology in (TOPO_SPINNER, TOPO_SPINNER_OPEN)
    chosen = np.zeros(4, dtype=np.int64)
    nxt = np.zeros(5, dtype=np.int64)
    depth = 0
    while True:
        i = nxt[depth]
        if i >= nd:
            if depth == 0:
                break
            depth -= 1
            nxt[depth] = chosen[depth] + 1
            continue
        nxt[depth] = i + 1
        ti, pi, _ = move_of(doubles[i])
        fits = True
        for j in range(depth):
            tj, pj, _ = move_of(doubles[chosen[j]])
            if tj == ti or pj == pi:
                fits = False
        if not fits:
            continue
        chosen[depth] = i
        size = depth + 1
        if size >= 2:
            m = _emit(doubles, chosen, size, to_come, out, m)
        if size < limit:
            depth += 1
            nxt[depth] = i + 1
    return m


@_inline
def _emit(doubles: Int64Array, chosen: Int64Array, size: int, to_come: bool, out: Int64Array, m: int) -> int:
    """Write the moves of one set of doubles (see :func:`moves`); return the new count."""
    cap = out.shape[0]
    firsts = 0
    if to_come:
        for j in range(size):
            if not move_of(doubles[chosen[j]])[2] & MARK_CLOSED:
                firsts += 1
    if firsts < 2:
        if m < cap:
            for j in range(4):
                out[m, j] = doubles[chosen[j]] if j < size else -1
        return m + 1
    for f in range(size):
        if move_of(doubles[chosen[f]])[2] & MARK_CLOSED:
            continue
        if m < cap:
            out[m, 0] = doubles[chosen[f]]
            c = 1
            for j in range(size):
                if j != f:
                    out[m, c] = doubles[chosen[j]]
                    c += 1
            for j in range(size, 4):
                out[m, j] = -1
        m += 1
    return m


# -------------------------------------------------------------- after a move
@bare
def apply_move(st: Int64Array, g: Int64Array, parts: Int64Array, nparts: int) -> int:
    """Make a move of ``nparts`` rows ``(tile, point id, mark)`` for the seat to move (several
    doubles at once), then carry out everything the rules force (see :func:`apply_one`). Return
    the points the move scored."""
    seat = st[S_TURN]
    tiles = 0
    for i in range(nparts):
        play_part(st, g, parts[i, 0], parts[i, 1], parts[i, 2])
        tiles |= np.int64(1) << parts[i, 0]
    st[S_LAST_MOVE] = tiles
    if g[G_PLAIN]:
        return _after(st, g, seat, True)
    return _after(st, g, seat, False)


@bare
def apply_one(st: Int64Array, g: Int64Array, t: int, pid: int, mark: int) -> int:
    """Place tile ``t`` on point ``pid`` (-1: the lead) with ``mark`` for the seat to move, then
    carry out everything the rules force (points, target, domino, team out, knocks, draws, block,
    settlement). Return the points the move scored."""
    if g[G_PLAIN]:
        return _apply_one(st, g, t, pid, mark, True)
    return _apply_one(st, g, t, pid, mark, False)


@_inline
def _apply_one(st: Int64Array, g: Int64Array, t: int, pid: int, mark: int, plain: bool) -> int:
    seat = st[S_TURN]
    _place(st, g, t, pid, mark, plain)
    st[S_LAST_MOVE] = np.int64(1) << t
    return _after(st, g, seat, plain)


@_inline
def _after(st: Int64Array, g: Int64Array, seat: int, plain: bool) -> int:
    st[S_MOVES] += 1
    st[S_LAST] = seat
    if not plain and g[G_FISHERMAN] == FISHER_NON_DOUBLE and st[S_LAST_MOVE] & ~_DOUBLES:
        st[S_FISHER] = seat + 1  # Sea Goat's fisherman: a double is not counted as the last tile
    pts = _move_points(st, g, plain)
    side = _side_of(g, seat)
    if pts:
        score = st[S_SCORE + side]
        if g[G_ENDING] == ENDING_AT_ONCE and g[G_EXACT] and score + pts > g[G_TARGET]:
            pts = 0
        if pts:
            st[S_SCORE + side] = score + pts
            st[S_MOVE_POINTS] += pts
            if g[G_ENDING] == ENDING_AT_ONCE and _won(g, score + pts):
                st[S_END] = END_TARGET
                st[S_TURN] = -1
                st[S_OVER] = OVER_WON
                st[S_WINNERS] = np.int64(1) << side
                return pts
    if st[S_HANDS + seat] == 0:
        if not g[G_TEAM_OUT]:
            _finish(st, g, END_DOMINO, seat)
            return pts
        st[S_OUT] |= np.int64(1) << seat
        if (st[S_OUT] >> ((seat + 2) % g[G_SEATS])) & 1:
            _finish(st, g, END_DOMINO, seat)
            return pts
    if g[G_ALL_CLOSED] and st[S_NPTS] == 0:
        _finish(st, g, END_BLOCKED, -1)
        return pts
    _advance(st, g, seat, plain)
    return pts


@_inline
def _won(g: Int64Array, score: int) -> bool:
    if g[G_EXACT]:
        return score == g[G_TARGET]  # type: ignore[no-any-return]
    return score >= g[G_TARGET]  # type: ignore[no-any-return]


@_inline
def advance(st: Int64Array, g: Int64Array, seat: int) -> None:
    """After ``seat`` moved: the next seat that can move becomes the seat to move (the seats in
    between knock, or draw as the game says); or the hand is blocked and settled."""
    if g[G_PLAIN]:
        _advance(st, g, seat, True)
    else:
        _advance(st, g, seat, False)


@_inline
def _advance(st: Int64Array, g: Int64Array, seat: int, plain: bool) -> None:
    n = g[G_SEATS]
    fits = _playable(st, g, plain)
    st[S_FITS] = fits
    drawing = g[G_BONEYARD] == BONEYARD_DRAW and g[G_STUCK] != STUCK_KNOCK
    s = seat
    knocks = 0
    if not drawing:
        for _ in range(n):
            s = s + 1 if s + 1 < n else 0
            hand = st[S_HANDS + s]
            if hand & fits:
                st[S_TURN] = s
                st[S_KNOCKS] += knocks
                return
            if hand:
                knocks += 1
        _finish(st, g, END_BLOCKED, -1)
        return
    limit = st[S_BLEN] - g[G_RESERVE]
    one = g[G_STUCK] == STUCK_ONE
    while True:
        if st[S_BPOS] >= limit:
            anyone = False
            for k in range(n):
                if st[S_HANDS + k] & fits:
                    anyone = True
            if not anyone:
                _finish(st, g, END_BLOCKED, -1)
                return
        s = s + 1 if s + 1 < n else 0
        hand = st[S_HANDS + s]
        if hand == 0:
            continue  # out (team out)
        if hand & fits:
            st[S_TURN] = s
            st[S_KNOCKS] += knocks
            return
        placed = False
        while st[S_BPOS] < limit:
            st[S_KNOCKS] += knocks  # the knocks before a draw are recorded, whatever follows
            knocks = 0
            t = st[S_BONE + st[S_BPOS]]
            st[S_BPOS] += 1
            st[S_HANDS + s] |= np.int64(1) << t
            st[S_DRAWS + s] += 1
            if (fits >> t) & 1:
                placed = True
                break
            if one:
                break
        if placed:
            st[S_TURN] = s
            st[S_KNOCKS] += knocks
            return
        knocks += 1


# ---------------------------------------------------------------- settlement
@_inline
def _round(n: int, step: int) -> int:
    if step == 5:
        return (n + 2) // 5 * 5
    if step == 3:
        return (n + 1) // 3 * 3
    return n


@bare
def settle(st: Int64Array, g: Int64Array) -> None:
    """Settle a domino or blocked hand (README §2.15) and decide whether the match is over
    (§2.17): each seat's pips and hand value go to ``S_PIPS``/``S_VALUES``, each side's score
    change to ``S_AWARD``."""
    n = g[G_SEATS]
    sides = g[G_SIDES]
    pips = st[S_PIPS : S_PIPS + 4]
    values = st[S_VALUES : S_VALUES + 4]
    award = st[S_AWARD : S_AWARD + 4]
    totals = st[S_SIDE_TOTALS : S_SIDE_TOTALS + 4]
    lone = g[G_LONE]
    for s in range(4):
        pips[s] = 0
        values[s] = 0
        totals[s] = 0
    for s in range(n):
        h = st[S_HANDS + s]
        p = 0
        while h:
            p += PIPS[lowest(h)]
            h &= h - 1
        pips[s] = p
        values[s] = _value(g, st[S_HANDS + s], p, lone)
        totals[_side_of(g, s)] += values[s]
    for side in range(4):
        award[side] = 0
    kind = g[G_SETTLE]
    end = st[S_END]
    finisher = st[S_FINISHER]
    for s in range(4):
        st[S_DEDUCTIONS + s] = 0
    if kind in (SETTLE_ROUND5, SETTLE_FLOOR5):
        for s in range(n):
            amount = (pips[s] + 2) // 5 * 5 if kind == SETTLE_ROUND5 else pips[s] // 5 * 5
            st[S_DEDUCTIONS + s] = amount
            award[_side_of(g, s)] -= amount
        for side in range(sides):
            score = st[S_SCORE + side] + award[side]
            if kind == SETTLE_FLOOR5 and score < 0:
                award[side] -= score
                score = 0
            st[S_SCORE + side] = score
    elif kind in (SETTLE_WINNER_TAKES, SETTLE_BONUS):
        winner = -1
        raw = 0
        if end == END_DOMINO:
            winner = _side_of(g, finisher)
            for side in range(sides):
                if side != winner:
                    raw += totals[side]
        elif kind == SETTLE_WINNER_TAKES or g[G_BONUS_BLOCK]:
            low = totals[0]
            for side in range(1, sides):
                low = min(low, totals[side])
            ties = 0
            total = 0
            for side in range(sides):
                total += totals[side]
                if totals[side] == low:
                    ties += 1
                    winner = side
            if ties > 1:
                winner = -1
            raw = total - 2 * low
        if winner >= 0:
            amount = g[G_BONUS] if kind == SETTLE_BONUS else _round(raw, g[G_ROUND]) // g[G_DIVISOR]
            if g[G_ENDING] == ENDING_AT_ONCE and g[G_EXACT] and st[S_SCORE + winner] + amount > g[G_TARGET]:
                amount = 0
            award[winner] = amount
            st[S_SCORE + winner] += amount
    elif kind == SETTLE_LOSERS_WRITE:
        _losers_write(st, g, totals, award)
    elif kind == SETTLE_COUNTS:
        _counts(st, g, award)
    elif kind == SETTLE_SEA:
        if _sea_record(st, g, values, totals, award):
            return  # an event ended the match (sea-kozel.md §9.3)
    elif kind == SETTLE_NONE:
        if end == END_DOMINO:
            st[S_OVER] = OVER_WON
            st[S_WINNERS] = np.int64(1) << finisher
        else:
            fewest = popcount(st[S_HANDS])
            for s in range(1, n):
                fewest = min(fewest, popcount(st[S_HANDS + s]))
            winners = 0
            k = 0
            for s in range(n):
                if popcount(st[S_HANDS + s]) == fewest:
                    winners |= 1 << s
                    k += 1
            if k == n:
                st[S_OVER] = OVER_DRAW
            else:
                st[S_OVER] = OVER_WON
                st[S_WINNERS] = winners
        return
    _after_hand(st, g)


@_inline
def _value(g: Int64Array, hand: int, pips: int, lone: int) -> int:
    """A hand's value (README §2.16): its pips, or the sea values of a hand of exactly 0-0 (25),
    6-6 (50) or both (75), or the game's value of a lone 0-0."""
    if g[G_SEA_VALUES]:
        if hand == _BLANKS_BIT:
            return 25
        if hand == _SIXES_BIT:
            return 50
        if hand == _BLANKS_BIT | _SIXES_BIT:
            return 75
        return pips
    if lone >= 0 and hand == _BLANKS_BIT:
        return lone
    return pips


#: Sea Goat (``sea-kozel.md``): the amount that opens or crosses out a record, and a seat's value
#: that counts as "25 or more" (§8.4, §9.2); the failed write-off attempt that settles the
#: suspended block (§9.2 (5)). (As :mod:`sevenrocks.core.games.sea` states them.)
_SEA_OPENING: Final = 25
_SEA_SPECIAL: Final = 25
_SEA_ATTEMPTS: Final = 3


@_inline
def _write_record(st: Int64Array, winner: int, amount: int) -> tuple[int, bool]:
    """Sea Goat's record (§8.4) after side ``winner`` wins ``amount``: the scores change (the
    record side's score is the record); return the points added and whether the record was
    crossed out."""
    if st[S_SCORE] == 0 and st[S_SCORE + 1] == 0:  # no record
        if amount >= _SEA_OPENING:
            st[S_SCORE + winner] = amount
            return amount, False
        return 0, False
    if st[S_SCORE + winner] > 0:
        st[S_SCORE + winner] += amount
        return amount, False
    if amount >= _SEA_OPENING:
        st[S_SCORE] = 0
        st[S_SCORE + 1] = 0
        return 0, True
    return 0, False


@bare
def _sea_record(
    st: Int64Array, g: Int64Array, values: Int64Array, totals: Int64Array, award: Int64Array
) -> bool:
    """Sea Goat's settlement (``sea-kozel.md`` §8) and its events (§9.2–§9.4, with ``events``),
    as :class:`~sevenrocks.core.games.sea.SeaRecord` settles it: the record in the scores, the
    eggs, the owed hundred, the write-off; the events' bits in ``S_SEA_EVENTS``, what each side
    added to the record in ``S_AWARD``. Return True when an event ended the match (the hand is
    then not settled)."""
    st[S_EGG_REDEALS] = 0  # §8.6: a played hand starts the count again
    st[S_SEA_EVENTS] = 0
    n = g[G_SEATS]
    finisher = st[S_FINISHER] if st[S_END] == END_DOMINO else -1
    if finisher >= 0:
        winner = _side_of(g, finisher)
    elif totals[0] == totals[1]:
        winner = -1  # eggs
    else:
        winner = 0 if totals[0] < totals[1] else 1
    pending = st[S_WO_SEAT] > 0  # a hand played while a write-off is pending is an attempt
    events = 0
    owed = -1
    suspended = False
    on = g[G_SEA_EVENTS]
    if on:
        last = st[S_LAST_MOVE]
        over = -1
        if finisher >= 0 and last & _BLANKS_BIT:  # (1) bald goat
            events = EV_BALD_GOAT
            over = winner
        six_short = False
        if over < 0 and finisher >= 0 and last & _SIXES_BIT:  # (2) six-six finish
            for s in range(n):
                if _side_of(g, s) != winner and values[s] >= _SEA_SPECIAL:
                    events = EV_SIX_SIX
                    over = winner
            six_short = over < 0
        hundred = st[S_HUNDRED] - 1
        if over < 0 and hundred >= 0:  # (3) the hundred hand, judged on §8.2's winner
            side = _side_of(g, hundred)
            if winner == side:
                events = EV_HUNDRED_WON
                over = side
            elif winner >= 0 and values[hundred] >= _SEA_SPECIAL:
                events = EV_HUNDRED_LOST
                over = 1 - side
        if over >= 0:  # §9.3: the match is over, the hand not settled
            st[S_SEA_EVENTS] = events
            st[S_OVER] = OVER_WON
            st[S_WINNERS] = np.int64(1) << over
            return True
        if six_short:
            events |= EV_SIX_SIX_SHORT
            owed = finisher
        kind = g[G_FISHERMAN]
        fisherman = -1
        if kind == FISHER_NON_DOUBLE:
            fisherman = st[S_FISHER] - 1
        elif kind == FISHER_LAST:
            fisherman = st[S_LAST]
        if finisher < 0 and winner >= 0 and fisherman >= 0:  # (4) the fisherman's block
            own_side = _side_of(g, fisherman)
            own = totals[own_side]
            other = totals[1 - own_side]
            if own < _SEA_OPENING and other > _SEA_OPENING:  # (a)
                events |= EV_FISHERMAN_HUNDRED
                winner = own_side
                owed = fisherman
            elif own > other and own > _SEA_OPENING and not pending:  # (b) suspended
                events |= EV_WRITE_OFF_PENDING
                st[S_WO_SEAT] = fisherman + 1
                st[S_WO_SIDE] = own_side
                st[S_WO_AMOUNT] = own
                st[S_WO_FAILURES] = 0
                suspended = True
    if not suspended:
        if winner < 0:  # §8.6: eggs
            st[S_EGGS] += totals[0] + totals[1]
        else:
            added, crossed = _write_record(st, winner, totals[1 - winner] + st[S_EGGS])
            st[S_EGGS] = 0
            award[winner] += added
            if crossed:
                events |= EV_CROSSED_OUT
    if on and pending:  # (5) an attempt at the pending write-off
        side = st[S_WO_SIDE]
        if winner == side and totals[1 - side] >= _SEA_OPENING:
            events |= EV_WRITE_OFF
            st[S_WO_SEAT] = 0
        elif st[S_WO_FAILURES] + 1 < _SEA_ATTEMPTS:
            st[S_WO_FAILURES] += 1
        else:
            events |= EV_WRITE_OFF_FAILED
            other = 1 - side
            added, crossed = _write_record(st, other, st[S_WO_AMOUNT])
            award[other] += added
            if crossed:
                events |= EV_CROSSED_OUT_AFTER
            owed = st[S_WO_SEAT] % n  # the seat after the fisherman (S_WO_SEAT is his seat + 1)
            st[S_WO_SEAT] = 0
    if st[S_WO_SEAT] == 0:
        st[S_WO_SIDE] = 0
        st[S_WO_AMOUNT] = 0
        st[S_WO_FAILURES] = 0
    st[S_OWED] = owed + 1
    st[S_SEA_EVENTS] = events
    return False


@bare
def _counts(st: Int64Array, g: Int64Array, award: Int64Array) -> None:
    """General's settlement (``general.md`` §8): after a domino the seat after the finisher loses
    the hand, its side scores one lost hand, and a last move with 0-0 or 6-6 makes it a General
    (version ``naked``: both a General, 0-0 alone a naked); a side given a General or a naked, or
    with the hands lost that make it give way, loses the match. A block is void."""
    st[S_LOSER] = -1
    st[S_GENERAL] = -1
    st[S_NAKED] = -1
    finisher = st[S_FINISHER]
    if st[S_END] != END_DOMINO or finisher < 0:
        return
    loser = (finisher + 1) % g[G_SEATS]
    side = _side_of(g, loser)
    blanks = (st[S_LAST_MOVE] & g[G_GENERAL_TILES]) != 0
    sixes = (st[S_LAST_MOVE] & g[G_GENERAL_TILES + 1]) != 0
    if g[G_NAKED]:
        if blanks and sixes:
            st[S_GENERAL] = side
        elif blanks:
            st[S_NAKED] = side
    elif blanks or sixes:
        st[S_GENERAL] = side
    st[S_LOSER] = loser
    st[S_SCORE + side] += 1
    award[side] = 1
    if st[S_GENERAL] >= 0 or st[S_NAKED] >= 0 or st[S_SCORE + side] >= g[G_LOST_HANDS]:
        st[S_OVER] = OVER_WON
        st[S_WINNERS] = ((np.int64(1) << g[G_SIDES]) - 1) & ~(np.int64(1) << side)


@bare
def _losers_write(st: Int64Array, g: Int64Array, totals: Int64Array, award: Int64Array) -> None:
    """The Goat family's settlement (``kozel.md`` §8): losers write their own totals, with the
    opening threshold, remembered points and eggs."""
    sides = g[G_SIDES]
    losers = 0
    if st[S_END] == END_DOMINO:
        winner = _side_of(g, st[S_FINISHER])
        for side in range(sides):
            if side != winner:
                losers |= 1 << side
    else:
        low = totals[0]
        for side in range(1, sides):
            low = min(low, totals[side])
        for side in range(sides):
            if totals[side] != low:
                losers |= 1 << side
    if losers == 0:
        if g[G_EGGS]:
            for side in range(sides):
                st[S_EGGS] += totals[side]
        return
    amounts = st[S_AWARD : S_AWARD + 4]  # (the amounts first; what is written replaces them)
    for side in range(sides):
        amounts[side] = totals[side]
    if st[S_EGGS]:
        most = -1
        for side in range(sides):
            if (losers >> side) & 1 and amounts[side] > most:
                most = amounts[side]
        n = g[G_SEATS]
        start = st[S_LAST]
        taker = -1
        for step in range(1, n + 1):
            side = _side_of(g, (start + step) % n)
            if taker < 0 and (losers >> side) & 1 and amounts[side] == most:
                taker = side
        amounts[taker] += st[S_EGGS]
        st[S_EGGS] = 0
    for side in range(sides):
        opened = (st[S_OPENED] >> side) & 1
        if not (losers >> side) & 1:
            amounts[side] = 0
            if not opened:
                st[S_REMEMBER + side] = 0
            continue
        amount = amounts[side]
        amounts[side] = 0
        written = 0
        if opened:
            written = amount
        elif amount >= g[G_THRESHOLD]:
            written = amount + st[S_REMEMBER + side]
            st[S_REMEMBER + side] = 0
            st[S_OPENED] |= np.int64(1) << side
        elif g[G_REMEMBER]:
            st[S_REMEMBER + side] += amount
        award[side] = written
        st[S_SCORE + side] += written


@bare
def _after_hand(st: Int64Array, g: Int64Array) -> None:
    """Whether the match is over after a settled hand (README §2.17)."""
    sides = g[G_SIDES]
    ending = g[G_ENDING]
    target = g[G_TARGET]
    if ending in (ENDING_AT_ONCE, ENDING_AFTER_HAND):
        over = 0
        best = -(1 << 60)
        count = 0
        for side in range(sides):
            score = st[S_SCORE + side]
            reached = score == target if g[G_EXACT] else score >= target
            if reached:
                count += 1
                if score > best:
                    best = score
        if count == 0:
            return
        if count > 1 and g[G_BOTH_DRAW]:
            st[S_OVER] = OVER_DRAW
            return
        for side in range(sides):
            score = st[S_SCORE + side]
            reached = score == target if g[G_EXACT] else score >= target
            if reached and score == best:
                over |= 1 << side
        st[S_OVER] = OVER_WON
        st[S_WINNERS] = over
    elif ending == ENDING_LOSERS:
        worst = -1
        for side in range(sides):
            if st[S_SCORE + side] >= target and st[S_SCORE + side] > worst:
                worst = st[S_SCORE + side]
        if worst < 0:
            return
        goats = 0
        for side in range(sides):
            if st[S_SCORE + side] == worst:
                goats |= 1 << side
        all_sides = (np.int64(1) << sides) - 1
        st[S_GOATS] = goats
        if goats == all_sides:
            st[S_OVER] = OVER_DRAW
        else:
            st[S_OVER] = OVER_WON
            st[S_WINNERS] = all_sides & ~goats
    elif ending == ENDING_DEALS:
        if st[S_PLAYED] < g[G_DEALS]:
            return
        fewest = st[S_SCORE]
        for side in range(1, sides):
            fewest = min(fewest, st[S_SCORE + side])
        winners = 0
        k = 0
        for side in range(sides):
            if st[S_SCORE + side] == fewest:
                winners |= 1 << side
                k += 1
        if k == sides:
            st[S_OVER] = OVER_DRAW
        else:
            st[S_OVER] = OVER_WON
            st[S_WINNERS] = winners


@bare
def _finish(st: Int64Array, g: Int64Array, end: int, finisher: int) -> None:
    st[S_END] = end
    st[S_FINISHER] = finisher
    st[S_TURN] = -1
    st[S_PLAYED] += 1
    settle(st, g)


#: (exported for the documentation and the tests)
ENDS: Final = {END_NONE: None, END_DOMINO: "domino", END_BLOCKED: "blocked", END_TARGET: "target"}
OVER: Final = {OVER_NO: None, OVER_WON: "won", OVER_DRAW: "draw"}
