"""Tables and their matches: seats, connections, bots, storage; the server's authority.

Every intent from a browser goes through :class:`TableService`, which checks it with the
engine (:class:`~sevenrocks.core.match.Match`), stores the resulting event before anyone
hears of it, and sends each connection the view of its own seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import logging
import random
import secrets
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar

from sevenrocks.bots import BOT_NAMES, Bot, make_bot
from sevenrocks.core.errors import SevenRocksError
from sevenrocks.core.match import Match, Phase, deal_tiles
from sevenrocks.core.notation import Play
from sevenrocks.core.tiles import NUM_SEATS, Tile
from sevenrocks.i18n import N_
from sevenrocks.messages import error_text, translate
from sevenrocks.web.protocol import (
    ClientMessage,
    NextHandIntent,
    Ping,
    PlayIntent,
    ProtocolError,
    ReplaceIntent,
    StartIntent,
    error_message,
    view_json,
)
from sevenrocks.web.render import render_layout
from sevenrocks.web.storage import Storage, TableRecord

__all__ = ["Connection", "LiveTable", "SeatSpec", "TableService", "rebuild_match"]

log = logging.getLogger("sevenrocks.web")
T = TypeVar("T")
MAX_TARGET: Final = 10_000
MAX_NAME: Final = 40


@dataclass(frozen=True)
class SeatSpec:
    """Who sits in a seat when a table is made: ``kind`` is ``me``, ``friend`` or ``bot``."""

    kind: str
    name: str = ""
    bot: str = "greedy"


class Connection:
    """One browser connection: the seat it plays (``None`` for a spectator) and its outbox."""

    def __init__(
        self,
        seat: int | None,
        admin: bool,
        send: Callable[[dict[str, Any]], Awaitable[None]],
        lang: str = "en",
    ) -> None:
        self.seat = seat
        self.admin = admin
        #: the player's language for the error messages this connection is sent
        self.lang = lang
        self._send = send
        self._queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self._task = asyncio.get_running_loop().create_task(self._pump())

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message`` for this connection (never blocks the table on a slow browser)."""
        self._queue.put_nowait(message)

    async def _pump(self) -> None:
        while True:
            message = await self._queue.get()
            if message is None:
                return
            try:
                await self._send(message)
            except Exception:  # the browser went away; the reader notices and disconnects
                return

    async def close(self) -> None:
        """Deliver what is queued, then stop."""
        self._queue.put_nowait(None)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._task, timeout=2)


@dataclass
class LiveTable:
    """A table in memory: its stored record, its match, connections and readiness."""

    record: TableRecord
    match: Match | None
    seq: int
    connections: list[Connection] = field(default_factory=list)
    ready: set[int] = field(default_factory=set)
    bots: dict[int, Bot] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_task: asyncio.Task[None] | None = None
    moves: int = 0
    rng: random.Random = field(default_factory=lambda: random.Random(secrets.randbits(64)))
    drawn: tuple[tuple[int, int], str] | None = None

    @property
    def id(self) -> str:
        """The table's id (part of its links)."""
        return self.record.id

    def seat_of_token(self, token: str | None) -> int | None:
        """The seat whose secret is ``token``, compared in constant time."""
        if not token:
            return None
        for seat, info in enumerate(self.record.seats):
            known = info.get("token")
            if known and secrets.compare_digest(str(known), token):
                return seat
        return None

    def is_admin(self, token: str | None) -> bool:
        """True if ``token`` is the creator's secret."""
        return bool(token) and secrets.compare_digest(self.record.admin_token, str(token))

    def connected(self, seat: int) -> bool:
        """True while a browser holds ``seat``."""
        return any(c.seat == seat for c in self.connections)

    def public_seats(self) -> list[dict[str, Any]]:
        """Who sits where, without the secrets."""
        return [
            {
                "seat": seat,
                "kind": info["kind"],
                "name": info["name"],
                "bot": info.get("bot"),
                "connected": info["kind"] == "bot" or self.connected(seat),
                "ready": seat in self.ready,
            }
            for seat, info in enumerate(self.record.seats)
        ]

    def summary(self) -> dict[str, Any]:
        """Public facts about the table (for lists and the table page)."""
        match = self.match
        return {
            "table": self.id,
            "status": self.record.status,
            "target": self.record.target,
            "seats": self.public_seats(),
            "scores": list(match.scores) if match else [0, 0],
            "hand_number": match.hand_number if match else -1,
            "winner": match.winner if match else None,
            "created_at": _iso(self.record.created_at),
        }


def _iso(when: dt.datetime | None) -> str | None:
    return None if when is None else when.isoformat()


def rebuild_match(record: TableRecord, events: list[Any]) -> tuple[Match | None, int]:
    """Replay a table's stored deals and plays; return the match (``None`` if not started) and
    the number of stored events. Raises :class:`SevenRocksError` if the events contradict the rules.
    """
    match: Match | None = None
    for event in events:
        if event.kind == "hand":
            if match is None:
                match = Match(target=record.target, rng=random.Random(secrets.randbits(64)))
            deal = [[Tile.parse(t) for t in hand] for hand in event.data["deal"]]
            match.start_hand(deal, leader=int(event.data["leader"]))
        elif event.kind == "play":
            if match is None:
                raise SevenRocksError(f"table {record.id}: a play is stored before any deal")
            match.push(Play.parse(event.data["play"]))
    return match, len(events)


def _moves(match: Match | None) -> int:
    if match is None:
        return 0
    return sum(len(log.placements) for log in match.history)


class TableService:
    """Creates, loads and runs tables. One instance per app; all methods run on its event loop."""

    def __init__(self, storage: Storage, *, bot_delay: float = 0.7, max_message_bytes: int = 4096) -> None:
        self.storage = storage
        self.bot_delay = bot_delay
        self.max_message_bytes = max_message_bytes
        self.tables: dict[str, LiveTable] = {}
        self._db = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sevenrocks-db")
        self._load_lock = asyncio.Lock()
        self._closing = False

    async def db(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run a storage call on the storage thread (one at a time, off the event loop)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db, lambda: fn(*args, **kwargs))

    async def close(self) -> None:
        """Stop the bots and release the storage thread."""
        self._closing = True
        for table in self.tables.values():
            if table.bot_task is not None:
                table.bot_task.cancel()
        self._db.shutdown(wait=True)

    async def resume(self) -> int:
        """Load every table in progress from storage so its bots continue; return how many."""
        records = await self.db(self.storage.tables, ("open", "playing"), 10_000)
        count = 0
        for record in records:
            table = await self.get(record.id)
            if table is not None:
                count += 1
        return count

    # ------------------------------------------------------------------ tables
    async def create(self, seats: list[SeatSpec], target: int) -> tuple[LiveTable, dict[int, str]]:
        """Make a table; return it and the secret token of each human seat."""
        if len(seats) != NUM_SEATS:
            raise ProtocolError(
                N_("a table has exactly four seats, not {count}"), "bad_table", count=len(seats)
            )
        if isinstance(target, bool) or not isinstance(target, int) or not 0 < target <= MAX_TARGET:
            raise ProtocolError(
                N_("the target must be a whole number from 1 to {most}, not {target}"),
                most=MAX_TARGET,
                target=repr(target),
            )
        if sum(1 for s in seats if s.kind == "me") > 1:
            raise ProtocolError(N_("only one seat can be yours"), "bad_table")
        stored: list[dict[str, Any]] = []
        tokens: dict[int, str] = {}
        for seat, spec in enumerate(seats):
            name = " ".join(spec.name.split())[:MAX_NAME]
            if spec.kind == "bot":
                if spec.bot not in BOT_NAMES:
                    known = ", ".join(sorted(BOT_NAMES))
                    raise ProtocolError(
                        N_("seat {seat}: unknown bot level {bot}: use one of {known}"),
                        seat=seat,
                        bot=repr(spec.bot),
                        known=known,
                    )
                stored.append({"kind": "bot", "name": name or f"{spec.bot} bot", "bot": spec.bot})
            elif spec.kind in ("me", "friend"):
                tokens[seat] = secrets.token_urlsafe(18)
                default = "host" if spec.kind == "me" else f"friend {seat}"
                stored.append(
                    {"kind": "human", "name": name or default, "token": tokens[seat], "me": spec.kind == "me"}
                )
            else:
                raise ProtocolError(
                    N_("seat {seat}: kind must be me, friend or bot, not {kind}"),
                    seat=seat,
                    kind=repr(spec.kind),
                )
        record = TableRecord(
            id=secrets.token_urlsafe(9),
            target=target,
            seats=stored,
            admin_token=secrets.token_urlsafe(18),
            created_at=dt.datetime.now(dt.UTC),
        )
        await self.db(self.storage.create_table, record)
        table = LiveTable(record, None, 0)
        self._make_bots(table)
        self.tables[record.id] = table
        return table, tokens

    def _make_bots(self, table: LiveTable) -> None:
        for seat, info in enumerate(table.record.seats):
            if info["kind"] == "bot" and seat not in table.bots:
                table.bots[seat] = make_bot(info["bot"], seed=secrets.randbits(32))

    async def get(self, table_id: str) -> LiveTable | None:
        """The table with ``table_id`` (loaded from storage and resumed if needed), or ``None``."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if not isinstance(table_id, str) or not 0 < len(table_id) <= 32:
            return None
        async with self._load_lock:
            table = self.tables.get(table_id)
            if table is not None:
                return table
            record = await self.db(self.storage.table, table_id)
            if record is None:
                return None
            events = await self.db(self.storage.events, table_id)
            try:
                match, seq = rebuild_match(record, events)
            except (SevenRocksError, KeyError, TypeError, ValueError) as err:
                log.error("table %s cannot be rebuilt from storage: %s", table_id, err)
                return None
            table = LiveTable(record, match, seq, moves=_moves(match))
            self._make_bots(table)
            self.tables[table_id] = table
        self._kick(table)
        return table

    # -------------------------------------------------------------- connections
    async def connect(self, table: LiveTable, conn: Connection) -> None:
        """Register a browser and send it a welcome and the current state."""
        async with table.lock:
            table.connections.append(conn)
            conn.send(
                {
                    "type": "welcome",
                    "table": table.id,
                    "seat": conn.seat,
                    "admin": conn.admin,
                    "name": None if conn.seat is None else table.record.seats[conn.seat]["name"],
                }
            )
            self._broadcast(table)

    async def disconnect(self, table: LiveTable, conn: Connection) -> None:
        """Forget a browser; its seat stays reserved for its link (or for a bot the creator seats)."""
        async with table.lock:
            if conn in table.connections:
                table.connections.remove(conn)
            if conn.seat is not None and not table.connected(conn.seat):
                table.ready.discard(conn.seat)
            self._broadcast(table)
            await self._maybe_next_hand(table)
            self._forget_if_idle(table)
        await conn.close()

    def _forget_if_idle(self, table: LiveTable) -> None:
        """Drop a finished table nobody watches from memory (it is reloaded from storage on demand)."""
        if table.record.status == "over" and not table.connections and self.tables.get(table.id) is table:
            del self.tables[table.id]

    async def handle(self, table: LiveTable, conn: Connection, raw: str | bytes) -> None:
        """Act on one raw message from ``conn``; refused messages get an ``error`` reply only."""
        try:
            from sevenrocks.web.protocol import parse_message

            intent = parse_message(raw, self.max_message_bytes)
        except ProtocolError as err:
            conn.send(error_message(err.message, err.code))
            return
        try:
            await self.act(table, conn, intent)
        except ProtocolError as err:
            conn.send(error_message(err.translated(conn.lang), err.code, _kind(intent)))
        except SevenRocksError as err:
            conn.send(error_message(error_text(err, conn.lang), "illegal", _kind(intent)))
        except Exception:  # a fault of the server itself: report it, keep the connection
            log.exception("table %s: the %s message could not be handled", table.id, _kind(intent))
            conn.send(
                error_message(
                    translate(N_("the server could not do that (see its log)"), None, conn.lang),
                    "internal",
                    _kind(intent),
                )
            )

    async def act(self, table: LiveTable, conn: Connection, intent: ClientMessage) -> None:
        """Carry out an intent for ``conn`` (raises :class:`ProtocolError` or a rules error)."""
        if isinstance(intent, Ping):
            conn.send({"type": "pong"})
            return
        async with table.lock:
            if isinstance(intent, PlayIntent):
                await self._play_intent(table, conn, intent)
            elif isinstance(intent, StartIntent):
                if not conn.admin:
                    raise ProtocolError(N_("only the table's creator can start the match"), "forbidden")
                await self._start(table)
            elif isinstance(intent, NextHandIntent):
                await self._next_hand_intent(table, conn)
            elif isinstance(intent, ReplaceIntent):
                await self._replace(table, conn, intent)

    # ------------------------------------------------------------------ intents
    async def start(self, table: LiveTable) -> None:
        """Start the match of ``table`` (the creator's HTTP call or message)."""
        async with table.lock:
            await self._start(table)

    async def _start(self, table: LiveTable) -> None:
        if table.match is not None:
            raise ProtocolError(N_("the match has already started"), "already_started")
        table.match = Match(target=table.record.target, rng=random.Random(secrets.randbits(64)))
        try:
            await self._deal(table, status="playing")
        except Exception:
            table.match = None
            raise
        self._after_change(table)

    async def _deal(self, table: LiveTable, **fields: Any) -> None:
        match = table.match
        assert match is not None
        deal = deal_tiles(table.rng)
        leader = match.next_leader()
        if leader is None:
            leader = match.lot()
        data = {"deal": [[str(t) for t in hand] for hand in deal], "leader": leader}
        try:
            await self.db(self.storage.append_event, table.id, table.seq, "hand", data, **fields)
        except Exception:
            raise ProtocolError(N_("the deal could not be stored; try again"), "storage") from None
        match.start_hand(deal, leader=leader)
        table.seq += 1
        table.ready.clear()
        if "status" in fields:
            table.record.status = fields["status"]

    async def _play_intent(self, table: LiveTable, conn: Connection, intent: PlayIntent) -> None:
        if conn.seat is None:
            raise ProtocolError(N_("spectators cannot place tiles"), "forbidden")
        match = table.match
        if match is None:
            raise ProtocolError(N_("the match has not started yet"), "not_started")
        if intent.at is not None and intent.at != table.moves:
            raise ProtocolError(
                N_("that play was meant for move {at}, but the match is at move {now}"),
                "stale",
                at=intent.at,
                now=table.moves,
            )
        if match.turn != conn.seat:
            if match.phase is Phase.OVER:
                raise ProtocolError(N_("the match is over"), "match_over")
            if match.turn is None:
                raise ProtocolError(N_("the hand is over: no tile can be placed now"), "hand_over")
            raise ProtocolError(
                N_("it is the turn of seat {turn}, not yours (seat {seat})"),
                "not_your_turn",
                turn=match.turn,
                seat=conn.seat,
            )
        await self._apply(table, conn.seat, intent.play)

    async def _apply(self, table: LiveTable, seat: int, play: Play) -> None:
        match = table.match
        assert match is not None and match.turn == seat
        match.push(play)  # raises a SevenRocksError and changes nothing if illegal
        fields: dict[str, Any] = {}
        if match.turn is None:
            fields["scores"] = list(match.scores)
            if match.is_over:
                fields.update(status="over", winner=match.winner, finished_at=dt.datetime.now(dt.UTC))
        try:
            await self.db(
                self.storage.append_event,
                table.id,
                table.seq,
                "play",
                {"seat": seat, "play": str(play)},
                **fields,
            )
        except Exception:
            match.pop()
            raise ProtocolError(
                N_("the play could not be stored; nothing changed, try again"), "storage"
            ) from None
        table.seq += 1
        table.moves += 1
        if "status" in fields:
            table.record.status = fields["status"]
            table.record.winner = match.winner
        self._after_change(table)
        self._forget_if_idle(table)
        if match.turn is None:
            await self._maybe_next_hand(table)

    async def _next_hand_intent(self, table: LiveTable, conn: Connection) -> None:
        match = table.match
        if conn.seat is None:
            raise ProtocolError(N_("spectators do not start hands"), "forbidden")
        if match is None or match.phase is not Phase.WAITING:
            raise ProtocolError(N_("there is no finished hand to move on from"), "not_waiting")
        table.ready.add(conn.seat)
        self._broadcast(table)
        await self._maybe_next_hand(table)

    async def _maybe_next_hand(self, table: LiveTable) -> None:
        """Deal the next hand once every connected person has seen the settlement.

        A table with no person connected (bots only) moves on by itself.
        """
        match = table.match
        if match is None or match.phase is not Phase.WAITING or self._closing:
            return
        humans = [s for s, info in enumerate(table.record.seats) if info["kind"] == "human"]
        present = [s for s in humans if table.connected(s)]
        if humans and not present:
            return  # wait for the people to come back
        if all(s in table.ready for s in present):
            if not present and self.bot_delay:
                self._kick(table)  # bots only: the bot loop pauses, then deals
                return
            await self._deal(table)
            self._after_change(table)

    async def _replace(self, table: LiveTable, conn: Connection, intent: ReplaceIntent) -> None:
        if not conn.admin:
            raise ProtocolError(N_("only the table's creator can seat a bot for a player"), "forbidden")
        if not 0 <= intent.seat < NUM_SEATS:
            raise ProtocolError(N_("a seat is 0, 1, 2 or 3, not {seat}"), seat=intent.seat)
        if intent.bot not in BOT_NAMES:
            raise ProtocolError(
                N_("unknown bot level {bot}: use one of {known}"),
                bot=repr(intent.bot),
                known=", ".join(sorted(BOT_NAMES)),
            )
        info = table.record.seats[intent.seat]
        if info["kind"] != "human":
            raise ProtocolError(N_("seat {seat} is already a bot"), "not_human", seat=intent.seat)
        if table.connected(intent.seat):
            raise ProtocolError(
                N_("the player of seat {seat} is still connected"), "still_connected", seat=intent.seat
            )
        seats = [dict(s) for s in table.record.seats]
        seats[intent.seat] = {
            "kind": "bot",
            "name": f"{intent.bot} bot (for {info['name']})",
            "bot": intent.bot,
        }
        await self.db(self.storage.update_table, table.id, seats=seats)
        table.record.seats = seats
        table.ready.discard(intent.seat)
        self._make_bots(table)
        self._after_change(table)
        await self._maybe_next_hand(table)

    # -------------------------------------------------------------------- bots
    def _after_change(self, table: LiveTable) -> None:
        self._broadcast(table)
        self._kick(table)

    def _kick(self, table: LiveTable) -> None:
        """Start the bot loop of ``table`` if a bot has something to do and none is running."""
        if self._closing or (table.bot_task is not None and not table.bot_task.done()):
            return
        if self._bot_work(table):
            table.bot_task = asyncio.get_running_loop().create_task(self._bot_loop(table))

    def _bot_work(self, table: LiveTable) -> bool:
        match = table.match
        if match is None or match.is_over:
            return False
        if match.turn is not None:
            return match.turn in table.bots
        humans = [s for s, info in enumerate(table.record.seats) if info["kind"] == "human"]
        return not humans or (
            any(table.connected(s) for s in humans)
            and all(s in table.ready for s in humans if table.connected(s))
        )

    async def _bot_loop(self, table: LiveTable) -> None:
        try:
            while not self._closing and self._bot_work(table):
                if self.bot_delay:
                    await asyncio.sleep(self.bot_delay)
                match = table.match
                assert match is not None
                seat = match.turn
                if seat is None:
                    async with table.lock:
                        if table.match is not None and table.match.phase is Phase.WAITING:
                            await self._deal(table)
                            self._broadcast(table)
                    continue
                bot = table.bots[seat]
                view = match.view(seat)
                moves = table.moves
                try:
                    play = await asyncio.to_thread(bot.choose, view)
                except Exception:
                    log.exception(
                        "bot %s of table %s failed; it plays its first legal placement", bot.name, table.id
                    )
                    play = view.legal_plays[0]
                if play not in view.legal_plays:
                    log.error(
                        "bot %s of table %s chose %s, which is not legal; it plays %s instead",
                        bot.name,
                        table.id,
                        play,
                        view.legal_plays[0],
                    )
                    play = view.legal_plays[0]
                async with table.lock:
                    if table.moves != moves or match.turn != seat or seat not in table.bots:
                        continue
                    await self._apply(table, seat, play)
                    if not self.bot_delay:
                        await asyncio.sleep(0)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the bots of table %s stopped", table.id)

    # --------------------------------------------------------------- messages
    def state_for(self, table: LiveTable, seat: int | None, svg: str | None = None) -> dict[str, Any]:
        """The ``state`` message for one seat (or a spectator, ``seat`` None)."""
        match = table.match
        base: dict[str, Any] = {"type": "state", **table.summary()}
        if match is None or match.hand_number < 0:
            base.update(
                seat=seat,
                hand=None,
                legal=[],
                layout=None,
                events=[],
                tile_counts=[0, 0, 0, 0],
                target=table.record.target,
                leader=None,
                turn=None,
                results=[],
                hand_over=False,
                move=table.moves,
                phase="open",
            )
            return base
        view = match.view(seat if seat is not None else 0)
        if svg is None:
            svg = _svg(table)
        base.update(view_json(view, private=seat is not None, svg=svg, move=table.moves))
        base["phase"] = match.phase.value
        return base

    def _broadcast(self, table: LiveTable) -> None:
        if not table.connections:
            return
        match = table.match
        svg = _svg(table) if match is not None and match.hand_number >= 0 else None
        cache: dict[int | None, dict[str, Any]] = {}
        for conn in table.connections:
            message = cache.get(conn.seat)
            if message is None:
                message = cache[conn.seat] = self.state_for(table, conn.seat, svg)
            conn.send(message)


def _kind(intent: ClientMessage) -> str:
    return {
        PlayIntent: "play",
        StartIntent: "start",
        NextHandIntent: "next_hand",
        ReplaceIntent: "replace",
        Ping: "ping",
    }[type(intent)]


def _svg(table: LiveTable) -> str:
    """The drawn layout of the table's current hand (drawn once per position)."""
    match = table.match
    assert match is not None
    key = (match.hand_number, table.moves)
    if table.drawn is None or table.drawn[0] != key:
        placements = match.placements
        table.drawn = (key, render_layout(match.layout, last=placements[-1].play if placements else None))
    return table.drawn[1]
