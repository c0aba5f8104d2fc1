"""Who holds a seat: the browser that first opened its link, and nobody else (issue 13, items 1, 2, 7).

The creator's secret starts the match, re-invites seats nobody has taken and seats bots; it never
gives a seat. A seat's link claims it once; from then on only the claiming browser's session
secret opens it. Joining is checked and attached under the table's lock, the lock under which a
bot is seated, so a seat's old link cannot slip into a bot's seat, however the two race.
"""

from __future__ import annotations

import random
import threading
import time
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.web.conftest import Socket, make_table, play_to_the_end, ws_path

pytestmark = pytest.mark.timeout(120)


def refused(client: TestClient, path: str) -> dict[str, Any]:
    """Connect to ``path``, expecting a refusal: the error, then the server closes (4403)."""
    with client.websocket_connect(path) as ws:
        message: dict[str, Any] = ws.receive_json()
        assert message["type"] == "error", message
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403
        return message


def links(client: TestClient, made: dict[str, Any]) -> dict[int, dict[str, Any]]:
    answer = client.post(f"/api/tables/{made['table']}/links", json={"admin": made["admin_token"]})
    assert answer.status_code == 200, answer.text
    return {entry["seat"]: entry for entry in answer.json()["seats"]}


def test_a_claimed_seat_is_its_browsers_alone(client: TestClient) -> None:
    made = make_table(client, ["me", "friend", "friend", "bot"])
    table, tokens, admin = made["table"], made["tokens"], made["admin_token"]
    assert {s: "link" in e for s, e in links(client, made).items()} == {0: True, 1: True, 2: True}
    with ExitStack() as stack:
        creator = Socket(stack.enter_context(client.websocket_connect(ws_path(table, tokens[0], admin))), "0")
        creator.until(lambda m: m["type"] == "state")
        friend = Socket(stack.enter_context(client.websocket_connect(ws_path(table, tokens[1]))), "1")
        welcome = friend.recv()
        assert welcome["seat"] == 1 and len(welcome["session"]) >= 32
        session = welcome["session"]
        state = creator.until(lambda m: m["type"] == "seats" and m["seats"][1]["claimed"])
        assert [s["claimed"] for s in state["seats"]] == [True, True, False, False]
        # the creator sees seat 1 taken, and has no link for it any more
        now = links(client, made)
        assert now[1] == {"seat": 1, "name": "friend 1", "claimed": True}
        assert now[2]["claimed"] is False and now[2]["link"].endswith(tokens[2])
        # the link alone is refused: for the creator (with the creator's secret too) and for anyone
        for path in (ws_path(table, tokens[1], admin), ws_path(table, tokens[1])):
            refusal = refused(client, path)
            assert refusal["code"] == "seat_taken"
            assert "seat 1 was taken by the browser that first opened this link" in refusal["message"]
        # the rightful browser opens it again (another tab), with its session
        again = Socket(
            stack.enter_context(client.websocket_connect(ws_path(table, tokens[1], session=session))), "1b"
        )
        assert again.recv()["seat"] == 1 and "session" not in (again.welcome or {})
        # a made-up or mangled session holds nothing
        for forged in ("x" * 32, session[:-1] + ("A" if session[-1] != "A" else "B"), "é" * 32, "%00"):
            assert refused(client, ws_path(table, session=forged))["code"] == "bad_session"
    # after leaving, the same browser comes back to its seat
    with client.websocket_connect(ws_path(table, session=session)) as back:
        assert back.receive_json()["seat"] == 1
    assert refused(client, ws_path(table, tokens[1]))["code"] == "seat_taken"


def test_the_creators_secret_never_gives_a_seat(client: TestClient) -> None:
    made = make_table(client, ["friend", "friend", "bot", "bot"])
    table, admin = made["table"], made["admin_token"]
    assert made["seat"] is None and "token" not in made["link"]
    with client.websocket_connect(ws_path(table, None, admin)) as ws:
        welcome = ws.receive_json()
        assert welcome["seat"] is None and welcome["admin"] is True and "session" not in welcome
        state = ws.receive_json()
        assert state["hand"] is None and state["seat"] is None
    # the creator's own seat is claimed like any other: by the first browser
    made = make_table(client, ["me", "friend", "bot", "bot"])
    with client.websocket_connect(ws_path(made["table"], made["tokens"][0], made["admin_token"])) as ws:
        assert ws.receive_json()["session"]
    assert (
        refused(client, ws_path(made["table"], made["tokens"][0], made["admin_token"]))["code"]
        == "seat_taken"
    )


def test_spectators_never_get_a_seat(client: TestClient) -> None:
    made = make_table(client, ["me", "friend", "bot", "bot"])
    with client.websocket_connect(ws_path(made["table"])) as ws:
        watcher = Socket(ws, "spectator")
        welcome = watcher.recv()
        assert welcome["seat"] is None and welcome["admin"] is False and "session" not in welcome
        for intent in ({"type": "play", "play": "3-4"}, {"type": "next_hand"}, {"type": "start"}):
            assert watcher.answer(intent)["code"] == "forbidden"
        assert watcher.answer({"type": "replace", "seat": 1, "bot": "random"})["code"] == "forbidden"
    assert [s["claimed"] for s in client.get(f"/api/tables/{made['table']}").json()["seats"]] == [False] * 4


def test_an_unclaimed_seat_can_be_reinvited_a_claimed_one_cannot(client: TestClient) -> None:
    made = make_table(client, ["me", "friend", "friend", "bot"])
    table, tokens, admin = made["table"], made["tokens"], made["admin_token"]
    url = f"/api/tables/{table}/invite"
    assert client.post(url, json={"admin": tokens[0], "seat": 2}).status_code == 403
    fresh = client.post(url, json={"admin": admin, "seat": 2})
    assert fresh.status_code == 200 and fresh.json()["claimed"] is False
    new_token = fresh.json()["link"].split("token=")[1]
    assert new_token != tokens[2] and links(client, made)[2]["link"] == fresh.json()["link"]
    assert refused(client, ws_path(table, tokens[2]))["code"] == "bad_token"  # the old link is dead
    with client.websocket_connect(ws_path(table, new_token)) as ws:
        assert ws.receive_json()["seat"] == 2
    taken = client.post(url, json={"admin": admin, "seat": 2})
    assert taken.status_code == 409 and taken.json()["code"] == "claimed"
    bot = client.post(url, json={"admin": admin, "seat": 3})
    assert bot.status_code == 409 and bot.json()["code"] == "not_human"
    assert client.post(url, json={"admin": admin, "seat": 4}).status_code == 422


# ------------------------------------------------------------------------- item 2: the race
def _race_once(client: TestClient, rng: random.Random, claimed: bool) -> tuple[str, str]:
    """The creator seats a bot for seat 1 while seat 1's link (or its browser's session) connects.

    Returns what each side got: the creator's answer (``pong``: the bot was seated, or the error
    code) and the joining browser's first message (``welcome`` or the error code).
    """
    made = make_table(client, ["me", "friend", "bot", "bot"], target=10_000)
    table, tokens = made["table"], made["tokens"]
    session = None
    if claimed:
        with client.websocket_connect(ws_path(table, tokens[1])) as ws:
            session = ws.receive_json().get("session")
    with ExitStack() as stack:
        creator = Socket(
            stack.enter_context(client.websocket_connect(ws_path(table, tokens[0], made["admin_token"]))), "0"
        )
        creator.until(lambda m: m["type"] == "state")
        joined: dict[str, Any] = {}

        def join() -> None:
            time.sleep(rng.uniform(0, 0.02))
            ws = stack.enter_context(client.websocket_connect(ws_path(table, tokens[1], session=session)))
            joined["first"] = ws.receive_json()

        thread = threading.Thread(target=join)
        thread.start()
        time.sleep(rng.uniform(0, 0.015))
        reply = creator.answer({"type": "replace", "seat": 1, "bot": "random"})
        thread.join(10)
        first = joined["first"]
        live = client.app.state.service.tables[table]  # type: ignore[attr-defined]
        kind = live.record.seats[1]["kind"]
        attached = [c for c in live.connections if c.seat == 1]
        got = "welcome" if first["type"] == "welcome" else first["code"]
        answer = "pong" if reply["type"] == "pong" else reply["code"]
        if kind == "bot":
            # the seat became a bot's: the link must have been refused, and nothing holds seat 1
            assert got in ("bad_token", "bad_session") and not attached, (got, answer)
            assert answer == "pong"
        else:
            assert got == "welcome" and attached and answer == "still_connected", (got, answer)
        return answer, got


@pytest.mark.timeout(300)
def test_a_seats_old_link_never_holds_a_bots_seat(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    storage = client.app.state.service.storage  # type: ignore[attr-defined]
    slow_update = storage.update_table

    def update_table(*args: Any, **kwargs: Any) -> None:
        time.sleep(0.01)  # a slow database widens the window between the check and the write
        slow_update(*args, **kwargs)

    monkeypatch.setattr(storage, "update_table", update_table)
    rng = random.Random(13)
    outcomes = [_race_once(client, rng, claimed=i % 2 == 1) for i in range(40)]
    # both orders happened: the race was really run
    assert {answer for answer, _ in outcomes} == {"pong", "still_connected"}, outcomes


# ---------------------------------------------------------------- item 7: a finished match
def test_no_bot_is_seated_in_a_finished_match(client: TestClient) -> None:
    made = make_table(client, ["me", "friend", "bot", "bot"], target=5)
    table = made["table"]
    with ExitStack() as stack:
        creator = Socket(
            stack.enter_context(
                client.websocket_connect(ws_path(table, made["tokens"][0], made["admin_token"]))
            ),
            "0",
        )
        creator.until(lambda m: m["type"] == "state")
        with client.websocket_connect(ws_path(table, made["tokens"][1])) as ws:
            friend = Socket(ws, "1")
            friend.until(lambda m: m["type"] == "state")
            creator.send({"type": "start"})
            final = play_to_the_end({0: creator, 1: friend})
        assert final["status"] == "over"
        creator.until(lambda m: m["type"] == "seats" and not m["seats"][1]["connected"])
        refusal = creator.answer({"type": "replace", "seat": 1, "bot": "greedy"})
        assert refusal["code"] == "match_over" and "match is over" in refusal["message"]
    stored = client.app.state.service.storage.table(table)  # type: ignore[attr-defined]
    assert stored.seats[1]["kind"] == "human" and stored.seats[1]["name"] == "friend 1"
    record = client.get(f"/api/matches/{table}/record").json()
    assert record["players"][1] == "friend 1"
