"""A match of Sausage: deals, turns (chosen and forced), out and block, settlement, the match's end.

>>> match = SausageMatch(seed=7)
>>> match.start_deal()
>>> match.turn in (0, 1), [len(q) for q in (match.queue(0), match.queue(1))] == list(match.queue_lengths)
(True, True)

The first turns of ``sausage.md`` §12.1 (after each move the forced turns are played at once):

>>> queues = ["2-5 1-3 4-6 4-4 0-1 0-2 0-3 0-4 0-5 0-6 1-1 1-2 1-4 1-5".split(),
...           "5-6 2-4 3-3 0-0 1-6 2-2 2-3 2-6 3-4 3-5 3-6 4-5 5-5 6-6".split()]
>>> match = SausageMatch()
>>> match.start_deal(queues, starter=0)
>>> match.turn, match.turned, match.legal_moves()
(1, Tile.parse('5-6'), [SausageMove.parse('5-6:bottom')])
>>> match.push_notation("5-6:bottom"), match.turn, str(match.turned)
(Turn(seat=1, tile=Tile.parse('5-6'), went=<Went.BOTTOM: 'bottom'>, gave=0), 1, '2-4')
>>> _ = match.push_notation("2-4:top")
>>> [str(m) for m in match.legal_moves()]
['4-6:top', '4-6:bottom', '4-6:cut']
>>> match.push_notation("4-6:cut").gave, match.queue_lengths, str(match.table)
(3, (12, 14), 'top 4| (end 4) / bottom 6| (end 6)')
>>> [str(turn) for turn in match.turns[-2:]]  # seat 1 got 3 tiles (15), then set 3-3 aside (14)
['seat 0 4-6:cut (gave 3)', 'seat 1 3-3 set aside']
>>> match.pop(), match.queue_lengths
(SausageMove.parse('4-6:cut'), (13, 12))
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Mapping, Sequence
from typing import Final

from sevenrocks.core.errors import (
    CutEmptyLineError,
    CutEndsError,
    DealError,
    DoubleValuesError,
    EmptyHistoryError,
    HandInProgressError,
    HandOverError,
    LineEndError,
    MatchOverError,
    NotationError,
    NotTurnedError,
    OptionError,
    SausageMoveError,
    SeatsError,
    StarterError,
)
from sevenrocks.core.games import Engine, Outcome, Rules, find_game
from sevenrocks.core.games.settlement import HandFacts
from sevenrocks.core.sausage.deal import SEATS, check_queues, deal_queues
from sevenrocks.core.sausage.events import DealEnd, DealLog, DealResult, Turn, Went
from sevenrocks.core.sausage.moves import WAYS, SausageMove
from sevenrocks.core.sausage.table import Line, Table
from sevenrocks.core.sausage.view import SausageView
from sevenrocks.core.tiles import TILES, Tile

__all__ = ["GAME_ID", "SausageMatch", "settle_deal"]

#: The game's id in the registry (:mod:`sevenrocks.core.games`).
GAME_ID: Final = "sausage"

#: ``_MOVE[tile.index][way]``: the one :class:`SausageMove` object of each tile and way.
_MOVE: Final = tuple(tuple(SausageMove(tile, way) for way in WAYS) for tile in TILES)
_WENT_OF_LINE: Final = (Went.TOP, Went.BOTTOM)
_LINE_NAME: Final = ("top", "bottom")

# Undo records: a tuple whose first item says what to reverse.
_BACK: Final = 0  # (_BACK, seat)
_ASIDE: Final = 1  # (_ASIDE, seat)
_SINGLE: Final = 2  # (_SINGLE, seat, line, previous end, previous values, sent 0, sent 1)
_DOUBLE: Final = 3  # (_DOUBLE, seat, line, position in the line, sent 0, sent 1)
_CUT: Final = 4  # (_CUT, seat, start, start_top, lines, values 0, values 1, laid, sent 0, sent 1)
_END: Final = 5  # (_END, scores before, outcome before)

_Record = tuple[object, ...]


class SausageMatch:
    """A match of Sausage (``sausage.md``) between seats 0 and 1, deal after deal to the target.

    ``options`` are the game's options (``target``, default 101; ``target=`` is a shortcut). Lots
    and random deals come from ``seed`` (or ``rng``), so a match is reproducible.

    The state moves on only through :meth:`start_deal`, :meth:`push` and :meth:`pop`. After the
    start and after every move the forced turns (the start tile, tiles sent to the back, doubles set
    aside) are carried out at once, until a seat turns a tile that can be placed (:attr:`turn` is
    that seat, :attr:`turned` that tile, :meth:`legal_moves` its ways) or the deal ends (then
    :attr:`turn` is ``None``, the deal is settled and :attr:`result` says how it ended).
    """

    def __init__(
        self,
        options: Mapping[str, object] | None = None,
        *,
        target: int | None = None,
        seed: int | None = None,
        rng: random.Random | None = None,
    ) -> None:
        game = find_game(GAME_ID)
        if options is not None and not isinstance(options, Mapping):
            game.resolve(options)  # raises the OptionError that says what options are
        merged = dict(options or {})
        if target is not None:
            if isinstance(target, bool) or not isinstance(target, int) or target <= 0:
                raise OptionError(f"the target must be a positive whole number of points, not {target!r}")
            merged["target"] = target
        self.rules: Rules = game.rules(merged, SEATS, engine=Engine.SAUSAGE)
        self.seed = seed
        self._rng = rng if rng is not None else random.Random(seed)
        self._scores = [0, 0]
        self._outcome: Outcome | None = None
        self._logs: list[DealLog] = []
        self._deal = -1
        self._dealt: tuple[tuple[Tile, ...], ...] = ()
        self._starter = -1
        self._result: DealResult | None = None
        self._queues: tuple[deque[Tile], deque[Tile]] = (deque(), deque())
        self._start: Tile | None = None
        self._start_top = 0
        self._ends = [0, 0]
        self._values = [0, 0]
        self._lines: tuple[list[Tile], list[Tile]] = ([], [])
        self._laid: list[Tile] = []
        self._aside: list[Tile] = []
        self._sent = [0, 0]
        self._turn = -1
        self._turned: Tile | None = None
        self._ways = 0
        self._events: list[Turn] = []
        self._undo: list[_Record] = []
        self._marks: list[tuple[int, int, int]] = []

    # ------------------------------------------------------------------------------ the match
    @property
    def seats(self) -> int:
        """The number of seats: 2."""
        return SEATS

    @property
    def target(self) -> int:
        """The points that win the match after a deal (option ``target``)."""
        return int(self.rules.options["target"])

    @property
    def scores(self) -> tuple[int, int]:
        """Each seat's points."""
        return (self._scores[0], self._scores[1])

    @property
    def outcome(self) -> Outcome | None:
        """How the match ended (``None`` while it goes on)."""
        return self._outcome

    @property
    def is_over(self) -> bool:
        """True once a seat has reached the target after a deal (§9.1)."""
        return self._outcome is not None

    @property
    def winner(self) -> int | None:
        """The seat that won the match, or ``None``."""
        return None if self._outcome is None else self._outcome.winner

    @property
    def deal_number(self) -> int:
        """The 0-based index of the current (or last) deal; -1 before the first."""
        return self._deal

    @property
    def starter(self) -> int | None:
        """The seat that started the current (or last) deal."""
        return None if self._deal < 0 else self._starter

    @property
    def next_starter(self) -> int | None:
        """The seat the rules name to start the next deal (§3.1): the winner of the deal just
        ended, or after a blocked deal with no winner the seat that did not start it. ``None``
        before the first deal (a lot decides) and while a deal runs."""
        result = self._result
        if result is None:
            return None
        return result.winner if result.winner is not None else 1 - self._starter

    @property
    def in_deal(self) -> bool:
        """True while a deal runs (a seat is to choose where its turned tile goes)."""
        return self._turn >= 0

    @property
    def result(self) -> DealResult | None:
        """How the current (or last) deal ended; ``None`` while it runs."""
        return self._result

    @property
    def results(self) -> tuple[DealResult, ...]:
        """The results of every finished deal, in order."""
        done = [log.result for log in self._logs if log.result is not None]
        if self._result is not None:
            done.append(self._result)
        return tuple(done)

    @property
    def history(self) -> tuple[DealLog, ...]:
        """Every deal so far, the current one last (with ``result`` ``None`` while it runs)."""
        if self._deal < 0:
            return ()
        return (*self._logs, DealLog(self._dealt, self._starter, tuple(self._events), self._result))

    # ------------------------------------------------------------------------------ the deal
    @property
    def turn(self) -> int | None:
        """The seat that is to choose where its turned tile goes; ``None`` when no deal runs."""
        return self._turn if self._turn >= 0 else None

    @property
    def turned(self) -> Tile | None:
        """The tile the seat on turn has turned (the front of its queue), seen by both seats."""
        return self._turned

    @property
    def turns(self) -> tuple[Turn, ...]:
        """Every turn of the current deal: what was turned and where it went (public)."""
        return tuple(self._events)

    @property
    def moves_made(self) -> int:
        """How many moves of the current deal :meth:`pop` can take back."""
        return len(self._marks)

    def queue(self, seat: int) -> tuple[Tile, ...]:
        """``seat``'s queue, front first. Nobody at the table may see this: players get :meth:`view`."""
        return tuple(self._queues[seat])

    @property
    def queue_lengths(self) -> tuple[int, int]:
        """How many tiles each queue holds (the turned tile still counts)."""
        return (len(self._queues[0]), len(self._queues[1]))

    @property
    def aside(self) -> tuple[Tile, ...]:
        """The doubles set aside in this deal, in order."""
        return tuple(self._aside)

    @property
    def sent(self) -> tuple[int, int]:
        """Per seat, the tiles it has sent to the back since the table last changed (§6.2)."""
        return (self._sent[0], self._sent[1])

    @property
    def table(self) -> Table:
        """The start tile and the two lines, as a value."""
        start = self._start
        if start is None:
            empty = Line(0, (), 0, frozenset())
            return Table(None, empty, empty, ())
        halves = (self._start_top, start.low + start.high - self._start_top)
        lines = tuple(
            Line(
                halves[i],
                tuple(self._lines[i]),
                self._ends[i],
                frozenset(v for v in range(7) if self._values[i] >> v & 1),
            )
            for i in (0, 1)
        )
        return Table(start, lines[0], lines[1], tuple(self._laid))

    def start_deal(
        self, queues: Sequence[Sequence[Tile | str]] | None = None, starter: int | None = None
    ) -> None:
        """Deal (``queues``: the two queues front first, else shuffled from the match's random
        generator) and play the deal's forced turns: the starter lays the start tile, and turns go
        on until a seat turns a tile it can place.

        ``starter`` is drawn by lot for the first deal when not given; later the rules name it
        (:attr:`next_starter`) and a ``starter`` given must be that seat (:class:`StarterError`).
        """
        if self._outcome is not None:
            raise MatchOverError("the match is over: no deal follows")
        if self._turn >= 0:
            raise HandInProgressError(
                f"deal {self._deal} is still being played: seat {self._turn} is to move"
            )
        dealt = check_queues(queues) if queues is not None else deal_queues(self._rng)
        named = self.next_starter
        if starter is not None:
            if isinstance(starter, bool) or starter not in (0, 1):
                raise SeatsError(f"the starter is seat 0 or 1, not {starter!r}")
            if named is not None and starter != named:
                raise StarterError(self._starter_rule(starter, named))
        elif named is not None:
            starter = named
        else:
            starter = self._rng.randrange(SEATS)
        if self._deal >= 0:
            self._logs.append(self.history[-1])
        self._deal += 1
        self._dealt = dealt
        self._starter = starter
        self._result = None
        self._queues = (deque(dealt[0]), deque(dealt[1]))
        self._aside = []
        self._sent = [0, 0]
        self._events = []
        self._undo = []
        self._marks = []
        tile = self._queues[starter].popleft()
        self._start = tile
        self._start_top = tile.low
        self._ends = [tile.low, tile.high]
        self._values = [1 << tile.low, 1 << tile.high]
        self._lines = ([], [])
        self._laid = [tile]
        self._events.append(Turn(starter, tile, Went.START))
        self._advance(1 - starter)

    def _starter_rule(self, given: int, named: int) -> str:
        result = self._result
        assert result is not None  # named is set only after a deal
        if result.winner is not None:
            why = f"seat {named} won deal {self._deal}"
        else:
            why = f"deal {self._deal} was blocked with no winner and seat {self._starter} started it"
        return f"seat {given} cannot start: {why}, so seat {named} starts (§3.1)"

    # ------------------------------------------------------------------------------ moves
    def _ways_of(self, tile: Tile) -> int:
        """The ways ``tile`` can go now, as a bitmask (bit 0 top, bit 1 bottom, bit 2 cut)."""
        low, high = tile.low, tile.high
        top, bottom = self._ends
        ways = 0
        if low == high:
            if self._values[0] >> low & 1:
                ways = 1
            if self._values[1] >> low & 1:
                ways |= 2
            if top == low and bottom == low and self._lines[0] and self._lines[1]:
                ways |= 4
            return ways
        if low == top or high == top:
            ways = 1
        if low == bottom or high == bottom:
            ways |= 2
        if (
            ((low == top and high == bottom) or (low == bottom and high == top))
            and self._lines[0]
            and self._lines[1]
        ):
            ways |= 4
        return ways

    def legal_moves(self) -> list[SausageMove]:
        """The ways the turned tile can go, top, bottom, cut in that order (empty when no deal runs)."""
        tile = self._turned
        if tile is None:
            return []
        row = _MOVE[tile.index]
        ways = self._ways
        return [row[i] for i in (0, 1, 2) if ways >> i & 1]

    def is_legal(self, move: SausageMove) -> bool:
        """True when ``move`` may be pushed now."""
        tile = self._turned
        return (
            tile is not None
            and isinstance(move, SausageMove)
            and move.tile.index == tile.index
            and bool(self._ways >> move.way.line & 1)
        )

    def push(self, move: SausageMove) -> Turn:
        """Place the turned tile as ``move`` says, then carry out the forced turns that follow.

        Returns the move's :class:`Turn`. Raises a :class:`~sevenrocks.core.errors.SausageMoveError`
        subclass naming the rule for an illegal move (the match is unchanged), :class:`HandOverError`
        when no deal runs and :class:`MatchOverError` after the match.
        """
        self._check_running()
        if not isinstance(move, SausageMove):
            raise NotationError(
                f"a Sausage move is a SausageMove, e.g. SausageMove.parse('5-6:bottom'), not {move!r}"
            )
        tile = self._turned
        seat = self._turn
        assert tile is not None
        if move.tile.index != tile.index:
            raise NotTurnedError(f"{move}: seat {seat} has turned {tile}, not {move.tile}")
        way = move.way.line
        if not self._ways >> way & 1:
            raise self._way_error(move)
        self._marks.append((len(self._undo), len(self._events), seat))
        event = self._place(seat, tile, way)
        if self._queues[seat]:
            self._advance(1 - seat)
        else:
            self._end(DealEnd.OUT, seat)
        return event

    def push_notation(self, text: str) -> Turn:
        """:meth:`push` the move written ``TILE:WAY`` (``"4-6:cut"``)."""
        return self.push(SausageMove.parse(text))

    def _check_running(self) -> None:
        if self._turn < 0:
            if self._outcome is not None:
                raise MatchOverError("the match is over: no move can be made")
            if self._deal < 0:
                raise HandOverError("no deal has been dealt: call start_deal() first")
            raise HandOverError(f"deal {self._deal} is over: start the next with start_deal()")

    def _way_error(self, move: SausageMove) -> SausageMoveError:
        tile = move.tile
        line = move.way.line
        if line == 2:
            empty = [_LINE_NAME[i] for i in (0, 1) if not self._lines[i]]
            if empty:
                which = " and ".join(empty)
                lines = "lines are" if len(empty) == 2 else "line is"
                return CutEmptyLineError(
                    f"{move}: cannot cut while the {which} {lines} empty (a cut needs a tile in both lines)"
                )
            top, bottom = self._ends
            return CutEndsError(
                f"{move}: a cut needs a tile whose halves are the two ends, {top} (top) and {bottom} "
                f"(bottom); {tile} is not"
            )
        name = _LINE_NAME[line]
        if tile.low == tile.high:
            values = ", ".join(str(v) for v in range(7) if self._values[line] >> v & 1)
            return DoubleValuesError(
                f"{move}: the double {tile} goes only into a line whose values include {tile.low}; "
                f"the {name} line's values are {values}"
            )
        end = self._ends[line]
        return LineEndError(f"{move}: the {name} end is {end} and {tile} shows no {end}")

    # ------------------------------------------------------------------------------ turns
    def _place(self, seat: int, tile: Tile, way: int) -> Turn:
        """Take ``tile`` from the front of ``seat``'s queue and place it (way 0 top, 1 bottom, 2 cut)."""
        self._queues[seat].popleft()
        sent = self._sent
        event: Turn
        if way == 2:
            gave = self._laid
            self._undo.append(
                (
                    _CUT,
                    seat,
                    self._start,
                    self._start_top,
                    self._lines,
                    self._values[0],
                    self._values[1],
                    gave,
                    sent[0],
                    sent[1],
                )
            )
            self._queues[1 - seat].extend(gave)
            top, bottom = self._ends
            self._start = tile
            self._start_top = top
            self._lines = ([], [])
            self._values = [1 << top, 1 << bottom]
            self._laid = [tile]
            event = Turn(seat, tile, Went.CUT, len(gave))
        else:
            line = self._lines[way]
            if tile.low == tile.high:
                position = self._double_position(way, tile.low)
                line.insert(position, tile)
                self._undo.append((_DOUBLE, seat, way, position, sent[0], sent[1]))
            else:
                end = self._ends[way]
                self._undo.append((_SINGLE, seat, way, end, self._values[way], sent[0], sent[1]))
                new = tile.high if tile.low == end else tile.low
                self._ends[way] = new
                self._values[way] |= 1 << new
                line.append(tile)
            self._laid.append(tile)
            event = Turn(seat, tile, _WENT_OF_LINE[way])
        sent[0] = sent[1] = 0
        self._events.append(event)
        return event

    def _double_position(self, way: int, number: int) -> int:
        """Where a double of ``number`` lies in the line: at its first joint (or end) showing it."""
        start = self._start
        assert start is not None
        value = self._start_top if way == 0 else start.low + start.high - self._start_top
        if value == number:
            return 0
        for i, tile in enumerate(self._lines[way]):
            if tile.low != tile.high:
                value = tile.high if tile.low == value else tile.low
                if value == number:
                    return i + 1
        raise AssertionError(f"no joint shows {number}")  # pragma: no cover - the way was legal

    def _advance(self, seat: int) -> None:
        """Play the forced turns from ``seat`` on, until a seat turns a tile it can place or the
        deal ends (§5.1, §6)."""
        queues = self._queues
        sent = self._sent
        events = self._events
        undo = self._undo
        while True:
            queue = queues[seat]
            tile = queue[0]
            ways = self._ways_of(tile)
            if ways:
                self._turn = seat
                self._turned = tile
                self._ways = ways
                return
            queue.popleft()
            if tile.low == tile.high:
                self._aside.append(tile)
                events.append(Turn(seat, tile, Went.ASIDE))
                undo.append((_ASIDE, seat))
                if not queue:
                    self._end(DealEnd.OUT, seat)
                    return
            else:
                queue.append(tile)
                sent[seat] += 1
                events.append(Turn(seat, tile, Went.BACK))
                undo.append((_BACK, seat))
            if sent[0] >= len(queues[0]) and sent[1] >= len(queues[1]):
                self._end(DealEnd.BLOCKED, None)
                return
            seat = 1 - seat

    def _end(self, end: DealEnd, out: int | None) -> None:
        """End the deal: find its winner, settle it (§8) and see whether the match is over (§9)."""
        left = tuple(tuple(sorted(q, key=lambda t: t.index)) for q in self._queues)
        pips = (sum(t.pips for t in left[0]), sum(t.pips for t in left[1]))
        winner, award, scores = settle_deal(self.rules, end, out, pips, self._scores)
        self._undo.append((_END, tuple(self._scores), self._outcome))
        self._scores = list(scores)
        self._outcome = self.rules.ending.after_hand(scores, self._deal + 1)
        self._result = DealResult(end, winner, pips, award, scores, left)
        self._turn = -1
        self._turned = None
        self._ways = 0

    # ------------------------------------------------------------------------------ undo
    def pop(self) -> SausageMove:
        """Take back the last move of the current deal, with the forced turns it caused (and the
        deal's end, settlement and match end if it caused them); return the move."""
        if not self._marks:
            if self._deal < 0:
                raise EmptyHistoryError("no deal has been dealt: there is no move to take back")
            raise EmptyHistoryError(f"deal {self._deal} has no move to take back")
        undo_at, events_at, seat = self._marks.pop()
        move = self._events[events_at].move
        assert move is not None
        undo = self._undo
        while len(undo) > undo_at:
            self._reverse(undo.pop())
        del self._events[events_at:]
        self._turn = seat
        tile = self._queues[seat][0]
        self._turned = tile
        self._ways = self._ways_of(tile)
        return move

    def _reverse(self, record: _Record) -> None:
        kind = record[0]
        queues = self._queues
        if kind == _BACK:
            seat = record[1]
            assert isinstance(seat, int)
            queues[seat].appendleft(queues[seat].pop())
            self._sent[seat] -= 1
        elif kind == _ASIDE:
            seat = record[1]
            assert isinstance(seat, int)
            queues[seat].appendleft(self._aside.pop())
        elif kind == _SINGLE:
            _, seat, way, end, values, sent0, sent1 = record
            assert isinstance(seat, int) and isinstance(way, int)
            assert isinstance(end, int) and isinstance(values, int)
            assert isinstance(sent0, int) and isinstance(sent1, int)
            queues[seat].appendleft(self._lines[way].pop())
            self._laid.pop()
            self._ends[way] = end
            self._values[way] = values
            self._sent = [sent0, sent1]
        elif kind == _DOUBLE:
            _, seat, way, position, sent0, sent1 = record
            assert isinstance(seat, int) and isinstance(way, int) and isinstance(position, int)
            assert isinstance(sent0, int) and isinstance(sent1, int)
            queues[seat].appendleft(self._lines[way].pop(position))
            self._laid.pop()
            self._sent = [sent0, sent1]
        elif kind == _CUT:
            _, seat, start, start_top, lines, values0, values1, laid, sent0, sent1 = record
            assert isinstance(seat, int) and isinstance(start, Tile) and isinstance(start_top, int)
            assert isinstance(lines, tuple) and isinstance(laid, list)
            assert isinstance(values0, int) and isinstance(values1, int)
            assert isinstance(sent0, int) and isinstance(sent1, int)
            other = queues[1 - seat]
            for _ in laid:
                other.pop()
            tile = self._start
            assert tile is not None
            queues[seat].appendleft(tile)
            self._start = start
            self._start_top = start_top
            self._lines = lines
            self._values = [values0, values1]
            self._laid = laid
            self._sent = [sent0, sent1]
        else:
            _, scores, outcome = record
            assert isinstance(scores, tuple)
            assert outcome is None or isinstance(outcome, Outcome)
            self._scores = list(scores)
            self._outcome = outcome
            self._result = None

    # ------------------------------------------------------------------------------ copies, views
    @classmethod
    def from_view(
        cls, view: SausageView, queues: Sequence[Sequence[Tile]], *, seed: int | None = None
    ) -> SausageMatch:
        """A match in the position ``view`` shows, with ``queues`` (front first) as its queues.

        A seat does not know the queues: ``queues`` is a guess, such as
        :meth:`SausageView.sample_queues` makes, for a search that plays the deal on. They must fit the
        view: each queue as long as the view says, together the tiles neither on the table nor set
        aside, and the turned tile in front of the queue of the seat on turn (:class:`DealError`
        otherwise). The match has the view's scores and the deal's turns; it has no earlier deals and
        no move to :meth:`pop`.
        """
        if view.turn is None or view.turned is None:
            raise HandOverError("the view shows no deal being played: there is no position to play on")
        if len(queues) != SEATS:
            raise DealError("a Sausage position has two queues, seat 0's first")
        fronts = [tuple(TILES[t.index] for t in queue) for queue in queues]
        for seat in (0, 1):
            if len(fronts[seat]) != view.queue_lengths[seat]:
                raise DealError(
                    f"seat {seat}'s queue holds {view.queue_lengths[seat]} tiles, not {len(fronts[seat])}"
                )
        every = [t for queue in fronts for t in queue]
        if len(set(every)) != len(every) or set(every) != view.in_queues:
            raise DealError("the queues must hold every tile neither on the table nor set aside, each once")
        if fronts[view.turn][0] is not view.turned:
            raise DealError(f"seat {view.turn} has turned {view.turned}: it must be in front of its queue")
        table = view.table
        start = table.start
        assert start is not None  # a deal is being played
        match = cls.__new__(cls)
        match.rules = view.rules
        match.seed = seed
        match._rng = random.Random(seed)
        match._scores = list(view.scores)
        match._outcome = None
        match._logs = []
        match._deal = view.deal_number
        match._dealt = (fronts[0], fronts[1])
        match._starter = view.starter if view.starter is not None else 0
        match._result = None
        match._queues = (deque(fronts[0]), deque(fronts[1]))
        match._start = start
        match._start_top = table.top.start_half
        match._ends = [table.top.end, table.bottom.end]
        match._values = [sum(1 << v for v in line.values) for line in table.lines]
        match._lines = (list(table.top.tiles), list(table.bottom.tiles))
        match._laid = list(table.laid)
        match._aside = list(view.aside)
        match._sent = list(view.sent)
        match._turn = view.turn
        match._turned = view.turned
        match._ways = match._ways_of(view.turned)
        match._events = list(view.turns)
        match._undo = []
        match._marks = []
        return match

    def copy(self, *, stack: bool = True) -> SausageMatch:
        """An independent copy. With ``stack=False`` it keeps no undo history (it cannot
        :meth:`pop` the moves made before the copy) and no earlier deals, which makes it cheaper:
        what a search needs."""
        other = SausageMatch.__new__(SausageMatch)
        other.rules = self.rules
        other.seed = self.seed
        rng = random.Random()
        rng.setstate(self._rng.getstate())
        other._rng = rng
        other._scores = list(self._scores)
        other._outcome = self._outcome
        other._logs = list(self._logs) if stack else []
        other._deal = self._deal
        other._dealt = self._dealt
        other._starter = self._starter
        other._result = self._result
        other._queues = (deque(self._queues[0]), deque(self._queues[1]))
        other._start = self._start
        other._start_top = self._start_top
        other._ends = list(self._ends)
        other._values = list(self._values)
        other._lines = (list(self._lines[0]), list(self._lines[1]))
        other._laid = list(self._laid)
        other._aside = list(self._aside)
        other._sent = list(self._sent)
        other._turn = self._turn
        other._turned = self._turned
        other._ways = self._ways
        other._events = list(self._events)  # public: the views show them
        if stack:
            other._undo = [_copied(record) for record in self._undo]
            other._marks = list(self._marks)
        else:
            other._undo = []
            other._marks = []
        return other

    def view(self, seat: int) -> SausageView:
        """What ``seat`` may know now (``sausage.md`` §10): everything but the order of the queues."""
        if isinstance(seat, bool) or seat not in (0, 1):
            raise SeatsError(f"Sausage has seats 0 and 1, not {seat!r}")
        mine = self._turn == seat
        return SausageView(
            seat=seat,
            rules=self.rules,
            deal_number=self._deal,
            starter=self.starter,
            turn=self.turn,
            turned=self._turned,
            legal_moves=tuple(self.legal_moves()) if mine else (),
            table=self.table,
            aside=tuple(self._aside),
            queue_lengths=self.queue_lengths,
            sent=self.sent,
            turns=tuple(self._events),
            scores=self.scores,
            results=self.results,
            outcome=self._outcome,
        )

    def __repr__(self) -> str:
        state = f"seat {self._turn} to move" if self._turn >= 0 else "no deal running"
        return f"<SausageMatch deal {self._deal}, {state}, scores {self._scores[0]}-{self._scores[1]}>"


def settle_deal(
    rules: Rules, end: DealEnd, out: int | None, pips: tuple[int, int], scores: Sequence[int]
) -> tuple[int | None, tuple[int, ...], tuple[int, ...]]:
    """The winner of a finished deal, the points awarded and the scores after it (``sausage.md`` §6,
    §8), by the game's settlement (:class:`~sevenrocks.core.games.settlement.WinnerTakes`).

    ``out`` is the seat whose queue became empty (``None`` after a block); ``pips`` the pips left in
    each queue. Out: that seat wins and scores the other's pips. Blocked: the seat with fewer pips wins
    and scores the difference; with equal pips nobody wins.

    >>> from sevenrocks.core.games import Engine, find_game
    >>> rules = find_game("sausage").rules(engine=Engine.SAUSAGE)
    >>> settle_deal(rules, DealEnd.OUT, 1, (21, 0), (50, 7))
    (1, (0, 21), (50, 28))
    >>> settle_deal(rules, DealEnd.BLOCKED, None, (19, 30), (0, 0))
    (0, (11, 0), (11, 0))
    >>> settle_deal(rules, DealEnd.BLOCKED, None, (8, 8), (0, 0))
    (None, (0, 0), (0, 0))
    """
    winner: int | None = out
    if end is DealEnd.BLOCKED:
        winner = None if pips[0] == pips[1] else (0 if pips[0] < pips[1] else 1)
    facts = HandFacts.of_pips(
        rules,
        "domino" if end is DealEnd.OUT else "blocked",
        out,
        out if out is not None else 0,  # the last mover: WinnerTakes does not use it
        pips,
        (0, 0),  # the tiles left: WinnerTakes does not use them
        (False, False),
        scores,
        None,
    )
    settled = rules.settlement.settle(facts)
    award = settled.award if settled.award is not None else (0,) * len(pips)
    return winner, tuple(award), tuple(settled.scores)


def _copied(record: _Record) -> _Record:
    """An undo record that shares no mutable list with the original (a cut's saved table)."""
    if record[0] != _CUT:
        return record
    lines = record[4]
    laid = record[7]
    assert isinstance(lines, tuple) and isinstance(laid, list)
    return (*record[:4], (list(lines[0]), list(lines[1])), record[5], record[6], list(laid), *record[8:])
