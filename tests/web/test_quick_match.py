"""Quick match ("Play now") and public tables, through the HTTP API and WebSockets, on SQLite and
PostgreSQL: seats given one per person, bots filling the seats nobody took after the wait, a
full table starting at once, the lobby's list of free seats, a restart keeping the plan, and
the refusals."""

from __future__ import annotations

import time
from contextlib import ExitStack
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from sevenrocks.web import create_app
from sevenrocks.web.quick_match import pick_table
from tests.web.conftest import Socket, make_table, play_to_the_end, settings_for, ws_path
from tests.web.test_accounts import sign_up

pytestmark = pytest.mark.timeout(120)


def token_of(link: str) -> str:
    return parse_qs(urlparse(link).query)["token"][0]


def connect(client: TestClient, stack: ExitStack, table: str, link: str, label: str) -> Socket:
    """Open a seat's link (claiming the seat) and read up to its first state."""
    sock = Socket(stack.enter_context(client.websocket_connect(ws_path(table, token_of(link)))), label)
    sock.until(lambda m: m["type"] == "welcome")
    sock.until(lambda m: m["type"] == "state")
    return sock


def wait_status(client: TestClient, table: str, status: str, seconds: float = 20) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while True:
        info: dict[str, Any] = client.get(f"/api/tables/{table}").json()
        if info["status"] == status:
            return info
        assert time.monotonic() < deadline, info
        time.sleep(0.05)


def test_play_now_seats_people_together_then_bots_fill_the_rest(db_url: str) -> None:
    with TestClient(create_app(settings_for(db_url, quick_wait=1.5))) as client, ExitStack() as stack:
        first = client.post("/api/quick", json={"game": "seven-rocks", "bot": "greedy", "name": "Leyla"})
        assert first.status_code == 200, first.text
        made = first.json()
        assert (
            made["seat"] == 0
            and made["quick"]["bot"] == "greedy"
            and 0 < made["quick"]["seconds_left"] <= 1.5
        )
        table = made["table"]
        second = client.post(
            "/api/quick", json={"game": "seven-rocks", "bot": "random", "name": "Emre"}
        ).json()
        assert second["table"] == table and second["seat"] == 1, "a second person joins the waiting table"
        assert token_of(second["link"]) != token_of(made["link"])
        # the lobby lists the public table with the seats still free (the two given are held)
        listed = {t["table"]: t for t in client.get("/api/tables").json()["tables"]}
        assert listed[table]["free_seats"] == [2, 3] and listed[table]["public"] is True
        assert listed[table]["quick"]["bot"] == "greedy"
        leyla = connect(client, stack, table, made["link"], "Leyla")
        emre = connect(client, stack, table, second["link"], "Emre")
        assert leyla.state is not None and leyla.state["quick"]["bot"] == "greedy"
        assert [s["name"] for s in leyla.state["seats"]][:2] == ["Leyla", "Emre"]
        # the wait ends: bots of the first player's level take seats 2 and 3, the match starts
        info = wait_status(client, table, "playing")
        kinds = [(s["kind"], s.get("bot")) for s in info["seats"]]
        assert kinds == [("human", None), ("human", None), ("bot", "greedy"), ("bot", "greedy")]
        assert info["quick"] is None
        final = play_to_the_end({0: leyla, 1: emre})
        assert final["phase"] == "over"
        # a new quick match makes a new table: the old one has started
        third = client.post("/api/quick", json={"game": "seven-rocks"}).json()
        assert third["table"] != table and third["seat"] == 0


def test_a_full_quick_match_starts_at_once_and_each_seat_goes_to_one_person(db_url: str) -> None:
    with TestClient(create_app(settings_for(db_url, quick_wait=60))) as client, ExitStack() as stack:
        given = [client.post("/api/quick", json={"game": "kozel", "seats": 2}).json() for _ in range(2)]
        assert {g["table"] for g in given} == {given[0]["table"]} and [g["seat"] for g in given] == [0, 1]
        other = client.post("/api/quick", json={"game": "kozel", "seats": 4}).json()
        assert other["table"] != given[0]["table"], "a table of another size is another table"
        socks = [connect(client, stack, g["table"], g["link"], f"seat {g['seat']}") for g in given]
        info = wait_status(client, given[0]["table"], "playing", seconds=5)  # long before the wait's end
        assert all(s["kind"] == "human" for s in info["seats"])
        assert socks[0].current(lambda m: m["type"] == "state" and m["phase"] == "playing")


def test_public_tables_list_free_seats_and_anyone_may_take_one(db_url: str) -> None:
    with TestClient(create_app(settings_for(db_url))) as client, ExitStack() as stack:
        made = make_table(client, ["me", "friend", "bot", "friend"], public=True)
        table = made["table"]
        listed = {t["table"]: t for t in client.get("/api/tables").json()["tables"]}
        assert listed[table]["free_seats"] == [1, 3], "the creator's seat is not free"
        took = client.post(f"/api/tables/{table}/take", json={"seat": 3, "name": "Aylin"})
        assert took.status_code == 200, took.text
        assert took.json()["seat"] == 3
        again = client.post(f"/api/tables/{table}/take", json={"seat": 3})
        assert again.status_code == 409 and "seat 3 is not free" in again.json()["message"]
        bot_seat = client.post(f"/api/tables/{table}/take", json={"seat": 2})
        assert bot_seat.status_code == 409
        first_free = client.post(f"/api/tables/{table}/take", json={}).json()
        assert first_free["seat"] == 1
        full = client.post(f"/api/tables/{table}/take", json={})
        assert full.status_code == 409 and full.json()["code"] == "no_free_seat"
        sock = connect(client, stack, table, took.json()["link"], "Aylin")
        assert sock.welcome is not None and sock.welcome["seat"] == 3 and sock.welcome["name"] == "Aylin"
        # a private table's seats are by invitation only
        private = make_table(client, ["me", "friend", "bot", "bot"])
        refused = client.post(f"/api/tables/{private['table']}/take", json={})
        assert refused.status_code == 409 and refused.json()["code"] == "not_public"
        listed = {t["table"]: t for t in client.get("/api/tables").json()["tables"]}
        assert private["table"] not in listed  # nobody joined it: not listed


def test_a_restarted_server_still_starts_the_waiting_quick_match(db_url: str) -> None:
    settings = settings_for(db_url, quick_wait=2.0)
    with TestClient(create_app(settings)) as client, ExitStack() as stack:
        made = client.post("/api/quick", json={"game": "seven-rocks", "bot": "random"}).json()
        connect(client, stack, made["table"], made["link"], "seat 0")  # claimed, then the server stops
        lonely = client.post("/api/quick", json={"game": "kozel", "seats": 2, "bot": "random"}).json()
    with TestClient(create_app(settings)) as client:  # the first server is gone; its plans are stored
        info = wait_status(client, made["table"], "playing", seconds=15)
        assert [s["kind"] for s in info["seats"]] == ["human", "bot", "bot", "bot"]
        assert [s.get("bot") for s in info["seats"][1:]] == ["random"] * 3
        # nobody ever opened the other table's link: it is closed, not played by bots alone
        deadline = time.monotonic() + 15
        while client.get(f"/api/tables/{lonely['table']}").status_code != 404:
            assert time.monotonic() < deadline
            time.sleep(0.05)


@pytest.mark.parametrize(
    ("body", "wanted"),
    [
        ({"game": "chess"}, "unknown game 'chess'"),
        ({"bot": "genius"}, "unknown bot level 'genius'"),
        ({"game": "sausage", "seats": 4}, "sausage is played by 2 seats, not 4"),
        ({"name": "\u200b"}, "the name has no visible letters"),
    ],
)
def test_bad_quick_requests_are_refused_with_the_reason(
    client: TestClient, body: dict[str, Any], wanted: str
) -> None:
    answer = client.post("/api/quick", json=body)
    assert answer.status_code == 400 and wanted in answer.json()["message"], answer.text
    assert client.get("/api/tables").json()["tables"] == []  # nothing made


def test_bad_quick_fields_are_refused_by_the_schema(client: TestClient) -> None:
    assert client.post("/api/quick", json={"seats": 9}).status_code == 422
    assert client.post("/api/quick", json={"extra": 1}).status_code == 422
    assert client.post("/api/tables/nosuchtable0/take", json={}).status_code == 404


def test_a_logged_in_players_rating_goes_with_the_seat(db_url: str) -> None:
    """Play now as an account with a rating: the plan keeps it, to seat the next people by rating."""
    with TestClient(create_app(settings_for(db_url, quick_wait=60))) as client:
        assert sign_up(client, "Leyla").status_code == 303
        engine = client.app.state.service.storage.engine  # type: ignore[attr-defined]
        with engine.begin() as conn:
            conn.execute(text("UPDATE sevenrocks_accounts SET mu = 31.5, sigma = 2.0 WHERE name = 'Leyla'"))
        given = client.post("/api/quick", json={"game": "seven-rocks"}).json()
        stored = client.app.state.service.storage.table(given["table"])  # type: ignore[attr-defined]
        assert stored.quick["ratings"] == {"0": 31.5}
        guest = TestClient(client.app)
        other = guest.post("/api/quick", json={"game": "seven-rocks"}).json()  # a guest: no rating
        assert other["table"] == given["table"] and other["seat"] == 1
        stored = client.app.state.service.storage.table(given["table"])  # type: ignore[attr-defined]
        assert stored.quick["ratings"] == {"0": 31.5}


def test_the_nearest_rating_is_chosen_and_unrated_people_take_the_oldest() -> None:
    assert pick_table([(1800.0, 0), (1210.0, 1), (None, 2)], 1200.0) == 1
    assert pick_table([(None, 0), (1500.0, 1)], 1200.0) == 1  # a rated table before an unrated one
    assert pick_table([(1300.0, 0), (1100.0, 1)], 1200.0) == 0  # a tie: the older
    assert pick_table([(1800.0, 3), (1210.0, 1)], None) == 1  # no rating: the oldest
