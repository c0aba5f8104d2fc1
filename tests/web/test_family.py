"""Tables of every game of the family: created with their options and seats (checked strictly),
played to the end by bots, listed among the past matches, replayed position by position and
downloaded as records of version 2; a person's seat plays over the WebSocket with draws and the
game's own words (Sausage: tests/web/test_sausage.py). On SQLite and PostgreSQL (``db_url``)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from sevenrocks.core.games import GAMES, Engine
from sevenrocks.core.record import MatchRecord
from sevenrocks.web.service import rebuild_match
from tests.web.conftest import Socket, make_table, play_to_the_end, ws_path

pytestmark = pytest.mark.timeout(300)

LAYOUT_GAMES = [g for g in GAMES if g.engine is Engine.LAYOUT]


def _short(game: Any) -> dict[str, Any]:
    """Options that make a short match of ``game``."""
    names = {o.name for o in game.options}
    if game.id == "sports-kozel":
        return {"deals": 4}
    return {"target": 15} if "target" in names else {}


def _wait_over(client: TestClient, table: str) -> dict[str, Any]:
    for _ in range(1200):
        info: dict[str, Any] = client.get(f"/api/tables/{table}").json()
        if info["status"] == "over":
            return info
        time.sleep(0.02)
    raise AssertionError(f"table {table} did not finish")


@pytest.mark.parametrize("game", LAYOUT_GAMES, ids=[g.id for g in LAYOUT_GAMES])
def test_bots_play_every_game_to_its_end_and_it_replays(client: TestClient, game: Any) -> None:
    seats = game.seats[0] if game.id != "seven-rocks" else 4
    options = _short(game)
    made = make_table(client, ["bot"] * seats, target=None, game=game.id, options=options)
    assert made["game"] == game.id and made["options"] == ({} if game.id == "seven-rocks" else options)
    assert (
        client.post(f"/api/tables/{made['table']}/start", json={"admin": made["admin_token"]}).status_code
        == 200
    )
    info = _wait_over(client, made["table"])
    assert info["game"] == game.id and len(info["seats"]) == seats
    past = client.get("/api/matches").json()["matches"]
    assert [m["game"] for m in past if m["table"] == made["table"]] == [game.id]
    summary = client.get(f"/api/matches/{made['table']}").json()
    assert summary["game"] == game.id and summary["seats_count"] == seats and summary["over_text"]
    assert all(h["result"]["text"] for h in summary["hands"] if h["result"] is not None)
    played = next(h for h in summary["hands"] if h["placements"])
    for step in (0, played["placements"]):
        position = client.get(
            f"/api/matches/{made['table']}/position", params={"hand": played["hand"], "step": step}
        ).json()
        assert len(position["hands"]) == seats and position["step"] == step
    assert position["result"] is not None  # the last step of a hand shows its end
    last = position["last"]  # the last move in words, by the bot's name, in the asked language
    assert last["words"].startswith(f"{info['seats'][last['seat']]['name']} (seat {last['seat']}) ")
    assert "@" not in last["words"] and all(k["words"] for k in position["knocks"])
    said = client.get(
        f"/api/matches/{made['table']}/position", params={"hand": played["hand"], "step": 1, "lang": "tr"}
    ).json()["last"]["words"]
    leader = summary["hands"][played["hand"]]["leader"]
    assert f"(koltuk {leader})" in said, said  # the hand's lead, in Turkish
    record = client.get(f"/api/matches/{made['table']}/record").json()
    assert record["version"] == 2 and record["game"] == game.id and record["seats"] == seats
    loaded = MatchRecord.from_json(record)
    storage = client.app.state.service.storage  # type: ignore[attr-defined]
    match, _ = rebuild_match(storage.table(made["table"]), storage.events(made["table"]))
    assert match is not None and match.is_over
    assert len(loaded.hands) == len(match.history)


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"game": "chess"}, 400, "unknown game 'chess'"),
        ({"game": "sausage", "seats": 3}, 400, "sausage is played by 2 seats, not 3"),
        ({"game": "sausage", "seats": 2, "bot": "expert"}, 400, "does not play sausage"),
        ({"game": "kozel", "options": {"goat": 1}}, 400, "kozel has no option 'goat'"),
        ({"game": "kozel", "options": {"reserve": 5}}, 400, "kozel option 'reserve' may be 0, 1, not 5"),
        ({"game": "kozel", "options": {"remember": "yes"}}, 400, "option 'remember' is true or false"),
        ({"game": "general", "seats": 2}, 400, "general is played by 4 seats, not 2"),
        ({"game": "general", "target": 50}, 400, "general has no option 'target'"),
        ({"game": "kozel", "options": {"target": 51}, "target": 61}, 400, "the target is given twice"),
        ({"game": "kozel", "bot": "expert"}, 400, "seat 0"),
        ({"game": "kozel", "options": {"target": 1.5}}, 422, "options"),
    ],
)
def test_bad_games_options_and_seats_are_refused_naming_them(
    client: TestClient, body: dict[str, Any], status: int, words: str
) -> None:
    body = dict(body)  # the parameters are shared by both databases' runs
    seats = [{"kind": "bot", "bot": body.pop("bot", "random")}] * body.pop("seats", 4)
    answer = client.post("/api/tables", json={**body, "seats": seats})
    assert answer.status_code == status, answer.text
    assert words in answer.json()["message"]


def test_the_games_are_listed_with_options_seats_and_bots(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    assert set(games) == {g.id for g in GAMES}
    assert games["sausage"]["seats"] == [2] and games["sausage"]["bots"] == ["greedy", "random", "search"]
    kozel = games["kozel"]
    assert kozel["seats"] == [2, 3, 4] and kozel["bots"] == ["champion", "greedy", "random", "search"]
    reserve = next(o for o in kozel["options"] if o["name"] == "reserve")
    assert reserve["default"] == 1 and reserve["choices"] == [0, 1]
    assert "expert" in games["seven-rocks"]["bots"]
    russian = {g["id"]: g for g in client.get("/api/games?lang=ru").json()["games"]}
    assert russian["kozel"]["name"] != kozel["name"]


@pytest.mark.parametrize(("game", "seats"), [("kozel", 2), ("donkey", 3), ("sea-kozel", 4)])
def test_a_person_plays_a_family_game_against_bots_over_the_socket(
    client: TestClient, game: str, seats: int
) -> None:
    made = make_table(client, ["me"] + ["bot"] * (seats - 1), target=None, game=game, options={"target": 20})
    path = ws_path(made["table"], made["tokens"][0], made["admin_token"])
    with client.websocket_connect(path) as ws:
        sock = Socket(ws, "me")
        sock.until(lambda m: m["type"] == "state")
        sock.send({"type": "start"})
        sock.until(lambda m: m["type"] == "state" and m["phase"] == "playing")
        final = _play_with_hundreds(sock)
    assert final["phase"] == "over" and final["over_text"]
    assert final["sheet"]["remembered"] is not None and final["sheet"]["eggs"] is not None
    assert final["results"] and all(r["text"] for r in final["results"])


def _play_with_hundreds(sock: Socket) -> dict[str, Any]:
    """Play seat 0 to the end: decline any hundred, first legal move, every settlement seen; each
    position is acted on once (a state may arrive twice)."""
    acted_move = acted_hand = declined = -1
    while True:

        def ready(
            m: dict[str, Any], move: int = acted_move, hand: int = acted_hand, no: int = declined
        ) -> bool:
            if m["type"] != "state":
                return False
            if m["phase"] == "over" or (m["may_declare_hundred"] and m["hand_number"] > no):
                return True
            if m["hand_over"]:
                return bool(m["hand_number"] > hand)
            return m["turn"] == 0 and bool(m["legal"]) and m["move"] > move and m["hundred_pending"] is None

        state = sock.current(ready)
        if state["phase"] == "over":
            return state
        if state["may_declare_hundred"] and state["hand_number"] > declined:
            sock.send({"type": "hundred", "declare": False})
            declined = state["hand_number"]
        elif state["hand_over"]:
            sock.send({"type": "next_hand"})
            acted_hand = state["hand_number"]
        else:
            assert all(d["tile"] is None for d in state["events"] if d["kind"] == "draw" and d["seat"] != 0)
            sock.send({"type": "play", "play": state["legal"][0]["play"], "at": state["move"]})
            acted_move = state["move"]


def test_seven_rocks_tables_play_as_before(client: TestClient) -> None:
    made = make_table(client, ["me", "bot", "bot", "bot"], target=30)
    with client.websocket_connect(ws_path(made["table"], made["tokens"][0], made["admin_token"])) as ws:
        sock = Socket(ws, "me")
        sock.until(lambda m: m["type"] == "state")
        sock.send({"type": "start"})
        final = play_to_the_end({0: sock})
    assert final["winner"] is not None and final["game"] == "seven-rocks" and final["boneyard"] == 0


def test_a_hundred_is_refused_where_none_may_be_declared(client: TestClient) -> None:
    made = make_table(client, ["me", "bot"], target=None, game="kozel", options={"target": 20})
    with client.websocket_connect(ws_path(made["table"], made["tokens"][0], made["admin_token"])) as ws:
        sock = Socket(ws, "me")
        sock.until(lambda m: m["type"] == "state")
        sock.send({"type": "start"})
        state = sock.until(lambda m: m["type"] == "state" and m["phase"] == "playing")
        assert state["may_declare_hundred"] is False and state["hundred_pending"] is None
        refused = sock.answer({"type": "hundred", "declare": True})
        assert refused["code"] == "no_hundred" and "hundred" in refused["message"]
        assert sock.answer({"type": "hundred", "declare": "yes"})["code"] == "bad_message"


def test_expert_is_refused_for_a_seat_of_another_game(client: TestClient) -> None:
    made = make_table(client, ["me", "friend"], target=None, game="kozel", options={"target": 20})
    with client.websocket_connect(ws_path(made["table"], made["tokens"][0], made["admin_token"])) as ws:
        sock = Socket(ws, "me")
        sock.until(lambda m: m["type"] == "state")
        refused = sock.answer({"type": "replace", "seat": 1, "bot": "expert"})
        assert refused["code"] == "bad_bot" and "seat 1" in refused["message"]
        assert (
            sock.answer({"type": "replace", "seat": 3, "bot": "greedy"})["message"]
            == "a seat is 0 to 1, not 3"
        )


#: With this deal seed, the first Sea Goat table (seat 0 a person playing its first legal move,
#: seat 1 the random bot) lets seat 0 declare a voluntary hundred before the lead of hand 2.
HUNDRED_SEED = 2


def test_a_person_declares_a_sea_goat_hundred(db_url: str) -> None:
    from sevenrocks.web import create_app
    from tests.web.conftest import settings_for

    with TestClient(create_app(settings_for(db_url, deal_seed=HUNDRED_SEED))) as client:
        made = make_table(client, ["me", "bot"], target=None, game="sea-kozel", options={})
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
            assert state["hundred_pending"] == 0 and state["sheet"]["hundred"] is None
            move = state["move"]
            time.sleep(0.2)  # the bot waits for the answer, even when it is to lead
            sock.send({"type": "ping"})
            assert sock.until(lambda m: m["type"] in ("pong", "state"))["type"] == "pong"
            sock.send({"type": "hundred", "declare": True})
            state = sock.until(lambda m: m["type"] == "state" and m["hundred_pending"] is None)
            assert state["move"] == move and state["leader"] == 0 and state["turn"] == 0
            assert state["sheet"]["hundred"] == 0 and [o["play"] for o in state["legal"]] == ["6-6"]
            assert sock.answer({"type": "hundred", "declare": True})["code"] == "no_hundred"
        storage = client.app.state.service.storage  # type: ignore[attr-defined]
        events = storage.events(made["table"])
        assert [e.data for e in events if e.kind == "hundred"] == [{"seat": 0}]
        match, _ = rebuild_match(storage.table(made["table"]), events)
        assert match is not None and match.history[-1].imposed == "declared" and match.leader == 0
