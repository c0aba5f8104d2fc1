"""Match records (version 2) of every game of the family: round trips, reports, and bad records."""

from __future__ import annotations

import copy
import functools
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sevenrocks.core import DealError, Match, MatchEnd, MatchRecord, RecordError, SevenRocksError, Tile
from sevenrocks.core.events import Draw, HandEnd, Knock
from sevenrocks.core.games import LAYOUT_GAMES, Outcome
from sevenrocks.core.record import LEADS, VERSION, load_record, parse_record
from sevenrocks.core.script import replay, replay_document
from tests.family.configs import TABLES, Table, random_match
from tests.test_record import JSON_VALUES, load_corrupted

RECORDS = Path(__file__).parent / "records"


def record_of(match: Match, **kw: Any) -> MatchRecord:
    players = tuple(f"p{seat}" for seat in range(match.seats))
    return MatchRecord.from_match(match, players=players, metadata={"table": "t"}, **kw)


def stopped(table: Table, seed: int, stop: int) -> Match:
    """A random match of ``table`` stopped after ``stop`` moves (or at its end); 0: just dealt."""
    rng = random.Random(seed)
    match = Match(table.game, options=table.options, seats=table.seats, seed=seed)
    match.start_hand()
    moves = 0
    while not match.is_over and moves < stop:
        if match.turn is None:
            match.start_hand()
            continue
        match.push(rng.choice(match.legal_moves()))
        moves += 1
    return match


def check_round_trip(record: MatchRecord, match: Match) -> None:
    data = record.to_json()
    assert data["version"] == VERSION and data["game"] == match.rules.game and data["seats"] == match.seats
    assert data["options"] == dict(match.rules.options)
    again = MatchRecord.from_json(json.loads(json.dumps(data)))
    assert again == record and hash(again) == hash(record)
    assert again.to_json() == data
    assert parse_record(record.dumps()) == record
    assert record.to_report() == replay(record.to_script())
    assert replay_document(data) == record.to_report()
    assert record.replay().history == match.history
    assert record.scores == match.scores and record.outcome == match.outcome


@pytest.mark.parametrize("table", TABLES, ids=str)
def test_every_game_round_trips(table: Table) -> None:
    for seed in (1, 2):
        match = random_match(table, seed, max_hands=4)
        check_round_trip(record_of(match), match)
    for stop in (0, 9, 23):
        match = stopped(table, 5 + stop, stop)
        check_round_trip(record_of(match), match)


def test_records_hold_draws_knocks_doubles_and_every_lead() -> None:
    """Across games the records hold every kind of event and every way of choosing a leader."""
    kinds: set[str] = set()
    leads: set[str | None] = set()
    ends: set[str] = set()
    for table in TABLES:
        for seed in range(3):
            data = record_of(random_match(table, seed, max_hands=6)).to_json()
            for hand in data["hands"]:
                leads.add(hand["lead"])
                kinds.update(k for e in hand["events"] for k in ("knock", "draw") if k in e)
                kinds.update("doubles" for e in hand["events"] if "+" in e.get("play", ""))
                kinds.update("lengthwise" for e in hand["events"] if e.get("play", "").endswith("="))
                if hand["result"]:
                    ends.add(hand["result"]["end"])
                    assert len(hand["deal"]) == data["seats"]
                    assert len(hand["deal"]) * len(hand["deal"][0]) + len(hand["boneyard"]) == 28
    assert kinds == {"knock", "draw", "doubles", "lengthwise"}
    rare = {"hundred", "eggs", "declared"}  # Sea Goat's own leads: tests/family/test_sea_kozel.py
    assert set(LEADS) - rare <= leads <= set(LEADS) | {None}
    assert {"domino", "blocked", "target"} <= ends


def finished(game: str, seats: int, want: Callable[[Outcome], bool], **options: Any) -> Match:
    for seed in range(400):
        match = random_match(Table(game, seats, options), seed, max_hands=60)
        if match.outcome is not None and want(match.outcome):
            return match
    raise AssertionError(f"no seed gave the outcome wanted in {game}")


def test_goats_several_winners_and_draws() -> None:
    goat = finished("kozel", 3, lambda o: bool(o.goats), target=25)
    data = record_of(goat).to_json()
    assert data["result"]["end"] == "target" and data["result"]["goats"] == list(goat.outcome.goats)  # type: ignore[union-attr]
    assert data["result"]["winner"] == [s for s in range(3) if s not in goat.outcome.goats]  # type: ignore[union-attr]
    record = MatchRecord.from_json(data)
    assert record.winner is None and record.outcome == goat.outcome and record.end is MatchEnd.TARGET
    draw = finished("sports-kozel", 4, lambda o: o.is_draw)
    data = record_of(draw).to_json()
    assert data["result"]["winner"] == "draw" and "goats" not in data["result"]
    assert MatchRecord.from_json(data).outcome == Outcome(())
    picture = finished("picture", 3, lambda o: len(o.winners) > 1)
    assert record_of(picture).to_json()["result"]["winner"] == list(picture.outcome.winners)  # type: ignore[union-attr]


def misdeal_match(seats: int = 4, moves: int = 1) -> Match:
    """Kozel whose first deal is void (seat 0 holds five doubles), then a real deal and ``moves``."""
    doubles = ["0-0", "1-1", "2-2", "3-3", "4-4", "0-1", "0-2"]
    rest = [Tile.parse(t) for t in (f"{a}-{b}" for a in range(7) for b in range(a, 7)) if t not in doubles]
    deal = [[Tile.parse(t) for t in doubles]] + [rest[7 * s : 7 * s + 7] for s in range(seats - 1)]
    match = Match("kozel", seats=seats, seed=3)
    match.start_hand(deal, boneyard=rest[7 * (seats - 1) :])
    assert match.results[-1].end is HandEnd.REDEAL
    match.start_hand()
    rng = random.Random(seats)
    for _ in range(moves):
        if match.turn is None:
            break
        match.push(rng.choice(match.legal_moves()))
    return match


def test_void_deal() -> None:
    match = misdeal_match()
    record = record_of(match)
    data = record.to_json()
    void = data["hands"][0]
    assert void["leader"] is None and void["lead"] is None and void["events"] == []
    assert void["result"]["end"] == "redeal" and void["result"]["eggs"] == 0
    assert data["hands"][1]["lead"] == "order"
    check_round_trip(record, match)
    assert replay(record.to_script())["hands"][0]["end"] == "redeal"
    bad = copy.deepcopy(data)
    bad["hands"][0]["leader"] = 0
    raises(bad, RecordError, "hand 0:", "the deal is void", "null")
    bad = copy.deepcopy(data)
    bad["hands"][0]["events"] = [{"seat": 0, "play": "0-0"}]
    raises(bad, SevenRocksError, "hand 0, play 0:", "void")
    bad = copy.deepcopy(data)
    bad["hands"][0]["result"]["end"] = "blocked"
    raises(bad, RecordError, "hand 0:", "ended by blocked", "the deal was void")


def test_version_1_records_still_load() -> None:
    record = load_record(RECORDS / "v1-finished.json")
    assert record.game == "seven-rocks" and record.seats == 4 and record.target == 60
    assert record.end is MatchEnd.TARGET and record.winner == 1 and record.outcome == Outcome((1,))
    assert record.players == ("human", "greedy", "random", "cmd:python3 bot.py")
    old = json.loads((RECORDS / "v1-finished.json").read_text(encoding="utf-8"))
    data = record.to_json()
    assert data["version"] == 2 and data["options"] == {"target": 60} and data["result"] == old["result"]
    for new, then in zip(data["hands"], old["hands"], strict=True):
        assert new["boneyard"] == []
        assert {k: v for k, v in new.items() if k != "boneyard"} == then
    assert MatchRecord.from_json(data) == record  # written again as version 2, read back the same
    forfeit = load_record(RECORDS / "v1-forfeit.json")
    assert forfeit.end is MatchEnd.FORFEIT and forfeit.winner == 1 and forfeit.outcome is None
    assert forfeit.to_report() == replay(forfeit.to_script())
    bad = copy.deepcopy(old)
    bad["hands"][0]["boneyard"] = []
    raises(bad, RecordError, "hand 0:", "unknown field 'boneyard'")
    bad = copy.deepcopy(old)
    bad["game"] = "kozel"
    raises(bad, RecordError, "unknown field 'game'")


# ------------------------------------------------------------------ bad version 2 records
def raises(data: Any, error: type[SevenRocksError], *words: str) -> SevenRocksError:
    with pytest.raises(error) as info:
        MatchRecord.from_json(data)
    for word in words:
        assert word in str(info.value), (word, str(info.value))
    return info.value


@pytest.fixture(scope="module")
def kozel() -> dict[str, Any]:
    """A Kozel record with three seats whose first hand has draws and a block or a domino."""
    for seed in range(200):
        match = random_match(Table("kozel", 3, {"target": 40}), seed, max_hands=30)
        events = [e for log in match.history for e in log.events]
        drew = any(isinstance(e, Draw) for e in match.history[0].events)
        knocked = any(isinstance(e, Knock) for e in events)
        if match.is_over and drew and knocked and len(match.history) >= 3:
            return record_of(match).to_json()
    raise AssertionError("no seed gave a Kozel match with draws and knocks")


@pytest.mark.parametrize(
    ("change", "error", "words"),
    [
        (lambda d: d.update(game="chess"), RecordError, ["no game 'chess'"]),
        (lambda d: d.update(game="Kozel"), RecordError, ["'game' must be written as its id 'kozel'"]),
        (lambda d: d.update(game=3), RecordError, ["'game' must be a game id"]),
        (lambda d: d.pop("game"), RecordError, ["has no 'game' field"]),
        (lambda d: d.update(options={"colour": 1}), RecordError, ["kozel has no option 'colour'"]),
        (lambda d: d.update(options={"reserve": 5}), RecordError, ["option 'reserve' may be 0, 1, not 5"]),
        (lambda d: d.update(options=[1]), RecordError, ["'options' must be an object"]),
        (lambda d: d.update(seats=5), RecordError, ["kozel is played by 2 or 3 or 4 seats, not 5"]),
        (lambda d: d.update(seats="3"), RecordError, ["'seats' must be the number of seats"]),
        (lambda d: d.update(target=50), RecordError, ["'target' is 50", "plays to 40"]),
        (lambda d: d.update(target=None), RecordError, ["'target' is None"]),
        (lambda d: d.update(players=["a", "b"]), RecordError, ["'players' must name the three seats"]),
        (lambda d: d.update(scores=[1, 2]), RecordError, ["'scores' must be three whole numbers"]),
        (lambda d: d["result"].update(goats=[]), RecordError, ["the record names goats []", "goat"]),
        (lambda d: d["result"].update(goats="x"), RecordError, ["'goats' must be a list of sides"]),
        (lambda d: d["result"].update(winner=0), RecordError, ["the record names winner 0"]),
        (lambda d: d["result"].update(end="abandoned", reason="x"), RecordError, ["but the record's result"]),
        (lambda d: d["hands"][0].pop("boneyard"), RecordError, ["hand 0:", "has no 'boneyard' field"]),
        (lambda d: d["hands"][0].update(boneyard="none"), DealError, ["'boneyard' must be a list"]),
        (lambda d: d["hands"][0]["boneyard"].reverse(), RecordError, ["the next tile of the boneyard"]),
        (lambda d: d["hands"][0]["boneyard"].pop(), DealError, ["hand 0:", "must hold all 28 tiles"]),
        (lambda d: d["hands"][0]["boneyard"].append("9-9"), DealError, ["hand 0:", "'9-9' is not a tile"]),
        (lambda d: d["hands"][0].update(lead="lot"), RecordError, ["hand 0:", "tile order"]),
        (lambda d: d["hands"][0].update(lead="coin"), RecordError, ["'lead' must be 'lot', 'order'"]),
        (lambda d: d["hands"][0].update(leader=None), RecordError, ["'leader' must be a seat 0..2"]),
        (lambda d: d["hands"][0]["result"].update(values=[0, 0, 0]), RecordError, ["hand 0:", "values"]),
        (lambda d: d["hands"][0]["result"].pop("written"), RecordError, ["hand 0:", "written None"]),
        (lambda d: d["hands"][0]["result"].update(draws=[9, 9, 9]), RecordError, ["hand 0:", "draws"]),
        (lambda d: d["hands"][0]["result"].update(eggs=True), RecordError, ["hand 0:", "eggs True"]),
        (lambda d: d["hands"][0]["result"].update(end="redeal"), RecordError, ["hand 0:", "ended by redeal"]),
        (lambda d: d["hands"][0]["result"].update(colour=1), RecordError, ["unknown field 'colour'"]),
    ],
)
def test_bad_records(
    kozel: dict[str, Any],
    change: Callable[[dict[str, Any]], Any],
    error: type[SevenRocksError],
    words: list[str],
) -> None:
    data = copy.deepcopy(kozel)
    change(data)
    raises(data, error, *words)


def test_bad_draws(kozel: dict[str, Any]) -> None:
    events = kozel["hands"][0]["events"]
    e = next(e for e, ev in enumerate(events) if "draw" in ev and "play" in events[e + 1])
    draw = kozel["hands"][0]["events"][e]
    missing = copy.deepcopy(kozel)
    del missing["hands"][0]["events"][e]
    raises(missing, RecordError, "hand 0", f"seat {draw['seat']} draws {draw['draw']}", "leaves the draw out")
    wrong = copy.deepcopy(kozel)
    wrong["hands"][0]["events"][e]["draw"] = "0-0" if draw["draw"] != "0-0" else "1-1"
    raises(wrong, RecordError, "hand 0", "the next tile of the boneyard")
    other = copy.deepcopy(kozel)
    other["hands"][0]["events"][e]["seat"] = (draw["seat"] + 1) % 3
    raises(other, RecordError, "hand 0", "the next tile of the boneyard")
    early = copy.deepcopy(kozel)
    early["hands"][0]["events"].insert(0, {"seat": 0, "draw": "0-0"})
    raises(early, RecordError, "hand 0:", "no tile is drawn before the opening tile")
    shape = copy.deepcopy(kozel)
    shape["hands"][0]["events"][e]["draw"] = 7
    raises(shape, RecordError, "hand 0", "'draw' names the tile drawn")
    extra = copy.deepcopy(kozel)
    extra["hands"][0]["events"][e]["tile"] = "x"
    raises(extra, RecordError, "unknown field 'tile'")
    knock = copy.deepcopy(kozel)
    knock["hands"][0]["events"][e] = {"seat": draw["seat"], "knock": [1]}
    raises(knock, RecordError, "hand 0", f"the record says seat {draw['seat']} knocks, but", "draws")


def test_draws_in_a_game_without_drawing() -> None:
    match = stopped(Table("block", 3), 4, 6)
    data = record_of(match).to_json()
    data["hands"][0]["events"].insert(2, {"seat": 1, "draw": "0-0"})
    raises(data, RecordError, "hand 0", "nobody draws in block with 3 seats")


def test_wrong_lead_after_a_block_and_a_domino() -> None:
    """Kozel: the fisherman leads after a block, the finisher after a domino."""
    for seed in range(300):
        match = random_match(Table("kozel", 2, {"target": 60}), seed, max_hands=20)
        data = record_of(match).to_json()
        leads = [hand["lead"] for hand in data["hands"]]
        if "fisherman" in leads and "domino" in leads:
            break
    else:
        raise AssertionError("no seed gave a fisherman and a domino lead")
    h = leads.index("fisherman")
    bad = copy.deepcopy(data)
    bad["hands"][h]["lead"] = "domino"
    raises(bad, RecordError, f"hand {h}:", "the record says the leader led by domino", "fisherman")
    bad = copy.deepcopy(data)
    bad["hands"][h]["leader"] = 1 - bad["hands"][h]["leader"]
    raises(bad, SevenRocksError, f"hand {h}:", "fisherman", "must lead")
    h = leads.index("domino")
    bad = copy.deepcopy(data)
    bad["hands"][h]["lead"] = "rotation"
    raises(bad, RecordError, f"hand {h}:", "led in rotation", "dominoed the previous hand")


def test_records_name_their_game_in_every_way() -> None:
    """``record.game``/``options``/``seats``/``target``/``players`` for every game."""
    for game in LAYOUT_GAMES:
        match = Match(game.id, seed=1)
        record = MatchRecord.from_match(match)
        assert record.game == game.id and record.seats == game.default_seats
        assert record.players == ("unknown",) * game.default_seats
        assert dict(record.options) == game.defaults()
        assert record.target == match.target
        assert record.scores == (0,) * record.sides and record.winner is None and record.outcome is None
    with pytest.raises(RecordError, match="'players' must name the two seats"):
        MatchRecord.from_match(Match("muggins", seed=1), players=("a", "b", "c"))


def test_ending_a_match_of_several_sides_early() -> None:
    match = stopped(Table("muggins", 3), 3, 12)
    record = record_of(match).with_end(MatchEnd.FORFEIT, winner=2, reason="seat 0 left")
    assert MatchRecord.from_json(record.to_json()) == record
    with pytest.raises(RecordError, match=r"the winner must be seat 0, 1 or 2 \(or null\), not 3"):
        record.with_end(MatchEnd.FORFEIT, winner=3, reason="x")
    with pytest.raises(RecordError, match="cannot have ended at the target: no seat reached it"):
        record.with_end(MatchEnd.TARGET)
    over = finished("picture", 2, lambda o: True)
    done = record_of(over)
    with pytest.raises(RecordError, match="the match ended there"):
        done.with_end(MatchEnd.ABANDONED, reason="x")
    data = record_of(stopped(Table("picture", 2), 1, 3)).to_json()
    data["result"] = {"end": "target", "winner": 0, "reason": None}
    raises(data, RecordError, "the rules of picture ended the match", "still going on")


# ------------------------------------------- fuzzing: only SevenRocksError, never a crash
@functools.cache
def _fuzz_base() -> dict[str, Any]:
    """The record the corruption test spoils (made on first use, not at import)."""
    return record_of(misdeal_match(3, 30)).to_json()


@settings(max_examples=200, deadline=None)
@given(where=st.integers(min_value=0), value=JSON_VALUES, delete=st.booleans())
def test_property_any_corruption_gives_a_clear_error(where: int, value: Any, delete: bool) -> None:
    load_corrupted(_fuzz_base(), where, value, delete)
