"""Many hands stepped at once, for training throughput: NumPy arrays and a Numba kernel.

:class:`BatchedHands` plays ``n`` independent hands of Seven Rocks side by side. Each call
to :meth:`BatchedHands.step` takes one action (the integers of :mod:`sevenrocks.rl.actions`)
for every game still in progress and returns the partnership rewards; :attr:`BatchedHands.mask`
is then the ``(n, 448)`` ``int8`` mask of legal actions of the seat to place in each game.

Each game is one row of packed positions, and every move goes through the compiled step of
:mod:`sevenrocks.fast.step` — the same function the ``search`` bot's kernel
(:mod:`sevenrocks.bots.kernel`) plays with, and the one compiled statement of the rules: placing
a tile, the counted total and its score, the next seat to place with its knocks, the end of the
hand and its settlement. This module adds only what training needs: action numbers, masks,
rewards, observations. It is checked against :class:`sevenrocks.core.Match` on thousands of random
hands: the same deals, leaders and actions give the same legal masks, counted totals, scores,
knocks, finishers and deductions (``tests/rl/test_batched.py``).

Each hand starts from scores 0-0 with the match target (250) checked after every scoring
placement, as the engine does: reaching it ends the hand at once with no settlement.

>>> sim = BatchedHands(4, seed=0)
>>> sim.mask.shape, sim.mask.dtype, int(sim.mask[0].sum())
((4, 448), dtype('int8'), 7)
>>> rng = np.random.default_rng(0)
>>> while not sim.done.all():
...     rewards = sim.step(sim.sample_actions(rng))
>>> bool((sim.placements >= 7).all()), sim.scores.shape
(True, (4, 2))
"""

from __future__ import annotations

from typing import Final

import numba
import numpy as np
import numpy.typing as npt

from sevenrocks.core.games import DEFAULT_GAME, find_game
from sevenrocks.core.scoring import DEFAULT_TARGET
from sevenrocks.core.tiles import NUM_SEATS, TILES
from sevenrocks.fast import codes as C
from sevenrocks.fast.game import encode_rules
from sevenrocks.fast.step import MAX_OPTIONS, apply_one, move_of, options
from sevenrocks.fast.tables import ACTION_AT, COUNT, POINT_VALUE_OF, SUIT_OF_VALUE
from sevenrocks.rl.actions import ACTION_PID, ACTION_TILE, NUM_ACTIONS, InvalidActionError
from sevenrocks.rl.observation import OBSERVATION

__all__ = ["END_BLOCKED", "END_DOMINO", "END_NONE", "END_TARGET", "BatchedHands"]

I64 = npt.NDArray[np.int64]

#: :attr:`BatchedHands.end` codes.
END_NONE: Final = C.END_NONE
END_DOMINO: Final = C.END_DOMINO
END_BLOCKED: Final = C.END_BLOCKED
END_TARGET: Final = C.END_TARGET

_NT = len(TILES)
# columns of BatchedHands.record
_PLACED_BY, _ORDER, _VOIDS, _SEAT_KNOCKS, _LEADER, _LAYOUT, _REC = 0, 28, 56, 60, 64, 65, 66


_OBS_FIELDS: Final = (
    "hand", "played_by", "play_order", "open_points", "open_values", "counted_ends", "ends_total",
    "spinner", "voids", "possible", "knocks", "tile_counts", "scores", "seat", "turn", "leader",
)  # fmt: skip
_OFFSETS: Final = np.array([OBSERVATION.offset(name) for name in _OBS_FIELDS], dtype=np.int64)
#: Seven Rocks' codes (the target is set per simulator)
_GAME: Final = encode_rules(find_game(DEFAULT_GAME).rules())


@numba.njit(cache=True)
def _fill_mask(i, state, mask, buf):  # type: ignore[no-untyped-def]
    mask[i, :] = 0
    st = state[i]
    if st[C.S_TURN] >= 0:
        n = options(st, _GAME, buf)
        for k in range(n):
            t, pid, _ = move_of(buf[k])
            mask[i, t if pid < 0 else ACTION_AT[t * 168 + pid]] = 1


@numba.njit(cache=True)
def _step_kernel(actions, state, rewards, mask, action_tile, action_pid, rec, target):  # type: ignore[no-untyped-def]
    buf = np.zeros(MAX_OPTIONS, dtype=np.int64)
    g = _GAME.copy()
    g[C.G_TARGET] = target
    for i in range(state.shape[0]):
        st = state[i]
        rewards[i, 0] = 0
        rewards[i, 1] = 0
        seat = st[C.S_TURN]
        if seat < 0:
            continue
        before0 = st[C.S_SCORE]
        before1 = st[C.S_SCORE + 1]
        a = actions[i]
        t = action_tile[a]
        knocks = st[C.S_KNOCKS]
        apply_one(st, g, t, action_pid[a], 0)
        rec[i, _PLACED_BY + t] = seat
        rec[i, _ORDER + t] = st[C.S_PLACED]
        rec[i, _LAYOUT] |= np.int64(1) << t
        rewards[i, 0] = st[C.S_SCORE] - before0
        rewards[i, 1] = st[C.S_SCORE + 1] - before1
        nxt = st[C.S_TURN]
        if nxt >= 0 and st[C.S_KNOCKS] > knocks:  # the seats in between knocked
            values = 0
            for j in range(st[C.S_NPTS]):
                values |= 1 << POINT_VALUE_OF[st[C.S_POINTS + j]]
            gap = (nxt - seat) & 3
            for back in range(1, gap if gap else 4):
                k_seat = (seat + back) & 3
                rec[i, _VOIDS + k_seat] |= values
                rec[i, _SEAT_KNOCKS + k_seat] += 1
        _fill_mask(i, state, mask, buf)


@numba.njit(cache=True)
def _observe_kernel(seats, state, rec, target, o, out):  # type: ignore[no-untyped-def]
    """The observation of :mod:`sevenrocks.rl.observation` (``hand_number`` 0) for ``seats[i]``."""
    hands = state[:, C.S_HANDS : C.S_HANDS + 4]
    points = state[:, C.S_POINTS : C.S_POINTS + C.MAX_POINTS]
    npts = state[:, C.S_NPTS]
    spinner = state[:, C.S_SPINNER]
    total = state[:, C.S_TOTAL]
    turn = state[:, C.S_TURN]
    scores = state[:, C.S_SCORE : C.S_SCORE + 2]
    count = COUNT
    suit_of_value = SUIT_OF_VALUE
    point_value = POINT_VALUE_OF
    full = (np.int64(1) << 28) - 1
    for i in range(hands.shape[0]):
        me = seats[i]
        for c in range(out.shape[1]):
            out[i, c] = 0.0
        mine = hands[i, me]
        for t in range(28):
            if (mine >> t) & 1:
                out[i, o[0] + t] = 1.0
            by = rec[i, _PLACED_BY + t]
            if by >= 0:
                out[i, o[1] + ((by - me) & 3) * 28 + t] = 1.0
                out[i, o[2] + t] = rec[i, _ORDER + t] / 28.0
        spinner_seen = False
        sp = spinner[i]
        for j in range(npts[i]):
            pid = points[i, j]
            out[i, o[3] + pid] += 1.0
            out[i, o[4] + point_value[pid]] += 1.0 / 6.0
            side = pid % 6
            anchor = pid // 6
            if side >= 4:
                continue
            if anchor == sp:
                if spinner_seen:
                    continue
                spinner_seen = True
            out[i, o[5] + anchor] += count[pid] / 12.0
        out[i, o[6]] = total[i] / 36.0
        if sp >= 0:
            out[i, o[7] + sp] = 1.0
        unseen = full & ~mine & ~rec[i, _LAYOUT]
        for q in range(4):
            r = (q - me) & 3
            vmask = rec[i, _VOIDS + q]
            banned = np.int64(0)
            for v in range(7):
                if (vmask >> v) & 1:
                    out[i, o[8] + r * 7 + v] = 1.0
                    banned |= suit_of_value[v]
            held = mine if q == me else unseen & ~banned
            n_held = 0
            h = hands[i, q]
            for t in range(28):
                if (held >> t) & 1:
                    out[i, o[9] + r * 28 + t] = 1.0
                n_held += (h >> t) & 1
            out[i, o[10] + r] = rec[i, _SEAT_KNOCKS + q] / 28.0
            out[i, o[11] + r] = n_held / 7.0
        team = me & 1
        out[i, o[12]] = scores[i, team] / target
        out[i, o[12] + 1] = scores[i, 1 - team] / target
        out[i, o[13] + me] = 1.0
        if turn[i] >= 0:
            out[i, o[14] + ((turn[i] - me) & 3)] = 1.0
        out[i, o[15] + ((rec[i, _LEADER] - me) & 3)] = 1.0


@numba.njit(cache=True)
def _sample_kernel(mask, uniform, out):  # type: ignore[no-untyped-def]
    for i in range(mask.shape[0]):
        c = 0
        for a in range(mask.shape[1]):
            c += mask[i, a]
        if c == 0:
            out[i] = 0
            continue
        r = int(uniform[i] * c)
        if r >= c:
            r = c - 1
        for a in range(mask.shape[1]):
            if mask[i, a]:
                if r == 0:
                    out[i] = a
                    break
                r -= 1


@numba.njit(cache=True)
def _reset_kernel(rows, deals, leaders, state, mask, rec):  # type: ignore[no-untyped-def]
    buf = np.zeros(MAX_OPTIONS, dtype=np.int64)
    for r in range(rows.shape[0]):
        i = rows[r]
        st = state[i]
        for c in range(C.STATE_SIZE):
            st[c] = 0
        for q in range(4):
            h = np.int64(0)
            for u in range(7):
                h |= np.int64(1) << deals[r, q * 7 + u]
            st[C.S_HANDS + q] = h
        st[C.S_SPINNER] = -1
        st[C.S_OPENING] = -1
        st[C.S_LAST] = -1
        st[C.S_FINISHER] = -1
        st[C.S_LEAD_TILE] = -1
        st[C.S_TURN] = leaders[r]
        st[C.S_LEADER] = leaders[r]
        for c in range(_REC):
            rec[i, c] = 0
        for u in range(28):
            rec[i, _PLACED_BY + u] = -1
        rec[i, _LEADER] = leaders[r]
        _fill_mask(i, state, mask, buf)


class BatchedHands:
    """``n`` hands of Seven Rocks stepped together (partnership 0: seats 0 and 2).

    Arrays, one row per game: ``hands`` ``(n, 4)`` tile bitmasks, ``turn`` (-1 once the hand is
    over), ``total`` (the counted ends), ``scores`` ``(n, 2)`` (points less deductions in the
    hand), ``end`` (:data:`END_NONE`, :data:`END_DOMINO`, :data:`END_BLOCKED`, :data:`END_TARGET`),
    ``finisher``, ``placements``, ``knocks``, ``deductions`` ``(n, 4)``, and :attr:`mask`.
    ``autoreset=True`` deals a new hand, within the same :meth:`step`, in every game that ended
    (:attr:`ended` says which; :attr:`final_scores` keeps their scores), so every game always
    has a seat to place.
    """

    def __init__(
        self, n: int, *, seed: int | None = None, target: int = DEFAULT_TARGET, autoreset: bool = False
    ) -> None:
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ValueError(f"the number of games must be a positive whole number, not {n!r}")
        if isinstance(target, bool) or not isinstance(target, int) or target <= 0:
            raise ValueError(f"the target must be a positive whole number of points, not {target!r}")
        self.n = n
        self.target = target
        self.autoreset = autoreset
        self.rng = np.random.default_rng(seed)
        #: one packed position per game (:mod:`sevenrocks.fast.codes`); the arrays below are views
        self.state = np.zeros((n, C.STATE_SIZE), dtype=np.int64)
        self.hands = self.state[:, C.S_HANDS : C.S_HANDS + NUM_SEATS]
        self.points = self.state[:, C.S_POINTS : C.S_POINTS + C.MAX_POINTS]
        self.npts = self.state[:, C.S_NPTS]
        self.spinner = self.state[:, C.S_SPINNER]
        self.total = self.state[:, C.S_TOTAL]
        self.turn = self.state[:, C.S_TURN]
        self.scores = self.state[:, C.S_SCORE : C.S_SCORE + 2]
        self.end = self.state[:, C.S_END]
        self.finisher = self.state[:, C.S_FINISHER]
        self.placements = self.state[:, C.S_PLACED]
        self.knocks = self.state[:, C.S_KNOCKS]
        self.deductions = self.state[:, C.S_DEDUCTIONS : C.S_DEDUCTIONS + NUM_SEATS]
        self.rewards = np.zeros((n, 2), dtype=np.int64)
        self.mask = np.zeros((n, NUM_ACTIONS), dtype=np.int8)
        #: per game: who placed each tile (-1: not placed), its place in the order (1-based),
        #: the values each seat's knocks prove it lacks (bitmask), knocks per seat, the leader
        #: and the bitmask of placed tiles; read by :meth:`observations`
        self.record = np.zeros((n, _REC), dtype=np.int64)
        #: which games ended in the last step (with ``autoreset`` they have been dealt again)
        self.ended = np.zeros(n, dtype=np.bool_)
        #: with ``autoreset``: each game's scores when its last hand ended
        self.final_scores = np.zeros((n, 2), dtype=np.int64)
        self.reset()

    @property
    def done(self) -> npt.NDArray[np.bool_]:
        """Which games have ended."""
        return self.turn < 0

    def reset(
        self,
        deals: npt.ArrayLike | None = None,
        leaders: npt.ArrayLike | None = None,
        rows: npt.ArrayLike | None = None,
    ) -> None:
        """Deal new hands in ``rows`` (default: every game).

        ``deals`` is ``(len(rows), 28)``: a permutation of the tile indexes per game, seat ``s``
        getting entries ``7s .. 7s+6``; ``leaders`` the leading seats (drawn by lot if omitted).
        """
        idx = np.arange(self.n) if rows is None else np.asarray(rows, dtype=np.int64).reshape(-1)
        m = len(idx)
        if deals is None:
            deal_arr = self.rng.permuted(np.tile(np.arange(_NT, dtype=np.int64), (m, 1)), axis=1)
        else:
            deal_arr = np.asarray(deals, dtype=np.int64)
            if deal_arr.shape != (m, _NT) or not (np.sort(deal_arr, axis=1) == np.arange(_NT)).all():
                raise ValueError(f"deals must be {m} rows, each a permutation of the 28 tile indexes")
        if leaders is None:
            lead_arr = self.rng.integers(0, NUM_SEATS, size=m, dtype=np.int64)
        else:
            lead_arr = np.asarray(leaders, dtype=np.int64).reshape(-1)
            if lead_arr.shape != (m,) or ((lead_arr < 0) | (lead_arr >= NUM_SEATS)).any():
                raise ValueError(f"leaders must be {m} seats 0..3")
        _reset_kernel(idx, deal_arr, lead_arr, self.state, self.mask, self.record)

    def step(self, actions: npt.ArrayLike) -> npt.NDArray[np.int64]:
        """Apply one action per game (ignored for games that are over); return ``(n, 2)`` rewards.

        The reward of a partnership is the change of its score: placement points, less the
        settlement's deductions when the hand ends. An action that is not legal in a game in
        progress raises :class:`~sevenrocks.rl.actions.InvalidActionError` and changes nothing.
        """
        acts = np.asarray(actions)
        if acts.shape != (self.n,) or not np.issubdtype(acts.dtype, np.integer):
            raise InvalidActionError(
                f"step needs one integer action per game: shape ({self.n},), not {acts.shape}"
            )
        acts = acts.astype(np.int64)
        live = ~self.done
        safe = np.clip(acts, 0, NUM_ACTIONS - 1)
        bad = live & ((acts != safe) | (self.mask[np.arange(self.n), safe] == 0))
        if bad.any():
            games = np.flatnonzero(bad)
            raise InvalidActionError(
                f"illegal actions in {len(games)} game(s): game {games[0]} was given action "
                f"{acts[games[0]]}; legal there: {np.flatnonzero(self.mask[games[0]]).tolist()}"
            )
        _step_kernel(
            acts, self.state, self.rewards, self.mask, ACTION_TILE, ACTION_PID, self.record, self.target
        )
        np.logical_and(live, self.turn < 0, out=self.ended)
        if self.autoreset and self.ended.any():
            rows = np.flatnonzero(self.ended)
            self.final_scores[rows] = self.scores[rows]
            self.reset(rows=rows)
        return self.rewards

    def observations(self, seats: npt.ArrayLike | None = None) -> npt.NDArray[np.float32]:
        """``(n, 563)`` observations (:data:`~sevenrocks.rl.observation.OBSERVATION`), one per game.

        ``seats`` gives the observing seat of each game (default: the seat to place, seat 0 in
        games that are over). The same values as :func:`~sevenrocks.rl.observation.encode_observation`
        of that seat's view of a one-hand match (checked in the tests).
        """
        if seats is None:
            who = np.where(self.turn >= 0, self.turn, 0)
        else:
            who = np.asarray(seats, dtype=np.int64).reshape(-1)
            if who.shape != (self.n,) or ((who < 0) | (who >= NUM_SEATS)).any():
                raise ValueError(f"seats must be {self.n} seats 0..3, one per game")
        out = np.zeros((self.n, OBSERVATION.size), dtype=np.float32)
        _observe_kernel(who, self.state, self.record, float(self.target), _OFFSETS, out)
        return out

    def sample_actions(self, rng: np.random.Generator) -> I64:
        """A uniformly random legal action per game (0 for games that are over)."""
        out = np.zeros(self.n, dtype=np.int64)
        _sample_kernel(self.mask, rng.random(self.n), out)
        return out

    def open_points(self, game: int) -> list[int]:
        """The open connection point ids of ``game``, ascending."""
        return [int(p) for p in self.points[game, : self.npts[game]]]
