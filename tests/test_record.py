"""Match records: round trips, replay checks, and every kind of bad record."""

from __future__ import annotations

import copy
import functools
import json
import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from sevenrocks.cli.app import app
from sevenrocks.core import (
    BranchNotOpenError,
    DealError,
    HandEnd,
    HandOverError,
    Knock,
    LeaderError,
    Match,
    MatchEnd,
    MatchOverError,
    MatchRecord,
    NotInHandError,
    OutOfTurnError,
    Placement,
    Play,
    RecordError,
    SevenRocksError,
    SideNotOpenError,
    load_record,
)
from sevenrocks.core.record import FORMAT, VERSION, parse_record
from sevenrocks.core.script import replay

PLAYERS = ("human", "greedy", "random", "cmd:python3 bot.py")


def play_random(seed: int, *, target: int = 250, stop: int | None = None) -> Match:
    """A match of uniformly random legal placements; with ``stop``, only that many placements."""
    match = Match(seed=seed, target=target)
    rng = random.Random(seed)
    placed = 0
    while not match.is_over:
        match.start_hand()
        while match.turn is not None:
            if stop is not None and placed >= stop:
                return match
            plays = match.legal_plays()
            match.push(plays[rng.randrange(len(plays))])
            placed += 1
    return match


def record_of(match: Match, **kw: Any) -> MatchRecord:
    return MatchRecord.from_match(match, players=PLAYERS, metadata={"created": "2026-11-30T10:00:00Z"}, **kw)


def raises(data: dict[str, Any], error: type[SevenRocksError], *words: str) -> SevenRocksError:
    with pytest.raises(error) as info:
        MatchRecord.from_json(data)
    err = info.value
    for word in words:
        assert word in str(err), (word, str(err))
    return err


@pytest.fixture(scope="module")
def finished() -> MatchRecord:
    """A whole match to 250 with random play (it has knocks, dominoes and blocks)."""
    for seed in range(50):
        record = record_of(play_random(seed))
        events = [e for log in record.hands for e in log.events]
        ends = {log.result.end for log in record.hands if log.result}
        if any(isinstance(e, Knock) for e in events) and {HandEnd.DOMINO, HandEnd.BLOCKED} <= ends:
            return record
    raise AssertionError("no seed gave a match with knocks, a domino and a block")


# ------------------------------------------------------------------ round trips
def test_round_trip_finished(finished: MatchRecord, tmp_path: Path) -> None:
    data = finished.to_json()
    assert data["format"] == FORMAT and data["version"] == VERSION
    assert data["result"] == {"end": "target", "winner": finished.winner, "reason": None}
    assert MatchRecord.from_json(data) == finished
    assert MatchRecord.from_json(json.loads(json.dumps(data))) == finished
    assert hash(MatchRecord.from_json(data)) == hash(finished)
    assert parse_record(finished.dumps()) == finished
    path = finished.save(tmp_path / "sub" / "m.json")
    assert load_record(path) == finished
    assert json.loads(path.read_text(encoding="utf-8")) == data
    assert [p.name for p in path.parent.iterdir()] == ["m.json"]  # no temporary file left


def test_record_fields(finished: MatchRecord) -> None:
    data = finished.to_json()
    assert data["players"] == list(PLAYERS)
    assert data["metadata"] == {"created": "2026-11-30T10:00:00Z"}
    assert data["seed"] == finished.seed
    assert data["hands"][0]["lead"] == "lot"
    for h, hand in enumerate(data["hands"][1:], start=1):
        previous = data["hands"][h - 1]["result"]
        assert hand["lead"] == ("domino" if previous["end"] == "domino" else "lot")
        if previous["end"] == "domino":
            assert hand["leader"] == previous["finisher"]
    knocks = [e for hand in data["hands"] for e in hand["events"] if "knock" in e]
    assert knocks and all(set(k) == {"seat", "knock"} for k in knocks)
    assert data["scores"] == list(finished.scores) == data["hands"][-1]["result"]["scores"]
    assert finished.scores[finished.winner or 0] >= 250


def test_replay_gives_the_match(finished: MatchRecord) -> None:
    match = finished.replay()
    assert match.is_over and match.winner == finished.winner
    assert match.scores == finished.scores
    assert match.history == finished.hands


def test_unfinished_record_can_go_on() -> None:
    match = play_random(3, stop=40)
    record = record_of(match)
    assert record.end is None and record.hands[-1].result is None
    again = MatchRecord.from_json(record.to_json()).replay()
    assert again.turn == match.turn and again.scores == match.scores
    assert again.hand(again.turn or 0) == match.hand(match.turn or 0)
    again.push(again.legal_plays()[0])  # the position can be played on


@pytest.mark.parametrize("stop", [0, 30, 95])
def test_replay_continues_with_the_same_deals(stop: int) -> None:
    original = play_random(31, stop=stop)
    again = record_of(original).replay()
    for match in (original, again):
        while match.turn is not None:
            match.push(match.legal_plays()[0])
        match.start_hand()
    assert again.history[-1] == original.history[-1]
    assert again.history == original.history


def test_replay_of_deals_made_elsewhere() -> None:
    source = play_random(2, stop=10)
    match = Match(seed=99)
    log = source.history[0]
    match.start_hand(log.deal, log.leader)
    for placement in log.placements:
        match.push(placement.play)
    again = record_of(match).replay()
    assert again.history == match.history and again.turn == match.turn


def test_ended_early() -> None:
    match = play_random(5, stop=12)
    abandoned = record_of(match, end=MatchEnd.ABANDONED, reason="the player quit")
    assert MatchRecord.from_json(abandoned.to_json()) == abandoned
    forfeit = record_of(match).with_end(MatchEnd.FORFEIT, winner=1, reason="seat 0's program crashed")
    data = forfeit.to_json()
    assert data["result"] == {"end": "forfeit", "winner": 1, "reason": "seat 0's program crashed"}
    assert MatchRecord.from_json(data) == forfeit
    with pytest.raises(RecordError, match="needs a reason"):
        record_of(match, end=MatchEnd.ABANDONED)
    with pytest.raises(RecordError, match="needs its winner"):
        record_of(match, end=MatchEnd.FORFEIT, reason="left")
    with pytest.raises(RecordError, match="no partnership reached it"):
        record_of(match, end=MatchEnd.TARGET, winner=0)
    assert record_of(match).with_metadata(tournament="t1").metadata["tournament"] == "t1"


def test_record_of_a_match_with_no_hand() -> None:
    record = record_of(Match(seed=1))
    assert record.hands == () and record.scores == (0, 0)
    assert MatchRecord.from_json(record.to_json()) == record


def test_hand_ended_at_target_keeps_no_settlement() -> None:
    match = play_random(8, target=30)
    record = record_of(match)
    last = record.to_json()["hands"][-1]["result"]
    assert last["end"] == "target" and last["pips"] is None and last["finisher"] is None
    assert MatchRecord.from_json(record.to_json()) == record


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    target=st.sampled_from([25, 60, 150, 250]),
    stop=st.one_of(st.none(), st.integers(0, 120)),
)
def test_property_saved_record_loads_back_and_replays(seed: int, target: int, stop: int | None) -> None:
    match = play_random(seed, target=target, stop=stop)
    record = record_of(match)
    loaded = parse_record(record.dumps())
    assert loaded == record
    assert loaded.to_json() == record.to_json()
    report = replay(record.to_script())
    assert report == record.to_report()
    assert [h["scores"] for h in report["hands"]] == [
        list(log.result.scores) if log.result else list(record.scores) for log in record.hands
    ]
    assert report["scores"] == list(match.scores) and report["winner"] == match.winner


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), stop=st.one_of(st.none(), st.integers(0, 60)))
def test_property_sevenrocks_replay_of_the_script(seed: int, stop: int | None) -> None:
    record = record_of(play_random(seed, target=120, stop=stop))
    run = CliRunner().invoke(app, ["replay", "-"], input=json.dumps(record.to_script()))
    assert run.exit_code == 0, run.output
    report = json.loads(run.stdout)
    assert [h["scores"] for h in report["hands"]] == [h["scores"] for h in record.to_report()["hands"]]
    assert report == record.to_report()


# ------------------------------------------------------------------ saving and loading files
def test_save_is_atomic(finished: MatchRecord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "m.json"
    path.write_text("precious", encoding="utf-8")

    def broken(*_: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(RecordError, match=r"cannot save the match record .*No space left"):
        finished.save(path)
    assert path.read_text(encoding="utf-8") == "precious"
    assert [p.name for p in tmp_path.iterdir()] == ["m.json"]


def test_save_into_a_file_as_folder(finished: MatchRecord, tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x", encoding="utf-8")
    with pytest.raises(RecordError, match="cannot save"):
        finished.save(tmp_path / "file" / "m.json")


def test_load_errors(tmp_path: Path, finished: MatchRecord) -> None:
    with pytest.raises(RecordError, match="no such file"):
        load_record(tmp_path / "missing.json")
    with pytest.raises(RecordError, match="is a folder"):
        load_record(tmp_path)
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "sevenrocks-match",\n "version": 1,,}', encoding="utf-8")
    with pytest.raises(RecordError, match=r"not valid JSON: .* line 2, column 15"):
        load_record(bad)
    bad.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(RecordError, match="not valid JSON"):
        load_record(bad)
    data = finished.to_json()
    data["version"] = VERSION + 1
    bad.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError, match=rf"version {VERSION + 1} is not supported.*newer"):
        load_record(bad)


# ------------------------------------------------------------------ bad shapes
@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: [], ["a match record is a JSON object"]),
        (lambda d: {**d, "format": "chess-pgn"}, ["not a Seven Rocks match record", "chess-pgn"]),
        (lambda d: {k: v for k, v in d.items() if k != "format"}, ["not a Seven Rocks match record"]),
        (lambda d: {**d, "version": "1"}, ["'version' must be a whole number"]),
        (lambda d: {**d, "target": 0}, ["'target' must be a positive whole number"]),
        (lambda d: {**d, "seed": "x"}, ["'seed' must be a whole number or null"]),
        (lambda d: {**d, "players": ["a", "b"]}, ["'players' must name the four seats"]),
        (lambda d: {**d, "players": ["a", "b", "c", 4]}, ["seat 3's player must be named by text"]),
        (lambda d: {**d, "metadata": {"round": 3}}, ["'metadata' values must be text"]),
        (lambda d: {**d, "hands": {}}, ["'hands' must be a list"]),
        (lambda d: {**d, "plays": []}, ["unknown field 'plays'"]),
        (lambda d: {k: v for k, v in d.items() if k != "hands"}, ["has no 'hands' field"]),
        (lambda d: {**d, "hands": [7]}, ["hand 0:", "each hand is a JSON object"]),
        (lambda d: {**d, "result": {"end": "resigned"}}, ["'end' must be 'target', 'abandoned'"]),
        (lambda d: {**d, "scores": [1]}, ["'scores'", "two whole numbers"]),
    ],
)
def test_bad_shapes(finished: MatchRecord, change: Callable[[dict[str, Any]], Any], words: list[str]) -> None:
    with pytest.raises(RecordError) as info:
        MatchRecord.from_json(change(finished.to_json()))
    for word in words:
        assert word in str(info.value)


def test_bad_hand_shapes(finished: MatchRecord) -> None:
    data = finished.to_json()
    del data["hands"][1]["lead"]
    err = raises(data, RecordError, "hand 1:", "has no 'lead' field")
    assert err.hand == 1 and err.play is None
    data = finished.to_json()
    data["hands"][0]["events"][2]["plya"] = "x"
    raises(data, RecordError, "hand 0, play 2:", "unknown field 'plya'")
    data = finished.to_json()
    data["hands"][0]["events"][3] = "3-4"
    raises(data, RecordError, "hand 0", "event 3 must be an object")
    data = finished.to_json()
    data["hands"][0]["events"][1]["play"] = 34
    raises(data, RecordError, "hand 0, play 1:", "a play is text")
    data = finished.to_json()
    data["hands"][0]["events"][1]["play"] = "3-4@4-4:C"
    raises(data, SevenRocksError, "hand 0, play 1:", "'C' is not a side")
    data = finished.to_json()
    data["hands"][0]["events"][1]["seat"] = 4
    raises(data, RecordError, "hand 0, play 1:", "'seat' must be a seat 0..3")
    data = finished.to_json()
    data["hands"][0]["leader"] = "north"
    raises(data, RecordError, "hand 0:", "'leader' must be a seat 0..3")


# ------------------------------------------------------------------ bad deals and leaders
def test_unknown_tile_in_deal(finished: MatchRecord) -> None:
    data = finished.to_json()
    data["hands"][0]["deal"][2][3] = "7-7"
    err = raises(data, DealError, "hand 0:", "seat 2's deal", "'7-7'")
    assert (err.hand, err.play) == (0, None)


def test_duplicate_tile_in_deal(finished: MatchRecord) -> None:
    data = finished.to_json()
    deal = data["hands"][1]["deal"]
    deal[2][0] = deal[0][0]
    err = raises(data, DealError, "hand 1:", f"tile {deal[0][0]} is dealt twice (seats 0 and 2)")
    assert err.hand == 1


def test_short_deal(finished: MatchRecord) -> None:
    data = finished.to_json()
    data["hands"][0]["deal"][1].pop()
    raises(data, DealError, "hand 0:", "seat 1 is dealt 6 tiles, not 7")


def test_wrong_leader_after_domino(finished: MatchRecord) -> None:
    data = finished.to_json()
    h = next(h for h, hand in enumerate(data["hands"][1:], 1) if hand["lead"] == "domino")
    finisher = data["hands"][h - 1]["result"]["finisher"]
    data["hands"][h]["leader"] = (finisher + 1) % 4
    raises(data, LeaderError, f"hand {h}:", f"seat {finisher} dominoed the previous hand and must lead")


def test_wrong_lead_reason(finished: MatchRecord) -> None:
    data = finished.to_json()
    data["hands"][0]["lead"] = "domino"
    raises(data, RecordError, "hand 0:", "it is the first hand: the leader is drawn by lot")
    data = finished.to_json()
    h = next(h for h, hand in enumerate(data["hands"][1:], 1) if hand["lead"] == "domino")
    data["hands"][h]["lead"] = "lot"
    raises(data, RecordError, f"hand {h}:", "dominoed the previous hand")


# ------------------------------------------------------------------ bad plays
def _cut(data: dict[str, Any], h: int, e: int, event: dict[str, Any]) -> dict[str, Any]:
    """``data`` with hand ``h`` ending in ``event`` at index ``e`` (later events and hands dropped)."""
    data["hands"] = data["hands"][: h + 1]
    hand = data["hands"][h]
    hand["events"] = [*hand["events"][:e], event]
    hand["result"] = None
    data.pop("scores")
    data.pop("result")
    return data


def _find(
    records: list[MatchRecord], want: Callable[[Match], dict[str, Any] | None]
) -> tuple[dict[str, Any], int, int, dict[str, Any]]:
    """The first position (record, hand, event index) where ``want(match)`` gives a bad event."""
    for record in records:
        match = Match(target=record.target)
        for h, log in enumerate(record.hands):
            match.start_hand(log.deal, log.leader)
            for e, event in enumerate(log.events):
                if isinstance(event, Placement):
                    bad = want(match)
                    if bad is not None:
                        return record.to_json(), h, e, bad
                    match.push(event.play)
    raise AssertionError("no position found")


@pytest.fixture(scope="module")
def many() -> list[MatchRecord]:
    return [record_of(play_random(seed)) for seed in range(100, 106)]


def test_play_out_of_turn(finished: MatchRecord) -> None:
    data = finished.to_json()
    event = data["hands"][0]["events"][4]
    turn = event["seat"]
    event["seat"] = (turn + 1) % 4
    err = raises(data, OutOfTurnError, "hand 0, play 4:", f"it is seat {turn}'s turn")
    assert (err.hand, err.play) == (0, 4)


def test_tile_not_in_hand(many: list[MatchRecord]) -> None:
    def want(match: Match) -> dict[str, Any] | None:
        seat = match.turn
        assert seat is not None
        if match.layout.is_empty:
            return None
        other = match.hand((seat + 1) % 4)
        for point in match.layout.points:
            for tile in other:
                if tile.has(point.value):
                    return {"seat": seat, "play": str(Play.on(tile, point.anchor, point.side))}
        return None

    data, h, e, bad = _find(many, want)
    err = raises(_cut(data, h, e, bad), NotInHandError, f"hand {h}, play", "is not in seat")
    assert err.hand == h and err.play is not None


def test_play_onto_covered_side(many: list[MatchRecord]) -> None:
    def want(match: Match) -> dict[str, Any] | None:
        seat = match.turn
        assert seat is not None
        for play in match.layout.plays[1:]:
            assert play.anchor is not None and play.side is not None and play.point is not None
            for tile in match.hand(seat):
                if tile.has(play.point.value) and tile is not play.anchor:
                    return {"seat": seat, "play": str(Play.on(tile, play.anchor, play.side))}
        return None

    data, h, e, bad = _find(many, want)
    raises(_cut(data, h, e, bad), SideNotOpenError, f"hand {h}, play", "is covered by")


def test_branch_not_open_yet(many: list[MatchRecord]) -> None:
    def want(match: Match) -> dict[str, Any] | None:
        seat, spinner = match.turn, match.layout.spinner
        assert seat is not None
        if spinner is None or any(p.side.is_branch for p in match.layout.points):
            return None
        for tile in match.hand(seat):
            if tile.has(spinner.low) and tile is not spinner:
                return {"seat": seat, "play": f"{tile}@{spinner}:bA"}
        return None

    data, h, e, bad = _find(many, want)
    raises(
        _cut(data, h, e, bad),
        BranchNotOpenError,
        f"hand {h}, play",
        "branch bA of spinner",
        "is not open",
        "still empty",
    )


def test_play_after_the_hand_ended(finished: MatchRecord) -> None:
    data = finished.to_json()
    hand = data["hands"][0]
    last = hand["events"][-1]
    hand["events"].append({"seat": last["seat"], "play": last["play"]})
    n = sum(1 for ev in hand["events"] if "play" in ev) - 1
    err = raises(data, HandOverError, f"hand 0, play {n}:", "hand 0 has ended")
    assert err.play == n


def test_play_after_the_match_ended(finished: MatchRecord) -> None:
    data = finished.to_json()
    h = len(data["hands"]) - 1
    hand = data["hands"][h]
    hand["events"].append({"seat": 0, "play": "0-0"})
    raises(data, MatchOverError, f"hand {h}, play", "the match is over")
    data = finished.to_json()
    data["hands"].append(copy.deepcopy(data["hands"][0]))
    raises(data, MatchOverError, f"hand {h + 1}:", "no hand may follow")


def test_hand_after_an_unfinished_hand(finished: MatchRecord) -> None:
    data = finished.to_json()
    data["hands"][0]["events"] = data["hands"][0]["events"][:5]
    data["hands"][0]["result"] = None
    raises(data, RecordError, "hand 1:", "hand 0 has not ended")


# ------------------------------------------------------------------ summaries contradicting the replay
def test_wrong_stored_points_and_totals(finished: MatchRecord) -> None:
    data = finished.to_json()
    event = data["hands"][0]["events"][2]
    event["points"] = 35
    raises(data, RecordError, "hand 0, play 2:", "the record says points 35")
    data = finished.to_json()
    data["hands"][0]["events"][2]["ends_total"] = 99
    raises(data, RecordError, "hand 0, play 2:", "ends total 99")


def test_wrong_stored_hand_scores(finished: MatchRecord) -> None:
    data = finished.to_json()
    result = data["hands"][1]["result"]
    result["scores"] = [result["scores"][0] + 5, result["scores"][1]]
    raises(data, RecordError, "hand 1:", "scores after the hand", "contradict the replay")


def test_wrong_final_scores_and_result(finished: MatchRecord) -> None:
    data = finished.to_json()
    data["scores"] = [0, 0]
    raises(data, RecordError, "final scores 0 to 0 contradict the replay")
    data = finished.to_json()
    data["result"]["winner"] = 1 - data["result"]["winner"]
    raises(data, RecordError, "names winner")
    data = finished.to_json()
    data["result"] = {"end": "abandoned", "winner": None, "reason": "x"}
    raises(data, RecordError, "reached the target", "'abandoned'")
    data = record_of(play_random(2, stop=20)).to_json()
    data["result"] = {"end": "target", "winner": 0, "reason": None}
    raises(data, RecordError, "ended at the target")
    data["result"] = {"end": "abandoned", "winner": None, "reason": None}
    raises(data, RecordError, "needs a reason")


def test_wrong_settlement(finished: MatchRecord) -> None:
    h = next(h for h, log in enumerate(finished.hands) if log.result and log.result.pips)
    for key, words in (
        ("pips", ["pips"]),
        ("deductions", ["deductions"]),
        ("finisher", ["finisher"]),
        ("end", ["ended by"]),
        ("remaining", ["remaining tiles"]),
    ):
        data = finished.to_json()
        result = data["hands"][h]["result"]
        if key == "end":
            result["end"] = "blocked" if result["end"] == "domino" else "domino"
        elif key == "finisher":
            result["finisher"] = 3 if result["finisher"] != 3 else 2
        elif key == "remaining":
            result["remaining"] = [[], [], [], []]
        else:
            result[key] = [1, 2, 3, 4]
        raises(data, RecordError, f"hand {h}:", *words)
    data = finished.to_json()
    data["hands"][h]["result"] = None
    raises(data, RecordError, f"hand {h}:", "but the record gives no result")


def test_result_for_a_hand_still_in_play() -> None:
    data = record_of(play_random(4, stop=10)).to_json()
    data["hands"][-1]["result"] = {"end": "domino", "finisher": 0, "scores": [0, 0]}
    raises(data, RecordError, "the record says the hand ended (domino)", "still has a play")


def test_knocks_must_match_the_replay(finished: MatchRecord) -> None:
    data = finished.to_json()
    h, e = next(
        (h, e)
        for h, hand in enumerate(data["hands"])
        for e, event in enumerate(hand["events"])
        if "knock" in event
    )
    knock = data["hands"][h]["events"][e]
    missing = copy.deepcopy(data)
    del missing["hands"][h]["events"][e]
    raises(missing, RecordError, f"hand {h}", f"seat {knock['seat']} knocks", "leaves the knock out")
    wrong = copy.deepcopy(data)
    wrong["hands"][h]["events"][e]["knock"] = [*knock["knock"], 9]
    raises(wrong, RecordError, f"hand {h}", "open values were")
    extra = copy.deepcopy(data)
    events = extra["hands"][h]["events"]
    p = next(i for i, ev in enumerate(events) if "play" in ev and i > 0)
    events.insert(p, {"seat": events[p]["seat"], "knock": [1]})
    raises(extra, RecordError, f"hand {h}", "knocks")
    bad = copy.deepcopy(data)
    bad["hands"][h]["events"][e]["knock"] = "all"
    raises(bad, RecordError, "'knock' lists the open values")


# ------------------------------------------- fuzzing: only SevenRocksError, never a crash
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**40), 2**40)
    | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)


def json_paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            out += json_paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out += json_paths(item, (*path, i))
    return out


@functools.cache
def _fuzz_base() -> dict[str, Any]:
    """The record the corruption test spoils (made on first use, not at import)."""
    return record_of(play_random(1, stop=60)).to_json()


@settings(max_examples=300, deadline=None)
@given(where=st.integers(min_value=0), value=JSON_VALUES, delete=st.booleans())
def test_property_any_corruption_gives_a_clear_error(where: int, value: Any, delete: bool) -> None:
    load_corrupted(_fuzz_base(), where, value, delete)


def load_corrupted(base: dict[str, Any], where: int, value: Any, delete: bool) -> None:
    """Load ``base`` with one of its fields (number ``where``, modulo their number) set to ``value``
    (or deleted): it loads, or fails with a clear error, never anything else."""
    paths = json_paths(base)[1:]
    path = paths[where % len(paths)]
    data = copy.deepcopy(base)
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    if delete:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    try:
        MatchRecord.from_json(data)
    except SevenRocksError as err:
        assert err.reason
