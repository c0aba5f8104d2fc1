"""Compiled (numba) placement rules shared by the fast simulators.

:mod:`sevenrocks.fast.tables` holds the core's placement tables as NumPy arrays and
:mod:`sevenrocks.fast.rules` the compiled functions on a layout kept in a few integers:
placing a tile (spinner and branches included), the counted total and its score, the tiles and
actions a hand can play, the next seat to place (knocks, domino, block) and the settlement.
:mod:`sevenrocks.bots.kernel` (play-outs for the ``search`` bot) and
:mod:`sevenrocks.rl.batched` (many games stepped at once) are built on them, so the game's
rules exist in one compiled copy, checked against the core engine. The core never imports
this package.

Numba's on-disk cache notices changes to a compiled function's own file only: after editing this
package, delete the cached code of its callers as well (``find src/sevenrocks -name '*.nbi'
-delete``).
"""

from __future__ import annotations
