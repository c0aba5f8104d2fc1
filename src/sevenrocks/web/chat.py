"""Table chat: short messages between the players and spectators of one table.

A browser at a table sends ``{"type": "chat", "text": "..."}`` or, for one of the quick phrases,
``{"type": "chat", "phrase": "good_game"}`` (:data:`PHRASES`); everyone connected to that table,
and no other, gets a ``chat`` message with the line. A quick phrase travels as its id and is
shown in each reader's own language: a Turkish reader sees the Turkish words for an English
writer's click. The rules (checked here, refused with an ``error`` in the writer's language):

* a text is trimmed and then has 1 to :data:`MAX_CHAT` characters; control characters
  (line breaks, escape codes, bidi overrides) are refused, not silently removed;
* a connection writes at most :data:`CHAT_BURST` lines in any :data:`CHAT_WINDOW` seconds;
* the table's creator may mute the spectators (a table option at creation, and a ``mute``
  message during play): muted spectators still read the chat but cannot write;
* a table holds at most :data:`MAX_LINES` lines.

Lines are stored with the table (:meth:`~sevenrocks.web.storage.Storage.add_chat`) before anyone
hears of them, so after a restart a connecting browser still gets the latest :data:`HISTORY`
lines and whether spectators are muted (``chat_history``, sent after the ``state`` once the
table's chat holds anything: a line, or the creator's choice); they are deleted with the table. A line
carries who wrote it (the seat and its name, or "spectator") and what they wrote, nothing else
about the table. Pages show names and texts as text (never as HTML).

>>> check_text("  good luck  ")
'good luck'
>>> check_text("a\\x1b[2Jb")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
sevenrocks.web.protocol.ProtocolError: a chat message cannot hold control characters ...
>>> phrase_text("good_game", "tr")
'İyi oyundu'
"""

from __future__ import annotations

import asyncio
import time
import unicodedata
import weakref
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from sevenrocks.i18n import N_, translation
from sevenrocks.web.connection import Connection
from sevenrocks.web.names import shown_name
from sevenrocks.web.protocol import ChatIntent, MuteIntent, ProtocolError
from sevenrocks.web.storage import ChatRecord

if TYPE_CHECKING:
    from sevenrocks.web.service import LiveTable, TableService

__all__ = [
    "CHAT_BURST",
    "CHAT_WINDOW",
    "HISTORY",
    "MAX_CHAT",
    "MAX_LINES",
    "PHRASES",
    "TableChat",
    "check_text",
    "line_json",
    "phrase_text",
]

#: The longest chat line, in characters, once trimmed.
MAX_CHAT: Final = 200
#: Lines one connection may write in any :data:`CHAT_WINDOW` seconds.
CHAT_BURST: Final = 5
#: The window of the chat's rate limit, in seconds.
CHAT_WINDOW: Final = 10.0
#: The latest lines a connecting browser is sent.
HISTORY: Final = 50
#: Lines one table's chat holds at most (then it refuses more).
MAX_LINES: Final = 2000

#: The quick phrases: id -> the English words (translated for each reader).
PHRASES: Final[dict[str, str]] = {
    "hello": N_("Hello"),
    "good_luck": N_("Good luck"),
    "nice_move": N_("Nice move"),
    "well_played": N_("Well played"),
    "oops": N_("Oops"),
    "thanks": N_("Thanks"),
    "one_moment": N_("One moment, please"),
    "good_game": N_("Good game"),
}

# bidi embeddings, overrides and isolates, and the line and paragraph separators: they would
# reverse or break what follows them on the readers' pages
_BIDI_CONTROLS: Final = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u2028\u2029")


def _control(char: str) -> bool:
    return unicodedata.category(char) in ("Cc", "Cs") or char in _BIDI_CONTROLS


def check_text(text: str) -> str:
    """``text`` trimmed (and in NFC) if it may be said in a chat, else :class:`ProtocolError`."""
    text = unicodedata.normalize("NFC", text).strip()
    if not text:
        raise ProtocolError(N_("a chat message cannot be empty"), "chat_empty")
    if any(_control(char) for char in text):
        raise ProtocolError(
            N_("a chat message cannot hold control characters (line breaks, escape codes, direction marks)"),
            "chat_control",
        )
    if len(text) > MAX_CHAT:
        raise ProtocolError(
            N_("a chat message is at most {most} characters, not {count}"),
            "chat_too_long",
            most=MAX_CHAT,
            count=len(text),
        )
    return text


def phrase_text(phrase: str, lang: str) -> str:
    """The quick phrase ``phrase`` (an id of :data:`PHRASES`) in ``lang``."""
    return translation(lang).gettext(PHRASES[phrase])


def line_json(record: ChatRecord, lang: str) -> dict[str, Any]:
    """A stored chat line as a reader in ``lang`` sees it: its number ``n``, who wrote it
    (``seat`` and ``name``, ``spectator``, ``creator``), the ``text`` (a quick phrase in
    ``lang``, with its id as ``phrase``) and when (``at``, ISO 8601)."""
    data = record.data
    seat = data.get("seat")
    _ = translation(lang).gettext
    if seat is None:
        name = _("the table's creator") if data.get("creator") else _("spectator")
    else:
        name = shown_name({"kind": "human", "name": data.get("name") or ""}, int(seat), lang)
    phrase = data.get("phrase")
    text = phrase_text(phrase, lang) if phrase in PHRASES else str(data.get("text") or "")
    return {
        "n": data.get("n"),
        "seat": seat,
        "name": name,
        "spectator": seat is None,
        "creator": bool(data.get("creator")),
        "text": text,
        "phrase": phrase if phrase in PHRASES else None,
        "at": record.created_at.isoformat(),
    }


@dataclass
class _Room:
    """One table's chat in memory: the latest lines, whether spectators are muted, the count."""

    table: weakref.ref[LiveTable]
    muted: bool
    lines: deque[ChatRecord]
    count: int
    #: True once the chat holds anything (a line, or the creator's choice about spectators)
    used: bool
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class TableChat:
    """The chat of every table of a :class:`~sevenrocks.web.service.TableService`."""

    def __init__(
        self,
        service: TableService,
        *,
        burst: int = CHAT_BURST,
        window: float = CHAT_WINDOW,
        history: int = HISTORY,
        max_lines: int = MAX_LINES,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.service = service
        self.burst = burst
        self.window = window
        self.history = history
        self.max_lines = max_lines
        self._clock = clock
        self._rooms: dict[str, _Room] = {}
        self._loading = asyncio.Lock()
        self._sent: weakref.WeakKeyDictionary[Connection, deque[float]] = weakref.WeakKeyDictionary()

    async def room(self, table: LiveTable) -> _Room:
        """The chat of ``table`` (loaded from storage the first time this table object asks)."""
        room = self._rooms.get(table.id)
        if room is not None and room.table() is table:
            return room
        async with self._loading:
            room = self._rooms.get(table.id)
            if room is not None and room.table() is table:
                return room
            lines, muted, count = await self.service.db(self.service.storage.chat, table.id, self.history)
            return self._keep(table, lines, muted, count)

    def made(self, table: LiveTable) -> None:
        """Start the chat of a table just made: empty and open, nothing to load from storage."""
        self._keep(table, [], None, 0)

    def _keep(self, table: LiveTable, lines: list[ChatRecord], muted: bool | None, count: int) -> _Room:
        """Hold the chat of ``table`` in memory while the table is (forgotten with it)."""
        table_id = table.id

        def gone(ref: weakref.ref[LiveTable]) -> None:
            room = self._rooms.get(table_id)
            if room is not None and room.table is ref:
                del self._rooms[table_id]

        room = _Room(
            weakref.ref(table, gone),
            bool(muted),
            deque(lines, maxlen=self.history),
            count,
            count > 0 or muted is not None,
        )
        self._rooms[table_id] = room
        return room

    async def muted(self, table: LiveTable) -> bool:
        """True while the spectators of ``table`` may read its chat but not write."""
        return (await self.room(table)).muted

    async def joined(self, table: LiveTable, conn: Connection) -> None:
        """Send a browser that has just joined the latest lines and whether spectators are muted
        (nothing while the table's chat holds nothing: a page starts with an empty, open chat)."""
        room = await self.room(table)
        if not room.used:
            return
        conn.send(
            {
                "type": "chat_history",
                "table": table.id,
                "lines": [line_json(r, conn.lang) for r in room.lines],
                "muted": room.muted,
            }
        )

    async def act(self, table: LiveTable, conn: Connection, intent: ChatIntent | MuteIntent) -> None:
        """Carry out a ``chat`` or ``mute`` message of ``conn`` (raises :class:`ProtocolError`)."""
        if table.closed:
            raise ProtocolError(N_("this table was closed"), "table_closed")
        if isinstance(intent, MuteIntent):
            await self.set_muted(table, intent.muted, by=conn)
            return
        room = await self.room(table)
        if room.muted and conn.seat is None and not conn.admin:
            raise ProtocolError(
                N_("the table's creator has muted spectators: you can read the chat but not write"),
                "chat_muted",
            )
        data: dict[str, Any] = {"seat": conn.seat, "creator": conn.admin}
        if conn.seat is not None:
            data["name"] = str(table.record.seats[conn.seat].get("name") or "")
        if intent.phrase is not None:
            if intent.phrase not in PHRASES:
                raise ProtocolError(
                    N_("unknown quick phrase: use one of {known}"),
                    "chat_phrase",
                    known=", ".join(PHRASES),
                )
            data["phrase"] = intent.phrase
        else:
            data["text"] = check_text(intent.text or "")
        self._take(conn)
        async with room.lock:
            if room.count >= self.max_lines:
                raise ProtocolError(
                    N_("this table's chat is full ({count} messages)"), "chat_full", count=self.max_lines
                )
            data["n"] = room.count + 1
            record = await self.service.db(self.service.storage.add_chat, table.id, "line", data)
            room.lines.append(record)
            room.count += 1
            room.used = True
            self.service.announce(
                table,
                lambda _seat, lang: {"type": "chat", "table": table.id, "line": line_json(record, lang)},
            )

    def _take(self, conn: Connection) -> None:
        """Count a line of ``conn`` against its rate, or refuse it."""
        now = self._clock()
        sent = self._sent.setdefault(conn, deque())
        while sent and sent[0] <= now - self.window:
            sent.popleft()
        if len(sent) >= self.burst:
            wait = max(1, int(sent[0] + self.window - now + 0.999))
            raise ProtocolError(
                N_(
                    "you are writing too fast: at most {count} chat messages every {seconds} seconds; "
                    "try again in {wait} s"
                ),
                "chat_too_fast",
                count=self.burst,
                seconds=f"{self.window:g}",
                wait=wait,
            )
        sent.append(now)

    async def set_muted(self, table: LiveTable, muted: bool, *, by: Connection | None = None) -> None:
        """Mute (or unmute) the spectators of ``table``: ``by`` must be the creator's connection
        (``None``: the server, e.g. the option chosen when the table was made)."""
        if by is not None and not by.admin:
            raise ProtocolError(N_("only the table's creator can mute spectators"), "forbidden")
        room = await self.room(table)
        async with room.lock:
            if room.muted == muted and by is not None:
                by.send({"type": "chat_muted", "table": table.id, "muted": muted})
                return
            await self.service.db(self.service.storage.add_chat, table.id, "mute", {"muted": muted})
            room.muted = muted
            room.used = True
            message = {"type": "chat_muted", "table": table.id, "muted": muted}
            self.service.announce(table, lambda _seat, _lang: message)
