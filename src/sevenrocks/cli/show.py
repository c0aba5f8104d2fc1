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

from sevenrocks.cli.language import LangOption, resolve_language
from sevenrocks.cli.play import console_for
from sevenrocks.core.errors import SevenRocksError
from sevenrocks.core.events import Knock
from sevenrocks.core.layout import Layout
from sevenrocks.core.record import MatchEnd, MatchRecord, load_record
from sevenrocks.core.tiles import NUM_SEATS
from sevenrocks.i18n import translation
from sevenrocks.text import render_layout, render_result, render_scores, seat_label
from sevenrocks.untrusted import terminal_safe

__all__ = ["print_record", "show_command"]


def print_record(
    record: MatchRecord, console: Console, *, layouts: bool = True, deals: bool = True, lang: str = "en"
) -> None:
    """Print ``record`` hand by hand: deal, leader, every play and knock, settlement, scores.

    ``lang`` is the language of the words (the notation and numbers are the same in every one).
    A record's names and metadata are anyone's text: they are printed with their control and
    format characters made visible (:func:`~sevenrocks.untrusted.terminal_safe`) and never read
    as Rich markup, whatever ``console`` does with markup.
    """
    _ = translation(lang).gettext
    names = tuple(terminal_safe(name) for name in record.players)

    def say(text: str) -> None:
        console.print(text, markup=False, emoji=False)

    def label(seat: int) -> str:
        return seat_label(seat, names=names, gettext=_)

    players = " · ".join(label(s) for s in range(NUM_SEATS))
    say(_("players: {players}").format(players=players))
    say(
        _("partnerships: seats 0+2 ({first}, {third}) against seats 1+3 ({second}, {fourth})").format(
            first=names[0], third=names[2], second=names[1], fourth=names[3]
        )
    )
    seed = _("none recorded") if record.seed is None else str(record.seed)
    say(
        _("seed {seed} · target {target} · hands: {count}").format(
            seed=seed, target=record.target, count=len(record.hands)
        )
    )
    for key, value in record.metadata.items():
        say(f"{terminal_safe(key)}: {terminal_safe(value)}")
    scores = [0, 0]
    for h, log in enumerate(record.hands):
        console.rule(_("hand {number}").format(number=h + 1))
        if record.lead_by(h) == "domino":
            say(_("{seat} leads (dominoed the last hand)").format(seat=label(log.leader)))
        else:
            say(_("{seat} leads (drawn by lot)").format(seat=label(log.leader)))
        if deals:
            for seat, tiles in enumerate(log.deal):
                dealt = " ".join(str(t) for t in tiles)
                say("  " + _("dealt to {seat}: {tiles}").format(seat=label(seat), tiles=dealt))
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
        table.add_column("#", justify="right")
        table.add_column(_("seat"))
        table.add_column(_("play"))
        table.add_column(_("ends"), justify="right")
        table.add_column(_("points"), justify="right")
        table.add_column("0+2", justify="right")
        table.add_column("1+3", justify="right")
        number = 0
        layout = Layout()
        for event in log.events:
            if isinstance(event, Knock):
                values = ", ".join(str(v) for v in event.values)
                knock = _("knocks (nothing on {values})").format(values=values)
                table.add_row("", str(event.seat), Text(knock, style="red"), "", "", "", "")
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
            say(_("final layout:") if log.result is not None else _("layout so far:"))
            say(render_layout(layout, indent="  ", totals=False, gettext=_))
        if log.result is not None:
            say(render_result(log.result, names=names, target=record.target, gettext=_))
            scores = list(log.result.scores)
        else:
            now = render_scores(scores, target=record.target, gettext=_)
            say(_("the hand stops here, unfinished · {scores}").format(scores=now))
    console.rule(_("result"))
    final = render_scores(record.scores, target=record.target, gettext=_)
    winner = record.winner
    if record.end is MatchEnd.TARGET and winner is not None:
        message = _("seats {first}+{second} win at the target: {scores}")
        say(message.format(first=winner, second=winner + 2, scores=final))
    elif record.end is MatchEnd.FORFEIT and winner is not None:
        message = _("seats {first}+{second} win by forfeit ({reason}): {scores}")
        reason = terminal_safe(_(record.reason)) if record.reason else ""
        say(message.format(first=winner, second=winner + 2, reason=reason, scores=final))
    elif record.end is MatchEnd.ABANDONED:
        reason = terminal_safe(_(record.reason)) if record.reason else ""
        say(_("abandoned with no winner ({reason}): {scores}").format(reason=reason, scores=final))
    else:
        say(_("unfinished: {scores}").format(scores=final))


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
    lang: LangOption = None,
) -> None:
    """Print a match record hand by hand: plays, knocks, settlements and scores.

    The record is checked by replaying it first.
    A bad file is reported with the hand, the play and the rule, and exit code 2.
    """
    errors = Console(stderr=True, highlight=False, markup=False, emoji=False, soft_wrap=True)
    code = resolve_language(lang, errors)
    _ = translation(code).gettext
    try:
        data = load_record(record)
    except SevenRocksError as err:
        # the file's problem in the engine's words (hand, play, rule): precise, in English
        message = str(err) if str(record) in str(err) else f"{record}: {err}"
        errors.print(_("error: {reason}").format(reason=message))
        raise typer.Exit(2) from None
    if script:
        sys.stdout.write(json.dumps(data.to_script(), indent=1) + "\n")
        return
    console = console_for(color=color)
    console.print(_("match record {path}").format(path=terminal_safe(str(record))), markup=False)
    print_record(data, console, layouts=layouts, deals=deals, lang=code)
