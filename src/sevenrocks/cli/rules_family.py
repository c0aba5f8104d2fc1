"""The family guide in the terminal: ``sevenrocks rules --game G`` for every game but Seven Rocks.

Each figure step is drawn as text from the engine's own match, replayed to that step: the layout by
:func:`sevenrocks.cli.rules.figure_text`, Sausage's table by :func:`sevenrocks.cli.sausage_text.table_lines`.
"""

from __future__ import annotations

from rich.console import Console
from rich.padding import Padding
from rich.rule import Rule
from rich.text import Text

from sevenrocks.cli.rules import figure_text
from sevenrocks.cli.sausage_text import table_lines
from sevenrocks.core.sausage import SausageMatch
from sevenrocks.guide.family import FamilyGuide, FamilySection
from sevenrocks.guide.play import PlayFigure, Translate
from sevenrocks.i18n import translation

__all__ = ["print_family_guide"]


def _figure(console: Console, figure: PlayFigure, *, brief: bool, _: Translate) -> None:
    console.print(Text(_("Figure: {title}").format(title=figure.title), style="bold"))
    numbers = [figure.start] if brief else list(range(1, len(figure.steps) + 1))
    for number in numbers:
        step = figure.step(number)
        heading = _("Step {number} of {count}").format(number=number, count=len(figure.steps))
        console.print(Text(heading, style="cyan"))
        match = figure.match(number)
        if isinstance(match, SausageMatch):
            drawing = "\n".join(table_lines(match.table, gettext=_))
        else:
            drawing = figure_text(match.layout, _)
        console.print(Padding(Text(drawing, no_wrap=True, overflow="ignore"), (0, 0, 0, 2)))
        console.print(Padding(Text(step.caption), (0, 0, 1, 2)))


def _worked(console: Console, part: FamilySection, _: Translate) -> None:
    if not part.hands and not part.settlements:
        return
    console.print(Text(_("Worked settlements"), style="bold"))
    for hand in part.hands:
        console.print(Text(_("{title}, played by the engine").format(title=hand.title), style="cyan"))
        for line in hand.lines:
            console.print(Text("• " + line))
    if part.settlements:
        console.print(Text(_("Remembered points and eggs, hand after hand"), style="cyan"))
        for worked in part.settlements:
            console.print(Text(worked.title, style="italic"))
            for line in worked.lines:
                console.print(Text("• " + line))


def print_family_guide(
    console: Console, guide: FamilyGuide, *, section: str | None = None, brief: bool = False
) -> None:
    """Print a game's guide (or one of its sections) to ``console``."""
    _ = translation(guide.lang).gettext
    parts = guide.sections if section is None else (guide.section(section),)
    if section is None:
        console.print(Text(guide.title, style="bold underline"))
        console.print(Text(guide.introduction))
        console.print()
        console.print(
            Text(_("In the drawings, (n) is a counted contribution and ○ an open end where a tile may join."))
        )
    for part in parts:
        index = guide.sections.index(part) + 1
        console.print()
        console.print(Rule(Text(f"{index}. {part.title}", style="bold"), align="left"))
        for paragraph in part.paragraphs:
            console.print(Text(paragraph))
            console.print()
        for figure in part.figures:
            _figure(console, figure, brief=brief, _=_)
        _worked(console, part, _)
