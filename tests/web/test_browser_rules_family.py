"""Browser tests of the family's guides: Chromium steps a figure of ``/rules/<game>`` with the
buttons and the arrow keys, under the page's content security policy.

Screenshots: ``artifacts/screenshots/rules-donkey.png``, ``rules-kozel-ar.png``.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from sevenrocks.guide.family import family_guide
from tests.web.test_browser import CHROMIUM, DESKTOP, VIOLATIONS_JS, browser, server, shot
from tests.web.test_browser_i18n import shot_viewport

__all__ = ["browser", "server"]

pytestmark = [
    pytest.mark.timeout(120),
    pytest.mark.skipif(
        not CHROMIUM.exists() and not os.environ.get("CI"),
        reason=f"Chromium is not installed at {CHROMIUM}",
    ),
]


def test_stepping_a_family_figure(browser: Any, server: dict[str, Any]) -> None:
    guide = family_guide("donkey", "en")
    figure = guide.figures[0]
    context = browser.new_context(viewport=DESKTOP, locale="en")
    context.add_init_script(VIOLATIONS_JS)
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    response = page.goto(server["url"] + "/rules/donkey")
    assert "script-src 'self'" in response.headers["content-security-policy"]
    assert page.title() == guide.title
    box = page.locator(f"#figure-{figure.key}")
    box.scroll_into_view_if_needed()
    caption = box.locator(".caption")
    assert caption.inner_text().strip() == figure.step().caption
    box.locator("[data-go='first']").click()
    assert box.get_attribute("data-step") == "1"
    assert caption.inner_text().strip() == figure.step(1).caption
    assert box.locator("[data-go='prev']").is_disabled()
    for number in range(2, len(figure.steps) + 1):
        box.locator("[data-go='next']").click()
        assert box.get_attribute("data-step") == str(number)
        assert caption.inner_text().strip() == figure.step(number).caption
        tiles = box.locator(".figure-svg svg rect.tile, .figure-svg svg g.tile").count()
        assert tiles >= 1
    assert box.locator("[data-go='next']").is_disabled()
    box.locator("[data-go='prev']").focus()
    page.keyboard.press("ArrowLeft")
    assert box.get_attribute("data-step") == str(len(figure.steps) - 1)
    page.keyboard.press("Home")
    assert box.get_attribute("data-step") == "1"
    shot(page, "rules-donkey")
    # the guide links back to the list of guides, which links to every game
    page.click("#back-to-rules")
    page.wait_for_selector("nav.game-guides a[data-game='sausage']")
    for path in ("/rules/sausage", "/rules/kozel?lang=ar", "/rules/nope"):
        page.goto(server["url"] + path)
        page.wait_for_load_state("networkidle")
        assert page.evaluate("() => window.__violations") == [], path
    assert not [text for text in console if "Content Security Policy" in text], console
    context.close()


def test_arabic_family_guide_is_right_to_left(browser: Any, server: dict[str, Any]) -> None:
    guide = family_guide("kozel", "ar")
    context = browser.new_context(viewport=DESKTOP, locale="ar")
    page = context.new_page()
    page.goto(server["url"] + "/rules/kozel")
    assert page.get_attribute("html", "dir") == "rtl"
    assert page.evaluate("getComputedStyle(document.body).direction") == "rtl"
    assert page.evaluate("getComputedStyle(document.querySelector('.figure-svg')).direction") == "ltr"
    titles = page.locator(".rules-section h3").all_inner_texts()
    assert titles == [f"{n}. {s.title}" for n, s in enumerate(guide.sections, start=1)]
    figure = guide.figures[0]
    box = page.locator(f"#figure-{figure.key}")
    box.locator("[data-go='first']").click()
    box.locator("[data-go='first']").focus()
    page.keyboard.press("ArrowLeft")  # right to left: the next play is to the left
    assert box.get_attribute("data-step") == "2"
    assert box.locator(".caption").inner_text().strip() == figure.step(2).caption
    shot_viewport(page, "rules-kozel-ar")
    context.close()
