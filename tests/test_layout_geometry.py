"""The layout drawn as on a table (issue 17, item 2), over 2,000 random complete hands.

Every game of the family (Seven Rocks, Block, Draw, the Kozel and Fives games with their several
doubles, Five Up's many spinners, Sebastopol's forced four around 6-6, Matador, Bergen, picture
dominoes with their big tiles), played to the end of a hand with random legal moves from fixed
seeds. The final layout of each hand is drawn on each board of :data:`sevenrocks.web.render.BOARDS`
and checked: no two tiles (or markers) overlap, every tile and marker lies inside the board, doubles
lie across their line with the tiles on both sides joined at their middle (but for the rare double
bent round a corner, the last resort of a run of doubles at the board's edge), the spinner's four arms
keep to their own quarter, and at each reference size below the tiles are never smaller than
:data:`MIN_HALF`. The drawing does not depend on the seat: every seat's view draws the same SVG.

The reference sizes are browser viewports; the board area is the part of the viewport the table
page leaves for the layout (the hand, the scores and the turn below and above it, the side panel
of the log and controls beside it on wide screens):

==============  ================  ========================================================
viewport        board area (px)   what the rest of the viewport holds
==============  ================  ========================================================
1280 x 800      900 x 440         side panel 340, scoreline and seats 140, hand 160, margins
1366 x 768      990 x 410         side panel 340, scoreline and seats 140, hand 160, margins
1920 x 1080     1500 x 660        side panel 380, scoreline and seats 180, hand 200, margins
390 x 844       374 x 430         (portrait) scoreline 90, seats 90, hand 180, choices 50
844 x 390       560 x 230         (landscape) side panel 270, scoreline 40, hand 90, margins
==============  ================  ========================================================
"""

from __future__ import annotations

import random
import time

import pytest

from sevenrocks.core import Match
from sevenrocks.core.games import Topology
from sevenrocks.core.layout import Layout
from sevenrocks.geometry import Arm, LayoutGeometry, Rect, TileBox, geometry
from sevenrocks.web.render import BOARDS, best_board, boards_for, render_layout
from tests.family.configs import TABLES

#: viewport -> the board area left for the layout (pixels), as the module's table states
AREAS: dict[str, tuple[int, int]] = {
    "1280x800": (900, 440),
    "1366x768": (990, 410),
    "1920x1080": (1500, 660),
    "390x844": (374, 430),
    "844x390": (560, 230),
}
#: the smallest half tile (pixels) at each size, whatever the layout: a tile is twice as long
#: (measured over these hands: 17.9, 17.4, 28.0, 12.4 and 9.7, the worst all Five Up's many
#: spinners; half the hands get at least 28, 27, 44, 19.5 and 15 pixels)
MIN_HALF: dict[str, float] = {
    "1280x800": 17.0,
    "1366x768": 16.0,
    "1920x1080": 27.0,
    "390x844": 12.0,
    "844x390": 9.5,
}
HANDS = 2000


def _hands() -> list[tuple[str, Match]]:
    """2,000 random complete hands: every table of the family in turn, fixed seeds."""
    out: list[tuple[str, Match]] = []
    seed = 0
    while len(out) < HANDS:
        table = TABLES[seed % len(TABLES)]
        rng = random.Random(seed)
        match = Match(table.game, options=table.options, seats=table.seats, seed=seed)
        match.start_hand()
        while match.turn is not None:
            match.push(rng.choice(match.legal_moves()))
        if len(match.layout):
            out.append((str(table), match))
        seed += 1
    return out


@pytest.fixture(scope="module")
def hands() -> list[tuple[str, Match]]:
    return _hands()


def _centre(rect: Rect) -> tuple[float, float]:
    return rect.x + rect.w / 2, rect.y + rect.h / 2


def _joined_in_line(double: TileBox, other: TileBox) -> bool:
    """``other`` lies along the line through a crosswise ``double``'s middle, touching it."""
    (dx, dy), (ox, oy) = _centre(double.rect), _centre(other.rect)
    d, o = double.rect, other.rect
    along = other.crosswise or (o.w > o.h) == (d.h > d.w)  # a double beside it stands like it
    if d.h > d.w:  # the double stands upright: its line runs left and right
        return along and abs(oy - dy) < 1e-9 and (abs(o.right - d.x) < 1e-9 or abs(o.x - d.right) < 1e-9)
    return along and abs(ox - dx) < 1e-9 and (abs(o.bottom - d.y) < 1e-9 or abs(o.y - d.bottom) < 1e-9)


def _check(geo: LayoutGeometry, layout: Layout, where: str) -> None:
    assert [box.tile for box in geo.tiles] == list(layout.tiles), where
    rects = [box.rect for box in geo.tiles] + [mark.rect for mark in geo.points]
    for i, a in enumerate(rects):
        assert geo.board.contains(a), (where, a, geo.board)
        for b in rects[i + 1 :]:
            assert not a.intersects(b), (where, a, b)
    assert {str(m.point) for m in geo.points} == {str(p) for p in layout.points}, where
    # doubles lie across their line, the tiles on either side joined at their middle
    boxes = {box.tile: box for box in geo.tiles}
    for play in layout.plays:
        box = boxes[play.tile]
        assert sorted((box.rect.w, box.rect.h)) == [1.0, 2.0], where
        anchor = play.anchor
        if anchor is None or play.side is None or play.side.is_branch:
            continue
        if box.crosswise:
            assert _joined_in_line(box, boxes[anchor]), (where, str(play))
        elif boxes[anchor].crosswise:
            assert _joined_in_line(boxes[anchor], box), (where, str(play))
    # the spinner's four arms each keep to their own quarter (a pinwheel around the centre)
    if len(layout.spinners) == 1 and geo.tiles and any(b.is_spinner and b.arm is None for b in geo.tiles):
        for box in geo.tiles:
            r = box.rect
            quarter = {
                Arm.RIGHT: r.x >= 0.5 - 1e-9 and r.y >= -1 - 1e-9,
                Arm.DOWN: r.right <= 1 + 1e-9 and r.y >= 1 - 1e-9,
                Arm.LEFT: r.right <= -0.5 + 1e-9 and r.bottom <= 1 + 1e-9,
                Arm.UP: r.x >= -1 - 1e-9 and r.bottom <= -1 + 1e-9,
            }
            assert box.arm is None or quarter[box.arm], (where, str(box.tile), box.arm, r)


def test_two_thousand_hands_on_every_board_and_reference_size(hands: list[tuple[str, Match]]) -> None:
    started = time.perf_counter()
    smallest = {size: float("inf") for size in AREAS}
    games = set()
    zoomed = 0
    spinners = 0
    doubles = bent = 0
    for n, (table, match) in enumerate(hands):
        layout = match.layout
        games.add(match.game)
        spinners = max(spinners, len(layout.spinners))
        drawn = {name: geometry(layout, board=board) for name, board in boards_for(match.game).items()}
        for name, geo in drawn.items():
            _check(geo, layout, f"{table} hand {n} on the {name} board")
            zoomed += geo.zoom < 1
            along = [b for b in geo.tiles if b.tile.is_double and not layout.is_lengthwise(b.tile)]
            doubles += len(along)
            bent += sum(not b.crosswise for b in along)
        for size, area in AREAS.items():
            name, half = best_board(drawn, area)
            smallest[size] = min(smallest[size], half)
            assert half >= MIN_HALF[size], (table, n, size, name, half)
    elapsed = time.perf_counter() - started
    assert len(hands) >= HANDS and spinners >= 3
    assert games >= {
        "seven-rocks",
        "block",
        "draw",
        "donkey",
        "five-up",
        "sebastopol",
        "matador",
        "bergen",
        "picture",
    }
    assert zoomed < len(hands) / 10  # most hands fit their boards unzoomed
    assert bent < doubles / 50, (bent, doubles)  # doubles lie across but for a rare corner
    print(f"smallest half tile per size: {smallest}; zoomed drawings: {zoomed}; bent doubles {bent}")
    print(f"of {doubles}; {elapsed:.1f} s")


def test_the_drawing_is_the_same_for_every_seat(hands: list[tuple[str, Match]]) -> None:
    for table, match in hands[::40]:
        full = render_layout(match.layout, game=match.game)
        for seat in range(match.seats):
            assert render_layout(match.view(seat).layout, game=match.game) == full, (table, seat)


def test_a_small_layout_is_not_zoomed_in() -> None:
    """One tile, three tiles, a whole hand: on one board the tiles are one size (1 x 2 units of
    the same board), the board never shrinks to the layout."""
    layout = Layout()
    sizes = []
    match = Match("seven-rocks", seed=11)
    match.start_hand()
    rng = random.Random(11)
    while match.turn is not None:
        match.push(rng.choice(match.legal_moves()))
        geo = geometry(match.layout, board=BOARDS["wide"])
        sizes.append((geo.board.w, geo.board.h))
    assert set(sizes) == {BOARDS["wide"]}
    assert geometry(layout, board=(20, 10)).board == Rect(-10, -5, 20, 10)


def test_arms_run_straight_to_the_edge_before_turning() -> None:
    """A line game: an arm turns off its line only within three tiles of the board's edge (a double
    just before the edge, which never turns, and the tile after it, in line with it, may make the
    tile before them turn)."""
    for seed in range(30):
        match = Match("block", seats=2, seed=seed)
        match.start_hand()
        rng = random.Random(seed)
        while match.turn is not None:
            match.push(rng.choice(match.legal_moves()))
        geo = geometry(match.layout, board=(24, 12))
        for arm, sign in ((Arm.RIGHT, 1), (Arm.LEFT, -1)):
            boxes = [b for b in geo.tiles if b.arm is arm]
            # along the line (y in -1..1) the arm's tiles go out to near the edge when it turns
            off_line = [b for b in boxes if b.rect.y < -1 - 1e-9 or b.rect.bottom > 1 + 1e-9]
            if not off_line or geo.zoom < 1:
                continue
            reach = max(sign * (b.rect.x if sign < 0 else b.rect.right) for b in boxes)
            assert reach >= geo.board.w / 2 - 6.0, (seed, arm, reach)


def test_a_crosswise_double_then_its_next_tile() -> None:
    """The report: after a crosswise 0-0 the next tile was drawn underneath and offset."""
    from sevenrocks.core import Play

    layout = Layout(Topology.LINE)
    for text in ["0-1", "0-0@0-1:low", "0-2@0-0:B", "2-2@0-2:high", "2-3@2-2:B", "3-3@2-3:high", "3-4@3-3:B"]:
        layout.place(Play.parse(text))
    for board in [*BOARDS.values(), (10.0, 8.0), (8.0, 8.0)]:
        geo = geometry(layout, board=board)
        _check(geo, layout, f"board {board}")  # the tiles after each double joined at its middle
        for text in ("0-2", "2-3", "3-4"):
            tile = next(t for t in layout.tiles if str(t) == text)
            assert not geo.box(tile).crosswise
        # a double bends round a corner (drawn along its line) only where nothing else fits: the run
        # of three doubles needs 11 half tiles beside the opening, more than half of 16
        assert all(b.crosswise for b in geo.tiles if b.tile.is_double) == (board[0] >= 24), board
        assert geo.zoom == 1.0 or board == (8.0, 8.0)


def test_the_last_resort_rows_of_a_crowded_five_up_layout() -> None:
    """Five Up: a branch hemmed in between spinners near the centre fits nowhere at any zoom; the
    tiles are then laid in rows filling the board's shape, still apart and inside the board."""
    from sevenrocks.core import Play

    layout = Layout(Topology.ALL_SPINNERS)
    plays = "4-4 1-4@4-4:A 3-4@4-4:B 3-3@3-4:low 1-1@1-4:low 0-3@3-3:B 3-6@3-3:bA 4-6@4-4:bA 2-6@3-6:high"
    plays += " 6-6@4-6:high 0-6@6-6:B 0-5@0-3:low 0-1@1-1:B 0-4@0-1:low 1-5@0-5:high 2-2@2-6:low"
    for text in [*plays.split(), "1-2@1-5:low", "5-6@6-6:bB"]:
        layout.place(Play.parse(text))
    geo = geometry(layout, board=BOARDS["tall"])
    _check(geo, layout, "rows")
    assert all(box.arm is None for box in geo.tiles) and geo.zoom == 1.0
    assert len({box.rect.y for box in geo.tiles}) > 2  # several rows, not one long line


@pytest.mark.parametrize("board", [(3, 10), (10, 0), ("20", 10), (float("nan"), 10), (10,), None, (True, 10)])
def test_a_bad_board_is_refused_by_name(board: object) -> None:
    with pytest.raises(ValueError, match="board"):
        geometry(Layout(), board=board)  # type: ignore[arg-type]
