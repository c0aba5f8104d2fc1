"""Sausage in the browser game: a person plays a whole match against a bot over the WebSocket, a
restart rebuilds the table from storage, bad moves and wrong seats get clear errors, and the finished
match replays. (No message holds a tile nobody may see: tests/web/test_hidden_tiles.py.)"""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from sevenrocks.core.sausage import SausageMatch, SausageRecord
from sevenrocks.core.tiles import TILES
from sevenrocks.web import create_app
from sevenrocks.web.sausage_table import rebuild_sausage
from tests.web.conftest import Socket, make_table, play_sausage, settings_for, ws_path
from tests.web.test_hidden_tiles import check_sausage_messages

pytestmark = pytest.mark.timeout(120)

TARGET = 15


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_a_person_plays_sausage_against_a_bot_and_it_replays(client: TestClient) -> None:
    made = make_table(client, ["me", "bot"], target=TARGET, bot="greedy", game="sausage")
    assert made["game"] == "sausage" and made["options"] == {"target": TARGET}
    table = made["table"]
    with client.websocket_connect(ws_path(table, made["tokens"][0], made["admin_token"])) as ws:
        sock = Socket(ws, "me")
        first = sock.until(lambda m: m["type"] == "state")
        assert first["phase"] == "open" and first["game"] == "sausage"
        sock.send({"type": "start"})
        final = play_sausage({0: sock}, random.Random(3))
    assert final["phase"] == "over" and final["winner"] in (0, 1) and final["over_text"]
    assert max(final["scores"]) >= TARGET and final["results"][-1]["text"]
    storage = client.app.state.service.storage  # type: ignore[attr-defined]
    match, _ = rebuild_sausage(storage.table(table), storage.events(table))
    assert match is not None and match.is_over and list(match.scores) == final["scores"]
    assert check_sausage_messages(match, 0, sock.messages) > 3
    # the past match: listed, replayed move by move, downloaded as a Sausage record
    assert [m["game"] for m in client.get("/api/matches").json()["matches"] if m["table"] == table] == [
        "sausage"
    ]
    summary = client.get(f"/api/matches/{table}").json()
    assert (
        summary["game"] == "sausage" and len(summary["hands"]) == len(match.history) and summary["over_text"]
    )
    deal = summary["hands"][0]
    end = client.get(f"/api/matches/{table}/position", params={"hand": 0, "step": deal["moves"]}).json()
    assert end["result"] is not None and end["scores"] == list(match.history[0].result.scores)  # type: ignore[union-attr]
    start = client.get(f"/api/matches/{table}/position", params={"hand": 0, "step": 0}).json()
    assert start["queues"] == [[str(t) for t in q] for q in _after_forced(match, 0)]
    assert client.get(f"/api/matches/{table}/position", params={"hand": 0, "step": 9999}).status_code == 404
    record = SausageRecord.from_json(client.get(f"/api/matches/{table}/record").json())
    assert record.players == ("host", "greedy bot") and record.scores == match.scores
    assert (
        "sausage" in client.get(f"/replay/{table}").text
        and "sausage.js" in client.get(f"/table/{table}").text
    )


def _after_forced(match: SausageMatch, deal: int) -> tuple[tuple[Any, ...], ...]:
    log = match.history[deal]
    replay = SausageMatch(match.rules.options)
    replay.start_deal(log.queues, starter=log.starter)
    return replay.queue(0), replay.queue(1)


def test_a_sausage_table_is_rebuilt_after_a_restart(db_url: str) -> None:
    settings = settings_for(db_url)
    with TestClient(create_app(settings)) as client:
        made = make_table(client, ["me", "friend"], target=TARGET, game="sausage")
        table = made["table"]
        sessions: dict[int, str] = {}
        with (
            client.websocket_connect(ws_path(table, made["tokens"][0], made["admin_token"])) as ws0,
            client.websocket_connect(ws_path(table, made["tokens"][1])) as ws1,
        ):
            socks = {0: Socket(ws0, "0"), 1: Socket(ws1, "1")}
            for seat, sock in socks.items():
                sock.until(lambda m: m["type"] == "state")
                assert sock.welcome is not None
                sessions[seat] = sock.welcome["session"]
            socks[0].send({"type": "start"})
            state = socks[0].until(lambda m: m["type"] == "state" and m["phase"] == "playing")
            for _ in range(3):  # a few moves, then the server stops
                if state["phase"] != "playing":
                    break
                mover = socks[state["turn"]]
                mine = mover.current(
                    lambda m, n=state["move"]: m["type"] == "state" and m["move"] == n and m["legal"]
                )
                mover.send({"type": "play", "play": mine["legal"][0]["play"], "at": mine["move"]})
                state = socks[0].until(lambda m, n=state["move"]: m["type"] == "state" and m["move"] == n + 1)
            before = {k: state[k] for k in ("turns", "turned", "turn", "queues", "scores", "move", "table")}
    with TestClient(create_app(settings)) as client:
        path = ws_path(table, made["tokens"][0], made["admin_token"], session=sessions[0])
        with client.websocket_connect(path) as ws:
            again = Socket(ws, "0").until(lambda m: m["type"] == "state")
        assert {k: again[k] for k in before} == before


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_bad_sausage_moves_and_wrong_seats_get_clear_errors(client: TestClient) -> None:
    made = make_table(client, ["me", "friend"], target=TARGET, game="sausage")
    table = made["table"]
    with (
        client.websocket_connect(ws_path(table, made["tokens"][0], made["admin_token"])) as ws0,
        client.websocket_connect(ws_path(table, made["tokens"][1])) as ws1,
        client.websocket_connect(ws_path(table)) as spectator_ws,
    ):
        socks = {0: Socket(ws0, "0"), 1: Socket(ws1, "1")}
        spectator = Socket(spectator_ws, "spectator")
        for sock in (*socks.values(), spectator):
            sock.until(lambda m: m["type"] == "state")
        assert socks[1].answer({"type": "play", "play": "0-0:top"})["code"] == "not_started"
        socks[0].send({"type": "start"})
        state = socks[0].until(lambda m: m["type"] == "state" and m["phase"] == "playing")
        turn, turned, move = state["turn"], state["turned"], state["move"]
        mover, other = socks[turn], socks[1 - turn]
        assert other.answer({"type": "play", "play": f"{turned}:top"})["message"] == (
            f"it is the turn of seat {turn}, not yours (seat {1 - turn})"
        )
        assert spectator.answer({"type": "play", "play": f"{turned}:top"})["code"] == "forbidden"
        wrong = next(str(t) for t in TILES if str(t) != turned)
        error = mover.answer({"type": "play", "play": f"{wrong}:top"})
        assert error["code"] == "illegal" and f"has turned {turned}, not {wrong}" in error["message"]
        ways = {
            m["way"] for m in mover.current(lambda m: m["type"] == "state" and m["move"] == move)["legal"]
        }
        bad_way = next(w for w in ("cut", "top", "bottom") if w not in ways)
        error = mover.answer({"type": "play", "play": f"{turned}:{bad_way}"})
        assert error["code"] == "illegal" and error["message"].startswith(f"{turned}:{bad_way}: ")
        assert mover.answer({"type": "play", "play": f"{turned}:left"})["code"] == "bad_play"
        assert mover.answer({"type": "play", "play": turned})["message"].startswith("a Sausage move is")
        assert mover.answer({"type": "play", "play": f"{turned}:top", "at": move + 5})["code"] == "stale"
        assert mover.answer({"type": "hundred", "declare": True})["code"] == "no_hundred"
        assert mover.answer({"type": "next_hand"})["code"] == "not_waiting"
    # a Sausage move at a table of another game is refused, naming it
    other_made = make_table(client, ["me", "bot"], target=20, game="kozel", options=None)
    path = ws_path(other_made["table"], other_made["tokens"][0], other_made["admin_token"])
    with client.websocket_connect(path) as ws:
        sock = Socket(ws, "kozel")
        sock.until(lambda m: m["type"] == "state")
        sock.send({"type": "start"})
        sock.until(lambda m: m["type"] == "state" and m["phase"] != "open")
        error = sock.answer({"type": "play", "play": "4-6:cut"})
        assert error["code"] == "bad_play" and "Sausage move" in error["message"]
