"""The reference layout: a tree of placed tiles, read by walking it.

Rules it models (``shared/RULES.md``, "Placing tiles" and "Counted ends and placement score"):

- The opening tile may be any tile. Every later tile joins an open *connection point*: a free
  side of a placed tile whose value one half of the new tile shows.
- A non-double has two sides, ``low`` and ``high`` (its smaller and larger half). It joins by the
  half equal to the point's value; its other half becomes a new open side.
- A double is placed crosswise: it has two straight sides ``A`` and ``B``. It joins by ``A``;
  ``B`` is then open. An opening double has both ``A`` and ``B`` open.
- The first double placed in the hand (the opening tile included) is the spinner. It also has
  two side branches ``bA`` and ``bB``, which are connection points only once both of its straight
  sides are occupied. Later doubles never branch.
- Counted ends: every open straight side (``low``/``high``/``A``/``B``, never a branch) is an
  end of the layout. A non-double counts the value shown at each of its open ends; a double with
  an open straight side counts both halves, once (so an opening double alone counts both halves
  once, and the spinner stops counting when both straight sides are occupied). Tiles with no
  open straight side count nothing; an unused branch counts nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["RefIllegal", "RefLayout", "parse_play", "parse_tile", "tile_text"]

Tile = tuple[int, int]
STRAIGHT_NONDOUBLE = ("low", "high")
STRAIGHT_DOUBLE = ("A", "B")
BRANCHES = ("bA", "bB")


def parse_tile(text: str) -> Tile:
    """``"5-0"`` -> ``(0, 5)``."""
    a, b = text.split("-")
    x, y = int(a), int(b)
    return (min(x, y), max(x, y))


def tile_text(tile: Tile) -> str:
    """``(0, 5)`` -> ``"0-5"``."""
    return f"{tile[0]}-{tile[1]}"


def parse_play(text: str) -> tuple[Tile, Tile | None, str | None]:
    """``"1-5@1-1:bA"`` -> ``((1, 5), (1, 1), "bA")``; an opening has no anchor and no side."""
    if "@" not in text:
        return parse_tile(text), None, None
    tile, point = text.split("@")
    anchor, side = point.split(":")
    return parse_tile(tile), parse_tile(anchor), side


class RefIllegal(Exception):
    """A play the reference layout refuses; ``kind`` names the first rule it breaks."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


@dataclass
class Node:
    """One placed tile: where it hangs in the tree and what hangs on its sides."""

    tile: Tile
    parent: Node | None
    parent_side: str | None
    joined_by: str | None  # own side that touches the parent; None for the opening tile
    is_spinner: bool
    children: dict[str, Node] = field(default_factory=dict)

    @property
    def is_double(self) -> bool:
        return self.tile[0] == self.tile[1]

    def sides(self) -> tuple[str, ...]:
        if not self.is_double:
            return STRAIGHT_NONDOUBLE
        return STRAIGHT_DOUBLE + BRANCHES if self.is_spinner else STRAIGHT_DOUBLE

    def value(self, side: str) -> int:
        return self.tile[1] if side == "high" else self.tile[0]

    def occupied(self, side: str) -> bool:
        return side == self.joined_by or side in self.children

    def side_is_connection_point(self, side: str) -> bool:
        if self.occupied(side):
            return False
        if side in BRANCHES:
            return all(self.occupied(s) for s in STRAIGHT_DOUBLE)
        return True

    def open_straight_sides(self) -> list[str]:
        straight = STRAIGHT_DOUBLE if self.is_double else STRAIGHT_NONDOUBLE
        return [s for s in straight if not self.occupied(s)]


class RefLayout:
    """The tiles of one hand as a tree, with place / unplace."""

    def __init__(self) -> None:
        self.root: Node | None = None
        self.order: list[Node] = []  # nodes in the order they were placed

    # ----------------------------------------------------------- reading
    def nodes(self) -> list[Node]:
        """Every placed tile, found by walking the tree from the opening tile."""
        out: list[Node] = []
        stack = [self.root] if self.root is not None else []
        while stack:
            node = stack.pop()
            out.append(node)
            stack.extend(node.children.values())
        return out

    def find(self, tile: Tile) -> Node | None:
        for node in self.nodes():
            if node.tile == tile:
                return node
        return None

    @property
    def spinner(self) -> Tile | None:
        for node in self.nodes():
            if node.is_spinner:
                return node.tile
        return None

    def connection_points(self) -> list[tuple[str, str, int]]:
        """Every open connection point as ``(anchor, side, value)``, sorted."""
        out = []
        for node in self.nodes():
            for side in node.sides():
                if node.side_is_connection_point(side):
                    out.append((tile_text(node.tile), side, node.value(side)))
        return sorted(out)

    def counted(self) -> list[tuple[str, int]]:
        """The counted ends as ``(tile, contribution)``, sorted."""
        out = []
        for node in self.nodes():
            ends = node.open_straight_sides()
            if not ends:
                continue
            if node.is_double:
                out.append((tile_text(node.tile), node.tile[0] + node.tile[1]))
            else:
                out.extend((tile_text(node.tile), node.value(side)) for side in ends)
        return sorted(out)

    def ends_total(self) -> int:
        return sum(n for _, n in self.counted())

    def legal_plays(self, hand: set[Tile]) -> set[str]:
        """Every legal placement of a tile of ``hand`` (any tile alone on an empty layout)."""
        if self.root is None:
            return {tile_text(t) for t in hand}
        out = set()
        for anchor, side, value in self.connection_points():
            for tile in hand:
                if value in tile:
                    out.add(f"{tile_text(tile)}@{anchor}:{side}")
        return out

    # ------------------------------------------------------------- change
    def check(self, play: str) -> tuple[Node | None, str | None]:
        """The anchor node and side of ``play``; :class:`RefIllegal` naming the rule it breaks."""
        tile, anchor, side = parse_play(play)
        if self.find(tile) is not None:
            raise RefIllegal("placed", f"{tile_text(tile)} is already placed")
        if anchor is None:
            if self.root is not None:
                raise RefIllegal("opening", "the hand is open: a play needs an anchor")
            return None, None
        if self.root is None:
            raise RefIllegal("opening", "the first tile is played alone")
        node = self.find(anchor)
        if node is None:
            raise RefIllegal("unknown_anchor", f"{tile_text(anchor)} is not placed")
        assert side is not None
        if side in BRANCHES and node.is_double:
            if not node.is_spinner:
                raise RefIllegal("branch", f"{tile_text(anchor)} is not the spinner")
            if not all(node.occupied(s) for s in STRAIGHT_DOUBLE):
                raise RefIllegal("branch", "both straight sides of the spinner must be filled first")
        if side not in node.sides():
            raise RefIllegal("no_such_side", f"{tile_text(anchor)} has no side {side}")
        if node.occupied(side):
            raise RefIllegal("covered", f"side {side} of {tile_text(anchor)} is taken")
        if node.value(side) not in tile:
            raise RefIllegal("mismatch", f"{tile_text(tile)} does not show {node.value(side)}")
        return node, side

    def place(self, play: str) -> int:
        """Place ``play`` (checked) and return the counted total after it."""
        parent, side = self.check(play)
        tile = parse_play(play)[0]
        is_double = tile[0] == tile[1]
        first_double = is_double and self.spinner is None
        if parent is None:
            self.root = Node(tile, None, None, None, first_double)
            self.order.append(self.root)
            return self.ends_total()
        assert side is not None
        value = parent.value(side)
        # a double joins by its straight side A; a non-double by the half showing the value
        joined_by = "A" if is_double else ("low" if tile[0] == value else "high")
        node = Node(tile, parent, side, joined_by, first_double)
        parent.children[side] = node
        self.order.append(node)
        return self.ends_total()

    def unplace(self) -> str:
        """Take back the last placement; return it in notation."""
        node = self.order.pop()
        if node.parent is None:
            self.root = None
            return tile_text(node.tile)
        assert node.parent_side is not None
        del node.parent.children[node.parent_side]
        return f"{tile_text(node.tile)}@{tile_text(node.parent.tile)}:{node.parent_side}"

    def plays(self) -> list[str]:
        out = []
        for node in self.order:
            if node.parent is None:
                out.append(tile_text(node.tile))
            else:
                out.append(f"{tile_text(node.tile)}@{tile_text(node.parent.tile)}:{node.parent_side}")
        return out
