"""Accounts: user names and passwords, log-in sessions, CSRF tokens, the log-in rate limit, and
the ratings of rated tables (see ``docs/accounts.md``).

* **Passwords** are hashed with Argon2id (``argon2-cffi``'s defaults); a hash made with older
  parameters is made again at the next log-in.
* **Sessions.** Logging in makes a new random session secret (a browser's old one, if any, is
  forgotten: no fixation). The cookie ``sevenrocks_session`` holds it, ``HttpOnly``,
  ``SameSite=Lax``, and ``Secure`` when the page was asked for over https (or always, with
  ``SEVENROCKS_SECURE_COOKIES=1``); the database keeps only its SHA-256. A session lasts
  :data:`SESSION_DAYS` days; logging out ends it at once.
* **CSRF.** Every form (and the lobby's rated tables) sends a token: a logged-in browser's is its
  session's own; before logging in, a random one in the ``sevenrocks_csrf`` cookie (``SameSite=Strict``)
  that the form must repeat. A post from another site's page is refused (its ``Origin`` too).
* **Brute force.** After :data:`FAILURES_PER_NAME` wrong passwords for one user name, or
  :data:`FAILURES_PER_ADDRESS` from one client address, within :data:`FAILURE_SECONDS`, log-ins
  for that name (or from that address) are refused, even with the right password, until the
  window has passed.

>>> check_name("  Leyla_7 ")
'Leyla_7'
>>> check_name("a b")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
sevenrocks.web.protocol.ProtocolError: a user name is 3 to 24 letters, digits, ...
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import os
import re
import secrets
import time
import unicodedata
from collections import OrderedDict, deque
from typing import Any, Final

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from starlette.requests import HTTPConnection

from sevenrocks.core.games import DEFAULT_GAME
from sevenrocks.i18n import LANGUAGES, N_
from sevenrocks.web.accounts_store import Account, AccountStore, NameTaken, name_key
from sevenrocks.web.hooks import ServiceHooks
from sevenrocks.web.keys import is_secret, new_session, session_hash
from sevenrocks.web.limits import MAX_ADDRESSES, Clock
from sevenrocks.web.protocol import ProtocolError
from sevenrocks.web.ratings import BOT_ANCHORS, rate_match

__all__ = [
    "CSRF_COOKIE",
    "FAILURES_PER_ADDRESS",
    "FAILURES_PER_NAME",
    "FAILURE_SECONDS",
    "SESSION_COOKIE",
    "SESSION_DAYS",
    "Accounts",
    "FailureWindow",
    "check_name",
    "check_password",
    "hash_password",
    "same_origin",
]

log = logging.getLogger("sevenrocks.web")

SESSION_COOKIE: Final = "sevenrocks_session"
CSRF_COOKIE: Final = "sevenrocks_csrf"
SESSION_DAYS: Final = 30
FAILURES_PER_NAME: Final = 5
FAILURES_PER_ADDRESS: Final = 20
FAILURE_SECONDS: Final = 15 * 60.0
MIN_PASSWORD: Final = 8
MAX_PASSWORD: Final = 256
_NAME: Final = re.compile(r"[^\W_][\w.-]{2,23}")
_HASHER: Final = PasswordHasher()
# verified when a user name is unknown, so an unknown name takes as long as a wrong password
_DUMMY_HASH: Final = _HASHER.hash("not a password of anyone")


def check_name(name: object) -> str:
    """A user name as stored (Unicode NFC, spaces around removed), or a :class:`ProtocolError`
    saying what is wrong with it."""
    text = unicodedata.normalize("NFC", name.strip()) if isinstance(name, str) else ""
    if not _NAME.fullmatch(text) or not text.isprintable():
        raise ProtocolError(
            N_(
                "a user name is 3 to 24 letters, digits, dots, dashes or underscores, starting with a "
                "letter or digit"
            ),
            "bad_name",
        )
    return text


def check_password(password: object, name: str) -> str:
    """The password if it may be used by ``name``, else a :class:`ProtocolError` saying why."""
    if not isinstance(password, str) or not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise ProtocolError(
            N_("a password is {least} to {most} characters long"),
            "bad_password",
            least=MIN_PASSWORD,
            most=MAX_PASSWORD,
        )
    if password.casefold() == name.casefold():
        raise ProtocolError(N_("the password cannot be the user name"), "bad_password")
    return password


def hash_password(password: str) -> str:
    """The Argon2id hash of ``password`` (slow on purpose: call it off the event loop)."""
    return _HASHER.hash(password)


def _verify(stored: str, password: str) -> tuple[bool, str | None]:
    """Whether ``password`` matches the hash ``stored``, and a new hash if ``stored`` is outdated."""
    try:
        _HASHER.verify(stored, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False, None
    return True, (_HASHER.hash(password) if _HASHER.check_needs_rehash(stored) else None)


class FailureWindow:
    """Failures per key (a user name, a client address) in any ``seconds``; at ``limit`` the key is
    blocked until its oldest failure is ``seconds`` old. Remembers a bounded number of keys.

    >>> clock = [0.0]
    >>> window = FailureWindow(limit=2, seconds=60, clock=lambda: clock[0])
    >>> window.fail("x"); window.blocked("x"), window.fail("x"), window.blocked("x")
    (0.0, None, 60.0)
    >>> clock[0] = 61.0
    >>> window.blocked("x")
    0.0
    """

    def __init__(self, limit: int, seconds: float, clock: Clock = time.monotonic) -> None:
        self.limit = limit
        self.seconds = seconds
        self._clock = clock
        self._seen: OrderedDict[str, deque[float]] = OrderedDict()

    def _times(self, key: str) -> deque[float]:
        times = self._seen.pop(key, None) or deque()
        now = self._clock()
        while times and times[0] <= now - self.seconds:
            times.popleft()
        self._seen[key] = times
        while len(self._seen) > MAX_ADDRESSES:
            self._seen.popitem(last=False)
        return times

    def fail(self, key: str) -> None:
        """Count a failure of ``key``."""
        self._times(key).append(self._clock())

    def blocked(self, key: str) -> float:
        """Seconds until ``key`` may try again (0: it may now)."""
        times = self._times(key)
        if len(times) < self.limit:
            return 0.0
        return max(0.0, times[-self.limit] + self.seconds - self._clock())


def same_origin(conn: HTTPConnection) -> bool:
    """False if the request says it comes from a page of another site (``Origin`` not this host).

    No ``Origin``, or ``null`` (what browsers send for a form posted from a page whose
    ``Referrer-Policy`` is ``no-referrer``, as all of this site's pages), says nothing: the CSRF
    token decides."""
    origin = conn.headers.get("origin")
    if not origin or origin == "null":
        return True
    host = conn.headers.get("host", "")
    return origin.split("://", 1)[-1].rstrip("/") == host


class Accounts(ServiceHooks):
    """The accounts of the app (kept in ``app.state.accounts``), and the table service's hooks for
    seats taken by accounts and for rated tables."""

    def __init__(self, service: Any, *, secure: bool | None = None) -> None:
        self.service = service
        self.store = AccountStore(service.storage.engine)
        env = os.environ.get("SEVENROCKS_SECURE_COOKIES", "").strip().lower()
        self.secure_always = secure if secure is not None else env in ("1", "true", "yes")
        self.names = FailureWindow(FAILURES_PER_NAME, FAILURE_SECONDS)
        self.addresses = FailureWindow(FAILURES_PER_ADDRESS, FAILURE_SECONDS)
        self._rating: set[str] = set()
        self._tasks: set[asyncio.Task[bool]] = set()

    async def db(self, fn: Any, *args: Any) -> Any:
        """Run a store call on the storage thread."""
        return await self.service.db(fn, *args)

    # ------------------------------------------------------------ accounts
    async def sign_up(self, name: object, password: object, language: str) -> Account:
        """Make an account (a :class:`ProtocolError` for a bad or taken name or a bad password)."""
        clean = check_name(name)
        check_password(password, clean)
        assert isinstance(password, str)
        hashed = await asyncio.to_thread(hash_password, password)
        lang = language if language in LANGUAGES else "en"
        try:
            account: Account = await self.db(self.store.create_account, clean, hashed, lang)
        except NameTaken as err:
            raise ProtocolError(
                N_("the user name {name} is taken: choose another"), "name_taken", name=str(err)
            ) from None
        return account

    async def log_in(self, name: object, password: object, address: str) -> Account:
        """The account whose ``name`` and ``password`` are given, or a :class:`ProtocolError`
        (``bad_login``; ``too_many_logins`` while the rate limit holds, whatever the password)."""
        try:
            clean: str | None = check_name(name)
        except ProtocolError:  # a name no account can have (a NUL byte...) is never looked for
            clean = None
        if clean is not None:
            key = name_key(clean)
        else:
            text = name.strip()[:64].casefold() if isinstance(name, str) else ""
            key = text if text.isprintable() else "?"
        wait = max(self.names.blocked(key), self.addresses.blocked(address))
        if wait > 0:
            raise ProtocolError(
                N_("too many failed log-ins: try again in {minutes} minutes"),
                "too_many_logins",
                minutes=max(1, round(wait / 60 + 0.49)),
            )
        account: Account | None = None if clean is None else await self.db(self.store.account, clean)
        given = password if isinstance(password, str) and len(password) <= MAX_PASSWORD else ""
        ok, rehashed = await asyncio.to_thread(
            _verify, account.password_hash if account else _DUMMY_HASH, given
        )
        if account is None or not ok:
            self.names.fail(key)
            self.addresses.fail(address)
            raise ProtocolError(N_("wrong user name or password"), "bad_login")
        if rehashed is not None:
            await self.db(self.store.set_password, account.id, rehashed)
        return account

    async def open_session(self, account: Account, old: str | None) -> tuple[str, str]:
        """A new session secret and CSRF token for ``account``; the browser's ``old`` secret ends."""
        if old and is_secret(old):
            await self.db(self.store.end_login, session_hash(old))
        secret, csrf = new_session(), secrets.token_urlsafe(24)
        until = dt.datetime.now(dt.UTC) + dt.timedelta(days=SESSION_DAYS)
        await self.db(self.store.add_login, session_hash(secret), account.id, csrf, until)
        return secret, csrf

    async def close_session(self, secret: str | None) -> None:
        """End a log-in session."""
        if secret and is_secret(secret):
            await self.db(self.store.end_login, session_hash(secret))

    async def current(self, conn: HTTPConnection) -> tuple[Account, str] | None:
        """The account a request (or WebSocket) is logged in as, and its CSRF token; ``None``: a guest."""
        secret = conn.cookies.get(SESSION_COOKIE)
        if not is_secret(secret):
            return None
        assert secret is not None
        found: tuple[Account, str] | None = await self.db(self.store.login, session_hash(secret))
        return found

    async def remember_language(self, conn: HTTPConnection, lang: str) -> None:
        """Keep the language a logged-in player chose as their account's."""
        found = await self.current(conn)
        if found is not None and found[0].language != lang:
            await self.db(self.store.set_language, found[0].id, lang)

    def secure(self, conn: HTTPConnection) -> bool:
        """Whether the session cookie gets ``Secure`` (https, or always if configured)."""
        return self.secure_always or conn.url.scheme in ("https", "wss")

    # ------------------------------------------------------------- rated tables
    async def check_rated(self, game: str, seats: list[Any], practice: bool, logged_in: bool) -> None:
        """Refuse a rated table that cannot be rated (a :class:`ProtocolError` saying why)."""
        if not logged_in:
            raise ProtocolError(N_("log in to make a rated table"), "log_in")
        if game != DEFAULT_GAME or len(seats) != 4:
            raise ProtocolError(N_("rated tables play Seven Rocks with four seats"), "not_rated")
        if practice:
            raise ProtocolError(N_("a practice table cannot be rated"), "not_rated")
        for seat, spec in enumerate(seats):
            if spec.kind == "bot" and spec.bot not in BOT_ANCHORS:
                raise ProtocolError(
                    N_("seat {seat}: bot level {bot} has no published rating"),
                    "not_rated",
                    seat=seat,
                    bot=repr(spec.bot[:40]),
                )

    async def _rated(self, table: Any) -> bool:
        """Whether ``table`` (a live table) is rated: asked of the store once, then kept on the
        table (a table is made rated before its link is given, and stays so)."""
        if table.rated is None:
            table.rated = await self.db(self.store.is_rated, table.id)
        return bool(table.rated)

    async def claiming(self, table: Any, seat: int, account: str | None) -> None:
        """At a rated table, a seat is only for a logged-in account not seated there yet."""
        if not await self._rated(table):
            return
        from sevenrocks.web.service import CLOSE_FORBIDDEN, JoinRefused

        if account is None:
            raise JoinRefused(N_("this table is rated: log in to take a seat"), "log_in", CLOSE_FORBIDDEN)
        for other, info in enumerate(table.record.seats):
            if other != seat and info.get("account") == account:
                raise JoinRefused(
                    N_("{name} already sits at this rated table (seat {seat})"),
                    "seat_taken",
                    CLOSE_FORBIDDEN,
                    name=account,
                    seat=other,
                )

    async def claimed(self, table: Any, seat: int, account: str | None) -> None:
        """Note the seat in the account's matches."""
        if account is None:
            return
        found = await self.db(self.store.account, account)
        if found is not None:
            await self.db(self.store.add_seat, found.id, table.id, seat)

    async def starting(self, table: Any) -> None:
        """A rated match starts only when every person's seat is held by an account."""
        if table.record.status != "open" or not await self._rated(table):
            return
        for seat, info in enumerate(table.record.seats):
            if info["kind"] == "human" and not info.get("account"):
                raise ProtocolError(
                    N_("this table is rated: seat {seat} must be taken by a logged-in player first"),
                    "not_ready",
                    seat=seat,
                )

    def finished(self, table: Any) -> None:
        """Rate the match of ``table`` (in the background, once) if the table is rated."""
        if table.id in self._rating:
            return
        self._rating.add(table.id)
        task = asyncio.get_running_loop().create_task(self.rate(table.id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def rate(self, table_id: str) -> bool:
        """Update the ratings of the accounts of a finished rated match (once); ``True`` if done now."""
        try:
            if not await self.db(self.store.is_rated, table_id):
                return False
            record = await self.db(self.service.storage.table, table_id)
            if record is None or record.status != "over":
                return False
            accounts: dict[int, Account] = await self.db(self.store.table_accounts, table_id)
            seats: list[tuple[str, str | None]] = []
            before: dict[str, tuple[float, float]] = {}
            for seat, info in enumerate(record.seats):
                if info["kind"] == "bot":
                    seats.append((f"bot {seat}", str(info.get("bot"))))
                elif seat in accounts:
                    account = accounts[seat]
                    seats.append((str(account.id), None))
                    if account.mu is not None and account.sigma is not None:
                        before[str(account.id)] = (account.mu, account.sigma)
                else:
                    log.warning("rated table %s: seat %s has no account; not rated", table_id, seat)
                    return False
            new = rate_match(seats, record.winner, before)
            done: bool = await self.db(
                self.store.record_rating, table_id, {int(key): value for key, value in new.items()}
            )
            return done
        except Exception:
            log.exception("rated table %s: the ratings could not be updated", table_id)
            self._rating.discard(table_id)
            return False

    async def catch_up(self) -> int:
        """Rate the finished rated matches not rated yet (the server stopped in between); forget
        the log-in sessions whose time is over."""
        await self.db(self.store.end_expired_logins)
        count = 0
        for table_id in await self.db(self.store.unrated_finished):
            if await self.rate(table_id):
                count += 1
        return count

    async def close(self) -> None:
        """Wait for the ratings being computed."""
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
