"""Storage of accounts, their log-in sessions, their seats and their ratings (SQLAlchemy).

The tables live in the same database as the tables of play (:class:`~sevenrocks.web.storage.Storage`)
and are made beside them when the app starts:

* ``sevenrocks_accounts``: a user name (``name`` as written, ``key``: its case-folded form, unique),
  the Argon2 hash of its password, its language, and its current rating (``mu``, ``sigma``).
* ``sevenrocks_login_sessions``: a log-in session: the SHA-256 of the cookie's secret (never the
  secret itself), its account, its CSRF token, when it ends.
* ``sevenrocks_account_seats``: which seat of which table an account took.
* ``sevenrocks_rated_tables``: the tables made rated, and when their match was rated.
* ``sevenrocks_rating_history``: an account's rating after each rated match.

>>> store = AccountStore.in_memory()
>>> account = store.create_account("Leyla", "hash", "tr")
>>> store.account("leyla").name, store.account("LEYLA").language
('Leyla', 'tr')
>>> store.create_account("LEYLA", "x", "en")
Traceback (most recent call last):
...
sevenrocks.web.accounts_store.NameTaken: Leyla
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlalchemy import (
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
    create_engine,
    delete,
    desc,
    func,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, sessionmaker
from sqlalchemy.pool import StaticPool

from sevenrocks.web.storage import TableRecord, _record, _TableRow

__all__ = [
    "Account",
    "AccountStore",
    "HistoryPoint",
    "NameTaken",
    "SeatOfAccount",
    "name_key",
]


class NameTaken(ValueError):
    """A user name (compared without case) that another account already has."""


def name_key(name: str) -> str:
    """The form of a user name that two accounts may not share (case-folded)."""
    return name.casefold()


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class _Base(DeclarativeBase):
    pass


class _AccountRow(_Base):
    __tablename__ = "sevenrocks_accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(64))
    key: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    language: Mapped[str] = mapped_column(String(8), default="en")
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=_now)
    mu: Mapped[float | None] = mapped_column(Float, nullable=True)
    sigma: Mapped[float | None] = mapped_column(Float, nullable=True)
    rated_matches: Mapped[int] = mapped_column(Integer, default=0)


class _LoginRow(_Base):
    __tablename__ = "sevenrocks_login_sessions"

    id_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("sevenrocks_accounts.id"), index=True)
    csrf: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=_now)
    expires_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


class _SeatRow(_Base):
    __tablename__ = "sevenrocks_account_seats"
    __table_args__ = (UniqueConstraint("table_id", "seat"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("sevenrocks_accounts.id"), index=True)
    table_id: Mapped[str] = mapped_column(String(32), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    taken_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=_now)


class _RatedRow(_Base):
    __tablename__ = "sevenrocks_rated_tables"

    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=_now)
    rated_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class _HistoryRow(_Base):
    __tablename__ = "sevenrocks_rating_history"
    __table_args__ = (UniqueConstraint("account_id", "table_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("sevenrocks_accounts.id"), index=True)
    table_id: Mapped[str] = mapped_column(String(32))
    at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=_now)
    mu_before: Mapped[float] = mapped_column(Float)
    sigma_before: Mapped[float] = mapped_column(Float)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)


@dataclass(frozen=True)
class Account:
    """An account: its id, user name (as written), password hash, language and rating (``None``
    until its first rated match)."""

    id: int
    name: str
    password_hash: str
    language: str
    created_at: dt.datetime | None = None
    mu: float | None = None
    sigma: float | None = None
    rated_matches: int = 0


@dataclass(frozen=True)
class HistoryPoint:
    """An account's rating after one rated match (and before it)."""

    table_id: str
    at: dt.datetime
    mu_before: float
    sigma_before: float
    mu: float
    sigma: float


@dataclass(frozen=True)
class SeatOfAccount:
    """A seat an account took, with its table as stored."""

    seat: int
    table: TableRecord
    rated: bool


def _account(row: _AccountRow) -> Account:
    return Account(
        row.id,
        row.name,
        row.password_hash,
        row.language,
        row.created_at,
        row.mu,
        row.sigma,
        int(row.rated_matches or 0),
    )


class AccountStore:
    """Synchronous access to the account tables of ``engine`` (made if missing); the web app calls
    it on its storage thread."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        _Base.metadata.create_all(engine)
        self._session = sessionmaker(engine, expire_on_commit=False)

    @classmethod
    def in_memory(cls) -> AccountStore:
        """A store in a private SQLite database in memory (examples and tests)."""
        engine = create_engine("sqlite://", poolclass=StaticPool, connect_args={"check_same_thread": False})
        _TableRow.metadata.create_all(engine)  # the tables of play, which seats refer to
        return cls(engine)

    # -------------------------------------------------------------- accounts
    def create_account(self, name: str, password_hash: str, language: str) -> Account:
        """Store a new account; :class:`NameTaken` if the name (without case) is taken."""
        try:
            with self._session.begin() as session:
                row = _AccountRow(
                    name=name, key=name_key(name), password_hash=password_hash, language=language
                )
                session.add(row)
                session.flush()
                return _account(row)
        except IntegrityError:
            taken = self.account(name)
            raise NameTaken(taken.name if taken else name) from None

    def account(self, name: str) -> Account | None:
        """The account called ``name`` (any case), or ``None``."""
        with self._session() as session:
            row = session.scalar(select(_AccountRow).where(_AccountRow.key == name_key(name)))
            return None if row is None else _account(row)

    def account_by_id(self, account_id: int) -> Account | None:
        """The account with ``account_id``, or ``None``."""
        with self._session() as session:
            row = session.get(_AccountRow, account_id)
            return None if row is None else _account(row)

    def set_password(self, account_id: int, password_hash: str) -> None:
        """Change an account's password hash."""
        with self._session.begin() as session:
            session.execute(
                update(_AccountRow).where(_AccountRow.id == account_id).values(password_hash=password_hash)
            )

    def set_language(self, account_id: int, language: str) -> None:
        """Change an account's language."""
        with self._session.begin() as session:
            session.execute(update(_AccountRow).where(_AccountRow.id == account_id).values(language=language))

    # -------------------------------------------------------------- sessions
    def add_login(self, id_hash: str, account_id: int, csrf: str, expires_at: dt.datetime) -> None:
        """Store a new log-in session (the SHA-256 of its secret)."""
        with self._session.begin() as session:
            session.add(_LoginRow(id_hash=id_hash, account_id=account_id, csrf=csrf, expires_at=expires_at))

    def login(self, id_hash: str) -> tuple[Account, str] | None:
        """The account and CSRF token of a log-in session still valid, or ``None``."""
        with self._session() as session:
            row = session.get(_LoginRow, id_hash)
            if row is None or _aware(row.expires_at) <= _now():
                return None
            account = session.get(_AccountRow, row.account_id)
            return None if account is None else (_account(account), row.csrf)

    def end_login(self, id_hash: str) -> None:
        """Forget a log-in session (log-out)."""
        with self._session.begin() as session:
            session.execute(delete(_LoginRow).where(_LoginRow.id_hash == id_hash))

    def end_logins_of(self, account_id: int) -> int:
        """Forget every log-in session of an account (after a password reset); how many there were."""
        with self._session.begin() as session:
            done = session.execute(delete(_LoginRow).where(_LoginRow.account_id == account_id))
            return int(getattr(done, "rowcount", 0) or 0)

    def end_expired_logins(self) -> None:
        """Forget the log-in sessions whose time is over."""
        with self._session.begin() as session:
            session.execute(delete(_LoginRow).where(_LoginRow.expires_at <= _now()))

    # ----------------------------------------------------------------- seats
    def add_seat(self, account_id: int, table_id: str, seat: int) -> None:
        """Note that an account took ``seat`` at a table."""
        with self._session.begin() as session:
            session.add(_SeatRow(account_id=account_id, table_id=table_id, seat=seat))

    def seats_of(self, account_id: int, limit: int = 30) -> list[SeatOfAccount]:
        """The seats an account took, the newest first, with their tables."""
        with self._session() as session:
            rows = session.execute(
                select(_SeatRow.seat, _TableRow, _RatedRow.table_id)
                .join(_TableRow, _TableRow.id == _SeatRow.table_id)
                .outerjoin(_RatedRow, _RatedRow.table_id == _SeatRow.table_id)
                .where(_SeatRow.account_id == account_id)
                .order_by(desc(_SeatRow.taken_at), desc(_SeatRow.id))
                .limit(limit)
            ).all()
            return [SeatOfAccount(seat, _record(table), rated is not None) for seat, table, rated in rows]

    def table_accounts(self, table_id: str) -> dict[int, Account]:
        """The accounts seated at a table, by seat."""
        with self._session() as session:
            rows = session.execute(
                select(_SeatRow.seat, _AccountRow)
                .join(_AccountRow, _AccountRow.id == _SeatRow.account_id)
                .where(_SeatRow.table_id == table_id)
            ).all()
            return {seat: _account(row) for seat, row in rows}

    # --------------------------------------------------------------- ratings
    def mark_rated(self, table_id: str) -> None:
        """Make a table rated."""
        with self._session.begin() as session:
            session.add(_RatedRow(table_id=table_id))

    def is_rated(self, table_id: str) -> bool:
        """True if the table was made rated."""
        with self._session() as session:
            return session.get(_RatedRow, table_id) is not None

    def unrated_finished(self, limit: int = 1000) -> list[str]:
        """Rated tables whose match is over and not rated yet (a server stopped in between)."""
        with self._session() as session:
            rows = session.scalars(
                select(_RatedRow.table_id)
                .join(_TableRow, _TableRow.id == _RatedRow.table_id)
                .where(_RatedRow.rated_at.is_(None), _TableRow.status == "over")
                .limit(limit)
            )
            return list(rows)

    def record_rating(self, table_id: str, ratings: dict[int, tuple[float, float]]) -> bool:
        """Store the new ratings (account id → mu, sigma) of a rated match and its history, once:
        ``False`` (nothing written) if the match was rated already."""
        with self._session.begin() as session:
            marker = session.get(_RatedRow, table_id, with_for_update=True)
            if marker is None or marker.rated_at is not None:
                return False
            marker.rated_at = _now()
            for account_id, (mu, sigma) in ratings.items():
                row = session.get(_AccountRow, account_id)
                if row is None:
                    continue
                before_mu, before_sigma = _rating_of(row)
                session.add(
                    _HistoryRow(
                        account_id=account_id,
                        table_id=table_id,
                        mu_before=before_mu,
                        sigma_before=before_sigma,
                        mu=mu,
                        sigma=sigma,
                    )
                )
                row.mu, row.sigma = mu, sigma
                row.rated_matches = int(row.rated_matches or 0) + 1
            return True

    def history(self, account_id: int, limit: int = 200) -> list[HistoryPoint]:
        """An account's ratings after its latest ``limit`` rated matches, oldest first."""
        with self._session() as session:
            rows = session.scalars(
                select(_HistoryRow)
                .where(_HistoryRow.account_id == account_id)
                .order_by(desc(_HistoryRow.at), desc(_HistoryRow.id))
                .limit(limit)
            ).all()
            return [
                HistoryPoint(r.table_id, _aware(r.at), r.mu_before, r.sigma_before, r.mu, r.sigma)
                for r in reversed(rows)
            ]

    def rated_accounts(self, limit: int = 100) -> list[Account]:
        """Accounts with at least one rated match, best ordinal (mu − 3 sigma) first."""
        with self._session() as session:
            ordinal = _AccountRow.mu - 3 * _AccountRow.sigma
            rows = session.scalars(
                select(_AccountRow)
                .where(_AccountRow.rated_matches > 0)
                .order_by(desc(ordinal), _AccountRow.key)
                .limit(limit)
            )
            return [_account(row) for row in rows]

    def count_accounts(self) -> int:
        """How many accounts there are."""
        with self._session() as session:
            return int(session.scalar(select(func.count()).select_from(_AccountRow)) or 0)


def _rating_of(row: _AccountRow) -> tuple[float, float]:
    from sevenrocks.web.ratings import NEW_MU, NEW_SIGMA

    if row.mu is None or row.sigma is None:
        return NEW_MU, NEW_SIGMA
    return float(row.mu), float(row.sigma)


def _aware(when: dt.datetime) -> dt.datetime:
    """SQLite gives back naive times (stored in UTC)."""
    return when if when.tzinfo is not None else when.replace(tzinfo=dt.UTC)
