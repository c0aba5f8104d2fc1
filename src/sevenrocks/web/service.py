"""Tables and their matches: seats, connections, bots, storage; the server's authority.

Every intent from a browser goes through :class:`TableService`, which checks it with the
table's engine, stores the resulting event before anyone hears of it, and sends each connection
the view of its own seat. The service does what every table shares (seats and their secrets,
links, connections, readiness between hands, storage, broadcasts); what a table does with its own
engine — making the match, dealing, moves, Sea Goat's hundred, bots, states, replays — is its
:class:`~sevenrocks.web.play.TablePlay`'s: :class:`~sevenrocks.web.layout_play.LayoutPlay` for the
layout engine's games, :class:`~sevenrocks.web.sausage_table.SausagePlay` for Sausage.

A browser joins a table through :meth:`TableService.join`, which checks its secrets and attaches
it under the table's lock, the same lock under which the creator seats a bot: a seat's old link
can never attach to a seat that became a bot's.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import random
import secrets
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, TypeVar

from sevenrocks.bots import BOT_NAMES
from sevenrocks.core.errors import SevenRocksError
from sevenrocks.core.games import DEFAULT_GAME, Engine, find_game
from sevenrocks.i18n import N_
from sevenrocks.messages import error_text, translate
from sevenrocks.untrusted import clean_name
from sevenrocks.web.chat import TableChat
from sevenrocks.web.clocks import Clocks
from sevenrocks.web.connection import Close, Connection, Send
from sevenrocks.web.games import check_bot, check_game
from sevenrocks.web.hooks import ServiceHooks
from sevenrocks.web.inbox import Inbox
from sevenrocks.web.keys import is_table_id, new_secret, new_session, new_table_id, session_hash
from sevenrocks.web.layout_play import LayoutPlay
from sevenrocks.web.leases import OwnedElsewhere
from sevenrocks.web.limits import AddressWindow, TokenBucket
from sevenrocks.web.play import TablePlay
from sevenrocks.web.protocol import (
    BackIntent,
    ChatIntent,
    ClientMessage,
    HundredIntent,
    MuteIntent,
    NextHandIntent,
    Ping,
    PlayIntent,
    ProtocolError,
    ReplaceIntent,
    StartIntent,
    SyncIntent,
    error_message,
    json_text,
    parse_area,
    parse_ghosts,
    parse_message,
)
from sevenrocks.web.sausage_table import SausagePlay
from sevenrocks.web.settings import Settings
from sevenrocks.web.storage import EventWrite, Storage, TableRecord
from sevenrocks.web.table import LiveTable, rebuild_match

if TYPE_CHECKING:
    from sevenrocks.web.cluster import Cluster

__all__ = [
    "Connection",
    "JoinRefused",
    "LiveTable",
    "OwnedElsewhere",
    "SeatSpec",
    "TableService",
    "rebuild_match",
]

log = logging.getLogger("sevenrocks.web")
T = TypeVar("T")
MAX_TARGET: Final = 10_000


@dataclass(frozen=True)
class SeatSpec:
    """Who sits in a seat when a table is made: ``kind`` is ``me``, ``friend`` or ``bot``."""

    kind: str
    name: str = ""
    bot: str = "greedy"


class JoinRefused(ProtocolError):
    """A browser that may not join a table; ``close_code`` closes its WebSocket."""

    def __init__(self, message: str, code: str, close_code: int, **params: object) -> None:
        super().__init__(message, code, **params)
        self.close_code = close_code


#: WebSocket close codes of refused browsers (4000-4999 are the application's own).
CLOSE_FORBIDDEN: Final = 4403
CLOSE_UNKNOWN: Final = 4404
CLOSE_GONE: Final = 4410
CLOSE_FULL: Final = 4429
#: the table moved to another server process (1012, "service restart": the page reconnects)
CLOSE_MOVED: Final = 1012


class TableService:
    """Creates, loads and runs tables. One instance per app; all methods run on its event loop."""

    def __init__(self, storage: Storage, settings: Settings | None = None) -> None:
        self.storage = storage
        self.settings = settings or Settings()
        self.bot_delay = self.settings.bot_delay
        self.max_message_bytes = self.settings.max_message_bytes
        self.tables: dict[str, LiveTable] = {}
        self.new_tables = AddressWindow(self.settings.new_tables_per_hour, 3600.0)
        self._db = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sevenrocks-db")
        #: held while a table is loaded from storage (or removed from it)
        self.load_lock = asyncio.Lock()
        self._closing = False
        #: events waiting for the next group commit (:meth:`append_event`)
        self._pending: list[tuple[EventWrite, asyncio.Future[None]]] = []
        self._writing = False
        self._writer: asyncio.Task[None] | None = None
        #: with a ``deal_seed`` (demonstrations, tests): each new table's generator, in order
        self._seeds = None if self.settings.deal_seed is None else random.Random(self.settings.deal_seed)
        #: what each kind of table does with its own engine
        self.plays: dict[Engine, TablePlay] = {
            Engine.LAYOUT: LayoutPlay(self),
            Engine.SAUSAGE: SausagePlay(self),
        }
        #: every table's chat (:mod:`sevenrocks.web.chat`)
        self.chat = TableChat(self)
        #: what accounts and ratings add to seats and matches (:mod:`sevenrocks.web.hooks`)
        self.hooks = ServiceHooks()
        #: the turn clocks of timed tables (docs/web.md, "Time controls")
        self.clocks = Clocks(self)
        #: with ``SEVENROCKS_REDIS_URL``: this process among others, each table owned by one of
        #: them (:mod:`sevenrocks.web.cluster`); ``None``: this process holds every table
        self.cluster: Cluster | None = None

    async def db(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run a storage call on the storage thread (one at a time, off the event loop)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db, lambda: fn(*args, **kwargs))

    async def append_event(
        self, table_id: str, seq: int, kind: str, data: dict[str, Any], **fields: Any
    ) -> None:
        """Store an event of a table (and its row's ``fields``); return once it is committed.

        Events of several tables that arrive while a commit is under way wait for it and are then
        committed together in one transaction (:meth:`Storage.append_events`): a group commit,
        so many tables playing at once cost one short transaction, not one each. Raises what
        kept this event out of the database.
        """
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._pending.append((EventWrite(table_id, seq, kind, data, fields), done))
        if not self._writing:
            self._writing = True
            self._writer = loop.create_task(self._write_pending())
        await done

    async def _write_pending(self) -> None:
        try:
            while self._pending:
                batch, self._pending = self._pending, []
                try:
                    errors = await self.db(self.storage.append_events, [w for w, _ in batch])
                except Exception as err:
                    errors = [err] * len(batch)
                for (_, done), error in zip(batch, errors, strict=True):
                    if done.done():
                        continue
                    if error is None:
                        done.set_result(None)
                    else:
                        done.set_exception(error)
        finally:
            self._writing = False

    async def close(self) -> None:
        """Stop the bots and release the storage thread."""
        self._closing = True
        self.clocks.close()
        for table in self.tables.values():
            if table.bot_task is not None:
                table.bot_task.cancel()
        self._db.shutdown(wait=True)

    async def resume(self) -> int:
        """Load every match being played from storage so its bots continue; return how many.

        Tables waiting to start are loaded when someone asks for them.
        """
        records = await self.db(self.storage.tables, ("playing",), self.settings.max_live_tables)
        count = 0
        for record in records:
            try:
                table = await self.get(record.id)
            except OwnedElsewhere:
                continue  # another server process plays it
            if table is not None:
                count += 1
        return count

    # ------------------------------------------------------------------ tables
    async def create(
        self,
        seats: list[SeatSpec],
        target: int | None = None,
        address: str = "",
        *,
        game: str = DEFAULT_GAME,
        options: dict[str, Any] | None = None,
        practice: bool = False,
        public: bool = False,
        quick: dict[str, Any] | None = None,
    ) -> tuple[LiveTable, dict[int, str]]:
        """Make a table of ``game`` (with its ``options``; ``target`` sets the option of that name)
        for the client at ``address`` (``practice``: its players may ask for hints; ``public``: the
        lobby lists its free seats for anyone to take; ``quick``: a quick match's, see
        :mod:`sevenrocks.web.quick_match`); return it and each person's invitation."""
        if target is not None and (
            isinstance(target, bool) or not isinstance(target, int) or not 0 < target <= MAX_TARGET
        ):
            raise ProtocolError(
                N_("the target must be a whole number from 1 to {most}, not {target}"),
                most=MAX_TARGET,
                target=repr(target),
            )
        rules, options = check_game(game, options, len(seats), target)
        if sum(1 for s in seats if s.kind == "me") > 1:
            raise ProtocolError(N_("only one seat can be yours"), "bad_table")
        stored: list[dict[str, Any]] = []
        tokens: dict[int, str] = {}
        for seat, spec in enumerate(seats):
            name = clean_name(spec.name)
            if not name and spec.name.strip():
                raise ProtocolError(
                    N_("seat {seat}: the name has no visible letters: write one, or leave it empty"),
                    "bad_table",
                    seat=seat,
                )
            if spec.kind == "bot":
                if spec.bot not in BOT_NAMES:
                    known = ", ".join(sorted(BOT_NAMES))
                    raise ProtocolError(
                        N_("seat {seat}: unknown bot level {bot}: use one of {known}"),
                        seat=seat,
                        bot=repr(spec.bot[:40]),
                        known=known,
                    )
                check_bot(spec.bot, game, seat)
                stored.append({"kind": "bot", "name": name or f"{spec.bot} bot", "bot": spec.bot})
            elif spec.kind in ("me", "friend"):
                tokens[seat] = new_secret()
                default = "host" if spec.kind == "me" else f"friend {seat}"
                stored.append(
                    {"kind": "human", "name": name or default, "token": tokens[seat], "me": spec.kind == "me"}
                )
            else:
                raise ProtocolError(
                    N_("seat {seat}: kind must be me, friend or bot, not {kind}"),
                    seat=seat,
                    kind=repr(spec.kind[:40]),
                )
        if not self.new_tables.allow(address):
            raise ProtocolError(
                N_("too many new tables from your address: at most {count} an hour; try again later"),
                "too_many_tables",
                count=self.settings.new_tables_per_hour,
            )
        if await self.db(self.storage.count_live) >= self.settings.max_live_tables:
            raise ProtocolError(
                N_("the server has as many tables as it can hold; try again later"), "server_full"
            )
        seven = game == DEFAULT_GAME
        record = TableRecord(
            id=new_table_id(),
            target=rules.ending.target or 0,
            seats=stored,
            admin_token=new_secret(),
            created_at=dt.datetime.now(dt.UTC),
            game=game,
            options={} if seven else options,
            scores=[0] * rules.sides,
            practice=practice,
            public=public or quick is not None,
            quick=quick,
        )
        await self.db(self.storage.create_table, record)
        if self.cluster is not None:
            await self.cluster.claim(record.id)  # a new id: nobody else holds it
        table = self._play_of_game(game).new_table(record)
        if self._seeds is not None:
            table.rng = random.Random(self._seeds.randrange(2**63))
        self._make_bots(table)
        self.tables[record.id] = table
        self.chat.made(table)
        return table, tokens

    def play_of(self, table: LiveTable) -> TablePlay:
        """What ``table``'s kind of table does with its own engine."""
        return self.plays[table.engine]

    def _play_of_game(self, game: str) -> TablePlay:
        return self.plays[find_game(game).engine]

    def _make_bots(self, table: LiveTable) -> None:
        self.play_of(table).make_bots(table)

    def _bot_seed(self, table: LiveTable) -> int:
        """A seed for a new bot of ``table`` (from the table's generator with a ``deal_seed``)."""
        return secrets.randbits(32) if self._seeds is None else table.rng.randrange(2**32)

    async def get(self, table_id: str, *, keep: bool = True) -> LiveTable | None:
        """The table with ``table_id`` (loaded from storage and resumed if needed), or ``None``.

        An id of the wrong shape is ``None`` at once, without asking the database. A finished
        table loaded with ``keep=False`` (to read its record) is not kept in memory. With other
        server processes (:attr:`cluster`), loading a table takes its lease: a table another
        process owns raises :class:`OwnedElsewhere` naming it.
        """
        if not is_table_id(table_id):
            return None
        table = self.tables.get(table_id)
        if table is not None:
            return table
        async with self.load_lock:
            table = self.tables.get(table_id)
            if table is not None:
                return table
            record = await self.db(self.storage.table, table_id)
            if record is None:
                return None
            if not keep and record.status == "over":
                return await self._load(record)
            if self.cluster is not None:
                await self.cluster.claim(table_id)
                record = await self.db(self.storage.table, table_id)  # as its last owner left it
                if record is None:
                    await self.cluster.release(table_id)
                    return None
            events = await self.db(self.storage.events, table_id)
            try:
                table = self._play_of_game(record.game).load(record, events)
            except (SevenRocksError, KeyError, TypeError, ValueError) as err:
                log.error("table %s cannot be rebuilt from storage: %s", table_id, err)
                if self.cluster is not None:
                    await self.cluster.release(table_id)
                return None
            self._make_bots(table)
            await self.clocks.restore(table, events)
            self.tables[table_id] = table
        self._kick(table)
        return table

    async def _load(self, record: TableRecord) -> LiveTable | None:
        """``record``'s table rebuilt from its stored events, to read only (not kept, no bots)."""
        events = await self.db(self.storage.events, record.id)
        try:
            return self._play_of_game(record.game).load(record, events)
        except (SevenRocksError, KeyError, TypeError, ValueError) as err:
            log.error("table %s cannot be rebuilt from storage: %s", record.id, err)
            return None

    async def peek(self, table_id: str) -> LiveTable | None:
        """The table with ``table_id`` to read (lists, summaries): as :meth:`get`, but a table
        another server process owns is read from storage as its owner last stored it."""
        try:
            return await self.get(table_id)
        except OwnedElsewhere:
            record = await self.db(self.storage.table, table_id)
            return None if record is None else await self._load(record)

    async def drop(self, table_id: str) -> None:
        """Let go of a table this process no longer owns (its lease ran out and another process
        took it): stop its bots and clocks, and close its browsers' sockets with
        :data:`CLOSE_MOVED` so that their pages reconnect to the new owner."""
        table = self.tables.pop(table_id, None)
        if table is None:
            return
        table.closed = True
        if table.bot_task is not None:
            table.bot_task.cancel()
        self.clocks.sync(table)
        for conn in list(table.connections):
            asyncio.get_running_loop().create_task(conn.end(CLOSE_MOVED, "the table moved to another server"))

    async def seat_links(self, table: LiveTable) -> list[dict[str, Any]]:
        """Each person's seat: ``claimed``, and the invitation ``token`` only while unclaimed."""
        async with table.lock:
            out = []
            for seat, info in enumerate(table.record.seats):
                if info["kind"] != "human":
                    continue
                entry: dict[str, Any] = {"seat": seat, "name": info["name"], "claimed": table.claimed(seat)}
                if not entry["claimed"] and table.record.status != "over":
                    entry["token"] = info["token"]
                out.append(entry)
            return out

    async def invite(self, table: LiveTable, seat: int) -> str:
        """A new invitation for a person's seat nobody has claimed; the old one stops working."""
        async with table.lock:
            if not 0 <= seat < len(table.record.seats):
                raise ProtocolError(
                    N_("a seat is 0 to {last}, not {seat}"), seat=seat, last=len(table.record.seats) - 1
                )
            if table.record.status == "over":
                raise ProtocolError(N_("the match is over"), "match_over")
            if not table.human(seat):
                raise ProtocolError(N_("seat {seat} is already a bot"), "not_human", seat=seat)
            if table.claimed(seat):
                raise ProtocolError(
                    N_("seat {seat} was taken by its player's browser: it cannot be given to anyone else"),
                    "claimed",
                    seat=seat,
                )
            token = new_secret()
            seats = [dict(s) for s in table.record.seats]
            seats[seat]["token"] = token
            await self.db(self.storage.update_table, table.id, seats=seats)
            table.record.seats = seats
            return token

    # -------------------------------------------------------------- connections
    async def join(
        self,
        table: LiveTable,
        *,
        token: str | None,
        session: str | None,
        admin: str | None,
        send: Send,
        close: Close,
        lang: str = "en",
        account: str | None = None,
        area: str | None = None,
        ghosts: str | None = None,
    ) -> Connection:
        """Check a browser's secrets and attach it to ``table``, all under the table's lock.

        ``session`` (the secret a browser was given when it claimed a seat) holds that seat;
        ``token`` (a seat's invitation) claims the seat if nobody has, and the answer's welcome
        then carries the new ``session``; neither: a spectator. ``admin``: the creator's rights.
        ``account``: the user name the browser is logged in as (``None``: a guest). ``area``:
        the page's board area, ``WIDTHxHEIGHT`` in pixels (:func:`~sevenrocks.web.protocol.parse_area`):
        the layout is drawn for it on the board that shows the tiles biggest there (a bad one
        is answered with an error message, and the layout drawn on every board). ``ghosts``:
        ``1`` when the page draws ghost tiles (:func:`~sevenrocks.web.protocol.parse_ghosts`):
        its seat's moves come with their ghosts (a bad value is answered with an error message,
        and no ghosts sent). Raises :class:`JoinRefused`.
        """
        async with table.lock:
            if table.closed:
                raise JoinRefused(
                    N_("no table {table}"), "unknown_table", CLOSE_UNKNOWN, table=repr(table.id)
                )
            if admin is not None and not table.is_admin(admin):
                raise JoinRefused(N_("this creator link is not valid"), "bad_token", CLOSE_FORBIDDEN)
            if len(table.connections) >= self.settings.connections_per_table:
                raise JoinRefused(
                    N_("this table already has {count} browsers connected; try again later"),
                    "table_full",
                    CLOSE_FULL,
                    count=self.settings.connections_per_table,
                )
            seat, fresh = await self._claim(table, token, session, account)
            rate = self.settings.messages_per_second
            conn = Connection(
                seat,
                admin is not None,
                send,
                lang,
                close=close,
                limit=self.settings.outbox_messages,
                rate=TokenBucket(rate, max(2 * rate, 1)),
            )
            table.connections.append(conn)
            welcome: dict[str, Any] = {
                "type": "welcome",
                "table": table.id,
                "seat": seat,
                "admin": conn.admin,
                "name": None if seat is None else table.record.seats[seat]["name"],
            }
            if fresh is not None:
                welcome["session"] = fresh
            conn.send(welcome)
            if area is not None:
                try:
                    conn.area = parse_area(area, "the socket's area")
                except ProtocolError as err:  # said, and the layout drawn on every board
                    conn.send(error_message(err.translated(conn.lang), err.code))
            if ghosts is not None:
                try:
                    conn.ghosts = parse_ghosts(ghosts)
                except ProtocolError as err:  # said, and no ghosts sent
                    conn.send(error_message(err.translated(conn.lang), err.code))
            self.send_state(table, conn)
            await self.chat.joined(table, conn)
            if seat is not None:
                self._seats_changed(table, skip=conn)
                if fresh is None:
                    await self._touch(table)
            return conn

    async def _claim(
        self, table: LiveTable, token: str | None, session: str | None, account: str | None = None
    ) -> tuple[int | None, str | None]:
        """The seat a browser holds (and the new session secret if it claims it now)."""
        if session:
            seat = table.seat_of_session(session)
            if seat is None:
                raise JoinRefused(
                    N_("this browser no longer holds a seat at this table (it was given to a bot)"),
                    "bad_session",
                    CLOSE_FORBIDDEN,
                )
            return seat, None
        if not token:
            return None, None
        seat = table.seat_of_token(token)
        if seat is None:
            raise JoinRefused(
                N_("this seat link is not valid (or the seat was given to a bot)"),
                "bad_token",
                CLOSE_FORBIDDEN,
            )
        if table.claimed(seat):
            raise JoinRefused(
                N_(
                    "seat {seat} was taken by the browser that first opened this link: only that browser "
                    "can play it (if it was you, open the link again in that browser)"
                ),
                "seat_taken",
                CLOSE_FORBIDDEN,
                seat=seat,
            )
        await self.hooks.claiming(table, seat, account)
        fresh = new_session()
        seats = [dict(s) for s in table.record.seats]
        seats[seat]["session"] = session_hash(fresh)
        if account is not None:  # a logged-in player: the seat is theirs, under their user name
            seats[seat]["account"] = seats[seat]["name"] = account
        await self.db(self.storage.update_table, table.id, seats=seats, joined=True)
        table.record.seats = seats
        table.record.joined = True
        await self.hooks.claimed(table, seat, account)
        return seat, fresh

    async def _touch(self, table: LiveTable) -> None:
        try:
            await self.db(self.storage.touch, table.id)
        except Exception:  # only the clean-up's clock: never worth refusing a person for
            log.exception("table %s: its last activity could not be stored", table.id)

    async def leave(self, table: LiveTable, conn: Connection) -> None:
        """Forget a browser; its seat stays its own (or a bot's, if the creator seats one)."""
        async with table.lock:
            if conn in table.connections:
                table.connections.remove(conn)
                if conn.seat is not None:
                    if not table.connected(conn.seat):
                        table.ready.discard(conn.seat)
                    self._seats_changed(table)
                    if not table.closed and table.record.status != "over":
                        await self._touch(table)  # a finished table's last activity is not asked
            await self._maybe_next_hand(table)
            self._forget_if_idle(table)
        await conn.close()

    def _forget_if_idle(self, table: LiveTable) -> None:
        """Drop a finished table nobody watches from memory (it is reloaded from storage on demand)."""
        if table.record.status == "over" and not table.connections and self.tables.get(table.id) is table:
            del self.tables[table.id]
            if self.cluster is not None:
                asyncio.get_running_loop().create_task(self.cluster.release(table.id))

    def admit(self, conn: Connection, at: float | None = None) -> bool:
        """Whether a message from ``conn`` that arrived at ``at`` (``time.monotonic``; by default
        now) is within its rate — counted when it arrived, not when it is handled, so messages
        that waited behind a slow one are not refused for it; the first refused message of a run
        gets a ``too_fast`` error."""
        allowed, tell = conn.allow(at)
        if not allowed and tell:
            message = translate(
                N_("too many messages: at most {rate} a second; the rest are ignored"),
                {"rate": f"{self.settings.messages_per_second:g}"},
                conn.lang,
            )
            conn.send(error_message(message, "too_fast"))
        return allowed

    async def serve(self, table: LiveTable, conn: Connection, inbox: Inbox) -> None:
        """Handle the messages of ``conn`` from ``inbox`` in order (those within its rate) until
        ``None`` (the browser left) or the connection is dropped; then forget the browser.

        Whoever holds the socket reads it into ``inbox`` as its messages arrive
        (:class:`~sevenrocks.web.inbox.SocketReader`), apart from this.
        """
        try:
            while not conn.dropped:
                arrived = await inbox.get()
                if arrived is None:
                    break
                at, raw = arrived
                if self.admit(conn, at):
                    await self.handle(table, conn, raw)
                    await asyncio.sleep(0)  # let the connection's outbox send before the next message
        finally:
            await self.leave(table, conn)

    async def handle(self, table: LiveTable, conn: Connection, raw: str | bytes) -> None:
        """Act on one raw message from ``conn`` that :meth:`admit` let in; refused messages get an
        ``error`` reply only."""
        try:
            intent = parse_message(raw, self.max_message_bytes)
        except ProtocolError as err:
            conn.send(error_message(err.translated(conn.lang), err.code))
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
        if isinstance(intent, ChatIntent | MuteIntent):  # the chat keeps its own order, not the table's lock
            await self.chat.act(table, conn, intent)
            return
        async with table.lock:
            if table.closed:
                raise ProtocolError(N_("this table was closed"), "table_closed")
            if conn.seat is not None and not isinstance(intent, SyncIntent):
                self.clocks.present(table, conn.seat)  # a seat away (its time ran out) is back
            if isinstance(intent, PlayIntent):
                await self.play_of(table).play(table, conn, intent)
            elif isinstance(intent, StartIntent):
                if not conn.admin:
                    raise ProtocolError(N_("only the table's creator can start the match"), "forbidden")
                await self.hooks.starting(table)
                await self.play_of(table).start(table)
            elif isinstance(intent, NextHandIntent):
                await self._next_hand_intent(table, conn)
            elif isinstance(intent, HundredIntent):
                await self.play_of(table).hundred(table, conn, intent.declare)
            elif isinstance(intent, ReplaceIntent):
                await self._replace(table, conn, intent)
            elif isinstance(intent, SyncIntent):
                if intent.board is not None or intent.area is not None:
                    conn.board, conn.area = intent.board, intent.area
                self.send_state(table, conn)
            elif isinstance(intent, BackIntent) and conn.seat is None:
                raise ProtocolError(N_("spectators have no seat to come back to"), "forbidden")
            # BackIntent from a seat: it is back already (self.clocks.present above)

    # ------------------------------------------------------------------ intents
    async def start(self, table: LiveTable) -> None:
        """Start the match of ``table`` (the creator's HTTP call or message)."""
        async with table.lock:
            if table.closed:
                raise ProtocolError(N_("this table was closed"), "table_closed")
            await self.hooks.starting(table)
            await self.play_of(table).start(table)

    def _people_ready(self, table: LiveTable) -> bool:
        """True when the next hand may be dealt: every connected person has seen the settlement
        (a table of bots only: at once; people all away: never)."""
        humans = [s for s, info in enumerate(table.record.seats) if info["kind"] == "human"]
        return not humans or (
            any(table.connected(s) for s in humans)
            and all(s in table.ready or self.clocks.is_away(table, s) for s in humans if table.connected(s))
        )

    async def _next_hand_intent(self, table: LiveTable, conn: Connection) -> None:
        if conn.seat is None:
            raise ProtocolError(N_("spectators do not start hands"), "forbidden")
        if not self.play_of(table).waiting(table):
            raise ProtocolError(N_("there is no finished hand to move on from"), "not_waiting")
        table.ready.add(conn.seat)
        self._seats_changed(table)
        await self._maybe_next_hand(table)

    async def _maybe_next_hand(self, table: LiveTable) -> None:
        """Deal the next hand once every connected person has seen the settlement.

        A table with no person connected (bots only) moves on by itself.
        """
        if not self.play_of(table).waiting(table) or self._closing or table.closed:
            return
        humans = [s for s, info in enumerate(table.record.seats) if info["kind"] == "human"]
        present = [s for s in humans if table.connected(s)]
        if humans and not present:
            return  # wait for the people to come back
        if all(s in table.ready or self.clocks.is_away(table, s) for s in present):  # away: a stand-in
            if not present and self.bot_delay:
                self._kick(table)  # bots only: the bot loop pauses, then deals
                return
            await self.play_of(table).deal(table)
            self._after_change(table)

    async def _replace(self, table: LiveTable, conn: Connection, intent: ReplaceIntent) -> None:
        if not conn.admin:
            raise ProtocolError(N_("only the table's creator can seat a bot for a player"), "forbidden")
        if not 0 <= intent.seat < len(table.record.seats):
            raise ProtocolError(
                N_("a seat is 0 to {last}, not {seat}"), seat=intent.seat, last=len(table.record.seats) - 1
            )
        if intent.bot not in BOT_NAMES:
            raise ProtocolError(
                N_("unknown bot level {bot}: use one of {known}"),
                bot=repr(intent.bot[:40]),
                known=", ".join(sorted(BOT_NAMES)),
            )
        check_bot(intent.bot, table.record.game, intent.seat)
        if table.record.status == "over" or (table.match is not None and table.match.is_over):
            raise ProtocolError(N_("the match is over: its players stay as they were"), "match_over")
        info = table.record.seats[intent.seat]
        if info["kind"] != "human":
            raise ProtocolError(N_("seat {seat} is already a bot"), "not_human", seat=intent.seat)
        if table.connected(intent.seat):
            raise ProtocolError(
                N_("the player of seat {seat} is still connected"), "still_connected", seat=intent.seat
            )
        await self.seat_bots(table, {intent.seat: intent.bot})

    async def seat_bots(self, table: LiveTable, bots: dict[int, str], *, stand_in: bool = True) -> None:
        """Give each person's seat of ``bots`` to that bot level (the caller holds the table's lock
        and has checked the seats and levels). A ``stand_in`` is named for the person it replaces
        ("greedy bot (for Leyla)"); otherwise it has the level's own name (a seat nobody took)."""
        seats = [dict(s) for s in table.record.seats]
        for seat, bot in bots.items():
            name = f"{bot} bot (for {seats[seat]['name']})"[:80] if stand_in else f"{bot} bot"
            seats[seat] = {"kind": "bot", "name": name, "bot": bot}
            table.ready.discard(seat)
        await self.db(self.storage.update_table, table.id, seats=seats)
        table.record.seats = seats
        self._make_bots(table)
        self._after_change(table)
        await self._maybe_next_hand(table)

    async def discard(self, table: LiveTable, text: str) -> None:
        """Close ``table`` and delete it from storage; its browsers are told ``text`` (a message id,
        translated for each) and disconnected. The caller holds :attr:`load_lock` and the table's
        lock."""
        table.closed = True
        if table.bot_task is not None:
            table.bot_task.cancel()
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
        await self.db(self.storage.delete_table, table.id)
        if self.cluster is not None:
            await self.cluster.release(table.id)
        for conn in table.connections:
            conn.send(error_message(translate(text, None, conn.lang), "table_closed"))
            asyncio.get_running_loop().create_task(conn.end(CLOSE_GONE, "table closed"))

    # -------------------------------------------------------------------- bots
    def _after_change(self, table: LiveTable) -> None:
        self._broadcast(table)
        self._kick(table)
        if table.record.status == "over":
            self.hooks.finished(table)

    def _kick(self, table: LiveTable) -> None:
        """Start the bot loop of ``table`` if a bot has something to do and none is running."""
        self.clocks.sync(table)
        if self._closing or table.closed or (table.bot_task is not None and not table.bot_task.done()):
            return
        play = self.play_of(table)
        if play.bot_work(table):
            table.bot_task = asyncio.get_running_loop().create_task(play.bot_loop(table))

    # --------------------------------------------------------------- messages
    def state_for(
        self, table: LiveTable, seat: int | None, lang: str = "en", boards: tuple[str, ...] | None = None
    ) -> dict[str, Any]:
        """The ``state`` message for one seat (or a spectator, ``seat`` None), its texts in ``lang``
        and its layout drawn on ``boards`` (``None``: every board), with the table's ``clock``
        (:meth:`~sevenrocks.web.clocks.Clocks.annotate`)."""
        return self.clocks.annotate(table, self.play_of(table).state(table, seat, lang, boards))

    def send_state(self, table: LiveTable, conn: Connection) -> None:
        """Send ``conn`` its whole ``state``, drawn on its boards."""
        boards = conn.shown = self.play_of(table).boards(table, conn)
        conn.send(self.state_for(table, conn.seat, conn.lang, boards))

    def _broadcast(self, table: LiveTable) -> None:
        if not table.connections:
            return
        play = self.play_of(table)
        cache: dict[tuple[int | None, str, tuple[str, ...] | None], str] = {}
        for conn in table.connections:
            boards = conn.shown = play.boards(table, conn)
            key = (conn.seat, conn.lang, boards)
            message = cache.get(key)
            if message is None:  # as JSON once for every connection it goes to
                message = cache[key] = json_text(self.state_for(table, conn.seat, conn.lang, boards))
            conn.send(message)

    def announce(self, table: LiveTable, build: Callable[[int | None, str], dict[str, Any] | str]) -> None:
        """Send every connection of ``table`` the message ``build(seat, lang)`` makes for it (an
        object, or its JSON text), each built once per seat and language; for a message without
        the layout's drawing (:meth:`announce_drawn` for one with it)."""
        if not table.connections:
            return
        cache: dict[tuple[int | None, str], str] = {}
        for conn in table.connections:
            key = (conn.seat, conn.lang)
            message = cache.get(key)
            if message is None:
                message = cache[key] = json_text(build(conn.seat, conn.lang))
            conn.send(message)

    def announce_drawn(self, table: LiveTable, build: Build) -> None:
        """Send every connection of ``table`` the message ``build(seat, lang, boards, whole)``
        makes for it (an object, or its JSON text), with the layout's drawing, each built once
        for each seat, language and drawing: ``boards`` the boards its layout is drawn on
        (``None``: every board), ``whole`` when the connection was last sent a drawing on other
        boards (or none), so that a patch of the drawing would not fit what it holds."""
        if not table.connections:
            return
        play = self.play_of(table)
        cache: dict[tuple[int | None, str, tuple[str, ...] | None, bool], str] = {}
        for conn in table.connections:
            boards = play.boards(table, conn)
            key = (conn.seat, conn.lang, boards, conn.shown != boards)
            conn.shown = boards
            message = cache.get(key)
            if message is None:
                message = cache[key] = json_text(build(*key))
            conn.send(message)

    def _seats_changed(self, table: LiveTable, skip: Connection | None = None) -> None:
        """Tell every connection (but ``skip``) who is connected, claimed and ready: a small
        ``seats`` message, not a whole state."""
        if not table.connections:
            return
        message = json_text({"type": "seats", "table": table.id, "seats": table.public_seats()})
        for conn in table.connections:
            if conn is not skip:
                conn.send(message)


#: What :meth:`TableService.announce` builds a connection's message with: its seat, language,
#: boards and whether the whole drawing is sent.
Build = Callable[[int | None, str, tuple[str, ...] | None, bool], dict[str, Any] | str]


def _kind(intent: ClientMessage) -> str:
    return {
        PlayIntent: "play",
        StartIntent: "start",
        NextHandIntent: "next_hand",
        ReplaceIntent: "replace",
        HundredIntent: "hundred",
        SyncIntent: "sync",
        Ping: "ping",
        ChatIntent: "chat",
        MuteIntent: "mute",
        BackIntent: "back",
    }[type(intent)]
