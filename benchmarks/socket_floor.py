"""The floor under ``web_load.py``'s figure: what the sockets alone cost a placement.

A bare Starlette app on uvicorn (the same server, WebSocket implementation and event loop as
``sevenrocks serve``) that, for each message one of a table's four sockets sends, sends a
message of about the size of a ``placed`` message (``--bytes``) to each of the four, and does
nothing else — no rules, no drawing, no storage. The clients play the tables in turn as
``web_load.py``'s do, flat out; the server process's processor time (user + system, from
``/proc``) a "placement" is what any server of this design pays to receive one move and send
four messages, before doing anything of its own.

    .venv/bin/python benchmarks/socket_floor.py
    .venv/bin/python benchmarks/socket_floor.py --tables 30 --rounds 300 --bytes 2300 --json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from websockets.asyncio.client import connect

from harness import process_cpu_seconds

#: The server: ``python APP PORT BYTES``.
APP = """
import sys, uvicorn
from starlette.applications import Starlette
from starlette.routing import WebSocketRoute
tables = {}
payload = '{"type":"placed","svg_patch":"' + "x" * max(0, int(sys.argv[2]) - 32) + '"}'
async def seat(websocket):
    await websocket.accept()
    seats = tables.setdefault(websocket.query_params["t"], [])
    seats.append(websocket)
    try:
        while True:
            await websocket.receive_text()
            for other in list(seats):
                await other.send_text(payload)
    except Exception:
        seats.remove(websocket)
app = Starlette(routes=[WebSocketRoute("/ws", seat)])
uvicorn.run(app, port=int(sys.argv[1]), log_level="warning", ws_per_message_deflate=False)
"""


async def _play(port: int, tables: int, rounds: int, pid: int) -> tuple[int, float, float]:
    """Play ``rounds`` moves at each of ``tables`` tables: (moves, seconds, server CPU seconds)."""
    url = f"ws://127.0.0.1:{port}/ws"
    seats = [
        [await connect(f"{url}?t={t}", ping_interval=None, max_queue=None) for _ in range(4)]
        for t in range(tables)
    ]
    await asyncio.sleep(0.5)

    async def table(four: list[object]) -> None:
        for r in range(rounds):
            await four[r % 4].send("play")  # type: ignore[attr-defined]
            for s in four:
                await s.recv()  # type: ignore[attr-defined]

    before, start = process_cpu_seconds(pid), time.perf_counter()
    await asyncio.gather(*(table(four) for four in seats))
    seconds, after = time.perf_counter() - start, process_cpu_seconds(pid)
    for four in seats:
        for s in four:
            await s.close()
    if before is None or after is None:
        raise SystemExit("socket_floor: the server's processor time cannot be read here (Linux /proc)")
    return tables * rounds, seconds, after - before


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=30, help="tables at once (default 30)")
    parser.add_argument("--rounds", type=int, default=300, help="moves a table (default 300)")
    parser.add_argument("--bytes", type=int, default=2300, help="bytes a message sent (default 2300)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    if not (1 <= args.tables <= 500 and 10 <= args.rounds <= 100_000 and 32 <= args.bytes <= 1_000_000):
        parser.error("use 1..500 tables, 10..100000 rounds and 32..1000000 bytes")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "floor_app.py"
        script.write_text(APP)
        server = subprocess.Popen([sys.executable, str(script), str(port), str(args.bytes)])
        try:
            for _ in range(100):
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                    break
                except OSError:
                    time.sleep(0.1)
            moves, seconds, cpu = asyncio.run(_play(port, args.tables, args.rounds, server.pid))
        finally:
            server.terminate()
            server.wait(timeout=30)
    figures = {
        "tables": args.tables,
        "placements": moves,
        "bytes_a_message": args.bytes,
        "seconds": round(seconds, 2),
        "server_cpu_ms_per_placement": round(1000 * cpu / moves, 3),
    }
    if args.json:
        print(json.dumps(figures, indent=1))
    else:
        print(
            f"{moves} placements (one message in, four of {args.bytes} bytes out) in {seconds:.1f} s: "
            f"server CPU {figures['server_cpu_ms_per_placement']} ms a placement"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
