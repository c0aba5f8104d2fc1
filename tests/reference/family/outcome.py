"""The end of the match (``shared/games/README.md`` §2.17), one plain function per kind.

- target at once (RULES.md §7) and exact target at once (``fives-and-threes.md`` §9): :func:`reached`;
- target after the hand, where both sides over the target is a draw in Telephone (``telephone.md`` §9.1):
  :func:`over_target`;
- the loser's target of the Goat family (``kozel.md`` §9.1): :func:`goat`;
- a fixed number of hands (``sports-kozel.md`` §9.1): :func:`fewest_points`;
- a single hand (``picture.md`` §9): :func:`first_out`.

A winner is written as the report writes it (conformance README, "Top level"): a side index, a list of
side indexes when several win together, ``"draw"`` when the match ends with no winner, None while it runs.
"""

from __future__ import annotations

Winner = int | list[int] | str | None


def one_or_list(sides: list[int]) -> Winner:
    """One side, a list of several (ascending), or ``"draw"`` when there is none."""
    if not sides:
        return "draw"
    return sides[0] if len(sides) == 1 else sorted(sides)


def reached(score: int, target: int, exact: bool) -> bool:
    """Whether a score has reached the target (exactly, where the game says so)."""
    return score == target if exact else score >= target


def over_target(scores: list[int], target: int, exact: bool = False) -> Winner:
    """After a hand: the one side at or over the target wins; several at once is a draw; else None."""
    over = [side for side, score in enumerate(scores) if reached(score, target, exact)]
    if not over:
        return None
    return over[0] if len(over) == 1 else "draw"


def goat(scores: list[int], target: int) -> tuple[int | list[int], Winner] | None:
    """``kozel.md`` §9.1: (the goat or goats, the winners) once a side has the target or more, else None.

    Of several sides over the target the one with the most points is the goat; sides tied for the most
    are all goats; every other side wins.
    """
    over = [side for side, score in enumerate(scores) if score >= target]
    if not over:
        return None
    most = max(scores[side] for side in over)
    goats = [side for side in over if scores[side] == most]
    winners = [side for side in range(len(scores)) if side not in goats]
    return (goats[0] if len(goats) == 1 else goats), one_or_list(winners)


def fewest_points(scores: list[int]) -> Winner:
    """``sports-kozel.md`` §9.1: after the last deal the side with fewer points wins; equal is a draw."""
    low = min(scores)
    best = [side for side, score in enumerate(scores) if score == low]
    return best[0] if len(best) == 1 else "draw"


def first_out(finisher: int | None, tiles_left: list[int]) -> Winner:
    """``picture.md`` §9: the first seat out wins; after a block the seats with the fewest tiles share the
    win, and a block with every seat tied is a draw."""
    if finisher is not None:
        return finisher
    fewest = [seat for seat, n in enumerate(tiles_left) if n == min(tiles_left)]
    return "draw" if len(fewest) == len(tiles_left) else one_or_list(fewest)
