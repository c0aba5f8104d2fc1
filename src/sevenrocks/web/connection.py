"""One browser's connection to a table: its seat and rights, a bounded outbox and a message rate.

Messages to a browser are queued and sent by a task of their own, so a slow browser never holds
up a table. The queue is bounded: a browser that lets :attr:`Connection.limit` messages pile up
unread is dropped (closed with code 1008), not buffered without end. What a browser may send is
paced by a token bucket (:class:`~sevenrocks.web.limits.TokenBucket`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Final, Literal

from sevenrocks.web.limits import TokenBucket

__all__ = ["CLOSE_OVERFLOW", "Connection"]

log = logging.getLogger("sevenrocks.web")

#: The close code of a connection dropped for not reading its messages (policy violation).
CLOSE_OVERFLOW: Final = 1008

#: How a message goes to the browser: an object to send as JSON, or JSON text made already.
Send = Callable[[dict[str, Any] | str], Awaitable[None]]
Close = Callable[[int, str], Awaitable[None]]


async def _no_close(_code: int, _reason: str) -> None:
    return None


class Connection:
    """One browser connection: the seat it plays (``None`` for a spectator) and its outbox."""

    def __init__(
        self,
        seat: int | None,
        admin: bool,
        send: Send,
        lang: str = "en",
        *,
        close: Close = _no_close,
        limit: int = 64,
        rate: TokenBucket | None = None,
    ) -> None:
        self.seat = seat
        self.admin = admin
        #: the player's language for the error messages this connection is sent
        self.lang = lang
        #: messages that may wait unread before the connection is dropped
        self.limit = limit
        #: True once the connection was dropped for not reading
        self.dropped = False
        #: the board (:data:`~sevenrocks.web.render.BOARDS`) the layout is drawn on for it, when
        #: its page named one (``sync`` with ``board``)
        self.board: str | None = None
        #: its page's board area (pixels: width, height), when the page said it (the socket's
        #: ``area=`` or ``sync`` with ``area``): the layout is drawn for it on the board that
        #: shows the tiles biggest there. Neither said: every board
        self.area: tuple[float, float] | None = None
        #: its page draws ghost tiles (the socket's ``ghosts=1``): its seat's moves are sent
        #: with where each would put its tile on the board (bots and other programs do not ask)
        self.ghosts = False
        #: the boards of the last drawing sent to it (``None``: every board; ``False``: none
        #: sent yet), to send a whole drawing, not a patch, when they change
        self.shown: tuple[str, ...] | Literal[False] | None = False
        self._send = send
        self._close = close
        self._rate = rate
        self._refusing = False
        self._queue: asyncio.Queue[dict[str, Any] | str | None] = asyncio.Queue()
        self._task = asyncio.get_running_loop().create_task(self._pump())

    def send(self, message: dict[str, Any] | str) -> None:
        """Queue ``message`` (an object, or its JSON text; never blocks the table); drop the
        connection if too much is unread."""
        if self.dropped:
            return
        if self._queue.qsize() >= self.limit:
            self._drop()
            return
        self._queue.put_nowait(message)

    def allow(self, at: float | None = None) -> tuple[bool, bool]:
        """Whether the next message from the browser (arrived at ``at``, ``time.monotonic``; by
        default now) is within its rate, and (when it is not) whether to tell it so: only the
        first refused message of a run is answered."""
        if self._rate is None or self._rate.take(at):
            self._refusing = False
            return True, False
        first = not self._refusing
        self._refusing = True
        return False, first

    def _drop(self) -> None:
        log.warning("a connection with %d unread messages was dropped", self._queue.qsize())
        self.dropped = True
        self._task.cancel()
        while not self._queue.empty():
            self._queue.get_nowait()
        asyncio.get_running_loop().create_task(self._close_quietly())

    async def _close_quietly(self) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._close(CLOSE_OVERFLOW, "too many unread messages"), timeout=5)

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
        if self.dropped:
            return
        self._queue.put_nowait(None)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._task, timeout=2)

    async def end(self, code: int, reason: str) -> None:
        """Deliver what is queued, then close the browser's connection with ``code``."""
        await self.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._close(code, reason), timeout=5)
