"""No message to a seat, a spectator or the creator ever holds another seat's tiles before the
settlement, and no HTTP answer holds a tile in anyone's hand or a secret that holds a seat.

Whole matches are played over the WebSocket by four seats the test controls, with a spectator
and the creator's own admin-only connection watching; every message each of them received is
then checked against the true deals. After every placement every HTTP route (the JSON API, as a
stranger and as the creator, and the pages) is fetched and checked against the hands of that
moment. Planted leaks prove the checks can fail.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient

from sevenrocks.core.events import Placement
from sevenrocks.web.service import LiveTable, TableService, rebuild_match
from tests.web.conftest import TILE, Socket, make_table, ws_path

pytestmark = pytest.mark.timeout(120)

DATA_TILE = re.compile(r'data-(?:tile|point)="([0-6]-[0-6])')


Http = Callable[[], None]


def play_whole_match(
    client: TestClient, target: int, rng: random.Random, http: Callable[[dict[str, Any]], None] | None = None
) -> tuple[dict[str, Any], dict[Any, Socket]]:
    """Play a match of four people at random; ``http(made)`` is called after every placement."""
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
    creator = ws_path(table, None, made["admin_token"])  # the creator's rights, and no seat
    socks["creator"] = Socket(stack.enter_context(client.websocket_connect(creator)), "creator")
    with stack:
        for sock in socks.values():
            sock.until(lambda m: m["type"] == "state")
        made["sessions"] = {seat: socks[seat].welcome["session"] for seat in range(4)}  # type: ignore[index]

        def everyone(predicate: Any) -> None:
            for sock in socks.values():
                sock.until(lambda m: m["type"] == "state" and predicate(m))

        socks["creator"].send({"type": "start"})
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
            if http is not None:
                http(made)
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
        else:  # a spectator, or the creator without a seat
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


# ------------------------------------------------------------------------------ HTTP routes
def _tiles_in(text: str) -> set[str]:
    return set(TILE.findall(text)) | set(DATA_TILE.findall(text))


def _without_times(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_times(v) for k, v in value.items() if k not in ("created_at", "finished_at")}
    if isinstance(value, list):
        return [_without_times(v) for v in value]
    return value


def check_http(client: TestClient, made: dict[str, Any]) -> int:
    """Fetch every HTTP route of a table in play; assert no answer holds a tile still in a hand, or
    a secret of a claimed seat. Returns how many answers were checked."""
    table, admin = made["table"], made["admin_token"]
    live = client.app.state.service.tables[table]  # type: ignore[attr-defined]
    match = live.match
    hidden = (
        {str(t) for seat in range(4) for t in match.hand(seat)} if match and match.turn is not None else set()
    )
    claimed = {made["tokens"][s] for s in range(4) if live.claimed(s)} | set(
        made.get("sessions", {}).values()
    )
    answers: list[tuple[str, str]] = []
    for path in (
        f"/api/tables/{table}",
        "/api/tables",
        "/api/matches",
        f"/api/matches/{table}",
        f"/api/matches/{table}/position?hand=0&step=0",
        f"/api/matches/{table}/record",
    ):
        answers.append((path, json.dumps(_without_times(client.get(path).json()))))
    for path in ("links", "start"):
        answer = client.post(f"/api/tables/{table}/{path}", json={"admin": admin})
        answers.append((path, json.dumps(_without_times(answer.json()))))
    for path in (f"/table/{table}?admin={admin}", f"/table/{table}", f"/replay/{table}", "/"):
        answers.append((path, client.get(path).text))
    for where, text in answers:
        leaked = _tiles_in(text) & hidden
        assert not leaked, f"{where} holds {leaked}, still in a hand"
        for secret in claimed:
            assert secret not in text, f"{where} holds the secret of a claimed seat"
    return len(answers)


def test_no_http_answer_holds_a_hidden_tile_or_a_seats_secret(client: TestClient) -> None:
    counted = [0]

    def http(made: dict[str, Any]) -> None:
        counted[0] += check_http(client, made)

    made, socks = play_whole_match(client, target=40, rng=random.Random(5), http=http)
    assert counted[0] >= 10 * 12
    # the creator's connection (no seat) saw states, never a hand, never anyone's session
    storage = client.app.state.service.storage  # type: ignore[attr-defined]
    match, _ = rebuild_match(storage.table(made["table"]), storage.events(made["table"]))
    assert check_messages(match, "creator", socks["creator"].messages) > 10
    for who, sock in socks.items():
        for seat, session in made["sessions"].items():
            if who != seat:
                assert session not in json.dumps(sock.messages), f"{who} was sent seat {seat}'s session"


def test_the_http_check_catches_a_planted_leak(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    made = make_table(client, ["me", "friend", "bot", "bot"])
    client.post(f"/api/tables/{made['table']}/start", json={"admin": made["admin_token"]})
    check_http(client, made)  # honest: passes
    original = LiveTable.summary

    def leaky(self: LiveTable) -> dict[str, Any]:
        out = original(self)
        assert self.match is not None
        out["hint"] = str(self.match.hand(1)[0])  # seat 1's tile, in the public facts
        return out

    monkeypatch.setattr(LiveTable, "summary", leaky)
    with pytest.raises(AssertionError, match="still in a hand"):
        check_http(client, made)
    monkeypatch.undo()
    with client.websocket_connect(ws_path(made["table"], made["tokens"][1])) as ws:
        made["sessions"] = {1: ws.receive_json()["session"]}
    original_links = TableService.seat_links

    async def leaky_links(self: TableService, table: LiveTable) -> list[dict[str, Any]]:
        out = await original_links(self, table)
        return [{**entry, "token": table.record.seats[entry["seat"]]["token"]} for entry in out]

    monkeypatch.setattr(TableService, "seat_links", leaky_links)  # a claimed seat's link, to the creator
    with pytest.raises(AssertionError, match="secret of a claimed seat"):
        check_http(client, made)


def test_the_creator_view_check_catches_a_planted_leak(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = TableService.state_for

    def leaky(
        self: TableService, table: LiveTable, seat: int | None, svg: str | None = None, lang: str = "en"
    ) -> dict[str, Any]:
        out = original(self, table, seat, svg, lang)
        if seat is None and table.match is not None and table.match.turn is not None:
            out["events"] = [
                *out["events"],
                {"kind": "knock", "seat": 1, "values": [], "text": str(table.match.hand(1)[0])},
            ]
        return out

    monkeypatch.setattr(TableService, "state_for", leaky)
    made, socks = play_whole_match(client, target=10, rng=random.Random(1))
    storage = client.app.state.service.storage  # type: ignore[attr-defined]
    match, _ = rebuild_match(storage.table(made["table"]), storage.events(made["table"]))
    with pytest.raises(AssertionError, match="was sent"):
        check_messages(match, "creator", socks["creator"].messages)
