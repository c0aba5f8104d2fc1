"""Random hands per second of every game: the compiled step side by side with the core engine.

For every game of the family (its default number of seats), in the same run on one core:

- ``engine``: the core engine (``Match``: ``start_hand``, ``legal_plays``, ``push``), as a user
  drives it, with uniformly random legal one-tile moves;
- ``step (random)`` and ``step (greedy)``: :func:`sevenrocks.bots.kernel.random_hands`, the
  compiled step of :mod:`sevenrocks.fast.step` (numba), after its warm-up.

Rates are per processor second of this process (``time.process_time``: what one core did, the
figure that survives a busy machine), best of ``--repeat`` runs. The warm-up (compiling, or loading
the compiled code from the on-disk cache) is timed apart; ``--cold`` points numba at an empty cache
folder first, to time a full compilation. Target: 250,000 random hands per processor second for
every game.

    .venv/bin/python benchmarks/kernel.py            # about a minute
    .venv/bin/python benchmarks/kernel.py --games seven-rocks block --json
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

TARGET = 250_000


def _best_rate(run: Callable[[], int], repeat: int) -> float:
    """Best hands per processor second over ``repeat`` runs."""
    best = 0.0
    for _ in range(repeat):
        c0 = time.process_time()
        n = run()
        best = max(best, n / max(time.process_time() - c0, 1e-9))
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hands", type=int, default=300_000, help="compiled-step hands per timed run")
    parser.add_argument("--match-hands", type=int, default=1_000, help="engine hands per timed run")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs of each (the best counts)")
    parser.add_argument("--games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--cold", action="store_true", help="time a full compilation (empty numba cache)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.cold:
        os.environ["NUMBA_CACHE_DIR"] = tempfile.mkdtemp(prefix="sevenrocks-numba-")

    from rich.console import Console
    from rich.progress import Progress

    t0 = time.perf_counter()
    from sevenrocks.bots import kernel

    imported = time.perf_counter() - t0
    warm = kernel.warm_up()
    from sevenrocks.core import Match
    from sevenrocks.core.games import LAYOUT_GAMES, find_game

    games = [find_game(g) for g in args.games] if args.games else list(LAYOUT_GAMES)

    def by_match(game: str) -> Callable[[], int]:
        def run() -> int:
            rng = random.Random(1)
            for _ in range(args.match_hands):
                match = Match(game, rng=rng)
                match.start_hand()
                while match.turn is not None:
                    plays = match.legal_plays()
                    match.push(plays[rng.randrange(len(plays))] if len(plays) > 1 else plays[0])
            return int(args.match_hands)

        return run

    def by_step(game: str, policy: str) -> Callable[[], int]:
        def run() -> int:
            return kernel.random_hands(args.hands, game=game, seed=1, policy=policy).hands

        return run

    rows: list[dict[str, object]] = []
    err = Console(stderr=True)
    with Progress(console=err, transient=True, disable=not err.is_terminal) as progress:
        task = progress.add_task("games", total=len(games))
        for game in games:
            engine = _best_rate(by_match(game.id), args.repeat)
            step_random = _best_rate(by_step(game.id, "random"), args.repeat)
            step_greedy = _best_rate(by_step(game.id, "greedy"), args.repeat)
            rows.append(
                {
                    "game": game.id,
                    "seats": game.default_seats,
                    "engine": round(engine),
                    "step_random": round(step_random),
                    "step_greedy": round(step_greedy),
                    "step_vs_engine": round(step_random / engine, 1),
                    "target_met": step_random >= TARGET,
                }
            )
            progress.advance(task)
    result = {
        "command": "benchmarks/kernel.py " + " ".join(sys.argv[1:] if argv is None else argv),
        "numba_import_seconds": round(imported, 3),
        "warm_up_seconds": round(warm, 3),
        "cold": bool(args.cold),
        "hands_per_cpu_second": rows,
        "target_met_for_every_game": all(r["target_met"] for r in rows),
    }
    if args.json:
        print(json.dumps(result))
        return 0
    from rich.table import Table

    table = Table(title=f"Random hands per processor second, one core (best of {args.repeat})")
    for col in ("game", "seats", "engine", "step (random)", "step (greedy)", "step ÷ engine"):
        table.add_column(col, justify="left" if col == "game" else "right")
    for r in rows:
        table.add_row(
            str(r["game"]),
            str(r["seats"]),
            f"{r['engine']:,}",
            f"{r['step_random']:,}",
            f"{r['step_greedy']:,}",
            f"{r['step_vs_engine']}",
        )
    console = Console()
    console.print(table)
    what = "compile (empty cache)" if args.cold else "load from cache or compile"
    console.print(f"step warm-up ({what}): {warm:.2f} s; importing numba and the kernel: {imported:.2f} s")
    met = "met" if result["target_met_for_every_game"] else "NOT met"
    console.print(f"{TARGET:,} random hands per processor second for every game (compiled step): {met}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
