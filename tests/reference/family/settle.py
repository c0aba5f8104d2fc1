"""Points during play and settlement at the end of a hand, one plain function per kind.

Rules it models (``shared/games/README.md``):

- §2.14 points per placement: fives, fives in fives, threes in threes, fives and threes.
- §2.15 rounding (round5, floor5, round3) and the settlement kinds: *deduct* (Seven Rocks, RULES.md §6;
  Telephone, ``telephone.md`` §8), *winner takes* (``draw.md`` §8, ``muggins.md`` §8, ``all-fives.md`` §8,
  ``five-up.md`` §8, ``all-threes.md`` §8), *losers write their own* (``kozel.md`` §8, and
  ``sports-kozel.md`` §8 with no threshold, nothing remembered and no eggs), the *hand bonus*
  (``fives-and-threes.md`` §8).
- §2.16 hand values: a hand of exactly the one tile 0-0 may have a special value.

- §2.14 headers (Bergen, ``bergen.md`` §7): :func:`headers`; §2.16 sea values (``sea-kozel.md`` §8.1):
  :func:`hand_value` with ``sea``. The sea record is ``sea.py``'s, General's counts ``general.py``'s.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tests.reference.family.layout import Layout
from tests.reference.family.tiles import Tile, is_double, pips


def round5(n: int) -> int:
    """RULES.md §6: to the nearest multiple of 5, a remainder of 1 or 2 down, 3 or 4 up."""
    remainder = n % 5
    return n - remainder if remainder <= 2 else n + 5 - remainder


def floor5(n: int) -> int:
    """README §2.15: down to a multiple of 5 (18 -> 15, 4 -> 0)."""
    return n - n % 5


def round3(n: int) -> int:
    """README §2.15: to the nearest multiple of 3, a remainder of 1 down, 2 up (7 -> 6, 8 -> 9)."""
    remainder = n % 3
    return n - remainder if remainder <= 1 else n + 3 - remainder


def fives(n: int) -> int:
    """round5, then counted in fives (``five-up.md`` §8: 13 -> 15 -> 3)."""
    return round5(n) // 5


def threes(n: int) -> int:
    """round3, then counted in threes (``all-threes.md`` §8: 17 -> 18 -> 6)."""
    return round3(n) // 3


def unrounded(n: int) -> int:
    """The amount as it is (``draw.md`` §8)."""
    return n


ROUNDINGS: dict[str, Callable[[int], int]] = {
    "none": unrounded,
    "round5": round5,
    "floor5": floor5,
    "round5/5": fives,
    "round3/3": threes,
}
"""How each game turns an amount of pips into points (the ÷ 5 and ÷ 3 games keep points in units)."""


def placement_points(kind: str, total: int) -> int:
    """README §2.14: what a counted total scores for the placer's side."""
    if total <= 0 or kind == "none":
        return 0
    fives = total // 5 if total % 5 == 0 else 0
    threes = total // 3 if total % 3 == 0 else 0
    if kind == "fives":
        return total if fives else 0
    if kind == "fives-in-fives":
        return fives
    if kind == "threes-in-threes":
        return threes
    if kind == "fives-and-threes":
        return fives + threes
    raise ValueError(f"unknown kind of placement points {kind!r}")


def hand_value(tiles: set[Tile], lone_blank: int | None, sea: bool = False) -> int:
    """README §2.16: a hand's pips, except a hand of exactly 0-0 when the game gives it a value; with
    ``sea`` (``sea-kozel.md`` §8.1) exactly 0-0 is 25, exactly 6-6 50, exactly 0-0 and 6-6 75."""
    if sea:
        special = {frozenset({(0, 0)}): 25, frozenset({(6, 6)}): 50, frozenset({(0, 0), (6, 6)}): 75}
        return special.get(frozenset(tiles), pips(tiles))
    if lone_blank is not None and tiles == {(0, 0)}:
        return lone_blank
    return pips(tiles)


def headers(layout: Layout) -> int:
    """README §2.14 and ``bergen.md`` §7.1: 2 for a double header (both ends show the same number and
    neither is a double at an end, or the lone opening double), 3 for a triple header (one end a double
    showing *n*, the other end showing *n*), else 0."""
    ends = layout.end_nodes()
    if len(layout.nodes()) == 1 and layout.root is not None and is_double(layout.root.tile):
        return 2
    if len(ends) != 2:
        return 0
    (first, first_side), (second, second_side) = ends
    values = first.value(first_side), second.value(second_side)
    if values[0] != values[1]:
        return 0
    doubles = is_double(first.tile), is_double(second.tile)
    if not any(doubles):
        return 2
    return 3 if doubles.count(True) == 1 else 0


def side_totals(values: list[int], side_of: list[int], sides: int) -> list[int]:
    """P(s): the sum of the values of each side's seats."""
    totals = [0] * sides
    for seat, value in enumerate(values):
        totals[side_of[seat]] += value
    return totals


def winner_takes(totals: list[int], finisher_side: int | None, rounding: str) -> list[int]:
    """README §2.15 "winner takes": the award of each side.

    After a domino the finisher's side takes the sum of every other side's total; after a block
    (``finisher_side`` None) the one side with the lowest total takes the others' sum less its own, and a
    tie for the lowest takes nothing. The amount is rounded (and divided) once.
    """
    award = [0] * len(totals)
    if finisher_side is not None:
        amount = sum(t for side, t in enumerate(totals) if side != finisher_side)
        award[finisher_side] = ROUNDINGS[rounding](amount)
        return award
    lowest = min(totals)
    if totals.count(lowest) > 1:
        return award
    side = totals.index(lowest)
    amount = sum(totals) - lowest - lowest
    award[side] = ROUNDINGS[rounding](amount)
    return award


def deduct(
    scores: list[int], pips_by_seat: list[int], side_of: list[int], rounding: str, floor_zero: bool
) -> tuple[list[int], list[int]]:
    """RULES.md §6 and ``telephone.md`` §8: the new scores and each seat's deduction.

    Each seat's pips are rounded on their own and subtracted from its side; with ``floor_zero`` a side
    whose score falls below 0 after all its seats' deductions has 0 (``telephone.md`` §8.2).
    """
    lost = [ROUNDINGS[rounding](p) for p in pips_by_seat]
    after = list(scores)
    for seat, amount in enumerate(lost):
        after[side_of[seat]] -= amount
    if floor_zero:
        after = [max(0, score) for score in after]
    return after, lost


def goat_winners(totals: list[int], finisher_side: int | None) -> set[int]:
    """``kozel.md`` §8.2: the finisher's side after a domino; after a block the side or sides with the
    lowest total, or nobody (an egg block) when every side has the same total."""
    if finisher_side is not None:
        return {finisher_side}
    if len(set(totals)) == 1:
        return set()
    return {side for side, total in enumerate(totals) if total == min(totals)}


@dataclass
class GoatBook:
    """``kozel.md`` §8: the accounts of the sides, which are open, remembered points and pending eggs."""

    accounts: list[int]
    opened: list[bool]
    remembered: list[int]
    eggs: int = 0


def losers_write(
    book: GoatBook,
    totals: list[int],
    winners: set[int],
    egg_order: list[int],
    threshold: int,
    remember: bool,
    eggs: bool,
) -> list[int]:
    """``kozel.md`` §8.2-8.6: write the losing sides' amounts; return what each side had written.

    ``winners`` is empty for an egg block (every side with the same total), which writes nothing and adds
    the sum of the totals to the eggs (where the game has eggs; ``sports-kozel.md`` §8.3 has none).
    ``egg_order`` lists the sides in turn order after the seat that made the hand's last move: among the
    losing sides with the largest total, the first in it receives the eggs (§8.5).
    """
    sides = len(totals)
    written = [0] * sides
    if not winners:
        if eggs:
            book.eggs += sum(totals)
        return written
    losers = [s for s in range(sides) if s not in winners]
    amount = {side: totals[side] for side in losers}
    if book.eggs:
        largest = max(totals[s] for s in losers)
        receiver = next(s for s in egg_order if s in losers and totals[s] == largest)
        amount[receiver] += book.eggs
        book.eggs = 0
    for side in losers:
        if book.opened[side]:
            written[side] = amount[side]  # §8.4 (a)
        elif amount[side] >= threshold:
            written[side] = amount[side] + book.remembered[side]  # §8.4 (b)
            book.opened[side] = True
            book.remembered[side] = 0
        elif remember:
            book.remembered[side] += amount[side]  # §8.4 (c)
        book.accounts[side] += written[side]
    for side in winners:
        if not book.opened[side]:
            book.remembered[side] = 0
    return written
