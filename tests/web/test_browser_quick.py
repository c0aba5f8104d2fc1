"""Quick match and public tables in Chromium: "Play now" in the lobby seats the person at once, the
table counts down and then bots of the chosen level take the empty seats; a public table made in
the lobby shows its free seats to another browser, which takes one with a click."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.servers import server_on
from tests.web.test_browser import CHROMIUM, DESKTOP, STATUS_JS, browser, shot

__all__ = ["browser"]

playwright_sync = pytest.importorskip("playwright.sync_api")

pytestmark = [
    pytest.mark.timeout(180),
    pytest.mark.skipif(not CHROMIUM.exists(), reason=f"Chromium is not installed at {CHROMIUM}"),
]


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[dict[str, Any]]:
    """The server on SQLite, then on PostgreSQL, its quick matches waiting 4 s for people."""
    folder = tmp_path_factory.mktemp("quick")
    env = {"SEVENROCKS_QUICK_WAIT": "4"}
    with server_on(request.param, request, folder, args=("--bot-delay", "0.05"), env=env) as running:
        yield running


def test_play_now_counts_down_then_bots_fill_the_empty_seats(browser: Any, server: dict[str, Any]) -> None:
    page = browser.new_context(viewport=DESKTOP).new_page()
    page.goto(server["url"] + "/")
    page.wait_for_selector("#quick-bot option[value='random']", state="attached")
    page.select_option("#quick-bot", "random")
    page.fill("#quick-name", "Leyla")
    page.click("#play-now")
    page.wait_for_url("**/table/**")
    page.wait_for_function("() => document.querySelector('#banner').textContent.startsWith('Quick match')")
    first = page.locator("#banner").inner_text()
    assert "second" in first, first
    shot(page, "quick-match-waiting-desktop")
    page.wait_for_function(  # the countdown moves
        f"() => document.querySelector('#banner').textContent !== {first!r}", timeout=5_000
    )
    # the wait is over: three random bots sit down, the match starts, the person plays
    page.wait_for_function(STATUS_JS, timeout=20_000)
    assert "Quick match" not in page.locator("#banner").inner_text()
    names = page.locator(".seat-box .name, #seat-top, #seat-left, #seat-right").all_inner_texts()
    assert sum("random bot" in text for text in names) >= 3, names


def test_a_public_table_shows_its_free_seats_and_a_click_takes_one(
    browser: Any, server: dict[str, Any]
) -> None:
    creator = browser.new_context(viewport=DESKTOP).new_page()
    creator.goto(server["url"] + "/")
    creator.wait_for_selector("#kind-1")
    creator.select_option("#kind-1", "friend")
    for seat in (2, 3):
        creator.select_option(f"#kind-{seat}", "bot")
    creator.check("#public")
    creator.click("#create-button")
    creator.wait_for_selector("#open-table")
    creator.click("#open-table")
    creator.wait_for_selector("#start")
    table = creator.url.split("/table/")[1].split("?")[0]
    guest = browser.new_context(viewport=DESKTOP).new_page()
    guest.goto(server["url"] + "/")
    button = guest.locator(f"button.take-seat[data-table='{table}']")
    button.wait_for()
    assert button.count() == 1 and button.get_attribute("data-seat") == "1"
    shot(guest, "lobby-public-table-desktop")
    guest.fill("#quick-name", "Emre")
    button.click()
    guest.wait_for_url(f"**/table/{table}**")
    guest.wait_for_function(
        "() => document.querySelector('#banner').textContent.includes('Waiting for the creator')"
    )
    creator.wait_for_function("() => document.body.innerText.includes('Emre')")
    # the seat is the guest's now: the lobby no longer offers it
    other = browser.new_context(viewport=DESKTOP).new_page()
    other.goto(server["url"] + "/")
    other.wait_for_selector(f"#live a[href='/table/{table}']")
    assert other.locator(f"button.take-seat[data-table='{table}']").count() == 0
