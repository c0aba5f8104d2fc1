"""The review in the browser: a finished match's replay, "Review", the classes and the chart, and
a click on the chart that takes the replay to that placement."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.servers import running_server
from tests.web.test_browser import (
    CHROMIUM,
    DESKTOP,
    api,
    browser,
    open_and_start,
    shot,
    status_past_settlements,
    take_turn,
)

__all__ = ["browser"]

playwright_sync = pytest.importorskip("playwright.sync_api")

pytestmark = [
    pytest.mark.timeout(300),
    pytest.mark.skipif(not CHROMIUM.exists(), reason=f"Chromium is not installed at {CHROMIUM}"),
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """The server with reviews that think 0.01 s a placement."""
    db = tmp_path_factory.mktemp("review") / "web.db"
    env = {"SEVENROCKS_REVIEW_THINK": "0.01", "SEVENROCKS_HINT_THINK": "0.01", "SEVENROCKS_DEAL_SEED": "7"}
    with running_server(db, args=("--bot-delay", "0"), env=env) as running:
        yield running


def test_review_shows_classes_and_the_chart_jumps_to_a_placement(
    browser: Any, server: dict[str, Any]
) -> None:
    made = api(server, "/api/tables", {"seats": [{"kind": "bot", "bot": "greedy"}] * 4, "target": 30})
    api(server, f"/api/tables/{made['table']}/start", {"admin": made["admin"]})
    deadline = time.monotonic() + 60
    while api(server, f"/api/tables/{made['table']}")["status"] != "over":
        assert time.monotonic() < deadline
        time.sleep(0.1)
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(f"{server['url']}/replay/{made['table']}")
    page.wait_for_selector("#where[data-step='0']")
    page.click("#review")
    page.wait_for_selector("#review-chart circle.review-point", timeout=240_000)  # may compile the search
    points = page.locator("#review-chart circle.review-point")
    assert points.count() >= 4
    last = points.nth(points.count() - 1)
    hand, play = int(last.get_attribute("data-hand")), int(last.get_attribute("data-play"))
    last.click()
    page.wait_for_selector(f"#where[data-step='{play + 1}']")
    assert page.locator("#hand").input_value() == str(hand)
    verdict = page.locator("#review-class").get_attribute("data-verdict")
    assert verdict in ("best", "good", "inaccuracy", "mistake", "blunder")
    assert "current" in (last.get_attribute("class") or "")
    assert page.locator("#review").is_hidden()  # done: not offered again
    other = page.locator("#review-chart circle.review-point:not(.best)")  # a better placement existed
    assert other.count() > 0
    other.first.click()
    page.wait_for_selector("#review-ghost:not([hidden])")
    page.click("#review-ghost")
    page.wait_for_selector("#layout g.ghost")
    shot(page, "replay-review")
    context.close()


def test_a_hint_at_a_practice_table_is_shown_and_marked_in_the_replay(
    browser: Any, server: dict[str, Any]
) -> None:
    """The practice table made in the lobby offers "Hint"; its answer lists legal placements with
    their expected points; the placement that follows is marked in the replay (and in its record)."""
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(server["url"] + "/")
    for seat in (1, 2, 3):
        page.select_option(f"#kind-{seat}", "bot")
    page.fill("#target", "20")
    page.check("#practice")
    page.click("#create-button")
    open_and_start(page)
    hinted = False
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if status_past_settlements(page, timeout=30_000) == "over":
            break
        if not hinted:
            assert page.locator("#hint").is_enabled()
            page.click("#hint")
            page.wait_for_selector("#hint-list li.hint-play", timeout=240_000)  # may compile the search
            items = page.locator("#hint-list li.hint-play")
            assert 1 <= items.count() <= 3
            assert "points expected" in items.first.inner_text()  # in words, with its points
            shot(page, "practice-hint-desktop")
            hinted = True
        take_turn(page, use_svg=False)
    assert hinted and page.locator("#winner").count() == 1
    table = page.url.rstrip("/").split("/")[-1].split("?")[0]
    marks = api(server, f"/api/matches/{table}")["hinted"]
    assert len(marks) == 1, marks
    hand, play = marks[0]
    page.goto(f"{server['url']}/replay/{table}")
    page.wait_for_selector("#where[data-step='0']")
    page.select_option("#hand", str(hand))
    for step in range(1, play + 2):
        page.click("#next")
        page.wait_for_selector(f"#where[data-step='{step}']")
        marked = page.locator("#hinted-mark").count()
        assert marked == (1 if step == play + 1 else 0), (step, marked)
    assert "after a hint" in page.locator("#hinted-mark").inner_text()
    shot(page, "replay-hinted")
    context.close()
