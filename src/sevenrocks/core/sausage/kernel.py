"""Sausage's rules for speed: whole deals played on plain integers, for simulations and searches.

:class:`~sevenrocks.core.sausage.SausageMatch` records every turn, checks every move and can take any
move back; that is what a match needs and what makes it slow. A simulation (``sevenrocks simulate``)
and a search's play-outs need none of it: they need the rules alone, fast. This module is those rules
again, on tile indices (:data:`~sevenrocks.core.tiles.TILES` order) and bit masks, in one loop:

- a line's end is kept as the bit of its number (``1 << n``) and its values as a mask of bits, so a
  non-double joins a line when its mask (``1 << low | 1 << high``) shares the end's bit, a double when
  its bit is among the line's values, and a tile cuts when its mask is the two ends' bits together
  (both lines holding a tile); the new end after a non-double is its mask without the old end's bit;
- where a double lies in a line does not matter to the game (``sausage.md`` §4.3), so a line is kept
  as its number of tiles only.

:class:`Deal` is a position (the queues front first, the table, the counts of the block rule) and
:meth:`Deal.play_out` plays it to its end with a policy. The tests play thousands of deals here and in
the engine with the same choices and compare every turn and every result
(``tests/sausage/test_kernel.py``); the engine stays the definition of the rules.

>>> import random
>>> rng = random.Random(3)
>>> deal = Deal.dealt(rng)
>>> turns: list[tuple[int, int, int, int]] = []
>>> end = deal.play_out(random_policy(rng), turns)
>>> end in (OUT_0, OUT_1, BLOCKED), all(went in (TOP, BOTTOM, CUT, BACK, ASIDE) for _, _, went, _ in turns)
(True, True)
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import Final

from sevenrocks.core.sausage.deal import QUEUE_SIZE
from sevenrocks.core.tiles import TILES

__all__ = [
    "ASIDE",
    "BACK",
    "BLOCKED",
    "BOTTOM",
    "CUT",
    "MASK",
    "OUT_0",
    "OUT_1",
    "PIPS",
    "START",
    "TOP",
    "UNFINISHED",
    "Deal",
    "Policy",
    "random_deal_stats",
    "random_policy",
]

#: Per tile index: the bits of its two numbers (one bit for a double).
MASK: Final = tuple((1 << t.low) | (1 << t.high) for t in TILES)
#: Per tile index: its pips.
PIPS: Final = tuple(t.pips for t in TILES)
#: Per tile index: whether it is a double.
DOUBLE: Final = tuple(t.is_double for t in TILES)

# What a turn did (the kernel's :class:`~sevenrocks.core.sausage.Went`).
TOP: Final = 0
BOTTOM: Final = 1
CUT: Final = 2
START: Final = 3
BACK: Final = 4
ASIDE: Final = 5

# How a deal ended: which seat went out, or blocked.
OUT_0: Final = 0
OUT_1: Final = 1
BLOCKED: Final = 2
#: A play-out stopped by its ``limit`` of turns before the deal ended.
UNFINISHED: Final = 3

#: ``policy(deal, seat, tile, ways)``: the way (``TOP``, ``BOTTOM`` or ``CUT``) ``seat`` places ``tile``,
#: among ``ways`` (a bit mask: bit 0 top, bit 1 bottom, bit 2 cut; at least two bits set).
Policy = Callable[["Deal", int, int, int], int]

#: ``_CHOICES[ways]``: the ways of a mask, top, bottom, cut in that order.
_CHOICES: Final = tuple(tuple(w for w in (TOP, BOTTOM, CUT) if mask >> w & 1) for mask in range(8))


def random_policy(rng: random.Random) -> Policy:
    """A policy choosing uniformly among the ways (``rng.randrange`` of their number)."""
    randrange = rng.randrange

    def choose(deal: Deal, seat: int, tile: int, ways: int) -> int:
        choices = _CHOICES[ways]
        return choices[randrange(len(choices))]

    return choose


class Deal:
    """A position of a deal: whose turn, the queues (tile indices, front first), the table and the counts.

    ``ends`` are the bits of the two ends, ``values`` the masks of the two lines' values, ``lengths``
    the tiles in each line, ``laid`` the tiles on the table in the order they were laid, ``sent`` the
    tiles each seat sent to the back since the table last changed.
    """

    __slots__ = ("ends", "laid", "lengths", "queues", "seat", "sent", "values")

    def __init__(
        self,
        queues: tuple[deque[int], deque[int]],
        seat: int,
        ends: list[int],
        values: list[int],
        lengths: list[int],
        laid: list[int],
        sent: list[int],
    ) -> None:
        self.queues = queues
        self.seat = seat
        self.ends = ends
        self.values = values
        self.lengths = lengths
        self.laid = laid
        self.sent = sent

    @classmethod
    def start(cls, queues: Sequence[Sequence[int]], starter: int) -> Deal:
        """A deal of these queues (tile indices, front first) with ``starter``'s start tile laid (its low
        half on top): the position of the other seat's first turn."""
        q = (deque(queues[0]), deque(queues[1]))
        tile = q[starter].popleft()
        t = TILES[tile]
        low, high = 1 << t.low, 1 << t.high
        return cls(q, 1 - starter, [low, high], [low, high], [0, 0], [tile], [0, 0])

    @classmethod
    def at(
        cls,
        queues: Sequence[Sequence[int]],
        seat: int,
        ends: tuple[int, int],
        values: Sequence[Iterable[int]],
        lengths: tuple[int, int],
        laid: Sequence[int],
        sent: tuple[int, int],
    ) -> Deal:
        """A position in the middle of a deal: the queues (tile indices, front first), the seat on turn
        (whose front tile is the one it has turned), the two ends' numbers, each line's values, each
        line's number of tiles, the tiles on the table in the order laid, and the counts of the block
        rule — what :class:`~sevenrocks.core.sausage.Table` and a seat's view show."""
        return cls(
            (deque(queues[0]), deque(queues[1])),
            seat,
            [1 << ends[0], 1 << ends[1]],
            [sum(1 << v for v in values[0]), sum(1 << v for v in values[1])],
            [lengths[0], lengths[1]],
            list(laid),
            [sent[0], sent[1]],
        )

    @classmethod
    def dealt(cls, rng: random.Random) -> Deal:
        """A new random deal: the set shuffled, 14 tiles to each queue, the starter by lot — the random
        draws :class:`~sevenrocks.core.sausage.SausageMatch` makes for its first deal."""
        tiles = list(range(2 * QUEUE_SIZE))
        rng.shuffle(tiles)
        return cls.start((tiles[:QUEUE_SIZE], tiles[QUEUE_SIZE:]), rng.randrange(2))

    def copy(self) -> Deal:
        """An independent copy."""
        return Deal(
            (self.queues[0].copy(), self.queues[1].copy()),
            self.seat,
            self.ends.copy(),
            self.values.copy(),
            self.lengths.copy(),
            self.laid.copy(),
            self.sent.copy(),
        )

    def ways(self, tile: int) -> int:
        """The ways ``tile`` can go now, as a mask (bit 0 top, bit 1 bottom, bit 2 cut)."""
        m = MASK[tile]
        b0, b1 = self.ends
        if DOUBLE[tile]:
            ways = (1 if self.values[0] & m else 0) | (2 if self.values[1] & m else 0)
        else:
            ways = (1 if m & b0 else 0) | (2 if m & b1 else 0)
        if m == b0 | b1 and self.lengths[0] and self.lengths[1]:
            ways |= 4
        return ways

    def place(self, tile: int, way: int) -> None:
        """The seat on turn places ``tile`` (the front of its queue) as ``way``; the turn passes."""
        seat = self.seat
        self.queues[seat].popleft()
        if way == CUT:
            self.queues[1 - seat].extend(self.laid)
            self.laid = [tile]
            self.values = self.ends.copy()
            self.lengths = [0, 0]
        else:
            m = MASK[tile]
            if not DOUBLE[tile]:
                new = m ^ self.ends[way]
                self.ends[way] = new
                self.values[way] |= new
            self.lengths[way] += 1
            self.laid.append(tile)
        self.sent = [0, 0]
        self.seat = 1 - seat

    def pips(self, seat: int) -> int:
        """The pips in ``seat``'s queue."""
        return sum(PIPS[t] for t in self.queues[seat])

    def play_out(
        self, policy: Policy, turns: list[tuple[int, int, int, int]] | None = None, *, limit: int = -1
    ) -> int:
        """Play the deal to its end, the seats choosing by ``policy`` wherever a tile can go more ways
        than one; return how it ended (:data:`OUT_0`, :data:`OUT_1` or :data:`BLOCKED`).

        With ``turns`` every turn played is appended to it as ``(seat, tile, went, gave)`` (``went``
        one of :data:`TOP`, :data:`BOTTOM`, :data:`CUT`, :data:`BACK`, :data:`ASIDE`; ``gave`` the tiles
        a cut handed over).
        """
        queues = self.queues
        ends, values, lengths = self.ends, self.values, self.lengths
        laid, sent = self.laid, self.sent
        seat = self.seat
        record = turns is not None
        while limit:
            limit -= 1
            queue = queues[seat]
            tile = queue[0]
            m = MASK[tile]
            b0, b1 = ends
            if DOUBLE[tile]:
                ways = (1 if values[0] & m else 0) | (2 if values[1] & m else 0)
            else:
                ways = (1 if m & b0 else 0) | (2 if m & b1 else 0)
            if m == b0 | b1 and lengths[0] and lengths[1]:
                ways |= 4
            if ways:
                if ways == 1 or ways == 2 or ways == 4:
                    way = ways >> 1  # 1 -> TOP (0), 2 -> BOTTOM (1), 4 -> CUT (2)
                else:
                    self.ends, self.values, self.lengths, self.laid, self.sent, self.seat = (
                        ends, values, lengths, laid, sent, seat
                    )  # fmt: skip
                    way = policy(self, seat, tile, ways)
                queue.popleft()
                if way == 2:
                    gave = len(laid)
                    queues[1 - seat].extend(laid)
                    laid = [tile]
                    values = [b0, b1]
                    lengths = [0, 0]
                    if record:
                        turns.append((seat, tile, CUT, gave))  # type: ignore[union-attr]
                else:
                    if not DOUBLE[tile]:
                        new = m ^ ends[way]
                        ends[way] = new
                        values[way] |= new
                    lengths[way] += 1
                    laid.append(tile)
                    if record:
                        turns.append((seat, tile, way, 0))  # type: ignore[union-attr]
                sent = [0, 0]
                if not queue:
                    end = seat
                    break
            else:
                queue.popleft()
                if DOUBLE[tile]:
                    if record:
                        turns.append((seat, tile, ASIDE, 0))  # type: ignore[union-attr]
                    if not queue:
                        end = seat
                        break
                else:
                    queue.append(tile)
                    sent[seat] += 1
                    if record:
                        turns.append((seat, tile, BACK, 0))  # type: ignore[union-attr]
                if sent[0] >= len(queues[0]) and sent[1] >= len(queues[1]):
                    end = BLOCKED
                    break
            seat = 1 - seat
        else:
            end = UNFINISHED
        self.ends, self.values, self.lengths, self.laid, self.sent, self.seat = (
            ends, values, lengths, laid, sent, seat
        )  # fmt: skip
        return end


def random_deal_stats(rng: random.Random, n: int) -> tuple[int, int, int, int, int]:
    """Play ``n`` new random deals (each dealt by :meth:`Deal.dealt`, every choice uniformly random from
    ``rng``); their totals: moves, tiles laid (start tiles included), turns whose tile went to the back
    or aside, blocked deals, and points awarded.

    >>> random_deal_stats(random.Random(1), 3) == random_deal_stats(random.Random(1), 3)
    True
    """
    moves = laid_total = knocks = blocked = points = 0
    shuffle = rng.shuffle
    randrange = rng.randrange
    for _ in range(n):
        order = list(range(2 * QUEUE_SIZE))  # the set in order, as the engine shuffles it
        shuffle(order)
        starter = randrange(2)
        q0 = deque(order[:QUEUE_SIZE])
        q1 = deque(order[QUEUE_SIZE:])
        queues = (q0, q1)
        start = queues[starter].popleft()
        b0 = 1 << TILES[start].low
        b1 = MASK[start] ^ b0 if not DOUBLE[start] else b0
        v0, v1 = b0, b1
        n0 = n1 = 0
        laid = [start]
        s0 = s1 = 0
        seat = 1 - starter
        turns = knocked = 0
        while True:
            queue = q1 if seat else q0
            tile = queue[0]
            m = MASK[tile]
            if DOUBLE[tile]:
                ways = (1 if v0 & m else 0) | (2 if v1 & m else 0)
            else:
                ways = (1 if m & b0 else 0) | (2 if m & b1 else 0)
            if n0 and n1 and m == b0 | b1:
                ways |= 4
            if ways:
                turns += 1
                queue.popleft()
                if ways == 1 or ways == 2 or ways == 4:
                    way = ways >> 1
                else:
                    choices = _CHOICES[ways]
                    way = choices[randrange(len(choices))]
                if way == 2:
                    (q0 if seat else q1).extend(laid)
                    laid = [tile]
                    v0, v1 = b0, b1
                    n0 = n1 = 0
                elif way == 0:
                    if not DOUBLE[tile]:
                        b0 = m ^ b0
                        v0 |= b0
                    n0 += 1
                    laid.append(tile)
                else:
                    if not DOUBLE[tile]:
                        b1 = m ^ b1
                        v1 |= b1
                    n1 += 1
                    laid.append(tile)
                s0 = s1 = 0
                if not queue:
                    other = q0 if seat else q1
                    points += sum(PIPS[t] for t in other)
                    break
            else:
                knocked += 1
                queue.popleft()
                if DOUBLE[tile]:
                    if not queue:
                        other = q0 if seat else q1
                        points += sum(PIPS[t] for t in other)
                        break
                else:
                    queue.append(tile)
                    if seat:
                        s1 += 1
                    else:
                        s0 += 1
                if s0 >= len(q0) and s1 >= len(q1):
                    blocked += 1
                    points += abs(sum(PIPS[t] for t in q0) - sum(PIPS[t] for t in q1))
                    break
            seat = 1 - seat
        moves += turns
        laid_total += turns + 1
        knocks += knocked
    return moves, laid_total, knocks, blocked, points
