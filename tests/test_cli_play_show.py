"""``sevenrocks play`` fed from standard input, and ``sevenrocks show``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from sevenrocks.cli.app import app
from sevenrocks.core import HandEnd, Match, MatchEnd, MatchRecord, Placement, Play, RecordError, load_record

runner = CliRunner()


def play(*args: str, input: str) -> Result:
    return runner.invoke(app, ["play", "--no-color", *args], input=input)


def human_plays(record: MatchRecord) -> list[tuple[Match, Play]]:
    """Each placement of seat 0 with the position (a copy) it was chosen in."""
    out = []
    match = Match(target=record.target)
    for log in record.hands:
        match.start_hand(log.deal, log.leader)
        for event in log.events:
            if isinstance(event, Placement):
                if event.seat == 0:
                    out.append((match.copy(), event.play))
                match.push(event.play)
    return out


def test_whole_match_choosing_option_one(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    run = play("--seed", "7", "--record", str(path), input="1\n" * 2000)
    assert run.exit_code == 0, run.output
    assert "Traceback" not in run.output
    assert "match over" in run.output and f"the record is saved to {path}" in run.output
    record = load_record(path)
    assert record.end is MatchEnd.TARGET and record.winner is not None
    assert max(record.scores) >= 250
    assert record.players == ("human", "random", "greedy", "greedy")
    assert record.seed == 7 and "created" in record.metadata
    chosen = human_plays(record)
    assert chosen
    for position, played in chosen:
        assert played == position.legal_plays()[0]
    # what the person was shown: layouts, own tiles, numbered placements, knocks, settlements
    out = run.output
    assert "your tiles:" in out and "your placements\n" in out and "  1. " in out
    assert "line  <" in out and "knocks" in out
    assert "pips" in out and ("dominoes" in out or "blocked" in out)
    assert f"seats 0+2 (you): {record.scores[0]}" in out


def test_short_match_with_chosen_bots(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    run = play(
        "--seed", "3", "--target", "60", "--seat1", "greedy", "--partner", "random", "--seat3", "random",
        "--record", str(path), input="1\n" * 500,
    )  # fmt: skip
    assert run.exit_code == 0, run.output
    record = load_record(path)
    assert record.target == 60 and record.end is MatchEnd.TARGET
    assert record.players == ("human", "greedy", "random", "random")
    assert record.hands[-1].result is not None and record.hands[-1].result.end is HandEnd.TARGET


def test_same_seed_same_match(tmp_path: Path) -> None:
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    assert play("--seed", "5", "--target", "80", "--record", str(a), input="1\n" * 500).exit_code == 0
    assert play("--seed", "5", "--target", "80", "--record", str(b), input="1\n" * 500).exit_code == 0
    assert load_record(a).hands == load_record(b).hands


def test_quit_saves_the_partial_record(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    run = play("--seed", "11", "--record", str(path), input="2\nq\n")
    assert run.exit_code == 0, run.output
    assert "match stopped: the player at seat 0 quit" in run.output
    record = load_record(path)
    assert record.end is MatchEnd.ABANDONED and record.reason == "the player at seat 0 quit"
    assert record.winner is None and record.hands[-1].result is None
    chosen = human_plays(record)
    assert len(chosen) == 1
    position, played = chosen[0]
    legal = position.legal_plays()
    assert len(legal) > 1 and played == legal[1]


def test_end_of_input_ends_cleanly(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    run = play("--seed", "11", "--record", str(path), input="")
    assert run.exit_code == 0, run.output
    assert "the input ended" in run.output and "Traceback" not in run.output
    record = load_record(path)
    assert record.end is MatchEnd.ABANDONED and record.reason == "the input ended"
    assert not any(isinstance(e, Placement) and e.seat == 0 for e in record.hands[0].events)


def test_bad_input_reprompts(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    lines = ["0", "99", "foo", "6-6@0-0:bB", "3-4@9-9:B", "?", "1", "q"]
    run = play("--seed", "11", "--record", str(path), input="\n".join(lines) + "\n")
    assert run.exit_code == 0, run.output
    out = run.output
    assert "there is no placement 0: choose 1 to" in out
    assert "there is no placement 99" in out
    assert "'foo' is not a choice: 'foo' is not a tile" in out
    assert "6-6@0-0:bB is not legal:" in out
    assert "'9-9' is not a tile of the double-six set" in out
    assert "type the number of a placement" in out
    assert "Traceback" not in out
    chosen = human_plays(load_record(path))
    assert len(chosen) == 1 and chosen[0][1] == chosen[0][0].legal_plays()[0]


def _first_position(tmp_path: Path, seed: str) -> Match:
    path = tmp_path / "first.json"
    assert play("--seed", seed, "--record", str(path), "--overwrite", input="q\n").exit_code == 0
    return load_record(path).replay()


def test_input_by_notation_and_by_tile(tmp_path: Path) -> None:
    position = _first_position(tmp_path, "21")
    assert position.turn == 0
    legal = position.legal_plays()
    path = tmp_path / "m.json"
    run = play("--seed", "21", "--record", str(path), input=f"{legal[-1]}\nq\n")
    assert run.exit_code == 0, run.output
    assert human_plays(load_record(path))[0][1] == legal[-1]
    tiles = [p.tile for p in legal]
    single = next((t for t in tiles if tiles.count(t) == 1), None)
    if single is not None:
        run = play("--seed", "21", "--record", str(path), "--overwrite", input=f"{single}\nq\n")
        assert run.exit_code == 0
        assert human_plays(load_record(path))[0][1].tile == single
    double = next((t for t in tiles if tiles.count(t) > 1), None)
    if double is not None:
        run = play("--seed", "21", "--record", str(path), "--overwrite", input=f"{double}\nq\n")
        assert f"tile {double} can go in" in run.output


def test_unknown_bot(tmp_path: Path) -> None:
    run = play("--seat1", "grandmaster", "--record", str(tmp_path / "m.json"), input="")
    assert run.exit_code == 2
    assert "unknown bot 'grandmaster'" in run.output and "greedy" in run.output
    assert not (tmp_path / "m.json").exists()


def test_existing_record_is_not_clobbered(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    path.write_text("keep me", encoding="utf-8")
    run = play("--record", str(path), input="q\n")
    assert run.exit_code == 2 and "already exists" in run.output
    assert path.read_text(encoding="utf-8") == "keep me"
    assert play("--record", str(path), "--overwrite", input="q\n").exit_code == 0
    assert load_record(path).end is MatchEnd.ABANDONED


def test_default_record_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    run = play("--seed", "4", input="q\n")
    assert run.exit_code == 0, run.output
    saved = list((tmp_path / "matches").glob("sevenrocks-*-seed4.json"))
    assert len(saved) == 1
    assert load_record(saved[0]).seed == 4


def test_bad_target() -> None:
    run = play("--target", "0", input="")
    assert run.exit_code == 2 and "Traceback" not in run.output


# ------------------------------------------------------------------ show
@pytest.fixture(scope="module")
def finished_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("show") / "m.json"
    assert play("--seed", "7", "--record", str(path), input="1\n" * 2000).exit_code == 0
    return path


def test_show_prints_every_hand(finished_record: Path) -> None:
    record = load_record(finished_record)
    run = runner.invoke(app, ["show", "--no-color", str(finished_record)])
    assert run.exit_code == 0, run.output
    out = run.output
    assert "players: seat 0 human · seat 1 random · seat 2 greedy · seat 3 greedy" in out
    for h, log in enumerate(record.hands):
        assert f"hand {h + 1}" in out
        assert " ".join(str(t) for t in log.deal[0]) in out
        for event in log.placements:
            assert str(event.play) in out
        if log.result is not None and log.result.pips is not None:
            assert f"{log.result.scores[0]} · seats 1+3: {log.result.scores[1]}" in out
    assert "knocks (nothing on" in out and "final layout:" in out
    assert "win at the target" in out
    brief = runner.invoke(app, ["show", "--no-deals", "--no-layouts", str(finished_record)])
    assert brief.exit_code == 0 and "dealt to" not in brief.output and "final layout" not in brief.output


def test_show_abandoned_record(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    play("--seed", "11", "--record", str(path), input="1\nq\n")
    run = runner.invoke(app, ["show", str(path)])
    assert run.exit_code == 0
    assert "layout so far:" in run.output and "the hand stops here, unfinished" in run.output
    assert "abandoned with no winner (the player at seat 0 quit)" in run.output


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("{", ["not valid JSON", "line 1"]),
        ("[]", ["a match record is a JSON object"]),
        ('{"format": "other"}', ["not a Seven Rocks match record"]),
        ('{"format": "sevenrocks-match", "version": 9}', ["version 9 is not supported"]),
    ],
)
def test_show_bad_files(tmp_path: Path, content: str, words: list[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    run = runner.invoke(app, ["show", str(path)])
    assert run.exit_code == 2
    assert f"error: {path}: " in run.stderr
    for word in words:
        assert word in run.stderr
    assert "Traceback" not in run.output


def test_show_illegal_play_names_hand_and_play(finished_record: Path, tmp_path: Path) -> None:
    data = json.loads(finished_record.read_text(encoding="utf-8"))
    event = data["hands"][1]["events"][3]
    event["seat"] = (event["seat"] + 2) % 4
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    run = runner.invoke(app, ["show", str(path)])
    assert run.exit_code == 2
    assert "hand 1, play 3:" in run.stderr and "turn" in run.stderr


def test_show_missing_file_through_the_real_command(tmp_path: Path) -> None:
    missing = tmp_path / "nope.json"
    run = subprocess.run(
        [sys.executable, "-m", "sevenrocks", "show", str(missing)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 2
    assert run.stderr.strip() == f"error: no such file: {missing}"
    assert run.stdout == ""


def test_show_script_feeds_replay(finished_record: Path) -> None:
    record = load_record(finished_record)
    run = runner.invoke(app, ["show", "--script", str(finished_record)])
    assert run.exit_code == 0
    script = json.loads(run.stdout)
    assert script == record.to_script()
    replayed = runner.invoke(app, ["replay", "-"], input=run.stdout)
    assert replayed.exit_code == 0
    assert json.loads(replayed.stdout) == record.to_report()


def test_autosave_failure_warns_and_play_goes_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "m.json"
    calls = {"n": 0}
    real_save = MatchRecord.save

    def flaky(self: MatchRecord, where: Path) -> Path:
        calls["n"] += 1
        if calls["n"] == 2:  # the save after the first hand
            raise RecordError(f"cannot save the match record to {where}: disk full")
        return real_save(self, where)

    monkeypatch.setattr(MatchRecord, "save", flaky)
    run = play("--seed", "7", "--record", str(path), input="1\n" * 2000)
    assert run.exit_code == 0, run.output
    assert "warning: cannot save the match record" in run.output and "disk full" in run.output
    assert load_record(path).end is MatchEnd.TARGET


def test_a_failing_bot_forfeits(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from sevenrocks.bots import registry

    class Cheat:
        name = "cheat"

        def __init__(self, seed: int | None = None) -> None:
            pass

        def choose(self, view: object) -> Play:
            return Play.parse("6-6@0-0:bB")

    monkeypatch.setitem(registry._FACTORIES, "cheat", Cheat)
    path = tmp_path / "m.json"
    run = play("--seed", "2", "--seat3", "cheat", "--record", str(path), input="1\n" * 50)
    assert run.exit_code == 1, run.output
    assert "seat 3 (cheat) chose 6-6@0-0:bB, which is not legal" in run.output
    assert "seats 0+2 win by forfeit" in run.output and "Traceback" not in run.output
    record = load_record(path)
    assert record.end is MatchEnd.FORFEIT and record.winner == 0
    assert record.reason is not None and "seat 3 (cheat)" in record.reason


LOGGING_BOT = """
import json, sys
log = open(sys.argv[1], "a")
for line in sys.stdin:
    log.write(line)
    log.flush()
    message = json.loads(line)
    if message["type"] == "turn":
        print(json.dumps({"play": message["legal"][0]}), flush=True)
"""


def test_bot_program_hears_the_whole_match(tmp_path: Path) -> None:
    """A `cmd:` opponent gets every hand's end and the match's end, as in a tournament."""
    script = tmp_path / "logbot.py"
    script.write_text(LOGGING_BOT)
    log = tmp_path / "messages.jsonl"
    out = tmp_path / "m.json"
    result = play(
        "--seed", "4", "--target", "40", "--record", str(out),
        "--seat3", f"cmd:{sys.executable} {script} {log}",
        input="1\n" * 400,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    record = load_record(out)
    kinds = [json.loads(line)["type"] for line in log.read_text().splitlines()]
    assert kinds.count("hand") == kinds.count("hand_end") == len(record.hands)
    assert kinds[-1] == "match_end"
    plays = sum(len([e for e in hand.events if isinstance(e, Placement)]) for hand in record.hands)
    assert kinds.count("play") == plays
