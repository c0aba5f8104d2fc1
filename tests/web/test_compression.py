"""A real ``sevenrocks serve`` compresses its WebSocket messages only when told to (issue 19).

Compression (permessage-deflate) makes a placement's messages about a tenth of their size, but
costs about a fifth of the server's processor time a placement and, at 1,000 tables, a latency
tail several times longer (``docs/benchmarks.md``): it is off unless
``SEVENROCKS_COMPRESSION=1``. Either way the messages are the same once read.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.web.cluster_servers import post
from tests.web.servers import running_server

websockets_sync = pytest.importorskip("websockets.sync.client")

pytestmark = pytest.mark.timeout(120)


def _first_state(ws_base: str) -> tuple[list[str], dict[str, Any]]:
    """What a spectator of a new table agreed with the server (its extensions' names) and the
    first ``state`` it read."""
    url = ws_base.replace("ws://", "http://")
    table = post(url, "/api/tables", {"seats": [{"kind": "me"}] + [{"kind": "bot"}] * 3})["table"]
    with websockets_sync.connect(f"{ws_base}/ws/tables/{table}") as ws:  # it offers compression
        extensions = [extension.name for extension in ws.protocol.extensions]
        while True:
            message: dict[str, Any] = json.loads(ws.recv(timeout=20))
            if message["type"] == "state":
                return extensions, message


@pytest.mark.parametrize(("setting", "compressed"), [(None, False), ("0", False), ("on", True), ("1", True)])
def test_the_server_compresses_its_messages_only_when_told_to(
    tmp_path: Path, setting: str | None, compressed: bool
) -> None:
    env = {} if setting is None else {"SEVENROCKS_COMPRESSION": setting}
    with running_server(tmp_path / "web.db", env=env) as server:
        extensions, state = _first_state(server["ws"])
    assert extensions == (["permessage-deflate"] if compressed else [])
    assert state["phase"] == "open" and state["seats_count"] == 4
