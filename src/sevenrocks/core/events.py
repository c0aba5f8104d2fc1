"""What happens in a hand: placements, knocks, draws, and how the hand ended.

>>> from sevenrocks.core.notation import Play
>>> str(Placement(1, Play.parse("3-4@4-4:B"), 10, 10))
'seat 1 3-4@4-4:B (ends 10, +10)'
>>> str(Knock(3, (1, 3)))
'seat 3 knocks (open: 1, 3)'
>>> str(Draw(0, Tile.parse("2-5"))), str(Draw(0, None))
('seat 0 draws 2-5', 'seat 0 draws a tile')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final, NamedTuple

from sevenrocks.core.notation import Move
from sevenrocks.core.tiles import Tile

__all__ = ["FAMILY_RESULT_FIELDS", "Draw", "Event", "HandEnd", "HandLog", "HandResult", "Knock", "Placement"]


class Placement(NamedTuple):
    """``seat`` made the move ``play``; the counted ends then totalled ``ends_total``, scoring
    ``points`` (in the game's units; 0 when nothing, or when an exact target would be passed).

    A named tuple rather than a dataclass: one is made at every move, and a tuple is made fast.
    """

    seat: int
    play: Move
    ends_total: int
    points: int

    def __str__(self) -> str:
        score = f", +{self.points}" if self.points else ""
        return f"seat {self.seat} {self.play} (ends {self.ends_total}{score})"


@dataclass(frozen=True, slots=True)
class Knock:
    """``seat`` could not place and passed; ``values`` were the open connection points' values.

    A knock proves the seat then held no tile showing any of ``values``.
    """

    seat: int
    values: tuple[int, ...]

    def __str__(self) -> str:
        return f"seat {self.seat} knocks (open: {', '.join(map(str, self.values))})"


@dataclass(frozen=True, slots=True)
class Draw:
    """``seat`` drew ``tile`` from the boneyard (``None`` in the view of any other seat).

    A seat draws only when it cannot place: at that moment it held no tile matching an open
    connection point.
    """

    seat: int
    tile: Tile | None

    def __str__(self) -> str:
        return f"seat {self.seat} draws {self.tile if self.tile is not None else 'a tile'}"


Event = Placement | Knock | Draw


class HandEnd(Enum):
    """How a hand ended."""

    DOMINO = "domino"
    """A seat placed its last tile."""
    BLOCKED = "blocked"
    """No seat still holding tiles could place one."""
    TARGET = "target"
    """A side reached the target during play: the match ended at once, with no settlement."""
    REDEAL = "redeal"
    """The deal was void (a Goat misdeal): it is dealt again and nothing else changes."""

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class HandResult:
    """The outcome of one finished hand.

    ``pips``, ``deductions`` and ``hands`` (the tiles left, revealed) are per seat, after a
    domino or a block; ``None`` after a hand that ended at the target. ``scores`` are the side
    scores after the hand (after its settlement). The other fields belong to games of the family
    and are ``None`` where the game does not have them: ``fisherman`` (the seat of the last move
    before a block), ``values`` (per seat, the pips with special hand values), ``award`` (per
    side, the points added at settlement), ``written`` (per side, the points written by the Goat
    settlement), ``remembered`` (per side, after the hand), ``eggs`` (pending after the hand),
    ``draws`` (per seat, tiles drawn in the hand).
    """

    end: HandEnd
    finisher: int | None
    pips: tuple[int, ...] | None
    deductions: tuple[int, ...] | None
    scores: tuple[int, ...]
    hands: tuple[tuple[Tile, ...], ...] | None
    fisherman: int | None = None
    values: tuple[int, ...] | None = None
    award: tuple[int, ...] | None = None
    written: tuple[int, ...] | None = None
    remembered: tuple[int, ...] | None = None
    eggs: int | None = None
    draws: tuple[int, ...] | None = None
    loser: int | None = None
    """General: the seat that lost the hand."""
    general: int | None = None
    """General: the side that received a General in this hand."""
    naked: int | None = None
    """General (version ``naked``): the side made naked in this hand."""
    events: tuple[str, ...] | None = None
    """Sea Goat: the hand's events in order (``sea-kozel.md`` §9.2; egg redeals, rotten eggs)."""
    record: tuple[int, int] | None = None
    """Sea Goat: the record after the hand, ``(side, points)``, or ``None`` when no side holds one."""


#: The fields of :class:`HandResult` that belong to games of the family (``None`` elsewhere), in
#: the order records and messages write them.
FAMILY_RESULT_FIELDS: Final = (
    "fisherman",
    "values",
    "award",
    "written",
    "remembered",
    "eggs",
    "draws",
    "loser",
    "general",
    "naked",
    "events",
    "record",
)


@dataclass(frozen=True, slots=True)
class HandLog:
    """Everything that happened in one hand: the deal, the leader, every event, the result.

    ``result`` is ``None`` for a hand still in progress. ``boneyard`` holds the undealt tiles in
    draw order (empty where all 28 are dealt). A void deal has ``leader`` -1 and no events.
    """

    deal: tuple[tuple[Tile, ...], ...]
    leader: int
    events: tuple[Event, ...]
    result: HandResult | None
    boneyard: tuple[Tile, ...] = ()
    hundred: int | None = None
    """Sea Goat: the hundred seat of the hand (``sea-kozel.md`` §3.3, §9.4), known from its start."""
    imposed: str | None = None
    """Sea Goat: the rule of its own that named the leader (``"hundred"`` owed, ``"eggs"`` led from
    1-1, a ``"declared"`` voluntary hundred), or ``None`` where the game's usual rules did."""

    @property
    def placements(self) -> tuple[Placement, ...]:
        """The hand's placements, in order."""
        return tuple(e for e in self.events if isinstance(e, Placement))
