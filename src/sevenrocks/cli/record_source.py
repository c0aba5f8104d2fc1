"""What ``sevenrocks show`` and ``render`` read: a match record, or a conformance match script.

A match record names its game, its options and its seats. A match script names its game only
when it is not Seven Rocks, and may leave options out; ``--game ID`` and ``--option KEY=VALUE``
give them where the script does not. On a record (or on a script that names them itself) they
are a check: a value that differs from the file's is an error, so ``show --game kozel`` never
shows another game's match unnoticed. The script is replayed through the engine and shown as the
record of that match (its players unnamed).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Annotated, Any

import typer

from sevenrocks.core.envelope import read_record_file
from sevenrocks.core.errors import RecordError, SevenRocksError
from sevenrocks.core.games import DEFAULT_GAME, OptionValue, find_game
from sevenrocks.core.record import MatchRecord
from sevenrocks.core.script import load_json, replay_match

__all__ = ["GameOption", "OptionsOption", "game_id", "load_source", "parse_options"]

#: ``--game ID``: the game of a script that does not name it (on a record: a check).
GameOption = Annotated[
    str | None,
    typer.Option(
        "--game",
        metavar="ID",
        help="The game of a match script that does not name it (on a record, a check): e.g. kozel.",
    ),
]
#: ``--option KEY=VALUE`` (repeatable): an option of a script's game (on a record: a check).
OptionsOption = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        metavar="KEY=VALUE",
        help="An option of a match script's game, e.g. target=61 (repeat it; on a record, a check).",
    ),
]


def parse_options(game: str, texts: Sequence[str] | None) -> dict[str, OptionValue]:
    """``KEY=VALUE`` texts as option values of ``game``, each checked by the game.

    >>> parse_options("kozel", ["target=51", "remember=no"])
    {'target': 51, 'remember': False}
    >>> parse_options("kozel", ["target"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sevenrocks.core.errors.RecordError: --option takes KEY=VALUE, e.g. target=150, not 'target'
    """
    definition = find_game(game)
    out: dict[str, OptionValue] = {}
    for text in texts or ():
        key, sep, value = text.partition("=")
        if not sep or not key.strip():
            raise RecordError(f"--option takes KEY=VALUE, e.g. target=150, not {text!r}")
        try:
            out[key.strip()] = definition.option(key.strip()).parse(value, definition.id)
        except SevenRocksError as err:
            raise RecordError(f"--option {text}: {err.reason}") from None
    return out


def load_source(
    path: str | os.PathLike[str], game: str | None = None, options: Sequence[str] | None = None
) -> MatchRecord:
    """The match record at ``path``, or the record of the match script there.

    ``game`` and ``options`` (``KEY=VALUE`` texts) name what a script leaves out; anywhere else
    they must agree with the file. Raises :class:`RecordError` (or the engine's error, located)
    for anything wrong.
    """
    data = load_json(read_record_file(path))
    if not isinstance(data, dict) or "format" in data or "hands" not in data:
        record = MatchRecord.from_json(data)  # a record, or the record's error
        _agree(record, game, options)
        return record
    match = replay_match(_named(data, game, options))
    return MatchRecord.from_match(match, players=("",) * match.seats)


def game_id(name: str) -> str:
    """The id of the game ``--game name`` names; :class:`RecordError` for an unknown game."""
    try:
        return find_game(name).id
    except SevenRocksError as err:
        raise RecordError(f"--game {name}: {err.reason}") from None


def _agree(record: MatchRecord, game: str | None, options: Sequence[str] | None) -> None:
    if game is not None and game_id(game) != record.game:
        raise RecordError(f"--game {game}: this record is a match of {record.game}")
    for key, value in parse_options(record.game, options).items():
        if record.options[key] != value:
            raise RecordError(
                f"--option {key}={_text(value)}: this record's {key} is {_text(record.options[key])}"
            )


def _named(script: dict[str, Any], game: str | None, options: Sequence[str] | None) -> dict[str, Any]:
    """``script`` with the game and the options of the command line where it leaves them out."""
    script = dict(script)
    named = script.get("game")
    if game is not None:
        wanted = game_id(game)
        if named is not None and named != wanted:
            raise RecordError(f"--game {game}: this script is a match of {named}")
        if named is None and wanted != DEFAULT_GAME:
            script["game"] = wanted
    if not options:
        return script
    effective = script.get("game", DEFAULT_GAME)
    if not isinstance(effective, str):
        return script  # the replay names the fault
    values = parse_options(game_id(effective), options)
    if find_game(effective).id == DEFAULT_GAME:
        given: Any = {"target": script["target"]} if "target" in script else {}
    else:
        given = script.get("options") or {}
    if not isinstance(given, dict):
        return script  # the replay names the fault
    for key, value in values.items():
        if key in given and given[key] != value:
            raise RecordError(f"--option {key}={_text(value)}: the script sets {key} to {given[key]!r}")
    merged = {**given, **values}
    if find_game(effective).id == DEFAULT_GAME:
        script["target"] = merged["target"]
    else:
        script["options"] = merged
    return script


def _text(value: OptionValue) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)
