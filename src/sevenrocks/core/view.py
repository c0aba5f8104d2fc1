"""A seat's view: exactly what one seat may know, and nothing of the other seats' tiles.

Bots, network clients and research interfaces receive a :class:`SeatView`, never the
:class:`~sevenrocks.core.match.Match`. The view holds its own tiles, a copy of the layout,
every placement and knock of the hand, the other seats' tile counts, the scores, and the
finished hands (whose remaining tiles the settlement revealed).

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

from dataclasses import dataclass

from sevenrocks.core.events import Event, HandResult, Knock, Placement
from sevenrocks.core.layout import Layout
from sevenrocks.core.notation import Play
from sevenrocks.core.tiles import NUM_SEATS, SUIT_MASKS, TILES, Tile, mask_of, tiles_of_mask

__all__ = ["SeatView"]


@dataclass(frozen=True)
class SeatView:
    """Everything ``seat`` may know at one moment of a match."""

    seat: int
    hand: tuple[Tile, ...]
    layout: Layout
    events: tuple[Event, ...]
    tile_counts: tuple[int, int, int, int]
    scores: tuple[int, int]
    target: int
    hand_number: int
    leader: int | None
    turn: int | None
    legal_plays: tuple[Play, ...]
    results: tuple[HandResult, ...]

    @property
    def is_my_turn(self) -> bool:
        """True when this seat is to place now."""
        return self.turn == self.seat

    @property
    def partnership(self) -> int:
        """This seat's partnership: 0 for seats 0 and 2, 1 for seats 1 and 3."""
        return self.seat & 1

    @property
    def hand_mask(self) -> int:
        """Bitmask of this seat's tiles."""
        return mask_of(self.hand)

    @property
    def unseen_mask(self) -> int:
        """Bitmask of the tiles this seat cannot see: held by the three other seats."""
        return ((1 << len(TILES)) - 1) & ~self.hand_mask & ~self.layout.mask

    def played_by(self, seat: int) -> tuple[Tile, ...]:
        """The tiles ``seat`` has placed in this hand, in order."""
        return tuple(e.play.tile for e in self.events if isinstance(e, Placement) and e.seat == seat)

    def void_values(self) -> tuple[frozenset[int], ...]:
        """Per seat, the pip values its knocks prove it no longer holds.

        A seat that knocked held no tile matching any connection point open at that moment,
        and tiles never come back into a hand, so the void lasts for the rest of the hand.
        """
        voids: list[set[int]] = [set() for _ in range(NUM_SEATS)]
        for event in self.events:
            if isinstance(event, Knock):
                voids[event.seat].update(event.values)
        return tuple(frozenset(v) for v in voids)

    def possible_mask(self, seat: int) -> int:
        """Bitmask of the unseen tiles ``seat`` may still hold, given its knocks."""
        if seat == self.seat:
            return self.hand_mask
        mask = self.unseen_mask
        for value in self.void_values()[seat]:
            mask &= ~SUIT_MASKS[value]
        return mask

    def possible_tiles(self, seat: int) -> tuple[Tile, ...]:
        """The unseen tiles ``seat`` may still hold, given its knocks."""
        return tiles_of_mask(self.possible_mask(seat))
