"""Stopping a tournament and going on with it: the results journal and ``--resume``."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from sevenrocks.cli.app import app
from sevenrocks.cli.progress import MatchProgress
from sevenrocks.tournament.duplicate import TournamentConfig, run_tournament, summarize
from sevenrocks.tournament.journal import (
    JOURNAL_NAME,
    JournalError,
    read_journal,
    resume_config,
    summary_from_json,
    summary_to_json,
)
from sevenrocks.tournament.model import MatchSummary

TIMING = ("seconds", "team0_think_ms_mean", "team0_think_ms_p95", "team1_think_ms_mean", "team1_think_ms_p95")
COMMON: dict[str, Any] = {"team0": "greedy", "team1": "random", "seed": 5, "target": 70}


def invoke(*args: str) -> Any:
    return CliRunner().invoke(app, list(args))


class Stop(Exception):
    """Stands for Ctrl-C or a crash in the middle of a tournament."""


def _figures(config: TournamentConfig, results: list[MatchSummary]) -> dict[str, Any]:
    summary = summarize(config, results)
    for key in (*TIMING, "records"):
        summary.pop(key, None)
    return summary


def _stop_after(count: int) -> Any:
    seen: list[int] = []

    def on_match(summary: MatchSummary) -> None:
        seen.append(summary.index)
        if len(seen) == count:
            raise Stop

    return on_match


def _whole(tmp_path: Path, matches: int) -> dict[str, Any]:
    config = TournamentConfig(**COMMON, matches=matches, records=tmp_path / "whole")
    return _figures(config, run_tournament(config))


@pytest.mark.parametrize("workers", [1, 2])
def test_a_stopped_tournament_resumed_gives_the_same_figures_as_one_run(tmp_path: Path, workers: int) -> None:
    folder = tmp_path / "stopped"
    config = TournamentConfig(**COMMON, matches=8, workers=workers, records=folder)
    with pytest.raises(Stop):
        run_tournament(config, on_match=_stop_after(3))
    contents = read_journal(folder)
    assert len(contents.done) == 3 and not contents.torn
    again, contents = resume_config(folder)  # as many workers as the stopped run, by default
    assert again == config and resume_config(folder, workers=3)[0].workers == 3
    played: list[int] = []
    results = run_tournament(again, done=contents.done, on_match=lambda s: played.append(s.index))
    assert sorted(played) == sorted(set(range(8)) - set(contents.done))  # nothing played twice
    assert [r.index for r in results] == list(range(8))
    assert _figures(again, results) == _whole(tmp_path, 8)
    assert len(read_journal(folder).done) == 8


def test_a_line_cut_short_by_a_crash_is_played_again(tmp_path: Path) -> None:
    folder = tmp_path / "torn"
    config = TournamentConfig(**COMMON, matches=6, records=folder)
    with pytest.raises(Stop):
        run_tournament(config, on_match=_stop_after(4))
    journal = folder / JOURNAL_NAME
    text = journal.read_text()
    journal.write_text(text[: len(text) - 40])  # the last match's line, half written
    contents = read_journal(folder)
    assert contents.torn and sorted(contents.done) == [0, 1, 2]
    results = run_tournament(config, done=contents.done)
    assert _figures(config, results) == _whole(tmp_path, 6)
    assert all(line.endswith("}") for line in journal.read_text().splitlines())


def test_a_match_whose_record_is_gone_is_played_again(tmp_path: Path) -> None:
    folder = tmp_path / "lost"
    config = TournamentConfig(**COMMON, matches=4, records=folder)
    run_tournament(config)
    (folder / "match-00002.json").unlink()
    contents = read_journal(folder)
    assert contents.missing_records == (1,) and sorted(contents.done) == [0, 2, 3]
    played: list[int] = []
    run_tournament(config, done=contents.done, on_match=lambda s: played.append(s.index))
    assert played == [1] and (folder / "match-00002.json").is_file()


def test_a_match_line_round_trips() -> None:
    summary = MatchSummary(
        index=5,
        pair=2,
        swapped=True,
        winner_side=1,
        scores_by_side=(120, 255),
        hands=7,
        blocks=1,
        points_by_side=(150, 300),
        deductions_by_side=(30, 45),
        think_by_side=((0.25, 0.125), (0.5,)),
        forfeit=None,
        record="match-00006.json",
        players=("random", "greedy", "random", "greedy"),
        rotation=1,
    )
    assert summary_from_json(json.loads(json.dumps(summary_to_json(summary)))) == summary


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda lines: [*lines[:1], "{not json", *lines[1:]], "line 2: not JSON"),
        (lambda lines: [*lines, lines[1]], "is there twice"),
        (lambda lines: [lines[0].replace('"version": 2', '"version": 9'), *lines[1:]], "journal version 9"),
        (lambda lines: ['{"format": "other"}', *lines[1:]], "not a sevenrocks tournament journal"),
        (lambda lines: [*lines[:1], lines[1].replace('"hands": ', '"hands": -')], "'hands' must be"),
        (
            lambda lines: [*lines[:1], lines[1].replace('"winner_side": ', '"winner_side": 7, "x": ')],
            "0, 1 or null",
        ),
        (lambda lines: [lines[0].replace('"seed": 5', '"seed": "five"'), *lines[1:]], "the setting 'seed'"),
        (lambda lines: [lines[0].replace('"seed": 5, ', ""), *lines[1:]], "settings are incomplete"),
        (lambda lines: [lines[0].replace('"workers": 1', '"workers": 0'), *lines[1:]], "'workers' must be"),
        (lambda lines: [], "is empty"),
    ],
)
def test_a_damaged_journal_is_a_clear_error_and_is_left_as_it_is(
    tmp_path: Path, change: Any, words: str
) -> None:
    folder = tmp_path / "damaged"
    run_tournament(TournamentConfig(**COMMON, matches=2, records=folder))
    journal = folder / JOURNAL_NAME
    damaged = "".join(line + "\n" for line in change(journal.read_text().splitlines()))
    journal.write_text(damaged)
    with pytest.raises(JournalError, match=words):
        resume_config(folder)
    result = invoke("tournament", "--resume", str(folder))
    assert result.exit_code == 2 and words.split("'")[0] in result.output and "Traceback" not in result.output
    assert journal.read_text() == damaged


def test_resume_on_the_command_line(tmp_path: Path) -> None:
    folder = tmp_path / "cli"
    start = ["tournament", "--team0", "greedy", "--team1", "random", "--seed", "5", "--target", "70"]
    first = invoke(*start, "--matches", "4", "--records", str(folder), "--json")
    assert first.exit_code == 0, first.output
    more = invoke("tournament", "--resume", str(folder), "--matches", "8", "--seed", "5", "--json")
    assert more.exit_code == 0, more.output
    assert "resuming" in more.stderr and "4 of 8 matches already played" in more.stderr
    assert "greedy vs random: 8/8 (" in more.stderr  # the progress, as lines: no terminal here
    summary = json.loads(more.stdout)
    assert summary["matches"] == 8 and summary["resumed_matches"] == 4
    assert json.loads((folder / "tournament.json").read_text())["matches"] == 8
    whole = _whole(tmp_path, 8)
    for key, value in whole.items():
        assert summary[key] == value, key
    assert len(list(folder.glob("match-*.json"))) == 8
    finished = invoke("tournament", "--resume", str(folder))  # nothing left: just the figures
    assert finished.exit_code == 0 and "matches won" in finished.stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--seed", "6"], "--seed 6 is not the setting of the tournament"),
        (["--team1", "greedy"], "--team1 greedy is not the setting"),
        (["--think", "1s"], "--think 1.0 is not the setting"),
        (["--matches", "2"], "cannot have fewer matches than that"),
        (["--records", "elsewhere"], "leave out --records"),
    ],
)
def test_resume_refuses_options_that_contradict_the_tournament(
    tmp_path: Path, args: list[str], words: str
) -> None:
    folder = tmp_path / "t"
    run_tournament(TournamentConfig(**COMMON, matches=4, records=folder))
    before = (folder / JOURNAL_NAME).read_text()
    result = invoke("tournament", "--resume", str(folder), *args)
    assert result.exit_code == 2 and words in result.output and "Traceback" not in result.output
    assert (folder / JOURNAL_NAME).read_text() == before


def test_resume_needs_a_tournament_folder(tmp_path: Path) -> None:
    missing = invoke("tournament", "--resume", str(tmp_path / "nowhere"))
    assert missing.exit_code == 2 and "is not a folder" in missing.output
    empty = invoke("tournament", "--resume", str(tmp_path))
    assert empty.exit_code == 2 and f"has no {JOURNAL_NAME}" in empty.output
    neither = invoke("tournament", "--team0", "greedy")
    assert neither.exit_code == 2 and "give both --team0 and --team1" in neither.output


def test_progress_is_written_as_lines_where_there_is_no_terminal() -> None:
    out = io.StringIO()
    with MatchProgress(Console(file=out, force_terminal=False, width=200), every=0.0) as progress:
        task = progress.add_task("a vs b", total=4, completed=1, status="1-0")
        progress.update(task, advance=1, status="2-0")
        progress.update(task, advance=2, status="4-0")
    assert out.getvalue().splitlines() == [
        "a vs b: 2/4 (2-0), 0:00:00 elapsed, about 0:00:00 left",
        "a vs b: 4/4 (4-0), 0:00:00 elapsed",
    ]
    quiet = io.StringIO()
    with MatchProgress(Console(file=quiet, force_terminal=False), every=3600.0) as progress:
        task = progress.add_task("a vs b", total=4, status="")
        progress.update(task, advance=1)  # within the hour: no line
    assert quiet.getvalue() == ""


def test_a_stopped_ladder_resumed_gives_the_same_ratings(tmp_path: Path) -> None:
    folder = tmp_path / "ladder"
    args = ["--matches-per-pair", "4", "--target", "50", "--seed", "2", "--json"]
    whole = invoke("ladder", "random", "greedy", "expert", *args, "--records", str(folder),
                   "--chart", str(tmp_path / "a.png"))  # fmt: skip
    assert whole.exit_code == 0, whole.output
    # as if stopped in the second pairing: its journal loses its last two matches, the third never began
    pairings = sorted(p for p in folder.iterdir() if p.is_dir())
    journal = pairings[1] / JOURNAL_NAME
    journal.write_text("".join(line + "\n" for line in journal.read_text().splitlines()[:-2]))
    shutil.rmtree(pairings[2])
    resumed = invoke("ladder", "--resume", str(folder), "--chart", str(tmp_path / "b.png"), "--json")
    assert resumed.exit_code == 0, resumed.output
    before, after = json.loads(whole.stdout), json.loads(resumed.stdout)
    assert after["ratings"] == before["ratings"] and after["pairs"] == before["pairs"]
    assert len(list(folder.glob("*/match-*.json"))) == 12
    wrong = invoke("ladder", "random", "expert", "--resume", str(folder))
    assert wrong.exit_code == 2 and "BOT... random expert is not the setting of the ladder" in wrong.output
    seed = invoke("ladder", "--resume", str(folder), "--seed", "3")
    assert seed.exit_code == 2 and "--seed 3 is not the setting" in seed.output
    none = invoke("ladder", "--resume", str(tmp_path))
    assert none.exit_code == 2 and "has no ladder-plan.json" in none.output
    again = invoke("ladder", "random", "greedy", "--records", str(folder))
    assert again.exit_code == 2 and "already holds" in again.output
