"""``--game ID``, ``--option KEY=VALUE`` and ``--seats N``: the game a command plays, shared by
every command that plays, shows or rates matches (``play``, ``simulate``, ``show``, ``render``,
``tournament``, ``ladder``, ``bot``).

Each value is checked by the game's own description (:mod:`sevenrocks.core.games`): option
values are read with :meth:`Option.parse <sevenrocks.core.games.Option.parse>`, and every fault
is one line naming the game and the option, ready for ``error: ...`` and exit code 2.

>>> choice = choose_game("kozel", ["target=51"], seats=3)
>>> choice.id, choice.seats, choice.rules.ending.target, choice.given
('kozel', 3, 51, {'target': 51})
>>> choose_game("kozel", ["goat=1"])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
sevenrocks.cli.game_options.GameChoiceError: --option goat=1: kozel has no option 'goat' (its options: ...)
>>> choose_game("chess")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
sevenrocks.cli.game_options.GameChoiceError: --game chess: no game 'chess': the games are seven-rocks, ...
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Annotated, Final

import typer

from sevenrocks.core.errors import SevenRocksError
from sevenrocks.core.games import DEFAULT_GAME, Engine, Game, OptionValue, Rules, find_game

__all__ = [
    "DEFAULT_GAME",
    "EVERY_ENGINE",
    "GameChoice",
    "GameChoiceError",
    "GameOption",
    "OptionsOption",
    "SeatsOption",
    "choose_game",
    "game_choice",
    "option_text",
    "options_text",
]

GameOption = Annotated[
    str,
    typer.Option("--game", metavar="ID", help="The game: an id from 'sevenrocks games'."),
]
OptionsOption = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        metavar="KEY=VALUE",
        help="An option of the game, e.g. target=51 (repeatable; 'sevenrocks games ID' lists them).",
    ),
]
SeatsOption = Annotated[
    int | None,
    typer.Option("--seats", metavar="N", help="Number of seats (default: the game's usual number)."),
]

#: Every engine: what the commands that run any game of the family (Sausage included) accept.
EVERY_ENGINE: Final = (Engine.LAYOUT, Engine.SAUSAGE)
#: The example an ``--option`` without ``=`` is shown, for a game without options.
_EXAMPLE: Final = "target=101"
#: The commands that run the games of an engine other than the layout engine.
_ENGINE_COMMANDS: Final = {
    Engine.SAUSAGE: "'sevenrocks play', 'tournament', 'ladder', 'bot', 'show', 'render', 'replay' and "
    "'simulate'"
}
"""Where each engine's games run, for the refusal of the other commands."""


class GameChoiceError(ValueError):
    """A ``--game``, ``--option``, ``--seats`` or ``--target`` value the game does not take."""


@dataclass(frozen=True)
class GameChoice:
    """A game with the options given on the command line and its number of seats.

    ``given`` holds only the options that were given (what a results journal keeps and a resume
    compares); :attr:`options` holds every option with its value.
    """

    game: Game
    given: dict[str, OptionValue] = field(hash=False)
    rules: Rules = field(hash=False)

    @property
    def id(self) -> str:
        """The game's id."""
        return self.game.id

    @property
    def seats(self) -> int:
        """The number of seats."""
        return self.rules.seats

    @property
    def options(self) -> dict[str, OptionValue]:
        """Every option of the game with its value (the defaults filled in)."""
        return dict(self.rules.options)

    @property
    def is_seven_rocks(self) -> bool:
        """True for Seven Rocks, whose commands look exactly as they always have."""
        return self.game.id == DEFAULT_GAME


def option_text(value: OptionValue) -> str:
    """An option value as typed on the command line (``true``, ``51``).

    >>> option_text(True), option_text(51)
    ('true', '51')
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def options_text(options: Mapping[str, OptionValue]) -> str:
    """Options as ``KEY=VALUE`` words (empty for none).

    >>> options_text({"target": 51, "remember": False})
    'target=51 remember=false'
    """
    return " ".join(f"{name}={option_text(value)}" for name, value in options.items())


def _parse_option(game: Game, text: str) -> tuple[str, OptionValue]:
    name, sep, value = text.partition("=")
    name = name.strip()
    if not sep or not name:
        example = _EXAMPLE
        if game.options:
            first = game.options[0].name
            example = f"{first}={option_text(game.defaults()[first])}"
        raise GameChoiceError(f"--option {text}: write KEY=VALUE, e.g. --option {example}")
    try:
        option = game.option(name)
        return option.name, option.parse(value, game.id)
    except SevenRocksError as err:
        raise GameChoiceError(f"--option {text}: {err.reason}") from None


def choose_game(
    game: str | None,
    options: Sequence[str] | None = None,
    seats: int | None = None,
    *,
    target: int | None = None,
    engines: Sequence[Engine] = (Engine.LAYOUT,),
) -> GameChoice:
    """The game ``game`` (an id; ``None``: Seven Rocks) with ``options`` (``KEY=VALUE`` texts)
    and ``seats`` (``None``: the game's usual number), checked.

    ``target`` (a command's ``--target``, given only when typed) sets the option ``target``.
    ``engines`` are the engines the command runs (the layout engine's games unless said): a game of
    another engine (Sausage) is refused, naming the commands that play it.
    Raises :class:`GameChoiceError` with one line naming what is wrong.

    >>> choose_game("sausage")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sevenrocks.cli.game_options.GameChoiceError: --game sausage: Sausage has its own engine (...), ...
    >>> choose_game("sausage", engines=(Engine.LAYOUT, Engine.SAUSAGE)).rules.hand_size
    14
    """
    name = DEFAULT_GAME if game is None else game
    try:
        definition = find_game(name)
    except SevenRocksError as err:
        raise GameChoiceError(f"--game {name}: {err.reason}") from None
    given: dict[str, OptionValue] = {}
    typed: dict[str, str] = {}
    for text in options or ():
        key, value = _parse_option(definition, text)
        if key in given and given[key] != value:
            raise GameChoiceError(f"--option {typed[key]} and --option {text} set {key} twice: give it once")
        given[key] = value
        typed[key] = text
    if target is not None:
        try:
            option = definition.option("target")
            value = option.validate(target, definition.id)
        except SevenRocksError as err:
            raise GameChoiceError(f"--target {target}: {err.reason}") from None
        if "target" in given and given["target"] != value:
            raise GameChoiceError(
                f"--target {target} and --option {typed['target']} disagree: give the target once"
            )
        given["target"] = value
    if definition.engine not in engines:
        raise GameChoiceError(
            f"--game {definition.id}: {definition.name} has its own engine ({definition.engine.entry}), "
            "which this command does not run; it runs in "
            f"{_ENGINE_COMMANDS.get(definition.engine, 'no command yet')}"
        )
    try:
        rules = definition.rules(given, seats, engine=definition.engine)
    except SevenRocksError as err:
        raise GameChoiceError(f"--seats {seats}: {err.reason}" if seats is not None else err.reason) from None
    return GameChoice(definition, given, rules)


def game_choice(
    game: str | None,
    options: Sequence[str] | None = None,
    seats: int | None = None,
    *,
    target: int | None = None,
    engines: Sequence[Engine] = (Engine.LAYOUT,),
) -> GameChoice:
    """:func:`choose_game` for a command: a fault prints ``error: ...`` on stderr and exits with code 2."""
    try:
        return choose_game(game, options, seats, target=target, engines=engines)
    except GameChoiceError as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(2) from None
