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
from sevenrocks.geometry import geometry
from sevenrocks.web.render import Drawing, apply_patch, best_board, ghost_boxes, render_layout, svg_patch
from tests.family.configs import TABLES

HANDS = 80


#: the boards pages show in these tests: every board (a page that said nothing), one, two
SHOWN: tuple[tuple[str, ...] | None, ...] = (None, ("wide",), ("square",), ("tall",), ("wide", "tall"))

#: board areas of pages (pixels): desktops, a phone upright and sideways, a narrow window
AREAS = ((900.0, 440.0), (1200.0, 500.0), (374.0, 430.0), (740.0, 230.0), (300.0, 700.0), (600.0, 450.0))


def test_each_position_is_drawn_as_from_nothing_and_patched_from_the_one_before() -> None:
    """Each position drawn on the boards a page shows (now and then others) is the drawing made
    from nothing on those boards, and the patch from the same boards' drawing before makes it."""
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
            before: tuple[tuple[str, ...] | None, str] | None = None
            shown = rng.choice(SHOWN)
            while True:
                if rng.random() < 0.1:  # the page is resized (or another page joins)
                    shown = rng.choice(SHOWN)
                last = match.placements[-1].play if match.placements else None
                position = drawing.draw((hand, moves), match.layout, last, boards=shown)
                text = drawing.svg(position, shown)
                names = None if shown is None else list(shown)
                assert text == render_layout(match.layout, last=last, game=match.game, boards=names)
                assert drawing.draw((hand, moves), match.layout, last, boards=shown) is position  # once
                assert shown is None or set(position.boards) <= set(shown) | (
                    set(before[0] or ()) if before else set()
                )
                drawn += 1
                patch = drawing.patch(position, shown)
                if before is not None and before[0] == shown:  # drawn on these boards before
                    assert patch is not None, (str(table), moves)
                    assert apply_patch(before[1], patch) == text, (str(table), moves)
                    patched += 1
                    patch_bytes += len(json.dumps(patch))
                    svg_bytes += len(json.dumps(text))
                if match.turn is None:
                    break
                moves_now = match.legal_moves()
                plays = [m for m in moves_now if isinstance(m, Play)]
                if plays and rng.random() < 0.5:  # the seat on turn is a person: its ghosts
                    expected = ghost_boxes(match.layout, plays, game=match.game)
                    if rng.random() < 0.5:  # its page shows one board: that one first
                        name = rng.choice(sorted(drawing.sizes))
                        one = drawing.ghosts(position, match.layout, plays, {name})
                        assert one == {play: {name: boxes[name]} for play, boxes in expected.items()}
                    assert drawing.ghosts(position, match.layout, plays) == expected
                before = (shown, text)
                match.push(rng.choice(moves_now))
                moves += 1
            if match.phase.value == "over":
                break
    assert patched > 0.6 * drawn, (patched, drawn)
    assert patch_bytes < 0.3 * svg_bytes, (patch_bytes, svg_bytes)


def test_the_board_chosen_for_an_area_is_the_best_of_every_board() -> None:
    """:meth:`Drawing.choose` gives :func:`best_board` over every board's geometry, for pages
    of many sizes, at every position of random hands, zoomed boards included (half the hands
    on boards of half the size, where layouts outgrow them); it mostly draws one board, not all."""
    chosen = boards_drawn = zoomed = 0
    for seed in range(HANDS // 2):
        table = TABLES[seed % len(TABLES)]
        rng = random.Random(seed)
        match = Match(table.game, options=table.options, seats=table.seats, seed=seed)
        drawing = Drawing(match.game)
        if seed % 2:
            drawing.sizes = {name: (w / 2, h / 2) for name, (w, h) in drawing.sizes.items()}
        match.start_hand()
        moves = 0
        while match.turn is not None:
            match.push(rng.choice(match.legal_moves()))
            moves += 1
            last = match.placements[-1].play
            position = drawing.draw((0, moves), match.layout, last, boards=())
            area = rng.choice(AREAS)
            name = drawing.choose(position, match.layout, area)
            boards_drawn += len(position.boards)
            every = {board: geometry(match.layout, board=size) for board, size in drawing.sizes.items()}
            zoomed += any(geo.board.w > drawing.sizes[board][0] for board, geo in every.items())
            assert name == best_board(every, area)[0], (str(table), moves, area)
            assert drawing.choose(position, match.layout, area) == name
            chosen += 1
    assert zoomed > 0, "no position grew a board: the test does not try the bound"
    assert boards_drawn < 1.5 * chosen, (boards_drawn, chosen)


def test_a_position_that_does_not_follow_the_one_drawn_has_no_patch() -> None:
    match = Match("seven-rocks", seed=4)
    match.start_hand()
    drawing = Drawing(match.game)
    assert drawing.patch(drawing.draw((0, 0), match.layout, None)) is None  # nothing drawn before
    for _ in range(2):
        match.push(match.legal_moves()[0])
    skipped = drawing.draw((0, 2), match.layout, match.placements[-1].play)
    assert drawing.patch(skipped) is None  # move 1 was never drawn: the page gets the whole drawing
    assert drawing.svg(skipped) == render_layout(match.layout, last=match.placements[-1].play)
    before = drawing.svg(skipped)
    match.push(match.legal_moves()[0])
    follows = drawing.draw((0, 3), match.layout, match.placements[-1].play, boards=["tall"])
    assert drawing.patch(follows) is None  # not drawn on every board yet
    tall = drawing.patch(follows, ["tall"])
    assert tall is not None and apply_patch(skipped.boards["tall"].svg, tall) == drawing.svg(
        follows, ["tall"]
    )
    every = drawing.patch(drawing.draw((0, 3), match.layout, match.placements[-1].play))
    assert every is not None and apply_patch(before, every) == drawing.svg(follows)


def test_a_patch_copies_what_it_can_and_writes_the_rest() -> None:
    old = "<svg><a/><b/></svg>"
    index = {"<svg>": 0, "<a/>": 5, "<b/>": 9, "</svg>": 13}
    patch = svg_patch(old, index, ["<svg>", "<a/>", "<c/>", "<d/>", "<b/>", "</svg>"])
    assert patch == [[0, 9], "<c/><d/>", [9, 19]]
    assert apply_patch(old, patch) == "<svg><a/><c/><d/><b/></svg>"
    assert apply_patch(old, svg_patch(old, index, ["<e/>"])) == "<e/>"
