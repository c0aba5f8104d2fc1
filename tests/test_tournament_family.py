"""Tournaments and ladders in every game: duplicate deals rotated through 2, 3 and 4 seats, the
figures each game understands, and the journal that names the game.

Most tournaments here run without records (``--no-records``), which they do not need; the runs
that resume from a journal save the records of their games.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from sevenrocks.cli.app import app
from sevenrocks.core.games import find_game
from sevenrocks.tournament.duplicate import (
    TournamentConfig,
    duplicate_schedule,
    entrant_result,
    figures_for,
    run_tournament,
    summarize,
)
from sevenrocks.tournament.journal import JOURNAL_NAME, read_journal, resume_config
from sevenrocks.tournament.model import seat_plans
from sevenrocks.tournament.runner import MatchOutcome, deal_of
from sevenrocks.tournament.table import TableConfig, run_table, summarize_table


def invoke(*args: str) -> Any:
    return CliRunner().invoke(app, list(args))


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_entrant_plays_every_hand_of_every_deal(seats: int) -> None:
    group = len(seat_plans(seats))
    schedule = duplicate_schedule(group * 3, seed=4, seats=seats)
    assert [s.index for s in schedule] == list(range(group * 3))
    for pair in range(3):
        matches = [s for s in schedule if s.pair == pair]
        assert len(matches) == group and len({s.deal_seed for s in matches}) == 1
        assert len({s.first_leader for s in matches}) == 1
        for seat in range(seats):
            held = Counter(s.sides[seat] for s in matches)
            assert held[0] == held[1] == group // 2  # each entrant holds every hand equally often
        seats_held = Counter(e for s in matches for e in s.sides)
        assert seats_held[0] == seats_held[1]
    if seats == 3:
        alone = {(s.sides.index(e), e) for s in schedule for e in (0, 1) if s.sides.count(e) == 1}
        assert alone == {(seat, e) for seat in range(3) for e in (0, 1)}


def test_seven_rocks_schedule_is_unchanged() -> None:
    schedule = duplicate_schedule(4, seed=7)
    assert [(s.pair, s.swapped, s.sides, s.first_leader) for s in schedule] == [
        (0, False, (0, 1, 0, 1), 0),
        (0, True, (1, 0, 1, 0), 0),
        (1, False, (0, 1, 0, 1), 1),
        (1, True, (1, 0, 1, 0), 1),
    ]


def test_a_schedule_plays_whole_sets_of_deals() -> None:
    with pytest.raises(ValueError, match="multiple of 6"):
        duplicate_schedule(4, seed=1, seats=3)
    with pytest.raises(ValueError, match="even number"):
        duplicate_schedule(3, seed=1, seats=2)


def test_deals_are_the_same_in_every_match_of_a_set() -> None:
    rules = find_game("draw").rules(seats=3)
    assert deal_of("7/0", 2, rules) == deal_of("7/0", 2, rules)
    hands, boneyard = deal_of("7/0", 2, rules)
    assert [len(h) for h in hands] == [5, 5, 5] and len(boneyard) == 13
    goat = find_game("kozel").rules(seats=4)
    from sevenrocks.core.deal import is_goat_misdeal
    from sevenrocks.core.tiles import mask_of

    for hand in range(50):  # a Goat misdeal is dealt again
        assert not is_goat_misdeal([mask_of(h) for h in deal_of("m", hand, goat)[0]])


def _outcome(winners: tuple[int, ...], losers: tuple[int, ...], sides: int) -> MatchOutcome:
    zero = (0,) * sides
    return MatchOutcome(None, zero, 1, 0, zero, zero, (), None, None, winners, losers)


def test_who_won_a_match_between_two_entrants() -> None:
    three = find_game("kozel").rules(seats=3)
    assert entrant_result(three, (0, 1, 1), _outcome((0, 2), (1,), 3)) == 0  # team1's seat is the goat
    assert entrant_result(three, (0, 1, 1), _outcome((1, 2), (0,), 3)) == 1
    block = find_game("block").rules(seats=3)
    assert entrant_result(block, (1, 0, 0), _outcome((0,), (1, 2), 3)) == 1
    assert entrant_result(block, (1, 0, 0), _outcome((), (), 3)) is None
    telephone = find_game("telephone").rules(seats=4)
    assert entrant_result(telephone, (1, 0, 1, 0), _outcome((0,), (1,), 2)) == 1
    assert entrant_result(telephone, (1, 0, 1, 0), _outcome((), (0, 1), 2)) is None  # both over: a draw


def test_figures_that_make_sense_per_game() -> None:
    assert figures_for(find_game("seven-rocks").rules()) == ("scored", "deducted")
    assert figures_for(find_game("kozel").rules(seats=3)) == ("written", "drawn", "goats")
    assert figures_for(find_game("block").rules(seats=2)) == ("awarded",)
    assert figures_for(find_game("telephone").rules(seats=2)) == ("scored", "deducted", "drawn")
    assert figures_for(find_game("picture").rules(seats=2)) == ("drawn",)
    assert figures_for(find_game("sea-kozel").rules(seats=2)) == ("recorded", "drawn")
    assert figures_for(find_game("donkey").rules(seats=3)) == ("written", "drawn", "goats")
    assert figures_for(find_game("sebastopol").rules()) == ("awarded",)
    assert figures_for(find_game("bergen").rules(seats=3)) == ("scored", "awarded", "drawn")
    assert figures_for(find_game("general").rules()) == ("generals",)
    assert figures_for(find_game("general").rules({"version": "naked"})) == ("generals", "nakeds")


@pytest.mark.parametrize(
    ("game", "seats", "options", "matches"),
    [
        ("block", 2, {"target": 40}, 4),
        ("kozel", 3, {"target": 41}, 6),
        ("all-fives", 4, {"target": 80}, 4),
        ("draw", 4, {"target": 40, "partnerships": False}, 4),
        ("picture", 3, {}, 6),
        ("sea-kozel", 2, {"target": 60}, 4),
        ("sea-kozel", 4, {}, 4),
        ("donkey", 3, {"target": 41}, 6),
        ("sebastopol", 4, {"target": 30}, 4),
        ("bergen", 3, {}, 6),
        ("matador", 2, {"target": 40}, 4),
        ("general", 4, {}, 4),
        ("general", 4, {"version": "naked"}, 4),
    ],
)
def test_tournaments_of_two_entrants_in_two_three_and_four_seat_games(
    game: str, seats: int, options: dict[str, Any], matches: int
) -> None:
    config = TournamentConfig(
        "greedy", "random", matches=matches, seed=2, game=game, game_options=options, seats=seats
    )
    results = run_tournament(config)
    assert [r.index for r in results] == list(range(matches))
    assert all(r.forfeit is None and r.record is None for r in results)
    assert all(len(r.players) == seats for r in results)
    summary = summarize(config, results)
    assert summary["game"] == game and summary["seats"] == seats and summary["matches"] == matches
    assert summary["team0_wins"] + summary["team1_wins"] + summary["draws"] == matches
    assert summary["matches_per_set"] == len(seat_plans(seats))
    low, high = summary["team0_match_win_rate_ci95"]
    assert 0 <= low <= summary["team0_match_win_rate"] <= high <= 1
    assert summary["figures"] == list(figures_for(config.rules))
    if "goats" in summary["figures"]:
        goats = summary["team0_goats"] + summary["team1_goats"]
        assert goats >= matches  # every match of the Goat family ends with a goat
    if "awarded" in summary["figures"]:
        assert summary["team0_awarded_per_hand"] + summary["team1_awarded_per_hand"] > 0
    if "recorded" in summary["figures"]:
        assert summary["team0_recorded_per_hand"] + summary["team1_recorded_per_hand"] > 0
    if "generals" in summary["figures"]:
        made = sum(r.generals_by_side[0] + r.generals_by_side[1] for r in results)
        assert summary["team0_generals"] + summary["team1_generals"] == made
    again = run_tournament(config)
    assert [r.winner_side for r in again] == [r.winner_side for r in results]


def test_tournament_command_in_a_three_seat_game() -> None:
    result = invoke(
        "tournament", "--team0", "greedy", "--team1", "random", "--game", "kozel", "--seats", "3",
        "--option", "target=41", "--matches", "6", "--no-records", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["game"] == "kozel" and summary["seats"] == 3 and summary["options"]["target"] == 41
    assert summary["target"] == 41 and summary["matches"] == 6
    table = invoke(
        "tournament", "--team0", "greedy", "--team1", "random", "--game", "kozel", "--seats", "3",
        "--option", "target=41", "--matches", "6", "--no-records",
    )  # fmt: skip
    assert table.exit_code == 0, table.output
    assert "Duplicate tournament of kozel with 3 seats (target=41)" in table.stdout
    assert "goat" in table.stdout and "written" in table.stdout


def test_tournament_refuses_a_number_of_matches_that_splits_a_set() -> None:
    result = invoke(
        "tournament", "--team0", "greedy", "--team1", "random", "--game", "draw", "--seats", "3",
        "--matches", "4", "--no-records",
    )  # fmt: skip
    assert (
        result.exit_code == 2 and "give a multiple of 6" in result.stderr and "Traceback" not in result.output
    )


def test_ladder_in_a_family_game(tmp_path: Path) -> None:
    result = invoke(
        "ladder", "random", "greedy", "--game", "block", "--seats", "3", "--matches-per-pair", "6",
        "--no-records", "--json", "--chart", str(tmp_path / "l.png"),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["game"] == "block" and report["seats"] == 3 and report["pairs"][0]["matches"] == 6
    odd = invoke("ladder", "random", "greedy", "--game", "block", "--seats", "3", "--matches-per-pair", "4")
    assert odd.exit_code == 2 and "multiple of 6" in odd.stderr


# ------------------------------------------------------------------ the journal names the game
def test_the_journal_names_the_game_and_a_resume_with_another_game_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "t"
    run_tournament(TournamentConfig("greedy", "random", matches=2, seed=3, target=40, records=folder))
    header = json.loads((folder / JOURNAL_NAME).read_text().splitlines()[0])
    assert header["version"] == 2
    assert header["settings"]["game"] == "seven-rocks" and header["settings"]["options"] == {"target": 40}
    assert header["settings"]["seats"] == 4
    for args, words in (
        (["--game", "kozel"], "--game kozel is not the game of the tournament"),
        (["--option", "target=99"], "--option target=99 is not the setting of the tournament"),
        (["--seats", "3"], "seven-rocks is played by 4 seats"),
        (["--option", "goat=1"], "seven-rocks has no option 'goat'"),
    ):
        result = invoke("tournament", "--resume", str(folder), *args)
        assert result.exit_code == 2, (args, result.output)
        assert words in result.stderr and "Traceback" not in result.output
    same = invoke("tournament", "--resume", str(folder), "--game", "seven-rocks", "--option", "target=40")
    assert same.exit_code == 0, same.output


def test_a_version_1_journal_still_resumes(tmp_path: Path) -> None:
    folder = tmp_path / "old"
    run_tournament(TournamentConfig("greedy", "random", matches=2, seed=3, target=40, records=folder))
    journal = folder / JOURNAL_NAME
    lines = journal.read_text().splitlines()
    header = json.loads(lines[0])
    header["version"] = 1
    for key in ("game", "options", "seats"):
        del header["settings"][key]
    journal.write_text("".join(line + "\n" for line in [json.dumps(header), *lines[1:]]))
    config, contents = resume_config(folder, matches=4)
    assert config.game == "seven-rocks" and config.target == 40 and len(contents.done) == 2
    assert read_journal(folder).settings["options"] == {"target": 40}
    result = invoke("tournament", "--resume", str(folder), "--matches", "4", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["matches"] == 4


def test_a_ladder_resume_with_another_game_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "ladder"
    chart = str(tmp_path / "l.png")
    args = ["--matches-per-pair", "2", "--target", "30", "--records", str(folder), "--chart", chart]
    first = invoke("ladder", "random", "greedy", *args)
    assert first.exit_code == 0, first.output
    plan = json.loads((folder / "ladder-plan.json").read_text())
    assert plan["game"] == "seven-rocks" and plan["options"] == {"target": 30} and plan["seats"] == 4
    refused = invoke("ladder", "--resume", str(folder), "--game", "block", "--chart", chart)
    assert refused.exit_code == 2 and "--game block is not the game of the ladder" in refused.stderr


def test_a_family_tournament_with_records_stops_and_resumes(tmp_path: Path) -> None:
    folder = tmp_path / "kozel"
    start = ["tournament", "--team0", "greedy", "--team1", "random", "--game", "kozel", "--seats", "3",
             "--option", "target=41", "--seed", "2"]  # fmt: skip
    first = invoke(*start, "--matches", "6", "--records", str(folder), "--json")
    assert first.exit_code == 0, first.output
    assert len(list(folder.glob("match-*.json"))) == 6
    more = invoke("tournament", "--resume", str(folder), "--matches", "12", "--json")
    assert more.exit_code == 0, more.output
    assert json.loads(more.stdout)["matches"] == 12
    other = invoke("tournament", "--resume", str(folder), "--game", "block")
    assert other.exit_code == 2 and "not the game of the tournament" in other.stderr


def test_tournament_command_in_the_part_2_games() -> None:
    general = invoke(
        "tournament", "--team0", "greedy", "--team1", "random", "--game", "general", "--matches", "6",
        "--no-records",
    )  # fmt: skip
    assert general.exit_code == 0, general.output
    assert "Generals received" in general.stdout
    sea = invoke(
        "tournament", "--team0", "greedy", "--team1", "random", "--game", "sea-kozel", "--matches", "4",
        "--no-records",
    )  # fmt: skip
    assert sea.exit_code == 0, sea.output
    assert "points added to the record per hand" in sea.stdout
    searched = invoke(  # the compiled step plays Sea Goat: so does search
        "tournament", "--team0", "search:iterations=3", "--team1", "greedy", "--game", "sea-kozel",
        "--seats", "2", "--matches", "2", "--no-records",
    )  # fmt: skip
    assert searched.exit_code == 0, searched.output
    assert "Duplicate tournament of sea-kozel" in searched.stdout


def test_a_general_table_session_queues_the_teams() -> None:
    config = TableConfig(("greedy", "random", "greedy", "random"), matches=12, seed=5)
    matches = run_table(config)
    assert matches == run_table(config)  # the same seed, the same session
    at, waiting = [0, 1], [2, 3]
    for match in matches:
        assert match.sides == tuple(at) and match.forfeit is None
        assert match.gave_way is not None and {match.gave_way, match.stayed} == set(match.sides)
        lost = match.sides.index(match.gave_way)
        assert match.hands_lost[lost] >= 2 or match.generals[lost] == 1  # why it gave way (§9.1)
        waiting.append(match.gave_way)
        at[lost] = waiting.pop(0)
        assert list(match.waiting) == waiting
    summary = summarize_table(config, matches)
    teams = summary["teams"]
    assert sum(t["played"] for t in teams) == 24 and sum(t["won"] for t in teams) == 12
    assert sum(t["gave_way"] for t in teams) == 12
    received = sum(t["generals"] for t in teams)
    assert received == sum(t["generals_made"] for t in teams) == sum(sum(m.generals) for m in matches)
    assert summary["figures"] == ["generals"] and summary["format"] == "table"


def test_two_teams_at_a_table_play_on_and_bad_sessions_are_refused() -> None:
    matches = run_table(TableConfig(("greedy", "random"), matches=3, seed=1))
    assert all(m.sides == (0, 1) and m.waiting == () for m in matches)
    with pytest.raises(ValueError, match="the table format plays general"):
        TableConfig(("greedy", "random"), matches=2, game="kozel")
    with pytest.raises(ValueError, match="at least two teams"):
        TableConfig(("greedy",), matches=2)


def test_table_command(tmp_path: Path) -> None:
    folder = tmp_path / "session"
    result = invoke(
        "tournament", "--format", "table", "--game", "general", "--option", "version=naked",
        "--team0", "greedy", "--team1", "random", "--team", "greedy", "--matches", "5", "--seed", "2",
        "--records", str(folder), "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["matches"] == 5 and len(summary["teams"]) == 3
    assert summary["figures"] == ["generals", "nakeds"] and summary["options"]["version"] == "naked"
    assert len(list(folder.glob("match-*.json"))) == 5 and (folder / "tournament.json").exists()
    shown = invoke("show", str(folder / "match-00001.json"))
    assert shown.exit_code == 0 and "table session greedy / random / greedy" in shown.stdout
    table = invoke(
        "tournament", "--format", "table", "--game", "general", "--team0", "greedy", "--team1", "random",
        "--team", "random", "--matches", "4", "--no-records",
    )  # fmt: skip
    assert table.exit_code == 0, table.output
    assert "Table session of general" in table.stdout and "Generals" in table.stdout
    for args, words in (
        (["--format", "table", "--game", "kozel"], "--format table plays general"),
        (["--format", "table", "--game", "general", "--workers", "2"], "no --workers"),
        (["--format", "round", "--game", "general"], "--format must be duplicate or table"),
        (["--team", "random", "--game", "general"], "use it with --format table"),
        (["--format", "table", "--game", "general", "--team", "nobody"], "unknown bot 'nobody'"),
    ):
        run = invoke("tournament", "--team0", "greedy", "--team1", "random", "--no-records", *args)
        assert run.exit_code == 2 and words in run.stderr and "Traceback" not in run.output, run.output
