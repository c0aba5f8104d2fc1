"""The family's observations of :class:`~sevenrocks.rl.batched.BatchedHands`, compiled.

:func:`observe_family` fills, for every hand of a batch, the tensor that
:func:`~sevenrocks.rl.family_observation.encode_family_observation` builds from the observing
seat's :class:`~sevenrocks.core.view.SeatView` (the same fields, offsets and values; ``docs/rl.md``
"Observation fields"), reading the packed positions of :mod:`sevenrocks.fast.codes` and the
*record* each hand keeps beside its position: what a seat's view knows of the hand's history
and the packed position does not hold. A row of the record (:data:`REC_SIZE` integers, columns
``REC_*``) holds who placed each tile and when, the values each seat's knocks and draws prove
it lacks, each seat's knocks, the leader, the placed tiles, the parts chosen so far of a move of
several doubles, whether the seat to move has just drawn the tile it can place, and each seat's
dealt tiles (General's signals).

The compiled step (:func:`sevenrocks.fast.step.apply_one`) makes the knocks and draws that follow
a move without telling them one by one; :func:`track_turns` tells them again from what changed
(the seat to move, the tiles drawn from the boneyard in draw order) with the step's own order of
turns, so that the record sees the events of the engine's :class:`~sevenrocks.core.events.Knock`
and :class:`~sevenrocks.core.events.Draw`: knocks before a block are not made, knocks before a
draw are, a draw ends what earlier knocks proved.

The step kernel of :mod:`sevenrocks.rl.batched` compiles :func:`track_turns` and the ``REC_*``
columns into itself, and numba's cache of a function is keyed on its own file only: importing
:mod:`sevenrocks.fast` drops the cached code when this file changed (it is in
``sevenrocks.fast._INLINED_ELSEWHERE``), as it does for the compiled step's own files.

Each hand of the batch is the first of its match: ``hand_number`` is 0, and Sea Goat's
``may_declare_hundred`` is 0 (a voluntary hundred is possible from the second hand only).

>>> from sevenrocks.rl.batched import BatchedHands
>>> sim = BatchedHands(2, game="draw", seats=2, seed=0)
>>> fields = sim.spec.observation.views(sim.observations())
>>> fields["hand"].sum(axis=1).tolist(), fields["boneyard"][:, 0].tolist(), fields["turn"][:, 0].tolist()
([7.0, 7.0], [0.5, 0.5], [1.0, 1.0])
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from sevenrocks.core.matching import MATADOR_MASK
from sevenrocks.fast import codes as C
from sevenrocks.fast.step import bare
from sevenrocks.fast.tables import COUNT, LOW, POINT_VALUE_OF, SUIT_OF_VALUE
from sevenrocks.rl.observation import TensorLayout

__all__ = [
    "FAMILY_FIELDS",
    "REC_CHOSEN",
    "REC_DEALT",
    "REC_DREW",
    "REC_LAYOUT",
    "REC_LEADER",
    "REC_NCHOSEN",
    "REC_ORDER",
    "REC_PLACED_BY",
    "REC_SEAT_KNOCKS",
    "REC_SIZE",
    "REC_VOIDS",
    "family_offsets",
    "observe_family",
    "track_turns",
]

I64 = npt.NDArray[np.int64]
F32 = npt.NDArray[np.float32]

#: Record columns: who placed each tile (28, -1: not placed), its place in the hand's order (28,
#: 1-based), per seat the values its knocks and draws prove it lacks (4 bitmasks), per seat its
#: knocks (4), the leader, the placed tiles (bitmask).
REC_PLACED_BY: Final = 0
REC_ORDER: Final = 28
REC_VOIDS: Final = 56
REC_SEAT_KNOCKS: Final = 60
REC_LEADER: Final = 64
REC_LAYOUT: Final = 65
#: The parts chosen so far of a move of several doubles (4 move codes), and how many.
REC_CHOSEN: Final = 66
REC_NCHOSEN: Final = 70
#: 1 while the seat to move has just drawn the tile it can place: nothing is known of its values
#: until it moves (:meth:`SeatView.void_values <sevenrocks.core.view.SeatView.void_values>`).
REC_DREW: Final = 71
#: Each seat's tiles at the deal (4 bitmasks).
REC_DEALT: Final = 72
REC_SIZE: Final = 76

#: The fields :func:`observe_family` fills, in the order of :func:`family_offsets`.
FAMILY_FIELDS: Final = (
    "hand", "played_by", "play_order", "open_points", "open_values", "counted_ends", "ends_total",
    "spinner", "voids", "possible", "knocks", "tile_counts", "scores", "seat", "turn", "leader",
    "hand_number", "boneyard", "drawable", "draws", "out", "chosen", "remembered", "opened", "eggs",
    "record", "owed", "hundred", "may_declare_hundred", "signals",
)  # fmt: skip
(_HAND, _PLAYED_BY, _PLAY_ORDER, _OPEN_POINTS, _OPEN_VALUES, _COUNTED, _ENDS_TOTAL, _SPINNER, _VOIDS,
 _POSSIBLE, _KNOCKS, _TILE_COUNTS, _SCORES, _SEAT, _TURN, _LEADER, _HAND_NUMBER, _BONEYARD, _DRAWABLE,
 _DRAWS, _OUT, _CHOSEN, _REMEMBERED, _OPENED, _EGGS, _RECORD, _OWED, _HUNDRED, _MAY_DECLARE,
 _SIGNALS) = range(len(FAMILY_FIELDS))  # fmt: skip

#: A move code is ``(tile * 169 + point id + 1) * 16 + marks`` (:func:`sevenrocks.fast.step.move_code`).
_CODE_PER_TILE: Final = 169 * 16
_SIDES: Final = 6
_SIDE_A: Final = 2
_SIDE_BA: Final = 4
_SIXES: Final = 27


def family_offsets(layout: TensorLayout) -> I64:
    """The offsets of :data:`FAMILY_FIELDS` in a game's observation ``layout`` (-1: a field the
    game does not have)."""
    names = {field.name for field in layout.fields}
    return np.array([layout.offset(name) if name in names else -1 for name in FAMILY_FIELDS], dtype=np.int64)


@bare
def _values(st: I64) -> int:
    """The values of the open points as a bitmask."""
    values = 0
    for j in range(st[C.S_NPTS]):
        values |= 1 << POINT_VALUE_OF[st[C.S_POINTS + j]]
    return values


@bare
def _knock(rec: I64, i: int, seat: int, values: int) -> None:
    rec[i, REC_SEAT_KNOCKS + seat] += 1
    rec[i, REC_VOIDS + seat] |= values


@bare
def track_turns(rec: I64, i: int, st: I64, g: I64, seat: int, bpos: int) -> None:
    """Record the knocks and draws the compiled step made after ``seat``'s move in hand ``i``
    (``bpos``: the boneyard's draw position before the move), as the engine's events."""
    n = g[C.G_SEATS]
    rec[i, REC_DREW] = 0
    nxt = st[C.S_TURN]
    if nxt == (seat + 1) % n and st[C.S_BPOS] == bpos:
        return  # the next seat moves: nobody knocked or drew (the most common case)
    if g[C.G_BONEYARD] != C.BONEYARD_DRAW or g[C.G_STUCK] == C.STUCK_KNOCK:
        if nxt < 0:
            return  # a block: nobody knocks
        values = _values(st)
        s = seat
        for _ in range(n):
            s = s + 1 if s + 1 < n else 0
            if s == nxt:
                return
            if st[C.S_HANDS + s]:  # a seat that is out (team out) does not knock
                _knock(rec, i, s, values)
        return
    if nxt < 0:
        closed = g[C.G_ALL_CLOSED] and st[C.S_NPTS] == 0
        if st[C.S_END] != C.END_BLOCKED or closed:
            return  # a domino, a target or every end closed: the move ended the hand, nobody drew
    fits = st[C.S_FITS]
    values = _values(st)
    drawn = np.int64(0)
    for b in range(bpos, st[C.S_BPOS]):
        drawn |= np.int64(1) << st[C.S_BONE + b]
    holding = 0  # the seats with tiles, and those with a tile that fits, before the draws
    can = 0
    for q in range(n):
        h = st[C.S_HANDS + q] & ~drawn
        if h:
            holding |= 1 << q
        if h & fits:
            can |= 1 << q
    limit = st[C.S_BLEN] - g[C.G_RESERVE]
    one = g[C.G_STUCK] == C.STUCK_ONE
    pending = 0  # seats whose knock is made once someone draws or places
    s = seat
    for _ in range(4 * 32):
        if bpos >= limit and can == 0:
            return  # a block: the pending knocks are not made
        s = s + 1 if s + 1 < n else 0
        if not (holding >> s) & 1:
            continue
        if (can >> s) & 1:
            break
        drew = False
        while bpos < limit:
            t = st[C.S_BONE + bpos]
            bpos += 1
            holding |= 1 << s
            for q in range(n):
                if (pending >> q) & 1:
                    _knock(rec, i, q, values)
            pending = 0
            rec[i, REC_VOIDS + s] = values  # a draw: what earlier knocks proved ends here
            if (fits >> t) & 1:
                can |= 1 << s
                drew = True
                break
            if one:
                break
        if drew:
            rec[i, REC_DREW] = 1
            return
        pending |= 1 << s
    for q in range(n):
        if (pending >> q) & 1:
            _knock(rec, i, q, values)


@bare
def observe_family(seats: I64, state: I64, rec: I64, g: I64, scale: float, o: I64, out: F32) -> None:
    """Fill row ``i`` of ``out`` with the observation of seat ``seats[i]`` of hand ``i`` (the
    layout of ``o``: :func:`family_offsets`; ``scale``: what scores are divided by)."""
    n = g[C.G_SEATS]
    sides = g[C.G_SIDES]
    seven = g[C.G_MATCHING] == C.MATCH_SEVEN
    full = (np.int64(1) << 28) - 1
    sixth = np.float32(1.0 / 6.0)
    knock = np.float32(1.0 / 28.0)
    for i in range(state.shape[0]):
        st = state[i]
        me = seats[i]
        turn = st[C.S_TURN]
        for c in range(out.shape[1]):
            out[i, c] = 0.0
        mine = st[C.S_HANDS + me]
        for t in range(28):
            if (mine >> t) & 1:
                out[i, o[_HAND] + t] = 1.0
            by = rec[i, REC_PLACED_BY + t]
            if by >= 0:
                out[i, o[_PLAYED_BY] + ((by - me) % n) * 28 + t] = 1.0
                out[i, o[_PLAY_ORDER] + t] = rec[i, REC_ORDER + t] / 28.0
        seen = -1
        for j in range(st[C.S_NPTS]):
            pid = st[C.S_POINTS + j]
            out[i, o[_OPEN_POINTS] + pid] = 1.0
            c = o[_OPEN_VALUES] + POINT_VALUE_OF[pid]
            out[i, c] = out[i, c] + sixth
            anchor = pid // _SIDES
            side = pid % _SIDES
            if side >= _SIDE_BA:
                continue
            contribution = COUNT[pid]
            if side >= _SIDE_A:  # a double's straight side: the double counts once
                if anchor == seen:
                    continue
                seen = anchor
                if (st[C.S_LONG] >> anchor) & 1:
                    contribution = LOW[anchor]
            c = o[_COUNTED] + anchor
            out[i, c] = out[i, c] + np.float32(contribution / 12.0)
        out[i, o[_ENDS_TOTAL]] = st[C.S_TOTAL] / 36.0
        if st[C.S_SPINNER] >= 0:
            out[i, o[_SPINNER] + st[C.S_SPINNER]] = 1.0
        unseen = full & ~mine & ~rec[i, REC_LAYOUT]
        if o[_SIGNALS] >= 0:
            partner = (me + 2) % n
            dealt = rec[i, REC_DEALT + partner]
            out[i, o[_SIGNALS]] = float(dealt & 1)
            out[i, o[_SIGNALS] + 1] = float((dealt >> _SIXES) & 1)
        for q in range(n):
            r = (q - me) % n
            vmask = 0 if (q == turn and rec[i, REC_DREW]) else rec[i, REC_VOIDS + q]
            banned = np.int64(0)
            for v in range(7):
                if (vmask >> v) & 1:
                    out[i, o[_VOIDS] + r * 7 + v] = 1.0
                    if seven:
                        if v > 0:
                            banned |= SUIT_OF_VALUE[7 - v]
                    else:
                        banned |= SUIT_OF_VALUE[v]
            if seven and vmask:
                banned |= MATADOR_MASK
            if q == me:
                held = mine
            else:
                held = unseen & ~banned
                if o[_SIGNALS] >= 0:  # a signalled double is the partner's, an unsignalled one not
                    dealt = rec[i, REC_DEALT + (me + 2) % n]
                    for t in (0, _SIXES):
                        if ((dealt >> t) & 1) != (1 if q == (me + 2) % n else 0):
                            held &= ~(np.int64(1) << t)
            count = 0
            h = st[C.S_HANDS + q]
            for t in range(28):
                if (held >> t) & 1:
                    out[i, o[_POSSIBLE] + r * 28 + t] = 1.0
                count += (h >> t) & 1
            knocks = np.float32(0.0)
            for _ in range(rec[i, REC_SEAT_KNOCKS + q]):
                knocks = knocks + knock
            out[i, o[_KNOCKS] + r] = knocks
            out[i, o[_TILE_COUNTS] + r] = count / 28.0
        mine_side = me & 1 if g[C.G_PARTNERS] else me
        for k in range(sides):
            out[i, o[_SCORES] + k] = st[C.S_SCORE + (mine_side + k) % sides] / scale
        out[i, o[_SEAT] + me] = 1.0
        if turn >= 0:
            out[i, o[_TURN] + (turn - me) % n] = 1.0
        if rec[i, REC_LEADER] >= 0:
            out[i, o[_LEADER] + (rec[i, REC_LEADER] - me) % n] = 1.0
        if o[_BONEYARD] >= 0:
            left = st[C.S_BLEN] - st[C.S_BPOS]
            out[i, o[_BONEYARD]] = left / 28.0
            out[i, o[_DRAWABLE]] = max(0, left - g[C.G_RESERVE]) / 28.0
            for q in range(n):
                out[i, o[_DRAWS] + (q - me) % n] = st[C.S_DRAWS + q] / 28.0
        if o[_OUT] >= 0:
            for q in range(n):
                if (st[C.S_OUT] >> q) & 1:
                    out[i, o[_OUT] + (q - me) % n] = 1.0
        if o[_CHOSEN] >= 0 and me == turn:
            for j in range(rec[i, REC_NCHOSEN]):
                out[i, o[_CHOSEN] + rec[i, REC_CHOSEN + j] // _CODE_PER_TILE] = 1.0
        if o[_REMEMBERED] >= 0:
            for k in range(sides):
                s = (mine_side + k) % sides
                out[i, o[_REMEMBERED] + k] = st[C.S_REMEMBER + s] / scale
                out[i, o[_OPENED] + k] = float((st[C.S_OPENED] >> s) & 1)
            out[i, o[_EGGS]] = st[C.S_EGGS] / scale
        if o[_RECORD] >= 0:
            for s in range(sides):  # Sea Goat's record is the one side score above 0
                if st[C.S_SCORE + s] > 0:
                    out[i, o[_RECORD] + (s - mine_side) % sides] = st[C.S_SCORE + s] / scale
            if st[C.S_OWED] > 0:
                out[i, o[_OWED] + (st[C.S_OWED] - 1 - me) % n] = 1.0
        if o[_HUNDRED] >= 0 and st[C.S_HUNDRED] > 0:
            out[i, o[_HUNDRED] + (st[C.S_HUNDRED] - 1 - me) % n] = 1.0
