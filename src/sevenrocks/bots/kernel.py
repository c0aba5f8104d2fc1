"""A compiled play-out kernel (numba): whole hands in a few integers, for search and statistics.

The kernel plays the same game as :class:`~sevenrocks.core.match.Match` — placements, the
spinner and its branches, counted ends and placement scores, knocks, the target, dominoes,
blocks and settlement — on a position packed into one ``int64`` array (see :func:`encode_match`
and :func:`encode_view`), with its own small random generator. The tests replay thousands of
kernel play-outs through the core engine and check that every total, score, knock and ending
agrees. The rules themselves — placing a tile with the spinner and its branches, the counted
total and its score, the next seat to place, domino, block and settlement — are the compiled
functions of :mod:`sevenrocks.fast.rules` (shared with :mod:`sevenrocks.rl.batched`), which read
the core's tables; nothing here is a second statement of the rules.

Policies: :data:`RANDOM` (a uniformly random legal placement, in the order of
:meth:`Match.legal_plays <sevenrocks.core.match.Match.legal_plays>`) and :data:`GREEDY` (the
highest immediate score, then the heaviest tile, ties at random — the ``greedy`` bot's rule).

>>> from sevenrocks.core import Match
>>> match = Match(seed=4)
>>> match.start_hand()
>>> outcome = playout(encode_match(match), policy=GREEDY, seed=1)
>>> outcome.end in ("domino", "blocked", "target"), outcome.placements >= 7
(True, True)
>>> stats = random_hands(1000, seed=3)
>>> stats.hands, 0 < stats.blocked < 1000
(1000, True)

Compilation is cached on disk (``cache=True``); :func:`warm_up` compiles or loads everything
once so that the first timed call does not pay for it.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from sevenrocks.core.match import Match
from sevenrocks.core.notation import PLAY_TABLE, Play
from sevenrocks.core.tiles import TILES, Tile
from sevenrocks.core.view import SeatView
from sevenrocks.fast.rules import (
    BLOCKED,
    DOMINO,
    counted_sum,
    lowest,
    next_turn,
    njit,
    opening_total,
    place,
    placement_score,
    playable,
    popcount,
    settle,
    total_after,
)
from sevenrocks.fast.tables import JOIN, NUM_POINT_IDS, PIPS

__all__ = [
    "GREEDY",
    "RANDOM",
    "STATE_SIZE",
    "HandStats",
    "NoConsistentDealError",
    "Outcome",
    "PlayEvaluator",
    "decode_play",
    "encode_match",
    "encode_play",
    "encode_view",
    "playout",
    "random_hands",
    "sample_hands",
    "warm_up",
]

Int64Array = npt.NDArray[np.int64]
UInt64Array = npt.NDArray[np.uint64]

#: Play-out policies.
RANDOM: Final = 0
GREEDY: Final = 1
_POLICIES: Final = {"random": RANDOM, "greedy": GREEDY}

_NP: Final = NUM_POINT_IDS  # 168 point ids

# ------------------------------------------------------------------ the packed position
#: ``state[0..3]``: the four hands as tile bitmasks.
_TURN: Final = 4  # the seat to place
_SPINNER: Final = 5  # tile index of the spinner, -1 before it
_TOTAL: Final = 6  # the counted total now
_NPOINTS: Final = 7  # how many connection points are open
_POINTS: Final = 8  # 8 slots (MAX_POINTS): open point ids, ascending
_SCORE: Final = 16  # two slots: partnership scores
_TARGET: Final = 18
_PLACED: Final = 19  # tiles in the layout
#: Length of a packed position.
STATE_SIZE: Final = 20

# ---------------------------------------------------------------------- results
_R_POINTS: Final = 0  # two slots: raw points each partnership scored in the play-out
_R_DED: Final = 2  # four slots: per-seat deductions at settlement
_R_END: Final = 6  # 0 domino, 1 blocked, 2 target
_R_FINISHER: Final = 7
_R_KNOCKS: Final = 8
_R_PLACEMENTS: Final = 9
_R_WINNER: Final = 10  # partnership that reached the target, or -1
_RESULT_SIZE: Final = 11
_ENDS: Final = ("domino", "blocked", "target")
#: Rows of a trace: seat, tile, point id, counted total, points, knocks that followed.
_TRACE_COLS: Final = 6


# ---------------------------------------------------------------------- generator
@njit
def _next(rng: UInt64Array) -> np.uint64:
    """splitmix64."""
    rng[0] += np.uint64(0x9E3779B97F4A7C15)
    z = rng[0]
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))  # type: ignore[no-any-return]


@njit
def _below(rng: UInt64Array, n: int) -> int:
    """A uniform integer in ``0 .. n-1`` for a small ``n`` (multiply-shift of 32 random bits)."""
    return np.int64(((_next(rng) >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))  # type: ignore[return-value]


# ---------------------------------------------------------------------- the rules
@njit
def _playable(st: Int64Array) -> int:
    return playable(st, _POINTS, st[_NPOINTS])


@njit
def _place(st: Int64Array, t: int, pid: int) -> int:
    """Place tile ``t`` on point ``pid`` (-1: opening) for the seat to play; return the points."""
    st[st[_TURN]] ^= np.int64(1) << t
    st[_NPOINTS], st[_SPINNER], total = place(st, _POINTS, st[_NPOINTS], st[_SPINNER], t, pid)
    st[_TOTAL] = total
    st[_PLACED] += 1
    return placement_score(total)


@njit
def _choose(
    st: Int64Array, policy: int, rng: UInt64Array, scratch: Int64Array, playable: int
) -> tuple[int, int]:
    """A placement ``(tile, point id)`` for the seat to play, by ``policy`` (``playable``: the
    tiles that fit an open point)."""
    hand = st[st[_TURN]]
    if st[_PLACED] == 0:
        if policy == RANDOM:
            r = _below(rng, popcount(hand))
            for _ in range(r):
                hand &= hand - 1
            return lowest(hand), -1
        best = -1
        ties = 0
        choice = -1
        h = hand
        while h:
            t = lowest(h)
            h &= h - 1
            key = placement_score(opening_total(t)) * 64 + PIPS[t]
            if key > best:
                best = key
                ties = 1
                choice = t
            elif key == best:
                ties += 1
                if _below(rng, ties) == 0:
                    choice = t
        return choice, -1
    n = st[_NPOINTS]
    cand = hand & playable
    if policy == RANDOM:
        options = 0
        c = cand
        while c:
            t = lowest(c)
            c &= c - 1
            for i in range(n):
                pid = st[_POINTS + i]
                if JOIN[t * _NP + pid] >= 0:
                    scratch[options] = t * _NP + pid
                    options += 1
        r = _below(rng, options) if options > 1 else 0
        return scratch[r] // _NP, scratch[r] % _NP
    count_sum = counted_sum(st, _POINTS, n)
    best = -1
    ties = 0
    bt = -1
    bp = -1
    c = cand
    while c:
        t = lowest(c)
        c &= c - 1
        for i in range(n):
            pid = st[_POINTS + i]
            if JOIN[t * _NP + pid] >= 0:
                key = placement_score(total_after(count_sum, t, pid)) * 64 + PIPS[t]
                if key > best:
                    best = key
                    ties = 1
                    bt = t
                    bp = pid
                elif key == best:
                    ties += 1
                    if _below(rng, ties) == 0:
                        bt = t
                        bp = pid
    return bt, bp


@njit
def _settle(st: Int64Array, res: Int64Array) -> None:
    settle(st, res[_R_DED : _R_DED + 4], st[_SCORE : _SCORE + 2])


@njit
def _run(
    st: Int64Array,
    policy: int,
    rng: UInt64Array,
    first_t: int,
    first_pid: int,
    res: Int64Array,
    trace: Int64Array,
    scratch: Int64Array,
) -> None:
    """Play the hand out from ``st`` (the seat to play must have a placement); fill ``res``.

    With ``first_t >= 0`` the first placement is ``first_t`` on ``first_pid``. ``trace`` (shape
    ``(n, 6)``, ``n`` 0 for no trace) receives one row per placement; ``scratch`` is room
    for 32 integers.
    """
    for i in range(_RESULT_SIZE):
        res[i] = 0
    res[_R_FINISHER] = -1
    res[_R_WINNER] = -1
    first = first_t >= 0
    playable = _playable(st)
    while True:
        seat = st[_TURN]
        if first:
            t = first_t
            pid = first_pid
            first = False
        else:
            t, pid = _choose(st, policy, rng, scratch, playable)
        pts = _place(st, t, pid)
        row = res[_R_PLACEMENTS]
        res[_R_PLACEMENTS] += 1
        if row < trace.shape[0]:
            trace[row, 0] = seat
            trace[row, 1] = t
            trace[row, 2] = pid
            trace[row, 3] = st[_TOTAL]
            trace[row, 4] = pts
            trace[row, 5] = 0
        if pts:
            team = seat & 1
            res[_R_POINTS + team] += pts
            st[_SCORE + team] += pts
            if st[_SCORE + team] >= st[_TARGET]:
                res[_R_END] = 2
                res[_R_WINNER] = team
                return
        playable = _playable(st)
        step = next_turn(st, seat, playable)
        if step == DOMINO:
            res[_R_END] = 0
            res[_R_FINISHER] = seat
            _settle(st, res)
            return
        if step == BLOCKED:
            res[_R_END] = 1
            _settle(st, res)
            return
        st[_TURN] = (seat + step) & 3
        res[_R_KNOCKS] += step - 1
        if row < trace.shape[0]:
            trace[row, 5] = step - 1


@njit
def _deal(st: Int64Array, order: Int64Array, rng: UInt64Array) -> None:
    """A fresh hand: shuffle, deal seven each, leader by lot, empty layout, no target."""
    for i in range(27, 0, -1):
        j = _below(rng, i + 1)
        order[i], order[j] = order[j], order[i]
    for i in range(STATE_SIZE):
        st[i] = 0
    for s in range(4):
        m = 0
        for k in range(7):
            m |= np.int64(1) << order[7 * s + k]
        st[s] = m
    st[_SPINNER] = -1
    st[_TARGET] = 1 << 40
    st[_TURN] = _below(rng, 4)


@njit
def _random_hands(n: int, policy: int, rng: UInt64Array, sums: Int64Array) -> None:
    """Deal and play ``n`` hands; add up hands, placements, knocks, blocks, points, deductions."""
    st = np.zeros(STATE_SIZE, dtype=np.int64)
    res = np.zeros(_RESULT_SIZE, dtype=np.int64)
    order = np.arange(28, dtype=np.int64)
    trace = np.zeros((0, _TRACE_COLS), dtype=np.int64)
    scratch = np.empty(32, dtype=np.int64)
    for _ in range(n):
        _deal(st, order, rng)
        _run(st, policy, rng, -1, -1, res, trace, scratch)
        sums[0] += 1
        sums[1] += res[_R_PLACEMENTS]
        sums[2] += res[_R_KNOCKS]
        sums[3] += res[_R_END] == 1
        sums[4] += res[_R_POINTS] + res[_R_POINTS + 1]
        sums[5] += res[_R_DED] + res[_R_DED + 1] + res[_R_DED + 2] + res[_R_DED + 3]


# ------------------------------------------------------------- determinization
@njit
def _hall_ok(types: Int64Array, cap: Int64Array) -> bool:
    """True if the tiles left (``types[a]``: how many may go to exactly the seats in bitset ``a``)
    can still be shared out within the capacities ``cap`` (Hall's condition)."""
    for group in range(1, 16):
        need = 0
        for a in range(1, 16):
            if types[a] and (a & ~group) == 0:
                need += types[a]
        have = 0
        for s in range(4):
            if (group >> s) & 1:
                have += cap[s]
        if need > have:
            return False
    return True


@njit
def _sample(
    st: Int64Array,
    me: int,
    tiles: Int64Array,
    allowed: Int64Array,
    counts: Int64Array,
    rng: UInt64Array,
    order: Int64Array,
    cap: Int64Array,
    types: Int64Array,
) -> bool:
    """Deal the unseen ``tiles`` to the seats other than ``me``: tile ``tiles[i]`` only to a seat
    in bitset ``allowed[i]``, seat ``s`` getting ``counts[s]`` tiles. Each tile (most constrained
    first, otherwise in random order) goes to a seat chosen in proportion to the room it has
    left among the seats that keep the rest of the deal possible. False if no deal exists."""
    n = tiles.shape[0]
    for i in range(n):
        order[i] = i
    for i in range(n - 1, 0, -1):
        j = _below(rng, i + 1)
        order[i], order[j] = order[j], order[i]
    constrained = False
    for i in range(16):
        types[i] = 0
    for i in range(n):
        types[allowed[i]] += 1
        if allowed[i] != allowed[0]:
            constrained = True
    if constrained:
        for i in range(1, n):
            v = order[i]
            key = popcount(allowed[v])
            j = i - 1
            while j >= 0 and popcount(allowed[order[j]]) > key:
                order[j + 1] = order[j]
                j -= 1
            order[j + 1] = v
    for s in range(4):
        cap[s] = 0 if s == me else counts[s]
        if s != me:
            st[s] = 0
    if not constrained and not _hall_ok(types, cap):
        return False
    for k in range(n):
        i = order[k]
        a = allowed[i]
        types[a] -= 1
        total = 0
        w0 = w1 = w2 = 0
        for s in range(4):
            if (a >> s) & 1 and cap[s] > 0:
                ok = True
                if constrained:
                    cap[s] -= 1
                    ok = _hall_ok(types, cap)
                    cap[s] += 1
                if ok:
                    total += cap[s]
                    if s == 0:
                        w0 = cap[s]
                    elif s == 1:
                        w1 = cap[s]
                    elif s == 2:
                        w2 = cap[s]
        if total == 0:
            return False
        r = _below(rng, total)
        if r < w0:
            s = 0
        elif r < w0 + w1:
            s = 1
        elif r < w0 + w1 + w2:
            s = 2
        else:
            s = 3
        st[s] |= np.int64(1) << tiles[i]
        cap[s] -= 1
    return True


@njit
def _evaluate(
    base: Int64Array,
    me: int,
    tiles: Int64Array,
    allowed: Int64Array,
    counts: Int64Array,
    cand_t: Int64Array,
    cand_p: Int64Array,
    n_iter: int,
    policy: int,
    bonus: float,
    rng: UInt64Array,
    sums: npt.NDArray[np.float64],
    squares: npt.NDArray[np.float64],
) -> int:
    """``n_iter`` sampled deals; on each, play every candidate and roll the hand out with
    ``policy``; add each outcome's value for ``me``'s partnership to ``sums``/``squares``.
    Returns the deals played, or -1 if the constraints admit no deal."""
    st = base.copy()
    work = base.copy()
    res = np.zeros(_RESULT_SIZE, dtype=np.int64)
    trace = np.zeros((0, _TRACE_COLS), dtype=np.int64)
    scratch = np.empty(32, dtype=np.int64)
    order = np.zeros(max(tiles.shape[0], 1), dtype=np.int64)
    cap = np.zeros(4, dtype=np.int64)
    types = np.zeros(16, dtype=np.int64)
    team = me & 1
    for _ in range(n_iter):
        if not _sample(st, me, tiles, allowed, counts, rng, order, cap, types):
            return -1
        for c in range(cand_t.shape[0]):
            for i in range(STATE_SIZE):
                work[i] = st[i]
            _run(work, policy, rng, cand_t[c], cand_p[c], res, trace, scratch)
            mine = res[_R_POINTS + team] - res[_R_DED + team] - res[_R_DED + team + 2]
            theirs = res[_R_POINTS + 1 - team] - res[_R_DED + 1 - team] - res[_R_DED + 3 - team]
            v = float(mine - theirs)
            if res[_R_WINNER] == team:
                v += bonus
            elif res[_R_WINNER] >= 0:
                v -= bonus
            sums[c] += v
            squares[c] += v * v
    return n_iter


# ------------------------------------------------------------------- Python API
@dataclass(frozen=True, slots=True)
class Outcome:
    """What a kernel play-out came to (the quantities of a :class:`~sevenrocks.core.events.HandResult`)."""

    end: str
    """``"domino"``, ``"blocked"`` or ``"target"``."""
    finisher: int | None
    winner: int | None
    """The partnership that reached the target during the play-out, if any."""
    points: tuple[int, int]
    """Raw points each partnership scored by placements during the play-out."""
    deductions: tuple[int, int, int, int]
    """Per seat, the rounded pips subtracted at settlement (zeros after the target)."""
    scores: tuple[int, int]
    """The partnership scores at the end."""
    knocks: int
    placements: int
    trace: tuple[tuple[int, int, int, int, int, int], ...]
    """One row per placement: seat, tile index, point id (-1: opening), counted total, points,
    knocks that followed (empty unless asked for)."""

    def value(self, partnership: int) -> int:
        """Points for ``partnership`` minus its deductions, less the same for the other side."""
        mine = self.points[partnership] - self.deductions[partnership] - self.deductions[partnership + 2]
        other = 1 - partnership
        theirs = self.points[other] - self.deductions[other] - self.deductions[other + 2]
        return mine - theirs


@dataclass(frozen=True, slots=True)
class HandStats:
    """Totals over many kernel-played hands."""

    hands: int
    placements: int
    knocks: int
    blocked: int
    points: int
    deductions: int


def _policy(policy: int | str) -> int:
    code = _POLICIES.get(policy, -1) if isinstance(policy, str) else policy
    if code not in (RANDOM, GREEDY):
        raise ValueError(f"unknown play-out policy {policy!r}: use 'random' or 'greedy'")
    return int(code)


def _rng(seed: int | None) -> UInt64Array:
    if seed is None:
        seed = int.from_bytes(np.random.default_rng().bytes(8), "little")
    return np.array([seed & (2**64 - 1)], dtype=np.uint64)


def encode_match(match: Match) -> Int64Array:
    """The packed position of ``match`` (a hand must be in progress).

    >>> match = Match(seed=1)
    >>> match.start_hand()
    >>> state = encode_match(match)
    >>> state.shape, int(state[_TURN]) == match.turn
    ((20,), True)
    """
    turn = match.turn
    if turn is None:
        raise ValueError("no hand is in progress: the kernel plays out hands from a seat to place")
    hands = {s: match.hand(s) for s in range(4)}
    return _encode(match.layout, hands, turn, match.scores, match.target)


def encode_view(view: SeatView, hands: Mapping[int, Sequence[Tile] | int]) -> Int64Array:
    """The packed position of ``view`` with the other seats holding ``hands`` (tiles or bitmasks).

    The same position as :meth:`Match.from_view(view, hands) <sevenrocks.core.match.Match.from_view>`,
    without building a match. ``hands`` is a guess: the kernel does not check it against the view.
    """
    if view.turn is None:
        raise ValueError("no hand is in progress: the kernel plays out hands from a seat to place")
    full: dict[int, Sequence[Tile] | int] = dict(hands)
    full[view.seat] = view.hand
    return _encode(view.layout, full, view.turn, view.scores, view.target)


def _encode(
    layout: Any,
    hands: Mapping[int, Sequence[Tile] | int],
    turn: int,
    scores: Sequence[int],
    target: int | None,
) -> Int64Array:
    st = np.zeros(STATE_SIZE, dtype=np.int64)
    for seat in range(4):
        held = hands.get(seat, 0)
        st[seat] = held if isinstance(held, int) else sum(t.bit for t in held)
    st[_TURN] = turn
    spinner = layout.spinner
    st[_SPINNER] = spinner.index if spinner is not None else -1
    st[_TOTAL] = layout.ends_total
    points = [p.id for p in layout.points]
    st[_NPOINTS] = len(points)
    st[_POINTS : _POINTS + len(points)] = points
    st[_SCORE] = scores[0]
    st[_SCORE + 1] = scores[1]
    st[_TARGET] = target if target is not None else 1 << 40
    st[_PLACED] = len(layout)
    return st


def encode_play(play: Play) -> tuple[int, int]:
    """``(tile index, point id)`` of a play; the point id is -1 for an opening."""
    point = play.point
    return play.tile.index, (-1 if point is None else point.id)


def decode_play(tile: int, pid: int) -> Play:
    """The :class:`Play` of a kernel placement ``(tile index, point id)``."""
    if pid < 0:
        return Play.opening(TILES[tile])
    play = PLAY_TABLE[tile * _NP + pid]
    if play is None:
        raise ValueError(f"tile {TILES[tile]} cannot join point id {pid}")
    return play


def playout(
    state: Int64Array,
    *,
    policy: int | str = RANDOM,
    seed: int | None = None,
    first: Play | None = None,
    trace: bool = False,
) -> Outcome:
    """Play the hand of ``state`` to its end with ``policy`` (``state`` itself is not changed).

    ``first`` forces the first placement. With ``trace`` the outcome lists every placement.
    """
    st = state.astype(np.int64, copy=True)
    res = np.zeros(_RESULT_SIZE, dtype=np.int64)
    rows = np.zeros((32 if trace else 0, _TRACE_COLS), dtype=np.int64)
    ft, fp = encode_play(first) if first is not None else (-1, -1)
    _run(st, _policy(policy), _rng(seed), ft, fp, res, rows, np.empty(32, dtype=np.int64))
    n = int(res[_R_PLACEMENTS]) if trace else 0
    return Outcome(
        end=_ENDS[int(res[_R_END])],
        finisher=int(res[_R_FINISHER]) if res[_R_FINISHER] >= 0 else None,
        winner=int(res[_R_WINNER]) if res[_R_WINNER] >= 0 else None,
        points=(int(res[_R_POINTS]), int(res[_R_POINTS + 1])),
        deductions=(int(res[_R_DED]), int(res[_R_DED + 1]), int(res[_R_DED + 2]), int(res[_R_DED + 3])),
        scores=(int(st[_SCORE]), int(st[_SCORE + 1])),
        knocks=int(res[_R_KNOCKS]),
        placements=int(res[_R_PLACEMENTS]),
        trace=tuple(tuple(int(x) for x in rows[i]) for i in range(n)),  # type: ignore[misc]
    )


def random_hands(n: int, *, seed: int | None = None, policy: int | str = RANDOM) -> HandStats:
    """Deal and play out ``n`` fresh hands (leader by lot, no target) inside the kernel."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"the number of hands must be a whole number >= 0, not {n!r}")
    sums = np.zeros(6, dtype=np.int64)
    _random_hands(n, _policy(policy), _rng(seed), sums)
    return HandStats(*(int(x) for x in sums))


def warm_up() -> float:
    """Compile (or load from the on-disk cache) every kernel function; return the seconds it took."""
    start = time.perf_counter()
    random_hands(2, seed=0, policy=RANDOM)
    random_hands(2, seed=0, policy=GREEDY)
    _warm_search()
    return time.perf_counter() - start


def _constraints(view: SeatView) -> tuple[Int64Array, Int64Array, Int64Array]:
    """The unseen tiles, for each the bitset of seats that may hold it, and the tile counts."""
    unseen = view.unseen_mask
    possible = [0 if s == view.seat else view.possible_mask(s) for s in range(4)]
    tiles = [t for t in range(len(TILES)) if (unseen >> t) & 1]
    allowed = [sum(1 << s for s in range(4) if (possible[s] >> t) & 1) for t in tiles]
    return (
        np.array(tiles, dtype=np.int64),
        np.array(allowed, dtype=np.int64),
        np.array(view.tile_counts, dtype=np.int64),
    )


class NoConsistentDealError(ValueError):
    """The view's knocks and tile counts admit no way to deal the unseen tiles."""


def sample_hands(view: SeatView, *, seed: int | None = None) -> dict[int, tuple[Tile, ...]]:
    """A guess at the other seats' hands, consistent with everything ``view`` knows.

    Every unseen tile goes to a seat that may hold it (no tile of a value the seat knocked on),
    in the counts the view shows. Feed the result to :meth:`Match.from_view
    <sevenrocks.core.match.Match.from_view>` or :func:`encode_view`.

    >>> match = Match(seed=2)
    >>> match.start_hand()
    >>> view = match.view(0)
    >>> hands = sample_hands(view, seed=1)
    >>> sorted(len(tiles) for tiles in hands.values())
    [7, 7, 7]
    >>> Match.from_view(view, hands).scores
    (0, 0)
    """
    tiles, allowed, counts = _constraints(view)
    st = np.zeros(STATE_SIZE, dtype=np.int64)
    n = max(len(tiles), 1)
    ok = _sample(
        st,
        view.seat,
        tiles,
        allowed,
        counts,
        _rng(seed),
        np.zeros(n, dtype=np.int64),
        np.zeros(4, dtype=np.int64),
        np.zeros(16, dtype=np.int64),
    )
    if not ok:
        raise NoConsistentDealError(f"no deal of the unseen tiles fits seat {view.seat}'s view")
    return {
        s: tuple(TILES[t] for t in range(len(TILES)) if (int(st[s]) >> t) & 1)
        for s in range(4)
        if s != view.seat
    }


class PlayEvaluator:
    """Scores candidate placements of a view by play-outs of sampled deals (the search bot's engine).

    Each :meth:`run` step deals the unseen tiles once (consistent with the view), plays every
    candidate on that same deal and rolls the hand out with ``policy``. The value of an outcome,
    for the view's partnership, is its points minus its deductions less the same for the other
    side, plus ``target_bonus`` if it reaches the target in the play-out (minus if the other side
    does). Reproducible: the same view, candidates and ``seed`` give the same sums.

    >>> match = Match(seed=5)
    >>> match.start_hand()
    >>> view = match.view(match.turn)
    >>> evaluator = PlayEvaluator(view, view.legal_plays, seed=3)
    >>> evaluator.run(20)
    >>> evaluator.deals, len(evaluator.means()) == len(view.legal_plays)
    (20, True)
    """

    def __init__(
        self,
        view: SeatView,
        plays: Sequence[Play],
        *,
        policy: int | str = GREEDY,
        target_bonus: float = 100.0,
        seed: int | None = None,
    ) -> None:
        if not plays:
            raise ValueError("there are no candidate placements to evaluate")
        if view.turn is None:
            raise ValueError("no hand is in progress in this view")
        self.plays = tuple(plays)
        self.seat = view.seat
        self.policy = _policy(policy)
        self.target_bonus = float(target_bonus)
        self._base = encode_view(view, {})
        self._tiles, self._allowed, self._counts = _constraints(view)
        encoded = [encode_play(p) for p in self.plays]
        self._cand_t = np.array([t for t, _ in encoded], dtype=np.int64)
        self._cand_p = np.array([p for _, p in encoded], dtype=np.int64)
        self._rng = _rng(seed)
        self.sums = np.zeros(len(self.plays), dtype=np.float64)
        self.squares = np.zeros(len(self.plays), dtype=np.float64)
        self.deals = 0

    def arrays(self) -> tuple[Int64Array, int, Int64Array, Int64Array, Int64Array, Int64Array, Int64Array]:
        """The packed search problem: position, seat, unseen tiles, their possible holders, tile
        counts, candidate tiles and point ids (what a helper process needs; no core objects)."""
        return (
            self._base,
            self.seat,
            self._tiles,
            self._allowed,
            self._counts,
            self._cand_t,
            self._cand_p,
        )

    def run(self, deals: int) -> None:
        """Play ``deals`` more sampled deals."""
        done = _evaluate(
            self._base,
            self.seat,
            self._tiles,
            self._allowed,
            self._counts,
            self._cand_t,
            self._cand_p,
            deals,
            self.policy,
            self.target_bonus,
            self._rng,
            self.sums,
            self.squares,
        )
        if done < 0:
            raise NoConsistentDealError(f"no deal of the unseen tiles fits seat {self.seat}'s view")
        self.deals += done

    def means(self) -> tuple[float, ...]:
        """The mean value of each candidate so far (0 before any deal)."""
        if not self.deals:
            return tuple(0.0 for _ in self.plays)
        return tuple(float(x) / self.deals for x in self.sums)


def _warm_search() -> None:
    match = Match(seed=0)
    match.start_hand()
    view = match.view(match.turn)  # type: ignore[arg-type]
    sample_hands(view, seed=0)
    evaluator = PlayEvaluator(view, view.legal_plays, policy=GREEDY, seed=0)
    evaluator.run(1)
    PlayEvaluator(view, view.legal_plays, policy=RANDOM, seed=0).run(1)
