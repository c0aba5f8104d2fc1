"""Our bots against OpenSpiel's own MCTS and ISMCTS bots, on ``python_seven_rocks`` (one hand).

Duplicate format: every deal (and lead) is played twice with the partnerships swapped, so
both sides hold the same cards. Our bot plays one partnership (both seats) from its
:class:`~sevenrocks.core.view.SeatView`; OpenSpiel's bot plays the other through the game's
OpenSpiel API. Reported per pairing: hands, the mean of our partnership's hand return (its
points less deductions, less the other side's), its standard error, and hands won/tied/lost.

- ``mcts``: ``open_spiel.python.algorithms.mcts.MCTSBot`` with random roll-outs. It searches the
  *true* state, so it sees every hand: a perfect-information opponent, not a fair one.
- ``ismcts``: ``open_spiel.python.algorithms.ismcts.ISMCTSBot``: information-set MCTS over
  worlds re-dealt by ``resample_from_infostate`` (consistent with tile counts and knocks).

Both use ``--simulations`` simulations per move and ``uct_c`` = 40 (returns are raw points).

    .venv/bin/python benchmarks/openspiel_vs_ours.py                 # about 4 minutes
    .venv/bin/python benchmarks/openspiel_vs_ours.py --deals 4 --ours greedy --theirs mcts
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time

import numpy as np


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=8, help="deals per pairing (each played twice)")
    parser.add_argument("--simulations", type=int, default=50, help="MCTS/ISMCTS simulations per move")
    parser.add_argument("--ours", nargs="+", default=["random", "greedy", "expert"], help="our bot names")
    parser.add_argument("--theirs", nargs="+", default=["mcts", "ismcts"], choices=["mcts", "ismcts"])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)

    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts
    from rich.console import Console
    from rich.progress import Progress
    from rich.table import Table

    from sevenrocks.bots import make_bot
    from sevenrocks.rl.openspiel import SevenRocksState

    game = pyspiel.load_game("python_seven_rocks")

    def their_bot(kind: str, seed: int) -> pyspiel.Bot:
        rs = np.random.RandomState(seed)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
        if kind == "mcts":
            return mcts.MCTSBot(
                game, uct_c=40.0, max_simulations=args.simulations, evaluator=evaluator,
                random_state=rs, solve=False,
            )  # fmt: skip
        return ismcts.ISMCTSBot(
            game, evaluator, uct_c=40.0, max_simulations=args.simulations, random_state=rs
        )

    def play(deal_seed: int, ours: str, theirs: str, our_team: int) -> float:
        rng = np.random.default_rng(deal_seed)
        state: SevenRocksState = game.new_initial_state()
        while state.is_chance_node():  # the same deal and lead for both seatings
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.integers(len(outcomes))][0])
        our_bot = make_bot(ours, seed=deal_seed)
        other = their_bot(theirs, deal_seed)
        while not state.is_terminal():
            seat = state.current_player()
            match = state.match
            if seat & 1 == our_team and match is not None:
                action = our_bot.choose(match.view(seat)).action
            else:
                action = int(other.step(state))
            state.apply_action(action)
        return float(state.returns()[our_team])

    results: dict[str, dict[str, float]] = {}
    started = time.perf_counter()
    pairings = [(o, t) for t in args.theirs for o in args.ours]
    with Progress(transient=True) as progress:
        task = progress.add_task("hands", total=len(pairings) * args.deals * 2)
        for ours, theirs in pairings:
            returns = []
            t0 = time.perf_counter()
            for k in range(args.deals):
                for team in (0, 1):
                    returns.append(play(args.seed * 10_000 + k, ours, theirs, team))
                    progress.advance(task)
            r = np.array(returns)
            results[f"{ours} vs {theirs}"] = {
                "hands": len(r),
                "mean": round(float(r.mean()), 1),
                "stderr": round(float(r.std(ddof=1) / math.sqrt(len(r))), 1),
                "won": int((r > 0).sum()),
                "tied": int((r == 0).sum()),
                "lost": int((r < 0).sum()),
                "seconds": round(time.perf_counter() - t0, 1),
            }
    out = {
        "command": "benchmarks/openspiel_vs_ours.py " + " ".join(sys.argv[1:] if argv is None else argv),
        "simulations": args.simulations,
        "seconds": round(time.perf_counter() - started, 1),
        "results": results,
    }
    if args.json:
        print(json.dumps(out))
        return 0
    table = Table(
        title=f"Our bots against OpenSpiel's, duplicate hands ({args.simulations} simulations/move)"
    )
    for col in ("pairing", "hands", "our mean return", "± s.e.", "won-tied-lost", "s"):
        table.add_column(col, justify="left" if col == "pairing" else "right")
    for name, r in results.items():
        table.add_row(
            name, str(r["hands"]), f"{r['mean']:+.1f}", f"{r['stderr']:.1f}",
            f"{r['won']}-{r['tied']}-{r['lost']}", f"{r['seconds']:.0f}",
        )  # fmt: skip
    Console().print(table)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
