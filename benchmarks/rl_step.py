"""Environment steps per second with random legal actions, side by side in one run, one core.

- ``BatchedHands``: :class:`sevenrocks.rl.batched.BatchedHands`, ``--games`` hands stepped at
  once (Numba kernel, auto-reset), actions drawn from its masks; and the same with the
  563-float observation of the seat to place built for every game before every step;
- ``sevenrocks_v0 (AEC)``: our PettingZoo environment stepping one hand at a time, an action
  drawn from each observation's mask (observations are built at every step, as an agent
  loop does);
- ``python_seven_rocks``: our OpenSpiel game, one hand at a time (chance nodes: the deal);
- ``python_team_dominoes``: OpenSpiel's own Python dominoes game (simpler rules: no spinner,
  no scoring by fives), one game at a time.

An environment step is one placement (a player's decision); the dealing chance nodes of the
OpenSpiel games and the automatic knocks are not counted as steps, but their time is. Rates
are given per processor second of this process (what one core did; ratios use it) and per
wall-clock second.

``--games`` (game ids separated by commas, or ``all``: every game the research interfaces play)
measures, for each game at its default number of seats, ``BatchedHands``, ``sevenrocks_v0``
and the game's OpenSpiel game (``python_<id>``; Sausage: ``python_sausage``, and no
``BatchedHands``, which has no compiled step for it), each as a ratio to ``python_team_dominoes``
(the peer, measured once in the same run). There a step is every decision: a part of a move of
several doubles and Sea Goat's hundred decision count as steps; draws are the engine's. With
``--observations`` it also measures ``BatchedHands`` with the game's observation of the seat to
move built for every hand before every step.

    .venv/bin/python benchmarks/rl_step.py          # about 40 s
    .venv/bin/python benchmarks/rl_step.py --json
    .venv/bin/python benchmarks/rl_step.py --games all --seconds 1 --repeat 2
    .venv/bin/python benchmarks/rl_step.py --games draw,kozel --observations
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable

from harness import play_openspiel

os.environ.setdefault("NUMBA_NUM_THREADS", "1")


def _rates(
    runs: dict[str, Callable[[float], int]], seconds: float, repeat: int
) -> dict[str, tuple[float, float]]:
    """Best steps per second (wall clock, processor time of this process) of each run.

    The contenders take turns, ``repeat`` rounds of about ``seconds`` each, so that a busy
    machine slows them alike.
    """
    best = {name: (0.0, 0.0) for name in runs}
    for _ in range(repeat):
        for name, run in runs.items():
            t0, c0 = time.perf_counter(), time.process_time()
            steps = run(seconds)
            t1, c1 = time.perf_counter(), time.process_time()
            wall, cpu = best[name]
            best[name] = (max(wall, steps / (t1 - t0)), max(cpu, steps / max(c1 - c0, 1e-9)))
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--batch", type=int, default=1024, help="games stepped at once by BatchedHands")
    parser.add_argument(
        "--games", default=None, help="game ids separated by commas (or 'all'): steps per second of each game"
    )
    parser.add_argument("--seconds", type=float, default=3.0, help="length of each timed run")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs of each (the best counts)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--observations",
        action="store_true",
        help="with --games: also BatchedHands with each game's observations built before every step",
    )
    args = parser.parse_args(argv)

    import numpy as np
    import open_spiel.python.games  # noqa: F401 (registers python_team_dominoes)

    import sevenrocks.rl.openspiel  # noqa: F401 (registers python_seven_rocks)
    from sevenrocks.rl.batched import BatchedHands

    if args.games is not None:
        return _per_game(args, argv)

    t0 = time.perf_counter()
    warm = BatchedHands(4, seed=0)
    warm.step(warm.sample_actions(np.random.default_rng(0)))
    warm_up = time.perf_counter() - t0

    rates = _rates(
        {
            f"BatchedHands ({args.batch} games)": _batched("seven-rocks", args.batch),
            f"BatchedHands + observations ({args.batch} games)": _batched(
                "seven-rocks", args.batch, observed=True
            ),
            "sevenrocks_v0 (PettingZoo AEC)": _aec("seven-rocks"),
            "python_seven_rocks (OpenSpiel)": _openspiel("python_seven_rocks"),
            "python_team_dominoes (OpenSpiel)": _openspiel("python_team_dominoes"),
        },
        args.seconds,
        args.repeat,
    )
    base = rates["python_team_dominoes (OpenSpiel)"][1]
    first = next(iter(rates.values()))
    result = {
        "command": "benchmarks/rl_step.py " + " ".join(sys.argv[1:] if argv is None else argv),
        "warm_up_seconds": round(warm_up, 3),
        "steps_per_second": {k: round(v[0]) for k, v in rates.items()},
        "steps_per_processor_second": {k: round(v[1]) for k, v in rates.items()},
        "ratio_to_python_team_dominoes": {k: round(v[1] / base, 1) for k, v in rates.items()},
        "target_100k_met": first[1] >= 100_000,
    }
    if args.json:
        print(json.dumps(result))
        return 0
    from rich.console import Console
    from rich.table import Table

    table = Table(
        title=f"Environment steps per second, random legal actions (one core, best of {args.repeat})"
    )
    for col in ("environment", "steps/s (processor)", "steps/s (wall)", "× python_team_dominoes"):
        table.add_column(col, justify="left" if col == "environment" else "right")
    for name, (wall, cpu) in rates.items():
        table.add_row(name, f"{cpu:,.0f}", f"{wall:,.0f}", f"{cpu / base:.1f}")
    console = Console()
    console.print(table)
    console.print(f"kernel warm-up (load from cache or compile): {warm_up:.2f} s")
    met = "met" if result["target_100k_met"] else "NOT met"
    console.print(f"100,000 steps per processor second batched: {met}")
    return 0


def _batched(game: str, batch: int, *, observed: bool = False) -> Callable[[float], int]:
    """Random steps of ``batch`` hands at once (with the observations before every step if ``observed``)."""
    import numpy as np

    from sevenrocks.rl.batched import BatchedHands

    def run(seconds: float) -> int:
        sim = BatchedHands(batch, game=game, seed=1, autoreset=True)
        rng = np.random.default_rng(1)
        steps = 0
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            for _ in range(20):
                if observed:
                    sim.observations()
                sim.step(sim.sample_actions(rng))
            steps += 20 * batch
        return steps

    return run


def _aec(game: str) -> Callable[[float], int]:
    """Random steps of ``sevenrocks_v0(game=game)``, one hand at a time, observing every step."""
    import numpy as np

    from sevenrocks.rl.pettingzoo import raw_env

    def run(seconds: float) -> int:
        env = raw_env(game=game)
        rng = np.random.default_rng(1)
        steps = 0
        end = time.perf_counter() + seconds
        seed = 0
        while time.perf_counter() < end:
            env.reset(seed=seed)
            seed += 1
            while not (any(env.terminations.values()) or any(env.truncations.values())):
                mask = env.observe(env.agent_selection)["action_mask"]
                env.step(int(rng.choice(np.flatnonzero(mask))))
                steps += 1
        return steps

    return run


def _openspiel(name: str) -> Callable[[float], int]:
    """Random decisions of the OpenSpiel game ``name``, one game at a time."""
    import numpy as np
    import pyspiel

    game = pyspiel.load_game(name)

    def run(seconds: float) -> int:
        rng = np.random.default_rng(1)
        steps = 0
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            steps += play_openspiel(game, lambda n: int(rng.integers(n)))
        return steps

    return run


def _per_game(args: argparse.Namespace, argv: list[str] | None) -> int:
    """Steps per second of each game's three interfaces, as ratios to ``python_team_dominoes``."""
    import numpy as np
    import open_spiel.python.games  # noqa: F401 (registers python_team_dominoes)
    from rich.console import Console
    from rich.progress import Progress
    from rich.table import Table

    import sevenrocks.rl.openspiel  # noqa: F401 (registers python_seven_rocks, python_kozel, ...)
    from sevenrocks.rl.batched import BatchedHands
    from sevenrocks.rl.family import game_spec, layout_game_ids
    from sevenrocks.rl.sausage import sausage_spec

    known = (*layout_game_ids(), "sausage")
    games = list(known) if args.games == "all" else [g.strip() for g in args.games.split(",") if g.strip()]
    for game in games:
        if game not in known:
            print(f"rl_step.py: no game {game!r} here: the games are {', '.join(known)}", file=sys.stderr)
            return 2
    for game in games:  # load or compile the kernels before any timing
        if game == "sausage":  # no compiled step: no BatchedHands (docs/benchmarks.md)
            continue
        warm = BatchedHands(4, game=game, seed=0)
        warm.step(warm.sample_actions(np.random.default_rng(0)))
        warm.observations()
    err = Console(stderr=True)
    rows: list[dict[str, object]] = []
    with Progress(console=err, transient=True, disable=not err.is_terminal) as progress:
        task = progress.add_task("games", total=len(games) + 1)
        peer = _rates({"peer": _openspiel("python_team_dominoes")}, args.seconds, args.repeat)["peer"][1]
        progress.advance(task)
        for game in games:
            spec = sausage_spec() if game == "sausage" else game_spec(game)
            runs = {}
            if game != "sausage":  # no compiled step for Sausage: no BatchedHands
                runs["batched"] = _batched(game, args.batch)
                if args.observations:
                    runs["observed"] = _batched(game, args.batch, observed=True)
            runs |= {"aec": _aec(game), "openspiel": _openspiel(spec.name)}
            rates = _rates(runs, args.seconds, args.repeat)
            row: dict[str, object] = {"game": game, "seats": spec.seats}
            for key in ("batched", "observed"):
                row[key] = row[f"{key}_ratio"] = None
            for key, (_, cpu) in rates.items():
                row[key] = round(cpu)
                row[f"{key}_ratio"] = round(cpu / peer, 1)
            rows.append(row)
            progress.advance(task)
    result = {
        "command": "benchmarks/rl_step.py " + " ".join(sys.argv[1:] if argv is None else argv),
        "python_team_dominoes": round(peer),
        "games": rows,
    }
    if args.json:
        print(json.dumps(result))
        return 0
    table = Table(
        title="Steps per processor second of each game, random legal actions "
        f"(one core, best of {args.repeat}); × python_team_dominoes ({peer:,.0f})"
    )
    keys = ["batched", *(["observed"] if args.observations else []), "aec", "openspiel"]
    names = {
        "batched": f"BatchedHands ({args.batch})",
        "observed": "+ observations",
        "aec": "sevenrocks_v0",
        "openspiel": "OpenSpiel",
    }
    table.add_column("game", justify="left", no_wrap=True)
    table.add_column("seats", justify="right", no_wrap=True)
    for key in keys:
        table.add_column(names[key], justify="right", no_wrap=True)
        table.add_column("×", justify="right", no_wrap=True)
    for row in rows:
        cells = [str(row["game"]), str(row["seats"])]
        for key in keys:
            value, ratio = row.get(key), row.get(f"{key}_ratio")
            cells += ["—" if value is None else f"{value:,}", "—" if ratio is None else f"{ratio}"]
        table.add_row(*cells)
    Console(width=max(Console().width, 150 if args.observations else 110)).print(table)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
