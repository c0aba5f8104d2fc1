"""What the table service lets other parts of the app add to its seats and matches.

:class:`~sevenrocks.web.service.TableService` calls its ``hooks`` (a :class:`ServiceHooks`)
when a browser claims a seat, before a match starts and when a match is over; the base class
does nothing. Accounts and ratings (:mod:`sevenrocks.web.accounts`) are such hooks.
"""

from __future__ import annotations

from typing import Any

__all__ = ["ServiceHooks"]


class ServiceHooks:
    """Hooks of the table service that do nothing; subclasses override what they need."""

    async def claiming(self, table: Any, seat: int, account: str | None) -> None:
        """A browser (logged in as ``account``, ``None``: a guest) is about to claim ``seat``;
        raise a :class:`~sevenrocks.web.protocol.ProtocolError` to refuse it."""

    async def claimed(self, table: Any, seat: int, account: str | None) -> None:
        """A browser (logged in as ``account``) claimed ``seat`` (the table's record is stored)."""

    async def starting(self, table: Any) -> None:
        """The match of ``table`` is about to start; raise a ``ProtocolError`` to refuse it."""

    def finished(self, table: Any) -> None:
        """Something changed at ``table`` and its match is over (may be called more than once)."""
