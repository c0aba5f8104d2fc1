"""Table ids and secrets: how they are made, their shape, and how they are compared.

Everything a client sends as an id or a secret is checked against its known shape before it is
compared or looked up, so a NUL byte, non-ASCII text or a megabyte of text never reaches the
database or :func:`secrets.compare_digest`.

>>> is_table_id(new_table_id()), is_table_id("abc"), is_table_id("a\\x00b" * 4)
(True, False, False)
>>> same_secret("é" * 24, new_secret())
False
>>> len(session_hash(new_session())) == 64
True
"""

from __future__ import annotations

import hashlib
import re
import secrets
from typing import Final

__all__ = [
    "is_secret",
    "is_table_id",
    "new_secret",
    "new_session",
    "new_table_id",
    "same_secret",
    "session_hash",
]

#: A table id: 12 characters of the URL-safe base64 alphabet (72 random bits).
_TABLE_ID: Final = re.compile(r"[A-Za-z0-9_-]{12}")
#: A secret (seat invitation, creator, browser session): 16 to 64 URL-safe characters.
_SECRET: Final = re.compile(r"[A-Za-z0-9_-]{16,64}")


def new_table_id() -> str:
    """A fresh table id."""
    return secrets.token_urlsafe(9)


def new_secret() -> str:
    """A fresh seat invitation or creator secret (144 random bits)."""
    return secrets.token_urlsafe(18)


def new_session() -> str:
    """A fresh secret binding a seat to the browser that claimed it (192 random bits)."""
    return secrets.token_urlsafe(24)


def is_table_id(text: object) -> bool:
    """True if ``text`` has the shape of a table id."""
    return isinstance(text, str) and _TABLE_ID.fullmatch(text) is not None


def is_secret(text: object) -> bool:
    """True if ``text`` has the shape of a secret."""
    return isinstance(text, str) and _SECRET.fullmatch(text) is not None


def same_secret(given: object, known: object) -> bool:
    """True if ``given`` is the secret ``known``, compared in constant time (false for any bad shape)."""
    if not is_secret(given) or not isinstance(known, str) or not known:
        return False
    assert isinstance(given, str)
    return secrets.compare_digest(given.encode(), known.encode())


def session_hash(session: str) -> str:
    """What is stored of a browser's session secret: its SHA-256, so the database cannot be used
    to take a claimed seat."""
    return hashlib.sha256(session.encode()).hexdigest()
