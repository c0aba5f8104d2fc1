"""What the web server does for every placement — the layout's geometry on each board, its
extension by a move, the drawing with its ghosts, the legal moves — leaves no reference cycle
behind: everything it makes is freed by reference counts at once. A cycle (a recursive search
that called itself through its own closure) left some 7,000 objects a hand for the garbage
collector, whose collections then paused a server of 1,000 tables for up to 0.4 s
(docs/benchmarks.md, "No reference cycles a placement")."""

from __future__ import annotations

import collections
import gc
import random
from collections.abc import Iterator

import pytest

from sevenrocks.core import Match, Play
from sevenrocks.geometry import geometry
from sevenrocks.web.render import Drawing


@pytest.fixture
def saved_garbage() -> Iterator[list[object]]:
    """The collector off and every object it would free kept in ``gc.garbage`` instead."""
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        yield gc.garbage
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()


@pytest.mark.parametrize("game", ["seven-rocks", "five-up", "matador", "sea-kozel", "general"])
def test_a_hand_played_and_drawn_leaves_no_reference_cycle(game: str, saved_garbage: list[object]) -> None:
    rng = random.Random(game)
    for seed in range(3):
        match = Match(game, seed=seed)
        match.start_hand()
        drawing = Drawing(game)
        moves = 0
        while match.turn is not None:
            legal = match.legal_moves()  # several doubles at once, in the games that allow it
            plays = [m for m in legal if isinstance(m, Play)]
            drawn = drawing.draw((0, moves), match.layout, match.layout.last_play, boards=None)
            drawing.ghosts(drawn, match.layout, plays)  # one extension of the geometry a move
            geometry(match.layout, board=(16, 9))
            match.push(rng.choice(legal))
            moves += 1
    gc.collect()
    kinds = collections.Counter(type(o).__qualname__ for o in saved_garbage)
    assert not saved_garbage, f"objects only the collector frees: {kinds.most_common(8)}"
