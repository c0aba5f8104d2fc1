"""Fast random play-outs of whole hands, for simulation and statistics.

:func:`random_hand` plays one hand with uniformly random legal placements. It is the same
game as :class:`~sevenrocks.core.match.Match` driven by ``plays[rng.randrange(len(plays))]``
over its :meth:`~sevenrocks.core.match.Match.legal_plays` (drawing only when there is more
than one) — the same draws from ``rng`` give the same deal, leader, placements and deductions
(``tests/test_playout.py`` checks this on thousands of hands) — but keeps the layout in a few
integers and precomputed tables instead of objects, which makes it several times faster.

>>> import random
>>> hand = random_hand(random.Random(5))
>>> hand.placements >= 7, hand.blocked or hand.finisher is not None
(True, True)
>>> hand == random_hand(random.Random(5))
True

How: a connection point is an integer id and a placement ``tile.index * 168 + point id``; the
tables of :mod:`sevenrocks.core.tables` give, by one lookup each, the placements a hand can make
on a point (in the order of :meth:`Match.legal_plays`), the point a placement opens and what
each point adds to the counted ends. The counted total is kept up to date by differences.
"""

from __future__ import annotations

import random
from typing import Final, NamedTuple

from sevenrocks.core.notation import NUM_POINT_IDS, SIDES_PER_TILE
from sevenrocks.core.scoring import placement_points, round_pips
from sevenrocks.core.tables import OPENS, OPTIONS, POINT_COUNT, POINT_OF, SUIT_OF_POINT, TILE_OF
from sevenrocks.core.tiles import TILES

__all__ = ["HandOutcome", "random_hand"]

_NUM_TILES: Final = len(TILES)
_LOW, _HIGH, _A, _B, _BA, _BB = 0, 1, 2, 3, 4, 5


_ANCHOR_OF: Final = tuple(pid // SIDES_PER_TILE for pid in range(NUM_POINT_IDS))
#: ``_OTHER_STRAIGHT[pid]``: for line A or B of a double, the other straight side; else -1.
_OTHER_STRAIGHT: Final = tuple(
    {_A: pid + 1, _B: pid - 1}.get(pid % SIDES_PER_TILE, -1) if TILES[pid // SIDES_PER_TILE].is_double else -1
    for pid in range(NUM_POINT_IDS)
)
_BIT: Final = tuple(1 << t for t in range(_NUM_TILES))
_IS_DOUBLE: Final = tuple(t.is_double for t in TILES)
_PIPS: Final = tuple(t.pips for t in TILES)
_MAX_INTERNAL: Final = 4 * 12  # largest sum of POINT_COUNT over open points
_SCORE: Final = tuple(placement_points(total) for total in range(_MAX_INTERNAL + 1))
_ROUNDED: Final = tuple(round_pips(pips) for pips in range(sum(_PIPS) + 1))
#: ``_PIPS_BY_BYTE[k][b]``: pips of the tiles in byte ``k`` of a hand mask equal to ``b``.
_PIPS_BY_BYTE: Final = tuple(
    tuple(
        sum(_PIPS[8 * k + i] for i in range(8) if (b >> i) & 1 and 8 * k + i < _NUM_TILES) for b in range(256)
    )
    for k in range(4)
)


_ORDER: Final = list(range(_NUM_TILES))


def _pips(mask: int) -> int:
    p0, p1, p2, p3 = _PIPS_BY_BYTE
    return p0[mask & 255] + p1[(mask >> 8) & 255] + p2[(mask >> 16) & 255] + p3[mask >> 24]


class HandOutcome(NamedTuple):
    """What one played-out hand came to."""

    leader: int
    """The seat that opened the hand (drawn by lot)."""
    placements: int
    """Tiles placed, the opening included."""
    knocks: int
    """Turns passed because the seat could not place."""
    blocked: bool
    """True if the hand ended with no seat able to place."""
    finisher: int | None
    """The seat that placed its last tile (``None`` after a block)."""
    points: tuple[int, int]
    """Raw points each partnership scored by placements."""
    deductions: tuple[int, int, int, int]
    """Per seat, the rounded remaining pips subtracted at settlement."""


def random_hand(rng: random.Random) -> HandOutcome:
    """Deal a new hand, draw its leader by lot, and play it out with uniformly random placements.

    The hand is played on its own (no target): it ends in a domino or a block.
    """
    randrange = rng.randrange
    order = _ORDER.copy()
    rng.shuffle(order)  # the same draws as Match's deal_tiles, then its lot
    bit = _BIT
    o = order  # seven tiles to each seat, unrolled (a loop costs a tenth of the hand)
    hands = [
        bit[o[0]] | bit[o[1]] | bit[o[2]] | bit[o[3]] | bit[o[4]] | bit[o[5]] | bit[o[6]],
        bit[o[7]] | bit[o[8]] | bit[o[9]] | bit[o[10]] | bit[o[11]] | bit[o[12]] | bit[o[13]],
        bit[o[14]] | bit[o[15]] | bit[o[16]] | bit[o[17]] | bit[o[18]] | bit[o[19]] | bit[o[20]],
        bit[o[21]] | bit[o[22]] | bit[o[23]] | bit[o[24]] | bit[o[25]] | bit[o[26]] | bit[o[27]],
    ]
    seat = leader = randrange(4)

    # the opening: any tile of the leader's, in tile order
    t = sorted(order[7 * seat : 7 * seat + 7])[randrange(7)]
    hands[seat] ^= bit[t]
    base = t * SIDES_PER_TILE
    if _IS_DOUBLE[t]:
        spinner = t
        points = [base + _A, base + _B]
        total = _PIPS[t]  # an opening double alone counts both halves once
    else:
        spinner = -1
        points = [base + _LOW, base + _HIGH]
        total = _PIPS[t]
    # the sum over the open points, which is the counted total from the next placement on
    counted = POINT_COUNT[points[0]] + POINT_COUNT[points[1]]
    score = _SCORE
    scored = [0, 0]
    scored[seat & 1] += score[total]

    suit_of_point, options, join, count = SUIT_OF_POINT, OPTIONS, OPENS, POINT_COUNT
    tile_of, point_of, anchor_of, other_straight = TILE_OF, POINT_OF, _ANCHOR_OF, _OTHER_STRAIGHT
    placements = 1
    knocks = 0
    finisher = None
    blocked = False
    while True:
        # the next seat that can place, with its legal placements
        for step in (1, 2, 3, 4):
            s = (seat + step) & 3
            hand = hands[s]
            opts: tuple[int, ...] = ()
            merged = False
            for p in points:
                m = hand & suit_of_point[p]
                if m:
                    if opts:
                        opts = opts + options[m << 8 | p]
                        merged = True
                    else:
                        opts = options[m << 8 | p]
            if opts:
                knocks += step - 1
                seat = s
                break
        else:
            blocked = True
            break
        n = len(opts)
        # uniformly random among the legal placements in Match.legal_plays order; no draw for one
        choice = (sorted(opts) if merged else opts)[randrange(n)] if n > 1 else opts[0]
        t = tile_of[choice]
        pid = point_of[choice]
        hand ^= bit[t]
        hands[seat] = hand
        placements += 1
        opened = join[choice]
        points[points.index(pid)] = opened
        counted += count[opened] - count[pid]
        if spinner < 0:
            if _IS_DOUBLE[t]:
                spinner = t
        elif anchor_of[pid] == spinner:
            other = other_straight[pid]
            if other >= 0 and other not in points:  # both straight sides filled: the branches open
                points.append(spinner * SIDES_PER_TILE + _BA)
                points.append(spinner * SIDES_PER_TILE + _BB)
        gained = score[counted]
        if gained:
            scored[seat & 1] += gained
        if not hand:
            finisher = seat
            break

    rounded = _ROUNDED
    return HandOutcome(
        leader,
        placements,
        knocks,
        blocked,
        finisher,
        (scored[0], scored[1]),
        (
            rounded[_pips(hands[0])],
            rounded[_pips(hands[1])],
            rounded[_pips(hands[2])],
            rounded[_pips(hands[3])],
        ),
    )
