"""``sevenrocks replay`` reads the project's own match records as well as conformance scripts."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from sevenrocks.bots import make_bot
from sevenrocks.core import Match, MatchRecord


def _replay(path: Path | str, stdin: str | None = None) -> tuple[int, dict[str, Any], str]:
    run = subprocess.run(
        [sys.executable, "-m", "sevenrocks", "replay", str(path)],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )
    return run.returncode, json.loads(run.stdout), run.stderr


def _finished_record(seed: int) -> MatchRecord:
    match = Match(seed=seed, target=150)
    bots = [make_bot("greedy", seed=seed + seat) for seat in range(4)]
    while not match.is_over:
        if match.turn is None:
            match.start_hand()
            continue
        match.push(bots[match.turn].choose(match.view(match.turn)))
    return MatchRecord.from_match(match, players=("a", "b", "c", "d"))


def test_a_saved_record_replays_to_its_own_report(tmp_path: Path) -> None:
    record = _finished_record(5)
    path = record.save(tmp_path / "match.json")
    code, report, stderr = _replay(path)
    assert code == 0, report
    assert report == record.to_report()
    assert report["winner"] in (0, 1) and len(report["hands"]) == len(record.hands)
    assert stderr == ""
    # and from standard input
    code, again, _ = _replay("-", stdin=path.read_text(encoding="utf-8"))
    assert (code, again) == (0, report)


def test_a_record_stopped_mid_hand(tmp_path: Path) -> None:
    match = Match(seed=2)
    match.start_hand()
    for _ in range(5):
        match.push(match.legal_plays()[0])
    record = MatchRecord.from_match(match)
    code, report, _ = _replay(record.save(tmp_path / "partial.json"))
    assert code == 0
    assert report["hands"][0]["end"] is None and len(report["hands"][0]["plays"]) == 5


def test_a_tampered_record_names_the_hand_and_the_play(tmp_path: Path) -> None:
    data = _finished_record(8).to_json()
    events = data["hands"][0]["events"]
    first_play = next(i for i, e in enumerate(events) if i > 0 and "play" in e)
    events[first_play]["play"] = "6-6@0-0:B"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, report, stderr = _replay(path)
    assert code == 2
    assert set(report) == {"error"} and report["error"]["hand"] == 0
    assert report["error"]["play"] is not None and report["error"]["message"]
    assert "Traceback" not in stderr


def test_neither_a_script_nor_a_record_names_both_formats(tmp_path: Path) -> None:
    for text in ('{"moves": []}', "[1, 2]", '"hands"'):
        path = tmp_path / "other.json"
        path.write_text(text, encoding="utf-8")
        code, report, _ = _replay(path)
        assert code == 2
        message = report["error"]["message"]
        assert "match script" in message and "sevenrocks-match" in message, message
    path.write_text('{"format": "pgn", "hands": []}', encoding="utf-8")
    code, report, _ = _replay(path)
    assert code == 2 and "'pgn'" in report["error"]["message"]
