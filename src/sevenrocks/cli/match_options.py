"""Options shared by the commands that play series of matches (``tournament``, ``ladder``), and
what they do alike with them.

The game they play comes from :mod:`sevenrocks.cli.game_options` (``--game``, ``--option``,
``--seats``); :func:`game_conflict` refuses a ``--resume`` that names another game, other
options or another number of seats than the saved series. :func:`fail` is how they stop on bad
input, and :func:`playing` how they stop while the matches are played.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Annotated, Any

import typer

from sevenrocks.bots.program import DEFAULT_BOT_TIMEOUT
from sevenrocks.cli.game_options import EVERY_ENGINE, GameChoiceError, choose_game, option_text
from sevenrocks.core.errors import RecordError
from sevenrocks.core.games import DEFAULT_GAME, OptionValue
from sevenrocks.core.scoring import DEFAULT_TARGET
from sevenrocks.tournament.duplicate import EntrantFailing
from sevenrocks.tournament.journal import JournalError
from sevenrocks.tournament.model import seat_plans

__all__ = [
    "DEFAULT_BOT_TIMEOUT",
    "DEFAULT_TARGET",
    "BotTimeoutOption",
    "NoRecordsOption",
    "RecordsOption",
    "TargetOption",
    "ThinkOption",
    "WorkersOption",
    "check_bot_timeout",
    "entrant_options",
    "fail",
    "game_conflict",
    "given_on_command_line",
    "group_size",
    "playing",
    "records_name",
    "resume_conflict",
]

WorkersOption = Annotated[int, typer.Option("--workers", min=1, help="Processes to play in.")]
ThinkOption = Annotated[
    str | None, typer.Option("--think", help="Time per move for search bots, e.g. 200ms.")
]
BotTimeoutOption = Annotated[
    float,
    typer.Option("--bot-timeout", help="Seconds a bot program may take per answer before it forfeits."),
]
TargetOption = Annotated[
    int | None,
    typer.Option(
        "--target", min=1, help="Points that end a match (default: the game's own; Seven Rocks 250)."
    ),
]
NoRecordsOption = Annotated[bool, typer.Option("--no-records", help="Do not save match records.")]
RecordsOption = Annotated[
    Path | None,
    typer.Option("--records", help="Folder for the match records (default: a new tournament-records/...)."),
]


def fail(message: str) -> typer.Exit:
    """Print ``error: message`` on stderr; the exit (code 2) to raise."""
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(2)


def check_bot_timeout(bot_timeout: float) -> None:
    """Fail on a ``--bot-timeout`` that is not more than zero."""
    if bot_timeout <= 0:
        raise fail(f"--bot-timeout must be more than zero seconds, not {bot_timeout:g}")


def entrant_options(think_seconds: float | None) -> dict[str, float]:
    """The options every entrant is made with: the ``--think`` time, when given."""
    return {} if think_seconds is None else {"think": think_seconds}


def records_name(game: str, name: str) -> str:
    """A records folder's name: ``name``, after the game's id unless it is Seven Rocks.

    >>> records_name("seven-rocks", "a-vs-b-seed0"), records_name("kozel", "a-vs-b-seed0")
    ('a-vs-b-seed0', 'kozel-a-vs-b-seed0')
    """
    return name if game == DEFAULT_GAME else f"{game}-{name}"


@contextlib.contextmanager
def playing(what: str, folder: Path | None, played: Callable[[], str] = lambda: "") -> Iterator[None]:
    """Around the play of a series (``what``: the command): Ctrl-C says how to go on with it
    (``played()`` tells how far it got) and exits with 130; a record, entrant or journal error or a
    dead worker process fails (exit 2)."""
    try:
        yield
    except KeyboardInterrupt:
        where = f"; go on with: sevenrocks {what} --resume {folder}" if folder is not None else ""
        typer.echo(f"interrupted{played()}{where}", err=True)
        raise typer.Exit(130) from None
    except (RecordError, EntrantFailing, JournalError) as err:
        raise fail(str(err)) from None
    except BrokenProcessPool:
        raise fail("a worker process died (out of memory, or killed); try fewer --workers") from None


def given_on_command_line(ctx: typer.Context, name: str) -> bool:
    """Whether the option ``name`` (its parameter name) was typed, rather than left at its default."""
    source = ctx.get_parameter_source(name)
    return source is not None and source.name == "COMMANDLINE"


def resume_conflict(
    ctx: typer.Context,
    what: str,
    folder: Path,
    saved: Mapping[str, Any],
    asked: Mapping[str, Any],
    *,
    labels: Mapping[str, str] | None = None,
) -> str | None:
    """Why ``--resume folder`` cannot go on with the options given, or ``None`` when it can.

    ``--records``/``--no-records`` are refused (a resumed ``what`` stays in its folder), and so
    is any option in ``asked`` (the values given) whose value is not the ``saved`` one.
    ``labels`` names options not spelled ``--the-name``.
    """
    if given_on_command_line(ctx, "records") or given_on_command_line(ctx, "no_records"):
        return f"--resume goes on in the {what}'s own folder: leave out --records and --no-records"
    for name, value in asked.items():
        if value != saved[name]:
            label = (labels or {}).get(name, "--" + name.replace("_", "-"))
            shown = " ".join(value) if isinstance(value, list) else value
            return (
                f"{label} {shown} is not the setting of the {what} in {folder} ({saved[name]}); "
                "leave it out to resume"
            )
    return None


def group_size(seats: int) -> int:
    """How many matches play one set of deals with ``seats`` seats (2, or 6 with three seats)."""
    return len(seat_plans(seats))


def game_conflict(
    ctx: typer.Context,
    what: str,
    folder: Path,
    saved: tuple[str, Mapping[str, OptionValue], int],
    asked: tuple[str | None, list[str] | None, int | None],
) -> str | None:
    """Why ``--resume folder`` cannot go on with the ``--game``, ``--option`` and ``--seats``
    given (``asked``), when the saved series plays ``saved`` (game, every option, seats); ``None``
    when it can. Options given without ``--game`` are read as options of the saved game."""
    game, options, seats = asked
    typed_game = game if given_on_command_line(ctx, "game") else None
    typed_seats = seats if given_on_command_line(ctx, "seats") else None
    if typed_game is None and not options and typed_seats is None:
        return None
    saved_game, saved_options, saved_seats = saved
    try:
        choice = choose_game(typed_game or saved_game, options, typed_seats, engines=EVERY_ENGINE)
    except GameChoiceError as err:
        return str(err)
    leave = "; leave it out to resume"
    if typed_game is not None and choice.id != saved_game:
        return f"--game {typed_game} is not the game of the {what} in {folder} ({saved_game}){leave}"
    if typed_seats is not None and choice.seats != saved_seats:
        return f"--seats {typed_seats} is not the setting of the {what} in {folder} ({saved_seats}){leave}"
    for name, value in choice.given.items():
        if saved_options.get(name) != value:
            was = option_text(saved_options[name]) if name in saved_options else "not set"
            return (
                f"--option {name}={option_text(value)} is not the setting of the {what} in {folder} "
                f"({name}={was}){leave}"
            )
    return None
