"""A browser's socket read as its messages arrive, apart from handling them.

uvicorn reads no more of a socket (its pongs included) once a message has arrived that the app
has not asked for, until the app asks. A server that asked for a socket's next message only when
it had handled the last one (or had looked up and joined its table) left the pongs unread
whenever a message waited long — for storage, behind a thousand tables starting at once — and
the keepalive closed a healthy connection. :class:`SocketReader` asks from the moment the socket
is accepted, into a bounded queue that the table (or the relay to the table's owner) takes from
in order; each message keeps the time it arrived, so that its rate is counted then
(:meth:`~sevenrocks.web.connection.Connection.allow`), not when it is handled.
"""

from __future__ import annotations

import asyncio
import time
from typing import Final

from starlette.websockets import WebSocket, WebSocketDisconnect

__all__ = ["INBOX_MESSAGES", "Arrived", "Inbox", "SocketReader"]

#: Messages of one socket waiting to be handled; with this many, the socket is not read until
#: one is taken (the browser's rate bounds them: ten a second wait for a slow second).
INBOX_MESSAGES: Final = 64

#: A message as it arrived: when (``time.monotonic``) and its text or bytes.
Arrived = tuple[float, str | bytes]
#: Messages waiting to be handled, in order; ``None`` after the last (the browser left).
Inbox = asyncio.Queue[Arrived | None]


class SocketReader:
    """Reads an accepted ``websocket`` into :attr:`inbox` until the browser leaves (then puts
    ``None``); :meth:`stop` when done with the socket."""

    def __init__(self, websocket: WebSocket, size: int = INBOX_MESSAGES) -> None:
        self.websocket = websocket
        self.inbox: Inbox = asyncio.Queue(maxsize=size)
        self._task = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        try:
            while True:
                message = await self.websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                raw = message.get("text")
                if raw is None:
                    raw = message.get("bytes") or b""
                await self.inbox.put((time.monotonic(), raw))  # full: not read until there is room
        except (WebSocketDisconnect, RuntimeError):  # RuntimeError: receiving after the close
            pass
        await self.inbox.put(None)

    def stop(self) -> None:
        """Stop reading (the socket is closed or handed over)."""
        self._task.cancel()
