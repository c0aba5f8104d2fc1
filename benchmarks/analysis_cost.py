"""The cost of ``sevenrocks analyse``: processor seconds to analyse one whole match.

Plays one whole match of Seven Rocks (to 250, greedy against expert by default; or reads
``--record``), then analyses every placement at the default think (1 s per placement) and reports
the placements, the deals sampled per placement, the wall time and the processor seconds of the
search (``time.process_time`` of the process or processes that searched). The think budget is
wall-clock time, so on a busy machine a placement gets fewer processor seconds (and fewer deals)
than on an idle one: both figures are printed.

    .venv/bin/python benchmarks/analysis_cost.py                 # a few minutes
    .venv/bin/python benchmarks/analysis_cost.py --think 0.2 --json
    .venv/bin/python benchmarks/analysis_cost.py --record X.json --stability 3   # the verdicts of 3 seeds

``--stability N`` also analyses the match with N seeds (``--stability-deals`` deals a placement) and
counts, over every two runs, the placements whose verdicts agree, are neighbours, or are apart with
one of them a mistake or a blunder — sampling noise called a mistake, which the classes must avoid.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from analysis_validation import bot_match
from sevenrocks.analysis.classes import CLASSES, DEFAULT_THINK
from sevenrocks.analysis.review import analyse_record
from sevenrocks.core.record import MatchRecord, load_record


def stability(record: MatchRecord, seeds: int, deals: int, workers: int) -> dict[str, int]:
    """Analyse ``record`` with ``seeds`` seeds (``deals`` deals a placement) and compare the verdicts
    of every two runs: placements with the same class, with neighbouring classes, and with classes
    apart where one says mistake or blunder (noise called a mistake: what must not happen)."""
    rank = {c: i for i, c in enumerate(CLASSES)}
    runs = [analyse_record(record, deals=deals, seed=100 + s, workers=workers) for s in range(seeds)]
    counts = {"pairs_of_verdicts": 0, "same": 0, "neighbours": 0, "mistake_against_best_or_good": 0}
    for a, b in itertools.combinations(runs, 2):
        for p, q in zip(a.placements, b.placements, strict=True):
            gap = abs(rank[p.verdict] - rank[q.verdict])
            counts["pairs_of_verdicts"] += 1
            counts["same"] += gap == 0
            counts["neighbours"] += gap == 1
            low, high = sorted((rank[p.verdict], rank[q.verdict]))
            counts["mistake_against_best_or_good"] += low <= rank["good"] and high >= rank["mistake"]
    return counts


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--record", type=Path, default=None, help="analyse this record instead of a new match"
    )
    parser.add_argument("--players", nargs=2, default=["greedy", "expert"], help="the two sides' bots")
    parser.add_argument(
        "--think", type=float, default=DEFAULT_THINK, help="seconds per placement (default 1)"
    )
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--save", type=Path, default=None, help="save the match record played here")
    parser.add_argument(
        "--stability", type=int, default=0, help="also analyse with this many seeds and compare"
    )
    parser.add_argument("--stability-deals", type=int, default=3000, help="deals a placement for --stability")
    args = parser.parse_args(argv)
    if args.record is not None:
        record = load_record(args.record)
    else:
        a, b = args.players
        record = bot_match((a, b, a, b), seed=args.seed)
    start = time.perf_counter()
    analysis = analyse_record(record, think=args.think, workers=args.workers, seed=args.seed)
    wall = time.perf_counter() - start
    figures: dict[str, object] = {
        "game": record.game,
        "hands": len(record.hands),
        "placements": len(analysis.placements),
        "think": args.think,
        "workers": args.workers,
        "wall_seconds": round(wall, 1),
        "cpu_seconds": round(analysis.cpu_seconds, 1),
        "cpu_seconds_per_placement": round(analysis.cpu_seconds / max(len(analysis.placements), 1), 3),
        "median_deals": statistics.median(p.deals for p in analysis.placements) if analysis.placements else 0,
    }
    # the noise the classes' thresholds must stand above: the standard error of the points lost
    noise = sorted(p.lost_se for p in analysis.placements if p.verdict != "best" and math.isfinite(p.lost_se))
    if len(noise) >= 10:
        deciles = statistics.quantiles(noise, n=10)
        figures |= {
            "lost_se_median": round(statistics.median(noise), 2),
            "lost_se_p90": round(deciles[-1], 2),
        }
    figures["classes"] = {c: sum(1 for p in analysis.placements if p.verdict == c) for c in CLASSES}
    if args.save is not None:
        record.save(args.save)
    if args.stability:
        figures["stability"] = stability(record, args.stability, args.stability_deals, args.workers)
    if args.json:
        sys.stdout.write(json.dumps(figures, indent=1) + "\n")
    else:
        for key, value in figures.items():
            print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
