"""A Sausage deal rebuilt from its public turns alone: the table, the queues' lengths, the doubles set
aside and the counts of the block rule, turn by turn (``sausage.md`` §4-§6, §10).

Every turn is public, so whoever has seen the turns knows all of this without seeing a queue: a bot
program told the turns (:mod:`sevenrocks.bots.sausage_protocol`), or ``sevenrocks show`` printing a
record turn by turn. :class:`PublicDeal` keeps the table as the engine does (a double lies at the first
joint or end showing its number), so its :meth:`~PublicDeal.table` equals the engine's.

>>> from sevenrocks.core.sausage.match import SausageMatch
>>> match = SausageMatch(seed=2)
>>> match.start_deal()
>>> _ = match.push(match.legal_moves()[0])
>>> deal = PublicDeal()
>>> for turn in match.turns:
...     deal.apply(turn)
>>> deal.table() == match.table, deal.lengths == list(match.queue_lengths), deal.sent == list(match.sent)
(True, True, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sevenrocks.core.sausage.deal import QUEUE_SIZE
from sevenrocks.core.sausage.events import Turn, Went
from sevenrocks.core.sausage.table import Line, Table
from sevenrocks.core.tiles import Tile

__all__ = ["PublicDeal"]


@dataclass
class PublicDeal:
    """The public state of a deal, from its turns: per seat the tiles in its queue (``lengths``) and
    the tiles sent to the back since the table last changed (``sent``), the doubles set aside, the
    table. :meth:`apply` raises :class:`ValueError` for a turn that cannot have happened."""

    lengths: list[int] = field(default_factory=lambda: [QUEUE_SIZE, QUEUE_SIZE])
    sent: list[int] = field(default_factory=lambda: [0, 0])
    aside: list[Tile] = field(default_factory=list)
    start: Tile | None = None
    start_top: int = 0
    ends: tuple[int, int] = (0, 0)
    lines: tuple[list[Tile], list[Tile]] = field(default_factory=lambda: ([], []))
    values: tuple[set[int], set[int]] = field(default_factory=lambda: (set(), set()))
    laid: tuple[Tile, ...] = ()

    def apply(self, turn: Turn) -> None:
        """Carry out one public turn."""
        seat, tile, went = turn.seat, turn.tile, turn.went
        if went is Went.BACK:
            self.sent[seat] += 1
            return
        if self.lengths[seat] <= 0:
            raise ValueError(f"seat {seat} turned {tile} from an empty queue")
        self.lengths[seat] -= 1
        if went is Went.ASIDE:
            self.aside.append(tile)
            return
        self.sent = [0, 0]
        if went is Went.START:
            self.start, self.start_top, self.ends = tile, tile.low, (tile.low, tile.high)
            self.lines, self.values, self.laid = ([], []), ({tile.low}, {tile.high}), (tile,)
            return
        if self.start is None:
            raise ValueError(f"seat {seat} placed {tile} before the start tile")
        if went is Went.CUT:
            if turn.gave != len(self.laid):
                raise ValueError(
                    f"the cut {tile}:cut gave {turn.gave} tiles, but {len(self.laid)} lay on the table"
                )
            self.lengths[1 - seat] += len(self.laid)
            top, bottom = self.ends
            self.start, self.start_top = tile, top
            self.lines, self.values, self.laid = ([], []), ({top}, {bottom}), (tile,)
            return
        index = 0 if went is Went.TOP else 1
        line = self.lines[index]
        if tile.is_double:
            line.insert(self._double_position(index, tile.low), tile)
        else:
            end = self.ends[index]
            if not tile.has(end):
                raise ValueError(f"{tile}:{went.value} does not join the {went.value} end {end}")
            new = tile.other(end)
            self.ends = (new, self.ends[1]) if index == 0 else (self.ends[0], new)
            self.values[index].add(new)
            line.append(tile)
        self.laid = (*self.laid, tile)

    def _double_position(self, index: int, number: int) -> int:
        """Where a double lies in the line: at its first joint (or end) showing its number."""
        start = self.start
        assert start is not None
        value = self.start_top if index == 0 else start.low + start.high - self.start_top
        if value == number:
            return 0
        for i, tile in enumerate(self.lines[index]):
            if not tile.is_double:
                value = tile.other(value)
                if value == number:
                    return i + 1
        raise ValueError(f"the double {number}-{number} joins no joint of the line")

    def table(self) -> Table:
        """The table now, as :attr:`SausageMatch.table <sevenrocks.core.sausage.SausageMatch.table>`
        shows it."""
        start = self.start
        if start is None:
            empty = Line(0, (), 0, frozenset())
            return Table(None, empty, empty, ())
        halves = (self.start_top, start.low + start.high - self.start_top)
        top, bottom = (
            Line(halves[i], tuple(self.lines[i]), self.ends[i], frozenset(self.values[i])) for i in (0, 1)
        )
        return Table(start, top, bottom, self.laid)
