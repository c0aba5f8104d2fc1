"""Sausage match records: written from a match, read back by replaying every deal, checked turn by turn,
reported as the conformance script they stand for, and read by ``sevenrocks replay``."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from sevenrocks.cli.app import app
from sevenrocks.core.errors import (
    DealError,
    LineEndError,
    NotTurnedError,
    RecordError,
    SevenRocksError,
    StarterError,
)
from sevenrocks.core.record import MatchEnd, MatchRecord
from sevenrocks.core.sausage import SausageMatch, SausageRecord, load_sausage_record, parse_sausage_record
from sevenrocks.core.sausage.record import is_sausage_record
from sevenrocks.core.sausage.script import replay_sausage
from sevenrocks.core.script import replay_document
from tests.sausage.common import QUEUES_12_1, deal

runner = CliRunner()


def played(
    seed: int, *, target: int = 101, deals: int | None = None, moves: int | None = None
) -> SausageMatch:
    """A match of random moves from ``seed``: to its end, or ``deals`` finished deals and then ``moves``
    moves (or all) of the next one."""
    rng = random.Random(seed)
    match = SausageMatch(target=target, seed=seed)
    while not match.is_over and (deals is None or match.deal_number + 1 < deals):
        match.start_deal()
        while match.in_deal:
            legal = match.legal_moves()
            match.push(legal[rng.randrange(len(legal))])
    if deals is not None and not match.is_over:
        match.start_deal()
        made = 0
        while match.in_deal and (moves is None or made < moves):
            legal = match.legal_moves()
            match.push(legal[rng.randrange(len(legal))])
            made += 1
    return match


def whole(seed: int = 1) -> dict[str, Any]:
    record = SausageRecord.from_match(played(seed), players=("ann", "bob"), metadata={"created": "now"})
    return record.to_json()


def test_a_whole_match_round_trips() -> None:
    match = played(11)
    record = SausageRecord.from_match(match, players=("ann", "bob"), metadata={"created": "now"})
    data = record.to_json()
    assert (data["format"], data["version"], data["game"], data["seats"]) == (
        "sevenrocks-match",
        2,
        "sausage",
        2,
    )
    assert data["options"] == {"target": 101} and data["target"] == 101 and data["seed"] == 11
    assert data["result"] == {"end": "target", "winner": match.winner, "reason": None}
    assert data["scores"] == list(match.scores) and record.scores == match.scores
    assert len(data["hands"]) == match.deal_number + 1 == len(record)
    first = data["hands"][0]
    assert first["lead"] == "lot" and first["turns"][0]["went"] == "start"
    assert all(len(queue) == 14 for queue in first["queues"])
    assert all(("gave" in turn) == (turn["went"] == "cut") for h in data["hands"] for turn in h["turns"])
    again = SausageRecord.from_json(json.loads(json.dumps(data)))
    assert again == record and hash(again) == hash(record)
    assert again.outcome == match.outcome and again.winner == match.winner and again.end is MatchEnd.TARGET
    assert parse_sausage_record(record.dumps()) == record
    for h in range(1, len(record)):
        previous = record.hands[h - 1].result
        assert previous is not None
        expected = "winner" if previous.winner is not None else "rotation"
        assert record.lead_by(h) == expected == data["hands"][h]["lead"]


def test_reports_agree_with_the_script_and_replay_document() -> None:
    for seed in range(6):
        record = SausageRecord.from_match(played(seed, deals=2, moves=3 + seed))
        report = record.to_report()
        assert report == replay_sausage(record.to_script())
        assert report == replay_document(record.to_json())


def test_save_and_load(tmp_path: Path) -> None:
    record = SausageRecord.from_match(played(3), players=("human", "greedy"))
    path = record.save(tmp_path / "deep" / "match.json")
    assert load_sausage_record(path) == record
    assert path.read_text().endswith("\n") and is_sausage_record(json.loads(path.read_text()))
    with pytest.raises(RecordError, match="no such file"):
        load_sausage_record(tmp_path / "none.json")
    with pytest.raises(RecordError, match="is a folder"):
        load_sausage_record(tmp_path)


def test_unfinished_and_abandoned_matches() -> None:
    match = played(5, deals=2, moves=4)
    record = SausageRecord.from_match(match)
    data = record.to_json()
    assert data["result"] == {"end": None, "winner": None, "reason": None}
    assert data["hands"][-1]["result"] is None and data["players"] == ["unknown", "unknown"]
    assert SausageRecord.from_json(data) == record
    quit = record.with_end(MatchEnd.ABANDONED, reason="the player quit")
    assert SausageRecord.from_json(quit.to_json()) == quit
    forfeit = record.with_end(MatchEnd.FORFEIT, winner=1, reason="seat 0 failed")
    assert SausageRecord.from_json(forfeit.to_json()).winner == 1
    assert record.with_metadata(event="x").metadata == {"event": "x"}
    with pytest.raises(RecordError, match="forfeited match needs its winner"):
        record.with_end(MatchEnd.FORFEIT, reason="x")
    with pytest.raises(RecordError, match="cannot have ended at the target"):
        record.with_end(MatchEnd.TARGET)


def test_replay_follows_the_seed_and_continues() -> None:
    match = played(9, deals=2)
    match.start_deal()
    twin = played(9, deals=2)
    again = SausageRecord.from_match(twin).replay()
    assert again.history == twin.history
    again.start_deal()
    assert again.history[-1].queues == match.history[-1].queues and again.starter == match.starter
    # deals that are not the seed's: the next deal is dealt afresh, the recorded ones replay
    record = SausageRecord.from_match(deal(moves="5-6:bottom 2-4:top"))
    assert record.replay().history == record.hands


def test_a_view_match_cannot_be_recorded() -> None:
    match = played(2, target=1000, deals=3, moves=2)
    assert match.in_deal and match.deal_number == 2 + 1
    guess = SausageMatch.from_view(match.view(0), [match.queue(0), match.queue(1)])
    with pytest.raises(RecordError, match="history of all its deals"):
        SausageRecord.from_match(guess)


def _broken(change: Any, data: dict[str, Any] | None = None) -> dict[str, Any]:
    data = copy.deepcopy(data if data is not None else whole())
    change(data)
    return data


def _first_index(data: dict[str, Any], went: str) -> tuple[int, int]:
    for h, hand in enumerate(data["hands"]):
        for t, turn in enumerate(hand["turns"]):
            if turn["went"] == went:
                return h, t
    raise AssertionError(f"no {went} turn")


def test_forced_turns_are_checked_exactly() -> None:
    data = whole(4)
    h, t = _first_index(data, "back")
    left_out = _broken(lambda d: d["hands"][h]["turns"].pop(t), data)
    with pytest.raises(RecordError, match=rf"hand {h}.*turn {t}: the record says") as err:
        SausageRecord.from_json(left_out)
    assert err.value.hand == h
    added = _broken(lambda d: d["hands"][h]["turns"].insert(t, d["hands"][h]["turns"][t]), data)
    with pytest.raises(RecordError, match="but"):
        SausageRecord.from_json(added)
    aside = _broken(lambda d: d["hands"][h]["turns"][t].update(went="aside"), data)
    with pytest.raises(RecordError, match="sets it aside, but seat"):
        SausageRecord.from_json(aside)
    cut_h, cut_t = _first_index(data, "cut")
    gave = _broken(lambda d: d["hands"][cut_h]["turns"][cut_t].update(gave=99), data)
    with pytest.raises(RecordError, match="gave 99 tiles, but it gave"):
        SausageRecord.from_json(gave)
    no_gave = _broken(lambda d: d["hands"][cut_h]["turns"][cut_t].pop("gave"), data)
    assert SausageRecord.from_json(no_gave) == SausageRecord.from_json(data)
    truncated = _broken(lambda d: d["hands"][-1]["turns"].pop(), data)
    with pytest.raises(RecordError, match="gives the deal a result, but it has not ended"):
        SausageRecord.from_json(truncated)
    running = SausageRecord.from_match(deal(moves="5-6:bottom 2-4:top 4-6:cut")).to_json()
    assert running["hands"][0]["turns"][-1]["went"] == "aside"  # forced, after the cut
    with pytest.raises(RecordError, match="turn 5: the record leaves out that seat 1 turns 3-3 and sets"):
        SausageRecord.from_json(_broken(lambda d: d["hands"][0]["turns"].pop(), running))


def test_moves_are_checked_by_the_engine() -> None:
    data = SausageRecord.from_match(deal(moves="5-6:bottom 2-4:top 4-6:cut")).to_json()
    wrong_way = _broken(lambda d: d["hands"][0]["turns"][3].update(went="bottom"), data)  # bottom end 6
    with pytest.raises(LineEndError) as err:
        SausageRecord.from_json(wrong_way)
    assert (err.value.hand, err.value.play) == (0, 1)
    other_tile = _broken(lambda d: d["hands"][0]["turns"][1].update(tile="2-4"), data)
    with pytest.raises(NotTurnedError):
        SausageRecord.from_json(other_tile)
    other_seat = _broken(lambda d: d["hands"][0]["turns"][1].update(seat=0), data)
    with pytest.raises(RecordError, match="it is seat 1's turn"):
        SausageRecord.from_json(other_seat)
    bad_queue = _broken(lambda d: d["hands"][0]["queues"][0].__setitem__(0, "5-6"), data)
    with pytest.raises(DealError, match="dealt twice"):
        SausageRecord.from_json(bad_queue)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(version=3), "'version': 2"),
        (lambda d: d.update(seats=3), "2 seats, not 3"),
        (lambda d: d.update(target=50), "plays to 101"),
        (lambda d: d.update(options={"target": 0}), "target"),
        (lambda d: d.update(plya=1), "unknown field 'plya'"),
        (lambda d: d.update(players=["a"]), "players"),
        (lambda d: d.update(scores=[1, 2]), "final scores"),
        (lambda d: d["result"].update(end=None), "reached the target"),
        (lambda d: d["result"].update(winner=1 - d["result"]["winner"]), "names winner"),
        (lambda d: d["hands"][0].update(lead="winner"), "first deal: a lot"),
        (lambda d: d["hands"][0].update(lead="dice"), "'lead' must be one of"),
        (lambda d: d["hands"][0].pop("turns"), "no 'turns' field"),
        (lambda d: d["hands"][0]["result"].update(pips=[0, 0]), "the result says pips"),
        (lambda d: d["hands"][0]["result"].update(award=[True, 0]), "the result says award"),
        (lambda d: d["hands"][0]["result"].update(extra=1), "unknown field 'extra'"),
        (lambda d: d["hands"][0].update(result=None), "without a result"),
        (lambda d: d["hands"][0]["turns"][0].update(went="sideways"), "'went' is one of"),
        (lambda d: d["hands"][0]["turns"][0].update(tile="7-7"), "'tile'"),
        (lambda d: d["hands"][0]["turns"][0].update(gave=1), "only a cut gives tiles"),
        (lambda d: d["hands"].append(d["hands"][-1]), "no deal may follow"),
    ],
)
def test_bad_records_name_the_fault(change: Any, message: str) -> None:
    with pytest.raises(SevenRocksError, match=message):
        SausageRecord.from_json(_broken(change))


def test_a_starter_the_rules_do_not_name_is_refused() -> None:
    data = whole(6)
    if len(data["hands"]) < 2:
        pytest.skip("a one-deal match")
    data["hands"][1]["starter"] = 1 - data["hands"][1]["starter"]
    with pytest.raises(StarterError):
        SausageRecord.from_json(data)


def test_the_layout_records_point_to_the_sausage_reader() -> None:
    with pytest.raises(RecordError, match="SausageRecord"):
        MatchRecord.from_json(whole(2))


def test_replay_command_reads_a_record(tmp_path: Path) -> None:
    record = SausageRecord.from_match(played(8), players=("a", "b"))
    path = record.save(tmp_path / "m.json")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == record.to_report()
    bad = record.to_json()
    bad["hands"][0]["turns"][1]["went"] = "aside"
    path.write_text(json.dumps(bad))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2 and json.loads(result.stdout)["error"]["hand"] == 0


def test_the_first_turns_of_the_rules_as_a_record() -> None:
    record = SausageRecord.from_match(deal(moves="5-6:bottom 2-4:top 4-6:cut"))
    turns = record.to_json()["hands"][0]["turns"]
    assert turns[:6] == [
        {"seat": 0, "tile": "2-5", "went": "start"},
        {"seat": 1, "tile": "5-6", "went": "bottom"},
        {"seat": 0, "tile": "1-3", "went": "back"},
        {"seat": 1, "tile": "2-4", "went": "top"},
        {"seat": 0, "tile": "4-6", "went": "cut", "gave": 3},
        {"seat": 1, "tile": "3-3", "went": "aside"},
    ]
    assert record.to_json()["hands"][0]["queues"] == [list(q) for q in QUEUES_12_1]


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 4), st.integers(0, 30), st.sampled_from([30, 101]))
def test_random_matches_round_trip(seed: int, deals: int, moves: int, target: int) -> None:
    match = played(seed, target=target, deals=deals, moves=moves)
    record = SausageRecord.from_match(match, players=("x", "y"))
    assert SausageRecord.from_json(json.loads(record.dumps())) == record
    assert record.to_report() == replay_sausage(record.to_script())
