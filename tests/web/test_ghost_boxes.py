"""Where the table page draws its ghost tiles (:func:`sevenrocks.web.render.ghost_boxes`).

Over random hands of every game of the family, at every position, for every legal placement of
one tile and every board: the ghost is the tile's size, lies inside the board the layout is drawn
on, is turned so its halves sit where the geometry puts them, and lies against the tile it joins;
it rarely covers a tile already placed (only where placing the tile would redraw its arm).
"""

from __future__ import annotations

import random

from sevenrocks.core import Match
from sevenrocks.core.notation import Play
from sevenrocks.geometry import Rect, geometry
from sevenrocks.svg import UNIT
from sevenrocks.web.render import boards_for, ghost_boxes
from tests.family.configs import TABLES

HANDS = 20


def _touches(a: Rect, b: Rect) -> bool:
    """The two rectangles share part of an edge (and no area)."""
    eps = 1e-6
    beside = abs(a.right - b.x) < eps or abs(b.right - a.x) < eps
    above = abs(a.bottom - b.y) < eps or abs(b.bottom - a.y) < eps
    rows_meet = a.y < b.bottom - eps and b.y < a.bottom - eps
    columns_meet = a.x < b.right - eps and b.x < a.right - eps
    side_by_side = beside and rows_meet
    stacked = above and columns_meet
    return side_by_side or stacked


def test_ghosts_lie_inside_the_board_against_the_tile_they_join() -> None:
    ghosts = covering = apart = 0
    for seed in range(HANDS):
        table = TABLES[seed % len(TABLES)]
        rng = random.Random(seed)
        match = Match(table.game, options=table.options, seats=table.seats, seed=seed)
        match.start_hand()
        sizes = boards_for(match.game)
        while match.turn is not None:
            moves = match.legal_moves()
            plays = [move for move in moves if isinstance(move, Play)]
            found = ghost_boxes(match.layout, plays, game=match.game)
            assert sorted(found) == sorted(str(play) for play in plays)
            for name, size in sizes.items():
                now = geometry(match.layout, board=size)
                for play in plays:
                    x, y, w, h, turn = found[str(play)][name]
                    box = Rect(x / UNIT, y / UNIT, w / UNIT, h / UNIT)
                    ghosts += 1
                    assert (round(box.w), round(box.h)) in ((2, 1), (1, 2)), (play, box)
                    assert now.board.contains(box), (play, name, box, now.board)
                    # upright with the low half on top, turned: lying down for 90 and 270 degrees
                    assert turn in (0, 90, 180, 270) and (box.w > box.h) == (turn in (90, 270)), (play, turn)
                    if play.point is None:
                        continue
                    if any(box.intersects(tile.rect) for tile in now.tiles):
                        covering += 1
                    if not _touches(box, now.box(play.point.anchor).rect):
                        apart += 1
            match.push(rng.choice(moves))
    assert ghosts > 800
    assert covering <= ghosts * 0.02, (covering, ghosts)
    assert apart <= ghosts * 0.02, (apart, ghosts)


def test_the_ghost_of_a_lead_is_at_the_centre() -> None:
    match = Match("seven-rocks", seed=3)
    match.start_hand()
    plays = [move for move in match.legal_moves() if isinstance(move, Play)]
    found = ghost_boxes(match.layout, plays)
    for play in plays:
        x, y, w, h, _turn = found[str(play)]["wide"]
        assert (x + w / 2, y + h / 2) == (0.0, 0.0), play
