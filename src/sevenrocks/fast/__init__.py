"""Compiled (numba) placement rules shared by the fast simulators.

:mod:`sevenrocks.fast.tables` holds the core's placement tables as NumPy arrays and
:mod:`sevenrocks.fast.rules` the compiled functions on a layout kept in a few integers:
placing a tile (spinner and branches included), the counted total and its score, the tiles and
actions a hand can play, the next seat to place (knocks, domino, block) and the settlement.
:mod:`sevenrocks.bots.kernel` (play-outs for the ``search`` bot) and
:mod:`sevenrocks.rl.batched` (many games stepped at once) are built on them, so the game's
rules exist in one compiled copy, checked against the core engine. The core never imports
this package.

Numba's on-disk cache notices changes to a compiled function's own file only, so importing this
package drops the cached code of the package and of its callers whenever its sources changed
(:func:`_drop_stale_caches`); the next call compiles afresh.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

__all__: list[str] = []

#: Compiled helpers outside this package that other files' compiled code inlines or calls (the
#: batched simulator's observation kernel, inlined into ``rl/batched.py``; the search kernel's
#: sampler, play-outs and values, called from ``bots/champion_kernel.py``): a change to them drops
#: the caches too.
_INLINED_ELSEWHERE = ("rl/batched_observation.py", "bots/kernel.py")


def _drop_stale_caches(here: Path) -> None:
    """Delete numba's cached code of this package and its callers when this package changed.

    Numba checks only a compiled function's own file, so code compiled from an older copy of
    these rules (inlined into ``bots/kernel.py`` and ``rl/batched.py``) would otherwise go on
    running. A stamp of this package's sources (``here``) and of :data:`_INLINED_ELSEWHERE`, kept
    beside the cache, tells when to drop it.
    """
    try:
        files = [*sorted(here.glob("*.py")), *(here.parent / name for name in _INLINED_ELSEWHERE)]
        sources = b"".join(path.read_bytes() for path in files if path.is_file())
        digest = hashlib.sha256(sources).hexdigest()
        stamp = here / "__pycache__" / "rules.sha256"
        if stamp.is_file() and stamp.read_text(encoding="ascii").strip() == digest:
            return
        for folder in (here, here.parent / "bots", here.parent / "rl"):
            for cached in (folder / "__pycache__").glob("*.nb[ic]"):
                cached.unlink(missing_ok=True)
        stamp.parent.mkdir(exist_ok=True)
        stamp.write_text(digest, encoding="ascii")
    except OSError:  # a read-only install: numba then keeps no cache here either
        return


_drop_stale_caches(Path(__file__).resolve().parent)
