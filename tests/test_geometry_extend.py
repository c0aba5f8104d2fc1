"""A layout's geometry grown by one tile (:func:`sevenrocks.geometry.extend`) is exactly the one
:func:`~sevenrocks.geometry.geometry` computes afresh.

Over random hands of every game of the family (every table of ``tests/family/configs.py``), at
every placement and on every board the web game draws: the geometry grown from the position
before equals the one computed from nothing (every box, marker, the bounds, the board and the
zoom), also when grown from geometries that were themselves grown; most placements take the
cheap way (only the new tile placed), many others search only the arm the tile joins again,
and the rest (leads, a new centre, zooms, Five Up's branches, several doubles) are computed
again. The ghost tiles worked out from grown geometries
(:func:`sevenrocks.web.render.ghost_boxes`) are the ones the whole geometry of each placement
gives.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from sevenrocks.core import Layout, Match, Play
from sevenrocks.geometry import LayoutGeometry, Rect, extend, geometry
from sevenrocks.svg import UNIT
from sevenrocks.web.render import _rotation, boards_for, ghost_boxes
from tests.family.configs import TABLES

HANDS = 160


def _played(count: int) -> Iterator[tuple[str, Match]]:
    """Random hands, each table of the family in turn: the match before every move of the hand
    and once it is over (the caller may look at each position before the next move is made)."""
    for seed in range(count):
        table = TABLES[seed % len(TABLES)]
        rng = random.Random(seed)
        match = Match(table.game, options=table.options, seats=table.seats, seed=seed)
        match.start_hand()
        while True:
            yield str(table), match
            if match.turn is None:
                break
            match.push(rng.choice(match.legal_moves()))


def test_a_grown_geometry_is_the_geometry_computed_afresh() -> None:
    positions = grown = 0
    ways: Counter[str] = Counter()
    games = set()
    kept: dict[tuple[str, float, float], tuple[LayoutGeometry, LayoutGeometry, int]] = {}
    for table, match in _played(HANDS):
        games.add(match.game)
        layout = match.layout
        for size in boards_for(match.game).values():
            expected = geometry(layout, board=size)
            key = (table, *size)
            before = kept.get(key)
            if before is not None and before[2] == len(layout) - 1:
                fresh, chained, _ = before
                play = layout.last_play
                assert play is not None
                from_fresh, from_chained = extend(fresh, layout), extend(chained, layout)
                where = (table, size, str(play), len(layout))
                assert from_fresh.geometry() == expected, where
                assert from_chained.geometry() == expected, where
                assert from_chained.box == expected.box(play.tile), where
                positions += 1
                grown += not from_chained.moved
                ways[from_chained.way] += 1
                assert from_fresh.way == from_chained.way, where
                if not from_chained.moved:  # the tiles already placed stay where they were drawn
                    assert from_chained.geometry().tiles[:-1] == chained.tiles, where
                kept[key] = (expected, from_chained.geometry(), len(layout))
            else:  # a new hand
                kept[key] = (expected, expected, len(layout))
    assert games == {table.game for table in TABLES}
    assert positions > 8_000
    assert grown > 0.7 * positions, (grown, positions)  # the cheap way is the common one
    # where an arm's end is hemmed in (or its search loose), that arm alone is searched again
    assert ways["arm"] > 100 and ways["whole"] < ways["arm"] + ways["tile"], ways


def test_extend_needs_a_geometry_of_its_own_and_a_tile_placed() -> None:
    layout = Layout()
    made = LayoutGeometry((), (), Rect(0, 0, 1, 1), Rect(0, 0, 1, 1), 1.0)  # not made by geometry()
    layout.place(Play.parse("3-6"))
    with pytest.raises(ValueError, match="made by geometry"):
        extend(made, layout)
    with pytest.raises(ValueError, match="a tile placed"):
        extend(geometry(Layout()), Layout())


def _reference_ghosts(layout: Layout, plays: list[Play], game: str) -> dict[str, dict[str, list[float]]]:
    """The ghost boxes as the table page had them before the geometry was grown: the whole
    geometry of each placement, moved so that the tile it joins stays where it is drawn now."""
    out: dict[str, dict[str, list[float]]] = {}
    for play in plays:
        after_layout = layout.copy()
        after_layout.place(play)
        boxes = {}
        for name, size in boards_for(game).items():
            now, after = geometry(layout, board=size), geometry(after_layout, board=size)
            new = after.box(play.tile)
            dx = dy = 0.0
            if play.point is not None:
                was, moved = now.box(play.point.anchor).rect, after.box(play.point.anchor).rect
                dx, dy = was.x - moved.x, was.y - moved.y
            board = now.board
            x = min(max(new.rect.x + dx, board.x), board.right - new.rect.w)
            y = min(max(new.rect.y + dy, board.y), board.bottom - new.rect.h)
            a, b = new.halves
            turn = _rotation(((a.x, a.y, a.value), (b.x, b.y, b.value)), play.tile.low)
            boxes[name] = [round(v * UNIT, 2) for v in (x, y, new.rect.w, new.rect.h)] + [turn]
        out[str(play)] = boxes
    return out


def test_ghosts_from_grown_geometries_are_those_of_the_whole_geometry() -> None:
    checked = 0
    for _table, match in _played(60):
        plays = [m for m in match.legal_moves() if isinstance(m, Play)] if match.turn is not None else []
        if plays:
            expected = _reference_ghosts(match.layout, plays, match.game)
            assert ghost_boxes(match.layout, plays, game=match.game) == expected
            checked += len(plays)
    assert checked > 1500
