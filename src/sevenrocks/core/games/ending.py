"""How a match ends (README §2.17): each kind written once, chosen by a game's rules.

An :class:`Ending` answers three questions for the match: how many of a side's points a score
change may add (an exact target refuses points that would pass it), whether a side has won during
play, and, after a hand's settlement, whether the match is over and with what :class:`Outcome`.

>>> ending = TargetAtOnce(61, exact=True)
>>> ending.admit(4, 59), ending.admit(2, 59), ending.won(61)
(0, 2, True)
>>> LosersTarget(101).after_hand((96, 101, 40), hands=3)
Outcome(winners=(0, 2), goats=(1,))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = [
    "Ending",
    "FixedDeals",
    "LosersTarget",
    "Outcome",
    "SingleHand",
    "TargetAfterHand",
    "TargetAtOnce",
]


@dataclass(frozen=True)
class Outcome:
    """How a match ended: the winning sides (none: a draw) and, in the Goat family, the goats."""

    winners: tuple[int, ...]
    goats: tuple[int, ...] = ()

    @property
    def is_draw(self) -> bool:
        """True when the match ended with no winner."""
        return not self.winners

    @property
    def winner(self) -> int | None:
        """The winning side when exactly one side won."""
        return self.winners[0] if len(self.winners) == 1 else None


class Ending:
    """The base: no target during play, never over (subclasses say otherwise)."""

    target: int | None = None
    at_once: bool = False
    """True when a side that reaches the target wins at once, during play or at settlement."""

    def admit(self, points: int, score: int) -> int:
        """How many of ``points`` a side with ``score`` may add (all of them, but for exact targets)."""
        return points

    def won(self, score: int) -> bool:
        """True when a side with ``score`` has won at once (target-at-once games only)."""
        return self.at_once and self.target is not None and score >= self.target

    def after_hand(self, scores: Sequence[int], hands: int) -> Outcome | None:
        """The outcome after a hand's settlement (``hands`` played, void deals not counted), if over."""
        return None


@dataclass(frozen=True)
class TargetAtOnce(Ending):
    """The first side to reach the target wins at once, during play or at settlement (RULES.md §7).

    With ``exact`` the target must be hit exactly: points that would pass it are not scored.
    """

    target: int
    exact: bool = False
    at_once: bool = True

    def admit(self, points: int, score: int) -> int:
        if self.exact and score + points > self.target:
            return 0
        return points

    def won(self, score: int) -> bool:
        return score == self.target if self.exact else score >= self.target

    def after_hand(self, scores: Sequence[int], hands: int) -> Outcome | None:
        over = tuple(side for side, score in enumerate(scores) if self.won(score))
        return Outcome(over) if over else None


@dataclass(frozen=True)
class TargetAfterHand(Ending):
    """After each settlement a side at or over the target wins; with ``both_draw`` two are a draw."""

    target: int
    both_draw: bool = False

    def after_hand(self, scores: Sequence[int], hands: int) -> Outcome | None:
        over = [side for side, score in enumerate(scores) if score >= self.target]
        if not over:
            return None
        if len(over) > 1 and self.both_draw:
            return Outcome(())
        best = max(scores[side] for side in over)
        return Outcome(tuple(side for side in over if scores[side] == best))


@dataclass(frozen=True)
class LosersTarget(Ending):
    """The Goat family: a side with the target or more is the goat and loses; the others win.

    When several sides reach it in one hand the one with the most points is the goat (sides tied for
    the most are all goats), and every other side wins (``kozel.md`` §9.1).
    """

    target: int

    def after_hand(self, scores: Sequence[int], hands: int) -> Outcome | None:
        over = [side for side, score in enumerate(scores) if score >= self.target]
        if not over:
            return None
        worst = max(scores[side] for side in over)
        goats = tuple(side for side in over if scores[side] == worst)
        return Outcome(tuple(side for side in range(len(scores)) if side not in goats), goats)


@dataclass(frozen=True)
class FixedDeals(Ending):
    """After ``deals`` hands the side with fewer points wins; equal points are a draw (Sports Goat)."""

    deals: int

    def after_hand(self, scores: Sequence[int], hands: int) -> Outcome | None:
        if hands < self.deals:
            return None
        fewest = min(scores)
        winners = tuple(side for side, score in enumerate(scores) if score == fewest)
        return Outcome(()) if len(winners) == len(scores) else Outcome(winners)


@dataclass(frozen=True)
class SingleHand(Ending):
    """One hand decides (children's picture dominoes); the settlement names the winners."""

    def after_hand(self, scores: Sequence[int], hands: int) -> Outcome | None:
        return None  # the picture settlement gives the outcome itself
