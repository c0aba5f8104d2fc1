"""Validate ``sevenrocks analyse``: does mean points lost per placement order the bots as expected?

Issue 18's measurement: for every pairing of the bots (default ``random``, ``greedy``, ``expert``,
``search``), play duplicate matches of Seven Rocks — each deal seed twice, the bots swapping seats —
analyse every placement of every match (:func:`sevenrocks.analysis.review.analyse_record`, from the
placing seat's view), and report per bot the mean points lost per placement with a 95% interval.
The interval is over matches (each match's mean for the bot is one observation), since placements
of one match are not independent. The expected order is ``random > greedy > expert > search``
(most lost first), with intervals that do not overlap.

It also measures the noise of the estimate at the budget used — the standard error of the points
lost of every placement that was not the best — which is what the classes' thresholds must stand
above (``docs/analysis.md``, "Classes"), and the share of each class per bot.

A full run (``--matches 200`` per pairing, default think 1 s) takes days of processor time; see
``docs/analysis.md`` for the estimate. A small run shows it works:

    .venv/bin/python benchmarks/analysis_validation.py --matches 2 --target 60 --deals 40
    .venv/bin/python benchmarks/analysis_validation.py --matches 200 --think 1 --workers 2 --json out.json
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from sevenrocks.analysis.classes import CLASSES
from sevenrocks.analysis.review import MatchAnalysis, analyse_record
from sevenrocks.bots.base import warm_up
from sevenrocks.bots.registry import make_bot
from sevenrocks.core.games import find_game
from sevenrocks.core.match import Match
from sevenrocks.core.record import MatchRecord

BOTS = ("random", "greedy", "expert", "search")
MAX_HANDS = 60


def bot_match(
    players: Sequence[str],
    *,
    seed: int,
    game: str = "seven-rocks",
    target: int | None = None,
    think: float = 0.2,
) -> MatchRecord:
    """A whole match between ``players`` (one bot name per seat), dealt from ``seed``: the same seed
    deals the same hands whoever sits where (a duplicate pair swaps the seats)."""
    definition = find_game(game)
    rules = definition.rules({"target": target} if target is not None else {}, len(players))
    match = Match(rules, seed=seed)
    bots = [make_bot(name, seed=seed * 10 + s, think=think) for s, name in enumerate(players)]
    for bot in bots:
        warm_up(bot)
    while not match.is_over and match.hand_number + 1 < MAX_HANDS:
        match.start_hand()
        while match.turn is not None:
            match.push(bots[match.turn].choose(match.view(match.turn)))
    return MatchRecord.from_match(match, players=tuple(players))


def one_match(a: str, b: str, k: int, args: argparse.Namespace) -> dict[str, Any]:
    """Play and analyse match ``k`` of the pairing ``a``-``b`` (even ``k``: ``a`` on seats 0 and 2;
    odd: the same deal with the seats swapped) and return what the summary needs of it."""
    seed = args.seed * 1_000_003 + k // 2
    first, second = (a, b) if k % 2 == 0 else (b, a)
    c0 = time.process_time()
    record = bot_match((first, second, first, second), seed=seed, target=args.target, think=args.bot_think)
    cpu_play = time.process_time() - c0
    analysis: MatchAnalysis = analyse_record(
        record, think=args.think, deals=args.deals, workers=args.workers, seed=seed
    )
    row: dict[str, Any] = {"pairing": [a, b], "k": k, "lost": {}, "classes": {}}
    for bot, seats in ((first, (0, 2)), (second, (1, 3))):
        mine = [p for p in analysis.placements if p.seat in seats]
        if mine:
            row["lost"][bot] = statistics.fmean(p.lost for p in mine)
        counts = dict.fromkeys(CLASSES, 0)
        for p in mine:
            counts[p.verdict] += 1
        row["classes"][bot] = counts
    row["noise"] = [
        p.lost_se for p in analysis.placements if p.verdict != "best" and math.isfinite(p.lost_se)
    ]
    row["placements"] = len(analysis.placements)
    row["cpu_play"] = cpu_play
    row["cpu_analysis"] = analysis.cpu_seconds
    return row


def load_progress(path: Path, settings: dict[str, Any]) -> dict[tuple[str, str, int], dict[str, Any]]:
    """The matches already played and analysed in the progress file ``path`` (JSON lines: the run's
    settings, then one line per match); a new file is started with ``settings``. A run with other
    settings than the file's is refused; a last line cut short (the run was stopped while writing)
    is left out."""
    if not path.exists() or path.stat().st_size == 0:
        path.write_text(json.dumps({"settings": settings}) + "\n")
        return {}
    lines = path.read_text().splitlines()
    try:
        head = json.loads(lines[0])["settings"]
    except (ValueError, KeyError, TypeError, IndexError):
        raise ValueError(f"{path} is not a progress file of this benchmark") from None
    if head != settings:
        raise ValueError(f"{path} was written with other settings: {head}")
    done: dict[tuple[str, str, int], dict[str, Any]] = {}
    for number, line in enumerate(lines[1:], start=2):
        try:
            row = json.loads(line)
            a, b = row["pairing"]
            done[(a, b, int(row["k"]))] = row
        except (ValueError, KeyError, TypeError):
            if number != len(lines):
                raise ValueError(f"{path}, line {number}: not a match of this benchmark") from None
    if lines and len(done) < len(lines) - 1:  # the cut line goes, so that appends start on a new line
        path.write_text("\n".join(lines[: len(done) + 1]) + "\n")
    return done


def interval(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and normal 95% interval of ``values`` (one value: no interval; none: not a number)."""
    if not values:
        return math.nan, -math.inf, math.inf
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, -math.inf, math.inf
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bots", nargs="+", default=list(BOTS), help="bots to pair (default: %(default)s)")
    parser.add_argument(
        "--matches", type=int, default=200, help="matches per pairing (pairs of duplicates x 2)"
    )
    parser.add_argument("--target", type=int, default=None, help="match target (default: the game's, 250)")
    parser.add_argument(
        "--think", type=float, default=None, help="analysis seconds per placement (default 1)"
    )
    parser.add_argument(
        "--deals", type=int, default=None, help="analysis deals per placement instead of --think"
    )
    parser.add_argument("--bot-think", type=float, default=0.2, help="the search bot's seconds per move")
    parser.add_argument("--workers", type=int, default=1, help="processes for the analysis")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", type=Path, default=None, help="write every figure to this file")
    parser.add_argument(
        "--resume",
        type=Path,
        default=None,
        help="progress file (JSON lines): each match is added as it ends; a run stopped and started "
        "again with the same file and settings goes on where it stopped",
    )
    args = parser.parse_args(argv)
    if args.matches < 2 or args.matches % 2:
        parser.error("--matches must be even and at least 2 (duplicate pairs)")
    pairings = list(itertools.combinations(args.bots, 2))
    settings = {k: getattr(args, k) for k in ("bots", "target", "think", "deals", "bot_think", "seed")}
    try:
        done = load_progress(args.resume, settings) if args.resume is not None else {}
    except ValueError as err:
        parser.error(str(err))
    start = time.perf_counter()
    console = Console(stderr=True)
    # the matches in rounds (every pairing's k-th match, then the next k), so that a run stopped
    # early has as many matches of each pairing
    todo = [(a, b, k) for k in range(args.matches) for a, b in pairings]
    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        disable=not console.is_terminal,
    ) as progress:
        task = progress.add_task(
            "matches", total=len(todo), completed=sum((a, b, k) in done for a, b, k in todo)
        )
        for a, b, k in todo:
            if (a, b, k) in done:
                continue
            row = one_match(a, b, k, args)
            done[(a, b, k)] = row
            if args.resume is not None:
                with args.resume.open("a") as f:
                    f.write(json.dumps(row) + "\n")
            progress.advance(task)
            if not console.is_terminal:
                print(f"{a} vs {b}: match {k + 1}/{args.matches}", file=sys.stderr)
    per_match: dict[str, list[float]] = defaultdict(list)  # bot -> each match's mean loss
    classes: dict[str, dict[str, int]] = defaultdict(lambda: dict.fromkeys(CLASSES, 0))
    noise: list[float] = []
    placements = 0
    cpu_play = cpu_analysis = 0.0
    for row in done.values():
        for bot, lost in row["lost"].items():
            per_match[bot].append(lost)
        for bot, counts in row["classes"].items():
            for verdict, count in counts.items():
                classes[bot][verdict] += count
        noise.extend(row["noise"])
        placements += row["placements"]
        cpu_play += row["cpu_play"]
        cpu_analysis += row["cpu_analysis"]
    rows = []
    for bot in args.bots:
        mean, low, high = interval(per_match[bot])
        total = max(sum(classes[bot].values()), 1)
        rows.append(
            {
                "bot": bot,
                "matches": len(per_match[bot]),
                "mean_lost": mean,
                "ci95": [low, high],
                "classes": {c: classes[bot][c] / total for c in CLASSES},
            }
        )
    ranked = sorted(rows, key=lambda r: -r["mean_lost"])
    separated = all(ranked[i]["ci95"][0] > ranked[i + 1]["ci95"][1] for i in range(len(ranked) - 1))
    quantiles = statistics.quantiles(noise, n=10) if len(noise) >= 10 else []
    summary: dict[str, Any] = {
        "bots": rows,
        "order": [r["bot"] for r in ranked],
        "expected_order": [b for b in BOTS if b in args.bots],
        "intervals_separate": separated,
        "noise": {
            "placements": len(noise),
            "median_lost_se": statistics.median(noise) if noise else None,
            "p90_lost_se": quantiles[-1] if quantiles else None,
        },
        "placements": placements,
        "cpu_seconds_playing": cpu_play,
        "cpu_seconds_analysing": cpu_analysis,
        "matches": len(done),
        "wall_seconds": time.perf_counter() - start,
        "settings": vars(args) | {"json": str(args.json) if args.json else None},
    }
    table = Table(
        title=f"points lost per placement, {len(done)} of {len(todo)} matches ({args.matches} per pairing)"
    )
    for column in ("bot", "matches", "mean lost", "95% interval", *CLASSES):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for r in ranked:
        table.add_row(
            r["bot"],
            str(r["matches"]),
            f"{r['mean_lost']:.2f}",
            f"{r['ci95'][0]:.2f} .. {r['ci95'][1]:.2f}",
            *(f"{r['classes'][c]:.0%}" for c in CLASSES),
        )
    out = Console() if sys.stdout.isatty() else Console(width=120)
    out.print(table)
    out.print(
        f"order {' > '.join(summary['order'])} (expected {' > '.join(summary['expected_order'])}); "
        f"intervals {'separate' if separated else 'overlap'}"
    )
    n = summary["noise"]
    if n["median_lost_se"] is not None:
        p90 = n["p90_lost_se"]
        out.print(
            f"noise: standard error of the points lost, median {n['median_lost_se']:.2f}"
            + (f", 90th percentile {p90:.2f}" if p90 is not None else "")
            + f" ({n['placements']} placements not the best)"
        )
    out.print(
        f"{placements} placements; CPU: {cpu_play:.0f} s playing, {cpu_analysis:.0f} s analysing "
        f"({cpu_analysis / max(placements, 1):.2f} s a placement); wall {summary['wall_seconds']:.0f} s"
    )
    if args.json is not None:
        args.json.write_text(json.dumps(summary, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
