"""Observation tensors: what one seat knows, as one flat ``float32`` array with named views.

Everything is read from a :class:`~sevenrocks.core.view.SeatView` (the seat's own tiles and
the public record), never from the match, so an observation cannot leak another seat's tiles.
Seats are *relative* to the observer: ``0`` is the observer, ``1`` the next seat clockwise
(an opponent), ``2`` the partner, ``3`` the previous seat (the other opponent). Tiles are in
index order (``0-0, 0-1, ..., 6-6``); point ids are ``anchor.index * 6 + side`` as in
:mod:`sevenrocks.core.notation`.

:data:`OBSERVATION` (563 floats) holds, field by field (offset, shape):

==================  ======  ========  ===============================================================
field               offset  shape     value
==================  ======  ========  ===============================================================
``hand``            0       (28,)     1 for each tile the observer holds
``played_by``       28      (4, 28)   1 where relative seat ``r`` placed tile ``t`` in this hand
``play_order``      140     (28,)     ``(k + 1) / 28`` for the tile placed ``k``-th (0: not placed)
``open_points``     168     (168,)    1 for each open connection point id
``open_values``     336     (7,)      open connection points showing each pip value, / 6
``counted_ends``    343     (28,)     what each anchor tile adds to the counted total, / 12
``ends_total``      371     (1,)      the counted total of the layout, / 36
``spinner``         372     (28,)     1 at the spinner tile (all 0 before a double is placed)
``voids``           400     (4, 7)    1 where relative seat ``r``'s knocks prove it holds no ``v``
``possible``        428     (4, 28)   tiles relative seat ``r`` may hold (row 0: the own hand)
``knocks``          540     (4,)      knocks by each relative seat in this hand, / 28
``tile_counts``     544     (4,)      tiles each relative seat holds, / 7
``scores``          548     (2,)      own partnership's and opponents' scores, / target
``seat``            550     (4,)      one-hot absolute seat of the observer (0..3)
``turn``            554     (4,)      one-hot relative seat to place (all 0 between hands)
``leader``          558     (4,)      one-hot relative seat that led this hand
``hand_number``     562     (1,)      ``min(hand_number, 100) / 100``
==================  ======  ========  ===============================================================

The order of plays, who made them and on which point is enough to recover the whole hand's
record (knocks follow from it), so :data:`INFORMATION_STATE` adds, for perfect recall:

==================  ======  ========  ===============================================================
``dealt``           563     (28,)     the seven tiles the observer was dealt this hand
``history``         591     (28, 201) per placement ``k``: relative seat (4), tile (28), and the
                                      point id it joined (168, or column 200 for the opening)
==================  ======  ========  ===============================================================

(6,219 floats.) Scores can fall below zero and may pass 1 at the end of a match; every other
value lies in ``[0, 1]``.

>>> from sevenrocks.core import Match
>>> match = Match(seed=4)
>>> match.start_hand()
>>> obs = encode_observation(match.view(0))
>>> obs.shape, obs.dtype, OBSERVATION.size
((563,), dtype('float32'), 563)
>>> fields = OBSERVATION.views(obs)
>>> int(fields["hand"].sum()), fields["tile_counts"].tolist(), fields["seat"].tolist()
(7, [1.0, 1.0, 1.0, 1.0], [1.0, 0.0, 0.0, 0.0])
>>> OBSERVATION.offset("open_points"), INFORMATION_STATE.size
(168, 6219)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from sevenrocks.core.events import Knock, Placement
from sevenrocks.core.notation import NUM_POINT_IDS, Play
from sevenrocks.core.tiles import NUM_SEATS, TILES
from sevenrocks.core.view import SeatView

__all__ = [
    "INFORMATION_STATE",
    "OBSERVATION",
    "Field",
    "TensorLayout",
    "encode_information_state",
    "encode_observation",
]

Array = npt.NDArray[np.float32]

_NT = len(TILES)
_HISTORY_STEP: Final = NUM_SEATS + _NT + NUM_POINT_IDS + 1
_OPENING_COLUMN: Final = NUM_SEATS + _NT + NUM_POINT_IDS


@dataclass(frozen=True, slots=True)
class Field:
    """One named part of a flat tensor."""

    name: str
    shape: tuple[int, ...]
    offset: int
    size: int
    """Number of floats in the field."""


class TensorLayout:
    """The fields of a flat tensor, in order, with their offsets and named views."""

    def __init__(self, fields: list[tuple[str, tuple[int, ...]]]) -> None:
        out: list[Field] = []
        offset = 0
        for name, shape in fields:
            field = Field(name, shape, offset, math.prod(shape))
            out.append(field)
            offset += field.size
        self.fields: tuple[Field, ...] = tuple(out)
        self.size: int = offset
        self._by_name = {f.name: f for f in self.fields}

    def offset(self, name: str) -> int:
        """Where field ``name`` starts in the flat tensor."""
        return self.field(name).offset

    def field(self, name: str) -> Field:
        """The field called ``name``."""
        try:
            return self._by_name[name]
        except KeyError:
            raise KeyError(f"no field {name!r}: the fields are {', '.join(self._by_name)}") from None

    def views(self, tensor: Array) -> dict[str, Array]:
        """Named, reshaped views into ``tensor`` (writing to a view writes the tensor)."""
        if tensor.shape[-1] != self.size:
            raise ValueError(f"a tensor of this layout has {self.size} values, not {tensor.shape[-1]}")
        if tensor.ndim == 1:
            return {f.name: tensor[f.offset : f.offset + f.size].reshape(f.shape) for f in self.fields}
        lead = tensor.shape[:-1]
        return {
            f.name: tensor[..., f.offset : f.offset + f.size].reshape(*lead, *f.shape) for f in self.fields
        }

    def zeros(self) -> Array:
        """A new all-zero tensor of this layout."""
        return np.zeros(self.size, dtype=np.float32)

    def describe(self) -> str:
        """A table of the fields: name, offset, shape."""
        return "\n".join(f"{f.name:<14} {f.offset:>5}  {f.shape}" for f in self.fields)

    def __repr__(self) -> str:
        return f"<TensorLayout {len(self.fields)} fields, {self.size} floats>"


_OBSERVATION_FIELDS: Final = [
    ("hand", (_NT,)),
    ("played_by", (NUM_SEATS, _NT)),
    ("play_order", (_NT,)),
    ("open_points", (NUM_POINT_IDS,)),
    ("open_values", (7,)),
    ("counted_ends", (_NT,)),
    ("ends_total", (1,)),
    ("spinner", (_NT,)),
    ("voids", (NUM_SEATS, 7)),
    ("possible", (NUM_SEATS, _NT)),
    ("knocks", (NUM_SEATS,)),
    ("tile_counts", (NUM_SEATS,)),
    ("scores", (2,)),
    ("seat", (NUM_SEATS,)),
    ("turn", (NUM_SEATS,)),
    ("leader", (NUM_SEATS,)),
    ("hand_number", (1,)),
]
#: The observation: what a seat knows now (a sufficient summary of the hand's record).
OBSERVATION: Final = TensorLayout(_OBSERVATION_FIELDS)
#: The information state: the observation plus the own deal and the ordered record of plays.
INFORMATION_STATE: Final = TensorLayout(
    [*_OBSERVATION_FIELDS, ("dealt", (_NT,)), ("history", (_NT, _HISTORY_STEP))]
)


_O: Final = {f.name: f.offset for f in OBSERVATION.fields}


def _fill_observation(view: SeatView, tensor: Array) -> None:
    """Write the observation fields of ``view`` into the first ``OBSERVATION.size`` values.

    The values are gathered in a Python list and copied into the array once, which is
    several times faster than item-by-item writes into NumPy views.
    """
    o = _O
    v = [0.0] * OBSERVATION.size
    me = view.seat
    for tile in view.hand:
        v[o["hand"] + tile.index] = 1.0
    order = 0
    for event in view.events:
        if isinstance(event, Placement):
            for tile in event.play.tiles:
                t = tile.index
                order += 1
                v[o["played_by"] + ((event.seat - me) % NUM_SEATS) * _NT + t] = 1.0
                v[o["play_order"] + t] = order / _NT
        elif isinstance(event, Knock):
            v[o["knocks"] + (event.seat - me) % NUM_SEATS] += 1.0 / _NT
    layout = view.layout
    for point in layout.points:
        v[o["open_points"] + point.id] = 1.0
        v[o["open_values"] + point.value] += 1.0 / 6
    for tile, contribution in layout.counted():
        v[o["counted_ends"] + tile.index] += contribution / 12
    v[o["ends_total"]] = layout.ends_total / 36
    spinner = layout.spinner
    if spinner is not None:
        v[o["spinner"] + spinner.index] = 1.0
    voids = view.void_values()
    for seat in range(NUM_SEATS):
        r = (seat - me) % NUM_SEATS
        for value in voids[seat]:
            v[o["voids"] + r * 7 + value] = 1.0
        base = o["possible"] + r * _NT
        mask = view.possible_mask(seat)
        while mask:
            low = mask & -mask
            v[base + low.bit_length() - 1] = 1.0
            mask ^= low
        v[o["tile_counts"] + r] = view.tile_counts[seat] / 7
    team = me & 1
    target = view.target or 1
    v[o["scores"]] = view.scores[team] / target
    v[o["scores"] + 1] = view.scores[1 - team] / target
    v[o["seat"] + me] = 1.0
    if view.turn is not None:
        v[o["turn"] + (view.turn - me) % NUM_SEATS] = 1.0
    if view.leader is not None:
        v[o["leader"] + (view.leader - me) % NUM_SEATS] = 1.0
    v[o["hand_number"]] = min(max(view.hand_number, 0), 100) / 100
    tensor[: OBSERVATION.size] = v


def encode_observation(view: SeatView, out: Array | None = None) -> Array:
    """The observation of ``view``'s seat (see the module table); written into ``out`` if given."""
    tensor = _target(OBSERVATION, out)
    _fill_observation(view, tensor)
    return tensor


def encode_information_state(view: SeatView, out: Array | None = None) -> Array:
    """The information state of ``view``'s seat: the observation, the own deal and the history.

    >>> from sevenrocks.core import Match
    >>> match = Match(seed=4)
    >>> match.start_hand()
    >>> _ = match.push(match.legal_plays()[0])
    >>> state = INFORMATION_STATE.views(encode_information_state(match.view(0)))
    >>> int(state["dealt"].sum()), int(state["history"][0].sum()), int(state["history"][1].sum())
    (7, 3, 0)
    """
    tensor = _target(INFORMATION_STATE, out)
    _fill_observation(view, tensor)
    f = INFORMATION_STATE.views(tensor)
    me = view.seat
    for tile in view.hand:
        f["dealt"][tile.index] = 1.0
    k = 0
    for event in view.events:
        if isinstance(event, Placement):
            play = event.play
            if not isinstance(play, Play):
                continue  # several doubles at once: not a move of Seven Rocks
            if event.seat == me:
                f["dealt"][play.tile.index] = 1.0
            step = f["history"][k]
            step[(event.seat - me) % NUM_SEATS] = 1.0
            step[NUM_SEATS + play.tile.index] = 1.0
            point = play.point
            step[_OPENING_COLUMN if point is None else NUM_SEATS + _NT + point.id] = 1.0
            k += 1
    return tensor


def _target(layout: TensorLayout, out: Array | None) -> Array:
    if out is None:
        return layout.zeros()
    if out.shape != (layout.size,) or out.dtype != np.float32:
        raise ValueError(
            f"out must be a float32 array of shape ({layout.size},), not {out.dtype} {out.shape}"
        )
    out.fill(0.0)
    return out
