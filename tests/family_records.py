"""Whether match records can hold the games of the family yet.

The record format for every game is being written on ``core/record.py`` (another engineer's part
of "The domino family, part 1"). Until it is merged, a record of a game other than Seven Rocks
cannot be saved and read back; the tests that need one are marked :data:`needs_family_records`
and skipped, and run by themselves once the format is there.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from sevenrocks.core import Match, MatchRecord, load_record


def _family_records_work() -> bool:
    """True when a finished three-seat Kozel match saves and loads back unchanged."""
    try:
        match = Match("kozel", seats=3, options={"target": 30}, seed=1)
        while not match.is_over:
            match.start_hand()
            while match.turn is not None:
                match.push(match.legal_moves()[0])
        record = MatchRecord.from_match(match, players=("a", "b", "c"))
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "kozel.json"
            record.save(path)
            loaded = load_record(path)
        return loaded.hands == record.hands and getattr(loaded, "game", None) == "kozel"
    except Exception:
        return False


FAMILY_RECORDS = _family_records_work()

needs_family_records = pytest.mark.skipif(
    not FAMILY_RECORDS,
    reason="waits for the record format of every game (core/record.py, 'The domino family, part 1')",
)
