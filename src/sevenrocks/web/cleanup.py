"""Closing tables nobody uses: made and never joined, or left by their people, for too long.

A table waiting to start or being played where nothing happened (nobody joined, played, came or
went) for :attr:`~sevenrocks.web.settings.Settings.idle_table_seconds`, and where no person is
connected, is closed: its spectators are told and disconnected, and it is removed from the
database with its events. Finished matches are kept (they are replays).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging

from sevenrocks.i18n import N_
from sevenrocks.web.service import OwnedElsewhere, TableService

__all__ = ["close_idle_tables", "keep_closing_idle_tables"]

log = logging.getLogger("sevenrocks.web")


async def close_idle_tables(service: TableService, now: dt.datetime | None = None) -> list[str]:
    """Close every idle table (see the module's text); return the ids of those closed."""
    now = now or dt.datetime.now(dt.UTC)
    before = now - dt.timedelta(seconds=service.settings.idle_table_seconds)
    closed: list[str] = []
    for table_id in await service.db(service.storage.stale_tables, before):
        async with service.load_lock:  # no one loads it meanwhile
            table = service.tables.get(table_id)
            if table is None:
                if service.cluster is not None:
                    try:  # held while it is deleted; another server process's table is its own to close
                        await service.cluster.claim(table_id)
                    except OwnedElsewhere:
                        continue
                await service.db(service.storage.delete_table, table_id)
                if service.cluster is not None:
                    await service.cluster.release(table_id)
                closed.append(table_id)
                continue
            async with table.lock:
                if table.closed or any(c.seat is not None for c in table.connections):
                    continue  # a person is sitting at it: not idle
                await service.discard(table, N_("this table was closed: nobody played at it for a long time"))
                closed.append(table_id)
    if closed:
        log.info("closed %d idle table(s)", len(closed))
    return closed


async def keep_closing_idle_tables(service: TableService) -> None:
    """Close idle tables every few minutes (sooner when the idle time is short), until cancelled."""
    every = min(300.0, max(0.05, service.settings.idle_table_seconds / 4))
    while True:
        await asyncio.sleep(every)
        try:
            await close_idle_tables(service)
        except Exception:
            log.exception("idle tables could not be closed")
