"""Dealing a hand: shuffled deals, checked deals, the Goat misdeal, and who leads.

>>> import random
>>> from sevenrocks.core.games import find_game
>>> rules = find_game("draw").rules(seats=3)
>>> hands, boneyard = deal(rules, random.Random(1))
>>> [h.bit_count() for h in hands], len(boneyard)
([5, 5, 5], 13)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from sevenrocks.core.errors import DealError
from sevenrocks.core.games.model import Boneyard, Rules
from sevenrocks.core.tiles import SUIT_MASKS, TILES, Tile

__all__ = ["check_deal", "deal", "first_in_order", "is_goat_misdeal"]

_DOUBLES_MASK: Final = sum(t.bit for t in TILES if t.is_double)


def deal(rules: Rules, rng: random.Random) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Shuffle the 28 tiles with ``rng`` and deal: each seat's tiles (bitmasks) and the boneyard
    (tile indexes, front first). Seven Rocks deals exactly as it always has: seven each from one
    shuffle."""
    order = list(range(len(TILES)))
    rng.shuffle(order)
    size = rules.hand_size
    hands = tuple(_mask(order[size * s : size * (s + 1)]) for s in range(rules.seats))
    return hands, tuple(order[size * rules.seats :])


def _mask(indexes: Sequence[int]) -> int:
    mask = 0
    for t in indexes:
        mask |= 1 << t
    return mask


def check_deal(
    rules: Rules, hands: Sequence[Sequence[Tile]], boneyard: Sequence[Tile] | None, hand: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Check a deal given tile by tile; return the seats' bitmasks and the boneyard's indexes.

    Each seat must hold the game's number of tiles, and the hands with the boneyard must hold all
    28 tiles, each once. A boneyard left out is allowed only where it is never drawn from (its
    order then does not matter).
    """
    n = rules.seats
    if not isinstance(hands, Sequence) or isinstance(hands, str) or len(hands) != n:
        seats = "four seats" if n == 4 else f"{n} seats"
        raise DealError(f"a deal gives the tiles of exactly {seats}", hand=hand)
    owner: dict[int, str] = {}
    masks: list[int] = []

    def take(tile: object, who: str) -> int:
        if not isinstance(tile, Tile):
            raise DealError(f"{who} is dealt {tile!r}, which is not a tile", hand=hand)
        if tile.index in owner:
            first = owner[tile.index]
            if first == who:
                which = f"{who}, twice"
            elif first.startswith("seat ") and who.startswith("seat "):
                which = f"seats {first[5:]} and {who[5:]}"
            else:
                which = f"{first} and {who}"
            raise DealError(f"tile {tile} is dealt twice ({which})", hand=hand)
        owner[tile.index] = who
        return tile.bit

    for seat, tiles in enumerate(hands):
        if not isinstance(tiles, Sequence) or isinstance(tiles, str):
            raise DealError(f"seat {seat}'s tiles must be a list of tiles", hand=hand)
        if len(tiles) != rules.hand_size:
            raise DealError(f"seat {seat} is dealt {len(tiles)} tiles, not {rules.hand_size}", hand=hand)
        mask = 0
        for tile in tiles:
            mask |= take(tile, f"seat {seat}")
        masks.append(mask)
    rest = [t for t in range(len(TILES)) if t not in owner]
    if boneyard is None or (not boneyard and rest):
        if rest and rules.boneyard is Boneyard.DRAW:
            raise DealError(
                f"the boneyard must be given in draw order: {len(rest)} tiles are not dealt", hand=hand
            )
        return tuple(masks), tuple(rest)
    order: list[int] = []
    for tile in boneyard:
        take(tile, "the boneyard")
        order.append(tile.index)
    if len(owner) != len(TILES):
        missing = ", ".join(str(TILES[t]) for t in range(len(TILES)) if t not in owner)
        raise DealError(f"the hands and the boneyard must hold all 28 tiles; missing: {missing}", hand=hand)
    return tuple(masks), tuple(order)


def is_goat_misdeal(hands: Sequence[int]) -> bool:
    """True when some hand holds five or more doubles, or six or more tiles of one suit.

    >>> from sevenrocks.core.tiles import mask_of
    >>> is_goat_misdeal([mask_of(Tile.parse(t) for t in ["0-0", "1-1", "2-2", "3-3", "4-4"])])
    True
    """
    for mask in hands:
        if (mask & _DOUBLES_MASK).bit_count() >= 5:
            return True
        if any((mask & suit).bit_count() >= 6 for suit in SUIT_MASKS):
            return True
    return False


def first_in_order(order: Sequence[int], hands: Sequence[int]) -> tuple[int, int]:
    """The seat holding the first tile of ``order`` that some seat holds, and that tile."""
    for t in order:
        for seat, mask in enumerate(hands):
            if mask >> t & 1:
                return seat, t
    raise DealError("no seat holds a tile")  # pragma: no cover - every order lists all 28 tiles
