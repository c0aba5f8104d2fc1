"""Browser tests of the languages and the rules guide: Chromium against ``sevenrocks serve``.

Screenshots go to ``artifacts/screenshots/`` (``rules-<lang>.png``, ``rules-figure-ar.png``,
``table-ar.png``, ``lobby-ar.png``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sevenrocks.guide import rules_guide
from sevenrocks.i18n import LANGUAGES, translation
from tests.web.test_browser import CHROMIUM, DESKTOP, PHONE, browser, server, shot

__all__ = ["browser", "server"]  # the module's fixtures, shared with the other browser tests

pytestmark = [
    pytest.mark.timeout(120),
    pytest.mark.skipif(
        not CHROMIUM.exists() and not os.environ.get("CI"),  # in CI a missing browser is a failure
        reason=f"Chromium is not installed at {CHROMIUM}",
    ),
]


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=DESKTOP)
    yield context.new_page()
    context.close()


def caption(page: Any, key: str) -> str:
    text: str = page.inner_text(f"#figure-{key} .caption")
    return text.strip()


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_rules_page_in_each_language(browser: Any, server: dict[str, Any], lang: str) -> None:
    context = browser.new_context(viewport=DESKTOP, locale=lang)  # the browser's Accept-Language
    page = context.new_page()
    page.goto(server["url"] + "/rules")
    guide = rules_guide(lang)
    assert page.get_attribute("html", "lang") == lang
    assert page.title() == guide.title
    titles = page.locator(".rules-section h3").all_inner_texts()
    assert titles == [f"{n}. {s.title}" for n, s in enumerate(guide.sections, start=1)]
    assert page.locator("figure.guide-figure .figure-svg svg").count() == len(guide.figures)
    for figure in guide.figures:
        assert caption(page, figure.key) == figure.step().caption
    direction = page.evaluate("getComputedStyle(document.body).direction")
    assert direction == guide.direction
    # the drawings stay left to right in every language
    assert page.evaluate("getComputedStyle(document.querySelector('.figure-svg')).direction") == "ltr"
    page.set_viewport_size({"width": 1280, "height": 1500})
    shot_viewport(page, f"rules-{lang}")
    context.close()


def shot_viewport(page: Any, name: str) -> None:
    from tests.web.test_browser import SHOTS

    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def test_arabic_is_right_to_left(browser: Any, server: dict[str, Any]) -> None:
    context = browser.new_context(viewport=DESKTOP, locale="ar-EG")
    page = context.new_page()
    page.goto(server["url"] + "/rules")
    assert page.get_attribute("html", "dir") == "rtl"
    box = page.evaluate(
        """() => {
          const rect = (sel) => document.querySelector(sel).getBoundingClientRect();
          const p = document.querySelector('.rules-section p');
          return {brand: rect('a.brand'), langs: rect('nav.langs'), heading: rect('.rules-section h3'),
                  section: rect('.rules-section'), align: getComputedStyle(p).textAlign,
                  pdir: getComputedStyle(p).direction};
        }"""
    )
    # the header runs from the right: the name on the right, the language switch on the left
    assert box["brand"]["x"] > box["langs"]["x"]
    # headings start at the right edge of their section
    section_right = box["section"]["x"] + box["section"]["width"]
    assert section_right - (box["heading"]["x"] + box["heading"]["width"]) < 40
    assert box["pdir"] == "rtl"
    # a figure in Arabic: the drawing left to right, the sums in the caption kept in order
    figure = page.locator("#figure-doubles-line")
    figure.scroll_into_view_if_needed()
    sum_text = figure.locator(".caption bdi").all_inner_texts()
    assert "2 + 8 = 10" in sum_text
    figure.screenshot(path=str(_shots() / "rules-figure-ar.png"))
    # the worked sums keep their arithmetic left to right inside the Arabic text
    sums = page.locator("#end .worked-sums")
    sums.scroll_into_view_if_needed()
    formulas = sums.locator("code.formula").all_inner_texts()
    assert "7 → 5 · 12 → 10 · 5 + 10 = 15" in formulas
    assert page.evaluate("getComputedStyle(document.querySelector('#end code.formula')).direction") == "ltr"
    sums.screenshot(path=str(_shots() / "rules-sums-ar.png"))
    # sums read left to right on screen: each character further right than the one before
    for selector in (
        "#end code.formula",
        "#end .worked-sums li span bdi",
        "#figure-doubles-line .caption bdi",
    ):
        xs = page.evaluate(CHARACTER_XS, selector)
        assert xs == sorted(xs) and len(xs) >= 3, (selector, xs)
    context.close()


# the x position of every visible character of the first text in ``selector``
CHARACTER_XS = """(selector) => {
  const node = document.querySelector(selector).firstChild;
  const range = document.createRange();
  const xs = [];
  for (let i = 0; i < node.length; i++) {
    if (!node.data[i].trim()) continue;
    range.setStart(node, i);
    range.setEnd(node, i + 1);
    xs.push(range.getBoundingClientRect().x);
  }
  return xs;
}"""


def _shots() -> Path:
    from tests.web.test_browser import SHOTS

    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS


def test_stepping_figures_follows_the_engine(
    page: Any, server: dict[str, Any], seed_cases: list[dict[str, Any]]
) -> None:
    """Every figure, every step, by button and by key: the engine's caption, agreeing with the seeds."""
    page.goto(server["url"] + "/rules?lang=tr")
    guide = rules_guide("tr")
    cases = seed_cases
    checked_seed_steps = 0
    for figure in guide.figures:
        root = f"#figure-{figure.key}"
        page.click(f"{root} [data-go=first]") if figure.start > 1 else None
        assert page.get_attribute(root, "data-step") == "1"
        assert page.is_disabled(f"{root} [data-go=prev]")
        plays = [str(p) for p in figure.plays]
        seeds = [c for c in cases if plays[: len(c["plays"])] == c["plays"]]
        for number in range(1, len(figure.steps) + 1):
            if number > 1:
                page.click(f"{root} [data-go=next]")
            step = figure.step(number)
            assert page.get_attribute(root, "data-step") == str(number)
            assert caption(page, figure.key) == step.caption
            label = translation("tr").gettext("Step {number} of {count}: {play}")
            assert page.inner_text(f"{root} .step-label") == label.format(
                number=number, count=len(figure.steps), play=step.words or str(step.play)
            )
            placed = page.locator(f"{root} .figure-svg svg [data-order]").count()
            assert placed == number
            for case in seeds:
                if number <= len(case["steps"]):
                    # what the page shows, read back from the page, against the seed position
                    seed = case["steps"][number - 1]
                    assert page.get_attribute(
                        f"{root} .figure-svg svg [data-order='{number - 1}']", "data-tile"
                    )
                    shown = [t for t in page.locator(f"{root} .caption bdi").all_inner_texts() if "=" in t]
                    terms, total = shown[0].split(" = ")
                    assert sorted(int(n) for n in terms.split(" + ")) == sorted(n for _, n in seed["counted"])
                    assert int(total) == seed["ends_total"]
                    after_sum = caption(page, figure.key).split(shown[0])[1]
                    assert (str(seed["points"]) in after_sum) == bool(seed["points"])
                    assert seed["after"] == str(step.play)
                    # the drawing: its filled numbers and its connection points are the seed's
                    marks = page.eval_on_selector_all(
                        f"{root} .figure-svg [data-point]",
                        "els => els.map((e) => [e.dataset.point, e.dataset.counted])",
                    )
                    drawn = sorted(int(c) for _, c in marks if c is not None)
                    assert drawn == sorted(n for _, n in seed["counted"])
                    points = sorted(f"{a}:{side}" for a, side, _ in seed["connection_points"])
                    assert sorted(p for p, _ in marks) == points
                    checked_seed_steps += 1
        assert page.is_disabled(f"{root} [data-go=next]")
    assert checked_seed_steps >= sum(len(c["steps"]) for c in cases)
    # the keyboard: Tab to a figure's button, arrows and Home/End step it
    key = "spinner-arms"
    figure = guide.figure(key)
    page.focus(f"#figure-{key} [data-go=prev]")
    page.keyboard.press("Home")
    assert caption(page, key) == figure.step(1).caption
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert caption(page, key) == figure.step(3).caption
    page.focus(f"#figure-{key} [data-go=prev]")
    page.keyboard.press("Enter")  # the "previous" button
    assert caption(page, key) == figure.step(2).caption
    page.keyboard.press("End")
    assert caption(page, key) == figure.step(len(figure.steps)).caption


def test_arabic_table_and_switch(browser: Any, server: dict[str, Any]) -> None:
    """The lobby and the table in Arabic: right-to-left seats, score board and hand; the switch remembered."""
    context = browser.new_context(viewport=DESKTOP, locale="ar")
    page = context.new_page()
    _ = translation("ar").gettext
    page.goto(server["url"] + "/")
    assert page.inner_text("#new-title") == _("New table")
    assert page.inner_text("#kind-0 option[value=me]") == _("You")
    shot_viewport(page, "lobby-ar")
    for seat in (1, 2, 3):
        page.select_option(f"#kind-{seat}", "bot")
    page.click("#create-button")
    page.click("#open-table")
    page.wait_for_selector("#start")
    assert page.inner_text("#start") == _("Start the match")
    page.click("#start")
    page.wait_for_selector(".hand button.tile")
    page.wait_for_function("document.querySelectorAll('.hand button.tile').length >= 2")
    layout = page.evaluate(
        """() => {
          const xs = (sel) => [...document.querySelectorAll(sel)].map((b) => b.getBoundingClientRect().x);
          const tiles = xs('.hand button.tile');
          const score = xs('#scoreline span');
          return {tiles, score, hand: getComputedStyle(document.querySelector('#hand')).direction,
                  board: getComputedStyle(document.querySelector('#layout')).direction};
        }"""
    )
    assert layout["hand"] == "rtl" and layout["board"] == "ltr"
    assert layout["tiles"][0] > layout["tiles"][1]  # the hand is laid out from the right
    assert layout["score"][0] > layout["score"][-1]  # seats 0 & 2 on the right of the score line
    assert _("Seats 0 & 2") in page.inner_text("#scoreline")
    page.wait_for_timeout(300)
    shot(page, "table-ar")
    page.set_viewport_size(PHONE)
    shot(page, "table-ar-phone")
    # the switch: Turkish, remembered on the next page without ?lang=
    page.click("nav.langs a[data-lang=tr]")
    page.wait_for_selector("html[lang=tr]")
    page.goto(server["url"] + "/rules")
    assert page.get_attribute("html", "lang") == "tr"
    context.close()
