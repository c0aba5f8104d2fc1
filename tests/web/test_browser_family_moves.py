"""Browser tests of what the family's games add to a move, clicked in Chromium: Sea Goat's hundred
declared on the page with its record on the score sheet, the hundred hand won (the match's end in
the game's words) and its lead in words in the replay, General's partner signals as each
partner's page shows them, and Matador's open half chosen with a button, each move said in words
in the log (no notation). Several doubles in one move and a closed double are clicked in
``test_browser_family.py`` (Donkey).

Each table's deals and bots come from ``SEVENROCKS_DEAL_SEED`` (one server per test, so that each
test's table is the server's first): the seeds below were found by playing seat 0 over the
WebSocket as these clicks do (the first playable tile of the hand, its first place), so the
moment each test looks for comes within a few moves.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from tests.web.servers import running_server
from tests.web.test_browser import CHROMIUM, DESKTOP, browser, shot, take_turn
from tests.web.test_browser_family import _started

playwright_sync = pytest.importorskip("playwright.sync_api")

__all__ = ["browser"]  # the fixture, shared with the other browser tests

pytestmark = [
    pytest.mark.timeout(180),
    pytest.mark.skipif(not CHROMIUM.exists(), reason=f"Chromium is not installed at {CHROMIUM}"),
]

#: Sea Goat, seat 0 a person and three random bots: after the first hand seats 0+2 hold the
#: record, and in the second hand seat 0 holds 6-6 and may declare a hundred.
SEA_SEED = 10
#: General, seats 0 and 2 people: seat 2 is dealt 0-0 and 6-6, seat 0 neither.
GENERAL_SEED = 4
#: Matador, seat 0 a person: its first move may place a matador, leaving a half of its choice open.
MATADOR_SEED = 0

#: the engine's notation, which the page's words never show
NOTATION = re.compile(r"@|:(?:low|high|A|B|bA|bB)\b|#|→")

# What the page asks of seat 0 now: a hundred to declare, the end, a settlement, its move.
SEA_STATUS_JS = """() => {
  if (document.querySelector('#declare-hundred')) return 'hundred';
  if (document.querySelector('#winner')) return 'over';
  if (document.querySelector('#next-hand')) return 'next';
  const banner = document.querySelector('#banner');
  const playable = document.querySelector('.hand button.tile.playable');
  if (banner && banner.classList.contains('your-turn') && playable) return 'turn';
  return '';
}"""


def _server(tmp_path: Any, seed: int) -> Any:
    env = {"SEVENROCKS_DEAL_SEED": str(seed)}
    return running_server(tmp_path / "web.db", args=("--bot-delay", "0.05"), env=env)


def test_a_sea_goat_hundred_is_declared_by_click_and_the_sheet_shows_it(browser: Any, tmp_path: Any) -> None:
    with _server(tmp_path, SEA_SEED) as server:
        body = {
            "game": "sea-kozel",
            "seats": [{"kind": "me", "name": "Leyla"}] + [{"kind": "bot", "bot": "random"}] * 3,
        }
        page, made = _started(browser, server, body)
        deadline = time.monotonic() + 120
        status = ""
        while time.monotonic() < deadline:
            page.wait_for_function(SEA_STATUS_JS, timeout=20_000)
            status = page.evaluate(SEA_STATUS_JS)
            if status in ("hundred", "over"):
                break
            if status == "next":
                page.click("#next-hand")
                page.wait_for_function("() => !document.querySelector('#next-hand')", timeout=10_000)
                continue
            take_turn(page, use_svg=False)
        assert status == "hundred", "seat 0 was never offered a hundred"
        banner = page.locator("#banner").inner_text()
        assert "you may declare a hundred" in banner, banner
        # the sheet: the record won in the first hand, no hundred yet
        assert page.locator("#sheet-record").inner_text() == "record: seats 0+2 with 33"
        assert page.locator("#sheet-hundred").count() == 0
        page.click("#declare-hundred")
        page.wait_for_selector("#sheet-hundred")
        assert page.locator("#sheet-hundred").inner_text() == "hundred hand of seat 0 · Leyla (you)"
        assert page.locator("#declare-hundred").count() == 0
        # the declarer leads 6-6: the only tile it may place
        page.wait_for_selector(".hand button.tile.playable")
        assert [b.get_attribute("data-tile") for b in page.locator(".hand button.tile.playable").all()] == [
            "6-6"
        ]
        page.click(".hand button.tile.playable")  # shows where it goes
        page.wait_for_selector("#options button.option")
        page.click(".hand button.tile.playable")  # and places it
        page.wait_for_function("() => document.querySelectorAll('#log li').length > 0")
        first = page.locator("#log li").first.inner_text()
        assert first == "Leyla (seat 0) (you) led 6-6", first
        shot(page, "sea-kozel-hundred-desktop")
        assert page.locator("#sheet-record").inner_text() == "record: seats 0+2 with 33"
        # the declarer's side wins the hundred hand, and with it the match: Sea Goat's event
        while page.evaluate(SEA_STATUS_JS) != "over" and time.monotonic() < deadline:
            page.wait_for_function(SEA_STATUS_JS, timeout=20_000)
            if page.evaluate(SEA_STATUS_JS) == "turn":
                take_turn(page, use_svg=False)
        assert page.locator("#winner").inner_text().startswith("you and your partner win")
        result = page.locator("#result-text").inner_text()
        assert "the hundred hand is won: the match goes to seats 0+2 (you)" in result, result
        shot(page, "sea-kozel-hundred-won-desktop")
        # the replay says the declared lead in words
        page.goto(server["url"] + f"/replay/{made['table']}")
        page.wait_for_selector("#where[data-step='0']")
        page.select_option("#hand", "1")
        page.click("#next")
        page.wait_for_selector("#where[data-step='1']")
        assert page.locator("#event").inner_text() == "Leyla (seat 0) led 6-6."


def test_general_partners_see_each_others_signals(browser: Any, tmp_path: Any) -> None:
    with _server(tmp_path, GENERAL_SEED) as server:
        body = {
            "game": "general",
            "seats": [
                {"kind": "me"},
                {"kind": "bot", "bot": "random"},
                {"kind": "friend"},
                {"kind": "bot", "bot": "random"},
            ],
        }
        page, made = _started(browser, server, body)
        link = next(seat["link"] for seat in made["seats"] if seat["seat"] == 2)
        partner = browser.new_context(viewport=DESKTOP).new_page()
        partner.goto(server["url"] + link)
        partner.wait_for_function("() => document.querySelector('#role').textContent.includes('seat 2')")
        partner.wait_for_selector(".hand button.tile")
        page.wait_for_selector(".hand button.tile")

        def hand(p: Any) -> set[str]:
            return {b.get_attribute("data-tile") for b in p.locator(".hand button.tile").all()}

        def signals(p: Any) -> str:
            node = p.locator("#options .signals")
            return node.inner_text() if node.count() else ""

        mine, theirs = hand(page), hand(partner)
        assert len(mine) == len(theirs) == 7 and not mine & theirs
        # seat 0 sees the partner's wink and puffed cheek: seat 2 holds both doubles
        said = signals(page)
        assert ("winks: it holds 0-0" in said) == ("0-0" in theirs), (said, theirs)
        assert ("puffs a cheek: it holds 6-6" in said) == ("6-6" in theirs), (said, theirs)
        assert {"0-0", "6-6"} <= theirs, "the seed deals both doubles to seat 2"
        # and seat 2 sees nothing from seat 0, which holds neither
        assert not {"0-0", "6-6"} & mine
        assert signals(partner) == ""
        shot(page, "general-signals-desktop")


def test_matador_leaves_the_half_it_chooses_open(browser: Any, tmp_path: Any) -> None:
    with _server(tmp_path, MATADOR_SEED) as server:
        body = {
            "game": "matador",
            "seats": [{"kind": "me", "name": "Leyla"}, {"kind": "bot", "bot": "random"}],
        }
        page, _ = _started(browser, server, body)
        deadline = time.monotonic() + 60
        chosen = None
        while time.monotonic() < deadline and chosen is None:
            page.wait_for_function(
                "() => document.querySelector('#banner.your-turn')"
                " && document.querySelector('.hand button.tile.playable')",
                timeout=20_000,
            )
            matadors = page.locator(".hand button.tile.playable[data-open-half]")
            if not matadors.count():
                take_turn(page, use_svg=False)
                continue
            tile = matadors.first.get_attribute("data-tile")
            matadors.first.click()
            options = page.locator("#options button.option")
            options.first.wait_for()
            texts = [options.nth(i).inner_text() for i in range(options.count())]
            assert all(not NOTATION.search(text) for text in texts), texts
            halves = [text for text in texts if ", open half " in text]
            assert halves and all(text.startswith(f"{tile} on the ") for text in halves), texts
            half = halves[0].rsplit(" ", 1)[1]
            assert half in tile.split("-")
            # Matador counts no ends: the places on the layout carry no score hints
            assert page.locator("#layout .score-hint").count() == 0
            assert page.locator("#layout [data-point].target").count() >= 1
            shot(page, "matador-open-half-choice-desktop")
            before = page.locator("#log li").count()
            page.locator("#options button.option", has_text=halves[0]).first.click()
            page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {before}")
            chosen = (tile, half)
        assert chosen is not None, "seat 0 never held a matador to place"
        tile, half = chosen
        entries = [li.inner_text() for li in page.locator("#log li").all()]
        mine = [e for e in entries if e.startswith("Leyla (seat 0) (you) placed ")]
        assert mine and mine[-1].startswith(f"Leyla (seat 0) (you) placed {tile} on the ")
        assert mine[-1].endswith(f", open half {half}"), mine[-1]
        assert all(not NOTATION.search(e) for e in entries), entries
        assert page.locator(f"#layout [data-tile='{tile}']").count() == 1, "the matador is on the layout"
