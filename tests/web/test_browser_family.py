"""Browser tests of the family's games: Chromium plays a Kozel table with draws against a bot to
its end, made in the lobby, and puts down several doubles in one move and closes a double in
Donkey by clicks.

The Donkey table's deals and bot come from ``SEVENROCKS_DEAL_SEED`` (the server's setting for
demonstrations and tests), so the clicks below meet a several-doubles move and a closing in its
first hand; ``DONKEY_SEED`` was found by playing the same policy over the WebSocket.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.web.servers import running_server
from tests.web.test_browser import (
    CHROMIUM,
    DESKTOP,
    STATUS_JS,
    api,
    browser,
    choices_listed,
    open_and_start,
    shot,
    take_turn,
)

playwright_sync = pytest.importorskip("playwright.sync_api")

__all__ = ["browser"]  # the fixture, shared with the other browser tests

pytestmark = [
    pytest.mark.timeout(180),
    pytest.mark.skipif(
        not CHROMIUM.exists(),
        reason=f"Chromium is not installed at {CHROMIUM}",
    ),
]

#: With this deal seed, the first Donkey table (seat 0 a person, seat 1 the random bot) gives the
#: person a several-doubles move and a double to close in the first hand, played as below.
DONKEY_SEED = 6


def _started(browser: Any, server: dict[str, Any], body: dict[str, Any]) -> tuple[Any, Any]:
    """A page at the table ``body`` makes (through the API), its first hand started; and what the
    API answered."""
    made = api(server, "/api/tables", body)
    page = browser.new_context(viewport=DESKTOP).new_page()
    page.goto(server["url"] + made["link"])
    page.wait_for_selector("#start")
    page.click("#start")
    page.wait_for_selector("#layout svg")
    return page, made


def test_a_kozel_table_with_draws_is_played_to_its_end(browser: Any, tmp_path: Any) -> None:
    with running_server(tmp_path / "web.db", args=("--bot-delay", "0.05")) as server:
        page = browser.new_context(viewport=DESKTOP).new_page()
        page.goto(server["url"] + "/")
        page.select_option("#game", "kozel")
        page.select_option("#seats", "2")
        assert page.locator(".seat-row").count() == 2
        assert page.locator("#game-options [data-option='reserve']").count() == 1
        page.select_option("#kind-1", "bot")
        page.fill("#target", "25")
        page.click("#create-button")
        open_and_start(page)
        assert "Boneyard" in page.locator("#ends").inner_text()
        draws = results = 0
        deadline = time.monotonic() + 150
        while time.monotonic() < deadline:
            page.wait_for_function(STATUS_JS, timeout=20_000)
            draws = max(draws, page.locator("#log li.draw").count())
            status = page.evaluate(STATUS_JS)
            if status == "over":
                break
            if status == "next":
                title = page.locator("#settle-title").inner_text()
                assert title.startswith("Hand ")
                results += 1
                if results == 1:
                    shot(page, "kozel-hand-over-desktop")
                page.click("#next-hand")
                page.wait_for_function("() => !document.querySelector('#next-hand')", timeout=10_000)
                continue
            take_turn(page, use_svg=False)
        assert page.locator("#winner").count() == 1, "the match did not end"
        shot(page, "kozel-match-over-desktop")
        assert "goat" in page.locator("#winner").inner_text()
        assert draws > 0, "nobody drew from the boneyard"
        assert "seat 0" in page.locator("#score-line").inner_text()


def _turn(page: Any) -> str:
    """Seat 0's move as the WebSocket policy that found ``DONKEY_SEED`` makes it: several doubles
    where a tile can go down with others, else the first playable tile, closing a double when it
    may. Returns what kind of move it was."""
    before = page.locator("#log li").count()
    several = page.locator(".hand button.tile.playable[data-several]")
    kind = "single"
    if several.count():
        several.first.click()
        page.locator("#options button.option.several").first.click()
        kind = "several"
    else:
        page.locator(".hand button.tile.playable").first.click()
        options = page.locator("#options button.option")
        if choices_listed(page, before):
            closing = page.locator("#options button.option[data-play$='#']")
            if closing.count():
                shot(page, "donkey-closing-choice-desktop")
                closing.first.click()
                kind = "close"
            else:
                options.first.click()
                kind = "first"
    page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {before}", polling=50)
    return kind


def test_several_doubles_and_a_closed_double_by_clicks_in_donkey(browser: Any, tmp_path: Any) -> None:
    env = {"SEVENROCKS_DEAL_SEED": str(DONKEY_SEED)}
    with running_server(tmp_path / "web.db", args=("--bot-delay", "0.05"), env=env) as server:
        body = {
            "game": "donkey",
            "options": {"target": 101},
            "seats": [{"kind": "me", "bot": "random"}, {"kind": "bot", "bot": "random"}],
        }
        page, _ = _started(browser, server, body)
        kinds = []
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            page.wait_for_function(STATUS_JS, timeout=20_000)
            if page.evaluate(STATUS_JS) != "turn":
                break
            kinds.append(_turn(page))
        assert "several" in kinds and "close" in kinds, kinds
        shot(page, "donkey-several-doubles-desktop")
        log = page.locator("#log").inner_text()
        assert " together: " in log, "a move of several doubles shows in the log, in words"
        assert "face down" in log, "a closed double shows in the log, in words"
        assert "@" not in log and "#" not in log, "no notation in the log"


def test_picture_dominoes_show_pictures_big_tiles_and_no_scores(browser: Any, tmp_path: Any) -> None:
    with running_server(tmp_path / "web.db", args=("--bot-delay", "0.05")) as server:
        body = {"game": "picture", "seats": [{"kind": "me"}, {"kind": "bot", "bot": "random"}]}
        page, made = _started(browser, server, body)
        page.wait_for_selector("#picture-sprite symbol#picture-6", state="attached")
        first = page.locator(".hand button.tile").first
        assert first.locator("use.picture").count() == 2, "a tile shows two pictures, not pips"
        assert first.locator("circle.pip").count() == 0
        # measured at rest: the deal's animation turns and moves the tiles as they come in
        page.wait_for_function("() => document.getAnimations().every((a) => a.playState !== 'running')")
        assert first.locator("svg").bounding_box()["width"] >= 60, "the children's tiles are big"
        assert page.locator("#score-line").count() == 0 and page.locator("#pegboard svg").count() == 0
        shot(page, "picture-dominoes-desktop")
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            page.wait_for_function(STATUS_JS, timeout=20_000)
            status = page.evaluate(STATUS_JS)
            if status == "over":
                break
            assert status == "turn"  # one hand, no settlement between hands
            take_turn(page, use_svg=False)
        winner = page.locator("#winner").inner_text()
        # a gentle end, never scores: a win, the other seat's win, or a blocked hand that ties
        ends = ("You finished first! You win.", "wins", "the match is a draw")
        assert any(end in winner for end in ends), winner
        assert not any(ch.isdigit() for ch in winner.replace("seat 1", "")), "no scores at the end"
        shot(page, "picture-dominoes-over-desktop")
        page.goto(server["url"] + f"/replay/{made['table']}")
        page.wait_for_selector("#hands use.picture", state="attached")
        assert page.locator("#hands circle.pip").count() == 0, "the replay draws the pictures too"
