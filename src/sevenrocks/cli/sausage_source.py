"""What ``sevenrocks show`` and ``render`` read when the match is Sausage: a Sausage match record, or a
Sausage conformance script (``"game": "sausage"``, or a script naming no game with ``--game sausage``).

:func:`load_sausage_source` gives ``None`` for any other file, which the commands then read as they
always have (:func:`~sevenrocks.cli.record_source.load_source`). ``--game`` and ``--option`` mean what
they mean there: on a record they are a check, on a script they name what it leaves out.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from sevenrocks.cli.record_source import game_id, parse_options
from sevenrocks.core.errors import RecordError
from sevenrocks.core.record import FORMAT
from sevenrocks.core.sausage import GAME_ID, SausageRecord
from sevenrocks.core.sausage.script import replay_sausage_match
from sevenrocks.core.script import load_json

__all__ = ["load_sausage_source"]


def load_sausage_source(
    path: str | os.PathLike[str], game: str | None = None, options: Sequence[str] | None = None
) -> SausageRecord | None:
    """The Sausage match at ``path`` (a record, or the record of a script), or ``None`` when the file
    is not one (then nothing is checked here). Raises :class:`RecordError`, or the engine's error
    located by deal and move, for a Sausage file that is wrong or does not agree with ``game`` and
    ``options``."""
    source = Path(path)
    try:
        text = source.read_bytes()
    except OSError:
        return None  # the commands' own reader names the fault
    try:
        data = load_json(text)
    except RecordError:
        return None
    if not isinstance(data, dict):
        return None
    wanted = None if game is None else game_id(game)
    if "format" in data:
        if data.get("format") != FORMAT or data.get("game") != GAME_ID:
            return None
        record = SausageRecord.from_json(data)
        if wanted is not None and wanted != GAME_ID:
            raise RecordError(f"--game {game}: this record is a match of {GAME_ID}")
        for key, value in parse_options(GAME_ID, options).items():
            if record.options[key] != value:
                raise RecordError(f"--option {key}={value}: this record's {key} is {record.options[key]}")
        return record
    named = data.get("game")
    if "hands" not in data or (named != GAME_ID and not (named is None and wanted == GAME_ID)):
        return None
    if wanted is not None and wanted != GAME_ID:
        raise RecordError(f"--game {game}: this script is a match of {GAME_ID}")
    script: dict[str, Any] = {**data, "game": GAME_ID}
    given = script.get("options") or {}
    if options:
        if not isinstance(given, dict):
            given = {}
        for key, value in parse_options(GAME_ID, options).items():
            if key in given and given[key] != value:
                raise RecordError(f"--option {key}={value}: the script sets {key} to {given[key]!r}")
            given = {**given, key: value}
        script["options"] = given
    match = replay_sausage_match(script)
    return SausageRecord.from_match(match, players=("", ""))
