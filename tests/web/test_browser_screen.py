"""The table page on one screen, and the accessibility of the pages (axe-core).

During a player's turn, at every reference size, the hand, the whole layout, both scores and the
target, whose turn it is and every placement choice are inside the viewport with nothing to
scroll: at the start of a hand and late in a hand with a long layout. One table, one page load:
the viewport is resized in place. Screenshots of each size go to ``artifacts/screenshots/``.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from tests.web.test_browser import (
    CHROMIUM,
    DESKTOP,
    SHOTS,
    STATUS_JS,
    api,
    browser,
    server,
    take_turn,
)

__all__ = ["CHROMIUM", "browser", "server"]  # the fixtures, shared with tests/web/test_browser.py

pytestmark = [pytest.mark.timeout(180)]

SIZES = [(1280, 800), (1366, 768), (1920, 1080), (390, 844), (844, 390)]

# Every element that must be in view, by what it shows; each one's failures as text.
IN_VIEW_JS = """(names) => {
  const W = window.innerWidth, H = window.innerHeight, bad = [];
  const root = document.scrollingElement;
  if (root.scrollHeight > H + 1 || root.scrollWidth > W + 1)
    bad.push(`the page scrolls: ${root.scrollWidth}x${root.scrollHeight}`);
  for (const [name, selector] of Object.entries(names)) {
    const nodes = document.querySelectorAll(selector);
    if (!nodes.length) { bad.push(`${name}: nothing matches ${selector}`); continue; }
    for (const node of nodes) {
      const r = node.getBoundingClientRect();
      if (r.width < 1 || r.height < 1) bad.push(`${name}: ${selector} is not drawn`);
      else if (r.left < -1 || r.top < -1 || r.right > W + 1 || r.bottom > H + 1)
        bad.push(`${name}: ${selector} at ${[r.left, r.top, r.right, r.bottom].map(Math.round)}`);
    }
  }
  return bad;
}"""

ON_TURN = {
    "hand": ".hand button.tile",
    "layout": "#layout, #layout svg g.tile, #layout [data-point]",  # the board, every tile and end
    "board": "#layout svg",
    "score of seats 0 & 2": "#score-0",
    "score of seats 1 & 3": "#score-1",
    "target": "#target",
    "whose turn": "#banner",
}
CHOICES = {
    "placement choices": "#options button.option",
    "spots on the layout": "#layout [data-point].target",
}


def check_every_size(page: Any, moment: str) -> None:
    """At each size: everything of the turn in view; a tile with several places shows them all."""
    several = page.locator(".hand button.tile.playable[aria-label^='Choose']")
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(120)
        failures = page.evaluate(IN_VIEW_JS, ON_TURN)
        assert not failures, (moment, width, height, failures)
        if several.count():
            several.first.click()
            page.wait_for_selector("#options button.option")
            failures = page.evaluate(IN_VIEW_JS, {**ON_TURN, **CHOICES})
            page.screenshot(path=str(SHOTS / f"table-{moment}-choosing-{width}x{height}.png"))
            page.keyboard.press("Escape")
            page.wait_for_function("() => !document.querySelector('#options button.option')")
            assert not failures, (moment, "choosing", width, height, failures)
        else:
            page.screenshot(path=str(SHOTS / f"table-{moment}-{width}x{height}.png"))


# What moved on the page: each "+10" shown by a score, and each drawing of a fresh placement.
WATCH_JS = """
window.__seen = { deltas: [], fresh: 0 };
new MutationObserver((records) => {
  for (const record of records) {
    const target = record.target;
    if (record.type === "attributes" && target.id === "layout" && target.classList.contains("fresh"))
      window.__seen.fresh += 1;
    for (const node of record.addedNodes || []) {
      if (node.nodeType !== 1) continue;
      for (const delta of node.querySelectorAll(".score-delta")) window.__seen.deltas.push(delta.textContent);
    }
  }
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["class"] });
"""


def wait_for_turn(page: Any) -> str:
    page.wait_for_function(STATUS_JS, timeout=20_000)
    status: str = page.evaluate(STATUS_JS)
    return status


def test_the_table_page_keeps_the_turn_on_one_screen(browser: Any, server: dict[str, Any]) -> None:
    made = api(server, "/api/tables", {"seats": [{"kind": "me"}] + [{"kind": "bot"}] * 3, "target": 1000})
    SHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(WATCH_JS)
    page = context.new_page()
    page.goto(server["url"] + made["link"])
    page.wait_for_selector("#start")
    # the creator is told to start: the button is in view at every size
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        failures = page.evaluate(IN_VIEW_JS, {"start": "#start", "whose turn": "#banner"})
        assert not failures, (width, height, failures)
    page.click("#start")
    # the start of a hand: the first turn of ours
    deadline = time.monotonic() + 120
    checked_start = checked_late = False
    while not checked_late and time.monotonic() < deadline:
        status = wait_for_turn(page)
        if status == "over":
            break
        if status == "next":
            page.click("#next-hand")
            page.wait_for_function("() => !document.querySelector('#next-hand')", timeout=10_000)
            continue
        placed = page.locator("#layout [data-tile]").count()
        if not checked_start and placed <= 3:
            check_every_size(page, "start")
            checked_start = True
        elif placed >= 13:
            check_every_size(page, "late")
            checked_late = True
            break
        take_turn(page, use_svg=False)
    assert checked_start and checked_late, (checked_start, checked_late)
    # placements arrived animated, and every score change showed by its score, signed
    seen = page.evaluate("() => window.__seen")
    assert seen["fresh"] > 0 and seen["deltas"], seen
    assert all(re.fullmatch(r"[+−][1-9]\d*", delta) for delta in seen["deltas"]), seen
    context.close()


def test_the_drawer_holds_the_log_and_links_on_a_phone(browser: Any, server: dict[str, Any]) -> None:
    made = api(server, "/api/tables", {"seats": [{"kind": "me"}] + [{"kind": "bot"}] * 3, "target": 1000})
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(server["url"] + made["link"])
    page.click("#start")
    # the hand has begun: a bot's lead is in the log, or it is our lead
    page.wait_for_function("() => document.querySelector('#log li, #banner.your-turn')", polling=50)
    assert not page.locator("#side").is_visible()
    page.click("#drawer-toggle")
    page.wait_for_function(
        "() => document.querySelector('#side').getBoundingClientRect().right <= innerWidth + 1"
    )
    assert page.locator("#legend li").count() == 4
    assert page.locator("#side a[href^='/table/']").is_visible()  # the watch link
    page.keyboard.press("Escape")
    page.wait_for_function("() => document.activeElement.id === 'drawer-toggle'")
    # the deal animates, except when the system asks for reduced motion
    motion = """() => { document.querySelector('#hand').classList.add('dealt');
      return getComputedStyle(document.querySelector('.hand button.tile')).animationName; }"""
    assert page.evaluate(motion) == "deal-in"
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate(motion) == "none"
    context.close()


axe_module = pytest.importorskip("axe_playwright_python.sync_playwright")


def serious(page: Any, name: str) -> list[str]:
    """The serious and critical axe-core violations of the page as it is now (and its screenshots
    at every size, ``<name>-<width>x<height>.png``)."""
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(SHOTS / f"{name}-{width}x{height}.png"))
    page.set_viewport_size(DESKTOP)
    results = axe_module.Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes'][:3]]}"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def test_pages_have_no_serious_accessibility_violations(browser: Any, server: dict[str, Any]) -> None:
    made = api(server, "/api/tables", {"seats": [{"kind": "bot", "bot": "greedy"}] * 4, "target": 20})
    api(server, f"/api/tables/{made['table']}/start", {"admin": made["admin"]})
    SHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport=DESKTOP, bypass_csp=True)  # axe is injected as a script
    page = context.new_page()
    found = {}
    page.goto(server["url"] + "/")
    page.wait_for_selector("#past li, #live li")
    found["lobby"] = serious(page, "lobby")
    page.goto(server["url"] + "/rules")
    page.wait_for_selector("figure.guide-figure")
    found["rules"] = serious(page, "rules")
    deadline = time.monotonic() + 60
    while api(server, f"/api/tables/{made['table']}")["status"] != "over":
        assert time.monotonic() < deadline
        time.sleep(0.2)
    page.goto(server["url"] + f"/replay/{made['table']}")
    page.wait_for_selector("#where[data-step='0']")
    page.click("#next")
    page.wait_for_selector("#layout [data-tile]")
    found["replay"] = serious(page, "replay")
    mine = api(server, "/api/tables", {"seats": [{"kind": "me"}] + [{"kind": "bot"}] * 3, "target": 1000})
    page.goto(server["url"] + mine["link"])
    page.click("#start")
    page.wait_for_function(STATUS_JS, timeout=20_000)
    found["table"] = serious(page, "table")
    # tiles have accessible names: the hand's buttons and the layout's tiles
    names = page.eval_on_selector_all(
        ".hand button.tile", "els => els.map(e => e.getAttribute('aria-label'))"
    )
    assert names and all(name and re.search(r"\d-\d", name) for name in names), names
    assert page.eval_on_selector_all(
        "#layout g.tile", "els => els.every(e => /\\d-\\d/.test(e.getAttribute('aria-label') || ''))"
    )
    assert found == {page: [] for page in found}, found
    context.close()
