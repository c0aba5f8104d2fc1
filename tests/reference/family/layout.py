"""The layout of one hand as a tree of placed tiles, for every topology of the games covered.

Rules it models (``shared/games/README.md``):

- §2.9 topology. A non-double has the sides ``low`` and ``high``; a double ``A`` and ``B`` and, on a
  spinner only, the branches ``bA`` and ``bB``. A *connection point* is an open side. A tile joins a point
  by a half showing the point's value (§2.10, equal halves); a non-double then opens its other half, a
  double joins by ``A`` and opens ``B``. An opening tile opens both of its straight sides.
  ``line``: no double branches. ``spinner`` (sides first, RULES.md §3): the first crosswise double placed
  is the spinner; its branches open once ``A`` and ``B`` are both covered. ``all-spinners`` (Five Up):
  every crosswise double is a spinner with that rule.
- §2.11 lengthwise doubles (Muggins): a double that is not the spinner may lie lengthwise; it joins by
  ``A`` and opens ``B``. The first double of a spinner layout is the spinner, always crosswise, so it may
  not be lengthwise; neither may the lead.
- §2.14 counted ends: each open side of a non-double counts its value; a crosswise double with ``A`` or
  ``B`` open counts both halves once; a lengthwise double with ``B`` open counts its number once;
  branches count nothing themselves.

Part-2 topologies (spinner open at once, forced four around the lead) and closed doubles belong in
:meth:`Node.is_point` and :meth:`Layout._becomes_spinner`; Matador's matching in :meth:`Layout.check`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tests.reference.family.errors import RefIllegal
from tests.reference.family.tiles import Part, Tile, is_double, tile_text

TOPOLOGIES = ("line", "spinner", "all-spinners")
BRANCHES = ("bA", "bB")


@dataclass
class Node:
    """One placed tile: where it hangs in the tree, how it lies, and what hangs on its sides."""

    tile: Tile
    parent_side: str | None  # the anchor's side it joins (None for the lead)
    joined_by: str | None  # its own side that touches the anchor (None for the lead)
    spinner: bool
    lengthwise: bool
    children: dict[str, Node] = field(default_factory=dict)

    def sides(self) -> tuple[str, ...]:
        """Its sides in the notation (README §2.9)."""
        if not is_double(self.tile):
            return ("low", "high")
        return ("A", "B", *BRANCHES) if self.spinner else ("A", "B")

    def occupied(self, side: str) -> bool:
        return side == self.joined_by or side in self.children

    def value(self, side: str) -> int:
        """The number a side shows: a non-double's half, a double's number."""
        return self.tile[1] if side == "high" else self.tile[0]

    def is_point(self, side: str) -> bool:
        """An open side where a tile may join now: a branch only once both straight sides are covered."""
        if self.occupied(side):
            return False
        if side in BRANCHES:
            return self.occupied("A") and self.occupied("B")
        return True

    def counted(self) -> int:
        """What this tile adds to the counted ends (README §2.14)."""
        if not is_double(self.tile):
            return sum(self.value(s) for s in ("low", "high") if not self.occupied(s))
        if self.lengthwise:
            return 0 if self.occupied("B") else self.tile[0]
        return 0 if self.occupied("A") and self.occupied("B") else 2 * self.tile[0]


class Layout:
    """The placed tiles of one hand, found by walking the tree from the lead."""

    def __init__(self, topology: str) -> None:
        if topology not in TOPOLOGIES:
            raise ValueError(f"unknown topology {topology!r}")
        self.topology = topology
        self.root: Node | None = None
        self.placed: list[Part] = []  # every part, in the order placed

    def copy(self) -> Layout:
        """A fresh layout with the same parts placed in the same order."""
        other = Layout(self.topology)
        for part in self.placed:
            other.place(part)
        return other

    # ------------------------------------------------------------------ reading
    def nodes(self) -> list[Node]:
        """Every placed tile, by walking the tree from the lead."""
        out: list[Node] = []
        stack = [self.root] if self.root is not None else []
        while stack:
            node = stack.pop()
            out.append(node)
            stack.extend(node.children.values())
        return out

    def find(self, tile: Tile) -> Node | None:
        return next((node for node in self.nodes() if node.tile == tile), None)

    def has_spinner(self) -> bool:
        return any(node.spinner for node in self.nodes())

    def points(self) -> list[tuple[Tile, str, int]]:
        """Every connection point as ``(anchor, side, value)``, sorted."""
        return sorted(
            (node.tile, side, node.value(side))
            for node in self.nodes()
            for side in node.sides()
            if node.is_point(side)
        )

    def ends_total(self) -> int:
        """The counted ends of the whole layout (README §2.14)."""
        return sum(node.counted() for node in self.nodes())

    def ends(self) -> list[int]:
        """The values of the open points, sorted (for messages)."""
        return sorted(value for _, _, value in self.points())

    def signature(self) -> frozenset[tuple[Tile, Tile | None, str | None, bool, bool]]:
        """The layout as a set of facts, the same whatever order the tiles were placed in."""
        out = set()
        stack: list[tuple[Node, Tile | None]] = [(self.root, None)] if self.root is not None else []
        while stack:
            node, anchor = stack.pop()
            out.add((node.tile, anchor, node.parent_side, node.spinner, node.lengthwise))
            stack.extend((child, node.tile) for child in node.children.values())
        return frozenset(out)

    # ------------------------------------------------------------------ placing
    def _becomes_spinner(self, part: Part) -> bool:
        """Whether the double placed by ``part`` is a spinner (README §2.9)."""
        if not is_double(part.tile) or part.suffix == "=":
            return False
        if self.topology == "spinner":
            return not self.has_spinner()
        return self.topology == "all-spinners"

    def check(self, part: Part) -> Node | None:
        """The anchor node of ``part`` (None for a lead); :class:`RefIllegal` naming the rule it breaks."""
        tile = part.tile
        if self.find(tile) is not None:
            raise RefIllegal(f"{tile_text(tile)} is already in the layout")
        if part.suffix == "=":
            if not is_double(tile):
                raise RefIllegal(f"only a double may be laid lengthwise, not {tile_text(tile)}")
            if part.anchor is None:
                raise RefIllegal("the lead may not be laid lengthwise")
            if self.topology == "spinner" and not self.has_spinner():
                raise RefIllegal(
                    f"{tile_text(tile)} is the hand's first double, the spinner: it lies crosswise"
                )
        elif part.suffix:
            raise RefIllegal(f"the suffix {part.suffix!r} is not allowed in this game")
        if part.anchor is None:
            if self.root is not None:
                raise RefIllegal(f"the hand is already led: {tile_text(tile)} needs @ANCHOR:SIDE")
            return None
        if self.root is None:
            raise RefIllegal(f"nothing is placed yet: the lead is a tile alone, not {part}")
        node = self.find(part.anchor)
        if node is None:
            raise RefIllegal(f"{tile_text(part.anchor)} is not in the layout")
        side = part.side or ""
        anchor = tile_text(node.tile)
        if side not in node.sides():
            if side in BRANCHES and is_double(node.tile):
                raise RefIllegal(f"{anchor} is not a spinner: it has no branch {side}")
            raise RefIllegal(f"{anchor} has no side {side}")
        if node.occupied(side):
            raise RefIllegal(f"side {side} of {anchor} is already covered")
        if not node.is_point(side):
            raise RefIllegal(
                f"branch {side} of spinner {anchor} is not open: both straight sides must be covered"
            )
        value = node.value(side)
        if value not in tile:
            raise RefIllegal(f"{tile_text(tile)} does not show {value}, the value of {anchor}:{side}")
        return node

    def place(self, part: Part) -> None:
        """Place ``part`` (checked first: :class:`RefIllegal` leaves the layout unchanged)."""
        anchor = self.check(part)
        spinner = self._becomes_spinner(part)
        lengthwise = part.suffix == "="
        if anchor is None:
            self.root = Node(part.tile, None, None, spinner, lengthwise)
        else:
            side = part.side or ""
            value = anchor.value(side)
            # a double joins by A; a non-double by its half that shows the point's value
            joined_by = "A" if is_double(part.tile) else "low" if part.tile[0] == value else "high"
            anchor.children[side] = Node(part.tile, side, joined_by, spinner, lengthwise)
        self.placed.append(part)
