"""A seat's view of a Sausage match: what one seat may know, and no queue's order (``sausage.md`` §10).

Queues are blind (README §2.18): nobody sees the order of any queue, his own included. Every turned
tile, the table and the doubles set aside are public. A :class:`SausageView` therefore holds the
table, the public record of every turn of the deal, the tile the seat on turn has turned, how many
tiles each queue holds and the scores, and no queue at all: it is the same value for two matches whose
queues differ only in the order of the tiles nobody has turned yet.

What a seat with a perfect memory can work out from the public turns is :meth:`SausageView.memory`:
tiles sent to the back (by their own seat, or by a cut) go behind every tile still face down, so each
queue is some tiles never turned, in an order nobody knows, followed by a known tail.

>>> from sevenrocks.core.sausage.match import SausageMatch
>>> queues = ["2-5 1-3 4-6 4-4 0-1 0-2 0-3 0-4 0-5 0-6 1-1 1-2 1-4 1-5".split(),
...           "5-6 2-4 3-3 0-0 1-6 2-2 2-3 2-6 3-4 3-5 3-6 4-5 5-5 6-6".split()]
>>> match = SausageMatch()
>>> match.start_deal(queues, starter=0)
>>> for move in ("5-6:bottom", "2-4:top"):
...     _ = match.push_notation(move)
>>> view = match.view(1)
>>> view.turn, str(view.turned), view.queue_lengths, view.is_my_turn
(0, '4-6', (13, 12), False)
>>> memory = view.memory()
>>> memory.hidden, [[str(t) for t in tail] for tail in memory.tails]
((11, 12), [['1-3'], []])
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from sevenrocks.core.games import Outcome, Rules
from sevenrocks.core.sausage.deal import QUEUE_SIZE
from sevenrocks.core.sausage.events import DealResult, Turn, Went
from sevenrocks.core.sausage.moves import SausageMove
from sevenrocks.core.sausage.table import Table
from sevenrocks.core.tiles import TILES, Tile

__all__ = ["Memory", "SausageView"]


@dataclass(frozen=True, slots=True)
class Memory:
    """What the public turns of a deal tell about the queues.

    Per seat: ``hidden``, how many tiles at the front of its queue have never been turned (their order
    and which seat holds which of them are unknown), and ``tails``, the tiles behind them, front first,
    which are known (sent to the back, or handed over by a cut). ``unseen`` are the never-turned tiles
    of both queues together: every tile not on the table, not set aside, in no tail and not turned now.
    """

    hidden: tuple[int, int]
    tails: tuple[tuple[Tile, ...], tuple[Tile, ...]]
    unseen: frozenset[Tile]


@dataclass(frozen=True)
class SausageView:
    """Everything ``seat`` may know at one moment of a Sausage match (no queue's order)."""

    seat: int
    rules: Rules
    deal_number: int
    """The 0-based index of the current (or last) deal; -1 before the first."""
    starter: int | None
    """The seat that started the current (or last) deal."""
    turn: int | None
    """The seat that is to choose where its turned tile goes; ``None`` when no deal runs."""
    turned: Tile | None
    """The tile the seat on turn has turned: face up, seen by both seats."""
    legal_moves: tuple[SausageMove, ...]
    """The ways the turned tile can go, in this seat's view on its turn (empty otherwise)."""
    table: Table
    aside: tuple[Tile, ...]
    """The doubles set aside in this deal, in order."""
    queue_lengths: tuple[int, int]
    """How many tiles each queue holds (a turned tile still counts)."""
    sent: tuple[int, int]
    """Per seat, the tiles sent to the back since the table last changed (``sausage.md`` §6.2)."""
    turns: tuple[Turn, ...]
    """Every completed turn of the deal, public: the tile turned and where it went."""
    scores: tuple[int, ...]
    results: tuple[DealResult, ...]
    """The finished deals (their queues were turned up to count them, in the order of the set)."""
    outcome: Outcome | None

    @property
    def is_my_turn(self) -> bool:
        """True when this seat is to place its turned tile now."""
        return self.turn == self.seat

    @property
    def seats(self) -> int:
        """The number of seats: 2."""
        return self.rules.seats

    @property
    def target(self) -> int:
        """The points that win the match (option ``target``)."""
        return int(self.rules.options["target"])

    @property
    def ends(self) -> tuple[int, int]:
        """The top end and the bottom end."""
        return self.table.ends

    @property
    def in_queues(self) -> frozenset[Tile]:
        """The tiles in the two queues together (every tile not on the table and not set aside)."""
        gone = set(self.table.laid) | set(self.aside)
        return frozenset(t for t in TILES if t not in gone)

    def memory(self) -> Memory:
        """What the deal's public turns tell about the queues (see :class:`Memory`)."""
        hidden = [QUEUE_SIZE, QUEUE_SIZE]
        tails: tuple[list[Tile], list[Tile]] = ([], [])
        laid: list[Tile] = []

        def turn_front(seat: int) -> None:
            if hidden[seat]:
                hidden[seat] -= 1
            else:
                del tails[seat][0]

        for turn in self.turns:
            seat, tile, went = turn.seat, turn.tile, turn.went
            turn_front(seat)
            if went is Went.START:
                laid = [tile]
            elif went is Went.CUT:
                tails[1 - seat].extend(laid)
                laid = [tile]
            elif went is Went.BACK:
                tails[seat].append(tile)
            elif went is not Went.ASIDE:
                laid.append(tile)
        if self.turn is not None and self.turned is not None and hidden[self.turn]:
            hidden[self.turn] -= 1  # the turned tile is a hidden one, now face up
        known = set(laid) | set(self.aside) | set(tails[0]) | set(tails[1])
        if self.turned is not None:
            known.add(self.turned)
        unseen = frozenset(t for t in TILES if t not in known)
        return Memory((hidden[0], hidden[1]), (tuple(tails[0]), tuple(tails[1])), unseen)

    def sample_queues(self, rng: random.Random) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
        """Queues consistent with everything this seat knows: the turned tile in front of the seat on
        turn, the known tails at the back, and the never-turned tiles dealt between the queues and
        ordered at random (a guess, for a search that plays the deal on)."""
        memory = self.memory()
        pool = sorted(memory.unseen, key=lambda t: t.index)
        rng.shuffle(pool)
        queues: list[tuple[Tile, ...]] = []
        start = 0
        for seat in (0, 1):
            count = memory.hidden[seat]
            tail = memory.tails[seat]
            turned = self.turned
            # the turned tile is face up in front: one of the hidden tiles, or the tail's head
            front = (turned,) if seat == self.turn and turned is not None and turned not in tail else ()
            queues.append((*front, *pool[start : start + count], *tail))
            start += count
        return queues[0], queues[1]
