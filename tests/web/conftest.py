"""Fixtures for the web app: an app on a fresh SQLite file, and WebSocket helpers."""

from __future__ import annotations

import dataclasses
import os
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from fastapi.testclient import TestClient

from sevenrocks.web import Settings, create_app
from sevenrocks.web.render import apply_patch
from tests.web.postgres import Unavailable, fresh_database, postgres_server

# a tile in a message's text: not a piece of a longer ASCII word, number or secret (a random link
# or session token may hold "2-3" among its letters, which is no tile)
TILE = re.compile(r"(?<![A-Za-z0-9_.\-])[0-6]-[0-6](?![A-Za-z0-9_.\-])")


@pytest.fixture(scope="session")
def postgres() -> Iterator[str]:
    """A PostgreSQL server for the whole run (see ``tests/web/postgres.py``): skipped without one,
    except under ``CI=true``, where ``.ci/run`` installs PostgreSQL and a missing server fails."""
    try:
        with postgres_server() as url:
            yield url
    except Unavailable as err:
        if os.environ.get("CI"):
            pytest.fail(f"PostgreSQL is needed in CI: {err}")
        pytest.skip(str(err))


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A database of its own for each test: a SQLite file, and a fresh PostgreSQL database."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'web.db'}"
        return
    server: str = request.getfixturevalue("postgres")
    with fresh_database(server) as url:
        yield url


def settings_for(db_url: str, **changes: Any) -> Settings:
    """Settings for tests: bots with no delay, and rate limits no test reaches unless it sets them."""
    base: dict[str, Any] = {"bot_delay": 0, "messages_per_second": 10_000.0, "new_tables_per_hour": 10_000}
    known = {item.name for item in dataclasses.fields(Settings)}
    return Settings(database_url=db_url, **{k: v for k, v in {**base, **changes}.items() if k in known})


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    """The app (bots with no delay) on a fresh database, started and stopped around the test."""
    with TestClient(create_app(settings_for(db_url))) as test_client:
        yield test_client


def make_table(
    client: TestClient,
    kinds: list[str],
    target: int | None = 250,
    bot: str = "random",
    game: str | None = None,
    options: dict[str, Any] | None = None,
    public: bool = False,
) -> dict[str, Any]:
    """Create a table (of ``game`` with ``options``, Seven Rocks unless given; ``public``: its free
    seats listed in the lobby); ``kinds`` are me/friend/bot per seat. Adds ``tokens`` (seat -> token)."""
    seats = [{"kind": k, "bot": bot} for k in kinds]
    body: dict[str, Any] = {"seats": seats}
    if target is not None:
        body["target"] = target
    if game is not None:
        body["game"] = game
    if options is not None:
        body["options"] = options
    if public:
        body["public"] = True
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    made: dict[str, Any] = response.json()
    made["tokens"] = tokens_of(made)
    made["admin_token"] = parse_qs(urlparse(made["link"]).query)["admin"][0]
    return made


def tokens_of(made: dict[str, Any]) -> dict[int, str]:
    """Each person's seat's invitation (seat -> token), from the answer that made the table."""
    tokens: dict[int, str] = {}
    link = parse_qs(urlparse(made["link"]).query)
    if made["seat"] is not None:
        tokens[made["seat"]] = link["token"][0]
    for seat in made["seats"]:
        if "link" in seat:
            tokens[seat["seat"]] = parse_qs(urlparse(seat["link"]).query)["token"][0]
    return tokens


def merge_placed(state: dict[str, Any] | None, placed: dict[str, Any]) -> dict[str, Any] | None:
    """The ``state`` a ``placed`` message makes of ``state`` (as the table page applies it: its
    layout's ``svg_patch`` applied to the drawing held), or ``None`` when it does not follow on
    from it (the page would ask for the whole state again)."""
    if (
        state is None
        or state.get("hand_number") != placed["hand_number"]
        or state.get("move") != placed["move"] - 1
        or len(state["events"]) != placed["events_from"]
    ):
        return None
    rest = {k: v for k, v in placed.items() if k not in ("type", "events_from", "events")}
    layout = placed["layout"]
    if "svg_patch" in layout:  # what makes the drawing from the one held
        svg = apply_patch(state["layout"]["svg"], layout["svg_patch"])
        if len(svg) != layout["svg_length"]:
            return None
        drawn = {k: v for k, v in layout.items() if k not in ("svg_patch", "svg_length")}
        rest["layout"] = {**drawn, "svg": svg}
    return {**state, **rest, "events": state["events"] + placed["events"]}


class Socket:
    """A WebSocket session that records every message it receives.

    ``state`` is the latest state, with the latest ``seats`` message applied to it, and every
    ``placed`` message (:func:`merge_placed`): :meth:`recv` returns the state a ``placed`` makes; ``welcome``
    the welcome (whose ``session`` is the seat's browser secret when the connection claimed it).
    """

    def __init__(self, session: Any, label: str) -> None:
        self.session = session
        self.label = label
        self.messages: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None
        self.welcome: dict[str, Any] | None = None

    def recv(self) -> dict[str, Any]:
        message: dict[str, Any] = self.session.receive_json()
        self.messages.append(message)
        if message.get("type") == "state":
            self.state = message
        elif message.get("type") == "placed":
            merged = merge_placed(self.state, message)
            assert merged is not None, f"{self.label}: a placed message that does not follow its state"
            self.state = merged
            return merged  # the raw message stays in ``messages``
        elif message.get("type") == "seats" and self.state is not None:
            self.state = {**self.state, "seats": message["seats"]}
        elif message.get("type") == "welcome":
            self.welcome = message
        return message

    def send(self, message: Any) -> None:
        self.session.send_json(message)

    def until(self, predicate: Callable[[dict[str, Any]], bool], limit: int = 500) -> dict[str, Any]:
        """Receive until a message satisfies ``predicate``; return it."""
        for _ in range(limit):
            message = self.recv()
            if predicate(message):
                return message
        raise AssertionError(f"{self.label}: no matching message in {limit}")

    def current(self, predicate: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """The latest state if it satisfies ``predicate``, else the next message that does."""
        if self.state is not None and predicate(self.state):
            return self.state
        return self.until(predicate)

    def error(self) -> dict[str, Any]:
        """The next error message (states in between are recorded)."""
        return self.until(lambda m: m["type"] == "error")

    def answer(self, message: Any) -> dict[str, Any]:
        """Send ``message`` then a ping; the first ``error`` or ``pong`` back (a pong: no error)."""
        self.send(message)
        self.send({"type": "ping"})
        first = self.until(lambda m: m["type"] in ("error", "pong"))
        if first["type"] == "error":
            self.until(lambda m: m["type"] == "pong")
        return first


def play_to_the_end(socks: dict[int, Socket]) -> dict[str, Any]:
    """Play the match of a started table through the people's sockets (``socks``: seat -> socket;
    the other seats are bots): first legal placement each turn, every settlement acknowledged.
    Returns the final state."""
    watcher = socks[min(socks)]
    acted_move, acted_hand = -1, -1
    while True:

        def ready(m: dict[str, Any], move: int = acted_move, hand: int = acted_hand) -> bool:
            if m["type"] != "state":
                return False
            if m["winner"] is not None:
                return True
            if m["hand_over"]:
                return bool(m["hand_number"] > hand)
            return m["turn"] in socks and m["move"] > move

        state = watcher.current(ready)
        if state["winner"] is not None:
            return state
        if state["hand_over"]:
            for sock in socks.values():
                sock.send({"type": "next_hand"})
            acted_hand = state["hand_number"]
            continue
        seat, move = state["turn"], state["move"]
        mover = socks[seat]
        mine = mover.current(
            lambda m, n=move, s=seat: m["type"] == "state" and m["move"] == n and m["turn"] == s
        )
        mover.send({"type": "play", "play": mine["legal"][0]["play"], "at": move})
        acted_move = move


def play_sausage(
    socks: dict[int, Socket], rng: random.Random, after: Callable[[], None] | None = None
) -> dict[str, Any]:
    """Play a started Sausage table through the people's sockets (the other seat, if any, is a bot):
    a random legal way each turn, every deal's end acknowledged; ``after()`` is called once the
    watching seat has seen each of the people's moves. Returns the final state."""
    watcher = socks[min(socks)]
    acted_move, acted_hand = -1, -1
    while True:

        def ready(m: dict[str, Any], move: int = acted_move, hand: int = acted_hand) -> bool:
            if m["type"] != "state" or m["phase"] == "open":
                return False
            if m["phase"] == "over":
                return True
            if m["hand_over"]:
                return bool(m["hand_number"] > hand)
            return m["turn"] in socks and m["move"] > move

        state = watcher.current(ready)
        if state["phase"] == "over":
            return state
        if state["hand_over"]:
            for sock in socks.values():
                sock.send({"type": "next_hand"})
            acted_hand = state["hand_number"]
            continue
        seat, move = state["turn"], state["move"]
        mine = socks[seat].current(
            lambda m, n=move, s=seat: (
                m["type"] == "state" and m["move"] == n and m["turn"] == s and m["legal"]
            )
        )
        socks[seat].send({"type": "play", "play": rng.choice(mine["legal"])["play"], "at": move})
        acted_move = move
        if after is not None:
            watcher.until(lambda m, n=move: m["type"] == "state" and m["move"] > n)
            after()


def ws_path(
    table: str,
    token: str | None = None,
    admin: str | None = None,
    session: str | None = None,
    ghosts: bool = False,
) -> str:
    """The table's WebSocket address with a seat's invitation, the creator's secret, a browser's
    session; ``ghosts``: as a page that draws ghost tiles connects."""
    pairs = (("token", token), ("admin", admin), ("session", session), ("ghosts", "1" if ghosts else None))
    query = "&".join(f"{k}={v}" for k, v in pairs if v)
    return f"/ws/tables/{table}" + (f"?{query}" if query else "")
