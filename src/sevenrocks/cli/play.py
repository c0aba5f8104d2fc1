"""``sevenrocks play``: a person plays seat 0 in the terminal against bots, in any game.

``--game ID`` (``sevenrocks games`` lists them), ``--option KEY=VALUE`` and ``--seats N`` choose
the game; the person plays seat 0 and bots the other seats. Each turn shows what the game needs:
the layout of its topology, the boneyard and each seat's draws (the tiles the person drew, the
others' as counts), moves of several doubles where the game has them, and its score sheet; each
hand and the match end in the game's own words. Seven Rocks looks exactly as it always has.

The match record is saved after every hand and when the match ends, is quit (``q``), or
standard input ends, so nothing played is lost (``--no-record`` saves nothing). Input is read
line by line from standard input, so a whole match can be played from a file or a pipe (the
tests do so).
"""

from __future__ import annotations

import contextlib
import functools
import random
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Annotated, Final

import typer
from rich.console import Console
from rich.highlighter import RegexHighlighter
from rich.theme import Theme

from sevenrocks.bots import Bot, make_bot
from sevenrocks.bots.base import declares_hundred
from sevenrocks.cli.game_options import (
    DEFAULT_GAME,
    GameChoiceError,
    GameOption,
    OptionsOption,
    SeatsOption,
    choose_game,
    options_text,
)
from sevenrocks.cli.language import LangOption, resolve_language
from sevenrocks.cli.play_help import HELP_PROMPT, hundred_help, placement_help, unplaceable_text
from sevenrocks.cli.play_session import (
    HUMAN,
    BotFailed,
    PlayerQuit,
    RecordSaver,
    default_record_path,
    read_answer,
)
from sevenrocks.cli.wrap import error_console, say, wraps
from sevenrocks.core.errors import SevenRocksError
from sevenrocks.core.events import Draw, HandEnd, HandResult, Knock, Placement
from sevenrocks.core.games import Later, Outcome, Rules
from sevenrocks.core.match import Match
from sevenrocks.core.notation import Doubles, Move, Play, parse_move
from sevenrocks.core.record import MatchRecord
from sevenrocks.i18n import N_, translation
from sevenrocks.messages import error_text
from sevenrocks.text import (
    PlayChoice,
    game_name,
    imposed_lead_text,
    match_over_text,
    play_choices,
    render_events,
    render_result,
    render_scores,
    render_view,
    seat_label,
    side_label,
    target_text,
)
from sevenrocks.tournament.runner import MatchObserver

__all__ = ["HUMAN", "ColorOption", "PlayerQuit", "console_for", "parse_choice", "play_command"]

HELP: Final = N_(
    "type the number of a placement, or the placement itself (e.g. 3-4@4-4:B), or just the tile "
    "when it has one place to go; q quits (the record is saved)"
)
HELP_DOUBLES: Final = N_(
    "several doubles go down in one move: type its number, or the doubles joined by +, "
    "e.g. 2-2@2-5:low+5-5@2-5:high"
)


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


#: ``--color/--no-color``: colour forced on or off (``None``: only on a terminal), for :func:`console_for`.
ColorOption = Annotated[
    bool | None,
    typer.Option("--color/--no-color", help="Force colour on or off (default: on a terminal)."),
]


def console_for(
    *, color: bool | None = None, wrap: bool = False, stderr: bool = False, width: int | None = None
) -> Console:
    """The console the commands print to (colour only on a terminal unless told).

    With ``wrap``, lines are wrapped between words at the console's width (``width``, else the
    terminal's or ``COLUMNS``) when it writes to a terminal, ``COLUMNS`` is set or ``width`` is given
    (:mod:`sevenrocks.cli.wrap`); otherwise, and without ``wrap``, lines are never broken.
    """
    console = Console(
        theme=THEME,
        highlighter=LayoutHighlighter(),
        no_color=color is False,
        force_terminal=True if color else None,
        soft_wrap=True,
        markup=False,
        emoji=False,
        stderr=stderr,
        width=width,
    )
    console.soft_wrap = not (wrap and (width is not None or wraps(console)))
    return console


def parse_choice(text: str, choices: Sequence[PlayChoice], *, lang: str = "en") -> Move:
    """The move a line of input picks: a number, a move (one placement or several doubles
    joined by ``+``), or a tile with one place.

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
    moves = [c.play for c in choices]
    if text.isascii() and text.isdigit():  # "３" or "²" is not a number here: input is ASCII
        number = int(text)
        if 1 <= number <= len(choices):
            return choices[number - 1].play
        raise ValueError(
            _("there is no placement {number}: choose 1 to {count}").format(number=number, count=len(choices))
        )
    try:
        move = parse_move(text)
    except SevenRocksError as err:
        message = _(
            "{text} is not a choice: {reason}; type 1 to {count}, a placement such as {example}, or q to quit"
        )
        raise ValueError(
            message.format(
                text=repr(text), reason=error_text(err, lang), count=len(choices), example=choices[0].play
            )
        ) from None
    if move in moves:
        return move
    if isinstance(move, Play) and move.is_opening:
        same = [m for m in moves if isinstance(m, Play) and m.tile is move.tile and not m.lengthwise]
        if len(same) == 1:
            return same[0]
        if len(same) > 1:
            where = ", ".join(str(p) for p in same)
            message = _("tile {tile} can go in {count} places: type one of {where}")
            raise ValueError(message.format(tile=move.tile, count=len(same), where=where))
    raise ValueError("")  # the caller asks the engine why the move is illegal


def _human_choice(match: Match, console: Console, choices: Sequence[PlayChoice], lang: str) -> Move:
    """Ask for a move until a legal one is given; :class:`PlayerQuit` on ``q`` or end of input."""
    _ = translation(lang).gettext
    while True:
        text = read_answer(console, _("your placement [1]: ") if len(choices) == 1 else _("your placement: "))
        if text.lower() in ("?", "h", "help"):
            for line in placement_help(match, choices, _):
                say(console, line)
            continue
        if not text:
            if len(choices) == 1:
                return choices[0].play
            say(console, _("please choose a placement: {help}").format(help=_(HELP)))
            continue
        try:
            return parse_choice(text, choices, lang=lang)
        except ValueError as err:
            say(console, str(err) or _why_not(match, text, lang), style="red")


def _why_not(match: Match, text: str, lang: str) -> str:
    """Why the move ``text`` (a move in the notation that is not among the choices) cannot be made:
    a tile in hand that fits nowhere says so in the game's terms, any other move the engine's reason."""
    _ = translation(lang).gettext
    move = parse_move(text)
    if isinstance(move, Play) and move.is_opening and not move.marks:
        unplaceable = unplaceable_text(match, move.tile, _)
        if unplaceable is not None:
            return unplaceable
    try:
        match.check(move)
    except SevenRocksError as rule:
        return _("{text} is not legal: {reason}").format(text=text, reason=error_text(rule, lang))
    return _("{text} is not one of your placements").format(text=text)


def _show_position(match: Match, console: Console, names: Sequence[str], lang: str) -> None:
    console.print()
    say(console, render_view(match.view(HUMAN), names=names, choices=True, gettext=translation(lang).gettext))


def _lead_rule(match: Match) -> Later | None:
    """The rule that names the next hand's leader (``None``: the first hand's rule)."""
    previous = next((r for r in reversed(match.results) if r.end is not HandEnd.REDEAL), None)
    if previous is None:
        return None
    rules = match.rules
    rule = rules.after_domino if previous.end is HandEnd.DOMINO else rules.after_block
    return None if rule is Later.FIRST_RULE else rule


def _lead_line(match: Match, rule: Later | None, names: Sequence[str], lang: str) -> str:
    """Who leads the hand just dealt, and why."""
    _ = translation(lang).gettext
    leader = match.leader
    assert leader is not None
    who = seat_label(leader, me=HUMAN, names=names, gettext=_, rules=match.rules)
    tile = match.lead_tile
    imposed = imposed_lead_text(match.history[-1].imposed, who, gettext=_)  # Sea Goat's own leads
    if imposed is not None:
        return imposed
    if tile is not None:
        return _("{seat} leads {tile}, the first tile of the lead order that was dealt").format(
            seat=who, tile=tile
        )
    if rule is Later.FINISHER:
        return _("{seat} leads (dominoed the last hand)").format(seat=who)
    if rule is Later.FISHERMAN:
        return _("{seat} leads (the fisherman of the last hand)").format(seat=who)
    if rule is Later.ROTATION:
        return _("{seat} leads (the lead passes round the table)").format(seat=who)
    return _("{seat} leads (drawn by lot)").format(seat=who)


def _previous_result(match: Match) -> HandResult | None:
    """The result of the hand played before the last one (void deals skipped)."""
    played = [r for r in match.results if r.end is not HandEnd.REDEAL]
    return played[-2] if len(played) >= 2 else None


def run_match(
    match: Match,
    bots: dict[int, Bot],
    names: Sequence[str],
    console: Console,
    *,
    on_hand_end: Callable[[], None] | None = None,
    lang: str = "en",
) -> None:
    """Play ``match`` to its end, asking standard input for seat 0's moves.

    Raises :class:`PlayerQuit` when the person quits or the input ends. ``on_hand_end`` (a
    callable, if given) is called after every finished hand, e.g. to save the record.
    ``lang`` is the language of everything printed.
    """
    _ = translation(lang).gettext
    while not match.is_over:
        rule = _lead_rule(match)
        match.start_hand()
        console.rule(_("hand {number}").format(number=match.hand_number + 1))
        if match.turn is None:  # a void deal (a Sea Goat egg redeal): dealt again
            _tell_observers(bots, match, names)
            say(
                console,
                render_result(
                    match.results[-1],
                    me=HUMAN,
                    names=names,
                    target=match.target,
                    gettext=_,
                    rules=match.rules,
                ),
            )
            if on_hand_end is not None:
                on_hand_end()
            continue
        say(console, _lead_line(match, rule, names, lang))
        _tell_observers(bots, match, names)  # bot programs hear of their tiles now
        if _offer_hundred(match, bots, console, names, lang):
            say(console, _lead_line(match, rule, names, lang))
        shown = 0
        while match.turn is not None:
            seat = match.turn
            if seat == HUMAN:
                view = match.view(HUMAN)
                choices = play_choices(view)
                _show_position(match, console, names, lang)
                move = _human_choice(match, console, choices, lang)
            else:
                move = _bot_choice(bots[seat], match, seat, names)
            match.push(move)
            shown = _print_events(match, console, names, shown, lang)
        _print_events(match, console, names, shown, lang)
        _tell_observers(bots, match, names)
        result = match.results[-1]
        console.print()
        say(
            console,
            render_result(
                result,
                me=HUMAN,
                names=names,
                target=match.target,
                gettext=_,
                rules=match.rules,
                previous=_previous_result(match),
                hundred=match.history[-1].hundred,
            ),
        )
        if on_hand_end is not None:
            on_hand_end()


def _offer_hundred(
    match: Match, bots: Mapping[int, Bot], console: Console, names: Sequence[str], lang: str
) -> bool:
    """Sea Goat: before the lead, the seat that may declare a voluntary hundred (``sea-kozel.md``
    §3.3) is asked: the person at seat 0 on standard input, a bot through ``declare_hundred``.
    True when a hundred was declared."""
    _ = translation(lang).gettext
    seat = match.hundred_declarer()
    if seat is None:
        return False
    if seat == HUMAN:
        _show_position(match, console, names, lang)
        say(console, _("you hold 6-6 and your side holds the record: you may declare a hundred"))
        say(console, "  " + _("1. play on as dealt"))
        say(console, "  " + _("2. declare a hundred: lead 6-6 now; win this hand and you win the match"))
        while True:
            text = read_answer(console, _("your choice [1]: ")).lower()
            if text in ("?", "h", "help"):
                for line in hundred_help(_):
                    say(console, line)
                continue
            if text in ("", "1"):
                return False
            if text == "2":
                break
            say(console, _("please type 1 or 2"), style="red")
    else:
        try:
            declared = declares_hundred(bots[seat], match.view(seat))
        except Exception as error:  # as in _bot_choice: a failing bot forfeits
            raise BotFailed.crashed(seat, names, error) from None
        if not declared:
            return False
    match.declare_hundred()
    return True


def _tell_observers(bots: Mapping[int, Bot], match: Match, names: Sequence[str]) -> None:
    """Bring the bots that follow the whole match (bot programs) up to date with their views."""
    for seat, bot in bots.items():
        if isinstance(bot, MatchObserver):
            try:
                bot.observe(match.view(seat))
            except Exception as error:  # as in _bot_choice: a failing bot forfeits
                raise BotFailed.crashed(seat, names, error) from None


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


def _bot_choice(bot: Bot, match: Match, seat: int, names: Sequence[str]) -> Move:
    """The bot's move, checked; :class:`BotFailed` if it fails or breaks a rule."""
    try:
        move = bot.choose(match.view(seat))
    except Exception as error:  # a bot is outside code: any failure forfeits, none crashes play
        raise BotFailed.crashed(seat, names, error) from None
    if not isinstance(move, Play | Doubles):
        raise BotFailed(
            seat,
            N_("seat {seat} ({name}) returned {value}, not a placement"),
            seat=seat,
            name=names[seat],
            value=repr(move),
        )
    try:
        match.check(move)
    except SevenRocksError as error:
        raise BotFailed(
            seat,
            N_("seat {seat} ({name}) chose {play}, which is not legal: {reason}"),
            seat=seat,
            name=names[seat],
            play=move,
            reason=error.reason,
        ) from None
    return move


def _print_events(match: Match, console: Console, names: Sequence[str], shown: int, lang: str) -> int:
    """Print the hand's events from number ``shown`` on, as seat 0 may see them (other seats'
    draws as counts); return how many there are now."""
    gettext = translation(lang).gettext
    rules = match.rules
    events = match.view(HUMAN).events
    for event, line in render_events(events[shown:], me=HUMAN, names=names, gettext=gettext, rules=rules):
        if isinstance(event, Placement) and event.points:
            line += " → " + render_scores(_scores_after(match, event), me=HUMAN, gettext=gettext, rules=rules)
        say(console, ("  " if isinstance(event, Knock | Draw) else "") + line)
    return len(events)


def _scores_after(match: Match, placement: Placement) -> tuple[int, ...]:
    """The running scores just after ``placement`` in the current hand."""
    logs = match.history
    previous = logs[-2].result if len(logs) >= 2 else None
    rules = match.rules
    scores = list(previous.scores) if previous is not None else [0] * rules.sides
    for event in logs[-1].placements:
        scores[rules.side_of(event.seat)] += event.points
        if event is placement:
            break
    return tuple(scores)


def _names_text(rules: Rules, names: Sequence[str], gettext: Callable[[str], str]) -> str:
    """Who sits where, seen from seat 0."""
    _ = gettext
    if rules.partnerships:
        return _(
            "you are seat 0, your partner {partner} is seat 2; opponents {left} (seat 1) and {right} (seat 3)"
        ).format(partner=names[2], left=names[1], right=names[3])
    others = ", ".join(
        f"{names[seat]} ({_('seat {seat}').format(seat=seat)})" for seat in range(1, rules.seats)
    )
    return _("you are seat 0; opponents {others}").format(others=others)


def _header(
    rules: Rules, given: Mapping[str, object], seed: int, names: Sequence[str], gettext: Callable[[str], str]
) -> str:
    """The first line of a match: the game, its options and seats, the seed, who sits where."""
    _ = gettext
    parts = [game_name(rules.game, gettext=_), _("{seats} seats").format(seats=rules.seats)]
    if given:
        parts.append(_("options {options}").format(options=options_text(given)))  # type: ignore[arg-type]
    parts.append(_("seed {seed}").format(seed=seed))
    goal = target_text(rules, rules.ending.target, gettext=_)
    if goal is not None:
        parts.append(goal)
    parts.append(_names_text(rules, names, _))
    return " · ".join(parts)


def _match_over_text(
    outcome: Outcome | None, rules: Rules, scores: str, names: Sequence[str], gettext: Callable[[str], str]
) -> str:
    """The end of the match in the game's words, seen from seat 0 (:func:`match_over_text`)."""
    return match_over_text(outcome, rules, scores, me=HUMAN, names=names, gettext=gettext)


def _forfeit_text(
    rules: Rules, seat: int, reason: str, gettext: Callable[[str], str]
) -> tuple[str, int | None]:
    """What a bot's forfeit means, and the winning side when there is a single one."""
    _ = gettext
    side = rules.side_of(seat)
    if rules.sides != 2:
        who = side_label(side, rules=rules, gettext=_)
        return _("match stopped: {reason}; {side} forfeits").format(reason=reason, side=who), None
    winner = 1 - side
    if rules.partnerships:
        text = _("match stopped: {reason}; seats {first}+{second} win by forfeit").format(
            reason=reason, first=winner, second=winner + 2
        )
    else:
        who = side_label(winner, rules=rules, gettext=_)
        text = _("match stopped: {reason}; {side} wins by forfeit").format(reason=reason, side=who)
    return text, winner


BOT_OPTIONS: Final = ("seat1", "partner", "seat3")


def play_command(
    ctx: typer.Context,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed of the deals, lots and bots (random when left out).")
    ] = None,
    target: Annotated[
        int | None,
        typer.Option(
            "--target", min=1, help="Points that end the match (default: the game's; 250 in Seven Rocks)."
        ),
    ] = None,
    game: GameOption = DEFAULT_GAME,
    option: OptionsOption = None,
    seats: SeatsOption = None,
    record: Annotated[
        Path | None,
        typer.Option(
            "--record",
            help="Where to save the match record (default: matches/sevenrocks-TIME-seedS.json).",
            dir_okay=False,
        ),
    ] = None,
    no_record: Annotated[bool, typer.Option("--no-record", help="Do not save the match record.")] = False,
    overwrite: Annotated[
        bool, typer.Option("--overwrite", help="Replace an existing --record file.")
    ] = False,
    seat1: Annotated[
        str, typer.Option("--seat1", help="Bot at seat 1 (an opponent, plays after you).")
    ] = "random",
    partner: Annotated[
        str,
        typer.Option("--partner", "--seat2", help="Bot at seat 2 (your partner with four in partnerships)."),
    ] = "greedy",
    seat3: Annotated[
        str, typer.Option("--seat3", help="Bot at seat 3 (an opponent, plays before you).")
    ] = "greedy",
    color: ColorOption = None,
    lang: LangOption = None,
) -> None:
    """Play seat 0 against bots: Seven Rocks (your partner sits opposite at seat 2), or any game
    with --game ID (see 'sevenrocks games'), --option KEY=VALUE and --seats N.

    Each turn shows the layout, your tiles and your moves with what each scores.
    In the layout, <1-2:high> is an open connection point and (2) a counted end.
    Type a number, a placement such as 3-4@4-4:B, or q to quit.
    The record is saved after every hand; see it with 'sevenrocks show RECORD'.
    """
    from sevenrocks.cli.play_sausage import is_sausage, play_sausage  # its own engine and loop

    if is_sausage(game):
        play_sausage(ctx, seed=seed, target=target, option=option, seats=seats, record=record,
                     no_record=no_record, overwrite=overwrite, bot_name=seat1, color=color,
                     lang=lang)  # fmt: skip
        return
    console = console_for(color=color, wrap=True)
    err = error_console()
    lang = resolve_language(lang, err)
    _ = translation(lang).gettext
    try:
        choice = choose_game(game, option, seats, target=target)
    except GameChoiceError as error:
        say(err, _("error: {reason}").format(reason=error))
        raise typer.Exit(2) from None
    rules = choice.rules
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    names = ["human", seat1, partner, seat3][: rules.seats]
    for seat, name in enumerate(BOT_OPTIONS, start=1):
        source = ctx.get_parameter_source(name)
        if seat >= rules.seats and source is not None and source.name == "COMMANDLINE":
            flag = "--partner" if name == "partner" else f"--{name}"
            say(
                err,
                _("error: {flag}: {game} with {seats} seats has no seat {seat}").format(
                    flag=flag, game=rules.game, seats=rules.seats, seat=seat
                ),
            )
            raise typer.Exit(2)
    bots: dict[int, Bot] = {}
    for seat in range(1, rules.seats):
        try:
            bots[seat] = make_bot(
                names[seat], seed=seed * 4 + seat, game=None if choice.is_seven_rocks else choice.id
            )
        except ValueError as error:  # an unknown bot, a bad bot option, a bot that plays no such game
            say(err, _("error: seat {seat}: {reason}").format(seat=seat, reason=error))
            raise typer.Exit(2) from None
    match = Match(rules, seed=seed)
    saver = RecordSaver(
        functools.partial(MatchRecord.from_match, match),
        names,
        record=record,
        no_record=no_record,
        overwrite=overwrite,
        default=lambda: default_record_path(seed, choice.id),
        err=err,
        lang=lang,
    )
    saver.save_or_exit()  # fail now, not after the match, if the record cannot be written
    if choice.is_seven_rocks:
        say(
            console,
            _(
                "Seven Rocks · seed {seed} · target {target} · you are seat 0, your partner {partner} is "
                "seat 2; opponents {left} (seat 1) and {right} (seat 3)"
            ).format(seed=seed, target=match.target, partner=names[2], left=names[1], right=names[3]),
        )
    else:
        say(console, _header(rules, choice.given, seed, names, _))
    say(console, _(HELP))
    if rules.several_doubles:
        say(console, _(HELP_DOUBLES))
    say(console, _(HELP_PROMPT))

    saver.play_out(
        lambda autosave: run_match(match, bots, names, console, on_hand_end=autosave, lang=lang),
        console,
        finish=lambda winner: _end_observers(bots, match, winner),
        forfeit=lambda failure: _forfeit_text(rules, failure.seat, failure.translated(lang), _),
    )
    _end_observers(bots, match, match.winner)
    saver.save_or_exit()
    console.rule(_("match over"))
    ledger = match.ledger
    final = render_scores(
        match.scores,
        target=match.target,
        me=HUMAN,
        gettext=_,
        rules=rules,
        remembered=ledger.remembered if ledger is not None else None,
        eggs=ledger.eggs if ledger is not None else None,
    )
    say(console, _match_over_text(match.outcome, rules, final, names, _))
    saver.tell_saved(console)
