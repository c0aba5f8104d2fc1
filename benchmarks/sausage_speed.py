"""Random Sausage matches per second: the engine, the reference model and the fast rules, in the same run.

The contenders play whole matches of Sausage (``sausage.md``: deals of two 14-tile queues until a seat
has 101 points), with a new random deal for every deal and uniformly random moves, on one core (one
process, one thread):

- **sevenrocks engine** — :class:`sevenrocks.core.sausage.SausageMatch`: ``start_deal()`` (it deals and
  draws the first starter by lot), ``legal_moves()`` / ``push()``, with every turn recorded and every
  move checked and undoable;
- **reference model** — :class:`tests.reference.family.sausage.RefSausage`, the independent model the
  tests compare the engine with: plain Python, written for clarity (``start_hand(queues, starter)``,
  ``legal_moves()`` as a set of ``TILE:WAY`` texts, ``play(text)``); its queues are shuffled by this
  program;
- **fast rules** — :mod:`sevenrocks.core.sausage.kernel` (what ``sevenrocks simulate --game sausage`` and
  the ``search`` bot's play-outs run): each deal by ``Deal.start`` and ``Deal.play_out`` with a random
  policy, its turns recorded to count the moves; the starters, settlement and target written out here.

The contenders run in turns (several rounds, each a fixed slice of processor time) so that a busy
machine slows them alike; rates are given per processor second (``time.process_time``) and per
wall-clock second, and the ratio uses processor time.

    .venv/bin/python benchmarks/sausage_speed.py
    .venv/bin/python benchmarks/sausage_speed.py --seconds 1 --rounds 2 --json
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.table import Table

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # the reference model lives in the tests package
    sys.path.insert(0, str(ROOT))

from tests.reference.family.sausage import RefSausage  # noqa: E402

from harness import Tally, arguments, repeated, run_rounds  # noqa: E402
from sevenrocks.core.sausage import SausageMatch  # noqa: E402
from sevenrocks.core.sausage.kernel import BLOCKED, CUT, Deal, random_policy  # noqa: E402
from sevenrocks.core.tiles import TILES  # noqa: E402

MatchFn = Callable[[random.Random], tuple[int, int]]
"""Plays one complete random match; returns (deals, moves)."""

_TEXTS = [str(t) for t in TILES]
TARGET = 101


def engine_match(rng: random.Random) -> tuple[int, int]:
    match = SausageMatch(rng=rng)
    deals = moves = 0
    while not match.is_over:
        match.start_deal()
        deals += 1
        while match.turn is not None:
            legal = match.legal_moves()
            match.push(legal[rng.randrange(len(legal))])
            moves += 1
    return deals, moves


def kernel_match(rng: random.Random) -> tuple[int, int]:
    """A whole match by Sausage's fast rules (the deals of :mod:`sevenrocks.core.sausage.kernel`, the
    starters, settlement and target written out here as the engine applies them)."""
    scores = [0, 0]
    policy = random_policy(rng)
    deals = moves = 0
    starter = rng.randrange(2)
    while max(scores) < TARGET:
        tiles = list(range(28))
        rng.shuffle(tiles)
        deal = Deal.start((tiles[:14], tiles[14:]), starter)
        turns: list[tuple[int, int, int, int]] = []
        end = deal.play_out(policy, turns)
        deals += 1
        moves += sum(1 for turn in turns if turn[2] <= CUT)
        if end == BLOCKED:
            pips = (deal.pips(0), deal.pips(1))
            winner = None if pips[0] == pips[1] else (0 if pips[0] < pips[1] else 1)
            if winner is not None:
                scores[winner] += abs(pips[0] - pips[1])
            starter = winner if winner is not None else 1 - starter
        else:
            scores[end] += deal.pips(1 - end)
            starter = end
    return deals, moves


def reference_match(rng: random.Random) -> tuple[int, int]:
    ref = RefSausage()
    deals = moves = 0
    while not ref.match_over:
        tiles = _TEXTS[:]
        rng.shuffle(tiles)
        ref.start_hand([tiles[:14], tiles[14:]], rng.randrange(2) if ref.needs_starter else None)
        deals += 1
        while ref.turn is not None:
            legal = sorted(ref.legal_moves())
            ref.play(legal[rng.randrange(len(legal))])
            moves += 1
    return deals, moves


def main() -> int:
    args = arguments(__doc__).parse_args()

    def tally(name: str, play: MatchFn) -> Tally:
        step = repeated(play, random.Random(args.seed), 5)
        return Tally(name, step, ("matches", "deals", "moves"), "match")

    tallies = [
        tally("sevenrocks engine (SausageMatch)", engine_match),
        tally("reference model (RefSausage)", reference_match),
        tally("fast rules (sausage.kernel)", kernel_match),
    ]
    engine, reference, kernel = run_rounds(tallies, rounds=args.rounds, seconds=args.seconds)
    ratio = engine["matches_per_cpu_second"] / reference["matches_per_cpu_second"]
    fast = kernel["matches_per_cpu_second"] / engine["matches_per_cpu_second"]
    result = {
        "python": sys.version.split()[0],
        "seconds_per_slice": args.seconds,
        "rounds": args.rounds,
        "contenders": [engine, reference, kernel],
        "engine_vs_reference": ratio,
        "kernel_vs_engine": fast,
    }
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    table = Table(title="Random Sausage matches (target 101), one core")
    for column in ("contender", "matches/s (processor)", "deals/s (processor)", "moves/s (processor)"):
        table.add_column(column, justify="left" if column == "contender" else "right")
    table.add_column("matches/s (wall)", justify="right")
    table.add_column("deals/match", justify="right")
    for rates in (engine, reference, kernel):
        table.add_row(
            rates["name"],
            f"{rates['matches_per_cpu_second']:,.0f}",
            f"{rates['deals_per_cpu_second']:,.0f}",
            f"{rates['moves_per_cpu_second']:,.0f}",
            f"{rates['matches_per_second']:,.0f}",
            f"{rates['deals_per_match']:.2f}",
        )
    console = Console()
    console.print(table)
    console.print(f"engine / reference (processor time, same run): [bold]{ratio:.2f}×[/bold]")
    console.print(f"fast rules / engine (processor time, same run): [bold]{fast:.2f}×[/bold]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
