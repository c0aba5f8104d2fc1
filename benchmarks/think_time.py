"""How long a search bot takes a move against its think time: mean, median, 95th percentile, max.

Each bot named (``champion``, ``search``, …, with ``--think``) chooses for seats 0 and 2 on the
positions of matches played out by ``greedy`` (every position with more than one legal move,
until ``--moves`` are timed; the deals come from ``--seed``, so every bot gets the same first
positions). The clock runs from the moment the bot is asked to the moment it answers, as a
tournament times it (``sevenrocks tournament`` reports the same mean and 95th percentile over
a whole run). The first move (when the compiled search is made ready) is left out.

``--parallel N`` runs N copies of each measurement at once, to time the bot on a busy machine
(a tournament with ``--workers 2`` keeps two matches going on a machine of two cores).

    .venv/bin/python benchmarks/think_time.py --bots champion search --think 200ms
    .venv/bin/python benchmarks/think_time.py --bots champion --think 200ms --parallel 3 --json
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

REPO = Path(__file__).resolve().parents[1]

#: Run in each measuring process: ``python -c MEASURE BOT THINK MOVES SEED``; prints one JSON list
#: of seconds, one a timed move.
MEASURE = """
import json, random, sys, time
from sevenrocks.bots.registry import make_bot
from sevenrocks.core import Match
name, think, moves, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
bot = make_bot(name, seed=seed, think=think)
greedy = make_bot("greedy", seed=seed + 1)
deals = random.Random(seed)
match = Match(seed=deals.randrange(1 << 30))
match.start_hand()
times, first = [], True
while len(times) < moves:
    if match.is_over:
        match = Match(seed=deals.randrange(1 << 30))
        match.start_hand()
        continue
    if match.turn is None:
        match.start_hand()
        continue
    view = match.view(match.turn)
    if match.turn % 2 == 0 and len(view.moves) > 1:
        start = time.perf_counter()
        move = bot.choose(view)
        took = time.perf_counter() - start
        if first:
            first = False  # the compiled search made ready: not a move's time
        else:
            times.append(took)
    else:
        move = greedy.choose(view)
    match.push(move)
print(json.dumps(times))
"""


def _measure(bot: str, think: str, moves: int, seed: int, parallel: int) -> list[float]:
    """The seconds of ``moves`` timed moves of ``bot`` in each of ``parallel`` processes at once."""
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", MEASURE, bot, think, str(moves), str(seed + k)],
            stdout=subprocess.PIPE,
            text=True,
            cwd=REPO,
        )
        for k in range(parallel)
    ]
    times: list[float] = []
    for process in processes:
        out, _ = process.communicate()
        if process.returncode != 0:
            raise SystemExit(f"think_time: measuring {bot} failed (exit {process.returncode})")
        times.extend(json.loads(out))
    return times


def _figures(times: list[float], think_s: float) -> dict[str, Any]:
    ordered = sorted(times)
    return {
        "moves": len(ordered),
        "mean_ms": round(1000 * statistics.mean(ordered), 1),
        "p50_ms": round(1000 * ordered[len(ordered) // 2], 1),
        "p95_ms": round(1000 * ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 1),
        "max_ms": round(1000 * ordered[-1], 1),
        "over_budget": round(sum(t > think_s for t in ordered) / len(ordered), 3),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bots", nargs="+", default=["champion", "search"], help="the bots to time")
    parser.add_argument("--think", default="200ms", help="think time a move (default 200ms)")
    parser.add_argument("--moves", type=int, default=150, help="timed moves a process (default 150)")
    parser.add_argument("--parallel", type=int, default=1, help="measuring processes at once (default 1)")
    parser.add_argument("--seed", type=int, default=3, help="the deals' seed (default 3)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    if args.moves < 20 or not 1 <= args.parallel <= 16:
        parser.error("--moves must be at least 20 and --parallel 1 to 16")
    from sevenrocks.bots.search import _seconds

    think_s = _seconds(args.think)
    if not isinstance(think_s, float):
        parser.error(f"--think must be seconds like 0.2, 0.2s or 200ms, not {args.think!r}")
    results: dict[str, Any] = {"think": args.think, "parallel": args.parallel, "bots": {}}
    with Progress(transient=True) as progress:
        task = progress.add_task("timing moves", total=len(args.bots))
        for bot in args.bots:
            times = _measure(bot, args.think, args.moves, args.seed, args.parallel)
            results["bots"][bot] = _figures(times, think_s)
            progress.advance(task)
    if args.json:
        print(json.dumps(results, indent=1))
        return 0
    table = Table(title=f"think time a move at {args.think}, {args.parallel} at once")
    for column in ("bot", "moves", "mean", "p50", "p95", "max", "over budget"):
        table.add_column(column, justify="right" if column != "bot" else "left")
    for bot, f in results["bots"].items():
        table.add_row(
            bot,
            str(f["moves"]),
            f"{f['mean_ms']} ms",
            f"{f['p50_ms']} ms",
            f"{f['p95_ms']} ms",
            f"{f['max_ms']} ms",
            f"{100 * f['over_budget']:.1f}%",
        )
    Console().print(table)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
