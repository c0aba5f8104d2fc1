"""The layout: placed tiles, the single spinner, connection points and counted ends.

A *connection point* is a place where a tile may legally be joined; a *counted end* is what
the placement score adds up. They are not the same thing:

- an ordinary open end counts its open value (zeros included);
- a double at an end (one straight side open) counts both halves; the spinner too while one of
  its straight sides is open, and an opening double alone counts both halves once;
- once both straight sides of the spinner are filled it counts nothing, its side branches open
  as connection points, and an unused branch counts zero.

>>> layout = Layout()
>>> for text in ["1-4", "1-1@1-4:low", "4-4@1-4:high", "3-4@4-4:B", "1-2@1-1:B"]:
...     total = layout.place(Play.parse(text))
>>> [str(p) for p in layout.points]
['1-1:bA', '1-1:bB', '1-2:high', '3-4:low']
>>> [(str(tile), n) for tile, n in layout.counted()], layout.ends_total
([('1-2', 2), ('3-4', 3)], 5)
>>> layout.unplace(), layout.ends_total
(Play.parse('1-2@1-1:B'), 5)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from sevenrocks.core.errors import (
    BranchNotOpenError,
    EmptyHistoryError,
    IllegalPlayError,
    MismatchError,
    OpeningPlayError,
    SideNotOpenError,
    UnknownAnchorError,
)
from sevenrocks.core.notation import (
    PLAY_TABLE,
    POINT_VALUE,
    POINTS,
    SIDES_PER_TILE,
    ConnectionPoint,
    Play,
    side_fits,
    side_value,
)
from sevenrocks.core.tiles import SUIT_MASKS, TILES, Tile

__all__ = ["Layout"]

_LOW, _HIGH, _A, _B, _BA, _BB = 0, 1, 2, 3, 4, 5

#: What an open point adds to the counted total (the spinner is handled apart).
_POINT_COUNT: Final = tuple(
    -1 if p is None else (p.value if p.side <= _HIGH else (0 if p.side >= _BA else 2 * p.value))
    for p in POINTS
)
_IS_DOUBLE: Final = tuple(t.is_double for t in TILES)
_LOW_OF: Final = tuple(t.low for t in TILES)
_HIGH_OF: Final = tuple(t.high for t in TILES)


class Layout:
    """The tiles on the table in one hand, and what is open and counted.

    :meth:`place` checks a play against the rules of placement (not against any hand) and
    returns the counted total after it; :meth:`unplace` takes the last placement back.
    """

    __slots__ = ("_cover", "_history", "_placed", "_points", "_spinner", "_total")

    def __init__(self) -> None:
        #: open point ids, ascending
        self._points: tuple[int, ...] = ()
        self._total = 0
        self._spinner = -1
        #: placements in order: (tile index, point id, or -1 for the opening)
        self._placed: list[tuple[int, int]] = []
        #: point id -> index of the tile placed on it
        self._cover: dict[int, int] = {}
        self._history: list[tuple[tuple[int, ...], int, int]] = []

    # ----------------------------------------------------------------- reading
    @property
    def is_empty(self) -> bool:
        """True before the opening."""
        return not self._placed

    @property
    def ends_total(self) -> int:
        """The sum of the counted ends."""
        return self._total

    @property
    def spinner(self) -> Tile | None:
        """The spinner (the first double of the hand), if one has been placed."""
        return TILES[self._spinner] if self._spinner >= 0 else None

    @property
    def points(self) -> tuple[ConnectionPoint, ...]:
        """The open connection points, ordered by anchor tile then side."""
        return tuple(POINTS[pid] for pid in self._points)  # type: ignore[misc]

    @property
    def point_values(self) -> tuple[int, ...]:
        """The values of the open connection points (one per point, in :attr:`points` order)."""
        return tuple(POINT_VALUE[pid] for pid in self._points)

    @property
    def playable_mask(self) -> int:
        """Bitmask of the tiles that match at least one open connection point."""
        mask = 0
        for pid in self._points:
            mask |= SUIT_MASKS[POINT_VALUE[pid]]
        return mask

    @property
    def plays(self) -> tuple[Play, ...]:
        """Every placement so far, in order."""
        return tuple(self._play_of(t, pid) for t, pid in self._placed)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The placed tiles, in the order they were placed."""
        return tuple(TILES[t] for t, _ in self._placed)

    @property
    def mask(self) -> int:
        """Bitmask of the placed tiles."""
        mask = 0
        for t, _ in self._placed:
            mask |= 1 << t
        return mask

    def __len__(self) -> int:
        return len(self._placed)

    def __contains__(self, tile: object) -> bool:
        return isinstance(tile, Tile) and any(t == tile.index for t, _ in self._placed)

    def __iter__(self) -> Iterator[Play]:
        return iter(self.plays)

    def counted(self) -> tuple[tuple[Tile, int], ...]:
        """The counted ends as ``(tile, contribution)`` pairs, in :attr:`points` order.

        The spinner appears once (both halves) while one of its straight sides is open; side
        branches never appear (an unused branch counts zero, a used one counts at its arm's end).
        """
        out: list[tuple[Tile, int]] = []
        spinner_seen = False
        for pid in self._points:
            anchor, side = divmod(pid, SIDES_PER_TILE)
            if side >= _BA:
                continue
            if anchor == self._spinner:
                if spinner_seen:
                    continue
                spinner_seen = True
            out.append((TILES[anchor], _POINT_COUNT[pid]))
        return tuple(out)

    def covering(self, point: ConnectionPoint) -> Tile | None:
        """The tile placed on ``point``, if any."""
        t = self._cover.get(point.id)
        return TILES[t] if t is not None else None

    def joined_by(self, tile: Tile) -> Play | None:
        """How ``tile`` was placed (``None`` if it is not in the layout)."""
        for t, pid in self._placed:
            if t == tile.index:
                return self._play_of(t, pid)
        return None

    def is_open(self, point: ConnectionPoint) -> bool:
        """True if ``point`` is an open connection point now."""
        return point.id in self._points

    # ------------------------------------------------------------------ checks
    def check(self, play: Play) -> None:
        """Raise the :class:`IllegalPlayError` that ``play`` breaks here, if any.

        >>> Layout().check(Play.parse("3-4@4-4:B"))  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        sevenrocks.core.errors.OpeningPlayError: 3-4@4-4:B: the layout is empty: open the hand ...
        """
        if self._fast_pid(play) is not None:
            return
        tile, anchor, side = play.tile, play.anchor, play.side
        if anchor is None or side is None:
            if self._placed:
                raise OpeningPlayError(
                    f"{play} is written as an opening, but the hand is already open: "
                    "write TILE@ANCHOR:SIDE, e.g. '3-4@4-4:B'"
                )
            return
        if not self._placed:
            raise OpeningPlayError(
                f"{play}: the layout is empty: open the hand with a tile alone, e.g. '{play.tile}'"
            )
        if tile in self:
            raise IllegalPlayError(f"tile {tile} is already in the layout")
        if anchor not in self:
            raise UnknownAnchorError(f"{play}: anchor {anchor} has not been placed in the layout")
        if not side_fits(anchor, side):
            if anchor.is_double:
                raise SideNotOpenError(
                    f"{play}: {anchor} is a double: its sides are A and B "
                    f"(and bA, bB on the spinner), not {side.notation}"
                )
            raise SideNotOpenError(
                f"{play}: {anchor} is not a double: its sides are low and high, not {side.notation}"
            )
        if side.is_branch:
            if anchor.index != self._spinner:
                spinner = self.spinner
                raise BranchNotOpenError(
                    f"{play}: {anchor} is not the spinner"
                    + (f" (the spinner is {spinner})" if spinner else "")
                    + ": only the spinner has side branches"
                )
            a_open = anchor.index * SIDES_PER_TILE + _A in self._points
            b_open = anchor.index * SIDES_PER_TILE + _B in self._points
            if a_open or b_open:
                empty = " and ".join(n for n, o in (("line A", a_open), ("line B", b_open)) if o)
                verb = "are" if a_open and b_open else "is"
                raise BranchNotOpenError(
                    f"branch {side.notation} of spinner {anchor} is not open: {empty} {verb} still empty"
                )
        pid = anchor.index * SIDES_PER_TILE + side
        if pid not in self._points:
            covering = self._cover.get(pid)
            if covering is not None:
                raise SideNotOpenError(
                    f"{play}: side {side.notation} of {anchor} is covered by {TILES[covering]}"
                )
            joined = self.joined_by(anchor)
            where = f" {joined.anchor}" if joined is not None and joined.anchor is not None else ""
            raise SideNotOpenError(
                f"{play}: side {side.notation} of {anchor} is where it joins the layout{where}"
            )
        value = side_value(anchor, side)
        if not tile.has(value):
            raise MismatchError(
                f"{play}: tile {tile} does not match side {side.notation} of {anchor}, which shows {value}"
            )
        raise IllegalPlayError(f"{play} is not a legal placement")  # pragma: no cover

    def _fast_pid(self, play: Play) -> int | None:
        """The point id of ``play`` if it is legal here (-1 for a legal opening), else ``None``."""
        anchor, side = play.anchor, play.side
        if anchor is None or side is None:
            return -1 if not self._placed else None
        pid = anchor.index * SIDES_PER_TILE + side
        if pid in self._points and PLAY_TABLE[play.tile.index * 168 + pid] is not None:
            return pid
        return None

    # ------------------------------------------------------------------ change
    def place(self, play: Play) -> int:
        """Check and place ``play``; return the counted total after it."""
        pid = self._fast_pid(play)
        if pid is None:
            self.check(play)
            raise IllegalPlayError(f"{play} is not a legal placement")  # pragma: no cover
        self.place_ids(play.tile.index, pid)
        return self._total

    def place_ids(self, t: int, pid: int) -> int:
        """Place tile index ``t`` on point id ``pid`` (-1: opening) with no checks; return the total.

        The fast path for search and simulation: the caller guarantees legality.
        """
        self._history.append((self._points, self._total, self._spinner))
        self._placed.append((t, pid))
        base = t * SIDES_PER_TILE
        if pid < 0:
            if _IS_DOUBLE[t]:
                self._spinner = t
                self._points = (base + _A, base + _B)
                self._total = 2 * _LOW_OF[t]
            else:
                self._points = (base + _LOW, base + _HIGH)
                self._total = _LOW_OF[t] + _HIGH_OF[t]
            return self._total
        self._cover[pid] = t
        points = [p for p in self._points if p != pid]
        value = POINT_VALUE[pid]
        if _IS_DOUBLE[t]:
            if self._spinner < 0:
                self._spinner = t
            points.append(base + _B)
        elif _LOW_OF[t] == value:
            points.append(base + _HIGH)
        else:
            points.append(base + _LOW)
        spinner = self._spinner
        if spinner >= 0 and pid // SIDES_PER_TILE == spinner:
            side = pid - spinner * SIDES_PER_TILE
            if side in (_A, _B):
                other = spinner * SIDES_PER_TILE + (_B if side == _A else _A)
                if other not in points:
                    points.append(spinner * SIDES_PER_TILE + _BA)
                    points.append(spinner * SIDES_PER_TILE + _BB)
        points.sort()
        self._points = tuple(points)
        total = 0
        for p in points:
            total += _POINT_COUNT[p]
        self._total = total
        return total

    def ends_total_after(self, play: Play) -> int:
        """The counted total ``play`` would make, leaving the layout as it is.

        >>> layout = Layout()
        >>> layout.ends_total_after(Play.parse("5-5")), layout.is_empty
        (10, True)
        """
        self.place(play)
        total = self._total
        self.unplace()
        return total

    def unplace(self) -> Play:
        """Take back the last placement and return it."""
        if not self._placed:
            raise EmptyHistoryError("there is no placement to take back: the layout is empty")
        t, pid = self._placed.pop()
        self._points, self._total, self._spinner = self._history.pop()
        if pid >= 0:
            del self._cover[pid]
        return self._play_of(t, pid)

    def copy(self) -> Layout:
        """An independent copy (cheap: a few small lists)."""
        new = Layout.__new__(Layout)
        new._points = self._points
        new._total = self._total
        new._spinner = self._spinner
        new._placed = self._placed.copy()
        new._cover = self._cover.copy()
        new._history = self._history.copy()
        return new

    @staticmethod
    def _play_of(t: int, pid: int) -> Play:
        if pid < 0:
            return Play.opening(TILES[t])
        play = PLAY_TABLE[t * 168 + pid]
        assert play is not None  # placed plays are always legal ones
        return play

    def __repr__(self) -> str:
        return f"<Layout {' '.join(str(p) for p in self.plays) or 'empty'}; total {self._total}>"
