"""Settings of the web app, read from the environment (or given directly in tests).

>>> s = Settings.from_env({"SEVENROCKS_DATABASE_URL": "sqlite:///x.db", "SEVENROCKS_BOT_DELAY": "0"})
>>> s.database_url, s.bot_delay, s.max_message_bytes
('sqlite:///x.db', 0.0, 4096)
>>> Settings.from_env({"SEVENROCKS_MAX_MESSAGE_BYTES": "1.5"})
Traceback (most recent call last):
...
sevenrocks.web.settings.SettingsError: SEVENROCKS_MAX_MESSAGE_BYTES must be a whole number, not '1.5'
>>> Settings.from_env({"SEVENROCKS_DEAL_SEED": "6"}).deal_seed, Settings.from_env({}).deal_seed
(6, None)
>>> Settings.from_env({"SEVENROCKS_DEAL_SEED": "-1"})
Traceback (most recent call last):
...
sevenrocks.web.settings.SettingsError: SEVENROCKS_DEAL_SEED must be a whole number, not '-1'
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Final

__all__ = [
    "DEFAULT_DATABASE_URL",
    "ENV_NAMES",
    "FRAME_CEILING",
    "Settings",
    "SettingsError",
    "check_shared_database",
]

#: A SQLite file in the working directory: nothing to install or configure.
DEFAULT_DATABASE_URL: Final = "sqlite:///sevenrocks.db"
#: WebSocket messages larger than this are not read at all: the server closes the connection with
#: code 1009 (message too big). Messages between the size limit and this get a ``too_large`` error.
FRAME_CEILING: Final = 1024 * 1024


class SettingsError(ValueError):
    """A setting with a value that cannot be used."""


@dataclass(frozen=True)
class Settings:
    """How the web app stores tables, paces its bots, and bounds what each client can make it do.

    ``database_url``: an SQLAlchemy URL (``sqlite:///path.db``, ``postgresql+psycopg://...``).
    ``bot_delay``: seconds a bot waits before it places, so people can follow the play.
    ``max_message_bytes``: the largest WebSocket message and HTTP request body, in bytes (UTF-8).
    ``messages_per_second``: what one connection may send on average (bursts of twice as many).
    ``outbox_messages``: messages waiting for a connection that does not read; one more drops it.
    ``new_tables_per_hour``: tables one client address may make in any hour.
    ``max_live_tables``: tables waiting to start or being played, all clients together.
    ``connections_per_table``: browsers (players and spectators) at one table at once.
    ``idle_table_seconds``: a table nobody has joined or played in for this long, with nobody
    seated at it, is closed (removed, unless its match was finished).
    ``deal_seed``: for demonstrations and tests only, the seed of every table's deals, lots and
    bots (the tables made after the start, in order, play the same matches again); unset, they
    are unpredictable, as they must be for real play.
    ``review_workers``: match reviews (``Review`` on the replay page) analysed at once; more wait.
    ``review_think``: seconds of search per placement of a review.
    ``hint_think``: seconds of search for a hint at a practice table.
    ``quick_wait``: seconds a quick match waits for people before bots take the seats still empty.
    ``redis_url``: with a shared database, the Redis server through which several server
    processes share the tables (``docs/deploy.md``); ``None``: this process holds every table.
    ``node``: this process's name among them (unset: host name, process id and a random part).
    ``lease_seconds``: how long a process's hold on a table lasts unless renewed (renewed every
    fifth of it): after a process dies, another takes its tables within about this time.
    ``ping_seconds``: every connection is pinged this often, and closed when its pong has not come
    within as long again (a browser that went away without closing, a network that dropped it).
    ``compression``: the WebSocket messages are compressed (permessage-deflate, when the browser
    offers it): a tenth of the bytes, but a compressor's state for every connection (some 40 KiB
    each), about a fifth of the server's processor time a placement, and at 1,000 tables a
    latency tail several times longer (``docs/benchmarks.md``). Off by default: a seat at a
    human pace receives a few KiB a placement uncompressed; a server whose players' bandwidth
    is dear turns it on.
    """

    database_url: str = DEFAULT_DATABASE_URL
    bot_delay: float = 0.7
    max_message_bytes: int = 4096
    messages_per_second: float = 10.0
    outbox_messages: int = 64
    new_tables_per_hour: int = 30
    max_live_tables: int = 1000
    connections_per_table: int = 32
    idle_table_seconds: float = 24 * 3600.0
    deal_seed: int | None = None
    review_workers: int = 1
    review_think: float = 0.2
    hint_think: float = 0.5
    quick_wait: float = 30.0
    redis_url: str | None = None
    node: str = ""
    lease_seconds: float = 5.0
    ping_seconds: float = 20.0
    compression: bool = False

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """Read the ``SEVENROCKS_...`` variables of :data:`ENV_NAMES` (unset or empty: the default)."""
        env = os.environ if env is None else env
        url = env.get("SEVENROCKS_DATABASE_URL", "").strip() or DEFAULT_DATABASE_URL
        values: dict[str, float | int] = {}
        for item in fields(cls):
            name = ENV_NAMES.get(item.name)
            if name is None or item.name in _TEXTS or item.name in _SWITCHES:
                continue
            default = getattr(cls, item.name)
            values[item.name] = _number(env, name, default, positive=item.name != "bot_delay")
        seed = env.get(ENV_NAMES["deal_seed"], "").strip()
        if seed and not (seed.isascii() and seed.isdigit()):
            raise SettingsError(f"SEVENROCKS_DEAL_SEED must be a whole number, not {seed!r}")
        redis_url = env.get(ENV_NAMES["redis_url"], "").strip() or None
        if redis_url is not None and not redis_url.startswith(("redis://", "rediss://", "unix://")):
            schemes = "redis://, rediss:// or unix://"
            raise SettingsError(f"SEVENROCKS_REDIS_URL must start with {schemes}, not {redis_url[:60]!r}")
        node = env.get(ENV_NAMES["node"], "").strip()
        if node and not all(c.isascii() and (c.isalnum() or c in "-_.") for c in node):
            raise SettingsError(f"SEVENROCKS_NODE must be letters, digits, '-', '_' or '.': {node[:60]!r}")
        switches = {item: _switch(env, ENV_NAMES[item], getattr(cls, item)) for item in _SWITCHES}
        return cls(
            database_url=url,
            **switches,
            deal_seed=int(seed) if seed else None,
            redis_url=redis_url,
            node=node[:64],
            **values,  # type: ignore[arg-type]
        )


def check_shared_database(settings: Settings) -> None:
    """Raise :class:`SettingsError` when several server processes would not share one database.

    >>> check_shared_database(Settings(redis_url="redis://localhost"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sevenrocks.web.settings.SettingsError: SEVENROCKS_REDIS_URL shares tables ... not SQLite
    """
    if settings.redis_url is not None and settings.database_url.startswith("sqlite"):
        raise SettingsError(
            "SEVENROCKS_REDIS_URL shares tables between server processes, which must share one "
            "database too: set SEVENROCKS_DATABASE_URL to a PostgreSQL URL "
            "(postgresql+psycopg://...), not SQLite"
        )


#: The environment variable of each setting.
ENV_NAMES: Final = {
    "database_url": "SEVENROCKS_DATABASE_URL",
    "bot_delay": "SEVENROCKS_BOT_DELAY",
    "max_message_bytes": "SEVENROCKS_MAX_MESSAGE_BYTES",
    "messages_per_second": "SEVENROCKS_MESSAGES_PER_SECOND",
    "outbox_messages": "SEVENROCKS_OUTBOX_MESSAGES",
    "new_tables_per_hour": "SEVENROCKS_NEW_TABLES_PER_HOUR",
    "max_live_tables": "SEVENROCKS_MAX_LIVE_TABLES",
    "connections_per_table": "SEVENROCKS_CONNECTIONS_PER_TABLE",
    "idle_table_seconds": "SEVENROCKS_IDLE_TABLE_SECONDS",
    "deal_seed": "SEVENROCKS_DEAL_SEED",
    "review_workers": "SEVENROCKS_REVIEW_WORKERS",
    "review_think": "SEVENROCKS_REVIEW_THINK",
    "hint_think": "SEVENROCKS_HINT_THINK",
    "quick_wait": "SEVENROCKS_QUICK_WAIT",
    "redis_url": "SEVENROCKS_REDIS_URL",
    "node": "SEVENROCKS_NODE",
    "lease_seconds": "SEVENROCKS_LEASE_SECONDS",
    "ping_seconds": "SEVENROCKS_PING_SECONDS",
    "compression": "SEVENROCKS_COMPRESSION",
}
#: the settings read as text, not numbers
_TEXTS: Final = ("database_url", "deal_seed", "redis_url", "node")
#: the settings that are on or off (``1``/``0``, ``true``/``false``, ``yes``/``no``, ``on``/``off``)
_SWITCHES: Final = ("compression",)


def switch_value(text: str) -> bool | None:
    """What a switch's text says: ``True`` for ``1``, ``true``, ``yes``, ``on``; ``False`` for
    ``0``, ``false``, ``no``, ``off`` (any case, spaces around); ``None`` for anything else.

    >>> switch_value(" On "), switch_value("0"), switch_value("maybe")
    (True, False, None)
    """
    said = text.strip().lower()
    if said in ("1", "true", "yes", "on"):
        return True
    if said in ("0", "false", "no", "off"):
        return False
    return None


def _switch(env: Mapping[str, str], name: str, default: bool) -> bool:
    text = env.get(name, "").strip()
    if not text:
        return default
    value = switch_value(text)
    if value is None:
        raise SettingsError(f"{name} must be 1 or 0 (on or off), not {text.lower()[:40]!r}")
    return value


def _number(env: Mapping[str, str], name: str, default: float, *, positive: bool) -> float | int:
    text = env.get(name, "").strip()
    if not text:
        return default
    whole = isinstance(default, int)
    try:
        if not text.isascii():
            raise ValueError(text)
        value: float | int = int(text) if whole else float(text)
    except ValueError:
        kind = "a whole number" if whole else "a number"
        raise SettingsError(f"{name} must be {kind}, not {text!r}") from None
    if not math.isfinite(value):
        raise SettingsError(f"{name} must be a finite number, not {text!r}")
    if value < 0 or (positive and value == 0):
        raise SettingsError(f"{name} must be {'above zero' if positive else 'zero or more'}, not {text!r}")
    return value
