"""A server restart loses nothing: tables in progress resume from the same position."""

from __future__ import annotations

import json
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from sevenrocks.core import MatchRecord
from sevenrocks.web import Settings, create_app
from tests.web.conftest import Socket, make_table, settings_for, ws_path

pytestmark = pytest.mark.timeout(60)

SAME = (
    "hand",
    "legal",
    "layout",
    "events",
    "tile_counts",
    "scores",
    "hand_number",
    "leader",
    "turn",
    "move",
    "results",
)


def connect_all(
    client: TestClient, stack: ExitStack, made: dict[str, Any], sessions: dict[int, str] | None = None
) -> dict[int, Socket]:
    """Every seat connected: by its invitation (claiming it), or by the browser's ``sessions``."""
    socks = {}
    for seat in range(4):
        admin = made["admin_token"] if seat == 0 else None
        if sessions is None:
            path = ws_path(made["table"], made["tokens"][seat], admin)
        else:
            path = ws_path(made["table"], made["tokens"][seat], admin, session=sessions[seat])
        socks[seat] = Socket(stack.enter_context(client.websocket_connect(path)), str(seat))
        socks[seat].until(lambda m: m["type"] == "state")
    return socks


def test_people_table_continues_after_a_restart(db_url: str) -> None:
    settings = settings_for(db_url)
    with TestClient(create_app(settings)) as client:
        made = make_table(client, ["me", "friend", "friend", "friend"], target=250)
        with ExitStack() as stack:
            socks = connect_all(client, stack, made)
            socks[0].send({"type": "start"})
            for sock in socks.values():
                sock.until(lambda m: m["type"] == "state" and m["phase"] == "playing")
            for _ in range(9):
                state = socks[0].state
                assert state is not None
                mover = socks[state["turn"]]
                assert mover.state is not None
                mover.send({"type": "play", "play": mover.state["legal"][-1]["play"], "at": state["move"]})
                for sock in socks.values():
                    sock.until(lambda m, n=state["move"]: m["type"] == "state" and m["move"] == n + 1)
            before = {seat: sock.state for seat, sock in socks.items()}
            sessions = {seat: sock.welcome["session"] for seat, sock in socks.items() if sock.welcome}

    # a new server on the same database: each seat is its browser's still, the links alone are refused
    with TestClient(create_app(settings)) as client, ExitStack() as stack:
        with client.websocket_connect(ws_path(made["table"], made["tokens"][1])) as link_only:
            assert link_only.receive_json()["code"] == "seat_taken"
        socks = connect_all(client, stack, made, sessions)
        for seat, sock in socks.items():
            after = sock.state
            assert after is not None and before[seat] is not None
            assert {k: after[k] for k in SAME} == {k: before[seat][k] for k in SAME}  # type: ignore[index]
            assert after["status"] == "playing"
        state = socks[0].state
        assert state is not None
        mover = socks[state["turn"]]
        assert mover.state is not None
        mover.send({"type": "play", "play": mover.state["legal"][0]["play"], "at": state["move"]})
        moved = mover.until(lambda m: m["type"] == "state" and m["move"] == state["move"] + 1)
        assert len(moved["hand"]) == len(mover.state["hand"]) or moved["hand_over"]


def test_bot_table_resumes_by_itself_after_a_restart(db_url: str) -> None:
    with TestClient(create_app(Settings(database_url=db_url, bot_delay=0.01))) as client:
        made = make_table(client, ["bot"] * 4, target=150, bot="greedy")
        client.post(f"/api/tables/{made['table']}/start", json={"admin": made["admin_token"]})
        time.sleep(0.3)
        live = client.app.state.service.tables[made["table"]]  # type: ignore[attr-defined]
        stopped_at, finished = live.moves, live.match.is_over
    assert stopped_at > 0 and not finished
    with TestClient(create_app(Settings(database_url=db_url, bot_delay=0))) as client:
        live = client.app.state.service.tables[made["table"]]  # type: ignore[attr-defined]
        assert live.moves >= stopped_at  # resumed at start-up, from the stored position
        deadline = time.monotonic() + 30
        while client.get(f"/api/tables/{made['table']}").json()["status"] != "over":
            assert time.monotonic() < deadline, "the resumed bots did not finish the match"
            time.sleep(0.05)
        record = MatchRecord.from_json(client.get(f"/api/matches/{made['table']}/record").json())
        assert record.winner in (0, 1) and max(record.scores) >= 150


def _serve(port: int, db: str, delay: str) -> subprocess.Popen[str]:
    process = subprocess.Popen(
        [sys.executable, "-m", "sevenrocks", "serve", "--port", str(port), "--db", db, "--bot-delay", delay],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 20
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/bots", timeout=1).read()
            return process
        except OSError:
            assert process.poll() is None and time.monotonic() < deadline, "the server did not start"
            time.sleep(0.1)


def _plays(db: Path, table: str) -> list[str]:
    with sqlite3.connect(db) as conn:
        rows = conn.execute(
            "SELECT kind, data FROM sevenrocks_events WHERE table_id = ? ORDER BY seq", (table,)
        ).fetchall()
    return [f"{kind}:{data}" for kind, data in rows]


def test_a_killed_server_process_resumes_the_match(tmp_path: Path) -> None:
    db = tmp_path / "killed.db"
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    base = f"http://127.0.0.1:{port}"

    def post(path: str, body: Any) -> Any:
        request = urllib.request.Request(
            base + path, data=json.dumps(body).encode(), headers={"content-type": "application/json"}
        )
        return json.loads(urllib.request.urlopen(request, timeout=10).read())

    server = _serve(port, f"sqlite:///{db}", "0.02")
    try:
        made = post("/api/tables", {"seats": [{"kind": "bot", "bot": "greedy"}] * 4, "target": 200})
        post(f"/api/tables/{made['table']}/start", {"admin": made["admin"]})
        time.sleep(0.6)
    finally:
        server.send_signal(signal.SIGKILL)  # no clean shutdown
        server.wait(timeout=10)
    before = _plays(db, made["table"])
    assert len(before) > 3
    server = _serve(port, f"sqlite:///{db}", "0")
    try:
        deadline = time.monotonic() + 30
        while (
            json.loads(urllib.request.urlopen(f"{base}/api/tables/{made['table']}").read())["status"]
            != "over"
        ):
            assert time.monotonic() < deadline, "the match did not resume"
            time.sleep(0.1)
        record = MatchRecord.from_json(
            json.loads(urllib.request.urlopen(f"{base}/api/matches/{made['table']}/record").read())
        )
    finally:
        server.terminate()
        server.wait(timeout=10)
    after = _plays(db, made["table"])
    assert after[: len(before)] == before and len(after) > len(before)  # continued from the same position
    assert max(record.scores) >= 200 and sum(len(h.placements) for h in record.hands) == sum(
        1 for row in after if row.startswith("play:")
    )
