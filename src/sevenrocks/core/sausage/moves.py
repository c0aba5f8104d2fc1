"""A Sausage move: the turned tile and the way it goes, written ``TILE:WAY`` (``"4-6:cut"``).

>>> move = SausageMove.parse("6-4:cut")
>>> move, str(move), move.way is Way.CUT
(SausageMove.parse('4-6:cut'), '4-6:cut', True)
>>> SausageMove.parse("4-6:left")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
sevenrocks.core.errors.NotationError: '4-6:left' is not a Sausage move: WAY is top, bottom or cut, not 'left'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final

from sevenrocks.core.errors import NotationError
from sevenrocks.core.tiles import TILES, Tile

__all__ = ["WAYS", "SausageMove", "Way"]


class Way(Enum):
    """Where the turned tile goes (``sausage.md`` §4.3): onto a line, or across both (a cut)."""

    TOP = "top"
    """Onto the top line (a double: into it, at a joint or an end showing its number)."""
    BOTTOM = "bottom"
    """Onto the bottom line (a double: into it)."""
    CUT = "cut"
    """Across both lines at their ends: the table goes to the back of the opponent's queue."""

    @property
    def line(self) -> int:
        """The line's index, 0 for top and 1 for bottom (2 for a cut, which takes both)."""
        return _LINE[self]

    def __str__(self) -> str:
        return self.value


_LINE: Final = {Way.TOP: 0, Way.BOTTOM: 1, Way.CUT: 2}
#: The ways in the order :meth:`SausageMatch.legal_moves` lists them; ``WAYS[i].line == i``.
WAYS: Final = (Way.TOP, Way.BOTTOM, Way.CUT)
_BY_NAME: Final = {way.value: way for way in WAYS}


@dataclass(frozen=True, slots=True)
class SausageMove:
    """The turned ``tile`` placed in the way ``way``; compare, hash and print as ``TILE:WAY``."""

    tile: Tile
    way: Way

    @classmethod
    def parse(cls, text: str) -> SausageMove:
        """Read ``TILE:WAY`` (the tile in either order; WAY ``top``, ``bottom`` or ``cut``).

        >>> SausageMove.parse(" 5-6:bottom ").way
        <Way.BOTTOM: 'bottom'>
        """
        if not isinstance(text, str):
            raise NotationError(f"a Sausage move is text like '5-6:bottom', not {text!r}")
        tile_text, sep, way_text = text.strip().partition(":")
        if not sep:
            raise NotationError(
                f"{text!r} is not a Sausage move: write TILE:WAY, e.g. '5-6:bottom' or '4-6:cut'"
            )
        way = _BY_NAME.get(way_text)
        if way is None:
            raise NotationError(
                f"{text!r} is not a Sausage move: WAY is top, bottom or cut, not {way_text!r}"
            )
        try:
            tile = Tile.parse(tile_text)
        except NotationError as err:
            raise NotationError(f"{text!r} is not a Sausage move: {err.reason}") from None
        return cls(TILES[tile.index], way)

    def __str__(self) -> str:
        return f"{self.tile}:{self.way.value}"

    def __repr__(self) -> str:
        return f"SausageMove.parse('{self}')"
