"""A seat's view: exactly what one seat may know, and nothing of the other seats' tiles.

Bots, network clients and research interfaces receive a :class:`SeatView`, never the
:class:`~sevenrocks.core.match.Match`. The view holds its own tiles, a copy of the layout,
every move, knock and draw of the hand (the tiles other seats drew are hidden: only that they
drew), the other seats' tile counts, the boneyard's size, the scores, and the finished hands
(whose remaining tiles the settlement revealed).

>>> from sevenrocks.core.match import Match
>>> match = Match(seed=3)
>>> match.start_hand()
>>> view = match.view(match.turn)
>>> len(view.hand), view.tile_counts, len(view.legal_plays) == 7
(7, (7, 7, 7, 7), True)
>>> len(tiles_of_mask(view.unseen_mask))
21
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sevenrocks.core.events import Draw, Event, HandResult, Knock, Placement
from sevenrocks.core.games import DEFAULT_GAME, Ledger, Matching, Outcome, Rules, find_game
from sevenrocks.core.layout import Layout
from sevenrocks.core.matching import void_mask
from sevenrocks.core.notation import Move, Play
from sevenrocks.core.tiles import SUIT_MASKS, TILES, Tile, mask_of, tiles_of_mask

__all__ = ["SeatView", "Signals"]

_SEVEN_ROCKS = find_game(DEFAULT_GAME).rules()


@dataclass(frozen=True)
class Signals:
    """What a partner signals in General (``general.md`` §10.1): whether it was dealt 0-0 (the
    wink) and whether it was dealt 6-6 (the puffed cheek). Nothing else about its tiles."""

    blanks: bool
    sixes: bool


_BLANKS, _SIXES = 0, len(TILES) - 1  # the tile indexes of 0-0 and 6-6


@dataclass(frozen=True)
class SeatView:
    """Everything ``seat`` may know at one moment of a match."""

    seat: int
    hand: tuple[Tile, ...]
    layout: Layout
    events: tuple[Event, ...]
    tile_counts: tuple[int, ...]
    scores: tuple[int, ...]
    target: int | None
    hand_number: int
    leader: int | None
    turn: int | None
    legal_plays: tuple[Play, ...]
    results: tuple[HandResult, ...]
    rules: Rules = field(default=_SEVEN_ROCKS)
    boneyard: int = 0
    """Tiles left in the boneyard (the reserve included); their faces are hidden."""
    drawable: int = 0
    """Tiles that can still be drawn."""
    legal_moves: tuple[Move, ...] = ()
    """Every legal move (several doubles included); the same as ``legal_plays`` in most games."""
    ledger: Ledger | None = None
    outcome: Outcome | None = None
    out: int = 0
    """Bitmask of the seats that are out (Fives and Threes in partnership)."""
    lead_tile: Tile | None = None
    """In the leader's own view before the lead, the tile the rules make it lead (a tile order)."""
    signals: Signals | None = None
    """General: what this seat's partner signalled about 0-0 and 6-6 (``None`` in other games)."""
    hundred: int | None = None
    """Sea Goat: the hundred seat of the hand in progress (everyone knows it), else ``None``."""
    imposed: str | None = None
    """Sea Goat: the rule of its own that named this hand's leader (``"hundred"``, ``"eggs"``,
    ``"declared"``), as :attr:`HandLog.imposed <sevenrocks.core.events.HandLog.imposed>`; public."""
    may_declare_hundred: bool = False
    """Sea Goat: this seat may declare a voluntary hundred now, before the lead (§3.3); only this
    seat's own view says so, as it tells that the seat holds 6-6."""

    @property
    def moves(self) -> tuple[Move, ...]:
        """The legal moves of this seat (``legal_moves``, or ``legal_plays`` when not given)."""
        return self.legal_moves or self.legal_plays

    @property
    def is_my_turn(self) -> bool:
        """True when this seat is to move now."""
        return self.turn == self.seat

    @property
    def side(self) -> int:
        """This seat's side."""
        return self.rules.side_of(self.seat)

    @property
    def partnership(self) -> int:
        """This seat's side (Seven Rocks: 0 for seats 0 and 2, 1 for seats 1 and 3)."""
        return self.side

    @property
    def seats(self) -> int:
        """The number of seats at the table."""
        return self.rules.seats

    @property
    def draws(self) -> tuple[int, ...]:
        """Per seat, how many tiles it has drawn in this hand."""
        counts = [0] * self.rules.seats
        for event in self.events:
            if isinstance(event, Draw):
                counts[event.seat] += 1
        return tuple(counts)

    @property
    def hand_mask(self) -> int:
        """Bitmask of this seat's tiles."""
        return mask_of(self.hand)

    @property
    def unseen_mask(self) -> int:
        """Bitmask of the tiles this seat cannot see: the other seats' and the boneyard's."""
        return ((1 << len(TILES)) - 1) & ~self.hand_mask & ~self.layout.mask

    def played_by(self, seat: int) -> tuple[Tile, ...]:
        """The tiles ``seat`` has placed in this hand, in order."""
        return tuple(
            tile for e in self.events if isinstance(e, Placement) and e.seat == seat for tile in e.play.tiles
        )

    def void_values(self) -> tuple[frozenset[int], ...]:
        """Per seat, the values of the points its knocks and draws prove it could not join now.

        A seat that knocked or drew held no tile matching any connection point open at that
        moment (in Matador: no tile adding up to seven with one, and no matador). Tiles never
        come back into a hand, so the void lasts for the rest of the hand, unless the seat draws
        again later: a drawn tile may show any value, so a later draw ends what earlier knocks
        and draws proved. The seat on turn just after its draws holds the playable tile it drew,
        so nothing is known of its values until it moves.
        """
        voids: list[set[int]] = [set() for _ in range(self.rules.seats)]
        replay: Layout | None = None  # the layout as it was, rebuilt only where a seat drew
        placed = 0
        for event in self.events:
            if isinstance(event, Knock):
                voids[event.seat].update(event.values)
            elif isinstance(event, Placement):
                placed += len(event.play.parts)
            elif isinstance(event, Draw):
                if replay is None:
                    replay = Layout.for_rules(self.rules)
                plays = self.layout.plays
                while len(replay) < placed:
                    replay.place(plays[len(replay)])
                voids[event.seat] = set(replay.point_values)
        events = self.events
        if events and isinstance(events[-1], Draw) and events[-1].seat == self.turn:
            # the seat on turn has just drawn the tile it can place: that tile shows a value its
            # draws proved it lacked, so until it moves nothing is known of its values
            voids[events[-1].seat] = set()
        return tuple(frozenset(v) for v in voids)

    def possible_mask(self, seat: int) -> int:
        """Bitmask of the unseen tiles ``seat`` may still hold, given its knocks and draws."""
        if seat == self.seat:
            return self.hand_mask
        mask = self.unseen_mask
        if self.signals is not None:  # a signalled double is the partner's; an unsignalled one is not
            partner = (self.seat + 2) % self.seats
            for t, held in ((_BLANKS, self.signals.blanks), (_SIXES, self.signals.sixes)):
                if held != (seat == partner):
                    mask &= ~(1 << t)
        values = self.void_values()[seat]
        if self.rules.matching is Matching.SUM_SEVEN:
            return mask & ~void_mask(tuple(values)) if values else mask
        for value in values:
            mask &= ~SUIT_MASKS[value]
        return mask

    def possible_tiles(self, seat: int) -> tuple[Tile, ...]:
        """The unseen tiles ``seat`` may still hold, given its knocks and draws."""
        return tiles_of_mask(self.possible_mask(seat))
