"""Many hands stepped at once, for training throughput: NumPy arrays and a Numba kernel.

:class:`BatchedHands` plays ``n`` independent hands of one game of the family side by side
(``game``, ``options``, ``seats``; Seven Rocks by default). Each call to
:meth:`BatchedHands.step` takes one action (the integers of the game's action space,
:mod:`sevenrocks.rl.family`: Seven Rocks' 448, the family's 1,444) for every game still in
progress and returns the side rewards; :attr:`BatchedHands.mask` is then the
``(n, num_actions)`` ``int8`` mask of legal actions of the seat to move in each game. A move of
several doubles is one step per double (the "continue" actions, then the last part's play), as
in the other interfaces; draws and knocks are made by the compiled step. Each hand is the first
of a new match, so Sea Goat's voluntary hundred (possible from the second hand) never arises
and its two decision actions are never legal here.

Each game is one row of packed positions, and every move goes through the compiled step of
:mod:`sevenrocks.fast.step` — the same function the ``search`` bot's kernel
(:mod:`sevenrocks.bots.kernel`) plays with, and the one compiled statement of the rules: placing
a tile, the counted total and its score, the next seat to place with its knocks, the end of the
hand and its settlement. This module adds only what training needs: action numbers, masks,
rewards, observations. It is checked against :class:`sevenrocks.core.Match` on thousands of random
hands: the same deals, leaders and actions give the same legal masks, counted totals, scores,
knocks, finishers and deductions (``tests/rl/test_batched.py``), and for every game of the
family and seat count the same masks, turns, scores, rewards and ends
(``tests/rl/test_batched_family.py``).

Each hand starts from scores 0-0 with the match target (Seven Rocks: 250) checked after every
scoring placement, as the engine does: reaching it ends the hand at once with no settlement.
:meth:`BatchedHands.observations` builds every game's observation (``spec.observation``: Seven
Rocks' 563 floats of :mod:`sevenrocks.rl.observation`, every other game's fields of
:mod:`sevenrocks.rl.family_observation`) in one compiled kernel, the same values as
:func:`~sevenrocks.rl.family_observation.encode_family_observation` of the seat's view
(:mod:`sevenrocks.rl.batched_observation`; ``tests/rl/test_batched_observations.py``).

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

from collections.abc import Mapping
from typing import Final

import numba
import numpy as np
import numpy.typing as npt

from sevenrocks.core.games import DEFAULT_GAME
from sevenrocks.core.layout import Layout
from sevenrocks.core.match import Match
from sevenrocks.core.scoring import DEFAULT_TARGET
from sevenrocks.core.tiles import TILES
from sevenrocks.fast import codes as C
from sevenrocks.fast.game import encode_match, encode_rules
from sevenrocks.fast.step import MAX_MOVES, MAX_OPTIONS, apply_move, apply_one, bare, move_of, moves, options
from sevenrocks.fast.tables import COUNT, POINT_VALUE_OF, SUIT_OF_VALUE
from sevenrocks.rl.actions import FAMILY_ACTIONS, NUM_FAMILY_PLAYS, InvalidActionError
from sevenrocks.rl.batched_observation import (
    REC_CHOSEN,
    REC_DEALT,
    REC_LAYOUT,
    REC_LEADER,
    REC_NCHOSEN,
    REC_ORDER,
    REC_PLACED_BY,
    REC_SEAT_KNOCKS,
    REC_SIZE,
    REC_VOIDS,
    family_offsets,
    observe_family,
    track_turns,
)
from sevenrocks.rl.family import GameSpec, game_spec
from sevenrocks.rl.observation import OBSERVATION

__all__ = ["END_BLOCKED", "END_DOMINO", "END_NONE", "END_TARGET", "BatchedHands"]

I64 = npt.NDArray[np.int64]
F32 = npt.NDArray[np.float32]

#: :attr:`BatchedHands.end` codes.
END_NONE: Final = C.END_NONE
END_DOMINO: Final = C.END_DOMINO
END_BLOCKED: Final = C.END_BLOCKED
END_TARGET: Final = C.END_TARGET

_NT = len(TILES)
# columns of BatchedHands.record (sevenrocks.rl.batched_observation)
_PLACED_BY, _ORDER, _VOIDS, _SEAT_KNOCKS = REC_PLACED_BY, REC_ORDER, REC_VOIDS, REC_SEAT_KNOCKS
_LEADER, _LAYOUT, _CHOSEN, _NCHOSEN, _DEALT, _REC = (
    REC_LEADER, REC_LAYOUT, REC_CHOSEN, REC_NCHOSEN, REC_DEALT, REC_SIZE
)  # fmt: skip


_OBS_FIELDS: Final = (
    "hand", "played_by", "play_order", "open_points", "open_values", "counted_ends", "ends_total",
    "spinner", "voids", "possible", "knocks", "tile_counts", "scores", "seat", "turn", "leader",
)  # fmt: skip
_OFFSETS: Final = np.array([OBSERVATION.offset(name) for name in _OBS_FIELDS], dtype=np.int64)


def _action_tables() -> tuple[I64, I64, I64, I64]:
    """Per family action its move code (tile, point id, marks; :func:`move_code`) and whether it
    is a "continue" part; per move code the single-play action and the "continue" action (-1:
    none)."""
    size = _NT * 169 * 16
    play_of_code = np.full(size, -1, dtype=np.int64)
    cont_of_code = np.full(size, -1, dtype=np.int64)
    code_of = np.zeros(len(FAMILY_ACTIONS), dtype=np.int64)
    cont = np.zeros(len(FAMILY_ACTIONS), dtype=np.int64)
    for action, play in enumerate(FAMILY_ACTIONS):
        point = play.point
        code = (play.tile.index * 169 + (-1 if point is None else point.id) + 1) * 16 + Layout.marks(play)
        code_of[action] = code
        if action < NUM_FAMILY_PLAYS:
            play_of_code[code] = action
        else:
            cont[action] = 1
            cont_of_code[code] = action
    return code_of, cont, play_of_code, cont_of_code


_CODE_OF, _CONT, _PLAY_OF_CODE, _CONT_OF_CODE = _action_tables()


@bare
def _fill_options(
    i: int, state: I64, g: I64, mask: npt.NDArray[np.int8], buf: I64, play_of_code: I64
) -> None:
    """The legal actions of game ``i``'s seat to move where each move is one tile."""
    for a in range(mask.shape[1]):
        mask[i, a] = 0
    st = state[i]
    if st[C.S_TURN] < 0:
        return
    n = options(st, g, buf)
    for k in range(n):
        mask[i, play_of_code[buf[k]]] = 1


@numba.njit(cache=True)
def _fill_moves(i, state, g, mask, buf, rows, rec, play_of_code, cont_of_code):  # type: ignore[no-untyped-def]
    """The legal actions of game ``i``'s seat to move where several doubles may be one move, after
    the parts it has chosen so far."""
    mask[i, :] = 0
    st = state[i]
    if st[C.S_TURN] < 0:
        return
    m = moves(st, g, buf, rows)
    if m > rows.shape[0]:  # pragma: no cover (a buffer of MAX_MOVES rows holds every position's)
        m = rows.shape[0]
    nc = rec[i, _NCHOSEN]
    for r in range(m):
        parts = 0
        while parts < 4 and rows[r, parts] >= 0:
            parts += 1
        if parts <= nc:
            continue
        same = True
        for j in range(nc):
            if rows[r, j] != rec[i, _CHOSEN + j]:
                same = False
        if not same:
            continue
        code = rows[r, nc]
        mask[i, play_of_code[code] if nc == parts - 1 else cont_of_code[code]] = 1


@numba.njit(cache=True)
def _fill_mask(i, state, g, mask, buf, rows, rec, play_of_code, cont_of_code):  # type: ignore[no-untyped-def]
    """The legal actions of game ``i``'s seat to move, after the parts it has chosen so far."""
    if g[C.G_SEVERAL] < 2 or state[i, C.S_PLACED] == 0:
        _fill_options(i, state, g, mask, buf, play_of_code)
    else:
        _fill_moves(i, state, g, mask, buf, rows, rec, play_of_code, cont_of_code)


@numba.njit(cache=True)
def _step_kernel(  # type: ignore[no-untyped-def]
    actions, state, game, rewards, mask, code_of, cont, play_of_code, cont_of_code, rec
):
    buf = np.zeros(MAX_OPTIONS, dtype=np.int64)
    rows = np.zeros((MAX_MOVES, 4), dtype=np.int64)
    parts = np.zeros((4, 3), dtype=np.int64)
    g = game.copy()  # a fresh array: the compiler then knows no store to the positions changes it
    sides = g[C.G_SIDES]
    several = g[C.G_SEVERAL] >= 2
    for i in range(state.shape[0]):
        st = state[i]
        for k in range(sides):
            rewards[i, k] = 0
        seat = st[C.S_TURN]
        if seat < 0:
            continue
        a = actions[i]
        code = code_of[a]
        if cont[a]:  # a part of several doubles, more to follow: nothing is placed yet
            rec[i, _CHOSEN + rec[i, _NCHOSEN]] = code
            rec[i, _NCHOSEN] += 1
            _fill_moves(i, state, g, mask, buf, rows, rec, play_of_code, cont_of_code)
            continue
        for k in range(sides):
            rewards[i, k] = -st[C.S_SCORE + k]
        t, pid, mark = move_of(code)
        nc = rec[i, _NCHOSEN]
        placed = st[C.S_PLACED]
        bpos = st[C.S_BPOS]
        for j in range(nc):
            parts[j, 0], parts[j, 1], parts[j, 2] = move_of(rec[i, _CHOSEN + j])
        parts[nc, 0] = t
        parts[nc, 1] = pid
        parts[nc, 2] = mark
        if nc == 0:
            apply_one(st, g, t, pid, mark)
        else:
            apply_move(st, g, parts, nc + 1)
            rec[i, _NCHOSEN] = 0
        for k in range(sides):
            rewards[i, k] += st[C.S_SCORE + k]
        for j in range(nc + 1):  # the move's tiles in the hand's order, then its knocks and draws
            tile = parts[j, 0]
            rec[i, _PLACED_BY + tile] = seat
            rec[i, _ORDER + tile] = placed + 1 + j
            rec[i, _LAYOUT] |= np.int64(1) << tile
        track_turns(rec, i, st, g, seat, bpos)
        if several and st[C.S_TURN] >= 0:
            _fill_moves(i, state, g, mask, buf, rows, rec, play_of_code, cont_of_code)
        else:
            _fill_options(i, state, g, mask, buf, play_of_code)


@bare
def _observe_kernel(seats: I64, state: I64, rec: I64, target: float, o: I64, out: F32) -> None:
    """The observation of :mod:`sevenrocks.rl.observation` (``hand_number`` 0) for ``seats[i]``."""
    count = COUNT
    suit_of_value = SUIT_OF_VALUE
    point_value = POINT_VALUE_OF
    full = (np.int64(1) << 28) - 1
    for i in range(state.shape[0]):
        st = state[i]
        me = seats[i]
        for c in range(out.shape[1]):
            out[i, c] = 0.0
        mine = st[C.S_HANDS + me]
        for t in range(28):
            if (mine >> t) & 1:
                out[i, o[0] + t] = 1.0
            by = rec[i, _PLACED_BY + t]
            if by >= 0:
                out[i, o[1] + ((by - me) & 3) * 28 + t] = 1.0
                out[i, o[2] + t] = rec[i, _ORDER + t] / 28.0
        spinner_seen = False
        sp = st[C.S_SPINNER]
        for j in range(st[C.S_NPTS]):
            pid = st[C.S_POINTS + j]
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
        out[i, o[6]] = st[C.S_TOTAL] / 36.0
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
            h = st[C.S_HANDS + q]
            for t in range(28):
                if (held >> t) & 1:
                    out[i, o[9] + r * 28 + t] = 1.0
                n_held += (h >> t) & 1
            out[i, o[10] + r] = rec[i, _SEAT_KNOCKS + q] / 28.0
            out[i, o[11] + r] = n_held / 7.0
        team = me & 1
        out[i, o[12]] = st[C.S_SCORE + team] / target
        out[i, o[12] + 1] = st[C.S_SCORE + 1 - team] / target
        out[i, o[13] + me] = 1.0
        turn = st[C.S_TURN]
        if turn >= 0:
            out[i, o[14] + ((turn - me) & 3)] = 1.0
        out[i, o[15] + ((rec[i, _LEADER] - me) & 3)] = 1.0


@bare
def _sample_kernel(mask: npt.NDArray[np.int8], uniform: npt.NDArray[np.float64], out: I64) -> None:
    """A uniformly random set action of each row of ``mask`` (``uniform``: one draw in [0, 1) per
    row) into ``out``; 0 for a row with none."""
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
def _reset_kernel(  # type: ignore[no-untyped-def]
    rows_, deals, leaders, lead_tiles, template, g, state, mask, rec, play_of_code, cont_of_code
):
    buf = np.zeros(MAX_OPTIONS, dtype=np.int64)
    rows = np.zeros((MAX_MOVES, 4), dtype=np.int64)
    seats = g[C.G_SEATS]
    size = g[C.G_HAND_SIZE]
    dealt = seats * size
    for r in range(rows_.shape[0]):
        i = rows_[r]
        st = state[i]
        for c in range(C.STATE_SIZE):
            st[c] = template[c]
        for q in range(seats):
            h = np.int64(0)
            for u in range(size):
                h |= np.int64(1) << deals[r, q * size + u]
            st[C.S_HANDS + q] = h
            rec[i, _DEALT + q] = h
        st[C.S_BLEN] = 28 - dealt
        for u in range(28 - dealt):
            st[C.S_BONE + u] = deals[r, dealt + u]
        st[C.S_TURN] = leaders[r]
        st[C.S_LEADER] = leaders[r]
        st[C.S_LEAD_TILE] = lead_tiles[r]
        for c in range(_DEALT):
            rec[i, c] = 0
        for u in range(28):
            rec[i, _PLACED_BY + u] = -1
        rec[i, _LEADER] = leaders[r]
        _fill_mask(i, state, g, mask, buf, rows, rec, play_of_code, cont_of_code)


_IS_DOUBLE: Final = np.array([t.is_double for t in TILES], dtype=np.int64)
_SHOWS: Final = np.array([[v in (t.low, t.high) for v in range(7)] for t in TILES], dtype=np.int64)


def _misdeals(deals: I64, seats: int, size: int) -> npt.NDArray[np.bool_]:
    """Which deals are Goat misdeals (:func:`sevenrocks.core.deal.is_goat_misdeal`: a hand of five
    doubles or more, or of six tiles or more showing one value)."""
    hands = deals[:, : seats * size].reshape(len(deals), seats, size)
    doubles = _IS_DOUBLE[hands].sum(axis=2)
    suits = _SHOWS[hands].sum(axis=2)
    return np.asarray((doubles >= 5).any(axis=1) | (suits >= 6).any(axis=(1, 2)), dtype=np.bool_)


class BatchedHands:
    """``n`` hands of one game stepped together (Seven Rocks: partnership 0 is seats 0 and 2).

    Arrays, one row per game: ``hands`` ``(n, seats)`` tile bitmasks, ``turn`` (-1 once the hand
    is over), ``total`` (the counted ends), ``scores`` ``(n, sides)`` (the sides' scores after the
    hand, settlement included, in the game's units), ``end`` (:data:`END_NONE`,
    :data:`END_DOMINO`, :data:`END_BLOCKED`, :data:`END_TARGET`), ``finisher``, ``placements``,
    ``knocks``, ``deductions`` ``(n, seats)``, ``boneyard`` and ``draws`` ``(n, seats)`` (tiles
    left in the boneyard and drawn per seat), and :attr:`mask`. ``autoreset=True`` deals a new
    hand, within the same :meth:`step`, in every game that ended (:attr:`ended` says which;
    :attr:`final_scores` keeps their scores), so every game always has a seat to move.
    """

    def __init__(
        self,
        n: int,
        *,
        game: str = DEFAULT_GAME,
        options: Mapping[str, object] | None = None,
        seats: int | None = None,
        seed: int | None = None,
        target: int | None = None,
        autoreset: bool = False,
    ) -> None:
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ValueError(f"the number of games must be a positive whole number, not {n!r}")
        if target is not None and (isinstance(target, bool) or not isinstance(target, int) or target <= 0):
            raise ValueError(f"the target must be a positive whole number of points, not {target!r}")
        if target is None and game == DEFAULT_GAME and not options:
            target = DEFAULT_TARGET
        if target is not None:
            if options is not None and not isinstance(options, Mapping):
                game_spec(game, options, seats)  # raises the error that names what options are
            options = {**(options or {}), "target": target}
        #: the game (:func:`sevenrocks.rl.family.game_spec`)
        self.spec: GameSpec = game_spec(game, options, seats)
        rules = self.spec.rules
        #: the game's codes for the compiled step
        self.game = encode_rules(rules)
        self.target = int(self.game[C.G_TARGET]) or None
        self.n = n
        self.autoreset = autoreset
        self.rng = np.random.default_rng(seed)
        nseats, sides = rules.seats, rules.sides
        self._observable = self.spec.observation is OBSERVATION
        self._offsets = family_offsets(self.spec.observation)
        first = Match(rules, seed=0)
        first.start_hand()
        while first.turn is None:
            first.start_hand()
        #: a new hand's position, into which each deal is written
        self._template = encode_match(first)
        self._order = None if rules.first_lead is None else np.array(rules.first_lead, dtype=np.int64)
        self._misdeal = rules.goat_misdeal
        #: one packed position per game (:mod:`sevenrocks.fast.codes`); the arrays below are views
        self.state = np.zeros((n, C.STATE_SIZE), dtype=np.int64)
        self.hands = self.state[:, C.S_HANDS : C.S_HANDS + nseats]
        self.points = self.state[:, C.S_POINTS : C.S_POINTS + C.MAX_POINTS]
        self.npts = self.state[:, C.S_NPTS]
        self.spinner = self.state[:, C.S_SPINNER]
        self.total = self.state[:, C.S_TOTAL]
        self.turn = self.state[:, C.S_TURN]
        self.scores = self.state[:, C.S_SCORE : C.S_SCORE + sides]
        self.end = self.state[:, C.S_END]
        self.finisher = self.state[:, C.S_FINISHER]
        self.placements = self.state[:, C.S_PLACED]
        self.knocks = self.state[:, C.S_KNOCKS]
        self.deductions = self.state[:, C.S_DEDUCTIONS : C.S_DEDUCTIONS + nseats]
        self.draws = self.state[:, C.S_DRAWS : C.S_DRAWS + nseats]
        self.rewards = np.zeros((n, sides), dtype=np.int64)
        self.mask = np.zeros((n, self.spec.num_actions), dtype=np.int8)
        #: per game what the seats' views know of the hand and the packed position does not hold
        #: (read by :meth:`observations`): who placed each tile and when, the values each seat's
        #: knocks and draws prove it lacks, knocks per seat, the leader, the placed tiles, the
        #: parts chosen so far of a move of several doubles, whether the seat to move has just
        #: drawn, the deal (columns ``REC_*`` of :mod:`sevenrocks.rl.batched_observation`)
        self.record = np.zeros((n, _REC), dtype=np.int64)
        #: each game's deal: the tile indexes seat by seat (``hand_size`` each), then the boneyard
        #: in draw order
        self.deals = np.zeros((n, _NT), dtype=np.int64)
        #: which games ended in the last step (with ``autoreset`` they have been dealt again)
        self.ended = np.zeros(n, dtype=np.bool_)
        #: with ``autoreset``: each game's scores when its last hand ended
        self.final_scores = np.zeros((n, sides), dtype=np.int64)
        self.reset()

    @property
    def done(self) -> npt.NDArray[np.bool_]:
        """Which games have ended."""
        return self.turn < 0

    @property
    def boneyard(self) -> I64:
        """Tiles left in each game's boneyard (those never drawn included)."""
        return self.state[:, C.S_BLEN] - self.state[:, C.S_BPOS]

    def reset(
        self,
        deals: npt.ArrayLike | None = None,
        leaders: npt.ArrayLike | None = None,
        rows: npt.ArrayLike | None = None,
    ) -> None:
        """Deal new hands in ``rows`` (default: every game).

        ``deals`` is ``(len(rows), 28)``: a permutation of the tile indexes per game, seat ``s``
        getting entries ``hand_size * s`` onwards, the boneyard the rest in draw order (dealt at
        random when omitted, a Goat misdeal dealt again); ``leaders`` the leading seats (by the
        game's lead order where it has one, else drawn by lot when omitted).
        """
        rules = self.spec.rules
        nseats, size = rules.seats, rules.hand_size
        idx = np.arange(self.n) if rows is None else np.asarray(rows, dtype=np.int64).reshape(-1)
        m = len(idx)
        if deals is None:
            deal_arr = self.rng.permuted(np.tile(np.arange(_NT, dtype=np.int64), (m, 1)), axis=1)
            if self._misdeal:
                bad = _misdeals(deal_arr, nseats, size)
                while bad.any():
                    deal_arr[bad] = self.rng.permuted(deal_arr[bad], axis=1)
                    bad = _misdeals(deal_arr, nseats, size)
        else:
            deal_arr = np.asarray(deals, dtype=np.int64)
            if deal_arr.shape != (m, _NT) or not (np.sort(deal_arr, axis=1) == np.arange(_NT)).all():
                raise ValueError(f"deals must be {m} rows, each a permutation of the 28 tile indexes")
            if self._misdeal and _misdeals(deal_arr, nseats, size).any():
                raise ValueError(f"a deal is a Goat misdeal, which {rules.game} deals again")
        lead_tiles = np.full(m, -1, dtype=np.int64)
        if self._order is not None:  # the holder of the first dealt tile of the lead order leads it
            rank = np.full(_NT, _NT, dtype=np.int64)
            rank[self._order] = np.arange(len(self._order))
            dealt = deal_arr[:, : nseats * size]
            best = np.argmin(rank[dealt], axis=1)
            lead_tiles = dealt[np.arange(m), best]
            named = best // size
            if leaders is not None and not np.array_equal(np.asarray(leaders).reshape(-1), named):
                raise ValueError(f"the leaders of {rules.game} are named by its lead order: {named.tolist()}")
            lead_arr = named.astype(np.int64)
        elif leaders is None:
            lead_arr = self.rng.integers(0, nseats, size=m, dtype=np.int64)
        else:
            lead_arr = np.asarray(leaders, dtype=np.int64).reshape(-1)
            if lead_arr.shape != (m,) or ((lead_arr < 0) | (lead_arr >= nseats)).any():
                raise ValueError(f"leaders must be {m} seats 0..{nseats - 1}")
        self.deals[idx] = deal_arr
        _reset_kernel(
            idx, deal_arr, lead_arr, lead_tiles, self._template, self.game, self.state, self.mask,
            self.record, _PLAY_OF_CODE, _CONT_OF_CODE,
        )  # fmt: skip

    def step(self, actions: npt.ArrayLike) -> npt.NDArray[np.int64]:
        """Apply one action per game (ignored for games that are over); return ``(n, sides)`` rewards.

        The reward of a side is the change of its score in the game's units: placement points,
        and the settlement when the hand ends (Seven Rocks: less the deductions; Kozel: the pips
        written, which are bad). An action that is not legal in a game in progress raises
        :class:`~sevenrocks.rl.actions.InvalidActionError` and changes nothing.
        """
        acts = np.asarray(actions)
        if acts.shape != (self.n,) or not np.issubdtype(acts.dtype, np.integer):
            raise InvalidActionError(
                f"step needs one integer action per game: shape ({self.n},), not {acts.shape}"
            )
        acts = acts.astype(np.int64)
        live = ~self.done
        safe = np.clip(acts, 0, self.spec.num_actions - 1)
        bad = live & ((acts != safe) | (self.mask[np.arange(self.n), safe] == 0))
        if bad.any():
            games = np.flatnonzero(bad)
            raise InvalidActionError(
                f"illegal actions in {len(games)} game(s): game {games[0]} was given action "
                f"{acts[games[0]]}; legal there: {np.flatnonzero(self.mask[games[0]]).tolist()}"
            )
        _step_kernel(
            acts, self.state, self.game, self.rewards, self.mask, _CODE_OF, _CONT, _PLAY_OF_CODE,
            _CONT_OF_CODE, self.record,
        )  # fmt: skip
        np.logical_and(live, self.turn < 0, out=self.ended)
        if self.autoreset and self.ended.any():
            rows = np.flatnonzero(self.ended)
            self.final_scores[rows] = self.scores[rows]
            self.reset(rows=rows)
        return self.rewards

    def observations(self, seats: npt.ArrayLike | None = None) -> npt.NDArray[np.float32]:
        """``(n, size)`` observations of the game (``spec.observation``; Seven Rocks: the 563
        floats of :data:`~sevenrocks.rl.observation.OBSERVATION`), one per game.

        ``seats`` gives the observing seat of each game (default: the seat to move, seat 0 in
        games that are over). The same values as
        :func:`~sevenrocks.rl.family_observation.encode_family_observation` of that seat's view of
        a one-hand match, with the parts of a move of several doubles chosen so far in the
        mover's own (checked in the tests for every game and seat count).
        """
        nseats = self.spec.seats
        if seats is None:
            who = np.where(self.turn >= 0, self.turn, 0)
        else:
            who = np.asarray(seats)
            if who.shape != (self.n,) or not np.issubdtype(who.dtype, np.integer):
                raise ValueError(f"seats must be {self.n} seats 0..{nseats - 1}, one per game")
            who = who.astype(np.int64)
            if ((who < 0) | (who >= nseats)).any():
                raise ValueError(f"seats must be {self.n} seats 0..{nseats - 1}, one per game")
        out = np.zeros((self.n, self.spec.observation.size), dtype=np.float32)
        if self._observable:
            _observe_kernel(who, self.state, self.record, float(self.target or 1), _OFFSETS, out)
        else:
            observe_family(who, self.state, self.record, self.game, self.spec.scale, self._offsets, out)
        return out

    def sample_actions(self, rng: np.random.Generator) -> I64:
        """A uniformly random legal action per game (0 for games that are over)."""
        out = np.zeros(self.n, dtype=np.int64)
        _sample_kernel(self.mask, rng.random(self.n), out)
        return out

    def open_points(self, game: int) -> list[int]:
        """The open connection point ids of ``game``, ascending."""
        return [int(p) for p in self.points[game, : self.npts[game]]]
