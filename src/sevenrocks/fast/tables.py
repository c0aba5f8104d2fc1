"""The core's placement tables as NumPy arrays, for compiled code.

Every array is a copy of a table of :mod:`sevenrocks.core.tables`, :mod:`sevenrocks.core.notation`,
:mod:`sevenrocks.core.tiles`, :mod:`sevenrocks.core.matching` (Matador's joins by sum to seven) or
:mod:`sevenrocks.core.scoring`; nothing here restates a rule.
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
>>> play = Play.parse("2-4@1-5:high")  # Matador: 2 + 5 = 7, the 4 stays open
>>> choice = play.tile.index * NUM_POINT_IDS + play.point.id
>>> int(SEVEN_FITS_MASK[play.point.id]) >> play.tile.index & 1, int(SEVEN_SIDE_OF[choice])
(1, 1)
"""

from __future__ import annotations

from typing import Final

import numpy as np

from sevenrocks.core.matching import MATADOR_MASK, SEVEN_FITS, SEVEN_SIDE
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
    "MATADORS",
    "MAX_POINTS",
    "NUM_POINT_IDS",
    "OPENS",
    "PIPS",
    "PLACEMENT_POINTS",
    "POINT_VALUE_OF",
    "ROUNDED_PIPS",
    "SEVEN_FITS_MASK",
    "SEVEN_SIDE_OF",
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
#: ``SEVEN_FITS_MASK[pid]``: Matador's tiles that may join point ``pid`` by sum to seven, the
#: matadors always (:data:`sevenrocks.core.matching.SEVEN_FITS`).
SEVEN_FITS_MASK: Final = np.array(SEVEN_FITS, dtype=np.int64)
#: ``SEVEN_SIDE_OF[t * 168 + pid]``: the side an ordinary Matador join leaves open (0 low, 1 high,
#: 3 ``B``), -1 where there is none (:data:`sevenrocks.core.matching.SEVEN_SIDE`).
SEVEN_SIDE_OF: Final = np.array(SEVEN_SIDE, dtype=np.int8)
#: The matadors (0-0, 1-6, 2-5, 3-4) as a bitmask (:data:`sevenrocks.core.matching.MATADOR_MASK`).
MATADORS: Final = MATADOR_MASK
