"""SVG pictures of Sausage (standard library only): the table, and a whole position.

- :func:`table` draws a :class:`~sevenrocks.core.sausage.Table`: the start tile standing across both
  lines, the top line to its right on the upper row and the bottom line on the lower row, each tile
  turned to join the one before it (doubles too), and each line's open end as a filled number.
- :func:`position` draws a position of a :class:`~sevenrocks.core.sausage.SausageMatch` (both queues
  face up, front first) or of a :class:`~sevenrocks.core.sausage.SausageView` (what a seat may know:
  the never-turned tiles face down, the known tails face up): the table, each queue, the tile turned
  now and the doubles set aside.

The tiles are drawn as :mod:`sevenrocks.svg` draws them, and the result is the same
:class:`~sevenrocks.svg.Svg` text.

>>> from sevenrocks.core.sausage import SausageMatch
>>> match = SausageMatch(seed=7)
>>> match.start_deal()
>>> picture = position(match, size=400)
>>> picture.startswith("<svg"), picture.count('class="line-end"'), 'class="turned"' in picture
(True, 2, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final
from xml.sax.saxutils import escape

from sevenrocks.core.sausage import Line, SausageMatch, SausageView, Table
from sevenrocks.core.tiles import Tile
from sevenrocks.geometry import Half, Rect, TileBox
from sevenrocks.svg import COLORS, Svg, _loose_tile, _n, _svg, _tile_box

__all__ = ["TableWords", "position", "table"]

#: Queue tiles per row before a queue wraps.
_ROW: Final = 14


def _horizontal(tile: Tile, left: int, x: float, y: float, out: list[str], highlighted: bool) -> None:
    """``tile`` lying along a line at ``(x, y)``, its half ``left`` on the left."""
    right = tile.low + tile.high - left
    halves = (Half(x, y, left, False), Half(x + 1.0, y, right, False))
    _tile_box(
        TileBox(tile, Rect(x, y, 2.0, 1.0), halves, -1, None, False, False), out, highlighted=highlighted
    )


@dataclass(frozen=True)
class TableWords:
    """The words of a table's pictures (titles and label), English by default; the rules guide passes
    them translated. ``{value}`` is a line's end, ``{top}`` and ``{bottom}`` both ends."""

    top_end: str = "top end {value}"
    bottom_end: str = "bottom end {value}"
    label: str = "Sausage table: top end {top}, bottom end {bottom}"


def _end_mark(x: float, y: float, value: int, which: str, out: list[str], words: TableWords) -> None:
    title = escape((words.top_end if which == "top" else words.bottom_end).format(value=value))
    out.append(
        f'<g class="line-end" data-line="{which}" data-value="{value}"><title>{title}</title>'
        f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(0.34)}" fill="{COLORS["counted"]}"/>'
        f'<text x="{_n(x)}" y="{_n(y)}" dy="0.35em" text-anchor="middle" font-family="sans-serif" '
        f'font-weight="bold" font-size="{_n(0.42)}" fill="{COLORS["counted-text"]}">{value}</text></g>'
    )


def _line(
    line: Line, row: float, which: str, out: list[str], highlight: set[Tile], words: TableWords
) -> float:
    """Draw one line from x = 1 on the row ``row``; return where it ends."""
    x = 1.0
    value = line.start_half
    for tile in line.tiles:
        _horizontal(tile, value, x, row, out, tile in highlight)
        if not tile.is_double:
            value = tile.other(value)
        x += 2.0
    _end_mark(x + 0.5, row + 0.5, line.end, which, out, words)
    return x + 1.0


def _text(x: float, y: float, text: str, out: list[str], *, size: float = 0.4, cls: str = "label") -> None:
    out.append(
        f'<text class="{cls}" x="{_n(x)}" y="{_n(y)}" font-family="sans-serif" font-size="{_n(size)}" '
        f'fill="{COLORS["text"]}">{escape(text)}</text>'
    )


def _draw_table(
    tab: Table, y: float, out: list[str], highlight: set[Tile], words: TableWords | None = None
) -> float:
    """Draw the table with its top row at ``y``; return its width."""
    start = tab.start
    if start is None:
        _text(0.0, y + 0.6, "empty table", out)
        return 4.0
    top, bottom = tab.top.start_half, tab.bottom.start_half
    halves = (Half(0.0, y, top, True), Half(0.0, y + 1.0, bottom, True))
    out.append('<g class="start-tile">')
    _tile_box(
        TileBox(start, Rect(0.0, y, 1.0, 2.0), halves, 0, None, False, False),
        out,
        highlighted=start in highlight,
    )
    out.append("</g>")
    out.append('<g class="line" data-line="top">')
    words = words or TableWords()
    width = _line(tab.top, y, "top", out, highlight, words)
    out.append('</g><g class="line" data-line="bottom">')
    width = max(width, _line(tab.bottom, y + 1.0, "bottom", out, highlight, words))
    out.append("</g>")
    return width


def table(
    tab: Table,
    *,
    size: int | None = None,
    highlight: Iterable[Tile] = (),
    caption: str | None = None,
    words: TableWords | None = None,
) -> Svg:
    """Draw the start tile and the two lines (see the module); ``highlight`` tints tiles (the last laid),
    ``caption`` is a line of text under the drawing, ``words`` the titles' and label's words (English
    without it)."""
    body: list[str] = []
    width = _draw_table(tab, 0.0, body, set(highlight), words)
    height = 2.0
    if caption:
        _text(0.0, 2.7, caption, body, cls="caption")
        height = 3.0
    if tab.start is None:
        label = "empty Sausage table"
    elif words is not None:
        label = words.label.format(top=tab.top.end, bottom=tab.bottom.end)
    else:
        label = f"Sausage table: {tab}"
    return _svg(Rect(-0.2, -0.2, max(width, 6.0) + 0.4, height + 0.4), body, size, label)


def _queue(
    tiles: Sequence[Tile | None], x: float, y: float, out: list[str], seat: int, turned: Tile | None
) -> float:
    """A queue front first, in rows of :data:`_ROW` upright tiles; return the height drawn."""
    rows = max(1, -(-len(tiles) // _ROW))
    for i, tile in enumerate(tiles):
        tx = x + (i % _ROW) * 1.1
        ty = y + (i // _ROW) * 2.2
        if i == 0 and turned is not None and tile == turned:
            out.append('<g class="turned">')
            _loose_tile(tile, tx, ty, True, out, seat=seat)
            r = Rect(tx, ty, 1.0, 2.0).grow(0.06)
            out.append(
                f'<rect x="{_n(r.x)}" y="{_n(r.y)}" width="{_n(r.w)}" height="{_n(r.h)}" rx="{_n(0.16)}" '
                f'fill="none" stroke="{COLORS["spinner"]}" stroke-width="4"/></g>'
            )
        else:
            _loose_tile(tile, tx, ty, True, out, seat=seat)
    return rows * 2.2


def position(
    source: SausageMatch | SausageView, *, size: int | None = None, highlight: Iterable[Tile] = ()
) -> Svg:
    """Draw a position (see the module). For a match both queues are face up; for a seat's view the
    tiles nobody has turned are face down and only the known tails (and the turned tile) face up."""
    body: list[str] = []
    marked = set(highlight)
    y = 0.0
    queues: list[Sequence[Tile | None]] = []
    scores: Sequence[int]
    if isinstance(source, SausageMatch):
        tab, aside, turned, turn = source.table, source.aside, source.turned, source.turn
        scores, target = source.scores, source.target
        queues = [source.queue(0), source.queue(1)]
    else:
        tab, aside, turned, turn = source.table, source.aside, source.turned, source.turn
        scores, target = source.scores, source.target
        memory = source.memory()
        for seat in (0, 1):
            front: list[Tile | None] = [turned] if seat == turn and turned not in memory.tails[seat] else []
            queues.append([*front, *([None] * memory.hidden[seat]), *memory.tails[seat]])
    _text(0.0, y + 0.5, f"seat 0: {scores[0]} · seat 1: {scores[1]} · target {target}", body, size=0.45)
    y += 1.0
    width = _draw_table(tab, y, body, marked)
    y += 2.8
    for seat in (0, 1):
        mark = " (to move)" if seat == turn else ""
        _text(0.0, y + 0.4, f"seat {seat}: {len(queues[seat])} tiles, front first{mark}", body)
        y += 0.7
        body.append(f'<g class="queue" data-seat="{seat}">')
        y += _queue(queues[seat], 0.0, y, body, seat, turned if seat == turn else None) + 0.3
        body.append("</g>")
        width = max(width, min(len(queues[seat]), _ROW) * 1.1)
    if aside:
        _text(0.0, y + 0.4, "set aside", body)
        y += 0.7
        body.append('<g class="aside">')
        for i, tile in enumerate(aside):
            _loose_tile(tile, i * 1.1, y, True, body, seat=-1)
        body.append("</g>")
        y += 2.2
        width = max(width, len(aside) * 1.1)
    label = f"Sausage position: {tab}; queues {len(queues[0])} and {len(queues[1])} tiles"
    return _svg(Rect(-0.2, -0.2, max(width, 8.0) + 0.4, y + 0.4), body, size, label)
