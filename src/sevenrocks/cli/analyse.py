"""``sevenrocks analyse RECORD.json``: every placement of a match weighed by search.

For each placement of the chosen seats (``--seat``, repeatable; all by default) the position is
searched from that seat's view at that moment (:mod:`sevenrocks.analysis.review`): the move made,
the best move by search, their expected points with standard errors, the points lost and a class.
Prints a table and a summary per player (or ``--json``); ``--annotate OUT.json`` writes the record
with a comment on each analysed move, ``--chart OUT.png`` draws side 0's expected lead through the
match with the mistakes marked. ``docs/analysis.md`` explains the numbers.

A bad file, an unknown seat, a record that fails its replay or a game the search does not play
(Sausage) is an error with exit code 2.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Final

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from sevenrocks.analysis.classes import CLASSES
from sevenrocks.analysis.records import load_analysable
from sevenrocks.cli.language import LangOption, resolve_language
from sevenrocks.cli.progress import progress_bar
from sevenrocks.core.errors import SevenRocksError
from sevenrocks.i18n import N_, translation
from sevenrocks.untrusted import terminal_safe

if TYPE_CHECKING:
    from sevenrocks.analysis.review import MatchAnalysis

__all__ = ["CLASS_NAMES", "analyse_command"]

Translate = Callable[[str], str]

#: The classes as the tables show them (the JSON keeps the English ids of ``CLASSES``).
CLASS_NAMES: Final = {
    "best": N_("best"),
    "good": N_("good"),
    "inaccuracy": N_("inaccuracy"),
    "mistake": N_("mistake"),
    "blunder": N_("blunder"),
}
_STYLE: Final = {
    "best": "green",
    "good": "",
    "inaccuracy": "yellow",
    "mistake": "dark_orange",
    "blunder": "bold red",
}


def _fail(_: Translate, message: str) -> typer.Exit:
    Console(stderr=True, highlight=False, markup=False, emoji=False, soft_wrap=True).print(
        _("error: {reason}").format(reason=terminal_safe(message))
    )
    return typer.Exit(2)


def _number(x: float) -> str:
    return "∞" if not math.isfinite(x) else f"{x:.1f}"


def _table(analysis: MatchAnalysis, _: Translate) -> Table:
    title = _("{game}: {count} placements analysed").format(
        game=analysis.game, count=len(analysis.placements)
    )
    table = Table(title=title, padding=(0, 1))
    table.add_column(_("h.p"), justify="right", no_wrap=True)
    table.add_column(_("seat"), justify="right", no_wrap=True)
    table.add_column(_("played"), no_wrap=True)
    table.add_column(_("value"), justify="right", no_wrap=True)
    table.add_column(_("best"), no_wrap=True)
    table.add_column(_("lost"), justify="right", no_wrap=True)
    table.add_column(_("class"), no_wrap=True)
    table.add_column(_("win/lose"), justify="right", no_wrap=True)
    for p in analysis.placements:
        near = p.made.win + p.made.lose > 0
        best = p.verdict == "best"
        table.add_row(
            f"{p.hand}.{p.play}",
            str(p.seat),
            p.made.move,
            f"{p.made.value:+.1f}±{_number(p.made.value_se)}",
            "=" if best else p.best.move,
            "" if best else f"{p.lost:.1f}±{_number(p.lost_se)}",
            Text(_(CLASS_NAMES[p.verdict]), style=_STYLE[p.verdict]),
            f"{p.made.win:.0%}/{p.made.lose:.0%}" if near else "",
        )
    return table


def _summary(analysis: MatchAnalysis, _: Translate) -> Table:
    table = Table(title=_("per player"), padding=(0, 1))
    table.add_column(_("seat"), justify="right")
    table.add_column(_("player"))
    table.add_column(_("placements"), justify="right")
    table.add_column(_("mean lost"), justify="right")
    for name in CLASSES:
        table.add_column(_(CLASS_NAMES[name]), justify="right")
    for s in analysis.summary:
        table.add_row(
            str(s.seat),
            Text(terminal_safe(s.player)),
            str(s.placements),
            f"{s.mean_lost:.2f}",
            *(str(s.classes[c]) for c in CLASSES),
        )
    return table


def analyse_command(
    record: Annotated[Path, typer.Argument(help="A match record (JSON), as sevenrocks play writes.")],
    seat: Annotated[
        list[int] | None,
        typer.Option("--seat", help="Analyse this seat's placements (repeat it; default: every seat)."),
    ] = None,
    think: Annotated[
        float | None,
        typer.Option("--think", help="Seconds of search per placement (default 1)."),
    ] = None,
    deals: Annotated[
        int | None,
        typer.Option(
            "--deals",
            help="Sampled deals per placement instead of a time (exactly reproducible with --seed).",
        ),
    ] = None,
    workers: Annotated[int, typer.Option("--workers", help="Processes searching side by side.")] = 1,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the sampled deals.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print the analysis as one JSON object.")] = False,
    annotate_to: Annotated[
        Path | None,
        typer.Option("--annotate", metavar="OUT.json", help="Write the record with a comment on each move."),
    ] = None,
    chart: Annotated[
        Path | None,
        typer.Option(
            "--chart", metavar="OUT.png", help="Draw side 0's expected lead through the match (PNG)."
        ),
    ] = None,
    lang: LangOption = None,
) -> None:
    """Weigh every placement of a match record by search, from the placing seat's view.

    For each placement: the move made and the best by search, their expected points (net points
    of the side to the end of the hand, plus 100 for winning the match in it) with standard
    errors, the points lost, and a class: best, good, inaccuracy, mistake or blunder, by the
    loss less two standard errors (docs/analysis.md). Then a summary per player.
    """
    errors = Console(stderr=True)
    _ = translation(resolve_language(lang, errors)).gettext
    if think is not None and not 0 < think <= 3600:
        raise _fail(
            _, _("--think must be seconds per placement above 0, not {value}").format(value=f"{think:g}")
        )
    if deals is not None and deals < 2:
        raise _fail(_, _("--deals must be 2 or more, not {value}").format(value=deals))
    if workers < 1:
        raise _fail(_, _("--workers must be 1 or more, not {value}").format(value=workers))
    if chart is not None and chart.suffix.lower() != ".png":
        raise _fail(
            _, _("--chart {path}: the chart is a PNG picture; give a name ending in .png").format(path=chart)
        )
    try:
        match_record = load_analysable(record)
    except SevenRocksError as err:
        raise _fail(_, f"{record}: {err}") from None
    for s in seat or ():
        if not 0 <= s < match_record.seats:
            raise _fail(
                _,
                _("--seat {seat}: this record has seats 0 to {last}").format(
                    seat=s, last=match_record.seats - 1
                ),
            )
    if chart is not None:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            raise _fail(_, _("--chart needs matplotlib: pip install 'sevenrocks[bots]'")) from None
    from sevenrocks.analysis.review import analyse_record, annotate  # numpy and numba: only here

    try:
        with progress_bar(errors) as bar:
            task = bar.add_task(_("analysing"), total=None, status="")

            def advance(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total, status="")

            analysis = analyse_record(
                match_record,
                seats=sorted(set(seat)) if seat else None,
                think=think,
                deals=deals,
                workers=workers,
                seed=seed,
                progress=advance,
            )
    except SevenRocksError as error:
        raise _fail(_, f"{record}: {error}") from None
    except KeyboardInterrupt:
        errors.print(_("interrupted: no analysis"))
        raise typer.Exit(130) from None
    if annotate_to is not None:
        try:
            annotate(match_record, analysis).save(annotate_to)
        except OSError as error:
            why = error.strerror or str(error)
            raise _fail(_, _("cannot write {path}: {reason}").format(path=annotate_to, reason=why)) from None
    if chart is not None:
        from sevenrocks.analysis.chart import analysis_chart

        try:
            analysis_chart(analysis, chart)
        except OSError as error:
            why = error.strerror or str(error)
            raise _fail(
                _, _("cannot write the chart {path}: {reason}").format(path=chart, reason=why)
            ) from None
    if as_json:
        sys.stdout.write(json.dumps(analysis.to_json(), indent=1, ensure_ascii=False) + "\n")
        return
    out = Console()
    out.print(_table(analysis, _))
    out.print(_summary(analysis, _))
    if deals is not None:
        budget = _("{count} deals per placement").format(count=deals)
    else:
        budget = _("{seconds} s per placement").format(seconds=f"{analysis.think:g}")
    line = _("search: {budget}, seed {seed}; {seconds} s ({cpu} s of processor time searching)")
    out.print(
        line.format(
            budget=budget, seed=seed, seconds=f"{analysis.seconds:.1f}", cpu=f"{analysis.cpu_seconds:.1f}"
        ),
        highlight=False,
    )
    if annotate_to is not None:
        out.print(_("annotated record: {path}").format(path=annotate_to), highlight=False, markup=False)
    if chart is not None:
        out.print(_("chart: {path}").format(path=chart), highlight=False, markup=False)
