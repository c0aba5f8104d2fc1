"""Browser tests: Playwright driving Debian's Chromium against a real server on loopback.

Screenshots of the pages at a few moments are saved under ``artifacts/screenshots/``.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.servers import running_server

playwright_sync = pytest.importorskip("playwright.sync_api")

CHROMIUM = Path(os.environ.get("SEVENROCKS_CHROMIUM", "/usr/bin/chromium"))
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
SHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}

pytestmark = [
    pytest.mark.timeout(120),
    pytest.mark.skipif(
        not CHROMIUM.exists() and not os.environ.get("CI"),  # in CI a missing browser is a failure
        reason=f"Chromium is not installed at {CHROMIUM}",
    ),
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """``sevenrocks serve`` in a subprocess on a free loopback port, with its own database."""
    db = tmp_path_factory.mktemp("browser") / "web.db"
    with running_server(db, args=("--bot-delay", "0.05")) as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright_sync.sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS, headless=True)
        yield chromium
        chromium.close()


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def api(server: dict[str, Any], path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        server["url"] + path,
        data=data,
        headers={"content-type": "application/json"},
        method="POST" if data else "GET",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def create_from_lobby(page: Any, server: dict[str, Any], kinds: list[str], target: int) -> None:
    page.goto(server["url"] + "/")
    for seat, kind in enumerate(kinds):
        page.select_option(f"#kind-{seat}", kind)
    page.fill("#target", str(target))
    page.click("#create-button")
    page.wait_for_selector("#open-table")


# What the table page shows now: the winner, the settlement, our turn, or nothing to do yet.
STATUS_JS = """() => {
  if (document.querySelector('#winner')) return 'over';
  if (document.querySelector('#next-hand')) return 'next';
  const banner = document.querySelector('#banner');
  const playable = document.querySelector('.hand button.tile.playable');
  if (banner && banner.classList.contains('your-turn') && playable) return 'turn';
  return '';
}"""


# every score hint beside a ringed spot lies inside the drawn board (none cut off at its edge)
HINTS_INSIDE_JS = """() => {
  const svg = document.querySelector('#layout svg');
  const view = svg.viewBox.baseVal;
  return [...svg.querySelectorAll('.score-hint')].every((hint) => {
    const box = hint.getBBox();
    return box.x >= view.x - 0.5 && box.y >= view.y - 0.5
      && box.x + box.width <= view.x + view.width + 0.5 && box.y + box.height <= view.y + view.height + 0.5;
  });
}"""


def open_and_start(page: Any) -> None:
    """From the lobby's "table made" links: open the table as its creator and start the match."""
    page.wait_for_selector("#open-table")
    page.click("#open-table")
    page.wait_for_selector("#start")
    page.click("#start")
    page.wait_for_selector("#layout svg")


def status_past_settlements(page: Any, timeout: float = 20_000) -> str:
    """Wait until the page has something for the player: acknowledge each settlement ("next hand")
    and return what is left, ``turn`` or ``over``."""
    while True:
        page.wait_for_function(STATUS_JS, timeout=timeout)
        status: str = page.evaluate(STATUS_JS)
        if status != "next":
            return status
        page.click("#next-hand")
        page.wait_for_function("() => !document.querySelector('#next-hand')", timeout=10_000)


def choices_listed(page: Any, before: int) -> bool:
    """After a click on a tile of the hand: wait until its places are listed (True) or the tile
    was placed (False: the log has more than ``before`` lines), however slow the machine."""
    page.wait_for_function(
        "() => !!document.querySelector('#options button.option')"
        f" || document.querySelectorAll('#log li').length > {before}",
        polling=50,
        timeout=20_000,
    )
    return bool(page.locator("#options button.option").count())


def take_turn(page: Any, use_svg: bool) -> None:
    """Click a playable tile; if it has several places, click one (on the layout or the list).

    Returns once the placement shows in the hand's log.
    """
    before = page.locator("#log li").count()
    page.locator(".hand button.tile.playable").first.click()
    options = page.locator("#options button.option")
    if choices_listed(page, before):  # else one click placed it (the one-click setting)
        targets = page.locator("#layout [data-point].target")
        if use_svg and targets.count():
            targets.first.click()
        else:
            options.first.click()
    page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {before}", polling=50)


def test_person_plays_a_whole_match_against_three_bots(browser: Any, server: dict[str, Any]) -> None:
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    create_from_lobby(page, server, ["me", "bot", "bot", "bot"], target=40)
    shot(page, "lobby-created-desktop")
    page.click("#open-table")
    page.wait_for_selector("#start")
    page.click("#start")
    page.wait_for_selector("#layout svg")
    clicks = hands = 0
    selection_shot = settlement_shot = single_checked = False
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        page.wait_for_function(STATUS_JS, timeout=20_000)
        status = page.evaluate(STATUS_JS)
        if status == "over":
            break
        if status == "next":
            if not settlement_shot:
                shot(page, "settlement-desktop")
                settlement_shot = True
            page.click("#next-hand")
            hands += 1
            page.wait_for_function("() => !document.querySelector('#next-hand')", timeout=10_000)
            continue
        several = page.locator(".hand button.tile.playable[aria-label^='Choose']")
        if not selection_shot and several.count():
            # choose a tile with several places: the layout shows where it may go and what it scores
            before = page.locator("#log li").count()
            several.first.click()
            page.wait_for_selector("#layout [data-point].target")
            assert page.evaluate(HINTS_INSIDE_JS), "a score hint is cut off at the board's edge"
            shot(page, "choose-a-spot-desktop")
            page.set_viewport_size(PHONE)
            shot(page, "choose-a-spot-phone")
            page.set_viewport_size(DESKTOP)
            selection_shot = True
            page.locator("#layout [data-point].target").first.click()
            page.wait_for_function(
                f"() => document.querySelectorAll('#log li').length > {before}", polling=50
            )
            clicks += 1
            continue
        single = page.locator(".hand button.tile.playable[aria-label^='Place']")
        if not single_checked and single.count():
            # a tile with a single place is shown first (its button, its ring if the layout has
            # one): nothing is placed until the second click; the one-click setting places at once
            before = page.locator("#log li").count()
            tile = single.first.get_attribute("data-tile")
            single.first.click()
            page.wait_for_selector("#options button.option")
            assert page.locator("#options button.option").count() == 1
            page.wait_for_timeout(300)
            assert page.locator("#log li").count() == before, "one click placed a single-place tile"
            page.locator(f".hand button.tile[data-tile='{tile}']").click()
            page.wait_for_function(
                f"() => document.querySelectorAll('#log li').length > {before}", polling=50
            )
            page.check("#one-click")
            single_checked = True
            clicks += 1
            continue
        take_turn(page, use_svg=clicks % 2 == 0)
        clicks += 1
    assert single_checked, "no tile with a single place came up"
    assert page.locator("#winner").count() == 1, "the match did not end"
    shot(page, "match-over-desktop")
    text = page.locator("#winner").inner_text()
    assert re.search(r"Seats [02&13 ]+ win the match, \d+ to −?\d+", text), text
    assert clicks > 0
    context.close()


def _seat_link(page: Any) -> str:
    href: str = page.locator("#open-table").get_attribute("href")
    return href


def test_two_partners_in_two_browsers_play_a_hand(browser: Any, server: dict[str, Any]) -> None:
    first = browser.new_context(viewport=DESKTOP)
    second = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    creator = first.new_page()
    create_from_lobby(creator, server, ["me", "bot", "friend", "bot"], target=1000)
    friend_link = creator.locator(".friend-link[data-seat='2']").get_attribute("href")
    creator.click("#open-table")
    creator.wait_for_selector("#start")
    # the creator's page shows the friend's link again, to send it, while nobody has taken the seat
    assert creator.locator("#seat-links a.seat-link[data-seat='2']").get_attribute("href") == friend_link
    friend = second.new_page()
    friend.goto(server["url"] + friend_link)
    friend.wait_for_function("() => document.querySelector('#role').textContent.includes('seat 2')")
    # once the friend's browser holds the seat, the creator sees it taken and no longer has its link
    creator.wait_for_selector("#seat-links .seat-taken[data-seat='2']")
    assert creator.locator("#seat-links a.seat-link").count() == 0
    # the link opened in another browser (here the creator's) is refused, with the reason
    intruder = first.new_page()
    intruder.goto(server["url"] + friend_link)
    intruder.wait_for_selector("#connection .error-text")
    assert "taken" in intruder.locator("#connection").inner_text()
    assert intruder.locator(".hand button.tile").count() == 0
    intruder.close()
    creator.click("#start")
    pages = {0: creator, 2: friend}
    played = {0: 0, 2: 0}
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        statuses = {seat: page.evaluate(STATUS_JS) for seat, page in pages.items()}
        if all(s == "next" for s in statuses.values()):
            break
        acted = False
        for seat, page in pages.items():
            if statuses[seat] == "turn":
                take_turn(page, use_svg=seat == 0)
                played[seat] += 1
                acted = True
                if seat == 2 and played[2] == 2:
                    shot(friend, "partner-phone")
        if not acted:
            time.sleep(0.05)
    assert played[0] and played[2], played
    shot(creator, "partners-settlement-desktop")
    friend.screenshot(path=str(SHOTS / "partners-settlement-phone.png"))  # the viewport, as a phone shows it
    creator.click("#next-hand")
    creator.wait_for_selector("text=Waiting for")
    friend.click("#next-hand")
    for page in pages.values():
        page.wait_for_function(
            "() => !document.querySelector('#next-hand') && !document.querySelector('#settlement')"
        )
        page.wait_for_function("() => document.querySelector('#scoreline').textContent.includes('hand 2')")
    first.close()
    second.close()


def test_reconnect_returns_to_the_same_seat_and_position(browser: Any, server: dict[str, Any]) -> None:
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    create_from_lobby(page, server, ["bot", "me", "bot", "bot"], target=1000)
    link = _seat_link(page)
    page.click("#open-table")
    page.click("#start")
    page.wait_for_function(STATUS_JS)
    if page.evaluate(STATUS_JS) == "turn":
        take_turn(page, use_svg=False)
    page.wait_for_function("() => document.querySelector('#log').children.length > 0")
    time.sleep(0.2)
    before = page.eval_on_selector_all(".hand button.tile", "els => els.map(e => e.dataset.tile)")
    log_before = page.locator("#log li").count()
    page.close()  # the person leaves: the table waits for them at their turn
    again = context.new_page()
    again.goto(server["url"] + link)
    again.wait_for_function("() => document.querySelector('#role').textContent.includes('you are seat 1')")
    again.wait_for_selector(".hand button.tile")
    after = again.eval_on_selector_all(".hand button.tile", "els => els.map(e => e.dataset.tile)")
    assert after and set(after) <= set(before), (before, after)
    assert again.locator("#log li").count() >= log_before
    shot(again, "reconnected-desktop")
    context.close()


def _hidden_tiles(db: Path, table: str) -> set[str]:
    """The tiles still in the hands of the current hand, read from the server's database."""
    with sqlite3.connect(db) as conn:
        rows = conn.execute(
            "SELECT kind, data FROM sevenrocks_events WHERE table_id = ? ORDER BY seq", (table,)
        ).fetchall()
    held: set[str] = set()
    for kind, data in rows:
        event = json.loads(data)
        if kind == "hand":
            held = {t for hand in event["deal"] for t in hand}
        else:
            held.discard("-".join(sorted(event["play"].split("@")[0].split("-"))))
    return held


def test_spectator_sees_no_hidden_tile(browser: Any, server: dict[str, Any]) -> None:
    made = api(server, "/api/tables", {"seats": [{"kind": "me"}] + [{"kind": "bot"}] * 3, "target": 1000})
    player_context = browser.new_context(viewport=DESKTOP)
    player = player_context.new_page()
    player.goto(server["url"] + made["link"])
    player.click("#start")
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    watcher = context.new_page()
    watcher.goto(server["url"] + made["watch"])
    watcher.wait_for_function("() => document.querySelector('#role').textContent.startsWith('Watching')")
    for _ in range(3):  # the person plays a few tiles while the spectator watches
        player.wait_for_function(STATUS_JS, timeout=20_000)
        if player.evaluate(STATUS_JS) != "turn":
            break
        take_turn(player, use_svg=False)
    watcher.wait_for_function("() => document.querySelector('#log').children.length >= 3")
    hidden = _hidden_tiles(server["db"], made["table"])
    assert len(hidden) >= 10
    assert watcher.locator(".hand button.tile").count() == 0
    drawn = set(watcher.eval_on_selector_all("[data-tile]", "els => els.map(e => e.dataset.tile)"))
    text = watcher.evaluate("() => document.body.innerText")
    words = set(re.findall(r"(?<![\d.])[0-6]-[0-6](?![\d.])", text)) | drawn
    still_hidden = _hidden_tiles(server["db"], made["table"])
    assert not (words & still_hidden), words & still_hidden
    shot(watcher, "spectator-phone")
    context.close()
    player_context.close()


def test_replay_viewer_steps_through_a_stored_match(browser: Any, server: dict[str, Any]) -> None:
    made = api(server, "/api/tables", {"seats": [{"kind": "bot", "bot": "greedy"}] * 4, "target": 60})
    api(server, f"/api/tables/{made['table']}/start", {"admin": made["admin"]})
    deadline = time.monotonic() + 60
    while api(server, f"/api/tables/{made['table']}")["status"] != "over":
        assert time.monotonic() < deadline
        time.sleep(0.2)
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(server["url"] + "/")
    page.click(f"a[href='/replay/{made['table']}']")
    page.wait_for_selector("#where[data-step='0']")
    assert page.locator("#layout [data-tile]").count() == 0
    page.click("#next")
    page.wait_for_selector("#where[data-step='1']")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("#where[data-step='3']")
    assert page.locator("#layout [data-tile]").count() == 3
    said = page.locator(
        "#event"
    ).inner_text()  # in words: "greedy bot (seat 2) placed 4-6 on the left arm: …"
    assert re.search(r"\(seat \d\) placed \d-\d on the (left|right|upper|lower) arm: ends \d+", said), said
    assert "@" not in said and "→" not in said, said
    shot(page, "replay-desktop")
    page.keyboard.press("End")
    page.wait_for_function("() => document.querySelector('#result').textContent.length > 0")
    page.click("#prev")
    page.wait_for_function("() => document.querySelector('#result').textContent.length === 0")
    with page.expect_download() as download:
        page.click("#download")
    record = json.loads(Path(download.value.path()).read_text())
    assert record["format"] == "sevenrocks-match" and record["players"][0] == "greedy bot"
    page.set_viewport_size(PHONE)
    shot(page, "replay-phone")
    context.close()


def test_a_turn_can_be_taken_with_the_keyboard_alone(browser: Any, server: dict[str, Any]) -> None:
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    create_from_lobby(page, server, ["me", "bot", "bot", "bot"], target=1000)
    page.keyboard.press("Enter")  # the lobby focuses the link to the new table
    page.wait_for_selector("#start")
    page.focus("#start")
    page.keyboard.press("Enter")
    for _ in range(2):
        page.wait_for_function(STATUS_JS, timeout=20_000)
        assert page.evaluate(STATUS_JS) == "turn"
        before = page.locator("#log li").count()
        page.locator(".hand button.tile.playable").first.focus()
        page.keyboard.press("Enter")
        if page.locator("#options button.option").count():
            # focus moved to the first place the tile can go; Escape cancels, Enter places
            assert page.evaluate("() => document.activeElement.classList.contains('option')")
            page.keyboard.press("Enter")
        page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {before}", polling=50)
    context.close()


VIOLATIONS_JS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__violations.push(e.violatedDirective + " " + e.blockedURI);
});
"""


def test_pages_run_under_their_content_security_policy(browser: Any, server: dict[str, Any]) -> None:
    """Every page works with its policy in force: no violation, and a seat link's secrets never
    leave in a Referer (the next page sees no referrer)."""
    made = api(server, "/api/tables", {"seats": [{"kind": "me"}] + [{"kind": "bot"}] * 3, "target": 20})
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(VIOLATIONS_JS)
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    response = page.goto(server["url"] + made["link"])
    headers = response.headers
    assert "script-src 'self'" in headers["content-security-policy"]
    assert headers["referrer-policy"] == "no-referrer" and headers["x-frame-options"] == "DENY"
    page.click("#start")
    page.wait_for_selector("#layout svg")
    page.click("#nav-rules")  # from a page whose address holds the seat's secrets
    page.wait_for_selector("figure.guide-figure")
    assert page.evaluate("() => document.referrer") == ""
    page.locator("figure.guide-figure [data-go='first']:not([disabled])").first.click()
    for path in ("/", f"/replay/{made['table']}", "/rules"):
        page.goto(server["url"] + path)
        page.wait_for_load_state("networkidle")
        assert page.evaluate("() => window.__violations") == [], path
    assert not [text for text in console if "Content Security Policy" in text], console
    context.close()
