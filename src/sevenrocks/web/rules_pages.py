"""The rules guide of every game in the browser: ``/rules/<game>``, the list of guides on ``/rules``,
and the page for a game nobody knows.

The figures use the same markup as Seven Rocks' guide, so ``static/rules.js`` steps them unchanged:
every step's drawing and caption were computed by the engine when the guide was built
(:mod:`sevenrocks.guide.family`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from sevenrocks.guide.family import GAME_IDS, FamilyGuide, FamilySection, family_guide
from sevenrocks.guide.play import PlayFigure
from sevenrocks.i18n import DEFAULT_LANGUAGE, LANGUAGES, translation
from sevenrocks.text import game_name
from sevenrocks.web.pages import _bidi, _e, _frame, figure_html, rules_sections

__all__ = ["family_figure_steps", "game_links", "render_family_rules", "render_unknown_game"]

Translate = Callable[[str], str]


def game_links(gettext: Translate, current: str | None = None) -> str:
    """The list of every game's guide, ``current`` marked (``gettext`` is the page's translator)."""
    items = []
    for game in GAME_IDS:
        mark = ' aria-current="page"' if game == current else ""
        name = _e(game_name(game, gettext=gettext))
        items.append(f'<li><a href="/rules/{game}" data-game="{game}"{mark}>{name}</a></li>')
    heading = _e(gettext("The rules of every game"))
    return (
        f'<nav class="panel game-guides" aria-labelledby="games-title"><h3 id="games-title">{heading}</h3>'
        f'<ul class="links">{"".join(items)}</ul></nav>'
    )


def family_figure_steps(figure: PlayFigure, lang: str) -> list[dict[str, object]]:
    """Every step of ``figure`` for the page: the drawing, the caption and the step line."""
    _ = translation(lang).gettext
    steps: list[dict[str, object]] = []
    for step in figure.steps:
        picture = re.sub(r'aria-label="[^"]*"', f'aria-label="{_e(figure.title)}"', step.svg, count=1)
        label = _("Step {number} of {count}: {play}").format(
            number=step.number, count=len(figure.steps), play=step.words or step.move
        )
        steps.append(
            {
                "number": step.number,
                "play": step.move,
                "svg": picture,
                "caption": _bidi(step.caption),
                "label": _bidi(label),
                "points": step.points,
                "ends_total": step.ends_total,
            }
        )
    return steps


def _figure(figure: PlayFigure, lang: str) -> str:
    steps = family_figure_steps(figure, lang)
    return figure_html(figure.key, figure.title, figure.start, steps, translation(lang).gettext)


def _worked(section: FamilySection, _: Translate) -> str:
    parts = []
    for hand in section.hands:
        lines = "".join(f"<li>{_bidi(line)}</li>" for line in hand.lines)
        title = _bidi(_("{title}, played by the engine").format(title=hand.title))
        parts.append(
            f'<div class="worked-hand" data-worked="{_e(hand.key)}"><h5>{title}</h5><ul>{lines}</ul></div>'
        )
    if section.settlements:
        chain = _bidi(_("Remembered points and eggs, hand after hand"))
        parts.append(f'<h5 class="worked-chain">{chain}</h5>')
    for worked in section.settlements:
        lines = "".join(f"<li>{_bidi(line)}</li>" for line in worked.lines)
        parts.append(
            f'<div class="worked-hand" data-worked="{_e(worked.key)}">'
            f"<h5>{_bidi(worked.title)}</h5><ul>{lines}</ul></div>"
        )
    if not parts:
        return ""
    return f'<h4>{_e(_("Worked settlements"))}</h4><div class="worked-settlements">{"".join(parts)}</div>'


def _body(guide: FamilyGuide, _: Translate) -> str:
    toc, how, parts = rules_sections(
        guide.sections,
        lambda section: "".join(_figure(f, guide.lang) for f in section.figures),
        lambda section: _worked(section, _),
        _,
    )
    back, contents = _e(_("All the games' rules")), _e(_("Contents"))
    return f"""<main class="rules" data-game="{_e(guide.game)}">
  <section class="panel">
    <h2 id="rules-title">{_e(guide.title)}</h2>
    <p>{_bidi(guide.introduction)}</p>
    <p class="muted">{how}</p>
    <p><a href="/rules#games-title" id="back-to-rules">{back}</a></p>
    <nav aria-labelledby="toc-title"><h3 id="toc-title">{contents}</h3><ol class="toc">{toc}</ol></nav>
  </section>
  {parts}
  {game_links(_, guide.game)}
</main>"""


def render_family_rules(game: str, lang: str, *, path: str, params: Mapping[str, str] | None = None) -> str:
    """The guide page of ``game`` (any game but Seven Rocks) in ``lang``."""
    code = lang if lang in LANGUAGES else DEFAULT_LANGUAGE
    _ = translation(code).gettext
    guide = family_guide(game, code)
    return _frame(
        code,
        title=guide.title,
        where="",
        body=_body(guide, _),
        scripts=("common.js", "rules.js"),
        path=path,
        params=dict(params or {}),
        page="rules",
    )


def render_unknown_game(name: str, lang: str, *, path: str) -> str:
    """The page for ``/rules/<name>`` when no game is called ``name``: it says so and lists the games."""
    code = lang if lang in LANGUAGES else DEFAULT_LANGUAGE
    _ = translation(code).gettext
    text = _("No game {name}. The games are: {games}.").format(
        name=repr(name[:40]), games=", ".join(GAME_IDS)
    )
    body = (
        f'<main class="rules"><section class="panel"><h2 id="rules-title">{_e(_("No such game"))}</h2>'
        f'<p role="alert" id="unknown-game">{_e(text)}</p></section>{game_links(_)}</main>'
    )
    return _frame(
        code, title=_("No such game"), where="", body=body, scripts=(), path=path, params={}, page="rules"
    )
