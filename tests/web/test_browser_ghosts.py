"""Ghost tiles and drag and drop on the table page (issue 17, item 3).

Choosing a tile of the hand shows a ghost tile (translucent, dashed outline) at each spot a legal
placement would put it, with the points it scores beside it; a click on a ghost places the tile
there, and so does dragging the tile of the hand onto a ghost (pointer events: a mouse here).
What is legal is read from the messages the page itself received over its WebSocket.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.web.conftest import merge_placed
from tests.web.test_browser import CHROMIUM, DESKTOP, PHONE, STATUS_JS, api, browser, server, shot

__all__ = ["CHROMIUM", "browser", "server"]  # the fixtures, shared with tests/web/test_browser.py

pytestmark = [pytest.mark.timeout(120)]


class Wire:
    """The page's WebSocket as the test sees it: the state it holds, the intents it sent."""

    def __init__(self, page: Any) -> None:
        self.state: dict[str, Any] | None = None
        self.sent: list[dict[str, Any]] = []
        page.on("websocket", self._opened)

    def _opened(self, ws: Any) -> None:
        ws.on("framereceived", self._received)
        ws.on("framesent", lambda payload: self.sent.append(json.loads(payload)))

    def _received(self, payload: str | bytes) -> None:
        message = json.loads(payload)
        if message.get("type") == "state":
            self.state = message
        elif message.get("type") == "placed":
            self.state = merge_placed(self.state, message) or self.state

    def plays(self) -> list[str]:
        return [str(m["play"]) for m in self.sent if m.get("type") == "play"]


def _my_turn(page: Any, wire: Wire) -> dict[str, Any]:
    """Wait for a turn of ours (with the page's state up to date) and return that state."""
    while True:
        page.wait_for_function(STATUS_JS, timeout=20_000)
        if page.evaluate(STATUS_JS) != "next":
            break
        page.click("#next-hand")
        page.wait_for_function("() => !document.querySelector('#next-hand')", timeout=10_000)
    assert page.evaluate(STATUS_JS) == "turn"
    state = wire.state
    assert state is not None and state["turn"] == state["seat"]
    return state


def _sent(page: Any, wire: Wire, count: int) -> list[str]:
    """The plays the page sent, once there are ``count`` of them (within two seconds)."""
    for _ in range(40):
        if len(wire.plays()) >= count:
            break
        page.wait_for_timeout(50)
    return wire.plays()


def _open_table(browser: Any, server: dict[str, Any], touch: bool = False) -> tuple[Any, Any, Wire]:
    made = api(server, "/api/tables", {"seats": [{"kind": "me"}] + [{"kind": "bot"}] * 3, "target": 1000})
    context = browser.new_context(viewport=PHONE if touch else DESKTOP, has_touch=touch, is_mobile=touch)
    page = context.new_page()
    wire = Wire(page)
    page.goto(server["url"] + made["link"])
    page.click("#start")
    return context, page, wire


def _label(option: dict[str, Any]) -> str:
    return f"+{option['points']}" if option["points"] else f"→{option['ends_total']}"


GHOSTS_JS = """() => [...document.querySelectorAll('#layout .ghost')].map((g) => {
  const r = g.getBoundingClientRect(), board = document.querySelector('#layout svg').getBoundingClientRect();
  const label = document.querySelector(`#layout .ghost-points[data-play="${g.dataset.play}"]`);
  return { play: g.dataset.play, label: label ? label.textContent : null,
    inside: r.left >= board.left - 1 && r.top >= board.top - 1
      && r.right <= board.right + 1 && r.bottom <= board.bottom + 1 };
})"""


def test_ghosts_show_each_legal_spot_and_a_click_places_there(browser: Any, server: dict[str, Any]) -> None:
    context, page, wire = _open_table(browser, server)
    checked = 0
    for turn in range(3):  # three turns: the tile with the most places, twice, then the fewest
        state = _my_turn(page, wire)
        legal = state["legal"]
        playable = [t for t in state["hand"] if any(o["tile"] == t for o in legal)]
        counts = {t: sum(o["tile"] == t for o in legal) for t in playable}
        tile = (min if turn == 2 else max)(playable, key=lambda t: counts[t])
        options = [o for o in legal if o["tile"] == tile]
        before = len(wire.plays())
        page.click(f".hand button.tile[data-tile='{tile}']")
        page.wait_for_selector("#layout .ghost")
        ghosts = page.evaluate(GHOSTS_JS)
        # exactly one ghost for each legal placement of the tile, inside the board, its points beside it
        assert sorted(g["play"] for g in ghosts) == sorted(o["play"] for o in options), (ghosts, options)
        assert all(g["inside"] for g in ghosts), ghosts
        by_play = {o["play"]: o for o in options}
        assert all(g["label"] == _label(by_play[g["play"]]) for g in ghosts), (ghosts, options)
        # nothing is placed by choosing, even a tile with a single place
        page.wait_for_timeout(150)
        assert len(wire.plays()) == before
        shot(page, f"ghosts-desktop-{turn}")
        chosen = options[-1]["play"]
        page.locator(f"#layout .ghost[data-play='{chosen}']").click(force=True)
        assert _sent(page, wire, before + 1)[before:] == [chosen]
        logged = f"() => document.querySelector('#log li[data-play=\"{chosen}\"]')"
        page.wait_for_function(logged, timeout=5000)
        checked += 1
    assert checked == 3
    context.close()


class Finger:
    """A finger on the touch screen (Chromium's touch events, which the page gets as pointer
    events of type ``touch``), with the mouse's methods the drag uses."""

    def __init__(self, page: Any) -> None:
        self.cdp = page.context.new_cdp_session(page)
        self.at = (0.0, 0.0)

    def _touch(self, kind: str, x: float, y: float) -> None:
        points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})
        self.at = (x, y)

    def move(self, x: float, y: float, steps: int = 1) -> None:
        x0, y0 = self.at
        for i in range(1, steps + 1):
            self._touch("touchMove", x0 + (x - x0) * i / steps, y0 + (y - y0) * i / steps)

    def down(self, x: float, y: float) -> None:
        self._touch("touchStart", x, y)

    def up(self) -> None:
        self._touch("touchEnd", *self.at)


@pytest.mark.parametrize("pointer", ["mouse", "touch"])
def test_dragging_a_tile_onto_a_ghost_places_it(browser: Any, server: dict[str, Any], pointer: str) -> None:
    context, page, wire = _open_table(browser, server, touch=pointer == "touch")
    state = _my_turn(page, wire)
    legal = state["legal"]
    tile = next(t for t in state["hand"] if any(o["tile"] == t for o in legal))
    chosen = next(o for o in legal if o["tile"] == tile)["play"]
    start = page.locator(f".hand button.tile[data-tile='{tile}']").bounding_box()
    x, y = start["x"] + start["width"] / 2, start["y"] + start["height"] / 2
    if pointer == "mouse":
        hand: Any = page.mouse
        hand.move(x, y)
        hand.down()
    else:
        hand = Finger(page)
        hand.down(x, y)
    hand.move(x, y - 30, steps=4)
    # the drag shows the tile's ghosts and the tile under the pointer
    page.wait_for_selector(f"#layout .ghost[data-play='{chosen}']")
    assert page.locator(".drag-image").count() == 1
    target = page.locator(f"#layout .ghost[data-play='{chosen}'] .ghost-outline").bounding_box()
    hand.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2, steps=8)
    # (pointer moves are delivered with the next frame: wait for the last one)
    page.wait_for_selector(f"#layout .ghost.over[data-play='{chosen}']", timeout=2000)
    hand.up()
    page.wait_for_function("() => !document.querySelector('.drag-image')")
    assert _sent(page, wire, 1) == [chosen]
    page.wait_for_function(f"() => document.querySelector('#log li[data-play=\"{chosen}\"]')", timeout=5000)
    shot(page, f"ghost-dragged-{pointer}")
    context.close()


def test_a_click_soon_after_the_page_opened_chooses_the_tile(browser: Any, server: dict[str, Any]) -> None:
    # A click that ends a drag chooses nothing (it comes within 400 ms of the drag's end); a page
    # with no drag yet must take every click, even one in its first 400 ms. The page's clock is held
    # at 100 ms after it opened, as for a player (or a test) who clicks as soon as the hand shows.
    made = api(server, "/api/tables", {"seats": [{"kind": "me"}] + [{"kind": "bot"}] * 3, "target": 1000})
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script("performance.now = () => 100;")
    page = context.new_page()
    wire = Wire(page)
    page.goto(server["url"] + made["link"])
    page.click("#start")
    state = _my_turn(page, wire)
    tile = next(t for t in state["hand"] if any(o["tile"] == t for o in state["legal"]))
    page.click(f".hand button.tile[data-tile='{tile}']")
    page.wait_for_selector(f".hand button.tile.selected[data-tile='{tile}']", timeout=5000)
    assert page.locator("#options button.option").count() == sum(o["tile"] == tile for o in state["legal"])
    context.close()
