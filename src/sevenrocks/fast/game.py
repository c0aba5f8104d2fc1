"""Packing a game's rules and a position into the arrays the compiled step reads.

:func:`encode_rules` turns a game's :class:`~sevenrocks.core.games.Rules` into its codes;
:func:`encode_match` and :func:`encode_view` pack a position of the core engine. Nothing here
states a rule: each code names a parameter of the game's description.

>>> from sevenrocks.core import Match
>>> match = Match("kozel", seats=3, seed=2)
>>> match.start_hand()
>>> game = encode_rules(match.rules)
>>> int(game[codes.G_SEATS]), int(game[codes.G_RESERVE]), int(game[codes.G_DIRECTION])
(3, 1, -1)
>>> state = encode_match(match)
>>> int(state[codes.S_BLEN]), int(state[codes.S_TURN]) == match.turn
(7, True)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from sevenrocks.core.events import Placement
from sevenrocks.core.games import Boneyard, Later, Matching, Points, Rules, Stuck, Topology
from sevenrocks.core.games.ending import FixedDeals, LosersTarget, SingleHand, TargetAfterHand, TargetAtOnce
from sevenrocks.core.games.general import LOST_HANDS, Counts, GiveWay
from sevenrocks.core.games.sea import SeaRecord
from sevenrocks.core.games.settlement import (
    DeductFloor5,
    DeductRound5,
    HandBonus,
    LosersWrite,
    NoSettlement,
    WinnerTakes,
)
from sevenrocks.core.layout import CLOSED, LENGTHWISE, Layout
from sevenrocks.core.match import Match
from sevenrocks.core.notation import Move, Play
from sevenrocks.core.tiles import TILES, Tile
from sevenrocks.core.tiles import tile_of as _tile_of
from sevenrocks.core.view import SeatView
from sevenrocks.fast import codes

__all__ = ["encode_match", "encode_move", "encode_rules", "encode_view", "sea_events"]

Int64Array = npt.NDArray[np.int64]

_TOPOLOGY: Final = {
    Topology.LINE: codes.TOPO_LINE,
    Topology.SPINNER: codes.TOPO_SPINNER,
    Topology.SPINNER_OPEN: codes.TOPO_SPINNER_OPEN,
    Topology.ALL_SPINNERS: codes.TOPO_ALL,
    Topology.FORCED_FOUR: codes.TOPO_FORCED,
}
_POINTS: Final = {
    Points.NONE: codes.POINTS_NONE,
    Points.FIVES: codes.POINTS_FIVES,
    Points.FIVES_IN_FIVES: codes.POINTS_FIVES_IN_FIVES,
    Points.THREES_IN_THREES: codes.POINTS_THREES_IN_THREES,
    Points.FIVES_AND_THREES: codes.POINTS_FIVES_AND_THREES,
    Points.HEADERS: codes.POINTS_HEADERS,
}
_MATCHING: Final = {
    Matching.EQUAL: codes.MATCH_EQUAL,
    Matching.SUM_SEVEN: codes.MATCH_SEVEN,
}
#: General's tiles (``general.md`` §8): a last move with 0-0 or 6-6 makes a General.
_GENERAL_TILES: Final = (_tile_of(0, 0).bit, _tile_of(6, 6).bit)
_STUCK: Final = {
    Stuck.KNOCK: codes.STUCK_KNOCK,
    Stuck.DRAW_UNTIL_PLAYABLE: codes.STUCK_UNTIL,
    Stuck.DRAW_ONE: codes.STUCK_ONE,
}
_BONEYARD: Final = {
    Boneyard.NONE: codes.BONEYARD_NONE,
    Boneyard.OUT_OF_PLAY: codes.BONEYARD_OUT,
    Boneyard.DRAW: codes.BONEYARD_DRAW,
}


#: The parameters of :class:`Rules` that :func:`encode_rules` reads, and the ones the step has no
#: use for: the game's name and options, what a seat may know, who leads the next hand (each hand
#: is packed at its deal, :func:`encode_match`). A parameter in neither set refuses the game unless
#: it has its default value, so a new rule is never played as if it were not there.
_READ: Final = frozenset(
    {
        "seats", "hand_size", "settlement", "ending", "partnerships", "boneyard", "reserve", "goat_misdeal",
        "first_lead", "topology", "matching", "several_doubles", "lengthwise", "closing", "stuck",
        "team_out", "points", "lone_blank", "all_ends_closed", "sea_values", "fisherman_non_double",
        "after_block",
    }
)  # fmt: skip
_NOT_NEEDED: Final = frozenset({"game", "options", "information", "after_domino"})


class UnsupportedGameError(ValueError):
    """A game whose rules the compiled step cannot play (a kind it does not know yet)."""


def _check_known(rules: Rules) -> None:
    for field in dataclasses.fields(rules):
        if field.name in _READ or field.name in _NOT_NEEDED:
            continue
        if field.default is dataclasses.MISSING or getattr(rules, field.name) != field.default:
            raise UnsupportedGameError(
                f"the compiled step does not play {rules.game} (it does not know the rule {field.name!r})"
            )


def encode_rules(rules: Rules) -> Int64Array:
    """The codes of a game (see :mod:`sevenrocks.fast.codes`).

    Every parameter of the rules is read: a value the compiled step does not know (a new topology,
    way of joining, kind of points, settlement or match end) raises :class:`UnsupportedGameError`
    rather than being played by other rules.
    """
    _check_known(rules)
    g = np.zeros(codes.GAME_SIZE, dtype=np.int64)
    g[codes.G_SEATS] = rules.seats
    g[codes.G_SIDES] = rules.sides
    g[codes.G_PARTNERS] = rules.partnerships
    g[codes.G_HAND_SIZE] = rules.hand_size
    g[codes.G_BONEYARD] = _BONEYARD[rules.boneyard]
    g[codes.G_RESERVE] = rules.reserve
    g[codes.G_STUCK] = _STUCK[rules.stuck] if rules.draws else codes.STUCK_KNOCK
    try:
        g[codes.G_TOPOLOGY] = _TOPOLOGY[rules.topology]
        g[codes.G_POINTS] = _POINTS[rules.points]
        g[codes.G_MATCHING] = _MATCHING[rules.matching]
    except KeyError as err:
        raise UnsupportedGameError(f"the compiled step does not play {rules.game} ({err.args[0]})") from None
    g[codes.G_LENGTHWISE] = rules.lengthwise
    g[codes.G_CLOSING] = rules.closing
    g[codes.G_SEVERAL] = rules.several_doubles
    g[codes.G_TEAM_OUT] = rules.team_out
    g[codes.G_LONE] = -1 if rules.lone_blank is None else rules.lone_blank
    g[codes.G_MISDEAL] = rules.goat_misdeal
    g[codes.G_ALL_CLOSED] = rules.all_ends_closed
    g[codes.G_DIRECTION] = 1
    g[codes.G_ROUND] = 1
    g[codes.G_DIVISOR] = 1
    settlement = rules.settlement
    if type(settlement) is DeductRound5:
        g[codes.G_SETTLE] = codes.SETTLE_ROUND5
    elif type(settlement) is DeductFloor5:
        g[codes.G_SETTLE] = codes.SETTLE_FLOOR5
    elif type(settlement) is WinnerTakes:
        g[codes.G_SETTLE] = codes.SETTLE_WINNER_TAKES
        g[codes.G_ROUND] = settlement.rounding
        g[codes.G_DIVISOR] = settlement.divisor
    elif type(settlement) is HandBonus:
        g[codes.G_SETTLE] = codes.SETTLE_BONUS
        g[codes.G_BONUS] = settlement.bonus
        g[codes.G_BONUS_BLOCK] = settlement.block
    elif type(settlement) is LosersWrite:
        g[codes.G_SETTLE] = codes.SETTLE_LOSERS_WRITE
        g[codes.G_THRESHOLD] = settlement.threshold
        g[codes.G_REMEMBER] = settlement.remember
        g[codes.G_EGGS] = settlement.eggs
        g[codes.G_DIRECTION] = -1
    elif type(settlement) is NoSettlement:
        g[codes.G_SETTLE] = codes.SETTLE_NONE
    elif type(settlement) is SeaRecord:
        g[codes.G_SETTLE] = codes.SETTLE_SEA
        g[codes.G_SEA_EVENTS] = settlement.events
    elif type(settlement) is Counts:
        g[codes.G_SETTLE] = codes.SETTLE_COUNTS
        g[codes.G_NAKED] = settlement.naked_version
        g[codes.G_LOST_HANDS] = LOST_HANDS
        g[codes.G_GENERAL_TILES : codes.G_GENERAL_TILES + 2] = _GENERAL_TILES
        g[codes.G_DIRECTION] = -1  # a side's score counts the hands it lost
    else:
        raise UnsupportedGameError(f"the compiled step does not settle {rules.game} ({settlement!r})")
    ending = rules.ending
    if type(ending) is TargetAtOnce:
        g[codes.G_ENDING] = codes.ENDING_AT_ONCE
        g[codes.G_TARGET] = ending.target
        g[codes.G_EXACT] = ending.exact
    elif type(ending) is TargetAfterHand:
        g[codes.G_ENDING] = codes.ENDING_AFTER_HAND
        g[codes.G_TARGET] = ending.target
        g[codes.G_BOTH_DRAW] = ending.both_draw
    elif type(ending) is LosersTarget:
        g[codes.G_ENDING] = codes.ENDING_LOSERS
        g[codes.G_TARGET] = ending.target
    elif type(ending) is FixedDeals:
        g[codes.G_ENDING] = codes.ENDING_DEALS
        g[codes.G_DEALS] = ending.deals
    elif type(ending) is SingleHand:
        g[codes.G_ENDING] = codes.ENDING_SINGLE
    elif type(ending) is GiveWay:
        g[codes.G_ENDING] = codes.ENDING_GIVE_WAY
    else:
        raise UnsupportedGameError(f"the compiled step does not end {rules.game} ({ending!r})")
    g[codes.G_SEA_VALUES] = rules.sea_values
    if rules.after_block is not Later.FISHERMAN:
        g[codes.G_FISHERMAN] = codes.FISHER_NONE
    elif rules.fisherman_non_double:
        g[codes.G_FISHERMAN] = codes.FISHER_NON_DOUBLE
    else:
        g[codes.G_FISHERMAN] = codes.FISHER_LAST
    g[codes.G_PLAIN] = (
        rules.matching is Matching.EQUAL
        and rules.topology is not Topology.FORCED_FOUR
        and rules.points is not Points.HEADERS
        and not rules.fisherman_non_double
    )
    if rules.first_lead is not None:
        g[codes.G_FIRST_LEAD] = 1
        g[codes.G_ORDER : codes.G_ORDER + 28] = rules.first_lead
    for total in range(64):
        g[codes.G_POINTS_TABLE + total] = rules.points.of(total)
    return g


def _mask(tiles: Sequence[Tile] | int) -> int:
    return tiles if isinstance(tiles, int) else sum(t.bit for t in tiles)


def _pack(
    state: Int64Array,
    layout: Layout,
    hands: Sequence[int],
    scores: Sequence[int],
    turn: int,
    boneyard: Sequence[int],
    draws: Sequence[int],
) -> None:
    for seat, mask in enumerate(hands):
        state[codes.S_HANDS + seat] = mask
    state[codes.S_TURN] = turn
    state[codes.S_SPINNER] = layout._spinner
    state[codes.S_TOTAL] = layout.ends_total
    points = layout._points
    state[codes.S_NPTS] = len(points)
    state[codes.S_POINTS : codes.S_POINTS + len(points)] = points
    long_mask = closed = 0
    for t, _, mark in layout._placed:
        if mark & LENGTHWISE:
            long_mask |= 1 << t
        if mark & CLOSED:
            closed |= 1 << t
    state[codes.S_LONG] = long_mask
    state[codes.S_CLOSED] = closed
    state[codes.S_PLACED] = len(layout)
    state[codes.S_FITS] = layout.playable_mask
    state[codes.S_OPENING] = layout._placed[0][0] if layout._placed else -1
    waiting = layout._waiting
    if waiting is not None:
        state[codes.S_FORCED] = 1
        state[codes.S_NWAIT] = len(waiting)
        state[codes.S_WAIT : codes.S_WAIT + len(waiting)] = waiting
    state[codes.S_BLEN] = len(boneyard)
    state[codes.S_BONE : codes.S_BONE + len(boneyard)] = boneyard
    for seat, n in enumerate(draws):
        state[codes.S_DRAWS + seat] = n
    for side, score in enumerate(scores):
        state[codes.S_SCORE + side] = score
    state[codes.S_LEAD_TILE] = -1
    state[codes.S_FINISHER] = -1


def encode_match(match: Match) -> Int64Array:
    """The packed position of a match with a hand in progress (all of it: every hand is known)."""
    if match.turn is None:
        raise ValueError("no hand is in progress: the compiled step plays out hands from a seat to move")
    state = np.zeros(codes.STATE_SIZE, dtype=np.int64)
    hands = [match.hand_mask(s) for s in range(match.seats)]
    boneyard = [t.index for t in match.boneyard]
    _pack(state, match.layout, hands, match.scores, match.turn, boneyard, match.draws)
    # the hand's hundred seat (``history[-1].hundred``, which a match rebuilt from a view lacks)
    hundred = match._hundred if match._hundred >= 0 else None
    _pack_match(state, match.rules, match.ledger, match.out, match.leader, match.hands_played, hundred)
    lead = match.lead_tile
    state[codes.S_LEAD_TILE] = -1 if lead is None else lead.index
    _pack_last(state, match.rules, match.events)
    return state


def encode_view(
    view: SeatView, hands: Mapping[int, Sequence[Tile] | int], boneyard: Sequence[Tile] | Sequence[int] = ()
) -> Int64Array:
    """The packed position of ``view`` with the other seats holding ``hands`` and the boneyard in
    the order ``boneyard`` (a guess: not checked against the view)."""
    if view.turn is None:
        raise ValueError("no hand is in progress: the compiled step plays out hands from a seat to move")
    state = np.zeros(codes.STATE_SIZE, dtype=np.int64)
    masks = [0] * view.seats
    for seat, held in hands.items():
        masks[seat] = _mask(held)
    masks[view.seat] = view.hand_mask
    order = [t if isinstance(t, int) else t.index for t in boneyard]
    _pack(state, view.layout, masks, view.scores, view.turn, order, view.draws)
    played = sum(1 for r in view.results if r.end.value != "redeal")
    _pack_match(state, view.rules, view.ledger, tuple(s for s in range(view.seats) if view.out >> s & 1),
                view.leader, played, view.hundred)  # fmt: skip
    _pack_last(state, view.rules, view.events)
    state[codes.S_LEAD_TILE] = -1 if view.lead_tile is None else view.lead_tile.index
    return state


def _pack_last(state: Int64Array, rules: Rules, events: Sequence[object]) -> None:
    """The seat and the tiles of the hand's last move; Sea Goat's fisherman so far (the seat of the
    last move with a non-double tile, ``sea-kozel.md`` §6.2)."""
    last = next((e for e in reversed(events) if isinstance(e, Placement)), None)
    state[codes.S_LAST] = -1 if last is None else last.seat
    state[codes.S_LAST_MOVE] = 0 if last is None else sum(t.bit for t in last.play.tiles)
    if rules.fisherman_non_double:
        fisher = next(
            (
                e.seat
                for e in reversed(events)
                if isinstance(e, Placement) and any(not t.is_double for t in e.play.tiles)
            ),
            None,
        )
        state[codes.S_FISHER] = 0 if fisher is None else fisher + 1


def _pack_match(
    state: Int64Array,
    rules: Rules,
    ledger: object,
    out: Sequence[int],
    leader: int | None,
    played: int,
    hundred: int | None = None,
) -> None:
    """The match around the hand: the Goat ledger (Sea Goat's owed hundred, pending write-off and
    egg redeals with it; its record is the scores), the seats out, the leader, the hands played
    and Sea Goat's hundred seat of the hand."""
    from sevenrocks.core.games import Ledger

    if isinstance(ledger, Ledger):
        for side, n in enumerate(ledger.remembered):
            state[codes.S_REMEMBER + side] = n
        state[codes.S_OPENED] = sum(1 << side for side, o in enumerate(ledger.opened) if o)
        state[codes.S_EGGS] = ledger.eggs
        state[codes.S_OWED] = 0 if ledger.owed is None else ledger.owed + 1
        write_off = ledger.write_off
        if write_off is not None:
            state[codes.S_WO_SEAT] = write_off.seat + 1
            state[codes.S_WO_SIDE] = write_off.side
            state[codes.S_WO_AMOUNT] = write_off.amount
            state[codes.S_WO_FAILURES] = write_off.failures
        state[codes.S_EGG_REDEALS] = ledger.egg_redeals
    state[codes.S_HUNDRED] = 0 if hundred is None else hundred + 1
    state[codes.S_OUT] = sum(1 << s for s in out)
    state[codes.S_LEADER] = -1 if leader is None else leader
    state[codes.S_PLAYED] = played
    del rules


def encode_move(move: Move) -> tuple[int, int, int, int]:
    """A move as up to four parts ``tile * 4096 + point id * 16 + marks`` (the lead's point id is
    168; the marks of :func:`sevenrocks.core.layout.mark_bits`), -1 for the parts a move does not
    have."""
    parts = [-1, -1, -1, -1]
    for i, play in enumerate(move.parts if not isinstance(move, Play) else (move,)):
        point = play.point
        pid = 168 if point is None else point.id
        parts[i] = play.tile.index * 4096 + pid * 16 + Layout.marks(play)
    return parts[0], parts[1], parts[2], parts[3]


#: The names of Sea Goat's events (``sea-kozel.md`` §9.2), by their bits in ``S_SEA_EVENTS``.
_SEA_EVENTS: Final = (
    (codes.EV_BALD_GOAT, "bald-goat"),
    (codes.EV_SIX_SIX, "six-six"),
    (codes.EV_HUNDRED_WON, "hundred-won"),
    (codes.EV_HUNDRED_LOST, "hundred-lost"),
    (codes.EV_SIX_SIX_SHORT, "six-six-short"),
    (codes.EV_FISHERMAN_HUNDRED, "fisherman-hundred"),
    (codes.EV_WRITE_OFF_PENDING, "write-off-pending"),
    (codes.EV_CROSSED_OUT, "crossed-out"),
    (codes.EV_WRITE_OFF, "write-off"),
    (codes.EV_WRITE_OFF_FAILED, "write-off-failed"),
    (codes.EV_CROSSED_OUT_AFTER, "crossed-out"),
)


def sea_events(bits: int) -> tuple[str, ...]:
    """The names of the Sea Goat events in ``S_SEA_EVENTS``, in order (a hand result's ``events``).

    >>> sea_events(codes.EV_CROSSED_OUT | codes.EV_WRITE_OFF_FAILED)
    ('crossed-out', 'write-off-failed')
    >>> sea_events(codes.EV_WRITE_OFF_FAILED | codes.EV_CROSSED_OUT_AFTER)
    ('write-off-failed', 'crossed-out')
    """
    return tuple(name for bit, name in _SEA_EVENTS if bits & bit)


def decode_part(code: int) -> tuple[int, int, int]:
    """``(tile index, point id or -1 for the lead, marks)`` of an encoded part."""
    t, rest = divmod(code, 4096)
    pid, mark = divmod(rest, 16)
    return t, (-1 if pid == 168 else pid), mark


def tile_of(index: int) -> Tile:
    """The tile with this index."""
    return TILES[index]
