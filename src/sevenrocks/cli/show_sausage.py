"""``sevenrocks show`` of a Sausage match: deal by deal, every turn with the ends and the queues after it.

For every deal: who started and why, the two queues as dealt (front first; ``--no-deals`` leaves them
out), a table of every turn — the seat, the tile turned, where it went (the start tile, a move
``TILE:WAY``, a cut with the tiles it gave, the back of the queue, set aside), the two ends and the two
queues' lengths after it —, the table at the end of the deal (``--no-layouts`` leaves it out), and the
deal's end and settlement; then how the match ended. Names and metadata come from the file and are
never printed raw.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from sevenrocks.cli.sausage_text import deal_end_lines, seat_name, starter_text, table_lines
from sevenrocks.core.record import MatchEnd
from sevenrocks.core.sausage import DealLog, PublicDeal, SausageRecord, Went
from sevenrocks.i18n import translation
from sevenrocks.untrusted import terminal_safe

__all__ = ["print_sausage_record"]

Translate = Callable[[str], str]


def _say(console: Console, line: str) -> None:
    """Print a line that may hold untrusted text: as Rich text, never as markup."""
    console.print(Text(line))


def _went(turn_went: Went, move: str, gave: int, _: Translate) -> Text:
    if turn_went is Went.START:
        return Text(_("the start tile"))
    if turn_went is Went.BACK:
        return Text(_("to the back of its queue"), style="red")
    if turn_went is Went.ASIDE:
        return Text(_("set aside"), style="red")
    if turn_went is Went.CUT:
        return Text(
            _("{move}: {count} tiles to the other queue").format(move=move, count=gave), style="bold green"
        )
    return Text(move)


def _turns_table(log: DealLog, _: Translate) -> tuple[Table, PublicDeal]:
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column("#", justify="right")
    table.add_column(_("seat"))
    table.add_column(_("turns"))
    table.add_column(_("goes"))
    table.add_column(_("ends (top / bottom)"), justify="right")
    table.add_column(_("queues (0 / 1)"), justify="right")
    public = PublicDeal()
    for number, turn in enumerate(log.turns, start=1):
        public.apply(turn)
        ends = f"{public.ends[0]} / {public.ends[1]}"
        queues = f"{public.lengths[0]} / {public.lengths[1]}"
        table.add_row(
            str(number),
            str(turn.seat),
            str(turn.tile),
            _went(turn.went, str(turn.move), turn.gave, _),
            ends,
            queues,
        )
    return table, public


def print_sausage_record(
    record: SausageRecord, console: Console, *, layouts: bool = True, deals: bool = True, lang: str = "en"
) -> None:
    """Print ``record`` deal by deal (see the module)."""
    _ = translation(lang).gettext
    names = [terminal_safe(name) for name in record.players]

    def label(seat: int) -> str:
        return seat_name(seat, names=names, gettext=_)

    def say(line: str) -> None:
        _say(console, line)

    say(_("game: {name} ({id}), {seats} seats").format(name=_("Sausage"), id=record.game, seats=2))
    say(_("options: {options}").format(options=", ".join(f"{k}={v}" for k, v in record.options.items())))
    say(_("players: {players}").format(players=" · ".join(label(s) for s in (0, 1))))
    seed = _("none recorded") if record.seed is None else str(record.seed)
    say(
        _("seed {seed} · target {target} · deals: {count}").format(
            seed=seed, target=record.target, count=len(record)
        )
    )
    for key, value in record.metadata.items():
        say(f"{terminal_safe(key)}: {terminal_safe(value)}")
    scores: Sequence[int] = (0, 0)
    for h, log in enumerate(record.hands):
        console.rule(_("deal {number}").format(number=h + 1))
        say(starter_text(log.starter, record.lead_by(h), names=names, gettext=_))
        if deals:
            for seat in (0, 1):
                queue = " ".join(str(t) for t in log.queues[seat])
                say("  " + _("queue of {seat}, front first: {tiles}").format(seat=label(seat), tiles=queue))
        table, public = _turns_table(log, _)
        console.print(table)
        if layouts:
            say(_("the table at the end of the deal:") if log.result is not None else _("the table so far:"))
            for line in table_lines(public.table(), gettext=_):
                say("  " + line)
            if public.aside:
                say("  " + _("set aside: {tiles}").format(tiles=" ".join(str(t) for t in public.aside)))
        if log.result is not None:
            for line in deal_end_lines(log.result, target=record.target, aside=(), names=names, gettext=_):
                say(line)
            scores = log.result.scores
        else:
            now = " · ".join(f"{label(s)}: {scores[s]}" for s in (0, 1))
            say(_("the deal stops here, unfinished · {scores}").format(scores=now))
    console.rule(_("result"))
    say(_ending(record, names, _))


def _ending(record: SausageRecord, names: Sequence[str], _: Translate) -> str:
    final = " · ".join(f"{seat_name(s, names=names, gettext=_)}: {record.scores[s]}" for s in (0, 1))
    final += " · " + _("target {target}").format(target=record.target)
    winner = record.winner
    reason = terminal_safe(_(record.reason)) if record.reason else ""
    if record.end is MatchEnd.TARGET and winner is not None:
        return _("winner: {sides}").format(sides=seat_name(winner, names=names, gettext=_)) + f" · {final}"
    if record.end is MatchEnd.FORFEIT and winner is not None:
        side = seat_name(winner, names=names, gettext=_)
        return _("{side} wins by forfeit ({reason}): {scores}").format(side=side, reason=reason, scores=final)
    if record.end is MatchEnd.ABANDONED:
        return _("abandoned with no winner ({reason}): {scores}").format(reason=reason, scores=final)
    return _("unfinished: {scores}").format(scores=final)
