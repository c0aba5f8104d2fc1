"""The table chat in Chromium: two players (one on a phone, in Turkish) and a spectator chat at one
table; a hostile line shows as text; a quick phrase is shown in each reader's language; the
creator mutes the spectator."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

from tests.web.test_browser import CHROMIUM, DESKTOP, PHONE, api, browser, server

__all__ = ["CHROMIUM", "browser", "server"]  # the fixtures, shared with tests/web/test_browser.py

pytestmark = [pytest.mark.timeout(120)]

XSS = "<img src=x onerror=alert(1)>"
LAST_LINE_JS = """(sel) => { const lines = document.querySelectorAll('#chat-lines li');
  const last = lines[lines.length - 1]; return last ? last.querySelector(sel).textContent : null; }"""


def last(page: Any, part: str = ".chat-body") -> str:
    text: str = page.evaluate(LAST_LINE_JS, part)
    return text


def wait_line(page: Any, count: int) -> None:
    page.wait_for_function(f"() => document.querySelectorAll('#chat-lines li').length === {count}")


def test_two_pages_chat_with_escaping_and_translated_phrases(browser: Any, server: dict[str, Any]) -> None:
    made = api(
        server,
        "/api/tables",
        {"seats": [{"kind": "me"}, {"kind": "friend"}, {"kind": "bot"}, {"kind": "bot"}]},
    )
    friend_link = made["seats"][1]["link"]
    assert parse_qs(urlparse(friend_link).query)["token"]
    dialogs: list[str] = []
    first = browser.new_context(viewport=DESKTOP, locale="en-US")
    second = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="tr-TR")
    third = browser.new_context(viewport=DESKTOP, locale="ru-RU")
    try:
        host = first.new_page()
        friend = second.new_page()
        watcher = third.new_page()
        for page in (host, friend, watcher):
            page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        host.goto(server["url"] + made["link"] + "&lang=en")
        friend.goto(server["url"] + friend_link + "&lang=tr")
        watcher.goto(server["url"] + f"/table/{made['table']}?lang=ru")
        for page in (host, friend, watcher):
            page.wait_for_selector("#chat-form", state="attached")
            page.wait_for_function("() => document.querySelector('#role').textContent !== ''")

        # the host writes a hostile line: every page shows it as text, nothing runs
        host.fill("#chat-text", f"  {XSS}  ")
        host.press("#chat-text", "Enter")
        for page in (host, friend, watcher):
            wait_line(page, 1)
            assert last(page) == XSS
            assert page.locator("#chat-lines img").count() == 0
        assert host.input_value("#chat-text") == ""
        assert last(host, ".chat-name") == "host (seat 0)"
        # the phone keeps the chat in the drawer: a new line marks the drawer's button
        assert not friend.locator("#chat").is_visible()
        assert "chat-unread" in (friend.locator("#drawer-toggle").get_attribute("class") or "")
        friend.click("#drawer-toggle")
        friend.wait_for_selector("#chat-text", state="visible")
        assert "chat-unread" not in (friend.locator("#drawer-toggle").get_attribute("class") or "")

        # the Turkish friend clicks a quick phrase: each reader sees it in their own language
        button = friend.locator("#chat-phrases button[data-phrase='good_game']")
        assert button.inner_text() == "İyi oyundu"
        button.click()
        for page, words in ((host, "Good game"), (friend, "İyi oyundu"), (watcher, "Хорошая игра")):
            wait_line(page, 2)
            assert last(page) == words
        assert host.locator("#chat-lines li[data-phrase='good_game']").count() == 1

        # the spectator may write; then the creator mutes spectators, and the spectator cannot
        watcher.fill("#chat-text", "привет всем")
        watcher.click("#chat-send")
        wait_line(host, 3)
        assert last(host) == "привет всем" and last(host, ".chat-name") == "spectator"
        assert last(watcher, ".chat-name") == "зритель"
        assert host.locator("#chat-mute-label").is_visible()
        assert not friend.locator("#chat-mute-label").is_visible()  # only the creator has the switch
        host.check("#chat-mute")
        watcher.wait_for_function("() => document.querySelector('#chat-text').disabled")
        assert watcher.locator("#chat-note").is_visible()
        assert watcher.locator("#chat-phrases button").first.is_disabled()
        assert not friend.locator("#chat-text").is_disabled()  # players still write
        friend.fill("#chat-text", "tamam")
        friend.press("#chat-text", "Enter")
        wait_line(watcher, 4)
        assert last(watcher) == "tamam"

        # a page opened later gets the table's lines (and the mute) from the server
        late = third.new_page()
        late.goto(server["url"] + f"/table/{made['table']}?lang=ar")
        wait_line(late, 4)
        texts = late.eval_on_selector_all("#chat-lines .chat-body", "nodes => nodes.map(n => n.textContent)")
        assert texts == [XSS, "مباراة جيدة", "привет всем", "tamam"]
        late.wait_for_function("() => document.querySelector('#chat-text').disabled")
        assert dialogs == []
    finally:
        for context in (first, second, third):
            context.close()


def test_the_sausage_page_has_the_chat_box(browser: Any, server: dict[str, Any]) -> None:
    made = api(server, "/api/tables", {"game": "sausage", "seats": [{"kind": "me"}, {"kind": "bot"}]})
    context = browser.new_context(viewport=DESKTOP, locale="ru-RU")
    try:
        page = context.new_page()
        page.goto(server["url"] + made["link"] + "&lang=ru")
        page.wait_for_selector("#chat-form")
        page.click("#chat-phrases button[data-phrase='thanks']")
        wait_line(page, 1)
        assert last(page) == "Спасибо" and page.locator("#chat-mute-label").is_visible()
    finally:
        context.close()


def test_the_lobby_makes_a_table_whose_spectators_are_muted(browser: Any, server: dict[str, Any]) -> None:
    context = browser.new_context(viewport=DESKTOP, locale="en-US")
    try:
        page = context.new_page()
        page.goto(server["url"] + "/?lang=tr")
        page.wait_for_selector("#mute-spectators")
        assert page.locator("#mute-label").inner_text().strip() == "Sohbette izleyicileri sustur"
        page.check("#mute-spectators")
        page.click("#create-button")
        page.wait_for_selector("#open-table")
        table = page.locator("#open-table").get_attribute("href").split("?")[0]
        watcher = context.new_page()
        watcher.goto(server["url"] + table + "?lang=en")
        watcher.wait_for_function("() => document.querySelector('#chat-text').disabled")
        assert "muted spectators" in watcher.locator("#chat-note").inner_text()
    finally:
        context.close()
