"""The tile orders that name a hand's leader and its lead (README §2.6).

Each order lists all 28 tiles (as tile indexes), so the first tile some seat holds always exists.

>>> from sevenrocks.core.tiles import TILES
>>> [str(TILES[t]) for t in ORDER_HIGH[:9]]
['6-6', '5-5', '4-4', '3-3', '2-2', '1-1', '0-0', '5-6', '4-6']
>>> [str(TILES[t]) for t in ORDER_TELEPHONE[:3]], len(set(ORDER_GOAT))
(['2-3', '1-1', '2-2'], 28)
"""

from __future__ import annotations

from typing import Final

from sevenrocks.core.tiles import TILES, Tile, tile_of

__all__ = ["ORDER_GOAT", "ORDER_HIGH", "ORDER_LOW", "ORDER_TELEPHONE"]

_DOUBLES_UP: Final = tuple(tile_of(v, v) for v in range(7))
_SINGLES: Final = tuple(t for t in TILES if not t.is_double)
#: "Lightest": lower pip total first, then the smaller low half.
_LIGHTEST: Final = tuple(sorted(_SINGLES, key=lambda t: (t.pips, t.low)))
#: "Heaviest": higher pip total first, then the larger high half.
_HEAVIEST: Final = tuple(sorted(_SINGLES, key=lambda t: (-t.pips, -t.high)))


def _indexes(tiles: tuple[Tile, ...]) -> tuple[int, ...]:
    assert sorted(t.index for t in tiles) == list(range(len(TILES)))  # every order lists every tile
    return tuple(t.index for t in tiles)


#: 6-6 down to 0-0, then the heaviest non-doubles first.
ORDER_HIGH: Final = _indexes(tuple(reversed(_DOUBLES_UP)) + _HEAVIEST)
#: 0-0 up to 6-6, then the lightest non-doubles first.
ORDER_LOW: Final = _indexes(_DOUBLES_UP + _LIGHTEST)
#: 1-1 up to 6-6, then 0-0, then the lightest.
ORDER_GOAT: Final = _indexes(_DOUBLES_UP[1:] + _DOUBLES_UP[:1] + _LIGHTEST)
#: 2-3, then 1-1 up to 6-6, 0-0, then the lightest without 2-3.
ORDER_TELEPHONE: Final = _indexes(
    (tile_of(2, 3), *_DOUBLES_UP[1:], *_DOUBLES_UP[:1], *tuple(t for t in _LIGHTEST if t != tile_of(2, 3)))
)
