"""Lines wrapped to the terminal's width between words, never inside one.

``sevenrocks play`` prints tiles (``5-5``), placements (``1-5@1-1:B``), layout pieces
(``<2-6:high>(6)``) and numbers that must stay whole: a line longer than the console is broken only
at spaces (Rich measures the width, in terminal cells, so Arabic and Cyrillic count right), a
separator such as ``·``, ``→``, ``+`` or ``=`` stays at the end of its line rather than starting the
next, and the lines that follow are indented (a hanging indent) so that a wrapped line reads as one:
under the second column of an indented row (``  line  <1-5:low>(1) 1|5 …``, ``  1. 0-6@2-6:high …``),
two spaces further in for other lines. A single token wider than the console (a long path) is
left whole on its own line, wider than the console.

The console wraps when it writes to a terminal or when ``COLUMNS`` is set (Rich reads both); written
to a pipe or a file without ``COLUMNS``, every line stays whole, so a transcript keeps one line per
message.

>>> from rich.console import Console
>>> console = Console(width=24, color_system=None)
>>> with console.capture() as capture:
...     console.print(Wrapped("seat 1 plays 1-5@1-1:B: ends 10 · scores 10"))
>>> print(capture.get().rstrip())
seat 1 plays 1-5@1-1:B:
  ends 10 · scores 10
"""

from __future__ import annotations

import os
import re
from typing import Final

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text

__all__ = ["Wrapped", "error_console", "say", "wrap_line", "wraps"]

#: A word with the separators that follow it (kept on its line): ``6 =``, ``0 ·``, ``12) →``.
_TOKEN: Final = re.compile(r"\S+(?:[ \t]+[·→+=×−–—|](?=[ \t]|$))*")


def _hang(plain: str, width: int) -> int:
    """Where the lines after the first start: under the second column of an indented row (a label
    followed by two spaces or more, or a number such as ``12.``), else two spaces in."""
    indent = len(plain) - len(plain.lstrip(" "))
    if indent:
        first = re.match(r" *(?:\S+ {2,}|\d+\. +)", plain)
        if first is not None and first.end() <= width // 2:
            return cell_len(plain[: first.end()])
        return indent + 2
    return 2 if width > 8 else 0


def wrap_line(line: Text, width: int) -> list[Text]:
    """``line`` (one line, styles kept) broken between tokens into lines of at most ``width`` cells.

    >>> [t.plain for t in wrap_line(Text("  line  <1-5:low>(1) 1|5 5|2 {2|2} 2|6"), 24)]
    ['  line  <1-5:low>(1) 1|5', '        5|2 {2|2} 2|6']
    """
    plain = line.plain
    if cell_len(plain) <= width:
        return [line]
    hang = _hang(plain, width)
    pad = Text(" " * hang)
    lines: list[Text] = []
    start = 0  # where the current line's text begins in ``plain``
    end = -1  # where its last whole token ends (-1: no token yet)
    prefix = 0
    for token in _TOKEN.finditer(plain):
        if end >= 0 and prefix + cell_len(plain[start : token.end()]) > width:
            lines.append(line[start:end] if not prefix else Text.assemble(pad, line[start:end]))
            start, prefix = token.start(), hang
        end = token.end()
    if end < 0:
        return [line]
    lines.append(line[start:end] if not prefix else Text.assemble(pad, line[start:end]))
    return lines


class Wrapped:
    """A renderable: text (one or several lines) wrapped by :func:`wrap_line` at the console's width.

    ``highlight`` runs the console's highlighter on plain text (``None``: when the console does);
    ``style`` styles the whole text; ``end`` ends it (``""``: a prompt, the answer on the same line).
    On a console that does not wrap (``soft_wrap``), the text is printed as it is.
    """

    def __init__(
        self, text: str | Text, *, style: str = "", highlight: bool | None = None, end: str = "\n"
    ) -> None:
        self.text = text
        self.end = end
        self.style = style
        self.highlight = highlight

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        """Yield the wrapped text."""
        if isinstance(self.text, Text):
            text = self.text
        else:
            text = console.render_str(
                self.text, style=self.style, highlight=self.highlight, markup=False, emoji=False
            )
        if options.no_wrap:
            yield Text.assemble(text, end=self.end)
            return
        width = options.max_width
        pieces: list[Text] = []
        for line in text.split("\n", allow_blank=True):
            pieces.extend(wrap_line(line, width))
        joined = Text("\n").join(pieces)
        joined.end = self.end
        # a token wider than the console (a long path) stays whole: the terminal shows it as it
        # can, and it is still one piece to copy
        joined.no_wrap = True
        joined.overflow = "ignore"
        yield joined


def wraps(console: Console) -> bool:
    """True when ``console`` should wrap: it writes to a terminal, or ``COLUMNS`` gives the width."""
    columns = os.environ.get("COLUMNS", "")
    isatty = getattr(console.file, "isatty", None)
    try:
        terminal = bool(callable(isatty) and isatty())
    except ValueError:  # a closed file
        terminal = False
    return terminal or columns.isdigit()


def say(
    console: Console,
    text: str | Text = "",
    *,
    style: str = "",
    highlight: bool | None = None,
    end: str = "\n",
) -> None:
    """Print ``text`` on ``console``, wrapped between words (:class:`Wrapped`)."""
    console.print(Wrapped(text, style=style, highlight=highlight, end=end), crop=False)


def error_console() -> Console:
    """The console of errors and warnings (standard error, no highlighting), wrapped by Rich between
    words where :func:`wraps` says so."""
    console = Console(stderr=True, highlight=False, markup=False, emoji=False, soft_wrap=True)
    console.soft_wrap = not wraps(console)
    return console
