"""PNG pictures: the SVG of :mod:`sevenrocks.svg` painted with Pillow.

Only the few SVG elements that :mod:`sevenrocks.svg` writes are understood (``rect``,
``circle``, ``line``, ``text`` in groups, with flat colours), so one renderer draws both
formats. The pictures of children's picture dominoes (:mod:`sevenrocks.picture_art`) are
``<use>`` references to ``<symbol>`` definitions drawn with ``ellipse``, ``polygon`` and
``path`` (commands ``M L H V Q C Z``, absolute or relative; curves are flattened into short
lines): those are understood too, with the symbol's ``viewBox`` scaled uniformly into the
``<use>`` box and centred (SVG's default ``xMidYMid meet``). Anything else (transforms,
gradients, arcs) is not. Pillow is an optional dependency (it comes with the ``bots`` extra, through
matplotlib); :func:`svg_to_png` raises :class:`PngUnavailableError` with the install hint when it
is missing.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator, Mapping
from typing import Any, Final
from xml.etree import ElementTree

__all__ = ["PngUnavailableError", "svg_to_png"]

_NS: Final = "{http://www.w3.org/2000/svg}"
_SUPERSAMPLE: Final = 2
_XLINK_HREF: Final = "{http://www.w3.org/1999/xlink}href"
#: straight pieces a curve of a path is drawn with
_CURVE_STEPS: Final = 12

#: (scale, dx, dy): a point (x, y) of a symbol is (dx + scale * x, dy + scale * y) in the drawing
_Transform = tuple[float, float, float]
_IDENTITY: Final[_Transform] = (1.0, 0.0, 0.0)
_Point = tuple[float, float]


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


def _walk(
    element: ElementTree.Element,
    symbols: Mapping[str, ElementTree.Element],
    transform: _Transform = _IDENTITY,
    depth: int = 0,
) -> Iterator[tuple[ElementTree.Element, _Transform]]:
    """The shapes to paint, in order, each with the transform of the ``<use>`` it came from."""
    for child in element:
        tag = child.tag.removeprefix(_NS)
        if tag == "g":
            yield from _walk(child, symbols, transform, depth)
        elif tag == "use":
            ref = child.attrib.get("href", child.attrib.get(_XLINK_HREF, ""))
            symbol = symbols.get(ref.removeprefix("#"))
            if symbol is not None and depth < 4:
                inner = _use_transform(child, symbol)
                s, dx, dy = transform
                combined = (s * inner[0], dx + s * inner[1], dy + s * inner[2])
                yield from _walk(symbol, symbols, combined, depth + 1)
        elif tag not in ("title", "defs", "symbol"):
            yield child, transform


def _use_transform(use: ElementTree.Element, symbol: ElementTree.Element) -> _Transform:
    """The symbol's viewBox fitted into the ``<use>`` box, uniformly and centred."""
    a = use.attrib
    x, y = float(a.get("x", "0")), float(a.get("y", "0"))
    box = symbol.attrib.get("viewBox")
    if box is None:
        return (1.0, x, y)
    bx, by, bw, bh = (float(v) for v in box.replace(",", " ").split())
    width, height = float(a.get("width", str(bw))), float(a.get("height", str(bh)))
    s = min(width / bw, height / bh)
    return (s, x + (width - bw * s) / 2 - bx * s, y + (height - bh * s) / 2 - by * s)


def _curve(points: list[_Point], controls: tuple[_Point, ...], end: _Point) -> None:
    """Append a quadratic (one control) or cubic (two) Bézier curve as short lines."""
    x0, y0 = points[-1]
    for k in range(1, _CURVE_STEPS + 1):
        u = k / _CURVE_STEPS
        v = 1 - u
        if len(controls) == 1:
            (cx, cy) = controls[0]
            points.append(
                (v * v * x0 + 2 * v * u * cx + u * u * end[0], v * v * y0 + 2 * v * u * cy + u * u * end[1])
            )
        else:
            (ax, ay), (bx, by) = controls
            points.append(
                (
                    v**3 * x0 + 3 * v * v * u * ax + 3 * v * u * u * bx + u**3 * end[0],
                    v**3 * y0 + 3 * v * v * u * ay + 3 * v * u * u * by + u**3 * end[1],
                )
            )


def _path(d: str) -> list[tuple[list[_Point], bool]]:
    """The subpaths of a path's ``d`` (``M L H V Q C Z``, either case) as (points, closed).

    >>> _path("M0 0 L10 0 V10 Z m1 1 h2")
    [([(0.0, 0.0), (10.0, 0.0), (10.0, 10.0)], True), ([(1.0, 1.0), (3.0, 1.0)], False)]
    """
    tokens = re.findall(r"[MLHVQCZmlhvqcz]|-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", d)
    paths: list[tuple[list[_Point], bool]] = []
    points: list[_Point] = []
    command = ""
    x = y = 0.0
    i = 0

    def number() -> float:
        nonlocal i
        value = float(tokens[i])
        i += 1
        return value

    def finish(closed: bool) -> None:
        nonlocal points
        if len(points) > 1:
            paths.append((points, closed))
        points = []

    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
            if command in "Zz":
                start = points[0] if points else (x, y)
                finish(True)
                x, y = start
                continue
        if not command or command in "Zz":
            raise ValueError(f"bad path data {d!r}")
        rel = command.islower()
        ox, oy = (x, y) if rel else (0.0, 0.0)
        kind = command.upper()
        if kind == "M":
            finish(False)
            x, y = ox + number(), oy + number()
            points = [(x, y)]
            command = "l" if rel else "L"  # further pairs are lines
            continue
        if not points:
            points = [(x, y)]
        if kind == "L":
            x, y = ox + number(), oy + number()
            points.append((x, y))
        elif kind == "H":
            x = ox + number()
            points.append((x, y))
        elif kind == "V":
            y = (y if rel else 0.0) + number()
            points.append((x, y))
        elif kind in "QC":
            controls = tuple((ox + number(), oy + number()) for _ in range(1 if kind == "Q" else 2))
            end = (ox + number(), oy + number())
            _curve(points, controls, end)
            x, y = end
        else:
            raise ValueError(f"path command {command!r} is not drawn (in {d!r})")
    finish(False)
    return paths


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
    root = ElementTree.fromstring(svg.encode("utf-8"))  # bytes: an XML declaration is allowed
    symbols = {el.attrib["id"]: el for el in root.iter(f"{_NS}symbol") if "id" in el.attrib}
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

    # the shapes of the drawing itself keep their stroke widths in output pixels (as before);
    # the shapes of a <use>d symbol scale them with the symbol
    ts, tx, ty = _IDENTITY

    def x(value: str | float) -> float:
        return (tx + ts * float(value) - vx) * scale

    def y(value: str | float) -> float:
        return (ty + ts * float(value) - vy) * scale

    def length(value: str) -> float:
        return ts * float(value) * scale

    for el, (ts, tx, ty) in _walk(root, symbols):
        tag = el.tag.removeprefix(_NS)
        a = el.attrib
        fill = _colour(a.get("fill", "#000000"), a.get("fill-opacity"))
        stroke = _colour(a.get("stroke"))
        if not stroke:
            stroke_width = 0
        elif (ts, tx, ty) == _IDENTITY:
            stroke_width = max(1, round(float(a.get("stroke-width", "1")) * _SUPERSAMPLE))
        else:
            stroke_width = max(1, round(length(a.get("stroke-width", "1"))))
        if tag in ("ellipse", "polygon", "path"):
            _shape(draw, el, tag, fill, stroke, stroke_width, x, y, length)
        elif tag == "rect":
            box = (
                x(a["x"]),
                y(a["y"]),
                x(a["x"]) + length(a["width"]),
                y(a["y"]) + length(a["height"]),
            )
            radius = length(a.get("rx", "0"))
            draw.rounded_rectangle(box, radius=radius, fill=fill, outline=stroke, width=stroke_width)
        elif tag == "circle":
            cx, cy, r = x(a["cx"]), y(a["cy"]), length(a["r"])
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=stroke, width=stroke_width)
        elif tag == "line":
            draw.line(
                (x(a["x1"]), y(a["y1"]), x(a["x2"]), y(a["y2"])),
                fill=stroke or (0, 0, 0, 255),
                width=stroke_width or _SUPERSAMPLE,
            )
            if a.get("stroke-linecap") == "round":
                _caps(draw, [(x(a["x1"]), y(a["y1"])), (x(a["x2"]), y(a["y2"]))], stroke, stroke_width)
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


_Colour = tuple[int, int, int, int] | None


def _caps(draw: Any, points: list[_Point], colour: _Colour, width: int) -> None:
    """Round ends of an open stroke."""
    if colour is None or width < 2:
        return
    r = width / 2
    for px, py in (points[0], points[-1]):
        draw.ellipse((px - r, py - r, px + r, py + r), fill=colour)


def _shape(
    draw: Any,
    el: ElementTree.Element,
    tag: str,
    fill: _Colour,
    stroke: _Colour,
    stroke_width: int,
    x: Any,
    y: Any,
    length: Any,
) -> None:
    """Paint an ``ellipse``, ``polygon`` or ``path`` (points mapped by ``x``/``y``)."""
    a = el.attrib
    if tag == "ellipse":
        cx, cy, rx, ry = x(a["cx"]), y(a["cy"]), length(a["rx"]), length(a["ry"])
        draw.ellipse((cx - rx, cy - ry, cx + rx, cy + ry), fill=fill, outline=stroke, width=stroke_width)
        return
    if tag == "polygon":
        numbers = [float(v) for v in re.findall(r"-?(?:\d+\.?\d*|\.\d+)", a.get("points", ""))]
        subpaths = [(list(zip(numbers[::2], numbers[1::2], strict=False)), True)]
    else:
        subpaths = _path(a.get("d", ""))
    for raw, closed in subpaths:
        points = [(x(px), y(py)) for px, py in raw]
        if len(points) < 2:
            continue
        if fill is not None and len(points) > 2:
            draw.polygon(points, fill=fill)
        if stroke is not None:
            ring = [*points, points[0], points[1]] if closed else points
            draw.line(ring, fill=stroke, width=stroke_width, joint="curve")
            if not closed and a.get("stroke-linecap") == "round":
                _caps(draw, points, stroke, stroke_width)
