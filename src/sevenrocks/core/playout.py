"""Fast random play-outs of whole hands, for simulation and statistics.

:func:`random_hand` plays one hand with uniformly random legal placements. It is the same
game as :class:`~sevenrocks.core.match.Match` driven by ``rng.randrange(len(plays))`` over its legal plays
(drawing only when there is more than one)
— the same draws from ``rng`` give the same deal, leader and plays (the tests check this on
thousands of hands) — but keeps the layout in a few integers and precomputed tables instead
of objects, which makes it several times faster.

>>> import random
>>> hand = random_hand(random.Random(5))
>>> hand.placements >= 7, hand.blocked or hand.finisher is not None
(True, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from sevenrocks.core.notation import PLAY_TABLE, POINT_VALUE, POINTS, SIDES_PER_TILE
from sevenrocks.core.tiles import SUIT_MASKS, TILES

__all__ = ["HandOutcome", "random_hand"]

_NP: Final = len(POINTS)  # point ids per tile row of the play table (168)
_A, _B, _BA, _BB = 2, 3, 4, 5

#: ``_JOIN[t * 168 + pid]``: the point id that placing tile t on point pid opens, or -1 when
#: the tile does not match the point.
_JOIN: Final[tuple[int, ...]] = tuple(
    -1
    if PLAY_TABLE[i] is None
    else (
        (i // _NP) * SIDES_PER_TILE
        + (_B if TILES[i // _NP].is_double else (1 if TILES[i // _NP].low == POINT_VALUE[i % _NP] else 0))
    )
    for i in range(len(TILES) * _NP)
)
_COUNT: Final = tuple(
    0 if p is None else (p.value if p.side <= 1 else (0 if p.side >= _BA else 2 * p.value)) for p in POINTS
)
_SUIT_OF_POINT: Final = tuple(0 if v < 0 else SUIT_MASKS[v] for v in POINT_VALUE)
_IS_DOUBLE: Final = tuple(t.is_double for t in TILES)
_PIPS: Final = tuple(t.pips for t in TILES)
_BIT_INDEX: Final = {1 << i: i for i in range(len(TILES))}
#: ``_PIPS_BY_BYTE[k][b]``: pips of the tiles in byte ``k`` of a hand mask equal to ``b``.
_PIPS_BY_BYTE: Final = tuple(
    tuple(sum(_PIPS[8 * k + i] for i in range(8) if (b >> i) & 1 and 8 * k + i < 28) for b in range(256))
    for k in range(4)
)


def _pips(mask: int) -> int:
    p0, p1, p2, p3 = _PIPS_BY_BYTE
    return p0[mask & 255] + p1[(mask >> 8) & 255] + p2[(mask >> 16) & 255] + p3[mask >> 24]


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """What one played-out hand came to."""

    leader: int
    placements: int
    knocks: int
    blocked: bool
    finisher: int | None
    points: tuple[int, int]
    """Raw points each partnership scored by placements."""
    deductions: tuple[int, int, int, int]
    """Per seat, the rounded remaining pips subtracted at settlement."""


def random_hand(rng: random.Random) -> HandOutcome:
    """Deal a new hand, draw its leader by lot, and play it out with uniformly random placements.

    The hand is played on its own (no target): it ends in a domino or a block.
    """
    randrange = rng.randrange
    order = list(range(len(TILES)))
    rng.shuffle(order)
    hands = [0, 0, 0, 0]
    for s in range(4):
        for t in order[7 * s : 7 * s + 7]:
            hands[s] |= 1 << t
    seat = leader = randrange(4)
    bit_index = _BIT_INDEX
    join = _JOIN
    count = _COUNT
    suit_of_point = _SUIT_OF_POINT

    # the opening: any tile, in tile order
    hand = hands[seat]
    r = randrange(7)
    for _ in range(r):
        hand &= hand - 1
    t = bit_index[hand & -hand]
    hands[seat] ^= 1 << t
    base = t * SIDES_PER_TILE
    if _IS_DOUBLE[t]:
        spinner = t
        points = [base + _A, base + _B]
        total = 2 * TILES[t].low
    else:
        spinner = -1
        points = [base, base + 1]
        total = _PIPS[t]
    scored = [0, 0]
    if total and total % 5 == 0:
        scored[seat & 1] += total
    placements = 1
    knocks = 0
    finisher = None
    blocked = False
    playable = 0
    for p in points:
        playable |= suit_of_point[p]

    while True:
        # find the next seat that can place
        for step in (1, 2, 3, 4):
            s = (seat + step) & 3
            if hands[s] & playable:
                knocks += step - 1
                seat = s
                break
        else:
            blocked = True
            break
        hand = hands[seat]
        cand = hand & playable
        options = []
        while cand:
            low = cand & -cand
            cand ^= low
            row = bit_index[low] * _NP
            for p in points:
                if join[row + p] >= 0:
                    options.append(row + p)
        choice = options[randrange(len(options))] if len(options) > 1 else options[0]
        t, pid = divmod(choice, _NP)
        hands[seat] = hand ^ (1 << t)
        placements += 1
        points.remove(pid)
        points.append(join[choice])
        if _IS_DOUBLE[t] and spinner < 0:
            spinner = t
        if spinner >= 0 and pid // SIDES_PER_TILE == spinner:
            side = pid - spinner * SIDES_PER_TILE
            if side in (_A, _B):
                other = spinner * SIDES_PER_TILE + (_B if side == _A else _A)
                if other not in points:
                    points.append(spinner * SIDES_PER_TILE + _BA)
                    points.append(spinner * SIDES_PER_TILE + _BB)
        points.sort()
        total = 0
        playable = 0
        for p in points:
            total += count[p]
            playable |= suit_of_point[p]
        if total and total % 5 == 0:
            scored[seat & 1] += total
        if not hands[seat]:
            finisher = seat
            break

    deductions = tuple((_pips(m) + 2) // 5 * 5 for m in hands)
    return HandOutcome(
        leader=leader,
        placements=placements,
        knocks=knocks,
        blocked=blocked,
        finisher=finisher,
        points=(scored[0], scored[1]),
        deductions=deductions,  # type: ignore[arg-type]
    )
