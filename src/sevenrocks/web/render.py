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

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Final

from sevenrocks import svg
from sevenrocks.core.errors import SevenRocksError
from sevenrocks.core.layout import Layout
from sevenrocks.core.notation import Move, Play
from sevenrocks.geometry import Extension, LayoutGeometry, extend, geometry

__all__ = [
    "BOARDS",
    "Drawing",
    "Drawn",
    "Patch",
    "apply_patch",
    "best_board",
    "boards_for",
    "ghost_boxes",
    "render_layout",
    "svg_patch",
]

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
    sizes = boards_for(game)
    names = list(sizes) if boards is None else list(boards)
    for name in names:
        if name not in sizes:
            raise ValueError(f"board must be one of {', '.join(sizes)}, not {name!r}")
    drawn = {name: geometry(layout, board=sizes[name]) for name in names}
    return "".join(_pieces(layout, drawn, last=last, game=game))


def _pieces(
    layout: Layout,
    drawn: Mapping[str, LayoutGeometry],
    *,
    last: Move | None,
    game: str | None,
    tiles: svg.TileCache | None = None,
    marks: svg.MarkCache | None = None,
) -> list[str]:
    """The pieces of :func:`render_layout`'s text, the layout's geometry on each board given."""
    faces = svg.faces_for(game) if game is not None else "pips"
    highlight = () if last is None else (last,)
    out: list[str] = []
    for name, geo in drawn.items():
        out += svg.board_pieces(
            layout,
            geo,
            highlight=highlight,
            faces=faces,
            attributes=f'data-board="{name}" ',
            tiles=tiles,
            marks=marks,
        )
    return out


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
    return {play: found for play, (found, _) in _ghosts(layout, before, plays).items()}


def _ghosts(
    layout: Layout, before: Mapping[str, LayoutGeometry], plays: Iterable[Play]
) -> dict[str, tuple[dict[str, list[float]], dict[str, Extension]]]:
    """:func:`ghost_boxes` from the layout's geometry on each board (``before``), with the
    geometry each play would give on each board (:func:`~sevenrocks.geometry.extend`)."""
    out: dict[str, tuple[dict[str, list[float]], dict[str, Extension]]] = {}
    for play in plays:
        after_layout = layout.copy()
        try:
            after_layout.place(play)
        except SevenRocksError:  # not placeable here: no ghost
            continue
        boxes: dict[str, list[float]] = {}
        grown: dict[str, Extension] = {}
        for name, now in before.items():
            after = grown[name] = extend(now, after_layout)
            new = after.box
            dx = dy = 0.0
            if play.point is not None and after.moved:
                was, moved = now.box(play.point.anchor).rect, after.geometry().box(play.point.anchor).rect
                dx, dy = was.x - moved.x, was.y - moved.y
            board = now.board
            x = min(max(new.rect.x + dx, board.x), board.right - new.rect.w)
            y = min(max(new.rect.y + dy, board.y), board.bottom - new.rect.h)
            a, b = new.halves
            turn = _rotation(((a.x, a.y, a.value), (b.x, b.y, b.value)), play.tile.low)
            boxes[name] = [round(v * svg.UNIT, 2) for v in (x, y, new.rect.w, new.rect.h)] + [turn]
        out[str(play)] = (boxes, grown)
    return out


# ---------------------------------------------------------------------- a table's drawing
#: A patch of a drawing's text (:func:`svg_patch`): each item a piece of text to insert, or
#: ``[start, end]``, the characters ``start`` to ``end`` of the text before to copy.
Patch = list[str | list[int]]


def svg_patch(old: str, index: Mapping[str, int], pieces: Iterable[str]) -> Patch:
    """The patch that makes the text of ``pieces`` (joined) from ``old``: runs of the pieces
    found in ``old`` (``index``: each piece of ``old`` and where it starts) are copied by
    position, the others written out.

    >>> old = "<a><b><c>"
    >>> patch = svg_patch(old, {"<a>": 0, "<b>": 3, "<c>": 6}, ["<a>", "<b>", "<x>", "<c>"])
    >>> patch, apply_patch(old, patch)
    ([[0, 6], '<x>', [6, 9]], '<a><b><x><c>')
    """
    out: Patch = []
    run: list[int] | None = None  # the copy being extended
    for piece in pieces:
        if run is not None and old.startswith(piece, run[1]):
            run[1] += len(piece)
            continue
        at = index.get(piece)
        if at is not None:
            run = [at, at + len(piece)]
            out.append(run)
            continue
        run = None
        if out and isinstance(out[-1], str):
            out[-1] += piece
        else:
            out.append(piece)
    return out


def apply_patch(old: str, patch: Patch) -> str:
    """The text :func:`svg_patch`'s ``patch`` makes of ``old`` (as the table page applies it)."""
    return "".join(item if isinstance(item, str) else old[item[0] : item[1]] for item in patch)


def _index(pieces: Iterable[str]) -> dict[str, int]:
    """Where each piece starts in the pieces' text (its first place, for a piece met again)."""
    out: dict[str, int] = {}
    at = 0
    for piece in pieces:
        out.setdefault(piece, at)
        at += len(piece)
    return out


@dataclass
class Drawn:
    """One position of a table's layout drawn on every board of its game (:class:`Drawing`)."""

    #: the position: (hand number, moves of the match)
    key: tuple[int, int]
    #: the layout's tiles then
    tiles: int
    geometries: dict[str, LayoutGeometry]
    #: the SVG text (:func:`render_layout`'s)
    svg: str
    #: each piece of the text and where it starts (to patch the next position's drawing from)
    index: dict[str, int]
    #: the patch that makes :attr:`svg` from the drawing of the position before, if that one
    #: (the same hand, one move less) was drawn just before
    patch: Patch | None
    #: each legal placement's ghost boxes and the geometry it would give, by play (worked out
    #: when first asked for)
    ghosts: dict[str, tuple[dict[str, list[float]], dict[str, Extension]]] = field(default_factory=dict)
    #: the plays asked for that cannot be placed here (they have no ghost)
    unplaceable: set[str] = field(default_factory=set)


class Drawing:
    """A table's layout drawn position after position, once per position whoever asks: each
    position's geometry grown from the one before by :func:`~sevenrocks.geometry.extend` (or
    taken from the ghost of the placement that made it), its tiles' SVG kept from drawing to
    drawing, and the patch (:func:`svg_patch`) that makes its SVG from the one before's."""

    #: kept tile and marker pieces beyond this many are dropped (they are drawn again if needed)
    KEEP: Final = 600

    def __init__(self, game: str | None) -> None:
        self.game = game
        self.sizes = boards_for(game)
        self.current: Drawn | None = None
        self._tiles: svg.TileCache = {}
        self._marks: svg.MarkCache = {}

    def draw(self, key: tuple[int, int], layout: Layout, last: Move | None) -> Drawn:
        """The drawing of the position ``key`` (hand number, moves of the match) whose layout is
        ``layout`` and latest placement ``last``; drawn if it is not the one drawn last."""
        before = self.current
        if before is not None and before.key == key:
            return before
        if (before is not None and before.key[0] != key[0]) or len(self._tiles) > self.KEEP:
            self._tiles.clear()
            self._marks.clear()
        follows = before is not None and before.key == (key[0], key[1] - 1)
        grows = follows and before is not None and len(layout) == before.tiles + 1 and isinstance(last, Play)
        geometries: dict[str, LayoutGeometry] = {}
        for name, size in self.sizes.items():
            if grows:
                assert before is not None
                known = before.ghosts.get(str(last), ({}, {}))[1].get(name)
                grown = known if known is not None else extend(before.geometries[name], layout)
                geometries[name] = grown.geometry()
            else:
                geometries[name] = geometry(layout, board=size)
        pieces = _pieces(layout, geometries, last=last, game=self.game, tiles=self._tiles, marks=self._marks)
        text = "".join(pieces)
        patch = None
        if follows and text.isascii():  # offsets in characters, the page's as the server's
            assert before is not None
            patch = svg_patch(before.svg, before.index, pieces)
        self.current = Drawn(key, len(layout), geometries, text, _index(pieces), patch)
        return self.current

    def ghosts(
        self, drawn: Drawn, layout: Layout, plays: Iterable[Play], boards: Collection[str] | None = None
    ) -> dict[str, dict[str, list[float]]]:
        """:func:`ghost_boxes` of ``plays`` at the position ``drawn`` (its layout ``layout``) on
        ``boards`` (``None``: every board), each play on each board worked out once; the
        geometries they would give are kept for the next :meth:`draw`. Plays that cannot be
        placed are left out."""
        names = [name for name in drawn.geometries if boards is None or name in boards]
        out: dict[str, dict[str, list[float]]] = {}
        for play in plays:
            key = str(play)
            if key in drawn.unplaceable:
                continue
            found, grown = drawn.ghosts.setdefault(key, ({}, {}))
            missing = {name: drawn.geometries[name] for name in names if name not in found}
            if missing:
                made = _ghosts(layout, missing, [play]).get(key)
                if made is None:  # not placeable: no ghost
                    drawn.unplaceable.add(key)
                    del drawn.ghosts[key]
                    continue
                found.update(made[0])
                grown.update(made[1])
            out[key] = {name: found[name] for name in names}
        return out
