"""Browser test of Sausage: Chromium makes a Sausage table in the lobby, plays it against a bot to its
end by clicking the ways of each turned tile (the queues shown blind), and replays it."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.web.servers import running_server
from tests.web.test_browser import CHROMIUM, DESKTOP, browser, shot

playwright_sync = pytest.importorskip("playwright.sync_api")

__all__ = ["browser"]  # the fixture, shared with the other browser tests

pytestmark = [
    pytest.mark.timeout(180),
    pytest.mark.skipif(not CHROMIUM.exists(), reason=f"Chromium is not installed at {CHROMIUM}"),
]

# What the Sausage page shows now: the winner, a deal's end, our turn, or nothing to do yet.
STATUS_JS = """() => {
  if (document.querySelector('#winner')) return 'over';
  if (document.querySelector('#next-hand')) return 'next';
  if (document.querySelector('#options button.way')) return 'turn';
  return '';
}"""


def test_a_sausage_match_is_played_and_replayed_in_the_browser(browser: Any, tmp_path: Any) -> None:
    with running_server(tmp_path / "web.db", args=("--bot-delay", "0.02")) as server:
        page = browser.new_context(viewport=DESKTOP).new_page()
        page.goto(server["url"] + "/")
        page.select_option("#game", "sausage")
        assert page.locator("#seats option").all_inner_texts() == ["2"]
        page.select_option("#kind-1", "bot")
        page.fill("#target", "12")
        page.click("#create-button")
        page.wait_for_selector("#open-table")
        page.click("#open-table")
        page.wait_for_selector("#start")
        page.click("#start")
        page.wait_for_selector("#layout svg")
        # blind queues: face-down tiles, no face-up tile but the turned one and the known tails
        assert page.locator("#queues .seat-box").count() == 2
        assert "Queue: " in page.locator("#queues").inner_text()
        turns = deals = 0
        deadline = time.monotonic() + 150
        while time.monotonic() < deadline:
            page.wait_for_function(STATUS_JS, timeout=20_000)
            status = page.evaluate(STATUS_JS)
            if status == "over":
                break
            if status == "next":
                deals += 1
                if deals == 1:
                    shot(page, "sausage-deal-over-desktop")
                page.click("#next-hand")
                page.wait_for_function("() => !document.querySelector('#next-hand')", timeout=10_000)
                continue
            before = page.locator("#log li").count()
            if turns == 0:
                shot(page, "sausage-turn-desktop")
                assert "where does it go?" in page.locator("#banner").inner_text()
            page.locator("#options button.way").first.click()
            turns += 1
            moved = f"document.querySelectorAll('#log li').length !== {before}"
            page.wait_for_function(
                f"() => {moved} || !!document.querySelector('#next-hand, #winner')", polling=50
            )
        assert page.locator("#winner").count() == 1, "the match did not end"
        assert turns > 0 and "win" in page.locator("#winner").inner_text()  # "you win" or "… wins"
        assert page.locator("#settlement table.settle tr[data-seat]").count() == 2
        shot(page, "sausage-match-over-desktop")
        page.click("#settlement a[href^='/replay/']")
        page.wait_for_selector("#hands .seat-box")
        assert page.locator("#hands .seat-box").count() >= 2
        page.click("#next")
        page.wait_for_function("() => document.querySelector('#where').dataset.step === '1'")
        assert page.locator("#layout svg").count() == 1 and page.locator("#event").inner_text()
        shot(page, "sausage-replay-desktop")
