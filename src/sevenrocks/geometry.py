"""Where every tile of a layout is drawn: the geometry behind :mod:`sevenrocks.svg`.

The unit is half a tile: an ordinary tile is 2 x 1 units, a double placed crosswise 1 x 2.
The layout is drawn as on a table, on a board of a given size (:func:`geometry`'s ``board``):
tiles keep their size, and the board grows (the drawing zooms out) only when the layout does not
fit. The drawing is centred on the spinner (before there is one, on the opening tile). The line
through the centre runs left and right; the spinner's side branches run up (``bA``) and down
(``bB``). Each arm grows straight out of the centre and turns a corner only as it approaches the
board's edge, then runs along the edge (spiralling inwards, or snaking in rows when a spiral
finds no room). Around a spinner each of the four arms keeps to its own quarter of the board (a
pinwheel blade), around a tile with two arms each keeps to its half, so arms never cross.

Coordinates are SVG-like: ``x`` to the right, ``y`` downwards.

>>> from sevenrocks.core import Layout, Play
>>> layout = Layout()
>>> for text in ["1-4", "1-1@1-4:low", "4-4@1-4:high"]:
...     _ = layout.place(Play.parse(text))
>>> geo = geometry(layout)
>>> [(str(box.tile), box.rect.w, box.rect.h, box.is_spinner) for box in geo.tiles]
[('1-4', 2.0, 1.0, False), ('1-1', 1.0, 2.0, True), ('4-4', 1.0, 2.0, False)]
>>> [(str(mark.point), mark.counted) for mark in geo.points]
[('1-1:B', 2), ('4-4:B', 8)]
>>> geo.overlaps()
[]
>>> on_table = geometry(layout, board=(20, 10))
>>> on_table.board, on_table.zoom
(Rect(x=-10.0, y=-5.0, w=20.0, h=10.0), 1.0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from functools import lru_cache
from typing import Final

from sevenrocks.core.layout import Layout
from sevenrocks.core.notation import ConnectionPoint, Side
from sevenrocks.core.tiles import Tile

__all__ = [
    "DEFAULT_BOARD",
    "Arm",
    "Extension",
    "Half",
    "LayoutGeometry",
    "PointMark",
    "Rect",
    "TileBox",
    "extend",
    "geometry",
]

_EPS: Final = 1e-9
#: The board :func:`geometry` draws on by default, in units (half a tile): width, height.
DEFAULT_BOARD: Final = (28.0, 18.0)
#: The smallest and largest board sides accepted, in units.
MIN_BOARD: Final = 4.0
MAX_BOARD: Final = 400.0
#: A board too small for a layout is grown by this factor at a time, this many times at most.
_ZOOM: Final = 1.12
_ZOOM_STEPS: Final = 24
_SEARCH_BUDGET: Final = 3000


@dataclass(frozen=True, slots=True)
class Rect:
    """An axis-aligned rectangle: top-left corner ``(x, y)``, width ``w``, height ``h``."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        """``x + w``."""
        return self.x + self.w

    @property
    def bottom(self) -> float:
        """``y + h``."""
        return self.y + self.h

    def intersects(self, other: Rect) -> bool:
        """True if the two rectangles share interior area (touching edges do not count).

        >>> Rect(0, 0, 2, 1).intersects(Rect(2, 0, 2, 1)), Rect(0, 0, 2, 1).intersects(Rect(1, 0, 2, 1))
        (False, True)
        """
        return (
            self.x < other.right - _EPS
            and other.x < self.right - _EPS
            and self.y < other.bottom - _EPS
            and other.y < self.bottom - _EPS
        )

    def contains(self, other: Rect) -> bool:
        """True if ``other`` lies inside this rectangle (edges may touch)."""
        return (
            other.x >= self.x - _EPS
            and other.y >= self.y - _EPS
            and other.right <= self.right + _EPS
            and other.bottom <= self.bottom + _EPS
        )

    def union(self, other: Rect) -> Rect:
        """The smallest rectangle holding both."""
        x, y = min(self.x, other.x), min(self.y, other.y)
        return Rect(x, y, max(self.right, other.right) - x, max(self.bottom, other.bottom) - y)

    def grow(self, margin: float) -> Rect:
        """This rectangle with ``margin`` added on every side."""
        return Rect(self.x - margin, self.y - margin, self.w + 2 * margin, self.h + 2 * margin)


class Arm(Enum):
    """Where an arm of the layout grows from the centre tile."""

    RIGHT = "right"
    DOWN = "down"
    LEFT = "left"
    UP = "up"


#: Turns the canonical frame (arm growing right, wrapping downwards) into each arm's direction.
_TURN: Final[dict[Arm, Callable[[float, float], tuple[float, float]]]] = {
    Arm.RIGHT: lambda x, y: (x, y),
    Arm.DOWN: lambda x, y: (-y, x),
    Arm.LEFT: lambda x, y: (-x, -y),
    Arm.UP: lambda x, y: (y, -x),
}
#: Turns each arm's direction back into the canonical frame.
_UNTURN: Final[dict[Arm, Callable[[float, float], tuple[float, float]]]] = {
    Arm.RIGHT: _TURN[Arm.RIGHT],
    Arm.DOWN: _TURN[Arm.UP],
    Arm.LEFT: _TURN[Arm.LEFT],
    Arm.UP: _TURN[Arm.DOWN],
}


@dataclass(frozen=True, slots=True)
class Half:
    """One half of a drawn tile: the unit square at ``(x, y)`` showing ``value`` pips."""

    x: float
    y: float
    value: int
    #: True when the tile lies vertically (pips of a six are then drawn in two columns).
    vertical: bool


@dataclass(frozen=True, slots=True)
class TileBox:
    """A placed tile as drawn: its rectangle, its two halves, and where it sits in the layout."""

    tile: Tile
    rect: Rect
    halves: tuple[Half, Half]
    #: the placement number of the tile in the hand (0 for the opening)
    order: int
    #: the arm the tile belongs to, ``None`` for the centre tile
    arm: Arm | None
    is_spinner: bool
    #: a double placed crosswise to its line
    crosswise: bool


@dataclass(frozen=True, slots=True)
class PointMark:
    """An open connection point, drawn as a marker centred at ``(x, y)`` in a unit square.

    ``counted`` is the contribution it adds to the counted ends (a filled number in the
    drawing), or ``None`` for a connection point not counted there (a hollow dot).
    """

    point: ConnectionPoint
    x: float
    y: float
    counted: int | None

    @property
    def rect(self) -> Rect:
        """The unit square kept free for the marker."""
        return Rect(self.x - 0.5, self.y - 0.5, 1.0, 1.0)


@dataclass(frozen=True, slots=True)
class LayoutGeometry:
    """The drawn layout: tile boxes in placement order, point markers, and the bounds."""

    tiles: tuple[TileBox, ...]
    points: tuple[PointMark, ...]
    #: the rectangle holding every tile and marker (plus a small margin)
    bounds: Rect
    #: the board the layout was drawn on, centred on the centre tile: the board asked for, or a
    #: larger one of the same shape when the layout did not fit on it (every tile and marker
    #: lies inside it)
    board: Rect
    #: how much the drawing was zoomed out to fit: the asked board's width over :attr:`board`'s
    #: (1.0 when it fitted; the size of a tile on the page is multiplied by it)
    zoom: float
    #: how the arms were found, for :func:`extend` (not part of the drawing: not compared)
    plan: _Plan | None = field(default=None, compare=False, repr=False)

    def box(self, tile: Tile) -> TileBox:
        """The box of a placed tile; ``KeyError`` if the tile is not in the layout."""
        for box in self.tiles:
            if box.tile is tile:
                return box
        raise KeyError(f"tile {tile} is not in the layout")

    def overlaps(self) -> list[tuple[Tile, Tile]]:
        """Pairs of tiles whose rectangles share area (always empty: a check for tests)."""
        out: list[tuple[Tile, Tile]] = []
        for i, a in enumerate(self.tiles):
            for b in self.tiles[i + 1 :]:
                if a.rect.intersects(b.rect):
                    out.append((a.tile, b.tile))
        return out


# --------------------------------------------------------------------------- the layout as a tree
_Edge = tuple[Tile, Side]


def _other_side(tile: Tile, side: Side) -> Side:
    if tile.is_double:
        return Side.B if side == Side.A else Side.A
    return Side.HIGH if side == Side.LOW else Side.LOW


def _value(tile: Tile, side: Side) -> int:
    return tile.high if side == Side.HIGH else tile.low


def _links(layout: Layout) -> dict[_Edge, _Edge]:
    """Both directions of every join: (tile, side) -> (neighbour, neighbour's side)."""
    links: dict[_Edge, _Edge] = {}
    for play in layout.plays:
        anchor, side = play.anchor, play.side
        if anchor is None or side is None:
            continue
        tile = play.tile
        own = Side.A if tile.is_double else _other_side(tile, layout.outward(play))
        links[(anchor, side)] = (tile, own)
        links[(tile, own)] = (anchor, side)
    return links


@dataclass(frozen=True, slots=True)
class _Link:
    tile: Tile
    entry: Side
    exit: Side
    #: the exit side is an open connection point
    open_exit: bool
    #: a double laid lengthwise: drawn along its line like an ordinary tile
    lengthwise: bool = False

    @property
    def crosswise(self) -> bool:
        """A double drawn across its line (1 unit along it, 2 across)."""
        return self.tile.is_double and not self.lengthwise


def _chain(layout: Layout, links: dict[_Edge, _Edge], start: _Edge) -> list[_Link]:
    """The tiles of one arm, walking out of ``start`` (a side of the centre tile)."""
    out: list[_Link] = []
    edge = links.get(start)
    while edge is not None:
        tile, entry = edge
        exit_side = _other_side(tile, entry)
        exit_point = ConnectionPoint(tile, exit_side)
        out.append(_Link(tile, entry, exit_side, layout.is_open(exit_point), layout.is_lengthwise(tile)))
        edge = links.get((tile, exit_side))
    return out


def _counted_marks(layout: Layout) -> dict[ConnectionPoint, int]:
    """Which open points carry which counted contribution, read from :meth:`Layout.counted`.

    ``counted()`` lists contributions in the order of ``points``, one per counted point.
    """
    counted = list(layout.counted())
    out: dict[ConnectionPoint, int] = {}
    i = 0
    for point in layout.points:
        if i < len(counted) and not point.side.is_branch and counted[i][0] is point.anchor:
            out[point] = counted[i][1]
            i += 1
    return out


# --------------------------------------------------------------------------- placing one arm
class _NoRoom(Exception):
    pass


def _tile_rect(px: float, py: float, hx: int, hy: int, length: float, thick: float) -> Rect:
    if hy == 0:
        x0 = px if hx > 0 else px - length
        return Rect(x0, py - thick / 2, length, thick)
    y0 = py if hy > 0 else py - length
    return Rect(px - thick / 2, y0, thick, length)


def _square(px: float, py: float, hx: int, hy: int) -> tuple[float, float]:
    """Top-left corner of the unit square entered at ``(px, py)`` going ``(hx, hy)``."""
    if hy == 0:
        return (px if hx > 0 else px - 1.0), py - 0.5
    return px - 0.5, (py if hy > 0 else py - 1.0)


def _free(rect: Rect, taken: Sequence[Rect], used: Sequence[Rect]) -> bool:
    """True if ``rect`` shares no interior area with any rectangle of ``taken`` or ``used``:
    :meth:`Rect.intersects` with each, written out (the searches ask this most)."""
    x, y = rect.x, rect.y
    right, bottom = rect.right - _EPS, rect.bottom - _EPS
    for rects in (taken, used):
        for r in rects:
            if x < r.x + r.w - _EPS and r.x < right and y < r.y + r.h - _EPS and r.y < bottom:
                return False
    return True


def _turned(rect: Rect, turn: Callable[[float, float], tuple[float, float]]) -> Rect:
    ax, ay = turn(rect.x, rect.y)
    bx, by = turn(rect.x + rect.w, rect.y + rect.h)
    # min and abs written out (b - a is exactly -(a - b))
    x, w = (ax, bx - ax) if ax <= bx else (bx, ax - bx)
    y, h = (ay, by - ay) if ay <= by else (by, ay - by)
    return Rect(x, y, w, h)


@dataclass(slots=True)
class _Placed:
    px: float
    py: float
    hx: int
    hy: int
    #: a double drawn across its line (False for one drawn along it round a corner)
    cross: bool = False


@lru_cache(maxsize=256)
def _territory(four: bool, reach_x: float, reach_y: float, start: float) -> Callable[[Rect], bool]:
    """Where an arm may go, in the canonical frame (the arm leaves the centre to the right).

    The board reaches ``reach_x`` to the left and right of the centre and ``reach_y`` up and
    down. Every arm owns its straight lane out to the board's edge and a part of the board
    beside it: around a spinner (``four``) the quarter below its lane, a pinwheel blade, so
    that the four arms never meet; around a tile with two arms, the whole half below the line.
    Made once for each board and arm start (kept: the searches ask for it at every tile).
    """
    board = _bounds(Rect(-reach_x, -reach_y, 2 * reach_x, 2 * reach_y))
    lane = _bounds(Rect(start, -1.0, reach_x - start, 2.0))
    blade = _bounds(Rect(1.0, -1.0, reach_x - 1.0, reach_y + 1.0))
    if four:
        return lambda rect: _within(rect, lane) or _within(rect, blade)
    under = _bounds(Rect(-reach_x, 1.0, 2 * reach_x, reach_y - 1.0))
    return lambda rect: (
        _within(rect, board) and (_within(rect, lane) or _within(rect, blade) or _within(rect, under))
    )


def _bounds(rect: Rect) -> tuple[float, float, float, float]:
    """``rect``'s edges as :meth:`Rect.contains` compares them: left, top, right, bottom."""
    return rect.x - _EPS, rect.y - _EPS, rect.right + _EPS, rect.bottom + _EPS


def _within(rect: Rect, bounds: tuple[float, float, float, float]) -> bool:
    """:meth:`Rect.contains` of the rectangle whose :func:`_bounds` are ``bounds``, written out."""
    left, top, right, bottom = bounds
    return rect.x >= left and rect.y >= top and rect.x + rect.w <= right and rect.y + rect.h <= bottom


#: :func:`_place_arm`'s search step, passed to itself (see there)
_ArmStep = Callable[[int, float, float, int, int, bool, int, "_ArmStep"], bool]
#: :func:`_tree_geometry`'s search step along one chain, passed to itself
_ChainStep = Callable[[int, float, float, int, int, "_ChainStep"], bool]


def _place_arm(
    links: Sequence[_Link],
    start: float,
    inside: Callable[[Rect], bool],
    turn: Callable[[float, float], tuple[float, float]],
    taken: list[Rect],
    snake: bool = False,
    bend: bool = False,
    search_log: _SearchLog | None = None,
) -> list[_Placed]:
    """Place one arm in the canonical frame (growing right from ``(start, 0)``), by depth-first search.

    Tiles go straight while they fit in the arm's territory (``inside``); at the board's edge
    (or where the way is taken) an ordinary tile turns a corner clockwise, so that a long arm
    runs along the edges of its part of the board and then spirals inwards. Doubles lie across
    their line and never turn, and the tile after a crosswise double goes on straight, in
    line with it. With ``snake`` (when the spiral finds no room) the arm instead snakes to and
    fro across its part of the board in rows, which leaves no dead end. With ``bend`` (the last
    resort, when runs of doubles leave no tile free to turn) a double may turn a corner, drawn
    along its line like an ordinary tile. ``taken`` holds every rectangle already used (global
    frame) and receives this arm's. Raises :class:`_NoRoom` when the arm does not fit.
    ``search_log`` (if given) counts the search's steps and notes whether the last tile ever fitted
    where its connection point's marker did not (what :func:`extend` needs to know).
    """
    budget = [_SEARCH_BUDGET if snake else _SEARCH_BUDGET // 3]
    placed: list[_Placed] = []
    used: list[Rect] = []
    last = len(links) - 1

    def fits(rect: Rect) -> bool:
        return inside(rect) and _free(_turned(rect, turn), taken, used)

    # ``search`` calls itself through its argument ``again``, not through its closure: a function
    # in its own closure is a reference cycle (with everything its cells hold) that only the
    # garbage collector frees, and a server drawing many layouts made those faster than the
    # collector cleared them cheaply (docs/benchmarks.md)
    def search(
        i: int, px: float, py: float, hx: int, hy: int, after_cross: bool, row: int, again: _ArmStep
    ) -> bool:
        budget[0] -= 1
        if search_log is not None:
            search_log.steps += 1
        if budget[0] < 0:
            raise _NoRoom
        link = links[i]
        cross = link.crosswise
        can_turn = (not cross or bend) and not after_cross
        if not snake:
            turns = [(-hy, hx), (hy, -hx)] if can_turn else []  # clockwise first, then the other way
            ways = [(hx, hy), *turns]
        elif hy == 0:  # along a row: on to its end, then down round the corner
            ways = [(hx, hy), (0, 1)] if can_turn else [(hx, hy)]
        else:  # down round a corner: back along the next row as soon as possible
            ways = [(-row, 0), (hx, hy)] if can_turn else [(hx, hy)]
        options = [
            (px, py, kx, ky)
            if (kx, ky) == (hx, hy)
            else (px + 0.5 * hx - 0.5 * kx, py + 0.5 * hy - 0.5 * ky, kx, ky)
            for kx, ky in ways
        ]
        for qx, qy, kx, ky in options:
            across = cross and (kx, ky) == (hx, hy)  # a double goes straight across, or bends along
            length, thick = (1.0, 2.0) if across else (2.0, 1.0)
            rect = _tile_rect(qx, qy, kx, ky, length, thick)
            if not fits(rect):
                continue
            ex, ey = qx + kx * length, qy + ky * length
            marker: Rect | None = None
            if link.open_exit:
                marker = Rect(ex + 0.5 * kx - 0.5, ey + 0.5 * ky - 0.5, 1.0, 1.0)
                if not fits(marker):
                    if i == last and search_log is not None:
                        search_log.loose = True
                    continue
            used.append(_turned(rect, turn))
            if marker is not None:
                used.append(_turned(marker, turn))
            placed.append(_Placed(qx, qy, kx, ky, across))
            if i + 1 == len(links) or again(i + 1, ex, ey, kx, ky, across, kx if ky == 0 else row, again):
                return True
            placed.pop()
            used.pop()
            if marker is not None:
                used.pop()
        return False

    if links and not search(0, start, 0.0, 1, 0, True, 1, search):
        raise _NoRoom
    taken.extend(used)
    return placed


# --------------------------------------------------------------------------- several spinners
#: Steps the placement of one chain of a layout with several spinners may take before it gives up.
_TREE_BUDGET: Final = 600
_DIRECTION: Final = {Arm.RIGHT: (1, 0), Arm.LEFT: (-1, 0), Arm.UP: (0, -1), Arm.DOWN: (0, 1)}


def _branch_sides(layout: Layout, tile: Tile) -> list[Side]:
    """The side branches of ``tile`` that are open or used."""
    return [
        side
        for side in (Side.BA, Side.BB)
        if layout.is_open(ConnectionPoint(tile, side)) or layout.covering(ConnectionPoint(tile, side))
    ]


def _branching(layout: Layout, centre: Tile) -> bool:
    """True when a double other than the centre has side branches (every double a spinner)."""
    return any(tile is not centre and _branch_sides(layout, tile) for tile in layout.spinners)


_Pending = tuple[Sequence[_Link], float, float, int, int, Arm, tuple[Tile, Side] | None]
"""A chain still to place: its links, the entry point, the direction, the centre arm it grows
from, and the spinner's branch it grows from (whose first tile's place is kept for it)."""


def _tree_geometry(
    layout: Layout,
    links: dict[_Edge, _Edge],
    counted: dict[ConnectionPoint, int],
    order: dict[Tile, int],
    spinners: set[Tile],
    centre_boxes: list[TileBox],
    arms: list[tuple[Arm, Side, float]],
    centre_marks: list[tuple[ConnectionPoint, float, float]],
    board: Rect,
    zoom: float,
) -> LayoutGeometry | None:
    """Place a layout in which several doubles have side branches (Five Up) on ``board``.

    Chain after chain (the centre's arms, then the branches of the spinners met on them), each
    grows straight from its tile and turns a corner clockwise at the board's edge or where the
    way is taken, as an arm does (:func:`_place_arm`); each spinner's branches grow across its
    line from the ends of the double, their first tiles' places kept for them. Every arm of the
    centre keeps to its own pinwheel blade, with the branches that grow from it. ``None`` when
    the layout does not fit on the board.
    """
    centre = centre_boxes[0].tile
    marks = _open_marks(layout, counted, centre_marks)
    taken: list[Rect] = [box.rect for box in centre_boxes] + [mark.rect for mark in marks]
    if not all(board.contains(rect) for rect in taken):
        return None
    reserved: dict[tuple[Tile, Side], Rect] = {}
    placed: list[tuple[_Link, Rect, float, float, int, int, Arm, bool]] = []
    owned: dict[Arm, Callable[[Rect], bool]] = {}
    for arm, _side, start in arms:
        wide = arm in (Arm.LEFT, Arm.RIGHT)
        reach_x, reach_y = (board.w / 2, board.h / 2) if wide else (board.h / 2, board.w / 2)
        owned[arm] = _territory(True, reach_x, reach_y, start)

    def free(rect: Rect, arm: Arm | None) -> bool:
        return (
            board.contains(rect)
            and (arm is None or owned[arm](_turned(rect, _UNTURN[arm])))
            and not any(rect.intersects(r) for r in taken)
            and not any(rect.intersects(r) for r in reserved.values())
        )

    def place_chain(pending: _Pending, bend: bool) -> bool:
        """Place one chain; with ``bend`` a double without branches may turn a corner (along)."""
        chain, px0, py0, hx0, hy0, arm, source = pending
        # the centre's arms keep to their blades; a spinner's branches across them go where they fit
        own = arm if source is None else None
        if source is not None:
            reserved.pop(source, None)
        budget = [_TREE_BUDGET]
        done: list[tuple[_Link, Rect, float, float, int, int, Arm, bool]] = []
        added_rects: list[list[Rect]] = []
        added_marks: list[list[PointMark]] = []
        added_reserved: list[list[tuple[Tile, Side]]] = []
        later: list[list[_Pending]] = []

        def search(i: int, px: float, py: float, hx: int, hy: int, again: _ChainStep) -> bool:
            if i == len(chain):
                return True
            budget[0] -= 1
            if budget[0] < 0:
                raise _NoRoom
            link = chain[i]
            cross = link.crosswise
            bendable = cross and bend and not _branch_sides(layout, link.tile)
            options = [(px, py, hx, hy)]
            if (not cross or bendable) and i > 0 and not done[-1][7]:
                for kx, ky in ((-hy, hx), (hy, -hx)):  # clockwise first, as the arms turn
                    options.append((px + 0.5 * hx - 0.5 * kx, py + 0.5 * hy - 0.5 * ky, kx, ky))
            for qx, qy, kx, ky in options:
                drawn_across = cross and (kx, ky) == (hx, hy)
                length, thick = (1.0, 2.0) if drawn_across else (2.0, 1.0)
                rect = _tile_rect(qx, qy, kx, ky, length, thick)
                if not free(rect, own):
                    continue
                added = [rect]
                new_marks: list[PointMark] = []
                keep: list[tuple[tuple[Tile, Side], Rect]] = []
                branches: list[_Pending] = []
                ex, ey = qx + kx * length, qy + ky * length
                if link.open_exit:
                    point = ConnectionPoint(link.tile, link.exit)
                    new_marks.append(PointMark(point, ex + 0.5 * kx, ey + 0.5 * ky, counted.get(point)))
                if drawn_across and link.tile in spinners:
                    cx, cy = qx + 0.5 * kx, qy + 0.5 * ky
                    # as at the centre: branch bA up (or left, across a vertical line), bB down (right)
                    across = (0, 1) if ky == 0 else (1, 0)
                    for side, (bx, by) in ((Side.BA, (-across[0], -across[1])), (Side.BB, across)):
                        point = ConnectionPoint(link.tile, side)
                        if layout.is_open(point):
                            new_marks.append(
                                PointMark(point, cx + 1.5 * bx, cy + 1.5 * by, counted.get(point))
                            )
                        branch = _chain(layout, links, (link.tile, side))
                        if branch:
                            first = (1.0, 2.0) if branch[0].crosswise else (2.0, 1.0)
                            keep.append(((link.tile, side), _tile_rect(cx + bx, cy + by, bx, by, *first)))
                            branches.append((branch, cx + bx, cy + by, bx, by, arm, (link.tile, side)))
                added += [m.rect for m in new_marks] + [r for _, r in keep]
                if any(a.intersects(b) for j, a in enumerate(added) for b in added[j + 1 :]) or not all(
                    free(r, own if j == 0 and link.open_exit else None) for j, r in enumerate(added[1:])
                ):
                    continue
                taken.extend(added[: len(added) - len(keep)])
                reserved.update(keep)
                done.append((link, rect, qx, qy, kx, ky, arm, drawn_across))
                added_rects.append(added[: len(added) - len(keep)])
                added_marks.append(new_marks)
                added_reserved.append([key for key, _ in keep])
                later.append(branches)
                if again(i + 1, ex, ey, kx, ky, again):
                    return True
                done.pop()
                for _ in added_rects.pop():
                    taken.pop()
                for key in added_reserved.pop():
                    del reserved[key]
                added_marks.pop()
                later.pop()
            return False

        kept_taken, kept_reserved = len(taken), dict(reserved)
        try:
            found = search(0, px0, py0, hx0, hy0, search)  # through ``again``, as in _place_arm
        except _NoRoom:
            found = False
        if not found:  # as it was: the chain may be tried again
            del taken[kept_taken:]
            reserved.clear()
            reserved.update(kept_reserved)
            return False
        placed.extend(done)
        for new in added_marks:
            marks.extend(new)
        for branches in later:
            queue.extend(branches)
        return True

    queue: list[_Pending] = []
    for arm, side, start in arms:
        chain = _chain(layout, links, (centre, side))
        if chain:
            dx, dy = _DIRECTION[arm]
            queue.append((chain, start * dx, start * dy, dx, dy, arm, None))
    while queue:
        pending = queue.pop(0)
        if not place_chain(pending, False) and not place_chain(pending, True):
            return None
    boxes = list(centre_boxes)
    for link, rect, qx, qy, kx, ky, arm, across in placed:
        tile = link.tile
        if across:
            corners = (
                [(rect.x, rect.y), (rect.x, rect.y + 1.0)]
                if ky == 0
                else [(rect.x, rect.y), (rect.x + 1.0, rect.y)]
            )
            values = (tile.low, tile.low)
        else:
            corners = [_square(qx, qy, kx, ky), _square(qx + kx, qy + ky, kx, ky)]
            values = (
                (tile.low, tile.low)
                if tile.is_double
                else (_value(tile, link.entry), _value(tile, link.exit))
            )
        halves = tuple(Half(x, y, v, rect.h > rect.w) for (x, y), v in zip(corners, values, strict=True))
        boxes.append(TileBox(tile, rect, (halves[0], halves[1]), order[tile], arm, tile in spinners, across))
    return _finished(boxes, marks, board, zoom)


def _exploded(
    layout: Layout,
    counted: dict[ConnectionPoint, int],
    order: dict[Tile, int],
    spinners: set[Tile],
    row: float,
) -> LayoutGeometry:
    """The last resort (a few of Five Up's crowded layouts): every tile in rows ``row`` units
    long at most, in placement order, its open points under it: never overlapping."""
    boxes: list[TileBox] = []
    marks: list[PointMark] = []
    open_points: dict[Tile, list[ConnectionPoint]] = {}
    for point in layout.points:
        open_points.setdefault(point.anchor, []).append(point)
    x = y = 0.0
    for play in layout.plays:
        tile = play.tile
        points = open_points.get(tile, [])
        step = max(2.5, len(points) + 0.5)
        if x > 0 and x + step - 0.5 > row:
            x, y = 0.0, y + 3.5
        halves = (Half(x, y - 0.5, tile.low, False), Half(x + 1.0, y - 0.5, tile.high, False))
        boxes.append(
            TileBox(tile, Rect(x, y - 0.5, 2.0, 1.0), halves, order[tile], None, tile in spinners, False)
        )
        for n, point in enumerate(points):
            marks.append(PointMark(point, x + 0.5 + n, y + 1.5, counted.get(point)))
        x += step
    return _finished(boxes, marks, None, 0.0)


def _open_marks(
    layout: Layout, counted: dict[ConnectionPoint, int], points: list[tuple[ConnectionPoint, float, float]]
) -> list[PointMark]:
    """The markers of the centre's connection points (each with its place) that are open."""
    return [PointMark(point, x, y, counted.get(point)) for point, x, y in points if layout.is_open(point)]


def _finished(
    boxes: list[TileBox], marks: list[PointMark], board: Rect | None, zoom: float
) -> LayoutGeometry:
    """The geometry of placed boxes and marks; without a ``board``, one just holding them."""
    boxes.sort(key=lambda box: box.order)
    marks.sort(key=lambda mark: (mark.point.anchor.index, mark.point.side))
    first = boxes[0].rect
    left, top, right, bottom = first.x, first.y, first.x + first.w, first.y + first.h
    for box in boxes:
        r = box.rect
        left, top = min(left, r.x), min(top, r.y)
        right, bottom = max(right, r.x + r.w), max(bottom, r.y + r.h)
    for mark in marks:
        left, top = min(left, mark.x - 0.5), min(top, mark.y - 0.5)
        right, bottom = max(right, mark.x + 0.5), max(bottom, mark.y + 0.5)
    bounds = Rect(left - 0.25, top - 0.25, right - left + 0.5, bottom - top + 0.5)
    if board is None:  # the last resort: a board around the drawing, zoomed out as far as needed
        board = bounds
    return LayoutGeometry(tuple(boxes), tuple(marks), bounds, board, zoom)


# --------------------------------------------------------------------------- the whole layout
def _check_board(board: tuple[float, float]) -> tuple[float, float]:
    """The board's width and height as floats; ``ValueError`` naming what is wrong."""
    try:
        width, height = board
    except (TypeError, ValueError):
        raise ValueError(f"board must be a (width, height) pair of numbers, not {board!r}") from None
    for value in (width, height):
        if isinstance(value, bool) or not isinstance(value, int | float) or not value == value:
            raise ValueError(f"board must be a (width, height) pair of numbers, not {board!r}")
        if not MIN_BOARD <= value <= MAX_BOARD:
            raise ValueError(
                f"the board's width and height must be between {MIN_BOARD:g} and {MAX_BOARD:g} "
                f"half tiles, not {width:g} x {height:g}"
            )
    return float(width), float(height)


def geometry(layout: Layout, *, board: tuple[float, float] = DEFAULT_BOARD) -> LayoutGeometry:
    """Compute where every tile and every connection point of ``layout`` is drawn on ``board``.

    ``board`` is the table's width and height in units (half a tile), e.g. the pixels of the
    board's area divided by the pixels wanted for half a tile. The centre tile (the spinner,
    before it the opening tile) sits in the middle of the board; the arms run straight out of it
    and turn only at the board's edge. Tiles keep their size: a small layout is not zoomed in
    on; only when a layout does not fit is the board grown, keeping its shape (see
    :attr:`LayoutGeometry.zoom`). No two tile rectangles (or markers) share any area, and every
    tile and marker lies inside :attr:`LayoutGeometry.board` and :attr:`LayoutGeometry.bounds`.
    """
    width, height = _check_board(board)
    drawn = _geometry(layout, width, height)
    if drawn.plan is None:  # not to be grown by a tile: only the board asked for is kept
        drawn = replace(drawn, plan=_Plan((width, height), None, False, (), (), ()))
    return drawn


def _geometry(layout: Layout, width: float, height: float) -> LayoutGeometry:
    """:func:`geometry` on a checked board."""
    if layout.is_empty:
        return LayoutGeometry(
            (), (), Rect(-2.0, -1.5, 4.0, 3.0), Rect(-width / 2, -height / 2, width, height), 1.0
        )
    plays = layout.plays
    order = {play.tile: i for i, play in enumerate(plays)}
    links = _links(layout)
    counted = _counted_marks(layout)
    spinner = layout.spinner
    opening = plays[0].tile
    spinners = set(layout.spinners)
    # the spinner is the centre; before there is one, the opening tile (a double lies across)
    centre = spinner if spinner is not None else opening

    centre_boxes: list[TileBox] = []
    arms: list[tuple[Arm, Side, float]] = []
    centre_marks: list[tuple[ConnectionPoint, float, float]] = []
    if centre.is_double:
        # Keep the line's direction: the spinner's side A faces the tile it joined.
        a_arm = Arm.LEFT
        if centre is not opening and any(
            link.tile is centre for link in _chain(layout, links, (opening, Side.LOW))
        ):
            a_arm = Arm.RIGHT
        b_arm = Arm.LEFT if a_arm is Arm.RIGHT else Arm.RIGHT
        v = centre.low
        centre_boxes.append(
            TileBox(
                centre,
                Rect(-0.5, -1.0, 1.0, 2.0),
                (Half(-0.5, -1.0, v, True), Half(-0.5, 0.0, v, True)),
                order[centre],
                None,
                centre in spinners,
                True,
            )
        )
        sign = {Arm.LEFT: -1.0, Arm.RIGHT: 1.0}
        for side, arm, start in (
            (Side.A, a_arm, 0.5),
            (Side.B, b_arm, 0.5),
            (Side.BA, Arm.UP, 1.0),
            (Side.BB, Arm.DOWN, 1.0),
        ):
            arms.append((arm, side, start))
            if arm in sign:
                centre_marks.append((ConnectionPoint(centre, side), sign[arm] * 1.0, 0.0))
            else:
                centre_marks.append((ConnectionPoint(centre, side), 0.0, -1.5 if arm is Arm.UP else 1.5))
    else:
        centre_boxes.append(
            TileBox(
                opening,
                Rect(-1.0, -0.5, 2.0, 1.0),
                (Half(-1.0, -0.5, opening.low, False), Half(0.0, -0.5, opening.high, False)),
                0,
                None,
                False,
                False,
            )
        )
        arms = [(Arm.LEFT, Side.LOW, 1.0), (Arm.RIGHT, Side.HIGH, 1.0)]
        centre_marks = [
            (ConnectionPoint(opening, Side.LOW), -1.5, 0.0),
            (ConnectionPoint(opening, Side.HIGH), 1.5, 0.0),
        ]

    # four arms (each in a pinwheel blade) around a double with side branches, else two halves
    four = centre.is_double and (centre in spinners or bool(_branch_sides(layout, centre)))
    branching = _branching(layout, centre)
    chains = [(arm, side, _chain(layout, links, (centre, side)), start) for arm, side, start in arms]
    for step in range(_ZOOM_STEPS):
        grow = _ZOOM**step
        w, h = width * grow, height * grow
        rect = Rect(-w / 2, -h / 2, w, h)
        if branching:
            done = _tree_geometry(
                layout, links, counted, order, spinners, centre_boxes, arms, centre_marks, rect, 1 / grow
            )
            if done is not None:
                return done
            continue
        drawn = _arms_geometry(
            layout, counted, order, spinners, centre_boxes, centre_marks, chains, four, w, h, 1 / grow
        )
        if drawn is not None:
            return drawn
    # a last resort no tested layout reaches: every tile in one row, on a board around it
    # the last resort: the tiles in rows, as many as fill the board's shape best
    best: tuple[float, LayoutGeometry] | None = None
    for row in range(6, 2 * len(plays) + 8, 2):
        rows = _exploded(layout, counted, order, spinners, float(row))
        grow = max(rows.bounds.w / width, rows.bounds.h / height, 1.0)
        if best is None or grow < best[0] - 1e-9:
            best = grow, rows
    assert best is not None
    grow, rows = best
    cx, cy = rows.bounds.x + rows.bounds.w / 2, rows.bounds.y + rows.bounds.h / 2
    wide = Rect(cx - width * grow / 2, cy - height * grow / 2, width * grow, height * grow)
    return LayoutGeometry(rows.tiles, rows.points, rows.bounds, wide, 1 / grow)


def _arm_box(
    link: _Link, at: _Placed, arm: Arm, order: int, spinner: bool
) -> tuple[TileBox, tuple[ConnectionPoint, float, float] | None]:
    """The drawn box of one tile of an arm placed at ``at`` (canonical frame), and where its
    open connection point's marker goes (global frame; ``None`` if its exit is not open)."""
    turn = _TURN[arm]
    tile = link.tile
    double = at.cross
    length, thick = (1.0, 2.0) if double else (2.0, 1.0)
    rect = _tile_rect(at.px, at.py, at.hx, at.hy, length, thick)
    if double:
        if at.hy == 0:
            squares = [(rect.x, rect.y), (rect.x, rect.y + 1.0)]
        else:
            squares = [(rect.x, rect.y), (rect.x + 1.0, rect.y)]
        values = (tile.low, tile.low)
    else:
        squares = [
            _square(at.px, at.py, at.hx, at.hy),
            _square(at.px + at.hx, at.py + at.hy, at.hx, at.hy),
        ]
        values = (_value(tile, link.entry), _value(tile, link.exit))
        if tile.is_double:  # laid lengthwise: both halves show its number
            values = (tile.low, tile.low)
    glob = _turned(rect, turn)
    halves = []
    for (sx, sy), value in zip(squares, values, strict=True):
        square = _turned(Rect(sx, sy, 1.0, 1.0), turn)
        halves.append(Half(square.x, square.y, value, glob.h > glob.w))
    box = TileBox(tile, glob, (halves[0], halves[1]), order, arm, spinner, double)
    if not link.open_exit:
        return box, None
    ex, ey = at.px + at.hx * length, at.py + at.hy * length
    mx, my = turn(ex + 0.5 * at.hx, ey + 0.5 * at.hy)
    return box, (ConnectionPoint(tile, link.exit), mx, my)


def _arms_geometry(
    layout: Layout,
    counted: dict[ConnectionPoint, int],
    order: dict[Tile, int],
    spinners: set[Tile],
    centre_boxes: list[TileBox],
    centre_marks: list[tuple[ConnectionPoint, float, float]],
    chains: list[tuple[Arm, Side, list[_Link], float]],
    four: bool,
    width: float,
    height: float,
    zoom: float,
) -> LayoutGeometry | None:
    """Place the arms of the centre tile on a ``width`` x ``height`` board; ``None`` if they do
    not fit. On the board asked for (``zoom`` 1) the result keeps how each arm was found, for
    :func:`extend`."""
    marks = _open_marks(layout, counted, centre_marks)
    board = Rect(-width / 2, -height / 2, width, height)
    taken: list[Rect] = [box.rect for box in centre_boxes] + [mark.rect for mark in marks]
    if not all(board.contains(rect) for rect in taken):
        return None
    placements = []
    for arm, side, chain, start in chains:
        inside = _arm_territory(arm, four, width, height, start)
        found = _search_arm(chain, start, inside, arm, taken)
        if found is None:
            return None
        placements.append((arm, side, chain, start, found))

    boxes = list(centre_boxes)
    plans = []
    for arm, side, chain, start, (placed, used, variant, log) in placements:
        ends = []
        for link, at in zip(chain, placed, strict=True):
            box, end = _arm_box(link, at, arm, order[link.tile], link.tile in spinners)
            boxes.append(box)
            if end is not None:
                ends.append(end)
                marks.append(PointMark(end[0], end[1], end[2], counted.get(end[0])))
        plans.append(
            _ArmPlan(
                arm,
                side,
                start,
                tuple(chain),
                tuple(placed),
                tuple(used),
                variant,
                log.steps,
                log.loose,
                tuple(ends),
            )
        )
    drawn = _finished(boxes, marks, board, zoom)
    if zoom != 1.0:
        return drawn
    plan = _Plan(
        (width, height),
        centre_boxes[0].tile,
        four,
        tuple(box.rect for box in centre_boxes),
        tuple(centre_marks),
        tuple(plans),
    )
    return replace(drawn, plan=plan)


#: The ways an arm is tried, in order: (``snake``, ``bend``) of :func:`_place_arm`.
_VARIANTS: Final = ((False, False), (True, False), (False, True), (True, True))


@dataclass(slots=True)
class _SearchLog:
    """What the search for one arm did: its steps, and whether the arm's last tile ever fitted
    where its connection point's marker did not."""

    steps: int = 0
    loose: bool = False


def _arm_territory(arm: Arm, four: bool, width: float, height: float, start: float) -> Callable[[Rect], bool]:
    """Where ``arm`` may go on a ``width`` x ``height`` board (in its canonical frame)."""
    wide = arm in (Arm.LEFT, Arm.RIGHT)
    reach_x, reach_y = (width / 2, height / 2) if wide else (height / 2, width / 2)
    return _territory(four, reach_x, reach_y, start)


def _search_arm(
    chain: Sequence[_Link],
    start: float,
    inside: Callable[[Rect], bool],
    arm: Arm,
    taken: list[Rect],
) -> tuple[list[_Placed], list[Rect], int, _SearchLog] | None:
    """Place one arm trying each of :data:`_VARIANTS` in turn: its spots, the rectangles it
    added to ``taken``, the variant that placed it and the search's log (whose ``loose`` covers
    the variants that failed before it too); ``None`` if none places it."""
    loose = False
    for variant, (snake, bend) in enumerate(_VARIANTS):
        log = _SearchLog()
        before = len(taken)
        try:
            spots = _place_arm(chain, start, inside, _TURN[arm], taken, snake, bend, log)
        except _NoRoom:
            loose = loose or log.loose
            continue
        log.loose = loose or log.loose
        return spots, taken[before:], variant, log
    return None


@dataclass(frozen=True, slots=True)
class _ArmPlan:
    """How one arm of a geometry drawn on its asked board was placed (for :func:`extend`)."""

    arm: Arm
    side: Side
    start: float
    links: tuple[_Link, ...]
    spots: tuple[_Placed, ...]
    #: the rectangles of its tiles and of its open point's marker (global frame), in order
    used: tuple[Rect, ...]
    #: the index in :data:`_VARIANTS` of the way that placed it
    variant: int
    #: the steps of the search that placed it
    steps: int
    #: some search met its last tile fitting where its marker did not: a longer arm might then be
    #: placed differently, so :func:`extend` does not grow it by a tile
    loose: bool
    #: the markers of its open connection points: point, centre x and y (global frame)
    ends: tuple[tuple[ConnectionPoint, float, float], ...]


@dataclass(frozen=True, slots=True)
class _Plan:
    """How a geometry on the board asked for (not zoomed out) was found, for :func:`extend`."""

    #: the board asked for (width, height)
    asked: tuple[float, float]
    #: the centre tile (``None`` when the arms' plans were not kept)
    centre: Tile | None
    four: bool
    #: the centre tile's rectangles, and its connection points' markers (open or not)
    centre_rects: tuple[Rect, ...]
    centre_marks: tuple[tuple[ConnectionPoint, float, float], ...]
    arms: tuple[_ArmPlan, ...]


# --------------------------------------------------------------------------- one tile more
@dataclass(slots=True)
class Extension:
    """The geometry of a layout one tile longer than the one a geometry was drawn for
    (:func:`extend`): the new tile's box at once, the whole geometry when asked for."""

    #: the box of the tile just placed
    box: TileBox
    _layout: Layout
    _before: LayoutGeometry
    _arm: int
    _plan: _ArmPlan | None
    _geometry: LayoutGeometry | None = None
    #: the arm the tile joins was placed afresh and some of its tiles moved
    _shifted: bool = False
    #: the arm the tile joins was searched again
    _searched: bool = False

    def geometry(self) -> LayoutGeometry:
        """The whole geometry (built the first time it is asked for)."""
        if self._geometry is None:
            self._geometry = _assemble(self._before, self._layout, self.box, self._arm, self._plan)
        return self._geometry

    @property
    def way(self) -> str:
        """How it was found: ``"tile"`` (only the new tile placed), ``"arm"`` (the arm it joins
        searched again) or ``"whole"`` (the whole geometry computed again)."""
        if self._plan is None:
            return "whole"
        return "arm" if self._searched else "tile"

    @property
    def moved(self) -> bool:
        """True when the tiles already placed are not all where the earlier geometry drew them
        (the whole layout was drawn again: another centre, a zoom; or the arm the tile joins
        was placed afresh, its tiles elsewhere)."""
        return self._plan is None or self._shifted


def extend(before: LayoutGeometry, layout: Layout) -> Extension:
    """The geometry of ``layout`` (the layout ``before`` was drawn for, with one tile more: its
    last play) on ``before``'s board: exactly what :func:`geometry` gives, found cheaply.

    Where only the arm the new tile joins grows, and the search :func:`geometry` makes would
    place its tiles as before (the centre, the zoom and the other arms unchanged; the arm's
    earlier search never met its last tile fitting where the marker did not), only the new tile
    is placed, after the arm's end. Where that arm's search might place it otherwise (its end
    hemmed in, or its search loose), that arm alone is searched again: every arm keeps to its
    own part of the board, so the others stay where they were. Otherwise (a lead, a new centre,
    a zoom, several spinners' branches, several doubles at once) the whole geometry is computed
    again.

    >>> from sevenrocks.core import Layout, Play
    >>> layout = Layout()
    >>> for text in ["3-6", "6-6@3-6:high"]:
    ...     _ = layout.place(Play.parse(text))
    >>> before = geometry(layout, board=(20, 10))
    >>> after = layout.copy()
    >>> _ = after.place(Play.parse("6-2@6-6:B"))
    >>> grown = extend(before, after)
    >>> grown.geometry() == geometry(after, board=(20, 10)), grown.moved
    (True, False)
    """
    plan = before.plan
    if plan is None:
        raise ValueError("extend needs a geometry made by geometry()")
    grown = _grow(before, layout)
    if grown is not None:
        return grown
    whole = geometry(layout, board=plan.asked)
    last = layout.last_play
    if last is None:
        raise ValueError("extend needs a layout with a tile placed")
    return Extension(whole.box(last.tile), layout, before, -1, None, whole)


def _grow(before: LayoutGeometry, layout: Layout) -> Extension | None:
    """:func:`extend` by placing only the new tile, or ``None`` where that might differ from
    :func:`geometry`."""
    plan = before.plan
    assert plan is not None
    count = len(layout)
    play = layout.last_play
    if count != len(before.tiles) + 1 or not plan.arms or play is None:
        return None
    point = play.point
    if point is None or play.anchor is None or play.side is None:
        return None
    spinner = layout.spinner
    centre = spinner if spinner is not None else before.tiles[0].tile
    if centre is not plan.centre:
        return None
    spinners = set(layout.spinners)
    four = centre.is_double and (centre in spinners or bool(_branch_sides(layout, centre)))
    if four != plan.four or _branching(layout, centre):
        return None
    index = -1
    for i, arm_plan in enumerate(plan.arms):
        links = arm_plan.links
        if links:
            joined = links[-1]
            if joined.tile is point.anchor and joined.exit == point.side and joined.open_exit:
                index = i
                break
        elif point.anchor is centre and arm_plan.side == point.side:
            index = i
            break
    if index < 0:
        return None
    for i, other in enumerate(plan.arms):  # the other arms' ends stay as they were
        if i != index and other.links:
            tail = other.links[-1]
            if layout.is_open(ConnectionPoint(tail.tile, tail.exit)) != tail.open_exit:
                return None
    arm_plan = plan.arms[index]
    tile = play.tile
    entry = Side.A if tile.is_double else _other_side(tile, layout.outward(play))
    exit_side = _other_side(tile, entry)
    new = _Link(
        tile, entry, exit_side, layout.is_open(ConnectionPoint(tile, exit_side)), layout.is_lengthwise(tile)
    )
    width, height = plan.asked
    board = Rect(-width / 2, -height / 2, width, height)
    open_centre = [Rect(x - 0.5, y - 0.5, 1.0, 1.0) for p, x, y in plan.centre_marks if layout.is_open(p)]
    if not all(board.contains(rect) for rect in open_centre):
        return None
    taken = list(plan.centre_rects) + open_centre
    inside = _arm_territory(arm_plan.arm, four, width, height, arm_plan.start)
    order = count - 1
    if not arm_plan.links:  # the first tile of an arm: its search is short, made afresh
        found = _search_arm([new], arm_plan.start, inside, arm_plan.arm, taken)
        if found is None:
            return None
        placed, used, variant, log = found
        grown = _ArmPlan(
            arm_plan.arm,
            arm_plan.side,
            arm_plan.start,
            (new,),
            tuple(placed),
            tuple(used),
            variant,
            log.steps,
            log.loose,
            (),
        )
        at = placed[0]
    else:
        last = arm_plan.links[-1]
        closed = _Link(last.tile, last.entry, last.exit, False, last.lengthwise)
        snake, bend = _VARIANTS[arm_plan.variant]
        budget = _SEARCH_BUDGET if snake else _SEARCH_BUDGET // 3
        step = None
        if not arm_plan.loose and arm_plan.steps + 1 <= budget:
            step = _next_spot(arm_plan, new, inside, taken, snake, bend)
        if step is None:  # the arm's search might go otherwise: search it again, alone
            chain = (*arm_plan.links[:-1], closed, new)
            return _research(before, layout, index, chain, inside, taken, spinners)
        at, rects, loose = step
        grown = _ArmPlan(
            arm_plan.arm,
            arm_plan.side,
            arm_plan.start,
            (*arm_plan.links[:-1], closed, new),
            (*arm_plan.spots, at),
            (*arm_plan.used[:-1], *rects),
            arm_plan.variant,
            arm_plan.steps + 1,
            loose,
            (),
        )
    box, end = _arm_box(new, at, arm_plan.arm, order, tile in spinners)
    if end is not None:
        grown = replace(grown, ends=(end,))
    return Extension(box, layout, before, index, grown)


def _research(
    before: LayoutGeometry,
    layout: Layout,
    index: int,
    chain: tuple[_Link, ...],
    inside: Callable[[Rect], bool],
    taken: list[Rect],
    spinners: set[Tile],
) -> Extension | None:
    """:func:`_grow` by searching the arm ``index`` of ``before``'s plan again for its new
    ``chain`` (the layout's last tile at its end), as :func:`_arms_geometry` would on the board
    asked for; the other arms, each in its own part of the board, stay as they were. ``None``
    when the arm no longer fits (the board must grow)."""
    plan = before.plan
    assert plan is not None
    arm_plan = plan.arms[index]
    found = _search_arm(chain, arm_plan.start, inside, arm_plan.arm, taken)
    if found is None:
        return None
    placed, used, variant, log = found
    count = len(layout)
    orders = {box.tile: box.order for box in before.tiles}
    moving = {link.tile for link in arm_plan.links}
    boxes = [box for box in before.tiles if box.tile not in moving]
    ends = []
    new_box: TileBox | None = None
    tile = chain[-1].tile
    for link, at in zip(chain, placed, strict=True):
        box, end = _arm_box(link, at, arm_plan.arm, orders.get(link.tile, count - 1), link.tile in spinners)
        boxes.append(box)
        if end is not None:
            ends.append(end)
        if link.tile is tile:
            new_box = box
    assert new_box is not None
    grown = _ArmPlan(
        arm_plan.arm,
        arm_plan.side,
        arm_plan.start,
        chain,
        tuple(placed),
        tuple(used),
        variant,
        log.steps,
        log.loose,
        tuple(ends),
    )
    whole = _with_arm(plan, layout, boxes, index, grown)
    shifted = tuple(placed[:-1]) != arm_plan.spots
    return Extension(new_box, layout, before, index, grown, whole, shifted, True)


def _next_spot(
    arm_plan: _ArmPlan,
    new: _Link,
    inside: Callable[[Rect], bool],
    taken: list[Rect],
    snake: bool,
    bend: bool,
) -> tuple[_Placed, list[Rect], bool] | None:
    """Where :func:`_place_arm`'s search puts ``new`` after the arm's last tile, its rectangles
    (global frame), and whether it fitted somewhere its marker did not; ``None`` if nowhere."""
    turn = _TURN[arm_plan.arm]
    row = 1
    for spot in arm_plan.spots:
        row = spot.hx if spot.hy == 0 else row
    at = arm_plan.spots[-1]
    length = 1.0 if at.cross else 2.0
    px, py, hx, hy = at.px + at.hx * length, at.py + at.hy * length, at.hx, at.hy
    used = arm_plan.used[:-1]  # the last tile's marker goes: the new tile covers its point

    def fits(rect: Rect) -> bool:
        return inside(rect) and _free(_turned(rect, turn), taken, used)

    cross = new.crosswise
    can_turn = (not cross or bend) and not at.cross
    if not snake:
        ways = [(hx, hy), *([(-hy, hx), (hy, -hx)] if can_turn else [])]
    elif hy == 0:
        ways = [(hx, hy), (0, 1)] if can_turn else [(hx, hy)]
    else:
        ways = [(-row, 0), (hx, hy)] if can_turn else [(hx, hy)]
    loose = False
    for kx, ky in ways:
        qx, qy = (px, py) if (kx, ky) == (hx, hy) else (px + 0.5 * hx - 0.5 * kx, py + 0.5 * hy - 0.5 * ky)
        across = cross and (kx, ky) == (hx, hy)
        length, thick = (1.0, 2.0) if across else (2.0, 1.0)
        rect = _tile_rect(qx, qy, kx, ky, length, thick)
        if not fits(rect):
            continue
        rects = [_turned(rect, turn)]
        if new.open_exit:
            ex, ey = qx + kx * length, qy + ky * length
            marker = Rect(ex + 0.5 * kx - 0.5, ey + 0.5 * ky - 0.5, 1.0, 1.0)
            if not fits(marker):
                loose = True
                continue
            rects.append(_turned(marker, turn))
        return _Placed(qx, qy, kx, ky, across), rects, loose
    return None


def _assemble(
    before: LayoutGeometry, layout: Layout, box: TileBox, index: int, grown: _ArmPlan | None
) -> LayoutGeometry:
    """The whole geometry of :func:`_grow`'s layout: ``before``'s boxes and the new one, every
    open point's marker with what it counts now."""
    plan = before.plan
    assert plan is not None and grown is not None
    return _with_arm(plan, layout, [*before.tiles, box], index, grown)


def _with_arm(
    plan: _Plan, layout: Layout, boxes: list[TileBox], index: int, grown: _ArmPlan
) -> LayoutGeometry:
    """The geometry on ``plan``'s board asked for whose tiles are ``boxes``, its arm ``index``
    now ``grown`` (the others as ``plan`` has them): every open point's marker with what it
    counts in ``layout``, and the plan kept for the next :func:`extend`."""
    arms = [*plan.arms]
    arms[index] = grown
    counted = _counted_marks(layout)
    marks = _open_marks(layout, counted, list(plan.centre_marks))
    for arm_plan in arms:
        for point, x, y in arm_plan.ends:
            marks.append(PointMark(point, x, y, counted.get(point)))
    width, height = plan.asked
    drawn = _finished(boxes, marks, Rect(-width / 2, -height / 2, width, height), 1.0)
    grown_plan = _Plan(plan.asked, plan.centre, plan.four, plan.centre_rects, plan.centre_marks, tuple(arms))
    return LayoutGeometry(drawn.tiles, drawn.points, drawn.bounds, drawn.board, 1.0, grown_plan)
