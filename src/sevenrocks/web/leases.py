"""Which server process owns each table: leases with an expiry, kept in Redis.

A lease is one Redis key per table (``sevenrocks:lease:<table>``) whose value is the owning
process's name, set only if absent (``SET NX PX``) and kept alive by its owner, which renews all
its leases every fifth of their life. Renewing and releasing are Lua scripts that act only while
the key still names the caller, so a process that stalled past its lease's end cannot extend or
delete a lease another process has taken since. A process that dies (even by ``SIGKILL``) stops
renewing; its leases expire and the other processes take its tables over.

Redis rather than PostgreSQL advisory locks: an advisory lock lives as long as the database
session that holds it, so a lock per table ties up a connection (or a session's bookkeeping) per
process and needs the process's database connection to die for the lock to go; a key with an
expiry goes by itself after a fixed time, whatever became of its owner, and a renewal of
hundreds of leases is one round trip.
"""

from __future__ import annotations

from typing import Any, Final

__all__ = ["LEASE_PREFIX", "Leases", "OwnedElsewhere"]

LEASE_PREFIX: Final = "sevenrocks:lease:"

_RENEW: Final = """
local renewed = {}
for i, key in ipairs(KEYS) do
  if redis.call('get', key) == ARGV[1] then
    redis.call('pexpire', key, ARGV[2])
    renewed[i] = 1
  else
    renewed[i] = 0
  end
end
return renewed
"""

_RELEASE: Final = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1])
end
return 0
"""


class OwnedElsewhere(Exception):
    """A table another process owns (``owner``; empty: none that can be named now, try again)."""

    def __init__(self, table_id: str, owner: str) -> None:
        super().__init__(f"table {table_id} is owned by {owner or 'another process'}")
        self.table_id = table_id
        self.owner = owner


class Leases:
    """The leases of one process, ``node``, on a ``redis.asyncio`` client (``decode_responses``)."""

    def __init__(self, redis: Any, node: str, seconds: float) -> None:
        self.redis = redis
        self.node = node
        self.ms = max(100, round(seconds * 1000))
        self._renew = redis.register_script(_RENEW)
        self._release = redis.register_script(_RELEASE)

    @staticmethod
    def key(table_id: str) -> str:
        """The Redis key of ``table_id``'s lease."""
        return LEASE_PREFIX + table_id

    async def claim(self, table_id: str) -> str | None:
        """Take ``table_id``'s lease if nobody holds it (or keep it if this process does); return
        ``None`` when this process holds it now, else the name of the process that does."""
        key = self.key(table_id)
        for _ in range(3):
            if await self.redis.set(key, self.node, nx=True, px=self.ms):
                return None
            holder: str | None = await self.redis.get(key)
            if holder == self.node:
                return None
            if holder is not None:
                return holder
            # it expired between the two calls: try again
        return await self.redis.get(key) or self.node

    async def owner(self, table_id: str) -> str | None:
        """The process holding ``table_id``'s lease, or ``None``."""
        holder: str | None = await self.redis.get(self.key(table_id))
        return holder

    async def owners(self, table_ids: list[str]) -> list[str | None]:
        """The holder of each of ``table_ids``' leases (``None`` where nobody holds one)."""
        if not table_ids:
            return []
        found: list[str | None] = await self.redis.mget([self.key(t) for t in table_ids])
        return found

    async def renew(self, table_ids: list[str]) -> list[str]:
        """Extend this process's leases of ``table_ids``; return those it no longer holds."""
        if not table_ids:
            return []
        renewed = await self._renew(keys=[self.key(t) for t in table_ids], args=[self.node, self.ms])
        return [t for t, ok in zip(table_ids, renewed, strict=True) if not int(ok)]

    async def release(self, table_id: str) -> None:
        """Give up ``table_id``'s lease if this process holds it."""
        await self._release(keys=[self.key(table_id)], args=[self.node])
