"""Storage of tables and their matches with SQLAlchemy (SQLite by default, PostgreSQL by URL).

A table row holds who sits where; every deal and every placement is appended as an event row
as it happens, so the match of any table can be rebuilt exactly after a restart. Each table row
also knows when anything last happened at it (``last_active``) and whether anyone has joined it,
for the lobby and for closing tables nobody uses (:meth:`Storage.stale_tables`).

>>> store = Storage("sqlite://")
>>> store.create_table(TableRecord("t1", 250, [{"kind": "bot", "name": "b", "bot": "random"}] * 4, "adm"))
>>> store.append_event("t1", 0, "hand", {"deal": [], "leader": 0})
>>> [e.kind for e in store.events("t1")], store.table("t1").status
(['hand'], 'open')
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
    and_,
    bindparam,
    create_engine,
    delete,
    event,
    false,
    func,
    insert,
    inspect,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import ArgumentError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, sessionmaker

from sevenrocks.core.games import DEFAULT_GAME

__all__ = [
    "ChatRecord",
    "EventRecord",
    "EventWrite",
    "ReviewRecord",
    "Storage",
    "StorageError",
    "TableRecord",
]


class StorageError(RuntimeError):
    """The database cannot be opened or used."""


class _Base(DeclarativeBase):
    pass


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class _TableRow(_Base):
    __tablename__ = "sevenrocks_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=_now)
    finished_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    target: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16), default="open", index=True)
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    admin_token: Mapped[str] = mapped_column(String(64))
    winner: Mapped[int | None] = mapped_column(Integer, nullable=True)
    scores: Mapped[list[int]] = mapped_column(JSON, default=lambda: [0, 0])
    last_active: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    joined: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    game: Mapped[str] = mapped_column(String(32), default=DEFAULT_GAME, server_default=DEFAULT_GAME)
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict, server_default="{}")
    practice: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    public: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    quick: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True), nullable=True)


class _ReviewRow(_Base):
    """A finished match's review (``docs/analysis.md``): its state and, once done, the analysis."""

    __tablename__ = "sevenrocks_reviews"

    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    status: Mapped[str] = mapped_column(String(16))
    think: Mapped[float] = mapped_column(Float)
    finished_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    error: Mapped[str | None] = mapped_column(String(500), nullable=True)
    analysis: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)


class _ClockRow(_Base):
    """A timed table's time control and its clocks (``sevenrocks.web.clocks``), saved at each turn's start."""

    __tablename__ = "sevenrocks_clocks"

    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    control: Mapped[dict[str, Any]] = mapped_column(JSON)
    state: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)


class _EventRow(_Base):
    __tablename__ = "sevenrocks_events"
    __table_args__ = (UniqueConstraint("table_id", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("sevenrocks_tables.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)


class _ChatRow(_Base):
    """A line of a table's chat (``kind`` ``line``), or the creator muting or unmuting its
    spectators (``kind`` ``mute``); deleted with the table (``docs/web.md``, Table chat)."""

    __tablename__ = "sevenrocks_chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(String(32), index=True)
    kind: Mapped[str] = mapped_column(String(16))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=_now)


@dataclass(frozen=True)
class ChatRecord:
    """One stored row of a table's chat: its number (in the order written), ``kind`` (``line`` or
    ``mute``), its data and when it was written."""

    id: int
    kind: str
    data: dict[str, Any]
    created_at: dt.datetime


@dataclass
class TableRecord:
    """A stored table: its seats (``kind`` human or bot, ``name``, ``bot``, ``token``) and state."""

    id: str
    target: int
    seats: list[dict[str, Any]]
    admin_token: str
    status: str = "open"
    winner: int | None = None
    scores: list[int] = field(default_factory=lambda: [0, 0])
    created_at: dt.datetime | None = None
    finished_at: dt.datetime | None = None
    joined: bool = False
    game: str = DEFAULT_GAME
    """The game's id (``sevenrocks games``); tables stored before the family are Seven Rocks."""
    options: dict[str, Any] = field(default_factory=dict)
    """The options the creator chose (the game's defaults fill in the rest)."""
    practice: bool = False
    """A practice table: its players may ask for hints (``docs/web.md``)."""
    public: bool = False
    """A public table: the lobby lists its free seats and anyone may take one."""
    quick: dict[str, Any] | None = None
    """A quick-match table (``web/quick_match.py``): ``bot`` (the level that fills the seats still
    empty), ``fill_at`` (when, ISO time) and ``ratings`` (seat → rating of who took it)."""


@dataclass(frozen=True)
class ReviewRecord:
    """A finished match's review: ``status`` ``done`` (with the ``analysis``, the JSON of
    ``sevenrocks analyse --json``) or ``failed`` (with the ``error``), searched ``think`` seconds a
    placement. A review being made is not stored until it ends."""

    table_id: str
    status: str
    think: float
    finished_at: dt.datetime | None = None
    error: str | None = None
    analysis: dict[str, Any] | None = None


@dataclass(frozen=True)
class EventWrite:
    """An event to append (:meth:`Storage.append_events`): its table, number, kind and data, and
    the table row's ``fields`` to change in the same commit."""

    table_id: str
    seq: int
    kind: str
    data: dict[str, Any]
    fields: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class EventRecord:
    """One stored event of a table: ``hand`` (a deal, its boneyard and its leader), ``play``, or
    ``hundred`` (Sea Goat: a seat declared a voluntary hundred before the lead)."""

    seq: int
    kind: str
    data: dict[str, Any]


def _record(row: _TableRow) -> TableRecord:
    return TableRecord(
        id=row.id,
        target=row.target,
        seats=[dict(s) for s in row.seats],
        admin_token=row.admin_token,
        status=row.status,
        winner=row.winner,
        scores=list(row.scores),
        created_at=row.created_at,
        finished_at=row.finished_at,
        joined=bool(row.joined),
        game=row.game or DEFAULT_GAME,
        options=dict(row.options or {}),
        practice=bool(row.practice),
        public=bool(row.public),
        quick=dict(row.quick) if row.quick else None,
    )


class Storage:
    """Synchronous access to the database; the web service calls it from one worker thread."""

    def __init__(self, url: str) -> None:
        try:
            parsed = make_url(url)
        except ArgumentError:
            raise StorageError(f"not a database URL: {url!r} (e.g. sqlite:///sevenrocks.db)") from None
        kwargs: dict[str, Any] = {}
        if parsed.get_backend_name() == "sqlite":
            kwargs["connect_args"] = {"check_same_thread": False}
            if parsed.database and parsed.database != ":memory:":
                Path(parsed.database).expanduser().parent.mkdir(parents=True, exist_ok=True)
            else:
                from sqlalchemy.pool import StaticPool

                kwargs["poolclass"] = StaticPool
        try:
            self.engine: Engine = create_engine(url, **kwargs)
        except Exception as err:  # a missing driver, a bad option
            raise StorageError(f"cannot open the database {url!r}: {err}") from err
        if parsed.get_backend_name() == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        try:
            _Base.metadata.create_all(self.engine)
            self._add_new_columns()
        except Exception as err:
            raise StorageError(f"cannot use the database {url!r}: {err}") from err
        self._session = sessionmaker(self.engine, expire_on_commit=False)

    def close(self) -> None:
        """Release the connections."""
        self.engine.dispose()

    def _add_new_columns(self) -> None:
        """Bring a database made by an older version up to date (columns added since)."""
        have = {column["name"] for column in inspect(self.engine).get_columns(_TableRow.__tablename__)}
        dialect = self.engine.dialect
        with self.engine.begin() as conn:
            for name in ("last_active", "joined", "game", "options", "practice", "public", "quick"):
                if name in have:
                    continue
                column = _TableRow.__table__.c[name]
                kind = column.type.compile(dialect=dialect)
                default = ""
                if name in ("joined", "practice", "public"):
                    value = false().compile(dialect=dialect, compile_kwargs={"literal_binds": True})
                    default = f" NOT NULL DEFAULT {value}"
                elif name == "game":
                    default = f" NOT NULL DEFAULT '{DEFAULT_GAME}'"
                elif name == "options":
                    default = " DEFAULT '{}'"
                conn.execute(text(f"ALTER TABLE {_TableRow.__tablename__} ADD COLUMN {name} {kind}{default}"))
            if "last_active" not in have:
                conn.execute(update(_TableRow).values(last_active=_TableRow.created_at))

    # ---------------------------------------------------------------- tables
    def create_table(self, table: TableRecord) -> None:
        """Store a new table."""
        with self._session.begin() as session:
            session.add(
                _TableRow(
                    id=table.id,
                    target=table.target,
                    seats=table.seats,
                    admin_token=table.admin_token,
                    status=table.status,
                    scores=list(table.scores),
                    game=table.game,
                    options=dict(table.options),
                    practice=table.practice,
                    public=table.public,
                    quick=table.quick,
                    created_at=table.created_at or _now(),
                    last_active=table.created_at or _now(),
                )
            )

    def update_table(self, table_id: str, **values: Any) -> None:
        """Change stored fields of a table (``status``, ``seats``, ``joined``...); it was active now.
        One statement, no read first (a seat's claim is one at every join)."""
        with self.engine.begin() as conn:
            done = conn.execute(
                update(_TableRow).where(_TableRow.id == table_id).values(**values, last_active=_now())
            )
            if done.rowcount != 1:
                raise StorageError(f"no table {table_id!r} is stored")

    def touch(self, table_id: str) -> None:
        """Note that something happened at a table now (a person came or went)."""
        with self._session.begin() as session:
            session.execute(update(_TableRow).where(_TableRow.id == table_id).values(last_active=_now()))

    def table(self, table_id: str) -> TableRecord | None:
        """The stored table, or ``None``."""
        with self._session() as session:
            row = session.get(_TableRow, table_id)
            return None if row is None else _record(row)

    def tables(self, statuses: tuple[str, ...], limit: int = 100) -> list[TableRecord]:
        """Tables in any of ``statuses``, newest first."""
        with self._session() as session:
            rows = session.scalars(
                select(_TableRow)
                .where(_TableRow.status.in_(statuses))
                .order_by(_TableRow.created_at.desc())
                .limit(limit)
            )
            return [_record(row) for row in rows]

    def table_ids(self, statuses: tuple[str, ...], limit: int = 10_000) -> list[str]:
        """The ids of tables in any of ``statuses`` (only the ids: cheap to ask often)."""
        with self._session() as session:
            return list(
                session.scalars(select(_TableRow.id).where(_TableRow.status.in_(statuses)).limit(limit))
            )

    def lobby_tables(self, limit: int = 50) -> list[TableRecord]:
        """Tables worth watching, the most recently active first: matches being played, tables
        waiting to start that someone has joined (a table made and never opened is not listed), and
        public tables waiting for players."""
        with self._session() as session:
            rows = session.scalars(
                select(_TableRow)
                .where(
                    or_(
                        _TableRow.status == "playing",
                        and_(
                            _TableRow.status == "open",
                            or_(_TableRow.joined.is_(True), _TableRow.public.is_(True)),
                        ),
                    )
                )
                .order_by(_TableRow.last_active.desc(), _TableRow.id)
                .limit(limit)
            )
            return [_record(row) for row in rows]

    def quick_tables(self, game: str | None = None, limit: int = 200) -> list[TableRecord]:
        """Quick-match tables waiting to start (of ``game``, or all), the oldest first."""
        with self._session() as session:
            query = select(_TableRow).where(_TableRow.status == "open", _TableRow.quick.is_not(None))
            if game is not None:
                query = query.where(_TableRow.game == game)
            rows = session.scalars(query.order_by(_TableRow.created_at, _TableRow.id).limit(limit))
            return [_record(row) for row in rows]

    def count_live(self) -> int:
        """How many tables are waiting to start or being played."""
        with self._session() as session:
            count = session.scalar(
                select(func.count()).select_from(_TableRow).where(_TableRow.status.in_(("open", "playing")))
            )
            return int(count or 0)

    def stale_tables(self, before: dt.datetime, limit: int = 1000) -> list[str]:
        """Ids of tables waiting to start or being played where nothing happened since ``before``."""
        with self._session() as session:
            rows = session.scalars(
                select(_TableRow.id)
                .where(_TableRow.status.in_(("open", "playing")), _TableRow.last_active < before)
                .order_by(_TableRow.last_active)
                .limit(limit)
            )
            return list(rows)

    def delete_table(self, table_id: str) -> None:
        """Remove a table and its events."""
        with self._session.begin() as session:
            session.execute(delete(_EventRow).where(_EventRow.table_id == table_id))
            session.execute(delete(_ReviewRow).where(_ReviewRow.table_id == table_id))
            session.execute(delete(_ChatRow).where(_ChatRow.table_id == table_id))
            session.execute(delete(_ClockRow).where(_ClockRow.table_id == table_id))
            session.execute(delete(_TableRow).where(_TableRow.id == table_id))

    # ---------------------------------------------------------------- events
    def append_event(self, table_id: str, seq: int, kind: str, data: dict[str, Any], **table: Any) -> None:
        """Append event ``seq`` of a table (and update its row's fields ``table`` in the same commit)."""
        with self.engine.begin() as conn:
            self._write(conn, [EventWrite(table_id, seq, kind, data, table)])

    def append_events(self, writes: list[EventWrite]) -> list[Exception | None]:
        """Append the events of many tables in one short transaction; return, for each, ``None``
        (stored) or the error that kept it out.

        If the shared transaction fails, each event is tried again on its own
        (:meth:`append_event`), so one table's bad write never costs another table its own.
        """
        if len(writes) > 1:
            try:
                with self.engine.begin() as conn:
                    self._write(conn, writes)
                return [None] * len(writes)
            except Exception:  # one of them is refused: find which, alone
                pass
        errors: list[Exception | None] = []
        for w in writes:
            try:
                self.append_event(w.table_id, w.seq, w.kind, w.data, **w.fields)
                errors.append(None)
            except Exception as err:
                errors.append(err)
        return errors

    @staticmethod
    def _write(conn: Any, writes: list[EventWrite]) -> None:
        """The statements of :meth:`append_events`: one insert of every event, then the table rows
        (no read first): one update of ``last_active`` for every table whose event changes nothing
        else in its row (a placement in the middle of a hand), one update each for the others."""
        conn.execute(
            _INSERT_EVENTS,
            [{"table_id": w.table_id, "seq": w.seq, "kind": w.kind, "data": w.data} for w in writes],
        )
        now = _now()
        touched = sorted({w.table_id for w in writes if not w.fields})
        if touched:
            done = conn.execute(_TOUCH_TABLES, {"ids": touched, "now": now})
            if done.rowcount != len(touched):
                if len(touched) == 1:
                    raise StorageError(f"no table {touched[0]!r} is stored")
                raise StorageError(f"one of the tables {', '.join(map(repr, touched))} is not stored")
        for w in writes:
            if w.fields:
                done = conn.execute(
                    update(_TableRow).where(_TableRow.id == w.table_id).values(**w.fields, last_active=now)
                )
                if done.rowcount != 1:
                    raise StorageError(f"no table {w.table_id!r} is stored")

    def events(self, table_id: str) -> list[EventRecord]:
        """Every stored event of a table, in order."""
        with self._session() as session:
            rows = session.scalars(
                select(_EventRow).where(_EventRow.table_id == table_id).order_by(_EventRow.seq)
            )
            return [EventRecord(row.seq, row.kind, dict(row.data)) for row in rows]

    # ------------------------------------------------------------------ chat
    def add_chat(self, table_id: str, kind: str, data: dict[str, Any]) -> ChatRecord:
        """Store a row of a table's chat (``line`` or ``mute``); return it with its number."""
        with self._session.begin() as session:
            row = _ChatRow(table_id=table_id, kind=kind, data=data, created_at=_now())
            session.add(row)
            session.flush()
            return ChatRecord(row.id, row.kind, dict(row.data), row.created_at)

    def chat(self, table_id: str, limit: int = 50) -> tuple[list[ChatRecord], bool | None, int]:
        """A table's latest ``limit`` chat lines (oldest first), whether its spectators are muted
        (the latest ``mute`` row says; ``None``: the creator never chose), and how many lines it
        has in all."""
        with self._session() as session:
            rows = session.scalars(
                select(_ChatRow)
                .where(_ChatRow.table_id == table_id, _ChatRow.kind == "line")
                .order_by(_ChatRow.id.desc())
                .limit(limit)
            )
            lines = [ChatRecord(r.id, r.kind, dict(r.data), r.created_at) for r in rows][::-1]
            mute = session.scalars(
                select(_ChatRow)
                .where(_ChatRow.table_id == table_id, _ChatRow.kind == "mute")
                .order_by(_ChatRow.id.desc())
                .limit(1)
            ).first()
            count = session.scalar(
                select(func.count())
                .select_from(_ChatRow)
                .where(_ChatRow.table_id == table_id, _ChatRow.kind == "line")
            )
            muted = None if mute is None else bool(mute.data.get("muted"))
            return lines, muted, int(count or 0)

    # --------------------------------------------------------------- reviews
    def save_review(self, review: ReviewRecord) -> None:
        """Store (or replace) a match's review."""
        with self._session.begin() as session:
            row = session.get(_ReviewRow, review.table_id)
            if row is None:
                row = _ReviewRow(table_id=review.table_id)
                session.add(row)
            row.status = review.status
            row.think = review.think
            row.finished_at = review.finished_at
            row.error = review.error[:500] if review.error else None
            row.analysis = review.analysis

    def review(self, table_id: str) -> ReviewRecord | None:
        """A match's stored review, or ``None``."""
        with self._session() as session:
            row = session.get(_ReviewRow, table_id)
            if row is None:
                return None
            return ReviewRecord(
                row.table_id,
                row.status,
                float(row.think),
                row.finished_at,
                row.error,
                None if row.analysis is None else dict(row.analysis),
            )

    # ---------------------------------------------------------------- clocks
    def save_clock(self, table_id: str, control: dict[str, Any], state: dict[str, Any]) -> None:
        """Store (or replace) a timed table's time control and the state of its clocks."""
        with self._session.begin() as session:
            row = session.get(_ClockRow, table_id)
            if row is None:
                row = _ClockRow(table_id=table_id)
                session.add(row)
            row.control = dict(control)
            row.state = dict(state)

    def clock(self, table_id: str) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """A timed table's stored time control and clocks, or ``None`` (a table without a clock)."""
        with self._session() as session:
            row = session.get(_ClockRow, table_id)
            return None if row is None else (dict(row.control), dict(row.state or {}))


#: The statements of every group commit (:meth:`Storage.append_events`), built once: building
#: them anew for each commit cost as much processor time as the database's own work.
_INSERT_EVENTS: Final = insert(_EventRow)
_TOUCH_TABLES: Final = (
    update(_TableRow)
    .where(_TableRow.id.in_(bindparam("ids", expanding=True)))
    .values(last_active=bindparam("now"))
)


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()
