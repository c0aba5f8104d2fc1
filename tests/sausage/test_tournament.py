"""Sausage tournaments and ladders: duplicate deals (the same queues, the entrants swapped), the
figures of the game, records, journals and resuming, bot programs and forfeits, the command line."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sevenrocks.cli.app import app
from sevenrocks.core.record import MatchEnd
from sevenrocks.core.sausage import load_sausage_record
from sevenrocks.tournament import TournamentConfig, duplicate_schedule, run_tournament, summarize
from sevenrocks.tournament.journal import read_journal
from sevenrocks.tournament.sausage import play_sausage_match, queues_of, sausage_rules

runner = CliRunner()
FIRST_LEGAL = Path(__file__).resolve().parents[2] / "examples" / "bots" / "first_legal.py"


def test_a_tournament_in_python(tmp_path: Path) -> None:
    config = TournamentConfig("greedy", "random", matches=8, seed=5, game="sausage", records=tmp_path)
    assert (config.game, config.seats, config.target, config.group) == ("sausage", 2, 101, 2)
    results = run_tournament(config)
    summary = summarize(config, results)
    assert summary["matches"] == 8 and summary["team0_wins"] + summary["team1_wins"] + summary["draws"] == 8
    assert summary["figures"] == ["awarded"] and summary["team0_awarded_per_hand"] > 0
    assert summary["game"] == "sausage" and summary["options"] == {"target": 101}
    for result in results:
        record = load_sausage_record(tmp_path / f"match-{result.index + 1:05d}.json")
        assert record.end is MatchEnd.TARGET and record.players == result.players
        assert record.metadata["game"] == "sausage" and record.metadata["seating"] in ("1 of 2", "2 of 2")
        winner = record.winner
        assert winner is not None and result.winner_side == (0 if record.players[winner] == "greedy" else 1)
        assert result.hands == len(record.hands)
        assert sum(result.awards_by_side) == sum(sum(r.award) for r in record.results)


def test_the_two_matches_of_a_pair_turn_the_same_tiles(tmp_path: Path) -> None:
    config = TournamentConfig("greedy", "random", matches=4, seed=9, game="sausage", records=tmp_path)
    results = run_tournament(config)
    schedule = duplicate_schedule(4, 9, seats=2)
    for first, second in ((0, 1), (2, 3)):
        a = load_sausage_record(tmp_path / f"match-{first + 1:05d}.json")
        b = load_sausage_record(tmp_path / f"match-{second + 1:05d}.json")
        assert a.players == tuple(reversed(b.players))  # the entrants swap seats
        assert a.hands[0].queues == b.hands[0].queues == queues_of(schedule[first].deal_seed, 0)
        assert a.hands[0].starter == b.hands[0].starter == schedule[first].first_leader
        for deal in range(1, min(len(a.hands), len(b.hands))):
            assert a.hands[deal].queues == b.hands[deal].queues
    assert [r.pair for r in results] == [0, 0, 1, 1]


def test_workers_do_not_change_the_results() -> None:
    one = TournamentConfig("greedy", "search:iterations=2", matches=4, seed=2, game="sausage")
    two = TournamentConfig("greedy", "search:iterations=2", matches=4, seed=2, game="sausage", workers=2)
    key = [(r.index, r.winner_side, r.scores_by_side, r.hands) for r in run_tournament(one)]
    assert key == [(r.index, r.winner_side, r.scores_by_side, r.hands) for r in run_tournament(two)]


def test_the_command_line_tournament_and_resume(tmp_path: Path) -> None:
    folder = tmp_path / "t"
    args = ["tournament", "--game", "sausage", "--team0", "greedy", "--team1", "random", "--seed", "4"]
    first = runner.invoke(app, [*args, "--matches", "4", "--records", str(folder), "--json"])
    assert first.exit_code == 0, first.output
    assert read_journal(folder).settings["game"] == "sausage" and len(read_journal(folder).done) == 4
    more = runner.invoke(app, ["tournament", "--resume", str(folder), "--matches", "8", "--json"])
    assert more.exit_code == 0, more.output
    resumed = json.loads(more.stdout)
    whole = runner.invoke(app, [*args, "--matches", "8", "--no-records", "--json"])
    straight = json.loads(whole.stdout)
    assert resumed["resumed_matches"] == 4
    for key in (
        "team0_wins",
        "team1_wins",
        "hands",
        "blocks",
        "team0_awarded_per_hand",
        "pairs_team0_won_both",
    ):
        assert resumed[key] == straight[key], key
    table = runner.invoke(app, [*args, "--matches", "2", "--no-records"], env={"COLUMNS": "150"})
    assert table.exit_code == 0 and "Duplicate tournament of sausage with 2 seats" in table.output
    assert "points scored at settlement per hand" in table.output
    wrong = runner.invoke(app, ["tournament", "--resume", str(folder), "--game", "kozel"])
    assert wrong.exit_code == 2 and "is not the game of the tournament" in wrong.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--team0", "expert"], "--team0: bot 'expert' does not play sausage"),
        (["--seats", "4"], "sausage is played by 2 seats, not 4"),
        (["--team0", "cmd:no-such-program-xyz"], "--team0: "),
    ],
)
def test_tournament_refusals(args: list[str], message: str) -> None:
    base = ["tournament", "--game", "sausage", "--team0", "greedy", "--team1", "random", "--no-records"]
    result = runner.invoke(app, [*base, *args])
    assert result.exit_code == 2 and message in result.output and "Traceback" not in result.output


def test_a_bot_program_plays_and_a_broken_one_forfeits() -> None:
    program = f"cmd:{sys.executable} {FIRST_LEGAL}"
    config = TournamentConfig(program, "random", matches=2, seed=1, game="sausage")
    summary = summarize(config, run_tournament(config))
    assert summary["forfeits"] == 0 and summary["team0_moves"] > 0
    broken = f"cmd:{sys.executable} -c \"print('hello')\""
    outcome = play_sausage_match((broken, "random"), deal_seed="x", first_starter=0, rules=sausage_rules())
    assert outcome.forfeit is not None and outcome.forfeit.seat == 0 and outcome.winner == 1
    assert outcome.record is not None and outcome.record.end is MatchEnd.FORFEIT
    assert "forfeits" in (outcome.record.reason or "")


def test_the_sausage_bot_program_plays_through_the_protocol() -> None:
    program = f"cmd:{sys.executable} -m sevenrocks.cli.bot greedy --game sausage --seed 3"
    outcome = play_sausage_match(
        (program, "greedy"),
        deal_seed="p",
        first_starter=1,
        bot_seeds=(3 * 4, 7),
        rules=sausage_rules({"target": 40}),
    )
    assert outcome.forfeit is None and outcome.winner in (0, 1) and outcome.record is not None
    assert outcome.record.to_json()["result"]["end"] == "target"


def test_ladder_of_sausage() -> None:
    result = runner.invoke(
        app,
        [
            "ladder",
            "random",
            "greedy",
            "--game",
            "sausage",
            "--matches-per-pair",
            "4",
            "--no-records",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert {row["bot"] for row in data["ratings"]} == {"random", "greedy"}
    assert (data["game"], data["seats"], data["matches_per_pair"]) == ("sausage", 2, 4)
