"""The table page's board: the one of the server's few board shapes that shows the tiles biggest
in the board's area, and the same one again after the window is resized.

One page load; the board drawn at a desktop size and then at a phone held upright. The page says
its board area as it connects and again after the resize, and the server sends the layout drawn
on that one board only (the socket's messages are watched). Screenshots go to
``artifacts/screenshots/`` (``board-desktop.png``, ``board-phone.png``).
"""

from __future__ import annotations

import json
from typing import Any

from sevenrocks import svg
from sevenrocks.core import Layout
from sevenrocks.geometry import geometry
from sevenrocks.web.render import BOARDS, best_board
from tests.web.test_browser import DESKTOP, PHONE, api, browser, server, shot, take_turn

__all__ = ["browser", "server"]  # the fixtures, shared with the other browser tests

#: The page's drawings: their board names and their viewBoxes' sizes, with the layout area's size.
BOARD_JS = """() => {
  const root = document.querySelector('#layout');
  const drawings = [...root.querySelectorAll('svg')];
  return {
    boards: drawings.map((svg) => svg.dataset.board),
    views: drawings.map((svg) => svg.getAttribute('viewBox').split(' ').map(Number).slice(2)),
    box: drawings.map((svg) => { const r = svg.getBoundingClientRect(); return [r.width, r.height]; }),
    area: [root.clientWidth, window.innerHeight * 0.62],
    points: root.querySelectorAll('[data-point]').length,
    ids: new Set([...root.querySelectorAll('[id]')].map((el) => el.id)).size
      === root.querySelectorAll('[id]').length,
  };
}"""


def _best(area: list[float]) -> str:
    """The board :func:`sevenrocks.web.render.best_board` chooses for an empty layout in ``area``."""
    drawn = {name: geometry(Layout(), board=size) for name, size in BOARDS.items()}
    return best_board(drawn, (area[0], area[1]))[0]


def _half(found: dict[str, Any]) -> float:
    """The pixels of half a tile in the page's drawing (its viewBox counts 40 a half tile)."""
    (w, h), (bw, bh) = found["views"][0], found["box"][0]
    return min(bw / w, bh / h) * svg.UNIT


def test_the_board_keeps_one_drawing_and_tiles_one_size(browser: Any, server: dict[str, Any]) -> None:
    made = api(server, "/api/tables", {"seats": [{"kind": "me"}] + [{"kind": "bot"}] * 3, "target": 1000})
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    sockets: list[str] = []  # the table socket's address
    said: list[Any] = []  # the board areas the page said after connecting
    drawn: list[int] = []  # how many boards each layout the server sent whole is drawn on

    def watch(ws: Any) -> None:
        sockets.append(ws.url)
        ws.on(
            "framesent",
            lambda payload: said.extend(
                [m["area"] for m in [json.loads(payload)] if m.get("type") == "sync" and "area" in m]
            ),
        )
        ws.on(
            "framereceived",
            lambda payload: drawn.extend(
                [
                    m["layout"]["svg"].count("<svg")
                    for m in [json.loads(payload)]
                    if m.get("type") in ("state", "placed") and (m.get("layout") or {}).get("svg")
                ]
            ),
        )

    page.on("websocket", watch)
    page.goto(server["url"] + made["link"])
    page.wait_for_selector("#start")
    page.click("#start")
    page.wait_for_selector("#layout svg")
    page.wait_for_function("() => document.querySelector('.hand button.tile.playable')", polling=50)
    take_turn(page, use_svg=False)
    # the bots play on after us: measure once the layout stands still, at our next turn
    page.wait_for_function("() => document.querySelector('#banner.your-turn, #next-hand')", polling=50)
    page.wait_for_selector("#layout svg[data-board]")
    first = page.evaluate(BOARD_JS)
    assert first["boards"] == [_best(first["area"])] and first["points"] >= 1 and first["ids"], first
    shot(page, "board-desktop")
    # tiles are not zoomed in on: a few tiles on the whole board, half a tile 20 to 45 pixels
    assert 20 <= _half(first) <= 45, first
    page.set_viewport_size(PHONE)
    page.wait_for_function(
        "() => document.querySelector('#layout svg[data-board]').dataset.board === 'tall'", polling=50
    )
    tall = page.evaluate(BOARD_JS)
    assert tall["boards"] == ["tall"] == [_best(tall["area"])] and tall["points"] == first["points"], tall
    assert 12 <= _half(tall) <= 30, tall
    shot(page, "board-phone")
    # the page says its new area once the resize has settled, and gets the state drawn for it
    for _ in range(100):
        if said and len(drawn) >= 2:
            break
        page.wait_for_timeout(50)
    assert sockets and all("area=" in url for url in sockets), sockets
    assert said == [[round(tall["area"][0]), round(tall["area"][1])]], said
    assert set(drawn) == {1} and len(drawn) >= 2, drawn  # never the three boards
    context.close()
