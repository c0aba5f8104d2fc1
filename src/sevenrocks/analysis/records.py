"""Reading a record to analyse (pure Python: the command line checks a file before it loads the
search)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sevenrocks.analysis.classes import AnalysisError
from sevenrocks.core.envelope import read_record_file
from sevenrocks.core.record import MatchRecord
from sevenrocks.core.sausage import GAME_ID as SAUSAGE
from sevenrocks.core.script import load_json

__all__ = ["load_analysable"]


def load_analysable(path: Path) -> MatchRecord:
    """The match record at ``path``, checked by replaying it; :class:`SevenRocksError` for a file
    that is not a record, a record that fails its replay, or a Sausage record (the search does not
    play Sausage)."""
    data: Any = load_json(read_record_file(path))
    if isinstance(data, dict) and data.get("format") == "sevenrocks-match" and data.get("game") == SAUSAGE:
        raise AnalysisError(
            "this is a Sausage record: Sausage has its own engine, which the search bot does not play, "
            "so it cannot be analysed (the layout games can)"
        )
    if not isinstance(data, dict) or data.get("format") != "sevenrocks-match":
        raise AnalysisError(
            'not a match record (a JSON object with "format": "sevenrocks-match", as sevenrocks play '
            "and tournaments write)"
        )
    return MatchRecord.from_json(data)
