"""The totals of many random hands, whatever plays them (``sevenrocks simulate``).

:class:`HandStats` is what the runners of random hands give: the engine playing a game the compiled
step does not play yet, Sausage's :class:`~sevenrocks.bots.sausage.SausageRunner` (a deal is a hand),
and the compiled kernel's :class:`~sevenrocks.bots.kernel.HandRunner`.
Standard library only, so that Sausage's runner loads no compiled code.

>>> HandStats(1, 20, 21, 3, 0, 12, 2, 30) + HandStats.zero() == HandStats(1, 20, 21, 3, 0, 12, 2, 30)
True
"""

from __future__ import annotations

from dataclasses import astuple, dataclass

__all__ = ["HandStats"]


@dataclass(frozen=True, slots=True)
class HandStats:
    """Totals over many random hands (Sausage: deals)."""

    hands: int
    moves: int
    """Moves chosen (Sausage: a placement or a cut; forced turns are not moves)."""
    placements: int
    """Tiles placed (a move of several doubles places several; Sausage: the start tile, placements
    and cuts)."""
    knocks: int
    """Passes (Sausage: turns whose tile could not be placed, sent to the back or set aside)."""
    blocked: int
    points: int
    """Points scored by moves, all sides together (none in Sausage)."""
    draws: int
    """Tiles drawn (none in Sausage)."""
    settlement: int
    """The score changes at settlement, all sides together, as absolute values (Seven Rocks: the
    deductions; Sausage: the points awarded at the deals' ends)."""

    @classmethod
    def zero(cls) -> HandStats:
        """The totals of no hand."""
        return cls(0, 0, 0, 0, 0, 0, 0, 0)

    def __add__(self, other: HandStats) -> HandStats:
        return HandStats(*(a + b for a, b in zip(self.astuple(), other.astuple(), strict=True)))

    def astuple(self) -> tuple[int, ...]:
        """The totals in field order."""
        return tuple(astuple(self))
