"""``sevenrocks show RECORD``: a match of any game, hand by hand.

``RECORD`` is a match record, or a conformance match script (replayed first); ``--game`` and
``--option`` name the game and options a script leaves out, and on a record they are a check
(see :mod:`sevenrocks.cli.record_source`). Everything a record holds is shown: deals and the
boneyard, how each leader was chosen, every move (several doubles, lengthwise doubles), knock
and draw, void deals, the game's own settlement, the scores per side, and how the match ended.
Names and metadata come from the file and are never printed raw: control characters are shown
escaped and Rich markup is never interpreted.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from sevenrocks.cli.language import LangOption, resolve_language
from sevenrocks.cli.play import ColorOption, console_for
from sevenrocks.cli.record_source import GameOption, OptionsOption, load_source
from sevenrocks.cli.sausage_source import load_sausage_source
from sevenrocks.cli.show_sausage import print_sausage_record
from sevenrocks.core.deal import first_in_order
from sevenrocks.core.errors import SevenRocksError
from sevenrocks.core.events import Draw, HandEnd, HandLog, HandResult, Knock
from sevenrocks.core.games import DEFAULT_GAME, Rules, find_game
from sevenrocks.core.games.general import Counts
from sevenrocks.core.layout import Layout
from sevenrocks.core.record import MatchEnd, MatchRecord
from sevenrocks.core.sausage import SausageRecord
from sevenrocks.core.tiles import TILES, mask_of
from sevenrocks.i18n import translation
from sevenrocks.text import (
    SEA_EVENTS,
    imposed_lead_text,
    render_layout,
    render_result,
    sea_event_text,
    seat_label,
)
from sevenrocks.untrusted import terminal_safe

__all__ = ["print_record", "show_command"]

Translate = Callable[[str], str]


def _say(console: Console, line: str) -> None:
    """Print a line that may hold untrusted text: as Rich text, never as markup."""
    text = Text(line)
    highlighter = getattr(console, "highlighter", None)
    console.print(highlighter(text) if highlighter is not None else text)


def scores_text(
    scores: Sequence[int], rules: Rules, target: int | None, gettext: Translate, names: Sequence[str]
) -> str:
    """The side scores (``seats 0+2: 45 · seats 1+3: -10 · target 250``; ``seat 0 ann: 3 · ...``)."""
    _ = gettext
    if isinstance(rules.settlement, Counts):  # General keeps no points: the hands lost
        parts = [
            f"{_side(side, rules, names, _)}: "
            + (_("1 hand lost") if score == 1 else _("{count} hands lost").format(count=score))
            for side, score in enumerate(scores)
        ]
    else:
        parts = [f"{_side(side, rules, names, _)}: {score}" for side, score in enumerate(scores)]
    if target is not None:
        parts.append(_("target {target}").format(target=target))
    return " · ".join(parts)


def _side(side: int, rules: Rules, names: Sequence[str], gettext: Translate) -> str:
    if rules.partnerships:
        return gettext("seats {first}+{second}").format(first=side, second=side + 2)
    return seat_label(side, names=names, gettext=gettext)


def _sides(sides: Sequence[int], rules: Rules, names: Sequence[str], gettext: Translate) -> str:
    return ", ".join(_side(side, rules, names, gettext) for side in sides)


def print_record(
    record: MatchRecord, console: Console, *, layouts: bool = True, deals: bool = True, lang: str = "en"
) -> None:
    """Print ``record`` hand by hand: deal, leader, every move, knock and draw, settlement, scores.

    ``lang`` is the language of the words (the notation and numbers are the same in every one).
    """
    _ = translation(lang).gettext
    rules = record.rules
    names = [terminal_safe(name) for name in record.players]
    seven_rocks = record.game == DEFAULT_GAME

    def label(seat: int) -> str:
        return seat_label(seat, names=names, gettext=_)

    def say(line: str) -> None:
        _say(console, line)

    if not seven_rocks:
        game = find_game(record.game)
        say(_("game: {name} ({id}), {seats} seats").format(name=game.name, id=game.id, seats=rules.seats))
        values = ", ".join(f"{key}={_value(value)}" for key, value in record.options.items())
        say(_("options: {options}").format(options=values or _("none")))
    say(_("players: {players}").format(players=" · ".join(label(s) for s in range(rules.seats))))
    if rules.partnerships:
        say(
            _("partnerships: seats 0+2 ({first}, {third}) against seats 1+3 ({second}, {fourth})").format(
                first=names[0], third=names[2], second=names[1], fourth=names[3]
            )
        )
    seed = _("none recorded") if record.seed is None else str(record.seed)
    if record.target is not None:
        line = _("seed {seed} · target {target} · hands: {count}")
    else:
        line = _("seed {seed} · hands: {count}")
    say(line.format(seed=seed, target=record.target, count=len(record.hands)))
    for key, value in record.metadata.items():
        say(f"{terminal_safe(key)}: {terminal_safe(value)}")
    scores = [0] * rules.sides
    for h, log in enumerate(record.hands):
        console.rule(_("hand {number}").format(number=h + 1))
        lead = record.lead_by(h)
        if lead is None:
            events = log.result.events if log.result is not None else None
            if events and "egg-redeal" in events:
                say(
                    _(
                        "eggs are pending and nobody was dealt 1-1: the deal is void (an egg redeal), "
                        "dealt again"
                    )
                )
            else:
                say(_("void deal: a hand holds five doubles or six tiles of one suit"))
        else:
            say(_lead_line(lead, log, rules, label(log.leader), _))
        if deals:
            for seat, tiles in enumerate(log.deal):
                dealt = " ".join(str(t) for t in tiles)
                say("  " + _("dealt to {seat}: {tiles}").format(seat=label(seat), tiles=dealt))
            if log.boneyard:
                stock = " ".join(str(t) for t in log.boneyard)
                say("  " + _("boneyard, in draw order: {tiles}").format(tiles=stock))
        number = _print_moves(console, log, rules, scores, _)
        if layouts and number:
            say(_("final layout:") if log.result is not None else _("layout so far:"))
            _print_layout(console, log, rules, seven_rocks, _)
        if log.result is not None:
            if seven_rocks:
                say(render_result(log.result, names=names, target=record.target, gettext=_))
            else:
                for line in _settlement(log.result, rules, record, names, label, _, log.hundred):
                    say(line)
            scores = list(log.result.scores)
        else:
            now = scores_text(scores, rules, record.target, _, names)
            say(_("the hand stops here, unfinished · {scores}").format(scores=now))
    console.rule(_("result"))
    say(_ending(record, names, _))


def _value(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _lead_line(lead: str, log: HandLog, rules: Rules, who: str, _: Translate) -> str:
    imposed = imposed_lead_text(lead, who, gettext=_)
    if imposed is not None:
        return imposed
    if lead == "domino":
        return _("{seat} leads (dominoed the last hand)").format(seat=who)
    if lead == "fisherman":
        return _("{seat} leads (the fisherman: the last to move before the block)").format(seat=who)
    if lead == "rotation":
        return _("{seat} leads (the lead passes round the table)").format(seat=who)
    if lead == "order" and rules.first_lead is not None:
        _seat, tile = first_in_order(rules.first_lead, [mask_of(tiles) for tiles in log.deal])
        return _("{seat} leads {tile}, the first tile of the game's lead order").format(
            seat=who, tile=TILES[tile]
        )
    return _("{seat} leads (drawn by lot)").format(seat=who)


def _print_moves(console: Console, log: HandLog, rules: Rules, scores: list[int], _: Translate) -> int:
    """The hand's moves, knocks and draws as a table (``scores`` move on); the number of moves."""
    counting = rules.scores_points
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column("#", justify="right")
    table.add_column(_("seat"))
    table.add_column(_("play"))
    heads = ["0+2", "1+3"] if rules.partnerships else [str(s) for s in range(rules.sides)]
    if counting:
        table.add_column(_("ends"), justify="right")
        table.add_column(_("points"), justify="right")
        for head in heads:
            table.add_column(head, justify="right")
    blank = [""] * ((2 + len(heads)) if counting else 0)
    number = 0
    for event in log.events:
        if isinstance(event, Knock):
            values = ", ".join(str(v) for v in event.values)
            knock = _("knocks (nothing on {values})").format(values=values)
            table.add_row("", str(event.seat), Text(knock, style="red"), *blank)
            continue
        if isinstance(event, Draw):
            table.add_row("", str(event.seat), Text(_("draws {tile}").format(tile=event.tile)), *blank)
            continue
        number += 1
        side = rules.side_of(event.seat)
        scores[side] += event.points
        cells: list[str | Text] = [str(number), str(event.seat), str(event.play)]
        if counting:
            cells.append(str(event.ends_total))
            cells.append(Text(f"+{event.points}", style="bold green") if event.points else "")
            cells.extend(str(scores[s]) if event.points and s == side else "" for s in range(len(heads)))
        table.add_row(*cells)
    if number:
        console.print(table)
    return number


def _print_layout(console: Console, log: HandLog, rules: Rules, seven_rocks: bool, _: Translate) -> None:
    layout = Layout.for_rules(rules)
    for placement in log.placements:
        for part in placement.play.parts:
            layout.place(part)
    points = None if seven_rocks else rules.points
    console.print(render_layout(layout, indent="  ", totals=False, gettext=_, points=points))


def _settlement(
    result: HandResult,
    rules: Rules,
    record: MatchRecord,
    names: Sequence[str],
    label: Callable[[int], str],
    _: Translate,
    hundred: int | None = None,
) -> list[str]:
    """A hand's end and the game's own settlement, line by line (``hundred``: Sea Goat's hundred
    seat of the hand)."""
    lines: list[str] = []
    if result.end is HandEnd.REDEAL:
        lines.append(_("the deal is void: the tiles are dealt again and nothing else changes"))
        if result.events and "rotten-eggs" in result.events:
            lines.append("  " + _(SEA_EVENTS["rotten-eggs"]))
    elif result.end is HandEnd.TARGET:
        lines.append(_("the target is reached: the match ends at once, with no settlement"))
    elif result.end is HandEnd.DOMINO and result.finisher is not None:
        if rules.team_out:
            lines.append(
                _("{seat} goes out, and its side is out: the hand is over").format(
                    seat=label(result.finisher)
                )
            )
        else:
            lines.append(_("{seat} dominoes: the hand is over").format(seat=label(result.finisher)))
    else:
        lines.append(_("the hand is blocked: nobody can place"))
        if isinstance(rules.settlement, Counts):
            lines.append("  " + _("a fish does not count: the hand is void"))
        if result.fisherman is not None:
            lines.append(
                "  "
                + _("the fisherman, the last to move before the block: {seat}").format(
                    seat=label(result.fisherman)
                )
            )
    if result.pips is not None:
        for seat in range(rules.seats):
            left = result.hands[seat] if result.hands is not None else ()
            tiles = " ".join(str(t) for t in left) if left else _("no tiles")
            line = _("{seat}: {tiles}: {pips} pips").format(
                seat=label(seat), tiles=tiles, pips=result.pips[seat]
            )
            if result.values is not None and result.values[seat] != result.pips[seat]:
                line += " · " + _("counts {value}").format(value=result.values[seat])
            if result.deductions is not None and result.deductions[seat]:
                line += " · " + _("{cost} deducted").format(cost=result.deductions[seat])
            if "tiles" in find_game(rules.game).report:  # picture dominoes: the fewest tiles win
                count = len(left)
                line += " · " + (
                    _("1 tile left") if count == 1 else _("{count} tiles left").format(count=count)
                )
            lines.append("  " + line)
    if result.draws is not None and any(result.draws):
        drawn = " · ".join(f"{label(seat)}: {n}" for seat, n in enumerate(result.draws))
        lines.append("  " + _("tiles drawn: {counts}").format(counts=drawn))
    if result.award is not None and result.end is not HandEnd.TARGET:
        scored = [(side, n) for side, n in enumerate(result.award) if n]
        if scored:
            for side, n in scored:
                lines.append(
                    "  " + _("{side} scores {points}").format(side=_side(side, rules, names, _), points=n)
                )
        else:
            lines.append("  " + _("nobody scores"))
    over = {"bald-goat", "six-six", "hundred-won", "hundred-lost"} & set(result.events or ())
    if result.written is not None and rules.sea_values:  # Sea Goat: the winner adds to the record
        added = [(side, n) for side, n in enumerate(result.written) if n]
        for side, n in added:
            lines.append(
                "  "
                + _("{side} adds {points} to the record").format(side=_side(side, rules, names, _), points=n)
            )
        if not added and not over:
            lines.append("  " + _("nothing is added to the record (a record opens with 25 or more)"))
    elif result.written is not None:
        written = [(side, n) for side, n in enumerate(result.written) if n]
        if written:
            for side, n in written:
                lines.append(
                    "  " + _("{side} writes {points}").format(side=_side(side, rules, names, _), points=n)
                )
        else:
            lines.append("  " + _("nobody writes anything"))
    if result.remembered is not None and any(result.remembered):
        kept = " · ".join(
            f"{_side(side, rules, names, _)}: {n}" for side, n in enumerate(result.remembered) if n
        )
        lines.append("  " + _("remembered, not yet written: {sides}").format(sides=kept))
    if result.eggs:
        lines.append("  " + _("eggs waiting for the next loser: {eggs}").format(eggs=result.eggs))
    if result.end is not HandEnd.REDEAL:
        for event in result.events or ():  # Sea Goat
            lines.append("  " + sea_event_text(event, result, rules, names=names, gettext=_, hundred=hundred))
    if rules.sea_values and result.end is not HandEnd.REDEAL:
        if result.record is None:
            lines.append("  " + _("no side holds a record"))
        else:
            side, points = result.record
            lines.append(
                "  "
                + _("record: {side} with {points}").format(side=_side(side, rules, names, _), points=points)
            )
    if result.loser is not None:  # General
        loser, gives_way = label(result.loser), _side(rules.side_of(result.loser), rules, names, _)
        lines.append(
            "  "
            + _("{seat}, next after the finisher, loses the hand for {side}").format(
                seat=loser, side=gives_way
            )
        )
        if result.general is not None:
            lines.append(
                "  " + _("{seat} is made a General: {side} give way").format(seat=loser, side=gives_way)
            )
        if result.naked is not None:
            lines.append("  " + _("{seat} is made naked: {side} give way").format(seat=loser, side=gives_way))
    lines.append("  " + scores_text(result.scores, rules, record.target, _, names))
    return lines


def _ending(record: MatchRecord, names: Sequence[str], _: Translate) -> str:
    """How the match ended, with the final scores."""
    rules = record.rules
    final = scores_text(record.scores, rules, record.target, _, names)
    winner = record.winner
    outcome = record.outcome
    seven_rocks = record.game == DEFAULT_GAME
    if record.end is MatchEnd.TARGET and outcome is not None:
        if seven_rocks and winner is not None:
            message = _("seats {first}+{second} win at the target: {scores}")
            return message.format(first=winner, second=winner + 2, scores=final)
        if outcome.is_draw:
            return _("the match is a draw: {scores}").format(scores=final)
        winners = _sides(outcome.winners, rules, names, _)
        line = (_("winner: {sides}") if len(outcome.winners) == 1 else _("winners: {sides}")).format(
            sides=winners
        )
        if outcome.goats:
            goats = _sides(outcome.goats, rules, names, _)
            line += " · " + (_("goat: {sides}") if len(outcome.goats) == 1 else _("goats: {sides}")).format(
                sides=goats
            )
        return f"{line} · {final}"
    reason = terminal_safe(_(record.reason)) if record.reason else ""
    if record.end is MatchEnd.FORFEIT and winner is not None:
        if seven_rocks:
            message = _("seats {first}+{second} win by forfeit ({reason}): {scores}")
            return message.format(first=winner, second=winner + 2, reason=reason, scores=final)
        side = _side(winner, rules, names, _)
        return _("{side} wins by forfeit ({reason}): {scores}").format(side=side, reason=reason, scores=final)
    if record.end is MatchEnd.ABANDONED:
        return _("abandoned with no winner ({reason}): {scores}").format(reason=reason, scores=final)
    return _("unfinished: {scores}").format(scores=final)


def show_command(
    record: Annotated[
        Path, typer.Argument(metavar="RECORD", help="A match record (JSON) or a match script to print.")
    ],
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
    game: GameOption = None,
    option: OptionsOption = None,
    color: ColorOption = None,
    lang: LangOption = None,
) -> None:
    """Print a match of any game hand by hand: moves, knocks, draws, settlements and scores.

    RECORD is a match record, or a match script (--game and --option then name what it leaves
    out; on a record they must agree with it). It is checked by replaying it first.
    A bad file is reported with the hand, the play and the rule, and exit code 2.
    """
    errors = Console(stderr=True, highlight=False, markup=False, emoji=False, soft_wrap=True)
    code = resolve_language(lang, errors)
    _ = translation(code).gettext
    try:
        sausage = load_sausage_source(record, game, option)  # Sausage's own records and scripts
        data: MatchRecord | SausageRecord = load_source(record, game, option) if sausage is None else sausage
    except SevenRocksError as err:
        # the file's problem in the engine's words (hand, play, rule): precise, in English
        message = str(err) if str(record) in str(err) else f"{record}: {err}"
        errors.print(_("error: {reason}").format(reason=terminal_safe(message)))
        raise typer.Exit(2) from None
    if script:
        sys.stdout.write(json.dumps(data.to_script(), indent=1) + "\n")
        return
    console = console_for(color=color)
    _say(console, _("match record {path}").format(path=terminal_safe(str(record))))
    if isinstance(data, SausageRecord):
        print_sausage_record(data, console, layouts=layouts, deals=deals, lang=code)
        return
    print_record(data, console, layouts=layouts, deals=deals, lang=code)
