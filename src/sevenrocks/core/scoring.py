"""Placement scores and the settlement of a hand.

>>> placement_points(15), placement_points(14), placement_points(0)
(15, 0, 0)
>>> [round_pips(n) for n in (0, 1, 2, 3, 7, 12, 18)]
[0, 0, 0, 5, 5, 10, 20]
>>> settle([7, 0, 12, 3])
((5, 0, 10, 5), (15, 5))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from sevenrocks.core.notation import Move, Play

if TYPE_CHECKING:
    from sevenrocks.core.layout import Layout

__all__ = ["DEFAULT_TARGET", "MAX_ENDS_TOTAL", "ends_total_after", "placement_points", "round_pips", "settle"]

#: The score a partnership must reach or pass to win at once.
DEFAULT_TARGET: Final = 250
#: The largest counted total a layout with one spinner can show.
MAX_ENDS_TOTAL: Final = 36


def placement_points(ends_total: int) -> int:
    """Raw points for a placement: the counted total if it is a positive multiple of five, else 0."""
    return ends_total if ends_total > 0 and ends_total % 5 == 0 else 0


def round_pips(pips: int) -> int:
    """Round one seat's remaining pips to the nearest five (remainder 1, 2 down; 3, 4 up)."""
    return (pips + 2) // 5 * 5


def settle(pips: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, int]]:
    """Per-seat deductions and what each partnership loses, from the four seats' remaining pips.

    Each seat is rounded on its own: partners' hands are never combined before rounding.
    """
    deductions = tuple(round_pips(p) for p in pips)
    return deductions, (deductions[0] + deductions[2], deductions[1] + deductions[3])


def ends_total_after(layout: Layout, move: Move) -> int:
    """The counted total ``move`` would make on ``layout`` (which is left as it is).

    >>> from sevenrocks.core.notation import parse_move
    >>> from sevenrocks.core.layout import Layout
    >>> layout = Layout()
    >>> layout.place(parse_move("2-5"))
    7
    >>> ends_total_after(layout, parse_move("2-2@2-5:low+5-5@2-5:high")), layout.ends_total
    (14, 7)
    """
    if isinstance(move, Play):
        return layout.ends_total_after(move)
    trial = layout.copy()
    total = 0
    for part in move.parts:
        total = trial.place(part)
    return total
