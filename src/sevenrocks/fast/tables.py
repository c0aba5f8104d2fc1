"""The core's placement tables as NumPy arrays, for compiled code.

Every array is a copy of a table of :mod:`sevenrocks.core.tables`, :mod:`sevenrocks.core.notation`,
:mod:`sevenrocks.core.tiles` or :mod:`sevenrocks.core.scoring`; nothing here restates a rule.
A connection point is an integer id ``anchor.index * 6 + side`` and a placement of tile ``t`` on
point ``pid`` is indexed ``t * 168 + pid``.

>>> from sevenrocks.core.notation import Play
>>> play = Play.parse("1-5@1-1:bA")
>>> choice = play.tile.index * NUM_POINT_IDS + play.point.id
>>> int(JOIN[choice]) == OPENS[choice]
True
>>> int(ACTION_AT[choice]) == play.action
True
>>> int(PLACEMENT_POINTS[15]), int(PLACEMENT_POINTS[14]), int(ROUNDED_PIPS[12])
(15, 0, 10)
"""

from __future__ import annotations

from typing import Final

import numpy as np

from sevenrocks.core.notation import NUM_POINT_IDS, PLAY_TABLE, POINT_VALUE, Side
from sevenrocks.core.scoring import placement_points, round_pips
from sevenrocks.core.tables import OPENS, POINT_COUNT, SUIT_OF_POINT
from sevenrocks.core.tiles import SUIT_MASKS, TILES

__all__ = [
    "ACTION_AT",
    "COUNT",
    "IS_DOUBLE",
    "JOIN",
    "LOW",
    "MAX_POINTS",
    "NUM_POINT_IDS",
    "OPENS",
    "PIPS",
    "PLACEMENT_POINTS",
    "POINT_VALUE_OF",
    "ROUNDED_PIPS",
    "SIDE_A",
    "SIDE_B",
    "SIDE_BA",
    "SIDE_BB",
    "SUIT_OF_POINT_MASK",
    "SUIT_OF_VALUE",
]

#: The sides of a double, as integers (:class:`~sevenrocks.core.notation.Side`).
SIDE_A: Final = int(Side.A)
SIDE_B: Final = int(Side.B)
SIDE_BA: Final = int(Side.BA)
SIDE_BB: Final = int(Side.BB)
#: Room for open connection points: at most 4 arms and 2 branches, with room to spare.
MAX_POINTS: Final = 8

#: ``JOIN[t * 168 + pid]``: the point id that placing tile ``t`` on point ``pid`` opens, -1 if it
#: does not fit there (:data:`sevenrocks.core.tables.OPENS`).
JOIN: Final = np.array(OPENS, dtype=np.int16)
#: ``ACTION_AT[t * 168 + pid]``: the action number of that placement, -1 if there is none
#: (``Play.action`` of :data:`~sevenrocks.core.notation.PLAY_TABLE`).
ACTION_AT: Final = np.array([-1 if p is None else p.action for p in PLAY_TABLE], dtype=np.int16)
#: ``COUNT[pid]``: what an open point adds to the counted ends
#: (:data:`sevenrocks.core.tables.POINT_COUNT`).
COUNT: Final = np.array(POINT_COUNT, dtype=np.int64)
#: ``SUIT_OF_POINT_MASK[pid]``: the tiles that show the point's value
#: (:data:`sevenrocks.core.tables.SUIT_OF_POINT`).
SUIT_OF_POINT_MASK: Final = np.array(SUIT_OF_POINT, dtype=np.int64)
#: ``POINT_VALUE_OF[pid]``: the value shown at a point (0 for ids that are no point).
POINT_VALUE_OF: Final = np.array([max(v, 0) for v in POINT_VALUE], dtype=np.int64)
#: ``SUIT_OF_VALUE[v]``: the seven tiles showing value ``v``.
SUIT_OF_VALUE: Final = np.array(SUIT_MASKS, dtype=np.int64)
IS_DOUBLE: Final = np.array([t.is_double for t in TILES], dtype=np.bool_)
PIPS: Final = np.array([t.pips for t in TILES], dtype=np.int64)
LOW: Final = np.array([t.low for t in TILES], dtype=np.int64)
#: ``PLACEMENT_POINTS[total]``: the points a placement scores when the counted ends come to
#: ``total`` (:func:`sevenrocks.core.scoring.placement_points`), for every sum of open points.
PLACEMENT_POINTS: Final = np.array(
    [placement_points(total) for total in range(MAX_POINTS * max(POINT_COUNT) + 1)], dtype=np.int64
)
#: ``ROUNDED_PIPS[pips]``: a seat's deduction at settlement (:func:`sevenrocks.core.scoring.round_pips`).
ROUNDED_PIPS: Final = np.array([round_pips(p) for p in range(sum(t.pips for t in TILES) + 1)], dtype=np.int64)
