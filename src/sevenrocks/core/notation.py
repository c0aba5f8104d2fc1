"""Sides, connection points and plays, with the conformance notation.

A play is the tile alone for the opening of a hand (``3-4``), and ``TILE@ANCHOR:SIDE``
after it: place TILE on the open connection point SIDE of the already placed tile ANCHOR.

>>> play = Play.parse("1-5@1-1:bA")
>>> play.tile, play.anchor, play.side
(Tile.parse('1-5'), Tile.parse('1-1'), Side.BA)
>>> str(play), str(Play.parse("5-1@1-1:bA")), str(Play.parse("2-2"))
('1-5@1-1:bA', '1-5@1-1:bA', '2-2')
>>> Play.parse(str(play)) is play
True

Every legal placement anywhere is one of :data:`ACTIONS` (448 of them: 28 openings and
420 tile-on-point placements), with a fixed integer :attr:`Play.action`.

>>> len(ACTIONS), Play.parse("0-0").action, ACTIONS[Play.parse("1-5@1-1:bA").action]
(448, 0, Play.parse('1-5@1-1:bA'))

The family of games adds suffixes to a play (``=`` a lengthwise double, ``#`` a closed double,
``>N`` the half a matador leaves open) and moves of several doubles, joined by ``+``:

>>> parse_move("2-2@2-5:low+5-5@2-5:high")
Doubles.parse('2-2@2-5:low+5-5@2-5:high')
>>> play = parse_move("4-4@4-6:low=")
>>> play.lengthwise, str(play), play.plain
(True, '4-4@4-6:low=', Play.parse('4-4@4-6:low'))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import Final, TypeAlias

from sevenrocks.core.errors import NotationError
from sevenrocks.core.tiles import TILES, Tile

__all__ = ["ACTIONS", "ConnectionPoint", "Doubles", "Move", "Play", "Side", "parse_move"]


class Side(IntEnum):
    """A side of a placed tile where another may join.

    ``LOW``/``HIGH`` are the smaller and larger ends of a non-double; ``A``/``B`` the straight
    sides of a double; ``BA``/``BB`` the two side branches of the spinner.
    """

    LOW = 0
    HIGH = 1
    A = 2
    B = 3
    BA = 4
    BB = 5

    @property
    def notation(self) -> str:
        """The side as written in plays: ``low``, ``high``, ``A``, ``B``, ``bA``, ``bB``."""
        return _SIDE_TEXT[self]

    @classmethod
    def parse(cls, text: str) -> Side:
        """Parse a side as written in plays.

        >>> Side.parse("bB"), Side.parse("low")
        (Side.BB, Side.LOW)
        """
        try:
            return _SIDE_BY_TEXT[text]
        except KeyError:
            raise NotationError(
                f"{text!r} is not a side: use low, high (ends of a non-double), A, B "
                "(straight sides of a double) or bA, bB (branches of the spinner)"
            ) from None

    @property
    def is_branch(self) -> bool:
        """True for the spinner's side branches ``bA`` and ``bB``."""
        return self >= Side.BA

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"Side.{self.name}"


_SIDE_TEXT: Final = {
    Side.LOW: "low",
    Side.HIGH: "high",
    Side.A: "A",
    Side.B: "B",
    Side.BA: "bA",
    Side.BB: "bB",
}
_SIDE_BY_TEXT: Final = {text: side for side, text in _SIDE_TEXT.items()}

#: Number of point ids per anchor tile: a point id is ``anchor.index * 6 + side``.
SIDES_PER_TILE: Final = 6
NUM_POINT_IDS: Final = len(TILES) * SIDES_PER_TILE


def side_value(anchor: Tile, side: Side) -> int:
    """The pip value a tile must show to join ``side`` of ``anchor``."""
    return anchor.high if side == Side.HIGH else anchor.low


def side_fits(anchor: Tile, side: Side) -> bool:
    """True if ``anchor`` has such a side at all (low/high on non-doubles, the rest on doubles)."""
    return (side >= Side.A) == anchor.is_double


@dataclass(frozen=True, slots=True)
class ConnectionPoint:
    """An open place of the layout: side ``side`` of the placed tile ``anchor``, showing ``value``.

    >>> ConnectionPoint.parse("1-1:bA")
    ConnectionPoint.parse('1-1:bA')
    >>> ConnectionPoint.parse("3-4:low").value
    3
    """

    anchor: Tile
    side: Side

    @property
    def value(self) -> int:
        """The pip value a tile must show to join here."""
        return side_value(self.anchor, self.side)

    @property
    def id(self) -> int:
        """A small integer naming this point: ``anchor.index * 6 + side``."""
        return self.anchor.index * SIDES_PER_TILE + self.side

    @classmethod
    def parse(cls, text: str) -> ConnectionPoint:
        """Parse ``ANCHOR:SIDE``."""
        anchor_text, sep, side_text = text.partition(":")
        if not sep:
            raise NotationError(f"{text!r} is not a connection point: write ANCHOR:SIDE, e.g. '1-1:bA'")
        return point_of(Tile.parse(anchor_text), Side.parse(side_text))

    def __str__(self) -> str:
        return f"{self.anchor}:{self.side.notation}"

    def __repr__(self) -> str:
        return f"ConnectionPoint.parse('{self}')"


@dataclass(frozen=True, slots=True)
class Play:
    """A placement: ``tile`` alone to open a hand, else ``tile`` joined to ``side`` of ``anchor``.

    Build plays with :meth:`parse`, :meth:`opening` or :meth:`on`; they return shared objects.
    Three marks belong to games of the family: ``lengthwise`` (a double laid along the line,
    ``=``), ``closed`` (a double turned face down, ``#``) and ``open_half`` (the half a matador
    leaves open, ``>N``).
    """

    tile: Tile
    anchor: Tile | None = None
    side: Side | None = None
    lengthwise: bool = False
    closed: bool = False
    open_half: int | None = None
    marks: int = field(default=0, compare=False, repr=False)
    """The marks as bits (1 lengthwise, 2 closed, 4 an open half named): 0 for a plain play."""
    pid: int = field(default=-1, init=False, compare=False, repr=False)
    """The id of the connection point joined (:attr:`ConnectionPoint.id`), -1 for an opening:
    kept with the play, as the engine asks it at every move."""

    def __post_init__(self) -> None:
        if self.anchor is not None and self.side is not None:
            object.__setattr__(self, "pid", self.anchor.index * SIDES_PER_TILE + self.side)

    @classmethod
    def opening(cls, tile: Tile) -> Play:
        """The play that opens a hand with ``tile``."""
        return _OPENINGS[tile.index]

    @classmethod
    def on(cls, tile: Tile, anchor: Tile, side: Side) -> Play:
        """The play of ``tile`` on ``side`` of ``anchor`` (not checked against any layout)."""
        play = _PLAY_TABLE[(tile.index * NUM_POINT_IDS) + anchor.index * SIDES_PER_TILE + side]
        return play if play is not None else cls(tile, anchor, side)

    @classmethod
    def parse(cls, text: str) -> Play:
        """Parse ``TILE`` or ``TILE@ANCHOR:SIDE``, with an optional mark ``=``, ``#`` or ``>N``.

        >>> Play.parse("1-1@1-4:low").point
        ConnectionPoint.parse('1-4:low')
        >>> Play.parse("1-6@3-6:high>6").open_half
        6
        """
        if not isinstance(text, str):
            raise NotationError(f"a play must be text like '3-4@4-4:B', not {text!r}")
        body = text.strip(" \t\n\r\f\v")  # ASCII white space only
        lengthwise = closed = False
        open_half: int | None = None
        if body.endswith("="):
            lengthwise, body = True, body[:-1]
        elif body.endswith("#"):
            closed, body = True, body[:-1]
        elif len(body) > 2 and body[-2] == ">":
            digit = body[-1]
            if not ("0" <= digit <= "6"):
                raise NotationError(f"{text!r}: '>N' names the half left open, a pip value 0..6")
            open_half, body = int(digit), body[:-2]
        if "+" in body:
            raise NotationError(f"{text!r} is several plays: one play is TILE or TILE@ANCHOR:SIDE")
        tile_text, at, point_text = body.partition("@")
        tile = Tile.parse(tile_text)
        if not at:
            play = cls.opening(tile)
        else:
            anchor_text, colon, side_text = point_text.partition(":")
            if not colon:
                raise NotationError(f"{text!r} is not a play: write TILE@ANCHOR:SIDE, e.g. '3-4@4-4:B'")
            play = cls.on(tile, Tile.parse(anchor_text), Side.parse(side_text))
        if lengthwise or closed or open_half is not None:
            return play.marked(lengthwise=lengthwise, closed=closed, open_half=open_half)
        return play

    def marked(self, *, lengthwise: bool = False, closed: bool = False, open_half: int | None = None) -> Play:
        """This play with the given marks (a shared object, like the plain plays).

        >>> Play.parse("4-4@1-4:high").marked(closed=True)
        Play.parse('4-4@1-4:high#')
        """
        key = (self.tile, self.anchor, self.side, lengthwise, closed, open_half)
        play = _MARKED.get(key)
        if play is None:
            bits = (1 if lengthwise else 0) | (2 if closed else 0) | (4 if open_half is not None else 0)
            play = _MARKED[key] = Play(self.tile, self.anchor, self.side, lengthwise, closed, open_half, bits)
        return play

    @property
    def plain(self) -> Play:
        """The same placement without marks."""
        if not self.marks:
            return self
        if self.anchor is None or self.side is None:
            return Play.opening(self.tile)
        return Play.on(self.tile, self.anchor, self.side)

    @property
    def is_opening(self) -> bool:
        """True for the tile-alone play that opens a hand."""
        return self.anchor is None

    @property
    def point(self) -> ConnectionPoint | None:
        """The connection point the tile joins (``None`` for an opening)."""
        if self.anchor is None or self.side is None:
            return None
        return point_of(self.anchor, self.side)

    @property
    def parts(self) -> tuple[Play, ...]:
        """The plays of the move: this play alone (see :class:`Doubles`)."""
        return (self,)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The tiles the move places: this play's tile."""
        return (self.tile,)

    @property
    def action(self) -> int:
        """The play's fixed integer in :data:`ACTIONS`; ``ValueError`` if it can never be legal."""
        try:
            return _ACTION_INDEX[self]
        except KeyError:
            raise NotationError(f"{self} can never be a legal placement, so it has no action") from None

    def __str__(self) -> str:
        if self.anchor is None or self.side is None:
            text = str(self.tile)
        else:
            text = f"{self.tile}@{self.anchor}:{self.side.notation}"
        if self.lengthwise:
            return text + "="
        if self.closed:
            return text + "#"
        if self.open_half is not None:
            return f"{text}>{self.open_half}"
        return text

    def __repr__(self) -> str:
        return f"Play.parse('{self}')"


@dataclass(frozen=True, slots=True)
class Doubles:
    """A move of several doubles placed at once (two to four), written joined by ``+``.

    >>> move = Doubles.parse("3-3@3-4:low+4-4@3-4:high#")
    >>> [str(t) for t in move.tiles], len(move.parts)
    (['3-3', '4-4'], 2)
    """

    parts: tuple[Play, ...]

    @classmethod
    def parse(cls, text: str) -> Doubles:
        """Parse plays joined by ``+``."""
        if not isinstance(text, str):
            raise NotationError(f"a move must be text like '2-2@2-5:low+5-5@2-5:high', not {text!r}")
        pieces = text.strip().split("+")
        if len(pieces) < 2:
            raise NotationError(f"{text!r} is one play, not several doubles joined by '+'")
        return cls(tuple(Play.parse(piece) for piece in pieces))

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The tiles of the move, in written order."""
        return tuple(p.tile for p in self.parts)

    @property
    def is_opening(self) -> bool:
        """Never: a lead is one tile."""
        return False

    def __str__(self) -> str:
        return "+".join(str(p) for p in self.parts)

    def __repr__(self) -> str:
        return f"Doubles.parse('{self}')"


Move: TypeAlias = Play | Doubles
"""What a seat does in one turn: one play, or several doubles at once."""


def parse_move(text: str) -> Move:
    """Parse a move: a play, or several doubles joined by ``+``.

    >>> parse_move("3-4@4-4:B")
    Play.parse('3-4@4-4:B')
    """
    if isinstance(text, str) and "+" in text:
        return Doubles.parse(text)
    return Play.parse(text)


def _build_points() -> tuple[ConnectionPoint | None, ...]:
    points: list[ConnectionPoint | None] = [None] * NUM_POINT_IDS
    for anchor in TILES:
        for side in Side:
            if side_fits(anchor, side):
                points[anchor.index * SIDES_PER_TILE + side] = ConnectionPoint(anchor, side)
    return tuple(points)


#: ``POINTS[pid]``: the connection point with id ``pid``, or ``None`` if no tile has such a side.
POINTS: Final = _build_points()
#: ``POINT_VALUE[pid]``: the value shown by point ``pid`` (-1 where there is no such point).
POINT_VALUE: Final = tuple(-1 if p is None else p.value for p in POINTS)


def point_of(anchor: Tile, side: Side) -> ConnectionPoint:
    """The shared connection point object (a fresh one for a side the anchor does not have)."""
    point = POINTS[anchor.index * SIDES_PER_TILE + side]
    return point if point is not None else ConnectionPoint(anchor, side)


def _build_plays() -> tuple[tuple[Play, ...], tuple[Play | None, ...], tuple[Play, ...]]:
    openings = tuple(Play(tile) for tile in TILES)
    table: list[Play | None] = [None] * (len(TILES) * NUM_POINT_IDS)
    actions: list[Play] = list(openings)
    for anchor in TILES:
        for side in Side:
            point = POINTS[anchor.index * SIDES_PER_TILE + side]
            if point is None:
                continue
            for tile in TILES:
                if tile is not anchor and tile.has(point.value):
                    play = Play(tile, anchor, side)
                    table[tile.index * NUM_POINT_IDS + point.id] = play
                    actions.append(play)
    actions.sort(key=lambda p: (p.anchor is not None, p.tile.index, p.point.id if p.point else -1))
    return openings, tuple(table), tuple(actions)


_BUILT = _build_plays()
#: ``OPENINGS[tile.index]``: the play that opens a hand with that tile.
OPENINGS: Final[tuple[Play, ...]] = _BUILT[0]
#: ``PLAY_TABLE[tile.index * 168 + pid]``: the play of that tile on point ``pid`` when the tile
#: shows the point's value, else ``None``. Used by move generation.
PLAY_TABLE: Final[tuple[Play | None, ...]] = _BUILT[1]
#: Every play that can ever be legal, in a fixed order: the action space of research interfaces.
ACTIONS: Final[tuple[Play, ...]] = _BUILT[2]
_OPENINGS: Final = OPENINGS
_PLAY_TABLE: Final = PLAY_TABLE
_ACTION_INDEX: Final = {play: i for i, play in enumerate(ACTIONS)}
_MARKED: dict[tuple[Tile, Tile | None, Side | None, bool, bool, int | None], Play] = {}
