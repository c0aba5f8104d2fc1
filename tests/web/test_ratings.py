"""Rated tables and ratings (issue 20): who may make and sit at a rated table, OpenSkill updates with
the bots anchored, a rated match between two accounts and two bots played to the end, the rating
change on both profiles and the leaderboard; on SQLite and PostgreSQL."""

from __future__ import annotations

import re
import time
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from sevenrocks.bots import BOT_NAMES
from sevenrocks.web.accounts import SESSION_COOKIE
from sevenrocks.web.ratings import BOT_ANCHORS, BOT_SIGMA, NEW_MU, NEW_SIGMA, ordinal, rate_match
from tests.web.conftest import Socket, play_to_the_end, ws_path
from tests.web.test_accounts import me, plant, sign_up

pytestmark = pytest.mark.timeout(180)


def test_every_bot_level_has_a_published_anchor() -> None:
    assert set(BOT_ANCHORS) == set(BOT_NAMES)
    order = sorted(BOT_ANCHORS, key=BOT_ANCHORS.__getitem__)
    assert order == ["random", "greedy", "expert", "search", "champion"]  # the ladder's order


def test_openskill_updates_people_by_partnership_and_leaves_bots_alone() -> None:
    seats: list[tuple[str, str | None]] = [("a", None), ("x", "expert"), ("b", None), ("y", "expert")]
    won = rate_match(seats, 0, {})
    lost = rate_match(seats, 1, {})
    assert set(won) == set(lost) == {"a", "b"}  # the bots are never updated
    assert won["a"] == won["b"] and won["a"][0] > NEW_MU > lost["a"][0]  # partners share the result
    assert won["a"][1] < NEW_SIGMA and lost["a"][1] < NEW_SIGMA
    # beating the stronger bots is worth more; losing to the weaker ones costs more
    weak = [("a", None), ("x", "random"), ("b", None), ("y", "random")]
    assert won["a"][0] > rate_match(weak, 0, {})["a"][0]
    assert lost["a"][0] > rate_match(weak, 1, {})["a"][0]
    # a settled rating moves less than a new one
    settled = rate_match(seats, 0, {"a": (30.0, 2.0)})
    assert 0 < settled["a"][0] - 30.0 < won["a"][0] - NEW_MU
    assert ordinal(NEW_MU, NEW_SIGMA) == pytest.approx(0.0)
    assert ordinal(BOT_ANCHORS["greedy"], BOT_SIGMA) == pytest.approx(22.0)


def session_of(client: TestClient) -> str:
    value = next(c.value for c in client.cookies.jar if c.name == SESSION_COOKIE)
    assert value
    return value


def accounts(client: TestClient, *names: str) -> dict[str, str]:
    """Sign up each of ``names``; their session secrets (the browser holds the last)."""
    found = {}
    for name in names:
        client.cookies.delete(SESSION_COOKIE)
        assert sign_up(client, name).status_code == 303
        found[name] = session_of(client)
    return found


def new_rated(client: TestClient, seats: list[dict[str, Any]], **extra: Any) -> Any:
    headers = {"X-CSRF-Token": me(client)["csrf"] or ""}
    return client.post(
        "/api/tables", json={"seats": seats, "rated": True, "target": 30, **extra}, headers=headers
    )


def token(link: str) -> str:
    found = re.search(r"token=([A-Za-z0-9_-]+)", link)
    assert found
    return found[1]


def refusal(client: TestClient, path: str) -> dict[str, Any]:
    with client.websocket_connect(path) as ws:
        message: dict[str, Any] = ws.receive_json()
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()
        return message


TWO_AND_TWO: list[dict[str, Any]] = [
    {"kind": "me"},
    {"kind": "friend"},
    {"kind": "bot", "bot": "greedy"},
    {"kind": "bot", "bot": "expert"},
]


def test_who_may_make_and_sit_at_a_rated_table(client: TestClient) -> None:
    guest = client.post("/api/tables", json={"seats": TWO_AND_TWO, "rated": True})
    assert guest.status_code == 403 and guest.json()["message"] == "log in to make a rated table"
    sessions = accounts(client, "Aylin", "Boris")
    for seats, extra, reason in (
        (TWO_AND_TWO, {"game": "kozel", "target": None}, "rated tables play Seven Rocks with four seats"),
        (TWO_AND_TWO, {"practice": True}, "a practice table cannot be rated"),
    ):
        answer = new_rated(client, seats, **extra)
        assert answer.status_code == 400 and answer.json()["message"] == reason
    made = new_rated(client, TWO_AND_TWO).json()
    table, admin = made["table"], made["admin"]
    friend = token(next(s["link"] for s in made["seats"] if s["seat"] == 1))
    mine = token(made["link"])
    # a guest cannot take a seat of a rated table
    client.cookies.delete(SESSION_COOKIE)
    assert refusal(client, ws_path(table, friend))["code"] == "log_in"
    with ExitStack() as stack:
        plant(client, sessions["Boris"])
        creator = Socket(stack.enter_context(client.websocket_connect(ws_path(table, mine, admin))), "Boris")
        creator.until(lambda m: m["type"] == "state")
        # the match cannot start while seat 1 has no account
        assert creator.answer({"type": "start"})["code"] == "not_ready"
        # one account, one seat
        assert refusal(client, ws_path(table, friend))["code"] == "seat_taken"
        plant(client, sessions["Aylin"])
        other = Socket(stack.enter_context(client.websocket_connect(ws_path(table, friend))), "Aylin")
        other.until(lambda m: m["type"] == "state")
        assert [s["name"] for s in other.state["seats"][:2]] == ["Boris", "Aylin"]  # type: ignore[index]
        assert creator.answer({"type": "start"})["type"] == "pong"


def wait_rated(client: TestClient, name: str, count: int) -> dict[str, Any]:
    for _ in range(200):
        data: dict[str, Any] = client.get(f"/api/players/{name}").json()
        if data["rating"]["rated_matches"] >= count:
            return data
        time.sleep(0.05)
    raise AssertionError(f"{name} was not rated")


def play_rated(
    client: TestClient, sessions: dict[str, str], creator: str, friend_name: str
) -> tuple[str, int]:
    """Make a rated table (``creator`` at seat 0, ``friend_name`` at seat 1, bots at 2 and 3), play
    it to the end through both accounts' sockets; the table and the winning side."""
    plant(client, sessions[creator])
    made = new_rated(client, TWO_AND_TWO).json()
    table, admin = made["table"], made["admin"]
    friend = token(next(s["link"] for s in made["seats"] if s["seat"] == 1))
    with ExitStack() as stack:
        first = Socket(
            stack.enter_context(client.websocket_connect(ws_path(table, token(made["link"]), admin))), "0"
        )
        first.until(lambda m: m["type"] == "state")
        plant(client, sessions[friend_name])
        second = Socket(stack.enter_context(client.websocket_connect(ws_path(table, friend))), "1")
        second.until(lambda m: m["type"] == "state")
        first.send({"type": "start"})
        final = play_to_the_end({0: first, 1: second})
    assert final["winner"] in (0, 1)
    return table, int(final["winner"])


def test_a_rated_match_of_two_accounts_and_two_bots_moves_both_ratings(client: TestClient) -> None:
    sessions = accounts(client, "Leyla", "Omar")
    table, winner = play_rated(client, sessions, "Omar", "Leyla")
    names = {0: "Omar", 1: "Leyla"}  # seat 0 plays with the greedy bot, seat 1 with the expert bot
    won, lost = names[winner], names[1 - winner]
    profiles = {name: wait_rated(client, name, 1) for name in names.values()}
    for name, profile in profiles.items():
        assert len(profile["history"]) == 1 and profile["history"][0]["table"] == table
        entry = profile["matches"][0]
        assert entry["table"] == table and entry["rated"] and entry["replay"] == f"/replay/{table}"
        assert entry["won"] is (name == won)
        assert entry["rating_change"] == pytest.approx(profile["rating"]["ordinal"], abs=0.01)
        page = client.get(f"/players/{name}").text
        change = re.search(rf'class="rating-change" dir="ltr" data-table="{table}">([+-][0-9.]+)<', page)
        assert change and float(change[1]) == pytest.approx(entry["rating_change"], abs=0.051)
        assert 'id="rating-chart"' in page and page.count("<circle") == 2  # the start and one match
        assert f'href="/replay/{table}"' in page
    assert profiles[won]["rating"]["mu"] > NEW_MU > profiles[lost]["rating"]["mu"]
    assert profiles[won]["history"][0]["change"] > profiles[lost]["history"][0]["change"]
    board = client.get("/api/leaderboard").json()
    assert [p["name"] for p in board["players"]] == [won, lost]
    assert {b["bot"]: b["mu"] for b in board["bots"]} == dict(BOT_ANCHORS)  # the anchors did not move
    html = client.get("/leaderboard").text
    html = html[html.index('id="leaderboard"') :]  # the header names the player logged in
    assert html.index(f">{won}<") < html.index(f">{lost}<") and 'id="bot-ratings"' in html
    # a match is rated once, however often it is asked
    service_accounts = client.app.state.accounts  # type: ignore[attr-defined]
    assert client.portal.call(service_accounts.rate, table) is False  # type: ignore[union-attr]
    assert wait_rated(client, won, 1)["rating"]["rated_matches"] == 1


def test_a_match_that_ended_unrated_is_rated_when_the_server_starts(db_url: str) -> None:
    from sevenrocks.web import create_app
    from tests.web.conftest import settings_for

    with TestClient(create_app(settings_for(db_url))) as client:
        sessions = accounts(client, "Pinar", "Yuri")
        client.app.state.accounts.finished = lambda table: None  # type: ignore[attr-defined]  # as if stopped
        table, _winner = play_rated(client, sessions, "Pinar", "Yuri")
        time.sleep(0.2)
        assert client.get("/api/players/Pinar").json()["rating"]["rated_matches"] == 0
    with TestClient(create_app(settings_for(db_url))) as client:
        for name in ("Pinar", "Yuri"):
            assert wait_rated(client, name, 1)["history"][0]["table"] == table


def _rated_between_reads(db_url: str, read: str) -> tuple[dict[str, Any], str]:
    """Pinar's profile as ``/api/players/Pinar`` answers when her match (it ended unrated, as if
    the server stopped) is rated while the profile reads: right after its first call of the
    store's method ``read``. Returns the profile and the match's table."""
    from sevenrocks.web import create_app
    from tests.web.conftest import settings_for

    with TestClient(create_app(settings_for(db_url))) as client:
        sessions = accounts(client, "Pinar", "Yuri")
        service = client.app.state.accounts  # type: ignore[attr-defined]
        service.finished = lambda table: None  # the match ends unrated, as if the server stopped
        table, _winner = play_rated(client, sessions, "Pinar", "Yuri")
        store = service.store
        pinar = store.account("Pinar")
        assert pinar is not None and pinar.rated_matches == 0
        original = getattr(store, read)

        def rated_in_between(*args: Any, **kwargs: Any) -> Any:
            setattr(store, read, original)  # once
            assert store.record_rating(table, {pinar.id: (30.0, 5.0)})
            return original(*args, **kwargs)

        setattr(store, read, rated_in_between)
        profile: dict[str, Any] = client.get("/api/players/Pinar").json()
        return profile, table


def test_a_match_rated_while_a_profile_is_read_is_counted_where_its_change_is_shown(db_url: str) -> None:
    """The rating, its history and the count of rated matches are written in one transaction; the
    profile, read in several, shows a match rated in the middle of its reads in all or none of them
    (it showed the change while still counting 0 rated matches)."""
    profile, table = _rated_between_reads(db_url, "history")
    assert [p["table"] for p in profile["history"]] == [table]
    assert profile["rating"]["rated_matches"] == 1 and profile["rating"]["mu"] == 30.0


def test_a_match_rated_after_a_profile_read_its_history_is_shown_in_both(db_url: str) -> None:
    """Rated after the profile read the history but before it read the count again: the profile
    reads again, and shows the match in its history and in its count (it showed a count of 1
    beside an empty history)."""
    profile, table = _rated_between_reads(db_url, "seats_of")
    assert [p["table"] for p in profile["history"]] == [table]
    assert profile["rating"]["rated_matches"] == 1 and profile["rating"]["mu"] == 30.0
    assert profile["matches"][0]["rating_change"] is not None
