"""Load test of the browser game: many tables of four bot players over real WebSockets at once.

The server (``sevenrocks serve``) runs in a subprocess on 127.0.0.1 with a fresh SQLite file.
Each table has four seats taken by WebSocket clients in this process that play like greedy
bots from the messages they receive (the highest-scoring legal placement) and ask for the next
hand after each settlement, exactly as browsers do. A client understands both the full ``state``
and the ``placed`` message (what one placement changed), so the same load runs against servers
from before and after ``placed`` existed. Measured:

- placements per second over the whole run (all tables at once);
- latency of a placement: from sending the ``play`` message to receiving the message that shows
  it (p50, p95, max);
- the server process's CPU time (user + system, from ``/proc``) per placement, from the moment
  every table is made (the seats' connections, their messages and the storage included);
- nothing lost: every table must finish, no ``error`` message may arrive, and after the server
  stops every table's stored events must replay (validated by the engine) with exactly the
  placements its clients saw acknowledged.

A run cut off by ``--timeout`` still reports what was played until then (and that it was cut
off); its tables need not be over, but none may have lost a placement it acknowledged.

``--ghosts`` connects the clients as table pages that draw ghost tiles do (``ghosts=1``): the
seat on turn is then sent where each of its moves would put its tile (the default: as bots,
which do not ask).

``--compression`` runs the server with its WebSocket messages compressed
(``SEVENROCKS_COMPRESSION=1``; a server from before that setting compresses them anyway, and
one since compresses them only so).

``--collector`` times every garbage collection in each server process (a ``gc.callbacks`` probe
loaded at its start through ``sitecustomize``) and reports, from the server's start to its
stop, each generation's collections, their total time and the longest pause — the latency tail
at many tables is the collector's (docs/benchmarks.md).

``--pace S`` plays at a human pace: the seat to play waits a random time (exponential, mean ``S``
seconds) before each placement, so each table places a tile every ``S`` seconds on average.
``--against COMMIT`` first runs the same load against the server of ``COMMIT`` (its ``src``
unpacked with ``git archive``), then against this checkout's, and prints both; ``--repeat N``
does that N times, the order turned each round (this checkout's first in the second round, …),
and prints each server's medians — on a shared machine whose speed drifts within the hour one
round can favour whichever side ran first. ``--profile FILE``
runs this checkout's server under py-spy (raw collapsed stacks in ``FILE``) and prints the
functions with the most samples. ``--cluster N`` runs the same load on one server process on
PostgreSQL, then on ``N`` processes sharing that PostgreSQL and a Redis (``docs/deploy.md``): the
tables are made at the processes in turn and each table's four seats connect to different
processes, so most of them are relayed to the table's owner; the server CPU is that of all the
processes together. It needs Debian's ``postgresql`` and ``redis-server`` (started here, as the
tests start them). Side by side: the same matches played by the engine in process (``Match`` +
greedy bots, no network, no storage), as a ratio.

    .venv/bin/python benchmarks/web_load.py                           # 100 tables flat out
    .venv/bin/python benchmarks/web_load.py --tables 1000 --pace 2    # 1,000 tables, human pace
    .venv/bin/python benchmarks/web_load.py --tables 30 --against HEAD~3
    .venv/bin/python benchmarks/web_load.py --tables 30 --profile /tmp/web.txt
    .venv/bin/python benchmarks/web_load.py --tables 100 --pace 2 --cluster 2
    .venv/bin/python benchmarks/web_load.py --tables 1000 --pace 2 --ghosts --collector --against HEAD~1
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from harness import process_cpu_seconds
from sevenrocks.bots import make_bot
from sevenrocks.core import Match
from sevenrocks.web.storage import Storage
from sevenrocks.web.table import moves_of, rebuild_match

console = Console(stderr=True)
REPO = Path(__file__).resolve().parent.parent


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    #: the longest latency so far, and when its play was sent (seconds into the play)
    worst: tuple[float, float] = (0.0, 0.0)
    errors: list[str] = field(default_factory=list)
    acknowledged: dict[str, int] = field(default_factory=dict)
    finished: set[str] = field(default_factory=set)
    #: the tables made so far, and when their play began (for a run cut off by its time limit)
    made: list[str] = field(default_factory=list)
    started: float | None = None
    messages: collections.Counter[str] = field(default_factory=collections.Counter)
    received_bytes: int = 0
    cpu_start: float | None = None
    #: the servers' main threads' CPU time (their event loops) when the play began
    loop_cpu_start: float | None = None
    #: whether the clients may say which board they show (``sync`` with ``board``) when the
    #: server draws every board, as the table page did before it said its board area (a server
    #: older still, run with --against, knows no such message)
    say_board: bool = True
    #: this process's CPU time (the clients') when the play began
    client_cpu_start: float = 0.0
    #: the clients connect as table pages that draw ghost tiles (``ghosts=1``): their seats'
    #: moves come with where each would lie (bots, the default, do not ask; a server from before
    #: ``ghosts=`` sends them to everyone)
    ghosts: bool = False


#: ``sitecustomize`` of a server run with ``--collector``: times each collection and writes, when
#: the server is stopped (SIGTERM, after uvicorn's own shutdown), each generation's count, total
#: seconds and longest pause to ``$WEB_LOAD_COLLECTOR``.
COLLECTOR_PROBE = """
import os, sys
if "serve" in sys.argv and os.environ.get("WEB_LOAD_COLLECTOR"):
    import gc, json, signal, time
    _seen = {g: [0, 0.0, 0.0] for g in range(3)}
    _began = [0.0]

    def _probe(phase, info):
        if phase == "start":
            _began[0] = time.perf_counter()
            return
        took = time.perf_counter() - _began[0]
        seen = _seen[info["generation"]]
        seen[0] += 1
        seen[1] += took
        seen[2] = max(seen[2], took)

    def _write(*_):
        figures = {str(g): {"count": n, "total_s": round(t, 3), "max_ms": round(1000 * m, 1)}
                   for g, (n, t, m) in _seen.items()}
        with open(os.environ["WEB_LOAD_COLLECTOR"], "w") as out:
            json.dump(figures, out)
        os._exit(0)

    gc.callbacks.append(_probe)
    signal.signal(signal.SIGTERM, _write)
"""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _http(url: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read())


#: the board area of every client's page (pixels): a desktop's, as the table page says it
AREA = "900x440"


async def _seat(
    base: str,
    table: str,
    seat: int,
    token: str,
    admin: str | None,
    ready: asyncio.Barrier,
    opening: asyncio.Semaphore,
    pace: float,
    stats: Stats,
) -> None:
    query = f"token={token}" + (f"&admin={admin}" if admin else "") + ("&ghosts=1" if stats.ghosts else "")
    async with opening:
        # as a browser: no pings from the client (the server pings it), and every message read
        # off the socket as it comes (no queue limit that stops reading, pongs included)
        ws = await connect(
            f"{base}/ws/tables/{table}?{query}&area={AREA}",
            max_size=2**22,
            open_timeout=120,
            ping_interval=None,
            max_queue=None,
        )
    try:
        await _play_seat(ws, table, seat, admin, ready, pace, stats)
    except ConnectionClosed as closed:  # counted, as an error message is: the run goes on
        stats.errors.append(f"{table} seat {seat}: the connection closed ({closed})")


async def _play_seat(
    ws: ClientConnection,
    table: str,
    seat: int,
    admin: str | None,
    ready: asyncio.Barrier,
    pace: float,
    stats: Stats,
) -> None:
    """Play one seat on its open connection ``ws`` until its match is over."""
    async with ws:
        await ready.wait()  # every seat of the table is connected
        if admin:
            await ws.send(json.dumps({"type": "start"}))
        sent_at: float | None = None
        sent_move = -1
        asked_hand = -1
        said_board = False
        async for raw in ws:
            stats.received_bytes += len(raw)
            message = json.loads(raw)
            kind = message["type"]
            stats.messages[kind] += 1
            if kind == "error":
                stats.errors.append(f"{table} seat {seat}: {message['message']}")
                continue
            if kind == "state" and not said_board and (message.get("layout") or {}).get("svg"):
                said_board = True
                if stats.say_board and message["layout"]["svg"].count("<svg") > 1:
                    # a server that did not take the page's board area: say the board, as the
                    # table page then did
                    await ws.send(json.dumps({"type": "sync", "board": "wide"}))
            if kind not in ("state", "placed") or message["hand_number"] < 0:
                continue
            if sent_at is not None and message["move"] > sent_move:
                latency = time.perf_counter() - sent_at
                stats.latencies.append(latency)
                if latency > stats.worst[0] and stats.started is not None:
                    stats.worst = (latency, sent_at - stats.started)
                stats.acknowledged[table] = stats.acknowledged.get(table, 0) + 1
                sent_at = None
            if message["winner"] is not None:
                stats.finished.add(table)
                return
            if message["hand_over"]:
                if asked_hand != message["hand_number"]:
                    asked_hand = message["hand_number"]
                    await ws.send(json.dumps({"type": "next_hand"}))
            elif message["turn"] == seat and sent_at is None and message["move"] != sent_move:
                best = max(message["legal"], key=lambda o: (o["points"], o["ends_total"]))
                sent_move = message["move"]
                if pace:
                    await asyncio.sleep(random.expovariate(1 / pace))
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "play", "play": best["play"], "at": sent_move}))


async def _run_tables(
    bases: list[str], tables: int, target: int, pace: float, stats: Stats, progress: Progress, pids: list[int]
) -> tuple[float, list[str]]:
    """Make ``tables`` tables (at the servers of ``bases`` in turn) and play them to their end,
    seat ``s`` of table ``i`` connected to server ``(i + s) % len(bases)``."""
    made = []
    task = progress.add_task("tables made", total=tables)
    for i in range(tables):
        http = bases[i % len(bases)].replace("ws://", "http://")
        made.append(
            await asyncio.to_thread(
                _http, f"{http}/api/tables", {"seats": [{"kind": "friend"}] * 4, "target": target}
            )
        )
        stats.made.append(made[-1]["table"])
        progress.advance(task)
    progress.remove_task(task)
    task = progress.add_task("tables finished", total=tables)
    stats.cpu_start = _cpu_total(pids)  # the tables are made: from here on, the play
    stats.loop_cpu_start = _cpu_total(pids, loop=True)
    stats.client_cpu_start = time.process_time()
    t0 = stats.started = time.perf_counter()
    jobs = []
    opening = asyncio.Semaphore(64)
    for i, table in enumerate(made):
        barrier = asyncio.Barrier(4)
        for seat in range(4):
            token = table["seats"][seat]["link"].split("token=")[1]
            admin = table["admin"] if seat == 0 else None
            base = bases[(i + seat) % len(bases)]
            jobs.append(_seat(base, table["table"], seat, token, admin, barrier, opening, pace, stats))

    async def watch() -> None:
        while len(stats.finished) < tables:
            progress.update(task, completed=len(stats.finished))
            await asyncio.sleep(0.2)
        progress.update(task, completed=tables)

    watcher = asyncio.create_task(watch())
    await asyncio.gather(*jobs)
    elapsed = time.perf_counter() - t0
    await watcher
    progress.remove_task(task)
    return elapsed, [t["table"] for t in made]


def _cpu_total(pids: list[int], *, loop: bool = False) -> float | None:
    """The CPU time of all ``pids`` together so far (``loop``: of their main threads only, where
    the event loop runs — the rest is the storage thread's), or ``None`` where it cannot be read."""
    times = [process_cpu_seconds(pid, pid if loop else None) for pid in pids]
    return None if any(t is None for t in times) else sum(t for t in times if t is not None)


def _child_pid(pid: int, timeout: float = 10) -> int:
    """The first child of ``pid`` (the server py-spy started)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        except OSError:
            children = []
        if children:
            return int(children[0])
        time.sleep(0.05)
    return pid


def _in_process(matches: int, target: int) -> tuple[int, float]:
    """Placements per second of the same matches without the web layer (engine + greedy bots)."""
    rng = random.Random(1)
    bots = [make_bot("greedy", seed=s) for s in range(4)]
    moves = 0
    t0 = time.perf_counter()
    for _ in range(matches):
        match = Match(target=target, rng=random.Random(rng.random()))
        while not match.is_over:
            match.start_hand()
            while match.turn is not None:
                seat = match.turn
                match.push(bots[seat].choose(match.view(seat)))
                moves += 1
    return moves, time.perf_counter() - t0


def _lost(db: str, tables: list[str], stats: Stats, *, finished: bool = True) -> list[str]:
    """Tables whose stored events do not replay with exactly the acknowledged placements (and,
    when the run was not cut off, whose match is not over). In a run cut off by its time limit a
    table's last placement may be stored and not yet acknowledged: there, fewer stored placements
    than acknowledged is a loss."""
    storage = Storage(db)
    lost = []
    try:
        for table_id in tables:
            record = storage.table(table_id)
            if record is None:
                lost.append(f"{table_id}: not stored")
                continue
            try:
                match, _ = rebuild_match(record, storage.events(table_id))
            except Exception as err:
                lost.append(f"{table_id}: does not replay: {err}")
                continue
            stored = moves_of(match)
            count = stats.acknowledged.get(table_id, 0)
            if not finished:
                if stored < count or stored > count + 1:
                    lost.append(f"{table_id}: {count} acknowledged, {stored} stored")
            elif stored != count or match is None or not match.is_over or record.status != "over":
                lost.append(f"{table_id}: {count} acknowledged, {stored} stored, status {record.status}")
    finally:
        storage.close()
    return lost


def _collections(probes: list[Path]) -> dict[str, Any] | None:
    """The collector probes' figures summed over the server processes: each generation's
    collections, their seconds, the longest pause (``None`` without ``--collector``)."""
    if not probes:
        return None
    total = {g: {"count": 0, "total_s": 0.0, "max_ms": 0.0} for g in "012"}
    for probe in probes:
        if not probe.exists():
            console.print(
                f"[red]the collector probe wrote nothing ({probe.name}): a server did not stop[/red]"
            )
            continue
        for g, seen in json.loads(probe.read_text()).items():
            total[g]["count"] += seen["count"]
            total[g]["total_s"] = round(total[g]["total_s"] + seen["total_s"], 3)
            total[g]["max_ms"] = max(total[g]["max_ms"], seen["max_ms"])
    return {f"generation_{g}": figures for g, figures in total.items()}


def _top(profile: Path, count: int = 25) -> list[tuple[str, float, float]]:
    """The functions of a raw py-spy profile (the event loop and the worker threads, idle ones
    left out, the start-up's imports too) with the most samples: (function, share of samples
    anywhere in the stack, share of samples on top)."""
    total = 0
    inclusive: collections.Counter[str] = collections.Counter()
    own: collections.Counter[str] = collections.Counter()
    for line in profile.read_text().splitlines():
        stack, _, samples = line.rpartition(" ")
        if not stack:
            continue
        frames = stack.split(";")
        if not any(f.startswith(("Runner.run ", "_worker ")) for f in frames):
            continue  # the start (imports), not serving
        n = int(samples)
        total += n
        own[frames[-1]] += n
        for frame in set(frames):
            inclusive[frame] += n
    if not total:
        return []
    return [(name, n / total, own[name] / total) for name, n in inclusive.most_common(count)]


def _run(
    args: argparse.Namespace,
    source: Path | None,
    label: str,
    *,
    database: str | None = None,
    redis_url: str | None = None,
    processes: int = 1,
) -> tuple[dict[str, Any], bool]:
    """One load against the server of ``source`` (``None``: this checkout): one process on a
    fresh SQLite file, or ``processes`` processes on ``database`` (sharing ``redis_url``)."""
    workdir = Path(tempfile.mkdtemp(prefix="sevenrocks-load-"))
    db = database or f"sqlite:///{workdir / 'load.db'}"
    ports = [_free_port() for _ in range(processes)]
    env = {
        **os.environ,
        "SEVENROCKS_MAX_MESSAGE_BYTES": "4096",
        # every table comes from this one address: lift the per-address and total table limits
        "SEVENROCKS_NEW_TABLES_PER_HOUR": str(max(30, 2 * args.tables)),
        "SEVENROCKS_MAX_LIVE_TABLES": str(max(1000, 2 * args.tables)),
    }
    if source is not None:
        env["PYTHONPATH"] = str(source)
    #: where each server's collector probe writes (none without ``--collector``)
    probes = [workdir / f"collector{n}.json" for n in range(processes)] if args.collector else []
    if args.collector:
        (workdir / "probe").mkdir()
        (workdir / "probe" / "sitecustomize.py").write_text(COLLECTOR_PROBE)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (env.get("PYTHONPATH"), str(workdir / "probe")) if p)
    if args.compression:  # a server from before the setting compresses whatever it is told
        env["SEVENROCKS_COMPRESSION"] = "1"
    if redis_url is not None:
        env["SEVENROCKS_REDIS_URL"] = redis_url
    profile = None
    servers = []
    for n, port in enumerate(ports):
        command = [
            sys.executable,
            "-m",
            "sevenrocks",
            "serve",
            "--port",
            str(port),
            "--db",
            db,
            "--bot-delay",
            "0",
        ]
        if args.profile and source is None and processes == 1:
            profile = Path(args.profile)
            spy = shutil.which("py-spy") or str(Path(sys.executable).parent / "py-spy")
            command = [
                spy,
                "record",
                "--format",
                "raw",
                "--rate",
                "200",
                "--nolineno",
                *os.environ.get("WEB_LOAD_SPY", "").split(),
                "-o",
                str(profile),
                "--",
                *command,
            ]
        servers.append(
            subprocess.Popen(
                command,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                text=True,
                env=env
                | {"SEVENROCKS_NODE": f"load{n}"}
                | ({"WEB_LOAD_COLLECTOR": str(probes[n])} if probes else {}),
                cwd=workdir,
            )
        )
    protocol = (source or REPO / "src") / "sevenrocks" / "web" / "protocol.py"
    settings_text = ((source or REPO / "src") / "sevenrocks" / "web" / "settings.py").read_text()
    stats = Stats(say_board='"sync": {"board"' in protocol.read_text(), ghosts=args.ghosts)
    timed_out = False
    pids = [server.pid for server in servers]
    try:
        for server, port in zip(servers, ports, strict=True):
            deadline = time.monotonic() + 60
            while True:
                try:
                    _http(f"http://127.0.0.1:{port}/api/bots")
                    break
                except OSError:
                    if server.poll() is not None or time.monotonic() > deadline:
                        said = server.stderr.read() if server.stderr else ""
                        console.print(f"[red]the server did not start[/red] {said}")
                        return {}, False
                    time.sleep(0.1)
        if profile is not None:
            pids = [_child_pid(servers[0].pid)]
        with Progress(
            TextColumn(f"{label}: " + "{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=console,
        ) as progress:
            try:
                elapsed, tables = asyncio.run(
                    asyncio.wait_for(
                        _run_tables(
                            [f"ws://127.0.0.1:{port}" for port in ports],
                            args.tables,
                            args.target,
                            args.pace,
                            stats,
                            progress,
                            pids,
                        ),
                        args.timeout,
                    )
                )
            except TimeoutError:
                console.print(
                    f"[red]{label}: timed out after {args.timeout:.0f} s: {len(stats.finished)} of "
                    f"{args.tables} tables finished (the figures are of the play until then)[/red]"
                )
                if stats.started is None or not stats.latencies:
                    return {}, False
                timed_out = True
                elapsed, tables = time.perf_counter() - stats.started, list(stats.made)
        cpu_before, cpu_after = stats.cpu_start, _cpu_total(pids)
        loop_before, loop_after = stats.loop_cpu_start, _cpu_total(pids, loop=True)
        client_cpu = time.process_time() - stats.client_cpu_start
    finally:
        for server in servers:
            if profile is not None and pids[0] != server.pid:
                os.kill(pids[0], signal.SIGTERM)  # py-spy writes its profile when the server is gone
            else:
                server.terminate()
        for server in servers:
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
    lost = _lost(db, tables, stats, finished=not timed_out)
    collector = _collections(probes)
    shutil.rmtree(workdir, ignore_errors=True)
    moves = sum(stats.acknowledged.values())
    lat = sorted(stats.latencies)
    p95 = lat[min(len(lat) - 1, int(0.95 * len(lat)))]
    figures: dict[str, Any] = {
        "server": label,
        "processes": processes,
        "database": db.split(":", 1)[0],
        "tables": args.tables,
        "target": args.target,
        "pace_s": args.pace,
        "ghosts": args.ghosts,
        # a server from before SEVENROCKS_COMPRESSION compressed its messages whatever it was told
        "compression": args.compression or "SEVENROCKS_COMPRESSION" not in settings_text,
        "connections": 4 * args.tables,
        "placements": moves,
        "seconds": round(elapsed, 2),
        "placements_per_second": round(moves / elapsed, 1),
        "latency_ms": {
            "p50": round(1000 * statistics.median(lat), 1),
            "p95": round(1000 * p95, 1),
            "max": round(1000 * lat[-1], 1),
        },
        # when the longest wait began: seconds into the play
        "max_at_s": round(stats.worst[1], 1),
        "server_cpu_ms_per_placement": None
        if cpu_before is None or cpu_after is None
        else round(1000 * (cpu_after - cpu_before) / max(moves, 1), 2),
        # of which the event loop's thread (the rest: the storage thread's writes and reads)
        "server_loop_cpu_ms_per_placement": None
        if loop_before is None or loop_after is None
        else round(1000 * (loop_after - loop_before) / max(moves, 1), 2),
        "server_cpu_busy": None
        if cpu_before is None or cpu_after is None
        else round((cpu_after - cpu_before) / elapsed, 2),
        # the clients are one process: near 1.0, they and not the server set the pace
        "client_cpu_busy": round(client_cpu / elapsed, 2),
        "messages": dict(stats.messages),
        "kib_received_per_placement": round(stats.received_bytes / 1024 / max(moves, 1), 1),
        "errors": len(stats.errors),
        "tables_finished": len(stats.finished),
        "lost": lost,
        "timed_out": timed_out,
    }
    if collector is not None:
        figures["collector"] = collector
    if profile is not None and profile.exists():
        figures["profile"] = [
            {"function": name, "total": round(total, 3), "own": round(mine, 3)}
            for name, total, mine in _top(profile)
        ]
    for line in stats.errors[:5] + lost[:5]:
        console.print(f"[red]{label}: {line}[/red]")
    return figures, not timed_out and not lost and not stats.errors and len(stats.finished) == args.tables


def _print(figures: dict[str, Any]) -> None:
    lat = figures["latency_ms"]
    console.print(
        f"{figures['server']} ({figures['processes']} × {figures['database']}): {figures['tables']} tables, "
        f"{figures['connections']} WebSockets, target "
        f"{figures['target']}, pace {figures['pace_s']} s: {figures['placements']} placements in "
        f"{figures['seconds']} s = [bold]{figures['placements_per_second']} placements/s[/bold]; latency p50 "
        f"{lat['p50']} ms, p95 [bold]{lat['p95']} ms[/bold], max {lat['max']} ms "
        f"({figures['max_at_s']} s into the play); "
        f"errors {figures['errors']}; lost {len(figures['lost'])}; "
        + (
            f"[red]cut off by --timeout: {figures['tables_finished']} tables finished[/red]; "
            if figures.get("timed_out")
            else ""
        )
        + f"server CPU [bold]{figures['server_cpu_ms_per_placement']} ms[/bold] "
        f"per placement ({figures['server_loop_cpu_ms_per_placement']} ms the event loop's; "
        f"busy {figures['server_cpu_busy']} of a core; the clients "
        f"{figures['client_cpu_busy']}); "
        f"{figures['kib_received_per_placement']} KiB received per placement; messages {figures['messages']}"
    )
    for generation, seen in (figures.get("collector") or {}).items():
        console.print(
            f"  collector, {generation.replace('_', ' ')}: {seen['count']} collections, "
            f"{seen['total_s']} s, longest {seen['max_ms']} ms"
        )
    for row in figures.get("profile", []):
        console.print(f"  {row['total']:6.1%} {row['own']:6.1%}  {row['function']}")


def _print_medians(runs: list[dict[str, Any]]) -> None:
    """Each server's median figures over the rounds of ``--repeat``."""
    for server in dict.fromkeys(r["server"] for r in runs):
        mine = [r for r in runs if r["server"] == server]
        cpu = [r["server_cpu_ms_per_placement"] for r in mine if r["server_cpu_ms_per_placement"] is not None]
        loop: list[float] = [
            r["server_loop_cpu_ms_per_placement"]
            for r in mine
            if r.get("server_loop_cpu_ms_per_placement") is not None
        ]
        console.print(
            f"{server}, median of {len(mine)} rounds: latency p95 "
            f"[bold]{statistics.median(r['latency_ms']['p95'] for r in mine)} ms[/bold], p50 "
            f"{statistics.median(r['latency_ms']['p50'] for r in mine)} ms; server CPU "
            f"[bold]{statistics.median(cpu) if cpu else '?'} ms[/bold] per placement "
            f"({statistics.median(loop) if loop else '?'} ms the event loop's)"
        )


def _cluster_runs(args: argparse.Namespace) -> list[tuple[dict[str, Any], bool]]:
    """The load on one process on PostgreSQL, then on ``args.cluster`` processes on PostgreSQL and
    Redis: servers started as the tests start them (tests/web/postgres.py, cluster_servers.py)."""
    if shutil.which("redis-server") is None:
        console.print("[red]--cluster needs Redis: apt-get install redis-server[/red]")
        return [({}, False)]
    sys.path.insert(0, str(REPO))
    from tests.web.cluster_servers import redis_server
    from tests.web.postgres import Unavailable, fresh_database, postgres_server

    try:
        with (
            postgres_server() as server,
            fresh_database(server) as alone,
            fresh_database(server) as shared,
            redis_server() as redis_url,
        ):
            return [
                _run(args, None, "one process, PostgreSQL", database=alone),
                _run(
                    args,
                    None,
                    f"{args.cluster} processes, PostgreSQL + Redis",
                    database=shared,
                    redis_url=redis_url,
                    processes=args.cluster,
                ),
            ]
    except Unavailable as err:
        console.print(f"[red]--cluster needs PostgreSQL: {err}[/red]")
        return [({}, False)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100, help="tables played at once (default 100)")
    parser.add_argument(
        "--target", type=int, default=100, help="match target (default 100, to bound the run)"
    )
    parser.add_argument(
        "--pace",
        type=float,
        default=0.0,
        help="mean seconds between a table's placements (default 0: flat out)",
    )
    parser.add_argument("--against", metavar="COMMIT", help="also run the same load against COMMIT's server")
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        metavar="N",
        help="with --against: N rounds of both servers, their order turned each round (default 1)",
    )
    parser.add_argument("--profile", metavar="FILE", help="profile this checkout's server with py-spy")
    parser.add_argument(
        "--cluster",
        type=int,
        metavar="N",
        help="run the load on one process on PostgreSQL, then on N processes on PostgreSQL + Redis",
    )
    parser.add_argument(
        "--ghosts",
        action="store_true",
        help="connect as table pages that draw ghost tiles (ghosts=1), not as bots",
    )
    parser.add_argument(
        "--compression",
        action="store_true",
        help="run the server with SEVENROCKS_COMPRESSION=1 (its messages compressed)",
    )
    parser.add_argument(
        "--collector",
        action="store_true",
        help="time every garbage collection in the server processes (count, total, longest pause)",
    )
    parser.add_argument("--timeout", type=float, default=600, help="give up after this many seconds")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    if not 1 <= args.tables <= 2000 or not 1 <= args.target <= 1000 or not 0 <= args.pace <= 60:
        parser.error("use 1..2000 tables, a target of 1..1000 and a pace of 0..60 seconds")
    if args.cluster is not None and not 2 <= args.cluster <= 8:
        parser.error("--cluster takes 2 to 8 processes")
    if not 1 <= args.repeat <= 20 or (args.repeat > 1 and not args.against):
        parser.error("--repeat takes 1 to 20 rounds, and only with --against")
    if args.cluster is not None and (args.against or args.profile):
        parser.error("--cluster runs this checkout only, without --against or --profile")

    runs = []
    ok = True
    if args.cluster is not None:
        for figures, good in _cluster_runs(args):
            ok &= good
            if figures:
                runs.append(figures)
    elif args.against:
        then = Path(tempfile.mkdtemp(prefix="sevenrocks-then-"))
        archive = subprocess.run(
            ["git", "-C", str(REPO), "archive", args.against, "src"], capture_output=True, check=True
        )
        subprocess.run(["tar", "-x", "-C", str(then)], input=archive.stdout, check=True)
        label = subprocess.run(
            ["git", "-C", str(REPO), "rev-parse", "--short", args.against], capture_output=True, text=True
        ).stdout.strip()
        sides: list[tuple[Path | None, str]] = [(then / "src", label), (None, "this checkout")]
        for round_ in range(args.repeat):
            # the order turns each round: a machine that slows down (or speeds up) during a run
            # does not favour one side
            for source, name in sides if round_ % 2 == 0 else sides[::-1]:
                figures, good = _run(args, source, name)
                ok &= good
                if figures:
                    runs.append(figures | {"round": round_ + 1})
        shutil.rmtree(then, ignore_errors=True)
    else:
        figures, good = _run(args, None, "this checkout")
        ok &= good
        if figures:
            runs.append(figures)
    moves, seconds = _in_process(args.tables, args.target)
    if args.json:
        print(
            json.dumps(
                {"runs": runs, "in_process_placements_per_second": round(moves / seconds, 1)}, indent=1
            )
        )
    else:
        for figures in runs:
            _print(figures)
        if args.repeat > 1:
            _print_medians(runs)
        console.print(
            f"same matches in process (engine + greedy bots, no web): {moves / seconds:.0f} placements/s"
        )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
