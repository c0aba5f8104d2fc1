"""The table page on a phone: the header fits the width, the drawer keeps the focus while open.

At 390 x 844 no page scrolls sideways, in any language (the header's links fit, the language
switch by its codes); the drawer with the table controls, the log and the links is a dialog while
open: Tab and Shift+Tab cycle inside it, Escape closes it, and the focus goes back to its button.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.test_browser import CHROMIUM, PHONE, api, browser, server, shot

__all__ = ["CHROMIUM", "browser", "server"]  # the fixtures, shared with tests/web/test_browser.py

pytestmark = [pytest.mark.timeout(120)]

WIDTHS_JS = """() => {
  const header = document.querySelector('header.top');
  const out = (a) => {
    const r = a.getBoundingClientRect();
    return r.width < 1 || r.left < -1 || r.right > innerWidth + 1;
  };
  return { page: document.documentElement.scrollWidth, inner: innerWidth, header: header.scrollWidth,
    headerBox: header.clientWidth, links: [...header.querySelectorAll('a')].filter(out).length };
}"""


def test_no_page_scrolls_sideways_on_a_phone(browser: Any, server: dict[str, Any]) -> None:
    made = api(server, "/api/tables", {"seats": [{"kind": "me"}] + [{"kind": "bot"}] * 3, "target": 1000})
    context = browser.new_context(viewport=PHONE)  # a fixed layout viewport: what overflows, scrolls
    page = context.new_page()
    for lang in ("en", "ar", "tr", "ru"):
        for path in ("/", "/rules", made["link"], f"/replay/{made['table']}"):
            page.goto(server["url"] + path + ("&" if "?" in path else "?") + f"lang={lang}")
            page.wait_for_selector("header.top nav.langs a")
            widths = page.evaluate(WIDTHS_JS)
            assert widths["page"] <= widths["inner"], (lang, path, widths)
            assert widths["header"] <= widths["headerBox"], (lang, path, widths)
            assert widths["links"] == 0, (lang, path, widths)  # every link of the header in view
            if path == made["link"]:
                shot(page, f"table-header-{lang}-390")
            # the language links keep their names for screen readers and tooltips
            assert page.locator("header.top nav.langs a[data-lang='ru']").get_attribute("title") == "Русский"
    context.close()


FOCUS_JS = "() => document.activeElement && (document.activeElement.id || document.activeElement.textContent)"


def test_the_drawer_keeps_the_focus_while_open(browser: Any, server: dict[str, Any]) -> None:
    made = api(server, "/api/tables", {"seats": [{"kind": "me"}] + [{"kind": "bot"}] * 3, "target": 1000})
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(server["url"] + made["link"])
    page.wait_for_selector("#start")
    page.focus("#drawer-toggle")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement.id === 'drawer-close'")
    inside = "() => document.querySelector('#side').contains(document.activeElement)"
    # Tab goes round the drawer's controls and links, never out to the page behind it
    seen = set()
    for _ in range(30):
        page.keyboard.press("Tab")
        assert page.evaluate(inside), page.evaluate(FOCUS_JS)
        seen.add(page.evaluate(FOCUS_JS))
    assert "drawer-close" in seen and "one-click" in seen and len(seen) >= 3, seen
    for _ in range(12):
        page.keyboard.press("Shift+Tab")
        assert page.evaluate(inside), page.evaluate(FOCUS_JS)
    # Escape closes it; the focus is back on the button that opened it
    page.keyboard.press("Escape")
    page.wait_for_function("() => document.activeElement.id === 'drawer-toggle'")
    assert page.get_attribute("#drawer-toggle", "aria-expanded") == "false"
    # closed, the drawer holds nothing Tab can reach
    page.keyboard.press("Tab")
    assert not page.evaluate(inside)
    # its close button closes it too, with the focus back on its button
    page.click("#drawer-toggle")
    page.wait_for_function("() => document.activeElement.id === 'drawer-close'")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement.id === 'drawer-toggle'")
    context.close()
