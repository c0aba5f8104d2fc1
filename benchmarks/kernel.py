"""Random hands per second: the compiled kernel side by side with the pure-Python engine.

Three ways to deal a hand, draw its leader by lot and play it out with uniformly random
legal placements, timed in the same run on one core:

- ``Match``: the core engine (``start_hand``, ``legal_plays``, ``push``), as a user drives it;
- ``random_hand``: the core's fast pure-Python play-out (:mod:`sevenrocks.core.playout`);
- ``kernel``: :func:`sevenrocks.bots.kernel.random_hands` (numba), after its warm-up.

The warm-up (compiling, or loading the compiled code from the on-disk cache) is timed apart;
``--cold`` points numba at an empty cache folder first, to time a full compilation.

    .venv/bin/python benchmarks/kernel.py            # about 20 s
    .venv/bin/python benchmarks/kernel.py --cold --json
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable


def _best_rate(run: Callable[[], int], repeat: int) -> tuple[float, float]:
    """Best hands per second over ``repeat`` runs, by wall clock and by CPU time of this process."""
    wall = cpu = 0.0
    for _ in range(repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        n = run()
        t1, c1 = time.perf_counter(), time.process_time()
        wall = max(wall, n / (t1 - t0))
        cpu = max(cpu, n / max(c1 - c0, 1e-9))
    return wall, cpu


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000, help="kernel hands per timed run")
    parser.add_argument("--python-hands", type=int, default=20_000, help="random_hand hands per run")
    parser.add_argument("--match-hands", type=int, default=2_000, help="Match hands per run")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs of each (the best counts)")
    parser.add_argument("--cold", action="store_true", help="time a full compilation (empty numba cache)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.cold:
        os.environ["NUMBA_CACHE_DIR"] = tempfile.mkdtemp(prefix="sevenrocks-numba-")

    t0 = time.perf_counter()
    from sevenrocks.bots import kernel

    imported = time.perf_counter() - t0
    warm = kernel.warm_up()

    from sevenrocks.core import Match
    from sevenrocks.core.playout import random_hand

    def by_match() -> int:
        rng = random.Random(1)
        for _ in range(args.match_hands):
            match = Match(rng=rng)
            match.start_hand()
            while match.turn is not None:
                plays = match.legal_plays()
                match.push(plays[rng.randrange(len(plays))] if len(plays) > 1 else plays[0])
        return int(args.match_hands)

    def by_random_hand() -> int:
        rng = random.Random(1)
        for _ in range(args.python_hands):
            random_hand(rng)
        return int(args.python_hands)

    def by_kernel(policy: str) -> Callable[[], int]:
        def run() -> int:
            return kernel.random_hands(args.hands, seed=1, policy=policy).hands

        return run

    rates = {
        "Match": _best_rate(by_match, args.repeat),
        "random_hand": _best_rate(by_random_hand, args.repeat),
        "kernel (random)": _best_rate(by_kernel("random"), args.repeat),
        "kernel (greedy)": _best_rate(by_kernel("greedy"), args.repeat),
    }
    base = rates["random_hand"][1]
    result = {
        "command": "benchmarks/kernel.py " + " ".join(sys.argv[1:] if argv is None else argv),
        "numba_import_seconds": round(imported, 3),
        "warm_up_seconds": round(warm, 3),
        "cold": bool(args.cold),
        "hands_per_second": {k: round(v[0]) for k, v in rates.items()},
        "hands_per_cpu_second": {k: round(v[1]) for k, v in rates.items()},
        "cpu_ratio_to_random_hand": {k: round(v[1] / base, 1) for k, v in rates.items()},
        "target_250k_met": rates["kernel (random)"][1] >= 250_000,
    }
    if args.json:
        print(json.dumps(result))
        return 0
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"Random hands per second (one core, best of {args.repeat})")
    for col in ("play-out", "hands/s (wall)", "hands/CPU-s", "× random_hand (CPU)"):
        table.add_column(col, justify="right" if col != "play-out" else "left")
    for name, (wall, cpu) in rates.items():
        table.add_row(name, f"{wall:,.0f}", f"{cpu:,.0f}", f"{cpu / base:.1f}")
    console = Console()
    console.print(table)
    what = "compile (empty cache)" if args.cold else "load from cache or compile"
    console.print(f"kernel warm-up ({what}): {warm:.2f} s; importing numba and the kernel: {imported:.2f} s")
    met = "met" if result["target_250k_met"] else "NOT met"
    console.print(f"250,000 random hands per CPU-second of one core (kernel, random policy): {met}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
