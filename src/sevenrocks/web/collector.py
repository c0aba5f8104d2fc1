"""Python's garbage collector tuned for serving (``sevenrocks serve``).

Serving allocates many short-lived objects that their reference counts free (messages,
drawings), and keeps many long-lived ones (every live table's match, drawings and connections).
With Python's defaults the collector ran hundreds of times a second under load; with the
youngest generation collected less often that cost went, but each collection of the oldest
generation still walked every long-lived object of every table — at 1,000 tables a pause of up
to half a second, the latency tail (docs/benchmarks.md).

So while serving, what survives a full collection is frozen out of the collections
(:func:`gc.freeze`), and the full collection comes once a period instead
(:func:`keep_collecting`): the collections in between see only what was made since. An object
frozen and later left in a reference cycle is freed at the next period's full collection.
"""

from __future__ import annotations

import asyncio
import gc
from typing import Final

__all__ = [
    "FULL_COLLECTION_SECONDS",
    "SERVING_THRESHOLDS",
    "collect_and_freeze",
    "keep_collecting",
    "tune_collector",
]

#: Allocations between two collections of the youngest generation while serving (Python's
#: default is 700), and how many of those make a collection of the next (default 10, 10).
SERVING_THRESHOLDS: Final = (50_000, 20, 10)

#: Seconds between two full collections while serving (:func:`keep_collecting`).
FULL_COLLECTION_SECONDS: Final = 60.0


def collect_and_freeze() -> None:
    """Collect everything, frozen objects included, then freeze what is left: the collections
    that follow see only objects made since.

    >>> collect_and_freeze(); gc.get_freeze_count() > 0
    True
    >>> gc.unfreeze()
    """
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def tune_collector() -> None:
    """Tune the collector for serving: what exists at start (the modules, the app) is frozen
    out of its collections (:func:`collect_and_freeze`), and the youngest generation is collected
    after :data:`SERVING_THRESHOLDS` allocations, not 700."""
    collect_and_freeze()
    gc.set_threshold(*SERVING_THRESHOLDS)


async def keep_collecting(every: float = FULL_COLLECTION_SECONDS) -> None:
    """:func:`collect_and_freeze` every ``every`` seconds, until cancelled. It runs on the event
    loop, between two callbacks, so never while a collection is under way."""
    while True:
        await asyncio.sleep(every)
        collect_and_freeze()
