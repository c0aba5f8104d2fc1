"""Any layout of the family as lines of text: the line, then the side branches of every spinner.

:mod:`sevenrocks.text` draws the Seven Rocks layout (one spinner); this module draws the layout of
every topology — a plain line, one spinner, every double a spinner (Five Up), doubles laid
lengthwise (``4=4``) or closed (``[4#4]``) — for ``sevenrocks show``. Tiles read along their arm
(``4|1`` shows 4 towards the left), crosswise doubles are ``[4|4]``, spinners ``{1|1}``; every
open connection point is written in play notation between angle brackets, and a counted end
shows what it adds to the counted total in parentheses.

>>> from sevenrocks.core import Play
>>> layout = Layout(Topology.ALL_SPINNERS)
>>> for text in ["5-5", "3-5@5-5:A", "1-5@5-5:B", "3-3@3-5:low", "0-3@3-3:B", "2-5@5-5:bA"]:
...     _ = layout.place(Play.parse(text))
>>> for arm in arms(layout):
...     print(arm.name, arm_text(arm, layout))
line <0-3:low>(0) 0|3 {3|3} 3|5 {5|5} 5|1 (1)<1-5:low>
3-3 bA {3|3} <3-3:bA>
3-3 bB {3|3} <3-3:bB>
5-5 bA {5|5} 5|2 (2)<2-5:low>
5-5 bB {5|5} <5-5:bB>
"""

from __future__ import annotations

from dataclasses import dataclass

from sevenrocks.core.games import Topology
from sevenrocks.core.layout import Layout
from sevenrocks.core.notation import ConnectionPoint, Play, Side
from sevenrocks.core.tiles import Tile

__all__ = ["LayoutArm", "arm_text", "arms", "tile_text"]


@dataclass(frozen=True, slots=True)
class LayoutArm:
    """One arm as drawn: ``name`` (``line``, or ``bA``/``bB`` with the spinner before it where a
    layout has several spinners), its tiles from left to right with the values they show in that
    order, and the open points at its ends (with what each counts, ``None``: nothing)."""

    name: str
    tiles: tuple[tuple[Tile, int, int], ...]
    left: tuple[ConnectionPoint, int | None] | None
    right: tuple[ConnectionPoint, int | None] | None


def _outward(play: Play) -> Side:
    """The side of a placed tile that faces away from its anchor."""
    tile, anchor, side = play.tile, play.anchor, play.side
    assert anchor is not None and side is not None  # never the opening
    if tile.is_double:
        return Side.B
    value = anchor.high if side is Side.HIGH else anchor.low
    return Side.HIGH if tile.low == value else Side.LOW


def _shown(tile: Tile, side: Side) -> int:
    return tile.high if side is Side.HIGH else tile.low


def _counted(layout: Layout) -> dict[ConnectionPoint, int]:
    """Which open points carry which counted contribution (the engine lists them in point order)."""
    counted = list(layout.counted())
    out: dict[ConnectionPoint, int] = {}
    i = 0
    for point in layout.points:
        if i < len(counted) and not point.side.is_branch and counted[i][0] is point.anchor:
            out[point] = counted[i][1]
            i += 1
    return out


def arms(layout: Layout) -> tuple[LayoutArm, ...]:
    """The layout as arms: the line through the opening tile, then each spinner's branches that
    are open or used (every tile of the layout is on exactly one arm)."""
    plays = layout.plays
    if not plays:
        return ()
    joined: dict[tuple[int, Side], Play] = {}
    for play in plays[1:]:
        assert play.anchor is not None and play.side is not None
        joined[(play.anchor.index, play.side)] = play
    counted = _counted(layout)

    def end_of(tile: Tile, side: Side) -> tuple[ConnectionPoint, int | None] | None:
        point = ConnectionPoint(tile, side)
        return (point, counted.get(point)) if layout.is_open(point) else None

    def walk(
        tile: Tile, side: Side
    ) -> tuple[list[tuple[Tile, int, int]], tuple[ConnectionPoint, int | None] | None]:
        out: list[tuple[Tile, int, int]] = []
        while (tile.index, side) in joined:
            play = joined[(tile.index, side)]
            outward = _outward(play)
            inner = play.tile.low if outward is Side.HIGH else play.tile.high
            out.append((play.tile, inner, _shown(play.tile, outward)))
            tile, side = play.tile, outward
        return out, end_of(tile, side)

    opening = plays[0].tile
    first, second = (Side.A, Side.B) if opening.is_double else (Side.LOW, Side.HIGH)
    left_tiles, left_end = walk(opening, first)
    right_tiles, right_end = walk(opening, second)
    line = [(t, outer, inner) for t, inner, outer in reversed(left_tiles)]
    line.append((opening, _shown(opening, first), _shown(opening, second)))
    line.extend(right_tiles)
    out = [LayoutArm("line", tuple(line), left_end, right_end)]
    several = layout.topology is Topology.ALL_SPINNERS
    for spinner in sorted(layout.spinners, key=lambda t: t.index):
        for side in (Side.BA, Side.BB):
            point = ConnectionPoint(spinner, side)
            if layout.is_open(point) or layout.covering(point) is not None:
                tiles, end = walk(spinner, side)
                value = spinner.low
                name = f"{spinner} {side.notation}" if several else side.notation
                out.append(LayoutArm(name, ((spinner, value, value), *tiles), None, end))
    return tuple(out)


def tile_text(tile: Tile, first: int, second: int, layout: Layout) -> str:
    """A tile of an arm: ``3|4``, a crosswise double ``[4|4]``, a spinner ``{4|4}``, a double laid
    lengthwise ``4=4``, a closed double ``[4#4]``."""
    if tile in layout.spinners:
        return f"{{{first}|{second}}}"
    if tile.is_double:
        if layout.is_lengthwise(tile):
            return f"{first}={second}"
        if layout.is_closed(tile):
            return f"[{first}#{second}]"
        return f"[{first}|{second}]"
    return f"{first}|{second}"


def arm_text(arm: LayoutArm, layout: Layout) -> str:
    """An arm's tiles between its open ends, e.g. ``<1-2:high>(2) 2|1 {1|1} 1|4 (4)<1-4:high>``."""
    parts: list[str] = []
    if arm.left is not None:
        point, n = arm.left
        parts.append(f"<{point}>" + (f"({n})" if n is not None else ""))
    parts.extend(tile_text(t, a, b, layout) for t, a, b in arm.tiles)
    if arm.right is not None:
        point, n = arm.right
        parts.append((f"({n})" if n is not None else "") + f"<{point}>")
    return " ".join(parts)
