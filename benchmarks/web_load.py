"""Load test of the browser game: many tables of four bot players over real WebSockets at once.

The server (``sevenrocks serve``) runs in a subprocess on 127.0.0.1 with a fresh SQLite file.
Each table has four seats taken by WebSocket clients in this process that play like greedy
bots from the ``state`` messages they receive (the highest-scoring legal placement) and ask for
the next hand after each settlement, exactly as browsers do. Measured:

- placements per second over the whole run (all tables at once);
- latency of a placement: from sending the ``play`` message to receiving the ``state`` that
  shows it (p50, p95, max);
- nothing lost: every table must finish, and the record of every match downloaded from the
  server must replay (validated by the engine) with exactly the placements the clients saw
  acknowledged; no ``error`` message may arrive.

Side by side, in the same run: the same number of matches played by the engine in process
(``Match`` + greedy bots, no network, no storage), to show what the web layer costs (a ratio).

    .venv/bin/python benchmarks/web_load.py                 # 100 tables, target 100
    .venv/bin/python benchmarks/web_load.py --tables 20 --target 60 --json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
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
from websockets.asyncio.client import connect

from sevenrocks.bots import make_bot
from sevenrocks.core import Match, MatchRecord

console = Console(stderr=True)


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    acknowledged: dict[str, int] = field(default_factory=dict)
    finished: set[str] = field(default_factory=set)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _http(url: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


async def _seat(
    base: str, table: str, seat: int, token: str, admin: str | None, ready: asyncio.Barrier, stats: Stats
) -> None:
    query = f"token={token}" + (f"&admin={admin}" if admin else "")
    async with connect(f"{base}/ws/tables/{table}?{query}", max_size=2**22, open_timeout=60) as ws:
        await ready.wait()  # every seat of the table is connected
        if admin:
            await ws.send(json.dumps({"type": "start"}))
        sent_at: float | None = None
        sent_move = -1
        asked_hand = -1
        async for raw in ws:
            message = json.loads(raw)
            if message["type"] == "error":
                stats.errors.append(f"{table} seat {seat}: {message['message']}")
                continue
            if message["type"] != "state" or message["hand_number"] < 0:
                continue
            if sent_at is not None and message["move"] > sent_move:
                stats.latencies.append(time.perf_counter() - sent_at)
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
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "play", "play": best["play"], "at": sent_move}))


async def _run_tables(base: str, tables: int, target: int, stats: Stats, progress: Progress) -> float:
    made = []
    for _ in range(tables):
        made.append(
            await asyncio.to_thread(
                _http,
                f"{base.replace('ws://', 'http://')}/api/tables",
                {"seats": [{"kind": "friend"}] * 4, "target": target},
            )
        )
    task = progress.add_task("tables finished", total=tables)
    t0 = time.perf_counter()
    jobs = []
    for table in made:
        barrier = asyncio.Barrier(4)
        for seat in range(4):
            token = table["seats"][seat]["link"].split("token=")[1]
            admin = table["admin"] if seat == 0 else None
            jobs.append(_seat(base, table["table"], seat, token, admin, barrier, stats))

    async def watch() -> None:
        while len(stats.finished) < tables:
            progress.update(task, completed=len(stats.finished))
            await asyncio.sleep(0.2)
        progress.update(task, completed=tables)

    watcher = asyncio.create_task(watch())
    await asyncio.gather(*jobs)
    elapsed = time.perf_counter() - t0
    await watcher
    return elapsed


def _cpu_seconds(pid: int) -> float | None:
    """User + system CPU time of a process so far (Linux ``/proc``), or ``None`` elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100, help="tables played at once (default 100)")
    parser.add_argument(
        "--target", type=int, default=100, help="match target (default 100, to bound the run)"
    )
    parser.add_argument("--timeout", type=float, default=300, help="give up after this many seconds")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    if not 1 <= args.tables <= 500 or not 1 <= args.target <= 1000:
        parser.error("use 1..500 tables and a target of 1..1000")

    workdir = Path(tempfile.mkdtemp(prefix="sevenrocks-load-"))
    port = _free_port()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "sevenrocks",
            "serve",
            "--port",
            str(port),
            "--db",
            f"sqlite:///{workdir / 'load.db'}",
            "--bot-delay",
            "0",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env={
            **os.environ,
            "SEVENROCKS_MAX_MESSAGE_BYTES": "4096",
            # every table comes from this one address: lift the per-address and total table limits
            "SEVENROCKS_NEW_TABLES_PER_HOUR": str(max(30, 2 * args.tables)),
            "SEVENROCKS_MAX_LIVE_TABLES": str(max(1000, 2 * args.tables)),
        },
    )
    http = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                _http(f"{http}/api/bots")
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    console.print(
                        f"[red]the server did not start[/red] {server.stderr.read() if server.stderr else ''}"
                    )
                    return 1
                time.sleep(0.1)
        stats = Stats()
        cpu_before = _cpu_seconds(server.pid)
        with Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=console,
        ) as progress:
            try:
                elapsed = asyncio.run(
                    asyncio.wait_for(
                        _run_tables(f"ws://127.0.0.1:{port}", args.tables, args.target, stats, progress),
                        args.timeout,
                    )
                )
            except TimeoutError:
                console.print(
                    f"[red]timed out after {args.timeout:.0f} s: {len(stats.finished)} of {args.tables} "
                    "tables finished[/red]"
                )
                return 1
        cpu_after = _cpu_seconds(server.pid)
        # nothing lost: every match is stored and replays with exactly the acknowledged placements
        lost = []
        for table, count in stats.acknowledged.items():
            record = MatchRecord.from_json(_http(f"{http}/api/matches/{table}/record"))
            stored = sum(len(hand.placements) for hand in record.hands)
            if stored != count or record.winner is None:
                lost.append(f"{table}: {count} acknowledged, {stored} stored, winner {record.winner}")
        moves = sum(stats.acknowledged.values())
        lat = sorted(stats.latencies)
        p95 = lat[min(len(lat) - 1, int(0.95 * len(lat)))]
        base_moves, base_time = _in_process(args.tables, args.target)
        figures = {
            "tables": args.tables,
            "target": args.target,
            "connections": 4 * args.tables,
            "placements": moves,
            "seconds": round(elapsed, 2),
            "placements_per_second": round(moves / elapsed, 1),
            "latency_ms": {
                "p50": round(1000 * statistics.median(lat), 1),
                "p95": round(1000 * p95, 1),
                "max": round(1000 * lat[-1], 1),
            },
            "server_cpu_ms_per_placement": None
            if cpu_before is None or cpu_after is None
            else round(1000 * (cpu_after - cpu_before) / max(moves, 1), 2),
            "errors": len(stats.errors),
            "tables_finished": len(stats.finished),
            "lost": lost,
            "in_process_placements_per_second": round(base_moves / base_time, 1),
            "web_over_in_process": round((moves / elapsed) / (base_moves / base_time), 4),
        }
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
    ok = not lost and not stats.errors and len(stats.finished) == args.tables
    if args.json:
        print(json.dumps(figures, indent=1))
    else:
        console.print(
            f"{args.tables} tables, {4 * args.tables} WebSockets, target {args.target}: {moves} placements "
            f"in {elapsed:.1f} s = [bold]{moves / elapsed:.0f} placements/s[/bold]; latency p50 "
            f"{figures['latency_ms']['p50']} ms, p95 [bold]{figures['latency_ms']['p95']} ms[/bold], max "  # type: ignore[index]
            f"{figures['latency_ms']['max']} ms; errors {len(stats.errors)}; lost {len(lost)}; "  # type: ignore[index]
            f"server CPU {figures['server_cpu_ms_per_placement']} ms per placement"
        )
        console.print(
            "same matches in process (engine + greedy bots, no web): "
            f"{figures['in_process_placements_per_second']} placements/s; "
            f"web / in-process = {figures['web_over_in_process']}"
        )
    for line in stats.errors[:5] + lost[:5]:
        console.print(f"[red]{line}[/red]")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
