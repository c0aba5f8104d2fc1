"""Turn clocks: a table's time control, kept by the server (``docs/web.md``, "Time controls").

A table's creator may give it a :class:`TimeControl`: so many seconds a placement, and a reserve
of seconds for the whole match. When a person's turn begins, the seat has the placement's time; once
that is spent, its reserve runs down; when both are spent, the table's stand-in bot (a bot level,
:attr:`TimeControl.stand_in`) makes the placement for the seat, which is then *away*: each of its
turns is played by the stand-in at once (after the server's bot delay) until its player sends any
message but a ping or a sync (a placement, "next hand", a hundred...), which brings the seat back
with a fresh placement's time (and what is left of its reserve). Bots' seats have no clock.

The clocks use the event loop's monotonic time. The state of every seat's clock (each person's
reserve, the seats away, and the seat on turn with the time it had when its turn began) is stored
at the start of each turn (:meth:`~sevenrocks.web.storage.Storage.save_clock`); after a restart the
seat on turn starts its turn again with the time it had when that turn began, so a restart gives it
back at most what it had spent of that turn, never more; the other seats' reserves are as stored.

The placements a stand-in made are stored with the table's events (``"stand_in": true`` in their
``play`` event) and marked so in the match's record (``docs/record-format.md``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from sevenrocks.bots import BOT_NAMES
from sevenrocks.i18n import N_
from sevenrocks.web.games import check_bot
from sevenrocks.web.protocol import ProtocolError
from sevenrocks.web.storage import EventRecord
from sevenrocks.web.table import LiveTable

if TYPE_CHECKING:
    from sevenrocks.web.service import TableService

__all__ = [
    "DEFAULT_STAND_IN",
    "MAX_PER_MOVE",
    "MAX_RESERVE",
    "Clocks",
    "TableClock",
    "TimeControl",
    "check_time_control",
    "stand_in_placements",
]

log = logging.getLogger("sevenrocks.web")

#: The most seconds a placement may be given (an hour).
MAX_PER_MOVE: Final = 3600
#: The largest reserve, in seconds (two hours).
MAX_RESERVE: Final = 7200
#: The stand-in's bot level at a table without bots (one that plays every game).
DEFAULT_STAND_IN: Final = "greedy"


@dataclass(frozen=True)
class TimeControl:
    """``per_move`` seconds a placement plus a ``reserve`` of seconds for the match; ``stand_in``
    is the bot level that places for a seat whose time ran out."""

    per_move: int
    reserve: int
    stand_in: str = DEFAULT_STAND_IN

    def to_json(self) -> dict[str, Any]:
        """The control as stored and as the table's state shows it."""
        return {"per_move": self.per_move, "reserve": self.reserve, "stand_in": self.stand_in}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TimeControl:
        """The control :meth:`to_json` stored."""
        return cls(int(data["per_move"]), int(data["reserve"]), str(data.get("stand_in") or DEFAULT_STAND_IN))


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_time_control(
    per_move: object, reserve: object, stand_in: object, *, game: str, seats: list[dict[str, Any]]
) -> TimeControl:
    """The time control a creator asked for, checked: ``per_move`` whole seconds from 1 to
    :data:`MAX_PER_MOVE`, ``reserve`` from 0 to :data:`MAX_RESERVE`, ``stand_in`` a bot level that
    plays ``game`` (``None``: the level of the table's first bot, else :data:`DEFAULT_STAND_IN`).
    Raises :class:`ProtocolError` (code ``bad_clock``) with a message naming the problem."""
    if not _whole(per_move) or not 1 <= per_move <= MAX_PER_MOVE:  # type: ignore[operator]
        raise ProtocolError(
            N_("the time per placement must be a whole number of seconds from 1 to {most}, not {value}"),
            "bad_clock",
            most=MAX_PER_MOVE,
            value=repr(per_move)[:40],
        )
    if not _whole(reserve) or not 0 <= reserve <= MAX_RESERVE:  # type: ignore[operator]
        raise ProtocolError(
            N_("the reserve must be a whole number of seconds from 0 to {most}, not {value}"),
            "bad_clock",
            most=MAX_RESERVE,
            value=repr(reserve)[:40],
        )
    if stand_in is None:
        levels = [str(info["bot"]) for info in seats if info.get("kind") == "bot" and info.get("bot")]
        stand_in = levels[0] if levels else DEFAULT_STAND_IN
    if not isinstance(stand_in, str) or stand_in not in BOT_NAMES:
        raise ProtocolError(
            N_("unknown stand-in bot level {bot}: use one of {known}"),
            "bad_clock",
            bot=repr(stand_in)[:40],
            known=", ".join(sorted(BOT_NAMES)),
        )
    try:
        check_bot(stand_in, game, 0)
    except ProtocolError:
        raise ProtocolError(
            N_("the stand-in bot level {bot} does not play this game: choose another"),
            "bad_clock",
            bot=stand_in,
        ) from None
    assert isinstance(per_move, int) and isinstance(reserve, int)
    return TimeControl(per_move, reserve, stand_in)


def stand_in_placements(events: Iterable[EventRecord]) -> set[tuple[int, int]]:
    """The ``(hand, play)`` of every placement a stand-in made, from a table's stored events (the
    hand counted among the stored deals, the play among that hand's stored placements, from 0)."""
    out: set[tuple[int, int]] = set()
    hand, play = -1, -1
    for event in events:
        if event.kind == "hand":
            hand, play = hand + 1, -1
        elif event.kind == "play":
            play += 1
            if event.data.get("stand_in") is True and hand >= 0:
                out.add((hand, play))
    return out


#: A turn: the hand's number, the match's placements so far, the seat on turn.
Turn = tuple[int, int, int]


@dataclass
class TableClock:
    """The clocks of one timed table: each person's reserve, the seats away, the running turn."""

    control: TimeControl
    reserves: dict[int, float]
    away: set[int] = field(default_factory=set)
    #: the turn whose clock runs (``None``: no person's turn)
    turn: Turn | None = None
    #: when that turn began (the event loop's monotonic time), and its time then
    started: float = 0.0
    move_left: float = 0.0
    reserve_left: float = 0.0
    #: a restored turn: the turn and the time it had when it began, given back when it is resumed
    resume: tuple[Turn, float, float] | None = None
    timer: asyncio.Task[None] | None = None
    bots: dict[int, Any] = field(default_factory=dict)
    #: the ``(hand, play)`` of every move the stand-in made (:func:`stand_in_placements`)
    marks: set[tuple[int, int]] = field(default_factory=set)

    def left(self, now: float) -> tuple[float, float]:
        """The running turn's placement time and reserve left at ``now``."""
        used = max(0.0, now - self.started)
        over = max(0.0, used - self.move_left)
        return max(0.0, self.move_left - used), max(0.0, self.reserve_left - over)

    def to_json(self) -> dict[str, Any]:
        """What is stored at a turn's start."""
        return {
            "reserves": {str(seat): round(left, 3) for seat, left in sorted(self.reserves.items())},
            "away": sorted(self.away),
            "turn": None if self.turn is None else list(self.turn),
            "move_left": round(self.move_left, 3),
            "reserve_left": round(self.reserve_left, 3),
        }

    @classmethod
    def from_json(cls, control: TimeControl, seats: list[dict[str, Any]], data: dict[str, Any]) -> TableClock:
        """The clocks :meth:`to_json` stored (a person's seat missing from them: a full reserve)."""
        stored = {int(k): float(v) for k, v in dict(data.get("reserves") or {}).items()}
        reserves = {
            seat: min(max(stored.get(seat, float(control.reserve)), 0.0), float(control.reserve))
            for seat, info in enumerate(seats)
            if info.get("kind") == "human"
        }
        clock = cls(control, reserves, {int(s) for s in data.get("away") or () if int(s) in reserves})
        turn = data.get("turn")
        if isinstance(turn, list) and len(turn) == 3:
            key = (int(turn[0]), int(turn[1]), int(turn[2]))
            move_left = min(max(float(data.get("move_left", control.per_move)), 0.0), float(control.per_move))
            reserve_left = min(max(float(data.get("reserve_left", 0.0)), 0.0), float(control.reserve))
            clock.resume = (key, move_left, reserve_left)
        return clock


class Clocks:
    """The clocks of every timed table of one :class:`~sevenrocks.web.service.TableService`."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.tables: dict[str, TableClock] = {}
        self._saving: set[asyncio.Future[None]] = set()

    def now(self) -> float:
        """The event loop's monotonic time."""
        return asyncio.get_running_loop().time()

    # ------------------------------------------------------------------ setting up
    async def start(self, table: LiveTable, control: TimeControl) -> None:
        """Give a new ``table`` its time control (every person's reserve full), stored at once."""
        reserves = {
            seat: float(control.reserve)
            for seat, info in enumerate(table.record.seats)
            if info["kind"] == "human"
        }
        clock = TableClock(control, reserves)
        await self.service.db(self.service.storage.save_clock, table.id, control.to_json(), clock.to_json())
        self.tables[table.id] = clock

    async def restore(self, table: LiveTable, events: Iterable[EventRecord] = ()) -> None:
        """Load a table's stored clocks (none: an untimed table), its seat on turn to resume with the
        time it had when its turn began; the stand-in's moves are read from its stored ``events``."""
        if table.record.status == "over":
            return
        stored = await self.service.db(self.service.storage.clock, table.id)
        if stored is None:
            return
        control, state = stored
        try:
            clock = TableClock.from_json(TimeControl.from_json(control), table.record.seats, state)
        except (KeyError, TypeError, ValueError) as err:
            log.error("table %s: its stored clocks cannot be read (%s); it plays untimed", table.id, err)
            return
        clock.marks = stand_in_placements(events)
        self.tables[table.id] = clock

    def close(self) -> None:
        """Stop every timer (the service is closing)."""
        for clock in self.tables.values():
            if clock.timer is not None:
                clock.timer.cancel()

    def is_away(self, table: LiveTable, seat: int) -> bool:
        """True while the stand-in plays ``seat`` (its time ran out): the next hand does not wait
        for it."""
        clock = self.tables.get(table.id)
        return clock is not None and seat in clock.away

    def control(self, table: LiveTable) -> TimeControl | None:
        """The table's time control, or ``None``."""
        clock = self.tables.get(table.id)
        return None if clock is None else clock.control

    # ------------------------------------------------------------------ the turns
    def sync(self, table: LiveTable) -> None:
        """Follow the table's turn: when a new person's turn has begun, settle the last one (its
        placement time, then its reserve) and start the new one's clock (or, for a seat away, the
        stand-in's short wait). Called after every change; does nothing while the turn is the same."""
        clock = self.tables.get(table.id)
        if clock is None:
            return
        done = table.closed or table.record.status == "over"
        turn = None if done else self.service.play_of(table).clock_turn(table)
        if turn == clock.turn and not done:
            return
        now = self.now()
        if clock.turn is not None:
            seat = clock.turn[2]
            if seat in clock.reserves:
                clock.reserves[seat] = clock.left(now)[1]
        if clock.timer is not None and clock.timer is not asyncio.current_task():
            clock.timer.cancel()
        clock.timer = None
        clock.turn = turn
        if done:  # nothing more to time (a closed table's rows may be gone: nothing is stored)
            del self.tables[table.id]
            return
        if turn is None:
            return
        seat = turn[2]
        clock.started = now
        clock.move_left = float(clock.control.per_move)
        clock.reserve_left = clock.reserves.get(seat, 0.0)
        if clock.resume is not None:
            if clock.resume[0] == turn:
                _, clock.move_left, clock.reserve_left = clock.resume
            clock.resume = None
        wait = self.service.bot_delay if seat in clock.away else clock.move_left + clock.reserve_left
        clock.timer = asyncio.get_running_loop().create_task(self._expire(table, clock, turn, wait))
        self._save(table, clock)

    def present(self, table: LiveTable, seat: int) -> None:
        """The player of ``seat`` acted: a seat away is back (its turn, if it is on turn, starts
        again with a placement's time). Called under the table's lock."""
        clock = self.tables.get(table.id)
        if clock is None or seat not in clock.away:
            return
        clock.away.discard(seat)
        if clock.turn is not None and clock.turn[2] == seat:
            if clock.timer is not None:
                clock.timer.cancel()
            clock.timer = None
            clock.turn = None  # started again by sync, the reserve as it was
        self.sync(table)
        self._save(table, clock)
        self.service._broadcast(table)

    async def _expire(self, table: LiveTable, clock: TableClock, turn: Turn, wait: float) -> None:
        """Once ``wait`` seconds have passed in ``turn``: the seat is away, its stand-in places."""
        try:
            await asyncio.sleep(max(wait, 0.0))
            seat = turn[2]
            async with table.lock:
                if table.closed and self.tables.get(table.id) is clock:
                    del self.tables[table.id]  # closed for idleness: nothing more to time
                if clock.turn != turn or table.closed or self.service._closing:
                    return
                if seat not in clock.away:
                    clock.away.add(seat)
                    clock.reserves[seat] = 0.0
                    self._save(table, clock)
                    self.service._broadcast(table)
            play = self.service.play_of(table)
            bot = clock.bots.get(seat)
            if bot is None:
                bot = clock.bots[seat] = play.stand_in_bot(table, clock.control.stand_in)
            for _ in range(3):  # a Sea Goat hundred answered for the seat: then its lead
                if clock.turn != turn or not await play.stand_in(table, seat, bot, clock.marks):
                    break
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: the stand-in of seat %s could not play", table.id, turn[2])

    # ------------------------------------------------------------------ messages
    def annotate(self, table: LiveTable, message: dict[str, Any]) -> dict[str, Any]:
        """Add the table's ``clock`` to a ``state`` or ``placed`` message: ``None`` for an untimed
        table; else the control (``per_move``, ``reserve``, ``stand_in``), the seat on turn
        (``seat``, ``None`` if no person is) with its ``move_left`` and ``reserve_left`` seconds
        now, every person's ``reserves`` (``None`` for bots), the seats ``away`` and ``stand_ins``,
        the moves of the message's hand (``hand_number``) the stand-in made, counted from 0."""
        self.sync(table)
        clock = self.tables.get(table.id)
        if clock is None:
            message["clock"] = None
            return message
        move_left, reserve_left = clock.left(self.now()) if clock.turn is not None else (0.0, 0.0)
        seat = None if clock.turn is None else clock.turn[2]
        people = {s for s, info in enumerate(table.record.seats) if info["kind"] == "human"}
        reserves: list[float | None] = [None] * len(table.record.seats)
        for s, left in clock.reserves.items():
            if s in people:  # a seat given to a bot since has no clock
                reserves[s] = round(left, 2)
        if seat is not None:
            reserves[seat] = round(reserve_left, 2)
        message["clock"] = {
            **clock.control.to_json(),
            "seat": seat,
            "move_left": round(move_left, 2),
            "reserve_left": round(reserve_left, 2),
            "reserves": reserves,
            "away": sorted(clock.away & people),
            "stand_ins": sorted(p for h, p in clock.marks if h == message.get("hand_number")),
        }
        return message

    # ------------------------------------------------------------------ storage
    def _save(self, table: LiveTable, clock: TableClock) -> None:
        """Store the clocks (in the order asked, on the storage thread); a failure is logged."""
        saving = asyncio.ensure_future(
            self.service.db(
                self.service.storage.save_clock, table.id, clock.control.to_json(), clock.to_json()
            )
        )
        self._saving.add(saving)

        def done(future: asyncio.Future[None]) -> None:
            self._saving.discard(future)
            if not future.cancelled() and future.exception() is not None:
                log.error("table %s: its clocks could not be stored: %s", table.id, future.exception())

        saving.add_done_callback(done)
