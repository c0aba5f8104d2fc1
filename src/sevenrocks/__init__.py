"""sevenrocks: the reference implementation of the partnership domino game Seven Rocks.

The rules engine lives in :mod:`sevenrocks.core` (standard library only) and its main names
are re-exported here:

>>> import sevenrocks
>>> match = sevenrocks.Match(seed=1)
>>> match.start_hand()
>>> len(match.legal_plays())
7
"""

from sevenrocks.core import *  # noqa: F403
from sevenrocks.core import __all__ as _core_all

__version__ = "0.1.0"
__all__ = [*_core_all, "__version__"]
