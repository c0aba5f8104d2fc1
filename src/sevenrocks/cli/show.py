"""``sevenrocks show RECORD``: a match record, hand by hand."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from sevenrocks.cli.play import console_for
from sevenrocks.core.errors import SevenRocksError
from sevenrocks.core.events import Knock
from sevenrocks.core.layout import Layout
from sevenrocks.core.record import MatchEnd, MatchRecord, load_record
from sevenrocks.core.tiles import NUM_SEATS
from sevenrocks.text import render_layout, render_result, render_scores, seat_label

__all__ = ["print_record", "show_command"]


def print_record(record: MatchRecord, console: Console, *, layouts: bool = True, deals: bool = True) -> None:
    """Print ``record`` hand by hand: deal, leader, every play and knock, settlement, scores."""
    names = record.players
    console.print(f"players: {' · '.join(seat_label(s, names=names) for s in range(NUM_SEATS))}")
    console.print(
        f"partnerships: seats 0+2 ({names[0]}, {names[2]}) against seats 1+3 ({names[1]}, {names[3]})"
    )
    seed = "none recorded" if record.seed is None else str(record.seed)
    console.print(f"seed {seed} · target {record.target} · {len(record.hands)} hand(s)")
    for key, value in record.metadata.items():
        console.print(f"{key}: {value}")
    scores = [0, 0]
    for h, log in enumerate(record.hands):
        console.rule(f"hand {h + 1}")
        how = "dominoed the last hand" if record.lead_by(h) == "domino" else "drawn by lot"
        console.print(f"{seat_label(log.leader, names=names)} leads ({how})")
        if deals:
            for seat, tiles in enumerate(log.deal):
                console.print(
                    f"  dealt to {seat_label(seat, names=names)}: {' '.join(str(t) for t in tiles)}"
                )
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
        table.add_column("#", justify="right")
        table.add_column("seat")
        table.add_column("play")
        table.add_column("ends", justify="right")
        table.add_column("points", justify="right")
        table.add_column("0+2", justify="right")
        table.add_column("1+3", justify="right")
        number = 0
        layout = Layout()
        for event in log.events:
            if isinstance(event, Knock):
                values = ", ".join(str(v) for v in event.values)
                table.add_row(
                    "", str(event.seat), Text(f"knocks (nothing on {values})", style="red"), "", "", "", ""
                )
                continue
            number += 1
            layout.place(event.play)
            scores[event.seat & 1] += event.points
            table.add_row(
                str(number),
                str(event.seat),
                str(event.play),
                str(event.ends_total),
                Text(f"+{event.points}", style="bold green") if event.points else "",
                str(scores[0]) if event.points and event.seat & 1 == 0 else "",
                str(scores[1]) if event.points and event.seat & 1 == 1 else "",
            )
        if number:
            console.print(table)
        if layouts and number:
            console.print("final layout:" if log.result is not None else "layout so far:")
            console.print(render_layout(layout, indent="  ", totals=False))
        if log.result is not None:
            console.print(render_result(log.result, names=names, target=record.target))
            scores = list(log.result.scores)
        else:
            turn = "the hand stops here, unfinished"
            console.print(f"{turn} · " + render_scores(scores, target=record.target))
    console.rule("result")
    final = render_scores(record.scores, target=record.target)
    if record.end is MatchEnd.TARGET:
        winner = record.winner
        assert winner is not None
        console.print(f"seats {winner}+{winner + 2} win at the target: {final}")
    elif record.end is MatchEnd.FORFEIT:
        winner = record.winner
        assert winner is not None
        console.print(f"seats {winner}+{winner + 2} win by forfeit ({record.reason}): {final}")
    elif record.end is MatchEnd.ABANDONED:
        console.print(f"abandoned with no winner ({record.reason}): {final}")
    else:
        console.print(f"unfinished: {final}")


def show_command(
    record: Annotated[Path, typer.Argument(metavar="RECORD", help="A match record (JSON) to print.")],
    layouts: Annotated[
        bool, typer.Option("--layouts/--no-layouts", help="Draw each hand's final layout.")
    ] = True,
    deals: Annotated[bool, typer.Option("--deals/--no-deals", help="List each hand's deal.")] = True,
    script: Annotated[
        bool,
        typer.Option(
            "--script", help="Print the conformance match script instead, for 'sevenrocks replay -'."
        ),
    ] = False,
    color: Annotated[
        bool | None,
        typer.Option("--color/--no-color", help="Force colour on or off (default: on a terminal)."),
    ] = None,
) -> None:
    """Print a match record hand by hand: plays, knocks, settlements and scores.

    The record is checked by replaying it first.
    A bad file is reported with the hand, the play and the rule, and exit code 2.
    """
    try:
        data = load_record(record)
    except SevenRocksError as err:
        message = str(err) if str(record) in str(err) else f"{record}: {err}"
        Console(stderr=True, highlight=False, markup=False, emoji=False, soft_wrap=True).print(
            f"error: {message}"
        )
        raise typer.Exit(2) from None
    if script:
        sys.stdout.write(json.dumps(data.to_script(), indent=1) + "\n")
        return
    console = console_for(color=color)
    console.print(f"match record {record}")
    print_record(data, console, layouts=layouts, deals=deals)
