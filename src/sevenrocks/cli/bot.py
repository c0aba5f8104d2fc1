"""``sevenrocks bot NAME``: run one of our bots as a bot-protocol program (JSON lines on stdin/stdout)."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from sevenrocks.bots.base import Bot, WarmsUp
from sevenrocks.bots.protocol import ProtocolError, serve
from sevenrocks.bots.registry import make_bot
from sevenrocks.bots.standin import StandIn
from sevenrocks.cli.durations import parse_duration


def bot_command(
    name: Annotated[str, typer.Argument(help="The bot to run: random, greedy, expert, search...")],
    seed: Annotated[int | None, typer.Option("--seed", help="Seed for reproducible choices.")] = None,
    think: Annotated[
        str | None, typer.Option("--think", help="Time per move for bots that search, e.g. 200ms.")
    ] = None,
) -> None:
    """Play as a bot program: read the host's messages on stdin, answer each turn on stdout.

    The messages are those of docs/bot-protocol.md. Use it to test a host, or to seat our bots
    in another program. Errors go to stderr, with exit code 2. A search bot that is still
    compiling its kernel (its first run on a machine) lets expert answer meanwhile.
    """
    if name.startswith("cmd:"):
        typer.echo("error: 'sevenrocks bot' runs one of our bots; a cmd: program runs itself", err=True)
        raise typer.Exit(2)
    options = {} if think is None else {"think": parse_duration(think, what="a time per move")}
    try:
        make_bot(name, seed=seed, **options)  # fail now on an unknown name, before any message
    except ValueError as err:  # an unknown bot or a bad option
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(2) from None

    def for_seat(seat: int) -> Bot:
        bot_seed = None if seed is None else seed * 4 + seat
        bot = make_bot(name, seed=bot_seed, **options)
        if not isinstance(bot, WarmsUp):
            return bot
        # compiling a kernel on a fresh install can take longer than the host waits for a turn
        return StandIn(bot, stand_in=make_bot("expert", seed=bot_seed), on_stand_in=say_standing_in)

    def say_standing_in() -> None:
        typer.echo(
            f"note: {name} is still preparing its compiled kernel (the first run on this machine "
            "compiles it); expert answers the turns until it is ready",
            err=True,
        )

    try:
        serve(for_seat, sys.stdin, sys.stdout)
    except ProtocolError as err:
        typer.echo(f"error: bad message from the host: {err}", err=True)
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
