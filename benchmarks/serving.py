"""What the table server's own work costs a placement, without the network, now against an earlier commit.

The table service (``sevenrocks.web.service.TableService``, on a fresh SQLite file) runs in
process with ``--tables`` tables at once, each of four people's seats whose connections say a
desktop's board area, as the table page's do (and, with ``--ghosts``, that they draw ghost
tiles); each table plays a whole match, the seat on turn making its first legal move, the
seats asking for the next hand after each settlement. Everything the server does for a
placement is counted — the rules, the storage (its group commits, on its own thread), the
drawing, the messages of every seat built and queued to the connections — but no socket: the
connections' sends only count the bytes. That is the part of ``benchmarks/web_load.py``'s
figure the code of this repository decides, measured without the noise of a load generator
sharing the machine. The deals come from one seed, so both sides play the same matches (the
run stops if they do not). Both sides run in separate processes, in turns, ``--rounds``
times, and the least processor time of each is kept.

    .venv/bin/python benchmarks/serving.py --against b84f3cb
    .venv/bin/python benchmarks/serving.py --against b84f3cb --tables 40 --rounds 5 --ghosts --json
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from rich.progress import Progress

REPO = Path(__file__).resolve().parents[1]

#: Run in each side's process: ``python -c MEASURE TABLES GAME GHOSTS``; prints one JSON object.
MEASURE = """
import asyncio, hashlib, inspect, json, os, sys, tempfile, time
from sevenrocks.web.protocol import NextHandIntent, PlayIntent, StartIntent
from sevenrocks.web.service import SeatSpec, TableService
from sevenrocks.web.settings import Settings
from sevenrocks.web.storage import Storage

tables_count, game, ghosts = int(sys.argv[1]), sys.argv[2], sys.argv[3] == "1"

async def main():
    folder = tempfile.mkdtemp(prefix="sevenrocks-serving-")
    service = TableService(Storage(f"sqlite:///{folder}/tables.db"), Settings(deal_seed=7))
    page = {"area": "900x440"}
    if ghosts and "ghosts" in inspect.signature(service.join).parameters:
        page["ghosts"] = "1"
    sent = [0, 0]

    async def send(message):
        sent[0] += 1
        sent[1] += len(message) if isinstance(message, str) else len(json.dumps(message))

    async def close(code, reason):
        pass

    tables = []
    for _ in range(tables_count):
        table, tokens = await service.create([SeatSpec("me")] + [SeatSpec("friend")] * 3, game=game)
        conns = []
        for seat in range(len(table.record.seats)):
            admin = table.record.admin_token if seat == 0 else None
            joined = await service.join(
                table, token=tokens[seat], session=None, admin=admin, send=send, close=close, **page
            )
            conns.append(joined)
        tables.append((table, conns))
    for table, conns in tables:
        await service.act(table, conns[0], StartIntent())
    moves = {}  # each table's moves, in order (the tables' turns interleave as they may)
    count = [0]

    async def play(number, table, conns):
        while True:
            match = table.match
            if match is None or match.is_over:
                return
            if match.turn is None:
                for conn in conns:
                    try:
                        await service.act(table, conn, NextHandIntent())
                    except Exception:
                        pass  # the hand was dealt already
                await asyncio.sleep(0)
                continue
            move = match.legal_moves()[0]
            moves.setdefault(number, []).append(str(move))
            await service.act(table, conns[match.turn], PlayIntent(move, table.moves))
            count[0] += 1
            await asyncio.sleep(0)

    await asyncio.sleep(0.2)  # the joins' messages sent
    cpu, main_cpu = time.process_time(), time.thread_time()
    await asyncio.gather(*(play(number, table, conns) for number, (table, conns) in enumerate(tables)))
    cpu, main_cpu = time.process_time() - cpu, time.thread_time() - main_cpu
    placements = count[0]
    print(json.dumps({
        "placements": placements,
        "ms_a_placement": 1e3 * cpu / placements,
        "main_thread_ms_a_placement": 1e3 * main_cpu / placements,
        "messages_a_placement": sent[0] / placements,
        "kib_a_placement": sent[1] / 1024 / placements,
        "plays": hashlib.sha256(json.dumps(sorted(moves.items())).encode()).hexdigest(),
    }))
    os._exit(0)  # the storage thread and the connections' tasks need no goodbye

asyncio.run(main())
"""


def _measure(source: Path, tables: int, game: str, ghosts: bool) -> dict[str, float | str]:
    env = {**os.environ, "PYTHONPATH": str(source)}
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, str(tables), game, "1" if ghosts else "0"],
        env=env,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise SystemExit(f"the measurement failed on {source}:\n{done.stderr[-2000:]}")
    result: dict[str, float | str] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--against", required=True, help="the earlier commit")
    parser.add_argument("--tables", type=int, default=20, help="tables played at once (default 20)")
    parser.add_argument("--game", default="seven-rocks", help="the game of every table (default seven-rocks)")
    parser.add_argument("--rounds", type=int, default=3, help="turns of each side (the best counts)")
    parser.add_argument("--ghosts", action="store_true", help="the connections draw ghost tiles, as pages do")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    if not 1 <= args.tables <= 500 or not 1 <= args.rounds <= 20:
        parser.error("use 1..500 tables and 1..20 rounds")
    best: dict[str, dict[str, float]] = {}
    plays: dict[str, str] = {}
    with tempfile.TemporaryDirectory(prefix="sevenrocks-then-") as folder:
        then = Path(folder) / "then"
        then.mkdir()
        command = ["git", "-C", str(REPO), "archive", args.against, "src"]
        archive = subprocess.run(command, capture_output=True)
        if archive.returncode != 0:
            parser.error(f"no commit {args.against!r} here: {archive.stderr.decode().strip()}")
        subprocess.run(["tar", "-x", "-C", str(then)], input=archive.stdout, check=True)
        sources = {args.against: then / "src", "now": REPO / "src"}
        with Progress(transient=True) as progress:
            task = progress.add_task("serving", total=args.rounds * len(sources))
            for _ in range(args.rounds):
                for side, source in sources.items():
                    measured = _measure(source, args.tables, args.game, args.ghosts)
                    plays[side] = str(measured["plays"])
                    held = best.setdefault(side, {})
                    for key in ("ms_a_placement", "main_thread_ms_a_placement"):
                        held[key] = min(held.get(key, float("inf")), float(measured[key]))
                    for key in ("placements", "messages_a_placement", "kib_a_placement"):
                        held[key] = float(measured[key])
                    progress.advance(task)
    if plays[args.against] != plays["now"]:
        raise SystemExit("the two sides played different matches (the deals or the rules differ)")
    then_ms, now_ms = best[args.against]["ms_a_placement"], best["now"]["ms_a_placement"]
    summary = {
        "against": args.against,
        "tables": args.tables,
        "game": args.game,
        "ghosts": args.ghosts,
        "placements": int(best["now"]["placements"]),
        args.against: {k: round(v, 3) for k, v in best[args.against].items() if k != "placements"},
        "now": {k: round(v, 3) for k, v in best["now"].items() if k != "placements"},
        "now_vs_then": round(now_ms / then_ms, 2),
    }
    if args.json:
        print(json.dumps(summary, indent=1))
        return 0
    print(
        f"{args.tables} tables of {args.game}, {summary['placements']} placements (the same on both sides), "
        f"{'pages drawing ghosts' if args.ghosts else 'connections not drawing ghosts'}:"
    )
    for side in (args.against, "now"):
        row = best[side]
        print(
            f"  {side}: {row['ms_a_placement']:.3f} ms a placement (main thread "
            f"{row['main_thread_ms_a_placement']:.3f}), {row['messages_a_placement']:.2f} messages, "
            f"{row['kib_a_placement']:.1f} KiB"
        )
    print(f"  now / {args.against}: {summary['now_vs_then']}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
