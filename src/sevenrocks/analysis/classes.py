"""The classes of an analysed placement and the analysis's constants (pure Python: the command
line imports this without numpy; the search itself is in :mod:`sevenrocks.analysis.review`)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from sevenrocks.core.errors import SevenRocksError

__all__ = ["CLASSES", "DEFAULT_THINK", "TARGET_BONUS", "AnalysisError", "Thresholds", "classify"]

#: Seconds of search per placement when no budget is given.
DEFAULT_THINK: Final = 1.0
#: What winning the match in a play-out is worth, in points (the search bot's ``target_bonus``).
TARGET_BONUS: Final = 100.0
#: The classes of a placement, best first.
CLASSES: Final = ("best", "good", "inaccuracy", "mistake", "blunder")


class AnalysisError(SevenRocksError):
    """A record that cannot be analysed: a game the search does not play, an unknown seat, a
    placement that is not among the legal moves of its view."""


@dataclass(frozen=True, slots=True)
class Thresholds:
    """How :func:`classify` turns points lost into a class (``docs/analysis.md``, "Classes").

    ``sigmas``: how many standard errors of the loss are taken off it before it counts (the loss
    is then exceeded with about 97.7 % confidence at 2); ``inaccuracy``, ``mistake``, ``blunder``:
    the least sure loss, in points of Seven Rocks (target 250), of each class; ``scale``
    multiplies them for a game whose target is another (``target / 250``; 1 without a target);
    ``min_deals``: the fewest deals that can make a move worse than ``good``.
    """

    sigmas: float = 2.0
    inaccuracy: float = 3.0
    mistake: float = 8.0
    blunder: float = 20.0
    scale: float = 1.0
    min_deals: int = 30
    """Below this many deals the standard error is itself too unsure to judge by: a move that is
    not the best is ``good``."""

    @classmethod
    def for_target(cls, target: int | None) -> Thresholds:
        """The default thresholds scaled to a game with this target (Seven Rocks: 250)."""
        return cls(scale=1.0 if not target else max(target / 250.0, 0.2))


def classify(
    lost: float, lost_se: float, *, is_best: bool, thresholds: Thresholds, deals: int | None = None
) -> str:
    """The class of a placement that lost ``lost`` points (standard error ``lost_se``).

    ``best`` when it is the search's best; otherwise the least loss it surely made
    (``lost - sigmas * lost_se``) is compared with the thresholds: below ``inaccuracy`` it is
    ``good`` (also whenever the loss is within the noise, and whenever fewer than
    ``thresholds.min_deals`` deals were sampled), then ``inaccuracy``, ``mistake``, ``blunder``.

    >>> t = Thresholds()
    >>> classify(0.0, 0.0, is_best=True, thresholds=t)
    'best'
    >>> classify(30.0, 20.0, is_best=False, thresholds=t)  # a large loss, but within the noise
    'good'
    >>> [classify(x, 0.5, is_best=False, thresholds=t) for x in (2.0, 6.0, 12.0, 40.0)]
    ['good', 'inaccuracy', 'mistake', 'blunder']
    >>> classify(40.0, 0.5, is_best=False, thresholds=t, deals=10)  # too few deals to judge
    'good'
    """
    if is_best:
        return "best"
    if deals is not None and deals < thresholds.min_deals:
        return "good"
    sure = lost - thresholds.sigmas * (lost_se if math.isfinite(lost_se) else math.inf)
    if sure >= thresholds.blunder * thresholds.scale:
        return "blunder"
    if sure >= thresholds.mistake * thresholds.scale:
        return "mistake"
    if sure >= thresholds.inaccuracy * thresholds.scale:
        return "inaccuracy"
    return "good"
