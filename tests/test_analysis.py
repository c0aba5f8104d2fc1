"""``sevenrocks analyse`` and :mod:`sevenrocks.analysis`: placements weighed by search from each
seat's view. Lean: a short Seven Rocks match (target 40), a few sampled deals per placement."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from sevenrocks.analysis import kernel as paired
from sevenrocks.analysis.review import (
    CLASSES,
    AnalysisError,
    Thresholds,
    analyse_record,
    analyse_view,
    annotate,
    classify,
    placement_seed,
    positions,
)
from sevenrocks.bots import kernel as bot_kernel
from sevenrocks.bots.registry import UnsupportedGameError, make_bot
from sevenrocks.bots.search import SearchBot
from sevenrocks.cli.app import app
from sevenrocks.core.errors import RecordError
from sevenrocks.core.games import find_game
from sevenrocks.core.match import Match
from sevenrocks.core.record import MatchRecord, load_record
from sevenrocks.core.sausage import SausageMatch, SausageRecord

runner = CliRunner()
RECORDS = Path(__file__).parent / "records"
DEALS = 12


def bot_match(game: str = "seven-rocks", seats: int | None = None, target: int = 40, seed: int = 5) -> Match:
    """A whole match of greedy (seats 0, 2) against random (1, 3), to a low target."""
    rules = find_game(game).rules({"target": target}, seats)
    match = Match(rules, seed=seed)
    bots = [make_bot("greedy" if s % 2 == 0 else "random", seed=seed + s) for s in range(rules.seats)]
    while not match.is_over and match.hand_number < 6:
        match.start_hand()
        while match.turn is not None:
            match.push(bots[match.turn].choose(match.view(match.turn)))
    return match


@pytest.fixture(scope="module")
def record() -> MatchRecord:
    return MatchRecord.from_match(bot_match(), players=("greedy", "random", "greedy", "random"))


@pytest.fixture(scope="module")
def record_file(record: MatchRecord, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return record.save(tmp_path_factory.mktemp("analysis") / "match.json")


@pytest.fixture(scope="module")
def analysis_json(record_file: Path) -> dict[str, object]:
    result = runner.invoke(app, ["analyse", str(record_file), "--deals", str(DEALS), "--seed", "3", "--json"])
    assert result.exit_code == 0, result.output
    data: dict[str, object] = json.loads(result.stdout)
    return data


def test_json_output_shape(analysis_json: dict[str, object], record: MatchRecord) -> None:
    data = analysis_json
    assert data["format"] == "sevenrocks-analysis" and data["game"] == "seven-rocks"
    placements = data["placements"]
    assert isinstance(placements, list)
    assert len(placements) == sum(len(log.placements) for log in record.hands)
    first = placements[0]
    assert set(first) >= {
        "hand",
        "play",
        "seat",
        "verdict",
        "lost",
        "lost_se",
        "made",
        "best",
        "deals",
        "margin",
    }
    assert set(first["made"]) == {"move", "value", "value_se", "net", "net_se", "win", "lose"}
    for p in placements:
        assert p["verdict"] in CLASSES
        assert p["deals"] == DEALS
        assert p["lost"] >= 0 and (p["lost"] == 0) == (p["verdict"] == "best")
        hand, play = p["hand"], p["play"]
        assert p["made"]["move"] == str(record.hands[hand].placements[play].play)
    summary = data["summary"]
    assert isinstance(summary, list) and [s["seat"] for s in summary] == [0, 1, 2, 3]
    for s in summary:
        mine = [p for p in placements if p["seat"] == s["seat"]]
        assert s["placements"] == len(mine) == sum(s["classes"].values())
        assert s["mean_lost"] == pytest.approx(sum(p["lost"] for p in mine) / len(mine))


def test_table_and_summary(record_file: Path) -> None:
    result = runner.invoke(
        app,
        ["analyse", str(record_file), "--deals", "4", "--seat", "1", "--seat", "3"],
        env={"COLUMNS": "140"},
    )
    assert result.exit_code == 0, result.output
    assert "placements analysed" in result.stdout and "per player" in result.stdout
    assert "mean lost" in result.stdout and "4 deals per placement" in result.stdout
    summary = result.stdout.split("per player")[1]
    assert "random" in summary and "greedy" not in summary  # only seats 1 and 3


def test_a_think_budget(record_file: Path) -> None:
    result = runner.invoke(app, ["analyse", str(record_file), "--think", "0.01", "--seat", "0", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["think"] == 0.01 and data["deals"] is None
    assert data["placements"] and all(p["deals"] >= 1 and p["seat"] == 0 for p in data["placements"])


def test_same_seed_same_analysis_with_any_number_of_workers(record: MatchRecord) -> None:
    one = analyse_record(record, seats=[0], deals=6, seed=9)
    again = analyse_record(record, seats=[0], deals=6, seed=9)
    two = analyse_record(record, seats=[0], deals=6, seed=9, workers=2)
    assert one.placements == again.placements == two.placements
    other = analyse_record(record, seats=[0], deals=6, seed=10)
    assert other.placements != one.placements


def test_the_paired_loop_is_the_search_bots_evaluation(record: MatchRecord) -> None:
    """Same seed, same deals: the analysis's values are the search bot's means, so its best move is
    the one the bot plays."""
    for _, _, view, _ in list(positions(record, [1]))[:4]:
        if len(view.moves) < 2:
            continue
        report = SearchBot(iterations=20, seed=0).analyse(view, seed=77)
        problem = bot_kernel.PlayEvaluator(view, view.moves).arrays()
        acc = paired.new_sums(len(view.moves))
        paired.evaluate_paired(problem, 20, bot_kernel.GREEDY, 100.0, np.array([77], dtype=np.uint64), acc)
        means = {str(m): float(s) / 20 for m, s in zip(view.moves, acc[0], strict=True)}
        for estimate in report.estimates:
            assert means[str(estimate.play)] == pytest.approx(estimate.mean)


def test_the_verdict_sees_only_the_view(record: MatchRecord) -> None:
    """Shuffle the hidden hands consistently with the seat's view (its tiles, the placements, the
    knocks): the verdict on its placement does not change."""
    log = record.hands[0]
    checked = 0
    for p in (5, 9, 12):
        seat = log.placements[p].seat
        match = Match(record.rules, seed=record.seed)
        match.start_hand(log.deal, log.leader)
        for placement in log.placements[:p]:
            match.push(placement.play)
        view = match.view(seat)
        hidden, _ = bot_kernel.sample_deal(view, seed=p)
        played = {s: [q.play.tile for q in log.placements[:p] if q.seat == s] for s in range(4)}
        deal = [list(log.deal[s]) if s == seat else played[s] + list(hidden[s]) for s in range(4)]
        assert deal != [list(t) for t in log.deal]  # the hidden hands really changed
        other = Match(record.rules, seed=record.seed)
        other.start_hand([tuple(t) for t in deal], log.leader)
        for placement in log.placements[: p + 1]:
            other.push(placement.play)
        assert other.history[-1].placements[p].seat == seat
        shuffled = MatchRecord.from_match(other)
        truth = analyse_record(record, seats=[seat], deals=DEALS, seed=4)
        guess = analyse_record(shuffled, seats=[seat], deals=DEALS, seed=4)
        verdict = next(v for v in truth.placements if (v.hand, v.play) == (0, p))
        assert guess.placements[-1] == verdict
        checked += 1
    assert checked == 3


def test_annotated_record_round_trips(record_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "annotated.json"
    result = runner.invoke(
        app, ["analyse", str(record_file), "--deals", "4", "--seat", "2", "--annotate", str(out), "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    annotated = load_record(out)
    assert len(annotated.comments) == len(data["placements"]) > 0
    for p in data["placements"]:
        assert annotated.comments[(p["hand"], p["play"])].startswith(p["verdict"])
    assert annotated.hands == load_record(record_file).hands
    assert MatchRecord.from_json(json.loads(out.read_text())) == annotated
    assert load_record(record_file).comments == {}
    events = json.loads(out.read_text())["hands"][0]["events"]
    assert all(("comment" in e) == (e.get("seat") == 2 and "play" in e) for e in events)


def test_annotate_keeps_other_comments(record: MatchRecord) -> None:
    noted = record.with_comments({(0, 0): "the lead"})
    analysis = analyse_record(noted, seats=[3], deals=4, seed=1)
    both = annotate(noted, analysis)
    assert both.comments[(0, 0)] == "the lead" and len(both.comments) == 1 + len(analysis.placements)


def test_chart_png(record_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "chart.png"
    result = runner.invoke(app, ["analyse", str(record_file), "--deals", "4", "--chart", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and out.stat().st_size > 5000


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("[1, 2]", "not a match record"),
        ("{nope", "not valid JSON"),
        ('{"format": "sevenrocks-match", "version": 2}', "field"),
    ],
)
def test_bad_files(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    result = runner.invoke(app, ["analyse", str(path)])
    assert result.exit_code == 2 and message in result.output and "Traceback" not in result.output


def test_a_record_that_fails_replay(record: MatchRecord, tmp_path: Path) -> None:
    data = record.to_json()
    data["hands"][0]["events"][2]["play"] = "6-6@0-0:B"
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data))
    result = runner.invoke(app, ["analyse", str(path)])
    assert result.exit_code == 2 and "hand 0, play 2" in result.output and "Traceback" not in result.output


def test_bad_options(record_file: Path) -> None:
    for args, message in (
        (["--seat", "4"], "--seat 4: this record has seats 0 to 3"),
        (["--think", "0"], "--think"),
        (["--deals", "1"], "--deals"),
        (["--workers", "0"], "--workers"),
        (["--chart", "x.svg"], "PNG"),
    ):
        result = runner.invoke(app, ["analyse", str(record_file), *args])
        assert result.exit_code == 2 and message in result.output, (args, result.output)
    result = runner.invoke(app, ["analyse", "no/such/file.json"])
    assert result.exit_code == 2 and "no such file" in result.output


def test_sausage_is_refused(tmp_path: Path) -> None:
    match = SausageMatch(seed=2)
    match.start_deal()
    match.push(match.legal_moves()[0])
    path = SausageRecord.from_match(match).save(tmp_path / "sausage.json")
    result = runner.invoke(app, ["analyse", str(path)])
    assert result.exit_code == 2 and "Sausage" in result.output and "Traceback" not in result.output


def test_a_game_the_search_does_not_play(record_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every layout game is played by the search today; were one not, the command says so."""
    import sevenrocks.analysis.review as review

    def refuse(rules: object) -> None:
        raise UnsupportedGameError("bot 'search' does not play seven-rocks yet")

    monkeypatch.setattr(review, "check_game", refuse)
    result = runner.invoke(app, ["analyse", str(record_file), "--deals", "4"])
    assert result.exit_code == 2 and "cannot analyse a match of seven-rocks" in result.output
    assert "Traceback" not in result.output


def test_unknown_seat_in_the_library(record: MatchRecord) -> None:
    with pytest.raises(AnalysisError, match="seat 5"):
        analyse_record(record, seats=[5], deals=4)


def test_a_family_game() -> None:
    """A layout game of the family with three seats (Kozel, points are bad): analysed the same way."""
    match = bot_match("kozel", seats=3, target=101, seed=2)
    record = MatchRecord.from_match(match)
    analysis = analyse_record(record, seats=[0], deals=4, seed=0)
    assert analysis.sides == 3 and analysis.placements
    assert all(p.seat == 0 and p.side == 0 for p in analysis.placements)
    assert analysis.thresholds.scale == pytest.approx(101 / 250)


def test_analyse_view_and_seed_helpers(record: MatchRecord) -> None:
    hand, play, view, move = next(iter(positions(record, [0])))
    verdict = analyse_view(view, move, seed=placement_seed(2, hand, play), deals=8, hand=hand, play=play)
    assert verdict == analyse_record(record, seats=[0], deals=8, seed=2).placements[0]
    assert placement_seed(2, 0, 1) != placement_seed(2, 1, 0)


def test_noise_is_never_a_mistake() -> None:
    """The class takes the loss less two standard errors: any loss within the noise is "good"."""
    t = Thresholds()
    rng = random.Random(1)
    for _ in range(200):
        se = rng.uniform(0.5, 30)
        lost = rng.uniform(0, 2 * se)
        assert classify(lost, se, is_best=False, thresholds=t) == "good"
    assert classify(100, float("inf"), is_best=False, thresholds=t) == "good"
    assert classify(30, 1, is_best=False, thresholds=Thresholds(scale=2)) == "mistake"
    assert classify(40, 0.5, is_best=False, thresholds=t, deals=29) == "good"  # too few deals to judge
    assert classify(40, 0.5, is_best=False, thresholds=t, deals=30) == "blunder"


def test_record_comments_are_checked() -> None:
    data = MatchRecord.from_match(bot_match(target=20)).to_json()
    data["hands"][0]["events"][0]["comment"] = 3
    with pytest.raises(RecordError, match="'comment' is text"):
        MatchRecord.from_json(data)
    data["hands"][0]["events"][0]["comment"] = "fine"
    assert MatchRecord.from_json(data).comments == {(0, 0): "fine"}
    with pytest.raises(RecordError, match="no such play"):
        MatchRecord.from_json(data).with_comments({(0, 999): "x"})
    for old in sorted(RECORDS.glob("*.json")):
        assert load_record(old).comments == {}
