"""Tiles of the double-six set, seats and partnerships.

A tile is a small frozen value. All 28 tiles exist once, in :data:`TILES`, ordered
``0-0, 0-1, ..., 0-6, 1-1, ..., 6-6``; :meth:`Tile.parse` returns those same objects,
so tiles can be compared by identity and used as table indexes (:attr:`Tile.index`).

>>> Tile.parse("5-0")
Tile.parse('0-5')
>>> str(Tile.parse("3-3")), Tile.parse("3-3").is_double, Tile.parse("2-6").pips
('3-3', True, 8)
>>> len(TILES), sum(t.pips for t in TILES)
(28, 168)
>>> partnership(2), partner(1)
(0, 3)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from sevenrocks.core.errors import NotationError

__all__ = [
    "NUM_SEATS",
    "SEATS",
    "SUIT_MASKS",
    "TILES",
    "Tile",
    "mask_of",
    "partner",
    "partnership",
    "tiles_of_mask",
]

NUM_SEATS: Final = 4
SEATS: Final = (0, 1, 2, 3)
MAX_PIP: Final = 6
# Notation is ASCII only: "３-４" (full-width digits) or "٣-٤" is not a tile.
_ASCII_DIGITS: Final = frozenset("0123456789")
_ASCII_SPACE: Final = " \t\n\r\f\v"


@dataclass(frozen=True, slots=True)
class Tile:
    """One domino: two pip values ``low <= high`` in 0..6.

    Use :meth:`parse` or :data:`TILES` rather than the constructor, so that every
    tile is the single shared object of its kind.
    """

    low: int
    high: int
    index: int

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Parse ``LOW-HIGH`` (either order) into the tile; the digits are ASCII ``0``..``6``.

        >>> Tile.parse("6-2").index == Tile.parse("2-6").index
        True
        """
        if not isinstance(text, str):
            raise NotationError(f"a tile must be written as text like '3-4', not {text!r}")
        parts = text.strip(_ASCII_SPACE).split("-")
        if len(parts) != 2 or not all(len(p) == 1 and p in _ASCII_DIGITS for p in parts):
            raise NotationError(f"{text!r} is not a tile: write two pip values 0..6 as 'LOW-HIGH'")
        a, b = int(parts[0]), int(parts[1])
        if a > MAX_PIP or b > MAX_PIP:
            raise NotationError(f"{text!r} is not a tile of the double-six set: pips go from 0 to 6")
        return tile_of(a, b)

    @property
    def is_double(self) -> bool:
        """True for the seven doubles ``0-0`` .. ``6-6``."""
        return self.low == self.high

    @property
    def pips(self) -> int:
        """The number of pips on the tile."""
        return self.low + self.high

    @property
    def bit(self) -> int:
        """The tile's bit in a hand bitmask."""
        return 1 << self.index

    def has(self, value: int) -> bool:
        """True if one of the tile's halves shows ``value``."""
        return self.low == value or self.high == value

    def other(self, value: int) -> int:
        """The half that is not ``value`` (``value`` itself for a double)."""
        if self.low == value:
            return self.high
        if self.high == value:
            return self.low
        raise ValueError(f"tile {self} has no half {value}")

    def __str__(self) -> str:
        return f"{self.low}-{self.high}"

    def __repr__(self) -> str:
        return f"Tile.parse('{self.low}-{self.high}')"


def _build() -> tuple[tuple[Tile, ...], dict[tuple[int, int], Tile]]:
    tiles: list[Tile] = []
    by_pair: dict[tuple[int, int], Tile] = {}
    for low in range(MAX_PIP + 1):
        for high in range(low, MAX_PIP + 1):
            tile = Tile(low, high, len(tiles))
            tiles.append(tile)
            by_pair[(low, high)] = tile
            by_pair[(high, low)] = tile
    return tuple(tiles), by_pair


_BUILT = _build()
#: The 28 tiles, ``0-0, 0-1, ..., 6-6``; ``TILES[i].index == i``.
TILES: Final[tuple[Tile, ...]] = _BUILT[0]
_BY_PAIR: Final[dict[tuple[int, int], Tile]] = _BUILT[1]

#: ``SUIT_MASKS[v]``: bitmask of the seven tiles that show ``v``.
SUIT_MASKS: Final[tuple[int, ...]] = tuple(sum(t.bit for t in TILES if t.has(v)) for v in range(MAX_PIP + 1))


def tile_of(a: int, b: int) -> Tile:
    """The tile with halves ``a`` and ``b`` (any order)."""
    return _BY_PAIR[(a, b)]


def mask_of(tiles: Iterable[Tile]) -> int:
    """Bitmask of an iterable of tiles.

    >>> mask_of([Tile.parse("0-0"), Tile.parse("0-2")])
    5
    """
    mask = 0
    for tile in tiles:
        mask |= tile.bit
    return mask


def tiles_of_mask(mask: int) -> tuple[Tile, ...]:
    """The tiles of a bitmask, in set order.

    >>> [str(t) for t in tiles_of_mask(5)]
    ['0-0', '0-2']
    """
    out: list[Tile] = []
    while mask:
        low_bit = mask & -mask
        out.append(TILES[low_bit.bit_length() - 1])
        mask ^= low_bit
    return tuple(out)


def partnership(seat: int) -> int:
    """The partnership of a seat: 0 for seats 0 and 2, 1 for seats 1 and 3."""
    return seat & 1


def partner(seat: int) -> int:
    """The seat opposite, the partner."""
    return (seat + 2) % NUM_SEATS
