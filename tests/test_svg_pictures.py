"""Picture dominoes drawn with pictures: SVG positions, layouts and tiles, PNG, ``sevenrocks render``."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path
from xml.etree import ElementTree

import pytest
from typer.testing import CliRunner

from sevenrocks import svg
from sevenrocks.cli.app import app
from sevenrocks.core import Layout, Match, MatchRecord, Play, Tile
from sevenrocks.core.games import LAYOUT_GAMES
from sevenrocks.picture_art import PICTURES
from sevenrocks.png import svg_to_png

NS = "{http://www.w3.org/2000/svg}"
runner = CliRunner()


def _played(game: str, seats: int, seed: int, moves: int) -> Match:
    match = Match(game, seats=seats, seed=seed)
    match.start_hand()
    rng = random.Random(seed)
    for _ in range(moves):
        if match.turn is None:
            break
        match.push(rng.choice(match.legal_plays()))
    return match


def _faces(root: ElementTree.Element) -> list[tuple[str, list[str], int]]:
    """Every face-up tile drawn: its tile, the pictures of its halves and its pips."""
    out = []
    for group in root.iter(f"{NS}g"):
        if (group.get("class") or "").split()[0] != "tile":
            continue
        pictures = [use.get("data-picture") or "" for use in group.iter(f"{NS}use")]
        out.append((group.get("data-tile") or "", pictures, len(group.findall(f"{NS}circle"))))
    return out


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_picture_position_shows_pictures_and_no_pips(seats: int) -> None:
    match = _played("picture", seats, seats, 9)
    text = svg.position(match)
    root = ElementTree.fromstring(text)
    symbols = root.findall(f"{NS}defs/{NS}symbol")
    assert [s.get("id") for s in symbols] == [f"picture-{n}" for n in range(7)]
    faces = _faces(root)
    assert len(faces) == len(match.layout) + sum(len(match.hand(s)) for s in range(seats))
    for tile, pictures, pips in faces:
        t = Tile.parse(tile)
        assert sorted(pictures) == [str(t.low), str(t.high)], (tile, pictures)
        assert pips == 0
    for use in root.iter(f"{NS}use"):
        assert use.get("href") == f"#picture-{use.get('data-picture')}"
    # the ends are not numbered: nothing is counted in the picture game
    assert not root.findall(f".//{NS}g[@class='point counted']")
    assert root.findall(f".//{NS}g[@class='point open']")


def test_a_seat_view_shows_only_its_own_pictures() -> None:
    match = _played("picture", 3, 5, 4)
    root = ElementTree.fromstring(svg.position(match.view(1)))
    drawn = [tile for tile, _, _ in _faces(root)]
    assert sorted(drawn) == sorted([str(t) for t in match.layout.tiles] + [str(t) for t in match.hand(1)])
    backs = [el for el in root.iter(f"{NS}rect") if el.get("class") == "tile back"]
    assert len(backs) == len(match.hand(0)) + len(match.hand(2))


@pytest.mark.parametrize("game", [g.id for g in LAYOUT_GAMES if g.id != "picture"])
def test_other_games_keep_their_pips(game: str) -> None:
    match = _played(game, 4 if 4 in next(g for g in LAYOUT_GAMES if g.id == game).seats else 2, 1, 6)
    default = svg.position(match)
    assert default == svg.position(match, faces="pips")
    assert "picture-" not in default and "<use" not in default and "<defs" not in default
    assert svg.layout(match.layout) == svg.layout(match.layout, faces="pips")
    faces = _faces(ElementTree.fromstring(default))
    assert sum(pips for _, _, pips in faces) == sum(Tile.parse(t).pips for t, _, _ in faces)


def test_pictures_on_request_in_any_drawing() -> None:
    table = Layout()
    for text in ["3-6", "6-6@3-6:high"]:
        table.place(Play.parse(text))
    drawn = svg.layout(table, faces="pictures")
    assert sorted(re.findall(r'href="#picture-(\d)"', drawn)) == ["3", "6", "6", "6"]
    assert 'class="spinner-frame"' in drawn  # the rest of the drawing is the same
    rocks = svg.position(_played("seven-rocks", 4, 2, 3), faces="pictures")
    assert "<circle" not in "".join(re.findall(r'<g class="tile[^"]*".*?</g>', rocks))
    picture_game = _played("picture", 2, 1, 3)
    assert "<use" not in svg.position(picture_game, faces="pips")


def test_scale_gives_a_bigger_picture() -> None:
    t = Tile.parse("2-4")
    plain = svg.tile(t, faces="pictures")
    assert " width=" not in plain.split(">")[0]
    big = svg.tile(t, faces="pictures", scale=svg.CHILD_SCALE)
    head = big.split(">")[0]
    assert 'width="66"' in head and 'height="126"' in head  # (1.1 x 2.1 units) x 40 px x 1.5
    assert 'height="40"' in svg.tile(t, faces="pictures", scale=1.5, size=40).split(">")[0]  # size wins


@pytest.mark.parametrize(("kwargs", "message"), [({"faces": "emoji"}, "faces"), ({"scale": 0}, "scale")])
def test_bad_options(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        svg.tile(Tile.parse("1-2"), **kwargs)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=message):
        svg.layout(Layout(), **kwargs)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=message):
        svg.position(Match("picture"), **kwargs)  # type: ignore[arg-type]


def _colours(png: bytes) -> set[tuple[int, int, int]]:
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    return {image.getpixel((x, y)) for x in range(image.width) for y in range(image.height)}  # type: ignore[misc]


def _near(colours: set[tuple[int, int, int]], hex_colour: str) -> bool:
    rgb = int(hex_colour[1:], 16)
    want = ((rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255)
    return any(sum(abs(a - b) for a, b in zip(c, want, strict=True)) < 12 for c in colours)


def test_png_paints_the_pictures() -> None:
    """The PNG painter follows ``<use>`` into the symbols: each picture's colour appears."""
    for low, high in ((0, 1), (2, 3), (4, 5), (6, 6)):
        t = Tile.parse(f"{low}-{high}")
        colours = _colours(svg_to_png(svg.tile(t, faces="pictures"), width=120))
        assert _near(colours, PICTURES[low].colour) and _near(colours, PICTURES[high].colour), t
        # the other pictures' colours are absent (green leaves also grow on the fruit)
        shown = PICTURES[low].shapes + PICTURES[high].shapes
        absent = [p for p in PICTURES if p.number not in (low, high) and p.colour not in shown]
        assert not any(_near(colours, p.colour) for p in absent), t
    pips = _colours(svg_to_png(svg.tile(Tile.parse("4-5")), width=120))
    assert not _near(pips, PICTURES[4].colour) and not _near(pips, PICTURES[5].colour)


def test_png_of_the_sprite_and_of_a_position() -> None:
    from sevenrocks.picture_art import picture_sprite

    sprite = _colours(svg_to_png(picture_sprite(), width=700))
    assert all(_near(sprite, p.colour) for p in PICTURES)
    position = _colours(svg_to_png(svg.position(_played("picture", 4, 3, 8)), width=600))
    assert sum(_near(position, p.colour) for p in PICTURES) >= 5


@pytest.fixture(scope="module")
def picture_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    match = _played("picture", 3, 142, 8)
    path = tmp_path_factory.mktemp("picture-records") / "picture.json"
    return MatchRecord.from_match(match, players=("a", "b", "c")).save(path)


def test_render_draws_the_picture_game_with_bigger_pictures(picture_record: Path, tmp_path: Path) -> None:
    run = runner.invoke(app, ["render", str(picture_record)])
    assert run.exit_code == 0, run.output
    root = ElementTree.fromstring(run.stdout)
    assert len(root.findall(f"{NS}defs/{NS}symbol")) == 7
    assert all(pips == 0 and len(p) == 2 for _, p, pips in _faces(root))
    w = float(root.get("viewBox", "0 0 0 0").split()[2])
    assert float(root.get("width", "0")) == pytest.approx(w * svg.CHILD_SCALE, abs=0.01)
    layout_only = runner.invoke(app, ["render", str(picture_record), "--layout-only", "--size", "300"])
    assert layout_only.exit_code == 0, layout_only.output
    assert "<use" in layout_only.stdout and 'class="legend"' not in layout_only.stdout
    assert 'width="300"' in layout_only.stdout or 'height="300"' in layout_only.stdout
    out = tmp_path / "picture.png"
    png = runner.invoke(app, ["render", str(picture_record), "-o", str(out)])
    assert png.exit_code == 0, png.output
    from PIL import Image

    image = Image.open(out)
    assert image.width == round(w * svg.CHILD_SCALE)


def test_the_picture_game_shows_no_scores() -> None:
    match = _played("picture", 3, 2, 2)
    root = ElementTree.fromstring(svg.position(match))
    scores = root.find(f".//{NS}text[@class='scores']")
    assert scores is not None and scores.text == f"Boneyard: {match.boneyard_size} tiles"


DOCS = Path(__file__).resolve().parents[1] / "docs"
EXAMPLE = Path(__file__).resolve().parent / "conformance" / "examples" / "family" / "picture.json"


def test_the_committed_example_images_are_up_to_date(tmp_path: Path) -> None:
    """``docs/pictures.md`` names the commands that wrote these images; they must still agree."""
    from sevenrocks.picture_art import picture_sprite

    assert (DOCS / "images" / "picture-pictures.svg").read_text(encoding="utf-8") == picture_sprite()
    out = tmp_path / "picture-dominoes.svg"
    run = runner.invoke(app, ["render", str(EXAMPLE), "--play", "8", "--size", "1000", "-o", str(out)])
    assert run.exit_code == 0, run.output
    committed = (DOCS / "images" / "picture-dominoes.svg").read_bytes()
    assert out.read_bytes() == committed
