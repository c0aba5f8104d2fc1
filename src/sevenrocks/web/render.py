"""The drawn layout for the web pages: the library's SVG renderer (:mod:`sevenrocks.svg`).

The layout is drawn as on a table: on a whole board (:func:`sevenrocks.geometry.geometry`),
its tiles one size whatever the layout's size. The page's board area may be wide (a desktop,
a phone held sideways) or tall (a phone held upright), so the layout can be drawn on each of a
few boards of different shapes (:data:`BOARDS`), one ``<svg data-board="NAME">`` after another.
A table page says its board area, and the server draws each position only on the board that
shows the tiles biggest there (:func:`best_board`, found by :meth:`Drawing.choose` without
drawing the boards that cannot win); a client that says nothing gets every board, and the
table page keeps the one that fits (``fitBoard`` in ``static/table.js``).

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
    "DrawnBoard",
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
class DrawnBoard:
    """One position of a table's layout drawn on one board (:meth:`Drawing.board`)."""

    geometry: LayoutGeometry
    #: the SVG text (the board's part of :func:`render_layout`'s)
    svg: str
    #: each piece of the text and where it starts (to patch the next position's drawing from)
    index: dict[str, int]
    #: the patch that makes :attr:`svg` from this board's drawing of the position before, if
    #: that one (the same hand, one move less) was drawn on this board
    patch: Patch | None


@dataclass
class Drawn:
    """One position of a table's layout, drawn on the boards of its game asked for so far
    (:class:`Drawing`): a board is drawn when a page first needs it."""

    #: the position: (hand number, moves of the match)
    key: tuple[int, int]
    #: the layout's tiles then
    tiles: int
    #: the latest placement then
    last: Move | None
    #: the boards drawn so far, by name
    boards: dict[str, DrawnBoard] = field(default_factory=dict)
    #: the board each board area asked about shows (:meth:`Drawing.choose`)
    chosen: dict[tuple[float, float], str] = field(default_factory=dict)
    #: each legal placement's ghost boxes and the geometry it would give, by play (worked out
    #: when first asked for)
    ghosts: dict[str, tuple[dict[str, list[float]], dict[str, Extension]]] = field(default_factory=dict)
    #: the plays asked for that cannot be placed here (they have no ghost)
    unplaceable: set[str] = field(default_factory=set)

    @property
    def geometries(self) -> dict[str, LayoutGeometry]:
        """The geometry of each board drawn so far."""
        return {name: board.geometry for name, board in self.boards.items()}


class Drawing:
    """A table's layout drawn position after position, once per position and board whoever
    asks, and only on the boards pages show: each position's geometry on a board grown from
    the one before by :func:`~sevenrocks.geometry.extend` (or taken from the ghost of the
    placement that made it), its tiles' SVG kept from drawing to drawing, and the patch
    (:func:`svg_patch`) that makes its SVG from the one before's on the same board.

    >>> from sevenrocks.core import Layout, Play
    >>> table, drawing = Layout(), Drawing(None)
    >>> _ = table.place(Play.parse("3-6"))
    >>> drawn = drawing.draw((0, 1), table, Play.parse("3-6"), boards=["tall"])
    >>> list(drawn.boards), drawing.svg(drawn, ["tall"]).startswith('<svg data-board="tall"')
    (['tall'], True)
    >>> drawing.choose(drawn, table, (900, 440)), list(drawn.boards)  # a desktop: the wide board
    ('wide', ['tall', 'wide'])
    """

    #: kept tile and marker pieces beyond this many are dropped (they are drawn again if needed)
    KEEP: Final = 600

    def __init__(self, game: str | None) -> None:
        self.game = game
        self.sizes = boards_for(game)
        self.current: Drawn | None = None
        #: the position drawn before :attr:`current`, if it is the one just before it
        self.before: Drawn | None = None
        self._tiles: svg.TileCache = {}
        self._marks: svg.MarkCache = {}

    def draw(
        self, key: tuple[int, int], layout: Layout, last: Move | None, boards: Iterable[str] | None = None
    ) -> Drawn:
        """The drawing of the position ``key`` (hand number, moves of the match) whose layout is
        ``layout`` and latest placement ``last``, drawn on ``boards`` (``None``: every board)
        if it was not drawn there yet; other boards are drawn when first asked for
        (:meth:`board`)."""
        before = self.current
        if before is None or before.key != key:
            if (before is not None and before.key[0] != key[0]) or len(self._tiles) > self.KEEP:
                self._tiles.clear()
                self._marks.clear()
            follows = before is not None and before.key == (key[0], key[1] - 1)
            self.before = before if follows else None
            if before is not None:
                before.chosen.clear()  # nobody asks about a position gone
            self.current = Drawn(key, len(layout), last)
        drawn = self.current
        assert drawn is not None
        for name in self.sizes if boards is None else boards:
            self.board(drawn, layout, name)
        return drawn

    def board(self, drawn: Drawn, layout: Layout, name: str) -> DrawnBoard:
        """The drawing of the position ``drawn`` (its layout ``layout``, the current one) on the
        board ``name``, drawn now if it was not yet."""
        done = drawn.boards.get(name)
        if done is not None:
            return done
        size = self.sizes.get(name)
        if size is None:
            raise ValueError(f"board must be one of {', '.join(self.sizes)}, not {name!r}")
        before = self.before if drawn is self.current else None
        was = None if before is None else before.boards.get(name)
        last = drawn.last
        grows = before is not None and len(layout) == before.tiles + 1 and isinstance(last, Play)
        if was is not None and before is not None and grows:
            known = before.ghosts.get(str(last), ({}, {}))[1].get(name)
            geo = (known if known is not None else extend(was.geometry, layout)).geometry()
        else:
            geo = geometry(layout, board=size)
        pieces = _pieces(layout, {name: geo}, last=last, game=self.game, tiles=self._tiles, marks=self._marks)
        text = "".join(pieces)
        patch = None
        if was is not None and text.isascii():  # offsets in characters, the page's as the server's
            patch = svg_patch(was.svg, was.index, pieces)
        made = drawn.boards[name] = DrawnBoard(geo, text, _index(pieces), patch)
        return made

    def names(self, boards: Iterable[str] | None) -> list[str]:
        """The names of ``boards`` (``None``: every board) in the order the drawing joins them."""
        if boards is None:
            return list(self.sizes)
        wanted = set(boards)
        return [name for name in self.sizes if name in wanted]

    def svg(self, drawn: Drawn, boards: Iterable[str] | None = None, layout: Layout | None = None) -> str:
        """The SVG text of the position ``drawn`` on ``boards`` (``None``: every board), one
        ``<svg data-board>`` after another in the order of the game's boards; boards not drawn
        yet are drawn on ``layout`` (the position's)."""
        return "".join(self._board_of(drawn, name, layout).svg for name in self.names(boards))

    def patch(self, drawn: Drawn, boards: Iterable[str] | None = None) -> Patch | None:
        """The patch that makes :meth:`svg` of ``boards`` at ``drawn`` from the same boards'
        text at the position before, or ``None`` when a board was not drawn at both.

        Each board's patch copies from that board's text before; in the joined text before, the
        board's text starts after the boards before it, so its copies are moved by that much."""
        out: Patch = []
        offset = 0
        before = self.before if drawn is self.current else None
        for name in self.names(boards):
            board = drawn.boards.get(name)
            was = None if before is None else before.boards.get(name)
            if board is None or board.patch is None or was is None:
                return None
            for item in board.patch:
                if isinstance(item, str):
                    if out and isinstance(out[-1], str):
                        out[-1] += item
                    else:
                        out.append(item)
                else:
                    out.append([item[0] + offset, item[1] + offset])
            offset += len(was.svg)
        return out

    def _board_of(self, drawn: Drawn, name: str, layout: Layout | None) -> DrawnBoard:
        done = drawn.boards.get(name)
        if done is not None:
            return done
        if layout is None:
            raise ValueError(f"the {name} board of this position was not drawn")
        return self.board(drawn, layout, name)

    def choose(self, drawn: Drawn, layout: Layout, area: tuple[float, float]) -> str:
        """The board that shows the tiles biggest in a board area of ``area`` pixels (width,
        height) at the position ``drawn`` (its layout ``layout``): :func:`best_board` over every
        board, drawing only the boards that may win.

        A board grows only when the layout does not fit it (:func:`~sevenrocks.geometry.geometry`),
        so the tiles are never bigger on it than on the board asked for: boards are drawn in the
        order of how big they would show the tiles unzoomed, until the next one cannot beat the
        best drawn so far. (A board found smaller than asked, which no tested layout gives, makes
        every board drawn.)"""
        known = drawn.chosen.get(area)
        if known is not None:
            return known

        def fit(w: float, h: float) -> float:
            return min(area[0] / w, area[1] / h)

        order = sorted(self.sizes, key=lambda name: -fit(*self.sizes[name]))
        best = -1.0
        for name in order:
            if fit(*self.sizes[name]) < best - 1e-6:
                break
            geo = self.board(drawn, layout, name).geometry
            asked = self.sizes[name]
            if geo.board.w < asked[0] - 1e-9 or geo.board.h < asked[1] - 1e-9:
                for other in order:
                    self.board(drawn, layout, other)
                break
            best = max(best, fit(geo.board.w, geo.board.h))
        geometries = {name: drawn.boards[name].geometry for name in self.sizes if name in drawn.boards}
        chosen = drawn.chosen[area] = best_board(geometries, area)[0]
        return chosen

    def ghosts(
        self, drawn: Drawn, layout: Layout, plays: Iterable[Play], boards: Collection[str] | None = None
    ) -> dict[str, dict[str, list[float]]]:
        """:func:`ghost_boxes` of ``plays`` at the position ``drawn`` (its layout ``layout``) on
        ``boards`` (``None``: every board), each play on each board worked out once; the
        geometries they would give are kept for the next :meth:`draw`. Plays that cannot be
        placed are left out."""
        names = self.names(boards)
        for name in names:
            self.board(drawn, layout, name)
        out: dict[str, dict[str, list[float]]] = {}
        for play in plays:
            key = str(play)
            if key in drawn.unplaceable:
                continue
            found, grown = drawn.ghosts.setdefault(key, ({}, {}))
            missing = {name: drawn.boards[name].geometry for name in names if name not in found}
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
