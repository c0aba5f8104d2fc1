"""The pictures of picture dominoes: seven distinct, stable, well-formed SVG symbols, translated."""

from __future__ import annotations

import io
import re
from xml.etree import ElementTree

import pytest

from sevenrocks.i18n import translation
from sevenrocks.picture_art import (
    PICTURES,
    VIEWBOX,
    picture_defs,
    picture_half,
    picture_sprite,
    symbol_id,
)

NS = "{http://www.w3.org/2000/svg}"
#: the elements the pictures may use: the ones sevenrocks.png paints
SHAPES = {"circle", "ellipse", "rect", "line", "polygon", "path", "title"}


def _symbols() -> list[ElementTree.Element]:
    root = ElementTree.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{picture_defs()}</svg>')
    return root.findall(f"{NS}defs/{NS}symbol")


def test_seven_pictures_one_per_number() -> None:
    assert [p.number for p in PICTURES] == list(range(7))
    assert len({p.key for p in PICTURES}) == 7
    assert len({p.name for p in PICTURES}) == 7
    assert len({p.colour.lower() for p in PICTURES}) == 7
    assert all(re.fullmatch(r"#[0-9a-f]{6}", p.colour) for p in PICTURES)


def test_symbol_ids_are_stable() -> None:
    """The ids are a contract with the web page: ``picture-0`` .. ``picture-6``, in order."""
    symbols = _symbols()
    assert [s.attrib["id"] for s in symbols] == [f"picture-{n}" for n in range(7)]
    assert [symbol_id(n) for n in range(7)] == [f"picture-{n}" for n in range(7)]
    assert all(s.attrib["viewBox"] == VIEWBOX == "0 0 100 100" for s in symbols)


def test_pictures_use_only_shapes_the_png_renderer_paints() -> None:
    for symbol in _symbols():
        tags = {el.tag.removeprefix(NS) for el in symbol.iter()} - {"symbol"}
        assert tags <= SHAPES, tags
        for path in symbol.iter(f"{NS}path"):
            assert re.fullmatch(r"[MLHVQCZ0-9 .,-]+", path.attrib["d"]), path.attrib["d"]


def _grey_40px(number: int) -> list[int]:
    """Picture ``number`` painted 40 pixels wide by sevenrocks.png, as grey levels."""
    from PIL import Image

    from sevenrocks.png import svg_to_png

    drawing = (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40" width="40">'
        f"{picture_defs()}{picture_half(number, 0, 0, 40)}</svg>"
    )
    image = Image.open(io.BytesIO(svg_to_png(drawing, width=40))).convert("L")
    return [int(image.getpixel((x, y))) for y in range(40) for x in range(40)]  # type: ignore[arg-type]


def test_pictures_differ_in_shape_not_only_in_colour() -> None:
    """Colour-blind children tell them apart by outline: at 40 pixels, no two silhouettes overlap
    by more than 70% (intersection over union; the most alike, apple and frog, 0.66), and in grey
    the pictures differ on average by more than 30 levels a pixel (the least, 38)."""
    greys = [_grey_40px(p.number) for p in PICTURES]
    shapes = [{i for i, v in enumerate(grey) if v < 200} for grey in greys]
    for i in range(7):
        assert len(shapes[i]) > 300  # the picture fills a good part of its square (a fifth at least)
        for j in range(i + 1, 7):
            overlap = len(shapes[i] & shapes[j]) / len(shapes[i] | shapes[j])
            assert overlap < 0.7, (PICTURES[i].key, PICTURES[j].key, overlap)
            difference = sum(abs(a - b) for a, b in zip(greys[i], greys[j], strict=True)) / 1600
            assert difference > 30, (PICTURES[i].key, PICTURES[j].key, difference)
    for p in PICTURES:  # and each picture is drawn in its own colour
        assert f'fill="{p.colour}"' in p.shapes


def test_pictures_stay_inside_their_box() -> None:
    for symbol in _symbols():
        for el in symbol.iter():
            a = el.attrib
            if "cx" in a:
                r = float(a.get("r", a.get("rx", "0")))
                ry = float(a.get("r", a.get("ry", "0")))
                assert r <= float(a["cx"]) <= 100 - r
                assert ry <= float(a["cy"]) <= 100 - ry
            numbers = re.findall(r"-?\d+(?:\.\d+)?", a.get("d", "") + " " + a.get("points", ""))
            assert all(0 <= float(v) <= 100 for v in numbers), a


def test_sprite_is_a_standalone_document_showing_each_picture() -> None:
    text = picture_sprite()
    root = ElementTree.fromstring(text.encode("utf-8"))
    assert root.tag == f"{NS}svg"
    assert len(root.findall(f".//{NS}symbol")) == 7
    uses = root.findall(f"{NS}use")
    assert [u.attrib["href"] for u in uses] == [f"#picture-{n}" for n in range(7)]


def test_picture_half_places_a_use_in_the_square() -> None:
    use = ElementTree.fromstring(picture_half(5, 12.5, -4, 40).replace("<use ", f'<use xmlns="{NS[1:-1]}" '))
    assert use.attrib["href"] == "#picture-5"
    assert (use.attrib["x"], use.attrib["y"], use.attrib["width"], use.attrib["height"]) == (
        "12.5",
        "-4",
        "40",
        "40",
    )
    assert use.attrib["data-picture"] == "5"


@pytest.mark.parametrize("bad", [-1, 7, True, 2.0, "3"])
def test_picture_half_refuses_bad_numbers(bad: object) -> None:
    with pytest.raises(ValueError, match="0 to 6"):
        picture_half(bad, 0, 0, 40)  # type: ignore[arg-type]


@pytest.mark.parametrize("size", [0, -3.0])
def test_picture_half_refuses_bad_sizes(size: float) -> None:
    with pytest.raises(ValueError, match="positive"):
        picture_half(1, 0, 0, size)


@pytest.mark.parametrize("lang", ["ar", "tr", "ru"])
def test_names_are_translated(lang: str) -> None:
    names = [translation(lang).gettext(p.name) for p in PICTURES]
    assert all(name != p.name for name, p in zip(names, PICTURES, strict=True)), names
    assert len(set(names)) == 7
