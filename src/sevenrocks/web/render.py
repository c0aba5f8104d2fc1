"""The drawn layout for the web pages: the library's SVG renderer (:mod:`sevenrocks.svg`).

The layout is drawn as on a table: on a whole board (:func:`sevenrocks.geometry.geometry`),
its tiles one size whatever the layout's size. The page's board area may be wide (a desktop,
a phone held sideways) or tall (a phone held upright), so the layout is drawn on each of a few
boards of different shapes (:data:`BOARDS`), one ``<svg data-board="NAME">`` after another; the
table page keeps the one that shows the tiles biggest in its board area (:func:`best_board`,
mirrored by ``fitBoard`` in ``static/table.js``) and drops the others. A page that does not
choose shows the first.

The renderer marks every open connection point with ``data-point="ANCHOR:SIDE"``; the table
page makes those marks clickable for the selected tile.

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
from sevenrocks.core.layout import Layout
from sevenrocks.core.notation import Move
from sevenrocks.geometry import LayoutGeometry

__all__ = ["BOARDS", "best_board", "boards_for", "render_layout"]

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
