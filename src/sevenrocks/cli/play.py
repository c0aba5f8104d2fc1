"""``sevenrocks play``: a person plays seat 0 in the terminal against three bots.

The match record is saved after every hand and when the match ends, is quit (``q``), or
standard input ends, so nothing played is lost. Input is read line by line from standard
input, so a whole match can be played from a file or a pipe (the tests do so).
"""

from __future__ import annotations

import contextlib
import random
import sys
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Final

import typer
from rich.console import Console
from rich.highlighter import RegexHighlighter
from rich.text import Text
from rich.theme import Theme

from sevenrocks import __version__
from sevenrocks.bots import Bot, UnknownBotError, make_bot
from sevenrocks.cli.language import LangOption, resolve_language
from sevenrocks.core.errors import SevenRocksError
from sevenrocks.core.events import Knock, Placement
from sevenrocks.core.match import Match
from sevenrocks.core.notation import Play
from sevenrocks.core.record import MatchEnd, MatchRecord
from sevenrocks.core.scoring import DEFAULT_TARGET
from sevenrocks.i18n import N_, translation
from sevenrocks.messages import error_text, translate
from sevenrocks.text import (
    PlayChoice,
    play_choices,
    render_event,
    render_result,
    render_scores,
    render_view,
    seat_label,
)
from sevenrocks.tournament.runner import MatchObserver

__all__ = ["HUMAN", "PlayerQuit", "console_for", "parse_choice", "play_command"]

HUMAN: Final = 0
HELP: Final = N_(
    "type the number of a placement, or the placement itself (e.g. 3-4@4-4:B), or just the tile "
    "when it has one place to go; q quits (the record is saved)"
)


class PlayerQuit(Exception):
    """The person quit (``q``) or standard input ended."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


class BotFailed(Exception):
    """A bot raised an error or chose a placement that is not legal."""

    def __init__(self, seat: int, template: str, /, **params: object) -> None:
        self.seat = seat
        #: the English reason (kept in the record); :meth:`translated` for the player
        self.reason = template.format(**params)
        self.template = template
        self.params = params
        super().__init__(self.reason)

    def translated(self, lang: str) -> str:
        """The reason in ``lang``."""
        return translate(self.template, self.params, lang)


class LayoutHighlighter(RegexHighlighter):
    """Colours connection points, counted contributions, doubles and the spinner."""

    base_style = "sevenrocks."
    highlights = [  # noqa: RUF012 - the class attribute Rich reads
        r"(?P<point><[0-6]-[0-6]:(?:low|high|A|B|bA|bB)>)",
        r"(?P<count>\(\d+\))",
        r"(?P<spinner>\{[0-6]\|[0-6]\})",
        r"(?P<double>\[[0-6]\|[0-6]\])",
        r"(?P<score>scores \d+)",
        r"(?P<knock>knocks)",
    ]


THEME: Final = Theme(
    {
        "sevenrocks.point": "bold cyan",
        "sevenrocks.count": "bold yellow",
        "sevenrocks.spinner": "bold magenta",
        "sevenrocks.double": "magenta",
        "sevenrocks.score": "bold green",
        "sevenrocks.knock": "red",
    }
)


def console_for(*, color: bool | None = None) -> Console:
    """The console the commands print to (colour only on a terminal unless told)."""
    return Console(
        theme=THEME,
        highlighter=LayoutHighlighter(),
        no_color=color is False,
        force_terminal=True if color else None,
        soft_wrap=True,
        markup=False,
        emoji=False,
    )


def parse_choice(text: str, choices: Sequence[PlayChoice], *, lang: str = "en") -> Play:
    """The placement a line of input picks: a number, a placement, or a tile with one place.

    Raises :class:`ValueError` with a message for the player when the line picks nothing legal.

    >>> from sevenrocks.core import Match
    >>> from sevenrocks.text import play_choices
    >>> match = Match(seed=5)
    >>> match.start_hand(leader=0)
    >>> choices = play_choices(match.view(0))
    >>> parse_choice("1", choices) == choices[0].play
    True
    >>> parse_choice("9", choices)
    Traceback (most recent call last):
    ...
    ValueError: there is no placement 9: choose 1 to 7
    """
    _ = translation(lang).gettext
    text = text.strip()
    plays = [c.play for c in choices]
    if text.isascii() and text.isdigit():  # "３" or "²" is not a number here: input is ASCII
        number = int(text)
        if 1 <= number <= len(choices):
            return choices[number - 1].play
        raise ValueError(
            _("there is no placement {number}: choose 1 to {count}").format(number=number, count=len(choices))
        )
    try:
        play = Play.parse(text)
    except SevenRocksError as err:
        message = _(
            "{text} is not a choice: {reason}; type 1 to {count}, a placement such as {example}, or q to quit"
        )
        raise ValueError(
            message.format(
                text=repr(text), reason=error_text(err, lang), count=len(choices), example=choices[0].play
            )
        ) from None
    if play in plays:
        return play
    if play.is_opening:
        same = [p for p in plays if p.tile is play.tile]
        if len(same) == 1:
            return same[0]
        if len(same) > 1:
            where = ", ".join(str(p) for p in same)
            message = _("tile {tile} can go in {count} places: type one of {where}")
            raise ValueError(message.format(tile=play.tile, count=len(same), where=where))
    raise ValueError("")  # the caller asks the engine why the play is illegal


def _human_choice(match: Match, console: Console, choices: Sequence[PlayChoice], lang: str) -> Play:
    """Ask for a placement until a legal one is given; :class:`PlayerQuit` on ``q`` or end of input."""
    _ = translation(lang).gettext
    while True:
        console.print(_("your placement [1]: ") if len(choices) == 1 else _("your placement: "), end="")
        line = sys.stdin.readline()
        if not line:
            console.print()
            raise PlayerQuit(N_("the input ended"))
        text = line.strip()
        if not sys.stdin.isatty():
            console.print(text, highlight=False)  # echo piped input, so the transcript reads well
        if text.lower() in ("q", "quit", "exit"):
            raise PlayerQuit(N_("the player at seat 0 quit"))
        if text in ("?", "h", "help"):
            console.print(_(HELP))
            continue
        if not text:
            if len(choices) == 1:
                return choices[0].play
            console.print(_("please choose a placement: {help}").format(help=_(HELP)))
            continue
        try:
            return parse_choice(text, choices, lang=lang)
        except ValueError as err:
            message = str(err)
            if not message:
                try:
                    match.check(Play.parse(text))
                    message = _("{text} is not one of your placements").format(text=text)
                except SevenRocksError as rule:
                    message = _("{text} is not legal: {reason}").format(
                        text=text, reason=error_text(rule, lang)
                    )
            console.print(Text(message, style="red"))


def _show_position(match: Match, console: Console, names: Sequence[str], lang: str) -> None:
    console.print()
    console.print(
        render_view(match.view(HUMAN), names=names, choices=True, gettext=translation(lang).gettext)
    )


def run_match(
    match: Match,
    bots: dict[int, Bot],
    names: Sequence[str],
    console: Console,
    *,
    on_hand_end: Callable[[], None] | None = None,
    lang: str = "en",
) -> None:
    """Play ``match`` to its end, asking standard input for seat 0's placements.

    Raises :class:`PlayerQuit` when the person quits or the input ends. ``on_hand_end`` (a
    callable, if given) is called after every finished hand, e.g. to save the record.
    ``lang`` is the language of everything printed.
    """
    _ = translation(lang).gettext
    while not match.is_over:
        next_leader = match.next_leader()
        match.start_hand()
        leader = match.leader
        assert leader is not None
        who = seat_label(leader, me=HUMAN, names=names, gettext=_)
        console.rule(_("hand {number}").format(number=match.hand_number + 1))
        if next_leader is not None:
            console.print(_("{seat} leads (dominoed the last hand)").format(seat=who))
        else:
            console.print(_("{seat} leads (drawn by lot)").format(seat=who))
        _tell_observers(bots, match, names)  # bot programs hear of their tiles now
        shown = 0
        while match.turn is not None:
            seat = match.turn
            if seat == HUMAN:
                view = match.view(HUMAN)
                choices = play_choices(view)
                _show_position(match, console, names, lang)
                play = _human_choice(match, console, choices, lang)
            else:
                play = _bot_choice(bots[seat], match, seat, names)
            match.push(play)
            shown = _print_events(match, console, names, shown, lang)
        _print_events(match, console, names, shown, lang)
        _tell_observers(bots, match, names)
        result = match.results[-1]
        console.print()
        console.print(render_result(result, me=HUMAN, names=names, target=match.target, gettext=_))
        if on_hand_end is not None:
            on_hand_end()


def _tell_observers(bots: Mapping[int, Bot], match: Match, names: Sequence[str]) -> None:
    """Bring the bots that follow the whole match (bot programs) up to date with their views."""
    for seat, bot in bots.items():
        if isinstance(bot, MatchObserver):
            try:
                bot.observe(match.view(seat))
            except Exception as error:  # as in _bot_choice: a failing bot forfeits
                raise BotFailed(
                    seat, N_("seat {seat} ({name}) failed: {error}"), seat=seat, name=names[seat], error=error
                ) from None


def _end_observers(bots: Mapping[int, Bot], match: Match, winner: int | None) -> None:
    """Tell bot programs the match is over, then stop them (nothing they do now matters)."""
    for seat, bot in bots.items():
        if isinstance(bot, MatchObserver):
            with contextlib.suppress(Exception):
                bot.end_match(match.view(seat), winner, match.scores)
        close = getattr(bot, "close", None)
        if callable(close):
            with contextlib.suppress(Exception):
                close()


def _bot_choice(bot: Bot, match: Match, seat: int, names: Sequence[str]) -> Play:
    """The bot's placement, checked; :class:`BotFailed` if it fails or breaks a rule."""
    try:
        play = bot.choose(match.view(seat))
    except Exception as error:  # a bot is outside code: any failure forfeits, none crashes play
        raise BotFailed(
            seat, N_("seat {seat} ({name}) failed: {error}"), seat=seat, name=names[seat], error=error
        ) from None
    if not isinstance(play, Play):
        raise BotFailed(
            seat,
            N_("seat {seat} ({name}) returned {value}, not a placement"),
            seat=seat,
            name=names[seat],
            value=repr(play),
        )
    try:
        match.check(play)
    except SevenRocksError as error:
        raise BotFailed(
            seat,
            N_("seat {seat} ({name}) chose {play}, which is not legal: {reason}"),
            seat=seat,
            name=names[seat],
            play=play,
            reason=error.reason,
        ) from None
    return play


def _print_events(match: Match, console: Console, names: Sequence[str], shown: int, lang: str) -> int:
    gettext = translation(lang).gettext
    events = match.history[-1].events
    for event in events[shown:]:
        line = render_event(event, me=HUMAN, names=names, gettext=gettext)
        if isinstance(event, Placement) and event.points:
            line += " → " + render_scores(_scores_after(match, event), me=HUMAN, gettext=gettext)
        console.print(("  " if isinstance(event, Knock) else "") + line)
    return len(events)


def _scores_after(match: Match, placement: Placement) -> tuple[int, int]:
    """The running scores just after ``placement`` in the current hand."""
    logs = match.history
    previous = logs[-2].result if len(logs) >= 2 else None
    scores = list(previous.scores) if previous is not None else [0, 0]
    for event in logs[-1].placements:
        scores[event.seat & 1] += event.points
        if event is placement:
            break
    return scores[0], scores[1]


def _default_record_path(seed: int) -> Path:
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    base = Path("matches") / f"sevenrocks-{stamp}-seed{seed}"
    path = base.with_suffix(".json")
    n = 1
    while path.exists():
        n += 1
        path = Path(f"{base}-{n}.json")
    return path


def play_command(
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed of the deals, lots and bots (random when left out).")
    ] = None,
    target: Annotated[
        int, typer.Option("--target", min=1, help="Points that win the match.")
    ] = DEFAULT_TARGET,
    record: Annotated[
        Path | None,
        typer.Option(
            "--record",
            help="Where to save the match record (default: matches/sevenrocks-TIME-seedS.json).",
            dir_okay=False,
        ),
    ] = None,
    overwrite: Annotated[
        bool, typer.Option("--overwrite", help="Replace an existing --record file.")
    ] = False,
    seat1: Annotated[
        str, typer.Option("--seat1", help="Bot at seat 1 (an opponent, plays after you).")
    ] = "random",
    partner: Annotated[
        str, typer.Option("--partner", "--seat2", help="Bot at seat 2 (your partner).")
    ] = "greedy",
    seat3: Annotated[
        str, typer.Option("--seat3", help="Bot at seat 3 (an opponent, plays before you).")
    ] = "greedy",
    color: Annotated[
        bool | None,
        typer.Option("--color/--no-color", help="Force colour on or off (default: on a terminal)."),
    ] = None,
    lang: LangOption = None,
) -> None:
    """Play seat 0 against three bots; your partner sits opposite at seat 2.

    Each turn shows the layout, your tiles and your placements with what each scores.
    In the layout, <1-2:high> is an open connection point and (2) a counted end.
    Type a number, a placement such as 3-4@4-4:B, or q to quit.
    The record is saved after every hand; see it with 'sevenrocks show RECORD'.
    """
    console = console_for(color=color)
    err = Console(stderr=True, highlight=False, markup=False, emoji=False, soft_wrap=True)
    lang = resolve_language(lang, err)
    _ = translation(lang).gettext
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    names = ["human", seat1, partner, seat3]
    bots: dict[int, Bot] = {}
    for seat in (1, 2, 3):
        try:
            bots[seat] = make_bot(names[seat], seed=seed * 4 + seat)
        except UnknownBotError as error:
            err.print(_("error: seat {seat}: {reason}").format(seat=seat, reason=error))
            raise typer.Exit(2) from None
    path = record if record is not None else _default_record_path(seed)
    if path.exists() and not overwrite:
        err.print(
            _("error: {path} already exists: choose another --record path, or pass --overwrite").format(
                path=path
            )
        )
        raise typer.Exit(2)
    match = Match(target=target, seed=seed)
    created = datetime.now(UTC).isoformat(timespec="seconds")
    metadata = {"created": created, "program": f"sevenrocks {__version__} play"}

    def save(end: MatchEnd | None = None, reason: str | None = None, winner: int | None = None) -> None:
        data = MatchRecord.from_match(
            match, players=names, metadata=metadata, end=end, reason=reason, winner=winner
        )
        data.save(path)

    try:
        save()  # fail now, not after the match, if the record cannot be written
    except SevenRocksError as error:
        err.print(_("error: {reason}").format(reason=error))
        raise typer.Exit(2) from None
    console.print(
        _(
            "Seven Rocks · seed {seed} · target {target} · you are seat 0, your partner {partner} is seat 2; "
            "opponents {left} (seat 1) and {right} (seat 3)"
        ).format(seed=seed, target=target, partner=names[2], left=names[1], right=names[3])
    )
    console.print(_(HELP))

    def autosave() -> None:
        try:
            save()
        except SevenRocksError as error:  # keep playing; the final save reports it again
            err.print(_("warning: {reason}").format(reason=error))

    try:
        run_match(match, bots, names, console, on_hand_end=autosave, lang=lang)
    except (PlayerQuit, KeyboardInterrupt) as stop:
        _end_observers(bots, match, None)
        reason = stop.reason if isinstance(stop, PlayerQuit) else N_("interrupted (Ctrl-C)")
        console.print()
        console.print(_("match stopped: {reason}").format(reason=_(reason)))
        try:
            save(MatchEnd.ABANDONED, reason)  # the record keeps the English reason
        except SevenRocksError as error:
            err.print(_("error: {reason}").format(reason=error))
            raise typer.Exit(2) from None
        console.print(_("the record so far is saved to {path}").format(path=path))
        raise typer.Exit(130 if isinstance(stop, KeyboardInterrupt) else 0) from None
    except BotFailed as failure:
        winner = 1 - failure.seat % 2
        _end_observers(bots, match, winner)
        console.print()
        console.print(
            _("match stopped: {reason}; seats {first}+{second} win by forfeit").format(
                reason=failure.translated(lang), first=winner, second=winner + 2
            )
        )
        try:
            save(MatchEnd.FORFEIT, failure.reason, winner=winner)
        except SevenRocksError as error:
            err.print(_("error: {reason}").format(reason=error))
            raise typer.Exit(2) from None
        console.print(_("the record is saved to {path}").format(path=path))
        raise typer.Exit(1) from None
    _end_observers(bots, match, match.winner)
    try:
        save()
    except SevenRocksError as error:
        err.print(_("error: {reason}").format(reason=error))
        raise typer.Exit(2) from None
    console.rule(_("match over"))
    final = render_scores(match.scores, target=target, me=HUMAN, gettext=_)
    if match.winner == 0:
        console.print(_("you and your partner win: {scores}").format(scores=final))
    else:
        console.print(_("seats 1 and 3 win: {scores}").format(scores=final))
    console.print(_("the record is saved to {path}").format(path=path))
