"""The HTTP API and pages: making tables, starting them, past matches, replays and records."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient

from sevenrocks.core import MatchRecord
from tests.web.conftest import make_table


def wait_over(client: TestClient, table: str, seconds: float = 20) -> dict[str, object]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        info = client.get(f"/api/tables/{table}").json()
        if info["status"] == "over":
            return info
        time.sleep(0.05)
    raise AssertionError(f"table {table} did not finish")


def test_pages_and_static_files_are_served(client: TestClient) -> None:
    for path in ("/", "/table/abc", "/replay/abc"):
        response = client.get(path)
        assert response.status_code == 200
        assert "<!doctype html>" in response.text
    for path in ("/static/style.css", "/static/common.js", "/static/table.js", "/static/replay.js"):
        assert client.get(path).status_code == 200
    assert "http" not in client.get("/").text.split("<main>")[0].replace("http-equiv", "")  # no CDN


def test_bot_levels_are_listed(client: TestClient) -> None:
    assert {"random", "greedy"} <= set(client.get("/api/bots").json()["bots"])


def test_create_table_gives_secret_links_for_people_only(client: TestClient) -> None:
    made = make_table(client, ["me", "bot", "friend", "bot"], target=100)
    assert made["seat"] == 0 and set(made["tokens"]) == {0, 2}
    assert len(made["tokens"][0]) >= 20 and made["tokens"][0] != made["tokens"][2]
    assert "link" not in made["seats"][1] and made["seats"][1]["bot"] == "random"
    info = client.get(f"/api/tables/{made['table']}").json()
    assert info["status"] == "open" and info["target"] == 100
    assert "token" not in str(info) and made["admin_token"] not in str(info)
    links = client.post(f"/api/tables/{made['table']}/links", json={"admin": made["admin_token"]}).json()
    assert [s["link"].endswith(made["tokens"][s["seat"]]) for s in links["seats"]] == [True, True]
    refused = client.post(f"/api/tables/{made['table']}/links", json={"admin": made["tokens"][0]})
    assert refused.status_code == 403 and "creator" in refused.json()["message"]


def test_bad_tables_are_refused_with_clear_messages(client: TestClient) -> None:
    three = client.post("/api/tables", json={"seats": [{"kind": "bot"}] * 3})
    assert three.status_code == 400 and "played by 4 seats, not 3" in three.json()["message"]
    five = client.post("/api/tables", json={"seats": [{"kind": "bot"}] * 5})
    assert five.status_code == 422 and "seats" in five.json()["message"]
    odd = client.post("/api/tables", json={"seats": [{"kind": "ghost"}] * 4})
    assert odd.status_code == 422 and odd.json()["type"] == "error"
    unknown = client.post("/api/tables", json={"seats": [{"kind": "bot", "bot": "oracle"}] * 4})
    assert unknown.status_code == 400 and "unknown bot level 'oracle'" in unknown.json()["message"]
    two_me = client.post(
        "/api/tables", json={"seats": [{"kind": "me"}, {"kind": "me"}] + [{"kind": "bot"}] * 2}
    )
    assert two_me.status_code == 400 and "only one seat" in two_me.json()["message"]
    zero = client.post("/api/tables", json={"seats": [{"kind": "bot"}] * 4, "target": 0})
    assert zero.status_code == 422 and "target" in zero.json()["message"]
    assert (
        client.post(
            "/api/tables", content=b"{not json", headers={"content-type": "application/json"}
        ).status_code
        == 422
    )
    assert client.get("/api/tables").json()["tables"] == []


def test_unknown_tables_are_404(client: TestClient) -> None:
    for path in (
        "/api/tables/nope",
        "/api/matches/nope",
        "/api/matches/nope/record",
        "/api/matches/nope/position",
    ):
        response = client.get(path)
        assert response.status_code == 404
        assert response.json() == {"type": "error", "code": "not_found", "message": "no table 'nope'"}


def test_only_the_creator_starts_and_only_once(client: TestClient) -> None:
    made = make_table(client, ["bot"] * 4, target=30)
    table = made["table"]
    assert client.post(f"/api/tables/{table}/start", json={"admin": "guess"}).status_code == 403
    assert client.post(f"/api/tables/{table}/start", json={"admin": made["admin_token"]}).status_code == 200
    again = client.post(f"/api/tables/{table}/start", json={"admin": made["admin_token"]})
    assert again.status_code == 409 and "already started" in again.json()["message"]


def test_bot_match_is_stored_listed_replayed_and_downloaded(client: TestClient) -> None:
    made = make_table(client, ["bot"] * 4, target=80, bot="greedy")
    table = made["table"]
    assert client.get(f"/api/matches/{table}").status_code == 404  # not finished: nothing to replay
    client.post(f"/api/tables/{table}/start", json={"admin": made["admin_token"]})
    info = wait_over(client, table)
    assert info["winner"] in (0, 1) and max(info["scores"]) >= 80  # type: ignore[type-var]
    listed = client.get("/api/matches").json()["matches"]
    assert [m["table"] for m in listed] == [table] and listed[0]["winner"] == info["winner"]

    summary = client.get(f"/api/matches/{table}").json()
    assert summary["scores"] == info["scores"] and summary["hands"]
    first = summary["hands"][0]
    start = client.get(f"/api/matches/{table}/position", params={"hand": 0, "step": 0}).json()
    assert start["svg"].startswith("<svg") and start["last"] is None
    assert sorted(len(h) for h in start["hands"]) == [7, 7, 7, 7] and start["turn"] == first["leader"]
    end = client.get(f"/api/matches/{table}/position", params={"hand": 0, "step": first["placements"]}).json()
    assert end["last"]["play"] == [e for e in first["events"] if e["kind"] == "placement"][-1]["play"]
    bad = client.get(f"/api/matches/{table}/position", params={"hand": 0, "step": first["placements"] + 1})
    assert bad.status_code == 404 and "step must be" in bad.json()["message"]
    assert client.get(f"/api/matches/{table}/position", params={"hand": "x"}).status_code == 422

    download = client.get(f"/api/matches/{table}/record")
    assert download.status_code == 200 and "attachment" in download.headers["content-disposition"]
    record = MatchRecord.from_json(download.json())  # validated by replaying every play
    assert list(record.scores) == info["scores"] and record.winner == info["winner"]
    assert record.players[0] == "greedy bot"
