"""The table WebSocket: welcome and state, seats and spectators, and hostile messages."""

from __future__ import annotations

import json
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from sevenrocks.core import Play
from sevenrocks.geometry import geometry
from sevenrocks.web.render import best_board, boards_for, ghost_boxes
from tests.web.conftest import Socket, make_table, ws_path

pytestmark = pytest.mark.timeout(60)


def open_seats(
    client: TestClient,
    stack: ExitStack,
    made: dict[str, Any],
    lang: str | None = None,
    areas: dict[int, str] | None = None,
    ghosts: bool = False,
) -> dict[int, Socket]:
    """Connect every person's seat (seat 0 with the creator's secret too; pages in ``lang`` if
    given, each seat's page saying the board area ``areas`` gives it, if any, and that it draws
    ghost tiles if ``ghosts``) and start the match."""
    socks: dict[int, Socket] = {}
    for seat, token in sorted(made["tokens"].items()):
        admin = made["admin_token"] if seat == made["seat"] else None
        path = ws_path(made["table"], token, admin, ghosts=ghosts) + (f"&lang={lang}" if lang else "")
        if areas and seat in areas:
            path += f"&area={areas[seat]}"
        session = stack.enter_context(client.websocket_connect(path))
        socks[seat] = Socket(session, f"seat {seat}")
        welcome = socks[seat].recv()
        assert welcome == {
            "type": "welcome",
            "table": made["table"],
            "seat": seat,
            "admin": admin is not None,
            "name": welcome["name"],
            "session": welcome["session"],  # the seat is this connection's now
        }
        assert len(welcome["session"]) >= 32
        socks[seat].until(lambda m: m["type"] == "state")
    return socks


def started(socks: dict[int, Socket]) -> dict[str, Any]:
    first = min(socks)
    socks[first].send({"type": "start"})
    for sock in socks.values():
        sock.until(lambda m: m["type"] == "state" and m["phase"] == "playing")
    state = socks[first].state
    assert state is not None
    return state


def place_first(socks: dict[Any, Socket], state: dict[str, Any]) -> None:
    """The seat on turn in ``state`` places the first legal placement its own state lists."""
    mover = socks[state["turn"]]
    mine = mover.current(lambda m, n=state["move"]: m["type"] == "state" and m["move"] == n)
    mover.send({"type": "play", "play": mine["legal"][0]["play"], "at": state["move"]})


def stored(client: TestClient, table: str) -> tuple[Any, ...]:
    """The server's position of a table: events stored and the match's placements."""
    live = client.app.state.service.tables[table]  # type: ignore[attr-defined]
    return (
        live.seq,
        live.moves,
        tuple(live.match.events) if live.match else (),
        live.match.scores if live.match else (),
    )


def test_seat_gets_its_own_view_and_spectator_none(client: TestClient) -> None:
    made = make_table(client, ["me", "friend", "friend", "friend"])
    with ExitStack() as stack:
        socks = open_seats(client, stack, made)
        state = started(socks)
        watcher = Socket(stack.enter_context(client.websocket_connect(ws_path(made["table"]))), "spectator")
        assert watcher.recv() == {
            "type": "welcome",
            "table": made["table"],
            "seat": None,
            "admin": False,
            "name": None,
        }
        public = watcher.until(lambda m: m["type"] == "state")
        assert public["hand"] is None and public["legal"] == [] and public["seat"] is None
        assert public["tile_counts"] == [7, 7, 7, 7] and public["layout"]["svg"].startswith("<svg")
        hands = [set(socks[s].state["hand"]) for s in range(4)]  # type: ignore[index]
        assert all(len(h) == 7 for h in hands) and len(set.union(*hands)) == 28
        leader = state["turn"]
        assert len(socks[leader].state["legal"]) == 7  # type: ignore[index]
        assert all(socks[s].state["legal"] == [] for s in range(4) if s != leader)  # type: ignore[index]
        assert all(
            o["points"] == (o["ends_total"] if o["ends_total"] % 5 == 0 and o["ends_total"] else 0)
            for o in socks[leader].state["legal"]
        )  # type: ignore[index]


def test_unknown_table_and_bad_tokens_are_refused(client: TestClient) -> None:
    made = make_table(client, ["me", "friend", "bot", "bot"])
    for path, code in (
        (ws_path("no-such-table"), "unknown_table"),
        (ws_path(made["table"], "forged-token"), "bad_token"),
        (ws_path(made["table"], None, "forged-admin"), "bad_token"),
    ):
        with client.websocket_connect(path) as ws:
            message = ws.receive_json()
            assert message["type"] == "error" and message["code"] == code
            with pytest.raises(WebSocketDisconnect):
                ws.receive_json()


HOSTILE: list[tuple[Any, str]] = [
    ("not json at all", "not_json"),
    ("[1, 2, 3]", "bad_message"),
    ('"play"', "bad_message"),
    ("{}", "bad_message"),
    ('{"type": 7}', "bad_message"),
    ('{"type": "teleport"}', "unknown_type"),
    ('{"type": "play"}', "bad_message"),
    ('{"type": "play", "play": 34}', "bad_message"),
    ('{"type": "play", "play": "9-9"}', "bad_play"),
    ('{"type": "play", "play": "3-4@"}', "bad_play"),
    ('{"type": "play", "play": "3-4", "at": "zero"}', "bad_message"),
    ('{"type": "play", "play": "3-4", "at": true}', "bad_message"),
    ('{"type": "play", "play": "3-4", "seat": 2}', "bad_message"),
    ('{"type": "replace", "seat": "one", "bot": "random"}', "bad_message"),
    (json.dumps({"type": "play", "play": "x" * 10_000}), "too_large"),
    ("{" * 3000, "not_json"),
]


def test_hostile_messages_get_errors_and_change_nothing(client: TestClient) -> None:
    made = make_table(client, ["me", "friend", "friend", "friend"])
    with ExitStack() as stack:
        socks = open_seats(client, stack, made)
        state = started(socks)
        before = stored(client, made["table"])
        leader = state["turn"]
        other = next(s for s in (1, 2, 3) if s != leader)  # not the creator, not to play
        mover = socks[leader]
        for raw, code in HOSTILE:
            mover.session.send_text(raw)
            error = mover.error()
            assert error["code"] == code, (raw[:40], error)
            assert error["message"]
        mover.session.send_bytes(b"\xff\xfe binary")
        assert mover.error()["code"] == "not_json"
        # a tile of another seat, out of turn, from a spectator, stale positions, the creator's powers
        foreign = socks[other].state["hand"][0]  # type: ignore[index]
        mover.send({"type": "play", "play": foreign})
        assert mover.error()["code"] == "illegal"
        own = mover.state["legal"][0]["play"]  # type: ignore[index]
        socks[other].send({"type": "play", "play": own})
        assert socks[other].error()["code"] == "not_your_turn"
        mover.send({"type": "play", "play": own, "at": 5})
        assert mover.error()["code"] == "stale"
        socks[other].send({"type": "start"})
        assert socks[other].error()["code"] == "forbidden"
        socks[other].send({"type": "next_hand"})
        assert socks[other].error()["code"] == "not_waiting"
        socks[other].send({"type": "replace", "seat": leader, "bot": "random"})
        assert socks[other].error()["code"] == "forbidden"
        watcher = Socket(stack.enter_context(client.websocket_connect(ws_path(made["table"]))), "spectator")
        watcher.until(lambda m: m["type"] == "state")
        watcher.send({"type": "play", "play": own})
        assert watcher.error()["code"] == "forbidden"
        assert stored(client, made["table"]) == before
        # the connection is still usable: the real play goes through, and a replay of it is refused
        mover.send({"type": "play", "play": own, "at": state["move"]})
        after = mover.until(lambda m: m["type"] == "state" and m["move"] == state["move"] + 1)
        assert own.split("@")[0] not in after["hand"]
        mover.send({"type": "play", "play": own, "at": state["move"]})
        assert mover.error()["code"] in ("stale", "not_your_turn")
        mover.send({"type": "ping"})
        assert mover.until(lambda m: m["type"] != "state") == {"type": "pong"}
        assert stored(client, made["table"])[1] == 1


def test_creator_replaces_a_departed_player_with_a_bot(client: TestClient) -> None:
    made = make_table(client, ["me", "friend", "bot", "bot"], target=60)
    table = made["table"]
    with ExitStack() as stack:
        creator = Socket(
            stack.enter_context(
                client.websocket_connect(ws_path(table, made["tokens"][0], made["admin_token"]))
            ),
            "creator",
        )
        creator.until(lambda m: m["type"] == "state")
        with client.websocket_connect(ws_path(table, made["tokens"][1])) as friend:
            session = friend.receive_json()["session"]
            creator.until(lambda m: m["type"] == "seats" and m["seats"][1]["connected"])
            creator.send({"type": "replace", "seat": 1, "bot": "greedy"})
            assert creator.error()["code"] == "still_connected"
        creator.until(lambda m: m["type"] == "seats" and not m["seats"][1]["connected"])
        creator.send({"type": "replace", "seat": 1, "bot": "oracle"})
        assert "unknown bot level" in creator.error()["message"]
        creator.send({"type": "replace", "seat": 1, "bot": "greedy"})
        state = creator.until(lambda m: m["type"] == "state" and m["seats"][1]["kind"] == "bot")
        assert state["seats"][1]["bot"] == "greedy"
        creator.send({"type": "replace", "seat": 2, "bot": "greedy"})
        assert creator.error()["code"] == "not_human"
        # the friend's old link and their browser's session no longer hold a seat
        with client.websocket_connect(ws_path(table, made["tokens"][1])) as old:
            assert old.receive_json()["code"] == "bad_token"
        with client.websocket_connect(ws_path(table, made["tokens"][1], session=session)) as old:
            assert old.receive_json()["code"] == "bad_session"
        stored_seats = client.app.state.service.storage.table(table).seats  # type: ignore[attr-defined]
        assert stored_seats[1]["kind"] == "bot"


def test_next_hand_waits_for_every_connected_person(client: TestClient) -> None:
    made = make_table(client, ["me", "bot", "friend", "bot"], target=10_000)
    with ExitStack() as stack:
        socks = open_seats(client, stack, made)
        started(socks)
        acted = -1
        while True:

            def waiting(m: dict[str, Any], acted: int = acted) -> bool:
                return m["type"] == "state" and (
                    m["hand_over"] or (m["turn"] in (0, 2) and m["move"] > acted)
                )

            state = socks[0].state  # type: ignore[assignment]
            if not waiting(state):
                state = socks[0].until(waiting)
            if state["hand_over"]:
                break
            mover = socks[state["turn"]]
            current = (
                state
                if mover is socks[0]
                else mover.current(lambda m, n=state["move"]: m["type"] == "state" and m["move"] == n)
            )
            mover.send({"type": "play", "play": current["legal"][0]["play"], "at": current["move"]})
            acted = state["move"]
        result = state["results"][0]
        assert result["hands"] is not None and result["pips"] == [
            sum(int(a) + int(b) for a, b in (t.split("-") for t in hand)) for hand in result["hands"]
        ]
        socks[0].send({"type": "next_hand"})
        socks[0].until(lambda m: m["type"] == "seats" and m["seats"][0]["ready"])
        assert socks[0].state is not None and socks[0].state["hand_number"] == 0
        socks[2].until(lambda m: m["type"] == "state" and m["hand_over"])
        socks[2].send({"type": "next_hand"})
        dealt = socks[2].until(lambda m: m["type"] == "state" and m["hand_number"] == 1)
        assert len(dealt["hand"]) == 7 and not dealt["hand_over"]


def test_a_placement_that_cannot_be_stored_is_taken_back(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = make_table(client, ["me", "friend", "friend", "friend"])
    with ExitStack() as stack:
        socks = open_seats(client, stack, made)
        state = started(socks)
        before = stored(client, made["table"])
        mover = socks[state["turn"]]
        assert mover.state is not None
        play = mover.state["legal"][0]["play"]
        storage = client.app.state.service.storage  # type: ignore[attr-defined]

        def broken(*args: Any, **kwargs: Any) -> None:
            raise OSError("disk full")

        monkeypatch.setattr(storage, "append_event", broken)
        mover.send({"type": "play", "play": play, "at": state["move"]})
        error = mover.error()
        assert error["code"] == "storage" and "nothing changed" in error["message"]
        assert stored(client, made["table"]) == before
        monkeypatch.undo()
        mover.send({"type": "play", "play": play, "at": state["move"]})
        assert mover.until(lambda m: m["type"] == "state" and m["move"] == state["move"] + 1)


#: pages of many sizes: a desktop, a phone upright, one that said nothing, a desktop
MIXED_AREAS: dict[int, str] = {0: "900x440", 1: "374x430", 3: "1200x500"}


def best_for(client: TestClient, table: str, area: str | None) -> str | None:
    """The board that shows the tiles biggest in the board area ``area`` (``WIDTHxHEIGHT``) at
    the table's position, out of every board's geometry (``None``: no area, every board)."""
    if area is None:
        return None
    live = client.app.state.service.tables[table]  # type: ignore[attr-defined]
    sizes = boards_for(live.match.game)
    every = {name: geometry(live.match.layout, board=size) for name, size in sizes.items()}
    width, height = (float(side) for side in area.split("x"))
    return best_board(every, (width, height))[0]


@pytest.mark.parametrize(("lang", "areas"), [("en", None), ("tr", None), ("ru", None), ("en", MIXED_AREAS)])
def test_a_placement_mid_hand_is_a_placed_message_that_makes_the_same_state(
    client: TestClient, lang: str, areas: dict[int, str] | None
) -> None:
    """Every seat and a spectator hear of each placement in the middle of a hand as a ``placed``
    message whose drawing is a patch of the one held; applied to the state held, it gives exactly
    the state a ``sync`` then sends in full (the patched drawing is the whole drawing), in the
    page's language too (the seats' default names in its events were left in English). Pages
    that said their board area get the drawing on the one board that shows the tiles biggest
    there, the others on every board."""
    made = make_table(client, ["me", "friend", "friend", "friend"])
    with ExitStack() as stack:
        socks: dict[Any, Socket] = dict(open_seats(client, stack, made, lang, areas))
        state = started(socks)
        spectator = ws_path(made["table"]) + f"?lang={lang}" + ("&area=374x430" if areas else "")
        watcher = Socket(stack.enter_context(client.websocket_connect(spectator)), "spectator")
        watcher.until(lambda m: m["type"] == "state")
        socks["spectator"] = watcher
        for _ in range(8):
            state = socks[0].current(lambda m: m["type"] == "state")
            if state["turn"] is None:
                break
            place_first(socks, state)
            for seat, sock in socks.items():
                merged = sock.until(lambda m, n=state["move"]: m["type"] == "state" and m["move"] == n + 1)
                raw = sock.messages[-1]
                if merged["turn"] is None:  # the hand ended: a whole state
                    assert raw["type"] == "state"
                    continue
                assert raw["type"] == "placed" and raw["events_from"] == len(state["events"])
                assert "svg" not in raw["layout"] and raw["layout"]["svg_patch"], "the drawing is a patch"
                assert len(json.dumps(raw)) < len(json.dumps(merged))
                area = None if areas is None else (areas.get(seat) if seat != "spectator" else "374x430")
                board = best_for(client, made["table"], area)
                assert merged["layout"]["board"] == board, (seat, area)
                assert merged["layout"]["svg"].count("<svg") == (3 if board is None else 1)
                if board is not None:
                    assert merged["layout"]["svg"].startswith(f'<svg data-board="{board}"')
                    assert ghost_boards(merged) <= {board}
                sock.send({"type": "sync"})
                full = sock.until(lambda m: m["type"] == "state")
                assert sock.messages[-1]["type"] == "state"
                assert full == merged, f"seat {seat}: the placed message does not make the whole state"


def ghost_boards(message: dict[str, Any]) -> set[str]:
    """The boards the ghosts of a state's (or placed message's) legal moves are given on."""
    return {board for entry in message.get("legal") or [] for board in entry.get("ghost", {})}


def test_a_page_that_says_its_board_gets_its_ghosts_on_that_board_only(client: TestClient) -> None:
    """A seat's page says which board it shows (``sync`` with ``board``): from then on its moves'
    ghosts are worked out and sent for that board only, the same boxes as on every board; a
    second page of the same seat that has not said one gets every board; a board that does not
    exist is refused by name, and the seat's board stays as it was."""
    made = make_table(client, ["me", "friend", "friend", "friend"])
    with ExitStack() as stack:
        socks: dict[Any, Socket] = dict(open_seats(client, stack, made, ghosts=True))
        state = started(socks)
        seat = state["turn"]
        assert ghost_boards(socks[seat].current(lambda m: m["type"] == "state")) == {"wide", "square", "tall"}
        every = socks[seat].state
        assert every is not None
        refused = socks[seat].answer({"type": "sync", "board": "round"})
        assert refused["type"] == "error" and "wide, square, tall" in refused["message"]
        socks[seat].send({"type": "sync", "board": "tall"})
        told = socks[seat].until(lambda m: m["type"] == "state")
        assert ghost_boards(told) == {"tall"}
        assert [e.get("ghost", {}).get("tall") for e in told["legal"]] == [
            e.get("ghost", {}).get("tall") for e in every["legal"]
        ]
        # the next placement of the seat is announced with ghosts on its board only, when its turn
        # comes again; the other seats (no board said) get every board
        for _ in range(4):
            place_first(socks, state)
            state = socks[0].until(lambda m, n=state["move"]: m["type"] == "state" and m["move"] == n + 1)
            if state["turn"] is None:
                break
            on_turn = socks[state["turn"]].current(
                lambda m, n=state["move"]: m["type"] == "state" and m["move"] == n
            )
            expected = {"tall"} if state["turn"] == seat else {"wide", "square", "tall"}
            if on_turn["legal"] and any(not e.get("several") for e in on_turn["legal"]):
                assert ghost_boards(on_turn) == expected, (state["turn"], seat)
        # a second page of the seat (its session) that has not said its board: every board again
        while state["turn"] is not None and state["turn"] != seat:
            place_first(socks, state)
            state = socks[0].until(lambda m, n=state["move"]: m["type"] == "state" and m["move"] == n + 1)
        if state["turn"] == seat:
            welcome = socks[seat].welcome
            assert welcome is not None
            path = ws_path(made["table"], session=welcome["session"], ghosts=True)
            second = Socket(stack.enter_context(client.websocket_connect(path)), "second page")
            again = second.until(lambda m: m["type"] == "state")
            if any(not e.get("several") for e in again["legal"]):
                assert ghost_boards(again) == {"wide", "square", "tall"}


def test_ghosts_are_sent_only_to_a_seat_whose_page_draws_them(client: TestClient) -> None:
    """A connection that does not say ``ghosts=1`` (a bot, a program) gets its moves without
    ghosts and the server works none out; once a page of the same seat says it draws them,
    that seat's moves carry them, the same boxes as :func:`ghost_boxes` gives; a bad value is
    refused by name and no ghosts are sent for it."""
    made = make_table(client, ["me", "friend", "friend", "friend"])
    with ExitStack() as stack:
        socks: dict[Any, Socket] = dict(open_seats(client, stack, made))
        state = started(socks)
        live = client.app.state.service.tables[made["table"]]  # type: ignore[attr-defined]
        for _ in range(3):
            on_turn = socks[state["turn"]].current(
                lambda m, n=state["move"]: m["type"] == "state" and m["move"] == n
            )
            assert on_turn["legal"] and ghost_boards(on_turn) == set()
            assert live.drawing is None or live.drawing.current is None or not live.drawing.current.ghosts
            place_first(socks, state)
            state = socks[0].until(lambda m, n=state["move"]: m["type"] == "state" and m["move"] == n + 1)
        seat = state["turn"]
        assert seat is not None, "four hands of seven tiles go on after three placements"
        welcome = socks[seat].welcome
        assert welcome is not None
        refused = Socket(
            stack.enter_context(
                client.websocket_connect(ws_path(made["table"], session=welcome["session"]) + "&ghosts=maybe")
            ),
            "a bad value",
        )
        error = refused.until(lambda m: m["type"] == "error")
        assert error["code"] == "bad_ghosts" and "maybe" in error["message"]
        assert ghost_boards(refused.until(lambda m: m["type"] == "state")) == set()
        page = Socket(
            stack.enter_context(
                client.websocket_connect(ws_path(made["table"], session=welcome["session"], ghosts=True))
            ),
            "a page",
        )
        drawn = page.until(lambda m: m["type"] == "state")
        plays = [Play.parse(e["play"]) for e in drawn["legal"] if not e.get("several")]
        expected = ghost_boxes(live.match.layout, plays, game=live.match.game)
        assert plays and {e["play"]: e["ghost"] for e in drawn["legal"] if "ghost" in e} == expected


def test_a_page_says_its_board_area_again_and_a_bad_area_is_refused_by_name(client: TestClient) -> None:
    """A page resized says its new board area (``sync`` with ``area``): the whole state comes
    back drawn on the board that fits the new area, and the placements after it are patches of
    that drawing. A bad area is refused by name: in the socket's address the connection goes on
    with the layout on every board; in a ``sync`` nothing changes."""
    made = make_table(client, ["me", "friend", "friend", "friend"])
    with ExitStack() as stack:
        socks: dict[Any, Socket] = dict(open_seats(client, stack, made, areas={0: "900x440", 1: "0x440"}))
        said = [m for m in socks[1].messages if m["type"] == "error"]
        assert [m["code"] for m in said] == ["bad_area"] and "0x440" in said[0]["message"], said
        state = started(socks)
        assert state["layout"]["board"] == best_for(client, made["table"], "900x440") == "wide"
        assert socks[1].current(lambda m: m["type"] == "state")["layout"]["board"] is None  # every board
        for bad, words in (([374], "374"), (["wide", 3], "wide"), ([0.5, -2], "-2"), ("374x430", "a list")):
            refused = socks[0].answer({"type": "sync", "area": bad})
            assert refused["type"] == "error" and refused["code"] in ("bad_area", "bad_message"), refused
            assert words in refused["message"], refused
        both = socks[0].answer({"type": "sync", "area": [374, 430], "board": "wide"})
        assert both["type"] == "error" and "not both" in both["message"]
        socks[0].send({"type": "sync", "area": [374, 430]})
        upright = socks[0].until(lambda m: m["type"] == "state")
        assert upright["layout"]["board"] == best_for(client, made["table"], "374x430") == "tall"
        for _ in range(4):
            state = socks[0].current(lambda m: m["type"] == "state")
            if state["turn"] is None:
                break
            place_first(socks, state)
            merged = socks[0].until(lambda m, n=state["move"]: m["type"] == "state" and m["move"] == n + 1)
            if merged["turn"] is not None:
                raw = socks[0].messages[-1]
                assert (
                    raw["type"] == "placed"
                    and "svg_patch" in raw["layout"]
                    and raw["layout"]["board"] == "tall"
                )
                assert merged["layout"]["svg"].startswith('<svg data-board="tall"')
                assert merged["layout"]["svg"].count("<svg") == 1
