"""The table page applies the ``placed`` messages' patches of the drawing (Chromium).

A person plays against three bots; at each of their turns the drawing the page built from the
patches it was sent (``layout.svg_patch``, ``applyPlaced`` in ``static/table.js``) is the drawing a
second tab of the same browser shows from the whole ``state`` it gets when it joins, element for
element, and the page never had to ask for the whole state (``sync``) instead.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.web.conftest import merge_placed
from tests.web.test_browser import CHROMIUM, DESKTOP, STATUS_JS, api, browser, server, take_turn

__all__ = ["CHROMIUM", "browser", "server"]  # the fixtures, shared with tests/web/test_browser.py

pytestmark = [pytest.mark.timeout(180)]

#: the drawing the page shows (the board it kept), as the browser holds it
LAYOUT_JS = "() => { const svg = document.querySelector('#layout svg'); return svg ? svg.outerHTML : null; }"


class Patches:
    """The ``placed`` messages the page received, and the state they make of the ones before."""

    def __init__(self, page: Any) -> None:
        self.patched = 0
        self.syncs = 0
        #: the connections that said the page's board area (``area=`` in the socket's address)
        self.areas = 0
        self.state: dict[str, Any] | None = None
        page.on("websocket", self._opened)

    def _opened(self, ws: Any) -> None:
        self.areas += "area=" in ws.url
        ws.on("framereceived", self._received)
        ws.on("framesent", self._sent)

    def _sent(self, payload: str | bytes) -> None:
        message = json.loads(payload)
        if message.get("type") == "sync" and "area" in message:
            return  # the page says its board area again (docs/web.md): not a gap
        self.syncs += message.get("type") == "sync"

    def _received(self, payload: str | bytes) -> None:
        message = json.loads(payload)
        if message.get("type") == "state":
            self.state = message
        elif message.get("type") == "placed":
            if "svg_patch" in message["layout"]:
                self.patched += 1
            self.state = merge_placed(self.state, message)


def test_the_page_draws_from_patches_what_a_whole_state_draws(browser: Any, server: dict[str, Any]) -> None:
    made = api(server, "/api/tables", {"seats": [{"kind": "me"}] + [{"kind": "bot"}] * 3, "target": 1000})
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    patches = Patches(page)
    page.goto(server["url"] + made["link"])
    page.click("#start")
    compared = 0
    for _ in range(5):
        page.wait_for_function(STATUS_JS, timeout=30_000)
        if page.evaluate(STATUS_JS) != "turn":
            break  # the hand ended (a whole state): enough turns were compared
        shown = page.evaluate(LAYOUT_JS)
        held = page.evaluate("() => document.querySelectorAll('#layout [data-tile]').length")
        if held > 1:  # a patch made this drawing (the bots placed since the deal)
            other = context.new_page()  # the same browser: it joins the same seat with its session
            other.goto(server["url"] + made["link"])
            other.wait_for_function(STATUS_JS, timeout=30_000)
            assert other.evaluate(STATUS_JS) == "turn"
            assert other.evaluate(LAYOUT_JS) == shown, "the patched drawing is not the whole drawing"
            other.close()
            compared += 1
        take_turn(page, use_svg=False)
    assert compared >= 2 and patches.patched >= 2 * compared, (compared, patches.patched)
    assert patches.syncs == 0, "the page asked for the whole state: a patch did not apply"
    assert patches.areas >= 1, "the page never said its board area"
    assert patches.state is not None  # every placed message followed on from the state held
    context.close()
