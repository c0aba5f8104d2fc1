"""SVG pictures of layouts, positions and tiles (standard library only).

Like ``chess.svg``: pure functions of a state, keyword-only options, returning the SVG text.
The result is a ``str`` subclass with ``_repr_svg_``, so notebooks draw it.

- :func:`layout` draws a :class:`~sevenrocks.core.layout.Layout`: tiles with pips, doubles
  crosswise, the spinner in an orange frame, counted ends as filled numbers (the contribution
  each adds to the counted total) and the other connection points as hollow dots. Every
  point marker carries ``data-point="ANCHOR:SIDE"`` and an element id, so a web page can make
  it clickable. Where the tiles go is :func:`sevenrocks.geometry.geometry`.
- :func:`position` draws a whole position of a :class:`~sevenrocks.core.match.Match` (every
  hand shown) or of a :class:`~sevenrocks.core.view.SeatView` (only that seat's tiles).
- :func:`tile` draws one tile.

Every drawing shows a half's number as pips, or with ``faces="pictures"`` as the pictures of
children's picture dominoes (:mod:`sevenrocks.picture_art`: the drawing then holds the pictures'
``<symbol>`` definitions and each half is a ``<use href="#picture-N">``). :func:`position` chooses
the pictures by itself for the ``picture`` game; ``scale`` draws the picture bigger than its
natural size (:data:`CHILD_SCALE` is what ``sevenrocks render`` uses for the children's game).

>>> from sevenrocks.core import Layout, Play
>>> table = Layout()
>>> for text in ["3-6", "6-6@3-6:high"]:
...     _ = table.place(Play.parse(text))
>>> picture = layout(table, size=300)
>>> picture.startswith("<svg"), 'data-point="6-6:B"' in picture, 'class="spinner-frame"' in picture
(True, True, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final, Literal
from xml.sax.saxutils import escape, quoteattr

from sevenrocks.core.games.settlement import NoSettlement
from sevenrocks.core.layout import Layout
from sevenrocks.core.match import Match
from sevenrocks.core.notation import ConnectionPoint, Move
from sevenrocks.core.tiles import Tile
from sevenrocks.core.view import SeatView
from sevenrocks.geometry import DEFAULT_BOARD, Half, LayoutGeometry, PointMark, Rect, TileBox, geometry
from sevenrocks.picture_art import picture_defs, picture_half

__all__ = [
    "CHILD_SCALE",
    "Faces",
    "Legend",
    "MarkCache",
    "PositionLabels",
    "Svg",
    "TileCache",
    "board_pieces",
    "faces_for",
    "layout",
    "position",
    "tile",
    "tile_parts",
]

#: What a half shows: its pips, or the picture of its number (children's picture dominoes).
Faces = Literal["pips", "pictures"]
#: The pixel size of children's pictures relative to the natural one: 60 pixels a half tile
#: instead of 40 (``scale=CHILD_SCALE``).
CHILD_SCALE: Final = 1.5
#: The margin around a picture inside its half, in units.
_PICTURE_MARGIN: Final = 0.09

#: Pixels per unit (half a tile) in the SVG coordinates.
UNIT: Final = 40.0

COLORS: Final[dict[str, str]] = {
    "tile": "#fbf8ef",
    "tile-stroke": "#2b2b2b",
    "pip": "#1d1d1d",
    "spinner": "#f28c28",
    "counted": "#1f5fa8",
    "counted-text": "#ffffff",
    "point": "#1f5fa8",
    "target": "#1e8a4c",
    "highlight": "#ffe9a8",
    "back": "#3d4a5c",
    "text": "#222222",
}

#: Pip centres in a unit square, for a half drawn in a horizontal tile.
_PIPS: Final[dict[int, tuple[tuple[float, float], ...]]] = {
    0: (),
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.25, 0.27), (0.5, 0.27), (0.75, 0.27), (0.25, 0.73), (0.5, 0.73), (0.75, 0.73)),
}


class Svg(str):
    """SVG text; notebooks and IPython draw it through :meth:`_repr_svg_`."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


@dataclass(frozen=True, slots=True)
class Legend:
    """The words of the legend drawn under a layout (pass translated ones to localise it)."""

    counted: str = "filled number: counted contribution"
    point: str = "hollow dot: connection point, not counted here"
    spinner: str = "orange frame: the spinner"
    #: lay the legend out right to left (Arabic)
    rtl: bool = False
    #: the tooltips (``<title>``) of the spinner, of a connection point and of a counted end
    spinner_title: str = "{tile} (spinner)"
    point_title: str = "connection point {point}, value {value}"
    counted_title: str = "connection point {point}, value {value}, counted {counted}"
    #: the picture's accessible name
    empty_label: str = "empty layout"
    label: str = "layout of {tiles} tiles, counted ends {total}"


@dataclass(frozen=True, slots=True)
class PositionLabels:
    """The words of :func:`position` (format strings; pass translated ones to localise them)."""

    seat: str = "Seat {seat}"
    tiles: str = "{count} tiles"
    turn: str = "to play"
    scores: str = "Seats 0 + 2: {first} · Seats 1 + 3: {second}"
    #: one side's score where each seat is a side (the scores joined by `` · ``)
    side_score: str = "Seat {seat}: {score}"
    #: how many tiles a seat drew this hand (games with drawing)
    drew: str = "drew {count}"
    #: the tiles left in the boneyard (games that deal only part of the set)
    boneyard: str = "Boneyard: {count} tiles"


def _n(value: float) -> str:
    """A coordinate in pixels, short (the same few values recur in every drawing: each is
    written once and kept, up to :data:`_KEEP_NUMBERS` of them)."""
    text = _NUMBERS.get(value)
    if text is None:
        text = f"{value * UNIT:.2f}".rstrip("0").rstrip(".")
        if text in ("-0", ""):
            text = "0"
        if len(_NUMBERS) >= _KEEP_NUMBERS:
            _NUMBERS.clear()
        _NUMBERS[value] = text
    return text


#: :func:`_n`'s numbers written already, by value
_NUMBERS: dict[float, str] = {}
_KEEP_NUMBERS: Final = 50_000


def _px(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _id(prefix: str, point: ConnectionPoint) -> str:
    return f"{prefix}point-{point.anchor.low}-{point.anchor.high}-{point.side.notation}"


def faces_for(game: str) -> Faces:
    """The faces a game's tiles show: pictures for children's picture dominoes, else pips.

    >>> faces_for("picture"), faces_for("seven-rocks")
    ('pictures', 'pips')
    """
    return "pictures" if game == "picture" else "pips"


def _check_faces(faces: str) -> Faces:
    if faces == "pips":
        return "pips"
    if faces == "pictures":
        return "pictures"
    raise ValueError(f"faces must be 'pips' or 'pictures', not {faces!r}")


def _defs(faces: Faces) -> list[str]:
    """The start of a drawing's body: the pictures' symbols when halves show pictures."""
    return [picture_defs()] if faces == "pictures" else []


def _half(half: Half, out: list[str], faces: Faces = "pips") -> None:
    if faces == "pictures":
        m = _PICTURE_MARGIN
        out.append(picture_half(half.value, (half.x + m) * UNIT, (half.y + m) * UNIT, (1 - 2 * m) * UNIT))
        return
    for px, py in _PIPS[half.value]:
        if half.vertical:
            px, py = py, px
        out.append(
            f'<circle cx="{_n(half.x + px)}" cy="{_n(half.y + py)}" r="{_n(0.085)}" fill="{COLORS["pip"]}"/>'
        )


def _tile_box(
    box: TileBox,
    out: list[str],
    *,
    highlighted: bool,
    inset: float = 0.04,
    words: Legend | None = None,
    faces: Faces = "pips",
) -> None:
    head, body = tile_parts(box, highlighted=highlighted, inset=inset, words=words, faces=faces)
    out.append(head)
    out.append(body)


def tile_parts(
    box: TileBox,
    *,
    highlighted: bool,
    inset: float = 0.04,
    words: Legend | None = None,
    faces: Faces = "pips",
) -> tuple[str, str]:
    """The SVG of one drawn tile in two parts: its group's start, title and face (which the
    highlight of the last placement changes), then its line, halves and end (and the spinner's
    frame), which it does not. :func:`layout` draws each tile as the two joined.

    >>> from sevenrocks.core import Layout, Play
    >>> from sevenrocks.geometry import geometry
    >>> table = Layout()
    >>> _ = table.place(Play.parse("3-6"))
    >>> head, body = tile_parts(geometry(table).tiles[0], highlighted=True)
    >>> head.startswith('<g class="tile highlight" data-tile="3-6"'), body.endswith("</g>")
    (True, True)
    """
    r = box.rect.grow(-inset)
    fill = COLORS["highlight"] if highlighted else COLORS["tile"]
    order = f' data-order="{box.order}"' if box.order >= 0 else ""
    classes = "tile" + (" spinner" if box.is_spinner else "") + (" highlight" if highlighted else "")
    title = (words or Legend()).spinner_title.format(tile=box.tile) if box.is_spinner else str(box.tile)
    head = (
        f'<g class="{classes}" data-tile="{box.tile}"{order}>'
        f"<title>{escape(title)}</title>"
        f'<rect x="{_n(r.x)}" y="{_n(r.y)}" width="{_n(r.w)}" height="{_n(r.h)}" rx="{_n(0.12)}" '
        f'fill="{fill}" stroke="{COLORS["tile-stroke"]}" stroke-width="1.5"/>'
    )
    out: list[str] = []
    a, b = box.halves
    if a.x == b.x:  # halves one above the other
        y = max(a.y, b.y)
        out.append(
            f'<line x1="{_n(r.x + 0.15)}" y1="{_n(y)}" x2="{_n(r.right - 0.15)}" y2="{_n(y)}" '
            f'stroke="{COLORS["tile-stroke"]}" stroke-width="1.2"/>'
        )
    else:
        x = max(a.x, b.x)
        out.append(
            f'<line x1="{_n(x)}" y1="{_n(r.y + 0.15)}" x2="{_n(x)}" y2="{_n(r.bottom - 0.15)}" '
            f'stroke="{COLORS["tile-stroke"]}" stroke-width="1.2"/>'
        )
    _half(a, out, faces)
    _half(b, out, faces)
    out.append("</g>")
    if box.is_spinner:
        f = box.rect.grow(0.06)
        out.append(
            f'<rect class="spinner-frame" x="{_n(f.x)}" y="{_n(f.y)}" width="{_n(f.w)}" height="{_n(f.h)}" '
            f'rx="{_n(0.16)}" fill="none" stroke="{COLORS["spinner"]}" stroke-width="4"/>'
        )
    return head, "".join(out)


def _mark(
    mark: PointMark,
    out: list[str],
    *,
    prefix: str,
    show_counted: bool,
    show_points: bool,
    target: str | None,
    words: Legend | None = None,
    within: Rect | None = None,
) -> None:
    counted = mark.counted if show_counted else None
    if counted is None and not show_points and target is None:
        return
    whole, out = out, []  # the marker is one piece of the drawing
    classes = ["point", "counted" if counted is not None else "open"]
    if target is not None:
        classes.append("target")
    words = words or Legend()
    if mark.counted is not None:
        what = words.counted_title.format(point=mark.point, value=mark.point.value, counted=mark.counted)
    else:
        what = words.point_title.format(point=mark.point, value=mark.point.value)
    attrs = (
        f'id="{_id(prefix, mark.point)}" class="{" ".join(classes)}" data-point="{mark.point}" '
        f'data-value="{mark.point.value}"'
        + (f' data-counted="{mark.counted}"' if mark.counted is not None else "")
    )
    out.append(f"<g {attrs}><title>{escape(what)}</title>")
    cx, cy = _n(mark.x), _n(mark.y)
    if target is not None:
        out.append(
            f'<circle cx="{cx}" cy="{cy}" r="{_n(0.46)}" fill="{COLORS["target"]}" fill-opacity="0.18" '
            f'stroke="{COLORS["target"]}" stroke-width="2.5"/>'
        )
    if counted is not None:
        out.append(f'<circle cx="{cx}" cy="{cy}" r="{_n(0.34)}" fill="{COLORS["counted"]}"/>')
        out.append(
            f'<text x="{cx}" y="{cy}" dy="0.35em" text-anchor="middle" font-family="sans-serif" '
            f'font-weight="bold" font-size="{_n(0.42)}" fill="{COLORS["counted-text"]}">{counted}</text>'
        )
    else:
        out.append(
            f'<circle cx="{cx}" cy="{cy}" r="{_n(0.2)}" fill="#ffffff" '
            f'stroke="{COLORS["point"]}" stroke-width="2.5"/>'
        )
    if target:
        # beside the marker, up and to the right; kept inside the board (``within``) if there is one
        x, y, anchor = mark.x + 0.5, mark.y - 0.4, "start"
        if within is not None:
            if x + _label_width(target) > within.right:
                x, anchor = mark.x - 0.5, "end"
            y = max(y, within.y + 0.4)
        out.append(
            f'<text x="{_n(x)}" y="{_n(y)}" text-anchor="{anchor}" font-family="sans-serif" '
            f'font-weight="bold" font-size="{_n(0.36)}" fill="{COLORS["target"]}">{escape(target)}</text>'
        )
    out.append("</g>")
    whole.append("".join(out))


def _targets(targets: Mapping[ConnectionPoint, str] | Iterable[ConnectionPoint] | None) -> dict[str, str]:
    if targets is None:
        return {}
    if isinstance(targets, Mapping):
        return {str(point): str(label) for point, label in targets.items()}
    return {str(point): "" for point in targets}


def _tiles_of(items: Iterable[Tile | Move]) -> set[Tile]:
    return {tile for item in items for tile in ((item,) if isinstance(item, Tile) else item.tiles)}


def _draw_layout(
    geo: LayoutGeometry,
    out: list[str],
    *,
    prefix: str,
    counted: bool,
    points: bool,
    highlight: set[Tile],
    targets: dict[str, str],
    words: Legend | None = None,
    faces: Faces = "pips",
    within: Rect | None = None,
) -> None:
    out.append('<g class="layout">')
    for box in geo.tiles:
        _tile_box(box, out, highlighted=box.tile in highlight, words=words, faces=faces)
    for mark in geo.points:
        _mark(
            mark,
            out,
            prefix=prefix,
            show_counted=counted,
            show_points=points,
            target=targets.get(str(mark.point)),
            words=words,
            within=within,
        )
    out.append("</g>")


def _label_width(text: str) -> float:
    """An estimate of a target label's width in units (with a little room)."""
    return len(text) * 0.36 * 0.62 + 0.1


def _with_target_labels(geo: LayoutGeometry, labels: dict[str, str], view: Rect) -> Rect:
    """``view`` grown to hold the target labels drawn beside their markers (see :func:`_mark`)."""
    left, top, right, bottom = view.x, view.y, view.right, view.bottom
    for mark in geo.points:
        text = labels.get(str(mark.point))
        if text:
            right = max(right, mark.x + 0.5 + _label_width(text))
            top = min(top, mark.y - 0.4 - 0.36)
            left = min(left, mark.x - 0.5)
    return Rect(left, top, right - left, bottom - top)


def _legend(legend: Legend, x: float, y: float, width: float, out: list[str]) -> float:
    """Draw the legend from ``(x, y)``; return its height in units."""
    font = f'font-family="sans-serif" font-size="{_n(0.36)}" fill="{COLORS["text"]}"'
    anchor = "start"  # with direction="rtl" the start of the text is its right end
    direction = ' direction="rtl"' if legend.rtl else ""
    mx = x + width - 0.4 if legend.rtl else x + 0.4
    tx = mx - 0.6 if legend.rtl else mx + 0.6
    out.append('<g class="legend">')
    rows = [
        (
            f'<circle cx="{_n(mx)}" cy="{{cy}}" r="{_n(0.28)}" fill="{COLORS["counted"]}"/>'
            f'<text x="{_n(mx)}" y="{{cy}}" dy="0.35em" text-anchor="middle" font-family="sans-serif" '
            f'font-weight="bold" font-size="{_n(0.32)}" fill="#ffffff">5</text>',
            legend.counted,
        ),
        (
            f'<circle cx="{_n(mx)}" cy="{{cy}}" r="{_n(0.18)}" fill="#ffffff" stroke="{COLORS["point"]}" '
            'stroke-width="2.5"/>',
            legend.point,
        ),
        (
            f'<rect x="{_n(mx - 0.25)}" y="{{top}}" width="{_n(0.5)}" height="{_n(0.5)}" fill="none" '
            f'stroke="{COLORS["spinner"]}" stroke-width="3" rx="3"/>',
            legend.spinner,
        ),
    ]
    for i, (shape, label) in enumerate(rows):
        cy = y + 0.45 + i * 0.7
        out.append(shape.format(cy=_n(cy), top=_n(cy - 0.25)))
        out.append(
            f'<text x="{_n(tx)}" y="{_n(cy)}" dy="0.35em" text-anchor="{anchor}"{direction} {font}>'
            f"{escape(label)}</text>"
        )
    out.append("</g>")
    return 0.45 + len(rows) * 0.7


def _legend_width(legend: Legend) -> float:
    longest = max(len(legend.counted), len(legend.point), len(legend.spinner))
    return 1.2 + longest * 0.2


def _svg(view: Rect, body: list[str], size: int | None, label: str, scale: float | None = None) -> Svg:
    width = view.w * UNIT
    height = view.h * UNIT
    dims = ""
    if size is not None:
        scale = size / max(width, height)
    if scale is not None:
        dims = f' width="{_px(width * scale)}" height="{_px(height * scale)}"'
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" role="img" aria-label={quoteattr(label)} '
        f'viewBox="{_n(view.x)} {_n(view.y)} {_n(view.w)} {_n(view.h)}"{dims}>'
    )
    return Svg(head + "".join(body) + "</svg>")


def layout(
    layout: Layout,
    *,
    size: int | None = None,
    counted: bool = True,
    points: bool = True,
    highlight: Iterable[Tile | Move] = (),
    targets: Mapping[ConnectionPoint, str] | Iterable[ConnectionPoint] | None = None,
    legend: bool | Legend = False,
    caption: str | None = None,
    id_prefix: str = "",
    board: tuple[float, float] | None = None,
    words: Legend | None = None,
    faces: Faces = "pips",
    scale: float | None = None,
) -> Svg:
    """Draw ``layout`` as SVG.

    :param size: the picture's larger side in pixels (``None``: no width/height, it fills its box).
    :param faces: ``"pips"``, or ``"pictures"`` for the pictures of children's picture dominoes
        (their ends carry no numbers: counted ends are drawn as hollow dots, ``data-counted`` kept).
    :param scale: without ``size``, give the picture width and height at ``scale`` times its
        natural size (40 pixels a half tile); e.g. :data:`CHILD_SCALE`.
    :param counted: show counted ends as filled numbers (their contribution to the total).
    :param points: show the connection points that are not counted as hollow dots.
    :param highlight: tiles (or plays) to draw on a tinted background, e.g. the last placement.
    :param targets: connection points to ring as targets (a mapping gives each a label, such as
        what a placement there would score); each marker keeps ``data-point="ANCHOR:SIDE"``.
    :param legend: draw a legend under the layout (``True`` for English words, or a :class:`Legend`).
    :param words: the words of the tooltips and the accessible name without drawing a legend
        (a :class:`Legend`; by default the ``legend`` given, else English).
    :param caption: a line of text under the drawing.
    :param id_prefix: prefix of the markers' element ids (``{prefix}point-1-1-bA``), to keep them
        unique when a page shows several layouts.
    :param board: draw on a whole board of this width and height in units (half a tile; see
        :func:`sevenrocks.geometry.geometry`): the picture is the board, tiles keep one size
        whatever the layout's size (the board grows, zooming out, only when the layout does not
        fit), and target labels stay inside it. ``None``: the picture just holds the layout
        (laid out on :data:`~sevenrocks.geometry.DEFAULT_BOARD`).

    >>> from sevenrocks.core import Play
    >>> table = Layout()
    >>> _ = table.place(Play.parse("2-2"))
    >>> svg = layout(table, legend=True)
    >>> 'id="point-2-2-A"' in svg, 'data-counted="4"' in svg, "counted contribution" in svg
    (True, True, True)
    >>> layout(table, faces="pictures").count('href="#picture-2"')
    2
    """
    faces = _check_faces(faces)
    _check_scale(scale)
    counted = counted and faces == "pips"  # children's pictures: no numbers on the ends
    geo = geometry(layout, board=DEFAULT_BOARD if board is None else board)
    body = _defs(faces)
    labels = _targets(targets)
    if words is None:
        words = legend if isinstance(legend, Legend) else Legend()
    _draw_layout(
        geo,
        body,
        prefix=id_prefix,
        counted=counted,
        points=points,
        highlight=_tiles_of(highlight),
        targets=labels,
        words=words,
        faces=faces,
        within=None if board is None else geo.board,
    )
    view = geo.board if board is not None else _with_target_labels(geo, labels, geo.bounds.grow(0.25))
    bottom = view.bottom
    if legend:
        words = legend if isinstance(legend, Legend) else Legend()
        width = max(view.w, _legend_width(words))
        view = Rect(view.x - (width - view.w) / 2, view.y, width, view.h)
        bottom += _legend(words, view.x, bottom, view.w, body)
    if caption:
        body.append(
            f'<text class="caption" x="{_n(view.x + view.w / 2)}" y="{_n(bottom + 0.5)}" '
            f'text-anchor="middle" font-family="sans-serif" font-size="{_n(0.4)}" fill="{COLORS["text"]}">'
            f"{escape(caption)}</text>"
        )
        bottom += 0.9
        view = Rect(view.x, view.y, max(view.w, len(caption) * 0.22), view.h)
    view = Rect(view.x, view.y, view.w, bottom - view.y)
    total = layout.ends_total
    label = words.empty_label if layout.is_empty else words.label.format(tiles=len(layout), total=total)
    return _svg(view, body, size, label, scale)


#: Drawn tiles kept between drawings (:func:`board_pieces`): by the box's identity and whether it
#: is highlighted, the box itself (so that an id is never taken for another box's) and its parts.
TileCache = dict[tuple[int, bool], tuple[TileBox, str, str]]
#: Drawn connection point markers kept between drawings, by marker.
MarkCache = dict[PointMark, str]


def board_pieces(
    layout: Layout,
    geo: LayoutGeometry,
    *,
    highlight: Iterable[Tile | Move] = (),
    faces: Faces = "pips",
    words: Legend | None = None,
    attributes: str = "",
    tiles: TileCache | None = None,
    marks: MarkCache | None = None,
) -> list[str]:
    """The SVG text of ``layout`` drawn on a whole board, as :func:`layout` with ``board`` (no
    size, legend, caption or targets) draws it, in pieces whose join is that text: the start
    of the ``<svg>``, its label, the rest of its start, each tile's two :func:`tile_parts`, each
    marker, the end. ``geo`` is ``layout``'s :func:`~sevenrocks.geometry.geometry` on that board;
    ``attributes`` go first in the ``<svg>`` element (``'data-board="wide" '``). ``tiles`` and
    ``marks`` keep drawn pieces from one drawing to the next (a tile whose box is the same object
    is not drawn again), so that a drawing one tile longer costs little more than that tile.

    >>> from sevenrocks.core import Play
    >>> from sevenrocks.geometry import geometry
    >>> table = Layout()
    >>> _ = table.place(Play.parse("3-6"))
    >>> drawn = geometry(table, board=(20, 10))
    >>> "".join(board_pieces(table, drawn)) == layout(table, board=(20, 10))
    True
    """
    faces = _check_faces(faces)
    words = words or Legend()
    lit = _tiles_of(highlight)
    view = geo.board
    label = (
        words.empty_label
        if layout.is_empty
        else words.label.format(tiles=len(layout), total=layout.ends_total)
    )
    out = [
        f'<svg {attributes}xmlns="http://www.w3.org/2000/svg" version="1.1" role="img" aria-label=',
        quoteattr(label),
        f' viewBox="{_n(view.x)} {_n(view.y)} {_n(view.w)} {_n(view.h)}">',
        *_defs(faces),
        '<g class="layout">',
    ]
    for box in geo.tiles:
        lit_box = box.tile in lit
        key = (id(box), lit_box)
        kept = None if tiles is None else tiles.get(key)
        if kept is None or kept[0] is not box:
            head, body = tile_parts(box, highlighted=lit_box, words=words, faces=faces)
            if tiles is not None:
                tiles[key] = (box, head, body)
        else:
            head, body = kept[1], kept[2]
        out.append(head)
        out.append(body)
    counted = faces == "pips"
    for mark in geo.points:
        piece = None if marks is None else marks.get(mark)
        if piece is None:
            drawn: list[str] = []
            _mark(
                mark,
                drawn,
                prefix="",
                show_counted=counted,
                show_points=True,
                target=None,
                words=words,
                within=view,
            )
            piece = "".join(drawn)
            if marks is not None:
                marks[mark] = piece
        out.append(piece)
    out.append("</g></svg>")
    return out


def _check_scale(scale: float | None) -> None:
    if scale is not None and (isinstance(scale, bool) or not 0 < scale <= 100):
        raise ValueError(f"scale must be a number above 0 and at most 100, not {scale!r}")


def _loose_tile(
    t: Tile | None, x: float, y: float, vertical: bool, out: list[str], *, seat: int, faces: Faces = "pips"
) -> None:
    """A tile in a hand at ``(x, y)``: face up, or its back when ``t`` is None."""
    w, h = (1.0, 2.0) if vertical else (2.0, 1.0)
    rect = Rect(x, y, w, h)
    if t is None:
        r = rect.grow(-0.04)
        out.append(
            f'<rect class="tile back" data-seat="{seat}" x="{_n(r.x)}" y="{_n(r.y)}" width="{_n(r.w)}" '
            f'height="{_n(r.h)}" rx="{_n(0.12)}" fill="{COLORS["back"]}"/>'
        )
        return
    if vertical:
        halves = (Half(x, y, t.low, True), Half(x, y + 1.0, t.high, True))
    else:
        halves = (Half(x, y, t.low, False), Half(x + 1.0, y, t.high, False))
    out.append(f'<g class="hand-tile" data-seat="{seat}" data-tile="{t}">')
    _tile_box(TileBox(t, rect, halves, -1, None, False, False), out, highlighted=False, faces=faces)
    out.append("</g>")


def tile(
    t: Tile,
    *,
    size: int | None = None,
    vertical: bool = True,
    faces: Faces = "pips",
    scale: float | None = None,
) -> Svg:
    """Draw one tile (low half first: on top when ``vertical``, else on the left).

    ``faces`` and ``scale`` are as for :func:`layout`.

    >>> tile(Tile.parse("3-5"), size=40).count("<circle")
    8
    >>> pictured = tile(Tile.parse("3-5"), faces="pictures")
    >>> pictured.count("<use"), 'href="#picture-3"' in pictured, "<circle cx" in pictured.split("</defs>")[1]
    (2, True, False)
    """
    faces = _check_faces(faces)
    _check_scale(scale)
    body = _defs(faces)
    _loose_tile(t, 0.0, 0.0, vertical, body, seat=-1, faces=faces)
    w, h = (1.0, 2.0) if vertical else (2.0, 1.0)
    return _svg(Rect(-0.05, -0.05, w + 0.1, h + 0.1), body, size, f"tile {t}", scale)


def position(
    source: Match | SeatView,
    *,
    seat: int | None = None,
    size: int | None = None,
    counted: bool = True,
    points: bool = True,
    highlight: Iterable[Tile | Move] = (),
    targets: Mapping[ConnectionPoint, str] | Iterable[ConnectionPoint] | None = None,
    labels: PositionLabels | None = None,
    id_prefix: str = "",
    faces: Faces | None = None,
    scale: float | None = None,
) -> Svg:
    """Draw a position of any game: the layout in the middle, the hands around it, the scores
    (none in a game that counts nothing) and the boneyard's size, where tiles are undealt, on top.

    With a :class:`Match` every hand is shown face up and ``seat`` (default 0) sits at the
    bottom; with a :class:`SeatView` only the view's own tiles are shown (the others as backs)
    and its seat sits at the bottom. Seats follow clockwise: with four, left, top, right; with
    three, left and right; with two, the other seat on top. In games with drawing each seat's
    label tells how many tiles it drew this hand.

    ``faces`` ``None`` (the default) shows pips, or the pictures in the ``picture`` game
    (:func:`faces_for`); ``faces`` and ``scale`` are otherwise as for :func:`layout`.

    >>> match = Match(seed=3)
    >>> match.start_hand()
    >>> svg = position(match.view(2))
    >>> svg.count('class="hand-tile"'), svg.count('class="tile back"')
    (7, 21)
    """
    words = labels or PositionLabels()
    rules = source.rules
    faces = faces_for(rules.game) if faces is None else _check_faces(faces)
    _check_scale(scale)
    counted = counted and faces == "pips"
    n = rules.seats
    if isinstance(source, SeatView):
        bottom_seat = source.seat
        hands: list[tuple[Tile | None, ...]] = [
            source.hand if s == source.seat else (None,) * source.tile_counts[s] for s in range(n)
        ]
        left_in_boneyard = source.boneyard
    else:
        bottom_seat = 0 if seat is None else seat
        hands = [source.hand(s) for s in range(n)] if 0 <= bottom_seat < n else []
        left_in_boneyard = source.boneyard_size
    table, scores, turn, drawn = source.layout, source.scores, source.turn, source.draws
    if isinstance(bottom_seat, bool) or bottom_seat not in range(n):
        seats_text = "0, 1, 2 or 3" if n == 4 else " or ".join(str(s) for s in range(n))
        raise ValueError(f"seat must be {seats_text}, not {bottom_seat!r}")
    geo = geometry(table)
    body = _defs(faces)
    _draw_layout(
        geo,
        body,
        prefix=id_prefix,
        counted=counted,
        points=points,
        highlight=_tiles_of(highlight),
        targets=_targets(targets),
        faces=faces,
    )
    core = _with_target_labels(geo, _targets(targets), geo.bounds.grow(0.5))
    step = 1.15
    places = {4: ("bottom", "left", "top", "right"), 3: ("bottom", "left", "right"), 2: ("bottom", "top")}[n]
    where = {place: (bottom_seat + k) % n for k, place in enumerate(places)}
    widest = max((len(hands[s]) for p, s in where.items() if p in ("bottom", "top")), default=7)
    row = max(7, widest) * step  # a row of upright tiles
    per_column = 10  # side hands wrap into more columns outwards
    tallest = max((len(hands[s]) for p, s in where.items() if p in ("left", "right")), default=7)
    col = max(7, min(tallest, per_column)) * step
    columns = max(1, -(-tallest // per_column)) if "left" in where or "right" in where else 1
    half_w = max(core.w / 2, row / 2) + 0.5
    cx = core.x + core.w / 2
    cy = core.y + core.h / 2
    font = f'font-family="sans-serif" font-size="{_n(0.42)}" fill="{COLORS["text"]}"'

    def label_text(s: int) -> str:
        text = words.seat.format(seat=s) + " · " + words.tiles.format(count=len(hands[s]))
        if rules.draws and drawn and drawn[s]:
            text += " · " + words.drew.format(count=drawn[s])
        return text + " · " + words.turn if turn == s else text

    def label(s: int, x: float, y: float, anchor: str) -> None:
        text = label_text(s)
        weight = ' font-weight="bold"' if turn == s else ""
        body.append(
            f'<text class="seat-label" data-seat="{s}" x="{_n(x)}" y="{_n(y)}" text-anchor="{anchor}"'
            f"{weight} {font}>{escape(text)}</text>"
        )

    # bottom and top: upright tiles in a row; left and right: lying tiles in columns
    top_y = core.y - 3.2
    bottom_y = core.bottom + 0.7
    for place, y, text_y in (("bottom", bottom_y, bottom_y + 2.7), ("top", top_y, top_y - 0.35)):
        if place not in where:
            continue
        s = where[place]
        x0 = cx - len(hands[s]) * step / 2
        for i, t in enumerate(hands[s]):
            _loose_tile(t, x0 + i * step, y, True, body, seat=s, faces=faces)
        label(s, cx, text_y, "middle")
    left_x = cx - half_w - 2.6
    right_x = cx + half_w + 0.6
    for place, x, outward in (("left", left_x, -1.0), ("right", right_x, 1.0)):
        if place not in where:
            continue
        s = where[place]
        count = len(hands[s])
        y0 = cy - min(count, per_column) * step / 2
        for i, t in enumerate(hands[s]):
            column, k = divmod(i, per_column)
            _loose_tile(t, x + outward * column * 2.3, y0 + k * step, False, body, seat=s, faces=faces)
        label(s, x + 1.0, cy + col / 2 + 0.9, "middle")
    score_y = top_y - 1.3
    parts = []
    if isinstance(rules.settlement, NoSettlement):
        pass  # a game that counts nothing (picture dominoes) shows no scores
    elif rules.partnerships:
        parts.append(words.scores.format(first=scores[0], second=scores[1]))
    else:
        parts.append(" · ".join(words.side_score.format(seat=s, score=v) for s, v in enumerate(scores)))
    if rules.hand_size * n < 28:
        parts.append(words.boneyard.format(count=left_in_boneyard))
    score_text = " · ".join(parts)
    body.append(
        f'<text class="scores" x="{_n(cx)}" y="{_n(score_y)}" text-anchor="middle" font-weight="bold" {font}>'
        + escape(score_text)
        + "</text>"
    )
    # the side seats' labels are centred under their columns: keep them inside the picture
    # (an estimate of the text's width: about 0.6 of the font size a character)
    sides = [where[p] for p in ("left", "right") if p in where]
    half_label = max((len(label_text(s)) for s in sides), default=0) * 0.42 * 0.6 / 2
    extra = (columns - 1) * 2.3
    left = min(left_x - 1.5 - extra, left_x + 1.0 - half_label - 0.3, cx - row / 2 - 0.5)
    right = max(right_x + 3.5 + extra, right_x + 1.0 + half_label + 0.3, cx + row / 2 + 0.5)
    scores_half = len(score_text) * 0.42 * 0.6 / 2
    left, right = min(left, cx - scores_half - 0.3), max(right, cx + scores_half + 0.3)
    top = score_y - 0.9
    bottom = max(bottom_y + 3.3, cy + col / 2 + 1.4)
    view = Rect(left, top, right - left, bottom - top)
    if rules.game == "seven-rocks":
        title = f"Seven Rocks position, scores {scores[0]} to {scores[1]}"
    else:
        title = f"{rules.game} position, scores {', '.join(str(v) for v in scores)}"
    return _svg(view, body, size, title, scale)
