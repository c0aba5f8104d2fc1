"""Compile the numba functions the tests use into numba's on-disk cache, ahead of the tests.

``make test`` runs this in the background while the lint and the type check run on one core (a
fresh clone has no cache: the compiled step, the search kernel and the champion's solver take a
few minutes of one core to compile, which the test that first calls them would otherwise wait
for). It changes no result: a function not compiled here is compiled by the test that needs it.

    python -m tests.warm_compiled
"""

from __future__ import annotations

import sys
import time


def main() -> int:
    """Compile what the tests call first; print how long it took."""
    start = time.perf_counter()
    try:
        import numpy as np

        from sevenrocks.bots import champion_kernel, kernel
        from sevenrocks.rl.batched import BatchedHands

        kernel.warm_up()
        champion_kernel.warm_up()
        sim = BatchedHands(2, seed=0)
        rng = np.random.default_rng(0)
        for _ in range(3):
            sim.step(sim.sample_actions(rng))
        sim.observations()
    except Exception as err:  # the tests will compile it themselves, and report any real fault
        print(f"warm-up of the compiled functions stopped: {err!r}", file=sys.stderr)
        return 0
    print(f"compiled functions warmed up in {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
