"""Complete random hands per second: our Block side by side with two peers, in the same run.

Every contender deals a new hand, picks its leader, and plays it out with uniformly random legal
moves until it ends, on one core (one process, one thread). The peers play the block game (four
players, seven tiles each, a line with two ends, a stuck player knocks), which is our ``block``
with four seats, so the like-for-like comparison is on that game:

- **sevenrocks block, Match API** — the core engine (``Match("block")``: ``legal_plays()`` /
  ``push()``), with events, knocks and results recorded;
- **sevenrocks block, compiled step** — :func:`sevenrocks.bots.kernel.random_hands` (numba),
  what ``sevenrocks simulate --game block`` runs;
- **sevenrocks seven-rocks, Match API** — the same engine on Seven Rocks (spinner, counted ends
  and scoring after every placement, settlement), for reference;
- **dominoes 6.1.0** (PyPI) — ``dominoes.Game``: block rules, 4 players;
- **OpenSpiel python_team_dominoes** — block rules too; the deal is 28 chance nodes, each drawn
  uniformly from ``chance_outcomes()``; seat 0 always leads.

The contenders run in turns (several rounds, each a fixed time slice) so that a busy machine
slows them alike, and rates are given both per processor second (``time.process_time``: what one
core does) and per wall-clock second. Then ``sevenrocks simulate --game G`` is timed as a whole
process (start-up included) for every game, by wall clock and by the child's processor time
(target: 10,000 hands per second).

    .venv/bin/python benchmarks/random_hands.py            # or: make bench
    .venv/bin/python benchmarks/random_hands.py --seconds 1 --rounds 2 --json
"""

from __future__ import annotations

import json
import random
import resource
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from harness import Step, Tally, arguments, play_openspiel, repeated, run_rounds
from sevenrocks.core import Match

HandFn = Callable[[random.Random], int]
"""Plays one complete random hand and returns the number of tiles placed."""


# ------------------------------------------------------------------- contenders
def match_api(game: str) -> HandFn:
    def hand(rng: random.Random) -> int:
        # a new match per hand: the hands are independent (deal and lead from rng)
        match = Match(game, rng=rng)
        match.start_hand()
        while match.turn is not None:
            plays = match.legal_plays()
            match.push(plays[rng.randrange(len(plays))])
        return len(match.layout)

    return hand


def compiled_step(game: str) -> HandFn:
    from sevenrocks.bots.kernel import HandRunner

    runner = HandRunner(game, seed=1)
    runner.run(1)  # compiled (or loaded) before the clock starts

    def hand(rng: random.Random) -> int:
        return runner.run(1).placements

    return hand


def dominoes_game() -> HandFn:
    import dominoes

    def hand(rng: random.Random) -> int:
        # dominoes shuffles with the global random module
        game = dominoes.Game.new(starting_player=rng.randrange(4))
        while game.result is None:
            moves = game.valid_moves
            game.make_move(*moves[rng.randrange(len(moves))])
        return len(game.board)

    return hand


def openspiel_team_dominoes() -> HandFn:
    import pyspiel
    from open_spiel.python.games import team_dominoes  # noqa: F401  (registers the game)

    game = pyspiel.load_game("python_team_dominoes")

    def hand(rng: random.Random) -> int:
        return play_openspiel(game, rng.randrange)

    return hand


# -------------------------------------------------------------------- measuring
def simulate_process(hands: int, game: str) -> dict[str, Any]:
    """Time ``sevenrocks simulate --game GAME --hands N`` as a separate process (start-up included)."""
    exe = shutil.which("sevenrocks", path=str(Path(sys.executable).parent))
    command = [exe] if exe else [sys.executable, "-m", "sevenrocks"]
    args = ["simulate", "--game", game, "--hands", str(hands), "--seed", "1", "--json"]
    out: dict[str, Any] = {"game": game, "command": " ".join(["sevenrocks", *args])}
    for label, n in (("startup", 1), ("run", hands)):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        proc = subprocess.run(
            [*command, "simulate", "--game", game, "--hands", str(n), "--seed", "1", "--json"],
            capture_output=True,
            text=True,
            check=True,
        )
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        summary = json.loads(proc.stdout)
        out[label] = {"hands": n, "wall_seconds": wall, "cpu_seconds": cpu}
        if label == "run":
            out["hands_per_second"] = n / wall
            out["hands_per_cpu_second"] = n / cpu
            out["inside_hands_per_second"] = summary["hands_per_second"]
    return out


HEAVY = ("fastapi", "sqlalchemy", "uvicorn", "numpy", "numba", "matplotlib", "pyspiel", "gymnasium")


def heavy_imports() -> list[str]:
    """Heavy libraries that importing the command line pulls in (each costs start-up time)."""
    code = f"import sys, sevenrocks.cli.app; print(' '.join(m for m in {HEAVY!r} if m in sys.modules))"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return proc.stdout.split()


def main() -> int:
    parser = arguments(__doc__)
    parser.add_argument("--process-hands", type=int, default=100_000, help="hands for each simulate process")
    parser.add_argument("--games", nargs="*", help="games to time `simulate` on (default: every game)")
    args = parser.parse_args()
    random.seed(args.seed)  # dominoes deals with the global generator

    from sevenrocks.bots.kernel import HandRunner
    from sevenrocks.core.games import LAYOUT_GAMES

    runner = HandRunner("block", seats=4, seed=args.seed)
    runner.run(1)

    def block_batch(n: int) -> tuple[int, int]:
        stats = runner.run(n)
        return stats.hands, stats.placements

    def tally(name: str, rules: str, step: Step) -> Tally:
        return Tally(name, step, ("hands", "placements"), "hand", extra={"rules": rules})

    def hands(fn: HandFn) -> Step:
        return repeated(fn, random.Random(args.seed), 50)

    tallies = [
        tally("sevenrocks block, Match API", "block, 4 players", hands(match_api("block"))),
        tally("sevenrocks block, compiled step", "block, 4 players", lambda: block_batch(20_000)),
        tally("sevenrocks seven-rocks, Match API", "Seven Rocks", hands(match_api("seven-rocks"))),
        tally("dominoes 6.1.0", "block, 4 players", hands(dominoes_game())),
        tally("OpenSpiel python_team_dominoes", "block, 4 players", hands(openspiel_team_dominoes())),
    ]
    err = Console(stderr=True)
    rates = run_rounds(tallies, rounds=args.rounds, seconds=args.seconds)
    api, step, sr_api, dom, osp = rates
    ratios = {
        "block_match_api_vs_dominoes": api["hands_per_cpu_second"] / dom["hands_per_cpu_second"],
        "block_match_api_vs_openspiel": api["hands_per_cpu_second"] / osp["hands_per_cpu_second"],
        "block_compiled_step_vs_dominoes": step["hands_per_cpu_second"] / dom["hands_per_cpu_second"],
        "block_compiled_step_vs_openspiel": step["hands_per_cpu_second"] / osp["hands_per_cpu_second"],
        "seven_rocks_match_api_vs_dominoes": sr_api["hands_per_cpu_second"] / dom["hands_per_cpu_second"],
    }
    games = args.games or [g.id for g in LAYOUT_GAMES]
    processes = []
    for game in games:
        if err.is_terminal:
            err.print(f"sevenrocks simulate --game {game}", style="dim")
        processes.append(simulate_process(args.process_hands, game))
    report = {
        "python": sys.version.split()[0],
        "contenders": rates,
        "ratios": ratios,
        "simulate": processes,
        "heavy_imports": heavy_imports(),
    }
    if args.json:
        print(json.dumps(report, indent=1))
        return 0

    console = Console()
    table = Table(title="Complete random hands, one core, same run")
    for column in (
        "contender",
        "rules",
        "hands/s (cpu)",
        "placements/s (cpu)",
        "hands/s (wall)",
        "placements/hand",
    ):
        table.add_column(column, justify="left" if column in ("contender", "rules") else "right")
    for r in rates:
        table.add_row(
            r["name"],
            r["rules"],
            f"{r['hands_per_cpu_second']:,.0f}",
            f"{r['placements_per_cpu_second']:,.0f}",
            f"{r['hands_per_second']:,.0f}",
            f"{r['placements_per_hand']:.1f}",
        )
    console.print(table)
    console.print(
        f"block, Match API vs dominoes: {ratios['block_match_api_vs_dominoes']:.2f}x, vs OpenSpiel: "
        f"{ratios['block_match_api_vs_openspiel']:.1f}x; compiled step vs dominoes: "
        f"{ratios['block_compiled_step_vs_dominoes']:.0f}x"
    )
    sim = Table(title="sevenrocks simulate --game G as a whole process (target 10,000 hands/s)")
    for column in ("game", "hands", "hands/s (wall)", "hands/s (cpu)", "start-up (wall)"):
        sim.add_column(column, justify="left" if column == "game" else "right")
    for p in processes:
        sim.add_row(
            p["game"],
            f"{p['run']['hands']:,}",
            f"{p['hands_per_second']:,.0f}",
            f"{p['hands_per_cpu_second']:,.0f}",
            f"{p['startup']['wall_seconds']:.2f} s",
        )
    console.print(sim)
    if report["heavy_imports"]:
        console.print(f"start-up imports of the command line: {', '.join(report['heavy_imports'])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
