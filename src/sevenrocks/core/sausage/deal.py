"""Dealing Sausage: the 28 tiles shuffled face down, 14 to each seat as its queue (``sausage.md`` §2).

>>> import random
>>> queues = deal_queues(random.Random(1))
>>> [len(q) for q in queues], len({t for q in queues for t in q})
([14, 14], 28)
>>> check_queues([["0-0"], []])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
sevenrocks.core.errors.DealError: seat 0's queue holds 1 tile: each queue holds 14
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from sevenrocks.core.errors import DealError, SevenRocksError
from sevenrocks.core.tiles import TILES, Tile

__all__ = ["QUEUE_SIZE", "SEATS", "check_queues", "deal_queues"]

#: Sausage is played by two seats.
SEATS: Final = 2
#: Each queue is dealt 14 tiles: the whole set.
QUEUE_SIZE: Final = 14


def deal_queues(rng: random.Random) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
    """Shuffle the set with ``rng`` and deal the first 14 tiles to seat 0, the rest to seat 1."""
    tiles = list(TILES)
    rng.shuffle(tiles)
    return tuple(tiles[:QUEUE_SIZE]), tuple(tiles[QUEUE_SIZE:])


def check_queues(queues: Sequence[Sequence[Tile | str]]) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
    """The two queues (tiles or their text, front first) if they hold 14 tiles each, all 28 once;
    :class:`DealError` naming the fault otherwise."""
    if isinstance(queues, str | bytes) or not isinstance(queues, Sequence) or len(queues) != SEATS:
        raise DealError("a Sausage deal is two queues, seat 0's first")
    parsed: list[tuple[Tile, ...]] = []
    for seat, queue in enumerate(queues):
        if isinstance(queue, str | bytes) or not isinstance(queue, Sequence):
            raise DealError(f"seat {seat}'s queue must be a list of tiles, front first")
        tiles: list[Tile] = []
        for item in queue:
            if isinstance(item, Tile):
                tiles.append(TILES[item.index])
                continue
            try:
                tiles.append(Tile.parse(item))
            except SevenRocksError as err:
                raise DealError(f"seat {seat}'s queue: {err.reason}") from None
        if len(tiles) != QUEUE_SIZE:
            s = "" if len(tiles) == 1 else "s"
            raise DealError(f"seat {seat}'s queue holds {len(tiles)} tile{s}: each queue holds {QUEUE_SIZE}")
        parsed.append(tuple(tiles))
    seen: set[Tile] = set()
    for seat, queue in enumerate(parsed):
        for tile in queue:
            if tile in seen:
                raise DealError(f"tile {tile} is dealt twice (again in seat {seat}'s queue)")
            seen.add(tile)
    return parsed[0], parsed[1]
