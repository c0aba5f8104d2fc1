"""Several server processes sharing PostgreSQL and Redis (docs/deploy.md), on real servers.

Three ``sevenrocks serve`` processes with one PostgreSQL database and one Redis, and nginx in
front of them. The four players of one table, connected to three different processes, play a
whole match; the table's owner is killed with SIGKILL in the middle of a hand and the match
finishes with nothing lost; a rolling restart of every process during 50 bot matches loses
nothing, and every record replays.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

from sevenrocks.core import Layout, MatchRecord, Play
from sevenrocks.geometry import geometry
from sevenrocks.web.render import best_board, boards_for
from tests.web.cluster_servers import (
    Closed,
    LiveSocket,
    ServerProcess,
    cluster,
    get,
    nginx,
    post,
    redis_server,
)
from tests.web.conftest import Socket, tokens_of, ws_path

pytestmark = pytest.mark.timeout(300)


@pytest.fixture(scope="module")
def redis_url() -> Iterator[str]:
    with redis_server() as url:
        yield url


@pytest.fixture(scope="module")
def running(
    postgres: str, redis_url: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[list[ServerProcess]]:
    """Three server processes on a fresh PostgreSQL database, bots with no pause (started once
    for the module: each test plays its own tables)."""
    from tests.web.postgres import fresh_database

    folder = tmp_path_factory.mktemp("cluster")
    with (
        fresh_database(postgres) as database,
        cluster(database, redis_url, folder, env={"SEVENROCKS_BOT_DELAY": "0"}) as processes,
    ):
        yield processes


@pytest.fixture
def servers(running: list[ServerProcess]) -> Iterator[list[ServerProcess]]:
    """The three processes, all running; a process a test killed is started again after it."""
    yield running
    for process in running:
        if process.process is None or process.process.poll() is not None:
            process.start()


class Player:
    """A person's browser at one seat: its socket to some server process, the seat's session
    (kept as the page keeps it) to reconnect with, and every placement it was told of."""

    def __init__(
        self,
        seat: int,
        table: str,
        token: str,
        admin: str | None,
        area: str | None = None,
        ghosts: bool = False,
    ) -> None:
        self.seat = seat
        #: the page's board area it says as it connects (``WIDTHxHEIGHT``), if any
        self.area = area
        #: the page draws ghost tiles (``ghosts=1``)
        self.ghosts = ghosts
        #: for each state of its own turn with placements of one tile: whether they had ghosts
        self.ghosted: set[bool] = set()
        self.table = table
        self.token = token
        self.admin = admin
        self.session: str | None = None
        self.sock: Socket | None = None
        #: hand number -> the placements (seat, play) of that hand this browser knows of
        self.seen: dict[int, list[tuple[int, str]]] = {}
        #: (hand, placement number in the hand, play) of each of its own placements the server
        #: acknowledged
        self.acknowledged: list[tuple[int, int, str]] = []
        #: the placement sent and not yet acknowledged: hand, the state's move, placement number, play
        self.sent: tuple[int, int, int, str] | None = None
        self.acted_hand = -1
        self.reconnects = 0
        #: after the server refused a message as too many a second (this player is far quicker
        #: than a person), nothing is sent until then; like a person it tries again a moment later
        self.calm_until = 0.0

    def connect(self, base_ws: str) -> None:
        path = ws_path(self.table, None if self.session else self.token, self.admin, self.session)
        if self.area is not None:
            path += f"&area={self.area}"
        if self.ghosts:
            path += "&ghosts=1"
        self.sock = Socket(LiveSocket(base_ws + path), f"seat {self.seat}")
        state = self.sock.until(lambda m: m["type"] == "state")
        if self.sock.welcome and self.sock.welcome.get("session"):
            self.session = self.sock.welcome["session"]
        assert self.sock.welcome is not None and self.sock.welcome["seat"] == self.seat
        self._note(state)

    def _note(self, state: dict[str, Any]) -> None:
        if state.get("type") == "error" and state.get("code") == "too_fast":
            self.sent = None  # refused before it was read: not stored
            self.acted_hand = -1  # a refused next_hand is asked again too
            self.calm_until = time.monotonic() + 0.5
            return
        if state.get("type") != "state" or state.get("hand_number", -1) < 0:
            return
        singles = [e for e in state.get("legal") or [] if not e.get("several")]
        if state.get("turn") == self.seat and singles:
            self.ghosted.add(all("ghost" in e for e in singles))
        plays = [(e["seat"], e["play"]) for e in state["events"] if e["kind"] == "placement"]
        known = self.seen.get(state["hand_number"], [])
        # what a browser is told of a hand only ever grows, in the same order
        assert plays[: len(known)] == known or known[: len(plays)] == plays, (self.seat, known, plays)
        if len(plays) >= len(known):
            self.seen[state["hand_number"]] = plays
        if self.sent is not None:
            hand, move, number, play = self.sent
            if state["hand_number"] > hand or (state["hand_number"] == hand and state["move"] > move):
                if self.seen.get(hand, [])[number : number + 1] == [(self.seat, play)]:
                    self.acknowledged.append((hand, number, play))
                self.sent = None

    def step(self) -> dict[str, Any] | None:
        """Read what has arrived and act on it; the latest state (``None``: nothing yet)."""
        assert self.sock is not None
        live = self.sock.session
        assert isinstance(live, LiveSocket)
        while not live.inbox.empty():
            self._note(self.sock.recv())
        state = self.sock.state
        if state is None or state.get("winner") is not None or time.monotonic() < self.calm_until:
            return state  # (after a refusal nothing is sent for a moment: it would be refused too)
        if state["hand_over"]:
            if state["hand_number"] > self.acted_hand:
                self.sock.send({"type": "next_hand"})
                self.acted_hand = state["hand_number"]
        elif state["turn"] == self.seat and state["legal"] and self.sent is None:
            play = state["legal"][0]["play"]
            self.sock.send({"type": "play", "play": play, "at": state["move"]})
            number = len(self.seen.get(state["hand_number"], []))
            self.sent = (state["hand_number"], state["move"], number, play)
        return state


def where(player: Player) -> str:
    """Where a player is, for a failure's message: its latest state and last messages."""
    sock = player.sock
    state = (sock.state or {}) if sock else {}
    facts = {k: state.get(k) for k in ("hand_number", "move", "turn", "hand_over", "winner")}
    last = [(m.get("type"), m.get("move"), m.get("code")) for m in (sock.messages[-4:] if sock else [])]
    legal = len(state.get("legal") or [])
    return f"seat {player.seat}: sent {player.sent}, {facts}, {legal} legal, last {last}"


def play_match(players: list[Player], bases: dict[int, str], pause: Any = None, seconds: float = 240) -> None:
    """Drive the players until the match is over; a closed socket reconnects (with the seat's
    session) to ``bases[seat]`` as it is then. ``pause(players)`` is called after every round."""
    deadline = time.monotonic() + seconds
    while True:
        assert time.monotonic() < deadline, "the match did not finish: " + "; ".join(map(where, players))
        over = 0
        for player in players:
            try:
                state = player.step()
            except Closed:
                player.reconnects += 1
                time.sleep(0.2)
                try:
                    player.connect(bases[player.seat])
                except (OSError, Closed, AssertionError, TimeoutError):
                    continue  # the page would try again a moment later
                player.sent = None  # that placement is either stored (seen in the state) or not
                continue
            if state is not None and state.get("winner") is not None:
                over += 1
        if over == len(players):
            return
        if pause is not None:
            pause(players)
        time.sleep(0.01)


def check_nothing_lost(base: str, table: str, players: list[Player]) -> MatchRecord:
    """The stored record replays; every placement any browser was told of is in it, in the same
    order for every browser; every placement a player saw acknowledged is there."""
    record = MatchRecord.from_json(get(base, f"/api/matches/{table}/record"))
    stored = {h: [(p.seat, str(p.play)) for p in log.placements] for h, log in enumerate(record.hands)}
    for player in players:
        for hand, plays in player.seen.items():
            assert stored[hand][: len(plays)] == plays, (player.seat, hand)
        for hand, number, play in player.acknowledged:
            assert stored[hand][number] == (player.seat, play)
    return record


def test_four_players_on_three_processes_play_a_whole_match(servers: list[ServerProcess]) -> None:
    a, b, c = servers
    made = post(a.url, "/api/tables", {"seats": [{"kind": "me"}] + [{"kind": "friend"}] * 3, "target": 100})
    table, tokens = made["table"], tokens_of(made)
    admin = parse_qs(urlparse(made["link"]).query)["admin"][0]
    bases = {0: a.ws, 1: b.ws, 2: c.ws, 3: b.ws}  # three processes; the table is a's
    # pages of several sizes (one says none): a page's area goes with its socket to the owner;
    # two pages draw ghost tiles (one on the owner, one relayed to it), two do not
    areas = {0: "900x440", 1: "374x430", 2: None, 3: "1200x500"}
    ghosts = {0: True, 1: True, 2: False, 3: False}
    players = [
        Player(seat, table, tokens[seat], admin if seat == 0 else None, areas[seat], ghosts[seat])
        for seat in range(4)
    ]
    for player in players:
        player.connect(bases[player.seat])
    # the table's live facts, asked of another process, come from its owner
    told = get(c.url, f"/api/tables/{table}")
    assert all(seat["connected"] and seat["claimed"] for seat in told["seats"])
    assert told == get(a.url, f"/api/tables/{table}")
    # the creator starts the match from another process than the owner: the request is carried there
    assert post(c.url, f"/api/tables/{table}/start", {"admin": admin})["status"] == "playing"
    play_match(players, bases)
    assert all(p.reconnects == 0 for p in players)
    record = check_nothing_lost(b.url, table, players)
    assert max(record.scores) >= 100
    # the layout drawn on the one board that fits each page (or on every board for the page that
    # said nothing), as the final layout's geometry on each board says
    final = Layout()
    for placement in record.hands[-1].placements:
        assert isinstance(placement.play, Play)  # Seven Rocks: one tile a placement
        final.place(placement.play)
    every = {name: geometry(final, board=size) for name, size in boards_for(record.game).items()}
    for player in players:
        assert player.sock is not None and player.sock.state is not None
        layout = player.sock.state["layout"]
        if player.area is None:
            assert layout["board"] is None and layout["svg"].count("<svg") == 3, player.seat
            continue
        width, height = (float(side) for side in player.area.split("x"))
        assert layout["board"] == best_board(every, (width, height))[0], player.seat
        assert layout["svg"].count("<svg") == 1, player.seat
    for player in players:  # its moves came with ghosts exactly when its page asked for them
        assert player.ghosted == {player.ghosts}, player.seat
    for player in players:  # each saw every placement of the last hand
        assert player.seen[len(record.hands) - 1] == [
            (p.seat, str(p.play)) for p in record.hands[-1].placements
        ]

    # a finished match's summary is the same whichever process answers (who is connected to it
    # is known to the process that holds it only)
    def stored(summary: dict[str, Any]) -> dict[str, Any]:
        live = ("connected", "ready")
        seats = [{k: v for k, v in seat.items() if k not in live} for seat in summary["seats"]]
        return summary | {"seats": seats}

    assert stored(get(a.url, f"/api/tables/{table}")) == stored(get(c.url, f"/api/tables/{table}"))


def test_the_owner_killed_mid_hand_the_match_finishes_with_nothing_lost(
    servers: list[ServerProcess],
) -> None:
    a, b, c = servers
    made = post(a.url, "/api/tables", {"seats": [{"kind": "me"}] + [{"kind": "friend"}] * 3, "target": 100})
    table, tokens = made["table"], tokens_of(made)
    admin = parse_qs(urlparse(made["link"]).query)["admin"][0]
    bases = {0: a.ws, 1: b.ws, 2: c.ws, 3: c.ws}
    players = [Player(seat, table, tokens[seat], admin if seat == 0 else None) for seat in range(4)]
    for player in players:
        player.connect(bases[player.seat])
    post(a.url, f"/api/tables/{table}/start", {"admin": admin})
    killed_at: list[float] = []

    def kill_mid_hand(players: list[Player]) -> None:
        state = players[1].sock.state if players[1].sock else None
        if not killed_at and state and state.get("move", 0) >= 9 and not state["hand_over"]:
            a.kill()  # the table's owner, in the middle of the first hand
            killed_at.append(time.monotonic())
            bases[0] = b.ws  # its browser's page reconnects through the balancer: another process

    play_match(players, bases, pause=kill_mid_hand)
    assert killed_at, "the owner was never killed"
    assert players[0].reconnects >= 1  # its socket was at the killed process
    assert players[1].reconnects >= 1 and players[2].reconnects >= 1  # relayed: moved to the new owner
    check_nothing_lost(b.url, table, players)


def test_a_rolling_restart_during_fifty_bot_matches_loses_nothing(
    postgres: str, redis_url: str, tmp_path: Path
) -> None:
    from tests.web.postgres import fresh_database

    with (
        fresh_database(postgres) as database,
        cluster(database, redis_url, tmp_path, env={"SEVENROCKS_BOT_DELAY": "0.03"}, name="r") as processes,
        nginx([p.port for p in processes]) as front,
    ):
        tables = []
        for _ in range(50):
            made = post(
                front, "/api/tables", {"seats": [{"kind": "bot", "bot": "greedy"}] * 4, "target": 100}
            )
            admin = parse_qs(urlparse(made["link"]).query)["admin"][0]
            post(front, f"/api/tables/{made['table']}/start", {"admin": admin})
            tables.append(made["table"])
        playing = [t for t in tables if get(front, f"/api/tables/{t}")["status"] == "playing"]
        assert playing, "every match ended before the restart"
        for process in processes:  # one at a time: stopped cleanly, then started again
            process.stop()
            time.sleep(0.5)
            process.start()
            time.sleep(0.5)
        deadline = time.monotonic() + 240
        waiting = set(tables)
        while waiting:
            assert time.monotonic() < deadline, f"{len(waiting)} matches did not finish"
            waiting = {t for t in waiting if get(front, f"/api/tables/{t}")["status"] != "over"}
            time.sleep(0.5)
        for table in tables:
            record = MatchRecord.from_json(get(front, f"/api/matches/{table}/record"))
            assert max(record.scores) >= 100 and record.winner is not None
        logs = "".join(p.log.read_text() for p in processes)
        assert "Traceback" not in logs, logs[-5000:]


def test_play_now_at_two_processes_seats_both_people_at_one_table(servers: list[ServerProcess]) -> None:
    a, b, c = servers
    first = post(a.url, "/api/quick", {"game": "seven-rocks", "bot": "greedy", "name": "Leyla"})
    # another process finds the waiting table (a's) in the database; the request is carried to a
    second = post(b.url, "/api/quick", {"game": "seven-rocks", "bot": "random", "name": "Emre"})
    assert second["table"] == first["table"] and (first["seat"], second["seat"]) == (0, 1)
    taken = post(c.url, f"/api/tables/{first['table']}/take", {"seat": 2, "name": "Ayşe"})
    assert taken["table"] == first["table"] and taken["seat"] == 2
    names = [s["name"] for s in get(c.url, f"/api/tables/{first['table']}")["seats"]]
    assert names[:3] == ["Leyla", "Emre", "Ayşe"]


def test_the_browsers_of_a_killed_relaying_process_leave_their_table(servers: list[ServerProcess]) -> None:
    a, b, c = servers
    made = post(a.url, "/api/tables", {"seats": [{"kind": "me"}, {"kind": "friend"}], "game": "draw"})
    table, tokens = made["table"], tokens_of(made)
    player = Player(1, table, tokens[1], None)
    player.connect(b.ws)  # relayed by b to a, the owner
    assert get(c.url, f"/api/tables/{table}")["seats"][1]["connected"] is True
    b.kill()  # the process holding the browser's socket dies: nobody tells the owner
    deadline = time.monotonic() + 20
    while get(c.url, f"/api/tables/{table}")["seats"][1]["connected"]:
        assert time.monotonic() < deadline, "the owner still counts the dead process's browser"
        time.sleep(0.2)
    assert get(a.url, f"/api/tables/{table}")["seats"][1]["claimed"] is True  # the seat stays the player's


def test_a_second_process_with_a_running_process_s_name_is_refused(servers: list[ServerProcess]) -> None:
    a = servers[0]
    started = subprocess.run(
        [sys.executable, "-m", "sevenrocks", "serve", "--port", "1", "--db", a.database],
        env={**os.environ, **a.env},  # the same SEVENROCKS_NODE as a, which is running
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert started.returncode == 2 and "Traceback" not in started.stderr
    assert "another server process named 'node0' is running" in started.stderr
