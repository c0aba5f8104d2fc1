"""Settings of the web app, read from the environment (or given directly in tests).

>>> s = Settings.from_env({"SEVENROCKS_DATABASE_URL": "sqlite:///x.db", "SEVENROCKS_BOT_DELAY": "0"})
>>> s.database_url, s.bot_delay
('sqlite:///x.db', 0.0)
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

__all__ = ["DEFAULT_DATABASE_URL", "Settings", "SettingsError"]

#: A SQLite file in the working directory: nothing to install or configure.
DEFAULT_DATABASE_URL: Final = "sqlite:///sevenrocks.db"


class SettingsError(ValueError):
    """A setting with a value that cannot be used."""


@dataclass(frozen=True)
class Settings:
    """How the web app stores tables and paces its bots.

    ``database_url``: an SQLAlchemy URL (``sqlite:///path.db``, ``postgresql+psycopg://...``).
    ``bot_delay``: seconds a bot waits before it places, so people can follow the play.
    ``max_message_bytes``: larger WebSocket messages are refused with an error.
    """

    database_url: str = DEFAULT_DATABASE_URL
    bot_delay: float = 0.7
    max_message_bytes: int = 4096

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """Read ``SEVENROCKS_DATABASE_URL``, ``SEVENROCKS_BOT_DELAY``, ``SEVENROCKS_MAX_MESSAGE_BYTES``."""
        env = os.environ if env is None else env
        url = env.get("SEVENROCKS_DATABASE_URL", "").strip() or DEFAULT_DATABASE_URL
        return cls(
            database_url=url,
            bot_delay=_number(env, "SEVENROCKS_BOT_DELAY", cls.bot_delay, float),
            max_message_bytes=int(_number(env, "SEVENROCKS_MAX_MESSAGE_BYTES", cls.max_message_bytes, int)),
        )


def _number(env: Mapping[str, str], name: str, default: float, kind: type[float] | type[int]) -> float:
    text = env.get(name, "").strip()
    if not text:
        return default
    try:
        value = kind(text)
    except ValueError:
        raise SettingsError(f"{name} must be a number, not {text!r}") from None
    if value < 0:
        raise SettingsError(f"{name} must not be negative, not {text!r}")
    return value
