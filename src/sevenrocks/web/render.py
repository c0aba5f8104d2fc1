"""The drawn layout for the web pages: the library's SVG renderer (:mod:`sevenrocks.svg`).

The layout is drawn as on a table: on a whole board (:func:`sevenrocks.geometry.geometry`),
its tiles one size whatever the layout's size. The page's board area may be wide (a desktop,
a phone held sideways) or tall (a phone held upright), so the layout is drawn on each of a few
boards of different shapes (:data:`BOARDS`), one ``<svg data-board="NAME">`` after another; the
table page keeps the one that shows the tiles biggest in its board area (:func:`best_board`,
mirrored by ``fitBoard`` in ``static/table.js``) and drops the others. A page that does not
choose shows the first.

The renderer marks every open connection point with ``data-point="ANCHOR:SIDE"``; the table
page makes those marks clickable for the selected tile. Where a legal placement would put its
tile on each board (:func:`ghost_boxes`) comes from the same geometry: the table page draws a
ghost tile there, translucent with a dashed outline, for the selected tile.

>>> from sevenrocks.core import Layout, Play
>>> table = Layout()
>>> _ = table.place(Play.parse("3-6"))
>>> picture = render_layout(table, last=Play.parse("3-6"))
>>> picture.startswith('<svg data-board="wide"'), 'data-point="3-6:low"' in picture, picture.count("<svg")
(True, True, 3)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

from sevenrocks import svg
from sevenrocks.core.errors import SevenRocksError
from sevenrocks.core.layout import Layout
from sevenrocks.core.notation import Move, Play
from sevenrocks.geometry import LayoutGeometry, Rect, geometry

__all__ = ["BOARDS", "best_board", "boards_for", "ghost_boxes", "render_layout"]

#: The boards the layout is drawn on for the web pages: width and height in units (half a
#: tile). At the reference sizes of the table page these give half a tile 15–45 pixels
#: (``tests/test_layout_geometry.py`` states the board areas and checks the smallest size).
BOARDS: Final[dict[str, tuple[float, float]]] = {
    "wide": (32.0, 15.0),
    "square": (24.0, 18.0),
    "tall": (16.0, 22.0),
}


def boards_for(game: str | None) -> dict[str, tuple[float, float]]:
    """The boards of ``game``: children's picture tiles are drawn bigger (fewer units a board).

    >>> boards_for("picture")["wide"]
    (21.33, 10.0)
    """
    if game is None or svg.faces_for(game) != "pictures":
        return dict(BOARDS)
    return {
        name: (round(w / svg.CHILD_SCALE, 2), round(h / svg.CHILD_SCALE, 2))
        for name, (w, h) in BOARDS.items()
    }


def best_board(drawn: Mapping[str, LayoutGeometry], area: tuple[float, float]) -> tuple[str, float]:
    """The board, among the ``drawn`` geometries, that shows the tiles biggest in a board area of
    ``area`` pixels (width, height), and the pixels of half a tile there. The first wins a tie.

    >>> from sevenrocks.core import Layout
    >>> from sevenrocks.geometry import geometry
    >>> drawn = {name: geometry(Layout(), board=size) for name, size in BOARDS.items()}
    >>> best_board(drawn, (900, 440)), best_board(drawn, (374, 430))[0]
    (('wide', 28.125), 'tall')
    """
    best, scale = "", -1.0
    for name, geo in drawn.items():
        fit = min(area[0] / geo.board.w, area[1] / geo.board.h)
        if fit > scale + 1e-9:
            best, scale = name, fit
    return best, scale


def render_layout(
    layout: Layout, *, last: Move | None = None, game: str | None = None, boards: Iterable[str] | None = None
) -> str:
    """The SVG text of ``layout`` on each of ``boards`` (names of :data:`BOARDS`, by default all):
    every tile, the spinner framed, counted ends as filled numbers and the other open points as
    hollow dots; ``last`` (the latest placement) is tinted. The tiles of ``game`` show its faces:
    pictures, drawn bigger, for children's picture dominoes."""
    faces = svg.faces_for(game) if game is not None else "pips"
    sizes = boards_for(game)
    names = list(sizes) if boards is None else list(boards)
    out = []
    for name in names:
        if name not in sizes:
            raise ValueError(f"board must be one of {', '.join(sizes)}, not {name!r}")
        drawn = svg.layout(layout, highlight=() if last is None else (last,), faces=faces, board=sizes[name])
        out.append(f'<svg data-board="{name}" ' + str(drawn).removeprefix("<svg "))
    return "".join(out)


def _rotation(box_halves: tuple[tuple[float, float, int], tuple[float, float, int]], low: int) -> int:
    """The turn (degrees, clockwise) of a tile drawn upright with its low half on top that puts
    its low half where the geometry draws it: 0 on top, 90 right, 180 below, 270 left."""
    (ax, ay, av), (bx, by, _bv) = box_halves
    if av != low:  # the low half is the second one
        (ax, ay), (bx, by) = (bx, by), (ax, ay)
    if ax == bx:
        return 0 if ay < by else 180
    return 270 if ax < bx else 90


def ghost_boxes(
    layout: Layout, plays: Iterable[Play], *, game: str | None = None, boards: Iterable[str] | None = None
) -> dict[str, dict[str, list[float]]]:
    """Where each of ``plays`` (legal placements of one tile each) would put its tile on each
    board of :func:`render_layout`, in the drawing's pixels: ``{play: {board: [x, y, width,
    height, turn]}}``, ``turn`` as :func:`_rotation` (the tile upright, low half on top, turned
    by it). The tile is placed on a copy of the layout and the geometry of the result is moved so
    that the tile it joins stays where the current drawing shows it; the box is kept inside the
    board. Plays that cannot be placed are left out.

    >>> from sevenrocks.core import Layout, Play
    >>> table = Layout()
    >>> _ = table.place(Play.parse("3-6"))
    >>> boxes = ghost_boxes(table, [Play.parse("6-6@3-6:high")])
    >>> boxes["6-6@3-6:high"]["wide"]  # across, right of 3-6 (drawn at x -40 to 40)
    [40.0, -40.0, 40.0, 80.0, 0]
    """
    sizes = boards_for(game)
    names = list(sizes) if boards is None else list(boards)
    before = {name: geometry(layout, board=sizes[name]) for name in names}
    out: dict[str, dict[str, list[float]]] = {}
    for play in plays:
        after_layout = layout.copy()
        try:
            after_layout.place(play)
        except SevenRocksError:  # not placeable here: no ghost
            continue
        boxes: dict[str, list[float]] = {}
        for name in names:
            now = before[name]
            after = geometry(after_layout, board=sizes[name])
            new = after.box(play.tile)
            dx = dy = 0.0
            if play.point is not None:
                was, moved = now.box(play.point.anchor).rect, after.box(play.point.anchor).rect
                dx, dy = was.x - moved.x, was.y - moved.y
            board = now.board
            x = min(max(new.rect.x + dx, board.x), board.right - new.rect.w)
            y = min(max(new.rect.y + dy, board.y), board.bottom - new.rect.h)
            rect = Rect(x, y, new.rect.w, new.rect.h)
            a, b = new.halves
            turn = _rotation(((a.x, a.y, a.value), (b.x, b.y, b.value)), play.tile.low)
            boxes[name] = [round(v * svg.UNIT, 2) for v in (rect.x, rect.y, rect.w, rect.h)] + [turn]
        out[str(play)] = boxes
    return out
