"""The two simplest bots: uniformly random, and greedy for the immediate score."""

from __future__ import annotations

import random

from sevenrocks.core.notation import Play
from sevenrocks.core.scoring import placement_points
from sevenrocks.core.view import SeatView

__all__ = ["GreedyBot", "RandomBot", "immediate_points"]


def immediate_points(view: SeatView, play: Play) -> int:
    """The raw points ``play`` would score at once in ``view``'s position."""
    return placement_points(view.layout.ends_total_after(play))


class _SeededBot:
    """A bot with its own seeded generator, choosing among a view's legal placements."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    @staticmethod
    def _plays(view: SeatView) -> tuple[Play, ...]:
        if not view.legal_plays:
            raise ValueError(f"seat {view.seat} has no placement to choose: it is not its turn")
        return view.legal_plays


class RandomBot(_SeededBot):
    """Plays a uniformly random legal placement."""

    name = "random"

    def choose(self, view: SeatView) -> Play:
        """A uniformly random legal placement."""
        plays = self._plays(view)
        return plays[self._rng.randrange(len(plays))]


class GreedyBot(_SeededBot):
    """Takes the highest immediate score; ties go to the heaviest tile, then at random."""

    name = "greedy"

    def choose(self, view: SeatView) -> Play:
        """The legal placement with the best (points, tile pips), ties broken at random."""
        plays = self._plays(view)
        scored = [((immediate_points(view, p), p.tile.pips), p) for p in plays]
        best = max(key for key, _ in scored)
        choices = [p for key, p in scored if key == best]
        return choices[self._rng.randrange(len(choices))] if len(choices) > 1 else choices[0]
