"""Seven Rocks now against Seven Rocks at an earlier commit: the engine and the compiled play-outs.

The code of ``--commit`` (default ``4387ba6``, the last commit before the family of games) is
unpacked with ``git archive`` into a temporary folder, and the same two loops are timed in turns,
in separate processes, against it and against the working tree:

- **engine**: 2,000 Seven Rocks hands of random moves through ``Match`` (``start_hand``,
  ``legal_plays``, ``push``), after 100 of warm-up;
- **play-outs**: 100,000 random hands in the compiled kernel (``sevenrocks.bots.kernel.random_hands``),
  after its warm-up.

Each figure is hands per processor second of the measuring process; each pair is timed in turns,
``--rounds`` times, and the best of each side is kept (the machine's speed varies from moment to
moment). Needs a git checkout.

``--instructions`` also counts, with valgrind's cachegrind (Debian's ``valgrind``), the machine
instructions and the mispredicted branches a Seven Rocks hand of the engine costs on each side
(the same hands; a run of no hands subtracted, so start-up does not count): figures that other
jobs on a shared machine do not disturb.

    .venv/bin/python benchmarks/against_commit.py
    .venv/bin/python benchmarks/against_commit.py --commit 4387ba6 --rounds 5 --json
    .venv/bin/python benchmarks/against_commit.py --rounds 5 --instructions --json
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

ENGINE = """
import random, time
from sevenrocks.core import Match
def run(n):
    rng = random.Random(1)
    for _ in range(n):
        m = Match(rng=rng)
        m.start_hand()
        while m.turn is not None:
            plays = m.legal_plays()
            m.push(plays[rng.randrange(len(plays))])
run(100)
t = time.process_time()
run(2000)
print(2000 / (time.process_time() - t))
"""

#: The engine's hands, untimed, for cachegrind: ``python -c COUNTED N`` plays N hands.
COUNTED = ENGINE.split("run(100)")[0] + "import sys\nrun(int(sys.argv[1]))\n"

KERNEL = """
import time
from sevenrocks.bots import kernel
kernel.random_hands(100, seed=0)
best = 0.0
for rep in range(3):
    t = time.process_time()
    kernel.random_hands(100000, seed=rep)
    best = max(best, 100000 / (time.process_time() - t))
print(best)
"""


def _time(code: str, source: Path, cache: Path) -> float:
    env = {**os.environ, "PYTHONPATH": str(source), "NUMBA_CACHE_DIR": str(cache)}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return float(out.stdout.strip().splitlines()[-1])


def _cachegrind(source: Path, hands: int) -> tuple[int, int]:
    """Instructions and mispredicted branches of ``hands`` engine hands (cachegrind's totals)."""
    env = {**os.environ, "PYTHONPATH": str(source)}
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--branch-sim=yes"]
    command += ["--cachegrind-out-file=/dev/null", sys.executable, "-c", COUNTED, str(hands)]
    out = subprocess.run(command, env=env, capture_output=True, text=True, check=True).stderr
    found = [re.search(pattern + r":\s+([\d,]+)", out) for pattern in (r"I\s+refs", "Mispredicts")]
    if found[0] is None or found[1] is None:
        raise SystemExit(f"cachegrind gave no totals:\n{out[-2000:]}")
    return int(found[0][1].replace(",", "")), int(found[1][1].replace(",", ""))


def _per_hand(source: Path, hands: int) -> dict[str, int]:
    """Instructions and mispredictions per engine hand, start-up subtracted."""
    base = _cachegrind(source, 0)
    full = _cachegrind(source, hands)
    return {
        "instructions": (full[0] - base[0]) // hands,
        "mispredicted_branches": (full[1] - base[1]) // hands,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--commit", default="4387ba6", help="the earlier commit (default 4387ba6)")
    parser.add_argument("--rounds", type=int, default=3, help="turns of each pair (the best counts)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--instructions", action="store_true", help="also count each engine hand's instructions (valgrind)"
    )
    args = parser.parse_args()
    if args.instructions and shutil.which("valgrind") is None:
        parser.error("--instructions needs valgrind (Debian: apt-get install valgrind)")
    with tempfile.TemporaryDirectory(prefix="sevenrocks-then-") as folder:
        then = Path(folder) / "then"
        then.mkdir()
        archive = subprocess.run(
            ["git", "-C", str(REPO), "archive", args.commit, "src"], capture_output=True, check=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", str(then)], input=archive, check=True)
        sources = {"then": then / "src", "now": REPO / "src"}
        caches = {name: Path(folder) / f"numba-{name}" for name in sources}
        for name in sources:  # compile each side's kernel once, before any timing
            _time(KERNEL.replace("100000", "10"), sources[name], caches[name])
        best: dict[str, dict[str, float]] = {"engine": {}, "play-outs": {}}
        for _ in range(args.rounds):
            for what, code in (("engine", ENGINE), ("play-outs", KERNEL)):
                for name in ("then", "now"):
                    rate = _time(code, sources[name], caches[name])
                    best[what][name] = max(best[what].get(name, 0.0), rate)
        counted = {name: _per_hand(sources[name], 300) for name in sources} if args.instructions else None
    result: dict[str, object] = {
        "commit": args.commit,
        "hands_per_cpu_second": {k: {n: round(v) for n, v in d.items()} for k, d in best.items()},
        "now_vs_then": {k: round(d["now"] / d["then"], 2) for k, d in best.items()},
    }
    if counted is not None:
        result["engine_per_hand"] = counted
    if args.json:
        print(json.dumps(result))
        return 0
    for what, rates in best.items():
        ratio = round(rates["now"] / rates["then"], 2)
        print(
            f"{what}: {args.commit} {rates['then']:,.0f} hands/s, now {rates['now']:,.0f} hands/s ({ratio}x)"
        )
    if counted is not None:
        for name, figures in counted.items():
            print(
                f"engine, one hand ({name}): {figures['instructions']:,} instructions, "
                f"{figures['mispredicted_branches']:,} mispredicted branches"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
