"""Hostile ids, names and pages (issue 13, items 5, 6, 11), on SQLite and on PostgreSQL alike."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.web.conftest import make_table, ws_path

pytestmark = pytest.mark.timeout(60)

# ------------------------------------------------------------------ item 5: ids by their shape
BAD_IDS = ["%00", "a%00b", "%00" * 12, "abc%00defghij", "%C3%A9" * 6, "x" * 200, "a.b", "%20" * 12, "nope"]


@pytest.mark.parametrize("table", BAD_IDS)
def test_malformed_table_ids_are_404_on_every_database(client: TestClient, table: str) -> None:
    for method, path, body in (
        ("GET", f"/api/tables/{table}", None),
        ("GET", f"/api/matches/{table}", None),
        ("GET", f"/api/matches/{table}/record", None),
        ("GET", f"/api/matches/{table}/position?hand=0&step=0", None),
        ("POST", f"/api/tables/{table}/start", {"admin": "a" * 24}),
        ("POST", f"/api/tables/{table}/links", {"admin": "a" * 24}),
        ("POST", f"/api/tables/{table}/invite", {"admin": "a" * 24, "seat": 1}),
    ):
        answer = client.request(method, path, json=body)
        assert answer.status_code == 404, (method, path, answer.text)
        assert answer.json()["type"] == "error" and answer.json()["code"] == "not_found"
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        assert ws.receive_json()["code"] == "unknown_table"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4404


@pytest.mark.parametrize("secret", ["%00", "a%00" * 10, "%C3%A9" * 20, "x" * 500, "%FF%FE"])
def test_malformed_secrets_are_refused_not_crashed(client: TestClient, secret: str) -> None:
    made = make_table(client, ["me", "friend", "bot", "bot"])
    table = made["table"]
    for name in ("token", "admin", "session"):
        with client.websocket_connect(f"/ws/tables/{table}?{name}={secret}") as ws:
            assert ws.receive_json()["code"] in ("bad_token", "bad_session")
    decoded = secret.replace("%00", "\x00").replace("%C3%A9", "é")
    for path in ("start", "links"):
        answer = client.post(f"/api/tables/{table}/{path}", json={"admin": decoded[:100]})
        assert answer.status_code in (403, 422) and answer.json()["type"] == "error"
    page = client.get(f"/table/{table}?token={secret}&admin={secret}")
    assert page.status_code == 200 and "token=" not in page.text


# ------------------------------------------------------------------------- item 6: names
@pytest.mark.parametrize(
    ("given", "kept"),
    [
        ("\x1b]0;pwned\x07Eve", "]0;pwnedEve"),
        ("Bob\x00\x1b[2J", "Bob[2J"),
        ("\u202eevil\u202c", "evil"),
        ("  Ali\u200bce  ", "Alice"),
        ("e\u0301mile", "\u00e9mile"),
        ("<b>&amp;</b>", "<b>&amp;</b>"),
    ],
)
def test_names_are_normalised_before_they_are_stored(client: TestClient, given: str, kept: str) -> None:
    seats = [{"kind": "bot", "bot": "random", "name": given}] + [{"kind": "bot", "bot": "random"}] * 3
    made = client.post("/api/tables", json={"seats": seats, "target": 5}).json()
    assert made["seats"][0]["name"] == kept
    table = made["table"]
    client.post(f"/api/tables/{table}/start", json={"admin": made["admin"]})
    for _ in range(400):
        if client.get(f"/api/tables/{table}").json()["status"] == "over":
            break
    storage = client.app.state.service.storage  # type: ignore[attr-defined]
    assert storage.table(table).seats[0]["name"] == kept
    assert client.get(f"/api/matches/{table}/record").json()["players"][0] == kept
    assert client.get("/api/matches").json()["matches"][0]["players"][0] == kept


@pytest.mark.parametrize("name", ["\u200b", "\u200b\u200d\u2060", "\x1b\x07", "\u202e", "\u3164", "\x00"])
def test_a_name_with_nothing_visible_is_refused(client: TestClient, name: str) -> None:
    seats = [{"kind": "friend", "name": name}] + [{"kind": "bot"}] * 3
    answer = client.post("/api/tables", json={"seats": seats})
    assert answer.status_code == 400
    assert answer.json()["message"] == "seat 0: the name has no visible letters: write one, or leave it empty"


# ---------------------------------------------------------------------- item 11: headers
PAGES = ["/", "/table/abcdefghijkl", "/replay/abcdefghijkl", "/rules"]


@pytest.mark.parametrize(
    "path", [*PAGES, "/api/bots", "/api/tables", "/api/tables/nope", "/static/table.js", "/static/style.css"]
)
def test_every_answer_carries_the_security_headers(client: TestClient, path: str) -> None:
    headers = client.get(path).headers
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["x-frame-options"] == "DENY"
    assert headers["referrer-policy"] == "no-referrer"
    csp = headers["content-security-policy"]
    assert "frame-ancestors 'none'" in csp and "script-src 'self';" in csp and "unsafe" not in csp
    if not path.startswith("/static/"):
        assert headers["cache-control"] == "no-store"


@pytest.mark.parametrize("path", PAGES)
def test_pages_have_no_inline_script_or_style(client: TestClient, path: str) -> None:
    html = client.get(path).text
    for tag in re.findall(r"<script\b[^>]*>", html):
        assert 'src="/static/' in tag or 'type="application/json"' in tag, tag
    assert not re.search(r"\sstyle=", html) and "<style" not in html
    assert not re.search(r"\son[a-z]+=", html)


def test_an_error_body_is_refused_with_headers_too(client: TestClient) -> None:
    answer = client.post("/api/tables", content=b" " * 10_000, headers={"content-type": "application/json"})
    assert answer.status_code == 413 and answer.headers["referrer-policy"] == "no-referrer"


def test_the_api_explorer_keeps_working(client: TestClient) -> None:
    docs = client.get("/api/docs")
    assert docs.status_code == 200 and "swagger" in docs.text.lower()
    assert "cdn.jsdelivr.net" in docs.headers["content-security-policy"]
    assert client.get("/openapi.json").json()["paths"]


def test_seat_links_are_secret_shaped(client: TestClient) -> None:
    made = make_table(client, ["me", "friend", "bot", "bot"])
    for token in made["tokens"].values():
        assert re.fullmatch(r"[A-Za-z0-9_-]{24}", token)
    assert re.fullmatch(r"[A-Za-z0-9_-]{12}", made["table"])
    assert quote(made["link"], safe="/?=&-_") == made["link"]
    assert ws_path(made["table"]).endswith(made["table"])


def test_records_of_tables_stored_before_names_were_cleaned_are_clean(client: TestClient) -> None:
    made = client.post(
        "/api/tables", json={"seats": [{"kind": "bot", "bot": "random"}] * 4, "target": 5}
    ).json()
    table = made["table"]
    client.post(f"/api/tables/{table}/start", json={"admin": made["admin"]})
    for _ in range(400):
        if client.get(f"/api/tables/{table}").json()["status"] == "over":
            break
    storage = client.app.state.service.storage  # type: ignore[attr-defined]
    seats = storage.table(table).seats
    seats[0]["name"] = "\x1b]0;old\x07Bob\u202e"  # as an older version may have stored it
    storage.update_table(table, seats=seats)
    client.app.state.service.tables.pop(table, None)  # type: ignore[attr-defined]
    assert client.get(f"/api/matches/{table}/record").json()["players"][0] == "]0;oldBob"
    assert client.get(f"/api/matches/{table}").json()["players"][0] == "]0;oldBob"
