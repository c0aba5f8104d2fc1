"""The observation and information-state tensors of the family's games (see ``docs/rl.md``).

Everything is read from a :class:`~sevenrocks.core.view.SeatView` (the seat's own tiles and the
public record), never from the match. Seats are relative to the observer (0: the observer, then
clockwise); sides too (0: the observer's side). Seven Rocks keeps its own layout
(:mod:`sevenrocks.rl.observation`); every other game has the fields its rules call for
(:func:`family_fields`).

>>> import random
>>> from sevenrocks.core import Match
>>> from sevenrocks.rl.family import game_spec
>>> spec = game_spec("draw", seats=2)
>>> match = Match(spec.rules, rng=random.Random(1))
>>> match.start_hand()
>>> fields = spec.observation.views(encode_family_observation(spec, match.view(0)))
>>> int(fields["hand"].sum()), float(fields["boneyard"][0] * 28)
(7, 14.0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import numpy as np
import numpy.typing as npt

from sevenrocks.core.events import Knock, Placement
from sevenrocks.core.games import Information, Rules
from sevenrocks.core.notation import NUM_POINT_IDS, Play
from sevenrocks.core.tiles import TILES
from sevenrocks.core.view import SeatView
from sevenrocks.rl.actions import FAMILY_ACTIONS
from sevenrocks.rl.observation import OBSERVATION, TensorLayout

if TYPE_CHECKING:
    from sevenrocks.rl.family import GameSpec

__all__ = ["encode_family_information_state", "encode_family_observation", "family_fields", "history_fields"]

_NT: Final = len(TILES)
Array = npt.NDArray[np.float32]


def family_fields(rules: Rules) -> list[tuple[str, tuple[int, ...]]]:
    """The observation's fields of a game other than Seven Rocks: the common ones, then those its
    rules call for (draws, team out, several doubles, the Goat ledger, Sea Goat, General)."""
    n, s = rules.seats, rules.sides
    fields: list[tuple[str, tuple[int, ...]]] = [
        ("hand", (_NT,)),
        ("played_by", (n, _NT)),
        ("play_order", (_NT,)),
        ("open_points", (NUM_POINT_IDS,)),
        ("open_values", (7,)),
        ("counted_ends", (_NT,)),
        ("ends_total", (1,)),
        ("spinner", (_NT,)),
        ("voids", (n, 7)),
        ("possible", (n, _NT)),
        ("knocks", (n,)),
        ("tile_counts", (n,)),
        ("scores", (s,)),
        ("seat", (n,)),
        ("turn", (n,)),
        ("leader", (n,)),
        ("hand_number", (1,)),
    ]
    if rules.draws:
        fields += [("boneyard", (1,)), ("drawable", (1,)), ("draws", (n,))]
    if rules.team_out:
        fields.append(("out", (n,)))
    if rules.several_doubles:
        fields.append(("chosen", (_NT,)))
    if rules.settlement.keeps_ledger:
        fields += [("remembered", (s,)), ("opened", (s,)), ("eggs", (1,))]
    if rules.settlement.keeps_record:
        fields += [("record", (s,)), ("owed", (n,)), ("hundred", (n,)), ("may_declare_hundred", (1,))]
    if rules.information is Information.PARTNER_SIGNALS:
        fields.append(("signals", (2,)))
    return fields


def history_fields(rules: Rules) -> list[tuple[str, tuple[int, ...]]]:
    """What the information state adds: the own tiles dealt and drawn, and per tile placed its
    relative seat, the tile, and the point id it joined (the last column: the lead)."""
    return [("dealt", (_NT,)), ("history", (_NT, rules.seats + _NT + NUM_POINT_IDS + 1))]


def encode_family_observation(
    spec: GameSpec, view: SeatView, chosen: tuple[int, ...] = (), out: Array | None = None
) -> Array:
    """The observation of ``view``'s seat in ``spec``'s game (``chosen``: the actions it has
    chosen so far in this turn, for a move of several doubles); see ``docs/rl.md`` for the fields.
    """
    layout = spec.observation
    tensor = _target(layout, out)
    _fill(spec, view, chosen, tensor)
    return tensor


def encode_family_information_state(
    spec: GameSpec, view: SeatView, chosen: tuple[int, ...] = (), out: Array | None = None
) -> Array:
    """The observation, the seat's tiles dealt and drawn (``dealt``), and per tile placed in this
    hand (``history``, in order): the relative seat, the tile, and the point id it joined (the
    last column: the lead)."""
    layout = spec.information_state
    tensor = _target(layout, out)
    _fill(spec, view, chosen, tensor)
    f = layout.views(tensor)
    n = spec.seats
    me = view.seat
    for tile in view.hand:
        f["dealt"][tile.index] = 1.0
    k = 0
    for event in view.events:
        if isinstance(event, Placement):
            parts = (event.play,) if isinstance(event.play, Play) else event.play.parts
            for play in parts:
                if event.seat == me:
                    f["dealt"][play.tile.index] = 1.0
                step = f["history"][k]
                step[(event.seat - me) % n] = 1.0
                step[n + play.tile.index] = 1.0
                point = play.point
                step[n + _NT + (NUM_POINT_IDS if point is None else point.id)] = 1.0
                k += 1
    return tensor


def _fill(spec: GameSpec, view: SeatView, chosen: tuple[int, ...], tensor: Array) -> None:
    if spec.observation is OBSERVATION:
        from sevenrocks.rl.observation import encode_observation

        encode_observation(view, tensor[: OBSERVATION.size])
        return
    f = spec.observation.views(tensor[: spec.observation.size])
    rules = spec.rules
    n = rules.seats
    me = view.seat
    for tile in view.hand:
        f["hand"][tile.index] = 1.0
    order = 0
    for event in view.events:
        if isinstance(event, Placement):
            for tile in event.play.tiles:
                order += 1
                f["played_by"][(event.seat - me) % n, tile.index] = 1.0
                f["play_order"][tile.index] = order / _NT
        elif isinstance(event, Knock):
            f["knocks"][(event.seat - me) % n] += 1.0 / _NT
    layout = view.layout
    for point in layout.points:
        f["open_points"][point.id] = 1.0
        f["open_values"][point.value] += 1.0 / 6
    for tile, contribution in layout.counted():
        f["counted_ends"][tile.index] += contribution / 12
    f["ends_total"][0] = layout.ends_total / 36
    if layout.spinner is not None:
        f["spinner"][layout.spinner.index] = 1.0
    voids = view.void_values()
    for seat in range(n):
        r = (seat - me) % n
        for value in voids[seat]:
            f["voids"][r, value] = 1.0
        mask = view.possible_mask(seat)
        while mask:
            low = mask & -mask
            f["possible"][r, low.bit_length() - 1] = 1.0
            mask ^= low
        f["tile_counts"][r] = view.tile_counts[seat] / _NT
    side = rules.side_of(me)
    sides = rules.sides
    for k in range(sides):
        f["scores"][k] = view.scores[(side + k) % sides] / spec.scale
    f["seat"][me] = 1.0
    if view.turn is not None:
        f["turn"][(view.turn - me) % n] = 1.0
    if view.leader is not None:
        f["leader"][(view.leader - me) % n] = 1.0
    f["hand_number"][0] = min(max(view.hand_number, 0), 100) / 100
    if rules.draws:
        f["boneyard"][0] = view.boneyard / _NT
        f["drawable"][0] = view.drawable / _NT
        for seat, count in enumerate(view.draws):
            f["draws"][(seat - me) % n] = count / _NT
    if rules.team_out:
        for seat in range(n):
            if view.out >> seat & 1:
                f["out"][(seat - me) % n] = 1.0
    if rules.several_doubles:
        for action in chosen:
            f["chosen"][FAMILY_ACTIONS[action].tile.index] = 1.0
    ledger = view.ledger
    if rules.settlement.keeps_ledger and ledger is not None:
        for k in range(sides):
            f["remembered"][k] = ledger.remembered[(side + k) % sides] / spec.scale
            f["opened"][k] = float(ledger.opened[(side + k) % sides])
        f["eggs"][0] = ledger.eggs / spec.scale
        if rules.settlement.keeps_record:
            if ledger.record is not None:
                holder, points = ledger.record
                f["record"][(holder - side) % sides] = points / spec.scale
            if ledger.owed is not None:
                f["owed"][(ledger.owed - me) % n] = 1.0
    if rules.settlement.keeps_record:
        if view.hundred is not None:
            f["hundred"][(view.hundred - me) % n] = 1.0
        f["may_declare_hundred"][0] = float(view.may_declare_hundred)
    if view.signals is not None and "signals" in f:
        f["signals"][0] = float(view.signals.blanks)
        f["signals"][1] = float(view.signals.sixes)


def _target(layout: TensorLayout, out: Array | None) -> Array:
    if out is None:
        return layout.zeros()
    if out.shape != (layout.size,) or out.dtype != np.float32:
        raise ValueError(
            f"out must be a float32 array of shape ({layout.size},), not {out.dtype} {out.shape}"
        )
    out.fill(0.0)
    return out
