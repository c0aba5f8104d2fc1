"""The table page through nginx in front of two server processes (docs/deploy.md): the process
that owns the table is killed in the middle of the match, and the page goes on by itself — it
reconnects through nginx, the other process takes the table over, and the person plays on."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from sevenrocks.web.leases import Leases
from tests.web.cluster_servers import ServerProcess, cluster, nginx, post, redis_server
from tests.web.test_browser import CHROMIUM, DESKTOP, STATUS_JS, browser

__all__ = ["browser"]

playwright_sync = pytest.importorskip("playwright.sync_api")

pytestmark = [
    pytest.mark.timeout(240),
    pytest.mark.skipif(not CHROMIUM.exists(), reason=f"Chromium is not installed at {CHROMIUM}"),
]


@pytest.fixture
def front(
    postgres: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[str, str, list[ServerProcess]]]:
    """nginx in front of two processes on PostgreSQL and Redis: (its URL, Redis's URL, the processes)."""
    from tests.web.postgres import fresh_database

    with (
        fresh_database(postgres) as database,
        redis_server() as redis_url,
        cluster(
            database,
            redis_url,
            tmp_path_factory.mktemp("browser-cluster"),
            count=2,
            env={"SEVENROCKS_BOT_DELAY": "0.05"},
            name="page",
        ) as processes,
        nginx([p.port for p in processes]) as url,
    ):
        yield url, redis_url, processes


def owner_of(redis_url: str, table: str, processes: list[ServerProcess]) -> ServerProcess:
    """The process whose lease holds ``table`` now."""
    import redis

    client = redis.Redis.from_url(redis_url, decode_responses=True)
    try:
        node = client.get(Leases.key(table))
    finally:
        client.close()
    return next(p for p in processes if p.env["SEVENROCKS_NODE"] == node)


def play_turns(page: Any, turns: int, seconds: float) -> int:
    """Take ``turns`` turns (moving on after each settlement); return how many were taken. A
    click the page could not send (it is reconnecting, and says so) is tried again, as a person
    would."""
    taken = 0
    deadline = time.monotonic() + seconds
    while taken < turns and time.monotonic() < deadline:
        page.wait_for_function(STATUS_JS, timeout=int(1000 * (deadline - time.monotonic())), polling=100)
        status = page.evaluate(STATUS_JS)
        if status == "over":
            break
        if status == "next":
            page.click("#next-hand")
            page.wait_for_timeout(300)
        elif status == "turn":
            before = page.locator("#log li").count()
            page.locator(".hand button.tile.playable").first.click()
            page.wait_for_timeout(300)
            options = page.locator("#options button.option")
            if options.count():
                options.first.click()
            try:
                page.wait_for_function(
                    f"() => document.querySelectorAll('#log li').length > {before}", timeout=5000, polling=50
                )
                taken += 1
            except playwright_sync.TimeoutError:
                continue  # not sent or not answered: look at the page again
    return taken


def test_the_page_goes_on_when_its_table_s_process_is_killed(
    browser: Any, front: tuple[str, str, list[ServerProcess]]
) -> None:
    url, redis_url, processes = front
    made = post(url, "/api/tables", {"seats": [{"kind": "me"}] + [{"kind": "bot", "bot": "greedy"}] * 3})
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(url + made["link"])
    page.wait_for_selector("#start")
    page.click("#start")
    page.wait_for_selector("#layout svg")
    assert play_turns(page, 2, 60) == 2
    owner = owner_of(redis_url, made["table"], processes)
    owner.kill()  # no clean stop: its lease runs out, the other process takes the table
    assert play_turns(page, 2, 90) == 2, "the page did not go on after the owner was killed"
    survivor = next(p for p in processes if p is not owner)
    assert owner_of(redis_url, made["table"], processes) is survivor
    assert page.locator("#connection").inner_text().strip() == ""  # connected, no error shown
    context.close()
