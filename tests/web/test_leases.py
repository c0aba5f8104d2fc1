"""The leases by which server processes own tables (:mod:`sevenrocks.web.leases`), on a real Redis."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from sevenrocks.web.leases import Leases
from tests.web.cluster_servers import redis_server


@pytest.fixture(scope="module")
def redis_url() -> Iterator[str]:
    with redis_server() as url:
        yield url


def run(redis_url: str, work: object) -> None:
    import redis.asyncio as aioredis

    async def main() -> None:
        client = aioredis.from_url(redis_url, decode_responses=True)
        try:
            await client.flushall()
            await work(client)  # type: ignore[operator]
        finally:
            await client.aclose()

    asyncio.run(main())


def test_one_owner_at_a_time_and_only_the_owner_renews_or_releases(redis_url: str) -> None:
    async def work(client: object) -> None:
        a, b = Leases(client, "a", 5), Leases(client, "b", 5)
        assert await a.claim("t1") is None  # a holds it now
        assert await a.claim("t1") is None  # and keeps it
        assert await b.claim("t1") == "a"  # b is told who holds it
        assert await b.owner("t1") == "a" and await b.owners(["t1", "t2"]) == ["a", None]
        assert await b.renew(["t1"]) == ["t1"]  # b holds nothing: nothing renewed
        await b.release("t1")  # b cannot give up a's lease
        assert await a.owner("t1") == "a"
        assert await a.renew(["t1"]) == []
        await a.release("t1")
        assert await b.claim("t1") is None and await a.owner("t1") == "b"

    run(redis_url, work)


def test_a_lease_not_renewed_expires_and_another_process_takes_it(redis_url: str) -> None:
    async def work(client: object) -> None:
        a, b = Leases(client, "a", 0.3), Leases(client, "b", 0.3)
        assert await a.claim("t") is None
        await asyncio.sleep(0.2)
        assert await a.renew(["t"]) == []  # renewed: another 0.3 s
        await asyncio.sleep(0.2)
        assert await b.claim("t") == "a"
        await asyncio.sleep(0.4)  # a stopped renewing (it died)
        assert await b.claim("t") is None
        assert await a.renew(["t"]) == ["t"]  # a, back from a pause, learns it lost the table
        await a.release("t")
        assert await b.owner("t") == "b"

    run(redis_url, work)
