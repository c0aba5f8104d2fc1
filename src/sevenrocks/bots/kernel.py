"""The compiled play-out kernel (numba): whole hands of any game, for search and statistics.

The kernel plays hands through the compiled step of :mod:`sevenrocks.fast.step` (the one
compiled statement of the rules, shared with :mod:`sevenrocks.rl.batched`) on a position packed
into one ``int64`` array (:func:`encode_match`, :func:`encode_view`), with a game's codes
(:func:`sevenrocks.fast.game.encode_rules`) and its own small random generator. What it adds is
how moves are chosen in play-outs, how the hidden tiles are dealt for a search, and how a search
scores a play-out; nothing here restates a rule.

Policies: :data:`RANDOM` (a uniformly random legal one-tile move, in the order of
:meth:`Match.legal_plays <sevenrocks.core.match.Match.legal_plays>`) and :data:`GREEDY` (the
highest immediate score, then the heaviest tile, ties at random — the ``greedy`` bot's rule).
Moves of several doubles are never chosen by a policy (they can be a searched candidate).

>>> from sevenrocks.core import Match
>>> match = Match(seed=4)
>>> match.start_hand()
>>> outcome = playout(encode_match(match), match.rules, policy=GREEDY, seed=1)
>>> outcome.end in ("domino", "blocked", "target"), outcome.moves >= 7
(True, True)
>>> stats = random_hands(1000, seed=3)
>>> stats.hands, 0 < stats.blocked < 1000
(1000, True)
>>> random_hands(200, game="kozel", seed=1).hands
200

Compilation is cached on disk (``cache=True``); :func:`warm_up` compiles or loads everything
once so that the first timed call does not pay for it.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from sevenrocks.bots.stats import HandStats
from sevenrocks.core.games import DEFAULT_GAME, Rules, find_game
from sevenrocks.core.match import Match
from sevenrocks.core.matching import SEVEN_PLAY, is_matador
from sevenrocks.core.notation import PLAY_TABLE, POINTS, Move, Play
from sevenrocks.core.tiles import TILES, Tile
from sevenrocks.core.view import SeatView
from sevenrocks.fast import codes
from sevenrocks.fast.codes import (
    G_DIRECTION,
    G_FIRST_LEAD,
    G_HAND_SIZE,
    G_MISDEAL,
    G_ORDER,
    G_PLAIN,
    G_SEATS,
    G_SIDES,
    OVER_DRAW,
    OVER_WON,
    S_BLEN,
    S_BONE,
    S_DRAWS,
    S_END,
    S_FINISHER,
    S_HANDS,
    S_KNOCKS,
    S_LEAD_TILE,
    S_LEADER,
    S_MOVES,
    S_OVER,
    S_SCORE,
    S_SPINNER,
    S_TURN,
    S_WINNERS,
    STATE_SIZE,
)
from sevenrocks.fast.game import decode_part, encode_move, encode_rules
from sevenrocks.fast.game import encode_match as _encode_match
from sevenrocks.fast.game import encode_view as _encode_view
from sevenrocks.fast.step import (
    MAX_OPTIONS,
    _inline,
    apply_move,
    apply_one,
    bare,
    move_of,
    njit,
    options,
    points_after_as,
    popcount,
)
from sevenrocks.fast.tables import PIPS, SUIT_OF_VALUE

__all__ = [
    "GREEDY",
    "RANDOM",
    "STATE_SIZE",
    "HandRunner",
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
    "sample_deal",
    "sample_hands",
    "warm_up",
]

Int64Array = npt.NDArray[np.int64]
UInt64Array = npt.NDArray[np.uint64]

#: Play-out policies.
RANDOM: Final = 0
GREEDY: Final = 1
_POLICIES: Final = {"random": RANDOM, "greedy": GREEDY}
_ENDS: Final = (None, "domino", "blocked", "target")
_DOUBLES: Final = sum(t.bit for t in TILES if t.is_double)


# ---------------------------------------------------------------------- generator
@bare
def _next(rng: UInt64Array) -> np.uint64:
    """splitmix64."""
    rng[0] += np.uint64(0x9E3779B97F4A7C15)
    z = rng[0]
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))  # type: ignore[no-any-return]


@bare
def _below(rng: UInt64Array, n: int) -> int:
    """A uniform integer in ``0 .. n-1`` for a small ``n`` (multiply-shift of 32 random bits)."""
    return np.int64(((_next(rng) >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))  # type: ignore[return-value]


# ---------------------------------------------------------------------- policies
@_inline
def _choose(
    st: Int64Array, g: Int64Array, policy: int, rng: UInt64Array, buf: Int64Array, scratch: Int64Array
) -> int:
    """The row of ``buf`` (filled by :func:`options`) that ``policy`` plays (``scratch``: room for
    a position, where a move's points need a trial placement)."""
    n = options(st, g, buf)
    if policy == RANDOM or n == 1:
        return _below(rng, n) if n > 1 else 0
    if g[G_PLAIN]:  # (tested once, out of the loop: the loop is compiled for plain games apart)
        return _greedy(st, g, rng, buf, n, scratch, True)
    return _greedy(st, g, rng, buf, n, scratch, False)


@_inline
def _greedy(
    st: Int64Array, g: Int64Array, rng: UInt64Array, buf: Int64Array, n: int, scratch: Int64Array, plain: bool
) -> int:
    """The greedy row of the ``n`` rows of ``buf``: the most points now, then the most pips."""
    best = -1
    ties = 0
    choice = 0
    for i in range(n):
        t, pid, mark = move_of(buf[i])
        key = points_after_as(st, g, t, pid, mark, scratch, plain) * 64 + PIPS[t]
        if key > best:
            best = key
            ties = 1
            choice = i
        elif key == best:
            ties += 1
            if _below(rng, ties) == 0:
                choice = i
    return choice


@bare
def _run(
    st: Int64Array,
    g: Int64Array,
    policy: int,
    rng: UInt64Array,
    first: Int64Array,
    nfirst: int,
    buf: Int64Array,
    trace: Int64Array,
    scratch: Int64Array,
) -> None:
    """Play the hand of ``st`` to its end with ``policy``; the first move is ``first`` (its
    ``nfirst`` rows) when ``nfirst`` > 0. ``trace`` (``(m, 4)``, ``m`` 0 for none) receives a row
    ``(seat, tile, point id, mark)`` per one-tile move (a forced first move of several doubles:
    its first part); ``scratch`` is room for a position (see :func:`_choose`)."""
    row = 0
    if nfirst > 0:
        if row < trace.shape[0]:
            trace[row, 0] = st[S_TURN]
            trace[row, 1] = first[0, 0]
            trace[row, 2] = first[0, 1]
            trace[row, 3] = first[0, 2]
        row += 1
        apply_move(st, g, first, nfirst)
    while st[S_TURN] >= 0:
        t, pid, mark = move_of(buf[_choose(st, g, policy, rng, buf, scratch)])
        if row < trace.shape[0]:
            trace[row, 0] = st[S_TURN]
            trace[row, 1] = t
            trace[row, 2] = pid
            trace[row, 3] = mark
        row += 1
        apply_one(st, g, t, pid, mark)


@bare
def _is_misdeal(st: Int64Array, n: int) -> bool:
    """The Goat misdeal (:func:`sevenrocks.core.deal.is_goat_misdeal`): five doubles, or six
    tiles of one suit, in one hand."""
    for s in range(n):
        h = st[S_HANDS + s]
        if popcount(h & _DOUBLES) >= 5:
            return True
        for v in range(7):
            if popcount(h & SUIT_OF_VALUE[v]) >= 6:
                return True
    return False


@bare
def _deal(st: Int64Array, g: Int64Array, order: Int64Array, rng: UInt64Array) -> None:
    """A fresh hand (scores 0, no ledger): shuffle, deal, the boneyard, and the leader by the
    first hand's rule (a lot, or the first tile of the order that a seat holds)."""
    n = g[G_SEATS]
    size = g[G_HAND_SIZE]
    while True:
        for i in range(27, 0, -1):
            j = _below(rng, i + 1)
            order[i], order[j] = order[j], order[i]
        for i in range(STATE_SIZE):
            st[i] = 0
        for s in range(n):
            m = 0
            for k in range(size):
                m |= np.int64(1) << order[size * s + k]
            st[S_HANDS + s] = m
        if not (g[G_MISDEAL] and _is_misdeal(st, n)):
            break
    rest = 28 - size * n
    for i in range(rest):
        st[S_BONE + i] = order[size * n + i]
    st[S_BLEN] = rest
    st[S_SPINNER] = -1
    st[codes.S_OPENING] = -1
    st[codes.S_LAST] = -1
    st[S_FINISHER] = -1
    st[S_LEAD_TILE] = -1
    if g[G_FIRST_LEAD]:
        for k in range(28):
            t = g[G_ORDER + k]
            holder = -1
            for s in range(n):
                if (st[S_HANDS + s] >> t) & 1:
                    holder = s
            if holder >= 0:
                st[S_TURN] = holder
                st[S_LEAD_TILE] = t
                break
    else:
        st[S_TURN] = _below(rng, n)
    st[S_LEADER] = st[S_TURN]


@njit
def _random_hands(n: int, g: Int64Array, policy: int, rng: UInt64Array, sums: Int64Array) -> None:
    """Deal and play ``n`` hands; add up hands, moves, tiles placed, knocks, blocks, draws, the
    points moves scored and the score changes at settlement (their absolute values)."""
    st = np.zeros(STATE_SIZE, dtype=np.int64)
    order = np.arange(28, dtype=np.int64)
    buf = np.zeros(MAX_OPTIONS, dtype=np.int64)
    first = np.zeros((1, 3), dtype=np.int64)
    trace = np.zeros((0, 4), dtype=np.int64)
    scratch = np.zeros(STATE_SIZE, dtype=np.int64)
    for _ in range(n):
        _deal(st, g, order, rng)
        _run(st, g, policy, rng, first, 0, buf, trace, scratch)
        sums[0] += 1
        sums[1] += st[S_MOVES]
        sums[2] += st[codes.S_PLACED]
        sums[3] += st[S_KNOCKS]
        sums[4] += st[S_END] == 2
        sums[5] += st[codes.S_MOVE_POINTS]
        for s in range(4):
            sums[6] += st[S_DRAWS + s]
            if st[S_END] != 3:
                sums[7] += abs(st[codes.S_AWARD + s])


# ------------------------------------------------------------- determinization
@bare
def _hall_ok(types: Int64Array, cap: Int64Array, holders: int) -> bool:
    """True if the tiles left (``types[a]``: how many may go to exactly the holders in bitset
    ``a``) can still be shared out within the capacities ``cap`` (Hall's condition)."""
    top = 1 << holders
    for group in range(1, top):
        need = 0
        for a in range(1, top):
            if types[a] and (a & ~group) == 0:
                need += types[a]
        have = 0
        for h in range(holders):
            if (group >> h) & 1:
                have += cap[h]
        if need > have:
            return False
    return True


@bare
def _sample(
    st: Int64Array,
    me: int,
    holders: int,
    tiles: Int64Array,
    allowed: Int64Array,
    counts: Int64Array,
    rng: UInt64Array,
    order: Int64Array,
    cap: Int64Array,
    types: Int64Array,
) -> bool:
    """Deal the unseen ``tiles`` to the seats other than ``me`` and to the boneyard (the last
    holder): tile ``tiles[i]`` only to a holder in bitset ``allowed[i]``, holder ``h`` getting
    ``counts[h]`` tiles; the boneyard's tiles in random draw order. Each tile (most constrained
    first, otherwise in random order) goes to a holder chosen in proportion to the room it has
    left among the holders that keep the rest of the deal possible. False if no deal exists."""
    n = tiles.shape[0]
    for i in range(n):
        order[i] = i
    for i in range(n - 1, 0, -1):
        j = _below(rng, i + 1)
        order[i], order[j] = order[j], order[i]
    constrained = False
    for i in range(32):
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
    bone = holders - 1
    for h in range(holders):
        cap[h] = 0 if h == me else counts[h]
        if h != me and h != bone:
            st[S_HANDS + h] = 0
    if not constrained and not _hall_ok(types, cap, holders):
        return False
    nb = 0
    for k in range(n):
        i = order[k]
        a = allowed[i]
        types[a] -= 1
        total = 0
        for h in range(holders):
            if (a >> h) & 1 and cap[h] > 0:
                ok = True
                if constrained:
                    cap[h] -= 1
                    ok = _hall_ok(types, cap, holders)
                    cap[h] += 1
                if ok:
                    total += cap[h]
        if total == 0:
            return False
        r = _below(rng, total)
        chosen = -1
        for h in range(holders):
            if chosen < 0 and (a >> h) & 1 and cap[h] > 0:
                ok = True
                if constrained:
                    cap[h] -= 1
                    ok = _hall_ok(types, cap, holders)
                    cap[h] += 1
                if ok:
                    if r < cap[h]:
                        chosen = h
                    else:
                        r -= cap[h]
        if chosen == bone:
            st[S_BONE + nb] = tiles[i]
            nb += 1
        else:
            st[S_HANDS + chosen] |= np.int64(1) << tiles[i]
        cap[chosen] -= 1
    for i in range(nb - 1, 0, -1):  # the boneyard in a random draw order
        j = _below(rng, i + 1)
        st[S_BONE + i], st[S_BONE + j] = st[S_BONE + j], st[S_BONE + i]
    st[S_BLEN] = nb
    return True


@bare
def _value(st: Int64Array, g: Int64Array, before: Int64Array, side: int, bonus: float) -> float:
    """A play-out's value for ``side``: its score change less the others' mean change (the sign
    turned where points are bad), plus ``bonus`` if it won the match, minus if it lost it."""
    sides = g[G_SIDES]
    mine = st[S_SCORE + side] - before[side]
    others = 0.0
    for s in range(sides):
        if s != side:
            others += st[S_SCORE + s] - before[s]
    v = g[G_DIRECTION] * (mine - others / (sides - 1))
    if st[S_OVER] == OVER_WON:
        if (st[S_WINNERS] >> side) & 1:
            v += bonus
        else:
            v -= bonus
    elif st[S_OVER] == OVER_DRAW:
        pass
    return v  # type: ignore[no-any-return]


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
    sums: npt.NDArray[np.float64],
    squares: npt.NDArray[np.float64],
) -> int:
    """``n_iter`` sampled deals; on each, play every candidate (``cand[c]``: ``ncand[c]`` rows of
    ``(tile, point id, mark)``) and roll the hand out with ``policy``; add each outcome's value for
    ``me``'s side to ``sums``/``squares``. Returns the deals played, or -1 if the view admits no
    deal."""
    st = base.copy()
    work = base.copy()
    buf = np.zeros(MAX_OPTIONS, dtype=np.int64)
    trace = np.zeros((0, 4), dtype=np.int64)
    n = max(tiles.shape[0], 1)
    order = np.zeros(n, dtype=np.int64)
    holders = g[G_SEATS] + 1
    cap = np.zeros(holders, dtype=np.int64)
    types = np.zeros(32, dtype=np.int64)
    before = np.zeros(4, dtype=np.int64)
    scratch = np.zeros(STATE_SIZE, dtype=np.int64)
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
            v = _value(work, g, before, side, bonus)
            sums[c] += v
            squares[c] += v * v
    return n_iter


# ------------------------------------------------------------------- Python API
@dataclass(frozen=True, slots=True)
class Outcome:
    """What a kernel play-out came to."""

    end: str
    """``"domino"``, ``"blocked"`` or ``"target"``."""
    finisher: int | None
    winners: tuple[int, ...]
    """The sides that won the match in the play-out (empty if it goes on, or ended drawn)."""
    draw: bool
    """True if the match ended in a draw in the play-out."""
    scores: tuple[int, ...]
    """The side scores at the end."""
    changes: tuple[int, ...]
    """Each side's score change over the play-out."""
    knocks: int
    moves: int
    draws: int
    trace: tuple[tuple[int, int, int, int], ...] = ()
    """One row per move: seat, tile index, point id (-1: the lead), mark (empty unless asked for)."""

    @property
    def winner(self) -> int | None:
        """The side that won the match in the play-out, when exactly one did."""
        return self.winners[0] if len(self.winners) == 1 else None


def _policy(policy: int | str) -> int:
    code = _POLICIES.get(policy, -1) if isinstance(policy, str) else policy
    if code not in (RANDOM, GREEDY):
        raise ValueError(f"unknown play-out policy {policy!r}: use 'random' or 'greedy'")
    return code


def _rng(seed: int | None) -> UInt64Array:
    if seed is None:
        seed = int.from_bytes(np.random.default_rng().bytes(8), "little")
    return np.array([seed & (2**64 - 1)], dtype=np.uint64)


def _rules(game: str | Rules | None, seats: int | None = None) -> Rules:
    if isinstance(game, Rules):
        return game
    return find_game(DEFAULT_GAME if game is None else game).rules(seats=seats)


def encode_match(match: Match) -> Int64Array:
    """The packed position of a match with a hand in progress."""
    return _encode_match(match)


def encode_view(
    view: SeatView, hands: Mapping[int, Sequence[Tile] | int], boneyard: Sequence[Tile] | Sequence[int] = ()
) -> Int64Array:
    """The packed position of ``view`` with the other seats holding ``hands`` and the boneyard in
    the order ``boneyard``: the same position as :meth:`Match.from_view`, without building a match.
    The guess is not checked against the view."""
    return _encode_view(view, hands, boneyard)


def encode_play(play: Move) -> Int64Array:
    """A move as rows ``(tile index, point id or -1, mark)``."""
    return np.array([decode_part(code) for code in encode_move(play) if code >= 0], dtype=np.int64)


def decode_play(tile: int, pid: int, mark: int = 0) -> Play:
    """The :class:`Play` of a kernel placement ``(tile index, point id, mark)`` (the marks of
    :func:`sevenrocks.core.layout.mark_bits`: lengthwise 1, closed 2, a matador's open half low 4
    or high 8)."""
    t = TILES[tile]
    if pid < 0:
        play = Play.opening(t)
    else:
        found = PLAY_TABLE[tile * 168 + pid] or SEVEN_PLAY[tile * 168 + pid]
        point = POINTS[pid]
        if found is None and is_matador(t) and point is not None:
            found = Play.on(t, point.anchor, point.side)
        if found is None:
            raise ValueError(f"tile {t} cannot join point id {pid}")
        play = found
    if mark & 12:
        return play.marked(open_half=t.low if mark & 4 else t.high)
    return play.marked(lengthwise=bool(mark & 1), closed=bool(mark & 2)) if mark else play


def playout(
    state: Int64Array,
    rules: Rules | None = None,
    *,
    policy: int | str = RANDOM,
    seed: int | None = None,
    first: Move | None = None,
    trace: bool = False,
) -> Outcome:
    """Play the hand of ``state`` (of a game with ``rules``, Seven Rocks by default) to its end
    with ``policy``; ``state`` itself is not changed. ``first`` forces the first move; with
    ``trace`` the outcome lists every move."""
    rules = _rules(rules)
    g = encode_rules(rules)
    st = state.astype(np.int64, copy=True)
    rows = encode_play(first) if first is not None else np.zeros((1, 3), dtype=np.int64)
    buf = np.zeros(MAX_OPTIONS, dtype=np.int64)
    before = [int(st[S_SCORE + s]) for s in range(rules.sides)]
    draws0 = sum(int(st[S_DRAWS + s]) for s in range(rules.seats))
    rows_out = np.zeros((64 if trace else 0, 4), dtype=np.int64)
    scratch = np.zeros(STATE_SIZE, dtype=np.int64)
    _run(
        st,
        g,
        _policy(policy),
        _rng(seed),
        rows,
        len(rows) if first is not None else 0,
        buf,
        rows_out,
        scratch,
    )
    scores = tuple(int(st[S_SCORE + s]) for s in range(rules.sides))
    n_moves = int(st[S_MOVES]) - int(state[S_MOVES]) if trace else 0
    over = int(st[S_OVER])
    return Outcome(
        end=_ENDS[int(st[S_END])] or "unfinished",
        finisher=int(st[S_FINISHER]) if st[S_FINISHER] >= 0 else None,
        winners=tuple(s for s in range(rules.sides) if over == OVER_WON and int(st[S_WINNERS]) >> s & 1),
        draw=over == OVER_DRAW,
        scores=scores,
        changes=tuple(scores[s] - before[s] for s in range(rules.sides)),
        knocks=int(st[S_KNOCKS]) - int(state[S_KNOCKS]),
        moves=int(st[S_MOVES]) - int(state[S_MOVES]),
        draws=sum(int(st[S_DRAWS + s]) for s in range(rules.seats)) - draws0,
        trace=tuple((int(r[0]), int(r[1]), int(r[2]), int(r[3])) for r in rows_out[:n_moves]),
    )


def random_hands(
    n: int,
    *,
    game: str | Rules | None = None,
    seats: int | None = None,
    seed: int | None = None,
    policy: int | str = RANDOM,
) -> HandStats:
    """Deal and play out ``n`` fresh hands of a game (scores from 0, leader by the first hand's
    rule) inside the kernel."""
    return HandRunner(game, seats=seats, seed=seed, policy=policy).run(n)


class HandRunner:
    """Random hands of one game played in chunks (for progress bars): :meth:`run` goes on from
    where the last call stopped, so chunks add up to the hands of one :func:`random_hands` call."""

    def __init__(
        self,
        game: str | Rules | None = None,
        *,
        seats: int | None = None,
        seed: int | None = None,
        policy: int | str = RANDOM,
    ) -> None:
        self.rules = _rules(game, seats)
        self._game = encode_rules(self.rules)
        self._policy = _policy(policy)
        self._rng = _rng(seed)

    def run(self, n: int) -> HandStats:
        """Deal and play ``n`` more hands; their totals."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ValueError(f"the number of hands must be a whole number >= 0, not {n!r}")
        sums = np.zeros(8, dtype=np.int64)
        _random_hands(n, self._game, self._policy, self._rng, sums)
        return HandStats(*(int(x) for x in sums))


def warm_up() -> float:
    """Compile (or load from the on-disk cache) every kernel function; return the seconds it took."""
    start = time.perf_counter()
    random_hands(2, seed=0, policy=RANDOM)
    random_hands(2, seed=0, policy=GREEDY)
    _warm_search()
    return time.perf_counter() - start


def _constraints(view: SeatView) -> tuple[Int64Array, Int64Array, Int64Array]:
    """The unseen tiles, for each the bitset of holders (the seats, then the boneyard) that may
    hold it, and each holder's number of tiles."""
    n = view.seats
    unseen = view.unseen_mask
    possible = [0 if s == view.seat else view.possible_mask(s) for s in range(n)]
    tiles = [t for t in range(len(TILES)) if (unseen >> t) & 1]
    bone = 1 << n
    allowed = [sum(1 << s for s in range(n) if (possible[s] >> t) & 1) | bone for t in tiles]
    counts = [*view.tile_counts, view.boneyard]
    return (
        np.array(tiles, dtype=np.int64),
        np.array(allowed, dtype=np.int64),
        np.array(counts, dtype=np.int64),
    )


class NoConsistentDealError(ValueError):
    """The view's knocks, draws and tile counts admit no way to deal the unseen tiles."""


def sample_deal(
    view: SeatView, *, seed: int | None = None
) -> tuple[dict[int, tuple[Tile, ...]], tuple[Tile, ...]]:
    """A guess at the other seats' hands and at the boneyard (in a draw order), consistent with
    everything ``view`` knows: every unseen tile goes to a seat that may hold it (no tile of a value
    it knocked on, or was stuck on when it drew, since its last draw) or to the boneyard, in the
    counts the view shows. Feed the result to :meth:`Match.from_view
    <sevenrocks.core.match.Match.from_view>` or :func:`encode_view`.

    >>> match = Match("draw", seats=3, seed=2)
    >>> match.start_hand()
    >>> view = match.view(0)
    >>> hands, boneyard = sample_deal(view, seed=1)
    >>> sorted(len(tiles) for tiles in hands.values()), len(boneyard)
    ([5, 5], 13)
    >>> Match.from_view(view, hands, boneyard).scores
    (0, 0, 0)
    """
    tiles, allowed, counts = _constraints(view)
    n = view.seats
    st = np.zeros(STATE_SIZE, dtype=np.int64)
    ok = _sample(
        st,
        view.seat,
        n + 1,
        tiles,
        allowed,
        counts,
        _rng(seed),
        np.zeros(max(len(tiles), 1), dtype=np.int64),
        np.zeros(n + 1, dtype=np.int64),
        np.zeros(32, dtype=np.int64),
    )
    if not ok:
        raise NoConsistentDealError(f"no deal of the unseen tiles fits seat {view.seat}'s view")
    hands = {
        s: tuple(TILES[t] for t in range(len(TILES)) if (int(st[S_HANDS + s]) >> t) & 1)
        for s in range(n)
        if s != view.seat
    }
    boneyard = tuple(TILES[int(st[S_BONE + i])] for i in range(int(st[S_BLEN])))
    return hands, boneyard


def sample_hands(view: SeatView, *, seed: int | None = None) -> dict[int, tuple[Tile, ...]]:
    """The other seats' hands of :func:`sample_deal` (the boneyard left out).

    >>> match = Match(seed=2)
    >>> match.start_hand()
    >>> view = match.view(0)
    >>> hands = sample_hands(view, seed=1)
    >>> sorted(len(tiles) for tiles in hands.values())
    [7, 7, 7]
    >>> Match.from_view(view, hands).scores
    (0, 0)
    """
    return sample_deal(view, seed=seed)[0]


class PlayEvaluator:
    """Scores candidate moves of a view by play-outs of sampled deals (the search bot's engine).

    Each :meth:`run` step deals the unseen tiles once (consistent with the view), plays every
    candidate on that same deal and rolls the hand out with ``policy``. The value of an outcome for
    the view's side is its score change less the other sides' mean change (turned round in games
    where points are bad), plus ``target_bonus`` if it wins the match in the play-out (minus if it
    loses it). Reproducible: the same view, candidates and ``seed`` give the same sums.

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
        plays: Sequence[Move],
        *,
        policy: int | str = GREEDY,
        target_bonus: float = 100.0,
        seed: int | None = None,
    ) -> None:
        if not plays:
            raise ValueError("there are no candidate moves to evaluate")
        if view.turn is None:
            raise ValueError("no hand is in progress in this view")
        self.plays = tuple(plays)
        self.seat = view.seat
        self.policy = _policy(policy)
        self.target_bonus = float(target_bonus)
        self._game = encode_rules(view.rules)
        self._base = encode_view(view, {})
        self._tiles, self._allowed, self._counts = _constraints(view)
        self._cand = np.full((len(self.plays), 4, 3), -1, dtype=np.int64)
        self._ncand = np.zeros(len(self.plays), dtype=np.int64)
        for c, play in enumerate(self.plays):
            rows = encode_play(play)
            self._cand[c, : len(rows)] = rows
            self._ncand[c] = len(rows)
        self._rng = _rng(seed)
        self.sums = np.zeros(len(self.plays), dtype=np.float64)
        self.squares = np.zeros(len(self.plays), dtype=np.float64)
        self.deals = 0

    def arrays(self) -> tuple[Int64Array, ...]:
        """The packed search problem: position, game, unseen tiles, their possible holders, counts,
        candidate moves (what a helper process needs; no core objects)."""
        return (
            self._base,
            self._game,
            np.array([self.seat], dtype=np.int64),
            self._tiles,
            self._allowed,
            self._counts,
            self._cand,
            self._ncand,
        )

    def run(self, deals: int) -> None:
        """Play ``deals`` more sampled deals."""
        done = evaluate(
            self.arrays(), deals, self.policy, self.target_bonus, self._rng, self.sums, self.squares
        )
        if done < 0:
            raise NoConsistentDealError(f"no deal of the unseen tiles fits seat {self.seat}'s view")
        self.deals += done

    def means(self) -> tuple[float, ...]:
        """The mean value of each candidate so far (0 before any deal)."""
        if not self.deals:
            return tuple(0.0 for _ in self.plays)
        return tuple(float(x) / self.deals for x in self.sums)


def evaluate(
    problem: Sequence[Int64Array],
    deals: int,
    policy: int,
    bonus: float,
    rng: UInt64Array,
    sums: npt.NDArray[np.float64],
    squares: npt.NDArray[np.float64],
) -> int:
    """Run ``deals`` sampled deals of a packed search problem (:meth:`PlayEvaluator.arrays`)."""
    base, game, seat, tiles, allowed, counts, cand, ncand = problem
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
            sums,
            squares,
        )
    )


def _warm_search() -> None:
    for game in (DEFAULT_GAME, "draw"):
        match = Match(game, seed=0)
        match.start_hand()
        turn = match.turn
        assert turn is not None
        view = match.view(turn)
        sample_hands(view, seed=0)
        PlayEvaluator(view, view.legal_plays, policy=GREEDY, seed=0).run(1)
        PlayEvaluator(view, view.legal_plays, policy=RANDOM, seed=0).run(1)
