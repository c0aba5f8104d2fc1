"""Bounded resources and clean errors (issue 13, items 3, 4, 8, 9, 10).

Each test here fails on the code before the hardening: echoed input, unpaced messages and table
creations, an uncaught ``RecursionError``, sizes counted in characters, unlimited bodies, lax
types, tables never closed, every table reloaded at start-up, and full states sent to everyone
whenever anyone came or went.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from sevenrocks.web import create_app
from tests.web.conftest import Socket, make_table, play_to_the_end, settings_for, ws_path

pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def paced(db_url: str) -> Iterator[TestClient]:
    """The app with small limits: 5 messages a second (bursts of 10), 3 tables an hour per address."""
    settings = settings_for(db_url, messages_per_second=5.0, new_tables_per_hour=3)
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def ping_ok(sock: Socket) -> None:
    sock.send({"type": "ping"})
    assert sock.until(lambda m: m["type"] in ("pong", "error")) == {"type": "pong"}


# ------------------------------------------------------------------ item 3: echo, rate, outbox
MARK = "ZQXJ"
ECHOES = [
    {"type": MARK * 10},
    {"type": "play", MARK * 10: 1},
    {"type": "play", "play": MARK * 200},
    {"type": "play", "play": "3-4", "at": int("9" * 300)},
    {"type": "replace", "seat": 10**40, "bot": MARK},
    {"type": "replace", "seat": 1, "bot": MARK * 30},
    [MARK] * 50,
    MARK,
]


def test_errors_do_not_echo_the_message(client: TestClient) -> None:
    made = make_table(client, ["me", "friend", "bot", "bot"])
    with client.websocket_connect(ws_path(made["table"], made["tokens"][0], made["admin_token"])) as ws:
        sock = Socket(ws, "creator")
        sock.until(lambda m: m["type"] == "state")
        for message in ECHOES:
            reply = sock.answer(message)
            assert reply["type"] == "error" and reply["message"], message
            assert MARK not in json.dumps(reply) and "9" * 20 not in json.dumps(reply), reply
            assert len(json.dumps(reply)) < 400


def test_a_connection_is_paced(paced: TestClient) -> None:
    made = make_table(paced, ["me", "bot", "bot", "bot"])
    with paced.websocket_connect(ws_path(made["table"], made["tokens"][0])) as ws:
        sock = Socket(ws, "fast")
        sock.until(lambda m: m["type"] == "state")
        for _ in range(40):
            sock.send({"type": "ping"})
        sock.send({"type": "ping"})
        replies = []
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            replies.append(sock.recv())
            if replies[-1]["type"] == "error":
                break
        pongs = [r for r in replies if r["type"] == "pong"]
        assert 9 <= len(pongs) <= 25, len(pongs)  # the burst (10), and what refilled meanwhile
        assert replies[-1]["code"] == "too_fast" and "at most 5 a second" in replies[-1]["message"]
        time.sleep(1.2)
        ping_ok(sock)  # answered again once the pace is kept


def test_table_creations_are_limited_per_address(paced: TestClient) -> None:
    for _ in range(3):
        make_table(paced, ["bot"] * 4)
    refused = paced.post("/api/tables", json={"seats": [{"kind": "bot"}] * 4})
    assert refused.status_code == 429 and refused.json()["code"] == "too_many_tables"
    assert "at most 3 an hour" in refused.json()["message"] and refused.headers["retry-after"]


def test_tables_have_a_ceiling_for_all_addresses(db_url: str) -> None:
    with TestClient(create_app(settings_for(db_url, max_live_tables=2))) as client:
        make_table(client, ["bot"] * 4)
        make_table(client, ["bot"] * 4)
        full = client.post("/api/tables", json={"seats": [{"kind": "bot"}] * 4})
        assert full.status_code == 503 and full.json()["code"] == "server_full"


def test_a_table_admits_a_bounded_number_of_browsers(db_url: str) -> None:
    with TestClient(create_app(settings_for(db_url, connections_per_table=3))) as client:
        made = make_table(client, ["me", "bot", "bot", "bot"])
        with ExitStack() as stack:
            for _ in range(3):
                stack.enter_context(client.websocket_connect(ws_path(made["table"]))).receive_json()
            with client.websocket_connect(ws_path(made["table"])) as extra:
                assert extra.receive_json()["code"] == "table_full"
                with pytest.raises(WebSocketDisconnect) as closed:
                    extra.receive_json()
                assert closed.value.code == 4429


def _outbox_run(limit: int, sends: int) -> tuple[Any, list[tuple[int, str]], int]:
    from sevenrocks.web.connection import Connection

    async def scenario() -> tuple[Any, list[tuple[int, str]], int]:
        stuck = asyncio.Event()  # the browser never reads: the first send never finishes
        closed: list[tuple[int, str]] = []

        async def send(_message: dict[str, Any]) -> None:
            await stuck.wait()

        async def close(code: int, reason: str) -> None:
            closed.append((code, reason))

        conn = Connection(0, False, send, close=close, limit=limit)
        most = 0
        for number in range(sends):
            conn.send({"type": "error", "code": "bad_message", "message": "x" * 100, "n": number})
            most = max(most, conn._queue.qsize())
            await asyncio.sleep(0)
        await asyncio.sleep(0.05)
        return conn, closed, most

    return asyncio.run(scenario())


def test_the_outbox_of_a_browser_that_does_not_read_is_bounded() -> None:
    from sevenrocks.web.connection import CLOSE_OVERFLOW

    conn, closed, most = _outbox_run(limit=8, sends=250_000)
    assert conn.dropped and most <= 8
    assert closed == [(CLOSE_OVERFLOW, "too many unread messages")]
    assert conn._queue.qsize() == 0  # what was queued is let go
    calm, closed, _ = _outbox_run(limit=8, sends=5)
    assert not calm.dropped and closed == []


# ---------------------------------------------------------------- item 4: deeply nested JSON
@pytest.mark.parametrize(
    "raw", ["[" * 1100, "[" * 1100 + "]" * 1100, '[{"":' * 500 + "1" + "}]" * 500, "[" * 4000]
)
def test_deeply_nested_json_is_not_json_and_the_socket_stays(client: TestClient, raw: str) -> None:
    made = make_table(client, ["me", "bot", "bot", "bot"])
    with client.websocket_connect(ws_path(made["table"], made["tokens"][0])) as ws:
        sock = Socket(ws, "nested")
        sock.until(lambda m: m["type"] == "state")
        sock.session.send_text(raw)
        assert sock.error()["code"] == "not_json"
        ping_ok(sock)
    answer = client.post("/api/tables", content=raw.encode(), headers={"content-type": "application/json"})
    assert answer.status_code in (400, 422) and answer.json()["type"] == "error"


# ----------------------------------------------------------------------- item 8: sizes in bytes
def test_the_message_limit_counts_bytes(client: TestClient) -> None:
    made = make_table(client, ["me", "bot", "bot", "bot"])
    with client.websocket_connect(ws_path(made["table"], made["tokens"][0])) as ws:
        sock = Socket(ws, "wide")
        sock.until(lambda m: m["type"] == "state")
        wide = json.dumps({"type": "play", "play": "ж" * 3000}, ensure_ascii=False)
        assert len(wide) < 4096 < len(wide.encode())
        sock.session.send_text(wide)
        error = sock.error()
        assert (
            error["code"] == "too_large" and f"{len(wide.encode())} bytes, at most 4096" in error["message"]
        )
        sock.session.send_bytes(b"{" + b" " * 5000 + b"}")
        assert sock.error()["code"] == "too_large"
        ping_ok(sock)


def test_request_bodies_are_limited(client: TestClient) -> None:
    big = json.dumps({"seats": [{"kind": "bot", "name": "x" * 40}] * 4, "target": 250, "pad": " " * 10_000})
    answer = client.post("/api/tables", content=big.encode(), headers={"content-type": "application/json"})
    assert answer.status_code == 413 and answer.json() == {
        "type": "error",
        "code": "too_large",
        "message": "the request body is larger than 4096 bytes",
    }

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it comes
        for _ in range(100):
            yield b" " * 1000

    streamed = client.post("/api/tables", content=chunks(), headers={"content-type": "application/json"})
    assert streamed.status_code == 413 and streamed.json()["code"] == "too_large"
    assert client.get("/api/tables").json()["tables"] == []


# --------------------------------------------------------------------- item 9: strict types
@pytest.mark.parametrize(
    "body",
    [
        {"seats": [{"kind": "bot"}] * 4, "target": True},
        {"seats": [{"kind": "bot"}] * 4, "target": "250"},
        {"seats": [{"kind": "bot"}] * 4, "target": 250.0},
        {"seats": [{"kind": "bot"}] * 4, "options": {"target": None}},
        {"seats": [{"kind": "bot"}] * 4, "game": 5},
        {"seats": [{"kind": "bot"}] * 4, "options": {"target": 250.0}},
        {"seats": [{"kind": "bot"}] * 4, "options": ["target"]},
        {"seats": [{"kind": "bot", "name": 5}] + [{"kind": "bot"}] * 3},
        {"seats": [{"kind": "bot", "bot": ["greedy"]}] + [{"kind": "bot"}] * 3},
        {"seats": [{"kind": "bot", "colour": "red"}] + [{"kind": "bot"}] * 3},
        {"seats": [{"kind": "bot"}] * 4, "target": 250, "private": True},
        {"seats": {"0": {"kind": "bot"}}},
    ],
)
def test_request_fields_have_strict_types(client: TestClient, body: dict[str, Any]) -> None:
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 422, answer.text
    assert answer.json()["code"] == "bad_request" and answer.json()["message"]


def test_creator_secrets_and_seats_have_strict_types(client: TestClient) -> None:
    made = make_table(client, ["me", "friend", "bot", "bot"])
    table = made["table"]
    for path, body in (
        ("start", {"admin": 12345}),
        ("links", {"admin": None}),
        ("invite", {"admin": made["admin_token"], "seat": "1"}),
        ("invite", {"admin": made["admin_token"], "seat": True}),
        ("start", {"admin": made["admin_token"], "extra": 1}),
    ):
        assert client.post(f"/api/tables/{table}/{path}", json=body).status_code == 422, (path, body)


# ----------------------------------------------------------------------- item 10: clean-up
def test_idle_tables_are_closed_and_finished_matches_kept(db_url: str) -> None:
    settings = settings_for(db_url, idle_table_seconds=0.6)
    with TestClient(create_app(settings)) as client, ExitStack() as stack:
        never = make_table(client, ["me", "friend", "bot", "bot"])["table"]
        seated = make_table(client, ["me", "friend", "bot", "bot"])
        finished = make_table(client, ["bot"] * 4, target=30)
        client.post(f"/api/tables/{finished['table']}/start", json={"admin": finished["admin_token"]})
        player = stack.enter_context(client.websocket_connect(ws_path(seated["table"], seated["tokens"][0])))
        player.receive_json()
        watcher = Socket(stack.enter_context(client.websocket_connect(ws_path(seated["table"]))), "watch")
        watcher.until(lambda m: m["type"] == "state")
        deadline = time.monotonic() + 30
        while client.get(f"/api/tables/{finished['table']}").json()["status"] != "over":
            assert time.monotonic() < deadline, "the bots did not finish"
            time.sleep(0.05)
        while client.get(f"/api/tables/{never}").status_code != 404:
            assert time.monotonic() < deadline, "the idle table was not closed"
            time.sleep(0.1)
        storage = client.app.state.service.storage  # type: ignore[attr-defined]
        assert storage.table(never) is None and storage.events(never) == []
        assert client.get(f"/api/tables/{seated['table']}").status_code == 200  # a person sits there
        assert client.get(f"/api/matches/{finished['table']}").status_code == 200
        time.sleep(1.0)
        assert client.get(f"/api/tables/{seated['table']}").status_code == 200
        player.close()  # the person leaves: now the table is idle, and closed after a while
        closed = watcher.error()
        assert closed["code"] == "table_closed"
        with pytest.raises(WebSocketDisconnect) as gone:
            watcher.recv()
        assert gone.value.code == 4410
        assert client.get(f"/api/tables/{seated['table']}").status_code == 404
        assert client.get(f"/api/matches/{finished['table']}").status_code == 200


def test_start_up_loads_only_matches_being_played(db_url: str) -> None:
    with TestClient(create_app(settings_for(db_url, bot_delay=0.5))) as client:
        waiting = [make_table(client, ["me", "friend", "bot", "bot"])["table"] for _ in range(5)]
        playing = make_table(client, ["bot"] * 4, target=10_000)
        client.post(f"/api/tables/{playing['table']}/start", json={"admin": playing["admin_token"]})
    with TestClient(create_app(settings_for(db_url, bot_delay=0.5))) as client:
        service = client.app.state.service  # type: ignore[attr-defined]
        assert set(service.tables) == {playing["table"]}
        assert client.get(f"/api/tables/{waiting[0]}").json()["status"] == "open"  # loaded when asked


def test_the_lobby_lists_tables_people_joined_not_a_flood(client: TestClient) -> None:
    real = make_table(client, ["me", "friend", "bot", "bot"])
    with client.websocket_connect(ws_path(real["table"], real["tokens"][0])) as ws:
        ws.receive_json()
    flood = [make_table(client, ["me", "friend", "bot", "bot"])["table"] for _ in range(60)]
    listed = [t["table"] for t in client.get("/api/tables").json()["tables"]]
    assert listed == [real["table"]]
    assert not set(flood) & set(listed)


def test_comings_and_goings_send_small_changes_not_states(client: TestClient) -> None:
    made = make_table(client, ["me", "friend", "bot", "bot"])
    table = made["table"]
    with ExitStack() as stack:
        player = Socket(stack.enter_context(client.websocket_connect(ws_path(table, made["tokens"][0]))), "p")
        player.until(lambda m: m["type"] == "state")
        for _ in range(10):  # spectators come and go: the player hears nothing of it
            with client.websocket_connect(ws_path(table)) as ws:
                ws.receive_json()
                ws.receive_json()
        before = len(player.messages)
        ping_ok(player)
        assert [m["type"] for m in player.messages[before:]] == ["pong"]
        with client.websocket_connect(ws_path(table, made["tokens"][1])) as friend:
            friend.receive_json()
            change = player.until(lambda m: m["type"] != "state")
            assert change["type"] == "seats" and change["seats"][1]["connected"]
            assert len(json.dumps(change)) < 1000
        gone = player.until(lambda m: m["type"] != "state")
        assert gone["type"] == "seats" and not gone["seats"][1]["connected"]
        before = len(player.messages)
        ping_ok(player)
        assert [m["type"] for m in player.messages[before:]] == ["pong"]


def test_a_finished_match_can_be_played_to_its_end(client: TestClient) -> None:
    """The helper the tests above rely on ends matches (a sanity check of ``play_to_the_end``)."""
    made = make_table(client, ["me", "bot", "bot", "bot"], target=5)
    with client.websocket_connect(ws_path(made["table"], made["tokens"][0], made["admin_token"])) as ws:
        sock = Socket(ws, "0")
        sock.until(lambda m: m["type"] == "state")
        sock.send({"type": "start"})
        assert play_to_the_end({0: sock})["winner"] in (0, 1)
