"""``sevenrocks play --game sausage``: a person plays seat 0 of Sausage in the terminal against a bot.

Sausage (``docs/games/sausage.md``) has its own engine, so it has its own loop: each turn of the person
shows the scores, the table (the start tile and the two lines with their ends), the doubles set aside,
both queues' sizes (and the tiles known at their backs), the counts of the block rule and the tile
just turned with the ways it can go — top, bottom or cut — numbered. The person answers with a number,
a way (``top``, ``bottom``, ``cut`` or ``t``, ``b``, ``c``), the move itself (``4-6:cut``), Enter alone
when there is one way, ``?`` for help or ``q`` to quit. Forced turns (the start tile, tiles sent to the
back, doubles set aside) and the bot's moves are printed as they happen, and each deal's end with its
settlement.

The match record (:class:`~sevenrocks.core.sausage.SausageRecord`) is saved when the match starts,
after every deal and when the match ends, is quit or the input ends; ``--no-record`` saves none. Input
is read line by line from standard input, so a match can be scripted.
"""

from __future__ import annotations

import contextlib
import functools
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

import typer
from rich.console import Console

from sevenrocks.bots.registry import make_bot
from sevenrocks.bots.sausage import SausageBot
from sevenrocks.bots.sausage_protocol import SausageProgramBot
from sevenrocks.cli.game_options import GameChoiceError, choose_game, options_text
from sevenrocks.cli.language import resolve_language
from sevenrocks.cli.play import console_for
from sevenrocks.cli.play_help import COMMANDS, HELP_PROMPT
from sevenrocks.cli.play_session import HUMAN, BotFailed, RecordSaver, default_record_path, read_answer
from sevenrocks.cli.sausage_text import deal_end_lines, position_text, seat_name, starter_text, turn_text
from sevenrocks.cli.wrap import error_console, say
from sevenrocks.core.errors import SevenRocksError
from sevenrocks.core.games import Engine, find_game
from sevenrocks.core.sausage import GAME_ID, SausageMatch, SausageMove, SausageRecord
from sevenrocks.core.sausage.record import sausage_lead
from sevenrocks.i18n import N_, translation

__all__ = ["HELP", "is_sausage", "parse_way", "play_sausage", "run_sausage_match", "way_help"]

HELP: Final = N_(
    "type the number of a way, or the way itself (top, bottom, cut, or t, b, c), or the move "
    "(e.g. 4-6:cut); Enter alone when there is one way; q quits (the record is saved)"
)
_SHORT: Final = {"t": "top", "b": "bottom", "c": "cut"}


def is_sausage(game: str | None) -> bool:
    """True when ``--game`` names Sausage (or a game of its engine).

    >>> is_sausage("sausage"), is_sausage("kozel"), is_sausage("chess"), is_sausage(None)
    (True, False, False, False)
    """
    if game is None:
        return False
    try:
        return find_game(game).engine is Engine.SAUSAGE
    except SevenRocksError:
        return False  # the command's own check names the fault


def parse_way(text: str, moves: Sequence[SausageMove], *, lang: str = "en") -> SausageMove:
    """The move a line of input picks among ``moves`` (the turned tile's legal ways): a number, a way
    (``top``, ``bottom``, ``cut`` or its first letter) or the move ``TILE:WAY``.

    Raises :class:`ValueError` with a message for the player when the line picks nothing legal (an empty
    message: a move the engine should explain).

    >>> moves = [SausageMove.parse("4-6:top"), SausageMove.parse("4-6:cut")]
    >>> parse_way("2", moves), parse_way("c", moves), parse_way("6-4:top", moves)
    (SausageMove.parse('4-6:cut'), SausageMove.parse('4-6:cut'), SausageMove.parse('4-6:top'))
    >>> parse_way("bottom", moves)
    Traceback (most recent call last):
    ...
    ValueError: 4-6 cannot go bottom: it can go top or cut
    """
    _ = translation(lang).gettext
    text = text.strip().lower()
    ways = " " + _("or") + " "
    if text.isascii() and text.isdigit():
        number = int(text)
        if 1 <= number <= len(moves):
            return moves[number - 1]
        raise ValueError(
            _("there is no way {number}: choose 1 to {count}").format(number=number, count=len(moves))
        )
    name = _SHORT.get(text, text)
    if name in ("top", "bottom", "cut"):
        for move in moves:
            if move.way.value == name:
                return move
        raise ValueError(
            _("{tile} cannot go {way}: it can go {ways}").format(
                tile=moves[0].tile, way=name, ways=ways.join(m.way.value for m in moves)
            )
        )
    try:
        move = SausageMove.parse(text)
    except SevenRocksError as err:
        raise ValueError(
            _(
                "{text} is not a choice: {reason}; type 1 to {count}, a way such as {example}, or q to quit"
            ).format(text=repr(text), reason=err.reason, count=len(moves), example=moves[0].way.value)
        ) from None
    if move in moves:
        return move
    raise ValueError("")  # the caller asks the engine why the move is illegal


def way_help(moves: Sequence[SausageMove], gettext: Callable[[str], str]) -> list[str]:
    """The help of the move prompt: each kind of answer with an example among ``moves`` (the turned
    tile's legal ways), and the commands.

    >>> from sevenrocks.i18n import translation
    >>> moves = [SausageMove.parse("4-6:top"), SausageMove.parse("4-6:cut")]
    >>> lines = way_help(moves, translation("en").gettext)
    >>> lines[2]
    '  a way the tile can go: top or cut (or only its first letter: t or c)'
    """
    _ = gettext
    ways = [m.way.value for m in moves]
    either = " " + _("or") + " "
    lines = [
        _("At this prompt you can type:"),
        "  "
        + _("a number from 1 to {count}: the way of that number in the list, e.g. 1 for {move}").format(
            count=len(moves), move=moves[0]
        ),
        "  "
        + _("a way the tile can go: {ways} (or only its first letter: {letters})").format(
            ways=either.join(ways), letters=either.join(w[0] for w in ways)
        ),
        "  " + _("the move itself: the tile, :, the way, e.g. {move}").format(move=moves[-1]),
    ]
    if len(moves) == 1:
        lines.append("  " + _("Enter alone: the only way, {move}").format(move=moves[0]))
    lines.extend("  " + _(command) for command in COMMANDS)
    return lines


def _why_illegal(match: SausageMatch, text: str) -> str:
    """The engine's reason why the move ``text`` cannot be made now."""
    try:
        match.copy(stack=False).push(SausageMove.parse(text))
    except SevenRocksError as err:
        return err.reason
    return ""  # pragma: no cover - parse_way found it legal


def _ask(match: SausageMatch, console: Console, lang: str) -> SausageMove:
    """Ask the person for a way until a legal one is given; :class:`PlayerQuit` on ``q`` or end of input."""
    _ = translation(lang).gettext
    moves = match.legal_moves()
    while True:
        text = read_answer(console, _("your move [1]: ") if len(moves) == 1 else _("your move: "))
        if text.lower() in ("?", "h", "help"):
            for line in way_help(moves, _):
                say(console, line)
            continue
        if not text:
            if len(moves) == 1:
                return moves[0]
            say(console, _("please choose a way: {help}").format(help=_(HELP)))
            continue
        try:
            return parse_way(text, moves, lang=lang)
        except ValueError as err:
            message = str(err) or _("{text} is not legal: {reason}").format(
                text=text, reason=_why_illegal(match, text)
            )
            say(console, message, style="red")


def _bot_move(bot: SausageBot, match: SausageMatch, seat: int, names: Sequence[str]) -> SausageMove:
    """The bot's move, checked; :class:`BotFailed` when it fails or breaks a rule."""
    try:
        move = bot.choose(match.view(seat))
    except Exception as error:  # a bot is outside code: any failure forfeits, none crashes play
        raise BotFailed.crashed(seat, names, error) from None
    if not isinstance(move, SausageMove) or not match.is_legal(move):
        raise BotFailed(
            seat,
            N_("seat {seat} ({name}) chose {play}, which is not legal"),
            seat=seat,
            name=names[seat],
            play=str(move),
        )
    return move


def _print_turns(match: SausageMatch, console: Console, names: Sequence[str], shown: int, lang: str) -> int:
    """Print the deal's turns from number ``shown`` on; return how many there are now."""
    _ = translation(lang).gettext
    turns = match.turns
    for turn in turns[shown:]:
        indent = "" if turn.is_move else "  "
        say(console, indent + turn_text(turn, me=HUMAN, names=names, gettext=_), highlight=False)
    return len(turns)


def run_sausage_match(
    match: SausageMatch,
    bot: SausageBot,
    names: Sequence[str],
    console: Console,
    *,
    on_deal_end: Callable[[], None] | None = None,
    lang: str = "en",
) -> None:
    """Play ``match`` to its end, asking standard input for seat 0's moves and ``bot`` for seat 1's.

    Raises :class:`PlayerQuit` when the person quits or the input ends, :class:`BotFailed` when the bot
    fails. ``on_deal_end`` is called after every finished deal (to save the record).
    """
    _ = translation(lang).gettext
    while not match.is_over:
        lead = sausage_lead(match.result if match.deal_number >= 0 else None)
        match.start_deal()
        starter = match.starter
        assert starter is not None
        console.rule(_("deal {number}").format(number=match.deal_number + 1))
        say(console, starter_text(starter, lead, me=HUMAN, names=names, gettext=_), highlight=False)
        shown = _print_turns(match, console, names, 0, lang)
        while match.in_deal:
            seat = match.turn
            assert seat is not None
            if seat == HUMAN:
                console.print()
                say(console, position_text(match.view(HUMAN), names=names, gettext=_), highlight=False)
                move = _ask(match, console, lang)
            else:
                move = _bot_move(bot, match, seat, names)
            match.push(move)
            shown = _print_turns(match, console, names, shown, lang)
        result = match.result
        assert result is not None
        console.print()
        for line in deal_end_lines(
            result, target=match.target, aside=match.aside, me=HUMAN, names=names, gettext=_
        ):
            say(console, line, highlight=False)
        if isinstance(bot, SausageProgramBot):  # a bot program hears how the deal ended
            try:
                bot.observe(match.view(1 - HUMAN))
            except Exception as error:
                raise BotFailed.crashed(1 - HUMAN, names, error) from None
        if on_deal_end is not None:
            on_deal_end()


def _match_over_text(match: SausageMatch, names: Sequence[str], gettext: Callable[[str], str]) -> str:
    _ = gettext
    scores = " · ".join(
        f"{seat_name(s, me=HUMAN, names=names, gettext=_)}: {match.scores[s]}" for s in (0, 1)
    )
    if match.winner == HUMAN:
        return _("you win: {scores}").format(scores=scores)
    winner = seat_name(1 - HUMAN, names=names, gettext=_)
    return _("{winner} wins: {scores}").format(winner=winner, scores=scores)


def play_sausage(
    ctx: typer.Context,
    *,
    seed: int | None,
    target: int | None,
    option: Sequence[str] | None,
    seats: int | None,
    record: Path | None,
    no_record: bool,
    overwrite: bool,
    bot_name: str,
    color: bool | None,
    lang: str | None,
) -> None:
    """``sevenrocks play --game sausage``: the person at seat 0, the bot ``bot_name`` (``--seat1``) at
    seat 1. ``ctx`` tells which options were typed: Sausage has no seat for ``--partner`` and
    ``--seat3``, so they are refused. Exits as ``sevenrocks play`` does: 0 at the
    end or when the person quits, 1 when the bot forfeits, 2 for a bad option or an unwritable record.
    """
    console = console_for(color=color, wrap=True)
    err = error_console()
    lang = resolve_language(lang, err)
    _ = translation(lang).gettext
    try:
        choice = choose_game(GAME_ID, option, seats, target=target, engines=(Engine.SAUSAGE,))
    except GameChoiceError as error:
        say(err, _("error: {reason}").format(reason=error))
        raise typer.Exit(2) from None
    for flag, name in (("--partner", "partner"), ("--seat3", "seat3")):
        source = ctx.get_parameter_source(name)
        if source is not None and source.name == "COMMANDLINE":
            say(
                err,
                _("error: {flag}: {game} with {seats} seats has no seat {seat}").format(
                    flag=flag, game=GAME_ID, seats=2, seat=3 if flag == "--seat3" else 2
                ),
            )
            raise typer.Exit(2)
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    names = ["human", bot_name]
    try:
        bot = make_bot(bot_name, seed=seed * 4 + 1, game=GAME_ID)
    except ValueError as error:  # an unknown bot, a bad bot option, a bot that does not play Sausage
        say(err, _("error: seat {seat}: {reason}").format(seat=1, reason=error))
        raise typer.Exit(2) from None
    match = SausageMatch(choice.given, seed=seed)
    saver = RecordSaver(
        functools.partial(SausageRecord.from_match, match),
        names,
        record=record,
        no_record=no_record,
        overwrite=overwrite,
        default=lambda: default_record_path(seed, GAME_ID),
        err=err,
        lang=lang,
    )

    def close(winner: int | None = None) -> None:
        if isinstance(bot, SausageProgramBot):
            with contextlib.suppress(Exception):
                bot.end_match(match.view(1 - HUMAN), winner, match.scores)
        closer = getattr(bot, "close", None)
        if callable(closer):
            with contextlib.suppress(Exception):
                closer()

    saver.save_or_exit()  # fail now, not after the match, if the record cannot be written
    parts = [_("Sausage"), _("{seats} seats").format(seats=2)]
    if choice.given:
        parts.append(_("options {options}").format(options=options_text(choice.given)))
    parts.append(_("seed {seed}").format(seed=seed))
    parts.append(_("target {target}").format(target=match.target))
    parts.append(_("you are seat 0; your opponent is {name} (seat 1)").format(name=bot_name))
    say(console, " · ".join(parts), highlight=False)
    say(console, _(HELP))
    say(console, _(HELP_PROMPT))

    def forfeit(failure: BotFailed) -> tuple[str, int | None]:
        side = seat_name(HUMAN, me=HUMAN, gettext=_)
        text = _("match stopped: {reason}; {side} wins by forfeit")
        return text.format(reason=failure.translated(lang), side=side), HUMAN

    saver.play_out(
        lambda autosave: run_sausage_match(match, bot, names, console, on_deal_end=autosave, lang=lang),
        console,
        finish=close,
        forfeit=forfeit,
    )
    close(match.winner)
    saver.save_or_exit()
    console.rule(_("match over"))
    say(console, _match_over_text(match, names, _), highlight=False)
    saver.tell_saved(console)
