"""Turn clocks: the time control a table's creator picks, the stand-in that places when a person's
time runs out, the seat away until its player acts, the record's marks, and restarts."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from fastapi.testclient import TestClient

from sevenrocks.core import MatchRecord
from sevenrocks.core.sausage import SausageRecord
from sevenrocks.web import create_app
from sevenrocks.web.clocks import TableClock, TimeControl, stand_in_placements
from sevenrocks.web.storage import EventRecord
from tests.web.conftest import Socket, settings_for, ws_path

pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def sqlite_client(tmp_path: Path) -> Iterator[TestClient]:
    """The app on a fresh SQLite file (bots with no delay)."""
    with TestClient(create_app(settings_for(f"sqlite:///{tmp_path / 'web.db'}"))) as client:
        yield client


def timed_table(
    client: TestClient,
    kinds: list[str],
    clock: dict[str, Any] | None,
    *,
    game: str | None = None,
    options: dict[str, Any] | None = None,
    bot: str = "greedy",
) -> dict[str, Any]:
    """A table with the time control ``clock``; adds ``tokens`` (seat -> invitation) and ``admin_token``."""
    body: dict[str, Any] = {"seats": [{"kind": k, "bot": bot} for k in kinds]}
    if clock is not None:
        body["clock"] = clock
    if game is not None:
        body["game"] = game
    if options is not None:
        body["options"] = options
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    made: dict[str, Any] = response.json()
    link = parse_qs(urlparse(made["link"]).query)
    made["tokens"] = {made["seat"]: link["token"][0]} if made["seat"] is not None else {}
    for seat in made["seats"]:
        if "link" in seat:
            made["tokens"][seat["seat"]] = parse_qs(urlparse(seat["link"]).query)["token"][0]
    made["admin_token"] = link["admin"][0]
    return made


def my_turn(sock: Socket, seat: int = 0, after: int = -1) -> dict[str, Any]:
    """The first state (from now) in which ``seat`` must place, past move ``after``."""
    return sock.current(
        lambda m: (
            m["type"] == "state"
            and m["turn"] == seat
            and not m["hand_over"]
            and m["move"] > after
            and m["legal"]
        )
    )


# ---------------------------------------------------------------------- the option
def test_a_table_is_untimed_by_default_and_bots_have_no_clock(sqlite_client: TestClient) -> None:
    made = timed_table(sqlite_client, ["me", "bot", "bot", "bot"], None)
    assert made["clock"] is None
    with sqlite_client.websocket_connect(
        ws_path(made["table"], made["tokens"][0], made["admin_token"])
    ) as ws:
        sock = Socket(ws, "me")
        assert sock.until(lambda m: m["type"] == "state")["clock"] is None
        sock.send({"type": "start"})
        state = my_turn(sock)
        assert state["clock"] is None
    # bots only, with a clock: no seat ever has one
    bots = timed_table(sqlite_client, ["bot"] * 4, {"per_move": 1, "reserve": 1})
    sqlite_client.post(f"/api/tables/{bots['table']}/start", json={"admin": bots["admin_token"]})
    with sqlite_client.websocket_connect(ws_path(bots["table"])) as ws:
        watcher = Socket(ws, "watcher")
        for _ in range(20):
            message = watcher.recv()
            if message["type"] in ("state", "placed"):
                assert message["clock"]["seat"] is None
                assert message["clock"]["reserves"] == [None] * 4
    service = sqlite_client.app.state.service  # type: ignore[attr-defined]
    assert bots["table"] not in service.clocks.tables or service.clocks.tables[bots["table"]].turn is None


def test_the_time_control_is_given_and_bad_ones_are_refused(sqlite_client: TestClient) -> None:
    made = timed_table(
        sqlite_client, ["me", "friend", "bot", "bot"], {"per_move": 30, "reserve": 120}, bot="random"
    )
    assert made["clock"] == {"per_move": 30, "reserve": 120, "stand_in": "random"}  # the table's bot level
    other = timed_table(sqlite_client, ["me", "friend", "friend", "friend"], {"per_move": 15})
    assert other["clock"] == {"per_move": 15, "reserve": 0, "stand_in": "greedy"}
    with sqlite_client.websocket_connect(ws_path(made["table"], made["tokens"][0])) as ws:
        state = Socket(ws, "me").until(lambda m: m["type"] == "state")
        assert state["clock"]["per_move"] == 30 and state["clock"]["reserves"] == [120, 120, None, None]
        assert state["clock"]["seat"] is None  # not started: no clock runs
    seats = [{"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}, {"kind": "bot"}]
    refused = {
        "per_move 0": ({"per_move": 0, "reserve": 10}, 400, "the time per placement must be a whole number"),
        "per_move huge": ({"per_move": 3601}, 400, "from 1 to 3600"),
        "reserve negative": ({"per_move": 10, "reserve": -1}, 400, "the reserve must be a whole number"),
        "reserve huge": ({"per_move": 10, "reserve": 7201}, 400, "from 0 to 7200"),
        "unknown bot": ({"per_move": 10, "stand_in": "nobody"}, 400, "unknown stand-in bot level 'nobody'"),
        "text": ({"per_move": "30"}, 422, "per_move"),
        "fraction": ({"per_move": 1.5}, 422, "per_move"),
        "missing": ({"reserve": 10}, 422, "per_move"),
        "unknown field": ({"per_move": 10, "increment": 2}, 422, "increment"),
    }
    before = sqlite_client.app.state.service.tables.copy()  # type: ignore[attr-defined]
    for label, (clock, status, words) in refused.items():
        response = sqlite_client.post("/api/tables", json={"seats": seats, "clock": clock})
        assert response.status_code == status, (label, response.text)
        assert words in response.json()["message"], (label, response.json())
    kozel = [{"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}]
    response = sqlite_client.post(
        "/api/tables", json={"game": "kozel", "seats": kozel, "clock": {"per_move": 10, "stand_in": "expert"}}
    )
    assert response.status_code == 400 and "does not play this game" in response.json()["message"]
    assert sqlite_client.app.state.service.tables == before  # type: ignore[attr-defined]  # none was made
    # the refusal in the player's language
    response = sqlite_client.post(
        "/api/tables", json={"seats": seats, "clock": {"per_move": 0}}, headers={"Accept-Language": "ru"}
    )
    assert response.status_code == 400 and "3600" in response.json()["message"]
    assert "the time per placement" not in response.json()["message"]


# ---------------------------------------------------------------------- running out
def test_time_runs_out_the_stand_in_places_and_the_seat_is_away_until_it_acts(
    sqlite_client: TestClient,
) -> None:
    made = timed_table(sqlite_client, ["me", "bot", "bot", "bot"], {"per_move": 1, "reserve": 1})
    path = ws_path(made["table"], made["tokens"][0], made["admin_token"])
    with sqlite_client.websocket_connect(path) as ws:
        sock = Socket(ws, "me")
        sock.until(lambda m: m["type"] == "state")
        sock.send({"type": "start"})
        state = my_turn(sock)
        clock = state["clock"]
        assert clock["seat"] == 0 and 0 < clock["move_left"] <= 1 and clock["reserve_left"] == 1
        assert clock["away"] == []
        began = time.monotonic()
        # nobody places: after the placement's second and the reserve's, the stand-in does
        away = sock.until(
            lambda m: m["type"] in ("state", "placed") and 0 in (m.get("clock") or {}).get("away", [])
        )
        waited = time.monotonic() - began
        assert 1.7 < waited < 5, waited
        assert away["clock"]["reserves"][0] == 0
        sock.current(lambda m: m["type"] == "state" and m["move"] > state["move"])  # the stand-in placed
        # while away, each of the seat's turns is played at once by the stand-in
        later = sock.current(
            lambda m: m["type"] == "state" and (m["hand_over"] or m["move"] >= state["move"] + 8)
        )
        assert time.monotonic() - began < waited + 3
        assert 0 in later["clock"]["away"]
        # the state says which of the hand's placements the stand-in made: seat 0's, since it went away
        placements = [e for e in later["events"] if e["kind"] == "placement"]
        marked = later["clock"]["stand_ins"]
        assert marked and all(p < len(placements) and placements[p]["seat"] == 0 for p in marked)
        # any message of the seat's (here "next hand" at the hand's end, or a placement) brings it back
        if later["hand_over"]:
            sock.send({"type": "next_hand"})
        else:
            sock.send({"type": "start"})  # refused (already started), but the player acted
        back = sock.until(lambda m: m["type"] == "state" and 0 not in m["clock"]["away"])
        turn = my_turn(sock, after=back["move"] - 1)
        assert turn["clock"]["seat"] == 0 and turn["clock"]["reserve_left"] == 0  # the reserve was spent
        assert 0 < turn["clock"]["move_left"] <= 1
        sock.send({"type": "play", "play": turn["legal"][0]["play"], "at": turn["move"]})
        mine = sock.until(lambda m: m["type"] == "state" and m["move"] == turn["move"] + 1)
        assert 0 not in mine["clock"]["away"]
    events = sqlite_client.app.state.service.storage.events(made["table"])  # type: ignore[attr-defined]
    plays = [e.data for e in events if e.kind == "play"]
    marked = [p for p in plays if p.get("stand_in")]
    assert marked and all(p["seat"] == 0 for p in marked)
    assert any(p["seat"] == 0 and not p.get("stand_in") for p in plays)  # the person's own placement
    assert not any(p.get("stand_in") for p in plays if p["seat"] != 0)  # bots are no stand-ins


def test_the_reserve_is_spent_before_the_stand_in_places(sqlite_client: TestClient) -> None:
    made = timed_table(sqlite_client, ["me", "bot", "bot", "bot"], {"per_move": 1, "reserve": 2})
    path = ws_path(made["table"], made["tokens"][0], made["admin_token"])
    with sqlite_client.websocket_connect(path) as ws:
        sock = Socket(ws, "me")
        sock.until(lambda m: m["type"] == "state")
        sock.send({"type": "start"})
        state = my_turn(sock)
        time.sleep(1.5)  # the placement's second is spent, the reserve runs
        sock.send({"type": "sync"})  # a sync is no act: it only asks for the state
        now = sock.until(lambda m: m["type"] == "state" and m["move"] == state["move"])
        assert now["clock"]["move_left"] == 0 and 1.0 < now["clock"]["reserve_left"] < 1.6
        assert now["clock"]["away"] == []
        sock.send({"type": "play", "play": state["legal"][0]["play"], "at": state["move"]})
        done = sock.until(lambda m: m["type"] == "state" and m["move"] == state["move"] + 1)
        assert done["events"], done
        again = my_turn(sock, after=state["move"])
        assert again["clock"]["away"] == []
        assert 0.2 < again["clock"]["reserve_left"] < 1.6  # what was left of the reserve
        assert 0 < again["clock"]["move_left"] <= 1  # a whole placement's time again
    events = sqlite_client.app.state.service.storage.events(made["table"])  # type: ignore[attr-defined]
    assert not any(e.data.get("stand_in") for e in events)


def test_the_record_marks_the_stand_ins_placements(sqlite_client: TestClient) -> None:
    """A short game (Block to a small target): the person never acts, so after the first time out
    the stand-in plays each of the seat's turns, and the next hands do not wait for the seat away;
    the record's moves the stand-in made carry "stand_in": true."""
    made = timed_table(
        sqlite_client, ["me", "bot"], {"per_move": 1, "reserve": 0}, game="block", options={"target": 30}
    )
    path = ws_path(made["table"], made["tokens"][0], made["admin_token"])
    with sqlite_client.websocket_connect(path) as ws:
        sock = Socket(ws, "me")
        sock.until(lambda m: m["type"] == "state")
        sock.send({"type": "start"})
        final = sock.until(lambda m: m["type"] == "state" and m["phase"] == "over", limit=20_000)
        assert final["hand_number"] >= 1  # several hands, none waiting for the seat away
    data = sqlite_client.get(f"/api/matches/{made['table']}/record").json()
    record = MatchRecord.from_json(data)
    ours = {
        (h, p)
        for h, log in enumerate(record.hands)
        for p, move in enumerate(log.placements)
        if move.seat == 0
    }
    assert ours and record.stand_ins == ours  # every placement of the seat's, and only those
    marked = [e for hand in data["hands"] for e in hand["events"] if e.get("stand_in")]
    assert len(marked) == len(record.stand_ins) and all(e["stand_in"] is True for e in marked)
    assert MatchRecord.from_json(record.to_json()) == record


def test_a_back_message_brings_the_seat_back(sqlite_client: TestClient) -> None:
    made = timed_table(sqlite_client, ["me", "bot", "bot", "bot"], {"per_move": 1, "reserve": 0})
    with sqlite_client.websocket_connect(
        ws_path(made["table"], made["tokens"][0], made["admin_token"])
    ) as ws:
        sock = Socket(ws, "me")
        sock.until(lambda m: m["type"] == "state")
        sock.send({"type": "start"})
        sock.until(lambda m: m["type"] in ("state", "placed") and 0 in m["clock"]["away"])
        assert sock.answer({"type": "back"})["type"] == "pong"  # no error
        # the seat is back at once: the state sent before the pong says so (the stand-in may have
        # placed for it meanwhile, or its turn starts again with a placement's time)
        assert sock.state is not None and 0 not in sock.state["clock"]["away"]
        if sock.state["turn"] == 0 and sock.state["legal"]:
            assert sock.state["clock"]["seat"] == 0
        else:  # its next turn is timed as a person's, not the stand-in's
            turn = my_turn(sock, after=sock.state["move"])
            assert turn["clock"]["seat"] == 0
        assert sock.answer({"type": "back", "seat": 1})["code"] == "bad_message"
    with sqlite_client.websocket_connect(ws_path(made["table"])) as ws:
        watcher = Socket(ws, "watcher")
        watcher.until(lambda m: m["type"] == "state")
        assert watcher.answer({"type": "back"})["code"] == "forbidden"


# ---------------------------------------------------------------------- restarts
def test_clocks_survive_a_restart(db_url: str) -> None:
    settings = settings_for(db_url)
    with TestClient(create_app(settings)) as client:
        made = timed_table(client, ["me", "bot", "friend", "bot"], {"per_move": 1, "reserve": 3})
        with ExitStack() as stack:
            me = Socket(
                stack.enter_context(
                    client.websocket_connect(ws_path(made["table"], made["tokens"][0], made["admin_token"]))
                ),
                "me",
            )
            me.until(lambda m: m["type"] == "state")
            me.send({"type": "start"})
            state = my_turn(me)
            time.sleep(1.6)  # 0.6 s of the reserve
            me.send({"type": "play", "play": state["legal"][0]["play"], "at": state["move"]})
            me.until(lambda m: m["type"] == "state" and m["move"] == state["move"] + 1)
            # the friend (seat 2) never connects: its clock runs out, the stand-in plays, seat 2 is away
            again = me.current(
                lambda m: m["type"] == "state" and m["turn"] == 0 and 2 in m["clock"]["away"] and m["legal"]
            )
            left = again["clock"]["reserve_left"]
            marks = again["clock"]["stand_ins"]
            assert marks  # the friend's seat's placements
            assert 1.9 < left < 2.6
            session = me.welcome["session"] if me.welcome else None
        time.sleep(0.3)  # the stored clocks are written
    time.sleep(1.0)  # the server is down: this time is nobody's
    restarted = time.monotonic()
    with (
        TestClient(create_app(settings)) as client,
        client.websocket_connect(ws_path(made["table"], session=session)) as ws,
    ):
        sock = Socket(ws, "me again")
        state = sock.until(lambda m: m["type"] == "state")
        since_restart = time.monotonic() - restarted
        clock = state["clock"]
        assert state["turn"] == 0 and clock["seat"] == 0
        # the turn starts again with what it had when it began: no more
        assert clock["reserve_left"] <= left + 0.01 and clock["reserve_left"] > left - 0.5
        # a whole placement's time again, less only what ran since the new server started (a slow
        # machine may take most of a second to start it; the second of downtime is not charged)
        assert 1 - since_restart - 0.05 <= clock["move_left"] <= 1 and clock["move_left"] > 0
        assert clock["away"] == [2] and clock["reserves"][1] is None and clock["reserves"][3] is None
        assert clock["reserves"][2] == 0
        if state["hand_number"] == again["hand_number"]:
            assert clock["stand_ins"] == marks  # read back from the stored events
        # and it keeps running after the restart: the reserve is spent, then the stand-in places
        gone = sock.until(lambda m: m["type"] in ("state", "placed") and 0 in m["clock"]["away"])
        assert gone["clock"]["reserves"][0] == 0


# ---------------------------------------------------------------------- Sausage
def test_a_sausage_table_has_clocks_too(sqlite_client: TestClient) -> None:
    made = timed_table(
        sqlite_client, ["me", "bot"], {"per_move": 1, "reserve": 0}, game="sausage", options={"target": 21}
    )
    path = ws_path(made["table"], made["tokens"][0], made["admin_token"])
    with sqlite_client.websocket_connect(path) as ws:
        sock = Socket(ws, "me")
        sock.until(lambda m: m["type"] == "state")
        sock.send({"type": "start"})
        state = sock.until(
            lambda m: m["type"] == "state" and m["turn"] == 0 and m["legal"] and m["phase"] == "playing"
        )
        assert state["clock"]["seat"] == 0
        moved = sock.until(
            lambda m: (
                m["type"] == "state" and m["clock"] and 0 in m["clock"]["away"] and m["move"] > state["move"]
            )
        )
        assert moved["clock"]["reserves"][0] == 0
        # the person never acts: the stand-in plays the seat to the end of the match
        sock.until(lambda m: m["type"] == "state" and m["phase"] == "over", limit=20_000)
    events = sqlite_client.app.state.service.storage.events(made["table"])  # type: ignore[attr-defined]
    assert any(e.kind == "play" and e.data.get("stand_in") and e.data["seat"] == 0 for e in events)
    data = sqlite_client.get(f"/api/matches/{made['table']}/record").json()
    record = SausageRecord.from_json(data)
    ours = {
        (h, m) for h, log in enumerate(record.hands) for m, move in enumerate(log.moves) if move.seat == 0
    }
    assert ours and record.stand_ins == ours
    marked = [turn for hand in data["hands"] for turn in hand["turns"] if "stand_in" in turn]
    assert len(marked) == len(ours) and all(turn["stand_in"] is True and turn["seat"] == 0 for turn in marked)


# ---------------------------------------------------------------------- pieces
def test_stand_in_placements_count_plays_within_their_hands() -> None:
    events = [
        EventRecord(0, "hand", {}),
        EventRecord(1, "play", {"seat": 0, "play": "a"}),
        EventRecord(2, "hint", {"seat": 1}),
        EventRecord(3, "play", {"seat": 1, "play": "b", "stand_in": True}),
        EventRecord(4, "hand", {}),
        EventRecord(5, "play", {"seat": 2, "play": "c", "stand_in": True}),
        EventRecord(6, "play", {"seat": 3, "play": "d", "stand_in": "yes"}),
    ]
    assert stand_in_placements(events) == {(0, 1), (1, 0)}


def test_stored_clocks_are_read_within_the_control() -> None:
    control = TimeControl(10, 60)
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}, {"kind": "human"}]
    clock = TableClock.from_json(
        control,
        seats,
        {
            "reserves": {"0": 500, "1": 3},
            "away": [1, 2],
            "turn": [0, 4, 2],
            "move_left": 99,
            "reserve_left": 7,
        },
    )
    assert clock.reserves == {0: 60.0, 2: 60.0}  # never more than the control; bots have none
    assert clock.away == {2}
    assert clock.resume == ((0, 4, 2), 10.0, 7.0)
    assert TableClock.from_json(control, seats, {}).reserves == {0: 60.0, 2: 60.0}


def test_a_record_with_a_bad_stand_in_mark_is_refused() -> None:
    from sevenrocks.core.errors import RecordError
    from sevenrocks.core.match import Match

    match = Match(seed=3)
    match.start_hand()
    match.push(match.legal_plays()[0])
    data = MatchRecord.from_match(match).with_stand_ins({(0, 0)}).to_json()
    assert data["hands"][0]["events"][0]["stand_in"] is True
    data["hands"][0]["events"][0]["stand_in"] = "yes"
    with pytest.raises(RecordError, match="'stand_in' is true or left out"):
        MatchRecord.from_json(data)
    with pytest.raises(RecordError, match="no such play"):
        MatchRecord.from_match(match).with_stand_ins({(0, 5)})


def test_a_sausage_record_marks_moves_only() -> None:
    from sevenrocks.core.errors import RecordError
    from sevenrocks.core.sausage import SausageMatch

    match = SausageMatch(seed=5)
    match.start_deal()
    for _ in range(3):
        match.push(match.legal_moves()[0])
    data = SausageRecord.from_match(match).with_stand_ins({(0, 1)}).to_json()
    turns = data["hands"][0]["turns"]
    moves = [turn for turn in turns if turn["went"] in ("top", "bottom", "cut")]
    assert [turn.get("stand_in") for turn in moves][:3] == [None, True, None]
    assert SausageRecord.from_json(data).stand_ins == {(0, 1)}
    moves[1]["stand_in"] = 1
    with pytest.raises(RecordError, match="'stand_in' is true or left out"):
        SausageRecord.from_json(data)
    del moves[1]["stand_in"]
    forced = [turn for turn in turns if turn["went"] not in ("top", "bottom", "cut")]
    if forced:
        forced[0]["stand_in"] = True
        with pytest.raises(RecordError, match="only a move is marked"):
            SausageRecord.from_json(data)
    with pytest.raises(RecordError, match="no such move"):
        SausageRecord.from_match(match).with_stand_ins({(0, 9)})


def test_the_stand_in_answers_a_sea_goat_hundred_then_leads(tmp_path: Path) -> None:
    """The Sea Goat table of ``test_family``'s hundred (its deal seed): seat 0 plays its first legal
    move in time until it may declare a hundred, then lets its time run out there: the stand-in
    answers for it and leads."""
    from tests.web.test_family import HUNDRED_SEED

    settings = settings_for(f"sqlite:///{tmp_path / 'web.db'}", deal_seed=HUNDRED_SEED)
    with TestClient(create_app(settings)) as client:
        made = timed_table(
            client, ["me", "bot"], {"per_move": 2, "reserve": 0}, game="sea-kozel", bot="random"
        )
        with client.websocket_connect(ws_path(made["table"], made["tokens"][0], made["admin_token"])) as ws:
            sock = Socket(ws, "me")
            sock.until(lambda m: m["type"] == "state")
            sock.send({"type": "start"})
            state = sock.until(lambda m: m["type"] == "state" and m["phase"] == "playing")
            while not state["may_declare_hundred"]:
                assert state["phase"] != "over", "the hundred was never offered"
                if state["hand_over"]:
                    number = state["hand_number"]
                    sock.send({"type": "next_hand"})
                    state = sock.until(lambda m, n=number: m["type"] == "state" and m["hand_number"] > n)
                elif state["turn"] == 0 and state["legal"]:
                    sock.send({"type": "play", "play": state["legal"][0]["play"], "at": state["move"]})
                    state = sock.until(lambda m, n=state["move"]: m["type"] == "state" and m["move"] > n)
                else:
                    state = sock.until(lambda m: m["type"] == "state")
            assert state["hundred_pending"] == 0 and state["clock"]["seat"] == 0
            move = state["move"]
            assert not any(
                e.data.get("stand_in") for e in client.app.state.service.storage.events(made["table"])
            )  # type: ignore[attr-defined]
            # nobody answers: the stand-in does, then leads for the seat
            after = sock.until(lambda m: m["type"] == "state" and m["move"] > move, limit=2000)
            assert after["hundred_pending"] is None and 0 in after["clock"]["away"]
        events = client.app.state.service.storage.events(made["table"])  # type: ignore[attr-defined]
        plays = [e.data for e in events if e.kind == "play"]
        assert plays[move]["seat"] == 0 and plays[move].get("stand_in") is True
