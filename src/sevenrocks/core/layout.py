"""The layout: placed tiles, the spinners, connection points and counted ends.

A *connection point* is a place where a tile may legally be joined; a *counted end* is what
the placement score adds up. They are not the same thing:

- an ordinary open end counts its open value (zeros included);
- a double at an end (one straight side open) counts both halves; the spinner too while one of
  its straight sides is open, and an opening double alone counts both halves once;
- once both straight sides of the spinner are filled it counts nothing, its side branches open
  as connection points, and an unused branch counts zero.

>>> layout = Layout()
>>> for text in ["1-4", "1-1@1-4:low", "4-4@1-4:high", "3-4@4-4:B", "1-2@1-1:B"]:
...     total = layout.place(Play.parse(text))
>>> [str(p) for p in layout.points]
['1-1:bA', '1-1:bB', '1-2:high', '3-4:low']
>>> [(str(tile), n) for tile, n in layout.counted()], layout.ends_total
([('1-2', 2), ('3-4', 3)], 5)
>>> layout.unplace(), layout.ends_total
(Play.parse('1-2@1-1:B'), 5)

The games of the family differ only in which doubles branch and when (their *topology*), and in
two marks a double may carry: laid lengthwise (it counts its number once) or closed (it opens
nothing). Five Up makes every double a spinner:

>>> layout = Layout(Topology.ALL_SPINNERS)
>>> for text in ["5-5", "3-5@5-5:A", "1-5@5-5:B", "3-3@3-5:low", "0-3@3-3:B"]:
...     total = layout.place(Play.parse(text))
>>> [str(p) for p in layout.points], layout.ends_total
(['0-3:low', '1-5:low', '3-3:bA', '3-3:bB', '5-5:bA', '5-5:bB'], 1)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Final

from sevenrocks.core.errors import (
    BlankEndError,
    BranchNotOpenError,
    EmptyHistoryError,
    ForcedFourError,
    IllegalPlayError,
    LengthwiseError,
    MismatchError,
    MoveKindError,
    NoBranchError,
    OpenHalfError,
    OpeningPlayError,
    SideNotOpenError,
    UnknownAnchorError,
)
from sevenrocks.core.games.model import Matching, Rules, Topology
from sevenrocks.core.matching import MATADOR_MASK, SEVEN_FITS, SEVEN_PLAY, SEVEN_SIDE, is_matador
from sevenrocks.core.notation import (
    PLAY_TABLE,
    POINT_VALUE,
    POINTS,
    SIDES_PER_TILE,
    ConnectionPoint,
    Play,
    Side,
    side_fits,
    side_value,
)
from sevenrocks.core.tiles import SUIT_MASKS, TILES, Tile

__all__ = ["CLOSED", "LENGTHWISE", "OPEN_HIGH", "OPEN_LOW", "Layout", "mark_bits"]

#: Marks of a placed tile (``place_ids``): a double laid lengthwise, a double closed, a matador
#: leaving its low or its high half open.
LENGTHWISE: Final = 1
CLOSED: Final = 2
OPEN_LOW: Final = 4
OPEN_HIGH: Final = 8


def mark_bits(play: Play) -> int:
    """The marks of a play as :data:`LENGTHWISE`, :data:`CLOSED`, :data:`OPEN_LOW` and
    :data:`OPEN_HIGH` bits (a named open half that is not one of the tile's halves: no bit)."""
    marks = play.marks
    if marks < 4:
        return marks
    half = play.open_half
    tile = play.tile
    extra = OPEN_LOW if half == tile.low else OPEN_HIGH if half == tile.high else 0
    return (marks & 3) | extra


_LOW, _HIGH, _A, _B, _BA, _BB = 0, 1, 2, 3, 4, 5
#: a double's straight sides
_STRAIGHT: Final = (_A, _B)

#: What an open point adds to the counted total (the spinner is handled apart).
_POINT_COUNT: Final = tuple(
    -1 if p is None else (p.value if p.side <= _HIGH else (0 if p.side >= _BA else 2 * p.value))
    for p in POINTS
)
_IS_DOUBLE: Final = tuple(t.is_double for t in TILES)
_LOW_OF: Final = tuple(t.low for t in TILES)
_HIGH_OF: Final = tuple(t.high for t in TILES)


_SPINNER = Topology.SPINNER
_ALL_SPINNERS = Topology.ALL_SPINNERS
_SPINNER_OPEN = Topology.SPINNER_OPEN
_LINE = Topology.LINE
_FORCED_FOUR = Topology.FORCED_FOUR


#: :meth:`Layout.placed_on` as built: the placements' count, the last placement, the mapping
_PlacedOn = tuple[int, tuple[int, int, int] | None, dict[Tile, ConnectionPoint | None]]


class Layout:
    """The tiles on the table in one hand, and what is open and counted.

    ``topology`` says which doubles branch (Seven Rocks: the first double, once both its straight
    sides are covered); ``lengthwise`` and ``closing`` allow the marks ``=`` and ``#`` on doubles;
    ``matching`` says how a tile joins a point (Matador: by sum to seven, with matadors).
    :meth:`place` checks a play against the rules of placement (not against any hand) and
    returns the counted total after it; :meth:`unplace` takes the last placement back.
    """

    __slots__ = (
        "_all_spinners",
        "_closing",
        "_cover",
        "_history",
        "_lengthwise",
        "_long",
        "_matching",
        "_od",
        "_on",
        "_placed",
        "_points",
        "_sides_first",
        "_spinner",
        "_topology",
        "_total",
        "_waiting",
    )

    def __init__(
        self,
        topology: Topology = _SPINNER,
        *,
        lengthwise: bool = False,
        closing: bool = False,
        matching: Matching = Matching.EQUAL,
    ) -> None:
        self._topology = topology
        self._lengthwise = lengthwise
        self._closing = closing
        #: joins by sum to seven, with matadors (Matador)
        self._matching = matching is Matching.SUM_SEVEN
        #: the doubles' branches open once both straight sides are covered (one or every double)
        self._sides_first = topology is _SPINNER or topology is _ALL_SPINNERS
        self._all_spinners = topology is _ALL_SPINNERS
        #: the opening tile when it is a double (it may count with both straight sides open), else -1
        self._od = -1
        #: open point ids, ascending
        self._points: tuple[int, ...] = ()
        self._total = 0
        #: the (first) spinner's tile index, -1 before it
        self._spinner = -1
        #: bitmask of the doubles laid lengthwise
        self._long = 0
        #: placements in order: (tile index, point id or -1 for the opening, marks)
        self._placed: list[tuple[int, int, int]] = []
        #: :meth:`placed_on` as last built, with the placements' count and last one then
        self._on: _PlacedOn | None = None
        #: point id -> index of the tile placed on it
        self._cover: dict[int, int] = {}
        #: forced four: the arms' open ends waiting until the lead's four sides are covered
        #: (``None`` once they are, and in every other topology)
        self._waiting: tuple[int, ...] | None = None
        self._history: list[tuple[tuple[int, ...], int, int, int, tuple[int, ...] | None]] = []

    @classmethod
    def for_rules(cls, rules: Rules) -> Layout:
        """An empty layout of the game ``rules`` describe."""
        return cls(
            rules.topology, lengthwise=rules.lengthwise, closing=rules.closing, matching=rules.matching
        )

    # ----------------------------------------------------------------- reading
    @property
    def topology(self) -> Topology:
        """Which doubles branch, and when."""
        return self._topology

    @property
    def is_empty(self) -> bool:
        """True before the opening."""
        return not self._placed

    @property
    def ends_total(self) -> int:
        """The sum of the counted ends."""
        return self._total

    @property
    def spinner(self) -> Tile | None:
        """The spinner (the first double of the hand, where the topology has one), if placed."""
        return TILES[self._spinner] if self._spinner >= 0 else None

    @property
    def spinners(self) -> tuple[Tile, ...]:
        """Every double with side branches: the spinner, or with all spinners every placed double."""
        if self._topology is _ALL_SPINNERS:
            return tuple(TILES[t] for t, _, mark in self._placed if _IS_DOUBLE[t] and not mark)
        return (TILES[self._spinner],) if self._spinner >= 0 else ()

    @property
    def matching(self) -> Matching:
        """How tiles join points."""
        return Matching.SUM_SEVEN if self._matching else Matching.EQUAL

    @property
    def points(self) -> tuple[ConnectionPoint, ...]:
        """The open connection points, ordered by anchor tile then side."""
        return tuple(POINTS[pid] for pid in self._points)  # type: ignore[misc]

    @property
    def waiting(self) -> tuple[ConnectionPoint, ...]:
        """Forced four: the open ends of the arms, which become connection points once the lead's
        four sides are all covered (empty in every other topology, and once they are)."""
        return tuple(POINTS[pid] for pid in self._waiting or ())  # type: ignore[misc]

    @property
    def point_values(self) -> tuple[int, ...]:
        """The values of the open connection points (one per point, in :attr:`points` order)."""
        return tuple(POINT_VALUE[pid] for pid in self._points)

    @property
    def playable_mask(self) -> int:
        """Bitmask of the tiles that match at least one open connection point."""
        mask = 0
        if self._matching:
            for pid in self._points:
                mask |= SEVEN_FITS[pid]
            return mask
        for pid in self._points:
            mask |= SUIT_MASKS[POINT_VALUE[pid]]
        return mask

    def header_points(self) -> int:
        """Bergen's headers (README §2.14, ``bergen.md`` §7) on a line: 2 for a double header (both
        ends show one number and neither is a double, or the lone opening double), 3 for a triple
        header (a crosswise double at one end and the same number at the other), else 0.

        >>> layout = Layout(Topology.LINE)
        >>> [layout.place(Play.parse(p)) and layout.header_points() for p in
        ...  ("6-6", "2-6@6-6:A", "4-6@6-6:B", "2-4@4-6:low", "2-2@2-4:low")]
        [2, 0, 0, 2, 3]
        """
        points = self._points
        if len(self._placed) == 1:
            return 2 if _IS_DOUBLE[self._placed[0][0]] else 0
        if len(points) != 2:
            return 0
        p, q = points
        if POINT_VALUE[p] != POINT_VALUE[q]:
            return 0
        doubles = (p % SIDES_PER_TILE >= _A) + (q % SIDES_PER_TILE >= _A)
        return 3 if doubles == 1 else 2 if doubles == 0 else 0

    def fits(self, tile: Tile) -> bool:
        """True if ``tile`` may join at least one open connection point (by the game's matching)."""
        return bool(self.playable_mask >> tile.index & 1)

    def matches(self, tile: Tile, point: ConnectionPoint) -> bool:
        """True if ``tile`` matches ``point`` by the game's matching alone (equal numbers, or
        Matador's sums to seven and its matadors); the game's other rules may still refuse it."""
        pid = point.id
        mask = SEVEN_FITS[pid] if self._matching else SUIT_MASKS[POINT_VALUE[pid]]
        return bool(mask >> tile.index & 1)

    @property
    def plays(self) -> tuple[Play, ...]:
        """Every placement so far, in order."""
        return tuple(self._play_of(t, pid, mark) for t, pid, mark in self._placed)

    def placed_on(self) -> Mapping[Tile, ConnectionPoint | None]:
        """The point each placed tile joined (``None`` for the opening tile), without building
        :attr:`plays`; built once for each position (read it, do not change it).

        >>> layout = Layout()
        >>> for text in ("1-4", "4-4@1-4:high"):
        ...     _ = layout.place(Play.parse(text))
        >>> {str(tile): str(point) for tile, point in layout.placed_on().items()}
        {'1-4': 'None', '4-4': '1-4:high'}
        """
        placed = self._placed
        last = placed[-1] if placed else None
        known = self._on
        # the same count and the very same last placement (each placement is a tuple of its
        # own, kept alive here): the same placements, whatever was tried and taken back since
        if known is not None and known[0] == len(placed) and known[1] is last:
            return known[2]
        found = {TILES[t]: POINTS[pid] if pid >= 0 else None for t, pid, _ in placed}
        self._on = (len(placed), last, found)
        return found

    @property
    def last_play(self) -> Play | None:
        """The latest placement (``None`` before the opening), without building :attr:`plays`."""
        if not self._placed:
            return None
        t, pid, mark = self._placed[-1]
        return self._play_of(t, pid, mark)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The placed tiles, in the order they were placed."""
        return tuple(TILES[t] for t, _, _ in self._placed)

    @property
    def mask(self) -> int:
        """Bitmask of the placed tiles."""
        mask = 0
        for t, _, _ in self._placed:
            mask |= 1 << t
        return mask

    def __len__(self) -> int:
        return len(self._placed)

    def __contains__(self, tile: object) -> bool:
        return isinstance(tile, Tile) and any(t == tile.index for t, _, _ in self._placed)

    def __iter__(self) -> Iterator[Play]:
        return iter(self.plays)

    def is_lengthwise(self, tile: Tile) -> bool:
        """True for a double laid lengthwise."""
        return bool(self._long >> tile.index & 1)

    def is_closed(self, tile: Tile) -> bool:
        """True for a double closed (turned face down): nothing may be joined to it."""
        return any(t == tile.index and mark & CLOSED for t, _, mark in self._placed)

    def counted(self) -> tuple[tuple[Tile, int], ...]:
        """The counted ends as ``(tile, contribution)`` pairs, in :attr:`points` order.

        A double with both straight sides open (the lone opening double) appears once; side
        branches never appear (an unused branch counts zero, a used one counts at its arm's end);
        a lengthwise double at an end counts its number once.
        """
        out: list[tuple[Tile, int]] = []
        seen_double = -1
        for pid in self._points:
            anchor, side = divmod(pid, SIDES_PER_TILE)
            if side >= _BA:
                continue
            if side >= _A:
                if anchor == seen_double:
                    continue
                seen_double = anchor
                if self._long >> anchor & 1:
                    out.append((TILES[anchor], _LOW_OF[anchor]))
                    continue
            out.append((TILES[anchor], _POINT_COUNT[pid]))
        return tuple(out)

    def covering(self, point: ConnectionPoint) -> Tile | None:
        """The tile placed on ``point``, if any."""
        t = self._cover.get(point.id)
        return TILES[t] if t is not None else None

    def joined_by(self, tile: Tile) -> Play | None:
        """How ``tile`` was placed (``None`` if it is not in the layout)."""
        for t, pid, mark in self._placed:
            if t == tile.index:
                return self._play_of(t, pid, mark)
        return None

    def outward(self, play: Play) -> Side:
        """The side of ``play``'s tile that faces away from its anchor (a double: ``B``).

        Where tiles join by equal numbers the other half faces out; in Matador (sums to seven) the
        half that is not the complement of the anchor's number, or the half a matador names.

        >>> layout = Layout()
        >>> layout.outward(Play.parse("3-5@1-3:high")).name
        'HIGH'
        """
        tile, anchor, side = play.tile, play.anchor, play.side
        if anchor is None or side is None:
            raise ValueError("the opening tile has two outward sides")
        if tile.is_double:
            return Side.B
        value = anchor.high if side is Side.HIGH else anchor.low
        if self._matching:
            bits = mark_bits(play)
            if bits & OPEN_LOW:
                return Side.LOW
            if bits & OPEN_HIGH:
                return Side.HIGH
            value = 7 - value
        return Side.HIGH if tile.low == value else Side.LOW

    def is_open(self, point: ConnectionPoint) -> bool:
        """True if ``point`` is an open connection point now."""
        return point.id in self._points

    # ------------------------------------------------------------------ checks
    def check(self, play: Play) -> None:
        """Raise the :class:`IllegalPlayError` that ``play`` breaks here, if any.

        >>> Layout().check(Play.parse("3-4@4-4:B"))  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        sevenrocks.core.errors.OpeningPlayError: 3-4@4-4:B: the layout is empty: open the hand ...
        """
        if self._fast_pid(play) is not None:
            return
        tile, anchor, side = play.tile, play.anchor, play.side
        self._check_marks(play)
        if anchor is None or side is None:
            if self._placed:
                raise OpeningPlayError(
                    f"{play} is written as an opening, but the hand is already open: "
                    "write TILE@ANCHOR:SIDE, e.g. '3-4@4-4:B'"
                )
            return
        if not self._placed:
            raise OpeningPlayError(
                f"{play}: the layout is empty: open the hand with a tile alone, e.g. '{play.tile}'"
            )
        if tile in self:
            raise IllegalPlayError(f"tile {tile} is already in the layout")
        if anchor not in self:
            raise UnknownAnchorError(f"{play}: anchor {anchor} has not been placed in the layout")
        if not side_fits(anchor, side):
            if anchor.is_double:
                where = "the spinner" if self._topology is _SPINNER else "a spinner"
                if self._topology is _LINE:
                    raise SideNotOpenError(
                        f"{play}: {anchor} is a double: its sides are A and B, not {side.notation}"
                    )
                raise SideNotOpenError(
                    f"{play}: {anchor} is a double: its sides are A and B "
                    f"(and bA, bB on {where}), not {side.notation}"
                )
            raise SideNotOpenError(
                f"{play}: {anchor} is not a double: its sides are low and high, not {side.notation}"
            )
        if self.is_closed(anchor):
            raise SideNotOpenError(f"{play}: {anchor} is closed: nothing may be joined to it")
        if side.is_branch:
            self._check_branch(play, anchor, side)
        pid = anchor.index * SIDES_PER_TILE + side
        if self._waiting and pid in self._waiting:
            lead = TILES[self._placed[0][0]]
            uncovered = ", ".join(str(p) for p in self.points)
            raise ForcedFourError(
                f"{play}: {lead} must be surrounded on all four sides before any arm grows: "
                f"{uncovered} {'is' if len(self._points) == 1 else 'are'} still open"
            )
        if pid not in self._points:
            covering = self._cover.get(pid)
            if covering is not None:
                raise SideNotOpenError(
                    f"{play}: side {side.notation} of {anchor} is covered by {TILES[covering]}"
                )
            joined = self.joined_by(anchor)
            where = f" {joined.anchor}" if joined is not None and joined.anchor is not None else ""
            raise SideNotOpenError(
                f"{play}: side {side.notation} of {anchor} is where it joins the layout{where}"
            )
        value = side_value(anchor, side)
        if self._matching:
            if value == 0:
                raise BlankEndError(
                    f"{play}: side {side.notation} of {anchor} shows a blank: only a matador "
                    "(0-0, 1-6, 2-5, 3-4) may join it"
                )
            raise MismatchError(
                f"{play}: tile {tile} does not add up to seven with side {side.notation} of {anchor}, "
                f"which shows {value}: it needs a {7 - value}"
            )
        if not tile.has(value):
            raise MismatchError(
                f"{play}: tile {tile} does not match side {side.notation} of {anchor}, which shows {value}"
            )
        raise IllegalPlayError(f"{play} is not a legal placement")  # pragma: no cover

    def _check_marks(self, play: Play) -> None:
        """The errors of a play's marks: a lengthwise or closed double where that is not allowed,
        a matador's open half missing, misplaced or not one of its halves."""
        if self._matching:
            self._check_open_half(play)
        elif play.open_half is not None:
            raise MoveKindError(
                f"{play}: '>N' names the open half of a matador, and this game has no matadors"
            )
        if play.lengthwise:
            if not self._lengthwise:
                raise LengthwiseError(f"{play}: doubles are never laid lengthwise in this game")
            if not play.tile.is_double:
                raise LengthwiseError(
                    f"{play}: only a double may be laid lengthwise, and {play.tile} is not one"
                )
            if play.anchor is None:
                raise LengthwiseError(f"{play}: the lead is never laid lengthwise")
            if self._spinner < 0 and self._topology is not _LINE:
                raise LengthwiseError(
                    f"{play}: the first double of the hand is the spinner, which always lies crosswise"
                )
        if play.closed:
            if not self._closing:
                raise MoveKindError(f"{play}: doubles are never closed in this game")
            if not play.tile.is_double:
                raise MoveKindError(f"{play}: only a double may be closed, and {play.tile} is not one")
            if play.anchor is None:
                raise MoveKindError(f"{play}: the lead may not be closed")

    @staticmethod
    def _check_open_half(play: Play) -> None:
        tile, half = play.tile, play.open_half
        named = half is not None
        if play.anchor is None:
            if named:
                raise OpenHalfError(f"{play}: a lead leaves both halves open: write it as {tile} alone")
            return
        if not is_matador(tile) or tile.is_double:
            if named:
                what = (
                    "0-0 always leaves 0 open"
                    if tile.is_double and is_matador(tile)
                    else (f"{tile} is not a matador")
                )
                raise OpenHalfError(f"{play}: '>N' names the half a matador leaves open, and {what}")
            return
        if not named:
            raise OpenHalfError(
                f"{play}: {tile} is a matador: name the half it leaves open, "
                f"'{play}>{tile.low}' or '{play}>{tile.high}'"
            )
        if not tile.has(half):  # type: ignore[arg-type]
            raise OpenHalfError(f"{play}: {tile} has no half {half}: write >{tile.low} or >{tile.high}")

    def _check_branch(self, play: Play, anchor: Tile, side: Side) -> None:
        topology = self._topology
        if topology is _LINE:
            raise NoBranchError(f"{play}: the layout is a line: no double has side branches")
        if topology is not _ALL_SPINNERS and anchor.index != self._spinner:
            spinner = self.spinner
            raise BranchNotOpenError(
                f"{play}: {anchor} is not the spinner"
                + (f" (the spinner is {spinner})" if spinner else "")
                + ": only the spinner has side branches"
            )
        if self.is_lengthwise(anchor):
            raise BranchNotOpenError(f"{play}: {anchor} lies lengthwise: it has no side branches")
        if topology is _SPINNER_OPEN:
            return
        a_open = anchor.index * SIDES_PER_TILE + _A in self._points
        b_open = anchor.index * SIDES_PER_TILE + _B in self._points
        if a_open or b_open:
            empty = " and ".join(n for n, o in (("line A", a_open), ("line B", b_open)) if o)
            verb = "are" if a_open and b_open else "is"
            raise BranchNotOpenError(
                f"branch {side.notation} of spinner {anchor} is not open: {empty} {verb} still empty"
            )

    def _fast_pid(self, play: Play) -> int | None:
        """The point id of ``play`` if it is legal here (-1 for a legal opening), else ``None``."""
        pid = play.pid
        if pid < 0:
            return None if self._placed or play.marks else -1
        if self._matching:
            return pid if pid in self._points and self._seven_ok(play, pid) else None
        if pid in self._points and PLAY_TABLE[play.tile.index * 168 + pid] is not None:
            if play.marks:
                return pid if self._marks_ok(play) else None
            return pid
        return None

    @staticmethod
    def _seven_ok(play: Play, pid: int) -> bool:
        t = play.tile.index
        if not SEVEN_FITS[pid] >> t & 1 or t == pid // SIDES_PER_TILE:
            return False
        if MATADOR_MASK >> t & 1 and not _IS_DOUBLE[t]:
            return play.marks == 4 and play.tile.has(play.open_half)  # type: ignore[arg-type]
        return not play.marks

    def _marks_ok(self, play: Play) -> bool:
        if play.open_half is not None or not play.tile.is_double:
            return False
        if play.lengthwise:
            return self._lengthwise and (self._spinner >= 0 or self._topology is _LINE)
        return self._closing

    @staticmethod
    def marks(play: Play) -> int:
        """The marks of a play as :data:`LENGTHWISE`, :data:`CLOSED`, :data:`OPEN_LOW` and
        :data:`OPEN_HIGH` bits (:func:`mark_bits`)."""
        return mark_bits(play)

    # ------------------------------------------------------------------ change
    def place(self, play: Play) -> int:
        """Check and place ``play``; return the counted total after it."""
        pid = self._fast_pid(play)
        if pid is None:
            self.check(play)
            raise IllegalPlayError(f"{play} is not a legal placement")  # pragma: no cover
        self.place_ids(play.tile.index, pid, self.marks(play))
        return self._total

    def place_ids(self, t: int, pid: int, mark: int = 0) -> int:
        """Place tile index ``t`` on point id ``pid`` (-1: opening) with no checks; return the total.

        ``mark`` holds :data:`LENGTHWISE` or :data:`CLOSED` for a marked double. The fast path for
        search and simulation: the caller guarantees legality.
        """
        self._history.append((self._points, self._total, self._spinner, self._long, self._waiting))
        self._placed.append((t, pid, mark))
        base = t * SIDES_PER_TILE
        if pid < 0:
            topology = self._topology
            if _IS_DOUBLE[t]:
                self._od = t
                if topology is _LINE:
                    self._points = (base + _A, base + _B)
                else:
                    self._spinner = t
                    if topology is _SPINNER_OPEN or topology is _FORCED_FOUR:
                        self._points = (base + _A, base + _B, base + _BA, base + _BB)
                        if topology is _FORCED_FOUR:
                            self._waiting = ()
                    else:
                        self._points = (base + _A, base + _B)
                self._total = 2 * _LOW_OF[t]
            else:
                self._od = -1
                self._points = (base + _LOW, base + _HIGH)
                self._total = _LOW_OF[t] + _HIGH_OF[t]
            return self._total
        self._cover[pid] = t
        before = self._points
        points = list(before)
        points.remove(pid)
        anchor = pid // SIDES_PER_TILE
        side = pid - anchor * SIDES_PER_TILE
        # the counted total changes by what the covered point counted and what the new one counts
        # (README §2.14): branches count nothing; a lengthwise double its number once; the lone
        # opening double both halves once, on either straight side
        removed = _POINT_COUNT[pid]
        if side in _STRAIGHT:
            od = self._od
            if anchor == od and od * SIDES_PER_TILE + _A in before and od * SIDES_PER_TILE + _B in before:
                removed = 0
            elif side == _B and self._long >> anchor & 1:
                removed = _LOW_OF[anchor]
        if self._matching:  # Matador: every tile in line, one half open (matador.md §4)
            if _IS_DOUBLE[t]:
                opened = _B
            elif mark & OPEN_LOW:
                opened = _LOW
            elif mark & OPEN_HIGH:
                opened = _HIGH
            else:
                opened = SEVEN_SIDE[t * 168 + pid]
            points.append(base + opened)
            added = _HIGH_OF[t] if opened == _HIGH else _LOW_OF[t]
        elif _IS_DOUBLE[t]:
            if mark & CLOSED:
                added = 0  # a closed double opens nothing and never branches
            else:
                points.append(base + _B)
                if mark & LENGTHWISE:
                    self._long |= 1 << t
                    added = _LOW_OF[t]
                else:
                    added = 2 * _LOW_OF[t]
                    if self._spinner < 0 and self._topology is not _LINE:
                        self._spinner = t
                        if self._topology is _SPINNER_OPEN:
                            points.append(base + _BA)
                            points.append(base + _BB)
        elif _LOW_OF[t] == POINT_VALUE[pid]:
            points.append(base + _HIGH)
            added = _HIGH_OF[t]
        else:
            points.append(base + _LOW)
            added = _LOW_OF[t]
        if (
            self._sides_first
            and (side in _STRAIGHT)
            and (anchor == self._spinner or (self._all_spinners and _IS_DOUBLE[anchor]))
        ):
            other = anchor * SIDES_PER_TILE + (_B if side == _A else _A)
            if other not in points:
                points.append(anchor * SIDES_PER_TILE + _BA)
                points.append(anchor * SIDES_PER_TILE + _BB)
        waiting = self._waiting
        if waiting is not None:  # forced four: the arms wait until the lead is surrounded
            lead = self._placed[0][0]
            sides = [p for p in points if p // SIDES_PER_TILE == lead]
            arms = [p for p in points if p // SIDES_PER_TILE != lead]
            if sides:
                self._waiting = waiting + tuple(arms)
                points = sides
            else:
                points = [*waiting, *arms]
                self._waiting = None
        points.sort()
        self._points = tuple(points)
        total = self._total - removed + added
        self._total = total
        return total

    def ends_total_after(self, play: Play) -> int:
        """The counted total ``play`` would make, leaving the layout as it is.

        >>> layout = Layout()
        >>> layout.ends_total_after(Play.parse("5-5")), layout.is_empty
        (10, True)
        """
        self.place(play)
        total = self._total
        self.unplace()
        return total

    def unplace(self) -> Play:
        """Take back the last placement and return it."""
        if not self._placed:
            raise EmptyHistoryError("there is no placement to take back: the layout is empty")
        t, pid, mark = self._placed.pop()
        self._points, self._total, self._spinner, self._long, self._waiting = self._history.pop()
        if pid >= 0:
            del self._cover[pid]
        else:
            self._od = -1
        return self._play_of(t, pid, mark)

    def copy(self) -> Layout:
        """An independent copy (cheap: a few small lists)."""
        new = Layout.__new__(Layout)
        new._topology = self._topology
        new._lengthwise = self._lengthwise
        new._closing = self._closing
        new._matching = self._matching
        new._waiting = self._waiting
        new._sides_first = self._sides_first
        new._all_spinners = self._all_spinners
        new._od = self._od
        new._points = self._points
        new._total = self._total
        new._spinner = self._spinner
        new._long = self._long
        new._placed = self._placed.copy()
        new._on = self._on  # the same placements (each the very same tuple): still valid
        new._cover = self._cover.copy()
        new._history = self._history.copy()
        return new

    def _play_of(self, t: int, pid: int, mark: int = 0) -> Play:
        if pid < 0:
            play = Play.opening(TILES[t])
        elif self._matching and MATADOR_MASK >> t & 1:
            point = POINTS[pid]
            assert point is not None  # placed plays are always legal ones
            play = Play.on(TILES[t], point.anchor, point.side)
        else:
            found = (SEVEN_PLAY if self._matching else PLAY_TABLE)[t * 168 + pid]
            assert found is not None  # placed plays are always legal ones
            play = found
        if mark & (OPEN_LOW | OPEN_HIGH):
            return play.marked(open_half=_LOW_OF[t] if mark & OPEN_LOW else _HIGH_OF[t])
        if mark:
            return play.marked(lengthwise=bool(mark & LENGTHWISE), closed=bool(mark & CLOSED))
        return play

    def __repr__(self) -> str:
        return f"<Layout {' '.join(str(p) for p in self.plays) or 'empty'}; total {self._total}>"
