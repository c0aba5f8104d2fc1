"""Tiles, the written notation of plays, and the tile orders that name leaders.

Rules it models: ``shared/games/README.md`` §2.1 (one double-six set: 28 tiles ``LOW-HIGH``, pips 0..6),
§2.6 (the tile orders ``order-high``, ``order-low``, ``order-goat``, ``order-telephone`` and the 1-1 lead,
copied from the text as plain lists), and ``shared/conformance/README.md`` "Tile and play notation" with
its family additions (``+`` joins the doubles of one move, ``=`` lays a double lengthwise; ``5-0`` is read
as ``0-5``).

A tile is a ``(low, high)`` tuple; a part of a move is a :class:`Part`; a move is a tuple of parts.
Nothing here knows any game: the games say which parts and suffixes they allow.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tests.reference.family.errors import RefIllegal

Tile = tuple[int, int]

FULL_SET: frozenset[Tile] = frozenset((a, b) for a in range(7) for b in range(a, 7))
"""The 28 tiles of the double-six set (README §2.1)."""

SIDES = ("low", "high", "A", "B", "bA", "bB")
"""Every side name of the notation: a non-double's ends, a double's straight sides and branches."""


class NotationError(RefIllegal):
    """A tile or a play that cannot be read as the conformance notation."""


def parse_tile(text: str) -> Tile:
    """``"5-0"`` -> ``(0, 5)``; anything that is not ``D-D`` with pips 0..6 is a :class:`NotationError`."""
    if not isinstance(text, str) or not re.fullmatch(r"[0-6]-[0-6]", text):
        raise NotationError(f"{text!r} is not a tile (LOW-HIGH, pips 0..6)")
    x, y = int(text[0]), int(text[2])
    return (min(x, y), max(x, y))


def tile_text(tile: Tile) -> str:
    """``(0, 5)`` -> ``"0-5"``."""
    return f"{tile[0]}-{tile[1]}"


def is_double(tile: Tile) -> bool:
    """A double has equal halves (README §2.1)."""
    return tile[0] == tile[1]


def pips(tiles: set[Tile] | frozenset[Tile] | list[Tile]) -> int:
    """The sum of the pips on the tiles (README §1.2, "Pips of a hand")."""
    return sum(a + b for a, b in tiles)


@dataclass(frozen=True, order=True)
class Part:
    """One tile's placement: the tile alone for a lead, else ``TILE@ANCHOR:SIDE`` and a suffix.

    ``suffix`` is ``""`` (crosswise, the default) or ``"="`` (a lengthwise double, muggins only). Part-2
    games add ``"#"`` (a closed double) and ``">N"`` (a matador's open half) here.
    """

    tile: Tile
    anchor: Tile | None = None
    side: str | None = None
    suffix: str = ""

    def __str__(self) -> str:
        if self.anchor is None:
            return tile_text(self.tile) + self.suffix
        return f"{tile_text(self.tile)}@{tile_text(self.anchor)}:{self.side}{self.suffix}"


Move = tuple[Part, ...]

_PART = re.compile(r"([0-6]-[0-6])(?:@([0-6]-[0-6]):(low|high|A|B|bA|bB))?(=|#|>[0-6])?")


def parse_move(text: str) -> Move:
    """``"2-2@2-5:low+5-5@2-5:high"`` -> two parts; a :class:`NotationError` if it cannot be read."""
    if not isinstance(text, str) or not text:
        raise NotationError(f"{text!r} is not a play")
    parts = []
    for piece in text.split("+"):
        found = _PART.fullmatch(piece)
        if found is None:
            raise NotationError(
                f"cannot read the play {text!r} (TILE or TILE@ANCHOR:SIDE, parts joined by +)"
            )
        tile, anchor, side, suffix = found.groups()
        parts.append(Part(parse_tile(tile), parse_tile(anchor) if anchor else None, side, suffix or ""))
    return tuple(parts)


def move_text(move: Move) -> str:
    """The notation of a move: its parts joined by ``+`` in the order given."""
    return "+".join(str(part) for part in move)


def move_tiles_text(move: Move) -> str:
    """A move as the report writes it: its tiles ``LOW-HIGH`` joined by ``+``, no anchors or suffixes."""
    return "+".join(tile_text(part.tile) for part in move)


# ----------------------------------------------------------------------------------- tile orders
def _tiles(text: str) -> tuple[Tile, ...]:
    return tuple(parse_tile(t) for t in text.replace(",", " ").split())


_DOUBLES_HIGH = "6-6 5-5 4-4 3-3 2-2 1-1 0-0"
_HEAVIEST = "5-6 4-6 3-6 4-5 2-6 3-5 1-6 2-5 3-4 0-6 1-5 2-4 0-5 1-4 2-3 0-4 1-3 0-3 1-2 0-2 0-1"
_LIGHTEST = "0-1 0-2 0-3 1-2 0-4 1-3 0-5 1-4 2-3 0-6 1-5 2-4 1-6 2-5 3-4 2-6 3-5 3-6 4-5 4-6 5-6"

TILE_ORDERS: dict[str, tuple[Tile, ...]] = {
    "order-high": _tiles(f"{_DOUBLES_HIGH} {_HEAVIEST}"),
    "order-low": _tiles(f"0-0 1-1 2-2 3-3 4-4 5-5 6-6 {_LIGHTEST}"),
    "order-goat": _tiles(f"1-1 2-2 3-3 4-4 5-5 6-6 0-0 {_LIGHTEST}"),
    "order-telephone": _tiles("2-3 1-1 2-2 3-3 4-4 5-5 6-6 0-0 " + _LIGHTEST.replace("2-3 ", "")),
    "1-1": _tiles("1-1"),
    "6-6": _tiles("6-6"),
}
"""README §2.6, written out as the text lists them. ``1-1`` and ``6-6`` are used only where all 28 tiles
are dealt, so the one tile is always held."""
