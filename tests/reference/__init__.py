"""An independent, deliberately plain model of the Seven Rocks rules, for testing the engine.

Written from ``shared/RULES.md`` and the rule texts in ``shared/seeds/``, not from the engine:
it imports nothing from :mod:`sevenrocks`. The layout is a tree of placed tiles (each tile knows
its parent and the tiles joined to each of its sides), connection points and counted ends are
found by walking that tree, and a hand is a list of sets of tiles. It is slow and obvious on
purpose; the property tests and the perft golden data compare the engine with it play by play.

Tiles are ``(low, high)`` tuples and plays are strings in the conformance notation
(``3-4`` to open, ``1-5@1-1:bA`` after), so nothing is shared with the engine but the notation.
"""

from tests.reference.layout import RefIllegal, RefLayout, parse_play, parse_tile, tile_text
from tests.reference.match import RefHandEnd, RefMatch, round_seat

__all__ = [
    "RefHandEnd",
    "RefIllegal",
    "RefLayout",
    "RefMatch",
    "parse_play",
    "parse_tile",
    "round_seat",
    "tile_text",
]
