"""Hostile input generated from the API's own description: no answer is ever a server error.

Schemathesis reads the app's OpenAPI schema and sends each HTTP operation requests that fit it
and requests that break it (wrong types, missing and extra fields, odd strings in paths and
queries, NUL bytes, huge numbers), in process against the ASGI app, on SQLite and PostgreSQL.
The WebSocket is not in the schema: Hypothesis sends it arbitrary JSON and text instead.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable

from sevenrocks.web import create_app
from tests.web.conftest import Socket, make_table, settings_for, ws_path

schemathesis = pytest.importorskip("schemathesis")

pytestmark = pytest.mark.timeout(300)

ERROR_CODES = {
    "bad_request",
    "forbidden",
    "not_found",
    "not_allowed",
    "conflict",
    "too_large",
    "too_many_tables",
    "server_full",
    "claimed",
    "match_over",
    "not_human",
    "already_started",
    "table_closed",
    "unknown_game",
    "bad_option",
    "bad_bot",
    "log_in",  # a rated table asked for without logging in (docs/accounts.md)
    "csrf",
    "not_rated",
    "not_public",  # quick match and public tables (docs/web.md)
    "started",
    "no_free_seat",
    "seat_not_free",
    "bad_name",
    "bad_clock",
}


def _request(client: TestClient, case: Any) -> Any:
    """Send a generated case with the test client (the app's lifespan is the test's own)."""
    kwargs = case.as_transport_kwargs()
    data = kwargs.pop("data", None)
    if data is not None:
        kwargs["content"] = data if isinstance(data, bytes) else str(data).encode()
    kwargs.pop("cookies", None)
    return client.request(**kwargs)


def _with_id(case: Any, table_id: str | None) -> Any:
    """``case`` aimed at a real table now and then, so the checks past the lookup are reached too."""
    if table_id is not None and case.path_parameters and "table_id" in case.path_parameters:
        case.path_parameters = {**case.path_parameters, "table_id": table_id}
    return case


@pytest.mark.timeout(600)
def test_no_request_is_a_server_error(db_url: str) -> None:
    app = create_app(settings_for(db_url))
    with TestClient(app) as client:
        finished = make_table(client, ["bot"] * 4, target=20)
        client.post(f"/api/tables/{finished['table']}/start", json={"admin": finished["admin_token"]})
        waiting = make_table(client, ["me", "friend", "bot", "bot"])
        ids = st.sampled_from([None, None, finished["table"], waiting["table"]])
        schema = schemathesis.openapi.from_asgi("/openapi.json", app)
        checked = 0
        for result in schema.get_all_operations():
            operation = result.ok()
            for mode in (schemathesis.GenerationMode.POSITIVE, schemathesis.GenerationMode.NEGATIVE):
                cases = st.tuples(operation.as_strategy(generation_mode=mode), ids)

                @given(cases)
                @settings(
                    max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), database=None
                )
                def run(pair: tuple[Any, str | None]) -> None:
                    nonlocal checked
                    case = _with_id(*pair)
                    response = _request(client, case)
                    where = (case.method, case.formatted_path)
                    assert response.status_code < 500, (where, response.text[:300])
                    if response.status_code >= 400:
                        body = response.json()
                        assert body["type"] == "error" and body["code"] in ERROR_CODES, (where, body)
                        assert body["message"], (where, body)
                    checked += 1

                with contextlib.suppress(Unsatisfiable):  # nothing here can break the schema
                    run()
        assert checked > 300


# ---------------------------------------------------------------------------- the WebSocket
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
FIELDS = st.sampled_from(["type", "play", "at", "seat", "bot", "declare"])
MESSAGES = st.one_of(
    st.dictionaries(FIELDS, JSON, max_size=4).map(json.dumps),
    st.fixed_dictionaries(
        {"type": st.sampled_from(["play", "replace", "start", "next_hand", "hundred", "ping"])}
    )
    .flatmap(lambda base: st.dictionaries(FIELDS, JSON, max_size=3).map(lambda extra: {**extra, **base}))
    .map(json.dumps),
    JSON.map(json.dumps),
    st.text(max_size=60),
)
SOCKET_CODES = {
    "not_json",
    "bad_message",
    "unknown_type",
    "too_large",
    "bad_play",
    "illegal",
    "not_your_turn",
    "stale",
    "hand_over",
    "match_over",
    "not_started",
    "already_started",
    "forbidden",
    "not_waiting",
    "not_human",
    "still_connected",
    "hundred_pending",
    "no_hundred",
}


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_no_socket_message_breaks_the_connection(client: TestClient) -> None:
    made = make_table(client, ["me", "friend", "bot", "bot"])
    with client.websocket_connect(ws_path(made["table"], made["tokens"][0], made["admin_token"])) as ws:
        sock = Socket(ws, "fuzz")
        sock.until(lambda m: m["type"] == "state")

        @given(MESSAGES)
        @settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
        def one(raw: str) -> None:
            sock.session.send_text(raw)
            sock.send({"type": "ping"})
            replies = []
            while not replies or replies[-1]["type"] != "pong":
                replies.append(sock.recv())
            for reply in replies:
                assert reply["type"] in ("error", "state", "seats", "pong"), reply
                if reply["type"] == "error":
                    assert reply["code"] in SOCKET_CODES and reply["message"], reply

        one()
