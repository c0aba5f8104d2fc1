"""No message to a seat, a spectator or the creator ever holds another seat's tiles (or a tile of
the boneyard, or a tile another seat drew) before the settlement, and no HTTP answer holds a tile
in anyone's hand or the boneyard, or a secret that holds a seat.

Whole matches of every game (Sausage too: no tile of a queue is named before it is turned) are
played over the WebSocket by the seats the test controls, with a spectator and the creator's own
admin-only connection watching; every message each of them received is
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
from typing import Any, Final

import pytest
from fastapi.testclient import TestClient

from sevenrocks.core.events import Draw, Placement
from sevenrocks.core.games import GAMES, Engine
from sevenrocks.core.sausage import SausageMatch
from sevenrocks.core.tiles import TILES
from sevenrocks.web.layout_play import PlacedMessages
from sevenrocks.web.protocol import PLACED_FIELDS
from sevenrocks.web.sausage_table import SausageTable, rebuild_sausage
from sevenrocks.web.service import LiveTable, TableService, rebuild_match
from tests.web.conftest import TILE, Socket, make_table, merge_placed, play_sausage, ws_path

pytestmark = pytest.mark.timeout(120)

DATA_TILE = re.compile(r'data-(?:tile|point)="([0-6]-[0-6])')


Http = Callable[[], None]


def play_whole_match(
    client: TestClient,
    target: int | None,
    rng: random.Random,
    http: Callable[[dict[str, Any]], None] | None = None,
    *,
    game: str | None = None,
    seats: int = 4,
    options: dict[str, Any] | None = None,
) -> tuple[dict[str, Any], dict[Any, Socket]]:
    """Play a match of ``game`` between people at random (Sea Goat's hundred declared or not at
    random); ``http(made)`` is called after every move."""
    kinds = ["me"] + ["friend"] * (seats - 1)
    made = make_table(client, kinds, target=target, game=game, options=options)
    table = made["table"]
    stack = ExitStack()
    socks: dict[Any, Socket] = {}
    for seat in range(seats):
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
        made["sessions"] = {seat: socks[seat].welcome["session"] for seat in range(seats)}  # type: ignore[index]

        def everyone(predicate: Any) -> None:
            for sock in socks.values():
                sock.until(lambda m: m["type"] == "state" and predicate(m))

        socks["creator"].send({"type": "start"})
        everyone(lambda m: m["phase"] == "playing")
        while True:
            state = socks["spectator"].state
            assert state is not None
            if state["phase"] == "over":
                break
            if state["hand_over"]:
                number = state["hand_number"]
                for seat in range(seats):
                    socks[seat].send({"type": "next_hand"})
                everyone(lambda m, n=number: m["hand_number"] == n + 1)
                continue
            pending = state.get("hundred_pending")
            if pending is not None:
                asked = socks[pending].current(lambda m: m["type"] == "state" and m["may_declare_hundred"])
                assert asked["seat"] == pending
                socks[pending].send({"type": "hundred", "declare": rng.random() < 0.5})
                everyone(lambda m: m["hundred_pending"] is None)
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
    """Assert that ``seat`` (or the spectator) never saw a tile it must not see (another seat's, the
    boneyard's, one another seat drew); count the checks."""
    history = match.history
    checked = 0
    state: dict[str, Any] | None = None
    for message in messages:
        if message["type"] == "placed":
            # what one placement changed: checked as the state it makes of the one before
            assert set(message) <= {
                "type",
                "table",
                "events_from",
                "phase",
                "winner",
                "hundred_pending",
                "clock",  # the turn clock (docs/web.md, "Time controls"): seconds and seats, no tile
            } | set(PLACED_FIELDS)
            merged = merge_placed(state, message)
            assert merged is not None, f"{seat}: a placed message that does not follow its state"
            message = merged
        if message["type"] != "state" or message["hand_number"] < 0:
            continue
        state = message
        h = message["hand_number"]
        log = history[h]
        sent = [
            t for e in message["events"] if e["kind"] == "placement" for t in e.get("tiles") or [e["tile"]]
        ]
        truth = [str(t) for p in log.placements for t in p.play.tiles]
        assert sent == truth[: len(sent)]
        placed = set(sent)
        # every draw is told; its tile only to the seat that drew it
        true_draws = [e for e in log.events if isinstance(e, Draw)]
        sent_draws = [e for e in message["events"] if e["kind"] == "draw"]
        assert [d["seat"] for d in sent_draws] == [d.seat for d in true_draws[: len(sent_draws)]]
        mine: set[str] = set()
        for told, true in zip(sent_draws, true_draws, strict=False):
            if told["seat"] == seat:
                assert told["tile"] == str(true.tile)
                mine.add(told["tile"])
            else:
                assert told["tile"] is None, f"{seat} was sent {true.tile}, drawn by seat {true.seat}"
        assert message["boneyard"] == len(log.boneyard) - len(sent_draws)
        own: set[str] = set()
        if isinstance(seat, int):
            own = ({str(t) for t in log.deal[seat]} | mine) - placed
            assert set(message["hand"]) == own, "a seat sees exactly its own remaining tiles"
            assert {t for o in message["legal"] for t in o.get("tiles") or [o["tile"]]} <= own
            assert message["drawn"] is None or set(message["drawn"]) == mine
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
    foreign = str(match.history[0].deal[(leader + 1) % match.seats][0])
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
    seats = len(made["seats"])
    hidden = (
        {str(t) for seat in range(seats) for t in match.hand(seat)} | {str(t) for t in match.boneyard}
        if match and match.turn is not None
        else set()
    )
    claimed = {made["tokens"][s] for s in range(seats) if live.claimed(s)} | set(
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


@pytest.mark.parametrize(
    ("game", "seats", "options"), [("seven-rocks", 4, None), ("kozel", 3, {"target": 30})]
)
def test_no_http_answer_holds_a_hidden_tile_or_a_seats_secret(
    client: TestClient, game: str, seats: int, options: dict[str, Any] | None
) -> None:
    counted = [0]

    def http(made: dict[str, Any]) -> None:
        counted[0] += check_http(client, made)

    target = 40 if game == "seven-rocks" else None
    made, socks = play_whole_match(
        client, target=target, rng=random.Random(5), http=http, game=game, seats=seats, options=options
    )
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
        self: TableService,
        table: LiveTable,
        seat: int | None,
        lang: str = "en",
        boards: tuple[str, ...] | None = None,
    ) -> dict[str, Any]:
        out = original(self, table, seat, lang, boards)
        if seat is None and table.match is not None and table.match.turn is not None:
            out["scores_text"] = f"{out['scores_text']} {table.match.hand(1)[0]}"
        return out

    monkeypatch.setattr(TableService, "state_for", leaky)
    made, socks = play_whole_match(client, target=10, rng=random.Random(1))
    storage = client.app.state.service.storage  # type: ignore[attr-defined]
    match, _ = rebuild_match(storage.table(made["table"]), storage.events(made["table"]))
    with pytest.raises(AssertionError, match="was sent"):
        check_messages(match, "creator", socks["creator"].messages)


# ------------------------------------------------------------------------------ every game
#: A short match of every game the browser plays: (game, seats, options).
FAMILY: Final = [
    ("block", 2, {"target": 30}),
    ("draw", 3, {"target": 30}),
    ("kozel", 3, {"target": 30}),
    ("kozel-125", 2, {"target": 30}),
    ("sports-kozel", 4, {"deals": 4}),
    ("sea-kozel", 4, {"target": 40}),
    ("donkey", 4, {"target": 30}),
    ("telephone", 2, {"target": 40}),
    ("muggins", 3, {"target": 30}),
    ("all-fives", 4, {"target": 30}),
    ("five-up", 2, {"target": 20}),
    ("fives-and-threes", 3, {"target": 20}),
    ("all-threes", 2, {"target": 20}),
    ("sebastopol", 4, {"target": 20}),
    ("bergen", 3, {"target": 6}),
    ("matador", 2, {"target": 30}),
    ("general", 4, {}),
    ("picture", 3, {}),
]


def test_the_check_catches_a_leak_in_a_placed_message(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = PlacedMessages.personal

    def leaky(self: PlacedMessages, seat: int | None, lang: str) -> dict[str, Any]:
        out = original(self, seat, lang)
        match = self.table.match
        if seat is None and match is not None and match.turn is not None:
            out["scores_text"] = f"{out['scores_text']} {match.hand(1)[0]}"
        return out

    monkeypatch.setattr(PlacedMessages, "personal", leaky)
    made, socks = play_whole_match(client, target=10, rng=random.Random(1))
    assert any(m["type"] == "placed" for m in socks["creator"].messages)
    storage = client.app.state.service.storage  # type: ignore[attr-defined]
    match, _ = rebuild_match(storage.table(made["table"]), storage.events(made["table"]))
    check_messages(match, 0, socks[0].messages)  # a seat's own placed messages are honest
    with pytest.raises(AssertionError, match="was sent"):
        check_messages(match, "creator", socks["creator"].messages)


def test_every_game_is_covered() -> None:
    covered = {game for game, _, _ in FAMILY} | {"seven-rocks"}
    assert covered == {g.id for g in GAMES if g.engine is Engine.LAYOUT}
    # Sausage, its own engine: test_no_message_or_answer_of_a_whole_sausage_match_holds_a_hidden_tile
    assert {g.id for g in GAMES if g.engine is not Engine.LAYOUT} == {"sausage"}


@pytest.mark.parametrize(("game", "seats", "options"), FAMILY, ids=[g for g, _, _ in FAMILY])
@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_no_hidden_tile_is_ever_sent_in_any_game(
    client: TestClient, game: str, seats: int, options: dict[str, Any]
) -> None:
    made, socks = play_whole_match(client, None, random.Random(7), game=game, seats=seats, options=options)
    storage = client.app.state.service.storage  # type: ignore[attr-defined]
    match, _ = rebuild_match(storage.table(made["table"]), storage.events(made["table"]))
    assert match.is_over and match.game == game and match.seats == seats
    total = sum(check_messages(match, who, sock.messages) for who, sock in socks.items())
    moves = sum(len(log.placements) for log in match.history)
    assert total >= (seats + 2) * moves


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_a_planted_leak_of_a_drawn_tile_is_caught(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sevenrocks.web import protocol

    original = protocol.event_json

    def leaky(event: Any, *, seen_by: int | None = -1, **words: Any) -> dict[str, Any]:
        return original(event, **words)  # every drawn tile named (and said in words), to everyone

    monkeypatch.setattr(protocol, "event_json", leaky)
    # and every message says its events afresh: a table keeps them said once for all seats that
    # did not make them, which would give the spectator the words said to seat 1 (no tile)
    monkeypatch.setattr(LiveTable, "event_words", lambda self, hand, names: {})
    storage = client.app.state.service.storage  # type: ignore[attr-defined]
    for seed in range(3, 13):  # a match in which seat 0 draws (spectators see the table as seat 0)
        made, socks = play_whole_match(
            client, None, random.Random(seed), game="draw", seats=2, options={"target": 20}
        )
        match, _ = rebuild_match(storage.table(made["table"]), storage.events(made["table"]))
        if any(isinstance(e, Draw) and e.seat == 0 for log in match.history for e in log.events):
            break
    else:
        pytest.fail("seat 0 never drew")
    with pytest.raises(AssertionError, match="drawn by seat 0"):
        check_messages(match, "spectator", socks["spectator"].messages)
    with pytest.raises(AssertionError, match="drawn by seat 0"):
        check_messages(match, "creator", socks["creator"].messages)


# ------------------------------------------------------------------------------ Sausage
def check_sausage_messages(match: SausageMatch, who: Any, messages: list[dict[str, Any]]) -> int:
    """Assert that no message ``who`` received names a tile nobody may see yet: a tile never turned in
    the running deal (its queue's hidden part). Returns how many states were checked."""
    history = match.history
    checked = 0
    for message in messages:
        if message["type"] != "state" or message["hand_number"] < 0:
            continue
        deal = history[message["hand_number"]]
        told = message["turns"]
        truth = deal.turns
        assert [(t["seat"], t["tile"], t["went"]) for t in told] == [
            (t.seat, str(t.tile), t.went.value) for t in truth[: len(told)]
        ]
        # public: every tile turned so far, and the one turned now
        seen = {str(t.tile) for t in truth[: len(told) + 1]}
        if message["hand_over"]:
            seen = {str(t) for t in TILES}  # the queues are turned up to count them
        rest = {k: v for k, v in message.items() if k not in ("results", "created_at")}
        for text in TILE.findall(repr(rest)):
            assert text in seen, f"{who} was sent {text}, never turned, in deal {message['hand_number']}"
        mine = isinstance(who, int) and message["turn"] == who and not message["hand_over"]
        assert bool(message["legal"]) == mine
        for number, result in enumerate(message["results"]):
            assert number < message["hand_number"] or message["hand_over"]
            true = history[result["hand"]].result
            assert true is not None and result["left"] == [[str(t) for t in q] for q in true.left]
        checked += 1
    return checked


def check_sausage_http(client: TestClient, made: dict[str, Any]) -> int:
    """Fetch every HTTP route of a Sausage table in play; assert no answer names a tile never turned
    in the running deal. Returns how many answers were checked."""
    table = made["table"]
    live = client.app.state.service.tables[table]  # type: ignore[attr-defined]
    match = live.sausage
    hidden = {str(t) for t in match.view(0).memory().unseen} if match and match.in_deal else set()
    answers = [
        (path, json.dumps(client.get(path).json()))
        for path in (f"/api/tables/{table}", "/api/tables", "/api/matches", f"/api/matches/{table}")
    ]
    links = client.post(f"/api/tables/{table}/links", json={"admin": made["admin_token"]})
    answers.append(("links", json.dumps(links.json())))
    for path in (f"/table/{table}?admin={made['admin_token']}", f"/table/{table}", f"/replay/{table}", "/"):
        answers.append((path, client.get(path).text))
    for where, text in answers:
        leaked = _tiles_in(text) & hidden
        assert not leaked, f"{where} holds {leaked}, never turned"
    return len(answers)


SAUSAGE_TARGET: Final = 15


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_no_message_or_answer_of_a_whole_sausage_match_holds_a_hidden_tile(client: TestClient) -> None:
    made = make_table(client, ["me", "friend"], target=SAUSAGE_TARGET, game="sausage")
    table, admin = made["table"], made["admin_token"]
    counted = [0, 0]

    def http() -> None:  # every HTTP route after every fourth move (the suite's time is short)
        counted[1] += 1
        if counted[1] % 4 == 1:
            counted[0] += check_sausage_http(client, made)

    socks: dict[Any, Socket] = {}
    with ExitStack() as stack:
        for who, path in (
            (0, ws_path(table, made["tokens"][0], admin)),
            (1, ws_path(table, made["tokens"][1])),
            ("spectator", ws_path(table)),
            ("creator", ws_path(table, None, admin)),  # the creator's rights, and no seat
        ):
            socks[who] = Socket(stack.enter_context(client.websocket_connect(path)), str(who))
            socks[who].until(lambda m: m["type"] == "state")
        socks["creator"].send({"type": "start"})
        final = play_sausage({0: socks[0], 1: socks[1]}, random.Random(11), after=http)
        for who in ("spectator", "creator"):
            socks[who].until(lambda m: m["type"] == "state" and m["phase"] == "over")
    assert final["phase"] == "over"
    storage = client.app.state.service.storage  # type: ignore[attr-defined]
    match, _ = rebuild_sausage(storage.table(table), storage.events(table))
    assert match is not None and match.is_over
    moves = sum(len(log.moves) for log in match.history)
    assert sum(check_sausage_messages(match, who, sock.messages) for who, sock in socks.items()) >= 4 * moves
    assert counted[0] >= 9 * (moves // 4)
    # the checks catch a leak: the tile at the front of a queue, never turned, in a state
    state = next(m for m in socks["spectator"].messages if m["type"] == "state" and m["phase"] == "playing")
    deal = match.history[state["hand_number"]]
    public = {t.tile for t in deal.turns[: len(state["turns"]) + 1]}
    hidden = next(t for q in deal.queues for t in q if t not in public)
    leaked = {**state, "queues": [{**state["queues"][0], "next": str(hidden)}, state["queues"][1]]}
    with pytest.raises(AssertionError, match="never turned"):
        check_sausage_messages(match, "spectator", [leaked])


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_the_sausage_http_check_catches_a_planted_leak(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = make_table(client, ["me", "bot"], target=SAUSAGE_TARGET, game="sausage")
    with client.websocket_connect(ws_path(made["table"], made["tokens"][0], made["admin_token"])) as ws:
        sock = Socket(ws, "me")
        sock.until(lambda m: m["type"] == "state")
        sock.send({"type": "start"})
        sock.until(lambda m: m["type"] == "state" and m["phase"] == "playing" and m["legal"])
        check_sausage_http(client, made)  # honest: passes
        original = SausageTable.summary

        def leaky(self: SausageTable) -> dict[str, Any]:
            out = original(self)
            assert self.sausage is not None
            unseen = self.sausage.view(0).memory().unseen  # in a queue, never turned
            out["hint"] = str(next(t for t in self.sausage.queue(1) if t in unseen))
            return out

        monkeypatch.setattr(SausageTable, "summary", leaky)
        with pytest.raises(AssertionError, match="never turned"):
            check_sausage_http(client, made)
