"""``sevenrocks bot NAME``: run one of our bots as a bot-protocol program (JSON lines on stdin/stdout)."""

from __future__ import annotations

import itertools
import json
import sys
from typing import Annotated

import typer

from sevenrocks.bots.base import Bot, WarmsUp
from sevenrocks.bots.protocol import ProtocolError, serve
from sevenrocks.bots.registry import make_bot
from sevenrocks.bots.sausage import SausageBot
from sevenrocks.bots.sausage_protocol import serve_sausage
from sevenrocks.bots.standin import StandIn
from sevenrocks.cli.durations import parse_duration
from sevenrocks.cli.game_options import EVERY_ENGINE, GameChoice, GameChoiceError, choose_game, options_text
from sevenrocks.core.games import DEFAULT_GAME, Rules
from sevenrocks.core.sausage import GAME_ID as SAUSAGE


class _Refused(Exception):
    """The host's match is not one this program plays (its message is the reason)."""


def _conflict(expected: GameChoice, seats: int | None, rules: Rules) -> str | None:
    """Why the host's match (``rules``) is not the game the program was started for (``--game``,
    ``--option``, and ``--seats`` when given), if it is not."""
    if rules.game != expected.id:
        return f"the host's match is {rules.game}, but this bot was started with --game {expected.id}"
    if seats is not None and rules.seats != seats:
        return f"the host's match has {rules.seats} seats, but this bot was started for {seats}"
    differ = {k: v for k, v in expected.given.items() if rules.options.get(k) != v}
    if differ:
        theirs = options_text({k: rules.options[k] for k in differ})
        return f"the host's match has {theirs}, but this bot was started with --option {options_text(differ)}"
    return None


def _names_sausage(line: str) -> bool:
    """Whether the host's first message is the ``match`` message of a Sausage match."""
    try:
        message = json.loads(line)
    except ValueError:
        return False  # the protocol's reader names the fault
    return isinstance(message, dict) and message.get("game") == SAUSAGE


def bot_command(
    name: Annotated[str, typer.Argument(help="The bot to run: random, greedy, expert, search...")],
    seed: Annotated[int | None, typer.Option("--seed", help="Seed for reproducible choices.")] = None,
    think: Annotated[
        str | None, typer.Option("--think", help="Time per move for bots that search, e.g. 200ms.")
    ] = None,
    game: Annotated[
        str | None,
        typer.Option(
            "--game", metavar="ID", help="The game to expect (default: whatever the host's match is)."
        ),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option", metavar="KEY=VALUE", help="An option the host's match must have (repeatable)."
        ),
    ] = None,
    seats: Annotated[
        int | None, typer.Option("--seats", metavar="N", help="The number of seats the match must have.")
    ] = None,
) -> None:
    """Play as a bot program: read the host's messages on stdin, answer each turn on stdout.

    The messages are those of docs/bot-protocol.md; the host's first message names the game,
    which the bot then plays (random and greedy play every game, expert only Seven Rocks; Sausage
    has its own messages and its own random, greedy and search).
    With --game (and --option, --seats) the program plays only that game and refuses a match
    of another. Errors go to stderr, with exit code 2. A search bot that is still compiling its
    kernel (its first run on a machine) lets expert answer meanwhile (greedy in other games).
    """
    if name.startswith("cmd:"):
        typer.echo("error: 'sevenrocks bot' runs one of our bots; a cmd: program runs itself", err=True)
        raise typer.Exit(2)
    options = {} if think is None else {"think": parse_duration(think, what="a time per move")}
    expected: GameChoice | None = None
    if game is not None or option or seats is not None:
        try:
            expected = choose_game(game, option, seats, engines=EVERY_ENGINE)
        except GameChoiceError as err:
            typer.echo(f"error: {err}", err=True)
            raise typer.Exit(2) from None
    try:  # fail now on an unknown name, or a game the bot does not play, before any message
        make_bot(name, seed=seed, game=None if expected is None else expected.id, **options)
    except ValueError as err:  # an unknown bot, a bad option, a game it does not play
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(2) from None

    def for_seat(seat: int, rules: Rules) -> Bot:
        if expected is not None:
            conflict = _conflict(expected, seats, rules)
            if conflict is not None:
                raise _Refused(conflict)
        bot_seed = None if seed is None else seed * 4 + seat
        try:
            bot = make_bot(name, seed=bot_seed, game=rules.game, **options)
        except ValueError as err:
            raise _Refused(str(err)) from None
        if not isinstance(bot, WarmsUp):
            return bot
        # compiling a kernel on a fresh install can take longer than the host waits for a turn
        stand_in = "expert" if rules.game == DEFAULT_GAME else "greedy"
        return StandIn(
            bot,
            stand_in=make_bot(stand_in, seed=bot_seed, game=rules.game),
            on_stand_in=lambda: say_standing_in(stand_in),
        )

    def say_standing_in(stand_in: str) -> None:
        typer.echo(
            f"note: {name} is still preparing its compiled kernel (the first run on this machine "
            f"compiles it); {stand_in} answers the turns until it is ready",
            err=True,
        )

    def for_sausage_seat(seat: int, rules: Rules) -> SausageBot:
        if expected is not None:
            conflict = _conflict(expected, seats, rules)
            if conflict is not None:
                raise _Refused(conflict)
        try:
            return make_bot(name, seed=None if seed is None else seed * 4 + seat, game=SAUSAGE, **options)
        except ValueError as err:
            raise _Refused(str(err)) from None

    try:
        lines = iter(sys.stdin)
        first = next(lines, "")  # the host's 'match' message names the game: Sausage has its own messages
        stream = itertools.chain([first], lines)
        if _names_sausage(first):
            serve_sausage(for_sausage_seat, stream, sys.stdout)
        else:
            serve(for_seat, stream, sys.stdout)
    except ProtocolError as err:
        typer.echo(f"error: bad message from the host: {err}", err=True)
        raise typer.Exit(2) from None
    except _Refused as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(2) from None
    except (BrokenPipeError, KeyboardInterrupt):
        raise typer.Exit(1) from None
    except Exception as err:  # the bot itself failed: say so on stderr, the host sees it exit
        typer.echo(f"error: bot {name!r} failed: {type(err).__name__}: {err}", err=True)
        raise typer.Exit(1) from None


def main() -> None:
    """``python -m sevenrocks.cli.bot NAME``: the same as ``sevenrocks bot NAME``, starting faster
    (it loads only the bots, not the rest of the command line)."""
    typer.run(bot_command)


if __name__ == "__main__":
    main()
