"""What happens in a hand: placements, knocks, and how the hand ended.

>>> from sevenrocks.core.notation import Play
>>> str(Placement(1, Play.parse("3-4@4-4:B"), 10, 10))
'seat 1 3-4@4-4:B (ends 10, +10)'
>>> str(Knock(3, (1, 3)))
'seat 3 knocks (open: 1, 3)'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from sevenrocks.core.notation import Play
from sevenrocks.core.tiles import Tile

__all__ = ["Event", "HandEnd", "HandLog", "HandResult", "Knock", "Placement"]


@dataclass(frozen=True, slots=True)
class Placement:
    """``seat`` placed ``play``; the counted ends then totalled ``ends_total``, scoring ``points``."""

    seat: int
    play: Play
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


Event = Placement | Knock


class HandEnd(Enum):
    """How a hand ended."""

    DOMINO = "domino"
    """A seat placed its last tile."""
    BLOCKED = "blocked"
    """No seat still holding tiles could place one."""
    TARGET = "target"
    """A partnership reached the target: the match ended at once, with no settlement."""

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class HandResult:
    """The outcome of one finished hand.

    ``pips``, ``deductions`` and ``hands`` (the tiles left, revealed) are per seat, after a
    domino or a block; ``None`` after a hand that ended at the target. ``scores`` are the two
    partnership scores after the hand (after its settlement).
    """

    end: HandEnd
    finisher: int | None
    pips: tuple[int, int, int, int] | None
    deductions: tuple[int, int, int, int] | None
    scores: tuple[int, int]
    hands: tuple[tuple[Tile, ...], ...] | None


@dataclass(frozen=True, slots=True)
class HandLog:
    """Everything that happened in one hand: the deal, the leader, every event, the result.

    ``result`` is ``None`` for a hand still in progress.
    """

    deal: tuple[tuple[Tile, ...], ...]
    leader: int
    events: tuple[Event, ...]
    result: HandResult | None

    @property
    def placements(self) -> tuple[Placement, ...]:
        """The hand's placements, in order."""
        return tuple(e for e in self.events if isinstance(e, Placement))
