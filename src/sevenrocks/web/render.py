"""The drawn layout for the web pages: the library's SVG renderer (:mod:`sevenrocks.svg`).

The renderer marks every open connection point with ``data-point="ANCHOR:SIDE"``; the table
page makes those marks clickable for the selected tile.

>>> from sevenrocks.core import Layout, Play
>>> table = Layout()
>>> _ = table.place(Play.parse("3-6"))
>>> picture = render_layout(table, last=Play.parse("3-6"))
>>> picture.startswith("<svg"), 'data-point="3-6:low"' in picture
(True, True)
"""

from __future__ import annotations

from sevenrocks import svg
from sevenrocks.core.layout import Layout
from sevenrocks.core.notation import Move

__all__ = ["render_layout"]


def render_layout(layout: Layout, *, last: Move | None = None, game: str | None = None) -> str:
    """The SVG text of ``layout``: every tile, the spinner framed, counted ends as filled numbers
    and the other open points as hollow dots; ``last`` (the latest placement) is tinted. The tiles
    of ``game`` show its faces: pictures, drawn bigger, for children's picture dominoes."""
    faces = svg.faces_for(game) if game is not None else "pips"
    scale = svg.CHILD_SCALE if faces == "pictures" else None
    return str(svg.layout(layout, highlight=() if last is None else (last,), faces=faces, scale=scale))
