"""The Sausage table as a value: the start tile and the two lines that grow from it (``sausage.md`` §4.1).

A :class:`Table` is a frozen snapshot, what :attr:`SausageMatch.table
<sevenrocks.core.sausage.match.SausageMatch.table>` and a seat's view show; the match keeps its own
mutable state. A line's **values** are the start tile's half, the number at every joint and its end;
a double goes into a line whose values include its number and leaves its end as it was.

>>> from sevenrocks.core.tiles import Tile
>>> top = Line(start_half=2, tiles=(Tile.parse("2-4"),), end=4, values=frozenset({2, 4}))
>>> bottom = Line(start_half=5, tiles=(), end=5, values=frozenset({5}))
>>> table = Table(Tile.parse("2-5"), top, bottom, (Tile.parse("2-5"), Tile.parse("2-4")))
>>> table.ends, table.can_cut, str(table)
((4, 5), False, 'top 2|2-4 (end 4) / bottom 5| (end 5)')
"""

from __future__ import annotations

from dataclasses import dataclass

from sevenrocks.core.tiles import Tile

__all__ = ["Line", "Table"]


@dataclass(frozen=True, slots=True)
class Line:
    """One line: the start tile's half it grows from, its tiles from the start outward, its end,
    and its values.

    A double lies in the line at the first joint (or end) showing its number; where it lies has no
    effect on the game (§4.3).
    """

    start_half: int
    tiles: tuple[Tile, ...]
    end: int
    values: frozenset[int]

    def __len__(self) -> int:
        return len(self.tiles)

    def __str__(self) -> str:
        return f"{self.start_half}|{' '.join(str(t) for t in self.tiles)} (end {self.end})"


@dataclass(frozen=True, slots=True)
class Table:
    """The start tile (``None`` before a deal's first turn), the top and bottom lines, and every tile
    on the table in the order it was laid (the order a cut hands them over in)."""

    start: Tile | None
    top: Line
    bottom: Line
    laid: tuple[Tile, ...]

    @property
    def lines(self) -> tuple[Line, Line]:
        """The two lines, top first."""
        return (self.top, self.bottom)

    @property
    def ends(self) -> tuple[int, int]:
        """The top end and the bottom end."""
        return (self.top.end, self.bottom.end)

    @property
    def can_cut(self) -> bool:
        """True when both lines hold a tile, so that a tile showing the two ends may cut."""
        return bool(self.top.tiles) and bool(self.bottom.tiles)

    def __len__(self) -> int:
        """The number of tiles on the table (the start tile included)."""
        return len(self.laid)

    def __str__(self) -> str:
        if self.start is None:
            return "empty table"
        return f"top {self.top} / bottom {self.bottom}"
