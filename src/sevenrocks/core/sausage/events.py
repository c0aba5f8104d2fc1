"""What happens in a Sausage deal: every turn (the tile turned and where it went), and how it ended.

Every turn is public (``sausage.md`` §10): the tile turned is seen by both seats, and so is where
it went: the start, a line, a cut, the back of the queue, or aside.

>>> from sevenrocks.core.tiles import Tile
>>> str(Turn(0, Tile.parse("4-6"), Went.CUT, 3)), str(Turn(1, Tile.parse("3-3"), Went.ASIDE))
('seat 0 4-6:cut (gave 3)', 'seat 1 3-3 set aside')
>>> Turn(0, Tile.parse("1-3"), Went.BACK).is_move, Turn(1, Tile.parse("5-6"), Went.BOTTOM).is_move
(False, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from sevenrocks.core.sausage.moves import SausageMove, Way
from sevenrocks.core.tiles import Tile

__all__ = ["DealEnd", "DealLog", "DealResult", "Turn", "Went"]


class Went(Enum):
    """Where a turned tile went."""

    START = "start"
    """The deal's first turn: the start tile (forced)."""
    TOP = "top"
    """A move: onto (a double: into) the top line."""
    BOTTOM = "bottom"
    """A move: onto (into) the bottom line."""
    CUT = "cut"
    """A move: across both lines; the table went to the back of the opponent's queue."""
    BACK = "back"
    """Forced: a non-double that fitted nowhere went to the back of its own queue (§5.1)."""
    ASIDE = "aside"
    """Forced: a double that fitted nowhere was set aside for the rest of the deal (§5.1)."""

    @property
    def is_move(self) -> bool:
        """True for the ways a seat chose (top, bottom, cut); the others are forced."""
        return self in _MOVES

    @property
    def changes_table(self) -> bool:
        """True when the table changed (the start, a placement, a cut), which resets the counts of
        tiles sent to the back (§6.2)."""
        return self is not Went.BACK and self is not Went.ASIDE

    def __str__(self) -> str:
        return self.value


_MOVES = frozenset({Went.TOP, Went.BOTTOM, Went.CUT})
_WAY_OF = {Went.TOP: Way.TOP, Went.BOTTOM: Way.BOTTOM, Went.CUT: Way.CUT}


class Turn(NamedTuple):
    """``seat`` turned ``tile`` and it ``went`` there; a cut ``gave`` that many tiles to the opponent.

    A named tuple: one is made at every turn.
    """

    seat: int
    tile: Tile
    went: Went
    gave: int = 0

    @property
    def is_move(self) -> bool:
        """True when the seat chose where the tile went (a move of the conformance script)."""
        return self.went in _MOVES

    @property
    def move(self) -> SausageMove | None:
        """The move, for a turn that was one (``None`` for a forced turn)."""
        way = _WAY_OF.get(self.went)
        return None if way is None else SausageMove(self.tile, way)

    def __str__(self) -> str:
        went = self.went
        if went is Went.CUT:
            return f"seat {self.seat} {self.tile}:cut (gave {self.gave})"
        if went.is_move:
            return f"seat {self.seat} {self.tile}:{went.value}"
        if went is Went.START:
            return f"seat {self.seat} {self.tile} starts"
        if went is Went.BACK:
            return f"seat {self.seat} {self.tile} to the back"
        return f"seat {self.seat} {self.tile} set aside"


class DealEnd(Enum):
    """How a deal ended (§6)."""

    OUT = "out"
    """A seat's queue became empty: it won."""
    BLOCKED = "blocked"
    """No tile of either queue could ever be placed (§6.2)."""

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class DealResult:
    """A finished deal: how it ended, its winner (``None`` after a blocked deal with equal pips),
    per seat the pips left in its queue, the points awarded and the scores after the deal, and the
    tiles left in each queue (turned face up to count them; in the order of the set, not of the
    queue)."""

    end: DealEnd
    winner: int | None
    pips: tuple[int, ...]
    award: tuple[int, ...]
    scores: tuple[int, ...]
    left: tuple[tuple[Tile, ...], ...]


@dataclass(frozen=True, slots=True)
class DealLog:
    """One deal: the queues as dealt (front first), the starter, every turn, and the result
    (``None`` while the deal runs)."""

    queues: tuple[tuple[Tile, ...], ...]
    starter: int
    turns: tuple[Turn, ...]
    result: DealResult | None

    @property
    def moves(self) -> tuple[Turn, ...]:
        """The turns that were moves (the script's ``"moves"``)."""
        return tuple(t for t in self.turns if t.is_move)

    @property
    def aside(self) -> tuple[Tile, ...]:
        """The doubles set aside, in order."""
        return tuple(t.tile for t in self.turns if t.went is Went.ASIDE)
