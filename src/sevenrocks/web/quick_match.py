"""Quick match and public tables: "Play now" seats a person at once, bots fill what nobody took.

A **public table** (``"public": true`` when it is made) is listed in the lobby with its free
seats, and anyone may take one (:meth:`QuickMatch.take_seat`): a person's seat nobody has claimed
or been given. A **quick match** (:meth:`QuickMatch.play_now`) finds the oldest quick-match table
of the game that has a free seat — among those, the one whose seated players' mean rating is
nearest the person's, when the person has a rating — and gives them a seat; if there is none, it
makes a new public table of the game with every seat free and gives them seat 0. Such a table
starts by itself as soon as every seat is taken, or ``quick_wait`` seconds after it was made with
bots of the level its first player chose in the seats still empty (:meth:`QuickMatch.watch`). Its
plan (``quick``: the bot level, when to fill, the ratings of who took seats) is stored with the
table, so a restarted server starts it on time.

A seat given by a quick match or taken at a public table is held for the person for
:data:`HOLD_SECONDS` — long enough for their browser to open its link — and then freed again if
their browser never claimed it.

>>> pick_table([(None, 1), (1500.0, 2), (1000.0, 3)], 1100.0)
2
>>> pick_table([(None, 1), (1500.0, 2)], None)
0
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import logging
import time
from collections.abc import Sequence
from typing import Any, Final

from sevenrocks.bots import BOT_NAMES
from sevenrocks.i18n import N_
from sevenrocks.untrusted import clean_name
from sevenrocks.web.games import check_bot, check_game, seat_counts
from sevenrocks.web.protocol import ProtocolError
from sevenrocks.web.service import LiveTable, OwnedElsewhere, SeatSpec, TableService
from sevenrocks.web.storage import TableRecord

__all__ = ["HOLD_SECONDS", "QuickMatch", "pick_table"]

log = logging.getLogger("sevenrocks.web")

#: Seconds a seat given to a person stays theirs before their browser opens its link.
HOLD_SECONDS: Final = 30.0
#: Seconds between two looks at a waiting quick-match table.
POLL_SECONDS: Final = 0.25
#: Bot level that fills a quick match's empty seats when the person names none.
DEFAULT_FILL_BOT: Final = "expert"


def pick_table(candidates: Sequence[tuple[float | None, int]], rating: float | None) -> int:
    """Which of ``candidates`` (each: the mean rating of its seated players, or ``None`` when none
    is rated; and an age rank, lower is older) a person of ``rating`` joins: the nearest mean rating
    (unrated tables count as neither near nor far: after the rated ones), the older on a tie; a
    person without a rating takes the oldest."""
    if rating is None:
        return min(range(len(candidates)), key=lambda i: candidates[i][1])

    def distance(i: int) -> tuple[float, int]:
        mean, age = candidates[i]
        return (abs(mean - rating) if mean is not None else float("inf"), age)

    return min(range(len(candidates)), key=distance)


class QuickMatch:
    """The quick matches and public seats of one service."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.wait = service.settings.quick_wait
        #: (table, seat) -> until when the seat is held for the person it was given to
        self._held: dict[tuple[str, int], float] = {}
        self._watching: dict[str, asyncio.Task[None]] = {}
        self._lock = asyncio.Lock()

    # ---------------------------------------------------------------- seats
    def _free_seats(self, table: LiveTable) -> list[int]:
        """The person's seats of an open table nobody has claimed or been given (held)."""
        now = time.monotonic()
        if table.record.status != "open":
            return []
        return [
            seat
            for seat, info in enumerate(table.record.seats)
            if info["kind"] == "human"
            and not table.claimed(seat)
            and not info.get("me")
            and self._held.get((table.id, seat), 0.0) <= now
        ]

    def free_seats(self, table: LiveTable) -> list[int]:
        """The seats of a public table anyone may take now (none at a private table)."""
        return self._free_seats(table) if table.record.public else []

    async def _give(self, table: LiveTable, seat: int, name: str) -> str:
        """Hold ``seat`` for a person (named ``name`` if given) and return its link's token."""
        self._held[(table.id, seat)] = time.monotonic() + HOLD_SECONDS
        info = table.record.seats[seat]
        if name and name != info["name"]:
            seats = [dict(s) for s in table.record.seats]
            seats[seat]["name"] = name
            await self.service.db(self.service.storage.update_table, table.id, seats=seats)
            table.record.seats = seats
        return str(table.record.seats[seat]["token"])

    @staticmethod
    def _name(name: str) -> str:
        cleaned = clean_name(name)
        if name.strip() and not cleaned:
            raise ProtocolError(
                N_("the name has no visible letters: write one, or leave it empty"), "bad_name"
            )
        return cleaned

    async def take_seat(self, table: LiveTable, seat: int | None, name: str = "") -> tuple[int, str]:
        """Give a free seat of a public table (``seat``, or the first free one) to a person; return
        the seat and its link's token. Raises :class:`ProtocolError`."""
        name = self._name(name)
        async with self._lock, table.lock:
            if not table.record.public:
                raise ProtocolError(
                    N_("this table is not public: its seats are taken by invitation"), "not_public"
                )
            if table.record.status != "open":
                raise ProtocolError(N_("this table's match has started: its seats are taken"), "started")
            free = self._free_seats(table)
            if seat is None:
                if not free:
                    raise ProtocolError(N_("this table has no free seat"), "no_free_seat")
                seat = free[0]
            elif not 0 <= seat < len(table.record.seats):
                raise ProtocolError(
                    N_("a seat is 0 to {last}, not {seat}"), seat=seat, last=len(table.record.seats) - 1
                )
            elif seat not in free:
                raise ProtocolError(N_("seat {seat} is not free"), "seat_not_free", seat=seat)
            return seat, await self._give(table, seat, name)

    # ---------------------------------------------------------------- quick match
    async def play_now(
        self,
        game: str,
        *,
        bot: str | None = None,
        name: str = "",
        seats: int | None = None,
        rating: float | None = None,
        address: str = "",
    ) -> tuple[LiveTable, int, str]:
        """Seat a person at a quick match of ``game`` (see the module documentation): a free seat
        of a waiting table, or seat 0 of a new one whose empty seats ``bot`` fills after the wait
        (by default :data:`DEFAULT_FILL_BOT`, or ``greedy`` in a game it does not play). Returns the
        table, the seat and its link's token. Raises :class:`ProtocolError`."""
        name = self._name(name)
        if bot is None:
            try:
                check_bot(DEFAULT_FILL_BOT, game, 0)
                bot = DEFAULT_FILL_BOT
            except ProtocolError:
                bot = "greedy"
        if bot not in BOT_NAMES:
            raise ProtocolError(
                N_("unknown bot level {bot}: use one of {known}"),
                bot=repr(bot[:40]),
                known=", ".join(sorted(BOT_NAMES)),
            )
        allowed = seat_counts(game)
        count = seats if seats is not None else (4 if 4 in allowed else max(allowed))
        check_game(game, {}, count)
        for seat in range(count):
            check_bot(bot, game, seat)
        async with self._lock:
            table = await self._waiting_table(game, count, rating)
            if table is not None:
                async with table.lock:
                    free = self._free_seats(table)
                    if free:  # still free: nobody took it while the table was looked up
                        seat = free[0]
                        token = await self._give(table, seat, name)
                        await self._note_rating(table, seat, rating)
                        return table, seat, token
            fill_at = dt.datetime.now(dt.UTC) + dt.timedelta(seconds=self.wait)
            plan: dict[str, Any] = {"bot": bot, "fill_at": fill_at.isoformat(), "ratings": {}}
            table, _ = await self.service.create(
                [SeatSpec("friend", name=f"seat {s}") for s in range(count)],
                game=game,
                address=address,
                quick=plan,
            )
            async with table.lock:
                token = await self._give(table, 0, name)
                await self._note_rating(table, 0, rating)
            self.watch(table.id)
            return table, 0, token

    async def _waiting_table(self, game: str, count: int, rating: float | None) -> LiveTable | None:
        """The waiting quick-match table of ``game`` with ``count`` seats a person of ``rating``
        joins (see :func:`pick_table`), or ``None``."""
        records: list[TableRecord] = await self.service.db(self.service.storage.quick_tables, game)
        candidates: list[tuple[float | None, int]] = []
        tables: list[LiveTable] = []
        for age, record in enumerate(records):
            if len(record.seats) != count:
                continue
            table = await self.service.get(record.id)
            if table is None or not self._free_seats(table):
                continue
            ratings = [float(r) for r in (table.record.quick or {}).get("ratings", {}).values()]
            candidates.append((sum(ratings) / len(ratings) if ratings else None, age))
            tables.append(table)
        if not tables:
            return None
        return tables[pick_table(candidates, rating)]

    async def _note_rating(self, table: LiveTable, seat: int, rating: float | None) -> None:
        if rating is None or table.record.quick is None:
            return
        quick = dict(table.record.quick)
        quick["ratings"] = dict(quick.get("ratings", {})) | {str(seat): rating}
        await self.service.db(self.service.storage.update_table, table.id, quick=quick)
        table.record.quick = quick

    # ---------------------------------------------------------------- starting
    def watch(self, table_id: str) -> None:
        """Start the quick-match table ``table_id`` when every seat is taken or its wait is over."""
        if table_id not in self._watching:
            self._watching[table_id] = asyncio.get_running_loop().create_task(self._watch(table_id))

    async def resume(self) -> int:
        """Watch every stored quick-match table still waiting (after a restart); return how many."""
        records = await self.service.db(self.service.storage.quick_tables)
        for record in records:
            self.watch(record.id)
        return len(records)

    async def _watch(self, table_id: str) -> None:
        try:
            while True:
                table = await self.service.get(table_id)
                if (
                    table is None
                    or table.closed
                    or table.record.status != "open"
                    or table.record.quick is None
                ):
                    return
                if await self._start_if_due(table):
                    return
                await asyncio.sleep(POLL_SECONDS)
        except asyncio.CancelledError:
            raise
        except OwnedElsewhere:
            pass  # another server process owns the table and watches it
        except Exception:
            log.exception("quick match %s could not be started", table_id)
        finally:
            self._watching.pop(table_id, None)

    async def _start_if_due(self, table: LiveTable) -> bool:
        """Start the table if every seat is taken or its wait is over (bots in the empty seats); a
        table whose wait is over with nobody at it is closed. True when the table is done waiting."""
        quick = table.record.quick or {}
        fill_at = dt.datetime.fromisoformat(str(quick["fill_at"]))
        async with self.service.load_lock, table.lock:  # the order the idle tables' clean-up takes
            if table.closed or table.record.status != "open":
                return True
            people = [s for s, info in enumerate(table.record.seats) if info["kind"] == "human"]
            came = [s for s in people if table.claimed(s)]
            if len(came) < len(people) and dt.datetime.now(dt.UTC) < fill_at:
                return False
            for seat in people:
                self._held.pop((table.id, seat), None)
            if not came:
                await self.service.discard(table, N_("nobody came to this quick match: it was closed"))
                return True
            empty = {s: str(quick.get("bot", DEFAULT_FILL_BOT)) for s in people if s not in came}
            if empty:
                await self.service.seat_bots(table, empty, stand_in=False)
            await self.service.play_of(table).start(table)
        return True

    async def close(self) -> None:
        """Stop watching (the server stops; the plans stay stored)."""
        for task in list(self._watching.values()):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._watching.clear()
