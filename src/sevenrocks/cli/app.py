"""The ``sevenrocks`` command: the Typer application and its entry point."""

from __future__ import annotations

from typing import Annotated

import typer

from sevenrocks import __version__
from sevenrocks.cli.accounts import accounts_app
from sevenrocks.cli.analyse import analyse_command
from sevenrocks.cli.bot import bot_command
from sevenrocks.cli.games import games_command
from sevenrocks.cli.ladder import ladder_command
from sevenrocks.cli.play import play_command
from sevenrocks.cli.ray_option import RayAddressCommand
from sevenrocks.cli.render import render_command
from sevenrocks.cli.replay import replay_command
from sevenrocks.cli.rules import rules_command
from sevenrocks.cli.serve import serve_command
from sevenrocks.cli.show import show_command
from sevenrocks.cli.simulate import simulate_command
from sevenrocks.cli.tournament import tournament_command

app = typer.Typer(
    name="sevenrocks",
    help="Seven Rocks and its family of domino games: rules engine, play, replays and tools.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"sevenrocks {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit."),
    ] = False,
) -> None:
    """Seven Rocks and its family of domino games: rules engine, play, replays and tools."""


app.command("games")(games_command)
app.command("replay")(replay_command)
app.command("serve")(serve_command)
app.command("play")(play_command)
app.command("show")(show_command)
app.command("bot")(bot_command)
app.command("tournament", cls=RayAddressCommand)(tournament_command)
app.command("simulate")(simulate_command)
app.command("ladder", cls=RayAddressCommand)(ladder_command)
app.command("render")(render_command)
app.command("rules")(rules_command)
app.command("analyse")(analyse_command)
app.add_typer(accounts_app, name="accounts")


def main() -> None:
    """Run the command line."""
    app()
