"""The HTML pages in the player's language: lobby, table, replay and the rules guide (``/rules``).

Every text of a page is English source text marked with ``_()`` for the gettext catalogues
(:mod:`sevenrocks.i18n`) and translated when the page is served. The texts the page scripts
write (``static/*.js``, marked there with ``t("...")``) are sent with the page as a small JSON
catalogue, taken from the same gettext catalogues.

The language is, in order: a supported ``?lang=`` (which the answer also remembers in the
``sevenrocks_lang`` cookie), that cookie, the browser's ``Accept-Language``, English.
Anything unknown or malformed is ignored, never an error.

>>> choose_language(query="xx", cookie=None, header="tr-TR,tr;q=0.9")
'tr'
>>> choose_language(query=None, cookie="ru", header="ar")
'ru'
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from html import escape
from pathlib import Path
from typing import Final, Protocol, TypeVar
from urllib.parse import urlencode

from sevenrocks.guide import Figure, Guide, Section, rules_guide
from sevenrocks.i18n import DEFAULT_LANGUAGE, LANGUAGES, direction, negotiate, translation

__all__ = [
    "COOKIE",
    "PAGES",
    "choose_language",
    "figure_html",
    "figure_steps",
    "js_messages",
    "render_page",
    "rules_sections",
]

#: The cookie that remembers the language a player picked with the switch.
COOKIE: Final = "sevenrocks_lang"
#: The pages :func:`render_page` can draw.
PAGES: Final = ("lobby", "table", "replay", "rules", "sausage", "sausage-replay")
_STATIC: Final = Path(__file__).parent / "static"
# the marker of a text the page scripts translate: t("...") with a plain double-quoted literal
_JS_MESSAGE: Final = re.compile(r'(?<![\w.$])t\(\s*"((?:[^"\\\n]|\\.)*)"')
# a text with a count: tn("...", "...", count, ...) with two plain double-quoted literals
_JS_PLURAL: Final = re.compile(r'(?<![\w.$])tn\(\s*"((?:[^"\\\n]|\\.)*)",\s*"((?:[^"\\\n]|\\.)*)"')
# numbers with operators, tiles like [3|4] and plays like 3-4@4-4:B keep left-to-right order in Arabic
_LTR_RUN: Final = re.compile(r"(\[\d\|\d\]|\d-\d(?:@\d-\d:\w+)?|−?\d+(?: [+−=→] −?\d+)+|\d+ → −?\d+)")

Translate = Callable[[str], str]


def choose_language(*, query: str | None, cookie: str | None, header: str | None) -> str:
    """The page language: a supported ``?lang=``, else the cookie, else ``Accept-Language``, else English."""
    for value in (query, cookie):
        if value and value.strip().lower() in LANGUAGES:
            return value.strip().lower()
    return negotiate(header) if header else DEFAULT_LANGUAGE


@cache
def _js_msgids() -> tuple[str, ...]:
    found: set[str] = set()
    for path in sorted(_STATIC.glob("*.js")):
        for raw in _JS_MESSAGE.findall(path.read_text(encoding="utf-8")):
            found.add(json.loads(f'"{raw}"'))
    return tuple(sorted(found))


@cache
def _js_plurals() -> tuple[tuple[str, str], ...]:
    found: set[tuple[str, str]] = set()
    for path in sorted(_STATIC.glob("*.js")):
        for one, other in _JS_PLURAL.findall(path.read_text(encoding="utf-8")):
            found.add((json.loads(f'"{one}"'), json.loads(f'"{other}"')))
    return tuple(sorted(found))


def plural_category(lang: str, count: int) -> str:
    """The plural category (as ``Intl.PluralRules`` names it) of a whole ``count`` in ``lang``.

    >>> [plural_category("ru", n) for n in (1, 2, 5, 11, 21)]
    ['one', 'few', 'many', 'many', 'one']
    >>> [plural_category("ar", n) for n in (0, 1, 2, 5, 11, 100)]
    ['zero', 'one', 'two', 'few', 'many', 'other']
    """
    if lang == "ru":
        if count % 10 == 1 and count % 100 != 11:
            return "one"
        if 2 <= count % 10 <= 4 and not 12 <= count % 100 <= 14:
            return "few"
        return "many"
    if lang == "ar":
        if count in (0, 1, 2):
            return ("zero", "one", "two")[count]
        if 3 <= count % 100 <= 10:
            return "few"
        if 11 <= count % 100 <= 99:
            return "many"
        return "other"
    return "one" if count == 1 else "other"


@cache
def js_messages(lang: str) -> Mapping[str, object]:
    """The page scripts' texts in ``lang``: English text → translation (empty for English); a text
    with a count (``tn``) under ``"<singular>\\x04<plural>"``: each plural category → its form."""
    if lang not in LANGUAGES or lang == DEFAULT_LANGUAGE:
        return {}
    tr = translation(lang)
    out: dict[str, object] = {msgid: tr.gettext(msgid) for msgid in _js_msgids()}
    for one, other in _js_plurals():
        out[f"{one}\x04{other}"] = {plural_category(lang, n): tr.ngettext(one, other, n) for n in range(200)}
    return out


def _e(text: str) -> str:
    return escape(text, quote=True)


def _bidi(text: str) -> str:
    """``text`` escaped, with numbers, sums, tiles and plays isolated left to right."""
    return _LTR_RUN.sub(r'<bdi dir="ltr">\1</bdi>', _e(text))


# ------------------------------------------------------------------------------ the frame
def _switch(lang: str, path: str, params: Mapping[str, str], _: Translate) -> str:
    links = []
    for code, name in LANGUAGES.items():
        query = urlencode({**{k: v for k, v in params.items() if k != "lang"}, "lang": code})
        current = ' aria-current="true"' if code == lang else ""
        links.append(
            f'<a href="{_e(path)}?{_e(query)}" hreflang="{code}" lang="{code}" '
            f'title="{_e(name)}" data-code="{code.upper()}" data-lang="{code}"{current}>{_e(name)}</a>'
        )
    label = _e(_("Language"))
    return f'<nav class="langs" aria-label="{label}">{"".join(links)}</nav>'


def _frame(
    lang: str,
    *,
    title: str,
    where: str,
    body: str,
    scripts: tuple[str, ...],
    path: str,
    params: Mapping[str, str],
    page: str,
    account_nav: str = "",
) -> str:
    _ = translation(lang).gettext
    messages = json.dumps(js_messages(lang), ensure_ascii=False).replace("</", "<\\/")
    brand, pages, lobby, rules = _("Seven Rocks"), _("Pages"), _("Lobby"), _("Rules")
    leaderboard = _("Leaderboard")
    here = ' aria-current="page"'
    nav = (
        f'<a href="/" class="brand">{_e(brand)}</a>'
        f'<span class="where" id="where-am-i">{where}</span>'
        f'<nav class="pages" aria-label="{_e(pages)}">'
        f'<a href="/"{here if page == "lobby" else ""} id="nav-lobby">{_e(lobby)}</a>'
        f'<a href="/rules"{here if page == "rules" else ""} id="nav-rules">{_e(rules)}</a>'
        f'<a href="/leaderboard"{here if page == "leaderboard" else ""} id="nav-leaderboard">'
        f'{_e(leaderboard)}</a><span id="nav-account" class="nav-account">{account_nav}</span></nav>'
        f"{_switch(lang, path, params, _)}"
    )
    tags = "".join(f'<script src="/static/{name}"></script>' for name in scripts)
    return (
        f'<!doctype html>\n<html lang="{lang}" dir="{direction(lang)}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{_e(title)}</title>\n"
        '<link rel="icon" href="/favicon.svg" type="image/svg+xml">\n'
        '<link rel="stylesheet" href="/static/style.css">\n'
        f'<script id="sr-messages" type="application/json">{messages}</script>\n'
        f'</head>\n<body data-page="{page}">\n<header class="top">{nav}</header>\n{body}\n{tags}\n'
        "</body>\n</html>\n"
    )


# ------------------------------------------------------------------------------ the pages
_LOBBY: Final = """<main>
  <section class="panel" aria-labelledby="quick-title" id="quick-panel">
    <h2 id="quick-title">{quick}</h2>
    <p class="muted">{quick_help}</p>
    <form id="quick">
      <p class="game-choice">
        <label>{game} <select id="quick-game"><option value="seven-rocks">{seven}</option></select></label>
        <label>{quick_bots} <select id="quick-bot"></select></label>
        <label>{your_name} <input id="quick-name" maxlength="40" autocomplete="nickname"></label>
        <button class="primary" type="submit" id="play-now">{play_now}</button></p>
      <p id="quick-error" class="error-text" role="alert"></p>
    </form>
  </section>
  <section class="panel" aria-labelledby="new-title">
    <h2 id="new-title">{new_table}</h2>
    <p class="muted">{partners} <a href="/rules">{read_rules}</a></p>
    <form id="create">
      <p class="game-choice">
        <label>{game} <select id="game"><option value="seven-rocks">{seven}</option></select></label>
        <label>{seats} <select id="seats"><option value="4">4</option></select></label></p>
      <div class="game-options" id="game-options"></div>
      <div class="seat-rows" id="seat-rows"></div>
      <p><label id="target-label">{target}
        <input id="target" type="number" min="1" max="10000" value="250" required></label>
        <button class="primary" type="submit" id="create-button">{create}</button></p>
      <p id="create-error" class="error-text" role="alert"></p>
    </form>
  </section>
  <section class="panel" id="created" hidden aria-live="polite">
    <h2>{ready}</h2>
    <ul class="links" id="created-links"></ul>
  </section>
  <section class="panel" aria-labelledby="live-title">
    <h2 id="live-title">{live}</h2>
    <ul class="list" id="live"><li class="muted">{loading}</li></ul>
  </section>
  <section class="panel" aria-labelledby="past-title">
    <h2 id="past-title">{past}</h2>
    <ul class="list" id="past"><li class="muted">{loading}</li></ul>
  </section>
</main>"""


def _lobby(_: Translate) -> str:
    texts = {
        "new_table": _("New table"),
        "partners": _(
            "Partners sit opposite: seats 0 and 2 play together against seats 1 and 3. "
            "Friends each get their own link to join."
        ),
        "read_rules": _("New to Seven Rocks? Read the rules."),
        "target": _("Target"),
        "game": _("Game"),
        "seven": _("Seven Rocks"),
        "seats": _("Seats"),
        "create": _("Create table"),
        "ready": _("Your table is ready"),
        "live": _("Tables being played"),
        "loading": _("Loading…"),
        "past": _("Past matches"),
        "quick": _("Quick match"),
        "quick_help": _(
            "Join the next table of the game with a free seat, or open one: it starts when every seat is "
            "taken, or after a short wait with bots in the seats still empty."
        ),
        "quick_bots": _("Bots for the empty seats"),
        "your_name": _("Your name"),
        "play_now": _("Play now"),
    }
    return _LOBBY.format(**{key: _e(text) for key, text in texts.items()})


_TABLE: Final = """<main class="table-page">
  <p id="connection" class="banner muted" role="status"></p>
  <div class="table-grid">
    <section class="score panel" aria-label="{score}">
      <div class="scoreline" id="scoreline"></div>
      <div id="pegboard" dir="ltr"></div>
      <button type="button" id="drawer-toggle" class="drawer-toggle" aria-controls="side"
        aria-expanded="false" aria-label="{more}" title="{more}"><span aria-hidden="true">☰</span>
        <span class="label">{more}</span></button>
    </section>
    <section class="seat-top" id="seat-top"></section>
    <section class="seat-left" id="seat-left"></section>
    <section class="seat-right" id="seat-right"></section>
    <section class="board" aria-label="{layout}">
      <div class="layout" id="layout" dir="ltr"></div>
      <div class="ends" id="ends"></div>
    </section>
    <section class="me panel" aria-label="{seat}">
      <div id="seat-bottom"></div>
      <p id="banner" class="banner" aria-live="polite"></p>
      <div class="hand" id="hand" role="group" aria-label="{tiles}"></div>
      <div class="options" id="options" role="group" aria-label="{where}"></div>
    </section>
    <div class="toast-region"><div id="toast" class="toast" hidden role="status"></div></div>
  </div>
  <aside class="side panel" id="side" aria-label="{side}">
    <button type="button" id="drawer-close" class="drawer-close">{close}</button>
    <div id="admin" class="admin"></div>
    <section class="log" aria-labelledby="log-title">
      <h2 id="log-title">{this_hand}</h2>
      <ol id="log" aria-live="polite"></ol>
    </section>
    {legend}
    <p class="muted" id="help">{help} {ghosts}</p>
  </aside>
  <div id="announce" class="sr-only" aria-live="assertive"></div>
</main>
<div id="overlay" class="overlay" hidden></div>"""


def _legend_html(_: Translate) -> str:
    """The marks of the drawn layout explained (the same words as the SVG renderer's legend)."""
    marks = (
        (
            '<circle cx="10" cy="10" r="8" fill="#1f5fa8"/>'
            '<text x="10" y="14" text-anchor="middle" font-size="11" font-weight="bold" fill="#fff">5</text>',
            _("filled number: counted contribution"),
        ),
        (
            '<circle cx="10" cy="10" r="5" fill="#fff" stroke="#1f5fa8" stroke-width="2.5"/>',
            _("hollow dot: connection point, not counted here"),
        ),
        (
            '<rect x="2" y="2" width="16" height="16" rx="3" fill="none" stroke="#f28c28" stroke-width="3"/>',
            _("orange frame: the spinner"),
        ),
        (
            '<rect x="1" y="4" width="18" height="12" rx="2" fill="#ffe9a8" stroke="#2b2b2b"/>',
            _("tinted tile: the last placement"),
        ),
    )
    items = "".join(
        f'<li><svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">{mark}</svg>'
        f"<span>{_e(text)}</span></li>"
        for mark, text in marks
    )
    title = _e(_("The marks on the layout"))
    return (
        f'<section class="legend" id="legend" aria-labelledby="legend-title">'
        f'<h2 id="legend-title">{title}</h2><ul>{items}</ul></section>'
    )


def _table(_: Translate) -> str:
    texts = {
        "score": _("Score"),
        "layout": _("The layout"),
        "seat": _("Your seat"),
        "tiles": _("Your tiles"),
        "where": _("Where the chosen tile can go"),
        "this_hand": _("This hand"),
        "side": _("Table controls, log and links"),
        "more": _("Log and links"),
        "close": _("Close"),
        "help": _(
            "Choose a tile: the layout rings every spot where it can go, with what it scores. "
            "Then choose a spot (or a button under your tiles), or the tile again when it has a "
            "single place. Keys: Tab to move, Enter to choose, Escape to cancel."
        ),
        "ghosts": _(
            "A pale tile with a dashed outline shows where the chosen tile would lie: click it, "
            "or drag a tile of your hand onto it."
        ),
    }
    return _TABLE.format(legend=_legend_html(_), **{key: _e(text) for key, text in texts.items()})


_REPLAY: Final = """<main>
  <section class="panel">
    <h2 id="heading">{replay}</h2>
    <p id="summary" class="muted"></p>
    <div class="controls" role="group" aria-label="{controls}">
      <label>{hand} <select id="hand"></select></label>
      <button id="first" aria-label="{first_label}">{first}</button>
      <button id="prev" aria-label="{prev_label}">{prev}</button>
      <button id="next" aria-label="{next_label}">{next}</button>
      <button id="last" aria-label="{last_label}">{last}</button>
      <span id="where" aria-live="polite"></span>
      <a id="download" href="#" download>{download}</a>
    </div>
    <p id="error" class="error-text" role="alert"></p>
  </section>
  <section class="panel">
    <div class="scoreline" id="scoreline"></div>
    <div id="pegboard" dir="ltr"></div>
    <p id="event" class="banner" aria-live="polite"></p>
  </section>
  <section class="board" aria-label="{layout}"><div class="layout" id="layout" dir="ltr"></div>
    <div class="ends" id="ends"></div></section>
  <section class="panel spaced">
    <div class="replay-hands" id="hands"></div>
    <div id="result"></div>
  </section>
  <p class="muted">{keys}</p>
</main>"""


def _replay(_: Translate) -> str:
    texts = {
        "replay": _("Replay"),
        "controls": _("Replay controls"),
        "hand": _("Hand"),
        "first_label": _("Start of the hand"),
        "first": _("« Start"),
        "prev_label": _("Previous play"),
        "prev": _("◀ Back"),
        "next_label": _("Next play"),
        "next": _("Next ▶"),
        "last_label": _("End of the hand"),
        "last": _("End »"),
        "download": _("Download the record"),
        "layout": _("The layout"),
        "keys": _(
            "Keys: ← and → step through the plays, Home and End jump to the start and end of the hand."
        ),
    }
    return _REPLAY.format(**{key: _e(text) for key, text in texts.items()})


_SAUSAGE: Final = """<main class="sausage-table sausage-page">
  <p id="connection" class="banner muted" role="status"></p>
  <div class="sausage-play">
    <section class="score panel" aria-label="{score}">
      <div class="scoreline" id="scoreline"></div>
    </section>
    <section class="panel" aria-labelledby="queues-title">
      <h2 id="queues-title">{queues}</h2>
      <p class="muted">{blind}</p>
      <div class="sausage-queues" id="queues"></div>
    </section>
    <section class="board sausage-board" aria-label="{table}">
      <div class="layout" id="layout" dir="ltr"></div>
      <pre class="sr-only" id="lines"></pre>
      <div class="ends" id="ends"></div>
      <p id="aside"></p>
    </section>
    <div class="toast-region"><div id="toast" class="toast" hidden role="status"></div></div>
    <section class="me panel" aria-label="{turned}">
      <p id="banner" class="banner" aria-live="polite"></p>
      <div id="turned"></div>
      <div class="options" id="options" role="group" aria-label="{ways}"></div>
    </section>
  </div>
  <aside class="side panel">
    <div id="admin" class="admin"></div>
    <section class="log" aria-labelledby="log-title">
      <h2 id="log-title">{this_deal}</h2>
      <ol id="log" aria-live="polite"></ol>
    </section>
    <p class="muted" id="help">{help}</p>
  </aside>
  <div id="announce" class="sr-only" aria-live="assertive"></div>
</main>
<div id="overlay" class="overlay" hidden></div>"""


def _sausage(_: Translate) -> str:
    texts = {
        "score": _("Score"),
        "queues": _("The queues"),
        "blind": _(
            "Nobody sees the order of a queue, not even its own seat: only the tiles sent to the "
            "back are known."
        ),
        "table": _("The two lines"),
        "turned": _("The turned tile"),
        "ways": _("Where the turned tile can go"),
        "this_deal": _("This deal"),
        "help": _(
            "On your turn you have turned the tile at the front of your queue: choose where it goes. "
            "A tile that fits nowhere goes to the back by itself."
        ),
    }
    return _SAUSAGE.format(**{key: _e(text) for key, text in texts.items()})


def figure_steps(figure: Figure, lang: str) -> list[dict[str, object]]:
    """Every step of ``figure`` for the page: the drawing, the caption and the step line."""
    _ = translation(lang).gettext
    steps: list[dict[str, object]] = []
    for number, step in enumerate(figure.steps, start=1):
        picture = str(figure.svg(number))
        picture = re.sub(r'aria-label="[^"]*"', f'aria-label="{_e(figure.title)}"', picture, count=1)
        label = _("Step {number} of {count}: {play}").format(
            number=number, count=len(figure.steps), play=step.words or str(step.play)
        )
        steps.append(
            {
                "number": number,
                "play": str(step.play),
                "svg": picture,
                "caption": _bidi(step.caption),
                "label": _bidi(label),
                "ends_total": step.ends_total,
                "points": step.points,
                "sum": step.sum_text,
            }
        )
    return steps


def _figure(figure: Figure, lang: str, _: Translate) -> str:
    return figure_html(figure.key, figure.title, figure.start, figure_steps(figure, lang), _)


def figure_html(key: str, title: str, start: int, steps: list[dict[str, object]], _: Translate) -> str:
    """A figure stepped through by the page's script: the SVG and caption of play ``start`` (1-based)
    shown, every step's ``svg``, ``label`` and ``caption`` in its JSON, buttons to step."""
    first = steps[start - 1]
    data = json.dumps(steps, ensure_ascii=False).replace("</", "<\\/")
    key = _e(key)
    words = {
        "group": _("Step through the figure"),
        "first": _("First play"),
        "prev": _("Previous play"),
        "next": _("Next play"),
        "last": _("Last play"),
    }
    w = {name: _e(text) for name, text in words.items()}
    return f"""<figure class="guide-figure" id="figure-{key}" data-figure="{key}" data-step="{start}"
      data-steps="{len(steps)}" aria-labelledby="figure-{key}-title">
    <h4 id="figure-{key}-title">{_e(title)}</h4>
    <div class="figure-svg" dir="ltr">{first["svg"]}</div>
    <figcaption><span class="step-label">{first["label"]}</span>
      <span class="caption" aria-live="polite">{first["caption"]}</span></figcaption>
    <div class="controls figure-controls" role="group" aria-label="{w["group"]}">
      <button type="button" data-go="first">{w["first"]}</button>
      <button type="button" data-go="prev">{w["prev"]}</button>
      <button type="button" data-go="next">{w["next"]}</button>
      <button type="button" data-go="last">{w["last"]}</button>
    </div>
    <script type="application/json" class="figure-steps">{data}</script>
  </figure>"""


def _sums(section: Section, _: Translate) -> str:
    if not section.sums:
        return ""
    items = []
    for worked in section.sums:
        if worked.key == "target":
            formula = f"{worked.pips[0]} + {worked.pips[1]} = {worked.total}"
        else:
            formula = " · ".join(f"{p} → {d}" for p, d in zip(worked.pips, worked.deductions, strict=True))
            if len(worked.deductions) > 1:
                formula += " · " + " + ".join(str(d) for d in worked.deductions) + f" = {worked.total}"
        items.append(
            f'<li data-sum="{_e(worked.key)}"><code class="formula" dir="ltr">{_e(formula)}</code> '
            f"<span>{_bidi(worked.text)}</span></li>"
        )
    heading = _e(_("Worked sums"))
    return f'<h4>{heading}</h4><ul class="worked-sums">{"".join(items)}</ul>'


class RulesSection(Protocol):
    """What a rules page shows of a section of a guide."""

    @property
    def key(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def paragraphs(self) -> Sequence[str]: ...


S = TypeVar("S", bound=RulesSection)


def rules_sections(
    sections: Sequence[S], figures: Callable[[S], str], after: Callable[[S], str], _: Translate
) -> tuple[str, str, str]:
    """The HTML of a rules page's contents, of the line that says how its figures are stepped
    through, and of its numbered sections: each its title, paragraphs, ``figures(section)`` and
    ``after(section)``."""
    toc = "".join(f'<li><a href="#{_e(s.key)}">{_e(s.title)}</a></li>' for s in sections)
    parts = []
    for number, section in enumerate(sections, start=1):
        key = _e(section.key)
        text = "".join(f"<p>{_bidi(p)}</p>" for p in section.paragraphs)
        drawn = figures(section)
        if drawn:
            drawn = f'<div class="figures">{drawn}</div>'
        parts.append(
            f'<section class="panel rules-section" id="{key}" aria-labelledby="{key}-title">'
            f'<h3 id="{key}-title">{number}. {_e(section.title)}</h3>{text}{drawn}{after(section)}</section>'
        )
    how = _e(
        _(
            "Each figure is drawn from the engine: use the buttons under it (or the arrow keys) to place "
            "its tiles one by one; the caption says what the engine counts."
        )
    )
    return toc, how, "".join(parts)


def _rules(guide: Guide, _: Translate) -> str:
    toc, how, parts = rules_sections(
        guide.sections,
        lambda section: "".join(_figure(f, guide.lang, _) for f in section.figures),
        lambda section: _sums(section, _),
        _,
    )
    contents = _e(_("Contents"))
    from sevenrocks.web.rules_pages import game_links  # the family's guides (that module imports this one)

    return f"""<main class="rules">
  <section class="panel">
    <h2 id="rules-title">{_e(guide.title)}</h2>
    <p>{_bidi(guide.introduction)}</p>
    <p class="muted">{how}</p>
    <nav aria-labelledby="toc-title"><h3 id="toc-title">{contents}</h3><ol class="toc">{toc}</ol></nav>
  </section>
  {parts}
  {game_links(_, "seven-rocks")}
</main>"""


def render_page(page: str, lang: str, *, path: str, params: Mapping[str, str] | None = None) -> str:
    """The HTML of ``page`` (one of :data:`PAGES`) in ``lang``; the switch links keep ``params``."""
    code = lang if lang in LANGUAGES else DEFAULT_LANGUAGE
    _ = translation(code).gettext
    query = dict(params or {})
    if page == "lobby":
        return _frame(
            code,
            title=_("Seven Rocks"),
            where=_e(_("the partnership domino game")),
            body=_lobby(_),
            scripts=("common.js", "account.js", "clocks.js", "lobby.js"),
            path=path,
            params=query,
            page=page,
        )
    if page == "table":
        return _frame(
            code,
            title=_("Seven Rocks table"),
            where='<span id="role"></span>',
            body=_table(_),
            scripts=("common.js", "clocks.js", "chat.js", "table.js"),
            path=path,
            params=query,
            page=page,
        )
    if page == "replay":
        return _frame(
            code,
            title=_("Seven Rocks replay"),
            where=f'<span id="title">{_e(_("Replay"))}</span>',
            body=_replay(_),
            scripts=("common.js", "replay.js"),
            path=path,
            params=query,
            page=page,
        )
    if page == "sausage":
        return _frame(
            code,
            title=_("Sausage table"),
            where='<span id="role"></span>',
            body=_sausage(_),
            scripts=("common.js", "clocks.js", "chat.js", "sausage.js"),
            path=path,
            params=query,
            page=page,
        )
    if page == "sausage-replay":
        return _frame(
            code,
            title=_("Sausage replay"),
            where=f'<span id="title">{_e(_("Replay"))}</span>',
            body=_replay(_),
            scripts=("common.js", "sausage_replay.js"),
            path=path,
            params=query,
            page=page,
        )
    if page == "rules":
        guide = rules_guide(code)
        return _frame(
            code,
            title=guide.title,
            where="",
            body=_rules(guide, _),
            scripts=("common.js", "rules.js"),
            path=path,
            params=query,
            page=page,
        )
    raise ValueError(f"no page {page!r}: the pages are {', '.join(PAGES)}")
