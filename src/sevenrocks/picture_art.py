"""The pictures of children's picture dominoes (the ``picture`` game), drawn as SVG.

In the ``picture`` game a tile shows pictures instead of pips: the number *k* (0..6) is shown
as picture *k* (see ``docs/games/picture.md``). The seven pictures are fruit and animals, each
with its own colour **and** its own outline, so a child who cannot tell red from green still
tells them apart by shape:

== ========= ======== ==============================================
 0 apple     red      round fruit with a stem and a green leaf
 1 banana    yellow   a crescent with a brown stem
 2 grapes    purple   a triangle of six round grapes on a stem
 3 carrot    orange   a long point with green leaves on top
 4 fish      blue     an oval body with a tail fin and one eye
 5 frog      green    a wide face with two big eyes and a smile
 6 butterfly pink     four round wings around a dark body
== ========= ======== ==============================================

Every picture is drawn in a 100 × 100 box with a dark outline, so it stays readable on a
tile's half at 40 pixels. The pictures are built from the few SVG shapes that
:mod:`sevenrocks.png` also paints (``circle``, ``ellipse``, ``rect``, ``line``, ``polygon`` and
``path`` with ``M L H V Q C Z`` commands), so PNG pictures show them too.

Each picture is an SVG ``<symbol id="picture-N">`` (N = 0..6; these ids are stable and are
the contract with the web page and :mod:`sevenrocks.svg`): :func:`picture_defs` gives the
``<defs>`` to put in a drawing, :func:`picture_sprite` a whole SVG document of them (to be
served as a static file), and :func:`picture_half` places one picture in a tile's half with
a ``<use>``.

Licence: the pictures were drawn by hand for this project, as code in this module (no image
was downloaded or traced); they are the project's own work, under the project's MIT licence
(see ``LICENSE`` and ``docs/pictures.md``).

>>> [p.key for p in PICTURES]
['apple', 'banana', 'grapes', 'carrot', 'fish', 'frog', 'butterfly']
>>> picture_half(3, 2.0, 0.0, 40)
'<use class="picture" data-picture="3" href="#picture-3" x="2" y="0" width="40" height="40"/>'
>>> picture_defs().count("<symbol ")
7
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from sevenrocks.i18n import N_

__all__ = [
    "PICTURES",
    "SYMBOL_PREFIX",
    "VIEWBOX",
    "Picture",
    "picture_defs",
    "picture_half",
    "picture_sprite",
    "symbol_id",
]

#: The ids of the symbols are ``picture-0`` .. ``picture-6``.
SYMBOL_PREFIX: Final = "picture-"
#: Every picture is drawn in this box.
VIEWBOX: Final = "0 0 100 100"

_INK: Final = "#2b2b2b"  # the outlines, as dark as the tiles' own outline
_LINE: Final = f'stroke="{_INK}" stroke-width="4" stroke-linejoin="round"'
_CURVE: Final = f'fill="none" stroke="{_INK}" stroke-linecap="round"'  # an open dark line


@dataclass(frozen=True, slots=True)
class Picture:
    """One picture: the number it stands for, a stable key, its English name and colour.

    ``name`` is marked for translation; show it with ``translation(lang).gettext(p.name)``.
    """

    number: int
    key: str
    name: str
    colour: str
    #: the shapes inside the picture's ``<symbol>`` (drawn in :data:`VIEWBOX`)
    shapes: str

    @property
    def symbol_id(self) -> str:
        """The id of the picture's ``<symbol>``, e.g. ``picture-0``."""
        return f"{SYMBOL_PREFIX}{self.number}"


def _apple() -> str:
    red = "#d62828"
    return (
        f'<path d="M50 30 C38 20 14 22 14 50 C14 74 32 92 50 86 C68 92 86 74 86 50 '
        f'C86 22 62 20 50 30 Z" fill="{red}" {_LINE}/>'
        '<ellipse cx="32" cy="46" rx="6" ry="11" fill="#ffffff" fill-opacity="0.55"/>'
        f'<path d="M50 31 Q49 19 56 9" fill="none" stroke="#6b3e1f" stroke-width="6" stroke-linecap="round"/>'
        f'<path d="M55 22 Q64 6 82 10 Q74 27 55 22 Z" fill="#3aa655" {_LINE}/>'
    )


def _banana() -> str:
    return (
        f'<path d="M22 18 Q8 86 86 82 L90 72 Q38 70 34 18 Z" fill="#f5c518" {_LINE}/>'
        f'<path d="M28 22 Q24 62 62 72" fill="none" stroke="#c99a06" stroke-width="3"/>'
        f'<rect x="22" y="8" width="12" height="12" rx="2" fill="#6b3e1f" {_LINE}/>'
    )


def _grapes() -> str:
    purple = "#7b3fa0"
    grapes = ((30, 40), (50, 40), (70, 40), (40, 58), (60, 58), (50, 76))
    body = "".join(f'<circle cx="{x}" cy="{y}" r="11" fill="{purple}" {_LINE}/>' for x, y in grapes)
    shine = "".join(
        f'<circle cx="{x - 4}" cy="{y - 4}" r="3" fill="#ffffff" fill-opacity="0.6"/>' for x, y in grapes
    )
    return (
        '<path d="M50 29 Q50 18 56 10" fill="none" stroke="#6b3e1f" stroke-width="6" stroke-linecap="round"/>'
        f'<path d="M52 20 Q66 8 80 16 Q68 28 52 20 Z" fill="#3aa655" {_LINE}/>' + body + shine
    )


def _carrot() -> str:
    green = "#3aa655"
    return (
        f'<path d="M50 26 Q36 6 30 12 Q38 22 46 30 Z" fill="{green}" {_LINE}/>'
        f'<path d="M50 26 Q50 2 58 6 Q58 20 54 30 Z" fill="{green}" {_LINE}/>'
        f'<path d="M52 28 Q70 8 76 16 Q64 26 56 32 Z" fill="{green}" {_LINE}/>'
        f'<path d="M34 34 Q50 22 66 34 Q60 64 52 92 Q48 96 46 90 Q40 64 34 34 Z" fill="#f08a1c" {_LINE}/>'
        f'<line x1="40" y1="48" x2="49" y2="48" stroke="{_INK}" stroke-width="3" stroke-linecap="round"/>'
        f'<line x1="52" y1="62" x2="60" y2="62" stroke="{_INK}" stroke-width="3" stroke-linecap="round"/>'
        f'<line x1="44" y1="76" x2="51" y2="76" stroke="{_INK}" stroke-width="3" stroke-linecap="round"/>'
    )


def _fish() -> str:
    blue = "#1f78c8"
    return (
        f'<polygon points="66,50 94,28 94,72" fill="{blue}" {_LINE}/>'
        f'<path d="M36 32 Q46 16 60 30 Z" fill="{blue}" {_LINE}/>'
        f'<ellipse cx="42" cy="52" rx="34" ry="22" fill="{blue}" {_LINE}/>'
        f'<path d="M54 34 Q62 52 54 70" fill="none" stroke="{_INK}" stroke-width="3"/>'
        f'<circle cx="26" cy="46" r="7" fill="#ffffff" {_LINE}/>'
        f'<circle cx="25" cy="46" r="3" fill="{_INK}"/>'
        f'<path d="M10 58 Q16 62 22 58" {_CURVE} stroke-width="3"/>'
    )


def _frog() -> str:
    green = "#3aa655"
    eyes = "".join(
        f'<circle cx="{x}" cy="32" r="15" fill="{green}" {_LINE}/>'
        f'<circle cx="{x}" cy="32" r="9" fill="#ffffff"/>'
        f'<circle cx="{x}" cy="33" r="4.5" fill="{_INK}"/>'
        for x in (30, 70)
    )
    return (
        f'<ellipse cx="50" cy="62" rx="42" ry="28" fill="{green}" {_LINE}/>'
        + eyes
        + f'<path d="M28 66 Q50 84 72 66" {_CURVE} stroke-width="4"/>'
        '<circle cx="26" cy="58" r="5" fill="#f48fb1" fill-opacity="0.8"/>'
        '<circle cx="74" cy="58" r="5" fill="#f48fb1" fill-opacity="0.8"/>'
    )


def _butterfly() -> str:
    pink = "#ec5fa8"
    wings = (
        f'<ellipse cx="28" cy="34" rx="22" ry="20" fill="{pink}" {_LINE}/>'
        f'<ellipse cx="72" cy="34" rx="22" ry="20" fill="{pink}" {_LINE}/>'
        f'<ellipse cx="32" cy="70" rx="17" ry="16" fill="{pink}" {_LINE}/>'
        f'<ellipse cx="68" cy="70" rx="17" ry="16" fill="{pink}" {_LINE}/>'
    )
    spots = "".join(
        f'<circle cx="{x}" cy="{y}" r="{r}" fill="#ffd6ea"/>'
        for x, y, r in ((26, 34, 8), (74, 34, 8), (31, 71, 6), (69, 71, 6))
    )
    return (
        wings
        + spots
        + f'<ellipse cx="50" cy="54" rx="7" ry="30" fill="{_INK}"/>'
        + f'<path d="M47 26 Q40 12 32 8" {_CURVE} stroke-width="3"/>'
        f'<path d="M53 26 Q60 12 68 8" {_CURVE} stroke-width="3"/>'
        f'<circle cx="32" cy="8" r="4" fill="{_INK}"/><circle cx="68" cy="8" r="4" fill="{_INK}"/>'
    )


#: The seven pictures, picture *k* for the number *k*.
PICTURES: Final[tuple[Picture, ...]] = (
    Picture(0, "apple", N_("Apple"), "#d62828", _apple()),
    Picture(1, "banana", N_("Banana"), "#f5c518", _banana()),
    Picture(2, "grapes", N_("Grapes"), "#7b3fa0", _grapes()),
    Picture(3, "carrot", N_("Carrot"), "#f08a1c", _carrot()),
    Picture(4, "fish", N_("Fish"), "#1f78c8", _fish()),
    Picture(5, "frog", N_("Frog"), "#3aa655", _frog()),
    Picture(6, "butterfly", N_("Butterfly"), "#ec5fa8", _butterfly()),
)


def _picture(number: int) -> Picture:
    if isinstance(number, bool) or not isinstance(number, int) or number not in range(len(PICTURES)):
        raise ValueError(f"a picture's number must be 0 to 6, not {number!r}")
    return PICTURES[number]


def symbol_id(number: int) -> str:
    """The id of picture ``number``'s ``<symbol>``.

    >>> symbol_id(0), symbol_id(6)
    ('picture-0', 'picture-6')
    """
    return _picture(number).symbol_id


def picture_defs() -> str:
    """An SVG ``<defs>`` holding one ``<symbol id="picture-N" viewBox="0 0 100 100">`` per number.

    Each symbol carries a ``<title>`` with the picture's English name.

    >>> defs = picture_defs()
    >>> defs.startswith("<defs>"), 'id="picture-0"' in defs, 'id="picture-6"' in defs
    (True, True, True)
    """
    symbols = "".join(
        f'<symbol id="{p.symbol_id}" class="picture-symbol" data-picture="{p.number}" viewBox="{VIEWBOX}">'
        f"<title>{p.name}</title>{p.shapes}</symbol>"
        for p in PICTURES
    )
    return f"<defs>{symbols}</defs>"


def picture_sprite() -> str:
    """A standalone SVG document of the seven symbols (a sprite sheet), for a web page to load.

    Inline it, or serve it and refer to ``/static/pictures.svg#picture-N`` from ``<use>``. The
    document also shows the seven pictures in a row when opened directly.

    >>> from xml.etree import ElementTree
    >>> root = ElementTree.fromstring(picture_sprite())
    >>> root.tag, len(root.findall(".//{http://www.w3.org/2000/svg}symbol"))
    ('{http://www.w3.org/2000/svg}svg', 7)
    """
    row = "".join(picture_half(p.number, p.number * 110.0, 0.0, 100.0) for p in PICTURES)
    width = 110 * len(PICTURES) - 10
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 {width} 100" '
        f'width="{width}" height="100" role="img" aria-label="the seven pictures of picture dominoes">'
        f"{picture_defs()}{row}</svg>\n"
    )


def _num(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def picture_half(number: int, x: float, y: float, size: float) -> str:
    """A ``<use>`` drawing picture ``number`` in the square ``size`` wide at ``(x, y)``.

    The drawing it goes into must hold :func:`picture_defs` (or refer to the sprite).

    >>> picture_half(0, 10, 20.5, 30)
    '<use class="picture" data-picture="0" href="#picture-0" x="10" y="20.5" width="30" height="30"/>'
    >>> picture_half(7, 0, 0, 40)
    Traceback (most recent call last):
    ...
    ValueError: a picture's number must be 0 to 6, not 7
    """
    p = _picture(number)
    if not size > 0:
        raise ValueError(f"a picture's size must be positive, not {size!r}")
    return (
        f'<use class="picture" data-picture="{p.number}" href="#{p.symbol_id}" '
        f'x="{_num(x)}" y="{_num(y)}" width="{_num(size)}" height="{_num(size)}"/>'
    )
