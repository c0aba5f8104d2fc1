"""Browser tests of accounts and ratings (issue 20): Chromium signs up, logs out and in, sees its
profile; two accounts play a rated match with two bots and both profiles show the rating change."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.servers import server_on
from tests.web.test_browser import (  # the fixtures and helpers of the browser tests
    CHROMIUM,
    DESKTOP,
    STATUS_JS,
    browser,  # noqa: F401
    shot,
    take_turn,
)

pytestmark = [
    pytest.mark.timeout(180),
    pytest.mark.skipif(
        not CHROMIUM.exists() and not os.environ.get("CI"), reason=f"Chromium is not installed at {CHROMIUM}"
    ),
]
PASSWORD = "a long enough secret"


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[dict[str, Any]]:
    """The server on SQLite, then on PostgreSQL."""
    with server_on(
        request.param, request, tmp_path_factory.mktemp("accounts"), args=("--bot-delay", "0.05")
    ) as running:
        yield running


def sign_up(page: Any, url: str, name: str) -> None:
    page.goto(url + "/signup")
    page.fill("#name", name)
    page.fill("#password", PASSWORD)
    page.fill("#password2", PASSWORD)
    page.click("#submit")
    page.wait_for_url(f"**/players/{name}")


def test_sign_up_log_out_log_in_and_the_profile(browser: Any, server: dict[str, Any]) -> None:  # noqa: F811
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    url = server["url"]
    # a bad form is explained, and keeps the name
    page.goto(url + "/signup")
    page.fill("#name", "Nadia")
    page.fill("#password", "short")
    page.fill("#password2", "short")
    page.click("#submit")
    assert "a password is 8 to 256 characters long" in page.locator("#form-error").inner_text()
    assert page.input_value("#name") == "Nadia"
    sign_up(page, url, "Nadia")
    assert page.locator("#player-name").inner_text() == "Nadia"
    assert page.locator("#no-history").count() == 1
    shot(page, "account-profile-desktop")
    # the lobby's header knows who is logged in, and offers rated tables
    page.goto(url + "/")
    page.wait_for_selector("#nav-me")
    assert page.locator("#nav-me").inner_text() == "Nadia"
    page.wait_for_selector("#rated:not([disabled])")
    page.click("#nav-leaderboard")
    page.wait_for_selector("#bot-ratings")
    # log out (a form with the session's token), then the lobby offers log-in again
    page.click("#nav-logout")
    page.click("#submit")
    page.wait_for_url(url + "/")
    page.wait_for_selector("#nav-login")
    page.wait_for_selector("#rated[disabled]")
    # a wrong password is refused with the reason; the right one opens the profile
    page.click("#nav-login")
    page.fill("#name", "nadia")
    page.fill("#password", "not the password")
    page.click("#submit")
    assert page.locator("#form-error").inner_text() == "wrong user name or password"
    page.fill("#password", PASSWORD)
    page.click("#submit")
    page.wait_for_url("**/players/Nadia")
    assert page.locator("#nav-me").inner_text() == "Nadia"
    # the pages speak Arabic right to left
    page.goto(url + "/login?lang=ar")
    assert page.locator("html").get_attribute("dir") == "rtl"
    assert page.locator("#account-title").inner_text() == "تسجيل الدخول"
    context.close()


def test_a_rated_match_of_two_accounts_in_two_browsers(browser: Any, server: dict[str, Any]) -> None:  # noqa: F811
    url = server["url"]
    first, second = browser.new_context(viewport=DESKTOP), browser.new_context(viewport=DESKTOP)
    leyla, omar = first.new_page(), second.new_page()
    sign_up(leyla, url, "Leyla")
    sign_up(omar, url, "Omar")
    leyla.goto(url + "/?lang=en")
    for seat, kind in enumerate(["me", "friend", "bot", "bot"]):
        leyla.select_option(f"#kind-{seat}", kind)
    leyla.select_option("#bot-2", "greedy")
    leyla.select_option("#bot-3", "expert")
    leyla.fill("#target", "25")
    leyla.check("#rated")
    leyla.click("#create-button")
    leyla.wait_for_selector("#open-table")
    friend_link = leyla.locator(".friend-link[data-seat='1']").get_attribute("href")
    leyla.click("#open-table")
    leyla.wait_for_selector("#start")
    omar.goto(url + friend_link)
    omar.wait_for_function("() => document.querySelector('#role').textContent.includes('seat 1')")
    leyla.wait_for_selector("#seat-links .seat-taken[data-seat='1']")
    leyla.click("#start")
    pages = {0: leyla, 1: omar}
    deadline = time.monotonic() + 150
    while time.monotonic() < deadline:
        statuses = {seat: page.evaluate(STATUS_JS) for seat, page in pages.items()}
        if all(s == "over" for s in statuses.values()):
            break
        acted = False
        for seat, page in pages.items():
            if statuses[seat] == "turn":
                take_turn(page, use_svg=False)
                acted = True
            elif statuses[seat] == "next":
                page.click("#next-hand")
                page.wait_for_function("() => !document.querySelector('#next-hand')", timeout=10_000)
                acted = True
        if not acted:
            time.sleep(0.05)
    assert all(page.evaluate(STATUS_JS) == "over" for page in pages.values()), "the match did not end"
    table = leyla.url.split("/table/")[1].split("?")[0]
    changes = {}
    for page, name in ((leyla, "Leyla"), (omar, "Omar")):
        page.goto(f"{url}/players/{name}")
        for _ in range(50):  # the ratings are updated just after the match ends
            if page.locator(f".rating-change[data-table='{table}']").count():
                break
            time.sleep(0.1)
            page.reload()
        change = page.locator(f".rating-change[data-table='{table}']")
        assert change.count() == 1, f"no rating change on {name}'s profile"
        changes[name] = float(change.inner_text().replace("−", "-"))
        assert page.locator("#rating-chart circle").count() == 2
        assert page.locator("#rated-count").inner_text() == "1"
        assert page.locator(f"a.replay-link[href='/replay/{table}']").count() == 1
        shot(page, f"rated-profile-{name.lower()}")
    assert changes["Leyla"] != changes["Omar"]  # one partnership won, the other lost
    leyla.goto(url + "/leaderboard")
    names = leyla.locator("#leaderboard tbody td a").all_inner_texts()
    assert sorted(names) == ["Leyla", "Omar"]
    assert names[0] == max(changes, key=changes.__getitem__)
    first.close()
    second.close()
