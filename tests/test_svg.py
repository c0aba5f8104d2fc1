"""The SVG renderer: geometry that never overlaps, markers the web page can click, seed positions."""

from __future__ import annotations

import random
from typing import Any
from xml.etree import ElementTree

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sevenrocks import svg
from sevenrocks.core import TILES, Layout, Match, Play
from sevenrocks.core.games import Topology
from sevenrocks.geometry import DEFAULT_BOARD, LayoutGeometry, Rect, geometry

NS = "{http://www.w3.org/2000/svg}"


def _check(geo: LayoutGeometry, layout: Layout) -> None:
    """No two tile rectangles (or point markers) share area; everything inside the bounds."""
    assert [box.tile for box in geo.tiles] == list(layout.tiles)
    rects = [box.rect for box in geo.tiles] + [mark.rect for mark in geo.points]
    for i, a in enumerate(rects):
        assert geo.bounds.contains(a) and geo.board.contains(a)
        for b in rects[i + 1 :]:
            assert not a.intersects(b), (layout, a, b)
    assert geo.overlaps() == []
    assert {str(m.point) for m in geo.points} == {str(p) for p in layout.points}
    for box in geo.tiles:
        w, h = box.rect.w, box.rect.h
        assert sorted((w, h)) == [1.0, 2.0]
        assert sorted(half.value for half in box.halves) == [box.tile.low, box.tile.high]
        for half in box.halves:
            assert box.rect.contains(Rect(half.x, half.y, 1.0, 1.0))


def _legal(layout: Layout) -> list[Play]:
    return [
        Play.on(t, p.anchor, p.side)
        for t in TILES
        if t not in layout
        for p in layout.points
        if t.has(p.value)
    ]


def test_random_matches_never_overlap() -> None:
    """Every placement of 150 random hands (about 3,000 positions)."""
    rng = random.Random(2024)
    positions = 0
    for seed in range(150):
        match = Match(seed=seed)
        match.start_hand()
        while match.turn is not None:
            match.push(rng.choice(match.legal_plays()))
            _check(geometry(match.layout), match.layout)
            positions += 1
    assert positions > 2500


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), st.floats(0.0, 1.0))
def test_long_arms_wrap_inside_the_box(rng: random.Random, bias: float) -> None:
    """Layouts built tile by tile up to all 28 tiles, often extending the last tile (long arms)."""
    layout = Layout()
    layout.place(Play.opening(rng.choice(TILES)))
    while plays := _legal(layout):
        last = layout.tiles[-1]
        mine = [p for p in plays if p.anchor is last]
        layout.place(rng.choice(mine) if mine and rng.random() < bias else rng.choice(plays))
        geo = geometry(layout)
        _check(geo, layout)
        # the arms turn at the board's edge: the board keeps its shape however long the arms grow
        assert geo.board.w / geo.board.h == pytest.approx(DEFAULT_BOARD[0] / DEFAULT_BOARD[1])


def test_one_long_line_wraps() -> None:
    layout = Layout()
    for text in ["0-1", "1-2@0-1:high", "2-3@1-2:high", "3-4@2-3:high", "4-5@3-4:high", "5-6@4-5:high"]:
        layout.place(Play.parse(text))
    for text in ["0-2@0-1:low", "2-4@0-2:high", "4-6@2-4:high", "6-0@4-6:high", "0-3@0-6:low"]:
        layout.place(Play.parse(text))
    geo = geometry(layout, board=(12, 12))
    _check(geo, layout)
    assert geo.bounds.w < 2 * len(layout)  # a straight line would be 2 units per tile
    assert geo.zoom == 1.0 and geo.board == Rect(-6, -6, 12, 12)


def test_seed_positions_markers_match_the_rule_texts(seed_cases: list[dict[str, Any]]) -> None:
    for case in seed_cases:
        layout = Layout()
        for step in case["steps"]:
            layout.place(Play.parse(step["after"]))
            geo = geometry(layout)
            _check(geo, layout)
            marks = sorted([str(m.point.anchor), m.point.side.notation, m.point.value] for m in geo.points)
            assert marks == sorted(step["connection_points"])
            counted = sorted([str(m.point.anchor), m.counted] for m in geo.points if m.counted is not None)
            assert counted == sorted(step["counted"]), step["after"]
            # the SVG: one clickable element per connection point, filled numbers for counted ends
            root = ElementTree.fromstring(svg.layout(layout))
            groups = [g for g in root.iter(NS + "g") if g.get("data-point")]
            assert sorted(g.get("data-point") for g in groups) == sorted(
                f"{a}:{s}" for a, s, _ in step["connection_points"]
            )
            assert all(g.get("id", "").startswith("point-") for g in groups)
            filled = sorted(
                int(g.get("data-counted", "0")) for g in groups if "counted" in (g.get("class") or "").split()
            )
            assert filled == sorted(n for _, n in step["counted"])
            spinner_frames = [r for r in root.iter(NS + "rect") if r.get("class") == "spinner-frame"]
            assert len(spinner_frames) == (1 if layout.spinner is not None else 0)


def test_spinner_is_centre_and_branches_go_up_and_down() -> None:
    layout = Layout()
    for text in ["1-4", "1-1@1-4:low", "4-4@1-4:high", "3-4@4-4:B", "1-2@1-1:B", "1-5@1-1:bA", "1-3@1-1:bB"]:
        layout.place(Play.parse(text))
    geo = geometry(layout)
    spinner = geo.box(layout.tiles[1])
    assert spinner.is_spinner and spinner.crosswise and spinner.rect == Rect(-0.5, -1.0, 1.0, 2.0)
    assert geo.box(Play.parse("1-5@1-1:bA").tile).rect.bottom <= -1.0  # branch A above
    assert geo.box(Play.parse("1-3@1-1:bB").tile).rect.y >= 1.0  # branch B below
    # the line keeps its direction: the opening 1-4 stays to the right of the spinner it joined
    assert geo.box(layout.tiles[0]).rect.x >= 0.5


def test_svg_options() -> None:
    layout = Layout()
    for text in ["3-6", "6-6@3-6:high"]:
        layout.place(Play.parse(text))
    point = layout.points[-1]
    picture = svg.layout(
        layout, size=200, targets={point: "+15"}, id_prefix="fig1-", legend=True, caption="3 + 12 = 15"
    )
    root = ElementTree.fromstring(picture)
    assert root.get("width") is not None and root.get("viewBox")
    target = root.find(".//*[@id='fig1-point-6-6-B']")
    assert target is not None and "target" in target.get("class", "")
    assert "+15" in picture and "3 + 12 = 15" in picture and "counted contribution" in picture
    assert picture._repr_svg_() == picture
    plain = svg.layout(layout, counted=False, points=False)
    assert "data-point" not in plain
    marked = ElementTree.fromstring(svg.layout(layout, highlight=[Play.parse("6-6@3-6:high")]))
    assert [
        g.get("data-tile") for g in marked.iter(NS + "g") if "highlight" in (g.get("class") or "").split()
    ] == ["6-6"]
    legend = svg.Legend(counted="رقم ممتلئ", point="نقطة مجوفة", spinner="إطار برتقالي", rtl=True)
    assert 'direction="rtl"' in svg.layout(layout, legend=legend)
    empty = ElementTree.fromstring(svg.layout(Layout()))
    assert empty.get("viewBox")


def test_position_hides_other_hands_in_a_view() -> None:
    match = Match(seed=9)
    match.start_hand()
    for _ in range(5):
        match.push(match.legal_plays()[0])
    full = svg.position(match)
    assert full.count('class="hand-tile"') == sum(len(match.hand(s)) for s in range(4))
    view = match.view(1)
    seen = svg.position(view)
    assert seen.count('class="hand-tile"') == len(view.hand)
    assert seen.count('class="tile back"') == sum(view.tile_counts) - len(view.hand)
    hidden = {str(t) for s in (0, 2, 3) for t in match.hand(s)}
    tiles_drawn = {
        el.get("data-tile") for el in ElementTree.fromstring(seen).iter() if el.get("class") == "hand-tile"
    }
    assert not tiles_drawn & hidden
    with pytest.raises(ValueError, match="seat"):
        svg.position(match, seat=7)


def test_png_painter() -> None:
    from sevenrocks.png import svg_to_png

    layout = Layout()
    layout.place(Play.parse("2-2"))
    data = svg_to_png(svg.layout(layout, legend=True), width=300)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    import io

    from PIL import Image

    image = Image.open(io.BytesIO(data))
    assert image.width == 300
    pixels = [image.getpixel((x, y)) for x in range(0, 300, 2) for y in range(0, image.height, 2)]
    orange = [p for p in pixels if isinstance(p, tuple) and p[0] > 200 and 110 < p[1] < 170 and p[2] < 90]
    assert orange  # the spinner's frame is painted


def test_target_labels_stay_inside_the_view_box() -> None:
    """What a placement would score is written beside its ring; the picture must hold it."""
    import re

    from sevenrocks.core import Layout, Play
    from sevenrocks.svg import layout as draw

    table = Layout()
    for text in ["5-5", "5-6@5-5:A", "4-5@5-5:B"]:
        table.place(Play.parse(text))
    svg = draw(table, targets={point: "+20 points" for point in table.points})
    x0, y0, w, h = map(float, re.search(r'viewBox="([^"]+)"', svg).group(1).split())  # type: ignore[union-attr]
    found = re.findall(r'<text x="([-\d.]+)" y="([-\d.]+)"[^>]*font-size="([\d.]+)"[^>]*>\+20 points<', svg)
    assert len(found) == 4
    for x, y, size in found:
        width = len("+20 points") * float(size) * 0.55  # a low estimate of the text's width
        assert x0 <= float(x) and float(x) + width <= x0 + w
        assert y0 <= float(y) - float(size) and float(y) <= y0 + h


# ------------------------------------------------------------------ every game of the family
def _legal_family(layout: Layout) -> list[Play]:
    """Every legal placement on ``layout`` of a tile not yet placed (marks where the layout allows them)."""
    out: list[Play] = []
    for t in TILES:
        if t in layout:
            continue
        for p in layout.points:
            if t.has(p.value):
                for play in (
                    Play.on(t, p.anchor, p.side),
                    Play.on(t, p.anchor, p.side).marked(lengthwise=True),
                ):
                    try:
                        layout.check(play)
                    except ValueError:
                        continue
                    out.append(play)
    return out


def test_random_matches_of_every_game_never_overlap() -> None:
    """Every position of random hands of every game, seat count and option set."""
    from tests.family.configs import TABLES

    rng = random.Random(7)
    positions = 0
    spinners = 0
    for table in TABLES:
        for seed in range(3):
            match = Match(table.game, options=table.options, seats=table.seats, seed=seed)
            match.start_hand()
            while match.turn is not None:
                match.push(rng.choice(match.legal_moves()))
                _check(geometry(match.layout), match.layout)
                positions += 1
                spinners = max(spinners, len(match.layout.spinners))
    assert positions > 3000 and spinners >= 3


@settings(max_examples=40, deadline=None)
@given(
    st.randoms(use_true_random=False),
    st.floats(0.0, 1.0),
    st.sampled_from([Topology.ALL_SPINNERS, Topology.LINE, Topology.SPINNER]),
)
def test_layouts_of_every_topology_up_to_all_28_tiles(
    rng: random.Random, bias: float, topology: Topology
) -> None:
    """Five Up's spinners, lines with doubles, lengthwise doubles: built tile by tile to the end."""
    layout = Layout(topology, lengthwise=topology is Topology.SPINNER)
    layout.place(Play.opening(rng.choice(TILES)))
    while plays := _legal_family(layout):
        last = layout.tiles[-1]
        mine = [p for p in plays if p.anchor is last]
        layout.place(rng.choice(mine) if mine and rng.random() < bias else rng.choice(plays))
        _check(geometry(layout), layout)


def test_five_up_spinners_branch_across_their_line() -> None:
    layout = Layout(Topology.ALL_SPINNERS)
    for text in ["5-5", "3-5@5-5:A", "1-5@5-5:B", "3-3@3-5:low", "0-3@3-3:B", "2-3@3-3:bA", "3-4@3-3:bB"]:
        layout.place(Play.parse(text))
    geo = geometry(layout)
    _check(geo, layout)
    double = geo.box(Play.parse("3-3@3-5:low").tile)
    assert double.is_spinner and double.crosswise and double.rect.h == 2.0
    up, down = geo.box(Play.parse("2-3@3-3:bA").tile), geo.box(Play.parse("3-4@3-3:bB").tile)
    assert up.rect.bottom <= double.rect.y + 1e-9 and down.rect.y >= double.rect.bottom - 1e-9
    root = ElementTree.fromstring(svg.layout(layout))
    assert len([r for r in root.iter(NS + "rect") if r.get("class") == "spinner-frame"]) == 2


def test_lengthwise_double_lies_along_its_line_and_a_double_opens_a_line_across() -> None:
    layout = Layout(Topology.SPINNER, lengthwise=True)
    for text in ["6-6", "4-6@6-6:A", "4-4@4-6:low=", "1-4@4-4:B"]:
        layout.place(Play.parse(text))
    geo = geometry(layout)
    _check(geo, layout)
    long = geo.box(Play.parse("4-4@4-6:low").tile)
    assert not long.crosswise and (long.rect.w, long.rect.h) == (2.0, 1.0) and not long.is_spinner
    assert [h.value for h in long.halves] == [4, 4]
    line = Layout(Topology.LINE)
    for text in ["2-2", "2-5@2-2:A", "2-3@2-2:B"]:
        line.place(Play.parse(text))
    geo = geometry(line)
    _check(geo, line)
    opening = geo.box(line.tiles[0])
    assert opening.crosswise and not opening.is_spinner and opening.rect == Rect(-0.5, -1.0, 1.0, 2.0)


@pytest.mark.parametrize(
    ("game", "seats"), [("kozel", 3), ("muggins", 2), ("five-up", 4), ("draw", 3), ("picture", 2)]
)
def test_positions_of_two_to_four_seats(game: str, seats: int) -> None:
    match = Match(game, seats=seats, seed=4)
    rng = random.Random(4)
    match.start_hand()
    while match.turn is not None and sum(match.draws) < 2:
        match.push(rng.choice(match.legal_moves()))
    picture = svg.position(match)
    root = ElementTree.fromstring(picture)
    seats_drawn = {el.get("data-seat") for el in root.iter() if el.get("class") == "seat-label"}
    assert seats_drawn == {str(s) for s in range(seats)}
    assert picture.count('class="hand-tile"') == sum(len(match.hand(s)) for s in range(seats))
    scores = next(el.text for el in root.iter() if el.get("class") == "scores")
    assert scores is not None
    if match.rules.hand_size * seats < 28:
        assert f"Boneyard: {match.boneyard_size} tiles" in scores
    if any(match.draws):
        assert "drew" in picture
    view = svg.position(match.view(seats - 1))
    assert view.count('class="hand-tile"') == len(match.hand(seats - 1))
    with pytest.raises(ValueError, match="seat must be"):
        svg.position(match, seat=seats)
