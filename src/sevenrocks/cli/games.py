"""``sevenrocks games``: the games of the family, their seats, sides and options.

``sevenrocks games`` prints a table of every game; ``sevenrocks games ID`` one game with its
options; ``--json`` prints the same as JSON (:func:`game_json`), for programs.

>>> from sevenrocks.core.games import find_game
>>> data = game_json(find_game("kozel"))
>>> data["id"], data["players"], data["sides"], data["options"][0]["name"], data["options"][0]["default"]
('kozel', [2, 3, 4], [2, 3, 2], 'target', 101)
>>> sides_text(find_game("kozel")), sides_text(find_game("block"))
('each seat alone; two partnerships with 4', 'each seat alone (two partnerships with 4: partnerships=true)')
"""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from sevenrocks.cli.game_options import option_text, options_text
from sevenrocks.core.errors import SevenRocksError
from sevenrocks.core.games import GAMES, Game, Option, find_game

__all__ = ["allowed_text", "game_json", "games_command", "option_json", "seats_text", "sides_text"]


def _sides(game: Game) -> list[int]:
    """The number of sides for each allowed number of seats, with the default options."""
    return [game.rules(seats=n, engine=game.engine).sides for n in game.seats]


def seats_text(game: Game) -> str:
    """The allowed numbers of seats (``2-4``, ``2 or 4``, ``4``).

    >>> from sevenrocks.core.games import find_game
    >>> [seats_text(find_game(g)) for g in ("draw", "telephone", "seven-rocks")]
    ['2-4', '2 or 4', '4']
    """
    seats = game.seats
    if len(seats) > 2 and list(seats) == list(range(seats[0], seats[-1] + 1)):
        return f"{seats[0]}-{seats[-1]}"
    if len(seats) == 1:
        return str(seats[0])
    return ", ".join(str(n) for n in seats[:-1]) + f" or {seats[-1]}"


def sides_text(game: Game) -> str:
    """How the seats make sides, with the default options (and the option that changes it)."""
    paired = [game.rules(seats=n, engine=game.engine).partnerships for n in game.seats]
    if all(paired):
        text = "two partnerships"
    elif not any(paired):
        text = "each seat alone"
    else:
        text = "each seat alone; two partnerships with 4"
    names = [o.name for o in game.options]
    if "partnerships" in names and 4 in game.seats:
        default = bool(game.defaults()["partnerships"])
        if default:
            text += " (each alone with 4: partnerships=false)"
        else:
            text += " (two partnerships with 4: partnerships=true)"
    return text


def allowed_text(option: Option) -> str:
    """The values an option allows, in words.

    >>> from sevenrocks.core.games import find_game
    >>> [allowed_text(o) for o in find_game("kozel").options][:4]
    ['a positive whole number', 'a positive whole number', 'true or false', '0 or 1']
    """
    if option.kind is bool:
        return "true or false"
    if option.choices is not None:
        values = [option_text(v) for v in option.choices]
        return ", ".join(values[:-1]) + f" or {values[-1]}" if len(values) > 1 else values[0]
    text = "a positive whole number"
    return f"{text}, {option.rule}" if option.rule else text


def option_json(game: Game, option: Option) -> dict[str, Any]:
    """One option as JSON: name, kind, default (the preset's where it sets one), allowed values."""
    if option.kind is bool:
        values: list[Any] | None = [True, False]
    else:
        values = None if option.choices is None else list(option.choices)
    return {
        "name": option.name,
        "kind": option.kind.__name__,
        "default": game.defaults()[option.name],
        "values": values,
        "allowed": allowed_text(option),
        "help": option.help,
    }


def game_json(game: Game) -> dict[str, Any]:
    """One game as JSON: ``players`` lists the allowed numbers of seats and ``sides`` the number
    of sides for each of them (default options)."""
    return {
        "id": game.id,
        "name": game.name,
        "players": list(game.seats),
        "default_players": game.default_seats,
        "sides": _sides(game),
        "partnerships": sides_text(game),
        "description": game.summary,
        "preset_of": game.base,
        "preset": dict(game.preset),
        "options": [option_json(game, o) for o in game.options],
    }


def _short_sides(game: Game) -> str:
    paired = [game.rules(seats=n, engine=game.engine).partnerships for n in game.seats]
    text = "partners" if all(paired) else "alone" if not any(paired) else "alone; partners at 4"
    return text + ("*" if any(o.name == "partnerships" for o in game.options) else "")


def _games_table() -> Table:
    table = Table(
        title="The games: play one with --game ID; 'sevenrocks games ID' lists its options",
        caption="* the option partnerships decides whether four seats play alone or in partnerships",
    )
    table.add_column("id", no_wrap=True)
    table.add_column("name")
    table.add_column("seats", justify="right", no_wrap=True)
    table.add_column("sides")
    table.add_column("description")
    for game in GAMES:
        table.add_row(game.id, game.name, seats_text(game), _short_sides(game), game.summary)
    return table


def _print_game(console: Console, game: Game) -> None:
    console.print(f"{game.name} ({game.id})")
    console.print(game.summary)
    default = f" ({game.default_seats} unless --seats)" if len(game.seats) > 1 else ""
    console.print(f"seats: {seats_text(game)}{default} · sides: {sides_text(game)}")
    if game.base is not None:
        console.print(f"a preset of {game.base}: {options_text(game.preset)}")
    if not game.options:
        console.print("options: none")
        return
    table = Table(title=f"Options of {game.id} (set with --option KEY=VALUE)")
    table.add_column("option", no_wrap=True)
    table.add_column("default", justify="right")
    table.add_column("allowed")
    table.add_column("what it changes")
    for option in game.options:
        table.add_row(
            option.name, option_text(game.defaults()[option.name]), allowed_text(option), option.help
        )
    console.print(table)
    first = game.options[0]
    value = game.defaults()[first.name]
    if isinstance(value, bool):
        value = not value
    elif first.choices is not None:
        value = next((c for c in first.choices if c != value), value)
    console.print(f"e.g. sevenrocks play --game {game.id} --option {first.name}={option_text(value)}")


def games_command(
    game: Annotated[str | None, typer.Argument(metavar="[ID]", help="One game, to list its options.")] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print JSON (a list of games, or the one game).")
    ] = False,
) -> None:
    """List the games of the family: id, name, seats, sides and a one-line description.

    With a game id, list that game's options with their defaults and allowed values; set them
    on any command with --game ID --option KEY=VALUE.
    """
    if game is not None:
        try:
            found = find_game(game)
        except SevenRocksError as err:
            typer.echo(f"error: {err.reason}", err=True)
            raise typer.Exit(2) from None
        if as_json:
            sys.stdout.write(json.dumps(game_json(found)) + "\n")
            return
        _print_game(Console(highlight=False), found)
        return
    if as_json:
        sys.stdout.write(json.dumps([game_json(g) for g in GAMES]) + "\n")
        return
    Console(highlight=False).print(_games_table())
