"""A real ``sevenrocks serve`` keeps a connection whose message waits (issue 19).

Once a message has arrived that the app has not asked for, uvicorn reads no more of its socket
(pongs included) until the app asks. The server once asked for a socket's next message only after
handling the last one, so when a message waited long for storage (1,000 tables starting at once,
behind one storage thread) and the page sent another meanwhile, the pongs went unread and the
keepalive closed a healthy connection. Here the database is held locked by another program while
the creator's ``start`` waits for it, and pings go every half second.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

from tests.web.conftest import tokens_of, ws_path
from tests.web.servers import running_server

websockets_sync = pytest.importorskip("websockets.sync.client")

pytestmark = pytest.mark.timeout(120)

PING = 0.5  # seconds between pings, and for each pong


def _table(url: str) -> dict[str, Any]:
    body = json.dumps({"seats": [{"kind": "me"}] + [{"kind": "bot"}] * 3}).encode()
    request = urllib.request.Request(
        url + "/api/tables", data=body, headers={"content-type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=20) as response:
        made: dict[str, Any] = json.loads(response.read())
    made["tokens"] = tokens_of(made)
    made["admin_token"] = parse_qs(urlparse(made["link"]).query)["admin"][0]
    return made


def _creator(server: dict[str, Any]) -> tuple[str, int]:
    """A new table's creator's seat: its WebSocket address (the seat's invitation and the
    creator's secret), and the seat."""
    made = _table(server["url"])
    seat: int = made["seat"]
    return server["ws"] + ws_path(made["table"], made["tokens"][seat], made["admin_token"]), seat


@contextlib.contextmanager
def _database_held(db: Path) -> Iterator[None]:
    """Another program holds the SQLite database ``db`` (an exclusive transaction) in the block."""
    locker = sqlite3.connect(db, timeout=10)
    locker.execute("BEGIN EXCLUSIVE")
    try:
        yield
    finally:
        locker.rollback()
        locker.close()


def _until(ws: Any, wanted: Any, seconds: float) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=max(0.01, deadline - time.monotonic())))
        if wanted(message):
            return message


def test_a_connection_whose_message_waits_for_storage_is_kept_alive(tmp_path: Path) -> None:
    db = tmp_path / "web.db"
    env = {"SEVENROCKS_PING_SECONDS": str(PING), "SEVENROCKS_BOT_DELAY": "0"}
    with running_server(db, env=env) as server:
        address, _seat = _creator(server)
        with websockets_sync.connect(address) as ws:  # it answers pings by itself
            _until(ws, lambda m: m["type"] == "state", 10)
            with _database_held(db):
                ws.send(json.dumps({"type": "start"}))
                time.sleep(0.1)
                # the page says its board while the start waits
                ws.send(json.dumps({"type": "sync", "board": "wide"}))
                time.sleep(8 * PING)  # uvicorn reads no pong until the app asks for the next message
            state = _until(ws, lambda m: m["type"] == "state" and m.get("status") == "playing", 20)
            assert state["status"] == "playing"
            ws.send(json.dumps({"type": "ping"}))
            assert _until(ws, lambda m: m["type"] == "pong", 10) == {"type": "pong"}


def test_messages_that_waited_are_not_refused_as_too_fast(tmp_path: Path) -> None:
    """A message's rate is counted when it arrives: twelve messages sent at the rate allowed
    (4 a second, bursts of 8), that waited together behind a slow one, are all handled, not
    refused for coming out at once."""
    db = tmp_path / "web.db"
    env = {"SEVENROCKS_BOT_DELAY": "0", "SEVENROCKS_MESSAGES_PER_SECOND": "4"}
    with running_server(db, env=env) as server:
        address, _seat = _creator(server)
        with websockets_sync.connect(address) as ws:
            _until(ws, lambda m: m["type"] == "state", 10)
            with _database_held(db):
                ws.send(json.dumps({"type": "start"}))
                for _ in range(12):  # 4 a second: within the rate, while the start waits
                    time.sleep(0.25)
                    ws.send(json.dumps({"type": "ping"}))
            seen: list[dict[str, Any]] = []

            def twelfth_pong(message: dict[str, Any]) -> bool:
                seen.append(message)
                return sum(m["type"] == "pong" for m in seen) == 12

            _until(ws, twelfth_pong, 20)
            assert not [m for m in seen if m["type"] == "error"], seen


def test_a_connection_whose_join_waits_for_storage_is_kept_alive(tmp_path: Path) -> None:
    """The socket is read from the moment it is accepted: a browser that claims its seat while the
    database is held (the claim is stored before the welcome) and sends a message meanwhile keeps
    its connection, and is answered once the claim is stored."""
    db = tmp_path / "web.db"
    env = {"SEVENROCKS_PING_SECONDS": str(PING), "SEVENROCKS_BOT_DELAY": "0"}
    with running_server(db, env=env) as server:
        address, seat = _creator(server)
        with _database_held(db):
            ws = websockets_sync.connect(address)
            ws.send(json.dumps({"type": "ping"}))  # before the welcome: it waits for the join
            time.sleep(8 * PING)
        with ws:
            welcome = _until(ws, lambda m: m["type"] == "welcome", 20)
            assert welcome["seat"] == seat
            assert _until(ws, lambda m: m["type"] == "pong", 20) == {"type": "pong"}
