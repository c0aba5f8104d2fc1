"""Precomputed placement tables, shared by move generation and the fast play-out.

A connection point is an integer id ``anchor.index * 6 + side`` and a placement (a tile on a
point) the integer ``tile.index * 168 + point id`` (see :mod:`sevenrocks.core.notation`). These
tables answer, by one lookup, what the rules say about them:

>>> from sevenrocks.core.notation import Play
>>> play = Play.parse("1-5@1-1:bA")
>>> choice = play.tile.index * NUM_POINT_IDS + play.point.id
>>> POINTS[OPENS[choice]]  # placing 1-5 there leaves its 5 end open
ConnectionPoint.parse('1-5:high')
>>> hand = Play.parse("1-2").tile.bit | Play.parse("1-5").tile.bit | Play.parse("3-4").tile.bit
>>> pid = play.point.id
>>> [str(PLAY_TABLE[c]) for c in OPTIONS[(hand & SUIT_OF_POINT[pid]) << 8 | pid]]
['1-2@1-1:bA', '1-5@1-1:bA']
"""

from __future__ import annotations

from typing import Final

from sevenrocks.core.notation import NUM_POINT_IDS, PLAY_TABLE, POINT_VALUE, POINTS, SIDES_PER_TILE
from sevenrocks.core.tiles import SUIT_MASKS, TILES

__all__ = [
    "NUM_POINT_IDS",
    "OPENS",
    "OPTIONS",
    "PLAY_TABLE",
    "POINTS",
    "POINT_COUNT",
    "POINT_OF",
    "SUIT_OF_POINT",
    "TILE_OF",
]

_NUM_TILES: Final = len(TILES)
_LOW, _HIGH, _A, _B, _BA = 0, 1, 2, 3, 4


def _opened_point(choice: int) -> int:
    t, pid = divmod(choice, NUM_POINT_IDS)
    if PLAY_TABLE[choice] is None:
        return -1
    tile = TILES[t]
    if tile.is_double:
        return t * SIDES_PER_TILE + _B  # a double joins by line A, line B is open
    return t * SIDES_PER_TILE + (_HIGH if tile.low == POINT_VALUE[pid] else _LOW)


#: ``OPENS[choice]``: the point id that placement ``choice`` opens; -1 if the tile does not fit there.
OPENS: Final[tuple[int, ...]] = tuple(_opened_point(i) for i in range(_NUM_TILES * NUM_POINT_IDS))
#: ``TILE_OF[choice]``, ``POINT_OF[choice]``: the tile index and the point id of a placement.
TILE_OF: Final = tuple(i // NUM_POINT_IDS for i in range(_NUM_TILES * NUM_POINT_IDS))
POINT_OF: Final = tuple(i % NUM_POINT_IDS for i in range(_NUM_TILES * NUM_POINT_IDS))
#: ``POINT_COUNT[pid]``: what an open point adds to the counted ends: its value at the end of a
#: non-double, both halves on a straight side of a double, nothing on a branch. (The spinner
#: with both straight sides open — an opening double alone — counts both halves only once.)
POINT_COUNT: Final = tuple(
    0 if p is None else (p.value if p.side <= _HIGH else (0 if p.side >= _BA else 2 * p.value))
    for p in POINTS
)
#: ``SUIT_OF_POINT[pid]``: bitmask of the seven tiles showing the point's value (0: no such point).
SUIT_OF_POINT: Final = tuple(0 if v < 0 else SUIT_MASKS[v] for v in POINT_VALUE)


def _build_options() -> dict[int, tuple[int, ...]]:
    table: dict[int, tuple[int, ...]] = {}
    for pid, value in enumerate(POINT_VALUE):
        if value < 0:
            continue
        suit = [t for t in range(_NUM_TILES) if (SUIT_MASKS[value] >> t) & 1]
        for subset in range(1, 1 << len(suit)):
            mask = 0
            choices: list[int] = []
            for i, t in enumerate(suit):
                if (subset >> i) & 1:
                    mask |= 1 << t
                    if OPENS[t * NUM_POINT_IDS + pid] >= 0:
                        choices.append(t * NUM_POINT_IDS + pid)
            table[mask << 8 | pid] = tuple(choices)
    return table


#: ``OPTIONS[tiles << 8 | pid]``: for a non-empty set ``tiles`` of tiles showing the value of
#: point ``pid`` (``hand & SUIT_OF_POINT[pid]``), their placements on that point, ascending.
#: The legal placements of a hand are the union over the open points, sorted.
OPTIONS: Final = _build_options()
