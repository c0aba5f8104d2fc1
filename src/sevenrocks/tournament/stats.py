"""Statistics for tournaments: Wilson intervals and percentiles (standard library only).

>>> [round(x, 4) for x in wilson_interval(5, 10)]
[0.2366, 0.7634]
>>> percentile([1.0, 2.0, 3.0, 4.0], 50)
2.5
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

__all__ = ["Z95", "mean", "percentile", "wilson_interval"]

#: The two-sided 95% normal quantile.
Z95: Final = 1.959963984540054


def wilson_interval(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion ``successes / n`` (95% by default).

    Unlike the normal approximation it stays inside [0, 1] and is sound near 0 and 1; with no
    trials it is the whole of [0, 1].

    >>> [round(x, 4) for x in wilson_interval(0, 10)]
    [0.0, 0.2775]
    """
    if n <= 0:
        return (0.0, 1.0)
    if not 0 <= successes <= n:
        raise ValueError(f"successes must be between 0 and n={n}, not {successes}")
    p = successes / n
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean(values: Sequence[float]) -> float | None:
    """The arithmetic mean, or ``None`` for no values."""
    return sum(values) / len(values) if values else None


def percentile(values: Sequence[float], q: float) -> float | None:
    """The ``q``-th percentile with linear interpolation between closest ranks (as numpy's default).

    ``None`` for no values.

    >>> percentile([10.0], 95), percentile(list(range(101)), 95)
    (10.0, 95.0)
    """
    if not values:
        return None
    ordered = sorted(values)
    rank = (len(ordered) - 1) * q / 100
    low = math.floor(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)
