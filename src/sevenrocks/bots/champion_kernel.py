"""The compiled engine of the ``champion`` bot (numba): exact endgames and inference.

Built on the compiled step (:mod:`sevenrocks.fast.step`) and on the ``search`` kernel's
generator, deal sampler, play-outs and outcome value (:mod:`sevenrocks.bots.kernel`, unchanged),
it adds:

- :func:`solve` — **exact endgames**: alpha-beta over the hand to its end on one fully known
  position (every hand and the boneyard's draw order known, as in a sampled deal), valued as the
  search values a play-out (the partnership's net points, settlement included, the target as a
  large bonus; with more than two sides, *paranoid*: every other seat plays against the searching
  side). Moves are ordered greedy first (most points now, then most pips); a transposition table
  (a fixed-size array keyed by a 64-bit hash of the whole packed position, verified by a second
  hash) stores bounds. A node budget stops a search whose tree is too large; the caller then rolls
  the deal out instead. Moves of several doubles at once are not searched inside the tree (as the
  play-outs never choose them): inner nodes play one tile at a time.
- **Inference** — the likelihood of a sampled deal given the placements the other seats made in
  this hand, under a soft greedy policy: a seat places one of the tiles it holds that fit, the
  tile ``t`` with probability proportional to ``exp(u(t) / temperature)``, where ``u`` is the best
  placement of ``t`` then (points it scores, plus a sixty-fourth of its pips per pip... see
  :func:`history_tables`). A seat's hand at an earlier placement is taken as its sampled hand now
  plus the tiles it placed since (the tiles it drew since are not removed: in games with a
  boneyard the likelihood is an approximation there). Leads are not counted (a lead may be forced
  by the rules), nor moves of several doubles.
- :func:`evaluate` — the champion's search: sampled deals (as ``search`` samples them), each
  weighted by its likelihood; on each deal every candidate is valued exactly when the hand has at
  most ``exact_tiles`` tiles left in hands and the solve fits its node budget, else by a greedy
  play-out.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from sevenrocks.bots.kernel import _run, _sample, _value, encode_play
from sevenrocks.core.events import Placement
from sevenrocks.core.notation import Doubles
from sevenrocks.core.view import SeatView
from sevenrocks.fast import codes
from sevenrocks.fast.codes import (
    G_PARTNERS,
    G_PLAIN,
    G_SEATS,
    S_FINISHER,
    S_FITS,
    S_HANDS,
    S_LEAD_TILE,
    S_SCORE,
    S_SPINNER,
    S_TURN,
    STATE_SIZE,
)
from sevenrocks.fast.step import (
    MAX_OPTIONS,
    apply_move,
    apply_one,
    move_of,
    njit,
    options,
    play_part,
    playable,
    points_after_as,
)
from sevenrocks.fast.tables import PIPS

__all__ = [
    "DEFAULT_EXACT_TILES",
    "DEFAULT_NODE_BUDGET",
    "DEFAULT_TEMPERATURE",
    "evaluate",
    "history_tables",
    "likelihoods",
    "solve",
]

Int64Array = npt.NDArray[np.int64]
UInt64Array = npt.NDArray[np.uint64]
FloatArray = npt.NDArray[np.float64]

#: Solve a deal exactly when at most this many tiles are left in the seats' hands.
DEFAULT_EXACT_TILES: Final = 12
#: Positions an exact solve of one candidate on one deal may visit before it gives up.
DEFAULT_NODE_BUDGET: Final = 4000
#: The soft policy's temperature, in points (a tile's utility is its points now plus its pips / 64).
DEFAULT_TEMPERATURE: Final = 4.0
#: Transposition table size (a power of two).
TT_BITS: Final = 16
_MAX_DEPTH: Final = 64
_NO_TILE: Final = -1.0e9
_EXACT, _LOWER, _UPPER = 0, 1, 2


@njit
def _hash(st: Int64Array) -> tuple[np.uint64, np.uint64]:
    """Two independent 64-bit hashes of the whole packed position."""
    a = np.uint64(0x243F6A8885A308D3)
    b = np.uint64(0x13198A2E03707344)
    for i in range(st.shape[0]):
        x = np.uint64(st[i]) + np.uint64(i) * np.uint64(0x9E3779B97F4A7C15)
        x = (x ^ (x >> np.uint64(31))) * np.uint64(0xBF58476D1CE4E5B9)
        a = (a ^ x) * np.uint64(0x100000001B3)
        b = (b + (x ^ (x >> np.uint64(29)))) * np.uint64(0x94D049BB133111EB)
    return a, b


@njit
def _solve(
    st: Int64Array,
    g: Int64Array,
    side: int,
    bonus: float,
    before: Int64Array,
    budget: int,
    stack: Int64Array,
    obuf: Int64Array,
    okey: Int64Array,
    tt_a: UInt64Array,
    tt_b: UInt64Array,
    tt_v: FloatArray,
    tt_f: Int64Array,
    ctr: Int64Array,
    scratch: Int64Array,
) -> float:
    """Alpha-beta value of ``st`` for ``side`` (see the module), without recursion (numba's cache
    does not keep recursive functions safely): ``stack[d]`` is the position at depth ``d``, its
    moves in ``obuf[d]`` ordered by ``okey[d]``. ``ctr[0]`` counts positions, ``ctr[1]`` is 1
    afterwards if the budget ran out (the value is then meaningless)."""
    depth = stack.shape[0]
    alpha = np.empty(depth, dtype=np.float64)
    beta = np.empty(depth, dtype=np.float64)
    best = np.empty(depth, dtype=np.float64)
    a0 = np.empty(depth, dtype=np.float64)
    b0 = np.empty(depth, dtype=np.float64)
    nmoves = np.zeros(depth, dtype=np.int64)
    nextk = np.zeros(depth, dtype=np.int64)
    maxing = np.zeros(depth, dtype=np.bool_)
    hash_a = np.zeros(depth, dtype=np.uint64)
    hash_b = np.zeros(depth, dtype=np.uint64)
    for i in range(STATE_SIZE):
        stack[0, i] = st[i]
    ctr[0] = 0
    ctr[1] = 0
    plain = g[G_PLAIN] != 0
    mask = np.uint64((1 << TT_BITS) - 1)
    d = 0
    alpha[0] = -math.inf
    beta[0] = math.inf
    entering = True
    result = 0.0
    while True:
        if entering:
            here = stack[d]
            done = False
            if here[S_TURN] < 0:
                result = _value(here, g, before, side, bonus)
                done = True
            else:
                ctr[0] += 1
                if ctr[0] > budget or d + 1 >= depth:
                    ctr[1] = 1
                    return 0.0
                ha, hb = _hash(here)
                hash_a[d] = ha
                hash_b[d] = hb
                slot = np.int64(ha & mask)
                if tt_a[slot] == ha and tt_b[slot] == hb:
                    v = tt_v[slot]
                    f = tt_f[slot]
                    if f == _EXACT or (f == _LOWER and v >= beta[d]) or (f == _UPPER and v <= alpha[d]):
                        result = v
                        done = True
            if done:
                if d == 0:
                    return result
                d -= 1
                entering = False
                continue
            n = options(here, g, obuf[d])
            for i in range(n):
                t, pid, mark = move_of(obuf[d, i])
                if plain:
                    pts = points_after_as(here, g, t, pid, mark, scratch, True)
                else:
                    pts = points_after_as(here, g, t, pid, mark, scratch, False)
                okey[d, i] = pts * 64 + PIPS[t]
            seat = here[S_TURN]
            mover = seat & 1 if g[G_PARTNERS] else seat
            maxing[d] = mover == side
            nmoves[d] = n
            nextk[d] = 0
            a0[d] = alpha[d]
            b0[d] = beta[d]
            best[d] = -math.inf if maxing[d] else math.inf
        else:
            v = result
            if maxing[d]:
                if v > best[d]:
                    best[d] = v
                if v > alpha[d]:
                    alpha[d] = v
            else:
                if v < best[d]:
                    best[d] = v
                if v < beta[d]:
                    beta[d] = v
            if alpha[d] >= beta[d]:
                nextk[d] = nmoves[d]
        k = nextk[d]
        if k < nmoves[d]:
            j = k  # the best-ordered of the moves left (selection sort: greedy first)
            for i in range(k + 1, nmoves[d]):
                if okey[d, i] > okey[d, j]:
                    j = i
            if j != k:
                obuf[d, k], obuf[d, j] = obuf[d, j], obuf[d, k]
                okey[d, k], okey[d, j] = okey[d, j], okey[d, k]
            t, pid, mark = move_of(obuf[d, k])
            nextk[d] = k + 1
            for i in range(STATE_SIZE):
                stack[d + 1, i] = stack[d, i]
            apply_one(stack[d + 1], g, t, pid, mark)
            alpha[d + 1] = alpha[d]
            beta[d + 1] = beta[d]
            d += 1
            entering = True
            continue
        slot = np.int64(hash_a[d] & mask)
        tt_a[slot] = hash_a[d]
        tt_b[slot] = hash_b[d]
        tt_v[slot] = best[d]
        if best[d] <= a0[d]:
            tt_f[slot] = _UPPER
        elif best[d] >= b0[d]:
            tt_f[slot] = _LOWER
        else:
            tt_f[slot] = _EXACT
        result = float(best[d])
        if d == 0:
            return result
        d -= 1
        entering = False


@njit
def _solve_one(st: Int64Array, g: Int64Array, side: int, bonus: float, budget: int, out: FloatArray) -> None:
    """:func:`solve`'s compiled part: ``out[0]`` the value, ``out[1]`` positions, ``out[2]`` 1 if
    the budget ran out."""
    before = np.zeros(4, dtype=np.int64)
    for s in range(4):
        before[s] = st[S_SCORE + s]
    stack = np.zeros((_MAX_DEPTH, STATE_SIZE), dtype=np.int64)
    obuf = np.zeros((_MAX_DEPTH, MAX_OPTIONS), dtype=np.int64)
    okey = np.zeros((_MAX_DEPTH, MAX_OPTIONS), dtype=np.int64)
    size = 1 << TT_BITS
    tt_a = np.zeros(size, dtype=np.uint64)
    tt_b = np.zeros(size, dtype=np.uint64)
    tt_v = np.zeros(size, dtype=np.float64)
    tt_f = np.zeros(size, dtype=np.int64)
    ctr = np.zeros(2, dtype=np.int64)
    scratch = np.zeros(STATE_SIZE, dtype=np.int64)
    out[0] = _solve(
        st, g, side, bonus, before, budget, stack, obuf, okey, tt_a, tt_b, tt_v, tt_f, ctr, scratch
    )
    out[1] = ctr[0]
    out[2] = ctr[1]


def solve(
    state: Int64Array, game: Int64Array, side: int, *, bonus: float = 100.0, budget: int = 10**7
) -> tuple[float, int, bool]:
    """The exact value for ``side`` of a fully known packed position (``game``: the game's codes,
    :func:`sevenrocks.fast.game.encode_rules`) played to the end of its hand: ``(value, positions
    visited, whether the node budget ran out)`` (the value means nothing if it did)."""
    out = np.zeros(3, dtype=np.float64)
    _solve_one(state.astype(np.int64), game, int(side), float(bonus), int(budget), out)
    return float(out[0]), int(out[1]), bool(out[2])


# ------------------------------------------------------------------- inference
@njit
def _tables(fresh: Int64Array, g: Int64Array, rows: Int64Array, util: FloatArray) -> None:
    """Replay the hand's placements ``rows`` (``seat, tile, point id, mark, event``) on the empty
    layout ``fresh``; before each placement whose ``util`` row is wanted (event >= 0), fill that
    row with each tile's best utility then (points now + pips / 64; ``_NO_TILE`` where it fits
    nowhere)."""
    st = fresh.copy()
    buf = np.zeros(MAX_OPTIONS, dtype=np.int64)
    scratch = np.zeros(STATE_SIZE, dtype=np.int64)
    plain = g[G_PLAIN] != 0
    placed = np.int64(0)
    for r in range(rows.shape[0]):
        e = rows[r, 4]
        st[S_TURN] = 0
        st[S_LEAD_TILE] = -1
        if e >= 0:
            st[S_HANDS] = ~placed & ((np.int64(1) << 28) - 1)
            for t in range(28):
                util[e, t] = _NO_TILE
            n = options(st, g, buf)
            for i in range(n):
                t, pid, mark = move_of(buf[i])
                if plain:
                    pts = points_after_as(st, g, t, pid, mark, scratch, True)
                else:
                    pts = points_after_as(st, g, t, pid, mark, scratch, False)
                u = pts + PIPS[t] / 64.0
                if u > util[e, t]:
                    util[e, t] = u
        t = rows[r, 1]
        st[S_HANDS] = np.int64(1) << t
        play_part(st, g, t, rows[r, 2], rows[r, 3])
        st[S_FITS] = playable(st, g)
        placed |= np.int64(1) << t


def history_tables(view: SeatView, game: Int64Array) -> tuple[Int64Array, FloatArray]:
    """The evidence of ``view``'s hand for inference: per counted placement of another seat a row
    ``(seat, tile placed, tiles that seat placed from then on as a bitmask)`` and the utilities of
    every tile at that moment (points it would score at once at its best placement + pips / 64;
    a large negative number where it fits nowhere). Leads and moves of several doubles are not
    counted (their tiles still count as placed)."""
    parts: list[tuple[int, int, int, int, bool]] = []
    for event in view.events:
        if not isinstance(event, Placement):
            continue
        several = isinstance(event.play, Doubles)
        for k, row in enumerate(encode_play(event.play)):
            t, pid, mark = (int(x) for x in row)
            counted = not several and k == 0 and pid >= 0 and event.seat != view.seat
            parts.append((event.seat, t, pid, mark, counted))
    rows = np.zeros((len(parts), 5), dtype=np.int64)
    evidence: list[tuple[int, int, int]] = []
    for r, (seat, t, pid, mark, counted) in enumerate(parts):
        rows[r, :4] = (seat, t, pid, mark)
        rows[r, 4] = len(evidence) if counted else -1
        if counted:
            later = 0
            for seat2, t2, *_ in parts[r:]:
                if seat2 == seat:
                    later |= 1 << t2
            evidence.append((seat, t, later))
    util = np.zeros((max(len(evidence), 1), 28), dtype=np.float64)
    if evidence:
        _tables(_fresh(), game, rows, util)
    ev = np.array(evidence, dtype=np.int64).reshape(-1, 3)
    return ev, util[: len(evidence)]


def _fresh() -> Int64Array:
    st = np.zeros(STATE_SIZE, dtype=np.int64)
    st[S_SPINNER] = -1
    st[codes.S_OPENING] = -1
    st[codes.S_LAST] = -1
    st[S_FINISHER] = -1
    st[S_LEAD_TILE] = -1
    return st


@njit
def _soft(util: FloatArray, temperature: float, eu: FloatArray) -> None:
    """``eu[e, t]``: ``exp((util[e, t] - max_t util[e, t]) / temperature)``, 0 where ``t`` fits
    nowhere: the soft policy's unnormalised probabilities."""
    for e in range(util.shape[0]):
        top = -math.inf
        for t in range(28):
            if util[e, t] > _NO_TILE / 2 and util[e, t] > top:
                top = util[e, t]
        for t in range(28):
            eu[e, t] = math.exp((util[e, t] - top) / temperature) if util[e, t] > _NO_TILE / 2 else 0.0


@njit
def _likelihood(st: Int64Array, ev: Int64Array, eu: FloatArray) -> float:
    """The probability of the counted placements ``ev`` under the soft policy ``eu`` (of
    :func:`_soft`), given the hands of ``st``: the product of each placement's probability (the
    same as ``exp`` of :func:`_log_likelihood`, without a logarithm per placement)."""
    w = 1.0
    for e in range(ev.shape[0]):
        chosen = eu[e, ev[e, 1]]
        if chosen <= 0.0:  # (cannot happen: the tile placed fitted)
            continue
        h = st[S_HANDS + ev[e, 0]] | ev[e, 2]
        z = 0.0
        while h:
            low = h & -h
            t = 0
            while (low >> t) != 1:
                t += 1
            z += eu[e, t]
            h ^= low
        w *= chosen / z
    if w < 1e-300:
        w = 1e-300
    return w


@njit
def _log_likelihood(st: Int64Array, ev: Int64Array, util: FloatArray, temperature: float) -> float:
    """The log-probability of the counted placements ``ev`` under the soft greedy policy, given the
    hands of ``st``."""
    total = 0.0
    for e in range(ev.shape[0]):
        seat = ev[e, 0]
        if util[e, ev[e, 1]] < _NO_TILE / 2:  # (cannot happen: the tile placed fitted)
            continue
        hand = st[S_HANDS + seat] | ev[e, 2]
        top = -math.inf
        for t in range(28):
            if (hand >> t) & 1 and util[e, t] > _NO_TILE / 2 and util[e, t] > top:
                top = util[e, t]
        z = 0.0
        for t in range(28):
            if (hand >> t) & 1 and util[e, t] > _NO_TILE / 2:
                z += math.exp((util[e, t] - top) / temperature)
        total += (util[e, ev[e, 1]] - top) / temperature - math.log(z)
    return total


@njit
def _likelihoods(
    g: Int64Array,
    me: int,
    tiles: Int64Array,
    allowed: Int64Array,
    counts: Int64Array,
    n: int,
    rng: UInt64Array,
    ev: Int64Array,
    util: FloatArray,
    temperature: float,
    hands: Int64Array,
    logl: FloatArray,
) -> bool:
    """``n`` sampled deals: each seat's hand in ``hands[k]`` and the log-likelihood in ``logl[k]``."""
    st = np.zeros(STATE_SIZE, dtype=np.int64)
    holders = g[G_SEATS] + 1
    order = np.zeros(max(tiles.shape[0], 1), dtype=np.int64)
    cap = np.zeros(holders, dtype=np.int64)
    types = np.zeros(32, dtype=np.int64)
    for k in range(n):
        if not _sample(st, me, holders, tiles, allowed, counts, rng, order, cap, types):
            return False
        for s in range(g[G_SEATS]):
            hands[k, s] = st[S_HANDS + s]
        logl[k] = _log_likelihood(st, ev, util, temperature)
    return True


def likelihoods(
    view: SeatView, n: int, *, seed: int = 0, temperature: float = DEFAULT_TEMPERATURE
) -> tuple[Int64Array, FloatArray]:
    """``n`` deals sampled as ``search`` samples them for ``view``: each other seat's hand (a
    bitmask; ``view``'s own seat 0) per deal, and each deal's log-likelihood under the soft greedy
    policy (see the module)."""
    from sevenrocks.bots.kernel import _constraints
    from sevenrocks.fast.game import encode_rules

    game = encode_rules(view.rules)
    ev, util = history_tables(view, game)
    tiles, allowed, counts = _constraints(view)
    hands = np.zeros((n, 4), dtype=np.int64)
    logl = np.zeros(n, dtype=np.float64)
    rng = np.array([seed & (2**64 - 1)], dtype=np.uint64)
    if not _likelihoods(
        game, view.seat, tiles, allowed, counts, n, rng, ev, util, float(temperature), hands, logl
    ):
        raise ValueError(f"no deal of the unseen tiles fits seat {view.seat}'s view")
    hands[:, view.seat] = 0
    return hands, logl


# ------------------------------------------------------------------- the search
@njit
def _evaluate(
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
    ev: Int64Array,
    util: FloatArray,
    temperature: float,
    exact_tiles: int,
    budget: int,
    sums: FloatArray,
    squares: FloatArray,
    stats: FloatArray,
    stack: Int64Array,
    obuf: Int64Array,
    okey: Int64Array,
    tt_a: UInt64Array,
    tt_b: UInt64Array,
    tt_v: FloatArray,
    tt_f: Int64Array,
) -> int:
    """``n_iter`` sampled deals, each weighted by its likelihood (``temperature`` 0: unweighted);
    on each, every candidate's value: solved exactly if few tiles are left and the solve fits
    ``budget`` positions, else a ``policy`` play-out. Adds ``w * v`` to ``sums``, ``w * v * v`` to
    ``squares``; ``stats``: total weight, total squared weight, exact values, play-outs, positions
    searched, and 1 once a solve ran out of its budget (the decision's later deals are then all
    rolled out, so that a tree too large costs one budget, not one per deal). The solver's room
    (``stack`` to ``tt_f``, see :func:`workspace`) is kept from call to call
    (the transposition table's entries stay valid: they are keyed by whole positions).
    Returns the deals played, or -1 if the view admits no deal."""
    st = base.copy()
    work = base.copy()
    buf = np.zeros(MAX_OPTIONS, dtype=np.int64)
    trace = np.zeros((0, 4), dtype=np.int64)
    holders = g[G_SEATS] + 1
    order = np.zeros(max(tiles.shape[0], 1), dtype=np.int64)
    cap = np.zeros(holders, dtype=np.int64)
    types = np.zeros(32, dtype=np.int64)
    before = np.zeros(4, dtype=np.int64)
    scratch = np.zeros(STATE_SIZE, dtype=np.int64)
    ctr = np.zeros(2, dtype=np.int64)
    for s in range(4):
        before[s] = base[S_SCORE + s]
    side = me & 1 if g[G_PARTNERS] else me
    weigh = temperature > 0 and ev.shape[0] > 0
    eu = np.zeros((max(ev.shape[0], 1), 28), dtype=np.float64)
    if weigh:
        _soft(util, temperature, eu)
    for _ in range(n_iter):
        if not _sample(st, me, holders, tiles, allowed, counts, rng, order, cap, types):
            return -1
        w = _likelihood(st, ev, eu) if weigh else 1.0
        left = 0
        for s in range(g[G_SEATS]):
            h = st[S_HANDS + s]
            while h:
                h &= h - 1
                left += 1
        for c in range(cand.shape[0]):
            for i in range(STATE_SIZE):
                work[i] = st[i]
            v = 0.0
            solved = False
            if left <= exact_tiles and stats[5] == 0:
                apply_move(work, g, cand[c], ncand[c])
                v = _solve(
                    work,
                    g,
                    side,
                    bonus,
                    before,
                    budget,
                    stack,
                    obuf,
                    okey,
                    tt_a,
                    tt_b,
                    tt_v,
                    tt_f,
                    ctr,
                    scratch,
                )
                stats[4] += ctr[0]
                solved = ctr[1] == 0
                if not solved:
                    stats[5] = 1  # too large: roll out the rest of this decision's deals
                    for i in range(STATE_SIZE):
                        work[i] = st[i]
            if solved:
                stats[2] += 1
            else:
                _run(work, g, policy, rng, cand[c], ncand[c], buf, trace, scratch)
                v = _value(work, g, before, side, bonus)
                stats[3] += 1
            sums[c] += w * v
            squares[c] += w * v * v
        stats[0] += w
        stats[1] += w * w
    return n_iter


def evaluate(
    problem: Sequence[Any],
    deals: int,
    policy: int,
    bonus: float,
    rng: UInt64Array,
    temperature: float,
    exact_tiles: int,
    budget: int,
    sums: FloatArray,
    squares: FloatArray,
    stats: FloatArray,
    space: Sequence[npt.NDArray[Any]],
) -> int:
    """Run ``deals`` sampled deals of a packed champion problem: the search problem of
    :meth:`sevenrocks.bots.kernel.PlayEvaluator.arrays` followed by the evidence of
    :func:`history_tables`."""
    base, game, seat, tiles, allowed, counts, cand, ncand, ev, util = problem
    return int(
        _evaluate(
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
            ev,
            util,
            temperature,
            exact_tiles,
            budget,
            sums,
            squares,
            stats,
            *space,
        )
    )


def workspace() -> tuple[npt.NDArray[Any], ...]:
    """Room for :func:`evaluate`'s exact solves, made once per decision: the positions of a line of
    play, their moves and move keys, and the transposition table."""
    size = 1 << TT_BITS
    return (
        np.zeros((_MAX_DEPTH, STATE_SIZE), dtype=np.int64),
        np.zeros((_MAX_DEPTH, MAX_OPTIONS), dtype=np.int64),
        np.zeros((_MAX_DEPTH, MAX_OPTIONS), dtype=np.int64),
        np.zeros(size, dtype=np.uint64),
        np.zeros(size, dtype=np.uint64),
        np.zeros(size, dtype=np.float64),
        np.zeros(size, dtype=np.int64),
    )


def warm_up() -> None:
    """Compile (or load from numba's on-disk cache) every function of this module."""
    from sevenrocks.bots.kernel import PlayEvaluator
    from sevenrocks.core.match import Match
    from sevenrocks.fast.game import encode_rules

    for game in ("seven-rocks", "draw"):
        match = Match(game, seed=0)
        match.start_hand()
        turn = match.turn
        assert turn is not None
        match.push(match.legal_plays()[0])
        turn = match.turn
        assert turn is not None
        view = match.view(turn)
        evaluator = PlayEvaluator(view, view.moves)
        problem = evaluator.arrays()
        g = encode_rules(view.rules)
        ev, util = history_tables(view, g)
        sums = np.zeros(len(view.moves), dtype=np.float64)
        squares = np.zeros(len(view.moves), dtype=np.float64)
        stats = np.zeros(6, dtype=np.float64)
        rng = np.array([1], dtype=np.uint64)
        evaluate((*problem, ev, util), 1, 1, 100.0, rng, 1.0, 28, 1, sums, squares, stats, workspace())
        likelihoods(view, 1)
        solve(encode_match_of(match), g, 0, budget=1)


def encode_match_of(match: object) -> Int64Array:
    """The packed position of a core match (:func:`sevenrocks.bots.kernel.encode_match`)."""
    from sevenrocks.bots.kernel import encode_match
    from sevenrocks.core.match import Match

    assert isinstance(match, Match)
    return encode_match(match)
