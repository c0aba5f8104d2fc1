"""The fixed action space of the research interfaces: one integer per placement.

Every placement that can ever be legal is one of the 448 plays in
:data:`sevenrocks.core.notation.ACTIONS`, and its integer is :attr:`Play.action`:

============  =======  ======================================================================
actions       count    meaning
============  =======  ======================================================================
0 .. 27       28       open the hand with tile ``TILES[a]`` (``0-0`` .. ``6-6``)
28 .. 447     420      a tile on a connection point (``TILE@ANCHOR:SIDE``), ordered by tile
                       index, then by the point id ``anchor.index * 6 + side``
============  =======  ======================================================================

Knocks have no action: a seat that cannot place is skipped by the engine. Legal actions are
returned sorted ascending; the action mask is a 1-D ``int8`` array of length 448.

>>> from sevenrocks.core import Match
>>> match = Match(seed=1)
>>> match.start_hand()
>>> actions = legal_actions(match.view(match.turn))
>>> len(actions), actions == sorted(actions), all(a < 28 for a in actions)
(7, True, True)
>>> play_of(actions[0]).is_opening, action_of(play_of(actions[0])) == actions[0]
(True, True)
>>> str(play_of(action_of("1-5@1-1:bA")))
'1-5@1-1:bA'
>>> mask = action_mask(actions)
>>> mask.dtype, mask.shape, int(mask.sum())
(dtype('int8'), (448,), 7)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

import numpy as np
import numpy.typing as npt

from sevenrocks.core.errors import SevenRocksError
from sevenrocks.core.notation import ACTIONS, Play
from sevenrocks.core.view import SeatView

__all__ = [
    "ACTION_PID",
    "ACTION_TILE",
    "NUM_ACTIONS",
    "NUM_OPENINGS",
    "InvalidActionError",
    "action_mask",
    "action_of",
    "legal_actions",
    "play_of",
]

#: Size of the action space.
NUM_ACTIONS: Final = len(ACTIONS)
#: Actions ``0 .. NUM_OPENINGS - 1`` are the openings, one per tile in index order.
NUM_OPENINGS: Final = sum(1 for p in ACTIONS if p.is_opening)
#: ``ACTION_TILE[a]``: the index of the tile action ``a`` places.
ACTION_TILE: Final[npt.NDArray[np.int64]] = np.array([p.tile.index for p in ACTIONS], dtype=np.int64)
#: ``ACTION_PID[a]``: the point id (``anchor.index * 6 + side``) action ``a`` joins; -1 for openings.
ACTION_PID: Final[npt.NDArray[np.int64]] = np.array(
    [-1 if p.point is None else p.point.id for p in ACTIONS], dtype=np.int64
)


class InvalidActionError(SevenRocksError):
    """An action that is not an integer of the action space, or not legal now."""


def action_of(play: Play | str) -> int:
    """The integer of a play (a :class:`Play` or its notation, like ``'3-4@4-4:B'``)."""
    if isinstance(play, str):
        play = Play.parse(play)
    if not isinstance(play, Play):
        raise InvalidActionError(f"expected a play or its notation, not {play!r}")
    return play.action


def play_of(action: object) -> Play:
    """The play of an action integer (a Python or NumPy integer in ``0 .. 447``).

    >>> play_of(448)  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    ...
    sevenrocks.rl.actions.InvalidActionError: action 448 is out of range: actions are integers 0..447
    """
    return ACTIONS[check_action(action)]


def check_action(action: object) -> int:
    """``action`` as a Python int if it is an integer of the action space; else raise."""
    if isinstance(action, bool) or not isinstance(action, int | np.integer):
        raise InvalidActionError(f"an action must be an integer 0..{NUM_ACTIONS - 1}, not {action!r}")
    value = int(action)
    if not 0 <= value < NUM_ACTIONS:
        raise InvalidActionError(f"action {value} is out of range: actions are integers 0..{NUM_ACTIONS - 1}")
    return value


def legal_actions(view: SeatView) -> list[int]:
    """The legal actions of ``view``'s seat, sorted ascending (empty when it is not its turn)."""
    return sorted(p.action for p in view.legal_plays)


def action_mask(actions: Iterable[int]) -> npt.NDArray[np.int8]:
    """A 1-D ``int8`` mask of length :data:`NUM_ACTIONS` with 1 at each of ``actions``."""
    mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
    mask[list(actions)] = 1
    return mask
