"""The layout of one hand as a tree of placed tiles, for every topology of the games covered.

Rules it models (``shared/games/README.md``):

- §2.9 topology. A non-double has the sides ``low`` and ``high``; a double ``A`` and ``B`` and, on a
  spinner only, the branches ``bA`` and ``bB``. A *connection point* is an open side. A tile joins a point
  by a half that matches the point's value (§2.10); a non-double then opens its other half, a double
  joins by ``A`` and opens ``B``. An opening tile opens both of its straight sides.
  ``line``: no double branches. ``spinner`` (sides first, RULES.md §3): the first crosswise double placed
  is the spinner; its branches open once ``A`` and ``B`` are both covered. ``all-spinners`` (Five Up):
  every crosswise double is a spinner with that rule. ``open-at-once`` (Donkey, ``donkey.md`` §4.2): the
  first double placed and not closed is the spinner, and its branches open as soon as it is placed.
  ``forced-four`` (Sebastopol, ``sebastopol.md`` §4.2): the lead (6-6) is the spinner with ``A``, ``B``,
  ``bA``, ``bB`` open at once, and while any of the four is uncovered they are the only connection
  points; later doubles never branch.
- §2.10 matching. ``equal``: a tile joins a point of value *v* by a half showing *v*. ``sum7`` (Matador,
  ``matador.md`` §4): an ordinary tile joins by its half 7 − *v* (so a point showing 0 takes none); a
  double *n-n* joins a point showing 7 − *n* and leaves *n* open, in line; the matadors 0-0, 1-6, 2-5 and
  3-4 join any point, and 1-6, 2-5, 3-4 name the half left open with the suffix ``>N`` (0-0 leaves 0).
- §2.11 lengthwise doubles (Muggins): a double that is not the spinner may lie lengthwise; it joins by
  ``A`` and opens ``B``. The first double of a spinner layout is the spinner, always crosswise, so it may
  not be lengthwise; neither may the lead. Closing (Donkey, ``donkey.md`` §4.5, suffix ``#``): a closed
  double opens nothing, is never the spinner and takes no tile; the lead may not be closed.
- §2.14 counted ends: each open side of a non-double counts its value; a crosswise double with ``A`` or
  ``B`` open counts both halves once; a lengthwise double with ``B`` open counts its number once;
  branches count nothing themselves; a closed double counts nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tests.reference.family.errors import RefIllegal
from tests.reference.family.tiles import Part, Tile, is_double, tile_text

TOPOLOGIES = ("line", "spinner", "all-spinners", "open-at-once", "forced-four")
MATCHINGS = ("equal", "sum7")
BRANCHES = ("bA", "bB")
FOUR = ("A", "B", *BRANCHES)
MATADORS: frozenset[Tile] = frozenset({(0, 0), (1, 6), (2, 5), (3, 4)})
"""``matador.md`` §4.4: the four tiles that join any point."""


@dataclass
class Node:
    """One placed tile: where it hangs in the tree, how it lies, and what hangs on its sides."""

    tile: Tile
    parent_side: str | None  # the anchor's side it joins (None for the lead)
    joined_by: str | None  # its own side that touches the anchor (None for the lead)
    spinner: bool
    lengthwise: bool
    closed: bool = False  # donkey.md §4.5: face down, takes nothing
    at_once: bool = False  # a spinner whose branches open when it is placed (README §2.9)
    children: dict[str, Node] = field(default_factory=dict)

    def sides(self) -> tuple[str, ...]:
        """Its sides in the notation (README §2.9)."""
        if not is_double(self.tile):
            return ("low", "high")
        return FOUR if self.spinner else ("A", "B")

    def occupied(self, side: str) -> bool:
        return side == self.joined_by or side in self.children

    def value(self, side: str) -> int:
        """The number a side shows: a non-double's half, a double's number."""
        return self.tile[1] if side == "high" else self.tile[0]

    def is_point(self, side: str) -> bool:
        """An open side where a tile may join now: never on a closed double; a branch at once on an
        open-at-once spinner, else only once both straight sides are covered."""
        if self.closed or self.occupied(side):
            return False
        if side in BRANCHES:
            return self.at_once or (self.occupied("A") and self.occupied("B"))
        return True

    def counted(self) -> int:
        """What this tile adds to the counted ends (README §2.14)."""
        if self.closed:
            return 0
        if not is_double(self.tile):
            return sum(self.value(s) for s in ("low", "high") if not self.occupied(s))
        if self.lengthwise:
            return 0 if self.occupied("B") else self.tile[0]
        return 0 if self.occupied("A") and self.occupied("B") else 2 * self.tile[0]


class Layout:
    """The placed tiles of one hand, found by walking the tree from the lead."""

    def __init__(self, topology: str, matching: str = "equal", closing: bool = False) -> None:
        if topology not in TOPOLOGIES:
            raise ValueError(f"unknown topology {topology!r}")
        if matching not in MATCHINGS:
            raise ValueError(f"unknown matching {matching!r}")
        self.topology = topology
        self.matching = matching
        self.closing = closing
        self.root: Node | None = None
        self.placed: list[Part] = []  # every part, in the order placed

    def copy(self) -> Layout:
        """A fresh layout with the same parts placed in the same order."""
        other = Layout(self.topology, self.matching, self.closing)
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

    def forced(self) -> bool:
        """``sebastopol.md`` §4.2: the lead's four sides are not all covered yet, so only they take tiles."""
        root = self.root
        return (
            self.topology == "forced-four"
            and root is not None
            and root.spinner
            and not all(root.occupied(side) for side in FOUR)
        )

    def points(self) -> list[tuple[Tile, str, int]]:
        """Every connection point as ``(anchor, side, value)``, sorted."""
        nodes = [self.root] if self.forced() and self.root is not None else self.nodes()
        return sorted(
            (node.tile, side, node.value(side))
            for node in nodes
            for side in node.sides()
            if node.is_point(side)
        )

    def end_nodes(self) -> list[tuple[Node, str]]:
        """The open sides with the tile they belong to, in the order of :meth:`points` (for headers)."""
        nodes = [self.root] if self.forced() and self.root is not None else self.nodes()
        found = [(node, side) for node in nodes for side in node.sides() if node.is_point(side)]
        return sorted(found, key=lambda pair: (pair[0].tile, pair[1]))

    def ends_total(self) -> int:
        """The counted ends of the whole layout (README §2.14)."""
        return sum(node.counted() for node in self.nodes())

    def ends(self) -> list[int]:
        """The values of the open points, sorted (for messages)."""
        return sorted(value for _, _, value in self.points())

    def signature(self) -> frozenset[tuple[Tile, Tile | None, str | None, str | None, bool, bool, bool]]:
        """The layout as a set of facts, the same whatever order the tiles were placed in."""
        out = set()
        stack: list[tuple[Node, Tile | None]] = [(self.root, None)] if self.root is not None else []
        while stack:
            node, anchor = stack.pop()
            lies = (node.spinner, node.lengthwise, node.closed)
            out.add((node.tile, anchor, node.parent_side, node.joined_by, *lies))
            stack.extend((child, node.tile) for child in node.children.values())
        return frozenset(out)

    # ------------------------------------------------------------------ placing
    def _becomes_spinner(self, part: Part) -> bool:
        """Whether the double placed by ``part`` is a spinner (README §2.9)."""
        if not is_double(part.tile) or part.suffix in ("=", "#"):
            return False
        if self.topology in ("spinner", "open-at-once"):
            return not self.has_spinner()
        if self.topology == "forced-four":
            return part.anchor is None
        return self.topology == "all-spinners"

    def _check_suffix(self, part: Part) -> None:
        """The suffixes a game allows: ``=`` (lengthwise), ``#`` (closed), ``>N`` (a matador's open half)."""
        tile, text = part.tile, tile_text(part.tile)
        if part.suffix == "=":
            if not is_double(tile):
                raise RefIllegal(f"only a double may be laid lengthwise, not {text}")
            if part.anchor is None:
                raise RefIllegal("the lead may not be laid lengthwise")
            if self.topology == "spinner" and not self.has_spinner():
                raise RefIllegal(f"{text} is the hand's first double, the spinner: it lies crosswise")
        elif part.suffix == "#" and self.closing:
            if not is_double(tile):
                raise RefIllegal(f"only a double may be closed, not {text} (donkey.md §4.5)")
            if part.anchor is None:
                raise RefIllegal("the lead may not be closed (donkey.md §4.5)")
        elif part.suffix.startswith(">") and self.matching == "sum7":
            if part.anchor is None:
                raise RefIllegal("a lead is the tile alone, with no >N: it leaves both halves open")
            if tile not in MATADORS or is_double(tile):
                raise RefIllegal(
                    f"only the matadors 1-6, 2-5 and 3-4 take >N, not {text} (matador.md §4.4; 0-0 leaves 0)"
                )
            if int(part.suffix[1:]) not in tile:
                raise RefIllegal(f"the matador {text} has no half {part.suffix[1:]} to leave open")
        elif part.suffix:
            raise RefIllegal(f"the suffix {part.suffix!r} is not allowed in this game")
        elif self.matching == "sum7" and part.anchor is not None and tile in MATADORS and not is_double(tile):
            raise RefIllegal(f"the matador {text} needs >N, the half it leaves open (matador.md §4.4)")

    def _check_match(self, part: Part, node: Node, side: str) -> None:
        """README §2.10: equal halves, or (Matador) sum to seven with the matadors joining anything."""
        tile, value, anchor = part.tile, node.value(side), tile_text(node.tile)
        if self.matching == "equal":
            if value not in tile:
                raise RefIllegal(f"{tile_text(tile)} does not show {value}, the value of {anchor}:{side}")
            return
        if tile in MATADORS:
            return
        if value == 0:
            raise RefIllegal(
                f"{anchor}:{side} shows 0: only a matador (0-0, 1-6, 2-5, 3-4) may join it (matador.md §4.2)"
            )
        if 7 - value not in tile:
            raise RefIllegal(
                f"{tile_text(tile)} has no half {7 - value} to add up to seven with {value}, the value of "
                f"{anchor}:{side} (matador.md §4.2)"
            )

    def check(self, part: Part) -> Node | None:
        """The anchor node of ``part`` (None for a lead); :class:`RefIllegal` naming the rule it breaks."""
        tile = part.tile
        if self.find(tile) is not None:
            raise RefIllegal(f"{tile_text(tile)} is already in the layout")
        self._check_suffix(part)
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
        if node.closed:
            raise RefIllegal(f"{anchor} is closed: nothing may be joined to it (donkey.md §4.5)")
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
        if self.forced() and node is not self.root:
            root = tile_text(self.root.tile) if self.root is not None else ""
            raise RefIllegal(
                f"the spinner {root} has an uncovered side: only its sides A, B, bA, bB take tiles until "
                "all four are covered (sebastopol.md §4.2)"
            )
        self._check_match(part, node, side)
        return node

    def _joined_by(self, part: Part, value: int) -> str:
        """The side of the placed tile that touches its anchor; the other side stays open."""
        tile = part.tile
        if is_double(tile):
            return "A"
        if part.suffix.startswith(">"):  # a matador: the named half stays open (matador.md §4.4)
            return "high" if int(part.suffix[1:]) == tile[0] else "low"
        touching = value if self.matching == "equal" else 7 - value
        return "low" if tile[0] == touching else "high"

    def place(self, part: Part) -> None:
        """Place ``part`` (checked first: :class:`RefIllegal` leaves the layout unchanged)."""
        anchor = self.check(part)
        spinner = self._becomes_spinner(part)
        at_once = spinner and self.topology in ("open-at-once", "forced-four")
        lengthwise = part.suffix == "="
        closed = part.suffix == "#"
        if anchor is None:
            self.root = Node(part.tile, None, None, spinner, lengthwise, closed, at_once)
        else:
            side = part.side or ""
            joined_by = self._joined_by(part, anchor.value(side))
            anchor.children[side] = Node(part.tile, side, joined_by, spinner, lengthwise, closed, at_once)
        self.placed.append(part)
