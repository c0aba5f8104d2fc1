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

The family's action space
-------------------------
The games of the family have moves these 448 do not hold: Matador's joins by sum to seven and
its matadors' open halves (``1-6@3-6:high>6``), closed doubles (``#``, Donkey), lengthwise doubles
(``=``, Muggins), and moves of several doubles (``2-2@2-5:low+5-5@2-5:high``: Sea Goat, Donkey,
General, Kozel and Telephone with ``several_doubles``). :data:`FAMILY_ACTIONS` extends the space,
keeping the 448 integers as they are:

================  =====  ==================================================================
actions           count  meaning
================  =====  ==================================================================
0 .. 447          448    :data:`ACTIONS`, as above
448 .. 1275       828    the other single plays by Matador's sum to seven (the matadors with
                         each open half)
1276 .. 1359      84     the doubles of the 448 marked lengthwise (``=``) or closed (``#``)
1360 .. 1443      84     a double (plain or closed) placed as a part of a move of several
                         doubles, **with more parts to follow** (:data:`CONTINUE_PARTS`)
================  =====  ==================================================================

A one-tile move is one action. A move of several doubles is a sequence: one "continue" action
for each part but the last, in the order the move is written (the engine writes the parts by
tile, with the double that becomes the spinner first), then the last part's single-play action.
:func:`move_actions` gives a move's sequence; :func:`next_actions` the actions that go on from
what a seat has chosen so far in this turn (its legal mask at each step); :func:`move_of_actions`
the legal move a whole sequence names.

>>> from sevenrocks.core.notation import parse_move
>>> move = parse_move("2-2@2-5:low+5-5@2-5:high")
>>> actions = move_actions(move)
>>> len(actions), actions[0] >= NUM_FAMILY_PLAYS, actions[1] < NUM_FAMILY_PLAYS
(2, True, True)
>>> move_of_actions(actions, [move]) == move, next_actions([move], actions[:1]) == [actions[1]]
(True, True)
>>> move_actions(parse_move("1-6@3-6:high>6"))[0] >= NUM_ACTIONS, NUM_FAMILY_ACTIONS
(True, 1444)

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

from collections.abc import Iterable, Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from sevenrocks.core.errors import SevenRocksError
from sevenrocks.core.matching import seven_plays
from sevenrocks.core.notation import ACTIONS, NUM_POINT_IDS, Doubles, Move, Play
from sevenrocks.core.tiles import TILES
from sevenrocks.core.view import SeatView

__all__ = [
    "ACTION_PID",
    "ACTION_TILE",
    "CONTINUE_PARTS",
    "FAMILY_ACTIONS",
    "FAMILY_PLAYS",
    "NUM_ACTIONS",
    "NUM_FAMILY_ACTIONS",
    "NUM_FAMILY_PLAYS",
    "NUM_OPENINGS",
    "InvalidActionError",
    "action_mask",
    "action_of",
    "family_action_mask",
    "family_legal_actions",
    "legal_actions",
    "move_actions",
    "move_of_actions",
    "next_actions",
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


# ------------------------------------------------------------------ the family's action space
def _family_plays() -> tuple[Play, ...]:
    plays = list(ACTIONS)
    seen = set(plays)

    def add(play: Play) -> None:
        if play not in seen:
            seen.add(play)
            plays.append(play)

    for t in range(len(TILES)):  # Matador: joins by sum to seven, the matadors' open halves
        for pid in range(NUM_POINT_IDS):
            for play in seven_plays(t, pid):
                add(play)
    for play in ACTIONS:  # doubles laid lengthwise (Muggins) or closed (Donkey)
        if play.tile.is_double and not play.is_opening:
            add(play.marked(lengthwise=True))
            add(play.marked(closed=True))
    return tuple(plays)


#: Every single play that can be legal in a game of the family: :data:`ACTIONS` first (the same
#: integers), then Matador's and the marked doubles.
FAMILY_PLAYS: Final[tuple[Play, ...]] = _family_plays()
#: The number of single-play actions of the family's space.
NUM_FAMILY_PLAYS: Final = len(FAMILY_PLAYS)
#: The doubles that can be a part of a move of several doubles (the games that allow such moves
#: join by equal halves), plain or closed; action ``NUM_FAMILY_PLAYS + i`` places
#: ``CONTINUE_PARTS[i]`` with more parts of the same move to follow.
CONTINUE_PARTS: Final[tuple[Play, ...]] = tuple(
    p
    for p in FAMILY_PLAYS
    if p.tile.is_double and not p.is_opening and not p.lengthwise and p.plain in ACTIONS
)
#: The family's actions: the single plays, then the "continue" parts.
FAMILY_ACTIONS: Final[tuple[Play, ...]] = FAMILY_PLAYS + CONTINUE_PARTS
#: Size of the family's action space.
NUM_FAMILY_ACTIONS: Final = len(FAMILY_ACTIONS)
_FAMILY_INDEX: Final = {play: i for i, play in enumerate(FAMILY_PLAYS)}
_CONTINUE_INDEX: Final = {play: NUM_FAMILY_PLAYS + i for i, play in enumerate(CONTINUE_PARTS)}


def move_actions(move: Move) -> tuple[int, ...]:
    """The family's actions of ``move``: one for a play; for several doubles a "continue" action
    per part but the last, in the written order, then the last part's play."""
    if isinstance(move, Play):
        try:
            return (_FAMILY_INDEX[move],)
        except KeyError:
            raise InvalidActionError(f"{move} can never be a legal placement, so it has no action") from None
    if not isinstance(move, Doubles):
        raise InvalidActionError(f"expected a move, not {move!r}")
    *first, last = move.parts
    try:
        return (*(_CONTINUE_INDEX[p] for p in first), _FAMILY_INDEX[last])
    except KeyError:
        raise InvalidActionError(f"{move} can never be a legal move, so it has no actions") from None


def next_actions(moves: Iterable[Move], prefix: Sequence[int] = ()) -> list[int]:
    """The actions that go on from ``prefix`` (the actions chosen so far in this turn) towards one
    of ``moves`` (the seat's legal moves, e.g. :attr:`SeatView.moves`), sorted ascending."""
    chosen = tuple(prefix)
    out = set()
    for move in moves:
        actions = move_actions(move)
        if len(actions) > len(chosen) and actions[: len(chosen)] == chosen:
            out.add(actions[len(chosen)])
    return sorted(out)


def family_legal_actions(view: SeatView, prefix: Sequence[int] = ()) -> list[int]:
    """:func:`next_actions` of ``view``'s legal moves (empty when it is not the seat's turn)."""
    return next_actions(view.moves, prefix)


def move_of_actions(actions: Sequence[int], moves: Iterable[Move]) -> Move:
    """The move among ``moves`` (the legal moves) that the whole sequence ``actions`` names;
    :class:`InvalidActionError` if none does."""
    chosen = tuple(int(check_family_action(a)) for a in actions)
    for move in moves:
        if move_actions(move) == chosen:
            return move
    raise InvalidActionError(f"the actions {list(chosen)} are not a legal move now")


def check_family_action(action: object) -> int:
    """``action`` as a Python int if it is an integer of the family's space; else raise."""
    if isinstance(action, bool) or not isinstance(action, int | np.integer):
        raise InvalidActionError(f"an action must be an integer 0..{NUM_FAMILY_ACTIONS - 1}, not {action!r}")
    value = int(action)
    if not 0 <= value < NUM_FAMILY_ACTIONS:
        raise InvalidActionError(
            f"action {value} is out of range: the family's actions are integers 0..{NUM_FAMILY_ACTIONS - 1}"
        )
    return value


def family_action_mask(actions: Iterable[int]) -> npt.NDArray[np.int8]:
    """A 1-D ``int8`` mask of length :data:`NUM_FAMILY_ACTIONS` with 1 at each of ``actions``."""
    mask = np.zeros(NUM_FAMILY_ACTIONS, dtype=np.int8)
    mask[list(actions)] = 1
    return mask
