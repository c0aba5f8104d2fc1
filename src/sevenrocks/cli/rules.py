"""``sevenrocks rules``: the illustrated rules guide in the terminal, in the player's language.

The language comes from ``--lang``, else from the environment (``LANGUAGE``, ``LC_ALL``,
``LC_MESSAGES``, ``LANG``); an unknown one falls back to English with a note. Figures are
drawn as text by :func:`sevenrocks.text.render_layout`, every step with its caption.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

import typer
from rich.console import Console
from rich.padding import Padding
from rich.rule import Rule
from rich.text import Text

from sevenrocks.cli.language import LangOption, resolve_language
from sevenrocks.core.errors import GameError
from sevenrocks.core.games import DEFAULT_GAME
from sevenrocks.core.layout import Layout
from sevenrocks.guide import Figure, Guide, rules_guide
from sevenrocks.guide.family import GAME_IDS, FamilyGuide, family_guide, guide_game
from sevenrocks.i18n import translation
from sevenrocks.text import layout_arms

__all__ = ["OPEN_END", "figure_text", "print_guide", "rules_command"]


#: How the guide's drawings mark an open connection point (no notation: the captions say where).
OPEN_END = "○"


def figure_text(layout: Layout, gettext: Callable[[str], str]) -> str:
    """A figure as text, one arm per line: ``(n)`` a counted contribution, ``○`` an open point
    (:data:`OPEN_END`; the rules guide's drawings carry no notation: the captions say where).

    The spinner is written ``{1|1}``, other doubles ``[4|4]``; arms come from
    :func:`sevenrocks.text.layout_arms` (the engine's points and counted ends).
    """
    names = {"line": gettext("line"), "bA": gettext("branch A"), "bB": gettext("branch B")}
    width = max(len(name) for name in names.values())
    lines: list[str] = []
    for arm in layout_arms(layout):
        parts: list[str] = []
        if arm.left is not None:
            parts.append(_drawn_end(arm.left.counted))
        for tile, first, second in arm.tiles:
            if tile is layout.spinner:
                parts.append(f"{{{first}|{second}}}")
            elif tile.is_double:
                parts.append(f"[{first}|{second}]")
            else:
                parts.append(f"{first}|{second}")
        if arm.right is not None:
            parts.append(_drawn_end(arm.right.counted, right=True))
        side = arm.name.rpartition(":")[2]  # "4-4:bA" with every double a spinner: its arm starts {4|4}
        lines.append(f"{names.get(side, side):<{width}}  " + " ".join(parts))
    return "\n".join(lines)


def _drawn_end(counted: int | None, *, right: bool = False) -> str:
    """An open end of a drawing: ``○``, with its counted contribution ``(n)`` on the tile's side."""
    if counted is None:
        return OPEN_END
    return f"({counted}){OPEN_END}" if right else f"{OPEN_END}({counted})"


def _figure(console: Console, figure: Figure, *, brief: bool, gettext: Callable[[str], str]) -> None:
    console.print(Text(gettext("Figure: {title}").format(title=figure.title), style="bold"))
    numbers = [figure.start] if brief else list(range(1, len(figure.steps) + 1))
    for number in numbers:
        step = figure.step(number)
        heading = gettext("Step {number} of {count}").format(number=number, count=len(figure.steps))
        console.print(Text(heading, style="cyan"))
        drawing = Text(figure_text(figure.layout(number), gettext), no_wrap=True, overflow="ignore")
        console.print(Padding(drawing, (0, 0, 0, 2)))
        console.print(Padding(Text(step.caption), (0, 0, 1, 2)))


def print_guide(console: Console, guide: Guide, *, section: str | None = None, brief: bool = False) -> None:
    """Print ``guide`` (or one of its sections) to ``console``."""
    _ = translation(guide.lang).gettext
    sections = guide.sections if section is None else (guide.section(section),)
    if section is None:
        console.print(Text(guide.title, style="bold underline"))
        console.print(guide.introduction, highlight=False)
        console.print()
        console.print(
            Text(_("In the drawings, (n) is a counted contribution and ○ an open end where a tile may join."))
        )
    for number, part in enumerate(sections, start=1):
        index = guide.sections.index(part) + 1 if section is not None else number
        console.print()
        console.print(Rule(Text(f"{index}. {part.title}", style="bold"), align="left"))
        for paragraph in part.paragraphs:
            console.print(paragraph, highlight=False)
            console.print()
        for figure in part.figures:
            _figure(console, figure, brief=brief, gettext=_)
        if part.sums:
            console.print(Text(_("Worked sums"), style="bold"))
            for worked in part.sums:
                console.print(Text("• " + worked.text), highlight=False)


def rules_command(
    lang: LangOption = None,
    game: Annotated[
        str,
        typer.Option("--game", "-g", help="The game whose rules to print (see `sevenrocks games`)."),
    ] = DEFAULT_GAME,
    section: Annotated[
        str | None,
        typer.Option(
            "--section",
            "-s",
            help="Print one section: for Seven Rocks players, leading, placing, doubles, arms, points, "
            "passing, end, winning; for the other games players, deal, leads, placing, stuck, end, points, "
            "settlement, match, information.",
        ),
    ] = None,
    brief: Annotated[
        bool, typer.Option("--brief", help="Show each figure at its main step only, not play by play.")
    ] = False,
) -> None:
    """Print the rules of a game (Seven Rocks by default), section by section, with figures and sums."""
    console = Console(highlight=False, soft_wrap=False)
    errors = Console(stderr=True, highlight=False)
    note = translation("en").gettext(
        "Unknown language {lang}: showing the rules in English. Available: {languages}."
    )
    code = resolve_language(lang, errors, note=note)
    _ = translation(code).gettext
    try:
        game_id = guide_game(game)
    except GameError:
        errors.print(
            _("No game {name}. The games are: {games}.").format(name=repr(game), games=", ".join(GAME_IDS)),
            soft_wrap=True,
        )
        raise typer.Exit(2) from None
    guide: Guide | FamilyGuide = rules_guide(code) if game_id == DEFAULT_GAME else family_guide(game_id, code)
    if section is not None and section not in {s.key for s in guide.sections}:
        errors.print(
            _("No section {key}. The sections are: {keys}.").format(
                key=repr(section), keys=", ".join(s.key for s in guide.sections)
            ),
            soft_wrap=True,
        )
        raise typer.Exit(2)
    if isinstance(guide, FamilyGuide):
        from sevenrocks.cli.rules_family import print_family_guide  # imports this module's figure_text

        print_family_guide(console, guide, section=section, brief=brief)
    else:
        print_guide(console, guide, section=section, brief=brief)
