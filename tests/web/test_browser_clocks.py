"""Turn clocks in the browser: the lobby's time control, the countdown of the seat on turn, the
stand-in that places when the time runs out, and the seat shown away."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.servers import server_on
from tests.web.test_browser import CHROMIUM, DESKTOP, api, browser, shot

__all__ = ["browser"]

playwright_sync = pytest.importorskip("playwright.sync_api")

pytestmark = [
    pytest.mark.timeout(120),
    pytest.mark.skipif(not CHROMIUM.exists(), reason=f"Chromium is not installed at {CHROMIUM}"),
]


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[dict[str, Any]]:
    """The server on SQLite, then on PostgreSQL; bots with a short delay."""
    with server_on(
        request.param, request, tmp_path_factory.mktemp("clocks"), args=("--bot-delay", "0.05")
    ) as running:
        yield running


def test_the_lobby_offers_time_controls(browser: Any, server: dict[str, Any]) -> None:
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(server["url"] + "/")
    page.wait_for_selector("#clock option[value='30+120']", state="attached")
    labels = page.locator("#clock option").all_inner_texts()
    assert labels[0] == "none" and "30 s per placement + 2:00 reserve" in labels
    page.select_option("#clock", "30+120")
    shot(page, "lobby-clock")
    with page.expect_request(lambda r: r.url.endswith("/api/tables") and r.method == "POST") as sent:
        page.click("#create-button")
    page.wait_for_selector("#open-table")
    assert json.loads(sent.value.post_data or "{}")["clock"] == {"per_move": 30, "reserve": 120}
    # in Russian, the same control in Russian words
    page.goto(server["url"] + "/?lang=ru")
    page.wait_for_selector("#clock option[value='15+60']", state="attached")
    assert "с на ход" in page.locator("#clock option[value='15+60']").inner_text()
    context.close()


def test_the_countdown_runs_out_and_the_stand_in_plays(browser: Any, server: dict[str, Any]) -> None:
    made = api(
        server,
        "/api/tables",
        {
            "seats": [{"kind": "me"}] + [{"kind": "bot", "bot": "greedy"}] * 3,
            "target": 250,
            "clock": {"per_move": 2, "reserve": 1},
        },
    )
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(server["url"] + made["link"])
    page.wait_for_selector("#start")
    page.click("#start")
    # the seat's turn comes: its countdown ticks in its box
    countdown = page.locator(".seat-box[data-seat='0'] .turn-clock")
    countdown.wait_for(timeout=20_000)
    first = countdown.inner_text()
    assert "left" in first and "reserve 0:01" in first, first
    page.wait_for_function(
        "() => { const n = document.querySelector('.seat-box[data-seat=\"0\"] .turn-clock');"
        " return n && n.textContent.includes('reserve') && !n.textContent.includes('left'); }",
        timeout=5_000,
    )  # the placement's seconds are spent: the reserve runs
    shot(page, "clock-reserve")
    moves_before = page.evaluate("() => document.querySelectorAll('#log li').length")
    # the time runs out: the stand-in places, and the seat is shown away
    page.locator(".seat-box[data-seat='0'] .away-mark").wait_for(timeout=6_000)
    assert "away" in page.locator(".seat-box[data-seat='0'] .away-mark").inner_text()
    page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {moves_before}")
    assert page.locator(".seat-box[data-seat='0'] .turn-clock").count() == 0
    page.locator("#log .stand-in-mark").first.wait_for()  # the log says which placements it made
    assert page.locator("#away-banner").is_visible()  # this browser's own seat: "I'm back"
    shot(page, "clock-away")
    # "I'm back": the seat's own countdown runs again on its next turn
    page.click("#back")
    page.wait_for_selector("#away-banner", state="hidden")
    counting = False
    for _ in range(5):  # back, the seat is waited for again at the end of a hand: it moves on to the next
        page.wait_for_selector(".seat-box[data-seat='0'] .turn-clock, #next-hand", timeout=20_000)
        counting = page.locator(".seat-box[data-seat='0'] .turn-clock").count() > 0
        if counting:
            break
        page.click("#next-hand")
        page.wait_for_selector("#next-hand", state="detached")
    assert counting
    assert page.locator(".seat-box[data-seat='0'] .away-mark").count() == 0
    assert page.locator("#away-banner").is_hidden()
    context.close()


def test_a_sausage_table_shows_its_clock(browser: Any, server: dict[str, Any]) -> None:
    made = api(
        server,
        "/api/tables",
        {
            "game": "sausage",
            "seats": [{"kind": "me"}, {"kind": "bot", "bot": "greedy"}],
            "clock": {"per_move": 2, "reserve": 0},
        },
    )
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(server["url"] + made["link"])
    page.wait_for_selector("#start")
    page.click("#start")
    countdown = page.locator(".seat-box[data-seat='0'] .turn-clock")
    countdown.wait_for(timeout=20_000)
    assert "left" in countdown.inner_text()
    page.locator(".seat-box[data-seat='0'] .away-mark").wait_for(timeout=8_000)
    page.locator("#log .stand-in-mark").first.wait_for()
    assert page.locator("#away-banner").is_visible()
    shot(page, "sausage-clock-away")
    context.close()
