"""Matador's joins, by sum to seven (``matador.md`` §4; README §2.10), as lookup tables.

An ordinary tile joins a point showing *v* by its half 7 − *v* and leaves its other half open; a
point showing 0 takes no ordinary tile. The four matadors 0-0, 1-6, 2-5 and 3-4 join any point
and the placer names the half left open (``>N``; 0-0 always leaves 0). Every tile lies in line: a
double *n-n* joins by its side ``A`` and leaves *n* open on ``B``.

>>> from sevenrocks.core.notation import Play
>>> play = Play.parse("2-4@1-5:high")
>>> SEVEN_PLAY[play.tile.index * 168 + play.point.id] == play
True
>>> SEVEN_SIDE[play.tile.index * 168 + play.point.id]  # the 4 stays open: 2-4's high side
1
>>> from sevenrocks.core.tiles import tiles_of_mask
>>> [str(t) for t in tiles_of_mask(SEVEN_FITS[Play.parse("0-6@1-5:low").point.id])]  # 1: the sixes
['0-0', '0-6', '1-6', '2-5', '2-6', '3-4', '3-6', '4-6', '5-6', '6-6']
>>> [str(t) for t in tiles_of_mask(SEVEN_FITS[Play.parse("3-4@0-6:low>4").point.id])]  # 0: matadors
['0-0', '1-6', '2-5', '3-4']
>>> [str(p) for p in seven_plays(Play.parse("1-6").tile.index, Play.parse("0-6@1-5:low").point.id)]
['1-6@1-5:low>1', '1-6@1-5:low>6']
"""

from __future__ import annotations

from typing import Final

from sevenrocks.core.notation import NUM_POINT_IDS, POINT_VALUE, POINTS, SIDES_PER_TILE, Play
from sevenrocks.core.tiles import SUIT_MASKS, TILES, Tile, tile_of

__all__ = [
    "MATADORS",
    "MATADOR_MASK",
    "SEVEN_FITS",
    "SEVEN_PLAY",
    "SEVEN_SIDE",
    "is_matador",
    "seven_plays",
    "void_mask",
]

_LOW, _HIGH, _B = 0, 1, 3

#: The four wild tiles.
MATADORS: Final[tuple[Tile, ...]] = (tile_of(0, 0), tile_of(1, 6), tile_of(2, 5), tile_of(3, 4))
MATADOR_MASK: Final = sum(t.bit for t in MATADORS)


def is_matador(tile: Tile) -> bool:
    """True for 0-0, 1-6, 2-5 and 3-4."""
    return bool(MATADOR_MASK >> tile.index & 1)


def _fits(pid: int) -> int:
    value = POINT_VALUE[pid]
    if value < 0:
        return 0
    ordinary = SUIT_MASKS[7 - value] if value > 0 else 0
    return ordinary | MATADOR_MASK


#: ``SEVEN_FITS[pid]``: bitmask of the tiles that may join point ``pid`` (the matadors always).
SEVEN_FITS: Final[tuple[int, ...]] = tuple(_fits(pid) for pid in range(NUM_POINT_IDS))


def _build() -> tuple[tuple[Play | None, ...], tuple[int, ...]]:
    plays: list[Play | None] = [None] * (len(TILES) * NUM_POINT_IDS)
    sides = [-1] * (len(TILES) * NUM_POINT_IDS)
    for pid, point in enumerate(POINTS):
        if point is None:
            continue
        for tile in TILES:
            if tile == point.anchor or not SEVEN_FITS[pid] >> tile.index & 1 or is_matador(tile):
                continue
            choice = tile.index * NUM_POINT_IDS + pid
            plays[choice] = Play.on(tile, point.anchor, point.side)
            touching = 7 - point.value
            sides[choice] = _B if tile.is_double else (_HIGH if tile.low == touching else _LOW)
    return tuple(plays), tuple(sides)


_TABLES: Final = _build()
#: ``SEVEN_PLAY[tile * 168 + pid]``: the play of an ordinary tile that adds up to seven there, else ``None``.
SEVEN_PLAY: Final[tuple[Play | None, ...]] = _TABLES[0]
#: ``SEVEN_SIDE[tile * 168 + pid]``: the side an ordinary join leaves open (0 low, 1 high, 3 ``B``).
SEVEN_SIDE: Final[tuple[int, ...]] = _TABLES[1]


def seven_plays(t: int, pid: int) -> tuple[Play, ...]:
    """Every play of tile index ``t`` on point ``pid`` by Matador's rules (none if it cannot join):
    one for an ordinary tile or 0-0, one for each half a matador may leave open."""
    if not SEVEN_FITS[pid] >> t & 1 or t == pid // SIDES_PER_TILE:
        return ()
    tile = TILES[t]
    if not is_matador(tile):
        play = SEVEN_PLAY[t * NUM_POINT_IDS + pid]
        return (play,) if play is not None else ()
    point = POINTS[pid]
    assert point is not None  # SEVEN_FITS is 0 where there is no point
    plain = Play.on(tile, point.anchor, point.side)
    if tile.is_double:
        return (plain,)
    return (plain.marked(open_half=tile.low), plain.marked(open_half=tile.high))


def void_mask(values: tuple[int, ...]) -> int:
    """The tiles a seat cannot hold after knocking (or drawing) on points showing ``values``:
    every tile that adds up to seven with one of them, and the matadors."""
    mask = MATADOR_MASK
    for value in values:
        if value > 0:
            mask |= SUIT_MASKS[7 - value]
    return mask
