"""Limits of a real ``sevenrocks serve`` (uvicorn on loopback): big frames, big bodies, a flood from
a browser that never reads (issue 13, items 3 and 8). These need the real server: the test client
neither frames messages nor applies back-pressure."""

from __future__ import annotations

import contextlib
import http.client
import json
import socket
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.servers import running_server

websockets_sync = pytest.importorskip("websockets.sync.client")

pytestmark = pytest.mark.timeout(120)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    db = tmp_path_factory.mktemp("limits") / "web.db"
    env = {"SEVENROCKS_OUTBOX_MESSAGES": "16", "SEVENROCKS_MESSAGES_PER_SECOND": "100000"}
    with running_server(db, env=env) as running:
        yield running


def _post(server: dict[str, Any], path: str, data: bytes) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(
        server["url"] + path, data=data, headers={"content-type": "application/json"}, method="POST"
    )
    try:
        with urllib.request.urlopen(request, timeout=20) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


def _table(server: dict[str, Any]) -> dict[str, Any]:
    status, made = _post(
        server, "/api/tables", json.dumps({"seats": [{"kind": "me"}] + [{"kind": "bot"}] * 3}).encode()
    )
    assert status == 201
    return made


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def test_a_10_mb_body_is_refused_with_413(server: dict[str, Any]) -> None:
    host, port = server["url"].removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=20)
    conn.putrequest("POST", "/api/tables")
    conn.putheader("content-type", "application/json")
    conn.putheader("content-length", str(10_000_000))
    conn.endheaders()
    conn.send(b'{"seats": [' + b" " * 60_000)  # the server answers without waiting for the rest
    response = conn.getresponse()
    assert response.status == 413 and json.loads(response.read())["code"] == "too_large"
    conn.close()


def test_frames_over_64_kib_get_an_error_and_the_socket_stays(server: dict[str, Any]) -> None:
    made = _table(server)
    with websockets_sync.connect(f"{server['ws']}/ws/tables/{made['table']}") as ws:
        assert json.loads(ws.recv())["type"] == "welcome"
        assert json.loads(ws.recv())["type"] == "state"
        for size in (70_000, 500_000):
            ws.send(json.dumps({"type": "play", "play": "x" * size}))
            error = json.loads(ws.recv())
            assert error["code"] == "too_large" and "at most 4096" in error["message"]
        ws.send(json.dumps({"type": "ping"}))
        assert json.loads(ws.recv()) == {"type": "pong"}


def test_a_browser_that_floods_and_never_reads_costs_little(server: dict[str, Any]) -> None:
    """The finding: 250,000 bad messages sent in 10 s, none read, grew the server by ~500 MB."""
    made = _table(server)
    pid = server["process"].pid
    before = _rss_mb(pid)
    raw = socket.create_connection(("127.0.0.1", int(server["ws"].rsplit(":", 1)[1])))
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # and it never reads
    bad = json.dumps({"type": "teleport", "to": "x" * 4000})
    sent = [0]

    def flood() -> None:
        with (
            contextlib.suppress(Exception),
            websockets_sync.connect(f"{server['ws']}/ws/tables/{made['table']}", sock=raw, max_queue=1) as ws,
        ):
            while sent[0] < 250_000:
                ws.send(bad)
                sent[0] += 1

    thread = threading.Thread(target=flood, daemon=True)
    thread.start()
    thread.join(8)
    grown = _rss_mb(pid) - before
    with urllib.request.urlopen(server["url"] + "/api/bots", timeout=5) as response:
        assert response.status == 200  # the server still serves everyone else
    with contextlib.suppress(OSError):
        raw.shutdown(socket.SHUT_RDWR)
    raw.close()
    thread.join(5)
    assert sent[0] > 1000 and grown < 60, (sent[0], grown)
