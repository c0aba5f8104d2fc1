"""Reviews of finished matches and hints at practice tables, through the HTTP API."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from fastapi.testclient import TestClient

from sevenrocks.analysis.classes import CLASSES
from sevenrocks.core.record import MatchRecord
from sevenrocks.web import create_app
from tests.web.conftest import Socket, make_table, play_to_the_end, settings_for, ws_path

pytestmark = pytest.mark.timeout(300)
FAST = {"review_think": 0.01, "hint_think": 0.01, "deal_seed": 7}  # deal_seed: the same matches every run


@pytest.fixture
def fast(db_url: str) -> Iterator[TestClient]:
    """The app with reviews and hints that think 0.01 s a placement."""
    with TestClient(create_app(settings_for(db_url, **FAST))) as test_client:
        yield test_client


def finished(client: TestClient, game: str | None = None, target: int = 30) -> str:
    """A match of four greedy bots (two for Sausage) played to its end; its table id."""
    kinds = ["bot", "bot"] if game == "sausage" else ["bot"] * 4
    made = make_table(client, kinds, target=target, bot="greedy", game=game)
    client.post(f"/api/tables/{made['table']}/start", json={"admin": made["admin_token"]})
    deadline = time.monotonic() + 60
    while client.get(f"/api/tables/{made['table']}").json()["status"] != "over":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    return str(made["table"])


def wait_review(client: TestClient, table: str) -> dict[str, Any]:
    deadline = time.monotonic() + 240  # the first review of a run may compile the search
    seen = set()
    while True:
        state: dict[str, Any] = client.get(f"/api/matches/{table}/review").json()
        seen.add(state["status"])
        if state["status"] in ("done", "failed"):
            return state
        assert state["status"] in ("queued", "running") and time.monotonic() < deadline, state
        time.sleep(0.05)


def test_a_review_runs_once_is_stored_and_shown_later(db_url: str) -> None:
    with TestClient(create_app(settings_for(db_url, **FAST))) as client:
        table = finished(client)
        url = f"/api/matches/{table}/review"
        assert client.get(url).json()["status"] == "none"
        first = client.post(url)
        assert first.status_code == 202 and first.json()["status"] in ("queued", "running")
        again = client.post(url)  # waiting or running: not started twice
        assert again.status_code == 200 and again.json()["status"] in ("queued", "running", "done")
        state = wait_review(client, table)
        assert state["status"] == "done" and state["think"] == 0.01, state
        analysis = state["analysis"]
        summary = client.get(f"/api/matches/{table}").json()
        placements = sum(h["placements"] for h in summary["hands"])
        assert state["done"] == state["total"] == placements == len(analysis["placements"])
        assert {p["verdict"] for p in analysis["placements"]} <= set(CLASSES)
        worse = [p for p in analysis["placements"] if p["best"]["move"] != p["made"]["move"]]
        best = [p for p in analysis["placements"] if p["best"]["move"] == p["made"]["move"]]
        assert worse and best  # the seeded match has both (a forced move is always the best)
        for p in worse[:1]:
            ghost = client.get(f"/api/matches/{table}/ghost", params={"hand": p["hand"], "play": p["play"]})
            assert ghost.status_code == 200 and ghost.json()["best"] == p["best"]["move"]
            assert ghost.json()["svg"].count(' highlight ghost" opacity="0.45"') == 1
            assert str(ghost.json()["words"]).startswith(p["best"]["move"][:3])  # "2-6 on the …"
        for p in best[:1]:
            ghost = client.get(f"/api/matches/{table}/ghost", params={"hand": p["hand"], "play": p["play"]})
            assert ghost.status_code == 404 and ghost.json()["code"] == "not_found"
        done = client.post(url)  # done: not started again
        assert done.status_code == 200 and done.json()["analysis"] == analysis
    with TestClient(create_app(settings_for(db_url, **FAST))) as client:  # a restart: still there
        assert client.get(url).json()["analysis"] == analysis
        assert client.post(url).status_code == 200


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_reviews_of_no_match_or_of_sausage_are_refused_clearly(fast: TestClient) -> None:
    missing = fast.post("/api/matches/nosuchtable1/review")
    assert missing.status_code == 404 and missing.json()["code"] == "not_found"
    assert "nosuchtable1" in missing.json()["message"]
    made = make_table(fast, ["me", "bot", "bot", "bot"])
    unfinished = fast.post(f"/api/matches/{made['table']}/review")
    assert unfinished.status_code == 404 and "no finished match" in unfinished.json()["message"]
    sausage = finished(fast, "sausage", target=15)
    refused = fast.post(f"/api/matches/{sausage}/review")
    assert refused.status_code == 409 and refused.json()["code"] == "unsupported"
    assert "Sausage" in refused.json()["message"]
    assert fast.get(f"/api/matches/{sausage}/review").json()["status"] == "unsupported"
    assert fast.get(f"/api/matches/{sausage}/ghost").status_code == 404


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_hints_at_a_practice_table_are_marked_in_the_record(fast: TestClient) -> None:
    normal = make_table(fast, ["me", "bot", "bot", "bot"], bot="greedy")
    with fast.websocket_connect(ws_path(normal["table"], normal["tokens"][0])) as ws:
        sock = Socket(ws, "normal")
        sock.until(lambda m: m["type"] == "state")
        assert sock.welcome is not None and not sock.state["practice"]  # type: ignore[index]
        refused = fast.post(f"/api/tables/{normal['table']}/hint", json={"session": sock.welcome["session"]})
        assert refused.status_code == 409 and refused.json()["code"] == "not_practice"

    response = fast.post(
        "/api/tables",
        json={"seats": [{"kind": "me"}] + [{"kind": "bot"}] * 3, "target": 20, "practice": True},
    )
    assert response.status_code == 201 and response.json()["practice"] is True
    info = response.json()
    query = parse_qs(urlparse(info["link"]).query)
    table, token, admin = info["table"], query["token"][0], query["admin"][0]
    url = f"/api/tables/{table}/hint"
    with fast.websocket_connect(ws_path(table, token, admin)) as ws:
        sock = Socket(ws, "practice")
        sock.until(lambda m: m["type"] == "state")
        assert sock.welcome is not None
        session = sock.welcome["session"]
        assert fast.post(url, json={"session": "x" * 43}).status_code == 403
        sock.send({"type": "start"})
        state = sock.until(lambda m: m["type"] == "state" and m["turn"] == 0 and not m["hand_over"])
        hint = fast.post(url, json={"session": session})
        assert hint.status_code == 200, hint.text
        hints = hint.json()["hints"]
        legal = {option["play"] for option in state["legal"]}
        assert 1 <= len(hints) <= 3 and {h["play"] for h in hints} <= legal
        assert all(isinstance(h["points"], float) and h["play"][:3] in h["words"] for h in hints)
        assert fast.post(url, json={"session": session}).json() == hint.json()  # asked again: the same
        hinted_move = state["move"]
        final = play_to_the_end({0: sock})
    assert final["winner"] is not None
    record = MatchRecord.from_json(fast.get(f"/api/matches/{table}/record").json())
    starts, count = [], 0
    for log in record.hands:
        starts.append(count)
        count += len(log.placements)
    hand = max(h for h, start in enumerate(starts) if start <= hinted_move)
    assert record.comments == {(hand, hinted_move - starts[hand]): "hinted"}
    assert fast.get(f"/api/matches/{table}").status_code == 200  # the hint event does not upset the replay
