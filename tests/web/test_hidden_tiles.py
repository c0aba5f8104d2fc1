"""No message to a seat or a spectator ever holds another seat's tiles before the settlement.

Whole matches are played over the WebSocket by four seats the test controls, with a spectator
watching; every message each of them received is then checked against the true deals.
"""

from __future__ import annotations

import random
import re
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient

from sevenrocks.core.events import Placement
from sevenrocks.web.service import rebuild_match
from tests.web.conftest import TILE, Socket, make_table, ws_path

pytestmark = pytest.mark.timeout(120)

DATA_TILE = re.compile(r'data-(?:tile|point)="([0-6]-[0-6])')


def play_whole_match(
    client: TestClient, target: int, rng: random.Random
) -> tuple[dict[str, Any], dict[Any, Socket]]:
    made = make_table(client, ["me", "friend", "friend", "friend"], target=target)
    table = made["table"]
    stack = ExitStack()
    socks: dict[Any, Socket] = {}
    for seat in range(4):
        admin = made["admin_token"] if seat == 0 else None
        socks[seat] = Socket(
            stack.enter_context(client.websocket_connect(ws_path(table, made["tokens"][seat], admin))),
            str(seat),
        )
    socks["spectator"] = Socket(stack.enter_context(client.websocket_connect(ws_path(table))), "spectator")
    with stack:
        for sock in socks.values():
            sock.until(lambda m: m["type"] == "state")

        def everyone(predicate: Any) -> None:
            for sock in socks.values():
                sock.until(lambda m: m["type"] == "state" and predicate(m))

        socks[0].send({"type": "start"})
        everyone(lambda m: m["phase"] == "playing")
        while True:
            state = socks["spectator"].state
            assert state is not None
            if state["winner"] is not None:
                break
            if state["hand_over"]:
                number = state["hand_number"]
                for seat in range(4):
                    socks[seat].send({"type": "next_hand"})
                everyone(lambda m, n=number: m["hand_number"] == n + 1)
                continue
            mover = socks[state["turn"]]
            assert mover.state is not None and mover.state["move"] == state["move"]
            choice = rng.choice(mover.state["legal"])
            mover.send({"type": "play", "play": choice["play"], "at": state["move"]})
            everyone(lambda m, n=state["move"]: m["move"] == n + 1)
    return made, socks


def check_messages(match: Any, seat: Any, messages: list[dict[str, Any]]) -> int:
    """Assert that ``seat`` (or the spectator) never saw a tile it must not see; count the checks."""
    history = match.history
    checked = 0
    for message in messages:
        if message["type"] != "state" or message["hand_number"] < 0:
            continue
        h = message["hand_number"]
        log = history[h]
        placed = {e["tile"] for e in message["events"] if e["kind"] == "placement"}
        assert placed == {str(p.play.tile) for p in log.placements[: len(placed)]}
        own: set[str] = set()
        if isinstance(seat, int):
            own = {str(t) for t in log.deal[seat]} - placed
            assert set(message["hand"]) == own, "a seat sees exactly its own remaining tiles"
            assert {o["tile"] for o in message["legal"]} <= own
        else:
            assert message["hand"] is None and message["legal"] == []
        # every tile named anywhere else is on the table (or the seat's own)
        rest = {
            k: v
            for k, v in message.items()
            if k not in ("hand", "legal", "results", "layout", "table", "created_at")
        }
        rest["layout"] = {k: v for k, v in message["layout"].items() if k != "svg"}
        for text in TILE.findall(repr(rest)):
            assert text in placed or text in own, f"{seat} was sent {text} in hand {h}"
        for text in DATA_TILE.findall(message["layout"]["svg"]):
            assert text in placed, f"{seat} was drawn {text}"
        # revealed hands appear only for finished hands, and are exactly what was left
        for number, result in enumerate(message["results"]):
            assert number < h or (number == h and message["hand_over"])
            truth = match.results[number]
            assert result["hands"] == (
                None if truth.hands is None else [[str(t) for t in hand] for hand in truth.hands]
            )
        checked += 1
    return checked


@pytest.mark.parametrize("seed", [1, 2])
def test_no_hidden_tile_is_ever_sent(client: TestClient, seed: int) -> None:
    made, socks = play_whole_match(client, target=60, rng=random.Random(seed))
    storage = client.app.state.service.storage  # type: ignore[attr-defined]
    match, _ = rebuild_match(storage.table(made["table"]), storage.events(made["table"]))
    assert match.is_over and len(match.history) >= 1
    total = 0
    for seat, sock in socks.items():
        total += check_messages(match, seat, sock.messages)
    placements = sum(len(log.placements) for log in match.history)
    assert total >= 5 * placements  # every seat and the spectator saw every placement
    # the checks do catch a leak: a message with another seat's tile in it fails
    leader = match.history[0].leader
    some_state = next(m for m in socks[leader].messages if m["type"] == "state" and m["hand_number"] == 0)
    foreign = str(match.history[0].deal[(leader + 1) % 4][0])
    leaked = {
        **some_state,
        "events": [*some_state["events"], {"kind": "knock", "seat": 1, "values": [], "text": foreign}],
    }
    with pytest.raises(AssertionError):
        check_messages(match, leader, [leaked])
    assert isinstance(match.history[0].events[0], Placement)
