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
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from sevenrocks.analysis.classes import CLASSES, DEFAULT_THINK, AnalysisError
from sevenrocks.cli.progress import progress_bar
from sevenrocks.core.envelope import read_record_file
from sevenrocks.core.errors import SevenRocksError
from sevenrocks.core.record import MatchRecord
from sevenrocks.core.sausage import GAME_ID as SAUSAGE
from sevenrocks.core.script import load_json
from sevenrocks.untrusted import terminal_safe

if TYPE_CHECKING:
    from sevenrocks.analysis.review import MatchAnalysis

__all__ = ["analyse_command", "load_analysable"]

_STYLE = {
    "best": "green",
    "good": "",
    "inaccuracy": "yellow",
    "mistake": "dark_orange",
    "blunder": "bold red",
}


def _fail(message: str) -> typer.Exit:
    Console(stderr=True, highlight=False, markup=False, emoji=False, soft_wrap=True).print(
        f"error: {terminal_safe(message)}"
    )
    return typer.Exit(2)


def load_analysable(path: Path) -> MatchRecord:
    """The match record at ``path``, checked by replaying it; :class:`SevenRocksError` for a file
    that is not a record, a record that fails its replay, or a Sausage record (the search does not
    play Sausage)."""
    data: Any = load_json(read_record_file(path))
    if isinstance(data, dict) and data.get("format") == "sevenrocks-match" and data.get("game") == SAUSAGE:
        raise AnalysisError(
            "this is a Sausage record: Sausage has its own engine, which the search bot does not play, "
            "so it cannot be analysed (the layout games can)"
        )
    if not isinstance(data, dict) or data.get("format") != "sevenrocks-match":
        raise AnalysisError(
            'not a match record (a JSON object with "format": "sevenrocks-match", as sevenrocks play '
            "and tournaments write)"
        )
    return MatchRecord.from_json(data)


def _number(x: float, digits: int = 1) -> str:
    return "∞" if not math.isfinite(x) else f"{x:.{digits}f}"


def _table(analysis: MatchAnalysis) -> Table:
    table = Table(title=f"{analysis.game}: {len(analysis.placements)} placements analysed", padding=(0, 1))
    table.add_column("h.p", justify="right", no_wrap=True)
    table.add_column("seat", justify="right", min_width=4)
    table.add_column("played", no_wrap=True)
    table.add_column("value", justify="right", no_wrap=True)
    table.add_column("best", no_wrap=True)
    table.add_column("best value", justify="right", no_wrap=True)
    table.add_column("lost", justify="right", no_wrap=True)
    table.add_column("class", no_wrap=True)
    table.add_column("win/lose", justify="right", no_wrap=True)
    for p in analysis.placements:
        near = p.made.win + p.made.lose + p.best.win + p.best.lose > 0
        table.add_row(
            f"{p.hand}.{p.play}",
            str(p.seat),
            p.made.move,
            f"{p.made.value:+.1f}±{_number(p.made.value_se)}",
            "=" if p.verdict == "best" else p.best.move,
            "" if p.verdict == "best" else f"{p.best.value:+.1f}±{_number(p.best.value_se)}",
            "" if p.verdict == "best" else f"{p.lost:.1f}±{_number(p.lost_se)}",
            Text(p.verdict, style=_STYLE[p.verdict]),
            f"{p.made.win:.0%}/{p.made.lose:.0%}" if near else "",
        )
    return table


def _summary(analysis: MatchAnalysis) -> Table:
    table = Table(title="per player", padding=(0, 1))
    table.add_column("seat", justify="right")
    table.add_column("player")
    table.add_column("placements", justify="right")
    table.add_column("mean lost", justify="right")
    for name in CLASSES:
        table.add_column(name, justify="right")
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
        typer.Option("--think", help=f"Seconds of search per placement (default {DEFAULT_THINK:g})."),
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
) -> None:
    """Weigh every placement of a match record by search, from the placing seat's view.

    For each placement: the move made and the best by search, their expected points (net points
    of the side to the end of the hand, plus 100 for winning the match in it) with standard
    errors, the points lost, and a class: best, good, inaccuracy, mistake or blunder, by the
    loss less two standard errors (docs/analysis.md). Then a summary per player.
    """
    if think is not None and not 0 < think <= 3600:
        raise _fail(f"--think must be seconds per placement above 0, not {think:g}")
    if deals is not None and deals < 2:
        raise _fail(f"--deals must be 2 or more, not {deals}")
    if workers < 1:
        raise _fail(f"--workers must be 1 or more, not {workers}")
    if chart is not None and chart.suffix.lower() != ".png":
        raise _fail(f"--chart {chart}: the chart is a PNG picture; give a name ending in .png")
    try:
        match_record = load_analysable(record)
    except SevenRocksError as err:
        raise _fail(f"{record}: {err}") from None
    if seat:
        for s in seat:
            if not 0 <= s < match_record.seats:
                raise _fail(f"--seat {s}: this record has seats 0 to {match_record.seats - 1}")
    if chart is not None:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            raise _fail("--chart needs matplotlib: pip install 'sevenrocks[bots]'") from None
    from sevenrocks.analysis.review import analyse_record, annotate  # numpy and numba: only here

    errors = Console(stderr=True)
    try:
        with progress_bar(errors) as bar:
            task = bar.add_task("analysing", total=None, status="")

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
        raise _fail(f"{record}: {error}") from None
    except KeyboardInterrupt:
        errors.print("interrupted: no analysis")
        raise typer.Exit(130) from None
    if annotate_to is not None:
        try:
            annotate(match_record, analysis).save(annotate_to)
        except OSError as error:
            raise _fail(f"cannot write {annotate_to}: {error.strerror or error}") from None
    if chart is not None:
        from sevenrocks.analysis.chart import analysis_chart

        try:
            analysis_chart(analysis, chart)
        except OSError as error:
            raise _fail(f"cannot write the chart {chart}: {error.strerror or error}") from None
    if as_json:
        sys.stdout.write(json.dumps(analysis.to_json(), indent=1, ensure_ascii=False) + "\n")
        return
    out = Console()
    out.print(_table(analysis))
    out.print(_summary(analysis))
    budget = f"{deals} deals" if deals is not None else f"{analysis.think:g} s"
    out.print(
        f"search: {budget} per placement, seed {seed}; {analysis.seconds:.1f} s "
        f"({analysis.cpu_seconds:.1f} s of CPU searching)",
        highlight=False,
    )
    for path, what in ((annotate_to, "annotated record"), (chart, "chart")):
        if path is not None:
            out.print(f"{what}: {path}", highlight=False, markup=False)
