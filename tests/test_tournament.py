"""Duplicate tournaments, their statistics, the ladder fit and the command lines."""

from __future__ import annotations

import json
import math
import sys
import uuid
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from sevenrocks.bots import make_bot, registry
from sevenrocks.bots.simple import GreedyBot
from sevenrocks.cli.app import app
from sevenrocks.core.record import MatchEnd, load_record
from sevenrocks.tournament.duplicate import (
    EntrantFailing,
    TournamentConfig,
    duplicate_schedule,
    run_tournament,
    summarize,
)
from sevenrocks.tournament.ladder import ELO_SCALE, fit_bradley_terry
from sevenrocks.tournament.runner import deal_for, play_match
from sevenrocks.tournament.stats import percentile, wilson_interval

REPO = Path(__file__).resolve().parents[1]
CRASHER = "import sys\nfor line in sys.stdin:\n    if '\"turn\"' in line:\n        sys.exit(1)\n"
TIMING_KEYS = {
    "seconds",
    "team0_think_ms_mean",
    "team0_think_ms_p95",
    "team1_think_ms_mean",
    "team1_think_ms_p95",
}


def invoke(*args: str) -> Any:
    return CliRunner().invoke(app, list(args))


# ---------------------------------------------------------------------- the duplicate format
def test_schedule_swaps_partnerships_on_the_same_deals_and_rotates_leaders() -> None:
    schedule = duplicate_schedule(16, seed=5)
    assert [s.index for s in schedule] == list(range(16))
    for first, second in zip(schedule[::2], schedule[1::2], strict=True):
        assert first.pair == second.pair and first.deal_seed == second.deal_seed
        assert first.first_leader == second.first_leader
        assert first.sides == (0, 1, 0, 1) and second.sides == (1, 0, 1, 0)
    assert len({s.deal_seed for s in schedule}) == 8
    leaders = [s.first_leader for s in schedule[::2]]
    assert sorted(leaders) == [0, 0, 1, 1, 2, 2, 3, 3]  # every seat leads equally often
    with pytest.raises(ValueError, match="even number"):
        duplicate_schedule(3, seed=1)


def test_played_pairs_really_swap_partnerships_on_the_same_deals(tmp_path: Path) -> None:
    config = TournamentConfig("greedy", "random", matches=4, seed=11, target=100, records=tmp_path)
    results = run_tournament(config)
    assert [r.swapped for r in results] == [False, True, False, True]
    for pair in (0, 1):
        a = load_record(tmp_path / f"match-{2 * pair + 1:05d}.json")
        b = load_record(tmp_path / f"match-{2 * pair + 2:05d}.json")
        assert a.players == ("greedy", "random", "greedy", "random")
        assert b.players == ("random", "greedy", "random", "greedy")
        assert a.hands[0].deal == b.hands[0].deal and a.hands[0].leader == b.hands[0].leader == pair
        for h in range(min(len(a.hands), len(b.hands))):
            assert a.hands[h].deal == b.hands[h].deal == deal_for(a.metadata["deal_seed"], h)
        assert a.metadata["deal_seed"] == b.metadata["deal_seed"]
        assert {a.metadata["partnerships"], b.metadata["partnerships"]} == {"as entered", "swapped"}
    # the summary counts by entrant, not by seat: greedy (team0) wins whichever seats it holds
    assert all(r.winner_side == 0 for r in results)
    assert all(r.scores_by_side[0] >= 100 for r in results)


def test_a_match_is_reproducible_from_its_deal_seed() -> None:
    one = play_match(("greedy", "random", "greedy", "random"), deal_seed="s", bot_seeds=(1, 2, 3, 4))
    two = play_match(("greedy", "random", "greedy", "random"), deal_seed="s", bot_seeds=(1, 2, 3, 4))
    assert one.record.to_json() == two.record.to_json()


def test_results_do_not_depend_on_the_number_of_workers(tmp_path: Path) -> None:
    common = {"team0": "greedy", "team1": "random", "matches": 4, "seed": 3, "target": 80}
    one = summarize(TournamentConfig(**common), run_tournament(TournamentConfig(**common)))
    two = summarize(TournamentConfig(**common), run_tournament(TournamentConfig(**common, workers=2)))
    for key in TIMING_KEYS:
        one.pop(key, None)
        two.pop(key, None)
    assert one == two


def test_think_goes_to_bots_that_take_it(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[float | None] = []

    def thinker(seed: int | None, *, think: float | None = None) -> GreedyBot:
        seen.append(think)
        return GreedyBot(seed)

    monkeypatch.setitem(registry._FACTORIES, "test-thinker", thinker)  # registered for this test only
    config = TournamentConfig("test-thinker", "greedy", matches=2, target=40, think=0.05)
    run_tournament(config)
    assert seen == [0.05] * 4  # two seats of this kind in each of the two matches
    assert make_bot("greedy", seed=1, think=0.2).name == "greedy"  # ignored by bots that do not think


def test_a_failing_entrant_forfeits_and_the_tournament_goes_on(tmp_path: Path) -> None:
    crasher = tmp_path / "crash.py"
    crasher.write_text(CRASHER)
    config = TournamentConfig(
        "greedy", f"cmd:{sys.executable} {crasher}", matches=4, seed=2, records=tmp_path
    )
    summary = summarize(config, run_tournament(config))
    assert summary["matches"] == 4 and summary["forfeits"] == 4 and summary["team0_wins"] == 4
    assert summary["team1_forfeits"] == 4 and summary["team0_forfeits"] == 0
    detail = summary["forfeit_details"][0]
    assert (
        detail["side"] == "team1" and detail["kind"] == "crash" and "exited with code 1" in detail["reason"]
    )
    record = load_record(tmp_path / "match-00002.json")
    assert record.end is MatchEnd.FORFEIT and record.winner == 1  # team0 held seats 1 and 3 there


# ---------------------------------------------------------------------- statistics
@pytest.mark.parametrize(
    ("wins", "n", "low", "high"),
    [
        (5, 10, 0.2366, 0.7634),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (81, 263, 0.2553, 0.3662),
        (1, 1, 0.2065, 1.0),
    ],
)
def test_wilson_interval_values(wins: int, n: int, low: float, high: float) -> None:
    got = wilson_interval(wins, n)
    assert got == pytest.approx((low, high), abs=1e-4)


def test_wilson_interval_edges() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(5000, 10000)
    assert high - low == pytest.approx(2 * 1.96 * math.sqrt(0.25 / 10000), rel=1e-3)
    with pytest.raises(ValueError):
        wilson_interval(11, 10)


def test_percentile_matches_linear_interpolation() -> None:
    assert percentile([], 95) is None
    assert percentile([3.0, 1.0, 2.0], 50) == 2.0
    assert percentile([0.0, 10.0], 95) == pytest.approx(9.5)


# ---------------------------------------------------------------------- ladder fit
def test_ladder_fit_recovers_known_strengths() -> None:
    truth = {"weak": -1.0, "middle": 0.0, "strong": 1.5}
    results = []
    for a, b in (("weak", "middle"), ("weak", "strong"), ("middle", "strong")):
        p = 1 / (1 + math.exp(truth[b] - truth[a]))
        results.append((a, b, 4000 * p, 4000 * (1 - p)))  # expected counts of 4000 matches
    fit = fit_bradley_terry(list(truth), results)
    assert fit.ranking() == ["strong", "middle", "weak"]
    for a in truth:
        for b in truth:
            expected = (truth[a] - truth[b]) * ELO_SCALE
            assert fit.elo[a] - fit.elo[b] == pytest.approx(expected, abs=2.0)
    assert sum(fit.elo.values()) / 3 == pytest.approx(1500)
    assert all(0 < fit.se[b] < 15 for b in truth)
    smaller = fit_bradley_terry(list(truth), [(a, b, wa / 40, wb / 40) for a, b, wa, wb in results])
    assert all(smaller.se[b] > 5 * fit.se[b] for b in truth)  # 100 matches: much less certain
    assert all(fit.ci95[b][0] < fit.elo[b] < fit.ci95[b][1] for b in truth)


def test_ladder_fit_stays_finite_when_a_bot_wins_everything() -> None:
    fit = fit_bradley_terry(["a", "b"], [("a", "b", 20, 0)])
    assert fit.elo["a"] > fit.elo["b"] and math.isfinite(fit.elo["a"]) and math.isfinite(fit.se["a"])
    with pytest.raises(ValueError, match="not among the bots"):
        fit_bradley_terry(["a", "b"], [("a", "c", 1, 1)])


# ---------------------------------------------------------------------- command lines
def test_tournament_json_has_the_documented_keys_and_records(tmp_path: Path) -> None:
    records = tmp_path / "records"
    args = ["tournament", "--team0", "greedy", "--team1", "random", "--matches", "4", "--seed", "7"]
    result = invoke(*args, "--target", "50", "--records", str(records), "--json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    for key in ("matches", "team0_wins", "team1_wins", "forfeits", "team0_match_win_rate"):
        assert key in summary
    assert summary["matches"] == 4 and summary["team0_wins"] + summary["team1_wins"] + summary["draws"] == 4
    low, high = summary["team0_match_win_rate_ci95"]
    assert (low, high) == pytest.approx(
        wilson_interval(summary["team0_wins"] + summary["draws"] / 2, 4), abs=1e-4
    )
    for key in (
        "hands_per_match",
        "blocks",
        "team0_points_per_hand",
        "team0_think_ms_mean",
        "team1_think_ms_p95",
    ):
        assert summary[key] is not None
    files = sorted(records.glob("match-*.json"))
    assert len(files) == 4
    for path in files:
        assert load_record(path).is_finished
    assert json.loads((records / "tournament.json").read_text())["matches"] == 4
    again = invoke(*args, "--target", "50", "--records", str(records))
    assert again.exit_code == 2 and "already holds match records" in again.output


def test_tournament_table_is_printed(tmp_path: Path) -> None:
    args = ["--team0", "random", "--team1", "greedy", "--matches", "2", "--target", "40"]
    result = invoke("tournament", *args, "--no-records")
    assert result.exit_code == 0, result.output
    assert "matches won" in result.stdout and "95% Wilson interval" in result.stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--team0", "nobot", "--team1", "greedy"], "--team0: unknown bot 'nobot'"),
        (
            ["--team0", "greedy", "--team1", "cmd:no-such-bot-program"],
            "program 'no-such-bot-program' not found",
        ),
        (["--team0", "greedy", "--team1", "random", "--matches", "3"], "give an even number"),
        (["--team0", "greedy", "--team1", "random", "--think", "soon"], "not a time per move"),
        (["--team0", "greedy", "--team1", "random", "--bot-timeout", "0"], "more than zero"),
    ],
)
def test_tournament_bad_input_is_a_clear_message(args: list[str], words: str) -> None:
    result = invoke("tournament", *args, "--no-records")
    assert result.exit_code == 2, result.output
    assert words in result.output and "Traceback" not in result.output


def test_ladder_prints_ratings_and_draws_a_png(tmp_path: Path) -> None:
    chart = tmp_path / "ladder.png"
    result = invoke("ladder", "random", "greedy", "--matches-per-pair", "4", "--target", "50",
                    "--chart", str(chart), "--records", str(tmp_path / "rec"), "--json")  # fmt: skip
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert [r["bot"] for r in report["ratings"]] == ["greedy", "random"]
    assert report["pairs"][0]["matches"] == 4
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(list((tmp_path / "rec").glob("*/match-*.json"))) == 4
    table = invoke("ladder", "random", "greedy", "--matches-per-pair", "2", "--target", "30",
                   "--chart", str(tmp_path / "b.png"), "--no-records")  # fmt: skip
    assert table.exit_code == 0 and "Elo" in table.stdout and "95% interval" in table.stdout


def test_ladder_bad_input() -> None:
    assert "at least two bots" in invoke("ladder", "greedy").output
    assert "once" in invoke("ladder", "greedy", "greedy").output
    result = invoke("ladder", "greedy", "random", "--chart", "ladder.svg")
    assert result.exit_code == 2 and "PNG" in result.output


def test_an_entrant_that_never_works_stops_the_tournament_with_a_message(tmp_path: Path) -> None:
    crasher = tmp_path / "crash.py"
    crasher.write_text(CRASHER)
    team1 = f"cmd:{sys.executable} {crasher}"
    result = invoke("tournament", "--team0", "random", "--team1", team1, "--matches", "40", "--no-records")
    assert result.exit_code == 2, result.output
    assert f"error: {team1} forfeited each of its first 10 matches" in result.output
    assert "exited with code 1" in result.output and "Traceback" not in result.output


def _processes_running(marker: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                cmdline = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if marker.encode() in cmdline:
                found.append(int(entry.name))
    return found


def test_workers_stop_every_program_when_the_tournament_stops(tmp_path: Path) -> None:
    marker = f"hung-bot-{uuid.uuid4().hex}"  # unique: no other run's processes can match
    hung = tmp_path / f"{marker}.py"
    hung.write_text("import time\ntime.sleep(60)\n")
    config = TournamentConfig(
        "greedy", f"cmd:{sys.executable} {hung}", matches=40, workers=2, bot_timeout=0.3
    )
    with pytest.raises(EntrantFailing, match=r"each of its first 4 matches.*no answer within 0\.3 s"):
        run_tournament(config, give_up_after=4)
    assert _processes_running(marker) == []
