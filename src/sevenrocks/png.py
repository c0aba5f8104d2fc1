"""PNG pictures: the SVG of :mod:`sevenrocks.svg` painted with Pillow.

Only the few SVG elements that :mod:`sevenrocks.svg` writes are understood (``rect``,
``circle``, ``line``, ``text`` in groups, with flat colours), so one renderer draws both
formats. Pillow is an optional dependency (it comes with the ``bots`` extra, through
matplotlib); :func:`svg_to_png` raises :class:`PngUnavailableError` with the install hint when it
is missing.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from typing import Any, Final
from xml.etree import ElementTree

__all__ = ["PngUnavailableError", "svg_to_png"]

_NS: Final = "{http://www.w3.org/2000/svg}"
_SUPERSAMPLE: Final = 2


class PngUnavailableError(RuntimeError):
    """PNG output needs Pillow, which is not installed."""


def _pillow() -> tuple[Any, Any, Any]:
    try:
        from PIL import Image, ImageDraw, ImageFont
    except ImportError:  # pragma: no cover - Pillow is installed with the dev extras
        raise PngUnavailableError(
            "PNG output needs Pillow: install it with `pip install pillow` (or write .svg instead)"
        ) from None
    return Image, ImageDraw, ImageFont


def _walk(element: ElementTree.Element) -> Iterator[ElementTree.Element]:
    for child in element:
        tag = child.tag.removeprefix(_NS)
        if tag == "g":
            yield from _walk(child)
        elif tag != "title":
            yield child


def _colour(value: str | None, opacity: str | None = None) -> tuple[int, int, int, int] | None:
    if value is None or value == "none":
        return None
    match = re.fullmatch(r"#([0-9a-fA-F]{6})", value)
    if match is None:
        return (0, 0, 0, 255)
    rgb = int(match.group(1), 16)
    alpha = round(255 * float(opacity)) if opacity is not None else 255
    return (rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255, alpha


def svg_to_png(svg: str, *, width: int | None = None) -> bytes:
    """Paint SVG text written by :mod:`sevenrocks.svg` into PNG bytes ``width`` pixels wide.

    Without ``width`` the picture keeps the SVG's own pixel size (its ``width`` attribute,
    else its viewBox).

    >>> from sevenrocks.core import Tile
    >>> from sevenrocks.svg import tile
    >>> svg_to_png(tile(Tile.parse("3-5"), size=80))[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
    True
    """
    image_mod, draw_mod, font_mod = _pillow()
    root = ElementTree.fromstring(svg)
    vx, vy, vw, vh = (float(v) for v in root.attrib["viewBox"].split())
    own_width = float(root.attrib.get("width", vw))
    target = width if width is not None else max(1, round(own_width))
    scale = target / vw * _SUPERSAMPLE
    size = (max(1, round(vw * scale)), max(1, round(vh * scale)))
    image = image_mod.new("RGBA", size, (255, 255, 255, 255))
    draw = draw_mod.Draw(image, "RGBA")
    fonts: dict[tuple[int, bool], Any] = {}

    def font(px: float, bold: bool) -> Any:
        key = (max(1, round(px)), bold)
        if key not in fonts:
            name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
            try:
                fonts[key] = font_mod.truetype(name, key[0])
            except OSError:
                fonts[key] = font_mod.load_default(key[0])
        return fonts[key]

    def x(value: str) -> float:
        return (float(value) - vx) * scale

    def y(value: str) -> float:
        return (float(value) - vy) * scale

    for el in _walk(root):
        tag = el.tag.removeprefix(_NS)
        a = el.attrib
        fill = _colour(a.get("fill", "#000000"), a.get("fill-opacity"))
        stroke = _colour(a.get("stroke"))
        stroke_width = max(1, round(float(a.get("stroke-width", "1")) * _SUPERSAMPLE)) if stroke else 0
        if tag == "rect":
            box = (
                x(a["x"]),
                y(a["y"]),
                x(a["x"]) + float(a["width"]) * scale,
                y(a["y"]) + float(a["height"]) * scale,
            )
            radius = float(a.get("rx", "0")) * scale
            draw.rounded_rectangle(box, radius=radius, fill=fill, outline=stroke, width=stroke_width)
        elif tag == "circle":
            cx, cy, r = x(a["cx"]), y(a["cy"]), float(a["r"]) * scale
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=stroke, width=stroke_width)
        elif tag == "line":
            draw.line(
                (x(a["x1"]), y(a["y1"]), x(a["x2"]), y(a["y2"])),
                fill=stroke or (0, 0, 0, 255),
                width=stroke_width or _SUPERSAMPLE,
            )
        elif tag == "text" and el.text:
            px = float(a.get("font-size", "12")) * scale
            face = font(px, a.get("font-weight") == "bold")
            rtl = a.get("direction") == "rtl"
            horizontal = {"middle": "m", "end": "l" if rtl else "r"}.get(
                a.get("text-anchor", "start"), "r" if rtl else "l"
            )
            vertical = "m" if a.get("dy") else "s"  # dy="0.35em" centres the text on y
            draw.text((x(a["x"]), y(a["y"])), el.text, fill=fill, font=face, anchor=horizontal + vertical)
    final = image.resize((size[0] // _SUPERSAMPLE, size[1] // _SUPERSAMPLE), image_mod.Resampling.LANCZOS)
    out = io.BytesIO()
    final.convert("RGB").save(out, format="PNG")
    return out.getvalue()
