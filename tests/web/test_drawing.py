"""A table's layout drawn position after position (:class:`sevenrocks.web.render.Drawing`).

Over random hands of every game of the family: each position's SVG is exactly the drawing made
from nothing (:func:`~sevenrocks.web.render.render_layout`), the patch sent with a placement makes
it from the drawing before (:func:`~sevenrocks.web.render.apply_patch`, as the table page does),
the patch is a small part of the drawing, and the ghost tiles are those of
:func:`~sevenrocks.web.render.ghost_boxes` (on every board, or on the one board a page shows).
"""

from __future__ import annotations

import json
import random

from sevenrocks.core import Match, Play
from sevenrocks.web.render import Drawing, apply_patch, ghost_boxes, render_layout, svg_patch
from tests.family.configs import TABLES

HANDS = 80


def test_each_position_is_drawn_as_from_nothing_and_patched_from_the_one_before() -> None:
    drawn = patched = 0
    patch_bytes = svg_bytes = 0
    for seed in range(HANDS):
        table = TABLES[seed % len(TABLES)]
        rng = random.Random(seed)
        match = Match(table.game, options=table.options, seats=table.seats, seed=seed)
        drawing = Drawing(match.game)
        for hand in range(2):
            match.start_hand()
            moves = 0
            before: str | None = None
            while True:
                last = match.placements[-1].play if match.placements else None
                position = drawing.draw((hand, moves), match.layout, last)
                assert position.svg == render_layout(match.layout, last=last, game=match.game)
                assert drawing.draw((hand, moves), match.layout, last) is position  # drawn once
                drawn += 1
                if before is not None:  # the position before was drawn: a patch makes this one
                    assert position.patch is not None, (str(table), moves)
                    assert apply_patch(before, position.patch) == position.svg, (str(table), moves)
                    patched += 1
                    patch_bytes += len(json.dumps(position.patch))
                    svg_bytes += len(json.dumps(position.svg))
                if match.turn is None:
                    break
                moves_now = match.legal_moves()
                plays = [m for m in moves_now if isinstance(m, Play)]
                if plays and rng.random() < 0.5:  # the seat on turn is a person: its ghosts
                    expected = ghost_boxes(match.layout, plays, game=match.game)
                    if rng.random() < 0.5:  # its page said which board it shows: that one first
                        name = rng.choice(sorted(position.geometries))
                        one = drawing.ghosts(position, match.layout, plays, {name})
                        assert one == {play: {name: boxes[name]} for play, boxes in expected.items()}
                    assert drawing.ghosts(position, match.layout, plays) == expected
                before = position.svg
                match.push(rng.choice(moves_now))
                moves += 1
            if match.phase.value == "over":
                break
    assert patched > 0.8 * drawn, (patched, drawn)
    assert patch_bytes < 0.3 * svg_bytes, (patch_bytes, svg_bytes)


def test_a_position_that_does_not_follow_the_one_drawn_has_no_patch() -> None:
    match = Match("seven-rocks", seed=4)
    match.start_hand()
    drawing = Drawing(match.game)
    assert drawing.draw((0, 0), match.layout, None).patch is None  # nothing drawn before
    for _ in range(2):
        match.push(match.legal_moves()[0])
    skipped = drawing.draw((0, 2), match.layout, match.placements[-1].play)
    assert skipped.patch is None  # move 1 was never drawn: the page gets the whole drawing
    assert skipped.svg == render_layout(match.layout, last=match.placements[-1].play)
    match.push(match.legal_moves()[0])
    follows = drawing.draw((0, 3), match.layout, match.placements[-1].play)
    assert follows.patch is not None and apply_patch(skipped.svg, follows.patch) == follows.svg


def test_a_patch_copies_what_it_can_and_writes_the_rest() -> None:
    old = "<svg><a/><b/></svg>"
    index = {"<svg>": 0, "<a/>": 5, "<b/>": 9, "</svg>": 13}
    patch = svg_patch(old, index, ["<svg>", "<a/>", "<c/>", "<d/>", "<b/>", "</svg>"])
    assert patch == [[0, 9], "<c/><d/>", [9, 19]]
    assert apply_patch(old, patch) == "<svg><a/><c/><d/><b/></svg>"
    assert apply_patch(old, svg_patch(old, index, ["<e/>"])) == "<e/>"
