"""Every language complete: no English left on the Arabic, Turkish and Russian pages.

Chromium renders every page and dialog — the lobby (every game's options), a table during play,
the end-of-hand and end-of-match dialogs, the replay page, a Sausage table with its dialogs and
replay, the rules guide and two games' rules pages — in ``ar``, ``tr`` and ``ru``, switching the
language on the same match, and fails on any visible text (the body's text, the title, every
``title``/``aria-label``/``placeholder`` attribute and the drawings' tooltips) that is an English
message id of the catalogue (``sevenrocks.pot``) or one of a few English words ("bot", "Seat",
"host", "high", "low"…). Also: the plural forms of the page scripts and the server, and Arabic
right to left with the board left to right.

The scanner itself is tested on crafted texts and on a page rendered with one translation made
English again, so that a leak is seen to fail.
"""

from __future__ import annotations

import json
import os
import re
import time
import urllib.error
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from sevenrocks.guide import rules_guide
from sevenrocks.guide.family import GAME_IDS, family_guide
from sevenrocks.i18n import translation
from sevenrocks.web.pages import render_page

POT = Path(__file__).resolve().parents[2] / "src" / "sevenrocks" / "locale" / "sevenrocks.pot"
LANGS = ("ar", "tr", "ru")

#: Message ids that a non-English page may show in English, each with why. Empty: what a language
#: writes the same as English by design (tile notation, numbers, "Seven Rocks" and "General" in
#: Turkish) is left out already, as its translation equals its id.
ALLOWED: dict[str, str] = {}
#: English words that must not stand on a non-English page (whole words, any case), per language
#: the ones that language has too: "bot" is Turkish as well ("açgözlü bot").
ENGLISH_WORDS = (
    "bot",
    "bots",
    "seat",
    "seats",
    "host",
    "high",
    "low",
    "friend",
    "greedy",
    "random",
    "expert",
    "tiles",
    "points",
    "hand",
    "the",
    "and",
    "of",
    "your",
    "play",
)
SAME_WORD: dict[str, set[str]] = {"tr": {"bot", "bots"}}


@cache
def _msgids() -> tuple[str, ...]:
    with POT.open("rb") as f:
        catalogue = read_po(f)
    found: set[str] = set()
    for message in catalogue:
        if not message.id:
            continue
        found.update(message.id if isinstance(message.id, tuple) else (message.id,))
    return tuple(sorted(found))


def _literal_words(msgid: str) -> list[str]:
    return re.findall(r"[A-Za-z]{2,}", re.sub(r"\{\w+\}", " ", msgid))


@cache
def _patterns(lang: str) -> tuple[tuple[str, str, re.Pattern[str]], ...]:
    """Each English message id that ``lang`` translates differently, with its longest literal part
    (a quick first test) and a pattern of its text (placeholders match anything short; an id without
    two letters of English is left out)."""
    tr = translation(lang)
    out = []
    for msgid in _msgids():
        if msgid in ALLOWED or not _literal_words(msgid):
            continue
        if tr.gettext(msgid) == msgid:
            continue  # the same in this language by design: notation, numbers, names
        literal = re.split(r"\{\w+\}", msgid)
        body = r".{0,60}?".join(re.escape(p) for p in literal)
        if msgid[0].isalpha():  # a sentence may start with its first word capitalised ("Greedy bot")
            body = f"[{msgid[0].upper()}{msgid[0].lower()}]" + body[1:]
        start = r"(?<![A-Za-z])" if re.match(r"\w", msgid) else ""
        end = r"(?![A-Za-z])" if re.search(r"\w$", msgid) else ""
        out.append((msgid, max(literal, key=len).lower(), re.compile(start + body + end)))
    return tuple(out)


# a table's or seat's random id (``secrets.token_urlsafe``): twelve or more URL-safe characters with a
# digit, an underscore or a capital after the first letter ("left-to-right" stays: English)
RANDOM_TOKEN = re.compile(
    r"(?<![A-Za-z0-9_-])(?=[A-Za-z0-9_-]{12,}(?![A-Za-z0-9_-]))"
    r"(?=[A-Za-z0-9_-]*?(?:[0-9_]|(?<=[A-Za-z0-9_-])[A-Z]))[A-Za-z0-9_-]+"
)


def english_leaks(text: str, lang: str) -> list[str]:
    """What of ``text`` (a page's visible text in ``lang``) is English: the message ids of the
    catalogue found in it, and the English words of :data:`ENGLISH_WORDS`. Random tokens (a table's
    id such as ``cUER8Q_m43OF``) are left out: their letters are no language."""
    text = RANDOM_TOKEN.sub(" ", text)
    lower = text.lower()
    leaks = [
        f"message {msgid!r}"
        for msgid, longest, pattern in _patterns(lang)
        if longest in lower and pattern.search(text)
    ]
    allowed = SAME_WORD.get(lang, set())
    for word in ENGLISH_WORDS:
        if word not in allowed and re.search(rf"(?<![A-Za-z]){word}(?![A-Za-z])", text, re.IGNORECASE):
            leaks.append(f"word {word!r}")
    return leaks


# ------------------------------------------------------------------------------ the scanner, planted English
def test_the_scanner_finds_english_in_a_crafted_text() -> None:
    _ = translation("ru").gettext
    clean = f"{_('New table')}\n{_('Seat {seat}').format(seat=2)} · Leyla 3-4 [5|6] 12 → 15"
    assert english_leaks(clean, "ru") == []
    planted = clean + "\nSeat 2 · greedy bot"
    found = english_leaks(planted, "ru")
    assert "message 'Seat {seat}'" in found and "message 'greedy bot'" in found and "word 'bot'" in found
    assert english_leaks("2-6 высокий конец: high", "ru") == ["word 'high'"]
    assert english_leaks("açgözlü bot", "tr") == []  # "bot" is Turkish too
    assert "message 'greedy bot'" in english_leaks("Greedy bot (место 2) кладёт 3-4", "ru")
    assert english_leaks("روبوت greedy", "ar") == ["word 'greedy'"]
    assert english_leaks("Стол cUER8Q_m43OF · вы на месте 0", "ru") == []  # a table's id is no English
    assert english_leaks("Стол cUER8Q_m43OF of", "ru") == ["word 'of'"]


def test_a_page_with_one_translation_made_english_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """The lobby rendered in Russian is clean; with "New table" left in English the scanner sees it."""
    page = render_page("lobby", "ru", path="/")
    text = re.sub(r"<script.*?</script>|<[^>]+>", " ", page, flags=re.S)
    assert english_leaks(text, "ru") == []
    catalogue = translation("ru")
    real = catalogue.gettext
    monkeypatch.setattr(catalogue, "gettext", lambda m: m if m == "New table" else real(m))
    leaked = re.sub(r"<script.*?</script>|<[^>]+>", " ", render_page("lobby", "ru", path="/"), flags=re.S)
    assert english_leaks(leaked, "ru") == ["message 'New table'"]


def test_server_plurals_in_russian_and_arabic() -> None:
    ru, ar = translation("ru"), translation("ar")
    forms = [
        ru.ngettext("ends {total}, +{points} point", "ends {total}, +{points} points", n)
        for n in (1, 2, 5, 11, 21)
    ]
    assert [f.rsplit(" ", 1)[-1] for f in forms] == ["очко", "очка", "очков", "очков", "очко"], forms
    arabic = [
        ar.ngettext("ends {total}, +{points} point", "ends {total}, +{points} points", n).rsplit(" ", 1)[-1]
        for n in (1, 2, 5, 11, 21, 100)
    ]
    assert arabic == ["نقطة", "نقطتان", "نقاط", "نقطة", "نقطة", "نقطة"], arabic  # one two few many many other


# ------------------------------------------------------------------------------ in the browser
try:
    from tests.web.test_browser import CHROMIUM, DESKTOP, api, browser, choices_listed, server
except pytest.skip.Exception:  # no Playwright: the scanner's tests above still run
    CHROMIUM = Path("/nonexistent")

__all__ = ["browser", "server"]  # the fixtures, shared with the other browser tests

needs_chromium = pytest.mark.skipif(
    not CHROMIUM.exists() and not os.environ.get("CI"),  # in CI a missing browser is a failure
    reason=f"Chromium is not installed at {CHROMIUM}",
)

# The page's visible text: the body, the title, tooltips and the labels of controls and drawings.
VISIBLE_JS = """() => {
  const parts = [document.body.innerText, document.title];
  for (const node of document.querySelectorAll('[title], [aria-label], [placeholder]')) {
    for (const name of ['title', 'aria-label', 'placeholder']) {
      if (node.hasAttribute(name)) parts.push(node.getAttribute(name));
    }
  }
  for (const title of document.querySelectorAll('svg title')) parts.push(title.textContent);
  // the language switch names each language in itself ("English"): not a text of the page
  const switcher = document.querySelector('nav.langs');
  return parts.join('\\n').replace(switcher ? switcher.innerText : '\\u0000', '');
}"""

STATUS_JS = """() => {
  if (document.querySelector('#winner')) return 'over';
  if (document.querySelector('#next-hand')) return 'next';
  const banner = document.querySelector('#banner');
  if (document.querySelector('#options button.way')) return 'turn';
  const playable = document.querySelector('.hand button.tile.playable');
  if (banner && banner.classList.contains('your-turn') && playable) return 'turn';
  return '';
}"""


def check_page(page: Any, lang: str, where: str, seen: dict[str, list[str]]) -> None:
    """Record what of the page is English, and that the page is in ``lang`` and its direction."""
    assert page.get_attribute("html", "lang") == lang, where
    assert page.get_attribute("html", "dir") == ("rtl" if lang == "ar" else "ltr"), where
    for selector in ("#layout", "#pegboard", ".figure-svg"):
        if page.locator(selector).count():
            direction = page.evaluate(f"getComputedStyle(document.querySelector('{selector}')).direction")
            assert direction == "ltr", (where, selector)
    text = page.evaluate(VISIBLE_JS)
    leaks = english_leaks(text, lang)
    if leaks:
        seen[f"{where} [{lang}]"] = [f"{leak} in {_around(text, leak, lang)!r}" for leak in leaks]


def _around(text: str, leak: str, lang: str) -> str:
    """The line of ``text`` where ``leak`` (as :func:`english_leaks` names it) was seen."""
    kind, _, quoted = leak.partition(" ")
    name = quoted[1:-1]
    if kind == "word":
        pattern = re.compile(rf"(?<![A-Za-z]){name}(?![A-Za-z])", re.IGNORECASE)
    else:
        pattern = {msgid: compiled for msgid, _, compiled in _patterns(lang)}[name]
    found = pattern.search(text)
    if found is None:
        return ""
    start = text.rfind("\n", 0, found.start()) + 1
    return text[start : text.find("\n", found.end()) % (len(text) + 1)][:160]


def visit(page: Any, url: str, lang: str, ready: str) -> None:
    page.goto(url + ("&" if "?" in url else "?") + f"lang={lang}")
    page.wait_for_selector(ready)


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=DESKTOP)
    yield context.new_page()
    context.close()


@needs_chromium
@pytest.mark.timeout(240)
def test_no_english_on_the_arabic_turkish_and_russian_pages(page: Any, server: dict[str, Any]) -> None:
    url = server["url"]
    seen: dict[str, list[str]] = {}
    # a table against three bots, its seats left unnamed (default names): a turn, the end of a hand
    made = api(
        server,
        "/api/tables",
        {"seats": [{"kind": "me"}] + [{"kind": "bot", "bot": "greedy"}] * 3, "target": 500},
    )
    table = url + made["link"]
    visit(page, table, "ar", "#start")
    page.click("#start")
    page.wait_for_selector("#layout svg")
    checked: set[str] = set()
    deadline = time.monotonic() + 180
    while "next" not in checked and time.monotonic() < deadline:
        page.wait_for_function(STATUS_JS, timeout=60_000)
        status = page.evaluate(STATUS_JS)
        if status not in checked:
            checked.add(status)
            ready = {"turn": ".hand button.tile.playable", "next": "#next-hand", "over": "#winner"}[status]
            for lang in LANGS:
                visit(page, table, lang, ready)
                page.wait_for_selector(".seat-box")
                check_page(page, lang, f"table {status}", seen)
            if status == "turn":
                # a bot named by its level says it once: "Seat 2 · greedy bot", in English too
                for lang in ("en", "ru"):
                    visit(page, table, lang, ".seat-box[data-seat='2']")
                    label = translation(lang).gettext("greedy bot")
                    boxes = page.locator(".seat-box").all_inner_texts()
                    assert all(box.count(label) <= 1 for box in boxes), boxes
                    assert any(label in box for box in boxes), boxes
        if status == "turn":
            # a tile with several places shows the choices (scanned once, in the page's language)
            before = page.locator("#log li").count()
            page.locator(".hand button.tile.playable").first.click()
            options = page.locator("#options button.option")
            if choices_listed(page, before):  # else a single place: the tile went there
                if "choices" not in checked:
                    checked.add("choices")
                    check_page(page, page.get_attribute("html", "lang"), "table choices", seen)
                options.first.click()
            page.wait_for_function(
                f"() => document.querySelectorAll('#log li').length > {before}", polling=50
            )
    assert {"turn", "next"} <= checked, checked
    # a match of four bots played to its end: the end-of-match dialog, watched
    over = api(server, "/api/tables", {"seats": [{"kind": "bot", "bot": "greedy"}] * 4, "target": 20})
    api(server, f"/api/tables/{over['table']}/start", {"admin": over["admin"]})
    while api(server, f"/api/tables/{over['table']}")["status"] != "over":
        assert time.monotonic() < deadline + 60, "the bots' match did not end"
        time.sleep(0.2)
    for lang in LANGS:
        visit(page, url + over["watch"], lang, "#winner")
        check_page(page, lang, "table over", seen)
    # the plural forms of the page scripts
    boneyard = "SR.tn('Boneyard: {count} tile', 'Boneyard: {count} tiles', n, { count: n })"
    assert page.evaluate(f"[1, 2, 5, 11, 21].map((n) => {boneyard})") == [
        "В базаре: 1 кость",
        "В базаре: 2 кости",
        "В базаре: 5 костей",
        "В базаре: 11 костей",
        "В базаре: 21 кость",
    ]
    visit(page, url + over["watch"], "ar", "#winner")
    words = page.evaluate(
        "[1, 2, 5, 11, 21, 100].map((n) =>"
        " SR.tn('Queue: {count} tile', 'Queue: {count} tiles', n, { count: n }))"
    )
    assert words == [
        "الصف: 1 قطعة",
        "الصف: 2 قطعتان",
        "الصف: 5 قطع",
        "الصف: 11 قطعة",
        "الصف: 21 قطعة",
        "الصف: 100 قطعة",
    ], words
    # the replay of that match, stepped into and to the end of a hand
    for lang in LANGS:
        visit(page, f"{url}/replay/{over['table']}", lang, "#where[data-step='0']")
        page.click("#next")
        page.wait_for_selector("#where[data-step='1']")
        check_page(page, lang, "replay", seen)
        page.keyboard.press("End")
        page.wait_for_function("() => document.querySelector('#result').textContent.length > 0")
        check_page(page, lang, "replay end", seen)
    # the lobby, with the finished match listed and every game's options and seats
    for lang in LANGS:
        visit(page, url + "/", lang, "#past a")
        # an error of the server, shown in the lobby: a name with no visible letters
        page.select_option("#kind-1", "friend")
        page.fill("#name-1", "\u200b")
        page.click("#create-button")
        page.wait_for_function("() => document.querySelector('#create-error').textContent.length > 0")
        check_page(page, lang, "lobby error", seen)
        # the table made: the links of its seats, named by default ("friend 1") in the language
        page.fill("#name-1", "")
        page.click("#create-button")
        page.wait_for_selector("#created-links a.friend-link")
        check_page(page, lang, "lobby created", seen)
        games = page.locator("#game option").evaluate_all("els => els.map((e) => e.value)")
        for game in games:
            page.select_option("#game", game)
            check_page(page, lang, f"lobby {game}", seen)
    # a quick match waiting for people (its countdown), the lobby listing its free seats, and a
    # quick match refused (a name with no visible letters)
    for lang in LANGS:
        given = api(server, "/api/quick", {"game": "seven-rocks", "bot": "random"})
        visit(page, url + given["link"], lang, "#banner")
        page.wait_for_function("() => document.querySelector('#banner').textContent.length > 0")
        check_page(page, lang, "quick match waiting", seen)
        visit(page, url + "/", lang, "button.take-seat")
        page.fill("#quick-name", "\u200b")
        page.click("#play-now")
        page.wait_for_function("() => document.querySelector('#quick-error').textContent.length > 0")
        check_page(page, lang, "lobby free seats, quick match refused", seen)
    # a Sausage table against a bot: a turn and the end of a deal
    sausage = api(
        server,
        "/api/tables",
        {"game": "sausage", "seats": [{"kind": "me"}, {"kind": "bot", "bot": "greedy"}], "target": 500},
    )
    table = url + sausage["link"]
    visit(page, table, "ru", "#start")
    page.click("#start")
    page.wait_for_selector("#layout svg")
    checked = set()
    deadline = time.monotonic() + 180
    while "next" not in checked and time.monotonic() < deadline:
        page.wait_for_function(STATUS_JS, timeout=60_000)
        status = page.evaluate(STATUS_JS)
        if status not in checked:
            checked.add(status)
            ready = {"turn": "#options button.way", "next": "#next-hand"}[status]
            for lang in LANGS:
                visit(page, table, lang, ready)
                check_page(page, lang, f"sausage {status}", seen)
        if status == "turn":
            before = page.locator("#log li").count()
            page.locator("#options button.way").first.click()
            page.wait_for_function(
                f"() => document.querySelectorAll('#log li').length !== {before}"
                " || !!document.querySelector('#next-hand')",
                polling=50,
            )
    assert checked == {"turn", "next"}, checked
    # a Sausage match of two bots to its end, watched, and its replay
    bots = api(
        server,
        "/api/tables",
        {"game": "sausage", "seats": [{"kind": "bot", "bot": "greedy"}] * 2, "target": 12},
    )
    api(server, f"/api/tables/{bots['table']}/start", {"admin": bots["admin"]})
    while api(server, f"/api/tables/{bots['table']}")["status"] != "over":
        assert time.monotonic() < deadline + 60, "the bots' Sausage match did not end"
        time.sleep(0.2)
    for lang in LANGS:
        visit(page, url + bots["watch"], lang, "#winner")
        check_page(page, lang, "sausage over", seen)
        visit(page, f"{url}/replay/{bots['table']}", lang, "#hands .seat-box")
        page.click("#next")
        page.wait_for_function("() => document.querySelector('#where').dataset.step === '1'")
        check_page(page, lang, "sausage replay", seen)
    # the rules: the guide (with the family's index) and two games' pages
    for path in ("/rules", "/rules/kozel", "/rules/sausage"):
        for lang in LANGS:
            visit(page, url + path, lang, "main")
            check_page(page, lang, path, seen)
    assert seen == {}, "\n".join(f"{where}: {', '.join(leaks)}" for where, leaks in seen.items())


def _guide_texts(lang: str) -> Iterator[tuple[str, str]]:
    """Every text of the rules guides in ``lang``, a guide at a time (the Seven Rocks guide and each
    game's): titles, paragraphs, figure titles, each step's caption and move in words."""
    guide = rules_guide(lang)
    texts = [guide.title, guide.introduction]
    for section in guide.sections:
        texts += [section.title, *section.paragraphs]
        for figure in section.figures:
            texts += [figure.title, *(f"{step.caption}\n{step.words}" for step in figure.steps)]
    yield "/rules", "\n".join(texts)
    for game in GAME_IDS:
        if game == "seven-rocks":
            continue  # its guide is the one above
        family = family_guide(game, lang)
        texts = [family.title, family.introduction]
        for part in family.sections:
            texts += [part.title, *part.paragraphs]
            for drawn in part.figures:
                texts += [drawn.title, *(f"{played.caption}\n{played.words}" for played in drawn.steps)]
        yield f"/rules/{game}", "\n".join(texts)


@pytest.mark.parametrize("lang", LANGS)
def test_every_step_of_every_rules_figure_is_in_the_language(lang: str) -> None:
    """Every text of the guides, the captions of every step too (a page shows only the first)."""
    seen = {}
    for where, text in _guide_texts(lang):
        leaks = english_leaks(text, lang)
        if leaks:
            seen[where] = leaks
    assert seen == {}, seen


# ------------------------------------------------------------------------------ the error toasts
# keeps the page's WebSockets, so that a test can send what the page itself would never send
SOCKETS_JS = """(() => {
  const Native = window.WebSocket;
  window.__sockets = [];
  window.WebSocket = class extends Native {
    constructor(...args) { super(...args); window.__sockets.push(this); }
  };
})();"""
TOAST_JS = """(before) => {
  const toast = document.querySelector('#toast.error');
  return toast && !toast.hidden && toast.textContent !== before ? toast.textContent : null;
}"""
SET = [f"{low}-{high}" for low in range(7) for high in range(low, 7)]


def _error_toast(page: Any, message: str | None, click: str | None = None) -> str:
    """The text of the error toast a refused message (sent on the page's socket) or a click shows."""
    before = page.evaluate("() => document.querySelector('#toast').textContent")
    if message is not None:
        page.evaluate("(text) => window.__sockets[window.__sockets.length - 1].send(text)", message)
    if click is not None:
        page.click(click)
    text: str = page.wait_for_function(TOAST_JS, arg=before, timeout=5000).json_value()
    return text


@needs_chromium
@pytest.mark.timeout(120)
def test_error_toasts_and_replay_errors_are_in_the_language(browser: Any, server: dict[str, Any]) -> None:
    """The engine's refusals (a placement against the rules, a play not in the notation), the
    page's own (a tile that fits nowhere, out of turn) and the replay's step error, in each language."""
    url = server["url"]
    seen: dict[str, list[str]] = {}
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(SOCKETS_JS)
    page = context.new_page()
    over = api(server, "/api/tables", {"seats": [{"kind": "bot", "bot": "greedy"}] * 4, "target": 20})
    api(server, f"/api/tables/{over['table']}/start", {"admin": over["admin"]})
    for lang in LANGS:
        made = api(server, "/api/tables", {"seats": [{"kind": "me"}] + [{"kind": "bot"}] * 3, "target": 1000})
        visit(page, url + made["link"], lang, "#start")
        page.click("#start")
        page.wait_for_selector("#banner.your-turn", timeout=60_000)
        hand = page.locator(".hand button.tile").evaluate_all("els => els.map((e) => e.dataset.tile)")
        stranger = next(tile for tile in SET if tile not in hand)
        toasts = {
            # the engine: a tile not in the hand, then a tile that does not fit where it is put
            "not in hand": _error_toast(page, f'{{"type": "play", "play": "{stranger}"}}'),
            "not notation": _error_toast(page, '{"type": "play", "play": "9-9"}'),
        }
        unplayable = page.locator(".hand button.tile:not(.playable)")
        if unplayable.count():  # the page's own: a tile that fits nowhere now
            toasts["fits nowhere"] = _error_toast(page, None, click=".hand button.tile:not(.playable)")
        for what, text in toasts.items():
            assert text.strip(), what
            leaks = english_leaks(text, lang)
            if leaks:
                seen[f"toast {what} [{lang}]"] = [f"{leak} in {text!r}" for leak in leaks]
        # the replay's error for a step the hand does not have
        while api(server, f"/api/tables/{over['table']}")["status"] != "over":
            time.sleep(0.2)
        try:
            api(server, f"/api/matches/{over['table']}/position?hand=0&step=999&lang={lang}")
        except urllib.error.HTTPError as err:
            body = json.loads(err.read())
            assert err.code == 404
        else:
            raise AssertionError("step 999 of a hand was found")
        text = str(body.get("message") or body.get("detail"))
        assert "999" in text, body
        leaks = english_leaks(text, lang)
        if leaks:
            seen[f"replay step [{lang}]"] = [f"{leak} in {text!r}" for leak in leaks]
    context.close()
    assert seen == {}, "\n".join(f"{where}: {', '.join(leaks)}" for where, leaks in seen.items())
